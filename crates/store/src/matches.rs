//! Matches: creation, the journal of actions, the clock state, the end (with
//! its ratings, exactly once) and rebuilding running matches after a restart.

use sqlx::{AnyConnection, Row};

use super::{
    gid, Db, Engine, GuildId, MatchId, Pending, PlayerId, Recorded, Shards, StoreError,
    TournamentId,
};
use fourbot_core::game::notation::{parse_layout, parse_moves};
use fourbot_core::game::{Cell, Move, Outcome, Position, Variant};
use fourbot_core::play::{
    AbortCause, Action, ClockSettings, End, Event, EventKind, ForfeitReason, GameEnd, Match,
    MatchResult, MatchSetup, PhaseKind, Running, Seat, TimeControl, Timestamp, Turn,
};

/// The `matches` row [`record_in`] and [`Db::holds_events`] read.
macro_rules! match_row {
    () => {
        "SELECT guild_id, last_seq, phase, clock_running, clock_seat, clock_since_ms,
                CASE WHEN end_kind IS NULL THEN 0 ELSE 1 END AS ended
         FROM matches WHERE id = $1"
    };
}

/// [`match_row!`] with the owner of the lease of the match's guild's shard
/// (`lease_owner`, NULL without a lease row) when `$2` shards are leased:
/// SQLite's read for a [`Db::hosting`] store's [`record_in`]. The shard is
/// [`Shards::shard_of`] in SQL (as `Shards::binds`' scope filter).
const MATCH_ROW_AND_LEASE: &str =
    "SELECT guild_id, last_seq, phase, clock_running, clock_seat, clock_since_ms,
            CASE WHEN end_kind IS NULL THEN 0 ELSE 1 END AS ended,
            (SELECT owner FROM shard_leases
             WHERE shard_total = $2 AND shard_id = (matches.guild_id >> 22) % $2) AS lease_owner
     FROM matches WHERE id = $1";

/// What [`Db::create_match`] needs besides the match itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewMatch {
    /// The guild it is played in (its ladder rates it).
    pub guild: GuildId,
    /// The player in each seat, p1 first (one per seat of the variant).
    pub players: Vec<PlayerId>,
    /// Wall clock of the match's [`Timestamp`] 0, in ms since 1970.
    pub epoch_unix_ms: i64,
    /// Language of the match's public messages (a locale tag such as `de`);
    /// `None`: not known (the shell, imports).
    pub locale: Option<String>,
    /// The AI level (1–5) of each seat, p1 first; `None` (or a missing
    /// entry) is a person.
    pub ai_levels: Vec<Option<u8>>,
    /// The tournament pairing the match is played for, `(tournament,
    /// round, board)` (docs/tournaments.md): the match is linked to it in
    /// the transaction that stores the match, and is rated only when the
    /// tournament is (docs/rules.md §7). `None`: any other match.
    pub pairing: Option<(TournamentId, u32, u32)>,
}

/// The clock state as stored: what runs since when, and each seat's bank as
/// of that moment (docs/rules.md §4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredClock {
    /// What runs: a seat's turn since its start, the break since the end of
    /// the last game (with who is ready), or nothing.
    pub running: Running,
    /// Each seat's bank at the start of what runs, p1 first, in ms.
    pub banks: Vec<u64>,
}

impl StoredClock {
    /// The clock state of `m` in the stored form.
    pub fn of(m: &Match) -> StoredClock {
        let running = m.clock().running();
        let from = match running {
            Running::Turn { since, .. } => since,
            Running::BetweenGames { ended_at, .. } => ended_at.plus(m.clock().settings().grace_ms),
            Running::Stopped => Timestamp::ZERO,
        };
        StoredClock {
            running,
            banks: m.banks(from),
        }
    }
}

/// A match rebuilt from the store ([`Db::load_match`]).
#[derive(Clone, Debug)]
pub struct LoadedMatch {
    /// Its id.
    pub id: MatchId,
    /// Its guild.
    pub guild: GuildId,
    /// The player in each seat, p1 first.
    pub players: Vec<PlayerId>,
    /// Wall clock of the match's [`Timestamp`] 0, in ms since 1970.
    pub epoch_unix_ms: i64,
    /// Language of the match's public messages as stored (a locale tag);
    /// `None` for a match stored without one (before schema version 2).
    pub locale: Option<String>,
    /// The AI level (1–5) of each seat, p1 first; `None`: a person (or an
    /// AI seat stored before schema version 2).
    pub ai_levels: Vec<Option<u8>>,
    /// The match replayed from its journal: the same position, points,
    /// phase and banks as when the last entry was committed.
    pub game: Match,
    /// The stored clock state (equal to the replayed one: checked).
    pub clock: StoredClock,
    /// Journal entries (moves and other actions) replayed.
    pub journal_len: i64,
    /// The time of the last journal entry (match time; game 1's start when
    /// the journal is empty).
    pub last_at: Timestamp,
}

/// A running match resumed after a restart ([`Db::resume_running`]).
#[derive(Debug)]
pub struct ResumedMatch {
    /// The match as loaded, then resumed.
    pub loaded: LoadedMatch,
    /// The match time it was resumed at: give the task an epoch this far in
    /// the past (`Instant::now() - now`).
    pub now: Timestamp,
    /// The events of the resume ([`EventKind::Resumed`]) to publish: the
    /// players are told the turn restarted.
    pub events: Vec<Event>,
}

pub(crate) fn phase_text(p: PhaseKind) -> &'static str {
    match p {
        PhaseKind::Playing => "playing",
        PhaseKind::BetweenGames => "between",
        PhaseKind::Finished => "finished",
    }
}

/// How a finished match ended (the `matches.end_kind` column): played to
/// its end, aborted (a seat never moved, or a moderator), or forfeited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndKind {
    /// Played to its end (resignations included).
    Completed,
    /// Aborted: no result, no rating change.
    Aborted,
    /// A seat forfeited (flag, left).
    Forfeit,
}

impl EndKind {
    /// The column's text.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndKind::Completed => "completed",
            EndKind::Aborted => "aborted",
            EndKind::Forfeit => "forfeit",
        }
    }

    /// The end of the column's `text`, if it is one.
    pub fn parse(text: &str) -> Option<EndKind> {
        [EndKind::Completed, EndKind::Aborted, EndKind::Forfeit]
            .into_iter()
            .find(|k| k.as_str() == text)
    }
}

/// The phase of the `matches.phase` column's `text` (`playing`, `between`,
/// `finished`), if it is one.
pub(crate) fn phase_of(text: &str) -> Option<PhaseKind> {
    [
        PhaseKind::Playing,
        PhaseKind::BetweenGames,
        PhaseKind::Finished,
    ]
    .into_iter()
    .find(|p| phase_text(*p) == text)
}

/// The blocks of an obstacles start position, as `b1 b2 f1 f2`.
fn blocks_text(p: &Position) -> Option<String> {
    if !p.variant().rules().blocks {
        return None;
    }
    let mut cells = Vec::new();
    for column in 0..p.variant().width() {
        for row in 0..p.variant().height() {
            let cell = Cell::new(column, row);
            if p.at(cell) == Some(None) {
                cells.push(cell.to_string());
            }
        }
    }
    Some(cells.join(" "))
}

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a match of these players is rated: the rule of docs/rules.md §6
/// ([`fourbot_core::play::unrated`]) on the stored players, the bot's row
/// being the AI.
async fn is_rated(
    conn: &mut AnyConnection,
    variant: Variant,
    players: &[PlayerId],
) -> Result<bool, StoreError> {
    let mut seats = Vec::with_capacity(players.len());
    for p in players {
        let bot: Option<i64> = sqlx::query_scalar("SELECT is_bot FROM players WHERE id = $1")
            .bind(p.0)
            .fetch_optional(&mut *conn)
            .await?;
        match bot {
            None => return Err(StoreError::NoSuchPlayer(*p)),
            Some(bot) => seats.push((*p, bot == 1)),
        }
    }
    Ok(fourbot_core::play::unrated(variant, seats).is_none())
}

/// Checks, inside the transaction storing a match for tournament pairing
/// `(tournament, round, board)` with `players`, that the pairing takes it
/// (no match yet, not decided or voided, these two players, the tournament
/// running), locking the pairing's row (PostgreSQL; SQLite writes one
/// transaction at a time) so that two openings of one pairing store one
/// match. Returns whether the tournament is rated.
///
/// # Errors
/// [`StoreError::PairingClosed`] when it takes no match,
/// [`StoreError::Database`].
async fn open_pairing(
    conn: &mut AnyConnection,
    engine: Engine,
    (tournament, round, board): (TournamentId, u32, u32),
    players: &[PlayerId],
) -> Result<bool, StoreError> {
    let closed = StoreError::PairingClosed {
        tournament,
        round,
        board,
    };
    let &[first, second] = players else {
        return Err(closed);
    };
    macro_rules! open_pairing {
        () => {
            "SELECT t.rated FROM tournament_pairings p
             JOIN tournaments t ON t.id = p.tournament_id
             WHERE p.tournament_id = $1 AND p.round = $2 AND p.board = $3
               AND p.match_id IS NULL AND p.outcome IS NULL AND p.voided = 0
               AND p.first_id = $4 AND p.second_id = $5 AND t.state = 'running'"
        };
    }
    let sql = engine.pick([
        open_pairing!(),
        concat!(open_pairing!(), " FOR UPDATE OF p"),
    ]);
    let rated: Option<i64> = sqlx::query_scalar(sql)
        .bind(tournament.0)
        .bind(i64::from(round))
        .bind(i64::from(board))
        .bind(first.0)
        .bind(second.0)
        .fetch_optional(&mut *conn)
        .await?;
    rated.map(|r| r != 0).ok_or(closed)
}

/// The match already stored for tournament pairing `(tournament, round,
/// board)` with `new`'s players and epoch, if any: what a retry of
/// [`Db::create_match`] after a lost answer finds (docs/store.md, "A lost
/// answer"). A match another call opened (another epoch) is not it.
async fn pairing_match_of(
    conn: &mut AnyConnection,
    (tournament, round, board): (TournamentId, u32, u32),
    new: &NewMatch,
) -> Result<Option<MatchId>, StoreError> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT m.id FROM tournament_pairings p JOIN matches m ON m.id = p.match_id
         WHERE p.tournament_id = $1 AND p.round = $2 AND p.board = $3 AND m.epoch_unix_ms = $4",
    )
    .bind(tournament.0)
    .bind(i64::from(round))
    .bind(i64::from(board))
    .bind(new.epoch_unix_ms)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(id) = found else {
        return Ok(None);
    };
    let players: Vec<i64> =
        sqlx::query_scalar("SELECT player_id FROM match_seats WHERE match_id = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(&mut *conn)
            .await?;
    let wanted: Vec<i64> = new.players.iter().map(|p| p.0).collect();
    Ok((players == wanted).then_some(MatchId(id)))
}

impl Db {
    /// Stores a new match `m` (as [`Match::new`] made it, events not yet
    /// recorded or not) with its seats, game 1 and clock state, in the
    /// guild's current season. Rated by the rule of docs/rules.md §6
    /// ([`fourbot_core::play::unrated`]) and, for a tournament's pairing
    /// ([`NewMatch::pairing`]), only when the tournament is rated (§7);
    /// such a match is linked to its pairing in the same transaction, so a
    /// pairing gets one match, and a restart never finds a tournament
    /// match its tournament does not know. For a pairing it is safe to
    /// call again with the same `new` after an error that left the commit
    /// unknown: when the pairing's match has `new`'s players and
    /// `epoch_unix_ms`, that match's id is returned and nothing written.
    ///
    /// # Errors
    /// [`StoreError::SeatCount`] when `new.players` does not fill the seats,
    /// [`StoreError::PairingClosed`] when the pairing takes no match (it
    /// has one, is decided, voided or a bye, its players are others, or its
    /// tournament is not running),
    /// [`StoreError::NoSuchPlayer`], [`StoreError::Database`],
    /// [`StoreError::LeaseLost`] (a [`Db::hosting`] store that no longer
    /// holds the guild's shard; nothing is written).
    pub async fn create_match(&self, new: &NewMatch, m: &Match) -> Result<MatchId, StoreError> {
        let variant = m.variant();
        let seating = m.seating();
        if new.players.len() != seating.seats() {
            return Err(StoreError::SeatCount {
                variant: variant.key().to_string(),
                expected: seating.seats(),
                found: new.players.len(),
            });
        }
        let mut tx = self.write().await?;
        self.check_lease(&mut tx, new.guild).await?;
        if let Some(pairing) = new.pairing {
            // This very call tried again after its commit's answer was
            // lost: the pairing's match is the one it stored.
            if let Some(id) = pairing_match_of(&mut tx, pairing, new).await? {
                return Ok(id);
            }
        }
        Db::ensure_guild(&mut *tx, new.guild).await?;
        let mut rated = is_rated(&mut tx, variant, &new.players).await?;
        if let Some(pairing) = new.pairing {
            rated &= open_pairing(&mut tx, self.engine, pairing, &new.players).await?;
        }
        let settings = m.clock().settings();
        let first = &m.games()[0];
        let opening = &first.game().moves()[..first.opening_plies()];
        let clock = StoredClock::of(m);
        let (running, seat, since) = clock_columns(&clock.running);
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO matches (guild_id, season, variant, base_ms, increment_ms, abort_ms,
                 grace_ms, blocks, opening, rated, epoch_unix_ms, phase, clock_running,
                 clock_seat, clock_since_ms, locale)
             VALUES ($1, (SELECT season FROM guilds WHERE id = $2), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
             RETURNING id",
        )
        .bind(gid(new.guild))
        .bind(gid(new.guild))
        .bind(variant.key())
        .bind(settings.control.base_ms() as i64)
        .bind(settings.control.increment_ms() as i64)
        .bind(settings.abort_ms as i64)
        .bind(settings.grace_ms as i64)
        .bind(blocks_text(first.game().start()))
        .bind((!opening.is_empty()).then(|| moves_text(opening)))
        .bind(i64::from(rated))
        .bind(new.epoch_unix_ms)
        .bind(match m.phase() {
            PhaseKind::Finished => "playing",
            p => phase_text(p),
        })
        .bind(running)
        .bind(seat)
        .bind(since)
        .bind(&new.locale)
        .fetch_one(&mut *tx)
        .await?;
        for (i, player) in new.players.iter().enumerate() {
            let s = Seat::new(i).expect("at most 4 seats");
            sqlx::query(
                "INSERT INTO match_seats (match_id, seat, player_id, side, bank_ms, moved, ai_level)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(id)
            .bind(i as i64)
            .bind(player.0)
            .bind(i64::from(seating.side_of(s).0))
            .bind(clock.banks[i] as i64)
            .bind(i64::from(m.clock().has_moved(s)))
            .bind(new.ai_levels.get(i).copied().flatten().map(i64::from))
            .execute(&mut *tx)
            .await?;
        }
        for (i, g) in m.games().iter().enumerate() {
            insert_game(&mut tx, id, i as i64 + 1, g.order().first(), g.started_at()).await?;
        }
        if let Some((tournament, round, board)) = new.pairing {
            sqlx::query(
                "UPDATE tournament_pairings SET match_id = $1
                 WHERE tournament_id = $2 AND round = $3 AND board = $4",
            )
            .bind(id)
            .bind(tournament.0)
            .bind(i64::from(round))
            .bind(i64::from(board))
            .execute(&mut *tx)
            .await?;
            // Only a pairing's match is safe to create again (the retry
            // finds it by its pairing): the fault hook is for those.
            self.commit(tx).await?;
        } else {
            tx.commit().await?;
        }
        Ok(MatchId(id))
    }

    /// Records what happened in match `id`: `events` as drained from `m`
    /// after one or more actions or deadlines, and `m` as it is after them.
    /// Call it, and await it, **before** publishing the events: once it
    /// returns, the moves are durable (one transaction, committed).
    ///
    /// Writes: the journal (each move with its time used and the bank after
    /// it; ready, resign-game, resign-match, removal and resume as actions),
    /// game starts and ends with their points, the phase and the clock state.
    /// If the events hold [`EventKind::MatchOver`], the end, the result and
    /// the rating changes are written in the same transaction
    /// ([`Db::finish_match`]'s guard makes that happen once).
    ///
    /// Returns [`Recorded::AlreadyFinished`] and writes nothing when the
    /// match has already ended in the store.
    ///
    /// On SQLite, which commits one transaction at a time, concurrent
    /// calls are committed together (group commit: one transaction, one
    /// fsync), each answered after the commit. On
    /// PostgreSQL each call is a transaction of its own on a connection of
    /// its own: the server runs them side by side and flushes the commits
    /// that wait together itself.
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], [`StoreError::Database`],
    /// [`StoreError::Rating`] (nothing of this call is written then),
    /// [`StoreError::BatchFailed`] (nothing written),
    /// [`StoreError::CommitUnknown`] and [`StoreError::Interrupted`]
    /// (written or not is unknown: calling it again with the same `m` and
    /// `events` is safe — it writes them, or finds them written and
    /// returns [`Recorded::AlreadyRecorded`] or, for an end,
    /// [`Recorded::AlreadyFinished`]),
    /// [`StoreError::LeaseLost`] (a [`Db::hosting`] store that no longer
    /// holds the match's shard: stop hosting it; nothing is written).
    pub async fn record_events(
        &self,
        id: MatchId,
        m: &Match,
        events: &[Event],
    ) -> Result<Recorded, StoreError> {
        let started = std::time::Instant::now();
        let recorded = match self.engine {
            Engine::Sqlite => {
                let (reply, answer) = tokio::sync::oneshot::channel();
                let request = Pending::Record {
                    id,
                    m: m.clone(),
                    events: events.to_vec(),
                    reply,
                };
                self.batch.submit(self, request, answer).await
            }
            Engine::Postgres => {
                let mut tx = self.write().await?;
                let recorded = record_in(self, &mut tx, id, m, events).await?;
                self.commit(tx).await?;
                Ok(recorded)
            }
        };
        // From the call to the commit: what a move waits for before it is
        // announced (docs/operations.md).
        metrics::histogram!(super::COMMIT_SECONDS).record(started.elapsed().as_secs_f64());
        recorded
    }

    /// Ends match `id` with `result` at match time `at`: phase, result per
    /// side and — for a rated match that was not aborted — the rating changes
    /// of every player, all in one transaction, exactly once. Returns true if
    /// this call ended the match; false (and nothing written) if it had
    /// already ended, however many times and however concurrently it is
    /// called. ([`Db::record_events`] calls it for a `MatchOver` event.)
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], [`StoreError::Database`],
    /// [`StoreError::Rating`] (nothing is written then),
    /// [`StoreError::LeaseLost`] (as [`Db::record_events`]).
    pub async fn finish_match(
        &self,
        id: MatchId,
        result: &MatchResult,
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        if let Some(guild) = guild_of(&mut tx, id).await? {
            self.check_lease(&mut tx, guild).await?;
        }
        let done = finish_in(&mut tx, id, result, at).await?;
        self.commit(tx).await?;
        Ok(done)
    }

    /// Whether the store holds exactly what [`Db::record_events`]`(id, m,
    /// events)` writes (read only): the journal's last rows are the events'
    /// and the phase, clock and seats are `m`'s, or — for events that end
    /// the match — the match has ended. What a match task asks when a
    /// commit's outcome was left unknown and it told the player that
    /// nothing changed (docs/store.md, "A lost answer"): true, the match
    /// goes on from `m`; false, the events never happened.
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], [`StoreError::Database`].
    pub async fn holds_events(
        &self,
        id: MatchId,
        m: &Match,
        events: &[Event],
    ) -> Result<bool, StoreError> {
        let mut conn = self.read().await?;
        let row = sqlx::query(match_row!())
            .bind(id.0)
            .fetch_optional(&mut *conn)
            .await?
            .ok_or(StoreError::NoSuchMatch(id))?;
        if row.get::<i64, _>("ended") != 0 {
            return Ok(m.is_finished());
        }
        let since: i64 = row.get::<Option<i64>, _>("clock_since_ms").unwrap_or(0);
        holds_entries(&mut conn, id, &row, m, &journal_entries(events, since)).await
    }

    /// The ids of the matches not yet finished, oldest first (of the
    /// guilds of this store's scope: [`Db::scoped`]).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn running_match_ids(&self) -> Result<Vec<MatchId>, StoreError> {
        let (total, first, last) = Shards::binds(self.scope);
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM matches
             WHERE phase <> 'finished' AND (guild_id >> 22) % $1 BETWEEN $2 AND $3
             ORDER BY id",
        )
        .bind(total)
        .bind(first)
        .bind(last)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(MatchId).collect())
    }

    /// Rebuilds match `id` from the store: the setup, then every journaled
    /// action replayed through [`Match::apply`] at its time (a resume through
    /// [`Match::resume`]), then a check that the replayed clock equals the
    /// stored clock state. A finished match is rebuilt to its end: a flag
    /// or an abort for a missing first move is not journaled, so the match
    /// is advanced to its stored end time (the deadline), where the clock
    /// applies it again, and checked to end as stored.
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], [`StoreError::Corrupt`] (unreadable
    /// setup, a refused journal entry, a clock that differs),
    /// [`StoreError::Database`].
    pub async fn load_match(&self, id: MatchId) -> Result<LoadedMatch, StoreError> {
        // One snapshot for the match, its seats and its journal.
        let mut conn = self.read().await?;
        let row = sqlx::query(
            "SELECT guild_id, variant, base_ms, increment_ms, abort_ms, grace_ms, blocks, opening,
                    epoch_unix_ms, phase, clock_running, clock_seat, clock_since_ms, locale,
                    end_kind, end_seat, forfeit_reason, finished_ms,
                    (SELECT started_ms FROM games WHERE match_id = matches.id AND number = 1) AS started
             FROM matches WHERE id = $1",
        )
        .bind(id.0)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::NoSuchMatch(id))?;
        let variant: Variant = row
            .get::<String, _>("variant")
            .parse()
            .map_err(|e| StoreError::corrupt(id, e))?;
        // The control the match was created with, as stored (a test
        // clock under FOURBOT_TEST_TIME_SCALE is below docs/rules.md §4's range).
        let control = u64::try_from(row.get::<i64, _>("base_ms"))
            .ok()
            .zip(u64::try_from(row.get::<i64, _>("increment_ms")).ok())
            .and_then(|(base, inc)| TimeControl::from_stored_ms(base, inc))
            .ok_or_else(|| StoreError::corrupt(id, "time control"))?;
        let clock_settings = ClockSettings {
            control,
            abort_ms: row.get::<i64, _>("abort_ms") as u64,
            grace_ms: row.get::<i64, _>("grace_ms") as u64,
        };
        let mut setup = MatchSetup::new(variant, clock_settings);
        if let Some(blocks) = row.get::<Option<String>, _>("blocks") {
            let layout = parse_layout(&blocks, variant).map_err(|e| StoreError::corrupt(id, e))?;
            setup = setup.with_start(Position::with_layout(variant, &layout));
        }
        if let Some(opening) = row.get::<Option<String>, _>("opening") {
            setup = setup.with_opening(
                parse_moves(&opening, variant).map_err(|e| StoreError::corrupt(id, e))?,
            );
        }
        let started = Timestamp(row.get::<Option<i64>, _>("started").unwrap_or(0) as u64);
        let mut m = Match::new(setup, started).map_err(|e| StoreError::setup(id, e))?;
        m.drain_events();

        let seat_rows = sqlx::query(
            "SELECT player_id, bank_ms, ready, ai_level FROM match_seats WHERE match_id = $1
             ORDER BY seat",
        )
        .bind(id.0)
        .fetch_all(&mut *conn)
        .await?;
        let players: Vec<PlayerId> = seat_rows
            .iter()
            .map(|r| PlayerId(r.get("player_id")))
            .collect();
        let ai_levels: Vec<Option<u8>> = seat_rows
            .iter()
            .map(|r| r.get::<Option<i64>, _>("ai_level").map(|l| l as u8))
            .collect();
        let banks: Vec<u64> = seat_rows
            .iter()
            .map(|r| r.get::<i64, _>("bank_ms") as u64)
            .collect();

        let journal = sqlx::query(
            "SELECT seq, at_ms, seat, 'move' AS kind, game, ply, mv FROM moves WHERE match_id = $1
             UNION ALL
             SELECT seq, at_ms, seat, kind, NULL, NULL, NULL FROM match_actions WHERE match_id = $2
             ORDER BY seq",
        )
        .bind(id.0)
        .bind(id.0)
        .fetch_all(&mut *conn)
        .await?;
        let mut last_at = started;
        for (expected, r) in journal.iter().enumerate() {
            let seq: i64 = r.get("seq");
            if seq != expected as i64 + 1 {
                return Err(StoreError::corrupt(id, format!("journal gap before {seq}")));
            }
            let at = Timestamp(r.get::<i64, _>("at_ms") as u64);
            last_at = at;
            let seat = r
                .get::<Option<i64>, _>("seat")
                .map(|s| Seat::new(s as usize).ok_or_else(|| StoreError::corrupt(id, "seat")))
                .transpose()?;
            let kind: String = r.get("kind");
            let action = match kind.as_str() {
                "move" => {
                    let mv = fourbot_core::game::notation::parse_move(
                        &r.get::<String, _>("mv"),
                        variant,
                    )
                    .map_err(|e| StoreError::corrupt(id, e))?;
                    Action::Move {
                        turn: Turn {
                            game: r.get::<i64, _>("game") as u8,
                            ply: u32::try_from(r.get::<i64, _>("ply")).unwrap_or(u32::MAX),
                        },
                        mv,
                    }
                }
                "resign-game" => Action::ResignGame,
                "resign-match" => Action::ResignMatch,
                "ready" => Action::Ready,
                "take-back" => Action::TakeBack,
                "remove" => {
                    let seat =
                        seat.ok_or_else(|| StoreError::corrupt(id, "remove without seat"))?;
                    m.remove(seat, at)
                        .map_err(|e| StoreError::refused(id, seq, e))?;
                    continue;
                }
                "resume" => {
                    m.resume(at);
                    continue;
                }
                "abort" => {
                    m.moderator_abort(at)
                        .map_err(|e| StoreError::refused(id, seq, e))?;
                    continue;
                }
                other => return Err(StoreError::corrupt(id, format!("action {other}"))),
            };
            let seat = seat.ok_or_else(|| StoreError::corrupt(id, "action without seat"))?;
            m.apply(seat, action, at)
                .map_err(|e| StoreError::refused(id, seq, e))?;
        }
        let phase: String = row.get("phase");
        if phase == "finished" && !m.is_finished() {
            replay_clock_end(&mut m, id, &row)?;
        }
        m.drain_events();

        let running = match row.get::<String, _>("clock_running").as_str() {
            "turn" => Running::Turn {
                seat: Seat::new(row.get::<Option<i64>, _>("clock_seat").unwrap_or(0) as usize)
                    .ok_or_else(|| StoreError::corrupt(id, "clock seat"))?,
                since: Timestamp(row.get::<Option<i64>, _>("clock_since_ms").unwrap_or(0) as u64),
            },
            "break" => {
                let mut ready = [false; Seat::MAX];
                for (i, r) in seat_rows.iter().enumerate() {
                    ready[i] = r.get::<i64, _>("ready") != 0;
                }
                Running::BetweenGames {
                    ended_at: Timestamp(
                        row.get::<Option<i64>, _>("clock_since_ms").unwrap_or(0) as u64
                    ),
                    ready,
                }
            }
            _ => Running::Stopped,
        };
        let stored = StoredClock { running, banks };
        if phase != "finished" {
            let replayed = StoredClock::of(&m);
            if replayed != stored {
                return Err(StoreError::corrupt(
                    id,
                    format!("stored clock {stored:?} but the journal gives {replayed:?}"),
                ));
            }
            if phase_text(m.phase()) != phase {
                return Err(StoreError::corrupt(
                    id,
                    format!(
                        "stored phase {phase} but the journal gives {}",
                        phase_text(m.phase())
                    ),
                ));
            }
        }
        Ok(LoadedMatch {
            id,
            guild: row.get::<i64, _>("guild_id") as GuildId,
            players,
            epoch_unix_ms: row.get("epoch_unix_ms"),
            locale: row.get("locale"),
            ai_levels,
            game: m,
            clock: stored,
            journal_len: journal.len() as i64,
            last_at,
        })
    }

    /// Resumes match `id` at match time `now` after a restart (docs/rules.md §4):
    /// loads it ([`Db::load_match`]), restarts the turn in progress with the
    /// bank it had at its start ([`Match::resume`]) and journals the resume.
    /// `now` is raised to the last journaled time if it is earlier.
    ///
    /// # Errors
    /// As [`Db::load_match`] and [`Db::record_events`].
    pub async fn resume(&self, id: MatchId, now: Timestamp) -> Result<ResumedMatch, StoreError> {
        let mut loaded = self.load_match(id).await?;
        let now = now.max(loaded.last_at);
        loaded.game.resume(now);
        let events: Vec<Event> = loaded.game.drain_events().collect();
        self.record_events(id, &loaded.game, &events).await?;
        loaded.clock = StoredClock::of(&loaded.game);
        Ok(ResumedMatch {
            loaded,
            now,
            events,
        })
    }

    /// Resumes every running match (of the guilds of this store's scope:
    /// [`Db::scoped`]) at wall-clock `now_unix_ms` (start-up after a
    /// restart): each match's `now` is `now_unix_ms` minus its epoch.
    /// The host spawns one task per result with its epoch set `now` in the
    /// past, and sleeps until [`Match::deadline`].
    ///
    /// A match the store cannot rebuild ([`StoreError::Corrupt`], e.g. an
    /// unknown variant or a journal entry its rules refuse) is skipped and
    /// logged with its id, so one bad row does not keep every other match
    /// from resuming; its rows stay as they are for an operator to look at.
    ///
    /// # Errors
    /// Any other error of [`Db::resume`] (the database could not be read).
    pub async fn resume_running(&self, now_unix_ms: i64) -> Result<Vec<ResumedMatch>, StoreError> {
        let mut out = Vec::new();
        for id in self.running_match_ids().await? {
            let epoch: i64 = sqlx::query_scalar("SELECT epoch_unix_ms FROM matches WHERE id = $1")
                .bind(id.0)
                .fetch_one(&self.pool)
                .await?;
            let now = Timestamp((now_unix_ms - epoch).max(0) as u64);
            match self.resume(id, now).await {
                Ok(resumed) => out.push(resumed),
                Err(e @ StoreError::Corrupt { .. }) => {
                    tracing::error!(match_id = %id, error = %e, "a running match cannot be rebuilt; not resumed");
                }
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }
}

/// One journal row a batch of events writes (`moves` or
/// `match_actions`), in `seq` order.
#[derive(Clone, Debug)]
struct Entry {
    /// Match time, ms.
    at: i64,
    seat: Option<i64>,
    kind: EntryKind,
}

#[derive(Clone, Debug)]
enum EntryKind {
    Move {
        game: i64,
        ply: i64,
        mv: String,
        /// Derived from the clock before the batch: not compared by
        /// [`holds_entries`] (after the commit that clock is gone).
        time_used_ms: i64,
        bank_ms: i64,
    },
    /// `resign-game`, `resign-match`, `ready`, `remove`, `resume`, `abort`.
    Action(&'static str),
    /// A `take-back` action of ply `ply` of game `game`: journaled as an
    /// action, and that ply's row in `moves` marked `taken_back` (it stays
    /// in the journal, which replays it and then the take-back).
    TakeBack { game: i64, ply: i64 },
}

/// The journal rows that recording `events` writes, in order; `since` is
/// the stored clock's start before them (ms), for the moves' time used.
fn journal_entries(events: &[Event], mut since: i64) -> Vec<Entry> {
    let action = |at, seat: Option<Seat>, kind| Entry {
        at,
        seat: seat.map(|s| s.index() as i64),
        kind: EntryKind::Action(kind),
    };
    let mut out = Vec::new();
    for e in events {
        let at = e.at.as_millis() as i64;
        match e.kind {
            EventKind::GameStarted { .. } => since = at,
            EventKind::Moved {
                turn,
                seat,
                mv,
                bank_ms,
            } => {
                out.push(Entry {
                    at,
                    seat: Some(seat.index() as i64),
                    kind: EntryKind::Move {
                        game: i64::from(turn.game),
                        ply: i64::from(turn.ply),
                        mv: mv.to_string(),
                        time_used_ms: (at - since).max(0),
                        bank_ms: bank_ms as i64,
                    },
                });
                since = at;
            }
            EventKind::GameOver {
                end: GameEnd::Resigned(s),
                ..
            } => out.push(action(at, Some(s), "resign-game")),
            EventKind::GameOver { .. } => {}
            EventKind::Ready { seat, .. } => out.push(action(at, Some(seat), "ready")),
            EventKind::Resumed => {
                out.push(action(at, None, "resume"));
                since = at;
            }
            EventKind::TakenBack { turn, seat, .. } => {
                out.push(Entry {
                    at,
                    seat: Some(seat.index() as i64),
                    kind: EntryKind::TakeBack {
                        game: i64::from(turn.game),
                        ply: i64::from(turn.ply),
                    },
                });
                // The turn that starts again is timed from the take-back.
                since = at;
            }
            EventKind::Flag { .. } | EventKind::Abort { .. } | EventKind::ModeratorAbort => {}
            EventKind::MatchOver { result } => {
                // A forfeit before every seat moved aborts the match, but
                // the action is journaled all the same: replayed, it ends
                // the match the same way.
                let forfeit = match result.end {
                    End::Forfeit { seat, reason }
                    | End::Aborted {
                        cause: AbortCause::Forfeit { seat, reason },
                        ..
                    } => Some((seat, reason)),
                    _ => None,
                };
                match forfeit {
                    Some((seat, ForfeitReason::Resign)) => {
                        out.push(action(at, Some(seat), "resign-match"));
                    }
                    Some((seat, ForfeitReason::Removed)) => {
                        out.push(action(at, Some(seat), "remove"));
                    }
                    Some((_, ForfeitReason::Flag)) | None => {}
                }
                if result.end == End::ModeratorAbort {
                    out.push(action(at, None, "abort"));
                }
            }
        }
    }
    out
}

/// Whether the rows of match `id` (its `matches` row read as `row`:
/// `last_seq`, `phase` and the clock columns) already hold exactly what
/// recording a batch with journal rows `entries` that leads to `m` writes:
/// the last `entries.len()` journal rows are these (the moves' time used
/// aside), and the phase, the clock and every seat's bank, first move and
/// readiness are `m`'s. That is a retry of a batch whose commit's answer
/// was lost (docs/store.md, "A lost answer"). For a new batch the clock
/// differs (a move starts another turn), so its usual cost is no query.
async fn holds_entries(
    conn: &mut AnyConnection,
    id: MatchId,
    row: &sqlx::any::AnyRow,
    m: &Match,
    entries: &[Entry],
) -> Result<bool, StoreError> {
    let clock = StoredClock::of(m);
    let (running, seat, since) = clock_columns(&clock.running);
    let stored = (
        row.get::<String, _>("phase"),
        row.get::<String, _>("clock_running"),
        row.get::<Option<i64>, _>("clock_seat"),
        row.get::<Option<i64>, _>("clock_since_ms"),
    );
    if stored
        != (
            phase_text(m.phase()).to_string(),
            running.to_string(),
            seat,
            since,
        )
    {
        return Ok(false);
    }
    let seats = sqlx::query(
        "SELECT bank_ms, moved, ready FROM match_seats WHERE match_id = $1 ORDER BY seat",
    )
    .bind(id.0)
    .fetch_all(&mut *conn)
    .await?;
    let all = m.seating().all();
    if seats.len() != all.len() {
        return Ok(false);
    }
    for ((r, &s), &bank) in seats.iter().zip(all.iter()).zip(&clock.banks) {
        if (
            r.get::<i64, _>("bank_ms"),
            r.get::<i64, _>("moved"),
            r.get::<i64, _>("ready"),
        ) != (
            bank as i64,
            i64::from(m.clock().has_moved(s)),
            i64::from(m.is_ready(s)),
        ) {
            return Ok(false);
        }
    }
    let after = row.get::<i64, _>("last_seq") - entries.len() as i64;
    if after < 0 {
        return Ok(false);
    }
    if entries.is_empty() {
        return Ok(true);
    }
    let tail = sqlx::query(
        "SELECT seq, at_ms, seat, 'move' AS kind, game, ply, mv, bank_ms FROM moves
         WHERE match_id = $1 AND seq > $2
         UNION ALL
         SELECT seq, at_ms, seat, kind, NULL, NULL, NULL, NULL FROM match_actions
         WHERE match_id = $3 AND seq > $4
         ORDER BY seq",
    )
    .bind(id.0)
    .bind(after)
    .bind(id.0)
    .bind(after)
    .fetch_all(&mut *conn)
    .await?;
    if tail.len() != entries.len() {
        return Ok(false);
    }
    Ok(tail.iter().zip(entries).all(|(r, e)| {
        let same_kind = match &e.kind {
            EntryKind::Move {
                game,
                ply,
                mv,
                bank_ms,
                ..
            } => {
                r.get::<String, _>("kind") == "move"
                    && r.get::<Option<i64>, _>("game") == Some(*game)
                    && r.get::<Option<i64>, _>("ply") == Some(*ply)
                    && r.get::<Option<String>, _>("mv").as_deref() == Some(mv.as_str())
                    && r.get::<Option<i64>, _>("bank_ms") == Some(*bank_ms)
            }
            EntryKind::Action(kind) => r.get::<String, _>("kind") == *kind,
            EntryKind::TakeBack { .. } => r.get::<String, _>("kind") == "take-back",
        };
        same_kind && r.get::<i64, _>("at_ms") == e.at && r.get::<Option<i64>, _>("seat") == e.seat
    }))
}

/// The body of [`Db::record_events`] on an open write transaction (its
/// own, or a group commit's): see there.
pub(super) async fn record_in(
    db: &Db,
    conn: &mut AnyConnection,
    id: MatchId,
    m: &Match,
    events: &[Event],
) -> Result<Recorded, StoreError> {
    // The match's row locked (PostgreSQL) until the commit: its journal
    // numbers are read here and written below. SQLite (one writer at a
    // time, no row locks): the lease's owner is read with it, one round
    // trip to the connection's worker thread fewer per move (issue 33 §5).
    let engine = Engine::of(conn);
    let lease_total = db.fenced_total().filter(|_| engine == Engine::Sqlite);
    let sql = match lease_total {
        Some(_) => MATCH_ROW_AND_LEASE,
        None => engine.pick([match_row!(), concat!(match_row!(), " FOR UPDATE")]),
    };
    let mut read = sqlx::query(sql).bind(id.0);
    if let Some(total) = lease_total {
        read = read.bind(i64::from(total));
    }
    let row = read
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::NoSuchMatch(id))?;
    let guild = row.get::<i64, _>("guild_id") as GuildId;
    match lease_total {
        Some(_) => db.lease_held(
            guild,
            row.get::<Option<String>, _>("lease_owner").as_deref(),
        )?,
        None => db.check_lease(conn, guild).await?,
    }
    if row.get::<i64, _>("ended") != 0 {
        return Ok(Recorded::AlreadyFinished);
    }
    let since: i64 = row.get::<Option<i64>, _>("clock_since_ms").unwrap_or(0);
    let entries = journal_entries(events, since);
    // A retry of a batch whose commit's answer was lost finds it done: the
    // journal's primary keys would refuse it, and the match would be stuck.
    if holds_entries(&mut *conn, id, &row, m, &entries).await? {
        return Ok(Recorded::AlreadyRecorded);
    }
    // Games first: a move's row refers to its game's.
    for e in events {
        if let EventKind::GameStarted { game, order } = e.kind {
            insert_game(&mut *conn, id.0, i64::from(game), order.first(), e.at).await?;
        }
    }
    let mut seq: i64 = row.get("last_seq");
    // SQLite: a move alone (no game starting or ending) is written with the
    // match's and the seats' state in one call, one round trip to the
    // connection's worker thread instead of three (issue 33 §5).
    let alone = events.iter().all(|e| {
        !matches!(
            e.kind,
            EventKind::GameStarted { .. }
                | EventKind::GameOver { .. }
                | EventKind::MatchOver { .. }
        )
    });
    let one_trip = match entries.as_slice() {
        [entry @ Entry {
            kind:
                EntryKind::Move {
                    game,
                    ply,
                    mv,
                    time_used_ms,
                    bank_ms,
                },
            ..
        }] if engine == Engine::Sqlite && alone => {
            Some((entry, (*game, *ply, mv.as_str(), *time_used_ms, *bank_ms)))
        }
        _ => None,
    };
    for entry in entries.iter().filter(|_| one_trip.is_none()) {
        seq += 1;
        match &entry.kind {
            EntryKind::Move {
                game,
                ply,
                mv,
                time_used_ms,
                bank_ms,
            } => {
                let insert = sqlx::query(INSERT_MOVE).bind(id.0);
                bind_move(
                    insert,
                    entry,
                    seq,
                    (*game, *ply, mv, *time_used_ms, *bank_ms),
                )
                .execute(&mut *conn)
                .await?;
            }
            EntryKind::Action(kind) => {
                insert_action(&mut *conn, id, seq, entry.at, entry.seat, kind).await?;
            }
            EntryKind::TakeBack { game, ply } => {
                insert_action(&mut *conn, id, seq, entry.at, entry.seat, "take-back").await?;
                // The ply leaves the game's move list (export, replay,
                // history) and its number is free for the move made again.
                sqlx::query(
                    "UPDATE moves SET taken_back = 1
                     WHERE match_id = $1 AND game = $2 AND ply = $3 AND taken_back = 0",
                )
                .bind(id.0)
                .bind(*game)
                .bind(*ply)
                .execute(&mut *conn)
                .await?;
            }
        }
    }
    let mut finished = None;
    for e in events {
        let at = e.at.as_millis() as i64;
        match e.kind {
            EventKind::GameOver { game, end, score } => {
                let (kind, color, seat) = game_end_columns(end);
                sqlx::query(
                    "UPDATE games SET ended_ms = $1, end_kind = $2, end_color = $3, end_seat = $4,
                         end_detail = $5 WHERE match_id = $6 AND number = $7",
                )
                .bind(at)
                .bind(kind)
                .bind(color)
                .bind(seat)
                .bind(end.to_string())
                .bind(id.0)
                .bind(i64::from(game))
                .execute(&mut *conn)
                .await?;
                for (side, points) in score.iter() {
                    sqlx::query(
                        "INSERT INTO game_points (match_id, game, side, points_halves)
                         VALUES ($1, $2, $3, $4)",
                    )
                    .bind(id.0)
                    .bind(i64::from(game))
                    .bind(i64::from(side.0))
                    .bind(i64::from(points.halves()))
                    .execute(&mut *conn)
                    .await?;
                }
            }
            EventKind::MatchOver { result } => finished = Some((result, e.at)),
            _ => {}
        }
    }
    let clock = StoredClock::of(m);
    let (running, clock_seat, clock_since) = clock_columns(&clock.running);
    let seats = m.seating().all();
    let shape = match (one_trip.is_some(), engine) {
        (true, _) => StateWrite::MoveAndState,
        (false, Engine::Sqlite) => StateWrite::State,
        (false, Engine::Postgres) => StateWrite::Seats,
    };
    let mut write = sqlx::query(state_write(shape, seats.len())).bind(id.0);
    if let Some((entry, fields)) = one_trip {
        seq += 1;
        write = bind_move(write, entry, seq, fields);
    }
    if shape == StateWrite::Seats {
        // PostgreSQL takes one statement per call.
        sqlx::query(
            "UPDATE matches SET last_seq = $1, phase = CASE WHEN $2 = 'finished' THEN phase ELSE $2 END,
                 clock_running = $3, clock_seat = $4, clock_since_ms = $5 WHERE id = $6",
        )
        .bind(seq)
        .bind(phase_text(m.phase()))
        .bind(running)
        .bind(clock_seat)
        .bind(clock_since)
        .bind(id.0)
        .execute(&mut *conn)
        .await?;
    } else {
        write = write
            .bind(seq)
            .bind(phase_text(m.phase()))
            .bind(running)
            .bind(clock_seat)
            .bind(clock_since);
    }
    for (i, &s) in seats.iter().enumerate() {
        write = write
            .bind(clock.banks[i] as i64)
            .bind(i64::from(m.clock().has_moved(s)))
            .bind(i64::from(m.is_ready(s)));
    }
    write.execute(&mut *conn).await?;
    let outcome = match finished {
        Some((result, at)) => {
            if finish_in(&mut *conn, id, &result, at).await? {
                Recorded::Finished
            } else {
                Recorded::AlreadyFinished
            }
        }
        None => Recorded::Committed,
    };
    Ok(outcome)
}

/// A move's journal row: the match, game, ply, journal number, seat, move,
/// time (ms), time used and bank (ms) as `$1`–`$9` ([`bind_move`]).
const INSERT_MOVE: &str =
    "INSERT INTO moves (match_id, game, ply, seq, seat, mv, at_ms, time_used_ms, bank_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

/// Binds `$2`–`$9` of [`INSERT_MOVE`] (`$1`, the match, is bound first):
/// the entry's game, ply, journal number `seq`, seat, move, time, time
/// used and bank.
fn bind_move<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>,
    entry: &Entry,
    seq: i64,
    (game, ply, mv, time_used_ms, bank_ms): (i64, i64, &'q str, i64, i64),
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
    query
        .bind(game)
        .bind(ply)
        .bind(seq)
        .bind(entry.seat)
        .bind(mv)
        .bind(entry.at)
        .bind(time_used_ms)
        .bind(bank_ms)
}

/// What [`state_write`] writes in one call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StateWrite {
    /// Every seat's bank, moved and ready (PostgreSQL: one statement a call).
    Seats,
    /// The match's journal number, phase and clock, then [`StateWrite::Seats`]
    /// (SQLite).
    State,
    /// A move's journal row, then [`StateWrite::State`] (SQLite).
    MoveAndState,
}

/// The SQL of a [`StateWrite`] for a match of `seats` seats (made once
/// per shape and seat count; at most 3 × [`Seat::MAX`] texts). `$1` is the
/// match. [`StateWrite::MoveAndState`]: the move's game, ply, journal
/// number, seat, move, time (ms), time used and bank (ms) as `$2`–`$9`;
/// then, unless [`StateWrite::Seats`], the journal number, phase, clock
/// running, clock seat and clock start (ms); then per seat `i` its bank
/// (ms), moved and ready (0 or 1). Every seat's row is one `UPDATE` (a
/// statement per seat was a round trip to SQLite's worker thread each, at
/// every move: issue 33 §5); on SQLite the statements go in one call.
fn state_write(shape: StateWrite, seats: usize) -> &'static str {
    type Made = Vec<((StateWrite, usize), &'static str)>;
    static MADE: std::sync::Mutex<Made> = std::sync::Mutex::new(Vec::new());
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, sql)) = made.iter().find(|(k, _)| *k == (shape, seats)) {
        return sql;
    }
    let mut sql = String::new();
    let mut next = 2;
    if shape == StateWrite::MoveAndState {
        sql.push_str(INSERT_MOVE);
        sql.push_str("; ");
        next = 10;
    }
    if shape != StateWrite::Seats {
        let p = next;
        sql.push_str(&format!(
            "UPDATE matches SET last_seq = ${p}, phase = CASE WHEN ${} = 'finished' THEN phase ELSE ${} END,
                 clock_running = ${}, clock_seat = ${}, clock_since_ms = ${} WHERE id = $1; ",
            p + 1,
            p + 1,
            p + 2,
            p + 3,
            p + 4
        ));
        next += 5;
    }
    let case = |column: &str, offset: usize| {
        let arms: String = (0..seats)
            .map(|i| format!(" WHEN {i} THEN ${}", next + 3 * i + offset))
            .collect();
        format!("{column} = CASE seat{arms} END")
    };
    sql.push_str(&format!(
        "UPDATE match_seats SET {}, {}, {} WHERE match_id = $1 AND seat < {seats}",
        case("bank_ms", 0),
        case("moved", 1),
        case("ready", 2)
    ));
    let sql: &'static str = Box::leak(sql.into_boxed_str());
    made.push(((shape, seats), sql));
    sql
}

/// The end of a finished match that its journal does not hold: a flag or
/// an abort for a missing first move is applied by the clock and not
/// journaled, but the stored end is (`finished_ms`, the deadline it was
/// applied at, and its kind). Advances the replayed match `m` to that time
/// ([`Match::advance`]), which applies the same deadline, and checks that
/// the match ends as stored. A flag stored as a forfeit although a seat had
/// not moved (stored before such a flag aborted the match) is accepted: its
/// stored result and ratings stand, while the replayed match reads as the
/// rule reads now.
///
/// # Errors
/// [`StoreError::Corrupt`] when there is no end time, or the clock does not
/// end the match as stored.
fn replay_clock_end(m: &mut Match, id: MatchId, row: &sqlx::any::AnyRow) -> Result<(), StoreError> {
    let at = row
        .get::<Option<i64>, _>("finished_ms")
        .and_then(|t| u64::try_from(t).ok())
        .ok_or_else(|| StoreError::corrupt(id, "a finished match without its end time"))?;
    m.advance(Timestamp(at));
    let stored = (
        row.get::<Option<String>, _>("end_kind"),
        row.get::<Option<i64>, _>("end_seat"),
        row.get::<Option<String>, _>("forfeit_reason"),
    );
    let replayed = m
        .result()
        .map(|r| end_columns(r.end))
        .map(|(k, s, r)| (Some(k.to_string()), s, r));
    // A flag before every seat had moved was a rated forfeit before that
    // ending was an abort (docs/rules.md §4): such a stored end stands.
    let earlier_rule = m.result().and_then(|r| match r.end {
        End::Aborted {
            cause: AbortCause::Forfeit { seat, reason },
            ..
        } => Some((
            Some("forfeit".to_string()),
            Some(seat.index() as i64),
            Some(reason.to_string()),
        )),
        _ => None,
    });
    if replayed.as_ref() != Some(&stored) && earlier_rule.as_ref() != Some(&stored) {
        return Err(StoreError::corrupt(
            id,
            format!("stored end {stored:?} at {at} ms but the clock gives {replayed:?}"),
        ));
    }
    Ok(())
}

/// The `matches` columns `end_kind`, `end_seat` and `forfeit_reason` of an
/// end.
fn end_columns(end: End) -> (&'static str, Option<i64>, Option<String>) {
    match end {
        End::Completed => (EndKind::Completed.as_str(), None, None),
        // The seat that never moved; a forfeit that came first keeps its
        // reason (the forfeiting seat is in the journal).
        End::Aborted { seat, cause } => (
            EndKind::Aborted.as_str(),
            Some(seat.index() as i64),
            match cause {
                AbortCause::Forfeit { reason, .. } => Some(reason.to_string()),
                AbortCause::NoFirstMove | AbortCause::Completed => None,
            },
        ),
        // Nobody's fault: no seat.
        End::ModeratorAbort => (EndKind::Aborted.as_str(), None, None),
        End::Forfeit { seat, reason } => (
            EndKind::Forfeit.as_str(),
            Some(seat.index() as i64),
            Some(reason.to_string()),
        ),
    }
}

fn clock_columns(running: &Running) -> (&'static str, Option<i64>, Option<i64>) {
    match *running {
        Running::Stopped => ("stopped", None, None),
        Running::Turn { seat, since } => (
            "turn",
            Some(seat.index() as i64),
            Some(since.as_millis() as i64),
        ),
        Running::BetweenGames { ended_at, .. } => {
            ("break", None, Some(ended_at.as_millis() as i64))
        }
    }
}

fn game_end_columns(end: GameEnd) -> (&'static str, Option<String>, Option<i64>) {
    match end {
        GameEnd::Board(Outcome::Win { winner, .. }) => ("win", Some(winner.to_string()), None),
        GameEnd::Board(_) => ("draw", None, None),
        GameEnd::Resigned(s) => ("resigned", None, Some(s.index() as i64)),
        GameEnd::Forfeit(s, _) => ("forfeit", None, Some(s.index() as i64)),
        GameEnd::Aborted => ("aborted", None, None),
    }
}

async fn insert_game(
    conn: &mut AnyConnection,
    id: i64,
    number: i64,
    first: Seat,
    at: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO games (match_id, number, first_seat, started_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(number)
    .bind(first.index() as i64)
    .bind(at.as_millis() as i64)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn insert_action(
    conn: &mut AnyConnection,
    id: MatchId,
    seq: i64,
    at: i64,
    seat: Option<i64>,
    kind: &str,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO match_actions (match_id, seq, at_ms, seat, kind) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id.0)
    .bind(seq)
    .bind(at)
    .bind(seat)
    .bind(kind)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The guild of match `id`, if there is such a match.
async fn guild_of(conn: &mut AnyConnection, id: MatchId) -> Result<Option<GuildId>, StoreError> {
    let guild: Option<i64> = sqlx::query_scalar("SELECT guild_id FROM matches WHERE id = $1")
        .bind(id.0)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(guild.map(|g| g as GuildId))
}

/// The guarded end: see [`Db::finish_match`].
async fn finish_in(
    conn: &mut AnyConnection,
    id: MatchId,
    result: &MatchResult,
    at: Timestamp,
) -> Result<bool, StoreError> {
    let (kind, seat, reason) = end_columns(result.end);
    let done = sqlx::query(
        "UPDATE matches SET phase = 'finished', end_kind = $1, end_seat = $2, forfeit_reason = $3,
             finished_ms = $4, finished_unix_ms = epoch_unix_ms + $5,
             clock_running = 'stopped', clock_seat = NULL, clock_since_ms = NULL
         WHERE id = $6 AND end_kind IS NULL",
    )
    .bind(kind)
    .bind(seat)
    .bind(reason)
    .bind(at.as_millis() as i64)
    .bind(at.as_millis() as i64)
    .bind(id.0)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM matches WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&mut *conn)
            .await?;
        return match exists {
            Some(_) => Ok(false),
            None => Err(StoreError::NoSuchMatch(id)),
        };
    }
    for (side, points) in result.score.iter() {
        let place = result.places.map(|p| i64::from(p[side]));
        sqlx::query(
            "INSERT INTO match_sides (match_id, side, points_halves, place) VALUES ($1, $2, $3, $4)",
        )
        .bind(id.0)
        .bind(i64::from(side.0))
        .bind(i64::from(points.halves()))
        .bind(place)
        .execute(&mut *conn)
        .await?;
    }
    if result.places.is_some() {
        super::ratings::rate_match(conn, id).await?;
    }
    Ok(true)
}
