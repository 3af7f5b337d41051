//! Tournaments (schema version 5, docs/store.md "Tournaments"): the
//! tournament, its entrants, and each round's pairings with their matches
//! and outcomes — everything a restarted bot needs to continue one. The
//! pairing and the standings themselves are the core's
//! (`fourbot_core::tournament`); the host decides, the store remembers.

use std::fmt;

use fourbot_core::game::Variant;
use fourbot_core::tournament::{Format, Outcome};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};

use super::{gid, Db, GuildId, MatchId, PlayerId, Shards, StoreError};

/// A tournament's row id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TournamentId(pub i64);

impl fmt::Display for TournamentId {
    /// The number, e.g. `3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentState {
    /// Taking entrants, not started.
    Open,
    /// Started: rounds (or the arena's window) under way.
    Running,
    /// Over; the standings are final.
    Finished,
    /// Cancelled by a moderator or its creator.
    Cancelled,
}

impl TournamentState {
    fn as_str(self) -> &'static str {
        match self {
            TournamentState::Open => "open",
            TournamentState::Running => "running",
            TournamentState::Finished => "finished",
            TournamentState::Cancelled => "cancelled",
        }
    }

    fn parse(s: &str) -> Option<TournamentState> {
        Some(match s {
            "open" => TournamentState::Open,
            "running" => TournamentState::Running,
            "finished" => TournamentState::Finished,
            "cancelled" => TournamentState::Cancelled,
            _ => return None,
        })
    }
}

/// A tournament as created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTournament {
    /// The guild (server).
    pub guild: GuildId,
    /// The channel of the tournament message (a Discord channel id).
    pub channel: u64,
    /// Who created it.
    pub creator: PlayerId,
    /// Swiss, round robin or arena.
    pub format: Format,
    /// The variant of every match.
    pub variant: Variant,
    /// Time control: each side's bank, ms.
    pub base_ms: u64,
    /// Time control: increment per move, ms.
    pub increment_ms: u64,
    /// Swiss: the number of rounds.
    pub rounds: Option<u32>,
    /// Arena: the window, ms.
    pub duration_ms: Option<u64>,
    /// Whether its matches are rated.
    pub rated: bool,
    /// Planned start, ms since 1970.
    pub starts_unix_ms: i64,
    /// Language of its public messages (`None`: the guild's).
    pub locale: Option<String>,
}

/// A stored tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTournament {
    /// Its id.
    pub id: TournamentId,
    /// What it was created with.
    pub setup: NewTournament,
    /// The tournament message, once posted (a Discord message id).
    pub message: Option<u64>,
    /// Open, running, finished or cancelled.
    pub state: TournamentState,
    /// When it started, ms since 1970.
    pub started_unix_ms: Option<i64>,
    /// When it ended (finished or cancelled), ms since 1970.
    pub ended_unix_ms: Option<i64>,
}

/// An entrant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredEntrant {
    /// The player.
    pub player: PlayerId,
    /// When they joined, ms since 1970.
    pub joined_unix_ms: i64,
    /// Place in the seed order fixed at the start (0 = highest ranked).
    pub seed: Option<u32>,
    /// False once they left or were removed after the start.
    pub active: bool,
}

/// A pairing to store: `second` `None` for a bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewPairing {
    /// 1-based number within its round.
    pub board: u32,
    /// Who starts game 1.
    pub first: PlayerId,
    /// The opponent, or `None` for a bye.
    pub second: Option<PlayerId>,
}

/// A stored pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredPairing {
    /// 1-based round (an arena's pairings are all round 1).
    pub round: u32,
    /// The pairing as made.
    pub pairing: NewPairing,
    /// The match played for it, once opened.
    pub match_id: Option<MatchId>,
    /// The outcome; `None` while played, or when voided.
    pub outcome: Option<Outcome>,
    /// A moderator voided the result.
    pub voided: bool,
    /// When it was made, ms since 1970.
    pub paired_unix_ms: i64,
    /// When its outcome was recorded, ms since 1970.
    pub finished_unix_ms: Option<i64>,
}

impl StoredPairing {
    /// Whether the pairing still waits for its outcome (not a bye, not
    /// decided, not voided).
    pub fn pending(&self) -> bool {
        self.pairing.second.is_some() && self.outcome.is_none() && !self.voided
    }
}

/// What [`Db::join_tournament`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// The player is now an entrant.
    Joined,
    /// The player already was one.
    AlreadyIn,
    /// The tournament takes no entrants (it started, ended or is unknown).
    Closed,
}

const TOURNAMENT_COLUMNS: &str =
    "id, guild_id, channel_id, message_id, creator_id, format, variant,
    base_ms, increment_ms, rounds, duration_ms, rated, starts_unix_ms, started_unix_ms,
    ended_unix_ms, state, locale";

fn corrupt(id: i64, reason: impl fmt::Display) -> StoreError {
    StoreError::CorruptTournament {
        id: TournamentId(id),
        reason: reason.to_string(),
    }
}

fn tournament_row(r: &AnyRow) -> Result<StoredTournament, StoreError> {
    let id: i64 = r.get("id");
    let format: Format = r
        .get::<String, _>("format")
        .parse()
        .map_err(|e| corrupt(id, e))?;
    let variant: Variant = r
        .get::<String, _>("variant")
        .parse()
        .map_err(|e| corrupt(id, e))?;
    let state =
        TournamentState::parse(&r.get::<String, _>("state")).ok_or_else(|| corrupt(id, "state"))?;
    Ok(StoredTournament {
        id: TournamentId(id),
        setup: NewTournament {
            guild: r.get::<i64, _>("guild_id") as u64,
            channel: r.get::<i64, _>("channel_id") as u64,
            creator: PlayerId(r.get("creator_id")),
            format,
            variant,
            base_ms: r.get::<i64, _>("base_ms") as u64,
            increment_ms: r.get::<i64, _>("increment_ms") as u64,
            rounds: r.get::<Option<i64>, _>("rounds").map(|n| n as u32),
            duration_ms: r.get::<Option<i64>, _>("duration_ms").map(|n| n as u64),
            rated: r.get::<i64, _>("rated") != 0,
            starts_unix_ms: r.get("starts_unix_ms"),
            locale: r.get("locale"),
        },
        message: r.get::<Option<i64>, _>("message_id").map(|m| m as u64),
        state,
        started_unix_ms: r.get("started_unix_ms"),
        ended_unix_ms: r.get("ended_unix_ms"),
    })
}

fn pairing_row(r: &AnyRow) -> Result<StoredPairing, StoreError> {
    let outcome = match r.get::<Option<String>, _>("outcome") {
        None => None,
        Some(s) => Some(
            Outcome::parse(&s)
                .ok_or_else(|| corrupt(r.get("tournament_id"), format!("outcome {s:?}")))?,
        ),
    };
    Ok(StoredPairing {
        round: r.get::<i64, _>("round") as u32,
        pairing: NewPairing {
            board: r.get::<i64, _>("board") as u32,
            first: PlayerId(r.get("first_id")),
            second: r.get::<Option<i64>, _>("second_id").map(PlayerId),
        },
        match_id: r.get::<Option<i64>, _>("match_id").map(MatchId),
        outcome,
        voided: r.get::<i64, _>("voided") != 0,
        paired_unix_ms: r.get("paired_unix_ms"),
        finished_unix_ms: r.get("finished_unix_ms"),
    })
}

/// Whether round `round` of tournament `id` holds exactly `pairings`
/// (their boards, with these players), each paired at `now_unix_ms` (an
/// arena's round 1 has other boards besides).
async fn round_holds(
    conn: &mut sqlx::AnyConnection,
    id: TournamentId,
    round: u32,
    pairings: &[NewPairing],
    now_unix_ms: i64,
) -> Result<bool, StoreError> {
    let boards: Vec<i64> = pairings.iter().map(|p| i64::from(p.board)).collect();
    let stored: Vec<(i64, i64, Option<i64>, i64)> =
        sqlx::query_as::<_, (i64, i64, Option<i64>, i64)>(
            "SELECT board, first_id, second_id, paired_unix_ms FROM tournament_pairings
         WHERE tournament_id = $1 AND round = $2 ORDER BY board",
        )
        .bind(id.0)
        .bind(i64::from(round))
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .filter(|(board, ..)| boards.contains(board))
        .collect();
    let mut wanted: Vec<(i64, i64, Option<i64>, i64)> = pairings
        .iter()
        .map(|p| {
            (
                i64::from(p.board),
                p.first.0,
                p.second.map(|s| s.0),
                now_unix_ms,
            )
        })
        .collect();
    wanted.sort_unstable();
    Ok(stored == wanted)
}

impl Db {
    /// Stores a new, open tournament.
    ///
    /// # Errors
    /// [`StoreError::Database`], e.g. an unknown creator.
    pub async fn create_tournament(&self, t: &NewTournament) -> Result<TournamentId, StoreError> {
        let mut tx = self.write().await?;
        Db::ensure_guild(&mut *tx, t.guild).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO tournaments (guild_id, channel_id, creator_id, format, variant, base_ms,
                 increment_ms, rounds, duration_ms, rated, starts_unix_ms, locale, state)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'open') RETURNING id",
        )
        .bind(gid(t.guild))
        .bind(t.channel as i64)
        .bind(t.creator.0)
        .bind(t.format.as_str())
        .bind(t.variant.key())
        .bind(t.base_ms as i64)
        .bind(t.increment_ms as i64)
        .bind(t.rounds.map(i64::from))
        .bind(t.duration_ms.map(|d| d as i64))
        .bind(i64::from(t.rated))
        .bind(t.starts_unix_ms)
        .bind(t.locale.clone())
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(TournamentId(id))
    }

    /// The tournament `id`.
    ///
    /// # Errors
    /// [`StoreError::NoSuchTournament`]; [`StoreError::CorruptTournament`]
    /// for an unreadable row; [`StoreError::Database`].
    pub async fn tournament(&self, id: TournamentId) -> Result<StoredTournament, StoreError> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1"
        )))
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NoSuchTournament(id))?;
        tournament_row(&row)
    }

    /// The open and running tournaments of the guilds of this store's
    /// scope ([`Db::scoped`]), oldest first: what a restarted bot
    /// continues.
    ///
    /// # Errors
    /// [`StoreError::CorruptTournament`]; [`StoreError::Database`].
    pub async fn live_tournaments(&self) -> Result<Vec<StoredTournament>, StoreError> {
        let (total, first, last) = Shards::binds(self.scope);
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments
             WHERE state IN ('open', 'running') AND (guild_id >> 22) % $1 BETWEEN $2 AND $3
             ORDER BY id"
        )))
        .bind(total)
        .bind(first)
        .bind(last)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(tournament_row).collect()
    }

    /// The open and running tournaments of `guild`, newest first, at most
    /// `limit`: what a member may join, leave or ask about now.
    ///
    /// # Errors
    /// [`StoreError::CorruptTournament`]; [`StoreError::Database`].
    pub async fn live_tournaments_of(
        &self,
        guild: GuildId,
        limit: u32,
    ) -> Result<Vec<StoredTournament>, StoreError> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments
             WHERE guild_id = $1 AND state IN ('open', 'running')
             ORDER BY id DESC LIMIT $2"
        )))
        .bind(gid(guild))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(tournament_row).collect()
    }

    /// Remembers the tournament message (a Discord message id).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn set_tournament_message(
        &self,
        id: TournamentId,
        message: u64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET message_id = $1 WHERE id = $2")
            .bind(message as i64)
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Enters `player` into an open tournament, or a running arena (then
    /// with the next seed: an arena takes late entrants).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn join_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
        now_unix_ms: i64,
    ) -> Result<Joined, StoreError> {
        let mut tx = self.write().await?;
        let row = sqlx::query(self.engine.pick(super::locking!(
            "SELECT state, format FROM tournaments WHERE id = $1"
        )))
        .bind(id.0)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(Joined::Closed);
        };
        let state: String = row.get("state");
        let format: String = row.get("format");
        let late = state == "running" && format == Format::Arena.as_str();
        if state != "open" && !late {
            return Ok(Joined::Closed);
        }
        let inserted = sqlx::query(
            "INSERT INTO tournament_entrants (tournament_id, player_id, joined_unix_ms, seed)
             VALUES ($1, $2, $3, CASE WHEN $4 = 1 THEN
                 (SELECT COALESCE(MAX(seed), -1) + 1 FROM tournament_entrants WHERE tournament_id = $1)
                 ELSE NULL END)
             ON CONFLICT DO NOTHING",
        )
        .bind(id.0)
        .bind(player.0)
        .bind(now_unix_ms)
        .bind(i64::from(late))
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(if inserted == 1 {
            Joined::Joined
        } else {
            Joined::AlreadyIn
        })
    }

    /// Takes `player` out: before the start the entry is deleted; after it
    /// the entrant becomes inactive (paired no more). Returns whether the
    /// player was an (active) entrant.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn leave_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let state: Option<String> = sqlx::query_scalar(self.engine.pick(super::locking!(
            "SELECT state FROM tournaments WHERE id = $1"
        )))
        .bind(id.0)
        .fetch_optional(&mut *tx)
        .await?;
        let sql = if state.as_deref() == Some("open") {
            "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND player_id = $2"
        } else {
            "UPDATE tournament_entrants SET active = 0
             WHERE tournament_id = $1 AND player_id = $2 AND active = 1"
        };
        let n = sqlx::query(sql)
            .bind(id.0)
            .bind(player.0)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(n == 1)
    }

    /// The entrants: by seed once started, else by joining time.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn tournament_entrants(
        &self,
        id: TournamentId,
    ) -> Result<Vec<StoredEntrant>, StoreError> {
        let rows = sqlx::query(
            "SELECT player_id, joined_unix_ms, seed, active FROM tournament_entrants
             WHERE tournament_id = $1
             ORDER BY CASE WHEN seed IS NULL THEN 1 ELSE 0 END, seed, joined_unix_ms, player_id",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| StoredEntrant {
                player: PlayerId(r.get("player_id")),
                joined_unix_ms: r.get("joined_unix_ms"),
                seed: r.get::<Option<i64>, _>("seed").map(|s| s as u32),
                active: r.get::<i64, _>("active") != 0,
            })
            .collect())
    }

    /// Starts an open tournament: fixes the seed order (`seeds[0]` the
    /// highest ranked; entrants not listed are removed) and marks it
    /// running. Returns false when it was not open (started twice).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn start_tournament(
        &self,
        id: TournamentId,
        seeds: &[PlayerId],
        now_unix_ms: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let n = sqlx::query(
            "UPDATE tournaments SET state = 'running', started_unix_ms = $1
             WHERE id = $2 AND state = 'open'",
        )
        .bind(now_unix_ms)
        .bind(id.0)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if n == 0 {
            return Ok(false);
        }
        for (seed, p) in seeds.iter().enumerate() {
            sqlx::query(
                "UPDATE tournament_entrants SET seed = $1 WHERE tournament_id = $2 AND player_id = $3",
            )
            .bind(seed as i64)
            .bind(id.0)
            .bind(p.0)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("DELETE FROM tournament_entrants WHERE tournament_id = $1 AND seed IS NULL")
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Ends a running or open tournament (`Finished` or `Cancelled`).
    /// Returns false when it had already ended.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn end_tournament(
        &self,
        id: TournamentId,
        state: TournamentState,
        now_unix_ms: i64,
    ) -> Result<bool, StoreError> {
        let n = sqlx::query(
            "UPDATE tournaments SET state = $1, ended_unix_ms = $2
             WHERE id = $3 AND state IN ('open', 'running')",
        )
        .bind(state.as_str())
        .bind(now_unix_ms)
        .bind(id.0)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(n == 1)
    }

    /// Stores the pairings of round `round` in one transaction; byes get
    /// no match. Returns false (and stores nothing) when the round already
    /// has pairings: a round is paired once, even by two racing callers —
    /// except when the round holds exactly `pairings` paired at
    /// `now_unix_ms`: that is this very call tried again after its commit's
    /// answer was lost (docs/store.md, "A lost answer"), and it returns
    /// true, as the first try would have, so the caller opens the boards.
    /// A caller that tries again must pass the same `now_unix_ms`.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn add_pairings(
        &self,
        id: TournamentId,
        round: u32,
        pairings: &[NewPairing],
        now_unix_ms: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        sqlx::query_scalar::<_, String>(self.engine.pick(super::locking!(
            "SELECT state FROM tournaments WHERE id = $1"
        )))
        .bind(id.0)
        .fetch_optional(&mut *tx)
        .await?;
        for p in pairings {
            let n = sqlx::query(
                "INSERT INTO tournament_pairings (tournament_id, round, board, first_id, second_id,
                     paired_unix_ms)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
            )
            .bind(id.0)
            .bind(i64::from(round))
            .bind(i64::from(p.board))
            .bind(p.first.0)
            .bind(p.second.map(|s| s.0))
            .bind(now_unix_ms)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if n == 0 {
                return round_holds(&mut tx, id, round, pairings, now_unix_ms).await;
            }
        }
        self.commit(tx).await?;
        Ok(true)
    }

    /// Links a pairing to the match opened for it.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn set_pairing_match(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        match_id: MatchId,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE tournament_pairings SET match_id = $1
             WHERE tournament_id = $2 AND round = $3 AND board = $4",
        )
        .bind(match_id.0)
        .bind(id.0)
        .bind(i64::from(round))
        .bind(i64::from(board))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records a pairing's outcome once: false when it already had one or
    /// was voided (a second report of the same match end changes nothing).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn record_pairing_outcome(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        outcome: Outcome,
        now_unix_ms: i64,
    ) -> Result<bool, StoreError> {
        let n = sqlx::query(
            "UPDATE tournament_pairings SET outcome = $1, finished_unix_ms = $2
             WHERE tournament_id = $3 AND round = $4 AND board = $5
               AND outcome IS NULL AND voided = 0 AND second_id IS NOT NULL",
        )
        .bind(outcome.as_str())
        .bind(now_unix_ms)
        .bind(id.0)
        .bind(i64::from(round))
        .bind(i64::from(board))
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(n == 1)
    }

    /// Voids a pairing's result (a moderator's decision): it scores nothing
    /// but the two still count as having met. Returns false for an unknown
    /// pairing or a bye.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn void_pairing(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        now_unix_ms: i64,
    ) -> Result<bool, StoreError> {
        let n = sqlx::query(
            "UPDATE tournament_pairings
             SET voided = 1, outcome = NULL, finished_unix_ms = COALESCE(finished_unix_ms, $1)
             WHERE tournament_id = $2 AND round = $3 AND board = $4 AND second_id IS NOT NULL",
        )
        .bind(now_unix_ms)
        .bind(id.0)
        .bind(i64::from(round))
        .bind(i64::from(board))
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(n == 1)
    }

    /// Every pairing, by round then board.
    ///
    /// # Errors
    /// [`StoreError::CorruptTournament`]; [`StoreError::Database`].
    pub async fn tournament_pairings(
        &self,
        id: TournamentId,
    ) -> Result<Vec<StoredPairing>, StoreError> {
        let rows = sqlx::query(
            "SELECT tournament_id, round, board, first_id, second_id, match_id, outcome, voided,
                    paired_unix_ms, finished_unix_ms
             FROM tournament_pairings WHERE tournament_id = $1 ORDER BY round, board",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(pairing_row).collect()
    }

    /// The tournament pairing a match was opened for: `(tournament,
    /// round, board)`, or `None` for a match outside tournaments.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn pairing_of_match(
        &self,
        match_id: MatchId,
    ) -> Result<Option<(TournamentId, u32, u32)>, StoreError> {
        let row = sqlx::query(
            "SELECT tournament_id, round, board FROM tournament_pairings WHERE match_id = $1",
        )
        .bind(match_id.0)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| {
            (
                TournamentId(r.get("tournament_id")),
                r.get::<i64, _>("round") as u32,
                r.get::<i64, _>("board") as u32,
            )
        }))
    }

    /// Whether anyone, not only moderators, may create tournaments in the
    /// guild (`/config`; default no).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn tournaments_by_anyone(&self, guild: GuildId) -> Result<bool, StoreError> {
        let v: Option<i64> =
            sqlx::query_scalar("SELECT tournaments_by_anyone FROM guilds WHERE id = $1")
                .bind(gid(guild))
                .fetch_optional(&self.pool)
                .await?;
        Ok(v == Some(1))
    }

    /// Sets whether anyone may create tournaments in the guild.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn set_tournaments_by_anyone(
        &self,
        guild: GuildId,
        anyone: bool,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        Db::ensure_guild(&mut *tx, guild).await?;
        sqlx::query("UPDATE guilds SET tournaments_by_anyone = $1 WHERE id = $2")
            .bind(i64::from(anyone))
            .bind(gid(guild))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
