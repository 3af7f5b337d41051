//! A finished match's page (`GET /m/<match>` once it is over): its replay
//! and its result (docs/web.md, "Replay").
//!
//! The board ([`crate::board`], the table's SVG) at a chosen ply of a
//! chosen game, the game's move list in the rulebook's notation with that
//! ply marked, and the controls first / back / forward / last: plain links
//! (`?game=<n>&ply=<k>`), so the replay works without script; replay.js
//! steps by the keys (← → Home End) and by the same links without
//! reloading the page. A query that names no game or ply of the match (not
//! a number, out of range) shows the default: the last game's last ply,
//! the match as it ended. Under it the result: the score, how each game
//! ended, the rating changes of a rated match ([`result_section`], also
//! sent to an open table when its match ends, [`crate::stream`]), and the
//! links to the export and the GIFs ([`crate::files`]).

use maud::{html, Markup};

use fourbot_core::game::{Color, Game};
use fourbot_core::play::{ForfeitReason, GameEnd, Match};
use fourbot_host::{NameSource, Presenter, Seated, Table, TimeStyle, UserId};
use fourbot_i18n::{id, rating_change, shape_name, Args, Catalog, Locale, NameStyle, Value};

use super::board::{board, disc_icon, mark_key};
use super::paths;
use super::state::Web;

/// A name as the web shows it: shaped plain (as `crate::pages::name`).
fn name(raw: &str) -> String {
    shape_name(raw, NameStyle::Plain)
}

/// The value of parameter `key` in a query string (`a=1&ply=3`), as sent.
pub(crate) fn param<'q>(query: Option<&'q str>, key: &str) -> Option<&'q str> {
    query?.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == key).then_some(v)
    })
}

/// Where a replay stands: a game (0-based) and the plies of it played
/// (0: its start; its length: its end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// The game, 0-based.
    pub game: usize,
    /// Plies played, from 0 to the game's length.
    pub ply: usize,
}

/// Where `query` (`?game=<n>&ply=<k>`, `n` 1-based) puts the replay of
/// `m`: each value that is not a number of the match's range gives its
/// default, the last game and its last ply.
pub fn at(m: &Match, query: Option<&str>) -> At {
    let games = m.games().len().max(1);
    let number = |key| param(query, key).and_then(|v| v.parse::<usize>().ok());
    let game = number("game")
        .filter(|g| (1..=games).contains(g))
        .map_or(games - 1, |g| g - 1);
    let plies = m.games().get(game).map_or(0, |r| r.game().moves().len());
    let ply = number("ply").filter(|p| *p <= plies).unwrap_or(plies);
    At { game, ply }
}

/// Game `at.game` of `m` after `at.ply` plies (the whole game if it
/// cannot be rebuilt, which a stored match never gives).
pub fn game_at(m: &Match, at: At) -> Option<Game> {
    let full = m.games().get(at.game)?.game();
    let moves = full.moves().get(..at.ply)?;
    Some(Game::from_moves(*full.start(), moves).unwrap_or_else(|_| full.clone()))
}

/// The link to `at` from the match's page: a query only, with the
/// reader's language when they chose it in the address.
fn link(at: At, lang: Option<Locale>) -> String {
    let mut link = format!("?game={}&ply={}", at.game + 1, at.ply);
    if let Some(l) = lang {
        link.push_str("&lang=");
        link.push_str(l.tag());
    }
    link
}

/// The match's seats as the host's presenter takes them (names as typed;
/// the presenter shapes them).
fn seated(table: &Table) -> Vec<Seated> {
    table
        .seats
        .iter()
        .map(|s| Seated {
            id: UserId(0),
            name: s.name.clone(),
            ai_level: s.ai.then_some(1),
            source: NameSource::Stored,
        })
        .collect()
}

/// How each game of `table`'s match ended, one line a game: the host's own
/// lines (as Discord's thread says them), and the web's for a game ended
/// off the board (a forfeit of the match, an abort).
pub fn game_lines(catalog: &Catalog, l: Locale, table: &Table) -> Vec<String> {
    let players = seated(table);
    let p = Presenter {
        catalog,
        match_id: table.id,
        players: &players,
        locale: l,
        time_style: TimeStyle::Omit,
        epoch_unix_ms: 0,
        images: false,
        moderator: None,
        cancelled_tournament: None,
        stopped: false,
        bands: None,
    };
    let m = &table.game;
    (0..m.games().len())
        .filter_map(|g| {
            if let Some(line) = p.game_result_line(m, g + 1) {
                return Some(line);
            }
            let (end, _) = m.games()[g].end()?;
            let args = Args::new().set("game", g as i64 + 1);
            let who = |seat: fourbot_core::play::Seat| {
                table
                    .seats
                    .get(seat.index())
                    .map(|s| name(&s.name))
                    .unwrap_or_default()
            };
            Some(match end {
                GameEnd::Forfeit(seat, reason) => {
                    let message = match reason {
                        ForfeitReason::Flag => id::WEB_GAME_FLAG,
                        ForfeitReason::Resign => id::WEB_GAME_RESIGNED_MATCH,
                        ForfeitReason::Removed => id::WEB_GAME_REMOVED,
                    };
                    catalog.text(l, message, &args.set("player", who(seat)))
                }
                GameEnd::Aborted => catalog.text(l, id::WEB_GAME_ABORTED, &args),
                _ => return None,
            })
        })
        .collect()
}

/// The result of `table`'s finished match: the status line `status`
/// (winner, draw or abort), the score `score` (both as the table shows
/// them), how each game ended, the rating changes if it was rated, and
/// the links to its export and its games' GIFs. Empty for a match that is
/// not over.
pub async fn result_section(
    web: &Web,
    l: Locale,
    table: &Table,
    status: &str,
    score: Markup,
) -> Markup {
    if !table.game.is_finished() {
        return html! {};
    }
    let catalog = web.catalog();
    let changes = web
        .ladder()
        .rating_changes(table.guild, table.id)
        .await
        .unwrap_or_default();
    let games = table.game.games().len();
    html! {
        section #result-part .result aria-labelledby="result-title" {
            h2 #result-title { (catalog.plain(l, id::WEB_RESULT)) }
            p.outcome { (status) }
            p.final-score { (score) }
            ul.game-ends {
                @for line in game_lines(catalog, l, table) {
                    li { (line) }
                }
            }
            @if !changes.is_empty() {
                h3 { (catalog.plain(l, id::WEB_RATING_CHANGES)) }
                ul.ratings {
                    @for c in &changes {
                        li {
                            (catalog.text(l, id::MATCH_RATING_CHANGE, &Args::new()
                                .set("player", Value::name(c.name.as_str()))
                                .set("before", c.before.as_str())
                                .set("after", c.after.as_str())
                                .set("change", rating_change(c.change))))
                        }
                    }
                }
            }
            h3 { (catalog.plain(l, id::WEB_FILES)) }
            ul.files {
                li { a href=(paths::match_export(table.id)) { (catalog.plain(l, id::WEB_EXPORT)) } }
                @for g in 1..=games {
                    li {
                        a href=(paths::match_replay_gif(table.id, g)) {
                            (catalog.text(l, id::WEB_GIF, &Args::new().set("game", g as i64)))
                        }
                    }
                }
            }
        }
    }
}

/// The words for `at` ("Game 1 of 2, ply 5 of 23: Red d"): the line over
/// the board, and what the live region says after a step.
fn at_text(catalog: &Catalog, l: Locale, m: &Match, at: At) -> String {
    let Some(record) = m.games().get(at.game) else {
        return String::new();
    };
    let game = record.game();
    let args = Args::new()
        .set("game", at.game as i64 + 1)
        .set("games", m.games().len() as i64)
        .set("ply", at.ply as i64)
        .set("plies", game.moves().len() as i64);
    match at.ply.checked_sub(1).and_then(|i| game.moves().get(i)) {
        Some(mv) => {
            let colors = game.position().rules().colors as usize;
            let color = Color::from_index((at.ply - 1) % colors);
            catalog.text(
                l,
                id::WEB_REPLAY_AT_MOVE,
                &args
                    .set("color", catalog.color_name(l, color))
                    .set("move", mv.to_string()),
            )
        }
        None => catalog.text(l, id::WEB_REPLAY_AT, &args),
    }
}

/// The controls: first, back, forward, last; each a link (the ones that
/// would not move are marked `aria-disabled` and dimmed).
fn controls(catalog: &Catalog, l: Locale, at: At, plies: usize, lang: Option<Locale>) -> Markup {
    let steps = [
        ("first", "«", id::WEB_REPLAY_FIRST, 0, at.ply == 0),
        (
            "back",
            "‹",
            id::WEB_REPLAY_BACK,
            at.ply.saturating_sub(1),
            at.ply == 0,
        ),
        (
            "forward",
            "›",
            id::WEB_REPLAY_FORWARD,
            (at.ply + 1).min(plies),
            at.ply == plies,
        ),
        ("last", "»", id::WEB_REPLAY_LAST, plies, at.ply == plies),
    ];
    html! {
        @for (key, symbol, words, ply, off) in steps {
            a #(key) .step href=(link(At { ply, ..at }, lang)) data-ply=(ply)
                aria-disabled=[off.then_some("true")] {
                // The arrow on the side it goes to.
                @if matches!(key, "first" | "back") {
                    span aria-hidden="true" { (symbol) } " " (catalog.plain(l, words))
                } @else {
                    (catalog.plain(l, words)) " " span aria-hidden="true" { (symbol) }
                }
            }
        }
    }
}

/// The move list of the game at `at`, each ply a link to it, the shown
/// one marked (`aria-current`, and a frame and a marker: not by colour
/// alone).
fn move_list(catalog: &Catalog, l: Locale, m: &Match, at: At, lang: Option<Locale>) -> Markup {
    let Some(record) = m.games().get(at.game) else {
        return html! {};
    };
    let game = record.game();
    let colors = game.position().rules().colors as usize;
    let current = |ply: usize| (ply == at.ply).then_some("step");
    html! {
        ol.plies.replay {
            li.current[at.ply == 0] {
                a #ply-0 href=(link(At { ply: 0, ..at }, lang)) data-ply="0" aria-current=[current(0)] {
                    (catalog.plain(l, id::WEB_REPLAY_START))
                }
            }
            @for (i, mv) in game.moves().iter().enumerate() {
                @let ply = i + 1;
                @let color = Color::from_index(i % colors);
                li.current[at.ply == ply] {
                    a #{"ply-" (ply)} href=(link(At { ply, ..at }, lang)) data-ply=(ply) aria-current=[current(ply)] {
                        span.ply { (ply) "." }
                        " "
                        (disc_icon(color))
                        span.vh { (catalog.color_name(l, color)) " " }
                        span.mv {
                            @if i < record.opening_plies() { "(" (mv) ")" } @else { (mv) }
                        }
                    }
                }
            }
        }
    }
}

/// A colour in words with its mark, as the table says it: "Red (ring)".
fn color_words(catalog: &Catalog, l: Locale, color: Color) -> String {
    let mark = match mark_key(fourbot_render::theme::mark(color)) {
        "ring" => id::WEB_MARK_RING,
        "diamond" => id::WEB_MARK_DIAMOND,
        _ => id::WEB_MARK_TRIANGLE,
    };
    catalog.text(
        l,
        id::WEB_SEAT_COLOR,
        &Args::new()
            .set("color", catalog.color_name(l, color))
            .set("mark", catalog.plain(l, mark)),
    )
}

/// The players with their colours in the game shown.
fn players(catalog: &Catalog, l: Locale, table: &Table, at: At) -> Markup {
    let m = &table.game;
    let order = m.games().get(at.game).map(|r| r.order());
    html! {
        @for &seat in m.seating().all() {
            li.seat {
                @if let Some(c) = order.and_then(|o| o.color_of(seat)) {
                    (disc_icon(c))
                    " "
                    span.color { (color_words(catalog, l, c)) }
                    " "
                }
                bdi.name {
                    @if let Some(s) = table.seats.get(seat.index()) {
                        (name(&s.name))
                        @if s.ai { " (" (catalog.plain(l, id::WEB_AI)) ")" }
                    }
                }
            }
        }
    }
}

/// What the replay shows as the table does: its heading, its status line
/// and its score (`crate::pages::parts`).
pub struct Heading<'a> {
    /// The page's title and heading.
    pub title: &'a str,
    /// The status line ("The match is over. Winner: bob").
    pub status: &'a str,
    /// The score with the sides' names.
    pub score: Markup,
}

/// The body of `GET /m/<match>` for a finished match: its replay at the
/// query's game and ply, and its result; `lang`: the language the
/// address asked for (kept in the page's links).
pub async fn body(
    web: &Web,
    l: Locale,
    lang: Option<Locale>,
    table: &Table,
    query: Option<&str>,
    heading: Heading<'_>,
) -> Markup {
    let Heading {
        title,
        status,
        score,
    } = heading;
    let catalog = web.catalog();
    let m = &table.game;
    let at = at(m, query);
    let plies = m.games().get(at.game).map_or(0, |r| r.game().moves().len());
    let games = m.games().len();
    let shown = game_at(m, at);
    let result = result_section(web, l, table, status, score).await;
    html! {
        main #replay data-game=(at.game + 1) data-ply=(at.ply) data-plies=(plies) {
            h1 { (title) }
            p #status { (status) }
            @if games > 1 {
                nav.games aria-label=(catalog.plain(l, id::WEB_REPLAY_GAMES)) {
                    ul {
                        @for g in 0..games {
                            @let last = m.games()[g].game().moves().len();
                            li {
                                a href=(link(At { game: g, ply: last }, lang))
                                    aria-current=[(g == at.game).then_some("page")] {
                                    (catalog.text(l, id::WEB_GAME, &Args::new().set("game", g as i64 + 1).set("games", games as i64)))
                                }
                            }
                        }
                    }
                }
            }
            p #at { (at_text(catalog, l, m, at)) }
            div #board {
                @if let Some(game) = &shown { (board(catalog, l, game)) }
            }
            nav #controls .controls aria-label=(catalog.plain(l, id::WEB_REPLAY_CONTROLS)) {
                (controls(catalog, l, at, plies, lang))
            }
            p.help { (catalog.plain(l, id::WEB_REPLAY_HELP)) }
            section.players aria-labelledby="players-title" {
                h2 #players-title { (catalog.plain(l, id::WEB_PLAYERS)) }
                ul #players { (players(catalog, l, table, at)) }
            }
            section.moves aria-labelledby="moves-title" {
                h2 #moves-title { (catalog.plain(l, id::WEB_MOVES)) }
                div #plies { (move_list(catalog, l, m, at, lang)) }
            }
            (result)
            div #announce.vh aria-live="polite" aria-atomic="true" {}
            p #note.note { (catalog.plain(l, id::WEB_FINISHED)) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::game::{Move, Variant};
    use fourbot_core::play::{Action, ClockSettings, MatchSetup, Timestamp};

    fn played(columns: &[u8]) -> Match {
        let mut m = Match::new(
            MatchSetup::new(Variant::Classic, ClockSettings::default()),
            Timestamp(0),
        )
        .unwrap();
        for (i, c) in columns.iter().enumerate() {
            let seat = m.to_move().unwrap();
            let turn = m.turn().unwrap();
            m.apply(
                seat,
                Action::Move {
                    turn,
                    mv: Move::Drop(*c),
                },
                Timestamp(1000 * (i as u64 + 1)),
            )
            .unwrap();
        }
        m
    }

    #[test]
    fn the_query_names_a_ply_or_the_default_is_the_end() {
        let m = played(&[3, 3, 2, 4]);
        let end = At { game: 0, ply: 4 };
        assert_eq!(at(&m, None), end);
        assert_eq!(at(&m, Some("ply=2")), At { game: 0, ply: 2 });
        assert_eq!(at(&m, Some("lang=de&ply=0")), At { game: 0, ply: 0 });
        assert_eq!(at(&m, Some("game=1&ply=4")), end);
        for bad in [
            "ply=5",
            "ply=-1",
            "ply=abc",
            "ply=",
            "ply=99999999999999999999999",
            "ply=1e3",
            "ply=%32",
        ] {
            assert_eq!(at(&m, Some(bad)), end, "{bad}");
        }
        for bad in ["game=0", "game=2", "game=x"] {
            assert_eq!(
                at(&m, Some(&format!("{bad}&ply=1"))),
                At { game: 0, ply: 1 },
                "{bad}"
            );
        }
    }

    #[test]
    fn the_game_at_a_ply_has_that_many_moves() {
        let m = played(&[3, 3, 2, 4]);
        assert_eq!(
            game_at(&m, At { game: 0, ply: 0 }).unwrap().moves().len(),
            0
        );
        let g = game_at(&m, At { game: 0, ply: 3 }).unwrap();
        assert_eq!(g.moves(), &[Move::Drop(3), Move::Drop(3), Move::Drop(2)]);
        assert!(game_at(&m, At { game: 0, ply: 5 }).is_none());
        assert!(game_at(&m, At { game: 1, ply: 0 }).is_none());
    }
}
