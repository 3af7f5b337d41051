//! `/analyze match`: after a finished match, the exact solver's verdict on
//! every move of each 7×6 classic-rules game (classic, single,
//! random-opening, teams): the mover's theoretical result before and after
//! the move (win / draw / loss), marking the moves that threw a win away or
//! turned a draw into a loss, plus the board at the first mistake. The
//! verdicts come from [`crate::engine::analysis::analyze_game`]; solving an
//! early position can take seconds, so it runs on the blocking pool after
//! the interaction has been deferred. Replies are private, in the reader's
//! language.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{CreateAttachment, EditInteractionResponse};

use crate::engine::analysis::{analyze_game_with_progress, Mistake, MoveVerdict, Verdict};
use crate::engine::board::is_classic;
use crate::game::{Game, Position};
use crate::host::limits::Limit;
use crate::host::Denial;
use crate::i18n::{id, Args, Catalog, Locale};

use super::super::data::{Context, Error};
use super::super::messages::{clip, mentions_only, MAX_CONTENT};
use super::super::reply::{
    author_seated, deny, in_guild, pack, private, user_id, user_locale, PrivateAnswer,
};

/// How long the solver may spend on one position before its verdict is
/// "unknown". Positions of ≤ 12 discs come from the shipped opening book
/// (`assets/book.bin`) at once; later ones are weakly solved, measured at
/// well under this (a whole random game: p50 ≈ 10 ms, max ≈ 0.2 s,
/// docs/benchmarks.md "Analysis"), so the budget is a safety net: at most
/// 30 s for the 30 positions after the book of a 42-ply game.
pub const PER_POSITION: Duration = Duration::from_secs(1);

/// How often the deferred answer is edited with the progress ("Analysing…
/// 12/38 moves"): the first edit comes at once, then at most one per this
/// interval. The edits of an interaction's original response go with its
/// token (its own rate limit, not the bot's global one), and Discord
/// allows about 5 a few seconds per token, so one every 2 s stays clear.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// One analysis at a time: each keeps a core busy for seconds (the machine
/// may have two), so further requests wait their turn (their interaction
/// is already deferred; its token lives 15 minutes). How many may wait is
/// bounded: `Data::analyses`, a queue of the operator's length with each
/// server's limit per member.
static ANALYSES: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

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
/// in `l`; `verdicts` are [`analyze_game`]'s for `game`.
pub fn game_lines(
    catalog: &Catalog,
    l: Locale,
    game: &Game,
    verdicts: &[MoveVerdict],
) -> Vec<String> {
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

/// The solver's verdict on every move of a finished match (7×6 classic rules).
#[poise::command(slash_command)]
pub(super) async fn analyze(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "super::super::choices::my_matches"]
    id: Option<String>,
) -> Result<(), Error> {
    // Solving takes seconds: acknowledge first.
    ctx.defer_ephemeral().await?;
    let asked = std::time::Instant::now();
    let data = ctx.data().clone();
    let catalog = data.catalog();
    let l = user_locale(ctx);
    let Some(guild) = in_guild(ctx).await? else {
        return Ok(());
    };
    let me = author_seated(ctx);
    let id = match id {
        Some(id) => id,
        // Your last finished match on this server.
        None => match data.ladder.history(guild, &me, 1).await {
            Ok(h) if !h.is_empty() => h[0].id.0.to_string(),
            Ok(_) => {
                let text = catalog.text(
                    l,
                    id::HISTORY_EMPTY,
                    &Args::new().set("player", crate::i18n::Value::name(me.name)),
                );
                return private(ctx, text).await;
            }
            Err(d) => return deny(ctx, &d).await,
        },
    };
    let (detail, m) = match data.ladder.find_match(guild, &id).await {
        Ok(found) => found,
        Err(d) => return deny(ctx, &d).await,
    };
    if detail.phase != "finished" {
        return deny(ctx, &Denial::new(id::ERROR_ANALYZE_NOT_FINISHED)).await;
    }
    if !is_classic(detail.variant) {
        let text = catalog.text(
            l,
            id::ANALYZE_UNSOLVED,
            &Args::new().set("variant", catalog.variant_name(l, detail.variant)),
        );
        return private(ctx, text).await;
    }
    // A place in the bounded queue (docs/reliability.md, "Limits"): at
    // most the server's limit per member, the operator's length in all;
    // kept until the answer is sent.
    let per_member = {
        let settings = data.settings.guild(guild).await;
        data.settings
            .bounds()
            .effective(&settings.limits, Limit::Analyses)
    };
    let mut place = match data.analyses.enter(user_id(ctx.author()), per_member) {
        Ok(place) => place,
        Err(d) => return deny(ctx, &d).await,
    };
    let games: Vec<Game> = m.games().iter().map(|r| r.game().clone()).collect();
    let total: usize = games.iter().map(|g| g.moves().len()).sum();
    let mut progress_shown = false;
    let verdicts = {
        let _turn = ANALYSES.acquire().await?;
        place.start();
        let games = games.clone();
        let done = Arc::new(AtomicUsize::new(0));
        let counter = done.clone();
        let mut work = tokio::task::spawn_blocking(move || {
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
        // The progress, in the deferred answer: at once, then every
        // PROGRESS_EVERY until the verdicts are in. A refused edit (the
        // token gone) only stops the progress; the answer still comes.
        let mut show_progress = true;
        let verdicts = loop {
            if show_progress {
                let text = catalog.text(
                    l,
                    id::ANALYZE_PROGRESS,
                    &Args::new()
                        .set("done", done.load(Ordering::Relaxed) as i64)
                        .set("total", total as i64),
                );
                show_progress = edit_original(ctx, text).await;
                progress_shown |= show_progress;
            }
            tokio::select! {
                verdicts = &mut work => break verdicts?,
                _ = tokio::time::sleep(PROGRESS_EVERY) => {}
            }
        };
        verdicts
    };
    let mut sections = vec![format!(
        "**{}**\n{}",
        catalog.text(
            l,
            id::ANALYZE_TITLE,
            &Args::new().set("id", format!("#{}", detail.id.0))
        ),
        catalog.plain(l, id::ANALYZE_EXACT)
    )];
    let mut first_mistake: Option<(usize, usize)> = None;
    for (n, (game, vs)) in games.iter().zip(&verdicts).enumerate() {
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
    let image = match first_mistake {
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
            let g = &games[n];
            let at = Game::from_moves(*g.start(), &g.moves()[..ply])
                .map_err(|e| anyhow::anyhow!("replaying game {}: {e}", n + 1))?;
            let png = super::super::pictures::off_runtime(move || {
                crate::render::board_png(&at, &Default::default())
            })
            .await??;
            Some(png)
        }
    };
    let messages = pack(&sections, MAX_CONTENT);
    let last = messages.len().saturating_sub(1);
    // A long queue can outlast the interaction's token (15 minutes): the
    // answer then goes to the user alone, by direct message, or nowhere
    // (reply::late_answer) — never into the channel.
    let mut answer = PrivateAnswer::new(ctx, asked);
    for (i, text) in messages.into_iter().enumerate() {
        let files: Vec<CreateAttachment> = (i == last)
            .then_some(image.as_ref())
            .flatten()
            .map(|png| CreateAttachment::bytes(png.clone(), "board.png"))
            .into_iter()
            .collect();
        answer.send(text, files).await?;
    }
    drop(place);
    // The answer came in follow-ups: the progress message has done its job.
    if progress_shown && !answer.is_late() {
        if let poise::Context::Application(actx) = ctx {
            if let Err(e) = actx.interaction.delete_response(ctx.http()).await {
                tracing::warn!("analysis progress not removed: {e}");
            }
        }
    }
    Ok(())
}

/// Edits the original (deferred) response of the command with `text`;
/// false when Discord refused (logged), so the caller stops editing.
async fn edit_original(ctx: Context<'_>, text: String) -> bool {
    let poise::Context::Application(actx) = ctx else {
        return false;
    };
    let edit = EditInteractionResponse::new()
        .content(clip(&text))
        .allowed_mentions(mentions_only(&[]));
    match actx.interaction.edit_response(ctx.http(), edit).await {
        Ok(_) => true,
        Err(e) => {
            tracing::warn!("analysis progress not shown: {e}");
            false
        }
    }
}
