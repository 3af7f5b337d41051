//! A spectator's table in the browser: followed live, laid out from
//! 320 px to a desktop, a 404 where the web is off.

use std::time::{Duration, Instant};

use fourbot_host::UserId;
use serde_json::Value;

use crate::driver::Browser;
use crate::page::{console_errors, no_wider_than, ANNOUNCE, FOLLOWING, PLIES};
use crate::site::{Site, ALICE, BOB, OFF, ON};

/// How soon a move made anywhere must show on the page.
const LIVE: Duration = Duration::from_secs(1);

/// The circles drawn in column `c` (its holes, then a disc and its mark
/// per disc).
fn circles(c: char) -> String {
    format!("document.querySelectorAll('#board [data-column=\"{c}\"] circle').length")
}

/// Column `c`'s label on the grid ("Column d, 5 free: d1 Red").
fn label(c: char) -> String {
    format!("document.querySelector('#board [data-column=\"{c}\"]').getAttribute('aria-label')")
}

#[tokio::test]
async fn a_spectators_page_follows_a_running_match_live() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let site = Site::new("browser-live").await;
    let id = site.start(ON, "alice", "bob").await;
    browser
        .goto(&format!("http://{}/m/{}?lang=en-US", site.addr, id.0))
        .await;
    browser
        .wait_for("the first state", FOLLOWING, Duration::from_secs(5))
        .await;
    let live = browser
        .eval("document.getElementById('announce').getAttribute('aria-live')")
        .await;
    assert_eq!(live, "polite");
    assert_eq!(browser.eval(PLIES).await, 0);
    // Who plays, where, the row the disc lands in, what the page says.
    let plays: [(UserId, char, usize, &str); 4] = [
        (
            ALICE,
            'd',
            1,
            "1. Red, alice: d · Game 1 of 2 · bob to move",
        ),
        (
            BOB,
            'c',
            1,
            "2. Yellow, bob: c · Game 1 of 2 · alice to move",
        ),
        (
            ALICE,
            'd',
            2,
            "3. Red, alice: d · Game 1 of 2 · bob to move",
        ),
        (
            BOB,
            'd',
            3,
            "4. Yellow, bob: d · Game 1 of 2 · alice to move",
        ),
    ];
    for (n, (player, column, row, announced)) in plays.into_iter().enumerate() {
        let before = browser.eval(&circles(column)).await.as_u64().unwrap();
        let at = Instant::now();
        site.play(id, player, &column.to_string()).await;
        let what = format!("move {}: {column}", n + 1);
        // The disc, in the picture and in the column's words.
        browser
            .wait_for(
                &format!("{what}: a disc in the SVG"),
                &format!("{} > {before}", circles(column)),
                LIVE,
            )
            .await;
        let colour = if player == ALICE { "Red" } else { "Yellow" };
        browser
            .wait_for(
                &format!("{what}: the column's label"),
                &format!("{}.includes('{column}{row} {colour}')", label(column)),
                LIVE,
            )
            .await;
        // The move list, and the words the screen reader says.
        browser
            .wait_for(
                &format!("{what}: the move list"),
                &format!("{PLIES} === {}", n + 1),
                LIVE,
            )
            .await;
        browser
            .wait_for(
                &format!("{what}: the live region"),
                &format!("{ANNOUNCE} === {}", Value::from(announced)),
                LIVE,
            )
            .await;
        assert!(at.elapsed() < LIVE, "{what}: on the page within a second");
    }
    assert_eq!(
        browser.eval(&label('d')).await,
        "Column d, 3 free: d1 Red, d2 Red, d3 Yellow"
    );
    // The last move's ring, once.
    assert_eq!(
        browser
            .eval("document.querySelectorAll('#board circle.last').length")
            .await,
        1
    );
    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.screenshot("table-live-1280x800").await;
    browser.close().await;
}

/// Nothing is wider than the window ([`no_wider_than`]), and the board is
/// on screen.
pub(crate) async fn fits(browser: &Browser, width: u32) {
    no_wider_than(browser, width).await;
    let board = browser
        .eval(
            "(() => { const r = document.querySelector('#board svg').getBoundingClientRect();\
             return [r.left, r.top, r.width, r.height]; })()",
        )
        .await;
    let [left, top, w, h] = [0, 1, 2, 3].map(|i| board[i].as_f64().unwrap());
    assert!(
        w > 200.0 && h > 150.0,
        "{width} px: the board is drawn ({w} × {h})"
    );
    assert!(
        left >= 0.0 && left + w <= f64::from(width) + 0.5 && top >= 0.0,
        "{width} px: the board is inside the window ({board})"
    );
    // Nothing covers it: its middle is the board.
    let on_top = browser
        .eval(
            "(() => { const r = document.querySelector('#board svg').getBoundingClientRect();\
             const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);\
             return e !== null && e.closest('#board') !== null; })()",
        )
        .await;
    assert_eq!(on_top, true, "{width} px: the board's middle is the board");
}

#[tokio::test]
async fn the_table_fits_a_phone_and_a_desktop() {
    let site = Site::new("browser-sizes").await;
    let id = site.start(ON, "alice", "bob").await;
    for (player, column) in [(ALICE, "d"), (BOB, "d"), (ALICE, "e"), (BOB, "c")] {
        site.play(id, player, column).await;
    }
    let url = format!("http://{}/m/{}?lang=en-US", site.addr, id.0);
    for (width, height, phone, shot) in [
        (390, 844, true, "table-390x844"),
        (1280, 800, false, "table-1280x800"),
        (320, 640, true, "table-320x640"),
    ] {
        let started = Browser::sized(width, height, phone).await;
        let Some(browser) = started else {
            return;
        };
        browser.goto(&url).await;
        browser
            .wait_for("the first state", FOLLOWING, Duration::from_secs(5))
            .await;
        fits(&browser, width).await;
        browser.screenshot(shot).await;
        let errors = console_errors(&browser).await;
        assert!(errors.is_empty(), "{width} px: console errors: {errors:?}");
        browser.close().await;
    }
}

#[tokio::test]
async fn a_server_without_the_web_is_404_in_the_browser_too() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let site = Site::new("browser-off").await;
    let off = site.start(OFF, "alice", "bob").await;
    let on = site.start(ON, "carol", "dave").await;
    browser
        .goto(&format!("http://{}/m/{}?lang=en-US", site.addr, off.0))
        .await;
    let text = browser.eval("document.body.innerText").await;
    let unknown = site.get("/m/999999?lang=en-US", &[]).await;
    assert_eq!(unknown.status, 404);
    let heading = unknown
        .body
        .split("<h1>")
        .nth(1)
        .and_then(|s| s.split("</h1>").next())
        .expect("the 404's heading")
        .to_string();
    assert!(
        text.as_str().unwrap().contains(&heading),
        "the 404's words: {text}"
    );
    assert_eq!(
        browser.eval("document.getElementById('table')").await,
        Value::Null
    );
    // Its status is 404 too (the page's own navigation entry).
    let status = browser
        .eval("performance.getEntriesByType('navigation')[0].responseStatus")
        .await;
    assert_eq!(status, 404);
    // The server's own page, for the difference, and no console errors
    // on it (the 404 itself is one: the browser logs the status).
    browser
        .goto(&format!("http://{}/m/{}?lang=en-US", site.addr, on.0))
        .await;
    browser
        .wait_for(
            "the table",
            "document.getElementById('table')",
            Duration::from_secs(5),
        )
        .await;
    let errors: Vec<Value> = console_errors(&browser)
        .await
        .into_iter()
        .filter(|e| !e["message"].as_str().unwrap_or("").contains("404"))
        .collect();
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}
