//! The store's commands as a moderator runs them: `fourbot migrate`,
//! `fourbot script … --db --names [--guild]` and `fourbot ladder`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use fourbot::rating::glicko2::{self, Glicko2Rating};

fn temp_url(name: &str) -> (std::path::PathBuf, String) {
    let path = std::env::temp_dir().join(format!("fourbot-cli-{name}-{}.db", std::process::id()));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
    }
    let url = format!("sqlite://{}", path.display());
    (path, url)
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

#[test]
fn migrate_creates_the_database_and_reports_the_schema_version() {
    let (path, url) = temp_url("migrate");
    let out = fourbot(&["migrate", "--db", &url], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout(&out), format!("{url}: schema version 3\n"));
    assert!(path.exists());
    let again = fourbot(&["migrate", "--db", &url], "");
    assert!(again.status.success());
}

#[test]
fn scripted_matches_recorded_under_names_make_the_ladder() {
    let (_path, url) = temp_url("ladder");
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

#[test]
fn a_recorded_match_goes_to_the_guild_given() {
    let (_path, url) = temp_url("guild");
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

#[test]
fn names_must_fill_the_seats_and_db_needs_names() {
    let (path, url) = temp_url("names");
    let out = fourbot(&["script", "--db", &url, "--names", "solo", "-"], P1_WINS);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 players, got 1"));
    let out = fourbot(&["script", "--db", &url, "-"], P1_WINS);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--names"));
    assert!(!path.exists(), "nothing was recorded");
}
