//! The bot's REST requests, kept within Discord's rate limits before they
//! are sent rather than after a 429.
//!
//! Discord limits a bot to 50 requests a second over all its REST calls
//! ("Global Rate Limit") and each route to its bucket's
//! `X-RateLimit-Limit` per `X-RateLimit-Reset-After`; interaction callbacks
//! and requests made with an interaction's token are not bound to the
//! global limit (discord-api-docs `topics/rate-limits`, "Global Rate
//! Limit"; `interactions/receiving-and-responding`, "Endpoints"). A bot
//! that meets many 429s is banned for a while ("Invalid Request Limit":
//! 10,000 401, 403 or 429 answers in 10 minutes).
//!
//! serenity 0.12.5's limiter waits out a route's empty bucket and a 429,
//! but it does not count the global limit before sending, and it keys the
//! buckets of every interaction webhook route by the application id alone
//! (`serenity::http::routing`, `WebhookFollowupMessages` &c.), whereas
//! Discord keeps one per token: every follow-up of every interaction
//! counted down one shared bucket, and the bot's turns queued behind it.
//! So:
//!
//! - [`Rest::paced`]: every request subject to the global limit goes
//!   through here, one at a time per bucket; it waits while serenity's
//!   bucket for the route is empty, then for one of [`PACED_PER_SECOND`]
//!   permits, each held until a second after its request has been
//!   answered. Whatever the network delays, no second then sees more than
//!   [`PACED_PER_SECOND`] of these requests arrive at Discord (a request
//!   arrives between its start and its answer, while it holds its permit),
//!   and serenity never sleeps inside a request that already took a
//!   permit.
//! - [`Rest::interaction_http`]: the requests of one interaction's token
//!   (its callback, follow-ups, edits of its messages) go through a client
//!   of their own, whose limiter sees that token's buckets only. They are
//!   exempt from the global limit and are not paced here.
//!
//! And the one retry policy of every request ([`with_retries`],
//! [`retry_pause`]): a 429 or a 5xx answer, or a request lost on the way,
//! is sent again after a doubling pause.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use parking_lot::Mutex;
use serenity::all::{
    ApplicationId, Builder, ComponentInteraction, CreateActionRow, CreateInteractionResponse,
    EditInteractionResponse, Http, HttpBuilder, HttpError,
};
use serenity::http::{Ratelimiter, RatelimitingBucket, Route};
use tokio::sync::Semaphore;

use super::config::DiscordConfig;
use super::ops;

/// Discord's global limit: requests a second per bot
/// (`topics/rate-limits`, "Global Rate Limit").
pub const GLOBAL_PER_SECOND: usize = 50;

/// How many requests [`Rest::paced`] lets arrive at Discord in any second:
/// [`GLOBAL_PER_SECOND`] less five for the few requests serenity makes by
/// itself when it connects (the gateway's address, the application).
pub const PACED_PER_SECOND: usize = GLOBAL_PER_SECOND - 5;

/// How long a permit is held after its request was answered.
const WINDOW: Duration = Duration::from_secs(1);

/// This process's requests a second when it runs `owned` of `total`
/// shards ([`Rest::share`]).
pub fn shared_rate(owned: u32, total: u32) -> usize {
    let total = total.max(1) as usize;
    (PACED_PER_SECOND * (owned as usize).min(total) / total).max(1)
}

/// A route's name for the metrics: serenity's name for it
/// (`ChannelMessages`), without its ids.
fn route_name(route: &Route<'_>) -> String {
    let debug = format!("{route:?}");
    debug
        .split([' ', '{', '('])
        .next()
        .unwrap_or_default()
        .to_string()
}

tokio::task_local! {
    /// When the event being handled arrived (set around each dispatch,
    /// [`super::events`]): acknowledgements are timed from here.
    pub static RECEIVED: std::time::Instant;
}

/// Records an acknowledgement answered now in [`ops::ACK_SECONDS`], timed
/// from the event's arrival ([`RECEIVED`]; nothing outside a dispatch).
pub fn acknowledged() {
    if let Ok(arrived) = RECEIVED.try_with(|t| *t) {
        metrics::histogram!(ops::ACK_SECONDS).record(arrived.elapsed().as_secs_f64());
    }
}

/// Acknowledges `press` with `ack`, retrying like the poster. Returns
/// whether the press counts as acknowledged: an answer 40060 "Interaction
/// has already been acknowledged" to a retry means an earlier attempt
/// arrived although its answer was lost, so it does; 10062 "Unknown
/// interaction" means Discord no longer takes an answer (3 s have passed):
/// the player was shown "This interaction failed", and the action is not
/// taken (topics/Opcodes_and_Status_Codes.md, JSON error codes;
/// interactions/receiving-and-responding.md).
///
/// # Errors
/// Any other failure, once the retries are spent.
pub async fn acknowledge(
    http: &Http,
    press: &ComponentInteraction,
    ack: &CreateInteractionResponse,
) -> serenity::Result<bool> {
    let answer = with_retries("acknowledge press", || async {
        let answer = press.create_response(http, ack.clone()).await;
        record("InteractionResponse", &answer);
        answer
    })
    .await;
    if answer.is_ok() || matches!(&answer, Err(e) if is_code(e, ALREADY_ACKNOWLEDGED)) {
        acknowledged();
    }
    match answer {
        Ok(()) => Ok(true),
        Err(e) if is_code(&e, ALREADY_ACKNOWLEDGED) => Ok(true),
        Err(e) if is_code(&e, UNKNOWN_INTERACTION) => {
            tracing::warn!(custom_id = %press.data.custom_id, "a press arrived too late to be acknowledged; not taken");
            Ok(false)
        }
        Err(e) => Err(e),
    }
}

/// Sets the buttons of a press's original response (the pressed message)
/// to `rows` through the press's `token` ("Edit Original Interaction
/// Response", exempt from the global limit), with the one retry policy
/// and the request metric; `what` names it in the retry's log line.
/// It pings nobody (serenity leaves this route's allowed mentions alone).
///
/// # Errors
/// The edit failed once the retries are spent.
pub async fn set_original_buttons(
    http: &Http,
    token: &str,
    rows: Vec<CreateActionRow>,
    what: &str,
) -> serenity::Result<()> {
    let edit = EditInteractionResponse::new()
        .components(rows)
        .allowed_mentions(super::messages::mentions_only(&[]));
    with_retries(what, || async {
        let answer = edit.clone().execute(http, token).await;
        record("WebhookOriginalInteractionResponse", &answer);
        answer
    })
    .await
    .map(drop)
}

/// Discord's JSON error code for a message sent into, or edited in, an
/// archived thread (`topics/opcodes-and-status-codes`, JSON error codes).
pub const THREAD_ARCHIVED: isize = 50083;

/// Discord's JSON error code for a second response to an interaction.
const ALREADY_ACKNOWLEDGED: isize = 40060;
/// Discord's JSON error code for a response after the 3 seconds.
const UNKNOWN_INTERACTION: isize = 10062;

/// Counts one answered request in [`ops::REST_REQUESTS`]: its route and
/// its HTTP status (`error` when none came).
pub fn record<T>(route: impl Into<String>, answer: &serenity::Result<T>) {
    let status = match answer {
        Ok(_) => "2xx".to_string(),
        Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(r))) => {
            r.status_code.as_u16().to_string()
        }
        Err(_) => "error".to_string(),
    };
    metrics::counter!(ops::REST_REQUESTS, "route" => route.into(), "status" => status).increment(1);
}

/// How the bot's HTTP clients are made: the token, the reqwest client, the
/// tests' API base.
#[derive(Clone)]
struct Clients {
    token: super::config::Token,
    client: reqwest::Client,
    api_base: Option<String>,
}

impl Clients {
    /// A serenity client with its own rate limiter: the production path
    /// (`https://discord.com/api/v10`, limiter on), or with
    /// `DISCORD_API_BASE` (tests only) that base with the limiter off:
    /// serenity sends a request to a proxy base only then (its limiter
    /// always builds discord.com URLs).
    ///
    /// Every client pings nobody unless a message says whom
    /// (`default_allowed_mentions`: serenity adds it to a message body
    /// without `allowed_mentions` of its own — channel messages and their
    /// edits, interaction responses, follow-ups and their edits; not the
    /// edit of `@original`, whose builders set it themselves). Discord
    /// parses `@everyone`, roles and users in a message without the field
    /// (docs/discord.md, "Allowed mentions").
    fn build(&self) -> HttpBuilder {
        let http = HttpBuilder::new(self.token.expose())
            .client(self.client.clone())
            .default_allowed_mentions(super::messages::mentions_only(&[]));
        match &self.api_base {
            Some(base) => http.proxy(base.clone()).ratelimiter_disabled(true),
            None => {
                // Every wait the limiter makes is counted: a 429's
                // `Retry-After`, or an empty bucket (never one the bot's
                // pacing saw first).
                let mut limiter =
                    Ratelimiter::new(self.client.clone(), self.token.expose().to_string());
                limiter.set_ratelimit_callback(Box::new(|info| {
                    let scope = if info.global { "global" } else { "route" };
                    metrics::counter!(ops::RATE_LIMITED, "scope" => scope).increment(1);
                }));
                http.ratelimiter(limiter)
            }
        }
    }
}

/// The bot's REST client for requests subject to the global limit (see the
/// module's documentation), and the maker of per-interaction clients.
pub struct Rest {
    http: Arc<Http>,
    clients: Clients,
    /// [`PACED_PER_SECOND`] permits; each returns [`WINDOW`] after its
    /// request was answered.
    global: Arc<Semaphore>,
    /// One lock per rate-limit bucket with a request under way (removed
    /// when none is).
    buckets: Mutex<HashMap<RatelimitingBucket, Arc<tokio::sync::Mutex<()>>>>,
}

impl Rest {
    /// The clients of `config` (its token, reqwest client and API base).
    pub fn new(config: &DiscordConfig) -> Rest {
        let clients = Clients {
            token: config.token.clone(),
            client: config.http_client.clone(),
            api_base: config.api_base.clone(),
        };
        Rest {
            http: Arc::new(clients.build().build()),
            clients,
            global: Arc::new(Semaphore::new(PACED_PER_SECOND)),
            buckets: Mutex::default(),
        }
    }

    /// The shared client, for what serenity and poise are handed (the
    /// gateway's connection, the pruning of its idle buckets). Requests of
    /// the bot's own go through [`Rest::paced`].
    pub fn shared(&self) -> &Arc<Http> {
        &self.http
    }

    /// Paces this process at its share of the bot's global limit: a
    /// process running `owned` of `total` shards gets `owned / total` of
    /// [`PACED_PER_SECOND`] (at least one a second). Discord counts the
    /// global limit per bot, whatever the number of processes that share
    /// its token; shards carry about the same number of guilds each.
    pub fn share(&self, owned: u32, total: u32) {
        let keep = shared_rate(owned, total);
        self.global
            .forget_permits(PACED_PER_SECOND.saturating_sub(keep));
    }

    /// Requests that may start now without waiting for the pace (for
    /// tests).
    #[cfg(test)]
    pub fn pace_available(&self) -> usize {
        self.global.available_permits()
    }

    /// A client for the gateway connection (serenity's own requests when
    /// it connects, and the context of events other than interactions,
    /// whose requests the bot still sends through [`Rest::paced`]).
    pub fn connection_http(&self) -> Http {
        self.clients.build().build()
    }

    /// Records the application's id (from READY) for the requests that
    /// name it (command registration, webhook routes).
    pub fn set_application_id(&self, id: ApplicationId) {
        self.http.set_application_id(id);
    }

    /// A client of its own for the requests of one interaction's token
    /// (application `id`): its callback, follow-ups and edits, which the
    /// shared limiter would count in one bucket for all tokens. Cheap to
    /// make (a few small allocations); dropped with the interaction.
    pub fn interaction_http(&self, id: ApplicationId) -> Arc<Http> {
        Arc::new(self.clients.build().application_id(id).build())
    }

    /// [`Rest::interaction_http`] for the application of the shared
    /// client (known from READY on; before, a request that names it fails
    /// with serenity's `ApplicationIdMissing`).
    pub fn token_http(&self) -> Arc<Http> {
        let mut http = self.clients.build();
        if let Some(id) = self.http.application_id() {
            http = http.application_id(id);
        }
        Arc::new(http.build())
    }

    /// Sends `request` (made with the shared client) on `route`'s bucket
    /// once Discord's limits allow it (see the module's documentation):
    /// after the requests before it on the same bucket, after the bucket's
    /// window when it is empty, and within [`PACED_PER_SECOND`] a second.
    /// `route` only names the bucket; it must be the route `request` uses.
    ///
    /// # Errors
    /// `request`'s own.
    pub async fn paced<'a, T, F, Fut>(&'a self, route: Route<'_>, request: F) -> serenity::Result<T>
    where
        F: FnOnce(&'a Http) -> Fut,
        Fut: Future<Output = serenity::Result<T>>,
    {
        let key = route.ratelimiting_bucket();
        let name = route_name(&route);
        let lock = self.buckets.lock().entry(key).or_default().clone();
        let answer = {
            let _turn = lock.lock().await;
            if let Some(wait) = self.bucket_wait(key).await {
                tokio::time::sleep(wait).await;
            }
            let permit = self
                .global
                .clone()
                .acquire_owned()
                .await
                .expect("the semaphore is never closed");
            let answer = request(&self.http).await;
            record(name, &answer);
            tokio::spawn(async move {
                tokio::time::sleep(WINDOW).await;
                drop(permit);
            });
            answer
        };
        let mut buckets = self.buckets.lock();
        // The map's and this one: nobody else waits on the bucket.
        if Arc::strong_count(&lock) == 2 {
            buckets.remove(&key);
        }
        answer
    }

    /// How long serenity's bucket `key` is empty for, if it is: its
    /// `X-RateLimit-Remaining` was 0 and its reset is ahead.
    async fn bucket_wait(&self, key: RatelimitingBucket) -> Option<Duration> {
        let limiter = self.http.ratelimiter.as_ref()?;
        let bucket = limiter.routes().read().await.get(&key)?.clone();
        let limit = bucket.lock().await;
        if limit.remaining() > 0 {
            return None;
        }
        limit.reset()?.duration_since(SystemTime::now()).ok()
    }

    /// Requests waiting for or holding a bucket's turn (for tests).
    #[cfg(test)]
    pub fn buckets_in_use(&self) -> usize {
        self.buckets.lock().len()
    }
}

// The one retry policy of every Discord request the bot makes.

/// How many times a request is retried after a 429 or 5xx answer.
pub const MAX_RETRIES: u32 = 6;

/// The first pause after a 5xx answer or a refused connection, in ms; it
/// doubles with every retry (100, 200, 400, … ms).
pub const SERVER_ERROR_PAUSE_MS: u64 = 100;

/// The pause after a 429 answer that reaches this code, in ms; it doubles
/// with every retry.
///
/// On the production path (`https://discord.com/api/v10`, serenity's rate
/// limiter on; `src/discord/mod.rs`) serenity 0.12.5 honours Discord's rate
/// limits itself (`serenity::http::ratelimiting`): before a request it
/// waits while the route's bucket is empty (`X-RateLimit-Remaining: 0`,
/// until `X-RateLimit-Reset-After` has passed), and a 429 with a
/// `Retry-After` header (per route, or global with `X-RateLimit-Global`)
/// is slept off for exactly that long and sent again inside serenity, so
/// it never reaches [`with_retries`]: no second wait, no second request.
/// Discord sends `Retry-After` (whole seconds, rounded up from the body's
/// `retry_after`) with its 429s
/// (<https://discord.com/developers/docs/topics/rate-limits#exceeding-a-rate-limit>);
/// only a 429 without it (a Cloudflare ban page, a proxy in between)
/// arrives here.
///
/// On the tests' plain API base (`DISCORD_API_BASE`, limiter off, see
/// `docs/reliability.md`) every 429 arrives here, and serenity's error
/// keeps only the status and the JSON `code`/`message`: the `retry_after`
/// is lost, so the pause starts at one second — above the sub-second
/// `retry_after` Discord gives per route — and doubles.
pub const RATE_LIMIT_PAUSE_MS: u64 = 1_000;

/// The pause before retry number `attempt` (0-based) of a request that
/// failed with `error`, or `None` when the error is final (4xx other than
/// 429, a body that does not parse, …): a 429 or a 5xx (500, 502, 503,
/// 504) answer, or a request that failed on the way (no connection, a
/// timeout, a connection dropped before the answer). Every request retried
/// this way is harmless to repeat: edits, acknowledgements (a repeat that
/// Discord already took is answered 40060, see
/// [`acknowledge`]), creates with a nonce; follow-ups, which
/// take none, look first whether they were posted (the poster's `followup`).
pub fn retry_pause(error: &serenity::Error, attempt: u32) -> Option<Duration> {
    let factor = 1u64 << attempt.min(10);
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            let status = r.status_code.as_u16();
            if status == 429 {
                Some(Duration::from_millis(RATE_LIMIT_PAUSE_MS * factor))
            } else if (500..600).contains(&status) {
                Some(Duration::from_millis(SERVER_ERROR_PAUSE_MS * factor))
            } else {
                None
            }
        }
        serenity::Error::Http(HttpError::Request(_)) => {
            Some(Duration::from_millis(SERVER_ERROR_PAUSE_MS * factor))
        }
        _ => None,
    }
}

/// Runs `request` until it succeeds, retrying up to [`MAX_RETRIES`] times
/// after the pause [`retry_pause`] gives; `what` names the request in the
/// log. `request` is the same request every time: a create-message that
/// Discord carried out although it answered with an error is made harmless
/// by its nonce ([`super::messages::post_nonce`]), not by this function.
///
/// # Errors
/// The last error, when it is final or the retries are spent.
pub async fn with_retries<T, F, Fut>(what: &str, mut request: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut attempt = 0;
    loop {
        match request().await {
            Ok(t) => return Ok(t),
            Err(e) => match retry_pause(&e, attempt) {
                Some(pause) if attempt < MAX_RETRIES => {
                    tracing::warn!(request = what, attempt, error = %e, pause_ms = pause.as_millis() as u64, "Discord request failed; retrying");
                    tokio::time::sleep(pause).await;
                    attempt += 1;
                }
                _ => return Err(e),
            },
        }
    }
}

/// Discord's JSON error code of a refused request is `code`.
pub fn is_code(error: &serenity::Error, code: isize) -> bool {
    matches!(error, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code == code)
}

/// The interaction token no longer works, or its message is not the
/// token's: 50027 "Invalid Webhook Token" (after 15 minutes), 10015
/// "Unknown Webhook", 10008 "Unknown Message", 10062 "Unknown interaction"
/// (topics/Opcodes_and_Status_Codes.md, JSON error codes).
pub fn token_refused(error: &serenity::Error) -> bool {
    [50027, 10015, 10008, 10062]
        .into_iter()
        .any(|code| is_code(error, code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serenity::all::ChannelId;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn rest() -> Rest {
        Rest::new(&DiscordConfig {
            token: super::super::config::Token::new("t"),
            api_base: Some("http://127.0.0.1:9".into()),
            http_client: reqwest::Client::new(),
            dev_guild: None,
            challenge_expiry: None,
            threads_file: "x".into(),
            database_url: "sqlite::memory:".into(),
            test_time_scale: None,
            shards: None,
            metrics: None,
            web: None,
            bounds: Default::default(),
        })
    }

    /// Every client the bot builds pings nobody unless a message says
    /// whom: `parse: []`, no users, no roles (docs/discord.md, "Allowed
    /// mentions").
    #[test]
    fn every_client_pings_nobody_by_default() {
        let rest = rest();
        let shared = rest.shared().clone();
        let clients = [
            shared,
            Arc::new(rest.connection_http()),
            rest.interaction_http(ApplicationId::new(1)),
        ];
        for http in clients {
            let default = serde_json::to_value(&http.default_allowed_mentions)
                .expect("allowed mentions as JSON");
            assert_eq!(default["parse"], serde_json::json!([]), "{default}");
            assert!(
                default["users"].as_array().is_none_or(|u| u.is_empty()),
                "{default}"
            );
            assert!(
                default["roles"].as_array().is_none_or(|r| r.is_empty()),
                "{default}"
            );
            assert_ne!(
                default["replied_user"],
                serde_json::json!(true),
                "{default}"
            );
        }
    }

    fn posts(channel: u64) -> Route<'static> {
        Route::ChannelMessages {
            channel_id: ChannelId::new(channel),
        }
    }

    /// No more than [`PACED_PER_SECOND`] requests start within a second,
    /// counted from their answers.
    #[tokio::test(start_paused = true)]
    async fn no_second_sees_more_than_the_paced_number() {
        let rest = Arc::new(rest());
        let starts = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for i in 0..(PACED_PER_SECOND * 3) {
            let (rest, starts) = (rest.clone(), starts.clone());
            tasks.push(tokio::spawn(async move {
                rest.paced(posts(i as u64 + 1), |_| async {
                    starts.lock().push(tokio::time::Instant::now());
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    Ok(())
                })
                .await
            }));
        }
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        let starts = starts.lock().clone();
        assert_eq!(starts.len(), PACED_PER_SECOND * 3);
        // Any window of a second holds at most PACED_PER_SECOND starts.
        for (i, a) in starts.iter().enumerate() {
            let within = starts[i..]
                .iter()
                .filter(|b| b.duration_since(*a) < Duration::from_millis(1100))
                .count();
            assert!(within <= PACED_PER_SECOND, "{within} within a second");
        }
        // And the pacing does not wait longer than it must: three rounds
        // of permits, each held for its request (0.1 s) and a second.
        let last = starts.iter().max().unwrap();
        assert!(last.duration_since(starts[0]) <= Duration::from_millis(2300));
    }

    #[test]
    fn a_process_paces_at_its_share_of_the_shards() {
        assert_eq!(shared_rate(4, 4), PACED_PER_SECOND);
        assert_eq!(shared_rate(2, 4), 22);
        assert_eq!(shared_rate(1, 64), 1, "never below one a second");
        let r = rest();
        r.share(2, 4);
        assert_eq!(r.pace_available(), 22);
    }

    #[test]
    fn a_routes_name_is_serenitys_without_its_ids() {
        assert_eq!(route_name(&posts(5)), "ChannelMessages");
        assert_eq!(route_name(&Route::GatewayBot), "GatewayBot");
    }

    /// Requests on one bucket go one at a time; on two buckets together;
    /// the map of bucket locks is empty afterwards.
    #[tokio::test(start_paused = true)]
    async fn one_request_at_a_time_per_bucket() {
        let rest = Arc::new(rest());
        let busy = Arc::new([AtomicUsize::new(0), AtomicUsize::new(0)]);
        let most = Arc::new([AtomicUsize::new(0), AtomicUsize::new(0)]);
        let mut tasks = Vec::new();
        for i in 0..10 {
            let (rest, busy, most) = (rest.clone(), busy.clone(), most.clone());
            let b = i % 2;
            tasks.push(tokio::spawn(async move {
                rest.paced(posts(b as u64 + 1), |_| async {
                    let now = busy[b].fetch_add(1, Ordering::SeqCst) + 1;
                    most[b].fetch_max(now, Ordering::SeqCst);
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    busy[b].fetch_sub(1, Ordering::SeqCst);
                    Ok(())
                })
                .await
            }));
        }
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        assert_eq!(most[0].load(Ordering::SeqCst), 1);
        assert_eq!(most[1].load(Ordering::SeqCst), 1);
        assert_eq!(rest.buckets_in_use(), 0);
    }
}
