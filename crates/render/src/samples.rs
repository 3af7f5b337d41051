//! Sample data for drawing the pictures of issue 21 outside the bot: the
//! criterion benchmark (`benches/render.rs`), the `chart_time` example and
//! the chart tests build their rating histories and leaderboard tables
//! here, so that the figures in docs/benchmarks.md and the tests draw the
//! same shapes. Made-up names and numbers; nothing here is read by the
//! bot.

use crate::{ChartPoint, RatingChart, Standings, StandingsColumns, StandingsRow, Trend};

/// A `/rating` chart of `n` rated matches (`n + 1` points: the start, then
/// one a match) with English labels: a deterministic walk from 1500 whose
/// steps (−30 to +30, scaled by the deviation / 100) come from a fixed
/// sequence, and a deviation that shrinks from 350 by 7 % a match down to
/// 60, as a new player's does.
pub fn rating_history(n: usize) -> RatingChart {
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

/// A `/leaderboard` table with `rows` under the English title ("Leaderboard
/// · Classic", "Season 1") and columns (#, Player, Rating, Matches, a
/// 30-day trend).
pub fn leaderboard(rows: Vec<StandingsRow>) -> Standings {
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
        rows,
        footer: None,
    }
}

/// A full leaderboard page of [`leaderboard`]: `rows` players ranked 1…,
/// ratings falling by 20 from 1880, matches falling by one from 39 (both
/// counted in `i64`, so that a page of 100 rows goes below zero rather
/// than overflow), trends alternately down and up.
pub fn leaderboard_page(rows: u32) -> Standings {
    leaderboard(
        (1..=rows)
            .map(|r| StandingsRow {
                rank: r,
                name: format!("player number {r}"),
                value: format!("{}", 1900 - 20 * i64::from(r)),
                extra: vec![format!("{}", 40 - i64::from(r))],
                trend: if r % 2 == 0 {
                    Trend::Up(format!("+{r}"))
                } else {
                    Trend::Down(format!("−{r}"))
                },
            })
            .collect(),
    )
}
