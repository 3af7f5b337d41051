//! Read-only queries for views: a match with its games and moves, a
//! player's match history, a player's running matches.

use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};

use super::matches::{phase_of, EndKind};
use super::{shown_name, Db, GuildId, MatchId, PlayerId, StoreError};
use fourbot_core::game::Variant;

/// One seat of a stored match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatDetail {
    /// 0-based seat (0 = p1).
    pub seat: u8,
    /// The side it scores for (teams: 0 = team A, 1 = team B).
    pub side: u8,
    /// The player.
    pub player: PlayerId,
    /// The name the match's server shows for the player (its nickname
    /// for them, else their own name: docs/store.md "Names per server").
    pub name: String,
    /// Its bank: the clock state (ms) — final once the match ended.
    pub bank_ms: u64,
}

/// The head-to-head record of one player against another on one server
/// (`/rating user versus`, docs/discord.md): the finished two-sided
/// matches in which they sat on opposite sides, rated or not, every
/// variant, neither aborted nor voided (an aborted or voided match has no
/// result to count, docs/rules.md §3, §6). Seen from the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeadToHead {
    /// Matches counted.
    pub matches: u32,
    /// Games of those matches the first player's side won (a resigned game
    /// is won by the other side; a game ended by a forfeit or an abort
    /// gives no points and counts nowhere).
    pub won: u32,
    /// Games drawn.
    pub drawn: u32,
    /// Games lost.
    pub lost: u32,
    /// Match points of the first player's side, summed, in half-points
    /// (a forfeit counts as recorded: 0:2).
    pub points_halves: u32,
    /// Match points of the other player's side, in half-points.
    pub other_halves: u32,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveDetail {
    /// 1-based disc number in the game (a drawn opening counts).
    pub ply: u32,
    /// 0-based seat of the mover.
    pub seat: u8,
    /// The move in docs/rules.md §2 notation (`d`, `-a`).
    pub mv: String,
    /// Match time of the move, ms.
    pub at_ms: u64,
    /// Time from the start of the turn to the move, ms.
    pub time_used_ms: u64,
    /// The mover's bank after the move (increment included), ms.
    pub bank_ms: u64,
}

/// One stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDetail {
    /// 1-based game number.
    pub number: u8,
    /// 0-based seat that played red and moved first.
    pub first_seat: u8,
    /// How it ended, as shown (`red wins`, `p2 resigned`, `draw`); `None`
    /// while played.
    pub end: Option<String>,
    /// Half-points per side (empty while played).
    pub points_halves: Vec<u32>,
    /// The players' moves, first first (the drawn opening is in
    /// [`MatchDetail::opening`]).
    pub moves: Vec<MoveDetail>,
}

/// A stored match with its games and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchDetail {
    /// Its id.
    pub id: MatchId,
    /// Its guild.
    pub guild: GuildId,
    /// The variant.
    pub variant: Variant,
    /// `base+inc`, e.g. `10+10`.
    pub time_control: String,
    /// The ladder season it belongs to.
    pub season: u32,
    /// Whether it counts for ratings (and is not voided).
    pub rated: bool,
    /// Whether a moderator voided it.
    pub voided: bool,
    /// Playing, between games or finished.
    pub phase: fourbot_core::play::PhaseKind,
    /// `completed`, `aborted`, `forfeit p2 flag`, …; `None` while running.
    pub end: Option<String>,
    /// Half-points per side of the result (empty while running).
    pub points_halves: Vec<u32>,
    /// Places per side (empty while running or when aborted).
    pub places: Vec<u8>,
    /// Drawn opening (random-opening), e.g. `d d c e`.
    pub opening: Option<String>,
    /// Obstacle blocks, e.g. `b1 b2 f1 f2`.
    pub blocks: Option<String>,
    /// The seats, p1 first.
    pub seats: Vec<SeatDetail>,
    /// The games, game 1 first.
    pub games: Vec<GameDetail>,
}

/// One line of a player's match history.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryEntry {
    /// The match.
    pub id: MatchId,
    /// The server it was played on.
    pub guild: GuildId,
    /// The server's ladder season it was played in (docs/rules.md §6).
    pub season: u32,
    /// The variant.
    pub variant: Variant,
    /// The player's seat (0-based).
    pub seat: u8,
    /// The other players' names as the match's server shows them, in seat
    /// order.
    pub opponents: Vec<String>,
    /// The player's side's half-points, and every side's, side 0 first.
    pub points_halves: Vec<u32>,
    /// The player's side's place (`None` when aborted).
    pub place: Option<u8>,
    /// How the match ended.
    pub end: EndKind,
    /// Rating before and after (rating points or skill units); `None` when
    /// unrated.
    pub rating: Option<(f64, f64)>,
    /// Whether a moderator voided it.
    pub voided: bool,
    /// Wall clock of the end, ms since 1970.
    pub finished_unix_ms: i64,
}

/// A running match of a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunningEntry {
    /// The match.
    pub id: MatchId,
    /// Its guild.
    pub guild: GuildId,
    /// The variant.
    pub variant: Variant,
    /// The player's seat (0-based).
    pub seat: u8,
    /// The other players' names, in seat order.
    pub opponents: Vec<String>,
}

/// A finished rated match of a server, for a moderator's `/ladder void`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedEntry {
    /// The match.
    pub id: MatchId,
    /// The variant.
    pub variant: Variant,
    /// Every player's name as the server shows it, in seat order.
    pub players: Vec<String>,
}

// Lists in one row, the same on SQLite and PostgreSQL (which spell
// `group_concat` differently): a column per position, NULL past the end.
// A match has at most 3 sides and 4 seats (so 3 opponents).

/// `points0..points2`: the half-points of sides 0–2 of match `m.id`.
macro_rules! side_points {
    () => {
        "(SELECT points_halves FROM match_sides WHERE match_id = m.id AND side = 0) AS points0,
         (SELECT points_halves FROM match_sides WHERE match_id = m.id AND side = 1) AS points1,
         (SELECT points_halves FROM match_sides WHERE match_id = m.id AND side = 2) AS points2"
    };
}

/// `opponent0..opponent2`: the names at the seats of match `m.id` other
/// than seat `s.seat`, in seat order, as the match's server shows them.
macro_rules! opponents {
    () => {
        concat!(
            "(SELECT ", shown_name!("m.guild_id", "o.player_id"), " FROM match_seats AS o
              WHERE o.match_id = m.id AND o.seat <> s.seat ORDER BY o.seat LIMIT 1 OFFSET 0) AS opponent0,
             (SELECT ", shown_name!("m.guild_id", "o.player_id"), " FROM match_seats AS o
              WHERE o.match_id = m.id AND o.seat <> s.seat ORDER BY o.seat LIMIT 1 OFFSET 1) AS opponent1,
             (SELECT ", shown_name!("m.guild_id", "o.player_id"), " FROM match_seats AS o
              WHERE o.match_id = m.id AND o.seat <> s.seat ORDER BY o.seat LIMIT 1 OFFSET 2) AS opponent2"
        )
    };
}

/// The values of the columns `<prefix>0`, `<prefix>1`, `<prefix>2` up to the
/// first NULL.
fn listed<T>(r: &AnyRow, prefix: &str) -> Vec<T>
where
    T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any>,
{
    listed_up_to(r, prefix, 3)
}

/// The values of the columns `<prefix>0` … `<prefix>{count − 1}` up to the
/// first NULL.
fn listed_up_to<T>(r: &AnyRow, prefix: &str, count: usize) -> Vec<T>
where
    T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any>,
{
    (0..count)
        .map_while(|i| r.get::<Option<T>, _>(format!("{prefix}{i}").as_str()))
        .collect()
}

/// Half-points as stored (small and non-negative).
fn halves(points: Vec<i64>) -> Vec<u32> {
    points.into_iter().map(|p| p as u32).collect()
}

impl Db {
    /// Match `id` with its seats, result, games and moves.
    ///
    /// # Errors
    /// [`StoreError::NoSuchMatch`], [`StoreError::Corrupt`] (unknown variant),
    /// [`StoreError::Database`].
    pub async fn match_detail(&self, id: MatchId) -> Result<MatchDetail, StoreError> {
        let m = sqlx::query(
            "SELECT guild_id, variant, base_ms, increment_ms, season, rated, voided, phase,
                    end_kind, end_seat, forfeit_reason, opening, blocks
             FROM matches WHERE id = $1",
        )
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NoSuchMatch(id))?;
        let variant: Variant = m
            .get::<String, _>("variant")
            .parse()
            .map_err(|e| StoreError::corrupt(id, e))?;
        let end = m.get::<Option<String>, _>("end_kind").map(|k| {
            match (k.as_str(), m.get::<Option<i64>, _>("end_seat")) {
                ("forfeit", Some(s)) => format!(
                    "forfeit p{} {}",
                    s + 1,
                    m.get::<Option<String>, _>("forfeit_reason")
                        .unwrap_or_default()
                ),
                _ => k,
            }
        });
        let seats = sqlx::query(concat!(
            "SELECT s.seat, s.side, s.player_id, s.bank_ms, ",
            shown_name!("m.guild_id", "s.player_id"),
            " AS name FROM match_seats AS s JOIN matches AS m ON m.id = s.match_id
             WHERE s.match_id = $1 ORDER BY s.seat"
        ))
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| SeatDetail {
            seat: r.get::<i64, _>("seat") as u8,
            side: r.get::<i64, _>("side") as u8,
            player: PlayerId(r.get("player_id")),
            name: r.get("name"),
            bank_ms: r.get::<i64, _>("bank_ms") as u64,
        })
        .collect();
        let sides = sqlx::query(
            "SELECT points_halves, place FROM match_sides WHERE match_id = $1 ORDER BY side",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        let game_rows = sqlx::query(
            "SELECT g.number, g.first_seat, g.end_detail,
                    (SELECT points_halves FROM game_points AS gp
                     WHERE gp.match_id = g.match_id AND gp.game = g.number AND gp.side = 0) AS points0,
                    (SELECT points_halves FROM game_points AS gp
                     WHERE gp.match_id = g.match_id AND gp.game = g.number AND gp.side = 1) AS points1,
                    (SELECT points_halves FROM game_points AS gp
                     WHERE gp.match_id = g.match_id AND gp.game = g.number AND gp.side = 2) AS points2
             FROM games AS g WHERE g.match_id = $1 ORDER BY g.number",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        let move_rows = sqlx::query(
            "SELECT game, ply, seat, mv, at_ms, time_used_ms, bank_ms FROM moves
             WHERE match_id = $1 AND taken_back = 0 ORDER BY game, ply",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        let mut games: Vec<GameDetail> = game_rows
            .iter()
            .map(|r| GameDetail {
                number: r.get::<i64, _>("number") as u8,
                first_seat: r.get::<i64, _>("first_seat") as u8,
                end: r.get("end_detail"),
                points_halves: halves(listed(r, "points")),
                moves: Vec::new(),
            })
            .collect();
        for r in &move_rows {
            let game = r.get::<i64, _>("game") as usize;
            if let Some(g) = games.get_mut(game.wrapping_sub(1)) {
                g.moves.push(MoveDetail {
                    ply: u32::try_from(r.get::<i64, _>("ply")).unwrap_or(u32::MAX),
                    seat: r.get::<i64, _>("seat") as u8,
                    mv: r.get("mv"),
                    at_ms: r.get::<i64, _>("at_ms") as u64,
                    time_used_ms: r.get::<i64, _>("time_used_ms") as u64,
                    bank_ms: r.get::<i64, _>("bank_ms") as u64,
                });
            }
        }
        Ok(MatchDetail {
            id,
            guild: m.get::<i64, _>("guild_id") as GuildId,
            variant,
            time_control: format!(
                "{}+{}",
                m.get::<i64, _>("base_ms") / 60_000,
                m.get::<i64, _>("increment_ms") / 1_000
            ),
            season: m.get::<i64, _>("season") as u32,
            rated: m.get::<i64, _>("rated") != 0,
            voided: m.get::<i64, _>("voided") != 0,
            phase: phase_of(&m.get::<String, _>("phase")).ok_or_else(|| {
                StoreError::corrupt(id, format!("phase {}", m.get::<String, _>("phase")))
            })?,
            end,
            points_halves: sides
                .iter()
                .map(|r| r.get::<i64, _>("points_halves") as u32)
                .collect(),
            places: sides
                .iter()
                .filter_map(|r| r.get::<Option<i64>, _>("place").map(|p| p as u8))
                .collect(),
            opening: m.get("opening"),
            blocks: m.get("blocks"),
            seats,
            games,
        })
    }

    /// The head-to-head record of `player` against `other` on server
    /// `guild` ([`HeadToHead`]): two COUNT/SUM queries over the matches in
    /// which both sat, on opposite sides of a match of exactly two sides.
    /// The same player twice has no record (all zero).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn head_to_head(
        &self,
        guild: GuildId,
        player: PlayerId,
        other: PlayerId,
    ) -> Result<HeadToHead, StoreError> {
        // The matches counted: `a` is the player's seat, `b` the other's,
        // `sa`/`sb` their sides' results; a third side (three players)
        // leaves the match out. SUM is cast: PostgreSQL sums BIGINT to
        // NUMERIC, which sqlx's Any driver cannot read.
        const COUNTED: &str = "FROM matches AS m
             JOIN match_seats AS a ON a.match_id = m.id AND a.player_id = $1
             JOIN match_seats AS b ON b.match_id = m.id AND b.player_id = $2 AND b.side <> a.side
             WHERE m.guild_id = $3 AND m.phase = 'finished' AND m.voided = 0
               AND m.end_kind <> 'aborted'
               AND NOT EXISTS (SELECT 1 FROM match_sides AS x WHERE x.match_id = m.id
                               AND x.side <> a.side AND x.side <> b.side)";
        if player == other {
            return Ok(HeadToHead::default());
        }
        let mut conn = self.read().await?;
        let totals = sqlx::query(AssertSqlSafe(format!(
            "SELECT COUNT(*) AS matches,
                    CAST(COALESCE(SUM(sa.points_halves), 0) AS BIGINT) AS mine,
                    CAST(COALESCE(SUM(sb.points_halves), 0) AS BIGINT) AS theirs
             {}",
            COUNTED.replacen(
                "WHERE",
                "JOIN match_sides AS sa ON sa.match_id = m.id AND sa.side = a.side
             JOIN match_sides AS sb ON sb.match_id = m.id AND sb.side = b.side
             WHERE",
                1
            )
        )))
        .bind(player.0)
        .bind(other.0)
        .bind(super::gid(guild))
        .fetch_one(&mut *conn)
        .await?;
        let games = sqlx::query(AssertSqlSafe(format!(
            "SELECT CAST(COALESCE(SUM(CASE WHEN ga.points_halves > gb.points_halves THEN 1 ELSE 0 END), 0) AS BIGINT) AS won,
                    CAST(COALESCE(SUM(CASE WHEN ga.points_halves = gb.points_halves AND ga.points_halves > 0 THEN 1 ELSE 0 END), 0) AS BIGINT) AS drawn,
                    CAST(COALESCE(SUM(CASE WHEN ga.points_halves < gb.points_halves THEN 1 ELSE 0 END), 0) AS BIGINT) AS lost
             {}",
            COUNTED.replacen(
                "WHERE",
                "JOIN game_points AS ga ON ga.match_id = m.id AND ga.side = a.side
             JOIN game_points AS gb ON gb.match_id = m.id AND gb.game = ga.game AND gb.side = b.side
             WHERE",
                1
            )
        )))
        .bind(player.0)
        .bind(other.0)
        .bind(super::gid(guild))
        .fetch_one(&mut *conn)
        .await?;
        let n = |r: &AnyRow, c: &str| u32::try_from(r.get::<i64, _>(c)).unwrap_or(u32::MAX);
        Ok(HeadToHead {
            matches: n(&totals, "matches"),
            won: n(&games, "won"),
            drawn: n(&games, "drawn"),
            lost: n(&games, "lost"),
            points_halves: n(&totals, "mine"),
            other_halves: n(&totals, "theirs"),
        })
    }

    /// The finished matches `player` took part in on server `guild`, newest
    /// first, at most `limit` (matches on other servers are never counted
    /// against the limit).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn match_history(
        &self,
        player: PlayerId,
        guild: GuildId,
        limit: u32,
    ) -> Result<Vec<HistoryEntry>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT m.id, m.guild_id, m.season, m.variant, s.seat, m.end_kind, m.voided, m.finished_unix_ms, ",
            opponents!(),
            ", ",
            side_points!(),
            ",
                    (SELECT place FROM match_sides AS ms WHERE ms.match_id = m.id
                         AND ms.side = s.side) AS place,
                    c.rating_before, c.rating_after
             FROM match_seats AS s
             JOIN matches AS m ON m.id = s.match_id
             LEFT JOIN rating_changes AS c ON c.match_id = m.id AND c.player_id = s.player_id
             WHERE s.player_id = $1 AND m.guild_id = $2 AND m.phase = 'finished'
             ORDER BY m.finished_unix_ms DESC, m.id DESC
             LIMIT $3"
        ))
        .bind(player.0)
        .bind(super::gid(guild))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .filter_map(|r| {
                let variant = r.get::<String, _>("variant").parse().ok()?;
                let before: Option<f64> = r.get("rating_before");
                let after: Option<f64> = r.get("rating_after");
                Some(HistoryEntry {
                    id: MatchId(r.get("id")),
                    guild: r.get::<i64, _>("guild_id") as GuildId,
                    season: r.get::<i64, _>("season") as u32,
                    variant,
                    seat: r.get::<i64, _>("seat") as u8,
                    opponents: listed(r, "opponent"),
                    points_halves: halves(listed(r, "points")),
                    place: r.get::<Option<i64>, _>("place").map(|p| p as u8),
                    end: r
                        .get::<Option<String>, _>("end_kind")
                        .as_deref()
                        .and_then(EndKind::parse)
                        .unwrap_or(EndKind::Completed),
                    rating: before.zip(after),
                    voided: r.get::<i64, _>("voided") != 0,
                    finished_unix_ms: r.get::<Option<i64>, _>("finished_unix_ms").unwrap_or(0),
                })
            })
            .collect())
    }

    /// `guild`'s finished rated matches that are not voided, newest first,
    /// at most `limit`: what a moderator may void (the `matches_pool`
    /// index starts with the guild).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn recent_rated_matches(
        &self,
        guild: GuildId,
        limit: u32,
    ) -> Result<Vec<RatedEntry>, StoreError> {
        let seat = |n: u8| {
            format!(
                concat!(
                    "(SELECT ",
                    shown_name!("m.guild_id", "s.player_id"),
                    " FROM match_seats AS s WHERE s.match_id = m.id AND s.seat = {0}) AS player{0}"
                ),
                n
            )
        };
        // A match has at most 4 seats.
        let sql = format!(
            "SELECT m.id, m.variant, {}, {}, {}, {} FROM matches AS m
             WHERE m.guild_id = $1 AND m.phase = 'finished' AND m.rated = 1 AND m.voided = 0
             ORDER BY m.finished_unix_ms DESC, m.id DESC
             LIMIT $2",
            seat(0),
            seat(1),
            seat(2),
            seat(3)
        );
        let rows = sqlx::query(AssertSqlSafe(sql))
            .bind(super::gid(guild))
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .filter_map(|r| {
                Some(RatedEntry {
                    id: MatchId(r.get("id")),
                    variant: r.get::<String, _>("variant").parse().ok()?,
                    players: listed_up_to(r, "player", 4),
                })
            })
            .collect())
    }

    /// The matches `player` sits in that have not ended, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn running_matches_of(
        &self,
        player: PlayerId,
    ) -> Result<Vec<RunningEntry>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT m.id, m.guild_id, m.variant, s.seat, ",
            opponents!(),
            " FROM match_seats AS s JOIN matches AS m ON m.id = s.match_id
             WHERE s.player_id = $1 AND m.phase <> 'finished'
             ORDER BY m.id"
        ))
        .bind(player.0)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .filter_map(|r| {
                Some(RunningEntry {
                    id: MatchId(r.get("id")),
                    guild: r.get::<i64, _>("guild_id") as GuildId,
                    variant: r.get::<String, _>("variant").parse().ok()?,
                    seat: r.get::<i64, _>("seat") as u8,
                    opponents: listed(r, "opponent"),
                })
            })
            .collect())
    }
}

impl Db {
    /// The Discord users `player` met most often on server `guild` (their
    /// stored player, Discord user id), with how many matches: the matches [`Db::head_to_head`] counts (finished,
    /// neither aborted nor voided, exactly two sides, on opposite sides),
    /// most first, then the most recently met; at most `limit`. Players
    /// without a Discord account (the AI, the terminal's, imports) are
    /// left out: they have no page to link (the web's player pages).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn frequent_opponents(
        &self,
        guild: GuildId,
        player: PlayerId,
        limit: u32,
    ) -> Result<Vec<(PlayerId, u64, u32)>, StoreError> {
        let rows = sqlx::query(
            "SELECT b.player_id AS player, p.discord_id AS discord_id, COUNT(*) AS matches,
                    MAX(m.id) AS newest
             FROM matches AS m
             JOIN match_seats AS a ON a.match_id = m.id AND a.player_id = $1
             JOIN match_seats AS b ON b.match_id = m.id AND b.side <> a.side
             JOIN players AS p ON p.id = b.player_id
             WHERE m.guild_id = $2 AND m.phase = 'finished' AND m.voided = 0
               AND m.end_kind <> 'aborted' AND p.discord_id IS NOT NULL AND p.is_bot = 0
               AND b.player_id <> a.player_id
               AND NOT EXISTS (SELECT 1 FROM match_sides AS x WHERE x.match_id = m.id
                               AND x.side <> a.side AND x.side <> b.side)
             GROUP BY b.player_id, p.discord_id
             ORDER BY matches DESC, newest DESC
             LIMIT $3",
        )
        .bind(player.0)
        .bind(super::gid(guild))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| {
                (
                    PlayerId(r.get("player")),
                    r.get::<i64, _>("discord_id") as u64,
                    u32::try_from(r.get::<i64, _>("matches")).unwrap_or(u32::MAX),
                )
            })
            .collect())
    }
}
