//! The JSON of Discord's objects and events as the tests push them (users,
//! members, messages, interactions, threads, READY) and as the REST routes
//! answer with them (the bot's user, the application, registered
//! commands).

use serde_json::{json, Value};

use super::ids::{TestUser, ALICE, BOT_ID, CHANNEL_ID, GUILD_ID, MONA, OTHER_BOT};
use super::perms::{bot_role, kind, perm, Channel, Guild, OWNER};
use super::validate::DEFAULT_UPLOAD_LIMIT;

/// A user as Discord's API returns it.
pub fn user_json(u: TestUser) -> Value {
    json!({"id": u.id.to_string(), "username": u.name, "discriminator": "0",
           "global_name": u.name, "avatar": null, "bot": u.id == OTHER_BOT.id})
}

/// `payload` (an interaction) as sent from `guild`.
pub fn in_guild(mut payload: Value, guild: u64) -> Value {
    payload["guild_id"] = json!(guild.to_string());
    payload
}

/// `payload` (an interaction of `user`'s, made with the channel
/// `FakeDiscord::dm_channel` of `user`) as sent from the bot's DM with them
/// (`developers/interactions/receiving-and-responding.mdx`, "Interaction
/// Object"): no `guild_id`, `guild_locale` nor `member`, the `user`
/// instead; `FakeDiscord::dispatch` sets its context to BOT_DM. Discord sends it for a command a registration
/// allows in DMs — this bot's registers for servers only (`contexts`
/// `[0]`), but a registration of an older version (before `contexts`,
/// `dm_permission` defaulted to true) stays until the bot's replaces it.
pub fn in_dm(mut payload: Value, user: TestUser) -> Value {
    if let Some(o) = payload.as_object_mut() {
        for key in ["guild_id", "guild_locale", "member"] {
            o.remove(key);
        }
        o.insert("user".to_string(), user_json(user));
    }
    payload
}

/// The bot's user.
pub fn bot_json() -> Value {
    json!({"id": BOT_ID.to_string(), "username": "fourbot", "discriminator": "0",
           "global_name": null, "avatar": null, "bot": true})
}

/// The permissions Discord resolves for `u` in the channel: everything for
/// [`MONA`]; View Channel, Send Messages, threads and history for others.
fn permissions(u: TestUser) -> &'static str {
    if u.id == MONA.id {
        "2147483647"
    } else {
        "309237713920"
    }
}

fn member_json(u: TestUser) -> Value {
    json!({"user": user_json(u), "roles": [], "deaf": false, "mute": false, "flags": 0,
           "joined_at": "2024-01-01T00:00:00.000000+00:00", "nick": null,
           "permissions": permissions(u)})
}

/// The payload of a message as Discord sends it.
pub fn message_json(id: u64, channel: u64, author: Value, content: &str) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": author,
        "content": content, "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": false, "type": 0, "components": [], "flags": 0
    })
}

/// READY for the bot's session of shard `(id, num_shards)`, with `guilds`
/// (those of the shard) unavailable, as Discord sends them before their
/// GUILD_CREATE.
pub fn ready_json(port: u16, (id, num_shards): (u32, u32), guilds: &[u64]) -> Value {
    let guilds: Vec<Value> = guilds
        .iter()
        .map(|g| json!({"id": g.to_string(), "unavailable": true}))
        .collect();
    json!({
        "v": 10, "user": bot_json(), "guilds": guilds,
        "session_id": format!("fake-session-{id}-{num_shards}"),
        "resume_gateway_url": format!("ws://127.0.0.1:{port}/gateway"),
        "shard": [id, num_shards],
        "application": {"id": BOT_ID.to_string(), "flags": 0}, "private_channels": [], "presences": []
    })
}

fn interaction_base(kind: u8, id: u64, user: TestUser, channel: u64, locale: &str) -> Value {
    json!({
        "id": id.to_string(), "application_id": BOT_ID.to_string(), "type": kind,
        "token": format!("token-{id}"), "version": 1, "guild_id": GUILD_ID.to_string(),
        "channel_id": channel.to_string(), "member": member_json(user), "locale": locale,
        "guild_locale": "en-US", "entitlements": [], "attachment_size_limit": DEFAULT_UPLOAD_LIMIT,
        // Filled in by `FakeDiscord::dispatch` from the channel.
        "app_permissions": "0"
    })
}

/// A slash command `/name` with options `(name, type, value)`; user options
/// (type 6) are resolved from `users`, channel options (type 7) by
/// [`FakeDiscord::dispatch`](super::FakeDiscord::dispatch) from the channels it knows.
pub fn slash_command_json(
    id: u64,
    user: TestUser,
    channel: u64,
    name: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> Value {
    let mut v = interaction_base(2, id, user, channel, "en-US");
    let resolved_users: serde_json::Map<String, Value> = users
        .iter()
        .map(|u| (u.id.to_string(), user_json(*u)))
        .collect();
    let resolved_channels: serde_json::Map<String, Value> = options
        .iter()
        .filter(|(_, t, _)| *t == 7)
        .map(|(_, _, id)| {
            let id = id.as_str().unwrap_or("0").to_string();
            (
                id.clone(),
                json!({"id": id, "name": "matches", "type": 0, "permissions": "0"}),
            )
        })
        .collect();
    v["data"] = json!({
        "id": "1", "name": name, "type": 1,
        "options": options.iter().map(|(n, t, val)| json!({"name": n, "type": t, "value": val})).collect::<Vec<_>>(),
        "resolved": {"users": resolved_users, "channels": resolved_channels}
    });
    v
}

/// A subcommand `/name sub` with options `(name, type, value)`; user
/// options are resolved from `users`.
pub fn subcommand_json(
    id: u64,
    user: TestUser,
    channel: u64,
    name: &str,
    sub: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> Value {
    let mut v = slash_command_json(id, user, channel, name, options, users);
    let inner = v["data"]["options"].take();
    v["data"]["options"] = json!([{"name": sub, "type": 1, "options": inner}]);
    v
}

/// An autocomplete request of `/challenge` while typing `partial` into its
/// `time` option.
pub fn autocomplete_time_json(id: u64, user: TestUser, opponent: TestUser, partial: &str) -> Value {
    let mut v = interaction_base(4, id, user, CHANNEL_ID, "en-US");
    v["data"] = json!({
        "id": "1", "name": "challenge", "type": 1,
        "options": [
            {"name": "opponent", "type": 6, "value": opponent.id.to_string()},
            {"name": "time", "type": 3, "value": partial, "focused": true}
        ]
    });
    v
}

/// A button press on `message` (its full payload) with `custom_id`, from
/// the message's guild (its `guild_id`; [`GUILD_ID`] if it has none).
pub fn button_press_json(
    id: u64,
    user: TestUser,
    message: &Value,
    custom_id: &str,
    locale: &str,
) -> Value {
    let channel: u64 = message["channel_id"].as_str().unwrap().parse().unwrap();
    let mut v = interaction_base(3, id, user, channel, locale);
    // A press comes from the message's guild (a message the fake keeps
    // names it).
    if let Some(g) = message.get("guild_id").filter(|g| g.is_string()) {
        v["guild_id"] = g.clone();
    }
    v["data"] = json!({"custom_id": custom_id, "component_type": 2});
    v["message"] = message.clone();
    v
}

/// `user` runs the user command `name` (a member's Apps menu) on `target`
/// in `channel`: an application command interaction of type 2 (`USER`)
/// with `target_id` and the target resolved as a user and a member
/// (developers/interactions/application-commands, "User Commands").
pub fn user_command_json(
    id: u64,
    user: TestUser,
    channel: u64,
    name: &str,
    target: TestUser,
) -> Value {
    let mut v = interaction_base(2, id, user, channel, "en-US");
    let mut member = member_json(target);
    member.as_object_mut().unwrap().remove("user");
    v["data"] = json!({
        "id": "2", "name": name, "type": 2, "target_id": target.id.to_string(),
        "resolved": {
            "users": {target.id.to_string(): user_json(target)},
            "members": {target.id.to_string(): member}
        }
    });
    v
}

/// A choice of `values` by `user` in the string select `custom_id` of
/// `message` (a component interaction, `component_type` 3, with the
/// chosen options' values: developers/interactions/receiving-and-responding,
/// "Message Component Data Structure").
///
/// # Panics
/// When `message` has no such select or a value is none of its options:
/// Discord's client sends only what the menu offers.
pub fn select_json(
    id: u64,
    user: TestUser,
    message: &Value,
    custom_id: &str,
    values: &[&str],
    locale: &str,
) -> Value {
    let select = message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .find(|c| c["type"] == 3 && c["custom_id"] == custom_id)
        .unwrap_or_else(|| panic!("no select {custom_id} in {message}"));
    for v in values {
        let offered = select["options"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|o| o["value"] == *v);
        assert!(offered, "{v} is not an option of {select}");
    }
    let min = select["min_values"].as_u64().unwrap_or(1) as usize;
    let max = select["max_values"].as_u64().unwrap_or(1) as usize;
    assert!(
        (min..=max).contains(&values.len()),
        "{} values where {select} takes {min} to {max}",
        values.len()
    );
    let mut v = button_press_json(id, user, message, custom_id, locale);
    v["data"] = json!({"custom_id": custom_id, "component_type": 3, "values": values});
    v
}

/// A message typed by `user` in `channel` (a guild channel of
/// [`GUILD_ID`]).
pub fn message_create_json(id: u64, user: TestUser, channel: u64, content: &str) -> Value {
    let mut v = message_json(id, channel, user_json(user), content);
    v["guild_id"] = json!(GUILD_ID.to_string());
    let mut member = member_json(user);
    member.as_object_mut().unwrap().remove("user");
    v["member"] = member;
    v
}

/// `typed` (a [`message_create_json`]) as a reply to `to` (a message
/// payload): `type` 19, `message_reference` and `referenced_message`
/// (`developers/resources/message.mdx`, "Message Reference Object"); with
/// `ping` (the client's default) the replied-to author is in `mentions`.
pub fn reply_to(mut typed: Value, to: &Value, ping: bool) -> Value {
    typed["type"] = json!(19);
    typed["message_reference"] = json!({"type": 0, "message_id": to["id"],
        "channel_id": to["channel_id"], "guild_id": typed["guild_id"]});
    typed["referenced_message"] = to.clone();
    if ping {
        typed["mentions"]
            .as_array_mut()
            .expect("mentions")
            .push(to["author"].clone());
    }
    typed
}

/// `typed` (a [`message_create_json`]) mentioning the bot: `<@BOT_ID>`
/// before the text and the bot in `mentions`.
pub fn mentioning_bot(mut typed: Value) -> Value {
    let text = typed["content"].as_str().unwrap_or("").to_string();
    typed["content"] = json!(format!("<@{BOT_ID}> {text}"));
    typed["mentions"]
        .as_array_mut()
        .expect("mentions")
        .push(bot_json());
    typed
}

/// A public thread of `parent` started by the bot.
pub fn thread_json(id: u64, parent: u64, name: &str, archived: bool) -> Value {
    let mut c = Channel::new(id, kind::PUBLIC_THREAD, GUILD_ID, name);
    c.parent = Some(parent);
    c.owner = Some(BOT_ID);
    c.archived = archived;
    c.json()
}

/// The application as `GET /oauth2/applications/@me` returns it, every
/// privileged intent switched on (the fake's default; its routes set
/// `flags` from [`FakeDiscord::set_privileged_intents`](super::FakeDiscord::set_privileged_intents)).
pub fn application_json() -> Value {
    json!({
        "id": BOT_ID.to_string(), "name": "fourbot", "icon": null, "description": "",
        "bot_public": true, "bot_require_code_grant": false, "verify_key": "00",
        "owner": user_json(ALICE), "team": null,
        "flags": super::intent::application_flags(super::intent::PRIVILEGED)
    })
}

/// The reply to a command registration: the commands with ids.
pub fn commands_reply(body: &Value) -> Value {
    Value::Array(
        body.as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .enumerate()
            .map(|(i, mut c)| {
                c["id"] = json!((800 + i).to_string());
                c["application_id"] = json!(BOT_ID.to_string());
                c["version"] = json!("1");
                if c.get("type").is_none() {
                    c["type"] = json!(1);
                }
                if c.get("default_member_permissions").is_none() {
                    c["default_member_permissions"] = Value::Null;
                }
                // Always in Discord's answer: an empty string for `USER`
                // and `MESSAGE` commands (application-commands.mdx,
                // "Application Command Object").
                if c.get("description").is_none_or(Value::is_null) {
                    c["description"] = json!("");
                }
                c
            })
            .collect(),
    )
}

/// The guild `id` as `GET /guilds/{id}` returns it
/// (`developers/resources/guild.mdx`, "Guild Object"; parses as
/// serenity's `PartialGuild`): its roles are `@everyone` (id = the
/// guild's, [`perm::EVERYONE`]) and the bot's managed role
/// ([`bot_role`], [`perm::BOT_DEFAULT`]).
pub fn guild_json(id: u64, g: &Guild) -> Value {
    let role = |rid: u64, name: &str, bits: u64, position: u64, managed: bool| {
        let mut r = json!({
            "id": rid.to_string(), "name": name, "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false, "icon": null, "unicode_emoji": null, "position": position,
            "permissions": bits.to_string(), "managed": managed, "mentionable": false,
            "flags": 0
        });
        if managed {
            r["tags"] = json!({"bot_id": BOT_ID.to_string()});
        }
        r
    };
    json!({
        "id": id.to_string(), "name": g.name, "icon": null, "icon_hash": null,
        "splash": null, "discovery_splash": null, "owner_id": OWNER.to_string(),
        "afk_channel_id": null, "afk_timeout": 300, "widget_enabled": false,
        "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(id, "@everyone", perm::EVERYONE, 0, false),
                  role(bot_role(id), "fourbot", perm::BOT_DEFAULT, 1, true)],
        "emojis": [], "features": [], "mfa_level": 0, "application_id": null,
        "system_channel_id": g.system_channel.map(|c| c.to_string()),
        "system_channel_flags": 0, "rules_channel_id": null, "vanity_url_code": null,
        "description": null, "banner": null, "premium_tier": 0,
        "preferred_locale": g.preferred_locale, "public_updates_channel_id": null,
        "nsfw_level": 0, "stickers": [], "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null
    })
}

/// The bot's member object in `guild` (`developers/resources/guild.mdx`,
/// "Guild Member Object"): its managed role, joined at `joined_at`.
pub fn bot_member_json(guild: u64, joined_at: &str) -> Value {
    json!({"user": bot_json(), "nick": null, "avatar": null,
           "roles": [bot_role(guild).to_string()], "joined_at": joined_at,
           "premium_since": null, "deaf": false, "mute": false, "flags": 0,
           "pending": false})
}

/// One guild of `GET /users/@me/guilds` (`developers/resources/user.mdx`,
/// "Get Current User Guilds": a partial guild with the bot's
/// guild-level `permissions`, [`perm::GUILD_LEVEL`]).
pub fn partial_guild_json(guild: u64, name: &str) -> Value {
    json!({"id": guild.to_string(), "name": name, "icon": null, "banner": null,
           "owner": false, "permissions": perm::GUILD_LEVEL.to_string(), "features": []})
}

/// `GUILD_CREATE` for `guild` (`developers/events/gateway-events.mdx`,
/// "Guild Create"): the guild object with `joined_at`, its `channels`
/// (not its threads: `threads` holds the active ones, none here), and as
/// `members` only the bot's own ("If your bot does not have the
/// GUILD_PRESENCES Gateway Intent … members and presences returned in
/// this event will only contain your bot and users in voice channels").
pub fn guild_create_json<'a>(
    guild: u64,
    g: &Guild,
    channels: impl IntoIterator<Item = &'a Channel>,
) -> Value {
    let mut d = guild_json(guild, g);
    let channels: Vec<Value> = channels.into_iter().map(Channel::json).collect();
    d["joined_at"] = json!(g.joined_at);
    d["large"] = json!(false);
    d["unavailable"] = json!(false);
    d["member_count"] = json!(2);
    d["members"] = json!([bot_member_json(guild, &g.joined_at)]);
    d["channels"] = json!(channels);
    for empty in [
        "threads",
        "voice_states",
        "presences",
        "stage_instances",
        "guild_scheduled_events",
        "soundboard_sounds",
    ] {
        d[empty] = json!([]);
    }
    d
}
