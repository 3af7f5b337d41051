//! Importing the opening book from Markus Thill's BitBully databases
//! (`bitbully-databases` on PyPI, MIT licence, notice in
//! `assets/book.LICENSE`): `book_12ply_distances.dat` holds the exact
//! distance to the end of every 12-disc position worth storing. We read
//! those facts into our own dense book ([`Book`]) and fill in every position
//! with fewer discs by negamax over its children, so the shipped book has
//! every 7×6 position with at most 12 discs (`fourbot book import`).
//!
//! # The BitBully file (as its pure-Python reader documents it)
//! Records of 5 bytes: a 4-byte big-endian board code, then a signed byte.
//! The board code is read from its most significant bit, column by column
//! from the left, each column bottom to top: `10` a first-player disc,
//! `11` a second-player disc, `0` the end of the column (also after a full
//! column); a last `0` pads the 12 discs to 32 bits. The byte is 0 for a
//! draw, `100 − d` when the first player (to move: 12 discs are on the
//! board) wins with the d-th ply from now, `−(100 − d)` when the second
//! player does. A position and its mirror image are stored once.

use super::board::{Board, HEIGHT, WIDTH};
use super::book::{layer_range, position_at, positions_up_to, symmetric_index, Book};

/// The number of discs of every position in a BitBully 12-ply file.
pub const BITBULLY_DISCS: u32 = 12;
const RECORD: usize = 5;

/// What an import read and built.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Records in the BitBully file.
    pub records: usize,
    /// Records whose position lets the side to move win at once: not
    /// stored (the solver sees those), only checked against their score.
    pub wins_at_once: usize,
    /// Entries of the book per number of discs (index = discs).
    pub per_discs: Vec<usize>,
    /// Positions (a line on the board excluded) that could not be filled
    /// because a child was missing from the file: only positions that no
    /// game reaches should be here.
    pub incomplete: usize,
}

/// Why a BitBully file could not be imported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The length is not a whole number of 5-byte records.
    #[error(
        "{0} bytes is not a whole number of 5-byte records (book_12ply_distances.dat expected)"
    )]
    BadLength(usize),
    /// A board code that is not a 12-disc 7×6 position.
    #[error("record {record}: board code {code:#010x} is not a 12-disc 7×6 position")]
    BadBoard {
        /// 0-based record.
        record: usize,
        /// The code.
        code: u32,
    },
    /// A score that no 12-disc position can have, or that disagrees with a
    /// win at once.
    #[error("record {record}: value {value} is not possible for this position")]
    BadScore {
        /// 0-based record.
        record: usize,
        /// The stored byte.
        value: i8,
    },
}

/// The board of a BitBully board code (module docs), or `None` if it is
/// not a 12-disc position of the game (a line on the board included).
pub fn decode_bitbully(code: u32) -> Option<Board> {
    let mut bit = 32;
    let mut next = || {
        bit -= 1;
        (code >> bit) & 1
    };
    let (mut first, mut second) = (0u64, 0u64);
    let mut discs = 0;
    for c in 0..WIDTH {
        let mut r = 0;
        loop {
            if discs > BITBULLY_DISCS + 1 {
                return None;
            }
            if next() == 0 {
                break;
            }
            if r == HEIGHT {
                return None;
            }
            let cell = 1u64 << (c * (HEIGHT + 1) + r);
            if next() == 0 {
                first |= cell;
            } else {
                second |= cell;
            }
            r += 1;
            discs += 1;
        }
    }
    if discs != BITBULLY_DISCS || first.count_ones() != second.count_ones() || next() != 0 {
        return None;
    }
    // 12 discs: the first player is to move.
    let board = Board::from_parts(first, first | second);
    (!board.has_line()).then_some(board)
}

/// Our score (side to move, [`super::solver`]) of a BitBully value of a
/// 12-disc position (first player to move), or `None` if impossible.
pub fn score_of_bitbully(value: i8) -> Option<i32> {
    let v = value as i32;
    if v == 0 {
        return Some(0);
    }
    let d = 100 - v.abs();
    // The d-th ply from now is ply 12 + d of the game; the first player
    // plays the odd plies.
    let ply = BITBULLY_DISCS as i32 + d;
    let first_wins = v > 0;
    if d < 1 || ply > 42 || (ply % 2 == 1) != first_wins {
        return None;
    }
    let k = (ply + 1) / 2; // the winner's k-th disc
    Some(if first_wins { 22 - k } else { -(22 - k) })
}

/// Builds the dense book of every position with at most 12 discs from the
/// bytes of `book_12ply_distances.dat`. `progress` gets a line now and
/// then. Deterministic: the same file gives the same book.
///
/// # Errors
/// A malformed file ([`ImportError`]).
pub fn import_bitbully(
    bytes: &[u8],
    mut progress: impl FnMut(&str),
) -> Result<(Book, ImportReport), ImportError> {
    if bytes.len() % RECORD != 0 {
        return Err(ImportError::BadLength(bytes.len()));
    }
    let mut table = vec![0u8; positions_up_to(BITBULLY_DISCS)];
    let mut report = ImportReport {
        records: bytes.len() / RECORD,
        per_discs: vec![0; BITBULLY_DISCS as usize + 1],
        ..ImportReport::default()
    };
    for (record, r) in bytes.chunks_exact(RECORD).enumerate() {
        let code = u32::from_be_bytes(r[..4].try_into().expect("4 bytes"));
        let value = r[4] as i8;
        let board = decode_bitbully(code).ok_or(ImportError::BadBoard { record, code })?;
        let score = score_of_bitbully(value).ok_or(ImportError::BadScore { record, value })?;
        if board.can_win_next() {
            if score != board.win_now_score() {
                return Err(ImportError::BadScore { record, value });
            }
            report.wins_at_once += 1;
            continue;
        }
        table[symmetric_index(&board)] = Book::dense_byte(score);
    }
    report.per_discs[BITBULLY_DISCS as usize] = table.iter().filter(|&&b| b != 0).count();
    progress(&format!(
        "{} records read, {} positions of 12 discs stored",
        report.records, report.per_discs[12]
    ));
    // Fewer discs: the best child, layer by layer up to the empty board.
    for n in (0..BITBULLY_DISCS).rev() {
        let mut stored = 0;
        for i in layer_range(n) {
            let board = position_at(i);
            if board.has_line() || board.can_win_next() {
                continue;
            }
            // Numbers of mirror pairs: fill the smaller one only.
            if symmetric_index(&board) != i {
                continue;
            }
            match best_child(&board, &table) {
                Some(score) => {
                    table[i] = Book::dense_byte(score);
                    stored += 1;
                }
                None => report.incomplete += 1,
            }
        }
        report.per_discs[n as usize] = stored;
        progress(&format!("{stored} positions of {n} discs"));
    }
    Ok((Book::from_table(BITBULLY_DISCS, table), report))
}

/// The negamax score of `board` (the side to move cannot win at once) from
/// its children's entries in `table`, `None` if one is missing.
fn best_child(board: &Board, table: &[u8]) -> Option<i32> {
    let mut best = i32::MIN;
    for c in 0..WIDTH {
        if !board.can_play(c) {
            continue;
        }
        let mut child = *board;
        child.play_column(c);
        let s = if child.can_win_next() {
            child.win_now_score()
        } else {
            let b = table[symmetric_index(&child)];
            if b == 0 {
                return None;
            }
            b as i32 - 32
        };
        best = best.max(-s);
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The BitBully code of a board given as columns of 1 (first player)
    /// and 2 (second), bottom to top.
    fn code(columns: [&[u8]; 7]) -> u32 {
        let mut bits = String::new();
        for col in columns {
            for &d in col {
                bits.push_str(if d == 1 { "10" } else { "11" });
            }
            bits.push('0');
        }
        bits.push('0');
        u32::from_str_radix(&bits, 2).unwrap()
    }

    #[test]
    fn board_codes_decode_column_by_column() {
        // Example "F" of the BitBully reader: the first player loses with
        // the 12th ply from now (value −88).
        let c = code([&[], &[1, 1], &[1, 2, 2, 1], &[2, 1, 2, 1], &[], &[2], &[2]]);
        let b = decode_bitbully(c).unwrap();
        assert_eq!(b.moves(), 12);
        // Column 2 (0-based 1) holds two first-player discs: the side to move's.
        assert_eq!(b.current() & (0b11 << 7), 0b11 << 7);
        assert_eq!(b.mask() & (0x3f << 14), 0b1111 << 14);
        assert_eq!(score_of_bitbully(-88), Some(-10));
        assert_eq!(decode_bitbully(c | 1), None, "the padding bit is 0");
        assert_eq!(decode_bitbully(0), None, "no discs");
    }

    #[test]
    fn values_map_to_disc_scores() {
        assert_eq!(score_of_bitbully(0), Some(0));
        // Win with ply 13 = the first player's 7th disc: 22 − 7.
        assert_eq!(score_of_bitbully(99), Some(15));
        // Ply 41 = the first player's 21st disc.
        assert_eq!(score_of_bitbully(71), Some(1));
        // Ply 42 = the second player's 21st disc.
        assert_eq!(score_of_bitbully(-70), Some(-1));
        assert_eq!(
            score_of_bitbully(98),
            None,
            "the first player never plays ply 14"
        );
        assert_eq!(score_of_bitbully(100), None);
    }

    #[test]
    fn a_file_of_broken_records_is_refused() {
        assert_eq!(
            import_bitbully(&[0; 7], |_| {}).unwrap_err(),
            ImportError::BadLength(7)
        );
        assert_eq!(
            import_bitbully(&[0; 5], |_| {}).unwrap_err(),
            ImportError::BadBoard { record: 0, code: 0 }
        );
        let mut rec = code([&[1, 1], &[2, 2], &[1, 1], &[2, 2], &[1, 1], &[2, 2], &[]])
            .to_be_bytes()
            .to_vec();
        rec.push(98);
        assert_eq!(
            import_bitbully(&rec, |_| {}).unwrap_err(),
            ImportError::BadScore {
                record: 0,
                value: 98
            }
        );
    }
}
