//! The board as a picture: a PNG of a position for every turn, a preview
//! PNG for confirm-before-drop, and an animated GIF replay of a whole game.
//!
//! Pictures show the upright board with round holes and anti-aliased discs,
//! column letters below and row numbers on the left as in docs/rules.md §2 (`a1`
//! is the bottom-left cell). Red, yellow and blue discs carry a mark each (a
//! ring, a diamond, a triangle) so they differ by more than hue; obstacles
//! are grey squares. The last move gets a white ring; at the end of a game
//! the completed lines are joined by white bars. On the cylinder the column
//! beyond each edge is shown faded, so a line across the seam can be read.
//!
//! Besides the board: a player's rating over their matches as a chart
//! ([`rating_chart_png`], plotters with its bitmap backend) and a standings
//! table ([`standings_png`]) for the leaderboard and tournament standings;
//! see docs/render.md.
//!
//! Drawing is tiny-skia and ab_glyph (DejaVu Sans Bold, then WenQuanYi Micro
//! Hei and Symbola for the characters it lacks, `assets/fonts`).
//! Every picture is quantized to a palette built from the theme's flat
//! colours and their anti-aliasing blends ([`theme`]), then encoded as an
//! 8-bit indexed PNG (png crate) or GIF (gif crate). Turn pictures (no
//! winning bars, preview or pop arrow) are put together from cached,
//! already quantized and deflated parts instead (`tiles`: the same pixels,
//! about a tenth of the time; docs/benchmarks.md). Sizes come from
//! [`Layout`]: about 700 px wide for 7 columns, at most 800 px for any board.

mod chart;
mod draw;
mod encode;
mod layout;
mod palette;
mod picture;
pub mod samples;
mod standings;
mod text;
pub mod theme;
mod tiles;
pub use tiles::TurnBands;

use fourbot_core::game::{Game, Move, Position};

pub use chart::{
    rating_chart_png, render_rating_chart, ChartPoint, PlotFrame, RatingChart, CHART_HEIGHT,
    CHART_WIDTH,
};
pub use layout::Layout;
pub use picture::{Picture, RenderError, Replay, FINAL_DELAY_MS, PLY_DELAY_MS};
pub use standings::{
    render_standings, standings_png, Standings, StandingsColumns, StandingsRow, Trend, MAX_ROWS,
    ROW_HEIGHT, TABLE_WIDTH, TITLE_HEIGHT,
};
pub use text::{font_of, has_glyph, missing_glyphs, printable, FONT_NAMES};

/// What to mark on a board picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Ring the last move: the disc it dropped, or for a pop the bottom cell
    /// of its column, with a small white arrow out of the bottom of the
    /// board under it. Needs the move (from the game).
    pub last_move: bool,
    /// Join the discs of every completed line with white bars and ring them,
    /// once the game is over (in popout both colours' lines; in misère the
    /// loser's line).
    pub highlight_lines: bool,
    /// Show a faded disc of the side to move where a drop into this 0-based
    /// column would land, with an arrow above the column.
    pub preview: Option<u8>,
}

impl Default for RenderOptions {
    /// Last move ringed, lines highlighted, no preview.
    fn default() -> Self {
        RenderOptions {
            last_move: true,
            highlight_lines: true,
            preview: None,
        }
    }
}

fn check_preview(position: &Position, options: &RenderOptions) -> Result<(), RenderError> {
    let Some(column) = options.preview else {
        return Ok(());
    };
    let width = position.rules().geometry.width();
    if column >= width {
        return Err(RenderError::PreviewOffBoard { column, width });
    }
    if position.outcome().is_over() {
        return Err(RenderError::PreviewGameOver);
    }
    if position.landing_row(column).is_none() {
        return Err(RenderError::PreviewColumnFull { column });
    }
    Ok(())
}

fn scene<'a>(
    position: &'a Position,
    last: Option<Move>,
    options: &RenderOptions,
) -> Result<draw::Scene<'a>, RenderError> {
    check_preview(position, options)?;
    Ok(draw::Scene {
        position,
        last: last.filter(|_| options.last_move),
        preview: options.preview,
        highlight: options.highlight_lines,
    })
}

/// Draws `position` (with `last`, the move that led to it, if known) as an
/// RGBA picture of [`Layout::new`]`(variant)`'s size. For tests and for
/// callers that encode themselves; [`position_png`] is the usual entry.
///
/// # Errors
/// A preview column that is off the board or full, or a preview after the
/// end of the game.
pub fn render_position(
    position: &Position,
    last: Option<Move>,
    options: &RenderOptions,
) -> Result<Picture, RenderError> {
    let layout = Layout::new(position.variant());
    let pixmap = draw::draw(&layout, &scene(position, last, options)?);
    Ok(Picture {
        width: pixmap.width(),
        height: pixmap.height(),
        rgba: pixmap.take(),
    })
}

/// Draws the current position of `game` as an RGBA picture (see
/// [`render_position`]); the last move is the game's last move.
///
/// # Errors
/// As [`render_position`].
pub fn render_game(game: &Game, options: &RenderOptions) -> Result<Picture, RenderError> {
    render_position(game.position(), game.moves().last().copied(), options)
}

/// The PNG of `position` (8-bit palette, [`Layout::new`]`(variant)`'s size,
/// about 10–20 KB), with `last` the move that led to it if known.
///
/// # Errors
/// As [`render_position`], or [`RenderError::Encode`].
pub fn position_png(
    position: &Position,
    last: Option<Move>,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    position_png_with(position, last, options, None)
}

fn position_png_with(
    position: &Position,
    last: Option<Move>,
    options: &RenderOptions,
    memo: Option<&mut TurnBands>,
) -> Result<Vec<u8>, RenderError> {
    let scene = scene(position, last, options)?;
    let key = encode::palette_key(position, options.preview.is_some());
    // Drawn only for a game's end with winning bars (its bars' rows).
    tiles::png(position, scene.last, scene.highlight, key, memo, |rows| {
        draw::draw_rows(&Layout::new(position.variant()), &scene, rows)
    })
    .unwrap_or_else(|| drawn_png(&scene, key))
}

/// `scene` drawn whole with tiny-skia, quantized to the palette of `key`
/// and deflated as one picture.
fn drawn_png(scene: &draw::Scene<'_>, key: theme::PaletteKey) -> Result<Vec<u8>, RenderError> {
    let layout = Layout::new(scene.position.variant());
    encode::png(&draw::draw(&layout, scene), key)
}

/// [`position_png`] always drawing the whole picture (tiny-skia, then
/// quantized and deflated as one), never from the cached parts; the same
/// pixels and palette. For tests and benchmarks of the fast path.
///
/// # Errors
/// As [`position_png`].
#[doc(hidden)]
pub fn position_png_drawn(
    position: &Position,
    last: Option<Move>,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let scene = scene(position, last, options)?;
    drawn_png(
        &scene,
        encode::palette_key(position, options.preview.is_some()),
    )
}

/// The fast path's shared cache of compressed board bands: how many it
/// holds, the bytes of their deflate streams (at most 1,024 bands), and the
/// lookups and misses (bands compressed) since the start; for
/// benchmarks and the operators' figures.
pub fn band_cache() -> (usize, usize, u64, u64) {
    tiles::band_cache()
}

/// The PNG of the current position of `game`, its last move ringed when
/// `options.last_move` (see [`position_png`]).
///
/// # Errors
/// As [`position_png`].
pub fn board_png(game: &Game, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    position_png(game.position(), game.moves().last().copied(), options)
}

/// [`board_png`] for one match's pictures one after another: `memo` keeps
/// the last picture's compressed bands, so that the next one compresses
/// only the rows that changed (the same bytes as [`board_png`]).
///
/// # Errors
/// As [`position_png`].
pub fn board_png_with(
    game: &Game,
    options: &RenderOptions,
    memo: &mut TurnBands,
) -> Result<Vec<u8>, RenderError> {
    position_png_with(
        game.position(),
        game.moves().last().copied(),
        options,
        Some(memo),
    )
}

/// The confirm-before-drop picture: [`board_png`] with a faded disc of the
/// side to move where a drop into 0-based `column` would land.
///
/// # Errors
/// [`RenderError::PreviewOffBoard`], [`RenderError::PreviewColumnFull`] or
/// [`RenderError::PreviewGameOver`] when that drop is not legal.
pub fn preview_png(game: &Game, column: u8) -> Result<Vec<u8>, RenderError> {
    let options = RenderOptions {
        preview: Some(column),
        ..RenderOptions::default()
    };
    board_png(game, &options)
}

/// An animated GIF replay of `game`: one frame per ply (the position after
/// it, the move ringed) shown for [`PLY_DELAY_MS`], then a final frame of
/// the last position with its winning lines highlighted shown for
/// [`FINAL_DELAY_MS`]; so `plies + 1` frames, looping forever. A game
/// without moves gives the final frame alone. Frames after the first store
/// only the rectangle that changed; a 42-ply game is some 60 KB.
///
/// # Errors
/// [`RenderError::Encode`] (not expected when writing to memory).
pub fn game_gif(game: &Game) -> Result<Vec<u8>, RenderError> {
    encode::gif(game)
}

/// Most frames in a [`replay_gif`]: a longer game shows every k-th ply.
/// 200 frames of 0.7 s are 2 min 20 s of replay and some 0.8 s of CPU
/// (docs/render.md, "Replay").
pub const MAX_REPLAY_FRAMES: usize = 200;

/// Most bytes in a [`replay_gif`]: 4 MiB, well under Discord's 10 MiB per
/// upload with several games in one reply.
pub const MAX_REPLAY_BYTES: usize = 4 * 1024 * 1024;

/// The replay of [`game_gif`] within [`MAX_REPLAY_FRAMES`] frames and
/// [`MAX_REPLAY_BYTES`] bytes: every ply when they fit, otherwise ply 1,
/// 1 + k, 1 + 2k, … and the last ply for the smallest k that fits (each
/// frame rings the move of its own ply).
///
/// # Errors
/// [`RenderError::TooLarge`] if even two frames pass the byte cap (not
/// expected: a frame is at most some 60 KB), [`RenderError::Encode`].
pub fn replay_gif(game: &Game) -> Result<Replay, RenderError> {
    encode::replay(game, MAX_REPLAY_FRAMES, MAX_REPLAY_BYTES)
}

/// [`replay_gif`] with other caps (tests, benchmarks).
///
/// # Errors
/// As [`replay_gif`].
pub fn replay_gif_within(
    game: &Game,
    max_frames: usize,
    max_bytes: usize,
) -> Result<Replay, RenderError> {
    encode::replay(game, max_frames, max_bytes)
}

/// The plies a replay of a `plies`-ply game shows at `step`: 1, 1 + step,
/// 1 + 2·step, … and always the last.
pub fn sampled_plies(plies: usize, step: usize) -> Vec<usize> {
    encode::sampled_plies(plies, step)
}
