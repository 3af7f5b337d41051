//! A finished match's page (its replay and result), its files (export,
//! GIF, board PNG) and the OpenGraph tags of the match pages.

use std::time::Duration;

use fourbot_core::game::Variant;
use fourbot_core::play::ClockSettings;
use fourbot_host::{MatchId, MatchSpec, NameSource, Request, Seated};
use fourbot_i18n::Locale;

use crate::support::{events, get_bytes, Site, ALICE, BOB, OFF, ON, PUBLIC_URL};

/// A name that would break a page or a tag if it were not escaped.
const HOSTILE: &str = "\"><script>alert(1)</script>";

/// The discs on a page's board (each disc is a circle with its body's
/// colour; red's and yellow's bodies).
fn discs(body: &str) -> usize {
    let board = body
        .split("<div id=\"board\">")
        .nth(1)
        .and_then(|b| b.split("</svg>").next())
        .expect("a board");
    let red =
        fourbot_render::theme::css(fourbot_render::theme::disc(fourbot_core::game::Color::Red));
    let yellow = fourbot_render::theme::css(fourbot_render::theme::disc(
        fourbot_core::game::Color::Yellow,
    ));
    // The board's grid only (the picture's ghost columns are none here).
    board.matches(&format!("fill=\"{red}\"")).count()
        + board.matches(&format!("fill=\"{yellow}\"")).count()
}

#[tokio::test]
async fn a_finished_matchs_page_replays_it_at_the_chosen_ply() {
    let site = Site::new("replay").await;
    let id = site.finished("alice", "bob").await;
    let path = format!("/m/{}", id.0);
    // The default: the last game's last ply (the match as it ended).
    let page = site.get(&format!("{path}?lang=en-US"), &[]).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let body = &page.body;
    assert!(body.contains("id=\"replay\""), "{body}");
    assert!(
        body.contains("data-game=\"2\" data-ply=\"2\" data-plies=\"2\""),
        "{body}"
    );
    assert!(
        body.contains("Game 2 of 2, move 2 of 2: Yellow d"),
        "{body}"
    );
    assert_eq!(discs(body), 2);
    assert!(body.contains("role=\"grid\""), "the labelled grid");
    // The controls are links (no script needed), the move list too, the
    // shown ply marked.
    for control in ["first", "back", "forward", "last"] {
        assert!(
            body.contains(&format!("<a class=\"step\" id=\"{control}\"")),
            "{control}"
        );
    }
    assert!(
        body.contains("href=\"?game=2&amp;ply=1&amp;lang=en-US\""),
        "{body}"
    );
    assert!(
        body.contains("<a class=\"step\" id=\"forward\" href=\"?game=2&amp;ply=2&amp;lang=en-US\" data-ply=\"2\" aria-disabled=\"true\""),
        "forward goes nowhere at the end: {body}"
    );
    assert!(body.contains("<a id=\"ply-2\" href=\"?game=2&amp;ply=2&amp;lang=en-US\" data-ply=\"2\" aria-current=\"step\""), "{body}");
    // Both games can be chosen.
    assert!(
        body.contains("href=\"?game=1&amp;ply=7&amp;lang=en-US\""),
        "{body}"
    );
    assert!(body.contains(&fourbot_web::assets::path("replay.js")));
    // Game 1 at ply 3: three discs, the third ply marked.
    let page = site.get(&format!("{path}?game=1&ply=3"), &[]).await;
    assert_eq!(page.status, 200);
    assert!(page
        .body
        .contains("data-game=\"1\" data-ply=\"3\" data-plies=\"7\""));
    assert!(
        page.body.contains("Game 1 of 2, move 3 of 7: Red a"),
        "{}",
        page.body
    );
    assert_eq!(discs(&page.body), 3);
    assert!(page
        .body
        .contains("aria-label=\"Column a, 4 free: a1 Red, a2 Red\""));
    assert!(page.body.contains(
        "<a id=\"ply-3\" href=\"?game=1&amp;ply=3\" data-ply=\"3\" aria-current=\"step\""
    ));
    // Ply 0: the empty board.
    let page = site.get(&format!("{path}?game=1&ply=0"), &[]).await;
    assert!(
        page.body.contains("Game 1 of 2, move 0 of 7"),
        "{}",
        page.body
    );
    assert_eq!(discs(&page.body), 0);
    assert!(page.body.contains("<a class=\"step\" id=\"back\" href=\"?game=1&amp;ply=0\" data-ply=\"0\" aria-disabled=\"true\""));
}

#[tokio::test]
async fn bad_ply_and_game_values_give_the_default_never_an_error() {
    let site = Site::new("replay-bad").await;
    let id = site.finished("alice", "bob").await;
    let end = site.get(&format!("/m/{}", id.0), &[]).await;
    assert_eq!(end.status, 200);
    for query in [
        "ply=-1",
        "ply=3",
        "ply=abc",
        "ply=",
        "ply",
        "ply=99999999999999999999999999",
        "ply=1.5",
        "game=0",
        "game=3",
        "game=-1&ply=-1",
        "game=%00&ply=%ff",
        "game=2&ply=2&ply=x",
    ] {
        let page = site.get(&format!("/m/{}?{query}", id.0), &[]).await;
        assert_eq!(page.status, 200, "{query}");
        assert!(
            page.body.contains("data-game=\"2\" data-ply=\"2\""),
            "{query}: the default"
        );
    }
    // A good game with a bad ply: that game's end.
    let page = site.get(&format!("/m/{}?game=1&ply=8", id.0), &[]).await;
    assert!(page
        .body
        .contains("data-game=\"1\" data-ply=\"7\" data-plies=\"7\""));
}

#[tokio::test]
async fn the_result_shows_each_games_end_and_the_rating_changes() {
    let site = Site::new("replay-result").await;
    let id = site.finished("alice", "bob").await;
    let page = site.get(&format!("/m/{}", id.0), &[]).await;
    let body = &page.body;
    assert!(body.contains("The match is over. Winner: alice"), "{body}");
    assert!(body.contains("Score: 2:0"), "{body}");
    assert!(
        body.contains("alice wins game 1 with 4 in a line."),
        "{body}"
    );
    assert!(body.contains("Game 2: bob resigned the match."), "{body}");
    assert!(body.contains("Rating changes"), "a rated match: {body}");
    assert!(body.contains("<li>alice: 1500? → "), "{body}");
    assert!(body.contains("<li>bob: 1500? → "), "{body}");
    // The export and the replays.
    assert!(body.contains(&format!("href=\"/m/{}/export.txt\"", id.0)));
    assert!(body.contains(&format!("href=\"/m/{}/replay.gif?game=1\"", id.0)));
    assert!(body.contains(&format!("href=\"/m/{}/replay.gif?game=2\"", id.0)));
}

#[tokio::test]
async fn an_open_table_ends_showing_the_result() {
    let site = Site::new("replay-live-end").await;
    let id = site.start(ON, "alice", "bob").await;
    site.play(id, ALICE, "d").await;
    site.play(id, BOB, "c").await;
    let mut stream = events(site.addr, &format!("/m/{}/events", id.0)).await;
    let first = stream.next(Duration::from_secs(5)).await.unwrap();
    assert!(first.get("result").is_none(), "no result while it runs");
    site.services
        .host
        .act(id, ALICE, Request::ResignMatch)
        .await
        .unwrap();
    let mut last = None;
    while let Some(state) = stream.next(Duration::from_secs(5)).await {
        last = Some(state);
    }
    let last = last.expect("the last state");
    assert_eq!(last["live"], false);
    let result = last["result"].as_str().expect("the result");
    assert!(result.contains("Winner: bob"), "{result}");
    assert!(
        result.contains("Game 1: alice resigned the match."),
        "{result}"
    );
    assert!(result.contains("Rating changes"), "{result}");
    assert!(
        result.contains(&format!("/m/{}/export.txt", id.0)),
        "{result}"
    );
    assert!(
        result.contains(&format!("<a href=\"/m/{}\">Replay this match</a>", id.0)),
        "{result}"
    );
    // Opened again, the page is the replay.
    let page = site.get(&format!("/m/{}", id.0), &[]).await;
    assert!(
        page.body.contains("id=\"replay\""),
        "once over, the page is the replay"
    );
}

#[tokio::test]
async fn the_export_is_the_discord_export_and_the_pictures_are_pictures() {
    let site = Site::new("replay-files").await;
    let id = site.finished("alice", "bob").await;
    let export = site.get(&format!("/m/{}/export.txt", id.0), &[]).await;
    assert_eq!(export.status, 200);
    assert_eq!(
        export.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    let (detail, m) = site
        .services
        .ladder
        .find_match(ON, &id.0.to_string())
        .await
        .unwrap();
    assert_eq!(
        export.body,
        fourbot_host::archive::exchange_text(&detail, &m)
    );
    assert!(export.body.contains("[Match \""), "{}", export.body);
    for (path, kind, magic) in [
        (
            format!("/m/{}/replay.gif", id.0),
            "image/gif",
            &b"GIF89a"[..],
        ),
        (
            format!("/m/{}/replay.gif?game=1", id.0),
            "image/gif",
            &b"GIF89a"[..],
        ),
        (
            format!("/m/{}/board.png", id.0),
            "image/png",
            &b"\x89PNG\r\n\x1a\n"[..],
        ),
    ] {
        let (status, headers, body) = get_bytes(site.addr, &path).await;
        assert_eq!(status, 200, "{path}");
        let header = |n: &str| headers.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone());
        assert_eq!(header("content-type").as_deref(), Some(kind), "{path}");
        assert!(body.starts_with(magic), "{path}");
        assert_eq!(
            header("cache-control").as_deref(),
            Some("public, max-age=300"),
            "{path}: a finished match's"
        );
        // Asked again: the same bytes (kept).
        let (_, _, again) = get_bytes(site.addr, &path).await;
        assert_eq!(again, body, "{path}");
    }
    // Game 1 and game 2 are other pictures.
    let (_, _, one) = get_bytes(site.addr, &format!("/m/{}/replay.gif?game=1", id.0)).await;
    let (_, _, two) = get_bytes(site.addr, &format!("/m/{}/replay.gif?game=2", id.0)).await;
    assert_ne!(one, two);
    // A running match's board: not to be kept.
    let running = site.start(ON, "carol", "dave").await;
    let (status, headers, _) = get_bytes(site.addr, &format!("/m/{}/board.png", running.0)).await;
    assert_eq!(status, 200);
    assert!(headers
        .iter()
        .any(|(k, v)| k == "cache-control" && v == "no-cache"));
}

#[tokio::test]
async fn the_files_answer_404_where_the_page_does() {
    let site = Site::new("replay-404").await;
    let off = site.start(OFF, "alice", "bob").await;
    let terminal = site
        .services
        .host
        .create_match(MatchSpec {
            variant: Variant::Classic,
            clock: ClockSettings::default(),
            players: [(ALICE, "alice"), (BOB, "bob")]
                .map(|(id, name)| Seated {
                    id,
                    name: name.into(),
                    ai_level: None,
                    source: NameSource::Stored,
                })
                .to_vec(),
            guild: fourbot_host::players::TERMINAL_GUILD,
            locale: Locale::EnUs,
            seed: 1,
            tournament: None,
        })
        .await
        .unwrap();
    let unknown = site.get("/m/999999", &[]).await;
    assert_eq!(unknown.status, 404);
    for id in [off, terminal, MatchId(999_999)] {
        for file in ["export.txt", "replay.gif", "replay.gif?game=1", "board.png"] {
            let path = format!("/m/{}/{file}", id.0);
            let answer = site.get(&path, &[]).await;
            assert_eq!(answer.status, 404, "{path}");
            assert_eq!(answer.body, unknown.body, "{path}: the same 404");
        }
    }
    for path in ["/m/x/export.txt", "/m/-1/board.png", "/m/0/replay.gif"] {
        assert_eq!(site.get(path, &[]).await.status, 404, "{path}");
    }
}

/// The `content` of the `<meta>` whose `property` or `name` is `key`.
fn meta<'b>(body: &'b str, key: &str) -> Option<&'b str> {
    ["property", "name"].iter().find_map(|attr| {
        let at = body.find(&format!("<meta {attr}=\"{key}\" content=\""))?;
        let rest = &body[at..];
        let start = rest.find("content=\"")? + "content=\"".len();
        let end = rest[start..].find('"')?;
        Some(&rest[start..start + end])
    })
}

#[tokio::test]
async fn match_pages_have_opengraph_tags_absolute_and_escaped() {
    let site = Site::new("replay-og").await;
    let running = site.start(ON, HOSTILE, "bob").await;
    site.play(running, ALICE, "d").await;
    let done = site.finished(HOSTILE, "bob").await;
    for (id, description) in [
        (running, "Game 1 of 2 · bob to move · Score: 0:0"),
        (
            done,
            "The match is over. Winner: &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Score: 2:0",
        ),
    ] {
        let page = site.get(&format!("/m/{}?lang=en-US", id.0), &[]).await;
        assert_eq!(page.status, 200);
        let body = &page.body;
        let head = body.split("</head>").next().unwrap();
        assert!(!head.contains("<script>alert"), "{head}");
        assert_eq!(
            meta(head, "og:title"),
            Some("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; vs bob · Classic"),
            "{head}"
        );
        assert_eq!(meta(head, "og:description"), Some(description), "{head}");
        assert_eq!(
            meta(head, "og:image"),
            Some(format!("{PUBLIC_URL}/m/{}/board.png", id.0).as_str())
        );
        assert_eq!(
            meta(head, "og:url"),
            Some(format!("{PUBLIC_URL}/m/{}", id.0).as_str())
        );
        assert_eq!(meta(head, "og:type"), Some("website"));
        assert_eq!(meta(head, "twitter:card"), Some("summary_large_image"));
        assert!(meta(head, "og:image:alt").is_some_and(|a| !a.is_empty()));
    }
}
