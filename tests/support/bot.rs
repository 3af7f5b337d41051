//! Runs the real `fourbot` binary against the fake Discord, and the small
//! helpers end-to-end tests share: start, restart, press, read buttons.

use std::path::PathBuf;
use std::process::Stdio;

use serde_json::{json, Value};
use tokio::process::{Child, Command};

use super::fake::*;

/// The token the tests give the bot (checked never to be logged).
pub const TOKEN: &str = "test-token-NEVER-LOGGED-0123456789";

/// A running bot and its directory (database, stderr.log).
pub struct Bot {
    /// The bot's process.
    pub child: Child,
    /// Its working directory.
    pub dir: PathBuf,
    envs: Vec<(String, String)>,
}

/// A fresh temporary directory named after the test.
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

fn spawn(fake: &FakeDiscord, dir: &PathBuf, envs: &[(String, String)]) -> Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fourbot"));
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("stderr.log"))
        .unwrap();
    cmd.arg("run")
        .current_dir(dir)
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_BASE", fake.base())
        .env("FOURBOT_DEV_GUILD", GUILD_ID.to_string())
        .env(
            "FOURBOT_DATABASE_URL",
            format!("sqlite://{}/fourbot.db", dir.display()),
        )
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
        "FOURBOT_CHALLENGE_EXPIRY_SECS",
    ] {
        cmd.env_remove(var);
    }
    cmd.envs(envs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    cmd.spawn().expect("the fourbot binary starts")
}

/// Starts a fake Discord and the bot (with `envs`), and waits until the bot
/// is connected.
pub async fn start_with(name: &str, envs: &[(&str, &str)]) -> (FakeDiscord, Bot) {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let dir = temp_dir(name);
    let envs: Vec<(String, String)> = envs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let child = spawn(&fake, &dir, &envs);
    fake.wait_ready().await;
    (fake, Bot { child, dir, envs })
}

impl Bot {
    /// Kills the bot (as a crash would).
    pub async fn kill(&mut self) {
        self.child.kill().await.unwrap();
    }

    /// Starts the bot again on the same database and waits until it has
    /// registered its commands again (it is connected and has restored
    /// what it keeps).
    pub async fn restart(&mut self, fake: &FakeDiscord) {
        let puts = |f: &FakeDiscord| f.requests().iter().filter(|r| r.method == "PUT").count();
        let before = puts(fake);
        self.child = spawn(fake, &self.dir, &self.envs);
        fake.wait_for("the commands registered again", |f| {
            (puts(f) > before).then_some(())
        })
        .await;
    }

    /// What the bot wrote on stderr.
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(self.dir.join("stderr.log")).unwrap_or_default()
    }
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

/// The path of the callback that answers `interaction`.
pub fn callback_path(interaction: u64) -> String {
    format!("/api/v10/interactions/{interaction}/token-{interaction}/callback")
}

/// The path of `interaction`'s follow-up messages.
pub fn followup_path(interaction: u64) -> String {
    format!("/api/v10/webhooks/{BOT_ID}/token-{interaction}")
}

/// The custom ids of a message's buttons.
pub fn custom_ids(message: &Value) -> Vec<String> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|b| b["custom_id"].as_str().unwrap_or("").to_string())
        .collect()
}

/// A message's id.
pub fn id_of(v: &Value) -> u64 {
    v["id"].as_str().unwrap().parse().unwrap()
}

/// `user` runs `/name` with `options` (mentioning `users`) in the main
/// channel; returns the interaction id.
pub fn command(
    fake: &FakeDiscord,
    user: TestUser,
    name: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> u64 {
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        slash_command_json(iid, user, CHANNEL_ID, name, options, users),
    );
    iid
}

/// `from` challenges `to`; returns the interaction id.
pub fn challenge(fake: &FakeDiscord, from: TestUser, to: TestUser) -> u64 {
    command(
        fake,
        from,
        "challenge",
        &[("opponent", 6, json!(to.id.to_string()))],
        &[to],
    )
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

/// The answer (callback body) to interaction `i`, once it came.
pub async fn answer(fake: &FakeDiscord, i: u64) -> Value {
    fake.wait_for("the answer", |f| {
        f.requests()
            .into_iter()
            .find(|r| r.path == callback_path(i))
            .map(|r| r.json)
    })
    .await
}

/// The content of the private follow-up to interaction `i`, once it came.
pub async fn followup(fake: &FakeDiscord, i: u64) -> String {
    let r = fake
        .wait_for("a private follow-up", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.method == "POST" && r.path == followup_path(i))
        })
        .await;
    assert_eq!(r.json["flags"], 64, "ephemeral: {}", r.json);
    r.json["content"].as_str().unwrap_or("").to_string()
}

/// The first message with buttons in `thread` (a match's first turn).
pub async fn first_turn(fake: &FakeDiscord, thread: u64) -> Value {
    fake.wait_for("the first turn", |f| {
        f.messages_in(thread)
            .into_iter()
            .find(|m| !custom_ids(m).is_empty())
    })
    .await
}
