//! Start-up with a year of history (issue 33): the real `fourbot` binary
//! (release build) against the fake Discord of the tests, on a database
//! that holds R running matches and F finished ones, and what its start
//! costs.
//!
//! ```sh
//! cargo build --release --bin fourbot --example history
//! cargo run --release --example history -- --running 1000 --finished 100000
//! cargo run --release --example history -- --running 1000 --finished 100000 --db postgres://…
//! ```
//!
//! 1. The store is filled directly (`fourbot_store`, the bot is not
//!    running): R running classic matches of Discord users in the fake's
//!    guild, both first moves played, each in a thread the fake knows
//!    (`match_threads`, end not posted); then the bot is started and
//!    stopped (SIGTERM) once, so that the first measured start is not its
//!    first migration.
//! 2. **Start A** (0 finished matches) and, after F finished matches
//!    (two players, two games to a resignation, their threads' ends
//!    posted) are added, **start B**. Each start is measured from the
//!    process's spawn: to every gateway session identified (the fake's
//!    view), to every running match restored with its clock armed (the
//!    bot's `fourbot_matches_running` gauge reaches R), the bot's resident
//!    memory then (`VmRSS`), and the acknowledgement of the first press
//!    after READY (a drop in a restored match, from the gateway event to
//!    the interaction callback at the fake). Each start ends with SIGTERM.
//!
//! The bot runs on the tests' plain path (`DISCORD_API_BASE`); the fake's
//! rate limits are on. Each start waits 5.5 s after the one before:
//! Discord takes one IDENTIFY per 5 s (`--bin PATH` starts another build
//! of the bot, e.g. main's, on the same database). See docs/benchmarks.md, "A year of history".

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

// The end-to-end tests' support (crates/fake-discord), of which this run
// uses a part.
use fourbot_fake_discord::fake::*;
use fourbot_fake_discord::harness::*;

use fourbot::game::Move;
use fourbot::play::{Action, ClockSettings, Match, MatchSetup, Seat, Timestamp};
use fourbot::store::{Db, Durability, MatchThread, NewMatch, PlayerId};

struct Args {
    running: usize,
    finished: usize,
    db: Option<String>,
    /// Another build of the bot to start (e.g. main's, for a before/after
    /// on the same database).
    bin: Option<PathBuf>,
    /// The build of `--bin` predates schema version 8 (issue 33's
    /// "before"): the database is taken back to version 7's schema.
    before_8: bool,
}

fn args() -> Args {
    let mut a = Args {
        running: 1000,
        finished: 100_000,
        db: None,
        bin: None,
        before_8: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--running" => a.running = it.next().and_then(|v| v.parse().ok()).expect("R"),
            "--finished" => a.finished = it.next().and_then(|v| v.parse().ok()).expect("F"),
            "--db" => a.db = Some(it.next().expect("URL")),
            "--bin" => a.bin = Some(it.next().expect("PATH").into()),
            "--before-schema-8" => a.before_8 = true,
            other => panic!("unknown argument {other}; see the example's doc"),
        }
    }
    a
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// The player on each seat of running match `i`.
fn running_pair(i: usize) -> (TestUser, TestUser) {
    (user(2 * i as u64), user(2 * i as u64 + 1))
}

/// Applies `action` for `seat` at `t` ms and returns the new time.
fn act(m: &mut Match, seat: Seat, action: Action, t: u64) -> u64 {
    m.apply(seat, action, Timestamp(t)).expect("a legal action");
    t + 1000
}

/// Both first moves of `m` (d, then d), from time `t`.
fn first_moves(m: &mut Match, mut t: u64) -> u64 {
    for _ in 0..2 {
        let seat = m.to_move().unwrap();
        let turn = m.turn().unwrap();
        t = act(
            m,
            seat,
            Action::Move {
                turn,
                mv: Move::Drop(3),
            },
            t,
        );
    }
    t
}

/// Writes the running matches, each in a new thread of the fake.
async fn fill_running(db: &Db, fake: &FakeDiscord, n: usize) {
    let now = now_ms();
    let mut rows = Vec::new();
    for i in 0..n {
        let (a, b) = running_pair(i);
        let players = vec![
            db.discord_player(a.id, a.name).await.unwrap(),
            db.discord_player(b.id, b.name).await.unwrap(),
        ];
        let setup = MatchSetup::new(fourbot::game::Variant::Classic, ClockSettings::default());
        let mut m = Match::new(setup, Timestamp::ZERO).unwrap();
        let new = NewMatch {
            guild: GUILD_ID,
            players,
            epoch_unix_ms: now,
            locale: Some("en-US".into()),
            ..NewMatch::default()
        };
        let id = db.create_match(&new, &m).await.unwrap();
        first_moves(&mut m, 1000);
        let events: Vec<_> = m.drain_events().collect();
        db.record_events(id, &m, &events).await.unwrap();
        rows.push(MatchThread {
            match_id: id,
            thread: fake.add_channel(kind::PUBLIC_THREAD, Some(CHANNEL_ID)),
            buttons_message: None,
            finished: false,
            archived: false,
        });
    }
    db.save_match_threads(&rows).await.unwrap();
}

/// Writes `n` finished matches between 2,000 players of the guild (two
/// games each to a resignation), 32 at a time; their threads' ends posted.
async fn fill_finished(db: &Db, n: usize) {
    let mut players: Vec<PlayerId> = Vec::new();
    for k in 0..2000u64 {
        let u = user(1_000_000 + k);
        players.push(db.discord_player(u.id, u.name).await.unwrap());
    }
    let players = Arc::new(players);
    let started = Instant::now();
    let epoch = now_ms() - 365 * 24 * 3600 * 1000;
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..32 {
        let db = db.clone();
        let players = players.clone();
        let next = next.clone();
        tasks.push(tokio::spawn(async move {
            let mut rows = Vec::new();
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let a = players[i % players.len()];
                let b = players[(i * 7 + 1) % players.len()];
                let b = if a == b {
                    players[(i + 1) % players.len()]
                } else {
                    b
                };
                let setup =
                    MatchSetup::new(fourbot::game::Variant::Classic, ClockSettings::default());
                let mut m = Match::new(setup, Timestamp::ZERO).unwrap();
                let new = NewMatch {
                    guild: GUILD_ID,
                    players: vec![a, b],
                    epoch_unix_ms: epoch + i as i64 * 60_000,
                    locale: Some("en-US".into()),
                    ..NewMatch::default()
                };
                let id = db.create_match(&new, &m).await.unwrap();
                let mut t = first_moves(&mut m, 1000);
                // Game 1 resigned, both ready, game 2's first moves, the
                // match resigned.
                let seat = m.to_move().unwrap();
                t = act(&mut m, seat, Action::ResignGame, t);
                for s in [Seat::ALL[0], Seat::ALL[1]] {
                    t = act(&mut m, s, Action::Ready, t);
                }
                t = first_moves(&mut m, t);
                let seat = m.to_move().unwrap();
                act(&mut m, seat, Action::ResignMatch, t);
                assert!(m.is_finished());
                let events: Vec<_> = m.drain_events().collect();
                db.record_events(id, &m, &events).await.unwrap();
                rows.push(MatchThread {
                    match_id: id,
                    thread: 700_000_000_000_000_000 + i as u64,
                    buttons_message: None,
                    finished: true,
                    archived: true,
                });
                if rows.len() == 500 {
                    db.save_match_threads(&rows).await.unwrap();
                    rows.clear();
                }
            }
            db.save_match_threads(&rows).await.unwrap();
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    println!(
        "  {n} finished matches written in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// The value of the bot's `fourbot_matches_running` gauge (summed over
/// variants), 0 when it cannot be read.
async fn running_gauge(port: u16) -> f64 {
    scrape(port)
        .await
        .lines()
        .filter(|l| l.starts_with("fourbot_matches_running"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

/// What one start cost.
struct Start {
    connected: Duration,
    restored: Duration,
    rss_kib: u64,
    first_ack: Duration,
}

/// Starts the bot on `url`, measures, stops it with SIGTERM.
async fn one_start(bin: &Path, fake: &FakeDiscord, dir: &Path, url: &str, running: usize) -> Start {
    // Discord allows one IDENTIFY per 5 s per bucket (the fake answers an
    // earlier one with op 9): a start right after the last one's would be
    // measured waiting for that.
    tokio::time::sleep(Duration::from_millis(5_500)).await;
    fake.forget_session();
    let acks: Arc<Mutex<Vec<(u64, Instant)>>> = Arc::default();
    let turns: Arc<Mutex<Vec<serde_json::Value>>> = Arc::default();
    {
        let acks = acks.clone();
        let turns = turns.clone();
        fake.observe(Arc::new(move |o: Observed<'_>| {
            let segs: Vec<&str> = o.path.trim_start_matches("/api/v10/").split('/').collect();
            match segs.as_slice() {
                ["interactions", iid, _, "callback"] => {
                    if let Ok(iid) = iid.parse() {
                        acks.lock().unwrap().push((iid, o.at));
                    }
                }
                ["channels", _, "messages"] if o.method == "POST" && o.status == 200 => {
                    if let Some(reply) = o.reply {
                        if custom_ids(reply).iter().any(|c| c.contains(":drop:")) {
                            turns.lock().unwrap().push(reply.clone());
                        }
                    }
                }
                _ => {}
            }
        }));
    }
    let port = free_port();
    let metrics = format!("127.0.0.1:{port}");
    let cmd = ["run", "--metrics", metrics.as_str(), "--db", url];
    let envs = [("FOURBOT_LOG", "warn")];
    let spawned = Instant::now();
    let child = spawn_args(bin, fake, dir, Some(TOKEN), &cmd, &envs);
    let pid = child.id().expect("pid");
    // Before issue 33 this took minutes: wait as long as it takes.
    while fake.live_shards().is_empty() {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let connected = spawned.elapsed();
    // The first press after READY: a drop in the first restored match
    // whose new turn message has arrived.
    let turn = loop {
        if let Some(t) = turns.lock().unwrap().first().cloned() {
            break t;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    };
    let mover: u64 = turn["content"]
        .as_str()
        .unwrap_or("")
        .strip_prefix("<@")
        .and_then(|r| r.split('>').next())
        .and_then(|id| id.parse().ok())
        .expect("a turn pings its mover");
    let drop_id = custom_ids(&turn)
        .into_iter()
        .find(|c| c.ends_with(":drop:a"))
        .expect("a drop in column a");
    let mover = TestUser {
        id: mover,
        name: "mover",
    };
    let pressed_at = Instant::now();
    let iid = press(fake, mover, &turn, &drop_id);
    let first_ack = loop {
        if let Some((_, at)) = acks.lock().unwrap().iter().find(|(i, _)| *i == iid) {
            break at.duration_since(pressed_at);
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    };
    let restored = loop {
        if running_gauge(port).await as usize >= running {
            break spawned.elapsed();
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    let rss_kib = proc_status(pid, "VmRSS:");
    std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(30), child.wait_with_output()).await;
    Start {
        connected,
        restored,
        rss_kib,
        first_ack,
    }
}

fn show(name: &str, s: &Start) {
    println!(
        "  {name}: gateway session {:.2} s, every running match restored {:.2} s, \
         RSS then {:.1} MiB, first press after READY acknowledged in {:.1} ms",
        s.connected.as_secs_f64(),
        s.restored.as_secs_f64(),
        s.rss_kib as f64 / 1024.0,
        s.first_ack.as_secs_f64() * 1000.0
    );
}

#[tokio::main]
async fn main() {
    let args = args();
    // Built beside this example: <target>/release/examples/history.
    let exe = std::env::current_exe().unwrap();
    let bin: PathBuf = args
        .bin
        .clone()
        .unwrap_or_else(|| exe.parent().unwrap().parent().unwrap().join("fourbot"));
    assert!(
        bin.exists(),
        "build the bot first: cargo build --release --bin fourbot --example history"
    );
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_lean(true);
    let dir = temp_dir("history");
    let url = args.db.clone().unwrap_or_else(|| database_url(&dir));
    println!(
        "history: {} running, {} finished matches on {}; load average {}",
        args.running,
        args.finished,
        fourbot::store::redact_url(&url),
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    let db = Db::connect_with(&url, Durability::Normal).await.unwrap();
    fill_running(&db, &fake, args.running).await;
    if args.before_8 {
        // Schema version 8 adds only an index: without it (and its
        // record) the database is what an older build expects.
        use sqlx::Connection;
        let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
        for sql in [
            "DROP INDEX match_threads_unposted",
            "DELETE FROM _sqlx_migrations WHERE version = 8",
        ] {
            sqlx::query(sql).execute(&mut conn).await.unwrap();
        }
    }
    // A first start and stop: migrations and the bot's own rows.
    let warm = one_start(&bin, &fake, &dir, &url, args.running).await;
    show("warm-up", &warm);
    let a = one_start(&bin, &fake, &dir, &url, args.running).await;
    show("start A (0 finished)", &a);
    fill_finished(&db, args.finished).await;
    db.close().await;
    let b = one_start(&bin, &fake, &dir, &url, args.running).await;
    show(&format!("start B ({} finished)", args.finished), &b);
    println!(
        "  RSS B/A: {:.3}; load average after {}",
        b.rss_kib as f64 / a.rss_kib.max(1) as f64,
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
}
