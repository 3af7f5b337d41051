//! The pages: the table of a match (`GET /m/<match>`; once it is over,
//! its replay, [`crate::replay`]) and the one 404.
//!
//! Every value goes into the HTML through maud, which escapes it; names
//! are shaped first by the project's one shaper ([`shape_name`], plain
//! style: invisible and bidi-control characters dropped, the length
//! capped) and shown in `<bdi>`, so a right-to-left name cannot turn the
//! line around it. No inline script and no `style` attribute: the page's
//! only script and style sheet are [`crate::assets`]' files.

use std::time::Duration;

use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

use fourbot_core::game::Color;
use fourbot_core::play::{Match, PhaseKind, Seat};
use fourbot_host::{MatchId, Table};
use fourbot_i18n::{id, shape_name, Args, Catalog, Id, Locale, NameStyle};
use fourbot_render::theme;

use super::board::{board, disc_icon, hover_disc, mark_key, pop_marker};
use super::state::Web;

/// What a seated player (a valid session of one of the match's players,
/// [`Web::session`]) sees under the board: their colour, and on their
/// turn a form per legal move (a plain `POST` that works without script;
/// `table.js` builds the pointing and the keys on it later). `None` for
/// a spectator or a match not running here.
fn seated_part(
    web: &Web,
    headers: &HeaderMap,
    catalog: &Catalog,
    l: Locale,
    table: &Table,
) -> Option<Markup> {
    let session = web.session(headers)?;
    let user = session.user;
    let spec = web.host().spec(table.id)?;
    let seat = Seat::new(spec.players.iter().position(|p| p.id == user)?)?;
    let m = &table.game;
    let color = color_of(m, seat)
        .map(|c| color_words(catalog, l, c))
        .unwrap_or_default();
    let you = catalog.text(l, id::WEB_YOU_PLAY, &Args::new().set("color", color));
    let turn = (table.live && m.to_move() == Some(seat))
        .then(|| m.turn())
        .flatten();
    let csrf = web.csrf_token(session)?;
    let act = format!("/m/{}/act", table.id.0);
    let moves: Vec<(String, String)> = match turn {
        Some(turn) => {
            let position = m.current_game().game().position();
            position
                .legal_moves()
                .iter()
                .map(|mv| {
                    let action = fourbot_host::ActionId::Move {
                        match_id: table.id,
                        turn,
                        mv,
                    };
                    let label = match mv {
                        fourbot_core::game::Move::Drop(c) => catalog.text(
                            l,
                            id::WEB_DROP,
                            &Args::new()
                                .set("column", fourbot_core::game::column_letter(c).to_string()),
                        ),
                        fourbot_core::game::Move::Pop(c) => catalog.text(
                            l,
                            id::WEB_POP,
                            &Args::new()
                                .set("column", fourbot_core::game::column_letter(c).to_string()),
                        ),
                    };
                    (action.to_string(), label)
                })
                .collect()
        }
        None => Vec::new(),
    };
    // The table's other buttons (RULES.md §2a): "Resign game" under the
    // board while a game is played, the match's resign button (confirmed
    // on the next page, `session::act`), "Ready for the next game" between
    // the games until this seat is ready.
    let game = u8::try_from(m.games().len()).unwrap_or(u8::MAX);
    let mut others: Vec<(String, String, &str)> = Vec::new();
    if table.live {
        match m.phase() {
            PhaseKind::Playing => {
                others.push((
                    fourbot_host::ActionId::ResignGame {
                        match_id: table.id,
                        game,
                    }
                    .to_string(),
                    catalog.plain(l, id::WEB_RESIGN_GAME),
                    "resign",
                ));
                others.push((
                    fourbot_host::ActionId::ResignMatch { match_id: table.id }.to_string(),
                    catalog.plain(l, id::WEB_RESIGN_MATCH),
                    "resign",
                ));
            }
            PhaseKind::BetweenGames if !m.is_ready(seat) => {
                others.push((
                    fourbot_host::ActionId::Ready {
                        match_id: table.id,
                        game,
                    }
                    .to_string(),
                    catalog.plain(l, id::WEB_READY),
                    "ready",
                ));
            }
            _ => {}
        }
    }
    // What table.js needs to make the board playable by pointing and
    // keys (docs/web.md, "Playing"): the words it reads out, with the
    // column's letter put in for `{column}`, and the disc it points with.
    let column = |message: id::Id| catalog.text(l, message, &Args::new().set("column", "{column}"));
    let last = i64::from(m.variant().rules().geometry.width().min(9));
    let hover = color_of(m, seat).map(|c| hover_disc(c, m.variant()));
    // PopOut: a marker under each column whose bottom disc may be popped
    // (table.js draws it from the pop forms).
    let pops = moves.iter().any(|(action, _)| action.contains(":pop:"));
    let marker = color_of(m, seat)
        .filter(|_| pops)
        .map(|c| pop_marker(c, m.variant()));
    Some(html! {
        section #seated data-turn=(turn_key(table))
            data-chosen=(column(id::WEB_POINT_CHOSEN)) data-full=(column(id::WEB_POINT_FULL))
            data-pop-chosen=(column(id::WEB_POINT_POP_CHOSEN)) data-no-pop=(column(id::WEB_POINT_NO_POP)) {
            p #you { (you) }
            @if let Some(hover) = hover {
                template #hover-disc { (hover) }
            }
            @if let Some(marker) = marker {
                template #pop-marker { (marker) }
            }
            @if !moves.is_empty() {
                p { (catalog.plain(l, id::WEB_YOUR_MOVE)) }
                p.help { (catalog.text(l, id::WEB_POINT_HELP, &Args::new().set("last", last))) }
                @if pops {
                    p.help { (catalog.plain(l, id::WEB_POP_HELP)) }
                }
                div.actions {
                    @for (action, label) in &moves {
                        form method="post" action=(act) {
                            input type="hidden" name="csrf" value=(csrf);
                            button type="submit" name="play" value=(action) { (label) }
                        }
                    }
                }
            }
            @if !others.is_empty() {
                div.others {
                    @for (action, label, class) in &others {
                        form method="post" action=(act) {
                            input type="hidden" name="csrf" value=(csrf);
                            button.(class) type="submit" name="play" value=(action) { (label) }
                        }
                    }
                }
            }
        }
    })
}

/// Which turn of the match the page was drawn for: the game and ply of
/// the move to make, or `-` when none is (between games, over). The
/// seated section carries it (`data-turn`) and so does every event of the
/// stream: table.js fetches the seated part again when they differ, so a
/// player's forms follow the match without reloading the page.
pub fn turn_key(table: &Table) -> String {
    match table.game.turn().filter(|_| table.live) {
        Some(turn) => format!("{}.{}", turn.game, turn.ply),
        None => "-".into(),
    }
}

/// A page request in the reader's language, counted in the client
/// address's page budget (docs/web.md, "Budgets"): extracting it reads
/// the language ([`Web::reader_locale`]) and counts the page; an address
/// over its budget is answered 429 ([`too_many`]) before the handler runs.
/// One extractor for every page and picture, so none can forget either.
pub struct Reader {
    /// The reader's language.
    pub l: Locale,
    /// The request's query string, if any.
    pub query: Option<String>,
}

impl axum::extract::FromRequestParts<Web> for Reader {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        web: &Web,
    ) -> Result<Reader, Response> {
        let query = parts.uri.query().map(str::to_owned);
        let Ok(address) = crate::guard::ClientAddr::from_request_parts(parts, web).await;
        let l = web
            .reader_locale(lang_param(query.as_deref()), &parts.headers)
            .await;
        web.requests()
            .page(address.0)
            .map_err(|wait| too_many(l, wait))?;
        Ok(Reader { l, query })
    }
}

/// The `lang` parameter of a query string, if any (`?lang=de`).
pub(crate) fn lang_param(query: Option<&str>) -> Option<&str> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("lang="))
}

/// The match of a page's path if it may be shown: a known match of a
/// server whose moderators turned the web on. Anything else (no number,
/// unknown, another server's, the terminal's) is `None`, which every
/// route answers with the same [`not_found`].
pub(crate) async fn visible(web: &Web, id: &str) -> Option<Table> {
    let id = MatchId(id.parse().ok().filter(|n| *n > 0)?);
    // A finished match from memory (its replay's steps and files are
    // requests of their own); otherwise from the host, kept if finished.
    let table = match web.finished().get(id) {
        Some(kept) => Table::clone(&kept),
        None => {
            let table = web.host().table(id).await?;
            web.finished().keep(&table);
            table
        }
    };
    web.on_the_web(table.guild).await.then_some(table)
}

/// A name as the web shows it: shaped plain ([`shape_name`]); maud
/// escapes it where it is put.
pub fn name(raw: &str) -> String {
    shape_name(raw, NameStyle::Plain)
}

/// A bank as the page shows it and table.js ticks it: rounded up to the
/// second like a countdown, `m:ss`, or `h:mm:ss` from an hour on.
pub fn clock_text(ms: u64) -> String {
    let s = Duration::from_millis(ms.div_ceil(1000) * 1000).as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The colour seat `seat` plays in the current game (teams: its team's).
fn color_of(m: &Match, seat: Seat) -> Option<Color> {
    m.current_game().order().color_of(seat)
}

/// A seat's name as shown: shaped, and "(AI)" after the AI's.
fn seat_name(catalog: &Catalog, l: Locale, table: &Table, seat: Seat) -> String {
    let Some(s) = table.seats.get(seat.index()) else {
        return "?".into();
    };
    if s.ai {
        format!("{} ({})", name(&s.name), catalog.plain(l, id::WEB_AI))
    } else {
        name(&s.name)
    }
}

/// A colour in words with its mark: "red (ring)".
fn color_words(catalog: &Catalog, l: Locale, color: Color) -> String {
    let mark = match mark_key(theme::mark(color)) {
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

/// The parts of the table that change as the match goes on, each the
/// content of one element of the page (and of one field of an event,
/// [`crate::stream`]).
pub struct Parts {
    /// Whose turn, or between games, or over.
    pub status: String,
    /// The board (SVG).
    pub board: Markup,
    /// The players with their colours and clocks.
    pub players: Markup,
    /// The score of the match.
    pub score: Markup,
    /// The move lists, game by game.
    pub moves: Markup,
}

/// The match's status line: "Game 1 of 2 · alice to move".
pub fn status(catalog: &Catalog, l: Locale, table: &Table) -> String {
    let m = &table.game;
    let game = catalog.text(
        l,
        id::WEB_GAME,
        &Args::new()
            .set("game", m.games().len() as i64)
            .set("games", i64::from(m.variant().games_per_match())),
    );
    match m.phase() {
        PhaseKind::Playing => match m.to_move() {
            Some(seat) => {
                let who = catalog.text(
                    l,
                    id::WEB_TO_MOVE,
                    &Args::new().set("player", seat_name(catalog, l, table, seat)),
                );
                format!("{game} · {who}")
            }
            None => game,
        },
        PhaseKind::BetweenGames => {
            format!("{game} · {}", catalog.plain(l, id::WEB_BETWEEN_GAMES))
        }
        PhaseKind::Finished => {
            let over = catalog.plain(l, id::WEB_MATCH_OVER);
            let Some(result) = m.result() else {
                return over;
            };
            let Some(places) = result.places else {
                return format!("{over} {}", catalog.plain(l, id::WEB_MATCH_ABORTED));
            };
            let winners: Vec<String> = places
                .iter()
                .filter(|(_, place)| **place == 1)
                .map(|(side, _)| side_name(catalog, l, table, side.0 as usize))
                .collect();
            if winners.len() == places.len() {
                return format!("{over} {}", catalog.plain(l, id::WEB_MATCH_DRAWN));
            }
            let winners = catalog.list(l, &winners);
            format!(
                "{over} {}",
                catalog.text(l, id::WEB_WINNER, &Args::new().set("player", winners))
            )
        }
    }
}

/// The names of a side's seats: one, or "alice and carol" for a team.
fn side_name(catalog: &Catalog, l: Locale, table: &Table, side: usize) -> String {
    let m = &table.game;
    let names: Vec<String> = m
        .seating()
        .all()
        .iter()
        .filter(|s| m.seating().side_of(**s).0 as usize == side)
        .map(|s| seat_name(catalog, l, table, *s))
        .collect();
    catalog.list(l, &names)
}

/// The note under the table: live or over, and that the reader watches.
pub fn note(catalog: &Catalog, l: Locale, live: bool) -> String {
    if !live {
        return catalog.plain(l, id::WEB_FINISHED);
    }
    // How a player gets to play here (their link on Discord).
    format!(
        "{} {}",
        catalog.plain(l, id::WEB_LIVE),
        catalog.plain(l, id::WEB_SPECTATOR)
    )
}

/// Everything of the table that changes, in `l`.
pub fn parts(catalog: &Catalog, l: Locale, table: &Table) -> Parts {
    let m = &table.game;
    let running = (m.phase() == PhaseKind::Playing)
        .then(|| m.to_move())
        .flatten();
    let players = html! {
        @for &seat in m.seating().all() {
            @let bank = m.bank(seat, table.now);
            @let runs = Some(seat) == running;
            li.seat.to-move[runs] data-seat=(seat.index()) {
                @if let Some(c) = color_of(m, seat) {
                    (disc_icon(c))
                    " "
                    span.color { (color_words(catalog, l, c)) }
                    " "
                }
                bdi.name { (seat_name(catalog, l, table, seat)) }
                " "
                span.clock data-ms=(bank) data-running=(runs) {
                    (clock_text(bank))
                }
                @if runs {
                    " "
                    span.running { (catalog.plain(l, id::WEB_CLOCK_RUNNING)) }
                }
            }
        }
    };
    // The match's result once it is over (a forfeit gives the other side
    // every game's point), else the points of the games so far.
    let score = m.result().map_or_else(|| m.score(), |r| r.score);
    let halves: Vec<u32> = score.as_slice().iter().map(|p| p.halves()).collect();
    let side_names: Vec<String> = (0..m.seating().sides())
        .map(|side| side_name(catalog, l, table, side))
        .collect();
    let score = html! {
        (catalog.text(l, id::WEB_SCORE, &Args::new().set("score", fourbot_i18n::score(&halves))))
        " "
        span.sides {
            "("
            @for (i, n) in side_names.iter().enumerate() {
                @if i > 0 { " : " }
                bdi { (n) }
            }
            ")"
        }
    };
    let games = m.games();
    let moves = html! {
        @for (g, record) in games.iter().enumerate() {
            @let game = record.game();
            @let colors = game.position().rules().colors as usize;
            section.game {
                @if games.len() > 1 {
                    h3 { (catalog.text(l, id::WEB_GAME, &Args::new().set("game", g as i64 + 1).set("games", i64::from(m.variant().games_per_match())))) }
                }
                @if game.moves().is_empty() {
                    p.none { (catalog.plain(l, id::WEB_NO_MOVES)) }
                } @else {
                    ol.plies {
                        @for (i, mv) in game.moves().iter().enumerate() {
                            @let color = Color::from_index(i % colors);
                            li {
                                span.ply { (i + 1) "." }
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
    };
    Parts {
        status: status(catalog, l, table),
        board: board(catalog, l, table.game.current_game().game()),
        players,
        score,
        moves,
    }
}

/// An HTML answer with `status`.
pub(crate) fn html_response(status: StatusCode, page: Markup) -> Response {
    let mut response = (status, page.into_string()).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    response
}

/// The page around `body`, in `l`, with the table's script.
pub(crate) fn page(l: Locale, title: &str, body: Markup) -> Markup {
    page_with(l, title, html! {}, "table.js", body)
}

/// The page around `body`, in `l`: `head` added to its head (the
/// OpenGraph tags, [`crate::og`]), `script` its one script
/// ([`crate::assets`]' file name).
pub(crate) fn page_with(
    l: Locale,
    title: &str,
    head: Markup,
    script: &str,
    body: Markup,
) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(l.tag()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="same-origin";
                title { (title) " — fourbot" }
                // No icon: without this the browser asks for /favicon.ico
                // on every page and logs its 404 (an empty `data:` URL is
                // allowed by `img-src`).
                link rel="icon" href="data:,";
                link rel="stylesheet" href=(crate::assets::path("table.css"));
                link rel="stylesheet" href=(crate::assets::path("replay.css"));
                script src=(crate::assets::path(script)) defer {}
                (head)
            }
            body { (body) }
        }
    }
}

/// The one "not found" answer: for an unknown match, one of a server that
/// has not turned the web on, one without a server, and any other path —
/// the same status and body for the same language, so none can be told
/// from another.
pub fn not_found(l: Locale) -> Response {
    let text = Catalog::embedded().plain(l, id::WEB_NOT_FOUND);
    message_page(
        l,
        StatusCode::NOT_FOUND,
        id::WEB_NOT_FOUND_TITLE,
        &text,
        false,
        None,
    )
}

/// Too many requests from one address or one player
/// ([`crate::guard::RequestLimits`]): 429 with `Retry-After` and the
/// wait in the reader's language.
pub fn too_many(l: Locale, wait_secs: u64) -> Response {
    let text =
        Catalog::embedded().text(l, id::WEB_TOO_MANY, &Args::new().set("seconds", wait_secs));
    let mut response = message_page(
        l,
        StatusCode::TOO_MANY_REQUESTS,
        id::WEB_TOO_MANY_TITLE,
        &text,
        true,
        None,
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(wait_secs));
    response
}

/// The pages that say one thing — not found, a refusal, a limit, a link
/// that does not work: `title`, the sentence `text` (`alert`: announced
/// at once, `role="alert"`, for the answer to what the reader just did),
/// a way back to the table if `back`; never cached.
pub(crate) fn message_page(
    l: Locale,
    status: StatusCode,
    title: Id,
    text: &str,
    alert: bool,
    back: Option<&str>,
) -> Response {
    let catalog = Catalog::embedded();
    let title = catalog.plain(l, title);
    let body = html! {
        main {
            h1 { (title) }
            p role=[alert.then_some("alert")] { (text) }
            @if let Some(back) = back {
                p { a href=(back) { (catalog.plain(l, id::WEB_BACK_TO_TABLE)) } }
            }
        }
    };
    let mut response = html_response(status, page(l, &title, body));
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Any path no route serves: [`not_found`].
pub async fn fallback(RawQuery(query): RawQuery, headers: HeaderMap) -> Response {
    not_found(crate::lang::negotiate(
        lang_param(query.as_deref()),
        &headers,
    ))
}

/// `GET /m/<match>`: the table, read only, in the reader's language; live
/// (table.js follows `/m/<match>/events`) while the match runs here.
pub async fn table(
    State(web): State<Web>,
    Path(id): Path<String>,
    Reader { l, query }: Reader,
    headers: HeaderMap,
) -> Response {
    let Some(table) = visible(&web, &id).await else {
        return not_found(l);
    };
    let catalog = web.catalog();
    let variant = catalog.variant_name(l, table.game.variant());
    let title = catalog.text(
        l,
        id::WEB_TITLE,
        &Args::new()
            .set("id", table.id.0.to_string())
            .set("variant", variant),
    );
    let parts = parts(catalog, l, &table);
    let head = crate::og::tags(&web, catalog, l, &table, &parts.status);
    if table.game.is_finished() {
        // Its replay and result (the links keep a language asked for).
        let lang = lang_param(query.as_deref()).map(|_| l);
        let body = crate::replay::body(
            &web,
            l,
            lang,
            &table,
            query.as_deref(),
            crate::replay::Heading {
                title: &title,
                status: &parts.status,
                score: parts.score,
            },
        )
        .await;
        let mut response = html_response(
            StatusCode::OK,
            page_with(l, &title, head, "replay.js", body),
        );
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
        return response;
    }
    let seated = seated_part(&web, &headers, catalog, l, &table);
    let events = format!("/m/{}/events?lang={}", table.id.0, l.tag());
    let body = html! {
        main #table data-events=[table.live.then_some(events.as_str())] data-live=(table.live) {
            h1 { (title) }
            p #status { (parts.status) }
            div #board { (parts.board) }
            @if let Some(seated) = seated { (seated) }
            section.players aria-labelledby="players-title" {
                h2 #players-title { (catalog.plain(l, id::WEB_PLAYERS)) }
                ul #players { (parts.players) }
                p #score { (parts.score) }
            }
            section.moves aria-labelledby="moves-title" {
                h2 #moves-title { (catalog.plain(l, id::WEB_MOVES)) }
                div #moves { (parts.moves) }
            }
            // The result once the match ends while the page is open
            // (the stream's last state, [`crate::stream`]).
            div #result {}
            div #announce.vh aria-live="polite" aria-atomic="true" {}
            p #note.note { (note(catalog, l, table.live)) }
        }
    };
    let mut response = html_response(StatusCode::OK, page_with(l, &title, head, "table.js", body));
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_like_a_countdown() {
        assert_eq!(clock_text(600_000), "10:00");
        assert_eq!(clock_text(179_600), "3:00");
        assert_eq!(clock_text(1), "0:01");
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(3_600_000 + 65_000), "1:01:05");
    }

    #[test]
    fn the_lang_parameter_is_read_from_the_query() {
        assert_eq!(lang_param(Some("x=1&lang=de")), Some("de"));
        assert_eq!(lang_param(Some("x=1")), None);
        assert_eq!(lang_param(None), None);
    }

    /// A classic match in which each player resigns one game: 1:1.
    #[test]
    fn a_drawn_match_says_so_and_a_won_one_names_the_winner() {
        use fourbot_core::game::Variant;
        use fourbot_core::play::{Action, ClockSettings, MatchSetup, Timestamp};
        use fourbot_host::{GuildId, TableSeat};

        let mut m = Match::new(
            MatchSetup::new(Variant::Classic, ClockSettings::default()),
            Timestamp(0),
        )
        .unwrap();
        let mut t = 0;
        let mut at = || {
            t += 1000;
            Timestamp(t)
        };
        // Both move in each game, then the one to move resigns it.
        for _ in 0..2 {
            for column in [3, 2] {
                let seat = m.to_move().unwrap();
                let turn = m.turn().unwrap();
                let mv = fourbot_core::game::Move::Drop(column);
                m.apply(seat, Action::Move { turn, mv }, at()).unwrap();
            }
            let seat = m.to_move().unwrap();
            m.apply(seat, Action::ResignGame, at()).unwrap();
            if m.phase() == PhaseKind::BetweenGames {
                for s in [Seat::P1, Seat::P2] {
                    m.apply(s, Action::Ready, at()).unwrap();
                }
            }
        }
        let seats = ["alice", "bob"].map(|n| TableSeat {
            name: n.into(),
            ai: false,
        });
        let table = Table {
            id: MatchId(1),
            guild: GuildId(1),
            seats: seats.to_vec(),
            now: Timestamp(t),
            game: m,
            live: false,
        };
        let catalog = Catalog::embedded();
        assert_eq!(
            status(catalog, Locale::EnUs, &table),
            "The match is over. A draw: the points are shared."
        );
        assert!(parts(catalog, Locale::EnUs, &table)
            .score
            .into_string()
            .starts_with("Score: 1:1"));
    }

    #[test]
    fn hostile_names_are_shaped_and_escaped() {
        let shaped = name("\u{202E}<script>alert(1)</script>");
        let html = html! { bdi { (shaped) } }.into_string();
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(!html.contains('\u{202E}'), "{html}");
    }
}
