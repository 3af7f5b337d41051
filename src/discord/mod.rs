//! The Discord front end (serenity 0.12 + poise 0.7) over the
//! transport-neutral host: parse → host → view. See `docs/discord.md`.
//!
//! - [`commands`]: the slash commands, one file per group, and
//!   [`register`]: their names and descriptions in every language, from the
//!   Fluent files.
//! - [`events`]: button presses (read once as a [`buttons::ButtonId`]) and
//!   typed moves.
//! - [`poster`]: the host's views posted into one public thread per match
//!   ([`routes`]), as Discord messages ([`messages`]).
//! - [`reply`], [`choices`], [`numbers`], [`offers`]: what the commands
//!   share (typed choice and number parameters among them).
//! - [`config`]: the environment and the HTTP client; [`limits`]: serenity's
//!   rate limiter kept from growing.
//!
//! Everything about a match, an offer or the ladder goes through the host;
//! this module only reads what Discord sends, asks the host, and turns its
//! answers into messages. It never names the store.

pub mod buttons;
pub mod check;
pub mod choices;
pub mod closes;
pub mod commands;
pub mod config;
pub mod data;
pub mod events;
pub mod leases;
pub mod limits;
pub mod messages;
pub mod modlog;
pub mod numbers;
pub mod offers;
pub mod ops;
pub mod pictures;
pub mod poster;
pub mod register;
pub mod relay;
pub mod reply;
pub mod rest;
pub mod room;
pub mod routes;
pub mod stop;
pub mod tournament_posts;
pub mod welcome;

use std::sync::Arc;

use serenity::all::{GatewayIntents, HttpError};
use serenity::gateway::GatewayError;

use crate::host::players::discord_user;
use crate::host::{EngineBot, HostConfig, Services, Shards, StoreError, TimeStyle, UserId};
use crate::i18n::{Catalog, Locale, NameStyle};

pub use config::{DiscordConfig, RunError};
pub use data::{Data, Error};
use routes::Routes;

/// Opens the store, connects to Discord, restores the running matches and
/// serves until the connection ends or SIGTERM or Ctrl-C asks it to stop
/// ([`stop`]: `Ok` then, within [`stop::GRACE`]).
///
/// # Errors
/// A rejected token, Discord's API out of reach (the first request cannot
/// be sent: [`RunError::Unreachable`]), a failed connection, a database
/// that cannot be opened, or messages that do not load.
pub async fn run(config: DiscordConfig) -> Result<(), RunError> {
    // Before anything takes a descriptor (stop.rs).
    let stop = stop::listen();
    let connecting = std::sync::atomic::AtomicBool::new(false);
    tokio::select! {
        ended = run_until(config, stop.clone(), &connecting) => ended,
        () = stop::overdue(stop, &connecting) => Ok(()),
    }
}

/// The web front end's task, stopped when dropped.
struct Serving(tokio::task::JoinHandle<()>);

impl Drop for Serving {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// The task that renews the shard leases, stopped when dropped.
struct Renewing(tokio::task::JoinHandle<()>);

impl Drop for Renewing {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// [`run`], the shards stopped when `stop` turns true; `connecting` turns
/// true when the start-up is over and the gateway connects.
async fn run_until(
    config: DiscordConfig,
    stop: stop::Stop,
    connecting: &std::sync::atomic::AtomicBool,
) -> Result<(), RunError> {
    // Guilds joined from now on get a welcome (welcome.rs).
    let started = serenity::all::Timestamp::now();
    let rest = Arc::new(rest::Rest::new(&config));
    // A request that cannot be sent at all (no route, a proxy that refuses,
    // a certificate the client does not trust — a TLS-inspecting proxy
    // without FOURBOT_CA_FILE) would leave serenity falling back to
    // wss://gateway.discord.gg and retrying without a word (its log is off
    // below debug): say so in one line and stop. An answer with an error
    // status is left to serenity, as before.
    // A 429 or 5xx here is waited out (several starts in a moment): were
    // serenity's own request for the gateway refused next, it would fall
    // back to wss://gateway.discord.gg without a word.
    // The first request also asks how many shards Discord recommends
    // (`topics/gateway`, "Get Gateway Bot").
    let gateway = bot_gateway(&rest).await?;
    let recommended = gateway.as_ref().map_or(1, |g| g.shards.max(1));
    // What this process hosts (its leases) and runs (its gateway
    // sessions): the shards asked for, or all that Discord recommends.
    let hosted = match config.shards {
        Some(s) => s,
        None => Shards::all(recommended).map_err(|e| RunError::Gateway(e.to_string()))?,
    };
    // The global rate limit is the bot's, shared by its processes.
    rest.share(hosted.last() - hosted.first() + 1, hosted.total());
    let metrics = match config.metrics {
        Some(addr) => {
            let handle = ops::install().map_err(RunError::Metrics)?;
            let listener = ops::bind(addr).await.map_err(RunError::Metrics)?;
            Some((handle, listener))
        }
        None => None,
    };

    // The web front end's address is taken at once, like the metrics'.
    let web_listener = match &config.web {
        Some(web) => Some(
            tokio::net::TcpListener::bind(web.addr)
                .await
                .map_err(|e| RunError::Web(format!("cannot listen on {}: {e}", web.addr)))?,
        ),
        None => None,
    };

    let catalog = Arc::new(
        Catalog::new()
            .map(|c| c.with_names(NameStyle::Discord))
            .map_err(|e| RunError::Catalog(e.to_string()))?,
    );
    let url = config.database_url.clone();
    let store_error = |e: &dyn std::fmt::Display| RunError::Store {
        url: crate::host::redact_url(&url),
        reason: e.to_string(),
    };
    let (services, views, hosting) = Services::open_hosting(
        &url,
        hosted,
        catalog,
        Arc::new(EngineBot::default()),
        HostConfig {
            time_style: TimeStyle::DiscordRelative,
            images: true,
        },
        config.challenge_expiry,
    )
    .await
    .map_err(|e| match e {
        e @ StoreError::ShardOwned { .. } => RunError::ShardOwned(e.to_string()),
        e => store_error(&e),
    })?;
    tracing::debug!(shards = %hosted, "hosting the guilds of these shards");
    let hosting = Arc::new(hosting);
    // The leases are renewed from the moment they are claimed (the rest of
    // the start-up reads the store and may outlast a lease: issue 33); a
    // lease lost (another process took a shard over after this one
    // stalled) ends the bot.
    let (lost_tx, mut lost_rx) = tokio::sync::watch::channel(None::<String>);
    let renewing = {
        let hosting = hosting.clone();
        // Stopped however the start-up ends, an early error included.
        Renewing(tokio::spawn(async move {
            let mut every = tokio::time::interval(hosting.renew_every());
            every.tick().await;
            loop {
                every.tick().await;
                match hosting.renew().await {
                    Ok(()) => {}
                    Err(e @ StoreError::LeaseLost { .. }) => {
                        let _ = lost_tx.send(Some(e.to_string()));
                        return;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "renewing the shard leases failed; retrying")
                    }
                }
            }
        }))
    };
    // The web front end (docs/web.md), on this runtime over the same
    // host; it stops with the bot (a stop signal ends its event streams,
    // and whatever ends this function ends it).
    let web = web_listener.as_ref().map(|_| {
        let mut web = fourbot_web::Web::new(&services);
        if let Some(c) = &config.web {
            // Sessions' cookies are `Secure` behind an https public URL.
            let secure = c
                .public_url
                .as_deref()
                .is_some_and(|u| u.starts_with("https://"));
            web = web.signing(c.secret.clone(), secure);
            if let Some(url) = &c.public_url {
                web = web.reached_at(url);
            }
        }
        web
    });
    let web_links = web.as_ref().and_then(|web| {
        let public_url = config.web.as_ref()?.public_url.clone()?;
        Some(data::WebLinks {
            web: web.clone(),
            public_url,
        })
    });
    let _web = web_listener.zip(web).map(|(listener, web)| {
        let mut stopping = stop.clone();
        let stopped = async move {
            let _ = stopping.wait_for(|s| *s).await;
        };
        if let Some(c) = &config.web {
            tracing::info!(addr = %c.addr, public_url = c.public_url.as_deref().unwrap_or(""), "serving the web front end");
        }
        let task = tokio::spawn(async move {
            if let Err(e) = fourbot_web::serve(listener, web, stopped).await {
                tracing::error!(error = %e, "the web front end stopped");
            }
        });
        Serving(task)
    });
    let mut routes = Routes::load(services.threads.clone())
        .await
        .map_err(|e| store_error(&e))?;
    // As long as the host keeps a finished match (its rematch window).
    routes.forget_finished_after(services.host.forget_time());
    routes.clock = services.host.clock().clone();
    if let Err(e) = routes.import_file(&config.threads_file).await {
        tracing::error!(path = %config.threads_file.display(), error = %e, "importing the threads file failed");
    }
    let routes = Arc::new(routes);
    let settings = services.settings.with_bounds(config.bounds);
    let analyses = crate::host::analysis::Analyses::new(
        services.host.clone(),
        services.ladder.clone(),
        settings.clone(),
        config.bounds.analysis_queue,
    );
    let data = Arc::new(Data {
        host: services.host,
        offers: services.offers.with_bounds(config.bounds),
        ladder: services.ladder,
        tournaments: services.tournaments.clone(),
        tournament_news: parking_lot::Mutex::new(
            services.tournament_news.lock().expect("news lock").take(),
        ),
        command_ids: Default::default(),
        modlog_posts: parking_lot::Mutex::new(
            services.modlog_posts.lock().expect("modlog lock").take(),
        ),
        settings,
        routes: routes.clone(),
        rest: rest.clone(),
        language_overrides: Default::default(),
        test_time_scale: config.test_time_scale,
        message_content: std::sync::atomic::AtomicBool::new(true),
        bot_user: Default::default(),
        shards_seen: Default::default(),
        replays: Default::default(),
        archive_uses: Default::default(),
        analyses,
        started,
        welcomed: Default::default(),
        web_links,
    });
    // `/config`'s limit options are registered with the operator's bounds.
    numbers::set_bounds(config.bounds);
    if let Some(d) = config.test_time_scale {
        tracing::warn!(
            divisor = d,
            "test build: every new match's clock is divided"
        );
    }

    let health = ops::Health::default();
    if let Some((handle, listener)) = metrics {
        tokio::spawn(ops::serve(listener, handle, health.clone()));
    }
    connecting.store(true, std::sync::atomic::Ordering::SeqCst);
    let ended = connect(
        &config,
        &rest,
        &data,
        routes,
        views,
        hosted,
        &health,
        &mut lost_rx,
        gateway.as_ref().map(|g| &g.session_start_limit),
        &stop,
    )
    .await;
    drop(renewing);
    // A clean stop gives the shards up at once (a lost lease is not ours).
    if !matches!(ended, Err(RunError::LeaseLost(_))) {
        if let Err(e) = hosting.release().await {
            tracing::warn!(error = %e, "releasing the shard leases failed; they expire on their own");
        }
    }
    ended
}

/// `GET /gateway/bot` (the recommended number of shards and the session
/// start limit; `None` when Discord answered with an error), with one line when
/// Discord's API cannot be reached at all (no route, a proxy that refuses,
/// a certificate the client does not trust — a TLS-inspecting proxy
/// without FOURBOT_CA_FILE: serenity would fall back to
/// wss://gateway.discord.gg and retry without a word, its log off below
/// debug). A 429 or 5xx is waited out (several starts in a moment); an
/// answer with another error status leaves one shard to serenity.
async fn bot_gateway(rest: &rest::Rest) -> Result<Option<serenity::all::BotGateway>, RunError> {
    let mut attempt = 0;
    loop {
        match rest
            .paced(serenity::http::Route::GatewayBot, |http| {
                http.get_bot_gateway()
            })
            .await
        {
            Ok(gateway) => return Ok(Some(gateway)),
            Err(serenity::Error::Http(HttpError::Request(e))) => {
                return Err(RunError::Unreachable(config::chain(&e)));
            }
            Err(e) => match rest::retry_pause(&e, attempt) {
                Some(pause) => {
                    attempt += 1;
                    tokio::time::sleep(pause).await;
                }
                None => return Ok(None),
            },
        }
    }
}

/// Connects to the gateway with the shards of `hosted` (more, after a
/// 4011, when it hosts them all) and serves until the connection ends, a
/// fatal close, or a lost lease.
#[allow(clippy::too_many_arguments)]
async fn connect(
    config: &DiscordConfig,
    rest: &Arc<rest::Rest>,
    data: &Arc<Data>,
    routes: Arc<Routes>,
    views: tokio::sync::mpsc::UnboundedReceiver<crate::host::View>,
    hosted: Shards,
    health: &ops::Health,
    lost: &mut tokio::sync::watch::Receiver<Option<String>>,
    session_starts: Option<&serenity::all::SessionStartLimit>,
    stopping: &stop::Stop,
) -> Result<(), RunError> {
    // The shards of the gateway sessions: those hosted, until a 4011 asks
    // for more (the leases stay: they cover every guild either way).
    let mut sessions = hosted;
    // The shards connect through the relay, which reports the closes
    // serenity cannot act on (closes.rs); they stop the shards, and what
    // came is kept here.
    let (fatal_tx, mut fatal_rx) = tokio::sync::mpsc::unbounded_channel();
    let wanted: relay::Wanted = {
        let routes = routes.clone();
        Arc::new(move |channel| routes.has_thread(serenity::all::ChannelId::from(channel)))
    };
    let relay = relay::Relay::start(fatal_tx, session_starts, wanted)
        .await
        .map_err(|e| RunError::Gateway(format!("cannot start the gateway relay: {e}")))?;
    let fatal: Arc<std::sync::Mutex<Option<closes::FatalClose>>> = Arc::default();
    let manager: Arc<std::sync::Mutex<Option<Arc<serenity::all::ShardManager>>>> = Arc::default();
    let watcher = {
        let (fatal, manager) = (fatal.clone(), manager.clone());
        tokio::spawn(async move {
            while let Some(close) = fatal_rx.recv().await {
                fatal.lock().expect("fatal lock").get_or_insert(close);
                let current = manager.lock().expect("manager lock").clone();
                if let Some(m) = current {
                    m.shutdown_all().await;
                }
            }
        })
    };
    // The outbox is read by one poster, started on the first READY.
    let views = Arc::new(std::sync::Mutex::new(Some(views)));
    let mut intents = config::intents();
    let ended = loop {
        let framework = events::PerInteraction {
            poise: framework(
                data.clone(),
                routes.clone(),
                views.clone(),
                config.dev_guild,
            ),
            data: data.clone(),
        };
        let mut client =
            match serenity::all::ClientBuilder::new_with_http(rest.connection_http(), intents)
                .cache_settings(config::cache_settings())
                .framework(framework)
                .await
            {
                Ok(c) => c,
                Err(e) => break Err(RunError::Gateway(e.to_string())),
            };
        // Discord's gateway URL (from serenity's GET /gateway) goes to the
        // relay, the relay's to serenity.
        {
            let mut ws_url = client.ws_url.lock().await;
            relay.open(ws_url.clone());
            *ws_url = relay.url().to_string();
        }
        let shards = client.shard_manager.clone();
        *manager.lock().expect("manager lock") = Some(shards.clone());
        let relay_view = relay.watch();
        health.watch(
            Arc::new(move |first, last| relay_view.down(first, last)),
            sessions.first(),
            sessions.last(),
        );
        let mut stop = lost.clone();
        // SIGTERM and Ctrl-C were listened for once, at the start (stop.rs).
        let mut asked = stopping.clone();
        let interrupt = tokio::spawn(async move {
            tokio::select! {
                _ = asked.wait_for(|asked| *asked) => {}
                _ = stop.wait_for(Option::is_some) => {}
            }
            shards.shutdown_all().await;
        });
        tracing::debug!(shards = %sessions, "connecting to the gateway");
        // serenity 0.12.5 runs `range.start..=range.end` (its
        // `start_connection(start, end, total)`).
        let ended = client
            .start_shard_range(sessions.first()..sessions.last(), sessions.total())
            .await;
        interrupt.abort();
        if *stopping.borrow() {
            break Ok(());
        }
        if let Some(why) = lost.borrow().clone() {
            tracing::error!("{why}: another process hosts those guilds now; stopping");
            break Err(RunError::LeaseLost(why));
        }
        let close = fatal.lock().expect("fatal lock").take();
        if let Some(close) = close {
            match fatal_close(close, &mut sessions, hosted, rest).await {
                Ok(()) => continue,
                Err(e) => break Err(e),
            }
        }
        match ended {
            Ok(()) => break Ok(()),
            // The bot's end: its one line is the error's (cli/bot.rs).
            Err(serenity::Error::Gateway(GatewayError::InvalidAuthentication)) => {
                break Err(RunError::InvalidToken);
            }
            Err(serenity::Error::Gateway(GatewayError::InvalidGatewayIntents)) => {
                break Err(RunError::FatalClose {
                    code: 4013,
                    meaning: closes::meaning(4013),
                    hint: "a bug of this version: report it",
                });
            }
            // Close code 4014: the application may not use a privileged
            // intent it asked for (topics/Opcodes_and_Status_Codes.md,
            // "Gateway Close Event Codes"). Message Content is the only one
            // asked for, and only typed moves need it.
            Err(serenity::Error::Gateway(GatewayError::DisallowedGatewayIntents))
                if intents.contains(GatewayIntents::MESSAGE_CONTENT) =>
            {
                tracing::warn!(
                    "Discord refused the Message Content intent (gateway close 4014: it is not \
                     switched on for this application in the developer portal). Connecting \
                     without it: moves are played with the buttons, and typed moves are seen \
                     only as replies to the bot's messages or when they mention the bot."
                );
                intents.remove(GatewayIntents::MESSAGE_CONTENT);
                data.set_message_content(false);
            }
            // The gateway's address was refused with a 429 (several starts
            // in a moment): wait and connect again.
            Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(r)))
                if r.status_code.as_u16() == 429 =>
            {
                tracing::warn!("Discord rate limited the start; connecting again in a second");
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            }
            Err(e) => break Err(RunError::Gateway(e.to_string())),
        }
    };
    watcher.abort();
    ended
}

/// Acts on a fatal close (closes.rs) of one of the `sessions`: 4011
/// ("sharding required") when this process hosts every shard reconnects
/// with more shards — Discord's new recommendation, at least twice as many
/// — and is `Ok`; anything else is the bot's end, in one line.
///
/// # Errors
/// [`RunError::FatalClose`] with what to do.
async fn fatal_close(
    close: closes::FatalClose,
    sessions: &mut Shards,
    hosted: Shards,
    rest: &rest::Rest,
) -> Result<(), RunError> {
    let shard = close
        .shard
        .map(|s| format!("shard {s}/{}", sessions.total()))
        .unwrap_or_else(|| format!("a shard of {}", sessions.total()));
    let every = hosted.first() == 0 && hosted.last() + 1 == hosted.total();
    if close.code == 4011 && every {
        let recommended = match bot_gateway(rest).await {
            Ok(Some(g)) => g.shards.max(1),
            _ => 1,
        };
        let more = recommended.max(sessions.total().saturating_mul(2));
        *sessions = Shards::all(more).map_err(|e| RunError::Gateway(e.to_string()))?;
        tracing::warn!(
            "gateway close 4011 on {shard} ({}): reconnecting with {more} shards",
            close.meaning()
        );
        return Ok(());
    }
    let hint = match close.code {
        4011 => "run more shards: a larger total in --shards, on every process",
        4010 => "check --shards: each shard must be below the total",
        _ => "a bug of this version: report it",
    };
    // The bot's end: its one line is the error's (cli/bot.rs), which names
    // the shard in its hint.
    tracing::debug!("gateway close {} on {shard}", close.code);
    Err(RunError::FatalClose {
        code: close.code,
        meaning: close.meaning(),
        hint,
    })
}

/// The poise framework of one connection: the commands, the event handler,
/// and a setup that returns at once on READY — it starts the poster (once)
/// and the start-up work in the background ([`start_up`]), since poise
/// holds back every event until the setup has returned.
fn framework(
    data: Arc<Data>,
    routes: Arc<Routes>,
    views: Arc<std::sync::Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<crate::host::View>>>>,
    dev_guild: Option<u64>,
) -> poise::Framework<Arc<Data>, Error> {
    let commands = register::commands(data.catalog());
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            event_handler: events::handle,
            on_error: |error| Box::pin(commands::on_error(error)),
            pre_command: |ctx| Box::pin(commands::before(ctx)),
            prefix_options: poise::PrefixFrameworkOptions {
                mention_as_prefix: false,
                ..Default::default()
            },
            // poise's default pings every user a reply mentions: a reply
            // names whom it pings (`mentions_only`), else nobody.
            allowed_mentions: Some(messages::mentions_only(&[])),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |_ctx, ready, _framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "connected to Discord");
                // The first hour: the link that adds this bot to a server
                // (docs/discord.md, "Set-up").
                tracing::info!(
                    invite = %room::invite_url(ready.application.id.get()),
                    "add the bot to a server with this link"
                );
                let bot = UserId(ready.user.id.get());
                data.set_bot_user(bot);
                data.rest.set_application_id(ready.application.id);
                if let Some(views) = views.lock().expect("views lock").take() {
                    let (lost, unreachable) = tokio::sync::mpsc::unbounded_channel();
                    tokio::spawn(poster::run(data.rest.clone(), routes, views, lost));
                    tokio::spawn(limits::prune(data.rest.shared().clone()));
                    tokio::spawn(room::abort_unreachable(
                        data.clone(),
                        ready.user.name.clone(),
                        unreachable,
                    ));
                }
                if !data.routes.startup.begin() {
                    // A reconnect after a refused intent: started already.
                    return Ok(data);
                }
                let starting = data.clone();
                tokio::spawn(async move {
                    start_up(&starting, bot, dev_guild).await;
                    starting.routes.startup.finish();
                });
                Ok(data)
            })
        })
        .build()
}

/// What the bot does once connected, while events are already answered
/// (a press on a running match waits for it, after its acknowledgement:
/// [`routes::Startup::wait`]): registers the slash commands (in a task of
/// its own), restores the running matches, re-arms the
/// expiry of open challenges and seeks, and posts match ends that were
/// committed but not posted.
async fn start_up(data: &Arc<Data>, bot: UserId, dev_guild: Option<u64>) {
    // The commands, alongside: nothing below waits for Discord's answer
    // (a slow one must not hold back the restored matches).
    let registering = data.clone();
    tokio::spawn(async move {
        match register::register(&registering.rest, registering.catalog(), dev_guild).await {
            Ok(ids) => *registering.command_ids.write() = ids.into_iter().collect(),
            Err(e) => tracing::error!(error = %e, "registering the slash commands failed"),
        }
    });
    // Tournaments follow match ends from before the matches are restored
    // (a restored match may end at once), and pair what is due.
    // The moderation log posts in its channels from the start.
    let posts = data.modlog_posts.lock().take();
    if let Some(posts) = posts {
        tokio::spawn(modlog::run(data.clone(), posts));
    }
    let news = data.tournament_news.lock().take();
    if let Some(news) = news {
        tokio::spawn(tournament_posts::run(data.clone(), news));
        // Under a test time scale the arenas' windows are divided, and the
        // director's clock ticks as much faster (100 ms at least).
        let every = match data.test_time_scale {
            Some(d) => {
                data.tournaments.set_time_scale(d);
                (std::time::Duration::from_secs(5) / d.min(1000) as u32)
                    .max(std::time::Duration::from_millis(100))
            }
            None => std::time::Duration::from_secs(5),
        };
        data.tournaments.spawn(every);
    }
    // Running matches continue (docs/rules.md §4: the turn in progress
    // restarts with its bank), each in its own language; their threads
    // come from the store.
    let to_user = |p: &crate::host::PlayerInfo| discord_user(p, bot);
    match data.host.restore(Locale::FALLBACK, to_user).await {
        Ok(ids) if !ids.is_empty() => {
            tracing::info!(matches = ids.len(), "running matches restored");
            // The players' first presses after the restart find their
            // settings kept.
            data.settings.prefetch(
                ids.iter()
                    .filter_map(|&id| data.host.spec(id))
                    .flat_map(|spec| spec.players)
                    .filter(|p| p.ai_level.is_none())
                    .map(|p| p.id),
            );
        }
        Ok(_) => {}
        Err(e) => tracing::error!(error = %e, "restoring the running matches failed"),
    }
    // Open challenges and seeks expire at their stored times.
    offers::rearm(data.clone()).await;
    // A match whose end was committed but not posted before the process
    // died: post its end now.
    let unposted = data.routes.unfinished();
    match data
        .host
        .announce_unposted_ends(&unposted, Locale::FALLBACK, to_user)
        .await
    {
        Ok(ids) if !ids.is_empty() => {
            tracing::info!(matches = ids.len(), "unposted match ends posted");
        }
        Ok(_) => {}
        Err(e) => tracing::error!(error = %e, "posting unposted match ends failed"),
    }
}
