//! Tournaments (docs/rules.md §7, docs/tournaments.md): the transport-
//! neutral director. It keeps each tournament in the store, pairs rounds
//! with the core (`fourbot_core::tournament`), and tells the front end what
//! to show and which matches to open through [`TournamentNews`]; each
//! pairing is an ordinary match the front end opens (in its own thread on
//! Discord) with the board's [`Board::pairing`] in its spec (the store
//! links the match to the pairing as it is created), or reports a board it
//! could not open with [`Tournaments::not_opened`]. Match ends come
//! from the host ([`Host::match_ends`]) and are turned into outcomes; when
//! the last match of a round ends, the next round is paired.
//!
//! Restart-safe: everything lives in the store, and [`Tournaments::resume`]
//! records the outcomes of matches that ended unseen, asks the front end
//! again for the matches of pairings that never got one, and pairs the
//! next round when a round is complete.
//!
//! One lock serializes every change (tournaments change a few times a
//! minute at most), so a round is paired once.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{broadcast, mpsc, Mutex};

use super::denial::Denial;
use super::matches::{AbortError, Host, Request};
use super::moderation::{ModAction, ModLog, Moderator};
use super::players::{discord_user, stored_player};
use super::present::{NameSource, Seated, TournamentMatch};
use super::view::{GuildId, MatchId, UserId};
use fourbot_core::game::Variant;
use fourbot_core::play::{ClockSettings, MatchResult, TimeControl};
use fourbot_core::tournament::standings::{standings, Standing};
use fourbot_core::tournament::{
    arena, outcome_of, round_robin, swiss, Entrant, EntrantResult, Format, Outcome, Pairing, Played,
};
use fourbot_i18n::id;
use fourbot_store::{
    Db, Joined, NewPairing, NewTournament, PlayerId, StoreError, StoredEntrant, StoredPairing,
    StoredTournament, TournamentId, TournamentState,
};

/// Swiss rounds a tournament may have.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<u32> = 1..=20;
/// How long after an arena's window closes the clock finishes it, ms: the
/// time for the end of a match that ended just inside the window to reach
/// the director (the clock and the match ends are two sources; without it
/// such a result could be dropped because the clock finished first).
pub const ARENA_CLOSE_GRACE_MS: i64 = 3_000;

/// Arena windows, minutes.
pub const ARENA_MINUTES: std::ops::RangeInclusive<u64> = 5..=720;
/// Minutes from creation to a tournament's own start (a week at most).
pub const STARTS_IN_MINUTES: std::ops::RangeInclusive<u64> = 0..=10_080;
/// When a tournament created at `now_unix_ms` with `starts_in` minutes
/// starts (ms since the epoch): `starts_in` taken into
/// [`STARTS_IN_MINUTES`] whatever a client sent (a negative or huge number
/// must neither start it in the past nor overflow), never without one
/// (`i64::MAX`: its creator starts it).
pub fn starts_at(now_unix_ms: i64, starts_in: Option<i64>) -> i64 {
    let Some(minutes) = starts_in else {
        return i64::MAX;
    };
    let minutes = minutes.clamp(
        *STARTS_IN_MINUTES.start() as i64,
        *STARTS_IN_MINUTES.end() as i64,
    );
    now_unix_ms.saturating_add(minutes * 60_000)
}

/// Tournament numbers, rounds and boards as options take them.
pub const NUMBERS: std::ops::RangeInclusive<u64> = 1..=1_000_000_000;

/// What a front end must show or do.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentNews {
    /// The tournament changed (entrants, state, standings): show its card
    /// again ([`Tournaments::card`]).
    Changed(TournamentId),
    /// New pairings: post them and open a match for each board with two
    /// players (its spec carrying [`Board::pairing`]); a board without a second
    /// player is a bye.
    Round {
        /// The tournament.
        id: TournamentId,
        /// Its guild.
        guild: GuildId,
        /// The channel of the tournament message.
        channel: u64,
        /// The boards to post.
        boards: Vec<Board>,
        /// Variant of the matches.
        variant: Variant,
        /// Their clock.
        clock: ClockSettings,
        /// Language of the public messages, when the tournament has one.
        locale: Option<String>,
        /// Whether the tournament is rated (its matches are rated only
        /// then: give each [`Board::pairing`] to its match).
        rated: bool,
        /// Round 2 on of a Swiss or round robin: the standings after the
        /// round before (the card as it was when that round was complete;
        /// its `round` is that round), to post with the pairings.
        after: Option<Box<Card>>,
    },
    /// The tournament ended (finished or cancelled): post its final card.
    Over {
        /// The tournament.
        id: TournamentId,
        /// Why the director cancelled it by itself; `None` when it finished
        /// or its creator or a moderator cancelled it.
        reason: Option<CancelReason>,
    },
}

impl TournamentNews {
    /// The tournament the news is about.
    pub fn tournament(&self) -> TournamentId {
        match self {
            TournamentNews::Changed(id)
            | TournamentNews::Round { id, .. }
            | TournamentNews::Over { id, .. } => *id,
        }
    }
}

/// How long a tournament's news worker ([`dispatch_news`]) waits for more
/// before it ends.
pub const NEWS_WORKER_IDLE: std::time::Duration = std::time::Duration::from_secs(60);

/// Hands every piece of `news` to `handle`: one tournament's news one after
/// the other, in order, and different tournaments' at the same time (one
/// worker task per tournament with news, ended after
/// [`NEWS_WORKER_IDLE`] without any). Issue 33: one task posted every
/// server's news one message at a time, so a 500-entrant round held every
/// other server's tournament back for minutes. Returns when `news` closes
/// (the workers finish what they have).
pub async fn dispatch_news<F, Fut>(
    mut news: tokio::sync::mpsc::UnboundedReceiver<TournamentNews>,
    handle: F,
) where
    F: Fn(TournamentNews) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    /// A worker: where its news goes, and its task.
    struct Worker {
        tx: tokio::sync::mpsc::UnboundedSender<TournamentNews>,
        task: tokio::task::JoinHandle<()>,
    }
    // A new worker of a tournament first waits for the one before it (which
    // may still be handling its last news): the order stays.
    let spawn = |handle: F, before: Option<tokio::task::JoinHandle<()>>| {
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<TournamentNews>();
        let task = tokio::spawn(async move {
            if let Some(before) = before {
                let _ = before.await;
            }
            loop {
                match tokio::time::timeout(NEWS_WORKER_IDLE, rx.recv()).await {
                    Ok(Some(n)) => handle(n).await,
                    Ok(None) => return,
                    Err(_) => {
                        // Idle: refuse more (the dispatcher starts a new
                        // worker), then handle what came meanwhile.
                        rx.close();
                        while let Ok(n) = rx.try_recv() {
                            handle(n).await;
                        }
                        return;
                    }
                }
            }
        });
        Worker { tx, task }
    };
    let mut workers: HashMap<TournamentId, Worker> = HashMap::new();
    while let Some(n) = news.recv().await {
        workers.retain(|_, w| !w.task.is_finished());
        let tid = n.tournament();
        let n = match workers.get(&tid) {
            Some(w) => match w.tx.send(n) {
                Ok(()) => continue,
                // It is ending (idle): a new one follows it.
                Err(back) => back.0,
            },
            None => n,
        };
        let before = workers.remove(&tid).map(|w| w.task);
        let worker = spawn(handle.clone(), before);
        let _ = worker.tx.send(n);
        workers.insert(tid, worker);
    }
    for (_, w) in workers {
        drop(w.tx);
        let _ = w.task.await;
    }
}

/// Why the director cancelled a tournament by itself (the front end says
/// so with the cancel).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CancelReason {
    /// Its start time came with fewer entrants than its format needs
    /// (docs/tournaments.md: cancelled, as lichess cancels, rather than
    /// kept open for a start nobody planned).
    TooFew {
        /// The fewest entrants the format starts with.
        min: usize,
        /// The entrants there were.
        joined: usize,
    },
}

/// One pairing as the front end opens it: `first` is seat p1 (starts game
/// 1), `second` `None` for a bye.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The round (an arena: 1).
    pub round: u32,
    /// The board within the round.
    pub board: u32,
    /// Seat p1.
    pub first: Seated,
    /// Seat p2, or `None` for a bye.
    pub second: Option<Seated>,
}

impl Board {
    /// The tournament pairing this board's match is played for, in
    /// tournament `id` (rated or not, as the round's news says): its
    /// [`super::MatchSpec::tournament`].
    pub fn pairing(&self, id: TournamentId, rated: bool) -> TournamentMatch {
        TournamentMatch {
            id,
            round: self.round,
            board: self.board,
            rated,
        }
    }
}

/// Who asks the director for something: the server the command or press
/// came from, the person, and whether they are a moderator there (on
/// Discord: Manage Server). A tournament of another server is unknown to
/// them.
#[derive(Clone, Debug)]
pub struct Caller {
    /// The server (guild) asked from.
    pub guild: GuildId,
    /// The person asking.
    pub person: Seated,
    /// Whether the person may manage `guild`.
    pub moderator: bool,
    /// The reason a moderator gave (the moderation log's), if any.
    pub reason: Option<String>,
}

impl Caller {
    /// The caller as the moderation log names them.
    fn as_moderator(&self) -> Moderator {
        Moderator::new(self.person.clone(), self.reason.as_deref())
    }
}

/// One line of the standings, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    /// 1-based place.
    pub rank: usize,
    /// The entrant.
    pub player: Seated,
    /// Score in half points (arena: points × 2).
    pub halves: u32,
    /// Swiss / round robin: Buchholz cut 1 (half points); arena: matches won.
    pub second: u32,
    /// Swiss / round robin: Sonneborn-Berger (quarter points); arena:
    /// matches played.
    pub third: u32,
    /// Arena: on a streak (the next match scores double).
    pub on_streak: bool,
    /// Still paired (not withdrawn or removed).
    pub active: bool,
    /// Swiss / round robin from round 2 on: the 1-based place after the
    /// round before the current one ([`Card::round`] − 1), the trend of
    /// the standings picture; `None` in round 1 and in an arena (which has
    /// no rounds).
    pub previous_rank: Option<usize>,
}

/// What the tournament message shows: the tournament, its entrants and
/// standings, the round under way. Also the data a standings picture is
/// drawn from (`render`'s standings table; the text is beside it).
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// The tournament as stored.
    pub tournament: StoredTournament,
    /// Entrants (seed order once started), with whether they are active.
    pub entrants: Vec<(Seated, bool)>,
    /// Standings, best first (empty before the start).
    pub standings: Vec<StandingRow>,
    /// The round under way or last played (0 before the start).
    pub round: u32,
    /// Rounds in all (Swiss: as set; round robin: by the entrants; arena:
    /// 0).
    pub rounds: u32,
}

/// The creation options as the front end read them.
#[derive(Clone, Debug)]
pub struct TournamentSpec {
    /// The guild.
    pub guild: GuildId,
    /// The channel of the tournament message.
    pub channel: u64,
    /// Swiss, round robin, arena.
    pub format: Format,
    /// Variant of every match.
    pub variant: Variant,
    /// Time control of every match.
    pub control: TimeControl,
    /// Swiss: rounds.
    pub rounds: Option<u32>,
    /// Arena: window, minutes.
    pub minutes: Option<u64>,
    /// Planned start, ms since 1970.
    pub starts_unix_ms: i64,
    /// Rated or not.
    pub rated: bool,
    /// Language of the public messages.
    pub locale: Option<String>,
}

struct Inner {
    db: Db,
    host: Host,
    news: mpsc::UnboundedSender<TournamentNews>,
    lock: Mutex<()>,
    /// Where moderators' actions are logged (none in some tests).
    modlog: Option<ModLog>,
    /// Tests only: an arena's window is divided by this (1 otherwise),
    /// as `FOURBOT_TEST_TIME_SCALE` divides match clocks.
    time_scale: std::sync::atomic::AtomicU64,
    /// Every news's tournament, for followers besides the front end that
    /// posts the news ([`Tournaments::changes`]: the web's live page).
    changes: broadcast::Sender<TournamentId>,
}

/// Tournament changes a [`Tournaments::changes`] receiver may fall behind
/// by (it is then told it lagged, and reads the tournaments again).
pub const CHANGES_CAPACITY: usize = 256;

/// The tournament director. Cheap to clone.
#[derive(Clone)]
pub struct Tournaments {
    inner: Arc<Inner>,
}

fn internal(what: &'static str) -> impl Fn(StoreError) -> Denial {
    move |e| {
        tracing::error!(error = %e, "{what} failed");
        Denial::internal()
    }
}

/// When arena `t`'s window closes, ms since 1970: its start plus its
/// window (0 for a tournament not started).
fn arena_closes(t: &StoredTournament) -> i64 {
    t.started_unix_ms.unwrap_or(0) + t.setup.duration_ms.unwrap_or(0) as i64
}

/// Everything about one tournament, loaded at once.
struct Loaded {
    t: StoredTournament,
    entrants: Vec<StoredEntrant>,
    pairings: Vec<StoredPairing>,
}

impl Loaded {
    /// The tournament's server.
    fn guild(&self) -> GuildId {
        GuildId(self.t.setup.guild)
    }

    fn index(&self) -> HashMap<PlayerId, Entrant> {
        self.entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.player, i))
            .collect()
    }

    fn current_round(&self) -> u32 {
        self.pairings.iter().map(|p| p.round).max().unwrap_or(0)
    }

    fn active(&self) -> Vec<bool> {
        self.entrants.iter().map(|e| e.active).collect()
    }

    /// The pairings as the core reads them, by round.
    fn history(&self) -> Vec<Vec<Played>> {
        let index = self.index();
        let mut rounds: Vec<Vec<Played>> = vec![Vec::new(); self.current_round() as usize];
        for p in &self.pairings {
            let (Some(&first), second) = (
                index.get(&p.pairing.first),
                p.pairing.second.map(|s| index.get(&s).copied()),
            ) else {
                continue;
            };
            let second = match second {
                Some(None) => continue,
                Some(Some(s)) => Some(s),
                None => None,
            };
            rounds[p.round as usize - 1].push(Played::new(
                Pairing { first, second },
                if p.voided { None } else { p.outcome },
            ));
        }
        rounds
    }

    /// Rounds in all: a Swiss as set, and once started at most
    /// [`swiss::max_rounds`] of its entrants (fixed at the start), since
    /// more would pair two players again (docs/rules.md §7); a round robin
    /// by its schedule, an arena none.
    fn rounds(&self) -> u32 {
        let n = self.entrants.len();
        match self.t.setup.format {
            Format::Swiss => {
                let set = self.t.setup.rounds.unwrap_or(1);
                match self.t.started_unix_ms {
                    Some(_) => set.min(swiss::max_rounds(n)),
                    None => set,
                }
            }
            Format::RoundRobin => round_robin::schedule(n).len() as u32,
            Format::Arena => 0,
        }
    }

    /// Arena pairings in the order their outcomes came.
    fn arena_matches(&self) -> Vec<Played> {
        let mut done: Vec<&StoredPairing> = self
            .pairings
            .iter()
            .filter(|p| p.outcome.is_some() && !p.voided)
            .collect();
        done.sort_by_key(|p| (p.finished_unix_ms, p.round, p.pairing.board));
        let index = self.index();
        done.iter()
            .filter_map(|p| {
                let first = *index.get(&p.pairing.first)?;
                let second = *index.get(&p.pairing.second?)?;
                Some(Played::new(Pairing::new(first, second), p.outcome))
            })
            .collect()
    }
}

impl Tournaments {
    /// The director over `db` and `host`; the news go to the returned
    /// receiver. Call [`Tournaments::spawn`] to follow match ends and the
    /// clock.
    pub fn new(db: Db, host: Host) -> (Tournaments, mpsc::UnboundedReceiver<TournamentNews>) {
        let (news, rx) = mpsc::unbounded_channel();
        (
            Tournaments {
                inner: Arc::new(Inner {
                    db,
                    host,
                    news,
                    lock: Mutex::new(()),
                    modlog: None,
                    time_scale: std::sync::atomic::AtomicU64::new(1),
                    changes: broadcast::channel(CHANGES_CAPACITY).0,
                }),
            },
            rx,
        )
    }

    /// This director with moderators' actions (cancel, remove, void)
    /// logged in `modlog`; before it is cloned.
    ///
    /// # Panics
    /// When a clone of it exists already.
    pub fn with_modlog(mut self, modlog: ModLog) -> Tournaments {
        Arc::get_mut(&mut self.inner)
            .expect("with_modlog before the director is shared")
            .modlog = Some(modlog);
        self
    }

    /// Logs `action` of `caller` when they act as a moderator.
    async fn log(&self, caller: &Caller, action: ModAction) {
        if let (true, Some(modlog)) = (caller.moderator, &self.inner.modlog) {
            modlog
                .record(caller.guild, &caller.as_moderator(), action)
                .await;
        }
    }

    /// Tests only (`FOURBOT_TEST_TIME_SCALE`, docs/discord.md): the window
    /// of every arena created from now on is divided by `divisor` (≥ 1), so
    /// that a 5-minute arena ends within seconds. The window is stored
    /// divided, so a restart keeps it.
    pub fn set_time_scale(&self, divisor: u64) {
        self.inner
            .time_scale
            .store(divisor.max(1), std::sync::atomic::Ordering::Relaxed);
    }

    fn tell(&self, news: TournamentNews) {
        let _ = self.inner.changes.send(news.tournament());
        let _ = self.inner.news.send(news);
    }

    /// The tournament of every news from now on (entrants, state, a round
    /// paired, a result recorded, the end), sent as the news is: for a
    /// follower that shows tournaments besides the front end that posts
    /// the news (the web's live page). Not when a pairing's match is
    /// opened (the store links it as the front end creates it). A receiver
    /// that falls [`CHANGES_CAPACITY`] behind is told it lagged.
    pub fn changes(&self) -> broadcast::Receiver<TournamentId> {
        self.inner.changes.subscribe()
    }

    async fn load(&self, id: TournamentId) -> Result<Loaded, Denial> {
        let db = &self.inner.db;
        let t = match db.tournament(id).await {
            Ok(t) => t,
            Err(StoreError::NoSuchTournament(_)) => {
                return Err(Denial::new(id::TOURNAMENT_ERROR_UNKNOWN).with("id", id.0))
            }
            Err(e) => return Err(internal("loading a tournament")(e)),
        };
        let fail = internal("loading a tournament");
        Ok(Loaded {
            entrants: db.tournament_entrants(id).await.map_err(&fail)?,
            pairings: db.tournament_pairings(id).await.map_err(&fail)?,
            t,
        })
    }

    /// [`Tournaments::load`] for a caller in `guild`: a tournament of
    /// another server is unknown there.
    async fn load_in(&self, id: TournamentId, guild: GuildId) -> Result<Loaded, Denial> {
        let l = self.load(id).await?;
        if l.guild() != guild {
            return Err(Denial::new(id::TOURNAMENT_ERROR_UNKNOWN).with("id", id.0));
        }
        Ok(l)
    }

    /// Entrant `player` as server `guild` (the tournament's) shows them.
    async fn seated(&self, guild: GuildId, player: PlayerId) -> Seated {
        match self.inner.db.player_info(guild.0, player).await {
            Ok(info) => Seated {
                // Only people enter tournaments: the AI's id is never needed.
                id: discord_user(&info, UserId(0)),
                name: info.name.clone(),
                ai_level: None,
                source: NameSource::Stored,
            },
            Err(e) => {
                tracing::error!(error = %e, "reading a tournament entrant failed");
                Seated {
                    id: UserId(0),
                    name: format!("#{player}"),
                    ai_level: None,
                    source: NameSource::Stored,
                }
            }
        }
    }

    /// Pairing `p` of round `round` of a tournament of server `guild` as
    /// the front end opens it, its players by the names `guild` shows.
    async fn board(&self, guild: GuildId, round: u32, p: &NewPairing) -> Board {
        Board {
            round,
            board: p.board,
            first: self.seated(guild, p.first).await,
            second: match p.second {
                Some(s) => Some(self.seated(guild, s).await),
                None => None,
            },
        }
    }

    /// Creates a tournament (open for entrants); `moderator`: whether the
    /// creator may manage the server. Anyone may create one only when the
    /// server allows it (`/config`).
    ///
    /// # Errors
    /// A [`Denial`]: not allowed, rounds or window missing or out of range.
    pub async fn create(
        &self,
        spec: &TournamentSpec,
        creator: &Seated,
        moderator: bool,
    ) -> Result<TournamentId, Denial> {
        let db = &self.inner.db;
        let fail = internal("creating a tournament");
        if !moderator
            && !db
                .tournaments_by_anyone(spec.guild.0)
                .await
                .map_err(&fail)?
        {
            return Err(Denial::new(id::TOURNAMENT_ERROR_MODERATORS_ONLY));
        }
        // Every pairing is a match of two (docs/rules.md §7).
        if spec.variant.players() != 2 {
            return Err(Denial::new(id::TOURNAMENT_ERROR_VARIANT)
                .with("variant", id::variant(spec.variant)));
        }
        let (rounds, duration_ms) = match spec.format {
            Format::Swiss => match spec.rounds {
                Some(r) if SWISS_ROUNDS.contains(&r) => (Some(r), None),
                _ => {
                    return Err(Denial::new(id::TOURNAMENT_ERROR_ROUNDS)
                        .with("min", *SWISS_ROUNDS.start())
                        .with("max", *SWISS_ROUNDS.end()))
                }
            },
            Format::Arena => match spec.minutes {
                Some(m) if ARENA_MINUTES.contains(&m) => (
                    None,
                    Some(
                        m * 60_000
                            / self
                                .inner
                                .time_scale
                                .load(std::sync::atomic::Ordering::Relaxed),
                    ),
                ),
                _ => {
                    return Err(Denial::new(id::TOURNAMENT_ERROR_MINUTES)
                        .with("min", *ARENA_MINUTES.start())
                        .with("max", *ARENA_MINUTES.end()))
                }
            },
            Format::RoundRobin => (None, None),
        };
        let creator = stored_player(db, spec.guild, creator)
            .await
            .map_err(&fail)?;
        let id = db
            .create_tournament(&NewTournament {
                guild: spec.guild.0,
                channel: spec.channel,
                creator,
                format: spec.format,
                variant: spec.variant,
                base_ms: spec.control.base_ms(),
                increment_ms: spec.control.increment_ms(),
                rounds,
                duration_ms,
                rated: spec.rated,
                starts_unix_ms: spec.starts_unix_ms,
                locale: spec.locale.clone(),
            })
            .await
            .map_err(&fail)?;
        Ok(id)
    }

    /// Whether anyone (not only moderators) may create tournaments in
    /// `guild` (`/config`); false when the store cannot say.
    pub async fn anyone(&self, guild: GuildId) -> bool {
        self.inner
            .db
            .tournaments_by_anyone(guild.0)
            .await
            .unwrap_or(false)
    }

    /// Sets whether anyone may create tournaments in `guild`.
    ///
    /// # Errors
    /// A [`Denial`] when the store failed.
    pub async fn set_anyone(&self, guild: GuildId, anyone: bool) -> Result<(), Denial> {
        self.inner
            .db
            .set_tournaments_by_anyone(guild.0, anyone)
            .await
            .map_err(internal("setting who may create tournaments"))
    }

    /// Remembers the tournament message (a front end's message id).
    pub async fn set_message(&self, id: TournamentId, message: u64) {
        if let Err(e) = self.inner.db.set_tournament_message(id, message).await {
            tracing::error!(error = %e, "storing a tournament message failed");
        }
    }

    /// Enters the caller.
    ///
    /// # Errors
    /// A [`Denial`]: unknown (on the caller's server), joined already,
    /// started (a Swiss or round robin), over, full, or banned from the
    /// ladder for a rated tournament.
    pub async fn join(&self, id: TournamentId, caller: &Caller) -> Result<(), Denial> {
        let _guard = self.inner.lock.lock().await;
        let l = self.load_in(id, caller.guild).await?;
        let player = &caller.person;
        let db = &self.inner.db;
        let fail = internal("joining a tournament");
        let me = stored_player(db, l.guild(), player).await.map_err(&fail)?;
        if l.entrants.iter().any(|e| e.player == me) {
            return Err(Denial::new(id::TOURNAMENT_ERROR_ALREADY_JOINED));
        }
        match l.t.state {
            TournamentState::Open => {}
            TournamentState::Running if l.t.setup.format == Format::Arena => {}
            TournamentState::Running => return Err(Denial::new(id::TOURNAMENT_ERROR_STARTED)),
            _ => return Err(Denial::new(id::TOURNAMENT_ERROR_OVER)),
        }
        if l.entrants.len() >= l.t.setup.format.max_players() {
            return Err(Denial::new(id::TOURNAMENT_ERROR_FULL)
                .with("max", l.t.setup.format.max_players() as i64));
        }
        if l.t.setup.rated && db.is_banned(l.t.setup.guild, me).await.map_err(&fail)? {
            return Err(Denial::new(id::TOURNAMENT_ERROR_BANNED));
        }
        match db
            .join_tournament(id, me, self.inner.host.clock().unix_ms())
            .await
            .map_err(&fail)?
        {
            Joined::Joined => {}
            Joined::AlreadyIn => return Err(Denial::new(id::TOURNAMENT_ERROR_ALREADY_JOINED)),
            Joined::Closed => return Err(Denial::new(id::TOURNAMENT_ERROR_STARTED)),
        }
        if l.t.state == TournamentState::Running {
            self.advance(id).await?;
        }
        self.tell(TournamentNews::Changed(id));
        Ok(())
    }

    /// Takes the caller out. Before the start the entry goes; after it
    /// they are paired no more and their running match is resigned (a
    /// forfeit), so every remaining match is lost.
    ///
    /// # Errors
    /// A [`Denial`]: unknown (on the caller's server), not an entrant, or
    /// the tournament is over.
    pub async fn leave(&self, id: TournamentId, caller: &Caller) -> Result<(), Denial> {
        let _guard = self.inner.lock.lock().await;
        let l = self.load_in(id, caller.guild).await?;
        self.withdraw(l, &caller.person).await
    }

    /// A moderator takes `player` out: as [`Tournaments::leave`] done to
    /// them.
    ///
    /// # Errors
    /// A [`Denial`]: the caller is no moderator (`error-moderator-only`),
    /// else as [`Tournaments::leave`].
    pub async fn remove(
        &self,
        id: TournamentId,
        caller: &Caller,
        player: &Seated,
    ) -> Result<(), Denial> {
        if !caller.moderator {
            return Err(Denial::new(id::ERROR_MODERATOR_ONLY));
        }
        let _guard = self.inner.lock.lock().await;
        let l = self.load_in(id, caller.guild).await?;
        self.withdraw(l, player).await?;
        let player = player.clone();
        self.log(caller, ModAction::TournamentRemove { id, player })
            .await;
        Ok(())
    }

    async fn withdraw(&self, l: Loaded, player: &Seated) -> Result<(), Denial> {
        let id = l.t.id;
        let db = &self.inner.db;
        let fail = internal("leaving a tournament");
        let me = stored_player(db, l.guild(), player).await.map_err(&fail)?;
        if !matches!(l.t.state, TournamentState::Open | TournamentState::Running) {
            return Err(Denial::new(id::TOURNAMENT_ERROR_OVER));
        }
        if !db.leave_tournament(id, me).await.map_err(&fail)? {
            return Err(Denial::new(id::TOURNAMENT_ERROR_NOT_ENTRANT));
        }
        if l.t.state == TournamentState::Running {
            // The match under way is resigned: a forfeit, recorded when it
            // ends (docs/rules.md §7).
            for p in l.pairings.iter().filter(|p| p.pending()) {
                if p.pairing.first == me || p.pairing.second == Some(me) {
                    if let Some(m) = p.match_id {
                        if let Err(d) = self
                            .inner
                            .host
                            .act(m, player.id, Request::ResignMatch)
                            .await
                        {
                            tracing::warn!(match_id = %m, denial = ?d.id(), "resigning a withdrawn entrant's match");
                        }
                    }
                }
            }
            self.advance(id).await?;
        }
        self.tell(TournamentNews::Changed(id));
        Ok(())
    }

    /// Starts an open tournament: fixes the seeds (rating in the variant's
    /// pool, best first; unrated players after, by joining time) and pairs
    /// the first round (an arena: everyone).
    ///
    /// # Errors
    /// A [`Denial`]: unknown (on the caller's server), neither its creator
    /// nor a moderator, started or over, too few (or too many) entrants.
    pub async fn start(&self, id: TournamentId, caller: &Caller) -> Result<(), Denial> {
        let _guard = self.inner.lock.lock().await;
        let l = self.load_in(id, caller.guild).await?;
        self.check_manager(&l, caller).await?;
        self.start_loaded(l).await
    }

    async fn start_loaded(&self, l: Loaded) -> Result<(), Denial> {
        let id = l.t.id;
        match l.t.state {
            TournamentState::Open => {}
            TournamentState::Running => return Err(Denial::new(id::TOURNAMENT_ERROR_STARTED)),
            _ => return Err(Denial::new(id::TOURNAMENT_ERROR_OVER)),
        }
        let format = l.t.setup.format;
        if l.entrants.len() < format.min_players() {
            return Err(Denial::new(id::TOURNAMENT_ERROR_TOO_FEW)
                .with("min", format.min_players() as i64)
                .with("count", l.entrants.len() as i64));
        }
        if l.entrants.len() > format.max_players() {
            return Err(
                Denial::new(id::TOURNAMENT_ERROR_FULL).with("max", format.max_players() as i64)
            );
        }
        let db = &self.inner.db;
        let fail = internal("starting a tournament");
        let now = self.inner.host.clock().unix_ms();
        let mut keyed = Vec::new();
        for e in &l.entrants {
            let card = db
                .rating_card(l.t.setup.guild, e.player, now)
                .await
                .map_err(&fail)?;
            let rank = card
                .iter()
                .find(|(v, _)| *v == l.t.setup.variant)
                .map_or(u32::MAX, |(_, entry)| entry.rank);
            keyed.push((rank, e.joined_unix_ms, e.player));
        }
        keyed.sort();
        let seeds: Vec<PlayerId> = keyed.iter().map(|k| k.2).collect();
        if !db.start_tournament(id, &seeds, now).await.map_err(&fail)? {
            return Err(Denial::new(id::TOURNAMENT_ERROR_STARTED));
        }
        self.advance(id).await?;
        self.tell(TournamentNews::Changed(id));
        Ok(())
    }

    async fn check_manager(&self, l: &Loaded, caller: &Caller) -> Result<(), Denial> {
        if caller.moderator {
            return Ok(());
        }
        let me = stored_player(&self.inner.db, l.guild(), &caller.person)
            .await
            .map_err(internal("checking a tournament's creator"))?;
        if me == l.t.setup.creator {
            Ok(())
        } else {
            Err(Denial::new(id::TOURNAMENT_ERROR_NOT_MANAGER))
        }
    }

    /// Cancels a tournament that has not ended (its running matches go on,
    /// outside it).
    ///
    /// # Errors
    /// A [`Denial`]: unknown (on the caller's server), neither its creator
    /// nor a moderator, or over.
    pub async fn cancel(&self, id: TournamentId, caller: &Caller) -> Result<(), Denial> {
        let _guard = self.inner.lock.lock().await;
        let l = self.load_in(id, caller.guild).await?;
        self.check_manager(&l, caller).await?;
        self.cancel_for(id, None).await?;
        self.log(caller, ModAction::TournamentCancel { id }).await;
        Ok(())
    }

    /// Cancels tournament `id` (for `reason`, when the director does it by
    /// itself) and tells the front end. Under the lock.
    ///
    /// # Errors
    /// A [`Denial`]: the tournament is over, or the store failed.
    async fn cancel_for(
        &self,
        id: TournamentId,
        reason: Option<CancelReason>,
    ) -> Result<(), Denial> {
        let ended = self
            .inner
            .db
            .end_tournament(
                id,
                TournamentState::Cancelled,
                self.inner.host.clock().unix_ms(),
            )
            .await
            .map_err(internal("cancelling a tournament"))?;
        if !ended {
            return Err(Denial::new(id::TOURNAMENT_ERROR_OVER));
        }
        // Its matches still played end with it, without a result
        // (docs/tournaments.md, "Cancelling"): a match would otherwise count
        // in a tournament that no longer exists, and stay rated under a
        // rated tournament's terms without a word.
        let running: Vec<MatchId> = match self.load(id).await {
            Ok(l) => l
                .pairings
                .iter()
                .filter(|p| p.pending())
                .filter_map(|p| p.match_id)
                .collect(),
            Err(_) => Vec::new(),
        };
        for m in running {
            match self.inner.host.abort_for_cancelled_tournament(m, id).await {
                Ok(()) | Err(AbortError::MatchOver) => {}
                Err(e) => {
                    tracing::error!(match_id = %m, tournament = id.0, error = %e,
                        "aborting a match of a cancelled tournament failed");
                }
            }
        }
        self.tell(TournamentNews::Over { id, reason });
        Ok(())
    }

    /// A moderator voids the result of a pairing: it scores nothing, and
    /// the two are not paired again. A pairing whose match is still played
    /// is refused: its result is waited for, or the match is aborted first
    /// (`/ladder abort`), which voids the pairing as it ends.
    ///
    /// # Errors
    /// A [`Denial`]: the caller is no moderator (`error-moderator-only`),
    /// the tournament is unknown (on the caller's server), no such pairing
    /// (or a bye), or its match still runs.
    pub async fn void(
        &self,
        id: TournamentId,
        caller: &Caller,
        round: u32,
        board: u32,
    ) -> Result<(), Denial> {
        if !caller.moderator {
            return Err(Denial::new(id::ERROR_MODERATOR_ONLY));
        }
        let _guard = self.inner.lock.lock().await;
        let l = self.load_in(id, caller.guild).await?;
        let running = l
            .pairings
            .iter()
            .find(|p| p.round == round && p.pairing.board == board && p.pending())
            .and_then(|p| p.match_id);
        if let Some(m) = running {
            return Err(Denial::new(id::TOURNAMENT_ERROR_VOID_RUNNING)
                .with("round", i64::from(round))
                .with("board", i64::from(board))
                .with("match", m.0));
        }
        let voided = self
            .inner
            .db
            .void_pairing(id, round, board, self.inner.host.clock().unix_ms())
            .await
            .map_err(internal("voiding a tournament result"))?;
        if !voided {
            return Err(Denial::new(id::TOURNAMENT_ERROR_NO_PAIRING)
                .with("round", i64::from(round))
                .with("board", i64::from(board)));
        }
        self.advance(id).await?;
        self.tell(TournamentNews::Changed(id));
        self.log(caller, ModAction::TournamentVoid { id, round, board })
            .await;
        Ok(())
    }

    /// The front end could not open the match of a pairing (the thread
    /// or the match failed): nobody is to blame, the pairing is voided —
    /// unless it has a match after all (a second opening of a pairing,
    /// which the store refused: the first one's match plays on).
    pub async fn not_opened(&self, id: TournamentId, round: u32, board: u32) {
        let _guard = self.inner.lock.lock().await;
        let Ok(l) = self.load(id).await else {
            return;
        };
        let unopened = l.pairings.iter().any(|p| {
            p.round == round && p.pairing.board == board && p.pending() && p.match_id.is_none()
        });
        if !unopened {
            return;
        }
        if let Err(e) = self
            .inner
            .db
            .void_pairing(id, round, board, self.inner.host.clock().unix_ms())
            .await
        {
            tracing::error!(error = %e, "voiding an unopened tournament match failed");
        }
        let _ = self.advance(id).await;
        self.tell(TournamentNews::Changed(id));
    }

    /// A match ended: when it is a tournament's, its outcome is recorded
    /// (once) and the tournament goes on.
    pub async fn match_over(&self, m: MatchId, result: &MatchResult) {
        // The end is reported as the match is stored: now is its end, read
        // before waiting for the lock.
        let ended_unix_ms = self.inner.host.clock().unix_ms();
        let _guard = self.inner.lock.lock().await;
        self.record(m, Some((result, ended_unix_ms))).await;
    }

    /// Records the outcome of match `m` (its result and end, ms since 1970,
    /// or loaded from the store when `None`) and advances its tournament.
    /// An arena's match that ended after the window closed does not count
    /// (docs/rules.md §7): the arena finishes as the clock would have.
    /// Under the lock.
    async fn record(&self, m: MatchId, result: Option<(&MatchResult, i64)>) {
        let db = &self.inner.db;
        let Ok(Some((id, round, board))) = db.pairing_of_match(m).await else {
            return;
        };
        let Ok(t) = db.tournament(id).await else {
            return;
        };
        if t.state != TournamentState::Running {
            return;
        }
        let loaded;
        let (result, ended_unix_ms) = match result {
            Some((r, ended)) => (*r, ended),
            None => {
                loaded = match db.load_match(m).await {
                    Ok(l) => l,
                    Err(e) => {
                        tracing::error!(error = %e, match_id = %m, "loading a tournament match");
                        return;
                    }
                };
                match loaded.game.result() {
                    // Its last entry is its end (match time from its epoch).
                    Some(r) => (*r, loaded.epoch_unix_ms + loaded.last_at.0 as i64),
                    None => return,
                }
            }
        };
        if t.setup.format == Format::Arena {
            // The clock ticks every few seconds: a match may end after the
            // window closed and before the tick that finishes the arena.
            if ended_unix_ms >= arena_closes(&t) {
                self.finish(id).await;
                return;
            }
        }
        let now = self.inner.host.clock().unix_ms();
        let stored = match outcome_of(&result) {
            Some(o) => db.record_pairing_outcome(id, round, board, o, now).await,
            None => db.void_pairing(id, round, board, now).await,
        };
        match stored {
            Ok(true) => {
                if let Err(d) = self.advance(id).await {
                    tracing::error!(denial = ?d.id(), "advancing a tournament");
                }
                self.tell(TournamentNews::Changed(id));
            }
            Ok(false) => {}
            Err(e) => tracing::error!(error = %e, "recording a tournament result failed"),
        }
    }

    /// Pairs what is due: the next round of a Swiss or round robin when
    /// the round under way is complete (or the end, after the last); the
    /// free entrants of an arena. Under the lock.
    async fn advance(&self, id: TournamentId) -> Result<(), Denial> {
        let l = self.load(id).await?;
        if l.t.state != TournamentState::Running {
            return Ok(());
        }
        match l.t.setup.format {
            Format::Arena => self.pair_arena(&l).await,
            Format::Swiss | Format::RoundRobin => {
                if l.pairings.iter().any(|p| p.pending()) {
                    return Ok(());
                }
                let round = l.current_round();
                let active = l.active();
                if round >= l.rounds() || active.iter().filter(|a| **a).count() < 2 {
                    self.finish(id).await;
                    return Ok(());
                }
                let n = l.entrants.len();
                let pairs = match l.t.setup.format {
                    Format::Swiss => swiss::pair_round(n, &l.history(), &active),
                    _ => round_robin::schedule(n)
                        .get(round as usize)
                        .cloned()
                        .unwrap_or_default(),
                };
                self.store_round(&l, round + 1, &pairs).await
            }
        }
    }

    /// Stores round `round`'s pairings and asks the front end to open them;
    /// a pairing with a withdrawn entrant (round robin) is a forfeit at
    /// once.
    async fn store_round(&self, l: &Loaded, round: u32, pairs: &[Pairing]) -> Result<(), Denial> {
        // A withdrawn entrant gets no bye.
        let pairs: Vec<Pairing> = pairs
            .iter()
            .copied()
            .filter(|p| p.second.is_some() || l.entrants[p.first].active)
            .collect();
        let pairs = &pairs[..];
        let db = &self.inner.db;
        let fail = internal("pairing a tournament round");
        let now = self.inner.host.clock().unix_ms();
        let player = |e: Entrant| l.entrants[e].player;
        let new: Vec<NewPairing> = pairs
            .iter()
            .enumerate()
            .map(|(i, p)| NewPairing {
                board: i as u32 + 1,
                first: player(p.first),
                second: p.second.map(player),
            })
            .collect();
        // Tried again with the same time after a lost answer, the store
        // knows the round as this call's own (docs/store.md, "A lost
        // answer"), and the boards are opened.
        let (paired, _) = super::task::repeat_while_unknown("pairing a tournament round", || {
            db.add_pairings(l.t.id, round, &new, now)
        })
        .await;
        if !paired.map_err(&fail)? {
            return Ok(()); // paired already
        }
        // The standings after the round before (docs/tournaments.md):
        // `l` is the tournament as it was when that round was complete.
        let after = if round > 1 {
            Some(Box::new(self.card_of(l).await))
        } else {
            None
        };
        let mut boards = Vec::new();
        for (p, n) in pairs.iter().zip(&new) {
            let first_active = l.entrants[p.first].active;
            let second_active = p.second.map(|s| l.entrants[s].active);
            match second_active {
                Some(second_active) if !(first_active && second_active) => {
                    let outcome = match (first_active, second_active) {
                        (true, false) => Some(Outcome::FirstWon),
                        (false, true) => Some(Outcome::SecondWon),
                        _ => None,
                    };
                    let done = match outcome {
                        Some(o) => {
                            db.record_pairing_outcome(l.t.id, round, n.board, o, now)
                                .await
                        }
                        None => db.void_pairing(l.t.id, round, n.board, now).await,
                    };
                    done.map_err(&fail)?;
                    continue;
                }
                _ => {}
            }
            boards.push(self.board(l.guild(), round, n).await);
        }
        self.announce(l, boards, after).await;
        // A round of forfeits only: go on at once.
        if !db
            .tournament_pairings(l.t.id)
            .await
            .map_err(&fail)?
            .iter()
            .any(|p| p.pending())
        {
            Box::pin(self.advance(l.t.id)).await?;
        }
        Ok(())
    }

    /// Sends the round news of `boards` (with `after`, the standings after
    /// the round before); nothing when there is nothing to show.
    async fn announce(&self, l: &Loaded, boards: Vec<Board>, after: Option<Box<Card>>) {
        if boards.is_empty() && after.is_none() {
            return;
        }
        let settings = match self.inner.db.guild_settings(l.t.setup.guild).await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(error = %e, "reading a server's settings");
                return;
            }
        };
        let control = TimeControl::from_stored_ms(l.t.setup.base_ms, l.t.setup.increment_ms)
            .unwrap_or(TimeControl::DEFAULT);
        let clock = ClockSettings {
            control,
            abort_ms: settings.clock.abort_ms,
            grace_ms: settings.clock.grace_ms,
        };
        self.tell(TournamentNews::Round {
            id: l.t.id,
            guild: l.guild(),
            channel: l.t.setup.channel,
            boards,
            variant: l.t.setup.variant,
            clock,
            locale: l.t.setup.locale.clone(),
            rated: l.t.setup.rated,
            after,
        });
    }

    /// Pairs the free entrants of a running arena (inside its window):
    /// best score first, each with the waiting entrant of the closest score
    /// (not its last opponent when someone else waits).
    async fn pair_arena(&self, l: &Loaded) -> Result<(), Denial> {
        if self.inner.host.clock().unix_ms() >= arena_closes(&l.t) {
            self.finish(l.t.id).await;
            return Ok(());
        }
        let n = l.entrants.len();
        let index = l.index();
        let mut busy = vec![false; n];
        let mut last: Vec<Option<(i64, Entrant)>> = vec![None; n];
        let mut starts = vec![0i32; n];
        for p in &l.pairings {
            let (Some(&a), Some(&b)) = (
                index.get(&p.pairing.first),
                p.pairing.second.and_then(|s| index.get(&s)),
            ) else {
                continue;
            };
            starts[a] += 1;
            starts[b] -= 1;
            if p.pending() {
                busy[a] = true;
                busy[b] = true;
            }
            let at = p.paired_unix_ms;
            for (x, y) in [(a, b), (b, a)] {
                if last[x].is_none_or(|(t, _)| t <= at) {
                    last[x] = Some((at, y));
                }
            }
        }
        let scores = arena::scores(n, &l.arena_matches());
        let mut waiting: Vec<Entrant> = arena::ranking(&scores)
            .into_iter()
            .filter(|&e| l.entrants[e].active && !busy[e])
            .collect();
        let mut pairs = Vec::new();
        while waiting.len() >= 2 {
            let me = waiting.remove(0);
            let Some(other) = arena::partner(me, &waiting, &scores, last[me].map(|l| l.1)) else {
                break;
            };
            waiting.retain(|&e| e != other);
            let (a, b) = arena::first_of(me, other, &starts);
            starts[a] += 1;
            starts[b] -= 1;
            pairs.push(Pairing::new(a, b));
        }
        if pairs.is_empty() {
            return Ok(());
        }
        // Arena pairings are all round 1, numbered on.
        let next = l
            .pairings
            .iter()
            .map(|p| p.pairing.board)
            .max()
            .unwrap_or(0);
        let db = &self.inner.db;
        let fail = internal("pairing an arena");
        let now = self.inner.host.clock().unix_ms();
        let mut boards = Vec::new();
        for (i, p) in pairs.iter().enumerate() {
            let new = NewPairing {
                board: next + i as u32 + 1,
                first: l.entrants[p.first].player,
                second: p.second.map(|s| l.entrants[s].player),
            };
            let (paired, _) = super::task::repeat_while_unknown("pairing an arena", || {
                db.add_pairings(l.t.id, 1, std::slice::from_ref(&new), now)
            })
            .await;
            if !paired.map_err(&fail)? {
                continue;
            }
            boards.push(self.board(l.guild(), 1, &new).await);
        }
        self.announce(l, boards, None).await;
        Ok(())
    }

    async fn finish(&self, id: TournamentId) {
        match self
            .inner
            .db
            .end_tournament(
                id,
                TournamentState::Finished,
                self.inner.host.clock().unix_ms(),
            )
            .await
        {
            Ok(true) => self.tell(TournamentNews::Over { id, reason: None }),
            Ok(false) => {}
            Err(e) => tracing::error!(error = %e, "finishing a tournament failed"),
        }
    }

    /// The open and running tournaments of `guild`, newest first, at most
    /// `limit`: the suggestions of a tournament option (named by
    /// [`crate::tournament_views::tournament_choice`]). A store failure
    /// suggests nothing (logged).
    pub async fn live_in(&self, guild: GuildId, limit: u32) -> Vec<StoredTournament> {
        match self.inner.db.live_tournaments_of(guild.0, limit).await {
            Ok(live) => live,
            Err(e) => {
                tracing::warn!(error = %e, "listing the live tournaments failed");
                Vec::new()
            }
        }
    }

    /// The tournament's card: entrants and standings.
    ///
    /// # Errors
    /// A [`Denial`]: no such tournament.
    pub async fn card(&self, id: TournamentId) -> Result<Card, Denial> {
        let l = self.load(id).await?;
        Ok(self.card_of(&l).await)
    }

    /// The card of tournament `id` for a caller in `guild`
    /// (`/tournament standings`).
    ///
    /// # Errors
    /// A [`Denial`]: no such tournament on that server.
    pub async fn standings(&self, id: TournamentId, guild: GuildId) -> Result<Card, Denial> {
        let l = self.load_in(id, guild).await?;
        Ok(self.card_of(&l).await)
    }

    /// The card of the tournament as loaded.
    async fn card_of(&self, l: &Loaded) -> Card {
        let mut people = Vec::new();
        for e in &l.entrants {
            people.push(self.seated(l.guild(), e.player).await);
        }
        let n = l.entrants.len();
        let standings: Vec<StandingRow> = if l.t.started_unix_ms.is_none() {
            Vec::new()
        } else if l.t.setup.format == Format::Arena {
            let scores = arena::scores(n, &l.arena_matches());
            arena::ranking(&scores)
                .into_iter()
                .enumerate()
                .map(|(i, e)| StandingRow {
                    rank: i + 1,
                    player: people[e].clone(),
                    halves: scores[e].points * 2,
                    second: scores[e].won,
                    third: scores[e].played,
                    on_streak: scores[e].on_streak(),
                    active: l.entrants[e].active,
                    previous_rank: None,
                })
                .collect()
        } else {
            let history = l.history();
            // The places after the round before the current one.
            let mut previous: Vec<Option<usize>> = vec![None; n];
            if history.len() >= 2 {
                for s in standings(n, &history[..history.len() - 1]) {
                    previous[s.entrant] = Some(s.rank);
                }
            }
            standings(n, &history)
                .into_iter()
                .map(|s: Standing| StandingRow {
                    rank: s.rank,
                    player: people[s.entrant].clone(),
                    halves: s.halves,
                    second: s.buchholz_cut1,
                    third: s.sonneborn_berger,
                    on_streak: false,
                    active: l.entrants[s.entrant].active,
                    previous_rank: previous[s.entrant],
                })
                .collect()
        };
        Card {
            round: l.current_round(),
            rounds: l.rounds(),
            entrants: people
                .into_iter()
                .zip(l.entrants.iter().map(|e| e.active))
                .collect(),
            standings,
            tournament: l.t.clone(),
        }
    }

    /// After a restart: for every open or running tournament, the outcomes
    /// of its matches that ended unseen are recorded, the pairings that
    /// never got a match are announced again, and what is due is paired.
    /// Returns the tournaments resumed.
    ///
    /// # Errors
    /// The store failed.
    pub async fn resume(&self) -> Result<Vec<TournamentId>, StoreError> {
        let _guard = self.inner.lock.lock().await;
        let live = self.inner.db.live_tournaments().await?;
        let mut ids = Vec::new();
        for t in live {
            ids.push(t.id);
            if t.state != TournamentState::Running {
                continue;
            }
            let pairings = self.inner.db.tournament_pairings(t.id).await?;
            for p in pairings.iter().filter(|p| p.pending()) {
                if let Some(m) = p.match_id {
                    self.record(m, None).await;
                }
            }
            let Ok(l) = self.load(t.id).await else {
                continue;
            };
            let mut boards = Vec::new();
            for p in l
                .pairings
                .iter()
                .filter(|p| p.pending() && p.match_id.is_none())
            {
                boards.push(self.board(l.guild(), p.round, &p.pairing).await);
            }
            self.announce(&l, boards, None).await;
            if let Err(d) = self.advance(t.id).await {
                tracing::error!(denial = ?d.id(), "resuming a tournament");
            }
        }
        Ok(ids)
    }

    /// The clock (`now_unix_ms`, ms since 1970): starts open tournaments
    /// whose start time has come, or cancels them when fewer than their
    /// format's minimum joined ([`CancelReason::TooFew`]), and ends arenas
    /// whose window closed.
    pub async fn tick(&self, now_unix_ms: i64) {
        let live = match self.inner.db.live_tournaments().await {
            Ok(l) => l,
            Err(e) => {
                tracing::error!(error = %e, "reading the live tournaments");
                return;
            }
        };
        for t in live {
            let _guard = self.inner.lock.lock().await;
            match t.state {
                TournamentState::Open if now_unix_ms >= t.setup.starts_unix_ms => {
                    if let Ok(l) = self.load(t.id).await {
                        let (min, joined) = (t.setup.format.min_players(), l.entrants.len());
                        let done = if joined >= min {
                            self.start_loaded(l).await
                        } else {
                            // Nobody is there to start it by hand at the
                            // time announced: cancelled, with the reason.
                            let reason = CancelReason::TooFew { min, joined };
                            self.cancel_for(t.id, Some(reason)).await
                        };
                        if let Err(d) = done {
                            tracing::warn!(tournament = %t.id, denial = ?d.id(), "starting a tournament at its time");
                        }
                    }
                }
                // Not at the close itself: a match that ended inside the
                // window may still be on its way to `record` (the ends come
                // in order, so one that ended after the close finishes the
                // arena there at once).
                TournamentState::Running
                    if t.setup.format == Format::Arena
                        && now_unix_ms >= arena_closes(&t) + ARENA_CLOSE_GRACE_MS =>
                {
                    self.finish(t.id).await;
                }
                _ => {}
            }
        }
    }

    /// Follows the host's match ends and the clock (every `every`) until
    /// the host closes; resumes the live tournaments first (after the
    /// subscription, so that no end falls between).
    pub fn spawn(&self, every: Duration) -> tokio::task::JoinHandle<()> {
        let me = self.clone();
        let mut ends = self.inner.host.match_ends();
        tokio::spawn(async move {
            if let Err(e) = me.resume().await {
                tracing::error!(error = %e, "resuming tournaments failed");
            }
            let mut clock = tokio::time::interval(every);
            loop {
                tokio::select! {
                    end = ends.recv() => match end {
                        Ok((m, result)) => me.match_over(m, &result).await,
                        Err(broadcast::error::RecvError::Lagged(_)) => {
                            let _ = me.resume().await;
                        }
                        Err(broadcast::error::RecvError::Closed) => break,
                    },
                    _ = clock.tick() => me.tick(me.inner.host.clock().unix_ms()).await,
                }
            }
        })
    }
}

/// One pairing as it is shown publicly (the web's tournament page): its
/// round and board, its players by the names the server shows, its match
/// once opened and its outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct PairingRow {
    /// 1-based round (an arena: 1).
    pub round: u32,
    /// The board within the round.
    pub board: u32,
    /// Seat p1 (starts game 1).
    pub first: Seated,
    /// Seat p2, or `None` for a bye.
    pub second: Option<Seated>,
    /// The match played for it, once opened.
    pub match_id: Option<MatchId>,
    /// The outcome; `None` while played, for a bye, or when voided.
    pub outcome: Option<Outcome>,
    /// A moderator voided the result (or its match could not be opened).
    pub voided: bool,
}

/// A tournament as its public page shows it: the card (title, state,
/// standings) and every pairing, read at once.
#[derive(Clone, Debug, PartialEq)]
pub struct Overview {
    /// The card, as [`Tournaments::card`].
    pub card: Card,
    /// Every pairing, by round then board.
    pub pairings: Vec<PairingRow>,
}

impl Tournaments {
    /// Tournament `id`'s card and pairings, read from one load.
    ///
    /// # Errors
    /// A [`Denial`]: no such tournament.
    pub async fn overview(&self, id: TournamentId) -> Result<Overview, Denial> {
        let l = self.load(id).await?;
        let card = self.card_of(&l).await;
        let players: HashMap<PlayerId, &Seated> = l
            .entrants
            .iter()
            .zip(&card.entrants)
            .map(|(e, (seated, _))| (e.player, seated))
            .collect();
        // Every paired player is an entrant (entries go only before the
        // start, and pairings come after it).
        let who = |p: PlayerId| -> Seated {
            players.get(&p).map_or_else(
                || Seated {
                    id: UserId(0),
                    name: format!("#{p}"),
                    ai_level: None,
                    source: NameSource::Stored,
                },
                |s| (*s).clone(),
            )
        };
        let mut pairings: Vec<PairingRow> = l
            .pairings
            .iter()
            .map(|p| PairingRow {
                round: p.round,
                board: p.pairing.board,
                first: who(p.pairing.first),
                second: p.pairing.second.map(who),
                match_id: p.match_id,
                outcome: if p.voided { None } else { p.outcome },
                voided: p.voided,
            })
            .collect();
        pairings.sort_by_key(|p| (p.round, p.board));
        Ok(Overview { card, pairings })
    }
}

/// The entrant's result of a finished pairing, for the text of a round.
pub fn result_of(p: &StoredPairing, player: PlayerId) -> Option<EntrantResult> {
    let played = Played::new(
        Pairing {
            first: 0,
            second: p.pairing.second.map(|_| 1),
        },
        p.outcome,
    );
    if p.pairing.first == player {
        played.result_of(0)
    } else if p.pairing.second == Some(player) {
        played.result_of(1)
    } else {
        None
    }
}
