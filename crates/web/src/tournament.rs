//! A tournament's page (`GET /tournament/<id>`, [`crate::paths::tournament_page`]):
//! its title, state, standings with the tie-breaks as the rulebook
//! (RULES.md §7) and the Discord standings give them, every round's
//! pairings with their results and links to their matches, and the winner
//! once it is over; its standings as a picture for shared links
//! (`GET /tournament/<id>/standings.png`). Live while it runs through
//! [`crate::tournament_stream`].
//!
//! Only what the tournament's public posts on Discord show: its message,
//! its rounds' pairings, its boards' results and its standings. A
//! tournament of a server without the web, or an unknown one, is the one
//! 404 ([`crate::pages::not_found`]).
//!
//! The tournament is read through [`crate::tournament_reads`]: one read
//! of the store per change of the tournament, however many readers and
//! streams follow it.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

use crate::pages::Reader;
use fourbot_core::tournament::{Format, Outcome};
use fourbot_host::tournament_views::{
    cells, rank_trend, rounds_note, standings_picture_table, state_text, tie_break_columns,
    title_text, trend_heading,
};
use fourbot_host::tournaments::{Overview, PairingRow, StandingRow};
use fourbot_host::{GuildId, TournamentId, TournamentState, UserId};
use fourbot_i18n::{id, Args, Catalog, Locale, Value};
use fourbot_render::Trend;

use super::pages::{html_response, name, not_found};
use super::paths;
use super::state::Web;
use super::tournament_reads::Snapshot;

/// The tournament of a page's path if it may be shown: a known tournament
/// of a server whose moderators turned the web on; else `None`, which
/// every route answers with the same [`not_found`].
pub(crate) async fn visible(web: &Web, id: &str) -> Option<Snapshot> {
    let id: i64 = id.parse().ok().filter(|n| *n > 0)?;
    let snapshot = web
        .tournament_pages()
        .get(web.tournaments(), TournamentId(id))
        .await?;
    web.on_the_web(snapshot.guild()).await.then_some(snapshot)
}

/// A pairing's result as the rulebook scores it (RULES.md §7), first
/// player's first: `1–0`, `0–1`, `½–½`.
pub fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstWon => "1–0",
        Outcome::SecondWon => "0–1",
        Outcome::Draw => "½–½",
    }
}

/// The parts of the page that change as the tournament goes on, each the
/// content of one element (and one field of an event).
pub struct Parts {
    /// The state line: open (and when it starts), the round under way, an
    /// arena's end, finished, cancelled.
    pub state: String,
    /// "Winner: alice" once finished.
    pub winner: Option<String>,
    /// The standings table (or, before the start, the entrants).
    pub standings: Markup,
    /// Every round's pairings.
    pub rounds: Markup,
}

/// The state line of `overview` in `l`: the web's own words while it is
/// open (players join on Discord, not here), else the tournament
/// message's (with the Swiss's rounds note when its players cut it).
pub fn state_line(catalog: &Catalog, l: Locale, overview: &Overview) -> String {
    let card = &overview.card;
    let t = &card.tournament;
    let state = match t.state {
        TournamentState::Open if t.setup.starts_unix_ms == i64::MAX => {
            catalog.plain(l, id::WEB_TOURNAMENT_OPEN_MANUAL)
        }
        TournamentState::Open => catalog.text(
            l,
            id::WEB_TOURNAMENT_OPEN,
            &Args::new().set("start", Value::relative(t.setup.starts_unix_ms)),
        ),
        _ => state_text(catalog, l, card),
    };
    match rounds_note(catalog, l, card) {
        Some(note) => format!("{state} {note}"),
        None => state,
    }
}

/// Those who share first place, once the tournament finished.
fn winners(overview: &Overview) -> Vec<&StandingRow> {
    if overview.card.tournament.state != TournamentState::Finished {
        return Vec::new();
    }
    overview
        .card
        .standings
        .iter()
        .filter(|r| r.rank == 1)
        .collect()
}

/// "Winner: alice" (names shaped), once finished.
pub fn winner_line(catalog: &Catalog, l: Locale, overview: &Overview) -> Option<String> {
    let names: Vec<String> = winners(overview)
        .iter()
        .map(|r| name(&r.player.name))
        .collect();
    (!names.is_empty()).then(|| {
        catalog.text(
            l,
            id::WEB_TOURNAMENT_WINNER,
            &Args::new().set("player", catalog.list(l, &names)),
        )
    })
}

/// A player's name, linked to their page on the tournament's server (the
/// id 0 of a player the store could not name: no link).
fn player(guild: GuildId, user: UserId, raw: &str) -> Markup {
    html! {
        @if user.0 == 0 {
            bdi.name { (name(raw)) }
        } @else {
            a.name href=(paths::player_page(guild, user)) { bdi { (name(raw)) } }
        }
    }
}

/// The byes each entrant of the standings had, by their user.
fn byes(overview: &Overview) -> impl Fn(UserId) -> usize + '_ {
    move |user| {
        overview
            .pairings
            .iter()
            .filter(|p| p.second.is_none() && p.first.id == user)
            .count()
    }
}

/// The standings as a table: rank, player (linked), points, the two
/// tie-breaks (Swiss, round robin: Buchholz cut 1, Sonneborn-Berger;
/// arena: matches won and played), from round 2 the change of place since
/// the round before, and the byes when any was given — the cells of the
/// Discord standings ([`cells`]), each column under its header; before
/// the start the entrants.
fn standings(catalog: &Catalog, l: Locale, overview: &Overview) -> Markup {
    let card = &overview.card;
    let guild = GuildId(card.tournament.setup.guild);
    let arena = card.tournament.setup.format == Format::Arena;
    if card.standings.is_empty() {
        let count = card.entrants.len() as i64;
        return html! {
            h3 { (catalog.text(l, id::WEB_TOURNAMENT_ENTRANTS, &Args::new().set("count", count))) }
            @if card.entrants.is_empty() {
                p.none { (catalog.plain(l, id::WEB_TOURNAMENT_NO_ENTRANTS)) }
            } @else {
                ul.entrants {
                    @for (p, _) in &card.entrants {
                        li { (player(guild, p.id, &p.name)) }
                    }
                }
            }
        };
    }
    let (c2, c3) = tie_break_columns(arena);
    let trend = trend_heading(catalog, l, card);
    let byes_of = byes(overview);
    let any_bye = !arena && overview.pairings.iter().any(|p| p.second.is_none());
    let note = if arena {
        catalog.plain(l, id::TOURNAMENT_ARENA_NOTE)
    } else {
        catalog.plain(l, id::TOURNAMENT_TIE_BREAKS)
    };
    html! {
        div.scroll {
            table.standings {
                thead {
                    tr {
                        th scope="col" abbr=(catalog.plain(l, id::WEB_TOURNAMENT_COLUMN_RANK)) { "#" }
                        th.player scope="col" { (catalog.plain(l, id::TOURNAMENT_COLUMN_PLAYER)) }
                        th scope="col" { (catalog.plain(l, id::TOURNAMENT_COLUMN_POINTS)) }
                        th scope="col" { (catalog.plain(l, c2)) }
                        th scope="col" { (catalog.plain(l, c3)) }
                        @if let Some(trend) = &trend { th scope="col" { (trend) } }
                        @if any_bye { th scope="col" { (catalog.plain(l, id::WEB_TOURNAMENT_COLUMN_BYES)) } }
                    }
                }
                tbody {
                    @for r in &card.standings {
                        @let ([points, b, c], _) = cells(r, arena);
                        tr class=[(!r.active).then_some("withdrawn")] data-rank=(r.rank) {
                            td.rank { (r.rank) }
                            th.player scope="row" {
                                (player(guild, r.player.id, &r.player.name))
                                @if !r.active {
                                    " "
                                    span.mark aria-hidden="true" { "✗" }
                                    span.vh { (catalog.plain(l, id::WEB_TOURNAMENT_WITHDRAWN)) }
                                } @else if r.on_streak {
                                    " "
                                    span.mark aria-hidden="true" { "🔥" }
                                    span.vh { (catalog.plain(l, id::WEB_TOURNAMENT_STREAK)) }
                                }
                            }
                            td.points { (points) }
                            td { (b) }
                            td { (c) }
                            @if trend.is_some() {
                                @match rank_trend(r) {
                                    Trend::Up(n) => td.trend.up { "▲" (n) },
                                    Trend::Down(n) => td.trend.down { "▼" (n) },
                                    Trend::Level(_) => td.trend { "=" },
                                    Trend::Unknown => td.trend { "–" },
                                }
                            }
                            @if any_bye { td.byes { (byes_of(r.player.id)) } }
                        }
                    }
                }
            }
        }
        p.note { (note) }
    }
}

/// One board: its number, its players (the first starts game 1), its
/// result or what it waits for, and the link to its match once opened; a
/// bye is its player and "bye (1 point)".
fn board(catalog: &Catalog, l: Locale, guild: GuildId, p: &PairingRow) -> Markup {
    let Some(second) = &p.second else {
        return html! {
            li.board.bye data-board=(p.board) {
                (player(guild, p.first.id, &p.first.name))
                ": " (catalog.plain(l, id::WEB_TOURNAMENT_BYE))
            }
        };
    };
    let status = match (p.outcome, p.voided, p.match_id) {
        (Some(o), _, _) => html! { span.result { (result_text(o)) } },
        (None, true, _) => html! { span.void { (catalog.plain(l, id::WEB_TOURNAMENT_VOID)) } },
        (None, false, Some(_)) => {
            html! { span.playing { (catalog.plain(l, id::WEB_TOURNAMENT_PLAYING)) } }
        }
        (None, false, None) => {
            html! { span.waiting { (catalog.plain(l, id::WEB_TOURNAMENT_WAITING)) } }
        }
    };
    html! {
        li.board data-board=(p.board) data-match=[p.match_id.map(|m| m.0)] {
            span.number { (catalog.text(l, id::WEB_TOURNAMENT_BOARD, &Args::new().set("board", i64::from(p.board)))) ": " }
            (player(guild, p.first.id, &p.first.name))
            " (" (catalog.plain(l, id::WEB_TOURNAMENT_STARTS)) ") "
            (status)
            " "
            (player(guild, second.id, &second.name))
            @if let Some(m) = p.match_id {
                " · "
                a.match href=(paths::match_page(m)) {
                    (catalog.text(l, id::WEB_TOURNAMENT_MATCH, &Args::new().set("id", m.0)))
                }
            }
        }
    }
}

/// Every round's pairings, the latest first (an arena's matches, which
/// have no rounds, the latest first too).
fn rounds(catalog: &Catalog, l: Locale, overview: &Overview) -> Markup {
    let guild = GuildId(overview.card.tournament.setup.guild);
    let arena = overview.card.tournament.setup.format == Format::Arena;
    let last = overview.pairings.iter().map(|p| p.round).max().unwrap_or(0);
    html! {
        @if overview.pairings.is_empty() {
            p.none { (catalog.plain(l, id::WEB_TOURNAMENT_NO_PAIRINGS)) }
        }
        @for round in (1..=last).rev() {
            section.round data-round=(round) {
                h3 {
                    @if arena {
                        (catalog.plain(l, id::WEB_TOURNAMENT_MATCHES))
                    } @else {
                        (catalog.text(l, id::WEB_TOURNAMENT_ROUND, &Args::new().set("round", i64::from(round))))
                    }
                }
                ol.boards {
                    @if arena {
                        @for p in overview.pairings.iter().rev().filter(|p| p.round == round) {
                            (board(catalog, l, guild, p))
                        }
                    } @else {
                        @for p in overview.pairings.iter().filter(|p| p.round == round) {
                            (board(catalog, l, guild, p))
                        }
                    }
                }
            }
        }
    }
}

/// Everything of the page that changes, in `l`.
pub fn parts(catalog: &Catalog, l: Locale, overview: &Overview) -> Parts {
    Parts {
        state: state_line(catalog, l, overview),
        winner: winner_line(catalog, l, overview),
        standings: standings(catalog, l, overview),
        rounds: rounds(catalog, l, overview),
    }
}

/// The note under the page: live, or over.
pub fn note(catalog: &Catalog, l: Locale, live: bool) -> String {
    catalog.plain(
        l,
        if live {
            id::WEB_TOURNAMENT_LIVE
        } else {
            id::WEB_TOURNAMENT_OVER
        },
    )
}

/// What a shared link's preview says: the state, and the winner or who
/// leads ("Round 2 of 3. Leading: alice with 2 points.").
pub fn description(catalog: &Catalog, l: Locale, overview: &Overview) -> String {
    let state = state_line(catalog, l, overview);
    if let Some(winner) = winner_line(catalog, l, overview) {
        return format!("{state} {winner}");
    }
    let arena = overview.card.tournament.setup.format == Format::Arena;
    match overview.card.standings.first() {
        Some(r) if overview.card.tournament.state == TournamentState::Running => {
            let ([points, _, _], _) = cells(r, arena);
            let leader = catalog.text(
                l,
                id::WEB_TOURNAMENT_LEADER,
                &Args::new()
                    .set("player", name(&r.player.name))
                    .set("points", points),
            );
            format!("{state} {leader}")
        }
        _ => state,
    }
}

/// The standings picture's path with the reader's language
/// (`/tournament/<id>/standings.png?lang=de`), so that a shared link's
/// picture speaks the page's language.
fn picture_path(id: TournamentId, l: Locale) -> String {
    format!("{}?lang={}", paths::tournament_standings_png(id), l.tag())
}

/// The document: the page's head (its OpenGraph tags for shared links)
/// and `body`; the style sheet and the page's one script are
/// [`crate::assets`]' files.
fn document(l: Locale, title: &str, og: &Markup, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(l.tag()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="same-origin";
                title { (title) " — fourbot" }
                (og)
                link rel="icon" href="data:,";
                link rel="stylesheet" href=(crate::assets::path("table.css"));
                script src=(crate::assets::path("tournament.js")) defer {}
            }
            body { (body) }
        }
    }
}

/// `GET /tournament/<id>`: the page, in the reader's language; live
/// (tournament.js follows `/tournament/<id>/events`) while it is open or
/// runs. One page of the address's budget.
pub async fn page(
    State(web): State<Web>,
    Path(id): Path<String>,
    Reader { l, query: _ }: Reader,
    _headers: HeaderMap,
) -> Response {
    let Some(snapshot) = visible(&web, &id).await else {
        return not_found(l);
    };
    let catalog = web.catalog();
    let overview = &snapshot.overview;
    let card = &overview.card;
    let tid = snapshot.id();
    let title = title_text(catalog, l, card);
    let parts = parts(catalog, l, overview);
    let live = snapshot.live();
    let picture = (!card.standings.is_empty()).then(|| web.link(&picture_path(tid, l)));
    let og = html! {
        meta property="og:type" content="website";
        meta property="og:site_name" content="fourbot";
        meta property="og:title" content=(title);
        meta property="og:description" content=(description(catalog, l, overview));
        meta property="og:url" content=(web.link(&paths::tournament_page(tid)));
        @if let Some(picture) = &picture {
            meta property="og:image" content=(picture);
            meta property="og:image:alt" content=(title);
            meta name="twitter:card" content="summary_large_image";
        } @else {
            meta name="twitter:card" content="summary";
        }
    };
    let events = format!("/tournament/{}/events?lang={}", tid.0, l.tag());
    let body = html! {
        main #tournament data-events=[live.then_some(events.as_str())] data-live=(live)
            data-version=(format!("{:016x}", snapshot.version)) {
            h1 #t-title { (title) }
            p #t-state { (parts.state) }
            p #t-winner.winner hidden[parts.winner.is_none()] { (parts.winner.unwrap_or_default()) }
            section.standings aria-labelledby="standings-title" {
                h2 #standings-title { (catalog.plain(l, id::WEB_TOURNAMENT_STANDINGS)) }
                div #t-standings { (parts.standings) }
            }
            section.rounds aria-labelledby="rounds-title" {
                h2 #rounds-title { (catalog.plain(l, id::WEB_TOURNAMENT_ROUNDS)) }
                div #t-rounds { (parts.rounds) }
            }
            div #announce.vh aria-live="polite" aria-atomic="true" {}
            p #t-note.note { (note(catalog, l, live)) }
        }
    };
    let mut response = html_response(StatusCode::OK, document(l, &title, &og, body));
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    response
}

/// `GET /tournament/<id>/standings.png`: the standings as the Discord
/// posts draw them (render's standings table, the best
/// [`fourbot_render::MAX_ROWS`] rows), in `?lang=` or the reader's
/// language; drawn off the async threads, kept by tournament, version and
/// language ([`crate::tournament_reads::PICTURES_KEPT`]). `ETag` by version: a `If-None-Match`
/// of the same answers 304. The 404 before the start (no standings yet),
/// as for an unknown tournament. One page of the address's budget.
pub async fn standings_png(
    State(web): State<Web>,
    Path(id): Path<String>,
    Reader { l, query: _ }: Reader,
    headers: HeaderMap,
) -> Response {
    let Some(snapshot) = visible(&web, &id).await else {
        return not_found(l);
    };
    if snapshot.overview.card.standings.is_empty() {
        // Not started: no standings to draw.
        return not_found(l);
    }
    let etag = format!("\"{:016x}-{}\"", snapshot.version, l.tag());
    let same = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let key = (snapshot.id(), snapshot.version, l);
    let kept = web.tournament_pages().picture(key);
    let mut response = match kept {
        _ if same => StatusCode::NOT_MODIFIED.into_response(),
        Some(png) => (StatusCode::OK, png).into_response(),
        None => {
            let Some(table) = standings_picture_table(web.catalog(), l, &snapshot.overview.card)
            else {
                return not_found(l);
            };
            let drawn =
                tokio::task::spawn_blocking(move || fourbot_render::standings_png(&table)).await;
            let png = match drawn {
                Ok(Ok(png)) => Bytes::from(png),
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, "drawing a tournament's standings failed");
                    return StatusCode::INTERNAL_SERVER_ERROR.into_response();
                }
                Err(e) => {
                    tracing::warn!(error = %e, "drawing a tournament's standings failed");
                    return StatusCode::INTERNAL_SERVER_ERROR.into_response();
                }
            };
            web.tournament_pages().keep_picture(key, png.clone());
            (StatusCode::OK, png).into_response()
        }
    };
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    // A minute: a shared link's preview fetches it once; the page's
    // readers see the standings live in the page itself.
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=60"),
    );
    h.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_host::tournaments::Card;
    use fourbot_host::{MatchId, NameSource, NewTournament, PlayerId, Seated, StoredTournament};

    fn seat(i: u64, name: &str) -> Seated {
        Seated {
            id: UserId(100 + i),
            name: name.into(),
            ai_level: None,
            source: NameSource::Stored,
        }
    }

    /// A running arena of three: alice on a streak, bob withdrawn, a match
    /// of alice's under way and two decided.
    fn arena() -> Overview {
        let people = [seat(1, "alice"), seat(2, "bob"), seat(3, "carol")];
        let row = |rank: usize, p: &Seated, halves, won, played, streak, active| StandingRow {
            rank,
            player: p.clone(),
            halves,
            second: won,
            third: played,
            on_streak: streak,
            active,
            previous_rank: None,
        };
        let pairing = |board, first: &Seated, second: &Seated, m, outcome| PairingRow {
            round: 1,
            board,
            first: first.clone(),
            second: Some(second.clone()),
            match_id: Some(MatchId(m)),
            outcome,
            voided: false,
        };
        Overview {
            card: Card {
                tournament: StoredTournament {
                    id: TournamentId(4),
                    setup: NewTournament {
                        guild: 7,
                        channel: 2,
                        creator: PlayerId(1),
                        format: Format::Arena,
                        variant: fourbot_core::game::Variant::Classic,
                        base_ms: 180_000,
                        increment_ms: 0,
                        rounds: None,
                        duration_ms: Some(30 * 60_000),
                        rated: false,
                        starts_unix_ms: 0,
                        locale: None,
                    },
                    message: None,
                    state: TournamentState::Running,
                    started_unix_ms: Some(1_796_580_000_000),
                    ended_unix_ms: None,
                },
                entrants: people.iter().map(|p| (p.clone(), true)).collect(),
                standings: vec![
                    row(1, &people[0], 8, 2, 2, true, true),
                    row(2, &people[2], 0, 0, 1, false, true),
                    row(3, &people[1], 0, 0, 1, false, false),
                ],
                round: 1,
                rounds: 0,
            },
            pairings: vec![
                pairing(1, &people[0], &people[1], 11, Some(Outcome::FirstWon)),
                pairing(2, &people[2], &people[0], 12, Some(Outcome::SecondWon)),
                pairing(3, &people[0], &people[2], 13, None),
            ],
        }
    }

    #[test]
    fn an_arena_shows_won_and_played_its_streak_and_withdrawals_in_words_and_its_matches_latest_first(
    ) {
        let catalog = Catalog::embedded();
        let o = arena();
        let p = parts(catalog, Locale::EnUs, &o);
        assert_eq!(
            p.state,
            "Under way until 2026-12-06 18:30 UTC. Late players may still join."
        );
        assert_eq!(p.winner, None, "not finished");
        let standings = p.standings.into_string();
        for th in ["Pts", "Won", "Played"] {
            assert!(
                standings.contains(&format!("<th scope=\"col\">{th}</th>")),
                "{standings}"
            );
        }
        assert!(
            !standings.contains("Byes"),
            "an arena has no byes: {standings}"
        );
        // Whole points (8 halves: 4), matches won and played.
        assert!(
            standings.contains("<td class=\"points\">4</td><td>2</td><td>2</td>"),
            "{standings}"
        );
        assert!(standings.contains(
            "🔥</span><span class=\"vh\">on a streak: the next win counts double</span>"
        ));
        assert!(standings.contains("<tr class=\"withdrawn\" data-rank=\"3\">"));
        assert!(standings.contains("✗</span><span class=\"vh\">withdrawn</span>"));
        assert!(standings.contains("Win 2, draw 1;"), "the arena's note");
        let rounds = p.rounds.into_string();
        assert!(rounds.contains("<h3>Matches</h3>"), "{rounds}");
        let order: Vec<usize> = [13, 12, 11]
            .iter()
            .map(|m| rounds.find(&format!("href=\"/m/{m}\"")).unwrap())
            .collect();
        assert!(
            order.windows(2).all(|w| w[0] < w[1]),
            "latest first: {rounds}"
        );
        assert!(rounds.contains("<span class=\"playing\">being played</span>"));
        assert_eq!(
            description(catalog, Locale::EnUs, &o),
            "Under way until 2026-12-06 18:30 UTC. Late players may still join. Leading: alice with 4 points."
        );
    }

    #[test]
    fn a_cancelled_tournament_has_no_winner_and_a_voided_board_says_void() {
        let catalog = Catalog::embedded();
        let mut o = arena();
        o.card.tournament.state = TournamentState::Cancelled;
        o.pairings[2].voided = true;
        let p = parts(catalog, Locale::EnUs, &o);
        assert_eq!(p.state, "Cancelled.");
        assert_eq!(p.winner, None);
        assert!(p
            .rounds
            .into_string()
            .contains("<span class=\"void\">void: counts for nothing</span>"));
        assert_eq!(description(catalog, Locale::EnUs, &o), "Cancelled.");
        // Finished: the winner, in the description too.
        o.card.tournament.state = TournamentState::Finished;
        assert_eq!(
            winner_line(catalog, Locale::EnUs, &o).as_deref(),
            Some("Winner: alice")
        );
        assert_eq!(
            description(catalog, Locale::EnUs, &o),
            "Finished. Winner: alice"
        );
    }

    #[test]
    fn results_read_first_players_first() {
        assert_eq!(result_text(Outcome::FirstWon), "1–0");
        assert_eq!(result_text(Outcome::SecondWon), "0–1");
        assert_eq!(result_text(Outcome::Draw), "½–½");
    }
}
