//! Prints the depth (plies) the heuristic search of level 4 and of level 5
//! (without and with its transposition table) completes within their node
//! budgets, and the move each prefers, on positions after a few random
//! plies. Node budgets are deterministic, so the depths are too (the time
//! cap here is 30 s, never reached).
//!
//! ```sh
//! cargo run --release --example depth -- <variant> <plies,plies,…>
//! ```

use std::time::{Duration, Instant};

use fourbot::engine::{level_spec, search_moves_with, MoveScore};
use fourbot::game::{Game, Position, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v: Variant = args
        .get(1)
        .expect("usage: depth <variant> <plies,…>")
        .parse()
        .expect("variant key");
    let plies: Vec<usize> = args
        .get(2)
        .map(|s| s.split(',').map(|x| x.parse().expect("plies")).collect())
        .unwrap_or_else(|| vec![2, 8, 14]);
    let mut seed = 12345u64;
    for &n in &plies {
        let mut g = Game::new(Position::new(v));
        for _ in 0..n {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let legal = g.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal
                .get((seed >> 33) as usize % legal.len())
                .expect("move");
            g.play(m).expect("legal");
        }
        if g.outcome().is_over() {
            continue;
        }
        for (level, table) in [(4u8, false), (5, false), (5, true)] {
            let mut spec = level_spec(level);
            spec.table = table;
            let t = Instant::now();
            let r = search_moves_with(&g, &spec, Duration::from_secs(30));
            let (best, score) = r[0];
            let depth = match score {
                MoveScore::Estimate { depth, .. } => depth,
                MoveScore::Exact(_) => 0,
            };
            println!(
                "{v} after {n} plies, level {level}{}: depth {depth}, best {best} ({:.2} s)",
                if table { " with table" } else { "" },
                t.elapsed().as_secs_f64()
            );
        }
    }
}
