//! The gateway relay: serenity's shards connect to it on loopback, and it
//! connects each of them on to Discord's gateway and passes every frame
//! both ways unchanged. serenity 0.12.5 connects every session, new or
//! resumed, to the client's `ws_url` (`gateway/shard.rs`, `initialize`),
//! which the bot points here, so every connection the bot makes to the
//! gateway passes through this one place, and the relay is where the bot
//! keeps Discord's rules for connecting:
//!
//! - **Backoff.** serenity reconnects at once, for ever, whenever a
//!   connection fails (a refused upgrade, a refused TCP connection, a
//!   close): during an outage that is thousands of attempts a second, and
//!   Cloudflare blocks a client that hammers it. Here one attempt at a
//!   time reaches Discord; after a failure the next waits [`backoff`]
//!   (1 s doubling to [`BACKOFF_CAP`], with jitter), while serenity's
//!   connection is held open without a frame (it gives up after 15 s
//!   without HELLO and connects again, and waits at the gate again).
//!   A connection that fails before READY or RESUMED counts as a failure
//!   too (a close with a resumable code at once, a dead gateway); the
//!   first READY or RESUMED ends the outage and resets the backoff
//!   (discord-api-docs `topics/gateway`, "Connecting", "Resuming";
//!   `topics/rate-limits`).
//! - **Session starts.** An IDENTIFY goes on only when its rate-limit
//!   bucket (`shard_id % max_concurrency`) has had none for
//!   [`IDENTIFY_WINDOW`] (`topics/gateway`, "Session Start Limit",
//!   "Sharding for Large Bots"), and no connection is made while the day's
//!   `session_start_limit.remaining` is at [`SESSION_START_RESERVE`] or
//!   below: it waits for `reset_after` and says so once (a bot that uses
//!   every start is locked out and its token reset).
//! - **Health.** A shard is up from its session's READY or RESUMED to the
//!   end of that connection; [`Watch`] tells `/healthz` which shards are
//!   down and for how long, and the metrics count the seconds each spent
//!   down ([`super::ops::GATEWAY_DISCONNECTED_SECONDS`]).
//! - **Fatal closes.** The closes serenity 0.12.5 cannot act on
//!   ([`closes::MISHANDLED`]: 4010, 4011, 4012; see [`super::closes`]) are
//!   reported to the bot ([`FatalClose`]) and serenity gets a normal close
//!   (1000) instead; the relay then holds every new connection (answers
//!   nothing but a close) until the bot has stopped the shards and lets it
//!   through again ([`Relay::open`]).
//!
//! - **What serenity need not read.** Message dispatches the bot acts on
//!   none of (its own messages and the edits of its acknowledgements, one
//!   each a move; every other edit and deletion; a member's message
//!   outside the match threads) are replaced by a small stand-in with the
//!   same sequence number ([`skipped`]): serenity parses every frame whole
//!   before the bot sees it.
//!
//! Other frames are relayed as they are, compressed ones included. Only
//! what the rules above need is read: serenity's IDENTIFY and RESUME
//! (text), Discord's frames until the session's READY or RESUMED, and of
//! every frame of Discord's whether its text names a `MESSAGE_*` dispatch,
//! which is then read as far as [`skipped`] needs (zlib-compressed
//! payloads are inflated for both; `topics/gateway`, "Payload
//! Compression").

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Read;
use std::num::NonZeroU64;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::Mutex;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serenity::all::SessionStartLimit;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, Notify};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use super::closes::{self, FatalClose};
use super::ops::{
    GATEWAY_ATTEMPTS, GATEWAY_DISCONNECTED_SECONDS, GATEWAY_SHARDS_UP, GATEWAY_SKIPPED,
};

/// The first pause after a failed attempt; it doubles with each failure.
pub const BACKOFF_FIRST: Duration = Duration::from_secs(1);
/// The longest pause between attempts: the bot is back within this (and a
/// handshake) of Discord's return.
pub const BACKOFF_CAP: Duration = Duration::from_secs(10);
/// How long a connection attempt (TCP, TLS and the upgrade) may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The window of Discord's identify rate limit: `max_concurrency`
/// IDENTIFYs per 5 s, one per bucket (`topics/gateway`, "Session Start
/// Limit"), with a margin for the way there.
pub const IDENTIFY_WINDOW: Duration = Duration::from_millis(5_250);
/// Session starts kept unused: at this many `remaining` or fewer the relay
/// waits for Discord's `reset_after` instead (Discord resets the token of
/// a bot that uses them all; other processes of the bot share them).
pub const SESSION_START_RESERVE: u64 = 5;
/// How long a session must have lasted to reset the backoff: a gateway
/// that closes every session right after READY or RESUMED is an outage too.
pub const STABLE_SESSION: Duration = Duration::from_secs(30);
/// How often a continuing outage is logged again.
const OUTAGE_REPORT_EVERY: Duration = Duration::from_secs(60);
/// Frames serenity sends while its connection waits at the gate (a RESUME,
/// heartbeats) that are kept for Discord; more are dropped.
const HELD_FRAMES: usize = 16;

/// The pause before the next attempt after `failures` failures in a row
/// (1 or more): [`BACKOFF_FIRST`] doubling to [`BACKOFF_CAP`], times a
/// factor in [0.5, 1) from `jitter` in [0, 1) ("equal jitter": attempts
/// of many bots spread out, yet none waits less than half its step).
pub fn backoff(failures: u32, jitter: f64) -> Duration {
    let step = BACKOFF_FIRST
        .saturating_mul(1 << failures.saturating_sub(1).min(16))
        .min(BACKOFF_CAP);
    step.mul_f64(0.5 + 0.5 * jitter.clamp(0.0, 1.0))
}

/// A number in [0, 1) that differs between calls and processes (std's
/// randomly keyed hasher over a counter; no cryptographic use).
fn jitter() -> f64 {
    use std::hash::{BuildHasher, Hasher};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    (h.finish() >> 11) as f64 / (1u64 << 53) as f64
}

/// The backoff's state: failures in a row and the outage they make.
#[derive(Debug)]
struct Gate {
    /// Failed attempts (or sessions that ended before READY/RESUMED) since
    /// the last session that reached READY or RESUMED.
    failures: u32,
    /// No attempt before this.
    next: Instant,
    /// The outage under way, if any.
    outage: Option<Outage>,
    /// When the last session started (READY or RESUMED) with no failure
    /// since: once it is [`STABLE_SESSION`] old the failures are forgiven.
    healthy_since: Option<Instant>,
}

#[derive(Debug)]
struct Outage {
    since: Instant,
    attempts: u32,
    reported: Instant,
}

impl Gate {
    /// An attempt or a session failed (`why`): the next waits longer. The
    /// first failure of an outage is logged, then one line a minute.
    fn failed(&mut self, why: &str) {
        let now = Instant::now();
        if self
            .healthy_since
            .take()
            .is_some_and(|t| now.duration_since(t) >= STABLE_SESSION)
        {
            self.failures = 0;
        }
        self.failures += 1;
        let pause = backoff(self.failures, jitter());
        self.next = now + pause;
        match &mut self.outage {
            None => {
                tracing::warn!(
                    error = why,
                    "Discord's gateway cannot be reached; reconnecting with a pause of {} s \
                     doubling to {} s",
                    BACKOFF_FIRST.as_secs(),
                    BACKOFF_CAP.as_secs()
                );
                self.outage = Some(Outage {
                    since: now,
                    attempts: 1,
                    reported: now,
                });
            }
            Some(o) => {
                o.attempts += 1;
                if now.duration_since(o.reported) >= OUTAGE_REPORT_EVERY {
                    o.reported = now;
                    tracing::warn!(
                        error = why,
                        attempts = o.attempts,
                        "Discord's gateway is still unreachable after {} s",
                        now.duration_since(o.since).as_secs()
                    );
                }
            }
        }
    }

    /// A session reached READY or RESUMED: the outage, if any, is over,
    /// and other connections may go at once; the failures are forgiven
    /// once it has lasted [`STABLE_SESSION`].
    fn reached(&mut self) {
        self.healthy_since = Some(Instant::now());
        self.next = Instant::now();
        if let Some(o) = self.outage.take() {
            tracing::info!(
                attempts = o.attempts,
                "Discord's gateway is back after {} s",
                o.since.elapsed().as_secs()
            );
        }
    }
}

/// The day's session starts (`GET /gateway/bot`'s `session_start_limit`)
/// and the identify buckets.
#[derive(Debug)]
struct Starts {
    remaining: u64,
    total: u64,
    resets_at: Instant,
    max_concurrency: u64,
    /// When each identify bucket may next identify.
    buckets: HashMap<u64, Instant>,
    /// Whether the wait for the reset was logged.
    told: bool,
}

impl Starts {
    fn new(limit: Option<&SessionStartLimit>) -> Starts {
        let now = Instant::now();
        let (remaining, total, reset_after, max_concurrency) = match limit {
            Some(l) => (l.remaining, l.total, l.reset_after, l.max_concurrency),
            // Discord's defaults for a bot in fewer than 150,000 guilds.
            None => (1000, 1000, 86_400_000, 1),
        };
        Starts {
            remaining,
            total,
            resets_at: now + Duration::from_millis(reset_after),
            max_concurrency: max_concurrency.max(1),
            buckets: HashMap::new(),
            told: false,
        }
    }

    /// Until when new connections wait for the day's reset (`None`: they
    /// need not). Past the reset the count starts again.
    fn wait_for_reset(&mut self) -> Option<Instant> {
        let now = Instant::now();
        if now >= self.resets_at {
            if self.remaining < self.total {
                tracing::info!(
                    total = self.total,
                    "Discord's session start limit was reset"
                );
            }
            self.remaining = self.total;
            self.resets_at = now + Duration::from_secs(86_400);
            self.told = false;
        }
        if self.remaining > SESSION_START_RESERVE {
            return None;
        }
        if !self.told {
            self.told = true;
            tracing::warn!(
                remaining = self.remaining,
                total = self.total,
                "only {} of the day's gateway session starts are left: waiting {} s for \
                 Discord's reset before connecting",
                self.remaining,
                self.resets_at.duration_since(now).as_secs()
            );
        }
        Some(self.resets_at)
    }

    /// When an IDENTIFY of `shard` may go (and books that moment, so that
    /// the next of its bucket goes [`IDENTIFY_WINDOW`] later).
    fn identify_at(&mut self, shard: u32) -> Instant {
        let now = Instant::now();
        let slot = self.buckets.entry(shard as u64 % self.max_concurrency);
        let at = match slot {
            std::collections::hash_map::Entry::Occupied(ref e) => (*e.get()).max(now),
            std::collections::hash_map::Entry::Vacant(_) => now,
        };
        *slot.or_insert(now) = at + IDENTIFY_WINDOW;
        self.remaining = self.remaining.saturating_sub(1);
        at
    }
}

/// One shard's state as the relay sees it.
#[derive(Debug)]
struct ShardState {
    /// The connection whose session is live, if one is.
    live: Option<u64>,
    /// Since when the shard has had no session (when none is live).
    down_since: Instant,
}

/// The relay's state, shared with its connections.
struct Shared {
    /// Discord's gateway URL (`wss://gateway.discord.gg`), as serenity
    /// got it.
    upstream: Mutex<String>,
    /// Whether new connections are held (after a fatal close).
    held: AtomicBool,
    /// Where fatal closes are reported.
    fatal: mpsc::UnboundedSender<FatalClose>,
    /// One attempt at a time goes to Discord.
    turn: tokio::sync::Mutex<()>,
    gate: Mutex<Gate>,
    /// Woken when a session reaches READY or RESUMED (a wait at the gate
    /// ends early).
    reached: Notify,
    starts: Mutex<Starts>,
    /// Shards by id.
    shards: Mutex<HashMap<u32, ShardState>>,
    /// The shard of each session id seen in a READY (for RESUMEs).
    sessions: Mutex<HashMap<String, u32>>,
    /// When the relay started (shards never seen are down since).
    started: Instant,
    next_connection: AtomicU64,
    /// The channels whose members' messages serenity gets ([`skipped`]).
    wanted: Wanted,
}

impl Shared {
    /// The session of connection `conn` on `shard` reached READY or
    /// RESUMED.
    fn up(&self, shard: u32, conn: u64) {
        let now = Instant::now();
        {
            let mut shards = self.shards.lock();
            let state = shards.entry(shard).or_insert(ShardState {
                live: None,
                down_since: self.started,
            });
            if state.live.is_none() {
                metrics::counter!(GATEWAY_DISCONNECTED_SECONDS, "shard" => shard.to_string())
                    .increment(now.duration_since(state.down_since).as_secs());
            }
            state.live = Some(conn);
            let up = shards.values().filter(|s| s.live.is_some()).count();
            metrics::gauge!(GATEWAY_SHARDS_UP).set(up as f64);
        }
        self.gate.lock().reached();
        self.reached.notify_waiters();
    }

    /// Connection `conn` ended; its session on `shard` (if it had one) is
    /// down, unless a newer connection took the shard over.
    fn down(&self, shard: u32, conn: u64) {
        let mut shards = self.shards.lock();
        if let Some(state) = shards.get_mut(&shard) {
            if state.live == Some(conn) {
                state.live = None;
                state.down_since = Instant::now();
            }
        }
        let up = shards.values().filter(|s| s.live.is_some()).count();
        metrics::gauge!(GATEWAY_SHARDS_UP).set(up as f64);
    }
}

/// A running relay.
pub struct Relay {
    url: String,
    shared: Arc<Shared>,
}

/// What `/healthz` reads of the relay: which shards have a session.
#[derive(Clone)]
pub struct Watch {
    shared: Arc<Shared>,
}

impl Watch {
    /// The shards of `first..=last` without a live session, with how long
    /// each has been without one, in shard order.
    pub fn down(&self, first: u32, last: u32) -> Vec<(u32, Duration)> {
        let now = Instant::now();
        let shards = self.shared.shards.lock();
        (first..=last)
            .filter_map(|id| match shards.get(&id) {
                Some(s) if s.live.is_some() => None,
                Some(s) => Some((id, now.duration_since(s.down_since))),
                None => Some((id, now.duration_since(self.shared.started))),
            })
            .collect()
    }
}

impl Relay {
    /// Listens on a free loopback port; fatal closes go to `fatal`;
    /// `limit` is `GET /gateway/bot`'s `session_start_limit` (Discord's
    /// defaults when it could not be read); members' messages in channels
    /// not `wanted` are left out ([`skipped`]).
    ///
    /// # Errors
    /// No loopback port can be bound.
    pub async fn start(
        fatal: mpsc::UnboundedSender<FatalClose>,
        limit: Option<&SessionStartLimit>,
        wanted: Wanted,
    ) -> std::io::Result<Relay> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let url = format!("ws://{}", listener.local_addr()?);
        let shared = Arc::new(Shared {
            upstream: Mutex::default(),
            held: AtomicBool::new(false),
            fatal,
            turn: tokio::sync::Mutex::new(()),
            gate: Mutex::new(Gate {
                failures: 0,
                next: Instant::now(),
                outage: None,
                healthy_since: None,
            }),
            reached: Notify::new(),
            starts: Mutex::new(Starts::new(limit)),
            shards: Mutex::default(),
            sessions: Mutex::default(),
            started: Instant::now(),
            next_connection: AtomicU64::new(1),
            wanted,
        });
        let serving = shared.clone();
        tokio::spawn(async move {
            loop {
                match listener.accept().await {
                    Ok((stream, _)) => {
                        tokio::spawn(connection(stream, serving.clone()));
                    }
                    // Out of descriptors, say: pause rather than spin.
                    Err(e) => {
                        tracing::warn!(error = %e, "the gateway relay cannot accept a connection");
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                }
            }
        });
        Ok(Relay { url, shared })
    }

    /// `ws://127.0.0.1:PORT`: the `ws_url` to give serenity.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Relays new connections to `upstream` (Discord's gateway URL) and
    /// lets them through (again).
    pub fn open(&self, upstream: String) {
        *self.shared.upstream.lock() = upstream;
        self.shared.held.store(false, Ordering::SeqCst);
    }

    /// The shards' health, for `/healthz`.
    pub fn watch(&self) -> Watch {
        Watch {
            shared: self.shared.clone(),
        }
    }
}

/// serenity's websocket settings for Discord's large READY payloads: no
/// size limits (serenity 0.12.5's `WsClient::connect` does the same).
fn config() -> WebSocketConfig {
    WebSocketConfig {
        max_message_size: None,
        max_frame_size: None,
        ..WebSocketConfig::default()
    }
}

/// What a frame serenity sends says about its session.
#[derive(Debug, PartialEq, Eq)]
enum FromBot {
    /// An IDENTIFY (op 2) of this shard (`d.shard[0]`, 0 without one).
    Identify(u32),
    /// A RESUME (op 6) of this session id.
    Resume(String),
    Other,
}

fn from_bot(message: &Message) -> FromBot {
    let Message::Text(text) = message else {
        return FromBot::Other;
    };
    // Heartbeats (most frames) are not parsed.
    if !text.contains("\"op\":2") && !text.contains("\"op\":6") {
        return FromBot::Other;
    }
    let Ok(v) = serde_json::from_str::<serde_json::Value>(text) else {
        return FromBot::Other;
    };
    match v["op"].as_u64() {
        Some(2) => FromBot::Identify(v["d"]["shard"][0].as_u64().unwrap_or(0) as u32),
        Some(6) => match v["d"]["session_id"].as_str() {
            Some(id) => FromBot::Resume(id.to_string()),
            None => FromBot::Other,
        },
        _ => FromBot::Other,
    }
}

/// What a frame from Discord says about the session, while it is not yet
/// live.
#[derive(Debug, PartialEq, Eq)]
enum FromDiscord {
    /// READY, with its session id.
    Ready(String),
    Resumed,
    Other,
}

/// The JSON of Discord's frame `message`: a text frame's, or a binary
/// frame's inflated (a zlib-compressed payload: serenity identifies with
/// `compress`); `None` for other frames and for bytes that do not inflate.
fn text_of(message: &Message) -> Option<Cow<'_, str>> {
    match message {
        Message::Text(text) => Some(Cow::Borrowed(text.as_str())),
        Message::Binary(bytes) => {
            let mut inflated = String::new();
            flate2::read::ZlibDecoder::new(&bytes[..])
                .read_to_string(&mut inflated)
                .ok()?;
            Some(Cow::Owned(inflated))
        }
        _ => None,
    }
}

fn from_discord(message: &Message) -> FromDiscord {
    let Some(text) = text_of(message) else {
        return FromDiscord::Other;
    };
    // Only dispatches named READY or RESUMED are parsed whole.
    if !text.contains("\"READY\"") && !text.contains("\"RESUMED\"") {
        return FromDiscord::Other;
    }
    let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) else {
        return FromDiscord::Other;
    };
    match (v["op"].as_u64(), v["t"].as_str()) {
        (Some(0), Some("READY")) => match v["d"]["session_id"].as_str() {
            Some(id) => FromDiscord::Ready(id.to_string()),
            None => FromDiscord::Other,
        },
        (Some(0), Some("RESUMED")) => FromDiscord::Resumed,
        _ => FromDiscord::Other,
    }
}

/// The dispatch the relay leaves out instead of a frame of Discord's:
/// an event no handler knows (serenity 0.12.5 reads it as
/// `Event::Unknown`, logs it at debug and dispatches nothing:
/// `client/dispatch.rs`), with the left-out frame's sequence number, so
/// that serenity's sequence (its heartbeats', its RESUME's) stays
/// Discord's (`topics/gateway`, "Sending Heartbeats", "Resuming").
pub const SKIPPED_EVENT: &str = "FOURBOT_SKIPPED";

/// Whether a member's message in channel `id` can matter to the bot: the
/// thread of a match, where moves are typed (`events::on_message` reads
/// no other).
pub type Wanted = Arc<dyn Fn(NonZeroU64) -> bool + Send + Sync>;

/// As much of a dispatch as the skip needs; the rest of the frame is only
/// scanned, nothing of it is kept.
#[derive(serde::Deserialize)]
struct Lean<'a> {
    op: u8,
    s: Option<u64>,
    #[serde(borrow)]
    t: Option<&'a str>,
    #[serde(borrow)]
    d: Option<LeanMessage<'a>>,
}

#[derive(serde::Deserialize)]
struct LeanMessage<'a> {
    #[serde(borrow)]
    channel_id: Option<&'a str>,
    author: Option<LeanAuthor>,
}

#[derive(serde::Deserialize)]
struct LeanAuthor {
    #[serde(default)]
    bot: bool,
}

/// The sequence number and event name of Discord's frame `message` if it
/// is a dispatch the bot acts on none of, so that serenity need not read
/// it: every message edit or deletion (`MESSAGE_UPDATE`, `MESSAGE_DELETE`,
/// `MESSAGE_DELETE_BULK`: no handler of the bot's reads them, serenity's
/// message cache is off and poise tracks no edits; a move's
/// acknowledgement is one), and a new message by a bot (the bot's own
/// turns and answers come back this way, one a move:
/// `developers/events/gateway-events.mdx`, "Message Create") or in a
/// channel that is not `wanted` (`events::on_message` drops both before
/// anything else). serenity 0.12.5 reads every frame whole, into a
/// `serde_json::Value` and then into its `Event`, and spawns a task for it
/// (`model/event.rs`, `GatewayEvent`; `client/dispatch.rs`): a move cost
/// the bot a fifth more CPU for the two frames it then dropped
/// (docs/benchmarks.md, "Ninth step"). Anything this cannot read is
/// relayed as it is.
fn skipped(message: &Message, wanted: &dyn Fn(NonZeroU64) -> bool) -> Option<(u64, &'static str)> {
    let text = text_of(message)?;
    // Discord's JSON is compact; a frame written otherwise is relayed.
    if !text.contains("\"t\":\"MESSAGE_") {
        return None;
    }
    let lean: Lean = serde_json::from_str(&text).ok()?;
    if lean.op != 0 {
        return None;
    }
    let event = match lean.t? {
        "MESSAGE_UPDATE" => "MESSAGE_UPDATE",
        "MESSAGE_DELETE" => "MESSAGE_DELETE",
        "MESSAGE_DELETE_BULK" => "MESSAGE_DELETE_BULK",
        "MESSAGE_CREATE" => {
            let d = lean.d?;
            let by_bot = d.author.is_some_and(|a| a.bot);
            // A snowflake is never 0; such a frame is relayed as it is.
            let channel: NonZeroU64 = d.channel_id?.parse().ok()?;
            if !by_bot && wanted(channel) {
                return None;
            }
            "MESSAGE_CREATE"
        }
        _ => return None,
    };
    Some((lean.s?, event))
}

/// The frame serenity gets instead of a skipped dispatch of sequence
/// number `seq`.
fn skipped_frame(seq: u64) -> Message {
    Message::text(format!(
        r#"{{"op":0,"s":{seq},"t":"{SKIPPED_EVENT}","d":null}}"#
    ))
}

/// The code of a close frame, if it has one.
fn close_code(message: &Message) -> Option<u16> {
    match message {
        Message::Close(Some(frame)) => Some(u16::from(frame.code)),
        _ => None,
    }
}

type Down = WebSocketStream<TcpStream>;
type Up = WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// Handles a frame serenity sent while its connection waits for Discord:
/// keeps it (up to [`HELD_FRAMES`]) and says `true`, or answers a close (or
/// notes a broken connection) and says `false`: the wait is over.
async fn hold(
    from_bot: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    down: &mut Down,
    kept: &mut Vec<Message>,
) -> bool {
    match from_bot {
        Some(Ok(Message::Close(_))) => {
            let _ = down.close(None).await;
            false
        }
        Some(Ok(m)) => {
            if kept.len() < HELD_FRAMES {
                kept.push(m);
            }
            true
        }
        _ => false,
    }
}

/// Opens the connection to Discord for serenity's connection `down`, when
/// the gate lets it: one attempt at a time, none before the backoff's
/// pause, none while the session starts wait for their reset. `None` when
/// serenity gave up meanwhile.
async fn reach_discord(
    shared: &Shared,
    down: &mut Down,
    kept: &mut Vec<Message>,
    query: &str,
) -> Option<Up> {
    loop {
        let turn = {
            let taking = shared.turn.lock();
            tokio::pin!(taking);
            loop {
                tokio::select! {
                    turn = &mut taking => break turn,
                    m = down.next() => if !hold(m, down, kept).await { return None },
                }
            }
        };
        loop {
            let reset = shared.starts.lock().wait_for_reset();
            let next = shared.gate.lock().next;
            let until = reset.unwrap_or(next).max(next);
            if Instant::now() >= until {
                break;
            }
            tokio::select! {
                () = tokio::time::sleep_until(until) => {}
                () = shared.reached.notified() => {}
                m = down.next() => if !hold(m, down, kept).await { return None },
            }
        }
        let upstream = shared.upstream.lock().clone();
        let url = match query {
            "" => upstream,
            q => format!("{upstream}?{q}"),
        };
        let attempt = tokio::time::timeout(
            CONNECT_TIMEOUT,
            tokio_tungstenite::connect_async_with_config(&url, Some(config()), false),
        )
        .await;
        match attempt {
            Ok(Ok((up, _))) => {
                metrics::counter!(GATEWAY_ATTEMPTS, "outcome" => "ok").increment(1);
                return Some(up);
            }
            Ok(Err(e)) => {
                metrics::counter!(GATEWAY_ATTEMPTS, "outcome" => "failed").increment(1);
                shared.gate.lock().failed(&e.to_string());
            }
            Err(_) => {
                metrics::counter!(GATEWAY_ATTEMPTS, "outcome" => "failed").increment(1);
                shared.gate.lock().failed("no answer within 10 s");
            }
        }
        drop(turn);
    }
}

/// What became of a frame serenity sent.
enum Forwarded {
    Sent,
    /// It was a close: the session ends.
    Closing,
    /// Discord's side is gone.
    Broken,
}

/// Sends serenity's frame `m` on to Discord: an IDENTIFY once its bucket
/// allows (and names the session's `shard`), a RESUME names it from its
/// session id.
async fn forward(shared: &Shared, up: &mut Up, shard: &mut Option<u32>, m: Message) -> Forwarded {
    match from_bot(&m) {
        FromBot::Identify(s) => {
            *shard = Some(s);
            let at = shared.starts.lock().identify_at(s);
            tokio::time::sleep_until(at).await;
        }
        FromBot::Resume(session) => {
            if let Some(s) = shared.sessions.lock().get(&session) {
                *shard = Some(*s);
            }
        }
        FromBot::Other => {}
    }
    let closing = matches!(m, Message::Close(_));
    if up.send(m).await.is_err() {
        return Forwarded::Broken;
    }
    if closing {
        Forwarded::Closing
    } else {
        Forwarded::Sent
    }
}

/// Whether Discord's frame `m` starts the session of connection `conn`
/// on `shard` (READY or RESUMED); if so the shard is up.
fn started(shared: &Shared, m: &Message, shard: Option<u32>, conn: u64) -> bool {
    let Some(s) = shard else {
        return false;
    };
    match from_discord(m) {
        FromDiscord::Ready(session) => {
            let mut sessions = shared.sessions.lock();
            // One session id a shard: the map stays as small as the shards.
            sessions.retain(|_, of| *of != s);
            sessions.insert(session, s);
        }
        FromDiscord::Resumed => {}
        FromDiscord::Other => return false,
    }
    shared.up(s, conn);
    true
}

// The handshake callback's error type is tungstenite's `ErrorResponse`.
#[allow(clippy::result_large_err)]
async fn connection(stream: TcpStream, shared: Arc<Shared>) {
    let mut query = String::new();
    let accepted = tokio_tungstenite::accept_hdr_async_with_config(
        stream,
        |req: &Request, res: Response| {
            query = req.uri().query().unwrap_or_default().to_string();
            Ok(res)
        },
        Some(config()),
    )
    .await;
    let Ok(mut down) = accepted else {
        return;
    };
    if shared.held.load(Ordering::SeqCst) {
        // The bot is stopping the shards: nothing goes to Discord; a close
        // is answered so that serenity's shutdown ends.
        while let Some(Ok(m)) = down.next().await {
            if matches!(m, Message::Close(_)) {
                let _ = down.close(None).await;
                break;
            }
        }
        return;
    }
    let conn = shared.next_connection.fetch_add(1, Ordering::Relaxed);
    let mut kept = Vec::new();
    let Some(mut up) = reach_discord(&shared, &mut down, &mut kept, &query).await else {
        return;
    };
    // The session's shard (from its IDENTIFY, or its RESUME's session id)
    // and whether it reached READY or RESUMED.
    let mut shard: Option<u32> = None;
    let mut live = false;
    let mut live_since = None;
    let mut last_close: Option<u16> = None;
    // Whether Discord's side ended the session (a close, a broken
    // connection) rather than serenity's (which gives up on a connection
    // that waited 15 s at the gate without HELLO: not the gateway's fault).
    let mut by_discord = false;
    // What serenity sent while it waited (a RESUME, heartbeats) goes first.
    let mut ended = None;
    for m in kept {
        match forward(&shared, &mut up, &mut shard, m).await {
            Forwarded::Sent => {}
            Forwarded::Closing => {
                ended = Some(true);
                break;
            }
            Forwarded::Broken => {
                by_discord = true;
                ended = Some(false);
                break;
            }
        }
    }
    // Whether the session ended with a close frame (passed on, so the
    // other side's close handshake is answered) or abruptly (the other
    // side is dropped abruptly too: serenity reconnects on a broken
    // connection, and ignores a close frame without a code).
    let closed = match ended {
        Some(closed) => closed,
        None => loop {
            tokio::select! {
                from_bot = down.next() => {
                    let Some(Ok(m)) = from_bot else { break false };
                    match forward(&shared, &mut up, &mut shard, m).await {
                        Forwarded::Sent => {}
                        Forwarded::Closing => break true,
                        Forwarded::Broken => {
                            by_discord = true;
                            break false;
                        }
                    }
                }
                from_discord = up.next() => {
                    let Some(Ok(m)) = from_discord else {
                        by_discord = true;
                        break false;
                    };
                    if !live {
                        live = started(&shared, &m, shard, conn);
                        live_since = live.then(Instant::now);
                    }
                    last_close = close_code(&m).or(last_close);
                    if let Some(code) = close_code(&m).filter(|c| closes::MISHANDLED.contains(c)) {
                        shared.held.store(true, Ordering::SeqCst);
                        let _ = shared.fatal.send(FatalClose { code, shard });
                        let _ = down
                            .send(Message::Close(Some(CloseFrame {
                                code: CloseCode::Normal,
                                reason: format!("Discord closed the session with {code}").into(),
                            })))
                            .await;
                        break true;
                    }
                    let closing = matches!(m, Message::Close(_));
                    by_discord = closing;
                    let m = match skipped(&m, &*shared.wanted) {
                        Some((seq, event)) => {
                            metrics::counter!(GATEWAY_SKIPPED, "event" => event).increment(1);
                            skipped_frame(seq)
                        }
                        None => m,
                    };
                    if down.send(m).await.is_err() {
                        break false;
                    }
                    if closing {
                        break true;
                    }
                }
            }
        },
    };
    if live {
        if let Some(s) = shard {
            shared.down(s, conn);
        }
        // Closed by Discord soon after it started: the gateway is not well
        // (a session closed at once after each READY would otherwise be
        // opened again at once, for ever).
        let lasted = live_since.map_or(Duration::ZERO, |t| t.elapsed());
        if by_discord && lasted < STABLE_SESSION {
            shared.gate.lock().failed(&format!(
                "the session was closed after {} s",
                lasted.as_secs()
            ));
        }
    } else if by_discord && !last_close.is_some_and(|c| closes::FATAL.contains(&c)) {
        // A session that Discord ended before it started counts against
        // the gateway: the next attempt waits (a close at once with a
        // resumable code, a gateway that accepts and fails). A fatal close
        // is no outage: the bot acts on it.
        let why = match last_close {
            Some(code) => format!("the session was closed with {code} before READY"),
            None => "the connection ended before READY".to_string(),
        };
        shared.gate.lock().failed(&why);
    }
    if closed {
        let _ = up.close(None).await;
        let _ = down.close(None).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn the_backoff_doubles_from_a_second_to_its_cap_with_jitter() {
        // Without jitter's reduction (jitter → 1) the steps are 1, 2, 4, 8,
        // 10, 10 s; with the most reduction (0) half of that.
        let top = |n| backoff(n, 0.999_999).as_secs_f64();
        let steps: Vec<f64> = (1..=6).map(top).collect();
        for (got, want) in steps.iter().zip([1.0, 2.0, 4.0, 8.0, 10.0, 10.0]) {
            assert!((got - want).abs() < 0.001, "{steps:?}");
        }
        assert_eq!(backoff(1, 0.0), Duration::from_millis(500));
        assert_eq!(backoff(40, 0.0), Duration::from_secs(5));
        assert!(backoff(u32::MAX, 0.5) <= BACKOFF_CAP);
        // The jitter spreads the pauses: not all the same.
        let pauses: std::collections::HashSet<u128> =
            (0..20).map(|_| backoff(3, jitter()).as_micros()).collect();
        assert!(pauses.len() > 10, "{pauses:?}");
        assert!(pauses.iter().all(|&p| (2_000_000..4_000_000).contains(&p)));
    }

    #[tokio::test(start_paused = true)]
    async fn failures_push_the_next_attempt_back_and_a_session_resets_them() {
        let mut gate = Gate {
            failures: 0,
            next: Instant::now(),
            outage: None,
            healthy_since: None,
        };
        let start = Instant::now();
        gate.failed("503");
        assert!(gate.outage.is_some());
        let first = gate.next.duration_since(start);
        assert!(first >= Duration::from_millis(500) && first < Duration::from_secs(1));
        for _ in 0..10 {
            gate.failed("503");
        }
        assert_eq!(gate.failures, 11);
        assert!(gate.next.duration_since(start) >= Duration::from_secs(5));
        assert_eq!(gate.outage.as_ref().map(|o| o.attempts), Some(11));
        gate.reached();
        assert!(gate.outage.is_none());
        assert!(gate.next <= Instant::now());
        // A session closed soon after it started is one failure more: the
        // pause keeps its length.
        tokio::time::advance(Duration::from_secs(1)).await;
        gate.failed("closed after 1 s");
        assert_eq!(gate.failures, 12);
        assert!(gate.next.duration_since(Instant::now()) >= Duration::from_secs(5));
        // One that lasted STABLE_SESSION forgives them: the next failure
        // is the first again.
        tokio::time::advance(Duration::from_secs(20)).await;
        gate.reached();
        tokio::time::advance(STABLE_SESSION).await;
        gate.failed("closed after 30 s");
        assert_eq!(gate.failures, 1);
        assert!(gate.next.duration_since(Instant::now()) < Duration::from_secs(1));
    }

    fn limit(remaining: u64, reset_after: u64, max_concurrency: u64) -> SessionStartLimit {
        serde_json::from_value(serde_json::json!({
            "total": 1000, "remaining": remaining, "reset_after": reset_after,
            "max_concurrency": max_concurrency
        }))
        .unwrap()
    }

    #[tokio::test(start_paused = true)]
    async fn identifies_go_one_a_bucket_per_window() {
        let mut starts = Starts::new(Some(&limit(1000, 1000, 2)));
        let now = Instant::now();
        // Shards 0 and 1 are two buckets: both at once; 2 waits for 0's
        // window, 3 for 1's, 4 for 2's.
        assert_eq!(starts.identify_at(0), now);
        assert_eq!(starts.identify_at(1), now);
        assert_eq!(starts.identify_at(2), now + IDENTIFY_WINDOW);
        assert_eq!(starts.identify_at(3), now + IDENTIFY_WINDOW);
        assert_eq!(starts.identify_at(4), now + IDENTIFY_WINDOW * 2);
        assert_eq!(starts.remaining, 995);
        // Once the windows are past, at once again.
        tokio::time::advance(Duration::from_secs(20)).await;
        assert_eq!(starts.identify_at(0), Instant::now());
    }

    #[tokio::test(start_paused = true)]
    async fn few_session_starts_left_wait_for_the_reset() {
        let mut plenty = Starts::new(Some(&limit(6, 60_000, 1)));
        assert_eq!(plenty.wait_for_reset(), None);
        plenty.identify_at(0);
        // Down to the reserve: wait for Discord's reset, then go on.
        let until = plenty.wait_for_reset().expect("a wait");
        assert_eq!(
            until.duration_since(Instant::now()),
            Duration::from_secs(60)
        );
        assert!(plenty.told);
        tokio::time::advance(Duration::from_secs(61)).await;
        assert_eq!(plenty.wait_for_reset(), None);
        assert_eq!(plenty.remaining, 1000);
    }

    #[test]
    fn identify_and_resume_name_their_session_and_heartbeats_nothing() {
        let identify =
            Message::Text(r#"{"op":2,"d":{"token":"t","shard":[3,4],"intents":1}}"#.to_string());
        assert_eq!(from_bot(&identify), FromBot::Identify(3));
        let resume =
            Message::Text(r#"{"op":6,"d":{"token":"t","session_id":"abc","seq":5}}"#.to_string());
        assert_eq!(from_bot(&resume), FromBot::Resume("abc".into()));
        let heartbeat = Message::Text(r#"{"op":1,"d":5}"#.to_string());
        assert_eq!(from_bot(&heartbeat), FromBot::Other);
        assert_eq!(from_bot(&Message::Binary(vec![1, 2])), FromBot::Other);
    }

    #[test]
    fn ready_and_resumed_are_read_plain_or_compressed() {
        let ready = r#"{"op":0,"s":1,"t":"READY","d":{"session_id":"s-1","v":10}}"#;
        assert_eq!(
            from_discord(&Message::Text(ready.to_string())),
            FromDiscord::Ready("s-1".into())
        );
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(ready.as_bytes()).unwrap();
        assert_eq!(
            from_discord(&Message::Binary(z.finish().unwrap())),
            FromDiscord::Ready("s-1".into())
        );
        let resumed = r#"{"op":0,"s":9,"t":"RESUMED","d":{}}"#;
        assert_eq!(
            from_discord(&Message::Text(resumed.to_string())),
            FromDiscord::Resumed
        );
        // A message whose text mentions READY is no READY.
        let message = r#"{"op":0,"s":2,"t":"MESSAGE_CREATE","d":{"content":"\"READY\""}}"#;
        assert_eq!(
            from_discord(&Message::Text(message.to_string())),
            FromDiscord::Other
        );
    }

    /// A dispatch in compact JSON, as Discord sends it (keys in any order:
    /// here sorted).
    fn dispatch(t: &str, seq: u64, d: serde_json::Value) -> Message {
        Message::text(serde_json::json!({"t": t, "s": seq, "op": 0, "d": d}).to_string())
    }

    fn message(channel: u64, bot: bool, content: &str) -> serde_json::Value {
        serde_json::json!({
            "id": "900", "channel_id": channel.to_string(), "guild_id": "5",
            "content": content,
            "author": {"id": "77", "username": "someone", "bot": bot},
        })
    }

    #[test]
    fn the_bots_messages_edits_and_chat_outside_match_threads_are_skipped() {
        let thread = 7;
        let wanted = |channel: NonZeroU64| {
            assert_ne!(channel.get(), 0);
            channel.get() == thread
        };
        // The bot's own turn in a match thread, a member's chat elsewhere.
        let own = dispatch("MESSAGE_CREATE", 41, message(thread, true, "turn"));
        assert_eq!(skipped(&own, &wanted), Some((41, "MESSAGE_CREATE")));
        let chat = dispatch("MESSAGE_CREATE", 42, message(8, false, "hi"));
        assert_eq!(skipped(&chat, &wanted), Some((42, "MESSAGE_CREATE")));
        // A member's message in a match thread may be a move: relayed.
        let typed = dispatch("MESSAGE_CREATE", 43, message(thread, false, "d"));
        assert_eq!(skipped(&typed, &wanted), None);
        // A member's text that looks like a dispatch is escaped in JSON.
        let sly = dispatch(
            "MESSAGE_CREATE",
            44,
            message(thread, false, r#"{"t":"MESSAGE_UPDATE","s":1}"#),
        );
        assert_eq!(skipped(&sly, &wanted), None);
        // Edits and deletions: no handler reads them, wherever they are.
        let edit = dispatch("MESSAGE_UPDATE", 45, message(thread, false, "e"));
        assert_eq!(skipped(&edit, &wanted), Some((45, "MESSAGE_UPDATE")));
        let gone = dispatch(
            "MESSAGE_DELETE",
            46,
            serde_json::json!({"id": "900", "channel_id": "7", "guild_id": "5"}),
        );
        assert_eq!(skipped(&gone, &wanted), Some((46, "MESSAGE_DELETE")));
        // What the bot acts on is relayed as it is.
        let press = dispatch(
            "INTERACTION_CREATE",
            47,
            serde_json::json!({"id": "1", "type": 3, "channel_id": "7",
                               "message": message(thread, true, "turn")}),
        );
        assert_eq!(skipped(&press, &wanted), None);
        let update = dispatch("THREAD_UPDATE", 48, serde_json::json!({"id": "7"}));
        assert_eq!(skipped(&update, &wanted), None);
        // A compressed payload is read as well.
        let Message::Text(text) = &own else {
            unreachable!()
        };
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(text.as_bytes()).unwrap();
        let compressed = Message::Binary(z.finish().unwrap());
        assert_eq!(skipped(&compressed, &wanted), Some((41, "MESSAGE_CREATE")));
        // What cannot be read whole is relayed: no sequence number, not a
        // dispatch, a channel id that is no number, not JSON.
        let no_seq = Message::text(r#"{"t":"MESSAGE_UPDATE","op":0,"d":{"id":"1"}}"#);
        assert_eq!(skipped(&no_seq, &wanted), None);
        let not_dispatch = Message::text(r#"{"t":"MESSAGE_UPDATE","s":3,"op":11,"d":null}"#);
        assert_eq!(skipped(&not_dispatch, &wanted), None);
        let odd = dispatch("MESSAGE_CREATE", 49, message(8, false, "x"))
            .into_text()
            .unwrap()
            .replace("\"8\"", "\"eight\"");
        assert_eq!(skipped(&Message::text(odd), &wanted), None);
        let broken = Message::text(r#"{"t":"MESSAGE_UPDATE","s":3,"op":0,"d":{"#);
        assert_eq!(skipped(&broken, &wanted), None);
        // Channel 0 is no channel: relayed, and `wanted` is never asked.
        let zero = dispatch("MESSAGE_CREATE", 50, message(0, false, "x"));
        assert_eq!(skipped(&zero, &wanted), None);
        // A new message without an author is read as a member's.
        let authorless = dispatch(
            "MESSAGE_CREATE",
            51,
            serde_json::json!({"id": "901", "channel_id": "8", "content": "x"}),
        );
        assert_eq!(skipped(&authorless, &wanted), Some((51, "MESSAGE_CREATE")));
        let in_thread = dispatch(
            "MESSAGE_CREATE",
            52,
            serde_json::json!({"id": "902", "channel_id": "7", "content": "d"}),
        );
        assert_eq!(skipped(&in_thread, &wanted), None);
        let bulk = dispatch(
            "MESSAGE_DELETE_BULK",
            53,
            serde_json::json!({"ids": ["1", "2"], "channel_id": "7", "guild_id": "5"}),
        );
        assert_eq!(skipped(&bulk, &wanted), Some((53, "MESSAGE_DELETE_BULK")));
    }

    #[test]
    fn serenity_reads_the_skipped_frame_as_an_unknown_event_with_its_sequence() {
        use serenity::all::{Event, GatewayEvent};
        let Message::Text(text) = skipped_frame(123) else {
            unreachable!()
        };
        match serde_json::from_str::<GatewayEvent>(text.as_str()) {
            Ok(GatewayEvent::Dispatch(123, Event::Unknown(e))) => {
                assert_eq!(e.kind, SKIPPED_EVENT);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn close_codes_are_read_from_close_frames() {
        let close = Message::Close(Some(CloseFrame {
            code: CloseCode::Library(4011),
            reason: "Sharding required.".into(),
        }));
        assert_eq!(close_code(&close), Some(4011));
        assert_eq!(close_code(&Message::Close(None)), None);
        assert!(closes::MISHANDLED.contains(&4011));
        assert!(!closes::MISHANDLED.contains(&4014));
    }
}
