//! A match's files: `GET /m/<match>/export.txt` (the exchange format of
//! docs/rules.md §2, the same text as Discord's `/export`),
//! `GET /m/<match>/replay.gif` (one game's animated replay, as `/replay`
//! draws it; `?game=<n>`, else the last game) and
//! `GET /m/<match>/board.png` (the board as it stands: the pages'
//! `og:image`).
//!
//! The same 404 as the match's page ([`crate::pages::visible`]) for a
//! server without the web, the terminal's matches and unknown ones, and
//! the same budget of requests per address as the pages. Pictures are
//! drawn off the async runtime, a few at a time ([`Files::draw`]): a GIF
//! of a long game is some CPU, so a burst of them waits for a permit
//! instead of stalling the bot, and past [`MAX_WAITING`] waiting the
//! answer is 503. A finished match never changes, so its files are kept
//! ([`Kept`], bounded in entries and bytes) and served again; a running
//! match's are made at every request and never kept.

use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use hashlink::LruCache;
use tokio::sync::Semaphore;

use fourbot_host::archive::exchange_text;
use fourbot_host::Table;
use fourbot_i18n::Locale;
use fourbot_render::{board_png, replay_gif, RenderOptions};

use super::guard::ClientAddr;
use super::pages::{lang_param, not_found, too_many, visible};
use super::state::Web;

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

    fn kept(&self, key: (i64, Kind)) -> Option<Arc<[u8]>> {
        self.kept.lock().expect("kept files lock").get(&key)
    }

    fn keep(&self, key: (i64, Kind), value: Arc<[u8]>) {
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

/// The 0-based game that `?game=<n>` (1-based) names in `table`'s match,
/// else its last game.
pub fn game_param(query: Option<&str>, table: &Table) -> usize {
    let games = table.game.games().len();
    crate::replay::param(query, "game")
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|g| (1..=games).contains(g))
        .map_or(games.saturating_sub(1), |g| g - 1)
}

/// What [`file`] answers with: the bytes, their type and name.
struct Made {
    bytes: Arc<[u8]>,
    content_type: &'static str,
    /// `Content-Disposition`, if the file has a name.
    disposition: Option<String>,
}

/// Makes file `kind` of `table`'s match (read from the store for the
/// export).
async fn make(web: &Web, table: &Table, kind: Kind) -> Result<Vec<u8>, Unmade> {
    match kind {
        Kind::Export => {
            let (detail, m) = web
                .ladder()
                .find_match(table.guild, &table.id.0.to_string())
                .await
                .map_err(|_| Unmade::Failed)?;
            Ok(exchange_text(&detail, &m).into_bytes())
        }
        Kind::Gif(game) => {
            let record = table.game.games().get(game).ok_or(Unmade::Failed)?;
            let game = record.game().clone();
            let drawn = web.files().draw(move || replay_gif(&game)).await?;
            drawn.map(|r| r.gif).map_err(|e| {
                tracing::error!(match_id = %table.id, error = %e, "a replay GIF failed");
                Unmade::Failed
            })
        }
        Kind::Png => {
            let game = table.game.current_game().game().clone();
            let drawn = web
                .files()
                .draw(move || board_png(&game, &RenderOptions::default()))
                .await?;
            drawn.map_err(|e| {
                tracing::error!(match_id = %table.id, error = %e, "a board PNG failed");
                Unmade::Failed
            })
        }
    }
}

/// The answer to `GET /m/<match>/<file>`.
async fn file(
    web: Web,
    id: String,
    query: Option<String>,
    address: ClientAddr,
    headers: HeaderMap,
    kind: impl FnOnce(&Table) -> Kind,
) -> Response {
    let l: Locale = crate::lang::negotiate(lang_param(query.as_deref()), &headers);
    if let Err(wait) = web.requests().page(address.0) {
        return too_many(l, wait);
    }
    let Some(table) = visible(&web, &id).await else {
        return not_found(l);
    };
    let kind = kind(&table);
    let finished = table.game.is_finished();
    let key = (table.id.0, kind);
    let kept = if finished {
        web.files().kept(key)
    } else {
        None
    };
    let bytes = match kept {
        Some(bytes) => bytes,
        None => match make(&web, &table, kind).await {
            Ok(bytes) => {
                let bytes: Arc<[u8]> = bytes.into();
                if finished {
                    web.files().keep(key, bytes.clone());
                }
                bytes
            }
            Err(Unmade::Busy) => {
                let mut response =
                    (StatusCode::SERVICE_UNAVAILABLE, "busy drawing; try again\n").into_response();
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
                return response;
            }
            Err(Unmade::Failed) => return not_found(l),
        },
    };
    let made = Made {
        bytes,
        content_type: match kind {
            Kind::Export => "text/plain; charset=utf-8",
            Kind::Gif(_) => "image/gif",
            Kind::Png => "image/png",
        },
        disposition: match kind {
            Kind::Export => Some(format!("inline; filename=\"match-{}.txt\"", table.id.0)),
            Kind::Gif(g) => Some(format!(
                "inline; filename=\"match-{}-game-{}.gif\"",
                table.id.0,
                g + 1
            )),
            Kind::Png => None,
        },
    };
    let mut response = (StatusCode::OK, made.bytes.to_vec()).into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(made.content_type),
    );
    if let Some(d) = made
        .disposition
        .and_then(|d| HeaderValue::from_str(&d).ok())
    {
        h.insert(header::CONTENT_DISPOSITION, d);
    }
    // A finished match's file never changes, but the server may turn the
    // web off: kept a little while, then asked again. A running one's
    // changes with every move.
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if finished {
            "public, max-age=300"
        } else {
            "no-cache"
        }),
    );
    response
}

/// `GET /m/<match>/export.txt`: see the module's documentation.
pub async fn export(
    State(web): State<Web>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    address: ClientAddr,
    headers: HeaderMap,
) -> Response {
    file(web, id, query, address, headers, |_| Kind::Export).await
}

/// `GET /m/<match>/replay.gif?game=<n>`: see the module's documentation.
pub async fn gif(
    State(web): State<Web>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    address: ClientAddr,
    headers: HeaderMap,
) -> Response {
    let game = query.clone();
    file(web, id, query, address, headers, move |t| {
        Kind::Gif(game_param(game.as_deref(), t))
    })
    .await
}

/// `GET /m/<match>/board.png`: see the module's documentation.
pub async fn png(
    State(web): State<Web>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    address: ClientAddr,
    headers: HeaderMap,
) -> Response {
    file(web, id, query, address, headers, |_| Kind::Png).await
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
