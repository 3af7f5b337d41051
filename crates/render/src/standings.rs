//! A standings table as a picture: rank, name, a value (rating or points),
//! any extra columns (matches, tie-breaks) and a trend, one row per player,
//! drawn with tiny-skia and the embedded fonts. The leaderboard draws its
//! pages with it; so can a tournament's standings.

use tiny_skia::{Paint, Pixmap, Rect, Transform};

use super::text;
use super::theme::{self, Rgb};
use super::{encode, Picture, RenderError};

/// Picture width in px (wider only when many extra columns need it).
pub const TABLE_WIDTH: u32 = 720;
/// Height of a row in px.
pub const ROW_HEIGHT: u32 = 34;
/// Height of the title band in px.
pub const TITLE_HEIGHT: u32 = 56;
/// Rows at most (more are refused: a page is ten; a bigger tournament
/// draws its best rows and says in [`Standings::footer`] how many more
/// there are — 500 rows would be a picture 17,000 px high that Discord
/// shows shrunk past reading).
pub const MAX_ROWS: usize = 100;

/// Every other row's shade.
pub const ROW_SHADE: Rgb = [0x2a, 0x2f, 0x38];
/// The header row's text and the rule under it.
pub const HEADER: Rgb = [0x8f, 0x9a, 0xa8];
/// An upward trend (with ▲: not told by colour alone).
pub const UP: Rgb = [0x6f, 0xd0, 0x8c];
/// A downward trend (with ▼).
pub const DOWN: Rgb = [0xff, 0x8a, 0x80];

const TEXT_SIZE: f32 = 17.0;
const HEADER_SIZE: f32 = 14.0;
const TITLE_SIZE: f32 = 22.0;
const PAD: f32 = 16.0;
const GAP: f32 = 22.0;
/// The name column's width at least, in px.
const MIN_NAME: f32 = 160.0;

/// A row's trend: the change over the window the caller chose, as text
/// already formatted (`+23`, `-1.5`), drawn after an arrow in its colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trend {
    /// Up: `▲ text` in green.
    Up(String),
    /// Down: `▼ text` in red.
    Down(String),
    /// No change: `= text` in the label colour.
    Level(String),
    /// Nothing to compare with (no match in the window): `–`.
    Unknown,
}

impl Trend {
    /// The text and colour drawn.
    fn shown(&self) -> (String, Rgb) {
        match self {
            Trend::Up(t) => (format!("▲ {t}"), UP),
            Trend::Down(t) => (format!("▼ {t}"), DOWN),
            Trend::Level(t) => (format!("= {t}"), theme::LABEL),
            Trend::Unknown => ("–".to_string(), HEADER),
        }
    }
}

/// One row of a standings table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsRow {
    /// Rank (1-based; equal ranks allowed: 1, 1, 3).
    pub rank: u32,
    /// Player name as typed: each character in the first embedded font
    /// that has it (Chinese, Japanese, Korean and emoji included; one no
    /// font has as `?`, invisible ones as nothing), and a name too wide for
    /// its column ends in `…`.
    pub name: String,
    /// The main value as shown: `1623`, `1500?`, `5.3`, `4½`.
    pub value: String,
    /// The extra columns' values, one per [`StandingsColumns::extra`].
    pub extra: Vec<String>,
    /// The trend (drawn only when [`StandingsColumns::trend`] is set).
    pub trend: Trend,
}

/// The header row, already in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsColumns {
    /// Over the ranks (`#`).
    pub rank: String,
    /// Over the names (`Player`).
    pub name: String,
    /// Over the values (`Rating`, `Points`).
    pub value: String,
    /// Extra columns after the value (`Matches`, `Buchholz`), right-aligned.
    pub extra: Vec<String>,
    /// Over the trend (`30 days`); `None` leaves the trend column out.
    pub trend: Option<String>,
}

/// A standings table: title, optional subtitle, header and rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// Title (`Leaderboard · Classic`).
    pub title: String,
    /// Smaller text after the title (`Season 2`), if any.
    pub subtitle: Option<String>,
    /// The header row.
    pub columns: StandingsColumns,
    /// The rows, in the order drawn.
    pub rows: Vec<StandingsRow>,
    /// A line under the last row (`… and 400 more`), one row high in the
    /// header colour; `None` for none.
    pub footer: Option<String>,
}

/// Column geometry: (right edge or left edge, width) per column, in px.
struct Grid {
    width: u32,
    rank_right: f32,
    name_left: f32,
    name_width: f32,
    /// Right edges: the value, each extra, the trend.
    rights: Vec<f32>,
}

fn widest<'a>(header: &str, cells: impl Iterator<Item = &'a str>, size: f32) -> f32 {
    cells
        .map(|c| text::width(c, size))
        .fold(text::width(header, HEADER_SIZE), f32::max)
}

fn grid(t: &Standings) -> Grid {
    let c = &t.columns;
    let rank_w = widest(
        &c.rank,
        t.rows
            .iter()
            .map(|r| r.rank.to_string())
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str),
        TEXT_SIZE,
    );
    let mut right_cols: Vec<f32> = vec![widest(
        &c.value,
        t.rows.iter().map(|r| r.value.as_str()),
        TEXT_SIZE,
    )];
    for (i, h) in c.extra.iter().enumerate() {
        right_cols.push(widest(
            h,
            t.rows
                .iter()
                .map(|r| r.extra.get(i).map_or("", String::as_str)),
            TEXT_SIZE,
        ));
    }
    if let Some(h) = &c.trend {
        let shown: Vec<String> = t.rows.iter().map(|r| r.trend.shown().0).collect();
        right_cols.push(widest(h, shown.iter().map(String::as_str), TEXT_SIZE));
    }
    let fixed: f32 = PAD + rank_w + GAP + right_cols.iter().map(|w| w + GAP).sum::<f32>() + PAD;
    let width = (TABLE_WIDTH as f32).max(fixed + MIN_NAME).ceil();
    let name_left = PAD + rank_w + GAP;
    let name_width = width - fixed;
    let mut x = name_left + name_width;
    let mut rights = Vec::new();
    for w in right_cols {
        x += GAP + w;
        rights.push(x);
    }
    Grid {
        width: width as u32,
        rank_right: PAD + rank_w,
        name_left,
        name_width,
        rights,
    }
}

fn fill(pixmap: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, c: Rgb) {
    let mut paint = Paint::default();
    paint.set_color_rgba8(c[0], c[1], c[2], 255);
    if let Some(r) = Rect::from_xywh(x, y, w, h) {
        pixmap.fill_rect(r, &paint, Transform::identity(), None);
    }
}

/// Draws `table` as an RGBA picture: [`TABLE_WIDTH`] px wide (more if its
/// columns need it), [`TITLE_HEIGHT`] + ([`ROW_HEIGHT`] × (rows + 1)) + 12 px
/// high, and a [`ROW_HEIGHT`] more with a footer; dark background like the
/// board pictures, every other row shaded.
///
/// # Errors
/// [`RenderError::NothingToShow`] for no rows (say so in words instead),
/// [`RenderError::TooManyRows`] past [`MAX_ROWS`].
pub fn render_standings(table: &Standings) -> Result<Picture, RenderError> {
    if table.rows.is_empty() {
        return Err(RenderError::NothingToShow);
    }
    if table.rows.len() > MAX_ROWS {
        return Err(RenderError::TooManyRows(table.rows.len()));
    }
    let g = grid(table);
    let footer_rows = u32::from(table.footer.is_some());
    let height = TITLE_HEIGHT + ROW_HEIGHT * (table.rows.len() as u32 + 1 + footer_rows) + 12;
    let mut pm = Pixmap::new(g.width, height).ok_or(RenderError::NothingToShow)?;
    let bg = theme::BACKGROUND;
    pm.fill(tiny_skia::Color::from_rgba8(bg[0], bg[1], bg[2], 255));
    let w = g.width as f32;

    // Title and subtitle.
    let title = text::fit(&table.title, TITLE_SIZE, w - 2.0 * PAD);
    text::draw(&mut pm, &title, PAD, 36.0, TITLE_SIZE, theme::WHITE);
    if let Some(sub) = &table.subtitle {
        let left = PAD + text::width(&title, TITLE_SIZE) + 12.0;
        let sub = text::fit(sub, HEADER_SIZE + 2.0, (w - PAD - left).max(0.0));
        text::draw(&mut pm, &sub, left, 36.0, HEADER_SIZE + 2.0, HEADER);
    }

    // Header row and its rule.
    let row_h = ROW_HEIGHT as f32;
    let top = TITLE_HEIGHT as f32;
    let base = |row: usize| top + row_h * row as f32 + row_h * 0.68;
    let c = &table.columns;
    text::draw_right(&mut pm, &c.rank, g.rank_right, base(0), HEADER_SIZE, HEADER);
    text::draw(&mut pm, &c.name, g.name_left, base(0), HEADER_SIZE, HEADER);
    let mut headers: Vec<&str> = vec![c.value.as_str()];
    headers.extend(c.extra.iter().map(String::as_str));
    if let Some(t) = &c.trend {
        headers.push(t);
    }
    for (h, right) in headers.iter().zip(&g.rights) {
        text::draw_right(&mut pm, h, *right, base(0), HEADER_SIZE, HEADER);
    }
    fill(&mut pm, PAD, top + row_h - 2.0, w - 2.0 * PAD, 2.0, HEADER);

    for (i, r) in table.rows.iter().enumerate() {
        let row = i + 1;
        if i % 2 == 1 {
            fill(
                &mut pm,
                PAD,
                top + row_h * row as f32,
                w - 2.0 * PAD,
                row_h,
                ROW_SHADE,
            );
        }
        let y = base(row);
        let fg = theme::LABEL;
        text::draw_right(&mut pm, &r.rank.to_string(), g.rank_right, y, TEXT_SIZE, fg);
        let name = text::fit(&r.name, TEXT_SIZE, g.name_width);
        text::draw(&mut pm, &name, g.name_left, y, TEXT_SIZE, theme::WHITE);
        let mut cells: Vec<(String, Rgb)> = vec![(r.value.clone(), theme::WHITE)];
        for k in 0..c.extra.len() {
            cells.push((r.extra.get(k).cloned().unwrap_or_default(), fg));
        }
        if c.trend.is_some() {
            cells.push(r.trend.shown());
        }
        for ((cell, color), right) in cells.iter().zip(&g.rights) {
            text::draw_right(&mut pm, cell, *right, y, TEXT_SIZE, *color);
        }
    }
    if let Some(footer) = &table.footer {
        let footer = text::fit(footer, HEADER_SIZE + 2.0, w - 2.0 * PAD);
        let y = base(table.rows.len() + 1);
        text::draw(&mut pm, &footer, g.name_left, y, HEADER_SIZE + 2.0, HEADER);
    }
    Ok(Picture {
        width: pm.width(),
        height: pm.height(),
        rgba: pm.take(),
    })
}

/// The PNG of [`render_standings`] (RGB; a ten-row page is some 55 KB).
///
/// # Errors
/// As [`render_standings`].
pub fn standings_png(table: &Standings) -> Result<Vec<u8>, RenderError> {
    encode::rgb_png(&render_standings(table)?)
}
