//! Guilds and their settings, players and their settings, bans.

use sqlx::Row;

use super::{gid, shown_name, Db, GuildId, PlayerId, StoreError};
use fourbot_core::game::Variant;
use fourbot_core::play::{ClockSettings, TimeControl, MINUTE_MS, SECOND_MS};

/// A guild's settings (`/config`); [`GuildSettings::new`] gives the defaults
/// a guild has before a moderator changes anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    /// The guild.
    pub guild: GuildId,
    /// Language of public messages (`de`, `en-US`, …); `None` = the guild's
    /// Discord locale.
    pub locale: Option<String>,
    /// Default time control, abort window (ms) and grace period (ms).
    pub clock: ClockSettings,
    /// How long a challenge or seek stays open, in ms (default 10 minutes).
    pub challenge_expiry_ms: u64,
    /// The channel matches are played in; `None` = anywhere.
    pub match_channel: Option<u64>,
    /// The moderation log's channel (`/config modlog`); `None` = none
    /// (moderator actions are stored all the same).
    pub modlog_channel: Option<u64>,
    /// Variants allowed; empty = all.
    pub variants: Vec<Variant>,
    /// The current ladder season (1 at first; `/ladder reset` adds one).
    pub season: u32,
    /// The per-member and per-server limits a moderator set (`/config`);
    /// each `None` is the bot's default.
    pub limits: GuildLimits,
    /// The server's matches are on the web (`/config web:on`, docs/web.md);
    /// off by default: every page of a server that is off answers 404.
    pub web: bool,
}

/// A server's own limits (`/config`, docs/reliability.md "Limits"), as
/// stored: each `None` means the bot's default. The host takes each into
/// the bound its operator sets when it uses it (`fourbot_host::limits`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GuildLimits {
    /// Running matches against the AI per member.
    pub ai_matches: Option<u32>,
    /// Open challenges and seeks per member.
    pub open_offers: Option<u32>,
    /// `/analyze` requests waiting or running per member.
    pub analyses: Option<u32>,
    /// `/replay` (and, apart, `/export`) per member and minute.
    pub archive_per_minute: Option<u32>,
    /// `/replay` (and, apart, `/export`) per server and minute.
    pub server_archive_per_minute: Option<u32>,
}

impl GuildSettings {
    /// The defaults: 10+10, abort 3 min, grace 60 s, challenges 10 min,
    /// all variants, season 1, not on the web.
    pub fn new(guild: GuildId) -> GuildSettings {
        GuildSettings {
            guild,
            locale: None,
            clock: ClockSettings::default(),
            challenge_expiry_ms: 10 * MINUTE_MS,
            match_channel: None,
            modlog_channel: None,
            variants: Vec::new(),
            season: 1,
            limits: GuildLimits::default(),
            web: false,
        }
    }
}

/// A player's own settings (`/settings`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSettings {
    /// Language override for private replies; `None` = the Discord client's.
    pub language: Option<String>,
    /// Confirm-before-drop: the first press selects, the second drops.
    pub confirm_drop: bool,
}

/// The id `find` selects, with `name` bound if any.
async fn select_player(
    conn: &mut sqlx::AnyConnection,
    find: &'static str,
    name: Option<&str>,
) -> Result<Option<i64>, sqlx::Error> {
    let q = sqlx::query_scalar(find);
    match name {
        Some(n) => q.bind(n),
        None => q,
    }
    .fetch_optional(conn)
    .await
}

/// A stored limit: `None` (the default) when NULL, or out of `u32`'s range
/// (never written so).
fn limit(stored: Option<i64>) -> Option<u32> {
    stored.and_then(|v| u32::try_from(v).ok())
}

/// A stored time control (whole minutes + whole seconds by construction).
pub(super) fn time_control(base_ms: i64, increment_ms: i64) -> Option<TimeControl> {
    TimeControl::new(base_ms as u64 / MINUTE_MS, increment_ms as u64 / SECOND_MS).ok()
}

impl Db {
    /// Makes sure the guild has a row (with default settings).
    pub(super) async fn ensure_guild<'e, E>(executor: E, guild: GuildId) -> Result<(), StoreError>
    where
        E: sqlx::Executor<'e, Database = sqlx::Any>,
    {
        sqlx::query("INSERT INTO guilds (id) VALUES ($1) ON CONFLICT DO NOTHING")
            .bind(gid(guild))
            .execute(executor)
            .await?;
        Ok(())
    }

    /// The guild's settings (the defaults for a guild never configured).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        let row = sqlx::query(
            "SELECT locale, base_ms, increment_ms, abort_ms, grace_ms, challenge_expiry_ms,
                    match_channel_id, season, max_ai_matches, max_open_offers, max_analyses,
                    archive_per_minute, server_archive_per_minute, modlog_channel_id, web
             FROM guilds WHERE id = $1",
        )
        .bind(gid(guild))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(GuildSettings::new(guild));
        };
        let variants: Vec<String> = sqlx::query_scalar(
            "SELECT variant FROM guild_variants WHERE guild_id = $1 ORDER BY variant",
        )
        .bind(gid(guild))
        .fetch_all(&self.pool)
        .await?;
        let control = time_control(row.get("base_ms"), row.get("increment_ms")).unwrap_or_default();
        Ok(GuildSettings {
            guild,
            locale: row.get("locale"),
            clock: ClockSettings {
                control,
                abort_ms: row.get::<i64, _>("abort_ms") as u64,
                grace_ms: row.get::<i64, _>("grace_ms") as u64,
            },
            challenge_expiry_ms: row.get::<i64, _>("challenge_expiry_ms") as u64,
            match_channel: row
                .get::<Option<i64>, _>("match_channel_id")
                .map(|c| c as u64),
            modlog_channel: row
                .get::<Option<i64>, _>("modlog_channel_id")
                .map(|c| c as u64),
            variants: variants.iter().filter_map(|v| v.parse().ok()).collect(),
            season: row.get::<i64, _>("season") as u32,
            limits: GuildLimits {
                ai_matches: limit(row.get("max_ai_matches")),
                open_offers: limit(row.get("max_open_offers")),
                analyses: limit(row.get("max_analyses")),
                archive_per_minute: limit(row.get("archive_per_minute")),
                server_archive_per_minute: limit(row.get("server_archive_per_minute")),
            },
            web: row.get::<i64, _>("web") != 0,
        })
    }

    /// Saves a guild's settings (all of them; the season too).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn set_guild_settings(&self, s: &GuildSettings) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        Db::ensure_guild(&mut *tx, s.guild).await?;
        sqlx::query(
            "UPDATE guilds SET locale = $1, base_ms = $2, increment_ms = $3, abort_ms = $4, grace_ms = $5,
                    challenge_expiry_ms = $6, match_channel_id = $7, season = $8,
                    max_ai_matches = $9, max_open_offers = $10, max_analyses = $11,
                    archive_per_minute = $12, server_archive_per_minute = $13,
                    modlog_channel_id = $14, web = $15
             WHERE id = $16",
        )
        .bind(&s.locale)
        .bind(s.clock.control.base_ms() as i64)
        .bind(s.clock.control.increment_ms() as i64)
        .bind(s.clock.abort_ms as i64)
        .bind(s.clock.grace_ms as i64)
        .bind(s.challenge_expiry_ms as i64)
        .bind(s.match_channel.map(|c| c as i64))
        .bind(i64::from(s.season))
        .bind(s.limits.ai_matches.map(i64::from))
        .bind(s.limits.open_offers.map(i64::from))
        .bind(s.limits.analyses.map(i64::from))
        .bind(s.limits.archive_per_minute.map(i64::from))
        .bind(s.limits.server_archive_per_minute.map(i64::from))
        .bind(s.modlog_channel.map(|c| c as i64))
        .bind(i64::from(s.web))
        .bind(gid(s.guild))
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM guild_variants WHERE guild_id = $1")
            .bind(gid(s.guild))
            .execute(&mut *tx)
            .await?;
        for v in &s.variants {
            sqlx::query("INSERT INTO guild_variants (guild_id, variant) VALUES ($1, $2)")
                .bind(gid(s.guild))
                .bind(v.key())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Starts a new ladder season in the guild (`/ladder reset`): new
    /// matches are rated in fresh pools; the old season's pools are kept.
    /// Returns the new season number.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn new_season(&self, guild: GuildId) -> Result<u32, StoreError> {
        let mut tx = self.write().await?;
        Db::ensure_guild(&mut *tx, guild).await?;
        let season: i64 = sqlx::query_scalar(
            "UPDATE guilds SET season = season + 1 WHERE id = $1 RETURNING season",
        )
        .bind(gid(guild))
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(season as u32)
    }

    /// The player with Discord user id `discord_id`, created if new; their
    /// own name is updated to `name`: the user's global display name, else
    /// their user name — never a server's nickname for them, which is
    /// [`Db::discord_member`]'s (docs/store.md "Names per server").
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn discord_player(
        &self,
        discord_id: u64,
        name: &str,
    ) -> Result<PlayerId, StoreError> {
        Db::upsert_discord_player(&self.pool, discord_id, name)
            .await
            .map(PlayerId)
    }

    /// The row id of the player with Discord user id `discord_id`, made if
    /// new, with their own name set to `own`.
    async fn upsert_discord_player<'e, E>(
        executor: E,
        discord_id: u64,
        own: &str,
    ) -> Result<i64, StoreError>
    where
        E: sqlx::Executor<'e, Database = sqlx::Any>,
    {
        Ok(sqlx::query_scalar(
            "INSERT INTO players (discord_id, name) VALUES ($1, $2)
             ON CONFLICT (discord_id) DO UPDATE SET name = excluded.name
             RETURNING id",
        )
        .bind(discord_id as i64)
        .bind(own)
        .fetch_one(executor)
        .await?)
    }

    /// [`Db::discord_player`] for a user who acts in server `guild` as
    /// Discord sent their member there: their own name becomes `own` and
    /// their name in `guild` becomes `nickname` (the member's `nick`; `None`:
    /// they have none there, and `guild` shows their own name). One
    /// transaction; no other server's name changes. Guild 0 (the shell's
    /// and imports') keeps no server names: `nickname` is ignored there.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn discord_member(
        &self,
        guild: GuildId,
        discord_id: u64,
        own: &str,
        nickname: Option<&str>,
    ) -> Result<PlayerId, StoreError> {
        let mut tx = self.write().await?;
        let id = Db::upsert_discord_player(&mut *tx, discord_id, own).await?;
        match nickname {
            _ if guild == 0 => {}
            Some(nick) => {
                Db::ensure_guild(&mut *tx, guild).await?;
                sqlx::query(
                    "INSERT INTO server_names (guild_id, player_id, name) VALUES ($1, $2, $3)
                     ON CONFLICT (guild_id, player_id) DO UPDATE SET name = excluded.name
                     WHERE server_names.name <> excluded.name",
                )
                .bind(gid(guild))
                .bind(id)
                .bind(nick)
                .execute(&mut *tx)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM server_names WHERE guild_id = $1 AND player_id = $2")
                    .bind(gid(guild))
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(PlayerId(id))
    }

    /// The player with Discord user id `discord_id`, if known (nothing is
    /// created).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn find_discord_player(
        &self,
        discord_id: u64,
    ) -> Result<Option<PlayerId>, StoreError> {
        let id: Option<i64> = sqlx::query_scalar("SELECT id FROM players WHERE discord_id = $1")
            .bind(discord_id as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(id.map(PlayerId))
    }

    /// The imported player called `name` (no Discord account; used by
    /// `fourbot script --names`), created if new.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn named_player(&self, name: &str) -> Result<PlayerId, StoreError> {
        self.find_or_create_player(
            "SELECT id FROM players WHERE name = $1 AND discord_id IS NULL AND is_bot = 0",
            "INSERT INTO players (name) VALUES ($1) ON CONFLICT DO NOTHING",
            Some(name),
        )
        .await
    }

    /// The bot's AI as a player (matches against it are never rated).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn bot_player(&self) -> Result<PlayerId, StoreError> {
        self.find_or_create_player(
            "SELECT id FROM players WHERE is_bot = 1 ORDER BY id LIMIT 1",
            "INSERT INTO players (name, is_bot) VALUES ('fourbot', 1) ON CONFLICT DO NOTHING",
            None,
        )
        .await
    }

    /// The player `find` selects (with `name` bound, if any), created by
    /// `create` first if there is none. Two processes at once create one:
    /// a unique index stands behind `create` (`players_imported_name`, and
    /// on PostgreSQL `players_bot`), so the second waits for the first's
    /// commit and inserts nothing, and the second `find` sees the row.
    async fn find_or_create_player(
        &self,
        find: &'static str,
        create: &'static str,
        name: Option<&str>,
    ) -> Result<PlayerId, StoreError> {
        let mut tx = self.write().await?;
        let mut found = select_player(&mut tx, find, name).await?;
        if found.is_none() {
            let q = sqlx::query(create);
            match name {
                Some(n) => q.bind(n),
                None => q,
            }
            .execute(&mut *tx)
            .await?;
            found = select_player(&mut tx, find, name).await?;
        }
        tx.commit().await?;
        found
            .map(PlayerId)
            .ok_or_else(|| StoreError::Database(sqlx::Error::RowNotFound))
    }

    /// Who a player is in server `guild`: the name `guild` shows for them
    /// (its nickname for them, else their own name; guild 0: their own
    /// name), Discord user id (none for imported and terminal players) and
    /// whether it is the bot's AI.
    ///
    /// # Errors
    /// [`StoreError::NoSuchPlayer`], [`StoreError::Database`].
    pub async fn player_info(
        &self,
        guild: GuildId,
        player: PlayerId,
    ) -> Result<PlayerInfo, StoreError> {
        let row = sqlx::query(concat!(
            "SELECT ",
            shown_name!("$1", "p.id"),
            " AS name, p.discord_id, p.is_bot FROM players AS p WHERE p.id = $2"
        ))
        .bind(gid(guild))
        .bind(player.0)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NoSuchPlayer(player))?;
        Ok(PlayerInfo {
            id: player,
            name: row.get("name"),
            discord_id: row.get::<Option<i64>, _>("discord_id").map(|d| d as u64),
            is_bot: row.get::<i64, _>("is_bot") != 0,
        })
    }

    /// The name server `guild` shows for a player: its nickname for them,
    /// else their own name (guild 0, the shell's and imports': their own
    /// name).
    ///
    /// # Errors
    /// [`StoreError::NoSuchPlayer`], [`StoreError::Database`].
    pub async fn player_name(
        &self,
        guild: GuildId,
        player: PlayerId,
    ) -> Result<String, StoreError> {
        sqlx::query_scalar(concat!(
            "SELECT ",
            shown_name!("$1", "p.id"),
            " FROM players AS p WHERE p.id = $2"
        ))
        .bind(gid(guild))
        .bind(player.0)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NoSuchPlayer(player))
    }

    /// A player's settings.
    ///
    /// # Errors
    /// [`StoreError::NoSuchPlayer`], [`StoreError::Database`].
    pub async fn player_settings(&self, player: PlayerId) -> Result<PlayerSettings, StoreError> {
        let row = sqlx::query("SELECT language, confirm_drop FROM players WHERE id = $1")
            .bind(player.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NoSuchPlayer(player))?;
        Ok(PlayerSettings {
            language: row.get("language"),
            confirm_drop: row.get::<i64, _>("confirm_drop") != 0,
        })
    }

    /// Saves a player's settings.
    ///
    /// # Errors
    /// [`StoreError::NoSuchPlayer`], [`StoreError::Database`].
    pub async fn set_player_settings(
        &self,
        player: PlayerId,
        s: &PlayerSettings,
    ) -> Result<(), StoreError> {
        let done = sqlx::query("UPDATE players SET language = $1, confirm_drop = $2 WHERE id = $3")
            .bind(&s.language)
            .bind(i64::from(s.confirm_drop))
            .bind(player.0)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NoSuchPlayer(player));
        }
        Ok(())
    }

    /// Bans `player` from the guild's ladder (`/ladder ban`) at
    /// `now_unix_ms`: hidden from leaderboards until unbanned. Returns false
    /// if already banned.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn ban(
        &self,
        guild: GuildId,
        player: PlayerId,
        by: Option<PlayerId>,
        reason: Option<&str>,
        now_unix_ms: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        Db::ensure_guild(&mut *tx, guild).await?;
        let done = sqlx::query(
            "INSERT INTO bans (guild_id, player_id, by_player_id, reason, banned_unix_ms)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
        )
        .bind(gid(guild))
        .bind(player.0)
        .bind(by.map(|p| p.0))
        .bind(reason)
        .bind(now_unix_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Lifts `player`'s ban in the guild at `now_unix_ms`. Returns false if
    /// there was none.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn unban(
        &self,
        guild: GuildId,
        player: PlayerId,
        now_unix_ms: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE bans SET lifted_unix_ms = $1
             WHERE guild_id = $2 AND player_id = $3 AND lifted_unix_ms IS NULL",
        )
        .bind(now_unix_ms)
        .bind(gid(guild))
        .bind(player.0)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Whether `player` is banned from the guild's ladder now.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn is_banned(&self, guild: GuildId, player: PlayerId) -> Result<bool, StoreError> {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM bans WHERE guild_id = $1 AND player_id = $2 AND lifted_unix_ms IS NULL",
        )
        .bind(gid(guild))
        .bind(player.0)
        .fetch_one(&self.pool)
        .await?;
        Ok(n > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::engine_tests! {
    async fn an_unconfigured_guild_has_the_default_settings_and_changes_are_kept(engine) {
        let db = engine.db().await;
        assert_eq!(db.guild_settings(5).await.unwrap(), GuildSettings::new(5));
        let mut s = GuildSettings::new(5);
        s.locale = Some("de".into());
        s.clock.control = TimeControl::BLITZ;
        s.variants = vec![Variant::Classic, Variant::Popout];
        s.match_channel = Some(99);
        s.modlog_channel = Some(98);
        s.limits.ai_matches = Some(1);
        s.limits.server_archive_per_minute = Some(240);
        db.set_guild_settings(&s).await.unwrap();
        assert_eq!(db.guild_settings(5).await.unwrap(), s);
        // Back to the defaults: NULL again.
        s.limits = GuildLimits::default();
        db.set_guild_settings(&s).await.unwrap();
        assert_eq!(db.guild_settings(5).await.unwrap(), s);
        assert_eq!(db.new_season(5).await.unwrap(), 2);
        assert_eq!(db.guild_settings(5).await.unwrap().season, 2);
    }

    async fn a_discord_player_is_one_row_whose_name_follows_discord(engine) {
        let db = engine.db().await;
        let a = db.discord_player(1001, "alice").await.unwrap();
        let again = db.discord_player(1001, "Alice B").await.unwrap();
        assert_eq!(a, again);
        assert_eq!(db.find_discord_player(1001).await.unwrap(), Some(a));
        assert_eq!(
            db.find_discord_player(1002).await.unwrap(),
            None,
            "not created"
        );
        assert_eq!(db.find_discord_player(1002).await.unwrap(), None);
        assert_eq!(db.player_name(0, a).await.unwrap(), "Alice B");
        let s = PlayerSettings {
            language: Some("el".into()),
            confirm_drop: true,
        };
        db.set_player_settings(a, &s).await.unwrap();
        assert_eq!(db.player_settings(a).await.unwrap(), s);
        assert_eq!(
            db.named_player("bob").await.unwrap(),
            db.named_player("bob").await.unwrap()
        );
        assert_eq!(
            db.bot_player().await.unwrap(),
            db.bot_player().await.unwrap()
        );
    }

    async fn a_ban_lasts_until_it_is_lifted(engine) {
        let db = engine.db().await;
        let p = db.named_player("mallory").await.unwrap();
        assert!(db.ban(1, p, None, Some("farming"), 10).await.unwrap());
        assert!(
            !db.ban(1, p, None, None, 11).await.unwrap(),
            "already banned"
        );
        assert!(db.is_banned(1, p).await.unwrap());
        assert!(!db.is_banned(2, p).await.unwrap(), "per guild");
        assert!(db.unban(1, p, 12).await.unwrap());
        assert!(!db.is_banned(1, p).await.unwrap());
        assert!(db.ban(1, p, None, None, 13).await.unwrap(), "banned again");
    }
    }
}

/// A player as stored ([`Db::player_info`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerInfo {
    /// The player's row id.
    pub id: PlayerId,
    /// The name the server asked about shows for them
    /// ([`Db::player_info`]).
    pub name: String,
    /// The Discord user id; `None` for imported and terminal players.
    pub discord_id: Option<u64>,
    /// The bot's AI.
    pub is_bot: bool,
}
