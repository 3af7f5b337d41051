//! `/analyze match`: the exact solver's verdict on every move of a
//! finished match, as the host's analysis job makes it
//! ([`crate::host::analysis`]: the request's checks, the bounded queue, one
//! analysis at a time, the words). This file shows its progress in the
//! deferred answer and sends the report privately, in the reader's
//! language.

use std::time::Duration;

use serenity::all::{CreateAttachment, EditInteractionResponse};

use crate::host::analysis::{Started, Step};

use super::super::data::{Context, Error};
use super::super::messages::{clip, mentions_only, picture, BOARD_FILE, MAX_CONTENT};
use super::super::reply::{author_seated, guild_of, pack, private, user_locale, PrivateAnswer};

/// How often the deferred answer is edited with the progress ("Analysing…
/// 12/38 moves"): the first edit comes at once, then at most one per this
/// interval. The edits of an interaction's original response go with its
/// token (its own rate limit, not the bot's global one), and Discord
/// allows about 5 a few seconds per token, so one every 2 s stays clear.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// The solver's verdict on every move of a finished match (7×6 classic rules).
#[poise::command(slash_command, guild_only)]
pub(super) async fn analyze(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "super::super::choices::my_matches"]
    id: Option<String>,
) -> Result<(), Error> {
    // Solving takes seconds: the command was deferred privately before it
    // ran (`commands::before`).
    let asked = std::time::Instant::now();
    let data = ctx.data().clone();
    let guild = guild_of(ctx);
    let me = author_seated(ctx);
    let started = data
        .analyses
        .start(guild, &me, id.as_deref(), user_locale(ctx))
        .await;
    // The job holds a place in the queue until it is dropped, after the
    // answer is sent.
    let mut job = match started? {
        Started::Job(job) => job,
        Started::Told(text) => return private(ctx, text).await,
    };
    // The progress, in the deferred answer: at once, then every
    // PROGRESS_EVERY until the report is in. A refused edit (the token
    // gone) only stops the progress; the answer still comes.
    let mut show_progress = true;
    let mut progress_shown = false;
    let report = loop {
        match job.next(PROGRESS_EVERY).await? {
            Step::Progress(text) if show_progress => {
                show_progress = edit_original(ctx, text).await;
                progress_shown |= show_progress;
            }
            Step::Progress(_) => {}
            Step::Done(report) => break report,
        }
    };
    let messages = pack(&report.sections, MAX_CONTENT);
    let last = messages.len().saturating_sub(1);
    // A long queue can outlast the interaction's token (15 minutes): the
    // answer then goes to the user alone, by direct message, or nowhere
    // (reply::late_answer) — never into the channel.
    let mut answer = PrivateAnswer::new(ctx, asked);
    for (i, text) in messages.into_iter().enumerate() {
        let files: Vec<CreateAttachment> = (i == last)
            .then_some(report.board.as_ref())
            .flatten()
            .map(|png| picture(png.clone(), BOARD_FILE, report.alt.as_deref()))
            .into_iter()
            .collect();
        answer.send(text, files).await?;
    }
    drop(job);
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
