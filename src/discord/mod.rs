//! The Discord front end (serenity 0.12 + poise 0.7) over the
//! transport-neutral [`Host`]: slash commands ([`commands`]), button presses
//! and typed moves ([`events`]), and the host's views posted into one public
//! thread per match ([`poster`]). See `docs/discord.md`.
//!
//! Everything about a match goes through the host; this module only parses
//! what Discord sends, calls the host, and turns views into messages.

pub mod analysis;
pub mod archive;
pub mod challenges;
pub mod commands;
pub mod events;
pub mod info;
pub mod messages;
pub mod moderation;
pub mod poster;
pub mod routes;
pub mod seeks;

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{GatewayIntents, HttpBuilder};

use crate::host::{EngineBot, Host, HostConfig, TimeStyle, UserId};
use crate::i18n::Catalog;
use challenges::Challenges;
use routes::Routes;

/// The environment variable with the bot's token.
pub const TOKEN_ENV: &str = "DISCORD_TOKEN";
/// The environment variable that points the client at another API base
/// (`http://127.0.0.1:PORT`, for the tests' fake Discord).
pub const API_BASE_ENV: &str = "DISCORD_API_BASE";
/// The environment variable naming the one guild to register the commands
/// in (fast during development) instead of globally.
pub const DEV_GUILD_ENV: &str = "FOURBOT_DEV_GUILD";
/// The environment variable with a challenge expiry in seconds that
/// overrides every server's (`/config`), for tests and operations.
pub const CHALLENGE_EXPIRY_ENV: &str = "FOURBOT_CHALLENGE_EXPIRY_SECS";

/// The environment variable naming the side file in which versions before
/// schema version 2 kept each match's thread (default: next to the SQLite
/// database, `<database file>.threads`); it is imported into the store once
/// at start-up and renamed `<file>.imported`.
pub const THREADS_FILE_ENV: &str = "FOURBOT_THREADS_FILE";

/// The longest challenge expiry: 14 minutes, within the 15 minutes for which
/// the `/challenge` interaction may edit its message.
pub const MAX_CHALLENGE_EXPIRY: Duration = Duration::from_secs(14 * 60);

/// The gateway intents: guilds (threads), guild messages and message content
/// (typed moves in match threads; a privileged intent to enable in the
/// developer portal).
pub fn intents() -> GatewayIntents {
    GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT
}

/// The bot token. Its `Debug` never shows it.
#[derive(Clone)]
pub struct Token(String);

impl Token {
    /// Wraps a token.
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into())
    }

    fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(***)")
    }
}

/// How the bot connects.
#[derive(Clone, Debug)]
pub struct DiscordConfig {
    /// The bot token.
    pub token: Token,
    /// Another API base than Discord's (tests only), e.g. `http://127.0.0.1:PORT`.
    pub api_base: Option<String>,
    /// Register the commands in this guild only.
    pub dev_guild: Option<u64>,
    /// `FOURBOT_CHALLENGE_EXPIRY_SECS`: overrides every server's challenge
    /// expiry (`/config`), for tests and operations (at most
    /// [`MAX_CHALLENGE_EXPIRY`]).
    pub challenge_expiry: Option<Duration>,
    /// The side file of older versions with each match's thread, imported
    /// once into the store.
    pub threads_file: PathBuf,
}

/// `<database file>.threads` for a SQLite URL in `FOURBOT_DATABASE_URL`
/// (default `sqlite://fourbot.db`), else `fourbot.threads`.
pub fn default_threads_file() -> PathBuf {
    let url =
        std::env::var("FOURBOT_DATABASE_URL").unwrap_or_else(|_| "sqlite://fourbot.db".into());
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .map(|p| p.split('?').next().unwrap_or(""))
        .filter(|p| !p.is_empty() && !p.contains(":memory:"));
    match path {
        Some(p) => PathBuf::from(format!("{p}.threads")),
        None => PathBuf::from("fourbot.threads"),
    }
}

/// Errors starting or running the bot. Their text is one line for stderr
/// and never contains the token.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// `DISCORD_TOKEN` is unset or empty.
    #[error(
        "DISCORD_TOKEN is not set: put the bot token in the DISCORD_TOKEN environment variable"
    )]
    MissingToken,
    /// A setting has a bad value.
    #[error("{name} is not valid: {reason}")]
    BadSetting {
        /// The environment variable.
        name: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// Discord refused the token (gateway close 4004).
    #[error("Discord rejected the token in DISCORD_TOKEN (invalid authentication); check it in the developer portal")]
    InvalidToken,
    /// The gateway connection ended with an error.
    #[error("the Discord connection failed: {0}")]
    Gateway(String),
    /// The message catalogue could not be loaded.
    #[error("cannot load the messages: {0}")]
    Catalog(String),
    /// The database could not be opened.
    #[error("cannot open the database {url}: {reason}")]
    Store {
        /// The database URL.
        url: String,
        /// What went wrong.
        reason: String,
    },
}

impl DiscordConfig {
    /// The settings from the environment ([`TOKEN_ENV`], [`API_BASE_ENV`],
    /// [`DEV_GUILD_ENV`], [`CHALLENGE_EXPIRY_ENV`]).
    ///
    /// # Errors
    /// No token, or a setting that does not parse.
    pub fn from_env() -> Result<DiscordConfig, RunError> {
        let token = std::env::var(TOKEN_ENV)
            .ok()
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .ok_or(RunError::MissingToken)?;
        let api_base = std::env::var(API_BASE_ENV)
            .ok()
            .map(|b| b.trim_end_matches('/').to_string())
            .filter(|b| !b.is_empty());
        let dev_guild = match std::env::var(DEV_GUILD_ENV) {
            Ok(g) if !g.trim().is_empty() => {
                Some(g.trim().parse::<u64>().map_err(|e| RunError::BadSetting {
                    name: DEV_GUILD_ENV,
                    reason: e.to_string(),
                })?)
            }
            _ => None,
        };
        let challenge_expiry = match std::env::var(CHALLENGE_EXPIRY_ENV) {
            Ok(s) if !s.trim().is_empty() => {
                let secs: u64 = s.trim().parse().map_err(|e: std::num::ParseIntError| {
                    RunError::BadSetting {
                        name: CHALLENGE_EXPIRY_ENV,
                        reason: e.to_string(),
                    }
                })?;
                Some(Duration::from_secs(secs).min(MAX_CHALLENGE_EXPIRY))
            }
            _ => None,
        };
        let threads_file = std::env::var_os(THREADS_FILE_ENV)
            .filter(|f| !f.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(default_threads_file);
        Ok(DiscordConfig {
            token: Token::new(token),
            api_base,
            dev_guild,
            challenge_expiry,
            threads_file,
        })
    }
}

/// What every command and event handler shares.
pub struct Data {
    /// The host.
    pub host: Host,
    /// Open challenges and seeks (in the store).
    pub challenges: Challenges,
    /// Language overrides (`/settings`) of users who acted lately, by
    /// Discord user id; refreshed from the store before every command and
    /// press.
    pub language_overrides: std::sync::Mutex<std::collections::HashMap<u64, crate::i18n::Locale>>,
    /// Confirm-before-drop: the drop each player has selected (its action
    /// id), to be played by a second press or by Confirm.
    pub selections: std::sync::Mutex<std::collections::HashMap<crate::host::UserId, String>>,
    /// Matches ↔ threads.
    pub routes: Arc<Routes>,
    /// Overrides every server's challenge expiry (`FOURBOT_CHALLENGE_EXPIRY_SECS`).
    pub challenge_expiry: Option<Duration>,
    /// The store (server settings, ladder); the host keeps its own handle.
    pub db: Option<crate::store::Db>,
}

/// Errors of command handlers (logged; the user sees a short apology).
pub type Error = anyhow::Error;
/// The poise context of this bot.
pub type Context<'a> = poise::Context<'a, Arc<Data>, Error>;

/// Opens the store (`FOURBOT_DATABASE_URL`), connects to Discord, restores
/// the running matches and serves until the connection ends.
///
/// # Errors
/// A rejected token, a failed connection, a database that cannot be opened,
/// or messages that do not load.
pub async fn run(config: DiscordConfig) -> Result<(), RunError> {
    let catalog = Arc::new(Catalog::new().map_err(|e| RunError::Catalog(e.to_string()))?);
    let url = crate::store::database_url(None);
    let db = crate::store::Db::connect(&url)
        .await
        .map_err(|e| RunError::Store {
            url: url.clone(),
            reason: e.to_string(),
        })?;
    let (host, views) = Host::with_store(
        catalog.clone(),
        Arc::new(EngineBot::default()),
        HostConfig {
            time_style: TimeStyle::DiscordRelative,
            images: true,
        },
        Some(db.clone()),
    );
    let routes = Routes::load(db.clone())
        .await
        .map_err(|e| RunError::Store {
            url: url.clone(),
            reason: e.to_string(),
        })?;
    if let Err(e) = routes.import_file(&config.threads_file).await {
        tracing::error!(path = %config.threads_file.display(), error = %e, "importing the threads file failed");
    }
    let routes = Arc::new(routes);
    let data = Arc::new(Data {
        host,
        challenges: Challenges::new(db.clone()),
        selections: Default::default(),
        language_overrides: Default::default(),
        routes: routes.clone(),
        challenge_expiry: config.challenge_expiry,
        db: Some(db),
    });

    let mut http = HttpBuilder::new(config.token.expose());
    if let Some(base) = &config.api_base {
        // With the rate limiter on, serenity ignores the proxy.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();

    let dev_guild = config.dev_guild;
    let setup_data = data.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| {
                Box::pin(events::handle(
                    framework.serenity_context,
                    event,
                    framework.user_data.clone(),
                ))
            },
            on_error: |error| Box::pin(commands::on_error(error)),
            pre_command: |ctx| {
                Box::pin(async move {
                    commands::refresh_language(ctx.data(), ctx.author().id.get()).await;
                })
            },
            prefix_options: poise::PrefixFrameworkOptions {
                mention_as_prefix: false,
                ..Default::default()
            },
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, _framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "connected to Discord");
                // Running matches continue (RULES.md §4: the turn in progress
                // restarts with its bank), each in its own language; their
                // threads come from the store.
                let bot = UserId(ready.user.id.get());
                let to_player = |p: &crate::store::PlayerInfo| {
                    if p.is_bot {
                        bot
                    } else {
                        UserId(p.discord_id.unwrap_or(0))
                    }
                };
                match setup_data
                    .host
                    .restore(crate::i18n::Locale::FALLBACK, to_player)
                    .await
                {
                    Ok(ids) if !ids.is_empty() => {
                        tracing::info!(matches = ids.len(), "running matches restored");
                    }
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "restoring the running matches failed"),
                }
                // Open challenges and seeks expire at their stored times.
                challenges::rearm(ctx.http.clone(), setup_data.clone()).await;
                // A match whose end was committed but not posted before the
                // process died: post its end now.
                let unposted = setup_data.routes.unfinished();
                match setup_data
                    .host
                    .announce_unposted_ends(&unposted, crate::i18n::Locale::FALLBACK, to_player)
                    .await
                {
                    Ok(ids) if !ids.is_empty() => {
                        tracing::info!(matches = ids.len(), "unposted match ends posted");
                    }
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "posting unposted match ends failed"),
                }
                let catalog = setup_data.host.catalog();
                if let Err(e) = commands::register(ctx, catalog, dev_guild).await {
                    tracing::error!(error = %e, "registering the slash commands failed");
                }
                Ok(setup_data)
            })
        })
        .build();

    let mut client = serenity::all::ClientBuilder::new_with_http(http, intents())
        .framework(framework)
        .await
        .map_err(|e| RunError::Gateway(e.to_string()))?;
    tokio::spawn(poster::run(client.http.clone(), routes, views));
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            tracing::info!("interrupted: disconnecting");
            shards.shutdown_all().await;
        }
    });
    match client.start().await {
        Ok(()) => Ok(()),
        Err(serenity::Error::Gateway(serenity::gateway::GatewayError::InvalidAuthentication)) => {
            Err(RunError::InvalidToken)
        }
        Err(e) => Err(RunError::Gateway(e.to_string())),
    }
}
