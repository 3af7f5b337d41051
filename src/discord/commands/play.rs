//! The match commands: `/resign`, `/resign-game` (as the buttons),
//! `/board` (the current board, privately) and `/takeback` (a take-back
//! request, posted in the match's thread with the opponent's Accept and
//! Decline). Each acts on the match of the thread it is used in, or on the
//! user's only running match.

use poise::CreateReply;
use serenity::all::EditInteractionResponse;

use crate::host::Request;

use super::super::data::{Context, Error};
use super::super::messages::{clip, mentions_only, picture, BOARD_FILE};
use super::super::reply::{deny, no_match_meant, user_id, user_locale};

async fn resign_request(ctx: Context<'_>, request: Request) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let i = actx.interaction;
    let data = ctx.data().clone();
    data.routes.startup.wait().await;
    let player = user_id(&i.user);
    let Some(id) = data.routes.match_for(i.channel_id, player) else {
        return deny(ctx, &no_match_meant(&data, player)).await;
    };
    match data.host.act(id, player, request).await {
        Ok(_) => i.delete_response(ctx.http()).await?,
        Err(d) => {
            let text = data.catalog().render(user_locale(ctx), d.message());
            i.edit_response(
                ctx.http(),
                EditInteractionResponse::new()
                    .content(clip(&text))
                    .allowed_mentions(mentions_only(&[])),
            )
            .await?;
        }
    }
    Ok(())
}

/// Resign the whole match (of this thread, or your only running match).
#[poise::command(slash_command)]
pub(super) async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    resign_request(ctx, Request::ResignMatch).await
}

/// Resign the current game only; the match goes on.
#[poise::command(slash_command, rename = "resign-game")]
pub(super) async fn resign_game(ctx: Context<'_>) -> Result<(), Error> {
    resign_request(ctx, Request::ResignGame(None)).await
}

/// Show the current board of your match (privately).
#[poise::command(slash_command)]
pub(super) async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    data.routes.startup.wait().await;
    let player = user_id(ctx.author());
    let view = match data.routes.match_for(ctx.channel_id(), player) {
        Some(id) => data.host.board(id).await,
        None => None,
    };
    let Some(view) = view else {
        return deny(ctx, &no_match_meant(&data, player)).await;
    };
    let mut reply = CreateReply::default()
        .content(clip(&view.text))
        .ephemeral(true)
        .allowed_mentions(mentions_only(&[]));
    if let Some(png) = view.image {
        reply = reply.attachment(picture(png, BOARD_FILE, view.alt.as_deref()));
    }
    ctx.send(reply).await?;
    Ok(())
}

/// Ask your opponent to take back your last move (unrated matches)
// docs/match.md, "Take-back": the host checks the rules and posts the
// request in the match's thread as a notice with Accept and Decline; the
// asker's private "thinking" answer is removed, or replaced by the
// refusal in their language.
#[poise::command(slash_command)]
pub(super) async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let i = actx.interaction;
    let data = ctx.data().clone();
    data.routes.startup.wait().await;
    let player = user_id(&i.user);
    let Some(id) = data.routes.match_for(i.channel_id, player) else {
        return deny(ctx, &no_match_meant(&data, player)).await;
    };
    match data.host.take_back(id, player).await {
        Ok(()) => i.delete_response(ctx.http()).await?,
        Err(d) => {
            let text = data.catalog().render(user_locale(ctx), d.message());
            i.edit_response(
                ctx.http(),
                EditInteractionResponse::new()
                    .content(clip(&text))
                    .allowed_mentions(mentions_only(&[])),
            )
            .await?;
        }
    }
    Ok(())
}
