//! The table page and its event stream.

use std::time::Duration;

use fourbot_host::{MatchId, Request};
use fourbot_web::guard::CONTENT_SECURITY_POLICY;
use fourbot_web::StreamLimits;

use crate::support::{events, get, Site, ALICE, BOB, OFF, ON};

/// Names a member could type to break a page: markup, an attribute
/// breakout, a mass mention, a right-to-left override.
const SCRIPT_NAME: &str = "<script>alert(1)</script>@here";
const BREAKOUT_NAME: &str = "\"><img src onerror=alert(2)>\u{202E}evil";

#[tokio::test]
async fn a_server_without_the_web_answers_404_exactly_like_an_unknown_match() {
    let site = Site::new("off").await;
    let off = site.start(OFF, "alice", "bob").await;
    let on = site.start(ON, "carol", "dave").await;
    let unknown = site.get("/m/999999", &[]).await;
    assert_eq!(unknown.status, 404);
    for path in [
        format!("/m/{}", off.0),
        format!("/m/{}/events", off.0),
        "/m/999999/events".into(),
        "/m/not-a-number".into(),
        "/m/-1".into(),
        "/nowhere".into(),
    ] {
        let answer = site.get(&path, &[]).await;
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(answer.body, unknown.body, "{path}: the same body");
    }
    // The same server's page once it is on, and not its events' 404.
    assert_eq!(site.get(&format!("/m/{}", on.0), &[]).await.status, 200);
}

#[tokio::test]
async fn the_table_shows_the_board_the_moves_and_hostile_names_escaped() {
    let site = Site::new("table").await;
    let id = site.start(ON, SCRIPT_NAME, BREAKOUT_NAME).await;
    site.play(id, ALICE, "d").await;
    site.play(id, BOB, "d").await;
    site.play(id, ALICE, "c").await;
    let page = site.get(&format!("/m/{}", id.0), &[]).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let body = &page.body;
    assert!(body.contains("<svg class=\"board\""), "an inline SVG board");
    assert!(body.contains("role=\"grid\""));
    assert!(
        body.contains("aria-label=\"Column d, 4 free: d1 Red, d2 Yellow\""),
        "{body}"
    );
    assert!(body.contains("aria-label=\"Column a, 6 free\""));
    assert!(
        body.contains("<span class=\"ply\">3.</span>"),
        "the third ply listed"
    );
    assert!(body.contains("<span class=\"mv\">c</span>"));
    // The clocks: the server's remaining time, and whose runs.
    assert!(body.contains("data-running=\"true\""));
    assert!(body.contains("data-ms=\""));
    assert!(body.contains("Score: 0:0"), "{body}");
    assert!(
        body.contains("Yellow (diamond)"),
        "colour named with its mark"
    );
    // The names as text, never as markup.
    assert!(!body.contains("<script>alert"), "{body}");
    assert!(!body.contains("<img src"), "{body}");
    assert!(!body.contains("\"><img"), "{body}");
    assert!(
        body.contains("<bdi class=\"name\">&lt;script&gt;alert(1)&lt;/script&gt;@here</bdi>"),
        "{body}"
    );
    assert!(
        body.contains("<bdi class=\"name\">&quot;&gt;&lt;img src onerror=alert(2)&gt;evil</bdi>")
    );
    assert!(!body.contains('\u{202E}'), "the override is dropped");
}

#[tokio::test]
async fn every_answer_has_the_security_headers_and_the_page_no_inline_script_or_style() {
    let site = Site::new("csp").await;
    let id = site.start(ON, "alice", "bob").await;
    let page = site.get(&format!("/m/{}", id.0), &[]).await;
    let missing = site.get("/m/424242", &[]).await;
    for answer in [&page, &missing] {
        assert_eq!(
            answer.header("content-security-policy"),
            Some(CONTENT_SECURITY_POLICY)
        );
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
        assert!(answer.header("referrer-policy").is_some());
    }
    assert!(CONTENT_SECURITY_POLICY.contains("script-src 'self';"));
    assert!(!CONTENT_SECURITY_POLICY.contains("unsafe-inline"));
    let body = &page.body;
    assert!(!body.contains("style="), "no style attribute");
    assert!(!body.contains("<style"), "no style element");
    // No event handler attribute (` onclick=`, ` onload=`, …).
    let handler = body.match_indices(" on").any(|(i, _)| {
        let rest = &body[i + 3..];
        let name = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_ascii_lowercase())
                .len();
        name > 0 && rest[name..].starts_with('=')
    });
    assert!(!handler, "no event handler attribute");
    // Every script is a file of this site, with no body.
    let scripts: Vec<&str> = body.split("<script").skip(1).collect();
    assert_eq!(scripts.len(), 1);
    for s in scripts {
        let (tag, rest) = s.split_once('>').unwrap();
        assert!(tag.contains("src=\"/assets/"), "{tag}");
        assert!(
            rest.starts_with("</script>"),
            "an inline script body: {rest}"
        );
    }
    // The files, cached for long under their version.
    let js = body
        .split("src=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap();
    let asset = site.get(js, &[]).await;
    assert_eq!(asset.status, 200);
    assert!(asset
        .header("content-type")
        .unwrap()
        .starts_with("text/javascript"));
    assert!(asset.header("cache-control").unwrap().contains("immutable"));
    assert!(asset.body.contains("EventSource"));
    assert_eq!(site.get("/assets/0000/table.js", &[]).await.status, 404);
    // A body over the limit is refused unread, with the headers too.
    let big = (fourbot_web::MAX_BODY_BYTES + 1).to_string();
    let refused = site
        .get(&format!("/m/{}", id.0), &[("Content-Length", big.as_str())])
        .await;
    assert_eq!(refused.status, 413);
    assert_eq!(
        refused.header("content-security-policy"),
        Some(CONTENT_SECURITY_POLICY)
    );
}

#[tokio::test]
async fn the_page_speaks_the_query_language_then_accept_language_then_english() {
    let site = Site::new("lang").await;
    let id = site.start(ON, "alice", "bob").await;
    let path = format!("/m/{}", id.0);
    let de = site
        .get(&format!("{path}?lang=de"), &[("Accept-Language", "bg")])
        .await;
    assert!(de.body.contains("<html lang=\"de\""));
    assert!(de.body.contains("Spieler"), "{}", de.body);
    let bg = site
        .get(&path, &[("Accept-Language", "fr-CH, bg;q=0.9, de;q=0.8")])
        .await;
    assert!(bg.body.contains("<html lang=\"bg\""));
    assert!(bg.body.contains("Играчи"));
    let en = site.get(&path, &[("Accept-Language", "fr")]).await;
    assert!(en.body.contains("<html lang=\"en-US\""));
    assert!(en.body.contains("Players"));
    // The 404 too.
    let missing = site.get("/m/0?lang=el", &[]).await;
    assert!(missing.body.contains("Δεν βρέθηκε"), "{}", missing.body);
}

#[tokio::test]
async fn a_move_made_through_the_host_reaches_the_event_stream_within_a_second() {
    let site = Site::new("live").await;
    let id = site.start(ON, "alice", "bob").await;
    let page = site.get(&format!("/m/{}", id.0), &[]).await;
    let stream_path = format!("/m/{}/events?lang=en-US", id.0);
    assert!(page.body.contains(&format!(
        "data-events=\"{}\"",
        stream_path.replace('&', "&amp;")
    )));
    let mut stream = events(site.addr, &stream_path).await;
    assert_eq!(stream.status, 200);
    let header = |name: &str| {
        stream
            .headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(header("content-type").as_deref(), Some("text/event-stream"));
    assert_eq!(
        header("content-security-policy").as_deref(),
        Some(CONTENT_SECURITY_POLICY)
    );
    let first = stream
        .next(Duration::from_secs(2))
        .await
        .expect("the state now");
    assert_eq!(first["live"], true);
    assert!(first["moves"].as_str().unwrap().contains("No moves yet."));
    let before = std::time::Instant::now();
    site.play(id, ALICE, "d").await;
    let moved = stream
        .next(Duration::from_secs(1))
        .await
        .expect("a state within a second");
    site.play(id, BOB, "c").await;
    let answered = stream
        .next(Duration::from_secs(1))
        .await
        .expect("bob's move");
    assert_eq!(
        answered["announce"],
        "2. Yellow, bob: c · Game 1 of 2 · alice to move"
    );
    assert!(before.elapsed() < Duration::from_secs(1));
    assert!(moved["moves"]
        .as_str()
        .unwrap()
        .contains("<span class=\"mv\">d</span>"));
    assert!(moved["board"]
        .as_str()
        .unwrap()
        .contains("Column d, 5 free: d1 Red"));
    assert_eq!(
        moved["announce"],
        "1. Red, alice: d · Game 1 of 2 · bob to move"
    );
    assert!(moved["players"]
        .as_str()
        .unwrap()
        .contains("data-running=\"true\""));
    // The match ends: its last state, and the stream ends.
    site.services
        .host
        .act(id, BOB, Request::ResignMatch)
        .await
        .unwrap();
    let last = stream
        .next(Duration::from_secs(2))
        .await
        .expect("the last state");
    assert_eq!(last["live"], false);
    assert_eq!(last["status"], "The match is over. Winner: alice");
    assert!(last["note"]
        .as_str()
        .unwrap()
        .starts_with("This match is over"));
    assert!(stream.next(Duration::from_secs(1)).await.is_none());
}

#[tokio::test]
async fn event_streams_are_capped_per_address() {
    let limits = StreamLimits {
        per_address: 2,
        total: 100,
    };
    let site = Site::with_limits("cap", limits).await;
    let id = site.start(ON, "alice", "bob").await;
    let path = format!("/m/{}/events", id.0);
    let one = events(site.addr, &path).await;
    let two = events(site.addr, &path).await;
    assert_eq!((one.status, two.status), (200, 200));
    let three = events(site.addr, &path).await;
    assert_eq!(three.status, 429);
    // A stream closed gives its slot back.
    drop(one);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let again = events(site.addr, &path).await;
        if again.status == 200 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the slot came back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(site.web.open_streams(), 2);
}

#[tokio::test]
async fn a_finished_match_is_read_from_the_store_without_a_stream() {
    let site = Site::new("finished").await;
    let id = site.start(ON, "alice", "bob").await;
    site.play(id, ALICE, "d").await;
    site.play(id, BOB, "d").await;
    site.services
        .host
        .act(id, ALICE, Request::ResignMatch)
        .await
        .unwrap();
    // Another process on the same database runs none of the matches.
    let (_services, addr, _views) = site.reopened().await;
    let page = get(addr, &format!("/m/{}", id.0), &[]).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("The match is over. Winner: bob"));
    assert!(page.body.contains("Score: 0:2"), "{}", page.body);
    assert!(page.body.contains("<span class=\"mv\">d</span>"));
    assert!(
        !page.body.contains("data-events"),
        "no stream for a finished match"
    );
    let stream = events(addr, &format!("/m/{}/events", id.0)).await;
    assert_eq!(stream.status, 204);
    assert_eq!(
        get(addr, &format!("/m/{}", MatchId(id.0 + 100).0), &[])
            .await
            .status,
        404
    );
}
