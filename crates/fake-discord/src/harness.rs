//! The one end-to-end harness: the real `fourbot` binary started against
//! the fake Discord ([`crate::fake`]) — started, killed, restarted, on the
//! plain HTTP path or the production one through the TLS front
//! ([`crate::tls`], [`start_tls`]) — a match seen from its thread
//! ([`Table`]), and the helpers that send slash commands and presses and
//! wait for their effects. Used by every module of the `e2e` test binary
//! (`tests/e2e/`, as `crate::support::harness`) and by the load drivers
//! `examples/load.rs`, `examples/churn.rs` and `examples/history.rs`, which
//! start a release binary of their own ([`spawn`], [`spawn_args`]).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use crate::fake::*;
use crate::tls::TlsFront;
use serde_json::{json, Value};
use tokio::process::{Child, Command};

/// The token the tests give the bot (checked never to be logged).
pub const TOKEN: &str = "test-token-NEVER-LOGGED-0123456789";

// ---------------------------------------------------------------- processes

/// The `fourbot` binary the end-to-end tests run: the one named by
/// `FOURBOT_E2E_BIN` when set, to run today's tests against another build
/// (e.g. the code before a fix, to see a new test fail there:
/// tests/README.md); else the one Cargo built for the `e2e` test binary,
/// `CARGO_BIN_EXE_fourbot` (set by Cargo when it runs an integration test
/// of the `fourbot` package), or `fourbot` beside the running test binary's
/// folder (`<target>/debug/deps/e2e-…` → `<target>/debug/fourbot`) when
/// the test binary is run by hand. The load drivers in `examples/` name
/// their own binary.
pub fn bin() -> &'static Path {
    static BIN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BIN.get_or_init(|| {
        let named = |var: &str| {
            std::env::var_os(var)
                .filter(|p| !p.is_empty())
                .map(PathBuf::from)
        };
        if let Some(path) = named("FOURBOT_E2E_BIN").or_else(|| named("CARGO_BIN_EXE_fourbot")) {
            return path;
        }
        let exe = std::env::current_exe().expect("the test binary's path");
        let mut dir = exe
            .parent()
            .expect("the test binary's folder")
            .to_path_buf();
        if dir.ends_with("deps") || dir.ends_with("examples") {
            dir.pop();
        }
        let path = dir.join(format!("fourbot{}", std::env::consts::EXE_SUFFIX));
        assert!(
            path.exists(),
            "no fourbot binary at {} (run the tests with cargo, or set FOURBOT_E2E_BIN)",
            path.display()
        );
        path
    })
}

/// A running bot and its directory (database, stderr.log).
pub struct Bot {
    /// The bot's process.
    pub child: Child,
    /// Its working directory (database, stderr.log).
    pub dir: PathBuf,
    /// The extra environment it was started with (kept for restarts).
    envs: Vec<(String, String)>,
}

/// A fresh directory under the system's temp dir, named after the test.
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

/// How many rating changes the bot in `dir` has stored for match
/// `match_id` (one per rated player when the match was rated once).
pub async fn rating_changes_of(dir: &Path, match_id: &str) -> i64 {
    use sqlx::Connection;
    let mut db = sqlx::SqliteConnection::connect(&database_url(dir))
        .await
        .unwrap();
    sqlx::query_scalar("SELECT COUNT(*) FROM rating_changes WHERE match_id = ?")
        .bind(match_id.parse::<i64>().unwrap())
        .fetch_one(&mut db)
        .await
        .unwrap()
}

/// Waits (up to 10 s) until the bot in `dir` has stored `message` as an
/// offer's message: the bot stores it once Discord has answered the post,
/// so a test that kills the bot as soon as the offer is seen could kill it
/// before.
pub async fn offer_message_stored(dir: &Path, message: u64) {
    use sqlx::Connection;
    let mut db = sqlx::SqliteConnection::connect(&database_url(dir))
        .await
        .unwrap();
    for _ in 0..200 {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM challenges WHERE message_id = ?")
            .bind(message as i64)
            .fetch_one(&mut db)
            .await
            .unwrap();
        if n > 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the offer's message {message} was never stored");
}

/// Starts `bin run` in `dir` against `fake` with [`TOKEN`] and `envs` set.
pub fn spawn(bin: &Path, fake: &FakeDiscord, dir: &Path, envs: &[(&str, &str)]) -> Child {
    spawn_as(bin, fake, dir, Some(TOKEN), envs)
}

/// Starts the test's bot in `dir` against `fake` with `token` (none: the
/// variable is unset).
pub fn spawn_bot(fake: &FakeDiscord, dir: &Path, token: Option<&str>) -> Child {
    spawn_as(bin(), fake, dir, token, &[])
}

/// Starts `bin run` (just `bin` if `envs` sets `TEST_NO_SUBCOMMAND`) in
/// `dir` against `fake`, with `token` and `envs` set and no proxy; its
/// stderr goes to `dir/stderr.log` (appended, so restarts keep the earlier
/// logs).
pub fn spawn_as(
    bin: &Path,
    fake: &FakeDiscord,
    dir: &Path,
    token: Option<&str>,
    envs: &[(&str, &str)],
) -> Child {
    let run: &[&str] = if envs.iter().any(|(k, _)| *k == "TEST_NO_SUBCOMMAND") {
        &[]
    } else {
        &["run"]
    };
    spawn_args(bin, fake, dir, token, run, envs)
}

/// Keeps `cmd` on loopback (no proxy from the test's environment) with
/// `token` (or none), and without `unset` (a setting of the test's
/// environment the test must not inherit).
fn on_loopback(cmd: &mut Command, token: Option<&str>, unset: &str) {
    cmd.env("NO_PROXY", "127.0.0.1")
        .env("no_proxy", "127.0.0.1");
    for var in [
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
        unset,
    ] {
        cmd.env_remove(var);
    }
    match token {
        Some(t) => cmd.env("DISCORD_TOKEN", t),
        None => cmd.env_remove("DISCORD_TOKEN"),
    };
}

/// Like [`spawn_as`], with the command line `args` (`["run", "--shards",
/// "0-1/4"]`).
pub fn spawn_args(
    bin: &Path,
    fake: &FakeDiscord,
    dir: &Path,
    token: Option<&str>,
    args: &[&str],
    envs: &[(&str, &str)],
) -> Child {
    let mut cmd = Command::new(bin);
    cmd.args(args);
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("stderr.log"))
        .unwrap();
    cmd.current_dir(dir)
        .env("DISCORD_API_BASE", fake.base())
        .env("FOURBOT_DEV_GUILD", GUILD_ID.to_string())
        .env("FOURBOT_DATABASE_URL", database_url(dir))
        .stdout(Stdio::null())
        .stderr(log)
        .kill_on_drop(true);
    on_loopback(&mut cmd, token, "FOURBOT_CHALLENGE_EXPIRY_SECS");
    cmd.envs(envs.iter().copied());
    cmd.spawn().expect("the fourbot binary starts")
}

/// Runs `fourbot check` (with `args` after it) against `fake` with
/// `token` and the environment `fourbot run` gets from [`spawn_args`]
/// (the fake's API base, `FOURBOT_DEV_GUILD` = [`GUILD_ID`], no proxy),
/// and returns its exit status, its stdout and its stderr once it has
/// ended (within 30 s).
pub async fn run_check(
    fake: &FakeDiscord,
    token: Option<&str>,
    args: &[&str],
) -> (Option<i32>, String, String) {
    let mut cmd = Command::new(bin());
    cmd.arg("check")
        .args(args)
        .env("DISCORD_API_BASE", fake.base())
        .env("FOURBOT_DEV_GUILD", GUILD_ID.to_string())
        .stdin(Stdio::null())
        .kill_on_drop(true);
    on_loopback(&mut cmd, token, "FOURBOT_CHECK_MAX_SERVERS");
    let out = tokio::time::timeout(Duration::from_secs(30), cmd.output())
        .await
        .expect("fourbot check ends within 30 s")
        .expect("fourbot check runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Starts a fake Discord and the bot, and waits until the bot is connected.
pub async fn start(name: &str) -> (FakeDiscord, Bot) {
    start_with(name, &[]).await
}

/// Like [`start`], with `envs` set for the bot (and its restarts).
pub async fn start_with(name: &str, envs: &[(&str, &str)]) -> (FakeDiscord, Bot) {
    start_on(FakeDiscord::start(Mode::Normal).await, name, envs).await
}

/// Like [`start_with`], with the bot on its production HTTP path:
/// `https://discord.com/api/v10` with serenity's rate limiter on, through
/// a TLS front ([`TlsFront`]) to the fake. Restarts keep the path.
pub async fn start_tls(name: &str, envs: &[(&str, &str)]) -> (FakeDiscord, TlsFront, Bot) {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let front = TlsFront::start(&fake).await;
    let mut all = front.bot_envs();
    all.extend(envs.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let dir = temp_dir(name);
    let pairs: Vec<(&str, &str)> = all.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let child = spawn(bin(), &fake, &dir, &pairs);
    fake.wait_ready().await;
    (
        fake,
        front,
        Bot {
            child,
            dir,
            envs: all,
        },
    )
}

/// Which HTTP path the bot under test takes to the fake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Api {
    /// `DISCORD_API_BASE`: plain HTTP, serenity's rate limiter off
    /// ([`start_with`]).
    Plain,
    /// The production path: `https://discord.com/api/v10` through the TLS
    /// front, serenity's rate limiter on ([`start_tls`]).
    Production,
}

/// Like [`start_with`] on `api`'s path; the TLS front, when there is one,
/// must live as long as the bot.
pub async fn start_via(
    api: Api,
    name: &str,
    envs: &[(&str, &str)],
) -> (FakeDiscord, Bot, Option<TlsFront>) {
    match api {
        Api::Plain => {
            let (fake, bot) = start_with(name, envs).await;
            (fake, bot, None)
        }
        Api::Production => {
            let (fake, front, bot) = start_tls(&format!("{name}-tls"), envs).await;
            (fake, bot, Some(front))
        }
    }
}

/// Runs the test body `async fn $name(api: Api)` twice, as the tests
/// `$name::plain` and `$name::production`: the fault tests must hold on the
/// production HTTP path too (issue 18: serenity's rate limiter on, at least
/// for them), and one body keeps the two from drifting apart.
#[macro_export]
macro_rules! on_both_paths {
    ($name:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn plain() {
                super::$name($crate::harness::Api::Plain).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn production() {
                super::$name($crate::harness::Api::Production).await;
            }
        }
    };
}
pub use crate::on_both_paths;

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
    /// The bot `child` started in `dir` (by [`spawn_args`]), to be killed
    /// and its directory removed with it.
    pub fn from_child(child: Child, dir: PathBuf) -> Bot {
        Bot {
            child,
            dir,
            envs: Vec::new(),
        }
    }

    /// Kills the bot (as a crash would).
    pub async fn kill(&mut self) {
        self.child.kill().await.unwrap();
    }

    /// Stops the bot with SIGTERM (a service manager's stop) and checks it
    /// is gone within 10 s with status 0.
    pub async fn terminate(&mut self) {
        let pid = self.child.id().expect("running") as libc::pid_t;
        // SAFETY: kill only sends a signal to the bot's process.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
        let status = tokio::time::timeout(Duration::from_secs(10), self.child.wait())
            .await
            .unwrap_or_else(|_| panic!("not stopped within 10 s of SIGTERM:\n{}", self.stderr()))
            .unwrap();
        assert_eq!(status.code(), Some(0), "{}", self.stderr());
    }

    /// Starts the bot again on the same database and waits until it has
    /// registered its commands again (it is connected and has restored
    /// what it keeps).
    pub async fn restart(&mut self, fake: &FakeDiscord) {
        let before = registrations(fake);
        let envs: Vec<(&str, &str)> = self
            .envs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        self.child = spawn(bin(), fake, &self.dir, &envs);
        wait_registrations(fake, before + 1).await;
    }

    /// What the bot wrote on stderr.
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(self.dir.join("stderr.log")).unwrap_or_default()
    }
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

// ---------------------------------------------------------------- requests

/// The path of the callback that answers `interaction`.
pub fn callback_path(interaction: u64) -> String {
    format!("/api/v10/interactions/{interaction}/token-{interaction}/callback")
}

/// The path of `interaction`'s follow-up messages.
pub fn followup_path(interaction: u64) -> String {
    format!("/api/v10/webhooks/{BOT_ID}/token-{interaction}")
}

/// Whether message (or callback data) `m` is ephemeral (flag 64).
pub fn is_private(m: &Value) -> bool {
    m["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// The callback answering `interaction`, once it came.
pub fn callback_of(f: &FakeDiscord, interaction: u64) -> Option<Recorded> {
    f.requests()
        .into_iter()
        .find(|r| r.path == callback_path(interaction))
}

/// Every private text answering `interaction`, oldest first, however it
/// came: an ephemeral callback message (type 4), a private deferred answer
/// once edited (type 5, then `PATCH @original`), private follow-ups.
pub fn private_texts(f: &FakeDiscord, interaction: u64) -> Vec<String> {
    let mut texts = Vec::new();
    let Some(cb) = callback_of(f, interaction) else {
        return texts;
    };
    let text = |m: &Value| m["content"].as_str().unwrap_or("").to_string();
    match cb.json["type"].as_u64() {
        Some(4) if is_private(&cb.json["data"]) => texts.push(text(&cb.json["data"])),
        Some(5) => {
            if let Some(m) = f.original(interaction).filter(is_private) {
                texts.push(text(&m));
            }
        }
        _ => {}
    }
    if let Some(st) = f.interaction(interaction) {
        texts.extend(
            st.followups
                .iter()
                .filter_map(|m| f.message(*m))
                .filter(is_private)
                .map(|m| text(&m)),
        );
    }
    texts
}

/// The public message a command posted (a challenge, a seek, a game against
/// the bot): its first public follow-up, or a public original.
pub fn posted(f: &FakeDiscord, interaction: u64) -> Option<Value> {
    let st = f.interaction(interaction)?;
    st.followups
        .iter()
        .filter_map(|m| f.message(*m))
        .find(|m| !is_private(m))
        .or_else(|| f.original(interaction).filter(|m| !is_private(m)))
}

/// Waits for the public message `interaction` posted (see [`posted`]).
pub async fn posted_by(fake: &FakeDiscord, interaction: u64) -> Value {
    fake.wait_for("the posted message", |f| posted(f, interaction))
        .await
}

/// How the bot changed the message a press was on: the data of an
/// UPDATE_MESSAGE callback (type 7), or of the `PATCH @original` after a
/// DEFERRED_UPDATE_MESSAGE (type 6).
pub fn update_of(f: &FakeDiscord, press: u64) -> Option<Value> {
    let cb = callback_of(f, press)?;
    match cb.json["type"].as_u64() {
        Some(7) => Some(cb.json["data"].clone()),
        Some(6) => f
            .requests()
            .into_iter()
            .find(|r| {
                r.method == "PATCH"
                    && r.path == format!("{}/messages/@original", followup_path(press))
            })
            .map(|r| r.json),
        _ => None,
    }
}

/// The request that filled `interaction`'s deferred answer: a `PATCH
/// @original` or the first follow-up (which Discord turns into that edit).
pub async fn filled(fake: &FakeDiscord, interaction: u64) -> Recorded {
    let original = format!("{}/messages/@original", followup_path(interaction));
    fake.wait_for("the deferred answer", |f| {
        f.requests().into_iter().find(|r| {
            (r.method == "PATCH" && r.path == original)
                || (r.method == "POST" && r.path == followup_path(interaction))
        })
    })
    .await
}

/// Waits for [`update_of`] `press`.
pub async fn update_by(fake: &FakeDiscord, press: u64) -> Value {
    fake.wait_for("the update of the pressed message", |f| update_of(f, press))
        .await
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

/// The custom ids of a message's buttons.
pub fn custom_ids(message: &Value) -> Vec<String> {
    buttons(message).into_iter().map(|(id, _)| id).collect()
}

/// A snowflake field (`id`) as a number.
pub fn id_of(v: &Value) -> u64 {
    v["id"].as_str().unwrap().parse().unwrap()
}

/// A test user with a made-up id and name (for many matches).
pub fn user(n: u64) -> TestUser {
    TestUser {
        id: 200_000_000_000_000_000 + n,
        name: Box::leak(format!("player{n}").into_boxed_str()),
    }
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
    command_in(fake, user, CHANNEL_ID, name, options, users)
}

/// Like [`command`], in `channel`.
pub fn command_in(
    fake: &FakeDiscord,
    user: TestUser,
    channel: u64,
    name: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> u64 {
    let iid = fake.next_id();
    let mut payload = slash_command_json(iid, user, channel, name, options, users);
    // A channel of another guild than the tests' usual one: that guild's.
    if let Some(guild) = fake
        .channel(channel)
        .and_then(|c| c["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok()))
    {
        payload = in_guild(payload, guild);
    }
    fake.dispatch("INTERACTION_CREATE", payload);
    iid
}

/// `user` runs `/name` with `options` (mentioning `users`) in their DM
/// with the bot, from a client in `locale` ([`in_dm`]: a command an older
/// registration allowed there); returns the interaction id.
pub fn command_in_dm(
    fake: &FakeDiscord,
    user: TestUser,
    name: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
    locale: &str,
) -> u64 {
    let iid = fake.next_id();
    let channel = fake.dm_channel(user.id);
    let mut payload = in_dm(
        slash_command_json(iid, user, channel, name, options, users),
        user,
    );
    payload["locale"] = json!(locale);
    fake.dispatch("INTERACTION_CREATE", payload);
    iid
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

/// The first message with buttons in `thread` (a match's first turn).
pub async fn first_turn(fake: &FakeDiscord, thread: u64) -> Value {
    fake.wait_for("the first turn", |f| {
        f.messages_in(thread)
            .into_iter()
            .find(|m| !buttons(m).is_empty())
    })
    .await
}

/// The match id in the buttons of `m` (a turn message).
fn match_id_of(m: &Value) -> String {
    buttons(m)[0].0.split(':').nth(1).unwrap().to_string()
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
    /// The players known to the test (for [`Table::mover`]).
    pub players: Vec<TestUser>,
}

impl Table {
    /// Alice challenges Bob, Bob accepts: the thread and the first turn.
    pub async fn open(fake: &FakeDiscord) -> Table {
        let iid = challenge(fake, ALICE, BOB);
        let challenge = posted_by(fake, iid).await;
        let ids = buttons(&challenge);
        assert_eq!(ids.len(), 2, "accept and decline: {challenge}");
        assert!(challenge["content"]
            .as_str()
            .unwrap()
            .contains(&format!("<@{}>", BOB.id)));
        // Alice cannot accept her own challenge.
        let own = press(fake, ALICE, &challenge, &ids[0].0);
        private_reply(fake, own).await;
        let accept = press(fake, BOB, &challenge, &ids[0].0);
        update_by(fake, accept).await;
        let thread = id_of(&challenge);
        let thread_channel = fake.wait_for("the thread", |f| f.channel(thread)).await;
        assert!(thread_channel["name"]
            .as_str()
            .unwrap()
            .contains("alice vs bob"));
        let first = first_turn(fake, thread).await;
        Table {
            fake: fake.clone(),
            thread,
            match_id: match_id_of(&first),
            players: vec![ALICE, BOB],
        }
    }

    /// `a` challenges `b` (classic, `time` if given), `b` accepts: waits for
    /// the thread and the first turn (without checking the steps).
    pub async fn between(
        fake: &FakeDiscord,
        a: TestUser,
        b: TestUser,
        time: Option<&str>,
    ) -> Table {
        let mut options = vec![user_opt("opponent", b)];
        if let Some(t) = time {
            options.push(("time", 3, json!(t)));
        }
        let iid = challenge_with(fake, a, &options, &[b]);
        let challenge = posted_by(fake, iid).await;
        press(fake, b, &challenge, &buttons(&challenge)[0].0);
        let thread = id_of(&challenge);
        let first = first_turn(fake, thread).await;
        Table {
            fake: fake.clone(),
            thread,
            match_id: match_id_of(&first),
            players: vec![a, b],
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
        Table {
            fake: self.fake.clone(),
            thread,
            match_id: match_id_of(&first),
            players: self.players.clone(),
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

    /// The custom-id prefix of the drop buttons of turn `game.ply`.
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

    /// How many turn messages for `game.ply` were posted so far.
    pub fn turns(&self, game: u32, ply: u32) -> usize {
        let key = self.key(game, ply);
        self.fake
            .posts_in(self.thread)
            .iter()
            .filter(|r| r.json.to_string().contains(&key))
            .count()
    }

    /// The known player whose turn message `m` is (it mentions them first).
    pub fn mover(&self, m: &Value) -> TestUser {
        *self
            .players
            .iter()
            .find(|u| starts_with_ping(m, **u))
            .unwrap_or_else(|| panic!("a turn of one of the players: {m}"))
    }

    /// The player to move presses `column` on the turn `game.ply`; returns
    /// the interaction id (without waiting for anything).
    pub async fn press_drop(&self, game: u32, ply: u32, column: char) -> u64 {
        let msg = self.turn(game, ply).await;
        let id = format!("{}{column}", self.key(game, ply));
        press(&self.fake, self.mover(&msg), &msg, &id)
    }

    /// The player to move on the turn message `msg` presses "Resign match"
    /// and answers Yes to the private question; returns the Yes press's
    /// interaction id (without waiting for its effect).
    pub async fn resign_match(&self, msg: &Value) -> u64 {
        self.resign_match_by(self.mover(msg), msg).await
    }

    /// `user` presses "Resign match" on `msg`; returns the private question
    /// (waits for it).
    pub async fn ask_resign(&self, user: TestUser, msg: &Value) -> Value {
        let id = format!("m:{}:resign-match", self.match_id);
        let ask = press(&self.fake, user, msg, &id);
        self.fake
            .wait_for("the resign question", |f| {
                f.original(ask).filter(is_private)
            })
            .await
    }

    /// `user` presses "Resign match" on `msg` and answers Yes; returns the
    /// Yes press's interaction id.
    pub async fn resign_match_by(&self, user: TestUser, msg: &Value) -> u64 {
        let question = self.ask_resign(user, msg).await;
        let yes = buttons(&question)
            .into_iter()
            .find(|(id, _)| id.ends_with(":yes"))
            .unwrap_or_else(|| panic!("a Yes button: {question}"))
            .0;
        press(&self.fake, user, &question, &yes)
    }

    /// Waits until the fake has answered a post to the messages of `path`
    /// with 500 (a fault injected by the test).
    pub async fn failed_post(&self, path: &str) {
        self.fake
            .wait_for("a failed post", |f| {
                f.served()
                    .iter()
                    .any(|s| s.path == path && s.status == 500)
                    .then_some(())
            })
            .await;
    }

    /// Like [`Table::press_drop`], then waits for the next turn.
    pub async fn play(&self, game: u32, ply: u32, column: char) {
        self.press_drop(game, ply, column).await;
        self.turn(game, ply + 1).await;
    }

    /// `user` presses the drop button of `column` on the turn `game.ply`.
    pub async fn drop(&self, user: TestUser, game: u32, ply: u32, column: char) -> u64 {
        let msg = self.turn(game, ply).await;
        let id = format!("{}{column}", self.key(game, ply));
        let i = press(&self.fake, user, &msg, &id);
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

/// `user` presses `custom_id` on `message`; returns the interaction id.
pub fn press(fake: &FakeDiscord, user: TestUser, message: &Value, custom_id: &str) -> u64 {
    press_in(fake, user, message, custom_id, "en-US")
}

/// `user` chooses `values` in the select `custom_id` of `message` (see
/// [`select_json`]); returns the interaction id.
pub fn choose(
    fake: &FakeDiscord,
    user: TestUser,
    message: &Value,
    custom_id: &str,
    values: &[&str],
) -> u64 {
    let id = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        select_json(id, user, message, custom_id, values, "en-US"),
    );
    id
}

/// Like [`press`], from a client in `locale`.
pub fn press_in(
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

/// The text of the private follow-up to `interaction` (waits for it).
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

/// `from` challenges `to`; returns the interaction id.
pub fn challenge(fake: &FakeDiscord, from: TestUser, to: TestUser) -> u64 {
    challenge_with(fake, from, &[user_opt("opponent", to)], &[to])
}

/// Whether `thread` is archived (none: unknown thread or no metadata).
pub fn archived(fake: &FakeDiscord, thread: u64) -> Option<bool> {
    fake.channel(thread)?["thread_metadata"]["archived"].as_bool()
}
/// `from` challenges `opponent` with `/challenge` in `channel`; the public
/// challenge once posted.
pub async fn challenge_in(
    fake: &FakeDiscord,
    from: TestUser,
    channel: u64,
    opponent: TestUser,
) -> Value {
    let iid = command_in(
        fake,
        from,
        channel,
        "challenge",
        &[user_opt("opponent", opponent)],
        &[opponent],
    );
    posted_by(fake, iid).await
}

/// `from` runs `/challenge` with `options`; users named by them are `users`.
pub fn challenge_with(
    fake: &FakeDiscord,
    from: TestUser,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> u64 {
    command(fake, from, "challenge", options, users)
}

/// A user option `name` naming `u`.
pub fn user_opt(name: &'static str, u: TestUser) -> (&'static str, u8, Value) {
    (name, 6, json!(u.id.to_string()))
}

/// The first private text answering `interaction` (see [`private_texts`]).
pub async fn private_reply(fake: &FakeDiscord, interaction: u64) -> String {
    fake.wait_for("a private reply", |f| {
        private_texts(f, interaction).into_iter().next()
    })
    .await
}

/// The challenge `iid` is accepted by every one of `players`, in order;
/// returns the match's table once the first turn is posted.
pub async fn accept_all(fake: &FakeDiscord, iid: u64, players: &[TestUser]) -> Table {
    let challenge = posted_by(fake, iid).await;
    let accept = buttons(&challenge)[0].0.clone();
    for (n, p) in players.iter().enumerate() {
        let i = press(fake, *p, &challenge, &accept);
        update_by(fake, i).await;
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
    let first = first_turn(fake, thread).await;
    Table {
        fake: fake.clone(),
        thread,
        match_id: match_id_of(&first),
        players: players.to_vec(),
    }
}

/// Whether `m` starts by mentioning `u`.
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
    command(fake, user, "config", options, &[])
}

/// `user` runs `/name` with `options` (naming no user).
pub fn ask(fake: &FakeDiscord, user: TestUser, name: &str, options: &[(&str, u8, Value)]) -> u64 {
    command(fake, user, name, options, &[])
}

/// Every private message answering `interaction` (reply and follow-ups),
/// once there are `count` of them.
pub async fn private_replies(fake: &FakeDiscord, interaction: u64, count: usize) -> Vec<String> {
    fake.wait_for("the private replies", |f| {
        let texts = private_texts(f, interaction);
        (texts.len() >= count).then_some(texts)
    })
    .await
}
/// What a press led to: the pressed message's update, or a private text.
#[derive(Debug)]
pub struct Pressed {
    /// The data the pressed message was updated with (see [`update_of`]).
    pub update: Option<Value>,
    /// The private answer (see [`private_texts`]).
    pub private: Option<String>,
}

impl Pressed {
    /// The private answer's text (panics if the press updated instead).
    pub fn text(&self) -> &str {
        self.private
            .as_deref()
            .unwrap_or_else(|| panic!("a private answer: {self:?}"))
    }
}

/// `user` presses `custom_id` on the message `message_id` (as it is now)
/// and waits for what the press led to.
pub async fn press_now(
    fake: &FakeDiscord,
    user: TestUser,
    message_id: u64,
    custom_id: &str,
) -> Pressed {
    let message = fake.message(message_id).unwrap();
    let i = press(fake, user, &message, custom_id);
    fake.wait_for("the answer to the press", |f| {
        let update = update_of(f, i);
        let private = private_texts(f, i).into_iter().next();
        (update.is_some() || private.is_some()).then_some(Pressed { update, private })
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
        let i = press(&self.fake, user, &msg, &id);
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

/// Like [`start_with`], on a fake the test prepared before the bot
/// connects (e.g. the application's privileged intents switched off).
pub async fn start_on(fake: FakeDiscord, name: &str, envs: &[(&str, &str)]) -> (FakeDiscord, Bot) {
    let dir = temp_dir(name);
    let child = spawn(bin(), &fake, &dir, envs);
    fake.wait_ready().await;
    let envs = envs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    (fake, Bot { child, dir, envs })
}

/// A `/proc/<pid>/status` field in KiB (`VmRSS:`, `VmHWM:`), 0 when it
/// cannot be read (the load drivers in `examples/`).
pub fn proc_status(pid: u32, key: &str) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// A free TCP port on 127.0.0.1 (for a bot's `--metrics`).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A process's Prometheus text (`GET /metrics` on 127.0.0.1:`port`), empty
/// if unreachable.
pub async fn scrape(port: u16) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Ok(mut s) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await else {
        return String::new();
    };
    let req = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    if s.write_all(req.as_bytes()).await.is_err() {
        return String::new();
    }
    let mut out = String::new();
    let _ = s.read_to_string(&mut out).await;
    out.split_once("\r\n\r\n")
        .map(|(_, body)| body.to_string())
        .unwrap_or_default()
}

/// Stores a finished PopOut match of the legal `moves` (then resigned)
/// between the named players `names` of the fake's guild, as if played
/// there; its number (the replay tests and `examples/load.rs --replays`,
/// with `fourbot_render::samples::long_popout_game`).
pub async fn store_popout(
    db: &fourbot_store::Db,
    names: [&str; 2],
    moves: &[fourbot_core::game::Move],
) -> fourbot_store::MatchId {
    use fourbot_core::play::{Action, ClockSettings, Match, MatchSetup, TimeControl, Timestamp};
    let players = vec![
        db.named_player(names[0]).await.unwrap(),
        db.named_player(names[1]).await.unwrap(),
    ];
    let setup = MatchSetup::new(
        fourbot_core::game::Variant::Popout,
        ClockSettings::new(TimeControl::DEFAULT),
    );
    let mut m = Match::new(setup, Timestamp::ZERO).unwrap();
    let new = fourbot_store::NewMatch {
        guild: GUILD_ID,
        players,
        epoch_unix_ms: 1_700_000_000_000,
        ..fourbot_store::NewMatch::default()
    };
    let id = db.create_match(&new, &m).await.unwrap();
    let mut t = 0;
    for &mv in moves {
        t += 10;
        let seat = m.to_move().unwrap();
        let turn = m.turn().unwrap();
        m.apply(seat, Action::Move { turn, mv }, Timestamp(t))
            .unwrap();
    }
    let seat = m.to_move().unwrap();
    m.apply(seat, Action::ResignMatch, Timestamp(t + 10))
        .unwrap();
    assert!(m.is_finished());
    let events: Vec<_> = m.drain_events().collect();
    db.record_events(id, &m, &events).await.unwrap();
    id
}
