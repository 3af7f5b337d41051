//! `/replay match` (an animated GIF per game) and `/export match` (the
//! exchange format of docs/rules.md §2 as a text file) for a finished or
//! running match of this server, rebuilt from the store by the host.
//! Replies are private.

use poise::CreateReply;
use serenity::all::CreateAttachment;

use crate::host::archive::exchange_text;
use crate::i18n::{id, Args};
use crate::render::RenderError;

use super::super::data::{Context, Error};
use super::super::messages::mentions_only;
use super::super::reply::{deny, in_guild, user_locale};

/// The animated replay of a match.
#[poise::command(slash_command)]
pub(super) async fn replay(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "super::super::choices::my_matches"]
    id: String,
) -> Result<(), Error> {
    let Some(guild) = in_guild(ctx).await? else {
        return Ok(());
    };
    let (detail, m) = match ctx.data().ladder.find_match(guild, &id).await {
        Ok(found) => found,
        Err(d) => return deny(ctx, &d).await,
    };
    ctx.defer_ephemeral().await?;
    let data = ctx.data();
    let (catalog, l) = (data.catalog(), user_locale(ctx));
    let mut reply = CreateReply::default()
        .ephemeral(true)
        .allowed_mentions(mentions_only(&[]));
    // Drawn off the async runtime, a few at a time, at most 200 frames and
    // 4 MiB a game; a finished match's replays are kept (pictures.rs).
    let finished = m.is_finished();
    let mut notes = Vec::new();
    for (n, record) in m.games().iter().enumerate() {
        let game = Args::new().set("game", n + 1);
        match data
            .replays
            .draw(detail.id.0, n, finished, record.game())
            .await
        {
            Ok(replay) => {
                if replay.sampled() {
                    notes.push(catalog.text(
                        l,
                        id::REPLAY_SAMPLED,
                        &game.set("moves", replay.plies).set("step", replay.step),
                    ));
                }
                reply = reply.attachment(CreateAttachment::bytes(
                    replay.gif.clone(),
                    format!("match-{}-game-{}.gif", detail.id.0, n + 1),
                ));
            }
            Err(RenderError::TooLarge { .. }) => {
                notes.push(catalog.text(l, id::REPLAY_TOO_LARGE, &game));
            }
            Err(e) => return Err(e.into()),
        }
    }
    if !notes.is_empty() {
        reply = reply.content(notes.join("\n"));
    }
    ctx.send(reply).await?;
    Ok(())
}

/// A match in the exchange format, as a text file.
#[poise::command(slash_command)]
pub(super) async fn export(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "super::super::choices::my_matches"]
    id: String,
) -> Result<(), Error> {
    let Some(guild) = in_guild(ctx).await? else {
        return Ok(());
    };
    let (detail, m) = match ctx.data().ladder.find_match(guild, &id).await {
        Ok(found) => found,
        Err(d) => return deny(ctx, &d).await,
    };
    let text = exchange_text(&detail, &m);
    ctx.send(
        CreateReply::default()
            .ephemeral(true)
            .allowed_mentions(mentions_only(&[]))
            .attachment(CreateAttachment::bytes(
                text.into_bytes(),
                format!("match-{}.txt", detail.id.0),
            )),
    )
    .await?;
    Ok(())
}
