//! The ladder as players read it: `/rating` (a player's standing per
//! variant), `/leaderboard` (a monospace table, ten a page, with Previous /
//! Next buttons anyone may press) and `/history` (recent matches). Private
//! replies are in the reader's language; the leaderboard is public, in the
//! server's. The host answers ([`crate::host::ladder`]); this file writes.

use poise::CreateReply;
use serenity::all::{
    ButtonStyle, ComponentInteraction, Context as SerenityContext, CreateActionRow, CreateButton,
    CreateInteractionResponse, EditInteractionResponse, User,
};

use crate::game::Variant;
use crate::host::ladder::{LeaderboardPage, PoolCard};
use crate::host::terms::public_locale;
use crate::host::{HistoryEntry, LadderEntry};
use crate::i18n::{id, rating_change, score, Args, Catalog, Locale};

use super::super::buttons::ButtonId;
use super::super::choices::VariantChoice;
use super::super::data::{Context, Data, Error};
use super::super::messages::{clip, mentions_only};
use super::super::reply::{
    acknowledge, deny, guild_locale, in_guild, private, private_followup, seated, user_locale,
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
                            .set("player", name.to_string())
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
                catalog.text(
                    l,
                    id::RATING_RANK,
                    &Args::new().set("rank", c.entry.rank).set("total", c.total),
                ),
            ]
            .join("\n")
        })
        .collect();
    if cards.iter().any(|c| c.entry.rating.is_provisional()) {
        blocks.push(catalog.plain(l, id::RATING_PROVISIONAL_NOTE));
    }
    blocks.join("\n\n")
}

/// Show a player's rating on this server.
#[poise::command(slash_command)]
pub(super) async fn rating(
    ctx: Context<'_>,
    user: Option<User>,
    variant: Option<VariantChoice>,
) -> Result<(), Error> {
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
            &Args::new().set("player", user.name.clone()).set(
                "variant",
                catalog.variant_name(l, wanted.unwrap_or(Variant::Classic)),
            ),
        );
        return private(ctx, text).await;
    }
    private(ctx, card_text(catalog, l, &user.name, &cards)).await
}

/// Makes a name safe inside a code block.
fn code_safe(name: &str) -> String {
    name.replace('`', "ˋ")
}

/// A leaderboard page as a monospace table: rank, name, rating, matches.
pub fn leaderboard_table(
    catalog: &Catalog,
    l: Locale,
    variant: Variant,
    season: u32,
    entries: &[LadderEntry],
) -> String {
    let title = format!(
        "**{}** · {}",
        catalog.text(
            l,
            id::LEADERBOARD_TITLE,
            &Args::new().set("variant", catalog.variant_name(l, variant)),
        ),
        catalog.text(
            l,
            id::LEADERBOARD_SEASON,
            &Args::new().set("season", i64::from(season)),
        )
    );
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
        .map(|e| code_safe(&e.name).chars().take(24).collect())
        .collect();
    let name_width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
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
    let lines: Vec<String> = entries
        .iter()
        .zip(&names)
        .map(|(e, name)| {
            let pad = name_width - name.chars().count();
            format!(
                "{:>rw$}. {name}{}  {:>tw$}  {:>4}",
                e.rank,
                " ".repeat(pad),
                e.rating.shown(),
                e.matches,
                rw = rank_width,
                tw = rating_width,
            )
        })
        .collect();
    format!("{title}\n```\n{}\n```", lines.join("\n"))
}

/// A leaderboard page's text and its Previous / Next buttons.
fn page_message(
    catalog: &Catalog,
    l: Locale,
    variant: Variant,
    number: usize,
    page: &LeaderboardPage,
) -> (String, CreateActionRow) {
    let text = leaderboard_table(catalog, l, variant, page.season, &page.entries);
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
    ctx.send(
        CreateReply::default()
            .content(clip(&text))
            .components(vec![row])
            .allowed_mentions(mentions_only(&[])),
    )
    .await?;
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
    press
        .edit_response(
            &ctx.http,
            EditInteractionResponse::new()
                .content(clip(&text))
                .components(vec![row])
                .allowed_mentions(mentions_only(&[])),
        )
        .await?;
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
                .set("players", catalog.list(l, &h.opponents))
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
    let text = if entries.is_empty() {
        catalog.text(l, id::HISTORY_EMPTY, &Args::new().set("player", user.name))
    } else {
        let lines: Vec<String> = entries
            .iter()
            .map(|h| history_line(catalog, l, h))
            .collect();
        format!(
            "**{}**\n{}",
            catalog.text(l, id::HISTORY_TITLE, &Args::new().set("player", user.name)),
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
        let text = leaderboard_table(&c, Locale::EnUs, Variant::Classic, 2, &entries);
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
        let empty = leaderboard_table(&c, Locale::EnUs, Variant::Five, 1, &[]);
        assert!(empty.contains("Nobody has played"), "{empty}");
    }
}
