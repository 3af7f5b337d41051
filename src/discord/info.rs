//! Read-only and per-user commands: `/rating`, `/leaderboard` (a monospace
//! table, ten a page, with Previous / Next buttons anyone may press),
//! `/history`, `/rules` and `/settings`. Private replies are in the reader's
//! language (their `/settings` override, else Discord's); the leaderboard is
//! public, in the server's language.

use std::time::Duration;

use poise::CreateReply;
use serenity::all::{
    ButtonStyle, ComponentInteraction, Context as SerenityContext, CreateActionRow, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseMessage, User,
};

use super::commands::{guild_settings, parse_terms, private, public_locale, seated, user_locale};
use super::messages::{clip, mentions_only};
use super::{Context, Data, Error};
use crate::game::Variant;
use crate::i18n::id;
use crate::i18n::{rating_change, score, Args, Catalog, Locale};
use crate::store::{Db, HistoryEntry, LadderEntry, PlayerSettings};

/// Leaderboard lines per page.
pub const PAGE: usize = 10;
/// Matches `/history` lists.
pub const HISTORY: u32 = 10;

/// The poise commands of this module.
pub fn all() -> Vec<poise::Command<std::sync::Arc<Data>, Error>> {
    vec![rating(), leaderboard(), history(), rules(), settings()]
}

/// The language of a private reply: the user's `/settings` override (read
/// again, for `/settings` itself), else their Discord client's.
pub async fn reader_locale(ctx: Context<'_>) -> Locale {
    super::commands::refresh_language(ctx.data(), ctx.author().id.get()).await;
    user_locale(ctx)
}

fn parse_variant(catalog: &Catalog, l: Locale, variant: Option<&str>) -> Result<Variant, String> {
    Ok(parse_terms(catalog, l, variant, None)?.0)
}

/// Show a player's rating on this server.
#[poise::command(slash_command)]
async fn rating(
    ctx: Context<'_>,
    user: Option<User>,
    variant: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let l = reader_locale(ctx).await;
    let (Some(guild), Some(db)) = (ctx.guild_id(), data.db.clone()) else {
        return private(ctx, catalog.plain(l, id::ERROR_GUILD_ONLY)).await;
    };
    let user = user.unwrap_or_else(|| ctx.author().clone());
    let name = seated(&user, None).name;
    let wanted = match variant.as_deref() {
        None => None,
        Some(v) => match parse_variant(catalog, l, Some(v)) {
            Ok(v) => Some(v),
            Err(text) => return private(ctx, text).await,
        },
    };
    if let Some(v) = wanted.filter(|v| !v.rated()) {
        let text = catalog.text(
            l,
            id::RATING_UNRATED_VARIANT,
            &Args::new().set("variant", catalog.variant_name(l, v)),
        );
        return private(ctx, text).await;
    }
    let player = db.discord_player(user.id.get(), &name).await?;
    let now = crate::host::unix_ms();
    let card = db.rating_card(guild.get(), player, now).await?;
    let history = db.match_history(player, guild.get(), 10_000).await?;
    let season = db.guild_settings(guild.get()).await?.season;
    let shown: Vec<&(Variant, LadderEntry)> = card
        .iter()
        .filter(|(v, _)| wanted.is_none_or(|w| w == *v))
        .collect();
    if shown.is_empty() {
        let v = wanted.unwrap_or(Variant::Classic);
        let text = catalog.text(
            l,
            id::RATING_NONE,
            &Args::new()
                .set("player", name)
                .set("variant", catalog.variant_name(l, v)),
        );
        return private(ctx, text).await;
    }
    let mut blocks = Vec::new();
    let mut provisional = false;
    for (v, entry) in shown {
        let total = db
            .leaderboard(guild.get(), *v, None, 100_000, now)
            .await?
            .len();
        let (wins, draws, losses) = record(&history, *v, season);
        provisional |= entry.rating.is_provisional();
        blocks.push(
            [
                format!(
                    "**{}**",
                    catalog.text(
                        l,
                        id::RATING_TITLE,
                        &Args::new()
                            .set("player", name.clone())
                            .set("variant", catalog.variant_name(l, *v)),
                    )
                ),
                catalog.text(
                    l,
                    id::RATING_VALUE,
                    &Args::new().set("rating", entry.rating.shown()),
                ),
                catalog.text(
                    l,
                    id::RATING_DEVIATION,
                    &Args::new().set("deviation", entry.rating.shown_deviation()),
                ),
                catalog.text(
                    l,
                    id::RATING_RECORD,
                    &Args::new()
                        .set("matches", i64::from(entry.matches))
                        .set("wins", wins)
                        .set("draws", draws)
                        .set("losses", losses),
                ),
                catalog.text(
                    l,
                    id::RATING_RANK,
                    &Args::new()
                        .set("rank", i64::from(entry.rank))
                        .set("total", total.max(entry.rank as usize) as i64),
                ),
            ]
            .join("\n"),
        );
    }
    if provisional {
        blocks.push(catalog.plain(l, id::RATING_PROVISIONAL_NOTE));
    }
    private(ctx, blocks.join("\n\n")).await
}

/// Wins, draws and losses in the rated, not voided matches of `variant`
/// in ladder season `season` (`history` is one server's).
fn record(history: &[HistoryEntry], variant: Variant, season: u32) -> (i64, i64, i64) {
    let mut r = (0, 0, 0);
    // The rating pool's matches only: this server's (the history is) and
    // this season's, rated and not voided — the card beside it shows that
    // pool's rating, so the two must count the same matches.
    for h in history
        .iter()
        .filter(|h| h.season == season && h.variant == variant && h.rating.is_some() && !h.voided)
    {
        let side = if variant == Variant::Teams {
            usize::from(h.seat % 2)
        } else {
            usize::from(h.seat)
        };
        let Some(mine) = h.points_halves.get(side) else {
            continue;
        };
        let best_other = h
            .points_halves
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != side)
            .map(|(_, p)| *p)
            .max()
            .unwrap_or(0);
        match mine.cmp(&best_other) {
            std::cmp::Ordering::Greater => r.0 += 1,
            std::cmp::Ordering::Equal => r.1 += 1,
            std::cmp::Ordering::Less => r.2 += 1,
        }
    }
    r
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

/// A leaderboard page and its buttons (`lb:<variant>:<page>`).
async fn leaderboard_page(
    db: &Db,
    catalog: &Catalog,
    l: Locale,
    guild: u64,
    variant: Variant,
    page: usize,
) -> Result<(String, CreateActionRow), Error> {
    let season = db.guild_settings(guild).await?.season;
    let wanted = (page + 1) * PAGE + 1;
    let all = db
        .leaderboard(guild, variant, None, wanted as u32, crate::host::unix_ms())
        .await?;
    let entries: Vec<LadderEntry> = all.iter().skip(page * PAGE).take(PAGE).cloned().collect();
    let has_next = all.len() > (page + 1) * PAGE;
    let text = leaderboard_table(catalog, l, variant, season, &entries);
    let row = CreateActionRow::Buttons(vec![
        CreateButton::new(format!("lb:{}:{}", variant.key(), page.saturating_sub(1)))
            .label(catalog.plain(l, id::BUTTON_PREVIOUS))
            .style(ButtonStyle::Secondary)
            .disabled(page == 0),
        CreateButton::new(format!("lb:{}:{}", variant.key(), page + 1))
            .label(catalog.plain(l, id::BUTTON_NEXT))
            .style(ButtonStyle::Secondary)
            .disabled(!has_next),
    ]);
    Ok((text, row))
}

/// Show this server's leaderboard.
#[poise::command(slash_command)]
async fn leaderboard(ctx: Context<'_>, variant: Option<String>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let reader = reader_locale(ctx).await;
    let (Some(guild), Some(db)) = (ctx.guild_id(), data.db.clone()) else {
        return private(ctx, catalog.plain(reader, id::ERROR_GUILD_ONLY)).await;
    };
    let variant = match parse_variant(catalog, reader, variant.as_deref()) {
        Ok(v) if v.rated() => v,
        Ok(v) => {
            let text = catalog.text(
                reader,
                id::RATING_UNRATED_VARIANT,
                &Args::new().set("variant", catalog.variant_name(reader, v)),
            );
            return private(ctx, text).await;
        }
        Err(text) => return private(ctx, text).await,
    };
    let settings = guild_settings(&data, guild.get()).await;
    let l = public_locale(&settings, ctx);
    let (text, row) = leaderboard_page(&db, catalog, l, guild.get(), variant, 0).await?;
    ctx.send(
        CreateReply::default()
            .content(clip(&text))
            .components(vec![row])
            .allowed_mentions(mentions_only(&[])),
    )
    .await?;
    Ok(())
}

/// A press on a leaderboard's Previous / Next (`lb:<variant>:<page>`): the
/// message shows that page. Returns false when `custom_id` is not one.
///
/// # Errors
/// The store or Discord failed.
pub async fn on_page_press(
    ctx: &SerenityContext,
    data: &Data,
    press: &ComponentInteraction,
) -> Result<bool, Error> {
    let Some(rest) = press.data.custom_id.strip_prefix("lb:") else {
        return Ok(false);
    };
    let Some((variant, page)) = rest.split_once(':') else {
        return Ok(false);
    };
    let (Ok(variant), Ok(page)) = (variant.parse::<Variant>(), page.parse::<usize>()) else {
        return Ok(false);
    };
    let (Some(guild), Some(db)) = (press.guild_id, data.db.as_ref()) else {
        return Ok(false);
    };
    let settings = guild_settings(data, guild.get()).await;
    let l = settings
        .locale
        .as_deref()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| Locale::for_guild(None, press.guild_locale.as_deref()));
    let (text, row) =
        leaderboard_page(db, data.host.catalog(), l, guild.get(), variant, page).await?;
    press
        .create_response(
            &ctx.http,
            CreateInteractionResponse::UpdateMessage(
                CreateInteractionResponseMessage::new()
                    .content(clip(&text))
                    .components(vec![row])
                    .allowed_mentions(mentions_only(&[])),
            ),
        )
        .await?;
    Ok(true)
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
async fn history(ctx: Context<'_>, user: Option<User>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let l = reader_locale(ctx).await;
    let (Some(guild), Some(db)) = (ctx.guild_id(), data.db.clone()) else {
        return private(ctx, catalog.plain(l, id::ERROR_GUILD_ONLY)).await;
    };
    let user = user.unwrap_or_else(|| ctx.author().clone());
    let name = seated(&user, None).name;
    let player = db.discord_player(user.id.get(), &name).await?;
    let mut lines = Vec::new();
    for h in db.match_history(player, guild.get(), HISTORY).await? {
        lines.push(history_line(catalog, l, &h));
    }
    let text = if lines.is_empty() {
        catalog.text(l, id::HISTORY_EMPTY, &Args::new().set("player", name))
    } else {
        format!(
            "**{}**\n{}",
            catalog.text(l, id::HISTORY_TITLE, &Args::new().set("player", name)),
            lines.join("\n")
        )
    };
    private(ctx, text).await
}

/// Splits sections into messages of at most `limit` characters each.
pub(crate) fn pack(sections: &[String], limit: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in sections {
        match out.last_mut() {
            Some(last) if last.chars().count() + 2 + s.chars().count() <= limit => {
                last.push_str("\n\n");
                last.push_str(s);
            }
            _ => out.push(s.clone()),
        }
    }
    out
}

/// The rules, in your language.
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>, variant: Option<String>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let l = reader_locale(ctx).await;
    let variant = match variant.as_deref() {
        None => None,
        Some(v) => match parse_variant(catalog, l, Some(v)) {
            Ok(v) => Some(v),
            Err(text) => return private(ctx, text).await,
        },
    };
    let clock = match ctx.guild_id() {
        Some(g) => guild_settings(&data, g.get()).await.clock,
        None => Default::default(),
    };
    let sections: Vec<String> = catalog
        .rules(
            l,
            variant,
            Duration::from_millis(clock.abort_ms),
            Duration::from_millis(clock.grace_ms),
        )
        .into_iter()
        .map(|s| format!("**{}**\n{}", s.title, s.body))
        .collect();
    for message in pack(&sections, 2000) {
        private(ctx, message).await?;
    }
    Ok(())
}

/// Your settings: confirm before dropping, language of replies to you.
#[poise::command(slash_command)]
async fn settings(
    ctx: Context<'_>,
    confirm: Option<bool>,
    language: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let Some(db) = data.db.clone() else {
        return private(ctx, catalog.plain(user_locale(ctx), id::ERROR_INTERNAL)).await;
    };
    let author = ctx.author();
    let player = db
        .discord_player(author.id.get(), &seated(author, None).name)
        .await?;
    let mut s: PlayerSettings = db.player_settings(player).await?;
    let changed = confirm.is_some() || language.is_some();
    if let Some(c) = confirm {
        s.confirm_drop = c;
    }
    if let Some(lang) = language.as_deref() {
        s.language = match lang {
            "auto" => None,
            tag => match tag.parse::<Locale>() {
                Ok(l) => Some(l.tag().to_string()),
                Err(_) => s.language.clone(),
            },
        };
    }
    if changed {
        db.set_player_settings(player, &s).await?;
    }
    let l = reader_locale(ctx).await;
    let yes_no = catalog.plain(l, if s.confirm_drop { id::YES } else { id::NO });
    let language = match &s.language {
        Some(tag) => catalog.plain(l, id::language(tag.parse().ok())),
        None => catalog.plain(l, id::LANGUAGE_AUTO),
    };
    let mut lines = Vec::new();
    if changed {
        lines.push(catalog.plain(l, id::SETTINGS_SAVED));
    }
    lines.push(format!("**{}**", catalog.plain(l, id::SETTINGS_TITLE)));
    lines.push(catalog.text(l, id::SETTINGS_CONFIRM, &Args::new().set("value", yes_no)));
    lines.push(catalog.plain(l, id::SETTINGS_CONFIRM_HELP));
    lines.push(catalog.text(
        l,
        id::SETTINGS_LANGUAGE,
        &Args::new().set("language", language),
    ));
    private(ctx, lines.join("\n")).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{PlayerId as StorePlayer, PoolRating};

    fn entry(rank: u32, name: &str, rating: f64, matches: u32) -> LadderEntry {
        LadderEntry {
            rank,
            player: StorePlayer(i64::from(rank)),
            name: name.into(),
            rating: PoolRating::Glicko2(
                crate::rating::Glicko2Rating::new(rating, 60.0, 0.06).unwrap(),
            ),
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

    #[test]
    fn the_rating_cards_record_counts_this_seasons_rated_matches_only() {
        // Before: every season's matches were counted, so after `/ladder
        // reset` the card showed the new season's rating beside the old
        // seasons' wins and losses.
        let h = |id: i64, season: u32, points: [u32; 2], rated: bool, voided: bool| HistoryEntry {
            id: crate::store::MatchId(id),
            guild: 7,
            season,
            variant: Variant::Classic,
            seat: 0,
            opponents: vec!["b".into()],
            points_halves: points.to_vec(),
            place: Some(1),
            end: "completed".into(),
            rating: rated.then_some((1500.0, 1510.0)),
            voided,
            finished_unix_ms: id,
        };
        let history = [
            h(1, 1, [4, 0], true, false),
            h(2, 1, [4, 0], true, false),
            h(3, 2, [2, 2], true, false),
            h(4, 2, [0, 4], true, false),
            h(5, 2, [4, 0], true, true),
            h(6, 2, [4, 0], false, false),
        ];
        assert_eq!(record(&history, Variant::Classic, 2), (0, 1, 1));
        assert_eq!(record(&history, Variant::Classic, 1), (2, 0, 0));
        assert_eq!(record(&history, Variant::Five, 2), (0, 0, 0));
    }

    #[test]
    fn long_rules_are_split_between_messages() {
        let sections = vec!["a".repeat(1500), "b".repeat(400), "c".repeat(300)];
        let packed = pack(&sections, 2000);
        assert_eq!(packed.len(), 2);
        assert!(packed.iter().all(|m| m.chars().count() <= 2000));
        assert!(packed[0].ends_with('b') && packed[1].starts_with('c'));
    }
}
