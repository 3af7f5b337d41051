//! Gateway closes the bot cannot resume from, made visible.
//!
//! Discord closes a gateway session it will not continue with a code
//! (discord-api-docs `topics/opcodes-and-status-codes`, "Gateway Close
//! Event Codes"): 4004 authentication failed, 4010 invalid shard, 4011
//! sharding required, 4012 invalid API version, 4013 invalid intents, 4014
//! disallowed intents — none may be resumed or simply reconnected.
//! serenity 0.12.5 returns 4004, 4013 and 4014 from `Client::start`, but
//! after 4010 and 4011 its shard runner keeps polling the closed socket
//! (100 % of a core, without a word above its debug log), and it reconnects
//! after 4012 for ever (`gateway/shard.rs`, `handle_gateway_closed`;
//! `gateway/bridge/shard_runner.rs`, `recv_event`). It does log each of
//! them, though, in `serenity::gateway::shard`: [`FatalCloses`] is a
//! tracing layer that reads those lines and hands the code and the shard
//! to the bot ([`take_receiver`]), which says so in one line and acts
//! (`super::run`).

use std::sync::{Mutex, OnceLock};

use tokio::sync::mpsc;
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::layer::Context;
use tracing_subscriber::Layer;

/// A fatal close of one shard's session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FatalClose {
    /// The close code (4010, 4011 or 4012).
    pub code: u16,
    /// The shard whose session was closed, when the line named it.
    pub shard: Option<u32>,
}

impl FatalClose {
    /// What the code means, for the operator's one line.
    pub fn meaning(&self) -> &'static str {
        meaning(self.code)
    }
}

/// What close `code` means (the page in the module's documentation).
pub fn meaning(code: u16) -> &'static str {
    match code {
        4004 => "authentication failed: the token is not valid",
        4010 => "invalid shard: the shard number is not below the number of shards",
        4011 => "sharding required: a session would hold too many guilds (more than 2,500)",
        4012 => "invalid API version",
        4013 => "invalid intents",
        4014 => "disallowed intents: a privileged intent is not switched on in the developer portal",
        _ => "a close the bot cannot resume from",
    }
}

/// The target of serenity's gateway lines.
const SHARD_TARGET: &str = "serenity::gateway::shard";

/// Reads a fatal close from one of serenity 0.12.5's lines of
/// [`SHARD_TARGET`] (`"[ShardInfo { id: ShardId(2), total: 4 }] Shard has
/// too many guilds."`): the code, and the shard named in the prefix.
pub fn parse(message: &str) -> Option<FatalClose> {
    let code = if message.contains("Sent invalid shard data") {
        4010
    } else if message.contains("Shard has too many guilds") {
        4011
    } else if message.contains("Unknown unclean close 4012") {
        4012
    } else {
        return None;
    };
    let shard = message
        .split_once("ShardId(")
        .and_then(|(_, rest)| rest.split_once(')'))
        .and_then(|(n, _)| n.parse().ok());
    Some(FatalClose { code, shard })
}

fn channel() -> &'static (
    mpsc::UnboundedSender<FatalClose>,
    Mutex<Option<mpsc::UnboundedReceiver<FatalClose>>>,
) {
    static CHANNEL: OnceLock<(
        mpsc::UnboundedSender<FatalClose>,
        Mutex<Option<mpsc::UnboundedReceiver<FatalClose>>>,
    )> = OnceLock::new();
    CHANNEL.get_or_init(|| {
        let (tx, rx) = mpsc::unbounded_channel();
        (tx, Mutex::new(Some(rx)))
    })
}

/// The fatal closes [`FatalCloses`] sees, for the one bot of the process
/// (`None` after the first call).
pub fn take_receiver() -> Option<mpsc::UnboundedReceiver<FatalClose>> {
    channel().1.lock().expect("closes lock").take()
}

/// The tracing layer (see the module's documentation). Install it with
/// the process's subscriber, unfiltered by the log level: it looks only at
/// serenity's gateway warnings and errors and writes nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct FatalCloses;

struct Message(Option<String>);

impl Visit for Message {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.0 = Some(value.to_string());
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = Some(format!("{value:?}"));
        }
    }
}

impl<S: Subscriber> Layer<S> for FatalCloses {
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        let meta = event.metadata();
        if meta.target() != SHARD_TARGET || *meta.level() > Level::WARN {
            return;
        }
        let mut message = Message(None);
        event.record(&mut message);
        if let Some(close) = message.0.as_deref().and_then(parse) {
            let _ = channel().0.send(close);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serenitys_lines_give_the_code_and_the_shard() {
        assert_eq!(
            parse("[ShardInfo { id: ShardId(2), total: 4 }] Shard has too many guilds."),
            Some(FatalClose {
                code: 4011,
                shard: Some(2)
            })
        );
        assert_eq!(
            parse("[ShardInfo { id: ShardId(0), total: 1 }] Sent invalid shard data."),
            Some(FatalClose {
                code: 4010,
                shard: Some(0)
            })
        );
        assert_eq!(
            parse("[ShardInfo { id: ShardId(1), total: 2 }] Unknown unclean close 4012: Some(\"x\")")
                .map(|c| c.code),
            Some(4012)
        );
        assert_eq!(parse("[ShardInfo { id: ShardId(0), total: 1 }] Gateway ratelimited."), None);
        assert_eq!(parse("Unknown unclean close 4009: None"), None);
    }
}
