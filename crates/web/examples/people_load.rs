//! How the pages to share cost, and whether their pictures stall the bot
//! (docs/benchmarks.md, "Pages to share"): a temporary SQLite store with
//! 40 players and 80 rated matches, the web on a loopback port, then
//!
//! 1. a player's page and a leaderboard page, one request at a time;
//! 2. a rating chart drawn (each player's first), then kept (again);
//! 3. a burst of 40 chart requests at once, each a picture not drawn yet,
//!    while a task on the same runtime reads a running match's table from
//!    the host in a loop (what every move and every page does): its
//!    latency idle and during the burst, and how many requests were told
//!    to come back later (503).
//!
//! `cargo run --release -p fourbot-web --example people_load`

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use fourbot_core::game::Variant;
use fourbot_core::play::ClockSettings;
use fourbot_host::moderation::Moderator;
use fourbot_host::terms::ConfigChange;
use fourbot_host::{
    GuildId, HeuristicBot, HostConfig, MatchId, MatchSpec, NameSource, Request, Seated, Services,
    TimeStyle, UserId,
};
use fourbot_i18n::{Catalog, Locale};
use fourbot_web::Web;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const GUILD: GuildId = GuildId(7);
const PLAYERS: u64 = 40;
const MATCHES: u64 = 80;

fn seat(i: u64) -> Seated {
    Seated {
        id: UserId(1000 + i),
        name: format!("player{i:02}"),
        ai_level: None,
        source: NameSource::Stored,
    }
}

/// `GET path`: status and body length.
async fn get(addr: SocketAddr, path: &str) -> (u16, usize) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: c4.test\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let status = String::from_utf8_lossy(&raw[..12])
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, raw.len())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Median and largest, in ms.
fn spread(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort();
    (ms(times[times.len() / 2]), ms(*times.last().unwrap()))
}

/// Times `n` requests of `path(i)`, one at a time.
async fn timed(addr: SocketAddr, n: u64, path: impl Fn(u64) -> String) -> (f64, f64) {
    let mut times = Vec::new();
    for i in 0..n {
        let at = Instant::now();
        let (status, _) = get(addr, &path(i)).await;
        assert_eq!(status, 200, "{}", path(i));
        times.push(at.elapsed());
    }
    spread(times)
}

/// Reads the table of `id` from the host in a loop until `stop`, each
/// read's latency.
async fn reads(services: Services, id: MatchId, stop: Arc<tokio::sync::Notify>) -> Vec<Duration> {
    let mut times = Vec::new();
    let stopped = stop.notified();
    tokio::pin!(stopped);
    loop {
        let at = Instant::now();
        tokio::select! {
            _ = &mut stopped => return times,
            t = services.host.table(id) => { assert!(t.is_some()); }
        }
        times.push(at.elapsed());
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = std::env::temp_dir().join(format!("fourbot-people-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("load.db").display());
    let (services, _views) = Services::open(
        &url,
        Arc::new(Catalog::new().unwrap()),
        Arc::new(HeuristicBot),
        HostConfig {
            time_style: TimeStyle::Countdown,
            images: false,
        },
        None,
    )
    .await
    .unwrap();
    let change = ConfigChange {
        web: Some(true),
        ..ConfigChange::default()
    };
    let by = Moderator::new(seat(999), None);
    services
        .settings
        .configure(GUILD, &change, &by)
        .await
        .unwrap();
    let spec = |a: u64, b: u64| MatchSpec {
        variant: Variant::Classic,
        clock: ClockSettings::default(),
        players: vec![seat(a), seat(b)],
        guild: GUILD,
        locale: Locale::EnUs,
        seed: a * 100 + b,
        tournament: None,
    };
    let host = &services.host;
    for m in 0..MATCHES {
        let (a, b) = (m % PLAYERS, (m * 7 + 1) % PLAYERS);
        let b = if a == b { (b + 1) % PLAYERS } else { b };
        let id = host.create_match(spec(a, b)).await.unwrap();
        host.typed(id, seat(a).id, "d").await.unwrap();
        host.typed(id, seat(b).id, "d").await.unwrap();
        host.act(id, seat(b).id, Request::ResignMatch)
            .await
            .unwrap();
    }
    // A running match: the reads' subject.
    let running = host.create_match(spec(0, 1)).await.unwrap();
    let web = Web::new(&services);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(fourbot_web::serve(listener, web, std::future::pending()));
    println!("{PLAYERS} players, {MATCHES} rated matches (SQLite)");
    let player = |i: u64| format!("/player/7/{}", 1000 + i % PLAYERS);
    let (median, max) = timed(addr, 20, player).await;
    println!("player page:        median {median:.1} ms, slowest {max:.1} ms");
    let (median, max) = timed(addr, 20, |i| {
        format!("/leaderboard/7/classic?page={}", i % 4 + 1)
    })
    .await;
    println!("leaderboard page:   median {median:.1} ms, slowest {max:.1} ms");
    let chart = |i: u64, l: &str| format!("{}/chart.png?variant=classic&lang={l}", player(i));
    let (median, max) = timed(addr, 20, |i| chart(i, "en-US")).await;
    println!("chart, drawn:       median {median:.1} ms, slowest {max:.1} ms");
    let (median, max) = timed(addr, 20, |i| chart(i, "en-US")).await;
    println!("chart, kept:        median {median:.1} ms, slowest {max:.1} ms");

    // Idle reads, then reads during a burst of pictures not drawn yet.
    let stop = Arc::new(tokio::sync::Notify::new());
    let idle = tokio::spawn(reads(services.clone(), running, stop.clone()));
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.notify_one();
    let (idle_median, idle_max) = spread(idle.await.unwrap());
    let stop = Arc::new(tokio::sync::Notify::new());
    let busy = tokio::spawn(reads(services.clone(), running, stop.clone()));
    let at = Instant::now();
    let burst: Vec<_> = (0..PLAYERS)
        .map(|i| {
            let path = chart(i, "de");
            tokio::spawn(async move { get(addr, &path).await })
        })
        .collect();
    let mut statuses = std::collections::BTreeMap::new();
    for b in burst {
        *statuses.entry(b.await.unwrap().0).or_insert(0) += 1;
    }
    let burst_time = at.elapsed();
    stop.notify_one();
    let (busy_median, busy_max) = spread(busy.await.unwrap());
    println!(
        "burst of {PLAYERS} charts not drawn yet: {:.0} ms in all, answers {statuses:?}",
        ms(burst_time)
    );
    println!("host reads, idle:   median {idle_median:.2} ms, slowest {idle_max:.2} ms");
    println!("host reads, burst:  median {busy_median:.2} ms, slowest {busy_max:.2} ms");
    let (kept, bytes) = fourbot_web::charts::kept_now();
    println!("pictures kept: {kept}, {bytes} bytes");
    let _ = std::fs::remove_dir_all(&dir);
}
