//! Where each match is shown on Discord: its thread, the message whose
//! buttons are live, its players. Kept in memory behind [`Routes`] and, when
//! the host's thread records are given ([`Routes::load`]), written there
//! when a match gets its thread, ends, or its thread is archived or
//! unarchived ([`Threads`]), so a restarted bot posts a resumed match into
//! its thread at once. A running match's live message is not written at
//! every turn: a restarted bot sweeps the thread instead
//! ([`Routes::take_sweep`]). A side file
//! of an older version (`<database file>.threads`) is imported once
//! ([`Routes::import_file`]). A press on an old message also teaches the
//! route of a match the bot does not know ([`Routes::learn`]).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::num::NonZeroU64;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use parking_lot::{Mutex, MutexGuard};
use tokio::sync::oneshot;

use serenity::all::{ChannelId, MessageId};

use super::leases::Leases;
use super::messages::Link;
use crate::host::matches::unindex;
use crate::host::threads::{MatchThread, Threads};
use crate::host::{MatchId, UserId, ViewKind};
use crate::i18n::Locale;

/// How one match is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The match's thread (its channel).
    pub thread: ChannelId,
    /// The players' Discord ids (empty when the route was learned from a
    /// press after a restart; without the AI seat once loaded from the
    /// store).
    pub players: Vec<UserId>,
    /// Language of the match's public messages.
    pub locale: Locale,
    /// The last message posted with live buttons, if any.
    pub last_buttons: Option<MessageId>,
    /// Who may drop on `last_buttons` when it is a human's turn (in memory
    /// only: after a restart nobody, and a press is acknowledged the
    /// ordinary way; [`Routes::take_buttons_off`]).
    pub mover: Option<UserId>,
    /// The match is over.
    pub finished: bool,
    /// The thread is archived, as far as the bot knows: it archived it at
    /// the end of the match, Discord said so (THREAD_UPDATE), or refused a
    /// post into it (50083).
    pub archived: bool,
    /// The match's page on the web, when its server has the web on as it
    /// started (docs/web.md, "Links on Discord"); in memory only: after a
    /// restart the running matches' posts carry no link.
    pub web: Option<MatchPage>,
}

/// A match's web page as its thread's posts link to it: the address and
/// the buttons' words in the match's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchPage {
    /// The page's absolute address (`…/m/<match>`).
    pub url: String,
    /// "Watch on the web", under a turn or a game's end.
    pub watch: String,
    /// "Replay on the web", under the match's end.
    pub replay: String,
}

impl MatchPage {
    /// The link a post of `kind` carries: a turn's or a game's end
    /// "Watch", the match's end "Replay", a notice none.
    pub fn link(&self, kind: &ViewKind) -> Option<Link> {
        let label = match kind {
            ViewKind::Turn { .. } | ViewKind::GameOver => &self.watch,
            ViewKind::MatchOver => &self.replay,
            ViewKind::Notice => return None,
        };
        Some(Link {
            label: label.clone(),
            url: self.url.clone(),
        })
    }
}

impl Route {
    /// A route for a match that starts in `thread`.
    pub fn new(thread: ChannelId, players: Vec<UserId>, locale: Locale) -> Route {
        Route {
            thread,
            players,
            locale,
            last_buttons: None,
            mover: None,
            finished: false,
            archived: false,
            web: None,
        }
    }

    fn row(&self, id: MatchId) -> MatchThread {
        MatchThread {
            match_id: id,
            thread: self.thread.get(),
            buttons_message: self.last_buttons.map(MessageId::get),
            finished: self.finished,
            archived: self.archived,
        }
    }
}

/// The routes, indexed so that every lookup is by key (issue 33): by
/// match, the matches of each thread, and each player's matches not
/// marked over.
#[derive(Default)]
struct Inner {
    by_match: HashMap<MatchId, Route>,
    /// The matches played in each thread (a rematch is played in its
    /// match's thread); the latest is the greatest id.
    by_thread: HashMap<ChannelId, BTreeSet<MatchId>>,
    /// Each player's matches not marked over.
    running: HashMap<UserId, BTreeSet<MatchId>>,
    /// Matches whose route came from the store (or from a press) rather
    /// than from this process: their thread may hold a message with live
    /// buttons that the store does not name (a turn's message is not
    /// written there, [`Routes::replace_buttons`]); the first view posted
    /// sweeps the thread ([`Routes::take_sweep`]).
    unswept: HashSet<MatchId>,
}

impl Inner {
    fn put(&mut self, id: MatchId, route: Route) {
        // A match id of an earlier run (a host without a store reuses ids)
        // no longer names its old thread.
        self.remove(id);
        self.by_thread.entry(route.thread).or_default().insert(id);
        if !route.finished {
            for p in &route.players {
                self.running.entry(*p).or_default().insert(id);
            }
        }
        self.by_match.insert(id, route);
    }

    /// Forgets match `id` everywhere; returns its route.
    fn remove(&mut self, id: MatchId) -> Option<Route> {
        let route = self.by_match.remove(&id)?;
        self.unswept.remove(&id);
        unindex(&mut self.by_thread, &route.thread, id);
        self.unrun(id, &route.players);
        Some(route)
    }

    /// Match `id` of `players` is over: no longer among their running
    /// matches.
    fn unrun(&mut self, id: MatchId, players: &[UserId]) {
        for p in players {
            unindex(&mut self.running, p, id);
        }
    }

    /// Marks match `id` over; false if it has no route.
    fn finish(&mut self, id: MatchId) -> bool {
        let Some(route) = self.by_match.get_mut(&id) else {
            return false;
        };
        route.finished = true;
        let players = route.players.clone();
        self.unrun(id, &players);
        true
    }
}

/// The start-up work's progress: begun once (a reconnect does not start
/// it again), finished once every running match is restored.
#[derive(Default)]
pub struct Startup {
    begun: AtomicBool,
    done: tokio::sync::watch::Sender<bool>,
}

impl Startup {
    /// Marks the start-up begun; `false` if it had begun already.
    pub fn begin(&self) -> bool {
        !self.begun.swap(true, Ordering::SeqCst)
    }

    /// Marks it finished: everyone waiting in [`Startup::wait`] goes on.
    pub fn finish(&self) {
        self.done.send_replace(true);
    }

    /// Returns once the start-up work is finished.
    pub async fn wait(&self) {
        let mut done = self.done.subscribe();
        // The sender lives in `self`, so the channel never closes here.
        let _ = done.wait_for(|d| *d).await;
    }
}

/// A press on a match's button, as the poster may use its token
/// ([`Routes::pressed`]).
pub struct Press {
    /// The press's channel (the match's thread).
    pub channel: ChannelId,
    /// The message pressed, when it is a match message (a deferred update
    /// makes it the press's original response, which its token may edit);
    /// `None` for the Confirm of a private preview.
    pub message: Option<MessageId>,
    /// The interaction's token (a secret: never logged).
    pub token: String,
    /// When the press arrived.
    pub at: std::time::Instant,
    /// Its token may post the match's next views at once; else only
    /// once the host took the press ([`Routes::lend`]): a drop that is
    /// not the mover's on the live turn (stale, or a spectator's) is
    /// nearly always refused, and its token must not post the next turn
    /// in its place.
    pub lend: bool,
}

/// Every match's [`Route`], by match and by thread.
#[derive(Default)]
pub struct Routes {
    /// Shared with the tasks that forget finished routes.
    inner: Arc<Mutex<Inner>>,
    /// How long a route stays after its match is marked over
    /// ([`Routes::finish`]); `None`: for good (a front end without a
    /// rematch window).
    forget_after: Option<Duration>,
    threads: Option<Threads>,
    /// Held while routes are written to the store: rows are read when
    /// written, under this lock, so the last write is of the latest route.
    saving: tokio::sync::Mutex<()>,
    /// Saves waiting for the writer: the matches to write and whom to tell
    /// once they are written.
    to_save: Mutex<Vec<(Vec<MatchId>, oneshot::Sender<()>)>>,
    /// The interaction tokens the poster may post and edit with
    /// (in memory only).
    pub leases: Leases,
    /// The start-up: the running matches are restored, and their routes
    /// with them, once it is finished.
    pub startup: Startup,
    /// The host's wall clock (the age of a message; [`Leases::age`]).
    pub clock: crate::host::WallClock,
    /// Messages whose buttons a refused press is putting back, each with
    /// the lock its edit holds ([`Routes::put_buttons_back`]): the
    /// poster's removal of the same buttons waits for it
    /// ([`Routes::after_put_back`]), or the two edits could land in the
    /// wrong order and leave a played turn with live buttons.
    restoring: Arc<Mutex<Restoring>>,
}

/// The gates of the messages whose buttons are being put back.
type Restoring = HashMap<MessageId, Arc<tokio::sync::Mutex<()>>>;

/// Held while a refused press puts a message's buttons back
/// ([`Routes::put_buttons_back`]). Dropped once the edit is done (or
/// failed, or its task was dropped): the message's gate is forgotten, and
/// then the removal waiting in [`Routes::after_put_back`] goes on.
pub struct PutBack {
    message: MessageId,
    restoring: Arc<Mutex<Restoring>>,
    held: tokio::sync::OwnedMutexGuard<()>,
}

impl Drop for PutBack {
    fn drop(&mut self) {
        // Only this put-back's gate: a newer one of the same message stays.
        // The guard itself is released after this body.
        let mine = tokio::sync::OwnedMutexGuard::mutex(&self.held);
        let mut restoring = self.restoring.lock();
        if restoring
            .get(&self.message)
            .is_some_and(|g| Arc::ptr_eq(g, mine))
        {
            restoring.remove(&self.message);
        }
    }
}

impl Routes {
    /// No routes, in memory only.
    #[cfg(test)]
    pub fn new() -> Routes {
        Routes::default()
    }

    /// The routes kept in `threads`; every change is written back.
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn load(threads: Threads) -> Result<Routes, crate::host::HostError> {
        let mut inner = Inner::default();
        for t in threads.load().await? {
            let Some(thread) = NonZeroU64::new(t.thread.thread).map(ChannelId::from) else {
                continue;
            };
            let route = Route {
                thread,
                players: t.players.iter().flatten().map(|p| UserId(*p)).collect(),
                locale: t
                    .locale
                    .as_deref()
                    .map_or(Locale::FALLBACK, Locale::negotiate),
                last_buttons: t
                    .thread
                    .buttons_message
                    .and_then(NonZeroU64::new)
                    .map(MessageId::from),
                mover: None,
                finished: t.thread.finished,
                archived: t.thread.archived,
                web: None,
            };
            inner.put(t.thread.match_id, route);
            inner.unswept.insert(t.thread.match_id);
        }
        Ok(Routes {
            inner: Arc::new(Mutex::new(inner)),
            threads: Some(threads),
            ..Routes::default()
        })
    }

    /// Imports the side file of an older version into the store, once
    /// ([`Threads::import_file`]): routes already known win. Returns how
    /// many routes were imported; no file (or no store), nothing to do.
    ///
    /// # Errors
    /// The file exists but cannot be read or renamed.
    pub async fn import_file(&self, path: &Path) -> std::io::Result<usize> {
        let Some(threads) = &self.threads else {
            return Ok(0);
        };
        let imported = threads
            .import_file(path, |id| self.get(id).is_some())
            .await?;
        for t in &imported {
            let Some(thread) = NonZeroU64::new(t.row.thread).map(ChannelId::from) else {
                continue;
            };
            let mut route = Route::new(thread, t.players.clone(), t.locale);
            route.last_buttons = t
                .row
                .buttons_message
                .and_then(NonZeroU64::new)
                .map(MessageId::from);
            route.finished = t.row.finished;
            route.archived = t.row.archived;
            let mut inner = self.lock();
            inner.put(t.row.match_id, route);
            inner.unswept.insert(t.row.match_id);
        }
        Ok(imported.len())
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock()
    }

    /// Writes the routes of `ids` as they are now to the store (a failure is
    /// logged: the route stays right in memory) and returns once they are
    /// written. Saves that wait while another is written are written
    /// together in one transaction (group commit, like
    /// the store's match events): whoever takes the writer lock writes every
    /// queued match's latest route and answers all of them.
    async fn save(&self, ids: &[MatchId]) {
        let Some(threads) = &self.threads else { return };
        let (reply, mut written) = oneshot::channel();
        self.to_save.lock().push((ids.to_vec(), reply));
        loop {
            tokio::select! {
                biased;
                _ = &mut written => return,
                guard = self.saving.lock() => {
                    loop {
                        let batch = std::mem::take(&mut *self.to_save.lock());
                        if batch.is_empty() {
                            break;
                        }
                        let mut all: Vec<MatchId> = batch.iter().flat_map(|(ids, _)| ids.iter().copied()).collect();
                        all.sort_unstable();
                        all.dedup();
                        let rows: Vec<_> = all
                            .iter()
                            .filter_map(|id| self.get(*id).map(|r| r.row(*id)))
                            .collect();
                        if let Err(e) = threads.save_all(&rows).await {
                            tracing::error!(matches = rows.len(), error = %e, "storing match threads failed");
                        }
                        for (_, reply) in batch {
                            let _ = reply.send(());
                        }
                    }
                    drop(guard);
                }
            }
        }
    }

    /// Records the route of a new match.
    pub async fn insert(&self, id: MatchId, route: Route) {
        self.lock().put(id, route);
        self.save(&[id]).await;
    }

    /// A press on match `id`, acknowledged: once the running matches are
    /// restored (after a restart a press waits for them), its token may
    /// post the match's next views and edit the pressed message for 15
    /// minutes ([`Leases`]), and a match the bot knows (`locale` answers
    /// its language) but has no route for (its thread was not stored)
    /// learns it from the press.
    pub async fn pressed(
        &self,
        id: MatchId,
        press: Press,
        locale: impl FnOnce() -> Option<Locale>,
    ) {
        self.startup.wait().await;
        let token = super::leases::Token::new(press.token);
        match press.message {
            Some(message) if press.lend => {
                self.leases
                    .pressed(id, press.channel, message, token, press.at)
            }
            Some(message) => self
                .leases
                .edits_only(message, press.channel, token, press.at),
            None => self
                .leases
                .pressed_elsewhere(id, press.channel, token, press.at),
        }
        // Only a match without a route asks for its language (the host
        // clones the match's spec for it).
        let Some(message) = press.message else { return };
        if self.lock().by_match.contains_key(&id) {
            return;
        }
        if let Some(locale) = locale() {
            self.learn(id, press.channel, message, locale).await;
        }
    }

    /// The host took a press that was not lent at once ([`Press::lend`]):
    /// its token may now post the match's next views.
    pub fn lend(&self, id: MatchId, channel: ChannelId, token: String, at: std::time::Instant) {
        self.leases
            .pressed_elsewhere(id, channel, super::leases::Token::new(token), at);
    }

    /// Records the route of a match the bot only learns about from a button
    /// press in `thread` on `message` (after a restart); keeps a known route.
    pub async fn learn(&self, id: MatchId, thread: ChannelId, message: MessageId, locale: Locale) {
        {
            let mut inner = self.lock();
            if inner.by_match.contains_key(&id) {
                return;
            }
            let mut route = Route::new(thread, Vec::new(), locale);
            route.last_buttons = Some(message);
            inner.put(id, route);
            inner.unswept.insert(id);
        }
        self.save(&[id]).await;
    }

    /// Gives every match in `ids` that has no route yet (the rematch the
    /// host just created, `Acted::Rematch`) a route in `from`'s thread;
    /// returns them.
    pub async fn adopt_new(&self, ids: &[MatchId], from: MatchId) -> Vec<MatchId> {
        let adopted = {
            let mut inner = self.lock();
            let Some(base) = inner.by_match.get(&from).cloned() else {
                return Vec::new();
            };
            let mut adopted = Vec::new();
            for id in ids {
                if !inner.by_match.contains_key(id) {
                    let mut route = Route::new(base.thread, base.players.clone(), base.locale);
                    route.archived = base.archived;
                    inner.put(*id, route);
                    adopted.push(*id);
                }
            }
            adopted
        };
        for id in &adopted {
            self.leases.adopt(from, *id);
        }
        self.save(&adopted).await;
        adopted
    }

    /// The route of a match.
    pub fn get(&self, id: MatchId) -> Option<Route> {
        self.lock().by_match.get(&id).cloned()
    }

    /// Waits up to `timeout` for the route of a match (its first view can
    /// arrive before the route is recorded).
    pub async fn wait(&self, id: MatchId, timeout: Duration) -> Option<Route> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(r) = self.get(id) {
                return Some(r);
            }
            if tokio::time::Instant::now() >= deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Whether `thread` is a match's thread: what [`Self::by_thread`] finds,
    /// without a copy of its route (the gateway relay asks it for every
    /// member's message: `relay::skipped`).
    pub fn has_thread(&self, thread: ChannelId) -> bool {
        let inner = self.lock();
        inner
            .by_thread
            .get(&thread)
            .and_then(|ids| ids.last())
            .is_some_and(|id| inner.by_match.contains_key(id))
    }

    /// The match played in `thread` (the latest one, after a rematch).
    pub fn by_thread(&self, thread: ChannelId) -> Option<(MatchId, Route)> {
        let inner = self.lock();
        let id = *inner.by_thread.get(&thread)?.last()?;
        inner.by_match.get(&id).map(|r| (id, r.clone()))
    }

    /// The match a command in `channel` by `player` is about: the thread's
    /// match, else the player's only running match.
    pub fn match_for(&self, channel: ChannelId, player: UserId) -> Option<MatchId> {
        if let Some((id, _)) = self.by_thread(channel) {
            return Some(id);
        }
        let inner = self.lock();
        let mut running = inner.running.get(&player)?.iter().copied();
        match (running.next(), running.next()) {
            (Some(id), None) => Some(id),
            _ => None,
        }
    }

    /// The running matches `player` sits in, with their routes, oldest
    /// match first.
    pub fn running_of(&self, player: UserId) -> Vec<(MatchId, Route)> {
        let inner = self.lock();
        let Some(ids) = inner.running.get(&player) else {
            return Vec::new();
        };
        ids.iter()
            .filter_map(|id| inner.by_match.get(id).map(|r| (*id, r.clone())))
            .collect()
    }

    /// Records the message with the match's live buttons (`mover`: the
    /// human whose turn it shows, if any); returns the previous one (whose
    /// buttons are to be removed). In memory only while the match runs: a
    /// row written after every posted turn was 11 % of the bot's CPU per
    /// move (issue 33 §5, docs/benchmarks.md, "Sixth step"), and a bot
    /// killed between posting a turn and writing it left that turn's
    /// buttons live after the restart all the same. Instead, the first view
    /// a restarted bot posts in a match's thread takes the buttons off every
    /// earlier message of the match it finds there ([`Routes::take_sweep`],
    /// the poster's sweep). The match's end is written (with `finished`)
    /// before this returns: the rematch window after a restart needs it.
    pub async fn replace_buttons(
        &self,
        id: MatchId,
        message: Option<MessageId>,
        mover: Option<UserId>,
    ) -> Option<MessageId> {
        let (old, finished) = {
            let mut inner = self.lock();
            let route = inner.by_match.get_mut(&id)?;
            route.mover = mover.filter(|_| message.is_some());
            (
                std::mem::replace(&mut route.last_buttons, message),
                route.finished,
            )
        };
        if finished {
            // The poster records the end's message here once it is posted,
            // and the save writes the route as finished: from now on only
            // the rematch window needs it (the poster marks a match over
            // with `finish_unsaved`, never with `finish`).
            self.save(&[id]).await;
            self.forget_later(id);
        }
        old
    }

    /// Whether the thread of match `id` is still to be swept for earlier
    /// messages with live buttons (its route was loaded from the store or
    /// learned from a press, and no view has been posted since); true
    /// once per such route, so the caller sweeps.
    pub fn take_sweep(&self, id: MatchId) -> bool {
        self.lock().unswept.remove(&id)
    }

    /// Whether `player`'s press on `message` is a drop on match `id`'s live
    /// turn, so that its acknowledgement may take the turn's buttons off
    /// (`UPDATE_MESSAGE`): one request per move fewer than a deferred
    /// acknowledgement and an edit after the next turn (issue 33 §5). Any
    /// other press is acknowledged the ordinary way and leaves the buttons
    /// to the poster.
    pub fn is_live_turn(&self, id: MatchId, message: MessageId, player: UserId) -> bool {
        let inner = self.lock();
        let live = inner.by_match.get(&id).is_some_and(|r| {
            // An archived thread's message takes no update (50083).
            !r.finished && !r.archived && r.last_buttons == Some(message) && r.mover == Some(player)
        });
        // Not while its buttons are being put back: an acknowledgement that
        // took them off could land before that edit, which would then leave
        // them on for good. Such a press is acknowledged the ordinary way,
        // and the next turn's post takes them off after the put-back.
        live && !self.restoring.lock().contains_key(&message)
    }

    /// The acknowledgement of a drop took `message`'s buttons off: the
    /// poster has nothing to remove once the next turn is posted (in
    /// memory: after a restart the stored message loses its buttons again,
    /// which changes nothing). Only while `message` is still the live one.
    pub fn take_buttons_off(&self, id: MatchId, message: MessageId) {
        if let Some(route) = self.lock().by_match.get_mut(&id) {
            if route.last_buttons == Some(message) {
                route.last_buttons = None;
            }
        }
    }

    /// The drop whose acknowledgement took `message`'s buttons off was
    /// refused: whether they are to be put back, because no view has been
    /// posted since (then `message` is the live one again, with `mover`).
    ///
    /// `Some`: put them back, holding the returned lock until the edit is
    /// done (dropping it); a view posted meanwhile removes them again only
    /// after it ([`Routes::after_put_back`]).
    pub fn put_buttons_back(
        &self,
        id: MatchId,
        message: MessageId,
        mover: UserId,
    ) -> Option<PutBack> {
        let mut inner = self.lock();
        let route = inner.by_match.get_mut(&id)?;
        if route.finished || route.last_buttons.is_some() {
            return None;
        }
        route.last_buttons = Some(message);
        route.mover = Some(mover);
        // Taken while `last_buttons` names the message: a poster that reads
        // it from now on finds the lock.
        let gate = Arc::new(tokio::sync::Mutex::new(()));
        let held = gate.clone().try_lock_owned().expect("a new lock is free");
        self.restoring.lock().insert(message, gate);
        Some(PutBack {
            message,
            restoring: self.restoring.clone(),
            held,
        })
    }

    /// Returns once no refused press is putting `message`'s buttons back:
    /// at once, nearly always.
    pub async fn after_put_back(&self, message: MessageId) {
        let gate = self.restoring.lock().get(&message).cloned();
        if let Some(gate) = gate {
            drop(gate.lock().await);
        }
    }

    /// The matches not marked over, in id order (after a restart: the
    /// running ones, and any whose end was committed but never posted).
    pub fn unfinished(&self) -> Vec<MatchId> {
        let inner = self.lock();
        let mut ids: Vec<MatchId> = inner
            .by_match
            .iter()
            .filter(|(_, r)| !r.finished)
            .map(|(id, _)| *id)
            .collect();
        ids.sort();
        ids
    }

    /// Marks the match over in memory only: the store's `match_threads` row
    /// records it with the next change (the poster's, once the end is
    /// posted), so that a bot killed before posting the end still finds the
    /// match unfinished there and posts its end after the restart.
    pub fn finish_unsaved(&self, id: MatchId) {
        self.lock().finish(id);
    }

    /// Marks the match over; its route is forgotten once its rematch
    /// window has passed ([`Routes::forget_finished_after`]): then nothing
    /// can act on it any more, and memory holds what is running, not every
    /// match ever played (issue 33).
    #[cfg(test)]
    pub async fn finish(&self, id: MatchId) {
        let known = self.lock().finish(id);
        self.save(&[id]).await;
        if known {
            self.forget_later(id);
        }
    }

    /// Forgets finished match `id`'s route after the forget time (if one
    /// is set), unless the id names a new match by then.
    fn forget_later(&self, id: MatchId) {
        let Some(after) = self.forget_after else {
            return;
        };
        let inner = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            tokio::time::sleep(after).await;
            let Some(inner) = inner.upgrade() else { return };
            let mut inner = inner.lock();
            if inner.by_match.get(&id).is_some_and(|r| r.finished) {
                inner.remove(id);
            }
        });
    }

    /// Routes of finished matches are forgotten `after` their end was
    /// posted ([`Routes::finish`]; the host's forget time,
    /// [`crate::host::Host::forget_time`]).
    pub fn forget_finished_after(&mut self, after: Duration) {
        self.forget_after = Some(after);
    }

    /// How many routes are kept (running matches, and finished ones not
    /// forgotten yet).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().by_match.len()
    }

    /// Whether no route is kept.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Records whether the match's thread is archived (for every match in
    /// that thread).
    pub async fn set_archived(&self, thread: ChannelId, archived: bool) {
        // Only routes that change are saved: every THREAD_UPDATE of the
        // server (most of them not a match's, or not a change) comes here.
        let ids: Vec<MatchId> = {
            let mut inner = self.lock();
            let Inner {
                by_match,
                by_thread,
                ..
            } = &mut *inner;
            by_thread
                .get(&thread)
                .into_iter()
                .flatten()
                .filter_map(|id| {
                    let r = by_match.get_mut(id)?;
                    (r.archived != archived).then(|| {
                        r.archived = archived;
                        *id
                    })
                })
                .collect()
        };
        if !ids.is_empty() {
            self.save(&ids).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Variant;
    use crate::host::{GuildId, HeuristicBot, HostConfig, MatchSpec, Seated, Services, TimeStyle};
    use crate::i18n::Catalog;
    use crate::play::ClockSettings;

    const A: UserId = UserId(1);
    const B: UserId = UserId(2);

    #[tokio::test]
    async fn a_thread_names_its_match_and_players_find_their_running_match() {
        let routes = Routes::new();
        let thread = ChannelId::new(77);
        let id = MatchId(5);
        routes
            .insert(id, Route::new(thread, vec![A, B], Locale::EnUs))
            .await;
        assert_eq!(routes.by_thread(thread).unwrap().0, id);
        assert_eq!(routes.match_for(ChannelId::new(1), A), Some(id));
        assert_eq!(
            routes
                .replace_buttons(id, Some(MessageId::new(9)), None)
                .await,
            None
        );
        assert_eq!(
            routes
                .replace_buttons(id, Some(MessageId::new(10)), None)
                .await,
            Some(MessageId::new(9))
        );
        routes.finish(id).await;
        assert_eq!(routes.match_for(ChannelId::new(1), A), None);
    }

    #[tokio::test]
    async fn only_the_movers_drop_on_the_live_turn_takes_its_buttons_off() {
        let routes = Routes::new();
        let thread = ChannelId::new(77);
        let id = MatchId(5);
        let (turn, next) = (MessageId::new(9), MessageId::new(10));
        routes
            .insert(id, Route::new(thread, vec![A, B], Locale::EnUs))
            .await;
        routes.replace_buttons(id, Some(turn), Some(A)).await;
        assert!(routes.is_live_turn(id, turn, A));
        assert!(!routes.is_live_turn(id, turn, B), "not B's turn");
        assert!(!routes.is_live_turn(id, next, A), "not the live message");
        // Taken off: the poster has nothing to remove after the next turn.
        routes.take_buttons_off(id, turn);
        assert!(!routes.is_live_turn(id, turn, A));
        // Refused before a newer view: put back, live again; a removal of
        // its buttons waits until the put-back's edit is done.
        let held = routes.put_buttons_back(id, turn, A).expect("put back");
        assert!(
            !routes.is_live_turn(id, turn, A),
            "not live while the put-back's edit is under way"
        );
        let removal = std::pin::pin!(routes.after_put_back(turn));
        let removal = tokio::time::timeout(Duration::from_millis(50), removal).await;
        assert!(removal.is_err(), "the removal waits for the put-back");
        drop(held);
        assert!(
            routes.is_live_turn(id, turn, A),
            "live again once it is done"
        );
        tokio::time::timeout(Duration::from_secs(1), routes.after_put_back(turn))
            .await
            .expect("then it goes on");
        routes.take_buttons_off(id, turn);
        assert_eq!(routes.replace_buttons(id, Some(next), Some(B)).await, None);
        // Refused after a newer view: nothing is put back.
        assert!(routes.put_buttons_back(id, turn, A).is_none());
        assert!(routes.is_live_turn(id, next, B));
        // An AI's turn, or an archived thread: the ordinary way.
        routes.replace_buttons(id, Some(turn), None).await;
        assert!(!routes.is_live_turn(id, turn, A) && !routes.is_live_turn(id, turn, B));
        routes.replace_buttons(id, Some(next), Some(B)).await;
        routes.set_archived(thread, true).await;
        assert!(!routes.is_live_turn(id, next, B));
    }

    /// Issue 33: the poster's path to a match's end — marked over in memory
    /// (`finish_unsaved`), then the end posted and its buttons recorded
    /// (`replace_buttons`, which saves) — forgets the route after the
    /// rematch window too. (Only [`Routes::finish`], which the poster never
    /// calls, did: every match's route stayed for the life of the process,
    /// heaptrack in docs/benchmarks.md.)
    #[tokio::test]
    async fn a_route_whose_end_was_posted_is_forgotten() {
        let mut routes = Routes::new();
        routes.forget_finished_after(Duration::from_millis(100));
        let thread = ChannelId::new(77);
        let id = MatchId(5);
        routes
            .insert(id, Route::new(thread, vec![A, B], Locale::EnUs))
            .await;
        routes
            .replace_buttons(id, Some(MessageId::new(9)), None)
            .await;
        routes.finish_unsaved(id);
        routes
            .replace_buttons(id, Some(MessageId::new(10)), None)
            .await;
        assert_eq!(routes.len(), 1, "kept for the rematch window");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(routes.is_empty(), "the finished route is forgotten");
        assert!(routes.by_thread(thread).is_none());
    }

    /// Issue 33: a finished match's route is forgotten once its rematch
    /// window has passed; a rematch in the same thread keeps the thread.
    #[tokio::test]
    async fn a_finished_route_is_forgotten_and_its_thread_stays_with_the_rematch() {
        let mut routes = Routes::new();
        routes.forget_finished_after(Duration::from_millis(100));
        let thread = ChannelId::new(77);
        routes
            .insert(MatchId(5), Route::new(thread, vec![A, B], Locale::De))
            .await;
        assert_eq!(routes.running_of(A).len(), 1);
        routes.finish(MatchId(5)).await;
        assert!(routes.running_of(A).is_empty());
        assert_eq!(routes.adopt_new(&[MatchId(6)], MatchId(5)).await.len(), 1);
        assert_eq!(routes.by_thread(thread).unwrap().0, MatchId(6));
        assert_eq!(routes.len(), 2, "kept for the rematch window");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(routes.len(), 1);
        assert!(routes.get(MatchId(5)).is_none());
        assert_eq!(routes.by_thread(thread).unwrap().0, MatchId(6));
        assert_eq!(routes.match_for(ChannelId::new(1), B), Some(MatchId(6)));
        routes.set_archived(thread, true).await;
        assert!(routes.get(MatchId(6)).unwrap().archived);
    }

    #[tokio::test]
    async fn a_rematch_is_adopted_into_the_same_thread() {
        let routes = Routes::new();
        let thread = ChannelId::new(77);
        routes
            .insert(MatchId(5), Route::new(thread, vec![A, B], Locale::De))
            .await;
        let adopted = routes
            .adopt_new(&[MatchId(5), MatchId(6)], MatchId(5))
            .await;
        assert_eq!(adopted, vec![MatchId(6)]);
        assert_eq!(routes.by_thread(thread).unwrap().0, MatchId(6));
        assert_eq!(routes.get(MatchId(6)).unwrap().locale, Locale::De);
    }

    /// A store with one classic match of Discord users 1 and 2 in
    /// `locale`; the host's services on it and the match id.
    async fn store_with_match(locale: Locale) -> (Services, MatchId) {
        let (services, _views) = Services::open(
            "sqlite::memory:",
            std::sync::Arc::new(Catalog::new().unwrap()),
            std::sync::Arc::new(HeuristicBot),
            HostConfig {
                time_style: TimeStyle::Omit,
                images: false,
            },
            None,
        )
        .await
        .unwrap();
        let id = match_in(&services, locale).await;
        (services, id)
    }

    /// Another classic match of Discord users 1 and 2, in `locale`.
    async fn match_in(services: &Services, locale: Locale) -> MatchId {
        let seat = |id: UserId, name: &str| Seated {
            id,
            name: name.into(),
            ai_level: None,
            source: Default::default(),
        };
        let spec = MatchSpec {
            variant: Variant::Classic,
            clock: ClockSettings::default(),
            players: vec![seat(A, "a"), seat(B, "b")],
            guild: GuildId(1),
            locale,
            seed: 1,
            tournament: None,
        };
        services.host.create_match(spec).await.unwrap()
    }

    #[tokio::test]
    async fn routes_survive_a_restart_in_the_store() {
        let (s, id) = store_with_match(Locale::De).await;
        let routes = Routes::load(s.threads.clone()).await.unwrap();
        let thread = ChannelId::new(77);
        routes
            .insert(id, Route::new(thread, vec![A, B], Locale::De))
            .await;
        routes
            .replace_buttons(id, Some(MessageId::new(99)), None)
            .await;
        routes.set_archived(thread, true).await;
        let again = Routes::load(s.threads.clone()).await.unwrap();
        let r = again.get(id).unwrap();
        assert_eq!(r, routes.get(id).unwrap());
        assert_eq!(r.last_buttons, Some(MessageId::new(99)));
        assert!(r.archived);
        assert_eq!(r.locale, Locale::De);
        assert_eq!(again.by_thread(thread).unwrap().0, id);
        assert_eq!(
            again.match_for(ChannelId::new(1), B),
            Some(id),
            "players from the match's seats"
        );
    }

    #[tokio::test]
    async fn saves_made_at_once_are_written_together_and_the_last_route_wins() {
        let (s, first) = store_with_match(Locale::EnUs).await;
        let mut ids = vec![first];
        for _ in 0..3 {
            ids.push(match_in(&s, Locale::EnUs).await);
        }
        let routes = Routes::load(s.threads.clone()).await.unwrap();
        // A match the store does not know fails the joint write; the
        // others must still land, one row at a time.
        let unknown = MatchId(4242);
        for (k, &id) in ids.iter().chain([&unknown]).enumerate() {
            let thread = ChannelId::new(100 + k as u64);
            routes
                .insert(id, Route::new(thread, vec![A, B], Locale::EnUs))
                .await;
        }
        // Each change records a new message and turns the thread's archived
        // flag (a save); the stored row is the route as it was last.
        let changes = ids
            .iter()
            .chain([&unknown])
            .enumerate()
            .flat_map(|(k, &id)| {
                let routes = &routes;
                let thread = ChannelId::new(100 + k as u64);
                (1..=20u64).map(move |n| async move {
                    routes
                        .replace_buttons(
                            id,
                            Some(MessageId::new(1000 * (id.0 as u64 + 1) + n)),
                            None,
                        )
                        .await;
                    routes.set_archived(thread, n % 2 == 1).await;
                })
            });
        futures_util::future::join_all(changes).await;
        let again = Routes::load(s.threads.clone()).await.unwrap();
        for &id in &ids {
            let latest = routes.get(id).unwrap();
            assert!(latest.last_buttons.is_some());
            let stored = again.get(id).unwrap();
            assert_eq!(stored.last_buttons, latest.last_buttons, "{id}");
            assert_eq!(stored.archived, latest.archived, "{id}");
        }
        assert!(again.get(unknown).is_none());
    }

    /// Issue 33 §5: a running match's turns are not written one by one (a
    /// row per turn was 11 % of a move's CPU); its end is. A route loaded
    /// from the store is swept once, at its first view; one made here
    /// never is.
    #[tokio::test]
    async fn turns_stay_in_memory_the_end_is_stored_and_a_loaded_route_is_swept_once() {
        let (s, id) = store_with_match(Locale::EnUs).await;
        let routes = Routes::load(s.threads.clone()).await.unwrap();
        let thread = ChannelId::new(77);
        routes
            .insert(id, Route::new(thread, vec![A, B], Locale::EnUs))
            .await;
        assert!(!routes.take_sweep(id), "a route made here is not swept");
        for n in 1..=3 {
            routes
                .replace_buttons(id, Some(MessageId::new(100 + n)), Some(A))
                .await;
        }
        let stored = |routes: &Routes| routes.get(id).unwrap().last_buttons;
        let again = Routes::load(s.threads.clone()).await.unwrap();
        assert_eq!(stored(&again), None, "no turn written");
        assert!(again.take_sweep(id), "loaded from the store: swept");
        assert!(!again.take_sweep(id), "once");
        routes.finish_unsaved(id);
        routes
            .replace_buttons(id, Some(MessageId::new(200)), None)
            .await;
        // Written as finished: a restart no longer loads it.
        let after_end = Routes::load(s.threads.clone()).await.unwrap();
        assert!(after_end.get(id).is_none(), "the end written");
    }

    #[tokio::test]
    async fn a_route_is_learned_from_a_press_after_a_restart() {
        let routes = Routes::new();
        routes
            .learn(
                MatchId(3),
                ChannelId::new(8),
                MessageId::new(9),
                Locale::EnUs,
            )
            .await;
        let r = routes.get(MatchId(3)).unwrap();
        assert_eq!(r.thread, ChannelId::new(8));
        assert_eq!(r.last_buttons, Some(MessageId::new(9)));
        assert!(routes.take_sweep(MatchId(3)), "its thread is swept");
    }
}
