//! Discord's request budget (issue 18, 2.7): how many REST calls subject to
//! Discord's global rate limit (50 requests per second per bot; interaction
//! callbacks and requests with an interaction token are exempt:
//! <https://discord.com/developers/docs/topics/rate-limits#global-rate-limit>)
//! a whole match costs, per move. Counted by the strict fake
//! ([`FakeDiscord::counts`]) from the challenge command to the archived
//! thread, every route the bot used on the way included (thread start,
//! first turn, edits, archive). Goals: ≤ 0.1 per button move between two
//! players, ≤ 0.2 per move (both sides') against the AI; a typed move costs
//! about one channel post. Figures: docs/benchmarks.md ("Discord's request
//! budget"), docs/reliability.md.

use crate::support::{fake, harness};

use std::collections::BTreeMap;
use std::time::Duration;

use fake::*;
use harness::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::{json, Value};

/// The non-exempt requests counted between two snapshots of the fake's
/// counters, in total and per route template (routes with none left out).
fn spent(before: &Counts, after: &Counts) -> (u64, BTreeMap<String, u64>) {
    let routes = after
        .per_route
        .iter()
        .filter_map(|(route, c)| {
            let was = before.per_route.get(route).map_or(0, |b| b.non_exempt);
            (c.non_exempt > was).then(|| (route.clone(), c.non_exempt - was))
        })
        .collect();
    (after.non_exempt - before.non_exempt, routes)
}

/// What a human has to do next in the thread.
enum Next {
    /// Press a drop on this turn message of theirs.
    Turn(Value),
    /// Press Ready on this message (the game ended, the match goes on).
    GameOver(Value),
    /// Nothing: the match ended (the message with Rematch).
    MatchOver,
}

/// The game and ply of a turn message (from its drop buttons'
/// `m:<match>:<game>.<ply>:drop:<column>`).
fn turn_of(m: &Value) -> Option<(u32, u32)> {
    let id = buttons(m)
        .into_iter()
        .find(|(id, _)| id.contains(":drop:"))?
        .0;
    let (game, ply) = id.split(':').nth(2)?.split_once('.')?;
    Some((game.parse().ok()?, ply.parse().ok()?))
}

/// Waits for what a human does after ply `ply` of game `game` in `t`'s
/// thread: a later turn of game `game` that is one of `humans`' (the bot's
/// own turns are passed over), the game's Ready message or the match's end.
async fn next(t: &Table, humans: &[TestUser], game: u32, ply: u32) -> Next {
    let ready = format!(":{game}:ready");
    let thread = t.thread;
    t.fake
        .wait_for(&format!("what follows {game}.{ply}"), |f| {
            f.messages_in(thread).into_iter().find_map(|m| {
                let ids = buttons(&m);
                if ids.iter().any(|(id, _)| id.ends_with(":rematch")) {
                    return Some(Next::MatchOver);
                }
                if ids.iter().any(|(id, _)| id.ends_with(&ready)) {
                    return Some(Next::GameOver(m));
                }
                let (g, p) = turn_of(&m)?;
                let theirs = humans.iter().any(|h| starts_with_ping(&m, *h));
                (g == game && p > ply && theirs).then_some(Next::Turn(m))
            })
        })
        .await
}

/// A random free column (an enabled drop button) of the turn message `m`.
fn random_drop(m: &Value, rng: &mut SmallRng) -> String {
    let free: Vec<String> = buttons(m)
        .into_iter()
        .filter(|(id, off)| id.contains(":drop:") && !off)
        .map(|(id, _)| id)
        .collect();
    assert!(!free.is_empty(), "a turn offers a free column: {m}");
    free[rng.random_range(0..free.len())].clone()
}

/// Waits until the match's thread is archived (the match's last request)
/// and a little longer, so that nothing the match caused is still on its
/// way when the counters are read.
async fn settled(fake: &FakeDiscord, thread: u64) {
    fake.wait_for("the archived thread", |f| {
        (f.channel(thread)?["thread_metadata"]["archived"] == json!(true)).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
}

/// Plays the match of `t` by buttons to its end: the human to move presses
/// a random free column (seeded), every human presses Ready between games;
/// the bot's seat, if any, moves by itself. Returns the humans' presses.
async fn play_out(t: &Table, humans: &[TestUser], rng: &mut SmallRng) -> u64 {
    let mut pressed = 0;
    let (mut game, mut ply) = (1, 0);
    loop {
        match next(t, humans, game, ply).await {
            Next::Turn(m) => {
                ply = turn_of(&m).unwrap().1;
                let id = random_drop(&m, rng);
                press(&t.fake, t.mover(&m), &m, &id);
                pressed += 1;
            }
            Next::GameOver(over) => {
                let ready = buttons(&over)
                    .into_iter()
                    .find(|(id, _)| id.ends_with(":ready"))
                    .unwrap()
                    .0;
                for h in humans {
                    press(&t.fake, *h, &over, &ready);
                }
                game += 1;
                ply = 0;
            }
            Next::MatchOver => return pressed,
        }
    }
}

/// The moves stored for the match of `t` (every ply of every game, the
/// bot's included).
async fn stored_moves(bot: &Bot, t: &Table) -> u64 {
    use sqlx::Connection;
    let mut db = sqlx::SqliteConnection::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves WHERE match_id = ?")
        .bind(t.match_id.parse::<i64>().unwrap())
        .fetch_one(&mut db)
        .await
        .unwrap();
    n as u64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_between_two_players_by_buttons_costs_at_most_a_tenth_of_a_call_per_move() {
    let (fake, bot) = start("budget-pvp").await;
    let mut rng = SmallRng::seed_from_u64(18);
    let before = fake.counts();
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let pressed = play_out(&t, &[ALICE, BOB], &mut rng).await;
    settled(&fake, t.thread).await;
    let moves = stored_moves(&bot, &t).await;
    assert_eq!(moves, pressed, "every move was a press");
    let after = fake.counts();
    let (calls, routes) = spent(&before, &after);
    let per_move = calls as f64 / moves as f64;
    eprintln!(
        "budget, two players by buttons: {calls} non-exempt calls for {moves} moves = {per_move:.3} per move; exempt {}; 429s {}; per route {routes:?}",
        after.exempt - before.exempt,
        after.limited - before.limited
    );
    assert!(moves >= 14, "two whole games: {moves} moves");
    assert!(
        per_move <= 0.1,
        "{calls} non-exempt calls for {moves} button moves: {routes:?}"
    );
    assert_eq!(after.limited, before.limited, "no 429 in one match");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_against_the_ai_by_buttons_costs_at_most_a_fifth_of_a_call_per_move() {
    let (fake, bot_process) = start("budget-ai").await;
    let mut rng = SmallRng::seed_from_u64(18);
    let bot = TestUser {
        id: BOT_ID,
        name: "fourbot",
    };
    let before = fake.counts();
    let iid = challenge_with(
        &fake,
        ALICE,
        &[user_opt("opponent", bot), ("level", 4, json!(1))],
        &[bot],
    );
    let started = posted_by(&fake, iid).await;
    let thread = id_of(&started);
    let first = first_turn(&fake, thread).await;
    let t = Table {
        fake: fake.clone(),
        thread,
        match_id: buttons(&first)[0].0.split(':').nth(1).unwrap().to_string(),
        players: vec![ALICE, bot],
    };
    let pressed = play_out(&t, &[ALICE], &mut rng).await;
    settled(&fake, t.thread).await;
    let moves = stored_moves(&bot_process, &t).await;
    let after = fake.counts();
    let (calls, routes) = spent(&before, &after);
    let per_move = calls as f64 / moves as f64;
    eprintln!(
        "budget, against the AI: {calls} non-exempt calls for {moves} moves ({pressed} pressed) = {per_move:.3} per move; exempt {}; per route {routes:?}",
        after.exempt - before.exempt
    );
    // The AI (level 1) is not seeded, so the match's length varies from run
    // to run (21–31 moves seen); the calls do not grow with it (thread
    // start, first turn, archive). The shortest match the AI allows is
    // 8 + 7 plies (it blocks a line of three, and wins game 2 at ply 7 at
    // the earliest), so three calls stay within the goal.
    assert!(pressed >= 4 && moves > pressed, "{pressed} of {moves}");
    assert!(
        per_move <= 0.2,
        "{calls} non-exempt calls for {moves} moves: {routes:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_move_costs_a_post_and_an_edit_without_a_press_and_nothing_after_one() {
    let (fake, _bot) = start("budget-typed").await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    // Nobody has pressed in the thread: there is no token to post with, so
    // the turn after a typed move is a channel message and the old turn
    // (a channel message too) loses its buttons by a channel edit. Four
    // moves: within the per-channel limit of 5 posts per 5 s.
    let typed = |ply: u32, column: char| {
        let t = t.clone();
        async move {
            t.typed(t.players[(ply as usize + 1) % 2], &column.to_string());
            t.turn(1, ply + 1).await;
        }
    };
    let before = fake.counts();
    for (ply, column) in [(1, 'd'), (2, 'a'), (3, 'd'), (4, 'a')] {
        typed(ply, column).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mid = fake.counts();
    let (calls, routes) = spent(&before, &mid);
    eprintln!(
        "budget, 4 typed moves before any press: {calls} non-exempt calls; per route {routes:?}"
    );
    assert_eq!(
        routes.get("POST /channels/{channel_id}/messages"),
        Some(&4),
        "one post per typed move: {routes:?}"
    );
    assert_eq!(
        routes.get("PATCH /channels/{channel_id}/messages/{id}"),
        Some(&4),
        "one edit of the old turn per typed move: {routes:?}"
    );
    assert_eq!(calls, 8, "nothing else: {routes:?}");
    // One press in the thread leaves a token (15 minutes): the turns after
    // the next typed moves are its follow-ups, exempt from the global limit.
    t.play(1, 5, 'c').await;
    for (ply, column) in [(6, 'a'), (7, 'g'), (8, 'b')] {
        typed(ply, column).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (calls, routes) = spent(&mid, &fake.counts());
    eprintln!("budget, 1 press and 3 typed moves after it: {calls} non-exempt calls; per route {routes:?}");
    assert_eq!(calls, 0, "follow-ups and token edits only: {routes:?}");
}
