//! A player's page (`GET /player/<server>/<user>`, [`paths::player_page`])
//! and its rating charts (`GET /player/<server>/<user>/chart.png?variant=<key>`):
//! what Discord's public commands show of a player on one server, as a page
//! to share (docs/web.md, "Pages to share").
//!
//! - Per variant with a rating this season: the rating card as `/rating`
//!   shows it (rating, rating deviation, record, rank — or "not on the
//!   leaderboard while banned", as `/rating` says of a banned player) with
//!   the trend of the last 30 days as `/leaderboard` counts it, the rating
//!   chart as a picture ([`crate::charts`]) and its numbers as text.
//! - The recent matches as `/history` lists them, each linked to its page.
//! - Head-to-head records (`/rating user versus`) against the player's most
//!   frequent opponents, and against one (`?vs=<user>`).
//!
//! Nothing else: no moderation record, no settings, nothing said in private.
//! A server that has not turned the web on, an unknown server, a user who
//! has not finished a match there: the one 404 ([`crate::pages::not_found`]).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use maud::{html, Markup};

use crate::pages::Reader;
use fourbot_core::game::Variant;
use fourbot_host::ladder::{trend, Opponent, PoolCard, TREND_WINDOW_MS};
use fourbot_host::ladder_views::{rating_card, rating_none, trend_text};
use fourbot_host::{EndKind, HeadToHead, HistoryEntry, PoolRating, RatingPoint};
use fourbot_host::{GuildId, NameSource, Seated, UserId};
use fourbot_i18n::{half_points, id, rating_change, score, Args, Catalog, Locale, Shown, Value};
use fourbot_render::{rating_chart_png, CHART_HEIGHT, CHART_WIDTH};

use super::pages::{name, not_found};
use super::paths;
use super::share::{id_number, page_response, param, png_response, shared_page, Share};
use super::state::Web;

/// Matches listed under "Recent matches" (as many as `/history` lists).
pub const RECENT: u32 = fourbot_host::ladder_views::HISTORY;

/// Opponents whose head-to-head record the page shows: the most frequent.
pub const OPPONENTS: u32 = 5;

/// Rated matches of a pool listed under its chart, newest first.
pub const CHART_ROWS: usize = 10;

/// A user as the ladder looks them up: by their Discord id only (the name
/// is read from the store).
fn user_seat(user: UserId) -> Seated {
    Seated {
        id: user,
        name: String::new(),
        ai_level: None,
        source: NameSource::Stored,
    }
}

/// The server and user of a player page's path, if it may be shown: a
/// server whose moderators turned the web on and a user who has finished
/// a match or holds a rating there. Anything else is `Ok(None)`, the same
/// 404 as every page; `Err` when the store failed.
async fn visible(
    web: &Web,
    server: &str,
    user: &str,
) -> Result<Option<(GuildId, Seated, Vec<HistoryEntry>)>, ()> {
    let (Some(guild), Some(user)) = (id_number(server), id_number(user)) else {
        return Ok(None);
    };
    let guild = GuildId(guild);
    if !web.on_the_web(guild).await {
        return Ok(None);
    }
    let seat = user_seat(UserId(user));
    let recent = web
        .ladder()
        .history(guild, &seat, RECENT)
        .await
        .map_err(drop)?;
    // Every rating comes from a finished match there: none, no page.
    Ok((!recent.is_empty()).then_some((guild, seat, recent)))
}

/// The answer when the store failed: 500, said in the reader's language.
pub(crate) fn failed(l: Locale) -> Response {
    let text = Catalog::embedded().plain(l, id::WEB_PEOPLE_FAILED);
    crate::pages::message_page(
        l,
        StatusCode::INTERNAL_SERVER_ERROR,
        id::WEB_PEOPLE_FAILED_TITLE,
        &text,
        false,
        None,
    )
}

/// The trend of `card` as `/leaderboard` shows it: the rating now minus
/// before its first rated match of the last 30 days (`–` without one).
fn card_trend(card: &PoolCard, now_ms: i64) -> String {
    let before = card
        .history
        .iter()
        .find(|p| p.finished_unix_ms >= now_ms - TREND_WINDOW_MS)
        .map(|p| &p.before);
    trend_text(&card.entry, trend(&card.entry.rating, before))
}

/// One rated match's change as the pool counts it (`+12`, `−0.4`).
fn point_change(card: &PoolCard, p: &RatingPoint) -> String {
    trend_text(
        &card.entry,
        Some(p.after.shown_value() - p.before.shown_value()),
    )
}

/// The chart's numbers in a sentence: before the first rated match, now,
/// lowest and highest after a match.
fn chart_summary(catalog: &Catalog, l: Locale, card: &PoolCard) -> Option<String> {
    let first = card.history.first()?;
    let by_value = |r: &&PoolRating| r.shown_value();
    let afters = card.history.iter().map(|p| &p.after);
    let low = afters.clone().min_by_key(by_value)?;
    let high = afters.max_by_key(by_value)?;
    Some(
        catalog.text(
            l,
            id::WEB_PEOPLE_CHART_SUMMARY,
            &Args::new()
                .set("matches", card.history.len() as i64)
                .set("first", first.before.shown())
                .set("now", card.entry.rating.shown())
                .set("low", low.shown())
                .set("high", high.shown()),
        ),
    )
}

/// The path of `user`'s chart of `variant` in `l`.
fn chart_path(guild: GuildId, user: UserId, variant: Variant, l: Locale) -> String {
    // The picture's path has its own query already (`?variant=`).
    format!(
        "{}&lang={}",
        paths::player_chart_png(guild, user, variant),
        l.tag()
    )
}

/// One pool's block: the card's lines, the chart and its numbers.
fn pool_block(
    catalog: &Catalog,
    l: Locale,
    guild: GuildId,
    user: UserId,
    card: &PoolCard,
    now_ms: i64,
) -> Markup {
    let variant = catalog.variant_name(l, card.variant);
    let heading = format!("pool-{}", card.variant.key());
    let alt = catalog.text(
        l,
        id::CHART_ALT,
        &Args::new().set("variant", variant.clone()),
    );
    let record = catalog.text(
        l,
        id::RATING_RECORD,
        &Args::new()
            .set("matches", card.entry.matches)
            .set("wins", card.record.wins)
            .set("draws", card.record.draws)
            .set("losses", card.record.losses),
    );
    let rank = if card.ranked {
        catalog.text(
            l,
            id::RATING_RANK,
            &Args::new()
                .set("rank", card.entry.rank)
                .set("total", card.total),
        )
    } else {
        catalog.plain(l, id::RATING_UNRANKED_BANNED)
    };
    let rows: Vec<&RatingPoint> = card.history.iter().rev().take(CHART_ROWS).collect();
    html! {
        section.pool aria-labelledby=(heading) {
            h3 #(heading) {
                (variant) " "
                a.more href=(format!("{}?lang={}", paths::leaderboard_page(guild, card.variant), l.tag())) {
                    (catalog.plain(l, id::WEB_PEOPLE_LEADERBOARD_LINK))
                }
            }
            ul.card {
                li.rating { (catalog.text(l, id::RATING_VALUE, &Args::new().set("rating", card.entry.rating.shown()))) }
                li { (catalog.text(l, id::RATING_DEVIATION, &Args::new().set("deviation", card.entry.rating.shown_deviation()))) }
                li { (record) }
                li { (rank) }
                li { (catalog.text(l, id::WEB_PEOPLE_TREND, &Args::new().set("change", card_trend(card, now_ms)))) }
            }
            @if !card.history.is_empty() {
                figure.chart {
                    img src=(chart_path(guild, user, card.variant, l)) alt=(alt)
                        width=(CHART_WIDTH) height=(CHART_HEIGHT) loading="lazy";
                    @if let Some(summary) = chart_summary(catalog, l, card) {
                        figcaption { (summary) }
                    }
                }
                div.scroll {
                    table.numbers {
                        caption { (catalog.plain(l, id::WEB_PEOPLE_CHART_TABLE)) }
                        thead { tr {
                            th scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_MATCH)) }
                            th scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_DATE)) }
                            th.num scope="col" { (catalog.plain(l, id::TABLE_RATING)) }
                            th.num scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_DEVIATION)) }
                            th.num scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_CHANGE)) }
                        } }
                        tbody {
                            @for p in &rows {
                                tr {
                                    td { a href=(paths::match_page(p.match_id)) { "#" (p.match_id.0) } }
                                    td.date { (catalog.instant(p.finished_unix_ms, Shown::Date)) }
                                    td.num { (p.after.shown()) }
                                    td.num { (p.after.shown_deviation()) }
                                    td.num { (point_change(card, p)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A recent match's change as `/history` writes it.
fn history_change(catalog: &Catalog, l: Locale, h: &HistoryEntry) -> String {
    if h.voided {
        catalog.plain(l, id::HISTORY_VOIDED)
    } else if h.end == EndKind::Aborted {
        catalog.plain(l, id::HISTORY_ABORTED)
    } else {
        match h.rating {
            Some((before, after)) => rating_change(after - before),
            None => catalog.plain(l, id::HISTORY_UNRATED),
        }
    }
}

/// The recent matches as a table, each linked to its page.
fn recent_table(catalog: &Catalog, l: Locale, recent: &[HistoryEntry]) -> Markup {
    html! {
        div.scroll {
            table.recent {
                thead { tr {
                    th scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_MATCH)) }
                    th scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_OPPONENTS)) }
                    th.num scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_SCORE)) }
                    th.num scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_CHANGE)) }
                } }
                tbody {
                    @for h in recent {
                        tr {
                            // The date and the variant under the match's
                            // link: two columns less for a phone.
                            td {
                                a href=(paths::match_page(h.id)) { "#" (h.id.0) }
                                br;
                                span.date { (catalog.instant(h.finished_unix_ms, Shown::Date)) }
                                br;
                                span.variant { (catalog.variant_name(l, h.variant)) }
                            }
                            td { bdi { (catalog.names(l, &h.opponents)) } }
                            td.num.score {
                                (score(&h.points_halves))
                                @if h.end == EndKind::Forfeit {
                                    " (" (catalog.plain(l, id::HISTORY_FORFEIT)) ")"
                                }
                            }
                            td.num { (history_change(catalog, l, h)) }
                        }
                    }
                }
            }
        }
    }
}

/// One head-to-head record's cells after the opponent's.
fn record_cells(record: &HeadToHead) -> Markup {
    html! {
        td.num { (record.matches) }
        td.num { (record.won) " / " (record.drawn) " / " (record.lost) }
        td.num { (half_points(record.points_halves)) " : " (half_points(record.other_halves)) }
    }
}

/// The head-to-head part: the record against `vs` when asked for, then
/// against the most frequent opponents.
fn head_to_head_part(
    catalog: &Catalog,
    l: Locale,
    guild: GuildId,
    player: &str,
    vs: Option<&(Opponent, HeadToHead)>,
    records: &[(Opponent, HeadToHead)],
) -> Markup {
    let names = |other: &str| {
        Args::new()
            .set("player", Value::name(player.to_string()))
            .set("opponent", Value::name(other.to_string()))
    };
    let header = html! {
        thead { tr {
            th scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_OPPONENT)) }
            th.num scope="col" { (catalog.plain(l, id::TABLE_MATCHES)) }
            th.num scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_GAMES)) }
            th.num scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_POINTS)) }
        } }
    };
    let opponent_link = |o: &Opponent| {
        html! {
            a href=(format!("{}?lang={}", paths::player_page(guild, o.user), l.tag())) {
                bdi { (name(&o.name)) }
            }
        }
    };
    html! {
        @if let Some((o, record)) = vs {
            div #versus {
                @if record.matches == 0 {
                    p { (catalog.text(l, id::HEAD_TO_HEAD_NONE, &names(&o.name))) }
                } @else {
                    h3 { (catalog.text(l, id::HEAD_TO_HEAD_TITLE, &names(&o.name))) }
                    p {
                        (catalog.text(l, id::HEAD_TO_HEAD_RECORD, &names(&o.name)
                            .set("matches", record.matches)
                            .set("won", record.won)
                            .set("drawn", record.drawn)
                            .set("lost", record.lost)
                            .set("points", half_points(record.points_halves))
                            .set("other", half_points(record.other_halves))))
                    }
                }
            }
        }
        @if records.is_empty() {
            p.none { (catalog.plain(l, id::WEB_PEOPLE_NO_OPPONENTS)) }
        } @else {
            div.scroll {
                table.versus {
                    caption { (catalog.plain(l, id::WEB_PEOPLE_FREQUENT)) }
                    (header)
                    tbody {
                        @for (o, record) in records {
                            tr {
                                th scope="row" { (opponent_link(o)) }
                                (record_cells(record))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `GET /player/<server>/<user>`: the player's page.
pub async fn player(
    State(web): State<Web>,
    Path((server, user)): Path<(String, String)>,
    Reader { l, query }: Reader,
) -> Response {
    let query = query.as_deref();
    let (guild, seat, recent) = match visible(&web, &server, &user).await {
        Ok(Some(found)) => found,
        Ok(None) => return not_found(l),
        Err(()) => return failed(l),
    };
    match player_page(&web, l, guild, &seat, &recent, param(query, "vs")).await {
        Ok(page) => page_response(page),
        Err(()) => failed(l),
    }
}

/// The player's page, read from the ladder.
async fn player_page(
    web: &Web,
    l: Locale,
    guild: GuildId,
    seat: &Seated,
    recent: &[HistoryEntry],
    vs: Option<&str>,
) -> Result<Markup, ()> {
    let catalog = web.catalog();
    let ladder = web.ladder();
    let cards = ladder.rating_card(guild, seat, None).await.map_err(drop)?;
    let raw_name = ladder.name_in(guild, seat).await.map_err(drop)?;
    let shown = name(&raw_name);
    let now_ms = web.host().clock().unix_ms();
    let mut records = Vec::new();
    for o in ladder
        .frequent_opponents(guild, seat, OPPONENTS)
        .await
        .map_err(drop)?
    {
        let record = ladder
            .head_to_head(guild, seat, &user_seat(o.user))
            .await
            .map_err(drop)?;
        records.push((o, record));
    }
    // `?vs=`: a user who has played on this server, not the player.
    let vs = match vs.and_then(id_number).map(UserId) {
        Some(other) if other != seat.id => {
            let other_seat = user_seat(other);
            let played = !ladder
                .history(guild, &other_seat, 1)
                .await
                .map_err(drop)?
                .is_empty();
            if played {
                let record = ladder
                    .head_to_head(guild, seat, &other_seat)
                    .await
                    .map_err(drop)?;
                let name = ladder.name_in(guild, &other_seat).await.map_err(drop)?;
                Some((
                    Opponent {
                        user: other,
                        name,
                        matches: record.matches,
                    },
                    record,
                ))
            } else {
                None
            }
        }
        _ => None,
    };
    let ratings: Vec<String> = cards
        .iter()
        .map(|c| {
            format!(
                "{} {}",
                catalog.variant_name(l, c.variant),
                c.entry.rating.shown()
            )
        })
        .collect();
    let description = if ratings.is_empty() {
        catalog.plain(l, id::WEB_PEOPLE_PLAYER_OG_NONE)
    } else {
        catalog.text(
            l,
            id::WEB_PEOPLE_PLAYER_OG,
            &Args::new().set("ratings", catalog.list(l, &ratings)),
        )
    };
    // The picture of the first pool with a chart (the card's order).
    let pictured = cards.iter().find(|c| !c.history.is_empty());
    let share = Share {
        title: shown.clone(),
        description,
        path: paths::player_page(guild, seat.id),
        image: pictured.map(|c| chart_path(guild, seat.id, c.variant, l)),
        image_alt: pictured
            .map(|c| {
                catalog.text(
                    l,
                    id::CHART_ALT,
                    &Args::new().set("variant", catalog.variant_name(l, c.variant)),
                )
            })
            .unwrap_or_default(),
        kind: "profile",
    };
    let provisional = cards.iter().any(|c| c.entry.rating.is_provisional());
    let body = html! {
        main.share #player {
            h1 { bdi { (shown) } }
            section.ratings aria-labelledby="ratings-title" {
                h2 #ratings-title { (catalog.plain(l, id::WEB_PEOPLE_RATINGS)) }
                @if cards.is_empty() {
                    p.none { (rating_none(catalog, l, &raw_name, None)) }
                }
                @for card in &cards {
                    (pool_block(catalog, l, guild, seat.id, card, now_ms))
                }
                @if provisional {
                    p.note { (catalog.plain(l, id::RATING_PROVISIONAL_NOTE)) }
                }
            }
            section.recent aria-labelledby="recent-title" {
                h2 #recent-title { (catalog.plain(l, id::WEB_PEOPLE_RECENT)) }
                (recent_table(catalog, l, recent))
            }
            section.head-to-head aria-labelledby="versus-title" {
                h2 #versus-title { (catalog.plain(l, id::WEB_PEOPLE_HEAD_TO_HEAD)) }
                (head_to_head_part(catalog, l, guild, &raw_name, vs.as_ref(), &records))
            }
        }
    };
    Ok(shared_page(web, l, &share, body))
}

/// `GET /player/<server>/<user>/chart.png?variant=<key>`: the player's
/// rating chart of a variant as `/rating` draws it, in the reader's
/// language; the one 404 for a variant without a rated match (or a key
/// that is not a rated variant's).
pub async fn chart(
    State(web): State<Web>,
    Path((server, user)): Path<(String, String)>,
    Reader { l, query }: Reader,
) -> Response {
    let query = query.as_deref();
    let Some(variant) = param(query, "variant").and_then(rated_variant) else {
        return not_found(l);
    };
    let (guild, seat) = match visible(&web, &server, &user).await {
        Ok(Some((guild, seat, _))) => (guild, seat),
        Ok(None) => return not_found(l),
        Err(()) => return failed(l),
    };
    let cards = match web.ladder().rating_card(guild, &seat, Some(variant)).await {
        Ok(cards) => cards,
        Err(_) => return failed(l),
    };
    let card = rating_card(web.catalog(), l, "", &cards);
    let Some(chart) = card.charts.into_iter().next() else {
        return not_found(l);
    };
    png_response(crate::charts::png("rating-chart", chart.chart, rating_chart_png).await)
}

/// The rated variant whose key is exactly `key` ([`Variant::key`]).
pub(crate) fn rated_variant(key: &str) -> Option<Variant> {
    Variant::ALL
        .into_iter()
        .find(|v| v.rated() && v.key() == key)
}
