//! Time and size of the turn pictures a busy bot draws: the PNG of every
//! position of many random classic games (the last move ringed), drawn by
//! the fast path with its shared band cache, in a release build of this
//! crate alone:
//!
//! ```sh
//! cargo run --release -p fourbot-render --example turn_time [-- GAMES [AT_ONCE [kept]]]
//! ```
//!
//! `kept`: each game keeps its last picture's bands (`board_png_with`, as
//! the bot's matches do); without it, the shared band cache alone.
//!
//! `AT_ONCE` games are played side by side, one move of each in turn (as
//! a bot with that many running matches draws them; default 1: one game
//! after another), so the band cache sees the mix a busy bot sees.
//!
//! Prints the pictures drawn, the CPU time per picture (this thread's, so
//! other processes on the machine do not count), the mean PNG size and the
//! band cache's entries and bytes at the end. Figures are kept in
//! docs/benchmarks.md ("Rendering"; with `AT_ONCE` and `kept`, "CPU per
//! move").

use std::time::Duration;

use fourbot_core::game::{Game, Position, Variant};
use fourbot_render::{band_cache, board_png, board_png_with, RenderOptions, TurnBands};

/// CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`), read from
/// `/proc/thread-self/stat` (utime + stime, in clock ticks of 10 ms) is too
/// coarse; `std` has no thread clock, so the whole process's user+sys time
/// from `/proc/self/stat` is used: this example runs one thread.
fn cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    let after = &stat[stat.rfind(')').expect("comm") + 2..];
    let fields: Vec<&str> = after.split(' ').collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    Duration::from_millis(ticks * 10)
}

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("a number of games"))
        .unwrap_or(2000);
    let options = RenderOptions {
        last_move: true,
        highlight_lines: true,
        preview: None,
    };
    // A fixed pseudo-random sequence (an LCG), so every run draws the same
    // pictures.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) as usize
    };
    let at_once: usize = std::env::args()
        .nth(2)
        .map(|a| a.parse().expect("a number of games at once"))
        .unwrap_or(1)
        .max(1);
    let kept = std::env::args().nth(3).as_deref() == Some("kept");
    let (mut pictures, mut bytes) = (0usize, 0usize);
    // The last picture of a game, with its lines (drawn whole).
    let (mut ends, mut end_cpu) = (0usize, Duration::ZERO);
    let start = cpu();
    let mut started = 0usize;
    let mut running: Vec<(Game, TurnBands)> = Vec::new();
    while started < games || !running.is_empty() {
        while running.len() < at_once && started < games {
            running.push((
                Game::new(Position::new(Variant::Classic)),
                TurnBands::default(),
            ));
            started += 1;
        }
        let mut k = 0;
        while k < running.len() {
            let (game, memo) = &mut running[k];
            let legal = game.position().legal_moves();
            if legal.is_empty() {
                running.swap_remove(k);
                continue;
            }
            let m = legal.get(next() % legal.len()).expect("a move");
            game.play(m).expect("a legal move");
            let over = game.position().outcome().is_over();
            let t = cpu();
            let png = match kept {
                true => board_png_with(game, &options, memo),
                false => board_png(game, &options),
            }
            .expect("draws");
            if over {
                ends += 1;
                end_cpu += cpu() - t;
            }
            pictures += 1;
            bytes += png.len();
            k += 1;
        }
    }
    let spent = cpu() - start;
    let (entries, held, lookups, misses) = band_cache();
    println!(
        "{pictures} pictures of {games} games: {:.1} µs CPU each, {:.0} bytes each; band cache {entries} bands, {held} bytes, {misses} misses of {lookups} lookups ({:.2} per picture)",
        spent.as_secs_f64() * 1e6 / pictures as f64,
        bytes as f64 / pictures as f64,
        misses as f64 / pictures as f64
    );
    println!(
        "of them {ends} game ends: {:.1} µs CPU each",
        end_cpu.as_secs_f64() * 1e6 / ends as f64
    );
}
