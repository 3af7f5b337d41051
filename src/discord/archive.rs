//! `/replay match` (an animated GIF per game) and `/export match` (the
//! exchange format of RULES.md §2 as a text file) for a match of this
//! server, rebuilt from the store. Replies are private.

use poise::CreateReply;
use serenity::all::CreateAttachment;

use super::commands::private;
use super::info::reader_locale;
use super::messages::mentions_only;
use super::{Context, Data, Error};
use crate::game::notation::{write_exchange, ResultTag};
use crate::game::Color;
use crate::i18n::id;
use crate::i18n::Args;
use crate::play::{ForfeitReason, GameEnd, GameRecord, Match};
use crate::store::{MatchDetail, MatchId, StoreError};

/// The poise commands of this module.
pub fn all() -> Vec<poise::Command<std::sync::Arc<Data>, Error>> {
    vec![replay(), export()]
}

/// The match `text` names (`12` or `#12`) if it was played on this server,
/// with its stored detail; `None` when the refusal has been sent.
pub(crate) async fn find_match(
    ctx: Context<'_>,
    text: &str,
) -> Result<Option<(MatchDetail, Match)>, Error> {
    let data = ctx.data().clone();
    let catalog = data.host.catalog();
    let l = reader_locale(ctx).await;
    let shown = text.trim().trim_start_matches('#').to_string();
    let not_found = catalog.text(
        l,
        id::ERROR_MATCH_NOT_FOUND,
        &Args::new().set("id", shown.clone()),
    );
    let (Some(guild), Some(db)) = (ctx.guild_id(), data.db.clone()) else {
        private(ctx, catalog.plain(l, id::ERROR_GUILD_ONLY)).await?;
        return Ok(None);
    };
    let Ok(number) = shown.parse::<i64>() else {
        private(ctx, not_found).await?;
        return Ok(None);
    };
    let detail = match db.match_detail(MatchId(number)).await {
        Ok(d) if d.guild == guild.get() => d,
        Ok(_) | Err(StoreError::NoSuchMatch(_)) => {
            private(ctx, not_found).await?;
            return Ok(None);
        }
        Err(e) => return Err(e.into()),
    };
    let loaded = db.load_match(MatchId(number)).await?;
    Ok(Some((detail, loaded.game)))
}

/// The tag name of a colour in the exchange format: `Red`, `Yellow`, `Blue`.
fn color_tag(c: Color) -> String {
    let name = c.name();
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The `Result` tag of a game and, when it did not end on the board, its
/// `Termination` tag (PGN's words: `resignation`, `time forfeit`,
/// `abandoned`). RULES.md §2: a game lost by resignation or on time is a
/// win for the other colour (`1-0` / `0-1`), even though the board is
/// unfinished; with three colours a resignation gives no single winner, so
/// the board's result (`*`) stays. `None` for the result: the board's.
pub fn game_result(record: &GameRecord) -> (Option<ResultTag>, Option<&'static str>) {
    let order = record.order();
    let other_colour = |seat| {
        let loser = order.color_of(seat)?;
        let colours: Vec<Color> = order
            .seats()
            .iter()
            .filter_map(|s| order.color_of(*s))
            .filter(|c| *c != loser)
            .collect();
        // Teams repeat a colour: two distinct colours in all.
        let mut distinct = colours.clone();
        distinct.dedup();
        match distinct.as_slice() {
            [winner] => Some(ResultTag::Win(*winner)),
            _ => None,
        }
    };
    match record.end() {
        Some((GameEnd::Resigned(seat), _)) => (other_colour(seat), Some("resignation")),
        Some((GameEnd::Forfeit(seat, ForfeitReason::Flag), _)) => {
            (other_colour(seat), Some("time forfeit"))
        }
        Some((GameEnd::Forfeit(seat, _), _)) => (other_colour(seat), Some("resignation")),
        Some((GameEnd::Aborted, _)) => (Some(ResultTag::Unfinished), Some("abandoned")),
        Some((GameEnd::Board(_), _)) | None => (None, None),
    }
}

/// Every game of the match in the exchange format, one after another, with
/// the match id, game number and who played which colour as extra tags
/// (and `Termination` when a game did not end on the board).
pub fn exchange_text(detail: &MatchDetail, m: &Match) -> String {
    let mut out = Vec::new();
    for (n, record) in m.games().iter().enumerate() {
        let order = record.order();
        let mut tags: Vec<(String, String)> = vec![
            ("Match".into(), detail.id.0.to_string()),
            ("Game".into(), (n + 1).to_string()),
            ("TimeControl".into(), detail.time_control.clone()),
        ];
        for seat in order.seats() {
            let Some(color) = order.color_of(*seat) else {
                continue;
            };
            let name = detail
                .seats
                .iter()
                .find(|s| usize::from(s.seat) == seat.index())
                .map(|s| s.name.clone())
                .unwrap_or_default();
            // Teams: both players of a colour, in turn order.
            match tags.iter_mut().find(|(k, _)| *k == color_tag(color)) {
                Some((_, v)) => {
                    v.push_str(", ");
                    v.push_str(&name);
                }
                None => tags.push((color_tag(color), name)),
            }
        }
        let (result, termination) = game_result(record);
        if let Some(t) = termination {
            tags.push(("Termination".into(), t.into()));
        }
        let extra: Vec<(&str, &str)> = tags.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        out.push(write_exchange(record.game(), &extra, result));
    }
    out.join("\n")
}

/// The animated replay of a match.
#[poise::command(slash_command)]
async fn replay(ctx: Context<'_>, #[rename = "match"] id: String) -> Result<(), Error> {
    let Some((detail, m)) = find_match(ctx, &id).await? else {
        return Ok(());
    };
    ctx.defer_ephemeral().await?;
    let mut reply = CreateReply::default()
        .ephemeral(true)
        .allowed_mentions(mentions_only(&[]));
    for (n, record) in m.games().iter().enumerate() {
        let gif = crate::render::game_gif(record.game())?;
        reply = reply.attachment(CreateAttachment::bytes(
            gif,
            format!("match-{}-game-{}.gif", detail.id.0, n + 1),
        ));
    }
    ctx.send(reply).await?;
    Ok(())
}

/// A match in the exchange format, as a text file.
#[poise::command(slash_command)]
async fn export(ctx: Context<'_>, #[rename = "match"] id: String) -> Result<(), Error> {
    let Some((detail, m)) = find_match(ctx, &id).await? else {
        return Ok(());
    };
    let text = exchange_text(&detail, &m);
    ctx.send(
        CreateReply::default()
            .ephemeral(true)
            .allowed_mentions(mentions_only(&[]))
            .attachment(CreateAttachment::bytes(
                text.into_bytes(),
                format!("match-{}.txt", detail.id.0),
            )),
    )
    .await?;
    Ok(())
}
