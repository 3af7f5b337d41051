//! Whether a match can open where an offer is made: the channel's type and
//! the bot's permissions there, read from the interaction (`channel.type`
//! and `app_permissions`; discord-api-docs
//! `interactions/receiving-and-responding`, "Interaction Object"), so that
//! no challenge or seek is posted whose thread cannot open.

use std::sync::Arc;
use std::time::Duration;

use fourbot_i18n::{id, Args, Id, Locale};
use serenity::all::{
    ChannelId, ChannelType, CreateAllowedMentions, CreateMessage, Permissions,
    UserId as DiscordUser,
};
use serenity::http::Route;
use tokio::sync::mpsc;

use super::data::Data;
use super::messages::clip;
use super::rest::Rest;
use crate::host::{Denial, MatchId, UserId};

/// What the bot needs in the channel a match's thread opens from, each
/// with the message naming it: to see the channel, start the thread on the
/// offer (`resources/channel`, "Start Thread from Message": Create Public
/// Threads), post the turns with their board pictures in it (Send Messages
/// in Threads, Attach Files) and read its last messages after an unclear
/// failure (Read Message History). Threads take their parent's
/// permissions (`topics/threads`, "Permissions").
pub const NEEDED: [(Permissions, Id); 5] = [
    (Permissions::VIEW_CHANNEL, id::PERMISSION_VIEW_CHANNEL),
    (
        Permissions::CREATE_PUBLIC_THREADS,
        id::PERMISSION_CREATE_PUBLIC_THREADS,
    ),
    (
        Permissions::SEND_MESSAGES_IN_THREADS,
        id::PERMISSION_SEND_MESSAGES_IN_THREADS,
    ),
    (Permissions::ATTACH_FILES, id::PERMISSION_ATTACH_FILES),
    (
        Permissions::READ_MESSAGE_HISTORY,
        id::PERMISSION_READ_MESSAGE_HISTORY,
    ),
];

/// The permissions the invite asks for: [`NEEDED`], Send Messages (the
/// usual baseline of a channel the bot is used in) and Manage Threads
/// (recommended: to archive a match's thread at its end and unarchive
/// one Discord archived), as docs/discord.md lists them.
pub fn invite_permissions() -> Permissions {
    NEEDED.iter().fold(
        Permissions::SEND_MESSAGES | Permissions::MANAGE_THREADS,
        |a, (p, _)| a | *p,
    )
}

/// The link that adds the bot of application `id` to a server, with the
/// scopes `bot` and `applications.commands` and
/// [`invite_permissions`] (`topics/oauth2`, "Bot Authorization Flow").
pub fn invite_url(id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={id}&scope=bot+applications.commands&permissions={}",
        invite_permissions().bits()
    )
}

/// Whether a thread can start from a message in a channel of `kind`: text
/// and announcement channels only (Discord answers 50024 "Cannot execute
/// action on this channel type" in forum, media, voice and stage channels
/// and inside a thread; `resources/channel`, "Start Thread from Message").
pub fn opens_threads(kind: ChannelType) -> bool {
    matches!(kind, ChannelType::Text | ChannelType::News)
}

/// Why a match cannot open in a channel of `kind` where the bot has
/// `permissions`, if it cannot: the wrong channel type first, else the
/// missing permissions, named by `name` (the reader's language) and joined
/// with ", ". Unknown type or permissions (a payload without them) refuse
/// nothing: Discord itself will answer then.
pub fn denial(
    kind: Option<ChannelType>,
    permissions: Option<Permissions>,
    name: impl Fn(Id) -> String,
) -> Option<Denial> {
    if kind.is_some_and(|k| !opens_threads(k)) {
        return Some(Denial::new(id::OFFER_WRONG_CHANNEL));
    }
    let have = permissions?;
    // Administrator implies every permission (`topics/permissions`).
    if have.contains(Permissions::ADMINISTRATOR) {
        return None;
    }
    let missing: Vec<String> = NEEDED
        .iter()
        .filter(|(p, _)| !have.contains(*p))
        .map(|(_, m)| name(*m))
        .collect();
    (!missing.is_empty())
        .then(|| Denial::new(id::OFFER_MISSING_PERMISSIONS).with("permissions", missing.join(", ")))
}

/// Aborts each match whose thread the poster found it can no longer post
/// in ([`super::poster::no_access`]): without a result (as a moderator's
/// abort, in the name `by`, the bot's), so that no clock runs on a board
/// nobody sees, and tells its players by direct message — or, for those
/// who take no direct messages (50007), once in the channel the match
/// began in — where and why. Runs until the poster stops.
pub async fn abort_unreachable(
    data: Arc<Data>,
    by: String,
    mut lost: mpsc::UnboundedReceiver<MatchId>,
) {
    while let Some(id) = lost.recv().await {
        let Some(spec) = data.host.spec(id) else {
            continue;
        };
        if let Err(e) = data.host.moderator_abort(id, &by).await {
            // Over already (its end is what could not be posted): nothing
            // runs any more, the players are still told.
            tracing::info!(match_id = %id, error = %e, "an unreachable match was not aborted");
        }
        let Some(route) = data.routes.wait(id, Duration::ZERO).await else {
            continue;
        };
        let names: Vec<String> = spec
            .players
            .iter()
            .map(|p| data.catalog().name(&p.name))
            .collect();
        let humans: Vec<UserId> = spec
            .players
            .iter()
            .filter(|p| p.ai_level.is_none())
            .map(|p| p.id)
            .collect();
        let text = |locale: Locale| {
            let args = Args::new()
                .set("players", names.join(" vs "))
                .set("thread", route.thread.get().to_string());
            clip(
                &data
                    .catalog()
                    .text(locale, id::MATCH_ABORTED_NO_ACCESS, &args),
            )
        };
        let mut undelivered = Vec::new();
        for user in &humans {
            // Each player in their `/settings` language, else the match's.
            let locale = data.settings.language_override(*user).await;
            if let Err(e) = direct(&data.rest, *user, text(locale.unwrap_or(spec.locale))).await {
                tracing::info!(error = %e, "a direct message about an unreachable match failed");
                undelivered.push(*user);
            }
        }
        if !undelivered.is_empty() {
            if let Err(e) =
                in_parent(&data.rest, route.thread, &undelivered, text(spec.locale)).await
            {
                tracing::warn!(match_id = %id, error = %e, "no player could be told that the match was aborted");
            }
        }
    }
}

/// Sends `text` to `user` by direct message ([`direct_message`]).
async fn direct(rest: &Rest, user: UserId, text: String) -> serenity::Result<()> {
    direct_message(rest, user, CreateMessage::new().content(text)).await
}

/// Sends `message` to `user` by direct message, pinging nobody: opens (or
/// finds) the DM channel with them (`POST /users/@me/channels`,
/// <https://discord.com/developers/docs/resources/user#create-dm>), then
/// posts into it. Discord answers the post 403 / 50007 "Cannot send
/// messages to this user" when the user takes no direct messages from the
/// bot (shares no server with it, turned them off, or blocked it).
///
/// # Errors
/// Discord refused either request (50007 among them).
pub async fn direct_message(
    rest: &Rest,
    user: UserId,
    message: CreateMessage,
) -> serenity::Result<()> {
    let dm = rest
        .paced(Route::UserMeDmChannels, |http| {
            DiscordUser::new(user.0).create_dm_channel(http)
        })
        .await?;
    let message = message.allowed_mentions(CreateAllowedMentions::new());
    rest.paced(Route::ChannelMessages { channel_id: dm.id }, |http| {
        dm.id.send_message(http, message)
    })
    .await
    .map(drop)
}

/// Posts `text` once in the channel `thread` was opened in, pinging
/// `users` only.
async fn in_parent(
    rest: &Rest,
    thread: ChannelId,
    users: &[UserId],
    text: String,
) -> serenity::Result<()> {
    let channel = rest
        .paced(Route::Channel { channel_id: thread }, |http| {
            thread.to_channel(http)
        })
        .await?;
    let parent = channel
        .guild()
        .and_then(|c| c.parent_id)
        .ok_or(serenity::Error::Other("the thread has no parent channel"))?;
    let pings: Vec<String> = users.iter().map(|u| format!("<@{}>", u.0)).collect();
    let message = CreateMessage::new()
        .content(clip(&format!("{} {text}", pings.join(" "))))
        .allowed_mentions(
            CreateAllowedMentions::new().users(users.iter().map(|u| DiscordUser::new(u.0))),
        );
    rest.paced(Route::ChannelMessages { channel_id: parent }, |http| {
        parent.send_message(http, message)
    })
    .await
    .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Permissions {
        NEEDED.iter().fold(Permissions::empty(), |a, (p, _)| a | *p)
    }

    #[test]
    fn the_invite_asks_for_the_documented_permissions() {
        // docs/discord.md and the README give this integer.
        assert_eq!(invite_permissions().bits(), 326_417_615_872);
        assert_eq!(
            invite_url(42),
            "https://discord.com/oauth2/authorize?client_id=42&scope=bot+applications.commands&permissions=326417615872"
        );
    }

    fn name(m: Id) -> String {
        m.as_str().to_string()
    }

    #[test]
    fn a_text_channel_with_every_permission_opens_a_match() {
        for kind in [ChannelType::Text, ChannelType::News] {
            assert!(denial(Some(kind), Some(all()), name).is_none());
        }
        assert!(
            denial(None, None, name).is_none(),
            "nothing known, nothing refused"
        );
    }

    #[test]
    fn threads_forums_voice_and_stage_channels_are_refused_before_permissions() {
        for kind in [
            ChannelType::PublicThread,
            ChannelType::PrivateThread,
            ChannelType::NewsThread,
            ChannelType::Forum,
            ChannelType::Voice,
            ChannelType::Stage,
        ] {
            let d = denial(Some(kind), Some(Permissions::empty()), name).expect("refused");
            assert_eq!(d.id(), id::OFFER_WRONG_CHANNEL, "{kind:?}");
        }
    }

    #[test]
    fn each_missing_permission_is_named() {
        for (p, m) in NEEDED {
            let d = denial(Some(ChannelType::Text), Some(all() - p), name).expect("refused");
            assert_eq!(d.id(), id::OFFER_MISSING_PERMISSIONS);
            let args = format!("{:?}", d.message().args);
            for (_, other) in NEEDED {
                assert_eq!(args.contains(other.as_str()), other == m, "{p:?}: {args}");
            }
        }
        let admin = Permissions::ADMINISTRATOR;
        assert!(denial(Some(ChannelType::Text), Some(admin), name).is_none());
    }
}
