//! Group commit for [`super::Db::record_events`].
//!
//! SQLite commits one transaction at a time, and with `synchronous=FULL`
//! every commit waits for the disk (an fsync of the WAL); a PostgreSQL
//! commit waits for its WAL flush too (`synchronous_commit=on`). When many match
//! tasks record at once, the waiting requests are committed together: each
//! caller queues its request; whoever takes the writer lock first drains the
//! whole queue and writes every request in its own savepoint of one
//! transaction, commits once and answers everyone. A caller whose request was
//! taken by another leader simply waits for its answer. No background task:
//! the batch runs on the callers' own futures, in whatever runtime they use.
//!
//! Every answer is given only after the commit returned, so "committed
//! before announced" holds for each request. One request's error (e.g. an
//! unknown match) rolls back its savepoint only; a failed commit fails the
//! whole batch.

use std::sync::Mutex;

use sqlx::Connection;
use tokio::sync::oneshot;

use super::matches::{record_in, Recorded};
use super::{Db, MatchId, StoreError};
use fourbot_core::play::{Event, Match};

/// Most requests written in one transaction.
const MAX_BATCH: usize = 256;

struct Pending {
    id: MatchId,
    m: Match,
    events: Vec<Event>,
    reply: oneshot::Sender<Result<Recorded, StoreError>>,
}

/// The queue of requests and the writer lock.
#[derive(Default)]
pub(super) struct Batcher {
    queue: Mutex<Vec<Pending>>,
    writer: tokio::sync::Mutex<()>,
}

impl std::fmt::Debug for Batcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Batcher")
    }
}

impl Batcher {
    /// Queues one request and returns once it is committed (or failed).
    pub(super) async fn record(
        &self,
        db: &Db,
        id: MatchId,
        m: Match,
        events: Vec<Event>,
    ) -> Result<Recorded, StoreError> {
        let (reply, mut answer) = oneshot::channel();
        self.queue.lock().expect("queue lock").push(Pending {
            id,
            m,
            events,
            reply,
        });
        loop {
            tokio::select! {
                biased;
                result = &mut answer => {
                    return result.unwrap_or(Err(StoreError::Interrupted));
                }
                guard = self.writer.lock() => {
                    loop {
                        let batch: Vec<Pending> = {
                            let mut q = self.queue.lock().expect("queue lock");
                            let n = q.len().min(MAX_BATCH);
                            q.drain(..n).collect()
                        };
                        if batch.is_empty() {
                            break;
                        }
                        write_batch(db, batch).await;
                        if let Ok(result) = answer.try_recv() {
                            drop(guard);
                            return result;
                        }
                    }
                    drop(guard);
                }
            }
        }
    }
}

/// Writes `batch` in one transaction, one savepoint per request, and
/// answers every request after the commit.
async fn write_batch(db: &Db, batch: Vec<Pending>) {
    let mut results = Vec::with_capacity(batch.len());
    let outcome: Result<(), StoreError> = async {
        let mut tx = db.write().await?;
        for p in &batch {
            let mut savepoint = (*tx).begin().await?;
            let r = record_in(db, &mut savepoint, p.id, &p.m, &p.events).await;
            if r.is_ok() {
                savepoint.commit().await?;
            } else {
                savepoint.rollback().await?;
            }
            results.push(r);
        }
        Ok(tx.commit().await?)
    }
    .await;
    match outcome {
        Ok(()) => {
            for (p, r) in batch.into_iter().zip(results) {
                let _ = p.reply.send(r);
            }
        }
        Err(e) => {
            let reason = e.to_string();
            for p in batch {
                let _ = p.reply.send(Err(StoreError::BatchFailed(reason.clone())));
            }
        }
    }
}
