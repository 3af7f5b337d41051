//! PopOut at the table (docs/web.md, "Playing"): a marker under each
//! column whose bottom disc is the seated player's pops it — by a click,
//! or − on the chosen column — and no marker shows under a column whose
//! bottom disc is the opponent's.

use fantoccini::Locator;
use fourbot_core::game::Variant;

use crate::driver::Browser;
use crate::page::key::{RIGHT, TAB};
use crate::page::keys;
use crate::page::{click_on, console_errors, ANNOUNCE, PLIES};
use crate::pointing::{host_has, moves, sit_down, PLAYABLE, SOON};
use crate::site::{Site, ALICE, BOB, ON};

/// The columns with a pop marker, and whether each sits under its column
/// and below the board's holes (on screen).
const MARKERS: &str = "(() => [...document.querySelectorAll('#board g.pop-marker')].map((m) => {
  const box = m.getBoundingClientRect();
  const hit = document.querySelector(`#board [data-column=\"${m.dataset.pop}\"] rect.hit`).getBoundingClientRect();
  const holes = [...document.querySelectorAll('#board .column circle')].map((h) => h.getBoundingClientRect().bottom);
  const middle = box.left + box.width / 2;
  return { column: m.dataset.pop, under: middle > hit.left && middle < hit.right, below: box.top >= Math.max(...holes) };
}))()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_popout_player_pops_by_the_marker_and_by_keys() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let site = Site::new("browser-pops").await;
    let id = site
        .start_variant(ON, Variant::Popout, "alice", "bob")
        .await;
    // Alice's discs at d1 and e1, Bob's at c1 and c2.
    for (player, c) in [(ALICE, "d"), (BOB, "c"), (ALICE, "e"), (BOB, "c")] {
        site.play(id, player, c).await;
    }
    sit_down(&browser, &site, id, ALICE).await;
    browser.wait_for("Alice's turn", PLAYABLE, SOON).await;

    // Markers under d and e (hers), none under c (Bob's).
    let markers = browser
        .wait_for(
            "the pop markers",
            &format!("(() => {{ const m = {MARKERS}; return m.length > 0 && m; }})()"),
            SOON,
        )
        .await;
    let columns: Vec<&str> = markers
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["column"].as_str().unwrap())
        .collect();
    assert_eq!(columns, ["d", "e"], "{markers}");
    for m in markers.as_array().unwrap() {
        assert_eq!(
            (&m["under"], &m["below"]),
            (&true.into(), &true.into()),
            "{m}"
        );
    }
    browser.screenshot("table-popout-1280x800").await;

    // A click on d's marker pops her d1.
    let marker = browser
        .client
        .find(Locator::Css("#board g.pop-marker[data-pop='d'] rect.hit"))
        .await
        .unwrap();
    click_on(&browser, marker).await;
    assert_eq!(host_has(&site, id, 5).await, ["d", "c", "e", "c", "-d"]);
    browser
        .wait_for(
            "the pop on the page, no marker on Bob's turn",
            &format!("{PLIES} === 5 && {MARKERS}.length === 0"),
            SOON,
        )
        .await;

    // Keys: Tab to the board, → to c (Bob's disc below): − is refused in
    // words; → → to e, −: her e1 pops.
    site.play(id, BOB, "f").await;
    browser
        .wait_for(
            "Alice's turn again",
            &format!("{PLAYABLE} && {PLIES} === 6"),
            SOON,
        )
        .await;
    keys(&browser, &[TAB, RIGHT, RIGHT, '-']).await;
    browser
        .wait_for(
            "the words for a column she cannot pop",
            &format!("{ANNOUNCE} === 'You cannot pop from column c.'"),
            SOON,
        )
        .await;
    assert_eq!(moves(&site, id).await.len(), 6, "nothing popped");
    keys(&browser, &[RIGHT, RIGHT, '-']).await;
    assert_eq!(
        host_has(&site, id, 7).await,
        ["d", "c", "e", "c", "-d", "f", "-e"]
    );
    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}
