//! The host layer (docs/host.md, docs/match.md): matches run by the
//! transport-neutral host and its match tasks, and `/export` of games that
//! did not end on the board. (Bad input fuzzed through the host and the
//! Discord adapter's button ids is in the application's `app` binary,
//! `tests/app/fuzz.rs`.)

mod export;
#[path = "../../../store/tests/store/lossy.rs"]
mod lossy;
mod lost_answers;
mod match_task;
mod service;
mod support;
mod take_back;
mod task_deaths;
mod tournaments;
