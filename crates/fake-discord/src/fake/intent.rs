//! Gateway intents (`developers/events/gateway.mdx`, "List of Intents").

/// `GUILDS` (1 << 0).
pub const GUILDS: u64 = 1 << 0;
/// `GUILD_MEMBERS` (1 << 1), privileged.
pub const GUILD_MEMBERS: u64 = 1 << 1;
/// `GUILD_PRESENCES` (1 << 8), privileged.
pub const GUILD_PRESENCES: u64 = 1 << 8;
/// `GUILD_MESSAGES` (1 << 9): `MESSAGE_CREATE` and friends in guilds.
pub const GUILD_MESSAGES: u64 = 1 << 9;
/// `DIRECT_MESSAGES` (1 << 12): `MESSAGE_CREATE` and friends in DMs.
pub const DIRECT_MESSAGES: u64 = 1 << 12;
/// `MESSAGE_CONTENT` (1 << 15), privileged.
pub const MESSAGE_CONTENT: u64 = 1 << 15;
/// The privileged ones (`developers/events/gateway.mdx`, "Privileged
/// Intents").
pub const PRIVILEGED: u64 = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT;

/// The application flags that show a privileged intent switched on in the
/// developer portal (`developers/resources/application.mdx`, "Application
/// Flags"): `GATEWAY_PRESENCE` (1 << 12), `GATEWAY_GUILD_MEMBERS`
/// (1 << 14), `GATEWAY_MESSAGE_CONTENT` (1 << 18) for a verified app;
/// their `_LIMITED` forms (1 << 13, 1 << 15, 1 << 19) for an app in fewer
/// than 100 servers, whose switch in the portal sets them.
pub const APP_FLAGS: [(u64, u64, u64); 3] = [
    (GUILD_PRESENCES, 1 << 12, 1 << 13),
    (GUILD_MEMBERS, 1 << 14, 1 << 15),
    (MESSAGE_CONTENT, 1 << 18, 1 << 19),
];

/// The application's `flags` when the privileged intents `enabled` are
/// switched on: the `_LIMITED` flag of each (the fake's application is
/// in fewer than 100 servers).
pub fn application_flags(enabled: u64) -> u64 {
    APP_FLAGS
        .iter()
        .filter(|(intent, _, _)| enabled & intent != 0)
        .fold(0, |flags, (_, _, limited)| flags | limited)
}
