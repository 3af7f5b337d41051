//! Where each match is shown on Discord (`match_threads`, schema version
//! 2): its thread, the message whose buttons are live, whether it is over
//! and whether the bot archived the thread. The Discord adapter keeps a copy
//! in memory (`discord::routes::Routes`) and writes every change here, so a
//! restarted bot posts a resumed match into its thread at once.

use sqlx::Row;

use super::{Db, Engine, MatchId, MatchThread, Pending, Shards, StoreError};

/// A match's thread as loaded, with what the match itself says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredThread {
    /// The thread row.
    pub thread: MatchThread,
    /// Language of the match's public messages (`matches.locale`).
    pub locale: Option<String>,
    /// The Discord user of each seat, p1 first; `None` for the AI and for
    /// players without one.
    pub players: Vec<Option<u64>>,
}

impl Db {
    /// Writes (inserts or replaces) the thread of a match.
    ///
    /// # Errors
    /// [`StoreError::Database`], e.g. a match id the store does not know.
    pub async fn save_match_thread(&self, t: &MatchThread) -> Result<(), StoreError> {
        upsert_thread(t).execute(&self.pool).await?;
        Ok(())
    }

    /// Writes (inserts or replaces) the threads of several matches in one
    /// transaction: one wait for the disk instead of one per row. When the
    /// transaction fails (e.g. one unknown match id), each row is written
    /// on its own so the others still land; the first error is returned.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn save_match_threads(&self, rows: &[MatchThread]) -> Result<(), StoreError> {
        let together: Result<(), StoreError> = match self.engine {
            // In the moves' group commit (batch.rs): one transaction and
            // one wait for the disk with the moves queued meanwhile, and
            // no second writer waiting on SQLite's busy handler.
            Engine::Sqlite => {
                let (reply, answer) = tokio::sync::oneshot::channel();
                let rows = rows.to_vec();
                self.batch
                    .submit(self, Pending::Threads { rows, reply }, answer)
                    .await
            }
            Engine::Postgres => {
                async {
                    let mut tx = self.write().await?;
                    for t in rows {
                        upsert_thread(t).execute(&mut *tx).await?;
                    }
                    Ok(tx.commit().await?)
                }
                .await
            }
        };
        if together.is_ok() {
            return Ok(());
        }
        let mut first = None;
        for t in rows {
            if let Err(e) = self.save_match_thread(t).await {
                first.get_or_insert(e);
            }
        }
        first.map_or(Ok(()), Err)
    }

    /// The threads of the matches whose end the adapter has not posted yet
    /// (`finished = 0`: the running ones, and any whose end was committed
    /// but never posted), of the guilds of this store's scope
    /// ([`Db::scoped`]), by match id, with the match's language and
    /// players.
    ///
    /// A finished match's thread is not loaded: after a restart nothing can
    /// act on it (the host knows only running matches), so the start-up
    /// reads what is running, not every match ever played (issue 33: with
    /// every thread and a scan of all seats per thread, 20,000 finished
    /// matches took 31.8 s). Two queries on the partial index
    /// `match_threads_unposted`; the seats are grouped in one pass.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn match_threads(&self) -> Result<Vec<StoredThread>, StoreError> {
        let (total, first, last) = Shards::binds(self.scope);
        let rows = sqlx::query(
            "SELECT t.match_id, t.thread_id, t.buttons_message_id, t.finished, t.archived, m.locale
             FROM match_threads t JOIN matches m ON m.id = t.match_id
             WHERE t.finished = 0 AND (m.guild_id >> 22) % $1 BETWEEN $2 AND $3
             ORDER BY t.match_id",
        )
        .bind(total)
        .bind(first)
        .bind(last)
        .fetch_all(&self.pool)
        .await?;
        let seats = sqlx::query(
            "SELECT s.match_id, p.discord_id FROM match_seats s
             JOIN match_threads t ON t.match_id = s.match_id
             JOIN matches m ON m.id = s.match_id
             JOIN players p ON p.id = s.player_id
             WHERE t.finished = 0 AND (m.guild_id >> 22) % $1 BETWEEN $2 AND $3
             ORDER BY s.match_id, s.seat",
        )
        .bind(total)
        .bind(first)
        .bind(last)
        .fetch_all(&self.pool)
        .await?;
        // Seats in seat order, grouped by match in one pass.
        let mut players: std::collections::HashMap<i64, Vec<Option<u64>>> =
            std::collections::HashMap::with_capacity(rows.len());
        for s in &seats {
            players
                .entry(s.get::<i64, _>("match_id"))
                .or_default()
                .push(s.get::<Option<i64>, _>("discord_id").map(|d| d as u64));
        }
        Ok(rows
            .iter()
            .map(|r| {
                let id: i64 = r.get("match_id");
                StoredThread {
                    thread: MatchThread {
                        match_id: MatchId(id),
                        thread: r.get::<i64, _>("thread_id") as u64,
                        buttons_message: r
                            .get::<Option<i64>, _>("buttons_message_id")
                            .map(|m| m as u64),
                        finished: r.get::<i64, _>("finished") != 0,
                        archived: r.get::<i64, _>("archived") != 0,
                    },
                    locale: r.get("locale"),
                    players: players.remove(&id).unwrap_or_default(),
                }
            })
            .collect())
    }

    /// Sets the language of match `id`'s public messages if the store does
    /// not know it yet (a match stored before schema version 2, whose
    /// language the old threads file kept). Returns whether it was set.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn set_match_locale_if_unknown(
        &self,
        id: MatchId,
        locale: &str,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE matches SET locale = $1 WHERE id = $2 AND locale IS NULL")
            .bind(locale)
            .bind(id.0)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }
}

/// The upsert of one match's thread row.
pub(super) fn upsert_thread(
    t: &MatchThread,
) -> sqlx::query::Query<'static, sqlx::Any, sqlx::any::AnyArguments> {
    sqlx::query(
        "INSERT INTO match_threads (match_id, thread_id, buttons_message_id, finished, archived)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (match_id) DO UPDATE SET thread_id = excluded.thread_id,
             buttons_message_id = excluded.buttons_message_id,
             finished = excluded.finished, archived = excluded.archived",
    )
    .bind(t.match_id.0)
    .bind(t.thread as i64)
    .bind(t.buttons_message.map(|m| m as i64))
    .bind(i64::from(t.finished))
    .bind(i64::from(t.archived))
}
