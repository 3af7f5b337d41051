//! Starting the real `fourbot` binary against the fake Discord, and playing
//! matches through it: shared by the fault and crash tests
//! (`tests/faults.rs`, `tests/kill.rs`) and the load driver
//! (`examples/load.rs`). Include it next to the fake:
//!
//! ```ignore
//! #[path = "support/fake_discord.rs"]
//! mod fake;
//! #[path = "support/process.rs"]
//! mod harness;
//! ```

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::process::{Child, Command};

use crate::fake::*;

/// The token the bot is started with (never logged).
pub const TOKEN: &str = "test-token-NEVER-LOGGED-0123456789";

/// A fresh directory under the system's temp dir.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "fourbot-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The database URL of the bot started in `dir`.
pub fn database_url(dir: &Path) -> String {
    format!("sqlite://{}/fourbot.db", dir.display())
}

/// Starts `bin run` in `dir` against `fake`, with `envs` set; its stderr
/// goes to `dir/stderr.log` (appended, so restarts keep the earlier logs).
pub fn spawn(bin: &Path, fake: &FakeDiscord, dir: &Path, envs: &[(&str, &str)]) -> Child {
    let mut cmd = Command::new(bin);
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("stderr.log"))
        .unwrap();
    cmd.arg("run")
        .current_dir(dir)
        .env("DISCORD_API_BASE", fake.base())
        .env("DISCORD_TOKEN", TOKEN)
        .env("FOURBOT_DEV_GUILD", GUILD_ID.to_string())
        .env("FOURBOT_DATABASE_URL", database_url(dir))
        .env("NO_PROXY", "127.0.0.1")
        .env("no_proxy", "127.0.0.1")
        .stdout(Stdio::null())
        .stderr(log)
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
    cmd.envs(envs.iter().copied());
    cmd.spawn().expect("the fourbot binary starts")
}

/// How many command registrations (`PUT …/commands`) the fake has seen:
/// one per start of the bot.
pub fn registrations(fake: &FakeDiscord) -> usize {
    fake.served()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands") && r.status == 200)
        .count()
}

/// Waits until the bot has registered its commands for the `n`th time.
pub async fn wait_registrations(fake: &FakeDiscord, n: usize) {
    fake.wait_for("command registration", |f| {
        (registrations(f) >= n).then_some(())
    })
    .await;
}

/// The path of interaction `i`'s callback.
pub fn callback_path(interaction: u64) -> String {
    format!("/api/v10/interactions/{interaction}/token-{interaction}/callback")
}

/// The path of interaction `i`'s follow-ups.
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

/// A snowflake field as a number.
pub fn id_of(v: &Value) -> u64 {
    v["id"].as_str().unwrap().parse().unwrap()
}

/// `user` presses `custom_id` on `message`; returns the interaction id.
pub fn press(fake: &FakeDiscord, user: TestUser, message: &Value, custom_id: &str) -> u64 {
    let id = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        button_press_json(id, user, message, custom_id, "en-US"),
    );
    id
}

/// The text of the private follow-up to interaction `i` (waits for it).
pub async fn private_followup(fake: &FakeDiscord, interaction: u64) -> String {
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

/// A test user with a made-up id and name (for many matches).
pub fn user(n: u64) -> TestUser {
    TestUser {
        id: 200_000_000_000_000_000 + n,
        name: Box::leak(format!("player{n}").into_boxed_str()),
    }
}

/// A match in its thread, seen from the tests.
#[derive(Clone)]
pub struct Table {
    /// The fake.
    pub fake: FakeDiscord,
    /// The thread (also the challenge message's id).
    pub thread: u64,
    /// The match id of the buttons.
    pub match_id: String,
    /// Challenger (red in game 1 unless the bot chose otherwise).
    pub a: TestUser,
    /// The challenged player.
    pub b: TestUser,
}

impl Table {
    /// `a` challenges `b` (classic, `time` if given), `b` accepts: waits for
    /// the thread and the first turn.
    pub async fn open(fake: &FakeDiscord, a: TestUser, b: TestUser, time: Option<&str>) -> Table {
        let iid = fake.next_id();
        let mut options = vec![("opponent", 6u8, json!(b.id.to_string()))];
        if let Some(t) = time {
            options.push(("time", 3, json!(t)));
        }
        fake.dispatch(
            "INTERACTION_CREATE",
            slash_command_json(iid, a, CHANNEL_ID, "challenge", &options, &[b]),
        );
        let challenge = fake
            .wait_for("the challenge message", |f| f.original(iid))
            .await;
        let accept = buttons(&challenge)[0].0.clone();
        press(fake, b, &challenge, &accept);
        let thread = id_of(&challenge);
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
            a,
            b,
        }
    }

    fn key(&self, game: u32, ply: u32) -> String {
        format!("m:{}:{game}.{ply}:drop:", self.match_id)
    }

    /// The turn message for `game.ply` (waits for it).
    pub async fn turn(&self, game: u32, ply: u32) -> Value {
        let key = self.key(game, ply);
        let thread = self.thread;
        self.fake
            .wait_for(&format!("turn {game}.{ply}"), |f| {
                f.messages_in(thread)
                    .into_iter()
                    .find(|m| buttons(m).iter().any(|(id, _)| id.starts_with(&key)))
            })
            .await
    }

    /// How many turn messages for `game.ply` were posted (successfully).
    pub fn turns_posted(&self, game: u32, ply: u32) -> usize {
        let key = self.key(game, ply);
        let path = format!("/api/v10/channels/{}/messages", self.thread);
        self.fake
            .requests()
            .iter()
            .filter(|r| r.method == "POST" && r.path == path && r.json.to_string().contains(&key))
            .count()
    }

    /// The player whose turn message `m` is (it mentions them first).
    pub fn mover(&self, m: &Value) -> TestUser {
        let content = m["content"].as_str().unwrap_or("");
        if content.starts_with(&format!("<@{}>", self.a.id)) {
            self.a
        } else {
            self.b
        }
    }

    /// The player to move presses `column` on the turn `game.ply`; returns
    /// the interaction id (without waiting for anything).
    pub async fn press_drop(&self, game: u32, ply: u32, column: char) -> u64 {
        let msg = self.turn(game, ply).await;
        let who = self.mover(&msg);
        let id = format!("{}{column}", self.key(game, ply));
        press(&self.fake, who, &msg, &id)
    }

    /// Like [`Table::press_drop`], then waits for the next turn.
    pub async fn play(&self, game: u32, ply: u32, column: char) {
        self.press_drop(game, ply, column).await;
        self.turn(game, ply + 1).await;
    }
}

/// Polls `check` every 20 ms until it holds, panicking with `what` after
/// `limit`.
pub async fn eventually(what: &str, limit: Duration, mut check: impl FnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + limit;
    while !check() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
