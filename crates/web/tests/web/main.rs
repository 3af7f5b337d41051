//! The web front end's tests: the real router on a loopback port, over a
//! host with a temporary SQLite store (docs/web.md).

mod people;
mod session;
mod support;
mod table;
