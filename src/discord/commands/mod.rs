//! The slash commands, one file per group: each reads its options, asks
//! the host, and replies. Command files never import each other; what they
//! share is in [`super::reply`], [`super::offers`] and [`super::choices`].
//! Their names and descriptions in every language are filled in by
//! [`super::register`].

pub mod analysis;
pub mod archive;
pub mod challenge;
pub mod help;
pub mod matches;
pub mod moderation;
pub mod play;
pub mod rating;
pub mod rules;
pub mod seek;
pub mod settings;
pub mod tournament;

use std::sync::Arc;

use crate::host::Denial;
use crate::i18n::id;

use super::data::{Data, Error};
use super::reply::deny;

/// Every command, in the order Discord lists them.
pub fn all() -> Vec<poise::Command<Arc<Data>, Error>> {
    vec![
        challenge::challenge(),
        challenge::challenge_menu(),
        seek::seek(),
        play::resign(),
        play::resign_game(),
        play::board(),
        play::takeback(),
        rating::rating(),
        rating::leaderboard(),
        rating::history(),
        rules::rules(),
        settings::settings(),
        archive::replay(),
        archive::export(),
        analysis::analyze(),
        moderation::ladder(),
        moderation::config(),
        tournament::tournament(),
        matches::matches(),
        help::help(),
    ]
}

/// Commands whose answer is public (everyone in the channel sees it).
pub const PUBLIC: &[&str] = &["leaderboard"];

/// Before every command: defer it — publicly for [`PUBLIC`] ones,
/// privately for the others — so that Discord's 3 seconds never run out
/// while the command reads or writes the store or waits for the start-up
/// (interactions/receiving-and-responding.md: "you must send an initial
/// response within 3 seconds"); its replies are then follow-ups, the
/// first one replacing the "thinking" state. Then the user's `/settings`
/// language is read.
pub async fn before(ctx: poise::Context<'_, Arc<Data>, Error>) {
    let deferred = if PUBLIC.iter().any(|p| *p == ctx.command().qualified_name) {
        ctx.defer().await
    } else {
        ctx.defer_ephemeral().await
    };
    crate::discord::rest::record("InteractionResponse", &deferred);
    if deferred.is_ok() {
        crate::discord::rest::acknowledged();
    }
    if let Err(e) = deferred {
        tracing::warn!(command = %ctx.command().qualified_name, error = %e, "deferring a command failed");
    }
    ctx.data()
        .refresh_language(crate::host::UserId(ctx.author().id.get()))
        .await;
    #[cfg(debug_assertions)]
    test_panic(ctx);
}

/// Tests only, in builds with debug assertions: the command named by
/// [`TEST_PANIC_ENV`](crate::discord::config::TEST_PANIC_ENV) panics after
/// its deferral, while it holds the lock of the users' languages — a bug in
/// a command, and a lock that every later command takes.
#[cfg(debug_assertions)]
fn test_panic(ctx: poise::Context<'_, Arc<Data>, Error>) {
    static NAME: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let name = NAME.get_or_init(|| std::env::var(crate::discord::config::TEST_PANIC_ENV).ok());
    if name.as_deref() == Some(&ctx.command().qualified_name[..]) {
        let _held = ctx.data().language_overrides.lock();
        panic!("a test panic in /{}", ctx.command().qualified_name);
    }
}

/// A failed command: an option Discord should not have sent gets its
/// refusal, a server command (`guild_only`) used outside a server gets
/// `error-guild-only`, anything else is logged and the user gets a short
/// apology — all privately, in the user's language. A command that
/// panicked (its one log line is the panic hook's: `ops::log_panics`) gets
/// an apology of its own.
pub async fn on_error(error: poise::FrameworkError<'_, Arc<Data>, Error>) {
    let (ctx, denial) = match error {
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            let denial = match error.downcast::<Denial>() {
                Ok(d) => *d,
                Err(other) => {
                    tracing::warn!(command = %ctx.command().name, error = %other, "an option did not read");
                    Denial::new(id::ERROR_INTERNAL)
                }
            };
            (ctx, denial)
        }
        // A refusal from the host (`?` on a `Denial`): the user reads it.
        poise::FrameworkError::Command { error, ctx, .. } => match error.downcast::<Denial>() {
            Ok(d) => (ctx, d),
            Err(error) => {
                tracing::error!(command = %ctx.command().name, error = %error, "command failed");
                (ctx, Denial::internal())
            }
        },
        // An autocomplete request is answered with choices or not at all
        // (Discord shows none).
        poise::FrameworkError::GuildOnly {
            ctx: poise::Context::Application(a),
            ..
        }
        | poise::FrameworkError::CommandPanic {
            ctx: poise::Context::Application(a),
            ..
        } if a.interaction_type == poise::CommandInteractionType::Autocomplete => return,
        // poise checks `guild_only` before `before`: the command was not
        // deferred (the refusal is the interaction's private response) and
        // the user's `/settings` language is read here.
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            ctx.data()
                .refresh_language(crate::host::UserId(ctx.author().id.get()))
                .await;
            (ctx, Denial::new(id::ERROR_GUILD_ONLY))
        }
        poise::FrameworkError::CommandPanic { ctx, .. } => (ctx, Denial::new(id::ERROR_PANIC)),
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
            return;
        }
    };
    if let Err(e) = deny(ctx, &denial).await {
        tracing::warn!(command = %ctx.command().name, error = %e, "a refusal could not be sent");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command Discord runs (`parent sub` for a subcommand) and
    /// whether poise runs it only in a server.
    fn leaves(
        parent: &str,
        commands: &[poise::Command<Arc<Data>, Error>],
        out: &mut Vec<(String, bool)>,
    ) {
        for c in commands {
            let name = format!("{parent}{}", c.name);
            if c.subcommands.is_empty() {
                out.push((name, c.guild_only));
            } else {
                leaves(&format!("{name} "), &c.subcommands, out);
            }
        }
    }

    #[test]
    fn every_command_that_reads_the_server_is_guild_only() {
        let mut all = Vec::new();
        leaves("", &super::all(), &mut all);
        assert_eq!(all.len(), 31, "{all:?}");
        assert!(all.contains(&("challenge-menu".to_string(), true)));
        assert!(all.contains(&("tournament join".to_string(), true)));
        assert!(all.contains(&("ladder void".to_string(), true)));
        // These find the match by the thread or the player, or read the
        // player's own settings: they need no server of their own.
        let anywhere: Vec<&str> = all
            .iter()
            .filter(|(_, guild_only)| !guild_only)
            .map(|(name, _)| name.as_str())
            .collect();
        assert_eq!(
            anywhere,
            [
                "resign",
                "resign-game",
                "board",
                "takeback",
                "rules",
                "settings",
                "help"
            ]
        );
    }
}
