//! What an operator watches (issue 20, docs/operations.md): `--metrics`
//! serves Prometheus text at /metrics and a health check at /healthz (200
//! while every shard the process runs is connected), and `--log-format
//! json` writes one JSON object a line. Outages and faults (issue 31): a
//! flood of idle connections to the metrics address, SIGTERM, a command
//! that panics.

use crate::support::{fake, harness};

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;

use fake::*;
use harness::*;

/// A free port on loopback (bound and let go; the bot binds it next).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// GET `path` on the bot's metrics address: (status, body).
pub(crate) async fn get(port: u16, path: &str) -> Option<(u16, String)> {
    let r = reqwest::Client::builder()
        .no_proxy()
        .build()
        .unwrap()
        .get(format!("http://127.0.0.1:{port}{path}"))
        .send()
        .await
        .ok()?;
    let status = r.status().as_u16();
    Some((status, r.text().await.ok()?))
}

/// Starts the bot on `fake` in a fresh directory named after `name`, with
/// `--metrics` on a free port and `args` after it, and `envs`: the port
/// and the bot (killed and its directory removed when dropped).
pub(crate) fn spawn_with_metrics(
    fake: &FakeDiscord,
    name: &str,
    args: &[&str],
    envs: &[(&str, &str)],
) -> (u16, Bot) {
    let port = free_port();
    let dir = temp_dir(name);
    let addr = format!("127.0.0.1:{port}");
    let mut all = vec!["run", "--metrics", &addr];
    all.extend_from_slice(args);
    let child = spawn_args(bin(), fake, &dir, Some(TOKEN), &all, envs);
    (port, Bot::from_child(child, dir))
}

/// Every sample of the Prometheus text `body`: `name{labels}` → value.
pub(crate) fn samples(body: &str) -> BTreeMap<String, f64> {
    body.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let (name, value) = l.rsplit_once(' ')?;
            Some((name.to_string(), value.parse().ok()?))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_what_happened_and_healthz_follows_the_shards() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_recommended_shards(2);
    let (_, channel) = fake.add_guild_on(1, 2);
    let (port, bot) = spawn_with_metrics(&fake, "operations", &["--log-format", "json"], &[]);
    let dir = bot.dir.clone();
    // Shard 0 connects at once, shard 1 five seconds later (serenity waits
    // between IDENTIFYs): until then the bot is not healthy.
    let mut unhealthy = None;
    for _ in 0..100 {
        if fake.live_shards() == [(0, 2)] {
            if let Some(answer) = get(port, "/healthz").await {
                unhealthy = Some(answer);
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, body) = unhealthy.expect("/healthz with one shard of two up");
    assert_eq!(status, 503, "{body}");
    assert!(body.starts_with("1 of 2 shards connected"), "{body}");
    fake.wait_within("both sessions", Duration::from_secs(30), |f| {
        (f.live_shards() == [(0, 2), (1, 2)]).then_some(())
    })
    .await;
    let mut healthy = (0, String::new());
    for _ in 0..100 {
        healthy = get(port, "/healthz").await.unwrap();
        if healthy.0 == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(healthy, (200, "ok\n".to_string()));

    // A match: a challenge, an accept, three drops.
    let challenge = challenge_in(&fake, ALICE, channel, BOB).await;
    press(&fake, BOB, &challenge, &buttons(&challenge)[0].0);
    let first = first_turn(&fake, id_of(&challenge)).await;
    let t = Table {
        fake: fake.clone(),
        thread: id_of(&challenge),
        match_id: buttons(&first)[0].0.split(':').nth(1).unwrap().to_string(),
        players: vec![ALICE, BOB],
    };
    t.play(1, 1, 'd').await;
    t.play(1, 2, 'c').await;
    t.play(1, 3, 'd').await;

    // The bot records a turn as posted when Discord's answer reaches it,
    // a moment after the fake has the message: scrape until it has.
    let mut scraped = None;
    for _ in 0..50 {
        let (status, body) = get(port, "/metrics").await.unwrap();
        assert_eq!(status, 200);
        let m = samples(&body);
        let posted = m.get("fourbot_turn_posted_seconds_count").copied();
        scraped = Some((body, m));
        if posted >= Some(3.0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (body, m) = scraped.unwrap();
    let at = |k: &str| {
        m.get(k)
            .copied()
            .unwrap_or_else(|| panic!("no {k} in:\n{body}"))
    };
    assert_eq!(at(r#"fourbot_matches_running{variant="classic"}"#), 1.0);
    assert_eq!(at("fourbot_moves_total"), 3.0);
    assert_eq!(at(r#"fourbot_interactions_total{kind="command"}"#), 1.0);
    assert_eq!(at(r#"fourbot_interactions_total{kind="component"}"#), 4.0);
    // Every press and the command acknowledged, each timed.
    assert_eq!(at("fourbot_ack_seconds_count"), 5.0);
    // The turns after the three drops came with the presses' tokens.
    assert_eq!(at("fourbot_turn_posted_seconds_count"), 3.0);
    assert_eq!(
        at(r#"fourbot_rest_requests_total{route="ChannelMessageThreads",status="2xx"}"#),
        1.0
    );
    assert!(
        at(r#"fourbot_rest_requests_total{route="WebhookFollowupMessages",status="2xx"}"#) >= 3.0
    );
    assert!(at("fourbot_db_commit_seconds_count") >= 3.0);
    assert_eq!(at("fourbot_panics_total"), 0.0);
    assert!(
        body.contains("# TYPE fourbot_ack_seconds histogram"),
        "{body}"
    );

    // The log lines are JSON objects.
    let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
    let connected = stderr
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
        .find(|v| v["fields"]["message"] == "connected to Discord")
        .expect("the connected line");
    assert_eq!(connected["level"], "INFO");
    assert!(!stderr.contains(TOKEN));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_metrics_address_that_cannot_be_served_is_refused_in_one_line() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    for (addr, says) in [
        ("nowhere", "is not an address"),
        ("192.0.2.1:9100", "cannot listen on 192.0.2.1:9100"),
    ] {
        let dir = temp_dir("metrics-bad");
        let mut child = spawn_args(
            bin(),
            &fake,
            &dir,
            Some(TOKEN),
            &["run", "--metrics", addr],
            &[],
        );
        let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
            .await
            .expect("the bot exits")
            .unwrap();
        let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
        assert_eq!(status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("fourbot: --metrics: ") && stderr.contains(says),
            "{stderr}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// SIGTERM (systemd's and containers' stop) disconnects the shards,
/// releases the leases — another process may take the shards at once —
/// and ends with status 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_cleanly_and_frees_its_shards() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let dir = temp_dir("sigterm");
    let mut child = spawn(bin(), &fake, &dir, &[]);
    fake.wait_ready().await;
    let db = fourbot::store::Db::connect(&database_url(&dir))
        .await
        .unwrap();
    assert_eq!(db.shard_leases().await.unwrap().len(), 1);
    let pid = child.id().expect("running");
    std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("the bot stops")
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(
        db.shard_leases().await.unwrap().is_empty(),
        "leases released"
    );
    db.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The CPU time process `pid` has used so far (user and system, from
/// `/proc/<pid>/stat`: `utime` and `stime`, fields 14 and 15, in clock
/// ticks).
fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The command name (field 2) may hold spaces: count after its `)`.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // SAFETY: sysconf only reads a configuration value.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    Duration::from_millis(ticks * 1000 / per_second)
}

/// Sets process `pid`'s limit of open descriptors (soft and hard) to `n`,
/// as `prlimit --pid <pid> --nofile=n:n` would.
fn limit_descriptors(pid: u32, n: u64) {
    let limit = libc::rlimit {
        rlim_cur: n,
        rlim_max: n,
    };
    // SAFETY: prlimit reads `limit` and writes nothing (no old limit asked).
    let done = unsafe {
        libc::prlimit(
            pid as libc::pid_t,
            libc::RLIMIT_NOFILE,
            &limit,
            std::ptr::null_mut(),
        )
    };
    assert_eq!(done, 0, "prlimit: {}", std::io::Error::last_os_error());
}

/// Lets this test process open `n` descriptors more than it needs (its
/// soft limit raised to the hard one, if that is below).
fn allow_descriptors(n: u64) {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write only `limit`.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0);
        if limit.rlim_cur < n + 256 {
            limit.rlim_cur = limit.rlim_max;
            assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &limit), 0);
        }
    }
    assert!(limit.rlim_cur >= n + 256, "the test needs {n} descriptors");
}

/// Issue 31: 200 idle connections to the metrics address took 0.86 of a
/// core, the gateway could not reconnect (out of descriptors) and SIGTERM
/// no longer stopped the bot. Now: more idle connections than the bot has
/// descriptors cost it no core, a move is still played at once, the idle
/// connections are closed, /healthz answers, and SIGTERM stops it with
/// status 0 within 10 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_past_the_descriptor_limit_cost_no_core_and_sigterm_still_stops() {
    const IDLE: usize = 1_000;
    allow_descriptors(IDLE as u64);
    let fake = FakeDiscord::start(Mode::Normal).await;
    let port = free_port();
    let dir = temp_dir("flood");
    let addr = format!("127.0.0.1:{port}");
    let mut child = spawn_args(
        bin(),
        &fake,
        &dir,
        Some(TOKEN),
        &["run", "--metrics", &addr],
        &[],
    );
    let pid = child.id().expect("running");
    fake.wait_ready().await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;

    // Fewer descriptors than connections to come (the bot uses a few
    // dozen of its own).
    limit_descriptors(pid, 512);
    // Each connects (the kernel completes a connection the bot has not
    // accepted while its accept queue has room: past that, the client's
    // SYNs are retried) and then waits, sending nothing, for the bot to
    // close it.
    let (connected, closed) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let watchers: Vec<_> = (0..IDLE)
        .map(|_| {
            let (connected, closed, addr) = (connected.clone(), closed.clone(), addr.clone());
            tokio::spawn(async move {
                use tokio::io::AsyncReadExt;
                let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
                connected.fetch_add(1, Ordering::SeqCst);
                let mut buf = [0u8; 512];
                while let Ok(n) = stream.read(&mut buf).await {
                    if n == 0 {
                        break;
                    }
                }
                closed.fetch_add(1, Ordering::SeqCst);
            })
        })
        .collect();
    let flooded = Instant::now();

    // The bot's CPU over 5 s, a second after the flood.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let opened = connected.load(Ordering::SeqCst);
    // At least the 64 served and the accept queue's 128.
    assert!(opened >= 150, "{opened} connections opened");
    let (cpu, wall) = (cpu_time(pid), Instant::now());
    tokio::time::sleep(Duration::from_secs(5)).await;
    let share = (cpu_time(pid) - cpu).as_secs_f64() / wall.elapsed().as_secs_f64();
    let stderr = || std::fs::read_to_string(dir.join("stderr.log")).unwrap_or_default();
    assert!(
        share < 0.05,
        "the bot used {:.0} % of a core with {IDLE} idle connections:\n{}",
        share * 100.0,
        stderr()
    );

    // A move is acknowledged and played as before.
    tokio::time::timeout(Duration::from_secs(3), t.play(1, 2, 'c'))
        .await
        .unwrap_or_else(|_| panic!("the move took over 3 s:\n{}", stderr()));

    // The connections served first were closed (5 s for a request's head).
    eventually(
        "the bot closing idle connections",
        Duration::from_secs(5),
        || closed.load(Ordering::SeqCst) >= 64,
    )
    .await;
    let first_closed = flooded.elapsed();
    // The clients give up on the rest; /healthz answers.
    for w in &watchers {
        w.abort();
    }
    let mut healthz = None;
    for _ in 0..100 {
        healthz = get(port, "/healthz").await;
        if healthz.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(healthz, Some((200, "ok\n".to_string())), "{}", stderr());

    // SIGTERM stops the bot, status 0, within 10 s, while a new flood
    // holds the listener.
    let _flood: Vec<_> = (0..IDLE)
        .map(|_| {
            let addr = addr.clone();
            tokio::spawn(async move {
                let _idle = tokio::net::TcpStream::connect(&addr).await;
                std::future::pending::<()>().await
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let asked = Instant::now();
    // SAFETY: kill only sends a signal to the bot's process.
    assert_eq!(unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) }, 0);
    let status = tokio::time::timeout(Duration::from_secs(10), child.wait())
        .await
        .unwrap_or_else(|_| panic!("not stopped within 10 s of SIGTERM:\n{}", stderr()))
        .unwrap();
    assert_eq!(status.code(), Some(0), "{}", stderr());
    let log = stderr();
    assert!(log.contains("terminated: disconnecting"), "{log}");
    assert!(!log.contains("panicked"), "{log}");
    eprintln!(
        "{IDLE} idle connections ({opened} opened): {:.2} % of a core; 64 closed after {:.1} s; \
         stopped {:.2} s after SIGTERM",
        share * 100.0,
        first_closed.as_secs_f64(),
        asked.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bug in a command (a panic, here while it holds the lock of the users'
/// languages that every press and command takes): the user gets a private
/// apology in their language, the log one line with the panic's place, the
/// metrics a count, and the bot serves presses and commands as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_that_panics_gets_a_private_apology_and_the_bot_serves_on() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let (port, bot) = spawn_with_metrics(
        &fake,
        "panic",
        &[],
        &[("FOURBOT_TEST_PANIC_COMMAND", "rules")],
    );
    let dir = bot.dir.clone();
    fake.wait_ready().await;
    let stderr = || std::fs::read_to_string(dir.join("stderr.log")).unwrap_or_default();

    let asked = ask(&fake, ALICE, "rules", &[]);
    assert_eq!(
        private_followup(&fake, asked).await,
        "Sorry, fourbot ran into a bug while answering this. It has been logged; your matches \
         carry on, and you can try again in a moment."
    );
    // In the user's language, the lock the first held when it panicked
    // taken again (the adapter's mutexes do not poison: parking_lot).
    let asked = fake.next_id();
    let mut german = slash_command_json(asked, BOB, CHANNEL_ID, "rules", &[], &[]);
    german["locale"] = json!("de");
    fake.dispatch("INTERACTION_CREATE", german);
    let apology = private_followup(&fake, asked).await;
    assert!(
        apology.starts_with("Entschuldigung, fourbot ist beim Beantworten auf einen Fehler"),
        "{apology}"
    );

    // Presses and other commands are served as before.
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    t.play(1, 2, 'c').await;
    let board = t.command(BOB, "board");
    assert!(!private_reply(&fake, board).await.is_empty());

    // One log line a panic, with its place; no lines of the standard hook.
    let log = stderr();
    let panics: Vec<&str> = log.lines().filter(|l| l.contains("panicked")).collect();
    assert_eq!(panics.len(), 2, "{log}");
    for line in panics {
        assert!(line.contains("panicked: a test panic in /rules"), "{line}");
        assert!(
            line.contains("location=src/discord/commands/mod.rs:"),
            "{line}"
        );
    }
    assert!(!log.contains("thread '"), "{log}");
    let (_, body) = get(port, "/metrics").await.unwrap();
    assert_eq!(
        samples(&body).get("fourbot_panics_total"),
        Some(&2.0),
        "{body}"
    );
}

/// SIGTERM while the bot is still starting (here: Discord's API answers
/// 500 to the first request, which the bot retries) stops it too, at once
/// and with status 0 — before, nothing listened for SIGTERM yet and it
/// ended the process by the signal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_during_start_up_stops_the_bot_with_status_0() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.inject("GET", "/gateway/bot", Fault::ServerError, 1000);
    let dir = temp_dir("sigterm-start");
    let mut child = spawn(bin(), &fake, &dir, &[]);
    let pid = child.id().expect("running");
    fake.wait_for("the start-up's first request", |f| {
        f.served()
            .iter()
            .any(|r| r.path.ends_with("/gateway/bot") && r.status == 500)
            .then_some(())
    })
    .await;
    let asked = Instant::now();
    // SAFETY: kill only sends a signal to the bot's process.
    assert_eq!(unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) }, 0);
    let status = tokio::time::timeout(Duration::from_secs(10), child.wait())
        .await
        .expect("stopped within 10 s")
        .unwrap();
    let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("terminated: disconnecting"), "{stderr}");
    // No shard to disconnect yet: nothing to wait for.
    assert!(asked.elapsed() < Duration::from_secs(3), "{stderr}");
    eprintln!(
        "stopped {:.2} s after SIGTERM during start-up",
        asked.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 32: at `FOURBOT_LOG=debug` (and trace) serenity's spans printed
/// interaction tokens (anyone holding one may post as the bot for 15
/// minutes). With the most verbose log, a match played by presses leaves
/// neither the bot's token nor any interaction's on stderr.
/// The first hour: once connected, the bot logs the link that adds it to
/// a server, with its application id, both scopes and the permissions it
/// needs (no `<APPLICATION_ID>` to fill in by hand).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_logs_its_invite_link_once_connected() {
    let (fake, bot) = start("invite").await;
    fake.wait_ready().await;
    let url = format!(
        "https://discord.com/oauth2/authorize?client_id={BOT_ID}&scope=bot+applications.commands&permissions=326417615872"
    );
    fake.wait_for("the invite link in the log", |_| {
        bot.stderr().contains(&url).then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_most_verbose_log_shows_no_token() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let (_port, bot) = spawn_with_metrics(&fake, "log-tokens", &[], &[("FOURBOT_LOG", "trace")]);
    fake.wait_ready().await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let mut pressed = Vec::new();
    for (ply, column) in [(1, 'd'), (2, 'c'), (3, 'd')] {
        pressed.push(t.press_drop(1, ply, column).await);
        t.turn(1, ply + 1).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let log = bot.stderr();
    assert!(
        log.lines().count() > 50,
        "a verbose log: {} lines",
        log.lines().count()
    );
    assert!(!log.contains(TOKEN), "the bot's token is logged");
    for i in pressed {
        let token = format!("token-{i}");
        let line = log.lines().find(|l| l.contains(&token));
        assert!(
            line.is_none(),
            "interaction token logged: {}",
            line.unwrap_or_default()
        );
    }
}

/// Issue 33: of the three dispatches a move brings (the press, its
/// acknowledgement's edit, the next turn), the relay hands serenity only
/// the press; a member's chat outside the match threads is left out too,
/// a move typed in a thread is not. What is left out still counts in
/// serenity's sequence: its heartbeats name the last dispatch Discord sent
/// (a relay that dropped the frames would leave them behind, and a RESUME
/// would ask for them again).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_relay_leaves_out_what_the_bot_drops_and_serenitys_sequence_follows_discords() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_heartbeat(Duration::from_millis(500), Duration::from_secs(5));
    // serenity's own warnings logged (by default the bot logs no
    // library's): a sequence that jumps would be one.
    let (port, bot) = spawn_with_metrics(
        &fake,
        "skipped",
        &[],
        &[("FOURBOT_LOG", "fourbot=info,serenity=warn")],
    );
    fake.wait_ready().await;

    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    t.play(1, 2, 'c').await;
    // Chat in the channel, then a move typed in the thread by its mover.
    let chat = fake.next_id();
    fake.dispatch(
        "MESSAGE_CREATE",
        message_create_json(chat, ALICE, CHANNEL_ID, "good luck"),
    );
    let third = t.turn(1, 3).await;
    t.typed(t.mover(&third), "e");
    t.turn(1, 4).await;
    // The last dispatch is one left out: a relay that dropped it would
    // leave serenity's heartbeats behind it.
    let last = fake.next_id();
    fake.dispatch(
        "MESSAGE_CREATE",
        message_create_json(last, BOB, CHANNEL_ID, "well played"),
    );

    // Every edit, and every new message but the typed move (the bot's
    // own: the challenge, the turns; the chat), as the fake counts what it
    // sent; the relay counts a moment after.
    let key =
        |event: &str| format!(r#"fourbot_gateway_dispatches_skipped_total{{event="{event}"}}"#);
    // How many `event` dispatches the fake sent, of `dispatched`.
    let sent = |dispatched: &BTreeMap<String, u64>, event: &str| {
        dispatched.get(event).copied().unwrap_or(0) as f64
    };
    let mut seen = (BTreeMap::new(), BTreeMap::new());
    for _ in 0..50 {
        let (_, body) = get(port, "/metrics").await.unwrap();
        let skipped: BTreeMap<String, f64> = samples(&body)
            .into_iter()
            .filter(|(k, _)| k.starts_with("fourbot_gateway_dispatches_skipped_total"))
            .collect();
        let dispatched = fake.dispatched();
        let expected = [
            (
                key("MESSAGE_CREATE"),
                sent(&dispatched, "MESSAGE_CREATE") - 1.0,
            ),
            (key("MESSAGE_UPDATE"), sent(&dispatched, "MESSAGE_UPDATE")),
        ];
        let done = expected.iter().all(|(k, n)| skipped.get(k) == Some(n));
        seen = (skipped, dispatched);
        if done {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (skipped, dispatched) = seen;
    let count = |event: &str| sent(&dispatched, event);
    // At least the three turns' edits and turns, and the two chats.
    assert!(count("MESSAGE_UPDATE") >= 3.0, "{dispatched:?}");
    assert!(count("MESSAGE_CREATE") >= 6.0, "{dispatched:?}");
    assert_eq!(
        skipped.get(&key("MESSAGE_UPDATE")),
        Some(&count("MESSAGE_UPDATE")),
        "{skipped:?} of {dispatched:?}"
    );
    assert_eq!(
        skipped.get(&key("MESSAGE_CREATE")),
        Some(&(count("MESSAGE_CREATE") - 1.0)),
        "{skipped:?} of {dispatched:?}"
    );

    // Nothing more happens; within two heartbeats serenity's names the
    // last dispatch sent.
    let mut seqs = Vec::new();
    for _ in 0..40 {
        seqs = fake.heartbeat_seqs();
        if seqs.iter().all(|h| h.heartbeat == Some(Some(h.sent))) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(!seqs.is_empty());
    for h in &seqs {
        assert_eq!(h.heartbeat, Some(Some(h.sent)), "{seqs:?}");
    }
    let log = std::fs::read_to_string(bot.dir.join("stderr.log")).unwrap_or_default();
    assert!(log.contains("connected to Discord"), "{log}");
    assert!(!log.contains("Sequence off"), "{log}");
}
