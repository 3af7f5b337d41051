//! What the end-to-end tests share, from the `fourbot-fake-discord` crate
//! (`crates/fake-discord`): the fake Discord ([`fake`]), the TLS front that
//! puts the bot's production HTTP path in front of it ([`tls`]), and the
//! harness that runs the real bot against it ([`harness`]).

pub use fourbot_fake_discord::{fake, harness, tls};
