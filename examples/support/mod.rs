//! What the load drivers of `examples/` share (`load.rs`, `web_load.rs`):
//! the bot binary to run, reading a match's messages as the players do,
//! starting a match through the fake Discord, and the figures read from
//! `/proc` and printed.

use std::path::PathBuf;
use std::time::Instant;

use fourbot_fake_discord::fake::*;
use fourbot_fake_discord::harness::*;
use serde_json::{json, Value};
use tokio::sync::mpsc;

/// Where the messages posted into one match's thread go: (when the fake
/// received them, the message).
pub type Inbox = mpsc::UnboundedSender<(Instant, Value)>;

/// The release `fourbot` binary next to this example's `examples/`
/// directory (built in the same cargo invocation, so that `CARGO_TARGET_DIR`
/// is honoured: `<target>/release/examples/<example>` ->
/// `<target>/release/fourbot`); `FOURBOT_LOAD_BIN` names another one.
pub fn bot_binary(example: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let bin = std::env::var_os("FOURBOT_LOAD_BIN")
        .map(PathBuf::from)
        .or_else(|| {
            let exe = std::env::current_exe().ok()?;
            Some(exe.parent()?.parent()?.join("fourbot"))
        })
        .filter(|b| b.exists())
        .unwrap_or_else(|| root.join("target/release/fourbot"));
    assert!(
        bin.exists(),
        "build the bot first: cargo build --release --bin fourbot --example {example}"
    );
    bin
}

/// What a posted message offers to the players of its match.
#[derive(Clone, Debug, PartialEq)]
pub enum Offer {
    /// A turn: who moves (a user id) and the custom ids of the open
    /// columns' drop buttons.
    Turn { mover: u64, drops: Vec<String> },
    /// Between games: the Ready buttons.
    Ready(Vec<String>),
    /// The match is over (a rematch is offered).
    Over,
}

/// What message `m` offers, if anything.
pub fn offer(m: &Value) -> Option<Offer> {
    let ids = buttons(m);
    if ids.iter().any(|(b, _)| b.ends_with(":rematch")) {
        return Some(Offer::Over);
    }
    let ready: Vec<String> = ids
        .iter()
        .filter(|(b, _)| b.ends_with(":ready"))
        .map(|(b, _)| b.clone())
        .collect();
    if !ready.is_empty() {
        return Some(Offer::Ready(ready));
    }
    let drops: Vec<String> = ids
        .iter()
        .filter(|(b, off)| b.contains(":drop:") && !off)
        .map(|(b, _)| b.clone())
        .collect();
    if drops.is_empty() {
        return None;
    }
    let content = m["content"].as_str().unwrap_or("");
    let mover = content
        .strip_prefix("<@")
        .and_then(|r| r.split('>').next())
        .and_then(|id| id.parse().ok())?;
    Some(Offer::Turn { mover, drops })
}

/// The `(game, ply)` a turn's drop buttons name (`m:<match>:<g>.<p>:drop:<c>`).
pub fn ply_of(drop: &str) -> Option<(u32, u32)> {
    let (g, p) = drop.split(':').nth(2)?.split_once('.')?;
    Some((g.parse().ok()?, p.parse().ok()?))
}

/// `a` challenges `b` in `(guild, channel)` (with time control `time`, if
/// given) and waits for the challenge's message, whose first button
/// accepts it and whose id is the match's thread once accepted.
pub async fn open_challenge(
    fake: &FakeDiscord,
    a: TestUser,
    b: TestUser,
    (guild, channel): (u64, u64),
    time: Option<&str>,
) -> Value {
    let iid = fake.next_id();
    let mut options = vec![("opponent", 6u8, json!(b.id.to_string()))];
    if let Some(t) = time {
        options.push(("time", 3, json!(t)));
    }
    fake.dispatch(
        "INTERACTION_CREATE",
        in_guild(
            slash_command_json(iid, a, channel, "challenge", &options, &[b]),
            guild,
        ),
    );
    // The challenge is deferred (privately) and posted as the command's
    // public follow-up.
    fake.wait_for("the challenge message", |f| posted(f, iid))
        .await
}

/// CPU seconds (user + system) of a process (`self`, or a pid).
pub fn cpu_secs(pid: &str) -> f64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = s.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|v| v.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|v| v.parse().ok()).unwrap_or(0.0);
    ticks / 100.0 // USER_HZ
}

/// The `p` quantile (0 … 1, nearest rank) of `v` (sorts it); NaN if empty.
pub fn pct(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i]
}

/// Prints `name: n=… p50=… p99=… max=…` of latencies `v` in ms.
pub fn summary(name: &str, v: &mut [f64]) {
    println!(
        "{name}: n={} p50={:.1} ms p99={:.1} ms max={:.1} ms",
        v.len(),
        pct(v, 0.50),
        pct(v, 0.99),
        pct(v, 1.0)
    );
}

/// The machine's load averages (1, 5, 15 min).
pub fn uptime() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Waits for the players' tasks `handles`, until `deadline` if there is
/// one (`--play-secs`): the tasks still running then are aborted, and
/// their number returned (the matches left unfinished).
///
/// # Panics
/// When a task panicked.
pub async fn join_until(
    handles: Vec<tokio::task::JoinHandle<()>>,
    deadline: Option<Instant>,
) -> usize {
    let mut unfinished = 0;
    for mut h in handles {
        match deadline {
            None => h.await.unwrap(),
            Some(d) => match tokio::time::timeout_at(d.into(), &mut h).await {
                Ok(r) => r.unwrap(),
                Err(_) => {
                    h.abort();
                    unfinished += 1;
                }
            },
        }
    }
    unfinished
}
