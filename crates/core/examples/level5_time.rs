//! How long level 5 takes a move in the 7×6 classic-rules variants (issue
//! 19: perfect from the first move, within 200 ms a move), and whether
//! each move was optimal.
//!
//! For each variant (classic, single, random-opening, teams) it plays
//! `games` games of level 5 against an opponent that plays level 5's move
//! but a uniformly random legal move one time in three (so the games leave
//! the main lines), level 5 taking the first and the second seat in turn;
//! random-opening games start from a seeded shipped opening. Every level-5
//! move is timed (`choose_move_seeded` with a 10 s cap, so the figures are
//! the real time, not the cap) and checked against a second solver of its
//! own (not timed): the move's exact score must equal the best move's. It
//! prints p50 / p99 / max per number of discs before the move, and the
//! number of moves that were not optimal. One process, the bot's
//! shared solver (`ai::with_solver`: its table kept between moves, as in the bot).
//!
//! ```sh
//! nice -n 19 cargo run --release -p fourbot-core --example level5_time -- [games] [seed]
//! ```

use std::time::{Duration, Instant};

use fourbot_core::engine::openings::shipped;
use fourbot_core::engine::{choose_move_seeded, Board, Book, Solver};
use fourbot_core::game::{Game, Move, Position, Variant};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

#[path = "support/timing.rs"]
mod timing;
use timing::{cpu_time, summary};

/// Whether `m` is a best move of `g`'s position by the exact scores of a
/// separate solver.
fn optimal(checker: &mut Solver, g: &Game, m: Move) -> bool {
    let b = Board::from_position(g.position()).expect("classic rules");
    let scores = checker.analyze(&b);
    let best = scores.iter().flatten().max().copied();
    let Move::Drop(c) = m else { return false };
    scores[c as usize] == best
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: games seed"))
        .collect();
    let games = args.first().copied().unwrap_or(10);
    let seed = args.get(1).copied().unwrap_or(19);
    let mut rng = SmallRng::seed_from_u64(seed);
    let t = Instant::now();
    let _ = Book::shipped();
    println!("book loaded in {:.0} ms", t.elapsed().as_secs_f64() * 1e3);
    let mut checker = Solver::with_book(Book::shipped());
    let openings = shipped();
    let cap = Duration::from_secs(10);

    // Buckets: ≤ 11 discs, 12, 13, …, 20, ≥ 21.
    let bucket = |discs: usize| discs.clamp(11, 21);
    let mut by_discs: Vec<Vec<(Duration, Duration)>> = vec![Vec::new(); 22];
    let mut all = Vec::new();
    let mut wrong = 0;
    for v in [
        Variant::Classic,
        Variant::Single,
        Variant::RandomOpening,
        Variant::Teams,
    ] {
        let mut times = Vec::new();
        for game in 0..games {
            let mut g = Game::new(Position::new(v));
            if v == Variant::RandomOpening {
                let o = openings[rng.random_range(0..openings.len())];
                for c in o {
                    g.play(Move::Drop(c)).expect("an opening is legal");
                }
            }
            let bot_seat = game % 2;
            let mut ply = 0u64;
            while !g.outcome().is_over() {
                let discs = g.position().occupied().count_ones() as usize;
                let seat = ply % 2;
                let (t, c) = (Instant::now(), cpu_time());
                let m = choose_move_seeded(&g, 5, cap, rng.random());
                let took = (t.elapsed(), cpu_time() - c);
                let m = if seat == bot_seat {
                    times.push(took);
                    by_discs[bucket(discs)].push(took);
                    if !optimal(&mut checker, &g, m) {
                        wrong += 1;
                        println!("  not optimal: {v} {:?} → {m:?}", g.moves());
                    }
                    m
                } else if rng.random_range(0..3) == 0 {
                    let legal = g.position().legal_moves();
                    legal.get(rng.random_range(0..legal.len())).expect("a move")
                } else {
                    m
                };
                g.play(m).expect("a legal move");
                ply += 1;
            }
        }
        all.extend_from_slice(&times);
        summary(&format!("level 5, {v}"), &times);
    }
    for (d, times) in by_discs.iter().enumerate() {
        let label = match d {
            11 => "≤ 11 discs".to_string(),
            21 => "≥ 21 discs".to_string(),
            _ => format!("{d} discs"),
        };
        summary(&format!("  {label}"), times);
    }
    summary("level 5, every move", &all);
    println!("moves that were not optimal: {wrong}");
}
