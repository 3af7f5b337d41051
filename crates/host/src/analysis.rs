//! `/analyze match`: after a finished match, the exact solver's verdict on
//! every move of each 7×6 classic-rules game (classic, single,
//! random-opening, teams): the mover's theoretical result before and after
//! the move (win / draw / loss), marking the moves that threw a win away or
//! turned a draw into a loss, plus the board at the first mistake
//! (docs/discord.md, "/analyze"). The verdicts come from
//! [`fourbot_core::engine::analysis::analyze_game_with_progress`].
//!
//! The job is the host's, so that every front end gets the same queue and
//! words: [`Analyses::start`] checks the request and takes a place in the
//! bounded queue ([`Queue`]: the operator's length, each server's limit
//! per member); [`Job::next`] runs it one analysis at a time on the
//! blocking pool and tells the progress until the [`Report`] is in. The
//! front end shows the progress and the report (in the reader's language)
//! and drops the job once the answer is sent, which frees the place.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use fourbot_core::engine::analysis::{analyze_game_with_progress, Mistake, MoveVerdict, Verdict};
use fourbot_core::engine::board::is_classic;
use fourbot_core::game::{Game, Position};
use fourbot_core::play::PhaseKind;
use fourbot_i18n::{id, Args, Catalog, Locale, Value};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinHandle;

use super::denial::Denial;
use super::ladder::Ladder;
use super::limits::{Limit, Queue, Ticket};
use super::matches::Host;
use super::present::Seated;
use super::settings::Settings;
use super::view::GuildId;

/// How long the solver may spend on one position before its verdict is
/// "unknown". Positions of ≤ 12 discs come from the shipped opening book
/// (`assets/book.bin`) at once; later ones are weakly solved, measured at
/// well under this (a whole random game: p50 ≈ 10 ms, max ≈ 0.2 s,
/// docs/benchmarks.md "Analysis"), so the budget is a safety net: at most
/// 30 s for the 30 positions after the book of a 42-ply game.
pub const PER_POSITION: Duration = Duration::from_secs(1);

/// The analyses of one process: the bounded queue and the one-at-a-time
/// turn. Cheap to clone (shared).
#[derive(Clone)]
pub struct Analyses {
    host: Host,
    ladder: Ladder,
    settings: Settings,
    queue: Queue,
    /// One analysis at a time: each keeps a core busy for seconds (the
    /// machine may have two), so further requests wait their turn in the
    /// queue.
    turn: Arc<Semaphore>,
}

/// What [`Analyses::start`] gives.
pub enum Started {
    /// Nothing to analyse, and why, for the reader (no finished match on
    /// this server, a variant the solver does not cover).
    Told(String),
    /// The analysis, queued.
    Job(Job),
}

/// One queued analysis ([`Analyses::start`]); its place in the queue is
/// held until it is dropped.
pub struct Job {
    turn: Arc<Semaphore>,
    place: Ticket,
    host: Host,
    locale: Locale,
    match_number: i64,
    games: Vec<Game>,
    total: usize,
    done: Arc<AtomicUsize>,
    running: Option<Running>,
}

struct Running {
    _turn: OwnedSemaphorePermit,
    work: JoinHandle<Vec<Vec<MoveVerdict>>>,
}

/// Why a [`Job`] gave no report.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The solver's or the drawing's task failed (a panic).
    #[error("the analysis task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
    /// The turn of the queue was closed (it never is).
    #[error("the analyses' turn is closed: {0}")]
    Closed(#[from] tokio::sync::AcquireError),
    /// The board at the first mistake could not be replayed or drawn.
    #[error("the board at the first mistake: {0}")]
    Board(String),
}

/// One step of a [`Job`].
pub enum Step {
    /// Still queued or running: the progress as the reader reads it
    /// ("Analysing… 12/38 moves").
    Progress(String),
    /// The verdicts are in.
    Done(Report),
}

/// The analysis as the reader reads it.
pub struct Report {
    /// Sections of text (the title, one per game with a line per move, the
    /// first mistake or none), in the reader's language; the front end
    /// packs them into its messages.
    pub sections: Vec<String>,
    /// The board (PNG) just before the first mistake, if any.
    pub board: Option<Vec<u8>>,
    /// The board's alt text ([`crate::alt::board_alt`]), with `board`.
    pub alt: Option<String>,
}

impl Analyses {
    /// The analyses of matches on `ladder` (whose words `host`'s catalog
    /// has), with the servers' limits of `settings` (with the operator's
    /// bounds) and a queue of `capacity`.
    pub fn new(host: Host, ladder: Ladder, settings: Settings, capacity: usize) -> Analyses {
        Analyses {
            host,
            ladder,
            settings,
            queue: Queue::new(capacity),
            turn: Arc::new(Semaphore::new(1)),
        }
    }

    /// `me`'s request to analyse match `id` on `guild` (`None`: their last
    /// finished match there), answered in `locale`.
    ///
    /// # Errors
    /// The match is not found or not finished, the store failed, or the
    /// queue refuses (`limit-analyses`, `limit-analysis-queue`).
    pub async fn start(
        &self,
        guild: GuildId,
        me: &Seated,
        id: Option<&str>,
        locale: Locale,
    ) -> Result<Started, Denial> {
        let catalog = self.host.catalog();
        let id = match id {
            Some(id) => id.to_string(),
            None => match self.ladder.history(guild, me, 1).await?.first() {
                Some(last) => last.id.0.to_string(),
                None => {
                    let args = Args::new().set("player", Value::name(me.name.clone()));
                    return Ok(Started::Told(catalog.text(
                        locale,
                        id::HISTORY_EMPTY,
                        &args,
                    )));
                }
            },
        };
        let (detail, m) = self.ladder.find_match(guild, &id).await?;
        if detail.phase != PhaseKind::Finished {
            return Err(Denial::new(id::ERROR_ANALYZE_NOT_FINISHED));
        }
        if !is_classic(detail.variant) {
            let args = Args::new().set("variant", catalog.variant_name(locale, detail.variant));
            return Ok(Started::Told(catalog.text(
                locale,
                id::ANALYZE_UNSOLVED,
                &args,
            )));
        }
        let per_member = {
            let settings = self.settings.guild(guild).await;
            self.settings
                .bounds()
                .effective(&settings.limits, Limit::Analyses)
        };
        let place = self.queue.enter(me.id, per_member)?;
        let games: Vec<Game> = m.games().iter().map(|r| r.game().clone()).collect();
        let total = games.iter().map(|g| g.moves().len()).sum();
        Ok(Started::Job(Job {
            turn: self.turn.clone(),
            place,
            host: self.host.clone(),
            locale,
            match_number: detail.id.0,
            games,
            total,
            done: Arc::default(),
            running: None,
        }))
    }
}

impl Job {
    /// Waits for the job's turn (at most `every` once it runs) and says
    /// where it is: its progress, or the report once the verdicts are in.
    /// The first call after the turn came answers at once, so that the
    /// reader sees the progress start.
    ///
    /// # Errors
    /// [`AnalysisError`]: the solver's task failed (a panic), or the board
    /// could not be drawn.
    pub async fn next(&mut self, every: Duration) -> Result<Step, AnalysisError> {
        let Some(running) = self.running.as_mut() else {
            let turn = self.turn.clone().acquire_owned().await?;
            self.place.start();
            let games = self.games.clone();
            let counter = self.done.clone();
            let work = tokio::task::spawn_blocking(move || {
                let mut before = 0;
                games
                    .iter()
                    .map(|g| {
                        let vs = analyze_game_with_progress(g, PER_POSITION, |n| {
                            counter.store(before + n, Ordering::Relaxed);
                        });
                        before += g.moves().len();
                        vs
                    })
                    .collect::<Vec<_>>()
            });
            self.running = Some(Running { _turn: turn, work });
            return Ok(Step::Progress(self.progress()));
        };
        tokio::select! {
            verdicts = &mut running.work => {
                let verdicts = verdicts?;
                self.running = None; // the turn goes to the next job
                Ok(Step::Done(self.report(&verdicts).await?))
            }
            () = tokio::time::sleep(every) => Ok(Step::Progress(self.progress())),
        }
    }

    fn progress(&self) -> String {
        self.host.catalog().text(
            self.locale,
            id::ANALYZE_PROGRESS,
            &Args::new()
                .set("done", self.done.load(Ordering::Relaxed) as i64)
                .set("total", self.total as i64),
        )
    }

    async fn report(&self, verdicts: &[Vec<MoveVerdict>]) -> Result<Report, AnalysisError> {
        let (catalog, l) = (self.host.catalog(), self.locale);
        let mut sections = vec![format!(
            "**{}**\n{}",
            catalog.text(
                l,
                id::ANALYZE_TITLE,
                &Args::new().set("id", format!("#{}", self.match_number))
            ),
            catalog.plain(l, id::ANALYZE_EXACT)
        )];
        let mut first_mistake: Option<(usize, usize)> = None;
        for (n, (game, vs)) in self.games.iter().zip(verdicts).enumerate() {
            let mut lines = vec![format!(
                "**{}**",
                catalog.text(
                    l,
                    id::ANALYZE_GAME,
                    &Args::new().set("game", (n + 1) as i64)
                )
            )];
            lines.extend(game_lines(catalog, l, game, vs));
            sections.push(lines.join("\n"));
            if first_mistake.is_none() {
                if let Some(v) = vs.iter().find(|v| v.mistake.is_some()) {
                    first_mistake = Some((n, v.ply));
                }
            }
        }
        let mut alt = None;
        let board = match first_mistake {
            None => {
                sections.push(catalog.plain(l, id::ANALYZE_NO_MISTAKES));
                None
            }
            Some((n, ply)) => {
                sections.push(
                    catalog.text(
                        l,
                        id::ANALYZE_FIRST_MISTAKE,
                        &Args::new()
                            .set("game", (n + 1) as i64)
                            .set("ply", ply as i64),
                    ),
                );
                let g = &self.games[n];
                let at = Game::from_moves(*g.start(), &g.moves()[..ply])
                    .map_err(|e| AnalysisError::Board(format!("replaying game {}: {e}", n + 1)))?;
                alt = Some(crate::alt::board_alt(catalog, l, &at));
                // Drawing takes milliseconds: off the async runtime.
                let png = tokio::task::spawn_blocking(move || {
                    fourbot_render::board_png(&at, &Default::default())
                })
                .await?
                .map_err(|e| AnalysisError::Board(e.to_string()))?;
                Some(png)
            }
        };
        Ok(Report {
            sections,
            board,
            alt,
        })
    }
}

fn verdict_word(catalog: &Catalog, l: Locale, v: Verdict) -> String {
    catalog.plain(
        l,
        match v {
            Verdict::Win => id::ANALYZE_RESULT_WIN,
            Verdict::Draw => id::ANALYZE_RESULT_DRAW,
            Verdict::Loss => id::ANALYZE_RESULT_LOSS,
            Verdict::Unknown => id::ANALYZE_RESULT_UNKNOWN,
        },
    )
}

/// One line per move of `game` (`7. 🔴 d: win → draw — threw a win away`),
/// in `l`; `verdicts` are the solver's for `game`.
fn game_lines(catalog: &Catalog, l: Locale, game: &Game, verdicts: &[MoveVerdict]) -> Vec<String> {
    let mut p: Position = *game.start();
    let mut lines = Vec::new();
    for v in verdicts {
        let disc = p.to_move().emoji();
        p.play_unchecked(v.mv);
        let change = catalog.text(
            l,
            id::ANALYZE_CHANGE,
            &Args::new()
                .set("before", verdict_word(catalog, l, v.before))
                .set("after", verdict_word(catalog, l, v.after)),
        );
        let mut line = catalog.text(
            l,
            id::ANALYZE_LINE,
            &Args::new()
                .set("ply", v.ply as i64)
                .set("disc", disc)
                .set("move", v.mv.to_string())
                .set("verdict", change),
        );
        if let Some(m) = v.mistake {
            let id = match m {
                Mistake::ThrewWinAway => id::ANALYZE_THREW_WIN,
                Mistake::DrawToLoss => id::ANALYZE_DRAW_TO_LOSS,
            };
            line = format!("{line} — **{}**", catalog.plain(l, id));
        }
        lines.push(line);
    }
    lines
}
