//! Load driver: the real `fourbot` binary (release build) against the fake
//! Discord of the tests, playing N concurrent classic matches by button
//! presses, and printing what it measured.
//!
//! ```sh
//! cargo build --release --bin fourbot --example load
//! cargo run --release --example load -- --matches 100 [--think-ms 500]
//! cargo run --release --example load -- --matches 1000 --flags
//! cargo run --release --example load -- --matches 100 --think-range-ms 1000-5000 \
//!     --replays 5 --replay-plies 2000
//! ```
//!
//! - The bot runs on its production HTTP path (default):
//!   `https://discord.com/api/v10` with serenity's rate limiter on, through
//!   the TLS front of `crates/fake-discord/src/tls.rs` to the fake (the bot's
//!   `HTTPS_PROXY` and `FOURBOT_CA_FILE`; docs/reliability.md). `--plain`
//!   runs it on the tests' plain path instead (`DISCORD_API_BASE`, limiter
//!   off), as the figures before issue 18 were measured.
//! - Play mode (default): every match is played to its end by random drops
//!   (Ready between games). Latencies are measured from the gateway event
//!   (the press dispatched by the fake) to the interaction callback (the
//!   acknowledgement) and to the next turn's message arriving at the fake
//!   (the next turn posted); moves per second over the play phase; the
//!   bot's peak memory (`VmHWM`) and CPU time (`utime + stime`) from
//!   `/proc/<pid>/`, and its resident memory per running match (RSS with
//!   every match started, minus RSS before the first, divided by N) and
//!   its peak per match (`VmHWM` after the play minus `VmHWM` before the
//!   first match, divided by N); its threads' context switches per move
//!   over the play, by thread name (`/proc/<pid>/task/*/status`). The
//!   strict fake's counters
//!   (`FakeDiscord::counts`): requests subject to Discord's global limit
//!   (non-exempt) per move, exempt ones and the 429s the fake answered, for
//!   the setup and the play phase, per route.
//! - `--flags`: every match is started with the shortest time control
//!   (`1+0`: a 1-minute bank, no increment); both players make their first
//!   move (not charged, docs/rules.md §4) and then nobody moves: the player to
//!   move flags 60 s later. Measured: when the fake received each match's
//!   end, minus its deadline (from the store: the match's epoch + the time
//!   of ply 2 + the 60 s bank).
//! - `--think-ms X`: each press waits a uniformly random X/2 … 3X/2 ms.
//! - `--think-range-ms A-B`: each press waits a uniformly random A … B ms
//!   (human pace: `1000-5000`).
//! - `--play-secs T`: the play phase stops after T seconds (matches not
//!   over by then are left); figures are of the moves made until then.
//! - `--channels K`: the challenges are spread over K text channels of the
//!   guild (match i in channel i mod K); default one per 10 matches. Every
//!   match's thread is started from its challenge in its channel, and
//!   Discord limits thread starts per channel (the fake: 5 per 5 s), as a
//!   real server with a thousand matches would spread them.
//! - `--spread-ms S`: match i (0-based) waits S·i/N ms more before its
//!   first press, so the play (or, with `--flags`, the deadlines) starts
//!   spread evenly over S ms instead of all at once.
//! - `--repress-after-ms R` (issue 33's 10,000-match run): players press
//!   again as people do. When no callback of a press has been accepted by
//!   the fake R ms after it (Discord shows "This interaction failed" after
//!   3 s), the player presses the same button again — a new interaction
//!   id, as Discord makes one per click — and again every R ms until one
//!   of the turn's presses is acknowledged or the next turn comes (at most
//!   10 presses a turn). Reported: the re-presses, what the bot answered
//!   them (a re-press of a turn already played is a duplicate the bot must
//!   refuse or ignore), turns posted out of order (a press applied twice),
//!   and the **presses lost**: presses with no accepted callback whose
//!   match had no message after their turn when the play phase ended, at
//!   least 10 s after the press (`lost_report`). A line at the end gives
//!   issue 33's goals (presses lost, ack p99, next turn p99, DB commit p99,
//!   429s). With `--think-range-ms 5000-15000 --spread-ms 60000`: players
//!   who think 5–15 s, their start spread over a minute.
//!
//! - `--shards T --processes P` (issue 20): the fake recommends `T` shards
//!   and holds a guild on every shard (the channels spread over them); `P`
//!   bot processes run `fourbot run --shards a-b/T`, an equal share each.
//!   Memory and CPU are summed over the processes.
//! - `--db <url>`: the bot processes' database (`postgres://…` for several
//!   processes; default: one SQLite file per run). Every process serves
//!   `/metrics` on a loopback port; the driver scrapes them at the end and
//!   prints the database commit latency (`fourbot_db_commit_seconds`,
//!   buckets merged over the processes, quantiles interpolated within a
//!   bucket as Prometheus' `histogram_quantile` does).
//!
//! - `--open-moves`: each match plays its first two plies as soon as it
//!   has started (no think time, not measured), then waits for the play
//!   phase: a setup longer than the abort window (3 min; 10,000 matches
//!   need two paced non-exempt calls each, ≥ 444 s at 45/s) aborts no
//!   match. With `--time 60+10` no bank runs out while the others start.
//!
//! - `--replays R --replay-plies P` (issue 32 §3): before the setup, R
//!   finished PopOut matches of P plies each (`render::samples::
//!   long_popout_game`, then resigned) are written into the bot's store;
//!   `--replay-after-ms D` (default 10,000) after the play phase starts, R
//!   members (not players of the running matches) ask `/replay` of them
//!   at one instant. `--replay-same`: one such match, asked R times (the
//!   cache is cold: the R calls miss it together); with `--replay-warm` it
//!   is asked once before the play phase (answered) so that the R calls
//!   find it cached. Measured per replay: its acknowledgement, the time to
//!   its answer (the deferred reply's follow-up) and what the answer was
//!   (GIFs and their bytes, or a refusal's text); and the other matches'
//!   acknowledgements pressed while any replay was unanswered.
//! - `--void-pool N` (issue 33 §4): before the setup, the bot's store gets
//!   N rated, finished classic matches in one pool (the fake's guild,
//!   2,000 players; skipped when the pool already has N, so a filled
//!   database can be copied and used again with `--db`);
//!   `--void-after-ms D` (default 10,000) into the play phase a moderator
//!   sends `/ladder void` of the pool's oldest match not yet void (the
//!   whole pool recomputed). Measured: the void's acknowledgement and
//!   answer (the deferred reply's follow-up), the other matches' acks and
//!   next turns pressed between the call and the answer, and the writer's
//!   longest hold as another writer sees it: a probe on its own connection
//!   that every 10 ms takes the write lock (SQLite: `BEGIN IMMEDIATE;
//!   COMMIT`) or the pool's row (PostgreSQL: `SELECT … FOR UPDATE`, what a
//!   match of the pool that ends waits for) and times the wait.
//!   `--void-fill-only`: fill the pool and stop (then copy the database for
//!   runs that start alike).
//! - The bot binary is `fourbot` next to this example's `examples/`
//!   directory (so `CARGO_TARGET_DIR` is honoured); `FOURBOT_LOAD_BIN`
//!   names another one. The bots log at `warn` (`info` with a void);
//!   `FOURBOT_LOAD_LOG` sets their filter instead (`FOURBOT_LOG`, e.g.
//!   `sqlx::query=debug` for every statement), into `stderr.log` of each
//!   bot's directory (`--keep` keeps them).
//!
//! The driver's own CPU time (the fake and the players) is printed too, to
//! show the fake is not the bottleneck. See `docs/benchmarks.md`.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

// The end-to-end tests' support (crates/fake-discord), of which this run
// uses a part.
use fourbot_fake_discord::fake::*;
use fourbot_fake_discord::harness::*;
use fourbot_fake_discord::tls;

mod support;
use support::*;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::{json, Value};
use sqlx::Connection;
use tokio::sync::mpsc;

#[derive(Clone, Debug)]
struct Args {
    matches: usize,
    think_ms: u64,
    flags: bool,
    spread_ms: u64,
    keep: bool,
    plain: bool,
    /// Think time range in ms (inclusive); `None`: from `think_ms`.
    think_range: Option<(u64, u64)>,
    channels: usize,
    /// Stop the play phase after this many seconds (0: play to the end).
    play_secs: u64,
    /// Shards in all (1: unsharded, the tests' one guild).
    shards: u32,
    /// Bot processes sharing the shards.
    processes: u32,
    /// The bot processes' database URL (`None`: a SQLite file).
    db: Option<String>,
    /// Every match plays its first two plies as soon as it starts, before
    /// the play phase (so no abort window runs out during a long setup).
    open_moves: bool,
    /// The challenges' time control (`/challenge time:`), if not the default.
    time: Option<String>,
    /// `/replay` calls made at one instant during the play phase.
    replays: usize,
    /// Plies of each stored PopOut match they ask for.
    replay_plies: usize,
    /// When they are made, after the play phase starts.
    replay_after_ms: u64,
    /// One stored match asked `replays` times (else one match per call).
    replay_same: bool,
    /// The one match asked once before the play phase (cached by then).
    replay_warm: bool,
    /// Rated matches in the pool `/ladder void` recomputes (0: no void).
    void_pool: usize,
    /// When the void is sent, after the play phase starts.
    void_after_ms: u64,
    /// Fill the pool and stop (a database to copy for several runs).
    void_fill_only: bool,
    /// A player presses again when their press's callback has not reached
    /// the fake this long after it (`None`: never).
    repress_after: Option<Duration>,
}

fn args() -> Args {
    let mut a = Args {
        matches: 100,
        think_ms: 0,
        flags: false,
        spread_ms: 0,
        keep: false,
        plain: false,
        think_range: None,
        channels: 0,
        play_secs: 0,
        shards: 1,
        processes: 1,
        db: None,
        open_moves: false,
        time: None,
        replays: 0,
        replay_plies: 2_000,
        replay_after_ms: 10_000,
        replay_same: false,
        replay_warm: false,
        void_pool: 0,
        void_after_ms: 10_000,
        void_fill_only: false,
        repress_after: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--matches" => a.matches = it.next().and_then(|v| v.parse().ok()).expect("N"),
            "--think-ms" => a.think_ms = it.next().and_then(|v| v.parse().ok()).expect("X"),
            "--flags" => a.flags = true,
            "--spread-ms" => a.spread_ms = it.next().and_then(|v| v.parse().ok()).expect("S"),
            "--keep" => a.keep = true,
            "--plain" => a.plain = true,
            "--think-range-ms" => {
                let v = it.next().expect("A-B");
                let (lo, hi) = v.split_once('-').expect("A-B");
                a.think_range = Some((lo.parse().expect("A"), hi.parse().expect("B")));
            }
            "--play-secs" => a.play_secs = it.next().and_then(|v| v.parse().ok()).expect("T"),
            "--channels" => a.channels = it.next().and_then(|v| v.parse().ok()).expect("K"),
            "--shards" => a.shards = it.next().and_then(|v| v.parse().ok()).expect("T"),
            "--processes" => a.processes = it.next().and_then(|v| v.parse().ok()).expect("P"),
            "--db" => a.db = Some(it.next().expect("URL")),
            "--open-moves" => a.open_moves = true,
            "--time" => a.time = Some(it.next().expect("base+inc")),
            "--replays" => a.replays = it.next().and_then(|v| v.parse().ok()).expect("R"),
            "--replay-plies" => a.replay_plies = it.next().and_then(|v| v.parse().ok()).expect("P"),
            "--replay-after-ms" => {
                a.replay_after_ms = it.next().and_then(|v| v.parse().ok()).expect("D")
            }
            "--replay-same" => a.replay_same = true,
            "--replay-warm" => a.replay_warm = true,
            "--void-fill-only" => a.void_fill_only = true,
            "--void-pool" => a.void_pool = it.next().and_then(|v| v.parse().ok()).expect("N"),
            "--void-after-ms" => {
                a.void_after_ms = it.next().and_then(|v| v.parse().ok()).expect("D")
            }
            "--repress-after-ms" => {
                let ms: u64 = it.next().and_then(|v| v.parse().ok()).expect("R");
                a.repress_after = (ms > 0).then(|| Duration::from_millis(ms));
            }
            other => panic!("unknown argument {other}; see the example's doc"),
        }
    }
    if a.channels == 0 {
        a.channels = a.matches.div_ceil(10).max(1);
    }
    assert!(
        a.shards >= 1 && a.processes >= 1 && a.processes <= a.shards,
        "--processes must be between 1 and --shards"
    );
    a.channels = a.channels.max(a.shards as usize);
    assert!(
        !a.replay_warm || a.replay_same,
        "--replay-warm needs --replay-same"
    );
    a
}

#[derive(Default)]
struct Stats {
    /// Dispatch time of each press by interaction id.
    pressed: HashMap<u64, Instant>,
    ack_ms: Vec<f64>,
    /// Presses whose callback the fake refused (dead interactions): the
    /// time from the press to the refused callback (ms).
    refused: Vec<(Instant, f64)>,
    /// Each measured press's dispatch time and acknowledgement (ms).
    acks: Vec<(Instant, f64)>,
    /// The `/replay` calls by interaction id.
    replays: HashMap<u64, ReplayCall>,
    next_ms: Vec<f64>,
    /// Each next turn's press time and latency (ms).
    nexts: Vec<(Instant, f64)>,
    moves: u64,
    /// Wall clock (ms since 1970) at which each match's end reached the
    /// fake, by thread.
    ended_unix_ms: HashMap<u64, f64>,
    /// REST requests the fake answered, and how many of them with 429.
    requests: u64,
    rate_limited: u64,
    /// The callback status of each measured press whose turn is still
    /// open, by interaction id (forgotten when the turn is over).
    answered: HashMap<u64, u16>,
    /// Turns pressed whose next message has not come yet, by thread.
    open_turns: HashMap<u64, OpenTurn>,
    /// Presses made again because no callback came in time
    /// (`--repress-after-ms`), by interaction id until their callback.
    repressed: HashSet<u64>,
    /// Measured turns pressed (each turn's first press).
    first_presses: u64,
    /// How many presses were made again.
    represses: u64,
    /// Every re-press's interaction id (their private follow-ups are
    /// counted by what they say).
    repress_notes: HashSet<u64>,
    /// One such follow-up's text, for the report.
    repress_note: Option<String>,
    /// What the bot answered the re-presses with: the callback's type (or
    /// the fake's refusal of a dead one), and private follow-ups.
    repress_answers: BTreeMap<String, u64>,
    /// Turns whose move came after a re-press (the first press of the turn
    /// was slow or lost).
    moved_after_repress: u64,
    /// Turns posted out of order: not the ply after the one before (a
    /// press applied twice, or a turn skipped), by thread.
    out_of_order: u64,
}

/// A turn a player pressed whose next message has not come yet.
#[derive(Clone, Debug)]
struct OpenTurn {
    /// The player's first press of the turn.
    first: Instant,
    /// Every press of the turn (the first and its re-presses).
    iids: Vec<u64>,
}

/// One `/replay` call: when it was dispatched, and what came of it.
#[derive(Clone, Debug)]
struct ReplayCall {
    match_id: i64,
    at: Instant,
    /// Its interaction callback (the deferral, or an immediate answer).
    ack: Option<Instant>,
    /// The status the fake answered the callback with (0: none yet).
    ack_status: u16,
    /// Its answer: the deferred reply's follow-up, or an immediate
    /// message (callback type 4).
    answer: Option<Instant>,
    /// The answer's attachments' sizes in bytes.
    files: Vec<u64>,
    /// The answer's text.
    content: String,
}

impl ReplayCall {
    fn new(match_id: i64, at: Instant) -> ReplayCall {
        ReplayCall {
            match_id,
            at,
            ack: None,
            ack_status: 0,
            answer: None,
            files: Vec::new(),
            content: String::new(),
        }
    }
}

fn unix_ms_of(at: Instant, base: (Instant, SystemTime)) -> f64 {
    let wall = if at >= base.0 {
        base.1 + at.duration_since(base.0)
    } else {
        base.1 - base.0.duration_since(at)
    };
    wall.duration_since(UNIX_EPOCH).unwrap().as_secs_f64() * 1000.0
}

/// The driver's allocator: jemalloc, as the bot's (src/main.rs). With
/// glibc's malloc, allocating and freeing were about a third of the
/// driver's and the fake's CPU (a profile of the 1,000-match run: libc 47 %
/// of the samples, `_int_malloc` 18 %, `_int_free` 7 %; docs/benchmarks.md,
/// "The done-when's runs at full size"), and at 10,000 matches the driver
/// shares the bots' two cores.
#[global_allocator]
static ALLOC: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[tokio::main]
async fn main() {
    let args = args();
    // Built together with this example (one cargo invocation, so that the
    // binary and the example share one feature set and one build):
    // `cargo build --release --bin fourbot --example load`.
    // `<target>/release/examples/load` -> `<target>/release/fourbot`.
    let bin = bot_binary("load");
    println!("bot binary: {}", bin.display());
    println!(
        "load: {} matches in {} channels, think {}{}, {}; load average before: {}",
        args.matches,
        args.channels,
        match think_range(&args) {
            (0, 0) => "none".to_string(),
            (lo, hi) => format!("{lo}-{hi} ms"),
        },
        if args.flags { ", flags (1+0)" } else { "" },
        if args.plain {
            "plain path (DISCORD_API_BASE, rate limiter off)"
        } else {
            "production path (TLS front, rate limiter on)"
        },
        uptime()
    );

    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_lean(true);
    let front = if args.plain {
        None
    } else {
        Some(tls::TlsFront::start(&fake).await)
    };
    // The challenges' channels: the fake's own text channel, then new ones;
    // sharded, a guild on every shard and the channels spread over them.
    let channels: Vec<(u64, u64)> = if args.shards == 1 {
        std::iter::once(CHANNEL_ID)
            .chain((1..args.channels).map(|_| fake.add_channel(kind::GUILD_TEXT, None)))
            .map(|c| (GUILD_ID, c))
            .collect()
    } else {
        fake.set_recommended_shards(args.shards);
        let guilds: Vec<(u64, u64)> = (0..args.shards)
            .map(|s| fake.add_guild_on(s, args.shards))
            .collect();
        (0..args.channels)
            .map(|i| {
                let (guild, first) = guilds[i % guilds.len()];
                if i < guilds.len() {
                    (guild, first)
                } else {
                    (guild, fake.add_channel_in(guild, kind::GUILD_TEXT, None))
                }
            })
            .collect()
    };
    let stats = Arc::new(Mutex::new(Stats::default()));
    let routes: Arc<Mutex<HashMap<u64, Inbox>>> = Arc::default();
    let clock_base = (Instant::now(), SystemTime::now());
    {
        let stats = stats.clone();
        let routes = routes.clone();
        fake.observe(Arc::new(move |o: Observed<'_>| {
            {
                let mut s = stats.lock().unwrap();
                s.requests += 1;
                if o.status == 429 {
                    s.rate_limited += 1;
                }
            }
            if o.method != "POST" {
                return;
            }
            let segs: Vec<&str> = o.path.trim_start_matches("/api/v10/").split('/').collect();
            match segs.as_slice() {
                // A callback the fake refused (after Discord's 3 s: the
                // interaction is dead) is no acknowledgement: counted apart.
                ["interactions", iid, _, "callback"] if o.status >= 300 => {
                    let iid: u64 = iid.parse().unwrap_or(0);
                    let mut s = stats.lock().unwrap();
                    if let Some(t0) = s.pressed.remove(&iid) {
                        let ms = o.at.duration_since(t0).as_secs_f64() * 1000.0;
                        s.refused.push((t0, ms));
                        s.answered.insert(iid, o.status);
                    }
                    if s.repressed.remove(&iid) {
                        *s.repress_answers
                            .entry(format!("callback refused by the fake ({})", o.status))
                            .or_default() += 1;
                    }
                    if let Some(r) = s.replays.get_mut(&iid) {
                        r.ack_status = o.status;
                    }
                }
                ["interactions", iid, _, "callback"] => {
                    let iid: u64 = iid.parse().unwrap_or(0);
                    let mut s = stats.lock().unwrap();
                    if let Some(t0) = s.pressed.remove(&iid) {
                        let ms = o.at.duration_since(t0).as_secs_f64() * 1000.0;
                        s.ack_ms.push(ms);
                        s.acks.push((t0, ms));
                        s.answered.insert(iid, o.status);
                    }
                    if s.repressed.remove(&iid) {
                        let kind = match o.json["type"].as_u64() {
                            Some(4) if o.json["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0 => {
                                "a private message (type 4)".to_string()
                            }
                            Some(6) => "deferred update (type 6)".to_string(),
                            Some(7) => "message updated (type 7)".to_string(),
                            t => format!("type {t:?}"),
                        };
                        *s.repress_answers.entry(kind).or_default() += 1;
                    }
                    if let Some(r) = s.replays.get_mut(&iid) {
                        r.ack_status = o.status;
                        r.ack.get_or_insert(o.at);
                        // An immediate message (type 4) is the answer.
                        if o.json["type"].as_u64() == Some(4) && r.answer.is_none() {
                            r.answer = Some(o.at);
                            r.content =
                                o.json["data"]["content"].as_str().unwrap_or("").to_string();
                        }
                    }
                }
                // A turn is a channel message, or a follow-up of a press's
                // token (`POST /webhooks/{app}/{token}`, docs/discord.md):
                // both answer with the message, which names its thread.
                ["channels", _, "messages"] | ["webhooks", _, _] if o.status == 200 => {
                    let Some(reply) = o.reply else { return };
                    // A `/replay`'s answer: the follow-up of its token.
                    if let ["webhooks", _, token] = segs.as_slice() {
                        let iid: u64 = token
                            .strip_prefix("token-")
                            .and_then(|i| i.parse().ok())
                            .unwrap_or(0);
                        let mut s = stats.lock().unwrap();
                        // A re-press's private note (a stale press
                        // refused in words).
                        if s.repress_notes.contains(&iid)
                            && reply["flags"].as_u64().unwrap_or(0) & 64 != 0
                        {
                            *s.repress_answers
                                .entry("then a private follow-up".to_string())
                                .or_default() += 1;
                            s.repress_note.get_or_insert_with(|| {
                                reply["content"].as_str().unwrap_or("").to_string()
                            });
                            return;
                        }
                        if let Some(r) = s.replays.get_mut(&iid).filter(|r| r.answer.is_none()) {
                            r.answer = Some(o.at);
                            r.content = reply["content"].as_str().unwrap_or("").to_string();
                            r.files = reply["attachments"]
                                .as_array()
                                .map(|a| a.iter().filter_map(|f| f["size"].as_u64()).collect())
                                .unwrap_or_default();
                            return;
                        }
                    }
                    let thread: u64 = reply["channel_id"]
                        .as_str()
                        .and_then(|c| c.parse().ok())
                        .unwrap_or(0);
                    if let Some(tx) = routes.lock().unwrap().get(&thread) {
                        let _ = tx.send((o.at, reply.clone()));
                    }
                }
                _ => {}
            }
        }));
    }

    let dir = temp_dir("load");
    // A void's own figures are in the bot's info log (its recompute's
    // phases: snapshot, compute, chunks, switch).
    // FOURBOT_LOAD_LOG: the bots' log filter instead (e.g.
    // `sqlx::query=debug`, every statement: what a move asks of the store).
    let level = match std::env::var("FOURBOT_LOAD_LOG") {
        Ok(filter) => filter,
        Err(_) if args.void_pool > 0 => "info".to_string(),
        Err(_) => "warn".to_string(),
    };
    let mut envs = vec![("FOURBOT_LOG".to_string(), level)];
    envs.extend(front.iter().flat_map(|f| f.bot_envs()));
    let envs: Vec<(&str, &str)> = envs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    // The bot processes: an equal share of the shards each, one metrics
    // port each.
    let db = args.db.clone();
    let mut bots = Vec::new();
    for p in 0..args.processes {
        let pdir = dir.join(format!("p{p}"));
        std::fs::create_dir_all(&pdir).unwrap();
        let port = free_port();
        let first = p * args.shards / args.processes;
        let last = (p + 1) * args.shards / args.processes - 1;
        let shards = format!("{first}-{last}/{}", args.shards);
        let metrics = format!("127.0.0.1:{port}");
        let db_url = db.clone().unwrap_or_else(|| database_url(&dir));
        let mut cmd = vec![
            "run",
            "--metrics",
            metrics.as_str(),
            "--db",
            db_url.as_str(),
        ];
        if args.shards > 1 {
            cmd.extend(["--shards", shards.as_str()]);
        }
        let child = spawn_args(&bin, &fake, &pdir, Some(TOKEN), &cmd, &envs);
        let pid = child.id().expect("pid");
        bots.push(Proc { child, pid, port });
    }
    wait_registrations(&fake, 1).await;
    // Discord lets a bot identify one shard per 5 s (`max_concurrency` 1,
    // which the fake keeps): the last of N shards connects after 5·(N−1) s.
    let sessions = Duration::from_secs(15 + 5 * u64::from(args.shards));
    fake.wait_within("every shard's session", sessions, |f| {
        (f.live_shards().len() == args.shards as usize || args.shards == 1).then_some(())
    })
    .await;
    // The long PopOut matches `/replay` will ask for, in the bot's store.
    let replay_ids = if args.replays > 0 {
        let db_url = db.clone().unwrap_or_else(|| database_url(&dir));
        store_long_matches(&db_url, &args).await
    } else {
        Vec::new()
    };
    let void_target = if args.void_pool > 0 {
        let db_url = db.clone().unwrap_or_else(|| database_url(&dir));
        Some(fill_pool(&db_url, args.void_pool).await)
    } else {
        None
    };
    if args.void_fill_only {
        for mut b in bots {
            let _ = b.child.kill().await;
        }
        return;
    }
    let replay_channel = channels[0];
    if args.replay_warm {
        let iid = ask_replay(
            &fake,
            &stats,
            replay_channel,
            user(2 * args.matches as u64 + args.replays as u64),
            replay_ids[0],
        );
        let done = wait_replays(&stats, &[iid], Duration::from_secs(120)).await;
        print!("replay warm-up (fills the cache): ");
        replay_report(&done);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss_idle = sum_status(&bots, "VmRSS:");
    let hwm_idle = sum_status(&bots, "VmHWM:");
    let counts_idle = fake.counts();

    // Setup: N challenges accepted, 32 at a time.
    let setup_start = Instant::now();
    let time = if args.flags {
        Some("1+0".to_string())
    } else {
        args.time.clone()
    };
    let mut handles = Vec::new();
    let sem = Arc::new(tokio::sync::Semaphore::new(32));
    let (done_tx, mut done_rx) = mpsc::unbounded_channel::<()>();
    // Nobody moves before every match has started: the play phase is
    // measured alone.
    let (go_tx, go_rx) = tokio::sync::watch::channel(false);
    for i in 0..args.matches as u64 {
        let fake = fake.clone();
        let routes = routes.clone();
        let stats = stats.clone();
        let sem = sem.clone();
        let done_tx = done_tx.clone();
        let go = go_rx.clone();
        let a = user(2 * i);
        let b = user(2 * i + 1);
        let think = think_range(&args);
        let (guild, channel) = channels[i as usize % channels.len()];
        let delay = Duration::from_millis(args.spread_ms * i / args.matches as u64);
        let flags = args.flags;
        let time = time.clone();
        let hold_at = if args.open_moves { 2 } else { 0 };
        let repress = args.repress_after;
        handles.push(tokio::spawn(async move {
            let (tx, rx) = mpsc::unbounded_channel();
            {
                let _permit = sem.acquire().await.unwrap();
                let challenge =
                    open_challenge(&fake, a, b, (guild, channel), time.as_deref()).await;
                let thread = id_of(&challenge);
                routes.lock().unwrap().insert(thread, tx);
                let accept = buttons(&challenge)[0].0.clone();
                press(&fake, b, &challenge, &accept);
            }
            drive(
                fake,
                stats,
                rx,
                [a, b],
                think,
                flags,
                i,
                done_tx,
                go,
                delay,
                hold_at,
                repress,
            )
            .await;
        }));
    }
    drop(done_tx);
    // Wait until every match has posted its first turn.
    let mut started = 0;
    while started < args.matches {
        if done_rx.recv().await.is_none() {
            break;
        }
        started += 1;
    }
    let setup = setup_start.elapsed();
    let rss_started = sum_status(&bots, "VmRSS:");
    let hwm_started = sum_status(&bots, "VmHWM:");
    let cpu_bot_0 = sum_cpu(&bots);
    let switches_0 = switches(&bots);
    let cpu_driver_0 = cpu_secs("self");
    let counts_started = fake.counts();
    let dispatched_0 = fake.dispatched();
    let play_start = Instant::now();
    go_tx.send(true).unwrap();
    // The `/replay` calls, all at one instant, by members who play none of
    // the matches.
    let replay_calls = (args.replays > 0).then(|| {
        let fake = fake.clone();
        let stats = stats.clone();
        let ids = replay_ids.clone();
        let (n, after, base) = (args.replays, args.replay_after_ms, 2 * args.matches as u64);
        let ports: Vec<u16> = bots.iter().map(|b| b.port).collect();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(after)).await;
            // The bot's own ack histogram just before the calls.
            let before = ack_buckets(&ports).await;
            let iids = (0..n)
                .map(|k| {
                    let id = ids[k % ids.len()];
                    ask_replay(&fake, &stats, replay_channel, user(base + k as u64), id)
                })
                .collect::<Vec<u64>>();
            // Every replay answered (or given up on after two minutes).
            let done = wait_replays(&stats, &iids, Duration::from_secs(120)).await;
            let after = ack_buckets(&ports).await;
            // Cumulative buckets: after minus before is the window's.
            let window: Vec<(f64, f64)> = after
                .iter()
                .zip(before.iter().chain(std::iter::repeat(&(0.0, 0.0))))
                .map(|(a, b)| (a.0, a.1 - b.1))
                .collect();
            (done, window)
        })
    });
    let void_call = void_target.map(|(target, pool)| {
        let fake = fake.clone();
        let stats = stats.clone();
        let after = args.void_after_ms;
        let db_url = db.clone().unwrap_or_else(|| database_url(&dir));
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(after)).await;
            let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
            let probe = tokio::spawn(writer_probe(db_url, pool, stop.clone()));
            let iid = fake.next_id();
            stats
                .lock()
                .unwrap()
                .replays
                .insert(iid, ReplayCall::new(target, Instant::now()));
            fake.dispatch(
                "INTERACTION_CREATE",
                in_guild(
                    subcommand_json(
                        iid,
                        MONA,
                        replay_channel.1,
                        "ladder",
                        "void",
                        &[("match", 3, json!(target.to_string()))],
                        &[],
                    ),
                    replay_channel.0,
                ),
            );
            let done = wait_replays(&stats, &[iid], Duration::from_secs(900)).await;
            stop.store(true, std::sync::atomic::Ordering::SeqCst);
            let waits = probe.await.unwrap();
            (done, waits)
        })
    });
    let deadline = (args.play_secs > 0).then(|| play_start + Duration::from_secs(args.play_secs));
    let unfinished = support::join_until(handles, deadline).await;
    let play = play_start.elapsed();
    let (replays_done, replay_window_acks) = match replay_calls {
        Some(h) => h.await.unwrap(),
        None => (Vec::new(), Vec::new()),
    };
    let void_done = match void_call {
        Some(h) => Some(h.await.unwrap()),
        None => None,
    };
    if deadline.is_some() {
        println!(
            "play stopped after {} s (--play-secs): {unfinished} of {} matches unfinished",
            args.play_secs, args.matches
        );
    }
    let cpu_bot = sum_cpu(&bots) - cpu_bot_0;
    let switches_1 = switches(&bots);
    let cpu_driver = cpu_secs("self") - cpu_driver_0;
    let hwm = sum_status(&bots, "VmHWM:");
    let rss_end = sum_status(&bots, "VmRSS:");
    // Whatever the bot still sends for the last matches (archives) lands
    // in the play phase's counts.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let counts_end = fake.counts();
    let dispatched_1 = fake.dispatched();

    println!(
        "setup: {} matches started in {:.1} s",
        args.matches,
        setup.as_secs_f64()
    );
    println!(
        "bot memory: RSS idle {} KiB, with {} matches started {} KiB ({:.1} KiB per match; VmHWM by then {} KiB, {:.1} KiB per match), peak (VmHWM) {} KiB, at the end {} KiB",
        rss_idle,
        args.matches,
        rss_started,
        (rss_started as f64 - rss_idle as f64) / args.matches as f64,
        hwm_started,
        (hwm_started as f64 - hwm_idle as f64) / args.matches as f64,
        hwm,
        rss_end
    );
    println!(
        "peak RSS per match: (VmHWM after play {} KiB - VmHWM idle {} KiB) / {} = {:.1} KiB",
        hwm,
        hwm_idle,
        args.matches,
        (hwm as f64 - hwm_idle as f64) / args.matches as f64
    );
    let mut s = std::mem::take(&mut *stats.lock().unwrap());
    println!(
        "play: {} moves in {:.1} s = {:.0} moves/s; CPU bot {:.1} s ({:.0}% of one core), driver+fake {:.1} s ({:.0}%)",
        s.moves,
        play.as_secs_f64(),
        s.moves as f64 / play.as_secs_f64(),
        cpu_bot,
        100.0 * cpu_bot / play.as_secs_f64(),
        cpu_driver,
        100.0 * cpu_driver / play.as_secs_f64()
    );
    // Each switch is a hand-over between threads: a count, not a time, so
    // the machine's speed (which moves by some 10 % from one hour to the
    // next) does not enter it.
    let per_move: Vec<String> = switches_1
        .iter()
        .map(|(name, n)| {
            let before = switches_0.get(name).copied().unwrap_or(0);
            format!(
                "{name} {:.2}",
                n.saturating_sub(before) as f64 / s.moves.max(1) as f64
            )
        })
        .collect();
    println!(
        "thread switches per move (voluntary and not, by thread name, threads alive at the end of play): {}",
        per_move.join(", ")
    );
    // Discord sends the bot its own messages too (a move: the press, the
    // acknowledgement's edit, the next turn), each read by serenity.
    let during: Vec<(&str, u64)> = dispatched_1
        .iter()
        .map(|(name, n)| {
            let before = dispatched_0.get(name).copied().unwrap_or(0);
            (name.as_str(), n - before)
        })
        .filter(|(_, n)| *n > 0)
        .collect();
    let total: u64 = during.iter().map(|(_, n)| n).sum();
    println!(
        "gateway dispatches to the bots over the play: {total} ({:.2} per move): {}",
        total as f64 / s.moves.max(1) as f64,
        during
            .iter()
            .map(|(name, n)| format!("{name} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let late = s.ack_ms.iter().filter(|v| **v > 3000.0).count();
    let ack_p99 = pct(&mut s.ack_ms, 0.99);
    let next_p99 = pct(&mut s.next_ms, 0.99);
    summary("ack (press -> interaction callback)", &mut s.ack_ms);
    println!("acks later than 3 s: {late}");
    if !s.refused.is_empty() {
        let mut refused: Vec<f64> = s.refused.iter().map(|r| r.1).collect();
        summary(
            "presses whose callback the fake refused (dead)",
            &mut refused,
        );
    }
    println!(
        "presses without any callback at the end: {} (a --play-secs cut-off leaves a few in flight)",
        s.pressed.len()
    );
    let lost = lost_report(&s, play_start + play, args.repress_after);
    if !replays_done.is_empty() {
        replay_report(&replays_done);
        // The other matches' presses made while a replay was unanswered.
        let from = replays_done.iter().map(|r| r.at).min().unwrap();
        let to = replays_done
            .iter()
            .map(|r| r.answer.unwrap_or_else(Instant::now))
            .max()
            .unwrap();
        let mut during: Vec<f64> = s
            .acks
            .iter()
            .filter(|(t, _)| *t >= from && *t <= to)
            .map(|(_, ms)| *ms)
            .collect();
        let late = during.iter().filter(|v| **v > 3000.0).count();
        let dead = s
            .refused
            .iter()
            .filter(|(t, _)| *t >= from && *t <= to)
            .count();
        summary(
            &format!(
                "ack of the others' presses while replays ran ({:.1} s window)",
                to.duration_since(from).as_secs_f64()
            ),
            &mut during,
        );
        println!("  of them later than 3 s: {late}; refused (dead) in the window: {dead}");
        println!(
            "  the bot's own acks (/metrics fourbot_ack_seconds) from the calls to the last answer, the calls' included: n={} p50={:.1} ms p99={:.1} ms",
            replay_window_acks.last().map_or(0.0, |b| b.1),
            quantile(&replay_window_acks, 0.5) * 1000.0,
            quantile(&replay_window_acks, 0.99) * 1000.0
        );
    }
    if let Some((done, waits)) = &void_done {
        void_report(&s, done, waits);
        let log = std::fs::read_to_string(dir.join("p0").join("stderr.log")).unwrap_or_default();
        for line in log
            .lines()
            .filter(|l| l.contains("recompute") || l.contains("voided"))
        {
            println!("  bot: {line}");
        }
    }
    summary("next turn (press -> next turn posted)", &mut s.next_ms);
    println!(
        "REST requests answered: {} ({:.2} per move, setup included), of them 429: {}",
        s.requests,
        s.requests as f64 / s.moves.max(1) as f64,
        s.rate_limited
    );
    let moves = s.moves.max(1) as f64;
    for (phase, from, to) in [
        (
            "setup (challenges, accepts, first turns)",
            &counts_idle,
            &counts_started,
        ),
        (
            "play (every move to the last archive)",
            &counts_started,
            &counts_end,
        ),
    ] {
        println!(
            "fake counts, {phase}: non-exempt {} ({:.3} per move), exempt {}, 429s {} (global {}), 401/403/429 {}",
            to.non_exempt - from.non_exempt,
            (to.non_exempt - from.non_exempt) as f64 / moves,
            to.exempt - from.exempt,
            to.limited - from.limited,
            to.limited_global - from.limited_global,
            to.invalid - from.invalid
        );
        let mut routes: Vec<(u64, u64, u64, &String)> = to
            .per_route
            .iter()
            .filter_map(|(t, c)| {
                let b = from.per_route.get(t).cloned().unwrap_or_default();
                let n = c.non_exempt - b.non_exempt;
                let e = c.exempt - b.exempt;
                let l = c.limited - b.limited;
                (n > 0 || e > 0 || l > 0).then_some((n, e, l, t))
            })
            .collect();
        routes.sort_by(|a, b| b.cmp(a));
        for (n, e, l, t) in routes {
            println!("  {t}: non-exempt {n}, exempt {e}, 429s {l}");
        }
    }
    println!(
        "non-exempt requests per move, whole run (setup included): {:.3}; 429s met: {}",
        (counts_end.non_exempt - counts_idle.non_exempt) as f64 / moves,
        counts_end.limited - counts_idle.limited
    );
    if let Some(front) = &front {
        let tunnels = front.tunnels();
        let relayed = tunnels
            .iter()
            .filter(|t| matches!(t, tls::Tunnel::Relayed { .. }))
            .count();
        println!(
            "TLS front: {} connections, {relayed} relayed as discord.com",
            tunnels.len()
        );
    }
    let commit_p99 = histogram_report(&bots, "fourbot_db_commit_seconds", "database commits").await;
    // The bot's own share of the acknowledgement: from the event's
    // dispatch in the bot to the callback's answer (setup included).
    histogram_report(&bots, "fourbot_ack_seconds", "acks inside the bot").await;
    if args.flags {
        flag_report(&dir, &s.ended_unix_ms, clock_base).await;
    }
    println!(
        "issue 33's goals: presses lost {lost} (0), ack p99 {ack_p99:.1} ms (<= 100), next turn p99 {next_p99:.1} ms (<= 250), \
         DB commit p99 {commit_p99:.1} ms (<= 50), 429s met {} (0)",
        counts_end.limited - counts_idle.limited
    );
    println!("load average after: {}", uptime());
    for mut b in bots {
        let _ = b.child.kill().await;
    }
    if !args.keep {
        let _ = std::fs::remove_dir_all(&dir);
    } else {
        println!("kept {}", dir.display());
    }
}

/// The think time range in ms (inclusive): `--think-range-ms`, else
/// `--think-ms X` as X/2 … 3X/2, else none.
fn think_range(a: &Args) -> (u64, u64) {
    a.think_range
        .unwrap_or((a.think_ms / 2, a.think_ms * 3 / 2))
}

/// A measured turn a player has pressed, until its next message comes.
struct Pressing {
    /// The turn's message (pressed again as it was).
    msg: Value,
    /// The button pressed.
    button: String,
    /// The mover.
    who: TestUser,
    /// The turn's presses: the first, then the re-presses.
    iids: Vec<u64>,
    /// When to press again if no callback was accepted by then (`None`:
    /// no more re-presses).
    again: Option<Instant>,
}

/// At most this many presses of one turn (the first and its re-presses):
/// a person gives up pressing a button that does nothing, and a bot that
/// never answers would otherwise be pressed without end.
const PRESSES_PER_TURN: usize = 10;

/// Plays one match from its messages (`rx`): the mover presses a random free
/// column (after the think time), both press Ready between games; in flag
/// mode only plies 1 and 2 are played. Signals `started` at the first turn.
///
/// With `repress` (`--repress-after-ms`), a mover whose press has had no
/// callback that the fake accepted within that time presses the same button
/// again — a new interaction, as Discord makes one per click — and again
/// after as long, until a callback of one of the turn's presses is accepted
/// or the next turn comes (at most [`PRESSES_PER_TURN`] presses). A person
/// sees "This interaction failed" after Discord's 3 s and clicks again.
#[allow(clippy::too_many_arguments)]
async fn drive(
    fake: FakeDiscord,
    stats: Arc<Mutex<Stats>>,
    mut rx: mpsc::UnboundedReceiver<(Instant, Value)>,
    players: [TestUser; 2],
    think: (u64, u64),
    flags: bool,
    seed: u64,
    started: mpsc::UnboundedSender<()>,
    mut go: tokio::sync::watch::Receiver<bool>,
    delay: Duration,
    hold_at: u32,
    repress: Option<Duration>,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pressed_at: Option<Instant> = None;
    let mut plies = 0u32;
    // Until `hold_at` plies are played (no think time, not measured) the
    // match is starting; then it waits for the play phase.
    let mut held = false;
    // The measured turn pressed and not yet followed by a message.
    let mut open: Option<Pressing> = None;
    let mut last_ply: Option<(u32, u32)> = None;
    // The match's thread (known from its first message).
    let mut thread = 0u64;
    loop {
        let again = open.as_ref().and_then(|o| o.again);
        let next = match again {
            Some(at) => match tokio::time::timeout_at(at.into(), rx.recv()).await {
                Ok(next) => next,
                Err(_) => {
                    // No accepted callback for any press of the turn yet:
                    // press again (or stop pressing once one came).
                    let Pressing {
                        msg,
                        button,
                        who,
                        iids,
                        again,
                    } = open.as_mut().unwrap();
                    let mut s = stats.lock().unwrap();
                    let acked = iids
                        .iter()
                        .any(|i| s.answered.get(i).is_some_and(|st| *st < 300));
                    if acked || iids.len() >= PRESSES_PER_TURN {
                        *again = None;
                        continue;
                    }
                    let iid = fake.next_id();
                    let t0 = Instant::now();
                    s.pressed.insert(iid, t0);
                    s.repressed.insert(iid);
                    s.repress_notes.insert(iid);
                    s.represses += 1;
                    iids.push(iid);
                    if let Some(t) = s.open_turns.get_mut(&thread) {
                        t.iids.push(iid);
                    }
                    drop(s);
                    fake.dispatch(
                        "INTERACTION_CREATE",
                        button_press_json(iid, *who, msg, button, "en-US"),
                    );
                    *again = Some(t0 + repress.unwrap());
                    continue;
                }
            },
            None => rx.recv().await,
        };
        let Some((at, msg)) = next else { break };
        let Some(o) = offer(&msg) else { continue };
        thread = msg["channel_id"].as_str().unwrap().parse().unwrap();
        if !held && (plies >= hold_at || !matches!(o, Offer::Turn { .. })) {
            held = true;
            pressed_at = None;
            let _ = started.send(());
            let _ = go.wait_for(|go| *go).await;
            tokio::time::sleep(delay).await;
        }
        if let Some(t0) = pressed_at.take() {
            let mut s = stats.lock().unwrap();
            let ms = at.duration_since(t0).as_secs_f64() * 1000.0;
            s.next_ms.push(ms);
            s.nexts.push((t0, ms));
            s.moves += 1;
            // The turn is over: its presses are no longer followed.
            if let Some(Pressing { iids, .. }) = open.take() {
                if iids.len() > 1 {
                    s.moved_after_repress += 1;
                }
                // (A re-press's private note may come after the next
                // turn: `repress_notes` keeps its id.)
                for i in &iids {
                    s.answered.remove(i);
                }
                s.open_turns.remove(&thread);
            }
        }
        match o {
            Offer::Over => {
                let base = (Instant::now(), SystemTime::now());
                stats
                    .lock()
                    .unwrap()
                    .ended_unix_ms
                    .insert(thread, unix_ms_of(at, base));
                return;
            }
            Offer::Ready(ids) => {
                for (u, id) in players.iter().zip(ids.iter().cycle()) {
                    press(&fake, *u, &msg, id);
                }
            }
            Offer::Turn { mover, drops } => {
                let ply = ply_of(&drops[0]);
                if let (Some((g, p)), Some((lg, lp))) = (ply, last_ply) {
                    if !((g == lg && p == lp + 1) || (g == lg + 1 && p == 1)) {
                        stats.lock().unwrap().out_of_order += 1;
                    }
                }
                last_ply = ply;
                if flags && plies >= 2 {
                    continue; // let the bank run out
                }
                if think.1 > 0 && held {
                    let ms = rng.random_range(think.0..=think.1);
                    tokio::time::sleep(Duration::from_millis(ms)).await;
                }
                let who = players
                    .into_iter()
                    .find(|u| u.id == mover)
                    .unwrap_or(players[0]);
                let id = &drops[rng.random_range(0..drops.len())];
                let iid = fake.next_id();
                let t0 = Instant::now();
                if held {
                    let mut s = stats.lock().unwrap();
                    s.pressed.insert(iid, t0);
                    s.first_presses += 1;
                    s.open_turns.insert(
                        thread,
                        OpenTurn {
                            first: t0,
                            iids: vec![iid],
                        },
                    );
                }
                fake.dispatch(
                    "INTERACTION_CREATE",
                    button_press_json(iid, who, &msg, id, "en-US"),
                );
                if held {
                    open = Some(Pressing {
                        msg,
                        button: id.clone(),
                        who,
                        iids: vec![iid],
                        again: repress.map(|r| t0 + r),
                    });
                }
                pressed_at = held.then_some(t0);
                plies += 1;
            }
        }
    }
}

/// How long before the end of the play phase a press must have been made
/// to count as lost (see [`lost_report`]): longer than Discord's 3 s for a
/// callback and a re-press's wait, so that presses in flight when a
/// `--play-secs` cut-off stops the run are not counted.
const LOST_AFTER: Duration = Duration::from_secs(10);

/// Prints the presses of the play phase and returns how many were lost.
///
/// A press (one interaction: a click) is **lost** when both: no callback
/// for it was accepted by the fake — none came, or one came after
/// Discord's 3 s and the fake refused it with 10062 as Discord does (the
/// player saw "This interaction failed") — and the move it asked for never
/// happened: when the play phase ended, at least [`LOST_AFTER`] after the
/// press, no message of its match had followed the turn it was pressed on.
/// A press of a turn whose move came (through another press of the same
/// turn, a re-press) is not lost: the player got their move. A press that
/// was acknowledged but whose move never came is counted apart
/// ("acknowledged, no move"): not lost to Discord, but a stalled match.
fn lost_report(s: &Stats, end: Instant, repress: Option<Duration>) -> usize {
    let mut lost = 0;
    let mut acked_no_move = 0;
    let mut stalled = 0;
    for turn in s.open_turns.values() {
        if end.saturating_duration_since(turn.first) < LOST_AFTER {
            continue; // in flight when the run stopped
        }
        stalled += 1;
        for i in &turn.iids {
            match s.answered.get(i) {
                Some(status) if *status < 300 => acked_no_move += 1,
                _ => lost += 1,
            }
        }
    }
    println!(
        "presses: {} turns pressed, {} presses made again (--repress-after-ms {}); turns whose move came after a re-press: {}",
        s.first_presses,
        s.represses,
        repress.map_or("off".to_string(), |r| r.as_millis().to_string()),
        s.moved_after_repress
    );
    if !s.repress_answers.is_empty() {
        let answers: Vec<String> = s
            .repress_answers
            .iter()
            .map(|(k, n)| format!("{k}: {n}"))
            .collect();
        println!("  the re-presses were answered: {}", answers.join("; "));
        if let Some(note) = &s.repress_note {
            println!("  a private follow-up to a re-press said: {note:?}");
        }
    }
    println!(
        "presses lost (no accepted callback, and no next message of the match by the end, {} s or more after the press): {lost}; \
         acknowledged presses with no move: {acked_no_move}; turns stalled so: {stalled}; turns posted out of order: {}",
        LOST_AFTER.as_secs(),
        s.out_of_order
    );
    lost
}

/// Flag announcements against their deadlines (from the store).
async fn flag_report(dir: &Path, ended: &HashMap<u64, f64>, _base: (Instant, SystemTime)) {
    let mut db = sqlx::SqliteConnection::connect(&database_url(dir))
        .await
        .unwrap();
    // The thread of each match: the store's match_threads.
    let threads: Vec<(i64, i64)> = sqlx::query_as("SELECT match_id, thread_id FROM match_threads")
        .fetch_all(&mut db)
        .await
        .unwrap();
    let mut late = Vec::new();
    let mut not_flag = 0;
    for (id, thread) in threads {
        let thread = thread as u64;
        let row: Option<(i64, i64, i64, Option<String>)> = sqlx::query_as(
            "SELECT m.epoch_unix_ms, m.base_ms,
                    (SELECT at_ms FROM moves WHERE match_id = m.id AND game = 1 AND ply = 2),
                    m.end_kind
             FROM matches m WHERE m.id = ?",
        )
        .bind(id)
        .fetch_optional(&mut db)
        .await
        .unwrap();
        let Some((epoch, base, ply2, end_kind)) = row else {
            continue;
        };
        if end_kind.as_deref() != Some("forfeit") {
            not_flag += 1;
        }
        let deadline = (epoch + ply2 + base) as f64;
        if let Some(at) = ended.get(&thread) {
            late.push(at - deadline);
        }
    }
    let over = late.iter().filter(|v| **v > 200.0).count();
    summary("flag announced after its deadline", &mut late);
    println!(
        "flags announced later than 200 ms: {over}; matches not ended by a forfeit: {not_flag}"
    );
}

/// A bot process of the run.
struct Proc {
    child: tokio::process::Child,
    pid: u32,
    /// Its `/metrics` port on 127.0.0.1.
    port: u16,
}

/// A `/proc/<pid>/status` field (KiB) summed over the bot processes.
fn sum_status(bots: &[Proc], key: &str) -> u64 {
    bots.iter().map(|b| proc_status(b.pid, key)).sum()
}

/// Context switches (`voluntary_ctxt_switches` and
/// `nonvoluntary_ctxt_switches` of `/proc/<pid>/task/<tid>/status`) of the
/// bot processes' threads, summed by thread name.
fn switches(bots: &[Proc]) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for b in bots {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{}/task", b.pid)) else {
            continue;
        };
        for task in tasks.flatten() {
            let path = task.path();
            let name = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
            let status = std::fs::read_to_string(path.join("status")).unwrap_or_default();
            let n: u64 = status
                .lines()
                .filter(|l| l.contains("_ctxt_switches:"))
                .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
                .sum();
            *out.entry(name.trim().to_string()).or_insert(0) += n;
        }
    }
    out
}

/// CPU seconds summed over the bot processes.
fn sum_cpu(bots: &[Proc]) -> f64 {
    bots.iter().map(|b| cpu_secs(&b.pid.to_string())).sum()
}

/// The cumulative buckets `(le, count)` of histogram `name` in Prometheus
/// text, in the order given.
fn histogram(text: &str, name: &str) -> Vec<(f64, f64)> {
    let prefix = format!("{name}_bucket{{le=\"");
    text.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix(&prefix)?;
            let (le, count) = rest.split_once("\"}")?;
            let le = if le == "+Inf" {
                f64::INFINITY
            } else {
                le.parse().ok()?
            };
            Some((le, count.trim().parse().ok()?))
        })
        .collect()
}

/// Quantile `q` of cumulative buckets, linear within the bucket it falls
/// in (Prometheus' `histogram_quantile`).
fn quantile(buckets: &[(f64, f64)], q: f64) -> f64 {
    let Some(&(_, total)) = buckets.last() else {
        return f64::NAN;
    };
    let rank = q * total;
    let mut below = (0.0, 0.0);
    for &(le, count) in buckets {
        if count >= rank {
            if le.is_infinite() {
                return below.0;
            }
            let width = count - below.1;
            let into = if width > 0.0 {
                (rank - below.1) / width
            } else {
                1.0
            };
            return below.0 + (le - below.0) * into;
        }
        below = (le, count);
    }
    f64::NAN
}

/// The bot processes' `fourbot_ack_seconds` buckets, merged.
async fn ack_buckets(ports: &[u16]) -> Vec<(f64, f64)> {
    let mut merged: Vec<(f64, f64)> = Vec::new();
    for &port in ports {
        let h = histogram(&scrape(port).await, "fourbot_ack_seconds");
        if merged.is_empty() {
            merged = h;
        } else {
            for (m, (_, c)) in merged.iter_mut().zip(h) {
                m.1 += c;
            }
        }
    }
    merged
}

/// A latency histogram of every process (buckets merged), printed as
/// `what` with its count, p50 and p99.
async fn histogram_report(bots: &[Proc], metric: &str, what: &str) -> f64 {
    let mut merged: Vec<(f64, f64)> = Vec::new();
    for b in bots {
        let h = histogram(&scrape(b.port).await, metric);
        if merged.is_empty() {
            merged = h;
        } else {
            for (m, (_, c)) in merged.iter_mut().zip(h) {
                m.1 += c;
            }
        }
    }
    let n = merged.last().map_or(0.0, |b| b.1);
    println!(
        "{what} (every process, /metrics): n={n} p50={:.1} ms p99={:.1} ms",
        quantile(&merged, 0.5) * 1000.0,
        quantile(&merged, 0.99) * 1000.0
    );
    quantile(&merged, 0.99) * 1000.0
}

/// Writes the finished PopOut matches of `--replay-plies` plies that the
/// `/replay` calls ask for into the bot's store (as
/// `tests/e2e/replays.rs` does): one per call, or one with
/// `--replay-same`. The same legal game (a walk without threefold
/// repetition, resigned at the end) in each: the cache is keyed by match,
/// so every match is drawn.
async fn store_long_matches(db_url: &str, args: &Args) -> Vec<i64> {
    use fourbot::store::Db;
    let started = Instant::now();
    let game =
        fourbot::render::samples::long_popout_game(args.replay_plies).expect("a long PopOut game");
    let made = started.elapsed();
    let db = Db::connect(db_url).await.expect("the bot's store");
    let count = if args.replay_same { 1 } else { args.replays };
    let mut ids = Vec::new();
    for k in 0..count {
        let (a, b) = (format!("long-a{k}"), format!("long-b{k}"));
        let id = store_popout(&db, [a.as_str(), b.as_str()], game.moves()).await;
        ids.push(id.0);
    }
    println!(
        "replays: {count} finished PopOut match(es) of {} plies stored ({:?}; game made in {:.2} s, stored in {:.2} s); {} calls{}, {} ms into the play phase; picture permits in the bot: {}",
        game.moves().len(),
        ids,
        made.as_secs_f64(),
        (started.elapsed() - made).as_secs_f64(),
        args.replays,
        match (args.replay_same, args.replay_warm) {
            (false, _) => " (one per match: none cached)",
            (true, false) => " of the one match (cache cold)",
            (true, true) => " of the one match (cached by a call before)",
        },
        args.replay_after_ms,
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .saturating_sub(1)
            .max(1)
    );
    ids
}

/// Dispatches `/replay match:<id>` by `who` in `(guild, channel)`; its
/// interaction id.
fn ask_replay(
    fake: &FakeDiscord,
    stats: &Mutex<Stats>,
    (guild, channel): (u64, u64),
    who: TestUser,
    id: i64,
) -> u64 {
    let iid = fake.next_id();
    let payload = in_guild(
        slash_command_json(
            iid,
            who,
            channel,
            "replay",
            &[("match", 3, json!(id.to_string()))],
            &[],
        ),
        guild,
    );
    stats
        .lock()
        .unwrap()
        .replays
        .insert(iid, ReplayCall::new(id, Instant::now()));
    fake.dispatch("INTERACTION_CREATE", payload);
    iid
}

/// The replay calls `iids` once each is answered, or when `patience` has
/// run out.
async fn wait_replays(stats: &Mutex<Stats>, iids: &[u64], patience: Duration) -> Vec<ReplayCall> {
    let until = Instant::now() + patience;
    loop {
        let calls: Vec<ReplayCall> = {
            let s = stats.lock().unwrap();
            iids.iter()
                .filter_map(|i| s.replays.get(i).cloned())
                .collect()
        };
        if calls.iter().all(|c| c.answer.is_some()) || Instant::now() >= until {
            return calls;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// One line per replay call: its ack, its answer and what it was.
fn replay_report(calls: &[ReplayCall]) {
    let ms = |t: Option<Instant>, t0: Instant| {
        t.map_or("none".to_string(), |t| {
            format!("{:.1} ms", t.duration_since(t0).as_secs_f64() * 1000.0)
        })
    };
    println!("replay calls: {}", calls.len());
    for c in calls {
        let what = match (c.answer, c.files.is_empty()) {
            (None, _) => "NOT ANSWERED".to_string(),
            (Some(_), false) => format!(
                "answered: {} GIF(s), {} bytes",
                c.files.len(),
                c.files.iter().sum::<u64>()
            ),
            (Some(_), true) => "refused".to_string(),
        };
        let refused = if c.ack_status >= 300 {
            format!(" (callback refused: {})", c.ack_status)
        } else {
            String::new()
        };
        println!(
            "  /replay match:{}: ack {}{refused}, answer {}; {what}; text: {:?}",
            c.match_id,
            ms(c.ack, c.at),
            ms(c.answer, c.at),
            c.content
        );
    }
}

/// Writes `n` rated, finished classic matches (two games each, the second
/// resigned) between 2,000 Discord members of the fake's guild into one
/// pool, 32 at a time, unless the pool already holds `n` (a database
/// filled before and copied); returns the pool's oldest match not yet void
/// and the pool's id.
async fn fill_pool(db_url: &str, n: usize) -> (i64, i64) {
    use fourbot::game::{Move, Variant};
    use fourbot::play::{Action, ClockSettings, Match, MatchSetup, Seat, Timestamp};
    use fourbot::store::{Db, Durability, NewMatch, PlayerId};
    let db = Db::connect_with(db_url, Durability::Normal)
        .await
        .expect("the bot's store");
    let counted = |db: Db| async move {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM matches WHERE guild_id = $1 AND variant = 'classic'
             AND rated = 1 AND voided = 0 AND end_kind IN ('completed', 'forfeit')",
        )
        .bind(GUILD_ID as i64)
        .fetch_one(db.pool())
        .await
        .unwrap() as usize
    };
    let have = counted(db.clone()).await;
    let started = Instant::now();
    if have < n {
        let mut players: Vec<PlayerId> = Vec::new();
        for k in 0..2000u64 {
            let u = user(1_000_000 + k);
            players.push(db.discord_player(u.id, u.name).await.unwrap());
        }
        let players = Arc::new(players);
        let epoch = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64
            - 365 * 24 * 3600 * 1000;
        let next = Arc::new(std::sync::atomic::AtomicUsize::new(have));
        let mut tasks = Vec::new();
        for _ in 0..32 {
            let (db, players, next) = (db.clone(), players.clone(), next.clone());
            tasks.push(tokio::spawn(async move {
                let mover = |m: &mut Match, t: &mut u64, action: Action| {
                    let seat = m.to_move().unwrap();
                    m.apply(seat, action, Timestamp(*t)).unwrap();
                    *t += 1000;
                };
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let a = players[i % players.len()];
                    let b = players[(i * 7 + 1 + i / players.len()) % players.len()];
                    let b = if a == b {
                        players[(i + 1) % players.len()]
                    } else {
                        b
                    };
                    let setup = MatchSetup::new(Variant::Classic, ClockSettings::default());
                    let mut m = Match::new(setup, Timestamp::ZERO).unwrap();
                    let new = NewMatch {
                        guild: GUILD_ID,
                        players: vec![a, b],
                        epoch_unix_ms: epoch + i as i64 * 60_000,
                        locale: Some("en-US".into()),
                        ..NewMatch::default()
                    };
                    let id = db.create_match(&new, &m).await.unwrap();
                    let mut t = 1000;
                    let drop = |m: &Match| Action::Move {
                        turn: m.turn().unwrap(),
                        mv: Move::Drop(3),
                    };
                    for _ in 0..2 {
                        let d = drop(&m);
                        mover(&mut m, &mut t, d);
                    }
                    mover(&mut m, &mut t, Action::ResignGame);
                    for s in [Seat::ALL[0], Seat::ALL[1]] {
                        m.apply(s, Action::Ready, Timestamp(t)).unwrap();
                        t += 1000;
                    }
                    for _ in 0..2 {
                        let d = drop(&m);
                        mover(&mut m, &mut t, d);
                    }
                    // Game 2 resigned by one or the other: 2-0 or 1-1.
                    let resign = if i % 3 == 0 {
                        Action::ResignMatch
                    } else {
                        Action::ResignGame
                    };
                    mover(&mut m, &mut t, resign);
                    assert!(m.is_finished());
                    let events: Vec<_> = m.drain_events().collect();
                    db.record_events(id, &m, &events).await.unwrap();
                }
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
    }
    let target: i64 = sqlx::query_scalar(
        "SELECT id FROM matches WHERE guild_id = $1 AND variant = 'classic' AND rated = 1
         AND voided = 0 AND end_kind IN ('completed', 'forfeit')
         ORDER BY finished_unix_ms, id LIMIT 1",
    )
    .bind(GUILD_ID as i64)
    .fetch_one(db.pool())
    .await
    .unwrap();
    let pool: i64 = sqlx::query_scalar("SELECT pool_id FROM rating_changes WHERE match_id = $1")
        .bind(target)
        .fetch_one(db.pool())
        .await
        .unwrap();
    let total = counted(db.clone()).await;
    println!(
        "void: {total} rated matches in pool {pool} ({} written in {:.1} s); /ladder void of match {target}",
        total.saturating_sub(have),
        started.elapsed().as_secs_f64()
    );
    db.close().await;
    (target, pool)
}

/// Every 10 ms until `stop`: takes what a writer of the pool waits for
/// (SQLite: the write lock; PostgreSQL: the pool's row) on a connection of
/// its own and lets it go at once; each wait in ms.
async fn writer_probe(
    db_url: String,
    pool: i64,
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> Vec<f64> {
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&db_url)
        .await
        .expect("probe connection");
    let sqlite = db_url.starts_with("sqlite");
    let setup = if sqlite {
        "PRAGMA busy_timeout = 600000"
    } else {
        "SET lock_timeout = 0"
    };
    sqlx::query(setup).execute(&mut conn).await.unwrap();
    let mut waits = Vec::new();
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let t = Instant::now();
        if sqlite {
            sqlx::query("BEGIN IMMEDIATE")
                .execute(&mut conn)
                .await
                .unwrap();
        } else {
            sqlx::query("BEGIN").execute(&mut conn).await.unwrap();
            sqlx::query("SELECT id FROM rating_pools WHERE id = $1 FOR UPDATE")
                .bind(pool)
                .execute(&mut conn)
                .await
                .unwrap();
        }
        sqlx::query("COMMIT").execute(&mut conn).await.unwrap();
        waits.push(t.elapsed().as_secs_f64() * 1000.0);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    waits
}

/// What the void cost the others: its ack and answer, the others' acks and
/// next turns pressed while it ran, the probe's longest wait.
fn void_report(s: &Stats, done: &[ReplayCall], waits: &[f64]) {
    let Some(v) = done.first() else { return };
    let end = v.answer.unwrap_or_else(Instant::now);
    println!(
        "/ladder void of match {}: acknowledged after {}, answered after {} ({:?})",
        v.match_id,
        v.ack.map_or("never".into(), |a| format!(
            "{:.1} ms",
            a.duration_since(v.at).as_secs_f64() * 1000.0
        )),
        v.answer.map_or("never".into(), |a| format!(
            "{:.2} s",
            a.duration_since(v.at).as_secs_f64()
        )),
        v.content
    );
    let window = |rows: &[(Instant, f64)]| -> Vec<f64> {
        rows.iter()
            .filter(|(t, _)| *t >= v.at && *t <= end)
            .map(|(_, ms)| *ms)
            .collect()
    };
    let mut acks = window(&s.acks);
    let late = acks.iter().filter(|v| **v > 3000.0).count();
    let dead = window(&s.refused).len();
    summary("  the others' acks pressed during the void", &mut acks);
    println!("  of them later than 3 s: {late}; refused (dead): {dead}");
    let mut nexts = window(&s.nexts);
    summary(
        "  the others' next turns pressed during the void",
        &mut nexts,
    );
    let mut w = waits.to_vec();
    let over = w.iter().filter(|v| **v > 100.0).count();
    summary("  writer probe: wait for the lock (every 10 ms)", &mut w);
    println!("  probe waits over 100 ms: {over}");
}
