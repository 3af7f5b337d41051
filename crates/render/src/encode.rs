//! Palette PNG and GIF encoding of drawn pictures.

use std::borrow::Cow;

use tiny_skia::Pixmap;

use super::draw::{self, Scene};
use super::layout::Layout;
use super::palette::quantizer;
use super::theme::PaletteKey;
use super::{RenderError, FINAL_DELAY_MS, PLY_DELAY_MS};
use fourbot_core::game::{Game, Position};

/// zlib level of the PNG's deflate stream (fdeflate's fast mode does badly
/// on unfiltered palette rows; see docs/benchmarks.md).
const PNG_LEVEL: u8 = 3;

/// Palette index left out of every palette: the GIF's transparent pixel.
const TRANSPARENT: u8 = 255;

/// What `position`'s pictures may contain.
pub fn palette_key(position: &Position, preview: bool) -> PaletteKey {
    let rules = position.rules();
    PaletteKey {
        blue: rules.colors > 2,
        blocks: position.blocks() != 0,
        ghosts: rules.wrap,
        preview,
    }
}

fn encode_error(e: impl std::fmt::Display) -> RenderError {
    RenderError::Encode(e.to_string())
}

/// An 8-bit indexed PNG of `pixmap` (fast deflate, no row filter: palette
/// pictures of flat shapes compress best unfiltered).
pub fn png(pixmap: &Pixmap, key: PaletteKey) -> Result<Vec<u8>, RenderError> {
    let q = quantizer(key);
    let indices = q.indices(pixmap.data());
    let palette: Vec<u8> = q.palette().iter().flatten().copied().collect();
    let mut out = Vec::with_capacity(32 * 1024);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    encoder.set_deflate_compression(png::DeflateCompression::Level(PNG_LEVEL));
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header().map_err(encode_error)?;
    writer.write_image_data(&indices).map_err(encode_error)?;
    writer.finish().map_err(encode_error)?;
    Ok(out)
}

/// A truecolour (8-bit RGB) PNG of `picture`, for the charts and tables:
/// their colours are not the board's palette. Adaptive row filters, zlib
/// level 6: flat areas and text compress to some tens of KB.
pub fn rgb_png(picture: &super::Picture) -> Result<Vec<u8>, RenderError> {
    let rgb: Vec<u8> = picture
        .rgba
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::with_capacity(48 * 1024);
    let mut encoder = png::Encoder::new(&mut out, picture.width, picture.height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(png::DeflateCompression::Level(6));
    encoder.set_filter(png::Filter::Adaptive);
    let mut writer = encoder.write_header().map_err(encode_error)?;
    writer.write_image_data(&rgb).map_err(encode_error)?;
    writer.finish().map_err(encode_error)?;
    Ok(out)
}

/// The smallest rectangle (x, y, w, h) holding every pixel where `a` and `b`
/// differ, in pictures `width` px wide; `None` when they are equal.
fn changed_rect(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let rows = a.len() / width;
    let differs = |y: usize| a[y * width..(y + 1) * width] != b[y * width..(y + 1) * width];
    let top = (0..rows).find(|&y| differs(y))?;
    let bottom = (0..rows).rev().find(|&y| differs(y))?;
    let (mut left, mut right) = (width, 0);
    for y in top..=bottom {
        let ra = &a[y * width..(y + 1) * width];
        let rb = &b[y * width..(y + 1) * width];
        if let Some(l) = (0..width).find(|&x| ra[x] != rb[x]) {
            left = left.min(l);
            right = right.max((0..width).rev().find(|&x| ra[x] != rb[x]).unwrap_or(l));
        }
    }
    Some((left, top, right - left + 1, bottom - top + 1))
}

/// The replay GIF (see [`super::game_gif`]): one global palette, frames
/// after the first reduced to the rectangle that changed, with unchanged
/// pixels inside it transparent.
pub fn gif(game: &Game) -> Result<Vec<u8>, RenderError> {
    let plies: Vec<usize> = (1..=game.moves().len()).collect();
    gif_of(game, &plies, usize::MAX).map(|out| out.expect("no byte cap"))
}

/// The plies a replay of `plies` plies shows when it shows every `step`-th:
/// ply 1, 1 + step, 1 + 2·step, … and always the last ply.
pub fn sampled_plies(plies: usize, step: usize) -> Vec<usize> {
    let step = step.max(1);
    let mut shown: Vec<usize> = (1..=plies).step_by(step).collect();
    if plies > 0 && shown.last() != Some(&plies) {
        shown.push(plies);
    }
    shown
}

/// The replay of [`super::replay_gif`]: every ply while the frames fit in
/// `max_frames`, else every `step`-th (see [`sampled_plies`]); a GIF over
/// `max_bytes` is drawn again with twice the step.
pub fn replay(
    game: &Game,
    max_frames: usize,
    max_bytes: usize,
) -> Result<super::Replay, RenderError> {
    let n = game.moves().len();
    // Sampled plies plus the highlighted final frame: at most n / step + 2
    // plies, so step ≥ n / (max_frames − 3) keeps within max_frames.
    let room = max_frames.saturating_sub(3).max(1);
    let mut step = if n < max_frames { 1 } else { n.div_ceil(room) };
    loop {
        let shown = sampled_plies(n, step);
        if let Some(gif) = gif_of(game, &shown, max_bytes)? {
            return Ok(super::Replay {
                gif,
                plies: n,
                step,
                frames: shown.len() + 1,
            });
        }
        if step >= n.max(1) {
            return Err(RenderError::TooLarge { cap: max_bytes });
        }
        step = (step * 2).min(n.max(1));
    }
}

/// The GIF of the positions after `plies` (1-based, ascending), each with
/// its move ringed, then the final position highlighted; `None` once the
/// output passes `max_bytes` (drawing stops there).
fn gif_of(game: &Game, plies: &[usize], max_bytes: usize) -> Result<Option<Vec<u8>>, RenderError> {
    let layout = Layout::new(game.variant());
    let (w, h) = (layout.width() as usize, layout.height() as usize);
    let key = palette_key(game.start(), false);

    // The positions to show: after each chosen ply, then the final one
    // highlighted.
    let mut frames = Vec::with_capacity(plies.len() + 1);
    let mut p = *game.start();
    let mut wanted = plies.iter().copied().peekable();
    for (i, &m) in game.moves().iter().enumerate() {
        p.play_unchecked(m);
        if wanted.peek() == Some(&(i + 1)) {
            wanted.next();
            frames.push((p, Some(m), false, PLY_DELAY_MS));
        }
    }
    let last = game.moves().last().copied();
    frames.push((*game.position(), last, true, FINAL_DELAY_MS));

    let q = quantizer(key);
    let mut out = Vec::with_capacity(64 * 1024);
    let mut encoder = gif::Encoder::new(&mut out, w as u16, h as u16, &q.palette_bytes())
        .map_err(encode_error)?;
    encoder
        .set_repeat(gif::Repeat::Infinite)
        .map_err(encode_error)?;
    let mut previous: Option<Vec<u8>> = None;
    for (position, last, highlight, delay_ms) in &frames {
        let scene = Scene {
            position,
            last: *last,
            preview: None,
            highlight: *highlight,
        };
        let indices = q.indices(draw::draw(&layout, &scene).data());
        let delay = (*delay_ms / 10) as u16;
        let frame = match &previous {
            None => gif::Frame {
                delay,
                width: w as u16,
                height: h as u16,
                buffer: Cow::Borrowed(&indices),
                ..gif::Frame::default()
            },
            Some(prev) => delta_frame(prev, &indices, w, delay),
        };
        encoder.write_frame(&frame).map_err(encode_error)?;
        if encoder.get_ref().len() > max_bytes {
            return Ok(None);
        }
        previous = Some(indices);
    }
    drop(encoder);
    Ok(Some(out))
}

/// The frame that turns picture `prev` into `next` (palette indices, `width`
/// px wide): the changed rectangle, unchanged pixels in it transparent.
fn delta_frame(prev: &[u8], next: &[u8], width: usize, delay: u16) -> gif::Frame<'static> {
    let (x, y, w, h) = changed_rect(prev, next, width).unwrap_or((0, 0, 1, 1));
    let mut buffer = Vec::with_capacity(w * h);
    for row in y..y + h {
        let i = row * width + x;
        buffer.extend(prev[i..i + w].iter().zip(&next[i..i + w]).map(|(&a, &b)| {
            if a == b {
                TRANSPARENT
            } else {
                b
            }
        }));
    }
    gif::Frame {
        delay,
        transparent: Some(TRANSPARENT),
        left: x as u16,
        top: y as u16,
        width: w as u16,
        height: h as u16,
        buffer: Cow::Owned(buffer),
        ..gif::Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_rect_bounds_the_differences() {
        let a = vec![0u8; 20];
        let mut b = a.clone();
        assert_eq!(changed_rect(&a, &b, 5), None);
        b[5 + 1] = 1; // (1, 1)
        b[3 * 5 + 3] = 1; // (3, 3)
        assert_eq!(changed_rect(&a, &b, 5), Some((1, 1, 3, 3)));
    }
}
