//! A player's rating over their rated matches: the rating as a line and its
//! deviation as a band (rating ± deviation) around it, drawn with plotters'
//! bitmap backend and the embedded font (plotters' `ab_glyph` feature: no
//! system fonts), then encoded as an RGB PNG.
//!
//! The title holds the player's name, which may be in any script: it is
//! drawn afterwards with our own text drawing and its fallback fonts
//! (`text`), since plotters draws each text in one registered font. The
//! axis and legend texts (the catalogue's words, every glyph of which is in
//! DejaVu Sans Bold) stay plotters' own.

use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use tiny_skia::{IntSize, Pixmap};

use super::text::{self, in_first_font, FONT_BYTES};
use super::theme::{self, Rgb};
use super::{encode, Picture, RenderError};

/// Chart width in px.
pub const CHART_WIDTH: u32 = 800;
/// Chart height in px.
pub const CHART_HEIGHT: u32 = 450;

/// Font family name the embedded font is registered under in plotters.
const FAMILY: &str = "fourbot-sans";

/// Margin round the chart in px.
const MARGIN: u32 = 18;
/// The title's band at the top, inside the margin, in px: what plotters
/// gave its caption of 24 px before the title was drawn by `text` (its
/// text height 24 / 1.24 rounded down, and 5 px above and below), so the
/// plot stayed where it was.
const TITLE_BAND: u32 = 29;
/// The title's text size in px.
const TITLE_SIZE: f32 = 24.0;

/// Grid lines.
pub const GRID: Rgb = [0x3a, 0x41, 0x4c];
/// The deviation band (flat, so a pixel is band or not).
pub const BAND: Rgb = [0x2f, 0x4d, 0x78];
/// The rating line and its match markers.
pub const LINE: Rgb = [0x7c, 0xc4, 0xff];

/// One point of the chart: a rating and its deviation, in the pool's units
/// (Glicko-2 rating points and RD; Weng-Lin μ and σ).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartPoint {
    /// The rating (the line).
    pub rating: f64,
    /// Its deviation: the band spans `rating - deviation ..= rating + deviation`.
    pub deviation: f64,
}

/// What a rating chart shows; every label already in the reader's language.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChart {
    /// Caption above the plot (`alice · Classic`): any script, each
    /// character in the first embedded font that has it (docs/render.md,
    /// "Text on the charts and tables"), cut with `…` to the chart's width
    /// less its margins.
    pub title: String,
    /// Under the horizontal axis (`Rated matches`).
    pub x_label: String,
    /// Beside the vertical axis (`Rating`).
    pub y_label: String,
    /// Legend entry of the line (`Rating`).
    pub line_label: String,
    /// Legend entry of the band (`± rating deviation`).
    pub band_label: String,
    /// Point `i` is the rating after the player's `i`-th rated match; point
    /// 0 the rating before the first. At least two points.
    pub points: Vec<ChartPoint>,
}

/// Where the plot of a drawn chart lies, to turn values into pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotFrame {
    /// Pixel columns of the plot area, left to right (x = 0 at `x_px.0`).
    pub x_px: (i32, i32),
    /// Pixel rows of the plot area, top to bottom (the highest value at `y_px.0`).
    pub y_px: (i32, i32),
    /// Highest point index (the right edge).
    pub x_max: f64,
    /// Values at the bottom and top edges.
    pub y_range: (f64, f64),
}

impl PlotFrame {
    /// The pixel (x, y) of point index `x` at value `y`, rounded.
    pub fn pixel(&self, x: f64, y: f64) -> (i32, i32) {
        let fx = x / self.x_max;
        let fy = (y - self.y_range.0) / (self.y_range.1 - self.y_range.0);
        let px = self.x_px.0 as f64 + fx * (self.x_px.1 - self.x_px.0) as f64;
        let py = self.y_px.1 as f64 - fy * (self.y_px.1 - self.y_px.0) as f64;
        (px.round() as i32, py.round() as i32)
    }
}

fn color(c: Rgb) -> RGBColor {
    RGBColor(c[0], c[1], c[2])
}

fn chart_error(e: impl std::fmt::Display) -> RenderError {
    RenderError::Encode(format!("drawing the chart failed: {e}"))
}

/// Registers the embedded font with plotters once per process.
fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The bytes are the font `text` parses at start-up: it cannot fail
        // here unless that does too.
        if register_font(FAMILY, FontStyle::Normal, FONT_BYTES).is_err() {
            panic!("the embedded font does not parse");
        }
    });
}

/// The value range shown: every band edge, padded by 8 % of their span
/// below and 35 % above (at least 1 unit), so the band never touches the
/// frame and the legend in the upper left corner sits above the data.
fn value_range(points: &[ChartPoint]) -> (f64, f64) {
    let low = points
        .iter()
        .map(|p| p.rating - p.deviation)
        .fold(f64::INFINITY, f64::min);
    let high = points
        .iter()
        .map(|p| p.rating + p.deviation)
        .fold(f64::NEG_INFINITY, f64::max);
    let span = (high - low).max(12.5);
    (low - span * 0.08, high + span * 0.35)
}

fn draw_chart(
    root: &DrawingArea<BitMapBackend<'_>, Shift>,
    chart: &RatingChart,
) -> Result<PlotFrame, RenderError> {
    let label = color(theme::LABEL);
    root.fill(&color(theme::BACKGROUND)).map_err(chart_error)?;
    let x_max = (chart.points.len() - 1) as f64;
    let (low, high) = value_range(&chart.points);
    // The title's band is left empty here: `render_rating_chart` draws the
    // title into it.
    let (_, plot) = root
        .margin(MARGIN, MARGIN, MARGIN, MARGIN)
        .split_vertically(TITLE_BAND);
    let mut c = ChartBuilder::on(&plot)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(0.0..x_max, low..high)
        .map_err(chart_error)?;
    // Whole matches only on the horizontal axis.
    let x_labels = (chart.points.len()).min(11);
    c.configure_mesh()
        .bold_line_style(color(GRID))
        .light_line_style(color(theme::BACKGROUND))
        .axis_style(color(theme::LABEL))
        .x_labels(x_labels)
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 {
                format!("{}", x.round() as i64)
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| format!("{}", y.round() as i64))
        .label_style((FAMILY, 14).into_font().color(&label))
        .axis_desc_style((FAMILY, 16).into_font().color(&label))
        .x_desc(in_first_font(&chart.x_label).as_ref())
        .y_desc(in_first_font(&chart.y_label).as_ref())
        .draw()
        .map_err(chart_error)?;

    // The band: upper edge left to right, lower edge back.
    let mut outline: Vec<(f64, f64)> = chart
        .points
        .iter()
        .enumerate()
        .map(|(i, p)| (i as f64, p.rating + p.deviation))
        .collect();
    outline.extend(
        chart
            .points
            .iter()
            .enumerate()
            .rev()
            .map(|(i, p)| (i as f64, p.rating - p.deviation)),
    );
    c.draw_series(std::iter::once(Polygon::new(outline, color(BAND).filled())))
        .map_err(chart_error)?
        .label(in_first_font(&chart.band_label).as_ref())
        .legend(|(x, y)| Rectangle::new([(x, y - 6), (x + 18, y + 6)], color(BAND).filled()));
    let line = ShapeStyle {
        color: color(LINE).to_rgba(),
        filled: true,
        stroke_width: 3,
    };
    c.draw_series(LineSeries::new(
        chart
            .points
            .iter()
            .enumerate()
            .map(|(i, p)| (i as f64, p.rating)),
        line,
    ))
    .map_err(chart_error)?
    .label(in_first_font(&chart.line_label).as_ref())
    .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], line));
    if chart.points.len() <= 40 {
        c.draw_series(
            chart
                .points
                .iter()
                .enumerate()
                .map(|(i, p)| Circle::new((i as f64, p.rating), 4, color(LINE).filled())),
        )
        .map_err(chart_error)?;
    }
    c.configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(color(theme::BACKGROUND))
        .border_style(color(GRID))
        .label_font((FAMILY, 14).into_font().color(&label))
        .draw()
        .map_err(chart_error)?;

    let (xs, ys) = c.plotting_area().get_pixel_range();
    Ok(PlotFrame {
        x_px: (xs.start, xs.end - 1),
        y_px: (ys.start, ys.end - 1),
        x_max,
        y_range: (low, high),
    })
}

/// Draws `chart` as an RGBA picture of [`CHART_WIDTH`] × [`CHART_HEIGHT`]
/// px (dark background like the board pictures), with where its plot lies.
///
/// # Errors
/// [`RenderError::NothingToShow`] for fewer than two points (no rated match:
/// say so in words instead), [`RenderError::Encode`] if a value is not finite
/// or plotters fails.
pub fn render_rating_chart(chart: &RatingChart) -> Result<(Picture, PlotFrame), RenderError> {
    if chart.points.len() < 2 {
        return Err(RenderError::NothingToShow);
    }
    if chart
        .points
        .iter()
        .any(|p| !p.rating.is_finite() || !p.deviation.is_finite() || p.deviation < 0.0)
    {
        return Err(RenderError::Encode(
            "a rating is not a finite number".into(),
        ));
    }
    register();
    let (w, h) = (CHART_WIDTH, CHART_HEIGHT);
    let mut rgb = vec![0u8; (w * h * 3) as usize];
    let frame = {
        let root = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
        let frame = draw_chart(&root, chart)?;
        root.present().map_err(chart_error)?;
        frame
    };
    let mut rgba = Vec::with_capacity((w * h * 4) as usize);
    for px in rgb.chunks_exact(3) {
        rgba.extend_from_slice(&[px[0], px[1], px[2], 255]);
    }
    let mut pixmap = IntSize::from_wh(w, h)
        .and_then(|size| Pixmap::from_vec(rgba, size))
        .ok_or_else(|| RenderError::Encode("the chart's pixels do not fit its size".into()))?;
    // The title, centred over the margin's width and cut to it; the
    // baseline where plotters put its caption's (5 px down the band, then
    // half the text size).
    let inner = (w - 2 * MARGIN) as f32;
    let title = text::fit(&chart.title, TITLE_SIZE, inner);
    let baseline = (MARGIN + 5) as f32 + TITLE_SIZE / 2.0;
    text::draw_centred(
        &mut pixmap,
        &title,
        MARGIN as f32 + inner / 2.0,
        baseline,
        TITLE_SIZE,
        theme::LABEL,
    );
    Ok((
        Picture {
            width: w,
            height: h,
            rgba: pixmap.take(),
        },
        frame,
    ))
}

/// The PNG of [`render_rating_chart`] (RGB, some 20–40 KB).
///
/// # Errors
/// As [`render_rating_chart`].
pub fn rating_chart_png(chart: &RatingChart) -> Result<Vec<u8>, RenderError> {
    let (picture, _) = render_rating_chart(chart)?;
    encode::rgb_png(&picture)
}
