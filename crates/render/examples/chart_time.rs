//! Time to draw and encode the pictures of issue 21, in a release build of
//! this crate alone (the criterion benchmark `cargo bench --bench render --
//! chart` measures the same through the whole workspace):
//!
//! ```sh
//! cargo run --release -p fourbot-render --example chart_time
//! ```
//!
//! Prints, per picture, the median and the slowest of 50 runs and the PNG's
//! size. Figures are kept in docs/benchmarks.md ("Rendering"); those of the
//! names in other scripts (issue 35 §4) in docs/render.md.

use std::time::{Duration, Instant};

use fourbot_render::samples::{
    leaderboard_page, leaderboard_page_in_scripts, rating_history, NAMES_IN_SCRIPTS,
};
use fourbot_render::{rating_chart_png, standings_png};

fn measure(name: &str, mut f: impl FnMut() -> Vec<u8>) {
    let size = f().len();
    let mut times: Vec<Duration> = (0..50)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .collect();
    times.sort();
    println!(
        "{name}: median {:.2} ms, slowest {:.2} ms, {size} bytes",
        times[25].as_secs_f64() * 1e3,
        times[49].as_secs_f64() * 1e3
    );
}

fn main() {
    let short = rating_history(30);
    let long = rating_history(200);
    let table = leaderboard_page(10);
    let scripts = leaderboard_page_in_scripts(10);
    let mut cjk_title = rating_history(30);
    cjk_title.title = format!("{} · Classic", NAMES_IN_SCRIPTS[0]);
    measure("rating chart, 30 matches", || {
        rating_chart_png(&short).expect("draws")
    });
    measure("rating chart, 200 matches", || {
        rating_chart_png(&long).expect("draws")
    });
    measure("leaderboard table, 10 rows", || {
        standings_png(&table).expect("draws")
    });
    measure("leaderboard table, 10 rows, names in other scripts", || {
        standings_png(&scripts).expect("draws")
    });
    measure(
        "rating chart, 30 matches, a Chinese name in the title",
        || rating_chart_png(&cjk_title).expect("draws"),
    );
}
