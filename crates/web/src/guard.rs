//! What every answer carries and what no client may exceed: the security
//! headers, the limit on request bodies, the caps on event streams, and
//! the client's address they count by.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequestParts, Request};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;

use fourbot_host::limits::MinuteWindows;

/// The Content-Security-Policy of every answer: scripts and style sheets
/// only from this site's files (no inline script, no inline style, no
/// `eval`), pictures from this site or `data:`, event streams to this
/// site; no plugin, no `<base>`, forms only here, never in a frame.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The largest request body accepted, in bytes: every route so far is a
/// `GET`, so anything larger is refused (413) before it is read.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// Event streams (`/m/<match>/events`) one client address may hold open
/// at once; one more is refused with 429. A browser opens one per tab
/// (HTTP/1.1 browsers allow six connections per site in all).
pub const MAX_STREAMS_PER_ADDRESS: usize = 8;

/// Event streams open at once in all; one more is refused with 429. Each
/// costs a task and a few kilobytes; the goal is a thousand
/// spectators on one match.
pub const MAX_STREAMS_TOTAL: usize = 4096;

/// The caps on event streams ([`MAX_STREAMS_PER_ADDRESS`],
/// [`MAX_STREAMS_TOTAL`] by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamLimits {
    /// Open at once per client address.
    pub per_address: usize,
    /// Open at once in all.
    pub total: usize,
}

impl Default for StreamLimits {
    fn default() -> Self {
        StreamLimits {
            per_address: MAX_STREAMS_PER_ADDRESS,
            total: MAX_STREAMS_TOTAL,
        }
    }
}

/// Actions (`POST /m/<match>/act`) a signed-in player may send a minute:
/// a bullet game's moves with room to spare, not a script's flood.
pub const ACTIONS_PER_USER_MINUTE: u32 = 60;

/// Actions a minute from one client address (a household, or a school
/// behind one address, may have several players).
pub const ACTIONS_PER_ADDRESS_MINUTE: u32 = 120;

/// Pages (`/m/<match>`, `/t/<ticket>`) a minute from one client address:
/// a finished match's page is rebuilt from the store, so page loads are
/// bounded like actions. A spectator's page follows the match through its
/// one event stream, not by reloading. The player pages, the leaderboards
/// and their pictures count here too ([`crate::people`],
/// [`crate::leaderboard`]).
pub const PAGES_PER_ADDRESS_MINUTE: u32 = 240;

/// The web's budgets of requests a minute ([`ACTIONS_PER_USER_MINUTE`],
/// [`ACTIONS_PER_ADDRESS_MINUTE`], [`PAGES_PER_ADDRESS_MINUTE`] by
/// default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestLimits {
    /// Actions a minute per signed-in user.
    pub actions_per_user: u32,
    /// Actions a minute per client address.
    pub actions_per_address: u32,
    /// Pages a minute per client address.
    pub pages_per_address: u32,
}

impl Default for RequestLimits {
    fn default() -> Self {
        RequestLimits {
            actions_per_user: ACTIONS_PER_USER_MINUTE,
            actions_per_address: ACTIONS_PER_ADDRESS_MINUTE,
            pages_per_address: PAGES_PER_ADDRESS_MINUTE,
        }
    }
}

/// What a request is counted as, and for whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Counted {
    ActionByUser(u64),
    ActionByAddress(IpAddr),
    PageByAddress(IpAddr),
}

/// How many keys [`RequestWindows`] keeps before it drops those without a
/// request in the last minute (a stream of new addresses does not grow it).
const WINDOW_KEYS: usize = 8_192;

/// Sliding one-minute windows of requests per user and per address
/// ([`RequestLimits`]; the host's [`MinuteWindows`], as the commands'
/// budgets); a refused request is not counted.
pub(crate) struct RequestWindows {
    limits: RequestLimits,
    uses: MinuteWindows<Counted>,
}

impl RequestWindows {
    pub(crate) fn new(limits: RequestLimits) -> RequestWindows {
        RequestWindows {
            limits,
            uses: MinuteWindows::new(WINDOW_KEYS),
        }
    }

    /// Counts each of `keys` now within its limit; else how long until a
    /// request of the fullest window is a minute old (whole seconds).
    fn take(&self, keys: &[(Counted, u32)]) -> Result<(), u64> {
        self.uses.take(keys).map_err(|(_, wait)| wait.as_secs())
    }

    /// An action by `user` from `address`.
    ///
    /// # Errors
    /// The seconds to wait, over either budget.
    pub(crate) fn action(&self, user: u64, address: IpAddr) -> Result<(), u64> {
        self.take(&[
            (Counted::ActionByUser(user), self.limits.actions_per_user),
            (
                Counted::ActionByAddress(address),
                self.limits.actions_per_address,
            ),
        ])
    }

    /// A page for `address`.
    ///
    /// # Errors
    /// The seconds to wait.
    pub(crate) fn page(&self, address: IpAddr) -> Result<(), u64> {
        self.take(&[(
            Counted::PageByAddress(address),
            self.limits.pages_per_address,
        )])
    }
}

/// The event streams open now, per address and in all.
pub(crate) struct StreamSlots {
    limits: StreamLimits,
    inner: Arc<SlotCounts>,
}

#[derive(Default)]
struct SlotCounts {
    total: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// One open event stream: its slot is given back when it is dropped (the
/// stream ended, or the client went away).
pub(crate) struct StreamSlot {
    address: IpAddr,
    counts: Arc<SlotCounts>,
}

impl StreamSlots {
    pub(crate) fn new(limits: StreamLimits) -> StreamSlots {
        StreamSlots {
            limits,
            inner: Arc::default(),
        }
    }

    /// A slot for one more stream of `address`, if neither cap is reached.
    pub(crate) fn take(&self, address: IpAddr) -> Option<StreamSlot> {
        let mut by_address = self.inner.by_address.lock().expect("slots lock");
        let mine = by_address.get(&address).copied().unwrap_or(0);
        if mine >= self.limits.per_address
            || self.inner.total.load(Ordering::SeqCst) >= self.limits.total
        {
            return None;
        }
        by_address.insert(address, mine + 1);
        self.inner.total.fetch_add(1, Ordering::SeqCst);
        Some(StreamSlot {
            address,
            counts: self.inner.clone(),
        })
    }

    /// Streams open now, in all.
    pub(crate) fn open(&self) -> usize {
        self.inner.total.load(Ordering::SeqCst)
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut by_address = self.counts.by_address.lock().expect("slots lock");
        if let Some(n) = by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                by_address.remove(&self.address);
            }
        }
        self.counts.total.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The address of the client that asked: the connection's peer, or, when
/// the peer is a loopback address (the reverse proxy on the same machine,
/// docs/web.md), the last address of its `X-Forwarded-For` (the one the
/// proxy appended; the ones before it are the client's word). Unknown (no
/// connection information: a test calling the router directly) reads as
/// `0.0.0.0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
            .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        if !peer.is_loopback() {
            return Ok(ClientAddr(peer));
        }
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            // The proxy's own entry only: one before it is the client's
            // word, so an entry that does not read is not skipped.
            .next_back()
            .and_then(|a| a.trim().parse::<IpAddr>().ok());
        Ok(ClientAddr(forwarded.unwrap_or(peer)))
    }
}

/// `routes` with the security headers on every answer and bodies over
/// [`MAX_BODY_BYTES`] refused.
pub(crate) fn layers<S: Clone + Send + Sync + 'static>(routes: Router<S>) -> Router<S> {
    routes
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(limit_body))
        .layer(middleware::map_response(secure))
}

/// Refuses a request whose declared body is over [`MAX_BODY_BYTES`] (413)
/// without reading it.
async fn limit_body(request: Request, next: Next) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    }
    next.run(request).await
}

/// The headers of every answer: [`CONTENT_SECURITY_POLICY`], no MIME
/// sniffing, no referrer sent to other sites, no framing.
async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    let set = |headers: &mut axum::http::HeaderMap, name: HeaderName, value: &'static str| {
        headers.insert(name, HeaderValue::from_static(value));
    };
    set(
        headers,
        header::CONTENT_SECURITY_POLICY,
        CONTENT_SECURITY_POLICY,
    );
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, header::REFERRER_POLICY, "same-origin");
    set(headers, header::X_FRAME_OPTIONS, "DENY");
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_capped_per_address_and_in_all_and_given_back_when_dropped() {
        let slots = StreamSlots::new(StreamLimits {
            per_address: 2,
            total: 3,
        });
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let a1 = slots.take(a).unwrap();
        let _a2 = slots.take(a).unwrap();
        assert!(slots.take(a).is_none(), "a third for one address");
        let _b1 = slots.take(b).unwrap();
        assert!(slots.take(b).is_none(), "a fourth in all");
        drop(a1);
        assert_eq!(slots.open(), 2);
        assert!(slots.take(b).is_some());
    }
}
