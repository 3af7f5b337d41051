//! A server's leaderboard of one variant (`GET /leaderboard/<server>/<variant
//! key>`, [`paths::leaderboard_page`]) as `/leaderboard` shows it — rank,
//! player (linked to their page), rating, rating deviation, rated matches,
//! the trend of the last 30 days — ten lines a page (`?page=N`), with the
//! server's current season and links to the other rated variants; and its
//! picture for unfurled links (`GET /leaderboard/<server>/<variant
//! key>/top.png`: the first page as `/leaderboard` draws it).
//!
//! A banned player is not on it (as on Discord). A server without the web,
//! an unknown server, a key that is not a rated variant's: the one 404.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use maud::html;

use crate::pages::Reader;
use fourbot_core::game::Variant;
use fourbot_host::ladder::LeaderboardPage;
use fourbot_host::ladder_views::{leaderboard_standings, trend_text};
use fourbot_host::GuildId;
use fourbot_i18n::{id, Args, Catalog, Locale};
use fourbot_render::standings_png;

use super::pages::{name, not_found};
use super::paths;
use super::people::{failed, rated_variant};
use super::share::{id_number, page_response, param, png_response, shared_page, Share};
use super::state::Web;

/// The last page a reader may ask for (1-based): the first thousand
/// players. Each page reads the ladder from its top, so a far page costs
/// more; nobody pages through more by hand.
pub const MAX_PAGE: usize = 100;

/// The page `?page=` asks for, 0-based: a number from 1 to [`MAX_PAGE`]
/// written plainly; anything else (none, `0`, `-1`, `abc`, `1e3`, past
/// the bound) is the first page.
pub fn page_number(query: Option<&str>) -> usize {
    param(query, "page")
        .and_then(id_number)
        .and_then(|n| usize::try_from(n).ok())
        .filter(|n| *n <= MAX_PAGE)
        .map_or(0, |n| n - 1)
}

/// The server and variant of a leaderboard's path, if it may be shown.
async fn visible(web: &Web, server: &str, variant: &str) -> Option<(GuildId, Variant)> {
    let guild = GuildId(id_number(server)?);
    let variant = rated_variant(variant)?;
    web.on_the_web(guild).await.then_some((guild, variant))
}

/// `path` in language `l`, on page `page` (0-based; the first has none).
fn page_link(path: &str, l: Locale, page: usize) -> String {
    if page == 0 {
        format!("{path}?lang={}", l.tag())
    } else {
        format!("{path}?lang={}&page={}", l.tag(), page + 1)
    }
}

/// `GET /leaderboard/<server>/<variant key>`: the leaderboard page.
pub async fn leaderboard(
    State(web): State<Web>,
    Path((server, variant)): Path<(String, String)>,
    Reader { l, query }: Reader,
) -> Response {
    let query = query.as_deref();
    let Some((guild, variant)) = visible(&web, &server, &variant).await else {
        return not_found(l);
    };
    let ladder = web.ladder();
    let mut number = page_number(query);
    let mut page = match ladder.leaderboard(guild, variant, number).await {
        Ok(page) => page,
        Err(_) => return failed(l),
    };
    // A page past the end is not one: the first page instead.
    if page.entries.is_empty() && number > 0 {
        number = 0;
        page = match ladder.leaderboard(guild, variant, 0).await {
            Ok(page) => page,
            Err(_) => return failed(l),
        };
    }
    let players: Vec<_> = page.entries.iter().map(|e| e.player).collect();
    let Ok(users) = ladder.discord_users(guild, &players).await else {
        return failed(l);
    };
    page_response(render(&web, l, guild, variant, number, &page, &users))
}

/// The leaderboard's HTML.
fn render(
    web: &Web,
    l: Locale,
    guild: GuildId,
    variant: Variant,
    number: usize,
    page: &LeaderboardPage,
    users: &[Option<fourbot_host::UserId>],
) -> maud::Markup {
    let catalog = web.catalog();
    let variant_name = catalog.variant_name(l, variant);
    let title = catalog.text(
        l,
        id::LEADERBOARD_TITLE,
        &Args::new().set("variant", variant_name.clone()),
    );
    let season = catalog.text(
        l,
        id::LEADERBOARD_SEASON,
        &Args::new().set("season", i64::from(page.season)),
    );
    let path = paths::leaderboard_page(guild, variant);
    let description = match page.entries.first().filter(|_| number == 0) {
        Some(top) => catalog.text(
            l,
            id::WEB_PEOPLE_LEADERBOARD_OG,
            &Args::new()
                .set("season", season.clone())
                .set("player", name(&top.name))
                .set("rating", top.rating.shown()),
        ),
        None => season.clone(),
    };
    let has_picture = number == 0 && !page.entries.is_empty();
    let share = Share {
        title: title.clone(),
        description,
        path: path.clone(),
        image: has_picture.then(|| picture_path(guild, variant, l)),
        image_alt: title.clone(),
        kind: "website",
    };
    let others: Vec<Variant> = Variant::ALL.into_iter().filter(|v| v.rated()).collect();
    let body = html! {
        main.share #leaderboard {
            h1 { (title) }
            p.season { (season) }
            nav.variants aria-label=(catalog.plain(l, id::WEB_PEOPLE_VARIANTS)) {
                ul {
                    @for v in &others {
                        li {
                            @if *v == variant {
                                a aria-current="page" href=(page_link(&path, l, 0)) { (catalog.variant_name(l, *v)) }
                            } @else {
                                a href=(page_link(&paths::leaderboard_page(guild, *v), l, 0)) { (catalog.variant_name(l, *v)) }
                            }
                        }
                    }
                }
            }
            @if page.entries.is_empty() {
                p.none { (catalog.text(l, id::LEADERBOARD_EMPTY, &Args::new().set("variant", variant_name.clone()))) }
            } @else {
                div.scroll {
                    table.ladder {
                        caption.vh { (title) " · " (season) " · " (catalog.text(l, id::WEB_PEOPLE_PAGE, &Args::new().set("page", number as i64 + 1))) }
                        thead { tr {
                            th.num scope="col" { (catalog.plain(l, id::TABLE_RANK)) }
                            th scope="col" { (catalog.plain(l, id::TABLE_PLAYER)) }
                            th.num scope="col" { (catalog.plain(l, id::TABLE_RATING)) }
                            th.num scope="col" { (catalog.plain(l, id::WEB_PEOPLE_COL_DEVIATION)) }
                            th.num scope="col" { (catalog.plain(l, id::TABLE_MATCHES)) }
                            th.num scope="col" { (catalog.plain(l, id::TABLE_TREND)) }
                        } }
                        tbody {
                            @for (i, e) in page.entries.iter().enumerate() {
                                tr {
                                    td.num { (e.rank) }
                                    th scope="row" {
                                        @match users.get(i).copied().flatten() {
                                            Some(user) => a href=(page_link(&paths::player_page(guild, user), l, 0)) { bdi { (name(&e.name)) } },
                                            None => bdi { (name(&e.name)) },
                                        }
                                    }
                                    td.num { (e.rating.shown()) }
                                    td.num { (e.rating.shown_deviation()) }
                                    td.num { (e.matches) }
                                    td.num { (trend_text(e, page.trends.get(i).copied().flatten())) }
                                }
                            }
                        }
                    }
                }
                @if number > 0 || page.has_next {
                    nav.pages aria-label=(catalog.plain(l, id::WEB_PEOPLE_PAGES)) {
                        @if number > 0 {
                            a rel="prev" href=(page_link(&path, l, number - 1)) { (catalog.plain(l, id::BUTTON_PREVIOUS)) }
                        }
                        span { (catalog.text(l, id::WEB_PEOPLE_PAGE, &Args::new().set("page", number as i64 + 1))) }
                        @if page.has_next && number + 1 < MAX_PAGE {
                            a rel="next" href=(page_link(&path, l, number + 1)) { (catalog.plain(l, id::BUTTON_NEXT)) }
                        }
                    }
                }
            }
        }
    };
    shared_page(web, l, &share, body)
}

/// The path of the picture of `variant`'s leaderboard in `l`.
fn picture_path(guild: GuildId, variant: Variant, l: Locale) -> String {
    format!(
        "{}?lang={}",
        paths::leaderboard_png(guild, variant),
        l.tag()
    )
}

/// `GET /leaderboard/<server>/<variant key>/top.png`: the first page of the
/// leaderboard as `/leaderboard`'s picture, in the reader's language; the
/// one 404 for an empty leaderboard.
pub async fn picture(
    State(web): State<Web>,
    Path((server, variant)): Path<(String, String)>,
    Reader { l, query: _ }: Reader,
    _headers: HeaderMap,
) -> Response {
    let Some((guild, variant)) = visible(&web, &server, &variant).await else {
        return not_found(l);
    };
    let Ok(page) = web.ladder().leaderboard(guild, variant, 0).await else {
        return failed(l);
    };
    let catalog: &Catalog = web.catalog();
    let Some(table) = leaderboard_standings(catalog, l, variant, &page) else {
        return not_found(l);
    };
    png_response(crate::charts::png("leaderboard", table, standings_png).await)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_page_is_the_first() {
        assert_eq!(page_number(Some("page=2")), 1);
        assert_eq!(page_number(Some("lang=de&page=100")), 99);
        for bad in [
            "page=0", "page=-1", "page=abc", "page=1e3", "page=101", "page=02", "page=",
        ] {
            assert_eq!(page_number(Some(bad)), 0, "{bad}");
        }
        assert_eq!(page_number(None), 0);
    }
}
