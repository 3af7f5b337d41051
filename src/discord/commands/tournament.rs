//! `/tournament create|join|leave|start|standings|cancel|remove|void`
//! (docs/tournaments.md) and the Join / Leave buttons of a tournament
//! message. Replies are private, in the reader's language; the tournament
//! message and the rounds are public, in the tournament's
//! ([`super::super::tournament_posts`]). The host decides
//! ([`crate::host::tournaments`]).

use std::sync::Arc;

use serenity::all::{
    ComponentInteraction, Context as SerenityContext, CreateInteractionResponse, User,
};

use crate::host::tournament_views::{card_locale, started_text};
use crate::host::tournaments::{Caller, TournamentSpec};
use crate::host::{Denial, GuildId, TournamentId};
use crate::i18n::{id, Args, Locale, Message};

use super::super::choices::{time_presets, FormatChoice, VariantChoice};
use super::super::data::{Context, Data, Error};
use super::super::messages::mentions_only;
use super::super::numbers::{ArenaMinutes, Number, Rounds, StartsIn, TournamentNumber};
use super::super::offers::offer_terms;
use super::super::reply::{
    author_seated, deny, guild_of, host_guild, is_moderator, private, private_followup, seated,
    user_locale,
};
use super::super::rest::acknowledge;
use super::super::tournament_posts::{card_content, post_card, standings_picture};

/// Tournaments: Swiss, round robin and arena.
#[poise::command(
    slash_command,
    subcommands(
        "tournament_create",
        "tournament_join",
        "tournament_leave",
        "tournament_start",
        "tournament_standings",
        "tournament_cancel",
        "tournament_remove",
        "tournament_void"
    ),
    subcommand_required
)]
pub(super) async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The author of `ctx` as the director's caller in `guild`.
fn caller(ctx: Context<'_>, guild: GuildId) -> Caller {
    Caller {
        guild,
        person: author_seated(ctx),
        moderator: is_moderator(ctx),
        reason: None,
    }
}

/// [`caller`] with the `reason` a moderator gave (the moderation log's).
fn caller_for(ctx: Context<'_>, guild: GuildId, reason: Option<String>) -> Caller {
    Caller {
        reason,
        ..caller(ctx, guild)
    }
}

/// A host answer rendered in the reader's language.
async fn reply(ctx: Context<'_>, message: Message) -> Result<(), Error> {
    let text = ctx.data().catalog().render(user_locale(ctx), &message);
    private(ctx, text).await
}

/// Create a tournament in this channel.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only, rename = "create")]
async fn tournament_create(
    ctx: Context<'_>,
    format: FormatChoice,
    variant: Option<VariantChoice>,
    #[autocomplete = "time_presets"] time: Option<String>,
    rounds: Option<Rounds>,
    minutes: Option<ArenaMinutes>,
    #[rename = "starts-in"] starts_in: Option<StartsIn>,
    rated: Option<bool>,
) -> Result<(), Error> {
    let Some((guild, terms)) = offer_terms(ctx, variant.map(|v| v.0), time.as_deref()).await?
    else {
        return Ok(());
    };
    let data = ctx.data().clone();
    let spec = TournamentSpec {
        guild,
        channel: ctx.channel_id().get(),
        format: format.0,
        variant: terms.variant,
        control: terms.clock.control,
        rounds: rounds.map(|r| r.0.clamp(0, i64::from(u32::MAX)) as u32),
        minutes: minutes.map(|m| m.0.max(0) as u64),
        starts_unix_ms: crate::host::tournaments::starts_at(
            data.host.clock().unix_ms(),
            starts_in.map(|s| s.0),
        ),
        rated: rated.unwrap_or(true),
        locale: Some(terms.public.tag().to_string()),
    };
    let creator = author_seated(ctx);
    let tid = data
        .tournaments
        .create(&spec, &creator, is_moderator(ctx))
        .await?;
    tracing::info!(guild = guild.0, tournament = %tid, creator = %ctx.author().id, "tournament created");
    post_card(&data, tid).await;
    reply(ctx, Message::new(id::TOURNAMENT_CREATED).with("id", tid.0)).await
}

/// Join a tournament.
#[poise::command(slash_command, guild_only, rename = "join")]
async fn tournament_join(
    ctx: Context<'_>,
    #[rename = "tournament"]
    #[autocomplete = "super::super::choices::live_tournaments"]
    TournamentNumber(tid): TournamentNumber,
) -> Result<(), Error> {
    let guild = guild_of(ctx);
    let me = caller(ctx, guild);
    match ctx.data().tournaments.join(tid, &me).await {
        Ok(()) => reply(ctx, Message::new(id::TOURNAMENT_JOINED).with("id", tid.0)).await,
        Err(d) => deny(ctx, &d).await,
    }
}

/// Leave a tournament (after its start: your remaining matches are lost).
#[poise::command(slash_command, guild_only, rename = "leave")]
async fn tournament_leave(
    ctx: Context<'_>,
    #[rename = "tournament"]
    #[autocomplete = "super::super::choices::live_tournaments"]
    TournamentNumber(tid): TournamentNumber,
) -> Result<(), Error> {
    let guild = guild_of(ctx);
    let me = caller(ctx, guild);
    ctx.data().routes.startup.wait().await;
    match ctx.data().tournaments.leave(tid, &me).await {
        Ok(()) => reply(ctx, Message::new(id::TOURNAMENT_LEFT).with("id", tid.0)).await,
        Err(d) => deny(ctx, &d).await,
    }
}

/// Start a tournament now (its creator or a moderator).
#[poise::command(slash_command, guild_only, rename = "start")]
async fn tournament_start(
    ctx: Context<'_>,
    #[rename = "tournament"]
    #[autocomplete = "super::super::choices::live_tournaments"]
    TournamentNumber(tid): TournamentNumber,
) -> Result<(), Error> {
    let guild = guild_of(ctx);
    let me = caller(ctx, guild);
    ctx.data().routes.startup.wait().await;
    let started = ctx.data().tournaments.start(tid, &me).await;
    match started {
        Ok(()) => {
            let data = ctx.data();
            let card = data.tournaments.card(tid).await.ok();
            let text = started_text(data.catalog(), user_locale(ctx), tid, card.as_ref());
            private(ctx, text).await
        }
        Err(d) => deny(ctx, &d).await,
    }
}

/// Show a tournament's standings.
#[poise::command(slash_command, guild_only, rename = "standings")]
async fn tournament_standings(
    ctx: Context<'_>,
    #[rename = "tournament"]
    #[autocomplete = "super::super::choices::live_tournaments"]
    TournamentNumber(tid): TournamentNumber,
) -> Result<(), Error> {
    let guild = guild_of(ctx);
    let data = ctx.data().clone();
    match data.tournaments.standings(tid, guild).await {
        Ok(card) => {
            // The reader's language; the tournament's when theirs is unknown.
            let l = match ctx.locale() {
                Some(_) => user_locale(ctx),
                None => card_locale(&card),
            };
            // The standings as a picture once there are any, the text
            // beside it for screen readers.
            let mut reply = poise::CreateReply::default()
                .content(card_content(data.catalog(), l, &card))
                .ephemeral(true)
                .allowed_mentions(mentions_only(&[]));
            if let Some(picture) = standings_picture(data.catalog(), l, &card).await {
                reply = reply.attachment(picture);
            }
            ctx.send(reply).await?;
            Ok(())
        }
        Err(d) => deny(ctx, &d).await,
    }
}

/// Cancel a tournament (its creator or a moderator).
#[poise::command(slash_command, guild_only, rename = "cancel")]
async fn tournament_cancel(
    ctx: Context<'_>,
    #[rename = "tournament"]
    #[autocomplete = "super::super::choices::live_tournaments"]
    TournamentNumber(tid): TournamentNumber,
    #[max_length = 200] reason: Option<String>,
) -> Result<(), Error> {
    let guild = guild_of(ctx);
    let me = caller_for(ctx, guild, reason);
    let cancelled = ctx.data().tournaments.cancel(tid, &me).await;
    match cancelled {
        Ok(()) => {
            reply(
                ctx,
                Message::new(id::TOURNAMENT_CANCELLED_DONE).with("id", tid.0),
            )
            .await
        }
        Err(d) => deny(ctx, &d).await,
    }
}

/// Moderators: take a player out of a tournament.
#[poise::command(slash_command, guild_only, rename = "remove")]
async fn tournament_remove(
    ctx: Context<'_>,
    #[rename = "tournament"]
    #[autocomplete = "super::super::choices::live_tournaments"]
    TournamentNumber(tid): TournamentNumber,
    user: User,
    #[max_length = 200] reason: Option<String>,
) -> Result<(), Error> {
    let guild = guild_of(ctx);
    // The director refuses a non-moderator too; refused here first, before
    // waiting for the start-up.
    if !is_moderator(ctx) {
        return deny(ctx, &Denial::new(id::ERROR_MODERATOR_ONLY)).await;
    }
    let player = seated(&user, None);
    ctx.data().routes.startup.wait().await;
    match ctx
        .data()
        .tournaments
        .remove(tid, &caller_for(ctx, guild, reason), &player)
        .await
    {
        Ok(()) => {
            tracing::info!(tournament = %tid, player = %user.id, moderator = %ctx.author().id, "removed from a tournament");
            let done = Message::new(id::TOURNAMENT_REMOVED)
                .with("player", crate::i18n::Value::name(player.name))
                .with("id", tid.0);
            reply(ctx, done).await
        }
        Err(d) => deny(ctx, &d).await,
    }
}

/// Moderators: void the result of one tournament match.
#[poise::command(slash_command, guild_only, rename = "void")]
async fn tournament_void(
    ctx: Context<'_>,
    #[rename = "tournament"]
    #[autocomplete = "super::super::choices::live_tournaments"]
    TournamentNumber(tid): TournamentNumber,
    round: Number,
    board: Number,
    #[max_length = 200] reason: Option<String>,
) -> Result<(), Error> {
    let guild = guild_of(ctx);
    if !is_moderator(ctx) {
        return deny(ctx, &Denial::new(id::ERROR_MODERATOR_ONLY)).await;
    }
    let (round, board) = (
        round.0.min(i64::from(u32::MAX)) as u32,
        board.0.min(i64::from(u32::MAX)) as u32,
    );
    match ctx
        .data()
        .tournaments
        .void(tid, &caller_for(ctx, guild, reason), round, board)
        .await
    {
        Ok(()) => {
            tracing::info!(tournament = %tid, round, board, moderator = %ctx.author().id, "tournament result voided");
            let done = Message::new(id::TOURNAMENT_VOIDED)
                .with("round", i64::from(round))
                .with("board", i64::from(board));
            reply(ctx, done).await
        }
        Err(d) => deny(ctx, &d).await,
    }
}

/// A press on Join or Leave of tournament `tid`'s message: the answer is
/// private; the message itself follows from the director's news.
pub async fn on_press(
    ctx: &SerenityContext,
    data: &Arc<Data>,
    press: &ComponentInteraction,
    id: TournamentId,
    join: bool,
    locale: Locale,
) -> Result<(), Error> {
    if !acknowledge(&ctx.http, press, &CreateInteractionResponse::Acknowledge).await? {
        return Ok(());
    }
    data.routes.startup.wait().await;
    let player = Caller {
        // A press outside a server (none: the message is in a channel)
        // finds no tournament.
        guild: press.guild_id.map_or(GuildId(0), host_guild),
        person: seated(&press.user, press.member.as_ref()),
        moderator: false,
        reason: None,
    };
    let answer = if join {
        data.tournaments
            .join(id, &player)
            .await
            .map(|()| id::TOURNAMENT_JOINED)
    } else {
        data.tournaments
            .leave(id, &player)
            .await
            .map(|()| id::TOURNAMENT_LEFT)
    };
    let text = match answer {
        Ok(done) => data
            .catalog()
            .text(locale, done, &Args::new().set("id", id.0)),
        Err(d) => data.catalog().render(locale, d.message()),
    };
    press
        .create_followup(&ctx.http, private_followup(&text))
        .await?;
    Ok(())
}
