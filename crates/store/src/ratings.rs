//! Rating pools, rating a finished match (with the pure `fourbot_core::rating`),
//! voiding, the leaderboard and a player's rating card (docs/rules.md §6).

use std::collections::HashMap;
use std::time::Duration;

use sqlx::{AnyConnection, AssertSqlSafe, Row};

use super::{gid, shown_name, Db, GuildId, MatchId, PlayerId, StoreError};
#[cfg(feature = "faults")]
use super::{locking, Engine};
use fourbot_core::game::Variant;
use fourbot_core::rating::glicko2::{self, Glicko2Rating};
use fourbot_core::rating::weng_lin::{self, WengLinRating};

mod recompute;

/// The rating system of a pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingSystem {
    /// Glicko-2, for the two-sided variants: rating / RD / volatility.
    Glicko2,
    /// Weng-Lin (Bradley-Terry), for three-players and teams: μ / σ.
    WengLin,
}

impl RatingSystem {
    /// The system that rates `variant`.
    pub fn of(variant: Variant) -> RatingSystem {
        match variant {
            Variant::ThreePlayers | Variant::Teams => RatingSystem::WengLin,
            _ => RatingSystem::Glicko2,
        }
    }

    fn key(self) -> &'static str {
        match self {
            RatingSystem::Glicko2 => "glicko2",
            RatingSystem::WengLin => "weng-lin",
        }
    }
}

/// A stored rating in either system.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PoolRating {
    /// A Glicko-2 rating (rating points).
    Glicko2(Glicko2Rating),
    /// A Weng-Lin rating (skill units).
    WengLin(WengLinRating),
}

impl PoolRating {
    fn new(system: RatingSystem) -> PoolRating {
        match system {
            RatingSystem::Glicko2 => PoolRating::Glicko2(Glicko2Rating::NEW),
            RatingSystem::WengLin => PoolRating::WengLin(WengLinRating::NEW),
        }
    }

    fn from_columns(
        system: RatingSystem,
        rating: f64,
        deviation: f64,
        volatility: Option<f64>,
    ) -> Result<PoolRating, StoreError> {
        Ok(match system {
            RatingSystem::Glicko2 => PoolRating::Glicko2(Glicko2Rating::new(
                rating,
                deviation,
                volatility.unwrap_or(glicko2::DEFAULT_VOLATILITY),
            )?),
            RatingSystem::WengLin => PoolRating::WengLin(WengLinRating::new(rating, deviation)?),
        })
    }

    /// The rating a `rating_changes` row held on `side` (`"before"` or
    /// `"after"`): its `rating_<side>`, `deviation_<side>` and
    /// `volatility_<side>` columns.
    fn from_change_row(
        system: RatingSystem,
        r: &sqlx::any::AnyRow,
        side: &str,
    ) -> Result<PoolRating, StoreError> {
        PoolRating::from_columns(
            system,
            r.get(format!("rating_{side}").as_str()),
            r.get(format!("deviation_{side}").as_str()),
            r.get(format!("volatility_{side}").as_str()),
        )
    }

    fn columns(&self) -> (f64, f64, Option<f64>) {
        match self {
            PoolRating::Glicko2(r) => (r.rating, r.deviation, Some(r.volatility)),
            PoolRating::WengLin(r) => (r.mu, r.sigma, None),
        }
    }

    /// What the leaderboard sorts by: the Glicko-2 rating, or the Weng-Lin
    /// ordinal μ − 3σ.
    pub fn score(&self) -> f64 {
        match self {
            PoolRating::Glicko2(r) => r.rating,
            PoolRating::WengLin(r) => r.ordinal(),
        }
    }

    /// The rating as players see it, as a number to compare: the Glicko-2
    /// rating rounded to whole points (without the provisional "?"), the
    /// Weng-Lin ordinal in tenths. Equal values share a rank (docs/rating.md).
    pub fn shown_value(&self) -> i64 {
        match self {
            PoolRating::Glicko2(r) => r.rounded(),
            PoolRating::WengLin(r) => r.shown_tenths(),
        }
    }

    /// Provisional: a Glicko-2 RD ≥ 110 (docs/rules.md §6). Weng-Lin ratings are
    /// never marked (their ordinal is already conservative).
    pub fn is_provisional(&self) -> bool {
        match self {
            PoolRating::Glicko2(r) => r.is_provisional(),
            PoolRating::WengLin(_) => false,
        }
    }

    /// The rating with `weeks` idle rating periods applied (Glicko-2 RD
    /// growth; Weng-Lin ratings do not decay).
    fn decayed(self, weeks: u32) -> Result<PoolRating, StoreError> {
        Ok(match self {
            PoolRating::Glicko2(r) => PoolRating::Glicko2(glicko2::decay(r, weeks)?),
            w => w,
        })
    }

    /// The rating shown on the ladder: `1623`, `1500?` (Glicko-2), `5.3`
    /// (Weng-Lin ordinal, one decimal).
    pub fn shown(&self) -> String {
        match self {
            PoolRating::Glicko2(r) => r.to_string(),
            PoolRating::WengLin(r) => r.to_string(),
        }
    }

    /// The deviation shown on the ladder: RD rounded to whole points, or σ
    /// with one decimal.
    pub fn shown_deviation(&self) -> String {
        match self {
            PoolRating::Glicko2(r) => format!("{}", r.deviation.round() as i64),
            PoolRating::WengLin(r) => format!("{:.1}", r.sigma),
        }
    }
}

/// Whole weeks from `last_unix_ms` to `now_unix_ms` (idle rating periods).
fn weeks_between(last_unix_ms: i64, now_unix_ms: i64) -> u32 {
    let ms = (now_unix_ms - last_unix_ms).max(0) as u64;
    glicko2::inactive_weeks(Duration::from_millis(ms))
}

/// Standard competition ranks ("1224") of values sorted best first, one per
/// value: equal values share the rank of the first of them, and the next
/// value's rank counts everyone above it (1, 1, 3). docs/rating.md.
pub fn competition_ranks(sorted_best_first: &[i64]) -> Vec<u32> {
    let mut ranks = Vec::with_capacity(sorted_best_first.len());
    for (i, v) in sorted_best_first.iter().enumerate() {
        let rank = match i {
            0 => 1,
            _ if sorted_best_first[i - 1] == *v => ranks[i - 1],
            _ => i as u32 + 1,
        };
        ranks.push(rank);
    }
    ranks
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderEntry {
    /// 1-based rank on this leaderboard: 1 + the number of players whose
    /// rating as shown ([`PoolRating::shown_value`]) is higher, so equal
    /// ratings share a rank (1, 1, 3).
    pub rank: u32,
    /// The player.
    pub player: PlayerId,
    /// The name the pool's server shows for the player (its nickname for
    /// them, else their own name: docs/store.md "Names per server").
    pub name: String,
    /// The rating as of the query's `now` (RD grown by inactivity).
    pub rating: PoolRating,
    /// Rated matches played in the pool.
    pub matches: u32,
}

impl LadderEntry {
    /// `<rank>. <name> <rating> <rating deviation> <matches played>`, the
    /// line `fourbot ladder` prints: `1. alice 1623 87 12`, `2. bob 1500? 350 0`.
    pub fn line(&self) -> String {
        format!(
            "{}. {} {} {} {}",
            self.rank,
            self.name,
            self.rating.shown(),
            self.rating.shown_deviation(),
            self.matches
        )
    }
}

/// One rated match in a player's rating history: the rating before it
/// (inactivity applied) and after it, as stored in `rating_changes`.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    /// The match.
    pub match_id: MatchId,
    /// Wall clock of its end, ms since 1970.
    pub finished_unix_ms: i64,
    /// The player's rating just before it.
    pub before: PoolRating,
    /// The player's rating after it.
    pub after: PoolRating,
}

/// A player's rating change in one match.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The player.
    pub player: PlayerId,
    /// Before the match (inactivity applied).
    pub before: PoolRating,
    /// After it.
    pub after: PoolRating,
}

/// The id of the guild's `variant` pool in `season`, created if new. The
/// upsert also locks the pool's row until the commit on PostgreSQL
/// (`ON CONFLICT DO UPDATE` locks the row it updates), so two matches of
/// one pool, ending in two transactions at once, are rated one after the
/// other; SQLite's write transactions are one at a time anyway.
async fn pool_id(
    conn: &mut AnyConnection,
    guild: i64,
    variant: Variant,
    season: i64,
) -> Result<i64, StoreError> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO rating_pools (guild_id, variant, season, system) VALUES ($1, $2, $3, $4)
         ON CONFLICT (guild_id, variant, season) DO UPDATE SET system = excluded.system
         RETURNING id",
    )
    .bind(guild)
    .bind(variant.key())
    .bind(season)
    .bind(RatingSystem::of(variant).key())
    .fetch_one(&mut *conn)
    .await?;
    Ok(id)
}

/// The ratings after match `id` of `variant`, from the ratings `before`
/// it (inactivity applied) of every player in `seats` (`(player, side)` in
/// seat order) and the result per side in `sides` (`(points in halves,
/// place)` in side order): the pure rating maths of one match, shared by
/// [`rate_match`] and the recompute of a pool ([`recompute`]), so both give
/// the same bits.
///
/// # Errors
/// [`StoreError::Corrupt`] for seats that do not fit the system (a seat of
/// an unknown side, a Glicko-2 match not of two players);
/// [`StoreError::Rating`] when the rating functions refuse the values.
fn rate_result(
    id: MatchId,
    variant: Variant,
    seats: &[(i64, i64)],
    sides: &[(i64, Option<i64>)],
    before: &HashMap<i64, PoolRating>,
) -> Result<HashMap<i64, PoolRating>, StoreError> {
    let system = RatingSystem::of(variant);
    // Players per side, in seat order.
    let side_count = sides.len();
    let mut team: Vec<Vec<i64>> = vec![Vec::new(); side_count];
    for &(player, side) in seats {
        let side = side as usize;
        if side >= side_count {
            return Err(StoreError::corrupt(id, "seat of an unknown side"));
        }
        team[side].push(player);
    }

    let mut after: HashMap<i64, PoolRating> = HashMap::new();
    match system {
        RatingSystem::Glicko2 => {
            if side_count != 2 || team.iter().any(|t| t.len() != 1) {
                return Err(StoreError::corrupt(
                    id,
                    "a Glicko-2 match needs two players",
                ));
            }
            let games = u32::from(variant.games_per_match());
            let glicko = |p: i64| match before[&p] {
                PoolRating::Glicko2(r) => r,
                PoolRating::WengLin(_) => unreachable!("pool system"),
            };
            for side in 0..2 {
                let me = team[side][0];
                let them = team[1 - side][0];
                let points = f64::from(sides[side].0 as u32) / 2.0;
                let score = glicko2::match_score(points, games)?;
                let new = glicko2::update(glicko(me), &[(glicko(them), score)])?;
                after.insert(me, PoolRating::Glicko2(new));
            }
        }
        RatingSystem::WengLin => {
            let teams: Vec<Vec<WengLinRating>> = team
                .iter()
                .map(|t| {
                    t.iter()
                        .map(|p| match before[p] {
                            PoolRating::WengLin(r) => r,
                            PoolRating::Glicko2(_) => unreachable!("pool system"),
                        })
                        .collect()
                })
                .collect();
            let ranks: Vec<u32> = sides.iter().map(|s| s.1.unwrap_or(1) as u32).collect();
            let rated = weng_lin::rate(&teams, &ranks)?;
            for (t, players) in team.iter().enumerate() {
                for (j, p) in players.iter().enumerate() {
                    after.insert(*p, PoolRating::WengLin(rated[t][j]));
                }
            }
        }
    }
    Ok(after)
}

/// Rates the finished match `id` in its pool, if it is rated, not voided and
/// not aborted: reads the players' current ratings, applies inactivity,
/// computes the new ratings and writes them with the history. Call once per
/// match, inside the transaction that ends it (or that recomputes a pool).
pub(super) async fn rate_match(conn: &mut AnyConnection, id: MatchId) -> Result<(), StoreError> {
    let m = sqlx::query(
        "SELECT guild_id, variant, season, rated, voided, end_kind, finished_unix_ms
         FROM matches WHERE id = $1",
    )
    .bind(id.0)
    .fetch_optional(&mut *conn)
    .await?
    .ok_or(StoreError::NoSuchMatch(id))?;
    let end: Option<String> = m.get("end_kind");
    if m.get::<i64, _>("rated") == 0
        || m.get::<i64, _>("voided") != 0
        || end.as_deref().is_none_or(|e| e == "aborted")
    {
        return Ok(());
    }
    let variant: Variant = m
        .get::<String, _>("variant")
        .parse()
        .map_err(|e| StoreError::corrupt(id, e))?;
    let system = RatingSystem::of(variant);
    let now: i64 = m.get::<Option<i64>, _>("finished_unix_ms").unwrap_or(0);
    let pool = pool_id(conn, m.get("guild_id"), variant, m.get("season")).await?;

    let seats =
        sqlx::query("SELECT player_id, side FROM match_seats WHERE match_id = $1 ORDER BY seat")
            .bind(id.0)
            .fetch_all(&mut *conn)
            .await?;
    let sides = sqlx::query(
        "SELECT side, points_halves, place FROM match_sides WHERE match_id = $1 ORDER BY side",
    )
    .bind(id.0)
    .fetch_all(&mut *conn)
    .await?;

    // Each player's rating before the match, with inactivity applied.
    let mut before: HashMap<i64, PoolRating> = HashMap::new();
    for s in &seats {
        let player: i64 = s.get("player_id");
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, last_unix_ms FROM ratings
             WHERE pool_id = $1 AND player_id = $2",
        )
        .bind(pool)
        .bind(player)
        .fetch_optional(&mut *conn)
        .await?;
        let rating = match row {
            None => PoolRating::new(system),
            Some(r) => PoolRating::from_columns(
                system,
                r.get("rating"),
                r.get("deviation"),
                r.get("volatility"),
            )?
            .decayed(weeks_between(r.get("last_unix_ms"), now))?,
        };
        before.insert(player, rating);
    }
    let seat_list: Vec<(i64, i64)> = seats
        .iter()
        .map(|s| (s.get("player_id"), s.get("side")))
        .collect();
    let side_list: Vec<(i64, Option<i64>)> = sides
        .iter()
        .map(|s| (s.get("points_halves"), s.get("place")))
        .collect();
    let after = rate_result(id, variant, &seat_list, &side_list, &before)?;

    for s in &seats {
        let player: i64 = s.get("player_id");
        let (b_r, b_d, b_v) = before[&player].columns();
        let new = after[&player];
        let (a_r, a_d, a_v) = new.columns();
        sqlx::query(
            "INSERT INTO ratings (pool_id, player_id, rating, deviation, volatility, score, matches, last_unix_ms)
             VALUES ($1, $2, $3, $4, $5, $6, 1, $7)
             ON CONFLICT (pool_id, player_id) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility,
                 score = excluded.score, matches = ratings.matches + 1, last_unix_ms = excluded.last_unix_ms",
        )
        .bind(pool)
        .bind(player)
        .bind(a_r)
        .bind(a_d)
        .bind(a_v)
        .bind(new.score())
        .bind(now)
        .execute(&mut *conn)
        .await?;
        sqlx::query(
            "INSERT INTO rating_changes (match_id, player_id, pool_id, rating_before, deviation_before,
                 volatility_before, rating_after, deviation_after, volatility_after)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(id.0)
        .bind(player)
        .bind(pool)
        .bind(b_r)
        .bind(b_d)
        .bind(b_v)
        .bind(a_r)
        .bind(a_d)
        .bind(a_v)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Recomputes every rating of pool `pool` from its history in the caller's
/// transaction: clears the pool and rates its rated, finished, non-voided
/// matches again in the order they finished, one [`rate_match`] each. The
/// recompute before issue 33 §4, kept as the tests' reference for
/// [`recompute`]'s (which must give the same bits):
/// [`Db::recompute_pool_in_one_transaction`].
#[cfg(feature = "faults")]
async fn recompute_pool(conn: &mut AnyConnection, pool: i64) -> Result<(), StoreError> {
    // The pool locked (PostgreSQL) like [`pool_id`]'s upsert locks it: one
    // rating change in a pool at a time.
    let p = sqlx::query(Engine::of(conn).pick(locking!(
        "SELECT guild_id, variant, season FROM rating_pools WHERE id = $1"
    )))
    .bind(pool)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM rating_changes WHERE pool_id = $1")
        .bind(pool)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM ratings WHERE pool_id = $1")
        .bind(pool)
        .execute(&mut *conn)
        .await?;
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM matches
         WHERE guild_id = $1 AND variant = $2 AND season = $3 AND rated = 1 AND voided = 0
           AND end_kind IN ('completed', 'forfeit')
         ORDER BY finished_unix_ms, id",
    )
    .bind(p.get::<i64, _>("guild_id"))
    .bind(p.get::<String, _>("variant"))
    .bind(p.get::<i64, _>("season"))
    .fetch_all(&mut *conn)
    .await?;
    for id in ids {
        rate_match(conn, MatchId(id)).await?;
    }
    Ok(())
}

impl Db {
    /// Tests only (the `faults` feature): recomputes pool `pool` the way
    /// voiding did before issue 33 §4 — every rating and change deleted and
    /// every match rated again with [`rate_match`], in one write
    /// transaction. The reference the tests compare [`Db::void_match`]'s
    /// recompute with, bit for bit.
    ///
    /// # Errors
    /// [`StoreError::Database`], [`StoreError::Rating`].
    #[cfg(feature = "faults")]
    pub async fn recompute_pool_in_one_transaction(&self, pool: i64) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        recompute_pool(&mut tx, pool).await?;
        tx.commit().await?;
        Ok(())
    }

    /// How many players `guild`'s leaderboard of `variant` in the current
    /// season has (rated in its pool, not banned): one `COUNT(*)`, not
    /// the rows (issue 33: `/rating` read up to 100,000 rows to count
    /// them).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn leaderboard_size(
        &self,
        guild: GuildId,
        variant: Variant,
    ) -> Result<u32, StoreError> {
        let season = i64::from(self.guild_settings(guild).await?.season);
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM ratings AS r
             JOIN rating_pools AS pool ON pool.id = r.pool_id
             WHERE pool.guild_id = $1 AND pool.variant = $2 AND pool.season = $3
               AND NOT EXISTS (SELECT 1 FROM bans AS b WHERE b.guild_id = $1
                               AND b.player_id = r.player_id AND b.lifted_unix_ms IS NULL)",
        )
        .bind(gid(guild))
        .bind(variant.key())
        .bind(season)
        .fetch_one(&self.pool)
        .await?;
        Ok(n as u32)
    }

    /// The leaderboard of the guild's `variant` pool in `season` (the
    /// current season when `None`): the `top` best by rating (Weng-Lin: by
    /// μ − 3σ), banned players left out, with RD grown by inactivity up to
    /// `now_unix_ms` and the provisional mark that follows from it. Empty
    /// when the pool does not exist.
    ///
    /// # Errors
    /// [`StoreError::Database`], [`StoreError::Rating`].
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        variant: Variant,
        season: Option<u32>,
        top: u32,
        now_unix_ms: i64,
    ) -> Result<Vec<LadderEntry>, StoreError> {
        let season = match season {
            Some(s) => i64::from(s),
            None => i64::from(self.guild_settings(guild).await?.season),
        };
        let system = RatingSystem::of(variant);
        let pool: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM rating_pools WHERE guild_id = $1 AND variant = $2 AND season = $3",
        )
        .bind(gid(guild))
        .bind(variant.key())
        .bind(season)
        .fetch_optional(&self.pool)
        .await?;
        let Some(pool) = pool else {
            return Ok(Vec::new());
        };
        // One pool, walked down its (pool_id, score DESC, player_id) index.
        let rows = sqlx::query(concat!(
            "SELECT r.player_id, ",
            shown_name!("$2", "r.player_id"),
            " AS name, r.rating, r.deviation, r.volatility, r.matches, r.last_unix_ms
             FROM ratings AS r
             WHERE r.pool_id = $1
               AND NOT EXISTS (SELECT 1 FROM bans AS b WHERE b.guild_id = $2
                               AND b.player_id = r.player_id AND b.lifted_unix_ms IS NULL)
             ORDER BY r.score DESC, r.player_id
             LIMIT $3"
        ))
        .bind(pool)
        .bind(gid(guild))
        .bind(i64::from(top))
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let rating = PoolRating::from_columns(
                system,
                r.get("rating"),
                r.get("deviation"),
                r.get("volatility"),
            )?
            .decayed(weeks_between(r.get("last_unix_ms"), now_unix_ms))?;
            out.push(LadderEntry {
                rank: 0,
                player: PlayerId(r.get("player_id")),
                name: r.get("name"),
                rating,
                matches: r.get::<i64, _>("matches") as u32,
            });
        }
        // Sorted by score, so by the rating as shown too (rounding keeps
        // the order); the ranks of the first `top` need nobody below them.
        let shown: Vec<i64> = out.iter().map(|e| e.rating.shown_value()).collect();
        for (e, rank) in out.iter_mut().zip(competition_ranks(&shown)) {
            e.rank = rank;
        }
        Ok(out)
    }

    /// A player's rating card in the guild's current season: one entry per
    /// variant pool the player has a rating in (variant order of docs/rules.md
    /// §5), with their rank in that pool — 1 + the players (banned ones not
    /// counted) whose rating as shown is higher, as on the leaderboard — and
    /// RD grown by inactivity up to `now_unix_ms`.
    ///
    /// # Errors
    /// [`StoreError::Database`], [`StoreError::Rating`].
    pub async fn rating_card(
        &self,
        guild: GuildId,
        player: PlayerId,
        now_unix_ms: i64,
    ) -> Result<Vec<(Variant, LadderEntry)>, StoreError> {
        let season = i64::from(self.guild_settings(guild).await?.season);
        let rows = sqlx::query(concat!(
            "SELECT pool.id AS pool_id, pool.variant, ",
            shown_name!("$1", "r.player_id"),
            " AS name, r.rating, r.deviation,
                    r.volatility, r.matches, r.last_unix_ms, r.score
             FROM ratings AS r
             JOIN rating_pools AS pool ON pool.id = r.pool_id
             WHERE pool.guild_id = $1 AND pool.season = $2 AND r.player_id = $3"
        ))
        .bind(gid(guild))
        .bind(season)
        .bind(player.0)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for r in rows {
            let Ok(variant) = r.get::<String, _>("variant").parse::<Variant>() else {
                continue;
            };
            let system = RatingSystem::of(variant);
            let rating = PoolRating::from_columns(
                system,
                r.get("rating"),
                r.get("deviation"),
                r.get("volatility"),
            )?
            .decayed(weeks_between(r.get("last_unix_ms"), now_unix_ms))?;
            // Only a higher score can be shown higher (rounding keeps the
            // order): count those that are.
            let above = sqlx::query(
                "SELECT o.rating, o.deviation, o.volatility FROM ratings AS o
                 WHERE o.pool_id = $1 AND o.score > $2
                   AND NOT EXISTS (SELECT 1 FROM bans AS b WHERE b.guild_id = $3
                                   AND b.player_id = o.player_id AND b.lifted_unix_ms IS NULL)",
            )
            .bind(r.get::<i64, _>("pool_id"))
            .bind(r.get::<f64, _>("score"))
            .bind(gid(guild))
            .fetch_all(&self.pool)
            .await?;
            let mut higher = 0u32;
            for o in &above {
                let other = PoolRating::from_columns(
                    system,
                    o.get("rating"),
                    o.get("deviation"),
                    o.get("volatility"),
                )?;
                higher += u32::from(other.shown_value() > rating.shown_value());
            }
            out.push((
                variant,
                LadderEntry {
                    rank: higher + 1,
                    player,
                    name: r.get("name"),
                    rating,
                    matches: r.get::<i64, _>("matches") as u32,
                },
            ));
        }
        out.sort_by_key(|(v, _)| *v);
        Ok(out)
    }

    /// `player`'s rating history in the guild's `variant` pool of `season`
    /// (the current season when `None`): every rated, not voided match that
    /// changed it, oldest first (by end, then match number). Empty when the
    /// player has no rated match there. A voided match is not in it: voiding
    /// recomputes the pool's `rating_changes` without it.
    ///
    /// # Errors
    /// [`StoreError::Database`], [`StoreError::Rating`].
    pub async fn rating_history(
        &self,
        guild: GuildId,
        player: PlayerId,
        variant: Variant,
        season: Option<u32>,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let season = match season {
            Some(s) => i64::from(s),
            None => i64::from(self.guild_settings(guild).await?.season),
        };
        let system = RatingSystem::of(variant);
        let rows = sqlx::query(
            "SELECT c.match_id, m.finished_unix_ms, c.rating_before, c.deviation_before,
                    c.volatility_before, c.rating_after, c.deviation_after, c.volatility_after
             FROM rating_changes AS c
             JOIN rating_pools AS pool ON pool.id = c.pool_id
             JOIN matches AS m ON m.id = c.match_id
             WHERE pool.guild_id = $1 AND pool.variant = $2 AND pool.season = $3
               AND c.player_id = $4
             ORDER BY m.finished_unix_ms, c.match_id",
        )
        .bind(gid(guild))
        .bind(variant.key())
        .bind(season)
        .bind(player.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RatingPoint {
                    match_id: MatchId(r.get("match_id")),
                    finished_unix_ms: r.get::<Option<i64>, _>("finished_unix_ms").unwrap_or(0),
                    before: PoolRating::from_change_row(system, r, "before")?,
                    after: PoolRating::from_change_row(system, r, "after")?,
                })
            })
            .collect()
    }

    /// For the leaderboard's trend: each of `players`' rating just before
    /// their first rated match in the guild's `variant` pool of the current
    /// season that ended at or after `since_unix_ms`. A player with no such
    /// match is not in the map (no change in that window).
    ///
    /// # Errors
    /// [`StoreError::Database`], [`StoreError::Rating`].
    pub async fn ratings_before_window(
        &self,
        guild: GuildId,
        variant: Variant,
        players: &[PlayerId],
        since_unix_ms: i64,
    ) -> Result<HashMap<PlayerId, PoolRating>, StoreError> {
        let mut out = HashMap::new();
        if players.is_empty() {
            return Ok(out);
        }
        let season = i64::from(self.guild_settings(guild).await?.season);
        let system = RatingSystem::of(variant);
        // One page of players at a time (ten): a placeholder each.
        let list: Vec<String> = (0..players.len()).map(|i| format!("${}", i + 5)).collect();
        let sql = format!(
            "SELECT c.player_id, c.rating_before, c.deviation_before, c.volatility_before
             FROM rating_changes AS c
             JOIN rating_pools AS pool ON pool.id = c.pool_id
             JOIN matches AS m ON m.id = c.match_id
             WHERE pool.guild_id = $1 AND pool.variant = $2 AND pool.season = $3
               AND m.finished_unix_ms >= $4 AND c.player_id IN ({})
             ORDER BY m.finished_unix_ms DESC, c.match_id DESC",
            list.join(", ")
        );
        let mut q = sqlx::query(AssertSqlSafe(sql))
            .bind(gid(guild))
            .bind(variant.key())
            .bind(season)
            .bind(since_unix_ms);
        for p in players {
            q = q.bind(p.0);
        }
        // Newest first: the last row seen of a player is their earliest.
        for r in q.fetch_all(&self.pool).await? {
            out.insert(
                PlayerId(r.get("player_id")),
                PoolRating::from_change_row(system, &r, "before")?,
            );
        }
        Ok(out)
    }

    /// The rating changes match `id` caused, in seat order (empty for an
    /// unrated, aborted, voided or running match).
    ///
    /// # Errors
    /// [`StoreError::Database`], [`StoreError::Rating`].
    pub async fn rating_changes(&self, id: MatchId) -> Result<Vec<RatingChange>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.player_id, pool.system, c.rating_before, c.deviation_before, c.volatility_before,
                    c.rating_after, c.deviation_after, c.volatility_after
             FROM rating_changes AS c
             JOIN rating_pools AS pool ON pool.id = c.pool_id
             JOIN match_seats AS s ON s.match_id = c.match_id AND s.player_id = c.player_id
             WHERE c.match_id = $1 ORDER BY s.seat",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let system = if r.get::<String, _>("system") == "weng-lin" {
                    RatingSystem::WengLin
                } else {
                    RatingSystem::Glicko2
                };
                Ok(RatingChange {
                    player: PlayerId(r.get("player_id")),
                    before: PoolRating::from_change_row(system, r, "before")?,
                    after: PoolRating::from_change_row(system, r, "after")?,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_share_a_rank_and_the_next_counts_everyone_above() {
        assert_eq!(competition_ranks(&[]), Vec::<u32>::new());
        assert_eq!(competition_ranks(&[1600, 1600, 1500]), [1, 1, 3]);
        assert_eq!(
            competition_ranks(&[1700, 1600, 1600, 1600, 1500]),
            [1, 2, 2, 2, 5]
        );
        assert_eq!(competition_ranks(&[1500, 1500]), [1, 1]);
        assert_eq!(competition_ranks(&[3, 2, 1]), [1, 2, 3]);
    }

    #[test]
    fn ratings_are_equal_when_they_are_shown_alike() {
        let g = |rating: f64, rd: f64| {
            PoolRating::Glicko2(Glicko2Rating::new(rating, rd, 0.06).unwrap()).shown_value()
        };
        // 1499.6 and 1500.4 both read "1500"; a provisional "?" does not
        // make a rating different.
        assert_eq!(g(1499.6, 50.0), g(1500.4, 200.0));
        assert_eq!(g(1500.4, 50.0), 1500);
        assert_ne!(g(1500.5, 50.0), g(1500.4, 50.0), "1501 and 1500");
        let w = |mu: f64, sigma: f64| {
            let r = WengLinRating::new(mu, sigma).unwrap();
            (PoolRating::WengLin(r).shown_value(), r.to_string())
        };
        // Ordinals 5.26 and 5.34 both read "5.3"; -0.04 reads "0.0".
        assert_eq!(w(8.26, 1.0), (53, "5.3".to_string()));
        assert_eq!(w(8.34, 1.0), (53, "5.3".to_string()));
        assert_eq!(w(2.96, 1.0), (0, "0.0".to_string()));
        assert_eq!(w(1.0, 1.0), (-20, "-2.0".to_string()));
    }
}
