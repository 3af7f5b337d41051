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

use super::{ready_json, FakeDiscord, Mode, BOT_ID};

/// Gateway intents (`developers/events/gateway.mdx`, "List of Intents").
#[allow(dead_code)] // Discord's catalogue: a test may need any of them
pub mod intent {
    /// `GUILDS` (1 << 0).
    pub const GUILDS: u64 = 1 << 0;
    /// `GUILD_MEMBERS` (1 << 1), privileged.
    pub const GUILD_MEMBERS: u64 = 1 << 1;
    /// `GUILD_PRESENCES` (1 << 8), privileged.
    pub const GUILD_PRESENCES: u64 = 1 << 8;
    /// `GUILD_MESSAGES` (1 << 9): `MESSAGE_CREATE` and friends in guilds.
    pub const GUILD_MESSAGES: u64 = 1 << 9;
    /// `DIRECT_MESSAGES` (1 << 12): `MESSAGE_CREATE` and friends in DMs.
    pub const DIRECT_MESSAGES: u64 = 1 << 12;
    /// `MESSAGE_CONTENT` (1 << 15), privileged.
    pub const MESSAGE_CONTENT: u64 = 1 << 15;
    /// The privileged ones (`developers/events/gateway.mdx`, "Privileged
    /// Intents").
    pub const PRIVILEGED: u64 = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT;
}

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

impl FakeDiscord {
    /// One gateway connection.
    pub(super) async fn gateway<S>(&self, ws: WebSocketStream<S>)
    where
        S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let (mut sink, mut stream) = ws.split();
        let (tx, mut rx) = mpsc::unbounded_channel::<Frame>();
        let (interval, tolerance) = {
            let mut s = self.state.lock().unwrap();
            s.connections += 1;
            (s.cfg.heartbeat_interval, s.cfg.heartbeat_tolerance)
        };
        let _ = tx.send(Frame::Text(
            json!({"op": 10, "d": {"heartbeat_interval": interval.as_millis() as u64}}).to_string(),
        ));
        let (kill_tx, mut kill_rx) = tokio::sync::oneshot::channel::<()>();
        self.state.lock().unwrap().kill = Some(kill_tx);
        let writer = tokio::spawn(async move {
            while let Some(frame) = rx.recv().await {
                let close = matches!(frame, Frame::Close(_));
                if sink.send(frame).await.is_err() || close {
                    break;
                }
            }
        });
        // The first heartbeat is due within `interval` (the jitter is at
        // most one interval), each next one `interval` after the last;
        // `tolerance` more is allowed for latency.
        let mut deadline = tokio::time::Instant::now() + interval + tolerance;
        loop {
            let frame = tokio::select! {
                f = stream.next() => f,
                _ = &mut kill_rx => break,
                _ = tokio::time::sleep_until(deadline) => {
                    let _ = tx.send(Frame::Close(Some(CloseFrame {
                        code: CloseCode::Library(SESSION_TIMED_OUT),
                        reason: "Session timed out.".into(),
                    })));
                    self.state.lock().unwrap().heartbeat_timeouts += 1;
                    // Let the writer send the close frame.
                    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), writer).await;
                    self.forget_connection(&tx);
                    return;
                }
            };
            let Some(Ok(frame)) = frame else { break };
            let Frame::Text(text) = frame else { continue };
            let Ok(v) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            let op = v["op"].as_u64().unwrap_or(99);
            let (mode, privileged) = {
                let mut s = self.state.lock().unwrap();
                s.gateway_ops.push(op);
                (s.mode, s.cfg.privileged)
            };
            match op {
                1 => {
                    deadline = tokio::time::Instant::now() + interval + tolerance;
                    let _ = tx.send(Frame::Text(json!({"op": 11}).to_string()));
                }
                2 if mode == Mode::RejectToken => {
                    let _ = tx.send(Frame::Close(Some(CloseFrame {
                        code: CloseCode::Library(4004),
                        reason: "Authentication failed.".into(),
                    })));
                }
                2 if v["d"]["intents"].as_u64().unwrap_or(0) & intent::PRIVILEGED & !privileged
                    != 0 =>
                {
                    self.state.lock().unwrap().refused_identifies += 1;
                    let _ = tx.send(Frame::Close(Some(CloseFrame {
                        code: CloseCode::Library(DISALLOWED_INTENTS),
                        reason: "Disallowed intent(s).".into(),
                    })));
                }
                2 | 6 => {
                    let mut s = self.state.lock().unwrap();
                    s.seq += 1;
                    let frame = if op == 2 {
                        let intents = v["d"]["intents"].as_u64().unwrap_or(0);
                        s.intents = Some(intents);
                        s.identified.push(intents);
                        json!({"op": 0, "s": s.seq, "t": "READY", "d": ready_json(self.port)})
                    } else {
                        // Replay what the bot missed (after its last seq),
                        // then RESUMED, as Discord does.
                        let seen = v["d"]["seq"].as_u64().unwrap_or(0);
                        for (seq, missed) in &s.backlog {
                            if *seq > seen {
                                let _ = tx.send(Frame::Text(missed.clone()));
                            }
                        }
                        json!({"op": 0, "s": s.seq, "t": "RESUMED", "d": {}})
                    };
                    let _ = tx.send(Frame::Text(frame.to_string()));
                    s.session = Some(tx.clone());
                }
                _ => {}
            }
        }
        writer.abort();
        // An abrupt drop: the socket closes without a close frame.
        let _ = writer.await;
    }

    /// The connection whose sender is `tx` is gone: events wait in the
    /// backlog for a RESUME.
    fn forget_connection(&self, tx: &mpsc::UnboundedSender<Frame>) {
        let mut s = self.state.lock().unwrap();
        if s.session.as_ref().is_some_and(|t| t.same_channel(tx)) {
            s.session = None;
        }
    }
}
