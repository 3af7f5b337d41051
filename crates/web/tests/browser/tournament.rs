//! A tournament's page in the browser: laid out on a phone and a desktop,
//! and a round's result appearing live (docs/web.md, "The tournament
//! page").

use std::time::Duration;

use crate::driver::Browser;
use crate::page::{console_errors, no_wider_than, ANNOUNCE};
use crate::site::{Site, ON};
use crate::tournament_site::{first_wins, swiss};

/// True once the page follows its event stream (its first state came).
const FOLLOWING: &str = "document.getElementById('tournament').dataset.stream === 'open'";
/// How many boards show a result.
const RESULTS: &str = "document.querySelectorAll('#t-rounds .result').length";
#[tokio::test]
async fn a_tournaments_page_shows_a_result_live_on_a_phone_and_a_desktop() {
    for (width, height, phone) in [(390, 844, true), (1280, 800, false)] {
        let started = Browser::sized(width, height, phone).await;
        let Some(browser) = started else {
            return;
        };
        let site = Site::new(&format!("browser-tournament-{width}")).await;
        let names = [
            "alice",
            "bob",
            "carol",
            "dave",
            "Ελένη Παπαδοπούλου-Καραγιάννη",
        ];
        let mut t = swiss(&site, ON, 3, &names).await;
        let boards = t.start(&site).await;
        let round1 = t.open_all(&site, &boards).await;
        browser
            .goto(&format!(
                "http://{}/tournament/{}?lang=en-US",
                site.addr, t.id.0
            ))
            .await;
        browser
            .wait_for("the first state", FOLLOWING, Duration::from_secs(5))
            .await;
        assert_eq!(browser.eval(RESULTS).await, 0);
        assert_eq!(
            browser
                .eval("document.getElementById('t-state').textContent")
                .await,
            "Round 1 of 3."
        );
        // A result made through the host appears on the page, read aloud.
        let (b, m) = round1
            .iter()
            .find(|(b, _)| b.second.is_some())
            .expect("a board");
        first_wins(&site, b, m.unwrap()).await;
        browser
            .wait_for(
                "the result on the page",
                &format!("{RESULTS} === 1"),
                Duration::from_secs(2),
            )
            .await;
        let said = browser
            .wait_for("the result read aloud", ANNOUNCE, Duration::from_secs(2))
            .await;
        assert!(
            said.as_str()
                .unwrap()
                .contains(&format!("Round 1, board {}: {} 1–0", b.board, b.first.name)),
            "{said}"
        );
        // The match's link is on the board.
        let link = browser
            .eval(&format!(
                "document.querySelector('#t-rounds li[data-board=\"{}\"] a.match').getAttribute('href')",
                b.board
            ))
            .await;
        assert_eq!(link, format!("/m/{}", m.unwrap().0));
        no_wider_than(&browser, width).await;
        let errors = console_errors(&browser).await;
        assert!(errors.is_empty(), "console errors: {errors:?}");
        browser
            .screenshot(&format!("tournament-{width}x{height}"))
            .await;
        browser.close().await;
    }
}
