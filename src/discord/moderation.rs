//! Moderator commands: `/config` (server settings for matches) and
//! `/ladder reset|void|ban|unban|abort`. Discord hides them from members without
//! Manage Server (`default_member_permissions`), and the bot checks the
//! permission itself too: anyone else gets a private refusal. Replies are
//! private, in the moderator's language.

use std::time::Duration;

use serenity::all::{ChannelId, User};

use super::commands::{guild_settings, parse_terms, private, seated, time_text, user_locale};
use super::{Context, Error};
use crate::game::Variant;
use crate::i18n::{id, Id};
use crate::i18n::{Args, Catalog, Locale};
use crate::play::MINUTE_MS;
use crate::store::{GuildSettings, MatchId as StoreMatchId, StoreError};

/// The shortest and longest abort window `/config` accepts, in minutes.
pub const ABORT_WINDOW_MINUTES: std::ops::RangeInclusive<i64> = 1..=60;

/// The shortest and longest challenge expiry `/config` accepts, in minutes:
/// at most 14, within the 15 minutes for which the `/challenge` interaction
/// may edit its message ([`super::MAX_CHALLENGE_EXPIRY`]).
pub const CHALLENGE_EXPIRY_MINUTES: std::ops::RangeInclusive<i64> = 1..=14;

/// Whether the user of `ctx` may use moderator commands: Manage Server (or
/// Administrator) in the permissions Discord resolved for the interaction.
fn is_moderator(ctx: Context<'_>) -> bool {
    let poise::Context::Application(a) = ctx else {
        return false;
    };
    a.interaction
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}

/// The server of a moderator command, after the permission check; `None`
/// when the refusal has been sent.
async fn moderator_guild(ctx: Context<'_>) -> Result<Option<u64>, Error> {
    let catalog = ctx.data().host.catalog();
    let locale = user_locale(ctx);
    let Some(guild) = ctx.guild_id() else {
        private(ctx, catalog.plain(locale, id::ERROR_GUILD_ONLY)).await?;
        return Ok(None);
    };
    if !is_moderator(ctx) {
        private(ctx, catalog.plain(locale, id::ERROR_MODERATOR_ONLY)).await?;
        return Ok(None);
    }
    if ctx.data().db.is_none() {
        private(ctx, catalog.plain(locale, id::ERROR_INTERNAL)).await?;
        return Ok(None);
    }
    Ok(Some(guild.get()))
}

/// The server settings as the moderator reads them.
pub fn settings_text(catalog: &Catalog, l: Locale, s: &GuildSettings) -> String {
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
    let language = match &s.locale {
        Some(tag) => catalog.plain(l, id::language(tag.parse().ok())),
        None => catalog.plain(l, id::LANGUAGE_AUTO),
    };
    let minutes = Duration::from_millis(s.clock.abort_ms);
    [
        format!("**{}**", catalog.plain(l, id::CONFIG_TITLE)),
        catalog.text(
            l,
            id::CONFIG_TIME,
            &Args::new().set("time", time_text(s.clock.control)),
        ),
        catalog.text(
            l,
            id::CONFIG_ABORT_WINDOW,
            &Args::new().set("duration", catalog.duration_words(l, minutes)),
        ),
        catalog.text(
            l,
            id::CONFIG_CHALLENGE_EXPIRY,
            &Args::new().set(
                "duration",
                catalog.duration_words(l, Duration::from_millis(s.challenge_expiry_ms)),
            ),
        ),
        catalog.text(
            l,
            id::CONFIG_VARIANTS,
            &Args::new().set("variants", variants),
        ),
        catalog.text(l, id::CONFIG_CHANNEL, &Args::new().set("channel", channel)),
        catalog.text(
            l,
            id::CONFIG_LANGUAGE,
            &Args::new().set("language", language),
        ),
    ]
    .join("\n")
}

/// What `/config` changes.
#[derive(Clone, Debug, Default)]
pub struct ConfigChange {
    /// `time`.
    pub time: Option<String>,
    /// `abort-window`, in minutes.
    pub abort_window: Option<i64>,
    /// `challenge-expiry`, in minutes.
    pub challenge_expiry: Option<i64>,
    /// `variants`: comma-separated keys, or `all`.
    pub variants: Option<String>,
    /// `channel`.
    pub channel: Option<u64>,
    /// `language`: `auto` or a tag.
    pub language: Option<String>,
}

/// `minutes` in milliseconds, if within `range`.
///
/// # Errors
/// The localized refusal `refusal` with the range as `$min` and `$max`.
fn minutes_ms(
    catalog: &Catalog,
    l: Locale,
    minutes: i64,
    range: std::ops::RangeInclusive<i64>,
    refusal: Id,
) -> Result<u64, String> {
    if range.contains(&minutes) {
        return Ok(minutes as u64 * MINUTE_MS);
    }
    let words = |m: i64| catalog.duration_words(l, Duration::from_secs(m as u64 * 60));
    Err(catalog.text(
        l,
        refusal,
        &Args::new()
            .set("min", words(*range.start()))
            .set("max", words(*range.end())),
    ))
}

/// Applies a `/config` change to `settings`.
///
/// # Errors
/// The localized refusal (bad time control, abort window out of range,
/// challenge expiry out of range, unknown variant); `settings` is then
/// unchanged.
pub fn apply_config(
    catalog: &Catalog,
    l: Locale,
    settings: &GuildSettings,
    change: &ConfigChange,
) -> Result<GuildSettings, String> {
    let mut s = settings.clone();
    if let Some(time) = change.time.as_deref() {
        s.clock.control = parse_terms(catalog, l, None, Some(time))?.1;
    }
    if let Some(minutes) = change.abort_window {
        s.clock.abort_ms = minutes_ms(
            catalog,
            l,
            minutes,
            ABORT_WINDOW_MINUTES,
            id::CONFIG_BAD_ABORT_WINDOW,
        )?;
    }
    if let Some(minutes) = change.challenge_expiry {
        s.challenge_expiry_ms = minutes_ms(
            catalog,
            l,
            minutes,
            CHALLENGE_EXPIRY_MINUTES,
            id::CONFIG_BAD_CHALLENGE_EXPIRY,
        )?;
    }
    if let Some(list) = change.variants.as_deref() {
        s.variants = if list.trim().eq_ignore_ascii_case("all") {
            Vec::new()
        } else {
            let mut vs = Vec::new();
            for key in list.split(',').map(str::trim).filter(|k| !k.is_empty()) {
                let (v, _) = parse_terms(catalog, l, Some(key), None)?;
                if !vs.contains(&v) {
                    vs.push(v);
                }
            }
            vs.sort_by_key(|v: &Variant| v.key());
            vs
        };
    }
    if let Some(channel) = change.channel {
        s.match_channel = Some(channel);
    }
    if let Some(language) = change.language.as_deref() {
        // Discord only sends the offered choices: `auto` or a known tag.
        s.locale = language.parse::<Locale>().ok().map(|l| l.tag().to_string());
    }
    Ok(s)
}

/// The poise commands of this module (`/config`, `/ladder`).
pub fn all() -> Vec<poise::Command<std::sync::Arc<super::Data>, Error>> {
    vec![config(), ladder()]
}

/// Moderators: server settings for matches (no option: show them).
#[poise::command(slash_command)]
async fn config(
    ctx: Context<'_>,
    #[autocomplete = "super::commands::time_presets"] time: Option<String>,
    #[rename = "abort-window"] abort_window: Option<i64>,
    #[rename = "challenge-expiry"] challenge_expiry: Option<i64>,
    variants: Option<String>,
    channel: Option<ChannelId>,
    language: Option<String>,
) -> Result<(), Error> {
    let Some(guild) = moderator_guild(ctx).await? else {
        return Ok(());
    };
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let locale = user_locale(ctx);
    let current = guild_settings(&data, guild).await;
    let change = ConfigChange {
        time,
        abort_window,
        challenge_expiry,
        variants,
        channel: channel.map(ChannelId::get),
        language,
    };
    let changed = change.time.is_some()
        || change.abort_window.is_some()
        || change.challenge_expiry.is_some()
        || change.variants.is_some()
        || change.channel.is_some()
        || change.language.is_some();
    let settings = match apply_config(catalog, locale, &current, &change) {
        Ok(s) => s,
        Err(text) => return private(ctx, text).await,
    };
    let mut text = settings_text(catalog, locale, &settings);
    if changed {
        if let Some(db) = &data.db {
            db.set_guild_settings(&settings).await?;
        }
        tracing::info!(guild, moderator = %ctx.author().id, "server settings changed");
        text = format!("{}\n{text}", catalog.plain(locale, id::CONFIG_SAVED));
    }
    private(ctx, text).await
}

/// Moderators: manage this server's ladder.
#[poise::command(
    slash_command,
    subcommands(
        "ladder_reset",
        "ladder_void",
        "ladder_ban",
        "ladder_unban",
        "ladder_abort"
    ),
    subcommand_required
)]
async fn ladder(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a new season; the old one is kept.
#[poise::command(slash_command, rename = "reset")]
async fn ladder_reset(ctx: Context<'_>) -> Result<(), Error> {
    let Some(guild) = moderator_guild(ctx).await? else {
        return Ok(());
    };
    let db = ctx.data().db.clone().expect("checked");
    let season = db.new_season(guild).await?;
    tracing::info!(guild, season, moderator = %ctx.author().id, "new ladder season");
    let text = ctx.data().host.catalog().text(
        user_locale(ctx),
        id::LADDER_RESET_DONE,
        &Args::new().set("season", i64::from(season)),
    );
    private(ctx, text).await
}

/// Void a match and undo its rating changes.
#[poise::command(slash_command, rename = "void")]
async fn ladder_void(ctx: Context<'_>, #[rename = "match"] id: String) -> Result<(), Error> {
    let Some(guild) = moderator_guild(ctx).await? else {
        return Ok(());
    };
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let locale = user_locale(ctx);
    let db = data.db.clone().expect("checked");
    let shown = id.trim().trim_start_matches('#').to_string();
    let args = Args::new().set("id", shown.clone());
    let not_found = || catalog.text(locale, id::ERROR_MATCH_NOT_FOUND, &args);
    let Ok(number) = shown.parse::<i64>() else {
        return private(ctx, not_found()).await;
    };
    // Only a match of this server.
    match db.match_detail(StoreMatchId(number)).await {
        Ok(d) if d.guild == guild => {}
        Ok(_) | Err(StoreError::NoSuchMatch(_)) => return private(ctx, not_found()).await,
        Err(e) => return Err(e.into()),
    }
    let text = match db.void_match(StoreMatchId(number)).await {
        Ok(true) => {
            tracing::info!(guild, match_id = number, moderator = %ctx.author().id, "match voided");
            catalog.text(locale, id::LADDER_VOID_DONE, &args)
        }
        Ok(false) => catalog.text(locale, id::LADDER_VOID_ALREADY, &args),
        Err(StoreError::NoSuchMatch(_)) => not_found(),
        Err(e) => return Err(e.into()),
    };
    private(ctx, text).await
}

// The host's match task applies the abort in turn with the players'
// actions, the store journals it (a restart does not bring the match back),
// no rating changes, and the thread is told which moderator did it (its
// buttons go).
/// End a stuck match without a result.
#[poise::command(slash_command, rename = "abort")]
async fn ladder_abort(ctx: Context<'_>, #[rename = "match"] id: String) -> Result<(), Error> {
    let Some(guild) = moderator_guild(ctx).await? else {
        return Ok(());
    };
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let locale = user_locale(ctx);
    let shown = id.trim().trim_start_matches('#').to_string();
    let args = Args::new().set("id", shown.clone());
    let Ok(number) = shown.parse::<u64>() else {
        return private(ctx, catalog.text(locale, id::ERROR_MATCH_NOT_FOUND, &args)).await;
    };
    let id = crate::host::MatchId(number as i64);
    // Only a match of this server.
    let Some(spec) = data.host.spec(id).filter(|s| s.guild == guild) else {
        let stored = match &data.db {
            Some(db) => match db.match_detail(StoreMatchId(number as i64)).await {
                Ok(d) => d.guild == guild,
                Err(StoreError::NoSuchMatch(_)) => false,
                Err(e) => return Err(e.into()),
            },
            None => false,
        };
        let message = if stored {
            id::LADDER_ABORT_NOT_RUNNING
        } else {
            id::ERROR_MATCH_NOT_FOUND
        };
        return private(ctx, catalog.text(locale, message, &args)).await;
    };
    let moderator = seated(ctx.author(), None).name;
    let text = match data.host.moderator_abort(id, &moderator).await {
        Ok(()) => {
            tracing::info!(guild, match_id = number, variant = %spec.variant,
                moderator = %ctx.author().id, "match aborted by a moderator");
            catalog.text(locale, id::LADDER_ABORT_DONE, &args)
        }
        Err(crate::host::AbortError::MatchOver) => {
            catalog.text(locale, id::LADDER_ABORT_NOT_RUNNING, &args)
        }
        Err(crate::host::AbortError::NoSuchMatch) => {
            catalog.text(locale, id::ERROR_MATCH_NOT_FOUND, &args)
        }
        Err(crate::host::AbortError::Unavailable) => {
            catalog.text(locale, id::ERROR_TRY_AGAIN, &args)
        }
    };
    private(ctx, text).await
}

async fn ban_or_unban(ctx: Context<'_>, user: User, ban: bool) -> Result<(), Error> {
    let Some(guild) = moderator_guild(ctx).await? else {
        return Ok(());
    };
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let locale = user_locale(ctx);
    let db = data.db.clone().expect("checked");
    let name = seated(&user, None).name;
    let player = db.discord_player(user.id.get(), &name).await?;
    let id = if ban {
        let by = db
            .discord_player(ctx.author().id.get(), &seated(ctx.author(), None).name)
            .await?;
        match db
            .ban(guild, player, Some(by), None, crate::host::unix_ms())
            .await?
        {
            true => id::LADDER_BAN_DONE,
            false => id::LADDER_BAN_ALREADY,
        }
    } else {
        match db.unban(guild, player, crate::host::unix_ms()).await? {
            true => id::LADDER_UNBAN_DONE,
            false => id::LADDER_UNBAN_NOT_BANNED,
        }
    };
    tracing::info!(guild, user = %user.id, moderator = %ctx.author().id, reply = %id, "ladder ban changed");
    let text = catalog.text(locale, id, &Args::new().set("player", name));
    private(ctx, text).await
}

/// Bar a player from rated matches.
#[poise::command(slash_command, rename = "ban")]
async fn ladder_ban(ctx: Context<'_>, user: User) -> Result<(), Error> {
    ban_or_unban(ctx, user, true).await
}

/// Allow a banned player to play rated matches again.
#[poise::command(slash_command, rename = "unban")]
async fn ladder_unban(ctx: Context<'_>, user: User) -> Result<(), Error> {
    ban_or_unban(ctx, user, false).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_changes_apply_and_bad_values_are_refused() {
        let c = Catalog::new().unwrap();
        let l = Locale::EnUs;
        let base = GuildSettings::new(7);
        let change = ConfigChange {
            time: Some("3+2".into()),
            abort_window: Some(5),
            challenge_expiry: Some(2),
            variants: Some("popout, classic,popout".into()),
            channel: Some(42),
            language: Some("de".into()),
        };
        let s = apply_config(&c, l, &base, &change).unwrap();
        assert_eq!(time_text(s.clock.control), "3+2");
        assert_eq!(s.clock.abort_ms, 5 * MINUTE_MS);
        assert_eq!(s.challenge_expiry_ms, 2 * MINUTE_MS);
        assert_eq!(s.variants, [Variant::Classic, Variant::Popout]);
        assert_eq!(s.match_channel, Some(42));
        assert_eq!(s.locale.as_deref(), Some("de"));
        let text = settings_text(&c, l, &s);
        assert!(text.contains("3+2") && text.contains("5 minutes"), "{text}");
        assert!(text.contains("PopOut") && text.contains("<#42>"), "{text}");

        let all = ConfigChange {
            variants: Some("all".into()),
            language: Some("auto".into()),
            ..ConfigChange::default()
        };
        let back = apply_config(&c, l, &s, &all).unwrap();
        assert!(back.variants.is_empty() && back.locale.is_none());

        let bad = |change: ConfigChange| apply_config(&c, l, &base, &change).unwrap_err();
        let e = bad(ConfigChange {
            abort_window: Some(0),
            ..ConfigChange::default()
        });
        assert!(e.contains("1 minute") && e.contains("1 hour"), "{e}");
        let e = bad(ConfigChange {
            challenge_expiry: Some(15),
            ..ConfigChange::default()
        });
        assert!(
            e.contains("challenge expiry") && e.contains("14 minutes"),
            "{e}"
        );
        let de = apply_config(
            &c,
            Locale::De,
            &base,
            &ConfigChange {
                challenge_expiry: Some(0),
                ..ConfigChange::default()
            },
        )
        .unwrap_err();
        assert!(de.contains("Frist für Herausforderungen"), "{de}");
        let e = bad(ConfigChange {
            variants: Some("classic,chess".into()),
            ..ConfigChange::default()
        });
        assert!(e.contains("chess"), "{e}");
        let e = bad(ConfigChange {
            time: Some("99999+0".into()),
            ..ConfigChange::default()
        });
        assert!(e.contains("99999+0"), "{e}");
    }
}
