//! Rendering speed and size (issue 4): render + PNG encode of a mid-game
//! classic board (goal: median ≤ 5 ms, ≤ 40 KB), the GIF replay of a
//! 42-ply game (goal: ≤ 300 ms, ≤ 1 MB). Run with `cargo bench --bench
//! render`; the sizes are printed before the timings. Figures are kept in
//! docs/benchmarks.md.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use fourbot::game::notation::read_game;
use fourbot::game::{Game, Variant};
use fourbot::render::{board_png, game_gif, preview_png, render_game, RenderOptions};

/// A 42-ply classic game that fills the board without a line (a draw).
const DRAWN_42: &str = "ddddddcccccceeeeeeabbbbbbffffffaaaaagggggg";

fn game(variant: Variant, moves: &str) -> Game {
    read_game(moves, variant, None).expect("legal moves")
}

fn bench_render(c: &mut Criterion) {
    let mid = game(Variant::Classic, &DRAWN_42[..21]);
    let full = game(Variant::Classic, DRAWN_42);
    let three = game(Variant::ThreePlayers, "abcdefghabcdefghdde");
    let cylinder = game(Variant::Cylinder, "ffggaab");
    let options = RenderOptions::default();

    let png = board_png(&mid, &options).unwrap();
    let gif = game_gif(&full).unwrap();
    println!("size: classic mid-game PNG (21 plies) {} bytes", png.len());
    println!(
        "size: classic full-board PNG (42 plies) {} bytes",
        board_png(&full, &options).unwrap().len()
    );
    println!(
        "size: three-players PNG {} bytes",
        board_png(&three, &options).unwrap().len()
    );
    println!(
        "size: cylinder PNG (won across the seam) {} bytes",
        board_png(&cylinder, &options).unwrap().len()
    );
    println!("size: classic GIF of 42 plies {} bytes", gif.len());

    c.bench_function("draw classic mid-game (RGBA only)", |b| {
        b.iter(|| render_game(black_box(&mid), &options).unwrap())
    });
    c.bench_function("png classic mid-game (draw + quantize + encode)", |b| {
        b.iter(|| board_png(black_box(&mid), &options).unwrap())
    });
    c.bench_function("png classic preview", |b| {
        b.iter(|| preview_png(black_box(&mid), 6).unwrap())
    });
    c.bench_function("png three-players", |b| {
        b.iter(|| board_png(black_box(&three), &options).unwrap())
    });
    c.bench_function("png cylinder", |b| {
        b.iter(|| board_png(black_box(&cylinder), &options).unwrap())
    });
    let mut group = c.benchmark_group("gif");
    group.sample_size(20);
    group.bench_function("gif classic 42 plies", |b| {
        b.iter(|| game_gif(black_box(&full)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench_render);
criterion_main!(benches);
