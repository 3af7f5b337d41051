//! Which matches count and how players rank (docs/rules.md §4, §6;
//! docs/rating.md): a match in which a player made no move is aborted
//! however it ended, everywhere it is shown; equal ratings share a rank on
//! the leaderboard and the rating card.

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::{json, Value};

/// The thread message of `thread` whose text contains `text` (waits).
async fn thread_message(fake: &FakeDiscord, thread: u64, text: &str) -> Value {
    fake.wait_for(text, |f| {
        f.messages_in(thread)
            .into_iter()
            .find(|m| m["content"].as_str().unwrap_or("").contains(text))
    })
    .await
}

/// The text file `/export` sent for interaction `iid`.
async fn exported(fake: &FakeDiscord, iid: u64) -> String {
    let token = format!("token-{iid}");
    let files = fake
        .wait_for("the export", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.path.contains(&token) && !r.files.is_empty())
                .map(|r| r.files)
        })
        .await;
    String::from_utf8(files[0].1.clone()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_before_ones_first_move_aborts_the_match_and_equal_ratings_share_a_rank() {
    let (fake, bot) = start("rated").await;

    // The first mover moves; the other resigns the match before moving:
    // aborted, not a 2:0 forfeit.
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let first = t.turn(1, 1).await;
    let mover = t.mover(&first);
    let other = if mover.id == ALICE.id { BOB } else { ALICE };
    t.drop(mover, 1, 1, 'd').await;
    t.turn(1, 2).await;
    t.command(other, "resign");
    let end = t.message_with(":rematch").await;
    let text = end["content"].as_str().unwrap();
    assert!(
        text.contains(&format!("{} resigned the match.", other.name))
            && text.contains(&format!(
                "The match is aborted: {} made no move in it",
                other.name
            )),
        "{text}"
    );
    assert!(!text.contains("wins") && !text.contains("1500?"), "{text}");
    assert_eq!(rating_changes_of(&bot.dir, &t.match_id).await, 0);
    let history = private_reply(&fake, ask(&fake, other, "history", &[])).await;
    let line = history
        .lines()
        .find(|l| l.contains(&format!("#{}", t.match_id)))
        .unwrap_or_else(|| panic!("{history}"));
    assert!(
        line.ends_with("aborted") && !line.contains("forfeit"),
        "{line}"
    );
    let text = exported(
        &fake,
        ask(&fake, BOB, "export", &[("match", 3, json!(t.match_id))]),
    )
    .await;
    assert!(
        text.contains("[Result \"*\"]") && text.contains("[Termination \"abandoned\"]"),
        "{text}"
    );
    let card = private_reply(&fake, ask(&fake, mover, "rating", &[])).await;
    assert!(card.contains("has not played a rated match"), "{card}");

    // Alice and carol each move, then each resigns a game: 1:1 between two
    // new players leaves both at 1500 — the same rank.
    let t = Table::between(&fake, ALICE, CAROL, None).await;
    let first = t.mover(&t.turn(1, 1).await);
    let second = if first.id == ALICE.id { CAROL } else { ALICE };
    t.drop(first, 1, 1, 'd').await;
    t.drop(second, 1, 2, 'd').await;
    t.turn(1, 3).await;
    t.command(first, "resign-game");
    let over = t.message_with(":1:ready").await;
    let ready = format!("m:{}:1:ready", t.match_id);
    press(&fake, ALICE, &over, &ready);
    press(&fake, CAROL, &over, &ready);
    t.turn(2, 1).await;
    t.command(second, "resign-game");
    let end = thread_message(&fake, t.thread, "drawn 1:1").await;
    let text = end["content"].as_str().unwrap();
    assert!(
        text.contains("alice: 1500? → 1500?") && text.contains("carol: 1500? → 1500?"),
        "rated, unchanged: {text}"
    );
    let board = ask(&fake, BOB, "leaderboard", &[]);
    let table = fake
        .wait_for("the leaderboard", |f| f.original(board))
        .await;
    let rows: Vec<&str> = table["content"]
        .as_str()
        .unwrap()
        .lines()
        .filter(|l| l.contains("1500?"))
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(
        rows.iter().all(|r| r.starts_with("1. ")),
        "both first: {rows:?}"
    );
    for user in [ALICE, CAROL] {
        let card = private_reply(
            &fake,
            command(&fake, BOB, "rating", &[user_opt("user", user)], &[user]),
        )
        .await;
        assert!(card.contains("Rank 1 of 2 on this server"), "{card}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_tied_first_leave_the_third_at_rank_three() {
    let (fake, _bot) = start("rated-three").await;
    // A three-player match: everyone moves, then the third mover resigns
    // the match. The other two share first place (docs/rules.md §6) and so
    // the same Weng-Lin rating; the resigner is third.
    let iid = challenge_with(
        &fake,
        ALICE,
        &[
            user_opt("opponent", BOB),
            ("variant", 3, json!("three-players")),
            user_opt("opponent2", CAROL),
        ],
        &[BOB, CAROL],
    );
    let mut t = accept_all(&fake, iid, &[BOB, CAROL]).await;
    t.players = vec![ALICE, BOB, CAROL];
    t.play(1, 1, 'a').await;
    t.play(1, 2, 'b').await;
    let last = t.mover(&t.turn(1, 3).await);
    t.play(1, 3, 'c').await;
    t.command(last, "resign");
    let placed = format!("{} forfeited and is placed last.", last.name);
    thread_message(&fake, t.thread, &placed).await;
    let board = ask(
        &fake,
        DAVE,
        "leaderboard",
        &[("variant", 3, json!("three-players"))],
    );
    let table = fake
        .wait_for("the leaderboard", |f| f.original(board))
        .await;
    let text = table["content"].as_str().unwrap();
    let rank_of = |name: &str| {
        text.lines()
            .find(|l| l.contains(name))
            .and_then(|l| l.trim_start_matches(['`', ' ']).split('.').next())
            .unwrap_or_else(|| panic!("{name} in {text}"))
            .to_string()
    };
    for p in [ALICE, BOB, CAROL] {
        let expected = if p.id == last.id { "3" } else { "1" };
        assert_eq!(rank_of(p.name), expected, "{} in {text}", p.name);
    }
    let card = private_reply(
        &fake,
        command(
            &fake,
            DAVE,
            "rating",
            &[
                user_opt("user", last),
                ("variant", 3, json!("three-players")),
            ],
            &[last],
        ),
    )
    .await;
    assert!(card.contains("Rank 3 of 3 on this server"), "{card}");
    let winner = if last.id == ALICE.id { BOB } else { ALICE };
    let card = private_reply(
        &fake,
        command(
            &fake,
            DAVE,
            "rating",
            &[user_opt("user", winner)],
            &[winner],
        ),
    )
    .await;
    assert!(card.contains("Rank 1 of 3 on this server"), "{card}");
}

/// Issue 32: a banned player's `/rating` said "Rank 1 of 3" while the
/// leaderboard left them out. Now the card says they are not on it, and
/// says it again as a rank once they are unbanned.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_banned_players_card_shows_no_rank_the_leaderboard_does_not_show() {
    let (fake, _bot) = start("rated-banned").await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    t.play(1, 2, 'c').await;
    let last = t.turn(1, 3).await;
    t.resign_match_by(BOB, &last).await;
    t.message_with(":rematch").await;
    let card_of =
        |user: TestUser| command(&fake, DAVE, "rating", &[user_opt("user", user)], &[user]);
    let card = private_reply(&fake, card_of(ALICE)).await;
    assert!(card.contains("Rank 1 of 2 on this server"), "{card}");
    let banned = ladder(&fake, MONA, "ban", &[user_opt("user", ALICE)], &[ALICE]);
    private_reply(&fake, banned).await;
    let card = private_reply(&fake, card_of(ALICE)).await;
    assert!(!card.contains("Rank"), "{card}");
    assert!(
        card.contains("Not on this server's leaderboard while banned"),
        "{card}"
    );
    let unbanned = ladder(&fake, MONA, "unban", &[user_opt("user", ALICE)], &[ALICE]);
    private_reply(&fake, unbanned).await;
    let card = private_reply(&fake, card_of(ALICE)).await;
    assert!(card.contains("Rank 1 of 2 on this server"), "{card}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rating_shows_the_head_to_head_record_of_two_players_in_english_and_german() {
    let (fake, _bot) = start("head-to-head").await;
    // Alice and bob each win a game by the other's resignation: 1:1.
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let first = t.mover(&t.turn(1, 1).await);
    let second = if first.id == ALICE.id { BOB } else { ALICE };
    t.drop(first, 1, 1, 'd').await;
    t.drop(second, 1, 2, 'd').await;
    t.turn(1, 3).await;
    t.command(first, "resign-game");
    let over = t.message_with(":1:ready").await;
    let ready = format!("m:{}:1:ready", t.match_id);
    press(&fake, ALICE, &over, &ready);
    press(&fake, BOB, &over, &ready);
    t.turn(2, 1).await;
    t.command(second, "resign-game");
    thread_message(&fake, t.thread, "drawn 1:1").await;

    // Someone else asks for both: `user` against `versus`.
    let card = private_reply(
        &fake,
        command(
            &fake,
            CAROL,
            "rating",
            &[user_opt("user", ALICE), user_opt("versus", BOB)],
            &[ALICE, BOB],
        ),
    )
    .await;
    assert!(
        card.contains("Head-to-head: alice against bob")
            && card.contains("1 match; games: 1 won, 0 drawn, 1 lost; points 1 : 1"),
        "{card}"
    );
    // Carol against alice: nothing yet, said in one line.
    let card = private_reply(
        &fake,
        command(&fake, CAROL, "rating", &[user_opt("user", ALICE)], &[ALICE]),
    )
    .await;
    assert!(
        card.contains("alice and carol have not finished a match against each other"),
        "{card}"
    );
    // Bob, in German, asks for alice's card: alice against bob.
    private_reply(
        &fake,
        ask(&fake, BOB, "settings", &[("language", 3, json!("de"))]),
    )
    .await;
    let card = private_reply(
        &fake,
        command(&fake, BOB, "rating", &[user_opt("user", ALICE)], &[ALICE]),
    )
    .await;
    assert!(
        card.contains("Direkter Vergleich: alice gegen bob")
            && card.contains(
                "1 Match; Partien: 1 gewonnen, 0 unentschieden, 1 verloren; Punkte 1 : 1"
            ),
        "{card}"
    );
    // Oneself as `versus`: refused, in the asker's language.
    let refused = private_reply(
        &fake,
        command(&fake, BOB, "rating", &[user_opt("versus", BOB)], &[BOB]),
    )
    .await;
    assert!(
        refused.contains("Ein direkter Vergleich braucht zwei verschiedene Spieler"),
        "{refused}"
    );
}
