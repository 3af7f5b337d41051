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
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use parking_lot::Mutex;
use std::time::Duration;

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::{Request, Response, StatusCode};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

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
/// Connection attempts to Discord's gateway, by `outcome` (`ok`: the
/// websocket was opened; `failed`: refused, unreachable or timed out).
pub const GATEWAY_ATTEMPTS: &str = "fourbot_gateway_connect_attempts_total";
/// Seconds each `shard` spent without a session, counted when it is back
/// (from the bot's start for a shard's first session).
pub const GATEWAY_DISCONNECTED_SECONDS: &str = "fourbot_gateway_disconnected_seconds_total";
/// Shards of this process with a session now.
pub const GATEWAY_SHARDS_UP: &str = "fourbot_gateway_shards_up";
/// Discord's dispatches the gateway relay left out because the bot acts
/// on none of them, by `event` (`MESSAGE_CREATE`: a bot's, or outside the
/// match threads; `MESSAGE_UPDATE`, `MESSAGE_DELETE`,
/// `MESSAGE_DELETE_BULK`): `relay::skipped`.
pub const GATEWAY_SKIPPED: &str = "fourbot_gateway_dispatches_skipped_total";

/// Panics, wherever they happened (each is also one error line:
/// [`log_panics`]).
pub const PANICS: &str = "fourbot_panics_total";

/// The histogram buckets of every `*_seconds` metric: 1 ms to 10 s.
pub const LATENCY_BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 7.5, 10.0,
];

/// Makes every panic of the process one error line in the log (`panicked:
/// <message>`, with its `location` as `file:line:column` and its `thread`)
/// and counts it in [`PANICS`], instead of the standard hook's lines on
/// stderr outside the log's format. Install once, after the log.
///
/// A panic in a command still unwinds to poise, which answers it
/// (`commands::on_error`); elsewhere it ends the task it happened in
/// (tokio keeps the other tasks running).
pub fn log_panics() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("(not a string)");
        let location = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_else(|| "unknown".into());
        let thread = std::thread::current();
        metrics::counter!(PANICS).increment(1);
        // One line even for a message of several (assert_eq!'s).
        tracing::error!(
            %location,
            thread = %thread.name().unwrap_or("unnamed"),
            "panicked: {}",
            message.replace('\n', "\\n")
        );
    }));
}

/// Which shards of `first..=last` have no gateway session, and for how
/// long each has had none, in shard order (the relay's view:
/// `relay::Watch::down`).
pub type ShardsDown = Arc<dyn Fn(u32, u32) -> Vec<(u32, Duration)> + Send + Sync>;

/// What the health check asks, and the range this process runs.
type Watched = Option<(ShardsDown, u32, u32)>;

/// Whether the bot is healthy: every shard it runs has a gateway session
/// (from its READY or RESUMED to the end of its connection, as the relay
/// sees it: [`super::relay`]).
#[derive(Clone, Default)]
pub struct Health {
    inner: Arc<Mutex<Watched>>,
}

impl Health {
    /// The shards `first..=last`, as `down` sees them, are the ones to
    /// watch (a new client after a reconnect with more shards replaces the
    /// range).
    pub fn watch(&self, down: ShardsDown, first: u32, last: u32) {
        *self.inner.lock() = Some((down, first, last));
    }

    /// `Ok` when every shard has a session, else why not: `"1 of 2 shards
    /// connected; shard 1 down for 12 s"`.
    pub async fn check(&self) -> Result<(), String> {
        let Some((shards_down, first, last)) = self.inner.lock().clone() else {
            return Err("not connected to Discord yet".into());
        };
        let down = shards_down(first, last);
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
    // Shown from the start, at 0: an alert on its increase sees the first.
    metrics::counter!(PANICS).increment(0);
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

/// How much the metrics listener gives any client: it is for a scraper
/// and a health check, so a client that opens connections and sends
/// nothing (or many of them) must not take the process's descriptors or a
/// core.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections served at once. Past it the listener stops accepting:
    /// the next connections wait in the kernel's accept queue, holding no
    /// descriptor of the process.
    pub connections: usize,
    /// How long a connection may take to send a request's head: from its
    /// opening, and from the previous answer on a kept-alive connection
    /// (hyper 1's header read timeout restarts when a connection goes idle,
    /// so an idle keep-alive connection is closed after it too).
    pub header_read: Duration,
    /// How long one connection is served at most, whatever it does (a
    /// client that never reads its answer).
    pub lifetime: Duration,
    /// The pause after a failed `accept` (out of descriptors, `EMFILE`, or
    /// of memory): the connection stays queued, so accepting again at once
    /// would fail again at once, for ever.
    pub accept_pause: Duration,
}

impl Limits {
    /// What `fourbot run --metrics` serves with (docs/operations.md): 64
    /// connections, 5 s for a request's head, 60 s a connection, 500 ms
    /// after a failed accept.
    pub const SERVED: Limits = Limits {
        connections: 64,
        header_read: Duration::from_secs(5),
        lifetime: Duration::from_secs(60),
        accept_pause: Duration::from_millis(500),
    };
}

/// Serves `/metrics` (Prometheus text format 0.0.4 from `metrics`) and
/// `/healthz` (200 `ok` while [`Health::check`] passes, else 503 with the
/// reason) on `listener`, for ever, within [`Limits::SERVED`].
pub async fn serve(listener: TcpListener, metrics: PrometheusHandle, health: Health) {
    serve_within(listener, metrics, health, Limits::SERVED).await
}

/// [`serve`] within `limits`.
async fn serve_within(
    listener: TcpListener,
    metrics: PrometheusHandle,
    health: Health,
    limits: Limits,
) {
    let listener = &listener;
    accept_loop(
        move || listener.accept(),
        limits,
        move |(stream, _): (TcpStream, SocketAddr), slot| {
            let (metrics, health) = (metrics.clone(), health.clone());
            tokio::spawn(async move {
                // The slot is given back when the connection ends.
                let _slot = slot;
                let service =
                    hyper::service::service_fn(move |req: Request<hyper::body::Incoming>| {
                        let (metrics, health) = (metrics.clone(), health.clone());
                        async move {
                            Ok::<_, Infallible>(answer(req.uri().path(), &metrics, &health).await)
                        }
                    });
                let io = hyper_util::rt::TokioIo::new(stream);
                // hyper keeps the header read timeout only with a timer.
                let connection = hyper::server::conn::http1::Builder::new()
                    .timer(hyper_util::rt::TokioTimer::new())
                    .header_read_timeout(limits.header_read)
                    .serve_connection(io, service);
                let _ = tokio::time::timeout(limits.lifetime, connection).await;
            });
        },
    )
    .await
}

/// Accepts connections for ever with `accept`, handing each to `serve`
/// with its slot (one of `limits.connections`, taken before `accept`, so
/// none is accepted past the cap). A failed accept pauses the loop
/// `limits.accept_pause`; a run of them is logged once, at its start, and
/// its end once a connection is accepted again.
async fn accept_loop<C, A, F>(
    mut accept: A,
    limits: Limits,
    mut serve: impl FnMut(C, OwnedSemaphorePermit),
) where
    A: FnMut() -> F,
    F: Future<Output = std::io::Result<C>>,
{
    let slots = Arc::new(Semaphore::new(limits.connections));
    let mut failures = AcceptFailures::default();
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return; // never closed
        };
        match accept().await {
            Ok(connection) => {
                failures.accepted();
                serve(connection, slot);
            }
            // The client gave up before its connection was accepted: that
            // connection is gone from the queue, nothing to wait for.
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::ConnectionAborted | std::io::ErrorKind::ConnectionReset
                ) => {}
            Err(e) => {
                failures.failed(&e);
                tokio::time::sleep(limits.accept_pause).await;
            }
        }
    }
}

/// A run of failed accepts, logged once when it starts and once when it
/// ends, however many accepts failed in between.
#[derive(Debug, Default)]
struct AcceptFailures {
    /// Accepts failed since the last one that succeeded.
    count: u64,
    /// When the first of them failed.
    since: Option<std::time::Instant>,
}

impl AcceptFailures {
    /// Counts a failed accept; true (and one warning) for the first of a
    /// run.
    fn failed(&mut self, error: &std::io::Error) -> bool {
        self.count += 1;
        if self.since.is_some() {
            return false;
        }
        self.since = Some(std::time::Instant::now());
        tracing::warn!(
            %error,
            "the metrics listener cannot accept connections; pausing between tries"
        );
        true
    }

    /// A connection was accepted: ends a run of failures (one line).
    fn accepted(&mut self) {
        if let Some(since) = self.since.take() {
            tracing::info!(
                failed = self.count,
                seconds = since.elapsed().as_secs_f64(),
                "the metrics listener accepts connections again"
            );
        }
        self.count = 0;
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// Limits small enough for a test to wait them out.
    const QUICK: Limits = Limits {
        connections: 2,
        header_read: Duration::from_millis(300),
        lifetime: Duration::from_secs(30),
        accept_pause: Duration::from_millis(500),
    };

    /// A listener serving within `limits` on a free loopback port; its
    /// address.
    async fn listening(limits: Limits) -> SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let metrics = PrometheusBuilder::new().build_recorder().handle();
        tokio::spawn(serve_within(listener, metrics, Health::default(), limits));
        addr
    }

    /// Reads `stream` until the server closes it (or 5 s pass): what came
    /// and how long it took.
    async fn until_closed(stream: &mut TcpStream) -> (String, Duration) {
        let start = std::time::Instant::now();
        let mut got = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            match tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buf)).await {
                Ok(Ok(0)) | Ok(Err(_)) => break,
                Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
                Err(_) => panic!(
                    "not closed within 5 s; got {:?}",
                    String::from_utf8_lossy(&got)
                ),
            }
        }
        (String::from_utf8_lossy(&got).into_owned(), start.elapsed())
    }

    #[tokio::test]
    async fn a_connection_that_sends_nothing_is_closed_after_the_header_read_timeout() {
        let addr = listening(QUICK).await;
        let mut idle = TcpStream::connect(addr).await.unwrap();
        let (got, took) = until_closed(&mut idle).await;
        assert!(got.is_empty() || got.starts_with("HTTP/1.1 408"), "{got}");
        assert!(took >= Duration::from_millis(250), "{took:?}");
        assert!(took < Duration::from_secs(2), "{took:?}");
    }

    #[tokio::test]
    async fn an_idle_kept_alive_connection_is_closed_after_the_header_read_timeout() {
        let addr = listening(QUICK).await;
        let mut kept = TcpStream::connect(addr).await.unwrap();
        kept.write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n")
            .await
            .unwrap();
        // The answer, and then nothing but the close: the timeout
        // restarted when the connection went idle after the answer.
        let (got, took) = until_closed(&mut kept).await;
        assert!(got.starts_with("HTTP/1.1 503"), "{got}");
        assert!(got.contains("not connected to Discord yet"), "{got}");
        assert!(took >= Duration::from_millis(250), "{took:?}");
        assert!(took < Duration::from_secs(2), "{took:?}");
    }

    #[tokio::test]
    async fn past_the_cap_a_connection_waits_until_a_slot_is_free() {
        let addr = listening(Limits {
            header_read: Duration::from_secs(1),
            ..QUICK
        })
        .await;
        let _a = TcpStream::connect(addr).await.unwrap();
        let _b = TcpStream::connect(addr).await.unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        let mut third = TcpStream::connect(addr).await.unwrap();
        let start = std::time::Instant::now();
        third
            .write_all(b"GET /nothing HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
            .await
            .unwrap();
        // Answered once the two idle connections were closed (1 s).
        let (got, _) = until_closed(&mut third).await;
        assert!(got.starts_with("HTTP/1.1 404"), "{got}");
        assert!(
            start.elapsed() >= Duration::from_millis(700),
            "answered past the cap after {:?}",
            start.elapsed()
        );
    }

    #[tokio::test(start_paused = true)]
    async fn failed_accepts_pause_the_loop_instead_of_spinning() {
        let calls = std::sync::Mutex::new(Vec::new());
        let accept = || {
            let mut calls = calls.lock().unwrap();
            calls.push(tokio::time::Instant::now());
            // A loop that retried at once would never let the clock move.
            assert!(calls.len() < 1000, "accept retried without a pause");
            async { Err::<(), _>(std::io::Error::from_raw_os_error(libc::EMFILE)) }
        };
        let served = tokio::time::timeout(
            Duration::from_secs(10),
            accept_loop(accept, QUICK, |(), _| {}),
        )
        .await;
        assert!(served.is_err(), "the loop runs for ever");
        let calls = calls.lock().unwrap();
        // One try every 500 ms: at 0 s, 0.5 s, … (10 s against the timeout).
        assert!((20..=21).contains(&calls.len()), "{} tries", calls.len());
        for pair in calls.windows(2) {
            assert_eq!(pair[1] - pair[0], QUICK.accept_pause);
        }
    }

    #[tokio::test(start_paused = true)]
    async fn no_connection_is_accepted_past_the_cap() {
        let calls = AtomicUsize::new(0);
        let held = std::sync::Mutex::new(Vec::new());
        let accept = || {
            calls.fetch_add(1, Ordering::SeqCst);
            async { Ok(()) }
        };
        let _ = tokio::time::timeout(
            Duration::from_secs(1),
            accept_loop(accept, QUICK, |(), slot| held.lock().unwrap().push(slot)),
        )
        .await;
        assert_eq!(calls.load(Ordering::SeqCst), 2, "two slots, two accepts");
    }

    #[test]
    fn a_run_of_failed_accepts_is_logged_once() {
        let mut failures = AcceptFailures::default();
        let emfile = std::io::Error::from_raw_os_error(libc::EMFILE);
        assert!(failures.failed(&emfile));
        assert!(!failures.failed(&emfile));
        assert!(!failures.failed(&emfile));
        assert_eq!(failures.count, 3);
        failures.accepted();
        assert_eq!(failures.count, 0);
        assert!(failures.failed(&emfile), "a new run is logged again");
    }
}
