//! Rate limits as Discord applies them (discord-api-docs
//! `developers/topics/rate-limits.mdx`): per-route buckets keyed by the
//! route and its top-level resource (`channel_id`, `guild_id`,
//! `webhook_id` with `webhook_token`), the global limit of 50 requests per second per bot
//! from which interaction callbacks and interaction-token webhooks are
//! exempt (`developers/interactions/receiving-and-responding.mdx`,
//! "Endpoints": "not bound to the application's Global Rate Limit"), the
//! `X-RateLimit-*` headers on every answer and the 429 body `{"message",
//! "retry_after" (seconds, float), "global"}` with `Retry-After` and
//! `X-RateLimit-Scope`.
//!
//! Discord publishes no per-route numbers ("rate limits should not be hard
//! coded"); the fake's defaults ([`RateLimits::default`]) are the ones
//! commonly observed in the headers (5 per 5 s for creating and editing
//! messages in a channel, 5 per 2 s for a webhook) and otherwise its own
//! choice, each documented on the table. Windows are fixed: the first
//! request of a bucket opens a window of `per`; the bucket resets when it
//! ends.

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

/// `requests` per `per`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// How many requests a window allows.
    pub requests: u32,
    /// How long a window lasts.
    pub per: Duration,
}

/// `requests` per `secs` seconds.
pub const fn limit(requests: u32, millis: u64) -> Limit {
    Limit {
        requests,
        per: Duration::from_millis(millis),
    }
}

/// The fake's rate limits.
#[derive(Clone, Debug)]
pub struct RateLimits {
    /// Whether any limit applies (headers are sent either way).
    pub enabled: bool,
    /// The global limit per second (Discord: 50 per bot).
    pub global_per_second: u32,
    /// Per-route limits by route template (see [`Route::template`]), e.g.
    /// `"POST /channels/{channel_id}/messages"`.
    pub routes: BTreeMap<String, Limit>,
    /// The limit of every route not in `routes`.
    pub other: Limit,
}

impl Default for RateLimits {
    /// On, with:
    ///
    /// | route | limit | why |
    /// |---|---|---|
    /// | `POST /channels/{channel_id}/messages` | 5 / 5 s | commonly observed (`X-RateLimit-Limit: 5`, reset after 5 s) |
    /// | `PATCH /channels/{channel_id}/messages/{id}` | 5 / 5 s | commonly observed, a bucket of its own |
    /// | `DELETE /channels/{channel_id}/messages/{id}` | 5 / 1 s | commonly observed |
    /// | `POST /channels/{channel_id}/messages/{id}/threads` | 5 / 5 s | the fake's choice: a channel write like a message |
    /// | `PATCH /channels/{channel_id}` | 5 / 5 s | the fake's choice (Discord's 2 per 10 minutes for renaming is not modelled: the bot never renames) |
    /// | `PUT /applications/{application_id}/commands` (and the guild variant) | 5 / 20 s | the fake's choice |
    /// | `POST /interactions/{interaction_id}/{token}/callback` | 5 / 5 s, per interaction | the fake's choice; one callback per interaction is all Discord takes anyway |
    /// | `… /webhooks/{webhook_id}/{token}…` | 5 / 2 s, per route and token | commonly observed for webhooks |
    /// | any other route | 5 / 1 s | the fake's choice |
    /// | global | 50 / 1 s | documented (exempt: callbacks and interaction webhooks) |
    fn default() -> Self {
        let mut routes = BTreeMap::new();
        for (t, l) in [
            ("POST /channels/{channel_id}/messages", limit(5, 5000)),
            ("PATCH /channels/{channel_id}/messages/{id}", limit(5, 5000)),
            (
                "DELETE /channels/{channel_id}/messages/{id}",
                limit(5, 1000),
            ),
            (
                "POST /channels/{channel_id}/messages/{id}/threads",
                limit(5, 5000),
            ),
            ("PATCH /channels/{channel_id}", limit(5, 5000)),
            (
                "PUT /applications/{application_id}/commands",
                limit(5, 20_000),
            ),
            (
                "PUT /applications/{application_id}/guilds/{guild_id}/commands",
                limit(5, 20_000),
            ),
            (
                "POST /interactions/{interaction_id}/{token}/callback",
                limit(5, 5000),
            ),
            ("POST /webhooks/{webhook_id}/{token}", limit(5, 2000)),
            (
                "GET /webhooks/{webhook_id}/{token}/messages/@original",
                limit(5, 2000),
            ),
            (
                "PATCH /webhooks/{webhook_id}/{token}/messages/@original",
                limit(5, 2000),
            ),
            (
                "DELETE /webhooks/{webhook_id}/{token}/messages/@original",
                limit(5, 2000),
            ),
            (
                "GET /webhooks/{webhook_id}/{token}/messages/{id}",
                limit(5, 2000),
            ),
            (
                "PATCH /webhooks/{webhook_id}/{token}/messages/{id}",
                limit(5, 2000),
            ),
            (
                "DELETE /webhooks/{webhook_id}/{token}/messages/{id}",
                limit(5, 2000),
            ),
        ] {
            routes.insert(t.to_string(), l);
        }
        RateLimits {
            enabled: true,
            global_per_second: 50,
            routes,
            other: limit(5, 1000),
        }
    }
}

impl RateLimits {
    /// The defaults with every limit (the global one included) multiplied
    /// by `factor`: a test that floods on purpose, or a load run that
    /// measures something else.
    pub fn widened(factor: u32) -> RateLimits {
        let mut r = RateLimits::default();
        r.global_per_second = r.global_per_second.saturating_mul(factor);
        for l in r.routes.values_mut() {
            l.requests = l.requests.saturating_mul(factor);
        }
        r.other.requests = r.other.requests.saturating_mul(factor);
        r
    }

    /// No limit at all (headers still sent).
    pub fn off() -> RateLimits {
        RateLimits {
            enabled: false,
            ..RateLimits::default()
        }
    }

    fn of(&self, template: &str) -> Limit {
        self.routes.get(template).copied().unwrap_or(self.other)
    }
}

/// A request's route as the limiter sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// Method and path with every id replaced by its parameter name:
    /// `POST /channels/{channel_id}/messages`.
    pub template: String,
    /// The top-level resource the bucket is kept per (`channel_id=…`,
    /// `guild_id=…`, `webhook=…/token`, `interaction=…`); empty for none.
    pub major: String,
    /// Exempt from the global limit: interaction callbacks and webhooks of
    /// an interaction token.
    pub exempt: bool,
}

/// The route of `method path` (`path` with or without `/api/v10`).
/// `interaction_token` says whether a webhook token is an interaction's.
pub fn route(method: &str, path: &str, interaction_token: impl Fn(&str) -> bool) -> Route {
    let segs: Vec<&str> = path
        .trim_start_matches("/api/v10")
        .trim_start_matches('/')
        .split('/')
        .filter(|s| !s.is_empty())
        .collect();
    let mut out: Vec<String> = Vec::new();
    let mut major = String::new();
    let mut exempt = false;
    let mut i = 0;
    while i < segs.len() {
        let s = segs[i];
        let next = segs.get(i + 1).copied();
        match (s, next) {
            ("channels", Some(id)) => {
                out.push("channels/{channel_id}".into());
                if major.is_empty() {
                    major = format!("channel_id={id}");
                }
                i += 2;
            }
            ("guilds", Some(id)) => {
                out.push("guilds/{guild_id}".into());
                if major.is_empty() {
                    major = format!("guild_id={id}");
                }
                i += 2;
            }
            ("applications", Some(_)) => {
                out.push("applications/{application_id}".into());
                i += 2;
            }
            ("webhooks", Some(id)) => match segs.get(i + 2) {
                Some(token) => {
                    out.push("webhooks/{webhook_id}/{token}".into());
                    major = format!("webhook={id}/{token}");
                    exempt = interaction_token(token);
                    i += 3;
                }
                None => {
                    out.push("webhooks/{webhook_id}".into());
                    major = format!("webhook={id}");
                    i += 2;
                }
            },
            ("interactions", Some(id)) => {
                out.push("interactions/{interaction_id}/{token}".into());
                major = format!("interaction={id}");
                exempt = true;
                i += 3;
            }
            _ => {
                let generic = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
                out.push(if generic {
                    "{id}".into()
                } else {
                    s.to_string()
                });
                i += 1;
            }
        }
    }
    Route {
        template: format!("{method} /{}", out.join("/")),
        major,
        exempt,
    }
}

/// What the fake counted, in total and per route template.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Requests subject to the global limit.
    pub non_exempt: u64,
    /// Requests exempt from it (callbacks, interaction webhooks).
    pub exempt: u64,
    /// 429s the fake answered (its own limits, not injected faults).
    pub limited: u64,
    /// Of those, global ones.
    pub limited_global: u64,
    /// Answers with 401, 403 or 429 (Discord bans an IP for 10,000 of
    /// them in 10 minutes: rate-limits.mdx, "Invalid Request Limit"; the
    /// fake only counts).
    pub invalid: u64,
    /// Per route template.
    pub per_route: BTreeMap<String, RouteCounts>,
}

/// One route's counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RouteCounts {
    /// Requests subject to the global limit.
    pub non_exempt: u64,
    /// Requests exempt from it.
    pub exempt: u64,
    /// 429s answered.
    pub limited: u64,
}

struct Window {
    start: Instant,
    used: u32,
}

impl Window {
    fn roll(&mut self, per: Duration, now: Instant) {
        if now.duration_since(self.start) >= per {
            self.start = now;
            self.used = 0;
        }
    }
}

/// The limiter's state.
pub struct Limiter {
    buckets: HashMap<(String, String), Window>,
    global: Option<Window>,
    /// What it counted.
    pub counts: Counts,
}

/// The limiter's verdict on one request.
pub struct Verdict {
    /// `X-RateLimit-*` header lines (each ending in `\r\n`) for the answer.
    pub headers: String,
    /// The 429 answer, if the request must not be carried out.
    pub limited: Option<Value>,
}

fn epoch_now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
}

/// A short stable hash of the route template, standing in for Discord's
/// opaque `X-RateLimit-Bucket` (which does not include the top-level
/// resource).
pub fn bucket_hash(template: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in template.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The header lines and JSON body of a 429 (`rate-limits.mdx`, "Exceeding
/// A Rate Limit"): `Retry-After` (whole seconds, rounded up, as in the
/// documented examples), and for a route also `X-RateLimit-Limit`,
/// `-Remaining: 0`, `-Reset`, `-Reset-After`, `-Bucket`; `X-RateLimit-Scope`
/// `user` (a route), `global` (with `X-RateLimit-Global: true`) or
/// `shared`.
pub fn too_many(
    retry_after: Duration,
    scope: &str,
    route_limit: Option<(u32, &str)>,
) -> (String, Value) {
    let secs = retry_after.as_secs_f64();
    let mut headers = format!("Retry-After: {}\r\n", secs.ceil().max(1.0) as u64);
    if let Some((limit, bucket)) = route_limit {
        headers.push_str(&format!(
            "X-RateLimit-Limit: {limit}\r\nX-RateLimit-Remaining: 0\r\nX-RateLimit-Reset: {:.3}\r\n\
             X-RateLimit-Reset-After: {secs:.3}\r\nX-RateLimit-Bucket: {bucket}\r\n",
            epoch_now() + secs
        ));
    }
    headers.push_str(&format!("X-RateLimit-Scope: {scope}\r\n"));
    let global = scope == "global";
    if global {
        headers.push_str("X-RateLimit-Global: true\r\n");
    }
    let message = if scope == "shared" {
        "The resource is being rate limited."
    } else {
        "You are being rate limited."
    };
    (
        headers,
        json!({"message": message, "retry_after": (secs * 1000.0).round() / 1000.0, "global": global}),
    )
}

impl Limiter {
    /// A fresh limiter.
    pub fn new() -> Limiter {
        Limiter {
            buckets: HashMap::new(),
            global: None,
            counts: Counts::default(),
        }
    }

    /// Counts `route`, applies `limits` and says what to answer.
    pub fn check(&mut self, limits: &RateLimits, route: &Route, now: Instant) -> Verdict {
        let rc = self
            .counts
            .per_route
            .entry(route.template.clone())
            .or_default();
        if route.exempt {
            self.counts.exempt += 1;
            rc.exempt += 1;
        } else {
            self.counts.non_exempt += 1;
            rc.non_exempt += 1;
        }
        // The global limit first: a globally limited request touches no
        // route bucket.
        if limits.enabled && !route.exempt {
            let g = self.global.get_or_insert(Window {
                start: now,
                used: 0,
            });
            g.roll(Duration::from_secs(1), now);
            if g.used >= limits.global_per_second {
                let wait = Duration::from_secs(1).saturating_sub(now.duration_since(g.start));
                let (headers, body) = too_many(wait, "global", None);
                self.count_limited(&route.template, true);
                return Verdict {
                    headers,
                    limited: Some(body),
                };
            }
            g.used += 1;
        }
        let l = limits.of(&route.template);
        let w = self
            .buckets
            .entry((route.template.clone(), route.major.clone()))
            .or_insert(Window {
                start: now,
                used: 0,
            });
        w.roll(l.per, now);
        let reset_after = l.per.saturating_sub(now.duration_since(w.start));
        let bucket = bucket_hash(&route.template);
        if limits.enabled && w.used >= l.requests {
            let (headers, body) = too_many(reset_after, "user", Some((l.requests, &bucket)));
            self.count_limited(&route.template, false);
            return Verdict {
                headers,
                limited: Some(body),
            };
        }
        w.used += 1;
        let remaining = l.requests.saturating_sub(w.used);
        let secs = reset_after.as_secs_f64();
        Verdict {
            headers: format!(
                "X-RateLimit-Limit: {}\r\nX-RateLimit-Remaining: {remaining}\r\nX-RateLimit-Reset: {:.3}\r\n\
                 X-RateLimit-Reset-After: {secs:.3}\r\nX-RateLimit-Bucket: {bucket}\r\n",
                l.requests,
                epoch_now() + secs
            ),
            limited: None,
        }
    }

    fn count_limited(&mut self, template: &str, global: bool) {
        self.counts.limited += 1;
        if global {
            self.counts.limited_global += 1;
        }
        self.counts
            .per_route
            .entry(template.to_string())
            .or_default()
            .limited += 1;
    }

    /// Forgets every bucket's window (the counts stay).
    pub fn reset_windows(&mut self) {
        self.buckets.clear();
        self.global = None;
    }
}
