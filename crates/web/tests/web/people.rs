//! The pages to share: a player's page with its rating charts, and a
//! leaderboard per variant, over rated matches finished through the host.

use fourbot_core::game::Variant;
use fourbot_host::moderation::Moderator;
use fourbot_host::{Seated, UserId};
use fourbot_i18n::half_points;
use fourbot_web::RequestLimits;

use crate::support::{get, get_bytes, seated as seat, Site, ALICE, BOB, CAROL, OFF, ON};

/// Names a member could type to break a page.
const SCRIPT_NAME: &str = "<script>alert(1)</script>";
const BREAKOUT_NAME: &str = "\"><img src onerror=alert(2)>\u{202E}evil";

/// The value of header `name` (lower case) in [`get_bytes`]'s headers.
fn header<'h>(headers: &'h [(String, String)], name: &str) -> Option<&'h str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The `content` of `<meta property|name="key" content="…">` in `body`.
fn meta<'b>(body: &'b str, key: &str) -> Option<&'b str> {
    let at = body
        .find(&format!("property=\"{key}\""))
        .or_else(|| body.find(&format!("name=\"{key}\"")))?;
    let rest = &body[at..];
    let start = rest.find("content=\"")? + "content=\"".len();
    let end = rest[start..].find('"')?;
    Some(&rest[start..start + end])
}

const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";

#[tokio::test]
async fn a_players_page_shows_ratings_charts_recent_matches_and_head_to_head() {
    let site = Site::new("people-player").await;
    let (alice, bob, carol) = (seat(ALICE, "alice"), seat(BOB, "bob"), seat(CAROL, "carol"));
    let won1 = site.rated(ON, &alice, &bob).await;
    let won2 = site.rated(ON, &alice, &bob).await;
    let lost = site.rated(ON, &carol, &alice).await;
    let page = site.get("/player/7/10", &[]).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let body = &page.body;
    assert!(body.contains("<h1><bdi>alice</bdi></h1>"), "{body}");
    // The rating card as /rating reads it from the ladder.
    let cards = site
        .services
        .ladder
        .rating_card(ON, &alice, None)
        .await
        .unwrap();
    assert_eq!(cards.len(), 1);
    let card = &cards[0];
    assert_eq!(card.entry.matches, 3);
    assert!(
        body.contains(&format!("Rating: {}", card.entry.rating.shown())),
        "{body}"
    );
    assert!(body.contains(&format!(
        "Rating deviation: {}",
        card.entry.rating.shown_deviation()
    )));
    assert!(body.contains("3 rated matches: 2 won, 0 drawn, 1 lost"));
    assert!(body.contains(&format!("Rank {} of 3 on this server", card.entry.rank)));
    assert!(body.contains("Last 30 days: "), "the trend");
    // The chart as a picture with words, and its numbers as a table.
    assert!(
        body.contains("src=\"/player/7/10/chart.png?variant=classic&amp;lang=en-US\""),
        "{body}"
    );
    assert!(body.contains("alt=\"Rating over the rated matches of Classic"));
    assert!(body.contains("3 rated matches: 1500? before the first"));
    // Every recent match links to its page.
    for id in [won1, won2, lost] {
        assert!(
            body.contains(&format!("href=\"/m/{}\">#{}</a>", id.0, id.0)),
            "{id:?}: {body}"
        );
    }
    // Head-to-head: bob (two matches) before carol (one), each linked.
    let bob_at = body
        .find("href=\"/player/7/20?lang=en-US\"><bdi>bob</bdi>")
        .expect("bob's record");
    let carol_at = body
        .find("href=\"/player/7/30?lang=en-US\"><bdi>carol</bdi>")
        .expect("carol's record");
    assert!(bob_at < carol_at, "the most frequent first");
    let bob_row = &body[bob_at..body[bob_at..].find("</tr>").unwrap() + bob_at];
    assert!(
        bob_row.contains("<td class=\"num\">2</td>"),
        "two matches: {bob_row}"
    );
    assert!(
        bob_row.contains("<td class=\"num\">4 : 0</td>"),
        "{bob_row}"
    );
    // ?vs= names one opponent's record, counted as /rating versus counts it.
    let record = site
        .services
        .ladder
        .head_to_head(ON, &alice, &bob)
        .await
        .unwrap();
    assert_eq!(record.matches, 2);
    assert!(record.points_halves > record.other_halves);
    let versus = site.get("/player/7/10?vs=20", &[]).await;
    assert!(versus.body.contains("Head-to-head: alice against bob"));
    assert!(versus.body.contains(&format!(
        "2 matches; games: {} won, {} drawn, {} lost; points {} : {}",
        record.won,
        record.drawn,
        record.lost,
        half_points(record.points_halves),
        half_points(record.other_halves)
    )));
    // Another member who never met her; an unknown user and herself: no block.
    let dave = seat(UserId(40), "dave");
    site.rated(ON, &dave, &bob).await;
    let never = site.get("/player/7/10?vs=40", &[]).await;
    assert!(never
        .body
        .contains("alice and dave have not finished a match against each other"));
    for vs in ["999", "10", "abc"] {
        let page = site.get(&format!("/player/7/10?vs={vs}"), &[]).await;
        assert_eq!(page.status, 200);
        assert!(!page.body.contains("id=\"versus\""), "{vs}");
    }
    // In the reader's language.
    let de = site.get("/player/7/10?lang=de", &[]).await;
    assert!(de.body.contains("<html lang=\"de\""));
    assert!(de.body.contains("Wertungszahlen"));
    let el = get(site.addr, "/player/7/10", &[("Accept-Language", "el")]).await;
    assert!(el.body.contains("Βαθμολογίες"));
}

#[tokio::test]
async fn the_chart_is_a_png_kept_and_only_for_a_rated_variant_played() {
    let site = Site::new("people-chart").await;
    let (alice, bob) = (seat(ALICE, "alice"), seat(BOB, "bob"));
    site.rated(ON, &alice, &bob).await;
    let path = "/player/7/10/chart.png?variant=classic";
    let (status, head, png) = get_bytes(site.addr, path).await;
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-type"), Some("image/png"), "{head:?}");
    assert!(png.starts_with(PNG_MAGIC));
    assert!(png.len() > 1000);
    // The same picture again: the same bytes (kept, not drawn again).
    let (_, _, again) = get_bytes(site.addr, path).await;
    assert_eq!(again, png);
    // Its words follow the language.
    let (status, _, de) = get_bytes(site.addr, &format!("{path}&lang=de")).await;
    assert_eq!(status, 200);
    assert_ne!(de, png, "German labels");
    // A new rated match: a new picture.
    site.rated(ON, &alice, &bob).await;
    let (_, _, newer) = get_bytes(site.addr, path).await;
    assert!(newer.starts_with(PNG_MAGIC));
    assert_ne!(newer, png, "one more point");
    let unknown = site.get("/nowhere", &[]).await;
    for bad in [
        "/player/7/10/chart.png",
        "/player/7/10/chart.png?variant=popout",
        "/player/7/10/chart.png?variant=CLASSIC",
        "/player/7/10/chart.png?variant=single",
        "/player/7/999/chart.png?variant=classic",
        "/player/8/10/chart.png?variant=classic",
    ] {
        let answer = site.get(bad, &[]).await;
        assert_eq!(answer.status, 404, "{bad}");
        assert_eq!(answer.body, unknown.body, "{bad}");
    }
}

#[tokio::test]
async fn the_leaderboard_ranks_pages_and_links_every_player() {
    let site = Site::new("people-leaderboard").await;
    let champion = seat(UserId(100), "champion");
    // The champion beats eleven others, and the first of them beats the
    // second: twelve players on the ladder, two pages.
    let others: Vec<Seated> = (1..=11)
        .map(|i| seat(UserId(100 + i), &format!("player{i:02}")))
        .collect();
    for other in &others {
        site.rated(ON, &champion, other).await;
    }
    site.rated(ON, &others[0], &others[1]).await;
    let first = site.get("/leaderboard/7/classic", &[]).await;
    assert_eq!(first.status, 200, "{}", first.body);
    let body = &first.body;
    assert!(body.contains("<h1>Leaderboard · Classic</h1>"));
    assert!(body.contains("Season 1"));
    // The ladder's order, each name linked to the player's page.
    let ladder = &site.services.ladder;
    let page0 = ladder.leaderboard(ON, Variant::Classic, 0).await.unwrap();
    let page1 = ladder.leaderboard(ON, Variant::Classic, 1).await.unwrap();
    assert_eq!((page0.entries.len(), page1.entries.len()), (10, 2));
    assert_eq!(page0.entries[0].name, "champion");
    let mut at = 0;
    for e in &page0.entries {
        let row = format!("<bdi>{}</bdi>", e.name);
        let found = body[at..]
            .find(&row)
            .unwrap_or_else(|| panic!("{row} after {at}"));
        at += found;
        assert!(body[at..].contains(&e.rating.shown()));
    }
    assert!(body.contains("href=\"/player/7/100?lang=en-US\"><bdi>champion</bdi>"));
    assert!(body.contains("<td class=\"num\">1</td>"), "rank 1");
    // Paging: a next page of the last two; no "Previous" on the first.
    assert!(body.contains("rel=\"next\" href=\"/leaderboard/7/classic?lang=en-US&amp;page=2\""));
    assert!(!body.contains("rel=\"prev\""));
    let second = site.get("/leaderboard/7/classic?page=2", &[]).await;
    for e in &page1.entries {
        assert!(second.body.contains(&format!("<bdi>{}</bdi>", e.name)));
    }
    assert!(!second.body.contains("<bdi>champion</bdi>"));
    assert!(second.body.contains("rel=\"prev\""));
    assert!(!second.body.contains("rel=\"next\""));
    // Bad pages are the first page.
    for bad in ["0", "-1", "abc", "3", "101", "02", "1e1"] {
        let page = site
            .get(&format!("/leaderboard/7/classic?page={bad}"), &[])
            .await;
        assert_eq!(page.status, 200, "{bad}");
        assert!(page.body.contains("<bdi>champion</bdi>"), "{bad}");
    }
    // The other rated variants, this one marked.
    assert!(body.contains("href=\"/leaderboard/7/popout?lang=en-US\""));
    assert!(body.contains("aria-current=\"page\" href=\"/leaderboard/7/classic?lang=en-US\""));
    assert!(!body.contains("/leaderboard/7/single"), "unrated");
    // An empty variant says so.
    let empty = site.get("/leaderboard/7/popout", &[]).await;
    assert_eq!(empty.status, 200);
    assert!(empty
        .body
        .contains("Nobody has played a rated match of PopOut"));
    assert_eq!(meta(&empty.body, "og:image"), None);
    // Its picture: the top of the ladder as /leaderboard draws it.
    let (status, head, png) = get_bytes(site.addr, "/leaderboard/7/classic/top.png").await;
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-type"), Some("image/png"));
    assert!(png.starts_with(PNG_MAGIC));
    assert_eq!(
        site.get("/leaderboard/7/popout/top.png", &[]).await.status,
        404,
        "nothing to draw"
    );
}

#[tokio::test]
async fn hostile_names_are_escaped_on_both_pages_and_in_their_tags() {
    let site = Site::new("people-hostile").await;
    let (evil, breakout) = (seat(ALICE, SCRIPT_NAME), seat(BOB, BREAKOUT_NAME));
    site.rated(ON, &evil, &breakout).await;
    for path in [
        "/player/7/10",
        "/player/7/20",
        "/player/7/10?vs=20",
        "/leaderboard/7/classic",
    ] {
        let page = site.get(path, &[]).await;
        assert_eq!(page.status, 200, "{path}");
        let body = &page.body;
        assert!(!body.contains("<script>alert"), "{path}: {body}");
        assert!(!body.contains("<img src onerror"), "{path}");
        assert!(!body.contains('\u{202E}'), "{path}: bidi override dropped");
        assert!(
            body.contains("&lt;script&gt;") || body.contains("&lt;img"),
            "{path}"
        );
    }
    let page = site.get("/player/7/20", &[]).await;
    let title = meta(&page.body, "og:title").unwrap();
    assert!(title.starts_with("&quot;&gt;&lt;img"), "{title}");
}

#[tokio::test]
async fn the_same_404_for_a_server_without_the_web_an_unknown_player_or_variant() {
    let site = Site::new("people-missing").await;
    let (alice, bob) = (seat(ALICE, "alice"), seat(BOB, "bob"));
    site.rated(ON, &alice, &bob).await;
    site.rated(OFF, &alice, &bob).await;
    let carol = seat(CAROL, "carol");
    site.rated(OFF, &carol, &bob).await;
    let unknown = site.get("/nowhere", &[]).await;
    assert_eq!(unknown.status, 404);
    for path in [
        "/player/8/10",  // the server has not turned the web on
        "/player/7/30",  // carol played only there
        "/player/7/999", // nobody
        "/player/0/10",  // the terminal's
        "/player/9/10",  // an unknown server
        "/player/7/abc",
        "/player/07/10",
        "/player/7/010",
        "/leaderboard/8/classic",
        "/leaderboard/9/classic",
        "/leaderboard/0/classic",
        "/leaderboard/7/nope",
        "/leaderboard/7/CLASSIC",
        "/leaderboard/7/single", // never rated
        "/leaderboard/8/classic/top.png",
        "/leaderboard/7/nope/top.png",
    ] {
        let answer = site.get(path, &[]).await;
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(answer.body, unknown.body, "{path}: the same body");
    }
    assert_eq!(site.get("/player/7/10", &[]).await.status, 200);
    assert_eq!(site.get("/player/7/20", &[]).await.status, 200);
}

#[tokio::test]
async fn opengraph_tags_are_absolute_links_to_the_page_and_its_picture() {
    let site = Site::new("people-og").await;
    let (alice, bob) = (seat(ALICE, "alice"), seat(BOB, "bob"));
    site.rated(ON, &alice, &bob).await;
    let page = site.get("/player/7/10", &[]).await;
    let body = &page.body;
    assert_eq!(meta(body, "og:title"), Some("alice"));
    assert_eq!(meta(body, "og:type"), Some("profile"));
    assert_eq!(
        meta(body, "og:url"),
        Some("https://c4.example.org/player/7/10")
    );
    assert_eq!(
        meta(body, "og:image"),
        Some("https://c4.example.org/player/7/10/chart.png?variant=classic&amp;lang=en-US")
    );
    assert_eq!(meta(body, "twitter:card"), Some("summary_large_image"));
    let description = meta(body, "og:description").unwrap();
    assert!(
        description.starts_with("Ratings on this server: Classic "),
        "{description}"
    );
    let board = site.get("/leaderboard/7/classic?lang=it", &[]).await;
    let body = &board.body;
    assert_eq!(meta(body, "og:type"), Some("website"));
    assert_eq!(
        meta(body, "og:url"),
        Some("https://c4.example.org/leaderboard/7/classic")
    );
    assert_eq!(
        meta(body, "og:image"),
        Some("https://c4.example.org/leaderboard/7/classic/top.png?lang=it")
    );
    // The picture they name is there.
    let (status, _, png) = get_bytes(site.addr, "/leaderboard/7/classic/top.png?lang=it").await;
    assert_eq!(status, 200);
    assert!(png.starts_with(PNG_MAGIC));
}

#[tokio::test]
async fn these_pages_and_their_pictures_count_in_the_page_budget() {
    let limits = RequestLimits {
        pages_per_address: 3,
        ..RequestLimits::default()
    };
    let site = Site::with_request_limits("people-budget", limits).await;
    site.rated(ON, &seat(ALICE, "alice"), &seat(BOB, "bob"))
        .await;
    assert_eq!(site.get("/player/7/10", &[]).await.status, 200);
    let (status, _, _) = get_bytes(site.addr, "/player/7/10/chart.png?variant=classic").await;
    assert_eq!(status, 200);
    assert_eq!(site.get("/leaderboard/7/classic", &[]).await.status, 200);
    let refused = site.get("/leaderboard/7/classic", &[]).await;
    assert_eq!(refused.status, 429);
    assert!(refused.header("retry-after").is_some());
    let (status, _, _) = get_bytes(site.addr, "/player/7/10/chart.png?variant=classic").await;
    assert_eq!(status, 429);
}

#[tokio::test]
async fn a_banned_player_reads_as_rating_says_and_leaves_the_leaderboard() {
    let site = Site::new("people-banned").await;
    let (alice, bob) = (seat(ALICE, "alice"), seat(BOB, "bob"));
    site.rated(ON, &alice, &bob).await;
    let by = Moderator::new(seat(UserId(1), "mod"), Some("private reason"));
    site.services
        .ladder
        .set_ban(ON, &bob, &by, true)
        .await
        .unwrap();
    let page = site.get("/player/7/20", &[]).await;
    assert_eq!(page.status, 200);
    assert!(page
        .body
        .contains("Not on this server's leaderboard while banned"));
    assert!(
        !page.body.contains("private reason"),
        "no moderation record"
    );
    let board = site.get("/leaderboard/7/classic", &[]).await;
    assert!(board.body.contains("<bdi>alice</bdi>"));
    assert!(!board.body.contains("<bdi>bob</bdi>"));
}
