//! Random playouts on the rules engine (issue 2's speed goal: at least
//! 1,000,000 plies per second on one core from the empty classic board).
//!
//! `cargo bench --bench engine` prints, per group, criterion's throughput in
//! elements per second: plies/s for `plies/<variant>` (10,000 plies of random
//! legal moves, starting a new game whenever one ends) and games/s for
//! `games/classic` (1,000 complete random games).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use fourbot::game::{Position, Variant};

const PLIES: u64 = 10_000;
const GAMES: u64 = 1_000;

/// Plays `plies` random legal moves, restarting from `start` after each game.
fn playout_plies(start: Position, plies: u64, rng: &mut SmallRng) -> u64 {
    let mut p = start;
    let mut games = 0;
    for _ in 0..plies {
        let legal = p.legal_moves();
        let m = legal.get(rng.random_range(0..legal.len())).unwrap();
        p.play_unchecked(m);
        if p.outcome().is_over() {
            p = start;
            games += 1;
        }
    }
    games
}

/// Plays `games` complete random games from `start`; returns the plies played.
fn playout_games(start: Position, games: u64, rng: &mut SmallRng) -> u64 {
    let mut plies = 0;
    for _ in 0..games {
        let mut p = start;
        while !p.outcome().is_over() {
            let legal = p.legal_moves();
            let m = legal.get(rng.random_range(0..legal.len())).unwrap();
            p.play_unchecked(m);
            plies += 1;
        }
    }
    plies
}

fn bench(c: &mut Criterion) {
    let mut rng = SmallRng::seed_from_u64(42);
    let mut plies = c.benchmark_group("plies");
    plies.throughput(Throughput::Elements(PLIES));
    for variant in Variant::ALL {
        let start = Position::new(variant);
        plies.bench_function(variant.key(), |b| {
            b.iter(|| black_box(playout_plies(black_box(start), PLIES, &mut rng)))
        });
    }
    plies.finish();

    let mut games = c.benchmark_group("games");
    games.throughput(Throughput::Elements(GAMES));
    let start = Position::new(Variant::Classic);
    let measured = playout_games(start, GAMES, &mut rng);
    println!(
        "games/classic: {:.1} plies per random game on average",
        measured as f64 / GAMES as f64
    );
    games.bench_function("classic", |b| {
        b.iter(|| black_box(playout_games(black_box(start), GAMES, &mut rng)))
    });
    games.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
