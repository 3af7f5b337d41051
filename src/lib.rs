//! fourbot: a Discord bot that hosts four-in-a-row (Connect Four) matches.
//!
//! This crate is the application: the Discord adapter ([`discord`]), the
//! terminal table ([`shell`]) and the command line ([`cli`]). The layers
//! below it are crates of their own (docs/architecture.md), re-exported here
//! under their layer names: data flows one way, adapters → [`host`] →
//! [`store`], [`render`], [`i18n`] → the core ([`game`], [`play`],
//! [`engine`], [`rating`], [`tournament`]).
#![warn(missing_docs)]

pub mod cli;
pub mod discord;
pub mod shell;

pub use fourbot_core::{engine, game, play, rating, tournament};
pub use fourbot_host as host;
pub use fourbot_i18n as i18n;
pub use fourbot_render as render;
pub use fourbot_store as store;
