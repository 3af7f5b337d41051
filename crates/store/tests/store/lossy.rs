//! A store whose commits' answers can be lost (issue 31 §3, docs/store.md
//! "A lost answer"), shared by the `store` and `host` test binaries:
//!
//! - PostgreSQL: a TCP proxy on 127.0.0.1 between the store and the
//!   server ([`PgProxy`]) that, when armed, forwards a `COMMIT` to the
//!   server, waits for the server's answer (so the commit is done) and then
//!   closes both connections without relaying it.
//! - SQLite (no connection to cut): the store's test fault
//!   ([`Db::lose_commit_answers`], the `faults` feature), a commit that
//!   succeeds and then answers an error, as when the process is killed
//!   between the commit and its answer.

// Each test binary uses a part of it.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use fourbot_store::testing::TestEngine;
use fourbot_store::{Db, Engine};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

/// A store opened on a fresh database of `engine` whose commits' answers
/// can be lost ([`Lossy::lose_commit_answers`]).
pub struct Lossy {
    /// The store (on PostgreSQL: through the proxy).
    pub db: Db,
    /// The database's own URL (not through the proxy): a second store,
    /// e.g. after a restart.
    pub url: String,
    proxy: Option<PgProxy>,
}

impl Lossy {
    /// A new database of `engine` (a file for SQLite), migrated.
    pub async fn open(engine: &TestEngine, name: &str) -> Lossy {
        let url = engine.url(name).await;
        match engine.engine() {
            Engine::Sqlite => Lossy {
                db: Db::connect(&url).await.unwrap(),
                url,
                proxy: None,
            },
            Engine::Postgres => {
                let proxy = PgProxy::start(&url).await;
                Lossy {
                    db: Db::connect(&proxy.url(&url)).await.unwrap(),
                    url,
                    proxy: Some(proxy),
                }
            }
        }
    }

    /// The next `n` commits of the store succeed and their answers are
    /// lost: PostgreSQL's connection is cut after the server answered
    /// `COMMIT`; SQLite's store answers an I/O error after committing.
    pub fn lose_commit_answers(&self, n: usize) {
        match &self.proxy {
            Some(p) => p.cut_after_commits(n),
            None => self.db.lose_commit_answers(n as u32),
        }
    }

    /// The answer of the next commit of a transaction that ran a
    /// statement containing `marker` (e.g. `INSERT INTO moves`) is lost:
    /// PostgreSQL's proxy picks that commit; SQLite's store loses the next
    /// answer of a write that is safe to repeat (the only ones its fault
    /// covers), so a test arms it just before that write.
    pub fn lose_answer_of(&self, marker: &str) {
        match &self.proxy {
            Some(p) => p.cut_after_commit_of(marker),
            None => self.db.lose_commit_answers(1),
        }
    }

    /// The proxy of a PostgreSQL store (`None` on SQLite).
    pub fn proxy(&self) -> Option<&PgProxy> {
        self.proxy.as_ref()
    }

    /// Whether every armed loss happened (the store committed that often).
    pub fn all_lost(&self) -> bool {
        match &self.proxy {
            Some(p) => p.armed.load(Ordering::SeqCst) == 0,
            // The store's counter is not visible; the callers' errors say it.
            None => true,
        }
    }
}

/// A TCP proxy on 127.0.0.1 in front of a PostgreSQL server that can cut
/// a connection right after a `COMMIT` was carried out, before its answer
/// reaches the client. It reads the client's side of the wire protocol
/// (the untyped SSL and start-up requests, then typed messages: a type
/// byte and a length); sqlx sends `COMMIT` as a simple query, a `Q`
/// message holding `COMMIT\0` (sqlx-postgres 0.8 `PgTransactionManager::commit`
/// → `execute(&str)` without arguments → `Query`).
pub struct PgProxy {
    addr: SocketAddr,
    armed: Arc<AtomicUsize>,
    /// Only a commit of a transaction that ran a statement containing it.
    marker: Arc<std::sync::Mutex<Option<String>>>,
    /// A commit to hold back ([`PgProxy::hold_commit_of`]).
    hold: Arc<Hold>,
    task: tokio::task::JoinHandle<()>,
}

/// The commit the proxy holds back: of a transaction that ran a statement
/// containing `marker`, until [`PgProxy::release`].
#[derive(Default)]
pub struct Hold {
    marker: std::sync::Mutex<Option<String>>,
    holding: std::sync::atomic::AtomicBool,
    release: tokio::sync::Notify,
}

impl Drop for PgProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// `host:port` of a `postgres://user@host:port/db` URL.
fn authority(url: &str) -> (usize, usize) {
    let start = url.find("://").expect("a URL") + 3;
    let start = start + url[start..].find('@').map_or(0, |at| at + 1);
    let end = start + url[start..].find(['/', '?']).unwrap_or(url.len() - start);
    (start, end)
}

impl PgProxy {
    /// Listens on a free loopback port and forwards every connection to
    /// the server of `server_url`.
    pub async fn start(server_url: &str) -> PgProxy {
        let (start, end) = authority(server_url);
        let upstream: SocketAddr = tokio::net::lookup_host(&server_url[start..end])
            .await
            .unwrap()
            .next()
            .unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let armed = Arc::new(AtomicUsize::new(0));
        let marker = Arc::new(std::sync::Mutex::new(None));
        let hold = Arc::new(Hold::default());
        let task = tokio::spawn({
            let (armed, marker, hold) = (armed.clone(), marker.clone(), hold.clone());
            async move {
                while let Ok((client, _)) = listener.accept().await {
                    let (armed, marker, hold) = (armed.clone(), marker.clone(), hold.clone());
                    tokio::spawn(async move {
                        if let Ok(server) = TcpStream::connect(upstream).await {
                            relay(client, server, &armed, &marker, &hold).await;
                        }
                    });
                }
            }
        });
        PgProxy {
            addr,
            armed,
            marker,
            hold,
            task,
        }
    }

    /// `server_url` with the proxy's address in place of the server's.
    pub fn url(&self, server_url: &str) -> String {
        let (start, end) = authority(server_url);
        format!(
            "{}{}{}",
            &server_url[..start],
            self.addr,
            &server_url[end..]
        )
    }

    /// Cuts the connection of each of the next `n` `COMMIT`s (on any
    /// connection) once the server has answered it.
    pub fn cut_after_commits(&self, n: usize) {
        *self.marker.lock().unwrap() = None;
        self.armed.store(n, Ordering::SeqCst);
    }

    /// Holds back the next `COMMIT` of a transaction that ran a statement
    /// containing `marker` (the transaction stays open on the server, with
    /// its locks) until [`PgProxy::release`].
    pub fn hold_commit_of(&self, marker: &str) {
        *self.hold.marker.lock().unwrap() = Some(marker.to_string());
    }

    /// Whether a commit is being held back.
    pub fn holding(&self) -> bool {
        self.hold.holding.load(Ordering::SeqCst)
    }

    /// Lets the held commit through.
    pub fn release(&self) {
        self.hold.release.notify_one();
    }

    /// Cuts the connection of the next `COMMIT` of a transaction that ran
    /// a statement containing `marker`, once the server has answered it.
    pub fn cut_after_commit_of(&self, marker: &str) {
        *self.marker.lock().unwrap() = Some(marker.to_string());
        self.armed.store(1, Ordering::SeqCst);
    }
}

/// The length of the first whole message in `buf`, if there is one: an
/// untyped start-up message (`startup`: an int32 length that counts
/// itself) or a typed one (a type byte, then such a length).
fn message_len(buf: &[u8], startup: bool) -> Option<usize> {
    let at = usize::from(!startup);
    let len = u32::from_be_bytes(buf.get(at..at + 4)?.try_into().unwrap()) as usize + at;
    (buf.len() >= len).then_some(len)
}

/// The SSL and GSS encryption requests: untyped like the start-up
/// message, and followed by it.
fn is_encryption_request(msg: &[u8]) -> bool {
    matches!(
        msg.get(4..8)
            .map(|c| u32::from_be_bytes(c.try_into().unwrap())),
        Some(80_877_103 | 80_877_104)
    )
}

/// Relays the server's bytes to the client until `stop` fires (between
/// two reads); returns the halves so that the caller can take over.
async fn downstream(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    mut stop: oneshot::Receiver<()>,
) -> Option<(OwnedReadHalf, OwnedWriteHalf)> {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        tokio::select! {
            biased;
            _ = &mut stop => return Some((from, to)),
            n = from.read(&mut buf) => match n {
                Ok(0) | Err(_) => return None,
                Ok(n) => to.write_all(&buf[..n]).await.ok()?,
            },
        }
    }
}

/// The NUL-terminated string at the start of `bytes` and what follows it.
fn c_str(bytes: &[u8]) -> (&[u8], &[u8]) {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    (&bytes[..end], bytes.get(end + 1..).unwrap_or_default())
}

async fn relay(
    client: TcpStream,
    server: TcpStream,
    armed: &AtomicUsize,
    marker: &std::sync::Mutex<Option<String>>,
    hold: &Hold,
) {
    let (mut client_read, client_write) = client.into_split();
    let (server_read, mut server_write) = server.into_split();
    let (stop, stopped) = oneshot::channel();
    let down = tokio::spawn(downstream(server_read, client_write, stopped));
    let mut stop = Some(stop);
    let mut buf = Vec::new();
    let mut chunk = vec![0u8; 16 * 1024];
    let mut startup = true;
    // The connection's prepared statements (name → SQL, from Parse) and
    // the SQL its open transaction ran (from Bind and simple queries).
    let mut statements = std::collections::HashMap::<Vec<u8>, String>::new();
    let mut ran = String::new();
    loop {
        let n = match client_read.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        buf.extend_from_slice(&chunk[..n]);
        while let Some(len) = message_len(&buf, startup) {
            let msg: Vec<u8> = buf.drain(..len).collect();
            let commit = !startup && msg[0] == b'Q' && &msg[5..] == b"COMMIT\0";
            if startup && !is_encryption_request(&msg) {
                startup = false;
            }
            if !startup {
                let body = &msg[5..];
                match msg[0] {
                    b'P' => {
                        let (name, rest) = c_str(body);
                        let (sql, _) = c_str(rest);
                        let sql = String::from_utf8_lossy(sql).into_owned();
                        ran.push_str(&sql);
                        statements.insert(name.to_vec(), sql);
                    }
                    b'B' => {
                        let (_portal, rest) = c_str(body);
                        let (name, _) = c_str(rest);
                        if let Some(sql) = statements.get(name) {
                            ran.push_str(sql);
                        }
                    }
                    b'Q' => ran.push_str(&String::from_utf8_lossy(c_str(body).0)),
                    _ => {}
                }
            }
            let marked = marker
                .lock()
                .unwrap()
                .as_ref()
                .is_none_or(|m| ran.contains(m.as_str()));
            let held = commit && {
                let mut m = hold.marker.lock().unwrap();
                let hit = m.as_ref().is_some_and(|m| ran.contains(m.as_str()));
                if hit {
                    *m = None;
                }
                hit
            };
            if held {
                hold.holding.store(true, Ordering::SeqCst);
                hold.release.notified().await;
                hold.holding.store(false, Ordering::SeqCst);
            }
            if commit || (msg[0] == b'Q' && &msg[5..] == b"ROLLBACK\0") {
                ran.clear();
            }
            let cut = commit
                && marked
                && armed
                    .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                    .is_ok();
            if !cut {
                if server_write.write_all(&msg).await.is_err() {
                    return;
                }
                continue;
            }
            // The client waits for every answer before it sends COMMIT, so
            // nothing is in flight: stop relaying, send the COMMIT, read
            // the server's answer up to ReadyForQuery ('Z') and drop it.
            let _ = stop.take().map(|s| s.send(()));
            let Ok(Some((mut server_read, client_write))) = down.await else {
                return;
            };
            if server_write.write_all(&msg).await.is_err() {
                return;
            }
            let mut answer = Vec::new();
            'answer: loop {
                let n = match server_read.read(&mut chunk).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => n,
                };
                answer.extend_from_slice(&chunk[..n]);
                let mut at = 0;
                while let Some(len) = message_len(&answer[at..], false) {
                    if answer[at] == b'Z' {
                        break 'answer;
                    }
                    at += len;
                }
            }
            drop((client_read, client_write, server_read, server_write));
            return;
        }
    }
}
