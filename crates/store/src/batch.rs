//! Group commit for [`super::Db::record_events`].
//!
//! SQLite commits one transaction at a time, and with `synchronous=FULL`
//! every commit waits for the disk (an fsync of the WAL). (PostgreSQL does
//! not use it: it runs transactions side by side and flushes the commits
//! that wait together itself.) When many match
//! tasks record at once, the waiting requests are committed together: each
//! caller queues its request; whoever takes the writer lock first drains the
//! whole queue and writes every request in one transaction, commits once
//! and answers everyone. A caller whose request was
//! taken by another leader simply waits for its answer. No background task:
//! the batch runs on the callers' own futures, in whatever runtime they use.
//!
//! Every answer is given only after the commit returned, so "committed
//! before announced" holds for each request. One request's error (e.g. an
//! unknown match) is its own: the batch is written again without it; a
//! failed commit fails the whole batch.
//!
//! The queue's types (`Batcher`, `Pending`) are defined beside `Db` in the
//! crate root, which holds the queue: this file names the root, not the
//! other way round (`tests/architecture.rs`).

use tokio::sync::oneshot;

use super::matches::record_in;
use super::{Batcher, Db, MatchId, Pending, Recorded, StoreError};
use fourbot_core::play::{Event, Match};

/// Most requests written in one transaction.
const MAX_BATCH: usize = 256;

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

/// Writes `batch` in one transaction and answers every request after the
/// commit. A request that fails (e.g. an unknown match) rolls the
/// transaction back; it is answered with its error and the others are
/// written again without it, so nothing of it is written and all of theirs
/// is. (A savepoint per request did the same at two more statements per
/// request, every time; a failure is rare.) A transaction that fails
/// before its commit answers everyone [`StoreError::BatchFailed`] (nothing
/// written); a commit that fails, or whose answer is lost,
/// [`StoreError::CommitUnknown`].
async fn write_batch(db: &Db, mut batch: Vec<Pending>) {
    while !batch.is_empty() {
        let (e, unknown) = match attempt(db, &batch).await {
            Attempt::Done(results) => {
                for (p, r) in batch.into_iter().zip(results) {
                    let _ = p.reply.send(Ok(r));
                }
                return;
            }
            Attempt::Refused(failed, e) => {
                let _ = batch.remove(failed).reply.send(Err(e));
                continue;
            }
            Attempt::Failed(e) => (e, false),
            Attempt::Unknown(e) => (e, true),
        };
        let reason = e.to_string();
        for p in batch {
            let _ = p.reply.send(Err(if unknown {
                StoreError::CommitUnknown(reason.clone())
            } else {
                StoreError::BatchFailed(reason.clone())
            }));
        }
        return;
    }
}

/// How one try at a batch ended.
enum Attempt {
    /// Committed: every request's result.
    Done(Vec<Recorded>),
    /// The request at this index failed (rolled back, nothing written).
    Refused(usize, StoreError),
    /// The transaction failed before its commit: nothing written.
    Failed(StoreError),
    /// The commit failed or its answer was lost: written or not is unknown.
    Unknown(StoreError),
}

/// One try at `batch`.
async fn attempt(db: &Db, batch: &[Pending]) -> Attempt {
    let mut tx = match db.write().await {
        Ok(tx) => tx,
        Err(e) => return Attempt::Failed(e),
    };
    let mut results = Vec::with_capacity(batch.len());
    for (i, p) in batch.iter().enumerate() {
        match record_in(db, &mut tx, p.id, &p.m, &p.events).await {
            Ok(r) => results.push(r),
            Err(e) => {
                return match tx.rollback().await {
                    Ok(()) => Attempt::Refused(i, e),
                    Err(e) => Attempt::Failed(e.into()),
                };
            }
        }
    }
    match db.commit(tx).await {
        Ok(()) => Attempt::Done(results),
        Err(e) => Attempt::Unknown(e),
    }
}
