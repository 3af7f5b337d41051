//! The OpenGraph and Twitter tags of a match's page (its table and its
//! replay), so a link posted on Discord unfurls with the players, the
//! variant, the state and a picture of the board (docs/web.md, "Links").
//!
//! `og:image` and `og:url` must be absolute: they are given only when the
//! operator set the public URL (`--public-url`, [`Web::link`]); without it
//! a page has the others. Every value is escaped by maud, names shaped
//! first ([`fourbot_i18n::shape_name`], plain).

use maud::{html, Markup};

use fourbot_host::present::versus_shaped;
use fourbot_host::Table;
use fourbot_i18n::{id, shape_name, Args, Catalog, Locale, NameStyle};

use super::paths;
use super::state::Web;

/// `og:title`: "alice vs bob · Classic".
pub fn title(catalog: &Catalog, l: Locale, table: &Table) -> String {
    let names: Vec<String> = table
        .seats
        .iter()
        .map(|s| shape_name(&s.name, NameStyle::Plain))
        .collect();
    let variant = table.game.variant();
    format!(
        "{} · {}",
        versus_shaped(catalog, l, variant, &names),
        catalog.variant_name(l, variant)
    )
}

/// `og:description`: the state (`status`, the page's status line) and the
/// score ("Game 1 of 2 · bob to move · Score: 0:0", "The match is over.
/// Winner: bob · Score: 0:2").
pub fn description(catalog: &Catalog, l: Locale, table: &Table, status: &str) -> String {
    let m = &table.game;
    let score = m.result().map_or_else(|| m.score(), |r| r.score);
    let halves: Vec<u32> = score.as_slice().iter().map(|p| p.halves()).collect();
    let score = catalog.text(
        l,
        id::WEB_SCORE,
        &Args::new().set("score", fourbot_i18n::score(&halves)),
    );
    format!("{status} · {score}")
}

/// The tags for the `<head>` of `table`'s page, whose status line is
/// `status`.
pub fn tags(web: &Web, catalog: &Catalog, l: Locale, table: &Table, status: &str) -> Markup {
    let description = description(catalog, l, table, status);
    html! {
        meta name="description" content=(description);
        meta property="og:type" content="website";
        meta property="og:site_name" content="fourbot";
        meta property="og:title" content=(title(catalog, l, table));
        meta property="og:description" content=(description);
        @if web.public_url().is_some() {
            meta property="og:url" content=(web.link(&paths::match_page(table.id)));
            meta property="og:image" content=(web.link(&paths::match_board_png(table.id)));
            meta property="og:image:alt" content=(fourbot_host::alt::board_alt(catalog, l, table.game.current_game().game()));
        }
        meta name="twitter:card" content="summary_large_image";
    }
}
