//! A fake Discord on 127.0.0.1: the REST routes of docs/discord.md and the
//! gateway websocket on one port. It records every request (method, path,
//! JSON body, attached files), keeps the messages it was asked to create so
//! that a test can press their buttons, and lets a test push gateway events
//! (slash commands, button presses, typed messages) for several users. A
//! create-message with `enforce_nonce` and a nonce seen in the last
//! [`NONCE_WINDOW`] returns the earlier message, as on Discord; REST faults
//! (500, 429, a 500 after the work was done) are injected with
//! [`FakeDiscord::inject`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role};
use tokio_tungstenite::tungstenite::Message as Frame;
use tokio_tungstenite::WebSocketStream;

/// The bot's user id (also its application id).
pub const BOT_ID: u64 = 900_000_000_000_000_001;
/// The guild of every test.
pub const GUILD_ID: u64 = 500_000_000_000_000_001;
/// The channel where challenges are posted.
pub const CHANNEL_ID: u64 = 600_000_000_000_000_001;

/// A user of the tests.
#[derive(Clone, Copy, Debug)]
pub struct TestUser {
    /// Snowflake.
    pub id: u64,
    /// User name.
    pub name: &'static str,
}

/// Alice.
pub const ALICE: TestUser = TestUser {
    id: 100_000_000_000_000_001,
    name: "alice",
};
/// Bob.
pub const BOB: TestUser = TestUser {
    id: 100_000_000_000_000_002,
    name: "bob",
};
/// Carol, a spectator (or a third player).
pub const CAROL: TestUser = TestUser {
    id: 100_000_000_000_000_003,
    name: "carol",
};
/// Dave, a fourth player (teams).
pub const DAVE: TestUser = TestUser {
    id: 100_000_000_000_000_004,
    name: "dave",
};

/// One REST request as the fake received it.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// HTTP method.
    pub method: String,
    /// Path without the query (`/api/v10/...`).
    pub path: String,
    /// The JSON body (or the `payload_json` part of a multipart body).
    pub json: Value,
    /// Attached files: (field name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
}

/// What the fake does when the bot identifies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Send READY.
    Normal,
    /// Close the gateway with 4004 (authentication failed).
    RejectToken,
}

struct Interaction {
    channel: u64,
    /// The message a button press was on.
    message: Option<u64>,
    /// The message the interaction's response created.
    original: Option<u64>,
}

struct State {
    mode: Mode,
    requests: Vec<Recorded>,
    /// Gateway ops received (op numbers).
    gateway_ops: Vec<u64>,
    messages: HashMap<u64, Value>,
    channels: HashMap<u64, Value>,
    interactions: HashMap<String, Interaction>,
    next_id: u64,
    seq: u64,
    session: Option<mpsc::UnboundedSender<Frame>>,
    connections: u32,
    /// Every dispatch sent, by sequence number, for replay on RESUME.
    backlog: Vec<(u64, String)>,
    /// Injected REST faults (see [`Fault`]).
    faults: Vec<FaultRule>,
    /// Every REST request served, with its status and time.
    served: Vec<Served>,
    /// Drops the current gateway connection without a close frame.
    kill: Option<tokio::sync::oneshot::Sender<()>>,
    /// Lean mode (load runs): requests are not kept in `requests`, and
    /// `served` and the backlog stay short.
    lean: bool,
    /// Sees every request served (load runs).
    observer: Option<Observer>,
    /// The message each create-message nonce made, and when (for
    /// `enforce_nonce`).
    nonces: HashMap<String, (u64, std::time::Instant)>,
}

/// How long Discord remembers a create-message nonce for `enforce_nonce`
/// ("the past few minutes"; the fake keeps it 3 minutes).
pub const NONCE_WINDOW: Duration = Duration::from_secs(180);

/// A callback that sees every REST request served: (when, method, path,
/// status, the JSON body, the reply).
pub type Observer = Arc<dyn Fn(Observed<'_>) + Send + Sync>;

/// One REST request as an [`Observer`] sees it.
#[allow(dead_code)] // read by examples/load.rs
pub struct Observed<'a> {
    /// When the fake had read the whole request.
    pub at: std::time::Instant,
    /// HTTP method.
    pub method: &'a str,
    /// Path without the query.
    pub path: &'a str,
    /// The status the fake answered.
    pub status: u16,
    /// The JSON body (or `payload_json`).
    pub json: &'a Value,
    /// The reply body, if any (a created message, …).
    pub reply: Option<&'a Value>,
}

/// A REST fault the fake injects instead of carrying a request out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fault {
    /// `500 Internal Server Error` with Discord's JSON error body.
    ServerError,
    /// The request is carried out (a message is created, …) and then
    /// answered like [`Fault::ServerError`], as when Discord fails after
    /// doing the work: the client cannot tell whether it was done.
    ServerErrorAfterDoing,
    /// `429 Too Many Requests` as Discord sends it: the JSON body
    /// `{"message", "retry_after" (seconds, float), "global"}` and the
    /// headers `Retry-After`, `X-RateLimit-Limit`, `X-RateLimit-Remaining:
    /// 0`, `X-RateLimit-Reset`, `X-RateLimit-Reset-After`,
    /// `X-RateLimit-Bucket`, `X-RateLimit-Scope` (and `X-RateLimit-Global`
    /// when global).
    RateLimited {
        /// How long the client must wait.
        retry_after: Duration,
        /// A global limit (all routes) rather than this route's.
        global: bool,
    },
}

struct FaultRule {
    method: String,
    path_contains: String,
    fault: Fault,
    remaining: u32,
}

/// A REST request as served (faulted or not).
#[derive(Clone, Debug)]
pub struct Served {
    /// When the fake had read the whole request.
    pub at: std::time::Instant,
    /// HTTP method.
    pub method: String,
    /// Path without the query.
    pub path: String,
    /// The status answered.
    pub status: u16,
    /// The fault injected, if any.
    #[allow(dead_code)] // read by examples/load.rs
    pub fault: Option<Fault>,
}

/// The running fake.
#[derive(Clone)]
pub struct FakeDiscord {
    /// Its port on 127.0.0.1.
    pub port: u16,
    state: Arc<Mutex<State>>,
}

/// Another bot on the server (not fourbot): challenges to it are refused.
pub const OTHER_BOT: TestUser = TestUser {
    id: 100_000_000_000_000_077,
    name: "otherbot",
};

/// A second guild (rating pools are per server).
pub const GUILD_2: u64 = 500_000_000_000_000_002;
/// A channel of [`GUILD_2`].
pub const CHANNEL_2: u64 = 600_000_000_000_000_002;

fn user_json(u: TestUser) -> Value {
    json!({"id": u.id.to_string(), "username": u.name, "discriminator": "0",
           "global_name": u.name, "avatar": null, "bot": u.id == OTHER_BOT.id})
}

/// `payload` (an interaction) as sent from `guild`.
pub fn in_guild(mut payload: Value, guild: u64) -> Value {
    payload["guild_id"] = json!(guild.to_string());
    payload
}

fn bot_json() -> Value {
    json!({"id": BOT_ID.to_string(), "username": "fourbot", "discriminator": "0",
           "global_name": null, "avatar": null, "bot": true})
}

/// Mona, a moderator (Manage Server).
pub const MONA: TestUser = TestUser {
    id: 100_000_000_000_000_009,
    name: "mona",
};

/// The permissions Discord resolves for `u` in the channel: everything for
/// [`MONA`]; View Channel, Send Messages, threads and history for others.
fn permissions(u: TestUser) -> &'static str {
    if u.id == MONA.id {
        "2147483647"
    } else {
        "309237713920"
    }
}

fn member_json(u: TestUser) -> Value {
    json!({"user": user_json(u), "roles": [], "deaf": false, "mute": false, "flags": 0,
           "joined_at": "2024-01-01T00:00:00.000000+00:00", "nick": null,
           "permissions": permissions(u)})
}

/// The payload of a message as Discord sends it.
pub fn message_json(id: u64, channel: u64, author: Value, content: &str) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": author,
        "content": content, "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": false, "type": 0, "components": [], "flags": 0
    })
}

/// READY for the bot.
pub fn ready_json(port: u16) -> Value {
    json!({
        "v": 10, "user": bot_json(),
        "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
        "session_id": "fake-session", "resume_gateway_url": format!("ws://127.0.0.1:{port}/gateway"),
        "application": {"id": BOT_ID.to_string(), "flags": 0}, "private_channels": [], "presences": []
    })
}

fn interaction_base(kind: u8, id: u64, user: TestUser, channel: u64, locale: &str) -> Value {
    json!({
        "id": id.to_string(), "application_id": BOT_ID.to_string(), "type": kind,
        "token": format!("token-{id}"), "version": 1, "guild_id": GUILD_ID.to_string(),
        "channel_id": channel.to_string(), "member": member_json(user), "locale": locale,
        "guild_locale": "en-US", "entitlements": [], "attachment_size_limit": 10485760,
        "app_permissions": "2147483647"
    })
}

/// A slash command `/name` with options `(name, type, value)`; user options
/// (type 6) are resolved from `users`.
pub fn slash_command_json(
    id: u64,
    user: TestUser,
    channel: u64,
    name: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> Value {
    let mut v = interaction_base(2, id, user, channel, "en-US");
    let resolved_users: serde_json::Map<String, Value> = users
        .iter()
        .map(|u| (u.id.to_string(), user_json(*u)))
        .collect();
    let resolved_channels: serde_json::Map<String, Value> = options
        .iter()
        .filter(|(_, t, _)| *t == 7)
        .map(|(_, _, id)| {
            let id = id.as_str().unwrap_or("0").to_string();
            (
                id.clone(),
                json!({"id": id, "name": "matches", "type": 0, "permissions": "0"}),
            )
        })
        .collect();
    v["data"] = json!({
        "id": "1", "name": name, "type": 1,
        "options": options.iter().map(|(n, t, val)| json!({"name": n, "type": t, "value": val})).collect::<Vec<_>>(),
        "resolved": {"users": resolved_users, "channels": resolved_channels}
    });
    v
}

/// A subcommand `/name sub` with options `(name, type, value)`; user
/// options are resolved from `users`.
pub fn subcommand_json(
    id: u64,
    user: TestUser,
    channel: u64,
    name: &str,
    sub: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> Value {
    let mut v = slash_command_json(id, user, channel, name, options, users);
    let inner = v["data"]["options"].take();
    v["data"]["options"] = json!([{"name": sub, "type": 1, "options": inner}]);
    v
}

/// An autocomplete request of `/challenge` while typing `partial` into its
/// `time` option.
pub fn autocomplete_time_json(id: u64, user: TestUser, opponent: TestUser, partial: &str) -> Value {
    let mut v = interaction_base(4, id, user, CHANNEL_ID, "en-US");
    v["data"] = json!({
        "id": "1", "name": "challenge", "type": 1,
        "options": [
            {"name": "opponent", "type": 6, "value": opponent.id.to_string()},
            {"name": "time", "type": 3, "value": partial, "focused": true}
        ]
    });
    v
}

/// A button press on `message` (its full payload) with `custom_id`.
pub fn button_press_json(
    id: u64,
    user: TestUser,
    message: &Value,
    custom_id: &str,
    locale: &str,
) -> Value {
    let channel: u64 = message["channel_id"].as_str().unwrap().parse().unwrap();
    let mut v = interaction_base(3, id, user, channel, locale);
    v["data"] = json!({"custom_id": custom_id, "component_type": 2});
    v["message"] = message.clone();
    v
}

/// A message typed by `user` in `channel`.
pub fn message_create_json(id: u64, user: TestUser, channel: u64, content: &str) -> Value {
    let mut v = message_json(id, channel, user_json(user), content);
    v["guild_id"] = json!(GUILD_ID.to_string());
    let mut member = member_json(user);
    member.as_object_mut().unwrap().remove("user");
    v["member"] = member;
    v
}

/// A thread channel.
pub fn thread_json(id: u64, parent: u64, name: &str, archived: bool) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(), "name": name, "owner_id": BOT_ID.to_string(),
        "thread_metadata": {"archived": archived, "auto_archive_duration": 1440,
            "archive_timestamp": "2024-01-01T00:00:00.000000+00:00", "locked": false},
        "message_count": 0, "member_count": 1, "rate_limit_per_user": 0, "flags": 0,
        "nsfw": false, "position": 0, "permission_overwrites": []
    })
}

/// The application as `GET /oauth2/applications/@me` returns it.
pub fn application_json() -> Value {
    json!({
        "id": BOT_ID.to_string(), "name": "fourbot", "icon": null, "description": "",
        "bot_public": true, "bot_require_code_grant": false, "verify_key": "00",
        "owner": user_json(ALICE), "flags": 0, "team": null
    })
}

impl FakeDiscord {
    /// Starts the fake on a free port.
    pub async fn start(mode: Mode) -> FakeDiscord {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let fake = FakeDiscord {
            port,
            state: Arc::new(Mutex::new(State {
                mode,
                requests: Vec::new(),
                gateway_ops: Vec::new(),
                messages: HashMap::new(),
                channels: HashMap::new(),
                interactions: HashMap::new(),
                next_id: 700_000_000_000_000_000,
                seq: 0,
                session: None,
                connections: 0,
                backlog: Vec::new(),
                faults: Vec::new(),
                served: Vec::new(),
                kill: None,
                lean: false,
                observer: None,
                nonces: HashMap::new(),
            })),
        };
        let f = fake.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let f = f.clone();
                tokio::spawn(async move {
                    let _ = f.serve(stream).await;
                });
            }
        });
        fake
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// A fresh snowflake.
    pub fn next_id(&self) -> u64 {
        let mut s = self.state.lock().unwrap();
        s.next_id += 1;
        s.next_id
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().unwrap().requests.clone()
    }

    /// Gateway op codes the bot sent.
    pub fn gateway_ops(&self) -> Vec<u64> {
        self.state.lock().unwrap().gateway_ops.clone()
    }

    /// A message as it stands now.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.state.lock().unwrap().messages.get(&id).cloned()
    }

    /// A channel (thread) as it stands now.
    pub fn channel(&self, id: u64) -> Option<Value> {
        self.state.lock().unwrap().channels.get(&id).cloned()
    }

    /// The messages in `channel`, oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        let s = self.state.lock().unwrap();
        let mut v: Vec<(u64, Value)> = s
            .messages
            .iter()
            .filter(|(_, m)| m["channel_id"] == json!(channel.to_string()))
            .map(|(id, m)| (*id, m.clone()))
            .collect();
        v.sort_by_key(|(id, _)| *id);
        v.into_iter().map(|(_, m)| m).collect()
    }

    /// The message an interaction's response created, if any.
    pub fn original(&self, interaction: u64) -> Option<Value> {
        let s = self.state.lock().unwrap();
        let i = s.interactions.get(&format!("token-{interaction}"))?;
        i.original.and_then(|m| s.messages.get(&m).cloned())
    }

    /// Waits until `check` finds something in the state (polling).
    pub async fn wait_for<T>(
        &self,
        what: &str,
        mut check: impl FnMut(&FakeDiscord) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(t) = check(self) {
                return t;
            }
            if tokio::time::Instant::now() > deadline {
                let reqs: Vec<String> = self
                    .requests()
                    .iter()
                    .map(|r| {
                        let json: String = r.json.to_string().chars().take(300).collect();
                        format!("{} {} {json}", r.method, r.path)
                    })
                    .collect();
                panic!(
                    "timed out waiting for {what}; requests:\n{}",
                    reqs.join("\n")
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until the bot is connected and has registered its commands.
    pub async fn wait_ready(&self) {
        self.wait_for("command registration", |f| {
            f.requests()
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .then_some(())
        })
        .await;
    }

    /// Pushes a dispatch event to the bot.
    pub fn dispatch(&self, event: &str, d: Value) {
        let mut s = self.state.lock().unwrap();
        s.seq += 1;
        let frame = json!({"op": 0, "s": s.seq, "t": event, "d": d});
        if let Some(interaction) = d_interaction(&d) {
            s.interactions.insert(interaction.0, interaction.1);
        }
        let text = frame.to_string();
        let seq = s.seq;
        s.backlog.push((seq, text.clone()));
        if s.lean && s.backlog.len() > 20_000 {
            s.backlog.drain(..10_000);
        }
        // While the bot is reconnecting the event waits in the backlog: the
        // RESUME replays what the bot has not seen (as Discord does).
        if let Some(tx) = &s.session {
            let _ = tx.send(Frame::Text(text));
        }
    }

    /// The fake answers the next `count` requests whose method is `method`
    /// and whose path contains `path_contains` with `fault` instead of
    /// carrying them out (they are not in [`FakeDiscord::requests`], only in
    /// [`FakeDiscord::served`]).
    pub fn inject(&self, method: &str, path_contains: &str, fault: Fault, count: u32) {
        self.state.lock().unwrap().faults.push(FaultRule {
            method: method.to_string(),
            path_contains: path_contains.to_string(),
            fault,
            remaining: count,
        });
    }

    /// Removes every injected fault not used up yet.
    pub fn clear_faults(&self) {
        self.state.lock().unwrap().faults.clear();
    }

    /// Every REST request served so far, faulted ones included.
    pub fn served(&self) -> Vec<Served> {
        self.state.lock().unwrap().served.clone()
    }

    /// Closes the gateway connection abruptly (no close frame), as a network
    /// failure would; the bot reconnects and resumes. Events dispatched
    /// meanwhile are replayed on RESUME.
    pub fn drop_gateway(&self) {
        let mut s = self.state.lock().unwrap();
        s.session = None;
        if let Some(kill) = s.kill.take() {
            let _ = kill.send(());
        }
    }

    #[allow(dead_code)] // used by examples/load.rs
    /// Gateway connections accepted so far.
    pub fn connections(&self) -> u32 {
        self.state.lock().unwrap().connections
    }

    #[allow(dead_code)] // used by examples/load.rs
    /// Lean mode for load runs: requests are no longer kept (only counted
    /// by the observer), attachments are not kept, the backlog is bounded.
    pub fn set_lean(&self, lean: bool) {
        self.state.lock().unwrap().lean = lean;
    }

    #[allow(dead_code)] // used by examples/load.rs
    /// Calls `observer` for every REST request served from now on.
    pub fn observe(&self, observer: Observer) {
        self.state.lock().unwrap().observer = Some(observer);
    }

    /// Forgets the gateway session, as after the bot's process died: the
    /// next connection identifies anew.
    pub fn forget_session(&self) {
        let mut s = self.state.lock().unwrap();
        s.session = None;
        s.kill = None;
    }

    /// Asks the bot to reconnect (op 7).
    pub fn reconnect(&self) {
        let mut s = self.state.lock().unwrap();
        let tx = s.session.take().expect("a gateway session");
        tx.send(Frame::Text(json!({"op": 7, "d": null}).to_string()))
            .unwrap();
    }

    async fn serve(&self, mut stream: TcpStream) -> std::io::Result<()> {
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
            let path = target.split('?').next().unwrap_or_default().to_string();
            if headers
                .get("upgrade")
                .is_some_and(|u| u.eq_ignore_ascii_case("websocket"))
            {
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
            let at = std::time::Instant::now();
            let fault = self.take_fault(&method, &path);
            let observer = self.state.lock().unwrap().observer.clone();
            let observed_json = observer.as_ref().map(|_| json.clone());
            let (status, reply, extra) = match fault {
                Some(Fault::ServerErrorAfterDoing) => {
                    let _done = self.route(&method, &path, json, files);
                    let (status, reply, extra) = fault_reply(Fault::ServerError);
                    (status, Some(reply), extra)
                }
                Some(f) => {
                    let (status, reply, extra) = fault_reply(f);
                    (status, Some(reply), extra)
                }
                None => {
                    let (status, reply) = self.route(&method, &path, json, files);
                    (status, reply, String::new())
                }
            };
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
            if let (Some(observer), Some(json)) = (observer, observed_json) {
                observer(Observed {
                    at,
                    method: &method,
                    path: &path,
                    status,
                    json: &json,
                    reply: reply.as_ref(),
                });
            }
            let text = reply.map(|v| v.to_string()).unwrap_or_default();
            let status_line = match status {
                200 => "200 OK",
                204 => "204 No Content",
                400 => "400 Bad Request",
                429 => "429 Too Many Requests",
                500 => "500 Internal Server Error",
                _ => "404 Not Found",
            };
            let resp = if status == 204 {
                format!("HTTP/1.1 {status_line}\r\nContent-Length: 0\r\n\r\n")
            } else {
                format!(
                    "HTTP/1.1 {status_line}\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n{text}",
                    text.len()
                )
            };
            stream.write_all(resp.as_bytes()).await?;
        }
    }

    fn route(
        &self,
        method: &str,
        path: &str,
        json: Value,
        files: Vec<(String, Vec<u8>)>,
    ) -> (u16, Option<Value>) {
        let mut s = self.state.lock().unwrap();
        if !s.lean {
            s.requests.push(Recorded {
                method: method.to_string(),
                path: path.to_string(),
                json: json.clone(),
                files: files.clone(),
            });
        }
        let segs: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
        let port = self.port;
        let attachments = |s: &mut State| -> Vec<Value> {
            files
                .iter()
                .map(|(_, bytes)| {
                    s.next_id += 1;
                    json!({"id": s.next_id.to_string(), "filename": "board.png", "size": bytes.len(),
                           "url": "http://127.0.0.1/board.png", "proxy_url": "http://127.0.0.1/board.png",
                           "content_type": "image/png"})
                })
                .collect()
        };
        let create = |s: &mut State, channel: u64, body: &Value| -> Value {
            s.next_id += 1;
            let id = s.next_id;
            let mut m = message_json(
                id,
                channel,
                bot_json(),
                body["content"].as_str().unwrap_or(""),
            );
            if let Some(c) = body.get("components") {
                m["components"] = c.clone();
            }
            m["attachments"] = json!(attachments(s));
            if let Some(f) = body.get("flags") {
                m["flags"] = f.clone();
            }
            if let Some(n) = body.get("nonce") {
                m["nonce"] = n.clone();
            }
            s.messages.insert(id, m.clone());
            m
        };
        let update = |s: &mut State, id: u64, body: &Value| -> Option<Value> {
            let m = s.messages.get_mut(&id)?;
            if let Some(c) = body.get("content") {
                m["content"] = c.clone();
            }
            if let Some(c) = body.get("components") {
                m["components"] = c.clone();
            }
            Some(m.clone())
        };
        match (method, segs.as_slice()) {
            ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]) => (
                200,
                Some(
                    json!({"url": format!("ws://127.0.0.1:{port}/gateway"), "shards": 1,
                    "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
                ),
            ),
            ("GET", ["oauth2", "applications", "@me"]) => (200, Some(application_json())),
            ("GET", ["users", "@me"]) => (200, Some(bot_json())),
            ("PUT", ["applications", _, "commands"])
            | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                let cmds = commands_reply(&json);
                (200, Some(cmds))
            }
            ("POST", ["interactions", _, token, "callback"]) => {
                let token = token.to_string();
                let kind = json["type"].as_u64().unwrap_or(0);
                let data = json["data"].clone();
                let (channel, message) = match s.interactions.get(&token) {
                    Some(i) => (i.channel, i.message),
                    None => (CHANNEL_ID, None),
                };
                match kind {
                    4 | 5 => {
                        let m = create(&mut s, channel, &data);
                        let id: u64 = m["id"].as_str().unwrap().parse().unwrap();
                        if let Some(i) = s.interactions.get_mut(&token) {
                            i.original = Some(id);
                        }
                    }
                    7 => {
                        if let Some(id) = message {
                            update(&mut s, id, &data);
                        }
                    }
                    _ => {}
                }
                (204, None)
            }
            (_, ["webhooks", _, token, "messages", "@original"]) => {
                let token = token.to_string();
                let original = s
                    .interactions
                    .get(&token)
                    .and_then(|i| i.original.or(i.message));
                match (method, original) {
                    ("DELETE", _) => (204, None),
                    ("GET", Some(id)) => (200, s.messages.get(&id).cloned()),
                    ("PATCH", Some(id)) => (200, update(&mut s, id, &json)),
                    _ => (
                        404,
                        Some(json!({"message": "Unknown Message", "code": 10008})),
                    ),
                }
            }
            ("POST", ["webhooks", _, token]) => {
                let channel = s
                    .interactions
                    .get(*token)
                    .map(|i| i.channel)
                    .unwrap_or(CHANNEL_ID);
                let m = create(&mut s, channel, &json);
                (200, Some(m))
            }
            ("POST", ["channels", c, "messages"]) => {
                let channel: u64 = c.parse().unwrap_or(0);
                if s.channels
                    .get(&channel)
                    .is_some_and(|t| t["thread_metadata"]["archived"] == json!(true))
                {
                    return (
                        400,
                        Some(json!({"message": "Thread is archived", "code": 50083})),
                    );
                }
                // enforce_nonce: a second create with a nonce seen in the
                // last few minutes returns the first message (Discord's
                // create-message; the same author is implied: the bot).
                let nonce = (json["enforce_nonce"] == json!(true))
                    .then(|| match &json["nonce"] {
                        Value::String(n) => Some(n.clone()),
                        Value::Number(n) => Some(n.to_string()),
                        _ => None,
                    })
                    .flatten();
                if let Some(n) = &nonce {
                    let earlier = s
                        .nonces
                        .get(n)
                        .filter(|(_, at)| at.elapsed() < NONCE_WINDOW)
                        .and_then(|(id, _)| s.messages.get(id).cloned());
                    if let Some(m) = earlier {
                        return (200, Some(m));
                    }
                }
                let m = create(&mut s, channel, &json);
                if let Some(n) = nonce {
                    if s.lean && s.nonces.len() > 20_000 {
                        s.nonces.retain(|_, (_, at)| at.elapsed() < NONCE_WINDOW);
                    }
                    let id: u64 = m["id"].as_str().unwrap().parse().unwrap();
                    s.nonces.insert(n, (id, std::time::Instant::now()));
                }
                (200, Some(m))
            }
            ("PATCH", ["channels", _, "messages", m]) => {
                let id: u64 = m.parse().unwrap_or(0);
                match update(&mut s, id, &json) {
                    Some(m) => (200, Some(m)),
                    None => (
                        404,
                        Some(json!({"message": "Unknown Message", "code": 10008})),
                    ),
                }
            }
            ("POST", ["channels", c, "messages", m, "threads"]) => {
                let id: u64 = m.parse().unwrap_or(0);
                let t = thread_json(
                    id,
                    c.parse().unwrap_or(0),
                    json["name"].as_str().unwrap_or(""),
                    false,
                );
                s.channels.insert(id, t.clone());
                (200, Some(t))
            }
            ("PATCH", ["channels", c]) => {
                let id: u64 = c.parse().unwrap_or(0);
                match s.channels.get_mut(&id) {
                    Some(t) => {
                        if let Some(a) = json.get("archived") {
                            t["thread_metadata"]["archived"] = a.clone();
                        }
                        (200, Some(t.clone()))
                    }
                    None => (
                        404,
                        Some(json!({"message": "Unknown Channel", "code": 10003})),
                    ),
                }
            }
            _ => (404, Some(json!({"message": "404: Not Found", "code": 0}))),
        }
    }

    /// The fault to inject for this request, if a rule matches (and counts
    /// it down).
    fn take_fault(&self, method: &str, path: &str) -> Option<Fault> {
        let mut s = self.state.lock().unwrap();
        let rule = s
            .faults
            .iter_mut()
            .find(|r| r.remaining > 0 && r.method == method && path.contains(&r.path_contains))?;
        rule.remaining -= 1;
        let fault = rule.fault;
        s.faults.retain(|r| r.remaining > 0);
        Some(fault)
    }

    /// Archives a thread as Discord's auto-archive would.
    pub fn archive(&self, thread: u64) {
        let mut s = self.state.lock().unwrap();
        if let Some(t) = s.channels.get_mut(&thread) {
            t["thread_metadata"]["archived"] = json!(true);
        }
    }

    async fn gateway(&self, ws: WebSocketStream<TcpStream>) {
        let (mut sink, mut stream) = ws.split();
        let (tx, mut rx) = mpsc::unbounded_channel::<Frame>();
        {
            let mut s = self.state.lock().unwrap();
            s.connections += 1;
        }
        let _ = tx.send(Frame::Text(
            json!({"op": 10, "d": {"heartbeat_interval": 41250}}).to_string(),
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
        loop {
            let frame = tokio::select! {
                f = stream.next() => f,
                _ = &mut kill_rx => break,
            };
            let Some(Ok(frame)) = frame else { break };
            let Frame::Text(text) = frame else { continue };
            let Ok(v) = serde_json::from_str::<Value>(&text) else {
                continue;
            };
            let op = v["op"].as_u64().unwrap_or(99);
            let mode = {
                let mut s = self.state.lock().unwrap();
                s.gateway_ops.push(op);
                s.mode
            };
            match op {
                1 => {
                    let _ = tx.send(Frame::Text(json!({"op": 11}).to_string()));
                }
                2 if mode == Mode::RejectToken => {
                    let _ = tx.send(Frame::Close(Some(CloseFrame {
                        code: CloseCode::Library(4004),
                        reason: "Authentication failed.".into(),
                    })));
                }
                2 | 6 => {
                    let mut s = self.state.lock().unwrap();
                    s.seq += 1;
                    let frame = if op == 2 {
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
}

/// The status, JSON body and extra header lines of an injected fault, as
/// Discord sends them.
fn fault_reply(fault: Fault) -> (u16, Value, String) {
    match fault {
        Fault::ServerError | Fault::ServerErrorAfterDoing => (
            500,
            json!({"message": "500: Internal Server Error", "code": 0}),
            String::new(),
        ),
        Fault::RateLimited {
            retry_after,
            global,
        } => {
            let secs = retry_after.as_secs_f64();
            let reset = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_secs_f64()
                + secs;
            let mut headers = format!(
                "Retry-After: {secs:.3}\r\nX-RateLimit-Limit: 5\r\nX-RateLimit-Remaining: 0\r\n\
                 X-RateLimit-Reset: {reset:.3}\r\nX-RateLimit-Reset-After: {secs:.3}\r\n\
                 X-RateLimit-Bucket: fake-bucket\r\nX-RateLimit-Scope: {}\r\n",
                if global { "global" } else { "user" }
            );
            if global {
                headers.push_str("X-RateLimit-Global: true\r\n");
            }
            (
                429,
                json!({"message": "You are being rate limited.", "retry_after": secs, "global": global}),
                headers,
            )
        }
    }
}

/// The reply to a command registration: the commands with ids.
pub fn commands_reply(body: &Value) -> Value {
    Value::Array(
        body.as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .enumerate()
            .map(|(i, mut c)| {
                c["id"] = json!((800 + i).to_string());
                c["application_id"] = json!(BOT_ID.to_string());
                c["version"] = json!("1");
                c["type"] = json!(1);
                c["default_member_permissions"] = Value::Null;
                c
            })
            .collect(),
    )
}

fn d_interaction(d: &Value) -> Option<(String, Interaction)> {
    let token = d.get("token")?.as_str()?.to_string();
    let channel = d["channel_id"].as_str()?.parse().ok()?;
    let message = d
        .get("message")
        .and_then(|m| m["id"].as_str())
        .and_then(|m| m.parse().ok());
    Some((
        token,
        Interaction {
            channel,
            message,
            original: None,
        },
    ))
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The JSON of a body (or the `payload_json` of a multipart body) and its
/// files.
fn parse_body(content_type: &str, body: &[u8]) -> (Value, Vec<(String, Vec<u8>)>) {
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
            let name = head
                .split("name=\"")
                .nth(1)
                .and_then(|n| n.split('"').next())
                .unwrap_or("")
                .to_string();
            if name == "payload_json" {
                json = serde_json::from_slice(part).unwrap_or(Value::Null);
            } else {
                files.push((name, part.to_vec()));
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
