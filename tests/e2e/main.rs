//! End to end (docs/discord.md): the real `fourbot` binary against a fake
//! Discord on 127.0.0.1 (REST and gateway), killed and restarted, under
//! faults, and on its production HTTP path (TLS, rate limiter on); and the
//! terminal table (`fourbot shell`).

mod support;
// The web crate's WebDriver helpers (headless Chromium, skipped with one
// line where it is missing unless FOURBOT_REQUIRE_BROWSER is set).
#[allow(dead_code)]
#[path = "../../crates/web/tests/browser/driver.rs"]
mod driver;
#[allow(dead_code)]
#[path = "../../crates/web/tests/browser/page.rs"]
mod page;

mod access;
mod budget;
mod challenge_menu;
mod database;
mod discord;
mod discover;
mod fake_contract;
mod faults;
mod faults_nonce;
mod first_hour;
mod kill;
mod kill_flag;
mod limits;
mod mentions;
mod modlog;
mod names;
mod operations;
mod outage;
mod picker;
mod pitfalls;
mod production;
mod rated;
mod registration;
mod replays;
mod restart;
mod shards;
mod shell;
mod table;
mod take_back;
mod tournament;
mod web;
mod web_match;
