//! Generating the opening book ([`Book`]): every 7×6 position up to a
//! number of discs, solved by the exact [`Solver`], resumable from a
//! checkpoint (`fourbot book`). Kept apart from [`super::book`] so that the
//! book the solver reads does not depend on the solver that writes it.

use std::collections::{HashMap, HashSet};

use super::board::{Board, WIDTH};
use super::book::Book;
use super::solver::Solver;

impl Book {
    /// Solves every position with at most `depth` discs (mirror images once,
    /// no line on the board, the side to move not winning at once) and
    /// returns the book. `progress` is called with (done, total) now and
    /// then. Deterministic: the same depth always gives the same book.
    pub fn generate(depth: u32, solver: &mut Solver, progress: impl FnMut(usize, usize)) -> Book {
        Book::generate_from(&Board::new(), depth, solver, progress)
    }

    /// Like [`Book::generate`], but only the positions reachable from
    /// `start` (for tests and partial books).
    pub fn generate_from(
        start: &Board,
        depth: u32,
        solver: &mut Solver,
        mut progress: impl FnMut(usize, usize),
    ) -> Book {
        Book::generate_resumable(
            start,
            depth,
            solver,
            &HashMap::new(),
            |_, _, done, total| progress(done, total),
        )
    }

    /// Like [`Book::generate_from`], resumable: scores already in `known`
    /// (by [`Board::symmetric_key`], e.g. read back from a checkpoint with
    /// [`parse_checkpoint`], possibly of a smaller depth) are not solved
    /// again; `on_solved(key, score, done, total)` is called after each newly
    /// solved position (to append it to the checkpoint).
    pub fn generate_resumable(
        start: &Board,
        depth: u32,
        solver: &mut Solver,
        known: &HashMap<u64, i32>,
        mut on_solved: impl FnMut(u64, i32, usize, usize),
    ) -> Book {
        let positions = positions_from(start, depth);
        let total = positions.len();
        let mut entries = Vec::with_capacity(total);
        // Deepest first: their entries in the transposition table help the
        // shallower ones.
        for (i, b) in positions.iter().rev().enumerate() {
            let key = b.symmetric_key();
            let score = match known.get(&key) {
                Some(&s) => s,
                None => {
                    let s = solver.solve(b, false);
                    on_solved(key, s, i + 1, total);
                    s
                }
            };
            entries.push((key << 8) | (score + 64) as u64);
        }
        entries.sort_unstable();
        Book::from_sorted(depth, entries)
    }
}

/// A checkpoint line of `fourbot book`: a position's symmetric key in hex
/// and its exact score (`1a2b3c -2`).
pub fn format_checkpoint_line(key: u64, score: i32) -> String {
    format!("{key:x} {score}")
}

/// Reads a checkpoint written line by line with [`format_checkpoint_line`].
/// A last line cut short (the generator was killed while writing) is
/// ignored; any other bad line is an error.
///
/// # Errors
/// `line N: …` for a malformed line that is not the last.
pub fn parse_checkpoint(text: &str) -> Result<HashMap<u64, i32>, String> {
    let mut out = HashMap::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let parsed = line.trim().split_once(' ').and_then(|(k, s)| {
            let key = u64::from_str_radix(k, 16).ok()?;
            let score: i32 = s.parse().ok()?;
            (-64 < score && score < 64).then_some((key, score))
        });
        match parsed {
            Some((key, score)) => {
                out.insert(key, score);
            }
            None if i + 1 == lines.len() && !text.ends_with('\n') => {}
            None => return Err(format!("line {}: \"{line}\" is not <key> <score>", i + 1)),
        }
    }
    Ok(out)
}

/// Every position with at most `depth` discs, mirror images once, in order
/// of disc count (then of first discovery): no line on the board and the
/// side to move cannot win at once.
pub fn positions_up_to(depth: u32) -> Vec<Board> {
    positions_from(&Board::new(), depth)
}

/// Every position reachable from `start` with at most `depth` discs in all
/// (`start` included), as [`positions_up_to`].
pub fn positions_from(start: &Board, depth: u32) -> Vec<Board> {
    let mut seen = HashSet::new();
    let mut out = vec![*start];
    seen.insert(start.symmetric_key());
    let mut level = vec![*start];
    for _ in start.moves()..depth {
        let mut next_level = Vec::new();
        for b in &level {
            for c in 0..WIDTH {
                if !b.can_play(c) || b.is_winning_move(c) {
                    continue;
                }
                let mut n = *b;
                n.play_column(c);
                if n.can_win_next() || !seen.insert(n.symmetric_key()) {
                    continue;
                }
                next_level.push(n);
            }
        }
        out.extend_from_slice(&next_level);
        level = next_level;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_counts_up_to_two_discs() {
        // 1 empty board, 4 first moves up to mirroring, 25 two-disc positions
        // (49 sequences, mirror pairs once, d+d its own mirror).
        assert_eq!(positions_up_to(0).len(), 1);
        assert_eq!(positions_up_to(1).len(), 1 + 4);
        assert_eq!(positions_up_to(2).len(), 1 + 4 + 25);
    }

    #[test]
    fn a_generated_book_agrees_with_the_solver_and_is_used() {
        let start = Board::from_moves("5554224333234511764415115").unwrap();
        let mut solver = Solver::new();
        let book = Book::generate_from(&start, start.moves() + 2, &mut solver, |_, _| {});
        assert!(book.len() > 3, "{} positions", book.len());
        let mut fresh = Solver::new();
        for b in positions_from(&start, start.moves() + 2) {
            assert_eq!(book.get(&b), Some(fresh.solve(&b, false)));
        }
        let mut with_book = Solver::with_book(book);
        let expected = fresh.solve(&start, false);
        assert_eq!(with_book.solve(&start, false), expected);
        assert_eq!(with_book.nodes(), 0, "answered from the book");
    }

    #[test]
    fn a_checkpointed_book_resumes_and_extends_by_a_disc() {
        let start = Board::from_moves("5554224333234511764415115").unwrap();
        let d = start.moves();
        let mut solver = Solver::new();
        // Depth d+1 first, written to a checkpoint; the run is "killed"
        // while writing the last line.
        let mut text = String::new();
        let small =
            Book::generate_resumable(&start, d + 1, &mut solver, &HashMap::new(), |k, s, _, _| {
                text.push_str(&format_checkpoint_line(k, s));
                text.push('\n');
            });
        text.push_str("12ab");
        let known = parse_checkpoint(&text).unwrap();
        assert_eq!(known.len(), small.len());
        // Extending to d+2 solves only the new positions.
        let mut solved = 0;
        let big =
            Book::generate_resumable(&start, d + 2, &mut solver, &known, |_, _, _, _| solved += 1);
        assert_eq!(solved, big.len() - small.len());
        assert_eq!(
            big,
            Book::generate_from(&start, d + 2, &mut Solver::new(), |_, _| {})
        );
        assert!(parse_checkpoint("zz 1\n12 0\n").is_err());
    }
}
