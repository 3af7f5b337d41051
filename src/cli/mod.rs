//! The command line (clap): one subcommand per job. Commands stay thin: parse,
//! call the library, print.
//!
//! `args.rs` holds the arguments (clap's types), `bot.rs` starts the bot
//! (`run`) and the terminal match (`shell`), `tools.rs` the other
//! subcommands; [`run`] here picks one.

mod args;
mod bot;
mod tools;

pub use args::Cli;

use std::io::Write;
use std::process::ExitCode;

use args::{Command, RunArgs};

/// Runs a parsed command line; returns the process exit status (0 success,
/// 2 bad input, with one line on stderr).
pub fn run(cli: Cli) -> ExitCode {
    let command = match cli.command {
        Some(c) => c,
        // `fourbot` alone is `fourbot run`, its flags' variables read as
        // `run` reads them.
        None if std::env::var_os(crate::discord::config::TOKEN_ENV).is_some() => {
            use clap::Parser;
            match Cli::try_parse_from(["fourbot", "run"]) {
                Ok(Cli {
                    command: Some(run), ..
                }) => run,
                Ok(_) => Command::Run(RunArgs::default()),
                Err(e) => {
                    let _ = e.print();
                    return ExitCode::from(2);
                }
            }
        }
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Run(args) => bot::discord(args),
        Command::Check(args) => bot::check(args),
        Command::Position(args) => finish(tools::position(&args)),
        Command::Render(args) => finish(tools::render(&args)),
        Command::Script(args) => finish(tools::script(&args)),
        Command::Shell(args) => bot::shell(args),
        Command::Migrate(args) => finish(tools::migrate(&args)),
        Command::Ladder(args) => finish(tools::ladder(&args)),
        Command::Solve(args) => finish(tools::solve(&args)),
        Command::Book(args) => finish(tools::book(&args)),
        Command::Analyze(args) => {
            use std::io::IsTerminal;
            if args.game.moves.trim().is_empty() && !std::io::stdin().is_terminal() {
                // `solve` reads stdin, `analyze` does not: say so rather than
                // silently answer for another position than the piped one.
                eprintln!("{ANALYZE_READS_MOVES}");
            }
            finish(tools::analyze(&args))
        }
        Command::Openings(args) => finish(tools::openings(&args)),
    }
}

/// What `fourbot analyze` prints to stderr when it is given no `--moves`
/// and its stdin is not a terminal (moves piped to it are not read).
pub const ANALYZE_READS_MOVES: &str = "analyze reads the position from --moves (e.g. --moves \"d c e\"), not from stdin; analysing the empty board";

/// Prints a command's output (exit 0) or its one-line error (exit 2).
fn finish(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            print!("{text}");
            let _ = std::io::stdout().flush();
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}
