//! Colours, sizes of the drawn shapes, and the palette the picture is
//! quantized to.
//!
//! Every shape is drawn in one of a few opaque flat colours, so every pixel
//! is either a flat colour or an anti-aliased blend of two flats that touch.
//! The palette is exactly that: the flats plus evenly spaced blends of each
//! touching pair, at most 255 entries (index 255 stays free for the GIF's
//! transparent pixel).

use fourbot_core::game::Color;

/// An opaque sRGB colour.
pub type Rgb = [u8; 3];

/// Picture background around the board.
pub const BACKGROUND: Rgb = [0x23, 0x27, 0x2e];
/// The board's face.
pub const BOARD: Rgb = [0x1f, 0x57, 0xc3];
/// An empty hole.
pub const HOLE: Rgb = [0x0f, 0x16, 0x24];
/// Row numbers and column letters.
pub const LABEL: Rgb = [0xc9, 0xd2, 0xde];
/// Last-move ring and winning-line highlight.
pub const WHITE: Rgb = [0xff, 0xff, 0xff];
/// A neutral block (obstacles).
pub const BLOCK: Rgb = [0x9a, 0xa0, 0xa8];
/// The inset square on a block.
pub const BLOCK_MARK: Rgb = [0x5b, 0x61, 0x69];

/// Opacity of the faded neighbour columns on the cylinder.
pub const GHOST_ALPHA: f32 = 0.35;
/// Opacity of the preview disc.
pub const PREVIEW_ALPHA: f32 = 0.45;

/// Hole radius as a fraction of the cell size.
pub const HOLE_RADIUS: f32 = 0.44;
/// Disc radius as a fraction of the cell size.
pub const DISC_RADIUS: f32 = 0.36;
/// Radius of the last-move and winning rings (between disc and hole edge).
pub const RING_RADIUS: f32 = 0.40;
/// Stroke width of those rings.
pub const RING_WIDTH: f32 = 0.05;
/// Stroke width of the bar joining the discs of a winning line.
pub const BAR_WIDTH: f32 = 0.13;
/// Stroke width of the colour-blind marks on discs.
pub const MARK_WIDTH: f32 = 0.065;
/// Radius of the ring mark ([`Mark::Ring`]) as a fraction of the cell size.
pub const MARK_RING_RADIUS: f32 = 0.17;
/// Distance from a disc's centre to the corners of the diamond and
/// triangle marks ([`Mark::Diamond`], [`Mark::Triangle`]), as a fraction
/// of the cell size.
pub const MARK_CORNER_RADIUS: f32 = 0.25;
/// Corner radius of the board frame as a fraction of the cell size.
pub const FRAME_CORNER: f32 = 0.16;
/// Height of the row numbers and column letters as a fraction of the cell
/// size.
pub const LABEL_SIZE: f32 = 0.34;
/// Half the side of an obstacle block as a fraction of the cell size.
pub const BLOCK_HALF: f32 = 0.32;
/// Corner radius of a block, as a fraction of the cell size.
pub const BLOCK_CORNER: f32 = 0.08;
/// Half the side of the inset square on a block, as a fraction of the
/// cell size.
pub const BLOCK_INSET_HALF: f32 = 0.17;
/// Corner radius of the inset square, as a fraction of the cell size.
pub const BLOCK_INSET_CORNER: f32 = 0.03;
/// Stroke width of the inset square, as a fraction of the cell size.
pub const BLOCK_INSET_WIDTH: f32 = 0.06;

/// The corners of `mark`'s polygon around a disc centred at (`x`, `y`) in a
/// cell of `cell` px (x right, y down): the diamond from its top clockwise,
/// the triangle (pointing up) from its top clockwise. `None` for the ring,
/// a circle of [`MARK_RING_RADIUS`].
pub fn mark_corners(mark: Mark, x: f32, y: f32, cell: f32) -> Option<Vec<(f32, f32)>> {
    let r = MARK_CORNER_RADIUS * cell;
    match mark {
        Mark::Ring => None,
        Mark::Diamond => Some(vec![(x, y - r), (x + r, y), (x, y + r), (x - r, y)]),
        Mark::Triangle => {
            let (s, c) = (r * 0.866, r * 0.5);
            Some(vec![(x, y - r), (x + s, y + c), (x - s, y + c)])
        }
    }
}

/// `rgb` as CSS writes it: `#e8383d`.
pub fn css(rgb: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// The mark drawn on a disc so colours differ by more than hue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A hollow circle (red).
    Ring,
    /// A hollow diamond (yellow).
    Diamond,
    /// A hollow upward triangle (blue).
    Triangle,
}

/// Body colour of a disc.
pub const fn disc(color: Color) -> Rgb {
    match color {
        Color::Red => [0xe8, 0x38, 0x3d],
        Color::Yellow => [0xff, 0xd2, 0x3f],
        Color::Blue => [0x4e, 0xa8, 0xff],
    }
}

/// Colour of a disc's mark: a darker shade of the body.
pub const fn mark_color(color: Color) -> Rgb {
    match color {
        Color::Red => [0x8e, 0x14, 0x1a],
        Color::Yellow => [0xa8, 0x7a, 0x00],
        Color::Blue => [0x10, 0x4a, 0x9a],
    }
}

/// The mark shape of each colour.
pub const fn mark(color: Color) -> Mark {
    match color {
        Color::Red => Mark::Ring,
        Color::Yellow => Mark::Diamond,
        Color::Blue => Mark::Triangle,
    }
}

/// `a` blended towards `b` by `t` (0 = `a`, 1 = `b`), per sRGB channel.
pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])]
}

/// A colour as drawn in the faded neighbour columns of the cylinder.
pub fn ghost(c: Rgb) -> Rgb {
    mix(BACKGROUND, c, GHOST_ALPHA)
}

/// A colour as drawn in the preview disc (over an empty hole).
pub fn preview(c: Rgb) -> Rgb {
    mix(HOLE, c, PREVIEW_ALPHA)
}

/// What a picture may contain, which decides its palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PaletteKey {
    /// Blue discs (three-players).
    pub blue: bool,
    /// Neutral blocks (obstacles).
    pub blocks: bool,
    /// Faded neighbour columns (cylinder).
    pub ghosts: bool,
    /// A preview disc and arrow.
    pub preview: bool,
}

/// The palette of `key`: flats first, then blends of touching pairs; at most
/// 255 colours.
pub fn palette(key: PaletteKey) -> Vec<Rgb> {
    let colors: &[Color] = if key.blue {
        &Color::ALL
    } else {
        &[Color::Red, Color::Yellow]
    };
    let mut flats = vec![BACKGROUND, BOARD, HOLE, LABEL, WHITE];
    let mut pairs = vec![
        (BACKGROUND, BOARD),
        (BOARD, HOLE),
        (BACKGROUND, LABEL),
        (HOLE, WHITE),
        (BOARD, WHITE),
        (BACKGROUND, WHITE),
    ];
    for &c in colors {
        flats.extend([disc(c), mark_color(c)]);
        pairs.extend([(HOLE, disc(c)), (disc(c), mark_color(c)), (disc(c), WHITE)]);
    }
    if key.blocks {
        flats.extend([BLOCK, BLOCK_MARK]);
        pairs.extend([(HOLE, BLOCK), (BLOCK, BLOCK_MARK)]);
    }
    let mut extra_flats = Vec::new();
    let mut extra_pairs = Vec::new();
    if key.ghosts {
        extra_flats.extend(flats.iter().map(|&c| ghost(c)));
        extra_pairs.extend(pairs.iter().map(|&(a, b)| (ghost(a), ghost(b))));
        extra_pairs.push((BACKGROUND, ghost(WHITE)));
    }
    if key.preview {
        for &c in colors {
            extra_flats.extend([preview(disc(c)), preview(mark_color(c))]);
            extra_pairs.extend([
                (HOLE, preview(disc(c))),
                (preview(disc(c)), preview(mark_color(c))),
                (BACKGROUND, disc(c)),
            ]);
        }
    }
    flats.extend(extra_flats);
    pairs.extend(extra_pairs);
    let mut out: Vec<Rgb> = Vec::with_capacity(255);
    for c in flats {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    let levels = (255 - out.len()) / pairs.len();
    for (a, b) in pairs {
        for k in 1..=levels {
            let c = mix(a, b, k as f32 / (levels + 1) as f32);
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_palette_fits_in_255_colours_with_several_blend_levels() {
        for bits in 0..16u8 {
            let key = PaletteKey {
                blue: bits & 1 != 0,
                blocks: bits & 2 != 0,
                ghosts: bits & 4 != 0,
                preview: bits & 8 != 0,
            };
            let p = palette(key);
            assert!(p.len() <= 255, "{key:?}: {}", p.len());
            assert!(p.len() >= 100, "{key:?}: {}", p.len());
            assert_eq!(p[0], BACKGROUND);
        }
    }
}
