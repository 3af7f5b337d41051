//! Pictures drawn off the async runtime, a few at a time, and the replay
//! GIFs kept for finished matches (issue 32: one `/replay` of a 2,000-ply
//! PopOut game drew 2,001 frames on an async worker; two of them stalled
//! every server).
//!
//! Every picture a command draws (replays, rating charts, leaderboard and
//! tournament standings, `/analyze`'s board) goes through [`off_runtime`]:
//! tokio's blocking pool (`spawn_blocking`) behind one semaphore of
//! [`permits`] (one core less than the machine has, at least one), so a
//! press or a turn never waits for a picture; a picture waits for a permit
//! instead. (The turn pictures stay in the match tasks: about 0.3 ms each
//! from cached parts, bounded by the board; docs/benchmarks.md measured a
//! semaphore in front of them as worse.) Each replay GIF is
//! bounded by `fourbot_render::replay_gif` (at most 200 frames, 4 MiB). A
//! finished match's GIFs are kept in a small LRU cache (at most
//! [`CACHE_ENTRIES`] games and [`CACHE_BYTES`] bytes): its games never
//! change, and the GIF holds no text, so one entry serves every language.
//! A finished game is drawn by one call at a time: calls that come while
//! it is drawn (or waits for a permit) wait for that drawing and take the
//! kept GIF, so five calls at once for one match draw it once (the load
//! run of docs/benchmarks.md, "Replays during play", drew it five times).
//! See docs/render.md ("Replay") and docs/reliability.md.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use tokio::sync::Semaphore;

use crate::game::Game;
use crate::render::{replay_gif, RenderError, Replay};

/// Pictures drawn at once: one core less than the machine has, at least
/// one, so that a core is left to the async runtime however many pictures
/// are asked for.
pub fn permits() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_sub(1).max(1)
}

fn semaphore() -> &'static Semaphore {
    static PERMITS: std::sync::OnceLock<Semaphore> = std::sync::OnceLock::new();
    PERMITS.get_or_init(|| Semaphore::new(permits()))
}

/// Runs `draw` on the blocking pool once one of the [`permits`] is free.
///
/// # Errors
/// The drawing thread panicked.
pub async fn off_runtime<T: Send + 'static>(
    draw: impl FnOnce() -> T + Send + 'static,
) -> Result<T, tokio::task::JoinError> {
    let _permit = semaphore()
        .acquire()
        .await
        .expect("the semaphore is never closed");
    tokio::task::spawn_blocking(draw).await
}

/// Most games whose replay is kept.
pub const CACHE_ENTRIES: usize = 16;

/// Most bytes of replays kept (a bounded replay is at most 4 MiB; a
/// 2,000-ply PopOut game's about 1 MB, a 42-ply game's 95 KB).
pub const CACHE_BYTES: usize = 16 * 1024 * 1024;

/// A game's replay in the cache: match number and 0-based game.
type Key = (i64, usize);

/// The finished matches' replays, most recently used first.
#[derive(Default)]
pub struct Replays {
    cache: Mutex<VecDeque<(Key, Arc<Replay>)>>,
    /// The finished games being drawn (or waiting for a permit), each with
    /// the lock its drawing holds: a second call waits on it, then finds
    /// the GIF kept. An entry goes when its last caller is done.
    drawing: Mutex<HashMap<Key, Arc<tokio::sync::Mutex<()>>>>,
}

impl Replays {
    /// The replay of game `game` (0-based) of match `match_id`: from the
    /// cache if `finished` and drawn before, else drawn by [`off_runtime`]
    /// (and kept if `finished`).
    ///
    /// # Errors
    /// The picture could not be drawn ([`RenderError::TooLarge`] for a game
    /// that does not fit even sampled).
    pub async fn draw(
        &self,
        match_id: i64,
        game_index: usize,
        finished: bool,
        game: &Game,
    ) -> Result<Arc<Replay>, RenderError> {
        let key = (match_id, game_index);
        if !finished {
            return Self::render(game).await;
        }
        if let Some(hit) = self.cached(key) {
            return Ok(hit);
        }
        let gate = Drawing::join(self, key);
        let _turn = gate.gate.lock().await;
        // Drawn by the call this one waited for.
        if let Some(hit) = self.cached(key) {
            return Ok(hit);
        }
        let drawn = Self::render(game).await?;
        self.keep(key, drawn.clone());
        Ok(drawn)
    }

    /// A game's replay drawn by [`off_runtime`].
    async fn render(game: &Game) -> Result<Arc<Replay>, RenderError> {
        let game = game.clone();
        let drawn = off_runtime(move || replay_gif(&game))
            .await
            .map_err(|e| RenderError::Encode(format!("the drawing thread failed: {e}")))??;
        Ok(Arc::new(drawn))
    }

    fn cached(&self, key: Key) -> Option<Arc<Replay>> {
        let mut cache = self.cache.lock().expect("replay cache lock");
        let i = cache.iter().position(|(k, _)| *k == key)?;
        let entry = cache.remove(i)?;
        let replay = entry.1.clone();
        cache.push_front(entry);
        Some(replay)
    }

    fn keep(&self, key: Key, replay: Arc<Replay>) {
        if replay.gif.len() > CACHE_BYTES {
            return;
        }
        let mut cache = self.cache.lock().expect("replay cache lock");
        cache.retain(|(k, _)| *k != key);
        cache.push_front((key, replay));
        let mut bytes: usize = cache.iter().map(|(_, r)| r.gif.len()).sum();
        while cache.len() > CACHE_ENTRIES || bytes > CACHE_BYTES {
            match cache.pop_back() {
                Some((_, r)) => bytes -= r.gif.len(),
                None => break,
            }
        }
    }

    /// The games whose replay is kept, most recently used first.
    #[cfg(test)]
    pub fn cached_keys(&self) -> Vec<(i64, usize)> {
        let cache = self.cache.lock().expect("replay cache lock");
        cache.iter().map(|(k, _)| *k).collect()
    }
}

/// One call's share in the drawing of a finished game: the game's entry
/// in [`Replays::drawing`] goes when its last call is done (or dropped).
struct Drawing<'a> {
    replays: &'a Replays,
    key: Key,
    gate: Arc<tokio::sync::Mutex<()>>,
}

impl<'a> Drawing<'a> {
    fn join(replays: &'a Replays, key: Key) -> Drawing<'a> {
        let mut drawing = replays.drawing.lock().expect("replay drawing lock");
        let gate = drawing.entry(key).or_default().clone();
        Drawing { replays, key, gate }
    }
}

impl Drop for Drawing<'_> {
    fn drop(&mut self) {
        let mut drawing = self.replays.drawing.lock().expect("replay drawing lock");
        // The map's and this call's: nobody else waits for this game.
        if Arc::strong_count(&self.gate) == 2 {
            drawing.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Position, Variant};

    fn short_game() -> Game {
        crate::game::notation::read_game("ddccbbe", Variant::Classic, None).unwrap()
    }

    #[tokio::test]
    async fn a_finished_match_is_drawn_once_and_a_running_one_every_time() {
        let replays = Replays::default();
        let g = short_game();
        let a = replays.draw(7, 0, true, &g).await.unwrap();
        let b = replays.draw(7, 0, true, &g).await.unwrap();
        assert!(Arc::ptr_eq(&a, &b), "the second call is the cached replay");
        let c = replays.draw(8, 0, false, &g).await.unwrap();
        let d = replays.draw(8, 0, false, &g).await.unwrap();
        assert!(!Arc::ptr_eq(&c, &d), "a running match is not kept");
        assert_eq!(replays.cached_keys(), vec![(7, 0)]);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn calls_at_once_for_one_finished_game_draw_it_once() {
        // Before, each of five calls at once missed the cache and drew the
        // game (the load run with `--replay-same`).
        let replays = Arc::new(Replays::default());
        // Long enough (200 frames) that no call ends before the last starts.
        let g = crate::render::samples::long_popout_game(600).unwrap();
        let calls: Vec<_> = (0..5)
            .map(|_| {
                let (replays, g) = (replays.clone(), g.clone());
                tokio::spawn(async move { replays.draw(9, 0, true, &g).await.unwrap() })
            })
            .collect();
        let mut drawn = Vec::new();
        for c in calls {
            drawn.push(c.await.unwrap());
        }
        for d in &drawn[1..] {
            assert!(Arc::ptr_eq(&drawn[0], d), "one drawing for all five");
        }
        assert!(
            replays.drawing.lock().unwrap().is_empty(),
            "no game is left marked as being drawn"
        );
        assert_eq!(replays.cached_keys(), vec![(9, 0)]);
    }

    #[tokio::test]
    async fn the_cache_keeps_the_most_recent_games() {
        let replays = Replays::default();
        let g = Game::new(Position::new(Variant::Classic));
        for id in 0..(CACHE_ENTRIES as i64 + 4) {
            replays.draw(id, 0, true, &g).await.unwrap();
        }
        // Using game 4 again keeps it when the next one comes in.
        replays.draw(4, 0, true, &g).await.unwrap();
        replays.draw(100, 0, true, &g).await.unwrap();
        let keys = replays.cached_keys();
        assert_eq!(keys.len(), CACHE_ENTRIES);
        assert_eq!(keys[..2], [(100, 0), (4, 0)]);
        assert!(!keys.contains(&(5, 0)), "the least recently used went");
    }
}
