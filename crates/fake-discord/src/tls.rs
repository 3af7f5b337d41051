//! The TLS front of the fake Discord: the bot's production HTTP path
//! (`https://discord.com/api/v10`, serenity's rate limiter on) run against
//! the fake (docs/reliability.md, "The production HTTP path").
//!
//! The bot under test is started with `HTTPS_PROXY=http://127.0.0.1:<front
//! port>` and `FOURBOT_CA_FILE=<the test CA>` and without
//! `DISCORD_API_BASE` ([`TlsFront::bot_envs`]). Its reqwest client then
//! asks the front, an HTTP `CONNECT` proxy, for a tunnel to
//! `discord.com:443`; the front answers `200`, does the TLS handshake as
//! `discord.com` (ALPN `http/1.1`) with `tls/discord.com.pem`, signed by
//! the test CA `tls/ca.pem` (`tls/README.md`), and relays the decrypted
//! bytes both ways to a plain TCP connection to the fake's port. The fake
//! sees ordinary HTTP/1.1 and needs no change. The gateway URL the fake
//! returns (`ws://127.0.0.1:PORT/gateway`) is connected to directly:
//! serenity's websocket client (tokio-tungstenite 0.21) uses no proxy.
//!
//! Only the bot processes a test starts trust the test CA (through their
//! environment); nothing here touches the test process's or the system's
//! trust store.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::TlsAcceptor;

use crate::fake::FakeDiscord;

/// The one tunnel target the front accepts: where serenity sends every
/// REST request.
pub const DISCORD: &str = "discord.com:443";

/// The folder of the test certificates.
fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tls")
}

/// The test CA's certificate (PEM): what the bot under test is given as
/// `FOURBOT_CA_FILE`.
pub fn ca_file() -> PathBuf {
    dir().join("ca.pem")
}

/// What the front saw on one connection.
#[derive(Clone, Debug, PartialEq)]
pub enum Tunnel {
    /// `CONNECT discord.com:443` answered `200`, the handshake done with
    /// this server name (SNI) and ALPN protocol; the bytes were relayed.
    Relayed {
        /// The SNI the client sent.
        sni: Option<String>,
        /// The ALPN protocol agreed on.
        alpn: Option<String>,
    },
    /// The handshake failed (for example the client does not trust the
    /// test CA); the error as rustls gave it.
    HandshakeFailed(String),
    /// Not a `CONNECT` to [`DISCORD`]: the request line; answered `403`.
    Refused(String),
}

/// A running TLS front; clones share it.
#[derive(Clone)]
pub struct TlsFront {
    port: u16,
    tunnels: Arc<Mutex<Vec<Tunnel>>>,
}

/// The server side: `discord.com`'s certificate and key, ALPN `http/1.1`,
/// the ring provider reqwest uses.
fn acceptor() -> TlsAcceptor {
    let certs: Vec<CertificateDer<'static>> =
        CertificateDer::pem_file_iter(dir().join("discord.com.pem"))
            .expect("tls/discord.com.pem")
            .collect::<Result<_, _>>()
            .expect("a PEM certificate");
    let key = PrivateKeyDer::from_pem_file(dir().join("discord.com.key")).expect("a PEM key");
    let mut config =
        ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .expect("the certificate and its key");
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    TlsAcceptor::from(Arc::new(config))
}

impl TlsFront {
    /// Starts a front for `fake` on a free 127.0.0.1 port.
    pub async fn start(fake: &FakeDiscord) -> TlsFront {
        let upstream: u16 = fake
            .base()
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .expect("the fake's port");
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let front = TlsFront {
            port: listener.local_addr().unwrap().port(),
            tunnels: Arc::default(),
        };
        let acceptor = acceptor();
        let tunnels = front.tunnels.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let acceptor = acceptor.clone();
                let tunnels = tunnels.clone();
                tokio::spawn(async move {
                    if let Some(t) = serve(stream, acceptor, upstream).await {
                        tunnels.lock().unwrap().push(t);
                    }
                });
            }
        });
        front
    }

    /// `http://127.0.0.1:PORT`: the bot's `HTTPS_PROXY`.
    pub fn proxy_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The environment that puts a bot on the production path through this
    /// front: no API base (an empty `DISCORD_API_BASE` is unset), the front
    /// as its HTTPS proxy, the test CA as its extra root. The harness keeps
    /// `NO_PROXY=127.0.0.1` (the gateway's host).
    pub fn bot_envs(&self) -> Vec<(String, String)> {
        vec![
            ("DISCORD_API_BASE".into(), String::new()),
            ("HTTPS_PROXY".into(), self.proxy_url()),
            (
                "FOURBOT_CA_FILE".into(),
                ca_file().to_string_lossy().into_owned(),
            ),
        ]
    }

    /// Every connection so far, in the order they ended their handshake.
    pub fn tunnels(&self) -> Vec<Tunnel> {
        self.tunnels.lock().unwrap().clone()
    }

    /// [`Self::tunnels`] once at least one is recorded (or after 10 s,
    /// whatever is there). A client that gives up on the handshake may
    /// exit before the front's task has seen the failure and recorded it.
    pub async fn first_tunnels(&self) -> Vec<Tunnel> {
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let tunnels = self.tunnels();
            if !tunnels.is_empty() || tokio::time::Instant::now() >= deadline {
                return tunnels;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
}

/// One client connection: the `CONNECT`, the handshake, then the relay
/// until either side closes. Returns what it saw (recorded once the
/// handshake is over, before the relay).
async fn serve(mut client: TcpStream, acceptor: TlsAcceptor, upstream: u16) -> Option<Tunnel> {
    // Small TLS records (a button's acknowledgement) go out at once.
    client.set_nodelay(true).ok()?;
    // The proxy request's head; reqwest sends nothing more before the 200.
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        match client.read(&mut byte).await {
            Ok(1) if head.len() < 8192 => head.push(byte[0]),
            _ => return None,
        }
    }
    let head = String::from_utf8_lossy(&head);
    let request_line = head.lines().next().unwrap_or_default().to_string();
    if request_line != format!("CONNECT {DISCORD} HTTP/1.1") {
        let _ = client
            .write_all(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
            .await;
        return Some(Tunnel::Refused(request_line));
    }
    client
        .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
        .await
        .ok()?;
    let mut tls = match acceptor.accept(client).await {
        Ok(tls) => tls,
        Err(e) => return Some(Tunnel::HandshakeFailed(e.to_string())),
    };
    let (_, session) = tls.get_ref();
    let seen = Tunnel::Relayed {
        sni: session.server_name().map(str::to_string),
        alpn: session
            .alpn_protocol()
            .map(|p| String::from_utf8_lossy(p).into_owned()),
    };
    // Recorded now, not when the connection (kept alive by reqwest's pool)
    // closes.
    tokio::spawn(async move {
        let mut fake = TcpStream::connect(("127.0.0.1", upstream)).await?;
        fake.set_nodelay(true)?;
        tokio::io::copy_bidirectional(&mut tls, &mut fake).await
    });
    Some(seen)
}
