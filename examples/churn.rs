//! Memory after many finished matches (issue 33 §2): the real `fourbot`
//! binary (release build) against the fake Discord of the tests plays
//! matches to their end one after another, C at a time, and its resident
//! memory is compared after a warm-up and after N more.
//!
//! ```sh
//! cargo build --release --bin fourbot --example churn
//! cargo run --release --example churn -- --warm 200 --matches 2000 --at-once 20
//! ```
//!
//! Each match: a challenge in one of 20 text channels, its acceptance, both
//! first moves, and the match resigned by the player to move (a rated end
//! with its rating lines). The bot runs on the tests' plain path with
//! `FOURBOT_CHALLENGE_EXPIRY_SECS=10`: a finished match's rematch window
//! is 10 s, so the host and the routes forget it 20 s after its end
//! (`host::service::forget_after`; the challenges expire after 10 s too,
//! time enough to accept under load). After the warm-up, and again after
//! the N matches, nothing runs for 25 s and then `VmRSS` is read: the memory
//! that stays with every match ever played shows as the difference. (The
//! allocator keeps what it once took, so the warm-up — not the idle bot —
//! is the fair "before".) `--bin PATH` runs another build of the bot.

// The end-to-end tests' support, of which this run uses a part.
#[allow(dead_code)]
#[path = "../tests/e2e/support/fake/mod.rs"]
mod fake;
#[allow(dead_code)]
#[path = "../tests/e2e/support/harness.rs"]
mod harness;
#[allow(dead_code)]
#[path = "../tests/e2e/support/tls.rs"]
mod tls;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fake::*;
use harness::*;

struct Args {
    warm: usize,
    matches: usize,
    at_once: usize,
    bin: Option<PathBuf>,
}

fn args() -> Args {
    let mut a = Args {
        warm: 200,
        matches: 2000,
        at_once: 20,
        bin: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{arg} needs a value"));
        let number = || value.parse().expect("a number");
        match arg.as_str() {
            "--warm" => a.warm = number(),
            "--matches" => a.matches = number(),
            "--at-once" => a.at_once = number(),
            "--bin" => a.bin = Some(PathBuf::from(&value)),
            other => panic!("unknown argument {other}; see the example's doc"),
        }
    }
    a
}

fn rss_kib(pid: u32) -> u64 {
    proc_status(pid, "VmRSS:")
}

/// Plays match `i` to its end in `channel`: challenge, accept, both first
/// moves, the match resigned.
async fn one_match(fake: &FakeDiscord, i: usize, channel: u64) {
    let a = user(2 * i as u64);
    let b = user(2 * i as u64 + 1);
    let challenge = challenge_in(fake, a, channel, b).await;
    let accept = buttons(&challenge)[0].0.clone();
    let pressed = press(fake, b, &challenge, &accept);
    let thread = id_of(&challenge);
    let asked = Instant::now();
    let first = loop {
        if let Some(m) = fake
            .messages_in(thread)
            .into_iter()
            .find(|m| !buttons(m).is_empty())
        {
            break m;
        }
        if asked.elapsed() > Duration::from_secs(60) {
            panic!(
                "match {i}: no first turn in thread {thread} after 60 s; the thread {}; the accept's update {:?}; \
                 the challenge now {:?}",
                if fake.channel(thread).is_some() { "exists" } else { "does not exist" },
                update_of(fake, pressed),
                fake.message(thread),
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let match_id = custom_ids(&first)
        .into_iter()
        .find_map(|c| {
            c.strip_prefix("m:")
                .and_then(|r| r.split(':').next())
                .map(String::from)
        })
        .expect("a match button");
    let t = Table {
        fake: fake.clone(),
        thread,
        match_id,
        players: vec![a, b],
    };
    let m = t.turn(1, 1).await;
    t.drop(t.mover(&m), 1, 1, 'd').await;
    let m = t.turn(1, 2).await;
    t.drop(t.mover(&m), 1, 2, 'd').await;
    let m = t.turn(1, 3).await;
    t.resign_match(&m).await;
    t.message_with(":rematch").await;
}

/// Plays matches `from..to`, `at_once` at a time, each in one of
/// `channels`.
async fn play(fake: &FakeDiscord, channels: &[u64], from: usize, to: usize, at_once: usize) {
    let next = Arc::new(AtomicUsize::new(from));
    let mut tasks = Vec::new();
    for _ in 0..at_once {
        let fake = fake.clone();
        let next = next.clone();
        let channels = channels.to_vec();
        tasks.push(tokio::spawn(async move {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= to {
                    return;
                }
                one_match(&fake, i, channels[i % channels.len()]).await;
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
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
        .chain((1..20).map(|_| fake.add_channel(kind::GUILD_TEXT, None)))
        .collect();
    let dir = temp_dir("churn");
    let envs = [
        ("FOURBOT_LOG", "warn"),
        ("FOURBOT_CHALLENGE_EXPIRY_SECS", "10"),
    ];
    let child = spawn_args(&bin, &fake, &dir, Some(TOKEN), &["run"], &envs);
    let pid = child.id().expect("pid");
    wait_registrations(&fake, 1).await;
    println!(
        "churn: {} + {} matches, {} at a time; load average {}",
        args.warm,
        args.matches,
        args.at_once,
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    let idle = rss_kib(pid);
    let settle = Duration::from_secs(25);
    let started = Instant::now();
    play(&fake, &channels, 0, args.warm, args.at_once).await;
    tokio::time::sleep(settle).await;
    let before = rss_kib(pid);
    println!(
        "  idle RSS {:.1} MiB; after the warm-up of {} matches ({:.0} s) and 25 s: {:.1} MiB",
        idle as f64 / 1024.0,
        args.warm,
        started.elapsed().as_secs_f64(),
        before as f64 / 1024.0
    );
    let started = Instant::now();
    play(
        &fake,
        &channels,
        args.warm,
        args.warm + args.matches,
        args.at_once,
    )
    .await;
    let played = started.elapsed();
    tokio::time::sleep(settle).await;
    let after = rss_kib(pid);
    println!(
        "  after {} more matches ({:.0} s, {:.1} matches/s) and 25 s: {:.1} MiB = {:.3} × the warm-up's \
         ({:+.2} KiB per match); load average {}",
        args.matches,
        played.as_secs_f64(),
        args.matches as f64 / played.as_secs_f64(),
        after as f64 / 1024.0,
        after as f64 / before.max(1) as f64,
        (after as f64 - before as f64) / args.matches as f64,
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    drop(child);
}
