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
