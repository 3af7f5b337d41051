//! `/seek [variant] [time]`: an open challenge with Join and Cancel
//! buttons. Anyone may take a free seat (seats fill in order: the seeker is
//! p1, the first to join p2, …); the match starts in a thread on the seek
//! message when every seat is taken. The seeker may cancel; an unfilled
//! seek expires like a challenge. The host keeps it with the challenges
//! ([`crate::host::offers`]), so it survives a restart.

use std::sync::Arc;

use serenity::all::{
    ButtonStyle, ComponentInteraction, Context as SerenityContext, CreateActionRow, CreateButton,
    CreateInteractionResponse, EditInteractionResponse,
};

use crate::host::offers::{Seek, SeekChange, SeekPress};
use crate::host::terms::time_text;
use crate::host::unix_ms;
use crate::i18n::{id, Args, Catalog, Locale};

use super::super::buttons::ButtonId;
use super::super::choices::{time_presets, VariantChoice};
use super::super::data::{Context, Data, Error};
use super::super::messages::{clip, mentions_only};
use super::super::offers::{
    bot_user, close_offer_message, offer_terms, open_offered_match, post_offer, refuse_press,
    Completed,
};
use super::super::poster::with_retries;
use super::super::reply::{acknowledge, deny, seated};

fn buttons(catalog: &Catalog, l: Locale, seek: u64) -> CreateActionRow {
    let button = |press, label, style| {
        CreateButton::new(ButtonId::Seek { id: seek, press }.to_string())
            .label(catalog.plain(l, label))
            .style(style)
    };
    CreateActionRow::Buttons(vec![
        button(SeekPress::Join, id::BUTTON_JOIN, ButtonStyle::Success),
        button(SeekPress::Cancel, id::BUTTON_CANCEL, ButtonStyle::Secondary),
    ])
}

/// Post an open challenge that anyone can join.
#[poise::command(slash_command)]
pub(super) async fn seek(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
    #[autocomplete = "time_presets"] time: Option<String>,
) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let i = actx.interaction;
    let data: Arc<Data> = ctx.data().clone();
    // Whether a player is busy depends on the running matches.
    data.started().await;
    let catalog = data.catalog();
    let Some((guild, terms)) = offer_terms(ctx, variant.map(|v| v.0), time.as_deref()).await?
    else {
        return Ok(());
    };
    let seeker = seated(&i.user, i.member.as_deref());
    if let Err(d) = data
        .offers
        .check_seeker(guild, terms.variant, &seeker)
        .await
    {
        return deny(ctx, &d).await;
    }
    let l = terms.public;
    let mut s = Seek {
        id: 0,
        guild,
        channel: i.channel_id.get(),
        seats: vec![seeker.clone()],
        variant: terms.variant,
        clock: terms.clock,
        locale: l,
        text: String::new(),
        token: i.token.clone(),
        message: None,
    };
    let expires_unix_ms = unix_ms() + terms.expiry.as_millis() as i64;
    s.text = format!(
        "{}\n<t:{}:R>",
        catalog.text(
            l,
            id::SEEK_POSTED,
            &Args::new()
                .set("player", crate::i18n::Value::name(seeker.name.clone()))
                .set("variant", catalog.variant_name(l, s.variant))
                .set("time", time_text(s.clock.control))
                .set("free", s.free() as i64),
        ),
        expires_unix_ms / 1000
    );
    let offer = match data.offers.open_seek(&s, expires_unix_ms).await {
        Ok(id) => id,
        Err(d) => return deny(ctx, &d).await,
    };
    post_offer(
        ctx,
        offer,
        &s.text,
        buttons(catalog, l, offer),
        &[],
        expires_unix_ms,
    )
    .await
}

/// A press on a seek's Join or Cancel: the message tells who joined or
/// that it was cancelled, loses its buttons once full or cancelled, and
/// the last seat taken opens the match.
///
/// # Errors
/// A Discord request failed.
pub async fn on_press(
    ctx: &SerenityContext,
    data: &Arc<Data>,
    press: &ComponentInteraction,
    offer: u64,
    button: SeekPress,
    locale: Locale,
) -> Result<(), Error> {
    let catalog = data.catalog();
    // The press is written to the store: acknowledge first (the message is
    // then edited through the press's token).
    if !acknowledge(ctx, press, &CreateInteractionResponse::Acknowledge).await? {
        return Ok(());
    }
    data.started().await;
    let player = seated(&press.user, press.member.as_ref());
    let change = match data
        .offers
        .press_seek(offer, &player, button, bot_user(ctx), unix_ms())
        .await
    {
        Ok(c) => c,
        Err(d) => return refuse_press(ctx, data, press, offer, &d, locale).await,
    };
    let (s, line) = match &change {
        SeekChange::Cancelled(s) => (
            s,
            catalog.text(
                s.locale,
                id::SEEK_CANCELLED,
                &Args::new().set("player", crate::i18n::Value::name(player.name.clone())),
            ),
        ),
        SeekChange::Joined(s) | SeekChange::Full(s) => (
            s,
            catalog.text(
                s.locale,
                id::SEEK_JOINED,
                &Args::new()
                    .set("player", crate::i18n::Value::name(player.name.clone()))
                    .set("free", s.free() as i64),
            ),
        ),
    };
    let text = format!("{}\n{line}", s.text);
    data.offers.set_text(offer, &text).await;
    let mut update = EditInteractionResponse::new()
        .content(clip(&text))
        .allowed_mentions(mentions_only(&[]));
    if !matches!(change, SeekChange::Joined(_)) {
        update = update.components(Vec::new());
    }
    let elsewhere = s.message.is_some_and(|m| m != press.message.id.get());
    if let (SeekChange::Cancelled(s), true) = (&change, elsewhere) {
        // Withdrawn from `/matches`: the seek's own message is edited
        // through its command's token; the list says it is done.
        close_offer_message(&ctx.http, &s.token, s.message, clip(&text)).await?;
        let response = EditInteractionResponse::new()
            .content(clip(&line))
            .components(Vec::new())
            .allowed_mentions(mentions_only(&[]));
        with_retries("edit the list", || {
            press.edit_response(&ctx.http, response.clone())
        })
        .await?;
        return Ok(());
    }
    with_retries("edit the seek", || {
        press.edit_response(&ctx.http, update.clone())
    })
    .await?;
    let SeekChange::Full(s) = change else {
        return Ok(());
    };
    let done = Completed {
        guild: s.guild,
        public: s.locale,
        players: s.seats,
        variant: s.variant,
        clock: s.clock,
    };
    open_offered_match(ctx.http.clone(), data.clone(), press, offer, done, locale);
    Ok(())
}
