//! Time to draw the `/replay` GIF of a long PopOut game (issue 32), in a
//! release build of this crate alone:
//!
//! ```sh
//! cargo run --release -p fourbot-render --example replay_time [plies…]
//! ```
//!
//! For each length (default 2,000 and 10,000 plies) prints the time and the
//! size of the uncapped GIF (`game_gif`, one frame per ply, what `/replay`
//! drew before issue 32; skipped past 2,000 plies) and of the bounded one
//! (`replay_gif`: at most `MAX_REPLAY_FRAMES` frames, `MAX_REPLAY_BYTES`
//! bytes). Single-threaded, so wall time is CPU time. Figures are kept in
//! docs/render.md ("Replay").

use std::time::Instant;

use fourbot_render::samples::long_popout_game;
use fourbot_render::{game_gif, replay_gif};

fn main() {
    let lengths: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number of plies"))
        .collect();
    let lengths = if lengths.is_empty() {
        vec![2_000, 10_000]
    } else {
        lengths
    };
    for plies in lengths {
        let t = Instant::now();
        let game = long_popout_game(plies).expect("a long PopOut game");
        println!(
            "{plies} plies: game built in {:.2} s",
            t.elapsed().as_secs_f64()
        );
        if plies <= 2_000 {
            let t = Instant::now();
            let gif = game_gif(&game).expect("draws");
            println!(
                "  uncapped game_gif: {:.2} s, {} frames, {} bytes",
                t.elapsed().as_secs_f64(),
                plies + 1,
                gif.len()
            );
        }
        let t = Instant::now();
        let replay = replay_gif(&game).expect("draws");
        println!(
            "  replay_gif: {:.3} s, {} frames (step {} plies), {} bytes",
            t.elapsed().as_secs_f64(),
            replay.frames,
            replay.step,
            replay.gif.len()
        );
    }
}
