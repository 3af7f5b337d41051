//! `/challenge`: a challenge in the current channel with Accept / Decline
//! buttons that only the challenged players can press; against the bot the
//! match starts at once. The host seats the players and applies the
//! server's terms and bans ([`crate::host::offers`]); this file reads the
//! options, posts the message and answers the buttons.

use poise::CreateReply;
use serenity::all::{ButtonStyle, CreateActionRow, CreateButton, User};

use crate::host::offers::{Answer, Challenge, OfferId};
use crate::host::seating::{ColorChoice, Invitation, Invitee, DEFAULT_AI_LEVEL};
use crate::host::terms::time_text;
use crate::i18n::{id, Args, Catalog, Locale};

use super::super::buttons::ButtonId;
use super::super::choices::{time_presets, ColorOption, VariantChoice};
use super::super::data::{Context, Error};
use super::super::messages::{clip, mentions_only};
use super::super::numbers::Level;
use super::super::offers::{offer_terms, open_match, post_offer, MatchPlace};
use super::super::reply::{private, seated, user_locale};

/// A user named by an option, as the host sees them.
fn invitee(ctx: Context<'_>, public: Locale, user: &User) -> Invitee {
    let is_fourbot = user.id == ctx.framework().bot_id();
    let mut seat = seated(user, None);
    if is_fourbot {
        seat.name = ctx.data().catalog().plain(public, id::THE_BOT);
    }
    Invitee {
        seat,
        is_fourbot,
        is_other_bot: user.bot && !is_fourbot,
    }
}

/// The challenge message's text: who challenges whom to what, the colour
/// chosen in a single game, and when it expires.
fn challenge_text(catalog: &Catalog, c: &Challenge, expires_unix_s: u64) -> String {
    let l = c.locale;
    let opponents: Vec<String> = c
        .invited()
        .map(|s| match s.ai_level {
            Some(level) => catalog.text(
                l,
                id::THE_BOT_LEVEL,
                &Args::new().set("level", level as i64),
            ),
            None => format!("<@{}>", s.id.0),
        })
        .collect();
    let mut text = catalog.text(
        l,
        id::CHALLENGE_POSTED,
        &Args::new()
            .set(
                "challenger",
                crate::i18n::Value::name(c.challenger.name.clone()),
            )
            .set("opponents", catalog.list(l, &opponents))
            .set("variant", catalog.variant_name(l, c.variant))
            .set("time", time_text(c.clock.control))
            .set("expires", format!("<t:{expires_unix_s}:R>")),
    );
    if let Some(color) = c.color {
        // A random colour reads as the one drawn.
        let red = match color {
            ColorChoice::Random => c.seats[0].id == c.challenger.id,
            other => other == ColorChoice::Red,
        };
        let name = if red { id::COLOR_RED } else { id::COLOR_YELLOW };
        text.push('\n');
        text.push_str(
            &catalog.text(
                l,
                id::CHALLENGE_COLOR,
                &Args::new()
                    .set(
                        "player",
                        crate::i18n::Value::name(c.challenger.name.clone()),
                    )
                    .set("color", catalog.plain(l, name)),
            ),
        );
    }
    text
}

/// Challenge someone (or the bot, for a game against the AI) to a match.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub(super) async fn challenge(
    ctx: Context<'_>,
    opponent: User,
    variant: Option<VariantChoice>,
    #[autocomplete = "time_presets"] time: Option<String>,
    opponent2: Option<User>,
    teammate: Option<User>,
    color: Option<ColorOption>,
    level: Option<Level>,
) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let i = actx.interaction;
    let data = ctx.data().clone();
    // Whether a player is busy depends on the running matches.
    data.routes.startup.wait().await;
    let catalog = data.catalog();
    let Some((guild, terms)) = offer_terms(ctx, variant.map(|v| v.0), time.as_deref()).await?
    else {
        return Ok(());
    };
    let (public, variant, clock) = (terms.public, terms.variant, terms.clock);
    let challenger = seated(&i.user, i.member.as_deref());
    let invitation = Invitation {
        challenger: challenger.clone(),
        opponent: invitee(ctx, public, &opponent),
        opponent2: opponent2.as_ref().map(|u| invitee(ctx, public, u)),
        teammate: teammate.as_ref().map(|u| invitee(ctx, public, u)),
        color: color.map(|c| c.0),
        level: level.map(|l| l.0),
        seed: data.host.clock().unix_ms() as u64,
    };
    let seats = data
        .offers
        .seat_challenge(guild, variant, invitation)
        .await?;
    let expires_unix_ms = data.host.clock().unix_ms_in(terms.expiry);
    let mut challenge = Challenge {
        id: OfferId(0),
        guild,
        channel: i.channel_id.get(),
        challenger: challenger.clone(),
        accepted: seats
            .iter()
            .filter(|s| s.ai_level.is_some())
            .map(|s| s.id)
            .chain(std::iter::once(challenger.id))
            .collect(),
        seats,
        variant,
        clock,
        color: color.map(|c| c.0),
        locale: public,
        text: String::new(),
        token: i.token.clone(),
        message: None,
    };
    if challenge.against_the_bot() {
        let level = challenge
            .seats
            .iter()
            .find_map(|s| s.ai_level)
            .unwrap_or(DEFAULT_AI_LEVEL);
        let text = catalog.text(
            public,
            id::CHALLENGE_AI_STARTED,
            &Args::new()
                .set(
                    "challenger",
                    crate::i18n::Value::name(challenger.name.clone()),
                )
                .set("variant", catalog.variant_name(public, variant))
                .set("level", level as i64),
        );
        // The deferred private answer first (its first follow-up replaces
        // it, privately), then the public message the thread opens on.
        let started = catalog.plain(user_locale(ctx), id::OFFER_STARTED);
        private(ctx, started).await?;
        let reply = ctx
            .send(
                CreateReply::default()
                    .content(clip(&text))
                    .allowed_mentions(mentions_only(&[])),
            )
            .await?;
        let message = reply.message().await?;
        let place = MatchPlace {
            channel: message.channel_id,
            message: message.id,
            guild,
            locale: public,
        };
        open_match(&data, place, challenge.seats, variant, clock, None).await?;
        return Ok(());
    }
    let pinged: Vec<_> = challenge
        .invited()
        .filter(|s| s.ai_level.is_none())
        .map(|s| s.id)
        .collect();
    challenge.text = challenge_text(catalog, &challenge, (expires_unix_ms / 1000) as u64);
    let offer = data.offers.open(&challenge, expires_unix_ms).await?;
    let button = |answer, label, style| {
        CreateButton::new(ButtonId::Challenge { id: offer, answer }.to_string())
            .label(catalog.plain(public, label))
            .style(style)
    };
    let row = CreateActionRow::Buttons(vec![
        button(Answer::Accept, id::BUTTON_ACCEPT, ButtonStyle::Success),
        button(Answer::Decline, id::BUTTON_DECLINE, ButtonStyle::Danger),
    ]);
    post_offer(ctx, offer, &challenge.text, row, &pinged, expires_unix_ms).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Variant;
    use crate::host::{GuildId, Seated, UserId};
    use crate::play::ClockSettings;

    fn seat(id: u64, name: &str) -> Seated {
        Seated {
            id: UserId(id),
            name: name.into(),
            ai_level: None,
            source: Default::default(),
        }
    }

    #[test]
    fn the_challenge_message_names_the_opponents_the_terms_and_the_colour() {
        let catalog = Catalog::new().unwrap();
        let mut c = Challenge {
            id: OfferId(1),
            guild: GuildId(1),
            channel: 2,
            challenger: seat(10, "alice"),
            seats: vec![seat(20, "bob"), seat(10, "alice")],
            accepted: vec![UserId(10)],
            variant: Variant::Single,
            clock: ClockSettings::default(),
            color: Some(ColorChoice::Random),
            locale: Locale::EnUs,
            text: String::new(),
            token: String::new(),
            message: None,
        };
        let text = challenge_text(&catalog, &c, 1_800_000_000);
        assert!(
            text.contains("<@20>") && text.contains("<t:1800000000:R>"),
            "{text}"
        );
        assert!(
            text.contains("Yellow"),
            "random drew yellow for alice: {text}"
        );
        c.color = None;
        assert!(!challenge_text(&catalog, &c, 1).contains("Yellow"));
    }
}
