//! Board geometry and line detection on bitboards.
//!
//! Layout (after Tromp's Fhourstones and Pons' solver): a board of W columns
//! and H rows is a `u64` in column-major order with H+1 bits per column; cell
//! (column c, row r), both 0-based from the bottom-left, is bit `c*(H+1) + r`.
//! The spare top bit of every column is always 0, so a shift never carries a
//! run from one column into the next. Every board of docs/rules.md §5 fits:
//! 9×6 uses 63 bits, 8×6 56, 7×6 49, 6×5 36.
//!
//! A run of N discs in direction d is found by AND-ing the board with itself
//! shifted by d, 2d, … (N−1)d: the result has a bit at the lowest cell of
//! every run. Directions are 1 (vertical), H+1 (horizontal), H+2 (diagonal
//! up-right) and H (diagonal down-right). On the cylinder the first N−1
//! columns are copied beyond the last one in a `u128`, so lines across the
//! seam become ordinary runs.

/// A set of cells as bits in the layout above.
pub type Bitboard = u64;

/// Board shape and the masks derived from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
    bottom: Bitboard,
    board: Bitboard,
}

impl Geometry {
    /// A W×H board.
    ///
    /// # Panics
    /// (At compile time for the variant tables.) If `width * (height + 1) > 64`
    /// or `width > 26`.
    pub const fn new(width: u8, height: u8) -> Geometry {
        assert!(width as u32 * (height as u32 + 1) <= 64 && width >= 1 && width <= 26);
        assert!(height >= 1);
        let stride = height as u32 + 1;
        let mut bottom = 0u64;
        let mut c = 0;
        while c < width as u32 {
            bottom |= 1u64 << (c * stride);
            c += 1;
        }
        let column = (1u64 << height) - 1;
        Geometry {
            width,
            height,
            bottom,
            board: bottom * column,
        }
    }

    /// Columns.
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Rows.
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Bits per column (height + 1).
    pub const fn stride(&self) -> u32 {
        self.height as u32 + 1
    }

    /// Playable cells: W×H.
    pub const fn cells(&self) -> u32 {
        self.width as u32 * self.height as u32
    }

    /// The bottom cell of every column.
    pub const fn bottom_mask(&self) -> Bitboard {
        self.bottom
    }

    /// Every playable cell.
    pub const fn board_mask(&self) -> Bitboard {
        self.board
    }

    /// The cells of column `column` (0-based).
    pub const fn column_mask(&self, column: u8) -> Bitboard {
        ((1u64 << self.height) - 1) << (column as u32 * self.stride())
    }

    /// The bottom cell of column `column` (0-based).
    pub const fn bottom_cell(&self, column: u8) -> Bitboard {
        1u64 << (column as u32 * self.stride())
    }

    /// The bit of cell (`column`, `row`), both 0-based.
    pub const fn cell_bit(&self, column: u8, row: u8) -> Bitboard {
        1u64 << (column as u32 * self.stride() + row as u32)
    }

    /// Whether `discs` holds a line of at least `connect` cells; `wrap` lets
    /// horizontal and diagonal lines cross the seam (cylinder).
    #[inline]
    pub fn has_line(&self, discs: Bitboard, connect: u8, wrap: bool) -> bool {
        if runs64(discs, 1, connect) != 0 {
            return true;
        }
        let s = self.stride();
        if wrap {
            let ext = self.wrapped(discs, connect);
            runs128(ext, s, connect) | runs128(ext, s + 1, connect) | runs128(ext, s - 1, connect)
                != 0
        } else {
            runs64(discs, s, connect)
                | runs64(discs, s + 1, connect)
                | runs64(discs, s - 1, connect)
                != 0
        }
    }

    /// Every cell of `discs` that belongs to a line of at least `connect`
    /// cells (all directions; across the seam when `wrap`).
    pub fn line_cells(&self, discs: Bitboard, connect: u8, wrap: bool) -> Bitboard {
        let s = self.stride();
        let mut cells = spread64(runs64(discs, 1, connect), 1, connect);
        if wrap {
            let ext = self.wrapped(discs, connect);
            let mut e = 0u128;
            for d in [s, s + 1, s - 1] {
                e |= spread128(runs128(ext, d, connect), d, connect);
            }
            let span = self.width as u32 * s;
            let low = (e & ((1u128 << span) - 1)) as u64;
            let high = (e >> span) as u64;
            cells |= low | high;
        } else {
            for d in [s, s + 1, s - 1] {
                cells |= spread64(runs64(discs, d, connect), d, connect);
            }
        }
        cells & discs
    }

    /// `discs` with its first `connect − 1` columns copied beyond the last.
    fn wrapped(&self, discs: Bitboard, connect: u8) -> u128 {
        let s = self.stride();
        let copied = (connect as u32 - 1).min(self.width as u32);
        let first = if copied * s >= 64 {
            u64::MAX
        } else {
            (1u64 << (copied * s)) - 1
        };
        discs as u128 | (((discs & first) as u128) << (self.width as u32 * s))
    }

    /// Mirrors a board left↔right (column c ↔ W−1−c).
    pub fn mirror(&self, discs: Bitboard) -> Bitboard {
        let mut out = 0;
        for c in 0..self.width {
            let col = (discs & self.column_mask(c)) >> (c as u32 * self.stride());
            out |= col << ((self.width - 1 - c) as u32 * self.stride());
        }
        out
    }
}

#[inline]
fn runs64(b: u64, d: u32, n: u8) -> u64 {
    let mut r = b;
    for i in 1..n as u32 {
        r &= b >> (i * d);
    }
    r
}

#[inline]
fn runs128(b: u128, d: u32, n: u8) -> u128 {
    let mut r = b;
    for i in 1..n as u32 {
        r &= b >> (i * d);
    }
    r
}

fn spread64(starts: u64, d: u32, n: u8) -> u64 {
    (0..n as u32).fold(0, |acc, i| acc | (starts << (i * d)))
}

fn spread128(starts: u128, d: u32, n: u8) -> u128 {
    (0..n as u32).fold(0, |acc, i| acc | (starts << (i * d)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Geometry = Geometry::new(7, 6);

    fn cells(list: &[(u8, u8)]) -> Bitboard {
        list.iter().fold(0, |b, &(c, r)| b | G.cell_bit(c, r))
    }

    #[test]
    fn masks_have_the_expected_shape() {
        assert_eq!(G.board_mask().count_ones(), 42);
        assert_eq!(G.bottom_mask().count_ones(), 7);
        assert_eq!(G.column_mask(3).count_ones(), 6);
        assert_eq!(Geometry::new(9, 6).board_mask().count_ones(), 54);
        assert_eq!(Geometry::new(9, 6).board_mask().leading_zeros(), 2);
    }

    #[test]
    fn lines_in_every_direction_are_found_and_three_is_not_a_line() {
        let horizontal = cells(&[(1, 2), (2, 2), (3, 2), (4, 2)]);
        let vertical = cells(&[(6, 2), (6, 3), (6, 4), (6, 5)]);
        let up = cells(&[(0, 0), (1, 1), (2, 2), (3, 3)]);
        let down = cells(&[(3, 5), (4, 4), (5, 3), (6, 2)]);
        for b in [horizontal, vertical, up, down] {
            assert!(G.has_line(b, 4, false));
            assert_eq!(G.line_cells(b, 4, false), b);
            let three = b & (b - 1);
            assert!(!G.has_line(three, 4, false));
            assert_eq!(G.line_cells(three, 4, false), 0);
        }
    }

    #[test]
    fn no_line_runs_from_the_top_of_one_column_to_the_bottom_of_the_next() {
        // a5 a6 b1 b2: consecutive bits apart from the spare bit.
        let b = cells(&[(0, 4), (0, 5), (1, 0), (1, 1)]);
        assert!(!G.has_line(b, 4, false));
        assert!(!G.has_line(b, 4, true));
    }

    #[test]
    fn only_the_cylinder_wraps() {
        let seam = cells(&[(5, 1), (6, 1), (0, 1), (1, 1)]);
        assert!(!G.has_line(seam, 4, false));
        assert!(G.has_line(seam, 4, true));
        assert_eq!(G.line_cells(seam, 4, true), seam);
        let diag = cells(&[(5, 0), (6, 1), (0, 2), (1, 3)]);
        assert!(G.has_line(diag, 4, true));
        assert_eq!(G.line_cells(diag, 4, true), diag);
        let anti = cells(&[(5, 3), (6, 2), (0, 1), (1, 0)]);
        assert!(G.has_line(anti, 4, true));
        assert!(!G.has_line(anti, 4, false));
    }

    #[test]
    fn mirror_swaps_columns() {
        assert_eq!(G.mirror(cells(&[(0, 0), (2, 3)])), cells(&[(6, 0), (4, 3)]));
    }
}
