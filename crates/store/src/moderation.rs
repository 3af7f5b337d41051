//! The moderation log (issue 35 §6, docs/discord.md "Moderation log"):
//! every moderator action of a server, stored whether or not the server
//! has a log channel.

use sqlx::Row;

use super::{gid, Db, GuildId, StoreError};

/// One moderator action as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModerationRecord {
    /// The server.
    pub guild: GuildId,
    /// When it was done, in milliseconds since 1970-01-01 UTC.
    pub unix_ms: i64,
    /// The moderator's Discord user id.
    pub moderator: u64,
    /// What was done: a short key (`ban`, `void`, `config`, …; the host's
    /// `ModAction::key`).
    pub action: String,
    /// The member acted on (a Discord user id), if any.
    pub user: Option<u64>,
    /// What was acted on, as text: a match id, a season, a tournament,
    /// the settings changed.
    pub subject: Option<String>,
    /// The reason as the moderator typed it; `None` when none was given.
    pub reason: Option<String>,
}

impl Db {
    /// Stores `record` at the end of its server's log; its id.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn record_moderation(&self, record: &ModerationRecord) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO moderation_actions
                 (guild_id, unix_ms, moderator_id, action, user_id, subject, reason)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(gid(record.guild))
        .bind(record.unix_ms)
        .bind(record.moderator as i64)
        .bind(&record.action)
        .bind(record.user.map(|u| u as i64))
        .bind(&record.subject)
        .bind(&record.reason)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The last `limit` moderator actions of `guild`, newest first.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn moderation_log(
        &self,
        guild: GuildId,
        limit: u32,
    ) -> Result<Vec<ModerationRecord>, StoreError> {
        let rows = sqlx::query(
            "SELECT unix_ms, moderator_id, action, user_id, subject, reason
             FROM moderation_actions WHERE guild_id = $1 ORDER BY id DESC LIMIT $2",
        )
        .bind(gid(guild))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| ModerationRecord {
                guild,
                unix_ms: r.get("unix_ms"),
                moderator: r.get::<i64, _>("moderator_id") as u64,
                action: r.get("action"),
                user: r.get::<Option<i64>, _>("user_id").map(|u| u as u64),
                subject: r.get("subject"),
                reason: r.get("reason"),
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::engine_tests! {
    async fn moderator_actions_are_kept_per_server_newest_first(engine) {
        let db = engine.db().await;
        let record = |guild, action: &str, reason: Option<&str>| ModerationRecord {
            guild,
            unix_ms: 1_700_000_000_000,
            moderator: 42,
            action: action.into(),
            user: Some(7),
            subject: None,
            reason: reason.map(str::to_string),
        };
        db.record_moderation(&record(5, "ban", Some("spam"))).await.unwrap();
        db.record_moderation(&record(6, "void", None)).await.unwrap();
        db.record_moderation(&record(5, "unban", None)).await.unwrap();
        let log = db.moderation_log(5, 10).await.unwrap();
        assert_eq!(log, vec![record(5, "unban", None), record(5, "ban", Some("spam"))]);
        assert_eq!(db.moderation_log(5, 1).await.unwrap().len(), 1);
        assert_eq!(db.moderation_log(6, 10).await.unwrap(), vec![record(6, "void", None)]);
    }
    }
}
