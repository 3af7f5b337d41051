//! The match commands: `/resign`, `/resign-game` (as the buttons),
//! `/board` (the current board, privately) and `/takeback` (a take-back
//! request, posted in the match's thread with the opponent's Accept and
//! Decline). Each acts on the match of the thread it is used in, or on the
//! user's only running match; with several running and none meant by the
//! channel, `/resign`, `/resign-game` and `/board` answer with a private
//! select menu of them ([`Picked`], issue 35 §2), and the choice acts
//! ([`on_pick`]).

use poise::CreateReply;
use serenity::all::{
    ComponentInteraction, ComponentInteractionDataKind, Context as SerenityContext,
    CreateActionRow, CreateInteractionResponse, CreateInteractionResponseMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse,
};

use crate::host::{MatchId, Request, UserId, View};
use crate::i18n::{id, Locale, Message};

use super::super::buttons::{ButtonId, Picked};
use super::super::data::{Context, Data, Error};
use super::super::messages::{clip, mentions_only, picture, BOARD_FILE};
use super::super::offers::thread_name;
use super::super::reply::{deny, no_match_meant, private_with, user_id, user_locale};
use super::super::rest::acknowledge;

/// Discord's most options in a select menu
/// (developers/components/reference, "String Select").
const MAX_OPTIONS: usize = 25;

/// The request `what` makes of the host (`None`: `/board`, no action).
fn request(what: Picked) -> Option<Request> {
    match what {
        Picked::Resign => Some(Request::ResignMatch),
        Picked::ResignGame => Some(Request::ResignGame(None)),
        Picked::Board => None,
    }
}

/// Answers a command that meant no match by its channel: the private
/// picker when `player` has several running matches, else the refusal.
async fn pick_or_deny(ctx: Context<'_>, player: UserId, what: Picked) -> Result<(), Error> {
    let data = ctx.data();
    let mut running: Vec<MatchId> = data
        .routes
        .running_of(player)
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    if running.len() < 2 {
        return deny(ctx, &no_match_meant(data, player)).await;
    }
    // The newest first; beyond Discord's 25 options the oldest are left
    // out (they are still reachable from their threads).
    running.sort_by_key(|id| std::cmp::Reverse(id.0));
    running.truncate(MAX_OPTIONS);
    let l = user_locale(ctx);
    let catalog = data.catalog();
    let options: Vec<CreateSelectMenuOption> = running
        .iter()
        .filter_map(|&id| {
            let spec = data.host.spec(id)?;
            let name = thread_name(catalog, l, &spec.players, spec.variant, spec.clock);
            let label = catalog.render(
                l,
                &Message::new(id::PICK_MATCH_OPTION)
                    .with("id", id.to_string())
                    .with("name", name),
            );
            // Discord's limit on an option's label.
            let label = crate::i18n::clip_chars(&label, 100);
            Some(CreateSelectMenuOption::new(label, id.to_string()))
        })
        .collect();
    if options.len() < 2 {
        return deny(ctx, &no_match_meant(data, player)).await;
    }
    let question = match what {
        Picked::Resign => id::PICK_MATCH_RESIGN,
        Picked::ResignGame => id::PICK_MATCH_RESIGN_GAME,
        Picked::Board => id::PICK_MATCH_BOARD,
    };
    let menu = CreateSelectMenu::new(
        ButtonId::Pick(what).to_string(),
        CreateSelectMenuKind::String { options },
    )
    .placeholder(catalog.plain(l, id::PICK_MATCH_PLACEHOLDER));
    let question = catalog.plain(l, question);
    private_with(ctx, &question, vec![CreateActionRow::SelectMenu(menu)]).await
}

/// The end of a command whose effect the match's thread shows: its
/// private "thinking" answer removed when `done`, else replaced by the
/// refusal in the user's language.
async fn done_or_refused(
    ctx: Context<'_>,
    i: &serenity::all::CommandInteraction,
    done: Result<(), crate::host::Denial>,
) -> Result<(), Error> {
    match done {
        Ok(()) => i.delete_response(ctx.http()).await?,
        Err(d) => {
            let text = ctx.data().catalog().render(user_locale(ctx), d.message());
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

async fn resign_request(ctx: Context<'_>, what: Picked) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let i = actx.interaction;
    let data = ctx.data().clone();
    data.routes.startup.wait().await;
    let player = user_id(&i.user);
    let Some(id) = data.routes.match_for(i.channel_id, player) else {
        return pick_or_deny(ctx, player, what).await;
    };
    let Some(request) = request(what) else {
        return Ok(());
    };
    let done = data.host.act(id, player, request).await.map(drop);
    done_or_refused(ctx, i, done).await
}

/// Resign the whole match (of this thread, or your only running match).
#[poise::command(slash_command)]
pub(super) async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    resign_request(ctx, Picked::Resign).await
}

/// Resign the current game only; the match goes on.
#[poise::command(slash_command, rename = "resign-game")]
pub(super) async fn resign_game(ctx: Context<'_>) -> Result<(), Error> {
    resign_request(ctx, Picked::ResignGame).await
}

/// A board view as a private message: its text and its picture.
fn board_message(view: View) -> CreateInteractionResponseMessage {
    let mut message = CreateInteractionResponseMessage::new()
        .content(clip(&view.text))
        .ephemeral(true)
        .allowed_mentions(mentions_only(&[]));
    if let Some(png) = view.image {
        message = message.add_file(picture(png, BOARD_FILE, view.alt.as_deref()));
    }
    message
}

/// Show the current board of your match (privately).
#[poise::command(slash_command)]
pub(super) async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    data.routes.startup.wait().await;
    let player = user_id(ctx.author());
    let Some(id) = data.routes.match_for(ctx.channel_id(), player) else {
        return pick_or_deny(ctx, player, Picked::Board).await;
    };
    let Some(view) = data.host.board(id).await else {
        return deny(ctx, &no_match_meant(&data, player)).await;
    };
    let mut reply = CreateReply::default()
        .content(clip(&view.text))
        .ephemeral(true)
        .allowed_mentions(mentions_only(&[]));
    if let Some(png) = view.image {
        reply = reply.attachment(picture(png, BOARD_FILE, view.alt.as_deref()));
    }
    if let Some(url) = table_link(&data, id, player).await {
        let label = data.catalog().plain(user_locale(ctx), id::WEB_OPEN_TABLE);
        reply = reply.components(vec![serenity::all::CreateActionRow::Buttons(vec![
            serenity::all::CreateButton::new_link(url).label(label),
        ])]);
    }
    ctx.send(reply).await?;
    Ok(())
}

/// A seated player's private "Open the table" link to match `id`, when
/// the web runs with a public URL and the match's server turned it on
/// (docs/web.md, "Playing"; the link is signed for this player and this
/// match, and short-lived).
async fn table_link(data: &Data, id: MatchId, player: UserId) -> Option<String> {
    let spec = data.host.spec(id)?;
    if !spec.players.iter().any(|p| p.id == player) {
        return None;
    }
    data.web_links_for(spec.guild).await?.table(id, player)
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
    let done = data.host.take_back(id, player).await;
    done_or_refused(ctx, i, done).await
}

/// A choice in the private match picker (`p:<what>`): `what` for the match
/// chosen, if it is still one of the presser's running matches. A
/// resignation replaces the picker with what was done (the thread shows
/// the rest); a refusal or a board comes as a new private message, so the
/// picker stays for another choice.
///
/// # Errors
/// Discord refused the answer.
pub async fn on_pick(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
    what: Picked,
    locale: Locale,
) -> Result<(), Error> {
    data.routes.startup.wait().await;
    let player = UserId(press.user.id.get());
    let chosen = match &press.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|v| v.parse::<i64>().ok())
        }
        _ => None,
    };
    // Only a match the presser still plays: the value is the client's.
    let running = data.routes.running_of(player);
    let Some(id) = chosen.and_then(|c| running.iter().map(|(id, _)| *id).find(|id| id.0 == c))
    else {
        let text = data.catalog().plain(locale, id::ERROR_NO_MATCH_HERE);
        return private_answer(ctx, press, &text).await;
    };
    let Some(request) = request(what) else {
        let Some(view) = data.host.board(id).await else {
            let text = data.catalog().plain(locale, id::ERROR_NO_MATCH_HERE);
            return private_answer(ctx, press, &text).await;
        };
        let answer = CreateInteractionResponse::Message(board_message(view));
        acknowledge(&ctx.http, press, &answer).await?;
        return Ok(());
    };
    match data.host.act(id, player, request).await {
        Ok(_) => {
            let done = match what {
                Picked::ResignGame => id::PICK_MATCH_RESIGNED_GAME,
                _ => id::PICK_MATCH_RESIGNED,
            };
            let text = data
                .catalog()
                .render(locale, &Message::new(done).with("id", id.to_string()));
            let update = CreateInteractionResponse::UpdateMessage(
                CreateInteractionResponseMessage::new()
                    .content(clip(&text))
                    .components(Vec::new())
                    .allowed_mentions(mentions_only(&[])),
            );
            acknowledge(&ctx.http, press, &update).await?;
            Ok(())
        }
        Err(d) => {
            let text = data.catalog().render(locale, d.message());
            private_answer(ctx, press, &text).await
        }
    }
}

/// A new private message answering `press`.
async fn private_answer(
    ctx: &SerenityContext,
    press: &ComponentInteraction,
    text: &str,
) -> Result<(), Error> {
    let answer = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(clip(text))
            .ephemeral(true)
            .allowed_mentions(mentions_only(&[])),
    );
    acknowledge(&ctx.http, press, &answer).await?;
    Ok(())
}
