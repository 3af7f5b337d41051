//! Posts the host's views (its outbox) into the matches' threads: one worker
//! per match posts that match's views strictly in order; every turn (and the
//! end of a game or match) is a new channel message, and the previous
//! message loses its buttons. The thread is unarchived before posting when
//! needed and archived at the end of the match.
//!
//! Every request here goes through [`with_retries`] (the REST layer's one retry policy): a 429 (rate limited)
//! that serenity's rate limiter did not already wait out
//! ([`super::rest::RATE_LIMIT_PAUSE_MS`]) or a 5xx answer is retried after a pause, so
//! a moment of trouble on Discord's side loses no turn and posts none twice: only a success ends
//! the retries, and a turn or an end carries a nonce with `enforce_nonce`
//! ([`super::messages::post_nonce`]), the same in every retry, so that when
//! Discord had created the message before it failed (a 500 after the work,
//! a lost answer) the retry gets that message back instead of a second one.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

use parking_lot::Mutex;
use std::time::Duration;

use std::time::Instant;

use serenity::all::{
    Builder, ChannelId, CreateInteractionResponseFollowup, CreateMessage, EditMessage, EditThread,
    GetMessages, HttpError, MessageId,
};
use serenity::http::Route;
use tokio::sync::mpsc;

use super::buttons::ButtonId;
use super::leases::{Editor, Lease, Leases, OLD_MESSAGE};
use super::messages::{view_content, view_followup, view_message, Link};
use super::rest::{
    is_code, retry_pause, token_refused, with_retries, Rest, MAX_RETRIES, THREAD_ARCHIVED,
};
use super::routes::{Route as MatchRoute, Routes};
use crate::host::{MatchId, View, ViewKind};

/// How long a view waits for its match's route (the first view can arrive
/// before the accepting press has recorded the thread).
const ROUTE_WAIT: Duration = Duration::from_secs(30);

/// Reads the outbox until it closes, handing each view to its match's
/// worker ([`Workers`]).
pub async fn run(
    rest: Arc<Rest>,
    routes: Arc<Routes>,
    mut views: mpsc::UnboundedReceiver<View>,
    lost: mpsc::UnboundedSender<MatchId>,
) {
    let workers = Workers::new(move |id, queues: Arc<Queues>| {
        let (rest, routes, lost) = (rest.clone(), routes.clone(), lost.clone());
        tokio::spawn(worker(rest, routes, queues, id, lost));
    });
    while let Some(view) = views.recv().await {
        workers.dispatch(view);
    }
}

/// Starts the worker of a match: its id and the queues it takes the
/// match's views from ([`Queues::next`]).
type Spawn = dyn Fn(MatchId, Arc<Queues>) + Send + Sync;

/// The views waiting to be posted, by match. A match is here only while
/// its worker runs: the worker takes its views one by one and ends when
/// there are none, so a match between two turns holds no task and no
/// queue (before: a task and a channel per running match, about 9 KiB
/// each at rest, docs/benchmarks.md), and one that has ended holds
/// nothing. At most one worker runs per match, so its views are posted in
/// order.
#[derive(Default)]
pub struct Queues {
    waiting: Mutex<HashMap<MatchId, VecDeque<View>>>,
    /// Matches whose thread the bot can no longer post in: their views go
    /// nowhere until their end (the players were told elsewhere).
    unreachable: Mutex<HashSet<MatchId>>,
}

impl Queues {
    /// Queues `view`; true when no worker runs for its match (the caller
    /// starts one).
    fn push(&self, view: View) -> bool {
        let mut waiting = self.waiting.lock();
        match waiting.entry(view.match_id) {
            Entry::Occupied(mut e) => {
                e.get_mut().push_back(view);
                false
            }
            Entry::Vacant(e) => {
                e.insert(VecDeque::from([view]));
                true
            }
        }
    }

    /// The next view of match `id` for its worker; `None` when there is
    /// none, and then the match is forgotten and the worker must end (a
    /// later view starts another).
    pub fn next(&self, id: MatchId) -> Option<View> {
        let mut waiting = self.waiting.lock();
        let queue = waiting.get_mut(&id)?;
        let view = queue.pop_front();
        if view.is_none() {
            waiting.remove(&id);
        }
        view
    }

    /// How many matches have a worker running (views being posted).
    #[cfg(test)]
    pub fn running(&self) -> usize {
        self.waiting.lock().len()
    }

    /// Marks match `id`'s thread as one the bot cannot post in.
    fn lose(&self, id: MatchId) {
        self.unreachable.lock().insert(id);
    }

    /// Whether `view` is to be posted: not when its match's thread cannot
    /// be posted in. The match's end is the last of them: after it, the
    /// match is no longer marked (a notice after the end is tried again).
    fn reachable(&self, view: &View) -> bool {
        let mut lost = self.unreachable.lock();
        if !lost.contains(&view.match_id) {
            return true;
        }
        if view.kind == ViewKind::MatchOver {
            lost.remove(&view.match_id);
        }
        false
    }
}

/// The matches' posting workers: one per match while it has views to post
/// ([`Queues`]).
pub struct Workers {
    spawn: Box<Spawn>,
    queues: Arc<Queues>,
}

impl Workers {
    /// No workers yet; `spawn` starts one ([`Spawn`]).
    pub fn new(spawn: impl Fn(MatchId, Arc<Queues>) + Send + Sync + 'static) -> Workers {
        Workers {
            spawn: Box::new(spawn),
            queues: Arc::default(),
        }
    }

    /// Hands `view` to its match's worker, starting one if none runs.
    pub fn dispatch(&self, view: View) {
        let id = view.match_id;
        if self.queues.push(view) {
            (self.spawn)(id, self.queues.clone());
        }
    }

    /// How many matches have a worker running.
    #[cfg(test)]
    pub fn running(&self) -> usize {
        self.queues.running()
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
    queues: Arc<Queues>,
    id: MatchId,
    lost: mpsc::UnboundedSender<MatchId>,
) {
    while let Some(view) = queues.next(id) {
        if !queues.reachable(&view) {
            continue;
        }
        // Boxed: the worker's task stays small, the request's state lives
        // only while it is sent.
        match Box::pin(post(&rest, &routes, id, &view)).await {
            Ok(()) => {}
            Err(e) if no_access(&e) => {
                tracing::warn!(match_id = %id, error = %e, "the match's thread cannot be posted in; the match is aborted");
                queues.lose(id);
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
    let link = route.web.as_ref().and_then(|w| w.link(&view.kind));
    if let Some(lease) = routes.leases.for_posting(id, route.thread, Instant::now()) {
        if archived {
            unarchive(rest, routes, route.thread).await?;
            archived = false;
        }
        let mut posted = followup(rest, route.thread, &lease, view, link.as_ref()).await;
        // The thread was archived without the bot hearing of it: it is
        // unarchived, and the follow-up sent again (refused once, never
        // twice).
        if matches!(&posted, Err(e) if is_code(e, THREAD_ARCHIVED)) {
            tracing::debug!(match_id = %id, "follow-up refused in an archived thread; unarchiving");
            unarchive(rest, routes, route.thread).await?;
            posted = followup(rest, route.thread, &lease, view, link.as_ref()).await;
        }
        match posted {
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
            // The token no longer works (or its time ran out while the
            // follow-up was retried): post the ordinary way.
            Err(e) if token_refused(&e) || !lease.fresh(Instant::now()) => {
                tracing::debug!(match_id = %id, error = %e, "follow-up refused; posting in the channel");
                // A follow-up Discord may have posted before it failed is
                // not posted a second time the other way.
                if maybe_done(&e) {
                    if let Some(found) = posted_already(rest, route.thread, view).await {
                        return Ok(found);
                    }
                }
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
    send(
        rest,
        routes,
        route.thread,
        archived,
        view_message(view, link.as_ref()),
    )
    .await
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
    link: Option<&Link>,
) -> serenity::Result<MessageId> {
    let message = view_followup(view, link);
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
        // The token's 15 minutes are Discord's: a retry that would start
        // past the lease's use-by time is left to the channel path.
        if !lease.fresh(Instant::now() + pause) {
            return Err(error);
        }
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
    // A refused press may be putting these buttons back: after it.
    routes.after_put_back(old).await;
    let now = Instant::now();
    if let Some(editor) = routes.leases.editor(old, now) {
        // The token's own client (exempt, limited per token: `Rest`).
        let http = rest.token_http();
        let done = match &editor {
            Editor::Original(l) => {
                super::rest::set_original_buttons(
                    &http,
                    l.token.expose(),
                    Vec::new(),
                    "remove old buttons",
                )
                .await
            }
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
    if Leases::age(old, routes.clock.unix_ms()) >= OLD_MESSAGE {
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

/// How many of a thread's latest messages the sweep reads: Discord's most
/// in one request (`developers/resources/message.mdx`, Get Channel
/// Messages, `limit` 1–100).
const SWEPT_MESSAGES: u8 = 100;

/// The first view a restarted bot posts in match `id`'s thread (or a bot
/// that learned the match from a press): takes the buttons off every
/// earlier message of the bot for this match among the thread's last
/// [`SWEPT_MESSAGES`] messages, except `new`, the view just posted. The
/// turns a match posts are not written to the store one by one
/// ([`Routes::replace_buttons`]), so the store's `old` may be older than the
/// last turn the killed or stopped process posted; it is edited too when it
/// is older than what the sweep read. One read per match per restart. A
/// thread that cannot be read (Read Message History taken away), or whose
/// read does not hold `new`, falls back to removing `old`'s buttons alone.
async fn sweep(
    rest: &Rest,
    routes: &Routes,
    thread: ChannelId,
    id: MatchId,
    new: MessageId,
    old: Option<MessageId>,
) -> serenity::Result<()> {
    let read = with_retries("read thread for live buttons", || {
        rest.paced(Route::ChannelMessages { channel_id: thread }, |http| {
            thread.messages(http, GetMessages::new().limit(SWEPT_MESSAGES))
        })
    })
    .await;
    // The bot's own messages: by the author of `new`, just posted (another
    // bot's copy of the buttons is not the bot's to edit: 50005, which
    // would end the sweep before the bot's own messages).
    let (recent, me) = match read {
        Ok(recent) => {
            let me = recent.iter().find(|m| m.id == new).map(|m| m.author.id);
            (recent, me)
        }
        Err(e) => {
            tracing::warn!(match_id = %id, error = %e, "the thread could not be read for live buttons; only the stored message loses its buttons");
            (Vec::new(), None)
        }
    };
    let Some(me) = me else {
        if let Some(old) = old.filter(|old| *old != new) {
            remove_buttons(rest, routes, thread, old).await?;
        }
        return Ok(());
    };
    let live: Vec<MessageId> = recent
        .iter()
        .filter(|m| m.id != new && m.author.id == me && match_buttons(&m.components, id))
        .map(|m| m.id)
        .collect();
    for message in &live {
        remove_buttons(rest, routes, thread, *message).await?;
    }
    // The stored message is older than every message read: not seen, so
    // edited as before (a message the sweep read without buttons needs
    // nothing).
    let oldest = recent.iter().map(|m| m.id).min();
    if let Some(old) = old.filter(|old| *old != new && oldest.is_none_or(|o| *old < o)) {
        remove_buttons(rest, routes, thread, old).await?;
    }
    if !live.is_empty() {
        tracing::info!(match_id = %id, messages = live.len(), "earlier messages' live buttons removed after a restart");
    }
    Ok(())
}

/// Whether `rows` hold a button of match `id` (its action ids,
/// [`crate::host::ActionId`], or the confirm of one).
fn match_buttons(rows: &[serenity::all::ActionRow], id: MatchId) -> bool {
    custom_ids(rows)
        .iter()
        .any(|c| match c.parse::<ButtonId>() {
            Ok(ButtonId::Match(a) | ButtonId::Confirm(a)) => a.match_id() == id,
            _ => false,
        })
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
    // A human's turn: their drop may take these buttons off with its
    // acknowledgement (`Routes::is_live_turn`).
    let mover = match view.kind {
        ViewKind::Turn { to_move, ai: false } => Some(to_move),
        _ => None,
    };
    let old = routes.replace_buttons(id, live, mover).await;
    if routes.take_sweep(id) {
        sweep(rest, routes, route.thread, id, new, old).await?;
    } else if let Some(old) = old.filter(|old| *old != new) {
        remove_buttons(rest, routes, route.thread, old).await?;
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
            alt: None,
            position: None,
            buttons: Vec::new(),
        }
    }

    /// Workers that write down what they "post", in order; every post
    /// yields first (a post takes a while: views queue meanwhile). Also
    /// counts the workers started.
    /// What the recording workers wrote down, and how many were started.
    type Log = Arc<Mutex<Vec<String>>>;
    type Started = Arc<Mutex<usize>>;

    fn recording() -> (Workers, Log, Started) {
        let posted = Arc::new(Mutex::new(Vec::new()));
        let started = Arc::new(Mutex::new(0));
        let (log, count) = (posted.clone(), started.clone());
        let workers = Workers::new(move |id, queues: Arc<Queues>| {
            let log = log.clone();
            *count.lock().unwrap() += 1;
            tokio::spawn(async move {
                while let Some(v) = queues.next(id) {
                    if !queues.reachable(&v) {
                        continue;
                    }
                    tokio::task::yield_now().await;
                    log.lock().unwrap().push(v.text.clone());
                    if v.text.ends_with("lost") {
                        queues.lose(id);
                    }
                }
            });
        });
        (workers, posted, started)
    }

    async fn settle() {
        for _ in 0..100 {
            tokio::task::yield_now().await;
        }
    }

    fn turn() -> ViewKind {
        ViewKind::Turn {
            to_move: crate::host::UserId(1),
            ai: false,
        }
    }

    /// A match between two turns holds no worker and no queue (before: a
    /// task and a channel per running match for its whole life, and
    /// before that for the life of the process); views that arrive while
    /// one is posting queue behind it and keep their order, in one worker.
    #[tokio::test]
    async fn a_match_holds_a_worker_only_while_it_has_views_and_they_keep_their_order() {
        let (workers, posted, started) = recording();
        workers.dispatch(view(1, turn(), "1: turn a"));
        workers.dispatch(view(2, turn(), "2: turn a"));
        workers.dispatch(view(1, turn(), "1: turn b"));
        workers.dispatch(view(1, ViewKind::MatchOver, "1: over"));
        assert_eq!(workers.running(), 2);
        assert_eq!(*started.lock().unwrap(), 2, "one worker per match");
        settle().await;
        assert_eq!(workers.running(), 0, "nothing held between turns");
        workers.dispatch(view(1, ViewKind::Notice, "1: notice"));
        workers.dispatch(view(2, turn(), "2: turn b"));
        settle().await;
        assert_eq!(workers.running(), 0);
        assert_eq!(*started.lock().unwrap(), 4, "a new worker for new views");
        let posted = posted.lock().unwrap().clone();
        let of_1: Vec<_> = posted.iter().filter(|t| t.starts_with("1:")).collect();
        assert_eq!(of_1, ["1: turn a", "1: turn b", "1: over", "1: notice"]);
        let of_2: Vec<_> = posted.iter().filter(|t| t.starts_with("2:")).collect();
        assert_eq!(of_2, ["2: turn a", "2: turn b"]);
    }

    /// After a post found the thread closed to the bot, the match's later
    /// views go nowhere — also those a later worker takes — until its end;
    /// after the end its views are tried again.
    #[tokio::test]
    async fn an_unreachable_match_posts_nothing_until_its_end() {
        let (workers, posted, _) = recording();
        workers.dispatch(view(1, turn(), "1: lost"));
        settle().await;
        workers.dispatch(view(1, turn(), "1: turn"));
        workers.dispatch(view(2, turn(), "2: turn"));
        settle().await;
        workers.dispatch(view(1, ViewKind::MatchOver, "1: over"));
        settle().await;
        workers.dispatch(view(1, ViewKind::Notice, "1: notice"));
        settle().await;
        let posted = posted.lock().unwrap().clone();
        assert_eq!(posted, ["1: lost", "2: turn", "1: notice"]);
    }
}
