//! Cells and moves, with their docs/rules.md §2 names.

use std::fmt;

/// A cell of the board: `column` and `row` are 0-based from the bottom-left;
/// printed as letter + 1-based row (`d1` is the bottom middle cell of 7×6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// 0-based column from the left.
    pub column: u8,
    /// 0-based row from the bottom.
    pub row: u8,
}

impl Cell {
    /// The cell at 0-based (`column`, `row`).
    pub const fn new(column: u8, row: u8) -> Cell {
        Cell { column, row }
    }
}

/// The letter of a 0-based column: 0 → `a`.
pub fn column_letter(column: u8) -> char {
    (b'a' + column) as char
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_letter(self.column), self.row + 1)
    }
}

/// A move: drop a disc into a column, or (popout) pop an own disc from the
/// bottom of a column. Columns are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Drop a disc into the 0-based column; it lands on the lowest empty cell.
    Drop(u8),
    /// Pop (popout): remove the mover's disc from the bottom cell of the
    /// 0-based column; the discs above move down one cell.
    Pop(u8),
}

impl Move {
    /// The 0-based column the move acts on.
    pub const fn column(self) -> u8 {
        match self {
            Move::Drop(c) | Move::Pop(c) => c,
        }
    }

    /// The same move in the mirrored column of a board `width` wide.
    pub const fn mirrored(self, width: u8) -> Move {
        match self {
            Move::Drop(c) => Move::Drop(width - 1 - c),
            Move::Pop(c) => Move::Pop(width - 1 - c),
        }
    }
}

/// Prints docs/rules.md §2 notation: `d` for a drop, `-d` for a pop.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Drop(c) => write!(f, "{}", column_letter(c)),
            Move::Pop(c) => write!(f, "-{}", column_letter(c)),
        }
    }
}
