//! Monte Carlo tree search for three players (UCT, Kocsis & Szepesvári
//! 2006; its multi-player form as in Sturtevant 2008, "An analysis of UCT in
//! multi-player games"): every node keeps one reward sum per colour, and the
//! player to move picks the child that is best for themselves.
//!
//! Playouts are not uniform: the mover takes a line if it can, otherwise
//! blocks the next player's line, otherwise avoids a move that lets the next
//! player complete a line on top of it, otherwise plays at random — enough
//! for a playout to look like a game between players who see one move ahead.
//! A playout's reward is the game's points (docs/rules.md §5: win 1, the others 0;
//! full board ½ each).
//!
//! Only for drop-only variants that are won by completing a line (no pops,
//! not misère, no obstacles); `ai` keeps max-n for the others.

use std::time::Instant;

use fourbot::game::bitboard::Bitboard;
use fourbot::game::{Move, Outcome, Position};

/// One tree node: the move that led to it and the rewards seen below it.
struct Node {
    mv: Move,
    /// Index of the first child in the arena (children are contiguous).
    first: u32,
    /// Number of children; 0 until expanded (or a finished game).
    count: u8,
    expanded: bool,
    visits: u32,
    /// Reward sums per colour (index = `Color::index`).
    reward: [f32; 3],
}

/// Whether [`search`] plays `p`'s variant: drops only, a line wins, no
/// obstacles (the playouts find a column's landing cell by adding to the
/// discs stacked from the bottom).
pub fn supports(p: &Position) -> bool {
    let rules = p.rules();
    !rules.pops && !rules.misere && !rules.blocks
}

/// The exploration constant of UCB1 on rewards in 0..=1.
const EXPLORATION: f32 = 0.8;

/// Runs up to `iterations` playouts from `p` (stopping at `deadline`) and
/// returns every root move with its visit count, most visited first (ties
/// to the earlier legal move), and its mean reward for the player to move.
/// Deterministic for a given `seed` when the deadline does not cut it short.
///
/// # Panics
/// If `p` is finished or not [`supports`]ed.
pub fn search(
    p: &Position,
    iterations: u64,
    deadline: Instant,
    seed: u64,
) -> Vec<(Move, u32, f32)> {
    assert!(supports(p) && !p.outcome().is_over());
    let mut rng = seed | 1;
    let mut nodes = vec![Node {
        mv: Move::Drop(0),
        first: 0,
        count: 0,
        expanded: false,
        visits: 0,
        reward: [0.0; 3],
    }];
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let me = p.to_move();
    for i in 0..iterations {
        if i & 255 == 0 && Instant::now() >= deadline {
            break;
        }
        // Selection: down to a leaf, each mover maximizing their own UCB1.
        let mut pos = *p;
        path.clear();
        path.push(0);
        let mut at = 0usize;
        while nodes[at].expanded && nodes[at].count > 0 {
            let mover = pos.to_move().index();
            let parent_log = (nodes[at].visits.max(1) as f32).ln();
            let (first, count) = (nodes[at].first as usize, nodes[at].count as usize);
            let mut best = first;
            let mut best_value = f32::NEG_INFINITY;
            for (c, n) in nodes.iter().enumerate().skip(first).take(count) {
                let value = if n.visits == 0 {
                    f32::INFINITY
                } else {
                    let v = n.visits as f32;
                    n.reward[mover] / v + EXPLORATION * (parent_log / v).sqrt()
                };
                if value > best_value {
                    best_value = value;
                    best = c;
                }
            }
            pos.play_unchecked(nodes[best].mv);
            at = best;
            path.push(at as u32);
        }
        // Expansion: a leaf seen before gets its children, one is tried.
        if !pos.outcome().is_over() && (nodes[at].visits > 0 || at == 0) {
            let first = nodes.len() as u32;
            let moves = pos.legal_moves();
            for m in moves.iter() {
                nodes.push(Node {
                    mv: m,
                    first: 0,
                    count: 0,
                    expanded: false,
                    visits: 0,
                    reward: [0.0; 3],
                });
            }
            nodes[at].first = first;
            nodes[at].count = moves.len() as u8;
            nodes[at].expanded = true;
            let pick = first as usize + below(&mut rng, moves.len() as u64) as usize;
            pos.play_unchecked(nodes[pick].mv);
            path.push(pick as u32);
        }
        let reward = playout(pos, &mut rng);
        for &n in &path {
            let node = &mut nodes[n as usize];
            node.visits += 1;
            for (r, add) in node.reward.iter_mut().zip(reward) {
                *r += add;
            }
        }
    }
    let root = &nodes[0];
    let mut out: Vec<(Move, u32, f32)> = (root.first..root.first + u32::from(root.count))
        .map(|c| {
            let n = &nodes[c as usize];
            let mean = n.reward[me.index()] / n.visits.max(1) as f32;
            (n.mv, n.visits, mean)
        })
        .collect();
    out.sort_by_key(|&(_, visits, _)| std::cmp::Reverse(visits));
    out
}

/// Plays `p` to its end with the playout policy; the points per colour.
fn playout(mut p: Position, rng: &mut u64) -> [f32; 3] {
    let rules = p.rules();
    let g = &rules.geometry;
    let colors = rules.colors;
    let line = |d: Bitboard| g.has_line(d, rules.connect, rules.wrap);
    loop {
        match p.outcome() {
            Outcome::Win { winner, .. } => {
                let mut r = [0.0; 3];
                r[winner.index()] = 1.0;
                return r;
            }
            Outcome::Draw(_) => {
                let mut r = [0.0; 3];
                for x in r.iter_mut().take(colors as usize) {
                    *x = 0.5;
                }
                return r;
            }
            Outcome::Ongoing => {}
        }
        let mover = p.to_move();
        let next = mover.next(colors);
        let own = p.discs(mover);
        let theirs = p.discs(next);
        let occupied = p.occupied();
        let board = g.board_mask();
        let mut win = None;
        let mut block = None;
        let mut safe = [0u8; 16];
        let mut n_safe = 0;
        let mut any = [0u8; 16];
        let mut n_any = 0;
        for c in 0..g.width() {
            let col = g.column_mask(c);
            let landing = (occupied & col).wrapping_add(g.bottom_cell(c)) & col & board;
            if landing == 0 || landing & occupied != 0 {
                continue;
            }
            if line(own | landing) {
                win = Some(c);
                break;
            }
            if block.is_none() && line(theirs | landing) {
                block = Some(c);
            }
            any[n_any] = c;
            n_any += 1;
            let above = (landing << 1) & col & board;
            if above == 0 || !line(theirs | above) {
                safe[n_safe] = c;
                n_safe += 1;
            }
        }
        let c = match (win, block) {
            (Some(c), _) | (None, Some(c)) => c,
            _ if n_safe > 0 => safe[below(rng, n_safe as u64) as usize],
            _ => any[below(rng, n_any as u64) as usize],
        };
        p.play_unchecked(Move::Drop(c));
    }
}

/// xorshift64: a number in `0..n` (n > 0).
fn below(state: &mut u64, n: u64) -> u64 {
    let mut x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    x % n
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use fourbot::game::notation::parse_moves;
    use fourbot::game::{Game, Variant};

    fn three(moves: &str) -> Position {
        let ms = parse_moves(moves, Variant::ThreePlayers).unwrap();
        *Game::from_moves(Position::new(Variant::ThreePlayers), &ms)
            .unwrap()
            .position()
    }

    fn best(p: &Position, seed: u64) -> Vec<(Move, u32, f32)> {
        search(p, 20_000, Instant::now() + Duration::from_secs(60), seed)
    }

    #[test]
    fn it_takes_a_line_and_blocks_the_next_players_line() {
        // Red a b c, yellow h h h, blue g g g: red completes a–d.
        let win = best(&three("ahgbhgchg"), 1);
        assert_eq!(win[0].0, Move::Drop(3), "{win:?}");
        assert!(win[0].2 > 0.9, "{win:?}");
        // Red a b c, yellow h h f, blue g g: blue, who moves before red,
        // must block d (with yellow to move, blue could still block
        // after it, and the search knows it).
        let block = best(&three("ahgbhgcf"), 2);
        assert_eq!(block[0].0, Move::Drop(3), "{block:?}");
    }

    #[test]
    fn every_playout_is_counted_and_a_seed_gives_the_same_search() {
        let p = three("dde");
        let a = search(&p, 3_000, Instant::now() + Duration::from_secs(60), 7);
        let b = search(&p, 3_000, Instant::now() + Duration::from_secs(60), 7);
        assert_eq!(a.len(), 8);
        assert_eq!(a.iter().map(|x| x.1).sum::<u32>(), 3_000);
        assert_eq!(
            a.iter().map(|x| (x.0, x.1)).collect::<Vec<_>>(),
            b.iter().map(|x| (x.0, x.1)).collect::<Vec<_>>()
        );
        assert!(a.windows(2).all(|w| w[0].1 >= w[1].1));
    }

    #[test]
    fn only_drop_variants_won_by_a_line_without_obstacles_are_supported() {
        assert!(supports(&Position::new(Variant::ThreePlayers)));
        assert!(supports(&Position::new(Variant::Classic)));
        for v in [Variant::Popout, Variant::Misere, Variant::Obstacles] {
            let p = Position::with_layout(
                v,
                &fourbot::game::ObstacleLayout::from_seed(&v.rules().geometry, 1),
            );
            assert!(!supports(&p), "{v}");
        }
    }
}
