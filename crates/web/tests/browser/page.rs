//! What the browser tests read of the table page, and how they point at
//! it: shared by the spectator's and the player's tests.

use fantoccini::actions::{PointerAction, MOUSE_BUTTON_LEFT};
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
