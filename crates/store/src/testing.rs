//! Tests on both engines (tests/README.md): a fresh database per test,
//! SQLite or PostgreSQL, and [`engine_tests!`](crate::engine_tests), which
//! runs one test body on each.
//!
//! PostgreSQL tests need a server: [`TEST_POSTGRES_ENV`] holds the URL of
//! a database on it whose user may create databases (`.ci/postgres start`
//! prints one). Each test gets a database of its own with a random name,
//! dropped when the test ends, so tests run in parallel. Without the
//! variable a PostgreSQL test is skipped with a notice on the terminal —
//! unless `CI` is set, where it fails: CI must never pass untested.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use sqlx::{Connection, Executor};

use super::{Db, Engine};

/// The environment variable with the URL of a PostgreSQL database whose
/// user may create databases: the server the PostgreSQL tests use.
pub const TEST_POSTGRES_ENV: &str = "FOURBOT_TEST_POSTGRES_URL";

/// Where a test's databases come from: one engine, and the PostgreSQL
/// databases made so far (dropped with it).
#[derive(Debug)]
pub struct TestEngine {
    engine: Engine,
    admin: Option<String>,
    made: Mutex<Vec<String>>,
}

impl TestEngine {
    /// SQLite: in-memory or temporary-file databases.
    pub fn sqlite() -> TestEngine {
        TestEngine {
            engine: Engine::Sqlite,
            admin: None,
            made: Mutex::default(),
        }
    }

    /// PostgreSQL on the server of [`TEST_POSTGRES_ENV`]; `None` when it is
    /// unset, after a notice on the terminal (once per process).
    ///
    /// # Panics
    /// When it is unset and `CI` is set.
    pub fn postgres() -> Option<TestEngine> {
        let admin = postgres_admin_url()?;
        Some(TestEngine {
            engine: Engine::Postgres,
            admin: Some(admin),
            made: Mutex::default(),
        })
    }

    /// Its engine.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The URL of a new, empty database (not migrated): a temporary file
    /// `fourbot-<name>-<pid>-<n>.db` for SQLite (a leftover is removed
    /// first), a new database for PostgreSQL.
    ///
    /// # Panics
    /// When the PostgreSQL server refuses to create it.
    pub async fn url(&self, name: &str) -> String {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        match &self.admin {
            None => {
                let path = std::env::temp_dir()
                    .join(format!("fourbot-{name}-{}-{n}.db", std::process::id()));
                for ext in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
                }
                format!("sqlite://{}", path.display())
            }
            Some(admin) => {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos());
                let db = format!("fourbot_test_{}_{n}_{nanos}", std::process::id());
                let mut conn = sqlx::PgConnection::connect(admin)
                    .await
                    .unwrap_or_else(|e| panic!("{TEST_POSTGRES_ENV}: {e}"));
                conn.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {db}")))
                    .await
                    .unwrap_or_else(|e| panic!("CREATE DATABASE {db}: {e}"));
                let _ = conn.close().await;
                self.made.lock().expect("made").push(db.clone());
                with_database(admin, &db)
            }
        }
    }

    /// [`TestEngine::url`] for a test without a runtime (one is made for
    /// the call).
    ///
    /// # Panics
    /// As [`TestEngine::url`], or when called inside a runtime.
    pub fn url_now(&self, name: &str) -> String {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime")
            .block_on(self.url(name))
    }

    /// A new database, connected and migrated: in memory for SQLite.
    ///
    /// # Panics
    /// When it cannot be made or opened.
    pub async fn db(&self) -> Db {
        let url = match self.engine {
            Engine::Sqlite => "sqlite::memory:".to_string(),
            Engine::Postgres => self.url("db").await,
        };
        Db::connect(&url)
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", super::redact_url(&url)))
    }
}

impl Drop for TestEngine {
    /// Drops the PostgreSQL databases it made (connections still open to
    /// them are ended), on a thread of its own: a test's runtime may be
    /// shutting down.
    fn drop(&mut self) {
        let (Some(admin), made) = (
            self.admin.clone(),
            std::mem::take(&mut *self.made.lock().expect("made")),
        ) else {
            return;
        };
        if made.is_empty() {
            return;
        }
        let _ = std::thread::spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async {
                if let Ok(mut conn) = sqlx::PgConnection::connect(&admin).await {
                    for db in made {
                        let _ = conn
                            .execute(sqlx::AssertSqlSafe(format!(
                                "DROP DATABASE IF EXISTS {db} WITH (FORCE)"
                            )))
                            .await;
                    }
                    let _ = conn.close().await;
                }
            });
        })
        .join();
    }
}

/// `admin`'s URL with its database replaced by `db`.
fn with_database(admin: &str, db: &str) -> String {
    let (base, query) = match admin.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (admin, None),
    };
    // The database is the path after the authority: postgres://a@h:p/<db>.
    let after_scheme = base.find("://").map_or(0, |i| i + 3);
    let base = match base[after_scheme..].find('/') {
        Some(slash) => &base[..after_scheme + slash],
        None => base,
    };
    match query {
        Some(q) => format!("{base}/{db}?{q}"),
        None => format!("{base}/{db}"),
    }
}

/// [`TEST_POSTGRES_ENV`], or `None` after a notice written straight to the
/// terminal (the test harness captures `println!`, not the stderr handle).
///
/// # Panics
/// When it is unset and `CI` is set.
pub fn postgres_admin_url() -> Option<String> {
    if let Some(url) = std::env::var(TEST_POSTGRES_ENV)
        .ok()
        .filter(|u| !u.is_empty())
    {
        return Some(url);
    }
    if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
        panic!(
            "CI is set but {TEST_POSTGRES_ENV} is not: the PostgreSQL tests must run in CI \
             (.ci/run starts a server)"
        );
    }
    static NOTICE: std::sync::Once = std::sync::Once::new();
    NOTICE.call_once(|| {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "\n*** {TEST_POSTGRES_ENV} is not set: the PostgreSQL variants of the store and \
             end-to-end tests are SKIPPED (they pass without testing anything). Start a \
             server with `eval \"$(bash .ci/postgres start)\"` to run them (tests/README.md). ***\n"
        );
    });
    None
}

/// Runs each test body on both engines: for every
/// `async fn name(engine) { … }` it makes a module `name` with two tests,
/// `name::sqlite` and `name::postgres`, each calling the body with a
/// [`TestEngine`] (`&TestEngine`) of its engine. The PostgreSQL test is
/// skipped with a notice when no server is configured
/// ([`TestEngine::postgres`]). Put `#[multi_thread]` before `async fn` for a
/// multi-threaded runtime; a plain `fn` makes plain `#[test]`s (no
/// runtime: the body makes its own, or uses [`TestEngine::url_now`]).
#[macro_export]
macro_rules! engine_tests {
    () => {};
    (#[multi_thread] async fn $name:ident($engine:ident) $body:block $($rest:tt)*) => {
        $crate::engine_tests!(@one [flavor = "multi_thread"] $name $engine $body);
        $crate::engine_tests! { $($rest)* }
    };
    (async fn $name:ident($engine:ident) $body:block $($rest:tt)*) => {
        $crate::engine_tests!(@one [] $name $engine $body);
        $crate::engine_tests! { $($rest)* }
    };
    (fn $name:ident($engine:ident) $body:block $($rest:tt)*) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            fn body($engine: &$crate::testing::TestEngine) $body

            #[test]
            fn sqlite() {
                body(&$crate::testing::TestEngine::sqlite());
            }

            #[test]
            fn postgres() {
                if let Some(engine) = $crate::testing::TestEngine::postgres() {
                    body(&engine);
                }
            }
        }
        $crate::engine_tests! { $($rest)* }
    };
    (@one [$($flavor:tt)*] $name:ident $engine:ident $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn body($engine: &$crate::testing::TestEngine) $body

            #[tokio::test($($flavor)*)]
            async fn sqlite() {
                body(&$crate::testing::TestEngine::sqlite()).await;
            }

            #[tokio::test($($flavor)*)]
            async fn postgres() {
                if let Some(engine) = $crate::testing::TestEngine::postgres() {
                    body(&engine).await;
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_database_replaces_the_servers_database_in_the_url() {
        assert_eq!(
            with_database("postgres://fourbot@127.0.0.1:5432/postgres", "t1"),
            "postgres://fourbot@127.0.0.1:5432/t1"
        );
        assert_eq!(
            with_database("postgres://u:p@h/postgres?sslmode=disable", "t2"),
            "postgres://u:p@h/t2?sslmode=disable"
        );
        assert_eq!(with_database("postgres://h", "t3"), "postgres://h/t3");
    }
}
