//! The host layer (docs/host.md, docs/match.md): matches run by the
//! transport-neutral host and its match tasks, and bad input fuzzed through
//! it.

mod fuzz;
#[path = "../store/lossy.rs"]
mod lossy;
mod lost_answers;
mod match_task;
mod service;
mod support;
mod task_deaths;
mod tournaments;
