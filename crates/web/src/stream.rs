//! `GET /m/<match>/events`: the table as it changes, as server-sent events.
//!
//! Each event (`state`) carries every changing part of the page as HTML
//! rendered here (status, board, players with their clocks, score, moves),
//! the words the live region reads aloud, and whether the match still
//! runs; table.js puts each part in its place. The last state of a match
//! that is over carries its result too (`result`). The first event is the
//! match as it is when the stream opens; then one follows each batch of
//! the match's events (a move made anywhere: Discord, the terminal, the
//! AI), read from a fresh snapshot, so a receiver that lagged behind
//! resyncs by itself. A match that ends sends its last state and the
//! stream ends; a finished match has no stream (204: the browser does not
//! reconnect). Streams are capped per client address and in all
//! ([`crate::guard`]); one more is refused with 429.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use tokio::sync::{broadcast, watch};

use fourbot_core::game::Color;
use fourbot_core::play::Event;
use fourbot_host::{MatchId, Table};
use fourbot_i18n::{id, Args, Locale};

use super::guard::{ClientAddr, StreamSlot};
use super::pages::{lang_param, not_found, note, parts, status, visible};
use super::renders::{RenderKey, Seen};
use super::state::Web;

/// How often a comment keeps an idle stream open through proxies.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// How long the browser waits before it reconnects a stream that broke.
pub const RETRY: Duration = Duration::from_secs(3);

/// The words the live region reads for the change from `before` to
/// `table`: the new move ("12. red, alice: d") and the status line; none
/// for the first state.
fn announcement(web: &Web, l: Locale, before: Option<Seen>, table: &Table) -> String {
    let Some(before) = before else {
        return String::new();
    };
    let now = Seen::of(table);
    if now == before {
        return String::new();
    }
    let catalog = web.catalog();
    let mut words = Vec::new();
    let m = &table.game;
    let game = m.current_game().game();
    let moved = now.games != before.games || now.plies > before.plies;
    if let (true, Some(mv)) = (moved, game.moves().last()) {
        let n = game.moves().len();
        let color = Color::from_index((n - 1) % game.position().rules().colors as usize);
        let mover = m
            .current_game()
            .order()
            .seats()
            .iter()
            .copied()
            .find(|s| m.current_game().order().color_of(*s) == Some(color));
        let player = mover
            .and_then(|s| table.seats.get(s.index()))
            .map(|s| super::pages::name(&s.name))
            .unwrap_or_default();
        words.push(
            catalog.text(
                l,
                id::WEB_ANNOUNCE_MOVE,
                &Args::new()
                    .set("number", n as i64)
                    .set("color", catalog.color_name(l, color))
                    .set("player", player)
                    .set("move", mv.to_string()),
            ),
        );
    }
    words.push(status(catalog, l, table));
    words.join(" · ")
}

/// The `state` event of `table`; the last one of a match that is over
/// also carries its result ([`crate::replay::result_section`]: how each
/// game ended, the rating changes, the export and the GIFs), so an open
/// table ends showing it.
async fn state_event(web: &Web, l: Locale, before: Option<Seen>, table: &Table) -> SseEvent {
    // Rendered once for every stream of the match in `l` ([`crate::renders`]).
    let key = RenderKey::of(l, before, table);
    let data = web
        .renders()
        .get_or_render(key, || render_state(web, l, before, table))
        .await;
    SseEvent::default().event("state").data(&*data)
}

/// The JSON of [`state_event`].
async fn render_state(web: &Web, l: Locale, before: Option<Seen>, table: &Table) -> String {
    let p = parts(web.catalog(), l, table);
    let result = if table.game.is_finished() {
        Some(
            maud::html! {
                (crate::replay::result_section(web, l, table, &p.status, p.score.clone()).await)
                // The page itself is the replay now.
                p.replay-link {
                    a href=(crate::paths::match_page(table.id)) {
                        (web.catalog().plain(l, id::WEB_REPLAY_LINK))
                    }
                }
            }
            .into_string(),
        )
    } else {
        None
    };
    let mut data = serde_json::json!({
        "status": p.status,
        "board": p.board.into_string(),
        "players": p.players.into_string(),
        "score": p.score.into_string(),
        "moves": p.moves.into_string(),
        "announce": announcement(web, l, before, table),
        "note": note(web.catalog(), l, table.live),
        "live": table.live,
        "turn": super::pages::turn_key(table),
    });
    if let Some(result) = result {
        data["result"] = result.into();
    }
    data.to_string()
}

/// Where a stream stands.
struct Following {
    web: Web,
    l: Locale,
    id: MatchId,
    /// The state to send first (the match when the stream opened).
    first: Option<Table>,
    events: Option<broadcast::Receiver<Event>>,
    seen: Option<Seen>,
    stop: watch::Receiver<bool>,
    /// Given back when the stream is dropped.
    _slot: StreamSlot,
}

impl Following {
    /// The next state to send, or `None` when the stream ends (the match
    /// is over and its last state was sent, or the bot stops).
    async fn next(&mut self) -> Option<SseEvent> {
        if let Some(table) = self.first.take() {
            return Some(self.send(table).await);
        }
        let events = self.events.as_mut()?;
        let changed = tokio::select! {
            _ = self.stop.wait_for(|stop| *stop) => return None,
            got = events.recv() => got,
        };
        let table = match changed {
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {
                // One state for everything that has happened.
                while let Ok(_) | Err(broadcast::error::TryRecvError::Lagged(_)) = events.try_recv()
                {
                }
                self.web.host().table(self.id).await?
            }
            Err(broadcast::error::RecvError::Closed) => {
                // The task ended (the match is over), or died and was
                // replaced (docs/reliability.md): follow the new one.
                match self.web.host().watch(self.id).await {
                    Some(watch) => {
                        self.events = Some(watch.events);
                        watch.table
                    }
                    None => {
                        self.events = None;
                        self.web.host().table(self.id).await?
                    }
                }
            }
        };
        Some(self.send(table).await)
    }

    async fn send(&mut self, table: Table) -> SseEvent {
        let event = state_event(&self.web, self.l, self.seen, &table).await;
        self.seen = Some(Seen::of(&table));
        if !table.live {
            // The last state: the stream ends after it.
            self.events = None;
        }
        event
    }
}

/// What an event stream follows (a match's, a tournament's): its next
/// event, `None` when the stream ends.
pub(crate) trait Source: Send + 'static {
    /// The next event to send, or `None` to end the stream.
    fn next(&mut self) -> impl std::future::Future<Output = Option<SseEvent>> + Send;
}

impl Source for Following {
    async fn next(&mut self) -> Option<SseEvent> {
        Following::next(self).await
    }
}

fn follow<S: Source>(source: S) -> impl Stream<Item = Result<SseEvent, Infallible>> {
    futures_util::stream::unfold(source, |mut source| async move {
        let event = source.next().await?;
        Some((Ok(event), source))
    })
}

/// The answer of an event stream that follows `source`: the browser's
/// reconnection delay first ([`RETRY`]), a keep-alive every
/// [`KEEP_ALIVE`], never stored, not held back by a proxy.
pub(crate) fn respond<S: Source>(source: S) -> Response {
    let retry = futures_util::stream::once(async {
        Ok::<_, Infallible>(SseEvent::default().retry(RETRY).comment("fourbot"))
    });
    let stream = futures_util::StreamExt::chain(retry, follow(source));
    let mut response = Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // nginx: pass each event on at once.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

/// The answer to a stream the caps refuse ([`crate::guard::StreamSlots`]).
pub(crate) fn too_many_streams() -> Response {
    (StatusCode::TOO_MANY_REQUESTS, "too many event streams\n").into_response()
}

/// `GET /m/<match>/events`: see the module's documentation. 404 as the
/// page's; 204 for a match that is over; 429 past the caps.
pub async fn events(
    State(web): State<Web>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    ClientAddr(address): ClientAddr,
    headers: HeaderMap,
) -> Response {
    let l = web
        .reader_locale(lang_param(query.as_deref()), &headers)
        .await;
    let Some(table) = visible(&web, &id).await else {
        return not_found(l);
    };
    if !table.live {
        return StatusCode::NO_CONTENT.into_response();
    }
    let Some(slot) = web.streams().take(address) else {
        tracing::debug!(%address, "an event stream refused: too many open");
        return too_many_streams();
    };
    let Some(watch) = web.host().watch(table.id).await else {
        return StatusCode::NO_CONTENT.into_response();
    };
    let following = Following {
        l,
        id: table.id,
        first: Some(watch.table),
        events: Some(watch.events),
        seen: None,
        stop: web.stopping(),
        web,
        _slot: slot,
    };
    respond(following)
}
