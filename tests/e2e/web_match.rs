//! A whole two-game match with one player at the web table and the other
//! on Discord (issue 36, docs/web.md "Tests in a real browser"): the real
//! bot with `--web` against the fake Discord, Alice in headless Chromium —
//! by mouse (the hover disc shows before the click), then by keys (arrows
//! and Enter, then a digit), Ready between the games, Resign game — and
//! Bob by the buttons of the match's thread. Each sees the other's move
//! within a second, and the page and the thread end with the same score.

use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::Locator;
use serde_json::json;

use crate::driver::Browser;
use crate::page::key::{ENTER, RIGHT, TAB};
use crate::page::{console_errors, keys, FOLLOWING, PLIES};
use crate::support::{fake, harness};
use crate::web::{links_of, start_web};

use fake::*;
use harness::*;

/// How soon a move made on one side shows on the other (issue 36).
const WITHIN: Duration = Duration::from_secs(1);

/// True while the board takes a drop (the seated player's turn).
const PLAYABLE: &str = "document.querySelector('#board.playable') !== null";

/// The hover disc shows above column `c`.
fn hover_over(c: char) -> String {
    format!(
        "(() => {{ const g = document.querySelector('#board g.hover'); \
         return g !== null && g.getAttribute('visibility') === 'visible' && g.dataset.over === '{c}'; }})()"
    )
}

/// The mouse points at column `c` (the hover disc shows above it, nothing
/// is dropped yet), then clicks.
async fn point_and_click(browser: &Browser, c: char) {
    let column = browser
        .client
        .find(Locator::Css(&format!(
            "#board [data-column=\"{c}\"] rect.hit"
        )))
        .await
        .unwrap();
    browser
        .client
        .perform_actions(
            MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
                element: column,
                duration: Some(Duration::from_millis(50)),
                x: 0.0,
                y: 0.0,
            }),
        )
        .await
        .unwrap();
    browser
        .wait_for("the hover disc", &hover_over(c), Duration::from_secs(2))
        .await;
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
}

/// Clicks the seated section's button of class `class` (`ready`,
/// `resign`: the first is Resign game).
async fn click_button(browser: &Browser, class: &str) {
    browser
        .wait_for(
            &format!("the {class} button"),
            &format!("document.querySelector('#seated button.{class}') !== null"),
            Duration::from_secs(5),
        )
        .await;
    browser
        .client
        .find(Locator::Css(&format!("#seated button.{class}")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Waits until the page shows `plies` plies (of every game), and says
/// how long that took from `since`.
async fn page_has(browser: &Browser, plies: usize, since: Instant) -> Duration {
    browser
        .wait_for(
            &format!("{plies} plies on the page"),
            &format!("{PLIES} === {plies}"),
            Duration::from_secs(5),
        )
        .await;
    since.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_played_on_the_web_against_a_player_on_discord() {
    let Some(browser) = Browser::start(1280, 800).await else {
        return;
    };
    let (fake, _bot, addr) =
        start_web("web-match", &[("FOURBOT_PUBLIC_URL", "http://c4.test")]).await;
    let on = config(&fake, MONA, &[("web", 3, json!("on"))]);
    private_reply(&fake, on).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let first = t.turn(1, 1).await;
    assert_eq!(t.mover(&first).id, ALICE.id, "Alice moves first in game 1");

    // Alice opens her table from /board's private link.
    let board = filled(&fake, t.command(ALICE, "board")).await;
    let (_, url) = links_of(&board.json)
        .into_iter()
        .find(|(label, _)| label == "Open the table")
        .unwrap_or_else(|| panic!("the table's link: {:?}", board.json));
    let path = url.strip_prefix("http://c4.test").expect("the public URL");
    browser.goto(&format!("http://{addr}{path}")).await;
    browser
        .wait_for("the table", FOLLOWING, Duration::from_secs(5))
        .await;
    browser
        .wait_for("Alice's turn", PLAYABLE, Duration::from_secs(5))
        .await;

    // Each move: Alice's on the web reaches the thread (Bob's next turn),
    // Bob's on Discord reaches the page, each within a second.
    let mut lags = Vec::new();
    let web_move = |ply: u32| {
        let t = &t;
        async move {
            let since = Instant::now();
            t.turn(1, ply + 1).await;
            since.elapsed()
        }
    };
    // Game 1. Alice by mouse: d, d.
    for (ply, bob) in [(1, 'c'), (3, 'c')] {
        point_and_click(&browser, 'd').await;
        lags.push(("web → Discord", web_move(ply).await));
        let since = Instant::now();
        t.press_drop(1, ply + 1, bob).await;
        lags.push((
            "Discord → web",
            page_has(&browser, ply as usize + 1, since).await,
        ));
        browser
            .wait_for("Alice's turn", PLAYABLE, Duration::from_secs(5))
            .await;
    }
    // By keys: Tab to the board's first open column, → → → to d, Enter.
    keys(&browser, &[TAB, RIGHT, RIGHT, RIGHT]).await;
    browser
        .wait_for("d chosen by keys", &hover_over('d'), Duration::from_secs(2))
        .await;
    keys(&browser, &[ENTER]).await;
    lags.push(("web → Discord", web_move(5).await));
    let since = Instant::now();
    t.press_drop(1, 6, 'c').await;
    lags.push(("Discord → web", page_has(&browser, 6, since).await));
    browser
        .wait_for("Alice's turn", PLAYABLE, Duration::from_secs(5))
        .await;
    // A digit: 4 is d, her fourth disc in d wins game 1.
    keys(&browser, &['4']).await;
    let thread = t.thread;
    let since = Instant::now();
    let game_over = fake
        .wait_for("game 1's end in the thread", |f| {
            f.messages_in(thread)
                .into_iter()
                .find(|m| custom_ids(m).iter().any(|id| id.ends_with(":1:ready")))
        })
        .await;
    lags.push(("web → Discord", since.elapsed()));
    browser
        .wait_for(
            "game 1's end on the page",
            &format!("{PLIES} === 7 && document.querySelector('#seated button.ready') !== null"),
            Duration::from_secs(5),
        )
        .await;
    browser.screenshot("web-match-game-1-over-1280x800").await;

    // Ready: Alice on the web, Bob on Discord; game 2, Bob moves first.
    click_button(&browser, "ready").await;
    let ready = format!("m:{}:1:ready", t.match_id);
    press(&fake, BOB, &game_over, &ready);
    let second = t.turn(2, 1).await;
    assert_eq!(
        t.mover(&second).id,
        BOB.id,
        "colours and the first move swap"
    );
    let since = Instant::now();
    t.press_drop(2, 1, 'c').await;
    // The move list shows both games: game 1's seven plies and this one.
    lags.push(("Discord → web", page_has(&browser, 8, since).await));
    browser
        .wait_for("Alice's turn", PLAYABLE, Duration::from_secs(5))
        .await;

    // Alice resigns game 2: the match ends 1:1, on both.
    click_button(&browser, "resign").await;
    let end = fake
        .wait_for("the match's end in the thread", |f| {
            f.messages_in(thread).into_iter().find(|m| {
                links_of(m)
                    .iter()
                    .any(|(label, _)| label == "Replay on the web")
            })
        })
        .await;
    let said = end["content"].as_str().unwrap().to_string();
    assert!(said.contains("1:1"), "{said}");
    let score = browser
        .wait_for(
            "the score on the page",
            // The table, or the replay it becomes once the match is over.
            "(() => { const s = [...document.querySelectorAll('#score, .final-score')]\
             .map((e) => e.textContent).join(' '); \
             return s.includes('1:1') && s; })()",
            Duration::from_secs(5),
        )
        .await;
    browser.screenshot("web-match-over-1280x800").await;
    eprintln!("page: {score}; thread: {said}; lags: {lags:?}");
    for (way, lag) in &lags {
        assert!(*lag <= WITHIN, "{way} took {lag:?}: {lags:?}");
    }
    let errors = console_errors(&browser).await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}
