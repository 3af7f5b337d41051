//! Crash test: a child process (`fourbot store-drill`) plays a match through
//! the store, one committed action at a time, and is killed with SIGKILL at
//! random points, again and again. After every kill the match must load with
//! every action the child had reported committed and a clock consistent with
//! its journal; once finished, its ratings must equal those of an
//! uninterrupted run.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use fourbot::store::{Db, MatchDetail, MatchId};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn temp_db(name: &str) -> String {
    let path: PathBuf =
        std::env::temp_dir().join(format!("fourbot-crash-{name}-{}.db", std::process::id()));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
    }
    format!("sqlite://{}", path.display())
}

fn drill(url: &str) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_fourbot"));
    c.args(["store-drill", "--db", url, "--pause-ms", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    c
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
    let rt = rt();

    // The uninterrupted run.
    let reference_url = temp_db("reference");
    let out = drill(&reference_url).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("finished\n"));
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
            rng.gen_range(0..=2)
        };
        for _ in 0..wait_for {
            match lines.next() {
                Some(Ok(line)) => read_line(&line, &mut acknowledged, &mut finished),
                _ => break,
            }
            if finished {
                break;
            }
        }
        if !finished {
            std::thread::sleep(Duration::from_micros(rng.gen_range(0..3000)));
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
