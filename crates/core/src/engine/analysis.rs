//! Analysis: scores of every move of a position, and the verdict of every
//! move of a finished 7×6 classic-rules game.

use std::time::{Duration, Instant};

use super::ai::{exact_scores, search_moves, with_solver, MoveScore};
use super::board::{is_classic, Board};
use crate::game::{Game, Move, Position};

/// Every legal move of `game`'s position with its score, best first: exact
/// solver scores on a 7×6 classic-rules board when they are all found within
/// `budget`, else search estimates (iterative deepening until `budget` runs
/// out; see [`MoveScore`]). Empty when the game is over.
///
/// The solver reads the shipped opening book, so a position of ≤ 11 discs
/// is scored at once (every child is in the book); from 12 discs on the
/// children are searched (measured with the book, docs/benchmarks.md
/// "Analysis": p50 ≈ 0.1 s at 12 discs, less later).
pub fn analyze_position(game: &Game, budget: Duration) -> Vec<(Move, MoveScore)> {
    let start = Instant::now();
    if game.outcome().is_over() {
        return Vec::new();
    }
    if is_classic(game.variant()) {
        if let Some(scores) = exact_scores(game.position(), start + budget) {
            return scores;
        }
    }
    search_moves(
        game,
        64,
        Instant::now() + budget.saturating_sub(start.elapsed()),
    )
}

/// The theoretical result of a position for a given player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The player wins with perfect play.
    Win,
    /// Perfect play draws.
    Draw,
    /// The player loses against perfect play.
    Loss,
    /// Not solved within the time allowed.
    Unknown,
}

impl Verdict {
    fn of_score(s: i32) -> Verdict {
        match s.signum() {
            1 => Verdict::Win,
            0 => Verdict::Draw,
            _ => Verdict::Loss,
        }
    }

    /// `win`, `draw`, `loss` or `?`.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
            Verdict::Unknown => "?",
        }
    }
}

/// What a move did to its mover's theoretical result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mistake {
    /// A won position became a draw or a loss.
    ThrewWinAway,
    /// A drawn position became a loss.
    DrawToLoss,
}

/// The verdict of one move of a game, for the player who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveVerdict {
    /// 1-based ply of the move.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The mover's result with perfect play before the move.
    pub before: Verdict,
    /// The mover's result with perfect play after the move.
    pub after: Verdict,
    /// Set when the move made the result worse.
    pub mistake: Option<Mistake>,
}

/// The mover's verdict of `p` (7×6 classic rules), `Unknown` when the weak
/// solver does not finish by `deadline`.
fn verdict(p: &Position, deadline: Instant) -> Verdict {
    if let Some(w) = p.outcome().winner() {
        return if w == p.to_move() {
            Verdict::Win
        } else {
            Verdict::Loss
        };
    }
    if p.outcome().is_over() {
        return Verdict::Draw;
    }
    let Ok(b) = Board::from_position(p) else {
        return Verdict::Unknown;
    };
    if b.can_win_next() {
        return Verdict::Win;
    }
    with_solver(|s| {
        s.solve_within(&b, true, u64::MAX, Some(deadline))
            .map(Verdict::of_score)
            .unwrap_or(Verdict::Unknown)
    })
}

fn flip(v: Verdict) -> Verdict {
    match v {
        Verdict::Win => Verdict::Loss,
        Verdict::Loss => Verdict::Win,
        other => other,
    }
}

/// The verdict of every move of a 7×6 classic-rules game (classic, single,
/// random-opening, teams): the mover's theoretical result before and after
/// the move, and whether it threw a win away or turned a draw into a loss.
/// Positions of at most 12 discs are read from the shipped opening book
/// ([`super::Book::shipped`], through the solver: exact and instant); each
/// later position gets at most `per_position` of weak solving, and one not
/// solved in time is [`Verdict::Unknown`] (measured with the book: a whole
/// random game in well under a second, docs/benchmarks.md "Analysis").
/// Empty for other variants.
pub fn analyze_game(game: &Game, per_position: Duration) -> Vec<MoveVerdict> {
    analyze_game_with_progress(game, per_position, |_| {})
}

/// [`analyze_game`], calling `progress(n)` after the n-th move's verdict
/// (n = 1..=moves), from the calling thread, so a caller can report how far
/// it got.
pub fn analyze_game_with_progress(
    game: &Game,
    per_position: Duration,
    mut progress: impl FnMut(usize),
) -> Vec<MoveVerdict> {
    if !is_classic(game.variant()) {
        return Vec::new();
    }
    let mut p = *game.start();
    let mut before = verdict(&p, Instant::now() + per_position);
    let mut out = Vec::new();
    for (i, &m) in game.moves().iter().enumerate() {
        p.play_unchecked(m);
        // `after` for the mover is the opposite of the next player's verdict.
        let next = verdict(&p, Instant::now() + per_position);
        let after = flip(next);
        let mistake = match (before, after) {
            (Verdict::Win, Verdict::Draw | Verdict::Loss) => Some(Mistake::ThrewWinAway),
            (Verdict::Draw, Verdict::Loss) => Some(Mistake::DrawToLoss),
            _ => None,
        };
        out.push(MoveVerdict {
            ply: i + 1,
            mv: m,
            before,
            after,
            mistake,
        });
        progress(i + 1);
        before = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::notation::parse_moves;
    use crate::game::Variant;

    fn game(moves: &str) -> Game {
        let ms = parse_moves(moves, Variant::Classic).unwrap();
        Game::from_moves(Position::new(Variant::Classic), &ms).unwrap()
    }

    #[test]
    fn classic_moves_get_exact_scores_best_first() {
        // Test_L2_R1 line 1 scores 4 for the side to move.
        let g = game("5554224333234511764415115");
        let scores = analyze_position(&g, Duration::from_secs(5));
        assert_eq!(scores[0].1, MoveScore::Exact(4));
        assert!(scores.windows(2).all(|w| w[0].1.rank() >= w[1].1.rank()));
        assert_eq!(scores.len(), g.position().legal_moves().len());
    }

    #[test]
    fn other_variants_get_estimates() {
        let g = Game::new(Position::new(Variant::Five));
        let scores = analyze_position(&g, Duration::from_millis(200));
        assert_eq!(scores.len(), g.position().legal_moves().len());
        assert!(matches!(scores[0].1, MoveScore::Estimate { .. }));
    }

    #[test]
    fn a_move_that_throws_the_win_away_is_marked() {
        // From Test_L2_R1 line 1 (mover wins with score 4), play a losing
        // column instead of the best one, then finish the game quickly.
        let base = "5554224333234511764415115";
        let g = game(base);
        let scores = analyze_position(&g, Duration::from_secs(5));
        let (bad, s) = *scores.last().unwrap();
        assert!(s.rank() <= 0);
        let mut moves = parse_moves(base, Variant::Classic).unwrap();
        moves.push(bad);
        let g = Game::from_moves(Position::new(Variant::Classic), &moves).unwrap();
        let verdicts = analyze_game(&g, Duration::from_millis(300));
        let last = verdicts.last().unwrap();
        assert_eq!(last.before, Verdict::Win);
        assert_eq!(last.mistake, Some(Mistake::ThrewWinAway));
    }

    /// Plays seeded random legal moves (a 64-bit LCG, Knuth's MMIX
    /// constants) until the game ends.
    fn random_game(mut seed: u64) -> Game {
        let mut g = Game::new(Position::new(Variant::Classic));
        while !g.outcome().is_over() {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let moves = g.position().legal_moves();
            let m = moves.get((seed >> 33) as usize % moves.len()).unwrap();
            g.play(m).unwrap();
        }
        g
    }

    #[test]
    fn positions_of_the_book_get_their_verdict_at_once() {
        // 1 ms a position: without the opening book the first plies of a
        // game take seconds to minutes and would come back unknown.
        let g = game("44444433332222");
        let vs = analyze_game(&g, Duration::from_millis(1));
        assert_eq!(vs.len(), 14);
        for v in &vs[..12] {
            assert_ne!(v.before, Verdict::Unknown, "{v:?}");
            assert_ne!(v.after, Verdict::Unknown, "{v:?}");
        }
        // The empty board is a first-player win (+1, from the book).
        assert_eq!(vs[0].before, Verdict::Win);
    }

    #[test]
    fn every_move_of_random_whole_games_gets_a_verdict() {
        let mut progress = Vec::new();
        for seed in [1, 2, 3] {
            let g = random_game(seed);
            progress.clear();
            let vs = analyze_game_with_progress(&g, Duration::from_secs(60), |n| progress.push(n));
            assert_eq!(vs.len(), g.moves().len());
            assert_eq!(progress, (1..=vs.len()).collect::<Vec<_>>());
            for v in &vs {
                assert_ne!(v.before, Verdict::Unknown, "seed {seed}: {v:?}");
                assert_ne!(v.after, Verdict::Unknown, "seed {seed}: {v:?}");
            }
        }
    }
}
