//! The tournaments as the pages read them ([`crate::tournament`],
//! [`crate::tournament_stream`]): one read of the store per change of a
//! tournament (the director's signal,
//! [`fourbot_host::tournaments::Tournaments::changes`]), however many
//! readers and streams follow it, and its standings pictures by version.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use hashlink::LruCache;
use tokio::sync::broadcast;

use fourbot_host::tournaments::{Overview, Tournaments};
use fourbot_host::{GuildId, TournamentId, TournamentState};
use fourbot_i18n::Locale;

/// How long a tournament read stays good without a change signal: the
/// names shown may change without one (a member renames), and a missed
/// signal is healed.
const FRESH_FOR: Duration = Duration::from_secs(30);

/// How long a read stays good while a pairing waits for its match: the
/// front end opens a round's matches one by one after the round's news,
/// and the store links each to its pairing without a signal.
pub const FRESH_WHILE_OPENING: Duration = Duration::from_secs(1);

/// Tournaments whose read is kept (least recently read dropped first).
const OVERVIEWS_KEPT: usize = 64;

/// Standings pictures kept, by tournament, version and language: each
/// has at most [`fourbot_render::MAX_ROWS`] rows and stays under 2 MiB
/// (the host's test of a 500-player picture), so they hold 32 MiB at the
/// very most; a small tournament's is a few tens of kilobytes.
pub const PICTURES_KEPT: usize = 16;

/// A tournament as read once, and the version of what its page shows (a
/// hash of the read: it changes when anything shown changes).
#[derive(Clone)]
pub struct Snapshot {
    /// The card and every pairing.
    pub overview: Arc<Overview>,
    /// The version (for the stream's "nothing new" and the picture's `ETag`).
    pub version: u64,
}

impl Snapshot {
    fn of(overview: Overview) -> Snapshot {
        // Every field shown is in the debug text, and the hasher's keys
        // are fixed: the same tournament has the same version in a build.
        let mut hasher = std::hash::DefaultHasher::new();
        format!("{overview:?}").hash(&mut hasher);
        Snapshot {
            version: hasher.finish(),
            overview: Arc::new(overview),
        }
    }

    /// The tournament's id.
    pub fn id(&self) -> TournamentId {
        self.overview.card.tournament.id
    }

    /// Its server.
    pub fn guild(&self) -> GuildId {
        GuildId(self.overview.card.tournament.setup.guild)
    }

    /// Whether it may still change: open or running.
    pub fn live(&self) -> bool {
        matches!(
            self.overview.card.tournament.state,
            TournamentState::Open | TournamentState::Running
        )
    }

    /// Whether a pairing of a running tournament waits for its match to be
    /// opened ([`FRESH_WHILE_OPENING`]).
    pub fn opening(&self) -> bool {
        self.overview.card.tournament.state == TournamentState::Running
            && self.overview.pairings.iter().any(|p| {
                p.second.is_some() && p.outcome.is_none() && !p.voided && p.match_id.is_none()
            })
    }
}

/// A standings picture's key: the tournament, its version, the language.
type PictureKey = (TournamentId, u64, Locale);

struct Entry {
    at: Instant,
    snapshot: Snapshot,
}

/// The tournaments as last read, dropped at each change signal; and their
/// standings pictures. One per [`crate::Web`].
pub(crate) struct Overviews {
    changes: Mutex<broadcast::Receiver<TournamentId>>,
    /// Signals taken so far: a read that saw one arrive while it loaded
    /// is not kept (it may predate the change).
    signals: AtomicU64,
    entries: Mutex<LruCache<TournamentId, Entry>>,
    /// One read of the store at a time: the readers of a change wait for
    /// the first one's read instead of each reading.
    loading: tokio::sync::Mutex<()>,
    pictures: Mutex<LruCache<PictureKey, Bytes>>,
}

impl Overviews {
    /// Reads kept until `changes` names their tournament.
    pub(crate) fn new(changes: broadcast::Receiver<TournamentId>) -> Overviews {
        Overviews {
            changes: Mutex::new(changes),
            signals: AtomicU64::new(0),
            entries: Mutex::new(LruCache::new(OVERVIEWS_KEPT)),
            loading: tokio::sync::Mutex::new(()),
            pictures: Mutex::new(LruCache::new(PICTURES_KEPT)),
        }
    }

    /// Drops the reads of the tournaments that changed.
    fn drain(&self) {
        let mut changes = self.changes.lock().expect("changes lock");
        let mut entries = self.entries.lock().expect("overviews lock");
        loop {
            match changes.try_recv() {
                Ok(id) => {
                    self.signals.fetch_add(1, Ordering::SeqCst);
                    entries.remove(&id);
                }
                Err(broadcast::error::TryRecvError::Lagged(_)) => {
                    self.signals.fetch_add(1, Ordering::SeqCst);
                    entries.clear();
                }
                Err(_) => return,
            }
        }
    }

    fn cached(&self, id: TournamentId) -> Option<Snapshot> {
        self.drain();
        let mut entries = self.entries.lock().expect("overviews lock");
        let entry = entries.get(&id)?;
        let fresh_for = if entry.snapshot.opening() {
            FRESH_WHILE_OPENING
        } else {
            FRESH_FOR
        };
        if entry.at.elapsed() > fresh_for {
            entries.remove(&id);
            return None;
        }
        Some(entry.snapshot.clone())
    }

    /// Tournament `id` as it is now: the kept read if no change came
    /// since, else a new one; `None` for an unknown tournament.
    pub(crate) async fn get(
        &self,
        tournaments: &Tournaments,
        id: TournamentId,
    ) -> Option<Snapshot> {
        if let Some(s) = self.cached(id) {
            return Some(s);
        }
        let _one = self.loading.lock().await;
        if let Some(s) = self.cached(id) {
            return Some(s);
        }
        let before = self.signals.load(Ordering::SeqCst);
        let snapshot = Snapshot::of(tournaments.overview(id).await.ok()?);
        self.drain();
        if self.signals.load(Ordering::SeqCst) == before {
            self.entries.lock().expect("overviews lock").insert(
                id,
                Entry {
                    at: Instant::now(),
                    snapshot: snapshot.clone(),
                },
            );
        }
        Some(snapshot)
    }

    pub(crate) fn picture(&self, key: PictureKey) -> Option<Bytes> {
        self.pictures
            .lock()
            .expect("pictures lock")
            .get(&key)
            .cloned()
    }

    pub(crate) fn keep_picture(&self, key: PictureKey, png: Bytes) {
        self.pictures
            .lock()
            .expect("pictures lock")
            .insert(key, png);
    }
}
