//! Block layouts of the `obstacles` variant (docs/rules.md §5).
//!
//! Four grey blocks in two mirrored pairs: a block in column x row r and one
//! in the mirror column W−1−x, row r. Each block stands on the bottom row or
//! directly on another block, and never in the middle column. On 7×6 there
//! are exactly six such layouts.

use std::fmt;

/// One step of SplitMix64 (Steele, Lea & Flood, "Fast splittable
/// pseudorandom number generators", 2014): a well-mixed 64-bit value from
/// `seed`, the same on every build and platform. Used wherever the rules
/// draw something from a seed (obstacles layouts, openings).
pub fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

use super::bitboard::{Bitboard, Geometry};
use super::cell::Cell;

/// Blocks in a layout.
pub const BLOCKS: usize = 4;

/// A valid layout of four blocks on a board of a given width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ObstacleLayout {
    cells: [Cell; BLOCKS],
}

/// Why a set of cells is not a valid obstacles layout.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// Not exactly four distinct cells.
    #[error("an obstacles layout has exactly 4 blocks, got {0}")]
    Count(usize),
    /// A cell outside the board.
    #[error("block {0} is not on the board")]
    OffBoard(Cell),
    /// The same cell named twice.
    #[error("block {0} is named twice")]
    Duplicate(Cell),
    /// A block in the middle column.
    #[error("block {0} is in the middle column")]
    MiddleColumn(Cell),
    /// A block whose mirror cell holds no block.
    #[error("block {0} has no mirrored block in {1}")]
    NotMirrored(Cell, Cell),
    /// A block above an empty cell.
    #[error("block {0} is neither on the bottom row nor on another block")]
    Floating(Cell),
}

impl ObstacleLayout {
    /// Checks `cells` against the layout rule on a board of `geometry`.
    ///
    /// # Errors
    /// A [`LayoutError`] naming the first offending block.
    pub fn new(geometry: &Geometry, cells: &[Cell]) -> Result<ObstacleLayout, LayoutError> {
        if cells.len() != BLOCKS {
            return Err(LayoutError::Count(cells.len()));
        }
        let w = geometry.width();
        let mut set: Bitboard = 0;
        for &c in cells {
            if c.column >= w || c.row >= geometry.height() {
                return Err(LayoutError::OffBoard(c));
            }
            let bit = geometry.cell_bit(c.column, c.row);
            if set & bit != 0 {
                return Err(LayoutError::Duplicate(c));
            }
            set |= bit;
        }
        for &c in cells {
            if w % 2 == 1 && c.column == w / 2 {
                return Err(LayoutError::MiddleColumn(c));
            }
            let m = Cell::new(w - 1 - c.column, c.row);
            if set & geometry.cell_bit(m.column, m.row) == 0 {
                return Err(LayoutError::NotMirrored(c, m));
            }
            if c.row > 0 && set & geometry.cell_bit(c.column, c.row - 1) == 0 {
                return Err(LayoutError::Floating(c));
            }
        }
        let mut sorted = [cells[0], cells[1], cells[2], cells[3]];
        sorted.sort();
        Ok(ObstacleLayout { cells: sorted })
    }

    /// Every valid layout on a board of `geometry`, in a fixed order.
    pub fn all(geometry: &Geometry) -> Vec<ObstacleLayout> {
        let half = geometry.width() / 2; // columns left of the middle
        let mut out = Vec::new();
        for a in 0..half {
            for b in a..half {
                let left = if a == b {
                    [Cell::new(a, 0), Cell::new(a, 1)]
                } else {
                    [Cell::new(a, 0), Cell::new(b, 0)]
                };
                let w = geometry.width();
                let cells = [
                    left[0],
                    left[1],
                    Cell::new(w - 1 - left[0].column, left[0].row),
                    Cell::new(w - 1 - left[1].column, left[1].row),
                ];
                if let Ok(layout) = ObstacleLayout::new(geometry, &cells) {
                    out.push(layout);
                }
            }
        }
        out
    }

    /// The layout drawn from `seed`: a uniform pick among [`Self::all`] by a
    /// SplitMix64 step (Steele, Lea & Flood 2014), reproducible across builds.
    pub fn from_seed(geometry: &Geometry, seed: u64) -> ObstacleLayout {
        let all = Self::all(geometry);
        all[(splitmix64(seed) % all.len() as u64) as usize]
    }

    /// The four block cells, sorted by column then row.
    pub fn cells(&self) -> &[Cell; BLOCKS] {
        &self.cells
    }

    /// The blocks as a bitboard of `geometry`.
    pub fn bitboard(&self, geometry: &Geometry) -> Bitboard {
        self.cells
            .iter()
            .fold(0, |b, c| b | geometry.cell_bit(c.column, c.row))
    }
}

/// Prints the cells separated by spaces, e.g. `b1 b2 f1 f2`.
impl fmt::Display for ObstacleLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Geometry = Geometry::new(7, 6);

    #[test]
    fn seven_wide_has_six_layouts_all_valid() {
        let all = ObstacleLayout::all(&G);
        assert_eq!(all.len(), 6);
        for l in &all {
            assert!(ObstacleLayout::new(&G, l.cells()).is_ok());
        }
    }

    #[test]
    fn bad_layouts_are_refused_with_the_reason() {
        let c = |s: &str| {
            let b = s.as_bytes();
            Cell::new(b[0] - b'a', b[1] - b'1')
        };
        let l = |s: &str| s.split(' ').map(c).collect::<Vec<_>>();
        assert_eq!(
            ObstacleLayout::new(&G, &l("b1 f1 b2")),
            Err(LayoutError::Count(3))
        );
        assert_eq!(
            ObstacleLayout::new(&G, &l("d1 d2 b1 f1")),
            Err(LayoutError::MiddleColumn(c("d1")))
        );
        assert_eq!(
            ObstacleLayout::new(&G, &l("a1 f1 c1 g1")),
            Err(LayoutError::NotMirrored(c("f1"), c("b1")))
        );
        assert_eq!(
            ObstacleLayout::new(&G, &l("a1 g1 b3 f3")),
            Err(LayoutError::Floating(c("b3")))
        );
        assert_eq!(
            ObstacleLayout::new(&G, &l("a1 g1 a1 g1")),
            Err(LayoutError::Duplicate(c("a1")))
        );
        assert!(ObstacleLayout::new(&G, &l("b1 f1 b2 f2")).is_ok());
    }

    #[test]
    fn seeds_draw_every_layout() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            seen.insert(ObstacleLayout::from_seed(&G, seed));
        }
        assert_eq!(seen.len(), 6);
    }
}
