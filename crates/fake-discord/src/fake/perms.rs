//! Channels as the fake knows them — their Discord type, their guild, the
//! bot's permissions there, a thread's parent and metadata — and the
//! permission checks of the REST routes.
//!
//! Sources: discord-api-docs `developers/topics/permissions.mdx` (the bits),
//! `developers/resources/channel.mdx` (channel types, Modify Channel's thread
//! rules, Start Thread from Message), `developers/topics/threads.mdx`
//! (threads inherit their parent's permissions; Send Messages has no effect
//! in threads; locked and archived threads), `developers/resources/message.mdx`
//! (Create/Edit/Get/Delete Message limitations).

use serde_json::{json, Value};

use super::ids::BOT_ID;

/// Permission bits (`developers/topics/permissions.mdx`, "Bitwise
/// Permission Flags"). Only the ones the fake checks or hands out.
pub mod perm {
    /// Allows creation of instant invites.
    pub const CREATE_INSTANT_INVITE: u64 = 1 << 0;
    /// Allows all permissions and bypasses channel permission overwrites.
    pub const ADMINISTRATOR: u64 = 1 << 3;
    /// Allows management and editing of channels.
    pub const MANAGE_CHANNELS: u64 = 1 << 4;
    /// Allows management and editing of the guild.
    pub const MANAGE_GUILD: u64 = 1 << 5;
    /// Allows for adding new reactions to messages.
    pub const ADD_REACTIONS: u64 = 1 << 6;
    /// Allows guild members to view a channel.
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    /// Allows for sending messages in a channel and creating threads in a
    /// forum (does not allow sending messages in threads).
    pub const SEND_MESSAGES: u64 = 1 << 11;
    /// Allows for sending of `/tts` messages.
    pub const SEND_TTS_MESSAGES: u64 = 1 << 12;
    /// Allows for deletion of other users' messages.
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    /// Links sent by users with this permission will be auto-embedded (and
    /// a bot needs it to send embeds).
    pub const EMBED_LINKS: u64 = 1 << 14;
    /// Allows for uploading images and files.
    pub const ATTACH_FILES: u64 = 1 << 15;
    /// Allows for reading of message history.
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    /// Allows for using the `@everyone` tag.
    pub const MENTION_EVERYONE: u64 = 1 << 17;
    /// Allows the usage of custom emojis from other servers.
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    /// Allows for joining of a voice channel.
    pub const CONNECT: u64 = 1 << 20;
    /// Allows for deleting and archiving threads, and viewing all private
    /// threads.
    pub const MANAGE_THREADS: u64 = 1 << 34;
    /// Allows for creating public and announcement threads.
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    /// Allows for creating private threads.
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    /// Allows for sending messages in threads.
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

    /// The names of the bits above, for messages and reports.
    pub const NAMES: &[(u64, &str)] = &[
        (CREATE_INSTANT_INVITE, "CREATE_INSTANT_INVITE"),
        (ADMINISTRATOR, "ADMINISTRATOR"),
        (MANAGE_CHANNELS, "MANAGE_CHANNELS"),
        (MANAGE_GUILD, "MANAGE_GUILD"),
        (ADD_REACTIONS, "ADD_REACTIONS"),
        (VIEW_CHANNEL, "VIEW_CHANNEL"),
        (SEND_MESSAGES, "SEND_MESSAGES"),
        (SEND_TTS_MESSAGES, "SEND_TTS_MESSAGES"),
        (MANAGE_MESSAGES, "MANAGE_MESSAGES"),
        (EMBED_LINKS, "EMBED_LINKS"),
        (ATTACH_FILES, "ATTACH_FILES"),
        (READ_MESSAGE_HISTORY, "READ_MESSAGE_HISTORY"),
        (MENTION_EVERYONE, "MENTION_EVERYONE"),
        (USE_EXTERNAL_EMOJIS, "USE_EXTERNAL_EMOJIS"),
        (CONNECT, "CONNECT"),
        (MANAGE_THREADS, "MANAGE_THREADS"),
        (CREATE_PUBLIC_THREADS, "CREATE_PUBLIC_THREADS"),
        (CREATE_PRIVATE_THREADS, "CREATE_PRIVATE_THREADS"),
        (SEND_MESSAGES_IN_THREADS, "SEND_MESSAGES_IN_THREADS"),
    ];

    /// The bot's permissions in every channel unless a test changes them:
    /// exactly the invite of docs/discord.md ("Invite", with Manage
    /// Threads: `326417615872` = View Channels, Send Messages, Attach
    /// Files, Read Message History, Manage Threads, Create Public Threads,
    /// Send Messages in Threads). No Embed Links, no Manage Messages, no
    /// Administrator.
    pub const BOT_DEFAULT: u64 = VIEW_CHANNEL
        | SEND_MESSAGES
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | MANAGE_THREADS
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;

    /// What the `@everyone` role of every fake guild allows (a subset of
    /// [`BOT_DEFAULT`], so that a channel with the bot's default
    /// permissions needs no overwrite): what a server typically lets
    /// every member do in text channels.
    pub const EVERYONE: u64 = VIEW_CHANNEL
        | SEND_MESSAGES
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;

    /// The bot's permissions at the guild level: `@everyone`'s and its
    /// own managed role's ([`BOT_DEFAULT`], what the invite asked for).
    pub const GUILD_LEVEL: u64 = EVERYONE | BOT_DEFAULT;
}

/// Channel types (`developers/resources/channel.mdx`, "Channel Types").
pub mod kind {
    /// A text channel within a server.
    pub const GUILD_TEXT: u8 = 0;
    /// A direct message between users.
    pub const DM: u8 = 1;
    /// A voice channel within a server.
    pub const GUILD_VOICE: u8 = 2;
    /// An organizational category.
    pub const GUILD_CATEGORY: u8 = 4;
    /// An announcement channel.
    pub const GUILD_ANNOUNCEMENT: u8 = 5;
    /// A thread within an announcement channel.
    pub const ANNOUNCEMENT_THREAD: u8 = 10;
    /// A thread within a text or forum channel.
    pub const PUBLIC_THREAD: u8 = 11;
    /// A private thread within a text channel.
    pub const PRIVATE_THREAD: u8 = 12;
    /// A stage channel.
    pub const GUILD_STAGE_VOICE: u8 = 13;
    /// A channel that can only contain threads.
    pub const GUILD_FORUM: u8 = 15;
    /// A channel that can only contain threads, like a forum.
    pub const GUILD_MEDIA: u8 = 16;

    /// Whether `k` is a thread type (10, 11, 12).
    pub fn is_thread(k: u8) -> bool {
        matches!(k, ANNOUNCEMENT_THREAD | PUBLIC_THREAD | PRIVATE_THREAD)
    }
}

/// One channel the fake knows.
#[derive(Clone, Debug)]
pub struct Channel {
    /// Snowflake.
    pub id: u64,
    /// Its type ([`kind`]).
    pub kind: u8,
    /// Its guild.
    pub guild: u64,
    /// For a thread: the channel it was created in.
    pub parent: Option<u64>,
    /// Its name.
    pub name: String,
    /// For a thread: who started it.
    pub owner: Option<u64>,
    /// For a thread: archived.
    pub archived: bool,
    /// For a thread: locked (only Manage Threads may unarchive it, create
    /// or edit messages in it).
    pub locked: bool,
    /// For a thread: `auto_archive_duration` in minutes.
    pub auto_archive: u64,
    /// For a non-thread channel: the bot's permissions there (threads
    /// inherit their parent's: `developers/topics/threads.mdx`,
    /// "Permissions").
    pub bot_permissions: u64,
    /// For a DM channel ([`kind::DM`]): the user the bot writes to.
    pub recipient: Option<u64>,
    /// Its `position` among the guild's channels (Discord's sort order in
    /// the channel list).
    pub position: u64,
}

impl Channel {
    /// A guild channel of `kind` with the bot's default permissions.
    pub fn new(id: u64, kind: u8, guild: u64, name: &str) -> Channel {
        Channel {
            id,
            kind,
            guild,
            parent: None,
            name: name.to_string(),
            owner: None,
            archived: false,
            locked: false,
            auto_archive: 1440,
            bot_permissions: perm::BOT_DEFAULT,
            recipient: None,
            position: 0,
        }
    }

    /// The DM channel `id` between the bot and `user` (no guild; the
    /// bot may send there: DMs have no permission overwrites).
    pub fn dm(id: u64, user: u64) -> Channel {
        let mut c = Channel::new(id, kind::DM, 0, "");
        c.recipient = Some(user);
        c
    }

    /// Whether this is a thread.
    pub fn is_thread(&self) -> bool {
        kind::is_thread(self.kind)
    }

    /// The channel as Discord's API returns it (parses as serenity's
    /// `GuildChannel`).
    pub fn json(&self) -> Value {
        if let Some(user) = self.recipient {
            // A DM channel (`developers/resources/channel.mdx`, "Example
            // DM Channel"): parses as serenity's `PrivateChannel`.
            return json!({
                "id": self.id.to_string(), "type": kind::DM, "last_message_id": null,
                "flags": 0,
                "recipients": [{"id": user.to_string(), "username": format!("user{user}"),
                    "discriminator": "0", "global_name": null, "avatar": null}],
            });
        }
        let mut v = json!({
            "id": self.id.to_string(), "type": self.kind, "guild_id": self.guild.to_string(),
            "name": self.name, "position": self.position,
            "permission_overwrites": self.overwrites(), "nsfw": false,
            "rate_limit_per_user": 0, "flags": 0,
            "parent_id": self.parent.map(|p| p.to_string()),
        });
        if self.is_thread() {
            v["owner_id"] = json!(self.owner.unwrap_or(BOT_ID).to_string());
            v["thread_metadata"] = json!({
                "archived": self.archived, "auto_archive_duration": self.auto_archive,
                "archive_timestamp": "2024-01-01T00:00:00.000000+00:00", "locked": self.locked
            });
            v["message_count"] = json!(0);
            v["member_count"] = json!(1);
        } else {
            v["topic"] = Value::Null;
            v["last_message_id"] = Value::Null;
        }
        v
    }
}

impl Channel {
    /// The channel's `permission_overwrites` (`developers/resources/channel.mdx`,
    /// "Overwrite Object"), from which Discord's algorithm
    /// (`developers/topics/permissions.mdx`, "Permission Overwrites":
    /// the guild-level permissions of `@everyone` and the member's roles,
    /// then the overwrites of `@everyone`, the roles, the member) gives
    /// the bot exactly [`Channel::bot_permissions`]: one member overwrite
    /// for the bot allowing what its roles do not give
    /// ([`perm::GUILD_LEVEL`]) and denying what they give beyond; none
    /// when nothing differs. Threads have none (they take their parent's:
    /// `developers/topics/threads.mdx`, "Permissions").
    pub fn overwrites(&self) -> Value {
        if self.is_thread() || self.recipient.is_some() {
            return json!([]);
        }
        let allow = self.bot_permissions & !perm::GUILD_LEVEL;
        let deny = perm::GUILD_LEVEL & !self.bot_permissions;
        if allow == 0 && deny == 0 {
            return json!([]);
        }
        json!([{"id": BOT_ID.to_string(), "type": 1,
                "allow": allow.to_string(), "deny": deny.to_string()}])
    }
}

/// A guild as the fake knows it beyond its id: what `GET /guilds/{id}`
/// and `GUILD_CREATE` say of it.
#[derive(Clone, Debug)]
pub struct Guild {
    /// Its name.
    pub name: String,
    /// Its `preferred_locale` (Discord's locale code, `en-US` by default).
    pub preferred_locale: String,
    /// Its `system_channel_id`: where Discord posts its own notices
    /// (and a bot's welcome usually goes).
    pub system_channel: Option<u64>,
    /// When the bot joined it (`joined_at` of `GUILD_CREATE`, ISO 8601).
    pub joined_at: String,
}

impl Guild {
    /// A guild named `name` with locale `locale`, joined by the bot long
    /// ago (2024-01-01), without a system channel.
    pub fn new(name: &str, locale: &str) -> Guild {
        Guild {
            name: name.to_string(),
            preferred_locale: locale.to_string(),
            system_channel: None,
            joined_at: "2024-01-01T00:00:00.000000+00:00".to_string(),
        }
    }
}

/// The id of the bot's managed role in `guild` (the role Discord creates
/// for a bot added with permissions; `developers/topics/permissions.mdx`,
/// "Role Object", `tags.bot_id`).
pub fn bot_role(guild: u64) -> u64 {
    guild + 100
}

/// The guild's owner (who has every permission): never the bot.
pub const OWNER: u64 = super::ids::MONA.id;

/// The names of the permission bits in `bits`, e.g. `SEND_MESSAGES |
/// ATTACH_FILES`.
pub fn names(bits: u64) -> String {
    let v: Vec<&str> = perm::NAMES
        .iter()
        .filter(|(b, _)| bits & b != 0)
        .map(|(_, n)| *n)
        .collect();
    v.join(" | ")
}
