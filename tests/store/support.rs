//! What the store tests share: a database file of their own.

use std::path::PathBuf;

/// A fresh temp-file database: its path (a file left over from an earlier
/// run is removed first) and its URL.
pub fn temp_db(name: &str) -> (PathBuf, String) {
    let path = std::env::temp_dir().join(format!("fourbot-store-{name}-{}.db", std::process::id()));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
    }
    let url = format!("sqlite://{}", path.display());
    (path, url)
}
