//! `fourbot solve` and `fourbot analyze`, the command line of the exact
//! solver (docs/engine.md); the solver itself against the benchmark sets
//! is tested in `crates/core/tests/rules/solver.rs`.

/// `fourbot` with `args` and `stdin`: exit code, stdout, stderr.
fn fourbot(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = crate::support::fourbot(args, stdin);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn solve_prints_one_scored_line_per_input_line_in_order() {
    // The last line is the first in letters (a = 1 … g = 7).
    let input = "2252576253462244111563365343671351441 -1\n\n7422341735647741166133573473242566\nbbebegfbecdfbbddaaaefccfecdcfgaceadda\n";
    let (code, out, err) = fourbot(&["solve", "--no-book"], input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "2252576253462244111563365343671351441 -1");
    assert_eq!(lines[1], "7422341735647741166133573473242566 1");
    assert_eq!(lines[2], "bbebegfbecdfbbddaaaefccfecdcfgaceadda -1");
}

#[test]
fn solve_reads_every_notation_of_position_and_the_empty_board() {
    // Letters with spaces, a numbered list, packed letters, digits; the
    // last token is a score only when it is an integer; `-` is the empty
    // board, which the first player wins (+1).
    let input = "d d e c\n1. d 2. d 3. e 4. c -2\nddec\n4453\n-\n- 1\n";
    let (code, out, err) = fourbot(&["solve", "--stats"], input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "d d e c -2",
            "1. d 2. d 3. e 4. c -2",
            "ddec -2",
            "4453 -2",
            "- 1",
            "- 1"
        ]
    );
    assert!(err.contains("mismatches with given scores: 0"), "{err}");
}

#[test]
fn weak_solve_prints_only_the_sign() {
    let (code, out, _) = fourbot(&["solve", "--weak"], "5554224333234511764415115\n");
    assert_eq!(code, 0);
    assert_eq!(out, "5554224333234511764415115 1\n");
}

#[test]
fn a_malformed_line_is_reported_with_its_number_and_a_non_zero_exit() {
    for (bad, what) in [
        ("448", "\"8\" is not a column"),
        ("1111111", "column 1 is full"),
        ("4455 x", "\"x\" is not a column"),
        ("1414141", "completes a line"),
    ] {
        let (code, out, err) = fourbot(
            &["solve"],
            &format!("2252576253462244111563365343671351441\n{bad}\n45\n"),
        );
        assert_ne!(code, 0, "{bad}");
        assert!(
            err.contains("line 2:") && err.contains(what),
            "{bad}: {err}"
        );
        assert_eq!(out.lines().count(), 1, "the line before is answered");
    }
}

#[test]
fn stats_report_mean_time_and_positions_per_second() {
    let (code, _, err) = fourbot(
        &["solve", "--stats", "--no-book"],
        "2252576253462244111563365343671351441 -1\n7422341735647741166133573473242566 1\n",
    );
    assert_eq!(code, 0);
    assert!(err.contains("positions: 2"), "{err}");
    assert!(
        err.contains("mean time:") && err.contains("positions/s:"),
        "{err}"
    );
    assert!(err.contains("mismatches with given scores: 0"), "{err}");
}

#[test]
fn analyze_lists_every_move_best_first_with_exact_scores_on_classic() {
    let (code, out, err) = fourbot(
        &[
            "analyze",
            "--variant",
            "classic",
            "--moves",
            "5554224333234511764415115",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(lines[0], "f 4");
    assert!(lines[1..].iter().all(|l| l.ends_with(" -8")), "{out}");
}

#[test]
fn analyze_says_that_it_does_not_read_moves_piped_to_it() {
    // Before: `printf 'd c e' | fourbot analyze` answered for the empty
    // board without a word.
    let (code, out, err) = fourbot(&["analyze"], "d c e\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("--moves") && err.contains("empty board"),
        "{err}"
    );
    assert_eq!(out.lines().next(), Some("d 1"), "the empty board: {out}");
    let (code, out, err) = fourbot(&["analyze", "--moves", "d c e"], "");
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("--moves"), "{err}");
    assert_eq!(out.lines().next(), Some("d 2"), "{out}");
}

#[test]
fn analyze_gives_estimates_for_other_variants() {
    let (code, out, err) = fourbot(
        &[
            "analyze",
            "--variant",
            "popout",
            "--moves",
            "dd",
            "--time",
            "200",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 8, "7 drops and a pop: {out}");
    assert!(out
        .lines()
        .all(|l| l.contains(" ~") && l.contains(" depth ")));
}
