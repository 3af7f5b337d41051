//! `/seek [variant] [time]`: an open challenge with Join and Cancel
//! buttons. Anyone may take a free seat (seats fill in order: the seeker is
//! p1, the first to join p2, …); the match starts in a thread on the seek
//! message when every seat is taken. The seeker may cancel; an unfilled
//! seek expires like a challenge. Kept in the store with the challenges
//! ([`super::challenges::Challenges`]), so it survives a restart.

use std::sync::Arc;

use poise::CreateReply;
use serenity::all::{
    ButtonStyle, ComponentInteraction, Context as SerenityContext, CreateActionRow, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseMessage,
};

use super::challenges::{arm_expiry, bot_user, refuse_press, OfferButton, Seek, SeekChange};
use super::commands::{
    ban_refusal, open_offered_match, private, seated, server_terms, time_text, user_locale,
    MatchPlace,
};
use super::messages::{clip, mentions_only};
use super::{Context, Data, Error};
use crate::host::unix_ms;
use crate::i18n::id;
use crate::i18n::{Args, Locale};

fn buttons(data: &Data, l: Locale, id: u64) -> CreateActionRow {
    let catalog = data.host.catalog();
    CreateActionRow::Buttons(vec![
        CreateButton::new(OfferButton::Join.custom_id(id))
            .label(catalog.plain(l, id::BUTTON_JOIN))
            .style(ButtonStyle::Success),
        CreateButton::new(OfferButton::Cancel.custom_id(id))
            .label(catalog.plain(l, id::BUTTON_CANCEL))
            .style(ButtonStyle::Secondary),
    ])
}

/// The poise commands of this module.
pub fn all() -> Vec<poise::Command<Arc<Data>, Error>> {
    vec![seek()]
}

/// Post an open challenge that anyone can join.
#[poise::command(slash_command)]
async fn seek(
    ctx: Context<'_>,
    variant: Option<String>,
    #[autocomplete = "super::commands::time_presets"] time: Option<String>,
) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let i = actx.interaction;
    let data: Arc<Data> = ctx.data().clone();
    let catalog = data.host.catalog();
    let locale = user_locale(ctx);
    let Some(guild) = i.guild_id else {
        return private(ctx, catalog.plain(locale, id::ERROR_GUILD_ONLY)).await;
    };
    let terms = match server_terms(ctx, guild.get(), variant.as_deref(), time.as_deref()).await {
        Ok(t) => t,
        Err(text) => return private(ctx, text).await,
    };
    let seeker = seated(&i.user, i.member.as_deref());
    if terms.variant.rated() {
        if let Some(refusal) = ban_refusal(&data, guild.get(), locale, &seeker, &[]).await {
            return private(ctx, refusal).await;
        }
    }
    let l = terms.public;
    let mut s = Seek {
        id: 0,
        guild: guild.get(),
        channel: i.channel_id,
        seats: vec![seeker.clone()],
        variant: terms.variant,
        clock: terms.clock,
        locale: l,
        text: String::new(),
        token: i.token.clone(),
    };
    let expires_unix_ms = unix_ms() + terms.expiry.as_millis() as i64;
    s.text = format!(
        "{}\n<t:{}:R>",
        catalog.text(
            l,
            id::SEEK_POSTED,
            &Args::new()
                .set("player", seeker.name.clone())
                .set("variant", catalog.variant_name(l, s.variant))
                .set("time", time_text(s.clock.control))
                .set("free", s.free() as i64),
        ),
        expires_unix_ms / 1000
    );
    let id = data.challenges.open_seek(&s, expires_unix_ms).await?;
    ctx.send(
        CreateReply::default()
            .content(clip(&s.text))
            .components(vec![buttons(&data, l, id)])
            .allowed_mentions(mentions_only(&[])),
    )
    .await?;
    arm_expiry(ctx.serenity_context().http.clone(), data, expires_unix_ms);
    Ok(())
}

/// A press on a seek's Join or Cancel. Returns false when `press` is not
/// one.
///
/// # Errors
/// A Discord request failed.
pub async fn on_press(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
) -> Result<bool, Error> {
    let Some((id, button)) = OfferButton::parse(&press.data.custom_id).filter(|(_, b)| b.is_seek())
    else {
        return Ok(false);
    };
    let catalog = data.host.catalog();
    let chosen = data
        .language_overrides
        .lock()
        .expect("lock")
        .get(&press.user.id.get())
        .copied();
    let locale = Locale::for_user(chosen, &press.locale);
    let refuse = |text: String| {
        CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new()
                .content(clip(&text))
                .ephemeral(true)
                .allowed_mentions(mentions_only(&[])),
        )
    };
    let player = seated(&press.user, press.member.as_ref());
    let bot = bot_user(ctx);
    let open = data.challenges.get_seek(id, bot).await;
    if let Some(s) = open.filter(|_| button == OfferButton::Join) {
        // The same two players may not have two running matches.
        if let Some(other) = s
            .seats
            .iter()
            .find(|p| p.id != player.id && data.routes.running_between(p.id, player.id))
        {
            let text = catalog.text(
                locale,
                id::ERROR_SAME_OPPONENT,
                &Args::new().set("opponent", other.name.clone()),
            );
            press.create_response(&ctx.http, refuse(text)).await?;
            return Ok(true);
        }
        if s.variant.rated() && !s.seats.iter().any(|p| p.id == player.id) {
            if let Some(text) = ban_refusal(data, s.guild, locale, &player, &[]).await {
                press.create_response(&ctx.http, refuse(text)).await?;
                return Ok(true);
            }
        }
    }
    let change = match data
        .challenges
        .press_seek(id, &player, button, bot, unix_ms())
        .await
    {
        Ok(c) => c,
        Err(refusal) => {
            refuse_press(ctx, data, press, id, refusal, locale).await?;
            return Ok(true);
        }
    };
    let (s, line) = match &change {
        SeekChange::Cancelled(s) => (
            s,
            catalog.text(
                s.locale,
                id::SEEK_CANCELLED,
                &Args::new().set("player", player.name.clone()),
            ),
        ),
        SeekChange::Joined(s) | SeekChange::Full(s) => (
            s,
            catalog.text(
                s.locale,
                id::SEEK_JOINED,
                &Args::new()
                    .set("player", player.name.clone())
                    .set("free", s.free() as i64),
            ),
        ),
    };
    let text = format!("{}\n{line}", s.text);
    data.challenges.set_text(id, &text).await;
    let mut update = CreateInteractionResponseMessage::new()
        .content(clip(&text))
        .allowed_mentions(mentions_only(&[]));
    if !matches!(change, SeekChange::Joined(_)) {
        update = update.components(Vec::new());
    }
    press
        .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
        .await?;
    let SeekChange::Full(s) = change else {
        return Ok(true);
    };
    let place = MatchPlace {
        channel: press.channel_id,
        message: press.message.id,
        guild: s.guild,
        locale: s.locale,
    };
    let terms = (s.seats, s.variant, s.clock);
    open_offered_match(&ctx.http, data, press, id, place, terms, locale).await?;
    Ok(true)
}
