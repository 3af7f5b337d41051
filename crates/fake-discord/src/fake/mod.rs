//! A fake Discord on 127.0.0.1, as strict as Discord's documentation: the
//! REST routes the bot uses and the gateway websocket on one port.
//!
//! It records every request (method, path, JSON body or `payload_json`,
//! attached files, the status it answered), keeps the channels and
//! messages so that a test can press buttons, and lets a test push gateway
//! events (slash commands, presses, typed messages) for several users, from
//! channels of every Discord type. What it refuses, as Discord does (every
//! rule names its page of discord-api-docs, `developers/…`):
//!
//! - payloads (`validate`): 400 / 50035 with the nested `errors` object,
//!   50006 for an empty message, 413 / 40005 for a file over the limit;
//!   command registrations; deprecated command fields are recorded
//!   ([`FakeDiscord::deprecated_fields`]);
//! - interactions (`rest`): the first callback more than 3 s after the
//!   push gets 10062, a second callback 40060, a callback type that does
//!   not fit the interaction 50035; the token's webhooks work for 15
//!   minutes, then 50027; [`FakeDiscord::age_interaction`] moves an
//!   interaction into the past;
//! - permissions per channel (`perms`): 50001 without View Channel, 50013
//!   without what the route needs; interactions carry `app_permissions`;
//! - channel types: no thread from a message in a forum, media, voice or
//!   stage channel or in a thread (50024), one thread per message
//!   (160004); an archived thread refuses edits (50083) and is unarchived
//!   by a message;
//! - edits of messages older than an hour (their age from the snowflake):
//!   a few per channel in a window, then 429 / 30046 ([`OLD_EDITS`];
//!   [`FakeDiscord::set_id_age`] makes the messages created from then on
//!   old);
//! - the gateway (`gateway`): privileged intents the application has not
//!   enabled close the connection with 4014; dispatches follow the intents
//!   the bot identified with (no guild messages without `GUILD_MESSAGES`,
//!   no content without `MESSAGE_CONTENT` unless it mentions the bot);
//!   heartbeats are enforced;
//! - rate limits (`limits`): per-route buckets, `X-RateLimit-*` on every
//!   answer, 429 with `retry_after` and `X-RateLimit-Scope`, the global 50
//!   per second (callbacks and interaction webhooks exempt), counted
//!   ([`FakeDiscord::counts`]).
//!
//! Not refused but recorded: every bot message whose `allowed_mentions`
//! would let Discord ping `@everyone`, `@here`, a role or a user it does
//! not list (`mentions`; [`FakeDiscord::mention_violations`]).
//!
//! Direct messages: Create DM opens a DM channel (type 1) per user, its
//! messages are kept ([`FakeDiscord::dms_to`]) unless the user takes none
//! ([`FakeDiscord::set_dms_open`]: 403 / 50007).
//!
//! A create-message with `enforce_nonce` and a nonce seen in the last
//! [`NONCE_WINDOW`] returns the earlier message, as on Discord; REST faults
//! (500, 429, a 500 or a dropped connection after the work was done) are
//! injected with [`FakeDiscord::inject`].

mod gateway;
mod http;
mod limits;
pub mod mentions;
mod perms;
mod rest;
mod validate;

pub use gateway::{
    filter_message, intent, DISALLOWED_INTENTS, INVALID_SHARD, SESSION_TIMED_OUT, SHARDING_REQUIRED,
};
pub use limits::{limit, route as rate_limit_route, Counts, RateLimits};
pub use perms::{kind, names as permission_names, perm, Channel};
pub use validate::DEFAULT_UPLOAD_LIMIT;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as Frame;

/// The bot's user id (also its application id).
pub const BOT_ID: u64 = 900_000_000_000_000_001;
/// The guild of every test.
pub const GUILD_ID: u64 = 500_000_000_000_000_001;
/// The channel where challenges are posted (a text channel of
/// [`GUILD_ID`]).
pub const CHANNEL_ID: u64 = 600_000_000_000_000_001;

/// A user of the tests.
#[derive(Clone, Copy, Debug)]
pub struct TestUser {
    /// Snowflake.
    pub id: u64,
    /// User name.
    pub name: &'static str,
}

/// Alice.
pub const ALICE: TestUser = TestUser {
    id: 100_000_000_000_000_001,
    name: "alice",
};
/// Bob.
pub const BOB: TestUser = TestUser {
    id: 100_000_000_000_000_002,
    name: "bob",
};
/// Carol, a spectator (or a third player).
pub const CAROL: TestUser = TestUser {
    id: 100_000_000_000_000_003,
    name: "carol",
};
/// Dave, a fourth player (teams).
pub const DAVE: TestUser = TestUser {
    id: 100_000_000_000_000_004,
    name: "dave",
};

/// One REST request as the fake carried it out (rate-limited and faulted
/// requests that were not carried out are only in [`FakeDiscord::served`]).
#[derive(Clone, Debug)]
pub struct Recorded {
    /// HTTP method.
    pub method: String,
    /// Path without the query (`/api/v10/...`).
    pub path: String,
    /// The JSON body (or the `payload_json` part of a multipart body).
    pub json: Value,
    /// Attached files: (field name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
    /// The status the route answered (before an injected fault replaced
    /// it): 2xx when it was carried out, else Discord's refusal.
    pub status: u16,
}

/// One uploaded file of a multipart body.
#[derive(Clone, Debug)]
pub struct Upload {
    /// The form field (`files[0]`).
    pub field: String,
    /// Its `filename`.
    pub filename: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// What the fake does when the bot identifies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Send READY.
    Normal,
    /// Close the gateway with 4004 (authentication failed).
    RejectToken,
}

/// An interaction the fake pushed, and what happened to it.
#[derive(Clone, Debug)]
pub(crate) struct Interaction {
    id: u64,
    /// Interaction type (2 command, 3 component, 4 autocomplete, 5 modal).
    kind: u8,
    channel: u64,
    guild: Option<u64>,
    /// The message a component (or a modal opened from one) was on.
    message: Option<u64>,
    /// The invoking user.
    user: Value,
    /// When it was pushed (moved back by [`FakeDiscord::age_interaction`]).
    pushed: Instant,
    /// Its `attachment_size_limit` in bytes.
    size_limit: u64,
    /// The callback type accepted, once acknowledged.
    acked: Option<u8>,
    /// The token was invalidated (a callback came too late).
    dead: bool,
    /// `@original`: the message the response created, or for types 6 and
    /// 7 the message the component was on.
    original: Option<u64>,
    /// The original is a deferred response's loading message not yet
    /// edited.
    loading: bool,
    /// Follow-up messages created with the token.
    followups: Vec<u64>,
}

impl Interaction {
    /// The `interaction_metadata` of a message it created
    /// (`developers/resources/message.mdx`, "Message Interaction Metadata
    /// Object").
    fn metadata(&self) -> Value {
        let mut m = json!({
            "id": self.id.to_string(), "type": self.kind, "user": self.user,
            "authorizing_integration_owners": {"0": self.guild.unwrap_or(0).to_string()},
        });
        if let Some(msg) = self.message {
            m["interacted_message_id"] = json!(msg.to_string());
        }
        if let Some(o) = self.original {
            m["original_response_message_id"] = json!(o.to_string());
        }
        m
    }
}

/// What a test can ask about an interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InteractionState {
    /// The callback type Discord accepted, once acknowledged.
    pub acked: Option<u8>,
    /// The token was invalidated (a callback came after 3 s).
    pub dead: bool,
    /// The `@original` message.
    pub original: Option<u64>,
    /// Follow-up messages.
    pub followups: Vec<u64>,
}

/// The fake's configuration of Discord's clocks, the application and the
/// limits.
#[derive(Clone, Debug)]
pub(crate) struct Config {
    /// The initial response must come within this (3 s).
    ack_window: Duration,
    /// An interaction token works this long (15 minutes).
    token_lifetime: Duration,
    /// The privileged intents enabled for the application (developer
    /// portal → Bot).
    privileged: u64,
    /// HELLO's `heartbeat_interval`.
    heartbeat_interval: Duration,
    /// How late a heartbeat may come before the fake closes the
    /// connection.
    heartbeat_tolerance: Duration,
    /// Whether heartbeats are acknowledged (op 11); without, a "dead"
    /// gateway that keeps the connection open.
    heartbeat_acks: bool,
    /// Rate limits.
    limits: RateLimits,
    /// Edits of messages older than an hour allowed per channel, and the
    /// window they are counted in.
    old_edits: (usize, Duration),
}

impl Default for Config {
    fn default() -> Self {
        Config {
            ack_window: ACK_WINDOW,
            token_lifetime: TOKEN_LIFETIME,
            privileged: intent::PRIVILEGED,
            heartbeat_interval: Duration::from_millis(41_250),
            heartbeat_tolerance: Duration::from_secs(5),
            heartbeat_acks: true,
            limits: RateLimits::default(),
            old_edits: OLD_EDITS,
        }
    }
}

/// How many edits of messages older than an hour (JSON error 30046,
/// "Maximum number of edits to messages older than 1 hour reached. Try
/// again later": `developers/topics/opcodes-and-status-codes`, "JSON Error
/// Codes") the fake allows per channel in a window. Discord documents
/// neither number; it answers the edit past the limit with 429 and code
/// 30046. The fake allows 3 in 10 minutes: a bot that edits an old message
/// now and then meets it, as on Discord, when it keeps doing so.
pub const OLD_EDITS: (usize, Duration) = (3, Duration::from_secs(10 * 60));

/// A message older than this is "older than 1 hour" for [`OLD_EDITS`].
pub const OLD_MESSAGE_AGE: Duration = Duration::from_secs(60 * 60);

/// Discord's epoch (2015-01-01) in ms since 1970: snowflakes count from it
/// (`reference`, "Snowflakes").
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// ms since 1970, now.
fn unix_ms_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// How old the snowflake `id` is (its time is in its top 42 bits).
pub fn snowflake_age(id: u64) -> Duration {
    Duration::from_millis(unix_ms_now().saturating_sub((id >> 22) + DISCORD_EPOCH_MS))
}

/// How long after an interaction its first callback may come
/// (`developers/interactions/receiving-and-responding.mdx`, "Interaction
/// Callback": "you must send an initial response within 3 seconds").
pub const ACK_WINDOW: Duration = Duration::from_secs(3);
/// How long an interaction token works (same page: "valid for 15
/// minutes").
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

pub(crate) struct State {
    mode: Mode,
    requests: Vec<Recorded>,
    /// Gateway ops received (op numbers).
    gateway_ops: Vec<u64>,
    messages: HashMap<u64, Value>,
    /// Message ids by channel, for listing a channel's messages without
    /// scanning every message (load runs keep hundreds of thousands); ids
    /// of deleted messages may linger and are skipped.
    by_channel: HashMap<u64, std::collections::BTreeSet<u64>>,
    /// Messages a thread was started from.
    threads_from: HashSet<u64>,
    channels: HashMap<u64, Channel>,
    /// By token.
    interactions: HashMap<String, Interaction>,
    next_id: u64,
    /// The identified (or resumed) gateway sessions, one per shard.
    sessions: Vec<Session>,
    connections: u32,
    /// Per shard `(shard_id, num_shards)`: the last sequence number, and
    /// every dispatch sent, by sequence number, for replay on RESUME.
    seqs: HashMap<(u32, u32), u64>,
    backlog: HashMap<(u32, u32), Vec<(u64, String)>>,
    /// The number of shards of the last IDENTIFY (1 before any): where an
    /// event for a shard with no session waits.
    num_shards: u32,
    /// The guilds the bot is in (READY lists those of the shard).
    guilds: Vec<u64>,
    /// `GET /gateway/bot`'s recommended `shards`.
    recommended_shards: u32,
    /// The most guilds one session may hold; more closes the IDENTIFY with
    /// 4011 (Discord: 2,500).
    shard_guild_limit: usize,
    /// The `shard` of every IDENTIFY that got READY.
    identified_shards: Vec<(u32, u32)>,
    /// Gateway close codes the fake sent.
    closes: Vec<u16>,
    /// A close code to answer the next IDENTIFYs with (tests of fatal
    /// closes).
    close_identify: Option<u16>,
    /// Injected REST faults (see [`Fault`]).
    faults: Vec<FaultRule>,
    /// Slow routes: (method, path part, pause, requests left).
    slow: Vec<(String, String, Duration, u32)>,
    /// Requests a slow route is holding back or held: (method, path).
    held: Vec<(String, String)>,
    /// Every REST request served, with its status and time.
    served: Vec<Served>,
    /// Drop each gateway connection without a close frame (by
    /// connection number).
    kills: HashMap<u32, tokio::sync::oneshot::Sender<()>>,
    /// Lean mode (load runs): requests are not kept in `requests`, and
    /// `served` and the backlog stay short.
    lean: bool,
    /// Sees every request served (load runs).
    observer: Option<Observer>,
    /// The message each create-message nonce made, and when (for
    /// `enforce_nonce`).
    nonces: HashMap<String, (u64, Instant)>,
    cfg: Config,
    limiter: limits::Limiter,
    /// Deprecated fields seen in command registrations.
    deprecated: Vec<String>,
    /// Bot messages that would ping someone they do not address
    /// (`mentions::violation`).
    mention_violations: Vec<String>,
    /// Members' server nicknames, by (guild, user): an interaction or a
    /// typed message from that member in that guild carries it as its
    /// member's `nick` ([`FakeDiscord::set_nickname`]).
    nicknames: HashMap<(u64, u64), String>,
    /// The intents of the last IDENTIFY.
    intents: Option<u64>,
    /// The intents of every IDENTIFY that got READY.
    identified: Vec<u64>,
    /// IDENTIFYs closed with 4014.
    refused_identifies: u32,
    /// Connections closed for missing heartbeats.
    heartbeat_timeouts: u32,
    /// Per channel: when each edit of a message older than an hour was
    /// made (the last [`Config::old_edits`] window).
    old_edits: HashMap<u64, Vec<Instant>>,
    /// The next id to mint once [`FakeDiscord::set_id_age`] returns to the
    /// present (ids never repeat).
    present_id: u64,
    /// Upload limit per guild (bytes), where a test changed it.
    upload_limits: HashMap<u64, u64>,
    /// The DM channel opened with each user (Create DM).
    dms: HashMap<u64, u64>,
    /// Users who take no direct messages from the bot (50007).
    dms_closed: HashSet<u64>,
    /// The thread that started the fake (libtest names it after the test),
    /// for [`COUNTS_FILE_ENV`].
    started_by: String,
    /// The gateway's own port (Discord's gateway is another host than its
    /// API: `GET /gateway` names it).
    gateway_port: u16,
    /// A gateway outage under way.
    outage: Outage,
    /// When each websocket upgrade was asked for (refused ones included).
    upgrades: Vec<Instant>,
    /// When each IDENTIFY arrived, and its shard.
    identify_times: Vec<(Instant, u32)>,
    /// IDENTIFYs that came sooner than `max_concurrency` per 5 s allows
    /// (answered with op 9).
    identifies_too_fast: u32,
    /// `GET /gateway/bot`'s `session_start_limit`.
    session_starts: SessionStarts,
    /// Per method and path: no retry before this (a 429's `retry_after`).
    retry_not_before: HashMap<(String, String), Instant>,
    /// Requests that came before their path's `retry_after` had passed.
    early_retries: Vec<(String, String)>,
}

/// With this environment variable naming a file, every fake appends one
/// line to it when it goes (at the end of its test): the test's name, the
/// non-exempt and exempt requests, the 429s it answered and the routes
/// that met them, tab-separated. This is how `tests/README.md` measures
/// which tests meet rate limits.
pub const COUNTS_FILE_ENV: &str = "FOURBOT_FAKE_COUNTS";

impl Drop for State {
    fn drop(&mut self) {
        let Ok(path) = std::env::var(COUNTS_FILE_ENV) else {
            return;
        };
        let c = &self.limiter.counts;
        let routes: Vec<String> = c
            .per_route
            .iter()
            .filter(|(_, r)| r.limited > 0)
            .map(|(t, r)| format!("{t}={}", r.limited))
            .collect();
        let line = format!(
            "{}\t{}\t{}\t{}\t{}\n",
            self.started_by,
            c.non_exempt,
            c.exempt,
            c.limited,
            routes.join(", ")
        );
        use std::io::Write;
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            let _ = f.write_all(line.as_bytes());
        }
    }
}

impl State {
    /// How long to hold this request back before answering it, if a
    /// [`FakeDiscord::slow`] rule matches (and counts it down).
    fn take_slow(&mut self, method: &str, path: &str) -> Option<Duration> {
        let rule = self
            .slow
            .iter_mut()
            .find(|(m, p, _, n)| *n > 0 && m == method && path.contains(p.as_str()))?;
        rule.3 -= 1;
        let pause = rule.2;
        self.slow.retain(|r| r.3 > 0);
        self.held.push((method.to_string(), path.to_string()));
        Some(pause)
    }

    /// The fault to inject for this request, if a rule matches (and counts
    /// it down).
    fn take_fault(&mut self, method: &str, path: &str) -> Option<Fault> {
        let rule = self
            .faults
            .iter_mut()
            .find(|r| r.remaining > 0 && r.method == method && path.contains(&r.path_contains))?;
        rule.remaining -= 1;
        let fault = rule.fault;
        self.faults.retain(|r| r.remaining > 0);
        Some(fault)
    }
}

/// The most guilds a gateway session may hold before Discord requires
/// sharding (`developers/events/gateway.mdx`, "Sharding": "each shard can
/// only support a maximum of 2500 guilds"; close 4011 "Sharding required").
pub const SHARD_GUILD_LIMIT: usize = 2500;

/// One identified gateway connection.
pub(crate) struct Session {
    /// The connection's number.
    conn: u32,
    /// `(shard_id, num_shards)` it identified with.
    shard: (u32, u32),
    tx: mpsc::UnboundedSender<Frame>,
}

/// The shard of `guild` among `num_shards`
/// (`developers/events/gateway.mdx`, "Sharding").
pub fn shard_of(guild: u64, num_shards: u32) -> u32 {
    ((guild >> 22) % num_shards.max(1) as u64) as u32
}

/// The guild of a dispatch: its `guild_id`, else its channel's guild (none
/// for a DM or an unknown channel).
fn event_guild(s: &State, d: &Value) -> Option<u64> {
    if let Some(g) = d["guild_id"].as_str().and_then(|g| g.parse().ok()) {
        return Some(g);
    }
    let channel: u64 = d["channel_id"].as_str()?.parse().ok()?;
    s.channels
        .get(&channel)
        .map(|c| c.guild)
        .filter(|g| *g != 0)
}

/// How long Discord remembers a create-message nonce for `enforce_nonce`
/// ("the past few minutes"; the fake keeps it 3 minutes).
pub const NONCE_WINDOW: Duration = Duration::from_secs(180);

/// A callback that sees every REST request served: (when, method, path,
/// status, the JSON body, the reply).
pub type Observer = Arc<dyn Fn(Observed<'_>) + Send + Sync>;

/// One REST request as an [`Observer`] sees it.
pub struct Observed<'a> {
    /// When the fake had read the whole request.
    pub at: Instant,
    /// HTTP method.
    pub method: &'a str,
    /// Path without the query.
    pub path: &'a str,
    /// The status the fake answered (0: the connection was dropped).
    pub status: u16,
    /// The JSON body (or `payload_json`).
    pub json: &'a Value,
    /// The reply body, if any (a created message, …).
    pub reply: Option<&'a Value>,
}

/// A REST fault the fake injects instead of (or after) carrying a request
/// out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fault {
    /// `500 Internal Server Error` with Discord's JSON error body.
    ServerError,
    /// The request is carried out (a message is created, …) and then
    /// answered like [`Fault::ServerError`], as when Discord fails after
    /// doing the work: the client cannot tell whether it was done.
    ServerErrorAfterDoing,
    /// The connection is closed without an answer and the request is not
    /// carried out (a network failure on the way in).
    Drop,
    /// The request is carried out and the connection is then closed
    /// without an answer (the answer was lost on the way back).
    DropAfterDoing,
    /// `429 Too Many Requests` as Discord sends it: the JSON body
    /// `{"message", "retry_after" (seconds, float), "global"}` and the
    /// headers `Retry-After`, `X-RateLimit-Limit`, `X-RateLimit-Remaining:
    /// 0`, `X-RateLimit-Reset`, `X-RateLimit-Reset-After`,
    /// `X-RateLimit-Bucket`, `X-RateLimit-Scope` (and `X-RateLimit-Global`
    /// when global). Not carried out.
    RateLimited {
        /// How long the client must wait.
        retry_after: Duration,
        /// A global limit (all routes) rather than this route's.
        global: bool,
    },
}

struct FaultRule {
    method: String,
    path_contains: String,
    fault: Fault,
    remaining: u32,
}

/// A REST request as served (faulted, rate limited or not).
#[derive(Clone, Debug)]
pub struct Served {
    /// When the fake had read the whole request.
    pub at: Instant,
    /// HTTP method.
    pub method: String,
    /// Path without the query.
    pub path: String,
    /// The status answered (0: the connection was dropped without one).
    pub status: u16,
    /// The fault injected, if any.
    pub fault: Option<Fault>,
}

/// The running fake.
#[derive(Clone)]
pub struct FakeDiscord {
    /// Its port on 127.0.0.1.
    pub port: u16,
    state: Arc<Mutex<State>>,
    /// Woken when the gateway outage changes (the gateway's listener
    /// closes or opens its port).
    gateway_changed: Arc<tokio::sync::Notify>,
}

/// A gateway outage (what Discord's gateway does during an incident).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outage {
    /// The gateway works.
    None,
    /// Every websocket upgrade is answered with this HTTP status (503
    /// behind Cloudflare during an incident).
    Upgrade(u16),
    /// The gateway's port refuses TCP connections.
    Refused,
}

/// `session_start_limit` of `GET /gateway/bot` (`developers/events/gateway.mdx`,
/// "Session Start Limit Object"): every IDENTIFY spends one of `remaining`
/// until `reset_after`; `max_concurrency` IDENTIFYs per 5 s.
#[derive(Clone, Copy, Debug)]
pub struct SessionStarts {
    pub total: u32,
    pub remaining: u32,
    /// When `remaining` is `total` again.
    pub resets_at: Instant,
    pub max_concurrency: u32,
    /// IDENTIFYs that came with none remaining (Discord resets the token).
    pub exceeded: u32,
}

/// The session start limit, its count started again once its reset is
/// past.
pub(crate) fn session_starts_now(s: &mut State) -> SessionStarts {
    let l = &mut s.session_starts;
    if Instant::now() >= l.resets_at {
        l.remaining = l.total;
        l.resets_at = Instant::now() + Duration::from_secs(86_400);
    }
    *l
}

/// Another bot on the server (not fourbot): challenges to it are refused.
pub const OTHER_BOT: TestUser = TestUser {
    id: 100_000_000_000_000_077,
    name: "otherbot",
};

/// A second guild (rating pools are per server).
pub const GUILD_2: u64 = 500_000_000_000_000_002;
/// A text channel of [`GUILD_2`].
pub const CHANNEL_2: u64 = 600_000_000_000_000_002;

/// A user as Discord's API returns it.
pub fn user_json(u: TestUser) -> Value {
    json!({"id": u.id.to_string(), "username": u.name, "discriminator": "0",
           "global_name": u.name, "avatar": null, "bot": u.id == OTHER_BOT.id})
}

/// `payload` (an interaction) as sent from `guild`.
pub fn in_guild(mut payload: Value, guild: u64) -> Value {
    payload["guild_id"] = json!(guild.to_string());
    payload
}

/// `payload` (an interaction of `user`'s, made with the channel
/// [`FakeDiscord::dm_channel`] of `user`) as sent from the bot's DM with
/// them (`developers/interactions/receiving-and-responding.mdx`,
/// "Interaction Object"): no `guild_id`, `guild_locale` nor `member`, the
/// `user` instead; [`FakeDiscord::dispatch`] sets its context to BOT_DM.
/// Discord sends it for a command a registration allows in DMs — this
/// bot's registers for servers only (`contexts` `[0]`), but a registration
/// of an older version (before `contexts`, `dm_permission` defaulted to
/// true) stays until the bot's replaces it.
pub fn in_dm(mut payload: Value, user: TestUser) -> Value {
    if let Some(o) = payload.as_object_mut() {
        for key in ["guild_id", "guild_locale", "member"] {
            o.remove(key);
        }
        o.insert("user".to_string(), user_json(user));
    }
    payload
}

/// The bot's user.
pub fn bot_json() -> Value {
    json!({"id": BOT_ID.to_string(), "username": "fourbot", "discriminator": "0",
           "global_name": null, "avatar": null, "bot": true})
}

/// Mona, a moderator (Manage Server).
pub const MONA: TestUser = TestUser {
    id: 100_000_000_000_000_009,
    name: "mona",
};

/// The permissions Discord resolves for `u` in the channel: everything for
/// [`MONA`]; View Channel, Send Messages, threads and history for others.
fn permissions(u: TestUser) -> &'static str {
    if u.id == MONA.id {
        "2147483647"
    } else {
        "309237713920"
    }
}

fn member_json(u: TestUser) -> Value {
    json!({"user": user_json(u), "roles": [], "deaf": false, "mute": false, "flags": 0,
           "joined_at": "2024-01-01T00:00:00.000000+00:00", "nick": null,
           "permissions": permissions(u)})
}

/// The payload of a message as Discord sends it.
pub fn message_json(id: u64, channel: u64, author: Value, content: &str) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": author,
        "content": content, "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": false, "type": 0, "components": [], "flags": 0
    })
}

/// READY for the bot's session of shard `(id, num_shards)`, with `guilds`
/// (those of the shard) unavailable, as Discord sends them before their
/// GUILD_CREATE.
pub fn ready_json(port: u16, (id, num_shards): (u32, u32), guilds: &[u64]) -> Value {
    let guilds: Vec<Value> = guilds
        .iter()
        .map(|g| json!({"id": g.to_string(), "unavailable": true}))
        .collect();
    json!({
        "v": 10, "user": bot_json(), "guilds": guilds,
        "session_id": format!("fake-session-{id}-{num_shards}"),
        "resume_gateway_url": format!("ws://127.0.0.1:{port}/gateway"),
        "shard": [id, num_shards],
        "application": {"id": BOT_ID.to_string(), "flags": 0}, "private_channels": [], "presences": []
    })
}

fn interaction_base(kind: u8, id: u64, user: TestUser, channel: u64, locale: &str) -> Value {
    json!({
        "id": id.to_string(), "application_id": BOT_ID.to_string(), "type": kind,
        "token": format!("token-{id}"), "version": 1, "guild_id": GUILD_ID.to_string(),
        "channel_id": channel.to_string(), "member": member_json(user), "locale": locale,
        "guild_locale": "en-US", "entitlements": [], "attachment_size_limit": DEFAULT_UPLOAD_LIMIT,
        // Filled in by `FakeDiscord::dispatch` from the channel.
        "app_permissions": "0"
    })
}

/// A slash command `/name` with options `(name, type, value)`; user options
/// (type 6) are resolved from `users`, channel options (type 7) by
/// [`FakeDiscord::dispatch`] from the channels it knows.
pub fn slash_command_json(
    id: u64,
    user: TestUser,
    channel: u64,
    name: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> Value {
    let mut v = interaction_base(2, id, user, channel, "en-US");
    let resolved_users: serde_json::Map<String, Value> = users
        .iter()
        .map(|u| (u.id.to_string(), user_json(*u)))
        .collect();
    let resolved_channels: serde_json::Map<String, Value> = options
        .iter()
        .filter(|(_, t, _)| *t == 7)
        .map(|(_, _, id)| {
            let id = id.as_str().unwrap_or("0").to_string();
            (
                id.clone(),
                json!({"id": id, "name": "matches", "type": 0, "permissions": "0"}),
            )
        })
        .collect();
    v["data"] = json!({
        "id": "1", "name": name, "type": 1,
        "options": options.iter().map(|(n, t, val)| json!({"name": n, "type": t, "value": val})).collect::<Vec<_>>(),
        "resolved": {"users": resolved_users, "channels": resolved_channels}
    });
    v
}

/// A subcommand `/name sub` with options `(name, type, value)`; user
/// options are resolved from `users`.
pub fn subcommand_json(
    id: u64,
    user: TestUser,
    channel: u64,
    name: &str,
    sub: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> Value {
    let mut v = slash_command_json(id, user, channel, name, options, users);
    let inner = v["data"]["options"].take();
    v["data"]["options"] = json!([{"name": sub, "type": 1, "options": inner}]);
    v
}

/// An autocomplete request of `/challenge` while typing `partial` into its
/// `time` option.
pub fn autocomplete_time_json(id: u64, user: TestUser, opponent: TestUser, partial: &str) -> Value {
    let mut v = interaction_base(4, id, user, CHANNEL_ID, "en-US");
    v["data"] = json!({
        "id": "1", "name": "challenge", "type": 1,
        "options": [
            {"name": "opponent", "type": 6, "value": opponent.id.to_string()},
            {"name": "time", "type": 3, "value": partial, "focused": true}
        ]
    });
    v
}

/// A button press on `message` (its full payload) with `custom_id`, from
/// the message's guild (its `guild_id`; [`GUILD_ID`] if it has none).
pub fn button_press_json(
    id: u64,
    user: TestUser,
    message: &Value,
    custom_id: &str,
    locale: &str,
) -> Value {
    let channel: u64 = message["channel_id"].as_str().unwrap().parse().unwrap();
    let mut v = interaction_base(3, id, user, channel, locale);
    // A press comes from the message's guild (a message the fake keeps
    // names it).
    if let Some(g) = message.get("guild_id").filter(|g| g.is_string()) {
        v["guild_id"] = g.clone();
    }
    v["data"] = json!({"custom_id": custom_id, "component_type": 2});
    v["message"] = message.clone();
    v
}

/// A message typed by `user` in `channel` (a guild channel of
/// [`GUILD_ID`]).
pub fn message_create_json(id: u64, user: TestUser, channel: u64, content: &str) -> Value {
    let mut v = message_json(id, channel, user_json(user), content);
    v["guild_id"] = json!(GUILD_ID.to_string());
    let mut member = member_json(user);
    member.as_object_mut().unwrap().remove("user");
    v["member"] = member;
    v
}

/// `typed` (a [`message_create_json`]) as a reply to `to` (a message
/// payload): `type` 19, `message_reference` and `referenced_message`
/// (`developers/resources/message.mdx`, "Message Reference Object"); with
/// `ping` (the client's default) the replied-to author is in `mentions`.
pub fn reply_to(mut typed: Value, to: &Value, ping: bool) -> Value {
    typed["type"] = json!(19);
    typed["message_reference"] = json!({"type": 0, "message_id": to["id"],
        "channel_id": to["channel_id"], "guild_id": typed["guild_id"]});
    typed["referenced_message"] = to.clone();
    if ping {
        typed["mentions"]
            .as_array_mut()
            .expect("mentions")
            .push(to["author"].clone());
    }
    typed
}

/// `typed` (a [`message_create_json`]) mentioning the bot: `<@BOT_ID>`
/// before the text and the bot in `mentions`.
pub fn mentioning_bot(mut typed: Value) -> Value {
    let text = typed["content"].as_str().unwrap_or("").to_string();
    typed["content"] = json!(format!("<@{BOT_ID}> {text}"));
    typed["mentions"]
        .as_array_mut()
        .expect("mentions")
        .push(bot_json());
    typed
}

/// A public thread of `parent` started by the bot.
pub fn thread_json(id: u64, parent: u64, name: &str, archived: bool) -> Value {
    let mut c = Channel::new(id, kind::PUBLIC_THREAD, GUILD_ID, name);
    c.parent = Some(parent);
    c.owner = Some(BOT_ID);
    c.archived = archived;
    c.json()
}

/// The application as `GET /oauth2/applications/@me` returns it.
pub fn application_json() -> Value {
    json!({
        "id": BOT_ID.to_string(), "name": "fourbot", "icon": null, "description": "",
        "bot_public": true, "bot_require_code_grant": false, "verify_key": "00",
        "owner": user_json(ALICE), "flags": 0, "team": null
    })
}

/// The status, JSON body and extra header lines of an injected fault, as
/// Discord sends them.
fn fault_reply(fault: Fault) -> (u16, Value, String) {
    match fault {
        Fault::RateLimited {
            retry_after,
            global,
        } => {
            let (headers, body) = limits::too_many(
                retry_after,
                if global { "global" } else { "user" },
                (!global).then_some((5, "fake-bucket")),
            );
            (429, body, headers)
        }
        _ => (
            500,
            json!({"message": "500: Internal Server Error", "code": 0}),
            String::new(),
        ),
    }
}

/// The reply to a command registration: the commands with ids.
pub fn commands_reply(body: &Value) -> Value {
    Value::Array(
        body.as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .enumerate()
            .map(|(i, mut c)| {
                c["id"] = json!((800 + i).to_string());
                c["application_id"] = json!(BOT_ID.to_string());
                c["version"] = json!("1");
                if c.get("type").is_none() {
                    c["type"] = json!(1);
                }
                if c.get("default_member_permissions").is_none() {
                    c["default_member_permissions"] = Value::Null;
                }
                c
            })
            .collect(),
    )
}

impl FakeDiscord {
    /// Starts the fake on a free port, knowing [`CHANNEL_ID`] and
    /// [`CHANNEL_2`] (text channels of [`GUILD_ID`] and [`GUILD_2`]), with
    /// the bot's default permissions ([`perm::BOT_DEFAULT`]), every
    /// privileged intent enabled and the default rate limits on (off when
    /// the environment has `FOURBOT_FAKE_RATE_LIMITS=off`, to measure what
    /// they cost).
    pub async fn start(mode: Mode) -> FakeDiscord {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let gateway = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let gateway_port = gateway.local_addr().unwrap().port();
        let mut channels = HashMap::new();
        channels.insert(
            CHANNEL_ID,
            Channel::new(CHANNEL_ID, kind::GUILD_TEXT, GUILD_ID, "general"),
        );
        channels.insert(
            CHANNEL_2,
            Channel::new(CHANNEL_2, kind::GUILD_TEXT, GUILD_2, "general"),
        );
        let fake = FakeDiscord {
            port,
            state: Arc::new(Mutex::new(State {
                mode,
                requests: Vec::new(),
                gateway_ops: Vec::new(),
                messages: HashMap::new(),
                by_channel: HashMap::new(),
                threads_from: HashSet::new(),
                channels,
                interactions: HashMap::new(),
                // Snowflakes carry their time (ms since Discord's epoch,
                // 2015-01-01, shifted by 22 bits), as Discord's do
                // (`reference.mdx`, "Snowflakes"): the bot reads a
                // message's age from its id.
                next_id: ((std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_millis() as u64
                    - 1_420_070_400_000)
                    << 22),
                sessions: Vec::new(),
                connections: 0,
                seqs: HashMap::new(),
                backlog: HashMap::new(),
                num_shards: 1,
                guilds: vec![GUILD_ID, GUILD_2],
                recommended_shards: 1,
                shard_guild_limit: SHARD_GUILD_LIMIT,
                identified_shards: Vec::new(),
                closes: Vec::new(),
                close_identify: None,
                faults: Vec::new(),
                slow: Vec::new(),
                held: Vec::new(),
                served: Vec::new(),
                kills: HashMap::new(),
                lean: false,
                observer: None,
                nonces: HashMap::new(),
                cfg: Config {
                    limits: match std::env::var("FOURBOT_FAKE_RATE_LIMITS").as_deref() {
                        Ok("off") => RateLimits::off(),
                        _ => RateLimits::default(),
                    },
                    ..Config::default()
                },
                limiter: limits::Limiter::new(),
                deprecated: Vec::new(),
                mention_violations: Vec::new(),
                nicknames: HashMap::new(),
                intents: None,
                identified: Vec::new(),
                refused_identifies: 0,
                heartbeat_timeouts: 0,
                old_edits: HashMap::new(),
                present_id: 0,
                upload_limits: HashMap::new(),
                dms: HashMap::new(),
                dms_closed: HashSet::new(),
                started_by: std::thread::current().name().unwrap_or("?").to_string(),
                gateway_port,
                outage: Outage::None,
                upgrades: Vec::new(),
                identify_times: Vec::new(),
                identifies_too_fast: 0,
                retry_not_before: HashMap::new(),
                early_retries: Vec::new(),
                session_starts: SessionStarts {
                    total: 1000,
                    remaining: 1000,
                    resets_at: Instant::now() + Duration::from_secs(86_400),
                    max_concurrency: 1,
                    exceeded: 0,
                },
            })),
            gateway_changed: Arc::default(),
        };
        tokio::spawn(fake.clone().gateway_listener(gateway));
        let f = fake.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let f = f.clone();
                tokio::spawn(async move {
                    let _ = f.serve(stream).await;
                });
            }
        });
        fake
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// A fresh snowflake.
    pub fn next_id(&self) -> u64 {
        let mut s = self.state.lock().unwrap();
        s.next_id += 1;
        s.next_id
    }

    /// Every request carried out so far (with Discord's refusals; not the
    /// rate-limited or faulted ones that were not carried out).
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().unwrap().requests.clone()
    }

    /// Every request that created a message in `channel`, in order: a
    /// create-message there, a follow-up of an interaction made there, an
    /// interaction response that creates a message (types 4 and 5).
    pub fn posts_in(&self, channel: u64) -> Vec<Recorded> {
        let s = self.state.lock().unwrap();
        let in_channel = |token: &str| {
            s.interactions
                .get(token)
                .is_some_and(|i| i.channel == channel)
        };
        s.requests
            .iter()
            .filter(|r| {
                let segs: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
                match (r.method.as_str(), segs.as_slice()) {
                    ("POST", ["channels", c, "messages"]) => *c == channel.to_string(),
                    ("POST", ["webhooks", _, token]) => in_channel(token),
                    ("POST", ["interactions", _, token, "callback"]) => {
                        matches!(r.json["type"].as_u64(), Some(4 | 5)) && in_channel(token)
                    }
                    _ => false,
                }
            })
            .cloned()
            .collect()
    }

    /// Every request that edited message `message`, in order: an edit
    /// through its channel, through an interaction token (its follow-up, or
    /// the original response of a press on it), or an interaction response
    /// that updates it (type 7).
    pub fn edits_of(&self, message: u64) -> Vec<Recorded> {
        let s = self.state.lock().unwrap();
        let id = message.to_string();
        let pressed_on = |token: &str| {
            s.interactions
                .get(token)
                .is_some_and(|i| i.message == Some(message) || i.original == Some(message))
        };
        s.requests
            .iter()
            .filter(|r| {
                let segs: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
                match (r.method.as_str(), segs.as_slice()) {
                    ("PATCH", ["channels", _, "messages", m]) => *m == id,
                    ("PATCH", ["webhooks", _, token, "messages", "@original"]) => pressed_on(token),
                    ("PATCH", ["webhooks", _, _, "messages", m]) => *m == id,
                    ("POST", ["interactions", _, token, "callback"]) => {
                        r.json["type"] == 7 && pressed_on(token)
                    }
                    _ => false,
                }
            })
            .cloned()
            .collect()
    }

    /// Gateway op codes the bot sent.
    pub fn gateway_ops(&self) -> Vec<u64> {
        self.state.lock().unwrap().gateway_ops.clone()
    }

    /// A message as it stands now.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.state.lock().unwrap().messages.get(&id).cloned()
    }

    /// A channel as it stands now (as Discord's API returns it).
    pub fn channel(&self, id: u64) -> Option<Value> {
        self.state
            .lock()
            .unwrap()
            .channels
            .get(&id)
            .map(Channel::json)
    }

    /// The bot's messages (its posts, interaction responses and follow-ups)
    /// in `channel`, oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        self.all_messages_in(channel)
            .into_iter()
            .filter(|m| m["author"]["id"] == json!(BOT_ID.to_string()))
            .collect()
    }

    /// Every message in `channel` (the users' typed ones too), oldest
    /// first.
    pub fn all_messages_in(&self, channel: u64) -> Vec<Value> {
        let s = self.state.lock().unwrap();
        let mut v: Vec<(u64, Value)> = s
            .messages
            .iter()
            .filter(|(_, m)| m["channel_id"] == json!(channel.to_string()))
            .map(|(id, m)| (*id, m.clone()))
            .collect();
        v.sort_by_key(|(id, _)| *id);
        v.into_iter().map(|(_, m)| m).collect()
    }

    /// The message an interaction's response created (or, for a component
    /// answered with type 6 or 7, the message the component was on), once
    /// it shows something: a deferred response's loading message counts
    /// only once it was edited.
    pub fn original(&self, interaction: u64) -> Option<Value> {
        let s = self.state.lock().unwrap();
        let i = s.interactions.get(&format!("token-{interaction}"))?;
        if i.loading {
            return None;
        }
        i.original.and_then(|m| s.messages.get(&m).cloned())
    }

    /// What happened to `interaction` (by id, as pushed by the helpers
    /// with token `token-{id}`).
    pub fn interaction(&self, interaction: u64) -> Option<InteractionState> {
        let s = self.state.lock().unwrap();
        let i = s.interactions.get(&format!("token-{interaction}"))?;
        Some(InteractionState {
            acked: i.acked,
            dead: i.dead,
            original: i.original,
            followups: i.followups.clone(),
        })
    }

    /// Waits until `check` finds something in the state (polling), for
    /// up to 15 s.
    pub async fn wait_for<T>(&self, what: &str, check: impl FnMut(&FakeDiscord) -> Option<T>) -> T {
        self.wait_within(what, Duration::from_secs(15), check).await
    }

    /// [`FakeDiscord::wait_for`] for up to `limit` (serenity starts a
    /// bot's shards five seconds apart, Discord's identify limit).
    pub async fn wait_within<T>(
        &self,
        what: &str,
        limit: Duration,
        mut check: impl FnMut(&FakeDiscord) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            if let Some(t) = check(self) {
                return t;
            }
            if tokio::time::Instant::now() > deadline {
                let reqs: Vec<String> = self
                    .requests()
                    .iter()
                    .map(|r| {
                        let json: String = r.json.to_string().chars().take(300).collect();
                        format!("{} {} → {} {json}", r.method, r.path, r.status)
                    })
                    .collect();
                let counts = self.counts();
                let per_route: Vec<String> = counts
                    .per_route
                    .iter()
                    .filter(|(_, c)| c.limited > 0)
                    .map(|(r, c)| format!("{r}: {}", c.limited))
                    .collect();
                panic!(
                    "timed out waiting for {what}; {} answered 429 ({}); requests:\n{}",
                    counts.limited,
                    per_route.join(", "),
                    reqs.join("\n")
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until the bot is connected and has registered its commands.
    pub async fn wait_ready(&self) {
        self.wait_for("command registration", |f| {
            f.requests()
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .then_some(())
        })
        .await;
    }

    /// Pushes a dispatch event to the bot, as Discord would send it.
    ///
    /// `INTERACTION_CREATE`: the fake remembers the interaction (its
    /// channel, the message of a component, when it was pushed, its
    /// `attachment_size_limit`) and fills in what Discord computes:
    /// `app_permissions` (the bot's permissions in the channel), the
    /// partial `channel`, the resolved channels of channel options,
    /// `authorizing_integration_owners` and `context`. It panics for what
    /// Discord would never send: an interaction from a channel the fake
    /// does not know or of another guild (from a DM: naming a guild, or
    /// by another user than the DM's, [`in_dm`]), or a command from an archived
    /// thread (`developers/topics/threads.mdx`: users cannot "use
    /// application commands … in archived threads").
    ///
    /// `MESSAGE_CREATE`: the message is kept (the bot may reply to or fetch
    /// it); a message into an archived, unlocked thread unarchives it; the
    /// bot does not get it from a channel it cannot view, and gets it as
    /// its intents allow ([`filter_message`]).
    pub fn dispatch(&self, event: &str, d: Value) {
        let mut s = self.state.lock().unwrap();
        let Some(d) = prepare(&mut s, event, d) else {
            return;
        };
        // The session of the guild's shard (`developers/events/gateway.mdx`,
        // "Sharding": `shard_id = (guild_id >> 22) % num_shards`; events
        // without a guild go to shard 0), or the shard it waits for.
        let guild = event_guild(&s, &d);
        let key = s
            .sessions
            .iter()
            .map(|x| x.shard)
            .find(|&(id, n)| guild.map_or(0, |g| shard_of(g, n)) == id)
            .unwrap_or_else(|| {
                let n = s.num_shards;
                (guild.map_or(0, |g| shard_of(g, n)), n)
            });
        let seq = {
            let seq = s.seqs.entry(key).or_insert(0);
            *seq += 1;
            *seq
        };
        let frame = json!({"op": 0, "s": seq, "t": event, "d": d});
        let text = frame.to_string();
        let lean = s.lean;
        let backlog = s.backlog.entry(key).or_default();
        backlog.push((seq, text.clone()));
        if lean && backlog.len() > 20_000 {
            backlog.drain(..10_000);
        }
        // While the bot is reconnecting the event waits in the backlog: the
        // RESUME replays what the bot has not seen (as Discord does).
        if let Some(session) = s.sessions.iter().find(|x| x.shard == key) {
            let _ = session.tx.send(Frame::Text(text));
        }
    }

    /// Gives `user` the nickname `nick` in `guild` (`None` removes it), as a
    /// member or a moderator of that server can: from now on the member
    /// object of every interaction and typed message of `user` in `guild`
    /// carries it (`developers/resources/guild.mdx`, "Guild Member
    /// Object": `nick`, "this user's guild nickname"); other guilds do not
    /// see it.
    pub fn set_nickname(&self, guild: u64, user: TestUser, nick: Option<&str>) {
        let mut s = self.state.lock().unwrap();
        match nick {
            Some(n) => s.nicknames.insert((guild, user.id), n.to_string()),
            None => s.nicknames.remove(&(guild, user.id)),
        };
    }

    /// What [`FakeDiscord::dispatch`] would send for `event` now, without
    /// sending it (an interaction is remembered all the same).
    pub fn as_dispatched(&self, event: &str, d: Value) -> Option<Value> {
        prepare(&mut self.state.lock().unwrap(), event, d)
    }

    /// The fake answers the next `count` requests whose method is `method`
    /// and whose path contains `path_contains` with `fault` (carried out
    /// first for [`Fault::ServerErrorAfterDoing`] and
    /// [`Fault::DropAfterDoing`]; the others are not in
    /// [`FakeDiscord::requests`], only in [`FakeDiscord::served`]).
    pub fn inject(&self, method: &str, path_contains: &str, fault: Fault, count: u32) {
        self.state.lock().unwrap().faults.push(FaultRule {
            method: method.to_string(),
            path_contains: path_contains.to_string(),
            fault,
            remaining: count,
        });
    }

    /// The next `count` requests `method` whose path contains
    /// `path_contains` are answered only after `pause` (as Discord under
    /// load; docs/reliability.md).
    pub fn slow(&self, method: &str, path_contains: &str, pause: Duration, count: u32) {
        self.state.lock().unwrap().slow.push((
            method.to_string(),
            path_contains.to_string(),
            pause,
            count,
        ));
    }

    /// The requests a [`FakeDiscord::slow`] rule held back (still holding,
    /// or answered since): (method, path), in the order they came — from
    /// the moment they arrived, while [`FakeDiscord::served`] has them
    /// only once answered.
    pub fn held(&self) -> Vec<(String, String)> {
        self.state.lock().unwrap().held.clone()
    }

    /// Removes every injected fault (and slow route) not used up yet.
    pub fn clear_faults(&self) {
        self.state.lock().unwrap().slow.clear();
        self.state.lock().unwrap().faults.clear();
    }

    /// Every REST request served so far, faulted and rate-limited ones
    /// included.
    pub fn served(&self) -> Vec<Served> {
        self.state.lock().unwrap().served.clone()
    }

    /// Closes the gateway connection abruptly (no close frame), as a network
    /// failure would; the bot reconnects and resumes. Events dispatched
    /// meanwhile are replayed on RESUME.
    pub fn drop_gateway(&self) {
        let mut s = self.state.lock().unwrap();
        s.sessions.clear();
        for (_, kill) in s.kills.drain() {
            let _ = kill.send(());
        }
    }

    /// Serves the gateway's port: connections are served as on the API's
    /// port (the websocket upgrade), and while the outage is
    /// [`Outage::Refused`] the port is closed, so that connecting is
    /// refused (`ECONNREFUSED`), then bound again.
    async fn gateway_listener(self, listener: TcpListener) {
        let port = listener.local_addr().unwrap().port();
        let mut listener = Some(listener);
        loop {
            let changed = self.gateway_changed.notified();
            tokio::pin!(changed);
            // Registered before the outage is read: no change is missed.
            changed.as_mut().enable();
            let refused = self.state.lock().unwrap().outage == Outage::Refused;
            if refused {
                listener = None;
                changed.await;
                continue;
            }
            let l = match &listener {
                Some(l) => l,
                None => match TcpListener::bind(("127.0.0.1", port)).await {
                    Ok(l) => listener.insert(l),
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
            };
            tokio::select! {
                accepted = l.accept() => {
                    if let Ok((stream, _)) = accepted {
                        let f = self.clone();
                        tokio::spawn(async move {
                            let _ = f.serve(stream).await;
                        });
                    }
                }
                () = changed => {}
            }
        }
    }

    /// Starts (or ends, with [`Outage::None`]) a gateway outage; its start
    /// drops every gateway connection without a close frame, as a failing
    /// gateway does.
    pub fn set_outage(&self, outage: Outage) {
        self.state.lock().unwrap().outage = outage;
        if outage != Outage::None {
            self.drop_gateway();
        }
        self.gateway_changed.notify_waiters();
    }

    /// Requests (method, path) sent again before the `retry_after` of the
    /// 429 their path was answered with had passed.
    pub fn early_retries(&self) -> Vec<(String, String)> {
        self.state.lock().unwrap().early_retries.clone()
    }

    /// The gateway's own port (`GET /gateway` names it).
    pub fn gateway_port(&self) -> u16 {
        self.state.lock().unwrap().gateway_port
    }

    /// When each websocket upgrade was asked for, refused ones included.
    pub fn upgrades(&self) -> Vec<Instant> {
        self.state.lock().unwrap().upgrades.clone()
    }

    /// When each IDENTIFY arrived, and its shard.
    pub fn identify_times(&self) -> Vec<(Instant, u32)> {
        self.state.lock().unwrap().identify_times.clone()
    }

    /// Waits until an IDENTIFY of shard 0 would be allowed again (5 s after
    /// the last one, as Discord counts them per bot, whatever process sent
    /// them): for tests that start a bot again at once.
    pub async fn identify_window_passed(&self) {
        let last = self.identify_times().last().map(|(at, _)| *at);
        if let Some(at) = last {
            let until = at + Duration::from_millis(5_100);
            tokio::time::sleep(until.saturating_duration_since(Instant::now())).await;
        }
    }

    /// IDENTIFYs that came sooner than `max_concurrency` per 5 s allows.
    pub fn identifies_too_fast(&self) -> u32 {
        self.state.lock().unwrap().identifies_too_fast
    }

    /// Sets `GET /gateway/bot`'s session start limit: `remaining` of
    /// `total` until `reset_after` from now, `max_concurrency` IDENTIFYs
    /// per 5 s.
    pub fn set_session_starts(
        &self,
        total: u32,
        remaining: u32,
        reset_after: Duration,
        max_concurrency: u32,
    ) {
        self.state.lock().unwrap().session_starts = SessionStarts {
            total,
            remaining,
            resets_at: Instant::now() + reset_after,
            max_concurrency,
            exceeded: 0,
        };
    }

    /// The session start limit as it stands.
    pub fn session_starts(&self) -> SessionStarts {
        self.state.lock().unwrap().session_starts
    }

    /// Gateway connections accepted so far.
    pub fn connections(&self) -> u32 {
        self.state.lock().unwrap().connections
    }

    /// Lean mode for load runs: requests are no longer kept (only counted
    /// by the observer), attachments are not kept, the backlog is bounded.
    pub fn set_lean(&self, lean: bool) {
        self.state.lock().unwrap().lean = lean;
    }

    /// Calls `observer` for every REST request served from now on.
    pub fn observe(&self, observer: Observer) {
        self.state.lock().unwrap().observer = Some(observer);
    }

    /// Forgets the gateway session, as after the bot's process died: the
    /// next connection identifies anew.
    pub fn forget_session(&self) {
        let mut s = self.state.lock().unwrap();
        s.sessions.clear();
        s.kills.clear();
    }

    /// Asks the bot to reconnect (op 7), every session.
    pub fn reconnect(&self) {
        let mut s = self.state.lock().unwrap();
        assert!(!s.sessions.is_empty(), "a gateway session");
        for session in s.sessions.drain(..) {
            session
                .tx
                .send(Frame::Text(json!({"op": 7, "d": null}).to_string()))
                .unwrap();
        }
    }

    // ------------------------------------------------------- shards

    /// Adds a guild the bot is in, on shard `shard` of `num_shards`
    /// (its id chosen so), with a text channel; returns (guild, channel).
    pub fn add_guild_on(&self, shard: u32, num_shards: u32) -> (u64, u64) {
        let guild = {
            let mut s = self.state.lock().unwrap();
            let mut g = (GUILD_ID >> 22) + 1;
            while shard_of(g << 22, num_shards) != shard || s.guilds.contains(&(g << 22 | 1)) {
                g += 1;
            }
            let guild = g << 22 | 1;
            s.guilds.push(guild);
            guild
        };
        (guild, self.add_channel_in(guild, kind::GUILD_TEXT, None))
    }

    /// Sets `GET /gateway/bot`'s recommended number of shards.
    pub fn set_recommended_shards(&self, n: u32) {
        self.state.lock().unwrap().recommended_shards = n;
    }

    /// Sets the most guilds one session may hold (4011 above it).
    pub fn set_shard_guild_limit(&self, n: usize) {
        self.state.lock().unwrap().shard_guild_limit = n;
    }

    /// Acknowledges heartbeats (the default) or, with `false`, lets them
    /// go unanswered while the connection stays open (a dead gateway).
    pub fn set_heartbeat_acks(&self, acks: bool) {
        self.state.lock().unwrap().cfg.heartbeat_acks = acks;
    }

    /// Stops closing IDENTIFYs ([`FakeDiscord::close_identify_with`]).
    pub fn stop_closing_identify(&self) {
        self.state.lock().unwrap().close_identify = None;
    }

    /// Answers every IDENTIFY from now on with close `code`.
    pub fn close_identify_with(&self, code: u16) {
        self.state.lock().unwrap().close_identify = Some(code);
    }

    /// The `(shard_id, num_shards)` of every IDENTIFY that got READY.
    pub fn identified_shards(&self) -> Vec<(u32, u32)> {
        self.state.lock().unwrap().identified_shards.clone()
    }

    /// The shards with a session now.
    pub fn live_shards(&self) -> Vec<(u32, u32)> {
        let mut shards: Vec<(u32, u32)> = self
            .state
            .lock()
            .unwrap()
            .sessions
            .iter()
            .map(|x| x.shard)
            .collect();
        shards.sort_unstable();
        shards
    }

    /// The close codes the fake sent, in order.
    pub fn closes(&self) -> Vec<u16> {
        self.state.lock().unwrap().closes.clone()
    }

    /// Archives a thread as Discord's auto-archive would, and tells the bot
    /// with a THREAD_UPDATE (`developers/events/gateway-events.mdx`,
    /// "Thread Update", sent to sessions with the `GUILDS` intent).
    pub fn archive(&self, thread: u64) {
        let json = {
            let mut s = self.state.lock().unwrap();
            let Some(t) = s.channels.get_mut(&thread) else {
                return;
            };
            assert!(t.is_thread(), "only threads archive");
            t.archived = true;
            t.json()
        };
        self.dispatch("THREAD_UPDATE", json);
    }

    /// Locks (and archives) a thread, as a moderator would.
    pub fn lock(&self, thread: u64) {
        let mut s = self.state.lock().unwrap();
        let t = s.channels.get_mut(&thread).expect("a known thread");
        assert!(t.is_thread(), "only threads lock");
        t.locked = true;
        t.archived = true;
    }

    // ------------------------------------------------------- channels

    /// Adds a channel of `kind` ([`kind`]) to [`GUILD_ID`] and returns its
    /// id. A thread needs `parent` (a text, announcement, forum or media
    /// channel); it is started by [`ALICE`] (so the bot is not its creator)
    /// and inherits the parent's permissions.
    pub fn add_channel(&self, kind: u8, parent: Option<u64>) -> u64 {
        self.add_channel_in(GUILD_ID, kind, parent)
    }

    /// Like [`FakeDiscord::add_channel`], in `guild`.
    pub fn add_channel_in(&self, guild: u64, kind: u8, parent: Option<u64>) -> u64 {
        let id = self.next_id();
        let mut s = self.state.lock().unwrap();
        let mut c = Channel::new(id, kind, guild, &format!("channel-{kind}-{id}"));
        if kind::is_thread(kind) {
            let p = parent.expect("a thread has a parent");
            let pk = s.channels.get(&p).expect("a known parent").kind;
            assert!(
                matches!(
                    pk,
                    kind::GUILD_TEXT
                        | kind::GUILD_ANNOUNCEMENT
                        | kind::GUILD_FORUM
                        | kind::GUILD_MEDIA
                ),
                "threads live in text, announcement, forum and media channels"
            );
            c.parent = Some(p);
            c.owner = Some(ALICE.id);
        } else {
            c.parent = parent;
        }
        s.channels.insert(id, c);
        id
    }

    /// Removes `bits` ([`perm`]) from the bot's permissions in `channel`
    /// (a channel overwrite). Threads have no overwrites of their own
    /// (they inherit their parent's: `developers/topics/threads.mdx`,
    /// "Permissions"): deny on the parent.
    pub fn deny(&self, channel: u64, bits: u64) {
        self.edit_channel(channel, |c| c.bot_permissions &= !bits);
    }

    /// Gives the bot `bits` in `channel` back.
    pub fn allow(&self, channel: u64, bits: u64) {
        self.edit_channel(channel, |c| c.bot_permissions |= bits);
    }

    /// Sets the bot's permissions in `channel`.
    pub fn set_bot_permissions(&self, channel: u64, bits: u64) {
        self.edit_channel(channel, |c| c.bot_permissions = bits);
    }

    fn edit_channel(&self, channel: u64, f: impl FnOnce(&mut Channel)) {
        let mut s = self.state.lock().unwrap();
        let c = s.channels.get_mut(&channel).expect("a known channel");
        assert!(
            !c.is_thread(),
            "threads inherit their parent's permissions: change the parent"
        );
        f(c);
    }

    /// The bot's permissions in `channel` as `app_permissions` carries them
    /// (a thread: its parent's).
    pub fn bot_permissions(&self, channel: u64) -> Option<u64> {
        rest::raw_permissions(&self.state.lock().unwrap(), channel)
    }

    /// Sets the upload limit of `guild` (bytes per file; default
    /// [`DEFAULT_UPLOAD_LIMIT`]).
    pub fn set_upload_limit(&self, guild: u64, bytes: u64) {
        self.state
            .lock()
            .unwrap()
            .upload_limits
            .insert(guild, bytes);
    }

    // ------------------------------------------------------------- DMs

    /// Whether `user` takes direct messages from the bot (default: yes).
    /// Closed, a message into their DM channel is answered 403 / 50007
    /// "Cannot send messages to this user", as when they share no server
    /// with the bot, turned off the server's direct messages or blocked
    /// it (`developers/topics/opcodes-and-status-codes.mdx`, "JSON Error
    /// Codes"); opening the DM channel (`developers/resources/user.mdx`,
    /// "Create DM") still works, as on Discord.
    pub fn set_dms_open(&self, user: u64, open: bool) {
        let mut s = self.state.lock().unwrap();
        if open {
            s.dms_closed.remove(&user);
        } else {
            s.dms_closed.insert(user);
        }
    }

    /// The DM channel of the bot with `user` (the one Create DM opens,
    /// opened now if there is none yet): where [`in_dm`] interactions come
    /// from.
    pub fn dm_channel(&self, user: u64) -> u64 {
        rest::open_dm(&mut self.state.lock().unwrap(), user)
    }

    /// The bot's direct messages to `user` (in the DM channel Create DM
    /// opened), oldest first.
    pub fn dms_to(&self, user: u64) -> Vec<Value> {
        let channel = self.state.lock().unwrap().dms.get(&user).copied();
        channel.map(|c| self.messages_in(c)).unwrap_or_default()
    }

    // ---------------------------------------------------------- clocks

    /// Moves `interaction` (by id) `by` into the past: its 3 s to answer
    /// and its token's 15 minutes count from then.
    pub fn age_interaction(&self, interaction: u64, by: Duration) {
        let mut s = self.state.lock().unwrap();
        let i = s
            .interactions
            .get_mut(&format!("token-{interaction}"))
            .expect("a pushed interaction");
        i.pushed = i.pushed.checked_sub(by).expect("an instant that far back");
    }

    /// Sets how long after its push an interaction may be acknowledged
    /// (default [`ACK_WINDOW`], 3 s).
    pub fn set_ack_window(&self, window: Duration) {
        self.state.lock().unwrap().cfg.ack_window = window;
    }

    /// Ids minted from now on (messages, threads, interactions) carry a
    /// time `age` in the past, so that a message created now is as old as
    /// Discord would see it after `age`; `Duration::ZERO` returns to the
    /// present, never reusing an id.
    pub fn set_id_age(&self, age: Duration) {
        let mut s = self.state.lock().unwrap();
        if age.is_zero() {
            s.next_id = s.next_id.max(s.present_id);
            return;
        }
        s.present_id = s.present_id.max(s.next_id);
        let then = unix_ms_now() - age.as_millis() as u64 - DISCORD_EPOCH_MS;
        s.next_id = then << 22;
    }

    /// Sets how many edits of messages older than an hour a channel may
    /// have in a window (default [`OLD_EDITS`]).
    pub fn set_old_edits(&self, limit: usize, window: Duration) {
        self.state.lock().unwrap().cfg.old_edits = (limit, window);
    }

    /// Sets how long an interaction token works (default
    /// [`TOKEN_LIFETIME`], 15 minutes).
    pub fn set_token_lifetime(&self, lifetime: Duration) {
        self.state.lock().unwrap().cfg.token_lifetime = lifetime;
    }

    // --------------------------------------------------------- gateway

    /// Sets the privileged intents enabled for the application
    /// ([`intent::PRIVILEGED`] bits; default: all three).
    pub fn set_privileged_intents(&self, enabled: u64) {
        self.state.lock().unwrap().cfg.privileged = enabled & intent::PRIVILEGED;
    }

    /// Sets HELLO's `heartbeat_interval` and how late a heartbeat may be
    /// before the fake closes the connection (for connections opened from
    /// now on; default 41.25 s and 5 s).
    pub fn set_heartbeat(&self, interval: Duration, tolerance: Duration) {
        let mut s = self.state.lock().unwrap();
        s.cfg.heartbeat_interval = interval;
        s.cfg.heartbeat_tolerance = tolerance;
    }

    /// The intents of every IDENTIFY answered with READY, in order.
    pub fn identified_intents(&self) -> Vec<u64> {
        self.state.lock().unwrap().identified.clone()
    }

    /// How many IDENTIFYs were closed with 4014.
    pub fn refused_identifies(&self) -> u32 {
        self.state.lock().unwrap().refused_identifies
    }

    /// How many connections the fake closed for missing heartbeats.
    pub fn heartbeat_timeouts(&self) -> u32 {
        self.state.lock().unwrap().heartbeat_timeouts
    }

    // ---------------------------------------------------- rate limits

    /// Replaces the rate limits (default [`RateLimits::default`]: on).
    pub fn set_rate_limits(&self, limits: RateLimits) {
        let mut s = self.state.lock().unwrap();
        s.cfg.limits = limits;
        s.limiter.reset_windows();
    }

    /// What the fake counted: non-exempt and exempt requests, 429s, in
    /// total and per route template.
    pub fn counts(&self) -> Counts {
        self.state.lock().unwrap().limiter.counts.clone()
    }

    /// Deprecated fields seen in command registrations
    /// (`"PUT /api/v10/applications/…/commands: 3.dm_permission"`).
    pub fn deprecated_fields(&self) -> Vec<String> {
        self.state.lock().unwrap().deprecated.clone()
    }

    /// Every message the bot created or edited (channel messages,
    /// interaction responses, follow-ups, webhook edits) whose
    /// `allowed_mentions` would let Discord ping `@everyone`, `@here`, a
    /// role, or a user the message does not list in
    /// `allowed_mentions.users` (`mentions::violation`): one line each.
    pub fn mention_violations(&self) -> Vec<String> {
        self.state.lock().unwrap().mention_violations.clone()
    }
}

/// What [`FakeDiscord::dispatch`] sends for `event` (`None`: nothing).
fn prepare(s: &mut State, event: &str, mut d: Value) -> Option<Value> {
    member_nickname(s, &mut d);
    match event {
        "INTERACTION_CREATE" => enrich_interaction(s, &mut d),
        "MESSAGE_CREATE" | "MESSAGE_UPDATE" => {
            let channel: u64 = d["channel_id"]
                .as_str()
                .and_then(|c| c.parse().ok())
                .unwrap_or(0);
            if event == "MESSAGE_CREATE" {
                if let Some(id) = d["id"].as_str().and_then(|i| i.parse::<u64>().ok()) {
                    s.messages.insert(id, d.clone());
                    s.by_channel.entry(channel).or_default().insert(id);
                }
                if let Some(c) = s.channels.get_mut(&channel) {
                    if c.is_thread() && c.archived && !c.locked {
                        c.archived = false;
                    }
                }
            }
            let visible = rest::raw_permissions(s, channel)
                .map(|p| p & perm::VIEW_CHANNEL != 0)
                .unwrap_or(d.get("guild_id").is_none());
            let intents = s.intents.unwrap_or(u64::MAX);
            return filter_message(d, intents).filter(|_| visible);
        }
        _ => {}
    }
    Some(d)
}

/// Sets the `nick` of the event's member (an interaction's or a typed
/// message's) to the nickname its user has in the event's guild
/// ([`FakeDiscord::set_nickname`]), if any.
fn member_nickname(s: &State, d: &mut Value) {
    let Some(guild) = d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok()) else {
        return;
    };
    let user = if d["member"]["user"].is_object() {
        &d["member"]["user"]["id"]
    } else {
        &d["author"]["id"]
    };
    let Some(user) = user.as_str().and_then(|u| u.parse::<u64>().ok()) else {
        return;
    };
    if let (Some(nick), Some(member)) = (
        s.nicknames.get(&(guild, user)),
        d.get_mut("member").and_then(Value::as_object_mut),
    ) {
        member.insert("nick".to_string(), json!(nick));
    }
}

/// Remembers an interaction and fills in what Discord computes (see
/// [`FakeDiscord::dispatch`]).
fn enrich_interaction(s: &mut State, d: &mut Value) {
    let Some(token) = d.get("token").and_then(Value::as_str).map(str::to_string) else {
        return;
    };
    let id: u64 = d["id"]
        .as_str()
        .and_then(|x| x.parse().ok())
        .expect("an interaction id");
    let kind = d["type"].as_u64().unwrap_or(0) as u8;
    let channel: u64 = d["channel_id"]
        .as_str()
        .and_then(|x| x.parse().ok())
        .expect("an interaction's channel_id");
    let c = s
        .channels
        .get(&channel)
        .unwrap_or_else(|| {
            panic!("an interaction from channel {channel}, which the fake does not know")
        })
        .clone();
    let guild: Option<u64> = d["guild_id"].as_str().and_then(|g| g.parse().ok());
    if let Some(recipient) = c.recipient {
        // The bot's DM with a user ([`in_dm`]): no guild, and only that
        // user is in it.
        assert_eq!(
            guild, None,
            "an interaction from DM {channel} names a guild"
        );
        assert_eq!(
            d["user"]["id"].as_str(),
            Some(recipient.to_string().as_str()),
            "an interaction from DM {channel} by another user than its recipient"
        );
    } else {
        assert_eq!(
            guild,
            Some(c.guild),
            "an interaction from channel {channel} names another guild"
        );
    }
    if matches!(kind, 2 | 4) && c.is_thread() && c.archived {
        panic!("Discord delivers no command from an archived thread ({channel})");
    }
    let app = rest::raw_permissions(s, channel).unwrap_or(0);
    d["app_permissions"] = json!(app.to_string());
    let mut partial = c.json();
    partial["permissions"] = d["member"]["permissions"].clone();
    d["channel"] = partial;
    // GUILD_INSTALL's owner: the server, or "0" in the bot's DM (a DM
    // channel's guild is 0); the context GUILD (0) or BOT_DM (1).
    d["authorizing_integration_owners"] = json!({"0": c.guild.to_string()});
    d["context"] = json!(if c.recipient.is_some() { 1 } else { 0 });
    if let Some(resolved) = d
        .get_mut("data")
        .and_then(|x| x.get_mut("resolved"))
        .and_then(|x| x.get_mut("channels"))
        .and_then(Value::as_object_mut)
    {
        for (rid, v) in resolved.iter_mut() {
            if let Some(rc) = rid.parse::<u64>().ok().and_then(|r| s.channels.get(&r)) {
                let mut j = rc.json();
                j["permissions"] = json!("0");
                let p = rest::raw_permissions(s, rc.id).unwrap_or(0);
                j["app_permissions"] = json!(p.to_string());
                *v = j;
            }
        }
    }
    let message = d
        .get("message")
        .and_then(|m| m["id"].as_str())
        .and_then(|m| m.parse().ok());
    let user = d["member"]["user"].clone();
    let user = if user.is_null() {
        d["user"].clone()
    } else {
        user
    };
    s.interactions.insert(
        token,
        Interaction {
            id,
            kind,
            channel,
            guild,
            message,
            user,
            pushed: Instant::now(),
            size_limit: d["attachment_size_limit"]
                .as_u64()
                .unwrap_or(DEFAULT_UPLOAD_LIMIT),
            acked: None,
            dead: false,
            original: None,
            loading: false,
            followups: Vec::new(),
        },
    );
}
