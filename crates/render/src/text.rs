//! Text on pictures: the embedded fonts, which of them draws each character,
//! and left/right-aligned lines with anti-aliased glyphs (ab_glyph).
//!
//! DejaVu Sans Bold covers Latin, Greek and Cyrillic (every language the bot
//! speaks) but not the names players type in other scripts, so each
//! character is drawn with the first of [`FONT_NAMES`] that has a glyph for
//! it: DejaVu Sans Bold, then WenQuanYi Micro Hei (Chinese, Japanese kana
//! and kanji, Korean Hangul), then Symbola (emoji of Unicode 9, symbols,
//! mathematical letters). The choice is made per character and the same
//! one is used to measure ([`width`], [`fit`]) and to draw ([`draw`]), so a
//! name is clipped to its column by the widths it is drawn with. There is
//! no shaping: an emoji sequence (ZWJ, skin tone) is drawn one code point at
//! a time. Invisible characters (variation selectors, joiners, bidi marks:
//! Unicode's Default_Ignorable_Code_Point) and control characters are drawn
//! as nothing, and a character no font has as `?`, never as a font's empty
//! box ("tofu"). The text beside every picture keeps the name as typed.

use std::borrow::Cow;
use std::sync::LazyLock;

use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use tiny_skia::Pixmap;

use super::theme::Rgb;

/// The embedded fonts' names, in the order a character looks for a glyph
/// (what [`font_of`] answers).
pub const FONT_NAMES: [&str; 3] = ["DejaVu Sans Bold", "WenQuanYi Micro Hei", "Symbola"];

/// The first font's bytes: DejaVu Sans Bold (assets/fonts, Bitstream Vera
/// licence). The rating chart registers it with plotters for its axis and
/// legend texts.
pub(crate) const FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// The fallback fonts' bytes, in order: subsets made by
/// scripts/fallback-fonts.sh that keep only the code points the fonts
/// before them lack (assets/fonts/README.md has their sources and licences).
const FALLBACK_BYTES: [&[u8]; 2] = [
    include_bytes!("../../../assets/fonts/WenQuanYiMicroHei-subset.ttf"),
    include_bytes!("../../../assets/fonts/Symbola-subset.ttf"),
];

/// One embedded font and how to size it.
struct Face {
    font: FontRef<'static>,
    /// The `PxScale` per px of text size. ab_glyph's scale is the font's
    /// ascent-to-descent height, which differs from font to font; this
    /// makes every font's em as large as DejaVu's at the same size (1 for
    /// DejaVu itself, so its pictures are unchanged).
    per_px: f32,
}

/// The embedded fonts in [`FONT_NAMES`] order, parsed once.
static FACES: LazyLock<Vec<Face>> = LazyLock::new(|| {
    let parse =
        |bytes: &'static [u8]| FontRef::try_from_slice(bytes).expect("the embedded fonts parse");
    let first = parse(FONT_BYTES);
    // A font's em per unit of ab_glyph's PxScale (its ascent − descent).
    let em_per_scale = |f: &FontRef<'static>| {
        f.units_per_em()
            .expect("the embedded fonts have an em size")
            / f.height_unscaled()
    };
    let first_em = em_per_scale(&first);
    let mut faces = vec![Face {
        font: first,
        per_px: 1.0,
    }];
    for bytes in FALLBACK_BYTES {
        let font = parse(bytes);
        let per_px = first_em / em_per_scale(&font);
        faces.push(Face { font, per_px });
    }
    faces
});

/// Whether `ch` is one of Unicode's Default_Ignorable_Code_Points
/// (DerivedCoreProperties.txt, Unicode 15.0): characters with no visible
/// shape of their own that a renderer without support for them shows as
/// nothing — variation selectors (U+FE0F after an emoji), ZWJ and the other
/// joiners, bidi marks, the soft hyphen, the Hangul fillers (U+3164, an
/// "empty" name on Discord), tags (flag sequences).
fn invisible(ch: char) -> bool {
    matches!(
        ch as u32,
        0x00AD
            | 0x034F
            | 0x061C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

/// How one character is drawn: glyph `id` of face `face` (an index into
/// [`FACES`]), or `None` for nothing at all (no width, no pixels).
fn glyph_of(ch: char) -> Option<(usize, GlyphId)> {
    if ch.is_control() || invisible(ch) {
        return None;
    }
    let faces = &*FACES;
    for (i, face) in faces.iter().enumerate() {
        let id = face.font.glyph_id(ch);
        if id != GlyphId(0) {
            return Some((i, id));
        }
    }
    // No font has it: a space for white space, else a question mark (never
    // the first font's empty box).
    let stand_in = if ch.is_whitespace() { ' ' } else { '?' };
    Some((0, faces[0].font.glyph_id(stand_in)))
}

/// Which embedded font draws `ch` (one of [`FONT_NAMES`]); `None` when it is
/// drawn as nothing (control and invisible characters) or when no font has
/// it (then it is drawn as `?`, or as a space for white space).
pub fn font_of(ch: char) -> Option<&'static str> {
    if ch.is_control() || invisible(ch) {
        return None;
    }
    FACES
        .iter()
        .position(|face| face.font.glyph_id(ch) != GlyphId(0))
        .map(|i| FONT_NAMES[i])
}

/// Whether the pictures draw `ch` as itself: some embedded font has a
/// glyph for it, or it needs none (white space, control and invisible
/// characters).
pub fn has_glyph(ch: char) -> bool {
    ch.is_whitespace() || ch.is_control() || invisible(ch) || font_of(ch).is_some()
}

/// The characters of `text` no embedded font can draw (the pictures show
/// each as `?`), in order, each once. Empty for every text of the five
/// locales (crates/render/tests/render/charts.rs).
pub fn missing_glyphs(text: &str) -> Vec<char> {
    let mut out: Vec<char> = Vec::new();
    for ch in text.chars().filter(|c| !has_glyph(*c)) {
        if !out.contains(&ch) {
            out.push(ch);
        }
    }
    out
}

/// `text` as the pictures draw it: control and invisible characters
/// dropped, characters no font has as `?`. Borrowed when unchanged.
pub fn printable(text: &str) -> Cow<'_, str> {
    only_drawn_by(text, FACES.len())
}

/// `text` with control and invisible characters dropped and every character
/// the first `fonts` fonts lack as `?`. Borrowed when unchanged.
fn only_drawn_by(text: &str, fonts: usize) -> Cow<'_, str> {
    let drawn = |c: char| {
        if c.is_control() || invisible(c) {
            None
        } else if FACES[..fonts]
            .iter()
            .any(|face| face.font.glyph_id(c) != GlyphId(0))
        {
            Some(c)
        } else if c.is_whitespace() {
            Some(' ')
        } else {
            Some('?')
        }
    };
    if text.chars().all(|c| drawn(c) == Some(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().filter_map(drawn).collect())
}

/// `text` for plotters, which knows only the first font (the chart's axis
/// and legend texts): as [`printable`] with DejaVu Sans Bold alone.
pub(crate) fn in_first_font(text: &str) -> Cow<'_, str> {
    only_drawn_by(text, 1)
}

/// Horizontal advance in px of the glyph `(face, id)` at `size` px.
fn advance(face: usize, id: GlyphId, size: f32) -> f32 {
    let f = &FACES[face];
    f.font
        .as_scaled(PxScale::from(size * f.per_px))
        .h_advance(id)
}

/// Width in px of `text` at `size` px, each character in the font that
/// draws it.
pub(crate) fn width(text: &str, size: f32) -> f32 {
    text.chars()
        .filter_map(glyph_of)
        .map(|(face, id)| advance(face, id, size))
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
        let w = glyph_of(ch).map_or(0.0, |(face, id)| advance(face, id, size));
        if used + w + ellipsis > max {
            break;
        }
        used += w;
        out.push(ch);
    }
    out.push('…');
    Cow::Owned(out)
}

/// Draws `text` with its baseline at `baseline` px, starting at `left` px,
/// in colour `c` blended over what is there; each character in the font
/// that draws it (see the module's notes).
pub(crate) fn draw(pixmap: &mut Pixmap, text: &str, left: f32, baseline: f32, size: f32, c: Rgb) {
    let w = pixmap.width() as i32;
    let h = pixmap.height() as i32;
    let mut pen = left;
    let data = pixmap.data_mut();
    for (face, id) in text.chars().filter_map(glyph_of) {
        let f = &FACES[face];
        let scale = PxScale::from(size * f.per_px);
        let glyph = id.with_scale_and_position(scale, point(pen, baseline));
        pen += f.font.as_scaled(scale).h_advance(id);
        let Some(outline) = f.font.outline_glyph(glyph) else {
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

/// Draws `text` centred on `centre` px, as [`draw`].
pub(crate) fn draw_centred(
    pixmap: &mut Pixmap,
    text: &str,
    centre: f32,
    baseline: f32,
    size: f32,
    c: Rgb,
) {
    draw(
        pixmap,
        text,
        centre - width(text, size) / 2.0,
        baseline,
        size,
        c,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_script_is_drawn_by_the_first_font_that_has_it() {
        let [dejavu, wqy, symbola] = FONT_NAMES;
        for (ch, font) in [
            ('a', Some(dejavu)),
            ('Ε', Some(dejavu)),
            ('И', Some(dejavu)),
            // DejaVu Sans Bold has a few emoji of its own.
            ('😀', Some(dejavu)),
            ('绿', Some(wqy)),
            ('녹', Some(wqy)),
            ('さ', Some(wqy)),
            ('🙂', Some(symbola)),
            ('𝐂', Some(symbola)),
            ('\u{fe0f}', None),
            ('\u{200d}', None),
            ('\u{7}', None),
            // Unassigned: no font has it.
            ('\u{10fffd}', None),
        ] {
            assert_eq!(font_of(ch), font, "U+{:04X}", ch as u32);
        }
    }

    #[test]
    fn only_what_no_font_has_becomes_a_question_mark() {
        assert!(missing_glyphs("Βαθμολογία Рейтинг Ärger ½ ▲▼ · …").is_empty());
        assert!(missing_glyphs("绿茶 녹차 🙂 ❤\u{fe0f} 👩\u{200d}💻").is_empty());
        assert_eq!(missing_glyphs("a\u{10fffd}b\u{10fffd}"), ['\u{10fffd}']);
        assert_eq!(printable("alice"), Cow::Borrowed("alice"));
        assert_eq!(printable("名a\u{7}"), "名a");
        assert_eq!(printable("❤\u{fe0f}\u{10fffd}"), "❤?");
        // plotters knows DejaVu alone.
        assert_eq!(in_first_font("名a ½"), "?a ½");
    }

    #[test]
    fn invisible_characters_take_no_room() {
        assert_eq!(
            width("\u{fe0f}\u{200d}\u{200b}\u{3164}\u{e0067}", 17.0),
            0.0
        );
        assert_eq!(width("❤\u{fe0f}", 17.0), width("❤", 17.0));
    }

    #[test]
    fn fallback_glyphs_are_as_tall_as_dejavus() {
        // Same em: an ideograph spans about DejaVu's cap height and more,
        // not a scaled-down or blown-up version of it.
        let ideograph = width("国", 20.0);
        let em = 20.0 * 2048.0 / (1901.0 + 483.0);
        assert!((ideograph - em).abs() < 0.01, "{ideograph} vs {em}");
    }

    #[test]
    fn fitting_cuts_with_an_ellipsis_within_the_width() {
        let long = "a very long display name indeed";
        let cut = fit(long, 16.0, 100.0);
        assert!(cut.ends_with('…') && width(&cut, 16.0) <= 100.0, "{cut}");
        assert_eq!(fit("bob", 16.0, 100.0), "bob");
        let wide = "绿茶绿茶绿茶绿茶绿茶绿茶";
        let cut = fit(wide, 16.0, 100.0);
        assert!(cut.ends_with('…') && width(&cut, 16.0) <= 100.0, "{cut}");
        assert!(width(&cut, 16.0) > 100.0 - width("绿", 16.0) - 1.0, "{cut}");
    }
}
