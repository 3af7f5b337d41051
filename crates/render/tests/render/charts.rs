//! The rating chart and the standings table (issue 21, docs/render.md): their
//! sizes, the deviation band where the deviations put it, labels that follow
//! the reader's language with every glyph in the font, names in any script
//! drawn with the fallback fonts (issue 35 §4) and never as empty boxes,
//! and a clear refusal instead of an empty picture.

use fourbot_core::game::Variant;
use fourbot_i18n::{id, Args, Catalog, Locale};
use fourbot_render::samples::{leaderboard, rating_history};
use fourbot_render::{
    font_of, missing_glyphs, rating_chart_png, render_rating_chart, render_standings,
    standings_png, theme, ChartPoint, Picture, RatingChart, RenderError, StandingsRow, Trend,
    CHART_HEIGHT, CHART_WIDTH, FONT_NAMES, MAX_ROWS, ROW_HEIGHT, TABLE_WIDTH, TITLE_HEIGHT,
};

/// The chart's band colour and line colour, as the chart module defines them.
const BAND: [u8; 3] = [0x2f, 0x4d, 0x78];
const LINE: [u8; 3] = [0x7c, 0xc4, 0xff];

/// The sample chart's English labels with `points`.
fn chart(points: Vec<ChartPoint>) -> RatingChart {
    RatingChart {
        points,
        ..rating_history(0)
    }
}

/// A new player's first matches: the rating climbs, the deviation shrinks.
fn climbing() -> Vec<ChartPoint> {
    [
        (1500.0, 350.0),
        (1662.0, 290.0),
        (1750.0, 240.0),
        (1716.0, 205.0),
        (1790.0, 180.0),
        (1831.0, 160.0),
        (1802.0, 146.0),
        (1850.0, 134.0),
    ]
    .iter()
    .map(|&(rating, deviation)| ChartPoint { rating, deviation })
    .collect()
}

fn decode(png: &[u8]) -> image::RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgb8()
}

fn differing_pixels(a: &Picture, b: &Picture) -> usize {
    assert_eq!((a.width, a.height), (b.width, b.height));
    a.rgba
        .chunks_exact(4)
        .zip(b.rgba.chunks_exact(4))
        .filter(|(x, y)| x != y)
        .count()
}

/// Band, line, or the line's anti-aliased edge over the band: every
/// channel between the band's and the line's (the background and the grid
/// are darker than the band in every channel).
fn band_or_line(c: [u8; 3]) -> bool {
    (0..3).all(|k| c[k] >= BAND[k] && c[k] <= LINE[k])
}

/// The rows (top, bottom) of the band-or-line run through pixel row `y` of
/// column `x`.
fn run_around(p: &Picture, x: i32, y: i32) -> (i32, i32) {
    let inside =
        |y: i32| y >= 0 && (y as u32) < p.height && band_or_line(p.pixel(x as u32, y as u32));
    assert!(inside(y), "({x}, {y}) is {:?}", p.pixel(x as u32, y as u32));
    let mut top = y;
    while inside(top - 1) {
        top -= 1;
    }
    let mut bottom = y;
    while inside(bottom + 1) {
        bottom += 1;
    }
    (top, bottom)
}

#[test]
fn a_rating_chart_is_800_by_450_and_decodes() {
    let png = rating_chart_png(&chart(climbing())).unwrap();
    let img = decode(&png);
    assert_eq!((img.width(), img.height()), (CHART_WIDTH, CHART_HEIGHT));
    assert_eq!((CHART_WIDTH, CHART_HEIGHT), (800, 450));
    assert!(png.len() < 200_000, "{} bytes", png.len());
    // The background is the board pictures' background.
    assert_eq!(img.get_pixel(1, 1).0, theme::BACKGROUND);
}

#[test]
fn the_band_spans_rating_minus_to_plus_deviation_at_every_match() {
    let points = climbing();
    let (p, frame) = render_rating_chart(&chart(points.clone())).unwrap();
    for (i, pt) in points.iter().enumerate().skip(1).take(points.len() - 2) {
        // Just right of the match, off its marker.
        let x = frame.pixel(i as f64, pt.rating).0 + 6;
        let xf = i as f64 + 6.0 / (frame.x_px.1 - frame.x_px.0) as f64 * frame.x_max;
        let (_, y_mid) = frame.pixel(xf, pt.rating);
        let (top, bottom) = run_around(&p, x, y_mid);
        // The band's edges interpolate between this match and the next.
        let next = points[i + 1];
        let t = xf - i as f64;
        let high = pt.rating
            + pt.deviation
            + t * (next.rating + next.deviation - pt.rating - pt.deviation);
        let low = pt.rating - pt.deviation
            + t * (next.rating - next.deviation - pt.rating + pt.deviation);
        let want_top = frame.pixel(xf, high).1;
        let want_bottom = frame.pixel(xf, low).1;
        assert!(
            (top - want_top).abs() <= 2 && (bottom - want_bottom).abs() <= 2,
            "match {i}: band rows {top}..{bottom}, want {want_top}..{want_bottom}"
        );
        // Outside the band: neither band nor line.
        for y in [top - 3, bottom + 3] {
            let c = p.pixel(x as u32, y as u32);
            assert!(!band_or_line(c), "match {i}, row {y}: {c:?}");
        }
    }
    // Independent of the value-to-pixel mapping: the band's height shrinks
    // in proportion to the deviation (350 → 146 at matches 0 and 6).
    let height_at = |i: usize| {
        let x = frame.pixel(i as f64, 0.0).0 + if i == 0 { 3 } else { 0 };
        let (_, y) = frame.pixel(i as f64, points[i].rating);
        let (top, bottom) = run_around(&p, x, y);
        (bottom - top) as f64
    };
    let ratio = height_at(1) / height_at(6);
    let want = 290.0 / 146.0;
    assert!((ratio - want).abs() < 0.08 * want, "{ratio} vs {want}");
}

#[test]
fn the_rating_line_passes_through_each_match() {
    let points = climbing();
    let (p, frame) = render_rating_chart(&chart(points.clone())).unwrap();
    for (i, pt) in points.iter().enumerate().skip(1) {
        let (x, y) = frame.pixel(i as f64, pt.rating);
        let near = (-2..=2).any(|dy| p.pixel(x as u32, (y + dy) as u32) == LINE);
        assert!(near, "match {i} at ({x}, {y})");
    }
}

#[test]
fn no_rated_match_is_refused_rather_than_drawn() {
    assert_eq!(
        render_rating_chart(&chart(Vec::new())).unwrap_err(),
        RenderError::NothingToShow
    );
    assert_eq!(
        rating_chart_png(&chart(vec![ChartPoint {
            rating: 1500.0,
            deviation: 350.0
        }]))
        .unwrap_err(),
        RenderError::NothingToShow
    );
    let nan = vec![
        ChartPoint {
            rating: 1500.0,
            deviation: 350.0,
        },
        ChartPoint {
            rating: f64::NAN,
            deviation: 300.0,
        },
    ];
    assert!(matches!(
        render_rating_chart(&chart(nan)).unwrap_err(),
        RenderError::Encode(_)
    ));
    // A single match with no change still draws (flat line, band).
    let flat = vec![
        ChartPoint {
            rating: 1500.0,
            deviation: 0.0,
        },
        ChartPoint {
            rating: 1500.0,
            deviation: 0.0,
        },
    ];
    assert!(render_rating_chart(&chart(flat)).is_ok());
}

/// The chart's labels in locale `l`, from the catalogue.
fn localized(c: &Catalog, l: Locale) -> RatingChart {
    RatingChart {
        title: c.text(
            l,
            id::RATING_TITLE,
            &Args::new()
                .set("player", "alice".to_string())
                .set("variant", c.variant_name(l, Variant::Classic)),
        ),
        x_label: c.plain(l, id::CHART_MATCHES),
        y_label: c.plain(l, id::CHART_RATING),
        line_label: c.plain(l, id::CHART_RATING),
        band_label: c.plain(l, id::CHART_RATING_BAND),
        points: climbing(),
    }
}

#[test]
fn every_locales_labels_are_drawn_in_its_language_with_no_missing_glyph() {
    let c = Catalog::new().unwrap();
    let (en, frame) = render_rating_chart(&localized(&c, Locale::EnUs)).unwrap();
    for l in [Locale::De, Locale::It, Locale::El, Locale::Bg] {
        let labels = localized(&c, l);
        for text in [
            &labels.title,
            &labels.x_label,
            &labels.y_label,
            &labels.band_label,
            &c.plain(l, id::CHART_SKILL),
            &c.plain(l, id::CHART_SKILL_BAND),
            &c.plain(l, id::TABLE_RANK),
            &c.plain(l, id::TABLE_PLAYER),
            &c.plain(l, id::TABLE_TREND),
        ] {
            assert!(
                missing_glyphs(text).is_empty(),
                "{l:?}: {text}: {:?}",
                missing_glyphs(text)
            );
        }
        // plotters draws the axis and legend texts with the first font
        // alone: every character must be in it.
        for text in [
            &labels.x_label,
            &labels.y_label,
            &labels.band_label,
            &c.plain(l, id::CHART_SKILL),
            &c.plain(l, id::CHART_SKILL_BAND),
        ] {
            assert!(
                text.chars()
                    .all(|ch| ch.is_whitespace() || font_of(ch) == Some(FONT_NAMES[0])),
                "{l:?}: {text}"
            );
        }
        let (other, _) = render_rating_chart(&labels).unwrap();
        // Different words, same data: the labels differ (below the plot,
        // left of it, the caption), not the plot's inside away from the legend.
        let below = (frame.y_px.1 as u32 + 4..other.height)
            .flat_map(|y| (0..other.width).map(move |x| (x, y)))
            .filter(|&(x, y)| en.pixel(x, y) != other.pixel(x, y))
            .count();
        assert!(
            below > 100,
            "{l:?}: the axis label did not change ({below} px)"
        );
        assert!(differing_pixels(&en, &other) > below);
    }
}

fn row(rank: u32, name: &str, value: &str, trend: Trend) -> StandingsRow {
    StandingsRow {
        rank,
        name: name.into(),
        value: value.into(),
        extra: vec!["12".into()],
        trend,
    }
}

/// Whether row `r` (0-based, under the header) has a pixel of colour `c`.
fn row_has(p: &Picture, r: u32, c: [u8; 3]) -> bool {
    let top = TITLE_HEIGHT + ROW_HEIGHT * (r + 1);
    (top..top + ROW_HEIGHT).any(|y| (0..p.width).any(|x| p.pixel(x, y) == c))
}

#[test]
fn a_standings_table_has_a_row_per_player_and_colours_trends_by_direction() {
    let t = leaderboard(vec![
        row(1, "alice", "1712", Trend::Up("+23".into())),
        row(2, "bob", "1650", Trend::Down("−8".into())),
        row(2, "carol", "1650?", Trend::Level("±0".into())),
        row(4, "dave", "1500?", Trend::Unknown),
    ]);
    let p = render_standings(&t).unwrap();
    assert_eq!(p.width, TABLE_WIDTH);
    assert_eq!(p.height, TITLE_HEIGHT + ROW_HEIGHT * 5 + 12);
    let img = decode(&standings_png(&t).unwrap());
    assert_eq!((img.width(), img.height()), (p.width, p.height));
    // Text is anti-aliased: the trend's flat colour appears in the glyph
    // cores of its own row only.
    let up = [0x6f, 0xd0, 0x8c];
    let down = [0xff, 0x8a, 0x80];
    assert!(row_has(&p, 0, up) && !row_has(&p, 0, down));
    assert!(row_has(&p, 1, down) && !row_has(&p, 1, up));
    for r in [2, 3] {
        assert!(!row_has(&p, r, up) && !row_has(&p, r, down), "row {r}");
    }
}

#[test]
fn names_in_any_script_render_without_empty_boxes() {
    let named = |name: &str| {
        render_standings(&leaderboard(vec![row(1, name, "1500", Trend::Unknown)])).unwrap()
    };
    // Greek and Cyrillic are in the font: drawn as themselves, not as "?".
    for (name, fallback) in [("Αλέξανδρος", "??????????"), ("Борис", "?????")] {
        assert!(missing_glyphs(name).is_empty());
        assert!(
            differing_pixels(&named(name), &named(fallback)) > 50,
            "{name}"
        );
    }
    // CJK and emoji are drawn by the fallback fonts; a character no font
    // has (here a private-use one) is a "?", never a font's empty box.
    assert!(differing_pixels(&named("名前"), &named("??")) > 50);
    assert!(missing_glyphs("a\u{10fffd}b") == ['\u{10fffd}']);
    assert_eq!(differing_pixels(&named("a\u{10fffd}b"), &named("a?b")), 0);
    // Right-to-left, combining marks, control characters: no panic.
    named("שלום e\u{301} \u{200f}x\u{0}");
    // A very long name is cut, the value column stays where it was.
    let long = "a".repeat(300);
    let p = named(&long);
    assert_eq!(p.width, TABLE_WIDTH);
}

#[test]
fn more_columns_widen_the_table_and_no_rows_is_refused() {
    let mut t = leaderboard(vec![row(1, "alice", "4½", Trend::Unknown)]);
    t.columns.extra = (0..12).map(|i| format!("Tie-break {i}")).collect();
    t.rows[0].extra = (0..12).map(|i| format!("{i}.5")).collect();
    t.columns.trend = None;
    let p = render_standings(&t).unwrap();
    assert!(p.width > TABLE_WIDTH, "{}", p.width);
    assert_eq!(
        render_standings(&leaderboard(Vec::new())).unwrap_err(),
        RenderError::NothingToShow
    );
    let many: Vec<StandingsRow> = (1..=MAX_ROWS as u32 + 1)
        .map(|r| row(r, "x", "1", Trend::Unknown))
        .collect();
    assert!(matches!(
        render_standings(&leaderboard(many)).unwrap_err(),
        RenderError::TooManyRows(_)
    ));
}

#[test]
fn a_footer_is_a_line_under_the_last_row() {
    // A tournament of more than MAX_ROWS players draws its best rows and
    // says under them how many more there are.
    let rows = vec![row(1, "alice", "1712", Trend::Unknown)];
    let plain = render_standings(&leaderboard(rows.clone())).unwrap();
    let mut t = leaderboard(rows);
    t.footer = Some("… and 400 more".into());
    let p = render_standings(&t).unwrap();
    assert_eq!(p.height, plain.height + ROW_HEIGHT);
    // Its text is drawn in the band under the row (the header colour).
    let header = [0x8f, 0x9a, 0xa8];
    assert!(row_has(&p, 1, header), "the footer is drawn");
}

/// The names of issue 35 §4's "Done when".
const TEA: [&str; 5] = ["绿茶", "녹차", "😀 alice", "Ελένη", "Ирина"];

/// A leaderboard of `names`, ranked in order.
fn board_of(names: &[String]) -> Picture {
    let rows = names
        .iter()
        .enumerate()
        .map(|(i, n)| row(i as u32 + 1, n, "1500", Trend::Unknown))
        .collect();
    render_standings(&leaderboard(rows)).unwrap()
}

/// How many pixels of row `r` (0-based, under the header) differ.
fn differing_in_row(a: &Picture, b: &Picture, r: u32) -> usize {
    assert_eq!((a.width, a.height), (b.width, b.height));
    let top = TITLE_HEIGHT + ROW_HEIGHT * (r + 1);
    (top..top + ROW_HEIGHT)
        .flat_map(|y| (0..a.width).map(move |x| (x, y)))
        .filter(|&(x, y)| a.pixel(x, y) != b.pixel(x, y))
        .count()
}

#[test]
fn a_leaderboard_shows_chinese_korean_emoji_greek_and_cyrillic_names() {
    let names: Vec<String> = TEA.iter().map(|n| n.to_string()).collect();
    let shown = board_of(&names);
    for (i, name) in TEA.iter().enumerate() {
        // What the pictures drew before the fallback fonts: a `?` for
        // every character the first font lacks (here: every character but
        // the space, the worst case).
        let mut questioned = names.clone();
        questioned[i] = name
            .chars()
            .map(|c| if c == ' ' { ' ' } else { '?' })
            .collect();
        // A name drawn as one same glyph per character (`?`, or a font's
        // empty box) looks the same reversed; real glyphs do not.
        let mut reversed = names.clone();
        reversed[i] = name.chars().rev().collect();
        for (other, how) in [(questioned, "as question marks"), (reversed, "reversed")] {
            let differ = differing_in_row(&shown, &board_of(&other), i as u32);
            assert!(
                differ > 40,
                "{name}: only {differ} px differ from the name {how}"
            );
        }
    }
    // Each name's characters are drawn by a font that has them.
    for name in TEA {
        assert!(missing_glyphs(name).is_empty(), "{name}");
        assert!(
            name.chars().all(|c| c == ' ' || font_of(c).is_some()),
            "{name}"
        );
    }
}

#[test]
fn emoji_the_first_font_lacks_are_drawn_and_invisible_characters_are_not() {
    let named = |name: &str| {
        render_standings(&leaderboard(vec![row(1, name, "1500", Trend::Unknown)])).unwrap()
    };
    // 🙂 and 🎉 are Symbola's (DejaVu Sans Bold has 😀, not these).
    assert_eq!(font_of('🙂'), Some(FONT_NAMES[2]));
    assert!(differing_pixels(&named("🙂🎉 dave"), &named("?? dave")) > 40);
    assert!(differing_pixels(&named("🙂🎉 dave"), &named("🎉🙂 dave")) > 40);
    // A variation selector and a zero-width joiner draw nothing and take
    // no room: the sequence is drawn one emoji at a time.
    assert_eq!(
        differing_pixels(&named("❤\u{fe0f} bob"), &named("❤ bob")),
        0
    );
    assert_eq!(differing_pixels(&named("👩\u{200d}💻"), &named("👩💻")), 0);
    // Nor do the invisible characters no font has or some font draws with
    // room or ink: a flag's tag characters (they would be "?"), the Hangul
    // filler of "empty" names (a blank em in WenQuanYi), a soft hyphen
    // (a hyphen in DejaVu).
    let scotland = "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} eve";
    assert_eq!(differing_pixels(&named(scotland), &named("🏴 eve")), 0);
    assert_eq!(
        differing_pixels(&named("a\u{3164}b\u{ad}c"), &named("abc")),
        0
    );
}

#[test]
fn a_long_name_in_a_fallback_font_is_cut_before_the_next_column() {
    // Measuring and drawing use the same font per character: a name wider
    // than its column ends in `…` inside it and leaves the value column as
    // it is with a short name.
    let one = |name: &str, value: &str| {
        render_standings(&leaderboard(vec![row(1, name, value, Trend::Unknown)])).unwrap()
    };
    // Where the value's text begins: the leftmost pixel that a different
    // value of the same width changes.
    let short = one("a", "1500");
    let other_value = one("a", "2600");
    let value_left = (0..short.width)
        .find(|&x| (0..short.height).any(|y| short.pixel(x, y) != other_value.pixel(x, y)))
        .unwrap();
    for long in ["绿茶".repeat(40), "녹차".repeat(40), "🙂".repeat(40)] {
        let p = one(&long, "1500");
        assert_eq!(p.width, TABLE_WIDTH);
        let rightmost_change = (0..p.width)
            .rev()
            .find(|&x| (0..p.height).any(|y| p.pixel(x, y) != short.pixel(x, y)))
            .unwrap();
        assert!(
            rightmost_change < value_left,
            "{long}: drawn up to x = {rightmost_change}, the value starts at {value_left}"
        );
    }
}

#[test]
fn a_rating_chart_title_shows_a_name_in_another_script() {
    let titled = |name: &str| {
        let mut c = chart(climbing());
        c.title = format!("{name} · Classic");
        render_rating_chart(&c).unwrap()
    };
    let (shown, frame) = titled("绿茶");
    let (plain, plain_frame) = titled("alice");
    // The title does not move the plot.
    assert_eq!(frame, plain_frame);
    let above_plot = |a: &Picture, b: &Picture| {
        (0..frame.y_px.0 as u32)
            .flat_map(|y| (0..a.width).map(move |x| (x, y)))
            .filter(|&(x, y)| a.pixel(x, y) != b.pixel(x, y))
            .count()
    };
    for other in ["??", "茶绿"] {
        let (p, _) = titled(other);
        let differ = above_plot(&shown, &p);
        assert!(differ > 40, "{other}: {differ} px");
        // Nothing else changes.
        assert_eq!(differing_pixels(&shown, &p), differ, "{other}");
    }
    assert!(above_plot(&shown, &plain) > 40);
}
