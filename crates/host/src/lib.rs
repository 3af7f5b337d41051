//! The transport-neutral host (ARCHITECTURE.md): one tokio task per match
//! that applies actions strictly one at a time and owns the match's deadline
//! timer ([`task`]); the service that creates matches, routes actions, runs
//! AI seats and restores matches ([`Host`]); and the views it produces for
//! front ends ([`view`], [`present`]). Adapters (Discord, shell) talk to a
//! match only through the [`Host`].
//!
//! Host code uses tokio's [`tokio::time::Instant`], so tests can run the
//! clocks on paused time (`#[tokio::test(start_paused = true)]`).

pub mod bot;
pub mod openings;
pub mod present;
mod service;
mod task;
pub mod view;

pub use bot::{Bot, EngineBot, HeuristicBot};
pub use present::{Presenter, Seated, TimeStyle};
pub use service::{
    engine_slots, unix_ms, AbortError, Host, HostConfig, HostError, MatchSpec, Request,
    DEFAULT_AI_LEVEL,
};
pub use task::{
    spawn_journaled, spawn_match, Journal, MatchHandle, SpawnedMatch, TaskError, EVENT_CAPACITY,
};
pub use view::{ActionId, Audience, Button, ButtonStyle, MatchId, UserId, View, ViewKind};
