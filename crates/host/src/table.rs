//! What a front end that draws the table itself (the web, docs/web.md)
//! reads of one match: the match as it stands with its server and
//! players ([`Table`]), and a subscription to its events while it runs
//! ([`Watch`], from [`crate::Host::watch`]). Names are as typed: the front
//! end shapes them for its medium. [`crate::Host::table`] reads a match
//! the host no longer runs (finished and forgotten, or run by another
//! process) from the store.

use tokio::sync::broadcast;

use fourbot_core::play::{Event, Match, Timestamp};
use fourbot_store::{Db, MatchId, StoreError};

use super::view::GuildId;

/// One seat of a [`Table`], p1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSeat {
    /// The player's name on the match's server, as typed (not shaped).
    pub name: String,
    /// The bot's AI plays the seat.
    pub ai: bool,
}

/// A match as it stands, for a front end that draws it itself.
#[derive(Clone, Debug)]
pub struct Table {
    /// The match.
    pub id: MatchId,
    /// Its server ([`crate::players::TERMINAL_GUILD`] for the terminal's).
    pub guild: GuildId,
    /// Its seats, p1 first.
    pub seats: Vec<TableSeat>,
    /// The match: games, moves, points, clock.
    pub game: Match,
    /// The match time now (ms since its epoch), at which to read the banks
    /// ([`Match::bank`]): the running bank counts down from here.
    pub now: Timestamp,
    /// Its task runs in this process, so its events can be followed
    /// ([`crate::Host::watch`]); false for a finished match, or one read
    /// from the store.
    pub live: bool,
}

/// A running match and its events from the moment of the snapshot on
/// ([`crate::Host::watch`]). The subscription is taken before the
/// snapshot, so no event after it is missed (one may be seen twice). A
/// receiver told it lagged should read a fresh [`Table`]; one closed
/// (the task ended, or died and was replaced: docs/reliability.md) should
/// ask [`crate::Host::watch`] again.
#[derive(Debug)]
pub struct Watch {
    /// The match as it stands.
    pub table: Table,
    /// Its events from now on.
    pub events: broadcast::Receiver<Event>,
}

/// Match `id` as the store has it: its server, seats and names
/// ([`Db::match_detail`]) and the match rebuilt from its journal
/// ([`Db::load_match`]), read at `now_unix_ms` (wall clock, ms). `None`
/// for an unknown match.
///
/// # Errors
/// The store failed or holds an unreadable match.
pub async fn stored_table(
    db: &Db,
    id: MatchId,
    now_unix_ms: i64,
) -> Result<Option<Table>, StoreError> {
    let detail = match db.match_detail(id).await {
        Ok(d) => d,
        Err(StoreError::NoSuchMatch(_)) => return Ok(None),
        Err(e) => return Err(e),
    };
    let loaded = db.load_match(id).await?;
    let mut seats: Vec<TableSeat> = detail
        .seats
        .iter()
        .map(|s| TableSeat {
            name: s.name.clone(),
            ai: false,
        })
        .collect();
    for (seat, level) in seats.iter_mut().zip(&loaded.ai_levels) {
        seat.ai = level.is_some();
    }
    let now = Timestamp(now_unix_ms.saturating_sub(loaded.epoch_unix_ms).max(0) as u64);
    Ok(Some(Table {
        id,
        guild: GuildId(detail.guild),
        seats,
        game: loaded.game,
        now,
        live: false,
    }))
}
