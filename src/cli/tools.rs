//! The tools: every subcommand but `run` and `shell` (`bot.rs`), each a
//! function from its arguments to the text it prints, or to a one-line
//! error — `position`, `render`, `script`, `migrate`, `ladder`, `solve`,
//! `book`, `analyze`, `openings`.

use std::io::Write;

use crate::engine::{Board, Book, Solver};
use crate::game::notation::{parse_layout, parse_move, parse_moves, read_game, SetupError};
use crate::game::{Move, ObstacleLayout, Outcome, Position, Variant};
use crate::play::script::run_script_match;
use crate::play::{ClockSettings, Match, MatchSetup, Timestamp};
use crate::store::{self, Db, MatchId, NewMatch};

use super::args::{
    AnalyzeArgs, BookAction, BookArgs, LadderArgs, MigrateArgs, OpeningsArgs, PositionArgs,
    RenderArgs, ScriptArgs, SolveArgs,
};

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
        epoch_unix_ms: crate::host::WallClock::system().unix_ms() - end,
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
                crate::host::WallClock::system().unix_ms(),
            )
            .await
            .map_err(|e| e.to_string())?;
        db.close().await;
        Ok(entries.iter().map(|e| e.line() + "\n").collect())
    })
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
