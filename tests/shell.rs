//! The terminal table (`fourbot shell`) driven through standard input, as a
//! bug report would replay it.

use std::io::Write;
use std::process::{Command, Stdio};

use fourbot::i18n::{Args, Catalog, Locale};

fn run_shell(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourbot"))
        .arg("shell")
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
                "game-title",
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
        let over = catalog.plain(locale, "match-over-title");
        assert!(out.contains(&over), "{code}: the match did not end:\n{out}");
        let unrated = catalog.plain(locale, "match-unrated-ai");
        assert!(out.contains(&unrated), "{code}: no unrated note");
        // The words are the language's own (spot check).
        let ready = catalog.plain(locale, "button-ready");
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
    assert!(out.contains(&catalog.plain(Locale::EnUs, "shell-unknown")));
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
