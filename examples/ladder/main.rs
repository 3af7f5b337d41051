//! Measures the AI level ladder: level L plays level L−1 (three-players: L
//! against two players of level L−1) and L's share of the points is printed
//! (win 1, draw ½; three-players draw ⅓ — an even share there is 33 %).
//! Three-players also prints the pairwise score, L's result against each of
//! the two L−1 players taken one at a time and averaged (ahead 1, level ½,
//! behind 0: a win 1, a draw ½, a game another player won ¼; even = 50 %),
//! the comparison the Weng-Lin rating of docs/rules.md §6 makes from the places.
//!
//! Two colours: games come in pairs from the same start with the seats
//! swapped, so each level plays first equally often. The start of pair k is
//! drawn from seed k: random-opening plays an opening of
//! `assets/openings.txt` (`host::openings::draw`), obstacles uses the layout
//! of that seed, every other variant begins with two random plies.
//! Three-players: game g has a start of its own, one random disc per colour
//! (the g-th of the 512 three-ply openings in a fixed shuffled order; from
//! game 512 on, four-ply openings), and the stronger level sits in seat
//! g mod 3, so the games are distinct and independent even between
//! deterministic levels (with two random plies there are only 64 starts and
//! 192 distinct games). Levels are defined by deterministic budgets
//! (`engine::level_spec_for` the variant); the time cap per move is only a
//! safety net.
//!
//! Each result comes with a 95 % confidence interval over the games
//! ([`stats`]); three-players adds the one-sided p-value of the pairwise
//! score being above 50 % (issue 19's goal: p < 0.05 for every level).
//!
//! ```sh
//! cargo run --release --example ladder -- [--games 200] [--variant classic]…
//!     [--levels 2-5] [--cap-ms 1000] [--l5-nodes N] [--l5-exact N]
//!     [--depth L=D] [--noise L=N] [--nodes L=N] [--table L=0|1]
//!     [--random L=N] [--mcts L=N] [--first N]
//! ```
//! `--first N` plays games `N..N + games` (the default 0), so that a long
//! ladder can be split over processes and the counts added up.
//! `--depth` / `--noise` / `--nodes` / `--random` override a level's search
//! depth, noise, node budget or random move rate (one in N, 0 = never),
//! `--table` turns its transposition table and move ordering on or off,
//! `--mcts` plays the level by Monte Carlo tree search with N playouts
//! ([`mcts`], three colours only; kept here, not in the engine, because no
//! shipped level uses it: it lost to max-n, docs/benchmarks.md). The shipped
//! levels are `engine::level_spec_for` (three colours: random moves at
//! levels 2 and 3).
//! `--l5-nodes` / `--l5-exact` replace level 5's heuristic and exact-solver
//! node budgets (a reduced level 5, documented as such in
//! docs/benchmarks.md). Default: every variant, levels 2–5.

use std::time::Duration;

use fourbot::engine::{choose_move_with, level_spec_for, LevelSpec};
use fourbot::game::{Color, Game, Move, ObstacleLayout, Position, Variant};

mod mcts;
mod stats;

struct Options {
    games: u32,
    /// The first game's number (`--first`), so that one ladder can be split
    /// over processes: games `first..first + games`.
    first: u32,
    variants: Vec<Variant>,
    levels: (u8, u8),
    cap: Duration,
    /// Overrides of the command line in their order: level (1–5), option
    /// (`--depth` …), value; applied to each variant's
    /// [`level_spec_for`] by [`Options::specs`].
    overrides: Vec<(usize, String, u64)>,
    /// Per level, Monte Carlo tree search with this many playouts instead
    /// of the level's search (three colours; 0 = the level's search).
    mcts: [u64; 5],
}

fn parse_options() -> Options {
    let mut o = Options {
        games: 200,
        first: 0,
        variants: Vec::new(),
        levels: (2, 5),
        cap: Duration::from_millis(1000),
        overrides: Vec::new(),
        mcts: [0; 5],
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--games" => o.games = value.parse().expect("--games N"),
            "--first" => o.first = value.parse().expect("--first N"),
            "--variant" => o.variants.push(value.parse().expect("variant key")),
            "--levels" => {
                let (a, b) = value.split_once('-').expect("--levels A-B");
                o.levels = (a.parse().expect("level"), b.parse().expect("level"));
            }
            "--cap-ms" => o.cap = Duration::from_millis(value.parse().expect("--cap-ms N")),
            "--l5-nodes" => {
                let x = value.parse().expect("--l5-nodes N");
                o.overrides.push((5, "--nodes".into(), x));
            }
            "--l5-exact" => {
                let x = value.parse().expect("--l5-exact N");
                o.overrides.push((5, "--l5-exact".into(), x));
            }
            "--depth" | "--noise" | "--nodes" | "--table" | "--random" | "--mcts" => {
                let (l, x) = value.split_once('=').expect("L=X");
                let l: usize = l.parse().expect("level");
                assert!((1..=5).contains(&l), "level 1–5");
                let x: u64 = x.parse().expect("number");
                if args[i] == "--mcts" {
                    o.mcts[l - 1] = x;
                } else {
                    o.overrides.push((l, args[i].clone(), x));
                }
            }
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    if o.variants.is_empty() {
        o.variants = Variant::ALL.to_vec();
    }
    o
}

impl Options {
    /// Levels 1–5 in `v`: [`level_spec_for`] with the overrides.
    fn specs(&self, v: Variant) -> [LevelSpec; 5] {
        let mut specs = [1, 2, 3, 4, 5].map(|l| level_spec_for(l, v));
        for (l, option, x) in &self.overrides {
            let spec = &mut specs[l - 1];
            let x = *x;
            match option.as_str() {
                "--depth" => spec.depth = x as u32,
                "--noise" => spec.noise = x as i32,
                "--nodes" => spec.max_nodes = x,
                "--table" => spec.table = x != 0,
                "--random" => spec.random_one_in = x,
                _ => spec.exact_nodes = x,
            }
        }
        specs
    }
}

fn main() {
    let o = parse_options();
    println!(
        "games per pair of levels: {}, time cap per move: {} ms",
        o.games,
        o.cap.as_millis(),
    );
    for &v in &o.variants {
        let specs = o.specs(v);
        for (i, spec) in specs.iter().enumerate() {
            let mcts = match o.mcts[i] {
                0 => String::new(),
                n => format!(" (three colours: MCTS, {n} playouts)"),
            };
            println!("{v}: level {}: {spec:?}{mcts}", i + 1);
        }
        for level in o.levels.0.max(2)..=o.levels.1.min(5) {
            let start = std::time::Instant::now();
            let (mut points, mut wins, mut draws) = (0.0, 0, 0);
            // Per game: the share (two colours) or the pairwise score
            // (three colours), the units of the interval.
            let mut scores = Vec::with_capacity(o.games as usize);
            let three = v.rules().colors > 2;
            for (i, g) in (o.first..o.first + o.games).enumerate() {
                let (p, won, drawn) = play(&o, &specs, v, level, g);
                points += p;
                wins += won as u32;
                draws += drawn as u32;
                scores.push(if three { pairwise(won, drawn) } else { p });
                let played = i as u32 + 1;
                if played.is_multiple_of(20) && played < o.games {
                    // Progress, so that a run cut short still counts.
                    let s = stats::summarise(&scores);
                    eprintln!(
                        "{v}: level {level} vs {}: after {} games {points:.1} = {:.0} % ({wins} won, {draws} drawn, {:.0} s; {} {})",
                        level - 1,
                        played,
                        100.0 * points / played as f64,
                        start.elapsed().as_secs_f64(),
                        if three { "pairwise" } else { "share" },
                        describe(&s, three),
                    );
                }
            }
            let s = stats::summarise(&scores);
            let detail = if three {
                format!("; pairwise {}", describe(&s, true))
            } else {
                format!("; {}", describe(&s, false))
            };
            println!(
                "{v}: level {level} vs {}: {points:.1}/{} = {:.0} % ({wins} won, {draws} drawn, {:.0} s{detail})",
                level - 1,
                o.games,
                100.0 * points / o.games as f64,
                start.elapsed().as_secs_f64()
            );
        }
    }
}

/// The stronger level's pairwise score in one three-player game against the
/// two weaker players taken one at a time (ahead 1, level ½, behind 0),
/// averaged: a win 1, a draw ½, a game one of the others won ¼ (behind the
/// winner, level with the other loser).
fn pairwise(won: bool, drawn: bool) -> f64 {
    match (won, drawn) {
        (true, _) => 1.0,
        (false, true) => 0.5,
        (false, false) => 0.25,
    }
}

/// "54.1 % (95 %: 51.0–57.2 %)", and with `p` the one-sided p-value of the
/// mean being above 50 %.
fn describe(s: &stats::Summary, p: bool) -> String {
    let mut out = format!(
        "{:.1} % (95 %: {:.1}–{:.1} %",
        100.0 * s.mean,
        100.0 * s.low,
        100.0 * s.high
    );
    if p {
        out += &format!(", p = {:.2e} for > 50 %", s.p_above(0.5));
    }
    out + ")"
}

/// The three-player start of game `g`: its own opening of one random disc
/// per colour, the `g`-th in a fixed shuffled order of all 8³ = 512 (an odd
/// multiplier modulo 512 is a bijection, so no two games below 512 share a
/// start), then the 8⁴ four-ply openings the same way.
fn three_player_opening(g: u32) -> Vec<Move> {
    let (k, plies) = if g < 512 {
        ((g as u64 * 277 + 101) % 512, 3)
    } else {
        (((g as u64 - 512) * 2_777 + 1_001) % 4096, 4)
    };
    (0..plies)
        .map(|i| Move::Drop(((k >> (3 * i)) & 7) as u8))
        .collect()
}

/// Game `g`: pair `g / 2`'s start (three-players: [`three_player_opening`]
/// of `g`), the stronger level in seat `g % colours`.
/// Returns the stronger level's points, whether it won, whether it was a draw.
fn play(o: &Options, specs: &[LevelSpec; 5], v: Variant, level: u8, g: u32) -> (f64, bool, bool) {
    let colors = v.rules().colors as u32;
    let strong = Color::from_index((g % colors) as usize);
    let pair = (g / 2) as u64;
    let start = if v == Variant::Obstacles {
        Position::with_layout(v, &ObstacleLayout::from_seed(&v.rules().geometry, pair))
    } else {
        Position::new(v)
    };
    let mut game = Game::new(start);
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ (pair << 20);
    let three = colors > 2;
    let opening: Vec<_> = if v == Variant::RandomOpening {
        fourbot::host::openings::draw(pair)
    } else if three {
        three_player_opening(g)
    } else {
        Vec::new()
    };
    for m in opening {
        game.play(m).expect("opening move");
    }
    let mut ply = 0;
    while !game.outcome().is_over() && ply < 400 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let legal = game.position().legal_moves();
        let m = if ply < 2 && v != Variant::RandomOpening && !three {
            legal.get((seed >> 33) as usize % legal.len()).unwrap()
        } else {
            let l = if game.position().to_move() == strong {
                level
            } else {
                level - 1
            };
            let playouts = o.mcts[l as usize - 1];
            let p = game.position();
            if playouts > 0 && p.rules().colors > 2 && mcts::supports(p) {
                let deadline = std::time::Instant::now() + o.cap;
                mcts::search(p, playouts, deadline, seed ^ g as u64)[0].0
            } else {
                choose_move_with(&game, &specs[l as usize - 1], o.cap, seed ^ g as u64)
            }
        };
        game.play(m).unwrap();
        ply += 1;
    }
    match game.outcome().winner() {
        Some(w) if w == strong => (1.0, true, false),
        Some(_) => (0.0, false, false),
        None => (1.0 / colors as f64, false, true),
    }
}
