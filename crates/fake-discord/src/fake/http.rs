//! The fake's HTTP/1.1 server: one request after another on a connection
//! (keep-alive), the websocket upgrade to the gateway, bodies by
//! `Content-Length` or chunked, multipart `payload_json` and `files[n]`;
//! then rate limits (`limits`), injected faults, the routes (`rest`), and
//! the answer with the `X-RateLimit-*` headers.

use std::collections::HashMap;

use serde_json::{json, Value};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;
use tokio_tungstenite::WebSocketStream;

use super::limits;
use super::mentions;
use super::rest::{self, Req};
use super::state::{FakeDiscord, State};
use super::types::{Fault, Observed, Outage, Recorded, Served, Upload};

/// The reason phrase of `status`.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Payload Too Large",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

pub(super) fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The JSON of a body (or the `payload_json` of a multipart body) and its
/// files (`developers/reference.mdx`, "Uploading Files").
pub(super) fn parse_body(content_type: &str, body: &[u8]) -> (Value, Vec<Upload>) {
    if let Some(b) = content_type.split("boundary=").nth(1) {
        let boundary = format!("--{}", b.trim_matches('"'));
        let mut json = Value::Null;
        let mut files = Vec::new();
        let mut rest = body;
        while let Some(start) = find(rest, boundary.as_bytes()) {
            rest = &rest[start + boundary.len()..];
            if rest.starts_with(b"--") {
                break;
            }
            let Some(head_end) = find(rest, b"\r\n\r\n") else {
                break;
            };
            let head = String::from_utf8_lossy(&rest[..head_end]).to_string();
            let content = &rest[head_end + 4..];
            let end = find(content, boundary.as_bytes()).unwrap_or(content.len());
            let part = &content[..end.saturating_sub(2)];
            let quoted = |key: &str| {
                head.split(&format!("{key}=\""))
                    .nth(1)
                    .and_then(|n| n.split('"').next())
                    .unwrap_or("")
                    .to_string()
            };
            let name = quoted(" name");
            let name = if name.is_empty() {
                quoted("name")
            } else {
                name
            };
            if name == "payload_json" {
                json = serde_json::from_slice(part).unwrap_or(Value::Null);
            } else {
                files.push(Upload {
                    field: name,
                    filename: quoted("filename"),
                    bytes: part.to_vec(),
                });
            }
            rest = &content[end..];
        }
        (json, files)
    } else {
        (
            serde_json::from_slice(body).unwrap_or(Value::Null),
            Vec::new(),
        )
    }
}

impl FakeDiscord {
    /// Serves one connection (plain TCP here; any stream, so that a TLS
    /// stream can be served the same way).
    pub(super) async fn serve<S>(&self, mut stream: S) -> std::io::Result<()>
    where
        S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let mut buf = Vec::new();
        loop {
            // Read one request head.
            let head_end = loop {
                if let Some(p) = find(&buf, b"\r\n\r\n") {
                    break p;
                }
                let mut chunk = [0u8; 8192];
                let n = stream.read(&mut chunk).await?;
                if n == 0 {
                    return Ok(());
                }
                buf.extend_from_slice(&chunk[..n]);
            };
            let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
            buf.drain(..head_end + 4);
            let mut lines = head.split("\r\n");
            let request_line = lines.next().unwrap_or_default().to_string();
            let mut parts = request_line.split(' ');
            let method = parts.next().unwrap_or_default().to_string();
            let target = parts.next().unwrap_or_default().to_string();
            let headers: HashMap<String, String> = lines
                .filter_map(|l| l.split_once(':'))
                .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
                .collect();
            let (path, query) = match target.split_once('?') {
                Some((p, q)) => (p.to_string(), q.to_string()),
                None => (target.clone(), String::new()),
            };
            if headers
                .get("upgrade")
                .is_some_and(|u| u.eq_ignore_ascii_case("websocket"))
            {
                let outage = {
                    let mut s = self.state.lock().unwrap();
                    s.upgrades.push(std::time::Instant::now());
                    s.outage
                };
                if let Outage::Upgrade(status) = outage {
                    // As Cloudflare answers for a gateway in trouble: no
                    // upgrade, the connection closed.
                    let resp = format!(
                        "HTTP/1.1 {status} {}\r\nContent-Type: text/plain\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                        reason(status)
                    );
                    stream.write_all(resp.as_bytes()).await?;
                    return Ok(());
                }
                let key = headers
                    .get("sec-websocket-key")
                    .cloned()
                    .unwrap_or_default();
                let accept = derive_accept_key(key.as_bytes());
                let resp = format!(
                    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n"
                );
                stream.write_all(resp.as_bytes()).await?;
                let ws = WebSocketStream::from_raw_socket(stream, Role::Server, None).await;
                self.gateway(ws).await;
                return Ok(());
            }
            // Body.
            let body = if let Some(len) = headers.get("content-length") {
                let len: usize = len.parse().unwrap_or(0);
                while buf.len() < len {
                    let mut chunk = [0u8; 65536];
                    let n = stream.read(&mut chunk).await?;
                    if n == 0 {
                        return Ok(());
                    }
                    buf.extend_from_slice(&chunk[..n]);
                }
                buf.drain(..len).collect::<Vec<u8>>()
            } else if headers
                .get("transfer-encoding")
                .is_some_and(|t| t.contains("chunked"))
            {
                let mut body = Vec::new();
                loop {
                    let line_end = loop {
                        if let Some(p) = find(&buf, b"\r\n") {
                            break p;
                        }
                        let mut chunk = [0u8; 65536];
                        let n = stream.read(&mut chunk).await?;
                        if n == 0 {
                            return Ok(());
                        }
                        buf.extend_from_slice(&chunk[..n]);
                    };
                    let size =
                        usize::from_str_radix(String::from_utf8_lossy(&buf[..line_end]).trim(), 16)
                            .unwrap_or(0);
                    buf.drain(..line_end + 2);
                    while buf.len() < size + 2 {
                        let mut chunk = [0u8; 65536];
                        let n = stream.read(&mut chunk).await?;
                        if n == 0 {
                            return Ok(());
                        }
                        buf.extend_from_slice(&chunk[..n]);
                    }
                    body.extend_from_slice(&buf[..size]);
                    buf.drain(..size + 2);
                    if size == 0 {
                        break;
                    }
                }
                body
            } else {
                Vec::new()
            };
            let content_type = headers.get("content-type").cloned().unwrap_or_default();
            let (json, files) = parse_body(&content_type, &body);
            // A slow route (FakeDiscord::slow): Discord takes its time
            // before it answers, as under load.
            let slow = self.state.lock().unwrap().take_slow(&method, &path);
            if let Some(pause) = slow {
                tokio::time::sleep(pause).await;
            }
            let at = std::time::Instant::now();
            let auth = headers.get("authorization").map(String::as_str);
            let (status, reply, extra, fault, drop) =
                self.answer(&method, &path, &query, auth, json.clone(), files, at);
            {
                let mut s = self.state.lock().unwrap();
                if s.lean && s.served.len() > 20_000 {
                    s.served.drain(..10_000);
                }
                s.served.push(Served {
                    at,
                    method: method.clone(),
                    path: path.clone(),
                    status,
                    fault,
                });
            }
            let observer = self.state.lock().unwrap().observer.clone();
            if let Some(observer) = observer {
                observer(Observed {
                    at,
                    method: &method,
                    path: &path,
                    status,
                    json: &json,
                    reply: reply.as_ref(),
                });
            }
            if drop {
                // The connection goes without an answer: the client cannot
                // tell whether the request was carried out.
                return Ok(());
            }
            let text = reply.map(|v| v.to_string()).unwrap_or_default();
            let resp = if status == 204 {
                format!("HTTP/1.1 204 No Content\r\n{extra}Content-Length: 0\r\n\r\n")
            } else {
                format!(
                    "HTTP/1.1 {status} {}\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n{text}",
                    reason(status),
                    text.len()
                )
            };
            stream.write_all(resp.as_bytes()).await?;
        }
    }

    /// Rate limits, then an injected fault, then the route: the status, the
    /// body, extra header lines, the fault and whether to drop the
    /// connection without an answer.
    #[allow(clippy::too_many_arguments)]
    fn answer(
        &self,
        method: &str,
        path: &str,
        query: &str,
        auth: Option<&str>,
        json: Value,
        files: Vec<Upload>,
        at: std::time::Instant,
    ) -> (u16, Option<Value>, String, Option<Fault>, bool) {
        let mut s = self.state.lock().unwrap();
        // A request on a path answered 429 before its `retry_after` had
        // passed is an early retry (Discord counts it against the invalid
        // request limit, and it is refused again).
        let key = (method.to_string(), path.to_string());
        if s.retry_not_before.get(&key).is_some_and(|t| at < *t) {
            s.early_retries.push((method.to_string(), path.to_string()));
        }
        let answer = self.answer_inner(&mut s, method, path, query, auth, json, files, at);
        if answer.0 == 429 {
            let wait = answer
                .1
                .as_ref()
                .and_then(|b| b["retry_after"].as_f64())
                .unwrap_or(0.0);
            s.retry_not_before
                .insert(key, at + std::time::Duration::from_secs_f64(wait));
        }
        answer
    }

    #[allow(clippy::too_many_arguments)]
    fn answer_inner(
        &self,
        s: &mut std::sync::MutexGuard<'_, State>,
        method: &str,
        path: &str,
        query: &str,
        auth: Option<&str>,
        json: Value,
        files: Vec<Upload>,
        at: std::time::Instant,
    ) -> (u16, Option<Value>, String, Option<Fault>, bool) {
        let route = limits::route(method, path, |t| s.interactions.contains_key(t));
        let limits = s.cfg.limits.clone();
        let verdict = s.limiter.check(&limits, &route, at);
        if let Some(body) = verdict.limited {
            s.limiter.counts.invalid += 1;
            return (429, Some(body), verdict.headers, None, false);
        }
        let fault = s.take_fault(method, path);
        let carry_out = match fault {
            None | Some(Fault::ServerErrorAfterDoing) | Some(Fault::DropAfterDoing) => true,
            Some(_) => false,
        };
        let mut outcome = (500, None);
        if carry_out {
            let req = Req {
                method,
                path,
                query,
                json: &json,
                files: &files,
            };
            let refused = if s.openapi_off {
                Vec::new()
            } else {
                super::openapi::violations(method, path, &json)
            };
            outcome = if refused_token(s.cfg.token.as_deref(), path, auth) {
                rest::unauthorized()
            } else if !refused.is_empty() {
                // Discord's own description refuses the body: an invalid
                // form body, as Discord answers one.
                eprintln!("fake Discord: the OpenAPI description refuses {refused:?} in {json}");
                s.openapi_violations.extend(refused.iter().cloned());
                (
                    400,
                    Some(serde_json::json!({
                        "message": "Invalid Form Body", "code": 50035,
                        "errors": {"_openapi": refused},
                    })),
                )
            } else {
                rest::route(s, self.port, &req)
            };
            // What the request created or edited, as Discord's gateway
            // tells it (the bot's own messages included).
            super::send_echoes(s);
            if matches!(outcome.0, 401 | 403) {
                s.limiter.counts.invalid += 1;
            }
            if (200..300).contains(&outcome.0) {
                if let Some(v) = mentions::violation(method, path, &json) {
                    s.mention_violations.push(v);
                }
            }
            if !s.lean {
                s.requests.push(Recorded {
                    method: method.to_string(),
                    path: path.to_string(),
                    json: json.clone(),
                    files: files
                        .iter()
                        .map(|u| (u.field.clone(), u.bytes.clone()))
                        .collect(),
                    status: outcome.0,
                });
            }
        }
        match fault {
            None => (outcome.0, outcome.1, verdict.headers, None, false),
            Some(f @ (Fault::Drop | Fault::DropAfterDoing)) => {
                (0, None, String::new(), Some(f), true)
            }
            Some(f) => {
                let (status, reply, extra) = fault_reply(f);
                if status == 429 {
                    s.limiter.counts.invalid += 1;
                }
                (status, Some(reply), extra, Some(f), false)
            }
        }
    }
}

/// Whether Discord refuses the request for its `Authorization` header
/// when it takes only the bot token `valid` (`None`: the fake does not
/// check). Every route needs `Bot <token>` (`developers/reference.mdx`,
/// "Authentication") but those that authenticate otherwise: an
/// interaction's callback and its webhook routes carry the interaction's
/// token in their path ("does not require authentication"), and `GET
/// /gateway` needs none (`developers/events/gateway.mdx`, "Get Gateway":
/// "This endpoint does not require authentication").
pub(super) fn refused_token(valid: Option<&str>, path: &str, auth: Option<&str>) -> bool {
    let Some(valid) = valid else {
        return false;
    };
    let segs: Vec<&str> = path
        .trim_start_matches("/api/v10/")
        .split('/')
        .filter(|x| !x.is_empty())
        .collect();
    let exempt = matches!(
        segs.as_slice(),
        ["interactions", ..] | ["webhooks", _, _, ..] | ["gateway"]
    );
    !exempt && auth != Some(format!("Bot {valid}").as_str())
}

/// The status, JSON body and extra header lines of an injected fault, as
/// Discord sends them.
fn fault_reply(fault: Fault) -> (u16, Value, String) {
    match fault {
        Fault::RateLimited {
            retry_after,
            global,
        } => {
            let (headers, body) = limits::too_many(
                retry_after,
                if global { "global" } else { "user" },
                (!global).then_some((5, "fake-bucket")),
            );
            (429, body, headers)
        }
        _ => (
            500,
            json!({"message": "500: Internal Server Error", "code": 0}),
            String::new(),
        ),
    }
}
