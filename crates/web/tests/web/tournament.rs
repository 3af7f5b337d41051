//! A tournament's page, its event stream and its standings picture
//! (docs/web.md, "The tournament page"): a small Swiss run through the
//! host's director.

use std::net::SocketAddr;
use std::time::Duration;

use fourbot_host::tournament_views::cells;
use fourbot_web::guard::CONTENT_SECURITY_POLICY;
use fourbot_web::{RequestLimits, StreamLimits, Web};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::support::{events, get, Site, OFF, ON};
use crate::tournament_site::{first_wins, swiss};

/// A name a member could type to break a page.
const HOSTILE: &str = "<script>alert(1)</script>\"><img src onerror=alert(2)>";
/// The operator's public URL in these tests.
const PUBLIC: &str = "https://c4.example.org";

/// The same site served again with a public URL (absolute OpenGraph
/// links), over the same host and store.
async fn public(site: &Site) -> SocketAddr {
    let web = Web::new(&site.services).reached_at(PUBLIC);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(fourbot_web::serve(listener, web, std::future::pending()));
    addr
}

/// `GET path` whose body is bytes (a picture): status, headers, body.
async fn get_bytes(
    addr: SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let mut r = format!("GET {path} HTTP/1.1\r\nHost: c4.test\r\nConnection: close\r\n");
    for (n, v) in headers {
        r.push_str(&format!("{n}: {v}\r\n"));
    }
    r.push_str("\r\n");
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(r.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, raw[split + 4..].to_vec())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The `content` of the `<meta property=…>` (or `name=…`) `key` of `body`.
fn meta<'a>(body: &'a str, key: &str) -> Option<&'a str> {
    let at = body
        .find(&format!("property=\"{key}\""))
        .or_else(|| body.find(&format!("name=\"{key}\"")))?;
    let rest = &body[at..];
    let start = rest.find("content=\"")? + "content=\"".len();
    let end = start + rest[start..].find('"')?;
    Some(&rest[start..end])
}

/// The text of each `<th class="player" scope="row">` of the standings, in
/// order, tags taken out.
fn standings_names(body: &str) -> Vec<String> {
    body.split("<th class=\"player\" scope=\"row\">")
        .skip(1)
        .map(|cell| {
            let cell = &cell[..cell.find("</th>").unwrap()];
            let mut text = String::new();
            let mut inside = false;
            for c in cell.chars() {
                match c {
                    '<' => inside = true,
                    '>' => inside = false,
                    c if !inside => text.push(c),
                    _ => {}
                }
            }
            text.trim()
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&")
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_swiss_page_shows_its_standings_rounds_and_results_and_follows_them_live() {
    let site = Site::new("tournament").await;
    let addr = public(&site).await;
    let names = ["alice", "bob", "carol", "dave", HOSTILE];
    let mut t = swiss(&site, ON, 2, &names).await;
    let path = format!("/tournament/{}?lang=en-US", t.id.0);

    // Open: the entrants, how it starts, no picture yet.
    let page = get(addr, &path, &[]).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let body = &page.body;
    assert!(
        body.contains(
            "<p id=\"t-state\">Open: starts when its creator starts it. Players join in Discord.</p>"
        ),
        "{body}"
    );
    assert!(body.contains("Players (5)"), "{body}");
    assert!(body.contains("No round has been paired yet."));
    assert_eq!(meta(body, "twitter:card"), Some("summary"));
    assert_eq!(meta(body, "og:image"), None);
    assert!(body.contains(&format!(
        "<a class=\"name\" href=\"/player/{}/1000\"><bdi>alice</bdi></a>",
        ON.0
    )));

    // Round 1: two boards and a bye, each match linked as it opens.
    let boards = t.start(&site).await;
    assert_eq!(boards.len(), 3, "{boards:?}");
    let round1 = t.open_all(&site, &boards).await;
    let page = get(addr, &path, &[]).await;
    let body = &page.body;
    assert!(
        body.contains("<p id=\"t-state\">Round 1 of 2.</p>"),
        "{body}"
    );
    assert!(body.contains("<h3>Round 1</h3>"), "{body}");
    for (b, m) in &round1 {
        match m {
            Some(m) => {
                assert!(
                    body.contains(&format!(
                        "<li class=\"board\" data-board=\"{}\" data-match=\"{}\">",
                        b.board, m.0
                    )),
                    "board {}: {body}",
                    b.board
                );
                assert!(body.contains(&format!(
                    "<a class=\"match\" href=\"/m/{0}\">match {0}</a>",
                    m.0
                )));
            }
            None => assert!(body.contains("bye (1 point)"), "{body}"),
        }
    }
    assert_eq!(
        body.matches("<span class=\"playing\">being played</span>")
            .count(),
        2
    );
    // The standings from round 1 on, with the tie-breaks' and the byes'
    // columns under their headers, and the picture for shared links.
    for th in ["Pts", "BH", "SB", "Byes"] {
        assert!(
            body.contains(&format!("<th scope=\"col\">{th}</th>")),
            "{th}: {body}"
        );
    }
    assert!(body.contains(
        "Ties: Buchholz cut 1 (BH), then Sonneborn-Berger (SB), then the direct result."
    ));
    let image = format!("{PUBLIC}/tournament/{}/standings.png?lang=en-US", t.id.0);
    assert_eq!(meta(body, "og:image"), Some(image.as_str()));
    assert_eq!(meta(body, "twitter:card"), Some("summary_large_image"));

    // Live: each result reaches an open stream, read aloud.
    let mut stream = events(addr, &format!("/tournament/{}/events?lang=en-US", t.id.0)).await;
    assert_eq!(stream.status, 200);
    let first = stream
        .next(Duration::from_secs(5))
        .await
        .expect("a first state");
    assert_eq!(first["state"], "Round 1 of 2.");
    assert_eq!(first["live"], true);
    let played: Vec<_> = round1.iter().filter(|(b, _)| b.second.is_some()).collect();
    let (b, m) = played[0];
    first_wins(&site, b, m.unwrap()).await;
    let state = stream
        .next(Duration::from_secs(5))
        .await
        .expect("the result, live");
    let said = state["announce"].as_str().unwrap();
    let first_name = fourbot_web::pages::name(&b.first.name);
    let second_name = fourbot_web::pages::name(&b.second.as_ref().unwrap().name);
    assert_eq!(
        said,
        format!("Round 1, board {}: {first_name} 1–0 {second_name}", b.board),
        "{state}"
    );
    assert!(state["rounds"]
        .as_str()
        .unwrap()
        .contains("<span class=\"result\">1–0</span>"));
    // The second result completes the round: round 2 is paired (and its
    // matches, opened without a signal, are linked once they exist).
    let (b, m) = played[1];
    first_wins(&site, b, m.unwrap()).await;
    let boards = t.next_round().await.expect("a second round");
    let round2 = t.open_all(&site, &boards).await;
    let mut seen_paired = false;
    let linked = loop {
        let state = stream
            .next(Duration::from_secs(5))
            .await
            .expect("round 2, live");
        seen_paired |= state["announce"]
            .as_str()
            .unwrap()
            .contains("Round 2 is paired.");
        let rounds = state["rounds"].as_str().unwrap().to_string();
        let all = round2
            .iter()
            .filter_map(|(_, m)| *m)
            .all(|m| rounds.contains(&format!("href=\"/m/{}\"", m.0)));
        if all {
            break state;
        }
    };
    assert!(seen_paired, "the new round read aloud");
    assert_eq!(linked["state"], "Round 2 of 2.");

    // The end: the last state, and the stream ends.
    for (b, m) in &round2 {
        if let Some(m) = m {
            first_wins(&site, b, *m).await;
        }
    }
    assert!(t.next_round().await.is_none(), "over after round 2");
    let last = loop {
        let state = stream
            .next(Duration::from_secs(5))
            .await
            .expect("the end, live");
        if state["live"] == false {
            break state;
        }
    };
    assert_eq!(last["state"], "Finished.");
    assert!(last["winner"].as_str().unwrap().starts_with("Winner: "));
    assert!(stream.next(Duration::from_secs(2)).await.is_none(), "ended");

    // The finished page: the standings in the director's order with its
    // cells, the winner, the absolute links.
    let card = site.services.tournaments.card(t.id).await.unwrap();
    let page = get(addr, &path, &[]).await;
    let body = &page.body;
    assert_eq!(
        page.header("content-security-policy"),
        Some(CONTENT_SECURITY_POLICY)
    );
    assert!(!body.contains("style="), "no inline style");
    assert_eq!(
        body.matches("<script").count(),
        1,
        "only the page's script file"
    );
    assert!(body.contains("<p id=\"t-state\">Finished.</p>"), "{body}");
    let expected: Vec<String> = card
        .standings
        .iter()
        .map(|r| fourbot_web::pages::name(&r.player.name))
        .collect();
    assert_eq!(standings_names(body), expected, "{body}");
    for r in &card.standings {
        let ([points, bh, sb], _) = cells(r, false);
        let row = format!(
            "<tr data-rank=\"{}\"><td class=\"rank\">{}</td>",
            r.rank, r.rank
        );
        let at = body.find(&row).unwrap_or_else(|| panic!("{row}: {body}"));
        let rest = &body[at..at + body[at..].find("</tr>").unwrap()];
        assert!(
            rest.contains(&format!(
                "<td class=\"points\">{points}</td><td>{bh}</td><td>{sb}</td>"
            )),
            "{rest}"
        );
    }
    assert!(
        body.contains("<th scope=\"col\">Since round 1</th>"),
        "the trend: {body}"
    );
    let winners: Vec<String> = card
        .standings
        .iter()
        .filter(|r| r.rank == 1)
        .map(|r| fourbot_web::pages::name(&r.player.name))
        .collect();
    assert!(
        body.contains(&format!("Winner: {}", winners.join(" and "))),
        "{body}"
    );
    assert_eq!(
        meta(body, "og:url"),
        Some(format!("{PUBLIC}/tournament/{}", t.id.0).as_str())
    );
    assert_eq!(meta(body, "og:type"), Some("website"));
    assert!(meta(body, "og:title")
        .unwrap()
        .starts_with(&format!("Tournament {}: Swiss, 2 rounds, Classic", t.id.0)));
    assert!(meta(body, "og:description")
        .unwrap()
        .starts_with("Finished. Winner: "));
    // Both rounds, the latest first.
    let r2 = body.find("<h3>Round 2</h3>").unwrap();
    let r1 = body.find("<h3>Round 1</h3>").unwrap();
    assert!(r2 < r1);
    // The hostile name as text only, in the page and in its tags.
    assert!(!body.contains("<script>alert"), "{body}");
    assert!(!body.contains("<img src"), "{body}");
    // Shaped (capped at 32 characters), then escaped.
    assert!(body.contains("<bdi>&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img…</bdi>"));
    // Over: no stream.
    let over = get(addr, &format!("/tournament/{}/events", t.id.0), &[]).await;
    assert_eq!(over.status, 204);

    // The picture: a PNG, kept by version; the same version is 304.
    let png = format!("/tournament/{}/standings.png?lang=en-US", t.id.0);
    let (status, headers, bytes) = get_bytes(addr, &png, &[]).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("image/png"));
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    let etag = header(&headers, "etag").expect("an ETag").to_string();
    let (status, _, bytes) = get_bytes(addr, &png, &[("If-None-Match", &etag)]).await;
    assert_eq!((status, bytes.len()), (304, 0));
    // Another language is another picture.
    let (status, headers, _) = get_bytes(
        addr,
        &format!("/tournament/{}/standings.png?lang=de", t.id.0),
        &[],
    )
    .await;
    assert_eq!(status, 200);
    assert_ne!(header(&headers, "etag"), Some(etag.as_str()));
    // German words on the page.
    let de = get(
        addr,
        &format!("/tournament/{}", t.id.0),
        &[("Accept-Language", "de")],
    )
    .await;
    assert!(
        de.body.contains("<h2 id=\"standings-title\">Tabelle</h2>"),
        "{}",
        de.body
    );
    assert!(de.body.contains("Beendet."));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tournament_not_on_the_web_answers_404_exactly_like_an_unknown_one() {
    let site = Site::new("tournament-off").await;
    let mut t = swiss(&site, OFF, 1, &["alice", "bob", "carol"]).await;
    t.start(&site).await;
    let unknown = site.get("/m/999999", &[]).await;
    assert_eq!(unknown.status, 404);
    for path in [
        format!("/tournament/{}", t.id.0),
        format!("/tournament/{}/events", t.id.0),
        format!("/tournament/{}/standings.png", t.id.0),
        "/tournament/999999".into(),
        "/tournament/999999/events".into(),
        "/tournament/999999/standings.png".into(),
        "/tournament/abc".into(),
        "/tournament/-3".into(),
        "/tournament/0".into(),
    ] {
        let answer = site.get(&path, &[]).await;
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(answer.body, unknown.body, "{path}: the same body");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tournaments_streams_count_in_the_caps_of_every_stream() {
    let limits = StreamLimits {
        per_address: 1,
        total: 8,
    };
    let site = Site::with_limits("tournament-streams", limits).await;
    let t = swiss(&site, ON, 1, &["alice", "bob"]).await;
    // A stream takes the address's one slot (a match's would too).
    let events_path = format!("/tournament/{}/events", t.id.0);
    let stream = events(site.addr, &events_path).await;
    assert_eq!(stream.status, 200);
    assert_eq!(site.get(&events_path, &[]).await.status, 429);
    let id = site.start(ON, "carol", "dave").await;
    assert_eq!(
        site.get(&format!("/m/{}/events", id.0), &[]).await.status,
        429
    );
    drop(stream);
    // Given back when it ends (the server notices the closed connection).
    let mut again = 0;
    for _ in 0..100 {
        again = events(site.addr, &events_path).await.status;
        if again == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(again, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tournaments_page_and_picture_count_in_the_addresss_page_budget() {
    let limits = RequestLimits {
        pages_per_address: 3,
        ..RequestLimits::default()
    };
    let site = Site::with_request_limits("tournament-budget", limits).await;
    let t = swiss(&site, ON, 1, &["alice", "bob"]).await;
    let page = format!("/tournament/{}", t.id.0);
    for _ in 0..2 {
        assert_eq!(site.get(&page, &[]).await.status, 200);
    }
    // Not started: no picture (the 404), still a page of the budget.
    let png = site.get(&format!("{page}/standings.png"), &[]).await;
    assert_eq!(png.status, 404);
    let refused = site.get(&page, &[]).await;
    assert_eq!(refused.status, 429);
    assert!(refused.header("retry-after").is_some());
}
