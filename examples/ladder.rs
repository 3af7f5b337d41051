//! Measures the AI level ladder: for each variant, level L plays level L−1
//! (L = 2…5), colours (seats) rotating, the first two plies of every game
//! random so the games differ. Prints L's score share (win 1, draw ½).
//!
//! `cargo run --release --example ladder -- [games] [budget_ms] [variant…]`
//! (defaults: 200 games, 1000 ms per move, every variant with its own rules).

use std::time::Duration;

use fourbot::engine::choose_move_seeded;
use fourbot::game::{Color, Game, Position, Variant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let budget = Duration::from_millis(args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000));
    let variants: Vec<Variant> = if args.len() > 2 {
        args[2..]
            .iter()
            .map(|a| a.parse().expect("variant key"))
            .collect()
    } else {
        vec![
            Variant::Classic,
            Variant::Five,
            Variant::Popout,
            Variant::Small,
            Variant::Misere,
            Variant::Cylinder,
            Variant::Obstacles,
            Variant::ThreePlayers,
        ]
    };
    println!(
        "games per pair: {games}, budget per move: {} ms",
        budget.as_millis()
    );
    for v in variants {
        for level in 2..=5u8 {
            let mut points = 0.0;
            for g in 0..games {
                points += play(v, level, g, budget);
            }
            println!(
                "{v}: level {level} vs {}: {:.1}/{games} = {:.0}%",
                level - 1,
                points,
                100.0 * points / games as f64
            );
        }
    }
}

/// One game: the strong level sits in seat `g % colours`; returns its points.
fn play(v: Variant, level: u8, g: u32, budget: Duration) -> f64 {
    let colors = v.rules().colors as u32;
    let strong = Color::from_index((g % colors) as usize);
    let mut game = Game::new(Position::new(v));
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ ((g as u64) << 20) ^ ((level as u64) << 8);
    let mut ply = 0;
    while !game.outcome().is_over() && ply < 400 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let legal = game.position().legal_moves();
        let m = if ply < 2 {
            legal.get((seed >> 33) as usize % legal.len()).unwrap()
        } else {
            let l = if game.position().to_move() == strong {
                level
            } else {
                level - 1
            };
            choose_move_seeded(&game, l, budget, seed)
        };
        game.play(m).unwrap();
        ply += 1;
    }
    match game.outcome().winner() {
        Some(w) if w == strong => 1.0,
        Some(_) => 0.0,
        None => 1.0 / colors as f64,
    }
}
