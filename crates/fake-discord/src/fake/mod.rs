//! A fake Discord on 127.0.0.1, as strict as Discord's documentation: the
//! REST routes the bot uses and the gateway websocket on one port.
//!
//! It records every request (method, path, JSON body or `payload_json`,
//! attached files, the status it answered), keeps the channels and
//! messages so that a test can press buttons, and lets a test push gateway
//! events (slash commands, presses, typed messages) for several users, from
//! channels of every Discord type. What it refuses, as Discord does (every
//! rule names its page of discord-api-docs, `developers/…`):
//!
//! - payloads (`validate`): 400 / 50035 with the nested `errors` object,
//!   50006 for an empty message, 413 / 40005 for a file over the limit;
//!   command registrations; deprecated command fields are recorded
//!   ([`FakeDiscord::deprecated_fields`]);
//! - interactions (`rest`): the first callback more than 3 s after the
//!   push gets 10062, a second callback 40060, a callback type that does
//!   not fit the interaction 50035; the token's webhooks work for 15
//!   minutes, then 50027; [`FakeDiscord::age_interaction`] moves an
//!   interaction into the past;
//! - permissions per channel (`perms`): 50001 without View Channel, 50013
//!   without what the route needs; interactions carry `app_permissions`;
//! - channel types: no thread from a message in a forum, media, voice or
//!   stage channel or in a thread (50024), one thread per message
//!   (160004); an archived thread refuses edits (50083) and is unarchived
//!   by a message;
//! - edits of messages older than an hour (their age from the snowflake):
//!   a few per channel in a window, then 429 / 30046 ([`OLD_EDITS`];
//!   [`FakeDiscord::set_id_age`] makes the messages created from then on
//!   old);
//! - the gateway (`gateway`): privileged intents the application has not
//!   enabled close the connection with 4014; dispatches follow the intents
//!   the bot identified with (no guild messages without `GUILD_MESSAGES`,
//!   no content without `MESSAGE_CONTENT` unless it mentions the bot);
//!   heartbeats are enforced;
//! - the token ([`FakeDiscord::accept_only_token`]): 401 / code 0 for
//!   another `Authorization`, close 4004 for another IDENTIFY token;
//! - guilds (`rest`): `GET /users/@me/guilds` in pages of at most 200,
//!   `GET /guilds/{id}` (roles: `@everyone` and the bot's managed role),
//!   its channels (overwrites that give the bot each channel's
//!   permissions, `perms`) and the bot's member object; 403 / 50001 for a
//!   guild the bot is not in; GUILD_CREATE after READY for each of its
//!   guilds and when the bot joins one ([`FakeDiscord::join`]);
//! - rate limits (`limits`): per-route buckets, `X-RateLimit-*` on every
//!   answer, 429 with `retry_after` and `X-RateLimit-Scope`, the global 50
//!   per second (callbacks and interaction webhooks exempt), counted
//!   ([`FakeDiscord::counts`]).
//!
//! Not refused but recorded: every bot message whose `allowed_mentions`
//! would let Discord ping `@everyone`, `@here`, a role or a user it does
//! not list (`mentions`; [`FakeDiscord::mention_violations`]).
//!
//! Direct messages: Create DM opens a DM channel (type 1) per user, its
//! messages are kept ([`FakeDiscord::dms_to`]) unless the user takes none
//! ([`FakeDiscord::set_dms_open`]: 403 / 50007).
//!
//! A create-message with `enforce_nonce` and a nonce seen in the last
//! [`NONCE_WINDOW`] returns the earlier message, as on Discord; REST faults
//! (500, 429, a 500 or a dropped connection after the work was done) are
//! injected with [`FakeDiscord::inject`].
//!
//! The files, each importing only files after it here: this one starts the
//! fake and holds what a test asks of it; `http` serves a connection (rate
//! limits, faults, then the routes of `rest`, or the websocket upgrade to
//! `gateway`); `state` is what they all read and change behind one lock;
//! below them `payloads` (Discord's JSON), `perms`, `validate`, `limits`,
//! `mentions`, `intent`, `types` (what a test gives the fake and reads
//! back) and `ids` (the tests' fixed ids). Every public item is re-exported
//! here, so a test names it `fake::…`.

mod gateway;
mod http;
mod ids;
pub mod intent;
mod limits;
pub mod mentions;
mod openapi;
mod payloads;
mod perms;
mod rest;
mod state;
mod types;
mod validate;

pub use gateway::{
    filter_message, shard_of, DISALLOWED_INTENTS, INVALID_SHARD, SESSION_TIMED_OUT,
    SHARDING_REQUIRED, SHARD_GUILD_LIMIT,
};
pub use ids::{
    snowflake_age, TestUser, ALICE, BOB, BOT_ID, CAROL, CHANNEL_2, CHANNEL_ID, DAVE, GUILD_2,
    GUILD_ID, MONA, OTHER_BOT,
};
pub use limits::{limit, route as rate_limit_route, Counts, RateLimits};
pub use payloads::{
    application_json, autocomplete_time_json, bot_json, bot_member_json, button_press_json,
    commands_reply, guild_create_json, guild_json, in_dm, in_guild, mentioning_bot,
    message_create_json, message_json, partial_guild_json, ready_json, reply_to, select_json,
    slash_command_json, subcommand_json, thread_json, user_command_json, user_json,
};
pub use perms::{bot_role, kind, names as permission_names, perm, Channel, Guild, OWNER};
pub use state::{
    FakeDiscord, ACK_WINDOW, COUNTS_FILE_ENV, NONCE_WINDOW, OLD_EDITS, OLD_MESSAGE_AGE,
    TOKEN_LIFETIME,
};
pub use types::{
    Fault, HeartbeatSeq, InteractionState, Mode, Observed, Observer, Outage, Recorded, Served,
    SessionStarts, Upload,
};
pub use validate::DEFAULT_UPLOAD_LIMIT;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::Message as Frame;

use ids::{unix_ms_now, DISCORD_EPOCH_MS};
use state::{Config, FaultRule, Interaction, State};

/// The guild of a dispatch: its `guild_id`, else its channel's guild (none
/// for a DM or an unknown channel).
fn event_guild(s: &State, d: &Value) -> Option<u64> {
    if let Some(g) = d["guild_id"].as_str().and_then(|g| g.parse().ok()) {
        return Some(g);
    }
    let channel: u64 = d["channel_id"].as_str()?.parse().ok()?;
    s.channels
        .get(&channel)
        .map(|c| c.guild)
        .filter(|g| *g != 0)
}

impl FakeDiscord {
    /// Starts the fake on a free port, knowing [`CHANNEL_ID`] and
    /// [`CHANNEL_2`] (text channels of [`GUILD_ID`] and [`GUILD_2`]), with
    /// the bot's default permissions ([`perm::BOT_DEFAULT`]), every
    /// privileged intent enabled and the default rate limits on (off when
    /// the environment has `FOURBOT_FAKE_RATE_LIMITS=off`, to measure what
    /// they cost).
    pub async fn start(mode: Mode) -> FakeDiscord {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let gateway = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let gateway_port = gateway.local_addr().unwrap().port();
        let mut channels = HashMap::new();
        channels.insert(
            CHANNEL_ID,
            Channel::new(CHANNEL_ID, kind::GUILD_TEXT, GUILD_ID, "general"),
        );
        channels.insert(
            CHANNEL_2,
            Channel::new(CHANNEL_2, kind::GUILD_TEXT, GUILD_2, "general"),
        );
        let fake = FakeDiscord {
            port,
            state: Arc::new(Mutex::new(State {
                mode,
                requests: Vec::new(),
                gateway_ops: Vec::new(),
                messages: HashMap::new(),
                by_channel: HashMap::new(),
                threads_from: HashSet::new(),
                channels,
                interactions: HashMap::new(),
                // Snowflakes carry their time (ms since Discord's epoch,
                // 2015-01-01, shifted by 22 bits), as Discord's do
                // (`reference.mdx`, "Snowflakes"): the bot reads a
                // message's age from its id.
                next_id: ((std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_millis() as u64
                    - 1_420_070_400_000)
                    << 22),
                sessions: Vec::new(),
                connections: 0,
                seqs: HashMap::new(),
                heartbeat_seqs: HashMap::new(),
                backlog: HashMap::new(),
                num_shards: 1,
                guilds: vec![GUILD_ID, GUILD_2],
                recommended_shards: 1,
                shard_guild_limit: SHARD_GUILD_LIMIT,
                identified_shards: Vec::new(),
                closes: Vec::new(),
                close_identify: None,
                faults: Vec::new(),
                slow: Vec::new(),
                held: Vec::new(),
                served: Vec::new(),
                kills: HashMap::new(),
                lean: false,
                echoes: Vec::new(),
                dispatched: HashMap::new(),
                observer: None,
                nonces: HashMap::new(),
                cfg: Config {
                    limits: match std::env::var("FOURBOT_FAKE_RATE_LIMITS").as_deref() {
                        Ok("off") => RateLimits::off(),
                        _ => RateLimits::default(),
                    },
                    ..Config::default()
                },
                limiter: limits::Limiter::new(),
                deprecated: Vec::new(),
                mention_violations: Vec::new(),
                openapi_violations: Vec::new(),
                openapi_off: false,
                nicknames: HashMap::new(),
                intents: None,
                identified: Vec::new(),
                refused_identifies: 0,
                heartbeat_timeouts: 0,
                old_edits: HashMap::new(),
                present_id: 0,
                upload_limits: HashMap::new(),
                dms: HashMap::new(),
                dms_closed: HashSet::new(),
                started_by: std::thread::current().name().unwrap_or("?").to_string(),
                gateway_port,
                outage: Outage::None,
                upgrades: Vec::new(),
                identify_times: Vec::new(),
                identifies_too_fast: 0,
                retry_not_before: HashMap::new(),
                early_retries: Vec::new(),
                guild_info: HashMap::new(),
                commands: HashMap::new(),
                session_starts: SessionStarts {
                    total: 1000,
                    remaining: 1000,
                    resets_at: Instant::now() + Duration::from_secs(86_400),
                    max_concurrency: 1,
                    exceeded: 0,
                },
            })),
            gateway_changed: Arc::default(),
        };
        tokio::spawn(fake.clone().gateway_listener(gateway));
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

    /// Every request carried out so far (with Discord's refusals; not the
    /// rate-limited or faulted ones that were not carried out).
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().unwrap().requests.clone()
    }

    /// Every request that created a message in `channel`, in order: a
    /// create-message there, a follow-up of an interaction made there, an
    /// interaction response that creates a message (types 4 and 5).
    pub fn posts_in(&self, channel: u64) -> Vec<Recorded> {
        let s = self.state.lock().unwrap();
        let in_channel = |token: &str| {
            s.interactions
                .get(token)
                .is_some_and(|i| i.channel == channel)
        };
        s.requests
            .iter()
            .filter(|r| {
                let segs: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
                match (r.method.as_str(), segs.as_slice()) {
                    ("POST", ["channels", c, "messages"]) => *c == channel.to_string(),
                    ("POST", ["webhooks", _, token]) => in_channel(token),
                    ("POST", ["interactions", _, token, "callback"]) => {
                        matches!(r.json["type"].as_u64(), Some(4 | 5)) && in_channel(token)
                    }
                    _ => false,
                }
            })
            .cloned()
            .collect()
    }

    /// Every request that edited message `message`, in order: an edit
    /// through its channel, through an interaction token (its follow-up, or
    /// the original response of a press on it), or an interaction response
    /// that updates it (type 7).
    pub fn edits_of(&self, message: u64) -> Vec<Recorded> {
        let s = self.state.lock().unwrap();
        let id = message.to_string();
        let pressed_on = |token: &str| {
            s.interactions
                .get(token)
                .is_some_and(|i| i.message == Some(message) || i.original == Some(message))
        };
        s.requests
            .iter()
            .filter(|r| {
                let segs: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
                match (r.method.as_str(), segs.as_slice()) {
                    ("PATCH", ["channels", _, "messages", m]) => *m == id,
                    ("PATCH", ["webhooks", _, token, "messages", "@original"]) => pressed_on(token),
                    ("PATCH", ["webhooks", _, _, "messages", m]) => *m == id,
                    ("POST", ["interactions", _, token, "callback"]) => {
                        r.json["type"] == 7 && pressed_on(token)
                    }
                    _ => false,
                }
            })
            .cloned()
            .collect()
    }

    /// Gateway op codes the bot sent.
    pub fn gateway_ops(&self) -> Vec<u64> {
        self.state.lock().unwrap().gateway_ops.clone()
    }

    /// A message as it stands now.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.state.lock().unwrap().messages.get(&id).cloned()
    }

    /// A channel as it stands now (as Discord's API returns it).
    pub fn channel(&self, id: u64) -> Option<Value> {
        self.state
            .lock()
            .unwrap()
            .channels
            .get(&id)
            .map(Channel::json)
    }

    /// The bot's messages (its posts, interaction responses and follow-ups)
    /// in `channel`, oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        self.all_messages_in(channel)
            .into_iter()
            .filter(|m| m["author"]["id"] == json!(BOT_ID.to_string()))
            .collect()
    }

    /// Every message in `channel` (the users' typed ones too), oldest
    /// first.
    pub fn all_messages_in(&self, channel: u64) -> Vec<Value> {
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

    /// The message an interaction's response created (or, for a component
    /// answered with type 6 or 7, the message the component was on), once
    /// it shows something: a deferred response's loading message counts
    /// only once it was edited.
    pub fn original(&self, interaction: u64) -> Option<Value> {
        let s = self.state.lock().unwrap();
        let i = s.interactions.get(&format!("token-{interaction}"))?;
        if i.loading {
            return None;
        }
        i.original.and_then(|m| s.messages.get(&m).cloned())
    }

    /// What happened to `interaction` (by id, as pushed by the helpers
    /// with token `token-{id}`).
    pub fn interaction(&self, interaction: u64) -> Option<InteractionState> {
        let s = self.state.lock().unwrap();
        let i = s.interactions.get(&format!("token-{interaction}"))?;
        Some(InteractionState {
            acked: i.acked,
            dead: i.dead,
            original: i.original,
            followups: i.followups.clone(),
        })
    }

    /// Waits until `check` finds something in the state (polling), for
    /// up to 15 s.
    pub async fn wait_for<T>(&self, what: &str, check: impl FnMut(&FakeDiscord) -> Option<T>) -> T {
        self.wait_within(what, Duration::from_secs(15), check).await
    }

    /// [`FakeDiscord::wait_for`] for up to `limit` (serenity starts a
    /// bot's shards five seconds apart, Discord's identify limit).
    pub async fn wait_within<T>(
        &self,
        what: &str,
        limit: Duration,
        mut check: impl FnMut(&FakeDiscord) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + limit;
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
                        format!("{} {} → {} {json}", r.method, r.path, r.status)
                    })
                    .collect();
                let counts = self.counts();
                let per_route: Vec<String> = counts
                    .per_route
                    .iter()
                    .filter(|(_, c)| c.limited > 0)
                    .map(|(r, c)| format!("{r}: {}", c.limited))
                    .collect();
                panic!(
                    "timed out waiting for {what}; {} answered 429 ({}); requests:\n{}",
                    counts.limited,
                    per_route.join(", "),
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

    /// Pushes a dispatch event to the bot, as Discord would send it.
    ///
    /// `INTERACTION_CREATE`: the fake remembers the interaction (its
    /// channel, the message of a component, when it was pushed, its
    /// `attachment_size_limit`) and fills in what Discord computes:
    /// `app_permissions` (the bot's permissions in the channel), the
    /// partial `channel`, the resolved channels of channel options,
    /// `authorizing_integration_owners` and `context`. It panics for what
    /// Discord would never send: an interaction from a channel the fake
    /// does not know or of another guild (from a DM: naming a guild, or
    /// by another user than the DM's, [`in_dm`]), or a command from an
    /// archived thread (`developers/topics/threads.mdx`: users cannot "use
    /// application commands … in archived threads").
    ///
    /// `MESSAGE_CREATE`: the message is kept (the bot may reply to or fetch
    /// it); a message into an archived, unlocked thread unarchives it; the
    /// bot does not get it from a channel it cannot view, and gets it as
    /// its intents allow ([`filter_message`]).
    ///
    /// The messages the bot's own requests create or edit are dispatched
    /// to it the same way, by the fake itself, after the request.
    pub fn dispatch(&self, event: &str, d: Value) {
        let mut s = self.state.lock().unwrap();
        if let Some(d) = prepare(&mut s, event, d) {
            send_event(&mut s, event, d);
        }
    }

    /// Gives `user` the nickname `nick` in `guild` (`None` removes it), as a
    /// member or a moderator of that server can: from now on the member
    /// object of every interaction and typed message of `user` in `guild`
    /// carries it (`developers/resources/guild.mdx`, "Guild Member
    /// Object": `nick`, "this user's guild nickname"); other guilds do not
    /// see it.
    pub fn set_nickname(&self, guild: u64, user: TestUser, nick: Option<&str>) {
        let mut s = self.state.lock().unwrap();
        match nick {
            Some(n) => s.nicknames.insert((guild, user.id), n.to_string()),
            None => s.nicknames.remove(&(guild, user.id)),
        };
    }

    /// What [`FakeDiscord::dispatch`] would send for `event` now, without
    /// sending it (an interaction is remembered all the same).
    pub fn as_dispatched(&self, event: &str, d: Value) -> Option<Value> {
        prepare(&mut self.state.lock().unwrap(), event, d)
    }

    /// The fake answers the next `count` requests whose method is `method`
    /// and whose path contains `path_contains` with `fault` (carried out
    /// first for [`Fault::ServerErrorAfterDoing`] and
    /// [`Fault::DropAfterDoing`]; the others are not in
    /// [`FakeDiscord::requests`], only in [`FakeDiscord::served`]).
    pub fn inject(&self, method: &str, path_contains: &str, fault: Fault, count: u32) {
        self.state.lock().unwrap().faults.push(FaultRule {
            method: method.to_string(),
            path_contains: path_contains.to_string(),
            fault,
            remaining: count,
        });
    }

    /// The next `count` requests `method` whose path contains
    /// `path_contains` are answered only after `pause` (as Discord under
    /// load; docs/reliability.md).
    pub fn slow(&self, method: &str, path_contains: &str, pause: Duration, count: u32) {
        self.state.lock().unwrap().slow.push((
            method.to_string(),
            path_contains.to_string(),
            pause,
            count,
        ));
    }

    /// The requests a [`FakeDiscord::slow`] rule held back (still holding,
    /// or answered since): (method, path), in the order they came — from
    /// the moment they arrived, while [`FakeDiscord::served`] has them
    /// only once answered.
    pub fn held(&self) -> Vec<(String, String)> {
        self.state.lock().unwrap().held.clone()
    }

    /// Removes every injected fault (and slow route) not used up yet.
    pub fn clear_faults(&self) {
        self.state.lock().unwrap().slow.clear();
        self.state.lock().unwrap().faults.clear();
    }

    /// Every REST request served so far, faulted and rate-limited ones
    /// included.
    pub fn served(&self) -> Vec<Served> {
        self.state.lock().unwrap().served.clone()
    }

    /// Closes the gateway connection abruptly (no close frame), as a network
    /// failure would; the bot reconnects and resumes. Events dispatched
    /// meanwhile are replayed on RESUME.
    pub fn drop_gateway(&self) {
        let mut s = self.state.lock().unwrap();
        s.sessions.clear();
        for (_, kill) in s.kills.drain() {
            let _ = kill.send(());
        }
    }

    /// Serves the gateway's port: connections are served as on the API's
    /// port (the websocket upgrade), and while the outage is
    /// [`Outage::Refused`] the port is closed, so that connecting is
    /// refused (`ECONNREFUSED`), then bound again.
    async fn gateway_listener(self, listener: TcpListener) {
        let port = listener.local_addr().unwrap().port();
        let mut listener = Some(listener);
        loop {
            let changed = self.gateway_changed.notified();
            tokio::pin!(changed);
            // Registered before the outage is read: no change is missed.
            changed.as_mut().enable();
            let refused = self.state.lock().unwrap().outage == Outage::Refused;
            if refused {
                listener = None;
                changed.await;
                continue;
            }
            let l = match &listener {
                Some(l) => l,
                None => match TcpListener::bind(("127.0.0.1", port)).await {
                    Ok(l) => listener.insert(l),
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
            };
            tokio::select! {
                accepted = l.accept() => {
                    if let Ok((stream, _)) = accepted {
                        let f = self.clone();
                        tokio::spawn(async move {
                            let _ = f.serve(stream).await;
                        });
                    }
                }
                () = changed => {}
            }
        }
    }

    /// Starts (or ends, with [`Outage::None`]) a gateway outage; its start
    /// drops every gateway connection without a close frame, as a failing
    /// gateway does.
    pub fn set_outage(&self, outage: Outage) {
        self.state.lock().unwrap().outage = outage;
        if outage != Outage::None {
            self.drop_gateway();
        }
        self.gateway_changed.notify_waiters();
    }

    /// Requests (method, path) sent again before the `retry_after` of the
    /// 429 their path was answered with had passed.
    pub fn early_retries(&self) -> Vec<(String, String)> {
        self.state.lock().unwrap().early_retries.clone()
    }

    /// The gateway's own port (`GET /gateway` names it).
    pub fn gateway_port(&self) -> u16 {
        self.state.lock().unwrap().gateway_port
    }

    /// When each websocket upgrade was asked for, refused ones included.
    pub fn upgrades(&self) -> Vec<Instant> {
        self.state.lock().unwrap().upgrades.clone()
    }

    /// When each IDENTIFY arrived, and its shard.
    pub fn identify_times(&self) -> Vec<(Instant, u32)> {
        self.state.lock().unwrap().identify_times.clone()
    }

    /// Waits until an IDENTIFY of shard 0 would be allowed again (5 s after
    /// the last one, as Discord counts them per bot, whatever process sent
    /// them): for tests that start a bot again at once.
    pub async fn identify_window_passed(&self) {
        let last = self.identify_times().last().map(|(at, _)| *at);
        if let Some(at) = last {
            let until = at + Duration::from_millis(5_100);
            tokio::time::sleep(until.saturating_duration_since(Instant::now())).await;
        }
    }

    /// IDENTIFYs that came sooner than `max_concurrency` per 5 s allows.
    pub fn identifies_too_fast(&self) -> u32 {
        self.state.lock().unwrap().identifies_too_fast
    }

    /// Sets `GET /gateway/bot`'s session start limit: `remaining` of
    /// `total` until `reset_after` from now, `max_concurrency` IDENTIFYs
    /// per 5 s.
    pub fn set_session_starts(
        &self,
        total: u32,
        remaining: u32,
        reset_after: Duration,
        max_concurrency: u32,
    ) {
        self.state.lock().unwrap().session_starts = SessionStarts {
            total,
            remaining,
            resets_at: Instant::now() + reset_after,
            max_concurrency,
            exceeded: 0,
        };
    }

    /// The session start limit as it stands.
    pub fn session_starts(&self) -> SessionStarts {
        self.state.lock().unwrap().session_starts
    }

    /// Gateway connections accepted so far.
    pub fn connections(&self) -> u32 {
        self.state.lock().unwrap().connections
    }

    /// Whether request bodies are checked against Discord's OpenAPI
    /// description (`openapi`; on by default). The contract tests of the
    /// fake's own documented limits switch it off, so that the limit they
    /// test answers, not the description's check before it.
    pub fn check_openapi(&self, on: bool) {
        self.state.lock().unwrap().openapi_off = !on;
    }

    /// Lean mode for load runs: requests are no longer kept (only counted
    /// by the observer), attachments are not kept, the backlog is bounded.
    pub fn set_lean(&self, lean: bool) {
        self.state.lock().unwrap().lean = lean;
    }

    /// Calls `observer` for every REST request served from now on.
    pub fn observe(&self, observer: Observer) {
        self.state.lock().unwrap().observer = Some(observer);
    }

    /// Forgets the gateway session, as after the bot's process died: the
    /// next connection identifies anew.
    pub fn forget_session(&self) {
        let mut s = self.state.lock().unwrap();
        s.sessions.clear();
        s.kills.clear();
    }

    /// Asks the bot to reconnect (op 7), every session.
    pub fn reconnect(&self) {
        let mut s = self.state.lock().unwrap();
        assert!(!s.sessions.is_empty(), "a gateway session");
        for session in s.sessions.drain(..) {
            session
                .tx
                .send(Frame::Text(json!({"op": 7, "d": null}).to_string()))
                .unwrap();
        }
    }

    // ------------------------------------------------------- shards

    /// Adds a guild the bot is in, on shard `shard` of `num_shards`
    /// (its id chosen so), with a text channel; returns (guild, channel).
    pub fn add_guild_on(&self, shard: u32, num_shards: u32) -> (u64, u64) {
        let guild = {
            let mut s = self.state.lock().unwrap();
            let guild = free_guild_id(&s, shard, num_shards);
            s.guilds.push(guild);
            guild
        };
        (guild, self.add_channel_in(guild, kind::GUILD_TEXT, None))
    }

    /// Makes a guild the bot is not in yet (on shard 0 of the last
    /// IDENTIFY's count), named `name`, with `preferred_locale` `locale`
    /// and a text channel `general` at position 0 that is its system
    /// channel; returns (guild, channel). A test may add channels and
    /// change permissions before [`FakeDiscord::join`] adds the bot.
    /// Guild routes refuse it until then (403 / 50001).
    pub fn add_guild(&self, name: &str, locale: &str) -> (u64, u64) {
        let guild = {
            let mut s = self.state.lock().unwrap();
            let n = s.num_shards;
            let guild = free_guild_id(&s, 0, n);
            s.guild_info.insert(guild, Guild::new(name, locale));
            guild
        };
        let channel = self.add_channel_in(guild, kind::GUILD_TEXT, None);
        let mut s = self.state.lock().unwrap();
        if let Some(c) = s.channels.get_mut(&channel) {
            c.name = "general".to_string();
        }
        if let Some(g) = s.guild_info.get_mut(&guild) {
            g.system_channel = Some(channel);
        }
        (guild, channel)
    }

    /// Sets `guild`'s system channel (`None`: it has none).
    pub fn set_system_channel(&self, guild: u64, channel: Option<u64>) {
        let mut s = self.state.lock().unwrap();
        let mut g = s.guild(guild);
        g.system_channel = channel;
        s.guild_info.insert(guild, g);
    }

    /// Adds the bot to `guild` now, as a server's member with Manage
    /// Server does with the invite link: the guild joins the bot's list
    /// (the next READY lists it), its `joined_at` is now, and the bot's
    /// session gets a GUILD_CREATE for a guild READY did not list
    /// (`developers/events/gateway-events.mdx`, "Guild Create": sent
    /// "when the current user joins a new Guild").
    pub fn join(&self, guild: u64) {
        let d = {
            let mut s = self.state.lock().unwrap();
            assert!(!s.guilds.contains(&guild), "the bot is in {guild} already");
            let mut info = s.guild(guild);
            info.joined_at = rfc3339(unix_ms_now());
            s.guild_info.insert(guild, info.clone());
            s.guilds.push(guild);
            guild_create_json(
                guild,
                &info,
                s.channels
                    .values()
                    .filter(|c| c.guild == guild && !c.is_thread()),
            )
        };
        self.dispatch("GUILD_CREATE", d);
    }

    /// `guild` (one the bot is in) goes through an outage and comes back:
    /// a GUILD_DELETE with `unavailable: true`, then its GUILD_CREATE
    /// again, with the `joined_at` it had (`developers/events/gateway-events.mdx`,
    /// "Guild Delete": "If the unavailable field is set, the user was not
    /// removed from the guild"; "Guild Create": sent "when a Guild becomes
    /// available again to the client").
    pub fn outage_over(&self, guild: u64) {
        let d = {
            let s = self.state.lock().unwrap();
            assert!(s.guilds.contains(&guild), "the bot is not in {guild}");
            let info = s.guild(guild);
            guild_create_json(
                guild,
                &info,
                s.channels
                    .values()
                    .filter(|c| c.guild == guild && !c.is_thread()),
            )
        };
        self.dispatch(
            "GUILD_DELETE",
            json!({"id": guild.to_string(), "unavailable": true}),
        );
        self.dispatch("GUILD_CREATE", d);
    }

    /// From now on the fake takes only `token` as the bot's: every REST
    /// request with another `Authorization` is answered 401 / code 0
    /// "401: Unauthorized" (but an interaction's callback and webhook
    /// routes, and `GET /gateway`, which need no bot token), and an
    /// IDENTIFY with another token is closed with 4004, as Discord does
    /// with a token reset in the developer portal. By default the fake
    /// looks at no token.
    pub fn accept_only_token(&self, token: &str) {
        self.state.lock().unwrap().cfg.token = Some(token.to_string());
    }

    /// Sets `GET /gateway/bot`'s recommended number of shards.
    pub fn set_recommended_shards(&self, n: u32) {
        self.state.lock().unwrap().recommended_shards = n;
    }

    /// Sets the most guilds one session may hold (4011 above it).
    pub fn set_shard_guild_limit(&self, n: usize) {
        self.state.lock().unwrap().shard_guild_limit = n;
    }

    /// Acknowledges heartbeats (the default) or, with `false`, lets them
    /// go unanswered while the connection stays open (a dead gateway).
    pub fn set_heartbeat_acks(&self, acks: bool) {
        self.state.lock().unwrap().cfg.heartbeat_acks = acks;
    }

    /// Stops closing IDENTIFYs ([`FakeDiscord::close_identify_with`]).
    pub fn stop_closing_identify(&self) {
        self.state.lock().unwrap().close_identify = None;
    }

    /// Answers every IDENTIFY from now on with close `code`.
    pub fn close_identify_with(&self, code: u16) {
        self.state.lock().unwrap().close_identify = Some(code);
    }

    /// The `(shard_id, num_shards)` of every IDENTIFY that got READY.
    pub fn identified_shards(&self) -> Vec<(u32, u32)> {
        self.state.lock().unwrap().identified_shards.clone()
    }

    /// The shards with a session now.
    pub fn live_shards(&self) -> Vec<(u32, u32)> {
        let mut shards: Vec<(u32, u32)> = self
            .state
            .lock()
            .unwrap()
            .sessions
            .iter()
            .map(|x| x.shard)
            .collect();
        shards.sort_unstable();
        shards
    }

    /// The close codes the fake sent, in order.
    pub fn closes(&self) -> Vec<u16> {
        self.state.lock().unwrap().closes.clone()
    }

    /// Archives a thread as Discord's auto-archive would, and tells the bot
    /// with a THREAD_UPDATE (`developers/events/gateway-events.mdx`,
    /// "Thread Update", sent to sessions with the `GUILDS` intent).
    pub fn archive(&self, thread: u64) {
        let json = {
            let mut s = self.state.lock().unwrap();
            let Some(t) = s.channels.get_mut(&thread) else {
                return;
            };
            assert!(t.is_thread(), "only threads archive");
            t.archived = true;
            t.json()
        };
        self.dispatch("THREAD_UPDATE", json);
    }

    /// Locks (and archives) a thread, as a moderator would.
    pub fn lock(&self, thread: u64) {
        let mut s = self.state.lock().unwrap();
        let t = s.channels.get_mut(&thread).expect("a known thread");
        assert!(t.is_thread(), "only threads lock");
        t.locked = true;
        t.archived = true;
    }

    // ------------------------------------------------------- channels

    /// Adds a channel of `kind` ([`kind`]) to [`GUILD_ID`] and returns its
    /// id. A thread needs `parent` (a text, announcement, forum or media
    /// channel); it is started by [`ALICE`] (so the bot is not its creator)
    /// and inherits the parent's permissions.
    pub fn add_channel(&self, kind: u8, parent: Option<u64>) -> u64 {
        self.add_channel_in(GUILD_ID, kind, parent)
    }

    /// Like [`FakeDiscord::add_channel`], in `guild`.
    pub fn add_channel_in(&self, guild: u64, kind: u8, parent: Option<u64>) -> u64 {
        let id = self.next_id();
        let mut s = self.state.lock().unwrap();
        let mut c = Channel::new(id, kind, guild, &format!("channel-{kind}-{id}"));
        // Last in the guild's channel list.
        c.position = s
            .channels
            .values()
            .filter(|o| o.guild == guild && !o.is_thread())
            .count() as u64;
        if kind::is_thread(kind) {
            let p = parent.expect("a thread has a parent");
            let pk = s.channels.get(&p).expect("a known parent").kind;
            assert!(
                matches!(
                    pk,
                    kind::GUILD_TEXT
                        | kind::GUILD_ANNOUNCEMENT
                        | kind::GUILD_FORUM
                        | kind::GUILD_MEDIA
                ),
                "threads live in text, announcement, forum and media channels"
            );
            c.parent = Some(p);
            c.owner = Some(ALICE.id);
        } else {
            c.parent = parent;
        }
        s.channels.insert(id, c);
        id
    }

    /// Removes `bits` ([`perm`]) from the bot's permissions in `channel`
    /// (a channel overwrite). Threads have no overwrites of their own
    /// (they inherit their parent's: `developers/topics/threads.mdx`,
    /// "Permissions"): deny on the parent.
    pub fn deny(&self, channel: u64, bits: u64) {
        self.edit_channel(channel, |c| c.bot_permissions &= !bits);
    }

    /// Gives the bot `bits` in `channel` back.
    pub fn allow(&self, channel: u64, bits: u64) {
        self.edit_channel(channel, |c| c.bot_permissions |= bits);
    }

    /// Sets the bot's permissions in `channel`.
    pub fn set_bot_permissions(&self, channel: u64, bits: u64) {
        self.edit_channel(channel, |c| c.bot_permissions = bits);
    }

    fn edit_channel(&self, channel: u64, f: impl FnOnce(&mut Channel)) {
        let mut s = self.state.lock().unwrap();
        let c = s.channels.get_mut(&channel).expect("a known channel");
        assert!(
            !c.is_thread(),
            "threads inherit their parent's permissions: change the parent"
        );
        f(c);
    }

    /// The bot's permissions in `channel` as `app_permissions` carries them
    /// (a thread: its parent's).
    pub fn bot_permissions(&self, channel: u64) -> Option<u64> {
        rest::raw_permissions(&self.state.lock().unwrap(), channel)
    }

    /// Sets the upload limit of `guild` (bytes per file; default
    /// [`DEFAULT_UPLOAD_LIMIT`]).
    pub fn set_upload_limit(&self, guild: u64, bytes: u64) {
        self.state
            .lock()
            .unwrap()
            .upload_limits
            .insert(guild, bytes);
    }

    // ------------------------------------------------------------- DMs

    /// Whether `user` takes direct messages from the bot (default: yes).
    /// Closed, a message into their DM channel is answered 403 / 50007
    /// "Cannot send messages to this user", as when they share no server
    /// with the bot, turned off the server's direct messages or blocked
    /// it (`developers/topics/opcodes-and-status-codes.mdx`, "JSON Error
    /// Codes"); opening the DM channel (`developers/resources/user.mdx`,
    /// "Create DM") still works, as on Discord.
    pub fn set_dms_open(&self, user: u64, open: bool) {
        let mut s = self.state.lock().unwrap();
        if open {
            s.dms_closed.remove(&user);
        } else {
            s.dms_closed.insert(user);
        }
    }

    /// The DM channel of the bot with `user` (the one Create DM opens,
    /// opened now if there is none yet): where [`in_dm`] interactions come
    /// from.
    pub fn dm_channel(&self, user: u64) -> u64 {
        rest::open_dm(&mut self.state.lock().unwrap(), user)
    }

    /// The bot's direct messages to `user` (in the DM channel Create DM
    /// opened), oldest first.
    pub fn dms_to(&self, user: u64) -> Vec<Value> {
        let channel = self.state.lock().unwrap().dms.get(&user).copied();
        channel.map(|c| self.messages_in(c)).unwrap_or_default()
    }

    // ---------------------------------------------------------- clocks

    /// Moves `interaction` (by id) `by` into the past: its 3 s to answer
    /// and its token's 15 minutes count from then.
    pub fn age_interaction(&self, interaction: u64, by: Duration) {
        let mut s = self.state.lock().unwrap();
        let i = s
            .interactions
            .get_mut(&format!("token-{interaction}"))
            .expect("a pushed interaction");
        i.pushed = i.pushed.checked_sub(by).expect("an instant that far back");
    }

    /// Sets how long after its push an interaction may be acknowledged
    /// (default [`ACK_WINDOW`], 3 s).
    pub fn set_ack_window(&self, window: Duration) {
        self.state.lock().unwrap().cfg.ack_window = window;
    }

    /// Ids minted from now on (messages, threads, interactions) carry a
    /// time `age` in the past, so that a message created now is as old as
    /// Discord would see it after `age`; `Duration::ZERO` returns to the
    /// present, never reusing an id.
    pub fn set_id_age(&self, age: Duration) {
        let mut s = self.state.lock().unwrap();
        if age.is_zero() {
            s.next_id = s.next_id.max(s.present_id);
            return;
        }
        s.present_id = s.present_id.max(s.next_id);
        let then = unix_ms_now() - age.as_millis() as u64 - DISCORD_EPOCH_MS;
        s.next_id = then << 22;
    }

    /// Sets how many edits of messages older than an hour a channel may
    /// have in a window (default [`OLD_EDITS`]).
    pub fn set_old_edits(&self, limit: usize, window: Duration) {
        self.state.lock().unwrap().cfg.old_edits = (limit, window);
    }

    /// Sets how long an interaction token works (default
    /// [`TOKEN_LIFETIME`], 15 minutes).
    pub fn set_token_lifetime(&self, lifetime: Duration) {
        self.state.lock().unwrap().cfg.token_lifetime = lifetime;
    }

    // --------------------------------------------------------- gateway

    /// Sets the privileged intents enabled for the application
    /// ([`intent::PRIVILEGED`] bits; default: all three).
    pub fn set_privileged_intents(&self, enabled: u64) {
        self.state.lock().unwrap().cfg.privileged = enabled & intent::PRIVILEGED;
    }

    /// Sets HELLO's `heartbeat_interval` and how late a heartbeat may be
    /// before the fake closes the connection (for connections opened from
    /// now on; default 41.25 s and 5 s).
    pub fn set_heartbeat(&self, interval: Duration, tolerance: Duration) {
        let mut s = self.state.lock().unwrap();
        s.cfg.heartbeat_interval = interval;
        s.cfg.heartbeat_tolerance = tolerance;
    }

    /// The intents of every IDENTIFY answered with READY, in order.
    pub fn identified_intents(&self) -> Vec<u64> {
        self.state.lock().unwrap().identified.clone()
    }

    /// How many IDENTIFYs were closed with 4014.
    pub fn refused_identifies(&self) -> u32 {
        self.state.lock().unwrap().refused_identifies
    }

    /// Each shard with a session, in shard order: the sequence number of
    /// the last dispatch sent and what its last heartbeat said. Discord
    /// asks a heartbeat for "the last sequence number—s—received by the
    /// client" (`developers/events/gateway.mdx`, "Sending Heartbeats").
    pub fn heartbeat_seqs(&self) -> Vec<HeartbeatSeq> {
        let s = self.state.lock().unwrap();
        let mut all: Vec<_> = s
            .sessions
            .iter()
            .map(|x| HeartbeatSeq {
                shard: x.shard,
                sent: s.seqs.get(&x.shard).copied().unwrap_or(0),
                heartbeat: s.heartbeat_seqs.get(&x.shard).copied(),
            })
            .collect();
        all.sort_unstable_by_key(|h| h.shard);
        all
    }

    /// How many connections the fake closed for missing heartbeats.
    pub fn heartbeat_timeouts(&self) -> u32 {
        self.state.lock().unwrap().heartbeat_timeouts
    }

    // ---------------------------------------------------- rate limits

    /// Replaces the rate limits (default [`RateLimits::default`]: on).
    pub fn set_rate_limits(&self, limits: RateLimits) {
        let mut s = self.state.lock().unwrap();
        s.cfg.limits = limits;
        s.limiter.reset_windows();
    }

    /// How many dispatch events the fake has sent to the bot's sessions
    /// (or kept for a session that reconnects), by event name, since it
    /// started: those the tests push and those about the bot's own
    /// messages.
    pub fn dispatched(&self) -> std::collections::BTreeMap<String, u64> {
        let s = self.state.lock().unwrap();
        s.dispatched.iter().map(|(k, n)| (k.clone(), *n)).collect()
    }

    /// What the fake counted: non-exempt and exempt requests, 429s, in
    /// total and per route template.
    pub fn counts(&self) -> Counts {
        self.state.lock().unwrap().limiter.counts.clone()
    }

    /// Deprecated fields seen in command registrations
    /// (`"PUT /api/v10/applications/…/commands: 3.dm_permission"`).
    pub fn deprecated_fields(&self) -> Vec<String> {
        self.state.lock().unwrap().deprecated.clone()
    }

    /// Every message the bot created or edited (channel messages,
    /// interaction responses, follow-ups, webhook edits) whose
    /// `allowed_mentions` would let Discord ping `@everyone`, `@here`, a
    /// role, or a user the message does not list in
    /// `allowed_mentions.users` (`mentions::violation`): one line each.
    pub fn mention_violations(&self) -> Vec<String> {
        self.state.lock().unwrap().mention_violations.clone()
    }

    /// Every request body that Discord's OpenAPI description refused
    /// (`openapi::violations`; each was answered 400 / 50035): one line
    /// each.
    pub fn openapi_violations(&self) -> Vec<String> {
        self.state.lock().unwrap().openapi_violations.clone()
    }
}

/// A guild id not in use, on shard `shard` of `num_shards`.
fn free_guild_id(s: &State, shard: u32, num_shards: u32) -> u64 {
    let mut g = (GUILD_ID >> 22) + 1;
    while shard_of(g << 22, num_shards) != shard
        || s.guilds.contains(&(g << 22 | 1))
        || s.guild_info.contains_key(&(g << 22 | 1))
    {
        g += 1;
    }
    g << 22 | 1
}

/// `ms` since 1970 as Discord writes a time (ISO 8601,
/// `2024-01-01T00:00:00.000000+00:00`).
fn rfc3339(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Days since 1970-01-01 to the civil date (the proleptic Gregorian
    // calendar's 400-year cycles, counted from 0000-03-01).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}+00:00",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        (ms % 1000) * 1000
    )
}

/// Sends dispatch `event` with data `d` (already [`prepare`]d) to the
/// session of its guild's shard, or keeps it in the backlog for it.
fn send_event(s: &mut State, event: &str, d: Value) {
    // The session of the guild's shard (`developers/events/gateway.mdx`,
    // "Sharding": `shard_id = (guild_id >> 22) % num_shards`; events
    // without a guild go to shard 0), or the shard it waits for.
    // A guild's own events name it by `id`.
    let guild = if matches!(event, "GUILD_CREATE" | "GUILD_DELETE") {
        d["id"].as_str().and_then(|g| g.parse().ok())
    } else {
        event_guild(s, &d)
    };
    let key = s
        .sessions
        .iter()
        .map(|x| x.shard)
        .find(|&(id, n)| guild.map_or(0, |g| shard_of(g, n)) == id)
        .unwrap_or_else(|| {
            let n = s.num_shards;
            (guild.map_or(0, |g| shard_of(g, n)), n)
        });
    let seq = {
        let seq = s.seqs.entry(key).or_insert(0);
        *seq += 1;
        *seq
    };
    match s.dispatched.get_mut(event) {
        Some(n) => *n += 1,
        None => {
            s.dispatched.insert(event.to_string(), 1);
        }
    }
    let frame = json!({"op": 0, "s": seq, "t": event, "d": d});
    let text = frame.to_string();
    let lean = s.lean;
    let backlog = s.backlog.entry(key).or_default();
    backlog.push((seq, text.clone()));
    if lean && backlog.len() > 20_000 {
        backlog.drain(..10_000);
    }
    // While the bot is reconnecting the event waits in the backlog: the
    // RESUME replays what the bot has not seen (as Discord does).
    if let Some(session) = s.sessions.iter().find(|x| x.shard == key) {
        let _ = session.tx.send(Frame::Text(text));
    }
}

/// Sends the gateway events about the messages the request just served
/// created or edited (`State::echoes`): Discord sends `MESSAGE_CREATE` and
/// `MESSAGE_UPDATE` to every session that can see the channel and has the
/// intent, the message's author included — a bot gets its own messages
/// (`developers/events/gateway-events.mdx`, "Message Create": "Sent when a
/// message is created"; "Message Update": "Sent when a message is
/// updated"; `developers/events/gateway.mdx`, "Message Content Intent":
/// content is kept in "messages sent by the app"). An ephemeral message is
/// not in the channel and goes with the direct-messages intent, which the
/// bot does not ask for: not sent.
pub(super) fn send_echoes(s: &mut State) {
    for (event, id) in std::mem::take(&mut s.echoes) {
        let Some(m) = s.messages.get(&id).cloned() else {
            continue;
        };
        if m["flags"].as_u64().unwrap_or(0) & 64 != 0 {
            continue;
        }
        if let Some(d) = prepare(s, event, m) {
            send_event(s, event, d);
        }
    }
}

/// What [`FakeDiscord::dispatch`] sends for `event` (`None`: nothing).
fn prepare(s: &mut State, event: &str, mut d: Value) -> Option<Value> {
    member_nickname(s, &mut d);
    match event {
        "INTERACTION_CREATE" => enrich_interaction(s, &mut d),
        "MESSAGE_CREATE" | "MESSAGE_UPDATE" => {
            let channel: u64 = d["channel_id"]
                .as_str()
                .and_then(|c| c.parse().ok())
                .unwrap_or(0);
            if event == "MESSAGE_CREATE" {
                if let Some(id) = d["id"].as_str().and_then(|i| i.parse::<u64>().ok()) {
                    s.messages.insert(id, d.clone());
                    s.by_channel.entry(channel).or_default().insert(id);
                }
                if let Some(c) = s.channels.get_mut(&channel) {
                    if c.is_thread() && c.archived && !c.locked {
                        c.archived = false;
                    }
                }
            }
            let visible = rest::raw_permissions(s, channel)
                .map(|p| p & perm::VIEW_CHANNEL != 0)
                .unwrap_or(d.get("guild_id").is_none());
            let intents = s.intents.unwrap_or(u64::MAX);
            return filter_message(d, intents).filter(|_| visible);
        }
        _ => {}
    }
    Some(d)
}

/// Sets the `nick` of the event's member (an interaction's or a typed
/// message's) to the nickname its user has in the event's guild
/// ([`FakeDiscord::set_nickname`]), if any.
fn member_nickname(s: &State, d: &mut Value) {
    let Some(guild) = d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok()) else {
        return;
    };
    let user = if d["member"]["user"].is_object() {
        &d["member"]["user"]["id"]
    } else {
        &d["author"]["id"]
    };
    let Some(user) = user.as_str().and_then(|u| u.parse::<u64>().ok()) else {
        return;
    };
    if let (Some(nick), Some(member)) = (
        s.nicknames.get(&(guild, user)),
        d.get_mut("member").and_then(Value::as_object_mut),
    ) {
        member.insert("nick".to_string(), json!(nick));
    }
}

/// Remembers an interaction and fills in what Discord computes (see
/// [`FakeDiscord::dispatch`]).
fn enrich_interaction(s: &mut State, d: &mut Value) {
    let Some(token) = d.get("token").and_then(Value::as_str).map(str::to_string) else {
        return;
    };
    let id: u64 = d["id"]
        .as_str()
        .and_then(|x| x.parse().ok())
        .expect("an interaction id");
    let kind = d["type"].as_u64().unwrap_or(0) as u8;
    let channel: u64 = d["channel_id"]
        .as_str()
        .and_then(|x| x.parse().ok())
        .expect("an interaction's channel_id");
    let c = s
        .channels
        .get(&channel)
        .unwrap_or_else(|| {
            panic!("an interaction from channel {channel}, which the fake does not know")
        })
        .clone();
    let guild: Option<u64> = d["guild_id"].as_str().and_then(|g| g.parse().ok());
    if let Some(recipient) = c.recipient {
        // The bot's DM with a user ([`in_dm`]): no guild, and only that
        // user is in it.
        assert_eq!(
            guild, None,
            "an interaction from DM {channel} names a guild"
        );
        assert_eq!(
            d["user"]["id"].as_str(),
            Some(recipient.to_string().as_str()),
            "an interaction from DM {channel} by another user than its recipient"
        );
    } else {
        assert_eq!(
            guild,
            Some(c.guild),
            "an interaction from channel {channel} names another guild"
        );
    }
    if matches!(kind, 2 | 4) && c.is_thread() && c.archived {
        panic!("Discord delivers no command from an archived thread ({channel})");
    }
    let app = rest::raw_permissions(s, channel).unwrap_or(0);
    d["app_permissions"] = json!(app.to_string());
    let mut partial = c.json();
    partial["permissions"] = d["member"]["permissions"].clone();
    d["channel"] = partial;
    // GUILD_INSTALL's owner: the server, or "0" in the bot's DM (a DM
    // channel's guild is 0); the context GUILD (0) or BOT_DM (1).
    d["authorizing_integration_owners"] = json!({"0": c.guild.to_string()});
    d["context"] = json!(if c.recipient.is_some() { 1 } else { 0 });
    if let Some(resolved) = d
        .get_mut("data")
        .and_then(|x| x.get_mut("resolved"))
        .and_then(|x| x.get_mut("channels"))
        .and_then(Value::as_object_mut)
    {
        for (rid, v) in resolved.iter_mut() {
            if let Some(rc) = rid.parse::<u64>().ok().and_then(|r| s.channels.get(&r)) {
                let mut j = rc.json();
                j["permissions"] = json!("0");
                let p = rest::raw_permissions(s, rc.id).unwrap_or(0);
                j["app_permissions"] = json!(p.to_string());
                *v = j;
            }
        }
    }
    let message = d
        .get("message")
        .and_then(|m| m["id"].as_str())
        .and_then(|m| m.parse().ok());
    let user = d["member"]["user"].clone();
    let user = if user.is_null() {
        d["user"].clone()
    } else {
        user
    };
    s.interactions.insert(
        token,
        Interaction {
            id,
            kind,
            channel,
            guild,
            message,
            user,
            pushed: Instant::now(),
            size_limit: d["attachment_size_limit"]
                .as_u64()
                .unwrap_or(DEFAULT_UPLOAD_LIMIT),
            acked: None,
            dead: false,
            original: None,
            loading: false,
            followups: Vec::new(),
        },
    );
}

#[cfg(test)]
mod tests {
    use super::rfc3339;

    #[test]
    fn times_are_written_as_discord_writes_them() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000000+00:00");
        assert_eq!(
            rfc3339(1_704_067_200_000),
            "2024-01-01T00:00:00.000000+00:00"
        );
        // A leap day, with milliseconds.
        assert_eq!(
            rfc3339(1_709_210_096_789),
            "2024-02-29T12:34:56.789000+00:00"
        );
    }
}
