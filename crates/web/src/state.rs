//! The web front end's state, shared by every route: the host and the
//! settings it reads, the catalog it writes with, the event streams' caps
//! and the signal that ends them.

use std::sync::Arc;

use axum::http::{header, HeaderMap};
use tokio::sync::watch;

use fourbot_host::ladder::Ladder;
use fourbot_host::settings::Settings;
use fourbot_host::tournaments::Tournaments;
use fourbot_host::{GuildId, Host, Services};
use fourbot_i18n::{Catalog, Locale};

use super::guard::{RequestLimits, RequestWindows, StreamLimits, StreamSlots};
use super::ticket::{self, Purpose, WebSecret};

/// The web front end's state: the host and the settings it reads, the
/// catalog it writes with, its limits. Cheap to clone.
#[derive(Clone)]
pub struct Web {
    inner: Arc<Inner>,
}

struct Inner {
    host: Host,
    settings: Settings,
    /// Ratings, leaderboards, histories (the player and leaderboard pages).
    ladder: Ladder,
    /// Tournaments (the tournament pages).
    tournaments: Tournaments,
    /// Where people reach the web (`https://c4.example.org`, no trailing
    /// `/`): absolute links such as `og:image`. None: links are paths.
    public_url: Option<String>,
    catalog: &'static Catalog,
    streams: StreamSlots,
    stop: watch::Receiver<bool>,
    stopper: watch::Sender<bool>,
    /// Signs links and sessions ([`crate::ticket`]); none: nobody can
    /// sit at the table, everyone watches.
    secret: Option<WebSecret>,
    /// Session cookies are `Secure` (the public URL is `https`).
    secure: bool,
    /// Actions and pages a minute per user and address.
    requests: RequestWindows,
    /// Finished matches' tables ([`crate::finished`]).
    finished: crate::finished::FinishedTables,
    /// The streams' rendered states ([`crate::renders`]).
    renders: crate::renders::Renders,
    /// The tournaments' pages' reads and pictures.
    tournament_pages: crate::tournament_reads::Overviews,
    /// A match's export, replay GIFs and board PNG: the finished ones
    /// kept, the permits to draw them ([`crate::kept`]).
    files: crate::kept::Files,
}

impl Web {
    /// The web front end over `services` (their host and settings), with
    /// the default [`StreamLimits`].
    pub fn new(services: &Services) -> Web {
        Web::with_limits(services, StreamLimits::default())
    }

    /// [`Web::new`] with other limits on the event streams (tests).
    pub fn with_limits(services: &Services, limits: StreamLimits) -> Web {
        let (stopper, stop) = watch::channel(false);
        Web {
            inner: Arc::new(Inner {
                host: services.host.clone(),
                settings: services.settings.clone(),
                ladder: services.ladder.clone(),
                tournaments: services.tournaments.clone(),
                public_url: None,
                // Plain names (no Discord markdown); HTML escaping is the
                // templates'.
                catalog: Catalog::embedded(),
                streams: StreamSlots::new(limits),
                stop,
                stopper,
                secret: None,
                secure: false,
                requests: RequestWindows::new(RequestLimits::default()),
                finished: crate::finished::FinishedTables::new(crate::finished::KEPT_TABLES),
                renders: crate::renders::Renders::new(crate::renders::KEPT_RENDERS),
                tournament_pages: crate::tournament_reads::Overviews::new(
                    services.tournaments.changes(),
                ),
                files: crate::kept::Files::new(),
            }),
        }
    }

    /// The web with `secret` to sign links and sessions; `secure`: its
    /// cookies are `Secure` (behind `https`). Only before it is cloned.
    ///
    /// # Panics
    /// When called on a clone.
    #[must_use]
    pub fn signing(mut self, secret: WebSecret, secure: bool) -> Web {
        let inner = Arc::get_mut(&mut self.inner).expect("signing is set before the web is shared");
        inner.secret = Some(secret);
        inner.secure = secure;
        self
    }

    /// The web with other budgets of actions and pages a minute (tests).
    /// Only before it is cloned.
    ///
    /// # Panics
    /// When called on a clone.
    #[must_use]
    pub fn with_request_limits(mut self, limits: RequestLimits) -> Web {
        let inner = Arc::get_mut(&mut self.inner).expect("limits are set before the web is shared");
        inner.requests = RequestWindows::new(limits);
        self
    }

    /// The web reached at `public_url` (`https://c4.example.org`; a
    /// trailing `/` is dropped), for absolute links. Only before it is
    /// cloned.
    ///
    /// # Panics
    /// When called on a clone.
    #[must_use]
    pub fn reached_at(mut self, public_url: &str) -> Web {
        let inner = Arc::get_mut(&mut self.inner).expect("the URL is set before the web is shared");
        inner.public_url = Some(public_url.trim_end_matches('/').to_owned());
        self
    }

    /// `path` (from [`crate::paths`]) as a link: absolute when the public
    /// URL is known, else the path itself.
    pub fn link(&self, path: &str) -> String {
        match &self.inner.public_url {
            Some(base) => format!("{base}{path}"),
            None => path.to_owned(),
        }
    }

    /// The public URL, if the operator gave one.
    pub fn public_url(&self) -> Option<&str> {
        self.inner.public_url.as_deref()
    }

    /// The matches' files kept and the permits to draw them.
    pub(crate) fn files(&self) -> &crate::kept::Files {
        &self.inner.files
    }

    pub(crate) fn requests(&self) -> &RequestWindows {
        &self.inner.requests
    }

    /// The signing secret, if set.
    pub(crate) fn secret(&self) -> Option<&WebSecret> {
        self.inner.secret.as_ref()
    }

    /// Whether cookies are `Secure`.
    pub(crate) fn secure_cookies(&self) -> bool {
        self.inner.secure
    }

    /// The "Open the table" link's path (`/t/<ticket>`, valid for
    /// [`crate::ticket::LINK_SECS`]) for `user` in match `id`, if the web
    /// signs links.
    pub fn table_link(
        &self,
        id: fourbot_host::MatchId,
        user: fourbot_host::UserId,
    ) -> Option<String> {
        let secret = self.secret()?;
        Some(ticket::link_path(secret, id, user, ticket::unix_now()))
    }

    /// The request's session: its cookie's ([`COOKIE`]) ticket, if it
    /// is valid ([`ticket::Purpose::Session`]); its `user` is the player.
    pub fn session(&self, headers: &HeaderMap) -> Option<ticket::Ticket> {
        let value = cookie(headers, COOKIE)?;
        ticket::verify(self.secret()?, Purpose::Session, value, ticket::unix_now()).ok()
    }

    /// The reader's language (docs/web.md, "Languages"): `lang` (the
    /// query's `lang` parameter) if it names one of the five, else the
    /// `/settings` language of the player whose session the request
    /// carries, else `Accept-Language`'s best supported one, else English.
    pub async fn reader_locale(&self, lang: Option<&str>, headers: &HeaderMap) -> Locale {
        if let Some(l) = lang.and_then(crate::lang::supported) {
            return l;
        }
        if let Some(session) = self.session(headers) {
            if let Some(l) = self.inner.settings.language_override(session.user).await {
                return l;
            }
        }
        crate::lang::negotiate(None, headers)
    }

    /// The CSRF token of `session` (for the page's forms): the session's
    /// own ticket signed under [`Purpose::Csrf`]; `None` without a secret.
    pub fn csrf_token(&self, session: ticket::Ticket) -> Option<String> {
        Some(ticket::sign(self.secret()?, Purpose::Csrf, session))
    }

    /// The finished matches' tables kept ([`crate::finished`]).
    pub(crate) fn finished(&self) -> &crate::finished::FinishedTables {
        &self.inner.finished
    }

    /// The streams' rendered states ([`crate::renders`]).
    pub(crate) fn renders(&self) -> &crate::renders::Renders {
        &self.inner.renders
    }

    /// The host.
    pub fn host(&self) -> &Host {
        &self.inner.host
    }

    /// Ratings, leaderboards and histories.
    pub fn ladder(&self) -> &Ladder {
        &self.inner.ladder
    }

    /// Tournaments.
    pub fn tournaments(&self) -> &Tournaments {
        &self.inner.tournaments
    }

    /// The tournaments as the pages last read them.
    pub(crate) fn tournament_pages(&self) -> &crate::tournament_reads::Overviews {
        &self.inner.tournament_pages
    }

    /// The settings (servers' and players').
    pub fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    /// The catalog the pages are written with (names plain).
    pub fn catalog(&self) -> &'static Catalog {
        self.inner.catalog
    }

    /// Ends every event stream (the bot stops): each ends at once, so a
    /// graceful shutdown does not wait for them.
    pub fn stop(&self) {
        let _ = self.inner.stopper.send(true);
    }

    /// A receiver that turns true when [`Web::stop`] is called.
    pub(crate) fn stopping(&self) -> watch::Receiver<bool> {
        self.inner.stop.clone()
    }

    /// Event streams open now, in all.
    pub fn open_streams(&self) -> usize {
        self.inner.streams.open()
    }

    pub(crate) fn streams(&self) -> &StreamSlots {
        &self.inner.streams
    }

    /// Whether `guild`'s matches are on the web: a server whose moderators
    /// turned it on (`/config web:on`); never the terminal's (no server).
    pub async fn on_the_web(&self, guild: GuildId) -> bool {
        guild != fourbot_host::players::TERMINAL_GUILD && self.inner.settings.guild(guild).await.web
    }
}

/// The session cookie's name.
pub const COOKIE: &str = "fourbot_session";

/// The value of cookie `name` in the request's `Cookie` headers.
fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}
