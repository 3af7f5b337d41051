//! The subcommands that start something that runs until it is stopped:
//! `fourbot run`, the Discord bot (its logging, options, runtime and exit
//! status), and `fourbot shell`, a match at the terminal.

use std::process::ExitCode;

use crate::store;

use super::args::{CheckArgs, LogFormat, RunArgs, ShellArgs};

/// `fourbot run`: the Discord bot. Logs go to stderr (`FOURBOT_LOG`:
/// error, warn, info (default), debug, trace; `--log-format json` for one
/// JSON object a line). A missing token or a Discord API out of reach gives
/// one line and exit status 1; bad input — a shard range, a shard another
/// process hosts, a database that cannot be opened, a metrics address, a
/// token Discord rejects or another gateway close the bot cannot resume
/// from — one line and exit status 2.
pub fn discord(args: RunArgs) -> ExitCode {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    use tracing_subscriber::Layer;
    let targets = match log_targets(std::env::var("FOURBOT_LOG").ok().as_deref()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("fourbot: FOURBOT_LOG: {e}");
            return ExitCode::from(2);
        }
    };
    // Libraries' spans are never recorded: serenity's (`#[instrument]`)
    // carry a request's route, whose interaction token lets anyone post as
    // the bot for 15 minutes, and they would print it on every line inside
    // them. Their events still show at debug and trace.
    use tracing_subscriber::filter::FilterExt;
    let filter = targets.and(tracing_subscriber::filter::filter_fn(|m| {
        !m.is_span() || m.target().starts_with("fourbot")
    }));
    let lines = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(false);
    let lines = match args.log_format {
        LogFormat::Text => lines.with_filter(filter).boxed(),
        LogFormat::Json => lines.json().with_filter(filter).boxed(),
    };
    let _ = tracing_subscriber::registry().with(lines).try_init();
    crate::discord::ops::log_panics();
    let bad = |message: String| {
        eprintln!("fourbot: {message}");
        ExitCode::from(2)
    };
    let shards = match args
        .shards
        .as_deref()
        .map(str::parse::<crate::host::Shards>)
    {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(e)) => return bad(format!("--shards: {e}")),
    };
    let metrics = match args
        .metrics
        .as_deref()
        .map(str::parse::<std::net::SocketAddr>)
    {
        None => None,
        Some(Ok(a)) => Some(a),
        Some(Err(_)) => {
            return bad(format!(
                "--metrics: `{}` is not an address: write host:port, e.g. 127.0.0.1:9100",
                args.metrics.unwrap_or_default()
            ))
        }
    };
    let web = match web_config(args.web.as_deref(), args.public_url.as_deref()) {
        Ok(web) => web,
        Err(e) => return bad(e),
    };
    use crate::host::limits::Limit;
    let options = crate::discord::config::RunOptions {
        shards,
        db: args.db,
        metrics,
        web,
        limit_bounds: vec![
            (Limit::AiMatches, args.max_ai_matches),
            (Limit::OpenOffers, args.max_open_offers),
            (Limit::Analyses, args.max_analyses),
            (Limit::ArchivePerMinute, args.max_replays_per_minute),
            (
                Limit::ServerArchivePerMinute,
                args.max_server_replays_per_minute,
            ),
        ],
        analysis_queue: args.analysis_queue,
    };
    let config = match crate::discord::DiscordConfig::from_env(options) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("fourbot: {e}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fourbot: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    use crate::discord::RunError;
    let ended = runtime.block_on(crate::discord::run(config));
    // Dropping the runtime would wait for every blocking task (an AI
    // search, an /analyze) to finish: a stop must not.
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    match ended {
        Ok(()) => ExitCode::SUCCESS,
        // Bad input, like a command's: nothing was written.
        Err(
            e @ (RunError::Store { .. }
            | RunError::ShardOwned(_)
            | RunError::LeaseLost(_)
            | RunError::FatalClose { .. }
            | RunError::InvalidToken
            | RunError::Metrics(_)
            | RunError::Web(_)),
        ) => bad(e.to_string()),
        Err(e) => {
            eprintln!("fourbot: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The web front end's set-up from `--web` and `--public-url` (or their
/// environment variables) and `FOURBOT_WEB_SECRET`: `None` without
/// `--web`.
///
/// # Errors
/// One line for stderr: an address that is not one, a public URL that is
/// not http(s) or given without `--web`, a missing or short secret (never
/// shown).
pub fn web_config(
    web: Option<&str>,
    public_url: Option<&str>,
) -> Result<Option<fourbot_web::WebConfig>, String> {
    let Some(web) = web.map(str::trim).filter(|w| !w.is_empty()) else {
        return match public_url {
            Some(_) => Err("--public-url needs --web (the address to serve the web on)".into()),
            None => Ok(None),
        };
    };
    let addr = web.parse::<std::net::SocketAddr>().map_err(|_| {
        format!("--web: `{web}` is not an address: write host:port, e.g. 127.0.0.1:8080")
    })?;
    let public_url = match public_url.map(str::trim) {
        Some(u) if u.starts_with("https://") || u.starts_with("http://") => {
            Some(u.trim_end_matches('/').to_string())
        }
        Some(u) => {
            return Err(format!(
                "--public-url: `{u}` is not an http(s) address, e.g. https://c4.example.org"
            ))
        }
        None => None,
    };
    let secret = fourbot_web::WebSecret::from_env().map_err(|e| e.to_string())?;
    Ok(Some(fourbot_web::WebConfig {
        addr,
        public_url,
        secret,
    }))
}

/// `fourbot check`: checks the set-up with the environment `fourbot run`
/// reads ([`crate::discord::check`]) and prints one line per problem, the
/// notes and a summary on stdout. Exit status 0 when all is well, 1 when
/// it found a problem, 2 when nothing could be checked (no token, a bad
/// setting: one line on stderr). Nothing is logged: the token never
/// shows.
pub fn check(args: CheckArgs) -> ExitCode {
    let config = match crate::discord::DiscordConfig::from_env(Default::default()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("fourbot: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fourbot: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let options = crate::discord::check::CheckOptions {
        max_servers: args.max_servers,
    };
    let report = runtime.block_on(crate::discord::check::check(&config, options));
    // The pacing's timers (a second after each request) need not run out.
    runtime.shutdown_background();
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for line in report.lines() {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
    if report.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `fourbot shell`: runs the terminal table on standard input and output.
pub fn shell(args: ShellArgs) -> ExitCode {
    use std::io::IsTerminal;
    let terminal = std::io::stdout().is_terminal() && std::io::stdin().is_terminal();
    let color =
        !args.no_color && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let opts = crate::shell::ShellOptions {
        variant: args.variant,
        time: args.time,
        opponent: args.vs,
        level: args.level,
        locale: crate::i18n::Locale::negotiate(&args.lang),
        images: args.images,
        color,
        seed,
        ticking: terminal,
        db: match args.db.as_deref() {
            Some("none") => None,
            other => Some(store::database_url(other)),
        },
        name: args
            .name
            .or_else(|| std::env::var("USER").ok().filter(|u| !u.is_empty())),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    match runtime.block_on(crate::shell::run(opts, stdin, std::io::stdout())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// What `FOURBOT_LOG` asks to log. Unset or a bare level (`error` … `trace`,
/// default `info`): the bot's own lines at that level, the libraries' only
/// at `debug` and `trace` (their errors that matter come back to the bot,
/// which logs them with context). Otherwise `tracing-subscriber`'s
/// `target=level` directives, comma-separated, as `RUST_LOG` takes them
/// without span or field filters (`info,fourbot::discord::rest=debug,serenity=warn`).
///
/// # Errors
/// The directives do not parse (the parser's message).
pub fn log_targets(var: Option<&str>) -> Result<tracing_subscriber::filter::Targets, String> {
    use tracing::level_filters::LevelFilter;
    use tracing_subscriber::filter::Targets;
    let var = var.map(str::trim).filter(|v| !v.is_empty());
    let level = match var {
        None => tracing::Level::INFO,
        Some(v) => match v.parse::<tracing::Level>() {
            Ok(level) => level,
            Err(_) => return v.parse::<Targets>().map_err(|e| e.to_string()),
        },
    };
    let libraries = if level >= tracing::Level::DEBUG {
        LevelFilter::from_level(level)
    } else {
        LevelFilter::OFF
    };
    Ok(Targets::new()
        .with_target("fourbot", level)
        .with_default(libraries))
}

#[cfg(test)]
mod log_tests {
    use super::log_targets;
    use tracing::Level;

    #[test]
    fn fourbot_log_takes_a_level_or_directives() {
        let at = |var: Option<&str>, target: &str, level: Level| {
            log_targets(var).unwrap().would_enable(target, &level)
        };
        // Unset: the bot's info lines, no library's.
        assert!(at(None, "fourbot::discord", Level::INFO));
        assert!(!at(None, "fourbot::discord", Level::DEBUG));
        assert!(!at(None, "serenity::http", Level::ERROR));
        // A bare level: libraries too from debug on.
        assert!(at(Some("debug"), "serenity::http", Level::DEBUG));
        assert!(!at(Some("warn"), "serenity::http", Level::ERROR));
        // Directives, as RUST_LOG takes them.
        let d = Some("warn,fourbot::discord::rest=debug,serenity=error");
        assert!(at(d, "fourbot::discord::rest", Level::DEBUG));
        assert!(!at(d, "fourbot::host", Level::INFO));
        assert!(at(d, "fourbot::host", Level::WARN));
        assert!(at(d, "serenity::gateway", Level::ERROR));
        assert!(!at(d, "serenity::gateway", Level::WARN));
        assert!(log_targets(Some("fourbot=loud")).is_err());
    }
}
