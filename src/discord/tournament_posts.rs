//! What tournaments show on Discord (docs/tournaments.md): the tournament
//! message in its channel (title, state, entrants, live standings, Join /
//! Leave while it takes players), each round's pairings — every board a
//! message of its own whose thread holds that pairing's match, opened like
//! a challenge's ([`super::offers::open_match`]) — and the final
//! standings. The host decides ([`crate::host::tournaments`]) and writes
//! the words ([`crate::host::tournament_views`]); this file follows its
//! news and posts them: the buttons' custom ids, the standings picture,
//! nonces, Discord's limits and the requests.

use std::sync::Arc;

use crate::render::standings_png;
use serenity::all::{
    ChannelId, CreateActionRow, CreateAttachment, CreateButton, CreateMessage, EditMessage,
    MessageId, Nonce,
};
use serenity::http::Route;
use tokio::sync::mpsc::UnboundedReceiver;

use crate::host::tournament_views::{
    board_text, card_buttons, card_locale, card_text, over_post, round_messages,
    standings_picture_table, CardAction, Room,
};
use crate::host::tournaments::{Board, Card, TournamentNews};
use crate::host::{TournamentId, TournamentState};
use crate::i18n::{id, Catalog, Locale};

use super::buttons::ButtonId;
use super::data::Data;
use super::messages::{clip, mentions_only, style, tournament_nonce, Link, MAX_CONTENT};
use super::offers::{open_match, MatchPlace};
use super::rest::with_retries;

/// Discord's limit on the users a message may mention
/// (`allowed_mentions.users`).
const MAX_MENTIONS: usize = 100;

/// What a Discord message holds, the room the host's words are shaped for.
const ROOM: Room = Room {
    chars: MAX_CONTENT,
    mentions: MAX_MENTIONS,
};

/// The file name of a standings picture.
pub const STANDINGS_FILE: &str = "standings.png";

/// The standings picture of `card` as an attachment (drawn off the async
/// threads), its description the tournament's title; `None` before the
/// start or when drawing failed (logged: the text table stays beside it
/// either way, for screen readers).
pub async fn standings_picture(
    catalog: &Catalog,
    l: Locale,
    card: &Card,
) -> Option<CreateAttachment> {
    let table = standings_picture_table(catalog, l, card)?;
    let alt = table.title.clone();
    match super::pictures::off_runtime(move || standings_png(&table)).await {
        Ok(Ok(png)) => Some(CreateAttachment::bytes(png, STANDINGS_FILE).description(alt)),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "drawing tournament standings failed");
            None
        }
        Err(e) => {
            tracing::warn!(error = %e, "drawing tournament standings failed");
            None
        }
    }
}

/// Join and Leave as Discord buttons, while the tournament takes players.
fn card_rows(
    catalog: &Catalog,
    l: Locale,
    card: &Card,
    link: Option<&Link>,
) -> Vec<CreateActionRow> {
    let buttons: Vec<CreateButton> = card_buttons(catalog, l, card)
        .into_iter()
        .map(|b| {
            let (id, join) = match b.action {
                CardAction::Join(id) => (id, true),
                CardAction::Leave(id) => (id, false),
            };
            CreateButton::new(ButtonId::Tournament { id, join }.to_string())
                .label(b.label)
                .style(style(b.style))
        })
        .collect();
    let rows = if buttons.is_empty() {
        Vec::new()
    } else {
        vec![CreateActionRow::Buttons(buttons)]
    };
    match link {
        Some(link) => link.after(rows),
        None => rows,
    }
}

/// The tournament's web page as a link button, when its server has the
/// web on (docs/web.md, "Links on Discord").
async fn page_link(data: &Data, card: &Card, l: Locale) -> Option<Link> {
    let guild = crate::host::GuildId(card.tournament.setup.guild);
    let path = crate::web::paths::tournament_page(card.tournament.id);
    data.web_link(guild, &path, l, id::WEB_OPEN_PAGE).await
}

/// The tournament message's text within a Discord message.
pub fn card_content(catalog: &Catalog, l: Locale, card: &Card) -> String {
    clip(&card_text(catalog, l, card, MAX_CONTENT))
}

/// A tournament message to write in a channel.
enum Write {
    /// A new message.
    Post(CreateMessage),
    /// An edit of a message posted before.
    Edit(MessageId, EditMessage),
}

/// Writes `write` in `channel`, paced and retried like every post; the
/// message, or `None` when Discord refused for good (logged: an error for
/// a post, which nobody will see, a warning for an edit, whose message
/// stays as it was).
async fn write(data: &Data, channel: ChannelId, write: Write) -> Option<MessageId> {
    let (what, route) = match &write {
        Write::Post(_) => (
            "post a tournament message",
            Route::ChannelMessages {
                channel_id: channel,
            },
        ),
        Write::Edit(message, _) => (
            "edit the tournament message",
            Route::ChannelMessage {
                channel_id: channel,
                message_id: *message,
            },
        ),
    };
    let w = &write;
    let sent = with_retries(what, || {
        data.rest.paced(route, |http| async move {
            match w {
                Write::Post(m) => channel.send_message(http, m.clone()).await,
                Write::Edit(id, e) => channel.edit_message(http, *id, e.clone()).await,
            }
        })
    })
    .await;
    match (sent, &write) {
        (Ok(m), _) => Some(m.id),
        (Err(e), Write::Post(_)) => {
            tracing::error!(error = %e, channel = %channel, "posting a tournament message failed");
            None
        }
        (Err(e), Write::Edit(message, _)) => {
            tracing::warn!(error = %e, channel = %channel, message = %message, "editing the tournament message failed");
            None
        }
    }
}

/// Deletes the bot's message `message` in `channel`, paced and retried;
/// a failure is logged (the message stays, with its buttons still
/// working).
async fn delete(data: &Data, channel: ChannelId, message: MessageId) {
    let route = Route::ChannelMessage {
        channel_id: channel,
        message_id: message,
    };
    let done = with_retries("delete an old tournament message", || {
        data.rest.paced(route, |http| async move {
            channel.delete_message(http, message).await
        })
    })
    .await;
    if let Err(e) = done {
        tracing::warn!(error = %e, channel = %channel, message = %message, "deleting an old tournament message failed");
    }
}

/// Posts a message in `channel`, retried like every post.
async fn post(data: &Data, channel: ChannelId, message: CreateMessage) -> Option<MessageId> {
    write(data, channel, Write::Post(message)).await
}

/// A tournament message this old is posted afresh instead of edited:
/// Discord allows only a few edits of messages older than an hour
/// (JSON error 30046, developers/topics/opcodes-and-status-codes, "JSON
/// Error Codes"), and a tournament runs for hours. Ten minutes under the
/// hour, so that an edit that waits for the rate limiter or is retried
/// still reaches a message younger than an hour.
const CARD_RENEWED_AFTER: std::time::Duration = std::time::Duration::from_secs(50 * 60);

/// The tournament message showing `card` as a new message.
fn card_message(catalog: &Catalog, l: Locale, card: &Card, link: Option<&Link>) -> CreateMessage {
    CreateMessage::new()
        .content(card_content(catalog, l, card))
        .components(card_rows(catalog, l, card, link))
        .allowed_mentions(mentions_only(&[]))
}

/// Posts the tournament message of a new tournament and remembers it.
pub async fn post_card(data: &Data, tid: TournamentId) {
    let Ok(card) = data.tournaments.card(tid).await else {
        return;
    };
    let l = card_locale(&card);
    let link = page_link(data, &card, l).await;
    let message = card_message(data.catalog(), l, &card, link.as_ref());
    let channel = ChannelId::new(card.tournament.setup.channel);
    if let Some(m) = post(data, channel, message).await {
        data.tournaments.set_message(tid, m.get()).await;
    }
}

/// Shows the tournament message again (entrants, state, standings): an
/// edit, or, once the message is [`CARD_RENEWED_AFTER`] old, a fresh
/// message that replaces it (the old one is deleted — a delete is no edit
/// — so that one message has the live Join and Leave buttons).
async fn refresh(data: &Data, tid: TournamentId) -> Option<Card> {
    let card = data.tournaments.card(tid).await.ok()?;
    let Some(message) = card.tournament.message else {
        return Some(card);
    };
    let l = card_locale(&card);
    let catalog = data.catalog();
    let channel = ChannelId::new(card.tournament.setup.channel);
    let message = MessageId::new(message);
    let link = page_link(data, &card, l).await;
    let link = link.as_ref();
    if super::leases::Leases::age(message, data.host.clock().unix_ms()) >= CARD_RENEWED_AFTER {
        if let Some(fresh) = post(data, channel, card_message(catalog, l, &card, link)).await {
            data.tournaments.set_message(tid, fresh.get()).await;
            delete(data, channel, message).await;
        }
        return Some(card);
    }
    let edit = EditMessage::new()
        .content(card_content(catalog, l, &card))
        .components(card_rows(catalog, l, &card, link))
        .allowed_mentions(mentions_only(&[]));
    write(data, channel, Write::Edit(message, edit)).await;
    Some(card)
}

/// Posts a round's pairings and opens each board's match in a thread on
/// its own message.
async fn round(
    data: &Data,
    tid: TournamentId,
    channel: u64,
    locale: Locale,
    boards: Vec<Board>,
    news: &TournamentNews,
) {
    let TournamentNews::Round {
        guild,
        variant,
        clock,
        rated,
        after,
        ..
    } = news
    else {
        return;
    };
    let catalog = data.catalog();
    let l = locale;
    let channel = ChannelId::new(channel);
    // The standings after the round before as a picture too (on the
    // first message, which holds their text for screen readers).
    let mut picture = match after {
        Some(card) => standings_picture(catalog, l, card).await,
        None => None,
    };
    // The round's messages and each board post carry a nonce that is the
    // same when the round is announced again after a stop (tournament_nonce).
    let (round_no, first_board) = boards.first().map_or((0, 0), |b| (b.round, b.board));
    for (i, (text, mentioned)) in round_messages(catalog, l, tid, &boards, after.as_deref(), ROOM)
        .into_iter()
        .enumerate()
    {
        let mut list = CreateMessage::new()
            .content(clip(&text))
            .allowed_mentions(mentions_only(&mentioned))
            .nonce(Nonce::String(tournament_nonce(
                tid.0 as u64,
                round_no,
                first_board,
                b'r',
                i,
            )))
            .enforce_nonce(true);
        if let Some(p) = picture.take() {
            list = list.add_file(p);
        }
        post(data, channel, list).await;
    }
    for b in boards {
        let Some(second) = b.second.clone() else {
            continue;
        };
        let Some(text) = board_text(catalog, l, &b) else {
            continue;
        };
        let board = CreateMessage::new()
            .content(clip(&text))
            .allowed_mentions(mentions_only(&[]))
            .nonce(Nonce::String(tournament_nonce(
                tid.0 as u64,
                b.round,
                b.board,
                b'b',
                0,
            )))
            .enforce_nonce(true);
        let opened = match post(data, channel, board).await {
            Some(message) => {
                let place = MatchPlace {
                    channel,
                    message,
                    guild: *guild,
                    locale: l,
                };
                let players = vec![b.first.clone(), second];
                let pairing = Some(b.pairing(tid, *rated));
                open_match(data, place, players, *variant, *clock, pairing)
                    .await
                    .map_err(|e| tracing::error!(error = %e, tournament = %tid, "opening a tournament match failed"))
                    .ok()
            }
            None => None,
        };
        // The store linked an opened match to its pairing as it stored it.
        if opened.is_none() {
            data.tournaments.not_opened(tid, b.round, b.board).await;
        }
    }
}

/// Follows the tournaments' news until the director stops: each
/// tournament's in order, different tournaments' at the same time
/// ([`crate::host::tournaments::dispatch_news`]).
pub async fn run(data: Arc<Data>, news: UnboundedReceiver<TournamentNews>) {
    crate::host::tournaments::dispatch_news(news, move |n| {
        let data = data.clone();
        async move { show(&data, n).await }
    })
    .await;
}

/// Posts one piece of tournament news.
async fn show(data: &Data, n: TournamentNews) {
    match &n {
        TournamentNews::Changed(tid) => {
            refresh(data, *tid).await;
        }
        TournamentNews::Round {
            id: tid,
            channel,
            boards,
            locale,
            ..
        } => {
            let l = locale
                .as_deref()
                .and_then(|l| l.parse().ok())
                .unwrap_or(Locale::FALLBACK);
            round(data, *tid, *channel, l, boards.clone(), &n).await;
        }
        TournamentNews::Over { id: tid, reason } => {
            if let Some(card) = refresh(data, *tid).await {
                let l = card_locale(&card);
                let catalog = data.catalog();
                let text = over_post(catalog, l, &card, *reason, MAX_CONTENT);
                let mut message = CreateMessage::new().allowed_mentions(mentions_only(&[]));
                if card.tournament.state == TournamentState::Finished {
                    // The standings as a picture, the text table beside
                    // it for screen readers.
                    if let Some(picture) = standings_picture(catalog, l, &card).await {
                        message = message.add_file(picture);
                    }
                }
                let channel = ChannelId::new(card.tournament.setup.channel);
                post(data, channel, message.content(clip(&text))).await;
            }
        }
    }
}
