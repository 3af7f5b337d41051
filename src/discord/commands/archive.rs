//! `/replay match` (an animated GIF per game) and `/export match` (the
//! exchange format of docs/rules.md §2 as a text file) for a finished or
//! running match of this server, rebuilt from the store by the host.
//! Replies are private. Each command has a budget per member and per
//! server and minute (`/config replays-per-minute`,
//! `server-replays-per-minute`).

use poise::CreateReply;
use serenity::all::CreateAttachment;

use crate::host::archive::exchange_text;
use crate::host::limits::{Limit, Metered};
use crate::host::{GuildId, MatchId};
use crate::i18n::{id, Args, Locale};
use crate::render::RenderError;

use super::super::data::{Context, Data, Error};
use super::super::messages::{mentions_only, picture, Link};
use super::super::reply::{deny, guild_of, user_id, user_locale, PrivateAnswer};

/// Counts a use of `what` by the user of `ctx` on `guild` within the
/// server's per-minute limits (per member and per server; docs/reliability.md
/// "Limits"); `false` when it is refused (the refusal sent: private, with
/// the wait).
async fn within_budget(ctx: Context<'_>, guild: GuildId, what: Metered) -> Result<bool, Error> {
    let data = ctx.data();
    let settings = data.settings.guild(guild).await;
    let bounds = data.settings.bounds();
    let per_member = bounds.effective(&settings.limits, Limit::ArchivePerMinute);
    let per_server = bounds.effective(&settings.limits, Limit::ServerArchivePerMinute);
    match data
        .archive_uses
        .take(guild, user_id(ctx.author()), what, per_member, per_server)
    {
        Ok(()) => Ok(true),
        Err(d) => deny(ctx, &d).await.map(|()| false),
    }
}

/// The animated replay of a match.
#[poise::command(slash_command, guild_only)]
pub(super) async fn replay(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "super::super::choices::my_matches"]
    id: String,
) -> Result<(), Error> {
    let asked = std::time::Instant::now();
    let guild = guild_of(ctx);
    if !within_budget(ctx, guild, Metered::Replay).await? {
        return Ok(());
    }
    let (detail, m) = ctx.data().ladder.find_match(guild, &id).await?;
    let data = ctx.data();
    let (catalog, l) = (data.catalog(), user_locale(ctx));
    let mut files = Vec::new();
    // Drawn off the async runtime, a few at a time, at most 200 frames and
    // 4 MiB a game; a finished match's replays are kept (pictures.rs).
    let finished = m.is_finished();
    let mut notes = Vec::new();
    for (n, record) in m.games().iter().enumerate() {
        let game = Args::new().set("game", n + 1);
        match data
            .replays
            .draw(detail.id.0, n, finished, record.game())
            .await
        {
            Ok(replay) => {
                if replay.sampled() {
                    notes.push(catalog.text(
                        l,
                        id::REPLAY_SAMPLED,
                        &game.set("moves", replay.plies).set("step", replay.step),
                    ));
                }
                let alt = crate::host::alt::replay_alt(catalog, l, n + 1, record.game());
                files.push(picture(
                    replay.gif.clone(),
                    format!("match-{}-game-{}.gif", detail.id.0, n + 1),
                    Some(&alt),
                ));
            }
            Err(RenderError::TooLarge { .. }) => {
                notes.push(catalog.text(l, id::REPLAY_TOO_LARGE, &game));
            }
            Err(e) => return Err(e.into()),
        }
    }
    // The pictures wait for a permit (pictures.rs): past its token's
    // time the answer goes by direct message or nowhere, never public.
    PrivateAnswer::new(ctx, asked)
        .with_link(web_link(data, guild, detail.id, finished, l).await)
        .send(notes.join("\n"), files)
        .await
}

/// A match in the exchange format, as a text file.
#[poise::command(slash_command, guild_only)]
pub(super) async fn export(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "super::super::choices::my_matches"]
    id: String,
) -> Result<(), Error> {
    let guild = guild_of(ctx);
    if !within_budget(ctx, guild, Metered::Export).await? {
        return Ok(());
    }
    let (detail, m) = ctx.data().ladder.find_match(guild, &id).await?;
    let text = exchange_text(&detail, &m);
    let mut reply = CreateReply::default()
        .ephemeral(true)
        .allowed_mentions(mentions_only(&[]))
        .attachment(CreateAttachment::bytes(
            text.into_bytes(),
            format!("match-{}.txt", detail.id.0),
        ));
    let link = web_link(
        ctx.data(),
        guild,
        detail.id,
        m.is_finished(),
        user_locale(ctx),
    )
    .await;
    if let Some(link) = link {
        reply = reply.components(link.after(Vec::new()));
    }
    ctx.send(reply).await?;
    Ok(())
}

/// A match's web page as a link button (docs/web.md, "Links on
/// Discord"): "Replay on the web" once it is `finished`, "Watch on the
/// web" while it runs; none unless the server has the web on.
async fn web_link(
    data: &Data,
    guild: GuildId,
    id: MatchId,
    finished: bool,
    l: Locale,
) -> Option<Link> {
    let label = if finished {
        id::WEB_REPLAY
    } else {
        id::WEB_WATCH
    };
    data.web_link(guild, &crate::web::paths::match_page(id), l, label)
        .await
}
