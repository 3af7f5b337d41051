//! The ladder as players read it: `/rating` (a player's standing per
//! variant, with a chart of the rating over their matches per variant),
//! `/leaderboard` (a table picture and the same table as monospace text for
//! screen readers, ten a page, with Previous / Next buttons anyone may
//! press) and `/history` (recent matches). Private replies are in the
//! reader's language; the leaderboard is public, in the server's. The host
//! answers ([`crate::host::ladder`]); this file writes and draws
//! (docs/render.md).

use poise::CreateReply;
use serenity::all::{
    ButtonStyle, ComponentInteraction, Context as SerenityContext, CreateActionRow,
    CreateAttachment, CreateButton, CreateInteractionResponse, EditInteractionResponse, User,
};

use crate::game::Variant;
use crate::host::ladder::{LeaderboardPage, PoolCard};
use crate::host::terms::public_locale;
use crate::host::{HistoryEntry, LadderEntry, PoolRating};
use crate::i18n::{id, rating_change, score, Args, Catalog, Locale};
use crate::render::{
    rating_chart_png, standings_png, ChartPoint, RatingChart, Standings, StandingsColumns,
    StandingsRow, Trend,
};

use super::super::buttons::ButtonId;
use super::super::choices::VariantChoice;
use super::super::data::{Context, Data, Error};
use super::super::messages::{clip, mentions_only};
use super::super::reply::{
    acknowledge, deny, guild_locale, in_guild, private, private_followup, seated, user_locale,
    PrivateAnswer,
};

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
                            .set("player", crate::i18n::Value::name(name.to_string()))
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
                .set("player", crate::i18n::Value::name(name.to_string()))
                .set("variant", catalog.variant_name(l, card.variant)),
        ),
        x_label: catalog.plain(l, id::CHART_MATCHES),
        y_label: catalog.plain(l, line),
        line_label: catalog.plain(l, line),
        band_label: catalog.plain(l, band),
        points,
    })
}

/// The rating charts of `cards` as attachments (`rating-<variant>.png`,
/// described for screen readers), drawn off the async threads. A chart that
/// cannot be drawn is logged and left out: the card's text says it all.
async fn chart_files(
    catalog: &Catalog,
    l: Locale,
    name: &str,
    cards: &[PoolCard],
) -> Vec<CreateAttachment> {
    let charts: Vec<(Variant, String, RatingChart)> = cards
        .iter()
        .filter_map(|c| {
            let alt = catalog.text(
                l,
                id::CHART_ALT,
                &Args::new().set("variant", catalog.variant_name(l, c.variant)),
            );
            rating_chart(catalog, l, name, c).map(|chart| (c.variant, alt, chart))
        })
        .collect();
    let drawn = super::super::pictures::off_runtime(move || {
        charts
            .into_iter()
            .filter_map(|(variant, alt, chart)| match rating_chart_png(&chart) {
                Ok(png) => Some(
                    CreateAttachment::bytes(png, format!("rating-{}.png", variant.key()))
                        .description(alt),
                ),
                Err(e) => {
                    tracing::warn!(error = %e, "drawing a rating chart failed");
                    None
                }
            })
            .collect()
    })
    .await;
    drawn.unwrap_or_default()
}

/// Show a player's rating on this server.
#[poise::command(slash_command)]
pub(super) async fn rating(
    ctx: Context<'_>,
    user: Option<User>,
    variant: Option<VariantChoice>,
) -> Result<(), Error> {
    let asked = std::time::Instant::now();
    let data = ctx.data().clone();
    let catalog = data.catalog();
    let l = user_locale(ctx);
    let Some(guild) = in_guild(ctx).await? else {
        return Ok(());
    };
    let user = seated(user.as_ref().unwrap_or_else(|| ctx.author()), None);
    let wanted = variant.map(|v| v.0);
    let cards = match data.ladder.rating_card(guild, &user, wanted).await {
        Ok(c) => c,
        Err(d) => return deny(ctx, &d).await,
    };
    if cards.is_empty() {
        let text = catalog.text(
            l,
            id::RATING_NONE,
            &Args::new()
                .set("player", crate::i18n::Value::name(user.name.clone()))
                .set(
                    "variant",
                    catalog.variant_name(l, wanted.unwrap_or(Variant::Classic)),
                ),
        );
        return private(ctx, text).await;
    }
    // The name this server shows for them (the card's own entries carry
    // it), never another server's.
    let name = cards
        .first()
        .map_or_else(|| user.name.clone(), |c| c.entry.name.clone());
    let text = card_text(catalog, l, &name, &cards);
    // The charts wait for a picture permit (pictures.rs), behind replays
    // perhaps: an answer past its token's time goes by direct message or
    // nowhere, never public (reply::late_answer).
    let files = chart_files(catalog, l, &name, &cards).await;
    PrivateAnswer::new(ctx, asked).send(text, files).await
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
    let names: Vec<String> = entries
        .iter()
        .map(|e| crate::i18n::code_name(&e.name, 24))
        .collect();
    let name_width = names
        .iter()
        .map(|n| crate::i18n::code_width(n))
        .max()
        .unwrap_or(0);
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
            let pad = name_width - crate::i18n::code_width(name);
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

/// The file name of the leaderboard picture.
pub const LEADERBOARD_FILE: &str = "leaderboard.png";

/// A leaderboard page's picture (drawn off the async threads; `None` for an
/// empty page, or when drawing failed, which is logged: the text stays).
async fn page_picture(
    catalog: &Catalog,
    l: Locale,
    variant: Variant,
    page: &LeaderboardPage,
) -> Option<CreateAttachment> {
    let table = leaderboard_standings(catalog, l, variant, page)?;
    let alt = table.title.clone();
    let drawn = super::super::pictures::off_runtime(move || standings_png(&table)).await;
    match drawn {
        Ok(Ok(png)) => Some(CreateAttachment::bytes(png, LEADERBOARD_FILE).description(alt)),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "drawing a leaderboard failed");
            None
        }
        Err(e) => {
            tracing::warn!(error = %e, "drawing a leaderboard failed");
            None
        }
    }
}

/// A leaderboard page's text and its Previous / Next buttons.
fn page_message(
    catalog: &Catalog,
    l: Locale,
    variant: Variant,
    number: usize,
    page: &LeaderboardPage,
) -> (String, CreateActionRow) {
    let text = leaderboard_table(
        catalog,
        l,
        variant,
        page.season,
        &page.entries,
        &page.trends,
    );
    let button = |to: usize, label, disabled| {
        CreateButton::new(ButtonId::Leaderboard { variant, page: to }.to_string())
            .label(catalog.plain(l, label))
            .style(ButtonStyle::Secondary)
            .disabled(disabled)
    };
    let row = CreateActionRow::Buttons(vec![
        button(number.saturating_sub(1), id::BUTTON_PREVIOUS, number == 0),
        button(number + 1, id::BUTTON_NEXT, !page.has_next),
    ]);
    (text, row)
}

/// Show this server's leaderboard.
#[poise::command(slash_command)]
pub(super) async fn leaderboard(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let Some(guild) = in_guild(ctx).await? else {
        return Ok(());
    };
    let variant = variant.map_or(Variant::Classic, |v| v.0);
    let page = match data.ladder.leaderboard(guild, variant, 0).await {
        Ok(p) => p,
        Err(d) => return deny(ctx, &d).await,
    };
    let settings = data.settings.guild(guild).await;
    let l = public_locale(&settings, guild_locale(ctx).as_deref());
    let (text, row) = page_message(data.catalog(), l, variant, 0, &page);
    let mut reply = CreateReply::default()
        .content(clip(&text))
        .components(vec![row])
        .allowed_mentions(mentions_only(&[]));
    if let Some(picture) = page_picture(data.catalog(), l, variant, &page).await {
        reply = reply.attachment(picture);
    }
    ctx.send(reply).await?;
    Ok(())
}

/// A press on a leaderboard's Previous / Next: the message shows page
/// `page` of `variant`'s leaderboard.
///
/// # Errors
/// Discord failed.
pub async fn on_page(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
    variant: Variant,
    page: usize,
) -> Result<(), Error> {
    let Some(guild) = press.guild_id.map(|g| g.get()) else {
        return Ok(());
    };
    // The page is read from the store: acknowledge first, then edit the
    // message through the press's token.
    if !acknowledge(ctx, press, &CreateInteractionResponse::Acknowledge).await? {
        return Ok(());
    }
    let settings = data.settings.guild(guild).await;
    let l = public_locale(&settings, press.guild_locale.as_deref());
    let shown = match data.ladder.leaderboard(guild, variant, page).await {
        Ok(p) => p,
        Err(d) => {
            let reader = Locale::for_user(
                data.language_override(super::super::reply::user_id(&press.user)),
                &press.locale,
            );
            let text = data.catalog().render(reader, d.message());
            press
                .create_followup(&ctx.http, private_followup(&text))
                .await?;
            return Ok(());
        }
    };
    let (text, row) = page_message(data.catalog(), l, variant, page, &shown);
    // The new page's picture replaces the old one (an empty page has none).
    let edit = EditInteractionResponse::new()
        .content(clip(&text))
        .components(vec![row])
        .allowed_mentions(mentions_only(&[]));
    let edit = match page_picture(data.catalog(), l, variant, &shown).await {
        Some(picture) => edit.new_attachment(picture),
        None => edit.clear_attachments(),
    };
    press.edit_response(&ctx.http, edit).await?;
    Ok(())
}

/// One `/history` line.
fn history_line(catalog: &Catalog, l: Locale, h: &HistoryEntry) -> String {
    let change = if h.voided {
        catalog.plain(l, id::HISTORY_VOIDED)
    } else if h.end == "aborted" {
        catalog.plain(l, id::HISTORY_ABORTED)
    } else {
        match h.rating {
            Some((before, after)) => rating_change(after - before),
            None => catalog.plain(l, id::HISTORY_UNRATED),
        }
    };
    let mut score_text = score(&h.points_halves);
    if h.end.starts_with("forfeit") {
        score_text = format!("{score_text} ({})", catalog.plain(l, id::HISTORY_FORFEIT));
    }
    format!(
        "`#{}` {}",
        h.id.0,
        catalog.text(
            l,
            id::HISTORY_LINE,
            &Args::new()
                .set("date", format!("<t:{}:d>", h.finished_unix_ms / 1000))
                .set("variant", catalog.variant_name(l, h.variant))
                .set("players", catalog.names(l, &h.opponents))
                .set("score", score_text)
                .set("change", change),
        )
    )
}

/// Show a player's recent matches.
#[poise::command(slash_command)]
pub(super) async fn history(ctx: Context<'_>, user: Option<User>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let catalog = data.catalog();
    let l = user_locale(ctx);
    let Some(guild) = in_guild(ctx).await? else {
        return Ok(());
    };
    let user = seated(user.as_ref().unwrap_or_else(|| ctx.author()), None);
    let entries = match data.ladder.history(guild, &user, HISTORY).await {
        Ok(h) => h,
        Err(d) => return deny(ctx, &d).await,
    };
    // The name this server shows for them, never another server's.
    let name = match data.ladder.name_in(guild, &user).await {
        Ok(n) => n,
        Err(d) => return deny(ctx, &d).await,
    };
    let text = if entries.is_empty() {
        catalog.text(
            l,
            id::HISTORY_EMPTY,
            &Args::new().set("player", crate::i18n::Value::name(name)),
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
                &Args::new().set("player", crate::i18n::Value::name(name))
            ),
            lines.join("\n")
        )
    };
    private(ctx, text).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::PoolRating;
    use crate::rating::Glicko2Rating;

    fn entry(rank: u32, name: &str, rating: f64, matches: u32) -> LadderEntry {
        LadderEntry {
            rank,
            player: crate::host::PlayerId(i64::from(rank)),
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
                crate::rating::weng_lin::WengLinRating::new(30.0, 5.0).unwrap(),
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
        use crate::host::ladder::Record;
        use crate::host::RatingPoint;
        use crate::rating::weng_lin::WengLinRating;
        let c = Catalog::new().unwrap();
        let g = |r: f64, rd: f64| PoolRating::Glicko2(Glicko2Rating::new(r, rd, 0.06).unwrap());
        let point = |id: i64, before, after| RatingPoint {
            match_id: crate::host::MatchId(id),
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
