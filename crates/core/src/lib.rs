//! fourbot's core: the rules ([`game`]), the match domain ([`play`]), the
//! search ([`engine`]) and the rating systems ([`rating`]). Pure code: no
//! IO, no async, no clock of its own — time is always passed in. Cargo keeps
//! it so: this crate depends on no runtime, database, network, Discord,
//! Fluent or drawing crate (docs/architecture.md).
#![warn(missing_docs)]

pub mod engine;
pub mod game;
pub mod play;
pub mod rating;
pub mod tournament;
