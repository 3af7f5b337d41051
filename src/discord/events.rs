//! Gateway events other than slash commands: button presses (challenge
//! answers and match actions) and messages typed in match threads.
//!
//! Every press is acknowledged at once — a match action with a deferred
//! update (the next turn is posted as a new channel message by the
//! [`super::poster`]), a challenge answer by updating the challenge message —
//! and a refusal comes back as a private (ephemeral) reply in the presser's
//! language.

use std::sync::Arc;

use serenity::all::{
    ButtonStyle, ComponentInteraction, Context as SerenityContext, CreateActionRow,
    CreateAttachment, CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, FullEvent, Interaction, Message,
};

use super::challenges::{bot_user, refuse_press, OfferButton, Outcome};
use super::commands::{open_offered_match, seated, MatchPlace};
use super::messages::{clip, mentions_only};
use super::{Data, Error};
use crate::host::{unix_ms, ActionId, UserId};
use crate::i18n::id;
use crate::i18n::{Args, Locale};

/// Handles one gateway event (poise has already dispatched slash commands).
///
/// # Errors
/// A Discord request failed (logged by the framework).
pub async fn handle(
    ctx: &SerenityContext,
    event: &FullEvent,
    data: Arc<Data>,
) -> Result<(), Error> {
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(press),
        } => on_press(ctx, &data, press).await,
        FullEvent::Message { new_message } => on_message(ctx, &data, new_message).await,
        _ => Ok(()),
    }
}

fn ephemeral(text: &str) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(clip(text))
            .ephemeral(true)
            .allowed_mentions(mentions_only(&[])),
    )
}

/// The custom id prefix of the Confirm button of a drop preview; the rest
/// is the drop's action id.
pub const CONFIRM_PREFIX: &str = "k:";
/// The file name of a drop preview.
pub const PREVIEW_FILE: &str = "preview.png";

/// Whether the presser asked for confirm-before-drop (`/settings`) and the
/// press is a drop button of a match.
async fn wants_confirmation(data: &Data, press: &ComponentInteraction) -> bool {
    let Some(db) = &data.db else {
        return false;
    };
    if !press.data.custom_id.contains(":drop:") {
        return false;
    }
    let Some(id) = db
        .find_discord_player(press.user.id.get())
        .await
        .ok()
        .flatten()
    else {
        return false;
    };
    db.player_settings(id)
        .await
        .map(|s| s.confirm_drop)
        .unwrap_or(false)
}

async fn on_press(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
) -> Result<(), Error> {
    let custom_id = press.data.custom_id.as_str();
    let chosen = super::commands::refresh_language(data, press.user.id.get()).await;
    let locale = Locale::for_user(chosen, &press.locale);
    if let Some((id, answer)) = OfferButton::parse(custom_id).filter(|(_, b)| !b.is_seek()) {
        return on_answer(ctx, data, press, id, answer, locale).await;
    }
    if super::seeks::on_press(ctx, data, press).await? {
        return Ok(());
    }
    if super::info::on_page_press(ctx, data, press).await? {
        return Ok(());
    }
    let player = UserId(press.user.id.get());
    let confirmed = custom_id.strip_prefix(CONFIRM_PREFIX);
    let custom_id = confirmed.unwrap_or(custom_id);
    if confirmed.is_none() && wants_confirmation(data, press).await {
        let selected = data.selections.lock().expect("lock").get(&player).cloned();
        if selected.as_deref() != Some(custom_id) {
            if let Some(png) = data.host.preview(player, custom_id).await {
                data.selections
                    .lock()
                    .expect("lock")
                    .insert(player, custom_id.to_string());
                let confirm = CreateButton::new(format!("{CONFIRM_PREFIX}{custom_id}"))
                    .label(data.host.catalog().plain(locale, id::BUTTON_CONFIRM))
                    .style(ButtonStyle::Success);
                press
                    .create_response(
                        &ctx.http,
                        CreateInteractionResponse::Message(
                            CreateInteractionResponseMessage::new()
                                .ephemeral(true)
                                .add_file(CreateAttachment::bytes(png, PREVIEW_FILE))
                                .components(vec![CreateActionRow::Buttons(vec![confirm])])
                                .allowed_mentions(mentions_only(&[])),
                        ),
                    )
                    .await?;
                return Ok(());
            }
        }
    }
    data.selections.lock().expect("lock").remove(&player);
    // Acknowledge first: the host may queue the action behind others. A
    // confirmation loses its button.
    let ack = match confirmed {
        Some(_) => CreateInteractionResponse::UpdateMessage(
            CreateInteractionResponseMessage::new().components(Vec::new()),
        ),
        None => CreateInteractionResponse::Acknowledge,
    };
    super::poster::with_retries("acknowledge press", || {
        press.create_response(&ctx.http, ack.clone())
    })
    .await?;
    let action = custom_id.parse::<ActionId>().ok();
    if let Some(a) = action.filter(|a| data.host.match_ids().contains(&a.match_id())) {
        // A match the bot knows but has no thread for (its thread was not
        // stored): the press names its thread.
        let public = data.host.spec(a.match_id()).map_or_else(
            || Locale::for_guild(None, press.guild_locale.as_deref()),
            |s| s.locale,
        );
        data.routes
            .learn(a.match_id(), press.channel_id, press.message.id, public)
            .await;
    }
    // A rematch creates a match inside the host: find it by its new id.
    let _creating = match action {
        Some(ActionId::Rematch { .. }) => Some(data.routes.creation_lock().await),
        _ => None,
    };
    let before = data.host.match_ids();
    match data.host.press(player, locale, custom_id).await {
        Ok(()) => {
            if let Some(ActionId::Rematch { match_id }) = action {
                let created: Vec<_> = data
                    .host
                    .match_ids()
                    .into_iter()
                    .filter(|id| !before.contains(id))
                    .collect();
                data.routes.adopt_new(&created, match_id).await;
            }
        }
        Err(refusal) => {
            let followup = CreateInteractionResponseFollowup::new()
                .content(clip(&refusal.text))
                .ephemeral(true)
                .allowed_mentions(mentions_only(&[]));
            super::poster::with_retries("private refusal", || {
                press.create_followup(&ctx.http, followup.clone())
            })
            .await?;
        }
    }
    Ok(())
}

async fn on_answer(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
    id: u64,
    answer: OfferButton,
    locale: Locale,
) -> Result<(), Error> {
    let catalog = data.host.catalog();
    let player = UserId(press.user.id.get());
    let bot = bot_user(ctx);
    let open = data.challenges.get(id, bot).await;
    if let Some(c) = open.filter(|_| answer == OfferButton::Accept) {
        if c.invited().any(|s| s.id == player)
            && data.routes.running_between(c.challenger.id, player)
        {
            let text = catalog.text(
                locale,
                id::ERROR_SAME_OPPONENT,
                &Args::new().set("opponent", c.challenger.name.clone()),
            );
            press.create_response(&ctx.http, ephemeral(&text)).await?;
            return Ok(());
        }
    }
    let me = seated(&press.user, press.member.as_ref());
    let name = me.name.clone();
    let outcome = match data
        .challenges
        .answer(id, &me, answer, bot, unix_ms())
        .await
    {
        Ok(o) => o,
        Err(refusal) => return refuse_press(ctx, data, press, id, refusal, locale).await,
    };
    let (c, msg) = match &outcome {
        Outcome::Declined(c) => (c, id::CHALLENGE_DECLINED),
        Outcome::Waiting(c) | Outcome::Complete(c) => (c, id::CHALLENGE_ACCEPTED),
    };
    let accepted_lines: Vec<String> = c
        .seats
        .iter()
        .filter(|s| s.ai_level.is_none() && c.accepted.contains(&s.id))
        .filter(|s| s.id != player && s.id != c.challenger.id)
        .map(|s| {
            catalog.text(
                c.locale,
                id::CHALLENGE_ACCEPTED,
                &Args::new().set("player", s.name.clone()),
            )
        })
        .collect();
    let mut text = c.text.clone();
    for line in accepted_lines {
        text.push('\n');
        text.push_str(&line);
    }
    text.push('\n');
    text.push_str(&catalog.text(c.locale, msg, &Args::new().set("player", name)));
    let mut response = CreateInteractionResponseMessage::new().allowed_mentions(mentions_only(&[]));
    if let Outcome::Waiting(c) = &outcome {
        // Empty when another press is starting the match.
        let names: Vec<String> = c.waiting_for().iter().map(|s| s.name.clone()).collect();
        if !names.is_empty() {
            text.push('\n');
            text.push_str(&catalog.text(
                c.locale,
                id::CHALLENGE_WAITING_FOR,
                &Args::new().set("players", catalog.list(c.locale, &names)),
            ));
        }
    } else {
        response = response.components(Vec::new());
    }
    press
        .create_response(
            &ctx.http,
            CreateInteractionResponse::UpdateMessage(response.content(clip(&text))),
        )
        .await?;
    let Outcome::Complete(c) = outcome else {
        return Ok(());
    };
    let place = MatchPlace {
        channel: press.channel_id,
        message: press.message.id,
        guild: c.guild,
        locale: c.locale,
    };
    let terms = (c.seats, c.variant, c.clock);
    open_offered_match(&ctx.http, data, press, id, place, terms, locale).await
}

/// A message in a match thread: a move if it reads as one and comes from a
/// player; anything else is chat and is ignored. A refused typed move gets
/// a reply to the message (it cannot be private).
async fn on_message(ctx: &SerenityContext, data: &Data, msg: &Message) -> Result<(), Error> {
    if msg.author.bot {
        return Ok(());
    }
    let Some((id, route)) = data.routes.by_thread(msg.channel_id) else {
        return Ok(());
    };
    if route.finished {
        return Ok(()); // after the match, everything is chat
    }
    let player = UserId(msg.author.id.get());
    if let Err(refusal) = data
        .host
        .typed(id, player, route.locale, msg.content.trim())
        .await
    {
        msg.channel_id
            .send_message(
                &ctx.http,
                CreateMessage::new()
                    .content(clip(&refusal.text))
                    .reference_message(msg)
                    .allowed_mentions(mentions_only(&[])),
            )
            .await?;
    }
    Ok(())
}
