//! Draws a scene (a position plus what to mark on it) into an RGBA pixmap
//! with tiny-skia (anti-aliased paths) and ab_glyph (labels).

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use tiny_skia::{FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

use super::layout::Layout;
use super::theme::{self, Rgb};
use fourbot_core::game::{column_letter, Cell, Color, Move, Position};

/// What to draw: a position and the marks on it.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    /// The position.
    pub position: &'a Position,
    /// The move that led to it, to mark (ring round the disc it dropped, or
    /// round the bottom cell of the column it popped).
    pub last: Option<Move>,
    /// Column (0-based) whose landing cell shows a faded disc of the side to
    /// move, with an arrow above it. Must be a legal drop.
    pub preview: Option<u8>,
    /// Highlight the completed lines (only drawn once the game is over).
    pub highlight: bool,
}

struct Canvas {
    pixmap: Pixmap,
    cell: f32,
}

fn paint(c: Rgb) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c[0], c[1], c[2], 255);
    p.anti_alias = true;
    p
}

fn circle(x: f32, y: f32, r: f32) -> Path {
    PathBuilder::from_circle(x, y, r).expect("a positive radius")
}

fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.quad_to(x + w, y, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.quad_to(x + w, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.quad_to(x, y + h, x, y + h - r);
    pb.line_to(x, y + r);
    pb.quad_to(x, y, x + r, y);
    pb.close();
    pb.finish().expect("a non-empty rectangle")
}

fn polygon(points: &[(f32, f32)]) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    for &(x, y) in &points[1..] {
        pb.line_to(x, y);
    }
    pb.close();
    pb.finish().expect("a polygon of at least two points")
}

impl Canvas {
    fn fill(&mut self, path: &Path, c: Rgb) {
        self.pixmap.fill_path(
            path,
            &paint(c),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }

    fn stroke(&mut self, path: &Path, c: Rgb, width: f32, cap: LineCap) {
        let stroke = Stroke {
            width,
            line_cap: cap,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        self.pixmap
            .stroke_path(path, &paint(c), &stroke, Transform::identity(), None);
    }

    fn ring(&mut self, (x, y): (f32, f32), c: Rgb) {
        let cell = self.cell;
        self.stroke(
            &circle(x, y, theme::RING_RADIUS * cell),
            c,
            theme::RING_WIDTH * cell,
            LineCap::Butt,
        );
    }

    /// A disc of `color` at `(x, y)`, its colours passed through `tone`
    /// (identity, faded, or preview).
    fn disc(&mut self, (x, y): (f32, f32), color: Color, tone: fn(Rgb) -> Rgb) {
        let cell = self.cell;
        self.fill(
            &circle(x, y, theme::DISC_RADIUS * cell),
            tone(theme::disc(color)),
        );
        let mc = tone(theme::mark_color(color));
        let w = theme::MARK_WIDTH * cell;
        let mark = theme::mark(color);
        let path = match theme::mark_corners(mark, x, y, cell) {
            None => circle(x, y, theme::MARK_RING_RADIUS * cell),
            Some(corners) => polygon(&corners),
        };
        self.stroke(&path, mc, w, LineCap::Butt);
    }

    fn block(&mut self, (x, y): (f32, f32), tone: fn(Rgb) -> Rgb) {
        let cell = self.cell;
        let h = theme::BLOCK_HALF * cell;
        self.fill(
            &rounded_rect(x - h, y - h, 2.0 * h, 2.0 * h, theme::BLOCK_CORNER * cell),
            tone(theme::BLOCK),
        );
        let i = theme::BLOCK_INSET_HALF * cell;
        self.stroke(
            &rounded_rect(
                x - i,
                y - i,
                2.0 * i,
                2.0 * i,
                theme::BLOCK_INSET_CORNER * cell,
            ),
            tone(theme::BLOCK_MARK),
            theme::BLOCK_INSET_WIDTH * cell,
            LineCap::Butt,
        );
    }

    fn content(&mut self, at: (f32, f32), what: Option<Color>, tone: fn(Rgb) -> Rgb) {
        match what {
            Some(color) => self.disc(at, color, tone),
            None => self.block(at, tone),
        }
    }

    fn segment(&mut self, a: (f32, f32), b: (f32, f32), c: Rgb, width: f32, cap: LineCap) {
        let mut pb = PathBuilder::new();
        pb.move_to(a.0, a.1);
        pb.line_to(b.0, b.1);
        if let Some(path) = pb.finish() {
            self.stroke(&path, c, width, cap);
        }
    }

    /// Draws `text` centred on `(x, y)`: lower-case letters are centred on
    /// their x-height, digits on their cap height.
    fn text(&mut self, text: &str, (x, y): (f32, f32), size: f32, c: Rgb) {
        let lower = text.chars().all(|ch| ch.is_lowercase());
        let baseline = y + if lower { 0.27 } else { 0.365 } * size;
        let left = x - super::text::width(text, size) / 2.0;
        super::text::draw(&mut self.pixmap, text, left, baseline, size, c);
    }
}

fn identity(c: Rgb) -> Rgb {
    c
}

/// The cell a move marks: the disc a drop left on top of its column, or the
/// bottom cell of a popped column.
pub(super) fn marked_cell(position: &Position, m: Move) -> Option<Cell> {
    let rows = position.rules().geometry.height();
    match m {
        Move::Drop(c) => (0..rows)
            .rev()
            .map(|r| Cell::new(c, r))
            .find(|&cell| position.at(cell).is_some()),
        Move::Pop(c) => Some(Cell::new(c, 0)),
    }
}

/// A new pixmap of `layout`'s size filled with the background colour, the
/// board frame and its holes drawn, and (cylinder) the faded neighbour
/// columns' frames and holes.
fn board(layout: &Layout) -> Canvas {
    let mut pixmap = Pixmap::new(layout.width(), layout.height()).expect("a non-empty picture");
    let bg = theme::BACKGROUND;
    pixmap.fill(tiny_skia::Color::from_rgba8(bg[0], bg[1], bg[2], 255));
    let cell = layout.cell_size() as f32;
    let mut cv = Canvas { pixmap, cell };
    let columns = layout.columns() as i32;
    let rows = layout.rows() as i32;

    // The board and its holes.
    let (fx, fy, fw, fh) = layout.frame();
    cv.fill(
        &rounded_rect(fx, fy, fw, fh, theme::FRAME_CORNER * cell),
        theme::BOARD,
    );
    for c in 0..columns {
        for r in 0..rows {
            cv.fill(
                &circle_at(layout.center_at(c, r), theme::HOLE_RADIUS * cell),
                theme::HOLE,
            );
        }
    }

    // Cylinder: the neighbour column beyond each edge, faded (its discs
    // are drawn after the winning bars, like the board's own).
    for (shown, _) in ghost_columns(layout) {
        let x = layout.column_left(shown);
        cv.fill(
            &rounded_rect(x, fy, cell, fh, theme::FRAME_CORNER * cell),
            theme::ghost(theme::BOARD),
        );
        for r in 0..rows {
            cv.fill(
                &circle_at(layout.center_at(shown, r), theme::HOLE_RADIUS * cell),
                theme::ghost(theme::HOLE),
            );
        }
    }
    cv
}

/// The columns shown faded beyond the edges on the cylinder, as (shown
/// column −1 or W, the board column it copies); none on other boards.
pub(super) fn ghost_columns(layout: &Layout) -> Vec<(i32, i32)> {
    let columns = layout.columns() as i32;
    if layout.wraps() {
        vec![(-1, columns - 1), (columns, 0)]
    } else {
        Vec::new()
    }
}

/// Labels: row numbers on the left, column letters below (docs/rules.md §2).
fn labels(cv: &mut Canvas, layout: &Layout) {
    let size = theme::LABEL_SIZE * cv.cell;
    for r in 0..layout.rows() {
        cv.text(
            &(r + 1).to_string(),
            layout.row_label(r),
            size,
            theme::LABEL,
        );
    }
    for c in 0..layout.columns() {
        let letter = column_letter(c).to_string();
        cv.text(&letter, layout.column_label(c as i32), size, theme::LABEL);
    }
    for (shown, source) in ghost_columns(layout) {
        let letter = column_letter(source as u8).to_string();
        cv.text(
            &letter,
            layout.column_label(shown),
            size,
            theme::ghost(theme::LABEL),
        );
    }
}

/// The empty board of `layout` with its labels: every pixel of a picture
/// outside the cells' contents, rings, winning bars and arrows. Drawn once
/// per layout and shared ([`BACKGROUNDS`]).
pub(super) fn background(layout: &Layout) -> Arc<Pixmap> {
    let mut drawn = BACKGROUNDS.lock().unwrap_or_else(|e| e.into_inner());
    drawn
        .entry(*layout)
        .or_insert_with(|| {
            let mut cv = board(layout);
            labels(&mut cv, layout);
            Arc::new(cv.pixmap)
        })
        .clone()
}

/// The empty boards drawn so far, by layout. Drawing one (its holes, the
/// labels' glyphs) was about 80 % of the time of a whole picture such as a
/// game's end (8.8 of 10.7 ms, docs/benchmarks.md); copying it is a tenth
/// of a millisecond. Each is about 1.7 MB (RGBA), one per variant's layout.
static BACKGROUNDS: LazyLock<Mutex<HashMap<Layout, Arc<Pixmap>>>> = LazyLock::new(Default::default);

/// Draws one cell's content on `pixmap` (a [`background`] of `layout`) at
/// display column `column` (−1 or W: a faded copy on the cylinder, drawn
/// faded), 0-based `row`: `what` is `None` for an empty hole, `Some(None)`
/// for a block, `Some(Some(colour))` for a disc; `ring` adds the white ring
/// of a marked cell. Everything drawn stays inside the hole (radius
/// [`theme::HOLE_RADIUS`] of a cell), and [`draw`] draws the same at the
/// same place, so the pixels of the cell's square are those of [`draw`].
pub(super) fn draw_cell(
    pixmap: &mut Pixmap,
    layout: &Layout,
    (column, row): (i32, i32),
    what: Option<Option<Color>>,
    ring: bool,
) {
    let mut cv = Canvas {
        pixmap: std::mem::replace(pixmap, Pixmap::new(1, 1).expect("a 1×1 pixmap")),
        cell: layout.cell_size() as f32,
    };
    let at = layout.center_at(column, row);
    let faded = column < 0 || column >= layout.columns() as i32;
    if let Some(what) = what {
        cv.content(at, what, if faded { theme::ghost } else { identity });
    }
    if ring {
        cv.ring(at, theme::WHITE);
    }
    *pixmap = cv.pixmap;
}

/// Draws `scene` on a new pixmap of `layout`'s size: a copy of the shared
/// [`background`], then the scene's marks on it. The same pixels as
/// drawing the board, then the marks, then the labels (the labels lie
/// outside everything the marks draw; a test compares both in every
/// variant).
pub fn draw(layout: &Layout, scene: &Scene<'_>) -> Pixmap {
    draw_rows(layout, scene, 0..=i32::MAX)
}

/// [`draw`], right only in the pixel rows of board rows `rows` (0 is the
/// bottom): the marks of cells in other rows are left out. A cell's marks
/// lie inside its square, and winning bars within the rows of their
/// lines' cells, so those pixel rows are [`draw`]'s (the fast path's
/// game ends, `tiles.rs`).
pub fn draw_rows(
    layout: &Layout,
    scene: &Scene<'_>,
    rows: std::ops::RangeInclusive<i32>,
) -> Pixmap {
    let mut cv = Canvas {
        pixmap: Pixmap::clone(&background(layout)),
        cell: layout.cell_size() as f32,
    };
    marks(&mut cv, layout, scene, &rows);
    cv.pixmap
}

/// [`draw`] from nothing: the board, the marks, then the labels, in the
/// order they lie on each other. What [`draw`]'s shortcut is checked
/// against.
#[cfg(test)]
fn draw_from_scratch(layout: &Layout, scene: &Scene<'_>) -> Pixmap {
    let mut cv = board(layout);
    marks(&mut cv, layout, scene, &(0..=i32::MAX));
    labels(&mut cv, layout);
    cv.pixmap
}

/// Draws what `scene` shows on the board of `cv`: winning bars, discs and
/// blocks, rings, the pop arrow, the preview.
fn marks(
    cv: &mut Canvas,
    layout: &Layout,
    scene: &Scene<'_>,
    only: &std::ops::RangeInclusive<i32>,
) {
    let cell = cv.cell;
    let p = scene.position;
    let columns = layout.columns() as i32;
    let rows = layout.rows() as i32;
    let (fx, fy, fw, fh) = layout.frame();
    let ghosts = ghost_columns(layout);

    // Winning lines: bars between the centres, under the discs.
    let lines = if scene.highlight && p.outcome().is_over() {
        p.lines()
    } else {
        Vec::new()
    };
    let bar = theme::BAR_WIDTH * cell;
    for (_, cells) in &lines {
        for pair in cells.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let step = b.column as i32 - a.column as i32;
            let pa = layout.cell_center(a);
            let pb = layout.cell_center(b);
            if step.abs() <= 1 {
                cv.segment(pa, pb, theme::WHITE, bar, LineCap::Round);
                continue;
            }
            // Across the seam: out of the frame into the faded copy on
            // each side.
            let dc = if step < 0 { 1 } else { -1 };
            let dr = b.row as i32 - a.row as i32;
            let beyond_a = layout.center_at(a.column as i32 + dc, a.row as i32 + dr);
            let before_b = layout.center_at(b.column as i32 - dc, b.row as i32 - dr);
            for (from, to) in [(pa, beyond_a), (pb, before_b)] {
                let edge_x = if to.0 > from.0 { fx + fw } else { fx };
                let t = (edge_x - from.0) / (to.0 - from.0);
                let edge = (edge_x, from.1 + (to.1 - from.1) * t);
                cv.segment(edge, to, theme::ghost(theme::WHITE), bar, LineCap::Butt);
                cv.segment(from, edge, theme::WHITE, bar, LineCap::Butt);
            }
        }
    }

    // Discs and blocks.
    let rows_shown = || (0..rows).filter(|r| only.contains(r));
    for &(shown, source) in &ghosts {
        for r in rows_shown() {
            if let Some(what) = p.at(Cell::new(source as u8, r as u8)) {
                cv.content(layout.center_at(shown, r), what, theme::ghost);
            }
        }
    }
    for c in 0..columns {
        for r in rows_shown() {
            if let Some(what) = p.at(Cell::new(c as u8, r as u8)) {
                cv.content(layout.center_at(c, r), what, identity);
            }
        }
    }
    for (_, cells) in &lines {
        for &cell in cells {
            cv.ring(layout.cell_center(cell), theme::WHITE);
        }
    }
    if let Some(cell) = scene
        .last
        .and_then(|m| marked_cell(p, m))
        .filter(|c| only.contains(&i32::from(c.row)))
    {
        cv.ring(layout.cell_center(cell), theme::WHITE);
    }
    if let Some(Move::Pop(column)) = scene.last {
        // A pop also gets a small arrow out of the bottom of the board.
        let (x, _) = layout.cell_center(Cell::new(column, 0));
        let y = fy + fh;
        let (s, t) = (0.11 * cell, 0.07 * cell);
        cv.fill(
            &polygon(&[(x - s, y - t), (x + s, y - t), (x, y + t)]),
            theme::WHITE,
        );
    }

    // Preview: a faded disc where a drop would land, an arrow above.
    if let Some(column) = scene.preview {
        if let Some(row) = p.landing_row(column) {
            let color = p.to_move();
            cv.disc(
                layout.cell_center(Cell::new(column, row)),
                color,
                theme::preview,
            );
            let (x, y) = layout.arrow(column);
            let s = 0.17 * cell;
            cv.fill(
                &polygon(&[(x - s, y - 0.6 * s), (x + s, y - 0.6 * s), (x, y + 0.6 * s)]),
                theme::disc(color),
            );
        }
    }
}

fn circle_at((x, y): (f32, f32), r: f32) -> Path {
    circle(x, y, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::game::Variant;

    /// Starting from the shared background gives the pixels of drawing
    /// everything in order (the labels last), for every kind of mark: the
    /// last move's ring (a drop, a pop and its arrow), the lines and bars
    /// at a game's end (across the cylinder's seam too), blocks, previews.
    #[test]
    fn drawing_on_the_shared_background_gives_the_pixels_of_drawing_from_nothing() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize
        };
        let (mut ends, mut pops, mut previews) = (0, 0, 0);
        for variant in Variant::ALL {
            let layout = Layout::new(variant);
            for _ in 0..6 {
                let mut p = Position::new(variant);
                let mut last = None;
                let mut ply = 0;
                loop {
                    let scenes: Vec<Scene<'_>> = if p.outcome().is_over() {
                        vec![Scene {
                            position: &p,
                            last,
                            preview: None,
                            highlight: true,
                        }]
                    } else if ply % 5 == 2 {
                        let column = (0..layout.columns())
                            .find(|&c| p.landing_row(c).is_some())
                            .expect("a free column");
                        previews += 1;
                        vec![Scene {
                            position: &p,
                            last,
                            preview: Some(column),
                            highlight: false,
                        }]
                    } else {
                        vec![Scene {
                            position: &p,
                            last,
                            preview: None,
                            highlight: false,
                        }]
                    };
                    for scene in &scenes {
                        let a = draw(&layout, scene);
                        let b = draw_from_scratch(&layout, scene);
                        assert!(
                            a.data() == b.data(),
                            "{variant} ply {ply}: {scene:?} differs"
                        );
                    }
                    if p.outcome().is_over() {
                        ends += 1;
                        break;
                    }
                    let legal = p.legal_moves();
                    // Pops where the variant has them, now and then.
                    let m = legal
                        .iter()
                        .find(|m| matches!(m, Move::Pop(_)) && next() % 3 == 0)
                        .unwrap_or_else(|| legal.get(next() % legal.len()).expect("a move"));
                    pops += matches!(m, Move::Pop(_)) as usize;
                    p.play(m).expect("a legal move");
                    last = Some(m);
                    ply += 1;
                }
            }
        }
        assert!(ends == 6 * Variant::ALL.len() && pops > 0 && previews > 50);
    }
}
