//! fourbot: a Discord bot that hosts four-in-a-row (Connect Four) matches.
//!
//! The crate is layered as ARCHITECTURE.md describes; data flows one way:
//! adapters → host → play → game. This module only lists the layers.
#![warn(missing_docs)]

pub mod cli;
pub mod discord;
pub mod engine;
pub mod game;
pub mod host;
pub mod i18n;
pub mod play;
pub mod rating;
pub mod render;
pub mod shell;
pub mod store;
