//! The bot's players for every variant: levels 1 (casual, makes human-like
//! mistakes) to 5 (perfect where the exact solver applies).
//!
//! Search: iterative deepening under a time budget. With two colours,
//! minimax with alpha-beta pruning; with three (three-players), max-n
//! (Luckhardt & Irani 1986: a score per colour, each player maximises their
//! own). Max-n was measured against the *paranoid* search (Sturtevant & Korf
//! 2000, the two opponents assumed to play together; still in
//! `Searcher::search`): the level ladder's shares rose from 60/35/28/33 % to
//! 70/42/42/43 % (docs/benchmarks.md). Works on the rules
//! engine's [`Position`], so cylinder, five, popout, misère and obstacles are
//! searched by their own rules; in popout a position that repeats on the
//! search path or for the third time in the game counts as a draw, so the
//! search never cycles.
//!
//! The static evaluation counts open windows (every line of `connect` cells,
//! across the seam on the cylinder, never through a block) that hold discs
//! of one colour only, weighted by how full they are; in misère it is negated.

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::board::{is_classic, Board};
use super::solver::Solver;
use crate::game::bitboard::Bitboard;
use crate::game::{ByColor, Color, Game, Move, Outcome, Position, Rules};

/// The score of a won position at the root (minus the plies it takes).
pub const WIN: i32 = 1_000_000;

/// Highest level.
pub const MAX_LEVEL: u8 = 5;

/// A score of a root move, from the point of view of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveScore {
    /// Exact 7×6 score (solver convention: 22−k for a win with the k-th own
    /// disc, negative for a loss, 0 draw).
    Exact(i32),
    /// A search estimate at `depth` plies: `±(WIN − plies)` for a win or loss
    /// found by the search, else the static evaluation (positive favours the
    /// mover).
    Estimate {
        /// The score.
        score: i32,
        /// Depth searched, in plies.
        depth: u32,
    },
}

impl MoveScore {
    /// A number to sort by (exact scores are scaled above estimates of the
    /// same sign's heuristic range).
    pub fn rank(self) -> i64 {
        match self {
            MoveScore::Exact(s) => s as i64 * 10_000_000,
            MoveScore::Estimate { score, .. } => score as i64,
        }
    }
}

thread_local! {
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's exact solver (created on first use; 64 MiB).
pub fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|s| {
        let mut s = s.borrow_mut();
        f(s.get_or_insert_with(|| Solver::with_book(super::Book::shipped())))
    })
}

/// Chooses a move for the side to move of `game` at `level` (1–5, clamped),
/// answering within about `time_budget` (keep it ≤ 1 s). Randomness of the
/// low levels comes from the clock; see [`choose_move_seeded`] for a
/// reproducible choice.
///
/// # Panics
/// If the game is over (there is no move to choose).
pub fn choose_move(game: &Game, level: u8, time_budget: Duration) -> Move {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1);
    choose_move_seeded(game, level, time_budget, seed)
}

/// What defines a level: deterministic budgets, so that a level plays the
/// same move in the same position with the same seed on any machine as long
/// as the time cap does not cut it short (the ladder is measured with these,
/// docs/benchmarks.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// Deepest search, in plies (iterative deepening stops there).
    pub depth: u32,
    /// Random noise added to every root estimate, uniform in ±`noise`
    /// evaluation units (0 = none); a found win or loss is never blurred.
    pub noise: i32,
    /// A uniformly random legal move one time in this many (0 = never).
    pub random_one_in: u64,
    /// Node budget of the heuristic search: iterative deepening keeps the
    /// last depth completed within it.
    pub max_nodes: u64,
    /// On 7×6 classic-rules boards, the node budget of the exact solver
    /// (0 = not used): when every move is solved within it, the best one is
    /// played.
    pub exact_nodes: u64,
}

/// The budgets of levels 1–5 (clamped). Level 1: 2 plies, large noise, a
/// random move one time in five; 2: 3 plies, small noise; 3: 4 plies; 4: 9
/// plies within 2 million nodes; 5: 4 million nodes of heuristic search (as
/// deep as they reach) and, on classic 7×6 boards, 20 million nodes of exact
/// solving (the caller's time cap usually ends the solver first in the
/// opening; from the middle game on it solves). Depths 3 → 4 → 9 were chosen
/// by the ladder (docs/benchmarks.md): with 5 plies for level 3 and 8 for
/// level 4, level 4 scored only 64 % against level 3 in classic.
pub fn level_spec(level: u8) -> LevelSpec {
    let (depth, noise, random_one_in, max_nodes, exact_nodes) = match level.clamp(1, MAX_LEVEL) {
        1 => (2, 60, 5, u64::MAX, 0),
        2 => (3, 12, 0, u64::MAX, 0),
        3 => (4, 0, 0, u64::MAX, 0),
        4 => (9, 0, 0, 2_000_000, 0),
        _ => (64, 0, 0, 4_000_000, 20_000_000),
    };
    LevelSpec {
        depth,
        noise,
        random_one_in,
        max_nodes,
        exact_nodes,
    }
}

/// [`choose_move`] with the random choices of levels 1–2 drawn from `seed`;
/// the level's budgets are [`level_spec`].
///
/// # Panics
/// If the game is over.
pub fn choose_move_seeded(game: &Game, level: u8, time_budget: Duration, seed: u64) -> Move {
    choose_move_with(game, &level_spec(level), time_budget, seed)
}

/// Chooses a move with the budgets of `spec`, answering within about
/// `time_budget` (a cap on top of the node budgets; the exact solver gets
/// half of it). Randomness from `seed`.
///
/// # Panics
/// If the game is over.
pub fn choose_move_with(game: &Game, spec: &LevelSpec, time_budget: Duration, seed: u64) -> Move {
    let start = Instant::now();
    let deadline = start + time_budget;
    let mut rng = Rng(seed | 1);
    let legal = game.position().legal_moves();
    assert!(!legal.is_empty(), "choose_move on a finished game");
    if legal.len() == 1 {
        return legal.get(0).expect("one move");
    }
    if spec.random_one_in > 0 && rng.below(spec.random_one_in) == 0 {
        return legal
            .get(rng.below(legal.len() as u64) as usize)
            .expect("move");
    }
    if spec.exact_nodes > 0 && is_classic(game.variant()) {
        if let Some(scores) =
            exact_scores_within(game.position(), spec.exact_nodes, start + time_budget / 2)
        {
            return best_of(&scores, &mut rng, 0);
        }
    }
    let scores = if spec.noise > 0 {
        deepen(game, spec.depth, deadline, spec.max_nodes, false)
    } else {
        deepen(game, spec.depth, deadline, spec.max_nodes, true)
    };
    best_of(&scores, &mut rng, spec.noise)
}

/// The best move of `scores` after adding noise in ±`noise` to estimates;
/// ties go to the first listed (centre-most).
fn best_of(scores: &[(Move, MoveScore)], rng: &mut Rng, noise: i32) -> Move {
    let mut best = None;
    for &(m, s) in scores {
        let mut r = s.rank();
        if noise > 0 {
            if let MoveScore::Estimate { score, .. } = s {
                if score.abs() < WIN / 2 {
                    r += rng.below(2 * noise as u64 + 1) as i64 - noise as i64;
                }
            }
        }
        if best.is_none_or(|(_, b)| r > b) {
            best = Some((m, r));
        }
    }
    best.expect("at least one move").0
}

/// Exact scores of every legal move of a 7×6 classic-rules position, best
/// first, or `None` when the solver does not finish by `deadline`.
pub fn exact_scores(p: &Position, deadline: Instant) -> Option<Vec<(Move, MoveScore)>> {
    exact_scores_within(p, u64::MAX, deadline)
}

/// [`exact_scores`] within a total budget of `max_nodes` solver nodes too.
pub fn exact_scores_within(
    p: &Position,
    max_nodes: u64,
    deadline: Instant,
) -> Option<Vec<(Move, MoveScore)>> {
    let board = Board::from_position(p).ok()?;
    let mut out = Vec::new();
    with_solver(|solver| {
        let mut left = max_nodes;
        for c in centre_first(7) {
            if !board.can_play(c as u32) {
                continue;
            }
            let score = if board.is_winning_move(c as u32) {
                board.win_now_score()
            } else {
                let mut next = board;
                next.play_column(c as u32);
                let before = solver.nodes();
                let r = solver.solve_within(&next, false, left, Some(deadline));
                left = left.saturating_sub(solver.nodes().saturating_sub(before));
                -r.ok()?
            };
            out.push((Move::Drop(c), MoveScore::Exact(score)));
        }
        Some(())
    })?;
    out.sort_by_key(|&(_, s)| std::cmp::Reverse(s.rank()));
    Some(out)
}

/// Search estimates of every legal move of `game`'s position, best first:
/// iterative deepening up to `max_depth` plies until `deadline` (the last
/// completed depth counts; depth 1 always completes).
pub fn search_moves(game: &Game, max_depth: u32, deadline: Instant) -> Vec<(Move, MoveScore)> {
    deepen(game, max_depth, deadline, u64::MAX, false)
}

/// Iterative deepening up to `max_depth` plies until `deadline` or
/// `max_nodes` nodes (the last completed depth counts; depth 1 always
/// completes). With `root_window`, only the first move's score is exact: the
/// others are searched against the best so far (alpha-beta at the root), so
/// their scores are upper bounds; deeper in the same time, for choosing.
fn deepen(
    game: &Game,
    max_depth: u32,
    deadline: Instant,
    max_nodes: u64,
    root_window: bool,
) -> Vec<(Move, MoveScore)> {
    let p = *game.position();
    let mut s = Searcher::new(game, deadline);
    s.max_nodes = max_nodes;
    let mut moves: Vec<Move> = ordered_moves(&p);
    let mut result: Vec<(Move, MoveScore)> = Vec::new();
    for depth in 1..=max_depth {
        let mut scored = Vec::with_capacity(moves.len());
        let mut alpha = -WIN - 1;
        for &m in &moves {
            let mut child = p;
            child.play_unchecked(m);
            let v = if s.colors > 2 {
                s.max_n(&child, depth - 1, 1)[s.root.index()]
            } else {
                s.search(&child, depth - 1, alpha, WIN + 1, 1)
            };
            if root_window {
                alpha = alpha.max(v);
            }
            if s.aborted && depth > 1 {
                break;
            }
            scored.push((m, MoveScore::Estimate { score: v, depth }));
        }
        if s.aborted && depth > 1 {
            break;
        }
        // Stable: among equal scores the earlier (centre-first) move stays first.
        scored.sort_by_key(|&(_, sc)| std::cmp::Reverse(sc.rank()));
        // Paranoid search (three colours) often finds that two opponents
        // playing together beat every move; that says nothing about which
        // move is best against real opponents, so keep the shallower ranking.
        let all_lost = scored
            .iter()
            .all(|(_, sc)| sc.rank() <= -((WIN / 2) as i64));
        if s.colors > 2 && all_lost && !result.is_empty() {
            break;
        }
        moves = scored.iter().map(|&(m, _)| m).collect();
        result = scored;
        let decided = result
            .iter()
            .all(|(_, sc)| sc.rank().abs() >= (WIN / 2) as i64);
        if decided || s.exhausted {
            break;
        }
    }
    result
}

/// Columns of a `width`-wide board from the centre outwards.
fn centre_first(width: u8) -> Vec<u8> {
    let mut cols: Vec<u8> = (0..width).collect();
    let mid2 = width as i32 - 1;
    cols.sort_by_key(|&c| ((2 * c as i32 - mid2).abs(), c));
    cols
}

/// Legal moves, drops centre first, then pops centre first.
fn ordered_moves(p: &Position) -> Vec<Move> {
    let legal = p.legal_moves();
    let w = p.rules().geometry.width();
    let mut out = Vec::with_capacity(legal.len());
    for c in centre_first(w) {
        if legal.contains(Move::Drop(c)) {
            out.push(Move::Drop(c));
        }
    }
    for c in centre_first(w) {
        if legal.contains(Move::Pop(c)) {
            out.push(Move::Pop(c));
        }
    }
    out
}

/// Every window of `connect` cells of the board (across the seam when the
/// rules wrap) that holds no block.
fn windows(rules: &Rules, blocks: Bitboard) -> Vec<Bitboard> {
    let g = &rules.geometry;
    let (w, h, n) = (g.width() as i32, g.height() as i32, rules.connect as i32);
    let mut out = Vec::new();
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for c0 in 0..w {
            for r0 in 0..h {
                let mut mask = 0;
                let mut ok = true;
                for i in 0..n {
                    let (c, r) = (c0 + i * dc, r0 + i * dr);
                    if !(0..h).contains(&r) || (!rules.wrap && c >= w) || (rules.wrap && n > w) {
                        ok = false;
                        break;
                    }
                    mask |= g.cell_bit(c.rem_euclid(w) as u8, r as u8);
                }
                if ok && mask & blocks == 0 && !out.contains(&mask) {
                    out.push(mask);
                }
            }
        }
    }
    out
}

struct Searcher {
    root: Color,
    colors: u8,
    misere: bool,
    windows: Vec<Bitboard>,
    weights: [i32; 6],
    deadline: Instant,
    nodes: u64,
    /// The search aborts at this many nodes.
    max_nodes: u64,
    aborted: bool,
    /// No move was cut by the depth limit in the last search (the tree was
    /// searched to its end).
    exhausted: bool,
    pops: bool,
    history: HashMap<(ByColor<Bitboard>, Color), u8>,
    path: Vec<(ByColor<Bitboard>, Color)>,
}

impl Searcher {
    fn new(game: &Game, deadline: Instant) -> Searcher {
        let p = game.position();
        let rules = p.rules();
        let mut history = HashMap::new();
        if rules.pops {
            let mut q = *game.start();
            *history.entry(q.repetition_key()).or_insert(0) += 1;
            for &m in game.moves() {
                q.play_unchecked(m);
                *history.entry(q.repetition_key()).or_insert(0) += 1;
            }
        }
        let weights = if rules.connect == 5 {
            [0, 1, 3, 9, 40, 0]
        } else {
            [0, 1, 5, 40, 0, 0]
        };
        Searcher {
            root: p.to_move(),
            colors: rules.colors,
            misere: rules.misere,
            windows: windows(rules, p.blocks()),
            weights,
            deadline,
            nodes: 0,
            max_nodes: u64::MAX,
            aborted: false,
            exhausted: true,
            pops: rules.pops,
            history,
            path: Vec::new(),
        }
    }

    /// Per-colour static scores: own open windows minus half the others'.
    fn evaluate_all(&self, p: &Position) -> [i32; 3] {
        let n = self.colors as usize;
        let discs: Vec<Bitboard> = (0..n).map(|i| p.discs(Color::from_index(i))).collect();
        let all: Bitboard = discs.iter().fold(0, |a, d| a | d);
        let mut own = [0i32; 3];
        for &w in &self.windows {
            let filled = w & all;
            if filled == 0 {
                continue;
            }
            for (i, &d) in discs.iter().enumerate() {
                if filled & !d == 0 {
                    own[i] += self.weights[(w & d).count_ones() as usize];
                    break;
                }
            }
        }
        let total: i32 = own.iter().sum();
        let mut out = [0; 3];
        for i in 0..n {
            out[i] = own[i] - (total - own[i]) / 2;
        }
        out
    }

    /// Max-n search (Luckhardt & Irani 1986): a score per colour; the player
    /// to move picks the child best for themselves.
    fn max_n(&mut self, p: &Position, depth: u32, ply: i32) -> [i32; 3] {
        self.nodes += 1;
        if self.nodes >= self.max_nodes
            || (self.nodes & 1023 == 0 && Instant::now() >= self.deadline)
        {
            self.aborted = true;
        }
        if self.aborted {
            return [0; 3];
        }
        match p.outcome() {
            Outcome::Win { winner, .. } => {
                let mut v = [-(WIN - ply); 3];
                v[winner.index()] = WIN - ply;
                return v;
            }
            Outcome::Draw(_) => return [0; 3],
            Outcome::Ongoing => {}
        }
        if depth == 0 {
            self.exhausted = false;
            return self.evaluate_all(p);
        }
        let me = p.to_move().index();
        let mut best: Option<[i32; 3]> = None;
        for m in ordered_moves(p) {
            let mut child = *p;
            child.play_unchecked(m);
            let v = self.max_n(&child, depth - 1, ply + 1);
            if best.is_none_or(|b| v[me] > b[me]) {
                best = Some(v);
            }
            if v[me] >= WIN - ply - 1 {
                break; // an immediate win cannot be bettered
            }
        }
        best.unwrap_or([0; 3])
    }

    /// Static evaluation for the root player.
    fn evaluate(&self, p: &Position) -> i32 {
        let discs: Vec<Bitboard> = (0..self.colors as usize)
            .map(|i| p.discs(Color::from_index(i)))
            .collect();
        let all: Bitboard = discs.iter().fold(0, |a, d| a | d);
        let mut score = 0;
        for &w in &self.windows {
            let filled = w & all;
            if filled == 0 {
                continue;
            }
            for (i, &d) in discs.iter().enumerate() {
                if filled & !d == 0 {
                    let v = self.weights[(w & d).count_ones() as usize];
                    if Color::from_index(i) == self.root {
                        score += v;
                    } else {
                        score -= v;
                    }
                    break;
                }
            }
        }
        if self.misere {
            -score
        } else {
            score
        }
    }

    fn search(&mut self, p: &Position, depth: u32, mut alpha: i32, mut beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.max_nodes
            || (self.nodes & 1023 == 0 && Instant::now() >= self.deadline)
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        match p.outcome() {
            Outcome::Win { winner, .. } => {
                return if winner == self.root {
                    WIN - ply
                } else {
                    -(WIN - ply)
                };
            }
            Outcome::Draw(_) => return 0,
            Outcome::Ongoing => {}
        }
        let key = if self.pops {
            let k = p.repetition_key();
            if self.path.contains(&k) || self.history.get(&k).copied().unwrap_or(0) >= 2 {
                return 0;
            }
            Some(k)
        } else {
            None
        };
        if depth == 0 {
            self.exhausted = false;
            return self.evaluate(p);
        }
        let maximize = p.to_move() == self.root;
        if let Some(k) = key {
            self.path.push(k);
        }
        let mut best = if maximize { -WIN - 1 } else { WIN + 1 };
        for m in ordered_moves(p) {
            let mut child = *p;
            child.play_unchecked(m);
            let v = self.search(&child, depth - 1, alpha, beta, ply + 1);
            if maximize {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if key.is_some() {
            self.path.pop();
        }
        best
    }
}

/// A small xorshift generator (no dependency; not cryptographic).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n` (n > 0).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::notation::parse_moves;
    use crate::game::Variant;

    fn game(variant: Variant, moves: &str) -> Game {
        let ms = parse_moves(moves, variant).unwrap();
        Game::from_moves(Position::new(variant), &ms).unwrap()
    }

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn every_level_takes_an_immediate_win_and_blocks_one() {
        for level in 2..=5 {
            // Red has d1 d2 d3: d4 wins.
            let g = game(Variant::Classic, "dadbdc");
            assert_eq!(choose_move_seeded(&g, level, SECOND, 7), Move::Drop(3));
            // Yellow to move must block d4.
            let g = game(Variant::Classic, "dadbd");
            assert_eq!(choose_move_seeded(&g, level, SECOND, 7), Move::Drop(3));
        }
    }

    #[test]
    fn the_cylinder_search_sees_lines_across_the_seam() {
        // Red holds f1 g1 a1 and wins with b1 or e1, across the seam.
        let g = game(Variant::Cylinder, "fcgcad");
        let m = choose_move_seeded(&g, 3, SECOND, 1);
        assert!(m == Move::Drop(1) || m == Move::Drop(4), "{m}");
    }

    #[test]
    fn a_node_budget_ends_the_search_not_the_clock() {
        // 64 plies would run into the 60 s cap; 50,000 nodes end it long
        // before, with the same move whatever the seed.
        let g = game(Variant::Five, "");
        let spec = LevelSpec {
            depth: 64,
            noise: 0,
            random_one_in: 0,
            max_nodes: 50_000,
            exact_nodes: 0,
        };
        let t = Instant::now();
        let a = choose_move_with(&g, &spec, Duration::from_secs(60), 1);
        let b = choose_move_with(&g, &spec, Duration::from_secs(60), 2);
        assert_eq!(a, b);
        assert!(t.elapsed() < Duration::from_secs(50));
        let levels: Vec<LevelSpec> = (1..=5).map(level_spec).collect();
        assert!(levels.windows(2).all(|w| w[0].depth < w[1].depth));
        assert_eq!(level_spec(9), levels[4]);
    }

    #[test]
    fn misere_avoids_completing_a_line() {
        // Red has a1 b1 c1; d1 would complete four and lose.
        let g = game(Variant::Misere, "agbgcf");
        for level in 3..=5 {
            assert_ne!(choose_move_seeded(&g, level, SECOND, 3), Move::Drop(3));
        }
    }

    #[test]
    fn every_variant_gets_a_legal_move_within_the_budget() {
        for v in Variant::ALL {
            let g = Game::new(Position::new(v));
            for level in 1..=5 {
                let t = Instant::now();
                let m = choose_move_seeded(&g, level, Duration::from_millis(300), 5);
                assert!(g.position().legal_moves().contains(m), "{v} {level}");
                assert!(
                    t.elapsed() < Duration::from_millis(600),
                    "{v} level {level}"
                );
            }
        }
    }

    #[test]
    fn level_five_plays_the_exact_best_move_late_in_a_classic_game() {
        // Test_L2_R1 line 1: the side to move wins (score 4).
        let g = game(Variant::Classic, "5554224333234511764415115");
        let m = choose_move_seeded(&g, 5, SECOND, 1);
        let mut p = *g.position();
        p.play_unchecked(m);
        let b = Board::from_position(&p).unwrap();
        assert_eq!(-Solver::new().solve(&b, false), 4);
    }

    #[test]
    fn popout_search_terminates_in_a_repetition_prone_position() {
        let g = game(Variant::Popout, "a b -a -b a b");
        let m = choose_move_seeded(&g, 5, Duration::from_millis(200), 2);
        assert!(g.position().legal_moves().contains(m));
    }
}
