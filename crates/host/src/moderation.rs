//! The moderation log (issue 35 §6; docs/discord.md, "Moderation log"):
//! every moderator action — a ladder ban or unban, a void, an abort, a new
//! season, a change of the server settings, a tournament cancelled, an
//! entrant taken out, a tournament result voided — is stored with who did
//! it, when and why ([`ModLog::record`]), by the service that did it, and,
//! when the server has a log channel (`/config modlog`), handed to the
//! front end to post there ([`ModLogPost`]). Only actions that changed
//! something are logged (a ban of a member already banned is not).

use std::sync::Arc;

use fourbot_i18n::{id, Locale, Message, Value};
use fourbot_store::{Db, GuildSettings, ModerationRecord, TournamentId};
use tokio::sync::mpsc;

use super::clock::WallClock;
use super::limits::Limit;
use super::present::Seated;
use super::view::{GuildId, MatchId};

/// The most characters of a reason stored (Discord's audit log keeps 512);
/// the log shows at most [`fourbot_i18n::TYPED_CAP`] of them.
pub const REASON_STORED: usize = 512;

/// Who acts as a moderator, and the reason they gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moderator {
    /// The moderator.
    pub person: Seated,
    /// Their reason as typed (trimmed, at most [`REASON_STORED`]
    /// characters); `None` when none was given.
    pub reason: Option<String>,
}

impl Moderator {
    /// `person` acting for `reason` (blank reads as none).
    pub fn new(person: Seated, reason: Option<&str>) -> Moderator {
        let reason = reason
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|r| r.chars().take(REASON_STORED).collect());
        Moderator { person, reason }
    }
}

/// A setting `/config` shows, as changed by a moderator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfigField {
    /// The default time control.
    Time,
    /// The abort window.
    AbortWindow,
    /// How long a challenge stays open.
    ChallengeExpiry,
    /// The variants allowed.
    Variants,
    /// The match channel.
    Channel,
    /// The language of public messages.
    Language,
    /// The moderation log's channel.
    ModLog,
    /// Who may create tournaments.
    Tournaments,
    /// Whether the server's matches are on the web.
    Web,
    /// One of the limits.
    Limit(Limit),
}

impl ConfigField {
    /// The settings in which `old` and `new` differ, in the order `/config`
    /// shows them.
    pub fn changed(old: &GuildSettings, new: &GuildSettings) -> Vec<ConfigField> {
        let mut fields = Vec::new();
        let mut differ = |field, changed: bool| {
            if changed {
                fields.push(field);
            }
        };
        differ(ConfigField::Time, old.clock.control != new.clock.control);
        differ(
            ConfigField::AbortWindow,
            old.clock.abort_ms != new.clock.abort_ms,
        );
        differ(
            ConfigField::ChallengeExpiry,
            old.challenge_expiry_ms != new.challenge_expiry_ms,
        );
        differ(ConfigField::Variants, old.variants != new.variants);
        differ(ConfigField::Channel, old.match_channel != new.match_channel);
        differ(ConfigField::Language, old.locale != new.locale);
        differ(
            ConfigField::ModLog,
            old.modlog_channel != new.modlog_channel,
        );
        differ(ConfigField::Web, old.web != new.web);
        for limit in Limit::ALL {
            differ(
                ConfigField::Limit(limit),
                limit.of(&old.limits) != limit.of(&new.limits),
            );
        }
        fields
    }
}

/// A moderator action that changed something.
#[derive(Clone, Debug, PartialEq)]
pub enum ModAction {
    /// `player` barred from rated matches.
    Ban {
        /// The member banned.
        player: Seated,
    },
    /// `player`'s ban lifted.
    Unban {
        /// The member.
        player: Seated,
    },
    /// Match `id` voided: its rating changes undone.
    Void {
        /// The match.
        id: MatchId,
    },
    /// Running match `id` aborted without a result.
    Abort {
        /// The match.
        id: MatchId,
    },
    /// A new ladder season, `season`.
    Season {
        /// Its number.
        season: u32,
    },
    /// The server settings changed: `fields` of them, now as in
    /// `settings` (`anyone`: whether anyone may create tournaments).
    Config {
        /// What changed.
        fields: Vec<ConfigField>,
        /// The settings after the change.
        settings: Box<GuildSettings>,
        /// Who may create tournaments after the change: anyone (`true`).
        anyone: bool,
        /// The log channel before the change: a log switched off
        /// (`modlog-off`) says so there, its last entry.
        was_logged_in: Option<u64>,
    },
    /// Tournament `id` cancelled.
    TournamentCancel {
        /// The tournament.
        id: TournamentId,
    },
    /// `player` taken out of tournament `id`.
    TournamentRemove {
        /// The tournament.
        id: TournamentId,
        /// The entrant.
        player: Seated,
    },
    /// The result of `round`, `board` of tournament `id` voided.
    TournamentVoid {
        /// The tournament.
        id: TournamentId,
        /// The round (from 1).
        round: u32,
        /// The board (from 1).
        board: u32,
    },
}

impl ModAction {
    /// The key stored with the action (`moderation_actions.action`).
    pub fn key(&self) -> &'static str {
        match self {
            ModAction::Ban { .. } => "ban",
            ModAction::Unban { .. } => "unban",
            ModAction::Void { .. } => "void",
            ModAction::Abort { .. } => "abort",
            ModAction::Season { .. } => "season",
            ModAction::Config { .. } => "config",
            ModAction::TournamentCancel { .. } => "tournament-cancel",
            ModAction::TournamentRemove { .. } => "tournament-remove",
            ModAction::TournamentVoid { .. } => "tournament-void",
        }
    }

    /// The member acted on, if any.
    fn player(&self) -> Option<&Seated> {
        match self {
            ModAction::Ban { player }
            | ModAction::Unban { player }
            | ModAction::TournamentRemove { player, .. } => Some(player),
            _ => None,
        }
    }

    /// What was acted on, as stored (`moderation_actions.subject`).
    fn subject(&self) -> Option<String> {
        match self {
            ModAction::Ban { .. } | ModAction::Unban { .. } => None,
            ModAction::Void { id } | ModAction::Abort { id } => Some(id.to_string()),
            ModAction::Season { season } => Some(season.to_string()),
            ModAction::Config { fields, .. } => Some(
                fields
                    .iter()
                    .map(|f| format!("{f:?}"))
                    .collect::<Vec<_>>()
                    .join(","),
            ),
            ModAction::TournamentCancel { id } | ModAction::TournamentRemove { id, .. } => {
                Some(id.to_string())
            }
            ModAction::TournamentVoid { id, round, board } => {
                Some(format!("{id} round {round} board {board}"))
            }
        }
    }

    /// The log's line for this action by `by` (its first line; the reason
    /// and, for the settings, what they are now follow).
    pub fn message(&self, by: &Seated) -> Message {
        let who = |m: Message| m.with("moderator", Value::mention(by.id.0, by.name.clone()));
        let mention = |p: &Seated| Value::mention(p.id.0, p.name.clone());
        match self {
            ModAction::Ban { player } => {
                who(Message::new(id::MODLOG_BAN)).with("player", mention(player))
            }
            ModAction::Unban { player } => {
                who(Message::new(id::MODLOG_UNBAN)).with("player", mention(player))
            }
            ModAction::Void { id } => who(Message::new(id::MODLOG_VOID)).with("id", id.to_string()),
            ModAction::Abort { id } => {
                who(Message::new(id::MODLOG_ABORT)).with("id", id.to_string())
            }
            ModAction::Season { season } => {
                who(Message::new(id::MODLOG_SEASON)).with("season", i64::from(*season))
            }
            ModAction::Config { .. } => who(Message::new(id::MODLOG_CONFIG)),
            ModAction::TournamentCancel { id } => {
                who(Message::new(id::MODLOG_TOURNAMENT_CANCEL)).with("tournament", id.0)
            }
            ModAction::TournamentRemove { id, player } => {
                who(Message::new(id::MODLOG_TOURNAMENT_REMOVE))
                    .with("tournament", id.0)
                    .with("player", mention(player))
            }
            ModAction::TournamentVoid { id, round, board } => {
                who(Message::new(id::MODLOG_TOURNAMENT_VOID))
                    .with("tournament", id.0)
                    .with("round", i64::from(*round))
                    .with("board", i64::from(*board))
            }
        }
    }
}

/// A logged action for the front end to post in its server's log channel.
#[derive(Clone, Debug, PartialEq)]
pub struct ModLogPost {
    /// The server.
    pub guild: GuildId,
    /// The log channel (a Discord channel id).
    pub channel: u64,
    /// The language of the server's public messages (`/config language`;
    /// [`Locale::FALLBACK`] when none was chosen).
    pub locale: Locale,
    /// What was done.
    pub action: ModAction,
    /// The action's line ([`ModAction::message`]).
    pub message: Message,
    /// The reason line: the reason given, or that none was.
    pub reason: Message,
    /// The moderator (their user id), whom the line mentions without
    /// pinging.
    pub moderator: u64,
}

/// The moderation log of one store. Cheap to clone.
#[derive(Clone)]
pub struct ModLog {
    db: Db,
    clock: WallClock,
    posts: Arc<mpsc::UnboundedSender<ModLogPost>>,
}

impl ModLog {
    /// The log kept in `db`, stamped by `clock`; the receiver gets what is
    /// to be posted.
    pub fn new(db: Db, clock: WallClock) -> (ModLog, mpsc::UnboundedReceiver<ModLogPost>) {
        let (tx, rx) = mpsc::unbounded_channel();
        (
            ModLog {
                db,
                clock,
                posts: Arc::new(tx),
            },
            rx,
        )
    }

    /// Stores `action` done by `by` in `guild` and, when the server has a
    /// log channel, hands it to the front end to post. The action is done
    /// already: a store failure is logged, not returned.
    pub async fn record(&self, guild: GuildId, by: &Moderator, action: ModAction) {
        let record = ModerationRecord {
            guild: guild.0,
            unix_ms: self.clock.unix_ms(),
            moderator: by.person.id.0,
            action: action.key().to_string(),
            user: action.player().map(|p| p.id.0),
            subject: action.subject(),
            reason: by.reason.clone(),
        };
        if let Err(e) = self.db.record_moderation(&record).await {
            tracing::error!(error = %e, guild = guild.0, action = action.key(), "storing a moderator action failed");
        }
        let settings = match &action {
            ModAction::Config { settings, .. } => Ok((**settings).clone()),
            _ => self.db.guild_settings(guild.0).await,
        };
        let settings = match settings {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(error = %e, guild = guild.0, "reading the moderation log's channel failed");
                return;
            }
        };
        let was_logged_in = match &action {
            ModAction::Config { was_logged_in, .. } => *was_logged_in,
            _ => None,
        };
        let Some(channel) = settings.modlog_channel.or(was_logged_in) else {
            return;
        };
        let reason = match &by.reason {
            Some(r) => Message::new(id::MODLOG_REASON).with("reason", Value::Typed(r.clone())),
            None => Message::new(id::MODLOG_NO_REASON),
        };
        let post = ModLogPost {
            guild,
            channel,
            locale: settings
                .locale
                .as_deref()
                .and_then(|l| l.parse().ok())
                .unwrap_or(Locale::FALLBACK),
            message: action.message(&by.person),
            action,
            reason,
            moderator: by.person.id.0,
        };
        let _ = self.posts.send(post);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::NameSource;
    use crate::view::UserId;
    use fourbot_i18n::{Catalog, NameStyle};

    fn seated(id: u64, name: &str) -> Seated {
        Seated {
            id: UserId(id),
            name: name.into(),
            ai_level: None,
            source: NameSource::Stored,
        }
    }

    #[test]
    fn a_reason_is_trimmed_capped_and_blank_reads_as_none() {
        let m = Moderator::new(seated(1, "mod"), Some("  "));
        assert_eq!(m.reason, None);
        let m = Moderator::new(seated(1, "mod"), Some(&"y".repeat(2000)));
        assert_eq!(m.reason.unwrap().chars().count(), REASON_STORED);
    }

    #[test]
    fn only_the_settings_that_differ_are_named_in_the_order_config_shows_them() {
        let old = GuildSettings::new(5);
        let mut new = old.clone();
        new.modlog_channel = Some(9);
        new.variants = vec![fourbot_core::game::Variant::Popout];
        new.limits.analyses = Some(2);
        new.web = true;
        assert_eq!(
            ConfigField::changed(&old, &new),
            vec![
                ConfigField::Variants,
                ConfigField::ModLog,
                ConfigField::Web,
                ConfigField::Limit(Limit::Analyses)
            ]
        );
        assert!(ConfigField::changed(&old, &old).is_empty());
    }

    #[test]
    fn a_log_line_mentions_without_markup_from_names_and_in_the_servers_language() {
        let discord = Catalog::new().unwrap().with_names(NameStyle::Discord);
        let by = seated(42, "mod");
        let ban = ModAction::Ban {
            player: seated(7, "@everyone"),
        };
        let en = discord.render(Locale::EnUs, &ban.message(&by));
        assert_eq!(en, "🔨 <@42> banned <@7> from the ladder.");
        let de = discord.render(Locale::De, &ban.message(&by));
        assert!(de.contains("<@7>") && de.contains("gesperrt"), "{de}");
        // Off Discord the names show, shaped.
        let plain = Catalog::new().unwrap();
        let text = plain.render(Locale::EnUs, &ban.message(&by));
        assert_eq!(text, "🔨 mod banned @everyone from the ladder.");
        let reason = Message::new(id::MODLOG_REASON).with(
            "reason",
            Value::Typed("@here [x](https://e.example)".into()),
        );
        let shown = discord.render(Locale::EnUs, &reason);
        assert!(
            !shown.contains("@here") && !shown.contains("https://"),
            "{shown}"
        );
    }
}
