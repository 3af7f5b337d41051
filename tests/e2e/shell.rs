//! The terminal table (`fourbot shell`) driven through standard input, as a
//! bug report would replay it.

use std::io::Write;
use std::process::{Command, Stdio};

use fourbot::i18n::{id, Args, Catalog, Locale};

/// Runs `fourbot shell` with `args` (and `--db none` unless `args` name a
/// database) on `input`; returns its output.
fn run_shell(args: &[&str], input: &str) -> String {
    let no_db: &[&str] = if args.contains(&"--db") {
        &[]
    } else {
        &["--db", "none"]
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourbot"))
        .arg("shell")
        .args(no_db)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fourbot shell");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "shell failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Moves for a whole game whatever the AI does: every column in turn, the
/// full ones refused and skipped.
fn columns(rounds: usize) -> String {
    "d\nc\ne\nb\nf\na\ng\n".repeat(rounds)
}

#[test]
fn a_whole_match_against_the_ai_in_every_language() {
    let catalog = Catalog::new().unwrap();
    for (code, locale) in [
        ("en-US", Locale::EnUs),
        ("de", Locale::De),
        ("it", Locale::It),
        ("el", Locale::El),
        ("bg", Locale::Bg),
    ] {
        let input = format!("{}ready\n{}", columns(7), columns(7));
        let out = run_shell(
            &[
                "--lang",
                code,
                "--name",
                "alice",
                "--seed",
                "7",
                "--no-color",
            ],
            &input,
        );
        let game = |n: i64| {
            catalog.text(
                locale,
                id::GAME_TITLE,
                &Args::new().set("game", n).set("games", 2),
            )
        };
        assert!(out.contains(&game(1)), "{code}: no game 1 in\n{out}");
        assert!(out.contains(&game(2)), "{code}: no game 2 in\n{out}");
        // Game 2: colours swapped, the bot moves first with red.
        let game2 = &out[out.find(&game(2)).unwrap()..];
        assert!(
            game2.contains("🟡 alice"),
            "{code}: alice is not yellow in game 2"
        );
        assert!(
            game2.contains("1. 🔴"),
            "{code}: nobody moved first in game 2"
        );
        let over = catalog.plain(locale, id::MATCH_OVER_TITLE);
        assert!(out.contains(&over), "{code}: the match did not end:\n{out}");
        let unrated = catalog.plain(locale, id::MATCH_UNRATED_AI);
        assert!(out.contains(&unrated), "{code}: no unrated note");
        // The words are the language's own (spot check).
        let ready = catalog.plain(locale, id::BUTTON_READY);
        assert!(out.contains(&ready), "{code}: no Ready button");
    }
}

#[test]
fn chat_and_full_columns_get_a_clear_answer_and_change_nothing() {
    let catalog = Catalog::new().unwrap();
    let out = run_shell(
        &["--vs", "hotseat", "--seed", "1", "--no-color"],
        "hello\nd\nd\nd\nd\nd\nd\nd\nquit\n",
    );
    assert!(out.contains(&catalog.plain(Locale::EnUs, id::SHELL_UNKNOWN)));
    assert!(out.contains("Column d is full"), "{out}");
    assert!(out.contains("6. 🟡 d"), "{out}");
    assert!(!out.contains("7. 🔴 d"), "{out}");
}

#[test]
fn resigning_a_game_twice_is_refused_the_second_time() {
    let out = run_shell(
        &["--vs", "hotseat", "--seed", "1", "--no-color"],
        "4\nresign-game\nresign-game\nready\nquit\n",
    );
    assert!(out.contains("resigned game 1"), "{out}");
    // Resigning game 1 again after it ended is refused, not applied twice.
    assert!(out.contains("This game is already over."), "{out}");
}

/// A running shell whose output is read line by line as it comes.
struct Live {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Live {
    fn start(db: &str) -> Live {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fourbot"))
            .args(["shell", "--db", db, "--name", "alice", "--seed", "5"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start fourbot shell");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Live {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads until a line contains `needle`; returns everything read since
    /// the last call.
    fn until(&mut self, needle: &str) -> Vec<String> {
        let start = self.seen.len();
        loop {
            let line = self
                .lines
                .recv_timeout(std::time::Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no {needle:?} in:\n{}", self.seen.join("\n")));
            let found = line.contains(needle);
            self.seen.push(line);
            if found {
                return self.seen[start..].to_vec();
            }
        }
    }
}

#[test]
fn a_killed_shell_resumes_game_two_at_the_same_ply_with_the_same_banks() {
    let dir = std::env::temp_dir().join(format!("fourbot-shell-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("shell.db").display());
    let mut live = Live::start(&db);
    live.until("alice to move");
    live.until("Buttons:");
    // Game 1: play columns until it ends (full columns are refused).
    let mut moves = "dcebfag".chars().cycle();
    loop {
        live.send(&moves.next().unwrap().to_string());
        let got = live.until("Buttons:");
        if got.iter().any(|l| l.contains("Press “Ready")) {
            break;
        }
    }
    live.send("ready");
    live.until("Game 2 of 2");
    live.until("alice to move");
    live.until("Buttons:");
    live.send("a");
    let before = live.until("Buttons:");
    let moves_line = before
        .iter()
        .rev()
        .find(|l| l.starts_with("Moves:"))
        .cloned()
        .expect("a move list");
    let bank_line = before
        .iter()
        .rev()
        .find(|l| l.contains("alice:"))
        .cloned()
        .expect("alice's bank");
    assert!(moves_line.contains("🟡 a"), "{moves_line}");
    // SIGKILL in the middle of alice's turn, and a pause the clock must not
    // charge.
    live.child.kill().unwrap();
    live.child.wait().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2500));

    let mut again = Live::start(&db);
    let after = again.until("Buttons:");
    assert!(
        after.iter().any(|l| l.contains("saved match")),
        "no resume note:\n{}",
        after.join("\n")
    );
    assert!(
        after.iter().any(|l| l.contains("The bot restarted")),
        "{}",
        after.join("\n")
    );
    assert!(
        after.contains(&moves_line),
        "not the same ply:\n{}",
        after.join("\n")
    );
    assert!(
        after.contains(&bank_line),
        "not the same bank ({bank_line}):\n{}",
        after.join("\n")
    );
    // The notice names the bank as the clock line shows it (it was rounded
    // down while the clocks round up: "10:09" over "10:10").
    let bank = bank_line
        .split("alice: ")
        .nth(1)
        .and_then(|b| b.split_whitespace().next())
        .expect("a bank");
    let notice = after
        .iter()
        .find(|l| l.contains("The bot restarted"))
        .unwrap();
    assert!(
        notice.contains(&format!(": {bank}.")),
        "{notice} / {bank_line}"
    );
    // And the match finishes.
    loop {
        again.send(&moves.next().unwrap().to_string());
        let got = again.until("Buttons:");
        if got.iter().any(|l| l.contains("Match over")) {
            break;
        }
    }
    again.send("quit");
    again.child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shell_shows_the_abort_window_and_refuses_a_pop_of_an_empty_column_clearly() {
    let out = run_shell(
        &["--variant", "popout", "--name", "al", "--no-color"],
        "pop a\nquit\n",
    );
    // The countdown is rounded up; on a loaded machine a second may pass
    // between the start of the match and its first view.
    assert!(
        out.contains("Without a move, the match will be aborted in 3:00.")
            || out.contains("Without a move, the match will be aborted in 2:59."),
        "{out}"
    );
    assert!(
        out.contains("Column a is empty: there is no disc to pop."),
        "{out}"
    );
}

#[test]
fn a_saved_match_resumes_only_for_its_own_variant_and_a_finished_one_says_bye() {
    let dir = std::env::temp_dir().join(format!("fourbot-shell-variant-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("shell.db").display());
    let shell = |args: &[&str], input: &str| {
        let mut all = vec!["--name", "al", "--no-color", "--db", &db];
        all.extend_from_slice(args);
        run_shell(&all, input)
    };
    let first = shell(&[], "d\nquit\n");
    assert!(first.contains("Classic, 10+10"), "{first}");
    assert!(first.contains("The match is saved"), "{first}");
    // Asking for popout starts a popout match, not the saved classic one.
    let popout = shell(&["--variant", "popout", "--time", "5+5"], "quit\n");
    assert!(popout.contains("PopOut, 5+5"), "{popout}");
    assert!(!popout.contains("saved match was found"), "{popout}");
    // The classic one is still there, and resumes with its own clock.
    let classic = shell(&["--time", "3+2"], "resign-match\nquit\n");
    assert!(classic.contains("saved match was found"), "{classic}");
    assert!(classic.contains("Classic, 10+10"), "{classic}");
    assert!(classic.contains("Match over"), "{classic}");
    assert!(classic.trim_end().ends_with("Bye."), "{classic}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_three_player_forfeit_lists_the_standings_instead_of_one_winner() {
    let out = run_shell(
        &["--variant", "three-players", "--name", "al", "--no-color"],
        "d\nresign-match\nquit\n",
    );
    assert!(out.contains("al forfeited and is placed last."), "{out}");
    assert!(out.contains("Final standings"), "{out}");
    assert!(!out.contains(" wins 0:0:0"), "{out}");
}

#[test]
fn a_number_never_resigns_in_the_shell() {
    // Before: the resign buttons were numbered like the columns ([8] and
    // [9] on a 7-column board), so a stray 8 resigned the game at once;
    // then 8 and 9 answered with a resign hint, which read as a hidden
    // numbering: they are columns that this board does not have.
    let out = run_shell(&[], "8\n9\nboard\nquit\n");
    assert!(
        out.contains("There is no column 8 on this board (a to g)."),
        "{out}"
    );
    assert!(out.contains("There is no column 9 on this board"), "{out}");
    assert!(
        out.contains("[resign-game]") && !out.contains("[8]"),
        "{out}"
    );
    assert!(!out.contains("0:1") && !out.contains("wins"), "{out}");
}

#[test]
fn a_column_off_the_board_and_a_pop_outside_popout_say_what_is_wrong() {
    // Before: "z", "0" and "-a" all got "That is neither a move nor a
    // command."
    let out = run_shell(&[], "z\n0\n99\n-a\nhello\nquit\n");
    assert!(
        out.contains("There is no column z on this board (a to g)."),
        "{out}"
    );
    assert!(out.contains("There is no column 0 on this board"), "{out}");
    assert!(out.contains("There is no column 99 on this board"), "{out}");
    assert!(out.contains("Pops are only allowed in PopOut."), "{out}");
    assert_eq!(
        out.matches("That is neither a move nor a command").count(),
        1,
        "only hello is unknown: {out}"
    );
    let de = run_shell(&["--lang", "de"], "h\nquit\n");
    assert!(
        de.contains("Auf diesem Brett gibt es keine Spalte h (a bis g)."),
        "{de}"
    );
}

/// A button number typed as the prompt shows it, `[1]`, presses it (the
/// fresh-clone check typed it so and was told it was neither a move nor a
/// command).
#[test]
fn a_button_typed_with_its_brackets_presses_it() {
    let out = run_shell(
        &["--vs", "hotseat", "--seed", "1", "--no-color"],
        "[4]\n[3]\nquit\n",
    );
    assert!(!out.contains("neither a move nor a command"), "{out}");
    assert!(out.contains("1. 🔴 d 2. 🟡 c"), "{out}");
}
