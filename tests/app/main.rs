//! What needs the application package (`fourbot`) rather than one crate of
//! its own (tests/README.md): the `fourbot` command line — every variant's
//! fixture file through `fourbot position` (and the library), timed
//! scripts, `solve` and `analyze`, `render`, the store commands — and bad
//! input fuzzed through the host and the Discord adapter's button ids.

mod fixtures;
mod fuzz;
#[path = "../../crates/host/tests/host/support.rs"]
mod host_support;
mod render_cli;
mod run_cli;
mod scripts;
mod solve;
mod store_cli;
mod support;
