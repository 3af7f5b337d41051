//! Challenges and seeks with their expiry (docs/discord.md `/challenge`, `/seek`).
//! The expiry is an absolute wall-clock time, so a restart keeps it.

use sqlx::Row;

use super::{gid, locking, Db, GuildId, MatchId, PlayerId, Shards, StoreError};
use fourbot_core::game::Variant;
use fourbot_core::play::ClockSettings;

/// A challenge (named opponents) or a seek (open seats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeKind {
    /// `/challenge`: the seats are named players.
    Challenge,
    /// `/seek`: anyone may take the free seats.
    Seek,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeState {
    /// Waiting for answers until it expires.
    Open,
    /// Everyone accepted: a match started.
    Accepted,
    /// A challenged player declined.
    Declined,
    /// Nobody answered in time.
    Expired,
    /// The challenger withdrew it.
    Cancelled,
}

impl ChallengeState {
    fn key(self) -> &'static str {
        match self {
            ChallengeState::Open => "open",
            ChallengeState::Accepted => "accepted",
            ChallengeState::Declined => "declined",
            ChallengeState::Expired => "expired",
            ChallengeState::Cancelled => "cancelled",
        }
    }

    fn parse(s: &str) -> ChallengeState {
        match s {
            "accepted" => ChallengeState::Accepted,
            "declined" => ChallengeState::Declined,
            "expired" => ChallengeState::Expired,
            "cancelled" => ChallengeState::Cancelled,
            _ => ChallengeState::Open,
        }
    }
}

/// A seat of a challenge or seek, in the match's seat order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeSeat {
    /// Who sits there: a named player, the AI, or `None` (a free seat of a
    /// seek).
    pub player: Option<PlayerId>,
    /// The name they are seated under (refreshed when they answer).
    pub name: Option<String>,
    /// The AI's level (1–5) on an AI seat.
    pub ai_level: Option<u8>,
    /// They have accepted (the challenger, the AI and a seek's joiners at
    /// once).
    pub accepted: bool,
}

/// A challenge or seek to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewChallenge {
    /// Challenge or seek.
    pub kind: ChallengeKind,
    /// The guild.
    pub guild: GuildId,
    /// The channel it was posted in.
    pub channel: u64,
    /// The message with its buttons, once posted.
    pub message: Option<u64>,
    /// Who challenges (or seeks).
    pub challenger: PlayerId,
    /// The variant.
    pub variant: Variant,
    /// The time control, abort window and grace period.
    pub clock: ClockSettings,
    /// For `single`: `red`, `yellow` or `random`.
    pub color: Option<String>,
    /// Every seat in the match's order, the challenger's included (a seek:
    /// the seeker first, then free seats).
    pub seats: Vec<ChallengeSeat>,
    /// Language of its public messages (a locale tag).
    pub locale: Option<String>,
    /// The message's text as posted.
    pub text: String,
    /// The token of the interaction that posted the message (edits it for
    /// 15 minutes; never logged).
    pub token: Option<String>,
    /// When it was made, ms since 1970.
    pub created_unix_ms: i64,
    /// When it expires, ms since 1970.
    pub expires_unix_ms: i64,
}

/// A stored challenge or seek.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredChallenge {
    /// Its id.
    pub id: i64,
    /// What was asked, with the seats as they stand.
    pub new: NewChallenge,
    /// Where it stands.
    pub state: ChallengeState,
    /// The match it became, once accepted.
    pub match_id: Option<MatchId>,
}

impl Db {
    /// Stores a new open challenge or seek; returns its id.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn create_challenge(&self, c: &NewChallenge) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        Db::ensure_guild(&mut *tx, c.guild).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO challenges (kind, guild_id, channel_id, message_id, challenger_id, variant,
                 base_ms, increment_ms, abort_ms, grace_ms, color, locale, text, token,
                 created_unix_ms, expires_unix_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id",
        )
        .bind(match c.kind {
            ChallengeKind::Challenge => "challenge",
            ChallengeKind::Seek => "seek",
        })
        .bind(gid(c.guild))
        .bind(c.channel as i64)
        .bind(c.message.map(|m| m as i64))
        .bind(c.challenger.0)
        .bind(c.variant.key())
        .bind(c.clock.control.base_ms() as i64)
        .bind(c.clock.control.increment_ms() as i64)
        .bind(c.clock.abort_ms as i64)
        .bind(c.clock.grace_ms as i64)
        .bind(&c.color)
        .bind(&c.locale)
        .bind(&c.text)
        .bind(&c.token)
        .bind(c.created_unix_ms)
        .bind(c.expires_unix_ms)
        .fetch_one(&mut *tx)
        .await?;
        for (i, seat) in c.seats.iter().enumerate() {
            sqlx::query(
                "INSERT INTO challenge_seats (challenge_id, seat, player_id, name, ai_level, accepted)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(i as i64)
            .bind(seat.player.map(|p| p.0))
            .bind(&seat.name)
            .bind(seat.ai_level.map(i64::from))
            .bind(i64::from(seat.accepted))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Every open challenge and seek (of the guilds of this store's scope:
    /// [`Db::scoped`]), soonest expiry first — at start-up the adapter
    /// re-arms a timer for each at its stored expiry.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn open_challenges(&self) -> Result<Vec<StoredChallenge>, StoreError> {
        let (total, first, last) = Shards::binds(self.scope);
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM challenges
             WHERE state = 'open' AND (guild_id >> 22) % $1 BETWEEN $2 AND $3
             ORDER BY expires_unix_ms, id",
        )
        .bind(total)
        .bind(first)
        .bind(last)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(c) = self.challenge(id).await? {
                out.push(c);
            }
        }
        Ok(out)
    }

    /// How many challenges and seeks `player` made on `guild` are open and
    /// not yet expired at `now_unix_ms`, and when the first of them
    /// expires (unix ms; `None` when there is none). One read: the limit
    /// on open offers (docs/reliability.md, "Limits").
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn open_offers_by(
        &self,
        guild: GuildId,
        player: PlayerId,
        now_unix_ms: i64,
    ) -> Result<(u32, Option<i64>), StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n, MIN(expires_unix_ms) AS first FROM challenges
             WHERE guild_id = $1 AND challenger_id = $2 AND state = 'open'
               AND expires_unix_ms > $3",
        )
        .bind(gid(guild))
        .bind(player.0)
        .bind(now_unix_ms)
        .fetch_one(&self.pool)
        .await?;
        let n: i64 = row.get("n");
        Ok((n as u32, row.get::<Option<i64>, _>("first")))
    }

    /// The challenge with this id, if any.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn challenge(&self, id: i64) -> Result<Option<StoredChallenge>, StoreError> {
        let Some(r) = sqlx::query(
            "SELECT kind, guild_id, channel_id, message_id, challenger_id, variant, base_ms,
                    increment_ms, abort_ms, grace_ms, color, locale, text, token,
                    created_unix_ms, expires_unix_ms, state, match_id
             FROM challenges WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let seats = sqlx::query(
            "SELECT player_id, name, ai_level, accepted FROM challenge_seats
             WHERE challenge_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|s| ChallengeSeat {
            player: s.get::<Option<i64>, _>("player_id").map(PlayerId),
            name: s.get("name"),
            ai_level: s.get::<Option<i64>, _>("ai_level").map(|l| l as u8),
            accepted: s.get::<i64, _>("accepted") != 0,
        })
        .collect();
        let control = super::people::time_control(r.get("base_ms"), r.get("increment_ms"))
            .unwrap_or_default();
        Ok(Some(StoredChallenge {
            id,
            new: NewChallenge {
                kind: if r.get::<String, _>("kind") == "seek" {
                    ChallengeKind::Seek
                } else {
                    ChallengeKind::Challenge
                },
                guild: r.get::<i64, _>("guild_id") as GuildId,
                channel: r.get::<i64, _>("channel_id") as u64,
                message: r.get::<Option<i64>, _>("message_id").map(|m| m as u64),
                challenger: PlayerId(r.get("challenger_id")),
                variant: r
                    .get::<String, _>("variant")
                    .parse()
                    .unwrap_or(Variant::Classic),
                clock: ClockSettings {
                    control,
                    abort_ms: r.get::<i64, _>("abort_ms") as u64,
                    grace_ms: r.get::<i64, _>("grace_ms") as u64,
                },
                color: r.get("color"),
                seats,
                locale: r.get("locale"),
                text: r.get("text"),
                token: r.get("token"),
                created_unix_ms: r.get("created_unix_ms"),
                expires_unix_ms: r.get("expires_unix_ms"),
            },
            state: ChallengeState::parse(&r.get::<String, _>("state")),
            match_id: r.get::<Option<i64>, _>("match_id").map(MatchId),
        }))
    }

    /// A challenged player accepts their seat, seated from now on as `name`.
    /// Returns false unless the seat is theirs, not yet accepted, and the
    /// challenge is open and not expired at `now_unix_ms` — one guarded
    /// `UPDATE` with the challenge locked (`Db::answering`), so two
    /// racing presses accept once.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn accept_seat(
        &self,
        id: i64,
        player: PlayerId,
        name: &str,
        now_unix_ms: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.answering(id).await?;
        let done = sqlx::query(
            "UPDATE challenge_seats SET accepted = 1, name = $1
             WHERE challenge_id = $2 AND player_id = $3 AND accepted = 0
               AND EXISTS (SELECT 1 FROM challenges
                           WHERE id = $4 AND state = 'open' AND expires_unix_ms > $5)",
        )
        .bind(name)
        .bind(id)
        .bind(player.0)
        .bind(id)
        .bind(now_unix_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// A player takes the first free seat of an open seek that has not
    /// expired at `now_unix_ms` and where they are not seated yet; returns
    /// the seat (0-based), or `None` if there is none for them. One guarded
    /// `UPDATE` with the seek locked (`Db::answering`): two racing joins
    /// never take the same seat, and the second takes the next one.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn join_seek(
        &self,
        id: i64,
        player: PlayerId,
        name: &str,
        now_unix_ms: i64,
    ) -> Result<Option<u8>, StoreError> {
        let mut tx = self.answering(id).await?;
        let seat: Option<i64> = sqlx::query_scalar(
            "UPDATE challenge_seats SET player_id = $1, name = $2, accepted = 1
             WHERE challenge_id = $3 AND player_id IS NULL
               AND seat = (SELECT MIN(seat) FROM challenge_seats
                           WHERE challenge_id = $4 AND player_id IS NULL)
               AND NOT EXISTS (SELECT 1 FROM challenge_seats
                               WHERE challenge_id = $5 AND player_id = $6)
               AND EXISTS (SELECT 1 FROM challenges
                           WHERE id = $7 AND state = 'open' AND expires_unix_ms > $8)
             RETURNING seat",
        )
        .bind(player.0)
        .bind(name)
        .bind(id)
        .bind(id)
        .bind(id)
        .bind(player.0)
        .bind(id)
        .bind(now_unix_ms)
        .fetch_optional(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(seat.map(|s| s as u8))
    }

    /// Closes an open challenge with `state` (accepted — only when every
    /// seat has accepted —, declined, cancelled). Returns false if it was no
    /// longer open (or not every seat accepted) — the guard that makes two
    /// racing answers close it once, so one match starts.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn close_challenge(
        &self,
        id: i64,
        state: ChallengeState,
    ) -> Result<bool, StoreError> {
        let mut tx = self.answering(id).await?;
        let done = sqlx::query(
            "UPDATE challenges SET state = $1 WHERE id = $2 AND state = 'open'
               AND ($3 = 0 OR NOT EXISTS (SELECT 1 FROM challenge_seats
                                        WHERE challenge_id = $4 AND accepted = 0))",
        )
        .bind(state.key())
        .bind(id)
        .bind(i64::from(state == ChallengeState::Accepted))
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets the message text of challenge `id` (a seek's grows with every
    /// join).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn set_challenge_text(&self, id: i64, text: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET text = $1 WHERE id = $2")
            .bind(text)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records the message that shows challenge or seek `id` (posted after
    /// the row, whose id its buttons carry).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn set_challenge_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET message_id = $1 WHERE id = $2")
            .bind(message as i64)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records the match an accepted challenge became.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn set_challenge_match(&self, id: i64, m: MatchId) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET match_id = $1 WHERE id = $2")
            .bind(m.0)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Marks every open challenge (of the guilds of this store's scope:
    /// [`Db::scoped`]) whose expiry is at or before `now_unix_ms` as
    /// expired and returns their ids (to take their buttons away); each id
    /// is returned once, however many callers race (on PostgreSQL the
    /// `UPDATE` waits for a row another transaction holds and checks
    /// `state` again).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn expire_challenges(&self, now_unix_ms: i64) -> Result<Vec<i64>, StoreError> {
        let (total, first, last) = Shards::binds(self.scope);
        Ok(sqlx::query_scalar(
            "UPDATE challenges SET state = 'expired'
             WHERE state = 'open' AND expires_unix_ms <= $1
               AND (guild_id >> 22) % $2 BETWEEN $3 AND $4
             RETURNING id",
        )
        .bind(now_unix_ms)
        .bind(total)
        .bind(first)
        .bind(last)
        .fetch_all(&self.pool)
        .await?)
    }

    /// A write transaction holding challenge `id`'s row until it ends
    /// (PostgreSQL `FOR UPDATE`; SQLite's write transaction holds the whole
    /// database): the answers to one challenge — accept, join, close —
    /// run one after the other, each seeing the last one's result, never
    /// side by side on a stale view (two joins of a seek computing the same
    /// free seat, a close that misses an acceptance).
    async fn answering(
        &self,
        id: i64,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            self.engine
                .pick(locking!("SELECT id FROM challenges WHERE id = $1")),
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        Ok(tx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::play::TimeControl;

    fn seat(player: Option<PlayerId>, accepted: bool) -> ChallengeSeat {
        ChallengeSeat {
            player,
            name: player.map(|p| format!("p{}", p.0)),
            ai_level: None,
            accepted,
        }
    }

    fn new(challenger: PlayerId, seats: Vec<ChallengeSeat>) -> NewChallenge {
        NewChallenge {
            kind: ChallengeKind::Challenge,
            guild: 3,
            channel: 30,
            message: Some(300),
            challenger,
            variant: Variant::Popout,
            clock: ClockSettings::new(TimeControl::RAPID),
            color: None,
            seats,
            locale: Some("de".into()),
            text: "alice challenges bob".into(),
            token: Some("token".into()),
            created_unix_ms: 1_000,
            expires_unix_ms: 601_000,
        }
    }

    crate::engine_tests! {
    async fn challenges_keep_their_expiry_and_expire_once(engine) {
        let db = engine.db().await;
        let a = db.named_player("a").await.unwrap();
        let b = db.named_player("b").await.unwrap();
        let c = new(a, vec![seat(Some(a), true), seat(Some(b), false)]);
        let id = db.create_challenge(&c).await.unwrap();
        let seek = db
            .create_challenge(&NewChallenge {
                kind: ChallengeKind::Seek,
                seats: vec![seat(Some(a), true), seat(None, false)],
                expires_unix_ms: 900_000,
                ..c.clone()
            })
            .await
            .unwrap();
        let open = db.open_challenges().await.unwrap();
        assert_eq!(open.len(), 2);
        assert_eq!(open[0].new, c, "stored as asked, expiry included");
        assert!(db.expire_challenges(600_999).await.unwrap().is_empty());
        assert_eq!(db.expire_challenges(601_000).await.unwrap(), vec![id]);
        assert!(db.expire_challenges(700_000).await.unwrap().is_empty());
        assert!(
            !db.accept_seat(id, b, "b", 1_000).await.unwrap(),
            "expired: refused"
        );
        assert_eq!(
            db.join_seek(seek, a, "a", 2_000).await.unwrap(),
            None,
            "seated"
        );
        assert_eq!(db.join_seek(seek, b, "bee", 2_000).await.unwrap(), Some(1));
        assert_eq!(
            db.join_seek(seek, b, "b", 2_000).await.unwrap(),
            None,
            "full"
        );
        assert!(db
            .close_challenge(seek, ChallengeState::Accepted)
            .await
            .unwrap());
        assert!(!db
            .close_challenge(seek, ChallengeState::Declined)
            .await
            .unwrap());
        let s = db.challenge(seek).await.unwrap().unwrap();
        assert_eq!(s.state, ChallengeState::Accepted);
        assert_eq!(s.new.seats[1].player, Some(b));
        assert_eq!(s.new.seats[1].name.as_deref(), Some("bee"));
    }

    async fn open_offers_are_counted_per_player_and_guild_until_they_expire(engine) {
        let db = engine.db().await;
        let a = db.named_player("a").await.unwrap();
        let b = db.named_player("b").await.unwrap();
        assert_eq!(db.open_offers_by(3, a, 1_000).await.unwrap(), (0, None));
        let c = new(a, vec![seat(Some(a), true), seat(Some(b), false)]);
        let first = db.create_challenge(&c).await.unwrap();
        db.create_challenge(&NewChallenge {
            kind: ChallengeKind::Seek,
            seats: vec![seat(Some(a), true), seat(None, false)],
            expires_unix_ms: 900_000,
            ..c.clone()
        })
        .await
        .unwrap();
        // Another server's and another player's do not count.
        db.create_challenge(&NewChallenge { guild: 4, ..c.clone() })
            .await
            .unwrap();
        db.create_challenge(&new(b, vec![seat(Some(b), true), seat(Some(a), false)]))
            .await
            .unwrap();
        assert_eq!(
            db.open_offers_by(3, a, 1_000).await.unwrap(),
            (2, Some(601_000))
        );
        // Past its expiry a challenge no longer counts, expired or not yet.
        assert_eq!(
            db.open_offers_by(3, a, 601_000).await.unwrap(),
            (1, Some(900_000))
        );
        assert!(db
            .close_challenge(first, ChallengeState::Cancelled)
            .await
            .unwrap());
        assert_eq!(
            db.open_offers_by(3, a, 1_000).await.unwrap(),
            (1, Some(900_000))
        );
    }

    async fn a_challenge_is_accepted_once_and_only_when_every_seat_accepted(engine) {
        let db = engine.db().await;
        let a = db.named_player("a").await.unwrap();
        let b = db.named_player("b").await.unwrap();
        let c = db.named_player("c").await.unwrap();
        let id = db
            .create_challenge(&new(
                a,
                vec![
                    seat(Some(a), true),
                    seat(Some(b), false),
                    seat(Some(c), false),
                ],
            ))
            .await
            .unwrap();
        assert!(
            !db.accept_seat(id, a, "a", 2_000).await.unwrap(),
            "accepted already"
        );
        assert!(db.accept_seat(id, b, "b", 2_000).await.unwrap());
        assert!(!db.accept_seat(id, b, "b", 2_000).await.unwrap(), "once");
        assert!(
            !db.close_challenge(id, ChallengeState::Accepted)
                .await
                .unwrap(),
            "c has not accepted"
        );
        // c's two simultaneous presses: one acceptance, one match.
        let (x, y) = tokio::join!(
            db.accept_seat(id, c, "c", 2_000),
            db.accept_seat(id, c, "c", 2_000)
        );
        assert!(x.unwrap() ^ y.unwrap());
        let (x, y) = tokio::join!(
            db.close_challenge(id, ChallengeState::Accepted),
            db.close_challenge(id, ChallengeState::Accepted)
        );
        assert!(x.unwrap() ^ y.unwrap());
    }

    async fn joins_racing_for_a_seek_take_one_seat_each(engine) {
        let db = engine.db().await;
        let seeker = db.named_player("s").await.unwrap();
        let mut joiners = Vec::new();
        for n in ["j1", "j2", "j3", "j4"] {
            joiners.push(db.named_player(n).await.unwrap());
        }
        for round in 0..5 {
            let seek = db
                .create_challenge(&NewChallenge {
                    kind: ChallengeKind::Seek,
                    variant: Variant::Teams,
                    seats: vec![
                        seat(Some(seeker), true),
                        seat(None, false),
                        seat(None, false),
                        seat(None, false),
                    ],
                    ..new(seeker, Vec::new())
                })
                .await
                .unwrap();
            // Four presses at once for three seats (PostgreSQL: on four
            // connections of the pool).
            let (a, b, c, d) = tokio::join!(
                db.join_seek(seek, joiners[0], "j1", 2_000),
                db.join_seek(seek, joiners[1], "j2", 2_000),
                db.join_seek(seek, joiners[2], "j3", 2_000),
                db.join_seek(seek, joiners[3], "j4", 2_000)
            );
            let mut seats: Vec<u8> = [a, b, c, d].into_iter().filter_map(|r| r.unwrap()).collect();
            seats.sort();
            assert_eq!(seats, [1, 2, 3], "round {round}: every free seat taken once");
        }
    }
    }
}
