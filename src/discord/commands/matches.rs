//! `/matches`: the reader's running matches on this server, each with a
//! link to its thread, and their open challenges and seeks, each with a
//! Withdraw button (the challenge's own `c:<id>:withdraw`, the seek's
//! `s:<id>:cancel`: pressed here, they edit the offer's message too).

use poise::CreateReply;
use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::host::offers::OpenOffer;
use crate::host::present::versus;
use crate::i18n::{id, Args};

use super::super::buttons::ButtonId;
use super::super::data::{Context, Error};
use super::super::messages::{clip, mentions_only};
use super::super::offers::bot_user;
use super::super::reply::{deny, in_guild, user_id, user_locale};
use crate::host::offers::{Answer, SeekPress};

/// Buttons a message can carry (5 rows of 5; discord-api-docs
/// `components/reference`, "Action Row").
const MAX_BUTTONS: usize = 25;

/// Your running matches on this server, and your open challenges to
/// withdraw.
#[poise::command(slash_command)]
pub(super) async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    let Some(guild) = in_guild(ctx).await? else {
        return Ok(());
    };
    let data = ctx.data().clone();
    data.started().await;
    let l = user_locale(ctx);
    let catalog = data.catalog();
    let player = user_id(ctx.author());
    let mut lines = Vec::new();
    let running: Vec<_> = data
        .routes
        .running_of(player)
        .into_iter()
        .filter_map(|(m, route)| Some((route, data.host.spec(m)?)))
        .filter(|(_, spec)| spec.guild == guild)
        .collect();
    if !running.is_empty() {
        lines.push(catalog.text(l, id::MATCHES_RUNNING, &Args::new()));
        for (route, spec) in &running {
            let args = Args::new()
                .set("thread", format!("<#{}>", route.thread.get()))
                .set("players", versus(catalog, l, spec.variant, &spec.players))
                .set(
                    "variant",
                    catalog.text(l, id::variant(spec.variant), &Args::new()),
                );
            lines.push(catalog.text(l, id::MATCHES_RUNNING_LINE, &args));
        }
    }
    let offers = match data
        .offers
        .open_by(guild, player, bot_user(ctx.serenity_context()))
        .await
    {
        Ok(o) => o,
        Err(d) => return deny(ctx, &d).await,
    };
    let mut buttons = Vec::new();
    if !offers.is_empty() {
        lines.push(catalog.text(l, id::MATCHES_OFFERS, &Args::new()));
    }
    for (n, offer) in offers.iter().take(MAX_BUTTONS).enumerate() {
        let n = n as i64 + 1;
        let (line, button) = match offer {
            OpenOffer::Challenge(c) => {
                let others: Vec<String> = c
                    .seats
                    .iter()
                    .filter(|s| s.id != c.challenger.id)
                    .map(|s| s.name.clone())
                    .collect();
                let args = Args::new()
                    .set("n", n)
                    .set("players", catalog.names(l, &others))
                    .set(
                        "variant",
                        catalog.text(l, id::variant(c.variant), &Args::new()),
                    );
                let b = ButtonId::Challenge {
                    id: c.id,
                    answer: Answer::Withdraw,
                };
                (catalog.text(l, id::MATCHES_CHALLENGE_LINE, &args), b)
            }
            OpenOffer::Seek(s) => {
                let args = Args::new().set("n", n).set(
                    "variant",
                    catalog.text(l, id::variant(s.variant), &Args::new()),
                );
                let b = ButtonId::Seek {
                    id: s.id,
                    press: SeekPress::Cancel,
                };
                (catalog.text(l, id::MATCHES_SEEK_LINE, &args), b)
            }
        };
        lines.push(line);
        let label = catalog.text(l, id::BUTTON_WITHDRAW, &Args::new().set("n", n));
        buttons.push(
            CreateButton::new(button.to_string())
                .label(label)
                .style(ButtonStyle::Secondary),
        );
    }
    if lines.is_empty() {
        lines.push(catalog.text(l, id::MATCHES_NONE, &Args::new()));
    }
    let rows: Vec<CreateActionRow> = buttons
        .chunks(5)
        .map(|r| CreateActionRow::Buttons(r.to_vec()))
        .collect();
    ctx.send(
        CreateReply::default()
            .content(clip(&lines.join("\n")))
            .components(rows)
            .ephemeral(true)
            .allowed_mentions(mentions_only(&[])),
    )
    .await?;
    Ok(())
}
