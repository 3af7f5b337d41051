//! The gateway relay: serenity's shards connect to it on loopback, and it
//! connects each of them on to Discord's gateway and passes every frame
//! both ways unchanged — but the closes serenity 0.12.5 cannot act on
//! ([`closes::MISHANDLED`]: 4010, 4011, 4012; see [`super::closes`]). Such
//! a close is reported to the bot ([`FatalClose`]) and serenity gets a
//! normal close (1000) instead; the relay then holds every new connection
//! (answers nothing but a close) until the bot has stopped the shards and
//! lets it through again ([`Relay::open`]).
//!
//! A session is identified through the relay (serenity connects to the
//! client's `ws_url`, which the bot points here); a resumed one goes
//! straight to READY's `resume_gateway_url`, but the fatal closes come in
//! answer to an IDENTIFY. Frames are relayed as they are, compressed ones
//! included; only serenity's IDENTIFY (text) is read, for its shard.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::Message;

use super::closes::{self, FatalClose};

/// The relay's state, shared with its connections.
struct Shared {
    /// Discord's gateway URL (`wss://gateway.discord.gg`), as serenity
    /// got it.
    upstream: Mutex<String>,
    /// Whether new connections are held (after a fatal close).
    held: AtomicBool,
    /// Where fatal closes are reported.
    fatal: mpsc::UnboundedSender<FatalClose>,
}

/// A running relay.
pub struct Relay {
    url: String,
    shared: Arc<Shared>,
}

impl Relay {
    /// Listens on a free loopback port; fatal closes go to `fatal`.
    ///
    /// # Errors
    /// No loopback port can be bound.
    pub async fn start(fatal: mpsc::UnboundedSender<FatalClose>) -> std::io::Result<Relay> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let url = format!("ws://{}", listener.local_addr()?);
        let shared = Arc::new(Shared {
            upstream: Mutex::default(),
            held: AtomicBool::new(false),
            fatal,
        });
        let serving = shared.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(connection(stream, serving.clone()));
            }
        });
        Ok(Relay { url, shared })
    }

    /// `ws://127.0.0.1:PORT`: the `ws_url` to give serenity.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Relays new connections to `upstream` (Discord's gateway URL) and
    /// lets them through (again).
    pub fn open(&self, upstream: String) {
        *self.shared.upstream.lock().expect("relay lock") = upstream;
        self.shared.held.store(false, Ordering::SeqCst);
    }
}

/// serenity's websocket settings for Discord's large READY payloads: no
/// size limits (serenity 0.12.5's `WsClient::connect` does the same).
fn config() -> WebSocketConfig {
    WebSocketConfig {
        max_message_size: None,
        max_frame_size: None,
        ..WebSocketConfig::default()
    }
}

/// The shard of an IDENTIFY (op 2) serenity sends, `[id, num_shards]`.
fn identified_shard(message: &Message) -> Option<u32> {
    let Message::Text(text) = message else {
        return None;
    };
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    if v["op"].as_u64()? != 2 {
        return None;
    }
    v["d"]["shard"][0].as_u64().map(|s| s as u32)
}

/// The code of a close frame, if it has one.
fn close_code(message: &Message) -> Option<u16> {
    match message {
        Message::Close(Some(frame)) => Some(u16::from(frame.code)),
        _ => None,
    }
}

// The handshake callback's error type is tungstenite's `ErrorResponse`.
#[allow(clippy::result_large_err)]
async fn connection(stream: TcpStream, shared: Arc<Shared>) {
    let mut query = String::new();
    let accepted = tokio_tungstenite::accept_hdr_async_with_config(
        stream,
        |req: &Request, res: Response| {
            query = req.uri().query().unwrap_or_default().to_string();
            Ok(res)
        },
        Some(config()),
    )
    .await;
    let Ok(mut down) = accepted else {
        return;
    };
    if shared.held.load(Ordering::SeqCst) {
        // The bot is stopping the shards: nothing goes to Discord; a close
        // is answered so that serenity's shutdown ends.
        while let Some(Ok(m)) = down.next().await {
            if matches!(m, Message::Close(_)) {
                let _ = down.close(None).await;
                break;
            }
        }
        return;
    }
    let upstream = shared.upstream.lock().expect("relay lock").clone();
    let url = match query.as_str() {
        "" => upstream,
        q => format!("{upstream}?{q}"),
    };
    let mut up =
        match tokio_tungstenite::connect_async_with_config(&url, Some(config()), false).await {
            Ok((up, _)) => up,
            Err(e) => {
                tracing::warn!(error = %e, "the gateway relay cannot reach Discord's gateway");
                let _ = down
                    .close(Some(CloseFrame {
                        code: CloseCode::Again,
                        reason: "gateway unreachable".into(),
                    }))
                    .await;
                return;
            }
        };
    let mut shard = None;
    // Whether the session ended with a close frame (passed on, so the
    // other side's close handshake is answered) or abruptly (the other
    // side is dropped abruptly too: serenity reconnects on a broken
    // connection, and ignores a close frame without a code).
    let closed = loop {
        tokio::select! {
            from_bot = down.next() => {
                let Some(Ok(m)) = from_bot else { break false };
                shard = identified_shard(&m).or(shard);
                let closing = matches!(m, Message::Close(_));
                if up.send(m).await.is_err() {
                    break false;
                }
                if closing {
                    break true;
                }
            }
            from_discord = up.next() => {
                let Some(Ok(m)) = from_discord else { break false };
                if let Some(code) = close_code(&m).filter(|c| closes::MISHANDLED.contains(c)) {
                    shared.held.store(true, Ordering::SeqCst);
                    let _ = shared.fatal.send(FatalClose { code, shard });
                    let _ = down
                        .send(Message::Close(Some(CloseFrame {
                            code: CloseCode::Normal,
                            reason: format!("Discord closed the session with {code}").into(),
                        })))
                        .await;
                    break true;
                }
                let closing = matches!(m, Message::Close(_));
                if down.send(m).await.is_err() {
                    break false;
                }
                if closing {
                    break true;
                }
            }
        }
    };
    if closed {
        let _ = up.close(None).await;
        let _ = down.close(None).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_identify_names_its_shard_and_other_frames_none() {
        let identify =
            Message::Text(r#"{"op":2,"d":{"token":"t","shard":[3,4],"intents":1}}"#.to_string());
        assert_eq!(identified_shard(&identify), Some(3));
        let heartbeat = Message::Text(r#"{"op":1,"d":5}"#.to_string());
        assert_eq!(identified_shard(&heartbeat), None);
        assert_eq!(identified_shard(&Message::Binary(vec![1, 2])), None);
    }

    #[test]
    fn close_codes_are_read_from_close_frames() {
        let close = Message::Close(Some(CloseFrame {
            code: CloseCode::Library(4011),
            reason: "Sharding required.".into(),
        }));
        assert_eq!(close_code(&close), Some(4011));
        assert_eq!(close_code(&Message::Close(None)), None);
        assert!(closes::MISHANDLED.contains(&4011));
        assert!(!closes::MISHANDLED.contains(&4014));
    }
}
