//! Replay GIFs drawn off the async runtime, a few at a time, and kept for
//! finished matches (issue 32: one `/replay` of a 2,000-ply PopOut game drew
//! 2,001 frames on an async worker; two of them stalled every server).
//!
//! Every replay is drawn by [`Replays::draw`]: on tokio's blocking pool
//! (`spawn_blocking`), behind a semaphore of [`Replays::permits`] (one core
//! less than the machine has, at least one), so a press or a turn never
//! waits for a picture; a replay waits for a permit instead. Each GIF is
//! bounded by `fourbot_render::replay_gif` (at most 200 frames, 4 MiB). A
//! finished match's GIFs are kept in a small LRU cache (at most
//! [`CACHE_ENTRIES`] games and [`CACHE_BYTES`] bytes): its games never
//! change, and the GIF holds no text, so one entry serves every language.
//! See docs/render.md ("Replay") and docs/reliability.md.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::Semaphore;

use crate::game::Game;
use crate::render::{replay_gif, RenderError, Replay};

/// Most games whose replay is kept.
pub const CACHE_ENTRIES: usize = 16;

/// Most bytes of replays kept (a bounded replay is at most 4 MiB; a
/// 2,000-ply PopOut game's about 1 MB, a 42-ply game's 95 KB).
pub const CACHE_BYTES: usize = 16 * 1024 * 1024;

/// A game's replay in the cache: match number and 0-based game.
type Key = (i64, usize);

/// The replays being drawn and the finished matches' replays.
pub struct Replays {
    permits: Arc<Semaphore>,
    size: usize,
    cache: Mutex<VecDeque<(Key, Arc<Replay>)>>,
}

impl Default for Replays {
    /// One permit per core but one (at least one): a core is left to the
    /// async runtime however many replays are asked for.
    fn default() -> Replays {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Replays::new(cores.saturating_sub(1).max(1))
    }
}

impl Replays {
    /// At most `permits` replays drawn at once.
    pub fn new(permits: usize) -> Replays {
        Replays {
            permits: Arc::new(Semaphore::new(permits)),
            size: permits,
            cache: Mutex::new(VecDeque::new()),
        }
    }

    /// How many replays may be drawn at once.
    pub fn permits(&self) -> usize {
        self.size
    }

    /// The replay of game `game` (0-based) of match `match_id`: from the
    /// cache if `finished` and drawn before, else drawn on the blocking pool
    /// once a permit is free (and kept if `finished`).
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
        if finished {
            if let Some(hit) = self.cached(key) {
                return Ok(hit);
            }
        }
        let _permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| RenderError::Encode("the picture pool is closed".into()))?;
        // Another call may have drawn it while this one waited.
        if finished {
            if let Some(hit) = self.cached(key) {
                return Ok(hit);
            }
        }
        let game = game.clone();
        let drawn = tokio::task::spawn_blocking(move || replay_gif(&game))
            .await
            .map_err(|e| RenderError::Encode(format!("the drawing thread failed: {e}")))??;
        let drawn = Arc::new(drawn);
        if finished {
            self.keep(key, drawn.clone());
        }
        Ok(drawn)
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
    pub fn cached_keys(&self) -> Vec<(i64, usize)> {
        let cache = self.cache.lock().expect("replay cache lock");
        cache.iter().map(|(k, _)| *k).collect()
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
        let replays = Replays::new(1);
        let g = short_game();
        let a = replays.draw(7, 0, true, &g).await.unwrap();
        let b = replays.draw(7, 0, true, &g).await.unwrap();
        assert!(Arc::ptr_eq(&a, &b), "the second call is the cached replay");
        let c = replays.draw(8, 0, false, &g).await.unwrap();
        let d = replays.draw(8, 0, false, &g).await.unwrap();
        assert!(!Arc::ptr_eq(&c, &d), "a running match is not kept");
        assert_eq!(replays.cached_keys(), vec![(7, 0)]);
    }

    #[tokio::test]
    async fn the_cache_keeps_the_most_recent_games() {
        let replays = Replays::new(2);
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
