//! What the browser tests read of the table page, and how they point at
//! it: shared by the spectator's and the player's tests.

use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, MOUSE_BUTTON_LEFT,
};
use fantoccini::elements::Element;
use serde_json::Value;
use std::time::Duration;

use crate::driver::Browser;

/// True once the page follows its event stream (its first state came).
pub const FOLLOWING: &str = "document.getElementById('table').dataset.stream === 'open'";
/// The words of the live region.
pub const ANNOUNCE: &str = "document.getElementById('announce').textContent";
/// How many plies the move list shows.
pub const PLIES: &str = "document.querySelectorAll('#moves .ply').length";

/// The browser's console entries at level SEVERE (errors).
pub async fn console_errors(browser: &Browser) -> Vec<Value> {
    browser
        .console()
        .await
        .into_iter()
        .filter(|e| e["level"] == "SEVERE")
        .collect()
}

/// The pointer moves to `element` (taking `duration`), goes down and up:
/// a click with a mouse, a tap with a finger.
pub fn press_on(element: Element, duration: Option<Duration>) -> [PointerAction; 3] {
    [
        PointerAction::MoveToElement {
            element,
            duration,
            x: 0.0,
            y: 0.0,
        },
        PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        },
        PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        },
    ]
}

/// Nothing of the page is wider than the window: the window is `width`
/// px wide inside, the page does not scroll sideways, and every element's
/// right edge is inside it (a wider child of a clipping parent would not
/// widen the page) — but inside a `.scroll` box, the last resort of a wide
/// table, which may scroll by itself.
pub async fn no_wider_than(browser: &Browser, width: u32) {
    let inner = browser.eval("window.innerWidth").await;
    assert_eq!(inner, width, "the window is {width} px wide inside");
    let scroll = browser
        .eval("document.documentElement.scrollWidth")
        .await
        .as_u64()
        .unwrap();
    assert!(
        scroll <= u64::from(width),
        "{width} px: the page is {scroll} px wide (it overflows)"
    );
    let wide = browser
        .eval(
            "[...document.querySelectorAll('body *')]\
             .filter(e => !e.closest('.scroll') || e.classList.contains('scroll'))\
             .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)\
             .map(e => e.tagName + (e.id ? '#' + e.id : '') + ' ' + Math.round(e.getBoundingClientRect().right))",
        )
        .await;
    assert_eq!(
        wide,
        Value::Array(vec![]),
        "{width} px: wider than the window"
    );
}

/// A mouse click on `element` ([`press_on`] with a mouse).
pub async fn click_on(browser: &Browser, element: Element) {
    let mut mouse = MouseActions::new("mouse".into());
    for action in press_on(element, Some(Duration::from_millis(50))) {
        mouse = mouse.then(action);
    }
    browser.client.perform_actions(mouse).await.unwrap();
}

/// WebDriver's values of the keys the tests press (W3C WebDriver, "Keyboard
/// actions": the code points U+E000–U+E05D stand for the special keys).
pub mod key {
    pub const TAB: char = '\u{e004}';
    pub const ENTER: char = '\u{e007}';
    pub const END: char = '\u{e010}';
    pub const HOME: char = '\u{e011}';
    pub const LEFT: char = '\u{e012}';
    pub const RIGHT: char = '\u{e014}';
}

/// Presses and lets go of each of `keys` in turn (characters, or the
/// special keys of [`key`]).
pub async fn keys(browser: &Browser, keys: &[char]) {
    let mut actions = KeyActions::new("keys".into());
    for &value in keys {
        actions = actions
            .then(KeyAction::Down { value })
            .then(KeyAction::Up { value });
    }
    browser.client.perform_actions(actions).await.unwrap();
}
