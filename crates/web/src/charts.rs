//! The pictures of the pages to share (a player's rating charts, a
//! leaderboard's top): drawn off the async runtime, a few at a time, and
//! kept a while, so that a member reloading a page — or Discord unfurling
//! a link in ten channels — cannot stall the bot (docs/web.md, "Pages to
//! share: a player, a leaderboard").
//!
//! - Drawing is CPU work (a rating chart 5–40 ms, a leaderboard's picture
//!   up to 70 ms: docs/benchmarks.md, "Rating chart and standings table"
//!   and "Pages to share"): it runs on tokio's blocking pool
//!   (`spawn_blocking`) behind one semaphore of [`DRAWING_AT_ONCE`]
//!   permits for the whole process; at most [`WAITING_AT_MOST`] requests
//!   wait for a permit, and one more is told to come back later
//!   ([`Drawn::Busy`]) instead of queueing without end.
//! - The PNGs are kept by what they show: the key is a SHA-256 of the
//!   picture's whole description (its points and words, hence its player,
//!   variant, language and last rated match), so a new rated match makes a
//!   new picture and an unchanged one is never drawn twice. At most
//!   [`CACHE_ENTRIES`] pictures and [`CACHE_BYTES`] bytes are kept; the one
//!   used longest ago goes first (the same small LRU as the Discord
//!   adapter's replay GIFs keep).
//! - A request that waited for a permit looks again before it draws: the
//!   same picture asked for twice at once is drawn once.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use fourbot_render::RenderError;

/// Pictures drawn at once by the web, in the whole process: one, so that a
/// page's pictures take at most one core from the matches, however many
/// are asked for.
pub const DRAWING_AT_ONCE: usize = 1;

/// Requests that may wait for a drawing permit; one more is answered
/// [`Drawn::Busy`] (the page answers 503 with `Retry-After`).
pub const WAITING_AT_MOST: usize = 32;

/// Most pictures kept.
pub const CACHE_ENTRIES: usize = 256;

/// Most bytes of pictures kept (a rating chart is some 25–30 KB, a
/// leaderboard's picture some 55 KB).
pub const CACHE_BYTES: usize = 8 * 1024 * 1024;

/// What asking for a picture gave.
#[derive(Debug)]
pub enum Drawn {
    /// The PNG.
    Png(Arc<Vec<u8>>),
    /// Too many requests wait for a permit: try again later.
    Busy,
    /// Drawing failed (logged).
    Failed,
}

/// A picture's key: the SHA-256 of its description.
type Key = [u8; 32];

/// The kept pictures, most recently used last.
#[derive(Default)]
struct Kept {
    pictures: HashMap<Key, Arc<Vec<u8>>>,
    order: VecDeque<Key>,
    bytes: usize,
}

impl Kept {
    fn get(&mut self, key: &Key) -> Option<Arc<Vec<u8>>> {
        let png = self.pictures.get(key)?.clone();
        if let Some(at) = self.order.iter().position(|k| k == key) {
            self.order.remove(at);
        }
        self.order.push_back(*key);
        Some(png)
    }

    fn put(&mut self, key: Key, png: Arc<Vec<u8>>) {
        if png.len() > CACHE_BYTES || self.pictures.contains_key(&key) {
            return;
        }
        self.bytes += png.len();
        self.pictures.insert(key, png);
        self.order.push_back(key);
        while self.pictures.len() > CACHE_ENTRIES || self.bytes > CACHE_BYTES {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(gone) = self.pictures.remove(&old) {
                self.bytes -= gone.len();
            }
        }
    }
}

/// The process's pictures: the permits, the waiting count, the kept PNGs.
struct Pictures {
    permits: Semaphore,
    waiting: AtomicUsize,
    kept: Mutex<Kept>,
}

static PICTURES: LazyLock<Pictures> = LazyLock::new(|| Pictures {
    permits: Semaphore::new(DRAWING_AT_ONCE),
    waiting: AtomicUsize::new(0),
    kept: Mutex::new(Kept::default()),
});

/// The key of a picture described by `description` (its `Debug` text: every
/// point and word of it).
fn key_of(kind: &str, description: &impl std::fmt::Debug) -> Key {
    let mut hash = Sha256::new();
    hash.update(kind.as_bytes());
    hash.update([0]);
    hash.update(format!("{description:?}").as_bytes());
    hash.finalize().into()
}

/// Counts a waiting request while it lives.
struct Waiting;

impl Waiting {
    fn enter() -> Option<Waiting> {
        let was = PICTURES.waiting.fetch_add(1, Ordering::SeqCst);
        if was >= WAITING_AT_MOST {
            PICTURES.waiting.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Waiting)
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        PICTURES.waiting.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The PNG `draw(description)` makes, kept under `kind` and `description`
/// (see the module's documentation): from the kept pictures if it is
/// there, else drawn on the blocking pool once a permit is free.
pub async fn png<D>(
    kind: &'static str,
    description: D,
    draw: fn(&D) -> Result<Vec<u8>, RenderError>,
) -> Drawn
where
    D: std::fmt::Debug + Send + 'static,
{
    let key = key_of(kind, &description);
    if let Some(png) = kept(&key) {
        return Drawn::Png(png);
    }
    let Some(waiting) = Waiting::enter() else {
        return Drawn::Busy;
    };
    let permit = PICTURES
        .permits
        .acquire()
        .await
        .expect("the semaphore is never closed");
    drop(waiting);
    // Drawn by the request this one waited behind?
    if let Some(png) = kept(&key) {
        return Drawn::Png(png);
    }
    let drawn = tokio::task::spawn_blocking(move || draw(&description)).await;
    drop(permit);
    match drawn {
        Ok(Ok(png)) => {
            let png = Arc::new(png);
            PICTURES
                .kept
                .lock()
                .expect("pictures lock")
                .put(key, png.clone());
            Drawn::Png(png)
        }
        Ok(Err(e)) => {
            tracing::warn!(error = %e, kind, "drawing a web picture failed");
            Drawn::Failed
        }
        Err(e) => {
            tracing::warn!(error = %e, kind, "drawing a web picture panicked");
            Drawn::Failed
        }
    }
}

fn kept(key: &Key) -> Option<Arc<Vec<u8>>> {
    PICTURES.kept.lock().expect("pictures lock").get(key)
}

/// Pictures kept now and their bytes (tests, metrics).
pub fn kept_now() -> (usize, usize) {
    let kept = PICTURES.kept.lock().expect("pictures lock");
    (kept.pictures.len(), kept.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_drops_the_least_recently_used_past_its_bounds() {
        let key = |i: usize| {
            let mut k = [0; 32];
            k[..8].copy_from_slice(&(i as u64).to_le_bytes());
            k
        };
        let mut kept = Kept::default();
        for i in 0..CACHE_ENTRIES {
            kept.put(key(i), Arc::new(vec![0; 10]));
        }
        // The first is used again: the second is now the oldest.
        assert!(kept.get(&key(0)).is_some());
        kept.put(key(CACHE_ENTRIES), Arc::new(vec![0; 10]));
        assert_eq!(kept.pictures.len(), CACHE_ENTRIES);
        assert!(kept.get(&key(0)).is_some(), "used lately: kept");
        assert!(kept.get(&key(1)).is_none(), "the oldest went");
        // Bytes: one picture of nearly all the bytes pushes out the rest.
        let big = key(CACHE_ENTRIES + 1);
        kept.put(big, Arc::new(vec![0; CACHE_BYTES - 5]));
        assert!(kept.bytes <= CACHE_BYTES);
        assert_eq!(kept.pictures.len(), 1, "only the big one fits");
        assert!(kept.get(&big).is_some());
        // One larger than all the bytes is not kept.
        let huge = key(CACHE_ENTRIES + 2);
        kept.put(huge, Arc::new(vec![0; CACHE_BYTES + 1]));
        assert!(kept.get(&huge).is_none());
        assert!(kept.get(&big).is_some(), "and pushes nothing out");
    }

    #[test]
    fn the_key_is_the_whole_description() {
        assert_eq!(key_of("a", &(1, "x")), key_of("a", &(1, "x")));
        assert_ne!(key_of("a", &(1, "x")), key_of("a", &(2, "x")));
        assert_ne!(key_of("a", &(1, "x")), key_of("b", &(1, "x")));
    }

    /// The tests that use the process's permit, one at a time (one holds
    /// it to fill the waiting line).
    static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

    fn bytes_of(n: &u64) -> Result<Vec<u8>, RenderError> {
        Ok(n.to_le_bytes().to_vec())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn past_the_waiting_bound_a_request_is_told_to_come_back() {
        let _turn = ONE_AT_A_TIME.lock().await;
        let permit = PICTURES.permits.acquire().await.unwrap();
        let waiting: Vec<_> = (0..WAITING_AT_MOST as u64)
            .map(|i| tokio::spawn(png("test-busy", 1000 + i, bytes_of)))
            .collect();
        while PICTURES.waiting.load(Ordering::SeqCst) < WAITING_AT_MOST {
            tokio::task::yield_now().await;
        }
        assert!(matches!(
            png("test-busy", 5000, bytes_of).await,
            Drawn::Busy
        ));
        // A kept picture is no drawing: it is answered however many wait.
        PICTURES
            .kept
            .lock()
            .unwrap()
            .put(key_of("test-busy", &6000u64), Arc::new(vec![6]));
        assert!(matches!(png("test-busy", 6000, bytes_of).await, Drawn::Png(p) if *p == [6]));
        drop(permit);
        for (i, w) in waiting.into_iter().enumerate() {
            let drawn = w.await.unwrap();
            let want = (1000 + i as u64).to_le_bytes();
            assert!(matches!(drawn, Drawn::Png(p) if *p == want), "{i}");
        }
        assert_eq!(PICTURES.waiting.load(Ordering::SeqCst), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_same_picture_is_drawn_once() {
        let _turn = ONE_AT_A_TIME.lock().await;
        static DRAWS: AtomicUsize = AtomicUsize::new(0);
        fn draw(n: &u64) -> Result<Vec<u8>, RenderError> {
            DRAWS.fetch_add(1, Ordering::SeqCst);
            Ok(n.to_le_bytes().to_vec())
        }
        let a = tokio::spawn(png("test-once", 77u64, draw));
        let b = tokio::spawn(png("test-once", 77u64, draw));
        for drawn in [a.await.unwrap(), b.await.unwrap()] {
            assert!(matches!(drawn, Drawn::Png(p) if *p == 77u64.to_le_bytes()));
        }
        assert_eq!(DRAWS.load(Ordering::SeqCst), 1);
    }
}
