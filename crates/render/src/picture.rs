//! What the drawing functions hand back — a [`Picture`], a [`Replay`], a
//! [`RenderError`] — and a replay's frame times, which the files that draw
//! and encode use. They are here rather than in the crate root because the
//! root calls into those files: no two files name each other
//! (`tests/architecture.rs`).

/// Display time in ms of each ply's frame in [`game_gif`](crate::game_gif).
pub const PLY_DELAY_MS: u32 = 700;
/// Display time in ms of the final frame of [`game_gif`](crate::game_gif) (the last position
/// with its winning lines highlighted) before the replay loops.
pub const FINAL_DELAY_MS: u32 = 3000;

/// Why a picture could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The preview column is not on the board.
    #[error("column {} is not on a {width}-column board", column_name(*column))]
    PreviewOffBoard {
        /// The 0-based column asked for.
        column: u8,
        /// The board's width.
        width: u8,
    },
    /// The preview column is full.
    #[error("column {} is full", fourbot_core::game::column_letter(*column))]
    PreviewColumnFull {
        /// The 0-based column.
        column: u8,
    },
    /// A preview was asked for after the game ended.
    #[error("the game is already over")]
    PreviewGameOver,
    /// A chart or table with nothing in it (no rated match, no row): the
    /// caller says so in words instead of sending an empty picture.
    #[error("there is nothing to draw")]
    NothingToShow,
    /// A standings table of more rows than [`MAX_ROWS`](crate::MAX_ROWS).
    #[error("{0} rows are more than a table picture holds")]
    TooManyRows(usize),
    /// A replay GIF that stays over its byte cap even at two frames.
    #[error("the replay is larger than {cap} bytes")]
    TooLarge {
        /// The cap in bytes.
        cap: usize,
    },
    /// The encoder failed (not expected when writing to memory).
    #[error("encoding the picture failed: {0}")]
    Encode(String),
}

/// A drawn picture before encoding: opaque RGBA, 4 bytes per pixel, rows
/// top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Width in px.
    pub width: u32,
    /// Height in px.
    pub height: u32,
    /// `width × height × 4` bytes, R G B A (A always 255).
    pub rgba: Vec<u8>,
}

impl Picture {
    /// The RGB colour of the pixel at (`x`, `y`) px from the top-left.
    ///
    /// # Panics
    /// If the pixel is outside the picture.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        assert!(x < self.width && y < self.height, "pixel off the picture");
        let i = (y * self.width + x) as usize * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }
}

/// A 0-based column's letter, or `#n` (1-based) past `z`.
fn column_name(column: u8) -> String {
    if column < 26 {
        fourbot_core::game::column_letter(column).to_string()
    } else {
        format!("#{}", column as u32 + 1)
    }
}

/// A bounded replay GIF and how it was sampled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The GIF.
    pub gif: Vec<u8>,
    /// The game's plies.
    pub plies: usize,
    /// Every `step`-th ply is shown (1: every ply); the first and the last
    /// ply always are.
    pub step: usize,
    /// Frames in the GIF, the highlighted final frame included.
    pub frames: usize,
}

impl Replay {
    /// Whether plies were left out.
    pub fn sampled(&self) -> bool {
        self.step > 1
    }
}
