//! A create-message that Discord carried out but answered with a 500 (the
//! bot cannot tell it was done, and retries): every turn and end post
//! carries a nonce with `enforce_nonce`, the same across the retries of one
//! post, so the retry gets the first message back and nothing is posted
//! twice — also when the end is posted again after a restart. The fake
//! honours `enforce_nonce` as Discord does and injects
//! [`Fault::ServerErrorAfterDoing`]. See `docs/reliability.md`.

use crate::support::{fake, harness};

use std::time::Duration;

use fake::*;
use harness::*;
use serde_json::Value;

/// The create-message requests into `thread` that the fake recorded (a
/// request answered 500 after it was carried out is recorded too).
fn posts(fake: &FakeDiscord, thread: u64) -> Vec<Value> {
    let path = format!("/api/v10/channels/{thread}/messages");
    fake.requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path == path)
        .map(|r| r.json)
        .collect()
}

/// The messages of `thread` whose buttons include one starting with
/// `prefix`.
fn with_button(fake: &FakeDiscord, thread: u64, prefix: &str) -> Vec<Value> {
    fake.messages_in(thread)
        .into_iter()
        .filter(|m| buttons(m).iter().any(|(b, _)| b.starts_with(prefix)))
        .collect()
}

/// The statuses the fake answered to the posts into `thread`, in order.
fn statuses(fake: &FakeDiscord, thread: u64) -> Vec<u16> {
    let path = format!("/api/v10/channels/{thread}/messages");
    fake.served()
        .into_iter()
        .filter(|s| s.method == "POST" && s.path == path)
        .map(|s| s.status)
        .collect()
}

/// From now on no interaction token works (Discord answers 50027): every
/// post takes the channel path, where nonces apply. (Follow-ups take no
/// nonce: `an_end_follow_up_created_but_answered_500_…` below.)
fn channel_path_only(fake: &FakeDiscord) {
    fake.set_token_lifetime(Duration::ZERO);
}

async fn a_turn_created_but_answered_500_is_retried_with_its_nonce_and_posted_once(api: Api) {
    let (fake, _bot, _front) = start_via(api, "nonce-turn", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    channel_path_only(&fake);
    let first = t.turn(1, 1).await;
    let before = posts(&fake, t.thread).len();
    let path = format!("/api/v10/channels/{}/messages", t.thread);
    fake.inject("POST", &path, Fault::ServerErrorAfterDoing, 1);
    t.press_drop(1, 1, 'd').await;
    // The turn 1.2 is created, answered 500, posted again with the same
    // nonce and answered with the first message.
    fake.wait_for("the retry", |f| {
        (statuses(f, t.thread).ends_with(&[500, 200])).then_some(())
    })
    .await;
    let sent = posts(&fake, t.thread);
    let retried = &sent[before..];
    assert_eq!(retried.len(), 2, "the post and its retry");
    let nonce = retried[0]["nonce"].as_str().unwrap();
    assert!(!nonce.is_empty() && nonce.len() <= 25, "{nonce}");
    assert_eq!(retried[1]["nonce"], retried[0]["nonce"], "the same nonce");
    assert_eq!(retried[0]["enforce_nonce"], true);
    let key = format!("m:{}:1.2:", t.match_id);
    let turn = with_button(&fake, t.thread, &key);
    assert_eq!(turn.len(), 1, "turn 1.2 is posted once: {turn:?}");
    // The old turn loses its buttons (the retry returned the message the
    // new buttons are on), and the match goes on from that message.
    eventually("turn 1.1 without buttons", Duration::from_secs(15), || {
        fake.message(id_of(&first))
            .is_some_and(|m| buttons(&m).is_empty())
    })
    .await;
    t.play(1, 2, 'c').await;
    let shown: Vec<Value> = fake
        .messages_in(t.thread)
        .into_iter()
        .filter(|m| m["nonce"] == retried[0]["nonce"])
        .collect();
    assert_eq!(shown.len(), 1, "one message for turn 1.2: {shown:?}");
    let next = with_button(&fake, t.thread, &format!("m:{}:1.3:", t.match_id));
    assert_eq!(next.len(), 1);
    assert_ne!(next[0]["nonce"], retried[0]["nonce"], "each turn its own");
}
on_both_paths!(a_turn_created_but_answered_500_is_retried_with_its_nonce_and_posted_once);

async fn an_end_created_but_answered_500_is_posted_once_and_the_thread_archived(api: Api) {
    let (fake, _bot, _front) = start_via(api, "nonce-end", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    channel_path_only(&fake);
    t.play(1, 1, 'd').await;
    let msg = t.turn(1, 2).await;
    let path = format!("/api/v10/channels/{}/messages", t.thread);
    fake.inject("POST", &path, Fault::ServerErrorAfterDoing, 2);
    t.resign_match(&msg).await;
    eventually("the thread archived", Duration::from_secs(15), || {
        archived(&fake, t.thread) == Some(true)
    })
    .await;
    assert!(statuses(&fake, t.thread).ends_with(&[500, 500, 200]));
    let rematch = format!("m:{}:rematch", t.match_id);
    let ends = with_button(&fake, t.thread, &rematch);
    assert_eq!(ends.len(), 1, "the end is posted once: {ends:?}");
    assert!(ends[0]["content"].as_str().unwrap().contains("resign"));
    assert!(buttons(&fake.message(id_of(&msg)).unwrap()).is_empty());
}
on_both_paths!(an_end_created_but_answered_500_is_posted_once_and_the_thread_archived);

async fn an_end_created_before_a_kill_but_never_confirmed_is_not_posted_again_after_the_restart(
    api: Api,
) {
    let (fake, mut bot, _front) = start_via(api, "nonce-kill", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    channel_path_only(&fake);
    // Both move first: a match in which a player made no move is aborted,
    // unrated (docs/rules.md §4), and this test needs a rated end.
    t.play(1, 1, 'd').await;
    t.play(1, 2, 'd').await;
    let msg = t.turn(1, 3).await;
    // Discord creates the end but answers every attempt with 500: the bot
    // never learns that it was posted, so it does not save it as posted.
    let path = format!("/api/v10/channels/{}/messages", t.thread);
    fake.inject("POST", &path, Fault::ServerErrorAfterDoing, 1_000);
    t.resign_match(&msg).await;
    let rematch = format!("m:{}:rematch", t.match_id);
    fake.wait_for("the end created", |f| {
        let ends = with_button(f, t.thread, &rematch);
        (!ends.is_empty() && statuses(f, t.thread).ends_with(&[500, 500])).then_some(())
    })
    .await;
    bot.kill().await;
    fake.clear_faults();
    fake.forget_session();
    let before = posts(&fake, t.thread).len();
    bot.restart(&fake).await;
    // The restart posts the end again (its posting was never saved) — but
    // first reads the thread's last messages, finds the end there, and
    // sends nothing (were it sent, its nonce would get the same message
    // back: the other tests here).
    eventually("the thread archived", Duration::from_secs(15), || {
        archived(&fake, t.thread) == Some(true)
    })
    .await;
    let sent = posts(&fake, t.thread);
    assert_eq!(sent.len(), before, "the end is not sent again");
    let ends = with_button(&fake, t.thread, &rematch);
    assert_eq!(ends.len(), 1, "and shown once: {ends:?}");
    assert!(buttons(&fake.message(id_of(&msg)).unwrap()).is_empty());
    assert_eq!(
        rating_changes_of(&bot.dir, &t.match_id).await,
        2,
        "rated once"
    );
}
on_both_paths!(
    an_end_created_before_a_kill_but_never_confirmed_is_not_posted_again_after_the_restart
);

async fn an_end_follow_up_created_but_answered_500_is_found_and_not_posted_again(api: Api) {
    let (fake, _bot, _front) = start_via(api, "nonce-followup-end", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    let msg = t.turn(1, 2).await;
    // The end is a follow-up of the Yes press; Discord creates it and
    // answers 500 (or drops the answer): the bot reads the thread's last
    // messages, finds it, and posts nothing more.
    fake.inject(
        "POST",
        &format!("/webhooks/{BOT_ID}/token-"),
        Fault::ServerErrorAfterDoing,
        1,
    );
    let yes = t.resign_match(&msg).await;
    eventually("the thread archived", Duration::from_secs(15), || {
        archived(&fake, t.thread) == Some(true)
    })
    .await;
    let rematch = format!("m:{}:rematch", t.match_id);
    let ends = with_button(&fake, t.thread, &rematch);
    assert_eq!(ends.len(), 1, "the end is posted once: {ends:?}");
    let statuses: Vec<u16> = fake
        .served()
        .into_iter()
        .filter(|s| s.method == "POST" && s.path == followup_path(yes))
        .map(|s| s.status)
        .collect();
    assert_eq!(statuses, [500], "not posted again");
    let read = format!("/api/v10/channels/{}/messages", t.thread);
    assert!(
        fake.served()
            .iter()
            .any(|s| s.method == "GET" && s.path == read),
        "the thread was read"
    );
    assert!(buttons(&fake.message(id_of(&msg)).unwrap()).is_empty());
}
on_both_paths!(an_end_follow_up_created_but_answered_500_is_found_and_not_posted_again);
