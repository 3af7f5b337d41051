//! Recomputing a pool after a void, off the write lock (issue 33 §4;
//! docs/store.md, "Voiding off the write lock").
//!
//! 1. **Snapshot**: one read transaction reads the pool's whole history in
//!    five queries — its rated, finished, not voided matches in finishing
//!    order (without the match being voided), their seats, their sides,
//!    the pool's stored rating changes and each player's count of rated
//!    matches. No lock is held: moves and other ends commit meanwhile.
//! 2. **Compute**: the matches are rated again in memory with
//!    [`super::rate_result`], the maths [`super::rate_match`] uses, from
//!    the same stored values in the same order, so the results are the
//!    same bits as the old recompute's (tested against it).
//! 3. **Chunks**: the rating changes that differ from the stored ones are
//!    written in transactions of [`CHUNK_ROWS`] rows (multi-row upserts of
//!    [`ROWS_PER_STATEMENT`]); on SQLite each waits its turn on the group
//!    commit's writer lock like a batch of moves.
//! 4. **Switch**: one short transaction (the pool's row locked on
//!    PostgreSQL, the writer on SQLite) marks the match void, rates on top
//!    of the new ratings every match of the pool rated since the snapshot
//!    (found by the players whose count of rated matches moved), deletes the
//!    voided match's changes and writes the players' ratings that differ.
//!    The pool's ratings — what the next match is rated from — change only
//!    here, all at once.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use futures_util::TryStreamExt;
use sqlx::{Any, AnyConnection, AssertSqlSafe, Row};

use super::{rate_result, weeks_between, PoolRating, RatingSystem};
use crate::{locking, Db, Engine, MatchId, StoreError};
use fourbot_core::game::Variant;

// Here, not in ratings.rs beside the other rating writes: this file names
// ratings.rs (the rating maths), so ratings.rs does not name it back.
impl Db {
    /// A moderator voids match `id` (`/ladder void`): it stays in the
    /// history but no longer counts, and its pool's ratings are recomputed
    /// from the history without it. Returns false if it was already void.
    ///
    /// The recompute runs off the write lock (docs/store.md, "Voiding off
    /// the write lock"): the pool's history is read in one snapshot, rated
    /// again in memory, the rating changes that differ are written in
    /// transactions of `CHUNK_ROWS` rows, and one short
    /// transaction sets the void, rates on top any match of the pool rated
    /// meanwhile and writes the pool's ratings. Voids are one at a time per
    /// store (its clones share the turn).
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], [`StoreError::Database`],
    /// [`StoreError::Rating`], [`StoreError::Corrupt`] (a stored match the
    /// rating maths cannot read).
    pub async fn void_match(&self, id: MatchId) -> Result<bool, StoreError> {
        let _turn = self.voids.lock().await;
        let voided: Option<i64> = sqlx::query_scalar("SELECT voided FROM matches WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        match voided {
            None => return Err(StoreError::NoSuchMatch(id)),
            Some(v) if v != 0 => return Ok(false),
            Some(_) => {}
        }
        // A match that changed no rating (unrated, running, aborted) is
        // only marked, in one short transaction; if it was rated after all
        // (it ended meanwhile: on PostgreSQL the mark waits for that end's
        // commit on the match's row), the mark is undone and the pool is
        // recomputed.
        let (mut tx, turn) = self.write_turn().await?;
        let done = sqlx::query("UPDATE matches SET voided = 1 WHERE id = $1 AND voided = 0")
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            return Ok(false);
        }
        let pool: Option<i64> =
            sqlx::query_scalar("SELECT pool_id FROM rating_changes WHERE match_id = $1 LIMIT 1")
                .bind(id.0)
                .fetch_optional(&mut *tx)
                .await?;
        let Some(pool) = pool else {
            tx.commit().await?;
            return Ok(true);
        };
        tx.rollback().await?;
        drop(turn);
        void_in_pool(self, id, pool).await
    }
}

/// Rating changes written per transaction of step 3: a few milliseconds
/// of the writer each.
pub(crate) const CHUNK_ROWS: usize = 2_000;

/// The pause after each chunk on SQLite. The bot's writes outside the
/// group commit (a route's buttons, a thread, settings) wait for the write
/// lock in SQLite's busy handler, which sleeps between tries — up to 100 ms
/// at a time — and would rarely find the lock free between two chunks
/// written back to back (measured: a writer outside the group commit, the
/// probe of `examples/load.rs`, waited up to 9.4 s during a void of
/// 100,000 matches without the gap). A gap longer than the longest sleep lets each of
/// them in; the void takes longer, no one else does.
const SQLITE_CHUNK_GAP: Duration = Duration::from_millis(110);

/// Matches rated again between two yields to the runtime (about 3 ms).
const COMPUTE_STEP: usize = 2_000;

/// Rows per multi-row statement (9 values a row: 4,500 parameters, within
/// SQLite's 32,766 and PostgreSQL's 65,535).
const ROWS_PER_STATEMENT: usize = 500;

/// A rating's three columns (`rating`, `deviation`, `volatility`).
type Columns = (f64, f64, Option<f64>);

/// The same bits (not merely equal values: a recompute that reproduces a
/// stored rating writes nothing).
fn same(a: Columns, b: Columns) -> bool {
    a.0.to_bits() == b.0.to_bits()
        && a.1.to_bits() == b.1.to_bits()
        && a.2.map(f64::to_bits) == b.2.map(f64::to_bits)
}

/// One rated match of the history, as the rating maths needs it.
struct Played {
    id: i64,
    /// Its end, ms since 1970 (0 when absent, as [`super::rate_match`] reads it).
    finished_unix_ms: i64,
    /// `(player, side)` in seat order.
    seats: Vec<(i64, i64)>,
    /// `(points in halves, place)` in side order.
    sides: Vec<(i64, Option<i64>)>,
}

/// A player's rating in the pool while the history is replayed: the
/// `ratings` row it becomes.
#[derive(Clone, Copy)]
struct Standing {
    rating: PoolRating,
    matches: i64,
    last_unix_ms: i64,
}

/// One `rating_changes` row.
#[derive(Clone, Copy)]
struct Change {
    match_id: i64,
    player_id: i64,
    before: Columns,
    after: Columns,
}

/// What the snapshot read.
struct History {
    guild: i64,
    variant: Variant,
    season: i64,
    matches: Vec<Played>,
    /// The stored rating changes of the pool, by (match, player).
    changes: HashMap<(i64, i64), (Columns, Columns)>,
    /// Each rated player's stored count of rated matches.
    counts: HashMap<i64, i64>,
    /// The pool's matches marked void (PostgreSQL only, where another
    /// process could void one meanwhile; 0 on SQLite).
    voided: i64,
}

/// The filter of the pool's matches that count, as the old recompute
/// selected them; `$1..$3` the pool's guild, variant and season, `$4` the
/// match being voided.
macro_rules! counted {
    ($alias:literal) => {
        concat!(
            $alias,
            ".guild_id = $1 AND ",
            $alias,
            ".variant = $2 AND ",
            $alias,
            ".season = $3 AND ",
            $alias,
            ".rated = 1 AND ",
            $alias,
            ".voided = 0 AND ",
            $alias,
            ".end_kind IN ('completed', 'forfeit') AND ",
            $alias,
            ".id <> $4"
        )
    };
}

/// Step 1: the pool's history without match `void`, in one snapshot.
async fn snapshot(db: &Db, pool: i64, void: MatchId) -> Result<History, StoreError> {
    let mut tx = db.read().await?;
    let p = sqlx::query("SELECT guild_id, variant, season FROM rating_pools WHERE id = $1")
        .bind(pool)
        .fetch_one(&mut *tx)
        .await?;
    let guild: i64 = p.get("guild_id");
    let variant_key: String = p.get("variant");
    let variant: Variant = variant_key
        .parse()
        .map_err(|e| StoreError::corrupt(void, e))?;
    let season: i64 = p.get("season");
    let bind = |q: sqlx::query::Query<'static, Any, sqlx::any::AnyArguments>| {
        q.bind(guild)
            .bind(variant_key.clone())
            .bind(season)
            .bind(void.0)
    };
    // Streamed, each row kept as the few numbers it holds (a pool of
    // 100,000 matches is 200,000 seats, sides and changes: as rows of the
    // `Any` driver, hundreds of MB).
    let mut matches: Vec<Played> = Vec::new();
    let mut rows = bind(sqlx::query(concat!(
        "SELECT m.id, m.finished_unix_ms FROM matches AS m WHERE ",
        counted!("m"),
        " ORDER BY m.finished_unix_ms, m.id"
    )))
    .fetch(&mut *tx);
    while let Some(r) = rows.try_next().await? {
        matches.push(Played {
            id: r.get("id"),
            finished_unix_ms: r.get::<Option<i64>, _>("finished_unix_ms").unwrap_or(0),
            seats: Vec::with_capacity(2),
            sides: Vec::with_capacity(2),
        });
    }
    drop(rows);
    let at: HashMap<i64, usize> = matches.iter().enumerate().map(|(i, m)| (m.id, i)).collect();
    let mut seats = bind(sqlx::query(concat!(
        "SELECT s.match_id, s.player_id, s.side FROM match_seats AS s
         JOIN matches AS m ON m.id = s.match_id WHERE ",
        counted!("m"),
        " ORDER BY s.match_id, s.seat"
    )))
    .fetch(&mut *tx);
    while let Some(r) = seats.try_next().await? {
        if let Some(&i) = at.get(&r.get::<i64, _>("match_id")) {
            matches[i].seats.push((r.get("player_id"), r.get("side")));
        }
    }
    drop(seats);
    let mut sides = bind(sqlx::query(concat!(
        "SELECT d.match_id, d.points_halves, d.place FROM match_sides AS d
         JOIN matches AS m ON m.id = d.match_id WHERE ",
        counted!("m"),
        " ORDER BY d.match_id, d.side"
    )))
    .fetch(&mut *tx);
    while let Some(r) = sides.try_next().await? {
        if let Some(&i) = at.get(&r.get::<i64, _>("match_id")) {
            matches[i]
                .sides
                .push((r.get("points_halves"), r.get("place")));
        }
    }
    drop(sides);
    let mut changes = HashMap::new();
    let mut rows = sqlx::query(
        "SELECT match_id, player_id, rating_before, deviation_before, volatility_before,
                rating_after, deviation_after, volatility_after
         FROM rating_changes WHERE pool_id = $1",
    )
    .bind(pool)
    .fetch(&mut *tx);
    while let Some(r) = rows.try_next().await? {
        changes.insert(
            (r.get("match_id"), r.get("player_id")),
            (
                (
                    r.get("rating_before"),
                    r.get("deviation_before"),
                    r.get("volatility_before"),
                ),
                (
                    r.get("rating_after"),
                    r.get("deviation_after"),
                    r.get("volatility_after"),
                ),
            ),
        );
    }
    drop(rows);
    let counts = player_counts(&mut tx, pool).await?;
    let voided = match db.engine {
        Engine::Sqlite => 0,
        Engine::Postgres => voided_in(&mut tx, guild, &variant_key, season).await?,
    };
    drop(tx);
    Ok(History {
        guild,
        variant,
        season,
        matches,
        changes,
        counts,
        voided,
    })
}

/// How many of the pool's matches are marked void.
async fn voided_in(
    conn: &mut AnyConnection,
    guild: i64,
    variant: &str,
    season: i64,
) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM matches
         WHERE guild_id = $1 AND variant = $2 AND season = $3 AND voided = 1",
    )
    .bind(guild)
    .bind(variant.to_string())
    .bind(season)
    .fetch_one(&mut *conn)
    .await?)
}

/// Each rated player's count of rated matches in `pool` (`ratings.matches`).
async fn player_counts(
    conn: &mut AnyConnection,
    pool: i64,
) -> Result<HashMap<i64, i64>, StoreError> {
    Ok(
        sqlx::query("SELECT player_id, matches FROM ratings WHERE pool_id = $1")
            .bind(pool)
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|r| (r.get("player_id"), r.get("matches")))
            .collect(),
    )
}

/// Rates `m` on top of `state` as [`super::rate_match`] would on the
/// stored ratings `state` stands for: each player's rating (new if none)
/// with inactivity up to the match's end, then the match's maths. Updates
/// `state` and appends the match's changes in seat order.
fn rate_on(
    state: &mut HashMap<i64, Standing>,
    variant: Variant,
    m: &Played,
    out: &mut Vec<Change>,
) -> Result<(), StoreError> {
    let system = RatingSystem::of(variant);
    let now = m.finished_unix_ms;
    let mut before: HashMap<i64, PoolRating> = HashMap::new();
    for &(player, _) in &m.seats {
        let rating = match state.get(&player) {
            None => PoolRating::new(system),
            Some(s) => s.rating.decayed(weeks_between(s.last_unix_ms, now))?,
        };
        before.insert(player, rating);
    }
    let after = rate_result(MatchId(m.id), variant, &m.seats, &m.sides, &before)?;
    for &(player, _) in &m.seats {
        let new = after[&player];
        out.push(Change {
            match_id: m.id,
            player_id: player,
            before: before[&player].columns(),
            after: new.columns(),
        });
        let matches = state.get(&player).map_or(0, |s| s.matches) + 1;
        state.insert(
            player,
            Standing {
                rating: new,
                matches,
                last_unix_ms: now,
            },
        );
    }
    Ok(())
}

/// The `VALUES` rows of a multi-row insert of `rows` rows of `columns`
/// parameters each, numbered on: `($1, $2), ($3, $4)` for 2 × 2.
fn value_rows(rows: usize, columns: usize) -> String {
    (0..rows)
        .map(|r| {
            let params: Vec<String> = (1..=columns)
                .map(|c| format!("${}", r * columns + c))
                .collect();
            format!("({})", params.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Upserts `rows` of `pool`'s rating changes with multi-row statements.
async fn write_changes(
    conn: &mut AnyConnection,
    pool: i64,
    rows: &[Change],
) -> Result<(), StoreError> {
    for part in rows.chunks(ROWS_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO rating_changes (match_id, player_id, pool_id, rating_before,
                 deviation_before, volatility_before, rating_after, deviation_after,
                 volatility_after)
             VALUES {}
             ON CONFLICT (match_id, player_id) DO UPDATE SET
                 rating_before = excluded.rating_before,
                 deviation_before = excluded.deviation_before,
                 volatility_before = excluded.volatility_before,
                 rating_after = excluded.rating_after,
                 deviation_after = excluded.deviation_after,
                 volatility_after = excluded.volatility_after",
            value_rows(part.len(), 9)
        );
        let mut q = sqlx::query(AssertSqlSafe(sql));
        for c in part {
            q = q
                .bind(c.match_id)
                .bind(c.player_id)
                .bind(pool)
                .bind(c.before.0)
                .bind(c.before.1)
                .bind(c.before.2)
                .bind(c.after.0)
                .bind(c.after.1)
                .bind(c.after.2);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}

/// Upserts the players' `ratings` rows of `pool` (absolute values).
async fn write_ratings(
    conn: &mut AnyConnection,
    pool: i64,
    rows: &[(i64, Standing)],
) -> Result<(), StoreError> {
    for part in rows.chunks(ROWS_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO ratings (pool_id, player_id, rating, deviation, volatility, score,
                 matches, last_unix_ms)
             VALUES {}
             ON CONFLICT (pool_id, player_id) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility,
                 score = excluded.score, matches = excluded.matches,
                 last_unix_ms = excluded.last_unix_ms",
            value_rows(part.len(), 8)
        );
        let mut q = sqlx::query(AssertSqlSafe(sql));
        for (player, s) in part {
            let (r, d, v) = s.rating.columns();
            q = q
                .bind(pool)
                .bind(*player)
                .bind(r)
                .bind(d)
                .bind(v)
                .bind(s.rating.score())
                .bind(s.matches)
                .bind(s.last_unix_ms);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}

/// What one void cost (logged; the benchmark of docs/benchmarks.md reads
/// it from the bot's log).
#[derive(Debug, Default)]
struct Costs {
    snapshot: Duration,
    compute: Duration,
    chunks: usize,
    longest_chunk: Duration,
    switch: Duration,
}

/// Voids match `id`, whose rating changes are in `pool`, and recomputes the
/// pool (the module's steps). Returns false (nothing written by the
/// switch) when the match was voided meanwhile by another process.
pub(super) async fn void_in_pool(db: &Db, id: MatchId, pool: i64) -> Result<bool, StoreError> {
    loop {
        if let Some(done) = void_once(db, id, pool).await? {
            return Ok(done);
        }
        tracing::info!(
            r#match = id.0,
            pool,
            "another void of the pool meanwhile: recomputing again"
        );
    }
}

/// One try of [`void_in_pool`]: `None` when another process voided a
/// match of the pool after the snapshot (PostgreSQL; nothing switched:
/// try again from a new snapshot).
async fn void_once(db: &Db, id: MatchId, pool: i64) -> Result<Option<bool>, StoreError> {
    let started = Instant::now();
    let mut costs = Costs::default();
    let history = snapshot(db, pool, id).await?;
    costs.snapshot = started.elapsed();

    let computing = Instant::now();
    let mut state: HashMap<i64, Standing> = HashMap::new();
    let mut rows: Vec<Change> = Vec::with_capacity(history.changes.len());
    let mut differing: Vec<Change> = Vec::new();
    for (i, m) in history.matches.iter().enumerate() {
        let from = rows.len();
        rate_on(&mut state, history.variant, m, &mut rows)?;
        differing.extend(rows[from..].iter().filter(|c| {
            history
                .changes
                .get(&(c.match_id, c.player_id))
                .is_none_or(|&(b, a)| !same(b, c.before) || !same(a, c.after))
        }));
        // The maths runs on the async runtime: a turn for the others every
        // few milliseconds (all of it at once held a worker of the two for
        // 136 ms at 100,000 matches, and the presses' acks waited).
        if i % COMPUTE_STEP == COMPUTE_STEP - 1 {
            tokio::task::yield_now().await;
        }
    }
    costs.compute = computing.elapsed();

    for chunk in differing.chunks(CHUNK_ROWS) {
        let t = Instant::now();
        let (mut tx, turn) = db.write_turn().await?;
        write_changes(&mut tx, pool, chunk).await?;
        tx.commit().await?;
        drop(turn);
        costs.chunks += 1;
        costs.longest_chunk = costs.longest_chunk.max(t.elapsed());
        if db.engine == Engine::Sqlite {
            tokio::time::sleep(SQLITE_CHUNK_GAP).await;
        }
    }
    #[cfg(feature = "faults")]
    db.recompute_pause().await;

    let t = Instant::now();
    let Some(done) = switch(db, id, pool, &history, state, &rows).await? else {
        return Ok(None);
    };
    costs.switch = t.elapsed();
    tracing::info!(
        r#match = id.0,
        pool,
        matches = history.matches.len(),
        changes_written = differing.len(),
        chunks = costs.chunks,
        snapshot_ms = costs.snapshot.as_millis() as u64,
        compute_ms = costs.compute.as_millis() as u64,
        longest_chunk_ms = costs.longest_chunk.as_millis() as u64,
        switch_ms = costs.switch.as_millis() as u64,
        total_ms = started.elapsed().as_millis() as u64,
        "pool recomputed after a void"
    );
    Ok(Some(done))
}

/// Step 4: in one short transaction, the void, the matches rated since the
/// snapshot rated again on top, the voided match's changes gone and the
/// players' ratings written. `state` is the replayed history's end,
/// `rows` its changes. `None` (nothing written) when another process
/// voided a match of the pool after the snapshot (PostgreSQL; within one
/// process voids take turns).
async fn switch(
    db: &Db,
    id: MatchId,
    pool: i64,
    history: &History,
    mut state: HashMap<i64, Standing>,
    rows: &[Change],
) -> Result<Option<bool>, StoreError> {
    let (mut tx, turn) = db.write_turn().await?;
    // The pool's row locked (PostgreSQL): a match of the pool that ends now
    // waits for this commit and is then rated on the new ratings.
    sqlx::query(
        db.engine
            .pick(locking!("SELECT id FROM rating_pools WHERE id = $1")),
    )
    .bind(pool)
    .fetch_one(&mut *tx)
    .await?;
    let done = sqlx::query("UPDATE matches SET voided = 1 WHERE id = $1 AND voided = 0")
        .bind(id.0)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(Some(false));
    }
    if db.engine == Engine::Postgres
        && voided_in(
            &mut tx,
            history.guild,
            history.variant.key(),
            history.season,
        )
        .await?
            != history.voided + 1
    {
        tx.rollback().await?;
        return Ok(None);
    }
    // Matches rated since the snapshot: their players' counts moved.
    let counts = player_counts(&mut tx, pool).await?;
    let moved: Vec<i64> = counts
        .iter()
        .filter(|(p, n)| history.counts.get(p) != Some(n))
        .map(|(p, _)| *p)
        .collect();
    let mut rated_on_top: Vec<Change> = Vec::new();
    if !moved.is_empty() {
        let known: HashSet<i64> = history.matches.iter().map(|m| m.id).collect();
        let mut new: Vec<Played> = Vec::new();
        let mut seen: HashSet<i64> = HashSet::new();
        for players in moved.chunks(ROWS_PER_STATEMENT) {
            let list: Vec<String> = (0..players.len()).map(|i| format!("${}", i + 5)).collect();
            let sql = format!(
                "SELECT DISTINCT m.id, m.finished_unix_ms FROM matches AS m
                 JOIN match_seats AS s ON s.match_id = m.id
                 WHERE {} AND s.player_id IN ({})",
                counted!("m"),
                list.join(", ")
            );
            let mut q = sqlx::query(AssertSqlSafe(sql))
                .bind(history.guild)
                .bind(history.variant.key())
                .bind(history.season)
                .bind(id.0);
            for p in players {
                q = q.bind(*p);
            }
            for r in q.fetch_all(&mut *tx).await? {
                let m: i64 = r.get("id");
                if !known.contains(&m) && seen.insert(m) {
                    new.push(Played {
                        id: m,
                        finished_unix_ms: r.get::<Option<i64>, _>("finished_unix_ms").unwrap_or(0),
                        seats: Vec::new(),
                        sides: Vec::new(),
                    });
                }
            }
        }
        new.sort_by_key(|m| (m.finished_unix_ms, m.id));
        for m in &mut new {
            m.seats = sqlx::query(
                "SELECT player_id, side FROM match_seats WHERE match_id = $1 ORDER BY seat",
            )
            .bind(m.id)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| (r.get("player_id"), r.get("side")))
            .collect();
            m.sides = sqlx::query(
                "SELECT points_halves, place FROM match_sides WHERE match_id = $1 ORDER BY side",
            )
            .bind(m.id)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| (r.get("points_halves"), r.get("place")))
            .collect();
            rate_on(&mut state, history.variant, m, &mut rated_on_top)?;
        }
        write_changes(&mut tx, pool, &rated_on_top).await?;
    }
    // Changes of matches that no longer count (the voided one's).
    let counted: HashSet<i64> = rows.iter().map(|c| c.match_id).collect();
    let mut gone: Vec<i64> = history
        .changes
        .keys()
        .map(|(m, _)| *m)
        .filter(|m| !counted.contains(m))
        .collect();
    gone.push(id.0);
    gone.sort_unstable();
    gone.dedup();
    for m in gone {
        sqlx::query("DELETE FROM rating_changes WHERE match_id = $1 AND pool_id = $2")
            .bind(m)
            .bind(pool)
            .execute(&mut *tx)
            .await?;
    }
    // The players' ratings: those that differ from the stored rows, and
    // no row for a player who has no counted match left.
    let stored = sqlx::query(
        "SELECT player_id, rating, deviation, volatility, matches, last_unix_ms
         FROM ratings WHERE pool_id = $1",
    )
    .bind(pool)
    .fetch_all(&mut *tx)
    .await?;
    let mut write: Vec<(i64, Standing)> = Vec::new();
    let mut keep: HashSet<i64> = HashSet::new();
    for r in &stored {
        let player: i64 = r.get("player_id");
        let Some(s) = state.get(&player) else {
            sqlx::query("DELETE FROM ratings WHERE pool_id = $1 AND player_id = $2")
                .bind(pool)
                .bind(player)
                .execute(&mut *tx)
                .await?;
            continue;
        };
        keep.insert(player);
        let columns: Columns = (r.get("rating"), r.get("deviation"), r.get("volatility"));
        if !same(columns, s.rating.columns())
            || r.get::<i64, _>("matches") != s.matches
            || r.get::<i64, _>("last_unix_ms") != s.last_unix_ms
        {
            write.push((player, *s));
        }
    }
    for (player, s) in &state {
        if !keep.contains(player) {
            write.push((*player, *s));
        }
    }
    write.sort_by_key(|(p, _)| *p);
    write_ratings(&mut tx, pool, &write).await?;
    tx.commit().await?;
    drop(turn);
    Ok(Some(true))
}
