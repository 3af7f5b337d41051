//! A phone-safe table (issue 18, §2.3): Resign match asks first, privately,
//! and only Yes within the minute resigns; popout's pop row is in
//! `discord::a_popout_game_played_with_pop_buttons_is_drawn_by_threefold_repetition`.

use crate::support::{fake, harness};

use fake::*;
use harness::*;

/// The callback the bot sent for `interaction`.
async fn callback(fake: &FakeDiscord, interaction: u64) -> Recorded {
    fake.wait_for("the callback", |f| {
        f.requests()
            .into_iter()
            .find(|r| r.path == callback_path(interaction))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_match_asks_privately_and_only_yes_within_the_minute_resigns() {
    let (fake, _bot) = start("resign-ask").await;
    let t = Table::open(&fake).await;
    t.play(1, 1, 'd').await;
    t.play(1, 2, 'd').await;
    let turn = t.turn(1, 3).await;
    // Alice taps Resign match: a private question with Yes and No.
    let question = t.ask_resign(ALICE, &turn).await;
    assert_eq!(question["flags"], 64, "private: {question}");
    let text = question["content"].as_str().unwrap();
    assert!(
        text.starts_with("Resign the whole match?") && text.contains("<t:"),
        "{text}"
    );
    let answers: Vec<String> = buttons(&question).into_iter().map(|(id, _)| id).collect();
    assert_eq!(answers.len(), 2, "{question}");
    let (yes, no) = (&answers[0], &answers[1]);
    assert!(yes.ends_with(":yes") && no.ends_with(":no"), "{answers:?}");
    // No: she plays on; the question loses its buttons.
    let i = press(&fake, ALICE, &question, no);
    let r = callback(&fake, i).await;
    assert_eq!(r.json["type"], 7, "{:?}", r.json);
    assert_eq!(r.json["data"]["content"], "You play on.");
    assert_eq!(r.json["data"]["components"], serde_json::json!([]));
    // A Yes past its minute does not resign (the unix second 1 is long
    // gone).
    let expired = format!("r:{}:1:yes", t.match_id);
    let i = press(&fake, ALICE, &question, &expired);
    let r = callback(&fake, i).await;
    assert_eq!(r.json["type"], 7);
    assert!(
        r.json["data"]["content"]
            .as_str()
            .unwrap()
            .contains("has expired"),
        "{:?}",
        r.json
    );
    // The match goes on.
    t.play(1, 3, 'c').await;
    // Bob resigns for real: Yes ends the match, Alice wins it.
    let turn = t.turn(1, 4).await;
    t.resign_match_by(BOB, &turn).await;
    let over = t.message_with(":rematch").await;
    let text = over["content"].as_str().unwrap();
    assert!(text.contains("resign"), "{text}");
    assert_eq!(t.turns(1, 5), 0, "no turn after the resignation");
}

/// Alice and Bob play one ply each, then Bob resigns: the match's end
/// message, with its Rematch button.
async fn resigned(t: &Table) -> serde_json::Value {
    t.play(1, 1, 'd').await;
    t.play(1, 2, 'd').await;
    let turn = t.turn(1, 3).await;
    t.resign_match_by(BOB, &turn).await;
    t.message_with(":rematch").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_follows_the_rules_of_a_challenge() {
    let (fake, _bot) = start("rematch-rules").await;
    let t = Table::open(&fake).await;
    let over = resigned(&t).await;
    let rematch = format!("m:{}:rematch", t.match_id);
    // The server no longer allows classic: the rematch is refused.
    let saved = private_reply(
        &fake,
        config(&fake, MONA, &[("variants", 3, serde_json::json!("popout"))]),
    )
    .await;
    assert!(saved.contains("saved"), "{saved}");
    let r = press_now(&fake, ALICE, id_of(&over), &rematch).await;
    assert!(r.text().contains("not allowed"), "{r:?}");
    // Allowed again, but Alice and Bob have started another match: a
    // second one between them is refused.
    private_reply(
        &fake,
        config(&fake, MONA, &[("variants", 3, serde_json::json!("all"))]),
    )
    .await;
    let other = challenge(&fake, BOB, ALICE);
    accept_all(&fake, other, &[ALICE]).await;
    let r = press_now(&fake, ALICE, id_of(&over), &rematch).await;
    assert!(r.text().contains("already have a match running"), "{r:?}");
    assert_eq!(
        fake.messages_in(t.thread)
            .iter()
            .filter(|m| buttons(m)
                .iter()
                .any(|(b, _)| !b.starts_with(&format!("m:{}:", t.match_id)) && b.starts_with("m:")))
            .count(),
        0,
        "no rematch started in the old thread"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_offer_expires_like_a_challenge() {
    let (fake, _bot) =
        start_with("rematch-expiry", &[("FOURBOT_CHALLENGE_EXPIRY_SECS", "1")]).await;
    let t = Table::open(&fake).await;
    let over = resigned(&t).await;
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    let rematch = format!("m:{}:rematch", t.match_id);
    let r = press_now(&fake, ALICE, id_of(&over), &rematch).await;
    assert!(r.text().contains("rematch offer has expired"), "{r:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_refused_to_a_banned_player_and_outside_the_match_channel() {
    let (fake, _bot) = start("rematch-ban-channel").await;
    let t = Table::open(&fake).await;
    let over = resigned(&t).await;
    let rematch = format!("m:{}:rematch", t.match_id);
    // Bob is banned from rated matches: neither player may start the
    // rated rematch.
    let banned = private_reply(
        &fake,
        ladder(&fake, MONA, "ban", &[user_opt("user", BOB)], &[BOB]),
    )
    .await;
    assert!(banned.contains("bob is banned"), "{banned}");
    let r = press_now(&fake, ALICE, id_of(&over), &rematch).await;
    assert!(r.text().contains("bob is banned"), "{r:?}");
    let r = press_now(&fake, BOB, id_of(&over), &rematch).await;
    assert!(r.text().contains("You are banned"), "{r:?}");
    private_reply(
        &fake,
        ladder(&fake, MONA, "unban", &[user_opt("user", BOB)], &[BOB]),
    )
    .await;
    // Matches now start in another channel only: the rematch in this
    // channel's thread is refused, naming the match channel.
    let elsewhere = CHANNEL_ID + 1000;
    private_reply(
        &fake,
        config(
            &fake,
            MONA,
            &[("channel", 7, serde_json::json!(elsewhere.to_string()))],
        ),
    )
    .await;
    let r = press_now(&fake, ALICE, id_of(&over), &rematch).await;
    assert!(r.text().contains(&format!("<#{elsewhere}>")), "{r:?}");
    assert!(
        !fake.messages_in(t.thread).iter().any(|m| buttons(m)
            .iter()
            .any(|(b, _)| b.starts_with("m:") && !b.starts_with(&format!("m:{}:", t.match_id)))),
        "no rematch started"
    );
}

/// The requests that edited `press`'s original response (the pressed
/// message), in order.
fn original_edits(fake: &FakeDiscord, press: u64) -> Vec<Recorded> {
    let original = format!("{}/messages/@original", followup_path(press));
    fake.requests()
        .into_iter()
        .filter(|r| r.method == "PATCH" && r.path == original)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_movers_drop_takes_the_turns_buttons_off_with_its_acknowledgement() {
    let (fake, _bot) = start("drop-update").await;
    let t = Table::open(&fake).await;
    let first = t.turn(1, 1).await;
    let i = t.press_drop(1, 1, 'd').await;
    // The acknowledgement itself takes the turn's buttons off (issue 33
    // §5: one request per move fewer than a deferred update and an edit).
    let r = callback(&fake, i).await;
    assert_eq!(r.json["type"], 7, "{:?}", r.json);
    assert_eq!(r.json["data"]["components"], serde_json::json!([]));
    let second = t.turn(1, 2).await;
    assert!(
        buttons(&fake.message(id_of(&first)).unwrap()).is_empty(),
        "the played turn keeps no buttons"
    );
    // Bob's drop on the next turn: again one callback, and the turn
    // before it is not edited once the next is posted.
    let j = t.press_drop(1, 2, 'c').await;
    assert_eq!(callback(&fake, j).await.json["type"], 7);
    t.turn(1, 3).await;
    assert!(buttons(&fake.message(id_of(&second)).unwrap()).is_empty());
    assert!(original_edits(&fake, i).is_empty(), "no edit of turn 1");
    assert!(original_edits(&fake, j).is_empty(), "no edit of turn 2");
    // Anyone else's press on the live turn is acknowledged without
    // touching its buttons, and refused privately.
    let third = t.turn(1, 3).await;
    let k = press(&fake, BOB, &third, &format!("m:{}:1.3:drop:a", t.match_id));
    assert_eq!(callback(&fake, k).await.json["type"], 6);
    assert!(!private_followup(&fake, k).await.is_empty());
    assert!(!buttons(&fake.message(id_of(&third)).unwrap()).is_empty());
    t.play(1, 3, 'e').await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_drop_gets_its_turns_buttons_back() {
    let (fake, _bot) = start("drop-refused").await;
    let t = Table::open(&fake).await;
    let first = t.turn(1, 1).await;
    let live = buttons(&first);
    // Alice types her move; its turn is held on its way to Discord, so
    // the turn she typed on is still the live one when she also presses a
    // column there (a second device, a double move).
    fake.slow("POST", "", std::time::Duration::from_secs(2), 1);
    t.typed(ALICE, "d");
    fake.wait_for("the next turn held", |f| {
        (!f.held().is_empty()).then_some(())
    })
    .await;
    let i = press(
        &fake,
        ALICE,
        &first,
        &format!("m:{}:1.1:drop:a", t.match_id),
    );
    assert_eq!(callback(&fake, i).await.json["type"], 7);
    // The drop is refused (the turn was played): the buttons come back as
    // they were, and she is told why.
    let back = fake
        .wait_for("the buttons put back", |f| {
            original_edits(f, i).into_iter().next()
        })
        .await;
    assert_eq!(buttons(&back.json), live, "{:?}", back.json);
    assert!(!private_followup(&fake, i).await.is_empty());
    // The held turn arrives, and the turn before it loses its buttons for
    // good (with the same press's token).
    t.turn(1, 2).await;
    fake.wait_for("the old turn without buttons", |f| {
        buttons(&f.message(id_of(&first)).unwrap())
            .is_empty()
            .then_some(())
    })
    .await;
    assert_eq!(original_edits(&fake, i).len(), 2);
    t.play(1, 2, 'd').await;
}
