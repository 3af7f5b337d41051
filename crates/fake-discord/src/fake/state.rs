//! What the fake keeps: the handle a test holds ([`FakeDiscord`]), the
//! state behind its lock, the configuration of Discord's clocks and the
//! interactions it pushed.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as Frame;

use super::intent;
use super::limits::{self, RateLimits};
use super::perms::{Channel, Guild};
use super::types::{Fault, Mode, Observer, Outage, Recorded, Served, SessionStarts};

/// The running fake: a handle on its state, cloned freely. Started by
/// [`FakeDiscord::start`]; what a test asks of it is in `mod.rs`, serving a
/// connection in `http.rs`, the gateway in `gateway.rs`.
#[derive(Clone)]
pub struct FakeDiscord {
    /// Its port on 127.0.0.1.
    pub port: u16,
    pub(super) state: Arc<Mutex<State>>,
    /// Woken when the gateway outage changes (the gateway's listener
    /// closes or opens its port).
    pub(super) gateway_changed: Arc<tokio::sync::Notify>,
}

/// Everything the fake keeps, behind [`FakeDiscord`]'s lock: read and
/// changed by the test-facing methods (`mod.rs`), the HTTP server
/// (`http.rs`), the routes (`rest.rs`) and the gateway (`gateway.rs`).
pub(crate) struct State {
    pub(super) mode: Mode,
    pub(super) requests: Vec<Recorded>,
    /// Gateway ops received (op numbers).
    pub(super) gateway_ops: Vec<u64>,
    pub(super) messages: HashMap<u64, Value>,
    /// Message ids by channel, for listing a channel's messages without
    /// scanning every message (load runs keep hundreds of thousands); ids
    /// of deleted messages may linger and are skipped.
    pub(super) by_channel: HashMap<u64, std::collections::BTreeSet<u64>>,
    /// Messages a thread was started from.
    pub(super) threads_from: HashSet<u64>,
    pub(super) channels: HashMap<u64, Channel>,
    /// By token.
    pub(super) interactions: HashMap<String, Interaction>,
    pub(super) next_id: u64,
    /// The identified (or resumed) gateway sessions, one per shard.
    pub(super) sessions: Vec<Session>,
    pub(super) connections: u32,
    /// Per shard `(shard_id, num_shards)`: the last sequence number, and
    /// every dispatch sent, by sequence number, for replay on RESUME.
    pub(super) seqs: HashMap<(u32, u32), u64>,
    pub(super) backlog: HashMap<(u32, u32), Vec<(u64, String)>>,
    /// Per shard: the `d` of its session's last heartbeat (the last
    /// sequence number the bot says it received; `None` for `null`).
    pub(super) heartbeat_seqs: HashMap<(u32, u32), Option<u64>>,
    /// The number of shards of the last IDENTIFY (1 before any): where an
    /// event for a shard with no session waits.
    pub(super) num_shards: u32,
    /// The guilds the bot is in (READY lists those of the shard).
    pub(super) guilds: Vec<u64>,
    /// `GET /gateway/bot`'s recommended `shards`.
    pub(super) recommended_shards: u32,
    /// The most guilds one session may hold; more closes the IDENTIFY with
    /// 4011 (Discord: 2,500).
    pub(super) shard_guild_limit: usize,
    /// The `shard` of every IDENTIFY that got READY.
    pub(super) identified_shards: Vec<(u32, u32)>,
    /// Gateway close codes the fake sent.
    pub(super) closes: Vec<u16>,
    /// A close code to answer the next IDENTIFYs with (tests of fatal
    /// closes).
    pub(super) close_identify: Option<u16>,
    /// Injected REST faults (see [`Fault`]).
    pub(super) faults: Vec<FaultRule>,
    /// Slow routes: (method, path part, pause, requests left).
    pub(super) slow: Vec<(String, String, Duration, u32)>,
    /// Requests a slow route is holding back or held: (method, path).
    pub(super) held: Vec<(String, String)>,
    /// Every REST request served, with its status and time.
    pub(super) served: Vec<Served>,
    /// Drop each gateway connection without a close frame (by
    /// connection number).
    pub(super) kills: HashMap<u32, tokio::sync::oneshot::Sender<()>>,
    /// Lean mode (load runs): requests are not kept in `requests`, and
    /// `served` and the backlog stay short.
    pub(super) lean: bool,
    /// The messages a request created or edited, for the gateway events
    /// Discord sends about them (the bot's own included): (event, message
    /// id), sent when the request is done ([`super::FakeDiscord::dispatch`]).
    pub(super) echoes: Vec<(&'static str, u64)>,
    /// Dispatches sent or kept for a session, by event name.
    pub(super) dispatched: HashMap<String, u64>,
    /// Sees every request served (load runs).
    pub(super) observer: Option<Observer>,
    /// The message each create-message nonce made, and when (for
    /// `enforce_nonce`).
    pub(super) nonces: HashMap<String, (u64, Instant)>,
    pub(super) cfg: Config,
    pub(super) limiter: limits::Limiter,
    /// Deprecated fields seen in command registrations.
    pub(super) deprecated: Vec<String>,
    /// Bot messages that would ping someone they do not address
    /// (`mentions::violation`).
    pub(super) mention_violations: Vec<String>,
    /// Request bodies Discord's OpenAPI description refuses
    /// (`openapi::violations`), refused 400 / 50035.
    pub(super) openapi_violations: Vec<String>,
    /// Whether request bodies are checked against the OpenAPI
    /// description (on unless a contract test of the fake's own limits
    /// switches it off).
    pub(super) openapi_off: bool,
    /// Members' server nicknames, by (guild, user): an interaction or a
    /// typed message from that member in that guild carries it as its
    /// member's `nick` ([`FakeDiscord::set_nickname`]).
    pub(super) nicknames: HashMap<(u64, u64), String>,
    /// The intents of the last IDENTIFY.
    pub(super) intents: Option<u64>,
    /// The intents of every IDENTIFY that got READY.
    pub(super) identified: Vec<u64>,
    /// IDENTIFYs closed with 4014.
    pub(super) refused_identifies: u32,
    /// Connections closed for missing heartbeats.
    pub(super) heartbeat_timeouts: u32,
    /// Per channel: when each edit of a message older than an hour was
    /// made (the last [`Config::old_edits`] window).
    pub(super) old_edits: HashMap<u64, Vec<Instant>>,
    /// The next id to mint once [`FakeDiscord::set_id_age`] returns to the
    /// present (ids never repeat).
    pub(super) present_id: u64,
    /// Upload limit per guild (bytes), where a test changed it.
    pub(super) upload_limits: HashMap<u64, u64>,
    /// The DM channel opened with each user (Create DM).
    pub(super) dms: HashMap<u64, u64>,
    /// Users who take no direct messages from the bot (50007).
    pub(super) dms_closed: HashSet<u64>,
    /// The thread that started the fake (libtest names it after the test),
    /// for [`COUNTS_FILE_ENV`].
    pub(super) started_by: String,
    /// The gateway's own port (Discord's gateway is another host than its
    /// API: `GET /gateway` names it).
    pub(super) gateway_port: u16,
    /// A gateway outage under way.
    pub(super) outage: Outage,
    /// When each websocket upgrade was asked for (refused ones included).
    pub(super) upgrades: Vec<Instant>,
    /// When each IDENTIFY arrived, and its shard.
    pub(super) identify_times: Vec<(Instant, u32)>,
    /// IDENTIFYs that came sooner than `max_concurrency` per 5 s allows
    /// (answered with op 9).
    pub(super) identifies_too_fast: u32,
    /// `GET /gateway/bot`'s `session_start_limit`.
    pub(super) session_starts: SessionStarts,
    /// Per method and path: no retry before this (a 429's `retry_after`).
    pub(super) retry_not_before: HashMap<(String, String), Instant>,
    /// Requests that came before their path's `retry_after` had passed.
    pub(super) early_retries: Vec<(String, String)>,
    /// What the fake knows of guilds beyond their ids (their name,
    /// locale, system channel, when the bot joined): those a test made
    /// with [`FakeDiscord::add_guild`]; any other guild is
    /// [`State::guild`]'s default.
    pub(super) guild_info: HashMap<u64, Guild>,
    /// The commands registered last, globally (`None`) and per guild, as
    /// `PUT …/commands` answered them.
    pub(super) commands: HashMap<Option<u64>, Value>,
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
    /// What the fake knows of `guild`: what a test set, else a guild named
    /// after its id with locale `en-US`, joined long ago.
    pub(super) fn guild(&self, guild: u64) -> Guild {
        self.guild_info
            .get(&guild)
            .cloned()
            .unwrap_or_else(|| Guild::new(&format!("server {guild}"), "en-US"))
    }

    /// How long to hold this request back before answering it, if a
    /// [`FakeDiscord::slow`] rule matches (and counts it down).
    pub(super) fn take_slow(&mut self, method: &str, path: &str) -> Option<Duration> {
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
    pub(super) fn take_fault(&mut self, method: &str, path: &str) -> Option<Fault> {
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

/// The fake's configuration of Discord's clocks, the application and the
/// limits.
#[derive(Clone, Debug)]
pub(crate) struct Config {
    /// The initial response must come within this (3 s).
    pub(super) ack_window: Duration,
    /// An interaction token works this long (15 minutes).
    pub(super) token_lifetime: Duration,
    /// The privileged intents enabled for the application (developer
    /// portal → Bot).
    pub(super) privileged: u64,
    /// HELLO's `heartbeat_interval`.
    pub(super) heartbeat_interval: Duration,
    /// How late a heartbeat may come before the fake closes the
    /// connection.
    pub(super) heartbeat_tolerance: Duration,
    /// Whether heartbeats are acknowledged (op 11); without, a "dead"
    /// gateway that keeps the connection open.
    pub(super) heartbeat_acks: bool,
    /// Rate limits.
    pub(super) limits: RateLimits,
    /// Edits of messages older than an hour allowed per channel, and the
    /// window they are counted in.
    pub(super) old_edits: (usize, Duration),
    /// The one bot token Discord takes ([`FakeDiscord::accept_only_token`]);
    /// `None`: the fake does not look at `Authorization`.
    pub(super) token: Option<String>,
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
            token: None,
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

/// How long after an interaction its first callback may come
/// (`developers/interactions/receiving-and-responding.mdx`, "Interaction
/// Callback": "you must send an initial response within 3 seconds").
pub const ACK_WINDOW: Duration = Duration::from_secs(3);
/// How long an interaction token works (same page: "valid for 15
/// minutes").
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// How long Discord remembers a create-message nonce for `enforce_nonce`
/// ("the past few minutes"; the fake keeps it 3 minutes).
pub const NONCE_WINDOW: Duration = Duration::from_secs(180);

/// An interaction the fake pushed, and what happened to it.
#[derive(Clone, Debug)]
pub(crate) struct Interaction {
    pub(super) id: u64,
    /// Interaction type (2 command, 3 component, 4 autocomplete, 5 modal).
    pub(super) kind: u8,
    pub(super) channel: u64,
    pub(super) guild: Option<u64>,
    /// The message a component (or a modal opened from one) was on.
    pub(super) message: Option<u64>,
    /// The invoking user.
    pub(super) user: Value,
    /// When it was pushed (moved back by [`FakeDiscord::age_interaction`]).
    pub(super) pushed: Instant,
    /// Its `attachment_size_limit` in bytes.
    pub(super) size_limit: u64,
    /// The callback type accepted, once acknowledged.
    pub(super) acked: Option<u8>,
    /// The token was invalidated (a callback came too late).
    pub(super) dead: bool,
    /// `@original`: the message the response created, or for types 6 and
    /// 7 the message the component was on.
    pub(super) original: Option<u64>,
    /// The original is a deferred response's loading message not yet
    /// edited.
    pub(super) loading: bool,
    /// Follow-up messages created with the token.
    pub(super) followups: Vec<u64>,
}

impl Interaction {
    /// The `interaction_metadata` of a message it created
    /// (`developers/resources/message.mdx`, "Message Interaction Metadata
    /// Object").
    pub(super) fn metadata(&self) -> Value {
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

/// One identified gateway connection.
pub(crate) struct Session {
    /// The connection's number.
    pub(super) conn: u32,
    /// `(shard_id, num_shards)` it identified with.
    pub(super) shard: (u32, u32),
    pub(super) tx: mpsc::UnboundedSender<Frame>,
}

/// One [`FakeDiscord::inject`] rule: the requests it matches, its fault
/// and how many requests it has left.
pub(super) struct FaultRule {
    pub(super) method: String,
    pub(super) path_contains: String,
    pub(super) fault: Fault,
    pub(super) remaining: u32,
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
