//! The `fourbot` binary: parses the command line and hands over to [`fourbot::cli`].

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = fourbot::cli::Cli::parse();
    fourbot::cli::run(cli)
}
