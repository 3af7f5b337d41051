//! The command line (clap): one subcommand per job. Commands stay thin: parse,
//! call the library, print.

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::engine::{Board, Book, Solver};
use crate::game::notation::{parse_layout, parse_move, parse_moves, read_game, SetupError};
use crate::game::{Move, ObstacleLayout, Outcome, Position, Variant};
use crate::play::script::run_script_match;
use crate::play::{ClockSettings, Match, MatchSetup, TimeControl, Timestamp};
use crate::store::{self, Db, MatchId, NewMatch};

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
    Run(RunArgs),
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
    /// Apply the database migrations (the bot also applies them at start-up).
    Migrate(MigrateArgs),
    /// Print a guild's leaderboard of one variant:
    /// `<rank>. <name> <rating> <rating deviation> <matches played>`.
    Ladder(LadderArgs),
    /// Solve 7×6 positions exactly: reads lines `<moves> [score]` from stdin
    /// (moves in any notation `position` reads: 4453, ddec, d d e c, 1. d
    /// 2. d; `-` for the empty board; the last token is a score only when it
    /// is an integer) and prints `<moves> <score>` per line, in order (score
    /// for the side to move: 22−k for a win with the k-th own disc, negative
    /// for a loss, 0 draw; the empty board scores +1).
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

/// Arguments of `fourbot run` (docs/operations.md).
#[derive(Debug, Default, clap::Args)]
pub struct RunArgs {
    /// Run and host only these shards, `<first>-<last>/<total>` (e.g.
    /// `0-1/4`; `3/4` for one): this process restores and serves only the
    /// guilds of those shards. Default: every shard Discord recommends.
    #[arg(long, value_name = "FIRST-LAST/TOTAL")]
    pub shards: Option<String>,
    /// The database: `sqlite://path` or `postgres://user@host/db` (several
    /// processes share one PostgreSQL database). Default:
    /// FOURBOT_DATABASE_URL, else sqlite://fourbot.db.
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
    /// Serve Prometheus metrics at /metrics and a health check at /healthz
    /// on this address (e.g. 127.0.0.1:9100).
    #[arg(long, value_name = "ADDR")]
    pub metrics: Option<String>,
    /// The log lines' format on stderr.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// The most a server's moderators may set `/config ai-matches` to
    /// (running matches against the AI per member; default 10). Else
    /// FOURBOT_MAX_AI_MATCHES.
    #[arg(long, value_name = "N")]
    pub max_ai_matches: Option<u64>,
    /// The most for `/config open-offers` (open challenges and seeks per
    /// member; default 50). Else FOURBOT_MAX_OPEN_OFFERS.
    #[arg(long, value_name = "N")]
    pub max_open_offers: Option<u64>,
    /// The most for `/config analyses` (`/analyze` waiting or running per
    /// member; default 5). Else FOURBOT_MAX_ANALYSES.
    #[arg(long, value_name = "N")]
    pub max_analyses: Option<u64>,
    /// The most for `/config replays-per-minute` (`/replay`, and apart
    /// `/export`, per member a minute; default 20). Else
    /// FOURBOT_MAX_REPLAYS_PER_MINUTE.
    #[arg(long, value_name = "N")]
    pub max_replays_per_minute: Option<u64>,
    /// The most for `/config server-replays-per-minute` (the same per
    /// server; default 120). Else FOURBOT_MAX_SERVER_REPLAYS_PER_MINUTE.
    #[arg(long, value_name = "N")]
    pub max_server_replays_per_minute: Option<u64>,
    /// How many `/analyze` requests may wait or run at once in this
    /// process, all servers together (default 16). Else
    /// FOURBOT_ANALYSIS_QUEUE.
    #[arg(long, value_name = "N")]
    pub analysis_queue: Option<u64>,
}

/// How `fourbot run` writes its log lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line of text each.
    #[default]
    Text,
    /// One JSON object each (for log collectors).
    Json,
}

/// Arguments of `fourbot migrate`.
#[derive(Debug, clap::Args)]
pub struct MigrateArgs {
    /// Database URL, sqlite://<file> or postgres://… (default:
    /// $FOURBOT_DATABASE_URL, else sqlite://fourbot.db).
    #[arg(long)]
    pub db: Option<String>,
}

/// Arguments of `fourbot ladder`.
#[derive(Debug, clap::Args)]
pub struct LadderArgs {
    /// Database URL, sqlite://<file> or postgres://… (default:
    /// $FOURBOT_DATABASE_URL, else sqlite://fourbot.db).
    #[arg(long)]
    pub db: Option<String>,
    /// Discord guild id (0: imported matches).
    #[arg(long, default_value_t = 0)]
    pub guild: u64,
    /// Variant key of the pool.
    #[arg(long, default_value = "classic")]
    pub variant: Variant,
    /// How many players to print.
    #[arg(long, default_value_t = 20)]
    pub top: u32,
}

/// Arguments of `fourbot openings`.
#[derive(Debug, clap::Args)]
pub struct OpeningsArgs {
    /// Output file.
    #[arg(long, default_value = "assets/openings.txt")]
    pub out: String,
    /// Progress file: one solved position per line, appended as it is
    /// solved; a new run resumes from it (default: <out>.progress).
    #[arg(long)]
    pub checkpoint: Option<String>,
}

/// Arguments of `fourbot analyze`.
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// The position to analyse, read exactly as by `fourbot position`.
    #[command(flatten)]
    pub game: PositionArgs,
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

/// Arguments of `fourbot book`: generate a book with our own solver
/// (`--depth N`), or `book import <file>`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct BookArgs {
    /// Import instead of generating.
    #[command(subcommand)]
    pub action: Option<BookAction>,
    /// Positions with at most this many discs go into the book.
    #[arg(long, required = true)]
    pub depth: Option<u32>,
    /// Output file.
    #[arg(long, default_value = "assets/book.bin")]
    pub out: String,
    /// Progress file: one solved position per line, appended as it is
    /// solved; a new run (of this or a larger depth) resumes from it
    /// (default: <out>.progress).
    #[arg(long)]
    pub checkpoint: Option<String>,
}

/// `fourbot book import`.
#[derive(Debug, clap::Subcommand)]
pub enum BookAction {
    /// Build the book of every position with at most 12 discs from
    /// BitBully's `book_12ply_distances.dat` (PyPI `bitbully-databases`,
    /// MIT): the 12-disc scores are read, the rest filled in by negamax.
    Import {
        /// The BitBully file `book_12ply_distances.dat`.
        file: String,
        /// Output file.
        #[arg(long, default_value = "assets/book.bin")]
        out: String,
    },
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
    /// Record the match in this database (default with --names:
    /// $FOURBOT_DATABASE_URL, else sqlite://fourbot.db).
    #[arg(long)]
    pub db: Option<String>,
    /// Record the match as a rated match of these players, p1 first,
    /// comma-separated (e.g. `alice,bob`).
    #[arg(long, value_delimiter = ',')]
    pub names: Option<Vec<String>>,
    /// The guild whose ladder rates the recorded match.
    #[arg(long, default_value_t = 0)]
    pub guild: u64,
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
    /// Database URL, sqlite://<file> or postgres://… (default:
    /// $FOURBOT_DATABASE_URL, else sqlite://fourbot.db);
    /// a match left with quit resumes at the next start. `none` saves nothing.
    #[arg(long)]
    pub db: Option<String>,
    /// Seed for the obstacles layout and the random opening (default: the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Your name in the match (default: $USER, else "Player 1" in your language).
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
    /// Moves in any notation of docs/rules.md §2: letters, digits, pops (-a, pop a),
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
        None if std::env::var_os(crate::discord::config::TOKEN_ENV).is_some() => {
            Command::Run(RunArgs::default())
        }
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Run(args) => discord(args),
        Command::Position(args) => finish(position(&args)),
        Command::Render(args) => finish(render(&args)),
        Command::Script(args) => finish(script(&args)),
        Command::Shell(args) => shell(args),
        Command::Migrate(args) => finish(migrate(&args)),
        Command::Ladder(args) => finish(ladder(&args)),
        Command::Solve(args) => finish(solve(&args)),
        Command::Book(args) => finish(book(&args)),
        Command::Analyze(args) => {
            use std::io::IsTerminal;
            if args.game.moves.trim().is_empty() && !std::io::stdin().is_terminal() {
                // `solve` reads stdin, `analyze` does not: say so rather than
                // silently answer for another position than the piped one.
                eprintln!("{ANALYZE_READS_MOVES}");
            }
            finish(analyze(&args))
        }
        Command::Openings(args) => finish(openings(&args)),
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
    let names = match (&args.names, &args.db) {
        (None, None) => None,
        (None, Some(_)) => return Err("--db needs --names: who played the match".into()),
        (Some(names), _) => {
            if names.len() != usize::from(variant.players()) {
                return Err(format!(
                    "--names: a {variant} match has {} players, got {}",
                    variant.players(),
                    names.len()
                ));
            }
            Some(names.clone())
        }
    };
    let run = run_script_match(&text, setup.clone()).map_err(|e| e.to_string())?;
    if let Some(names) = names {
        let url = store::database_url(args.db.as_deref());
        let id = block_on(record_script(
            &url,
            args.guild,
            &names,
            setup,
            &run.finished,
            &run.events,
        ))?;
        eprintln!("recorded: match {id}");
    }
    Ok(run.output)
}

/// Runs `future` on a fresh tokio runtime (commands are synchronous).
fn block_on<T>(future: impl std::future::Future<Output = Result<T, String>>) -> Result<T, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("runtime: {e}"))?
        .block_on(future)
}

/// Records a finished scripted match as a match of `names` in `guild`.
async fn record_script(
    url: &str,
    guild: u64,
    names: &[String],
    setup: MatchSetup,
    finished: &Match,
    events: &[crate::play::Event],
) -> Result<MatchId, String> {
    let shown = store::redact_url(url);
    let err = |e: store::StoreError| format!("{shown}: {e}");
    let db = Db::connect(url).await.map_err(err)?;
    let mut players = Vec::new();
    for name in names {
        players.push(db.named_player(name.trim()).await.map_err(err)?);
    }
    let fresh = Match::new(setup, Timestamp::ZERO).map_err(|e| e.to_string())?;
    // The match "started" when it ended, as far as the wall clock knows.
    let end = finished
        .result()
        .and_then(|_| events.last().map(|e| e.at.as_millis() as i64))
        .unwrap_or(0);
    let new = NewMatch {
        guild,
        players,
        epoch_unix_ms: crate::host::unix_ms() - end,
        ..NewMatch::default()
    };
    let id = db.create_match(&new, &fresh).await.map_err(err)?;
    db.record_events(id, finished, events).await.map_err(err)?;
    db.close().await;
    Ok(id)
}

/// `fourbot migrate`: applies the migrations, prints the schema version.
///
/// # Errors
/// One line for stderr: the database cannot be opened or migrated.
pub fn migrate(args: &MigrateArgs) -> Result<String, String> {
    let url = store::database_url(args.db.as_deref());
    let shown = store::redact_url(&url);
    block_on(async {
        let db = Db::connect(&url)
            .await
            .map_err(|e| format!("{shown}: {e}"))?;
        let versions = db.applied_migrations().await.map_err(|e| e.to_string())?;
        db.close().await;
        Ok(format!(
            "{shown}: schema version {}\n",
            versions.last().copied().unwrap_or(0)
        ))
    })
}

/// `fourbot ladder`: one line per player,
/// `<rank>. <name> <rating> <rating deviation> <matches played>` (rating and
/// RD rounded, `?` after a provisional rating; Weng-Lin pools show μ − 3σ and
/// σ with one decimal).
///
/// # Errors
/// One line for stderr: the database cannot be opened or read.
pub fn ladder(args: &LadderArgs) -> Result<String, String> {
    let url = store::database_url(args.db.as_deref());
    block_on(async {
        let db = Db::connect(&url)
            .await
            .map_err(|e| format!("{}: {e}", store::redact_url(&url)))?;
        let entries = db
            .leaderboard(
                args.guild,
                args.variant,
                None,
                args.top,
                crate::host::unix_ms(),
            )
            .await
            .map_err(|e| e.to_string())?;
        db.close().await;
        Ok(entries.iter().map(|e| e.line() + "\n").collect())
    })
}

/// `fourbot run`: the Discord bot. Logs go to stderr (`FOURBOT_LOG`:
/// error, warn, info (default), debug, trace; `--log-format json` for one
/// JSON object a line). A missing token or a Discord API out of reach gives
/// one line and exit status 1; bad input — a shard range, a shard another
/// process hosts, a database that cannot be opened, a metrics address, a
/// token Discord rejects or another gateway close the bot cannot resume
/// from — one line and exit status 2.
fn discord(args: RunArgs) -> ExitCode {
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
    // Libraries' spans are never recorded: serenity's (`#[instrument]`)
    // carry a request's route, whose interaction token lets anyone post as
    // the bot for 15 minutes, and they would print it on every line inside
    // them. Their events still show at debug and trace.
    use tracing_subscriber::filter::FilterExt;
    let filter = tracing_subscriber::filter::Targets::new()
        .with_target("fourbot", level)
        .with_default(libraries)
        .and(tracing_subscriber::filter::filter_fn(|m| {
            !m.is_span() || m.target().starts_with("fourbot")
        }));
    let lines = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(false);
    let lines = match args.log_format {
        LogFormat::Text => lines.with_filter(filter).boxed(),
        LogFormat::Json => lines.json().with_filter(filter).boxed(),
    };
    let _ = tracing_subscriber::registry().with(lines).try_init();
    crate::discord::ops::log_panics();
    let bad = |message: String| {
        eprintln!("fourbot: {message}");
        ExitCode::from(2)
    };
    let shards = match args
        .shards
        .as_deref()
        .map(str::parse::<crate::host::Shards>)
    {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(e)) => return bad(format!("--shards: {e}")),
    };
    let metrics = match args
        .metrics
        .as_deref()
        .map(str::parse::<std::net::SocketAddr>)
    {
        None => None,
        Some(Ok(a)) => Some(a),
        Some(Err(_)) => {
            return bad(format!(
                "--metrics: `{}` is not an address: write host:port, e.g. 127.0.0.1:9100",
                args.metrics.unwrap_or_default()
            ))
        }
    };
    use crate::host::limits::Limit;
    let options = crate::discord::config::RunOptions {
        shards,
        db: args.db,
        metrics,
        limit_bounds: vec![
            (Limit::AiMatches, args.max_ai_matches),
            (Limit::OpenOffers, args.max_open_offers),
            (Limit::Analyses, args.max_analyses),
            (Limit::ArchivePerMinute, args.max_replays_per_minute),
            (
                Limit::ServerArchivePerMinute,
                args.max_server_replays_per_minute,
            ),
        ],
        analysis_queue: args.analysis_queue,
    };
    let config = match crate::discord::DiscordConfig::from_env(options) {
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
    use crate::discord::RunError;
    let ended = runtime.block_on(crate::discord::run(config));
    // Dropping the runtime would wait for every blocking task (an AI
    // search, an /analyze) to finish: a stop must not.
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    match ended {
        Ok(()) => ExitCode::SUCCESS,
        // Bad input, like a command's: nothing was written.
        Err(
            e @ (RunError::Store { .. }
            | RunError::ShardOwned(_)
            | RunError::LeaseLost(_)
            | RunError::FatalClose { .. }
            | RunError::InvalidToken
            | RunError::Metrics(_)),
        ) => bad(e.to_string()),
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
        db: match args.db.as_deref() {
            Some("none") => None,
            other => Some(store::database_url(other)),
        },
        name: args
            .name
            .or_else(|| std::env::var("USER").ok().filter(|u| !u.is_empty())),
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

/// Reads one line of `fourbot solve`'s input: `<moves> [score]`, the moves
/// in any notation `fourbot position` reads on a 7×6 board (digit strings
/// `4453`, letters `ddec` or `d d e c`, numbered lists `1. d 2. d`, colour
/// marks), `-` for the empty board. The last token is a given score only
/// when it is an integer and not the only token. Returns `None` for a
/// blank line.
///
/// # Errors
/// What is wrong with the line (without its number).
pub fn parse_solve_line(line: &str) -> Result<Option<(String, Board, Option<i32>)>, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((last, rest)) = tokens.split_last() else {
        return Ok(None);
    };
    let (moves, given) = match last.parse::<i32>() {
        Ok(score) if !rest.is_empty() => (rest.join(" "), Some(score)),
        _ => (tokens.join(" "), None),
    };
    let text = if moves == "-" { "" } else { moves.as_str() };
    let columns = parse_moves(text, Variant::Classic)
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|m| match m {
            Move::Drop(c) => Ok(c as u32),
            other => Err(format!("{other} is not a drop")),
        })
        .collect::<Result<Vec<u32>, String>>()?;
    let board = Board::from_columns(columns).map_err(|e| e.to_string())?;
    Ok(Some((moves, board, given)))
}

/// `fourbot solve`: solves stdin line by line, printing each answer as soon
/// as it is known; returns the `--stats` summary (printed to stderr).
///
/// # Errors
/// `line N: reason` for the first malformed line (lines before it are
/// already answered).
pub fn solve(args: &SolveArgs) -> Result<String, String> {
    use std::io::BufRead;
    let mut solver = match args.no_book {
        true => Solver::new(),
        false => Solver::with_book(Book::shipped()),
    };
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

/// Opens a generator's checkpoint for appending and returns its complete
/// lines. A last line cut short (the run was killed while writing it) is cut
/// off the file, so the next line appended starts on a line of its own. A
/// missing file is created empty.
///
/// # Errors
/// The file cannot be read, truncated or opened.
pub fn open_checkpoint(path: &str) -> Result<(String, std::fs::File), String> {
    let err = |e: std::io::Error| format!("{path}: {e}");
    let mut text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(err(e)),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        text.truncate(text.rfind('\n').map_or(0, |i| i + 1));
        std::fs::write(path, &text).map_err(err)?;
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(err)?;
    Ok((text, file))
}

/// `fourbot book`: generates the opening book and writes it to `--out`.
/// Every solved position is appended to the checkpoint (`--checkpoint`,
/// default `<out>.progress`) at once and a run resumes from it; a run of a
/// larger `--depth` reuses the positions of the smaller ones, so the book
/// can be extended depth by depth.
///
/// # Errors
/// The checkpoint is malformed, or a file cannot be read or written.
pub fn book(args: &BookArgs) -> Result<String, String> {
    use crate::engine::book_gen::{format_checkpoint_line, parse_checkpoint};
    if let Some(BookAction::Import { file, out }) = &args.action {
        return book_import(file, out);
    }
    let depth = args.depth.ok_or("--depth is required")?;
    let checkpoint = args
        .checkpoint
        .clone()
        .unwrap_or_else(|| format!("{}.progress", args.out));
    let (text, mut log) = open_checkpoint(&checkpoint)?;
    let known = parse_checkpoint(&text).map_err(|e| format!("{checkpoint}: {e}"))?;
    eprintln!("{} positions already solved in {checkpoint}", known.len());
    let mut solver = Solver::new();
    let start = std::time::Instant::now();
    let mut write_error = None;
    let book = Book::generate_resumable(
        &Board::new(),
        depth,
        &mut solver,
        &known,
        |key, score, done, total| {
            if let Err(e) = writeln!(log, "{}", format_checkpoint_line(key, score)) {
                write_error.get_or_insert(e);
            }
            if done % 1000 == 0 || done == total {
                eprintln!(
                    "{done}/{total} positions, {:.0} s",
                    start.elapsed().as_secs_f64()
                );
            }
        },
    );
    if let Some(e) = write_error {
        return Err(format!("{checkpoint}: {e}"));
    }
    std::fs::write(&args.out, book.to_bytes()).map_err(|e| format!("{}: {e}", args.out))?;
    Ok(format!(
        "{} positions up to {} discs written to {}\n",
        book.len(),
        book.depth(),
        args.out
    ))
}

/// `fourbot book import <file>`: builds the dense book from BitBully's
/// `book_12ply_distances.dat` ([`crate::engine::book_import`]) and writes it
/// to `out`; progress on stderr.
///
/// # Errors
/// The file cannot be read or written, or is not a BitBully 12-ply file
/// with distances.
pub fn book_import(file: &str, out: &str) -> Result<String, String> {
    let start = std::time::Instant::now();
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let (book, report) = crate::engine::book_import::import_bitbully(&bytes, |line| {
        eprintln!("{line} ({:.1} s)", start.elapsed().as_secs_f64())
    })
    .map_err(|e| format!("{file}: {e}"))?;
    let bytes = book.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    Ok(format!(
        "{} records ({} where the side to move wins at once, not stored); {} positions up to {} discs (per disc count: {:?}); {} unreachable positions left out; {} bytes written to {out} in {:.1} s\n",
        report.records,
        report.wins_at_once,
        book.len(),
        book.depth(),
        report.per_discs,
        report.incomplete,
        bytes.len(),
        start.elapsed().as_secs_f64()
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
    let g = &args.game;
    let layout = layout(g.variant, &g.blocks, g.seed)?;
    let game = read_game(&g.moves, g.variant, layout.as_ref()).map_err(|e| e.to_string())?;
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
/// Every solved position is appended to the checkpoint (`--checkpoint`,
/// default `<out>.progress`) at once, and a run resumes from it, so a killed
/// run loses at most the position it was solving.
///
/// # Errors
/// The checkpoint is malformed, or a file cannot be read or written.
pub fn openings(args: &OpeningsArgs) -> Result<String, String> {
    use crate::engine::openings::{
        drawn_openings, format_checkpoint_line, format_opening, parse_checkpoint,
    };
    let checkpoint = args
        .checkpoint
        .clone()
        .unwrap_or_else(|| format!("{}.progress", args.out));
    let (text, mut log) = open_checkpoint(&checkpoint)?;
    let known = parse_checkpoint(&text).map_err(|e| format!("{checkpoint}: {e}"))?;
    let mut solver = Solver::with_book(Book::shipped());
    let start = std::time::Instant::now();
    let mut write_error = None;
    eprintln!("{} positions already solved in {checkpoint}", known.len());
    let list = drawn_openings(&mut solver, &known, |seq, score, done, total| {
        if let Err(e) = writeln!(log, "{}", format_checkpoint_line(seq, score)) {
            write_error.get_or_insert(e);
        }
        eprintln!(
            "{done}/{total} positions, {} scores {score}, {:.0} s",
            format_opening(seq),
            start.elapsed().as_secs_f64()
        );
    });
    if let Some(e) = write_error {
        return Err(format!("{checkpoint}: {e}"));
    }
    let mut text = String::from(
        "# Drawn 4-disc openings of random-opening (docs/rules.md §5): 7x6 digit strings,\n# red to move, a draw with perfect play, one of each mirror pair.\n# Generated by `fourbot openings` (the bot's own solver).\n",
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_cut_mid_line_resumes_on_a_new_line() {
        let path = std::env::temp_dir().join(format!("fourbot-ckpt-{}", std::process::id()));
        let path = path.to_str().unwrap().to_string();
        std::fs::write(&path, "1111 1\n43").unwrap();
        let (text, mut file) = open_checkpoint(&path).unwrap();
        assert_eq!(text, "1111 1\n");
        writeln!(file, "1112 0").unwrap();
        drop(file);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1111 1\n1112 0\n");
        std::fs::remove_file(&path).unwrap();
        let (text, _) = open_checkpoint(&path).unwrap();
        assert_eq!(text, "");
        std::fs::remove_file(&path).unwrap();
    }
}
