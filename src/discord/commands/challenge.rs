//! `/challenge`: a challenge in the current channel with Accept / Decline
//! buttons that only the challenged players can press; against the bot the
//! match starts at once. The host seats the players and applies the
//! server's terms and bans ([`crate::host::offers`]); this file reads the
//! options, posts the message and answers the buttons.

use std::sync::Arc;

use serenity::all::{
    ButtonStyle, ChannelId, ComponentInteraction, ComponentInteractionDataKind,
    Context as SerenityContext, CreateActionRow, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, User,
};

use crate::game::Variant;
use crate::host::offers::{Answer, Challenge, OfferId};
use crate::host::seating::{ColorChoice, Invitation, Invitee, DEFAULT_AI_LEVEL};
use crate::host::terms::{time_text, MatchTerms};
use crate::host::{GuildId, UserId};
use crate::i18n::{id, Args, Catalog, Locale};
use crate::play::TimeControl;

use super::super::buttons::{ButtonId, FormPart};
use super::super::choices::{time_presets, ColorOption, VariantChoice};
use super::super::data::{Context, Data, Error};
use super::super::messages::{clip, mentions_only};
use super::super::numbers::Level;
use super::super::offers::{
    offer_terms, open_match, post_offer, terms_at, Asker, MatchPlace, OfferPlace,
};
use super::super::reply::{host_guild, private_with, seated, user_id, user_locale};
use super::super::rest::acknowledge;

/// A user named by an option, as the host sees them (`bot`: this bot's
/// own user).
fn invitee(data: &Data, bot: serenity::all::UserId, public: Locale, user: &User) -> Invitee {
    let is_fourbot = user.id == bot;
    let mut seat = seated(user, None);
    if is_fourbot {
        seat.name = data.catalog().plain(public, id::THE_BOT);
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
    let Some((guild, terms)) = offer_terms(ctx, variant.map(|v| v.0), time.as_deref()).await?
    else {
        return Ok(());
    };
    let bot = ctx.framework().bot_id();
    let public = terms.public;
    let invitation = Invitation {
        challenger: seated(&i.user, i.member.as_deref()),
        opponent: invitee(&data, bot, public, &opponent),
        opponent2: opponent2.as_ref().map(|u| invitee(&data, bot, public, u)),
        teammate: teammate.as_ref().map(|u| invitee(&data, bot, public, u)),
        color: color.map(|c| c.0),
        level: level.map(|l| l.0),
        seed: data.host.clock().unix_ms() as u64,
    };
    let asked = Asked {
        guild,
        channel: i.channel_id,
        reader: user_locale(ctx),
        terms,
    };
    send_challenge(&Asker::Command(ctx), &data, asked, invitation).await
}

/// Where and on which terms a challenge was asked for.
struct Asked {
    guild: GuildId,
    channel: ChannelId,
    /// The challenger's language, for the private answers.
    reader: Locale,
    terms: MatchTerms,
}

/// Seats `invitation` on `asked`'s terms and posts the challenge (or, against
/// the bot alone, starts the match at once), answering `asker`.
///
/// # Errors
/// A [`crate::host::Denial`] (the seating refused: a banned player, a busy
/// one, the wrong number of players…), or Discord refused a reply.
async fn send_challenge(
    asker: &Asker<'_>,
    data: &Arc<Data>,
    asked: Asked,
    invitation: Invitation,
) -> Result<(), Error> {
    let catalog = data.catalog();
    let Asked {
        guild,
        channel,
        reader,
        terms,
    } = asked;
    let (public, variant, clock) = (terms.public, terms.variant, terms.clock);
    let challenger = invitation.challenger.clone();
    let color = invitation.color;
    let seats = match data.offers.seat_challenge(guild, variant, invitation).await {
        Ok(seats) => seats,
        Err(d) => return asker.refuse(refusal(data, reader, &d)).await,
    };
    let expires_unix_ms = data.host.clock().unix_ms_in(terms.expiry);
    let mut challenge = Challenge {
        id: OfferId(0),
        guild,
        channel: channel.get(),
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
        color,
        locale: public,
        text: String::new(),
        token: asker.token(),
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
        // The private answer first (a command's first follow-up replaces
        // its deferral, privately), then the public message the thread
        // opens on.
        asker
            .private(catalog.plain(reader, id::OFFER_STARTED))
            .await?;
        let message = asker.public(&text, Vec::new(), &[]).await?;
        let place = MatchPlace {
            channel: message.channel_id,
            message: message.id,
            guild,
            locale: public,
        };
        open_match(data, place, challenge.seats, variant, clock, None).await?;
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
    let text = challenge.text.clone();
    post_offer(
        asker,
        data,
        reader,
        offer,
        &text,
        row,
        &pinged,
        expires_unix_ms,
    )
    .await
}

/// Refusals of a challenge after which a game against the bot is the way
/// to play now (no other person is to be had: yourself, someone busy
/// with you, someone banned, or you banned from rated matches — a game
/// against the bot is unrated).
const SUGGESTS_THE_BOT: [crate::i18n::Id; 4] = [
    id::ERROR_DUPLICATE_PLAYER,
    id::ERROR_SAME_OPPONENT,
    id::ERROR_PLAYER_BANNED,
    id::ERROR_BANNED,
];

/// A seating refusal `d` in `l`, with how to play the bot after it where
/// that is the way to play now ([`SUGGESTS_THE_BOT`]; issue 35 §2: "Play
/// the bot" reachable from a challenge refusal).
fn refusal(data: &Data, l: Locale, d: &crate::host::Denial) -> String {
    let catalog = data.catalog();
    let text = catalog.render(l, d.message());
    if !SUGGESTS_THE_BOT.contains(&d.id()) {
        return text;
    }
    let bot = data.bot_user().map_or(0, |b| b.0);
    let args = Args::new().set("bot", crate::i18n::Value::mention(bot, "fourbot"));
    format!("{text}\n{}", catalog.text(l, id::HELP_PLAY_BOT, &args))
}

/// Right-click a member, Apps → Challenge (a user command, issue 35 §2):
/// a private form to challenge them, with the server's default variant
/// and time chosen — one press on Challenge away — and a select for each.
#[poise::command(
    context_menu_command = "Challenge",
    guild_only,
    rename = "challenge-menu"
)]
pub(super) async fn challenge_menu(ctx: Context<'_>, user: User) -> Result<(), Error> {
    let data = ctx.data().clone();
    let Some((guild, terms)) = offer_terms(ctx, None, None).await? else {
        return Ok(());
    };
    let form = Form {
        opponent: user_id(&user),
        variant: terms.variant,
        time: terms.clock.control,
    };
    let (text, rows) = form_message(&data, guild, user_locale(ctx), &form).await;
    private_with(ctx, &text, rows).await
}

/// The Challenge form's state: whom, which variant, which time.
#[derive(Clone, Copy, Debug)]
struct Form {
    opponent: UserId,
    variant: Variant,
    time: TimeControl,
}

impl Form {
    /// The custom id of `part` of this form.
    fn id(&self, part: FormPart) -> String {
        ButtonId::ChallengeForm {
            opponent: self.opponent,
            variant: self.variant,
            time: self.time,
            part,
        }
        .to_string()
    }
}

/// The form's text and rows in `l`: the variant select (the server's
/// allowed variants for two players — a three-player or team match needs
/// more names than a right-click gives: `/challenge`), the time select
/// (the presets and the one chosen), and the Challenge button.
async fn form_message(
    data: &Data,
    guild: GuildId,
    l: Locale,
    form: &Form,
) -> (String, Vec<CreateActionRow>) {
    let catalog = data.catalog();
    let settings = data.settings.guild(guild).await;
    let variants: Vec<CreateSelectMenuOption> = Variant::ALL
        .into_iter()
        .filter(|v| v.players() == 2)
        .filter(|v| settings.variants.is_empty() || settings.variants.contains(v))
        .map(|v| {
            CreateSelectMenuOption::new(catalog.variant_name(l, v), v.key())
                .default_selection(v == form.variant)
        })
        .collect();
    let mut times: Vec<TimeControl> = TimeControl::PRESETS.to_vec();
    if !times.contains(&form.time) {
        times.push(form.time);
    }
    let times: Vec<CreateSelectMenuOption> = times
        .into_iter()
        .map(|t| {
            CreateSelectMenuOption::new(time_text(t), time_text(t))
                .default_selection(t == form.time)
        })
        .collect();
    let select = |part, options, placeholder| {
        CreateActionRow::SelectMenu(
            CreateSelectMenu::new(form.id(part), CreateSelectMenuKind::String { options })
                .placeholder(catalog.plain(l, placeholder)),
        )
    };
    let mut rows = Vec::new();
    if !variants.is_empty() {
        rows.push(select(
            FormPart::Variant,
            variants,
            id::CHALLENGE_FORM_VARIANT,
        ));
    }
    rows.push(select(FormPart::Time, times, id::CHALLENGE_FORM_TIME));
    rows.push(CreateActionRow::Buttons(vec![CreateButton::new(
        form.id(FormPart::Send),
    )
    .label(catalog.plain(l, id::BUTTON_CHALLENGE))
    .style(ButtonStyle::Primary)]));
    let text = catalog.render(
        l,
        &crate::i18n::Message::new(id::CHALLENGE_FORM)
            .with("opponent", crate::i18n::Value::mention(form.opponent.0, ""))
            .with("variant", catalog.variant_name(l, form.variant))
            .with("time", time_text(form.time)),
    );
    (text, rows)
}

/// A press in the Challenge form (`part` of the form whose state is
/// `form`): a select shows the form again with the new choice; Challenge
/// posts the challenge as `/challenge opponent variant time` would, and
/// the form becomes the private "posted" answer. A refusal (the terms or
/// the seating) comes as a new private message and leaves the form for
/// another try.
///
/// # Errors
/// Discord refused an answer.
pub async fn on_form(
    ctx: &SerenityContext,
    data: &Arc<Data>,
    press: &ComponentInteraction,
    (opponent, variant, time, part): (UserId, Variant, TimeControl, FormPart),
    locale: Locale,
) -> Result<(), Error> {
    let Some(guild) = press.guild_id.map(host_guild) else {
        return Ok(());
    };
    let mut form = Form {
        opponent,
        variant,
        time,
    };
    let chosen = match &press.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    match (part, chosen) {
        (FormPart::Variant, Some(v)) => form.variant = v.parse().unwrap_or(form.variant),
        (FormPart::Time, Some(t)) => form.time = t.parse().unwrap_or(form.time),
        (FormPart::Send, _) => {
            return Box::pin(send_form(ctx, data, press, guild, form, locale)).await;
        }
        _ => {}
    }
    let (text, rows) = form_message(data, guild, locale, &form).await;
    let update = CreateInteractionResponse::UpdateMessage(
        CreateInteractionResponseMessage::new()
            .content(clip(&text))
            .components(rows)
            .allowed_mentions(mentions_only(&[])),
    );
    acknowledge(&ctx.http, press, &update).await?;
    Ok(())
}

/// The Challenge button of the form: the challenge posted, or the
/// refusal privately.
async fn send_form(
    ctx: &SerenityContext,
    data: &Arc<Data>,
    press: &ComponentInteraction,
    guild: GuildId,
    form: Form,
    locale: Locale,
) -> Result<(), Error> {
    // Posting takes longer than Discord's 3 seconds may leave: a deferred
    // update first; the answers are follow-ups.
    if !acknowledge(&ctx.http, press, &CreateInteractionResponse::Acknowledge).await? {
        return Ok(());
    }
    data.routes.startup.wait().await;
    let asker = Asker::Press {
        http: &ctx.http,
        press,
    };
    let refuse = |d: &crate::host::Denial| data.catalog().render(locale, d.message());
    let place = OfferPlace {
        guild,
        channel: press.channel_id,
        kind: press.channel.as_ref().map(|c| c.kind),
        permissions: press.app_permissions,
        reader: locale,
        guild_locale: press.guild_locale.clone(),
    };
    let time = time_text(form.time);
    let terms = match terms_at(data, &place, Some(form.variant), Some(&time)).await {
        Ok(terms) => terms,
        Err(d) => return asker.refuse(refuse(&d)).await,
    };
    // The member named by the form, as Discord knows them now (a name, a
    // bot or not).
    let opponent = match serenity::all::UserId::new(form.opponent.0.max(1))
        .to_user(&ctx.http)
        .await
    {
        Ok(user) => user,
        Err(e) => {
            tracing::warn!(error = %e, user = form.opponent.0, "reading the challenged member failed");
            let gone = crate::host::Denial::new(id::ERROR_TRY_AGAIN);
            return asker.refuse(refuse(&gone)).await;
        }
    };
    let bot = ctx.cache.current_user().id;
    let public = terms.public;
    let invitation = Invitation {
        challenger: seated(&press.user, press.member.as_ref()),
        opponent: invitee(data, bot, public, &opponent),
        opponent2: None,
        teammate: None,
        color: None,
        level: None,
        seed: data.host.clock().unix_ms() as u64,
    };
    let asked = Asked {
        guild,
        channel: press.channel_id,
        reader: locale,
        terms,
    };
    match send_challenge(&asker, data, asked, invitation).await {
        Ok(()) => Ok(()),
        Err(e) => match e.downcast::<crate::host::Denial>() {
            Ok(d) => asker.refuse(refuse(&d)).await,
            Err(e) => Err(e),
        },
    }
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
