//! Web load driver (issue 36): the real `fourbot` binary (release build)
//! with its web front end on, against the fake Discord of the tests, and
//! what it measured.
//!
//! ```sh
//! cargo build --release --bin fourbot --example web_load
//! # A move on the web reaches the thread, one on Discord reaches the page:
//! cargo run --release --example web_load -- --web --matches 50 --think-range-ms 500-1500
//! # 1,000 spectators on one match while 100 matches are played by buttons,
//! # then the same without spectators:
//! cargo run --release --example web_load -- --matches 100 --think-range-ms 1000-5000 --spectators 1000
//! cargo run --release --example web_load -- --matches 100 --think-range-ms 1000-5000 --spectators 0
//! ```
//!
//! The bot runs on its production HTTP path (the TLS front of
//! `crates/fake-discord/src/tls.rs`, as `examples/load.rs` does) with
//! `FOURBOT_WEB` on a loopback port, `FOURBOT_WEB_SECRET` and
//! `FOURBOT_PUBLIC_URL=http://c4.test`; a moderator turns the web on with
//! `/config web:on`. N classic matches are started through the fake
//! (challenge, accept) and played to their end by random drops after a
//! think time (`--think-range-ms A-B`: uniformly A … B ms), both players
//! pressing Ready between games.
//!
//! - `--web`: the first player of every match plays on the web table: the
//!   `/board` answer's "Open the table" link is exchanged for a session
//!   (`GET /t/<ticket>`), the table's page gives the CSRF token, and each
//!   move is `POST /m/<match>/act` (`csrf`, `play=<the drop's action id>`,
//!   `Origin` the page's own), as the page's form sends it. The other plays
//!   by buttons through the fake. Each match's table stays open on its
//!   event stream (`GET /m/<match>/events`). Measured: **web → Discord**,
//!   from the `POST` sent to the next turn's message received by the fake
//!   in the match's thread; **Discord → web**, from the button press
//!   dispatched by the fake's gateway to the first `state` event of the
//!   match's stream whose turn (`turn`: `game.ply` to move, or `-`) is no
//!   longer the pressed one; the `POST`'s own answer (303).
//! - `--spectators S`: S spectators open match 0's event stream (no
//!   session), once every match has started and before the play. Each
//!   comes from its own address behind the proxy (`X-Forwarded-For`, which
//!   the web believes from a loopback peer, as from the reverse proxy of
//!   docs/web.md), so the stream caps (8 per address, 4,096 in all) are
//!   the defaults, not lifted. Measured: the bot's RSS with every match
//!   started, before the spectators and once all S have their first state
//!   (the difference is their cost), the highest RSS sampled during the
//!   play (every 250 ms) and `VmHWM`; every spectator's turns seen against
//!   the turns posted in match 0's thread (a spectator that misses none
//!   received every move), and how its stream ended.
//! - Always: every press's acknowledgement (gateway press → interaction
//!   callback received by the fake) and the next turn (press or `POST` →
//!   next turn's message in the thread), the bot's CPU time, and the
//!   driver's (fake, players and spectators).
//! - `--play-secs T`: the play stops after T seconds.
//!
//! The bot binary is `fourbot` next to this example's `examples/`
//! directory; `FOURBOT_LOAD_BIN` names another one. See
//! `docs/benchmarks.md`.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fourbot_fake_discord::fake::*;
use fourbot_fake_discord::harness::*;
use fourbot_fake_discord::tls;
use futures_util::StreamExt;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::{json, Value};
use tokio::sync::mpsc;

mod support;
use support::*;

/// The public URL the bot puts in its links.
const PUBLIC_URL: &str = "http://c4.test";

#[derive(Clone, Debug)]
struct Args {
    matches: usize,
    /// Think time range in ms (inclusive).
    think: (u64, u64),
    /// The first player of every match plays on the web.
    web: bool,
    /// Spectators on match 0's event stream.
    spectators: usize,
    /// Stop the play after this many seconds (0: play to the end).
    play_secs: u64,
}

fn args() -> Args {
    let mut a = Args {
        matches: 50,
        think: (500, 1500),
        web: false,
        spectators: 0,
        play_secs: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().expect("a value after the flag");
        match flag.as_str() {
            "--matches" => a.matches = value().parse().expect("a number"),
            "--think-range-ms" => {
                let v = value();
                let (lo, hi) = v.split_once('-').expect("A-B");
                a.think = (lo.parse().expect("ms"), hi.parse().expect("ms"));
            }
            "--web" => a.web = true,
            "--spectators" => a.spectators = value().parse().expect("a number"),
            "--play-secs" => a.play_secs = value().parse().expect("seconds"),
            other => panic!("unknown flag {other} (see the example's documentation)"),
        }
    }
    a
}

#[derive(Default)]
struct Stats {
    /// Dispatch time of each measured press by interaction id.
    pressed: HashMap<u64, Instant>,
    ack_ms: Vec<f64>,
    next_ms: Vec<f64>,
    /// Web move sent → next turn in the thread.
    web_to_discord_ms: Vec<f64>,
    /// Discord press → the move on the match's event stream.
    discord_to_web_ms: Vec<f64>,
    /// The web moves' own answers (`POST` → 303).
    web_answer_ms: Vec<f64>,
    /// Web moves answered otherwise than 303: (status, start of the body).
    web_refused: Vec<(u16, String)>,
    moves: u64,
    /// The turns posted in match 0's thread (`game.ply`).
    spectated_turns: Vec<String>,
}

/// What one event stream received.
#[derive(Default, Debug)]
struct Followed {
    /// The answer's status.
    status: u16,
    /// `state` events received.
    events: usize,
    /// The turns (`game.ply`, or `-`) of those events.
    turns: HashSet<String>,
    /// The stream ended (the match's last state sent) rather than broke
    /// or was cut off at the end of the run.
    ended: bool,
}

/// Follows `url`'s event stream from `address` (sent as the proxy's
/// `X-Forwarded-For`) with `cookie`, calling `each` with every `state`
/// event's data, until the stream ends or `stop` is set.
async fn follow(
    client: &reqwest::Client,
    url: &str,
    address: &str,
    cookie: Option<&str>,
    stop: &AtomicBool,
    mut each: impl FnMut(&Value),
) -> Followed {
    let mut seen = Followed::default();
    let mut request = client
        .get(url)
        .header("accept", "text/event-stream")
        .header("x-forwarded-for", address);
    if let Some(c) = cookie {
        request = request.header("cookie", c);
    }
    let Ok(response) = request.send().await else {
        return seen;
    };
    seen.status = response.status().as_u16();
    if seen.status != 200 {
        return seen;
    }
    let mut body = response.bytes_stream();
    let mut buf = String::new();
    loop {
        let chunk = tokio::select! {
            chunk = body.next() => chunk,
            _ = tokio::time::sleep(Duration::from_millis(500)) => {
                if stop.load(Ordering::Relaxed) { return seen; }
                continue;
            }
        };
        match chunk {
            Some(Ok(bytes)) => buf.push_str(&String::from_utf8_lossy(&bytes)),
            Some(Err(_)) => return seen,
            None => {
                seen.ended = true;
                return seen;
            }
        }
        // Events end with a blank line; a `state` event's data is one line
        // of JSON.
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            let mut lines = block.lines();
            if !lines.any(|l| l.trim_end() == "event: state") {
                continue;
            }
            let data = block
                .lines()
                .find_map(|l| l.strip_prefix("data:"))
                .and_then(|d| serde_json::from_str::<Value>(d.trim_start()).ok());
            if let Some(data) = data {
                seen.events += 1;
                seen.turns
                    .insert(data["turn"].as_str().unwrap_or("").to_string());
                each(&data);
            }
        }
    }
}

/// A loopback peer's client address as the proxy names it: one per
/// spectator or web player (10.x.y.z).
fn address(n: usize) -> String {
    format!("10.{}.{}.{}", (n >> 16) & 255, (n >> 8) & 255, n & 255)
}

/// The bot's resident memory (KiB).
fn rss(pid: u32) -> u64 {
    proc_status(pid, "VmRSS:")
}

/// A player's web session at one match's table.
struct Seat {
    client: reqwest::Client,
    base: String,
    match_id: u64,
    cookie: String,
    csrf: String,
    address: String,
}

impl Seat {
    /// `player` asks `/board` in `thread`, and opens the answer's "Open the
    /// table" link as the browser would: the ticket exchanged for a
    /// session cookie, then the table's page for its CSRF token.
    async fn open(
        fake: &FakeDiscord,
        client: &reqwest::Client,
        base: &str,
        player: TestUser,
        thread: u64,
        address: String,
    ) -> Seat {
        let iid = fake.next_id();
        fake.dispatch(
            "INTERACTION_CREATE",
            in_guild(
                slash_command_json(iid, player, thread, "board", &[], &[]),
                GUILD_ID,
            ),
        );
        let answer = filled(fake, iid).await.json.to_string();
        let from = answer
            .find(&format!("{PUBLIC_URL}/t/"))
            .unwrap_or_else(|| panic!("the table's link in /board's answer: {answer}"))
            + PUBLIC_URL.len();
        let ticket = &answer[from..from + answer[from..].find('"').unwrap()];
        let exchanged = client
            .get(format!("{base}{ticket}"))
            .header("x-forwarded-for", &address)
            .send()
            .await
            .unwrap();
        assert_eq!(exchanged.status().as_u16(), 303, "the ticket's exchange");
        let cookie = exchanged.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_string();
        let page_path = exchanged.headers()["location"]
            .to_str()
            .unwrap()
            .to_string();
        let page = client
            .get(format!("{base}{page_path}"))
            .header("x-forwarded-for", &address)
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let at = page
            .find("name=\"csrf\" value=\"")
            .unwrap_or_else(|| panic!("a CSRF token on the seated page: {page}"))
            + "name=\"csrf\" value=\"".len();
        let csrf = page[at..at + page[at..].find('"').unwrap()].to_string();
        let match_id = page_path
            .trim_start_matches("/m/")
            .parse()
            .unwrap_or_else(|_| panic!("the table's path: {page_path}"));
        Seat {
            client: client.clone(),
            base: base.to_string(),
            match_id,
            cookie,
            csrf,
            address,
        }
    }

    /// Plays `action` (a drop's action id) as the table's form does: the
    /// answer's status and body.
    async fn act(&self, action: &str) -> (u16, String) {
        let response = self
            .client
            .post(format!("{}/m/{}/act", self.base, self.match_id))
            .header("x-forwarded-for", &self.address)
            .header("cookie", &self.cookie)
            .header("origin", &self.base)
            .form(&[("csrf", self.csrf.as_str()), ("play", action)])
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        (status, response.text().await.unwrap_or_default())
    }
}

/// The turn key (`game.ply`) of a turn's drop button, as the event
/// stream's `turn` names it.
fn turn_key(drop: &str) -> String {
    ply_of(drop)
        .map(|(g, p)| format!("{g}.{p}"))
        .unwrap_or_default()
}

/// Whether the stream's `turn` comes after turn key `pressed`: a later
/// ply or game, or none to make (between games, over). A late event of an
/// earlier turn is not the pressed move.
fn after(turn: &str, pressed: &str) -> bool {
    let parse = |k: &str| {
        let (g, p) = k.split_once('.')?;
        Some((g.parse::<u32>().ok()?, p.parse::<u32>().ok()?))
    };
    match (parse(turn), parse(pressed)) {
        (Some(t), Some(p)) => t > p,
        _ => turn == "-",
    }
}

/// A Discord press waiting to show on the match's stream: the pressed
/// turn and when.
type Awaited = Arc<Mutex<Option<(String, Instant)>>>;

#[tokio::main]
async fn main() {
    let args = args();
    let bin = bot_binary("web_load");
    println!("bot binary: {}", bin.display());
    println!(
        "web load: {} matches, think {}-{} ms, {}, {} spectators on match 0; load average before: {}",
        args.matches,
        args.think.0,
        args.think.1,
        if args.web {
            "first player on the web, second on Discord"
        } else {
            "both players on Discord"
        },
        args.spectators,
        uptime()
    );
    let fake = FakeDiscord::start(Mode::Normal).await;
    // Not lean: `/config` and `/board` are read from the kept requests.
    let front = tls::TlsFront::start(&fake).await;
    // One text channel per 10 matches: Discord limits thread starts per
    // channel (examples/load.rs).
    let channels: Vec<(u64, u64)> = std::iter::once(CHANNEL_ID)
        .chain((1..args.matches.div_ceil(10)).map(|_| fake.add_channel(kind::GUILD_TEXT, None)))
        .map(|c| (GUILD_ID, c))
        .collect();
    let stats = Arc::new(Mutex::new(Stats::default()));
    let routes: Arc<Mutex<HashMap<u64, Inbox>>> = Arc::default();
    {
        let stats = stats.clone();
        let routes = routes.clone();
        fake.observe(Arc::new(move |o: Observed<'_>| {
            if o.method != "POST" || o.status >= 300 {
                return;
            }
            let segs: Vec<&str> = o.path.trim_start_matches("/api/v10/").split('/').collect();
            match segs.as_slice() {
                ["interactions", iid, _, "callback"] => {
                    let iid: u64 = iid.parse().unwrap_or(0);
                    let mut s = stats.lock().unwrap();
                    if let Some(t0) = s.pressed.remove(&iid) {
                        s.ack_ms
                            .push(o.at.duration_since(t0).as_secs_f64() * 1000.0);
                    }
                }
                // A turn: a channel message, or a press's follow-up; both
                // name their thread.
                ["channels", _, "messages"] | ["webhooks", _, _] => {
                    let Some(reply) = o.reply else { return };
                    let thread: u64 = reply["channel_id"]
                        .as_str()
                        .and_then(|c| c.parse().ok())
                        .unwrap_or(0);
                    if let Some(tx) = routes.lock().unwrap().get(&thread) {
                        let _ = tx.send((o.at, reply.clone()));
                    }
                }
                _ => {}
            }
        }));
    }

    let dir = temp_dir("web-load");
    let web_addr = format!("127.0.0.1:{}", free_port());
    let base = format!("http://{web_addr}");
    let secret = "w".repeat(40);
    let mut envs = vec![
        ("FOURBOT_LOG".to_string(), "warn".to_string()),
        ("FOURBOT_WEB".to_string(), web_addr.clone()),
        ("FOURBOT_WEB_SECRET".to_string(), secret),
        ("FOURBOT_PUBLIC_URL".to_string(), PUBLIC_URL.to_string()),
    ];
    envs.extend(front.bot_envs());
    let envs: Vec<(&str, &str)> = envs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let mut bot = spawn_args(&bin, &fake, &dir, Some(TOKEN), &["run"], &envs);
    let pid = bot.id().expect("pid");
    wait_registrations(&fake, 1).await;
    let on = config(&fake, MONA, &[("web", 3, json!("on"))]);
    let said = private_reply(&fake, on).await;
    assert!(said.contains("Web pages: on"), "{said}");
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .pool_max_idle_per_host(64)
        .build()
        .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss_idle = rss(pid);

    // Setup: every match started (and with --web, its web player seated
    // and its table following), 16 at a time; nobody moves before all are.
    let setup_start = Instant::now();
    let sem = Arc::new(tokio::sync::Semaphore::new(16));
    let (started_tx, mut started_rx) = mpsc::unbounded_channel::<(usize, String)>();
    let (go_tx, go_rx) = tokio::sync::watch::channel(false);
    let stop = Arc::new(AtomicBool::new(false));
    let mut handles = Vec::new();
    for i in 0..args.matches {
        let fake = fake.clone();
        let routes = routes.clone();
        let stats = stats.clone();
        let sem = sem.clone();
        let started = started_tx.clone();
        let mut go = go_rx.clone();
        let client = client.clone();
        let base = base.clone();
        let stop = stop.clone();
        let a = user(2 * i as u64);
        let b = user(2 * i as u64 + 1);
        let (think, web) = (args.think, args.web);
        let channel = channels[i % channels.len()];
        handles.push(tokio::spawn(async move {
            let mut rng = SmallRng::seed_from_u64(i as u64);
            let (tx, mut rx) = mpsc::unbounded_channel();
            let permit = sem.acquire().await.unwrap();
            let invite = open_challenge(&fake, a, b, channel, None).await;
            let thread = id_of(&invite);
            routes.lock().unwrap().insert(thread, tx);
            press(&fake, b, &invite, &buttons(&invite)[0].0);
            let mut first = None;
            while first.is_none() {
                let (at, msg) = rx.recv().await.expect("the first turn");
                first = offer(&msg).map(|_| (at, msg));
            }
            let match_id = match offer(&first.as_ref().unwrap().1) {
                Some(Offer::Turn { drops, .. }) => drops[0].split(':').nth(1).unwrap().to_string(),
                other => panic!("the first turn: {other:?}"),
            };
            let (seat, awaited, table) = if web {
                let seat = Seat::open(&fake, &client, &base, a, thread, address(i)).await;
                let awaited: Awaited = Arc::default();
                let url = format!("{base}/m/{}/events", seat.match_id);
                let (cookie, from) = (seat.cookie.clone(), seat.address.clone());
                let (awaited2, stats2, client2, stop2) =
                    (awaited.clone(), stats.clone(), client.clone(), stop.clone());
                // The player's open table: each Discord move awaited shows.
                let table = tokio::spawn(async move {
                    follow(&client2, &url, &from, Some(&cookie), &stop2, |data| {
                        let turn = data["turn"].as_str().unwrap_or("");
                        let mut w = awaited2.lock().unwrap();
                        if let Some((_, t0)) = w.as_ref().filter(|(k, _)| after(turn, k)) {
                            let ms = t0.elapsed().as_secs_f64() * 1000.0;
                            stats2.lock().unwrap().discord_to_web_ms.push(ms);
                            *w = None;
                        }
                    })
                    .await
                });
                (Some(seat), awaited, Some(table))
            } else {
                (None, Awaited::default(), None)
            };
            drop(permit);
            let _ = started.send((i, match_id));
            let _ = go.wait_for(|go| *go).await;
            let mut next = first;
            // The move in flight: when it was made, and whether on the web.
            let mut moved: Option<(Instant, bool)> = None;
            while let Some((at, msg)) = next.take() {
                if let Some(o) = offer(&msg) {
                    if let Some((t0, on_web)) = moved.take() {
                        let ms = at.duration_since(t0).as_secs_f64() * 1000.0;
                        let mut s = stats.lock().unwrap();
                        s.next_ms.push(ms);
                        if on_web {
                            s.web_to_discord_ms.push(ms);
                        }
                        s.moves += 1;
                    }
                    match o {
                        Offer::Over => break,
                        Offer::Ready(ids) => {
                            for (u, id) in [a, b].iter().zip(ids.iter().cycle()) {
                                press(&fake, *u, &msg, id);
                            }
                        }
                        Offer::Turn { mover, drops } => {
                            let key = turn_key(&drops[0]);
                            if i == 0 {
                                stats.lock().unwrap().spectated_turns.push(key.clone());
                            }
                            let ms = rng.random_range(think.0..=think.1);
                            tokio::time::sleep(Duration::from_millis(ms)).await;
                            let id = &drops[rng.random_range(0..drops.len())];
                            match seat.as_ref().filter(|_| mover == a.id) {
                                Some(seat) => {
                                    let t0 = Instant::now();
                                    moved = Some((t0, true));
                                    let (status, body) = seat.act(id).await;
                                    let ms = t0.elapsed().as_secs_f64() * 1000.0;
                                    let mut s = stats.lock().unwrap();
                                    if status == 303 {
                                        s.web_answer_ms.push(ms);
                                    } else {
                                        s.web_refused
                                            .push((status, body.chars().take(300).collect()));
                                        moved = None;
                                    }
                                }
                                None => {
                                    let who = if mover == a.id { a } else { b };
                                    let iid = fake.next_id();
                                    let t0 = Instant::now();
                                    stats.lock().unwrap().pressed.insert(iid, t0);
                                    if web {
                                        *awaited.lock().unwrap() = Some((key, t0));
                                    }
                                    fake.dispatch(
                                        "INTERACTION_CREATE",
                                        button_press_json(iid, who, &msg, id, "en-US"),
                                    );
                                    moved = Some((t0, false));
                                }
                            }
                        }
                    }
                }
                next = rx.recv().await;
            }
            if let Some(table) = table {
                let followed = table.await.unwrap();
                assert!(followed.events > 0, "the table's stream: {followed:?}");
            }
        }));
    }
    drop(started_tx);
    let mut ids = Vec::new();
    while ids.len() < args.matches {
        ids.push(started_rx.recv().await.expect("every match starts"));
    }
    assert_eq!(ids.len(), args.matches, "every match started");
    let setup = setup_start.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_started = rss(pid);
    let hwm_started = proc_status(pid, "VmHWM:");

    // The spectators of match 0.
    let watched = ids.iter().find(|(i, _)| *i == 0).unwrap().1.clone();
    let opened = Arc::new(AtomicUsize::new(0));
    let spectators: Vec<_> = (0..args.spectators)
        .map(|k| {
            let client = client.clone();
            let url = format!("{base}/m/{watched}/events");
            let opened = opened.clone();
            let stop = stop.clone();
            // Addresses apart from the web players'.
            let from = address(1_000_000 + k);
            tokio::spawn(async move {
                let mut first = true;
                follow(&client, &url, &from, None, &stop, |_| {
                    if std::mem::take(&mut first) {
                        opened.fetch_add(1, Ordering::Relaxed);
                    }
                })
                .await
            })
        })
        .collect();
    let open_start = Instant::now();
    while opened.load(Ordering::Relaxed) < args.spectators
        && open_start.elapsed() < Duration::from_secs(60)
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let opening = open_start.elapsed();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_open = rss(pid);
    let hwm_open = proc_status(pid, "VmHWM:");

    // The play, with the bot's RSS sampled.
    let cpu_bot_0 = cpu_secs(&pid.to_string());
    let cpu_driver_0 = cpu_secs("self");
    let play_start = Instant::now();
    go_tx.send(true).unwrap();
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler = {
        let sampling = sampling.clone();
        tokio::spawn(async move {
            let mut most = 0;
            while sampling.load(Ordering::Relaxed) {
                most = most.max(rss(pid));
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            most
        })
    };
    let deadline = (args.play_secs > 0).then(|| play_start + Duration::from_secs(args.play_secs));
    let unfinished = support::join_until(handles, deadline).await;
    let play = play_start.elapsed();
    stop.store(true, Ordering::Relaxed);
    sampling.store(false, Ordering::Relaxed);
    let rss_most = sampler.await.unwrap();
    let cpu_bot = cpu_secs(&pid.to_string()) - cpu_bot_0;
    let cpu_driver = cpu_secs("self") - cpu_driver_0;
    let hwm = proc_status(pid, "VmHWM:");
    let mut followed = Vec::new();
    for s in spectators {
        followed.push(s.await.unwrap());
    }

    let mut s = std::mem::take(&mut *stats.lock().unwrap());
    println!(
        "setup: {} matches started in {:.1} s{}",
        args.matches,
        setup.as_secs_f64(),
        if args.web {
            " (each web player's session opened, its table following)"
        } else {
            ""
        }
    );
    if deadline.is_some() {
        println!(
            "play stopped after {} s (--play-secs): {unfinished} matches unfinished",
            args.play_secs
        );
    }
    println!(
        "bot memory (KiB): RSS idle {rss_idle}, every match started {rss_started} (VmHWM {hwm_started}), \
         with the {} spectators open {rss_open} (VmHWM {hwm_open}): spectators' cost {} KiB ({:.1} MiB, {:.1} KiB each); \
         highest RSS sampled during the play {rss_most}, VmHWM at the end {hwm}",
        args.spectators,
        rss_open as i64 - rss_started as i64,
        (rss_open as f64 - rss_started as f64) / 1024.0,
        (rss_open as f64 - rss_started as f64) / args.spectators.max(1) as f64,
    );
    println!(
        "play: {} moves in {:.1} s = {:.1} moves/s; CPU bot {:.1} s ({:.0}% of one core), driver+fake+spectators {:.1} s ({:.0}%)",
        s.moves,
        play.as_secs_f64(),
        s.moves as f64 / play.as_secs_f64(),
        cpu_bot,
        100.0 * cpu_bot / play.as_secs_f64(),
        cpu_driver,
        100.0 * cpu_driver / play.as_secs_f64()
    );
    let ack_p99 = pct(&mut s.ack_ms, 0.99);
    let next_p99 = pct(&mut s.next_ms, 0.99);
    summary("ack (press -> interaction callback)", &mut s.ack_ms);
    summary("next turn (move -> next turn posted)", &mut s.next_ms);
    println!("presses without a callback at the end: {}", s.pressed.len());
    if args.web {
        let w2d_p99 = pct(&mut s.web_to_discord_ms, 0.99);
        let d2w_p99 = pct(&mut s.discord_to_web_ms, 0.99);
        summary(
            "web -> Discord (POST /act sent -> next turn in the thread)",
            &mut s.web_to_discord_ms,
        );
        println!("  p90 {:.1} ms", pct(&mut s.web_to_discord_ms, 0.90));
        summary(
            "Discord -> web (press -> the move on the table's event stream)",
            &mut s.discord_to_web_ms,
        );
        println!("  p90 {:.1} ms", pct(&mut s.discord_to_web_ms, 0.90));
        summary("web move's answer (POST /act -> 303)", &mut s.web_answer_ms);
        println!("web moves refused: {}", s.web_refused.len());
        for (status, body) in s.web_refused.iter().take(3) {
            println!("  {status}: {body}");
        }
        println!(
            "issue 36's goal: web -> Discord p99 {w2d_p99:.1} ms, Discord -> web p99 {d2w_p99:.1} ms (<= 500 each)"
        );
    }
    if args.spectators > 0 {
        let turns: HashSet<&String> = s.spectated_turns.iter().collect();
        let refused = followed.iter().filter(|f| f.status != 200).count();
        let complete = followed
            .iter()
            .filter(|f| f.status == 200 && turns.iter().all(|t| f.turns.contains(*t)))
            .count();
        let missed: usize = followed
            .iter()
            .map(|f| turns.iter().filter(|t| !f.turns.contains(**t)).count())
            .sum();
        let ended = followed.iter().filter(|f| f.ended).count();
        let mut events: Vec<f64> = followed.iter().map(|f| f.events as f64).collect();
        println!(
            "spectators: {} opened in {:.2} s ({} refused); match 0 posted {} turns; \
             {complete} spectators saw every one ({missed} turns missed in all); \
             {ended} streams ended with the match; events per spectator min {} max {}",
            args.spectators,
            opening.as_secs_f64(),
            refused,
            turns.len(),
            pct(&mut events, 0.0),
            pct(&mut events, 1.0),
        );
    }
    println!(
        "issue 36's goal: {} spectators cost {:.1} MiB (<= 50), ack p99 {ack_p99:.1} ms (<= 100), next turn p99 {next_p99:.1} ms",
        args.spectators,
        (rss_open as f64 - rss_started as f64) / 1024.0
    );
    println!("load average after: {}", uptime());
    let _ = bot.kill().await;
    let _ = std::fs::remove_dir_all(&dir);
}
