//! The store: fourbot's memory in SQL (sqlx), on SQLite (the default, one
//! process) or PostgreSQL (several processes on one database, each hosting
//! some shards: [`Db::claim_shards`], [`Db::hosting`]).
//!
//! One [`Db`] with one async function per query or change, the same on both
//! engines (sqlx's `Any` driver, one SQL text: docs/store.md); rows are
//! turned into domain types here and nowhere else (docs/architecture.md).
//! The schema is in `migrations/sqlite/` and `migrations/postgres/`
//! (embedded in the binary and applied by [`Db::connect`]) and documented
//! in `docs/store.md`.
//!
//! Durability contract for the host:
//! - A match is created with [`Db::create_match`] before its task starts.
//! - After every [`fourbot_core::play::Match::apply`] or
//!   [`fourbot_core::play::Match::advance`], the task drains the match's events and
//!   awaits [`Db::record_events`] **before** publishing them: what players are
//!   told has been committed. When the events hold the match's end, the end,
//!   the result and the rating changes are written in that same transaction,
//!   exactly once ([`Db::finish_match`] is the guard).
//! - After a restart, [`Db::resume_running`] rebuilds every running match by
//!   replaying its journal (moves and other actions, with their timestamps)
//!   and restarts the turn in progress with the bank it had at its start
//!   (docs/rules.md §4); the resume is itself journaled.
//!
//! Time: match times are [`fourbot_core::play::Timestamp`]s (ms since the match's
//! epoch); wall-clock times are `*_unix_ms` (ms since 1970, UTC), always
//! passed in by the caller.

mod batch;
mod challenges;
mod matches;
mod moderation;
mod people;
mod queries;
mod ratings;
mod shards;
// Tests on both engines (`engine_tests!`): for the crate's own unit tests
// and, through the `testing` feature, for the tests of the crates above.
#[cfg(any(test, feature = "testing"))]
pub mod testing;
mod threads;
mod tournaments;

use std::borrow::Cow;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{Any, AnyConnection, AnyPool, AssertSqlSafe, Connection, Executor, SqlSafeStr};

pub use challenges::{ChallengeKind, ChallengeSeat, ChallengeState, NewChallenge, StoredChallenge};
pub use matches::EndKind;
pub use matches::{LoadedMatch, NewMatch, ResumedMatch, StoredClock};
pub use moderation::ModerationRecord;
pub use people::{GuildLimits, GuildSettings, PlayerInfo, PlayerSettings};
pub use queries::{
    GameDetail, HeadToHead, HistoryEntry, MatchDetail, MoveDetail, RatedEntry, RunningEntry,
    SeatDetail,
};
pub use ratings::{
    competition_ranks, LadderEntry, PoolRating, RatingChange, RatingPoint, RatingSystem,
};
pub use shards::{
    lease_ms, owner_gone, process_owner, ShardLease, Shards, ShardsError, DEFAULT_LEASE_MS,
    LEASE_ENV,
};
pub use threads::StoredThread;
pub use tournaments::{
    Joined, NewPairing, NewTournament, StoredEntrant, StoredPairing, StoredTournament,
    TournamentId, TournamentState,
};

use fourbot_core::play::{Refusal, SetupError};
use fourbot_core::rating::RatingError;

/// Seconds from a match's events handed to [`Db::record_events`] to their
/// commit (a histogram; docs/operations.md).
pub const COMMIT_SECONDS: &str = "fourbot_db_commit_seconds";

/// The database used when configuration names none: a SQLite file in the
/// working directory, created if missing.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://fourbot.db";

/// The environment variable that configures the database URL.
pub const DATABASE_URL_ENV: &str = "FOURBOT_DATABASE_URL";

/// The database URL to use: `explicit` (a `--db` option) if given, else the
/// `FOURBOT_DATABASE_URL` environment variable, else
/// [`DEFAULT_DATABASE_URL`].
pub fn database_url(explicit: Option<&str>) -> String {
    explicit
        .map(str::to_string)
        .or_else(|| std::env::var(DATABASE_URL_ENV).ok())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string())
}

/// A Discord guild (server) id; 0 is the guild of imports and the shell.
pub type GuildId = u64;

/// A player's row id in the store (not the Discord user id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub i64);

/// A match's row id in the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MatchId(pub i64);

impl fmt::Display for MatchId {
    /// The number, e.g. `42`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for PlayerId {
    /// The number, e.g. `7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed (connection, SQL, constraint, I/O).
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// The migrations could not be applied.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// No match with this id.
    #[error("no match {0}")]
    NoSuchMatch(MatchId),
    /// No player with this id.
    #[error("no player {0}")]
    NoSuchPlayer(PlayerId),
    /// No tournament with this id.
    #[error("no tournament {0}")]
    NoSuchTournament(TournamentId),
    /// A stored tournament row could not be read (an unknown format,
    /// variant, state or outcome).
    #[error("tournament {id} is inconsistent: {reason}")]
    CorruptTournament {
        /// The tournament.
        id: TournamentId,
        /// What did not fit.
        reason: String,
    },
    /// A match was to be created for a tournament pairing that takes none
    /// ([`NewMatch::pairing`]): the pairing already has its match, is
    /// decided or voided, is a bye, seats other players, or its
    /// tournament is not running. Nothing is written.
    #[error("tournament {tournament}, round {round}, board {board} takes no match")]
    PairingClosed {
        /// The tournament.
        tournament: TournamentId,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// A match needs one player per seat.
    #[error("a {variant} match has {expected} seats, got {found} players")]
    SeatCount {
        /// The variant's key.
        variant: String,
        /// Seats of the variant.
        expected: usize,
        /// Players given.
        found: usize,
    },
    /// A stored match could not be rebuilt: its setup is unreadable, a
    /// journaled action is refused on replay, or the replayed clock differs
    /// from the stored clock state.
    #[error("match {id} is inconsistent: {reason}")]
    Corrupt {
        /// The match.
        id: MatchId,
        /// What did not fit.
        reason: String,
    },
    /// A rating computation refused stored values.
    #[error("rating error: {0}")]
    Rating(#[from] RatingError),
    /// The group commit this request was queued in failed before its
    /// commit (the database's reason); nothing of the batch was written.
    #[error("the batch commit failed: {0}")]
    BatchFailed(String),
    /// The commit of the group commit this request was queued in failed,
    /// or its answer was lost (the reason): whether the request was
    /// committed is unknown. Recording the same events again is safe
    /// ([`Db::record_events`]: [`Recorded::AlreadyRecorded`]).
    #[error("the batch commit's outcome is unknown: {0}")]
    CommitUnknown(String),
    /// The database URL names no engine the store runs on (its scheme,
    /// e.g. `mysql`).
    #[error("`{0}` is not a kind of database the bot can use: the URL must start with sqlite: or postgres://")]
    UnknownEngine(String),
    /// A shard is leased by another live process ([`Db::claim_shards`]).
    #[error("shard {shard}/{total} is owned by {owner} (its lease runs until {expires_unix_ms} ms since 1970, or until that process stops)")]
    ShardOwned {
        /// The shard asked for.
        shard: u32,
        /// The shard count asked for.
        total: u32,
        /// Who holds it (the owner string it claimed with).
        owner: String,
        /// When the owner's lease ends unless renewed, ms since 1970.
        expires_unix_ms: i64,
    },
    /// This process's lease of a shard is gone: another process took it
    /// over after it expired ([`Db::renew_shards`]). Stop hosting it.
    #[error("the lease of shard {shard}/{total} was lost (taken over after it expired)")]
    LeaseLost {
        /// The shard.
        shard: u32,
        /// The shard count.
        total: u32,
    },
    /// The caller that was committing this request's batch was cancelled
    /// before it answered: whether the request was committed is unknown
    /// (load the match to find out).
    #[error("the batch writing this request was cancelled")]
    Interrupted,
}

impl StoreError {
    /// Whether the write that failed may have been committed all the same
    /// (docs/store.md, "A lost answer"): its commit failed or its answer
    /// was lost ([`StoreError::CommitUnknown`], [`StoreError::Interrupted`],
    /// or a connection that broke: any [`StoreError::Database`] other than
    /// an error the database answered). False for an error the database
    /// answered (a lock wait past its timeout, a constraint): nothing was
    /// written. Either way, the writes of [`Db::record_events`],
    /// [`Db::finish_match`], [`Db::add_pairings`] and a pairing's
    /// [`Db::create_match`] are safe to repeat.
    pub fn outcome_unknown(&self) -> bool {
        match self {
            StoreError::CommitUnknown(_) | StoreError::Interrupted => true,
            StoreError::Database(e) => !matches!(e, sqlx::Error::Database(_)),
            _ => false,
        }
    }

    fn corrupt(id: MatchId, reason: impl fmt::Display) -> StoreError {
        StoreError::Corrupt {
            id,
            reason: reason.to_string(),
        }
    }

    fn setup(id: MatchId, e: SetupError) -> StoreError {
        StoreError::corrupt(id, format!("setup: {e}"))
    }

    fn refused(id: MatchId, seq: i64, r: Refusal) -> StoreError {
        StoreError::corrupt(id, format!("journal entry {seq} refused on replay: {r}"))
    }
}

/// How hard a commit waits for the disk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// A committed move survives a crash of the process and a power loss:
    /// SQLite `synchronous=FULL` (the WAL is synced at every commit),
    /// PostgreSQL `synchronous_commit=on` (the commit waits for the WAL
    /// flush). The default.
    #[default]
    Full,
    /// A committed move survives a crash of the bot's process (the case
    /// the crash tests kill for) but the last commits may be lost on a
    /// power loss (SQLite `synchronous=NORMAL`) or a crash of the database
    /// server (PostgreSQL `synchronous_commit=off`); several times faster
    /// on slow disks.
    Normal,
}

/// The database engines the store runs on (docs/store.md): SQLite, the
/// embedded default for one process, and PostgreSQL, for several
/// processes on one database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// SQLite: `sqlite://<file>`, `sqlite::memory:`.
    Sqlite,
    /// PostgreSQL: `postgres://…` or `postgresql://…`.
    Postgres,
}

impl Engine {
    /// The engine a database URL names, from its scheme (the part before
    /// the first `:`).
    ///
    /// # Errors
    /// [`StoreError::UnknownEngine`] for any other scheme, e.g. `mysql`.
    pub fn of_url(url: &str) -> Result<Engine, StoreError> {
        match url.split(':').next().unwrap_or_default() {
            "sqlite" => Ok(Engine::Sqlite),
            "postgres" | "postgresql" => Ok(Engine::Postgres),
            other => Err(StoreError::UnknownEngine(other.chars().take(40).collect())),
        }
    }

    /// The engine behind a connection of the store's pool.
    fn of(conn: &AnyConnection) -> Engine {
        if conn.backend_name() == <sqlx::Postgres as sqlx::Database>::NAME {
            Engine::Postgres
        } else {
            Engine::Sqlite
        }
    }

    /// This engine's text of a statement written for both:
    /// `[sqlite, postgres]` (see [`locking!`]).
    fn pick(self, texts: [&'static str; 2]) -> &'static str {
        match self {
            Engine::Sqlite => texts[0],
            Engine::Postgres => texts[1],
        }
    }
}

/// `[sql, sql FOR UPDATE]` for [`Engine::pick`]: a read inside a write
/// transaction that locks the rows it reads on PostgreSQL, where two
/// processes' transactions run side by side. SQLite has no `FOR UPDATE`
/// and needs none: a write transaction (`BEGIN IMMEDIATE`) holds the
/// database's only write lock from its start.
macro_rules! locking {
    ($sql:literal) => {
        [$sql, concat!($sql, " FOR UPDATE")]
    };
}
pub(crate) use locking;

/// The name a server shows for a player, as one SQL expression: the
/// player's name in that server (`server_names`: their nickname there),
/// else their own name (`players.name`). `$guild` and `$player` are SQL
/// text (a column or a placeholder) for the server's and the player's ids.
/// The one place that chooses which name a server shows (issue 32 §2,
/// docs/store.md "Names per server"): every query that reads a name for a
/// server goes through it. Server 0 (the shell's and imports') has no
/// server names: it shows a player's own name.
macro_rules! shown_name {
    ($guild:literal, $player:literal) => {
        concat!(
            "COALESCE((SELECT shown_sn.name FROM server_names AS shown_sn WHERE shown_sn.guild_id = ",
            $guild,
            " AND shown_sn.player_id = ",
            $player,
            "), (SELECT shown_p.name FROM players AS shown_p WHERE shown_p.id = ",
            $player,
            "))"
        )
    };
}
pub(crate) use shown_name;

/// The URL with its password, if any, replaced by `***`: the form shown in
/// messages and logs (a PostgreSQL URL may carry one in its userinfo or in
/// a `password` / `sslpassword` query parameter, libpq's "Connection
/// URIs"). The userinfo ends at the last `@` before the query, so a
/// password with an unencoded `/` or `@` is hidden whole.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let query_at = rest.find(['?', '#']).unwrap_or(rest.len());
    let (head, query) = rest.split_at(query_at);
    let head = match head.rfind('@') {
        Some(at) if head[..at].contains(':') => {
            let user = head[..at].split(':').next().unwrap_or_default();
            format!("{user}:***@{}", &head[at + 1..])
        }
        _ => head.to_string(),
    };
    format!("{scheme}://{head}{}", redact_query(query))
}

/// `query` (`?a=b&…#frag`, or empty) with the values of the parameters
/// that carry a password replaced by `***`.
fn redact_query(query: &str) -> String {
    let Some(params) = query.strip_prefix('?') else {
        return query.to_string();
    };
    let (params, fragment) = match params.find('#') {
        Some(i) => params.split_at(i),
        None => (params, ""),
    };
    let shown: Vec<String> = params
        .split('&')
        .map(|p| match p.split_once('=') {
            Some((k, _))
                if ["password", "sslpassword"].contains(&k.to_ascii_lowercase().as_str()) =>
            {
                format!("{k}=***")
            }
            _ => p.to_string(),
        })
        .collect();
    format!("?{}{fragment}", shown.join("&"))
}

/// The migrations of one engine, embedded at compile time: `migrations/sqlite/`
/// or `migrations/postgres/`, the same versions with the same meaning.
#[derive(Debug)]
struct Embedded(&'static [(i64, &'static str, &'static str)]);

/// `(version, description, sql)` of each file in `migrations/<engine>/`.
macro_rules! migrations {
    ($dir:literal) => {
        &[
            (
                1,
                "initial",
                include_str!(concat!("../../../migrations/", $dir, "/0001_initial.sql")),
            ),
            (
                2,
                "discord state",
                include_str!(concat!(
                    "../../../migrations/",
                    $dir,
                    "/0002_discord_state.sql"
                )),
            ),
            (
                3,
                "moderator abort",
                include_str!(concat!(
                    "../../../migrations/",
                    $dir,
                    "/0003_moderator_abort.sql"
                )),
            ),
            (
                4,
                "shard leases",
                include_str!(concat!(
                    "../../../migrations/",
                    $dir,
                    "/0004_shard_leases.sql"
                )),
            ),
            (
                5,
                "tournaments",
                include_str!(concat!(
                    "../../../migrations/",
                    $dir,
                    "/0005_tournaments.sql"
                )),
            ),
            (
                6,
                "limits",
                include_str!(concat!("../../../migrations/", $dir, "/0006_limits.sql")),
            ),
            (
                7,
                "server names",
                include_str!(concat!(
                    "../../../migrations/",
                    $dir,
                    "/0007_server_names.sql"
                )),
            ),
            (
                8,
                "unposted threads",
                include_str!(concat!(
                    "../../../migrations/",
                    $dir,
                    "/0008_unposted_threads.sql"
                )),
            ),
            (
                9,
                "moderation log",
                include_str!(concat!(
                    "../../../migrations/",
                    $dir,
                    "/0009_moderation_log.sql"
                )),
            ),
            (
                10,
                "take backs",
                include_str!(concat!(
                    "../../../migrations/",
                    $dir,
                    "/0010_take_backs.sql"
                )),
            ),
            (
                11,
                "web",
                include_str!(concat!("../../../migrations/", $dir, "/0011_web.sql")),
            ),
        ]
    };
}

const SQLITE_MIGRATIONS: &[(i64, &str, &str)] = migrations!("sqlite");
const POSTGRES_MIGRATIONS: &[(i64, &str, &str)] = migrations!("postgres");

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> Pin<
        Box<dyn Future<Output = Result<Vec<Migration>, sqlx::error::BoxDynError>> + Send + 'static>,
    > {
        Box::pin(async move {
            Ok(self
                .0
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        sql.into_sql_str(),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// The environment variable that sets how long a write waits for another
/// writer's lock, in ms, before it fails (SQLite's busy timeout,
/// PostgreSQL's `lock_timeout`); default 10,000. The fault tests set it
/// short.
pub const BUSY_TIMEOUT_ENV: &str = "FOURBOT_BUSY_TIMEOUT_MS";

/// The busy timeout: [`BUSY_TIMEOUT_ENV`] if it holds a number of ms, else
/// 10 s.
fn busy_timeout() -> Duration {
    std::env::var(BUSY_TIMEOUT_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map_or(Duration::from_secs(10), Duration::from_millis)
}

/// How long connecting to a PostgreSQL server may take before the store
/// gives up (an unreachable host may otherwise hang for minutes).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// What [`Db::record_events`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// The events are committed; the match goes on.
    Committed,
    /// The events are committed and held the match's end: the result and
    /// the rating changes were written in the same transaction.
    Finished,
    /// The match had already ended in the store: nothing was written (a
    /// replayed or concurrent end, or the retry of an end whose commit's
    /// answer was lost).
    AlreadyFinished,
    /// The store already held exactly these events and the match as `m`
    /// has it (the retry of a batch whose commit's answer was lost:
    /// docs/store.md, "A lost answer"): nothing was written.
    AlreadyRecorded,
}

/// One request of the group commit (batch.rs) waiting in its queue. The
/// queue's types, [`Recorded`] and [`MatchThread`] are here, beside `Db`,
/// which holds the queue, rather than in batch.rs, matches.rs or
/// threads.rs: those files name this one, not the other way round
/// (`tests/architecture.rs`).
// Nearly every request is a `Record`: boxing its match would be one more
// allocation per move for the rarer, smaller `Threads`.
#[allow(clippy::large_enum_variant)]
enum Pending {
    /// A match's events ([`Db::record_events`]).
    Record {
        id: MatchId,
        m: fourbot_core::play::Match,
        events: Vec<fourbot_core::play::Event>,
        reply: tokio::sync::oneshot::Sender<Result<Recorded, StoreError>>,
    },
    /// Match threads' rows ([`Db::save_match_threads`]): a match's thread,
    /// its end, its thread archived or unarchived. On its own each was a
    /// transaction (and a wait for the disk), racing the moves' batches
    /// for SQLite's one write lock (issue 33 §5).
    Threads {
        rows: Vec<MatchThread>,
        reply: tokio::sync::oneshot::Sender<Result<(), StoreError>>,
    },
}

impl Pending {
    /// Answers the request; `result` is the events' outcome (a threads
    /// request takes only whether it was written).
    fn answer(self, result: Result<Recorded, StoreError>) {
        match self {
            Pending::Record { reply, .. } => {
                let _ = reply.send(result);
            }
            Pending::Threads { reply, .. } => {
                let _ = reply.send(result.map(|_| ()));
            }
        }
    }
}

/// A match's thread as written by the adapter (`match_threads`;
/// threads.rs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchThread {
    /// The match.
    pub match_id: MatchId,
    /// The thread (a Discord channel id).
    pub thread: u64,
    /// The last message posted with live buttons (a Discord message id).
    pub buttons_message: Option<u64>,
    /// The match is over.
    pub finished: bool,
    /// The bot archived the thread.
    pub archived: bool,
}

/// The queue of requests and the writer lock.
#[derive(Default)]
struct Batcher {
    queue: std::sync::Mutex<Vec<Pending>>,
    /// Held while a batch is written; on SQLite the other long writers
    /// (a void's chunks: `Db::write_turn`) take their turn on it too. It
    /// keeps the batches' own connection between batches
    /// ([`Writer`]).
    writer: tokio::sync::Mutex<Writer>,
}

/// The connection the group commit's batches are written on, kept from one
/// batch to the next: a connection handed back to sqlx's pool is tested
/// with a ping in a task spawned for it (`PoolConnection`'s drop), on
/// SQLite one more round trip to the connection's worker thread and a task
/// per batch, about one move in five of those round trips (issue 33 §5).
/// `None` until the first batch, after a batch that failed (its
/// connection goes back to the pool, which tests it), and always in a pool
/// of fewer than four connections (`batch::HELD_FROM`).
pub(crate) type Writer = Option<sqlx::pool::PoolConnection<Any>>;

impl std::fmt::Debug for Batcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Batcher")
    }
}

/// The store: a pool of connections to one database.
#[derive(Clone, Debug)]
pub struct Db {
    pool: AnyPool,
    engine: Engine,
    batch: std::sync::Arc<Batcher>,
    /// The shards this process hosts ([`Db::scoped`]); `None`: every guild.
    scope: Option<Shards>,
    /// The lease owner whose leases guard every write to a match
    /// ([`Db::hosting`]); `None`: no check.
    fence: Option<std::sync::Arc<str>>,
    /// Commits whose answer is to be lost (the `faults` feature, tests
    /// only): [`Db::lose_commit_answers`].
    #[cfg(feature = "faults")]
    lost_answers: std::sync::Arc<std::sync::atomic::AtomicU32>,
    /// One void at a time ([`Db::void_match`]), shared by the clones.
    voids: std::sync::Arc<tokio::sync::Mutex<()>>,
    /// A void's recompute to pause before its switch (the `faults`
    /// feature, tests only): [`Db::pause_next_recompute`].
    #[cfg(feature = "faults")]
    recompute_hook: std::sync::Arc<std::sync::Mutex<Option<RecomputeHook>>>,
}

/// The two ends of [`Db::pause_next_recompute`]: told when the recompute
/// reached its pause, and waited on before it goes on.
#[cfg(feature = "faults")]
type RecomputeHook = (
    tokio::sync::oneshot::Sender<()>,
    tokio::sync::oneshot::Receiver<()>,
);

impl Db {
    /// Opens the database at `url` and applies the migrations. Same as
    /// [`Db::connect_with`] with [`Durability::Full`].
    ///
    /// # Errors
    /// As [`Db::connect_with`].
    pub async fn connect(url: &str) -> Result<Db, StoreError> {
        Db::connect_with(url, Durability::Full).await
    }

    /// Opens the database at `url` with a chosen [`Durability`] and applies
    /// the migrations of its engine:
    ///
    /// - `sqlite://<file>` (created if missing), in WAL mode with foreign
    ///   keys on and the busy timeout ([`BUSY_TIMEOUT_ENV`]). An in-memory
    ///   database (`sqlite::memory:`) uses a single connection, kept open
    ///   for the life of the pool (each SQLite connection would otherwise
    ///   see its own empty database).
    /// - `postgres://user[:password]@host[:port]/database` (the password may
    ///   also come from `PGPASSWORD`): one connection is tried first, for at
    ///   most 10 s, so that an unreachable server is one error at once;
    ///   every connection sets `synchronous_commit` ([`Durability`]) and
    ///   `lock_timeout` (the busy timeout).
    ///
    /// # Errors
    /// [`StoreError::UnknownEngine`] for a URL of another kind,
    /// [`StoreError::Database`] for a bad URL, an unopenable file or an
    /// unreachable server, [`StoreError::Migrate`] when the migrations fail.
    pub async fn connect_with(url: &str, durability: Durability) -> Result<Db, StoreError> {
        sqlx::any::install_default_drivers();
        let engine = Engine::of_url(url)?;
        let pool = open_pool(match engine {
            Engine::Sqlite => sqlite_plan(url, durability)?,
            Engine::Postgres => postgres_plan(url, durability).await?,
        })
        .await?;
        let db = Db {
            pool,
            engine,
            batch: Default::default(),
            scope: None,
            fence: None,
            #[cfg(feature = "faults")]
            lost_answers: Default::default(),
            voids: Default::default(),
            #[cfg(feature = "faults")]
            recompute_hook: Default::default(),
        };
        db.migrate().await?;
        Ok(db)
    }

    /// The engine behind this store.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Applies the migrations not yet applied (the `fourbot migrate`
    /// command; [`Db::connect`] already does it). On PostgreSQL two
    /// processes migrating at once take turns (sqlx's advisory lock).
    ///
    /// # Errors
    /// [`StoreError::Migrate`].
    pub async fn migrate(&self) -> Result<(), StoreError> {
        let migrations = match self.engine {
            Engine::Sqlite => SQLITE_MIGRATIONS,
            Engine::Postgres => POSTGRES_MIGRATIONS,
        };
        let migrator = Migrator::new(Embedded(migrations)).await?;
        migrator.run(&self.pool).await?;
        Ok(())
    }

    /// The versions of the migrations applied to this database, oldest
    /// first.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn applied_migrations(&self) -> Result<Vec<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT version FROM _sqlx_migrations ORDER BY version")
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// The connection pool, for callers that need raw SQL (tests,
    /// benchmarks). sqlx's `Any` driver: the SQL goes to the engine as
    /// written (`$1` placeholders work on both).
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes every connection (waits for running queries).
    pub async fn close(&self) {
        // The batches' connection first: the pool waits for every
        // connection to come back.
        self.batch.writer.lock().await.take();
        self.pool.close().await;
    }

    /// Begins a read-only transaction: its statements see one snapshot of
    /// the database (SQLite: a deferred `BEGIN` under WAL; PostgreSQL:
    /// repeatable read, where each statement of read committed would see
    /// the commits made between them). Dropped without a commit.
    async fn read(&self) -> Result<sqlx::Transaction<'static, Any>, StoreError> {
        Ok(self
            .pool
            .begin_with(
                self.engine
                    .pick(["BEGIN", "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"]),
            )
            .await?)
    }

    /// Begins a write transaction. SQLite: `BEGIN IMMEDIATE`, which takes
    /// the write lock at once, so that two writers queue on the busy
    /// timeout instead of failing when one upgrades a read. PostgreSQL:
    /// `BEGIN` (read committed); where two writers could race, the
    /// statements lock the rows they read ([`locking!`]) or rely on a
    /// guarded `UPDATE` (docs/store.md, "Two processes").
    async fn write(&self) -> Result<sqlx::Transaction<'static, Any>, StoreError> {
        Ok(self.pool.begin_with(self.write_begin()).await?)
    }

    /// [`Db::write`] on a connection the caller holds (the group commit's,
    /// [`Writer`]).
    async fn begin_write<'c>(
        &self,
        conn: &'c mut sqlx::pool::PoolConnection<Any>,
    ) -> Result<sqlx::Transaction<'c, Any>, StoreError> {
        use sqlx::Connection;
        Ok(conn.begin_with(self.write_begin()).await?)
    }

    /// The statement that begins a write transaction ([`Db::write`]).
    fn write_begin(&self) -> &'static str {
        self.engine.pick(["BEGIN IMMEDIATE", "BEGIN"])
    }

    /// [`Db::write`] in its turn with the group commit's batches on SQLite
    /// (the batcher's writer lock, held until the returned guard is
    /// dropped: a long series of write transactions, such as a void's
    /// chunks, queues with the moves in order instead of racing them on
    /// SQLite's busy handler, which sleeps between tries). PostgreSQL: no
    /// guard (its writers run side by side).
    async fn write_turn(
        &self,
    ) -> Result<
        (
            sqlx::Transaction<'static, Any>,
            Option<tokio::sync::MutexGuard<'_, Writer>>,
        ),
        StoreError,
    > {
        let turn = match self.engine {
            Engine::Sqlite => Some(self.batch.writer.lock().await),
            Engine::Postgres => None,
        };
        Ok((self.write().await?, turn))
    }

    /// Commits a write transaction of a write that is safe to repeat
    /// (a match's events, its end, a round's pairings, a pairing's match:
    /// docs/store.md, "A lost answer"). With the `faults` feature (tests
    /// only) an armed [`Db::lose_commit_answers`] turns the answer of a
    /// commit that succeeded into an error, as when the process or the
    /// connection dies between the commit and its answer.
    ///
    /// # Errors
    /// [`StoreError::Database`]: the commit failed, or its answer was lost
    /// (committed or not is then unknown).
    async fn commit(&self, tx: sqlx::Transaction<'_, Any>) -> Result<(), StoreError> {
        tx.commit().await?;
        #[cfg(feature = "faults")]
        if self
            .lost_answers
            .fetch_update(
                std::sync::atomic::Ordering::SeqCst,
                std::sync::atomic::Ordering::SeqCst,
                |n| n.checked_sub(1),
            )
            .is_ok()
        {
            return Err(StoreError::Database(sqlx::Error::Io(std::io::Error::new(
                std::io::ErrorKind::ConnectionReset,
                "the commit's answer was lost (test fault)",
            ))));
        }
        Ok(())
    }

    /// Tests only (the `faults` feature, which release builds never turn
    /// on): the next `n` commits of the writes that are safe to repeat
    /// ([`Db::record_events`], [`Db::finish_match`], [`Db::add_pairings`],
    /// [`Db::create_match`] for a pairing) on this store, and on the stores
    /// derived from it ([`Db::scoped`], [`Db::hosting`]), commit and then
    /// answer [`StoreError::Database`] (an I/O error), as if the process
    /// had been killed after the commit or the connection cut before its
    /// answer.
    #[cfg(feature = "faults")]
    pub fn lose_commit_answers(&self, n: u32) {
        self.lost_answers
            .store(n, std::sync::atomic::Ordering::SeqCst);
    }

    /// Tests only (the `faults` feature): the next void that recomputes a
    /// pool ([`Db::void_match`], on this store or a clone) pauses after its
    /// snapshot was read, computed and its chunks written, just before the
    /// short transaction that switches the pool: the first receiver is told
    /// when it got there, and it goes on when the sender is sent to (or
    /// dropped). Lets a test rate a match of the pool in between.
    #[cfg(feature = "faults")]
    pub fn pause_next_recompute(
        &self,
    ) -> (
        tokio::sync::oneshot::Receiver<()>,
        tokio::sync::oneshot::Sender<()>,
    ) {
        let (reached_tx, reached_rx) = tokio::sync::oneshot::channel();
        let (go_tx, go_rx) = tokio::sync::oneshot::channel();
        *self.recompute_hook.lock().expect("hook") = Some((reached_tx, go_rx));
        (reached_rx, go_tx)
    }

    /// Where a recompute pauses when [`Db::pause_next_recompute`] armed it.
    #[cfg(feature = "faults")]
    async fn recompute_pause(&self) {
        let hook = self.recompute_hook.lock().expect("hook").take();
        if let Some((reached, go)) = hook {
            let _ = reached.send(());
            let _ = go.await;
        }
    }
}

/// How to open a pool: the connection options, the pool's options and the
/// statements every new connection runs first (sqlx's `Any` driver takes
/// only a URL, so SQLite's settings are pragmas).
type PoolPlan = (AnyConnectOptions, AnyPoolOptions, String);

/// The plan for a SQLite file (created if missing) or an in-memory
/// database.
fn sqlite_plan(url: &str, durability: Durability) -> Result<PoolPlan, StoreError> {
    let memory = url.contains(":memory:") || url.contains("mode=memory");
    let url = if memory || url.contains("mode=") {
        url.to_string()
    } else {
        // Created if missing.
        let sep = if url.contains('?') { '&' } else { '?' };
        format!("{url}{sep}mode=rwc")
    };
    // The busy timeout first: the others may wait for a lock. Temporary
    // files in memory (`temp_store`): the statement journals of a long
    // group-commit transaction otherwise spill to files in /var/tmp past
    // 64 KiB (about 13,000 `pwrite`s in 4 s during 1,000 flags when each
    // request had a savepoint; docs/benchmarks.md).
    let mut setup = format!(
        "PRAGMA busy_timeout = {}; PRAGMA foreign_keys = ON; PRAGMA synchronous = {};
         PRAGMA temp_store = memory;",
        busy_timeout().as_millis(),
        match durability {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        }
    );
    let pool = if memory {
        AnyPoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
    } else {
        setup.push_str(" PRAGMA journal_mode = WAL;");
        // No ping before a connection is handed out (sqlx pings by
        // default): a SQLite connection is a file handle that does not go
        // stale, and the ping was a round trip to the connection's worker
        // thread in front of every transaction and read (issue 33 §5).
        AnyPoolOptions::new()
            .max_connections(8)
            .test_before_acquire(false)
    };
    Ok((AnyConnectOptions::from_str(&url)?, pool, setup))
}

/// The plan for a PostgreSQL database, after one connection was tried.
async fn postgres_plan(url: &str, durability: Durability) -> Result<PoolPlan, StoreError> {
    let options = AnyConnectOptions::from_str(url)?;
    let unreachable = || {
        sqlx::Error::Io(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            format!(
                "no answer from the server within {} s",
                CONNECT_TIMEOUT.as_secs()
            ),
        ))
    };
    tokio::time::timeout(CONNECT_TIMEOUT, AnyConnection::connect_with(&options))
        .await
        .map_err(|_| unreachable())??
        .close()
        .await?;
    let setup = format!(
        "SET synchronous_commit = {}; SET lock_timeout = {};",
        match durability {
            Durability::Full => "on",
            Durability::Normal => "off",
        },
        busy_timeout().as_millis()
    );
    let pool = AnyPoolOptions::new()
        .max_connections(8)
        .acquire_timeout(CONNECT_TIMEOUT);
    Ok((options, pool, setup))
}

/// Opens the pool of `plan`.
async fn open_pool((options, pool, setup): PoolPlan) -> Result<AnyPool, StoreError> {
    let setup = std::sync::Arc::new(setup);
    Ok(pool
        .after_connect(move |conn, _| {
            let setup = setup.clone();
            Box::pin(async move {
                // Built by the plans above from numbers and fixed words.
                conn.execute(AssertSqlSafe(setup)).await?;
                Ok(())
            })
        })
        .connect_with(options)
        .await?)
}

/// Converts a guild id to an SQL integer (SQLite INTEGER, PostgreSQL
/// BIGINT; snowflakes are below 2^63).
fn gid(guild: GuildId) -> i64 {
    guild as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_names_its_engine_and_other_kinds_are_refused() {
        assert_eq!(Engine::of_url("sqlite://x.db").unwrap(), Engine::Sqlite);
        assert_eq!(Engine::of_url("sqlite::memory:").unwrap(), Engine::Sqlite);
        assert_eq!(
            Engine::of_url("postgres://u@h/db").unwrap(),
            Engine::Postgres
        );
        assert_eq!(
            Engine::of_url("postgresql://h/db").unwrap(),
            Engine::Postgres
        );
        let e = Engine::of_url("mysql://root:pw@h/db").unwrap_err();
        assert!(matches!(&e, StoreError::UnknownEngine(k) if k == "mysql"));
        assert!(!e.to_string().contains("pw"), "{e}");
        assert!(matches!(
            Engine::of_url("fourbot.db"),
            Err(StoreError::UnknownEngine(_))
        ));
    }

    #[test]
    fn a_password_in_a_url_is_never_shown() {
        assert_eq!(
            redact_url("postgres://bot:s3cret@db.example:5432/fourbot?sslmode=require"),
            "postgres://bot:***@db.example:5432/fourbot?sslmode=require"
        );
        assert_eq!(redact_url("postgres://bot@h/db"), "postgres://bot@h/db");
        assert_eq!(redact_url("sqlite://fourbot.db"), "sqlite://fourbot.db");
        assert_eq!(redact_url("sqlite::memory:"), "sqlite::memory:");
        // An @ in the password: the host is after the last one.
        assert_eq!(redact_url("postgres://u:a@b@h/db"), "postgres://u:***@h/db");
        // Issue 32: an unencoded `/` in the password, and passwords in the
        // query, were shown.
        assert_eq!(
            redact_url("postgres://u:pa/ss@h:5432/db"),
            "postgres://u:***@h:5432/db"
        );
        assert_eq!(
            redact_url("postgres://u@h/db?sslmode=require&password=s3cret&PassWord=x"),
            "postgres://u@h/db?sslmode=require&password=***&PassWord=***"
        );
        assert_eq!(
            redact_url("postgres://h/db?sslpassword=k3y#frag"),
            "postgres://h/db?sslpassword=***#frag"
        );
        assert_eq!(
            redact_url("postgres://u:p%40ss@h/db?application_name=bot"),
            "postgres://u:***@h/db?application_name=bot"
        );
    }
}
