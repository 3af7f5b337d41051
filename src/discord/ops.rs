//! What an operator watches (`fourbot run --metrics <addr>`): Prometheus
//! metrics at `/metrics` and a health check at `/healthz`, on one HTTP
//! address. Every metric is listed in `docs/operations.md`.
//!
//! The metrics are recorded through the `metrics` facade wherever they
//! happen (the host counts matches and moves, the store times commits, the
//! Discord adapter counts interactions, REST calls and gateway events);
//! [`install`] makes them Prometheus text with
//! `metrics-exporter-prometheus`. Latencies are histograms in seconds
//! ([`LATENCY_BUCKETS`]).

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::{Request, Response, StatusCode};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;

/// Interactions received, by `kind` (`command`, `component`,
/// `autocomplete`, `modal`).
pub const INTERACTIONS: &str = "fourbot_interactions_total";
/// Seconds from an interaction's arrival to Discord's answer to its
/// acknowledgement (the callback).
pub const ACK_SECONDS: &str = "fourbot_ack_seconds";
/// Seconds from a press that made a move to its match's next turn posted.
pub const TURN_POSTED_SECONDS: &str = "fourbot_turn_posted_seconds";
/// REST requests answered, by `route` (serenity's route name) and `status`
/// (the HTTP status, or `error` when none came).
pub const REST_REQUESTS: &str = "fourbot_rest_requests_total";
/// 429s met, by `scope` (`route` or `global`).
pub const RATE_LIMITED: &str = "fourbot_rest_rate_limited_total";
/// Gateway sessions identified again after the first, per `shard`.
pub const GATEWAY_RECONNECTS: &str = "fourbot_gateway_reconnects_total";
/// Gateway sessions resumed, per `shard`.
pub const GATEWAY_RESUMES: &str = "fourbot_gateway_resumes_total";

tokio::task_local! {
    /// When the event being handled arrived (set around each dispatch).
    pub static RECEIVED: std::time::Instant;
}

/// Records an acknowledgement answered now in [`ACK_SECONDS`], timed from
/// the event's arrival ([`RECEIVED`]; nothing outside a dispatch).
pub fn acknowledged() {
    if let Ok(arrived) = RECEIVED.try_with(|t| *t) {
        metrics::histogram!(ACK_SECONDS).record(arrived.elapsed().as_secs_f64());
    }
}

/// The histogram buckets of every `*_seconds` metric: 1 ms to 10 s.
pub const LATENCY_BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 7.5, 10.0,
];

/// The relay's view of the shards and the range this process runs.
type Watched = Option<(super::relay::Watch, u32, u32)>;

/// Whether the bot is healthy: every shard it runs has a gateway session
/// (from its READY or RESUMED to the end of its connection, as the relay
/// sees it: [`super::relay`]).
#[derive(Clone, Default)]
pub struct Health {
    inner: Arc<Mutex<Watched>>,
}

impl Health {
    /// The shards `first..=last` of `relay` are the ones to watch (a new
    /// client after a reconnect with more shards replaces the range).
    pub fn watch(&self, relay: super::relay::Watch, first: u32, last: u32) {
        *self.inner.lock().unwrap_or_else(|e| e.into_inner()) = Some((relay, first, last));
    }

    /// `Ok` when every shard has a session, else why not: `"1 of 2 shards
    /// connected; shard 1 down for 12 s"`.
    pub async fn check(&self) -> Result<(), String> {
        let Some((relay, first, last)) =
            self.inner.lock().unwrap_or_else(|e| e.into_inner()).clone()
        else {
            return Err("not connected to Discord yet".into());
        };
        let down = relay.down(first, last);
        if down.is_empty() {
            return Ok(());
        }
        let owned = last - first + 1;
        let connected = owned - down.len() as u32;
        let down: Vec<String> = down
            .iter()
            .map(|(id, d)| format!("shard {id} down for {} s", d.as_secs()))
            .collect();
        Err(format!(
            "{connected} of {owned} shards connected; {}",
            down.join(", ")
        ))
    }
}

/// Installs the Prometheus recorder for the whole process (once; a second
/// call fails).
///
/// # Errors
/// A recorder is installed already.
pub fn install() -> Result<PrometheusHandle, String> {
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &LATENCY_BUCKETS)
        .map_err(|e| e.to_string())?
        .install_recorder()
        .map_err(|e| e.to_string())?;
    // The exporter's histograms grow until rendered: keep them drained.
    let upkeep = handle.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(5));
        loop {
            every.tick().await;
            upkeep.run_upkeep();
        }
    });
    Ok(handle)
}

/// Binds `addr`.
///
/// # Errors
/// The address cannot be bound (in use, not local, …).
pub async fn bind(addr: SocketAddr) -> Result<TcpListener, String> {
    TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))
}

/// Serves `/metrics` (Prometheus text format 0.0.4 from `metrics`) and
/// `/healthz` (200 `ok` while [`Health::check`] passes, else 503 with the
/// reason) on `listener`, for ever.
pub async fn serve(listener: TcpListener, metrics: PrometheusHandle, health: Health) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let (metrics, health) = (metrics.clone(), health.clone());
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req: Request<hyper::body::Incoming>| {
                let (metrics, health) = (metrics.clone(), health.clone());
                async move { Ok::<_, Infallible>(answer(req.uri().path(), &metrics, &health).await) }
            });
            let io = hyper_util::rt::TokioIo::new(stream);
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(io, service)
                .await;
        });
    }
}

async fn answer(path: &str, metrics: &PrometheusHandle, health: &Health) -> Response<Full<Bytes>> {
    let (status, kind, body) = match path {
        "/metrics" => (
            StatusCode::OK,
            "text/plain; version=0.0.4",
            metrics.render(),
        ),
        "/healthz" => match health.check().await {
            Ok(()) => (StatusCode::OK, "text/plain", "ok\n".to_string()),
            Err(why) => (
                StatusCode::SERVICE_UNAVAILABLE,
                "text/plain",
                format!("{why}\n"),
            ),
        },
        _ => (
            StatusCode::NOT_FOUND,
            "text/plain",
            "/metrics or /healthz\n".to_string(),
        ),
    };
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static(kind),
    );
    response
}
