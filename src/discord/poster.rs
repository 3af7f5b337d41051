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

use std::time::Instant;

use serenity::all::{
    Builder, ChannelId, CreateInteractionResponseFollowup, CreateMessage, EditInteractionResponse,
    EditMessage, EditThread, GetMessages, HttpError, MessageId,
};
use serenity::http::Route;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::leases::{Editor, Lease, Leases, OLD_MESSAGE};
use super::messages::{view_content, view_followup, view_message};
use super::rest::Rest;
use super::routes::{Route as MatchRoute, Routes};
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
/// 504) answer, or a request that failed on the way (no connection, a
/// timeout, a connection dropped before the answer). Every request retried
/// this way is harmless to repeat: edits, acknowledgements (a repeat that
/// Discord already took is answered 40060, see
/// [`super::events::acknowledge`]), creates with a nonce; follow-ups, which
/// take none, look first whether they were posted ([`followup`]).
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

/// Reads the outbox until it closes, handing each view to its match's
/// worker ([`Workers`]).
pub async fn run(
    rest: Arc<Rest>,
    routes: Arc<Routes>,
    mut views: mpsc::UnboundedReceiver<View>,
    lost: mpsc::UnboundedSender<MatchId>,
) {
    let mut workers = Workers::new(move |id, rx, before: Option<JoinHandle<()>>| {
        let (rest, routes, lost) = (rest.clone(), routes.clone(), lost.clone());
        tokio::spawn(async move {
            if let Some(before) = before {
                let _ = before.await;
            }
            worker(rest, routes, id, rx, lost).await;
        })
    });
    while let Some(view) = views.recv().await {
        workers.dispatch(view);
    }
}

/// Starts the worker of a match: its id, the views to post, and the
/// worker of the same match that must end first (one that is still
/// posting the match's end).
type Spawn = dyn FnMut(MatchId, mpsc::UnboundedReceiver<View>, Option<JoinHandle<()>>) -> JoinHandle<()>
    + Send;

/// The matches' posting workers: one per match with views to post. A
/// worker is let go once it has its match's end to post (it posts what it
/// has and ends), so that finished matches hold no task or queue — a bot
/// that runs for months hosts millions of matches. A view of the match
/// after that (a notice) gets a new worker, which waits for the old one
/// to end, so the match's views are still posted in order.
pub struct Workers {
    spawn: Box<Spawn>,
    live: HashMap<MatchId, (mpsc::UnboundedSender<View>, JoinHandle<()>)>,
    ending: HashMap<MatchId, JoinHandle<()>>,
}

impl Workers {
    /// No workers yet; `spawn` starts one ([`Spawn`]).
    pub fn new(
        spawn: impl FnMut(MatchId, mpsc::UnboundedReceiver<View>, Option<JoinHandle<()>>) -> JoinHandle<()>
            + Send
            + 'static,
    ) -> Workers {
        Workers {
            spawn: Box::new(spawn),
            live: HashMap::new(),
            ending: HashMap::new(),
        }
    }

    /// Hands `view` to its match's worker, starting one if needed.
    pub fn dispatch(&mut self, view: View) {
        let id = view.match_id;
        let over = view.kind == ViewKind::MatchOver;
        let (tx, _) = self.live.entry(id).or_insert_with(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            let before = self.ending.remove(&id);
            (tx, (self.spawn)(id, rx, before))
        });
        let _ = tx.send(view);
        if over {
            if let Some((_, handle)) = self.live.remove(&id) {
                self.ending.retain(|_, h| !h.is_finished());
                self.ending.insert(id, handle);
            }
        }
    }

    /// How many matches have a worker that may still take views.
    pub fn live(&self) -> usize {
        self.live.len()
    }

    /// How many let-go workers may still be posting (those found ended
    /// are forgotten at the next match's end).
    pub fn ending(&self) -> usize {
        self.ending.len()
    }
}

/// Discord's JSON error codes that mean the bot can no longer post in a
/// thread: 50001 "Missing Access", 50013 "Missing Permissions", 10003
/// "Unknown Channel" (deleted) (`topics/opcodes-and-status-codes`, "JSON
/// Error Codes").
const NO_ACCESS: [isize; 3] = [50001, 50013, 10003];

/// Whether `error` says the thread can no longer be posted in.
pub fn no_access(error: &serenity::Error) -> bool {
    NO_ACCESS.iter().any(|code| is_code(error, *code))
}

async fn worker(
    rest: Arc<Rest>,
    routes: Arc<Routes>,
    id: MatchId,
    mut views: mpsc::UnboundedReceiver<View>,
    lost: mpsc::UnboundedSender<MatchId>,
) {
    let mut reachable = true;
    while let Some(view) = views.recv().await {
        if !reachable {
            // Nobody can see the thread: its views (the abort's end among
            // them) go nowhere; the players were told elsewhere.
            continue;
        }
        match post(&rest, &routes, id, &view).await {
            Ok(()) => {}
            Err(e) if no_access(&e) => {
                tracing::warn!(match_id = %id, error = %e, "the match's thread cannot be posted in; the match is aborted");
                reachable = false;
                let _ = lost.send(id);
            }
            Err(e) => tracing::error!(match_id = %id, error = %e, "posting a view failed"),
        }
    }
}

fn archived(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code == THREAD_ARCHIVED)
}

/// Sends `message` into `thread`, unarchiving the thread first if the bot
/// archived it, or if Discord says it is archived (auto-archive).
async fn send(
    rest: &Rest,
    routes: &Routes,
    thread: ChannelId,
    was_archived: bool,
    message: CreateMessage,
) -> serenity::Result<MessageId> {
    if was_archived {
        unarchive(rest, routes, thread).await?;
    }
    let post = || {
        with_retries("post message", || {
            rest.paced(Route::ChannelMessages { channel_id: thread }, |http| {
                thread.send_message(http, message.clone())
            })
        })
    };
    match post().await {
        Ok(m) => Ok(m.id),
        Err(e) if archived(&e) => {
            unarchive(rest, routes, thread).await?;
            Ok(post().await?.id)
        }
        Err(e) => Err(e),
    }
}

/// Archives (`archived`) or unarchives `thread`.
async fn set_archived(rest: &Rest, thread: ChannelId, archived: bool) -> serenity::Result<()> {
    let what = if archived {
        "archive thread"
    } else {
        "unarchive thread"
    };
    with_retries(what, || {
        rest.paced(Route::Channel { channel_id: thread }, |http| {
            thread.edit_thread(http, EditThread::new().archived(archived))
        })
    })
    .await
    .map(drop)
}

async fn unarchive(rest: &Rest, routes: &Routes, thread: ChannelId) -> serenity::Result<()> {
    set_archived(rest, thread, false).await?;
    routes.set_archived(thread, false).await;
    Ok(())
}

/// Posts `view` into the match's thread and returns its message: as a
/// follow-up of the match's fresh lease (exempt from Discord's global rate
/// limit, [`super::leases`]) when there is one, else as a channel message
/// with its nonce. A thread the bot archived is unarchived first.
async fn publish(
    rest: &Rest,
    routes: &Routes,
    id: MatchId,
    route: &MatchRoute,
    view: &View,
) -> serenity::Result<MessageId> {
    let mut archived = route.archived;
    if let Some(lease) = routes.leases.for_posting(id, route.thread, Instant::now()) {
        if archived {
            unarchive(rest, routes, route.thread).await?;
            archived = false;
        }
        match followup(rest, route.thread, &lease, view).await {
            Ok(m) => {
                if !view.buttons.is_empty() {
                    routes.leases.posted(m, &lease);
                }
                if matches!(view.kind, ViewKind::Turn { .. }) {
                    // The press that made the move lent its token: from it
                    // to the turn it brought.
                    metrics::histogram!(super::ops::TURN_POSTED_SECONDS)
                        .record(lease.at.elapsed().as_secs_f64());
                }
                return Ok(m);
            }
            // The token no longer works (or Discord refused the follow-up
            // for the thread): post the ordinary way.
            Err(e) if token_refused(&e) || is_code(&e, THREAD_ARCHIVED) => {
                tracing::debug!(match_id = %id, error = %e, "follow-up refused; posting in the channel");
            }
            Err(e) => return Err(e),
        }
    }
    // A match's end may have been posted as a follow-up (which takes no
    // nonce) before a restart or a failure left that unconfirmed: it is
    // looked for first, so that it is never posted twice. One read per
    // match, only on this path.
    if view.kind == ViewKind::MatchOver {
        if let Some(found) = posted_already(rest, route.thread, view).await {
            return Ok(found);
        }
    }
    send(rest, routes, route.thread, archived, view_message(view)).await
}

/// Whether Discord may have carried a failed request out: it answered 5xx,
/// or the connection failed after the request was sent (a lost answer).
fn maybe_done(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => r.status_code.is_server_error(),
        serenity::Error::Http(HttpError::Request(e)) => !e.is_connect(),
        _ => false,
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

/// Posts `view` as a follow-up of `lease`, retrying like
/// [`with_retries`]. Follow-ups take no nonce, so before a retry after an
/// answer that leaves open whether Discord posted it, the thread's last
/// messages are read: a message of the bot with the view's text and
/// buttons is the one posted, and is not posted again.
async fn followup(
    rest: &Rest,
    thread: ChannelId,
    lease: &Lease,
    view: &View,
) -> serenity::Result<MessageId> {
    let message = view_followup(view);
    // The token's own client (exempt, limited per token: `Rest`).
    let http = rest.token_http();
    let mut attempt = 0;
    loop {
        let answer = message
            .clone()
            .execute(&*http, (None, lease.token.expose()))
            .await;
        super::rest::record("WebhookFollowupMessages", &answer);
        let error = match answer {
            Ok(m) => return Ok(m.id),
            Err(e) => e,
        };
        let pause = match retry_pause(&error, attempt) {
            Some(p) if attempt < MAX_RETRIES => p,
            _ => return Err(error),
        };
        tracing::warn!(request = "post follow-up", attempt, error = %error, pause_ms = pause.as_millis() as u64, "Discord request failed; retrying");
        tokio::time::sleep(pause).await;
        if maybe_done(&error) {
            if let Some(found) = posted_already(rest, thread, view).await {
                return Ok(found);
            }
        }
        attempt += 1;
    }
}

/// The bot's message among the thread's last ten that shows `view` (its
/// text and its buttons), if any. `None` too when they cannot be read.
async fn posted_already(rest: &Rest, thread: ChannelId, view: &View) -> Option<MessageId> {
    let content = view_content(view);
    let ids: Vec<String> = view.all_buttons().map(|b| b.action.to_string()).collect();
    let recent = rest
        .paced(Route::ChannelMessages { channel_id: thread }, |http| {
            thread.messages(http, GetMessages::new().limit(10))
        })
        .await
        .ok()?;
    recent
        .into_iter()
        .find(|m| m.author.bot && m.content == content && custom_ids(&m.components) == ids)
        .map(|m| m.id)
}

fn custom_ids(rows: &[serenity::all::ActionRow]) -> Vec<String> {
    rows.iter()
        .flat_map(|r| r.components.iter())
        .filter_map(|c| match c {
            serenity::all::ActionRowComponent::Button(b) => match &b.data {
                serenity::all::ButtonKind::NonLink { custom_id, .. } => Some(custom_id.clone()),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// Removes the buttons of the match's previous live message `old`: with
/// the token that can still edit it ([`Leases::editor`]; exempt from the
/// global limit), else with a channel edit — but not when the message is
/// older than an hour ([`OLD_MESSAGE`]): its buttons stay, and a press on
/// them is refused as a stale turn by the host.
async fn remove_buttons(
    rest: &Rest,
    routes: &Routes,
    thread: ChannelId,
    old: MessageId,
) -> serenity::Result<()> {
    let now = Instant::now();
    if let Some(editor) = routes.leases.editor(old, now) {
        // The token's own client (exempt, limited per token: `Rest`).
        let http = rest.token_http();
        let done = match &editor {
            Editor::Original(l) => with_retries("remove old buttons", || async {
                let answer = EditInteractionResponse::new()
                    .components(Vec::new())
                    .execute(&*http, l.token.expose())
                    .await;
                super::rest::record("WebhookOriginalInteractionResponse", &answer);
                answer
            })
            .await
            .map(drop),
            Editor::Followup(l) => with_retries("remove old buttons", || async {
                let answer = CreateInteractionResponseFollowup::new()
                    .components(Vec::new())
                    .execute(&*http, (Some(old), l.token.expose()))
                    .await;
                super::rest::record("WebhookFollowupMessage", &answer);
                answer
            })
            .await
            .map(drop),
        };
        match done {
            Ok(()) => {
                // Edited for the last time.
                routes.leases.forget_editor(old);
                return Ok(());
            }
            Err(e) if token_refused(&e) => routes.leases.forget_editor(old),
            Err(e) => return Err(e),
        }
    }
    if Leases::age(old) >= OLD_MESSAGE {
        tracing::debug!(message = %old, "an old turn keeps its buttons (edits of messages older than an hour are limited)");
        return Ok(());
    }
    with_retries("remove old buttons", || {
        rest.paced(
            Route::ChannelMessage {
                channel_id: thread,
                message_id: old,
            },
            |http| thread.edit_message(http, old, EditMessage::new().components(Vec::new())),
        )
    })
    .await?;
    Ok(())
}

async fn post(rest: &Rest, routes: &Routes, id: MatchId, view: &View) -> serenity::Result<()> {
    let Some(route) = routes.wait(id, ROUTE_WAIT).await else {
        tracing::warn!(match_id = %id, "no thread for the match; view dropped");
        return Ok(());
    };
    if view.kind == ViewKind::MatchOver {
        // Over before it is announced: a challenge right after the
        // announcement must not find it running. Saved with the buttons
        // below, once posted: a restart before that posts the end again
        // (`Host::announce_unposted_ends`).
        routes.finish_unsaved(id);
    }
    let new = publish(rest, routes, id, &route, view).await?;
    if view.kind == ViewKind::Notice {
        return Ok(());
    }
    let live = (!view.buttons.is_empty()).then_some(new);
    if let Some(old) = routes.replace_buttons(id, live).await {
        if old != new {
            remove_buttons(rest, routes, route.thread, old).await?;
        }
    }
    if view.kind == ViewKind::MatchOver {
        set_archived(rest, route.thread, true).await?;
        routes.set_archived(route.thread, true).await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn view(id: i64, kind: ViewKind, text: &str) -> View {
        View {
            match_id: MatchId(id),
            kind,
            text: text.into(),
            image: None,
            position: None,
            buttons: Vec::new(),
        }
    }

    /// Workers that write down what they "post", in order, and end when
    /// let go.
    fn recording() -> (Workers, Arc<Mutex<Vec<String>>>) {
        let posted = Arc::new(Mutex::new(Vec::new()));
        let log = posted.clone();
        let workers = Workers::new(move |_, mut rx: mpsc::UnboundedReceiver<View>, before| {
            let log = log.clone();
            tokio::spawn(async move {
                if let Some(before) = before {
                    let _ = before.await;
                }
                while let Some(v) = rx.recv().await {
                    // A post takes a while: a later worker must wait.
                    tokio::task::yield_now().await;
                    log.lock().unwrap().push(v.text);
                }
            })
        });
        (workers, posted)
    }

    /// A finished match keeps no worker (before: every match's worker and
    /// queue stayed for the life of the process), and a notice after its
    /// end is still posted, after the end.
    #[tokio::test]
    async fn a_finished_match_lets_its_worker_go_and_later_views_keep_their_order() {
        let (mut workers, posted) = recording();
        let turn = || ViewKind::Turn {
            to_move: crate::host::UserId(1),
            ai: false,
        };
        workers.dispatch(view(1, turn(), "1: turn"));
        workers.dispatch(view(2, turn(), "2: turn"));
        workers.dispatch(view(1, ViewKind::MatchOver, "1: over"));
        assert_eq!(workers.live(), 1, "only match 2 has a worker");
        workers.dispatch(view(1, ViewKind::Notice, "1: notice"));
        workers.dispatch(view(1, ViewKind::MatchOver, "1: over again"));
        workers.dispatch(view(2, ViewKind::MatchOver, "2: over"));
        assert_eq!(workers.live(), 0);
        for _ in 0..100 {
            tokio::task::yield_now().await;
        }
        let posted = posted.lock().unwrap().clone();
        let of_1: Vec<_> = posted.iter().filter(|t| t.starts_with("1:")).collect();
        assert_eq!(of_1, ["1: turn", "1: over", "1: notice", "1: over again"]);
        assert_eq!(posted.len(), 6);
        // Let-go workers that ended are forgotten at the next end.
        workers.dispatch(view(3, ViewKind::MatchOver, "3: over"));
        assert_eq!(workers.ending(), 1, "only match 3's worker");
    }
}
