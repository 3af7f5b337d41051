//! Where everything goes on the picture: image size, cell size and the
//! pixel centre of every cell, for each variant's board.

use fourbot_core::game::{Cell, Variant};

/// Largest cell size in px (boards of up to 7 display columns).
const MAX_CELL: u32 = 86;
/// Wider boards shrink their cells so the picture stays at most about this
/// many px wide.
const MAX_WIDTH: f32 = 800.0;

/// The pixel geometry of a variant's picture. All lengths are in px; x grows
/// to the right and y downwards from the top-left corner of the image.
///
/// From left to right: the row-number margin, (cylinder only) a faded copy
/// of the last column, the board frame with its W columns, (cylinder only) a
/// faded copy of column a, and a right margin as wide as the left one. Above
/// the board is a margin for the preview arrow, below it the column letters.
/// A classic 7×6 board is 698×620 px; every board of docs/rules.md §5 is at most
/// 800 px wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    columns: u8,
    rows: u8,
    wrap: bool,
    cell: u32,
    pad: u32,
    ghost: u32,
    margin_side: u32,
    margin_top: u32,
    margin_bottom: u32,
}

impl Layout {
    /// The layout of `variant`'s board.
    pub fn new(variant: Variant) -> Layout {
        let rules = variant.rules();
        let columns = rules.geometry.width();
        let rows = rules.geometry.height();
        // Margins and padding take about 1.1 cells, the cylinder's two faded
        // columns and their gaps 2.2 more.
        let display = columns as f32 + if rules.wrap { 3.3 } else { 1.1 };
        let fit = (MAX_WIDTH / display) as u32;
        let cell = MAX_CELL.min(fit) & !1;
        let pad = (cell as f32 * 0.1).round() as u32;
        Layout {
            columns,
            rows,
            wrap: rules.wrap,
            cell,
            pad,
            ghost: if rules.wrap { cell + pad } else { 0 },
            margin_side: (cell as f32 * 0.45).round() as u32,
            margin_top: (cell as f32 * 0.5).round() as u32,
            margin_bottom: (cell as f32 * 0.5).round() as u32,
        }
    }

    /// Image width in px.
    pub fn width(&self) -> u32 {
        2 * (self.margin_side + self.ghost + self.pad) + self.columns as u32 * self.cell
    }

    /// Image height in px.
    pub fn height(&self) -> u32 {
        self.margin_top + self.margin_bottom + 2 * self.pad + self.rows as u32 * self.cell
    }

    /// Side of one cell's square in px.
    pub fn cell_size(&self) -> u32 {
        self.cell
    }

    /// Board columns (W).
    pub fn columns(&self) -> u8 {
        self.columns
    }

    /// Board rows (H).
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Whether faded neighbour columns are shown beyond both edges (cylinder).
    pub fn wraps(&self) -> bool {
        self.wrap
    }

    /// Left edge in px of the square of 0-based `column`; columns −1 and W
    /// are the faded copies beyond the edges on the cylinder.
    pub fn column_left(&self, column: i32) -> f32 {
        let left = (self.margin_side + self.ghost + self.pad) as f32;
        left + column as f32 * self.cell as f32
            + match column {
                c if c < 0 => -(self.pad as f32),
                c if c >= self.columns as i32 => self.pad as f32,
                _ => 0.0,
            }
    }

    /// Top edge in px of the square of 0-based `row` (row 0 is the bottom).
    pub fn row_top(&self, row: i32) -> f32 {
        let top = (self.margin_top + self.pad) as f32;
        top + (self.rows as i32 - 1 - row) as f32 * self.cell as f32
    }

    /// Centre in px of the cell at 0-based (`column`, `row`); `column` may be
    /// −1 or W for the faded copies on the cylinder.
    pub fn center_at(&self, column: i32, row: i32) -> (f32, f32) {
        let half = self.cell as f32 / 2.0;
        (self.column_left(column) + half, self.row_top(row) + half)
    }

    /// Centre in px of `cell`.
    pub fn cell_center(&self, cell: Cell) -> (f32, f32) {
        self.center_at(cell.column as i32, cell.row as i32)
    }

    /// The board frame (x, y, width, height) in px, around the holes.
    pub fn frame(&self) -> (f32, f32, f32, f32) {
        let x = (self.margin_side + self.ghost) as f32;
        let y = self.margin_top as f32;
        let w = (self.columns as u32 * self.cell + 2 * self.pad) as f32;
        let h = (self.rows as u32 * self.cell + 2 * self.pad) as f32;
        (x, y, w, h)
    }

    /// Frame padding around the holes in px.
    pub fn pad(&self) -> f32 {
        self.pad as f32
    }

    /// Centre in px of the row-number label of 0-based `row` (left margin).
    pub fn row_label(&self, row: u8) -> (f32, f32) {
        let half = self.cell as f32 / 2.0;
        (
            self.margin_side as f32 * 0.55,
            self.row_top(row as i32) + half,
        )
    }

    /// Centre in px of the letter below 0-based `column` (−1 and W on the
    /// cylinder label the faded copies).
    pub fn column_label(&self, column: i32) -> (f32, f32) {
        let half = self.cell as f32 / 2.0;
        let y = (self.height() - self.margin_bottom) as f32 + self.margin_bottom as f32 * 0.5;
        (self.column_left(column) + half, y)
    }

    /// Centre in px of the preview arrow above 0-based `column`.
    pub fn arrow(&self, column: u8) -> (f32, f32) {
        let half = self.cell as f32 / 2.0;
        (
            self.column_left(column as i32) + half,
            self.margin_top as f32 * 0.5,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_is_about_700_px_wide() {
        let l = Layout::new(Variant::Classic);
        assert_eq!((l.width(), l.height()), (698, 620));
        assert_eq!(l.cell_size(), 86);
    }

    #[test]
    fn every_variant_fits_in_800_px() {
        for v in Variant::ALL {
            let l = Layout::new(v);
            assert!(l.width() <= 800 && l.height() <= 800, "{v}: {l:?}");
            assert!(l.cell_size() >= 70, "{v}: {l:?}");
        }
    }

    #[test]
    fn cells_are_inside_the_frame_and_row_one_is_at_the_bottom() {
        let l = Layout::new(Variant::Classic);
        let (fx, fy, fw, fh) = l.frame();
        let (x0, y0) = l.cell_center(Cell::new(0, 0));
        let (x6, y5) = l.cell_center(Cell::new(6, 5));
        assert!(x0 > fx && x6 < fx + fw && y5 > fy && y0 < fy + fh);
        assert!(y0 > y5, "row 1 is drawn below row 6");
        assert!(x6 > x0, "column a is on the left");
    }
}
