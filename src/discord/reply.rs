//! What every command needs: the reader's language (resolved once per
//! interaction), the seated player of a Discord user, private replies and
//! refusals rendered in the reader's language, and long texts packed into
//! Discord messages.

use poise::CreateReply;
use serenity::all::{
    CreateAttachment, CreateInteractionResponseFollowup, CreateMessage, Member, User,
};

use crate::host::{Denial, GuildId, NameSource, Seated, UserId};
use crate::i18n::{id, Args, Locale};

use super::data::{Context, Data, Error};
use super::messages::{clip, mentions_only};

/// The Discord user of `user`.
pub fn user_id(user: &User) -> UserId {
    UserId(user.id.get())
}

/// The host's name for Discord server `guild`: the one place the adapter
/// turns serenity's guild id into the host's [`GuildId`].
pub fn host_guild(guild: serenity::all::GuildId) -> GuildId {
    GuildId(guild.get())
}

/// A player as seated in a match: the server nickname, else the display
/// name, else the user name (shown as text, never a mention) — the first
/// of them with a visible character: a nickname of zero-width characters
/// only shows the display name instead (and a user with no visible name
/// at all shows as `?`, docs/discord.md "Names in text"). The name is kept
/// as typed; every text shapes it ([`crate::i18n::shape_name`]).
///
/// `member` is the user's member of the server the interaction or message
/// came from, if Discord sent it: with it the seat's [`NameSource`] is
/// [`NameSource::Member`], so the nickname is stored as that server's name
/// for the player only; without it (a user option, a direct message)
/// [`NameSource::User`], and only the user's own name is stored (names
/// per server, docs/store.md).
pub fn seated(user: &User, member: Option<&Member>) -> Seated {
    let visible = |n: &String| {
        crate::i18n::shape_name(n, crate::i18n::NameStyle::Plain) != crate::i18n::NAME_FALLBACK
    };
    let own = user
        .global_name
        .clone()
        .filter(visible)
        .unwrap_or_else(|| user.name.clone());
    let (name, source) = match member {
        Some(m) => {
            let nickname = m.nick.clone().filter(visible);
            (
                nickname.clone().unwrap_or_else(|| own.clone()),
                NameSource::Member {
                    own: own.clone(),
                    nickname,
                },
            )
        }
        None => (own.clone(), NameSource::User { own: own.clone() }),
    };
    Seated {
        id: user_id(user),
        name,
        ai_level: None,
        source,
    }
}

/// [`seated`] for the author of `ctx`, with their member of the server when
/// the command came from one (Discord sends it with every interaction in a
/// server): seated under that server's name for them, which is what the
/// store keeps for that server when they act.
pub fn author_seated(ctx: Context<'_>) -> Seated {
    let member = match ctx {
        poise::Context::Application(a) => a.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    seated(ctx.author(), member)
}

/// The language of a private reply to the user of `ctx`: their
/// `/settings` override (as read before the command), else their Discord
/// client's.
pub fn user_locale(ctx: Context<'_>) -> Locale {
    let chosen = ctx.data().language_override(user_id(ctx.author()));
    Locale::for_user(chosen, ctx.locale().unwrap_or("en-US"))
}

/// [`user_locale`] after reading the override again (for `/settings`,
/// which changes it).
pub async fn reader_locale(ctx: Context<'_>) -> Locale {
    ctx.data().refresh_language(user_id(ctx.author())).await;
    user_locale(ctx)
}

/// Discord's language of the server of `ctx` (`guild_locale`), if it sent
/// one.
pub fn guild_locale(ctx: Context<'_>) -> Option<String> {
    match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.clone(),
        poise::Context::Prefix(_) => None,
    }
}

/// Whether the user of `ctx` may use moderator commands: Manage Server (or
/// Administrator) in the permissions Discord resolved for the interaction.
pub fn is_moderator(ctx: Context<'_>) -> bool {
    let poise::Context::Application(a) = ctx else {
        return false;
    };
    member_moderates(a.interaction.member.as_deref())
}

/// Whether the member of an interaction (a command or a press) may use
/// moderator commands: Manage Server or Administrator in the permissions
/// Discord resolved for it (`member.permissions`, sent with every
/// interaction in a server).
pub fn member_moderates(member: Option<&Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}

/// Command `path` (`challenge`, `ladder abort`) as a text names it: a
/// command mention (`</path:id>`, developers/reference "Message
/// Formatting"), which the client shows as the command and opens on a
/// click, with the id Discord gave at registration ([`Data::command_ids`]);
/// before the ids are known, its name in `l` as code (`` `/herausfordern` ``).
pub fn command_mention(data: &Data, l: Locale, path: &str) -> String {
    let top = path.split(' ').next().unwrap_or(path);
    if let Some(id) = data.command_ids.read().get(top) {
        return format!("</{path}:{id}>");
    }
    let catalog = data.catalog();
    let none = Default::default();
    // A command's message is its name (a subcommand's `<parent>-<sub>`,
    // `register.rs`); a name without one shows as registered.
    let name = |key: &str, shown: &str| {
        crate::i18n::Id::find(key).map_or_else(|| shown.to_string(), |m| catalog.text(l, m, &none))
    };
    let localized: Vec<String> = match path.split_once(' ') {
        None => vec![name(path, path)],
        Some((parent, sub)) => vec![name(parent, parent), name(&format!("{parent}-{sub}"), sub)],
    };
    format!("`/{}`", localized.join(" "))
}

/// A private (ephemeral) reply that pings nobody.
///
/// # Errors
/// Discord refused the reply.
pub async fn private(ctx: Context<'_>, text: String) -> Result<(), Error> {
    ctx.send(
        CreateReply::default()
            .content(clip(&text))
            .ephemeral(true)
            .allowed_mentions(mentions_only(&[])),
    )
    .await?;
    Ok(())
}

/// A private reply with rows of components (selects, buttons) that pings
/// nobody.
///
/// # Errors
/// Discord refused the reply.
pub async fn private_with(
    ctx: Context<'_>,
    text: &str,
    rows: Vec<serenity::all::CreateActionRow>,
) -> Result<(), Error> {
    ctx.send(
        CreateReply::default()
            .content(clip(text))
            .components(rows)
            .ephemeral(true)
            .allowed_mentions(mentions_only(&[])),
    )
    .await?;
    Ok(())
}

/// A private reply with the refusal `denial`, in the reader's language.
///
/// # Errors
/// Discord refused the reply.
pub async fn deny(ctx: Context<'_>, denial: &Denial) -> Result<(), Error> {
    let text = ctx
        .data()
        .catalog()
        .render(user_locale(ctx), denial.message());
    private(ctx, text).await
}

/// The server (Discord guild id) of a server command: one marked
/// `guild_only`, which poise runs only when Discord sent a guild (a call
/// from elsewhere is refused before it runs, `FrameworkError::GuildOnly`,
/// answered by [`super::commands::on_error`]).
///
/// # Panics
/// In a command that is not `guild_only`, called outside a server (a bug:
/// poise then apologizes for the panic).
pub fn guild_of(ctx: Context<'_>) -> GuildId {
    host_guild(ctx.guild_id().expect("a guild_only command has a guild"))
}

/// A private follow-up to an interaction already answered (a press that
/// was acknowledged first).
pub fn private_followup(text: &str) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(clip(text))
        .ephemeral(true)
        .allowed_mentions(mentions_only(&[]))
}

/// The one rule for an answer that comes too late for its interaction
/// (its token, 15 minutes, is spent or Discord refused it): it goes to
/// `user` alone, by direct message ([`super::room::direct_message`],
/// retried like any post on 429 and 5xx), with `files` — the first part of
/// an answer (`first`) after a line in `locale` saying which command it
/// answers and why it comes this way. If Discord refuses the direct
/// message (50007: the user takes none from the bot) — or anything else
/// fails — the answer is dropped and logged with a note. It is never
/// posted in a channel: a private answer stays private (issue 32 §3).
pub async fn late_answer(
    data: &Data,
    user: UserId,
    locale: Locale,
    (command, first): (&str, bool),
    text: &str,
    files: Vec<CreateAttachment>,
) {
    let content = if first {
        let intro = data.catalog().text(
            locale,
            id::LATE_ANSWER,
            &Args::new().set("command", command.to_string()),
        );
        format!("{intro}\n{text}")
    } else {
        text.to_string()
    };
    let mut message = CreateMessage::new();
    if !content.is_empty() {
        message = message.content(clip(&content));
    }
    for f in files {
        message = message.add_file(f);
    }
    let sent = super::rest::with_retries("send a late answer", || {
        super::room::direct_message(&data.rest, user, message.clone())
    })
    .await;
    match sent {
        Ok(()) => tracing::info!(
            command,
            user = user.0,
            "a late answer was sent by direct message"
        ),
        Err(e) if super::rest::is_code(&e, CANNOT_MESSAGE_USER) => tracing::info!(
            command,
            user = user.0,
            "a late answer was dropped: the user takes no direct messages (50007)"
        ),
        Err(e) => tracing::warn!(
            command,
            user = user.0,
            error = %e,
            "a late answer was dropped: the direct message failed"
        ),
    }
}

/// Discord's JSON error code for a direct message the user does not take.
const CANNOT_MESSAGE_USER: isize = 50007;

/// A command's private answer, sent in parts: follow-ups of its
/// interaction while its token may be used, and from the first part that
/// comes too late — [`LEASE_USE_WITHIN`](super::leases::LEASE_USE_WITHIN)
/// after `asked`, or refused by Discord as a spent token — through
/// [`late_answer`] (so every later part goes the same way). For commands
/// that wait in a queue before they answer (`/analyze`, `/replay`).
pub struct PrivateAnswer<'a> {
    ctx: Context<'a>,
    asked: std::time::Instant,
    late: bool,
    /// Parts sent the late way so far.
    sent_late: usize,
    /// A link button for the first part sent in time ([`Self::with_link`]).
    link: Option<super::messages::Link>,
}

impl<'a> PrivateAnswer<'a> {
    /// The answer of the command `ctx`, which started at `asked`.
    pub fn new(ctx: Context<'a>, asked: std::time::Instant) -> PrivateAnswer<'a> {
        PrivateAnswer {
            ctx,
            asked,
            late: false,
            sent_late: 0,
            link: None,
        }
    }

    /// The answer with `link` (a web page, docs/web.md "Links on
    /// Discord") under its first part sent through the token; a late
    /// answer's direct message goes without it.
    #[must_use]
    pub fn with_link(mut self, link: Option<super::messages::Link>) -> PrivateAnswer<'a> {
        self.link = link;
        self
    }

    /// Whether the answer has gone the late way.
    pub fn is_late(&self) -> bool {
        self.late
    }

    /// Sends one part: `text` (may be empty when there are files) and
    /// `files`.
    ///
    /// # Errors
    /// Discord refused a follow-up for another reason than a spent token.
    pub async fn send(&mut self, text: String, files: Vec<CreateAttachment>) -> Result<(), Error> {
        if self.asked.elapsed() >= super::leases::LEASE_USE_WITHIN {
            self.late = true;
        }
        if !self.late {
            let mut reply = CreateReply::default()
                .ephemeral(true)
                .allowed_mentions(mentions_only(&[]));
            if !text.is_empty() {
                reply = reply.content(clip(&text));
            }
            for f in &files {
                reply = reply.attachment(f.clone());
            }
            if let Some(link) = &self.link {
                reply = reply.components(link.after(Vec::new()));
            }
            match self.ctx.send(reply).await {
                Ok(_) => {
                    self.link = None;
                    return Ok(());
                }
                Err(e) if super::rest::token_refused(&e) => self.late = true,
                Err(e) => return Err(e.into()),
            }
        }
        let ctx = self.ctx;
        late_answer(
            ctx.data(),
            user_id(ctx.author()),
            user_locale(ctx),
            (&ctx.command().qualified_name, self.sent_late == 0),
            &text,
            files,
        )
        .await;
        self.sent_late += 1;
        Ok(())
    }
}

/// Joins sections into messages of at most `limit` characters each, in
/// order. A section longer than `limit` is split between messages at its
/// line breaks (a line longer than `limit` at a character), so nothing is
/// clipped: `/help`'s command list in German was one section of more than
/// 2,000 characters, and its end was lost.
pub fn pack(sections: &[String], limit: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // Appends `piece` to the last message after `joint`, if it fits.
    let mut put = |piece: String, joint: &str| match out.last_mut() {
        Some(last) if last.chars().count() + joint.len() + piece.chars().count() <= limit => {
            last.push_str(joint);
            last.push_str(&piece);
        }
        _ => out.push(piece),
    };
    for s in sections {
        if s.chars().count() <= limit {
            put(s.clone(), "\n\n");
            continue;
        }
        for (i, line) in s.lines().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            for (j, part) in chars.chunks(limit.max(1)).enumerate() {
                let joint = match (i, j) {
                    (0, 0) => "\n\n",
                    (_, 0) => "\n",
                    _ => "",
                };
                put(part.iter().collect(), joint);
            }
        }
    }
    out
}

/// Why no match is meant by a match command of `player` in `channel`: the
/// thread is no match's and `player` runs none (`error-no-match-here`), or
/// several, named by their threads (`error-several-matches`), so that the
/// player knows where to use it.
pub fn no_match_meant(data: &Data, player: UserId) -> Denial {
    let running = data.routes.running_of(player);
    if running.len() < 2 {
        return Denial::new(id::ERROR_NO_MATCH_HERE);
    }
    let threads: Vec<String> = running
        .iter()
        .map(|(_, r)| format!("<#{}>", r.thread.get()))
        .collect();
    Denial::new(id::ERROR_SEVERAL_MATCHES).with("threads", threads.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(global: Option<&str>) -> User {
        serde_json::from_value(serde_json::json!({
            "id": "31", "username": "xav", "discriminator": "0",
            "global_name": global, "avatar": null
        }))
        .unwrap()
    }

    fn member(nick: Option<&str>) -> Member {
        serde_json::from_value(serde_json::json!({
            "user": {"id": "31", "username": "xav", "discriminator": "0",
                     "global_name": "xavier", "avatar": null},
            "guild_id": "1", "roles": [], "deaf": false, "mute": false, "flags": 0,
            "joined_at": "2024-01-01T00:00:00.000000+00:00", "nick": nick
        }))
        .unwrap()
    }

    #[test]
    fn a_seat_keeps_its_servers_nickname_apart_from_the_users_own_name() {
        let u = user(Some("xavier"));
        let with_nick = seated(&u, Some(&member(Some("Alpha"))));
        assert_eq!(with_nick.name, "Alpha");
        assert_eq!(
            with_nick.source,
            NameSource::Member {
                own: "xavier".into(),
                nickname: Some("Alpha".into())
            }
        );
        assert_eq!(with_nick.own_name(), "xavier");
        let without = seated(&u, Some(&member(None)));
        assert_eq!(without.name, "xavier");
        assert_eq!(
            without.source,
            NameSource::Member {
                own: "xavier".into(),
                nickname: None
            }
        );
        // A nickname of zero-width characters only is no nickname.
        let invisible = seated(&u, Some(&member(Some("\u{200B}"))));
        assert_eq!(invisible.name, "xavier");
        // No member (a user option, a direct message): the own name only,
        // the user name when there is no display name.
        let bare = seated(&user(None), None);
        assert_eq!(bare.name, "xav");
        assert_eq!(bare.source, NameSource::User { own: "xav".into() });
    }

    #[test]
    fn a_section_longer_than_a_message_is_split_at_its_lines_and_nothing_is_lost() {
        let lines: Vec<String> = (0..30)
            .map(|i| format!("{i:02}{}", "x".repeat(98)))
            .collect();
        let sections = vec!["title".to_string(), lines.join("\n"), "end".to_string()];
        let packed = pack(&sections, 2000);
        assert_eq!(packed.len(), 2, "{packed:?}");
        assert!(packed.iter().all(|m| m.chars().count() <= 2000));
        // Every line whole, in order, once; the title first, "end" last.
        let all = packed.join("\n");
        assert!(all.starts_with("title\n\n00x"), "{all}");
        assert!(all.ends_with("\n\nend"), "{all}");
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(all.matches(line.as_str()).count(), 1, "line {i}");
        }
        assert!(packed[1].starts_with(&lines[19]), "{}", packed[1]);
        // A line longer than a message is cut between messages, not lost.
        let packed = pack(&["y".repeat(4500)], 2000);
        assert_eq!(
            packed.iter().map(|m| m.len()).collect::<Vec<_>>(),
            [2000, 2000, 500]
        );
    }

    #[test]
    fn long_rules_are_split_between_messages() {
        let sections = vec!["a".repeat(1500), "b".repeat(400), "c".repeat(300)];
        let packed = pack(&sections, 2000);
        assert_eq!(packed.len(), 2);
        assert!(packed.iter().all(|m| m.chars().count() <= 2000));
        assert!(packed[0].ends_with('b') && packed[1].starts_with('c'));
    }
}
