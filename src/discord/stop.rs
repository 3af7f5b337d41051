//! Stopping the bot: SIGTERM (how systemd and container runtimes stop a
//! service) and Ctrl-C (SIGINT), listened for once, when `fourbot run`
//! starts.
//!
//! Once, and first: registering a listener can fail (out of descriptors),
//! and a listener registered later, or again after a reconnect, that fails
//! would leave the signal caught by the runtime's handler and answered by
//! nobody — SIGTERM silently ignored. Registered before the store, the
//! gateway and the metrics listener take any descriptor, it cannot.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::signal::unix::{signal, Signal, SignalKind};
use tokio::sync::watch;

/// Whether a stop was asked for (turns `true` once, never back): what the
/// gateway's shards and anything else that must end on a stop wait on.
pub type Stop = watch::Receiver<bool>;

/// How long the bot may take to stop once asked (the shards disconnect,
/// the leases are released): past it, it stops without them. With the
/// runtime's own 2 s for blocking work (`cli/bot.rs`), a stop takes at most
/// 7 s, within systemd's `TimeoutStopSec=20` of docs/operations.md and a
/// container runtime's usual 10 s.
pub const GRACE: Duration = Duration::from_secs(5);

/// Listens for SIGTERM and SIGINT from now on (both registered before this
/// returns; must be called within the runtime). The first of them is
/// logged (`terminated: disconnecting`, `interrupted: disconnecting`) and
/// turns the returned [`Stop`] true.
///
/// A listener that cannot be registered is logged once; its signal then
/// keeps its default action (the process ends at once, by the signal).
pub fn listen() -> Stop {
    let (asked, stop) = watch::channel(false);
    let terminate = register(SignalKind::terminate(), "SIGTERM");
    let interrupt = register(SignalKind::interrupt(), "SIGINT");
    tokio::spawn(async move {
        tokio::select! {
            Some(()) = received(terminate) => tracing::info!("terminated: disconnecting"),
            Some(()) = received(interrupt) => tracing::info!("interrupted: disconnecting"),
            // Both listeners ended: the runtime is going away.
            else => return,
        }
        let _ = asked.send(true);
    });
    stop
}

/// Returns when the bot must stop without waiting any longer, after
/// `stop` turned true (never, if it does not): at once while it is still
/// starting (`connecting` false: no shard to disconnect, and a store
/// opening or a request retried is simply dropped), else [`GRACE`] later,
/// with a warning.
pub async fn overdue(mut stop: Stop, connecting: &AtomicBool) {
    if stop.wait_for(|asked| *asked).await.is_err() {
        return std::future::pending().await;
    }
    if !connecting.load(Ordering::SeqCst) {
        return;
    }
    tokio::time::sleep(GRACE).await;
    tracing::warn!(
        "not stopped within {} s: stopping now (the shard leases expire on their own)",
        GRACE.as_secs()
    );
}

fn register(kind: SignalKind, name: &str) -> Option<Signal> {
    signal(kind)
        .inspect_err(|e| {
            tracing::error!(error = %e, "cannot listen for {name}: it will end the bot at once, without disconnecting");
        })
        .ok()
}

/// The next delivery of `signal` (never, without a listener).
async fn received(signal: Option<Signal>) -> Option<()> {
    match signal {
        Some(mut s) => s.recv().await,
        None => std::future::pending().await,
    }
}
