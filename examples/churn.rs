//! Memory after many finished matches (issue 33 §2): the real `fourbot`
//! binary (release build) against the fake Discord of the tests plays
//! matches to their end one after another, C at a time, and its resident
//! memory is compared after a warm-up and after N more.
//!
//! ```sh
//! cargo build --release --bin fourbot --example churn
//! cargo run --release --example churn -- --warm 200 --matches 10000 --at-once 20
//! ```
//!
//! Each match: a challenge in one of K text channels (`--channels`, default
//! C: Discord, and the fake, start at most 5 threads per 5 s per channel),
//! its acceptance, both first moves, and the match resigned by the player
//! to move (a rated end with its rating lines). The bot runs on the tests'
//! plain path with `FOURBOT_CHALLENGE_EXPIRY_SECS=10`: a finished match's
//! rematch window is 10 s, so the host and the routes forget it 20 s after
//! its end (`host::matches::forget_after`; the challenges expire after 10 s
//! too, time enough to accept under load). After the warm-up, and again
//! after the N matches, nothing runs for 25 s and then `VmRSS` is read:
//! the memory that stays with every match ever played shows as the
//! difference. (The allocator keeps what it once took, so the warm-up —
//! not the idle bot — is the fair "before".) Every `--every` matches
//! (default 1,000) it prints the RSS so far; at both readings the
//! database's size and the bot's `fourbot_matches_running`; with `--heap`
//! also SQLite's and glibc malloc's own counts, read through gdb (see
//! `heap`); `--trim` (implies `--heap`) then has the bot call
//! `malloc_trim(0)` and reads the RSS again. `--bin PATH` runs another
//! build of the bot.
//!
//! Players: by default every match has two new ones (so the bot's
//! settings cache of 20,000 players fills up during a long run);
//! `--players P` has the matches share P players, as on a server whose
//! members come back (pair i mod P/2). `--linger-secs L`: after the last
//! reading, wait L s, play 150 more matches and read again — with L ≥ 840
//! the interaction tokens the bot keeps for 14 minutes
//! (`discord::leases`) are gone by then.
//!
//! The fake runs lean (as in `examples/load.rs`): it keeps no request, and
//! the players learn of the bot's posts from its observer, which hands
//! each message posted into a match's thread to that match's inbox; the
//! other waits look one interaction up by its id. Before, every wait
//! scanned all the fake's messages and requests every 20 ms, so past about
//! 1,100–1,500 matches the players' polling starved the fake (same
//! process) and challenges expired before their accept reached the bot.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

// The end-to-end tests' support (crates/fake-discord), of which this run
// uses a part.
use fourbot_fake_discord::fake::*;
use fourbot_fake_discord::harness::*;

use serde_json::Value;
use tokio::sync::mpsc;

struct Args {
    warm: usize,
    matches: usize,
    at_once: usize,
    channels: usize,
    every: usize,
    bin: Option<PathBuf>,
    heap: bool,
    trim: bool,
    players: usize,
    linger: u64,
}

fn args() -> Args {
    let mut a = Args {
        warm: 200,
        matches: 2000,
        at_once: 20,
        channels: 0,
        every: 1000,
        bin: None,
        heap: false,
        trim: false,
        players: 0,
        linger: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        if arg == "--heap" || arg == "--trim" {
            a.heap = true;
            a.trim |= arg == "--trim";
            continue;
        }
        let value = it.next().unwrap_or_else(|| panic!("{arg} needs a value"));
        let number = || value.parse().expect("a number");
        match arg.as_str() {
            "--warm" => a.warm = number(),
            "--matches" => a.matches = number(),
            "--at-once" => a.at_once = number(),
            "--channels" => a.channels = number(),
            "--every" => a.every = number(),
            "--players" => a.players = number(),
            "--linger-secs" => a.linger = value.parse().expect("seconds"),
            "--bin" => a.bin = Some(PathBuf::from(&value)),
            other => panic!("unknown argument {other}; see the example's doc"),
        }
    }
    if a.channels == 0 {
        a.channels = a.at_once.max(1);
    }
    a
}

fn rss_kib(pid: u32) -> u64 {
    proc_status(pid, "VmRSS:")
}

/// The messages the bot posts into each match's thread, as the fake
/// serves them (lean mode: the fake keeps no request, and nobody scans
/// its messages). The observer runs inside the fake's request handler, so
/// it only looks the thread up and hands the message over.
#[derive(Clone, Default)]
struct Inboxes(Arc<Mutex<HashMap<u64, mpsc::UnboundedSender<Value>>>>);

impl Inboxes {
    /// Routes the fake's served requests: a message posted into a channel
    /// (`POST /channels/{id}/messages`) or a follow-up of an interaction's
    /// token (`POST /webhooks/{app}/{token}`) goes to its thread's inbox.
    fn observer(&self) -> Observer {
        let threads = self.0.clone();
        Arc::new(move |o: Observed<'_>| {
            if o.method != "POST" || o.status != 200 {
                return;
            }
            let path = o.path.trim_start_matches("/api/v10/");
            let segs: Vec<&str> = path.split('/').collect();
            if !matches!(
                segs.as_slice(),
                ["channels", _, "messages"] | ["webhooks", _, _]
            ) {
                return;
            }
            let Some(reply) = o.reply else { return };
            let Some(thread) = reply["channel_id"].as_str().and_then(|c| c.parse().ok()) else {
                return;
            };
            if let Some(tx) = threads.lock().unwrap().get(&thread) {
                let _ = tx.send(reply.clone());
            }
        })
    }

    /// The inbox of `thread` from now on (before the press that starts it).
    fn open(&self, thread: u64) -> mpsc::UnboundedReceiver<Value> {
        let (tx, rx) = mpsc::unbounded_channel();
        self.0.lock().unwrap().insert(thread, tx);
        rx
    }

    fn close(&self, thread: u64) {
        self.0.lock().unwrap().remove(&thread);
    }
}

/// The next message of `inbox` that `pick` accepts (others are skipped),
/// within 60 s.
async fn next_with(
    inbox: &mut mpsc::UnboundedReceiver<Value>,
    what: &str,
    mut pick: impl FnMut(&Value) -> bool,
) -> Value {
    let until = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        match tokio::time::timeout_at(until, inbox.recv()).await {
            Ok(Some(m)) if pick(&m) => return m,
            Ok(Some(_)) => {}
            Ok(None) => panic!("{what}: the inbox closed"),
            Err(_) => panic!("{what}: nothing within 60 s"),
        }
    }
}

/// Polls `check` (a lookup by key in the fake, never a scan) every 20 ms
/// for up to 60 s.
async fn poll<T>(
    fake: &FakeDiscord,
    what: &str,
    mut check: impl FnMut(&FakeDiscord) -> Option<T>,
) -> T {
    fake.wait_within(what, Duration::from_secs(60), |f| check(f))
        .await
}

/// Whether `m` carries a button whose custom id passes `test`.
fn has_button(m: &Value, test: impl Fn(&str) -> bool) -> bool {
    buttons(m).iter().any(|(id, _)| test(id))
}

/// Plays match `i` to its end in `channel`: challenge, accept, both first
/// moves, the match resigned by the player to move. Every wait is on the
/// thread's inbox or a lookup of one interaction, so its cost does not
/// grow with the matches played before.
async fn one_match(fake: &FakeDiscord, inboxes: &Inboxes, i: usize, channel: u64, pairs: usize) {
    // Match i's two players: new ones each match, or pair i mod `pairs`.
    let pair = if pairs == 0 { i } else { i % pairs } as u64;
    let a = user(2 * pair);
    let b = user(2 * pair + 1);
    let iid = command_in(
        fake,
        a,
        channel,
        "challenge",
        &[user_opt("opponent", b)],
        &[b],
    );
    let challenge = poll(fake, "the challenge", |f| posted(f, iid)).await;
    let thread = id_of(&challenge);
    let mut inbox = inboxes.open(thread);
    press(fake, b, &challenge, &buttons(&challenge)[0].0);
    let first = next_with(&mut inbox, &format!("match {i}: the first turn"), |m| {
        has_button(m, |id| id.starts_with("m:") && id.contains(":1.1:drop:"))
    })
    .await;
    let match_id = custom_ids(&first)
        .into_iter()
        .find_map(|c| {
            c.strip_prefix("m:")
                .and_then(|r| r.split(':').next())
                .map(String::from)
        })
        .expect("a match button");
    let mover = |m: &Value| {
        *[a, b]
            .iter()
            .find(|u| starts_with_ping(m, **u))
            .unwrap_or_else(|| panic!("match {i}: a turn of one of the players: {m}"))
    };
    let mut turn = first;
    for ply in 1..=2 {
        let drop = format!("m:{match_id}:1.{ply}:drop:d");
        press(fake, mover(&turn), &turn, &drop);
        let key = format!("m:{match_id}:1.{}:drop:", ply + 1);
        turn = next_with(&mut inbox, &format!("match {i}: turn 1.{}", ply + 1), |m| {
            has_button(m, |id| id.starts_with(&key))
        })
        .await;
    }
    let who = mover(&turn);
    let ask = press(fake, who, &turn, &format!("m:{match_id}:resign-match"));
    let question = poll(fake, "the resign question", |f| {
        f.original(ask).filter(is_private)
    })
    .await;
    let yes = buttons(&question)
        .into_iter()
        .find(|(id, _)| id.ends_with(":yes"))
        .unwrap_or_else(|| panic!("match {i}: a Yes button: {question}"))
        .0;
    press(fake, who, &question, &yes);
    next_with(&mut inbox, &format!("match {i}: the end"), |m| {
        has_button(m, |id| id.ends_with(":rematch"))
    })
    .await;
    inboxes.close(thread);
}

/// Plays matches `from..to`, `at_once` at a time, each in one of
/// `channels`; every `every` matches ended it prints the bot's RSS.
async fn play(
    fake: &FakeDiscord,
    inboxes: &Inboxes,
    channels: &[u64],
    (from, to): (usize, usize),
    at_once: usize,
    (pid, every, pairs): (u32, usize, usize),
) {
    let next = Arc::new(AtomicUsize::new(from));
    let done = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..at_once {
        let fake = fake.clone();
        let inboxes = inboxes.clone();
        let next = next.clone();
        let done = done.clone();
        let channels = channels.to_vec();
        tasks.push(tokio::spawn(async move {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= to {
                    return;
                }
                one_match(&fake, &inboxes, i, channels[i % channels.len()], pairs).await;
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if every > 0 && n.is_multiple_of(every) {
                    let secs = started.elapsed().as_secs_f64();
                    println!(
                        "    {n} matches in {secs:.0} s ({:.1}/s); RSS now {:.1} MiB (up to {at_once} matches playing)",
                        n as f64 / secs,
                        rss_kib(pid) as f64 / 1024.0,
                    );
                }
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
}

/// The database file's size with its write-ahead log (KiB).
fn db_kib(dir: &std::path::Path) -> u64 {
    ["fourbot.db", "fourbot.db-wal"]
        .iter()
        .filter_map(|f| std::fs::metadata(dir.join(f)).ok())
        .map(|m| m.len())
        .sum::<u64>()
        / 1024
}

/// What the bot's heap holds, read through gdb (`--heap`): SQLite's own
/// count of the memory it has allocated (`sqlite3_memory_used()`: its page
/// caches, statements and schema), and glibc's totals (`malloc_stats()`,
/// which prints to the bot's stderr): the bytes the allocator took from
/// the system and the bytes in use. gdb stops the bot for about a second;
/// it runs after the RSS reading.
///
/// With `trim` (`--trim`) gdb then calls `malloc_trim(0)`, which hands the
/// allocator's free pages back to the system, and the RSS is read again:
/// what of the RSS is memory in use and what is free memory the allocator
/// kept. (This changes the bot: later readings of the run are after it.)
async fn heap(pid: u32, dir: &std::path::Path, trim: bool) -> String {
    let mut gdb = tokio::process::Command::new("gdb");
    gdb.args(["-p", &pid.to_string(), "-batch", "-nx"])
        .args(["-ex", "print (long long) sqlite3_memory_used()"])
        .args(["-ex", "call (void) malloc_stats()"]);
    if trim {
        gdb.args(["-ex", "call (int) malloc_trim(0)"]);
    }
    let out = gdb.output().await;
    let sqlite = out
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .find_map(|l| l.strip_prefix("$1 = ").map(|v| v.trim().to_string()))
        })
        .and_then(|v| v.parse::<f64>().ok());
    // malloc_stats' last "Total (incl. mmap):" block in the bot's stderr.
    let log = std::fs::read_to_string(dir.join("stderr.log")).unwrap_or_default();
    let total = log.rfind("Total (incl. mmap):").map(|i| &log[i..]);
    let field = |name: &str| {
        total
            .and_then(|t| t.lines().find(|l| l.trim_start().starts_with(name)))
            .and_then(|l| l.split('=').nth(1))
            .and_then(|v| v.trim().parse::<f64>().ok())
    };
    let mib = |v: Option<f64>| v.map_or("?".to_string(), |v| format!("{:.2}", v / 1048576.0));
    let trimmed = if trim {
        format!(
            "; RSS after malloc_trim(0): {:.1} MiB",
            rss_kib(pid) as f64 / 1024.0
        )
    } else {
        String::new()
    };
    format!(
        "heap: SQLite {} MiB, malloc in use {} MiB of {} MiB taken{trimmed}",
        mib(sqlite),
        mib(field("in use bytes")),
        mib(field("system bytes"))
    )
}

/// A gauge or counter of the bot's `/metrics` (0 if absent).
async fn metric(port: u16, name: &str) -> f64 {
    scrape(port)
        .await
        .lines()
        .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
        .unwrap_or(0.0)
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .trim()
        .to_string()
}

#[tokio::main]
async fn main() {
    let args = args();
    let exe = std::env::current_exe().unwrap();
    let bin = args
        .bin
        .clone()
        .unwrap_or_else(|| exe.parent().unwrap().parent().unwrap().join("fourbot"));
    assert!(
        bin.exists(),
        "build the bot first: cargo build --release --bin fourbot --example churn"
    );
    let fake = FakeDiscord::start(Mode::Normal).await;
    let channels: Vec<u64> = std::iter::once(CHANNEL_ID)
        .chain((1..args.channels).map(|_| fake.add_channel(kind::GUILD_TEXT, None)))
        .collect();
    let dir = temp_dir("churn");
    let envs = [
        ("FOURBOT_LOG", "warn"),
        ("FOURBOT_CHALLENGE_EXPIRY_SECS", "10"),
    ];
    let port = free_port();
    let metrics = format!("127.0.0.1:{port}");
    let child = spawn_args(
        &bin,
        &fake,
        &dir,
        Some(TOKEN),
        &["run", "--metrics", metrics.as_str()],
        &envs,
    );
    let pid = child.id().expect("pid");
    wait_registrations(&fake, 1).await;
    // From here on the fake keeps no request (the players see what they
    // need through the observer), so its cost per request stays flat.
    let inboxes = Inboxes::default();
    fake.observe(inboxes.observer());
    fake.set_lean(true);
    println!(
        "churn: {} + {} matches, {} at a time in {} channels; bot pid {pid}, {}; load average {}",
        args.warm,
        args.matches,
        args.at_once,
        channels.len(),
        dir.display(),
        loadavg()
    );
    let idle = rss_kib(pid);
    let settle = Duration::from_secs(25);
    let started = Instant::now();
    play(
        &fake,
        &inboxes,
        &channels,
        (0, args.warm),
        args.at_once,
        (pid, args.every, args.players / 2),
    )
    .await;
    tokio::time::sleep(settle).await;
    let before = rss_kib(pid);
    println!(
        "  idle RSS {:.1} MiB; after the warm-up of {} matches ({:.0} s) and 25 s: {:.1} MiB \
         (database {} KiB, matches running {})",
        idle as f64 / 1024.0,
        args.warm,
        started.elapsed().as_secs_f64(),
        before as f64 / 1024.0,
        db_kib(&dir),
        metric(port, "fourbot_matches_running").await,
    );
    if args.heap {
        println!("  {}", heap(pid, &dir, args.trim).await);
    }
    let started = Instant::now();
    play(
        &fake,
        &inboxes,
        &channels,
        (args.warm, args.warm + args.matches),
        args.at_once,
        (pid, args.every, args.players / 2),
    )
    .await;
    let played = started.elapsed();
    tokio::time::sleep(settle).await;
    let after = rss_kib(pid);
    println!(
        "  after {} more matches ({:.0} s, {:.1} matches/s) and 25 s: {:.1} MiB = {:.3} × the warm-up's \
         ({:+.2} KiB per match; database {} KiB, matches running {}); load average {}",
        args.matches,
        played.as_secs_f64(),
        args.matches as f64 / played.as_secs_f64(),
        after as f64 / 1024.0,
        after as f64 / before.max(1) as f64,
        (after as f64 - before as f64) / args.matches as f64,
        db_kib(&dir),
        metric(port, "fourbot_matches_running").await,
        loadavg()
    );
    if args.heap {
        println!("  {}", heap(pid, &dir, args.trim).await);
    }
    if args.linger > 0 {
        // What the bot keeps for a time, not per match: the interaction
        // tokens of the last 14 minutes (`discord::leases`, pruned every
        // 512 presses). After the wait, a few matches prune them.
        tokio::time::sleep(Duration::from_secs(args.linger)).await;
        let more = 150;
        let from = args.warm + args.matches;
        play(
            &fake,
            &inboxes,
            &channels,
            (from, from + more),
            args.at_once,
            (pid, 0, args.players / 2),
        )
        .await;
        tokio::time::sleep(settle).await;
        let late = rss_kib(pid);
        println!(
            "  {} s later and {more} matches more, 25 s after them: {:.1} MiB = {:.3} × the warm-up's \
             ({:+.2} KiB per match of the {})",
            args.linger,
            late as f64 / 1024.0,
            late as f64 / before.max(1) as f64,
            (late as f64 - before as f64) / args.matches as f64,
            args.matches
        );
        if args.heap {
            println!("  {}", heap(pid, &dir, args.trim).await);
        }
    }
    drop(child);
}
