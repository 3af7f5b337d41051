//! The slash commands of this adapter — `/challenge`, `/resign`,
//! `/resign-game`, `/board` — and their registration with Discord, with
//! names, descriptions, options and choices in all five languages from
//! [`Catalog::commands`]. Commands stay thin: parse → host → reply.

use std::sync::Arc;
use std::time::Duration;

use poise::CreateReply;
use serenity::all::{
    ButtonStyle, ChannelId, CommandOptionType, ComponentInteraction, CreateActionRow,
    CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateCommand, CreateCommandOption,
    CreateInteractionResponseFollowup, CreateThread, EditInteractionResponse, GuildId, Http,
    Member, MessageId, Permissions, User,
};

use std::collections::HashSet;

use super::challenges::{arm_expiry, Challenge, OfferButton};
use super::messages::{clip, mentions_only, BOARD_FILE};
use super::routes::Route;
use super::{Context, Data, Error};
use crate::game::{splitmix64, Variant};
use crate::host::bot::LEVELS;
use crate::host::{unix_ms, MatchId, MatchSpec, Request, Seated, UserId};
use crate::i18n::{commands::OptionKind, time_control, Args, Catalog, Locale, LocalizedCommand};
use crate::i18n::{id, Id};
use crate::play::{ClockSettings, TimeControl};
use crate::store::GuildSettings;

/// Tests only: every match clock (bank, increment, abort window, grace
/// period) is divided by this whole number, so that an end-to-end test sees
/// a flag or an abort within seconds of a `/challenge time:1+0`. Read only
/// by builds with debug assertions (the tests' build): a release build
/// ignores it, so no setting can shorten a production bot's clocks.
pub const TEST_TIME_SCALE_ENV: &str = "FOURBOT_TEST_TIME_SCALE";

/// `clock` divided by [`TEST_TIME_SCALE_ENV`] when that is set (a whole
/// number ≥ 2) in a build with debug assertions; `clock` itself otherwise.
fn scaled_for_tests(clock: ClockSettings) -> ClockSettings {
    if !cfg!(debug_assertions) {
        return clock;
    }
    match std::env::var(TEST_TIME_SCALE_ENV)
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|d| *d >= 2)
    {
        Some(d) => ClockSettings {
            control: clock.control.scaled_down(d),
            abort_ms: (clock.abort_ms / d).max(1),
            grace_ms: clock.grace_ms / d,
        },
        None => clock,
    }
}

/// The AI level of a game against the bot when `level` is not given.
pub const AI_LEVEL: u8 = crate::host::DEFAULT_AI_LEVEL;

/// The commands this adapter serves, with the options it reads (the other
/// options of [`crate::i18n::COMMANDS`] belong to later issues).
pub const SERVED: &[(&str, &[&str])] = &[
    (
        "challenge",
        &[
            "opponent",
            "variant",
            "time",
            "opponent2",
            "teammate",
            "color",
            "level",
        ],
    ),
    ("seek", &["variant", "time"]),
    ("resign", &[]),
    ("resign-game", &[]),
    ("board", &[]),
    ("rating", &["user", "variant"]),
    ("leaderboard", &["variant"]),
    ("history", &["user"]),
    ("rules", &["variant"]),
    ("settings", &["confirm", "language"]),
    ("replay", &["match"]),
    ("export", &["match"]),
    ("analyze", &["match"]),
    ("ladder", &["match", "user"]),
    (
        "config",
        &[
            "time",
            "abort-window",
            "challenge-expiry",
            "variants",
            "channel",
            "language",
        ],
    ),
];

/// The poise commands (dispatch and argument parsing; registration is
/// [`register`]).
pub fn all() -> Vec<poise::Command<Arc<Data>, Error>> {
    let mut all = vec![challenge(), resign(), resign_game(), board()];
    all.extend(super::seeks::all());
    all.extend(super::info::all());
    all.extend(super::archive::all());
    all.extend(super::analysis::all());
    all.extend(super::moderation::all());
    all
}

/// The registration payload: the [`SERVED`] commands with every name,
/// description, option and choice localized. The `time` option offers the
/// presets by autocomplete, so any `base+inc` can still be typed.
pub fn create_commands(catalog: &Catalog) -> Vec<CreateCommand> {
    let all = catalog.commands();
    SERVED
        .iter()
        .filter_map(|(key, options)| {
            let c = all.iter().find(|c| c.spec.key == *key)?;
            Some(create_command(c, options))
        })
        .collect()
}

fn create_command(c: &LocalizedCommand, served: &[&str]) -> CreateCommand {
    let mut cmd = CreateCommand::new(c.name.default_text())
        .description(c.description.default_text())
        .dm_permission(false);
    if c.spec.moderator {
        cmd = cmd.default_member_permissions(Permissions::MANAGE_GUILD);
    }
    for (locale, name) in c.name.discord_localizations() {
        cmd = cmd.name_localized(locale, name);
    }
    for (locale, d) in c.description.discord_localizations() {
        cmd = cmd.description_localized(locale, d);
    }
    for o in create_options(c, served) {
        cmd = cmd.add_option(o);
    }
    for sub in &c.subcommands {
        let mut opt = CreateCommandOption::new(
            CommandOptionType::SubCommand,
            sub.name.default_text(),
            sub.description.default_text(),
        );
        for (locale, name) in sub.name.discord_localizations() {
            opt = opt.name_localized(locale, name);
        }
        for (locale, d) in sub.description.discord_localizations() {
            opt = opt.description_localized(locale, d);
        }
        for o in create_options(sub, served) {
            opt = opt.add_sub_option(o);
        }
        cmd = cmd.add_option(opt);
    }
    cmd
}

fn create_options(c: &LocalizedCommand, served: &[&str]) -> Vec<CreateCommandOption> {
    let mut options = Vec::new();
    for o in c.options.iter().filter(|o| served.contains(&o.spec.key)) {
        let kind = match o.spec.kind {
            OptionKind::User => CommandOptionType::User,
            OptionKind::Channel => CommandOptionType::Channel,
            OptionKind::Text => CommandOptionType::String,
            OptionKind::Integer => CommandOptionType::Integer,
            OptionKind::Boolean => CommandOptionType::Boolean,
        };
        let mut opt = CreateCommandOption::new(kind, o.spec.key, o.description.default_text())
            .required(o.spec.required);
        for (locale, name) in o.name.discord_localizations() {
            opt = opt.name_localized(locale, name);
        }
        for (locale, d) in o.description.discord_localizations() {
            opt = opt.description_localized(locale, d);
        }
        if o.spec.key == "time" {
            opt = opt.set_autocomplete(true);
        } else {
            for choice in &o.choices {
                opt = opt.add_string_choice_localized(
                    choice.name.default_text(),
                    choice.value,
                    choice.name.discord_localizations(),
                );
            }
        }
        options.push(opt);
    }
    options
}

/// Registers the commands in `dev_guild`, or globally.
///
/// # Errors
/// Discord refused the registration.
pub async fn register(
    http: impl AsRef<Http>,
    catalog: &Catalog,
    dev_guild: Option<u64>,
) -> Result<(), serenity::Error> {
    let commands = create_commands(catalog);
    match dev_guild {
        Some(g) => {
            GuildId::new(g)
                .set_commands(http.as_ref(), commands)
                .await?;
        }
        None => {
            serenity::all::Command::set_global_commands(http.as_ref(), commands).await?;
        }
    }
    Ok(())
}

/// Logs a failed command and tells the user briefly, in their language.
pub async fn on_error(error: poise::FrameworkError<'_, Arc<Data>, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, error = %error, "command failed");
            let text = ctx
                .data()
                .host
                .catalog()
                .plain(user_locale(ctx), id::ERROR_INTERNAL);
            let _ = ctx
                .send(CreateReply::default().content(text).ephemeral(true))
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}

/// The language of a private reply to the user of `ctx`: their
/// `/settings` override, else their Discord client's.
pub(crate) fn user_locale(ctx: Context<'_>) -> Locale {
    let chosen = ctx
        .data()
        .language_overrides
        .lock()
        .expect("lock")
        .get(&ctx.author().id.get())
        .copied();
    Locale::for_user(chosen, ctx.locale().unwrap_or("en-US"))
}

/// Reads the `/settings` language override of Discord user `user` from the
/// store into [`Data::language_overrides`] and returns it.
pub async fn refresh_language(data: &Data, user: u64) -> Option<Locale> {
    let db = data.db.as_ref()?;
    let chosen: Option<Locale> = match db.find_discord_player(user).await {
        Ok(Some(player)) => db
            .player_settings(player)
            .await
            .ok()
            .and_then(|s| s.language)
            .and_then(|l| l.parse().ok()),
        _ => None,
    };
    let mut overrides = data.language_overrides.lock().expect("lock");
    match chosen {
        Some(l) => overrides.insert(user, l),
        None => overrides.remove(&user),
    };
    chosen
}

/// The language of the server's public messages.
pub(crate) fn guild_locale(ctx: Context<'_>) -> Locale {
    match ctx {
        poise::Context::Application(a) => {
            Locale::for_guild(None, a.interaction.guild_locale.as_deref())
        }
        poise::Context::Prefix(_) => Locale::FALLBACK,
    }
}

pub(crate) async fn private(ctx: Context<'_>, text: String) -> Result<(), Error> {
    ctx.send(
        CreateReply::default()
            .content(clip(&text))
            .ephemeral(true)
            .allowed_mentions(mentions_only(&[])),
    )
    .await?;
    Ok(())
}

/// A player as seated in a match: the server nickname, else the display
/// name, else the user name (shown as text, never a mention).
pub fn seated(user: &User, member: Option<&Member>) -> Seated {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    Seated {
        id: UserId(user.id.get()),
        name,
        ai_level: None,
    }
}

/// Reads the variant and time control of a challenge (defaults: classic,
/// 10+10).
///
/// # Errors
/// The localized refusal text.
pub fn parse_terms(
    catalog: &Catalog,
    locale: Locale,
    variant: Option<&str>,
    time: Option<&str>,
) -> Result<(Variant, TimeControl), String> {
    let variant = match variant {
        None => Variant::Classic,
        Some(text) => text.parse().map_err(|_| {
            let keys: Vec<&str> = Variant::ALL.iter().map(|v| v.key()).collect();
            catalog.text(
                locale,
                id::ERROR_UNKNOWN_VARIANT,
                &Args::new()
                    .set("input", text.to_string())
                    .set("variants", keys.join(", ")),
            )
        })?,
    };
    let time = match time {
        None => TimeControl::DEFAULT,
        Some(text) => text.parse().map_err(|_| {
            let words = |secs: u64| catalog.duration_words(locale, Duration::from_secs(secs));
            catalog.text(
                locale,
                id::ERROR_BAD_TIME_CONTROL,
                &Args::new()
                    .set("input", text.to_string())
                    .set("min-base", words(TimeControl::MIN_BASE_MINUTES * 60))
                    .set("max-base", words(TimeControl::MAX_BASE_MINUTES * 60))
                    .set("max-increment", words(TimeControl::MAX_INCREMENT_SECONDS)),
            )
        })?,
    };
    Ok((variant, time))
}

/// Who a challenge names, before seating: the challenger and the users of
/// the `opponent`, `opponent2` and `teammate` options (each as a seat plus
/// whether the user is this bot, or another bot).
#[derive(Clone, Debug)]
pub struct Invitation {
    /// The challenger.
    pub challenger: Seated,
    /// `opponent`.
    pub opponent: Invitee,
    /// `opponent2`.
    pub opponent2: Option<Invitee>,
    /// `teammate`.
    pub teammate: Option<Invitee>,
    /// `color` (`red`, `yellow`, `random`).
    pub color: Option<String>,
    /// `level`.
    pub level: Option<i64>,
    /// Draws `random` colours.
    pub seed: u64,
}

/// A user named by a challenge option.
#[derive(Clone, Debug)]
pub struct Invitee {
    /// As seated (name shown as text).
    pub seat: Seated,
    /// This bot: an AI seat.
    pub is_fourbot: bool,
    /// Another bot: refused.
    pub is_other_bot: bool,
}

/// Seats the players of a challenge (p1 first; teams: challenger and
/// teammate against opponent and opponent2) after checking the options fit
/// the variant. Seats of this bot become AI seats at `level`.
///
/// # Errors
/// The localized refusal text.
pub fn seat_players(
    catalog: &Catalog,
    locale: Locale,
    variant: Variant,
    inv: Invitation,
) -> Result<Vec<Seated>, String> {
    let variant_name = || Args::new().set("variant", catalog.variant_name(locale, variant));
    let refuse = |id: Id| catalog.plain(locale, id);
    let invitees = [
        Some(&inv.opponent),
        inv.opponent2.as_ref(),
        inv.teammate.as_ref(),
    ];
    if invitees.iter().flatten().any(|i| i.is_other_bot) {
        return Err(refuse(id::ERROR_OTHER_BOT));
    }
    let has_ai = invitees.iter().flatten().any(|i| i.is_fourbot);
    match inv.level {
        Some(_) if !has_ai => return Err(refuse(id::ERROR_LEVEL_BOT_ONLY)),
        Some(l) if !(i64::from(*LEVELS.start())..=i64::from(*LEVELS.end())).contains(&l) => {
            return Err(catalog.text(
                locale,
                id::ERROR_LEVEL_OUT_OF_RANGE,
                &Args::new()
                    .set("min", i64::from(*LEVELS.start()))
                    .set("max", i64::from(*LEVELS.end())),
            ));
        }
        _ => {}
    }
    let level = inv.level.map_or(AI_LEVEL, |l| l as u8);
    let seat = |i: &Invitee| {
        let mut s = i.seat.clone();
        if i.is_fourbot {
            s.ai_level = Some(level);
        }
        s
    };
    let mut seats = match (variant.players(), &inv.opponent2, &inv.teammate) {
        (2, None, None) => vec![inv.challenger.clone(), seat(&inv.opponent)],
        (2, _, _) => return Err(catalog.text(locale, id::ERROR_TOO_MANY_PLAYERS, &variant_name())),
        (3, Some(o2), None) => vec![inv.challenger.clone(), seat(&inv.opponent), seat(o2)],
        (3, None, _) => {
            return Err(catalog.text(locale, id::ERROR_NEEDS_OPPONENT2, &variant_name()))
        }
        (3, _, _) => return Err(catalog.text(locale, id::ERROR_TOO_MANY_PLAYERS, &variant_name())),
        (_, Some(o2), Some(t)) => vec![
            inv.challenger.clone(),
            seat(&inv.opponent),
            seat(t),
            seat(o2),
        ],
        _ => return Err(catalog.text(locale, id::ERROR_NEEDS_TEAMMATE, &variant_name())),
    };
    let ids: HashSet<UserId> = seats.iter().map(|s| s.id).collect();
    if ids.len() < seats.len() {
        return Err(refuse(id::ERROR_DUPLICATE_PLAYER));
    }
    if let Some(color) = inv.color.as_deref() {
        if variant != Variant::Single {
            return Err(refuse(id::ERROR_COLOR_SINGLE_ONLY));
        }
        let second = match color {
            "yellow" => true,
            "random" => splitmix64(inv.seed) & 1 == 1,
            _ => false,
        };
        if second {
            seats.swap(0, 1);
        }
    }
    Ok(seats)
}

pub(crate) fn time_text(t: TimeControl) -> String {
    time_control(t.base_ms() / 1000, t.increment_ms() / 1000)
}

/// Suggests the time-control presets that start with what was typed.
pub(crate) async fn time_presets(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let choices: Vec<_> = TimeControl::PRESETS
        .iter()
        .map(|t| time_text(*t))
        .filter(|t| t.starts_with(partial.trim()))
        .map(|t| serenity::all::AutocompleteChoice::new(t.clone(), t))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

fn invitee(ctx: Context<'_>, public: Locale, user: &User) -> Invitee {
    let is_fourbot = user.id == ctx.framework().bot_id();
    let mut seat = seated(user, None);
    if is_fourbot {
        seat.name = ctx.data().host.catalog().plain(public, id::THE_BOT);
    }
    Invitee {
        seat,
        is_fourbot,
        is_other_bot: user.bot && !is_fourbot,
    }
}

/// The server's settings (`/config`), or the defaults when there is no
/// store or it cannot be read (logged).
pub async fn guild_settings(data: &Data, guild: u64) -> GuildSettings {
    match &data.db {
        Some(db) => db.guild_settings(guild).await.unwrap_or_else(|e| {
            tracing::error!(error = %e, guild, "reading the server settings failed");
            GuildSettings::new(guild)
        }),
        None => GuildSettings::new(guild),
    }
}

/// The language of the server's public messages: the `/config` choice,
/// else Discord's `guild_locale`.
pub fn public_locale(settings: &GuildSettings, ctx: Context<'_>) -> Locale {
    let configured = settings.locale.as_deref().and_then(|l| l.parse().ok());
    match configured {
        Some(l) => l,
        None => guild_locale(ctx),
    }
}

/// What a new match on this server is to be, after the server's rules.
#[derive(Clone, Debug)]
pub struct ServerTerms {
    /// Language of the public messages.
    pub public: Locale,
    /// The variant.
    pub variant: Variant,
    /// The time control (the server's default when none was given), abort
    /// window and grace period of the server.
    pub clock: ClockSettings,
    /// How long a challenge or seek stays open ([`challenge_expiry`]).
    pub expiry: Duration,
}

/// How long a challenge or seek stays open on a server: `/config`'s
/// challenge expiry, unless `FOURBOT_CHALLENGE_EXPIRY_SECS` overrides it
/// (tests, operations); at most [`super::MAX_CHALLENGE_EXPIRY`].
pub fn challenge_expiry(data: &Data, settings: &GuildSettings) -> Duration {
    data.challenge_expiry
        .unwrap_or(Duration::from_millis(settings.challenge_expiry_ms))
        .min(super::MAX_CHALLENGE_EXPIRY)
}

/// Reads a variant and time control under the server's `/config`: its
/// default time control, abort window, allowed variants and match channel.
///
/// # Errors
/// The localized refusal, in the user's language.
pub async fn server_terms(
    ctx: Context<'_>,
    guild: u64,
    variant: Option<&str>,
    time: Option<&str>,
) -> Result<ServerTerms, String> {
    let data = ctx.data();
    let catalog = data.host.catalog();
    let locale = user_locale(ctx);
    let settings = guild_settings(data, guild).await;
    let public = public_locale(&settings, ctx);
    let (variant, control) = parse_terms(catalog, locale, variant, time)?;
    let clock = ClockSettings {
        control: if time.is_some() {
            control
        } else {
            settings.clock.control
        },
        ..settings.clock
    };
    if let Some(channel) = settings
        .match_channel
        .filter(|c| *c != ctx.channel_id().get())
    {
        return Err(catalog.text(
            locale,
            id::ERROR_WRONG_CHANNEL,
            &Args::new().set("channel", format!("<#{channel}>")),
        ));
    }
    if !settings.variants.is_empty() && !settings.variants.contains(&variant) {
        return Err(catalog.text(
            locale,
            id::ERROR_VARIANT_NOT_ALLOWED,
            &Args::new().set("variant", catalog.variant_name(locale, variant)),
        ));
    }
    Ok(ServerTerms {
        public,
        variant,
        clock,
        expiry: challenge_expiry(data, &settings),
    })
}

/// The refusal when the challenger or one of `others` is banned from the
/// server's ladder (rated matches only).
pub(crate) async fn ban_refusal(
    data: &Data,
    guild: u64,
    locale: Locale,
    challenger: &Seated,
    others: &[&Seated],
) -> Option<String> {
    let db = data.db.as_ref()?;
    let catalog = data.host.catalog();
    for (n, p) in std::iter::once(challenger)
        .chain(others.iter().copied())
        .enumerate()
    {
        let banned = match db.discord_player(p.id.0, &p.name).await {
            Ok(id) => db.is_banned(guild, id).await.unwrap_or(false),
            Err(_) => false,
        };
        if banned {
            return Some(if n == 0 {
                catalog.plain(locale, id::ERROR_BANNED)
            } else {
                catalog.text(
                    locale,
                    id::ERROR_PLAYER_BANNED,
                    &Args::new().set("player", p.name.clone()),
                )
            });
        }
    }
    None
}

/// The message of a colour choice of `/challenge` (`red`, `yellow`).
fn color_id(color: &str) -> Id {
    match color {
        "yellow" => id::COLOR_YELLOW,
        _ => id::COLOR_RED,
    }
}

/// The challenge message's text: who challenges whom to what, the colour
/// chosen in a single game, and when it expires.
fn challenge_text(catalog: &Catalog, c: &Challenge, color: Option<&str>, expires: u64) -> String {
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
            .set("challenger", c.challenger.name.clone())
            .set("opponents", catalog.list(l, &opponents))
            .set("variant", catalog.variant_name(l, c.variant))
            .set("time", time_text(c.clock.control))
            .set("expires", format!("<t:{expires}:R>")),
    );
    if let Some(color) = color {
        let color = if color == "random" {
            if c.seats[0].id == c.challenger.id {
                "red"
            } else {
                "yellow"
            }
        } else {
            color
        };
        text.push('\n');
        text.push_str(
            &catalog.text(
                l,
                id::CHALLENGE_COLOR,
                &Args::new()
                    .set("player", c.challenger.name.clone())
                    .set("color", catalog.plain(l, color_id(color))),
            ),
        );
    }
    text
}

/// Challenge someone (or the bot, for a game against the AI) to a match.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
async fn challenge(
    ctx: Context<'_>,
    opponent: User,
    variant: Option<String>,
    #[autocomplete = "time_presets"] time: Option<String>,
    opponent2: Option<User>,
    teammate: Option<User>,
    color: Option<String>,
    level: Option<i64>,
) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let i = actx.interaction;
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let locale = user_locale(ctx);
    let Some(guild) = i.guild_id else {
        return private(ctx, catalog.plain(locale, id::ERROR_GUILD_ONLY)).await;
    };
    let terms = match server_terms(ctx, guild.get(), variant.as_deref(), time.as_deref()).await {
        Ok(t) => t,
        Err(text) => return private(ctx, text).await,
    };
    let (public, variant, clock) = (terms.public, terms.variant, terms.clock);
    let challenger = seated(&i.user, i.member.as_deref());
    let invitation = Invitation {
        challenger: challenger.clone(),
        opponent: invitee(ctx, public, &opponent),
        opponent2: opponent2.as_ref().map(|u| invitee(ctx, public, u)),
        teammate: teammate.as_ref().map(|u| invitee(ctx, public, u)),
        color: color.clone(),
        level,
        seed: unix_ms() as u64,
    };
    let seats = match seat_players(catalog, locale, variant, invitation) {
        Ok(seats) => seats,
        Err(text) => return private(ctx, text).await,
    };
    let humans: Vec<&Seated> = seats
        .iter()
        .filter(|s| s.id != challenger.id && s.ai_level.is_none())
        .collect();
    if let Some(other) = humans
        .iter()
        .find(|s| data.routes.running_between(challenger.id, s.id))
    {
        let text = catalog.text(
            locale,
            id::ERROR_SAME_OPPONENT,
            &Args::new().set("opponent", other.name.clone()),
        );
        return private(ctx, text).await;
    }
    let rated = variant.rated() && seats.iter().all(|s| s.ai_level.is_none());
    if rated {
        if let Some(refusal) = ban_refusal(&data, guild.get(), locale, &challenger, &humans).await {
            return private(ctx, refusal).await;
        }
    }
    let variant_name = catalog.variant_name(public, variant);

    if humans.is_empty() {
        let level = seats.iter().find_map(|s| s.ai_level).unwrap_or(AI_LEVEL);
        let text = catalog.text(
            public,
            id::CHALLENGE_AI_STARTED,
            &Args::new()
                .set("challenger", challenger.name.clone())
                .set("variant", variant_name)
                .set("level", level as i64),
        );
        let reply = ctx
            .send(
                CreateReply::default()
                    .content(clip(&text))
                    .allowed_mentions(mentions_only(&[])),
            )
            .await?;
        let message = reply.message().await?;
        open_match(
            ctx.http(),
            &data,
            MatchPlace {
                channel: message.channel_id,
                message: message.id,
                guild: guild.get(),
                locale: public,
            },
            seats,
            variant,
            clock,
        )
        .await?;
        return Ok(());
    }
    let pinged: Vec<UserId> = humans.iter().map(|s| s.id).collect();

    let expires_unix_ms = unix_ms() + terms.expiry.as_millis() as i64;
    let mut challenge = Challenge {
        id: 0,
        guild: guild.get(),
        channel: i.channel_id,
        challenger,
        accepted: seats
            .iter()
            .filter(|s| s.ai_level.is_some())
            .map(|s| s.id)
            .collect(),
        seats,
        variant,
        clock,
        locale: public,
        text: String::new(),
        token: i.token.clone(),
    };
    challenge.accepted.push(challenge.challenger.id);
    challenge.text = challenge_text(
        catalog,
        &challenge,
        color.as_deref(),
        (expires_unix_ms / 1000) as u64,
    );
    let text = challenge.text.clone();
    let id = data
        .challenges
        .open(&challenge, color.as_deref(), expires_unix_ms)
        .await?;
    let row = CreateActionRow::Buttons(vec![
        CreateButton::new(OfferButton::Accept.custom_id(id))
            .label(catalog.plain(public, id::BUTTON_ACCEPT))
            .style(ButtonStyle::Success),
        CreateButton::new(OfferButton::Decline.custom_id(id))
            .label(catalog.plain(public, id::BUTTON_DECLINE))
            .style(ButtonStyle::Danger),
    ]);
    ctx.send(
        CreateReply::default()
            .content(clip(&text))
            .components(vec![row])
            .allowed_mentions(mentions_only(&pinged)),
    )
    .await?;
    arm_expiry(ctx.serenity_context().http.clone(), data, expires_unix_ms);
    Ok(())
}

/// Where a new match is played: the message its thread opens on.
#[derive(Clone, Copy, Debug)]
pub struct MatchPlace {
    /// The channel of the message.
    pub channel: ChannelId,
    /// The message (challenge) the thread opens on.
    pub message: MessageId,
    /// The server.
    pub guild: u64,
    /// Language of the public messages.
    pub locale: Locale,
}

/// The players of a match as one phrase: "alice vs bob", "alice vs bob vs
/// carol", teams as "alice and carol vs bob and dave".
pub fn versus(catalog: &Catalog, l: Locale, variant: Variant, players: &[Seated]) -> String {
    let vs = |first: String, second: String| {
        catalog.text(
            l,
            id::VERSUS,
            &Args::new().set("first", first).set("second", second),
        )
    };
    let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    if variant == Variant::Teams && names.len() == 4 {
        let a = catalog.list(l, &[names[0].clone(), names[2].clone()]);
        let b = catalog.list(l, &[names[1].clone(), names[3].clone()]);
        return vs(a, b);
    }
    let mut names = names.into_iter();
    let first = names.next().unwrap_or_default();
    names.fold(first, vs)
}

/// Opens the match's public thread on the challenge message and starts the
/// match there; its first turn follows from the host's outbox.
///
/// # Errors
/// The thread could not be created, or the host refused the match.
pub async fn open_match(
    http: &Http,
    data: &Data,
    place: MatchPlace,
    players: Vec<Seated>,
    variant: Variant,
    clock: ClockSettings,
) -> Result<MatchId, Error> {
    let catalog = data.host.catalog();
    let l = place.locale;
    let versus = versus(catalog, l, variant, &players);
    let name = catalog.text(
        l,
        id::THREAD_NAME,
        &Args::new()
            .set("players", versus)
            .set("variant", catalog.variant_name(l, variant))
            .set("time", time_text(clock.control)),
    );
    let name: String = name.chars().take(100).collect();
    let thread = place
        .channel
        .create_thread_from_message(http, place.message, CreateThread::new(name))
        .await?;
    let spec = MatchSpec {
        variant,
        clock: scaled_for_tests(clock),
        players: players.clone(),
        guild: place.guild,
        locale: l,
        seed: unix_ms() as u64,
    };
    let route = Route::new(thread.id, players.iter().map(|p| p.id).collect(), l);
    let id = {
        let _creating = data.routes.creation_lock().await;
        let id = data.host.create_match(spec).await?;
        data.routes.insert(id, route).await;
        id
    };
    tracing::info!(match_id = %id, thread = %thread.id, "match started");
    Ok(id)
}

/// Starts the match of a challenge or seek that a button press completed
/// (`offer`: its id): [`open_match`] on the pressed message, then records
/// the match with the challenge. If that fails, it is logged and the
/// presser gets a private apology in `locale`.
///
/// # Errors
/// The apology could not be sent.
pub async fn open_offered_match(
    http: &Http,
    data: &Data,
    press: &ComponentInteraction,
    offer: u64,
    place: MatchPlace,
    (players, variant, clock): (Vec<Seated>, Variant, ClockSettings),
    locale: Locale,
) -> Result<(), Error> {
    match open_match(http, data, place, players, variant, clock).await {
        Ok(id) => data.challenges.set_match(offer, id).await,
        Err(e) => {
            tracing::error!(error = %e, challenge = offer, "opening the match failed");
            press
                .create_followup(
                    http,
                    CreateInteractionResponseFollowup::new()
                        .content(data.host.catalog().plain(locale, id::ERROR_INTERNAL))
                        .ephemeral(true),
                )
                .await?;
        }
    }
    Ok(())
}

async fn resign_request(ctx: Context<'_>, request: Request) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let i = actx.interaction;
    let data = ctx.data().clone();
    let locale = user_locale(ctx);
    let player = UserId(i.user.id.get());
    let Some(id) = data.routes.match_for(i.channel_id, player) else {
        return private(
            ctx,
            data.host.catalog().plain(locale, id::ERROR_NO_MATCH_HERE),
        )
        .await;
    };
    ctx.defer_ephemeral().await?;
    match data.host.act(id, player, locale, request).await {
        Ok(()) => i.delete_response(ctx.http()).await?,
        Err(view) => {
            i.edit_response(
                ctx.http(),
                EditInteractionResponse::new().content(clip(&view.text)),
            )
            .await?;
        }
    }
    Ok(())
}

/// Resign the whole match (of this thread, or your only running match).
#[poise::command(slash_command)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    resign_request(ctx, Request::ResignMatch).await
}

/// Resign the current game only; the match goes on.
#[poise::command(slash_command, rename = "resign-game")]
async fn resign_game(ctx: Context<'_>) -> Result<(), Error> {
    resign_request(ctx, Request::ResignGame(None)).await
}

/// Show the current board of your match (privately).
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let locale = user_locale(ctx);
    let player = UserId(ctx.author().id.get());
    let view = match data.routes.match_for(ctx.channel_id(), player) {
        Some(id) => data.host.board(id).await,
        None => None,
    };
    let Some(view) = view else {
        return private(
            ctx,
            data.host.catalog().plain(locale, id::ERROR_NO_MATCH_HERE),
        )
        .await;
    };
    let mut reply = CreateReply::default()
        .content(clip(&view.text))
        .ephemeral(true)
        .allowed_mentions(mentions_only(&[]));
    if let Some(png) = view.image {
        reply = reply.attachment(CreateAttachment::bytes(png, BOARD_FILE));
    }
    ctx.send(reply).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registration_payload_is_localized_and_valid() {
        let catalog = Catalog::new().unwrap();
        let cmds = create_commands(&catalog);
        assert_eq!(cmds.len(), SERVED.len());
        let json = serde_json::to_value(&cmds).unwrap();
        let challenge = &json[0];
        assert_eq!(challenge["name"], "challenge");
        assert!(challenge["name_localizations"]["de"].is_string());
        let options = challenge["options"].as_array().unwrap();
        let names: Vec<&str> = options
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "opponent",
                "variant",
                "time",
                "opponent2",
                "teammate",
                "color",
                "level"
            ]
        );
        assert_eq!(options[5]["choices"].as_array().unwrap().len(), 3);
        assert_eq!(options[6]["type"], 4, "level is an integer");
        assert_eq!(options[1]["choices"].as_array().unwrap().len(), 11);
        assert_eq!(options[1]["choices"][0]["value"], "classic");
        assert!(options[1]["choices"][0]["name_localizations"]["el"].is_string());
        assert_eq!(options[2]["autocomplete"], true);
        for c in json.as_array().unwrap() {
            let name = c["name"].as_str().unwrap();
            assert!(name.len() <= 32 && !name.is_empty(), "{name}");
        }
        assert_eq!(json[1]["name"], "seek");
        assert_eq!(json[3]["name"], "resign-game");
    }

    #[test]
    fn challenge_terms_default_and_refuse_clearly() {
        let c = Catalog::new().unwrap();
        assert_eq!(
            parse_terms(&c, Locale::EnUs, None, None).unwrap(),
            (Variant::Classic, TimeControl::DEFAULT)
        );
        let (v, t) = parse_terms(&c, Locale::EnUs, Some("popout"), Some("3+2")).unwrap();
        assert_eq!((v, t), (Variant::Popout, TimeControl::BLITZ));
        let e = parse_terms(&c, Locale::EnUs, None, Some("0+5")).unwrap_err();
        assert!(e.contains("0+5"), "{e}");
        let e = parse_terms(&c, Locale::EnUs, Some("chess"), None).unwrap_err();
        assert!(e.contains("classic"), "{e}");
        let e = parse_terms(&c, Locale::EnUs, None, Some("1000000+0")).unwrap_err();
        assert!(e.contains("7 days"), "{e}");
        for v in Variant::ALL {
            assert_eq!(
                parse_terms(&c, Locale::EnUs, Some(v.key()), None)
                    .unwrap()
                    .0,
                v
            );
        }
        let (_, t) = parse_terms(&c, Locale::EnUs, None, Some("2+7")).unwrap();
        assert_eq!((t.base_ms(), t.increment_ms()), (120_000, 7_000));
    }

    fn person(id: u64, name: &str) -> Invitee {
        Invitee {
            seat: Seated {
                id: UserId(id),
                name: name.into(),
                ai_level: None,
            },
            is_fourbot: false,
            is_other_bot: false,
        }
    }

    fn invitation(opponent: Invitee) -> Invitation {
        Invitation {
            challenger: person(1, "alice").seat,
            opponent,
            opponent2: None,
            teammate: None,
            color: None,
            level: None,
            seed: 0,
        }
    }

    fn names(seats: &[Seated]) -> Vec<&str> {
        seats.iter().map(|s| s.name.as_str()).collect()
    }

    #[test]
    fn challenge_options_seat_players_by_variant() {
        let c = Catalog::new().unwrap();
        let l = Locale::EnUs;
        let seat = |v, inv| seat_players(&c, l, v, inv);
        let two = seat(Variant::Classic, invitation(person(2, "bob"))).unwrap();
        assert_eq!(names(&two), ["alice", "bob"]);

        let mut three = invitation(person(2, "bob"));
        three.opponent2 = Some(person(3, "carol"));
        let e = seat(Variant::Classic, three.clone()).unwrap_err();
        assert!(e.contains("two players"), "{e}");
        assert_eq!(
            names(&seat(Variant::ThreePlayers, three.clone()).unwrap()),
            ["alice", "bob", "carol"]
        );
        let e = seat(Variant::ThreePlayers, invitation(person(2, "bob"))).unwrap_err();
        assert!(e.contains("opponent2"), "{e}");
        let e = seat(Variant::Teams, three.clone()).unwrap_err();
        assert!(e.contains("teammate"), "{e}");

        let mut teams = three;
        teams.teammate = Some(person(4, "dave"));
        let seats = seat(Variant::Teams, teams.clone()).unwrap();
        assert_eq!(
            names(&seats),
            ["alice", "bob", "dave", "carol"],
            "p1 and p3 are a team"
        );
        assert_eq!(
            versus(&c, l, Variant::Teams, &seats),
            "alice and dave vs bob and carol"
        );
        assert!(seat(Variant::ThreePlayers, teams.clone()).is_err());
        teams.teammate = Some(person(3, "carol again"));
        let e = seat(Variant::Teams, teams).unwrap_err();
        assert!(e.contains("different player"), "{e}");
        let e = seat(Variant::Classic, invitation(person(1, "alice"))).unwrap_err();
        assert!(
            e.contains("different player"),
            "a challenge to oneself: {e}"
        );
    }

    #[test]
    fn a_single_game_colour_decides_who_plays_first() {
        let c = Catalog::new().unwrap();
        let l = Locale::EnUs;
        let mut inv = invitation(person(2, "bob"));
        inv.color = Some("yellow".into());
        let seats = seat_players(&c, l, Variant::Single, inv.clone()).unwrap();
        assert_eq!(names(&seats), ["bob", "alice"]);
        inv.color = Some("red".into());
        let seats = seat_players(&c, l, Variant::Single, inv.clone()).unwrap();
        assert_eq!(names(&seats), ["alice", "bob"]);
        let firsts: HashSet<String> = (0..16)
            .map(|seed| {
                let mut inv = inv.clone();
                inv.color = Some("random".into());
                inv.seed = seed;
                seat_players(&c, l, Variant::Single, inv).unwrap()[0]
                    .name
                    .clone()
            })
            .collect();
        assert_eq!(firsts.len(), 2, "random gives both colours");
        let e = seat_players(&c, l, Variant::Classic, inv).unwrap_err();
        assert!(e.contains("single game"), "{e}");
    }

    #[test]
    fn the_level_is_for_the_bot_only_and_in_range() {
        let c = Catalog::new().unwrap();
        let l = Locale::EnUs;
        let mut inv = invitation(person(2, "bob"));
        inv.level = Some(2);
        let e = seat_players(&c, l, Variant::Classic, inv).unwrap_err();
        assert!(e.contains("against the bot"), "{e}");
        let mut bot = person(9, "the bot");
        bot.is_fourbot = true;
        let mut inv = invitation(bot);
        inv.level = Some(5);
        let seats = seat_players(&c, l, Variant::Classic, inv.clone()).unwrap();
        assert_eq!(seats[1].ai_level, Some(5));
        inv.level = Some(9);
        let e = seat_players(&c, l, Variant::Classic, inv.clone()).unwrap_err();
        assert!(e.contains("from 1 to 5"), "{e}");
        inv.level = None;
        assert_eq!(
            seat_players(&c, l, Variant::Classic, inv).unwrap()[1].ai_level,
            Some(AI_LEVEL)
        );
        let mut other = person(8, "otherbot");
        other.is_other_bot = true;
        assert!(seat_players(&c, l, Variant::Classic, invitation(other)).is_err());
    }
}
