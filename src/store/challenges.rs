//! Challenges and seeks with their expiry (DISCORD.md `/challenge`, `/seek`).
//! The expiry is an absolute wall-clock time, so a restart keeps it.

use sqlx::Row;

use super::{gid, Db, GuildId, MatchId, PlayerId, StoreError};
use crate::game::Variant;
use crate::play::TimeControl;

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
    /// Who challenges (seat p1 is the first challenged player, RULES.md).
    pub challenger: PlayerId,
    /// The variant.
    pub variant: Variant,
    /// The time control.
    pub time: TimeControl,
    /// For `single`: `red`, `yellow` or `random`.
    pub color: Option<String>,
    /// The other seats: a named player (challenge) or `None` (a free seat of
    /// a seek).
    pub seats: Vec<Option<PlayerId>>,
    /// When it was made, ms since 1970.
    pub created_unix_ms: i64,
    /// When it expires, ms since 1970.
    pub expires_unix_ms: i64,
}

/// A stored challenge or seek.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its id.
    pub id: i64,
    /// What was asked.
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
                 base_ms, increment_ms, color, created_unix_ms, expires_unix_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
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
        .bind(c.time.base_ms() as i64)
        .bind(c.time.increment_ms() as i64)
        .bind(&c.color)
        .bind(c.created_unix_ms)
        .bind(c.expires_unix_ms)
        .fetch_one(&mut *tx)
        .await?;
        for (i, p) in c.seats.iter().enumerate() {
            sqlx::query(
                "INSERT INTO challenge_seats (challenge_id, seat, player_id) VALUES (?, ?, ?)",
            )
            .bind(id)
            .bind(i as i64)
            .bind(p.map(|p| p.0))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Every open challenge and seek, soonest expiry first — at start-up the
    /// host re-arms a timer for each at its stored expiry.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn open_challenges(&self) -> Result<Vec<Challenge>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM challenges WHERE state = 'open' ORDER BY expires_unix_ms, id",
        )
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

    /// The challenge with this id, if any.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn challenge(&self, id: i64) -> Result<Option<Challenge>, StoreError> {
        let Some(r) = sqlx::query(
            "SELECT kind, guild_id, channel_id, message_id, challenger_id, variant, base_ms,
                    increment_ms, color, created_unix_ms, expires_unix_ms, state, match_id
             FROM challenges WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let seats: Vec<Option<i64>> = sqlx::query_scalar(
            "SELECT player_id FROM challenge_seats WHERE challenge_id = ? ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let time = super::people::time_control(r.get("base_ms"), r.get("increment_ms"))
            .unwrap_or_default();
        Ok(Some(Challenge {
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
                time,
                color: r.get("color"),
                seats: seats.into_iter().map(|p| p.map(PlayerId)).collect(),
                created_unix_ms: r.get("created_unix_ms"),
                expires_unix_ms: r.get("expires_unix_ms"),
            },
            state: ChallengeState::parse(&r.get::<String, _>("state")),
            match_id: r.get::<Option<i64>, _>("match_id").map(MatchId),
        }))
    }

    /// A player takes a free seat of an open seek (or a challenged player
    /// accepts theirs). Returns false if the seat is taken by someone else
    /// or the challenge is no longer open.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn take_seat(&self, id: i64, seat: u8, player: PlayerId) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE challenge_seats SET player_id = ?, accepted = 1
             WHERE challenge_id = ? AND seat = ? AND (player_id IS NULL OR player_id = ?)
               AND (SELECT state FROM challenges WHERE id = ?) = 'open'",
        )
        .bind(player.0)
        .bind(id)
        .bind(i64::from(seat))
        .bind(player.0)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Closes an open challenge with `state` (accepted with its match,
    /// declined, cancelled). Returns false if it was no longer open — the
    /// guard that makes two racing answers close it once.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn close_challenge(
        &self,
        id: i64,
        state: ChallengeState,
        match_id: Option<MatchId>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE challenges SET state = ?, match_id = ? WHERE id = ? AND state = 'open'",
        )
        .bind(state.key())
        .bind(match_id.map(|m| m.0))
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Marks every open challenge whose expiry is at or before `now_unix_ms`
    /// as expired and returns their ids (to take their buttons away).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn expire_challenges(&self, now_unix_ms: i64) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "UPDATE challenges SET state = 'expired'
             WHERE state = 'open' AND expires_unix_ms <= ? RETURNING id",
        )
        .bind(now_unix_ms)
        .fetch_all(&self.pool)
        .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::memory;

    #[tokio::test]
    async fn challenges_keep_their_expiry_and_expire_once() {
        let db = memory().await;
        let a = db.named_player("a").await.unwrap();
        let b = db.named_player("b").await.unwrap();
        let new = NewChallenge {
            kind: ChallengeKind::Challenge,
            guild: 3,
            channel: 30,
            message: Some(300),
            challenger: a,
            variant: Variant::Popout,
            time: TimeControl::RAPID,
            color: None,
            seats: vec![Some(b)],
            created_unix_ms: 1_000,
            expires_unix_ms: 601_000,
        };
        let id = db.create_challenge(&new).await.unwrap();
        let seek = db
            .create_challenge(&NewChallenge {
                kind: ChallengeKind::Seek,
                seats: vec![None],
                expires_unix_ms: 900_000,
                ..new.clone()
            })
            .await
            .unwrap();
        let open = db.open_challenges().await.unwrap();
        assert_eq!(open.len(), 2);
        assert_eq!(open[0].new, new, "stored as asked, expiry included");
        assert!(db.expire_challenges(600_999).await.unwrap().is_empty());
        assert_eq!(db.expire_challenges(601_000).await.unwrap(), vec![id]);
        assert!(db.expire_challenges(700_000).await.unwrap().is_empty());
        assert!(db.take_seat(seek, 0, b).await.unwrap());
        assert!(!db.take_seat(seek, 0, a).await.unwrap(), "seat taken");
        assert!(db
            .close_challenge(seek, ChallengeState::Accepted, None)
            .await
            .unwrap());
        assert!(!db
            .close_challenge(seek, ChallengeState::Declined, None)
            .await
            .unwrap());
        let c = db.challenge(seek).await.unwrap().unwrap();
        assert_eq!(c.state, ChallengeState::Accepted);
        assert_eq!(c.new.seats, vec![Some(b)]);
    }
}
