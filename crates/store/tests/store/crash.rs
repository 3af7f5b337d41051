//! Crash test: a child process (this test binary run again in drill mode,
//! [`drill_child`]) plays a match through the store, one committed action
//! at a time, and is killed with SIGKILL at random points, again and again. After every kill the match must load with
//! every action the child had reported committed and a clock consistent with
//! its journal; once finished, its ratings must equal those of an
//! uninterrupted run.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use std::io::Write;

use fourbot_core::game::{Move, Variant};
use fourbot_core::play::{Action, ClockSettings, Match, MatchSetup, Seat, Timestamp};
use fourbot_store::testing::TestEngine;
use fourbot_store::{Db, MatchDetail, MatchId, NewMatch};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// Set in the child's environment: the database the drill plays in. The
/// crash test runs itself again with it, and then plays the drill instead
/// (a test binary is the one program a test can be sure is built).
const DRILL_ENV: &str = "FOURBOT_DRILL_DB";

/// The crash test's own name, to run it alone in the child.
const CRASH_TEST: &str =
    "crash::a_match_killed_at_random_points_keeps_every_committed_action_and_rates_as_if_uninterrupted";

/// The drill child playing in `url`: this test binary, running the crash
/// test alone with [`DRILL_ENV`] set.
fn drill(url: &str) -> Command {
    let mut c = Command::new(std::env::current_exe().unwrap());
    c.args(["--exact", CRASH_TEST, "--nocapture", "--test-threads=1"])
        .env(DRILL_ENV, url)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    c
}

/// The drill's next action: game 1 fills columns a, b, c, d in turn (red
/// completes row 1 at ply 19); game 2 the same until p2 resigns it after 10
/// plies; between games p1 then p2 press Ready.
fn drill_step(m: &Match) -> (Seat, Action) {
    match (m.to_move(), m.turn()) {
        (Some(seat), Some(turn)) => {
            let plies = m.current_game().game().moves().len();
            if m.games().len() == 2 && plies == 10 {
                return (Seat::P2, Action::ResignGame);
            }
            let mv = Move::Drop((plies / 6) as u8);
            (seat, Action::Move { turn, mv })
        }
        _ => {
            let seat = m
                .seating()
                .all()
                .iter()
                .copied()
                .find(|&s| !m.is_ready(s))
                .unwrap_or(Seat::P1);
            (seat, Action::Ready)
        }
    }
}

/// The drill: resumes the running drill match in `url` (or starts one),
/// then plays it to the end one committed action at a time, printing
/// `committed <journal entries>` after each commit and `finished` at the
/// end. Time is virtual: every action comes 1 s after the previous one.
fn drill_child(url: &str) {
    // The harness has printed `test <name> ... ` without a line break: the
    // drill's lines start on lines of their own.
    println!();
    rt().block_on(async {
        let db = Db::connect(url).await.unwrap();
        let (id, mut m, mut now, mut journal) = match db.running_match_ids().await.unwrap().first()
        {
            Some(&id) => {
                let last = db.load_match(id).await.unwrap().last_at;
                let r = db.resume(id, last.plus(1000)).await.unwrap();
                let journal = r.loaded.journal_len + 1;
                (id, r.loaded.game, r.now, journal)
            }
            None => {
                let done: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches")
                    .fetch_one(db.pool())
                    .await
                    .unwrap();
                if done > 0 {
                    println!("finished");
                    return;
                }
                let players = vec![
                    db.named_player("drill-a").await.unwrap(),
                    db.named_player("drill-b").await.unwrap(),
                ];
                let setup = MatchSetup::new(Variant::Classic, ClockSettings::default());
                let mut m = Match::new(setup, Timestamp::ZERO).unwrap();
                let new = NewMatch {
                    guild: 0,
                    players,
                    epoch_unix_ms: 0,
                    ..NewMatch::default()
                };
                let id = db.create_match(&new, &m).await.unwrap();
                let events: Vec<_> = m.drain_events().collect();
                db.record_events(id, &m, &events).await.unwrap();
                (id, m, Timestamp::ZERO, 0)
            }
        };
        while !m.is_finished() {
            now = now.plus(1000);
            let (seat, action) = drill_step(&m);
            m.apply(seat, action, now).expect("the drill's action");
            let events: Vec<_> = m.drain_events().collect();
            db.record_events(id, &m, &events).await.unwrap();
            journal += 1;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "committed {journal}");
            let _ = out.flush();
            drop(out);
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        db.close().await;
        println!("finished");
    });
}

/// What a drill line says: `committed <n>` or `finished`.
fn read_line(line: &str, acknowledged: &mut i64, finished: &mut bool) {
    if let Some(n) = line.strip_prefix("committed ") {
        *acknowledged = n.trim().parse().expect("journal length");
    } else if line.trim() == "finished" {
        *finished = true;
    }
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

async fn only_match(db: &Db) -> Option<MatchDetail> {
    let id: Option<i64> = sqlx::query_scalar("SELECT id FROM matches ORDER BY id LIMIT 1")
        .fetch_optional(db.pool())
        .await
        .unwrap();
    match id {
        Some(id) => Some(db.match_detail(MatchId(id)).await.unwrap()),
        None => None,
    }
}

/// (name, rating, RD, volatility) after the match, per player.
async fn ratings(db: &Db) -> Vec<(String, f64, f64, Option<f64>)> {
    sqlx::query_as(
        "SELECT p.name, c.rating_after, c.deviation_after, c.volatility_after
         FROM rating_changes AS c JOIN players AS p ON p.id = c.player_id ORDER BY p.name",
    )
    .fetch_all(db.pool())
    .await
    .unwrap()
}

#[test]
fn a_match_killed_at_random_points_keeps_every_committed_action_and_rates_as_if_uninterrupted() {
    if let Ok(url) = std::env::var(DRILL_ENV) {
        return drill_child(&url);
    }
    crash_drill(&TestEngine::sqlite());
}

/// The same drill on PostgreSQL: the child is killed while its transactions
/// are in flight on the server, which must keep every commit it answered
/// and nothing of the others.
#[test]
fn on_postgres_a_match_killed_at_random_points_keeps_every_committed_action() {
    if let Ok(url) = std::env::var(DRILL_ENV) {
        return drill_child(&url);
    }
    if let Some(engine) = TestEngine::postgres() {
        crash_drill(&engine);
    }
}

/// The crash test on databases of `engine`.
fn crash_drill(engine: &TestEngine) {
    let rt = rt();
    let temp_db = |name: &str| rt.block_on(engine.url(&format!("crash-{name}")));

    // The uninterrupted run.
    let reference_url = temp_db("reference");
    let out = drill(&reference_url).output().unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .any(|l| l == "finished"),
        "the uninterrupted drill finished"
    );
    let (reference, reference_ratings) = rt.block_on(async {
        let db = Db::connect(&reference_url).await.unwrap();
        (only_match(&db).await.unwrap(), ratings(&db).await)
    });
    assert_eq!(reference.end.as_deref(), Some("completed"));
    assert_eq!(reference_ratings.len(), 2);

    // Runs that are killed again and again, until at least 20 kills (a
    // match that finishes sooner is followed by another).
    let seed: u64 = std::env::var("FOURBOT_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20261130);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut kills = 0;
    let mut run = 0;
    while kills < 20 {
        run += 1;
        let url = temp_db(&format!("killed-{run}"));
        kills += killed_run(&rt, &url, &mut rng, seed, &reference, &reference_ratings);
    }
    eprintln!("{kills} kills in {run} runs (seed {seed})");
}

/// Plays the drill match in `url` with kills at random points until it
/// finishes; checks the store after every kill and the ratings at the end.
/// Returns the number of kills.
fn killed_run(
    rt: &tokio::runtime::Runtime,
    url: &str,
    rng: &mut SmallRng,
    seed: u64,
    reference: &MatchDetail,
    reference_ratings: &[(String, f64, f64, Option<f64>)],
) -> u32 {
    let mut kills = 0;
    let mut acknowledged = 0i64;
    let mut finished = false;
    let mut rounds = 0;
    while !finished {
        rounds += 1;
        assert!(rounds < 400, "the drill makes no progress (seed {seed})");
        let mut child = drill(url).spawn().unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        // Wait for 0–2 commits (or none), then a random 0–3 ms, then kill.
        // After 30 kills let the drill finish.
        let wait_for = if kills >= 30 {
            usize::MAX
        } else {
            rng.random_range(0..=2)
        };
        // Only the drill's own lines count (the test harness prints some).
        let mut commits = 0;
        while commits < wait_for && !finished {
            match lines.next() {
                Some(Ok(line)) => {
                    commits += usize::from(line.starts_with("committed "));
                    read_line(&line, &mut acknowledged, &mut finished);
                }
                _ => break,
            }
        }
        if !finished {
            std::thread::sleep(Duration::from_micros(rng.random_range(0..3000)));
            if child.kill().is_ok() {
                kills += 1;
            }
        }
        let _ = child.wait().unwrap();
        // Lines written before the kill were committed too.
        for line in lines.map_while(Result::ok) {
            read_line(&line, &mut acknowledged, &mut finished);
        }

        rt.block_on(async {
            let db = Db::connect(url).await.unwrap();
            let running = db.running_match_ids().await.unwrap();
            if let Some(&id) = running.first() {
                // Loads: the journal replays and the clock state agrees.
                let loaded = db
                    .load_match(id)
                    .await
                    .unwrap_or_else(|e| panic!("after kill {kills} (seed {seed}): {e}"));
                assert!(
                    loaded.journal_len >= acknowledged,
                    "a committed action was lost: {} stored, {acknowledged} reported (seed {seed})",
                    loaded.journal_len
                );
                assert!(!finished);
            }
            if let Some(d) = only_match(&db).await {
                // Every stored move is the drill's move at that ply.
                for (game, reference_game) in d.games.iter().zip(&reference.games) {
                    let got: Vec<_> = game.moves.iter().map(|m| (m.ply, m.seat, &m.mv)).collect();
                    let want: Vec<_> = reference_game
                        .moves
                        .iter()
                        .take(got.len())
                        .map(|m| (m.ply, m.seat, &m.mv))
                        .collect();
                    assert_eq!(got, want, "seed {seed}");
                    assert!(
                        game.moves.iter().all(|m| m.time_used_ms <= 1000),
                        "no outage was charged (seed {seed})"
                    );
                }
            }
            db.close().await;
        });
    }

    rt.block_on(async {
        let db = Db::connect(url).await.unwrap();
        let d = only_match(&db).await.unwrap();
        assert_eq!(d.end, reference.end);
        assert_eq!(d.points_halves, reference.points_halves);
        assert_eq!(d.games.len(), reference.games.len());
        for (g, r) in d.games.iter().zip(&reference.games) {
            assert_eq!(g.moves.len(), r.moves.len());
            assert_eq!(g.end, r.end);
        }
        assert_eq!(ratings(&db).await, reference_ratings, "seed {seed}");
        let resumes: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM match_actions WHERE kind = 'resume'")
                .fetch_one(db.pool())
                .await
                .unwrap();
        assert!(resumes > 0, "the match was resumed after kills");
    });
    kills
}
