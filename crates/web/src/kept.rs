//! What the match's files ([`crate::files`]) need beside the web: the
//! finished matches' files kept ([`Kept`], bounded in entries and bytes,
//! least recently used first out) and the permits to draw pictures off
//! the async runtime, a few at a time ([`Files::draw`]), with a bound on
//! how many may wait.

use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use hashlink::LruCache;
use tokio::sync::Semaphore;

/// Most files kept.
pub const KEPT_ENTRIES: usize = 64;

/// Most bytes of files kept: 16 MiB (a replay GIF is at most 4 MiB,
/// `fourbot_render::MAX_REPLAY_BYTES`; a 42-ply game's some 95 KB, a
/// board's PNG 10–20 KB, an export a few KB).
pub const KEPT_BYTES: usize = 16 * 1024 * 1024;

/// Most requests waiting for a drawing permit; one more is answered 503
/// at once (a spammer's burst is turned away, not queued).
pub const MAX_WAITING: usize = 32;

/// Which file of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `export.txt`.
    Export,
    /// `replay.gif` of a game (0-based).
    Gif(usize),
    /// `board.png`.
    Png,
}

/// A least-recently-used store of byte strings, bounded both in entries
/// and in bytes: the oldest go first when either bound is passed, and a
/// value larger than the byte bound is not kept at all.
pub struct Kept<K: Hash + Eq> {
    lru: LruCache<K, Arc<[u8]>>,
    bytes: usize,
    max_entries: usize,
    max_bytes: usize,
}

impl<K: Hash + Eq> Kept<K> {
    /// An empty store of at most `max_entries` values and `max_bytes` bytes.
    pub fn new(max_entries: usize, max_bytes: usize) -> Kept<K> {
        Kept {
            lru: LruCache::new_unbounded(),
            bytes: 0,
            max_entries,
            max_bytes,
        }
    }

    /// The value kept for `key`, now the most recently used.
    pub fn get(&mut self, key: &K) -> Option<Arc<[u8]>> {
        self.lru.get(key).cloned()
    }

    /// Keeps `value` for `key` (replacing what was), then drops the least
    /// recently used values until both bounds hold.
    pub fn keep(&mut self, key: K, value: Arc<[u8]>) {
        if value.len() > self.max_bytes {
            return;
        }
        self.bytes += value.len();
        if let Some(old) = self.lru.insert(key, value) {
            self.bytes -= old.len();
        }
        while self.lru.len() > self.max_entries || self.bytes > self.max_bytes {
            match self.lru.remove_lru() {
                Some((_, old)) => self.bytes -= old.len(),
                None => break,
            }
        }
    }

    /// Values kept.
    pub fn len(&self) -> usize {
        self.lru.len()
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.lru.is_empty()
    }

    /// Bytes kept.
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

/// The finished matches' files and the permits to draw pictures.
pub struct Files {
    kept: Mutex<Kept<(i64, Kind)>>,
    permits: Semaphore,
    waiting: AtomicUsize,
}

impl Default for Files {
    fn default() -> Self {
        Files::new()
    }
}

/// Why a file could not be made.
#[derive(Debug)]
pub enum Unmade {
    /// Too many requests wait for a permit already.
    Busy,
    /// The drawing failed (logged).
    Failed,
}

impl Files {
    /// No file kept; as many drawing permits as the machine has cores but
    /// one (at least one), so a core is left to the async runtime.
    pub fn new() -> Files {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Files {
            kept: Mutex::new(Kept::new(KEPT_ENTRIES, KEPT_BYTES)),
            permits: Semaphore::new(cores.saturating_sub(1).max(1)),
            waiting: AtomicUsize::new(0),
        }
    }

    /// The file kept for `key`, if any.
    pub fn kept(&self, key: (i64, Kind)) -> Option<Arc<[u8]>> {
        self.kept.lock().expect("kept files lock").get(&key)
    }

    /// Keeps `value` for `key` ([`Kept::keep`]).
    pub fn keep(&self, key: (i64, Kind), value: Arc<[u8]>) {
        self.kept.lock().expect("kept files lock").keep(key, value);
    }

    /// Runs `draw` on tokio's blocking pool once a permit is free.
    ///
    /// # Errors
    /// [`Unmade::Busy`] past [`MAX_WAITING`] waiting; [`Unmade::Failed`]
    /// if the drawing thread panicked.
    pub async fn draw<T: Send + 'static>(
        &self,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Unmade> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Unmade::Busy);
        }
        let permit = self.permits.acquire().await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let _permit = permit.map_err(|_| Unmade::Failed)?;
        tokio::task::spawn_blocking(draw).await.map_err(|e| {
            tracing::error!(error = %e, "drawing a match's picture failed");
            Unmade::Failed
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(n: usize) -> Arc<[u8]> {
        vec![0u8; n].into()
    }

    #[test]
    fn the_kept_files_are_bounded_in_entries_and_bytes() {
        let mut kept = Kept::new(3, 100);
        for k in 0..5 {
            kept.keep(k, bytes(10));
        }
        assert_eq!(kept.len(), 3, "at most three entries");
        assert_eq!(kept.bytes(), 30);
        assert!(
            kept.get(&0).is_none() && kept.get(&1).is_none(),
            "the oldest went"
        );
        // 2 used now: 3 is the least recently used and goes first.
        assert!(kept.get(&2).is_some());
        // A fourth entry: 3 goes for the entry bound, then 4 for the bytes.
        kept.keep(5, bytes(81));
        assert_eq!(kept.bytes(), 91, "81 + 10");
        assert!(kept.get(&2).is_some() && kept.get(&5).is_some());
        assert!(kept.get(&3).is_none() && kept.get(&4).is_none());
        // Larger than the whole bound: not kept, nothing else dropped.
        kept.keep(6, bytes(101));
        assert!(kept.get(&6).is_none());
        assert_eq!(kept.len(), 2);
        // Replacing a value counts its bytes once.
        kept.keep(5, bytes(20));
        assert_eq!(kept.bytes(), 30, "20 + 10");
        assert_eq!(kept.len(), 2);
    }

    #[tokio::test]
    async fn drawings_past_the_waiting_bound_are_turned_away() {
        let files = Arc::new(Files::new());
        // Hold every permit, so each draw waits.
        let held = files
            .permits
            .acquire_many(files.permits.available_permits() as u32)
            .await
            .unwrap();
        let mut waiting = Vec::new();
        for _ in 0..MAX_WAITING {
            let f = files.clone();
            waiting.push(tokio::spawn(async move { f.draw(|| 1).await.is_ok() }));
        }
        while files.waiting.load(Ordering::SeqCst) < MAX_WAITING {
            tokio::task::yield_now().await;
        }
        assert!(matches!(files.draw(|| 1).await, Err(Unmade::Busy)));
        drop(held);
        for w in waiting {
            assert!(w.await.unwrap(), "each waiting drawing is made");
        }
        assert!(files.draw(|| 2).await.is_ok());
    }
}
