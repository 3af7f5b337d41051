//! Settings kept per server (`/config`) and per player (`/settings`): the
//! server's match rules and language, a player's language override and
//! confirm-before-drop (docs/discord.md).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use fourbot_i18n::Locale;
use fourbot_store::{Db, GuildSettings, PlayerSettings};
use hashlink::LruCache;
use tokio::time::Instant;

use super::denial::Denial;
use super::limits::Bounds;
use super::moderation::{ConfigField, ModAction, ModLog, Moderator};
use super::present::Seated;
use super::terms::{apply_config, ConfigChange};
use super::view::{GuildId, UserId};

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

/// How long a player's settings read from the store are used without
/// reading them again. A button press needs them before it can be
/// acknowledged (a preview or a plain acknowledgement; the reply's
/// language), so they are kept rather than read on every press, and a
/// press never waits for the store for a player it has seen: once this
/// time is over, the kept settings still answer and are read again in
/// the background. A change made through this process applies at once,
/// one made through another process on the same database from the first
/// press after this time.
pub const PLAYER_SETTINGS_TTL: Duration = Duration::from_secs(60);

/// How many players' settings are kept (the least recently used go first;
/// about 64 bytes each).
pub const PLAYER_SETTINGS_KEPT: usize = 20_000;

/// A player's settings as the front end reads them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Kept {
    confirm_drop: bool,
    language: Option<Locale>,
}

/// A player's kept settings: read (or changed) at `at`, entry `number`.
#[derive(Clone, Copy, Debug)]
struct Entry {
    kept: Kept,
    at: Instant,
    number: u64,
}

/// The settings of one store. Cheap to clone.
#[derive(Clone)]
pub struct Settings {
    db: Db,
    /// Players' settings as read at an instant ([`PLAYER_SETTINGS_TTL`]).
    players: Arc<Mutex<LruCache<UserId, Entry>>>,
    /// Numbers the entries, so that a background read only replaces the
    /// entry it was started for (not a change made meanwhile).
    entries: Arc<AtomicU64>,
    /// The operator's bounds on the servers' limits.
    bounds: Bounds,
    /// Where moderators' changes are logged (none in some tests).
    modlog: Option<ModLog>,
}

impl Settings {
    /// The settings kept in `db`.
    pub fn new(db: Db) -> Settings {
        Settings {
            db,
            players: Arc::new(Mutex::new(LruCache::new(PLAYER_SETTINGS_KEPT))),
            entries: Arc::new(AtomicU64::new(0)),
            bounds: Bounds::default(),
            modlog: None,
        }
    }

    /// These settings with moderators' changes logged in `modlog`.
    pub fn with_modlog(mut self, modlog: ModLog) -> Settings {
        self.modlog = Some(modlog);
        self
    }

    /// These settings with the operator's `bounds` on the servers' limits
    /// (default: [`Bounds::default`]).
    pub fn with_bounds(mut self, bounds: Bounds) -> Settings {
        self.bounds = bounds;
        self
    }

    /// The operator's bounds on the servers' limits.
    pub fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    /// The settings of Discord user `user`: kept ones if any — read again
    /// in the background once older than [`PLAYER_SETTINGS_TTL`], so that
    /// no press waits behind the store's writer for them — else read from
    /// the store (a store failure, or a user the store does not know,
    /// reads as the defaults, and is not kept if it failed).
    async fn player(&self, user: UserId) -> Kept {
        let now = Instant::now();
        let entry = self.players.lock().expect("lock").get(&user).copied();
        match entry {
            Some(e) if now.duration_since(e.at) < PLAYER_SETTINGS_TTL => e.kept,
            Some(e) => {
                // Stamped now so that one read runs, not one per press.
                let stamped = self.keep(user, e.kept, now);
                let this = self.clone();
                tokio::spawn(async move {
                    this.read(user, Some(stamped)).await;
                });
                e.kept
            }
            None => self.read(user, None).await.unwrap_or_default(),
        }
    }

    /// Reads the settings of those of `users` not kept yet, in the
    /// background, so that their first press finds them kept: a press
    /// needs them before it is acknowledged, and a read waits behind the
    /// store's writer (at 1,000 matches one press in twenty was a player's
    /// first, and those made the acknowledgements' slowest percent,
    /// docs/benchmarks.md). For the players of a match that starts or is
    /// restored.
    pub fn prefetch(&self, users: impl IntoIterator<Item = UserId>) {
        let missing: Vec<UserId> = {
            let players = self.players.lock().expect("lock");
            users
                .into_iter()
                .filter(|u| !players.contains_key(u))
                .collect()
        };
        if missing.is_empty() {
            return;
        }
        let this = self.clone();
        tokio::spawn(async move {
            for user in missing {
                this.read(user, None).await;
            }
        });
    }

    /// Whether `user`'s settings are kept (a press would not wait for the
    /// store for them).
    pub fn is_kept(&self, user: UserId) -> bool {
        self.players.lock().expect("lock").contains_key(&user)
    }

    /// Keeps `kept` as `user`'s settings read at `at`; the entry's number.
    fn keep(&self, user: UserId, kept: Kept, at: Instant) -> u64 {
        let number = self.entries.fetch_add(1, Ordering::Relaxed);
        let entry = Entry { kept, at, number };
        self.players.lock().expect("lock").insert(user, entry);
        number
    }

    /// Reads `user`'s settings from the store and keeps them in place of
    /// entry `replacing` (`None`: in place of no entry) — not in place of
    /// a change made through this process while the store was read.
    /// `None` if the store failed (nothing kept then).
    async fn read(&self, user: UserId, replacing: Option<u64>) -> Option<Kept> {
        let at = Instant::now();
        let read = match self.db.find_discord_player(user.0).await {
            Ok(None) => Ok(PlayerSettings::default()),
            Ok(Some(player)) => self.db.player_settings(player).await,
            Err(e) => Err(e),
        };
        let s = read.ok()?;
        let kept = Kept {
            confirm_drop: s.confirm_drop,
            language: s.language.and_then(|l| l.parse().ok()),
        };
        let mut players = self.players.lock().expect("lock");
        if players.peek(&user).map(|e| e.number) == replacing {
            let number = self.entries.fetch_add(1, Ordering::Relaxed);
            players.insert(user, Entry { kept, at, number });
        }
        Some(kept)
    }

    /// A server's settings, or the defaults when they cannot be read
    /// (logged).
    pub async fn guild(&self, guild: GuildId) -> GuildSettings {
        self.db.guild_settings(guild.0).await.unwrap_or_else(|e| {
            tracing::error!(error = %e, guild = guild.0, "reading the server settings failed");
            GuildSettings::new(guild.0)
        })
    }

    /// Applies moderator `by`'s `/config` change to `guild` and stores it
    /// (an empty change stores nothing; a change of anything is logged,
    /// [`ModAction::Config`]); the settings as they are now, and whether
    /// anyone (not only moderators) may create tournaments.
    ///
    /// # Errors
    /// The change refused ([`apply_config`], a limit beyond the operator's
    /// bound among them; nothing stored), or the store
    /// failed.
    pub async fn configure(
        &self,
        guild: GuildId,
        change: &ConfigChange,
        by: &Moderator,
    ) -> Result<(GuildSettings, bool), Denial> {
        let current = self.guild(guild).await;
        let settings = apply_config(&current, change, &self.bounds)?;
        let stored = |e: fourbot_store::StoreError| {
            tracing::error!(error = %e, guild = guild.0, "storing the server settings failed");
            Denial::internal()
        };
        let mut fields = ConfigField::changed(&current, &settings);
        if !fields.is_empty() {
            self.db
                .set_guild_settings(&settings)
                .await
                .map_err(stored)?;
        }
        let before = self
            .db
            .tournaments_by_anyone(guild.0)
            .await
            .unwrap_or(false);
        let anyone = change.tournaments.unwrap_or(before);
        if anyone != before {
            self.db
                .set_tournaments_by_anyone(guild.0, anyone)
                .await
                .map_err(stored)?;
            fields.push(ConfigField::Tournaments);
        }
        if let (false, Some(modlog)) = (fields.is_empty(), &self.modlog) {
            let action = ModAction::Config {
                fields,
                settings: Box::new(settings.clone()),
                anyone,
                was_logged_in: current.modlog_channel,
            };
            modlog.record(guild, by, action).await;
        }
        Ok((settings, anyone))
    }

    /// The language a player chose for replies to them (`/settings`), if
    /// any. A store failure counts as no choice. Kept, and read again after
    /// [`PLAYER_SETTINGS_TTL`] without waiting for it.
    pub async fn language_override(&self, user: UserId) -> Option<Locale> {
        self.player(user).await.language
    }

    /// Whether a player asked to confirm before dropping. A store failure
    /// counts as no. Kept, and read again after [`PLAYER_SETTINGS_TTL`]
    /// without waiting for it.
    pub async fn confirm_drop(&self, user: UserId) -> bool {
        self.player(user).await.confirm_drop
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
        // Showing the settings writes nothing: a user the store has never
        // seen has the defaults.
        let player = if change.is_empty() {
            match self.db.find_discord_player(user.id.0).await.map_err(fail)? {
                Some(p) => p,
                None => return Ok(PlayerSettings::default()),
            }
        } else {
            // The user's own name: /settings may come from any server or
            // a direct message, so no server's nickname.
            self.db
                .discord_player(user.id.0, user.own_name())
                .await
                .map_err(fail)?
        };
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
        let kept = Kept {
            confirm_drop: s.confirm_drop,
            language: s.language.as_deref().and_then(|l| l.parse().ok()),
        };
        self.keep(user.id, kept, Instant::now());
        Ok(s)
    }
}
