//! The command line (clap): one subcommand per job. Commands stay thin: parse,
//! call the library, print.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::game::notation::{parse_layout, parse_move, parse_moves, read_game, SetupError};
use crate::game::{Move, ObstacleLayout, Outcome, Position, Variant};
use crate::play::script::run_script;
use crate::play::{ClockSettings, MatchSetup, TimeControl};

/// fourbot — hosts four-in-a-row matches on Discord.
#[derive(Debug, Parser)]
#[command(name = "fourbot", version, about, long_about = None)]
pub struct Cli {
    /// What to do (none: `run` when DISCORD_TOKEN is set).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Connect to Discord with the token in DISCORD_TOKEN and serve matches
    /// (commands registered globally, or in FOURBOT_DEV_GUILD).
    Run,
    /// Play a move list from a variant's start position and print the board,
    /// the outcome and the side to move.
    Position(PositionArgs),
    /// Draw the position after the moves as a PNG (or the whole game as an
    /// animated GIF) and write it to a file.
    Render(RenderArgs),
    /// Play a whole match in the terminal against the AI or hot seat: the
    /// bot's main job without Discord.
    Shell(ShellArgs),
    /// Replay a timed script of match actions against a real match (time is
    /// taken from the script, nothing waits) and print its events and result.
    Script(ScriptArgs),
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

/// Arguments of `fourbot shell`.
#[derive(Debug, clap::Args)]
pub struct ShellArgs {
    /// Variant key: classic, single, five, popout, small, misere, cylinder,
    /// obstacles, random-opening, three-players, teams.
    #[arg(long, default_value = "classic")]
    pub variant: Variant,
    /// Time control `base+inc`: base in minutes, increment in seconds.
    #[arg(long, default_value = "10+10")]
    pub time: TimeControl,
    /// Play against the AI, or every seat at this keyboard.
    #[arg(long, value_enum, default_value = "ai")]
    pub vs: crate::shell::Opponent,
    /// AI level, 1 (casual) to 5 (strongest).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=5))]
    pub level: u8,
    /// Language: en (en-US), de, it, el, bg (other codes fall back to English).
    #[arg(long, default_value = "en-US")]
    pub lang: String,
    /// Write each turn's board PNG into this directory.
    #[arg(long)]
    pub images: Option<std::path::PathBuf>,
    /// Seed for the obstacles layout and the random opening (default: the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Your name in the match (default: $USER, else "player").
    #[arg(long)]
    pub name: Option<String>,
    /// Letters instead of coloured discs even on a colour terminal.
    #[arg(long)]
    pub no_color: bool,
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

/// Arguments of `fourbot render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// The game to draw, read exactly as by `fourbot position`.
    #[command(flatten)]
    pub game: PositionArgs,
    /// Ring the last move.
    #[arg(long)]
    pub last: bool,
    /// Show a faded disc where a drop into this column would land (a letter,
    /// or a digit 1..W as typed in a match thread).
    #[arg(long, conflicts_with = "gif", allow_hyphen_values = true)]
    pub preview: Option<String>,
    /// Write an animated GIF replay of the whole game instead of a PNG.
    #[arg(long)]
    pub gif: bool,
    /// The file to write.
    #[arg(short = 'o', long = "output")]
    pub output: std::path::PathBuf,
}

/// Runs a parsed command line; returns the process exit status (0 success,
/// 2 bad input, with one line on stderr).
pub fn run(cli: Cli) -> ExitCode {
    let command = match cli.command {
        Some(c) => c,
        None if std::env::var_os(crate::discord::TOKEN_ENV).is_some() => Command::Run,
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Run => discord(),
        Command::Position(args) => finish(position(&args)),
        Command::Render(args) => finish(render(&args)),
        Command::Script(args) => finish(script(&args)),
        Command::Shell(args) => shell(args),
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

/// `fourbot render`: draws the position after the moves (`--last` rings the
/// last move, `--preview` shows where a drop would land; completed lines are
/// highlighted once the game is over) as a PNG, or with `--gif` the replay
/// of the whole game, and writes it to `--output`. Prints nothing.
///
/// # Errors
/// One line for stderr: the errors of [`position`], a preview column that is
/// unreadable, off the board or full, or a file that cannot be written.
pub fn render(args: &RenderArgs) -> Result<String, String> {
    let g = &args.game;
    let layout = layout(g.variant, &g.blocks, g.seed)?;
    let game = read_game(&g.moves, g.variant, layout.as_ref()).map_err(|e| e.to_string())?;
    let bytes = if args.gif {
        crate::render::game_gif(&game)
    } else {
        let preview = match &args.preview {
            None => None,
            Some(text) => match parse_move(text, game.variant()) {
                Ok(Move::Drop(column)) => Some(column),
                Ok(Move::Pop(_)) => return Err(format!("preview {text}: a preview is a drop")),
                Err(e) => return Err(format!("preview {text}: {e}")),
            },
        };
        let options = crate::render::RenderOptions {
            last_move: args.last,
            highlight_lines: true,
            preview,
        };
        crate::render::board_png(&game, &options)
    }
    .map_err(|e| e.to_string())?;
    std::fs::write(&args.output, bytes)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    Ok(String::new())
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

/// `fourbot run`: the Discord bot. Logs go to stderr (`FOURBOT_LOG`:
/// error, warn, info (default), debug, trace); a missing or rejected token
/// gives one line and exit status 1.
fn discord() -> ExitCode {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    use tracing_subscriber::Layer;
    let level = std::env::var("FOURBOT_LOG")
        .ok()
        .and_then(|l| l.parse::<tracing::Level>().ok())
        .unwrap_or(tracing::Level::INFO);
    // The bot's own lines; the libraries' only when debugging (their errors
    // that matter come back to the bot, which logs them with context).
    let libraries = if level >= tracing::Level::DEBUG {
        tracing::level_filters::LevelFilter::from_level(level)
    } else {
        tracing::level_filters::LevelFilter::OFF
    };
    let filter = tracing_subscriber::filter::Targets::new()
        .with_target("fourbot", level)
        .with_default(libraries);
    let _ = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_ansi(false)
                .with_filter(filter),
        )
        .try_init();
    let config = match crate::discord::DiscordConfig::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("fourbot: {e}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fourbot: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(crate::discord::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fourbot: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `fourbot shell`: runs the terminal table on standard input and output.
fn shell(args: ShellArgs) -> ExitCode {
    use std::io::IsTerminal;
    let terminal = std::io::stdout().is_terminal() && std::io::stdin().is_terminal();
    let color =
        !args.no_color && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let opts = crate::shell::ShellOptions {
        variant: args.variant,
        time: args.time,
        opponent: args.vs,
        level: args.level,
        locale: crate::i18n::Locale::negotiate(&args.lang),
        images: args.images,
        color,
        seed,
        ticking: terminal,
        name: args
            .name
            .or_else(|| std::env::var("USER").ok().filter(|u| !u.is_empty()))
            .unwrap_or_else(|| "player".to_string()),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    match runtime.block_on(crate::shell::run(opts, stdin, std::io::stdout())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
