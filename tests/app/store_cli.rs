//! The store's commands as a moderator runs them: `fourbot migrate`,
//! `fourbot script … --db --names [--guild]` and `fourbot ladder`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use fourbot::rating::glicko2::{self, Glicko2Rating};
use fourbot::store::Engine;
use fourbot_store::testing::TestEngine;

/// Whether nothing was written at `url`: no SQLite file, or a PostgreSQL
/// database without a table.
fn untouched(engine: &TestEngine, url: &str) -> bool {
    match engine.engine() {
        Engine::Sqlite => !std::path::Path::new(url.strip_prefix("sqlite://").unwrap()).exists(),
        Engine::Postgres => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(async {
                use sqlx::Connection;
                let mut c = sqlx::PgConnection::connect(url).await.unwrap();
                let tables: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'",
                )
                .fetch_one(&mut c)
                .await
                .unwrap();
                tables == 0
            }),
    }
}

fn fourbot(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourbot"))
        .args(args)
        .env_remove("FOURBOT_DATABASE_URL")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// p1 wins game 1 (four in column a), then p2 resigns the match: 2:0.
const P1_WINS: &str = "1000 p1 move a\n2000 p2 move b\n3000 p1 move a\n4000 p2 move b\n\
5000 p1 move a\n6000 p2 move c\n7000 p1 move a\n8000 p2 resign-match\n";

/// Both move, then each resigns one game: 1:1 (a match in which a player
/// made no move would be aborted).
const DRAWN: &str = "500 p1 move d\n600 p2 move d\n1000 p1 resign-game\n2000 p1 ready\n\
3000 p2 ready\n4000 p2 resign-game\n";

fourbot_store::engine_tests! {
fn migrate_creates_the_database_and_reports_the_schema_version(engine) {
    let url = engine.url_now("cli-migrate");
    assert!(untouched(engine, &url));
    let out = fourbot(&["migrate", "--db", &url], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout(&out), format!("{url}: schema version 11\n"));
    assert!(!untouched(engine, &url));
    let again = fourbot(&["migrate", "--db", &url], "");
    assert!(again.status.success());
    assert_eq!(stdout(&again), stdout(&out));
}

fn scripted_matches_recorded_under_names_make_the_ladder(engine) {
    let url = engine.url_now("cli-ladder");
    for (script, names) in [
        (P1_WINS, "alice,bob"),
        (P1_WINS, "alice,bob"),
        (DRAWN, "carol,alice"),
    ] {
        let out = fourbot(&["script", "--db", &url, "--names", names, "-"], script);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            stdout(&out).contains("\nmatch: "),
            "the script's output is unchanged"
        );
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("recorded: match "));
    }
    let out = fourbot(&["ladder", "--db", &url], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");

    // The same ratings computed by hand, match by match.
    let new = Glicko2Rating::NEW;
    let mut alice = new;
    let mut bob = new;
    for _ in 0..2 {
        let (a, b) = (alice, bob);
        alice = glicko2::update(a, &[(b, 1.0)]).unwrap();
        bob = glicko2::update(b, &[(a, 0.0)]).unwrap();
    }
    let carol = glicko2::update(new, &[(alice, 0.5)]).unwrap();
    let alice = glicko2::update(alice, &[(new, 0.5)]).unwrap();
    let line = |rank: usize, name: &str, r: Glicko2Rating, played: u32| {
        format!("{rank}. {name} {r} {} {played}", r.deviation.round() as i64)
    };
    let mut want = [("alice", alice, 3), ("carol", carol, 1), ("bob", bob, 2)];
    want.sort_by(|a, b| b.1.rating.total_cmp(&a.1.rating));
    let want: Vec<String> = want
        .iter()
        .enumerate()
        .map(|(i, (n, r, m))| line(i + 1, n, *r, *m))
        .collect();
    assert_eq!(lines, want);
    assert!(
        lines.iter().all(|l| l.contains("? ")),
        "all provisional: {text}"
    );

    let top1 = fourbot(&["ladder", "--db", &url, "--top", "1"], "");
    assert_eq!(stdout(&top1).lines().count(), 1);
    let other = fourbot(&["ladder", "--db", &url, "--guild", "77"], "");
    assert_eq!(stdout(&other), "");
    let popout = fourbot(&["ladder", "--db", &url, "--variant", "popout"], "");
    assert_eq!(stdout(&popout), "");
}

fn a_recorded_match_goes_to_the_guild_given(engine) {
    let url = engine.url_now("cli-guild");
    let out = fourbot(
        &[
            "script", "--db", &url, "--names", "x,y", "--guild", "42", "-",
        ],
        P1_WINS,
    );
    assert!(out.status.success());
    assert_eq!(stdout(&fourbot(&["ladder", "--db", &url], "")), "");
    let ladder = stdout(&fourbot(&["ladder", "--db", &url, "--guild", "42"], ""));
    assert!(ladder.starts_with("1. x "), "{ladder}");
}

fn names_must_fill_the_seats_and_db_needs_names(engine) {
    let url = engine.url_now("cli-names");
    let out = fourbot(&["script", "--db", &url, "--names", "solo", "-"], P1_WINS);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 players, got 1"));
    let out = fourbot(&["script", "--db", &url, "-"], P1_WINS);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--names"));
    assert!(untouched(engine, &url), "nothing was recorded");
}
}

/// A command's refusal: exit status 2 and one line on stderr.
fn refused(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert_eq!(stdout(out), "");
    err
}

#[test]
fn a_database_url_of_an_unknown_kind_is_refused_in_one_line() {
    let dir = std::env::temp_dir().join(format!("fourbot-cli-kind-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for args in [
        &["migrate", "--db", "mysql://root:hunter2@localhost/fourbot"][..],
        &["ladder", "--db", "mysql://root:hunter2@localhost/fourbot"],
        &["script", "--db", "fourbot.db", "--names", "a,b", "-"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_fourbot"))
            .args(args)
            .current_dir(&dir)
            .env_remove("FOURBOT_DATABASE_URL")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = refused(&out);
        assert!(
            err.contains("sqlite: or postgres://"),
            "{args:?}: says what is expected: {err}"
        );
        assert!(!err.contains("hunter2"), "no password: {err}");
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
}

#[test]
fn an_unreachable_postgres_is_refused_in_one_line_without_its_password() {
    // Port 1 on loopback: nothing listens (connection refused at once).
    let url = "postgres://fourbot:hunter2@127.0.0.1:1/fourbot";
    for args in [&["migrate", "--db", url][..], &["ladder", "--db", url]] {
        let err = refused(&fourbot(args, ""));
        assert!(
            err.starts_with("postgres://fourbot:***@127.0.0.1:1/fourbot: "),
            "{err}"
        );
        assert!(!err.contains("hunter2"), "{err}");
    }
}
