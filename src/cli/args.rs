//! The command line's arguments (clap): the subcommands and their
//! options, with the help `fourbot --help` prints.

use clap::{Parser, Subcommand};

use crate::game::Variant;
use crate::play::{ClockSettings, TimeControl};

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
    /// Check the set-up with the token in DISCORD_TOKEN, as `run` would
    /// use it: the token, the privileged intents switched on in the
    /// developer portal, the slash commands registered, the bot's
    /// permissions in every text channel of its servers. Prints one line
    /// per problem with its fix, then a summary; exit status 0 only when
    /// all is well (1: problems found, 2: nothing could be checked).
    Check(CheckArgs),
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

/// Arguments of `fourbot run` (docs/operations.md). Each flag may also
/// be given by the environment variable `--help` names beside it (the
/// flag wins).
#[derive(Debug, Default, clap::Args)]
pub struct RunArgs {
    /// Run and host only these shards, `<first>-<last>/<total>` (e.g.
    /// `0-1/4`; `3/4` for one): this process restores and serves only the
    /// guilds of those shards. Default: every shard Discord recommends.
    #[arg(long, value_name = "FIRST-LAST/TOTAL", env = "FOURBOT_SHARDS")]
    pub shards: Option<String>,
    /// The database: `sqlite://path` or `postgres://user@host/db` (several
    /// processes share one PostgreSQL database). Default:
    /// sqlite://fourbot.db.
    #[arg(
        long,
        value_name = "URL",
        env = "FOURBOT_DATABASE_URL",
        hide_env_values = true
    )]
    pub db: Option<String>,
    /// Serve Prometheus metrics at /metrics and a health check at /healthz
    /// on this address (e.g. 127.0.0.1:9100).
    #[arg(long, value_name = "ADDR", env = "FOURBOT_METRICS")]
    pub metrics: Option<String>,
    /// Serve the web front end (docs/web.md: a live page for each match of
    /// the servers that turn it on) on this address, e.g. 127.0.0.1:8080
    /// behind a reverse proxy with TLS. Needs FOURBOT_WEB_SECRET (at least
    /// 32 bytes, from the environment only). Off by default.
    #[arg(long, value_name = "ADDR", env = "FOURBOT_WEB")]
    pub web: Option<String>,
    /// The address people reach the web front end at, e.g.
    /// https://c4.example.org (for the links the bot posts).
    #[arg(long, value_name = "URL", env = "FOURBOT_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// The log lines' format on stderr.
    #[arg(long, value_enum, default_value_t = LogFormat::Text, env = "FOURBOT_LOG_FORMAT")]
    pub log_format: LogFormat,
    /// The most a server's moderators may set `/config ai-matches` to
    /// (running matches against the AI per member; default 10).
    #[arg(long, value_name = "N", env = "FOURBOT_MAX_AI_MATCHES")]
    pub max_ai_matches: Option<u64>,
    /// The most for `/config open-offers` (open challenges and seeks per
    /// member; default 50).
    #[arg(long, value_name = "N", env = "FOURBOT_MAX_OPEN_OFFERS")]
    pub max_open_offers: Option<u64>,
    /// The most for `/config analyses` (`/analyze` waiting or running per
    /// member; default 5).
    #[arg(long, value_name = "N", env = "FOURBOT_MAX_ANALYSES")]
    pub max_analyses: Option<u64>,
    /// The most for `/config replays-per-minute` (`/replay`, and apart
    /// `/export`, per member a minute; default 20).
    #[arg(long, value_name = "N", env = "FOURBOT_MAX_REPLAYS_PER_MINUTE")]
    pub max_replays_per_minute: Option<u64>,
    /// The most for `/config server-replays-per-minute` (the same per
    /// server; default 120).
    #[arg(long, value_name = "N", env = "FOURBOT_MAX_SERVER_REPLAYS_PER_MINUTE")]
    pub max_server_replays_per_minute: Option<u64>,
    /// How many `/analyze` requests may wait or run at once in this
    /// process, all servers together (default 16).
    #[arg(long, value_name = "N", env = "FOURBOT_ANALYSIS_QUEUE")]
    pub analysis_queue: Option<u64>,
}

/// Arguments of `fourbot check` (docs/operations.md, "Checking the
/// set-up"). It reads the environment `run` reads: DISCORD_TOKEN,
/// FOURBOT_DEV_GUILD, FOURBOT_CA_FILE, the proxy variables.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Read at most this many of the bot's servers (the first by id;
    /// three requests each).
    #[arg(long, value_name = "N", default_value_t = crate::discord::check::DEFAULT_MAX_SERVERS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000),
          env = "FOURBOT_CHECK_MAX_SERVERS")]
    pub max_servers: usize,
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
