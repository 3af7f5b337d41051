//! A match ended by its clock, and the bot SIGKILLed around that end: the
//! flag is posted after the restart exactly once (with Rematch, the old
//! buttons removed, rated once), whether the flag was committed before the
//! kill (its announcement lost) or the clock ran out while the bot was down.
//!
//! Clocks are short: `FOURBOT_TEST_TIME_SCALE=30` makes `/challenge
//! time:2+0` a bank of 4 s (abort window 6 s) and `time:3+0` a bank of
//! 6 s. See `docs/reliability.md` ("The process is killed").

use crate::support::{fake, harness};

use std::time::Duration;

use fake::*;
use harness::*;
use serde_json::Value;
use sqlx::Connection;

/// Every clock of the bot ÷30.
const SCALE: &[(&str, &str)] = &[("FOURBOT_TEST_TIME_SCALE", "30")];

/// Whether `m` is the end of match `id` (it offers Rematch).
fn is_end(m: &Value, id: &str) -> bool {
    buttons(m)
        .iter()
        .any(|(b, _)| *b == format!("m:{id}:rematch"))
}

/// The end messages of the match in its thread.
fn ends(t: &Table) -> Vec<Value> {
    t.fake
        .messages_in(t.thread)
        .into_iter()
        .filter(|m| is_end(m, &t.match_id))
        .collect()
}

/// How the store ended the match: (phase, end_kind, forfeit_reason,
/// finished_ms, rating changes).
async fn stored_end(
    bot: &Bot,
    id: &str,
) -> (String, Option<String>, Option<String>, Option<i64>, i64) {
    let mut db = sqlx::SqliteConnection::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    sqlx::query_as(
        "SELECT phase, end_kind, forfeit_reason, finished_ms,
                (SELECT COUNT(*) FROM rating_changes WHERE match_id = m.id)
         FROM matches m WHERE id = ?",
    )
    .bind(id.parse::<i64>().unwrap())
    .fetch_one(&mut db)
    .await
    .unwrap()
}

/// Waits until the end of the match is posted and the thread archived (the
/// last step of posting an end), then checks that it was posted once, says
/// who ran out of time, is rated, and that `turn` (and every other message
/// of the thread) lost its buttons.
async fn end_posted_once(t: &Table, turn: &Value, flagged: &str) -> Value {
    let over = t
        .fake
        .wait_for("the end of the match posted", |_| {
            ends(t).into_iter().next()
        })
        .await;
    eventually("the thread archived", Duration::from_secs(15), || {
        archived(&t.fake, t.thread) == Some(true)
    })
    .await;
    let text = over["content"].as_str().unwrap();
    assert!(
        text.contains(&format!("{flagged} ran out of time and forfeits the match")),
        "{text}"
    );
    assert!(text.contains("1500? → "), "rated: {text}");
    assert_eq!(ends(t).len(), 1, "the end is posted once");
    let old = t.fake.message(id_of(turn)).unwrap();
    assert!(buttons(&old).is_empty(), "the turn lost its buttons: {old}");
    for m in t.fake.messages_in(t.thread) {
        assert!(is_end(&m, &t.match_id) || buttons(&m).is_empty(), "{m}");
    }
    over
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_committed_but_not_posted_before_a_kill_is_posted_after_the_restart() {
    let (fake, mut bot) = start_with("kill-flag-unposted", SCALE).await;
    let t = Table::between(&fake, ALICE, BOB, Some("2+0")).await;
    // Both first moves made (they are not charged): alice's 4 s bank runs.
    t.play(1, 1, 'd').await;
    t.play(1, 2, 'c').await;
    let turn = t.turn(1, 3).await;
    // Discord fails every post into the thread (and no token works, so
    // that there is no follow-up path either): the flag is committed, its
    // announcement is not.
    let posts = format!("/api/v10/channels/{}/messages", t.thread);
    fake.set_token_lifetime(Duration::ZERO);
    fake.inject("POST", &posts, Fault::ServerError, 1_000);
    t.failed_post(&posts).await;
    bot.kill().await;
    let (phase, kind, reason, _, changes) = stored_end(&bot, &t.match_id).await;
    assert_eq!(
        (phase.as_str(), kind.as_deref(), reason.as_deref(), changes),
        ("finished", Some("forfeit"), Some("flag"), 2),
        "the flag was committed before the kill"
    );
    assert!(ends(&t).is_empty(), "and not posted");
    fake.clear_faults();
    fake.forget_session();
    bot.restart(&fake).await;
    end_posted_once(&t, &turn, "alice").await;
    let (_, _, _, _, changes) = stored_end(&bot, &t.match_id).await;
    assert_eq!(changes, 2, "rated once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_ran_out_while_the_bot_was_down_flags_once_after_the_restarted_turn() {
    let (fake, mut bot) = start_with("kill-flag-down", SCALE).await;
    let t = Table::between(&fake, ALICE, BOB, Some("3+0")).await;
    t.play(1, 1, 'd').await;
    let previous = t.turn(1, 2).await;
    t.play(1, 2, 'c').await;
    // Alice's turn with a bank of 6 s: the bot dies as soon as turn 1.3 is
    // posted and stays down past that deadline. Turn 1.2 lost its buttons
    // with the press's acknowledgement; turn 1.3 is not in the store (a
    // running match's turns are not written one by one, issue 33 §5): the
    // restarted bot finds it in the thread and takes its buttons off.
    let turn = t.turn(1, 3).await;
    let posted = tokio::time::Instant::now();
    assert!(fake
        .message(id_of(&previous))
        .is_some_and(|m| buttons(&m).is_empty()));
    bot.kill().await;
    let (phase, ..) = stored_end(&bot, &t.match_id).await;
    assert_eq!(phase, "playing", "killed before the flag");
    tokio::time::sleep_until(posted + Duration::from_millis(7_000)).await;
    fake.forget_session();
    bot.restart(&fake).await;
    // docs/rules.md §4: the turn restarts with the bank alice had at its start
    // (the outage is not charged); she is told, and flags when it runs out.
    let notice = fake
        .wait_for("the restart notice", |f| {
            f.messages_in(t.thread).into_iter().find(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("The bot restarted"))
            })
        })
        .await;
    assert!(
        notice["content"].as_str().unwrap().contains("alice"),
        "{notice}"
    );
    end_posted_once(&t, &turn, "alice").await;
    let mut db = sqlx::SqliteConnection::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    let resumes: Vec<i64> = sqlx::query_scalar(
        "SELECT at_ms FROM match_actions WHERE match_id = ? AND kind = 'resume'",
    )
    .bind(t.match_id.parse::<i64>().unwrap())
    .fetch_all(&mut db)
    .await
    .unwrap();
    assert_eq!(resumes.len(), 1, "resumed once");
    let (phase, kind, reason, finished, changes) = stored_end(&bot, &t.match_id).await;
    assert_eq!(
        (phase.as_str(), kind.as_deref(), reason.as_deref(), changes),
        ("finished", Some("forfeit"), Some("flag"), 2)
    );
    assert_eq!(
        finished,
        Some(resumes[0] + 6_000),
        "flagged at the restarted turn's deadline: the resume plus the 6 s bank"
    );
}
