//! Moderator commands: `/config` (server settings for matches) and
//! `/ladder reset|void|ban|unban|abort`. Discord hides them from members
//! without Manage Server (`default_member_permissions`), and the bot checks
//! the permission itself too: anyone else gets a private refusal. Replies
//! are private, in the moderator's language. The host decides
//! ([`crate::host::terms`], [`crate::host::ladder`]).

use std::time::Duration;

use serenity::all::{
    ChannelId, ComponentInteraction, ComponentInteractionDataKind, Context as SerenityContext,
    CreateActionRow, CreateInteractionResponse, CreateInteractionResponseMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, User,
};

use crate::game::Variant;

use crate::host::limits::{Bounds, Limit};
use crate::host::moderation::{ConfigField, Moderator};
use crate::host::terms::{time_text, ConfigChange};
use crate::host::{Denial, GuildId, GuildSettings};
use crate::i18n::{id, Args, Catalog, Locale, Message};

use super::super::buttons::ButtonId;
use super::super::choices::{time_presets, LanguageChoice, WebChoice};
use super::super::data::{Context, Data, Error};
use super::super::messages::{clip, mentions_only};
use super::super::numbers::{
    AbortWindow, AiMatches, Analyses, ArchivePerMinute, ChallengeExpiry, OpenOffers,
    ServerArchivePerMinute,
};
use super::super::reply::{
    author_seated, deny, guild_of, host_guild, is_moderator, member_moderates, private,
    private_with, seated, user_locale,
};
use super::super::rest::acknowledge;

/// The server of a moderator command (`guild_only`), after the permission
/// check; `None` when the refusal has been sent.
async fn moderator_guild(ctx: Context<'_>) -> Result<Option<GuildId>, Error> {
    let guild = guild_of(ctx);
    if !is_moderator(ctx) {
        deny(ctx, &Denial::new(id::ERROR_MODERATOR_ONLY)).await?;
        return Ok(None);
    }
    Ok(Some(guild))
}

/// A reply of the host, rendered in the moderator's language.
async fn reply(ctx: Context<'_>, message: &Message) -> Result<(), Error> {
    let text = ctx.data().catalog().render(user_locale(ctx), message);
    private(ctx, text).await
}

/// The server settings as the moderator reads them; each limit as it
/// applies, with the operator's `bounds`; who may create tournaments
/// (`anyone`) last.
pub fn settings_text(
    catalog: &Catalog,
    l: Locale,
    s: &GuildSettings,
    bounds: &Bounds,
    anyone: bool,
) -> String {
    let lines = settings_lines(catalog, l, s, bounds, anyone);
    std::iter::once(format!("**{}**", catalog.plain(l, id::CONFIG_TITLE)))
        .chain(lines.into_iter().map(|(_, line)| line))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each setting `/config` shows, with its line, in `/config`'s order.
pub fn settings_lines(
    catalog: &Catalog,
    l: Locale,
    s: &GuildSettings,
    bounds: &Bounds,
    anyone: bool,
) -> Vec<(ConfigField, String)> {
    let variants = if s.variants.is_empty() {
        catalog.plain(l, id::CONFIG_VARIANTS_ALL)
    } else {
        let names: Vec<String> = s
            .variants
            .iter()
            .map(|v| catalog.variant_name(l, *v))
            .collect();
        names.join(", ")
    };
    let channel = match s.match_channel {
        Some(c) => format!("<#{c}>"),
        None => catalog.plain(l, id::CONFIG_CHANNEL_ANY),
    };
    let language = catalog.plain(
        l,
        id::language(s.locale.as_deref().and_then(|t| t.parse().ok())),
    );
    let modlog = match s.modlog_channel {
        Some(c) => format!("<#{c}>"),
        None => catalog.plain(l, id::CONFIG_MODLOG_NONE),
    };
    let abort = Duration::from_millis(s.clock.abort_ms);
    let expiry = Duration::from_millis(s.challenge_expiry_ms);
    let line = |field, message, args: Args| (field, catalog.text(l, message, &args));
    [
        line(
            ConfigField::Time,
            id::CONFIG_TIME,
            Args::new().set("time", time_text(s.clock.control)),
        ),
        line(
            ConfigField::AbortWindow,
            id::CONFIG_ABORT_WINDOW,
            Args::new().set("duration", abort),
        ),
        line(
            ConfigField::ChallengeExpiry,
            id::CONFIG_CHALLENGE_EXPIRY,
            Args::new().set("duration", expiry),
        ),
        line(
            ConfigField::Variants,
            id::CONFIG_VARIANTS,
            Args::new().set("variants", variants),
        ),
        line(
            ConfigField::Channel,
            id::CONFIG_CHANNEL,
            Args::new().set("channel", channel),
        ),
        line(
            ConfigField::Language,
            id::CONFIG_LANGUAGE,
            Args::new().set("language", language),
        ),
        line(
            ConfigField::ModLog,
            id::CONFIG_MODLOG,
            Args::new().set("channel", modlog),
        ),
        (
            ConfigField::Web,
            catalog.plain(
                l,
                if s.web {
                    id::CONFIG_WEB_ON
                } else {
                    id::CONFIG_WEB_OFF
                },
            ),
        ),
    ]
    .into_iter()
    .chain(Limit::ALL.iter().map(|limit| {
        let args = Args::new()
            .set("limit", limit.name())
            .set("value", bounds.effective(&s.limits, *limit))
            .set("max", bounds.bound(*limit));
        line(ConfigField::Limit(*limit), id::CONFIG_LIMIT, args)
    }))
    .chain(std::iter::once((
        ConfigField::Tournaments,
        catalog.plain(
            l,
            if anyone {
                id::CONFIG_TOURNAMENTS_ANYONE
            } else {
                id::CONFIG_TOURNAMENTS_MODERATORS
            },
        ),
    )))
    .collect()
}

/// Moderators: server settings for matches (no option: show them).
// One parameter per option of the slash command: poise's shape.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub(super) async fn config(
    ctx: Context<'_>,
    #[autocomplete = "time_presets"] time: Option<String>,
    #[rename = "abort-window"] abort_window: Option<AbortWindow>,
    #[rename = "challenge-expiry"] challenge_expiry: Option<ChallengeExpiry>,
    variants: Option<String>,
    // Only where a thread can be started from a message (Discord:
    // resources/channel "Start Thread from Message": GUILD_TEXT and
    // GUILD_ANNOUNCEMENT, not forum, media, voice or stage).
    #[channel_types("Text", "News")] channel: Option<ChannelId>,
    #[rename = "any-channel"] any_channel: Option<bool>,
    language: Option<LanguageChoice>,
    tournaments: Option<bool>,
    // The limits (docs/reliability.md, "Limits"): 1 to the operator's
    // bound, registered as the option's range and checked again.
    #[rename = "ai-matches"] ai_matches: Option<AiMatches>,
    #[rename = "open-offers"] open_offers: Option<OpenOffers>,
    analyses: Option<Analyses>,
    #[rename = "replays-per-minute"] replays_per_minute: Option<ArchivePerMinute>,
    #[rename = "server-replays-per-minute"] server_replays_per_minute: Option<
        ServerArchivePerMinute,
    >,
    // A channel a message can be posted in: text and announcement
    // channels (threads could be archived under the log).
    #[channel_types("Text", "News")] modlog: Option<ChannelId>,
    #[rename = "modlog-off"] modlog_off: Option<bool>,
    web: Option<WebChoice>,
    #[max_length = 200] reason: Option<String>,
) -> Result<(), Error> {
    let Some(guild) = moderator_guild(ctx).await? else {
        return Ok(());
    };
    let data = ctx.data().clone();
    let change = ConfigChange {
        time,
        abort_window: abort_window.map(|m| m.0),
        challenge_expiry: challenge_expiry.map(|m| m.0),
        variants,
        channel: channel.map(ChannelId::get),
        any_channel: any_channel.unwrap_or(false),
        language: language.map(|l| l.0),
        modlog: modlog.map(ChannelId::get),
        modlog_off: modlog_off.unwrap_or(false),
        web: web.map(|w| w.0),
        tournaments,
        limits: [
            (AiMatches::LIMIT, ai_matches.map(|v| v.0)),
            (OpenOffers::LIMIT, open_offers.map(|v| v.0)),
            (Analyses::LIMIT, analyses.map(|v| v.0)),
            (ArchivePerMinute::LIMIT, replays_per_minute.map(|v| v.0)),
            (
                ServerArchivePerMinute::LIMIT,
                server_replays_per_minute.map(|v| v.0),
            ),
        ]
        .into_iter()
        .filter_map(|(limit, v)| v.map(|v| (limit, v)))
        .collect(),
    };
    let by = Moderator::new(author_seated(ctx), reason.as_deref());
    let (settings, anyone) = match data.settings.configure(guild, &change, &by).await {
        Ok(done) => done,
        Err(d) => return deny(ctx, &d).await,
    };
    let locale = user_locale(ctx);
    let bounds = data.settings.bounds();
    let mut text = settings_text(data.catalog(), locale, &settings, bounds, anyone);
    if !change.is_empty() {
        tracing::info!(guild = guild.0, moderator = %ctx.author().id, "server settings changed");
        text = format!("{}\n{text}", data.catalog().plain(locale, id::CONFIG_SAVED));
    }
    let rows = vec![variants_select(data.catalog(), locale, &settings)];
    private_with(ctx, &text, rows).await
}

/// The settings' multi-select of the allowed variants: every variant, the
/// allowed ones chosen (all when the server allows all), at least one
/// to be chosen (docs/discord.md, `/config`).
fn variants_select(catalog: &Catalog, l: Locale, s: &GuildSettings) -> CreateActionRow {
    let options: Vec<CreateSelectMenuOption> = Variant::ALL
        .iter()
        .map(|v| {
            CreateSelectMenuOption::new(catalog.variant_name(l, *v), v.key())
                .default_selection(s.variants.is_empty() || s.variants.contains(v))
        })
        .collect();
    let count = options.len() as u8;
    CreateActionRow::SelectMenu(
        CreateSelectMenu::new(
            ButtonId::ConfigVariants.to_string(),
            CreateSelectMenuKind::String { options },
        )
        .placeholder(catalog.plain(l, id::CONFIG_VARIANTS_PLACEHOLDER))
        .min_values(1)
        .max_values(count),
    )
}

/// A choice in `/config`'s variants select: a moderator's choice becomes
/// the server's allowed variants (every variant chosen: all, also those
/// added later), through the same change as the `variants` option (so it
/// is logged); the settings message shows the settings as they are now.
/// Anyone else is refused privately (the message is private, but the
/// permission could have been taken away since).
///
/// # Errors
/// Discord refused the answer.
pub async fn on_variants(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
    locale: Locale,
) -> Result<(), Error> {
    let catalog = data.catalog();
    let refuse = |text: String| {
        CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new()
                .content(clip(&text))
                .ephemeral(true)
                .allowed_mentions(mentions_only(&[])),
        )
    };
    let guild = press.guild_id.map(host_guild);
    let (Some(guild), true) = (guild, member_moderates(press.member.as_ref())) else {
        let text = catalog.plain(locale, id::ERROR_MODERATOR_ONLY);
        acknowledge(&ctx.http, press, &refuse(text)).await?;
        return Ok(());
    };
    let chosen: Vec<String> = match &press.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    let list = if chosen.len() >= Variant::ALL.len() {
        "all".to_string()
    } else {
        chosen.join(",")
    };
    let change = ConfigChange {
        variants: Some(list),
        ..ConfigChange::default()
    };
    let by = Moderator::new(seated(&press.user, press.member.as_ref()), None);
    let (settings, anyone) = match data.settings.configure(guild, &change, &by).await {
        Ok(done) => done,
        Err(d) => {
            let text = catalog.render(locale, d.message());
            acknowledge(&ctx.http, press, &refuse(text)).await?;
            return Ok(());
        }
    };
    tracing::info!(guild = guild.0, moderator = %press.user.id, "allowed variants changed");
    let text = format!(
        "{}\n{}",
        catalog.plain(locale, id::CONFIG_SAVED),
        settings_text(catalog, locale, &settings, data.settings.bounds(), anyone)
    );
    let update = CreateInteractionResponse::UpdateMessage(
        CreateInteractionResponseMessage::new()
            .content(clip(&text))
            .components(vec![variants_select(catalog, locale, &settings)])
            .allowed_mentions(mentions_only(&[])),
    );
    acknowledge(&ctx.http, press, &update).await?;
    Ok(())
}

/// Moderators: manage this server's ladder.
#[poise::command(
    slash_command,
    default_member_permissions = "MANAGE_GUILD",
    subcommands(
        "ladder_reset",
        "ladder_void",
        "ladder_ban",
        "ladder_unban",
        "ladder_abort"
    ),
    subcommand_required
)]
pub(super) async fn ladder(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a new season; the old one is kept.
#[poise::command(slash_command, guild_only, rename = "reset")]
async fn ladder_reset(
    ctx: Context<'_>,
    #[max_length = 200] reason: Option<String>,
) -> Result<(), Error> {
    let Some(guild) = moderator_guild(ctx).await? else {
        return Ok(());
    };
    let by = Moderator::new(author_seated(ctx), reason.as_deref());
    match ctx.data().ladder.new_season(guild, &by).await {
        Ok(season) => {
            tracing::info!(guild = guild.0, season, moderator = %ctx.author().id, "new ladder season");
            let done = Message::new(id::LADDER_RESET_DONE).with("season", season);
            reply(ctx, &done).await
        }
        Err(d) => deny(ctx, &d).await,
    }
}

/// Void a match and undo its rating changes.
#[poise::command(slash_command, guild_only, rename = "void")]
async fn ladder_void(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "super::super::choices::rated_matches"]
    id: String,
    #[max_length = 200] reason: Option<String>,
) -> Result<(), Error> {
    let Some(guild) = moderator_guild(ctx).await? else {
        return Ok(());
    };
    let by = Moderator::new(author_seated(ctx), reason.as_deref());
    match ctx.data().ladder.void(guild, &id, &by).await {
        Ok(done) => {
            tracing::info!(guild = guild.0, r#match = %id, moderator = %ctx.author().id, reply = %done.id, "match voided");
            reply(ctx, &done).await
        }
        Err(d) => deny(ctx, &d).await,
    }
}

// The host's match task applies the abort in turn with the players'
// actions, the store journals it (a restart does not bring the match back),
// no rating changes, and the thread is told which moderator did it (its
// buttons go).
/// End a stuck match without a result.
#[poise::command(slash_command, guild_only, rename = "abort")]
async fn ladder_abort(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "super::super::choices::running_matches"]
    id: String,
    #[max_length = 200] reason: Option<String>,
) -> Result<(), Error> {
    let Some(guild) = moderator_guild(ctx).await? else {
        return Ok(());
    };
    let by = Moderator::new(author_seated(ctx), reason.as_deref());
    ctx.data().routes.startup.wait().await;
    match ctx.data().ladder.abort(guild, &id, &by).await {
        Ok(done) => {
            tracing::info!(guild = guild.0, r#match = %id, moderator = %ctx.author().id, "match aborted by a moderator");
            reply(ctx, &done).await
        }
        Err(d) => deny(ctx, &d).await,
    }
}

async fn ban_or_unban(
    ctx: Context<'_>,
    user: User,
    ban: bool,
    reason: Option<String>,
) -> Result<(), Error> {
    let Some(guild) = moderator_guild(ctx).await? else {
        return Ok(());
    };
    let player = seated(&user, None);
    let by = Moderator::new(author_seated(ctx), reason.as_deref());
    match ctx.data().ladder.set_ban(guild, &player, &by, ban).await {
        Ok(done) => {
            tracing::info!(guild = guild.0, user = %user.id, moderator = %ctx.author().id, reply = %done.id, "ladder ban changed");
            reply(ctx, &done).await
        }
        Err(d) => deny(ctx, &d).await,
    }
}

/// Bar a player from rated matches.
#[poise::command(slash_command, guild_only, rename = "ban")]
async fn ladder_ban(
    ctx: Context<'_>,
    user: User,
    #[max_length = 200] reason: Option<String>,
) -> Result<(), Error> {
    ban_or_unban(ctx, user, true, reason).await
}

/// Allow a banned player to play rated matches again.
#[poise::command(slash_command, guild_only, rename = "unban")]
async fn ladder_unban(
    ctx: Context<'_>,
    user: User,
    #[max_length = 200] reason: Option<String>,
) -> Result<(), Error> {
    ban_or_unban(ctx, user, false, reason).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Variant;
    use crate::play::MINUTE_MS;

    #[test]
    fn the_settings_read_as_a_moderator_reads_them() {
        let c = Catalog::new().unwrap();
        let mut s = GuildSettings::new(7);
        s.clock.abort_ms = 5 * MINUTE_MS;
        s.clock.control = crate::play::TimeControl::BLITZ;
        s.variants = vec![Variant::Classic, Variant::Popout];
        s.match_channel = Some(42);
        s.limits.open_offers = Some(7);
        let bounds = Bounds::default().with(Limit::AiMatches, 2);
        s.modlog_channel = Some(43);
        let text = settings_text(&c, Locale::EnUs, &s, &bounds, false);
        assert!(text.contains("Moderation log: <#43>"), "{text}");
        assert!(
            text.ends_with("Tournaments: only moderators create them."),
            "{text}"
        );
        assert!(text.contains("3+2") && text.contains("5 minutes"), "{text}");
        assert!(
            text.contains("Open challenges and seeks, per member: 7 (this bot allows up to 50)"),
            "{text}"
        );
        assert!(
            text.contains("at once, per member: 2 (this bot allows up to 2)"),
            "the default taken down to the bound: {text}"
        );
        assert!(text.contains("PopOut") && text.contains("<#42>"), "{text}");
        assert!(text.contains("Discord"), "no language chosen: {text}");
        assert!(text.contains("Web pages: off."), "off by default: {text}");
        s.web = true;
        let text = settings_text(&c, Locale::De, &s, &bounds, false);
        assert!(text.contains("Webseiten: an"), "{text}");
    }
}
