//! The opening list of `random-opening` (docs/rules.md §5): every 4-disc 7×6
//! position (2 red, 2 yellow, red to move) that is a draw with perfect play,
//! one of each mirror pair, produced by `fourbot openings` into
//! `assets/openings.txt`.
//!
//! File format (read by [`shipped`]): one opening per line as a
//! 7×6 digit string of its four moves (1-based columns: `1431`); lines
//! starting with `#` are comments.

use std::collections::{HashMap, HashSet};

use super::board::{Board, WIDTH};
use super::solver::Solver;

/// Discs in an opening.
pub const OPENING_DISCS: usize = 4;

/// Every 4-disc position once up to mirroring, each as the lexicographically
/// first move sequence (0-based columns) that reaches it or its mirror image.
pub fn candidates() -> Vec<[u8; OPENING_DISCS]> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let w = WIDTH as u8;
    for a in 0..w {
        for b in 0..w {
            for c in 0..w {
                for d in 0..w {
                    let seq = [a, b, c, d];
                    let mut board = Board::new();
                    for &m in &seq {
                        board.play_column(m as u32);
                    }
                    if seen.insert(board.symmetric_key()) {
                        out.push(seq);
                    }
                }
            }
        }
    }
    out
}

/// The board after an opening's moves.
pub fn board_of(seq: &[u8; OPENING_DISCS]) -> Board {
    let mut b = Board::new();
    for &m in seq {
        b.play_column(m as u32);
    }
    b
}

/// An opening as the file writes it: the digit string `1431`.
pub fn format_opening(seq: &[u8; OPENING_DISCS]) -> String {
    seq.iter().map(|&c| (b'1' + c) as char).collect()
}

/// The drawn openings among [`candidates`] (weak solve of each; slow: the
/// positions are near the start of the game), in candidate order.
///
/// Resumable: `known` holds weak scores (−1, 0, +1 for red, the side to
/// move) already found, e.g. read back from a checkpoint with
/// [`parse_checkpoint`]; those candidates are not solved again.
/// `on_solved(seq, score, done, total)` is called after each newly solved
/// candidate (to append it to the checkpoint).
pub fn drawn_openings(
    solver: &mut Solver,
    known: &HashMap<[u8; OPENING_DISCS], i32>,
    mut on_solved: impl FnMut(&[u8; OPENING_DISCS], i32, usize, usize),
) -> Vec<[u8; OPENING_DISCS]> {
    let all = candidates();
    let mut out = Vec::new();
    for (i, seq) in all.iter().enumerate() {
        let score = match known.get(seq) {
            Some(&s) => s,
            None => {
                let s = solver.solve(&board_of(seq), true);
                on_solved(seq, s, i + 1, all.len());
                s
            }
        };
        if score == 0 {
            out.push(*seq);
        }
    }
    out
}

/// A checkpoint line of `fourbot openings`: the opening's digit string and
/// its weak score for red (`1615 0`).
pub fn format_checkpoint_line(seq: &[u8; OPENING_DISCS], score: i32) -> String {
    format!("{} {score}", format_opening(seq))
}

/// Reads a checkpoint written line by line with [`format_checkpoint_line`].
/// A last line cut short (the generator was killed while writing) is
/// ignored; any other bad line is an error.
///
/// # Errors
/// `line N: …` for a malformed line that is not the last.
pub fn parse_checkpoint(text: &str) -> Result<HashMap<[u8; OPENING_DISCS], i32>, String> {
    let mut out = HashMap::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let parsed = (|| {
            let (moves, score) = line.trim().split_once(' ')?;
            let seq = parse(moves).ok()?.into_iter().next()?;
            let score: i32 = score.parse().ok()?;
            (-1..=1).contains(&score).then_some((seq, score))
        })();
        match parsed {
            Some((seq, score)) => {
                out.insert(seq, score);
            }
            None if i + 1 == lines.len() && !text.ends_with('\n') => {}
            None => {
                return Err(format!(
                    "line {}: \"{line}\" is not <opening> <-1|0|1>",
                    i + 1
                ))
            }
        }
    }
    Ok(out)
}

/// The openings shipped in `assets/openings.txt`, parsed.
///
/// # Panics
/// Never for the shipped file (a test reads it).
pub fn shipped() -> Vec<[u8; OPENING_DISCS]> {
    parse(include_str!("../../../../assets/openings.txt")).expect("assets/openings.txt is valid")
}

/// Parses the file format of the module docs.
///
/// # Errors
/// `line N: …` for a line that is not four column digits 1–7.
pub fn parse(text: &str) -> Result<Vec<[u8; OPENING_DISCS]>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<u8> = line
            .bytes()
            .map(|b| match b {
                b'1'..=b'7' => Ok(b - b'1'),
                _ => Err(format!(
                    "line {}: \"{line}\" is not a digit string 1-7",
                    i + 1
                )),
            })
            .collect::<Result<_, _>>()?;
        let seq: [u8; OPENING_DISCS] = cols
            .try_into()
            .map_err(|_| format!("line {}: an opening has four moves", i + 1))?;
        out.push(seq);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_are_distinct_up_to_mirroring() {
        let all = candidates();
        let keys: HashSet<u64> = all.iter().map(|s| board_of(s).symmetric_key()).collect();
        assert_eq!(keys.len(), all.len());
        // No 4-disc position of 7×6 contains a line of four.
        assert!(all
            .iter()
            .all(|s| !board_of(s).can_win_next() || s.len() == 4));
    }

    #[test]
    fn a_sample_of_the_shipped_openings_re_solves_as_draws() {
        // Weakly solving a 4-disc position takes seconds to minutes; the
        // sample is the position of 1615, a quick one (about 8 s optimised)
        // and a draw in the public benchmark set. The whole list:
        // `cargo test --release -- --ignored every_shipped_opening`.
        let list = shipped();
        let key = board_of(&[0, 5, 0, 4]).symmetric_key();
        let sample = list
            .iter()
            .find(|s| board_of(s).symmetric_key() == key)
            .expect("the position of 1615 (or its mirror) is in the list");
        assert_eq!(Solver::new().solve(&board_of(sample), true), 0);
        assert!(list.iter().all(|s| !board_of(s).can_win_next()));
        let keys: HashSet<u64> = list.iter().map(|s| board_of(s).symmetric_key()).collect();
        assert_eq!(keys.len(), list.len(), "mirror duplicates");
    }

    #[test]
    #[ignore = "minutes: solves every shipped opening"]
    fn every_shipped_opening_is_a_draw() {
        let mut solver = Solver::new();
        for seq in shipped() {
            assert_eq!(
                solver.solve(&board_of(&seq), true),
                0,
                "{}",
                format_opening(&seq)
            );
        }
    }

    #[test]
    fn a_won_four_disc_position_solves_as_a_win() {
        // 4343 (d c d c) is a win for red, the side to move (solves in under
        // a second; most 4-disc positions take much longer).
        let mut solver = Solver::new();
        assert_eq!(solver.solve(&board_of(&[3, 2, 3, 2]), true), 1);
    }

    #[test]
    fn a_checkpoint_resumes_without_solving_again() {
        // Every candidate but one "known" (fake scores): only 4343 (a quick
        // win for red) is solved, and the known draws are listed.
        let all = candidates();
        let quick = [3, 2, 3, 2];
        let mut text = String::new();
        for seq in all.iter().filter(|s| **s != quick) {
            let fake = if seq[0] == 0 { 0 } else { -1 };
            text.push_str(&format_checkpoint_line(seq, fake));
            text.push('\n');
        }
        text.push_str("43"); // a line cut short by a kill
        let known = parse_checkpoint(&text).unwrap();
        assert_eq!(known.len(), all.len() - 1);
        let mut solved = Vec::new();
        let list = drawn_openings(&mut Solver::new(), &known, |seq, score, _, _| {
            solved.push((*seq, score))
        });
        assert_eq!(solved, vec![(quick, 1)]);
        assert!(!list.is_empty() && list.iter().all(|s| s[0] == 0));
        assert!(parse_checkpoint("4343 0\nxx\n4444 1\n").is_err());
        assert!(parse_checkpoint("4343 2\n").is_err());
    }

    #[test]
    fn the_file_format_round_trips() {
        let seq = [3, 3, 2, 4];
        assert_eq!(format_opening(&seq), "4435");
        assert_eq!(parse("# c\n4435\n").unwrap(), vec![seq]);
        assert!(parse("443").is_err());
        assert!(parse("4438").is_err());
    }
}
