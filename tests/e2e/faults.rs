//! The bot under faults, end to end (the real binary against the fake
//! Discord): REST calls answered with 500 or 429, the gateway dropped or
//! asked to reconnect while a player presses, and the database locked for a
//! moment. Each test checks that no action is lost, none is applied twice,
//! no turn is posted twice, and the match goes on. See
//! `docs/reliability.md`.

use crate::support::{fake, harness};

use std::path::Path;
use std::time::Duration;

use fake::*;
use harness::*;
use sqlx::Connection;

/// The moves of `match_id` in the database: (game, ply, move).
async fn stored_moves(dir: &Path, match_id: &str) -> Vec<(i64, i64, String)> {
    let mut c = sqlx::SqliteConnection::connect(&database_url(dir))
        .await
        .unwrap();
    let rows: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT game, ply, mv FROM moves WHERE match_id = ? ORDER BY game, ply")
            .bind(match_id.parse::<i64>().unwrap())
            .fetch_all(&mut c)
            .await
            .unwrap();
    rows
}

fn served_for(fake: &FakeDiscord, method: &str, path: &str) -> Vec<Served> {
    fake.served()
        .into_iter()
        .filter(|s| s.method == method && s.path == path)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_500_on_the_acknowledgement_is_retried_and_the_move_is_applied_once() {
    let (fake, bot) = start_with("fault-ack-500", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    fake.inject("POST", "/callback", Fault::ServerError, 2);
    let i = t.press_drop(1, 1, 'd').await;
    t.turn(1, 2).await;
    let calls = served_for(&fake, "POST", &callback_path(i));
    let statuses: Vec<u16> = calls.iter().map(|s| s.status).collect();
    assert_eq!(statuses, [500, 500, 204], "two failures, then the ack");
    // One move, one turn message for the next ply.
    t.play(1, 2, 'c').await;
    assert_eq!(t.turns(1, 2), 1);
    assert_eq!(t.turns(1, 3), 1);
    assert_eq!(
        stored_moves(&bot.dir, &t.match_id).await,
        [(1, 1, "d".to_string()), (1, 2, "c".to_string())]
    );
}

/// The calls to `method path` from the first 429 on: the 429 and the
/// retry right after it, which must wait at least `retry_after`. Waits
/// for the retry's answer: the fake records a request when it carries it
/// out and serves it after that (the turn can be seen before).
async fn assert_retried_after(fake: &FakeDiscord, method: &str, path: &str, retry_after: Duration) {
    let (calls, limited) = fake
        .wait_for(&format!("a 429 on {path} and its retry"), |f| {
            let calls = served_for(f, method, path);
            let limited = calls.iter().position(|s| s.status == 429)?;
            (calls.len() > limited + 1).then_some((calls, limited))
        })
        .await;
    let retry = &calls[limited + 1];
    assert_eq!(retry.status, 200);
    assert!(
        retry.at.duration_since(calls[limited].at) >= retry_after,
        "retried after {:?}, Discord asked for {retry_after:?}",
        retry.at.duration_since(calls[limited].at)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_on_a_turn_post_is_retried_no_sooner_than_retry_after_and_posted_once() {
    let (fake, bot) = start_with("fault-post-429", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let retry_after = Duration::from_millis(400);
    let limited = Fault::RateLimited {
        retry_after,
        global: false,
    };
    // A typed move, before anyone pressed in the thread: the turn is a
    // channel message.
    let posts = format!("/api/v10/channels/{}/messages", t.thread);
    fake.inject("POST", &posts, limited, 1);
    t.typed(ALICE, "d");
    t.turn(1, 2).await;
    assert_retried_after(&fake, "POST", &posts, retry_after).await;
    assert_eq!(t.turns(1, 2), 1, "the turn is posted once");
    // A press: the next turn is a follow-up of the press's token.
    fake.inject("POST", &format!("/webhooks/{BOT_ID}/token-"), limited, 1);
    let i = t.press_drop(1, 2, 'c').await;
    t.turn(1, 3).await;
    assert_retried_after(&fake, "POST", &followup_path(i), retry_after).await;
    assert_eq!(t.turns(1, 3), 1, "the turn is posted once");
    assert_eq!(stored_moves(&bot.dir, &t.match_id).await.len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_500_on_removing_the_old_buttons_is_retried_and_the_old_turn_loses_them() {
    let (fake, _bot) = start_with("fault-edit-500", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let first = t.turn(1, 1).await;
    // A typed move: turn 1.1 loses its buttons once turn 1.2 is posted,
    // through an edit (a press's acknowledgement would take them off
    // itself).
    let edit = format!("/messages/{}", id_of(&first));
    fake.inject("PATCH", &edit, Fault::ServerError, 3);
    t.typed(ALICE, "d");
    t.turn(1, 2).await;
    fake.wait_for("the old turn without buttons", |f| {
        f.message(id_of(&first))
            .filter(|m| buttons(m).is_empty())
            .map(|_| ())
    })
    .await;
    let statuses: Vec<u16> = fake
        .served()
        .iter()
        .filter(|s| s.method == "PATCH" && s.path.ends_with(&edit))
        .map(|s| s.status)
        .collect();
    assert_eq!(statuses, [500, 500, 500, 200]);
    t.play(1, 2, 'c').await;
    assert_eq!(t.turns(1, 3), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_rate_limited_globally_still_reaches_the_presser() {
    let (fake, _bot) = start_with("fault-followup-429", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let msg = t.turn(1, 1).await;
    fake.inject(
        "POST",
        &format!("/webhooks/{BOT_ID}/token-"),
        Fault::RateLimited {
            retry_after: Duration::from_millis(300),
            global: true,
        },
        1,
    );
    // Carol is no player: her press is refused privately.
    let i = press(&fake, CAROL, &msg, &format!("m:{}:1.1:drop:d", t.match_id));
    let text = private_followup(&fake, i).await;
    assert!(text.contains("not playing in this match"), "{text}");
    t.play(1, 1, 'd').await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_during_a_dropped_gateway_connection_is_played_after_the_resume() {
    let (fake, _bot) = start_with("fault-gateway-drop", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    let msg = t.turn(1, 2).await;
    let resumes = fake.gateway_ops().iter().filter(|op| **op == 6).count();
    fake.drop_gateway();
    // Bob presses while the bot is disconnected: Discord keeps the event
    // and replays it on RESUME.
    press(&fake, BOB, &msg, &format!("m:{}:1.2:drop:c", t.match_id));
    t.turn(1, 3).await;
    assert!(
        fake.gateway_ops().iter().filter(|op| **op == 6).count() > resumes,
        "the bot resumed"
    );
    assert_eq!(t.turns(1, 3), 1, "the press was applied once");
    t.play(1, 3, 'e').await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_right_after_a_reconnect_request_is_played_once() {
    let (fake, _bot) = start_with("fault-gateway-op7", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    let msg = t.turn(1, 2).await;
    fake.reconnect();
    press(&fake, BOB, &msg, &format!("m:{}:1.2:drop:c", t.match_id));
    t.turn(1, 3).await;
    fake.wait_for("RESUME", |f| f.gateway_ops().contains(&6).then_some(()))
        .await;
    t.play(1, 3, 'e').await;
    assert_eq!(t.turns(1, 3), 1);
    assert_eq!(t.turns(1, 4), 1);
}

/// Discord's HELLO names the heartbeat interval (41.25 s in practice) and
/// closes a connection whose heartbeat is late (developers/events/gateway,
/// "Sending Heartbeats"); the fake closes it with 4009. With an interval of
/// 1.5 s (0.5 s of tolerance) the bot must keep time for a whole match:
/// several heartbeats, no close, no new session, every move played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_short_heartbeat_interval_the_bot_keeps_its_session_through_a_match() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_heartbeat(Duration::from_millis(1_500), Duration::from_millis(500));
    let (fake, _bot) = start_on(fake, "heartbeat", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    for (ply, column) in (1..=4).zip(['a', 'b', 'a', 'b']) {
        // The players think for longer than an interval between moves.
        tokio::time::sleep(Duration::from_millis(2_000)).await;
        t.play(1, ply, column).await;
    }
    let heartbeats = fake.gateway_ops().iter().filter(|op| **op == 1).count();
    assert!(heartbeats >= 5, "{heartbeats} heartbeats in over 8 s");
    assert_eq!(fake.heartbeat_timeouts(), 0);
    assert!(
        !fake.closes().contains(&SESSION_TIMED_OUT),
        "{:?}",
        fake.closes()
    );
    assert_eq!(fake.identified_intents().len(), 1, "one session");
    assert!(!fake.gateway_ops().contains(&6), "never resumed");
    t.play(1, 5, 'c').await;
    assert_eq!(t.turns(1, 5), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_while_the_database_is_locked_gets_try_again_and_nothing_is_half_written() {
    let (fake, bot) = start_with("fault-db-locked", &[("FOURBOT_BUSY_TIMEOUT_MS", "300")]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    let msg = t.turn(1, 2).await;
    // Another connection holds the write lock.
    let mut lock = sqlx::SqliteConnection::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut lock)
        .await
        .unwrap();
    let custom = format!("m:{}:1.2:drop:c", t.match_id);
    let i = press(&fake, BOB, &msg, &custom);
    let text = private_followup(&fake, i).await;
    assert!(text.contains("could not be saved"), "{text}");
    sqlx::query("ROLLBACK").execute(&mut lock).await.unwrap();
    drop(lock);
    assert_eq!(
        stored_moves(&bot.dir, &t.match_id).await,
        [(1, 1, "d".to_string())],
        "nothing of the refused move is stored"
    );
    assert_eq!(t.turns(1, 3), 0, "nothing of it was announced");
    // The same button works now.
    press(&fake, BOB, &msg, &custom);
    t.turn(1, 3).await;
    assert_eq!(t.turns(1, 3), 1);
    assert_eq!(
        stored_moves(&bot.dir, &t.match_id).await,
        [(1, 1, "d".to_string()), (1, 2, "c".to_string())]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_try_again_refusal_is_in_the_pressers_language() {
    let (fake, bot) = start_with("fault-db-locked-de", &[("FOURBOT_BUSY_TIMEOUT_MS", "200")]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let msg = t.turn(1, 1).await;
    let mut lock = sqlx::SqliteConnection::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut lock)
        .await
        .unwrap();
    let id = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        button_press_json(
            id,
            t.mover(&msg),
            &msg,
            &format!("m:{}:1.1:drop:d", t.match_id),
            "de",
        ),
    );
    let text = private_followup(&fake, id).await;
    assert!(text.contains("nicht speichern"), "{text}");
    sqlx::query("ROLLBACK").execute(&mut lock).await.unwrap();
}

async fn an_acknowledgement_done_but_answered_500_is_retried_and_40060_counts_as_done(api: Api) {
    acknowledgement_done_but_not_answered(
        api,
        "fault-ack-40060",
        Fault::ServerErrorAfterDoing,
        500,
    )
    .await;
}
on_both_paths!(an_acknowledgement_done_but_answered_500_is_retried_and_40060_counts_as_done);

async fn an_acknowledgement_done_whose_answer_was_lost_is_retried_and_40060_counts_as_done(
    api: Api,
) {
    acknowledgement_done_but_not_answered(api, "fault-ack-lost", Fault::DropAfterDoing, 0).await;
}
on_both_paths!(an_acknowledgement_done_whose_answer_was_lost_is_retried_and_40060_counts_as_done);

/// Discord takes the acknowledgement, then answers `status` (0: the
/// connection is closed without an answer): the retry is told 40060
/// "already acknowledged", which means it was done, and the move is
/// applied once.
async fn acknowledgement_done_but_not_answered(api: Api, name: &str, fault: Fault, status: u16) {
    let (fake, bot, _front) = start_via(api, name, &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    fake.inject("POST", "/callback", fault, 1);
    let i = t.press_drop(1, 1, 'd').await;
    t.turn(1, 2).await;
    let statuses: Vec<u16> = served_for(&fake, "POST", &callback_path(i))
        .iter()
        .map(|s| s.status)
        .collect();
    assert_eq!(statuses, [status, 400], "done, then 40060");
    assert_eq!(t.turns(1, 2), 1);
    assert_eq!(
        stored_moves(&bot.dir, &t.match_id).await,
        [(1, 1, "d".to_string())],
        "the move is applied once"
    );
}

/// A thread archived under a running match (Discord's auto-archive, a
/// moderator) is announced by THREAD_UPDATE: the bot unarchives it before
/// its next post, so that no request of the bot is refused (50083) over a
/// whole match in which the thread is archived twice (issue 31 §2).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_archived_twice_mid_match_refuses_no_request_of_the_bot() {
    let (fake, _bot) = start_with("fault-archived", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    for (ply, column) in [(2, 'c'), (3, 'd')] {
        // Archived between moves: once the bot took the buttons off the
        // turn before (the last request of a move), not while that edit is
        // in flight — a 400 for it then is Discord's answer to a race, not a
        // request the bot should have known better than to make (it failed
        // so, twice, once the moves got faster).
        fake.wait_for("the move's last request done", |f| {
            let live = f
                .messages_in(t.thread)
                .into_iter()
                .filter(|m| !buttons(m).is_empty())
                .count();
            (live <= 1).then_some(())
        })
        .await;
        fake.archive(t.thread);
        // The bot has the THREAD_UPDATE before the next press.
        tokio::time::sleep(Duration::from_millis(300)).await;
        t.play(1, ply, column).await;
        assert_eq!(archived(&fake, t.thread), Some(false));
    }
    let last = t.turn(1, 4).await;
    t.resign_match(&last).await;
    fake.wait_for("the thread archived at the match's end", |f| {
        (archived(f, t.thread) == Some(true)).then_some(())
    })
    .await;
    let refused: Vec<(String, String, u16)> = fake
        .served()
        .into_iter()
        .filter(|s| (400..500).contains(&s.status))
        .map(|s| (s.method, s.path, s.status))
        .collect();
    assert!(refused.is_empty(), "refused: {refused:?}");
}
