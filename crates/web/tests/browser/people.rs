//! The pages to share in the browser: a leaderboard and a player's page at
//! a phone's and a desktop's size, without a console error, and the way
//! from one to the other by the leaderboard's link.

use std::time::Duration;

use fantoccini::Locator;
use fourbot_core::game::Variant;
use fourbot_i18n::{shape_name, NameStyle};
use serde_json::Value;

use crate::driver::Browser;
use crate::page::{console_errors, no_wider_than};
use crate::site::{seated as seat, Site, ALICE, BOB, CAROL, ON};

/// A long name without spaces: it must wrap, not widen a phone's page.
const LONG: &str = "a_member_whose_name_goes_on_and_on_and_on_without_a_break";

/// Nothing of the page is wider than the window ([`no_wider_than`]), and
/// no table needs to scroll sideways inside its box (`.scroll`: the last
/// resort for a language with longer words).
async fn fits(browser: &Browser, width: u32) {
    no_wider_than(browser, width).await;
    // And every table's columns in view, even on the phone: none scrolls
    // sideways in its box.
    let sideways = browser
        .eval(
            "[...document.querySelectorAll('.scroll')]\
             .filter(s => s.scrollWidth > s.clientWidth)\
             .map(s => s.firstElementChild.className + ' ' + (s.scrollWidth - s.clientWidth))",
        )
        .await;
    assert_eq!(
        sideways,
        Value::Array(vec![]),
        "{width} px: tables scroll sideways"
    );
}

#[tokio::test]
async fn the_leaderboard_and_a_players_page_at_a_phones_and_a_desktops_size() {
    let site = Site::new("browser-people").await;
    let (alice, bob, carol) = (seat(ALICE, "alice"), seat(BOB, LONG), seat(CAROL, "carol"));
    site.rated(ON, &alice, &bob).await;
    site.rated(ON, &alice, &carol).await;
    site.rated(ON, &carol, &alice).await;
    site.rated(ON, &alice, &bob).await;
    let base = format!("http://{}", site.addr);
    for (width, height, phone) in [(390, 844, true), (1280, 800, false)] {
        let started = Browser::sized(width, height, phone).await;
        let Some(browser) = started else {
            return;
        };
        browser
            .goto(&format!("{base}/leaderboard/7/classic?lang=en-US"))
            .await;
        assert_eq!(
            browser
                .eval("document.querySelector('h1').textContent")
                .await,
            "Leaderboard · Classic"
        );
        let names = browser
            .eval("[...document.querySelectorAll('table.ladder tbody th')].map(t => t.textContent)")
            .await;
        let page = site
            .services
            .ladder
            .leaderboard(ON, Variant::Classic, 0)
            .await
            .unwrap();
        let ranked: Vec<Value> = page
            .entries
            .iter()
            .map(|e| shape_name(&e.name, NameStyle::Plain).into())
            .collect();
        assert_eq!(names, Value::Array(ranked), "the ladder's order");
        fits(&browser, width).await;
        browser
            .screenshot(&format!("leaderboard-{width}x{height}"))
            .await;
        let errors = console_errors(&browser).await;
        assert!(errors.is_empty(), "{width} px: console errors: {errors:?}");

        // Alice's line links to her page.
        let link = browser
            .client
            .find(Locator::Css(
                "table.ladder tbody th a[href^='/player/7/10?']",
            ))
            .await
            .expect("a link to alice's page");
        link.click().await.expect("a click on the link");
        browser
            .wait_for(
                "the player's page",
                "location.pathname === '/player/7/10' && document.readyState === 'complete'",
                Duration::from_secs(5),
            )
            .await;
        assert_eq!(
            browser
                .eval("document.querySelector('h1').textContent")
                .await,
            "alice"
        );
        // Her chart is drawn and described; its numbers are text too.
        browser
            .wait_for(
                "the chart",
                "(() => { const i = document.querySelector('figure.chart img');\
                 return i.complete && i.naturalWidth === 800; })()",
                Duration::from_secs(10),
            )
            .await;
        let alt = browser
            .eval("document.querySelector('figure.chart img').alt")
            .await;
        assert!(alt
            .as_str()
            .unwrap()
            .starts_with("Rating over the rated matches"));
        let rows = browser
            .eval("document.querySelectorAll('table.numbers tbody tr').length")
            .await;
        assert_eq!(rows, 4, "four rated matches");
        let recent = browser
            .eval("document.querySelectorAll('table.recent a[href^=\"/m/\"]').length")
            .await;
        assert_eq!(recent, 4, "each recent match linked");
        let versus = browser
            .eval("document.querySelectorAll('table.versus tbody tr').length")
            .await;
        assert_eq!(versus, 2, "two opponents");
        fits(&browser, width).await;
        browser
            .screenshot(&format!("player-{width}x{height}"))
            .await;
        browser
            .eval("document.querySelector('section.recent').scrollIntoView() || true")
            .await;
        browser
            .screenshot(&format!("player-matches-{width}x{height}"))
            .await;
        let errors = console_errors(&browser).await;
        assert!(errors.is_empty(), "{width} px: console errors: {errors:?}");
        // The picture her page names for unfurled links opens as a picture.
        let image = browser
            .eval("document.querySelector('meta[property=\"og:image\"]').content")
            .await;
        // Absolute at the operator's public URL: opened here at the site.
        let image = image.as_str().unwrap();
        let path = image
            .strip_prefix(crate::site::PUBLIC_URL)
            .unwrap_or_else(|| panic!("absolute at the public URL: {image}"));
        browser.goto(&format!("{base}{path}")).await;
        let size = browser
            .eval("[document.images[0].naturalWidth, document.images[0].naturalHeight]")
            .await;
        assert_eq!(size, serde_json::json!([800, 450]), "the chart PNG");
        if !phone {
            browser
                .goto(&format!("{base}/leaderboard/7/classic/top.png?lang=en-US"))
                .await;
            browser.screenshot("leaderboard-top-png").await;
        }
        browser.close().await;
    }
}
