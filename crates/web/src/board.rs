//! The board as inline SVG, drawn from the same layout and theme as the
//! PNG (`fourbot_render::Layout`, `fourbot_render::theme`): the same size
//! per variant, frame, holes, discs with their colour-blind marks (ring,
//! diamond, triangle), blocks, labels, the last move's ring, the lines of a
//! finished game and the cylinder's faded neighbour columns.
//!
//! Accessible as a grid (WAI-ARIA `grid`): one row of one cell per column,
//! each labelled with its letter, how many cells are free and what is in
//! it, bottom up ("Column d, 3 free: d1 red, d2 yellow, d3 red"). The
//! picture itself is hidden from screen readers.

use fourbot_core::game::{column_letter, Cell, Color, Game, Move, Position};
use fourbot_i18n::{id, Args, Catalog, Locale};
use fourbot_render::theme::{self, Mark};
use fourbot_render::Layout;
use maud::{html, Markup};

/// A length in px as SVG writes it (one decimal).
fn px(v: f32) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// A disc of `color` centred at (`x`, `y`) in a cell of `cell` px: the body
/// and its mark, as the PNG draws them.
fn disc(color: Color, x: f32, y: f32, cell: f32) -> Markup {
    let mark = theme::mark(color);
    let stroke = theme::css(theme::mark_color(color));
    let width = px(theme::MARK_WIDTH * cell);
    html! {
        circle cx=(px(x)) cy=(px(y)) r=(px(theme::DISC_RADIUS * cell)) fill=(theme::css(theme::disc(color))) {}
        @match theme::mark_corners(mark, x, y, cell) {
            None => circle cx=(px(x)) cy=(px(y)) r=(px(theme::MARK_RING_RADIUS * cell)) fill="none" stroke=(stroke) stroke-width=(width) {},
            Some(corners) => polygon points=(points(&corners)) fill="none" stroke=(stroke) stroke-width=(width) stroke-linejoin="miter" {},
        }
    }
}

fn points(corners: &[(f32, f32)]) -> String {
    corners
        .iter()
        .map(|(x, y)| format!("{},{}", px(*x), px(*y)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A small disc of `color` with its mark (the players and the move list),
/// hidden from screen readers (the colour's name is written beside it).
pub fn disc_icon(color: Color) -> Markup {
    html! {
        svg.disc viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false" {
            (disc(color, 10.0, 10.0, 24.0))
        }
    }
}

/// How much room [`hover_disc`] needs above a board, in cells: the board
/// keeps its own top margin (half a cell) and table.js widens the picture's
/// `viewBox` by this much upwards for a seated player.
const HEADROOM: f32 = 0.4;

/// The disc a seated player points with (docs/web.md, "Playing"): a disc
/// of `color` with its mark, sized for `variant`'s board and centred at
/// (0, 0), in an SVG that table.js clones into the board above the chosen
/// column (`transform="translate(x y)"`). `data-y` is the centre's height
/// on the board, `data-headroom` the room table.js adds above the board.
pub fn hover_disc(color: Color, variant: fourbot_core::game::Variant) -> Markup {
    let layout = Layout::new(variant);
    let cell = layout.cell_size() as f32;
    let (_, top, _, _) = layout.frame();
    let headroom = HEADROOM * cell;
    // Just above the frame, a little clear of it.
    let y = top - (theme::DISC_RADIUS + 0.08) * cell;
    html! {
        svg viewBox="0 0 1 1" aria-hidden="true" focusable="false" {
            g.hover data-y=(px(y)) data-headroom=(px(headroom)) {
                (disc(color, 0.0, 0.0, cell))
            }
        }
    }
}

/// How much room [`pop_marker`] needs below a board, in cells (table.js
/// widens the picture's `viewBox` by this much downwards, under the column
/// letters).
const FOOTROOM: f32 = 0.7;

/// PopOut's pop marker (docs/web.md, "Playing"): a ring of `color` around
/// a minus sign (the rulebook writes a pop `-d`), sized for `variant`'s
/// board and centred at (0, 0), in an SVG that table.js clones under each
/// column whose bottom disc the seated player may pop
/// (`transform="translate(x y)"`). `data-y` is the centre's height below
/// the board, `data-footroom` the room table.js adds under it.
pub fn pop_marker(color: Color, variant: fourbot_core::game::Variant) -> Markup {
    let layout = Layout::new(variant);
    let cell = layout.cell_size() as f32;
    let footroom = FOOTROOM * cell;
    let y = layout.height() as f32 + footroom / 2.0;
    let r = theme::DISC_RADIUS * cell * 0.55;
    let bar = r * 0.55;
    let width = px(theme::MARK_WIDTH * cell);
    html! {
        svg viewBox="0 0 1 1" aria-hidden="true" focusable="false" {
            g.pop-marker data-y=(px(y)) data-footroom=(px(footroom)) {
                // A wide hit area: a finger is bigger than the ring.
                rect.hit x=(px(-cell / 2.0)) y=(px(-footroom / 2.0)) width=(px(cell)) height=(px(footroom)) fill="transparent" {}
                circle r=(px(r)) fill=(theme::css(theme::BACKGROUND)) stroke=(theme::css(theme::disc(color))) stroke-width=(width) {}
                line x1=(px(-bar)) y1="0" x2=(px(bar)) y2="0" stroke=(theme::css(theme::disc(color))) stroke-width=(width) stroke-linecap="round" {}
            }
        }
    }
}

/// A mark's name for the alt text of a colour ("ring").
pub fn mark_key(mark: Mark) -> &'static str {
    match mark {
        Mark::Ring => "ring",
        Mark::Diamond => "diamond",
        Mark::Triangle => "triangle",
    }
}

/// The cell a move left its mark on: the disc a drop landed on, or the
/// bottom cell of a popped column.
fn marked_cell(position: &Position, last: Option<Move>) -> Option<Cell> {
    match last? {
        Move::Drop(column) => {
            let top = (0..position.rules().geometry.height())
                .rev()
                .find(|&r| matches!(position.at(Cell::new(column, r)), Some(Some(_))))?;
            Some(Cell::new(column, top))
        }
        Move::Pop(column) => Some(Cell::new(column, 0)),
    }
}

/// What a column's grid cell says: "Column d, 3 free: d1 red, d2 yellow".
fn column_label(catalog: &Catalog, l: Locale, position: &Position, column: u8) -> String {
    let rows = position.rules().geometry.height();
    let free = position
        .landing_row(column)
        .map_or(0, |r| i64::from(rows - r));
    let letter = column_letter(column).to_string();
    let mut label = catalog.text(
        l,
        id::WEB_COLUMN,
        &Args::new().set("column", letter.clone()).set("free", free),
    );
    let filled: Vec<String> = (0..rows)
        .filter_map(|r| {
            let what = match position.at(Cell::new(column, r))? {
                Some(c) => catalog.color_name(l, c),
                None => catalog.plain(l, id::WEB_BLOCK),
            };
            Some(format!("{letter}{} {what}", r + 1))
        })
        .collect();
    if !filled.is_empty() {
        label.push_str(": ");
        label.push_str(&filled.join(", "));
    }
    label
}

/// The board of `game` as it stands, in `l`'s words.
pub fn board(catalog: &Catalog, l: Locale, game: &Game) -> Markup {
    let position = game.position();
    let layout = Layout::new(position.variant());
    let cell = layout.cell_size() as f32;
    let (fx, fy, fw, fh) = layout.frame();
    let columns = layout.columns();
    let rows = layout.rows();
    let last = marked_cell(position, game.moves().last().copied());
    let over = position.outcome().is_over();
    let ghosts: Vec<(i32, u8)> = if layout.wraps() {
        vec![(-1, columns - 1), (columns as i32, 0)]
    } else {
        Vec::new()
    };
    let label = catalog.text(
        l,
        id::WEB_BOARD,
        &Args::new()
            .set("columns", i64::from(columns))
            .set("rows", i64::from(rows)),
    );
    let hole = |x: f32, y: f32| {
        html! {
            circle cx=(px(x)) cy=(px(y)) r=(px(theme::HOLE_RADIUS * cell)) fill=(theme::css(theme::HOLE)) {}
        }
    };
    let content = |c: Cell, x: f32, y: f32| match position.at(c) {
        Some(Some(color)) => disc(color, x, y, cell),
        Some(None) => {
            let h = theme::BLOCK_HALF * cell;
            let i = theme::BLOCK_INSET_HALF * cell;
            html! {
                rect x=(px(x - h)) y=(px(y - h)) width=(px(2.0 * h)) height=(px(2.0 * h)) rx=(px(theme::BLOCK_CORNER * cell)) fill=(theme::css(theme::BLOCK)) {}
                rect x=(px(x - i)) y=(px(y - i)) width=(px(2.0 * i)) height=(px(2.0 * i)) rx=(px(theme::BLOCK_INSET_CORNER * cell)) fill="none" stroke=(theme::css(theme::BLOCK_MARK)) stroke-width=(px(theme::BLOCK_INSET_WIDTH * cell)) {}
            }
        }
        None => html! {},
    };
    html! {
        svg.board viewBox={ "0 0 " (layout.width()) " " (layout.height()) }
            role="grid" aria-label=(label) aria-readonly="true" {
            rect width=(layout.width()) height=(layout.height()) fill=(theme::css(theme::BACKGROUND)) aria-hidden="true" {}
            rect x=(px(fx)) y=(px(fy)) width=(px(fw)) height=(px(fh)) rx=(px(theme::FRAME_CORNER * cell)) fill=(theme::css(theme::BOARD)) aria-hidden="true" {}
            // The cylinder's neighbour columns, faded.
            @for (shown, source) in &ghosts {
                g opacity=(theme::GHOST_ALPHA) aria-hidden="true" {
                    rect x=(px(layout.column_left(*shown))) y=(px(fy)) width=(px(cell)) height=(px(fh)) rx=(px(theme::FRAME_CORNER * cell)) fill=(theme::css(theme::BOARD)) {}
                    @for r in 0..rows {
                        @let (x, y) = layout.center_at(*shown, r as i32);
                        (hole(x, y))
                        (content(Cell::new(*source, r), x, y))
                    }
                    @let (lx, ly) = layout.column_label(*shown);
                    text x=(px(lx)) y=(px(ly)) fill=(theme::css(theme::LABEL)) font-size=(px(theme::LABEL_SIZE * cell)) text-anchor="middle" dominant-baseline="central" {
                        (column_letter(*source))
                    }
                }
            }
            @for r in 0..rows {
                @let (x, y) = layout.row_label(r);
                text x=(px(x)) y=(px(y)) fill=(theme::css(theme::LABEL)) font-size=(px(theme::LABEL_SIZE * cell)) text-anchor="middle" dominant-baseline="central" aria-hidden="true" {
                    (r + 1)
                }
            }
            g role="row" {
                @for c in 0..columns {
                    g.column role="gridcell" data-column=(column_letter(c)) aria-label=(column_label(catalog, l, position, c)) {
                        rect.hit x=(px(layout.column_left(c as i32))) y="0" width=(px(cell)) height=(layout.height()) fill="transparent" {}
                        @for r in 0..rows {
                            @let (x, y) = layout.center_at(c as i32, r as i32);
                            (hole(x, y))
                            (content(Cell::new(c, r), x, y))
                        }
                        @let (lx, ly) = layout.column_label(c as i32);
                        text x=(px(lx)) y=(px(ly)) fill=(theme::css(theme::LABEL)) font-size=(px(theme::LABEL_SIZE * cell)) text-anchor="middle" dominant-baseline="central" aria-hidden="true" {
                            (column_letter(c))
                        }
                    }
                }
            }
            @if over {
                // Joined cell to cell, so a line across the cylinder's seam
                // is not drawn across the board.
                @for (_, line) in position.lines() {
                    @for pair in line.windows(2) {
                        @if pair[0].column.abs_diff(pair[1].column) <= 1 {
                            @let (x1, y1) = layout.cell_center(pair[0]);
                            @let (x2, y2) = layout.cell_center(pair[1]);
                            line.win x1=(px(x1)) y1=(px(y1)) x2=(px(x2)) y2=(px(y2)) stroke=(theme::css(theme::WHITE)) stroke-width=(px(theme::BAR_WIDTH * cell)) stroke-linecap="round" aria-hidden="true" {}
                        }
                    }
                }
            }
            @if let Some(c) = last {
                @let (x, y) = layout.cell_center(c);
                circle.last cx=(px(x)) cy=(px(y)) r=(px(theme::RING_RADIUS * cell)) fill="none" stroke=(theme::css(theme::WHITE)) stroke-width=(px(theme::RING_WIDTH * cell)) aria-hidden="true" {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::game::{ObstacleLayout, Variant};

    fn drawn(game: &Game) -> String {
        board(Catalog::embedded(), Locale::EnUs, game).into_string()
    }

    #[test]
    fn every_variant_is_drawn_at_the_pngs_size_with_a_labelled_cell_per_column() {
        for v in Variant::ALL {
            let rules = v.rules();
            let start = if rules.blocks {
                Position::with_layout(v, &ObstacleLayout::from_seed(&rules.geometry, 3))
            } else {
                Position::new(v)
            };
            let mut game = Game::new(start);
            // A disc of each colour (three in three-players).
            for c in 0..rules.colors {
                let column = (0..rules.geometry.width()).find(|&col| {
                    game.play(Move::Drop((col + c) % rules.geometry.width()))
                        .is_ok()
                });
                assert!(column.is_some(), "{v}");
            }
            let svg = drawn(&game);
            let layout = Layout::new(v);
            assert!(
                svg.contains(&format!(
                    "viewBox=\"0 0 {} {}\"",
                    layout.width(),
                    layout.height()
                )),
                "{v}"
            );
            assert_eq!(
                svg.matches("role=\"gridcell\"").count(),
                usize::from(rules.geometry.width()),
                "{v}"
            );
            assert!(svg.contains("class=\"last\""), "{v}: the last move ringed");
            if rules.colors == 3 {
                let blue = theme::css(theme::disc(Color::Blue));
                assert!(svg.contains(&blue), "{v}: a blue disc");
                assert_eq!(
                    svg.matches("<polygon").count(),
                    2,
                    "{v}: diamond and triangle"
                );
            }
            if rules.blocks {
                assert!(svg.contains(&theme::css(theme::BLOCK)), "{v}: blocks");
                assert!(svg.contains("block"), "{v}: a block in a column's label");
            }
            if rules.wrap {
                assert_eq!(svg.matches("opacity=").count(), 2, "{v}: the faded columns");
            }
        }
    }

    #[test]
    fn a_finished_game_joins_its_line_and_a_full_column_says_so() {
        let mut game = Game::new(Position::new(Variant::Classic));
        for column in [0, 1, 0, 1, 0, 1, 0] {
            game.play(Move::Drop(column)).unwrap();
        }
        let svg = drawn(&game);
        assert_eq!(
            svg.matches("class=\"win\"").count(),
            3,
            "four discs, three bars"
        );
        let mut game = Game::new(Position::new(Variant::Classic));
        for column in [0, 0, 0, 0, 0, 0] {
            game.play(Move::Drop(column)).unwrap();
        }
        assert!(drawn(&game).contains("aria-label=\"Column a, full: a1 Red, a2 Yellow"));
    }
}
