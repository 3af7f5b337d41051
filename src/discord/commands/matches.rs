//! `/matches`: the reader's running matches on this server, each with a
//! link to its thread, and their open challenges and seeks, each with a
//! Withdraw button (the challenge's own `c:<id>:withdraw`, the seek's
//! `s:<id>:cancel`: pressed here, they edit the offer's message too). The
//! host writes the words and says which buttons there are
//! ([`crate::host::matches_views`]); this file links the threads, makes the
//! custom ids and sends.

use serenity::all::{CreateActionRow, CreateButton};

use crate::host::matches_views::{matches_message, WithdrawAction};

use super::super::buttons::ButtonId;
use super::super::data::{Context, Error};
use super::super::messages::style;
use super::super::offers::bot_user;
use super::super::reply::{guild_of, private_with, user_id, user_locale};
use crate::host::offers::{Answer, SeekPress};

/// Buttons a message can carry (5 rows of 5; discord-api-docs
/// `components/reference`, "Action Row").
const MAX_BUTTONS: usize = 25;

/// Your running matches on this server, and your open challenges to
/// withdraw.
#[poise::command(slash_command, guild_only)]
pub(super) async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    let guild = guild_of(ctx);
    let data = ctx.data().clone();
    data.routes.startup.wait().await;
    let l = user_locale(ctx);
    let catalog = data.catalog();
    let player = user_id(ctx.author());
    let running: Vec<_> = data
        .routes
        .running_of(player)
        .into_iter()
        .filter_map(|(m, route)| Some((route, data.host.spec(m)?)))
        .filter(|(_, spec)| spec.guild == guild)
        .map(|(route, spec)| (format!("<#{}>", route.thread.get()), spec))
        .collect();
    let offers = data
        .offers
        .open_by(guild, player, bot_user(ctx.serenity_context()))
        .await?;
    let (text, buttons) = matches_message(catalog, l, &running, &offers, MAX_BUTTONS);
    let buttons: Vec<CreateButton> = buttons
        .into_iter()
        .map(|b| {
            let id = match b.action {
                WithdrawAction::Challenge(id) => ButtonId::Challenge {
                    id,
                    answer: Answer::Withdraw,
                },
                WithdrawAction::Seek(id) => ButtonId::Seek {
                    id,
                    press: SeekPress::Cancel,
                },
            };
            CreateButton::new(id.to_string())
                .label(b.label)
                .style(style(b.style))
        })
        .collect();
    let rows: Vec<CreateActionRow> = buttons
        .chunks(5)
        .map(|r| CreateActionRow::Buttons(r.to_vec()))
        .collect();
    private_with(ctx, &text, rows).await
}
