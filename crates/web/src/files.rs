//! A match's files: `GET /m/<match>/export.txt` (the exchange format of
//! docs/rules.md §2, the same text as Discord's `/export`),
//! `GET /m/<match>/replay.gif` (one game's animated replay, as `/replay`
//! draws it; `?game=<n>`, else the last game) and
//! `GET /m/<match>/board.png` (the board as it stands: the pages'
//! `og:image`).
//!
//! The same 404 as the match's page ([`crate::pages::not_found`]) for a
//! server without the web, the terminal's matches and unknown ones, and
//! the same budget of requests per address as the pages. Pictures are
//! drawn off the async runtime, a few at a time
//! ([`crate::kept::Files::draw`]): a GIF
//! of a long game is some CPU, so a burst of them waits for a permit
//! instead of stalling the bot, and past [`crate::kept::MAX_WAITING`]
//! waiting the answer is 503. A finished match never changes, so its
//! files are kept ([`crate::kept::Kept`], bounded in entries and bytes)
//! and served again; a running match's are made at every request and
//! never kept.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::pages::Reader;
use fourbot_host::archive::exchange_text;
use fourbot_host::Table;
use fourbot_render::{board_png, replay_gif, RenderOptions};

use super::kept::{Kind, Unmade};
use super::pages::{not_found, visible};
use super::state::Web;

/// The 0-based game that `?game=<n>` (1-based) names in `table`'s match,
/// else its last game.
pub fn game_param(query: Option<&str>, table: &Table) -> usize {
    let games = table.game.games().len();
    crate::replay::param(query, "game")
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|g| (1..=games).contains(g))
        .map_or(games.saturating_sub(1), |g| g - 1)
}

/// What [`file`] answers with: the bytes, their type and name.
struct Made {
    bytes: Arc<[u8]>,
    content_type: &'static str,
    /// `Content-Disposition`, if the file has a name.
    disposition: Option<String>,
}

/// Makes file `kind` of `table`'s match (read from the store for the
/// export).
async fn make(web: &Web, table: &Table, kind: Kind) -> Result<Vec<u8>, Unmade> {
    match kind {
        Kind::Export => {
            let (detail, m) = web
                .ladder()
                .find_match(table.guild, &table.id.0.to_string())
                .await
                .map_err(|_| Unmade::Failed)?;
            Ok(exchange_text(&detail, &m).into_bytes())
        }
        Kind::Gif(game) => {
            let record = table.game.games().get(game).ok_or(Unmade::Failed)?;
            let game = record.game().clone();
            let drawn = web.files().draw(move || replay_gif(&game)).await?;
            drawn.map(|r| r.gif).map_err(|e| {
                tracing::error!(match_id = %table.id, error = %e, "a replay GIF failed");
                Unmade::Failed
            })
        }
        Kind::Png => {
            let game = table.game.current_game().game().clone();
            let drawn = web
                .files()
                .draw(move || board_png(&game, &RenderOptions::default()))
                .await?;
            drawn.map_err(|e| {
                tracing::error!(match_id = %table.id, error = %e, "a board PNG failed");
                Unmade::Failed
            })
        }
    }
}

/// The answer to `GET /m/<match>/<file>`.
async fn file(
    web: Web,
    id: String,
    Reader { l, .. }: Reader,
    kind: impl FnOnce(&Table) -> Kind,
) -> Response {
    let Some(table) = visible(&web, &id).await else {
        return not_found(l);
    };
    let kind = kind(&table);
    let finished = table.game.is_finished();
    let key = (table.id.0, kind);
    let kept = if finished {
        web.files().kept(key)
    } else {
        None
    };
    let bytes = match kept {
        Some(bytes) => bytes,
        None => match make(&web, &table, kind).await {
            Ok(bytes) => {
                let bytes: Arc<[u8]> = bytes.into();
                if finished {
                    web.files().keep(key, bytes.clone());
                }
                bytes
            }
            Err(Unmade::Busy) => {
                let mut response =
                    (StatusCode::SERVICE_UNAVAILABLE, "busy drawing; try again\n").into_response();
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
                return response;
            }
            Err(Unmade::Failed) => return not_found(l),
        },
    };
    let made = Made {
        bytes,
        content_type: match kind {
            Kind::Export => "text/plain; charset=utf-8",
            Kind::Gif(_) => "image/gif",
            Kind::Png => "image/png",
        },
        disposition: match kind {
            Kind::Export => Some(format!("inline; filename=\"match-{}.txt\"", table.id.0)),
            Kind::Gif(g) => Some(format!(
                "inline; filename=\"match-{}-game-{}.gif\"",
                table.id.0,
                g + 1
            )),
            Kind::Png => None,
        },
    };
    let mut response = (StatusCode::OK, made.bytes.to_vec()).into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(made.content_type),
    );
    if let Some(d) = made
        .disposition
        .and_then(|d| HeaderValue::from_str(&d).ok())
    {
        h.insert(header::CONTENT_DISPOSITION, d);
    }
    // A finished match's file never changes, but the server may turn the
    // web off: kept a little while, then asked again. A running one's
    // changes with every move.
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if finished {
            "public, max-age=300"
        } else {
            "no-cache"
        }),
    );
    response
}

/// `GET /m/<match>/export.txt`: see the module's documentation.
pub async fn export(State(web): State<Web>, Path(id): Path<String>, reader: Reader) -> Response {
    file(web, id, reader, |_| Kind::Export).await
}

/// `GET /m/<match>/replay.gif?game=<n>`: see the module's documentation.
pub async fn gif(State(web): State<Web>, Path(id): Path<String>, reader: Reader) -> Response {
    let game = reader.query.clone();
    file(web, id, reader, move |t| {
        Kind::Gif(game_param(game.as_deref(), t))
    })
    .await
}

/// `GET /m/<match>/board.png`: see the module's documentation.
pub async fn png(State(web): State<Web>, Path(id): Path<String>, reader: Reader) -> Response {
    file(web, id, reader, |_| Kind::Png).await
}
