//! The transport-neutral host (docs/architecture.md): everything a front
//! end (Discord, the terminal) asks for, whatever shows it.
//!
//! - Matches: one tokio task per match that applies actions strictly one at
//!   a time and owns the match's deadline timer ([`task`]); the [`Host`]
//!   that creates matches, routes actions, runs AI seats and restores
//!   matches ([`mod@matches`]); the views it produces ([`view`], [`present`]);
//!   a match as it stands for a front end that draws it itself, and its
//!   events ([`table`]).
//! - Offers and match policy: challenges and seeks ([`offers`]), the
//!   reader's running matches and open offers ([`matches_views`]), who sits
//!   where ([`seating`]), the terms of a match under a server's rules
//!   ([`terms`]), the rated rule (the core's `play::unrated`).
//! - Tournaments ([`tournaments`]): Swiss, round robin and arena over
//!   ordinary matches; their words and standings tables
//!   ([`tournament_views`]).
//! - Limits per member and per server, and their operator's bounds
//!   ([`limits`]).
//! - The ladder ([`ladder`]) and its words ([`ladder_views`]), settings
//!   ([`settings`]), match threads ([`threads`]), the exchange format of a
//!   stored match ([`archive`]), all on one store ([`Services`]).
//!
//! Refusals are [`Denial`]s: a message id and its arguments, rendered by the
//! front end in the reader's language. Host code uses tokio's
//! [`tokio::time::Instant`], so tests can run the clocks on paused time
//! (`#[tokio::test(start_paused = true)]`).

pub mod alt;
pub mod analysis;
pub mod archive;
pub mod bot;
pub mod clock;
pub mod denial;
pub mod ladder;
pub mod ladder_views;
pub mod limits;
pub mod matches;
pub mod matches_views;
pub mod moderation;
pub mod offers;
pub mod openings;
pub mod players;
pub mod present;
pub mod seating;
pub mod services;
pub mod settings;
pub mod table;
pub mod take_backs;
pub mod task;
pub mod terms;
pub mod threads;
pub mod tournament_views;
pub mod tournaments;
pub mod view;

pub use bot::{Bot, EngineBot, HeuristicBot};
pub use clock::WallClock;
pub use denial::Denial;
pub use matches::{
    engine_slots, AbortError, Acted, Host, HostConfig, HostError, MatchSpec, RematchRules, Request,
    RESIGN_CONFIRM_WINDOW_SECS,
};
pub use offers::OfferId;
pub use present::{NameSource, Presenter, Seated, TimeStyle, TournamentMatch};
pub use services::{Hosting, Services};
pub use table::{Table, TableSeat, Watch};
pub use task::{
    spawn_journaled, spawn_match, Journal, MatchHandle, SpawnedMatch, TaskError, EVENT_CAPACITY,
    UNKNOWN_COMMIT_RETRIES,
};
pub use view::{ActionId, Button, ButtonStyle, GuildId, MatchId, Picture, UserId, View, ViewKind};

// What front ends read of the store, named by the host so that they need
// not name the store.
pub use fourbot_store::{
    database_url, redact_url, EndKind, GuildLimits, GuildSettings, HistoryEntry, LadderEntry,
    MatchDetail, NewTournament, PlayerId, PlayerInfo, PlayerSettings, PoolRating, RatedEntry,
    RatingPoint, Shards, ShardsError, StoreError, StoredTournament, TournamentId, TournamentState,
    DATABASE_URL_ENV, DEFAULT_DATABASE_URL, LEASE_ENV,
};
// The head-to-head record (`/rating user versus`, the web's player pages).
pub use fourbot_store::HeadToHead;
