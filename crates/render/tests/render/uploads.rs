//! Every picture the bot attaches fits Discord's upload limit. Discord
//! refuses a file over the server's `attachment_size_limit` (413 / 40005),
//! which is never below the default of 10 MiB
//! (<https://discord.com/developers/docs/reference#uploading-files>). The
//! largest pictures the bot sends — a 100-row standings table (the most a
//! table holds, [`MAX_ROWS`]), a rating chart of thousands of matches, and
//! the board and replay of a long game on every variant (the largest board
//! among them) — stay far below it, so the bot never needs to read
//! `attachment_size_limit` (docs/discord.md).

use fourbot_core::game::{Game, Variant};
use fourbot_render::samples::{leaderboard, leaderboard_page, rating_history};
use fourbot_render::{
    board_png, game_gif, rating_chart_png, standings_png, RenderOptions, StandingsRow, Trend,
    MAX_ROWS,
};

/// Discord's default upload limit: 10 MiB.
const DEFAULT_UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

/// Asserts that `bytes` (the file `what`) is under the limit; prints its
/// size (`-- --nocapture`).
fn fits(what: &str, bytes: &[u8]) {
    println!("{what}: {} bytes", bytes.len());
    assert!(
        bytes.len() < DEFAULT_UPLOAD_LIMIT,
        "{what}: {} bytes, over Discord's 10 MiB",
        bytes.len()
    );
}

#[test]
fn a_full_standings_table_fits_discords_upload_limit() {
    fits(
        "a 100-row leaderboard",
        &standings_png(&leaderboard_page(MAX_ROWS as u32)).unwrap(),
    );
    // Names as long as Discord's display names (32 characters), wide
    // numbers and every trend: the widest rows a table has.
    let rows = (1..=MAX_ROWS as u32)
        .map(|r| StandingsRow {
            rank: r,
            name: format!("{r:>3}{}", "W".repeat(29)),
            value: format!("{}.{}", 9000 + r, r % 10),
            extra: vec![format!("{}", 10_000 + r), format!("{r}½")],
            trend: match r % 3 {
                0 => Trend::Up(format!("+{r}.{r}")),
                1 => Trend::Down(format!("−{r}.{r}")),
                _ => Trend::Unknown,
            },
        })
        .collect();
    let mut wide = leaderboard(rows);
    wide.columns.extra.push("Buchholz".into());
    fits("a wide 100-row table", &standings_png(&wide).unwrap());
}

#[test]
fn a_rating_chart_of_thousands_of_matches_fits_discords_upload_limit() {
    fits(
        "a chart of 5,000 matches",
        &rating_chart_png(&rating_history(5_000)).unwrap(),
    );
}

/// The game of `variant` whose moves follow the walk `(ply * stride +
/// offset)` over the legal ones until it ends, the board is full, or 300
/// plies (PopOut).
fn walk(variant: Variant, stride: usize, offset: usize) -> Game {
    let mut g = Game::of_variant(variant, None);
    for ply in 0..300usize {
        let moves = g.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves.get((ply * stride + offset) % moves.len()).unwrap();
        if g.play(m).is_err() {
            break;
        }
    }
    g
}

/// The longest of many walks of `variant`: a long game fills the board
/// (the largest board picture) and has the most frames (the largest
/// replay).
fn long_game(variant: Variant) -> Game {
    (1..40)
        .flat_map(|stride| (0..9).map(move |offset| walk(variant, stride, offset)))
        .max_by_key(|g| g.moves().len())
        .unwrap()
}

#[test]
fn every_variants_board_and_replay_fit_discords_upload_limit() {
    for variant in Variant::ALL {
        let g = long_game(variant);
        fits(
            &format!("{variant:?}'s board"),
            &board_png(&g, &RenderOptions::default()).unwrap(),
        );
        fits(
            &format!("{variant:?}'s replay of {} plies", g.moves().len()),
            &game_gif(&g).unwrap(),
        );
    }
}
