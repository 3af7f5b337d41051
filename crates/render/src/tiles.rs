//! The fast path of the turn picture: the same 8-bit indexed PNG as
//! drawing the whole board and quantizing it, built from parts drawn once.
//!
//! Every pixel of a board picture outside the holes' contents is the same
//! in every picture of a variant (the board, its holes, the labels), and a
//! cell's content (a disc, a block, the white ring of the last move) is
//! drawn inside its hole. So per layout and palette a [`Sheet`] keeps the
//! empty board (drawn, and quantized) and, drawn once on demand, the
//! quantized pixels of each cell in each state where they differ from the
//! empty board. (Per cell, not one tile shifted from cell to cell:
//! tiny-skia's anti-aliasing of a circle is not exactly the same at every
//! whole-pixel offset, and the pictures must be the same to the pixel.)
//!
//! A picture is then cut into horizontal bands: the margin above the
//! board, one band per row of cells, the margin below. A band's pixels
//! depend only on the states of its row's cells, so each band is
//! compressed on its own (raw deflate ending in a sync flush, RFC 1951
//! §3.2.4, so the pieces join byte-aligned) and kept in a shared LRU cache
//! keyed by those states: after a move usually only the row of the new
//! disc and the row of the previous ring change. The zlib stream (RFC 1950)
//! is the header, the bands in order, an empty final stored block, and the
//! Adler-32 of all rows, joined from the bands' own checksums.
//!
//! Used for every picture but a preview, a pop's arrow and boards wider
//! than [`MAX_DISPLAY_COLUMNS`] (those are drawn whole by
//! [`super::draw::draw`]); a game's end with winning bars takes the rows
//! its bars cross from [`super::draw::draw_rows`]. A match may keep its last
//! picture's bands ([`TurnBands`]). The tests compare both paths pixel for
//! pixel in every variant, game ends included.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

use flate2::{Compress, Compression, FlushCompress};
use hashlink::LruCache;
use tiny_skia::Pixmap;

use super::draw;
use super::layout::Layout;
use super::palette::quantizer;
use super::theme::PaletteKey;
use super::RenderError;
use fourbot_core::game::{Cell, Color, Move, Position};

/// zlib level of each band's deflate stream: 2 (zlib-rs's fast strategy)
/// compresses a band in about 70 % of level 3's time (the medium
/// strategy) for a picture 4 % larger (docs/benchmarks.md, "CPU per move").
const BAND_LEVEL: u32 = 2;

/// Compressed bands kept in the shared cache (a band of a classic board is
/// about 1–3 KB, so at most some 8 MB).
const BAND_CACHE: usize = 1024;

thread_local! {
    /// This thread's deflate stream, reset for every band. A new one per
    /// band allocated and freed its state (some 300 KB: window, hash
    /// chains, buffers) every time: besides the time, glibc's malloc then
    /// served the states from the heap between the long-lived bands and
    /// pictures, and the process's memory grew to ten times what it held
    /// (docs/benchmarks.md, issue 18).
    static DEFLATE: RefCell<Option<Compress>> = const { RefCell::new(None) };
}

/// Most display columns (board columns plus the cylinder's two faded ones)
/// a band key holds; wider boards take the whole-picture path.
const MAX_DISPLAY_COLUMNS: usize = 16;

/// A cell's state as one byte: 0 an empty hole, 1–3 a red, yellow or blue
/// disc, 4 a block; plus [`RINGED`] when the cell carries the white ring.
type State = u8;
const RINGED: State = 8;
const STATES: usize = 16;

fn state(what: Option<Option<Color>>, ring: bool) -> State {
    let base = match what {
        None => 0,
        Some(Some(color)) => 1 + color as u8,
        Some(None) => 4,
    };
    base | if ring { RINGED } else { 0 }
}

fn content(state: State) -> Option<Option<Color>> {
    match state & !RINGED {
        0 => None,
        1 => Some(Some(Color::Red)),
        2 => Some(Some(Color::Yellow)),
        3 => Some(Some(Color::Blue)),
        _ => Some(None),
    }
}

/// The quantized pixels of one cell in one state inside its square where
/// they differ from the empty board: per row of the square (0-based from
/// its top), the first differing column and the indices up to the last.
struct Tile {
    rows: Vec<(usize, usize, Vec<u8>)>,
}

/// One layout's parts for one palette.
struct Sheet {
    /// Position of this sheet in [`SHEETS`]' creation order (a cache key).
    id: usize,
    layout: Layout,
    key: PaletteKey,
    width: usize,
    /// Display columns: the board's, plus the cylinder's two faded copies.
    display: usize,
    /// The empty board as drawn (RGBA), to draw tiles on.
    drawn: Arc<Pixmap>,
    /// The quantized empty board, `width × height` palette indices.
    background: Vec<u8>,
    /// Tiles by display cell (`row × display columns + column + 1` on the
    /// cylinder, whose faded copies are display columns −1 and W;
    /// `row × W + column` elsewhere), then by state.
    tiles: Vec<[OnceLock<Tile>; STATES]>,
}

/// Every sheet made so far, by layout and palette.
type Sheets = HashMap<(Layout, PaletteKey), Arc<Sheet>>;

static SHEETS: LazyLock<Mutex<Sheets>> = LazyLock::new(Default::default);

/// A band's raw deflate stream (sync-flushed, not final), the Adler-32 of
/// its filtered rows and their length in bytes.
struct Band {
    deflate: Vec<u8>,
    adler: u32,
    len: u64,
}

/// Sheet, band index (0 is the top margin), states of the band's display
/// columns left to right.
type BandKey = (usize, u8, [State; MAX_DISPLAY_COLUMNS]);

/// The bands of one match's last picture, kept by whoever draws that
/// match's turns ([`super::board_png_with`]): a move changes at most two
/// rows (the new disc's, the previous ring's), so the next picture takes
/// every other band from here, however many other matches' bands went
/// through the shared cache meanwhile. (With 1,000 matches running, the
/// shared cache of [`BAND_CACHE`] bands missed about two bands a picture;
/// docs/benchmarks.md, "CPU per move".) Holds at most one band per band
/// of the board (a classic board: 8, some 20 KB); empty until the first
/// picture.
#[derive(Default)]
pub struct TurnBands {
    bands: Vec<(BandKey, Arc<Band>)>,
}

impl std::fmt::Debug for TurnBands {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TurnBands({} bands)", self.bands.len())
    }
}

impl TurnBands {
    /// Lets the kept bands go (the host does at the match's end).
    pub fn clear(&mut self) {
        self.bands = Vec::new();
    }
}

static BANDS: LazyLock<Mutex<LruCache<BandKey, Arc<Band>>>> =
    LazyLock::new(|| Mutex::new(LruCache::new(BAND_CACHE)));

fn sheet(layout: Layout, key: PaletteKey) -> Arc<Sheet> {
    let mut sheets = SHEETS.lock().unwrap_or_else(|e| e.into_inner());
    let id = sheets.len();
    sheets
        .entry((layout, key))
        .or_insert_with(|| {
            let drawn = draw::background(&layout);
            let display = layout.columns() as usize + draw::ghost_columns(&layout).len();
            Arc::new(Sheet {
                id,
                layout,
                key,
                width: layout.width() as usize,
                display,
                background: quantizer(key).indices(drawn.data()),
                drawn,
                tiles: (0..display * layout.rows() as usize)
                    .map(|_| Default::default())
                    .collect(),
            })
        })
        .clone()
}

impl Sheet {
    /// Top-left pixel of the square of display column `column`, `row`.
    fn corner(&self, column: i32, row: i32) -> (usize, usize) {
        (
            self.layout.column_left(column) as usize,
            self.layout.row_top(row) as usize,
        )
    }

    /// The tile of `state` in the cell at display column `column`, `row`.
    fn tile(&self, column: i32, row: i32, state: State) -> &Tile {
        let shift = if self.layout.wraps() { 1 } else { 0 };
        let slot = (row * self.display as i32 + column + shift) as usize;
        self.tiles[slot][state as usize].get_or_init(|| {
            let mut picture = Pixmap::clone(&self.drawn);
            draw::draw_cell(
                &mut picture,
                &self.layout,
                (column, row),
                content(state),
                state & RINGED != 0,
            );
            let q = quantizer(self.key);
            let (x0, y0) = self.corner(column, row);
            let side = self.layout.cell_size() as usize;
            let mut rows = Vec::new();
            for dy in 0..side {
                let at = (y0 + dy) * self.width + x0;
                let drawn = q.indices(&picture.data()[at * 4..(at + side) * 4]);
                let empty = &self.background[at..at + side];
                let first = (0..side).find(|&x| drawn[x] != empty[x]);
                let last = (0..side).rev().find(|&x| drawn[x] != empty[x]);
                if let (Some(first), Some(last)) = (first, last) {
                    rows.push((dy, first, drawn[first..=last].to_vec()));
                }
            }
            Tile { rows }
        })
    }

    /// The pixel rows (top, bottom exclusive) of each band, top to bottom:
    /// the top margin, the board's rows from the highest, the bottom margin.
    fn bands(&self) -> Vec<(usize, usize)> {
        let l = &self.layout;
        let side = l.cell_size() as usize;
        let top = l.row_top(l.rows() as i32 - 1) as usize;
        let bottom = l.row_top(0) as usize + side;
        let mut out = vec![(0, top)];
        out.extend((0..l.rows() as usize).map(|i| (top + i * side, top + (i + 1) * side)));
        out.push((bottom, l.height() as usize));
        out
    }

    /// Filters (type 0) and compresses the rows `y0..y1` with `cells`
    /// (display column, state) pasted on them, in board row `row`.
    fn compress_band(&self, (y0, y1): (usize, usize), row: i32, cells: &[(i32, State)]) -> Band {
        let stride = self.width + 1;
        let mut raw = vec![0u8; (y1 - y0) * stride];
        for y in y0..y1 {
            let at = (y - y0) * stride + 1;
            raw[at..at + self.width]
                .copy_from_slice(&self.background[y * self.width..(y + 1) * self.width]);
        }
        for &(column, state) in cells {
            let (x0, top) = self.corner(column, row);
            for (dy, dx, bytes) in &self.tile(column, row, state).rows {
                let at = (top + dy - y0) * stride + 1 + x0 + dx;
                raw[at..at + bytes.len()].copy_from_slice(bytes);
            }
        }
        compress_raw(&raw)
    }
}

/// Compresses filtered rows `raw` into a band (raw deflate, sync-flushed).
fn compress_raw(raw: &[u8]) -> Band {
    let mut deflate = Vec::with_capacity(raw.len() / 8 + 64);
    DEFLATE.with_borrow_mut(|c| {
        let c = c.get_or_insert_with(|| Compress::new(Compression::new(BAND_LEVEL), false));
        c.reset();
        loop {
            let done = c.total_in() as usize;
            c.compress_vec(&raw[done..], &mut deflate, FlushCompress::Sync)
                .expect("deflate into memory");
            if c.total_in() as usize == raw.len() && deflate.len() < deflate.capacity() {
                break;
            }
            deflate.reserve(deflate.capacity().max(4096));
        }
    });
    // Kept in the cache for long: without the spare room the growth
    // above left (often twice the stream), the cache holds its size.
    deflate.shrink_to_fit();
    Band {
        deflate,
        adler: simd_adler32::adler32(&raw),
        len: raw.len() as u64,
    }
}

/// The Adler-32 of the concatenation of two byte strings from their own
/// checksums `a` and `b` and the second one's length (zlib's
/// `adler32_combine`).
fn adler32_combine(a: u32, b: u32, len_b: u64) -> u32 {
    const BASE: u64 = 65521;
    let rem = len_b % BASE;
    let a1 = (a & 0xffff) as u64;
    let a2 = (a >> 16) as u64;
    let b1 = (b & 0xffff) as u64;
    let b2 = (b >> 16) as u64;
    let s1 = (a1 + b1 + BASE - 1) % BASE;
    let s2 = (rem * a1 % BASE + a2 + b2 + BASE - rem) % BASE;
    (s2 << 16 | s1) as u32
}

/// The board rows `lowest..=highest` (0 is the bottom) that winning bars
/// cross, and how to draw the picture right in those rows.
struct Bars<F> {
    lowest: i32,
    highest: i32,
    draw: Option<F>,
}

/// The PNG of `position` with the cell `ring` ringed (the rows of `bars`,
/// if any, from their drawing; every other band from `memo`, the shared
/// cache or compressed now), or `None` when the picture needs the
/// whole-picture path (a board wider than [`MAX_DISPLAY_COLUMNS`] display
/// columns).
fn assemble<F: FnOnce(std::ops::RangeInclusive<i32>) -> Pixmap>(
    position: &Position,
    ring: Option<Cell>,
    key: PaletteKey,
    mut memo: Option<&mut TurnBands>,
    mut bars: Option<Bars<F>>,
) -> Option<Result<Vec<u8>, RenderError>> {
    let layout = Layout::new(position.variant());
    let ghosts = draw::ghost_columns(&layout);
    let display = layout.columns() as usize + ghosts.len();
    if display > MAX_DISPLAY_COLUMNS {
        return None;
    }
    let sheet = sheet(layout, key);
    let bands = sheet.bands();
    let rows = layout.rows() as i32;
    let mut parts: Vec<Arc<Band>> = Vec::with_capacity(bands.len());
    for (i, &span) in bands.iter().enumerate() {
        // Band i ≥ 1 up to `rows` holds board row rows − i.
        let row = rows - i as i32;
        if let Some(bars) = bars
            .as_mut()
            .filter(|b| (1..=rows as usize).contains(&i) && (b.lowest..=b.highest).contains(&row))
        {
            // The rows the bars cross, as one band from the whole picture
            // (its rows quantized as the whole-picture path does), made
            // with the first of them; neither kept nor cached: a game's
            // end is drawn once.
            if let Some(draw) = bars.draw.take() {
                let pixmap = draw(bars.lowest..=bars.highest);
                let y0 = span.0;
                let y1 = bands[rows as usize - bars.lowest as usize].1;
                let width = sheet.width;
                let q = quantizer(key);
                let mut raw = Vec::with_capacity((y1 - y0) * (width + 1));
                for y in y0..y1 {
                    raw.push(0);
                    raw.extend(q.indices(&pixmap.data()[y * width * 4..(y + 1) * width * 4]));
                }
                parts.push(Arc::new(compress_raw(&raw)));
            }
            continue;
        }
        let mut cells: Vec<(i32, State)> = Vec::new();
        let mut states = [0u8; MAX_DISPLAY_COLUMNS];
        if (1..=rows as usize).contains(&i) {
            let mut shown: Vec<(i32, i32)> = (0..layout.columns() as i32).map(|c| (c, c)).collect();
            shown.extend(ghosts.iter().copied());
            for (k, &(display_column, source)) in shown.iter().enumerate() {
                let cell = Cell::new(source as u8, row as u8);
                let ringed = display_column == source && ring == Some(cell);
                let s = state(position.at(cell), ringed);
                states[k] = s;
                if s != 0 {
                    cells.push((display_column, s));
                }
            }
        }
        let band_key: BandKey = (sheet.id, i as u8, states);
        let kept = memo
            .as_deref()
            .and_then(|m| m.bands.get(i))
            .filter(|(k, _)| *k == band_key)
            .map(|(_, b)| b.clone());
        if let Some(band) = kept {
            parts.push(band);
            continue;
        }
        let cached = BANDS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&band_key)
            .cloned();
        LOOKUPS.fetch_add(1, Relaxed);
        let band = match cached {
            Some(band) => band,
            None => {
                MISSES.fetch_add(1, Relaxed);
                let band = Arc::new(sheet.compress_band(span, row, &cells));
                BANDS
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(band_key, band.clone());
                band
            }
        };
        if let Some(m) = memo.as_deref_mut() {
            match m.bands.get_mut(i) {
                Some(slot) => *slot = (band_key, band.clone()),
                None => m.bands.push((band_key, band.clone())),
            }
        }
        parts.push(band);
    }
    if let Some(m) = memo {
        m.bands.truncate(bands.len());
    }

    let mut zlib = Vec::with_capacity(parts.iter().map(|b| b.deflate.len()).sum::<usize>() + 16);
    zlib.extend_from_slice(&[0x78, 0x01]);
    let mut adler = 1u32;
    for band in &parts {
        zlib.extend_from_slice(&band.deflate);
        adler = adler32_combine(adler, band.adler, band.len);
    }
    // An empty final stored block, then the checksum (big-endian).
    zlib.extend_from_slice(&[0x01, 0x00, 0x00, 0xff, 0xff]);
    zlib.extend_from_slice(&adler.to_be_bytes());
    Some(write_png(&sheet, &zlib))
}

fn write_png(sheet: &Sheet, zlib: &[u8]) -> Result<Vec<u8>, RenderError> {
    let encode_error = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let palette: Vec<u8> = quantizer(sheet.key)
        .palette()
        .iter()
        .flatten()
        .copied()
        .collect();
    let mut out = Vec::with_capacity(zlib.len() + 1024);
    let mut encoder = png::Encoder::new(&mut out, sheet.layout.width(), sheet.layout.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    let mut writer = encoder.write_header().map_err(encode_error)?;
    writer
        .write_chunk(png::chunk::IDAT, zlib)
        .map_err(encode_error)?;
    writer.finish().map_err(encode_error)?;
    Ok(out)
}

/// Band lookups and misses (bands compressed) since the start.
static LOOKUPS: AtomicU64 = AtomicU64::new(0);
static MISSES: AtomicU64 = AtomicU64::new(0);

/// The shared band cache: bands, bytes their streams hold, lookups, misses.
pub fn band_cache() -> (usize, usize, u64, u64) {
    let bands = BANDS.lock().unwrap_or_else(|e| e.into_inner());
    let bytes = bands.iter().map(|(_, b)| b.deflate.capacity()).sum();
    (
        bands.len(),
        bytes,
        LOOKUPS.load(Relaxed),
        MISSES.load(Relaxed),
    )
}

/// The PNG of `position` (last move `last`, to ring) by the fast path, or
/// `None` when the picture has something the fast path does not draw: a
/// preview, the arrow of a pop, a board wider than [`MAX_DISPLAY_COLUMNS`].
///
/// A game's end with winning bars takes the rows the bars cross from the
/// picture `draw(rows)` makes, which is right in those board rows (bars,
/// then their discs and rings); the bars lie within the rows of their
/// lines' cells and a band's pixels depend only on its own row, so the
/// picture is the same as drawn whole. Every other row comes from the
/// bands: quantizing and compressing
/// the whole picture took some 2.6 ms, nine times a turn's picture, and
/// with one end in about twenty moves half the pictures' time (issue 33 §5).
pub fn png(
    position: &Position,
    last: Option<Move>,
    highlight: bool,
    key: PaletteKey,
    memo: Option<&mut TurnBands>,
    draw: impl FnOnce(std::ops::RangeInclusive<i32>) -> Pixmap,
) -> Option<Result<Vec<u8>, RenderError>> {
    if key.preview || matches!(last, Some(Move::Pop(_))) {
        return None;
    }
    let bars = match highlight && position.outcome().is_over() {
        true => {
            let rows = position
                .lines()
                .into_iter()
                .flat_map(|(_, cells)| cells)
                .map(|c| i32::from(c.row));
            let (lowest, highest) =
                rows.fold((i32::MAX, i32::MIN), |(lo, hi), r| (lo.min(r), hi.max(r)));
            (lowest <= highest).then_some(Bars {
                lowest,
                highest,
                draw: Some(draw),
            })
        }
        false => None,
    };
    let ring = last.and_then(|m| draw::marked_cell(position, m));
    assemble(position, ring, key, memo, bars)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::game::{Game, Variant};

    /// The cached bands hold their streams and little more: a classic
    /// game's pictures leave every band's buffer within an eighth of its
    /// stream (the cache's size is its bands' sizes, docs/render.md).
    #[test]
    fn the_band_cache_holds_the_streams_without_spare_room() {
        let key = super::super::encode::palette_key(&Position::new(Variant::Classic), false);
        let mut game = Game::new(Position::new(Variant::Classic));
        let mut choice = 7usize;
        let mut rendered = 0;
        loop {
            let legal = game.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            choice = (choice * 31 + 11) % 97;
            let m = legal.get(choice % legal.len()).expect("a move");
            game.play(m).expect("a legal move");
            let png = png(
                game.position(),
                Some(m),
                false,
                key,
                None,
                |_| unreachable!(),
            )
            .expect("the fast path");
            assert!(png.is_ok());
            rendered += 1;
        }
        assert!(rendered >= 7, "{rendered} pictures");
        let bands = BANDS.lock().unwrap();
        let (held, used) = bands
            .iter()
            .map(|(_, b)| (b.deflate.capacity(), b.deflate.len()))
            .fold((0, 0), |(h, u), (c, l)| (h + c, u + l));
        assert!(used > 0);
        assert!(held <= used + used / 8, "{held} bytes held for {used}");
    }

    /// A match's kept bands give the same bytes as the shared cache alone,
    /// while other matches' pictures go through the cache in between, and
    /// hold one band per band of the board.
    #[test]
    fn kept_bands_give_the_same_pictures_as_drawing_without_them() {
        let key = super::super::encode::palette_key(&Position::new(Variant::Classic), false);
        let mut games = [
            Game::new(Position::new(Variant::Classic)),
            Game::new(Position::new(Variant::Classic)),
        ];
        let mut memos = [TurnBands::default(), TurnBands::default()];
        let mut choice = 3usize;
        let mut rendered = 0;
        'play: loop {
            for (game, memo) in games.iter_mut().zip(memos.iter_mut()) {
                let legal = game.position().legal_moves();
                if legal.is_empty() {
                    break 'play;
                }
                choice = (choice * 37 + 5) % 101;
                let m = legal.get(choice % legal.len()).expect("a move");
                game.play(m).expect("a legal move");
                let kept = png(
                    game.position(),
                    Some(m),
                    false,
                    key,
                    Some(memo),
                    |_| unreachable!(),
                )
                .expect("the fast path")
                .expect("drawn");
                let fresh = png(
                    game.position(),
                    Some(m),
                    false,
                    key,
                    None,
                    |_| unreachable!(),
                )
                .expect("the fast path")
                .expect("drawn");
                assert_eq!(kept, fresh, "picture {rendered}");
                assert_eq!(
                    memo.bands.len(),
                    Layout::new(Variant::Classic).rows() as usize + 2
                );
                rendered += 1;
            }
        }
        assert!(rendered >= 14, "{rendered} pictures");
        memos[0].clear();
        assert!(memos[0].bands.is_empty());
    }

    #[test]
    fn adler32_combine_matches_the_checksum_of_the_whole() {
        let data: Vec<u8> = (0..200_000u32).map(|i| (i * 7919 % 251) as u8).collect();
        for split in [0, 1, 5551, 65_521, 65_522, 100_000, 199_999, 200_000] {
            let (a, b) = data.split_at(split);
            assert_eq!(
                adler32_combine(
                    simd_adler32::adler32(&a),
                    simd_adler32::adler32(&b),
                    b.len() as u64
                ),
                simd_adler32::adler32(&data.as_slice()),
                "split at {split}"
            );
        }
    }
}
