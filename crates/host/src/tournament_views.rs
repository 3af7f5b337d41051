//! The words of tournaments (docs/tournaments.md): every text users read
//! about a tournament — the tournament message (title, state, entrants,
//! standings as a table of text with the tie-breaks, the rounds note, Join
//! and Leave), each round's pairings, each board's own message, the post
//! that ends it — and the standings table the picture is drawn from
//! ([`fourbot_render::Standings`]), localized here from the director's
//! [`Card`] and [`Board`]s ([`crate::tournaments`]). A front end posts
//! them: it maps [`CardButton`]s to its buttons, draws the picture and
//! gives the room its messages have ([`Room`]).
//!
//! Mentions (`<@id>`) and relative times (`<t:unix:R>`) are written as
//! Discord reads them: Discord is the one front end that runs
//! tournaments (the terminal has none).

use fourbot_core::play::{Points, TimeControl};
use fourbot_core::tournament::Format;
use fourbot_i18n::{code_name, code_width, id, Args, Catalog, Id, Locale, Value};
use fourbot_render::{Standings, StandingsColumns, StandingsRow, Trend, MAX_ROWS};
use fourbot_store::{StoredTournament, TournamentId, TournamentState};

use super::terms::time_text;
use super::tournaments::{Board, CancelReason, Card, StandingRow};
use super::view::{ButtonStyle, UserId};

/// What one message of the front end holds: the words are shaped to fit
/// (a table keeps its best rows and says how many more, a round's
/// pairings are spread over several messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    /// Characters of text (Discord: 2,000).
    pub chars: usize,
    /// Users mentioned (Discord: 100, `allowed_mentions.users`).
    pub mentions: usize,
}

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
    Points::from_halves(h).to_string()
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
pub fn tie_break_columns(arena: bool) -> (Id, Id) {
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
pub fn cells(r: &StandingRow, arena: bool) -> ([String; 3], &'static str) {
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
        .map(|r| code_width(&code_name(&r.player.name, 20)))
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
        let name = code_name(&r.player.name, 20);
        // Padded by its columns (a right-to-left name's isolates take none).
        let name = format!(
            "{name}{}",
            " ".repeat(name_width.saturating_sub(code_width(&name)))
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

/// The heading of the trend column ("Since round 2") of both standings
/// tables, the text and the picture; `None` (no such column) until there
/// is a round before to compare with.
pub fn trend_heading(catalog: &Catalog, l: Locale, card: &Card) -> Option<String> {
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
pub fn rank_trend(r: &StandingRow) -> Trend {
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

/// The tournament's title line: number, format, variant, clock, rated.
pub fn title_text(catalog: &Catalog, l: Locale, card: &Card) -> String {
    title_of(catalog, l, &card.tournament, card.rounds)
}

/// "Tournament 3: Swiss, 9 rounds, Classic, 10+10, rated": `t` playing
/// `rounds` (a Swiss).
fn title_of(catalog: &Catalog, l: Locale, t: &StoredTournament, rounds: u32) -> String {
    let setup = &t.setup;
    let format = match setup.format {
        // The rounds it plays (fewer than set once started, when its
        // players allow fewer without a repeat).
        Format::Swiss => catalog.text(
            l,
            id::TOURNAMENT_FORMAT_SWISS,
            &Args::new().set("rounds", i64::from(rounds)),
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

/// A tournament as an option's suggestion names it (its title; a Swiss
/// with the rounds it was set to).
pub fn tournament_choice(catalog: &Catalog, l: Locale, t: &StoredTournament) -> String {
    title_of(catalog, l, t, t.setup.rounds.unwrap_or(0))
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

/// The answer to the start of tournament `tid`, to who started it: it
/// started, and when its `card` says it is a Swiss cut to the rounds its
/// players allow, why ([`rounds_note`]).
pub fn started_text(
    catalog: &Catalog,
    l: Locale,
    tid: TournamentId,
    card: Option<&Card>,
) -> String {
    let text = catalog.text(l, id::TOURNAMENT_STARTED, &Args::new().set("id", tid.0));
    match card.and_then(|card| rounds_note(catalog, l, card)) {
        Some(note) => format!("{text} {note}"),
        None => text,
    }
}

/// The tournament's state in a line: open (and when it starts), the round
/// under way ("Round 2 of 3."), an arena's end, finished or cancelled.
/// Times are Discord's relative ones with a Discord catalog, else UTC.
pub fn state_text(catalog: &Catalog, l: Locale, card: &Card) -> String {
    let t = &card.tournament;
    let setup = &t.setup;
    match t.state {
        TournamentState::Open if setup.starts_unix_ms == i64::MAX => {
            catalog.plain(l, id::TOURNAMENT_STATE_OPEN_MANUAL)
        }
        TournamentState::Open => catalog.text(
            l,
            id::TOURNAMENT_STATE_OPEN,
            &Args::new().set("start", Value::relative(setup.starts_unix_ms)),
        ),
        TournamentState::Running if setup.format == Format::Arena => catalog.text(
            l,
            id::TOURNAMENT_STATE_ARENA,
            &Args::new().set(
                "end",
                Value::relative(
                    t.started_unix_ms.unwrap_or(0) + setup.duration_ms.unwrap_or(0) as i64,
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
    }
}

/// The tournament message: title, terms, state, entrants, standings, in
/// about `room` characters (the names take at most a quarter of it, the
/// standings table what is left; the front end cuts what is still over).
pub fn card_text(catalog: &Catalog, l: Locale, card: &Card, room: usize) -> String {
    let title = title_text(catalog, l, card);
    let state = state_text(catalog, l, card);
    // The names while they take at most a quarter of the message, then
    // how many more.
    let mut names = String::new();
    for (i, (p, _)) in card.entrants.iter().enumerate() {
        let name = catalog.name(&p.name);
        if names.chars().count() + name.chars().count() > room / 4 {
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
        let room = room.saturating_sub(text.chars().count() + 1);
        text.push('\n');
        text.push_str(&standings_table(catalog, l, card, room));
    }
    text
}

/// What a button of the tournament message does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardAction {
    /// Join the tournament.
    Join(TournamentId),
    /// Leave it.
    Leave(TournamentId),
}

/// A button of the tournament message, for the front end to map to its
/// own (on Discord: a custom id from [`CardButton::action`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardButton {
    /// Localized label.
    pub label: String,
    /// What pressing it does.
    pub action: CardAction,
    /// Colour.
    pub style: ButtonStyle,
}

/// Join and Leave, while the tournament takes players; none otherwise.
pub fn card_buttons(catalog: &Catalog, l: Locale, card: &Card) -> Vec<CardButton> {
    let t = &card.tournament;
    let takes = t.state == TournamentState::Open
        || (t.state == TournamentState::Running && t.setup.format == Format::Arena);
    if !takes {
        return Vec::new();
    }
    vec![
        CardButton {
            label: catalog.plain(l, id::BUTTON_JOIN),
            action: CardAction::Join(t.id),
            style: ButtonStyle::Success,
        },
        CardButton {
            label: catalog.plain(l, id::BUTTON_TOURNAMENT_LEAVE),
            action: CardAction::Leave(t.id),
            style: ButtonStyle::Secondary,
        },
    ]
}

/// The messages that post a round: the standings after the round before
/// (`after`: a title and the table), then the round's title and a line per
/// board (both players mentioned) or bye — packed into as few messages as
/// the `room` of a message allows (on Discord 2,000 characters, 100 users
/// mentioned), each with the users it mentions. The first message holds
/// the standings, if any. A part longer than a message by itself (none:
/// the standings are fitted, a line is short) is its own message, for the
/// front end to cut.
pub fn round_messages(
    catalog: &Catalog,
    l: Locale,
    tid: TournamentId,
    boards: &[Board],
    after: Option<&Card>,
    room: Room,
) -> Vec<(String, Vec<UserId>)> {
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
        let room = room.chars.saturating_sub(title.chars().count());
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
                    .set("first", Value::mention(b.first.id.0, &b.first.name))
                    .set("second", Value::mention(s.id.0, &s.name)),
            ),
            None => catalog.text(
                l,
                id::TOURNAMENT_BYE,
                &Args::new().set("player", Value::mention(b.first.id.0, &b.first.name)),
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
    let mut messages: Vec<(String, Vec<UserId>)> = Vec::new();
    for (part, users) in parts {
        match messages.last_mut() {
            Some((text, mentioned))
                if text.chars().count() + 1 + part.chars().count() <= room.chars
                    && mentioned.len() + users.len() <= room.mentions =>
            {
                text.push('\n');
                text.push_str(&part);
                mentioned.extend(users);
            }
            _ => messages.push((part, users)),
        }
    }
    messages
}

/// The players of board `b` (one for a bye).
fn users_of(b: &Board) -> Vec<UserId> {
    std::iter::once(b.first.id)
        .chain(b.second.as_ref().map(|s| s.id))
        .collect()
}

/// The first line of the post that ends a tournament: over (the final
/// standings follow), or cancelled — with the reason when the director
/// cancelled it by itself (`reason`).
pub fn over_text(
    catalog: &Catalog,
    l: Locale,
    card: &Card,
    reason: Option<CancelReason>,
) -> String {
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

/// The post that ends a tournament: [`over_text`], and once it finished
/// the final standings table under it, within `room` characters (its
/// picture goes beside it: [`standings_picture_table`]).
pub fn over_post(
    catalog: &Catalog,
    l: Locale,
    card: &Card,
    reason: Option<CancelReason>,
    room: usize,
) -> String {
    let mut text = over_text(catalog, l, card, reason);
    if card.tournament.state == TournamentState::Finished {
        // The standings as a picture, the text table beside it for screen
        // readers.
        text.push('\n');
        let room = room.saturating_sub(text.chars().count());
        text.push_str(&standings_table(catalog, l, card, room));
    }
    text
}

/// The message of board `b` (the thread of its match hangs on it): the
/// board and both players' names (never a mention); `None` for a bye.
pub fn board_text(catalog: &Catalog, l: Locale, b: &Board) -> Option<String> {
    let second = b.second.as_ref()?;
    Some(
        catalog.text(
            l,
            id::TOURNAMENT_BOARD,
            &Args::new()
                .set("board", i64::from(b.board))
                .set("first", Value::name(b.first.name.clone()))
                .set("second", Value::name(second.name.clone())),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seated;
    use fourbot_i18n::NameStyle;
    use fourbot_render::standings_png;

    /// Discord's limit on a message's text, the room these tests give.
    const MAX_CONTENT: usize = 2000;

    /// A Discord message's room: 2,000 characters, 100 users mentioned.
    const ROOM: Room = Room {
        chars: MAX_CONTENT,
        mentions: 100,
    };

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
        let catalog = Catalog::new().unwrap().with_names(NameStyle::Discord);
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
        let messages = round_messages(&catalog, Locale::EnUs, TournamentId(7), &boards, None, ROOM);
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
            ROOM,
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

    /// Off Discord (the terminal, a web page) a board names its players:
    /// no `<@id>` mention, no `<t:…>` timestamp.
    #[test]
    fn a_round_off_discord_names_its_players_and_shows_times_in_utc() {
        let catalog = Catalog::new().unwrap();
        let boards = [
            Board {
                round: 1,
                board: 1,
                first: seat(0),
                second: Some(seat(1)),
            },
            Board {
                round: 1,
                board: 2,
                first: seat(2),
                second: None,
            },
        ];
        let messages = round_messages(&catalog, Locale::EnUs, TournamentId(7), &boards, None, ROOM);
        let all: Vec<&str> = messages.iter().flat_map(|(t, _)| t.lines()).collect();
        assert!(
            all.contains(&"Board 1: player0 (starts) against player1"),
            "{all:?}"
        );
        assert!(all.contains(&"player2: bye (1 point)"), "{all:?}");
        let mut card = big_card(4);
        card.tournament.state = TournamentState::Open;
        card.tournament.setup.starts_unix_ms = 1_796_580_000_000;
        let text = card_text(&catalog, Locale::EnUs, &card, MAX_CONTENT);
        assert!(text.contains("starts 2026-12-06 18:00 UTC"), "{text}");
        assert!(!text.contains("<t:") && !text.contains("<@"), "{text}");
        let discord = Catalog::new().unwrap().with_names(NameStyle::Discord);
        let text = card_text(&discord, Locale::EnUs, &card, MAX_CONTENT);
        assert!(text.contains("<t:1796580000:R>"), "{text}");
    }

    /// A finished Swiss of `n` players named `player1`…, ranked in order.
    fn big_card(n: usize) -> Card {
        use fourbot_store::{NewTournament, PlayerId, StoredTournament};
        let people: Vec<Seated> = (1..=n as u64).map(seat).collect();
        Card {
            tournament: StoredTournament {
                id: TournamentId(3),
                setup: NewTournament {
                    guild: 1,
                    channel: 2,
                    creator: PlayerId(1),
                    format: Format::Swiss,
                    variant: fourbot_core::game::Variant::Classic,
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
        let text = card_text(&catalog, Locale::EnUs, &card, MAX_CONTENT);
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
    fn the_start_of_a_swiss_cut_to_the_rounds_its_players_allow_says_why() {
        let catalog = Catalog::new().unwrap();
        let mut card = big_card(4);
        card.tournament.state = TournamentState::Running;
        card.tournament.setup.rounds = Some(4);
        card.rounds = 3;
        assert_eq!(
            started_text(&catalog, Locale::EnUs, TournamentId(3), Some(&card)),
            "Tournament 3 has started. With 4 players a Swiss has at most 3 rounds without two players meeting twice, so it plays 3 rounds instead of 4."
        );
        // Not cut, or no card read: the start alone.
        card.tournament.setup.rounds = Some(3);
        for card in [Some(&card), None] {
            assert_eq!(
                started_text(&catalog, Locale::EnUs, TournamentId(3), card),
                "Tournament 3 has started."
            );
        }
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
        // Cancelled by its creator or a moderator: no reason given; its
        // running matches end with it (docs/tournaments.md, "Cancelling").
        assert_eq!(
            over_text(&catalog, Locale::EnUs, &card, None),
            "Tournament 3 was cancelled. Its matches still being played end now, aborted: no result, no rating change."
        );
    }

    #[test]
    fn the_standings_of_two_hundred_players_stay_a_table_within_a_message() {
        // Before: the tournament message (all 200 names, then the table)
        // was cut at 2,000 characters mid-table, its code block left open
        // and the tie-break note lost.
        let catalog = Catalog::new().unwrap();
        let card = big_card(200);
        let text = card_text(&catalog, Locale::EnUs, &card, MAX_CONTENT);
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
        let small = card_text(&catalog, Locale::EnUs, &big_card(8), MAX_CONTENT);
        assert!(
            small.contains("player8 ") && !small.contains(" more"),
            "{small}"
        );
    }
}
