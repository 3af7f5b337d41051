//! The bot SIGKILLed at random moments while several matches are played by
//! button presses, and restarted each time: every running match goes on,
//! every move a player saw acknowledged (the next turn posted) is in the
//! database exactly once, each finished rated match changed the ratings
//! once, and the buttons of messages posted before a kill still work.
//!
//! `cargo test --test e2e kill::` runs a short version (3 matches, 6 kills)
//! on SQLite and on PostgreSQL (a database of its own on the server of
//! `FOURBOT_TEST_POSTGRES_URL`, tests/README.md);
//! `cargo test --test e2e kill:: -- --ignored` the long one (8 matches,
//! 25 kills, SQLite). `FOURBOT_CRASH_SEED` repeats a run's random kill
//! moments.

use crate::support::{fake, harness};

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use fake::*;
use fourbot::store::{Db, Engine};
use fourbot_store::testing::TestEngine;
use harness::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;

/// What a message of match `id` offers: a drop turn (game, ply), Ready of a
/// game, or Rematch (the match is over).
#[derive(Clone, Debug, PartialEq)]
enum Offer {
    Turn(u32, u32),
    Ready(u32),
    Over,
}

fn offer(m: &Value, id: &str) -> Option<Offer> {
    let prefix = format!("m:{id}:");
    for (b, _) in buttons(m) {
        let Some(rest) = b.strip_prefix(&prefix) else {
            continue;
        };
        if rest == "rematch" {
            return Some(Offer::Over);
        }
        if let Some(g) = rest.strip_suffix(":ready") {
            return Some(Offer::Ready(g.parse().ok()?));
        }
        if let Some((turn, _)) = rest.split_once(":drop:") {
            let (g, p) = turn.split_once('.')?;
            return Some(Offer::Turn(g.parse().ok()?, p.parse().ok()?));
        }
    }
    None
}

/// The newest offer of the match posted in its thread, with the *first*
/// message that carried it (so that presses use the oldest buttons, those
/// from before a restart when there are some).
fn newest(t: &Table) -> Option<(Offer, Value)> {
    let msgs = t.fake.messages_in(t.thread);
    let newest = msgs.iter().rev().find_map(|m| offer(m, &t.match_id))?;
    let first = msgs
        .into_iter()
        .find(|m| offer(m, &t.match_id) == Some(newest.clone()))?;
    Some((newest, first))
}

/// Plays `t` to its end by random drops (and Ready between games),
/// pressing again whenever nothing happens for a while (a press that fell
/// into a kill is lost, as on Discord).
async fn play_to_the_end(t: Table, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(240);
    loop {
        assert!(
            tokio::time::Instant::now() < deadline,
            "match {} did not end",
            t.match_id
        );
        let Some((offer, msg)) = newest(&t) else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        match &offer {
            Offer::Over => return,
            Offer::Ready(g) => {
                for &u in &t.players {
                    press(&t.fake, u, &msg, &format!("m:{}:{g}:ready", t.match_id));
                }
            }
            Offer::Turn(..) => {
                let free: Vec<String> = buttons(&msg)
                    .into_iter()
                    .filter(|(id, off)| id.contains(":drop:") && !off)
                    .map(|(id, _)| id)
                    .collect();
                let id = &free[rng.random_range(0..free.len())];
                press(&t.fake, t.mover(&msg), &msg, id);
            }
        }
        // Wait for the next offer; after a while, look again and press again.
        let until = tokio::time::Instant::now() + Duration::from_millis(1500);
        while tokio::time::Instant::now() < until {
            if newest(&t).map(|(o, _)| o) != Some(offer.clone()) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(15)).await;
        }
    }
}

/// Every (game, ply) a posted message showed as played: a turn `g.p`
/// acknowledges plies `1..p` of game `g`; Ready of game `g` or the end of
/// the match acknowledge all of game `g` (checked against the store as "at
/// least what was shown").
fn acknowledged(fake: &FakeDiscord, t: &Table) -> BTreeMap<u32, u32> {
    let mut shown: BTreeMap<u32, u32> = BTreeMap::new();
    for m in fake.messages_in(t.thread) {
        if let Some(Offer::Turn(g, p)) = offer(&m, &t.match_id) {
            let e = shown.entry(g).or_default();
            *e = (*e).max(p - 1);
        }
    }
    shown
}

/// How the bot is stopped between its restarts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// SIGKILL: a crash.
    Kill,
    /// SIGTERM: a service manager's stop; the bot must be gone, with
    /// status 0, within 10 s, whatever was in flight.
    Term,
}

/// Turn messages posted for each (game, ply) of `t`: one each, unless a
/// restart posted the turn in progress again (`restarts` at most).
fn turn_posts(fake: &FakeDiscord, t: &Table) -> BTreeMap<(u32, u32), usize> {
    let mut posts = BTreeMap::new();
    for m in fake.messages_in(t.thread) {
        if let Some(Offer::Turn(g, p)) = offer(&m, &t.match_id) {
            *posts.entry((g, p)).or_default() += 1;
        }
    }
    posts
}

async fn kill_run(name: &str, matches: u64, kills: u32, engine: &TestEngine) {
    stop_run(name, matches, kills, engine, Stop::Kill).await;
}

async fn stop_run(name: &str, matches: u64, kills: u32, engine: &TestEngine, stop: Stop) {
    let seed: u64 = std::env::var("FOURBOT_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    eprintln!("FOURBOT_CRASH_SEED={seed}");
    let mut rng = SmallRng::seed_from_u64(seed);
    let fake = FakeDiscord::start(Mode::Normal).await;
    // A start every second or so is this test's artifice: the fake's 5
    // registrations per 20 s (and gateway reads per second) would hold the
    // later starts back for longer than the harness waits (a refused registration is retried after
    // Discord's `retry_after`; see `production::`).
    let mut limits = RateLimits::default();
    for start in [
        "PUT /applications/{application_id}/guilds/{guild_id}/commands",
        "GET /gateway",
    ] {
        limits.routes.insert(start.to_string(), limit(100, 20_000));
    }
    fake.set_rate_limits(limits);
    let dir: PathBuf = temp_dir(name);
    let url = match engine.engine() {
        Engine::Sqlite => database_url(&dir),
        Engine::Postgres => engine.url(name).await,
    };
    let envs = [("FOURBOT_DATABASE_URL", url.as_str())];
    let mut child = spawn(bin(), &fake, &dir, &envs);
    wait_registrations(&fake, 1).await;
    let mut tables = Vec::new();
    for i in 0..matches {
        tables.push(Table::between(&fake, user(2 * i), user(2 * i + 1), None).await);
    }
    let players: Vec<_> = tables
        .iter()
        .enumerate()
        .map(|(i, t)| tokio::spawn(play_to_the_end(t.clone(), seed ^ i as u64)))
        .collect();
    for k in 0..kills {
        let pause = rng.random_range(50..700);
        tokio::time::sleep(Duration::from_millis(pause)).await;
        match stop {
            Stop::Kill => child.kill().await.unwrap(),
            Stop::Term => {
                let pid = child.id().expect("running") as libc::pid_t;
                // SAFETY: kill only sends a signal to the bot's process.
                assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
                let status = tokio::time::timeout(Duration::from_secs(10), child.wait())
                    .await
                    .expect("stopped within 10 s of SIGTERM")
                    .unwrap();
                assert_eq!(status.code(), Some(0), "stop {k}");
            }
        }
        fake.forget_session();
        child = spawn(bin(), &fake, &dir, &envs);
        wait_registrations(&fake, k as usize + 2).await;
    }
    for p in players {
        p.await.expect("every match is played to its end");
    }

    let store = Db::connect(&url).await.unwrap();
    let db = store.pool();
    for t in &tables {
        let id: i64 = t.match_id.parse().unwrap();
        let rows: Vec<(i64, i64)> =
            sqlx::query_as("SELECT game, ply FROM moves WHERE match_id = $1 ORDER BY game, ply")
                .bind(id)
                .fetch_all(db)
                .await
                .unwrap();
        let mut stored: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for (g, p) in rows {
            stored.entry(g as u32).or_default().push(p as u32);
        }
        for (g, plies) in &stored {
            let expect: Vec<u32> = (1..=plies.len() as u32).collect();
            assert_eq!(plies, &expect, "match {id} game {g}: every ply once");
        }
        for (g, p) in acknowledged(&fake, t) {
            let n = stored.get(&g).map_or(0, |v| v.len() as u32);
            assert!(n >= p, "match {id} game {g}: ply {p} was shown, {n} stored");
        }
        let (phase, changes): (String, i64) = sqlx::query_as(
            "SELECT phase, (SELECT COUNT(*) FROM rating_changes WHERE match_id = m.id) FROM matches m WHERE id = $1",
        )
        .bind(id)
        .fetch_one(db)
        .await
        .unwrap();
        assert_eq!(phase, "finished", "match {id}");
        assert_eq!(changes, 2, "match {id}: one rating change per player");
        if stop == Stop::Term {
            // A stop lets in-flight posts finish: a turn is posted once, or
            // once more by the start after a stop that caught it before
            // its post (the turn in progress is shown again).
            for (turn, n) in turn_posts(&fake, t) {
                assert!(n <= 2, "match {id} turn {turn:?} posted {n} times");
            }
            let twice = turn_posts(&fake, t).values().filter(|n| **n > 1).count();
            assert!(
                twice as u32 <= kills,
                "match {id}: {twice} turns posted twice"
            );
        }
    }
    // Each player played one rated match: their rating counts it once.
    let counts: Vec<(i64,)> = sqlx::query_as(
        "SELECT r.matches FROM ratings r JOIN players p ON p.id = r.player_id WHERE p.discord_id IS NOT NULL",
    )
    .fetch_all(db)
    .await
    .unwrap();
    assert_eq!(counts.len() as u64, 2 * matches);
    assert!(counts.iter().all(|(n,)| *n == 1), "{counts:?}");
    let restarts = fake
        .served()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .count();
    assert_eq!(restarts as u32, kills + 1);
    let _ = child.kill().await;
    store.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

fourbot_store::engine_tests! {
    #[multi_thread]
    async fn matches_survive_six_random_sigkills_with_nothing_lost_or_doubled(engine) {
        kill_run("kill-short", 3, 6, engine).await;
    }
}

/// SIGTERM (issue 31 §6) while moves, timers and posts are in flight, then
/// a start, four times: each stop within 10 s with status 0, every match
/// played on to its end, every ply stored once, every rated match rated
/// once, no turn posted more than once more than a restart explains.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_survive_four_sigterms_with_nothing_lost_or_doubled() {
    stop_run("term-short", 3, 4, &TestEngine::sqlite(), Stop::Term).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long: about 30 s; cargo test --test e2e kill:: -- --ignored"]
async fn matches_survive_twenty_five_random_sigkills_with_nothing_lost_or_doubled() {
    kill_run("kill-long", 8, 25, &TestEngine::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_end_committed_but_not_posted_before_a_kill_is_posted_after_the_restart() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let dir: PathBuf = temp_dir("kill-unposted-end");
    let mut child = spawn(bin(), &fake, &dir, &[]);
    wait_registrations(&fake, 1).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    t.play(1, 2, 'c').await;
    let msg = t.turn(1, 3).await;
    // Discord fails every post into the thread (and no token works, so
    // that there is no follow-up path either): the resignation is
    // committed, its announcement is not.
    let posts = format!("/api/v10/channels/{}/messages", t.thread);
    fake.set_token_lifetime(Duration::ZERO);
    fake.inject("POST", &posts, Fault::ServerError, 1_000);
    t.resign_match(&msg).await;
    t.failed_post(&posts).await;
    child.kill().await.unwrap();
    fake.clear_faults();
    fake.forget_session();
    let _child = spawn(bin(), &fake, &dir, &[]);
    let over = fake
        .wait_for("the end of the match posted", |f| {
            f.messages_in(t.thread)
                .into_iter()
                .find(|m| offer(m, &t.match_id) == Some(Offer::Over))
        })
        .await;
    assert!(
        over["content"].as_str().unwrap().contains("resign"),
        "{over}"
    );
    assert_eq!(rating_changes_of(&dir, &t.match_id).await, 2, "rated once");
    let _ = std::fs::remove_dir_all(&dir);
}
