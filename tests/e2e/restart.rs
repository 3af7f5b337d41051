//! Nothing of a Discord community's state lives outside the database
//! (issue 9): the real `fourbot` binary against the fake Discord, killed and
//! started again on the same database.

use crate::support::{fake, harness};

use std::time::Duration;

use fake::*;
use harness::*;
use serde_json::json;
use sqlx::Connection;

/// The thread-creation requests on message `m` so far.
fn threads_opened_on(fake: &FakeDiscord, m: u64) -> usize {
    let path = format!("/api/v10/channels/{CHANNEL_ID}/messages/{m}/threads");
    fake.requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == path)
        .count()
}

/// The `<t:UNIX:R>` deadline in a message's text, in seconds since 1970.
fn deadline_secs(text: &str) -> i64 {
    let start = text.find("<t:").expect("a deadline") + 3;
    let end = start + text[start..].find(':').unwrap();
    text[start..end].parse().unwrap()
}

fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_servers_match_restored_after_a_restart_still_posts_in_german() {
    let (fake, mut bot) = start_with("restart-german", &[]).await;
    let set = command(&fake, MONA, "config", &[("language", 3, json!("de"))], &[]);
    // The reply that says it is saved: the callback is the deferral, sent
    // before the setting is stored (a challenge right after it raced the
    // store under load and came out in English).
    private_reply(&fake, set).await;
    let iid = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, iid).await;
    let text = msg["content"].as_str().unwrap();
    assert!(text.contains("fordert"), "German: {text}");
    press(&fake, BOB, &msg, &custom_ids(&msg)[0]);
    let thread = id_of(&msg);
    let first = first_turn(&fake, thread).await;
    bot.kill().await;
    bot.restart(&fake).await;
    let notice = fake
        .wait_for("the restart notice", |f| {
            f.messages_in(thread).into_iter().find(|m| {
                let t = m["content"].as_str().unwrap_or("");
                t.contains("Der Bot wurde neu gestartet") || t.contains("The bot restarted")
            })
        })
        .await;
    let text = notice["content"].as_str().unwrap();
    assert!(text.contains("Der Bot wurde neu gestartet"), "{text}");
    // The old turn's buttons still play, into the same thread.
    let drop = custom_ids(&first)
        .into_iter()
        .find(|id| id.ends_with(":drop:d"))
        .unwrap();
    press(&fake, ALICE, &first, &drop);
    let second = fake
        .wait_for("ply 2", |f| {
            f.messages_in(thread)
                .into_iter()
                .find(|m| custom_ids(m).iter().any(|id| id.contains(":1.2:drop:")))
        })
        .await;
    assert!(
        !second["content"].as_str().unwrap().contains(" to move"),
        "German, not English: {second}"
    );
    assert!(!bot.stderr().contains(TOKEN));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_an_old_challenge_is_accepted_and_an_old_seek_joined() {
    let (fake, mut bot) = start_with("restart-offers", &[]).await;
    let iid = challenge(&fake, ALICE, BOB);
    let challenge_msg = posted_by(&fake, iid).await;
    let sid = command(&fake, CAROL, "seek", &[], &[]);
    let seek_msg = posted_by(&fake, sid).await;
    bot.kill().await;
    bot.restart(&fake).await;

    let accept = press(&fake, BOB, &challenge_msg, &custom_ids(&challenge_msg)[0]);
    update_by(&fake, accept).await;
    let thread = id_of(&challenge_msg);
    first_turn(&fake, thread).await;
    let now = fake.message(thread).unwrap();
    assert!(custom_ids(&now).is_empty(), "accepted: no buttons: {now}");

    let join = press(&fake, DAVE, &seek_msg, &custom_ids(&seek_msg)[0]);
    update_by(&fake, join).await;
    let thread = id_of(&seek_msg);
    let first = first_turn(&fake, thread).await;
    assert!(
        first["content"]
            .as_str()
            .unwrap()
            .starts_with(&format!("<@{}>", CAROL.id)),
        "the seeker is p1: {first}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_that_expired_while_the_bot_was_down_is_closed_at_start_and_refused() {
    let (fake, mut bot) =
        start_with("restart-expired", &[("FOURBOT_CHALLENGE_EXPIRY_SECS", "2")]).await;
    let iid = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, iid).await;
    offer_message_stored(&bot.dir, id_of(&msg)).await;
    bot.kill().await;
    let expires = deadline_secs(msg["content"].as_str().unwrap());
    // The expiry passes while the bot is down.
    while now_secs() <= expires {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bot.restart(&fake).await;
    // At start-up its timer is re-armed, finds it due and takes the
    // buttons away with the expiry notice.
    let edit = fake
        .wait_for("the expiry edit", |f| {
            f.requests().into_iter().find(|r| {
                r.method == "PATCH"
                    && r.path
                        .ends_with(&format!("token-{iid}/messages/{}", id_of(&msg)))
            })
        })
        .await;
    assert!(
        edit.json["content"]
            .as_str()
            .unwrap()
            .contains("Nobody answered in time"),
        "{}",
        edit.json
    );
    assert_eq!(edit.json["components"], json!([]));
    // A press on the old buttons is refused privately as expired, and the
    // message keeps no buttons.
    let late = press(&fake, BOB, &msg, &custom_ids(&msg)[0]);
    let update = update_by(&fake, late).await;
    assert_eq!(update["components"], json!([]), "{update}");
    assert!(private_followup(&fake, late).await.contains("expired"));
    assert_eq!(threads_opened_on(&fake, id_of(&msg)), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_simultaneous_accept_presses_start_one_match() {
    let (fake, _bot) = start_with("double-accept", &[]).await;
    let iid = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, iid).await;
    let accept = custom_ids(&msg)[0].clone();
    let a = press(&fake, BOB, &msg, &accept);
    let b = press(&fake, BOB, &msg, &accept);
    // One press updates the message; the other is refused privately.
    let (update, refusal) = fake
        .wait_for("an update and a refusal", |f| {
            let texts = [private_texts(f, a), private_texts(f, b)].concat();
            let updated = [a, b]
                .iter()
                .filter(|i| update_of(f, **i).is_some())
                .count();
            (updated >= 1 && !texts.is_empty()).then_some((updated, texts))
        })
        .await;
    assert_eq!(update, 1, "one update");
    assert!(refusal[0].contains("already"), "{refusal:?}");
    first_turn(&fake, id_of(&msg)).await;
    assert_eq!(threads_opened_on(&fake, id_of(&msg)), 1, "one match");
}

/// A moderator sets the server's challenge expiry; the private reply.
async fn set_expiry(fake: &FakeDiscord, minutes: i64) -> String {
    let options = [("challenge-expiry", 4, json!(minutes))];
    let i = command(fake, MONA, "config", &options, &[]);
    private_reply(fake, i).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_challenge_expiry_is_the_servers_setting() {
    let (fake, _bot) = start_with("config-expiry", &[]).await;
    let iid = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, iid).await;
    let left = deadline_secs(msg["content"].as_str().unwrap()) - now_secs();
    assert!(
        (590..=610).contains(&left),
        "10 minutes by default: {left}s"
    );

    let text = set_expiry(&fake, 15).await;
    assert!(text.contains("14 minutes"), "{text}");
    let text = set_expiry(&fake, 2).await;
    assert!(text.contains("Challenge expiry: 2 minutes"), "{text}");
    let iid = challenge(&fake, CAROL, DAVE);
    let msg = posted_by(&fake, iid).await;
    let left = deadline_secs(msg["content"].as_str().unwrap()) - now_secs();
    assert!((110..=130).contains(&left), "2 minutes: {left}s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_press_after_a_restart_is_acknowledged_in_time_while_registration_is_slow() {
    let (fake, mut bot) = start_with("restart-slow-registration", &[]).await;
    let t = Table::open(&fake).await;
    t.play(1, 1, 'd').await;
    let old = t.turn(1, 2).await;
    bot.kill().await;
    fake.forget_session();
    // Discord takes 6 s to answer the next registration: longer than the
    // 3 s an interaction may wait for its acknowledgement.
    fake.slow("PUT", "/commands", Duration::from_secs(6), 1);
    // Discord takes one IDENTIFY of the bot per 5 s, whichever process
    // sends it.
    fake.identify_window_passed().await;
    let connections = fake.connections();
    let _child = spawn(bin(), &fake, &bot.dir, &[]);
    fake.wait_for("the new connection", |f| {
        (f.connections() > connections).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let i = press(&fake, BOB, &old, &format!("m:{}:1.2:drop:c", t.match_id));
    // Acknowledged within Discord's 3 s (the fake answers 10062 and marks
    // the interaction dead otherwise) …
    let state = fake
        .wait_for("the acknowledgement", |f| {
            f.interaction(i).filter(|s| s.acked.is_some() || s.dead)
        })
        .await;
    assert_eq!(state.acked, Some(6), "{state:?}");
    assert!(!state.dead, "{state:?}");
    assert_eq!(
        registrations(&fake),
        1,
        "acknowledged before the restart's registration was answered"
    );
    // … and the move is played without waiting for the registration.
    t.turn(1, 3).await;
    assert_eq!(registrations(&fake), 1, "still not answered");
}

/// Issue 33 §5: a running match's turns are not written to the store one by
/// one, so the store may name an older message than the live turn (or none)
/// when the bot is killed. The restarted bot reads the thread and takes the
/// buttons off every earlier message of the match: only the restored turn
/// has buttons, and it plays. (Before: only the stored message lost its
/// buttons, so a turn posted but not yet written before a kill kept live
/// buttons after the restart, docs/reliability.md.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_the_store_does_not_name_loses_its_buttons_after_a_restart() {
    let (fake, mut bot) = start_with("restart-sweep", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    let before = t.turn(1, 2).await;
    // Chatter after the turn: the sweep reads past it. And another bot's
    // message carrying the same buttons (a copy): not the bot's to edit
    // (Discord refuses with 50005), and it must not stop the sweep.
    t.typed(ALICE, "good luck");
    let mut copy = message_create_json(fake.next_id(), ALICE, t.thread, "a copy");
    copy["author"]["id"] = json!("4242424242424242");
    copy["author"]["bot"] = json!(true);
    copy["components"] = before["components"].clone();
    fake.dispatch("MESSAGE_CREATE", copy.clone());
    bot.kill().await;
    // As a kill between posting a turn and writing it leaves the store.
    let mut db = sqlx::SqliteConnection::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    sqlx::query("UPDATE match_threads SET buttons_message_id = NULL WHERE match_id = ?")
        .bind(t.match_id.parse::<i64>().unwrap())
        .execute(&mut db)
        .await
        .unwrap();
    drop(db);
    fake.forget_session();
    bot.restart(&fake).await;
    eventually(
        "the restored turn 1.2 posted",
        Duration::from_secs(15),
        || t.turns(1, 2) == 2,
    )
    .await;
    let key = format!("m:{}:", t.match_id);
    let with_buttons = || -> Vec<u64> {
        fake.messages_in(t.thread)
            .iter()
            .filter(|m| m["author"]["id"] != copy["author"]["id"])
            .filter(|m| buttons(m).iter().any(|(b, _)| b.starts_with(&key)))
            .map(id_of)
            .collect()
    };
    eventually(
        "only the restored turn has buttons",
        Duration::from_secs(15),
        || with_buttons().len() == 1,
    )
    .await;
    let live = with_buttons()[0];
    assert_ne!(
        live,
        id_of(&before),
        "the turn before the kill lost its buttons"
    );
    // The restored turn plays on.
    t.play(1, 2, 'c').await;
}
