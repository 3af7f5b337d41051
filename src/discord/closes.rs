//! Gateway closes the bot cannot resume from.
//!
//! Discord closes a gateway session it will not continue with a code
//! (discord-api-docs `topics/opcodes-and-status-codes`, "Gateway Close
//! Event Codes"): 4004 authentication failed, 4010 invalid shard, 4011
//! sharding required, 4012 invalid API version, 4013 invalid intents, 4014
//! disallowed intents — none may be resumed or simply reconnected.
//! serenity 0.12.5 returns 4004, 4013 and 4014 from `Client::start`; after
//! 4010 and 4011 its shard runner keeps polling the closed socket (100 %
//! of a core, and its shutdown then loops on it too, without yielding, so
//! that the runtime's timers may stop), and after 4012 it reconnects for
//! ever (`gateway/shard.rs`, `handle_gateway_closed`;
//! `gateway/bridge/shard_runner.rs`, `recv_event`, `checked_shutdown`).
//! So the bot's gateway connections go through a relay of its own
//! ([`super::relay`]) that takes those three codes off the wire, reports
//! them as a [`FatalClose`], and lets serenity see a plain close it
//! handles.

/// A fatal close of one shard's session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FatalClose {
    /// The close code.
    pub code: u16,
    /// The shard whose session was closed, when its IDENTIFY named it.
    pub shard: Option<u32>,
}

impl FatalClose {
    /// What the code means, for the operator's one line.
    pub fn meaning(&self) -> &'static str {
        meaning(self.code)
    }
}

/// The close codes serenity 0.12.5 cannot act on (see the module's
/// documentation): the relay takes them off the wire.
pub const MISHANDLED: [u16; 3] = [4010, 4011, 4012];

/// Every close code of the module's documentation: none is an outage (the
/// relay's backoff does not count them; the bot acts on each).
pub const FATAL: [u16; 6] = [4004, 4010, 4011, 4012, 4013, 4014];

/// What close `code` means (the page in the module's documentation).
pub fn meaning(code: u16) -> &'static str {
    match code {
        4004 => "authentication failed: the token is not valid",
        4010 => "invalid shard: the shard number is not below the number of shards",
        4011 => "sharding required: a session would hold too many guilds (more than 2,500)",
        4012 => "invalid API version",
        4013 => "invalid intents",
        4014 => {
            "disallowed intents: a privileged intent is not switched on in the developer portal"
        }
        _ => "a close the bot cannot resume from",
    }
}
