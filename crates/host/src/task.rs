//! The match task: one tokio task per running match.
//!
//! - Actions arrive over an mpsc channel, each with a oneshot for the reply,
//!   and are applied strictly one at a time: two presses racing for one turn
//!   give exactly one move and one refusal.
//! - The task sleeps until the match's next deadline (`sleep_until`, reset
//!   after every action) and applies the flag or abort itself when it fires.
//!   Whether a last-moment move beats a flag is decided in one place, by the
//!   server clock: [`Match::apply`] first applies any deadline that `now` has
//!   reached, so a move at the deadline's very millisecond is too late.
//! - Every [`Event`] the match emits is published on a broadcast channel,
//!   and the match as it is then is shared with the handles
//!   ([`MatchHandle::current`]), so a view needs no round trip to the task.
//! - Time: the match's epoch is a tokio [`Instant`]; `now` is the whole
//!   milliseconds elapsed since it.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{broadcast, mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use fourbot_core::play::{Action, Event, Match, Refusal, Seat, Timestamp};
use fourbot_store::{Db, MatchId};

/// Capacity of a match's event channel: events a slow subscriber may fall
/// behind by before it misses some (it is then told it lagged).
pub const EVENT_CAPACITY: usize = 32;

/// Capacity of a match's action queue: presses waiting while one is applied.
const ACTION_CAPACITY: usize = 8;

/// Why a request to a match task got no answer from the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TaskError {
    /// The match refused the action.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The task has stopped: the match is over (or the task ended).
    #[error("the match task has stopped")]
    Closed,
    /// The store could not commit the action (database locked, disk
    /// error): nothing changed, the action may be tried again.
    #[error("the action could not be recorded; nothing changed")]
    Unavailable,
}

/// How long a deadline (flag, abort) whose commit failed waits before the
/// task tries it again.
pub const DEADLINE_RETRY: Duration = Duration::from_millis(200);

enum Command {
    Act {
        seat: Seat,
        action: Action,
        reply: oneshot::Sender<Result<(), TaskError>>,
    },
    Snapshot {
        reply: oneshot::Sender<Match>,
    },
    ModeratorAbort {
        reply: oneshot::Sender<Result<(), TaskError>>,
    },
    /// Tests only (the `faults` feature): the task panics.
    #[cfg(feature = "faults")]
    Panic,
}

/// A cheap, cloneable way to talk to one match task.
#[derive(Clone, Debug)]
pub struct MatchHandle {
    commands: mpsc::Sender<Command>,
    events: broadcast::Sender<Event>,
    epoch: Instant,
    current: Arc<Current>,
}

/// The match as the task last made it, shared with the handles: replaced
/// before the events that lead to it are published, so whoever has received
/// an event finds it here. (A presenter asked the task for a copy after
/// every batch of events: two task wake-ups and a copy of the match per
/// move, issue 33 §5.) The lock is held only to swap or clone the `Arc`.
#[derive(Debug)]
struct Current(Mutex<Arc<Match>>);

impl Current {
    fn get(&self) -> Arc<Match> {
        self.0.lock().expect("current match lock").clone()
    }
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Command::Act { seat, action, .. } => write!(f, "Act({seat}, {action:?})"),
            Command::Snapshot { .. } => f.write_str("Snapshot"),
            Command::ModeratorAbort { .. } => f.write_str("ModeratorAbort"),
            #[cfg(feature = "faults")]
            Command::Panic => f.write_str("Panic"),
        }
    }
}

impl MatchHandle {
    /// `seat` does `action` now (the task's clock decides when "now" is).
    ///
    /// # Errors
    /// [`TaskError::Refused`] with the match's reason,
    /// [`TaskError::Unavailable`] when the store could not record it
    /// (nothing changed), or [`TaskError::Closed`] once the task has
    /// stopped (the match is over).
    pub async fn act(&self, seat: Seat, action: Action) -> Result<(), TaskError> {
        let (reply, answer) = oneshot::channel();
        self.commands
            .send(Command::Act {
                seat,
                action,
                reply,
            })
            .await
            .map_err(|_| TaskError::Closed)?;
        answer.await.map_err(|_| TaskError::Closed)?
    }

    /// A moderator aborts the match now ([`Match::moderator_abort`]),
    /// applied in turn with the players' actions.
    ///
    /// # Errors
    /// [`TaskError::Refused`] ([`Refusal::MatchOver`]) or
    /// [`TaskError::Closed`] once the match is over.
    pub async fn moderator_abort(&self) -> Result<(), TaskError> {
        let (reply, answer) = oneshot::channel();
        self.commands
            .send(Command::ModeratorAbort { reply })
            .await
            .map_err(|_| TaskError::Closed)?;
        answer.await.map_err(|_| TaskError::Closed)?
    }

    /// Tests only (the `faults` feature, which release builds never turn
    /// on): the task panics when it takes this command, as a bug in it
    /// would (docs/reliability.md, "A match task dies").
    #[cfg(feature = "faults")]
    pub async fn inject_panic(&self) {
        let _ = self.commands.send(Command::Panic).await;
    }

    /// A copy of the match as it is now (for views).
    ///
    /// # Errors
    /// [`TaskError::Closed`] once the task has stopped.
    pub async fn snapshot(&self) -> Result<Match, TaskError> {
        let (reply, answer) = oneshot::channel();
        self.commands
            .send(Command::Snapshot { reply })
            .await
            .map_err(|_| TaskError::Closed)?;
        answer.await.map_err(|_| TaskError::Closed)
    }

    /// A new subscription to the match's events (from now on).
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }

    /// The match as its task last made it: every event published so far is
    /// in it (it may hold a few more, whose events are being published).
    /// No round trip to the task, unlike [`MatchHandle::snapshot`], which
    /// waits for the actions queued before it; once the task has stopped,
    /// the match as it stopped.
    pub fn current(&self) -> Arc<Match> {
        self.current.get()
    }

    /// The match as it is now and a subscription taken just before it was
    /// read: every event not in the match comes on the channel (an event
    /// published while the two were taken may come although the match
    /// holds it already; a live table skips what it has).
    pub fn watch(&self) -> (Arc<Match>, broadcast::Receiver<Event>) {
        let events = self.events.subscribe();
        (self.current.get(), events)
    }

    /// The match's epoch: [`Timestamp`] 0.
    pub fn epoch(&self) -> Instant {
        self.epoch
    }

    /// The tokio instant of a match timestamp.
    pub fn instant(&self, at: Timestamp) -> Instant {
        self.epoch + Duration::from_millis(at.as_millis())
    }
}

/// A freshly spawned match task.
#[derive(Debug)]
pub struct SpawnedMatch {
    /// To send actions and subscribe.
    pub handle: MatchHandle,
    /// A subscription made before the task started, so it sees every event
    /// from the first (`game 1 start`).
    pub events: broadcast::Receiver<Event>,
    /// The task; it returns the finished match (or the match as it was when
    /// every handle was dropped).
    pub task: JoinHandle<Match>,
}

fn timestamp(epoch: Instant, now: Instant) -> Timestamp {
    Timestamp(now.saturating_duration_since(epoch).as_millis() as u64)
}

/// Spawns the task of match `m`, whose [`Timestamp`] 0 is `epoch` (usually
/// the instant `m` was created with `Timestamp(0)`). Must be called inside a
/// tokio runtime.
pub fn spawn_match(m: Match, epoch: Instant) -> SpawnedMatch {
    spawn_journaled(m, epoch, None, Vec::new())
}

/// Where a match task commits its events before publishing them: the
/// store and the match's id there (docs/architecture.md: nothing is announced
/// before it is durable).
#[derive(Clone, Debug)]
pub struct Journal {
    /// The database.
    pub db: Db,
    /// The match's row.
    pub id: MatchId,
}

/// Like [`spawn_match`], with every batch of events committed to `journal`
/// (when given) before it is published, and `pending` events (already
/// committed, e.g. a restart's [`fourbot_core::play::EventKind::Resumed`])
/// published first.
pub fn spawn_journaled(
    m: Match,
    epoch: Instant,
    journal: Option<Journal>,
    pending: Vec<Event>,
) -> SpawnedMatch {
    let (commands, rx) = mpsc::channel(ACTION_CAPACITY);
    let (events, first) = broadcast::channel(EVENT_CAPACITY);
    let current = Arc::new(Current(Mutex::new(Arc::new(m.clone()))));
    let handle = MatchHandle {
        commands,
        events: events.clone(),
        epoch,
        current: current.clone(),
    };
    for e in pending {
        let _ = events.send(e);
    }
    let task = tokio::spawn(run(m, epoch, rx, events, journal, current));
    SpawnedMatch {
        handle,
        events: first,
        task,
    }
}

/// Commits the match's new events to the journal (if any), then publishes
/// them. A failed commit is logged and the events are still published: the
/// match in memory is the truth for the players until the next restart.
/// (Used for the events a task starts with; actions and deadlines go
/// through [`commit`].)
async fn publish(mut m: Match, out: &Out<'_>, journal: Option<&Journal>) -> Arc<Match> {
    let batch: Vec<Event> = m.drain_events().collect();
    let m = Arc::new(m);
    if let (Some(j), false) = (journal, batch.is_empty()) {
        if let Err(e) = j.db.record_events(j.id, &m, &batch).await {
            tracing::error!(match_id = %j.id, error = %e, "could not commit match events");
        }
    }
    out.announce(m.clone(), batch);
    m
}

/// Where a task's changes go: the handles' [`Current`] and the events'
/// channel.
struct Out<'a> {
    current: &'a Current,
    events: &'a broadcast::Sender<Event>,
}

impl Out<'_> {
    /// Makes `m` the handles' current match, then publishes `batch`, the
    /// events that led to it (not under the lock: a woken presenter reads
    /// the match at once).
    fn announce(&self, m: Arc<Match>, batch: Vec<Event>) {
        *self.current.0.lock().expect("current match lock") = m;
        for e in batch {
            // No subscriber is not an error: the match goes on unwatched.
            let _ = self.events.send(e);
        }
    }
}

/// Pauses before the tries again of a commit whose outcome is unknown
/// (its answer was lost: [`fourbot_store::StoreError::outcome_unknown`]):
/// the same events are recorded again, which writes them or finds them
/// written (docs/store.md, "A lost answer").
pub const UNKNOWN_COMMIT_RETRIES: [Duration; 3] = [
    Duration::from_millis(50),
    Duration::from_millis(250),
    Duration::from_millis(1000),
];

/// Runs `write`, a store write that is safe to repeat (docs/store.md, "A
/// lost answer"), and again after each pause of [`UNKNOWN_COMMIT_RETRIES`]
/// while it fails and some try's outcome was unknown
/// ([`fourbot_store::StoreError::outcome_unknown`]). Returns the last
/// result and whether any try's outcome was unknown (a later try's plain
/// failure does not tell whether an earlier one committed).
pub(crate) async fn repeat_while_unknown<T, F, Fut>(
    what: &str,
    mut write: F,
) -> (Result<T, fourbot_store::StoreError>, bool)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, fourbot_store::StoreError>>,
{
    let mut pauses = UNKNOWN_COMMIT_RETRIES.iter();
    let mut unknown = false;
    loop {
        let result = write().await;
        let Err(e) = &result else {
            return (result, unknown);
        };
        unknown |= e.outcome_unknown();
        match (unknown, pauses.next()) {
            (true, Some(pause)) => {
                tracing::warn!(error = %e, "{what}: the commit's outcome is unknown; writing the same again");
                tokio::time::sleep(*pause).await;
            }
            _ => return (result, unknown),
        }
    }
}

/// A batch whose commit's outcome stayed unknown after every try: the
/// match it leads to and its events. The store is asked whether it holds
/// them before the task applies anything else ([`settle`]).
struct Unsettled {
    next: Match,
    batch: Vec<Event>,
}

/// Commits the events of `next` (the match after one action or deadline)
/// and, once they are durable, makes it the match and publishes them. When
/// the commit fails (database locked past its busy timeout, disk error),
/// `m` stays as it was — nothing half-applied stays in memory or on disk —
/// and `false` is returned. When its outcome is unknown (the answer to
/// the commit was lost), the same events are recorded again after each
/// pause of [`UNKNOWN_COMMIT_RETRIES`] (safe: the store finds them if they
/// were committed); if every try fails, `m` stays, `false` is returned and
/// the batch is kept in `unsettled` for [`settle`], so memory and store
/// never go on disagreeing.
async fn commit(
    m: &mut Arc<Match>,
    mut next: Match,
    out: &Out<'_>,
    journal: Option<&Journal>,
    unsettled: &mut Option<Unsettled>,
) -> bool {
    let batch: Vec<Event> = next.drain_events().collect();
    if let (Some(j), false) = (journal, batch.is_empty()) {
        let (result, unknown) = repeat_while_unknown("recording a match's events", || {
            j.db.record_events(j.id, &next, &batch)
        })
        .await;
        match (result, unknown) {
            (Ok(_), _) => {}
            (Err(e), false) => {
                tracing::warn!(match_id = %j.id, error = %e, "could not commit match events; nothing changed");
                return false;
            }
            (Err(e), true) => {
                tracing::error!(match_id = %j.id, error = %e, "a commit's outcome stays unknown; the store is asked before the next action");
                *unsettled = Some(Unsettled { next, batch });
                return false;
            }
        }
    }
    *m = Arc::new(next);
    out.announce(m.clone(), batch);
    true
}

/// Settles a batch left [`Unsettled`]: asks the store whether it holds it
/// ([`Db::holds_events`]). If it does, the match goes on from it and its
/// events are published (the player who was told that nothing changed
/// sees the move after all); if not, it never happened. Returns false
/// (and keeps it) when the store cannot answer: nothing else may be
/// applied then.
async fn settle(
    m: &mut Arc<Match>,
    unsettled: &mut Option<Unsettled>,
    out: &Out<'_>,
    journal: Option<&Journal>,
) -> bool {
    let (Some(u), Some(j)) = (unsettled.take(), journal) else {
        return true;
    };
    match j.db.holds_events(j.id, &u.next, &u.batch).await {
        Ok(true) => {
            tracing::info!(match_id = %j.id, "the store holds the events whose commit was unknown; the match goes on from them");
            *m = Arc::new(u.next);
            out.announce(m.clone(), u.batch);
            true
        }
        Ok(false) => {
            tracing::info!(match_id = %j.id, "the store does not hold the events whose commit was unknown; they never happened");
            true
        }
        Err(e) => {
            tracing::warn!(match_id = %j.id, error = %e, "cannot tell whether the store holds the last events; nothing else is applied yet");
            *unsettled = Some(u);
            false
        }
    }
}

async fn run(
    m: Match,
    epoch: Instant,
    mut commands: mpsc::Receiver<Command>,
    events: broadcast::Sender<Event>,
    journal: Option<Journal>,
    current: Arc<Current>,
) -> Match {
    let out = Out {
        current: &current,
        events: &events,
    };
    let mut m = publish(m, &out, journal.as_ref()).await;
    let sleep = tokio::time::sleep_until(epoch);
    tokio::pin!(sleep);
    let mut armed: Option<Timestamp> = None;
    let mut unsettled: Option<Unsettled> = None;
    while !m.is_finished() {
        let deadline = m.deadline();
        if deadline != armed {
            if let Some(at) = deadline {
                sleep
                    .as_mut()
                    .reset(epoch + Duration::from_millis(at.as_millis()));
            }
            armed = deadline;
        }
        // Each action or deadline is applied to a copy; the copy becomes
        // the match only once its events are committed.
        tokio::select! {
            () = &mut sleep, if armed.is_some() => {
                if !settle(&mut m, &mut unsettled, &out, journal.as_ref()).await {
                    sleep.as_mut().reset(Instant::now() + DEADLINE_RETRY);
                    continue;
                }
                let mut next = Match::clone(&m);
                next.advance(timestamp(epoch, Instant::now()));
                if !commit(&mut m, next, &out, journal.as_ref(), &mut unsettled).await {
                    sleep.as_mut().reset(Instant::now() + DEADLINE_RETRY);
                }
            }
            command = commands.recv() => match command {
                None => break, // every handle dropped
                Some(Command::Act { seat, action, reply }) => {
                    if !settle(&mut m, &mut unsettled, &out, journal.as_ref()).await {
                        let _ = reply.send(Err(TaskError::Unavailable));
                        continue;
                    }
                    let mut next = Match::clone(&m);
                    let result = next.apply(seat, action, timestamp(epoch, Instant::now()));
                    let answer = if commit(&mut m, next, &out, journal.as_ref(), &mut unsettled).await {
                        result.map_err(TaskError::Refused)
                    } else {
                        Err(TaskError::Unavailable)
                    };
                    let _ = reply.send(answer);
                }
                Some(Command::Snapshot { reply }) => {
                    let _ = reply.send(Match::clone(&m));
                }
                #[cfg(feature = "faults")]
                Some(Command::Panic) => panic!("a panic injected into match task (test fault)"),
                Some(Command::ModeratorAbort { reply }) => {
                    if !settle(&mut m, &mut unsettled, &out, journal.as_ref()).await {
                        let _ = reply.send(Err(TaskError::Unavailable));
                        continue;
                    }
                    let mut next = Match::clone(&m);
                    let result = next.moderator_abort(timestamp(epoch, Instant::now()));
                    let answer = if commit(&mut m, next, &out, journal.as_ref(), &mut unsettled).await {
                        result.map_err(TaskError::Refused)
                    } else {
                        Err(TaskError::Unavailable)
                    };
                    let _ = reply.send(answer);
                }
            },
        }
    }
    // Answer presses already queued; later ones find the channel closed.
    commands.close();
    while let Ok(command) = commands.try_recv() {
        match command {
            Command::Act { reply, .. } | Command::ModeratorAbort { reply } => {
                let _ = reply.send(Err(TaskError::Refused(Refusal::MatchOver)));
            }
            Command::Snapshot { reply } => {
                let _ = reply.send(Match::clone(&m));
            }
            #[cfg(feature = "faults")]
            Command::Panic => {}
        }
    }
    Arc::unwrap_or_clone(m)
}
