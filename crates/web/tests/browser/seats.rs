//! The rest of the seat's buttons and players in a real browser (issue 36,
//! docs/web.md "Tests in a real browser"): "Resign match" asks first and
//! only Yes ends the match; a three-player match is played at the table
//! with each player's colour and mark; a forged or expired link is refused
//! with no session.

use std::time::Duration;

use fantoccini::Locator;
use fourbot_core::game::Variant;
use fourbot_web::ticket::{self, Purpose, Ticket};

use crate::driver::Browser;
use crate::page::{click_on, console_errors, keys, FOLLOWING, PLIES};
use crate::pointing::{host_has, sit_down, PLAYABLE, SOON};
use crate::site::{Site, ALICE, BOB, CAROL, ON, SECRET};

/// Clicks the first element `css` finds (waits for it). The seated
/// section is replaced when the turn changes (table.js fetches it again),
/// so an element found just before may be gone: it is found again.
async fn click(browser: &Browser, css: &str) {
    browser
        .wait_for(
            css,
            &format!("document.querySelector(\"{css}\") !== null"),
            SOON,
        )
        .await;
    for attempt in 0.. {
        let clicked = match browser.client.find(Locator::Css(css)).await {
            Ok(element) => element.click().await,
            Err(e) => Err(e),
        };
        match clicked {
            Ok(()) => return,
            Err(e) if attempt < 5 => {
                eprintln!("clicking {css} again: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("clicking {css}: {e}"),
        }
    }
}

/// The page's first heading.
/// (In parentheses: `??` binds more loosely than `===`, so without them
/// `HEADING === 'x'` was the heading itself, true for any page with one.)
const HEADING: &str = "(document.querySelector('h1')?.textContent ?? '')";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_the_match_asks_first_and_only_yes_ends_it() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let site = Site::new("browser-resign").await;
    let id = site.start(ON, "alice", "bob").await;
    // Both have moved (a resignation before one's first move aborts the
    // match instead, RULES.md §4).
    for (player, c) in [(ALICE, "d"), (BOB, "c"), (ALICE, "d")] {
        site.play(id, player, c).await;
    }
    sit_down(&browser, &site, id, BOB).await;
    browser.wait_for("Bob's turn", PLAYABLE, SOON).await;

    // Resign match → the question; No goes back and changes nothing.
    let resign_match = "#seated .others form:nth-of-type(2) button.resign";
    click(&browser, resign_match).await;
    // Until the question's page is there: the form's answer replaces the
    // table (the wait once ended on the table's own heading, HEADING's
    // parentheses, and a run in CI then read the table's first paragraph).
    browser
        .wait_for(
            "the question",
            &format!(
                "{HEADING} === 'Resign match' && document.querySelector('main p')?.textContent \
                 === 'Resign the whole match? Its games still to come are lost too.'"
            ),
            SOON,
        )
        .await;
    browser.screenshot("resign-match-ask-1280x800").await;
    // One column: Yes under the question (the table's two-column grid put
    // it beside), as large as the table's buttons.
    let placed = browser
        .eval(
            "(() => { const q = document.querySelector('main p').getBoundingClientRect(); \
             const yes = document.querySelector('main form button').getBoundingClientRect(); \
             return yes.top >= q.bottom && yes.left <= q.left + 1 && yes.height >= 30; })()",
        )
        .await;
    assert_eq!(placed, true, "Yes under the question, full size");
    click(&browser, "main p a").await;
    browser.wait_for("the table again", FOLLOWING, SOON).await;
    let table = site.services.host.table(id).await.unwrap();
    assert!(!table.game.is_finished(), "No resigns nothing");

    // Again, and Yes: the match is over, Bob lost it 0:2; the page that
    // follows shows how it ended and the rating changes.
    click(&browser, resign_match).await;
    click(&browser, "main form button.resign").await;
    browser
        .wait_for(
            "the result and the rating changes on the page",
            "document.body.innerText.includes('Score: 2:0 (alice : bob)') \
             && document.body.innerText.includes('bob resigned the match') \
             && document.body.innerText.includes('Rating changes')",
            SOON,
        )
        .await;
    let table = site.services.host.table(id).await.unwrap();
    assert!(table.game.is_finished(), "Yes resigns the match");
    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_match_is_played_at_the_table() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let site = Site::new("browser-three").await;
    let id = site
        .start_seated(
            ON,
            Variant::ThreePlayers,
            &[(ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")],
        )
        .await;
    site.play(id, ALICE, "a").await;
    site.play(id, BOB, "b").await;
    // Carol (blue, third to move) sits down and drops by mouse into h,
    // the wide board's last column.
    sit_down(&browser, &site, id, CAROL).await;
    browser.wait_for("Carol's turn", PLAYABLE, SOON).await;
    let you = browser
        .eval("document.getElementById('you').textContent")
        .await;
    assert_eq!(you, "You play Blue (triangle).");
    let seats = browser
        .eval(
            "[...document.querySelectorAll('#players .seat')].map((s) => \
             [s.querySelector('.vh, .color')?.textContent ?? s.textContent, \
              s.querySelectorAll('svg.disc polygon, svg.disc circle').length])",
        )
        .await;
    assert_eq!(seats.as_array().unwrap().len(), 3, "three players: {seats}");
    let h = browser
        .client
        .find(Locator::Css("#board [data-column=\"h\"] rect.hit"))
        .await
        .unwrap();
    click_on(&browser, h).await;
    assert_eq!(host_has(&site, id, 3).await, ["a", "b", "h"]);
    browser
        .wait_for("three plies on the page", &format!("{PLIES} === 3"), SOON)
        .await;
    // The board shows three colours, each with its own mark.
    let marks = browser
        .eval(
            "['a', 'b', 'h'].map((c) => { \
               const col = document.querySelector(`#board [data-column=\"${c}\"]`); \
               return [col.getAttribute('aria-label'), col.querySelectorAll('polygon').length]; })",
        )
        .await;
    let marks = marks.as_array().unwrap();
    assert!(
        marks[0][0].as_str().unwrap().contains("a1 Red"),
        "{marks:?}"
    );
    assert!(
        marks[1][0].as_str().unwrap().contains("b1 Yellow"),
        "{marks:?}"
    );
    assert!(
        marks[2][0].as_str().unwrap().contains("h1 Blue"),
        "{marks:?}"
    );
    assert_eq!(marks[0][1], 0, "red's mark is a ring: {marks:?}");
    assert_eq!(marks[1][1], 1, "yellow's a diamond: {marks:?}");
    assert_eq!(marks[2][1], 1, "blue's a triangle: {marks:?}");
    browser.screenshot("table-three-players-1280x800").await;

    // Alice and Bob move; Carol drops by digit: 8 is h on the 8-wide board.
    site.play(id, ALICE, "a").await;
    site.play(id, BOB, "b").await;
    browser.wait_for("Carol's turn again", PLAYABLE, SOON).await;
    keys(&browser, &['8']).await;
    assert_eq!(host_has(&site, id, 6).await, ["a", "b", "h", "a", "b", "h"]);
    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_or_expired_link_is_refused_with_no_session() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let site = Site::new("browser-links").await;
    let id = site.start(ON, "alice", "bob").await;
    let secret = fourbot_web::WebSecret::new(SECRET).unwrap();
    let expired = ticket::link_path(
        &secret,
        id,
        ALICE,
        ticket::unix_now() - ticket::LINK_SECS - 1,
    );
    let forged = ticket::sign(
        &fourbot_web::WebSecret::new(&"x".repeat(40)).unwrap(),
        Purpose::Link,
        Ticket {
            match_id: id,
            user: ALICE,
            expires: ticket::unix_now() + 60,
        },
    );
    for path in [expired, format!("/t/{forged}")] {
        browser.goto(&format!("http://{}{path}", site.addr)).await;
        let heading = browser.eval(HEADING).await;
        assert_eq!(heading, "Link not valid", "{path}");
        let cookies = browser.client.get_all_cookies().await.unwrap();
        assert!(cookies.is_empty(), "no session: {cookies:?}");
    }
    // The table is then a spectator's: no forms, the board not playable.
    browser
        .goto(&format!("http://{}/m/{}", site.addr, id.0))
        .await;
    browser.wait_for("the table", FOLLOWING, SOON).await;
    assert_eq!(
        browser
            .eval("document.getElementById('seated') === null")
            .await,
        true
    );
    assert_eq!(browser.eval(PLAYABLE).await, false);
    browser.close().await;
}
