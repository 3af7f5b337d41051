//! The store layer (docs/store.md): every query, resuming after a restart,
//! a process killed mid-match, the store commands of `fourbot`, and
//! several processes on one database (shard leases and scopes).

mod cli;
mod crash;
pub mod lossy;
mod lost_answers;
mod names;
mod queries;
mod resume;
mod shards;
mod tournaments;
