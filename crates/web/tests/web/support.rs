//! A host on a fresh SQLite file, the web on a loopback port, and a tiny
//! HTTP/1.1 client for the pages and the event stream.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use fourbot_core::game::Variant;
use fourbot_core::play::ClockSettings;
use fourbot_host::moderation::Moderator;
use fourbot_host::terms::ConfigChange;
use fourbot_host::{
    GuildId, HeuristicBot, HostConfig, MatchId, MatchSpec, NameSource, Seated, Services, TimeStyle,
    UserId, View,
};
use fourbot_i18n::{Catalog, Locale};
use fourbot_web::{StreamLimits, Web};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc::UnboundedReceiver;

pub const ALICE: UserId = UserId(10);
pub const BOB: UserId = UserId(20);
/// A third player.
pub const CAROL: UserId = UserId(30);
/// The web's signing secret in the tests.
pub const SECRET: &str = "a test secret of more than thirty-two bytes";
/// The server that turned the web on.
pub const ON: GuildId = GuildId(7);
/// A server that did not.
pub const OFF: GuildId = GuildId(8);
/// Where the tests' web is reached (its absolute links, `og:image`).
pub const PUBLIC_URL: &str = "https://c4.example.org";

/// A running bot's host and the web on a loopback port; the database's
/// folder is removed when it is dropped.
pub struct Site {
    pub services: Services,
    pub web: Web,
    pub addr: SocketAddr,
    pub url: String,
    dir: PathBuf,
    _views: UnboundedReceiver<View>,
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A player seated by id and name, as the store knows them.
pub fn seated(id: UserId, name: &str) -> Seated {
    Seated {
        id,
        name: name.into(),
        ai_level: None,
        source: NameSource::Stored,
    }
}

/// Opens the services on `url` and serves the web for them.
async fn serve(
    url: &str,
    limits: StreamLimits,
) -> (Services, Web, SocketAddr, UnboundedReceiver<View>) {
    serve_with(url, limits, fourbot_web::RequestLimits::default()).await
}

/// [`serve`] with other budgets of actions and pages a minute.
async fn serve_with(
    url: &str,
    limits: StreamLimits,
    requests: fourbot_web::RequestLimits,
) -> (Services, Web, SocketAddr, UnboundedReceiver<View>) {
    let (services, views) = Services::open(
        url,
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
    let web = Web::with_limits(&services, limits)
        .signing(fourbot_web::WebSecret::new(SECRET).unwrap(), false)
        .with_request_limits(requests)
        .reached_at(PUBLIC_URL);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(fourbot_web::serve(
        listener,
        web.clone(),
        std::future::pending(),
    ));
    (services, web, addr, views)
}

impl Site {
    /// A fresh site named `name` (its database file), `ON` with the web on.
    pub async fn new(name: &str) -> Site {
        Site::with_limits(name, StreamLimits::default()).await
    }

    /// [`Site::new`] with other caps on the event streams.
    pub async fn with_limits(name: &str, limits: StreamLimits) -> Site {
        Site::with_all_limits(name, limits, fourbot_web::RequestLimits::default()).await
    }

    /// [`Site::new`] with other budgets of actions and pages a minute.
    pub async fn with_request_limits(name: &str, requests: fourbot_web::RequestLimits) -> Site {
        Site::with_all_limits(name, StreamLimits::default(), requests).await
    }

    async fn with_all_limits(
        name: &str,
        limits: StreamLimits,
        requests: fourbot_web::RequestLimits,
    ) -> Site {
        let dir = std::env::temp_dir().join(format!("fourbot-web-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("web.db").display());
        let (services, web, addr, views) = serve_with(&url, limits, requests).await;
        let change = ConfigChange {
            web: Some(true),
            ..ConfigChange::default()
        };
        let by = Moderator::new(seated(UserId(1), "mod"), None);
        let (settings, _) = services.settings.configure(ON, &change, &by).await.unwrap();
        assert!(settings.web);
        Site {
            services,
            web,
            addr,
            url,
            dir,
            _views: views,
        }
    }

    /// Another process on the same database: a host that runs none of the
    /// matches (it reads them from the store).
    pub async fn reopened(&self) -> (Services, SocketAddr, UnboundedReceiver<View>) {
        let (services, _, addr, views) = serve(&self.url, StreamLimits::default()).await;
        (services, addr, views)
    }

    /// A classic match on `guild` between `p1` (red, moves first) and `p2`.
    pub async fn start(&self, guild: GuildId, p1: &str, p2: &str) -> MatchId {
        self.start_variant(guild, Variant::Classic, p1, p2).await
    }

    /// A match of `variant` on `guild` between `p1` (Alice, moves first)
    /// and `p2` (Bob).
    pub async fn start_variant(
        &self,
        guild: GuildId,
        variant: Variant,
        p1: &str,
        p2: &str,
    ) -> MatchId {
        self.start_seated(guild, variant, &[(ALICE, p1), (BOB, p2)])
            .await
    }

    /// A match of `variant` on `guild` between `players` (id and name, in
    /// seat order: the first moves first).
    pub async fn start_seated(
        &self,
        guild: GuildId,
        variant: Variant,
        players: &[(UserId, &str)],
    ) -> MatchId {
        let players = players.iter().map(|(id, name)| seated(*id, name));
        self.create(guild, variant, players.collect()).await
    }

    /// A match of `variant` on `guild` between `players` (in seat order),
    /// with the default clock, in English.
    async fn create(&self, guild: GuildId, variant: Variant, players: Vec<Seated>) -> MatchId {
        self.services
            .host
            .create_match(MatchSpec {
                variant,
                clock: ClockSettings::default(),
                players,
                guild,
                locale: Locale::EnUs,
                seed: 1,
                tournament: None,
            })
            .await
            .unwrap()
    }

    /// A finished classic match on `ON` between `p1` (Alice) and `p2`
    /// (Bob): Alice wins game 1 with a line in column a (7 plies); in game
    /// 2 Bob (red) and Alice drop in d, and Bob resigns the match: Alice
    /// wins 2:0.
    pub async fn finished(&self, p1: &str, p2: &str) -> MatchId {
        let id = self.start(ON, p1, p2).await;
        for (player, column) in [
            (ALICE, "a"),
            (BOB, "b"),
            (ALICE, "a"),
            (BOB, "b"),
            (ALICE, "a"),
            (BOB, "b"),
            (ALICE, "a"),
        ] {
            self.play(id, player, column).await;
        }
        for player in [ALICE, BOB] {
            self.services
                .host
                .act(id, player, fourbot_host::Request::Ready(None))
                .await
                .unwrap();
        }
        // Game 2: the colours swap, Bob (red) moves first.
        self.play(id, BOB, "d").await;
        self.play(id, ALICE, "d").await;
        self.services
            .host
            .act(id, BOB, fourbot_host::Request::ResignMatch)
            .await
            .unwrap();
        id
    }

    /// A rated classic match on `guild`: each drops once, then the loser
    /// resigns the match.
    pub async fn rated(&self, guild: GuildId, winner: &Seated, loser: &Seated) -> MatchId {
        let host = &self.services.host;
        let players = vec![winner.clone(), loser.clone()];
        let id = self.create(guild, Variant::Classic, players).await;
        assert_eq!(host.typed(id, winner.id, "d").await.ok(), Some(true));
        assert_eq!(host.typed(id, loser.id, "d").await.ok(), Some(true));
        host.act(id, loser.id, fourbot_host::Request::ResignMatch)
            .await
            .unwrap();
        id
    }

    /// `player` types `text` in match `id` (a move), which must be taken.
    pub async fn play(&self, id: MatchId, player: UserId, text: &str) {
        let taken = self.services.host.typed(id, player, text).await;
        assert_eq!(taken.ok(), Some(true), "{text} by {player:?}");
    }

    /// `GET path` with `headers`.
    pub async fn get(&self, path: &str, headers: &[(&str, &str)]) -> Answer {
        get(self.addr, path, headers).await
    }
}

/// An HTTP answer: status, headers (names lower case), body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn request(path: &str, headers: &[(&str, &str)], close: bool) -> String {
    let mut r = format!("GET {path} HTTP/1.1\r\nHost: c4.test\r\n");
    for (n, v) in headers {
        r.push_str(&format!("{n}: {v}\r\n"));
    }
    if close {
        r.push_str("Connection: close\r\n");
    }
    r.push_str("\r\n");
    r
}

fn head(text: &str) -> (u16, Vec<(String, String)>) {
    let mut lines = text.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers = lines
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers)
}

/// `GET path` on `addr` (the connection closed after it): status, headers
/// (names lower case) and the body's bytes, for an answer that is not text.
pub async fn get_bytes(addr: SocketAddr, path: &str) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(request(path, &[], true).as_bytes())
        .await
        .unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let at = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let (status, headers) = head(&String::from_utf8_lossy(&raw[..at]));
    (status, headers, raw[at + 4..].to_vec())
}

/// `GET path` on `addr` (the connection closed after it).
pub async fn get(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Answer {
    send(addr, &request(path, headers, true)).await
}

/// Sends the whole `request` on a new connection to `addr` and reads the
/// answer until the server closes it.
async fn send(addr: SocketAddr, request: &str) -> Answer {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head_text, body) = text.split_once("\r\n\r\n").expect("a head");
    let (status, headers) = head(head_text);
    Answer {
        status,
        headers,
        body: body.to_string(),
    }
}

/// `POST path` on `addr` with `headers` and the form `body`
/// (`application/x-www-form-urlencoded`; the connection closed after it).
pub async fn post(addr: SocketAddr, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    let mut r = format!(
        "POST {path} HTTP/1.1\r\nHost: c4.test\r\nConnection: close\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (n, v) in headers {
        r.push_str(&format!("{n}: {v}\r\n"));
    }
    r.push_str("\r\n");
    r.push_str(body);
    send(addr, &r).await
}

/// An open event stream.
pub struct Events {
    pub status: u16,
    /// The head's headers (names lower case).
    pub headers: Vec<(String, String)>,
    stream: TcpStream,
    /// Everything read after the head, not yet taken by [`Events::next`].
    pending: String,
}

/// Opens `GET path` as an event stream (the head read).
pub async fn events(addr: SocketAddr, path: &str) -> Events {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(request(path, &[("Accept", "text/event-stream")], false).as_bytes())
        .await
        .unwrap();
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    let split = loop {
        if let Some(at) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buf))
            .await
            .expect("a head in time")
            .unwrap();
        assert!(n > 0, "closed before its head");
        raw.extend_from_slice(&buf[..n]);
    };
    let (status, headers) = head(&String::from_utf8_lossy(&raw[..split]));
    Events {
        status,
        headers,
        stream,
        pending: String::from_utf8_lossy(&raw[split + 4..]).into_owned(),
    }
}

impl Events {
    /// The data of the next `state` event, within `within`; `None` if none
    /// came (or the stream ended).
    pub async fn next(&mut self, within: Duration) -> Option<serde_json::Value> {
        let deadline = tokio::time::Instant::now() + within;
        let mut buf = [0u8; 16384];
        loop {
            if let Some(at) = self.pending.find("event: state\n") {
                let rest = &self.pending[at..];
                if let Some(end) = rest.find("\n\n") {
                    let block = rest[..end].to_string();
                    self.pending = rest[end + 2..].to_string();
                    let data: String = block
                        .lines()
                        .filter_map(|l| l.strip_prefix("data: "))
                        .collect();
                    return Some(serde_json::from_str(&data).expect("JSON data"));
                }
            }
            let read = tokio::time::timeout_at(deadline, self.stream.read(&mut buf)).await;
            match read {
                Ok(Ok(n)) if n > 0 => self.pending.push_str(&String::from_utf8_lossy(&buf[..n])),
                _ => return None,
            }
        }
    }
}
