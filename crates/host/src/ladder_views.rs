//! The words of the ladder (docs/discord.md, docs/render.md): every text
//! users read of `/rating` (a player's standing per variant, and the data
//! of the chart of their rating over their matches per variant),
//! `/leaderboard` (a page as a table of text, for screen readers, and as
//! render's table the picture is drawn from, with Previous / Next as
//! buttons of data) and `/history` (recent matches), localized here from
//! what the ladder answers ([`crate::ladder`]). A front end sends them: it
//! maps [`PageButton`]s to its buttons, draws the pictures and names the
//! files.
//!
//! Dates in `/history` (`<t:unix:d>`) are written as Discord reads them:
//! Discord is the one front end that shows the ladder (the terminal has
//! none).

use fourbot_core::game::Variant;
use fourbot_i18n::{
    code_name, code_width, half_points, id, rating_change, score, Args, Catalog, Locale, Value,
};
use fourbot_render::{ChartPoint, RatingChart, Standings, StandingsColumns, StandingsRow, Trend};
use fourbot_store::{EndKind, HeadToHead, HistoryEntry, LadderEntry, PoolRating};

use super::ladder::{LeaderboardPage, PoolCard};
use super::view::ButtonStyle;

/// Matches `/history` lists.
pub const HISTORY: u32 = 10;

/// A rating card: one block per pool.
fn card_text(catalog: &Catalog, l: Locale, name: &str, cards: &[PoolCard]) -> String {
    let mut blocks: Vec<String> = cards
        .iter()
        .map(|c| {
            [
                format!(
                    "**{}**",
                    catalog.text(
                        l,
                        id::RATING_TITLE,
                        &Args::new()
                            .set("player", Value::name(name.to_string()))
                            .set("variant", catalog.variant_name(l, c.variant)),
                    )
                ),
                catalog.text(
                    l,
                    id::RATING_VALUE,
                    &Args::new().set("rating", c.entry.rating.shown()),
                ),
                catalog.text(
                    l,
                    id::RATING_DEVIATION,
                    &Args::new().set("deviation", c.entry.rating.shown_deviation()),
                ),
                catalog.text(
                    l,
                    id::RATING_RECORD,
                    &Args::new()
                        .set("matches", c.entry.matches)
                        .set("wins", c.record.wins)
                        .set("draws", c.record.draws)
                        .set("losses", c.record.losses),
                ),
                if c.ranked {
                    catalog.text(
                        l,
                        id::RATING_RANK,
                        &Args::new().set("rank", c.entry.rank).set("total", c.total),
                    )
                } else {
                    catalog.plain(l, id::RATING_UNRANKED_BANNED)
                },
            ]
            .join("\n")
        })
        .collect();
    if cards.iter().any(|c| c.entry.rating.is_provisional()) {
        blocks.push(catalog.plain(l, id::RATING_PROVISIONAL_NOTE));
    }
    blocks.join("\n\n")
}

/// The rating chart of one pool card: the rating before the first rated
/// match, then after each; the line and band in the pool's units
/// (Glicko-2 rating ± RD, Weng-Lin μ ± σ). `None` without a rated match.
pub fn rating_chart(
    catalog: &Catalog,
    l: Locale,
    name: &str,
    card: &PoolCard,
) -> Option<RatingChart> {
    let first = card.history.first()?;
    let point = |r: &PoolRating| match r {
        PoolRating::Glicko2(g) => ChartPoint {
            rating: g.rating,
            deviation: g.deviation,
        },
        PoolRating::WengLin(w) => ChartPoint {
            rating: w.mu,
            deviation: w.sigma,
        },
    };
    let mut points = vec![point(&first.before)];
    points.extend(card.history.iter().map(|h| point(&h.after)));
    let (line, band) = match first.before {
        PoolRating::Glicko2(_) => (id::CHART_RATING, id::CHART_RATING_BAND),
        PoolRating::WengLin(_) => (id::CHART_SKILL, id::CHART_SKILL_BAND),
    };
    Some(RatingChart {
        title: catalog.text(
            l,
            id::RATING_TITLE,
            &Args::new()
                .set("player", Value::name(name.to_string()))
                .set("variant", catalog.variant_name(l, card.variant)),
        ),
        x_label: catalog.plain(l, id::CHART_MATCHES),
        y_label: catalog.plain(l, line),
        line_label: catalog.plain(l, line),
        band_label: catalog.plain(l, band),
        points,
    })
}

/// The answer to `/rating` for a player with no rated match in `wanted`
/// (classic when none is asked for).
pub fn rating_none(catalog: &Catalog, l: Locale, player: &str, wanted: Option<Variant>) -> String {
    catalog.text(
        l,
        id::RATING_NONE,
        &Args::new()
            .set("player", Value::name(player.to_string()))
            .set(
                "variant",
                catalog.variant_name(l, wanted.unwrap_or(Variant::Classic)),
            ),
    )
}

/// The head-to-head block of `/rating` (docs/discord.md): a title naming
/// both players and their record seen from `player` — matches, games
/// won/drawn/lost, match points as `3½ : 1½` — or one line saying they
/// have not finished a match against each other on this server.
pub fn head_to_head_text(
    catalog: &Catalog,
    l: Locale,
    player: &str,
    other: &str,
    record: &HeadToHead,
) -> String {
    let names = || {
        Args::new()
            .set("player", Value::name(player.to_string()))
            .set("opponent", Value::name(other.to_string()))
    };
    if record.matches == 0 {
        return catalog.text(l, id::HEAD_TO_HEAD_NONE, &names());
    }
    let title = catalog.text(l, id::HEAD_TO_HEAD_TITLE, &names());
    let line = catalog.text(
        l,
        id::HEAD_TO_HEAD_RECORD,
        &names()
            .set("matches", record.matches)
            .set("won", record.won)
            .set("drawn", record.drawn)
            .set("lost", record.lost)
            .set("points", half_points(record.points_halves))
            .set("other", half_points(record.other_halves)),
    );
    format!("**{title}**\n{line}")
}

/// One rating chart of a rating card, to be drawn by the front end.
#[derive(Clone, Debug, PartialEq)]
pub struct CardChart {
    /// The pool's variant (a front end names the picture after it).
    pub variant: Variant,
    /// The picture described for screen readers.
    pub alt: String,
    /// What the picture shows.
    pub chart: RatingChart,
}

/// What `/rating` shows of a player with rated matches: the card's text
/// and one chart per pool with a rated match.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingCard {
    /// The card: one block per pool.
    pub text: String,
    /// The charts, in the order of the pools.
    pub charts: Vec<CardChart>,
}

/// The rating card of `cards` (not empty: else [`rating_none`]), under the
/// name this server shows for the player (the cards' own entries carry
/// it, never another server's; `fallback` without a card).
pub fn rating_card(catalog: &Catalog, l: Locale, fallback: &str, cards: &[PoolCard]) -> RatingCard {
    let name = cards
        .first()
        .map_or_else(|| fallback.to_string(), |c| c.entry.name.clone());
    let text = card_text(catalog, l, &name, cards);
    let charts = cards
        .iter()
        .filter_map(|c| {
            let alt = catalog.text(
                l,
                id::CHART_ALT,
                &Args::new().set("variant", catalog.variant_name(l, c.variant)),
            );
            rating_chart(catalog, l, &name, c).map(|chart| CardChart {
                variant: c.variant,
                alt,
                chart,
            })
        })
        .collect();
    RatingCard { text, charts }
}

/// A line's trend as shown, in the units of its rating (`+23`, `−12`,
/// `±0`; Weng-Lin tenths as `+0.4`), `–` without a rated match in the
/// window (docs/discord.md).
pub fn trend_text(entry: &LadderEntry, change: Option<i64>) -> String {
    match (change, entry.rating) {
        (None, _) => "–".to_string(),
        (Some(d), PoolRating::Glicko2(_)) => rating_change(d as f64),
        (Some(0), PoolRating::WengLin(_)) => "±0.0".to_string(),
        (Some(d), PoolRating::WengLin(_)) => {
            let sign = if d > 0 { "+" } else { "−" };
            format!("{sign}{}.{}", d.abs() / 10, d.abs() % 10)
        }
    }
}

/// The leaderboard title (`Leaderboard · Classic`) and season (`Season 2`).
fn leaderboard_heading(
    catalog: &Catalog,
    l: Locale,
    variant: Variant,
    season: u32,
) -> (String, String) {
    (
        catalog.text(
            l,
            id::LEADERBOARD_TITLE,
            &Args::new().set("variant", catalog.variant_name(l, variant)),
        ),
        catalog.text(
            l,
            id::LEADERBOARD_SEASON,
            &Args::new().set("season", i64::from(season)),
        ),
    )
}

/// A leaderboard page as a picture: rank, name, rating, matches and the
/// trend over the last 30 days. `None` for an empty page.
pub fn leaderboard_standings(
    catalog: &Catalog,
    l: Locale,
    variant: Variant,
    page: &LeaderboardPage,
) -> Option<Standings> {
    if page.entries.is_empty() {
        return None;
    }
    let (title, season) = leaderboard_heading(catalog, l, variant, page.season);
    let rows = page
        .entries
        .iter()
        .zip(page.trends.iter().chain(std::iter::repeat(&None)))
        .map(|(e, t)| StandingsRow {
            rank: e.rank,
            name: e.name.clone(),
            value: e.rating.shown(),
            extra: vec![e.matches.to_string()],
            trend: match t {
                None => Trend::Unknown,
                Some(0) => Trend::Level(trend_text(e, *t)),
                Some(d) if *d > 0 => Trend::Up(trend_text(e, *t)),
                Some(_) => Trend::Down(trend_text(e, *t)),
            },
        })
        .collect();
    Some(Standings {
        title,
        subtitle: Some(season),
        columns: StandingsColumns {
            rank: catalog.plain(l, id::TABLE_RANK),
            name: catalog.plain(l, id::TABLE_PLAYER),
            value: catalog.plain(l, id::TABLE_RATING),
            extra: vec![catalog.plain(l, id::TABLE_MATCHES)],
            trend: Some(catalog.plain(l, id::TABLE_TREND)),
        },
        rows,
        footer: None,
    })
}

/// A leaderboard page as a monospace table: rank, name, rating, matches,
/// and the trend over the last 30 days when `trends` has one per line.
pub fn leaderboard_table(
    catalog: &Catalog,
    l: Locale,
    variant: Variant,
    season: u32,
    entries: &[LadderEntry],
    trends: &[Option<i64>],
) -> String {
    let (title, season) = leaderboard_heading(catalog, l, variant, season);
    let title = format!("**{title}** · {season}");
    if entries.is_empty() {
        return format!(
            "{title}\n{}",
            catalog.text(
                l,
                id::LEADERBOARD_EMPTY,
                &Args::new().set("variant", catalog.variant_name(l, variant)),
            )
        );
    }
    let names: Vec<String> = entries.iter().map(|e| code_name(&e.name, 24)).collect();
    let name_width = names.iter().map(|n| code_width(n)).max().unwrap_or(0);
    let rank_width = entries
        .iter()
        .map(|e| e.rank.to_string().len())
        .max()
        .unwrap_or(1);
    let rating_width = entries
        .iter()
        .map(|e| e.rating.shown().chars().count())
        .max()
        .unwrap_or(1);
    let trend_texts: Vec<String> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| match trends.get(i) {
            Some(t) if trends.len() == entries.len() => trend_text(e, *t),
            _ => String::new(),
        })
        .collect();
    let trend_width = trend_texts
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(0);
    let lines: Vec<String> = entries
        .iter()
        .zip(&names)
        .zip(&trend_texts)
        .map(|((e, name), trend)| {
            let pad = name_width - code_width(name);
            let line = format!(
                "{:>rw$}. {name}{}  {:>tw$}  {:>4}",
                e.rank,
                " ".repeat(pad),
                e.rating.shown(),
                e.matches,
                rw = rank_width,
                tw = rating_width,
            );
            if trend_width == 0 {
                line
            } else {
                let pad = trend_width - trend.chars().count();
                format!("{line}  {}{trend}", " ".repeat(pad))
            }
        })
        .collect();
    format!("{title}\n```\n{}\n```", lines.join("\n"))
}

/// Where a leaderboard's Previous / Next button leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageAction {
    /// The leaderboard's variant.
    pub variant: Variant,
    /// The page shown after the press (0 the first).
    pub page: usize,
}

/// A button of a leaderboard page, for the front end to map to its own
/// (on Discord: a custom id from [`PageButton::action`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageButton {
    /// Localized label.
    pub label: String,
    /// What pressing it does.
    pub action: PageAction,
    /// Colour.
    pub style: ButtonStyle,
    /// Shown but not pressable (no page before the first, none after the
    /// last).
    pub disabled: bool,
}

/// Page `number` of `variant`'s leaderboard: its text
/// ([`leaderboard_table`]) and its Previous / Next buttons.
pub fn page_message(
    catalog: &Catalog,
    l: Locale,
    variant: Variant,
    number: usize,
    page: &LeaderboardPage,
) -> (String, Vec<PageButton>) {
    let text = leaderboard_table(
        catalog,
        l,
        variant,
        page.season,
        &page.entries,
        &page.trends,
    );
    let button = |to: usize, label, disabled| PageButton {
        label: catalog.plain(l, label),
        action: PageAction { variant, page: to },
        style: ButtonStyle::Secondary,
        disabled,
    };
    let buttons = vec![
        button(number.saturating_sub(1), id::BUTTON_PREVIOUS, number == 0),
        button(number + 1, id::BUTTON_NEXT, !page.has_next),
    ];
    (text, buttons)
}

/// One `/history` line.
fn history_line(catalog: &Catalog, l: Locale, h: &HistoryEntry) -> String {
    let change = if h.voided {
        catalog.plain(l, id::HISTORY_VOIDED)
    } else if h.end == EndKind::Aborted {
        catalog.plain(l, id::HISTORY_ABORTED)
    } else {
        match h.rating {
            Some((before, after)) => rating_change(after - before),
            None => catalog.plain(l, id::HISTORY_UNRATED),
        }
    };
    let mut score_text = score(&h.points_halves);
    if h.end == EndKind::Forfeit {
        score_text = format!("{score_text} ({})", catalog.plain(l, id::HISTORY_FORFEIT));
    }
    format!(
        "`#{}` {}",
        h.id.0,
        catalog.text(
            l,
            id::HISTORY_LINE,
            &Args::new()
                .set("date", Value::date(h.finished_unix_ms))
                .set("variant", catalog.variant_name(l, h.variant))
                .set("players", catalog.names(l, &h.opponents))
                .set("score", score_text)
                .set("change", change),
        )
    )
}

/// The answer to `/history`: the player's recent matches (`entries`, one
/// line each, in the ladder's order) under their name on this server, or
/// that they have none.
pub fn history_text(catalog: &Catalog, l: Locale, name: &str, entries: &[HistoryEntry]) -> String {
    if entries.is_empty() {
        catalog.text(
            l,
            id::HISTORY_EMPTY,
            &Args::new().set("player", Value::name(name.to_string())),
        )
    } else {
        let lines: Vec<String> = entries
            .iter()
            .map(|h| history_line(catalog, l, h))
            .collect();
        format!(
            "**{}**\n{}",
            catalog.text(
                l,
                id::HISTORY_TITLE,
                &Args::new().set("player", Value::name(name.to_string()))
            ),
            lines.join("\n")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::rating::Glicko2Rating;

    fn entry(rank: u32, name: &str, rating: f64, matches: u32) -> LadderEntry {
        LadderEntry {
            rank,
            player: fourbot_store::PlayerId(i64::from(rank)),
            name: name.into(),
            rating: PoolRating::Glicko2(Glicko2Rating::new(rating, 60.0, 0.06).unwrap()),
            matches,
        }
    }

    #[test]
    fn a_leaderboard_page_is_an_aligned_monospace_table() {
        let c = Catalog::new().unwrap();
        let entries: Vec<LadderEntry> = (1..=10)
            .map(|r| {
                entry(
                    r,
                    if r == 10 { "a`b" } else { "alice" },
                    1700.0 - r as f64,
                    r,
                )
            })
            .collect();
        let text = leaderboard_table(&c, Locale::EnUs, Variant::Classic, 2, &entries, &[]);
        assert!(
            text.starts_with("**Leaderboard · Classic** · Season 2"),
            "{text}"
        );
        let rows: Vec<&str> = text
            .lines()
            .skip_while(|l| *l != "```")
            .skip(1)
            .take_while(|l| *l != "```")
            .collect();
        assert_eq!(rows.len(), 10, "{text}");
        let width = rows[0].chars().count();
        assert!(rows.iter().all(|r| r.chars().count() == width), "{text}");
        assert!(
            rows[0].starts_with(" 1. alice") && rows[9].starts_with("10. aˋb"),
            "{text}"
        );
        let empty = leaderboard_table(&c, Locale::EnUs, Variant::Five, 1, &[], &[]);
        assert!(empty.contains("Nobody has played"), "{empty}");
    }

    #[test]
    fn trends_read_in_the_ratings_units_and_sit_at_the_end_of_each_line() {
        let c = Catalog::new().unwrap();
        let g = entry(1, "alice", 1700.0, 3);
        assert_eq!(trend_text(&g, Some(23)), "+23");
        assert_eq!(trend_text(&g, Some(-8)), "−8");
        assert_eq!(trend_text(&g, Some(0)), "±0");
        assert_eq!(trend_text(&g, None), "–");
        let w = LadderEntry {
            rating: PoolRating::WengLin(
                fourbot_core::rating::WengLinRating::new(30.0, 5.0).unwrap(),
            ),
            ..g.clone()
        };
        assert_eq!(trend_text(&w, Some(4)), "+0.4");
        assert_eq!(trend_text(&w, Some(-15)), "−1.5");
        assert_eq!(trend_text(&w, Some(0)), "±0.0");

        let entries = vec![g, entry(2, "bob", 1600.0, 1), entry(3, "carol", 1500.0, 2)];
        let trends = [Some(23), None, Some(-108)];
        let text = leaderboard_table(&c, Locale::EnUs, Variant::Classic, 1, &entries, &trends);
        let rows: Vec<&str> = text
            .lines()
            .skip_while(|l| *l != "```")
            .skip(1)
            .take_while(|l| *l != "```")
            .collect();
        assert!(
            rows[0].ends_with("  +23") && rows[1].ends_with("  –"),
            "{text}"
        );
        assert!(rows[2].ends_with("−108"), "{text}");
        let width = rows[0].chars().count();
        assert!(rows.iter().all(|r| r.chars().count() == width), "{text}");
    }

    #[test]
    fn a_leaderboard_page_picture_has_a_row_per_line_with_its_trend_in_the_readers_language() {
        let c = Catalog::new().unwrap();
        let page = LeaderboardPage {
            season: 3,
            entries: vec![entry(1, "alice", 1700.0, 3), entry(2, "bob", 1600.0, 1)],
            has_next: false,
            trends: vec![Some(-5), None],
        };
        let t = leaderboard_standings(&c, Locale::De, Variant::Classic, &page).unwrap();
        assert_eq!(t.title, "Bestenliste · Klassisch");
        assert_eq!(t.subtitle.as_deref(), Some("Saison 3"));
        assert_eq!(t.columns.trend.as_deref(), Some("30 Tage"));
        assert_eq!(t.rows.len(), 2);
        assert_eq!(t.rows[0].trend, Trend::Down("−5".into()));
        assert_eq!(t.rows[1].trend, Trend::Unknown);
        assert_eq!(
            (t.rows[1].value.as_str(), t.rows[1].extra[0].as_str()),
            ("1600", "1")
        );
        let empty = LeaderboardPage {
            entries: Vec::new(),
            trends: Vec::new(),
            ..page
        };
        assert!(leaderboard_standings(&c, Locale::De, Variant::Classic, &empty).is_none());
    }

    #[test]
    fn a_rating_chart_starts_before_the_first_match_and_follows_each() {
        use crate::ladder::Record;
        use fourbot_core::rating::WengLinRating;
        use fourbot_store::RatingPoint;
        let c = Catalog::new().unwrap();
        let g = |r: f64, rd: f64| PoolRating::Glicko2(Glicko2Rating::new(r, rd, 0.06).unwrap());
        let point = |id: i64, before, after| RatingPoint {
            match_id: fourbot_store::MatchId(id),
            finished_unix_ms: id,
            before,
            after,
        };
        let mut card = PoolCard {
            variant: Variant::Classic,
            entry: entry(1, "alice", 1600.0, 2),
            record: Record::default(),
            total: 2,
            ranked: true,
            history: Vec::new(),
        };
        assert!(
            rating_chart(&c, Locale::EnUs, "alice", &card).is_none(),
            "no match, no chart"
        );
        card.history = vec![
            point(1, g(1500.0, 350.0), g(1662.0, 290.0)),
            point(2, g(1662.0, 300.0), g(1600.0, 250.0)),
        ];
        let chart = rating_chart(&c, Locale::Bg, "alice", &card).unwrap();
        let pts: Vec<(f64, f64)> = chart
            .points
            .iter()
            .map(|p| (p.rating, p.deviation))
            .collect();
        assert_eq!(pts, [(1500.0, 350.0), (1662.0, 290.0), (1600.0, 250.0)]);
        assert_eq!(chart.y_label, "Рейтинг");
        assert_eq!(chart.x_label, "Мачове за рейтинг");
        // Weng-Lin pools chart μ ± σ as "skill".
        let w = |mu: f64, sigma: f64| PoolRating::WengLin(WengLinRating::new(mu, sigma).unwrap());
        card.variant = Variant::ThreePlayers;
        card.history = vec![point(3, w(25.0, 8.3), w(27.5, 7.9))];
        let chart = rating_chart(&c, Locale::EnUs, "alice", &card).unwrap();
        assert_eq!(
            (chart.points[1].rating, chart.points[1].deviation),
            (27.5, 7.9)
        );
        assert_eq!(
            (chart.y_label.as_str(), chart.band_label.as_str()),
            ("Skill μ", "± uncertainty σ")
        );
    }
}
