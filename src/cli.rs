//! The command line (clap): one subcommand per job. Commands stay thin: parse,
//! call the library, print.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::engine::{Board, Book, Solver};
use crate::game::notation::{parse_layout, parse_moves, read_game, SetupError};
use crate::game::{ObstacleLayout, Outcome, Position, Variant};
use crate::play::script::run_script;
use crate::play::{ClockSettings, MatchSetup, TimeControl};

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
    /// Replay a timed script of match actions against a real match (time is
    /// taken from the script, nothing waits) and print its events and result.
    Script(ScriptArgs),
    /// Solve 7×6 positions exactly: reads lines `<moves> [score]` (digit
    /// strings like 4453 or letters like ddec) from stdin and prints
    /// `<moves> <score>` per line, in order (score for the side to move:
    /// 22−k for a win with the k-th own disc, negative for a loss, 0 draw).
    Solve(SolveArgs),
    /// Generate the opening book: solve every position up to --depth discs
    /// and write it (assets/book.bin by default).
    Book(BookArgs),
    /// Score every legal move of a position, best first: exact solver scores
    /// on 7×6 classic-rules boards when solved within --time, else search
    /// estimates (printed with a `~` and the depth searched).
    Analyze(AnalyzeArgs),
    /// List every 4-disc 7×6 position that is a draw with perfect play
    /// (mirror images once) into assets/openings.txt (random-opening).
    Openings(OpeningsArgs),
}

/// Arguments of `fourbot openings`.
#[derive(Debug, clap::Args)]
pub struct OpeningsArgs {
    /// Output file.
    #[arg(long, default_value = "assets/openings.txt")]
    pub out: String,
}

/// Arguments of `fourbot analyze`.
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// Variant key: classic, single, five, popout, small, misere, cylinder,
    /// obstacles, random-opening, three-players, teams.
    #[arg(long, default_value = "classic")]
    pub variant: Variant,
    /// The moves played so far, in any notation of RULES.md §2.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// Obstacle cells for `obstacles`, e.g. "b1 f1 b2 f2".
    #[arg(long, conflicts_with = "seed")]
    pub blocks: Option<String>,
    /// Seed that draws the obstacles layout when --blocks is not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Time allowed, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub time: u64,
}

/// Arguments of `fourbot solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// Only win/draw/loss: print the sign of the score (1, 0, -1).
    #[arg(long)]
    pub weak: bool,
    /// Do not use the shipped opening book.
    #[arg(long)]
    pub no_book: bool,
    /// Print to stderr the number of positions, mean time per position,
    /// positions per second, mean nodes, nodes per second, and how many
    /// given scores disagreed.
    #[arg(long)]
    pub stats: bool,
}

/// Arguments of `fourbot book`.
#[derive(Debug, clap::Args)]
pub struct BookArgs {
    /// Positions with at most this many discs go into the book.
    #[arg(long)]
    pub depth: u32,
    /// Output file.
    #[arg(long, default_value = "assets/book.bin")]
    pub out: String,
}

/// Arguments of `fourbot script` (format: `docs/match.md`, [`crate::play::script`]).
#[derive(Debug, clap::Args)]
pub struct ScriptArgs {
    /// Variant key: classic, single, five, popout, small, misere, cylinder,
    /// obstacles, random-opening, three-players, teams.
    #[arg(long, default_value = "classic")]
    pub variant: Variant,
    /// Time control `base+inc`: base in minutes, increment in seconds.
    #[arg(long, default_value = "10+10")]
    pub time: TimeControl,
    /// Abort window for each player's first move, in seconds.
    #[arg(long, default_value_t = ClockSettings::DEFAULT_ABORT_MS / 1000)]
    pub abort: u64,
    /// Grace period between games before unready banks run, in seconds.
    #[arg(long, default_value_t = ClockSettings::DEFAULT_GRACE_MS / 1000)]
    pub grace: u64,
    /// The drawn 4-disc opening of a random-opening match, e.g. "d d c e".
    #[arg(long, allow_hyphen_values = true)]
    pub opening: Option<String>,
    /// Obstacle cells for `obstacles`, e.g. "b1 f1 b2 f2".
    #[arg(long, conflicts_with = "seed")]
    pub blocks: Option<String>,
    /// Seed that draws the obstacles layout when --blocks is not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The script file, or `-` for standard input.
    pub file: String,
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
        Command::Position(args) => finish(position(&args)),
        Command::Script(args) => finish(script(&args)),
        Command::Solve(args) => finish(solve(&args)),
        Command::Book(args) => finish(book(&args)),
        Command::Analyze(args) => finish(analyze(&args)),
        Command::Openings(args) => finish(openings(&args)),
    }
}

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

/// The obstacles layout asked for by `--blocks`/`--seed` (seed 0 by default),
/// or `None` for variants without blocks.
fn layout(
    variant: Variant,
    blocks: &Option<String>,
    seed: Option<u64>,
) -> Result<Option<ObstacleLayout>, String> {
    let rules = variant.rules();
    Ok(match (blocks, rules.blocks) {
        (Some(_), false) => return Err(SetupError::BlocksNotAllowed(variant).to_string()),
        (Some(text), true) => Some(parse_layout(text, variant).map_err(|e| e.to_string())?),
        (None, true) => Some(ObstacleLayout::from_seed(
            &rules.geometry,
            seed.unwrap_or(0),
        )),
        (None, false) => None,
    })
}

/// The output of `fourbot script`: one line per event, `refused: …` lines,
/// then `match:`, `end:` and `bank:` ([`crate::play::script`]).
///
/// # Errors
/// One line for stderr: an unreadable file, setup or script line.
pub fn script(args: &ScriptArgs) -> Result<String, String> {
    let text = if args.file == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| format!("stdin: {e}"))?
    } else {
        std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file))?
    };
    let variant = args.variant;
    let clock = ClockSettings {
        control: args.time,
        abort_ms: args.abort.saturating_mul(1000),
        grace_ms: args.grace.saturating_mul(1000),
    };
    let mut setup = MatchSetup::new(variant, clock);
    if let Some(l) = layout(variant, &args.blocks, args.seed)? {
        setup = setup.with_start(Position::with_layout(variant, &l));
    }
    if let Some(opening) = &args.opening {
        setup = setup.with_opening(parse_moves(opening, variant).map_err(|e| e.to_string())?);
    }
    run_script(&text, setup).map_err(|e| e.to_string())
}

/// The output of `fourbot position`: the text board (top row first), then
/// `outcome: …` and, while the game goes on, `to move: …`.
///
/// # Errors
/// One line for stderr: a bad layout, or `ply N: reason` for the first
/// unreadable or illegal move.
pub fn position(args: &PositionArgs) -> Result<String, String> {
    let variant = args.variant;
    let layout = layout(variant, &args.blocks, args.seed)?;
    let game = read_game(&args.moves, variant, layout.as_ref()).map_err(|e| e.to_string())?;
    let p = game.position();
    let mut out = p.board_text();
    out.push_str(&format!("outcome: {}\n", p.outcome()));
    if p.outcome() == Outcome::Ongoing {
        out.push_str(&format!("to move: {}\n", p.to_move()));
    }
    Ok(out)
}

/// Reads one line of `fourbot solve`'s input: `<moves> [score]`. Returns
/// `None` for a blank line.
///
/// # Errors
/// What is wrong with the line (without its number).
pub fn parse_solve_line(line: &str) -> Result<Option<(String, Board, Option<i32>)>, String> {
    let mut fields = line.split_whitespace();
    let Some(moves) = fields.next() else {
        return Ok(None);
    };
    let given = match fields.next() {
        None => None,
        Some(t) => Some(
            t.parse::<i32>()
                .map_err(|_| format!("\"{t}\" is not a score (an integer)"))?,
        ),
    };
    if let Some(extra) = fields.next() {
        return Err(format!(
            "unexpected \"{extra}\" (a line is <moves> [score])"
        ));
    }
    let board = Board::from_moves(moves).map_err(|e| e.to_string())?;
    Ok(Some((moves.to_string(), board, given)))
}

/// `fourbot solve`: solves stdin line by line, printing each answer as soon
/// as it is known; returns the `--stats` summary (printed to stderr).
///
/// # Errors
/// `line N: reason` for the first malformed line (lines before it are
/// already answered).
pub fn solve(args: &SolveArgs) -> Result<String, String> {
    use std::io::BufRead;
    let mut solver = Solver::new();
    if !args.no_book {
        solver.set_book(Some(Book::shipped()));
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let (mut count, mut mismatches) = (0u64, 0u64);
    let mut total = std::time::Duration::ZERO;
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| format!("stdin: {e}"))?;
        let Some((moves, board, given)) =
            parse_solve_line(&line).map_err(|e| format!("line {}: {e}", i + 1))?
        else {
            continue;
        };
        let start = std::time::Instant::now();
        let score = solver.solve(&board, args.weak);
        total += start.elapsed();
        count += 1;
        if let Some(g) = given {
            let expected = if args.weak { g.signum() } else { g };
            if expected != score {
                mismatches += 1;
            }
        }
        writeln!(out, "{moves} {score}").map_err(|e| format!("stdout: {e}"))?;
        out.flush().map_err(|e| format!("stdout: {e}"))?;
    }
    if args.stats {
        let secs = total.as_secs_f64();
        let n = count.max(1) as f64;
        eprintln!(
            "positions: {count}, mean time: {:.3} ms, positions/s: {:.1}, mean nodes: {:.0}, nodes/s: {:.0}, mismatches with given scores: {mismatches}",
            secs * 1000.0 / n,
            count as f64 / secs.max(1e-12),
            solver.nodes() as f64 / n,
            solver.nodes() as f64 / secs.max(1e-12),
        );
    }
    Ok(String::new())
}

/// `fourbot book`: generates the opening book and writes it to `--out`.
///
/// # Errors
/// The file cannot be written.
pub fn book(args: &BookArgs) -> Result<String, String> {
    let mut solver = Solver::new();
    let start = std::time::Instant::now();
    let book = Book::generate(args.depth, &mut solver, |done, total| {
        if done % 1000 == 0 || done == total {
            eprintln!(
                "{done}/{total} positions, {:.0} s",
                start.elapsed().as_secs_f64()
            );
        }
    });
    std::fs::write(&args.out, book.to_bytes()).map_err(|e| format!("{}: {e}", args.out))?;
    Ok(format!(
        "{} positions up to {} discs written to {}\n",
        book.len(),
        book.depth(),
        args.out
    ))
}

/// The output of `fourbot analyze`: one line per legal move, best first:
/// `<move> <score>` for an exact score (solver convention: 22−k for a win
/// with the k-th own disc, negative for a loss, 0 draw) or
/// `<move> ~<estimate> depth <plies>` for a search estimate (±1000000 minus
/// plies for a win or loss found by the search).
///
/// # Errors
/// One line for stderr: a bad layout or move list, or a finished game.
pub fn analyze(args: &AnalyzeArgs) -> Result<String, String> {
    use crate::engine::MoveScore;
    let layout = layout(args.variant, &args.blocks, args.seed)?;
    let game = read_game(&args.moves, args.variant, layout.as_ref()).map_err(|e| e.to_string())?;
    if game.outcome().is_over() {
        return Err(format!("the game is over: {}", game.outcome()));
    }
    let scores = crate::engine::analysis::analyze_position(
        &game,
        std::time::Duration::from_millis(args.time),
    );
    let mut out = String::new();
    for (m, s) in scores {
        match s {
            MoveScore::Exact(v) => out.push_str(&format!("{m} {v}\n")),
            MoveScore::Estimate { score, depth } => {
                out.push_str(&format!("{m} ~{score} depth {depth}\n"))
            }
        }
    }
    Ok(out)
}

/// `fourbot openings`: solves every 4-disc position (weakly) and writes the
/// drawn ones to `--out` in the format of [`crate::engine::openings`].
///
/// # Errors
/// The file cannot be written.
pub fn openings(args: &OpeningsArgs) -> Result<String, String> {
    use crate::engine::openings::{drawn_openings, format_opening};
    let mut solver = Solver::with_book(Book::shipped());
    let start = std::time::Instant::now();
    let list = drawn_openings(&mut solver, |done, total| {
        eprintln!(
            "{done}/{total} positions, {:.0} s",
            start.elapsed().as_secs_f64()
        );
    });
    let mut text = String::from(
        "# Drawn 4-disc openings of random-opening (RULES.md §5): 7x6 digit strings,\n# red to move, a draw with perfect play, one of each mirror pair.\n# Generated by `fourbot openings` (the bot's own solver).\n",
    );
    for seq in &list {
        text.push_str(&format_opening(seq));
        text.push('\n');
    }
    std::fs::write(&args.out, text).map_err(|e| format!("{}: {e}", args.out))?;
    Ok(format!(
        "{} drawn openings written to {}\n",
        list.len(),
        args.out
    ))
}
