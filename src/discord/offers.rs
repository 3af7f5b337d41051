//! What `/challenge` and `/seek` share on Discord: a completed offer opens
//! its match in a public thread on the offer's message; an offer's message
//! loses its buttons when it expires (a timer per offer, re-armed at
//! start-up); a refused press on an expired offer takes them away at once.
//! The rules themselves are the host's ([`crate::host::offers`]).

use std::sync::Arc;

use poise::CreateReply;
use serenity::all::{
    AutoArchiveDuration, Builder, ChannelId, ComponentInteraction, Context as SerenityContext,
    CreateActionRow, CreateInteractionResponse, CreateInteractionResponseFollowup, CreateThread,
    EditInteractionResponse, Http, MessageId,
};

use crate::game::Variant;
use crate::host::offers::{Completed, Expired, Lookup, OfferId, OfferPress, OfferPresser};
use crate::host::present::versus_shaped;
use crate::host::terms::{time_text, MatchTerms};
use crate::host::{Denial, GuildId, MatchId, MatchSpec, Seated, TournamentMatch, UserId};
use crate::i18n::{id, Args, Catalog, Locale, Message};
use crate::play::ClockSettings;

use super::data::{Context, Data, Error};
use super::messages::{clip, mentions_only};
use super::reply::{deny, guild_locale, guild_of, private_followup, seated, user_locale};
use super::rest::acknowledge;
use super::rest::{is_code, with_retries};
use super::room;
use super::routes::{MatchPage, Route};

/// The guild and terms of a `/challenge` or `/seek` typed in `ctx`: the
/// variant and time the player chose, or the server's defaults
/// ([`Offers::terms`]). `None` when the command was refused (a channel
/// where no match can open, or terms the server does not allow): the
/// player has already been told why. Only for `guild_only` commands
/// ([`guild_of`]).
pub async fn offer_terms(
    ctx: Context<'_>,
    variant: Option<Variant>,
    time: Option<&str>,
) -> Result<Option<(GuildId, MatchTerms)>, Error> {
    let guild = guild_of(ctx);
    let (kind, permissions) = match ctx {
        poise::Context::Application(a) => (
            a.interaction.channel.as_ref().map(|c| c.kind),
            a.interaction.app_permissions,
        ),
        poise::Context::Prefix(_) => (None, None),
    };
    let place = OfferPlace {
        guild,
        channel: ctx.channel_id(),
        kind,
        permissions,
        reader: user_locale(ctx),
        guild_locale: guild_locale(ctx),
    };
    match terms_at(ctx.data(), &place, variant, time).await {
        Ok(terms) => Ok(Some((guild, terms))),
        Err(d) => deny(ctx, &d).await.map(|()| None),
    }
}

/// Where an offer is asked for, whichever interaction asked (a slash
/// command or a press in the Challenge form): what [`terms_at`] checks.
#[derive(Clone, Debug)]
pub struct OfferPlace {
    /// The server.
    pub guild: GuildId,
    /// The channel the offer is posted in.
    pub channel: ChannelId,
    /// Its kind, as the interaction gave it.
    pub kind: Option<serenity::all::ChannelType>,
    /// The bot's permissions there, as the interaction gave them.
    pub permissions: Option<serenity::all::Permissions>,
    /// The asker's language (for the names of missing permissions).
    pub reader: Locale,
    /// The server's Discord locale.
    pub guild_locale: Option<String>,
}

/// The terms of an offer asked for at `place`: the variant and time
/// chosen, or the server's defaults ([`Offers::terms`]).
///
/// # Errors
/// A channel where no match can open (its kind, or permissions the bot
/// lacks there), or terms the server does not allow.
pub async fn terms_at(
    data: &Data,
    place: &OfferPlace,
    variant: Option<Variant>,
    time: Option<&str>,
) -> Result<MatchTerms, Denial> {
    let catalog = data.catalog();
    let name = |m| catalog.render(place.reader, &Message::new(m));
    if let Some(d) = room::denial(place.kind, place.permissions, name) {
        return Err(d);
    }
    data.offers
        .terms(
            place.guild,
            place.channel.get(),
            variant,
            time,
            place.guild_locale.as_deref(),
        )
        .await
}

/// How the member who asked for an offer is answered: privately, and with
/// the offer's public message — the slash command's own interaction, or a
/// press in the Challenge form (`/challenge`'s user command), acknowledged
/// already, whose follow-ups post them.
pub enum Asker<'a> {
    /// A slash command (deferred privately by the pre-command hook).
    Command(Context<'a>),
    /// A press, acknowledged (a deferred update of the form's message).
    Press {
        /// The client that answers it.
        http: &'a Http,
        /// The press.
        press: &'a ComponentInteraction,
    },
}

impl Asker<'_> {
    /// The interaction's token: the offer's message is edited through it
    /// (its expiry, an answer), for its 15 minutes.
    pub fn token(&self) -> String {
        match self {
            Asker::Command(ctx) => match ctx {
                poise::Context::Application(a) => a.interaction.token.clone(),
                poise::Context::Prefix(_) => String::new(),
            },
            Asker::Press { press, .. } => press.token.clone(),
        }
    }

    /// A private answer (a press: the form's message shows it, its
    /// selects gone).
    ///
    /// # Errors
    /// Discord refused it.
    pub async fn private(&self, text: String) -> Result<(), Error> {
        match self {
            Asker::Command(ctx) => super::reply::private(*ctx, text).await,
            Asker::Press { http, press } => {
                let edit = EditInteractionResponse::new()
                    .content(clip(&text))
                    .components(Vec::new())
                    .allowed_mentions(mentions_only(&[]));
                press.edit_response(http, edit).await?;
                Ok(())
            }
        }
    }

    /// A private refusal that leaves a press's form as it is (a new
    /// private message), for another try.
    ///
    /// # Errors
    /// Discord refused it.
    pub async fn refuse(&self, text: String) -> Result<(), Error> {
        match self {
            Asker::Command(ctx) => super::reply::private(*ctx, text).await,
            Asker::Press { http, press } => {
                press.create_followup(http, private_followup(&text)).await?;
                Ok(())
            }
        }
    }

    /// The offer's public message in the channel asked from, pinging
    /// `pinged` only.
    ///
    /// # Errors
    /// Discord refused it.
    pub async fn public(
        &self,
        text: &str,
        rows: Vec<CreateActionRow>,
        pinged: &[UserId],
    ) -> Result<serenity::all::Message, Error> {
        match self {
            Asker::Command(ctx) => {
                let reply = ctx
                    .send(
                        CreateReply::default()
                            .content(clip(text))
                            .components(rows)
                            .allowed_mentions(mentions_only(pinged)),
                    )
                    .await?;
                Ok(reply.message().await?.into_owned())
            }
            Asker::Press { http, press } => {
                let followup = CreateInteractionResponseFollowup::new()
                    .content(clip(text))
                    .components(rows)
                    .allowed_mentions(mentions_only(pinged));
                Ok(press.create_followup(http, followup).await?)
            }
        }
    }
}

/// This bot's user (the id of AI seats), as the gateway's ready event
/// gave it.
pub fn bot_user(ctx: &SerenityContext) -> UserId {
    UserId(ctx.cache.current_user().id.get())
}

/// Discord's JSON error code for a second thread on one message.
const THREAD_ALREADY_CREATED: isize = 160004;

/// Where a new match is played: the message its thread opens on.
#[derive(Clone, Copy, Debug)]
pub struct MatchPlace {
    /// The channel of the message.
    pub channel: ChannelId,
    /// The message (challenge) the thread opens on.
    pub message: MessageId,
    /// The server.
    pub guild: GuildId,
    /// Language of the public messages.
    pub locale: Locale,
}

/// The name of a match's thread in `l` ("alice vs bob · Classic 10+10"),
/// within Discord's 100 characters of a channel name; also the match's
/// name in a select menu. Neither renders markdown or mentions: the names
/// are shaped plain (cleaned and capped, no escapes; docs/discord.md
/// "Names in text").
pub fn thread_name(
    catalog: &Catalog,
    l: Locale,
    players: &[Seated],
    variant: Variant,
    clock: ClockSettings,
) -> String {
    let plain: Vec<String> = players
        .iter()
        .map(|p| crate::i18n::shape_name(&p.name, crate::i18n::NameStyle::Plain))
        .collect();
    let name = catalog.text(
        l,
        id::THREAD_NAME,
        &Args::new()
            .set("players", versus_shaped(catalog, l, variant, &plain))
            .set("variant", catalog.variant_name(l, variant))
            .set("time", time_text(clock.control)),
    );
    crate::i18n::clip_chars(&name, 100)
}

/// Opens the match's public thread on the offer message and starts the
/// match there; its first turn follows from the host's outbox. A
/// tournament's board passes its pairing (`tournament`), which the match
/// is stored with (rated only in a rated tournament).
///
/// # Errors
/// The thread could not be created, or the host refused the match.
pub async fn open_match(
    data: &Data,
    place: MatchPlace,
    players: Vec<Seated>,
    variant: Variant,
    clock: ClockSettings,
    tournament: Option<TournamentMatch>,
) -> Result<MatchId, Error> {
    // Read while the thread starts: the first press finds them kept.
    data.settings.prefetch(
        players
            .iter()
            .filter(|p| p.ai_level.is_none())
            .map(|p| p.id),
    );
    let l = place.locale;
    let name = thread_name(data.catalog(), l, &players, variant, clock);
    // Retried like a post (a 429 waits, a 5xx retries); a retry of a start
    // that Discord carried out is answered 160004 "A thread has already
    // been created for this message": that thread, whose id is the
    // message's (`topics/threads`), is the match's.
    let thread_route = serenity::http::Route::ChannelMessageThreads {
        channel_id: place.channel,
        message_id: place.message,
    };
    // The thread stays in the channel's list as long as the match can go
    // quiet (Discord archives it after that long without a message).
    let clock = data.match_clock(clock);
    let archive = auto_archive(clock.longest_quiet_ms(board_cells(variant)));
    let started = with_retries("start the match thread", || {
        data.rest.paced(thread_route, |http| {
            place.channel.create_thread_from_message(
                http,
                place.message,
                CreateThread::new(name.clone()).auto_archive_duration(archive),
            )
        })
    })
    .await;
    let thread_id = match started {
        Ok(thread) => thread.id,
        Err(e) if is_code(&e, THREAD_ALREADY_CREATED) => ChannelId::new(place.message.get()),
        Err(e) => return Err(e.into()),
    };
    let spec = MatchSpec {
        tournament,
        ..data
            .offers
            .match_spec(place.guild, l, players.clone(), variant, clock)
    };
    let mut route = Route::new(thread_id, players.iter().map(|p| p.id).collect(), l);
    // The poster waits for the route of a match it has views of
    // (`Routes::wait`).
    let id = data.host.create_match(spec).await?;
    route.web = data
        .web_page(place.guild, &fourbot_web::paths::match_page(id))
        .await
        .map(|url| MatchPage {
            url,
            watch: data.catalog().plain(l, id::WEB_WATCH),
            replay: data.catalog().plain(l, id::WEB_REPLAY),
        });
    data.routes.insert(id, route).await;
    tracing::info!(match_id = %id, thread = %thread_id, "match started");
    Ok(id)
}

/// The cells of `variant`'s board: a bound on the moves a player makes in
/// a two-game match (half the cells a game) for the variants without
/// pops; a popping match may go longer, and its thread archives at the
/// longest Discord keeps one open anyway.
fn board_cells(variant: Variant) -> u64 {
    let g = variant.rules().geometry;
    u64::from(g.width()) * u64::from(g.height())
}

/// The shortest of Discord's auto-archive durations (1 hour, 1 day, 3
/// days, a week; `resources/channel`, "Thread Metadata Object") that is at
/// least `quiet_ms`, else a week: a thread Discord archived is unarchived
/// by the next post into it, but it leaves the channel's list meanwhile.
pub fn auto_archive(quiet_ms: u64) -> AutoArchiveDuration {
    const MINUTE_MS: u64 = 60_000;
    [
        AutoArchiveDuration::OneHour,
        AutoArchiveDuration::OneDay,
        AutoArchiveDuration::ThreeDays,
    ]
    .into_iter()
    .find(|d| u64::from(u16::from(*d)) * MINUTE_MS >= quiet_ms)
    .unwrap_or(AutoArchiveDuration::OneWeek)
}

/// Starts the match of a challenge or seek (`offer`) that `press`
/// completed, in a task of its own: [`open_match`] on the pressed message,
/// then records the match with the offer. If that fails, it is logged and
/// the presser gets a private apology in `locale` (through the press's
/// token; if even that fails, it is logged).
///
/// Its own task, so that the press's event and its handler are let go at
/// once: the thread start waits for its turn in Discord's global limit
/// ([`super::rest::Rest::paced`]), and a thousand accepts within a minute
/// wait up to 45 s each; held by their handlers, their events and futures
/// were most of the bot's peak memory (docs/benchmarks.md, issue 18).
pub fn open_offered_match(
    http: Arc<Http>,
    data: Arc<Data>,
    press: &ComponentInteraction,
    offer: OfferId,
    done: Completed,
    locale: Locale,
) {
    let place = MatchPlace {
        channel: press.channel_id,
        message: press.message.id,
        guild: done.guild,
        locale: done.public,
    };
    let token = press.token.clone();
    tokio::spawn(async move {
        match open_match(&data, place, done.players, done.variant, done.clock, None).await {
            Ok(id) => data.offers.set_match(offer, id).await,
            Err(e) => {
                tracing::error!(error = %e, challenge = offer.0, "opening the match failed");
                let apology = data.catalog().plain(locale, id::ERROR_INTERNAL);
                if let Err(e) = private_followup(&apology)
                    .execute(&*http, (None, &token))
                    .await
                {
                    tracing::warn!(error = %e, challenge = offer.0, "the apology could not be sent");
                }
            }
        }
    });
}

/// A press on an offer's buttons, a challenge's or a seek's (on its
/// message or in a `/matches` list): acknowledged at once (the answer is
/// written to the store, then the message is edited through the press's
/// token), answered by the host ([`Offers::press`]), the message edited to
/// what the host says it reads, and the match opened when the press
/// completed the offer.
///
/// # Errors
/// A Discord request failed.
pub async fn on_offer_press(
    ctx: &SerenityContext,
    data: &Arc<Data>,
    press: &ComponentInteraction,
    offer: OfferId,
    what: OfferPress,
    locale: Locale,
) -> Result<(), Error> {
    if !acknowledge(&ctx.http, press, &CreateInteractionResponse::Acknowledge).await? {
        return Ok(());
    }
    data.routes.startup.wait().await;
    let me = seated(&press.user, press.member.as_ref());
    let by = OfferPresser {
        player: &me,
        message: press.message.id.get(),
        locale,
    };
    let answered = match data
        .offers
        .press(offer, by, what, bot_user(ctx), data.host.clock().unix_ms())
        .await
    {
        Ok(a) => a,
        Err(d) => return refuse_press(ctx, data, press, offer, &d, locale).await,
    };
    let text = clip(&answered.text);
    if let Some((token, message)) = &answered.withdrawn_elsewhere {
        // Withdrawn from `/matches`: the offer's own message is edited
        // through its command's token; the list says it is done.
        close_offer_message(&ctx.http, token, *message, text).await?;
        let response = EditInteractionResponse::new()
            .content(clip(&answered.line))
            .components(Vec::new())
            .allowed_mentions(mentions_only(&[]));
        with_retries("edit the list", || {
            press.edit_response(&ctx.http, response.clone())
        })
        .await?;
        return Ok(());
    }
    let mut response = EditInteractionResponse::new()
        .content(text)
        .allowed_mentions(mentions_only(&[]));
    if !answered.open {
        response = response.components(Vec::new());
    }
    with_retries("edit the offer", || {
        press.edit_response(&ctx.http, response.clone())
    })
    .await?;
    if let Some(done) = answered.complete {
        open_offered_match(ctx.http.clone(), data.clone(), press, offer, done, locale);
    }
    Ok(())
}

/// The text an expired offer's message is left with.
pub fn expired_text(data: &Data, e: &Expired) -> String {
    let notice = data.catalog().plain(e.locale, e.notice());
    clip(&format!("{}\n{notice}", e.text))
}

/// Refuses a press on offer `id` (acknowledged already, with a deferred
/// update) privately with `denial` in `locale`. When it says the offer
/// expired and it did (or the store does not know it), the message first
/// loses its buttons — with the expiry notice when the store has its text
/// — as if its timer had fired.
///
/// # Errors
/// A Discord request failed.
pub async fn refuse_press(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
    id: OfferId,
    denial: &Denial,
    locale: Locale,
) -> Result<(), Error> {
    let text = clip(&data.catalog().render(locale, denial.message()));
    let lookup = if Lookup::is_expiry(denial) {
        data.offers
            .lookup_expired(id, data.host.clock().unix_ms())
            .await
    } else {
        Lookup::Closed
    };
    let update = EditInteractionResponse::new()
        .components(Vec::new())
        .allowed_mentions(mentions_only(&[]));
    let update = match lookup {
        Lookup::Closed => None,
        Lookup::Expired(e) => Some(update.content(expired_text(data, &e))),
        Lookup::Unknown => Some(update),
    };
    if let Some(update) = update {
        press.edit_response(&ctx.http, update).await?;
    }
    press
        .create_followup(&ctx.http, private_followup(&text))
        .await?;
    Ok(())
}

/// Posts an offer's message — its text and its row of buttons, pinging
/// only `pinged` — for `asker` (a command deferred privately by
/// [`super::commands::before`], or a press in the Challenge form), records
/// it as offer `offer`'s message, and arms its expiry at
/// `expires_unix_ms`. The private answer becomes a short "posted, expires
/// …" (`reader`'s language); the offer is a public follow-up, so that its
/// mentions ping (an edit, and a deferred answer's first follow-up, which
/// replaces it, ping nobody).
///
/// # Errors
/// Discord refused the reply.
#[allow(clippy::too_many_arguments)]
pub async fn post_offer(
    asker: &Asker<'_>,
    data: &Arc<Data>,
    reader: Locale,
    offer: OfferId,
    text: &str,
    buttons: CreateActionRow,
    pinged: &[UserId],
    expires_unix_ms: i64,
) -> Result<(), Error> {
    let posted = data.catalog().text(
        reader,
        id::OFFER_POSTED,
        &Args::new().set("expires", format!("<t:{}:R>", expires_unix_ms / 1000)),
    );
    asker.private(posted).await?;
    let message = asker.public(text, vec![buttons], pinged).await?;
    data.offers.set_message(offer, message.id.get()).await;
    arm_expiry(data.clone(), expires_unix_ms);
    Ok(())
}

/// Waits until `expires_unix_ms` (wall clock), then expires every challenge
/// and seek due and takes their buttons away. Spawned for each new
/// challenge and seek, and for every open one at start-up ([`rearm`]).
pub fn arm_expiry(data: Arc<Data>, expires_unix_ms: i64) {
    tokio::spawn(async move {
        tokio::time::sleep(data.host.clock().until(expires_unix_ms)).await;
        for e in data.offers.expire_due(data.host.clock().unix_ms()).await {
            let Some(token) = &e.token else { continue };
            let content = expired_text(&data, &e);
            // Each offer's own token, each its own client (`Rest`).
            let http = data.rest.token_http();
            if let Err(err) = close_offer_message(&http, token, e.message, content).await {
                tracing::warn!(error = %err, challenge = e.id.0, "marking a challenge expired failed");
            }
        }
    });
}

/// Shows `content` without buttons on an offer's message: `message`, a
/// follow-up of the command whose interaction `token` posted it
/// ([`post_offer`]), or — an offer of an older version — that command's
/// own answer (edited through the token: exempt from the global limit).
///
/// # Errors
/// Discord refused the edit (the token lasts 15 minutes, an offer at most
/// 14).
pub async fn close_offer_message(
    http: &Http,
    token: &str,
    message: Option<u64>,
    content: String,
) -> serenity::Result<()> {
    match message {
        Some(m) => CreateInteractionResponseFollowup::new()
            .content(content)
            .components(Vec::new())
            .allowed_mentions(mentions_only(&[]))
            .execute(http, (Some(MessageId::new(m.max(1))), token))
            .await
            .map(drop),
        None => EditInteractionResponse::new()
            .content(content)
            .components(Vec::new())
            .allowed_mentions(mentions_only(&[]))
            .execute(http, token)
            .await
            .map(drop),
    }
}

/// Re-arms the expiry of every open challenge and seek after a restart (one
/// already due expires at once).
pub async fn rearm(data: Arc<Data>) {
    match data.offers.open_expiries().await {
        Ok(open) => {
            if !open.is_empty() {
                tracing::info!(open = open.len(), "challenge expiries re-armed");
            }
            for expires in open {
                arm_expiry(data.clone(), expires);
            }
        }
        Err(e) => tracing::error!(error = %e, "reading the open challenges failed"),
    }
}
