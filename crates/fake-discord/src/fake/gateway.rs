//! The gateway websocket (discord-api-docs `developers/events/gateway.mdx`):
//! HELLO with a configurable `heartbeat_interval`, heartbeats enforced,
//! IDENTIFY checked against the application's enabled privileged intents
//! (close 4014), READY, RESUME replaying what the bot missed, and the
//! intents applied to what is dispatched.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as Frame;
use tokio_tungstenite::WebSocketStream;

use super::ids::BOT_ID;
use super::intent;
use super::payloads::{guild_create_json, ready_json};
use super::state::{session_starts_now, FakeDiscord, Session};
use super::types::Mode;

/// The close code for privileged intents the application has not enabled
/// (`developers/topics/opcodes-and-status-codes.mdx`, "Gateway Close Event
/// Codes": 4014 "Disallowed intent(s)").
pub const DISALLOWED_INTENTS: u16 = 4014;
/// The close code the fake sends when heartbeats stop. The docs say only
/// "If your app fails to send a heartbeat event in time, your connection
/// will be closed and you will be forced to Resume" (gateway.mdx, "Sending
/// Heartbeats"); the fake uses 4009 "Session timed out" (the closest
/// documented code) and keeps the session resumable.
pub const SESSION_TIMED_OUT: u16 = 4009;

/// Applies Discord's intent rules to a `MESSAGE_CREATE`/`MESSAGE_UPDATE`
/// payload for a session identified with `intents`: `None` if the event is
/// not sent at all (no `GUILD_MESSAGES` for a guild message, no
/// `DIRECT_MESSAGES` for a DM); else the payload, with `content`,
/// `embeds`, `attachments`, `components` and `poll` emptied unless the
/// session has `MESSAGE_CONTENT` or the message is the bot's own, a DM, or
/// mentions the bot (`developers/events/gateway.mdx`, "Message Content
/// Intent": "Content in messages that an app sends; Content in DMs with the
/// app; Content in which the app is mentioned"). A `referenced_message` is
/// judged by the same rules on its own. A reply mentions the replied-to
/// author only if the reply pings (the client's default; the test helper's
/// `ping` argument), so a reply to the bot without the ping shows no
/// content.
pub fn filter_message(mut d: Value, intents: u64) -> Option<Value> {
    let dm = d.get("guild_id").is_none_or(Value::is_null);
    let needed = if dm {
        intent::DIRECT_MESSAGES
    } else {
        intent::GUILD_MESSAGES
    };
    if intents & needed == 0 {
        return None;
    }
    if intents & intent::MESSAGE_CONTENT == 0 {
        strip_content(&mut d, dm);
        if let Some(r) = d.get_mut("referenced_message").filter(|r| r.is_object()) {
            strip_content(r, dm);
        }
    }
    Some(d)
}

fn strip_content(m: &mut Value, dm: bool) {
    let own = m["author"]["id"] == json!(BOT_ID.to_string());
    let mentioned = m["mentions"]
        .as_array()
        .is_some_and(|a| a.iter().any(|u| u["id"] == json!(BOT_ID.to_string())));
    if own || dm || mentioned {
        return;
    }
    m["content"] = json!("");
    m["embeds"] = json!([]);
    m["attachments"] = json!([]);
    m["components"] = json!([]);
    if let Some(o) = m.as_object_mut() {
        o.remove("poll");
    }
}

/// The close code for an IDENTIFY with a shard that cannot be
/// (`developers/topics/opcodes-and-status-codes.mdx`, "Gateway Close Event
/// Codes": 4010 "Invalid shard").
pub const INVALID_SHARD: u16 = 4010;
/// The close code for a session that would hold too many guilds (same
/// page: 4011 "Sharding required").
pub const SHARDING_REQUIRED: u16 = 4011;

/// The most guilds a gateway session may hold before Discord requires
/// sharding (`developers/events/gateway.mdx`, "Sharding": "each shard can
/// only support a maximum of 2500 guilds"; close 4011 "Sharding required").
pub const SHARD_GUILD_LIMIT: usize = 2500;

/// The shard of `guild` among `num_shards`
/// (`developers/events/gateway.mdx`, "Sharding").
pub fn shard_of(guild: u64, num_shards: u32) -> u32 {
    ((guild >> 22) % num_shards.max(1) as u64) as u32
}

/// Whether an IDENTIFY's `token` is refused when Discord takes only the
/// bot token `valid` (`None`: not checked). serenity sends the token with
/// or without its `Bot ` prefix; both are the same token.
fn refused_identify(valid: Option<&str>, token: &Value) -> bool {
    let Some(valid) = valid else {
        return false;
    };
    let given = token.as_str().unwrap_or("");
    given.strip_prefix("Bot ").unwrap_or(given) != valid
}

/// A close frame with `code` and `reason`.
fn close(code: u16, reason: &str) -> Frame {
    Frame::Close(Some(CloseFrame {
        code: CloseCode::Library(code),
        reason: reason.to_string().into(),
    }))
}

/// The shard a RESUME's `session_id` (`fake-session-{id}-{num_shards}`,
/// [`ready_json`]) names.
fn resumed_shard(session_id: &str) -> Option<(u32, u32)> {
    let rest = session_id.strip_prefix("fake-session-")?;
    let (id, n) = rest.split_once('-')?;
    Some((id.parse().ok()?, n.parse().ok()?))
}

impl FakeDiscord {
    /// One gateway connection: HELLO, heartbeats, then IDENTIFY (with its
    /// `shard`, `[0, 1]` when it names none) or RESUME, each checked as
    /// Discord checks them.
    pub(super) async fn gateway<S>(&self, ws: WebSocketStream<S>)
    where
        S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let (mut sink, mut stream) = ws.split();
        let (tx, mut rx) = mpsc::unbounded_channel::<Frame>();
        let (kill_tx, mut kill_rx) = tokio::sync::oneshot::channel::<()>();
        let (interval, tolerance, conn) = {
            let mut s = self.state.lock().unwrap();
            s.connections += 1;
            let conn = s.connections;
            s.kills.insert(conn, kill_tx);
            (s.cfg.heartbeat_interval, s.cfg.heartbeat_tolerance, conn)
        };
        let _ = tx.send(Frame::Text(
            json!({"op": 10, "d": {"heartbeat_interval": interval.as_millis() as u64}}).to_string(),
        ));
        let writer = tokio::spawn(async move {
            while let Some(frame) = rx.recv().await {
                let close = matches!(frame, Frame::Close(_));
                if sink.send(frame).await.is_err() || close {
                    break;
                }
            }
        });
        // Sends a close frame and records its code.
        let closing = |code: u16, reason: &str| {
            self.state.lock().unwrap().closes.push(code);
            let _ = tx.send(close(code, reason));
        };
        // The first heartbeat is due within `interval` (the jitter is at
        // most one interval), each next one `interval` after the last;
        // `tolerance` more is allowed for latency.
        let mut deadline = tokio::time::Instant::now() + interval + tolerance;
        loop {
            let frame = tokio::select! {
                f = stream.next() => f,
                _ = &mut kill_rx => break,
                _ = tokio::time::sleep_until(deadline) => {
                    closing(SESSION_TIMED_OUT, "Session timed out.");
                    self.state.lock().unwrap().heartbeat_timeouts += 1;
                    // Let the writer send the close frame.
                    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), writer).await;
                    self.forget_connection(conn);
                    return;
                }
            };
            let Some(Ok(frame)) = frame else { break };
            let Frame::Text(text) = frame else { continue };
            let Ok(v) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            let op = v["op"].as_u64().unwrap_or(99);
            let (mode, privileged, refuse) = {
                let mut s = self.state.lock().unwrap();
                s.gateway_ops.push(op);
                (s.mode, s.cfg.privileged, s.close_identify)
            };
            if op == 2 {
                // `developers/events/gateway.mdx`, "Session Start Limit":
                // `max_concurrency` IDENTIFYs per 5 s, one per rate-limit
                // bucket (`shard_id % max_concurrency`); past the day's
                // starts Discord ends every session and resets the token.
                // A too early IDENTIFY is answered with op 9 "Invalid
                // Session" (`d: false`), the answer for "the gateway could
                // not initialize a session after receiving an Opcode 2
                // Identify" (same page, "Invalid Session").
                let shard = v["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
                let mut s = self.state.lock().unwrap();
                let now = std::time::Instant::now();
                let limit = session_starts_now(&mut s);
                let bucket = shard % limit.max_concurrency.max(1);
                let too_fast = s.identify_times.iter().any(|(at, other)| {
                    other % limit.max_concurrency.max(1) == bucket
                        && now.duration_since(*at) < std::time::Duration::from_secs(5)
                });
                s.identify_times.push((now, shard));
                if too_fast {
                    s.identifies_too_fast += 1;
                    let _ = tx.send(Frame::Text(json!({"op": 9, "d": false}).to_string()));
                    continue;
                }
                if limit.remaining == 0 {
                    s.session_starts.exceeded += 1;
                    drop(s);
                    closing(4004, "Authentication failed.");
                    continue;
                }
                s.session_starts.remaining -= 1;
            }
            match op {
                1 => {
                    deadline = tokio::time::Instant::now() + interval + tolerance;
                    let acks = {
                        let mut s = self.state.lock().unwrap();
                        let shard = s.sessions.iter().find(|x| x.conn == conn).map(|x| x.shard);
                        if let Some(shard) = shard {
                            s.heartbeat_seqs.insert(shard, v["d"].as_u64());
                        }
                        s.cfg.heartbeat_acks
                    };
                    if acks {
                        let _ = tx.send(Frame::Text(json!({"op": 11}).to_string()));
                    }
                }
                2 if mode == Mode::RejectToken => closing(4004, "Authentication failed."),
                // A token Discord does not take (`accept_only_token`):
                // 4004 "Authentication failed" (same page as 4014).
                2 if refused_identify(
                    self.state.lock().unwrap().cfg.token.as_deref(),
                    &v["d"]["token"],
                ) =>
                {
                    closing(4004, "Authentication failed.")
                }
                2 if refuse.is_some() => closing(refuse.unwrap_or(4000), "Refused by the test."),
                2 if v["d"]["intents"].as_u64().unwrap_or(0) & intent::PRIVILEGED & !privileged
                    != 0 =>
                {
                    self.state.lock().unwrap().refused_identifies += 1;
                    closing(DISALLOWED_INTENTS, "Disallowed intent(s).");
                }
                2 => {
                    let shard = match v["d"]["shard"].as_array().map(Vec::as_slice) {
                        Some([id, n]) => (
                            id.as_u64().unwrap_or(u64::MAX) as u32,
                            n.as_u64().unwrap_or(0) as u32,
                        ),
                        _ => (0, 1),
                    };
                    let mut s = self.state.lock().unwrap();
                    let (id, n) = shard;
                    if n == 0 || id >= n {
                        drop(s);
                        closing(INVALID_SHARD, "Invalid shard.");
                        continue;
                    }
                    let guilds: Vec<u64> = s
                        .guilds
                        .iter()
                        .copied()
                        .filter(|g| shard_of(*g, n) == id)
                        .collect();
                    if guilds.len() > s.shard_guild_limit {
                        drop(s);
                        closing(SHARDING_REQUIRED, "Sharding required.");
                        continue;
                    }
                    let intents = v["d"]["intents"].as_u64().unwrap_or(0);
                    s.intents = Some(intents);
                    s.identified.push(intents);
                    s.identified_shards.push(shard);
                    s.num_shards = n;
                    // A new session: its sequence starts again, and what
                    // the old one missed is not replayed.
                    s.seqs.insert(shard, 1);
                    s.heartbeat_seqs.remove(&shard);
                    s.backlog.insert(shard, Vec::new());
                    s.sessions.retain(|x| x.shard != shard && x.conn != conn);
                    s.sessions.push(Session {
                        conn,
                        shard,
                        tx: tx.clone(),
                    });
                    let ready = json!({"op": 0, "s": 1, "t": "READY",
                                       "d": ready_json(self.port, shard, &guilds)});
                    let _ = tx.send(Frame::Text(ready.to_string()));
                    // Then a GUILD_CREATE for each guild READY listed as
                    // unavailable, "to lazily load and backfill
                    // information for all unavailable guilds sent in the
                    // Ready event" (`developers/events/gateway-events.mdx`,
                    // "Guild Create"), kept for a RESUME like any dispatch.
                    let mut seq = 1;
                    for g in &guilds {
                        seq += 1;
                        let info = s.guild(*g);
                        let d = guild_create_json(
                            *g,
                            &info,
                            s.channels
                                .values()
                                .filter(|c| c.guild == *g && !c.is_thread()),
                        );
                        let text =
                            json!({"op": 0, "s": seq, "t": "GUILD_CREATE", "d": d}).to_string();
                        let _ = tx.send(Frame::Text(text.clone()));
                        s.backlog.entry(shard).or_default().push((seq, text));
                    }
                    s.seqs.insert(shard, seq);
                }
                6 => {
                    let mut s = self.state.lock().unwrap();
                    let shard = v["d"]["session_id"]
                        .as_str()
                        .and_then(resumed_shard)
                        .unwrap_or((0, 1));
                    // Replay what the bot missed (after its last seq),
                    // then RESUMED, as Discord does.
                    let seen = v["d"]["seq"].as_u64().unwrap_or(0);
                    for (seq, missed) in s.backlog.get(&shard).into_iter().flatten() {
                        if *seq > seen {
                            let _ = tx.send(Frame::Text(missed.clone()));
                        }
                    }
                    let seq = {
                        let seq = s.seqs.entry(shard).or_insert(0);
                        *seq += 1;
                        *seq
                    };
                    let resumed = json!({"op": 0, "s": seq, "t": "RESUMED", "d": {}});
                    let _ = tx.send(Frame::Text(resumed.to_string()));
                    s.sessions.retain(|x| x.shard != shard && x.conn != conn);
                    s.sessions.push(Session {
                        conn,
                        shard,
                        tx: tx.clone(),
                    });
                }
                _ => {}
            }
        }
        writer.abort();
        // An abrupt drop: the socket closes without a close frame.
        let _ = writer.await;
        self.forget_connection(conn);
    }

    /// Connection `conn` is gone: events for its shard wait in the backlog
    /// for a RESUME.
    fn forget_connection(&self, conn: u32) {
        let mut s = self.state.lock().unwrap();
        s.sessions.retain(|x| x.conn != conn);
        s.kills.remove(&conn);
    }
}
