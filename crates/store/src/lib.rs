//! The store: fourbot's memory in SQL (sqlx; SQLite by default).
//!
//! One [`Db`] with one async function per query or change; rows are turned
//! into domain types here and nowhere else (docs/architecture.md). The schema is
//! in `migrations/` (embedded in the binary and applied by [`Db::connect`])
//! and documented in `docs/store.md`.
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
mod people;
mod queries;
mod ratings;
mod threads;

use std::borrow::Cow;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

pub use challenges::{ChallengeKind, ChallengeSeat, ChallengeState, NewChallenge, StoredChallenge};
pub use matches::{LoadedMatch, NewMatch, Recorded, ResumedMatch, StoredClock};
pub use people::{GuildSettings, PlayerInfo, PlayerSettings};
pub use queries::{GameDetail, HistoryEntry, MatchDetail, MoveDetail, RunningEntry, SeatDetail};
pub use ratings::{competition_ranks, LadderEntry, PoolRating, RatingChange, RatingSystem};
pub use threads::{MatchThread, StoredThread};

use fourbot_core::play::{Refusal, SetupError};
use fourbot_core::rating::RatingError;

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
    /// The group commit this request was queued in failed to commit (the
    /// database's reason); nothing of the batch was written.
    #[error("the batch commit failed: {0}")]
    BatchFailed(String),
    /// The caller that was committing this request's batch was cancelled
    /// before it answered: whether the request was committed is unknown
    /// (load the match to find out).
    #[error("the batch writing this request was cancelled")]
    Interrupted,
}

impl StoreError {
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

/// How hard a commit waits for the disk (SQLite `synchronous` in WAL mode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// `FULL`: the WAL is synced at every commit; a committed move survives
    /// a crash of the process and a power loss. The default.
    #[default]
    Full,
    /// `NORMAL`: a committed move survives a crash of the process (the case
    /// the crash test kills for) but the last commits may be lost on a power
    /// loss; several times faster on slow disks.
    Normal,
}

/// The migrations in `migrations/`, embedded at compile time.
#[derive(Debug)]
struct Embedded;

const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "initial",
        include_str!("../../../migrations/0001_initial.sql"),
    ),
    (
        2,
        "discord state",
        include_str!("../../../migrations/0002_discord_state.sql"),
    ),
    (
        3,
        "moderator abort",
        include_str!("../../../migrations/0003_moderator_abort.sql"),
    ),
];

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> Pin<
        Box<dyn Future<Output = Result<Vec<Migration>, sqlx::error::BoxDynError>> + Send + 'static>,
    > {
        Box::pin(async {
            Ok(MIGRATIONS
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// The environment variable that sets the SQLite busy timeout in ms (how
/// long a write waits for another writer's lock before it fails); default
/// 10,000. The fault tests set it short.
pub const BUSY_TIMEOUT_ENV: &str = "FOURBOT_BUSY_TIMEOUT_MS";

/// The busy timeout: [`BUSY_TIMEOUT_ENV`] if it holds a number of ms, else
/// 10 s.
fn busy_timeout() -> Duration {
    std::env::var(BUSY_TIMEOUT_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map_or(Duration::from_secs(10), Duration::from_millis)
}

/// The store: a pool of connections to one database.
#[derive(Clone, Debug)]
pub struct Db {
    pool: SqlitePool,
    batch: std::sync::Arc<batch::Batcher>,
}

impl Db {
    /// Opens the database at `url` (`sqlite://path`, `sqlite::memory:`),
    /// creating the file if missing, in WAL mode with foreign keys on and a
    /// 10 s busy timeout, and applies the migrations. Same as
    /// [`Db::connect_with`] with [`Durability::Full`].
    ///
    /// # Errors
    /// [`StoreError::Database`] for a bad URL or an unopenable file,
    /// [`StoreError::Migrate`] when the migrations fail.
    pub async fn connect(url: &str) -> Result<Db, StoreError> {
        Db::connect_with(url, Durability::Full).await
    }

    /// [`Db::connect`] with a chosen [`Durability`].
    ///
    /// An in-memory database (`sqlite::memory:`) uses a single connection,
    /// kept open for the life of the pool (each SQLite connection would
    /// otherwise see its own empty database).
    ///
    /// # Errors
    /// As [`Db::connect`].
    pub async fn connect_with(url: &str, durability: Durability) -> Result<Db, StoreError> {
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        let mut options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .foreign_keys(true)
            // Temporary files in memory: each request of a group commit
            // runs in its own savepoint, whose statement journal otherwise
            // spills to a file in /var/tmp past 64 KiB (about 13,000
            // `pwrite`s in 4 s during 1,000 flags; docs/benchmarks.md).
            .pragma("temp_store", "memory")
            .busy_timeout(busy_timeout())
            .synchronous(match durability {
                Durability::Full => SqliteSynchronous::Full,
                Durability::Normal => SqliteSynchronous::Normal,
            });
        if !memory {
            options = options.journal_mode(SqliteJournalMode::Wal);
        }
        let pool = if memory {
            SqlitePoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
        } else {
            SqlitePoolOptions::new().max_connections(8)
        }
        .connect_with(options)
        .await?;
        let db = Db {
            pool,
            batch: Default::default(),
        };
        db.migrate().await?;
        Ok(db)
    }

    /// Applies the migrations not yet applied (the `fourbot migrate`
    /// command; [`Db::connect`] already does it).
    ///
    /// # Errors
    /// [`StoreError::Migrate`].
    pub async fn migrate(&self) -> Result<(), StoreError> {
        let migrator = Migrator::new(Embedded).await?;
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
    /// benchmarks).
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// Closes every connection (waits for running queries).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Begins a write transaction that takes the write lock at once
    /// (`BEGIN IMMEDIATE`), so that two writers queue on the busy timeout
    /// instead of failing when one upgrades a read.
    async fn write(&self) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, StoreError> {
        Ok(self.pool.begin_with("BEGIN IMMEDIATE").await?)
    }
}

/// Converts a guild id to SQLite's INTEGER (snowflakes are below 2^63).
fn gid(guild: GuildId) -> i64 {
    guild as i64
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// A fresh in-memory database with the migrations applied.
    pub async fn memory() -> Db {
        Db::connect("sqlite::memory:").await.expect("in-memory db")
    }
}
