//! The web front end's tests: the real router on a loopback port, over a
//! host with a temporary SQLite store (docs/web.md).

mod people;
mod replay;
mod session;
mod support;
mod table;
mod tournament;
mod tournament_site;
