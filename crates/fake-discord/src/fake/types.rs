//! What a test gives the fake and reads back: the requests it recorded
//! and served, the faults and outages it injects, the gateway's session
//! start limit.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;

/// One REST request as the fake carried it out (rate-limited and faulted
/// requests that were not carried out are only in [`FakeDiscord::served`](super::FakeDiscord::served)).
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

/// A shard's sequence as the fake sent it and as the bot's heartbeats
/// name it ([`super::FakeDiscord::heartbeat_seqs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeartbeatSeq {
    /// `(shard_id, num_shards)`.
    pub shard: (u32, u32),
    /// The sequence number of the last dispatch sent to the session.
    pub sent: u64,
    /// The `d` of the session's last heartbeat: `None` before any,
    /// `Some(None)` for `null`.
    pub heartbeat: Option<Option<u64>>,
}
