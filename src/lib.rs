//! fourbot: a Discord bot that hosts four-in-a-row (Connect Four) matches.
//!
//! This crate is the application: the Discord adapter ([`discord`]), the
//! terminal table ([`shell`]) and the command line ([`cli`]). The layers
//! below it are crates of their own (docs/architecture.md), re-exported here
//! under their layer names: data flows one way, adapters → [`host`] →
//! [`store`], [`render`], [`i18n`] → the core ([`game`], [`play`],
//! [`engine`], [`rating`], [`tournament`]).
#![warn(missing_docs)]

// The modules are private: what the binary and the tests use is named
// below, so rustc's dead-code lint sees every other item.
mod cli;
mod discord;
mod shell;

pub use cli::{run, Cli};
/// What the tests read of the Discord adapter: every command as registered
/// (tests/e2e, tests/locales) and the buttons' custom ids (the fuzz test).
pub use discord::{buttons::ButtonId, register::create_commands};

pub use fourbot_core::{engine, game, play, rating, tournament};
pub use fourbot_host as host;
pub use fourbot_i18n as i18n;
pub use fourbot_render as render;
pub use fourbot_store as store;
pub use fourbot_web as web;
