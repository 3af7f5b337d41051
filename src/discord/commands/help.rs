//! `/help`: every command with its description, how to move (by button or
//! by typing — and, where the bot runs without the Message Content intent,
//! that a typed move must reply to the turn or mention the bot), and the
//! match format, in the reader's language.

use std::sync::atomic::Ordering;

use crate::i18n::{id, Args, Id, Locale};

use super::super::data::{Context, Data, Error};
use super::super::messages::MAX_CONTENT;
use super::super::reply::{command_mention, pack, private, user_locale};

/// Commands, how to move, and how a match goes.
#[poise::command(slash_command)]
pub(super) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let l = user_locale(ctx);
    // The commands as the framework holds them (`register::commands`, from
    // `super::all`), not `super::all()` again: that would make this file
    // and the list of commands name each other.
    let sections = help_sections(&data, l, &ctx.framework().options().commands);
    for message in pack(&sections, MAX_CONTENT) {
        private(ctx, message).await?;
    }
    Ok(())
}

/// The sections of `/help` in `l`, for the commands `commands`: each
/// command (a group by its subcommands) as "`/name` — description" under
/// its localized name, then the moves and the match.
pub fn help_sections(
    data: &Data,
    l: Locale,
    commands: &[poise::Command<std::sync::Arc<Data>, Error>],
) -> Vec<String> {
    let catalog = data.catalog();
    let none = Args::new();
    let mut lines = Vec::new();
    for c in commands {
        if c.slash_action.is_none() && c.subcommands.is_empty() {
            // A user command (a member's Apps menu) is no slash command:
            // its line says where it is.
            if let Some(m) = Id::find(&c.name) {
                let name = catalog.text(l, m, &none);
                let args = Args::new().set("name", name);
                lines.push(catalog.text(l, id::HELP_USER_COMMAND, &args));
            }
        } else if c.subcommands.is_empty() {
            if let Some(m) = Id::find(&c.name) {
                let name = command_mention(data, l, &c.name);
                let description = catalog.attr(l, m, "description", &none);
                lines.push(format!("{name} — {description}"));
            }
        } else {
            let parent = Id::find(&c.name).map(|m| catalog.text(l, m, &none));
            for s in &c.subcommands {
                let key = format!("{}-{}", c.name, s.name);
                if let (Some(m), Some(_)) = (Id::find(&key), &parent) {
                    let name = command_mention(data, l, &format!("{} {}", c.name, s.name));
                    let description = catalog.attr(l, m, "description", &none);
                    lines.push(format!("{name} — {description}"));
                }
            }
        }
    }
    let mut moves = catalog.text(l, id::HELP_MOVES, &none);
    if !data.message_content.load(Ordering::SeqCst) {
        moves = format!("{moves}\n{}", catalog.text(l, id::HELP_MOVES_REPLY, &none));
    }
    // Playing the bot is a challenge to it, which nothing else suggests.
    let bot = data.bot_user().map_or(0, |b| b.0);
    let bot = Args::new().set("bot", crate::i18n::Value::mention(bot, "fourbot"));
    moves = format!("{moves}\n{}", catalog.text(l, id::HELP_PLAY_BOT, &bot));
    let title = |m| format!("**{}**", catalog.text(l, m, &none));
    vec![
        format!("{}\n{}", title(id::HELP_COMMANDS_TITLE), lines.join("\n")),
        format!("{}\n{moves}", title(id::HELP_MOVES_TITLE)),
        format!(
            "{}\n{}",
            title(id::HELP_MATCH_TITLE),
            catalog.text(l, id::HELP_MATCH, &none)
        ),
    ]
}
