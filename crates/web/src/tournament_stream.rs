//! `GET /tournament/<id>/events`: a tournament's page as it changes, as
//! server-sent events.
//!
//! Each event (`state`) carries the changing parts of the page as HTML
//! rendered here (the state line, the winner, the standings, every round's
//! pairings), the words the live region reads (the results that came, a
//! round paired) and whether the tournament may still change. The first
//! event is the tournament as it is when the stream opens; then one
//! follows each change the director signals
//! ([`fourbot_host::tournaments::Tournaments::changes`]: entrants, the
//! start, a round paired, a result recorded, the end), read once for all
//! the streams of that tournament ([`crate::tournament_reads`]);
//! while a pairing waits for its match to be opened (which the store
//! records without a signal) it is read again every
//! [`crate::tournament_reads::FRESH_WHILE_OPENING`]. Nothing is sent when
//! nothing shown changed. A tournament that ends sends its last state and
//! the stream ends; one that is over has no stream (204: the browser does
//! not reconnect). The streams count against the same caps as the
//! matches' ([`crate::guard`]): one more is refused with 429.

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::Event as SseEvent;
use axum::response::{IntoResponse, Response};
use tokio::sync::{broadcast, watch};

use fourbot_host::tournaments::Overview;
use fourbot_host::TournamentId;
use fourbot_i18n::{id, Args, Locale};

use super::guard::{ClientAddr, StreamSlot};
use super::pages::{lang_param, name, not_found};
use super::state::Web;
use super::stream::{respond, too_many_streams, Source};
use super::tournament::{note, parts, result_text, visible};
use super::tournament_reads::{Snapshot, FRESH_WHILE_OPENING};

/// The words the live region reads for the change from `before` to
/// `now`: each result that came ("Round 2, board 1: alice 1–0 bob"), a
/// round paired, or else the state line when it changed; empty when
/// nothing of that changed (or on the first event).
fn announce(web: &Web, l: Locale, before: Option<&Overview>, now: &Overview) -> String {
    let Some(before) = before else {
        return String::new();
    };
    let catalog = web.catalog();
    let mut said = Vec::new();
    for p in &now.pairings {
        let (Some(outcome), Some(second)) = (p.outcome, &p.second) else {
            continue;
        };
        let known = before
            .pairings
            .iter()
            .any(|b| b.round == p.round && b.board == p.board && b.outcome.is_some());
        if !known {
            said.push(
                catalog.text(
                    l,
                    id::WEB_TOURNAMENT_RESULT,
                    &Args::new()
                        .set("round", i64::from(p.round))
                        .set("board", i64::from(p.board))
                        .set("first", name(&p.first.name))
                        .set("second", name(&second.name))
                        .set("result", result_text(outcome)),
                ),
            );
        }
    }
    let rounds = |o: &Overview| o.pairings.iter().map(|p| p.round).max().unwrap_or(0);
    let arena = now.card.tournament.setup.format == fourbot_core::tournament::Format::Arena;
    if !arena && rounds(now) > rounds(before) {
        said.push(catalog.text(
            l,
            id::WEB_TOURNAMENT_PAIRED,
            &Args::new().set("round", i64::from(rounds(now))),
        ));
    }
    let state = super::tournament::state_line(catalog, l, now);
    if said.is_empty() && state != super::tournament::state_line(catalog, l, before) {
        said.push(state);
    }
    if let Some(winner) = super::tournament::winner_line(catalog, l, now) {
        if before.card.tournament.state != now.card.tournament.state {
            said.push(winner);
        }
    }
    said.join(" ")
}

/// One `state` event of `now` in `l`, after `before`.
fn state_event(web: &Web, l: Locale, before: Option<&Overview>, now: &Snapshot) -> SseEvent {
    let catalog = web.catalog();
    let overview = &now.overview;
    let p = parts(catalog, l, overview);
    let live = now.live();
    let data = serde_json::json!({
        "state": p.state,
        "winner": p.winner,
        "standings": p.standings.into_string(),
        "rounds": p.rounds.into_string(),
        "announce": announce(web, l, before, overview),
        "note": note(catalog, l, live),
        "live": live,
        "version": format!("{:016x}", now.version),
    });
    SseEvent::default().event("state").data(data.to_string())
}

/// A stream's state: what it follows and what it last sent.
struct Following {
    web: Web,
    l: Locale,
    id: TournamentId,
    /// The state to send first.
    first: Option<Snapshot>,
    /// What was sent last.
    sent: Option<Snapshot>,
    /// The director's changes; `None` once the last state was sent.
    changes: Option<broadcast::Receiver<TournamentId>>,
    stop: watch::Receiver<bool>,
    /// Given back when the stream is dropped.
    _slot: StreamSlot,
}

impl Following {
    /// The next state to send, or `None` when the stream ends (the
    /// tournament is over and its last state was sent, or the bot stops).
    async fn next(&mut self) -> Option<SseEvent> {
        if let Some(first) = self.first.take() {
            return Some(self.send(first));
        }
        loop {
            let changes = self.changes.as_mut()?;
            let opening = self.sent.as_ref().is_some_and(Snapshot::opening);
            tokio::select! {
                _ = self.stop.wait_for(|stop| *stop) => return None,
                got = changes.recv() => match got {
                    Ok(id) if id != self.id => continue,
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                    // The director stopped: nothing will change any more.
                    Err(broadcast::error::RecvError::Closed) => return None,
                },
                _ = tokio::time::sleep(FRESH_WHILE_OPENING), if opening => {}
            }
            let now = self
                .web
                .tournament_pages()
                .get(self.web.tournaments(), self.id)
                .await?;
            if self.sent.as_ref().map(|s| s.version) == Some(now.version) {
                continue;
            }
            return Some(self.send(now));
        }
    }

    fn send(&mut self, now: Snapshot) -> SseEvent {
        let before = self.sent.as_ref().map(|s| s.overview.as_ref());
        let event = state_event(&self.web, self.l, before, &now);
        if !now.live() {
            // The last state: the stream ends after it.
            self.changes = None;
        }
        self.sent = Some(now);
        event
    }
}

impl Source for Following {
    async fn next(&mut self) -> Option<SseEvent> {
        Following::next(self).await
    }
}

/// `GET /tournament/<id>/events`: see the module's documentation. 404 as
/// the page's; 204 for a tournament that is over; 429 past the caps.
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
    // Subscribed before the first read, so that no change falls between.
    let changes = web.tournaments().changes();
    let Some(snapshot) = visible(&web, &id).await else {
        return not_found(l);
    };
    if !snapshot.live() {
        return StatusCode::NO_CONTENT.into_response();
    }
    let Some(slot) = web.streams().take(address) else {
        tracing::debug!(%address, "a tournament's event stream refused: too many open");
        return too_many_streams();
    };
    let following = Following {
        l,
        id: snapshot.id(),
        first: Some(snapshot),
        sent: None,
        changes: Some(changes),
        stop: web.stopping(),
        web,
        _slot: slot,
    };
    respond(following)
}
