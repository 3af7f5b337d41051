//! The board pictures (issue 4): every variant renders at its size, each
//! cell shows what is in it, marks and highlights appear where they should,
//! discs stay distinguishable under a deuteranopia simulation, and the GIF
//! replay has one frame per ply plus the final frame.

use std::io::Cursor;

use fourbot_core::game::notation::{parse_layout, read_game};
use fourbot_core::game::{Cell, Color, Game, Position, Variant};
use fourbot_render::{
    board_png, game_gif, position_png, preview_png, render_game, render_position, theme, Layout,
    Picture, RenderError, RenderOptions, FINAL_DELAY_MS, PLY_DELAY_MS,
};
use image::AnimationDecoder;

/// A 42-ply classic game that fills the board without a line: a draw.
const DRAWN_42: &str = "ddddddcccccceeeeeeabbbbbbffffffaaaaagggggg";

fn game(variant: Variant, moves: &str) -> Game {
    let layout = variant
        .rules()
        .blocks
        .then(|| parse_layout("b1 f1 b2 f2", variant).unwrap());
    read_game(moves, variant, layout.as_ref()).unwrap()
}

fn decode_png(bytes: &[u8]) -> image::RgbImage {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgb8()
}

/// What a pixel shows, judged by its colour alone (not by the theme's exact
/// values): the reading a player makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Empty,
    Red,
    Yellow,
    Blue,
    Block,
    Other,
}

fn classify([r, g, b]: [u8; 3]) -> Class {
    let (r, g, b) = (r as i32, g as i32, b as i32);
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    if max < 60 {
        Class::Empty
    } else if max - min < 24 && (110..=210).contains(&max) {
        Class::Block
    } else if r > 180 && g < 100 && b < 100 {
        Class::Red
    } else if r > 200 && g > 160 && b < 120 {
        Class::Yellow
    } else if b > 200 && r < 120 && g > 120 {
        Class::Blue
    } else {
        Class::Other
    }
}

fn expected_class(c: char) -> Class {
    match c {
        '.' => Class::Empty,
        'R' => Class::Red,
        'Y' => Class::Yellow,
        'B' => Class::Blue,
        '#' => Class::Block,
        _ => panic!("bad fixture character {c}"),
    }
}

/// (variant, moves, text board top row first). Obstacles use b1 f1 b2 f2.
const FIXTURES: &[(Variant, &str, &str)] = &[
    (
        Variant::Classic,
        "dcdcdc",
        ".......\n.......\n.......\n..YR...\n..YR...\n..YR...\n",
    ),
    (
        Variant::ThreePlayers,
        "abcdefghabcdefgh",
        "........\n........\n........\n........\nBRYBRYBR\nRYBRYBRY\n",
    ),
    (
        Variant::Five,
        "ebcdef",
        "Y.......R\nR.......Y\nY.......R\nR.......Y\nY...R...R\nRYRYRY..Y\n",
    ),
    (
        Variant::Popout,
        "d c d c -d a",
        ".......\n.......\n.......\n.......\n..Y....\nY.YR...\n",
    ),
    (
        Variant::Cylinder,
        "ffggaab",
        ".......\n.......\n.......\n.......\nY....YY\nRR...RR\n",
    ),
    (
        Variant::Small,
        "abcdef",
        "......\n......\n......\n......\nRYRYRY\n",
    ),
    (
        Variant::Misere,
        "ddccbbe",
        ".......\n.......\n.......\n.......\n.YYY...\n.RRRR..\n",
    ),
    (
        Variant::Obstacles,
        "dcdc",
        ".......\n.......\n.......\n.......\n.#YR.#.\n.#YR.#.\n",
    ),
    (
        Variant::RandomOpening,
        "dcdcab",
        ".......\n.......\n.......\n.......\n..YR...\nRYYR...\n",
    ),
    (
        Variant::Teams,
        "ddd",
        ".......\n.......\n.......\n...R...\n...Y...\n...R...\n",
    ),
    (
        Variant::Single,
        "",
        ".......\n.......\n.......\n.......\n.......\n.......\n",
    ),
];

#[test]
fn every_variant_renders_a_png_of_its_layout_size() {
    for v in Variant::ALL {
        let g = game(v, "");
        let png = board_png(&g, &RenderOptions::default()).unwrap();
        let img = decode_png(&png);
        let layout = Layout::new(v);
        assert_eq!(
            (img.width(), img.height()),
            (layout.width(), layout.height()),
            "{v}"
        );
        assert!(img.width() <= 800 && img.height() <= 800, "{v}");
    }
    let classic = Layout::new(Variant::Classic);
    assert!((680..=720).contains(&classic.width()));
}

#[test]
fn the_centre_of_each_cell_shows_what_is_in_it() {
    let all: Vec<Variant> = FIXTURES.iter().map(|f| f.0).collect();
    for v in Variant::ALL {
        assert!(all.contains(&v), "no fixture for {v}");
    }
    for &(v, moves, board) in FIXTURES {
        let g = game(v, moves);
        assert_eq!(g.position().board_text(), board, "fixture {v} {moves}");
        let layout = Layout::new(v);
        // Drawn with every mark on, read back from the encoded PNG.
        let img = decode_png(&board_png(&g, &RenderOptions::default()).unwrap());
        let rows: Vec<&str> = board.lines().collect();
        for (i, line) in rows.iter().enumerate() {
            let row = (rows.len() - 1 - i) as u8;
            for (column, ch) in line.chars().enumerate() {
                let cell = Cell::new(column as u8, row);
                let (x, y) = layout.cell_center(cell);
                let px = img.get_pixel(x as u32, y as u32).0;
                assert_eq!(
                    classify(px),
                    expected_class(ch),
                    "{v} {moves}: cell {cell} is {px:?}"
                );
            }
        }
    }
}

#[test]
fn the_board_is_upright_with_row_one_at_the_bottom_and_column_a_on_the_left() {
    // One red disc in a1: only the bottom-left hole is red.
    let g = game(Variant::Classic, "a");
    let pic = render_game(&g, &RenderOptions::default()).unwrap();
    let layout = Layout::new(Variant::Classic);
    let red: Vec<Cell> = (0..7)
        .flat_map(|c| (0..6).map(move |r| Cell::new(c, r)))
        .filter(|&cell| {
            let (x, y) = layout.cell_center(cell);
            classify(pic.pixel(x as u32, y as u32)) == Class::Red
        })
        .collect();
    assert_eq!(red, vec![Cell::new(0, 0)]);
    let (x, y) = layout.cell_center(Cell::new(0, 0));
    assert!(x < pic.width as f32 / 4.0 && y > pic.height as f32 * 0.7);
}

/// The ring between disc edge and hole edge, to the right of a cell's centre.
fn ring_pixel(pic: &Picture, layout: &Layout, cell: Cell) -> [u8; 3] {
    let (x, y) = layout.cell_center(cell);
    let dx = theme::RING_RADIUS * layout.cell_size() as f32;
    pic.pixel((x + dx) as u32, y as u32)
}

fn is_white([r, g, b]: [u8; 3]) -> bool {
    r > 230 && g > 230 && b > 230
}

#[test]
fn the_last_move_is_ringed() {
    let g = game(Variant::Classic, "dcdc");
    let layout = Layout::new(Variant::Classic);
    let on = render_game(&g, &RenderOptions::default()).unwrap();
    let off = render_game(
        &g,
        &RenderOptions {
            last_move: false,
            ..RenderOptions::default()
        },
    )
    .unwrap();
    // The last disc, yellow, landed on c2.
    assert!(is_white(ring_pixel(&on, &layout, Cell::new(2, 1))));
    assert!(!is_white(ring_pixel(&off, &layout, Cell::new(2, 1))));
    for other in [Cell::new(3, 0), Cell::new(3, 1), Cell::new(2, 0)] {
        assert!(!is_white(ring_pixel(&on, &layout, other)), "{other}");
    }
    // A pop rings the bottom cell of its column, with an arrow out of the
    // bottom of the board; a drop has no such arrow.
    let (_, fy, _, fh) = layout.frame();
    let below = |pic: &Picture, column: u8| {
        let (x, _) = layout.cell_center(Cell::new(column, 0));
        pic.pixel(x as u32, (fy + fh) as u32)
    };
    let popped = game(Variant::Popout, "d c d c -d");
    let pic = render_game(&popped, &RenderOptions::default()).unwrap();
    assert!(is_white(ring_pixel(&pic, &layout, Cell::new(3, 0))));
    assert!(is_white(below(&pic, 3)));
    let dropped = game(Variant::Popout, "d c d c d");
    let pic = render_game(&dropped, &RenderOptions::default()).unwrap();
    assert!(!is_white(below(&pic, 3)));
}

#[test]
fn the_winning_line_is_highlighted_at_the_end() {
    let layout = Layout::new(Variant::Classic);
    let g = game(Variant::Classic, "ddccbbe");
    assert!(g.outcome().is_over());
    let on = render_game(&g, &RenderOptions::default()).unwrap();
    let off = render_game(
        &g,
        &RenderOptions {
            highlight_lines: false,
            last_move: false,
            ..RenderOptions::default()
        },
    )
    .unwrap();
    // Between b1 and c1, c1 and d1, d1 and e1: a white bar on the board.
    for c in 1..4 {
        let (x0, y) = layout.cell_center(Cell::new(c, 0));
        let (x1, _) = layout.cell_center(Cell::new(c + 1, 0));
        let mid = ((x0 + x1) / 2.0) as u32;
        assert!(is_white(on.pixel(mid, y as u32)), "bar after column {c}");
        assert!(!is_white(off.pixel(mid, y as u32)));
    }
    // Every disc of the line is ringed, the yellow ones are not.
    for c in 1..5 {
        assert!(is_white(ring_pixel(&on, &layout, Cell::new(c, 0))));
    }
    for c in 1..4 {
        assert!(!is_white(ring_pixel(&on, &layout, Cell::new(c, 1))));
    }
    // While the game goes on nothing is highlighted (no line exists).
    let g = game(Variant::Classic, "ddccbb");
    let pic = render_game(&g, &RenderOptions::default()).unwrap();
    let (x0, y) = layout.cell_center(Cell::new(1, 0));
    let (x1, _) = layout.cell_center(Cell::new(2, 0));
    assert!(!is_white(pic.pixel(((x0 + x1) / 2.0) as u32, y as u32)));
}

/// The hue family of a pixel, faded or not.
fn hue_class([r, g, b]: [u8; 3]) -> &'static str {
    let (r, g, b) = (r as f32, g as f32, b as f32);
    if r > b + 30.0 && g < 0.6 * r {
        "reddish"
    } else if r > b + 30.0 && g > b + 30.0 {
        "yellowish"
    } else {
        "other"
    }
}

#[test]
fn the_cylinder_shows_the_neighbour_column_faded_beyond_each_edge() {
    // f1 g1 a1 b1 is red's line across the seam; a2 is yellow.
    let g = game(Variant::Cylinder, "ffggaab");
    let layout = Layout::new(Variant::Cylinder);
    assert!(layout.wraps());
    let pic = render_game(&g, &RenderOptions::default()).unwrap();
    // Left of a: column g (g1 red, g2 yellow), faded: darker than the real disc.
    let (x, y) = layout.center_at(-1, 0);
    let ghost_red = pic.pixel(x as u32, y as u32);
    let (rx, ry) = layout.cell_center(Cell::new(6, 0));
    let real_red = pic.pixel(rx as u32, ry as u32);
    assert_eq!(hue_class(ghost_red), "reddish", "{ghost_red:?}");
    assert!(
        ghost_red[0] < real_red[0] - 60,
        "{ghost_red:?} vs {real_red:?}"
    );
    // Right of g: column a (a1 red, a2 yellow).
    let (x, y) = layout.center_at(7, 1);
    assert_eq!(hue_class(pic.pixel(x as u32, y as u32)), "yellowish");
    // The winning bar leaves the board at both edges into the faded copies.
    let (fx, _, fw, _) = layout.frame();
    let (_, y1) = layout.cell_center(Cell::new(0, 0));
    let just_outside_right = pic.pixel((fx + fw + 2.0) as u32, y1 as u32);
    let just_outside_left = pic.pixel((fx - 3.0) as u32, y1 as u32);
    for px in [just_outside_left, just_outside_right] {
        let luma = px.iter().map(|&c| c as u32).sum::<u32>() / 3;
        assert!(luma > 80, "a faded bar crosses the gap: {px:?}");
    }
    // A board that does not wrap has no such columns.
    assert!(!Layout::new(Variant::Classic).wraps());
}

#[test]
fn the_preview_shows_a_faded_disc_where_the_drop_would_land() {
    let g = game(Variant::Classic, "dcdcd");
    let layout = Layout::new(Variant::Classic);
    let plain = render_game(&g, &RenderOptions::default()).unwrap();
    let options = RenderOptions {
        preview: Some(2),
        ..RenderOptions::default()
    };
    let pic = render_game(&g, &options).unwrap();
    // Yellow to move; column c has two discs, so the preview sits on c3.
    let (x, y) = layout.cell_center(Cell::new(2, 2));
    let px = pic.pixel(x as u32, y as u32);
    assert_eq!(classify(plain.pixel(x as u32, y as u32)), Class::Empty);
    assert_eq!(hue_class(px), "yellowish", "{px:?}");
    assert_ne!(
        classify(px),
        Class::Yellow,
        "faded, not a real disc: {px:?}"
    );
    // Nothing else on the board changes; the arrow is above column c.
    let mut changed_outside = 0;
    let cell = layout.cell_size() as f32;
    for yy in 0..pic.height {
        for xx in 0..pic.width {
            let near_cell =
                (xx as f32 - x).abs() < cell / 2.0 && (yy as f32 - y).abs() < cell / 2.0;
            let (ax, ay) = layout.arrow(2);
            let near_arrow =
                (xx as f32 - ax).abs() < cell / 2.0 && (yy as f32 - ay).abs() < cell / 3.0;
            if !near_cell && !near_arrow && pic.pixel(xx, yy) != plain.pixel(xx, yy) {
                changed_outside += 1;
            }
        }
    }
    assert_eq!(changed_outside, 0);
    let (ax, ay) = layout.arrow(2);
    assert_eq!(hue_class(pic.pixel(ax as u32, ay as u32)), "yellowish");
    assert!(preview_png(&g, 2).is_ok());
}

#[test]
fn a_preview_of_an_illegal_drop_is_refused() {
    let g = game(Variant::Classic, "dddddd");
    assert_eq!(
        preview_png(&g, 3),
        Err(RenderError::PreviewColumnFull { column: 3 })
    );
    assert_eq!(
        preview_png(&g, 7),
        Err(RenderError::PreviewOffBoard {
            column: 7,
            width: 7
        })
    );
    let over = game(Variant::Classic, "ddccbbe");
    assert_eq!(preview_png(&over, 0), Err(RenderError::PreviewGameOver));
    assert_eq!(
        RenderError::PreviewColumnFull { column: 3 }.to_string(),
        "column d is full"
    );
    assert_eq!(
        RenderError::PreviewOffBoard {
            column: 7,
            width: 7
        }
        .to_string(),
        "column h is not on a 7-column board"
    );
}

#[test]
fn a_position_renders_without_its_game() {
    let p = Position::new(Variant::Five);
    let png = position_png(&p, None, &RenderOptions::default()).unwrap();
    let img = decode_png(&png);
    let layout = Layout::new(Variant::Five);
    let (x, y) = layout.cell_center(Cell::new(0, 0));
    assert_eq!(classify(img.get_pixel(x as u32, y as u32).0), Class::Red);
    let pic = render_position(&p, None, &RenderOptions::default()).unwrap();
    assert_eq!(pic.rgba.len(), (pic.width * pic.height * 4) as usize);
}

/// Peak signal-to-noise ratio in dB of `b` against `a` (RGB).
fn psnr(a: &Picture, b: &image::RgbImage) -> f64 {
    let mut sum = 0f64;
    for (i, px) in b.pixels().enumerate() {
        for k in 0..3 {
            let d = a.rgba[i * 4 + k] as f64 - px.0[k] as f64;
            sum += d * d;
        }
    }
    let mse = sum / (b.width() * b.height() * 3) as f64;
    10.0 * (255.0f64 * 255.0 / mse.max(1e-9)).log10()
}

#[test]
fn the_palette_png_keeps_the_looks_and_is_small() {
    for &(v, moves, _) in FIXTURES {
        let g = game(v, moves);
        for options in [
            RenderOptions::default(),
            RenderOptions {
                preview: g.position().legal_moves().get(0).map(|m| m.column()),
                ..RenderOptions::default()
            },
        ] {
            let pic = render_game(&g, &options).unwrap();
            let png = board_png(&g, &options).unwrap();
            let db = psnr(&pic, &decode_png(&png));
            assert!(db > 38.0, "{v} {moves}: PSNR {db:.1} dB");
            assert!(png.len() <= 40 * 1024, "{v}: {} bytes", png.len());
        }
    }
}

// --- Colour-blind check -------------------------------------------------

fn to_linear(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Relative luminance (0..1) of `c` as a deuteranope sees it: the Machado,
/// Oliveira & Fernandes (2009) deuteranopia matrix (severity 1.0) applied
/// in linear RGB, then Rec. 709 luminance.
fn deuteranope_luminance(c: [u8; 3]) -> f64 {
    const M: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    let lin = [to_linear(c[0]), to_linear(c[1]), to_linear(c[2])];
    let sim: Vec<f64> = M
        .iter()
        .map(|row| (row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]).clamp(0.0, 1.0))
        .collect();
    0.2126 * sim[0] + 0.7152 * sim[1] + 0.0722 * sim[2]
}

/// WCAG contrast ratio of two relative luminances (1 = none, 21 = most).
fn contrast(a: f64, b: f64) -> f64 {
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// The pixels of the disc in `cell` whose deuteranope luminance differs
/// clearly from the disc's body: the shape a colour-blind player sees.
fn mark_mask(pic: &Picture, layout: &Layout, cell: Cell, body: f64) -> Vec<bool> {
    let (cx, cy) = layout.cell_center(cell);
    let r = theme::DISC_RADIUS * layout.cell_size() as f32 - 2.0;
    let mut mask = Vec::new();
    for dy in -(r as i32)..=(r as i32) {
        for dx in -(r as i32)..=(r as i32) {
            if ((dx * dx + dy * dy) as f32) > r * r {
                mask.push(false);
                continue;
            }
            let px = pic.pixel((cx as i32 + dx) as u32, (cy as i32 + dy) as u32);
            mask.push(contrast(deuteranope_luminance(px), body) > 1.5);
        }
    }
    mask
}

#[test]
fn discs_stay_distinguishable_for_deuteranopes() {
    // Three-players has all three colours: a1 red, b1 yellow, c1 blue.
    let g = game(Variant::ThreePlayers, "abc");
    let layout = Layout::new(Variant::ThreePlayers);
    let pic = render_game(
        &g,
        &RenderOptions {
            last_move: false,
            ..RenderOptions::default()
        },
    )
    .unwrap();
    let hole = deuteranope_luminance(theme::HOLE);
    let mut masks = Vec::new();
    for (i, color) in Color::ALL.into_iter().enumerate() {
        let body = deuteranope_luminance(theme::disc(color));
        let mark = deuteranope_luminance(theme::mark_color(color));
        // The disc stands out from its hole, and its mark from the disc.
        assert!(contrast(body, hole) > 3.0, "{color} vs hole");
        assert!(contrast(body, mark) > 2.0, "{color}'s mark");
        let mask = mark_mask(&pic, &layout, Cell::new(i as u8, 0), body);
        let marked = mask.iter().filter(|&&m| m).count();
        assert!(marked > 150, "{color}: mark of {marked} px");
        masks.push(mask);
    }
    // Pairwise: the marks a deuteranope sees have different shapes.
    for i in 0..3 {
        for j in i + 1..3 {
            let both = masks[i].iter().zip(&masks[j]).filter(|(a, b)| **a && **b);
            let either = masks[i].iter().zip(&masks[j]).filter(|(a, b)| **a || **b);
            let iou = both.count() as f64 / either.count() as f64;
            assert!(
                iou < 0.5,
                "{} and {}: marks overlap {iou:.2}",
                Color::ALL[i],
                Color::ALL[j]
            );
        }
    }
    // Yellow, the second player's colour, also differs by luminance alone.
    let y = deuteranope_luminance(theme::disc(Color::Yellow));
    for other in [Color::Red, Color::Blue] {
        let o = deuteranope_luminance(theme::disc(other));
        assert!(contrast(y, o) > 1.5, "yellow vs {other}");
    }
}

// --- GIF ------------------------------------------------------------------

fn gif_frames(bytes: &[u8]) -> Vec<image::Frame> {
    image::codecs::gif::GifDecoder::new(Cursor::new(bytes))
        .expect("a valid GIF")
        .into_frames()
        .collect_frames()
        .expect("decodable frames")
}

fn delay_ms(frame: &image::Frame) -> u32 {
    let (n, d) = frame.delay().numer_denom_ms();
    n / d
}

#[test]
fn a_gif_has_one_frame_per_ply_plus_the_final_frame() {
    let g = game(Variant::Classic, "ddccbbe");
    let gif = game_gif(&g).unwrap();
    let frames = gif_frames(&gif);
    assert_eq!(frames.len(), 7 + 1);
    for f in &frames[..7] {
        assert_eq!(delay_ms(f), PLY_DELAY_MS);
    }
    assert_eq!(delay_ms(&frames[7]), FINAL_DELAY_MS);
    let layout = Layout::new(Variant::Classic);
    assert_eq!(
        frames[0].buffer().dimensions(),
        (layout.width(), layout.height())
    );
    // The final frame is the finished board with its line highlighted,
    // pixel for pixel the PNG the bot posts.
    let last = image::DynamicImage::ImageRgba8(frames[7].buffer().clone()).to_rgb8();
    let png = decode_png(&board_png(&g, &RenderOptions::default()).unwrap());
    assert!(last == png, "final frame differs from the board PNG");
    // Frame k shows the position after k+1 plies, its move ringed.
    let after3 = game(Variant::Classic, "ddc");
    let third = image::DynamicImage::ImageRgba8(frames[2].buffer().clone()).to_rgb8();
    let png3 = decode_png(&board_png(&after3, &RenderOptions::default()).unwrap());
    assert!(third == png3, "third frame differs");
    // A game without moves is the final frame alone.
    assert_eq!(
        gif_frames(&game_gif(&game(Variant::Five, "")).unwrap()).len(),
        1
    );
}

#[test]
fn a_42_ply_gif_is_small_enough_for_discord() {
    let g = game(Variant::Classic, DRAWN_42);
    assert_eq!(g.moves().len(), 42);
    assert!(g.outcome().is_over());
    let gif = game_gif(&g).unwrap();
    assert!(gif.len() < 1024 * 1024, "{} bytes", gif.len());
    assert_eq!(gif_frames(&gif).len(), 43);
}

#[test]
fn every_variant_has_a_gif_replay() {
    for &(v, moves, _) in FIXTURES {
        let g = game(v, moves);
        let frames = gif_frames(&game_gif(&g).unwrap());
        assert_eq!(frames.len(), g.moves().len() + 1, "{v}");
    }
}

#[test]
fn the_same_position_gives_the_same_bytes_whatever_was_drawn_before() {
    let g = game(Variant::Classic, "dcdcee");
    let here = board_png(&g, &RenderOptions::default()).unwrap();
    let there = std::thread::spawn(move || {
        // Different pictures first, on another thread.
        for v in [Variant::Cylinder, Variant::ThreePlayers, Variant::Classic] {
            board_png(&game(v, "abcabc"), &RenderOptions::default()).unwrap();
        }
        board_png(&g, &RenderOptions::default()).unwrap()
    })
    .join()
    .unwrap();
    assert_eq!(here, there);
}

// --- Bounded replay (issue 32) ----------------------------------------------

#[test]
fn a_short_game_replays_every_ply_the_same_as_the_uncapped_gif() {
    let g = game(Variant::Classic, DRAWN_42);
    let replay = fourbot_render::replay_gif(&g).unwrap();
    assert_eq!((replay.plies, replay.step, replay.frames), (42, 1, 43));
    assert!(!replay.sampled());
    assert!(replay.gif == game_gif(&g).unwrap());
}

#[test]
fn sampled_plies_keep_the_first_and_the_last() {
    use fourbot_render::sampled_plies;
    assert_eq!(sampled_plies(0, 3), Vec::<usize>::new());
    assert_eq!(sampled_plies(7, 1), vec![1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(sampled_plies(7, 3), vec![1, 4, 7]);
    assert_eq!(sampled_plies(8, 3), vec![1, 4, 7, 8]);
    for n in [199usize, 200, 201, 2_000, 65_537] {
        let step = n.div_ceil(fourbot_render::MAX_REPLAY_FRAMES - 3);
        let shown = sampled_plies(n, step);
        assert_eq!(shown.first(), Some(&1));
        assert_eq!(shown.last(), Some(&n));
        assert!(shown.len() < fourbot_render::MAX_REPLAY_FRAMES, "{n}");
    }
}

/// The replay of issue 32: a 2,000-ply PopOut game drew 2,001 frames (3.4 s
/// of CPU, 4 MB); the bot's replay has at most `MAX_REPLAY_FRAMES`, the
/// first and the last ply among them, and stays under `MAX_REPLAY_BYTES`.
#[test]
fn a_2000_ply_popout_replay_is_sampled_within_the_caps() {
    use fourbot_render::{replay_gif, MAX_REPLAY_BYTES, MAX_REPLAY_FRAMES};
    let g = fourbot_render::samples::long_popout_game(2_000).expect("a long game");
    assert_eq!(g.moves().len(), 2_000);
    let replay = replay_gif(&g).unwrap();
    assert!(replay.sampled());
    assert!(
        replay.frames <= MAX_REPLAY_FRAMES,
        "{} frames",
        replay.frames
    );
    assert!(
        replay.gif.len() <= MAX_REPLAY_BYTES,
        "{} bytes",
        replay.gif.len()
    );
    let frames = gif_frames(&replay.gif);
    assert_eq!(frames.len(), replay.frames);
    // The first frame is the position after ply 1, the last but one after
    // the last ply (its move ringed), the last the final position.
    let after = |n: usize| Game::from_moves(*g.start(), &g.moves()[..n]).unwrap();
    let options = RenderOptions {
        last_move: true,
        ..RenderOptions::default()
    };
    let first = image::DynamicImage::ImageRgba8(frames[0].buffer().clone()).to_rgb8();
    assert!(first == decode_png(&board_png(&after(1), &options).unwrap()));
    let n = frames.len();
    let last_ply = image::DynamicImage::ImageRgba8(frames[n - 2].buffer().clone()).to_rgb8();
    assert!(last_ply == decode_png(&board_png(&g, &options).unwrap()));
}

#[test]
fn a_replay_over_its_byte_cap_shows_fewer_plies() {
    use fourbot_render::replay_gif_within;
    let g = fourbot_render::samples::long_popout_game(300).expect("a long game");
    let all = replay_gif_within(&g, 1_000, usize::MAX).unwrap();
    assert_eq!(all.step, 1);
    let cap = all.gif.len() / 3;
    let capped = replay_gif_within(&g, 1_000, cap).unwrap();
    assert!(capped.gif.len() <= cap, "{} > {cap}", capped.gif.len());
    assert!(capped.step >= 2, "step {}", capped.step);
    assert_eq!(gif_frames(&capped.gif).len(), capped.frames);
    // Not even two frames fit: refused, not sent.
    assert!(matches!(
        replay_gif_within(&g, 1_000, 100),
        Err(fourbot_render::RenderError::TooLarge { cap: 100 })
    ));
}
