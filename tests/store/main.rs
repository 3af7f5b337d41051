//! The store layer (docs/store.md): every query, resuming after a restart,
//! a process killed mid-match, and the store commands of `fourbot`.

mod cli;
mod crash;
mod queries;
mod resume;
