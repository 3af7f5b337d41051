//! What tournaments show on Discord (docs/tournaments.md): the tournament
//! message in its channel (title, state, entrants, live standings, Join /
//! Leave while it takes players), each round's pairings — every board a
//! message of its own whose thread holds that pairing's match, opened like
//! a challenge's ([`super::offers::open_match`]) — and the final
//! standings. The host decides ([`crate::host::tournaments`]); this file
//! follows its news and writes.

use std::sync::Arc;

use crate::render::{standings_png, Standings, StandingsColumns, StandingsRow, Trend, MAX_ROWS};
use serenity::all::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAttachment, CreateButton, CreateMessage,
    EditMessage, MessageId, Nonce,
};
use serenity::http::Route;
use tokio::sync::mpsc::UnboundedReceiver;

use crate::host::terms::time_text;
use crate::host::tournaments::{Board, CancelReason, Card, StandingRow, TournamentNews};
use crate::host::{TournamentId, TournamentState};
use crate::i18n::{id, Args, Catalog, Id, Locale};
use crate::play::TimeControl;
use crate::tournament::Format;

use super::buttons::ButtonId;
use super::data::Data;
use super::messages::{clip, mentions_only, tournament_nonce, MAX_CONTENT};
use super::offers::{open_match, MatchPlace};
use super::poster::with_retries;

/// The language of a tournament's public messages.
pub fn card_locale(card: &Card) -> Locale {
    card.tournament
        .setup
        .locale
        .as_deref()
        .and_then(|l| l.parse().ok())
        .unwrap_or(Locale::FALLBACK)
}

/// Half points as shown: `2½`.
fn halves(h: u32) -> String {
    crate::play::Points::from_halves(h).to_string()
}

/// Quarter points as shown (Sonneborn-Berger): `3¼`, `2½`, `¾`.
fn quarters(q: u32) -> String {
    let whole = q / 4;
    let part = match q % 4 {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => "",
    };
    match (whole, part) {
        (0, "") => "0".into(),
        (0, p) => p.into(),
        (w, p) => format!("{w}{p}"),
    }
}

/// The messages naming the two columns after the points: Buchholz cut 1
/// and Sonneborn-Berger, or in an arena matches won and played.
fn tie_break_columns(arena: bool) -> (Id, Id) {
    if arena {
        (id::TOURNAMENT_COLUMN_WON, id::TOURNAMENT_COLUMN_PLAYED)
    } else {
        (id::TOURNAMENT_COLUMN_BUCHHOLZ, id::TOURNAMENT_COLUMN_SB)
    }
}

/// A standings row as the table and the picture both show it: points and
/// the two tie-breaks (Swiss, round robin: `2½`, Buchholz cut 1 in points,
/// Sonneborn-Berger in quarters; arena: whole points, matches won and
/// played), and the mark after the name (` ✗` withdrawn, ` 🔥` on a
/// streak, else none).
fn cells(r: &StandingRow, arena: bool) -> ([String; 3], &'static str) {
    let cells = if arena {
        [
            (r.halves / 2).to_string(),
            r.second.to_string(),
            r.third.to_string(),
        ]
    } else {
        [halves(r.halves), halves(r.second), quarters(r.third)]
    };
    let mark = match (r.active, r.on_streak) {
        (false, _) => " ✗",
        (true, true) => " 🔥",
        _ => "",
    };
    (cells, mark)
}

/// The standings as a monospace table: rank, player, points and the
/// tie-breaks (Swiss, round robin: Buchholz cut 1, Sonneborn-Berger; arena:
/// matches won and played, 🔥 on a streak); a withdrawn player is marked.
/// From round 2 of a Swiss or round robin a last column gives the change of
/// place since the round before (`▲2` up two, `▼1` down one, `=` the
/// same), as the picture does. This is also the text beside a standings
/// picture, for screen readers: it says what the picture shows.
///
/// At most `room` characters: when not every row fits, the table shows the
/// best rows and a last line says how many more there are (as the
/// picture does past its 100 rows); the code block is always closed.
pub fn standings_table(catalog: &Catalog, l: Locale, card: &Card, room: usize) -> String {
    let arena = card.tournament.setup.format == Format::Arena;
    let (c2, c3) = tie_break_columns(arena);
    let name_width = card
        .standings
        .iter()
        .map(|r| crate::i18n::code_width(&crate::i18n::code_name(&r.player.name, 20)))
        .max()
        .unwrap_or(6)
        .max(6);
    let trend = trend_heading(catalog, l, card);
    let mut head = format!(
        "{:>3}  {:<w$}  {:>5}  {:>5}  {:>5}",
        "#",
        catalog.plain(l, id::TOURNAMENT_COLUMN_PLAYER),
        catalog.plain(l, id::TOURNAMENT_COLUMN_POINTS),
        catalog.plain(l, c2),
        catalog.plain(l, c3),
        w = name_width
    );
    if let Some(heading) = &trend {
        head.push_str("  ");
        head.push_str(heading);
    }
    let line = |r: &StandingRow| {
        let name = crate::i18n::code_name(&r.player.name, 20);
        // Padded by its columns (a right-to-left name's isolates take none).
        let name = format!(
            "{name}{}",
            " ".repeat(name_width.saturating_sub(crate::i18n::code_width(&name)))
        );
        let ([points, b, c], mark) = cells(r, arena);
        let change = match trend {
            None => String::new(),
            Some(_) => {
                let cell = match rank_trend(r) {
                    Trend::Up(n) => format!("▲{n}"),
                    Trend::Down(n) => format!("▼{n}"),
                    Trend::Level(_) => "=".into(),
                    // A player without a place the round before (none in a
                    // started tournament: every entrant has a row from
                    // round 1).
                    Trend::Unknown => "–".into(),
                };
                format!("  {cell:>4}")
            }
        };
        format!(
            "{:>3}  {:<w$}  {:>5}  {:>5}  {:>5}{change}{mark}",
            r.rank,
            name,
            points,
            b,
            c,
            w = name_width
        )
    };
    let note = if arena {
        catalog.plain(l, id::TOURNAMENT_ARENA_NOTE)
    } else {
        catalog.plain(l, id::TOURNAMENT_TIE_BREAKS)
    };
    let table = |rows: &[String]| format!("```\n{}\n```{note}", rows.join("\n"));
    let mut rows = vec![head];
    rows.extend(card.standings.iter().map(line));
    let whole = table(&rows);
    if whole.chars().count() <= room {
        return whole;
    }
    // The best rows that fit with the line that counts the others.
    let more = |left: usize| {
        catalog.text(
            l,
            id::TOURNAMENT_MORE,
            &Args::new().set("count", left as i64),
        )
    };
    let total = rows.len();
    let mut kept = rows.len();
    while kept > 1 {
        kept -= 1;
        let mut shown = rows[..kept].to_vec();
        shown.push(more(total - kept));
        let text = table(&shown);
        if text.chars().count() <= room {
            return text;
        }
    }
    rows.truncate(1);
    rows.push(more(total - 1));
    table(&rows)
}

/// The file name of a standings picture.
pub const STANDINGS_FILE: &str = "standings.png";

/// The heading of the trend column ("Since round 2") of both standings
/// tables, the text and the picture; `None` (no such column) until there
/// is a round before to compare with.
fn trend_heading(catalog: &Catalog, l: Locale, card: &Card) -> Option<String> {
    card.standings
        .iter()
        .any(|r| r.previous_rank.is_some())
        .then(|| {
            catalog.text(
                l,
                id::TOURNAMENT_COLUMN_TREND,
                &Args::new().set("round", i64::from(card.round.saturating_sub(1))),
            )
        })
}

/// The change of a row's place since the round before: `▲ 2` up two
/// places, `▼ 1` down one, `= 0` the same, `–` when there is no round
/// before.
fn rank_trend(r: &StandingRow) -> Trend {
    match r.previous_rank {
        None => Trend::Unknown,
        Some(p) if p > r.rank => Trend::Up((p - r.rank).to_string()),
        Some(p) if p < r.rank => Trend::Down((r.rank - p).to_string()),
        Some(_) => Trend::Level("0".into()),
    }
}

/// The standings of `card` as render's table (issue 21's pictures): the
/// same rows and columns as [`standings_table`] (rank, player, points, the
/// two tie-breaks or, in an arena, matches won and played), and in a
/// Swiss or round robin from round 2 on the trend: the change of place
/// since the round before. A withdrawn player's name is marked ✗, an
/// arena streak 🔥. The best [`MAX_ROWS`] rows, and under them how many
/// more there are (as the text table says; a picture of all 500 would be
/// too tall to read). `None` before the start.
pub fn standings_picture_table(catalog: &Catalog, l: Locale, card: &Card) -> Option<Standings> {
    if card.standings.is_empty() {
        return None;
    }
    let arena = card.tournament.setup.format == Format::Arena;
    let (c2, c3) = tie_break_columns(arena);
    let rows = card
        .standings
        .iter()
        .take(MAX_ROWS)
        .map(|r| {
            let ([value, b, c], mark) = cells(r, arena);
            StandingsRow {
                rank: r.rank as u32,
                name: format!("{}{mark}", r.player.name),
                value,
                extra: vec![b, c],
                trend: rank_trend(r),
            }
        })
        .collect();
    let left = card.standings.len().saturating_sub(MAX_ROWS);
    let footer = (left > 0).then(|| {
        catalog.text(
            l,
            id::TOURNAMENT_MORE,
            &Args::new().set("count", left as i64),
        )
    });
    let trend = trend_heading(catalog, l, card);
    Some(Standings {
        title: title_text(catalog, l, card),
        subtitle: None,
        columns: StandingsColumns {
            rank: "#".into(),
            name: catalog.plain(l, id::TOURNAMENT_COLUMN_PLAYER),
            value: catalog.plain(l, id::TOURNAMENT_COLUMN_POINTS),
            extra: vec![catalog.plain(l, c2), catalog.plain(l, c3)],
            trend,
        },
        rows,
        footer,
    })
}

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

/// The tournament's title line: number, format, variant, clock, rated.
fn title_text(catalog: &Catalog, l: Locale, card: &Card) -> String {
    let t = &card.tournament;
    let setup = &t.setup;
    let format = match setup.format {
        // The rounds it plays (fewer than set once started, when its
        // players allow fewer without a repeat).
        Format::Swiss => catalog.text(
            l,
            id::TOURNAMENT_FORMAT_SWISS,
            &Args::new().set("rounds", i64::from(card.rounds)),
        ),
        Format::RoundRobin => catalog.plain(l, id::TOURNAMENT_FORMAT_ROUND_ROBIN),
        Format::Arena => catalog.text(
            l,
            id::TOURNAMENT_FORMAT_ARENA,
            &Args::new().set("minutes", (setup.duration_ms.unwrap_or(0) / 60_000) as i64),
        ),
    };
    let time = TimeControl::from_stored_ms(setup.base_ms, setup.increment_ms)
        .map(time_text)
        .unwrap_or_default();
    catalog.text(
        l,
        id::TOURNAMENT_TITLE,
        &Args::new()
            .set("id", t.id.0)
            .set("format", format)
            .set("variant", catalog.variant_name(l, setup.variant))
            .set("time", time)
            .set(
                "rated",
                if setup.rated {
                    id::TOURNAMENT_RATED
                } else {
                    id::TOURNAMENT_UNRATED
                },
            ),
    )
}

/// A started Swiss set to more rounds than its players allow without a
/// repeat: why it plays fewer (docs/rules.md §7); `None` otherwise.
pub fn rounds_note(catalog: &Catalog, l: Locale, card: &Card) -> Option<String> {
    let t = &card.tournament;
    let set = t.setup.rounds.unwrap_or(0);
    let capped =
        t.setup.format == Format::Swiss && t.started_unix_ms.is_some() && card.rounds < set;
    capped.then(|| {
        catalog.text(
            l,
            id::TOURNAMENT_ROUNDS_CAPPED,
            &Args::new()
                .set("count", card.entrants.len() as i64)
                .set("rounds", i64::from(card.rounds))
                .set("set", i64::from(set)),
        )
    })
}

/// The tournament message: title, terms, state, entrants, standings.
pub fn card_text(catalog: &Catalog, l: Locale, card: &Card) -> String {
    let t = &card.tournament;
    let setup = &t.setup;
    let title = title_text(catalog, l, card);
    let state = match t.state {
        TournamentState::Open if setup.starts_unix_ms == i64::MAX => {
            catalog.plain(l, id::TOURNAMENT_STATE_OPEN_MANUAL)
        }
        TournamentState::Open => catalog.text(
            l,
            id::TOURNAMENT_STATE_OPEN,
            &Args::new().set("start", format!("<t:{}:R>", setup.starts_unix_ms / 1000)),
        ),
        TournamentState::Running if setup.format == Format::Arena => catalog.text(
            l,
            id::TOURNAMENT_STATE_ARENA,
            &Args::new().set(
                "end",
                format!(
                    "<t:{}:R>",
                    (t.started_unix_ms.unwrap_or(0) + setup.duration_ms.unwrap_or(0) as i64) / 1000
                ),
            ),
        ),
        TournamentState::Running => catalog.text(
            l,
            id::TOURNAMENT_STATE_ROUND,
            &Args::new()
                .set("round", i64::from(card.round))
                .set("rounds", i64::from(card.rounds)),
        ),
        TournamentState::Finished => catalog.plain(l, id::TOURNAMENT_STATE_FINISHED),
        TournamentState::Cancelled => catalog.plain(l, id::TOURNAMENT_STATE_CANCELLED),
    };
    // The names while they take at most a quarter of the message, then
    // how many more.
    let mut names = String::new();
    for (i, (p, _)) in card.entrants.iter().enumerate() {
        let name = catalog.name(&p.name);
        if names.chars().count() + name.chars().count() > MAX_CONTENT / 4 {
            names.push_str(&catalog.text(
                l,
                id::TOURNAMENT_MORE,
                &Args::new().set("count", (card.entrants.len() - i) as i64),
            ));
            break;
        }
        names.push_str(&name);
        if i + 1 < card.entrants.len() {
            names.push_str(", ");
        }
    }
    let players = catalog.text(
        l,
        id::TOURNAMENT_PLAYERS,
        &Args::new()
            .set("count", card.entrants.len() as i64)
            .set("names", names),
    );
    let state = match rounds_note(catalog, l, card) {
        Some(note) => format!("{state} {note}"),
        None => state,
    };
    let mut text = format!("**{title}**\n{state}\n{players}");
    if !card.standings.is_empty() {
        let room = MAX_CONTENT.saturating_sub(text.chars().count() + 1);
        text.push('\n');
        text.push_str(&standings_table(catalog, l, card, room));
    }
    clip(&text)
}

/// Join and Leave, while the tournament takes players.
pub fn card_buttons(catalog: &Catalog, l: Locale, card: &Card) -> Vec<CreateActionRow> {
    let t = &card.tournament;
    let takes = t.state == TournamentState::Open
        || (t.state == TournamentState::Running && t.setup.format == Format::Arena);
    if !takes {
        return Vec::new();
    }
    let join = CreateButton::new(
        ButtonId::Tournament {
            id: t.id.0,
            join: true,
        }
        .to_string(),
    )
    .label(catalog.plain(l, id::BUTTON_JOIN))
    .style(ButtonStyle::Success);
    let leave = CreateButton::new(
        ButtonId::Tournament {
            id: t.id.0,
            join: false,
        }
        .to_string(),
    )
    .label(catalog.plain(l, id::BUTTON_TOURNAMENT_LEAVE))
    .style(ButtonStyle::Secondary);
    vec![CreateActionRow::Buttons(vec![join, leave])]
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
fn card_message(catalog: &Catalog, l: Locale, card: &Card) -> CreateMessage {
    CreateMessage::new()
        .content(card_text(catalog, l, card))
        .components(card_buttons(catalog, l, card))
        .allowed_mentions(mentions_only(&[]))
}

/// Posts the tournament message of a new tournament and remembers it.
pub async fn post_card(data: &Data, tid: TournamentId) {
    let Ok(card) = data.tournaments.card(tid).await else {
        return;
    };
    let message = card_message(data.catalog(), card_locale(&card), &card);
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
    if super::leases::Leases::age(message) >= CARD_RENEWED_AFTER {
        if let Some(fresh) = post(data, channel, card_message(catalog, l, &card)).await {
            data.tournaments.set_message(tid, fresh.get()).await;
            delete(data, channel, message).await;
        }
        return Some(card);
    }
    let edit = EditMessage::new()
        .content(card_text(catalog, l, &card))
        .components(card_buttons(catalog, l, &card))
        .allowed_mentions(mentions_only(&[]));
    write(data, channel, Write::Edit(message, edit)).await;
    Some(card)
}

/// The messages that post a round: the standings after the round before
/// (`after`: a title and the table), then the round's title and a line per
/// board (both players mentioned) or bye — packed into as few messages as
/// Discord's limits allow (2,000 characters, 100 users mentioned), each
/// with the users it mentions. The first message holds the standings, if
/// any.
fn round_messages(
    catalog: &Catalog,
    l: Locale,
    tid: TournamentId,
    boards: &[Board],
    after: Option<&Card>,
) -> Vec<(String, Vec<crate::host::UserId>)> {
    let round = boards
        .first()
        .map(|b| b.round)
        .or(after.map(|c| c.round + 1))
        .unwrap_or(1);
    let standings = after.map(|card| {
        let title = catalog.text(
            l,
            id::TOURNAMENT_STANDINGS_AFTER,
            &Args::new()
                .set("id", tid.0)
                .set("round", i64::from(card.round)),
        );
        let title = format!("**{title}**\n");
        let room = MAX_CONTENT.saturating_sub(title.chars().count());
        format!("{title}{}", standings_table(catalog, l, card, room))
    });
    let mut lines = vec![format!(
        "**{}**",
        catalog.text(
            l,
            id::TOURNAMENT_ROUND_TITLE,
            &Args::new().set("id", tid.0).set("round", i64::from(round)),
        )
    )];
    for b in boards {
        lines.push(match &b.second {
            Some(s) => catalog.text(
                l,
                id::TOURNAMENT_BOARD,
                &Args::new()
                    .set("board", i64::from(b.board))
                    .set("first", format!("<@{}>", b.first.id.0))
                    .set("second", format!("<@{}>", s.id.0)),
            ),
            None => catalog.text(
                l,
                id::TOURNAMENT_BYE,
                &Args::new().set("player", format!("<@{}>", b.first.id.0)),
            ),
        });
    }
    // Each part with the players it mentions (the standings and the title
    // none), packed into messages within Discord's limits.
    let title = lines.remove(0);
    let parts = standings
        .into_iter()
        .chain(std::iter::once(title))
        .map(|text| (text, Vec::new()))
        .chain(
            lines
                .into_iter()
                .zip(boards)
                .map(|(line, b)| (line, users_of(b))),
        );
    let mut messages: Vec<(String, Vec<crate::host::UserId>)> = Vec::new();
    for (part, users) in parts {
        match messages.last_mut() {
            Some((text, mentioned))
                if text.chars().count() + 1 + part.chars().count() <= MAX_CONTENT
                    && mentioned.len() + users.len() <= MAX_MENTIONS =>
            {
                text.push('\n');
                text.push_str(&part);
                mentioned.extend(users);
            }
            _ => messages.push((clip(&part), users)),
        }
    }
    messages
}

/// Discord's limit on the users a message may mention
/// (`allowed_mentions.users`).
const MAX_MENTIONS: usize = 100;

/// The players of board `b` (one for a bye).
fn users_of(b: &Board) -> Vec<crate::host::UserId> {
    std::iter::once(b.first.id)
        .chain(b.second.as_ref().map(|s| s.id))
        .collect()
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
    for (i, (text, mentioned)) in round_messages(catalog, l, tid, &boards, after.as_deref())
        .into_iter()
        .enumerate()
    {
        let mut list = CreateMessage::new()
            .content(text)
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
        let text = catalog.text(
            l,
            id::TOURNAMENT_BOARD,
            &Args::new()
                .set("board", i64::from(b.board))
                .set("first", crate::i18n::Value::name(b.first.name.clone()))
                .set("second", crate::i18n::Value::name(second.name.clone())),
        );
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

/// The first line of the post that ends a tournament: over (the final
/// standings follow), or cancelled — with the reason when the director
/// cancelled it by itself (`reason`).
fn over_text(catalog: &Catalog, l: Locale, card: &Card, reason: Option<CancelReason>) -> String {
    let tid = card.tournament.id.0;
    if card.tournament.state != TournamentState::Cancelled {
        return catalog.text(l, id::TOURNAMENT_FINISHED, &Args::new().set("id", tid));
    }
    match reason {
        Some(CancelReason::TooFew { min, joined }) => catalog.text(
            l,
            id::TOURNAMENT_CANCELLED_TOO_FEW,
            &Args::new()
                .set("id", tid)
                .set("min", min as i64)
                .set("count", joined as i64),
        ),
        None => catalog.text(l, id::TOURNAMENT_CANCELLED, &Args::new().set("id", tid)),
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
                let mut text = over_text(catalog, l, &card, *reason);
                let mut message = CreateMessage::new().allowed_mentions(mentions_only(&[]));
                if card.tournament.state == TournamentState::Finished {
                    // The standings as a picture, the text table beside
                    // it for screen readers.
                    text.push('\n');
                    let room = MAX_CONTENT.saturating_sub(text.chars().count());
                    text.push_str(&standings_table(catalog, l, &card, room));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::{Seated, UserId};

    fn seat(i: u64) -> Seated {
        Seated {
            // Discord ids of today's length (18–19 digits).
            id: UserId(1_100_000_000_000_000_000 + i),
            name: format!("player{i}"),
            ai_level: None,
            source: Default::default(),
        }
    }

    #[test]
    fn a_round_of_two_hundred_players_is_listed_in_messages_discord_takes() {
        // Before: one message, clipped at 2,000 characters (the boards
        // after about the 25th were not listed) and mentioning all 200
        // players, where Discord takes at most 100 (the post was refused).
        let catalog = Catalog::new().unwrap();
        let boards: Vec<Board> = (0..100)
            .map(|i| Board {
                round: 4,
                board: i as u32 + 1,
                first: seat(2 * i),
                second: Some(seat(2 * i + 1)),
            })
            .chain(std::iter::once(Board {
                round: 4,
                board: 101,
                first: seat(200),
                second: None,
            }))
            .collect();
        let messages = round_messages(&catalog, Locale::EnUs, TournamentId(7), &boards, None);
        assert!(messages.len() > 1, "{messages:?}");
        assert!(messages[0].0.starts_with("**Tournament 7, round 4**\n"));
        for (text, mentioned) in &messages {
            assert!(text.chars().count() <= MAX_CONTENT, "{text}");
            assert!(mentioned.len() <= 100, "{} mentioned", mentioned.len());
            // Exactly the players whose mention is in this message.
            for u in mentioned {
                assert!(text.contains(&format!("<@{}>", u.0)), "{u:?} in {text}");
            }
            assert_eq!(text.matches("<@").count(), mentioned.len(), "{text}");
        }
        let all: String = messages
            .iter()
            .map(|(t, _)| t.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        for b in &boards[..100] {
            let s = b.second.as_ref().unwrap();
            let line = format!(
                "Board {}: <@{}> (starts) against <@{}>",
                b.board, b.first.id.0, s.id.0
            );
            assert!(all.lines().any(|l| l == line), "{line} listed");
        }
        assert!(all
            .lines()
            .any(|l| l == format!("<@{}>: bye (1 point)", seat(200).id.0)));
        // With the standings after the round before: those first, with
        // their table closed, and the same limits.
        let card = big_card(200);
        let messages = round_messages(
            &catalog,
            Locale::EnUs,
            TournamentId(7),
            &boards,
            Some(&card),
        );
        assert!(messages[0]
            .0
            .starts_with("**Tournament 7: standings after round 9**\n```\n"));
        assert_eq!(messages[0].0.matches("```").count(), 2, "{}", messages[0].0);
        for (text, mentioned) in &messages {
            assert!(text.chars().count() <= MAX_CONTENT, "{text}");
            assert!(mentioned.len() <= 100, "{} mentioned", mentioned.len());
            assert_eq!(text.matches("<@").count(), mentioned.len(), "{text}");
        }
        let all: Vec<&str> = messages.iter().flat_map(|(t, _)| t.lines()).collect();
        assert!(all.contains(&"**Tournament 7, round 4**"));
        assert_eq!(all.iter().filter(|l| l.starts_with("Board ")).count(), 100);
    }

    /// A finished Swiss of `n` players named `player1`…, ranked in order.
    fn big_card(n: usize) -> Card {
        use crate::host::{NewTournament, PlayerId, StoredTournament};
        let people: Vec<Seated> = (1..=n as u64).map(seat).collect();
        Card {
            tournament: StoredTournament {
                id: TournamentId(3),
                setup: NewTournament {
                    guild: 1,
                    channel: 2,
                    creator: PlayerId(1),
                    format: Format::Swiss,
                    variant: crate::game::Variant::Classic,
                    base_ms: 600_000,
                    increment_ms: 10_000,
                    rounds: Some(9),
                    duration_ms: None,
                    rated: true,
                    starts_unix_ms: 0,
                    locale: None,
                },
                message: Some(4),
                state: TournamentState::Finished,
                started_unix_ms: Some(0),
                ended_unix_ms: Some(1),
            },
            entrants: people.iter().map(|p| (p.clone(), true)).collect(),
            standings: people
                .iter()
                .enumerate()
                .map(|(i, p)| StandingRow {
                    rank: i + 1,
                    player: p.clone(),
                    halves: (n - i) as u32,
                    second: 20,
                    third: 30,
                    on_streak: false,
                    active: true,
                    previous_rank: None,
                })
                .collect(),
            round: 9,
            rounds: 9,
        }
    }

    #[test]
    fn a_swiss_cut_to_the_rounds_its_players_allow_says_so() {
        let catalog = Catalog::new().unwrap();
        let mut card = big_card(4);
        card.tournament.state = TournamentState::Running;
        card.tournament.setup.rounds = Some(4);
        card.rounds = 3;
        card.round = 1;
        let text = card_text(&catalog, Locale::EnUs, &card);
        assert!(
            text.starts_with("**Tournament 3: Swiss, 3 rounds, "),
            "{text}"
        );
        assert!(
            text.contains("Round 1 of 3. With 4 players a Swiss has at most 3 rounds without two players meeting twice, so it plays 3 rounds instead of 4.\n"),
            "{text}"
        );
        // Not cut: nothing said.
        card.tournament.setup.rounds = Some(3);
        assert_eq!(rounds_note(&catalog, Locale::EnUs, &card), None);
    }

    #[test]
    fn a_standings_picture_of_five_hundred_draws_the_best_hundred_and_says_how_many_more() {
        // Before: render refuses more than 100 rows, so a Swiss or an
        // arena of more players (500 allowed) got no picture at all.
        let catalog = Catalog::new().unwrap();
        let table = standings_picture_table(&catalog, Locale::EnUs, &big_card(500)).unwrap();
        assert_eq!(table.rows.len(), MAX_ROWS);
        assert_eq!(table.rows[99].name, "player100");
        assert_eq!(table.footer.as_deref(), Some("… and 400 more"));
        let png = standings_png(&table).expect("drawn");
        // Far within what Discord takes (25 MiB).
        assert!(png.len() < 2 * 1024 * 1024, "{} bytes", png.len());
        // 100 players: all of them, no footer.
        let all = standings_picture_table(&catalog, Locale::EnUs, &big_card(100)).unwrap();
        assert_eq!((all.rows.len(), all.footer), (100, None));
    }

    #[test]
    fn the_standings_picture_shows_each_change_of_place_since_the_round_before() {
        // Before: every row's trend was unknown and the column left out.
        let catalog = Catalog::new().unwrap();
        // Round 1: nothing to compare with, no trend column.
        let first = standings_picture_table(&catalog, Locale::EnUs, &big_card(4)).unwrap();
        assert_eq!(first.columns.trend, None);
        let mut card = big_card(4);
        card.round = 3;
        for (r, p) in card.standings.iter_mut().zip([3, 1, 3, 4]) {
            r.previous_rank = Some(p);
        }
        let table = standings_picture_table(&catalog, Locale::EnUs, &card).unwrap();
        assert_eq!(table.columns.trend.as_deref(), Some("Since round 2"));
        let trends: Vec<Trend> = table.rows.iter().map(|r| r.trend.clone()).collect();
        assert_eq!(
            trends,
            vec![
                Trend::Up("2".into()),
                Trend::Down("1".into()),
                Trend::Level("0".into()),
                Trend::Level("0".into())
            ]
        );
        let de = standings_picture_table(&catalog, Locale::De, &card).unwrap();
        assert_eq!(de.columns.trend.as_deref(), Some("Seit Runde 2"));
        assert!(standings_png(&table).is_ok());
    }

    #[test]
    fn the_standings_text_gives_the_pictures_change_of_place_for_screen_readers() {
        // Before: the picture had the trend column and the text beside it,
        // read by screen readers, did not.
        let catalog = Catalog::new().unwrap();
        let rows = |text: &str| -> Vec<String> {
            let start = text.find("```\n").unwrap() + 4;
            let end = start + text[start..].find("```").unwrap();
            text[start..end].lines().map(str::to_string).collect()
        };
        let first = standings_table(&catalog, Locale::EnUs, &big_card(4), MAX_CONTENT);
        assert!(!rows(&first)[0].contains("Since round"), "{first}");
        let mut card = big_card(4);
        card.round = 3;
        for (r, p) in card.standings.iter_mut().zip([3, 1, 3, 4]) {
            r.previous_rank = Some(p);
        }
        let text = standings_table(&catalog, Locale::EnUs, &card, MAX_CONTENT);
        let rows = rows(&text);
        assert!(rows[0].ends_with("Since round 2"), "{text}");
        let last: Vec<&str> = rows[1..]
            .iter()
            .map(|l| l.split_whitespace().last().unwrap())
            .collect();
        assert_eq!(last, ["▲2", "▼1", "=", "="], "{text}");
        let de = standings_table(&catalog, Locale::De, &card, MAX_CONTENT);
        assert!(de.contains("Seit Runde 2"), "{de}");
    }

    #[test]
    fn a_tournament_cancelled_at_its_start_time_says_why() {
        let catalog = Catalog::new().unwrap();
        let mut card = big_card(2);
        card.tournament.state = TournamentState::Cancelled;
        let too_few = Some(CancelReason::TooFew { min: 3, joined: 2 });
        assert_eq!(
            over_text(&catalog, Locale::EnUs, &card, too_few),
            "Tournament 3 was cancelled: at its start time it needed at least 3 players, and 2 had joined."
        );
        assert_eq!(
            over_text(&catalog, Locale::De, &card, too_few),
            "Turnier 3 wurde abgesagt: Zur Startzeit brauchte es mindestens 3 Spieler, beigetreten waren 2."
        );
        // Cancelled by its creator or a moderator: no reason given.
        assert_eq!(
            over_text(&catalog, Locale::EnUs, &card, None),
            "Tournament 3 was cancelled."
        );
    }

    #[test]
    fn the_standings_of_two_hundred_players_stay_a_table_within_a_message() {
        // Before: the tournament message (all 200 names, then the table)
        // was cut at 2,000 characters mid-table, its code block left open
        // and the tie-break note lost.
        let catalog = Catalog::new().unwrap();
        let card = big_card(200);
        let text = card_text(&catalog, Locale::EnUs, &card);
        assert!(
            text.chars().count() <= MAX_CONTENT,
            "{}",
            text.chars().count()
        );
        assert_eq!(
            text.matches("```").count(),
            2,
            "the table is closed: {text}"
        );
        assert!(text.contains("player1 "), "the leaders are listed: {text}");
        assert!(text.contains("Players (200): player1, player2"), "{text}");
        assert!(text.ends_with("then the direct result."), "{text}");
        let rows = text.split("```").nth(1).unwrap().lines().count();
        assert!(rows > 10, "{rows} rows: {text}");
        assert!(text.contains(" more"), "says how many are left out: {text}");
        // A small tournament is shown whole.
        let small = card_text(&catalog, Locale::EnUs, &big_card(8));
        assert!(
            small.contains("player8 ") && !small.contains(" more"),
            "{small}"
        );
    }
}
