//! The web front end beside Discord (issue 36, docs/web.md): `fourbot run`
//! with `FOURBOT_WEB` serves the table of a match played with buttons in
//! its Discord thread, once the server's moderators turned the web on; a
//! move made on Discord reaches the open page's event stream within a
//! second.

use std::time::Duration;

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// `GET path` on `addr`: the status line's code and the whole answer.
async fn get(addr: &str, path: &str) -> (u16, String) {
    get_with(addr, path, "").await
}

/// [`get`] with more header lines (`extra`, each ending in CRLF).
async fn get_with(addr: &str, path: &str, extra: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: c4.test\r\n{extra}Connection: close\r\n\r\n");
    s.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut raw))
        .await
        .expect("an answer")
        .unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let code = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, text)
}

/// Reads `stream` until `seen` holds `needle`, within `within`.
async fn read_until(
    stream: &mut TcpStream,
    seen: &mut String,
    needle: &str,
    within: Duration,
) -> bool {
    let deadline = tokio::time::Instant::now() + within;
    let mut buf = [0u8; 16384];
    while !seen.contains(needle) {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => seen.push_str(&String::from_utf8_lossy(&buf[..n])),
            _ => return false,
        }
    }
    true
}

/// The link buttons (Discord's style 5) of a message, or of an
/// interaction's answer (a callback carries its message in `data`), as
/// (label, url).
fn links_of(json: &serde_json::Value) -> Vec<(String, String)> {
    let message = json.get("data").unwrap_or(json);
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|b| b["style"] == 5)
        .map(|b| {
            (
                b["label"].as_str().unwrap_or_default().to_string(),
                b["url"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// The links of `interaction`'s answer: the first request that answers it
/// with words or files (its callback, a follow-up, or the edit of a
/// deferred answer).
async fn answer_links(fake: &FakeDiscord, interaction: u64) -> Vec<(String, String)> {
    let original = format!("{}/messages/@original", followup_path(interaction));
    let answer = fake
        .wait_for("the answer", |f| {
            f.requests().into_iter().find(|r| {
                let to_it = r.path == callback_path(interaction)
                    || r.path == followup_path(interaction)
                    || r.path == original;
                let body = r.json.get("data").unwrap_or(&r.json);
                to_it && (body["content"].is_string() || !r.files.is_empty())
            })
        })
        .await;
    links_of(&answer.json)
}

/// The bot with the web on a free loopback port (and `more` in its
/// environment): the fake, the bot, the web's address.
async fn start_web(name: &str, more: &[(&str, &str)]) -> (FakeDiscord, Bot, String) {
    let addr = format!("127.0.0.1:{}", free_port());
    let secret = "s".repeat(40);
    let mut envs = vec![
        ("FOURBOT_WEB", addr.as_str()),
        ("FOURBOT_WEB_SECRET", secret.as_str()),
    ];
    envs.extend_from_slice(more);
    let (fake, bot) = start_with(name, &envs).await;
    (fake, bot, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_on_discord_reaches_the_web_table_once_the_server_turned_it_on() {
    let (fake, _bot, addr) = start_web("web", &[]).await;
    let t = Table::open(&fake).await;
    let page = format!("/m/{}", t.match_id);
    // Off until a moderator turns it on: the same 404 as no match at all.
    let (code, hidden) = get(&addr, &page).await;
    assert_eq!(code, 404, "{hidden}");
    let on = config(&fake, MONA, &[("web", 3, json!("on"))]);
    assert!(private_reply(&fake, on).await.contains("Web pages: on"));
    let (code, shown) = get(&addr, &page).await;
    assert_eq!(code, 200, "{shown}");
    assert!(shown.contains("<svg class=\"board\""), "{shown}");
    assert!(shown.contains("alice") && shown.contains("bob"), "{shown}");

    // The page's event stream, open while Alice drops in d on Discord.
    let mut stream = TcpStream::connect(&addr).await.unwrap();
    let request =
        format!("GET {page}/events HTTP/1.1\r\nHost: c4.test\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut seen = String::new();
    assert!(
        read_until(
            &mut stream,
            &mut seen,
            "No moves yet.",
            Duration::from_secs(5)
        )
        .await,
        "the first state: {seen}"
    );
    assert!(seen.starts_with("HTTP/1.1 200"), "{seen}");
    t.play(1, 1, 'd').await;
    assert!(
        read_until(
            &mut stream,
            &mut seen,
            "1. Red, alice: d",
            Duration::from_secs(1)
        )
        .await,
        "the move within a second of its turn message: {seen}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_players_board_opens_the_table_as_that_player() {
    let (fake, _bot, addr) =
        start_web("web-link", &[("FOURBOT_PUBLIC_URL", "http://c4.test")]).await;
    let t = Table::open(&fake).await;
    let link_of = |answer: &Recorded| links_of(&answer.json).first().map(|(_, url)| url.clone());
    // Before the server turns the web on, /board has no link.
    let before = filled(&fake, t.command(ALICE, "board")).await;
    assert_eq!(link_of(&before), None, "{:?}", before.json);
    let on = config(&fake, MONA, &[("web", 3, json!("on"))]);
    private_reply(&fake, on).await;
    let answer = filled(&fake, t.command(ALICE, "board")).await;
    let url = link_of(&answer).unwrap_or_else(|| panic!("a link: {:?}", answer.json));
    let path = url
        .strip_prefix("http://c4.test")
        .unwrap_or_else(|| panic!("{url}"));
    assert!(path.starts_with("/t/"), "{url}");
    // The link gives Alice a session, and the table knows her.
    let (code, exchanged) = get(&addr, path).await;
    assert_eq!(code, 303, "{exchanged}");
    let cookie = exchanged
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: "))
        .unwrap_or_else(|| panic!("{exchanged}"))
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let (code, page) = get_with(
        &addr,
        &format!("/m/{}", t.match_id),
        &format!("Cookie: {cookie}\r\n"),
    )
    .await;
    assert_eq!(code, 200, "{page}");
    assert!(page.contains("You play Red (ring)."), "{page}");
    assert!(page.contains(":1.1:drop:d"), "her moves: {page}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn posts_link_to_the_web_pages_only_once_the_server_turned_the_web_on() {
    let (fake, _bot, _addr) =
        start_web("web-posts", &[("FOURBOT_PUBLIC_URL", "https://c4.test/")]).await;
    // Off: a match's turn carries no link.
    let off = Table::open(&fake).await;
    let turn = off.turn(1, 1).await;
    assert_eq!(links_of(&turn), [], "{turn}");
    let press = off.resign_match(&turn).await;
    update_by(&fake, press).await;

    let on = config(&fake, MONA, &[("web", 3, json!("on"))]);
    private_reply(&fake, on).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let page = format!("https://c4.test/m/{}", t.match_id);
    // The live turn: its drop buttons, then "Watch on the web".
    let turn = t.turn(1, 1).await;
    assert_eq!(
        links_of(&turn),
        [("Watch on the web".to_string(), page.clone())],
        "{turn}"
    );
    assert!(custom_ids(&turn).iter().any(|id| id.ends_with(":drop:d")));
    // The match's end: "Replay on the web".
    let press = t.resign_match(&turn).await;
    update_by(&fake, press).await;
    let thread = t.thread;
    let end = fake
        .wait_for("the match's end with a link", |f| {
            f.messages_in(thread).into_iter().find(|m| {
                links_of(m)
                    .iter()
                    .any(|(label, _)| label == "Replay on the web")
            })
        })
        .await;
    assert_eq!(
        links_of(&end),
        [("Replay on the web".to_string(), page.clone())],
        "{end}"
    );

    // /export and /replay of it, /rating and /leaderboard.
    let options = [("match", 3, json!(t.match_id.clone()))];
    let export = ask(&fake, BOB, "export", &options);
    assert_eq!(
        answer_links(&fake, export).await,
        [("Replay on the web".to_string(), page.clone())]
    );
    let replay = ask(&fake, BOB, "replay", &options);
    assert_eq!(
        answer_links(&fake, replay).await,
        [("Replay on the web".to_string(), page.clone())]
    );
    let rating = ask(&fake, ALICE, "rating", &[]);
    assert_eq!(
        answer_links(&fake, rating).await,
        [(
            "Open on the web".to_string(),
            format!("https://c4.test/player/{GUILD_ID}/{}", ALICE.id)
        )]
    );
    let board = ask(&fake, BOB, "leaderboard", &[]);
    let shown = fake
        .wait_for("the leaderboard", |f| f.original(board))
        .await;
    assert_eq!(
        links_of(&shown),
        [(
            "Open on the web".to_string(),
            format!("https://c4.test/leaderboard/{GUILD_ID}/classic")
        )],
        "{shown}"
    );
    // Its Previous / Next keep the link.
    assert_eq!(custom_ids(&shown)[..2], ["lb:classic:0", "lb:classic:1"]);

    // A tournament's card.
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        subcommand_json(
            iid,
            MONA,
            CHANNEL_ID,
            "tournament",
            "create",
            &[("format", 3, json!("swiss")), ("rounds", 4, json!(3))],
            &[],
        ),
    );
    private_reply(&fake, iid).await;
    let card = fake
        .wait_for("the tournament's card", |f| {
            f.messages_in(CHANNEL_ID)
                .into_iter()
                .find(|m| custom_ids(m).iter().any(|id| id.starts_with("t:1:")))
        })
        .await;
    assert_eq!(
        links_of(&card),
        [(
            "Open on the web".to_string(),
            "https://c4.test/tournament/1".to_string()
        )],
        "{card}"
    );
}
