//! Where a front end shows each match (Discord: its thread and the message
//! with live buttons), kept in the store's `match_threads` table so that a
//! restarted bot posts a resumed match into its thread at once. The front
//! end keeps its own copy in memory and writes every change here.

use std::path::{Path, PathBuf};

use fourbot_store::{Db, MatchId, StoreError};
pub use fourbot_store::{MatchThread, StoredThread};

use fourbot_i18n::Locale;

use super::view::UserId;

/// A match's thread as the side file of versions before schema version 2
/// kept it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedThread {
    /// The thread row (now in the store).
    pub row: MatchThread,
    /// The language of the match's public messages, as the file had it.
    pub locale: Locale,
    /// The players' Discord users.
    pub players: Vec<UserId>,
}

impl ImportedThread {
    /// One line of the side file:
    /// `<match> <thread> <locale> <finished 0|1> <archived 0|1> <last buttons or 0> <players,comma-separated or ->`.
    pub fn parse(line: &str) -> Option<ImportedThread> {
        let f: Vec<&str> = line.split_whitespace().collect();
        let [id, thread, locale, finished, archived, last, players] = f.as_slice() else {
            return None;
        };
        let nonzero = |t: &str| t.parse::<u64>().ok().filter(|v| *v != 0);
        let players = if *players == "-" {
            Vec::new()
        } else {
            players
                .split(',')
                .map(|p| p.parse().map(UserId))
                .collect::<Result<_, _>>()
                .ok()?
        };
        Some(ImportedThread {
            row: MatchThread {
                match_id: MatchId(id.parse().ok()?),
                thread: nonzero(thread)?,
                buttons_message: nonzero(last),
                finished: *finished == "1",
                archived: *archived == "1",
            },
            locale: Locale::negotiate(locale),
            players,
        })
    }
}

/// The match threads of one store. Cheap to clone.
#[derive(Clone)]
pub struct Threads {
    db: Db,
}

impl Threads {
    /// The threads kept in `db`.
    pub fn new(db: Db) -> Threads {
        Threads { db }
    }

    /// Every match's thread, with the match's language and players.
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn load(&self) -> Result<Vec<StoredThread>, StoreError> {
        self.db.match_threads().await
    }

    /// Writes (inserts or replaces) one match's thread.
    ///
    /// # Errors
    /// The store failed, e.g. a match it does not know.
    pub async fn save(&self, row: &MatchThread) -> Result<(), StoreError> {
        self.db.save_match_thread(row).await
    }

    /// Writes several matches' threads in one transaction (each on its own
    /// when that fails; the first error is returned).
    ///
    /// # Errors
    /// The store failed.
    pub async fn save_all(&self, rows: &[MatchThread]) -> Result<(), StoreError> {
        self.db.save_match_threads(rows).await
    }

    /// Sets the language of match `id`'s public messages when the store
    /// has none (a thread imported from an older version's side file).
    ///
    /// # Errors
    /// The store failed.
    pub async fn set_locale_if_unknown(&self, id: MatchId, tag: &str) -> Result<(), StoreError> {
        self.db
            .set_match_locale_if_unknown(id, tag)
            .await
            .map(|_| ())
    }

    /// Imports the side file of an older version at `path` into the store,
    /// once: a match for which `known` is true (the front end has its
    /// thread already) is left alone, a match the store does not know is
    /// skipped with a warning, the language the file kept becomes the
    /// match's if the store has none, and the file is renamed
    /// `<file>.imported`. Returns what was imported; no file, nothing.
    ///
    /// # Errors
    /// The file exists but cannot be read or renamed.
    pub async fn import_file(
        &self,
        path: &Path,
        known: impl Fn(MatchId) -> bool,
    ) -> std::io::Result<Vec<ImportedThread>> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut imported = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let Some(t) = ImportedThread::parse(line) else {
                tracing::warn!(line, "unreadable line in the threads file: skipped");
                continue;
            };
            let id = t.row.match_id;
            if known(id) {
                continue;
            }
            if let Err(e) = self.save(&t.row).await {
                tracing::warn!(match_id = %id, error = %e, "threads file: match not imported");
                continue;
            }
            if let Err(e) = self.set_locale_if_unknown(id, t.locale.tag()).await {
                tracing::warn!(match_id = %id, error = %e, "threads file: language not imported");
            }
            imported.push(t);
        }
        let mut done = path.as_os_str().to_owned();
        done.push(".imported");
        std::fs::rename(path, PathBuf::from(done))?;
        tracing::info!(routes = imported.len(), path = %path.display(), "threads file imported");
        Ok(imported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::game::Variant;
    use fourbot_core::play::{ClockSettings, Match, MatchSetup, Timestamp};
    use fourbot_store::NewMatch;

    #[tokio::test]
    async fn an_old_threads_file_is_imported_once_with_its_language() {
        let db = Db::connect("sqlite::memory:").await.unwrap();
        let players = vec![
            db.discord_player(1, "a").await.unwrap(),
            db.discord_player(2, "b").await.unwrap(),
        ];
        let m = Match::new(
            MatchSetup::new(Variant::Classic, ClockSettings::default()),
            Timestamp::ZERO,
        )
        .unwrap();
        // A match stored before schema version 2: no language.
        let new = NewMatch {
            guild: 1,
            players,
            ..NewMatch::default()
        };
        let id = db.create_match(&new, &m).await.unwrap();
        let threads = Threads::new(db.clone());
        let dir = std::env::temp_dir().join(format!(
            "fourbot-threads-import-{}-{}",
            std::process::id(),
            crate::clock::WallClock::system().unix_ms()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("fourbot.db.threads");
        std::fs::write(
            &path,
            format!("{id} 77 bg 0 0 99 1,2\nnot a route\n4242 78 de 0 0 0 -\n"),
        )
        .unwrap();
        let imported = threads.import_file(&path, |_| false).await.unwrap();
        assert_eq!(imported.len(), 1, "4242 is unknown: {imported:?}");
        assert_eq!(imported[0].players, [UserId(1), UserId(2)]);
        assert!(!path.exists());
        assert!(dir.join("fourbot.db.threads.imported").exists());
        assert!(
            threads
                .import_file(&path, |_| false)
                .await
                .unwrap()
                .is_empty(),
            "once"
        );
        let stored = threads.load().await.unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].thread.thread, 77);
        assert_eq!(stored[0].thread.buttons_message, Some(99));
        assert_eq!(
            stored[0].locale.as_deref(),
            Some("bg"),
            "the file's language becomes the match's"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_side_file_line_reads_or_is_refused() {
        let t = ImportedThread::parse("5 77 de 1 0 0 -").unwrap();
        assert_eq!(t.row.match_id, MatchId(5));
        assert!(t.row.finished && !t.row.archived && t.row.buttons_message.is_none());
        assert!(t.players.is_empty() && t.locale == Locale::De);
        for bad in ["", "5 0 de 0 0 0 -", "5 77 de 0 0 0 x,y", "x 77 de 0 0 0 -"] {
            assert!(ImportedThread::parse(bad).is_none(), "{bad}");
        }
    }
}
