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

/// `--web` needs `FOURBOT_WEB_SECRET` (issue 36, docs/web.md): without it,
/// or with fewer than 32 bytes, `run` refuses to start with one clear line
/// that never shows the secret; the flag's variable counts too.
#[test]
fn the_web_needs_a_secret_of_32_bytes_and_never_shows_it() {
    let out = fourbot(&["run", "--web", "127.0.0.1:0"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("fourbot: --web needs a signing secret: set FOURBOT_WEB_SECRET"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let short = "hunter2-but-short";
    let out = fourbot(
        &["run"],
        &[
            ("FOURBOT_WEB", "127.0.0.1:0"),
            ("FOURBOT_WEB_SECRET", short),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("FOURBOT_WEB_SECRET is too short (17 bytes)"),
        "{err}"
    );
    assert!(!err.contains("hunter2"), "{err}");
    let long = "k".repeat(40);
    let out = fourbot(
        &["run", "--web", "nowhere"],
        &[("FOURBOT_WEB_SECRET", long.as_str())],
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--web: `nowhere` is not an address"), "{err}");
    let out = fourbot(&["run", "--public-url", "https://c4.example.org"], &[]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--public-url needs --web"), "{err}");
}
