//! Posts the host's views (its outbox) into the matches' threads: one worker
//! per match posts that match's views strictly in order; every turn (and the
//! end of a game or match) is a new channel message, and the previous
//! message loses its buttons. The thread is unarchived before posting when
//! needed and archived at the end of the match.
//!
//! Every request here goes through [`with_retries`]: a 429 (rate limited)
//! that serenity's rate limiter did not already wait out
//! ([`RATE_LIMIT_PAUSE_MS`]) or a 5xx answer is retried after a pause, so
//! a moment of trouble on Discord's side loses no turn and posts none twice: only a success ends
//! the retries, and a turn or an end carries a nonce with `enforce_nonce`
//! ([`super::messages::post_nonce`]), the same in every retry, so that when
//! Discord had created the message before it failed (a 500 after the work,
//! a lost answer) the retry gets that message back instead of a second one.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ChannelId, CreateMessage, EditMessage, EditThread, Http, HttpError, MessageId,
};
use tokio::sync::mpsc;

use super::messages::{clip, mentions_only, view_message};
use super::routes::Routes;
use crate::host::{MatchId, View, ViewKind};

/// Discord's JSON error code for a message sent into an archived thread.
const THREAD_ARCHIVED: isize = 50083;

/// How long a view waits for its match's route (the first view can arrive
/// before the accepting press has recorded the thread).
const ROUTE_WAIT: Duration = Duration::from_secs(30);

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
/// 504) answer, or a connection that could not be made (the request never
/// left).
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
        serenity::Error::Http(HttpError::Request(e)) if e.is_connect() => {
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

/// Reads the outbox until it closes, handing each view to its match's
/// worker.
pub async fn run(http: Arc<Http>, routes: Arc<Routes>, mut views: mpsc::UnboundedReceiver<View>) {
    let mut workers: HashMap<MatchId, mpsc::UnboundedSender<View>> = HashMap::new();
    while let Some(view) = views.recv().await {
        let id = view.match_id;
        let tx = workers.entry(id).or_insert_with(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(worker(http.clone(), routes.clone(), id, rx));
            tx
        });
        let _ = tx.send(view);
    }
}

async fn worker(
    http: Arc<Http>,
    routes: Arc<Routes>,
    id: MatchId,
    mut views: mpsc::UnboundedReceiver<View>,
) {
    while let Some(view) = views.recv().await {
        if let Err(e) = post(&http, &routes, id, &view).await {
            tracing::error!(match_id = %id, error = %e, "posting a view failed");
        }
    }
}

fn archived(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code == THREAD_ARCHIVED)
}

/// Sends `message` into `thread`, unarchiving the thread first if the bot
/// archived it, or if Discord says it is archived (auto-archive).
async fn send(
    http: &Http,
    routes: &Routes,
    thread: ChannelId,
    was_archived: bool,
    message: CreateMessage,
) -> serenity::Result<MessageId> {
    if was_archived {
        unarchive(http, routes, thread).await?;
    }
    let post = || {
        with_retries("post message", || {
            thread.send_message(http, message.clone())
        })
    };
    match post().await {
        Ok(m) => Ok(m.id),
        Err(e) if archived(&e) => {
            unarchive(http, routes, thread).await?;
            Ok(post().await?.id)
        }
        Err(e) => Err(e),
    }
}

async fn unarchive(http: &Http, routes: &Routes, thread: ChannelId) -> serenity::Result<()> {
    with_retries("unarchive thread", || {
        thread.edit_thread(http, EditThread::new().archived(false))
    })
    .await?;
    routes.set_archived(thread, false).await;
    Ok(())
}

async fn post(http: &Http, routes: &Routes, id: MatchId, view: &View) -> serenity::Result<()> {
    let Some(route) = routes.wait(id, ROUTE_WAIT).await else {
        tracing::warn!(match_id = %id, "no thread for the match; view dropped");
        return Ok(());
    };
    match view.kind {
        ViewKind::Notice => {
            let m = CreateMessage::new()
                .content(clip(&view.text))
                .allowed_mentions(mentions_only(&[]));
            send(http, routes, route.thread, route.archived, m).await?;
            Ok(())
        }
        ViewKind::Turn { .. } | ViewKind::GameOver | ViewKind::MatchOver => {
            if view.kind == ViewKind::MatchOver {
                // Over before it is announced: a challenge right after the
                // announcement must not find it running. Saved with the
                // buttons below, once posted: a restart before that posts
                // the end again (`Host::announce_unposted_ends`).
                routes.finish_unsaved(id);
            }
            let new = send(
                http,
                routes,
                route.thread,
                route.archived,
                view_message(view),
            )
            .await?;
            let live = (!view.buttons.is_empty()).then_some(new);
            if let Some(old) = routes.replace_buttons(id, live).await {
                if old != new {
                    with_retries("remove old buttons", || {
                        route.thread.edit_message(
                            http,
                            old,
                            EditMessage::new().components(Vec::new()),
                        )
                    })
                    .await?;
                }
            }
            if view.kind == ViewKind::MatchOver {
                with_retries("archive thread", || {
                    route
                        .thread
                        .edit_thread(http, EditThread::new().archived(true))
                })
                .await?;
                routes.set_archived(route.thread, true).await;
            }
            Ok(())
        }
    }
}
