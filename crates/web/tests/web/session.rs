//! A seated player on the web: the signed link, the session cookie, and
//! moves played from the page through the host's rules (docs/web.md,
//! "Playing").

use crate::support::*;

use fourbot_web::ticket::{self, Purpose, Ticket};
use fourbot_web::WebSecret;

fn secret() -> WebSecret {
    WebSecret::new(SECRET).unwrap()
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// Follows `user`'s link for match `id`: the session cookie (`name=value`).
async fn sit_down(site: &Site, id: fourbot_host::MatchId, user: fourbot_host::UserId) -> String {
    let link = site.web.table_link(id, user).expect("the web signs links");
    let a = site.get(&link, &[]).await;
    assert_eq!(a.status, 303, "{a:?}");
    assert_eq!(a.header("location"), Some(format!("/m/{}", id.0).as_str()));
    let cookie = a
        .header("set-cookie")
        .expect("a session cookie")
        .to_string();
    for attribute in ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=43200"] {
        assert!(cookie.contains(attribute), "{cookie}");
    }
    assert!(
        !cookie.contains("Secure"),
        "plain http in the tests: {cookie}"
    );
    cookie.split(';').next().unwrap().to_string()
}

/// The hidden CSRF token and the moves of the page's forms.
fn forms(body: &str) -> (Option<String>, Vec<String>) {
    let value_after = |from: &str, key: &str| -> Vec<String> {
        from.match_indices(key)
            .map(|(i, _)| {
                let rest = &from[i + key.len()..];
                let rest = &rest[rest.find("value=\"").unwrap() + 7..];
                rest[..rest.find('"').unwrap()].to_string()
            })
            .collect()
    };
    let csrf = value_after(body, "name=\"csrf\"").into_iter().next();
    let drops = value_after(body, "name=\"play\"")
        .into_iter()
        .filter(|p| p.contains(":drop:") || p.contains(":pop:"))
        .collect();
    (csrf, drops)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_player_plays_from_the_page_and_a_spectator_only_watches() {
    let site = Site::new("session-play").await;
    let id = site.start(ON, "alice", "bob").await;
    let alice = sit_down(&site, id, ALICE).await;
    let page = site
        .get(&format!("/m/{}", id.0), &[("Cookie", &alice)])
        .await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("You play Red (ring)."), "{}", page.body);
    let (csrf, plays) = forms(&page.body);
    let csrf = csrf.expect("a CSRF token");
    assert_eq!(plays.len(), 7, "a form per column: {plays:?}");
    let d = plays
        .iter()
        .find(|p| p.ends_with(":drop:d"))
        .unwrap()
        .clone();
    // Without the page's origin, or without the token: refused, nothing
    // played.
    let form = format!("play={}&csrf={}", d.replace(':', "%3A"), csrf);
    let act = format!("/m/{}/act", id.0);
    for headers in [
        vec![("Cookie", alice.as_str())],
        vec![
            ("Cookie", alice.as_str()),
            ("Origin", "https://evil.example"),
        ],
    ] {
        let a = post(site.addr, &act, &headers, &form).await;
        assert_eq!(a.status, 403, "{headers:?}: {a:?}");
    }
    let origin = ("Origin", "http://c4.test");
    let a = post(
        site.addr,
        &act,
        &[("Cookie", &alice), origin],
        &format!("play={}&csrf=forged", d.replace(':', "%3A")),
    )
    .await;
    assert_eq!(a.status, 403);
    let table = site.services.host.table(id).await.unwrap();
    assert!(table.game.current_game().game().moves().is_empty());
    // With both: played, and back to the table.
    let a = post(site.addr, &act, &[("Cookie", &alice), origin], &form).await;
    assert_eq!(a.status, 303, "{a:?}");
    let table = site.services.host.table(id).await.unwrap();
    assert_eq!(table.game.current_game().game().moves().len(), 1);
    // Now it is Bob's turn: Alice's page offers no move, and the same
    // form again is the host's refusal, in her language.
    let page = site
        .get(&format!("/m/{}", id.0), &[("Cookie", &alice)])
        .await;
    assert!(forms(&page.body).1.is_empty());
    let a = post(
        site.addr,
        &format!("{act}?lang=de"),
        &[("Cookie", &alice), origin],
        &form,
    )
    .await;
    assert_eq!(a.status, 409, "{a:?}");
    assert!(a.body.contains("role=\"alert\""), "{}", a.body);
    assert!(a.body.contains("Nicht gespielt"), "{}", a.body);
    // A spectator (no session) sees no forms and cannot act.
    let page = site.get(&format!("/m/{}", id.0), &[]).await;
    assert_eq!(forms(&page.body), (None, Vec::new()));
    let a = post(site.addr, &act, &[origin], &form).await;
    assert_eq!(a.status, 403);
    // Bob, seated by his own link, plays his move.
    let bob = sit_down(&site, id, BOB).await;
    let page = site.get(&format!("/m/{}", id.0), &[("Cookie", &bob)]).await;
    assert!(
        page.body.contains("You play Yellow (diamond)."),
        "{}",
        page.body
    );
    let (csrf, plays) = forms(&page.body);
    let c = plays.iter().find(|p| p.ends_with(":drop:c")).unwrap();
    let form = format!("play={}&csrf={}", c.replace(':', "%3A"), csrf.unwrap());
    let a = post(site.addr, &act, &[("Cookie", &bob), origin], &form).await;
    assert_eq!(a.status, 303);
    let table = site.services.host.table(id).await.unwrap();
    assert_eq!(table.game.current_game().game().moves().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_expired_and_foreign_links_are_refused() {
    let site = Site::new("session-links").await;
    let id = site.start(ON, "alice", "bob").await;
    let now = unix_now();
    let signed = |purpose, user, expires| {
        ticket::sign(
            &secret(),
            purpose,
            Ticket {
                match_id: id,
                user,
                expires,
            },
        )
    };
    // Expired, signed with another secret, a session's ticket as a link,
    // an altered user: 403 with the reason in the reader's language, and
    // no cookie.
    let other = WebSecret::new(&"x".repeat(40)).unwrap();
    let foreign = ticket::sign(
        &other,
        Purpose::Link,
        Ticket {
            match_id: id,
            user: ALICE,
            expires: now + 60,
        },
    );
    let altered = signed(Purpose::Link, ALICE, now + 60).replacen(
        &ALICE.0.to_string(),
        &BOB.0.to_string(),
        1,
    );
    for bad in [
        signed(Purpose::Link, ALICE, now - 1),
        foreign,
        signed(Purpose::Session, ALICE, now + 60),
        altered,
        "nonsense".to_string(),
    ] {
        let a = site.get(&format!("/t/{bad}?lang=it"), &[]).await;
        assert_eq!(a.status, 403, "{bad}: {a:?}");
        assert!(a.header("set-cookie").is_none());
        assert!(a.body.contains("Link non valido"), "{}", a.body);
    }
    // A valid link of a match whose server has not turned the web on: the
    // one 404.
    let off = site.start(OFF, "carol", "dave").await;
    let link = site.web.table_link(off, ALICE).unwrap();
    let a = site.get(&link, &[]).await;
    assert_eq!(a.status, 404);
    assert!(a.header("set-cookie").is_none());
    // A session cookie forged with another secret seats nobody.
    let fake_session = ticket::sign(
        &other,
        Purpose::Session,
        Ticket {
            match_id: fourbot_host::MatchId(0),
            user: ALICE,
            expires: now + 600,
        },
    );
    let page = site
        .get(
            &format!("/m/{}", id.0),
            &[("Cookie", &format!("fourbot_session={fake_session}"))],
        )
        .await;
    assert_eq!(page.status, 200);
    assert!(!page.body.contains("You play"), "{}", page.body);
}

/// The `play` values of the page's forms whose button has `class`.
fn plays_of(body: &str, class: &str) -> Vec<String> {
    let key = format!("class=\"{class}\" type=\"submit\" name=\"play\" value=\"");
    body.match_indices(&key)
        .map(|(i, _)| {
            let rest = &body[i + key.len()..];
            rest[..rest.find('"').unwrap()].to_string()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_game_ready_and_resign_match_confirmed_from_the_page() {
    use fourbot_core::play::PhaseKind;

    let site = Site::new("session-resign").await;
    let id = site.start(ON, "alice", "bob").await;
    let (alice, bob) = (
        sit_down(&site, id, ALICE).await,
        sit_down(&site, id, BOB).await,
    );
    let table_path = format!("/m/{}", id.0);
    let act = format!("/m/{}/act", id.0);
    let origin = ("Origin", "http://c4.test");
    let send = |cookie: String, play: String, csrf: String, extra: String| {
        let act = act.clone();
        async move {
            let form = format!("play={}&csrf={csrf}{extra}", play.replace(':', "%3A"));
            post(site.addr, &act, &[("Cookie", &cookie), origin], &form).await
        }
    };
    // Game 1: Alice resigns it from under the board.
    let page = site.get(&table_path, &[("Cookie", &alice)]).await;
    let (csrf_a, _) = forms(&page.body);
    let csrf_a = csrf_a.unwrap();
    let resigns = plays_of(&page.body, "resign");
    assert_eq!(resigns.len(), 2, "{resigns:?}");
    assert!(resigns[0].ends_with(":1:resign-game"), "{resigns:?}");
    let a = send(
        alice.clone(),
        resigns[0].clone(),
        csrf_a.clone(),
        String::new(),
    )
    .await;
    assert_eq!(a.status, 303, "{a:?}");
    let m = site.services.host.table(id).await.unwrap().game;
    assert_eq!(m.phase(), PhaseKind::BetweenGames);
    // Between the games each player has "Ready for the next game" until
    // they are ready; both ready, game 2 begins.
    for (cookie, who) in [(&alice, "alice"), (&bob, "bob")] {
        let page = site.get(&table_path, &[("Cookie", cookie)]).await;
        let ready = plays_of(&page.body, "ready");
        assert_eq!(ready.len(), 1, "{who}: {}", page.body);
        assert!(plays_of(&page.body, "resign").is_empty(), "{who}");
        let csrf = forms(&page.body).0.unwrap();
        let a = send(cookie.clone(), ready[0].clone(), csrf, String::new()).await;
        assert_eq!(a.status, 303, "{who}: {a:?}");
    }
    let m = site.services.host.table(id).await.unwrap().game;
    assert_eq!((m.phase(), m.games().len()), (PhaseKind::Playing, 2));
    // Resign match: a page asks first; "No" is a link back, nothing
    // changes; "Yes" resigns the match.
    let page = site.get(&table_path, &[("Cookie", &bob)]).await;
    let csrf_b = forms(&page.body).0.unwrap();
    let whole = plays_of(&page.body, "resign")
        .into_iter()
        .find(|p| p.ends_with(":resign-match"))
        .unwrap();
    let ask = send(bob.clone(), whole.clone(), csrf_b.clone(), String::new()).await;
    assert_eq!(ask.status, 200, "{ask:?}");
    assert!(ask.body.contains("Resign the whole match?"), "{}", ask.body);
    assert!(ask.body.contains(&format!("href=\"{table_path}\"")));
    assert!(!site
        .services
        .host
        .table(id)
        .await
        .unwrap()
        .game
        .is_finished());
    let key = "name=\"confirm\" value=\"";
    let at = ask.body.find(key).unwrap() + key.len();
    let until = &ask.body[at..at + ask.body[at..].find('"').unwrap()];
    let a = send(
        bob.clone(),
        whole.clone(),
        csrf_b.clone(),
        format!("&confirm={until}"),
    )
    .await;
    assert_eq!(a.status, 303, "{a:?}");
    let m = site.services.host.table(id).await.unwrap().game;
    assert!(m.is_finished());
    // A Yes after its minute is refused (the question's time is long gone).
    let id2 = site.start(ON, "alice", "bob").await;
    let page = site
        .get(&format!("/m/{}", id2.0), &[("Cookie", &bob)])
        .await;
    let whole = plays_of(&page.body, "resign")
        .into_iter()
        .find(|p| p.ends_with(":resign-match"))
        .unwrap();
    let form = format!("play={}&csrf={csrf_b}&confirm=1", whole.replace(':', "%3A"));
    let a = post(
        site.addr,
        &format!("/m/{}/act", id2.0),
        &[("Cookie", &bob), origin],
        &form,
    )
    .await;
    assert_eq!(a.status, 409, "{a:?}");
    assert!(a.body.contains("expired"), "{}", a.body);
    assert!(!site
        .services
        .host
        .table(id2)
        .await
        .unwrap()
        .game
        .is_finished());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_and_actions_are_counted_per_address_and_per_player() {
    let site = Site::with_request_limits(
        "session-limits",
        fourbot_web::RequestLimits {
            actions_per_user: 2,
            actions_per_address: 100,
            pages_per_address: 4,
        },
    )
    .await;
    let id = site.start(ON, "alice", "bob").await;
    // The link and three pages: the fifth page in the minute is refused,
    // with the wait, in the reader's language.
    let alice = sit_down(&site, id, ALICE).await;
    let page = site
        .get(&format!("/m/{}", id.0), &[("Cookie", &alice)])
        .await;
    let (csrf, plays) = forms(&page.body);
    let csrf = csrf.unwrap();
    for _ in 0..2 {
        assert_eq!(site.get(&format!("/m/{}", id.0), &[]).await.status, 200);
    }
    let refused = site.get(&format!("/m/{}?lang=de", id.0), &[]).await;
    assert_eq!(refused.status, 429, "{refused:?}");
    let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert!(
        refused.body.contains("Zu viele Anfragen"),
        "{}",
        refused.body
    );
    // Two actions a minute for Alice: the third (even a refused one
    // counts as sent) is 429, and nothing is played by it.
    let act = format!("/m/{}/act", id.0);
    let origin = ("Origin", "http://c4.test");
    let d = plays.iter().find(|p| p.ends_with(":drop:d")).unwrap();
    let form = format!("play={}&csrf={csrf}", d.replace(':', "%3A"));
    let first = post(site.addr, &act, &[("Cookie", &alice), origin], &form).await;
    assert_eq!(first.status, 303);
    let second = post(site.addr, &act, &[("Cookie", &alice), origin], &form).await;
    assert_eq!(second.status, 409, "not her turn any more");
    let third = post(site.addr, &act, &[("Cookie", &alice), origin], &form).await;
    assert_eq!(third.status, 429, "{third:?}");
    let table = site.services.host.table(id).await.unwrap();
    assert_eq!(table.game.current_game().game().moves().len(), 1);
}

/// What table.js needs for pointing (docs/web.md, "Pointing at the
/// board"): on the seated player's page only, in their language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_page_carries_the_pointing_words_the_disc_and_the_turn() {
    let site = Site::new("session-pointing").await;
    let id = site.start(ON, "alice", "bob").await;
    let alice = sit_down(&site, id, ALICE).await;
    let page = site
        .get(&format!("/m/{}", id.0), &[("Cookie", &alice)])
        .await;
    for part in [
        "data-turn=\"1.1\"",
        "data-chosen=\"Column {column} chosen: tap it again or press Enter to drop.\"",
        "data-full=\"Column {column} is full.\"",
        "<template id=\"hover-disc\">",
        "1–7 drop straight into that column.",
    ] {
        assert!(page.body.contains(part), "{part}: {}", page.body);
    }
    // Her disc: red with its ring (two circles), no style attribute.
    let template = page
        .body
        .split("<template id=\"hover-disc\">")
        .nth(1)
        .and_then(|t| t.split("</template>").next())
        .unwrap();
    assert_eq!(template.matches("<circle").count(), 2, "{template}");
    assert!(template.contains("data-headroom="), "{template}");
    assert!(!template.contains("style="), "{template}");
    // In German.
    let page = site
        .get(&format!("/m/{}?lang=de", id.0), &[("Cookie", &alice)])
        .await;
    assert!(
        page.body
            .contains("data-full=\"Spalte {column} ist voll.\""),
        "{}",
        page.body
    );
    // A spectator's page has none of it; the stream tells the turn.
    let page = site.get(&format!("/m/{}", id.0), &[]).await;
    assert!(!page.body.contains("hover-disc"), "{}", page.body);
    assert!(!page.body.contains("data-chosen"), "{}", page.body);
    let mut stream = events(site.addr, &format!("/m/{}/events", id.0)).await;
    let first = stream
        .next(std::time::Duration::from_secs(2))
        .await
        .unwrap();
    assert_eq!(first["turn"], "1.1");
    site.play(id, ALICE, "d").await;
    let next = stream
        .next(std::time::Duration::from_secs(2))
        .await
        .unwrap();
    assert_eq!(next["turn"], "1.2");
    // Bob's turn: Alice's page says so and offers no move.
    let page = site
        .get(&format!("/m/{}", id.0), &[("Cookie", &alice)])
        .await;
    assert!(page.body.contains("data-turn=\"1.2\""), "{}", page.body);
    assert!(!page.body.contains("drop straight"), "{}", page.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_players_pages_speak_their_settings_language_unless_the_address_asks_another() {
    use fourbot_host::settings::PlayerChange;
    use fourbot_host::{NameSource, Seated};
    use fourbot_i18n::Locale;

    let site = Site::new("session-language").await;
    let id = site.start(ON, "alice", "bob").await;
    let alice = sit_down(&site, id, ALICE).await;
    let path = format!("/m/{}", id.0);
    let english = [("Cookie", alice.as_str()), ("Accept-Language", "en-US")];
    let page = site.get(&path, &english).await;
    assert!(page.body.contains("<html lang=\"en-US\""), "{}", page.body);
    // Alice's /settings language is Italian: her pages speak it, whatever
    // her browser asks for; a spectator's browser is still heard.
    let me = Seated {
        id: ALICE,
        name: "alice".into(),
        ai_level: None,
        source: NameSource::Stored,
    };
    let change = PlayerChange {
        language: Some(Some(Locale::It)),
        ..PlayerChange::default()
    };
    site.services
        .settings
        .change_player(&me, change)
        .await
        .unwrap();
    let page = site.get(&path, &english).await;
    assert!(page.body.contains("<html lang=\"it\""), "{}", page.body);
    assert!(
        page.body.contains("Giochi con Rosso (anello)."),
        "{}",
        page.body
    );
    let spectator = site.get(&path, &[("Accept-Language", "en-US")]).await;
    assert!(spectator.body.contains("<html lang=\"en-US\""));
    // The address's ?lang= still wins.
    let page = site.get(&format!("{path}?lang=de"), &english).await;
    assert!(page.body.contains("<html lang=\"de\""), "{}", page.body);
}
