//! Rendering speed and size (issue 4): render + PNG encode of a mid-game
//! classic board (goal: median ≤ 5 ms, ≤ 40 KB), the GIF replay of a
//! 42-ply game (goal: ≤ 300 ms, ≤ 1 MB). Run with `cargo bench --bench
//! render`; the sizes are printed before the timings. Figures are kept in
//! docs/benchmarks.md.
//!
//! Also the pictures of issue 21: the `/rating` chart of 30 and of 200
//! rated matches (plotters, then an RGB PNG) and a ten-row leaderboard
//! table (`cargo bench --bench render -- chart` runs only those).
//!
//! The turn picture has two paths with the same pixels: drawn whole
//! (`position_png_drawn`) and from cached parts (`board_png`, the bot's);
//! the cached path is measured on the positions of 2,000 random classic
//! games in turn (each picture a new position, as in many live matches).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use fourbot::game::notation::read_game;
use fourbot::game::{Game, Variant};
use fourbot::render::samples::{leaderboard_page, rating_history};
use fourbot::render::{
    board_png, game_gif, position_png_drawn, preview_png, rating_chart_png, render_game,
    standings_png, RenderOptions,
};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// A 42-ply classic game that fills the board without a line (a draw).
const DRAWN_42: &str = "ddddddcccccceeeeeeabbbbbbffffffaaaaagggggg";

fn game(variant: Variant, moves: &str) -> Game {
    read_game(moves, variant, None).expect("legal moves")
}

/// The position after every ply of `n` random classic games, as games.
fn random_positions(n: usize) -> Vec<Game> {
    let mut rng = SmallRng::seed_from_u64(4);
    let mut out = Vec::new();
    for _ in 0..n {
        let mut g = game(Variant::Classic, "");
        while !g.position().outcome().is_over() {
            let legal = g.position().legal_moves();
            let m = legal.get(rng.random_range(0..legal.len())).expect("a move");
            g.play(m).expect("legal");
            out.push(g.clone());
        }
    }
    out
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
        b.iter(|| {
            let last = mid.moves().last().copied();
            position_png_drawn(black_box(mid.position()), last, &options).unwrap()
        })
    });
    let positions = random_positions(2_000);
    let mut next = positions.iter().cycle();
    c.bench_function(
        "png classic, cached parts, positions of random games",
        |b| b.iter(|| board_png(black_box(next.next().expect("endless")), &options).unwrap()),
    );
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

fn bench_charts(c: &mut Criterion) {
    let short = rating_history(30);
    let long = rating_history(200);
    let table = leaderboard_page(10);
    println!(
        "size: rating chart of 30 matches {} bytes, of 200 matches {} bytes",
        rating_chart_png(&short).unwrap().len(),
        rating_chart_png(&long).unwrap().len()
    );
    println!(
        "size: leaderboard page of 10 rows {} bytes",
        standings_png(&table).unwrap().len()
    );
    let mut group = c.benchmark_group("chart");
    group.sample_size(30);
    group.bench_function("rating chart png, 30 matches", |b| {
        b.iter(|| rating_chart_png(black_box(&short)).unwrap())
    });
    group.bench_function("rating chart png, 200 matches", |b| {
        b.iter(|| rating_chart_png(black_box(&long)).unwrap())
    });
    group.bench_function("leaderboard table png, 10 rows", |b| {
        b.iter(|| standings_png(black_box(&table)).unwrap())
    });
    group.finish();
}

/// `/replay` of a 2,000-ply PopOut game (issue 32): the bounded replay the
/// bot sends (at most 200 frames). The uncapped `game_gif` of the same game
/// (3.4 s) is measured once by the `replay_time` example instead
/// (docs/render.md, "Replay").
fn bench_replay(c: &mut Criterion) {
    let long = fourbot::render::samples::long_popout_game(2_000).expect("a long game");
    let replay = fourbot::render::replay_gif(&long).unwrap();
    println!(
        "size: replay of a 2,000-ply popout game {} bytes, {} frames",
        replay.gif.len(),
        replay.frames
    );
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("replay gif popout 2000 plies", |b| {
        b.iter(|| fourbot::render::replay_gif(black_box(&long)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench_render, bench_charts, bench_replay);
criterion_main!(benches);
