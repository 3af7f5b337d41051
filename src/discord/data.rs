//! What every command and event handler shares ([`Data`]), and the poise
//! context and error types of this bot.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::Mutex;

use crate::host::ladder::Ladder;
use crate::host::offers::Offers;
use crate::host::settings::Settings;
use crate::host::tournaments::{TournamentNews, Tournaments};
use crate::host::{GuildId, Host, UserId};
use crate::i18n::{Catalog, Locale};
use crate::play::ClockSettings;

use super::rest::Rest;
use super::routes::Routes;

/// What every command and event handler shares.
pub struct Data {
    /// The matches.
    pub host: Host,
    /// Open challenges and seeks.
    pub offers: Offers,
    /// Ratings, leaderboards, histories, the moderators' ladder changes.
    pub ladder: Ladder,
    /// Tournaments.
    pub tournaments: Tournaments,
    /// The tournaments' news, until the start-up takes them
    /// ([`super::tournament_posts::run`]).
    pub tournament_news: Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<TournamentNews>>>,
    /// Each registered command's id by its name, as Discord gave them at
    /// start-up (empty until then, or when registering failed): `/help`
    /// writes command mentions (`</name:id>`) with them.
    pub command_ids: parking_lot::RwLock<HashMap<String, u64>>,
    /// What the moderation log posts (taken by the start-up,
    /// [`super::modlog::run`]).
    pub modlog_posts:
        Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<crate::host::moderation::ModLogPost>>>,
    /// Server and player settings.
    pub settings: Settings,
    /// Matches ↔ threads.
    pub routes: Arc<Routes>,
    /// The bot's REST requests within Discord's rate limits, and the
    /// clients of interactions.
    pub rest: Arc<Rest>,
    /// Language overrides (`/settings`) of users who acted lately;
    /// refreshed from the settings before every command (a press reads
    /// them from the settings when it answers in words).
    pub language_overrides: Mutex<HashMap<UserId, Locale>>,
    /// Tests only: every new match's clock is divided by this
    /// (`FOURBOT_TEST_TIME_SCALE`, builds with debug assertions).
    pub test_time_scale: Option<u64>,
    /// Whether the gateway sends message content (the Message Content
    /// intent was granted); without it only replies to the bot and messages
    /// that mention it carry their text.
    pub message_content: AtomicBool,
    /// The bot's user, from READY (0 before).
    pub bot_user: AtomicU64,
    /// The shards that have had a READY (the next one is a reconnect).
    pub shards_seen: Mutex<std::collections::HashSet<u32>>,
    /// `/replay`'s GIFs: drawn off the async runtime a few at a time, the
    /// finished matches' kept.
    pub replays: super::pictures::Replays,
    /// `/replay` and `/export` uses of the last minute, per member and per
    /// server (docs/reliability.md, "Limits").
    pub archive_uses: crate::host::limits::PerMinute,
    /// `/analyze` requests waiting or running: at most the operator's
    /// queue length in all, each server's limit per member.
    pub analyses: crate::host::analysis::Analyses,
    /// When this process started: a guild joined later is new
    /// ([`super::welcome::is_new_join`]).
    pub started: serenity::all::Timestamp,
    /// The guilds this process has welcomed (joined after it started;
    /// a few a day), so that a reconnect's GUILD_CREATE does not welcome
    /// them again.
    pub welcomed: Mutex<std::collections::HashSet<u64>>,
    /// The web front end's links, when it runs with a public URL
    /// (`--web`, `--public-url`): a seated player's `/board` offers an
    /// "Open the table" link (docs/web.md, "Playing").
    pub web_links: Option<WebLinks>,
}

/// What makes a seated player's private "Open the table" link.
pub struct WebLinks {
    /// The web front end (it signs the link).
    pub web: fourbot_web::Web,
    /// Where people reach it, without a trailing `/`.
    pub public_url: String,
}

impl WebLinks {
    /// `user`'s signed link to match `id`'s table (valid for
    /// `fourbot_web::ticket::LINK_SECS`).
    pub fn table(&self, id: crate::host::MatchId, user: UserId) -> Option<String> {
        let path = self.web.table_link(id, user)?;
        Some(self.page(&path))
    }

    /// The absolute address of `path` (`/m/12`, from `fourbot_web::paths`).
    pub fn page(&self, path: &str) -> String {
        format!("{}{path}", self.public_url.trim_end_matches('/'))
    }
}

impl Data {
    /// The web's links when they may be shown for `guild`: the web runs
    /// with a public URL and the server's moderators turned it on
    /// (`/config web:on`); otherwise every link would be a 404
    /// (docs/web.md, "Links on Discord").
    pub async fn web_links_for(&self, guild: GuildId) -> Option<&WebLinks> {
        let links = self.web_links.as_ref()?;
        self.settings.guild(guild).await.web.then_some(links)
    }

    /// The absolute address of web page `path` ([`fourbot_web::paths`])
    /// when [`Data::web_links_for`] `guild` allows it.
    pub async fn web_page(&self, guild: GuildId, path: &str) -> Option<String> {
        Some(self.web_links_for(guild).await?.page(path))
    }

    /// A link button to web page `path` ([`fourbot_web::paths`]) with the
    /// words `label` in `l`, when [`Data::web_links_for`] `guild` allows it.
    pub async fn web_link(
        &self,
        guild: GuildId,
        path: &str,
        l: Locale,
        label: crate::i18n::id::Id,
    ) -> Option<super::messages::Link> {
        Some(super::messages::Link {
            url: self.web_page(guild, path).await?,
            label: self.catalog().plain(l, label),
        })
    }

    /// The message catalogue.
    pub fn catalog(&self) -> &Catalog {
        self.host.catalog()
    }

    /// `clock` as a new match gets it: divided by the test time scale, if
    /// one is set.
    pub fn match_clock(&self, clock: ClockSettings) -> ClockSettings {
        match self.test_time_scale {
            Some(d) => ClockSettings {
                control: clock.control.scaled_down(d),
                abort_ms: (clock.abort_ms / d).max(1),
                grace_ms: clock.grace_ms / d,
            },
            None => clock,
        }
    }

    /// Reads `user`'s `/settings` language override into
    /// [`Data::language_overrides`] and returns it.
    pub async fn refresh_language(&self, user: UserId) -> Option<Locale> {
        let chosen = self.settings.language_override(user).await;
        let mut overrides = self.language_overrides.lock();
        match chosen {
            Some(l) => overrides.insert(user, l),
            None => overrides.remove(&user),
        };
        chosen
    }

    /// Records whether the gateway sends message content.
    pub fn set_message_content(&self, on: bool) {
        self.message_content.store(on, Ordering::SeqCst);
    }

    /// Records the bot's user (READY).
    pub fn set_bot_user(&self, user: UserId) {
        self.bot_user.store(user.0, Ordering::SeqCst);
    }

    /// The bot's user, once connected.
    pub fn bot_user(&self) -> Option<UserId> {
        match self.bot_user.load(Ordering::SeqCst) {
            0 => None,
            id => Some(UserId(id)),
        }
    }

    /// `user`'s override as last read.
    pub fn language_override(&self, user: UserId) -> Option<Locale> {
        self.language_overrides.lock().get(&user).copied()
    }
}

/// Errors of command handlers (logged; the user sees a short apology).
pub type Error = anyhow::Error;
/// The poise context of this bot.
pub type Context<'a> = poise::Context<'a, Arc<Data>, Error>;
