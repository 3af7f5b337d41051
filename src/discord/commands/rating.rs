//! The ladder as players read it on Discord: `/rating` (a player's
//! standing per variant, with a chart of the rating over their matches per
//! variant), `/leaderboard` (a table picture and the same table as
//! monospace text for screen readers, ten a page, with Previous / Next
//! buttons anyone may press) and `/history` (recent matches). Private
//! replies are in the reader's language; the leaderboard is public, in the
//! server's. The host answers ([`crate::host::ladder`]) and writes the words
//! and the pictures' data ([`crate::host::ladder_views`]); this file sends
//! them: the buttons' custom ids, the pictures drawn off the runtime, the
//! attachments and Discord's limits (docs/render.md).

use poise::CreateReply;
use serenity::all::{
    ComponentInteraction, Context as SerenityContext, CreateActionRow, CreateAttachment,
    CreateButton, CreateInteractionResponse, EditInteractionResponse, User,
};

use crate::game::Variant;
use crate::host::ladder::LeaderboardPage;
use crate::host::ladder_views::{
    head_to_head_text, history_text, leaderboard_standings, page_message, rating_card, rating_none,
    CardChart, PageButton, HISTORY,
};
use crate::host::terms::public_locale;
use crate::host::GuildId;
use crate::i18n::{id, Catalog, Locale};
use crate::render::{rating_chart_png, standings_png};

use super::super::buttons::ButtonId;
use super::super::choices::VariantChoice;
use super::super::data::{Context, Data, Error};
use super::super::messages::{clip, mentions_only, style};
use super::super::reply::{
    author_seated, guild_locale, guild_of, host_guild, private, private_followup, seated,
    user_locale, PrivateAnswer,
};
use super::super::rest::acknowledge;

/// The rating charts of a card as attachments (`rating-<variant>.png`,
/// described for screen readers), drawn off the async threads. A chart that
/// cannot be drawn is logged and left out: the card's text says it all.
async fn chart_files(charts: Vec<CardChart>) -> Vec<CreateAttachment> {
    let drawn = super::super::pictures::off_runtime(move || {
        charts
            .into_iter()
            .filter_map(|c| match rating_chart_png(&c.chart) {
                Ok(png) => Some(
                    CreateAttachment::bytes(png, format!("rating-{}.png", c.variant.key()))
                        .description(c.alt),
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

/// Show a player's rating on this server
// With someone else's rating, or with `versus`, the head-to-head record of
// two players too (issue 35): `user` against the one who asks, or `user`
// (default the asker) against `versus`.
#[poise::command(slash_command, guild_only)]
pub(super) async fn rating(
    ctx: Context<'_>,
    user: Option<User>,
    variant: Option<VariantChoice>,
    versus: Option<User>,
) -> Result<(), Error> {
    let asked = std::time::Instant::now();
    let data = ctx.data().clone();
    let catalog = data.catalog();
    let l = user_locale(ctx);
    let guild = guild_of(ctx);
    let me = author_seated(ctx);
    let user = seated(user.as_ref().unwrap_or_else(|| ctx.author()), None);
    // Whose record against whom: `versus` names the other side; else the
    // one who asks, when the card is someone else's.
    let other = match &versus {
        Some(v) => Some(seated(v, None)),
        None => Some(me).filter(|me| me.id != user.id),
    };
    let wanted = variant.map(|v| v.0);
    let cards = data.ladder.rating_card(guild, &user, wanted).await?;
    let record = match &other {
        Some(o) => Some((o, data.ladder.head_to_head(guild, &user, o).await?)),
        None => None,
    };
    let h2h = |name: &str| {
        record
            .as_ref()
            .map(|(o, r)| head_to_head_text(catalog, l, name, &o.name, r))
    };
    // The player's web page, when the server has the web on.
    let page = crate::web::paths::player_page(guild, user.id);
    let link = data.web_link(guild, &page, l, id::WEB_OPEN_PAGE).await;
    if cards.is_empty() {
        let none = rating_none(catalog, l, &user.name, wanted);
        let text = match h2h(&user.name) {
            Some(h) => format!("{none}\n\n{h}"),
            None => none,
        };
        return PrivateAnswer::new(ctx, asked)
            .with_link(link)
            .send(text, Vec::new())
            .await;
    }
    let mut card = rating_card(catalog, l, &user.name, &cards);
    // The card names the player as this server shows them.
    let shown = cards
        .first()
        .map_or(user.name.as_str(), |c| c.entry.name.as_str());
    if let Some(h) = h2h(shown) {
        card.text = format!("{}\n\n{h}", card.text);
    }
    // The charts wait for a picture permit (pictures.rs), behind replays
    // perhaps: an answer past its token's time goes by direct message or
    // nowhere, never public (reply::late_answer).
    let files = chart_files(card.charts).await;
    PrivateAnswer::new(ctx, asked)
        .with_link(link)
        .send(card.text, files)
        .await
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

/// A leaderboard page's Previous / Next as a row of Discord buttons.
fn page_row(buttons: Vec<PageButton>) -> CreateActionRow {
    CreateActionRow::Buttons(
        buttons
            .into_iter()
            .map(|b| {
                let (variant, page) = (b.action.variant, b.action.page);
                CreateButton::new(ButtonId::Leaderboard { variant, page }.to_string())
                    .label(b.label)
                    .style(style(b.style))
                    .disabled(b.disabled)
            })
            .collect(),
    )
}

/// A leaderboard message's rows: Previous / Next, and the leaderboard's
/// web page when the server has the web on (docs/web.md, "Links on
/// Discord").
async fn leaderboard_rows(
    data: &Data,
    guild: GuildId,
    l: Locale,
    variant: Variant,
    buttons: Vec<PageButton>,
) -> Vec<CreateActionRow> {
    let rows = vec![page_row(buttons)];
    let path = crate::web::paths::leaderboard_page(guild, variant);
    match data.web_link(guild, &path, l, id::WEB_OPEN_PAGE).await {
        Some(link) => link.after(rows),
        None => rows,
    }
}

/// Show this server's leaderboard.
#[poise::command(slash_command, guild_only)]
pub(super) async fn leaderboard(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let guild = guild_of(ctx);
    let variant = variant.map_or(Variant::Classic, |v| v.0);
    let page = data.ladder.leaderboard(guild, variant, 0).await?;
    let settings = data.settings.guild(guild).await;
    let l = public_locale(&settings, guild_locale(ctx).as_deref());
    let (text, buttons) = page_message(data.catalog(), l, variant, 0, &page);
    let mut reply = CreateReply::default()
        .content(clip(&text))
        .components(leaderboard_rows(&data, guild, l, variant, buttons).await)
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
    reader: Locale,
) -> Result<(), Error> {
    let Some(guild) = press.guild_id.map(host_guild) else {
        return Ok(());
    };
    // The page is read from the store: acknowledge first, then edit the
    // message through the press's token.
    if !acknowledge(&ctx.http, press, &CreateInteractionResponse::Acknowledge).await? {
        return Ok(());
    }
    let settings = data.settings.guild(guild).await;
    let l = public_locale(&settings, press.guild_locale.as_deref());
    let shown = match data.ladder.leaderboard(guild, variant, page).await {
        Ok(p) => p,
        Err(d) => {
            let text = data.catalog().render(reader, d.message());
            press
                .create_followup(&ctx.http, private_followup(&text))
                .await?;
            return Ok(());
        }
    };
    let (text, buttons) = page_message(data.catalog(), l, variant, page, &shown);
    // The new page's picture replaces the old one (an empty page has none).
    let edit = EditInteractionResponse::new()
        .content(clip(&text))
        .components(leaderboard_rows(data, guild, l, variant, buttons).await)
        .allowed_mentions(mentions_only(&[]));
    let edit = match page_picture(data.catalog(), l, variant, &shown).await {
        Some(picture) => edit.new_attachment(picture),
        None => edit.clear_attachments(),
    };
    press.edit_response(&ctx.http, edit).await?;
    Ok(())
}

/// Show a player's recent matches.
#[poise::command(slash_command, guild_only)]
pub(super) async fn history(ctx: Context<'_>, user: Option<User>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let catalog = data.catalog();
    let l = user_locale(ctx);
    let guild = guild_of(ctx);
    let user = seated(user.as_ref().unwrap_or_else(|| ctx.author()), None);
    let entries = data.ladder.history(guild, &user, HISTORY).await?;
    // The name this server shows for them, never another server's.
    let name = data.ladder.name_in(guild, &user).await?;
    let text = history_text(catalog, l, &name, &entries);
    private(ctx, text).await
}
