//! The fixed ids of the tests — the bot, the guilds, the channels, the
//! users — and the time a snowflake carries (discord-api-docs
//! `developers/reference.mdx`, "Snowflakes").

use std::time::Duration;

/// The bot's user id (also its application id).
pub const BOT_ID: u64 = 900_000_000_000_000_001;
/// The guild of every test.
pub const GUILD_ID: u64 = 500_000_000_000_000_001;
/// The channel where challenges are posted (a text channel of
/// [`GUILD_ID`]).
pub const CHANNEL_ID: u64 = 600_000_000_000_000_001;

/// A user of the tests.
#[derive(Clone, Copy, Debug)]
pub struct TestUser {
    /// Snowflake.
    pub id: u64,
    /// User name.
    pub name: &'static str,
}

/// Alice.
pub const ALICE: TestUser = TestUser {
    id: 100_000_000_000_000_001,
    name: "alice",
};
/// Bob.
pub const BOB: TestUser = TestUser {
    id: 100_000_000_000_000_002,
    name: "bob",
};
/// Carol, a spectator (or a third player).
pub const CAROL: TestUser = TestUser {
    id: 100_000_000_000_000_003,
    name: "carol",
};
/// Dave, a fourth player (teams).
pub const DAVE: TestUser = TestUser {
    id: 100_000_000_000_000_004,
    name: "dave",
};

/// Another bot on the server (not fourbot): challenges to it are refused.
pub const OTHER_BOT: TestUser = TestUser {
    id: 100_000_000_000_000_077,
    name: "otherbot",
};

/// A second guild (rating pools are per server).
pub const GUILD_2: u64 = 500_000_000_000_000_002;
/// A text channel of [`GUILD_2`].
pub const CHANNEL_2: u64 = 600_000_000_000_000_002;

/// Mona, a moderator (Manage Server).
pub const MONA: TestUser = TestUser {
    id: 100_000_000_000_000_009,
    name: "mona",
};

/// Discord's epoch (2015-01-01) in ms since 1970: snowflakes count from it
/// (`reference`, "Snowflakes").
pub(super) const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// ms since 1970, now.
pub(super) fn unix_ms_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// How old the snowflake `id` is (its time is in its top 42 bits).
pub fn snowflake_age(id: u64) -> Duration {
    Duration::from_millis(unix_ms_now().saturating_sub((id >> 22) + DISCORD_EPOCH_MS))
}
