//! The command line (clap): one subcommand per job. Commands stay thin: parse,
//! call the library, print.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::game::notation::{parse_layout, read_game, SetupError};
use crate::game::{ObstacleLayout, Outcome, Variant};

/// fourbot — hosts four-in-a-row matches on Discord.
#[derive(Debug, Parser)]
#[command(name = "fourbot", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a move list from a variant's start position and print the board,
    /// the outcome and the side to move.
    Position(PositionArgs),
}

/// Arguments of `fourbot position`.
#[derive(Debug, clap::Args)]
pub struct PositionArgs {
    /// Variant key: classic, single, five, popout, small, misere, cylinder,
    /// obstacles, random-opening, three-players, teams.
    #[arg(long, default_value = "classic")]
    pub variant: Variant,
    /// Moves in any notation of RULES.md §2: letters, digits, pops (-a, pop a),
    /// numbered lists (1. d 2. c, with or without ● 🔴 🟡 🔵), the tag-pair
    /// exchange format, or a 7×6 digit string (4453). For random-opening the
    /// first four moves are the opening.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// Obstacle cells for `obstacles`, e.g. "b1 f1 b2 f2".
    #[arg(long, conflicts_with = "seed")]
    pub blocks: Option<String>,
    /// Seed that draws the obstacles layout when --blocks is not given.
    #[arg(long)]
    pub seed: Option<u64>,
}

/// Runs a parsed command line; returns the process exit status (0 success,
/// 2 bad input, with one line on stderr).
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Position(args) => match position(&args) {
            Ok(text) => {
                print!("{text}");
                let _ = std::io::stdout().flush();
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("{message}");
                ExitCode::from(2)
            }
        },
    }
}

/// The output of `fourbot position`: the text board (top row first), then
/// `outcome: …` and, while the game goes on, `to move: …`.
///
/// # Errors
/// One line for stderr: a bad layout, or `ply N: reason` for the first
/// unreadable or illegal move.
pub fn position(args: &PositionArgs) -> Result<String, String> {
    let variant = args.variant;
    let rules = variant.rules();
    let layout = match (&args.blocks, rules.blocks) {
        (Some(_), false) => return Err(SetupError::BlocksNotAllowed(variant).to_string()),
        (Some(text), true) => Some(parse_layout(text, variant).map_err(|e| e.to_string())?),
        (None, true) => Some(ObstacleLayout::from_seed(
            &rules.geometry,
            args.seed.unwrap_or(0),
        )),
        (None, false) => None,
    };
    let game = read_game(&args.moves, variant, layout.as_ref()).map_err(|e| e.to_string())?;
    let p = game.position();
    let mut out = p.board_text();
    out.push_str(&format!("outcome: {}\n", p.outcome()));
    if p.outcome() == Outcome::Ongoing {
        out.push_str(&format!("to move: {}\n", p.to_move()));
    }
    Ok(out)
}
