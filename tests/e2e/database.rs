//! `fourbot run` with a database it cannot use (issue 20): a URL of an
//! unknown kind, an unreachable PostgreSQL. One line on stderr that names
//! the database (its password hidden), exit status 2, nothing written.

use crate::support::{fake, harness};

use std::time::Duration;

use fake::*;
use harness::*;

/// Runs the bot with `FOURBOT_DATABASE_URL=url`; returns its stderr after
/// checking the exit status and that its folder holds nothing but the log.
async fn refused(name: &str, url: &str) -> String {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let dir = temp_dir(name);
    let mut child = spawn(bin(), &fake, &dir, &[("FOURBOT_DATABASE_URL", url)]);
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("the bot gives up")
        .unwrap();
    let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        !stderr.contains(TOKEN) && !stderr.contains("hunter2"),
        "{stderr}"
    );
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(files, ["stderr.log"], "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
    stderr
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_url_of_an_unknown_kind_ends_the_bot_with_one_line() {
    let stderr = refused("db-kind", "mysql://bot:hunter2@127.0.0.1/fourbot").await;
    assert!(
        stderr.starts_with("fourbot: cannot open the database mysql://bot:***@127.0.0.1/fourbot: ")
            && stderr.contains("sqlite: or postgres://"),
        "{stderr}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_postgres_ends_the_bot_with_one_line() {
    // Port 1 on loopback: nothing listens.
    let stderr = refused(
        "db-unreachable",
        "postgres://bot:hunter2@127.0.0.1:1/fourbot",
    )
    .await;
    assert!(
        stderr.starts_with(
            "fourbot: cannot open the database postgres://bot:***@127.0.0.1:1/fourbot: "
        ),
        "{stderr}"
    );
}
