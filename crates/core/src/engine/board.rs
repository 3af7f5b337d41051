//! A specialised 7×6 two-bitboard position for the exact solver.
//!
//! Same bit layout as [`crate::game::bitboard`]: column-major, 7 bits per
//! column (6 cells and a spare top bit), cell (c, r) = bit `7c + r`. The
//! position is two `u64`s: `current` (the discs of the side to move) and
//! `mask` (every disc). `current + mask` (plus the bottom row) is a unique
//! key of the position, as in Pons' solver write-up: adding the mask to the
//! mover's discs sets one bit above the top of each column, which records
//! both the column heights and the colours.

use crate::game::{Color, Position, Variant};

/// Board width (columns).
pub const WIDTH: u32 = 7;
/// Board height (rows).
pub const HEIGHT: u32 = 6;
/// Bits per column.
const STRIDE: u32 = HEIGHT + 1;
/// Number of cells: 42.
pub const CELLS: u32 = WIDTH * HEIGHT;

/// The bottom cell of every column.
pub const BOTTOM: u64 = bottom_mask();
/// Every playable cell.
pub const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

const fn bottom_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * STRIDE);
        c += 1;
    }
    m
}

/// The cells of 0-based column `c`.
#[inline]
pub const fn column_mask(c: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (c * STRIDE)
}

#[inline]
const fn top_cell(c: u32) -> u64 {
    1 << (HEIGHT - 1 + c * STRIDE)
}

#[inline]
const fn bottom_cell(c: u32) -> u64 {
    1 << (c * STRIDE)
}

/// A 7×6 classic-rules position: the side to move's discs, all discs, and
/// the number of discs played (plies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    current: u64,
    mask: u64,
    moves: u32,
}

/// Why a move string cannot be played on a [`Board`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A character that is not a column 1–7 or a–g.
    #[error("ply {ply}: \"{token}\" is not a column (1-7 or a-g)")]
    NotAColumn {
        /// 1-based ply.
        ply: usize,
        /// The character.
        token: char,
    },
    /// A drop into a full column.
    #[error("ply {ply}: column {column} is full")]
    ColumnFull {
        /// 1-based ply.
        ply: usize,
        /// 1-based column.
        column: u32,
    },
    /// A move that completes a line of four: the solver takes only
    /// positions where the game goes on.
    #[error("ply {ply}: this move completes a line of four, so the game is over")]
    CompletesLine {
        /// 1-based ply.
        ply: usize,
    },
    /// A position of another board or rule set (pops, wrap, blocks, …).
    #[error("the exact solver only handles 7×6 classic-rules positions")]
    NotClassic,
}

impl Board {
    /// The empty board.
    pub const fn new() -> Board {
        Board {
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    /// Plays a move string: 1-based column digits (`4453`) or column letters
    /// (`ddec`, any case); spaces are ignored.
    ///
    /// # Errors
    /// The first bad character, full column or move that completes a line
    /// (the game would be over).
    pub fn from_moves(text: &str) -> Result<Board, BoardError> {
        let mut columns = Vec::new();
        for (i, ch) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
            columns.push(match ch {
                '1'..='7' => ch as u32 - '1' as u32,
                'a'..='g' => ch as u32 - 'a' as u32,
                'A'..='G' => ch as u32 - 'A' as u32,
                _ => {
                    return Err(BoardError::NotAColumn {
                        ply: i + 1,
                        token: ch,
                    })
                }
            });
        }
        Board::from_columns(columns)
    }

    /// Drops into 0-based columns in turn from the empty board (a move list
    /// read by [`crate::game::notation`]).
    ///
    /// # Errors
    /// The first full (or missing) column or move that completes a line
    /// (the game would be over).
    pub fn from_columns(columns: impl IntoIterator<Item = u32>) -> Result<Board, BoardError> {
        let mut b = Board::new();
        for (i, c) in columns.into_iter().enumerate() {
            let ply = i + 1;
            if c >= WIDTH || !b.can_play(c) {
                return Err(BoardError::ColumnFull { ply, column: c + 1 });
            }
            if b.is_winning_move(c) {
                return Err(BoardError::CompletesLine { ply });
            }
            b.play_column(c);
        }
        Ok(b)
    }

    /// The board of a 7×6 classic-rules [`Position`] (classic, single,
    /// random-opening, teams) that is not over.
    ///
    /// # Errors
    /// [`BoardError::NotClassic`] for any other variant.
    pub fn from_position(p: &Position) -> Result<Board, BoardError> {
        if !is_classic(p.variant()) {
            return Err(BoardError::NotClassic);
        }
        let mover = p.to_move();
        let other = if mover == Color::Red {
            Color::Yellow
        } else {
            Color::Red
        };
        let current = p.discs(mover);
        let mask = current | p.discs(other);
        Ok(Board {
            current,
            mask,
            moves: mask.count_ones(),
        })
    }

    /// The position with `current` the side to move's discs and `mask`
    /// every disc (bit layout of the module docs); the number of plies is
    /// the number of discs. The caller vouches that it is a position of the
    /// game (gravity, disc counts).
    pub(crate) const fn from_parts(current: u64, mask: u64) -> Board {
        Board {
            current,
            mask,
            moves: mask.count_ones(),
        }
    }

    /// The position of a key [`Board::key`] (or [`Board::mirror_key`], for
    /// the mirror image): inverse of `key`.
    pub fn from_key(key: u64) -> Board {
        // Each column holds its discs below a marker bit: the mask of a
        // column is every bit below the marker.
        let mut mask = 0;
        for c in 0..WIDTH {
            let col = (key >> (c * STRIDE)) & ((1 << STRIDE) - 1);
            let marker = 63 - col.leading_zeros();
            mask |= ((1u64 << marker) - 1) << (c * STRIDE);
        }
        let current = (key - mask - BOTTOM) & mask;
        Board::from_parts(current, mask)
    }

    /// Whether either side already has a line of four on the board.
    pub fn has_line(&self) -> bool {
        has_line(self.current) || has_line(self.current ^ self.mask)
    }

    /// Discs played so far (plies).
    #[inline]
    pub const fn moves(&self) -> u32 {
        self.moves
    }

    /// The side to move's discs.
    #[inline]
    pub const fn current(&self) -> u64 {
        self.current
    }

    /// Every disc.
    #[inline]
    pub const fn mask(&self) -> u64 {
        self.mask
    }

    /// A unique key of the position (< 2^49): `current + mask + bottom`.
    #[inline]
    pub const fn key(&self) -> u64 {
        self.current + self.mask + BOTTOM
    }

    /// The key of the mirrored position (column c ↔ 6−c).
    pub fn mirror_key(&self) -> u64 {
        mirror(self.key())
    }

    /// The smaller of [`Board::key`] and [`Board::mirror_key`]: equal for a
    /// position and its mirror image.
    pub fn symmetric_key(&self) -> u64 {
        let k = self.key();
        k.min(mirror(k))
    }

    /// Whether column `c` (0-based) has room.
    #[inline]
    pub const fn can_play(&self, c: u32) -> bool {
        self.mask & top_cell(c) == 0
    }

    /// Drops a disc of the side to move into column `c` (0-based, not full).
    #[inline]
    pub fn play_column(&mut self, c: u32) {
        self.play_bit((self.mask + bottom_cell(c)) & column_mask(c));
    }

    /// Plays the move given as the single cell bit where the disc lands.
    #[inline]
    pub fn play_bit(&mut self, bit: u64) {
        self.current ^= self.mask;
        self.mask |= bit;
        self.moves += 1;
    }

    /// Whether dropping into column `c` completes a line of four for the
    /// side to move.
    #[inline]
    pub fn is_winning_move(&self, c: u32) -> bool {
        self.winning_cells() & self.possible() & column_mask(c) != 0
    }

    /// Whether the side to move can win with its next disc.
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// The cells where a disc could be played now (one per non-full column).
    #[inline]
    pub const fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// Empty cells that would complete a line for the side to move.
    #[inline]
    pub fn winning_cells(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    /// Empty cells that would complete a line for the opponent.
    #[inline]
    pub fn opponent_winning_cells(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    /// The playable cells that do not lose at once: not letting the opponent
    /// win next (forced to block a single threat; none if the opponent has two
    /// or more immediate threats), and not playing under an opponent's
    /// winning cell. Call only when the side to move cannot win at once.
    #[inline]
    pub fn non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opp = self.opponent_winning_cells();
        let forced = possible & opp;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opp >> 1)
    }

    /// A move-ordering score: how many winning cells the side to move has
    /// after playing `bit` (its open threats).
    #[inline]
    pub fn move_score(&self, bit: u64) -> u32 {
        winning_cells(self.current | bit, self.mask).count_ones()
    }

    /// The 7×6 score of a position where the side to move wins at once:
    /// `22 − k` for a win with the k-th own disc (testdata/README.md).
    #[inline]
    pub const fn win_now_score(&self) -> i32 {
        (CELLS as i32 + 1 - self.moves as i32) / 2
    }
}

/// Whether a variant plays classic rules on 7×6, so the exact solver applies.
pub fn is_classic(v: Variant) -> bool {
    matches!(
        v,
        Variant::Classic | Variant::Single | Variant::RandomOpening | Variant::Teams
    )
}

/// Mirrors a bitboard (or key) left↔right.
pub fn mirror(b: u64) -> u64 {
    let col = (1u64 << STRIDE) - 1;
    let mut out = 0;
    for c in 0..WIDTH {
        out |= ((b >> (c * STRIDE)) & col) << ((WIDTH - 1 - c) * STRIDE);
    }
    out
}

/// Whether `discs` contain four in a row in any direction.
pub fn has_line(discs: u64) -> bool {
    [1, STRIDE, STRIDE - 1, STRIDE + 1].into_iter().any(|d| {
        let m = discs & (discs >> d);
        m & (m >> (2 * d)) != 0
    })
}

/// Empty cells that would complete a line of four for `discs`, given every
/// filled cell `mask` (the cells may be unreachable yet: "threats").
#[inline]
pub fn winning_cells(discs: u64, mask: u64) -> u64 {
    // Vertical: three on top of each other, the cell above.
    let mut r = (discs << 1) & (discs << 2) & (discs << 3);
    for d in [STRIDE, STRIDE - 1, STRIDE + 1] {
        // Left-to-right in direction d.
        let p = (discs << d) & (discs << (2 * d));
        r |= p & (discs << (3 * d)); // xxx_ : the cell right of three
        r |= p & (discs >> d); // xx_x
        let p = (discs >> d) & (discs >> (2 * d));
        r |= p & (discs >> (3 * d)); // _xxx
        r |= p & (discs << d); // x_xx
    }
    r & (BOARD ^ mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_is_unique_for_colours_and_heights() {
        let a = Board::from_moves("4453").unwrap();
        let b = Board::from_moves("3454").unwrap();
        let c = Board::from_moves("5344").unwrap();
        assert_eq!(a.key(), c.key());
        assert_ne!(a.key(), b.key());
    }

    #[test]
    fn a_vertical_three_is_a_threat_above() {
        let b = Board::from_moves("141414").unwrap();
        assert!(b.can_win_next());
        assert!(b.is_winning_move(0));
        assert!(!b.is_winning_move(3));
    }

    #[test]
    fn winning_moves_and_bad_columns_are_refused() {
        assert_eq!(
            Board::from_moves("1414141").unwrap_err(),
            BoardError::CompletesLine { ply: 7 }
        );
        assert_eq!(
            Board::from_moves("48").unwrap_err(),
            BoardError::NotAColumn { ply: 2, token: '8' }
        );
        assert_eq!(
            Board::from_moves("1111111").unwrap_err(),
            BoardError::ColumnFull { ply: 7, column: 1 }
        );
    }

    #[test]
    fn mirror_keys_agree() {
        let a = Board::from_moves("1243").unwrap();
        let b = Board::from_moves("7645").unwrap();
        assert_eq!(a.symmetric_key(), b.symmetric_key());
        assert_eq!(a.mirror_key(), b.key());
    }

    #[test]
    fn position_conversion_matches_move_strings() {
        let moves = crate::game::notation::parse_moves("4453", Variant::Classic).unwrap();
        let g = crate::game::Game::from_moves(Position::new(Variant::Classic), &moves).unwrap();
        let b = Board::from_position(g.position()).unwrap();
        assert_eq!(b, Board::from_moves("4453").unwrap());
    }
}
