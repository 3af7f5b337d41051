//! A finished match's replay in the browser: stepped by the keys
//! (→ → ← End Home) without a reload, the board, the line over it, the
//! address and the live region following; laid out on a phone and a
//! desktop (docs/web.md, "Replay").

use std::time::Duration;

use fourbot_host::Request;
use serde_json::Value;

use crate::driver::Browser;
use crate::page::key::{END, ENTER, HOME, LEFT, RIGHT};
use crate::page::{console_errors, keys, ANNOUNCE};
use crate::site::{Site, ALICE, BOB, ON};

/// How long a step may take to show.
const SOON: Duration = Duration::from_secs(3);

/// Column `c`'s label on the board's grid.
fn label(c: char) -> String {
    format!("document.querySelector('#board [data-column=\"{c}\"]').getAttribute('aria-label')")
}

/// Waits until the replay shows ply `ply` of game 1, then checks the line
/// over the board, the live region (when `announced`), the address, and
/// column a's discs.
async fn shows(browser: &Browser, ply: u32, at: &str, announced: bool, column_a: &str) {
    browser
        .wait_for(
            &format!("ply {ply}"),
            &format!("document.getElementById('replay').dataset.ply === '{ply}'"),
            SOON,
        )
        .await;
    assert_eq!(
        browser
            .eval("document.getElementById('at').textContent")
            .await,
        at
    );
    if announced {
        assert_eq!(browser.eval(ANNOUNCE).await, at, "the live region");
    }
    let search = browser.eval("location.search").await;
    assert!(
        search
            .as_str()
            .unwrap()
            .contains(&format!("game=1&ply={ply}")),
        "the address follows: {search}"
    );
    assert_eq!(browser.eval(&label('a')).await, column_a, "ply {ply}");
    // The move list marks the ply shown, and only it.
    assert_eq!(
        browser
            .eval("[...document.querySelectorAll('#plies [aria-current]')].map(a => a.dataset.ply)")
            .await,
        Value::from(vec![ply.to_string()])
    );
}

#[tokio::test]
async fn the_replay_steps_through_a_finished_match_by_keys() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let site = Site::new("browser-replay").await;
    let id = site.finished("alice", "bob").await;
    browser
        .goto(&format!(
            "http://{}/m/{}?game=1&ply=0&lang=en-US",
            site.addr, id.0
        ))
        .await;
    browser.eval("(window.notReloaded = true)").await;
    let live = browser
        .eval("document.getElementById('announce').getAttribute('aria-live')")
        .await;
    assert_eq!(live, "polite");
    shows(
        &browser,
        0,
        "Game 1 of 2, move 0 of 7",
        false,
        "Column a, 6 free",
    )
    .await;
    keys(&browser, &[RIGHT]).await;
    shows(
        &browser,
        1,
        "Game 1 of 2, move 1 of 7: Red a",
        true,
        "Column a, 5 free: a1 Red",
    )
    .await;
    assert_eq!(
        browser
            .eval("document.querySelectorAll('#board circle.last').length")
            .await,
        1,
        "the move's ring"
    );
    keys(&browser, &[RIGHT]).await;
    shows(
        &browser,
        2,
        "Game 1 of 2, move 2 of 7: Yellow b",
        true,
        "Column a, 5 free: a1 Red",
    )
    .await;
    assert!(browser
        .eval(&label('b'))
        .await
        .as_str()
        .unwrap()
        .contains("b1 Yellow"));
    keys(&browser, &[LEFT]).await;
    shows(
        &browser,
        1,
        "Game 1 of 2, move 1 of 7: Red a",
        true,
        "Column a, 5 free: a1 Red",
    )
    .await;
    keys(&browser, &[END]).await;
    shows(
        &browser,
        7,
        "Game 1 of 2, move 7 of 7: Red a",
        true,
        "Column a, 2 free: a1 Red, a2 Red, a3 Red, a4 Red",
    )
    .await;
    assert_eq!(
        browser
            .eval("document.querySelectorAll('#board line.win').length")
            .await,
        3,
        "the line of the won game"
    );
    assert_eq!(
        browser
            .eval("document.getElementById('forward').getAttribute('aria-disabled')")
            .await,
        "true"
    );
    browser.screenshot("replay-1280x800").await;
    keys(&browser, &[HOME]).await;
    shows(
        &browser,
        0,
        "Game 1 of 2, move 0 of 7",
        true,
        "Column a, 6 free",
    )
    .await;
    // Left at the start stays there.
    keys(&browser, &[LEFT]).await;
    keys(&browser, &[RIGHT]).await;
    shows(
        &browser,
        1,
        "Game 1 of 2, move 1 of 7: Red a",
        true,
        "Column a, 5 free: a1 Red",
    )
    .await;
    // The controls by keyboard: Enter on the focused Forward steps, and
    // the focus stays on Forward (framed: screenshot).
    browser
        .eval("(document.getElementById('forward').focus(), true)")
        .await;
    keys(&browser, &[ENTER]).await;
    shows(
        &browser,
        2,
        "Game 1 of 2, move 2 of 7: Yellow b",
        true,
        "Column a, 5 free: a1 Red",
    )
    .await;
    assert_eq!(browser.eval("document.activeElement.id").await, "forward");
    assert_eq!(
        browser
            .eval("document.activeElement.matches(':focus-visible')")
            .await,
        true
    );
    browser.screenshot("replay-focus-1280x800").await;
    assert_eq!(
        browser.eval("window.notReloaded === true").await,
        true,
        "stepped without a reload"
    );
    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}

#[tokio::test]
async fn the_replay_fits_a_phone_and_a_desktop() {
    let site = Site::new("browser-replay-sizes").await;
    let id = site.finished("alice", "bob").await;
    let url = format!("http://{}/m/{}?game=1&ply=5&lang=en-US", site.addr, id.0);
    for (width, height, phone, shot) in [
        (390, 844, true, "replay-390x844"),
        (320, 640, true, "replay-320x640"),
        (1280, 800, false, "replay-result-1280x800"),
    ] {
        let started = Browser::sized(width, height, phone).await;
        let Some(browser) = started else {
            return;
        };
        browser.goto(&url).await;
        browser
            .wait_for(
                "the replay",
                "document.getElementById('replay')",
                Duration::from_secs(5),
            )
            .await;
        crate::spectator::fits(&browser, width).await;
        if !phone {
            // The result, scrolled to.
            browser
                .eval("(document.getElementById('result-part').scrollIntoView(), true)")
                .await;
        }
        browser.screenshot(shot).await;
        let errors = console_errors(&browser).await;
        assert!(errors.is_empty(), "{width} px: console errors: {errors:?}");
        browser.close().await;
    }
}

#[tokio::test]
async fn an_open_table_shows_the_result_when_its_match_ends() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let site = Site::new("browser-live-result").await;
    let id = site.start(ON, "alice", "bob").await;
    site.play(id, ALICE, "d").await;
    site.play(id, BOB, "c").await;
    browser
        .goto(&format!("http://{}/m/{}?lang=en-US", site.addr, id.0))
        .await;
    browser
        .wait_for(
            "the first state",
            crate::page::FOLLOWING,
            Duration::from_secs(5),
        )
        .await;
    site.services
        .host
        .act(id, BOB, Request::ResignMatch)
        .await
        .unwrap();
    browser
        .wait_for(
            "the result",
            "document.querySelector('#result h2')?.textContent === 'Result'",
            SOON,
        )
        .await;
    let result = browser
        .eval("document.getElementById('result').innerText")
        .await;
    let result = result.as_str().unwrap();
    assert!(result.contains("Winner: alice"), "{result}");
    assert!(
        result.contains("Game 1: bob resigned the match."),
        "{result}"
    );
    assert!(result.contains("Rating changes"), "{result}");
    assert!(result.contains("alice: 1500?"), "{result}");
    assert_eq!(
        browser
            .eval("document.getElementById('table').dataset.stream")
            .await,
        "closed"
    );
    browser
        .eval("(document.getElementById('result').scrollIntoView(), true)")
        .await;
    browser.screenshot("table-result-1280x800").await;
    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}
