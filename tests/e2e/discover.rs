//! Discoverable (issue 18, §2.5): `/help`, `/resign` with several running
//! matches, `/matches`, the first turn's hint that moves can be typed.

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_lists_every_command_and_how_to_move_in_the_readers_language() {
    let (fake, _bot) = start("help").await;
    let texts = private_replies(&fake, ask(&fake, ALICE, "help", &[]), 1).await;
    let all = texts.join("\n");
    for line in [
        "`/challenge` — Challenge someone",
        "`/seek` — ",
        "`/ladder abort` — End a stuck match",
        "`/help` — ",
        "**How to move**",
        "type the column in the match thread",
        "two games",
    ] {
        assert!(all.contains(line), "{line:?} in {all}");
    }
    // The bot reads messages here: no word about replying.
    assert!(!all.contains("must reply"), "{all}");
    private_reply(
        &fake,
        ask(&fake, ALICE, "settings", &[("language", 3, json!("de"))]),
    )
    .await;
    let texts = private_replies(&fake, ask(&fake, ALICE, "help", &[]), 1).await;
    let all = texts.join("\n");
    assert!(all.contains("`/herausfordern` — Fordere"), "{all}");
    assert!(
        all.contains("`/rangliste "),
        "the group's German name: {all}"
    );
    assert!(all.contains("**Wie man zieht**"), "{all}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_outside_a_thread_with_two_running_matches_names_both_threads() {
    let (fake, _bot) = start("several").await;
    let one = Table::between(&fake, ALICE, BOB, None).await;
    let two = Table::between(&fake, ALICE, CAROL, None).await;
    let text = private_reply(&fake, ask(&fake, ALICE, "resign", &[])).await;
    assert!(text.contains("several running matches"), "{text}");
    for t in [&one, &two] {
        assert!(text.contains(&format!("<#{}>", t.thread)), "{text}");
    }
    // Dave has none.
    let text = private_reply(&fake, ask(&fake, DAVE, "resign", &[])).await;
    assert!(text.contains("no running match"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_players_first_turn_says_that_moves_can_be_typed() {
    let (fake, _bot) = start("typing-hint").await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let hint = "Moves can also be typed: the column's letter (a–g)";
    let text = |m: serde_json::Value| m["content"].as_str().unwrap_or("").to_string();
    assert!(text(t.turn(1, 1).await).contains(hint));
    t.play(1, 1, 'd').await;
    assert!(text(t.turn(1, 2).await).contains(hint), "bob's first turn");
    t.play(1, 2, 'd').await;
    assert!(!text(t.turn(1, 3).await).contains(hint), "once each");
}
