//! The user command Challenge (issue 35 §2): right-click a member, Apps →
//! Challenge, a private form with the server's default variant and time
//! chosen and a select for each; Challenge posts the challenge as
//! `/challenge` would.

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::{json, Value};

/// `user` right-clicks `target`, Apps → Challenge; the interaction and
/// the form, once shown.
async fn form(fake: &FakeDiscord, user: TestUser, target: TestUser) -> (u64, Value) {
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        user_command_json(iid, user, CHANNEL_ID, "Challenge", target),
    );
    let shown = fake
        .wait_for("the challenge form", |f| {
            f.original(iid).filter(|m| {
                is_private(m) && m["components"].as_array().is_some_and(|c| c.len() == 3)
            })
        })
        .await;
    (iid, shown)
}

/// The form of interaction `iid` once a press on it (`pressed`) was
/// answered with an update.
async fn updated(fake: &FakeDiscord, iid: u64, pressed: u64) -> Value {
    update_by(fake, pressed).await;
    fake.original(iid).expect("the form")
}

/// The custom id of the component of `form` in row `row`.
fn part(form: &Value, row: usize) -> String {
    form["components"][row]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The chosen option's value of the select in row `row`.
fn chosen(form: &Value, row: usize) -> String {
    form["components"][row]["components"][0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["default"] == json!(true))
        .map(|o| o["value"].as_str().unwrap().to_string())
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_is_challenged_from_their_apps_menu_with_the_defaults_changed_in_two_choices() {
    let (fake, bot) = start("challenge-menu").await;
    let (iid, shown) = form(&fake, ALICE, BOB).await;
    let text = shown["content"].as_str().unwrap();
    assert!(
        text.starts_with(&format!(
            "Challenge <@{}> to a match: Classic, 10+10.",
            BOB.id
        )),
        "{text}"
    );
    assert_eq!(chosen(&shown, 0), "classic");
    assert_eq!(chosen(&shown, 1), "10+10");
    // Two players only: three-player and team variants need more names.
    let variants = shown["components"][0]["components"][0]["options"].to_string();
    assert!(
        !variants.contains("\"teams\"") && variants.contains("\"popout\""),
        "{variants}"
    );

    let pick = choose(&fake, ALICE, &shown, &part(&shown, 0), &["popout"]);
    let shown = updated(&fake, iid, pick).await;
    assert!(
        shown["content"].as_str().unwrap().contains("PopOut, 10+10"),
        "{shown}"
    );
    let pick = choose(&fake, ALICE, &shown, &part(&shown, 1), &["3+2"]);
    let shown = updated(&fake, iid, pick).await;
    assert_eq!(chosen(&shown, 0), "popout");
    assert_eq!(chosen(&shown, 1), "3+2");

    let go = press(&fake, ALICE, &shown, &part(&shown, 2));
    // The challenge, public, pinging Bob, on the chosen terms.
    let posted = fake
        .wait_for("the challenge", |f| {
            f.messages_in(CHANNEL_ID).into_iter().find(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|t| t.contains("PopOut") && t.contains("3+2"))
                    && !is_private(m)
            })
        })
        .await;
    assert!(posted["content"]
        .as_str()
        .unwrap()
        .contains(&format!("<@{}>", BOB.id)));
    // The form (the message pressed, the press's `@original`) became the
    // private "posted" answer.
    let _ = go;
    let answered = fake
        .wait_for("the form's answer", |f| {
            f.original(iid).filter(|m| {
                m["content"].as_str().is_some_and(|t| t.contains("Posted"))
                    && m["components"].as_array().is_none_or(|c| c.is_empty())
            })
        })
        .await;
    assert!(is_private(&answered), "{answered}");
    // Bob accepts: the match is PopOut, 3+2.
    let t = accept_all(&fake, go, &[BOB]).await;
    t.turn(1, 1).await;
    let db = fourbot::store::Db::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    let detail = db
        .match_detail(fourbot::store::MatchId(t.match_id.parse().unwrap()))
        .await
        .unwrap();
    assert_eq!(detail.time_control, "3+2");
    assert_eq!(detail.variant, fourbot::game::Variant::Popout);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_form_speaks_the_challengers_language_and_a_refusal_leaves_it_for_another_try() {
    let (fake, _bot) = start("challenge-menu-de").await;
    let german = ask(&fake, ALICE, "settings", &[("language", 3, json!("de"))]);
    private_reply(&fake, german).await;
    let (_, shown) = form(&fake, ALICE, OTHER_BOT).await;
    let text = shown["content"].as_str().unwrap();
    assert!(text.contains("zu einem Match herausfordern"), "{text}");
    assert_eq!(
        shown["components"][2]["components"][0]["label"],
        json!("Herausfordern")
    );
    // Another bot cannot be challenged: refused privately, in German, and
    // the form stays.
    let go = press(&fake, ALICE, &shown, &part(&shown, 2));
    let refused = fake
        .wait_for("the refusal", |f| {
            let texts = private_texts(f, go);
            texts.into_iter().find(|t| !t.is_empty())
        })
        .await;
    assert!(refused.contains("Bot"), "{refused}");
    assert!(fake
        .original(go)
        .is_none_or(|m| m["components"].as_array().is_some_and(|c| c.len() == 3)));
}
