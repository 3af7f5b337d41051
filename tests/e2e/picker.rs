//! The private match picker (issue 35 §2): `/resign`, `/resign-game` and
//! `/board` used outside a match thread by a member with several running
//! matches answer with a select menu of them; the choice acts on that
//! match only, through the same host rules as the command in its thread.

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::{json, Value};

/// The private picker that answered `iid`.
async fn picker(fake: &FakeDiscord, iid: u64) -> Value {
    fake.wait_for("the match picker", |f| {
        f.original(iid)
            .filter(|m| is_private(m) && m["components"].as_array().is_some_and(|c| !c.is_empty()))
    })
    .await
}

/// The select's options of `picker`: (value, label).
fn options(picker: &Value) -> Vec<(String, String)> {
    picker["components"][0]["components"][0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["value"].as_str().unwrap().to_string(),
                o["label"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_running_matches_are_picked_from_a_menu_and_only_the_chosen_one_is_resigned() {
    let (fake, _bot) = start("picker").await;
    let with_bob = Table::between(&fake, ALICE, BOB, None).await;
    let with_carol = Table::between(&fake, ALICE, CAROL, None).await;

    // Outside both threads: a picker, newest match first.
    let asked = command(&fake, ALICE, "resign", &[], &[]);
    let menu = picker(&fake, asked).await;
    assert!(
        menu["content"]
            .as_str()
            .unwrap()
            .contains("Which one do you resign?"),
        "{menu}"
    );
    let offered = options(&menu);
    assert_eq!(
        offered.iter().map(|(v, _)| v.as_str()).collect::<Vec<_>>(),
        [with_carol.match_id.as_str(), with_bob.match_id.as_str()]
    );
    assert!(
        offered[0]
            .1
            .starts_with(&format!("#{} · ", with_carol.match_id))
            && offered[0].1.contains("carol"),
        "{offered:?}"
    );
    let chosen = choose(&fake, ALICE, &menu, "p:resign", &[&with_bob.match_id]);
    let done = update_by(&fake, chosen).await;
    assert_eq!(
        done["content"],
        json!(format!("You resigned match {}.", with_bob.match_id))
    );
    assert_eq!(done["components"], json!([]), "the picker is done");
    let end = with_bob.message_with(":rematch").await;
    assert!(
        end["content"]
            .as_str()
            .unwrap()
            .contains("alice resigned the match"),
        "{end}"
    );
    // The other match plays on: its turn still has its buttons.
    let turn = with_carol.turn(1, 1).await;
    assert!(!buttons(&turn).is_empty());

    // With one running match left, the command acts on it as before (no
    // picker): /board shows it.
    let one = command(&fake, ALICE, "board", &[], &[]);
    let board = fake
        .wait_for("the board", |f| f.original(one).filter(is_private))
        .await;
    assert!(
        board["components"].as_array().is_none_or(|c| c.is_empty()),
        "{board}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_picker_speaks_the_players_language_and_refuses_a_match_that_is_not_theirs() {
    let (fake, _bot) = start("picker-de").await;
    let with_bob = Table::between(&fake, ALICE, BOB, None).await;
    let with_carol = Table::between(&fake, ALICE, CAROL, None).await;
    let german = ask(&fake, ALICE, "settings", &[("language", 3, json!("de"))]);
    private_reply(&fake, german).await;

    let asked = command(&fake, ALICE, "board", &[], &[]);
    let menu = picker(&fake, asked).await;
    assert!(
        menu["content"]
            .as_str()
            .unwrap()
            .contains("Welches Brett willst du sehen?"),
        "{menu}"
    );
    assert_eq!(
        menu["components"][0]["components"][0]["placeholder"],
        json!("Wähle ein Match")
    );
    let chosen = choose(&fake, ALICE, &menu, "p:board", &[&with_carol.match_id]);
    let shown = fake
        .wait_for("the board", |f| {
            callback_of(f, chosen).filter(|cb| cb.json["type"] == 4)
        })
        .await;
    assert!(is_private(&shown.json["data"]), "{}", shown.json);
    assert_eq!(shown.files.len(), 1, "the board's picture");
    let alt = shown.json["data"]["attachments"][0]["description"]
        .as_str()
        .unwrap();
    assert!(!alt.is_empty(), "the picture is described");

    // Bob presses on Alice's picker (a forged press: the menu is hers):
    // Bob's match with Alice is his, Carol's is not.
    let forged = choose(&fake, BOB, &menu, "p:board", &[&with_carol.match_id]);
    let refused = private_reply(&fake, forged).await;
    assert!(refused.contains("no running match of yours"), "{refused}");
    let _ = with_bob;
}
