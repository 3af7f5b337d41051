//! What the end-to-end tests share: the fake Discord ([`fake`]), the TLS
//! front that puts the bot's production HTTP path in front of it ([`tls`]),
//! and the harness that runs the real bot against it ([`harness`]).

pub mod fake;
pub mod harness;
pub mod tls;
