//! Settings kept per server (`/config`) and per player (`/settings`): the
//! server's match rules and language, a player's language override and
//! confirm-before-drop (docs/discord.md).

use fourbot_i18n::Locale;
use fourbot_store::{Db, GuildSettings, PlayerSettings};

use super::denial::Denial;
use super::present::Seated;
use super::terms::{apply_config, ConfigChange};
use super::view::UserId;

/// What a player changes with `/settings` (each `None` stays).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerChange {
    /// Confirm before dropping.
    pub confirm_drop: Option<bool>,
    /// The language of replies to them: `Some(None)` is Discord's.
    pub language: Option<Option<Locale>>,
}

impl PlayerChange {
    /// Whether it changes anything.
    pub fn is_empty(&self) -> bool {
        *self == PlayerChange::default()
    }
}

/// The settings of one store. Cheap to clone.
#[derive(Clone)]
pub struct Settings {
    db: Db,
}

impl Settings {
    /// The settings kept in `db`.
    pub fn new(db: Db) -> Settings {
        Settings { db }
    }

    /// A server's settings, or the defaults when they cannot be read
    /// (logged).
    pub async fn guild(&self, guild: u64) -> GuildSettings {
        self.db.guild_settings(guild).await.unwrap_or_else(|e| {
            tracing::error!(error = %e, guild, "reading the server settings failed");
            GuildSettings::new(guild)
        })
    }

    /// Applies a moderator's `/config` change to `guild` and stores it
    /// (an empty change stores nothing); the settings as they are now.
    ///
    /// # Errors
    /// The change refused ([`apply_config`]; nothing stored), or the store
    /// failed.
    pub async fn configure(
        &self,
        guild: u64,
        change: &ConfigChange,
    ) -> Result<GuildSettings, Denial> {
        let current = self.guild(guild).await;
        let settings = apply_config(&current, change)?;
        if !change.is_empty() {
            self.db.set_guild_settings(&settings).await.map_err(|e| {
                tracing::error!(error = %e, guild, "storing the server settings failed");
                Denial::internal()
            })?;
        }
        Ok(settings)
    }

    /// The language a player chose for replies to them (`/settings`), if
    /// any. A store failure counts as no choice.
    pub async fn language_override(&self, user: UserId) -> Option<Locale> {
        let player = self.db.find_discord_player(user.0).await.ok().flatten()?;
        self.db
            .player_settings(player)
            .await
            .ok()
            .and_then(|s| s.language)
            .and_then(|l| l.parse().ok())
    }

    /// Whether a player asked to confirm before dropping. A store failure
    /// counts as no.
    pub async fn confirm_drop(&self, user: UserId) -> bool {
        let Some(player) = self.db.find_discord_player(user.0).await.ok().flatten() else {
            return false;
        };
        self.db
            .player_settings(player)
            .await
            .map(|s| s.confirm_drop)
            .unwrap_or(false)
    }

    /// Applies `change` to the settings of Discord user `user` (the same on
    /// every server) and stores it (an empty change stores nothing); the
    /// settings as they are now.
    ///
    /// # Errors
    /// The store failed.
    pub async fn change_player(
        &self,
        user: &Seated,
        change: PlayerChange,
    ) -> Result<PlayerSettings, Denial> {
        let fail = |e| {
            tracing::error!(error = %e, "player settings failed");
            Denial::internal()
        };
        let player = self
            .db
            .discord_player(user.id.0, &user.name)
            .await
            .map_err(fail)?;
        let mut s = self.db.player_settings(player).await.map_err(fail)?;
        if let Some(c) = change.confirm_drop {
            s.confirm_drop = c;
        }
        if let Some(language) = change.language {
            s.language = language.map(|l| l.tag().to_string());
        }
        if !change.is_empty() {
            self.db
                .set_player_settings(player, &s)
                .await
                .map_err(fail)?;
        }
        Ok(s)
    }
}
