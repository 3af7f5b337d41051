//! Group commit for [`super::Db::record_events`] and
//! [`super::Db::save_match_threads`].
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
//! The adapter's writes of match threads' rows (a match's thread, its
//! end, its thread archived or unarchived) go in the same batches.
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

use sqlx::AnyConnection;

use super::matches::record_in;
use super::threads::upsert_thread;
use super::{Batcher, Db, MatchThread, Pending, Recorded, StoreError, Writer};

/// Most requests written in one transaction.
const MAX_BATCH: usize = 256;

impl Batcher {
    /// Queues `request` and returns its answer (read from `answer`, the
    /// receiver of the request's reply) once it is committed (or failed).
    pub(super) async fn submit<T>(
        &self,
        db: &Db,
        request: Pending,
        mut answer: oneshot::Receiver<Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.queue.lock().expect("queue lock").push(request);
        loop {
            tokio::select! {
                biased;
                result = &mut answer => {
                    return result.unwrap_or(Err(StoreError::Interrupted));
                }
                mut guard = self.writer.lock() => {
                    loop {
                        let batch: Vec<Pending> = {
                            let mut q = self.queue.lock().expect("queue lock");
                            let n = q.len().min(MAX_BATCH);
                            q.drain(..n).collect()
                        };
                        if batch.is_empty() {
                            break;
                        }
                        write_batch(db, &mut guard, batch).await;
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
async fn write_batch(db: &Db, writer: &mut Writer, mut batch: Vec<Pending>) {
    while !batch.is_empty() {
        let (e, unknown) = match attempt(db, writer, &batch).await {
            Attempt::Done(results) => {
                for (p, r) in batch.into_iter().zip(results) {
                    p.answer(Ok(r));
                }
                return;
            }
            Attempt::Refused(failed, e) => {
                batch.remove(failed).answer(Err(e));
                continue;
            }
            Attempt::Failed(e) => (e, false),
            Attempt::Unknown(e) => (e, true),
        };
        let reason = e.to_string();
        for p in batch {
            p.answer(Err(if unknown {
                StoreError::CommitUnknown(reason.clone())
            } else {
                StoreError::BatchFailed(reason.clone())
            }));
        }
        return;
    }
}

/// Writes match threads' rows in the batch's transaction (what a threads
/// request answers is only whether it was written: `Committed`).
async fn threads_in(tx: &mut AnyConnection, rows: &[MatchThread]) -> Result<Recorded, StoreError> {
    for t in rows {
        upsert_thread(t).execute(&mut *tx).await?;
    }
    Ok(Recorded::Committed)
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

/// One try at `batch`, on the batches' connection (`writer`, taken from
/// the pool when there is none). Any failure hands that connection back to
/// the pool, which tests it before anyone uses it again.
async fn attempt(db: &Db, writer: &mut Writer, batch: &[Pending]) -> Attempt {
    let result = attempt_on(db, writer, batch).await;
    // A pool of a few connections (an in-memory database has one) keeps
    // them all for everyone else.
    if !matches!(result, Attempt::Done(_)) || db.pool().options().get_max_connections() < HELD_FROM
    {
        writer.take();
    }
    result
}

/// The smallest pool whose batches keep a connection of their own (the
/// store's file pools have eight).
const HELD_FROM: u32 = 4;

async fn attempt_on(db: &Db, writer: &mut Writer, batch: &[Pending]) -> Attempt {
    let conn = match writer {
        Some(conn) => conn,
        None => match db.pool().acquire().await {
            Ok(conn) => writer.insert(conn),
            Err(e) => return Attempt::Failed(e.into()),
        },
    };
    let mut tx = match db.begin_write(conn).await {
        Ok(tx) => tx,
        Err(e) => return Attempt::Failed(e),
    };
    let mut results = Vec::with_capacity(batch.len());
    for (i, p) in batch.iter().enumerate() {
        let written = match p {
            Pending::Record { id, m, events, .. } => record_in(db, &mut tx, *id, m, events).await,
            Pending::Threads { rows, .. } => threads_in(&mut tx, rows).await,
        };
        match written {
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
