//! What the app tests share: running the `fourbot` command line.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the `fourbot` Cargo built for these tests with `args`, `stdin` as
/// its standard input; its status and output.
pub fn fourbot(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourbot"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn fourbot");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
