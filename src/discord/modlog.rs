//! Posts the moderation log (issue 35 §6; docs/discord.md "Moderation
//! log"): each moderator action the host logged ([`ModLogPost`]) becomes
//! one message in its server's log channel, in the server's language,
//! naming the moderator and the member as mentions that ping nobody.

use std::sync::Arc;

use serenity::all::{ChannelId, CreateMessage};
use serenity::http::Route;
use tokio::sync::mpsc;

use crate::host::moderation::{ModAction, ModLogPost};
use crate::i18n::Catalog;

use super::commands::moderation::settings_lines;
use super::data::Data;
use super::messages::{clip, mentions_only};
use super::rest::with_retries;

/// Posts every logged action until the host closes the log, one after
/// the other (moderator actions are rare; order matters in a log).
pub async fn run(data: Arc<Data>, mut posts: mpsc::UnboundedReceiver<ModLogPost>) {
    while let Some(post) = posts.recv().await {
        let text = entry_text(data.catalog(), data.settings.bounds(), &post);
        let channel = ChannelId::new(post.channel.max(1));
        let message = CreateMessage::new()
            .content(text)
            .allowed_mentions(mentions_only(&[]));
        let route = Route::ChannelMessages {
            channel_id: channel,
        };
        let sent = with_retries("post in the moderation log", || {
            data.rest.paced(route, |http| {
                let message = message.clone();
                async move { channel.send_message(http, message).await }
            })
        })
        .await;
        if let Err(e) = sent {
            // Stored all the same; `fourbot check` names a channel the bot
            // may not post in.
            tracing::warn!(error = %e, guild = post.guild.0, channel = post.channel, action = post.action.key(), "posting in the moderation log failed");
        }
    }
}

/// The log entry of `post` as posted: the action, then (for the
/// settings) each changed setting as `/config` shows it now, then the
/// reason; within Discord's 2,000 characters.
pub fn entry_text(
    catalog: &Catalog,
    bounds: &crate::host::limits::Bounds,
    post: &ModLogPost,
) -> String {
    let l = post.locale;
    let mut lines = vec![catalog.render(l, &post.message)];
    if let ModAction::Config {
        fields,
        settings,
        anyone,
        ..
    } = &post.action
    {
        lines.extend(
            settings_lines(catalog, l, settings, bounds, *anyone)
                .into_iter()
                .filter(|(field, _)| fields.contains(field))
                .map(|(_, line)| format!("- {line}")),
        );
    }
    lines.push(catalog.render(l, &post.reason));
    clip(&lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::limits::Bounds;
    use crate::host::moderation::{ConfigField, ModAction, Moderator};
    use crate::host::GuildSettings;
    use crate::host::{GuildId, NameSource, Seated, UserId};
    use crate::i18n::{id, Locale, Message, NameStyle, Value};

    #[test]
    fn a_settings_entry_lists_what_changed_as_config_shows_it_and_the_reason() {
        let catalog = Catalog::new().unwrap().with_names(NameStyle::Discord);
        let by = Moderator::new(
            Seated {
                id: UserId(42),
                name: "mod".into(),
                ai_level: None,
                source: NameSource::Stored,
            },
            Some("raid"),
        );
        let mut settings = GuildSettings::new(1);
        settings.modlog_channel = Some(9);
        let action = ModAction::Config {
            fields: vec![ConfigField::ModLog, ConfigField::Tournaments],
            settings: Box::new(settings),
            anyone: true,
            was_logged_in: None,
        };
        let post = ModLogPost {
            guild: GuildId(1),
            channel: 9,
            locale: Locale::EnUs,
            message: action.message(&by.person),
            action,
            reason: Message::new(id::MODLOG_REASON).with("reason", Value::Typed("raid".into())),
            moderator: 42,
        };
        let text = entry_text(&catalog, &Bounds::default(), &post);
        assert_eq!(
            text,
            "⚙️ <@42> changed the server settings:\n- Moderation log: <#9>\n\
             - Tournaments: anyone may create one.\nReason: raid"
        );
    }
}
