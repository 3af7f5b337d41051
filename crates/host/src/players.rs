//! Who a seat is in the store, and back: the one mapping between the front
//! ends' users ([`UserId`], [`Seated`]) and the store's players
//! ([`PlayerId`]).

use fourbot_store::{Db, PlayerId, PlayerInfo, StoreError};

use super::present::{NameSource, Seated};
use super::view::{GuildId, UserId};

/// The guild of the terminal (`fourbot shell`) and of imported matches.
pub const TERMINAL_GUILD: GuildId = GuildId(0);

/// The store's player for `seated` in `guild`: the bot for an AI seat, the
/// named local player in the terminal ([`TERMINAL_GUILD`]), else the
/// Discord user, created if new. What the seat's [`NameSource`] says is
/// kept (docs/store.md "Names per server"): a user's own name as their
/// name everywhere, a member's nickname as their name in `guild` only (or
/// none there when the member has none); a seat read back from the store
/// changes no name. For what a player does, never for what they read
/// ([`known_player`]).
///
/// # Errors
/// The store failed.
pub async fn stored_player(
    db: &Db,
    guild: GuildId,
    seated: &Seated,
) -> Result<PlayerId, StoreError> {
    if seated.ai_level.is_some() {
        return db.bot_player().await;
    }
    if guild == TERMINAL_GUILD {
        return db.named_player(&seated.name).await;
    }
    match &seated.source {
        NameSource::Member { own, nickname } => {
            db.discord_member(guild.0, seated.id.0, own, nickname.as_deref())
                .await
        }
        NameSource::User { own } => db.discord_player(seated.id.0, own).await,
        NameSource::Stored => match db.find_discord_player(seated.id.0).await? {
            Some(p) => Ok(p),
            // Only a player the store knows is read back from it: a new row
            // takes the name as its own.
            None => db.discord_player(seated.id.0, &seated.name).await,
        },
    }
}

/// Like [`stored_player`], without writing: `None` for a Discord user the
/// store has never seen (who has then no rating, history or settings).
/// For what a user only reads — `/rating`, `/history`, suggestions — so
/// that reading makes no row and no write (issue 32: an fsync'd write per
/// keystroke of an autocomplete on SQLite).
///
/// # Errors
/// The store failed.
pub async fn known_player(
    db: &Db,
    guild: GuildId,
    seated: &Seated,
) -> Result<Option<PlayerId>, StoreError> {
    if seated.ai_level.is_some() || guild == TERMINAL_GUILD {
        return stored_player(db, guild, seated).await.map(Some);
    }
    db.find_discord_player(seated.id.0).await
}

/// The stored players of `seats` in `guild`, one per seat. The same user
/// on several seats is the same stored player under the names of their
/// first seat (such a match is unrated, docs/rules.md §6).
///
/// # Errors
/// The store failed.
pub async fn stored_players(
    db: &Db,
    guild: GuildId,
    seats: &[Seated],
) -> Result<Vec<PlayerId>, StoreError> {
    let mut out = Vec::with_capacity(seats.len());
    for seated in seats {
        let first = seats.iter().find(|p| p.id == seated.id).unwrap_or(seated);
        let named = Seated {
            name: first.name.clone(),
            source: first.source.clone(),
            ..seated.clone()
        };
        out.push(stored_player(db, guild, &named).await?);
    }
    Ok(out)
}

/// The Discord user of a stored player: the bot's AI is `bot`, anyone else
/// their Discord id (0 for a player who has none).
pub fn discord_user(info: &PlayerInfo, bot: UserId) -> UserId {
    if info.is_bot {
        bot
    } else {
        UserId(info.discord_id.unwrap_or(0))
    }
}
