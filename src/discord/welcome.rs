//! The welcome: one short post in a server that has just added the bot,
//! naming `/challenge` and `/help` (issue 35 §7, "The first hour").
//!
//! Which GUILD_CREATE is a new server: Discord sends one for every guild
//! of a session after READY ("to lazily load and backfill information for
//! all unavailable guilds sent in the Ready event"), one when a guild
//! comes back from an outage, and one "when the current user joins a new
//! Guild" (discord-api-docs `events/gateway-events`, "Guild Create").
//! serenity's `is_new` tells them apart with its cache's list of READY's
//! guilds — which this bot does not keep ([`super::config::cache_settings`]
//! turns the guild cache off, and with it that list), so serenity says
//! `Some(true)` for every guild, at every start. Instead a guild is new
//! when the bot joined it (`joined_at`, Discord's clock) after this
//! process started ([`is_new_join`]), and it is welcomed once per process
//! ([`Data::welcomed`](super::data::Data::welcomed)): a restart, a
//! reconnect, a resumed session, another process taking the shard over
//! and a guild back from an outage all carry the old `joined_at`. A server
//! that adds the bot while no process runs its shard gets no welcome; one
//! that removes the bot and adds it again is welcomed again (its
//! `joined_at` is new).

use std::sync::Arc;

use serenity::all::{ChannelId, ChannelType, CreateMessage, Guild, Permissions, Timestamp, UserId};
use serenity::http::Route;

use crate::i18n::{id, Args, Locale};

use super::data::{Data, Error};
use super::messages::{clip, mentions_only};
use super::reply::command_mention;

/// What the bot needs in a channel to post the welcome there: to see it
/// and send messages (`topics/permissions`, "Permissions").
pub const NEEDED: Permissions = Permissions::VIEW_CHANNEL.union(Permissions::SEND_MESSAGES);

/// Whether a guild the bot joined at `joined_at` (GUILD_CREATE's field)
/// was joined after `started`, the start of this process: only then is
/// its GUILD_CREATE the join itself (or, after a reconnect, a guild
/// joined earlier in this process's life, which
/// [`Data::welcomed`](super::data::Data::welcomed) remembers).
/// `joined_at` is Discord's clock, `started` this machine's: a clock a
/// few seconds off moves the line by as much.
pub fn is_new_join(joined_at: Timestamp, started: Timestamp) -> bool {
    joined_at > started
}

/// Where the welcome goes in `guild` (a GUILD_CREATE's, whose `members`
/// hold at least the bot's own: `events/gateway-events`, "Guild Create"):
/// the server's system channel if the bot may post there ([`NEEDED`]),
/// else the first text or announcement channel by `position` (then id)
/// where it may; `None` when there is no such channel (or the payload has
/// no member object of the bot's: its permissions cannot be known). The
/// bot's permissions are computed from the roles and the channel's
/// overwrites as Discord documents (`topics/permissions`, "Permission
/// Overwrites"; serenity's `Guild::user_permissions_in`).
pub fn welcome_channel(guild: &Guild, bot: UserId) -> Option<ChannelId> {
    let member = guild.members.get(&bot)?;
    let may_post = |id: &ChannelId| {
        guild.channels.get(id).is_some_and(|c| {
            matches!(c.kind, ChannelType::Text | ChannelType::News)
                && guild.user_permissions_in(c, member).contains(NEEDED)
        })
    };
    if let Some(system) = guild.system_channel_id.filter(|c| may_post(c)) {
        return Some(system);
    }
    let mut texts: Vec<_> = guild
        .channels
        .values()
        .filter(|c| matches!(c.kind, ChannelType::Text | ChannelType::News))
        .map(|c| (c.position, c.id))
        .collect();
    texts.sort_unstable();
    texts.into_iter().map(|(_, id)| id).find(|id| may_post(id))
}

/// The welcome's text in `locale`: the commands as mentions that open
/// them ([`command_mention`]; before the ids are known, as they are
/// registered in that language).
pub fn text(data: &Data, locale: Locale) -> String {
    let catalog = data.catalog();
    let args = Args::new()
        .set("challenge", command_mention(data, locale, "challenge"))
        .set("help", command_mention(data, locale, "help"));
    clip(&catalog.text(locale, id::WELCOME, &args))
}

/// A GUILD_CREATE: posts the welcome if the guild was joined just now
/// ([`is_new_join`]) and not welcomed yet by this process, in the
/// server's preferred language (English when the bot has not that one),
/// where it may ([`welcome_channel`]), pinging nobody.
///
/// # Errors
/// Discord refused the post (logged by the caller).
pub async fn on_guild_create(data: &Arc<Data>, guild: &Guild) -> Result<(), Error> {
    if !is_new_join(guild.joined_at, data.started) {
        return Ok(());
    }
    if !data.welcomed.lock().insert(guild.id.get()) {
        return Ok(());
    }
    let Some(bot) = data.bot_user() else {
        return Ok(());
    };
    let Some(channel) = welcome_channel(guild, UserId::new(bot.0)) else {
        tracing::info!(
            guild = guild.id.get(),
            "added to a server, but no channel to welcome it in"
        );
        return Ok(());
    };
    let locale = Locale::negotiate(&guild.preferred_locale);
    let message = CreateMessage::new()
        .content(text(data, locale))
        .allowed_mentions(mentions_only(&[]));
    data.rest
        .paced(
            Route::ChannelMessages {
                channel_id: channel,
            },
            |http| channel.send_message(http, message),
        )
        .await?;
    tracing::info!(
        guild = guild.id.get(),
        channel = channel.get(),
        "added to a server: welcome posted"
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    const GUILD: u64 = 1_200_000_000_000_000_000;
    const BOT: u64 = 1_100_000_000_000_000_001;
    const BOT_ROLE: u64 = 1_200_000_000_000_000_100;

    /// A text channel (or `kind`) at `position` with `overwrites`.
    fn channel(id: u64, kind: u8, position: u64, overwrites: Value) -> Value {
        json!({"id": id.to_string(), "type": kind, "guild_id": GUILD.to_string(),
               "name": format!("c{id}"), "position": position,
               "permission_overwrites": overwrites, "nsfw": false,
               "rate_limit_per_user": 0, "flags": 0, "parent_id": null,
               "topic": null, "last_message_id": null})
    }

    /// An overwrite of `target` (`type` 0 a role, 1 a member).
    fn overwrite(target: u64, kind: u8, allow: Permissions, deny: Permissions) -> Value {
        json!({"id": target.to_string(), "type": kind,
               "allow": allow.bits().to_string(), "deny": deny.bits().to_string()})
    }

    /// A GUILD_CREATE's guild as Discord sends it (the fields serenity
    /// 0.12 requires): `@everyone` may view and send, the bot's role adds
    /// nothing; `members` holds the bot's own only when `with_bot`.
    fn guild(system: Option<u64>, channels: Vec<Value>, with_bot: bool) -> Guild {
        let role = |id: u64, position: u64, bits: Permissions| {
            json!({"id": id.to_string(), "name": "r", "color": 0,
                   "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
                   "hoist": false,
                   "icon": null, "unicode_emoji": null, "position": position,
                   "permissions": bits.bits().to_string(), "managed": false,
                   "mentionable": false, "flags": 0})
        };
        let members = if with_bot {
            json!([{"user": {"id": BOT.to_string(), "username": "fourbot",
                             "discriminator": "0", "avatar": null, "bot": true},
                    "roles": [BOT_ROLE.to_string()], "joined_at": "2026-12-06T10:00:00+00:00",
                    "deaf": false, "mute": false, "flags": 0}])
        } else {
            json!([])
        };
        serde_json::from_value(json!({
            "id": GUILD.to_string(), "name": "a server", "owner_id": "1100000000000000009",
            "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": [role(GUILD, 0, NEEDED), role(BOT_ROLE, 1, Permissions::empty())],
            "emojis": [], "features": [], "mfa_level": 0,
            "system_channel_id": system.map(|s| s.to_string()),
            "system_channel_flags": 0, "premium_tier": 0, "preferred_locale": "de",
            "nsfw_level": 0, "premium_progress_bar_enabled": false, "stickers": [],
            "joined_at": "2026-12-06T10:00:00+00:00", "large": false, "member_count": 2,
            "members": members, "channels": channels, "threads": [], "voice_states": [],
            "presences": [], "stage_instances": [], "guild_scheduled_events": []
        }))
        .unwrap()
    }

    fn bot() -> UserId {
        UserId::new(BOT)
    }

    #[test]
    fn the_system_channel_first_when_the_bot_may_post_there() {
        let g = guild(
            Some(30),
            vec![channel(10, 0, 0, json!([])), channel(30, 0, 5, json!([]))],
            true,
        );
        assert_eq!(welcome_channel(&g, bot()), Some(ChannelId::new(30)));
    }

    #[test]
    fn else_the_first_text_channel_by_position_where_it_may() {
        let no_send = overwrite(
            BOT_ROLE,
            0,
            Permissions::empty(),
            Permissions::SEND_MESSAGES,
        );
        let hidden = overwrite(GUILD, 0, Permissions::empty(), Permissions::VIEW_CHANNEL);
        // The bot's own overwrite wins over @everyone's deny.
        let let_in = overwrite(BOT, 1, Permissions::VIEW_CHANNEL, Permissions::empty());
        let g = guild(
            Some(30),
            vec![
                channel(30, 0, 0, json!([no_send])),
                channel(11, 2, 1, json!([])),
                channel(12, 0, 2, json!([hidden.clone()])),
                channel(14, 0, 4, json!([])),
                channel(13, 0, 3, json!([hidden, let_in])),
            ],
            true,
        );
        assert_eq!(welcome_channel(&g, bot()), Some(ChannelId::new(13)));
    }

    #[test]
    fn nowhere_without_a_channel_or_the_bots_member_object() {
        let denied = overwrite(GUILD, 0, Permissions::empty(), Permissions::SEND_MESSAGES);
        let g = guild(None, vec![channel(10, 0, 0, json!([denied]))], true);
        assert_eq!(welcome_channel(&g, bot()), None);
        let g = guild(None, vec![channel(10, 0, 0, json!([]))], false);
        assert_eq!(welcome_channel(&g, bot()), None);
    }

    #[test]
    fn only_a_guild_joined_after_the_start_is_new() {
        let at = |s: i64| Timestamp::from_unix_timestamp(s).unwrap();
        assert!(is_new_join(at(1_000_001), at(1_000_000)));
        assert!(!is_new_join(at(1_000_000), at(1_000_000)));
        assert!(!is_new_join(at(999_999), at(1_000_000)));
    }
}
