//! The transport-neutral service (ARCHITECTURE.md): one tokio task per match
//! that applies actions strictly one at a time and owns the match's deadline
//! timer. Adapters (Discord, shell) and storage talk to a match only through
//! its [`MatchHandle`] and the [`crate::play::Event`]s it publishes.
//!
//! Host code uses tokio's [`tokio::time::Instant`], so tests can run the
//! clocks on paused time (`#[tokio::test(start_paused = true)]`).

mod task;

pub use task::{spawn_match, MatchHandle, SpawnedMatch, TaskError, EVENT_CAPACITY};
