//! How the bot connects and what an operator sets: the token, the API base
//! of a test's fake Discord, the development guild, the challenge expiry
//! override, the side file of older versions, the intents. Everything comes
//! from the environment; the token is never shown.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use serenity::all::GatewayIntents;

use crate::host::terms::MAX_CHALLENGE_EXPIRY;
use crate::host::{database_url, DATABASE_URL_ENV, DEFAULT_DATABASE_URL};

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

/// Tests only: every match clock (bank, increment, abort window, grace
/// period) is divided by this whole number, so that an end-to-end test sees
/// a flag or an abort within seconds of a `/challenge time:1+0`. Read only
/// by builds with debug assertions (the tests' build): a release build
/// ignores it, so no setting can shorten a production bot's clocks.
pub const TEST_TIME_SCALE_ENV: &str = "FOURBOT_TEST_TIME_SCALE";

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

    pub(super) fn expose(&self) -> &str {
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
    /// The database URL (`FOURBOT_DATABASE_URL`, default
    /// `sqlite://fourbot.db`).
    pub database_url: String,
    /// [`TEST_TIME_SCALE_ENV`] (builds with debug assertions only).
    pub test_time_scale: Option<u64>,
}

/// `<database file>.threads` for a SQLite URL in `FOURBOT_DATABASE_URL`
/// (default `sqlite://fourbot.db`), else `fourbot.threads`.
pub fn default_threads_file() -> PathBuf {
    let url = std::env::var(DATABASE_URL_ENV).unwrap_or_else(|_| DEFAULT_DATABASE_URL.into());
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

/// A whole number from the environment variable `name`, if set.
fn number_env(name: &'static str) -> Result<Option<u64>, RunError> {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => {
            v.trim()
                .parse::<u64>()
                .map(Some)
                .map_err(|e| RunError::BadSetting {
                    name,
                    reason: e.to_string(),
                })
        }
        _ => Ok(None),
    }
}

impl DiscordConfig {
    /// The settings from the environment ([`TOKEN_ENV`], [`API_BASE_ENV`],
    /// [`DEV_GUILD_ENV`], [`CHALLENGE_EXPIRY_ENV`], [`THREADS_FILE_ENV`],
    /// `FOURBOT_DATABASE_URL` and, in builds with debug assertions,
    /// [`TEST_TIME_SCALE_ENV`]).
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
        let dev_guild = number_env(DEV_GUILD_ENV)?;
        let challenge_expiry = number_env(CHALLENGE_EXPIRY_ENV)?
            .map(|secs| Duration::from_secs(secs).min(MAX_CHALLENGE_EXPIRY));
        let threads_file = std::env::var_os(THREADS_FILE_ENV)
            .filter(|f| !f.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(default_threads_file);
        // Not a number ≥ 2 (or a release build): no scaling.
        let test_time_scale = if cfg!(debug_assertions) {
            std::env::var(TEST_TIME_SCALE_ENV)
                .ok()
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|d| *d >= 2)
        } else {
            None
        };
        Ok(DiscordConfig {
            token: Token::new(token),
            api_base,
            dev_guild,
            challenge_expiry,
            threads_file,
            database_url: database_url(None),
            test_time_scale,
        })
    }
}
