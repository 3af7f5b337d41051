//! `/replay match` (an animated GIF per game) and `/export match` (the
//! exchange format of docs/rules.md §2 as a text file) for a finished or
//! running match of this server, rebuilt from the store by the host.
//! Replies are private.

use poise::CreateReply;
use serenity::all::CreateAttachment;

use crate::host::archive::exchange_text;

use super::super::data::{Context, Error};
use super::super::messages::mentions_only;
use super::super::reply::{deny, in_guild};

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
    let mut reply = CreateReply::default()
        .ephemeral(true)
        .allowed_mentions(mentions_only(&[]));
    for (n, record) in m.games().iter().enumerate() {
        let gif = crate::render::game_gif(record.game())?;
        reply = reply.attachment(CreateAttachment::bytes(
            gif,
            format!("match-{}-game-{}.gif", detail.id.0, n + 1),
        ));
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
