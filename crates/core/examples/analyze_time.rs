//! How long analysis takes with the shipped opening book (issue 19):
//! `analyze_position` on random 7×6 classic positions of 11–16 discs, and
//! `analyze_game` on random full games, printing p50 / max and how many
//! answers were not exact. Positions and games come from seeded random
//! play (uniform legal moves; positions where the game is over are
//! skipped). One process, one solver (its table kept between positions, as
//! in the bot).
//!
//! ```sh
//! nice -n 19 cargo run --release -p fourbot-core --example analyze_time -- [positions] [games] [seed] [fewest discs] [most discs]
//! ```

use std::time::{Duration, Instant};

use fourbot_core::engine::ai::{with_solver, MoveScore};
use fourbot_core::engine::analysis::{analyze_game, analyze_position, Verdict};
use fourbot_core::engine::Book;
use fourbot_core::game::{Game, Position, Variant};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

#[path = "support/timing.rs"]
mod timing;
use timing::{cpu_time, summary};

/// Plays uniform random legal moves from the empty board until `discs` are
/// down (`None` if the game ends first) or, with `None`, until it ends.
fn random_game(rng: &mut SmallRng, discs: Option<usize>) -> Option<Game> {
    let mut g = Game::new(Position::new(Variant::Classic));
    loop {
        if Some(g.moves().len()) == discs {
            return Some(g);
        }
        if g.outcome().is_over() {
            return discs.is_none().then_some(g);
        }
        let moves = g.position().legal_moves();
        let m = moves.get(rng.random_range(0..moves.len()))?;
        g.play(m).ok()?;
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: positions games seed"))
        .collect();
    let positions = args.first().copied().unwrap_or(50) as usize;
    let games = args.get(1).copied().unwrap_or(10) as usize;
    let seed = args.get(2).copied().unwrap_or(19);
    let fewest = args.get(3).copied().unwrap_or(11) as usize;
    let most = args.get(4).copied().unwrap_or(16) as usize;
    let mut rng = SmallRng::seed_from_u64(seed);
    let t = Instant::now();
    let _ = Book::shipped();
    println!("book loaded in {:.0} ms", t.elapsed().as_secs_f64() * 1e3);

    // Budget far above the goal, so the figures are the real solving time.
    let budget = Duration::from_secs(60);
    for discs in fewest..=most {
        let mut times = Vec::new();
        let mut inexact = 0;
        let mut nodes = Vec::new();
        while times.len() < positions {
            let Some(g) = random_game(&mut rng, Some(discs)) else {
                continue;
            };
            let n = with_solver(|s| s.nodes());
            let (t, c) = (Instant::now(), cpu_time());
            let scores = analyze_position(&g, budget);
            times.push((t.elapsed(), cpu_time() - c));
            nodes.push(with_solver(|s| s.nodes()) - n);
            inexact += scores
                .iter()
                .filter(|(_, s)| !matches!(s, MoveScore::Exact(_)))
                .count();
        }
        summary(&format!("analyze_position {discs} discs"), &times);
        nodes.sort();
        println!(
            "  moves without an exact score: {inexact}; solver nodes: total {}, p50 {}, max {}",
            nodes.iter().sum::<u64>(),
            nodes[nodes.len() / 2],
            nodes.last().unwrap()
        );
    }

    let mut times = Vec::new();
    let mut plies = Vec::new();
    let mut unknown = 0;
    let mut slowest_position = Duration::ZERO;
    for _ in 0..games {
        let g = random_game(&mut rng, None).expect("a random game ends");
        let (t, c) = (Instant::now(), cpu_time());
        let vs = analyze_game(&g, budget);
        let took = t.elapsed();
        times.push((took, cpu_time() - c));
        plies.push(g.moves().len());
        slowest_position = slowest_position.max(took / (g.moves().len() as u32 + 1));
        unknown += vs
            .iter()
            .filter(|v| v.before == Verdict::Unknown || v.after == Verdict::Unknown)
            .count();
    }
    summary("analyze_game (random games)", &times);
    println!("  plies: {plies:?}; moves with an unknown verdict: {unknown}");
}
