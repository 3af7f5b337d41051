//! Headless Chromium through chromedriver: found on this machine or
//! skipped with one line, started on a free loopback port, killed when the
//! test ends (a panic too).

use std::io::Write;
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use tokio::sync::{Semaphore, SemaphorePermit};

/// The longest any one wait of these tests lasts.
pub const WAIT: Duration = Duration::from_secs(10);

/// Set (to anything but `0` or nothing) where a missing browser is a
/// failure, not a skip: CI (`.ci/run`).
const REQUIRE: &str = "FOURBOT_REQUIRE_BROWSER";

/// One browser at a time: the tests of this binary run on parallel threads,
/// and two or three Chromiums at once on a small machine only slow each
/// other past the waits.
static ONE_AT_A_TIME: Semaphore = Semaphore::const_new(1);

/// The first of `names` on `PATH`, else the first of `fallbacks` that
/// exists.
fn find(names: &[&str], fallbacks: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    fallbacks.iter().map(PathBuf::from).find(|p| p.is_file())
}

/// Chromium: `FOURBOT_CHROMIUM` if set, else Debian's, else one on `PATH`.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("FOURBOT_CHROMIUM") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    find(&[], &["/usr/bin/chromium"]).or_else(|| {
        find(
            &["chromium", "chromium-browser", "google-chrome"],
            &["/usr/bin/chromium-browser"],
        )
    })
}

fn chromedriver() -> Option<PathBuf> {
    find(&["chromedriver"], &["/usr/bin/chromedriver"])
}

/// `None` after the one line that says why these tests do not run here;
/// a panic with that line where they must (`FOURBOT_REQUIRE_BROWSER`).
fn skip(what: &str) -> Option<Browser> {
    let line = format!(
        "browser tests SKIPPED: {what} not found (apt-get install chromium chromium-driver)"
    );
    let required = std::env::var(REQUIRE).is_ok_and(|v| !v.is_empty() && v != "0");
    assert!(!required, "{line} — and {REQUIRE} is set");
    static SAID: AtomicBool = AtomicBool::new(false);
    if !SAID.swap(true, Ordering::Relaxed) {
        say(&line);
    }
    None
}

/// Writes `line` on stderr past the test harness's capture (which takes
/// only `print!` and `eprint!`), so `cargo test` shows it.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// chromedriver, in a process group of its own (it and the Chromium it
/// starts); the whole group is killed when this is dropped.
struct Driver {
    child: Child,
    /// chromedriver's and the browser's `TMPDIR` (their profile, the
    /// browser's singleton socket), removed with them.
    tmp: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The group's id is chromedriver's pid (`process_group(0)`): the
        // browser's processes go with it, even after a panic.
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.tmp);
    }
}

/// A free loopback port (bound, read, released).
fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

impl Driver {
    fn start(binary: &Path) -> (Driver, u16) {
        let port = free_port();
        let tmp =
            std::env::temp_dir().join(format!("fourbot-browser-{}-{port}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(&tmp).expect("a temporary folder for the browser");
        let child = Command::new(binary)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .env("TMPDIR", &tmp)
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", binary.display()));
        let driver = Driver { child, tmp };
        let deadline = Instant::now() + WAIT;
        while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not listen on port {port} within {WAIT:?}"
            );
            std::thread::sleep(Duration::from_millis(25));
        }
        (driver, port)
    }
}

/// A headless Chromium session; ends the session and kills chromedriver
/// when dropped (or at [`Browser::close`]).
pub struct Browser {
    pub client: Client,
    /// Declared after `client`, so the driver outlives the client.
    _driver: Driver,
    _turn: SemaphorePermit<'static>,
}

/// chromedriver's own command for the browser's console log (W3C
/// WebDriver has none): `POST /session/<id>/se/log {"type": "browser"}`.
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or("")))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(r#"{"type":"browser"}"#.into()))
    }
}

impl Browser {
    /// Chromium, headless, with a `width` × `height` window; `None` (after
    /// the one line) on a machine without it.
    pub async fn start(width: u32, height: u32) -> Option<Browser> {
        Browser::launch(width, height, false).await
    }

    /// [`Browser::start`] as a phone: Chrome's mobile emulation with a
    /// `width` × `height` viewport at one device pixel per CSS pixel (a
    /// desktop window is at least 500 px wide).
    pub async fn phone(width: u32, height: u32) -> Option<Browser> {
        Browser::launch(width, height, true).await
    }

    /// [`Browser::phone`] when `phone`, else [`Browser::start`].
    pub async fn sized(width: u32, height: u32, phone: bool) -> Option<Browser> {
        Browser::launch(width, height, phone).await
    }

    async fn launch(width: u32, height: u32, phone: bool) -> Option<Browser> {
        let Some(chromium) = chromium() else {
            return skip("chromium");
        };
        let Some(binary) = chromedriver() else {
            return skip("chromedriver");
        };
        let turn = ONE_AT_A_TIME.acquire().await.expect("never closed");
        let (driver, port) = Driver::start(&binary);
        let mut caps = Capabilities::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--no-first-run",
                    "--hide-scrollbars",
                    format!("--window-size={width},{height}"),
                ],
            }),
        );
        if phone {
            caps["goog:chromeOptions"]["mobileEmulation"] = json!({
                "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0, "touch": true },
            });
        }
        caps.insert("goog:loggingPrefs".into(), json!({ "browser": "ALL" }));
        let client = tokio::time::timeout(
            WAIT,
            ClientBuilder::new(HttpConnector::new())
                .capabilities(caps)
                .connect(&format!("http://127.0.0.1:{port}")),
        )
        .await
        .expect("a browser session within 10 s")
        .expect("a browser session");
        Some(Browser {
            client,
            _driver: driver,
            _turn: turn,
        })
    }

    /// Ends the session (the browser quits), then chromedriver.
    pub async fn close(self) {
        let _ = tokio::time::timeout(WAIT, self.client.clone().close()).await;
    }

    /// Opens `url` (waits for the load).
    pub async fn goto(&self, url: &str) {
        tokio::time::timeout(WAIT, self.client.goto(url))
            .await
            .expect("the page within 10 s")
            .expect("the page");
    }

    /// The value of the JavaScript expression `expr` in the page.
    pub async fn eval(&self, expr: &str) -> Value {
        tokio::time::timeout(
            WAIT,
            self.client.execute(&format!("return ({expr});"), vec![]),
        )
        .await
        .expect("a script's answer within 10 s")
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
    }

    /// Polls `expr` until it is truthy (then its value), for at most
    /// `within`; panics with `what` and the last value otherwise.
    pub async fn wait_for(&self, what: &str, expr: &str, within: Duration) -> Value {
        let deadline = Instant::now() + within.min(WAIT);
        loop {
            let value = self.eval(expr).await;
            let truthy = match &value {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::String(s) => !s.is_empty(),
                Value::Number(n) => n.as_f64() != Some(0.0),
                _ => true,
            };
            if truthy {
                return value;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: not within {within:?} (last: {value})"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The browser's console entries since the last call (chromedriver's
    /// log: each with `level` and `message`).
    pub async fn console(&self) -> Vec<Value> {
        let log = tokio::time::timeout(WAIT, self.client.issue_cmd(BrowserLog))
            .await
            .expect("the log within 10 s")
            .expect("the browser log");
        log.as_array().cloned().unwrap_or_default()
    }

    /// Saves a screenshot as `<name>.png` in the shots' folder and prints
    /// its path.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = tokio::time::timeout(WAIT, self.client.screenshot())
            .await
            .expect("a screenshot within 10 s")
            .expect("a screenshot");
        let dir = shots();
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap();
        say(&format!("screenshot: {}", path.display()));
        path
    }
}

/// Where screenshots go: `$FOURBOT_SCREENSHOTS`, else `browser-shots/` in
/// the target folder: `CARGO_TARGET_TMPDIR` (cargo's `<target>/tmp` for
/// integration tests, whichever crate includes this file) without its
/// `tmp`.
pub fn shots() -> PathBuf {
    if let Some(dir) = std::env::var_os("FOURBOT_SCREENSHOTS") {
        return PathBuf::from(dir);
    }
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().unwrap_or(tmp).join("browser-shots")
}
