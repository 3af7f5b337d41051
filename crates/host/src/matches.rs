//! The transport-neutral host: creates matches, routes actions to their
//! tasks, runs the AI seats, and turns what happens into [`View`]s that a
//! front end (Discord, the terminal) shows.
//!
//! Data flows one way: a front end calls [`Host::press`], [`Host::typed`] or
//! [`Host::create_match`]; each match's task applies actions one at a time
//! (see [`super::task`]); a presenter task per match listens to its events
//! and sends views to the front end's outbox ([`Host::new`]).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::bot::Bot;
use super::clock::WallClock;
use super::denial::Denial;
use super::players::stored_players;
use super::present::{NameSource, Presenter, Seated, TimeStyle, TournamentMatch};
use super::seating::{rematch_seats, DEFAULT_AI_LEVEL};
use super::table::{stored_table, Table, TableSeat, Watch};
use super::take_backs::{TakeBacks, TAKE_BACK_EXPIRY, TAKE_BACK_REQUESTS_PER_GAME};
use super::task::{spawn_journaled, Journal, MatchHandle, TaskError};
use super::terms::MAX_CHALLENGE_EXPIRY;
use super::view::{
    ActionId, Button, ButtonStyle, GuildId, MatchId, Picture, UserId, View, ViewKind,
};
use fourbot_core::game::notation::parse_move;
use fourbot_core::game::{Move, ObstacleLayout, Position, Variant};
use fourbot_core::play::{
    unrated, Action, ClockSettings, Event, EventKind, Match, MatchResult, MatchSetup, PhaseKind,
    Refusal, Seat, Timestamp, Turn, Unrated,
};
use fourbot_i18n::id;
use fourbot_i18n::{rating_change, Args, Catalog, Locale, Message, Value};
use fourbot_store::{Db, LoadedMatch, NewMatch, PlayerInfo, StoreError, TournamentId};

/// What a new match is: variant, clock, players by seat (p1 first; for
/// teams p1 and p3 are team A), where it is played and in which language.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// The variant.
    pub variant: Variant,
    /// Time control, abort window, grace period.
    pub clock: ClockSettings,
    /// Occupants by seat.
    pub players: Vec<Seated>,
    /// The Discord server ([`crate::players::TERMINAL_GUILD`] in the
    /// terminal).
    pub guild: GuildId,
    /// Language of the match's public messages.
    pub locale: Locale,
    /// Seed that draws the obstacles layout (and, later, the opening).
    pub seed: u64,
    /// The tournament pairing the match is played for (`None`: any other
    /// match). The store links the match to it when it stores the match.
    pub tournament: Option<TournamentMatch>,
}

impl MatchSpec {
    /// Whether the match counts for the ladder (docs/rules.md §6, the rule
    /// of [`unrated`]; §7: not in an unrated tournament).
    pub fn rated(&self) -> bool {
        self.unrated_reason().is_none()
    }

    /// The message that says why the match is unrated, if it is: the rule
    /// of §6 first, then an unrated tournament.
    pub fn unrated_reason(&self) -> Option<Message> {
        let seats = self.players.iter().map(|p| (p.id, p.ai_level.is_some()));
        if let Some(why) = unrated(self.variant, seats) {
            return Some(Message::new(match why {
                Unrated::Variant => id::MATCH_UNRATED_SINGLE,
                Unrated::Bot => id::MATCH_UNRATED_AI,
                Unrated::SamePlayerTwice => id::MATCH_UNRATED_SELF,
            }));
        }
        self.tournament
            .filter(|t| !t.rated)
            .map(|t| Message::new(id::MATCH_UNRATED_TOURNAMENT).with("id", t.id.0))
    }

    /// The spec of this match's rematch: the same players, variant and
    /// clock, the seats turned ([`rematch_seats`]: someone else moves
    /// first), another seed, and outside any tournament (a tournament
    /// match's rematch is an ordinary match, rated by §6).
    pub fn rematch(&self) -> MatchSpec {
        MatchSpec {
            players: rematch_seats(self.variant, &self.players),
            seed: self.seed.wrapping_add(1),
            tournament: None,
            ..self.clone()
        }
    }
}

/// How the host presents matches.
#[derive(Clone, Copy, Debug)]
pub struct HostConfig {
    /// How deadlines appear in text.
    pub time_style: TimeStyle,
    /// Attach the board as a PNG to turn views.
    pub images: bool,
}

/// What a player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// A move; `turn` is the turn the button was drawn for (`None`: a typed
    /// move, meant for the current turn).
    Move {
        /// The turn, when known.
        turn: Option<Turn>,
        /// The drop or pop.
        mv: Move,
    },
    /// Resign the game (`Some(game)` from a button: refused if stale).
    ResignGame(Option<u8>),
    /// Resign the match.
    ResignMatch,
    /// Ready for the next game (`Some(game)`: the game that ended).
    Ready(Option<u8>),
    /// Offer or accept a rematch of a finished match.
    Rematch {
        /// The channel the match was played under (on Discord its
        /// thread's parent), whose variant rules the new match obeys
        /// (`None`: the server's match channel).
        channel: Option<u64>,
    },
}

/// What a press or a request did ([`Host::press`], [`Host::act`]): the one
/// answer a front end shows (a refusal is the `Err` beside it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acted {
    /// The match applied it (a move, a resignation, ready); what changed
    /// comes as the match's views.
    Applied,
    /// The presser's rematch offer is recorded; the others were told.
    RematchOffered,
    /// Every human asked for a rematch: this is the new match (same
    /// players and terms, another first player, outside any tournament).
    Rematch(MatchId),
    /// The presser had already offered the rematch: nothing changed.
    Unchanged,
}

/// The rules a rematch obeys beyond the host's own, checked for every
/// presser before the press is recorded, whichever front end it comes
/// from: a rematch is a new match, so the rules of a challenge apply
/// (docs/discord.md, "Rematch"). [`crate::offers::Offers`] installs them
/// ([`Host::set_rematch_rules`]); a host without them (tests, benches)
/// checks only its own (the match is over, the presser is seated).
pub trait RematchRules: Send + Sync {
    /// Refuses `player`'s rematch of `spec` (played under `channel`, over
    /// for `over_for`, `None` when the host no longer knows when) on
    /// `host`.
    ///
    /// # Errors
    /// The first rule that refuses, for the presser to read.
    fn check<'a>(
        &'a self,
        host: &'a Host,
        spec: &'a MatchSpec,
        player: UserId,
        channel: Option<u64>,
        over_for: Option<Duration>,
    ) -> Pin<Box<dyn Future<Output = Result<(), Denial>> + Send + 'a>>;
}

/// How long the question "Resign the whole match?" can be answered Yes,
/// in seconds: one tap on a phone must not end a whole match.
pub const RESIGN_CONFIRM_WINDOW_SECS: u64 = 60;

/// Errors creating a match.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// The players do not fill the variant's seats.
    #[error("{variant} needs {needed} players, got {got}")]
    Seats {
        /// The variant.
        variant: Variant,
        /// Seats it has.
        needed: usize,
        /// Players given.
        got: usize,
    },
    /// The match could not be set up.
    #[error(transparent)]
    Setup(#[from] fourbot_core::play::SetupError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why [`Host::moderator_abort`] did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AbortError {
    /// The host runs no match with this id.
    #[error("no such running match")]
    NoSuchMatch,
    /// The match has already ended.
    #[error("the match is already over")]
    MatchOver,
    /// The store could not record the abort just now; nothing changed.
    #[error("the abort could not be stored just now")]
    Unavailable,
}

struct Entry {
    id: MatchId,
    /// The match's row in the store, when the host has one.
    stored: Option<MatchId>,
    spec: MatchSpec,
    handle: MatchHandle,
    epoch_unix_ms: u64,
    /// The final match once it is over (its task has ended).
    finished: Mutex<Option<Match>>,
    /// When the host saw it end (for a match loaded over already: when it
    /// was loaded), which the rematch window counts from.
    finished_at: Mutex<Option<Instant>>,
    rematch: Mutex<HashSet<UserId>>,
    /// The moderator who aborted the match (named in its end message).
    moderator: std::sync::OnceLock<String>,
    /// The tournament whose cancellation aborted the match
    /// ([`Host::abort_for_cancelled_tournament`], named in its end message).
    cancelled_tournament: std::sync::OnceLock<TournamentId>,
    /// Its take-back request and the requests made (docs/match.md,
    /// "Take-back"; in memory only: a restart ends a request).
    take_backs: Mutex<TakeBacks>,
    /// Its task is a second one: the first died and the match was
    /// reloaded ([`Host::task_died`]); a second death aborts it.
    revived: bool,
    /// The host aborted it: its task died again or could not be reloaded.
    stopped: std::sync::atomic::AtomicBool,
    /// Its last board picture's compressed bands, so that the next one
    /// compresses only the rows that changed (issue 33 §5); let go once the
    /// match is over.
    bands: Mutex<fourbot_render::TurnBands>,
}

impl Entry {
    /// A match the host knows, with no Rematch presses yet; `finished` is
    /// its final state when it is already over.
    fn new(
        id: MatchId,
        stored: Option<MatchId>,
        spec: MatchSpec,
        handle: MatchHandle,
        epoch_unix_ms: u64,
        finished: Option<Match>,
    ) -> Arc<Entry> {
        Arc::new(Entry {
            id,
            stored,
            spec,
            handle,
            epoch_unix_ms,
            finished_at: Mutex::new(finished.as_ref().map(|_| Instant::now())),
            finished: Mutex::new(finished),
            rematch: Mutex::new(HashSet::new()),
            moderator: std::sync::OnceLock::new(),
            cancelled_tournament: std::sync::OnceLock::new(),
            take_backs: Mutex::default(),
            revived: false,
            stopped: std::sync::atomic::AtomicBool::new(false),
            bands: Mutex::default(),
        })
    }

    /// The same match with the task of `handle` in place of a dead one
    /// (not over, no Rematch presses; the moderator who aborted it, if
    /// any, kept).
    fn revived(&self, handle: MatchHandle) -> Arc<Entry> {
        let mut entry = Entry::new(
            self.id,
            self.stored,
            self.spec.clone(),
            handle,
            self.epoch_unix_ms,
            None,
        );
        let fresh = Arc::get_mut(&mut entry).expect("not shared yet");
        fresh.revived = true;
        if let Some(name) = self.moderator.get() {
            let _ = fresh.moderator.set(name.clone());
        }
        if let Some(t) = self.cancelled_tournament.get() {
            let _ = fresh.cancelled_tournament.set(*t);
        }
        entry
    }
}

/// The matches the host knows — the running ones, and finished ones until
/// nothing can act on them any more ([`Host::forget_finished_after`]) —
/// with indexes by human player and by server, so that every per-request
/// lookup is by key (issue 33: memory and lookups proportional to what is
/// running, not to every match ever played).
#[derive(Default)]
struct Registry {
    matches: HashMap<MatchId, Arc<Entry>>,
    by_player: HashMap<UserId, BTreeSet<MatchId>>,
    by_guild: HashMap<GuildId, BTreeSet<MatchId>>,
}

impl Registry {
    /// Records `entry` (in place of an entry of the same match).
    fn insert(&mut self, entry: Arc<Entry>) {
        let id = entry.id;
        for p in entry.spec.players.iter().filter(|p| p.ai_level.is_none()) {
            self.by_player.entry(p.id).or_default().insert(id);
        }
        self.by_guild
            .entry(entry.spec.guild)
            .or_default()
            .insert(id);
        self.matches.insert(id, entry);
    }

    /// Forgets match `id`; with `only`, only while `only` is its entry
    /// (not a revived one that took its place).
    fn remove(&mut self, id: MatchId, only: Option<&Arc<Entry>>) -> bool {
        let Some(entry) = self.matches.get(&id) else {
            return false;
        };
        if only.is_some_and(|o| !Arc::ptr_eq(o, entry)) {
            return false;
        }
        let entry = self.matches.remove(&id).expect("present");
        for p in entry.spec.players.iter() {
            unindex(&mut self.by_player, &p.id, id);
        }
        unindex(&mut self.by_guild, &entry.spec.guild, id);
        true
    }

    /// The entries of `ids`.
    fn entries<'a>(&self, ids: impl IntoIterator<Item = &'a MatchId>) -> Vec<Arc<Entry>> {
        ids.into_iter()
            .filter_map(|id| self.matches.get(id).cloned())
            .collect()
    }
}

/// Takes `id` out of `index[key]`, and the key out when nothing is left:
/// the registry's indexes of matches by key, and a front end's (the
/// Discord routes' by thread and by player).
pub fn unindex<K: std::hash::Hash + Eq>(
    index: &mut HashMap<K, BTreeSet<MatchId>>,
    key: &K,
    id: MatchId,
) {
    if let Some(ids) = index.get_mut(key) {
        ids.remove(&id);
        if ids.is_empty() {
            index.remove(key);
        }
    }
}

struct Inner {
    db: Option<Db>,
    catalog: Arc<Catalog>,
    bot: Arc<dyn Bot>,
    config: HostConfig,
    matches: Mutex<Registry>,
    /// How long a finished match stays known after its end (ms).
    forget_after_ms: std::sync::atomic::AtomicU64,
    outbox: mpsc::UnboundedSender<View>,
    next_id: AtomicI64,
    /// Every match end with its result ([`Host::match_ends`]).
    ends: broadcast::Sender<(MatchId, MatchResult)>,
    /// The rules of a rematch beyond the host's ([`RematchRules`]).
    rematch_rules: std::sync::RwLock<Option<Arc<dyn RematchRules>>>,
    /// Confirm-before-drop: the drop each player has selected, played by
    /// a second press on it or by Confirm ([`Host::preview_first`]); the
    /// least recently selected go first beyond [`SELECTIONS_KEPT`].
    selections: Mutex<hashlink::LruCache<UserId, ActionId>>,
    /// The wall clock of the host and its services ([`Host::clock`]).
    clock: WallClock,
}

/// How many players' selected drops (confirm-before-drop) are kept: a
/// selection is forgotten at the player's next press, or when this many
/// newer ones were made (about 40 bytes each).
pub const SELECTIONS_KEPT: usize = 20_000;

/// The host. Cheap to clone (shared state behind an `Arc`).
#[derive(Clone)]
pub struct Host {
    inner: Arc<Inner>,
}

impl Host {
    /// A host without a store (matches live in memory only) that sends
    /// every view to the returned receiver.
    pub fn new(
        catalog: Arc<Catalog>,
        bot: Arc<dyn Bot>,
        config: HostConfig,
    ) -> (Host, mpsc::UnboundedReceiver<View>) {
        Self::with_store(catalog, bot, config, None)
    }

    /// A host on the database at `url` (opened, migrations applied), or in
    /// memory only when `url` is `None`; see [`Host::with_store`].
    ///
    /// # Errors
    /// The database cannot be opened or migrated.
    pub async fn open(
        url: Option<&str>,
        catalog: Arc<Catalog>,
        bot: Arc<dyn Bot>,
        config: HostConfig,
    ) -> Result<(Host, mpsc::UnboundedReceiver<View>), StoreError> {
        let db = match url {
            Some(url) => Some(Db::connect(url).await?),
            None => None,
        };
        Ok(Self::with_store(catalog, bot, config, db))
    }

    /// A host that persists every match in `db` (moves committed before
    /// they are announced, ratings applied at the end) and can restore
    /// running matches after a restart ([`Host::restore`]).
    pub fn with_store(
        catalog: Arc<Catalog>,
        bot: Arc<dyn Bot>,
        config: HostConfig,
        db: Option<Db>,
    ) -> (Host, mpsc::UnboundedReceiver<View>) {
        let (outbox, views) = mpsc::unbounded_channel();
        let host = Host {
            inner: Arc::new(Inner {
                db,
                catalog,
                bot,
                config,
                matches: Mutex::new(Registry::default()),
                forget_after_ms: std::sync::atomic::AtomicU64::new(
                    FORGET_FINISHED_AFTER.as_millis() as u64,
                ),
                outbox,
                next_id: AtomicI64::new(1),
                ends: broadcast::channel(MATCH_END_CAPACITY).0,
                rematch_rules: std::sync::RwLock::new(None),
                selections: Mutex::new(hashlink::LruCache::new(SELECTIONS_KEPT)),
                clock: WallClock::system(),
            }),
        };
        (host, views)
    }

    /// Every match end from now on, with its result, after it was stored
    /// (tournaments turn them into outcomes). A receiver that falls
    /// [`MATCH_END_CAPACITY`] ends behind is told it lagged.
    pub fn match_ends(&self) -> broadcast::Receiver<(MatchId, MatchResult)> {
        self.inner.ends.subscribe()
    }

    /// The message catalogue.
    pub fn catalog(&self) -> &Catalog {
        &self.inner.catalog
    }

    /// Starts a match (and stores it, when the host has a store); its first
    /// turn view follows on the outbox.
    ///
    /// # Errors
    /// Wrong number of players, a setup the match refuses, a store error.
    pub async fn create_match(&self, spec: MatchSpec) -> Result<MatchId, HostError> {
        let needed = spec.variant.players() as usize;
        if spec.players.len() != needed {
            return Err(HostError::Seats {
                variant: spec.variant,
                needed,
                got: spec.players.len(),
            });
        }
        let mut setup = MatchSetup::new(spec.variant, spec.clock);
        let rules = spec.variant.rules();
        if rules.blocks {
            let layout = ObstacleLayout::from_seed(&rules.geometry, spec.seed);
            setup = setup.with_start(Position::with_layout(spec.variant, &layout));
        }
        if spec.variant == Variant::RandomOpening {
            setup = setup.with_opening(super::openings::draw(spec.seed));
        }
        let m = Match::new(setup, Timestamp::ZERO)?;
        let epoch = Instant::now();
        let epoch_unix_ms = self.inner.clock.unix_ms() as u64;
        let (id, stored) = match &self.inner.db {
            Some(db) => {
                let players = stored_players(db, spec.guild, &spec.players).await?;
                let new = NewMatch {
                    guild: spec.guild.0,
                    players,
                    epoch_unix_ms: epoch_unix_ms as i64,
                    locale: Some(spec.locale.tag().to_string()),
                    ai_levels: spec.players.iter().map(|p| p.ai_level).collect(),
                    pairing: spec.tournament.map(|t| (t.id, t.round, t.board)),
                };
                // A pairing's match is safe to create again after a lost
                // answer (the store finds it by its pairing and epoch);
                // any other would be created twice.
                let stored = if new.pairing.is_some() {
                    let id =
                        super::task::repeat_while_unknown("creating a pairing's match", || {
                            db.create_match(&new, &m)
                        })
                        .await
                        .0?;
                    // Two openings of one pairing in one millisecond look
                    // like one retried: the match runs once.
                    if self.entry(id).is_some() {
                        return Ok(id);
                    }
                    id
                } else {
                    db.create_match(&new, &m).await?
                };
                (stored, Some(stored))
            }
            None => (
                MatchId(self.inner.next_id.fetch_add(1, Ordering::Relaxed)),
                None,
            ),
        };
        self.start(id, stored, spec, m, epoch, epoch_unix_ms, Vec::new());
        Ok(id)
    }

    /// Restores every running match of the store after a restart (docs/rules.md
    /// §4: the turn in progress restarts with the bank it had at its start)
    /// and starts its task; the players are told, and the current turn is
    /// posted again. `player` maps a stored player to the front end's id.
    /// Each match keeps the language of its public messages and each AI
    /// seat its level, as stored with the match; `locale` is the language of
    /// a match stored without one (before schema version 2), and such an AI
    /// seat plays at [`DEFAULT_AI_LEVEL`].
    /// Returns the restored matches' ids.
    ///
    /// # Errors
    /// A store error.
    pub async fn restore(
        &self,
        locale: Locale,
        player: impl Fn(&PlayerInfo) -> UserId,
    ) -> Result<Vec<MatchId>, HostError> {
        let Some(db) = &self.inner.db else {
            return Ok(Vec::new());
        };
        let mut ids = Vec::new();
        for resumed in db.resume_running(self.inner.clock.unix_ms()).await? {
            let loaded = resumed.loaded;
            let spec = match stored_spec(db, &loaded, locale, &player).await {
                Ok(spec) => spec,
                Err(e) => {
                    // Like a corrupt journal (`Db::resume_running`): one
                    // match must not keep the others from resuming.
                    tracing::error!(match_id = %loaded.id, error = %e, "a running match's seats cannot be read; not resumed");
                    continue;
                }
            };
            let m = loaded.game;
            let now = std::time::Duration::from_millis(resumed.now.as_millis());
            let epoch = Instant::now().checked_sub(now).unwrap_or_else(Instant::now);
            let id = loaded.id;
            self.start(
                id,
                Some(loaded.id),
                spec,
                m,
                epoch,
                loaded.epoch_unix_ms as u64,
                resumed.events,
            );
            ids.push(id);
        }
        Ok(ids)
    }

    /// Posts the end of matches that are over in the store although the
    /// front end never saw their end posted (the process died between the
    /// commit and the post): for each of `ids` that the store holds as
    /// finished, the match-over view (result, rating changes, Rematch) goes
    /// to the outbox, and the match is known again (its Rematch button
    /// works). A match ended by a flag or an abort for a missing first move
    /// is announced too: the store rebuilds it to its stored end
    /// ([`Db::load_match`]). Ids of running or unknown matches, and of
    /// matches the store cannot load, are skipped.
    /// Returns the ids announced.
    ///
    /// # Errors
    /// A store error other than a match that cannot be loaded.
    pub async fn announce_unposted_ends(
        &self,
        ids: &[MatchId],
        locale: Locale,
        player: impl Fn(&PlayerInfo) -> UserId,
    ) -> Result<Vec<MatchId>, HostError> {
        let Some(db) = &self.inner.db else {
            return Ok(Vec::new());
        };
        let mut announced = Vec::new();
        for &id in ids {
            if self.entry(id).is_some() {
                continue;
            }
            let loaded = match db.load_match(id).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(match_id = %id, error = %e, "cannot load a match to announce its end");
                    continue;
                }
            };
            if !loaded.game.is_finished() {
                continue;
            }
            let spec = stored_spec(db, &loaded, locale, &player).await?;
            let m = loaded.game;
            let spawned = spawn_journaled(m.clone(), Instant::now(), None, Vec::new());
            let entry = Entry::new(
                id,
                Some(loaded.id),
                spec,
                spawned.handle,
                loaded.epoch_unix_ms as u64,
                Some(m.clone()),
            );
            self.inner
                .matches
                .lock()
                .expect("registry lock")
                .insert(entry.clone());
            self.forget_later(&entry);
            let ratings = self.rating_lines(&entry).await;
            let view = self.presenter(&entry).match_over_view(
                &m,
                &ratings,
                entry.spec.unrated_reason(),
                entry.spec.tournament,
            );
            let _ = self.inner.outbox.send(view);
            announced.push(id);
        }
        Ok(announced)
    }

    #[allow(clippy::too_many_arguments)]
    fn start(
        &self,
        id: MatchId,
        stored: Option<MatchId>,
        spec: MatchSpec,
        m: Match,
        epoch: Instant,
        epoch_unix_ms: u64,
        pending: Vec<Event>,
    ) {
        let journal = match (&self.inner.db, stored) {
            (Some(db), Some(id)) => Some(Journal { db: db.clone(), id }),
            _ => None,
        };
        let spawned = spawn_journaled(m, epoch, journal, pending);
        let entry = Entry::new(id, stored, spec, spawned.handle, epoch_unix_ms, None);
        self.inner
            .matches
            .lock()
            .expect("registry lock")
            .insert(entry.clone());
        tokio::spawn(present(
            self.clone(),
            entry,
            spawned.events,
            spawned.task,
            None,
        ));
    }

    /// A match task ended without its match's end (it panicked, or
    /// stopped): noticed by the match's presenter at once (docs/reliability.md,
    /// "A match task dies"). The first time, the match is reloaded from the
    /// store (without a store: its last state in memory) and goes on in a
    /// new task with the same epoch, so its clock runs on as it did; its
    /// current turn is shown again. A second death, or a reload that fails,
    /// aborts it without a result ([`Host::stop`]). `last` is the match as
    /// the presenter last saw it.
    async fn task_died(&self, entry: &Arc<Entry>, last: Option<Match>) {
        metrics::counter!(TASKS_DIED).increment(1);
        if !entry.revived {
            match (&self.inner.db, entry.stored) {
                (Some(db), Some(stored)) => match db.load_match(stored).await {
                    Ok(loaded) if loaded.game.is_finished() => {
                        // It died after committing its end: show the end.
                        self.stop_with(entry, loaded.game, false).await;
                        return;
                    }
                    Ok(loaded) => {
                        tracing::warn!(match_id = %entry.id, "a match task died; reloaded from the store, the match goes on");
                        self.revive(entry, loaded.game);
                        return;
                    }
                    Err(e) => {
                        tracing::error!(match_id = %entry.id, error = %e, "a match task died and its match cannot be reloaded; aborting it");
                    }
                },
                _ => {
                    if let Some(m) = last {
                        tracing::warn!(match_id = %entry.id, "a match task died; the match goes on from its last state");
                        self.revive(entry, m);
                        return;
                    }
                }
            }
        } else {
            tracing::error!(match_id = %entry.id, "a reloaded match task died again; aborting the match");
        }
        match last {
            Some(m) => self.stop_with(entry, m, true).await,
            None => {
                // Nothing is known of the match: its players are free.
                self.inner
                    .matches
                    .lock()
                    .expect("registry lock")
                    .remove(entry.id, Some(entry));
            }
        }
    }

    /// Starts a new task for `m` in place of `entry`'s dead one.
    fn revive(&self, entry: &Arc<Entry>, m: Match) {
        let journal = match (&self.inner.db, entry.stored) {
            (Some(db), Some(id)) => Some(Journal { db: db.clone(), id }),
            _ => None,
        };
        let spawned = spawn_journaled(m.clone(), entry.handle.epoch(), journal, Vec::new());
        let revived = entry.revived(spawned.handle);
        self.inner
            .matches
            .lock()
            .expect("registry lock")
            .insert(revived.clone());
        tokio::spawn(present(
            self.clone(),
            revived,
            spawned.events,
            spawned.task,
            Some(m),
        ));
    }

    /// Ends `entry`'s match as `m` (its task is dead): `abort` — the host
    /// aborts it without a result ([`Match::moderator_abort`], journaled
    /// as an abort, so a restart does not bring it back), and its end tells
    /// the players why; otherwise `m` has ended already. Either way its
    /// players are free and its end is shown in its thread.
    async fn stop_with(&self, entry: &Arc<Entry>, mut m: Match, abort: bool) {
        if abort && !m.is_finished() {
            entry.stopped.store(true, Ordering::SeqCst);
            let _ = m.moderator_abort(now_ts(entry));
            let events: Vec<Event> = m.drain_events().collect();
            if let (Some(db), Some(stored)) = (&self.inner.db, entry.stored) {
                let (result, _) = super::task::repeat_while_unknown("aborting a match", || {
                    db.record_events(stored, &m, &events)
                })
                .await;
                if let Err(e) = result {
                    tracing::error!(match_id = %entry.id, error = %e, "the abort of a match whose task died is not stored; a restart resumes it");
                }
            }
        }
        self.mark_over(entry, &m);
        if let Some(result) = m.result() {
            let _ = self.inner.ends.send((entry.id, *result));
        }
        let ratings = self.rating_lines(entry).await;
        let view = self.presenter(entry).match_over_view(
            &m,
            &ratings,
            entry.spec.unrated_reason(),
            entry.spec.tournament,
        );
        let _ = self.inner.outbox.send(view);
    }

    /// Tests only (the `faults` feature, which release builds never turn
    /// on): match `id`'s task panics. False when the host runs no such
    /// match.
    #[cfg(feature = "faults")]
    pub async fn inject_task_panic(&self, id: MatchId) -> bool {
        let Some(entry) = self.entry(id) else {
            return false;
        };
        entry.handle.inject_panic().await;
        true
    }

    /// What a match is (variant, clock, players, language).
    pub fn spec(&self, id: MatchId) -> Option<MatchSpec> {
        self.entry(id).map(|e| e.spec.clone())
    }

    /// How long ago match `id` ended as this process saw it (`None` while
    /// it runs, or for a match the host does not know).
    pub fn over_for(&self, id: MatchId) -> Option<Duration> {
        let entry = self.entry(id)?;
        let at = *entry.finished_at.lock().expect("lock");
        at.map(|t| t.elapsed())
    }

    /// Whether the match has ended (or is unknown).
    pub fn is_finished(&self, id: MatchId) -> bool {
        self.entry(id)
            .is_none_or(|e| e.finished.lock().expect("lock").is_some())
    }

    /// Whether `a` and `b` both play in a match of this host that is still
    /// running (docs/discord.md: not two matches with the same opponent).
    pub fn running_between(&self, a: UserId, b: UserId) -> bool {
        !self
            .running(|r| match (r.by_player.get(&a), r.by_player.get(&b)) {
                (Some(of_a), Some(of_b)) => r.entries(of_a.intersection(of_b)),
                _ => Vec::new(),
            })
            .is_empty()
    }

    /// The running matches of server `guild`, oldest first.
    pub fn running_in(&self, guild: GuildId) -> Vec<MatchId> {
        self.running(|r| {
            r.by_guild
                .get(&guild)
                .map_or_else(Vec::new, |ids| r.entries(ids))
        })
        .iter()
        .map(|e| e.id)
        .collect()
    }

    /// The entries `pick` takes from the registry's indexes that are still
    /// running (read outside the registry's lock).
    fn running(&self, pick: impl FnOnce(&Registry) -> Vec<Arc<Entry>>) -> Vec<Arc<Entry>> {
        let entries = pick(&self.inner.matches.lock().expect("registry lock"));
        entries
            .into_iter()
            .filter(|e| e.finished.lock().expect("lock").is_none())
            .collect()
    }

    /// How many matches the host knows (running, and finished ones not
    /// forgotten yet).
    pub fn known_matches(&self) -> usize {
        self.inner
            .matches
            .lock()
            .expect("registry lock")
            .matches
            .len()
    }

    /// Sets how long a finished match stays known after its end (default
    /// [`FORGET_FINISHED_AFTER`]); a match ended before the call keeps
    /// the time it was given.
    pub fn forget_finished_after(&self, after: Duration) {
        self.inner
            .forget_after_ms
            .store(after.as_millis() as u64, Ordering::SeqCst);
    }

    /// How long a finished match stays known after its end
    /// ([`Host::forget_finished_after`]): what a front end keeps of it
    /// should go at the same time.
    pub fn forget_time(&self) -> Duration {
        Duration::from_millis(self.inner.forget_after_ms.load(Ordering::SeqCst))
    }

    /// `entry`'s match is over as `m`, seen now (the rematch window counts
    /// from here); it is forgotten after the forget time.
    fn mark_over(&self, entry: &Arc<Entry>, m: &Match) {
        *entry.finished.lock().expect("lock") = Some(m.clone());
        *entry.finished_at.lock().expect("lock") = Some(Instant::now());
        entry.bands.lock().expect("lock").clear();
        self.forget_later(entry);
    }

    /// Forgets `entry`'s match once it has been over for the forget time
    /// (its rematch window has passed: a press on it is answered from
    /// what the store says, [`Host::act`]). A revived entry in its place
    /// stays.
    fn forget_later(&self, entry: &Arc<Entry>) {
        let after = self.forget_time();
        let host = Arc::downgrade(&self.inner);
        let entry = Arc::downgrade(entry);
        tokio::spawn(async move {
            tokio::time::sleep(after).await;
            let (Some(inner), Some(entry)) = (host.upgrade(), entry.upgrade()) else {
                return;
            };
            inner
                .matches
                .lock()
                .expect("registry lock")
                .remove(entry.id, Some(&entry));
        });
    }

    /// How many matches against the AI `user` plays on `guild` that are
    /// still running (a match with an AI seat and `user` on a human seat):
    /// the limit on AI matches (docs/reliability.md, "Limits").
    pub fn running_ai_matches(&self, guild: GuildId, user: UserId) -> usize {
        self.running(|r| {
            r.by_player
                .get(&user)
                .map_or_else(Vec::new, |ids| r.entries(ids))
        })
        .iter()
        .filter(|e| {
            let players = &e.spec.players;
            e.spec.guild == guild
                && players.iter().any(|p| p.ai_level.is_some())
                && players.iter().any(|p| p.id == user && p.ai_level.is_none())
        })
        .count()
    }

    /// Closes the store (the matches stay saved for a restart).
    pub async fn close(&self) {
        if let Some(db) = &self.inner.db {
            db.close().await;
        }
    }

    /// The rating-change lines of a finished, stored match:
    /// `alice: 1500? → 1562? (+62)`.
    async fn rating_lines(&self, entry: &Entry) -> Vec<String> {
        let (Some(db), Some(id)) = (&self.inner.db, entry.stored) else {
            return Vec::new();
        };
        let changes = match db.rating_changes(id).await {
            Ok(c) => c,
            Err(e) => {
                tracing::error!(match_id = %entry.id, error = %e, "rating changes unreadable");
                return Vec::new();
            }
        };
        let mut lines = Vec::new();
        for c in changes {
            let name = db
                .player_name(entry.spec.guild.0, c.player)
                .await
                .unwrap_or_default();
            lines.push(
                self.inner.catalog.text(
                    entry.spec.locale,
                    id::MATCH_RATING_CHANGE,
                    &Args::new()
                        .set("player", fourbot_i18n::Value::name(name))
                        .set("before", c.before.shown())
                        .set("after", c.after.shown())
                        .set("change", rating_change(c.after.score() - c.before.score())),
                ),
            );
        }
        lines
    }

    fn entry(&self, id: MatchId) -> Option<Arc<Entry>> {
        self.inner
            .matches
            .lock()
            .expect("registry lock")
            .matches
            .get(&id)
            .cloned()
    }

    fn presenter<'a>(&'a self, entry: &'a Entry) -> Presenter<'a> {
        Presenter {
            moderator: entry.moderator.get().map(String::as_str),
            cancelled_tournament: entry.cancelled_tournament.get().copied(),
            stopped: entry.stopped.load(Ordering::SeqCst),
            catalog: &self.inner.catalog,
            match_id: entry.id,
            players: &entry.spec.players,
            locale: entry.spec.locale,
            time_style: self.inner.config.time_style,
            epoch_unix_ms: entry.epoch_unix_ms,
            images: self.inner.config.images,
            bands: Some(&entry.bands),
        }
    }

    async fn snapshot(entry: &Entry) -> Option<Match> {
        if let Some(m) = entry.finished.lock().expect("lock").clone() {
            return Some(m);
        }
        entry.handle.snapshot().await.ok()
    }

    /// The current state of a match: its turn view, or the view of its end.
    pub async fn board(&self, id: MatchId) -> Option<View> {
        let entry = self.entry(id)?;
        let m = Self::snapshot(&entry).await?;
        let now = now_ts(&entry);
        let p = self.presenter(&entry);
        Some(match m.phase() {
            PhaseKind::Playing => p.turn_view(&m, now),
            PhaseKind::BetweenGames => p.game_over_view(&m),
            PhaseKind::Finished => {
                let ratings = self.rating_lines(&entry).await;
                p.match_over_view(
                    &m,
                    &ratings,
                    entry.spec.unrated_reason(),
                    entry.spec.tournament,
                )
            }
        })
    }

    /// Match `id` as it stands, for a front end that draws the table
    /// itself (the web): from this host while it knows the match, else
    /// from the store (a finished match that was forgotten, or one another
    /// process runs). `None` for a match neither knows, and when the store
    /// cannot be read (logged).
    pub async fn table(&self, id: MatchId) -> Option<Table> {
        if let Some(entry) = self.entry(id) {
            if let Some(m) = Self::snapshot(&entry).await {
                let live = entry.finished.lock().expect("lock").is_none();
                return Some(Self::table_of(&entry, m, live));
            }
        }
        let db = self.inner.db.as_ref()?;
        match stored_table(db, id, self.inner.clock.unix_ms()).await {
            Ok(table) => table,
            Err(e) => {
                tracing::error!(match_id = %id, error = %e, "reading a match for its table failed");
                None
            }
        }
    }

    /// A running match of this host and its events from now on (the web's
    /// live table): the subscription is taken before the match is read
    /// ([`super::task::MatchHandle::watch`]). `None`
    /// when the host runs no such match (unknown, or over: read it with
    /// [`Host::table`]).
    pub async fn watch(&self, id: MatchId) -> Option<Watch> {
        let entry = self.entry(id)?;
        if entry.finished.lock().expect("lock").is_some() {
            return None;
        }
        let (m, events) = entry.handle.watch();
        let m = Arc::unwrap_or_clone(m);
        let live = !m.is_finished();
        Some(Watch {
            table: Self::table_of(&entry, m, live),
            events,
        })
    }

    fn table_of(entry: &Entry, m: Match, live: bool) -> Table {
        Table {
            id: entry.id,
            guild: entry.spec.guild,
            seats: entry
                .spec
                .players
                .iter()
                .map(|p| TableSeat {
                    name: p.name.clone(),
                    ai: p.ai_level.is_some(),
                })
                .collect(),
            now: now_ts(entry),
            game: m,
            live,
        }
    }

    /// One line with every bank as of now, the running one marked:
    /// `🔴 alice 9:41 ⏳ · 🟡 bob 10:00` (for a ticking display).
    pub async fn clock_status(&self, id: MatchId) -> Option<String> {
        let entry = self.entry(id)?;
        let m = Self::snapshot(&entry).await?;
        let now = now_ts(&entry);
        let p = self.presenter(&entry);
        Some(p.clock_status(&m, now))
    }

    /// The ids of the matches this host knows, running or finished.
    pub fn match_ids(&self) -> Vec<MatchId> {
        let mut ids: Vec<MatchId> = self
            .inner
            .matches
            .lock()
            .expect("registry lock")
            .matches
            .keys()
            .copied()
            .collect();
        ids.sort();
        ids
    }

    /// Confirm-before-drop: the board PNG with the disc where the drop of
    /// `action` (a drop button's action id) would land, when it is a drop
    /// for the current turn, `player` is the one to move and the column has
    /// room. `None` otherwise: the press is then handled as usual by
    /// [`Host::press`], which plays it or says why not.
    pub async fn preview(&self, player: UserId, action: ActionId) -> Option<Vec<u8>> {
        let (m, column) = self.previewed(player, action).await?;
        fourbot_render::preview_png(m.current_game().game(), column).ok()
    }

    /// The match as it stands and the column, when `action` is a drop
    /// `player` may preview now ([`Host::preview`]).
    async fn previewed(&self, player: UserId, action: ActionId) -> Option<(Match, u8)> {
        let ActionId::Move {
            match_id,
            turn,
            mv: Move::Drop(column),
        } = action
        else {
            return None;
        };
        let entry = self.entry(match_id)?;
        let m = Self::snapshot(&entry).await?;
        if m.turn() != Some(turn) {
            return None;
        }
        let seated = entry.spec.players.get(m.to_move()?.index())?;
        if seated.id != player || seated.ai_level.is_some() {
            return None;
        }
        Some((m, column))
    }

    /// The wall clock of the host and of every service built on it (their
    /// expiries, starts, bans; the adapters' deadlines): one handle, which
    /// a test may freeze or move ([`WallClock::set_unix_ms`]).
    pub fn clock(&self) -> &WallClock {
        &self.inner.clock
    }

    /// Confirm-before-drop, for a player who asked for it (`/settings`): a
    /// press on drop `drop` that `player` has not selected yet selects it
    /// and answers its [`Host::preview`] with its alt text in `l` (the
    /// presser's language), to be shown privately with a Confirm button;
    /// a second press on it, or Confirm, plays it through [`Host::press`].
    /// `None`: no preview (selected already, or no preview of this press),
    /// so the press is played.
    pub async fn preview_first(
        &self,
        player: UserId,
        drop: ActionId,
        l: Locale,
    ) -> Option<Picture> {
        if self.selected(player) == Some(drop) {
            return None;
        }
        let (m, column) = self.previewed(player, drop).await?;
        let game = m.current_game().game();
        let png = fourbot_render::preview_png(game, column).ok()?;
        let alt = crate::alt::preview_alt(self.catalog(), l, game, column);
        self.inner
            .selections
            .lock()
            .expect("selections lock")
            .insert(player, drop);
        Some(Picture { png, alt })
    }

    /// The drop `player` selected last ([`Host::preview_first`]), if it
    /// is still selected.
    fn selected(&self, player: UserId) -> Option<ActionId> {
        let mut selections = self.inner.selections.lock().expect("selections lock");
        selections.get(&player).copied()
    }

    /// Any press of `player` ends their selection.
    fn unselect(&self, player: UserId) {
        let mut selections = self.inner.selections.lock().expect("selections lock");
        selections.remove(&player);
    }

    /// A button press: `action` is the button's action id; `channel` is
    /// where the match is played (see [`Request::Rematch`]).
    ///
    /// # Errors
    /// Why not, for the presser to read (not a player, stale, not your
    /// turn, illegal, …).
    pub async fn press(
        &self,
        player: UserId,
        action: ActionId,
        channel: Option<u64>,
    ) -> Result<Acted, Denial> {
        self.unselect(player);
        let request = match action {
            ActionId::Move { turn, mv, .. } => Request::Move {
                turn: Some(turn),
                mv,
            },
            ActionId::ResignGame { game, .. } => Request::ResignGame(Some(game)),
            ActionId::ResignMatch { .. } => Request::ResignMatch,
            ActionId::Ready { game, .. } => Request::Ready(Some(game)),
            ActionId::Rematch { .. } => Request::Rematch { channel },
            ActionId::TakeBack {
                match_id,
                turn,
                accept,
            } => {
                return self
                    .answer_take_back(match_id, player, turn, accept)
                    .await
                    .map(|_| Acted::Applied)
            }
        };
        self.act(action.match_id(), player, request).await
    }

    /// Installs the rules every rematch press obeys from now on (see
    /// [`RematchRules`]); the last installed wins.
    pub fn set_rematch_rules(&self, rules: Arc<dyn RematchRules>) {
        *self.inner.rematch_rules.write().expect("lock") = Some(rules);
    }

    /// The deadline (Unix seconds) of the question "Resign the whole
    /// match?" asked now of `player` when they press Resign match in match
    /// `id`, or `None` when there is nothing to ask: the press is then
    /// handled (and refused) like any other, since `player` holds no seat
    /// of `id` or it is over.
    pub fn resign_question(&self, id: MatchId, player: UserId) -> Option<u64> {
        let entry = self.entry(id)?;
        let seated = entry.spec.players.iter().any(|p| p.id == player);
        let running = entry.finished.lock().expect("lock").is_none();
        (seated && running).then(|| self.inner.clock.unix_seconds() + RESIGN_CONFIRM_WINDOW_SECS)
    }

    /// Whether an answer to the question asked with `deadline`
    /// ([`Host::resign_question`]) given now is in time.
    pub fn resign_in_time(&self, deadline: u64) -> bool {
        self.inner.clock.unix_seconds() <= deadline
    }

    /// The answer Yes to the question asked with `deadline`
    /// ([`Host::resign_question`]): resigns match `id` for `player`.
    ///
    /// # Errors
    /// `resign-confirm-expired` after the deadline; otherwise as
    /// [`Host::act`].
    pub async fn confirm_resign(
        &self,
        id: MatchId,
        player: UserId,
        deadline: u64,
    ) -> Result<Acted, Denial> {
        self.unselect(player);
        if !self.resign_in_time(deadline) {
            return Err(id::RESIGN_CONFIRM_EXPIRED.into());
        }
        self.act(id, player, Request::ResignMatch).await
    }

    /// A message typed in the match's channel: a move if it reads as one of
    /// the match's variant (docs/rules.md §2), otherwise chat, which is
    /// ignored (`Ok(false)`). Returns `Ok(true)` when a move was played.
    ///
    /// # Errors
    /// Why a move that was typed is refused, for its player to read.
    pub async fn typed(&self, id: MatchId, player: UserId, text: &str) -> Result<bool, Denial> {
        let Some(entry) = self.entry(id) else {
            return Ok(false);
        };
        let Ok(mv) = parse_move(text, entry.spec.variant) else {
            return Ok(false);
        };
        if !entry.spec.players.iter().any(|p| p.id == player) {
            return Ok(false); // spectators chat freely
        }
        self.act(id, player, Request::Move { turn: None, mv })
            .await
            .map(|_| true)
    }

    /// Applies `request` for `player` in match `id`.
    ///
    /// # Errors
    /// Why not, for the player to read.
    pub async fn act(
        &self,
        id: MatchId,
        player: UserId,
        request: Request,
    ) -> Result<Acted, Denial> {
        let Some(entry) = self.entry(id) else {
            // A finished match is forgotten once its rematch window has
            // passed (`forget_later`): its Rematch button is expired.
            if matches!(request, Request::Rematch { .. }) {
                return Err(Denial::new(id::ERROR_REMATCH_EXPIRED));
            }
            return Err(Denial::new(id::ERROR_MATCH_NOT_FOUND).with("id", id.0));
        };
        let seats: Vec<Seat> = entry
            .spec
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.id == player && p.ai_level.is_none())
            .map(|(i, _)| Seat::ALL[i])
            .collect();
        if seats.is_empty() {
            return Err(id::ERROR_NOT_A_PLAYER.into());
        }
        let Some(m) = Self::snapshot(&entry).await else {
            return Err(id::ERROR_MATCH_OVER.into());
        };
        let presenter = self.presenter(&entry);
        let refusal = |r: Refusal| presenter.refusal(&m, &r);
        // The seat that acts: the one to move if the player holds it.
        let acting = m
            .to_move()
            .filter(|s| seats.contains(s))
            .unwrap_or(seats[0]);
        let stale = || Denial::new(id::ERROR_STALE_BUTTON);
        let current_game = m.games().len() as u8;
        let actions: Vec<(Seat, Action)> = match request {
            Request::Rematch { channel } => return self.rematch(&entry, &m, player, channel).await,
            Request::Move { turn, mv } => {
                let turn = match (turn, m.turn()) {
                    (Some(t), _) => t,
                    (None, Some(t)) => t,
                    (None, None) if m.is_finished() => return Err(refusal(Refusal::MatchOver)),
                    (None, None) => return Err(refusal(Refusal::GameOver)),
                };
                vec![(acting, Action::Move { turn, mv })]
            }
            Request::ResignGame(game) => {
                if game.is_some_and(|g| g != current_game) {
                    return Err(stale());
                }
                vec![(acting, Action::ResignGame)]
            }
            Request::ResignMatch => vec![(acting, Action::ResignMatch)],
            Request::Ready(game) => {
                if game.is_some_and(|g| g != current_game) {
                    return Err(stale());
                }
                let waiting: Vec<Seat> =
                    seats.iter().copied().filter(|s| !m.is_ready(*s)).collect();
                if waiting.is_empty() || m.phase() != PhaseKind::BetweenGames {
                    let r = if m.phase() == PhaseKind::BetweenGames {
                        Refusal::AlreadyReady { seat: seats[0] }
                    } else {
                        Refusal::WrongPhase {
                            action: fourbot_core::play::ActionKind::Ready,
                            phase: m.phase(),
                        }
                    };
                    return Err(refusal(r));
                }
                waiting.into_iter().map(|s| (s, Action::Ready)).collect()
            }
        };
        for (seat, action) in actions {
            match entry.handle.act(seat, action).await {
                Ok(()) => {}
                Err(TaskError::Refused(r)) => return Err(refusal(r)),
                // A task that died is replaced at once (`task_died`): a
                // press meanwhile is not told that the match is over.
                Err(TaskError::Closed) if !self.is_finished(id) => {
                    return Err(id::ERROR_TRY_AGAIN.into())
                }
                Err(TaskError::Closed) => return Err(refusal(Refusal::MatchOver)),
                Err(TaskError::Unavailable) => return Err(id::ERROR_TRY_AGAIN.into()),
            }
        }
        Ok(Acted::Applied)
    }

    /// `player` asks to take back their last ply in match `id`
    /// (`/takeback`, the shell's `takeback`). The request goes to the
    /// match's views as a notice with Accept and Decline buttons for the
    /// opponent (it replaces an open one).
    ///
    /// # Errors
    /// A [`Denial`] for the asker: no such match or not a player in it; a
    /// rated match (`take-back-rated`), a tournament's (`take-back-tournament`),
    /// one against the AI (`take-back-ai`) or of more than two seats
    /// (`take-back-players`); nothing to take back (`take-back-nothing`:
    /// the game's last ply is not theirs, or it is their turn, or no game
    /// is being played); the limit of requests in this game reached
    /// (`take-back-limit`); the match is over.
    pub async fn take_back(&self, id: MatchId, player: UserId) -> Result<(), Denial> {
        let Some(entry) = self.entry(id) else {
            return Err(Denial::new(id::ERROR_MATCH_NOT_FOUND).with("id", id.0));
        };
        let seats = human_seats(&entry, player);
        if seats.is_empty() {
            return Err(id::ERROR_NOT_A_PLAYER.into());
        }
        let spec = &entry.spec;
        // The tournament first: an unrated tournament's match is unrated
        // too, and still no take-backs.
        if spec.tournament.is_some() {
            return Err(id::TAKE_BACK_TOURNAMENT.into());
        }
        if spec.rated() {
            return Err(id::TAKE_BACK_RATED.into());
        }
        if spec.players.iter().any(|p| p.ai_level.is_some()) {
            return Err(id::TAKE_BACK_AI.into());
        }
        if spec.players.len() != 2 {
            return Err(id::TAKE_BACK_PLAYERS.into());
        }
        let Some(m) = Self::snapshot(&entry).await else {
            return Err(id::ERROR_MATCH_OVER.into());
        };
        if m.is_finished() {
            return Err(id::ERROR_MATCH_OVER.into());
        }
        let nothing = || Denial::new(id::TAKE_BACK_NOTHING);
        if m.phase() != PhaseKind::Playing {
            return Err(nothing());
        }
        let record = m.current_game();
        let played = record.game().moves().len() - record.opening_plies();
        let Some(asker) = played
            .checked_sub(1)
            .map(|last| record.order().seat_at(last))
            .filter(|s| seats.contains(s) && m.to_move() != Some(*s))
        else {
            return Err(nothing());
        };
        let game = m.games().len() as u8;
        let turn = Turn {
            game,
            ply: u32::try_from(record.game().moves().len()).unwrap_or(u32::MAX),
        };
        let opponent = m
            .seating()
            .all()
            .iter()
            .copied()
            .find(|s| *s != asker)
            .expect("two seats");
        let asked = entry
            .take_backs
            .lock()
            .expect("lock")
            .ask(asker, turn, Instant::now());
        if !asked {
            return Err(Denial::new(id::TAKE_BACK_LIMIT)
                .with("limit", i64::from(TAKE_BACK_REQUESTS_PER_GAME)));
        }
        let p = self.presenter(&entry);
        let catalog = &self.inner.catalog;
        let l = spec.locale;
        let name = |s: Seat| Value::name(spec.players[s.index()].name.clone());
        let mv = record.game().moves()[record.game().moves().len() - 1];
        let text = catalog.text(
            l,
            id::TAKE_BACK_ASKED,
            &Args::new()
                .set("player", name(asker))
                .set("opponent", name(opponent))
                .set("move", format!("{}. {mv}", turn.ply))
                .set(
                    "minutes",
                    i64::try_from(TAKE_BACK_EXPIRY.as_secs() / 60).unwrap_or(0),
                ),
        );
        let button = |accept: bool, label, style| Button {
            label: catalog.plain(l, label),
            action: ActionId::TakeBack {
                match_id: entry.id,
                turn,
                accept,
            },
            style,
            disabled: false,
        };
        let mut view: View = p.notice(text);
        view.kind = ViewKind::Notice;
        view.buttons = vec![vec![
            button(true, id::BUTTON_TAKE_BACK_ACCEPT, ButtonStyle::Success),
            button(false, id::BUTTON_TAKE_BACK_DECLINE, ButtonStyle::Danger),
        ]];
        let _ = self.inner.outbox.send(view);
        Ok(())
    }

    /// `player` answers the take-back request of ply `turn` in match `id`
    /// (its Accept or Decline button). Accepted, the match takes the ply
    /// back (its notice and the asker's new turn follow as the match's
    /// views); declined, nothing changes. Returns the line that closes the
    /// request, in the match's language ("bob accepted the take-back.").
    ///
    /// # Errors
    /// A [`Denial`] for the presser: no such match; the request is no
    /// longer open (`take-back-expired`: answered, replaced, lapsed, the
    /// position changed, or the bot restarted since); the presser is not
    /// the opponent (`take-back-not-opponent`, naming who may answer); the
    /// store could not record it (`error-try-again`, nothing changed and
    /// the request stays open).
    pub async fn answer_take_back(
        &self,
        id: MatchId,
        player: UserId,
        turn: Turn,
        accept: bool,
    ) -> Result<String, Denial> {
        let Some(entry) = self.entry(id) else {
            return Err(Denial::new(id::ERROR_MATCH_NOT_FOUND).with("id", id.0));
        };
        let expired = || Denial::new(id::TAKE_BACK_EXPIRED);
        let Some(open) = entry.take_backs.lock().expect("lock").open_for(turn) else {
            return Err(expired());
        };
        let spec = &entry.spec;
        let opponent = spec
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (Seat::ALL[i], p))
            .find(|(s, _)| *s != open.seat)
            .map(|(s, _)| s)
            .expect("two seats");
        let seats = human_seats(&entry, player);
        if !seats.contains(&opponent) {
            return Err(Denial::new(id::TAKE_BACK_NOT_OPPONENT).with(
                "player",
                Value::name(spec.players[opponent.index()].name.clone()),
            ));
        }
        let close = |entry: &Entry| entry.take_backs.lock().expect("lock").close(turn);
        // Lapsed: its time is up, or the position is no longer the one it
        // was asked in (the opponent moved, the game or match ended).
        let now_turn = Self::snapshot(&entry).await.and_then(|m| m.turn());
        let asked_in = Turn {
            game: turn.game,
            ply: turn.ply + 1,
        };
        if Instant::now() >= open.until || now_turn != Some(asked_in) {
            close(&entry);
            return Err(expired());
        }
        let catalog = &self.inner.catalog;
        let answerer = Value::name(spec.players[opponent.index()].name.clone());
        if !accept {
            close(&entry);
            return Ok(catalog.text(
                spec.locale,
                id::TAKE_BACK_DECLINED,
                &Args::new().set("opponent", answerer),
            ));
        }
        match entry.handle.act(open.seat, Action::TakeBack).await {
            Ok(()) => {}
            Err(TaskError::Unavailable) => return Err(id::ERROR_TRY_AGAIN.into()),
            // The position moved on between the check and the task (a
            // flag, a last-moment move): the request lapsed.
            Err(TaskError::Refused(_) | TaskError::Closed) => {
                close(&entry);
                return Err(expired());
            }
        }
        close(&entry);
        Ok(catalog.text(
            spec.locale,
            id::TAKE_BACK_ACCEPTED,
            &Args::new().set("opponent", answerer),
        ))
    }

    /// Tournament `tournament` was cancelled while match `id` was played
    /// for it: the match is aborted (docs/tournaments.md, "Cancelling"), as
    /// a moderator's abort — applied by its task, journaled, no result, no
    /// rating change, no buttons — and its end message says that the
    /// tournament's cancellation ended it, not a moderator.
    ///
    /// # Errors
    /// As [`Host::moderator_abort`].
    pub async fn abort_for_cancelled_tournament(
        &self,
        id: MatchId,
        tournament: TournamentId,
    ) -> Result<(), AbortError> {
        let entry = self.entry(id).ok_or(AbortError::NoSuchMatch)?;
        if entry.finished.lock().expect("lock").is_some() {
            return Err(AbortError::MatchOver);
        }
        let _ = entry.cancelled_tournament.set(tournament);
        match entry.handle.moderator_abort().await {
            Ok(()) => Ok(()),
            Err(TaskError::Unavailable) => Err(AbortError::Unavailable),
            Err(_) => Err(AbortError::MatchOver),
        }
    }

    /// A moderator named `moderator` aborts match `id` (`/ladder abort`,
    /// for a stuck match): applied by the match's task in turn with the
    /// players' actions, journaled (a restart does not bring it back), no
    /// result and no rating change; the match-over view names the
    /// moderator and has no buttons.
    ///
    /// # Errors
    /// [`AbortError::NoSuchMatch`] when the host does not run match `id`,
    /// [`AbortError::MatchOver`] when it has already ended,
    /// [`AbortError::Unavailable`] when the store could not record the
    /// abort (the match goes on unchanged).
    pub async fn moderator_abort(&self, id: MatchId, moderator: &str) -> Result<(), AbortError> {
        let entry = self.entry(id).ok_or(AbortError::NoSuchMatch)?;
        if entry.finished.lock().expect("lock").is_some() {
            return Err(AbortError::MatchOver);
        }
        // The first moderator's name stays (a second abort is refused).
        let _ = entry.moderator.set(moderator.to_string());
        match entry.handle.moderator_abort().await {
            Ok(()) => Ok(()),
            Err(TaskError::Unavailable) => Err(AbortError::Unavailable),
            Err(_) => Err(AbortError::MatchOver),
        }
    }

    async fn rematch(
        &self,
        entry: &Entry,
        m: &Match,
        player: UserId,
        channel: Option<u64>,
    ) -> Result<Acted, Denial> {
        if !m.is_finished() {
            return Err(id::ERROR_STALE_BUTTON.into());
        }
        let rules = self.inner.rematch_rules.read().expect("lock").clone();
        if let Some(rules) = rules {
            let over_for = self.over_for(entry.id);
            rules
                .check(self, &entry.spec, player, channel, over_for)
                .await?;
        }
        let humans: HashSet<UserId> = entry
            .spec
            .players
            .iter()
            .filter(|p| p.ai_level.is_none())
            .map(|p| p.id)
            .collect();
        let all = {
            let mut pressed = entry.rematch.lock().expect("lock");
            if !pressed.insert(player) {
                return Ok(Acted::Unchanged);
            }
            pressed.len() == humans.len()
        };
        if !all {
            let name = entry
                .spec
                .players
                .iter()
                .find(|p| p.id == player)
                .map(|p| p.name.clone())
                .unwrap_or_default();
            let text = self.inner.catalog.text(
                entry.spec.locale,
                id::MATCH_REMATCH_OFFERED,
                &Args::new().set("player", fourbot_i18n::Value::name(name)),
            );
            let _ = self.inner.outbox.send(self.presenter(entry).notice(text));
            return Ok(Acted::RematchOffered);
        }
        // Same players, variant and time control; someone else moves
        // first; outside any tournament.
        self.create_match(entry.spec.rematch())
            .await
            .map(Acted::Rematch)
            .map_err(|e| {
                tracing::error!(error = %e, "rematch failed");
                Denial::internal()
            })
    }
}

fn now_ts(entry: &Entry) -> Timestamp {
    Timestamp(
        Instant::now()
            .saturating_duration_since(entry.handle.epoch())
            .as_millis() as u64,
    )
}

/// The presenter task of one match: for every batch of events it builds the
/// views and sends them, then lets the AI seats act.
async fn present(
    host: Host,
    entry: Arc<Entry>,
    mut events: broadcast::Receiver<Event>,
    task: JoinHandle<Match>,
    revived: Option<Match>,
) {
    let _running = Running::new(entry.spec.variant.key());
    let mut task = Some(task);
    let mut last_turn: Option<Turn> = None;
    // The match as last seen: what a dead task's match is aborted from.
    let mut last = revived.clone().map(Arc::new);
    if let Some(m) = revived {
        // A reloaded match: its current turn again (what the dead task
        // committed last may never have been shown).
        let p = host.presenter(&entry);
        match m.phase() {
            PhaseKind::Playing => {
                last_turn = m.turn();
                let view = p.turn_view(&m, now_ts(&entry));
                let ai_turn = matches!(view.kind, ViewKind::Turn { ai: true, .. });
                let _ = host.inner.outbox.send(view);
                if ai_turn {
                    ai_move(&host, &entry, &m).await;
                }
            }
            PhaseKind::BetweenGames => {
                let _ = host.inner.outbox.send(p.game_over_view(&m));
            }
            PhaseKind::Finished => {}
        }
    }
    loop {
        // Events first: a task that ended as it should published its end
        // before it returned.
        let first = tokio::select! {
            biased;
            e = events.recv() => match e {
                Ok(e) => e,
                Err(broadcast::error::RecvError::Lagged(n)) => {
                    tracing::warn!(match_id = %entry.id, lagged = n, "presenter lagged");
                    continue;
                }
                Err(broadcast::error::RecvError::Closed) => break,
            },
            joined = async { task.as_mut().expect("polled while set").await }, if task.is_some() => {
                match joined {
                    // Its end was missed (the presenter lagged): show it.
                    Ok(m) if m.is_finished() => host.stop_with(&entry, m, false).await,
                    Ok(_) => {
                        tracing::error!(match_id = %entry.id, "a match task stopped before its match ended");
                        host.task_died(&entry, last.take().map(Arc::unwrap_or_clone)).await;
                    }
                    Err(e) => {
                        tracing::error!(match_id = %entry.id, error = %e, "a match task died");
                        host.task_died(&entry, last.take().map(Arc::unwrap_or_clone)).await;
                    }
                }
                break;
            }
        };
        let mut batch = vec![first];
        while let Ok(e) = events.try_recv() {
            batch.push(e);
        }
        let moves = batch
            .iter()
            .filter(|e| matches!(e.kind, EventKind::Moved { .. }))
            .count();
        metrics::counter!(MOVES).increment(moves as u64);
        let over = batch
            .iter()
            .any(|e| matches!(e.kind, EventKind::MatchOver { .. }));
        let m = if over {
            let Some(t) = task.take() else { break };
            match t.await {
                Ok(m) => {
                    host.mark_over(&entry, &m);
                    Arc::new(m)
                }
                Err(e) => {
                    tracing::error!(match_id = %entry.id, error = %e, "match task failed");
                    break;
                }
            }
        } else {
            // Every event of the batch is in it (no round trip to the
            // task: issue 33 §5).
            entry.handle.current()
        };
        last = Some(m.clone());
        let p = host.presenter(&entry);
        let send = |v: View| {
            let _ = host.inner.outbox.send(v);
        };
        let now = now_ts(&entry);
        if over {
            if let Some(result) = m.result() {
                let _ = host.inner.ends.send((entry.id, *result));
            }
            let ratings = host.rating_lines(&entry).await;
            send(p.match_over_view(
                &m,
                &ratings,
                entry.spec.unrated_reason(),
                entry.spec.tournament,
            ));
            break;
        }
        for e in &batch {
            match e.kind {
                EventKind::GameOver { .. } if m.phase() == PhaseKind::BetweenGames => {
                    send(p.game_over_view(&m));
                }
                EventKind::Ready { seat, .. } if m.phase() == PhaseKind::BetweenGames => {
                    let name = entry.spec.players[seat.index()].name.clone();
                    send(p.notice(host.inner.catalog.text(
                        entry.spec.locale,
                        id::GAME_PLAYER_READY,
                        &Args::new().set("player", fourbot_i18n::Value::name(name)),
                    )));
                }
                // The board follows as the asker's new turn.
                EventKind::TakenBack { turn, seat, mv, .. } => {
                    send(
                        p.notice(
                            host.inner.catalog.text(
                                entry.spec.locale,
                                id::TAKE_BACK_DONE,
                                &Args::new()
                                    .set(
                                        "player",
                                        fourbot_i18n::Value::name(
                                            entry.spec.players[seat.index()].name.clone(),
                                        ),
                                    )
                                    .set("move", format!("{}. {mv}", turn.ply)),
                            ),
                        ),
                    );
                }
                EventKind::Resumed if m.phase() == PhaseKind::BetweenGames => {
                    send(p.game_over_view(&m));
                }
                EventKind::Resumed => {
                    if let Some(seat) = m.to_move() {
                        // The bank the turn restarts with: as of the resume.
                        let now = e.at;
                        // Rounded like the clock lines of the turn view.
                        let bank = p.bank_text(m.bank(seat, now));
                        send(
                            p.notice(
                                host.inner.catalog.text(
                                    entry.spec.locale,
                                    id::RESTART_NOTICE,
                                    &Args::new()
                                        .set(
                                            "player",
                                            fourbot_i18n::Value::name(
                                                entry.spec.players[seat.index()].name.clone(),
                                            ),
                                        )
                                        .set("bank", bank),
                                ),
                            ),
                        );
                    }
                }
                _ => {}
            }
        }
        if m.phase() == PhaseKind::Playing && m.turn() != last_turn {
            last_turn = m.turn();
            let view = p.turn_view(&m, now);
            let ai_turn = matches!(view.kind, ViewKind::Turn { ai: true, .. });
            send(view);
            if ai_turn {
                ai_move(&host, &entry, &m).await;
            }
        }
        if m.phase() == PhaseKind::BetweenGames {
            for (i, seated) in entry.spec.players.iter().enumerate() {
                let seat = Seat::ALL[i];
                if seated.ai_level.is_some() && !m.is_ready(seat) {
                    let _ = entry.handle.act(seat, Action::Ready).await;
                }
            }
        }
    }
}

/// How long a finished match stays known after its end by default: the
/// longest rematch window ([`MAX_CHALLENGE_EXPIRY`], a server's challenge
/// expiry at most) and a minute. Then nothing can act on it any more and
/// the host forgets it (issue 33).
pub const FORGET_FINISHED_AFTER: Duration = forget_after(MAX_CHALLENGE_EXPIRY);

/// How long a finished match stays known when the rematch window is at
/// most `window`: the window and as long again, at most a minute more.
pub const fn forget_after(window: Duration) -> Duration {
    let margin = if window.as_secs() < 60 {
        window.as_secs()
    } else {
        60
    };
    Duration::from_secs(window.as_secs() + margin)
}

/// How many AI searches run at once in this process: one per core
/// (`std::thread::available_parallelism`, at least 1). A search is
/// CPU-bound for up to its budget and keeps its thread's tables (the 8 MiB
/// solver, the 12 MiB level-5 table), so more at once would only split the
/// cores — every AI would play weaker within its time cap — and multiply the
/// memory; further AI turns wait for a slot (their clock runs meanwhile, as
/// a human's does while thinking).
pub fn engine_slots() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Match ends a [`Host::match_ends`] receiver may fall behind by.
pub const MATCH_END_CAPACITY: usize = 1024;

/// Matches whose task runs in this process, by `variant` (a gauge;
/// docs/operations.md).
pub const MATCHES_RUNNING: &str = "fourbot_matches_running";
/// Moves played (a counter).
pub const MOVES: &str = "fourbot_moves_total";
/// Match tasks that died (panicked or stopped) before their match ended
/// (a counter; docs/reliability.md, "A match task dies").
pub const TASKS_DIED: &str = "fourbot_match_tasks_died_total";
/// AI turns waiting for an engine slot, a core (a gauge; [`engine_slots`]).
pub const AI_WAITING: &str = "fourbot_ai_searches_waiting";

/// One running match in [`MATCHES_RUNNING`] while it lives.
struct Running(metrics::Gauge);

impl Running {
    fn new(variant: &'static str) -> Running {
        let gauge = metrics::gauge!(MATCHES_RUNNING, "variant" => variant);
        gauge.increment(1.0);
        Running(gauge)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.decrement(1.0);
    }
}

/// The permits behind [`engine_slots`].
static ENGINE_SLOTS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();

async fn ai_move(host: &Host, entry: &Entry, m: &Match) {
    let (Some(seat), Some(turn)) = (m.to_move(), m.turn()) else {
        return;
    };
    let Some(level) = entry.spec.players[seat.index()].ai_level else {
        return;
    };
    let bot = host.inner.bot.clone();
    let game = m.current_game().game().clone();
    let slots = ENGINE_SLOTS.get_or_init(|| tokio::sync::Semaphore::new(engine_slots()));
    let waiting = metrics::gauge!(AI_WAITING);
    waiting.increment(1.0);
    let _slot = slots
        .acquire()
        .await
        .expect("the engine slots are never closed");
    waiting.decrement(1.0);
    let chosen = tokio::task::spawn_blocking(move || bot.choose(&game, level)).await;
    match chosen {
        Ok(mv) => {
            if let Err(e) = entry.handle.act(seat, Action::Move { turn, mv }).await {
                tracing::warn!(match_id = %entry.id, error = %e, "AI move refused");
            }
        }
        Err(e) => tracing::error!(match_id = %entry.id, error = %e, "AI failed"),
    }
}

/// The [`MatchSpec`] of a match loaded from the store: its players (each
/// through `player`; an AI seat at its stored level, or
/// [`DEFAULT_AI_LEVEL`] when stored before schema version 2) and its stored
/// public language (else `locale`).
///
/// # Errors
/// [`HostError`] when a player cannot be read from the store.
async fn stored_spec(
    db: &Db,
    loaded: &LoadedMatch,
    locale: Locale,
    player: &impl Fn(&PlayerInfo) -> UserId,
) -> Result<MatchSpec, HostError> {
    let mut players = Vec::new();
    for p in &loaded.players {
        let info = db.player_info(loaded.guild, *p).await?;
        players.push(Seated {
            id: player(&info),
            name: info.name.clone(),
            source: NameSource::Stored,
            ai_level: info.is_bot.then(|| {
                loaded
                    .ai_levels
                    .get(players.len())
                    .copied()
                    .flatten()
                    .unwrap_or(DEFAULT_AI_LEVEL)
            }),
        });
    }
    // A tournament's pairing: the tournament's number and whether it is
    // rated, as stored (docs/rules.md §7).
    let tournament = match db.pairing_of_match(loaded.id).await? {
        Some((t, round, board)) => Some(TournamentMatch {
            id: t,
            round,
            board,
            rated: db.tournament(t).await?.setup.rated,
        }),
        None => None,
    };
    let m = &loaded.game;
    Ok(MatchSpec {
        variant: m.variant(),
        clock: *m.clock().settings(),
        players,
        guild: GuildId(loaded.guild),
        locale: loaded
            .locale
            .as_deref()
            .and_then(|l| l.parse().ok())
            .unwrap_or(locale),
        seed: 0,
        tournament,
    })
}

/// The seats of match `entry` that `player` holds as a person (not the AI).
fn human_seats(entry: &Entry, player: UserId) -> Vec<Seat> {
    entry
        .spec
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.id == player && p.ai_level.is_none())
        .map(|(i, _)| Seat::ALL[i])
        .collect()
}
