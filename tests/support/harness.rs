//! The end-to-end harness shared by `tests/discord.rs` and
//! `tests/discord_pitfalls.rs`: the real `fourbot` binary started against
//! the fake Discord, a match seen from its thread ([`Table`]), and the
//! helpers that send slash commands and presses and wait for their effects.
//! Include it after `fake` (`#[path = "support/fake_discord.rs"] mod fake;`).

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Stdio;

use crate::fake::*;
use serde_json::{json, Value};
use tokio::process::{Child, Command};

pub const TOKEN: &str = "test-token-NEVER-LOGGED-0123456789";
// ---------------------------------------------------------------- harness

pub struct Bot {
    /// The bot's process.
    pub child: Child,
    /// Its working directory (database, stderr.log).
    pub dir: PathBuf,
}

pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "fourbot-discord-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn spawn_bot(fake: &FakeDiscord, dir: &PathBuf, token: Option<&str>) -> Child {
    spawn_bot_with(fake, dir, token, &[])
}

pub fn spawn_bot_with(
    fake: &FakeDiscord,
    dir: &PathBuf,
    token: Option<&str>,
    envs: &[(&str, &str)],
) -> Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fourbot"));
    if !envs.iter().any(|(k, _)| *k == "TEST_NO_SUBCOMMAND") {
        cmd.arg("run");
    }
    cmd.current_dir(dir)
        .env("DISCORD_API_BASE", fake.base())
        .env("FOURBOT_DEV_GUILD", GUILD_ID.to_string())
        .env(
            "FOURBOT_DATABASE_URL",
            format!("sqlite://{}/fourbot.db", dir.display()),
        )
        .env("NO_PROXY", "127.0.0.1")
        .env("no_proxy", "127.0.0.1")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(dir.join("stderr.log")).unwrap())
        .kill_on_drop(true);
    for var in [
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
    ] {
        cmd.env_remove(var);
    }
    match token {
        Some(t) => cmd.env("DISCORD_TOKEN", t),
        None => cmd.env_remove("DISCORD_TOKEN"),
    };
    cmd.envs(envs.iter().copied());
    cmd.spawn().expect("the fourbot binary starts")
}

pub async fn start(name: &str) -> (FakeDiscord, Bot) {
    start_with(name, &[]).await
}

pub async fn start_with(name: &str, envs: &[(&str, &str)]) -> (FakeDiscord, Bot) {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let dir = temp_dir(name);
    let child = spawn_bot_with(&fake, &dir, Some(TOKEN), envs);
    fake.wait_ready().await;
    (fake, Bot { child, dir })
}

impl Drop for Bot {
    /// Keeps the directory (database, stderr.log) of a failed test only.
    fn drop(&mut self) {
        let _ = self.child.start_kill();
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

impl Bot {
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(self.dir.join("stderr.log")).unwrap_or_default()
    }
}

pub fn callback_path(interaction: u64) -> String {
    format!("/api/v10/interactions/{interaction}/token-{interaction}/callback")
}

pub fn followup_path(interaction: u64) -> String {
    format!("/api/v10/webhooks/{BOT_ID}/token-{interaction}")
}

/// The custom ids of a message's buttons, with their disabled flags.
pub fn buttons(message: &Value) -> Vec<(String, bool)> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|b| {
            (
                b["custom_id"].as_str().unwrap_or("").to_string(),
                b["disabled"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

pub fn id_of(v: &Value) -> u64 {
    v["id"].as_str().unwrap().parse().unwrap()
}

/// A match in its thread, seen from the tests.
#[derive(Clone)]
pub struct Table {
    /// The fake.
    pub fake: FakeDiscord,
    /// The match's thread.
    pub thread: u64,
    /// The match's id (as in its buttons' custom ids).
    pub match_id: String,
}

impl Table {
    /// Alice challenges Bob, Bob accepts: the thread and the first turn.
    pub async fn open(fake: &FakeDiscord) -> Table {
        let iid = fake.next_id();
        fake.dispatch(
            "INTERACTION_CREATE",
            slash_command_json(
                iid,
                ALICE,
                CHANNEL_ID,
                "challenge",
                &[("opponent", 6, json!(BOB.id.to_string()))],
                &[BOB],
            ),
        );
        let challenge = fake
            .wait_for("the challenge message", |f| f.original(iid))
            .await;
        let ids = buttons(&challenge);
        assert_eq!(ids.len(), 2, "accept and decline: {challenge}");
        assert!(challenge["content"]
            .as_str()
            .unwrap()
            .contains(&format!("<@{}>", BOB.id)));
        // Alice cannot accept her own challenge.
        let own = press(fake, ALICE, &challenge, &ids[0].0, "en-US");
        let reply = fake
            .wait_for("a refusal", |f| {
                f.requests()
                    .into_iter()
                    .find(|r| r.path == callback_path(own))
            })
            .await;
        assert_eq!(reply.json["type"], 4);
        assert_eq!(reply.json["data"]["flags"], 64);
        let accept = press(fake, BOB, &challenge, &ids[0].0, "en-US");
        let update = fake
            .wait_for("the accept update", |f| {
                f.requests()
                    .into_iter()
                    .find(|r| r.path == callback_path(accept))
            })
            .await;
        assert_eq!(update.json["type"], 7, "{}", update.json);
        let thread = id_of(&challenge);
        let thread_channel = fake.wait_for("the thread", |f| f.channel(thread)).await;
        assert!(thread_channel["name"]
            .as_str()
            .unwrap()
            .contains("alice vs bob"));
        let first = fake
            .wait_for("the first turn", |f| {
                f.messages_in(thread)
                    .into_iter()
                    .find(|m| !buttons(m).is_empty())
            })
            .await;
        let custom = &buttons(&first)[0].0;
        let match_id = custom.split(':').nth(1).unwrap().to_string();
        Table {
            fake: fake.clone(),
            thread,
            match_id,
        }
    }

    /// The same thread's next match (a rematch): waits for its first turn.
    pub async fn rematch(&self) -> Table {
        let old = format!("m:{}:", self.match_id);
        let thread = self.thread;
        let first = self
            .fake
            .wait_for("the rematch's first turn", |f| {
                f.messages_in(thread).into_iter().find(|m| {
                    buttons(m)
                        .iter()
                        .any(|(id, _)| id.contains(":drop:") && !id.starts_with(&old))
                })
            })
            .await;
        let custom = &buttons(&first)[0].0;
        Table {
            fake: self.fake.clone(),
            thread,
            match_id: custom.split(':').nth(1).unwrap().to_string(),
        }
    }

    /// `user` runs `/name` in the thread; returns the interaction id.
    pub fn command(&self, user: TestUser, name: &str) -> u64 {
        let id = self.fake.next_id();
        self.fake.dispatch(
            "INTERACTION_CREATE",
            slash_command_json(id, user, self.thread, name, &[], &[]),
        );
        id
    }

    /// The turn message for `game.ply` (waits for it).
    pub async fn turn(&self, game: u32, ply: u32) -> Value {
        let key = format!("m:{}:{game}.{ply}:drop:", self.match_id);
        let thread = self.thread;
        self.fake
            .wait_for(&format!("turn {game}.{ply}"), |f| {
                f.messages_in(thread)
                    .into_iter()
                    .find(|m| buttons(m).iter().any(|(id, _)| id.starts_with(&key)))
            })
            .await
    }

    /// The turn messages for `game.ply` posted so far.
    pub fn turns(&self, game: u32, ply: u32) -> usize {
        let key = format!("m:{}:{game}.{ply}:drop:", self.match_id);
        self.fake
            .requests()
            .iter()
            .filter(|r| {
                r.method == "POST"
                    && r.path == format!("/api/v10/channels/{}/messages", self.thread)
                    && r.json.to_string().contains(&key)
            })
            .count()
    }

    /// `user` presses the drop button of `column` on the turn `game.ply`.
    pub async fn drop(&self, user: TestUser, game: u32, ply: u32, column: char) -> u64 {
        let msg = self.turn(game, ply).await;
        let id = format!("m:{}:{game}.{ply}:drop:{column}", self.match_id);
        let i = press(&self.fake, user, &msg, &id, "en-US");
        self.fake
            .wait_for("the acknowledgement", |f| {
                f.requests()
                    .into_iter()
                    .find(|r| r.path == callback_path(i))
            })
            .await;
        i
    }

    /// `user` types `text` in the thread.
    pub fn typed(&self, user: TestUser, text: &str) {
        let id = self.fake.next_id();
        self.fake.dispatch(
            "MESSAGE_CREATE",
            message_create_json(id, user, self.thread, text),
        );
    }

    /// The message whose buttons include one ending in `suffix`.
    pub async fn message_with(&self, suffix: &str) -> Value {
        let thread = self.thread;
        self.fake
            .wait_for(suffix, |f| {
                f.messages_in(thread)
                    .into_iter()
                    .find(|m| buttons(m).iter().any(|(id, _)| id.ends_with(suffix)))
            })
            .await
    }
}

pub fn press(
    fake: &FakeDiscord,
    user: TestUser,
    message: &Value,
    custom_id: &str,
    locale: &str,
) -> u64 {
    let id = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        button_press_json(id, user, message, custom_id, locale),
    );
    id
}

pub async fn ephemeral_followup(fake: &FakeDiscord, interaction: u64) -> String {
    let r = fake
        .wait_for("a private reply", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.method == "POST" && r.path == followup_path(interaction))
        })
        .await;
    assert_eq!(r.json["flags"], 64, "ephemeral: {}", r.json);
    r.json["content"].as_str().unwrap_or("").to_string()
}
pub fn challenge(fake: &FakeDiscord, from: TestUser, to: TestUser) -> u64 {
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        slash_command_json(
            iid,
            from,
            CHANNEL_ID,
            "challenge",
            &[("opponent", 6, json!(to.id.to_string()))],
            &[to],
        ),
    );
    iid
}

pub fn archived(fake: &FakeDiscord, thread: u64) -> Option<bool> {
    fake.channel(thread)?["thread_metadata"]["archived"].as_bool()
}
/// `from` runs `/challenge` with `options`; users named by them are `users`.
pub fn challenge_with(
    fake: &FakeDiscord,
    from: TestUser,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> u64 {
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        slash_command_json(iid, from, CHANNEL_ID, "challenge", options, users),
    );
    iid
}

pub fn user_opt(name: &'static str, u: TestUser) -> (&'static str, u8, Value) {
    (name, 6, json!(u.id.to_string()))
}

/// The private reply to a slash command (its content).
pub async fn private_reply(fake: &FakeDiscord, interaction: u64) -> String {
    let r = fake
        .wait_for("a private reply", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.path == callback_path(interaction))
        })
        .await;
    assert_eq!(r.json["data"]["flags"], 64, "ephemeral: {}", r.json);
    r.json["data"]["content"].as_str().unwrap_or("").to_string()
}

/// The challenge `iid` is accepted by every one of `players`, in order;
/// returns the match's table once the first turn is posted.
pub async fn accept_all(fake: &FakeDiscord, iid: u64, players: &[TestUser]) -> Table {
    let challenge = fake.wait_for("the challenge", |f| f.original(iid)).await;
    let accept = buttons(&challenge)[0].0.clone();
    for (n, p) in players.iter().enumerate() {
        let i = press(fake, *p, &challenge, &accept, "en-US");
        fake.wait_for("the accept update", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.path == callback_path(i))
        })
        .await;
        let now = fake.message(id_of(&challenge)).unwrap();
        let text = now["content"].as_str().unwrap();
        if n + 1 < players.len() {
            assert!(text.contains("Still waiting for"), "{text}");
            assert_eq!(buttons(&now).len(), 2, "still open: {now}");
            assert!(fake.channel(id_of(&challenge)).is_none(), "no thread yet");
        } else {
            assert!(buttons(&now).is_empty(), "{now}");
        }
    }
    let thread = id_of(&challenge);
    let first = fake
        .wait_for("the first turn", |f| {
            f.messages_in(thread)
                .into_iter()
                .find(|m| !buttons(m).is_empty())
        })
        .await;
    Table {
        fake: fake.clone(),
        thread,
        match_id: buttons(&first)[0].0.split(':').nth(1).unwrap().to_string(),
    }
}

pub fn starts_with_ping(m: &Value, u: TestUser) -> bool {
    m["content"]
        .as_str()
        .unwrap_or("")
        .starts_with(&format!("<@{}>", u.id))
}
/// `user` runs `/ladder sub` with `options`; returns the interaction id.
pub fn ladder(
    fake: &FakeDiscord,
    user: TestUser,
    sub: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> u64 {
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        subcommand_json(iid, user, CHANNEL_ID, "ladder", sub, options, users),
    );
    iid
}

/// `user` runs `/config` with `options`; returns the interaction id.
pub fn config(fake: &FakeDiscord, user: TestUser, options: &[(&str, u8, Value)]) -> u64 {
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        slash_command_json(iid, user, CHANNEL_ID, "config", options, &[]),
    );
    iid
}
pub fn ask(fake: &FakeDiscord, user: TestUser, name: &str, options: &[(&str, u8, Value)]) -> u64 {
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        slash_command_json(iid, user, CHANNEL_ID, name, options, &[]),
    );
    iid
}

/// Every private message answering `interaction` (reply and follow-ups).
pub async fn private_replies(fake: &FakeDiscord, interaction: u64, count: usize) -> Vec<String> {
    private_reply(fake, interaction).await;
    fake.wait_for("the follow-ups", |f| {
        let reqs = f.requests();
        let mut texts: Vec<String> = reqs
            .iter()
            .filter(|r| r.path == callback_path(interaction))
            .map(|r| r.json["data"]["content"].as_str().unwrap_or("").to_string())
            .collect();
        texts.extend(
            reqs.iter()
                .filter(|r| r.method == "POST" && r.path == followup_path(interaction))
                .map(|r| r.json["content"].as_str().unwrap_or("").to_string()),
        );
        (texts.len() >= count).then_some(texts)
    })
    .await
}
/// `user` presses `custom_id` on the message `message_id` (as it is now)
/// and waits for the answer to the press.
pub async fn press_now(
    fake: &FakeDiscord,
    user: TestUser,
    message_id: u64,
    custom_id: &str,
) -> Value {
    let message = fake.message(message_id).unwrap();
    let i = press(fake, user, &message, custom_id, "en-US");
    fake.wait_for("the answer to the press", |f| {
        f.requests()
            .into_iter()
            .find(|r| r.path == callback_path(i))
            .map(|r| r.json)
    })
    .await
}
impl Table {
    /// `user` presses the pop button of `column` on the turn `game.ply`.
    pub async fn pop(&self, user: TestUser, game: u32, ply: u32, column: char) {
        let msg = self.turn(game, ply).await;
        let id = format!("m:{}:{game}.{ply}:pop:{column}", self.match_id);
        assert!(
            buttons(&msg).iter().any(|(b, off)| *b == id && !off),
            "an active pop button {id}: {msg}"
        );
        let i = press(&self.fake, user, &msg, &id, "en-US");
        self.fake
            .wait_for("the acknowledgement", |f| {
                f.requests()
                    .into_iter()
                    .find(|r| r.path == callback_path(i))
            })
            .await;
    }
}

/// Alice challenges Bob to `variant`; Bob accepts.
pub async fn open_variant(fake: &FakeDiscord, variant: &str) -> Table {
    let iid = challenge_with(
        fake,
        ALICE,
        &[user_opt("opponent", BOB), ("variant", 3, json!(variant))],
        &[BOB],
    );
    accept_all(fake, iid, &[BOB]).await
}
