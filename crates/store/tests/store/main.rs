//! The store layer (docs/store.md): every query, resuming after a restart,
//! a process killed mid-match, and several processes on one database
//! (shard leases and scopes). (The store commands of `fourbot` are tested
//! by the application's `app` binary, `tests/app/store_cli.rs`.)

mod crash;
pub mod lossy;
mod lost_answers;
mod names;
mod queries;
mod resume;
mod shards;
mod tournaments;
