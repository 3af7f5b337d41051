//! The end-to-end support of fourbot's tests (tests/README.md): a strict
//! fake Discord on 127.0.0.1 ([`fake`]: REST and gateway on one port, the
//! rules of docs/reliability.md, "The fake Discord"), the TLS front that
//! puts the bot's production HTTP path in front of it ([`tls`]), and the
//! harness that runs the real `fourbot` binary against them ([`harness`]).
//!
//! A `publish = false` crate used only as a dev-dependency: by the `e2e`
//! test binary and by the load drivers in `examples/` (`load`, `churn`,
//! `history`). A `cargo build --release` of the bot never builds it.

pub mod fake;
pub mod harness;
pub mod tls;
