//! Text on pictures: the embedded font, which characters it can draw, and
//! left/right-aligned lines with anti-aliased glyphs (ab_glyph).
//!
//! DejaVu Sans Bold covers Latin, Greek and Cyrillic (every language the bot
//! speaks), but not CJK ideographs or emoji. A character the font has no
//! glyph for would come out as the font's empty box ("tofu"); names are
//! therefore passed through [`printable`], which writes such characters as
//! `?` — the text beside every picture keeps the name as typed.

use std::borrow::Cow;
use std::sync::LazyLock;

use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use tiny_skia::Pixmap;

use super::theme::Rgb;

/// The embedded font's bytes: DejaVu Sans Bold (assets/fonts, Bitstream
/// Vera licence).
pub(crate) const FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// The embedded font, parsed once.
pub(crate) static FONT: LazyLock<FontRef<'static>> =
    LazyLock::new(|| FontRef::try_from_slice(FONT_BYTES).expect("the embedded font parses"));

/// Whether the embedded font has a glyph for `ch` (white space counts as
/// drawable: it needs none).
pub fn has_glyph(ch: char) -> bool {
    ch.is_whitespace() || FONT.glyph_id(ch) != GlyphId(0)
}

/// The characters of `text` the embedded font cannot draw, in order, each
/// once. Empty for every text of the five locales (crates/render/tests/render/charts.rs).
pub fn missing_glyphs(text: &str) -> Vec<char> {
    let mut out: Vec<char> = Vec::new();
    for ch in text.chars().filter(|c| !has_glyph(*c) && !c.is_control()) {
        if !out.contains(&ch) {
            out.push(ch);
        }
    }
    out
}

/// `text` as the pictures draw it: control characters dropped, characters
/// without a glyph as `?` (so never an empty box). Borrowed when unchanged.
pub fn printable(text: &str) -> Cow<'_, str> {
    if text.chars().all(|c| has_glyph(c) && !c.is_control()) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .filter(|c| !c.is_control())
            .map(|c| if has_glyph(c) { c } else { '?' })
            .collect(),
    )
}

/// Width in px of `text` at `size` px.
pub(crate) fn width(text: &str, size: f32) -> f32 {
    let font = &*FONT;
    let scaled = font.as_scaled(PxScale::from(size));
    text.chars()
        .map(|ch| scaled.h_advance(font.glyph_id(ch)))
        .sum()
}

/// `text` cut to at most `max` px wide at `size` px, ending in `…` when cut.
pub(crate) fn fit(text: &str, size: f32, max: f32) -> Cow<'_, str> {
    if width(text, size) <= max {
        return Cow::Borrowed(text);
    }
    let ellipsis = width("…", size);
    let mut out = String::new();
    let mut used = 0.0;
    for ch in text.chars() {
        let w = width(ch.encode_utf8(&mut [0; 4]), size);
        if used + w + ellipsis > max {
            break;
        }
        used += w;
        out.push(ch);
    }
    out.push('…');
    Cow::Owned(out)
}

/// Draws `text` (already [`printable`]) with its baseline at `baseline` px,
/// starting at `left` px, in colour `c` blended over what is there.
pub(crate) fn draw(pixmap: &mut Pixmap, text: &str, left: f32, baseline: f32, size: f32, c: Rgb) {
    let font = &*FONT;
    let scaled = font.as_scaled(PxScale::from(size));
    let w = pixmap.width() as i32;
    let h = pixmap.height() as i32;
    let mut pen = left;
    let data = pixmap.data_mut();
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        let glyph = id.with_scale_and_position(size, point(pen, baseline));
        pen += scaled.h_advance(id);
        let Some(outline) = font.outline_glyph(glyph) else {
            continue;
        };
        let bounds = outline.px_bounds();
        outline.draw(|gx, gy, coverage| {
            let px = bounds.min.x as i32 + gx as i32;
            let py = bounds.min.y as i32 + gy as i32;
            if px < 0 || py < 0 || px >= w || py >= h {
                return;
            }
            let i = (py * w + px) as usize * 4;
            let a = coverage.clamp(0.0, 1.0);
            for k in 0..3 {
                let d = data[i + k] as f32;
                data[i + k] = (d + (c[k] as f32 - d) * a).round() as u8;
            }
        });
    }
}

/// Draws `text` ending at `right` px (right-aligned), as [`draw`].
pub(crate) fn draw_right(
    pixmap: &mut Pixmap,
    text: &str,
    right: f32,
    baseline: f32,
    size: f32,
    c: Rgb,
) {
    draw(pixmap, text, right - width(text, size), baseline, size, c);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greek_and_cyrillic_have_glyphs_and_ideographs_become_question_marks() {
        assert!(missing_glyphs("Βαθμολογία Рейтинг Ärger ½ ▲▼ · …").is_empty());
        assert_eq!(missing_glyphs("名前名"), ['名', '前']);
        assert_eq!(printable("alice"), Cow::Borrowed("alice"));
        assert_eq!(printable("名a\u{7}"), "?a");
    }

    #[test]
    fn fitting_cuts_with_an_ellipsis_within_the_width() {
        let long = "a very long display name indeed";
        let cut = fit(long, 16.0, 100.0);
        assert!(cut.ends_with('…') && width(&cut, 16.0) <= 100.0, "{cut}");
        assert_eq!(fit("bob", 16.0, 100.0), "bob");
    }
}
