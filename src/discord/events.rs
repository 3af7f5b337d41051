//! Gateway events: every event enters the bot here ([`PerInteraction`],
//! then poise, which dispatches slash commands and hands the rest to
//! [`handle`]): button presses, read once as a [`ButtonId`] and handed to
//! their owner, and messages typed in match threads.
//!
//! Every press is acknowledged at once — a match action with a deferred
//! update (the next turn is posted as a new channel message by the
//! [`super::poster`]; the mover's drop on the live turn with an update
//! that takes that turn's buttons off), an offer's answer by updating its
//! message — and a
//! refusal comes back as a private (ephemeral) reply in the presser's
//! language. A column press goes from here to the REST layer (its
//! acknowledgement, [`super::rest`]), the routes (its token leased for the
//! poster, [`super::routes`]) and the host (docs/architecture.md, "A press
//! and a typed move, file by file").

use std::sync::Arc;
use std::time::Instant;

use serenity::all::{
    ButtonStyle, ComponentInteraction, Context as SerenityContext, CreateActionRow, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseMessage, CreateMessage, FullEvent,
    Interaction, Message,
};

use serenity::http::Route;

use crate::host::offers::OfferPress;
use crate::host::{Acted, ActionId, MatchId, Picture, UserId};
use crate::i18n::{id, Args, Locale};

use super::buttons::ButtonId;
use super::commands;
use super::data::{Data, Error};
use super::messages::{clip, mentions_only, picture};
use super::offers::on_offer_press;
use super::reply::private_followup;
use super::rest::acknowledge;
use super::routes::Press;

/// The poise framework of one connection, handing every interaction a
/// client of its own ([`Rest::interaction_http`](super::rest::Rest::interaction_http)): its callback,
/// follow-ups and edits are limited per token, as Discord limits them, not
/// in the one bucket serenity keeps for every token of the application.
pub struct PerInteraction {
    /// The commands and the event handler ([`handle`]).
    pub poise: poise::Framework<Arc<Data>, Error>,
    /// What the handlers share.
    pub data: Arc<Data>,
}

#[serenity::async_trait]
impl serenity::all::Framework for PerInteraction {
    async fn init(&mut self, client: &serenity::all::Client) {
        self.poise.init(client).await;
    }

    async fn dispatch(&self, mut ctx: serenity::all::Context, event: serenity::all::FullEvent) {
        use serenity::all::{FullEvent, Interaction};
        match &event {
            FullEvent::InteractionCreate { interaction } => {
                ctx.http = self
                    .data
                    .rest
                    .interaction_http(interaction.application_id());
                let kind = match interaction {
                    Interaction::Command(_) => "command",
                    Interaction::Component(_) => "component",
                    Interaction::Autocomplete(_) => "autocomplete",
                    Interaction::Modal(_) => "modal",
                    _ => "other",
                };
                metrics::counter!(super::ops::INTERACTIONS, "kind" => kind).increment(1);
            }
            FullEvent::Ready { .. } => {
                let shard = ctx.shard_id.0;
                let mut seen = self.data.shards_seen.lock();
                if !seen.insert(shard) {
                    metrics::counter!(super::ops::GATEWAY_RECONNECTS, "shard" => shard.to_string())
                        .increment(1);
                }
            }
            FullEvent::Resume { .. } => {
                let shard = ctx.shard_id.0.to_string();
                metrics::counter!(super::ops::GATEWAY_RESUMES, "shard" => shard).increment(1);
            }
            _ => {}
        }
        // When the event arrived: acknowledgements are timed from here.
        super::rest::RECEIVED
            .scope(std::time::Instant::now(), self.poise.dispatch(ctx, event))
            .await;
    }
}

/// Handles one gateway event (poise has already dispatched slash
/// commands): poise's event handler.
///
/// # Errors
/// A Discord request failed (logged by the framework).
pub fn handle<'a>(
    framework: poise::FrameworkContext<'a, Arc<Data>, Error>,
    event: &'a FullEvent,
) -> poise::BoxFuture<'a, Result<(), Error>> {
    Box::pin(on_event(
        framework.serenity_context,
        event,
        framework.user_data,
    ))
}

async fn on_event(ctx: &SerenityContext, event: &FullEvent, data: &Arc<Data>) -> Result<(), Error> {
    // Each kind of event's future is boxed on its own: serenity boxes this
    // one for every event, and inline it would be as large as the largest
    // branch (14.7 KB before, docs/benchmarks.md) for every press.
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(press),
        } => Box::pin(on_press(ctx, data, press)).await,
        FullEvent::Message { new_message } => Box::pin(on_message(data, new_message)).await,
        // A match thread archived (Discord's auto-archive, a moderator) or
        // unarchived: the next post unarchives it first rather than being
        // refused (50083) into it (`developers/events/gateway-events.mdx`,
        // "Thread Update").
        // A server that has just added the bot gets one welcome; the
        // GUILD_CREATEs of the guilds it was in already do not
        // (welcome.rs, and why serenity's `is_new` is not used).
        FullEvent::GuildCreate { guild, .. } => {
            Box::pin(super::welcome::on_guild_create(data, guild)).await
        }
        FullEvent::ThreadUpdate { new, .. } => {
            if let Some(meta) = &new.thread_metadata {
                data.routes.set_archived(new.id, meta.archived).await;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The presser's language: their `/settings` choice, else their Discord
/// client's. Read only when a press is answered in words (a drop that is
/// played is not).
async fn presser_locale(data: &Data, press: &ComponentInteraction) -> Locale {
    let chosen = data.settings.language_override(presser(press)).await;
    Locale::for_user(chosen, &press.locale)
}

/// Who pressed.
fn presser(press: &ComponentInteraction) -> UserId {
    UserId(press.user.id.get())
}

/// The file name of a drop preview.
pub const PREVIEW_FILE: &str = "preview.png";

async fn on_press(
    ctx: &SerenityContext,
    data: &Arc<Data>,
    press: &ComponentInteraction,
) -> Result<(), Error> {
    let Ok(button) = press.data.custom_id.parse::<ButtonId>() else {
        // Not a button of any version of this bot: acknowledged, and the
        // presser is told it no longer works.
        tracing::debug!(custom_id = %press.data.custom_id, "unknown button");
        press
            .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
            .await?;
        let locale = presser_locale(data, press).await;
        let text = data.catalog().plain(locale, id::ERROR_STALE_BUTTON);
        press
            .create_followup(&ctx.http, private_followup(&text))
            .await?;
        return Ok(());
    };
    // Boxed per branch (see `on_event`): a press holds the memory of its
    // own branch only.
    match button {
        ButtonId::Match(ActionId::TakeBack {
            match_id,
            turn,
            accept,
        }) => {
            Box::pin(on_take_back_answer(
                ctx, data, press, match_id, turn, accept,
            ))
            .await
        }
        ButtonId::Match(action) => {
            // Resign match asks first, when the presser plays the match
            // and it runs (otherwise the press is refused as any other).
            if let ActionId::ResignMatch { match_id } = action {
                if let Some(until) = data.host.resign_question(match_id, presser(press)) {
                    return Box::pin(ask_resign(ctx, data, press, match_id, until)).await;
                }
            }
            Box::pin(on_match_press(
                ctx,
                data,
                press,
                button,
                action,
                Pressed::Directly,
            ))
            .await
        }
        ButtonId::Confirm(action) => {
            Box::pin(on_match_press(
                ctx,
                data,
                press,
                button,
                action,
                Pressed::Confirmed,
            ))
            .await
        }
        ButtonId::ResignMatch {
            match_id,
            until,
            resign,
        } => {
            let answer = match (resign, data.host.resign_in_time(until)) {
                (false, _) => id::RESIGN_KEPT,
                (true, false) => id::RESIGN_CONFIRM_EXPIRED,
                (true, true) => {
                    let action = ActionId::ResignMatch { match_id };
                    let how = Pressed::ResignConfirmed { until };
                    return Box::pin(on_match_press(ctx, data, press, button, action, how)).await;
                }
            };
            let locale = presser_locale(data, press).await;
            let text = data.catalog().plain(locale, answer);
            let update = CreateInteractionResponse::UpdateMessage(
                CreateInteractionResponseMessage::new()
                    .content(text)
                    .components(Vec::new()),
            );
            acknowledge(&ctx.http, press, &update).await?;
            Ok(())
        }
        ButtonId::Challenge { id, answer } => {
            let locale = presser_locale(data, press).await;
            let what = OfferPress::Challenge(answer);
            Box::pin(on_offer_press(ctx, data, press, id, what, locale)).await
        }
        ButtonId::Seek { id, press: p } => {
            let locale = presser_locale(data, press).await;
            let what = OfferPress::Seek(p);
            Box::pin(on_offer_press(ctx, data, press, id, what, locale)).await
        }
        ButtonId::Leaderboard { variant, page } => {
            let locale = presser_locale(data, press).await;
            Box::pin(commands::rating::on_page(
                ctx, data, press, variant, page, locale,
            ))
            .await
        }
        ButtonId::Tournament { id, join } => {
            let locale = presser_locale(data, press).await;
            Box::pin(commands::tournament::on_press(
                ctx, data, press, id, join, locale,
            ))
            .await
        }
        ButtonId::ChallengeForm {
            opponent,
            variant,
            time,
            part,
        } => {
            let locale = presser_locale(data, press).await;
            let form = (opponent, variant, time, part);
            Box::pin(commands::challenge::on_form(ctx, data, press, form, locale)).await
        }
        ButtonId::ConfigVariants => {
            let locale = presser_locale(data, press).await;
            Box::pin(commands::moderation::on_variants(ctx, data, press, locale)).await
        }
        ButtonId::Pick(what) => {
            let locale = presser_locale(data, press).await;
            Box::pin(commands::play::on_pick(ctx, data, press, what, locale)).await
        }
    }
}

/// A press on Accept or Decline of a take-back request (docs/match.md,
/// "Take-back"). Only the opponent's answer counts: it closes the request
/// message (its buttons removed, the answer added under it) and, accepted,
/// the match posts the take-back and the asker's new turn. Anyone else's
/// press, or a press on a request that is no longer open, is answered
/// privately and leaves the message as it is.
async fn on_take_back_answer(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
    match_id: MatchId,
    turn: crate::play::Turn,
    accept: bool,
) -> Result<(), Error> {
    let player = presser(press);
    match data
        .host
        .answer_take_back(match_id, player, turn, accept)
        .await
    {
        Ok(line) => {
            let text = format!("{}\n{line}", press.message.content);
            let update = CreateInteractionResponse::UpdateMessage(
                CreateInteractionResponseMessage::new()
                    .content(clip(&text))
                    .components(Vec::new())
                    .allowed_mentions(mentions_only(&[])),
            );
            acknowledge(&ctx.http, press, &update).await?;
        }
        Err(d) => {
            let locale = presser_locale(data, press).await;
            let text = data.catalog().render(locale, d.message());
            let answer = CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content(clip(&text))
                    .ephemeral(true)
                    .allowed_mentions(mentions_only(&[])),
            );
            acknowledge(&ctx.http, press, &answer).await?;
        }
    }
    Ok(())
}

/// A player pressed Resign match: one tap on a phone must not end the
/// whole match, so it asks privately, with Yes and No, until `until` (Unix
/// seconds, the host's [`crate::host::Host::resign_question`]; the question
/// says until when).
async fn ask_resign(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
    match_id: MatchId,
    until: u64,
) -> Result<(), Error> {
    let locale = presser_locale(data, press).await;
    let catalog = data.catalog();
    let answer = |resign: bool, label, style| {
        CreateButton::new(
            ButtonId::ResignMatch {
                match_id,
                until,
                resign,
            }
            .to_string(),
        )
        .label(catalog.plain(locale, label))
        .style(style)
    };
    let question = catalog.text(
        locale,
        id::RESIGN_CONFIRM,
        &Args::new().set("expires", format!("<t:{until}:R>")),
    );
    let ask = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .ephemeral(true)
            .content(clip(&question))
            .components(vec![CreateActionRow::Buttons(vec![
                answer(true, id::BUTTON_RESIGN_YES, ButtonStyle::Danger),
                answer(false, id::BUTTON_RESIGN_NO, ButtonStyle::Secondary),
            ])])
            .allowed_mentions(mentions_only(&[])),
    );
    acknowledge(&ctx.http, press, &ask).await?;
    Ok(())
}

/// The private preview of a drop (confirm-before-drop, the host's
/// [`Host::preview_first`](crate::host::Host::preview_first)), with its Confirm button.
async fn show_preview(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
    drop: ActionId,
    shown: Picture,
    locale: Locale,
) -> Result<(), Error> {
    let confirm = CreateButton::new(ButtonId::Confirm(drop).to_string())
        .label(data.catalog().plain(locale, id::BUTTON_CONFIRM))
        .style(ButtonStyle::Success);
    let preview = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .ephemeral(true)
            .add_file(picture(shown.png, PREVIEW_FILE, Some(&shown.alt)))
            .components(vec![CreateActionRow::Buttons(vec![confirm])])
            .allowed_mentions(mentions_only(&[])),
    );
    acknowledge(&ctx.http, press, &preview).await?;
    Ok(())
}

/// How a press on a match's button came.
#[derive(Clone, Copy)]
enum Pressed {
    /// On the match's message.
    Directly,
    /// The Confirm of a private drop preview.
    Confirmed,
    /// Yes to the private "Resign the whole match?" asked until `until`.
    ResignConfirmed { until: u64 },
}

/// A press on a match's button: a preview first if the presser asked for
/// one, else acknowledged, its token leased, and the host's answer (a
/// refusal privately, a rematch's route in this thread).
async fn on_match_press(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
    button: ButtonId,
    action: ActionId,
    how: Pressed,
) -> Result<(), Error> {
    let player = presser(press);
    if let Some(drop) = button.drop() {
        // The presser's language is read only when they asked for
        // previews.
        if data.settings.confirm_drop(player).await {
            let locale = presser_locale(data, press).await;
            if let Some(shown) = data.host.preview_first(player, drop, locale).await {
                return show_preview(ctx, data, press, drop, shown, locale).await;
            }
        }
    }
    let match_id = action.match_id();
    // The mover's drop on the live turn takes the turn's buttons off with
    // its acknowledgement (`UPDATE_MESSAGE`), so the poster need not edit
    // the turn after posting the next one: one request per move fewer
    // (issue 33 §5). Put back if the host refuses the drop.
    let mut off = matches!(how, Pressed::Directly)
        && matches!(action, ActionId::Move { .. })
        && data.routes.is_live_turn(match_id, press.message.id, player);
    // Acknowledge first: the host may queue the action behind others. A
    // confirmation loses its button.
    let (ack, message) = match how {
        Pressed::Directly if !off => (
            CreateInteractionResponse::Acknowledge,
            Some(press.message.id),
        ),
        Pressed::Directly => (
            CreateInteractionResponse::UpdateMessage(
                CreateInteractionResponseMessage::new().components(Vec::new()),
            ),
            Some(press.message.id),
        ),
        _ => (
            CreateInteractionResponse::UpdateMessage(
                CreateInteractionResponseMessage::new().components(Vec::new()),
            ),
            None,
        ),
    };
    let at = Instant::now();
    let acked = match acknowledge(&ctx.http, press, &ack).await {
        // The thread was archived without the bot hearing of it: its
        // message takes no update, so the press is acknowledged the
        // ordinary way (a refused callback does not count as one) and the
        // poster unarchives the thread for the next turn.
        Err(e) if off && super::rest::is_code(&e, super::rest::THREAD_ARCHIVED) => {
            off = false;
            data.routes.set_archived(press.channel_id, true).await;
            acknowledge(&ctx.http, press, &CreateInteractionResponse::Acknowledge).await?
        }
        answer => answer?,
    };
    if !acked {
        return Ok(());
    }
    if off {
        data.routes.take_buttons_off(match_id, press.message.id);
    }
    // A drop that is not the mover's on the live turn lends its token for
    // posting only once the host took it (`Press::lend`).
    let lend = off || !matches!(action, ActionId::Move { .. }) || message.is_none();
    let leased = Press {
        channel: press.channel_id,
        message,
        token: press.token.clone(),
        at,
        lend,
    };
    data.routes
        .pressed(match_id, leased, || {
            data.host.spec(match_id).map(|s| s.locale)
        })
        .await;
    // A rematch obeys the rules of a challenge in the channel the match was
    // played under (the host checks them, `RematchRules`).
    let parent = press.channel.as_ref().and_then(|c| c.parent_id);
    let acted = match how {
        Pressed::ResignConfirmed { until } => {
            data.host.confirm_resign(match_id, player, until).await
        }
        _ => {
            data.host
                .press(player, action, parent.map(|p| p.get()))
                .await
        }
    };
    match acted {
        // The new match is played in this match's thread.
        Ok(Acted::Rematch(new)) => {
            data.routes.adopt_new(&[new], match_id).await;
        }
        Ok(_) => {
            if !lend {
                data.routes
                    .lend(match_id, press.channel_id, press.token.clone(), at);
            }
            if off {
                // Its buttons are gone for good: the token need not edit it.
                data.routes.leases.forget_editor(press.message.id);
            }
        }
        Err(d) => {
            if off {
                if let Some(held) = data
                    .routes
                    .put_buttons_back(match_id, press.message.id, player)
                {
                    let done = put_buttons_back(ctx, press).await;
                    drop(held);
                    done?;
                }
            }
            let locale = presser_locale(data, press).await;
            let followup = private_followup(&data.catalog().render(locale, d.message()));
            super::rest::with_retries("private refusal", || {
                press.create_followup(&ctx.http, followup.clone())
            })
            .await?;
        }
    }
    Ok(())
}

/// Gives the pressed turn its buttons back, as they were when pressed
/// (its acknowledgement took them off and the host refused the drop):
/// "Edit Original Interaction Response" with the press's token.
async fn put_buttons_back(
    ctx: &SerenityContext,
    press: &ComponentInteraction,
) -> Result<(), Error> {
    let rows: Vec<CreateActionRow> = press
        .message
        .components
        .iter()
        .map(|row| {
            CreateActionRow::Buttons(
                row.components
                    .iter()
                    .filter_map(|c| match c {
                        serenity::all::ActionRowComponent::Button(b) => {
                            Some(CreateButton::from(b.clone()))
                        }
                        _ => None,
                    })
                    .collect(),
            )
        })
        .collect();
    super::rest::set_original_buttons(&ctx.http, &press.token, rows, "put buttons back").await?;
    Ok(())
}

/// A message in a match thread: a move if it reads as one and comes from a
/// player; anything else is chat and is ignored. A refused typed move gets
/// a reply to the message (it cannot be private), in the match's language.
async fn on_message(data: &Data, msg: &Message) -> Result<(), Error> {
    if msg.author.bot {
        return Ok(());
    }
    if data.routes.by_thread(msg.channel_id).is_none() {
        return Ok(());
    }
    data.routes.startup.wait().await;
    let Some((id, route)) = data.routes.by_thread(msg.channel_id) else {
        return Ok(());
    };
    if route.finished {
        return Ok(()); // after the match, everything is chat
    }
    let player = super::reply::user_id(&msg.author);
    let text = typed_text(&msg.content, data.bot_user());
    if let Err(d) = data.host.typed(id, player, &text).await {
        let reply = CreateMessage::new()
            .content(clip(&data.catalog().render(route.locale, d.message())))
            .reference_message(msg)
            .allowed_mentions(mentions_only(&[]));
        let channel_id = msg.channel_id;
        data.rest
            .paced(Route::ChannelMessages { channel_id }, |http| {
                channel_id.send_message(http, reply)
            })
            .await?;
    }
    Ok(())
}

/// What a typed message says, for reading it as a move: without the
/// mentions of the bot (`<@id>` or `<@!id>`), which a player adds so that
/// Discord sends the text to a bot without the Message Content intent
/// (topics/Gateway.md, "Message Content Intent": messages that mention
/// the app keep their content), trimmed.
pub fn typed_text(content: &str, bot: Option<UserId>) -> String {
    let mut text = content.to_string();
    if let Some(bot) = bot {
        for mention in [format!("<@{}>", bot.0), format!("<@!{}>", bot.0)] {
            text = text.replace(&mention, " ");
        }
    }
    text.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_move_may_mention_the_bot_before_or_after_it() {
        let bot = Some(UserId(42));
        assert_eq!(typed_text("<@42> d", bot), "d");
        assert_eq!(typed_text("pop a <@!42>", bot), "pop a");
        assert_eq!(typed_text("  e  ", bot), "e");
        // Another user's mention stays (it is not a move then).
        assert_eq!(typed_text("<@7> d", bot), "<@7> d");
        assert_eq!(typed_text("<@42> d", None), "<@42> d");
    }
}
