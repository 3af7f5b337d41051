//! A seated player plays at the table as RULES.md §2a says: by mouse (the
//! hover disc shows above the column before the click), by keys (← → and
//! Enter, a digit), by touch (a tap chooses, a second tap drops); a
//! spectator's page cannot play (docs/web.md, "Playing").

use std::time::{Duration, Instant};

use fantoccini::actions::{
    InputSource, MouseActions, PointerAction, TouchActions, MOUSE_BUTTON_LEFT,
};
use fantoccini::Locator;
use fourbot_host::{MatchId, UserId};
use serde_json::Value;

use crate::driver::Browser;
use crate::page::key::{ENTER, RIGHT, TAB};
use crate::page::{console_errors, keys, press_on, ANNOUNCE, FOLLOWING, PLIES};
use crate::site::{Site, ALICE, BOB, ON};

/// How long a move may take to reach the host or the page.
pub(crate) const SOON: Duration = Duration::from_secs(3);

/// True while the board takes a drop (the player's turn).
pub(crate) const PLAYABLE: &str = "document.querySelector('#board.playable') !== null";

/// Where the hover disc is: whether it shows, the column it is over, and
/// whether it sits above that column, inside the picture (its box, the
/// column's box, the column's top hole and the picture's, on screen).
const HOVER: &str = "(() => {
  const g = document.querySelector('#board g.hover');
  if (!g) { return null; }
  const svg = g.closest('svg').getBoundingClientRect();
  const d = g.getBoundingClientRect();
  const letter = g.dataset.over || null;
  const column = letter && document.querySelector(`#board [data-column=\"${letter}\"] rect.hit`);
  const c = column ? column.getBoundingClientRect() : null;
  const holes = letter ? [...document.querySelectorAll(`#board [data-column=\"${letter}\"] circle`)] : [];
  const top = Math.min(...holes.map((h) => h.getBoundingClientRect().top));
  const middle = d.left + d.width / 2;
  return {
    visible: g.getAttribute('visibility') === 'visible',
    column: letter,
    over: c !== null && middle > c.left && middle < c.right,
    above: d.bottom <= top && d.top >= svg.top,
    marked: g.querySelectorAll('circle, polygon').length,
    size: d.width,
    boxes: [svg.top, d.top, d.bottom, top].map(Math.round),
  };
})()";

/// The moves of the current game as the host has them ("d", "c", …).
pub(crate) async fn moves(site: &Site, id: MatchId) -> Vec<String> {
    let table = site.services.host.table(id).await.expect("the match");
    table
        .game
        .current_game()
        .game()
        .moves()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

/// Waits until the host has `n` moves; they are returned.
pub(crate) async fn host_has(site: &Site, id: MatchId, n: usize) -> Vec<String> {
    let deadline = Instant::now() + SOON;
    loop {
        let now = moves(site, id).await;
        if now.len() >= n {
            return now;
        }
        assert!(
            Instant::now() < deadline,
            "the host has {now:?}, not {n} moves"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Opens `user`'s table: follows their signed link (the session cookie)
/// and waits for the page to follow the match.
pub(crate) async fn sit_down(browser: &Browser, site: &Site, id: MatchId, user: UserId) {
    let link = site.web.table_link(id, user).expect("the web signs links");
    browser.goto(&format!("http://{}{link}", site.addr)).await;
    browser
        .wait_for("the table", FOLLOWING, Duration::from_secs(5))
        .await;
}

/// Column `c`'s hit area on the board.
pub(crate) async fn column(browser: &Browser, c: char) -> fantoccini::elements::Element {
    browser
        .client
        .find(Locator::Css(&format!(
            "#board [data-column=\"{c}\"] rect.hit"
        )))
        .await
        .unwrap_or_else(|e| panic!("column {c}: {e}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_player_plays_by_mouse_then_by_keys() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let site = Site::new("browser-mouse").await;
    let id = site.start(ON, "alice", "bob").await;
    sit_down(&browser, &site, id, ALICE).await;
    browser
        .wait_for("Alice's turn", PLAYABLE, Duration::from_secs(5))
        .await;

    // Mouse: pointing at d shows her disc above d, and drops nothing.
    let d = column(&browser, 'd').await;
    browser
        .client
        .perform_actions(
            MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
                element: d.clone(),
                duration: Some(Duration::from_millis(50)),
                x: 0.0,
                y: 0.0,
            }),
        )
        .await
        .unwrap();
    let hover = browser
        .wait_for(
            "the hover disc",
            &format!("(() => {{ const h = {HOVER}; return h && h.visible && h; }})()"),
            Duration::from_secs(2),
        )
        .await;
    browser.screenshot("table-hover-1280x800").await;
    assert_eq!(hover["column"], "d", "{hover}");
    assert_eq!(hover["over"], true, "over column d: {hover}");
    assert_eq!(hover["above"], true, "above the board: {hover}");
    assert_eq!(hover["marked"], 2, "a disc and its ring: {hover}");
    assert!(hover["size"].as_f64().unwrap() > 30.0, "{hover}");
    assert!(moves(&site, id).await.is_empty(), "pointing drops nothing");

    // The click drops it: the host has it, and the page shows it.
    browser
        .client
        .perform_actions(
            MouseActions::new("mouse".into())
                .then(PointerAction::Down {
                    button: MOUSE_BUTTON_LEFT,
                })
                .then(PointerAction::Up {
                    button: MOUSE_BUTTON_LEFT,
                }),
        )
        .await
        .unwrap();
    assert_eq!(host_has(&site, id, 1).await, ["d"]);
    browser
        .wait_for(
            "the move on the page, Bob to move",
            &format!("{PLIES} === 1 && !({PLAYABLE}) && {FOLLOWING}"),
            SOON,
        )
        .await;
    assert_eq!(
        browser
            .eval("document.querySelectorAll(\"#seated button[value*=':drop:']\").length")
            .await,
        0,
        "no drop forms on Bob's turn"
    );

    // Bob answers (on Discord, say): the page offers Alice's forms again
    // without a reload.
    browser
        .eval("(() => { window.notReloaded = true; return true; })()")
        .await;
    site.play(id, BOB, "c").await;
    browser
        .wait_for(
            "Alice's turn again",
            &format!("{PLAYABLE} && {PLIES} === 2"),
            SOON,
        )
        .await;
    assert_eq!(browser.eval("window.notReloaded === true").await, true);

    // Keys: Tab to the board (its first column), → → → to d, Enter.
    keys(&browser, &[TAB]).await;
    assert_eq!(
        browser
            .eval("document.activeElement.closest('.column')?.dataset.column")
            .await,
        "a",
        "Tab reaches the board's first open column"
    );
    keys(&browser, &[RIGHT, RIGHT, RIGHT]).await;
    let hover = browser.eval(HOVER).await;
    assert_eq!(
        (&hover["visible"], &hover["column"], &hover["above"]),
        (&Value::Bool(true), &Value::from("d"), &Value::Bool(true)),
        "{hover}"
    );
    assert_eq!(
        browser.eval(ANNOUNCE).await,
        "Column d chosen: tap it again or press Enter to drop."
    );
    assert_eq!(
        browser
            .eval("document.activeElement.closest('.column')?.getAttribute('aria-selected')")
            .await,
        "true"
    );
    assert_eq!(moves(&site, id).await.len(), 2, "choosing drops nothing");
    browser.screenshot("table-keys-1280x800").await;
    keys(&browser, &[ENTER]).await;
    assert_eq!(host_has(&site, id, 3).await, ["d", "c", "d"]);
    browser
        .wait_for("the move on the page", &format!("{PLIES} === 3"), SOON)
        .await;
    // The keys' column has the focus again after the reload.
    browser
        .wait_for(
            "the focus back on d",
            "document.activeElement.closest('.column')?.dataset.column === 'd'",
            SOON,
        )
        .await;

    // Off her turn → still goes from column to column, and a digit or
    // Enter plays nothing.
    keys(&browser, &[RIGHT, '2', ENTER]).await;
    assert_eq!(
        browser
            .eval("document.activeElement.closest('.column')?.dataset.column")
            .await,
        "e"
    );
    assert_eq!(browser.eval(HOVER).await["visible"], false);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(moves(&site, id).await.len(), 3, "nothing off her turn");

    // A digit drops straight into its column: 5 is e.
    site.play(id, BOB, "c").await;
    browser.wait_for("Alice's turn again", PLAYABLE, SOON).await;
    keys(&browser, &['5']).await;
    assert_eq!(host_has(&site, id, 5).await, ["d", "c", "d", "c", "e"]);
    browser
        .wait_for("the move on the page", &format!("{PLIES} === 5"), SOON)
        .await;

    // A full column is refused in words, and nothing is sent.
    // c holds two discs: four more fill it (nobody has four in a row),
    // then Bob plays elsewhere and it is Alice's turn.
    for (player, c) in [
        (BOB, "c"),
        (ALICE, "c"),
        (BOB, "c"),
        (ALICE, "c"),
        (BOB, "a"),
    ] {
        site.play(id, player, c).await;
    }
    browser
        .wait_for(
            "Alice's turn with c full",
            &format!("{PLAYABLE} && {PLIES} === 10"),
            SOON,
        )
        .await;
    keys(&browser, &['3']).await;
    browser
        .wait_for(
            "the words for a full column",
            &format!("{ANNOUNCE} === 'Column c is full.'"),
            SOON,
        )
        .await;
    assert_eq!(moves(&site, id).await.len(), 10, "nothing dropped");

    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}

/// A tap on column `c`.
async fn tap(browser: &Browser, c: char) {
    let tap = press_on(column(browser, c).await, None)
        .into_iter()
        .fold(TouchActions::new("finger".into()), |a, p| a.then(p));
    browser.client.perform_actions(tap).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_first_tap_chooses_and_the_second_drops() {
    let Some(browser) = Browser::phone(390, 844).await else {
        return;
    };
    let site = Site::new("browser-touch").await;
    let id = site.start(ON, "alice", "bob").await;
    sit_down(&browser, &site, id, ALICE).await;
    browser
        .wait_for("Alice's turn", PLAYABLE, Duration::from_secs(5))
        .await;

    // One tap on c: the disc above c, nothing dropped.
    tap(&browser, 'c').await;
    let hover = browser
        .wait_for(
            "the disc above c",
            &format!("(() => {{ const h = {HOVER}; return h && h.visible && h.column === 'c' && h; }})()"),
            Duration::from_secs(2),
        )
        .await;
    assert_eq!(hover["over"], true, "{hover}");
    assert_eq!(hover["above"], true, "{hover}");
    assert_eq!(
        browser.eval(ANNOUNCE).await,
        "Column c chosen: tap it again or press Enter to drop."
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(moves(&site, id).await.is_empty(), "one tap drops nothing");
    browser.screenshot("table-hover-390x844").await;

    // A tap on e chooses e instead; a second tap on e drops there.
    tap(&browser, 'e').await;
    browser
        .wait_for(
            "the disc above e",
            &format!(
                "(() => {{ const h = {HOVER}; return h && h.visible && h.column === 'e'; }})()"
            ),
            Duration::from_secs(2),
        )
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        moves(&site, id).await.is_empty(),
        "choosing again drops nothing"
    );
    tap(&browser, 'e').await;
    assert_eq!(host_has(&site, id, 1).await, ["e"]);
    browser
        .wait_for("the move on the page", &format!("{PLIES} === 1"), SOON)
        .await;
    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectators_page_shows_no_disc_and_a_click_plays_nothing() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let site = Site::new("browser-watch").await;
    let id = site.start(ON, "alice", "bob").await;
    browser
        .goto(&format!("http://{}/m/{}?lang=en-US", site.addr, id.0))
        .await;
    browser
        .wait_for("the table", FOLLOWING, Duration::from_secs(5))
        .await;
    let click = press_on(column(&browser, 'd').await, Some(Duration::from_millis(50)))
        .into_iter()
        .fold(MouseActions::new("mouse".into()), |a, p| a.then(p));
    browser.client.perform_actions(click).await.unwrap();
    keys(&browser, &['4']).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(browser.eval(HOVER).await, Value::Null, "no hover disc");
    assert_eq!(browser.eval(PLAYABLE).await, false);
    assert_eq!(
        browser.eval("document.getElementById('seated')").await,
        Value::Null
    );
    assert!(moves(&site, id).await.is_empty(), "nothing played");
    assert_eq!(browser.eval(PLIES).await, 0);
    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_players_table_fits_320_px_with_the_disc_shown() {
    let Some(browser) = Browser::phone(320, 640).await else {
        return;
    };
    let site = Site::new("browser-seated-320").await;
    let id = site.start(ON, "alice", "bob").await;
    sit_down(&browser, &site, id, ALICE).await;
    browser
        .wait_for("Alice's turn", PLAYABLE, Duration::from_secs(5))
        .await;
    // The last column, at the edge: its disc stays inside the picture.
    tap(&browser, 'g').await;
    let hover = browser
        .wait_for(
            "the disc above g",
            &format!("(() => {{ const h = {HOVER}; return h && h.visible && h.column === 'g' && h; }})()"),
            Duration::from_secs(2),
        )
        .await;
    assert_eq!(
        (&hover["over"], &hover["above"]),
        (&Value::Bool(true), &Value::Bool(true)),
        "{hover}"
    );
    crate::spectator::fits(&browser, 320).await;
    browser.screenshot("table-hover-320x640").await;
    assert!(moves(&site, id).await.is_empty());
    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}
