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

/// Display names in the scripts of issue 35 §4 and a few more, as Discord
/// users type them: Chinese, Korean, an emoji before Latin, Greek,
/// Cyrillic, Japanese kana and kanji, emoji with a variation selector and a
/// ZWJ sequence, mathematical bold letters. [`leaderboard_page_in_scripts`]
/// and the render tests draw them.
pub const NAMES_IN_SCRIPTS: [&str; 10] = [
    "绿茶",
    "녹차",
    "😀 alice",
    "Ελένη",
    "Ирина",
    "さくら 山田",
    "❤\u{fe0f} bob",
    "👩\u{200d}💻 김민준",
    "𝐂𝐚𝐫𝐨𝐥",
    "🎉🙂 dave",
];

/// [`leaderboard_page`] with the names of [`NAMES_IN_SCRIPTS`] in turn
/// instead of "player number N": what the fallback fonts cost to draw
/// (the `chart_time` example).
pub fn leaderboard_page_in_scripts(rows: u32) -> Standings {
    let mut page = leaderboard_page(rows);
    for (i, row) in page.rows.iter_mut().enumerate() {
        row.name = NAMES_IN_SCRIPTS[i % NAMES_IN_SCRIPTS.len()].to_string();
    }
    page
}

/// A legal PopOut game of `plies` plies that is still going: a
/// deterministic random walk (pops first half of the time, so the board
/// stays open) that never plays a move that ends the game (a line, a full
/// board, a third repetition) and steps back when every move would. The
/// long game of issue 32 (`/replay` of 2,000 plies) for the benchmark, the
/// render tests and the end-to-end test. `None` if no such game exists
/// (not expected).
pub fn long_popout_game(plies: usize) -> Option<fourbot_core::game::Game> {
    use fourbot_core::game::{Game, Move, Position, Variant};
    use std::collections::HashMap;

    type Key = String;
    let key = |p: &Position| -> Key { format!("{p}{:?}", p.to_move()) };
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x as usize
    };
    let start = Position::new(Variant::Popout);
    let mut seen: HashMap<Key, u8> = HashMap::new();
    seen.insert(key(&start), 1);
    // Per ply: the position before it, the moves still to try there, and
    // the move played.
    let mut stack: Vec<(Position, Vec<Move>, Option<Move>)> = Vec::new();
    // The moves to try from `p`, the best last: first to a position seen
    // less often, then to about ten discs on the board (few discs repeat
    // soon, many make lines), ties broken at random.
    let candidates = |p: &Position, seen: &HashMap<Key, u8>, next: &mut dyn FnMut() -> usize| {
        let mut scored: Vec<(usize, Move)> = p
            .legal_moves()
            .iter()
            .map(|m| {
                let mut q = *p;
                q.play_unchecked(m);
                let discs = q.board_text().chars().filter(|c| c.is_alphabetic()).count();
                let times = seen.get(&key(&q)).copied().unwrap_or(0) as usize;
                (times * 1_000 + discs.abs_diff(10) * 10 + next() % 30, m)
            })
            .collect();
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        scored.into_iter().map(|(_, m)| m).collect::<Vec<Move>>()
    };
    let first = candidates(&start, &seen, &mut next);
    stack.push((start, first, None));
    let mut steps = 0usize;
    while stack.len() <= plies {
        steps += 1;
        if steps > plies * 1_000 {
            return None;
        }
        let top = stack.last_mut()?;
        let p = top.0;
        match top.1.pop() {
            Some(m) => {
                let mut q = p;
                q.play_unchecked(m);
                let k = key(&q);
                if q.outcome().is_over() || seen.get(&k).copied().unwrap_or(0) >= 2 {
                    continue;
                }
                top.2 = Some(m);
                *seen.entry(k).or_insert(0) += 1;
                let moves = candidates(&q, &seen, &mut next);
                stack.push((q, moves, None));
            }
            None => {
                // Every move from here ends the game: step back.
                let (q, _, _) = stack.pop()?;
                if let Some(n) = seen.get_mut(&key(&q)) {
                    *n -= 1;
                }
                stack.last_mut()?.2 = None;
            }
        }
    }
    let moves: Vec<Move> = stack.iter().filter_map(|(_, _, m)| *m).collect();
    let game = Game::from_moves(start, &moves).ok()?;
    (!game.outcome().is_over() && game.moves().len() == plies).then_some(game)
}
