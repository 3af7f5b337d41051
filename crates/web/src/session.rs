//! A seated player on the web (docs/web.md, "Playing"): the "Open the
//! table" link ([`crate::ticket`], [`Purpose::Link`]) is exchanged for a
//! session cookie at `GET /t/<ticket>` ([`exchange`]); with it, the table
//! page offers the player's moves, and `POST /m/<match>/act` plays one
//! ([`act`]) through the host's rules — the same refusals as on Discord,
//! in the reader's language.
//!
//! Every action is checked twice against forgery from another site: its
//! `Origin` must be the page's own (the `Host` it was asked of; browsers
//! send `Origin` on every `POST`), and its form must carry the session's
//! CSRF token ([`Web::csrf_token`], a MAC of the session under another label),
//! which only the page can read. The cookie is `HttpOnly` (no script
//! reads it), `SameSite=Lax` (not sent with another site's `POST`; sent
//! when the player follows the link from Discord) and `Secure` when the
//! public URL is `https`. Actions and pages are counted per player and
//! per address ([`crate::guard::RequestLimits`]; 429 beyond them).

use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Form;
use maud::html;
use serde::Deserialize;

use crate::pages::Reader;
use fourbot_host::{ActionId, MatchId};
use fourbot_i18n::{id, Locale};

use super::guard::ClientAddr;
use super::pages::{html_response, lang_param, message_page, not_found, page, too_many, visible};
use super::state::{Web, COOKIE};
use super::ticket::{self, unix_now, Purpose, Ticket, SESSION_SECS};

/// `GET /t/<ticket>`: a valid link of a match on the web gives its user a
/// session cookie and sends them to the table; a forged or expired one
/// gets a page that says so (403); a match not on the web, 404.
pub async fn exchange(
    State(web): State<Web>,
    Path(text): Path<String>,
    Reader { l, query: _ }: Reader,
    _headers: HeaderMap,
) -> Response {
    let Some(secret) = web.secret() else {
        return not_found(l);
    };
    let now = unix_now();
    let link = match ticket::verify(secret, Purpose::Link, &text, now) {
        Ok(t) => t,
        Err(_) => {
            let text = web.catalog().plain(l, id::WEB_LINK_INVALID);
            return message_page(
                l,
                StatusCode::FORBIDDEN,
                id::WEB_LINK_INVALID_TITLE,
                &text,
                false,
                None,
            );
        }
    };
    if visible(&web, &link.match_id.0.to_string()).await.is_none() {
        return not_found(l);
    }
    let session = ticket::sign(
        secret,
        Purpose::Session,
        Ticket {
            match_id: MatchId(0),
            user: link.user,
            expires: now + SESSION_SECS,
        },
    );
    let secure = if web.secure_cookies() { "; Secure" } else { "" };
    let cookie = format!(
        "{COOKIE}={session}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_SECS}{secure}"
    );
    let mut response = StatusCode::SEE_OTHER.into_response();
    let h = response.headers_mut();
    h.insert(
        header::LOCATION,
        HeaderValue::from_str(&format!("/m/{}", link.match_id.0)).expect("digits"),
    );
    h.insert(
        header::SET_COOKIE,
        HeaderValue::from_str(&cookie).expect("ASCII"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// An action's form: the action as on a Discord button
/// ([`ActionId`]'s text) and the session's CSRF token; for the match's
/// resignation, the confirmation's deadline once it was asked.
#[derive(Deserialize)]
pub struct ActForm {
    /// "Yes" to "Resign the whole match?", asked until this Unix second
    /// ([`fourbot_host::Host::resign_question`]).
    #[serde(default)]
    pub confirm: Option<u64>,
    /// The action (named so that it does not hide the form's own
    /// `action` in the page's script).
    pub play: String,
    /// [`Web::csrf_token`].
    pub csrf: String,
}

/// Whether the request's `Origin` is the page's own: the scheme and the
/// `Host` it was sent to (behind a proxy that keeps `Host`, the public
/// one). A request without `Origin` is refused: every browser sends it
/// with a `POST`.
fn same_origin(headers: &HeaderMap) -> bool {
    let (Some(origin), Some(host)) = (
        headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()),
        headers.get(header::HOST).and_then(|v| v.to_str().ok()),
    ) else {
        return false;
    };
    origin == format!("http://{host}") || origin == format!("https://{host}")
}

/// `POST /m/<match>/act`: the session's player plays `action` in the
/// match through the host ([`fourbot_host::Host::press`]): 303 back to
/// the table when it is played; the host's refusal in the reader's
/// language (409); 403 without a session, a CSRF token or the page's
/// origin; 404 for a match not on the web.
pub async fn act(
    State(web): State<Web>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    address: ClientAddr,
    headers: HeaderMap,
    Form(form): Form<ActForm>,
) -> Response {
    let l = web
        .reader_locale(lang_param(query.as_deref()), &headers)
        .await;
    let Some(table) = visible(&web, &id).await else {
        return not_found(l);
    };
    let back = format!("/m/{}", table.id.0);
    let forbidden = || {
        message_page(
            l,
            StatusCode::FORBIDDEN,
            id::WEB_ACTION_REFUSED_TITLE,
            &web.catalog().plain(l, id::WEB_FORBIDDEN),
            false,
            Some(&back),
        )
    };
    let (Some(secret), Some(player)) = (web.secret(), web.session(&headers).map(|t| t.user)) else {
        return forbidden();
    };
    if !same_origin(&headers) {
        return forbidden();
    }
    match ticket::verify(secret, Purpose::Csrf, &form.csrf, unix_now()) {
        Ok(t) if t.user == player => {}
        _ => return forbidden(),
    }
    if let Err(wait) = web.requests().action(player.0, address.0) {
        return too_many(l, wait);
    }
    let action: ActionId = match form.play.parse() {
        Ok(a) => a,
        Err(_) => return StatusCode::BAD_REQUEST.into_response(),
    };
    if action.match_id() != table.id {
        return StatusCode::BAD_REQUEST.into_response();
    }
    // The match's resignation asks first, as on Discord: a page with Yes
    // (this form again, with the question's deadline) and No (back).
    let acted = match (action, form.confirm) {
        (ActionId::ResignMatch { .. }, None) => {
            let Some(until) = web.host().resign_question(table.id, player) else {
                return forbidden();
            };
            return confirm_page(
                &web,
                l,
                &act_path(table.id),
                &form.play,
                &form.csrf,
                until,
                &back,
            );
        }
        (ActionId::ResignMatch { .. }, Some(until)) => {
            web.host().confirm_resign(table.id, player, until).await
        }
        _ => web.host().press(player, action, None).await,
    };
    match acted {
        Ok(_) => {
            let mut response = StatusCode::SEE_OTHER.into_response();
            response.headers_mut().insert(
                header::LOCATION,
                HeaderValue::from_str(&back).expect("digits"),
            );
            response
        }
        Err(denial) => message_page(
            l,
            StatusCode::CONFLICT,
            id::WEB_ACTION_REFUSED_TITLE,
            &web.catalog().render(l, denial.message()),
            true,
            Some(&back),
        ),
    }
}

fn act_path(id: MatchId) -> String {
    format!("/m/{}/act", id.0)
}

/// "Resign the whole match?" with Yes (the same action with the
/// question's deadline) and No (back to the table).
fn confirm_page(
    web: &Web,
    l: Locale,
    act: &str,
    play: &str,
    csrf: &str,
    until: u64,
    back: &str,
) -> Response {
    let catalog = web.catalog();
    let title = catalog.plain(l, id::WEB_RESIGN_MATCH);
    let body = html! {
        main {
            h1 { (title) }
            p { (catalog.plain(l, id::WEB_RESIGN_MATCH_ASK)) }
            form method="post" action=(act) {
                input type="hidden" name="csrf" value=(csrf);
                input type="hidden" name="confirm" value=(until);
                button.resign type="submit" name="play" value=(play) { (catalog.plain(l, id::WEB_YES_RESIGN)) }
            }
            p { a href=(back) { (catalog.plain(l, id::WEB_NO_PLAY_ON)) } }
        }
    };
    let mut response = html_response(StatusCode::OK, page(l, &title, body));
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
