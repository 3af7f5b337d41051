//! Posts the host's views (its outbox) into the matches' threads: one worker
//! per match posts that match's views strictly in order; every turn (and the
//! end of a game or match) is a new channel message, and the previous
//! message loses its buttons. The thread is unarchived before posting when
//! needed and archived at the end of the match.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ChannelId, CreateMessage, EditMessage, EditThread, Http, HttpError, MessageId,
};
use tokio::sync::mpsc;

use super::messages::{clip, mentions_only, view_message};
use super::routes::Routes;
use crate::host::{Audience, MatchId, View, ViewKind};

/// Discord's JSON error code for a message sent into an archived thread.
const THREAD_ARCHIVED: isize = 50083;

/// How long a view waits for its match's route (the first view can arrive
/// before the accepting press has recorded the thread).
const ROUTE_WAIT: Duration = Duration::from_secs(30);

/// Reads the outbox until it closes, handing each view to its match's
/// worker.
pub async fn run(http: Arc<Http>, routes: Arc<Routes>, mut views: mpsc::UnboundedReceiver<View>) {
    let mut workers: HashMap<MatchId, mpsc::UnboundedSender<View>> = HashMap::new();
    while let Some(view) = views.recv().await {
        let id = view.match_id;
        let tx = workers.entry(id).or_insert_with(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(worker(http.clone(), routes.clone(), id, rx));
            tx
        });
        let _ = tx.send(view);
    }
}

async fn worker(
    http: Arc<Http>,
    routes: Arc<Routes>,
    id: MatchId,
    mut views: mpsc::UnboundedReceiver<View>,
) {
    while let Some(view) = views.recv().await {
        if let Err(e) = post(&http, &routes, id, &view).await {
            tracing::error!(match_id = %id, error = %e, "posting a view failed");
        }
    }
}

fn archived(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code == THREAD_ARCHIVED)
}

/// Sends `message` into `thread`, unarchiving the thread first if the bot
/// archived it, or if Discord says it is archived (auto-archive).
async fn send(
    http: &Http,
    routes: &Routes,
    thread: ChannelId,
    was_archived: bool,
    message: CreateMessage,
) -> serenity::Result<MessageId> {
    if was_archived {
        unarchive(http, routes, thread).await?;
    }
    match thread.send_message(http, message.clone()).await {
        Ok(m) => Ok(m.id),
        Err(e) if archived(&e) => {
            unarchive(http, routes, thread).await?;
            Ok(thread.send_message(http, message).await?.id)
        }
        Err(e) => Err(e),
    }
}

async fn unarchive(http: &Http, routes: &Routes, thread: ChannelId) -> serenity::Result<()> {
    thread
        .edit_thread(http, EditThread::new().archived(false))
        .await?;
    routes.set_archived(thread, false).await;
    Ok(())
}

async fn post(http: &Http, routes: &Routes, id: MatchId, view: &View) -> serenity::Result<()> {
    if view.audience != Audience::Everyone {
        // Private views need an interaction to answer; they come back from
        // the host's calls as refusals instead.
        tracing::debug!(match_id = %id, "private view on the outbox skipped");
        return Ok(());
    }
    let Some(route) = routes.wait(id, ROUTE_WAIT).await else {
        tracing::warn!(match_id = %id, "no thread for the match; view dropped");
        return Ok(());
    };
    match view.kind {
        ViewKind::Refusal => Ok(()),
        ViewKind::Notice => {
            let m = CreateMessage::new()
                .content(clip(&view.text))
                .allowed_mentions(mentions_only(&[]));
            send(http, routes, route.thread, route.archived, m).await?;
            Ok(())
        }
        ViewKind::Turn { .. } | ViewKind::GameOver | ViewKind::MatchOver => {
            if view.kind == ViewKind::MatchOver {
                // Over before it is announced: a challenge right after the
                // announcement must not find it running.
                routes.finish(id).await;
            }
            let new = send(
                http,
                routes,
                route.thread,
                route.archived,
                view_message(view),
            )
            .await?;
            let live = (!view.buttons.is_empty()).then_some(new);
            if let Some(old) = routes.replace_buttons(id, live).await {
                if old != new {
                    route
                        .thread
                        .edit_message(http, old, EditMessage::new().components(Vec::new()))
                        .await?;
                }
            }
            if view.kind == ViewKind::MatchOver {
                route
                    .thread
                    .edit_thread(http, EditThread::new().archived(true))
                    .await?;
                routes.set_archived(route.thread, true).await;
            }
            Ok(())
        }
    }
}
