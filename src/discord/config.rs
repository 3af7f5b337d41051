//! How the bot connects and what an operator sets: the token, the API base
//! of a test's fake Discord, extra root certificates, the development
//! guild, the challenge expiry override, the side file of older versions,
//! the intents. Everything comes from the environment; the token is never
//! shown.

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serenity::all::GatewayIntents;

use crate::host::limits::{Bounds, Limit};
use crate::host::terms::MAX_CHALLENGE_EXPIRY;
use crate::host::{database_url, Shards, DATABASE_URL_ENV, DEFAULT_DATABASE_URL};

/// The environment variable with the bot's token.
pub const TOKEN_ENV: &str = "DISCORD_TOKEN";
/// The environment variable that points the client at another API base
/// (`http://127.0.0.1:PORT`, for the tests' fake Discord). Set, serenity's
/// rate limiter is off (serenity sends nothing to a proxy base with it on);
/// unset or empty, the bot talks to `https://discord.com/api/v10` with the
/// limiter on.
pub const API_BASE_ENV: &str = "DISCORD_API_BASE";
/// The environment variable naming a PEM file of extra root certificates
/// the bot's HTTP client trusts besides the built-in (webpki) roots: for an
/// operator behind a TLS-inspecting proxy, and for the tests' TLS front
/// (`crates/fake-discord/src/tls.rs`).
pub const CA_FILE_ENV: &str = "FOURBOT_CA_FILE";
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

/// Tests only: the slash command of this name (`rules`) panics after its
/// deferral, to show what a bug in a command does (an apology, one log
/// line, the bot serving on). Read only by builds with debug assertions:
/// a release build has no such panic.
#[cfg(debug_assertions)]
pub const TEST_PANIC_ENV: &str = "FOURBOT_TEST_PANIC_COMMAND";

/// The gateway intents: guilds (threads), guild messages and message content
/// (typed moves in match threads; a privileged intent to enable in the
/// developer portal).
pub fn intents() -> GatewayIntents {
    GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT
}

/// What serenity's cache keeps: no servers and no channels, only the bot's
/// own user (for poise). With its defaults serenity keeps every server's
/// channels, roles and threads, and its thread list never forgets: every
/// THREAD_CREATE (Discord sends one for each match thread the bot starts)
/// is pushed onto the server's list, an archived thread stays in it (a
/// THREAD_UPDATE only replaces it), and each THREAD_UPDATE and
/// MESSAGE_CREATE in a thread walks the list (serenity 0.12.5,
/// `cache/event.rs`). So a bot kept about 400 bytes (`GuildChannel`) per
/// match ever played, and its lookups grew with them (issue 33: memory
/// proportional to what is running). The bot reads nothing else from the
/// cache: every event and interaction carries what it needs (the tests'
/// fake sends a GUILD_CREATE for each guild after READY, as Discord does,
/// and nothing of it is kept). Without the guild cache serenity's
/// `is_new` of a GUILD_CREATE is always true: the welcome decides on its
/// own (`welcome.rs`).
pub fn cache_settings() -> serenity::cache::Settings {
    let mut settings = serenity::cache::Settings::default();
    settings.cache_guilds = false;
    settings.cache_channels = false;
    settings
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
    /// The HTTP client every REST request goes through ([`http_client`]:
    /// rustls, the built-in roots and those of [`CA_FILE_ENV`], the proxy
    /// of `HTTPS_PROXY` unless `NO_PROXY` names the host).
    pub http_client: reqwest::Client,
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
    /// The shards this process runs and hosts (`--shards`); `None`: every
    /// shard Discord recommends (`GET /gateway/bot`).
    pub shards: Option<Shards>,
    /// Where to serve `/metrics` and `/healthz` (`--metrics`).
    pub metrics: Option<SocketAddr>,
    /// The web front end (`--web`, `--public-url`, `FOURBOT_WEB_SECRET`;
    /// docs/web.md); `None`: off.
    pub web: Option<fourbot_web::WebConfig>,
    /// The operator's bounds on the servers' limits and the analysis
    /// queue's length (`--max-…`, `--analysis-queue`, or their
    /// environment variables; docs/reliability.md, "Limits").
    pub bounds: Bounds,
}

/// The largest bound an operator may set on a limit or the analysis
/// queue: beyond it a limit no longer bounds anything.
pub const MAX_BOUND: u64 = 100_000;

/// The operator's bounds: each flag of `flags` (`--max-…`, or its
/// environment variable, which clap reads: `cli::args::RunArgs`; `None`:
/// neither given), else the default; the analysis queue's length likewise
/// (`--analysis-queue`).
///
/// # Errors
/// [`RunError::BadSetting`] for a value that is not a whole number from 1
/// to [`MAX_BOUND`], naming the flag or the variable.
pub fn bounds(
    flags: &[(Limit, Option<u64>)],
    analysis_queue: Option<u64>,
) -> Result<Bounds, RunError> {
    let check = |name: &'static str, v: u64| {
        if (1..=MAX_BOUND).contains(&v) {
            Ok(v)
        } else {
            Err(RunError::BadSetting {
                name,
                reason: format!("{v} is not from 1 to {MAX_BOUND}"),
            })
        }
    };
    let mut bounds = Bounds::default();
    for limit in Limit::ALL {
        let flag = flags
            .iter()
            .find(|(l, _)| *l == limit)
            .and_then(|(_, v)| *v);
        if let Some(v) = flag {
            bounds = bounds.with(limit, check(limit.flag(), v)? as u32);
        }
    }
    if let Some(q) = analysis_queue {
        bounds.analysis_queue = check("analysis-queue", q)? as usize;
    }
    Ok(bounds)
}

/// What `fourbot run` takes on its command line.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// `--shards <first>-<last>/<total>`.
    pub shards: Option<Shards>,
    /// `--db <url>` (else `FOURBOT_DATABASE_URL`, else the default).
    pub db: Option<String>,
    /// `--metrics <addr>`.
    pub metrics: Option<SocketAddr>,
    /// `--web <addr>` with its public URL and secret.
    pub web: Option<fourbot_web::WebConfig>,
    /// `--max-…`: the operator's bound of each limit given.
    pub limit_bounds: Vec<(Limit, Option<u64>)>,
    /// `--analysis-queue <n>`.
    pub analysis_queue: Option<u64>,
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
    #[error("Discord rejected the token in DISCORD_TOKEN (gateway close 4004, authentication failed); check it in the developer portal")]
    InvalidToken,
    /// The HTTP client could not be built.
    #[error("cannot set up the HTTP client: {0}")]
    Http(String),
    /// The first request to Discord's API could not be sent at all (no
    /// route, a proxy that refuses, a certificate the client does not
    /// trust).
    #[error("cannot reach Discord's API: {0}; check the network, HTTPS_PROXY / NO_PROXY and FOURBOT_CA_FILE")]
    Unreachable(String),
    /// The gateway connection ended with an error.
    #[error("the Discord connection failed: {0}")]
    Gateway(String),
    /// The message catalogue could not be loaded.
    #[error("cannot load the messages: {0}")]
    Catalog(String),
    /// A shard asked for is hosted by another live process
    /// (`--shards`; its lease in the database).
    #[error("{0}; run another range of shards, or stop that process first")]
    ShardOwned(String),
    /// This process's lease of a shard was taken over: it stopped hosting.
    #[error("{0}; another process hosts those guilds now")]
    LeaseLost(String),
    /// Discord closed a gateway session for good
    /// (`topics/opcodes-and-status-codes`, "Gateway Close Event Codes").
    #[error("Discord closed the gateway with {code} ({meaning}); {hint}")]
    FatalClose {
        /// The close code.
        code: u16,
        /// What it means.
        meaning: &'static str,
        /// What to do.
        hint: &'static str,
    },
    /// The metrics address cannot be served (`--metrics`).
    #[error("--metrics: {0}")]
    Metrics(String),
    /// The web front end's address cannot be served (`--web`).
    #[error("--web: {0}")]
    Web(String),
    /// The database could not be opened.
    #[error("cannot open the database {url}: {reason}")]
    Store {
        /// The database URL, its password (if any) shown as `***`.
        url: String,
        /// What went wrong.
        reason: String,
    },
}

/// The HTTP client given to serenity (`HttpBuilder::client`): what
/// serenity 0.12.5 builds when given none (`reqwest::Client::builder()
/// .use_rustls_tls()`: rustls with the ring provider and the webpki roots;
/// like reqwest's default it honours `HTTPS_PROXY`, `HTTP_PROXY`,
/// `ALL_PROXY` and `NO_PROXY`), plus every certificate of the PEM file
/// `ca_file` as an extra trusted root.
///
/// # Errors
/// [`RunError::BadSetting`] for [`CA_FILE_ENV`] when the file cannot be
/// read, is not PEM, holds no certificate, or holds one that is not a
/// usable X.509 certificate.
pub fn http_client(ca_file: Option<&Path>) -> Result<reqwest::Client, RunError> {
    let mut builder = reqwest::Client::builder().use_rustls_tls();
    if let Some(path) = ca_file {
        let bad = |reason: String| RunError::BadSetting {
            name: CA_FILE_ENV,
            reason: format!("{}: {reason}", path.display()),
        };
        let pem = std::fs::read(path).map_err(|e| bad(format!("cannot be read ({e})")))?;
        let certs = reqwest::Certificate::from_pem_bundle(&pem)
            .map_err(|e| bad(format!("is not a PEM certificate file ({})", chain(&e))))?;
        if certs.is_empty() {
            return Err(bad(
                "holds no certificate (no -----BEGIN CERTIFICATE----- block)".into(),
            ));
        }
        // reqwest parses each certificate (for rustls's root store) only
        // when the client is built, so a block that is not a certificate
        // shows up below.
        let count = certs.len();
        for cert in certs {
            builder = builder.add_root_certificate(cert);
        }
        let client = builder.build().map_err(|e| {
            bad(format!(
                "holds a certificate that cannot be used ({})",
                chain(&e)
            ))
        })?;
        tracing::info!(file = %path.display(), certificates = count, "trusting extra root certificates");
        return Ok(client);
    }
    builder.build().map_err(|e| RunError::Http(chain(&e)))
}

/// An error and its sources on one line (reqwest's own text is only "builder
/// error" or "error sending request").
pub(super) fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
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

/// Whether `base` may carry the token: `https://`, or plain `http://` to a
/// loopback address only (the tests' fake). Every request sends the token
/// in its `Authorization` header: over plain HTTP anyone on the way could
/// read it.
///
/// # Errors
/// Why not, in one line.
pub fn check_api_base(base: &str) -> Result<(), String> {
    if base.starts_with("https://") {
        return Ok(());
    }
    let Some(rest) = base.strip_prefix("http://") else {
        return Err(format!("{base} is not an http(s) URL"));
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    // The host, without a port (an IPv6 address keeps its brackets).
    let host = match authority.rsplit_once(':') {
        Some((h, port)) if !port.contains(']') => h,
        _ => authority,
    };
    let loopback = host == "localhost"
        || host == "[::1]"
        || host
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback());
    if loopback {
        Ok(())
    } else {
        Err(format!(
            "{base} is plain HTTP to another machine: the token would travel in the clear; \
             use https:// (plain http:// is for a loopback address only)"
        ))
    }
}

impl DiscordConfig {
    /// The settings from the environment ([`TOKEN_ENV`], [`API_BASE_ENV`],
    /// [`CA_FILE_ENV`], [`DEV_GUILD_ENV`], [`CHALLENGE_EXPIRY_ENV`],
    /// [`THREADS_FILE_ENV`], `FOURBOT_DATABASE_URL` and, in builds with
    /// debug assertions, [`TEST_TIME_SCALE_ENV`]); the HTTP client is built
    /// here, so that a bad CA file ends the bot before it connects.
    ///
    /// # Errors
    /// No token, a setting that does not parse, or a CA file that cannot be
    /// used ([`http_client`]).
    pub fn from_env(options: RunOptions) -> Result<DiscordConfig, RunError> {
        let token = std::env::var(TOKEN_ENV)
            .ok()
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .ok_or(RunError::MissingToken)?;
        let api_base = std::env::var(API_BASE_ENV)
            .ok()
            .map(|b| b.trim_end_matches('/').to_string())
            .filter(|b| !b.is_empty());
        if let Some(base) = &api_base {
            check_api_base(base).map_err(|reason| RunError::BadSetting {
                name: API_BASE_ENV,
                reason,
            })?;
        }
        let ca_file = std::env::var_os(CA_FILE_ENV)
            .filter(|f| !f.is_empty())
            .map(PathBuf::from);
        let http_client = http_client(ca_file.as_deref())?;
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
            http_client,
            dev_guild,
            challenge_expiry,
            threads_file,
            database_url: database_url(options.db.as_deref()),
            test_time_scale,
            shards: options.shards,
            metrics: options.metrics,
            web: options.web,
            bounds: bounds(&options.limit_bounds, options.analysis_queue)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GUILD_CREATE, THREAD_CREATE and THREAD_UPDATE as Discord sends them
    /// (the fields serenity 0.12 requires), through serenity's cache with
    /// the bot's settings.
    fn cache_after_threads(threads: u64) -> serenity::cache::Cache {
        use serde_json::json;
        use serenity::all::{GuildCreateEvent, ThreadCreateEvent, ThreadUpdateEvent};
        let cache = serenity::cache::Cache::new_with_settings(cache_settings());
        let guild = "1200000000000000000";
        let mut created: GuildCreateEvent = serde_json::from_value(json!({
            "id": guild, "name": "a server", "owner_id": "1100000000000000000",
            "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": [], "emojis": [], "features": [], "mfa_level": 0,
            "system_channel_flags": 0, "premium_tier": 0, "preferred_locale": "en-US",
            "nsfw_level": 0, "premium_progress_bar_enabled": false, "stickers": [],
            "joined_at": "2026-12-01T00:00:00+00:00", "large": false, "member_count": 2,
            "members": [], "channels": [], "threads": [], "voice_states": [],
            "presences": [], "stage_instances": [], "guild_scheduled_events": []
        }))
        .unwrap();
        cache.update(&mut created);
        for i in 0..threads {
            let thread = |archived: bool| {
                json!({
                    "id": (1_300_000_000_000_000_000u64 + i).to_string(), "type": 11,
                    "guild_id": guild, "parent_id": "1200000000000000001",
                    "name": format!("player{i} vs player{} · classic", i + 1),
                    "owner_id": "1100000000000000000", "rate_limit_per_user": 0,
                    "message_count": 3, "member_count": 2, "flags": 0,
                    "thread_metadata": {"archived": archived, "auto_archive_duration": 1440,
                        "archive_timestamp": "2026-12-06T10:00:00+00:00", "locked": false}
                })
            };
            let mut create: ThreadCreateEvent = serde_json::from_value(thread(false)).unwrap();
            cache.update(&mut create);
            let mut archive: ThreadUpdateEvent = serde_json::from_value(thread(true)).unwrap();
            cache.update(&mut archive);
        }
        cache
    }

    #[test]
    fn serenitys_cache_keeps_no_thread_of_a_finished_match() {
        let cache = cache_after_threads(100);
        let kept: usize = cache
            .guilds()
            .into_iter()
            .filter_map(|g| cache.guild(g).map(|g| g.threads.len()))
            .sum();
        assert_eq!(kept, 0, "threads kept in serenity's cache");
    }

    #[test]
    fn operator_bounds_come_from_flags_and_are_whole_numbers_from_one() {
        let b = bounds(
            &[(Limit::AiMatches, Some(4)), (Limit::OpenOffers, None)],
            Some(3),
        )
        .unwrap();
        assert_eq!(b.bound(Limit::AiMatches), 4);
        assert_eq!(
            b.bound(Limit::OpenOffers),
            Limit::OpenOffers.default_bound()
        );
        assert_eq!(b.analysis_queue, 3);
        for bad in [0, MAX_BOUND + 1] {
            let e = bounds(&[(Limit::Analyses, Some(bad))], None).unwrap_err();
            assert!(e.to_string().contains("max-analyses"), "{e}");
            assert!(bounds(&[], Some(bad)).is_err());
        }
    }

    #[test]
    fn a_plain_http_api_base_is_refused_unless_it_is_loopback() {
        for ok in [
            "https://discord.com/api/v10",
            "http://127.0.0.1:4000",
            "http://127.9.9.9",
            "http://localhost:80/api",
            "http://[::1]:9",
        ] {
            assert_eq!(check_api_base(ok), Ok(()), "{ok}");
        }
        for refused in [
            "http://10.0.0.5:8080",
            "http://discord.com/api/v10",
            "http://127.0.0.1.evil.example",
            "http://localhost.evil.example:80",
            "ftp://127.0.0.1",
        ] {
            assert!(check_api_base(refused).is_err(), "{refused}");
        }
    }

    /// The tests' CA (crates/fake-discord/tls/README.md).
    fn test_ca() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/fake-discord/tls/ca.pem")
    }

    /// `text` in a fresh file named after the test.
    fn file_with(name: &str, text: &str) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("fourbot-ca-{name}-{}.pem", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    /// The one-line error for `path`, checked to name the variable and the
    /// file.
    fn refusal(path: &Path) -> String {
        let e = http_client(Some(path)).expect_err("refused");
        assert!(
            matches!(
                e,
                RunError::BadSetting {
                    name: CA_FILE_ENV,
                    ..
                }
            ),
            "{e:?}"
        );
        let text = e.to_string();
        assert!(text.starts_with("FOURBOT_CA_FILE is not valid: "), "{text}");
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert_eq!(text.lines().count(), 1, "{text}");
        text
    }

    #[test]
    fn no_ca_file_and_the_tests_ca_both_give_a_client() {
        http_client(None).unwrap();
        http_client(Some(&test_ca())).unwrap();
    }

    #[test]
    fn a_ca_file_that_cannot_be_read_is_refused_with_its_name() {
        let text = refusal(Path::new("/nonexistent/fourbot-ca.pem"));
        assert!(text.contains("cannot be read"), "{text}");
    }

    #[test]
    fn a_ca_file_without_a_certificate_is_refused() {
        // Text, and a private key alone: no certificate block in either.
        for (name, text) in [
            ("text", "not a certificate\n".to_string()),
            (
                "key",
                std::fs::read_to_string(test_ca().with_file_name("discord.com.key")).unwrap(),
            ),
        ] {
            let path = file_with(name, &text);
            let text = refusal(&path);
            assert!(text.contains("holds no certificate"), "{text}");
            std::fs::remove_file(path).unwrap();
        }
    }

    #[test]
    fn a_certificate_block_that_is_not_base64_or_not_a_certificate_is_refused() {
        let path = file_with(
            "base64",
            "-----BEGIN CERTIFICATE-----\n!!!! not base64 !!!!\n-----END CERTIFICATE-----\n",
        );
        let text = refusal(&path);
        assert!(text.contains("is not a PEM certificate file"), "{text}");
        std::fs::remove_file(path).unwrap();
        // Good base64 ("fourbot!"), but no X.509 certificate in it.
        let path = file_with(
            "der",
            "-----BEGIN CERTIFICATE-----\nZm91cmJvdCE=\n-----END CERTIFICATE-----\n",
        );
        let text = refusal(&path);
        assert!(text.contains("cannot be used"), "{text}");
        std::fs::remove_file(path).unwrap();
    }
}
