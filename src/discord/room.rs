//! Whether a match can open where an offer is made: the channel's type and
//! the bot's permissions there, read from the interaction (`channel.type`
//! and `app_permissions`; discord-api-docs
//! `interactions/receiving-and-responding`, "Interaction Object"), so that
//! no challenge or seek is posted whose thread cannot open.

use fourbot_i18n::{id, Id};
use serenity::all::{ChannelType, Permissions};

use crate::host::Denial;

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

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Permissions {
        NEEDED.iter().fold(Permissions::empty(), |a, (p, _)| a | *p)
    }

    fn name(m: Id) -> String {
        m.as_str().to_string()
    }

    #[test]
    fn a_text_channel_with_every_permission_opens_a_match() {
        for kind in [ChannelType::Text, ChannelType::News] {
            assert!(denial(Some(kind), Some(all()), name).is_none());
        }
        assert!(denial(None, None, name).is_none(), "nothing known, nothing refused");
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
