//! `/settings [confirm] [language]`: a player's own settings —
//! confirm-before-drop and the language of replies to them — changed and
//! shown privately, in the language they now read.

use crate::host::settings::PlayerChange;
use crate::i18n::{id, Args};

use super::super::choices::LanguageChoice;
use super::super::data::{Context, Error};
use super::super::reply::{private, reader_locale, seated};

/// Your settings: confirm before dropping, language of replies to you.
#[poise::command(slash_command)]
pub(super) async fn settings(
    ctx: Context<'_>,
    confirm: Option<bool>,
    language: Option<LanguageChoice>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let catalog = data.catalog();
    let change = PlayerChange {
        confirm_drop: confirm,
        language: language.map(|l| l.0),
    };
    let s = data
        .settings
        .change_player(&seated(ctx.author(), None), change)
        .await?;
    let l = reader_locale(ctx).await;
    let yes_no = catalog.plain(l, if s.confirm_drop { id::YES } else { id::NO });
    let language = catalog.plain(
        l,
        id::language(s.language.as_deref().and_then(|t| t.parse().ok())),
    );
    let mut lines = Vec::new();
    if !change.is_empty() {
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
