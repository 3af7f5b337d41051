//! `fourbot script` against the fixtures in `tests/app/scripts/`: each
//! `NAME.script` starts with a `# args: …` line (the command-line options)
//! and `NAME.out` holds the exact expected output. The expected outputs were
//! checked by hand against docs/rules.md §3–§5; `FOURBOT_BLESS=1 cargo test --test
//! rules scripts::` rewrites them after an intended change of format.

use std::path::Path;

use crate::support::fourbot;

fn run_fixture(script: &Path) -> String {
    let text = std::fs::read_to_string(script).unwrap();
    let args = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# args:"))
        .unwrap_or_else(|| panic!("{}: first line must be `# args: …`", script.display()));
    let script_path = script.display().to_string();
    let mut all = vec!["script"];
    all.extend(args.split_whitespace());
    all.push(&script_path);
    let out = fourbot(&all, "");
    assert!(
        out.status.success(),
        "{}: {}",
        script.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_script_fixture_prints_its_expected_output() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/app/scripts");
    let mut scripts: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "script"))
        .collect();
    scripts.sort();
    assert!(scripts.len() >= 10, "fixtures missing");
    let bless = std::env::var_os("FOURBOT_BLESS").is_some();
    let mut failures = vec![];
    for script in &scripts {
        let got = run_fixture(script);
        let expected_path = script.with_extension("out");
        if bless {
            std::fs::write(&expected_path, &got).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("{} missing", expected_path.display()));
        if got != expected {
            failures.push(format!(
                "{}:\n--- expected\n{expected}--- got\n{got}",
                script.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_script_from_standard_input_ends_with_the_three_result_lines() {
    let out = fourbot(
        &["script", "--variant", "classic", "--time", "5+5", "-"],
        // Both move (a resignation before that aborts), then p2 resigns
        // while p1's bank runs.
        "0 p1 move d\n5 p2 move d\n10 p2 resign-match\n",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let tail: Vec<&str> = text.lines().rev().take(3).collect();
    assert_eq!(
        tail,
        [
            "bank: p1 299995 p2 300000",
            "end: forfeit p2 resign",
            "match: 2:0"
        ]
    );
}

#[test]
fn bad_options_and_lines_exit_with_status_2_and_one_line() {
    for (args, input, message) in [
        (
            vec!["--time", "0+5"],
            "",
            "a base of 0 minutes is not allowed",
        ),
        (vec!["--time", "10"], "", "is not a time control"),
        (vec![], "10 p1 move d\n5 p2 move d\n", "line 2: time 5 ms"),
        (
            vec!["--variant", "random-opening"],
            "",
            "a random opening has 4 discs, not 0",
        ),
    ] {
        let mut all = vec!["script"];
        all.extend(&args);
        all.push("-");
        let out = fourbot(&all, input);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(message), "{args:?}: {err}");
    }
}
