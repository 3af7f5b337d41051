//! `/seek [variant] [time]`: an open challenge with Join and Cancel
//! buttons. Anyone may take a free seat (seats fill in order: the seeker is
//! p1, the first to join p2, …); the match starts in a thread on the seek
//! message when every seat is taken. The seeker may cancel; an unfilled
//! seek expires like a challenge. The host keeps it with the challenges
//! ([`crate::host::offers`]), so it survives a restart.

use std::sync::Arc;

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::host::offers::{OfferId, Seek, SeekPress};
use crate::host::terms::time_text;
use crate::i18n::{id, Args, Catalog, Locale};

use super::super::buttons::ButtonId;
use super::super::choices::{time_presets, VariantChoice};
use super::super::data::{Context, Data, Error};
use super::super::offers::{offer_terms, post_offer, Asker};
use super::super::reply::{deny, seated, user_locale};

fn buttons(catalog: &Catalog, l: Locale, seek: OfferId) -> CreateActionRow {
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
#[poise::command(slash_command, guild_only)]
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
    data.routes.startup.wait().await;
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
        id: OfferId(0),
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
    let expires_unix_ms = data.host.clock().unix_ms_in(terms.expiry);
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
    let offer = data.offers.open_seek(&s, expires_unix_ms).await?;
    post_offer(
        &Asker::Command(ctx),
        &data,
        user_locale(ctx),
        offer,
        &s.text,
        buttons(catalog, l, offer),
        &[],
        expires_unix_ms,
    )
    .await
}
