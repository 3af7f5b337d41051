//! Time to draw and encode the pictures of issue 21, in a release build of
//! this crate alone (the criterion benchmark `cargo bench --bench render --
//! chart` measures the same through the whole workspace):
//!
//! ```sh
//! cargo run --release -p fourbot-render --example chart_time
//! ```
//!
//! Prints, per picture, the median and the slowest of 50 runs and the PNG's
//! size. Figures are kept in docs/benchmarks.md ("Rendering").

use std::time::{Duration, Instant};

use fourbot_render::{
    rating_chart_png, standings_png, ChartPoint, RatingChart, Standings, StandingsColumns,
    StandingsRow, Trend,
};

/// A rating history of `n` matches: a deterministic walk with a shrinking RD.
fn history(n: usize) -> RatingChart {
    let mut rating: f64 = 1500.0;
    let mut rd: f64 = 350.0;
    let mut points = vec![ChartPoint {
        rating,
        deviation: rd,
    }];
    for i in 0..n {
        let step = ((i * 7919) % 61) as f64 - 30.0;
        rating += step * rd / 100.0;
        rd = (rd * 0.93).max(60.0);
        points.push(ChartPoint {
            rating,
            deviation: rd,
        });
    }
    RatingChart {
        title: "alice · Classic".into(),
        x_label: "Rated matches".into(),
        y_label: "Rating".into(),
        line_label: "Rating".into(),
        band_label: "± rating deviation".into(),
        points,
    }
}

fn page() -> Standings {
    Standings {
        title: "Leaderboard · Classic".into(),
        subtitle: Some("Season 1".into()),
        columns: StandingsColumns {
            rank: "#".into(),
            name: "Player".into(),
            value: "Rating".into(),
            extra: vec!["Matches".into()],
            trend: Some("30 days".into()),
        },
        rows: (1..=10)
            .map(|r| StandingsRow {
                rank: r,
                name: format!("player number {r}"),
                value: format!("{}", 1900 - 20 * r),
                extra: vec![format!("{}", 40 - r)],
                trend: if r % 2 == 0 {
                    Trend::Up(format!("+{r}"))
                } else {
                    Trend::Down(format!("−{r}"))
                },
            })
            .collect(),
    }
}

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
    let short = history(30);
    let long = history(200);
    let table = page();
    measure("rating chart, 30 matches", || {
        rating_chart_png(&short).expect("draws")
    });
    measure("rating chart, 200 matches", || {
        rating_chart_png(&long).expect("draws")
    });
    measure("leaderboard table, 10 rows", || {
        standings_png(&table).expect("draws")
    });
}
