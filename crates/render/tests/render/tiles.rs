//! The fast path of the turn picture (cached parts, banded deflate) gives
//! exactly the picture of drawing the whole board: the same size, palette
//! and palette index at every pixel, in every variant, with and without the
//! last move ringed, from the first ply to the end.

use std::io::Cursor;

use proptest::prelude::*;

use fourbot_core::game::{Game, Move, ObstacleLayout, Position, Variant};
use fourbot_render::{position_png, position_png_drawn, RenderOptions};

/// Width, height, palette bytes and one palette index per pixel.
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>, Vec<u8>) {
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::IDENTITY);
    let mut reader = decoder.read_info().expect("a valid PNG header");
    let info = reader.info();
    assert_eq!(info.color_type, png::ColorType::Indexed);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let palette = info.palette.as_ref().expect("a palette").to_vec();
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let frame = reader.next_frame(&mut pixels).expect("valid image data");
    pixels.truncate(frame.buffer_size());
    (frame.width, frame.height, palette, pixels)
}

/// Plays `choices[i] % legal.len()` at each ply of `variant` (obstacles on
/// the layout of `seed`) while the game lasts; every position on the way,
/// with the move that led to it.
fn positions(variant: Variant, seed: u64, choices: &[u16]) -> Vec<(Position, Option<Move>)> {
    let start = if variant.rules().blocks {
        Position::with_layout(
            variant,
            &ObstacleLayout::from_seed(&variant.rules().geometry, seed),
        )
    } else {
        Position::new(variant)
    };
    let mut game = Game::new(start);
    let mut out = vec![(*game.position(), None)];
    for &choice in choices {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal.get(choice as usize % legal.len()).expect("a move");
        game.play(m).expect("a legal move");
        out.push((*game.position(), Some(m)));
    }
    out
}

fn assert_same_picture(position: &Position, last: Option<Move>, options: &RenderOptions) {
    let fast = position_png(position, last, options).expect("a picture");
    let drawn = position_png_drawn(position, last, options).expect("a picture");
    let (a, b) = (decode(&fast), decode(&drawn));
    assert_eq!((a.0, a.1), (b.0, b.1), "size");
    assert_eq!(a.2, b.2, "palette");
    let width = a.0 as usize;
    if let Some(i) = (0..a.3.len()).find(|&i| a.3[i] != b.3[i]) {
        panic!(
            "{}: pixel ({}, {}) is index {} in the fast picture, {} drawn",
            position.variant(),
            i % width,
            i / width,
            a.3[i],
            b.3[i]
        );
    }
}

#[test]
fn every_variant_gives_the_drawn_picture_through_a_whole_game() {
    for (k, variant) in Variant::ALL.into_iter().enumerate() {
        let choices: Vec<u16> = (0..200u16)
            .map(|i| i.wrapping_mul(37) ^ (k as u16 * 11))
            .collect();
        let all = positions(variant, k as u64, &choices);
        for (i, &(position, last)) in all.iter().enumerate() {
            // Without the ring every few plies (the picture after a game).
            for last_move in [true, false].into_iter().take(1 + (i % 4 == 0) as usize) {
                let options = RenderOptions {
                    last_move,
                    ..RenderOptions::default()
                };
                assert_same_picture(&position, last, &options);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_positions_give_the_drawn_picture(
        v in 0..Variant::ALL.len(),
        seed in 0u64..1000,
        choices in proptest::collection::vec(any::<u16>(), 0..60),
    ) {
        let variant = Variant::ALL[v];
        let all = positions(variant, seed, &choices);
        let (position, last) = all.last().expect("the start at least");
        assert_same_picture(position, *last, &RenderOptions::default());
    }
}

/// A game's end with winning bars (any direction, across the cylinder's
/// seam, several lines at once) takes the rows the bars cross from the
/// whole picture and the others from the bands (issue 33 §5): the same
/// pixels as drawing it whole, at the end of many games of every variant.
#[test]
fn game_ends_with_bars_give_the_drawn_picture() {
    let mut ends = 0;
    for (k, variant) in Variant::ALL.into_iter().enumerate() {
        for game in 0..24u64 {
            let mut seed = 0x2545_f491_4f6c_dd1du64 ^ (k as u64) << 32 ^ game;
            let choices: Vec<u16> = (0..400)
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    (seed >> 48) as u16
                })
                .collect();
            let all = positions(variant, game, &choices);
            let (position, last) = all.last().expect("the start at least");
            if !position.lines().is_empty() {
                ends += 1;
                assert_same_picture(position, *last, &RenderOptions::default());
            }
        }
    }
    assert!(ends >= 100, "{ends} ends with a line");
}
