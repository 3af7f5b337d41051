//! The web front end (issue 36, docs/web.md): the table of a match as a
//! page anyone with the link can watch live, served by the bot process
//! itself beside Discord and the terminal, over the same transport-neutral
//! host (docs/architecture.md). It is one more adapter: it reads what the
//! host has ([`fourbot_host::Host::table`], [`fourbot_host::Host::watch`])
//! and shows it; it decides nothing.
//!
//! - [`router`]: the routes — `GET /m/<match>` (the table, [`pages`]),
//!   `GET /m/<match>/events` (server-sent events, [`stream`]),
//!   a finished match's page is its replay ([`replay`]) with its
//!   OpenGraph tags ([`og`]); `GET /m/<match>/export.txt`,
//!   `/m/<match>/replay.gif`, `/m/<match>/board.png` (its files, [`files`]),
//!   `GET /assets/<version>/<file>` (the page's script and style sheet,
//!   [`assets`]), `GET /player/<server>/<user>` (a player's page and its
//!   rating charts, [`people`]), `GET /leaderboard/<server>/<variant>`
//!   (a leaderboard per variant and its picture, [`leaderboard`]); their
//!   pictures are drawn off the runtime and kept ([`charts`]), their
//!   OpenGraph tags written by [`share`].
//! - A server's matches are on the web only once its moderators turned it
//!   on (`/config web:on`); every page of any other server, of a match
//!   without a server (the terminal's) and of an unknown match is the same
//!   404 ([`pages::not_found`]).
//! - Safe by construction ([`guard`]): HTML through maud (every value
//!   escaped unless marked otherwise), names through the project's one
//!   shaper ([`fourbot_i18n::shape_name`]), a Content-Security-Policy
//!   without inline script or style on every answer, bounded event
//!   streams and request bodies.
//! - Words from the Fluent catalog in the reader's language: `?lang=`,
//!   else `Accept-Language`, else English ([`lang`]).

pub mod assets;
pub mod board;
pub mod charts;
pub mod files;
pub mod finished;
pub mod guard;
pub mod kept;
pub mod lang;
pub mod leaderboard;
pub mod og;
pub mod pages;
pub mod paths;
pub mod people;
pub mod renders;
pub mod replay;
pub mod session;
pub mod share;
pub mod state;
pub mod stream;
pub mod ticket;
pub mod tournament;
pub mod tournament_reads;
pub mod tournament_stream;

use std::future::Future;
use std::net::SocketAddr;

use axum::routing::{get, post};
use axum::Router;
use tokio::net::TcpListener;

pub use guard::{
    RequestLimits, StreamLimits, ACTIONS_PER_ADDRESS_MINUTE, ACTIONS_PER_USER_MINUTE,
    MAX_BODY_BYTES, MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_TOTAL, PAGES_PER_ADDRESS_MINUTE,
};
pub use state::Web;
pub use ticket::{SecretError, WebSecret, MIN_SECRET_BYTES, SECRET_ENV};

/// How the operator set the web up (`fourbot run --web … --public-url …`).
#[derive(Clone, Debug)]
pub struct WebConfig {
    /// The address to listen on (behind a reverse proxy: a loopback one).
    pub addr: SocketAddr,
    /// The address people reach it at (`https://c4.example.org`), without
    /// a trailing `/`; for links the bot posts (the next slice).
    pub public_url: Option<String>,
    /// The signing secret.
    pub secret: WebSecret,
}

/// Every route of the web front end, with the headers and limits of
/// [`guard`] on every answer.
pub fn router(web: Web) -> Router {
    let routes = Router::new()
        .route("/m/{id}", get(pages::table))
        .route("/m/{id}/events", get(stream::events))
        .route("/m/{id}/export.txt", get(files::export))
        .route("/m/{id}/replay.gif", get(files::gif))
        .route("/m/{id}/board.png", get(files::png))
        .route("/m/{id}/act", post(session::act))
        .route("/t/{ticket}", get(session::exchange))
        .route("/tournament/{id}", get(tournament::page))
        .route("/tournament/{id}/events", get(tournament_stream::events))
        .route(
            "/tournament/{id}/standings.png",
            get(tournament::standings_png),
        )
        .route("/assets/{version}/{file}", get(assets::asset))
        .route("/player/{server}/{user}", get(people::player))
        .route("/player/{server}/{user}/chart.png", get(people::chart))
        .route(
            "/leaderboard/{server}/{variant}",
            get(leaderboard::leaderboard),
        )
        .route(
            "/leaderboard/{server}/{variant}/top.png",
            get(leaderboard::picture),
        )
        .fallback(pages::fallback)
        .with_state(web);
    guard::layers(routes)
}

/// Serves [`router`] on `listener` until `stop` completes; then the event
/// streams end ([`Web::stop`]) and the requests being answered finish.
///
/// # Errors
/// The listener failed.
pub async fn serve(
    listener: TcpListener,
    web: Web,
    stop: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = router(web.clone()).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            stop.await;
            web.stop();
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_at_least_32_bytes_and_never_shows() {
        assert_eq!(
            WebSecret::new("short").unwrap_err(),
            SecretError::TooShort(5)
        );
        let s = WebSecret::new(&"k".repeat(40)).unwrap();
        assert_eq!(s.len(), 40);
        assert_eq!(format!("{s:?}"), "WebSecret(***)");
        let config = WebConfig {
            addr: "127.0.0.1:8080".parse().unwrap(),
            public_url: None,
            secret: s,
        };
        assert!(!format!("{config:?}").contains("kkkk"));
    }
}
