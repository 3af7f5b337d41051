//! Swiss pairing speed (issue 21's goal: a Swiss of 200 players pairs a
//! round in under 100 ms).
//!
//! `cargo bench -p fourbot-core --bench tournament` times `swiss::pair_round` for 200
//! entrants before round 1, round 5 and round 9 (the history before each
//! is a Swiss played with seeded random results: wins, losses and draws in
//! equal shares), and the full 11-round schedule of a 12-player round robin.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use fourbot_core::tournament::{round_robin, swiss, Outcome, Played};

const PLAYERS: usize = 200;

/// The history of `rounds` rounds of a Swiss of `n`, random results.
fn history(n: usize, rounds: usize, rng: &mut SmallRng) -> Vec<Vec<Played>> {
    let active = vec![true; n];
    let mut history = Vec::new();
    for _ in 0..rounds {
        let round = swiss::pair_round(n, &history, &active)
            .into_iter()
            .map(|p| {
                let outcome = p.second.map(|_| match rng.random_range(0..3) {
                    0 => Outcome::FirstWon,
                    1 => Outcome::SecondWon,
                    _ => Outcome::Draw,
                });
                Played::new(p, outcome)
            })
            .collect();
        history.push(round);
    }
    history
}

fn bench_pairing(c: &mut Criterion) {
    let mut rng = SmallRng::seed_from_u64(21);
    let active = vec![true; PLAYERS];
    let mut group = c.benchmark_group("swiss_200");
    for before in [0, 4, 8] {
        let h = history(PLAYERS, before, &mut rng);
        group.bench_function(format!("round_{}", before + 1), |b| {
            b.iter(|| swiss::pair_round(black_box(PLAYERS), black_box(&h), black_box(&active)))
        });
    }
    group.finish();
    c.bench_function("round_robin_12", |b| {
        b.iter(|| round_robin::schedule(black_box(12)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench_pairing
}
criterion_main!(benches);
