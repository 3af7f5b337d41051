//! `fourbot run`'s operator conventions (issue 35 §8): every flag also
//! reads an environment variable, shown in `--help` (never its value when
//! it may hold a secret), and `FOURBOT_LOG` takes directives.

use std::process::Command;

fn fourbot(args: &[&str], envs: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fourbot"));
    cmd.args(args).env_remove("DISCORD_TOKEN");
    for (k, v) in envs {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

#[test]
fn every_flag_of_run_names_its_environment_variable_and_hides_the_database_url() {
    let secret = "postgres://fourbot:hunter2@127.0.0.1/fourbot";
    let out = fourbot(&["run", "--help"], &[("FOURBOT_DATABASE_URL", secret)]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    // Each option's block, from its `--flag` line to the next.
    let blocks: Vec<&str> = help
        .split("\n      --")
        .skip(1)
        .filter(|b| !b.starts_with("help"))
        .collect();
    assert!(blocks.len() >= 10, "{help}");
    for b in blocks {
        assert!(b.contains("[env: FOURBOT_"), "no variable for --{b}");
    }
    assert!(!help.contains("hunter2"), "a secret in --help: {help}");
}

#[test]
fn a_log_directive_that_does_not_parse_ends_run_with_one_clear_line() {
    let out = fourbot(&["run"], &[("FOURBOT_LOG", "fourbot=loud")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("fourbot: FOURBOT_LOG: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `fourbot` alone, with a token, is `fourbot run`: the flags' variables
/// count there too (a bad metrics address ends it before it connects).
#[test]
fn fourbot_alone_reads_runs_variables() {
    let out = Command::new(env!("CARGO_BIN_EXE_fourbot"))
        .env("DISCORD_TOKEN", "not-a-token")
        .env("FOURBOT_METRICS", "nowhere")
        .env("DISCORD_API_BASE", "http://127.0.0.1:9")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("--metrics: `nowhere` is not an address"),
        "{err}"
    );
}
