//! The web front end in a real browser: headless Chromium driven through
//! chromedriver (WebDriver), over the same site as the HTTP tests — a host
//! on a temporary SQLite store, the real router on a loopback port
//! (docs/web.md, "Tests in a real browser").
//!
//! Without Chromium or chromedriver each test prints one line and passes,
//! unless `FOURBOT_REQUIRE_BROWSER` is set (CI sets it): then it fails.

// The HTTP tests' site; this binary uses only part of it.
mod driver;
mod page;
mod people;
mod pointing;
mod pops;
mod replay;
mod seats;
#[allow(dead_code)]
#[path = "../web/support.rs"]
mod site;
mod spectator;
mod tournament;
#[allow(dead_code)]
#[path = "../web/tournament_site.rs"]
mod tournament_site;
// The tournament's helpers name the HTTP tests' site as `support`.
use site as support;
