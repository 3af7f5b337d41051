//! The `state` events of a match's stream rendered once for all its
//! streams (docs/web.md, "The event stream"): a move on a match that a
//! thousand spectators watch wakes a thousand streams at once, and each
//! rendered the same board, players, moves and JSON for itself — some
//! 190 µs of the bot's CPU per spectator and move, which held the other
//! matches' button presses back (docs/benchmarks.md, issue 36). Now the
//! first stream renders and the others wait for it and take its text
//! ([`Renders::get_or_render`]: one render per key however many ask at
//! once). Bounded ([`KEPT_RENDERS`], least recently used out).

use std::future::Future;
use std::sync::{Arc, Mutex};

use fourbot_core::play::PhaseKind;
use fourbot_host::{MatchId, Table};
use fourbot_i18n::Locale;
use hashlink::LruCache;
use tokio::sync::OnceCell;

/// Most rendered states kept: a few per match and language being watched.
pub const KEPT_RENDERS: usize = 1024;

/// What a stream last showed: enough to tell what changed (and so what the
/// live region says).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seen {
    /// Games begun.
    pub games: usize,
    /// Plies of the current game.
    pub plies: usize,
    /// Playing, between the games, over.
    pub phase: PhaseKind,
}

impl Seen {
    /// What `table` shows.
    pub fn of(table: &Table) -> Seen {
        let m = &table.game;
        Seen {
            games: m.games().len(),
            plies: m.current_game().game().moves().len(),
            phase: m.phase(),
        }
    }
}

/// Everything a `state` event depends on: the match, the language, what
/// the stream showed before (the live region's words) and what the match
/// shows now — its moves and phase, who is ready between the games,
/// whether it runs, and the second of its clock (the banks are read at
/// the snapshot's time: streams that render within the same second share
/// the clocks, which tick on in the browser anyway).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RenderKey {
    id: MatchId,
    l: Locale,
    before: Option<Seen>,
    now: Seen,
    ready: u32,
    live: bool,
    second: u64,
}

impl RenderKey {
    /// The key of the `state` event of `table` in `l` after `before`.
    pub fn of(l: Locale, before: Option<Seen>, table: &Table) -> RenderKey {
        let m = &table.game;
        let ready = (0..table.seats.len())
            .filter_map(fourbot_core::play::Seat::new)
            .filter(|s| m.is_ready(*s))
            .fold(0u32, |bits, s| bits | 1 << s.index());
        RenderKey {
            id: table.id,
            l,
            before,
            now: Seen::of(table),
            ready,
            live: table.live,
            second: table.now.0 / 1000,
        }
    }
}

/// The rendered `state` events (their JSON text), shared by the streams.
pub struct Renders {
    lru: Mutex<LruCache<RenderKey, Arc<OnceCell<Arc<str>>>>>,
    max: usize,
}

impl Renders {
    /// None kept yet; at most `max`.
    pub fn new(max: usize) -> Renders {
        Renders {
            lru: Mutex::new(LruCache::new_unbounded()),
            max,
        }
    }

    /// The text for `key`: kept, or being rendered by another stream
    /// (waited for), or rendered now by `render`.
    pub async fn get_or_render<F, Fut>(&self, key: RenderKey, render: F) -> Arc<str>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = String>,
    {
        let cell = {
            let mut lru = self.lru.lock().expect("lock");
            let cell = match lru.get(&key) {
                Some(cell) => cell.clone(),
                None => {
                    let cell = Arc::new(OnceCell::new());
                    lru.insert(key, cell.clone());
                    cell
                }
            };
            while lru.len() > self.max {
                lru.remove_lru();
            }
            cell
        };
        cell.get_or_init(|| async { Arc::from(render().await) })
            .await
            .clone()
    }

    /// How many are kept.
    pub fn len(&self) -> usize {
        self.lru.lock().expect("lock").len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use fourbot_core::game::Variant;
    use fourbot_core::play::{ClockSettings, Match, MatchSetup, Timestamp};
    use fourbot_host::{GuildId, TableSeat};

    fn table(id: i64, now_ms: u64) -> Table {
        let setup = MatchSetup::new(Variant::Classic, ClockSettings::default());
        Table {
            id: MatchId(id),
            guild: GuildId(7),
            seats: ["alice", "bob"]
                .map(|n| TableSeat {
                    name: n.into(),
                    ai: false,
                })
                .to_vec(),
            game: Match::new(setup, Timestamp(0)).unwrap(),
            now: Timestamp(now_ms),
            live: true,
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn many_streams_asking_at_once_render_once() {
        let renders = Arc::new(Renders::new(8));
        let count = Arc::new(AtomicUsize::new(0));
        let key = RenderKey::of(Locale::EnUs, None, &table(1, 5_000));
        let mut asks = Vec::new();
        for _ in 0..100 {
            let (renders, count) = (renders.clone(), count.clone());
            asks.push(tokio::spawn(async move {
                renders
                    .get_or_render(key, || async move {
                        count.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                        "the state".to_string()
                    })
                    .await
            }));
        }
        for ask in asks {
            assert_eq!(&*ask.await.unwrap(), "the state");
        }
        assert_eq!(count.load(Ordering::SeqCst), 1, "one render for all");
    }

    #[test]
    fn the_key_follows_the_language_what_was_seen_and_the_second() {
        let t = table(1, 5_000);
        let key = RenderKey::of(Locale::EnUs, None, &t);
        assert_eq!(key, RenderKey::of(Locale::EnUs, None, &table(1, 5_999)));
        assert_ne!(key, RenderKey::of(Locale::EnUs, None, &table(1, 6_000)));
        assert_ne!(key, RenderKey::of(Locale::De, None, &t));
        assert_ne!(key, RenderKey::of(Locale::EnUs, Some(Seen::of(&t)), &t));
        assert_ne!(key, RenderKey::of(Locale::EnUs, None, &table(2, 5_000)));
    }

    #[tokio::test]
    async fn the_kept_renders_are_bounded() {
        let renders = Renders::new(2);
        for id in 1..=5 {
            let key = RenderKey::of(Locale::EnUs, None, &table(id, 0));
            renders.get_or_render(key, || async { String::new() }).await;
        }
        assert_eq!(renders.len(), 2);
    }
}
