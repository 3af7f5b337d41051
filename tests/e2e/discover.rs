//! Discoverable (issue 18, §2.5): `/help`, `/resign` with several running
//! matches, `/matches`, the first turn's hint that moves can be typed.

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::json;

/// The id the fake gave command `name` when the bot registered its
/// commands (the fake numbers them in the order of the request).
fn command_id(fake: &FakeDiscord, name: &str) -> u64 {
    let put = fake
        .requests()
        .into_iter()
        .rfind(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .expect("the registration");
    let position = put
        .json
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c["name"] == name);
    800 + position.expect("a registered command") as u64
}

/// Every part of `/help` asked by `user` (in `locale`), once its last
/// section (`last`) came, asked again until the commands show as mentions:
/// the bot learns their ids from its registration, which runs beside the
/// start-up.
async fn whole_help(fake: &FakeDiscord, locale: &str, last: &str) -> Vec<String> {
    wait_registrations(fake, 1).await;
    for _ in 0..50 {
        let iid = fake.next_id();
        let mut payload = slash_command_json(iid, ALICE, CHANNEL_ID, "help", &[], &[]);
        payload["locale"] = json!(locale);
        fake.dispatch("INTERACTION_CREATE", payload);
        let texts = fake
            .wait_for("every part of /help", |f| {
                let texts = private_texts(f, iid);
                texts.join("\n").contains(last).then_some(texts)
            })
            .await;
        // Every command a mention: the ids come with the registrations'
        // answers, which may not all be in yet (a command still without
        // its id is written as code, "`/name`").
        let all = texts.join("\n");
        if all.contains("</help:") && !all.lines().any(|l| l.starts_with("`/")) {
            return texts;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("/help never showed command mentions");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_lists_every_command_and_how_to_move_in_the_readers_language() {
    let (fake, _bot) = start("help").await;
    // /help is packed into as many private messages as Discord's 2,000
    // characters need (two in English since /tournament): every part.
    let texts = whole_help(&fake, "en-US", "**The match**").await;
    let all = texts.join("\n");
    assert!(texts.iter().all(|t| t.chars().count() <= 2000), "{all}");
    // Each command a mention that opens it (issue 35 §2), a subcommand
    // with its group's id.
    let challenge = command_id(&fake, "challenge");
    let ladder = command_id(&fake, "ladder");
    for line in [
        format!("</challenge:{challenge}> — Challenge someone"),
        format!("</ladder abort:{ladder}> — End a stuck match"),
        format!("</seek:{}> — ", command_id(&fake, "seek")),
    ] {
        assert!(all.contains(&line), "{line:?} in {all}");
    }
    for line in [
        "**How to move**",
        "**How to move**",
        "type the column in the match thread",
        "two games",
    ] {
        assert!(all.contains(line), "{line:?} in {all}");
    }
    // Playing the bot: a challenge to it, named by its mention.
    let play = format!("Play against me: /challenge with <@{BOT_ID}> as the opponent");
    assert!(all.contains(&play), "{all}");
    // The bot reads messages here: no word about replying.
    assert!(!all.contains("must reply"), "{all}");
    private_reply(
        &fake,
        ask(&fake, ALICE, "settings", &[("language", 3, json!("de"))]),
    )
    .await;
    let texts = whole_help(&fake, "en-US", "**Das Match**").await;
    let all = texts.join("\n");
    assert!(texts.iter().all(|t| t.chars().count() <= 2000), "{all}");
    // The mention names the command as registered; Discord's client shows
    // it (in the reader's language where the command has one).
    assert!(
        all.contains(&format!("</challenge:{challenge}> — Fordere")),
        "{all}"
    );
    assert!(all.contains("**Wie man zieht**"), "{all}");
    assert!(all.contains("Gegen mich spielen: /herausfordern"), "{all}");
}

/// `/help` whole in every language: each message within Discord's 2,000
/// characters, none clipped, and every command's line there — in German
/// the command list alone is longer than a message, and its end was cut
/// ("Bef…") before it was split at its lines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_is_whole_in_every_language() {
    let (fake, _bot) = start("help-all").await;
    let mut counts = Vec::new();
    for (locale, last) in [
        ("en-US", "**The match**"),
        ("de", "**Das Match**"),
        ("it", "**L'incontro**"),
        ("el", "**Ο αγώνας**"),
        ("bg", "**Мачът**"),
    ] {
        let texts = whole_help(&fake, locale, last).await;
        let all = texts.join("\n");
        for t in &texts {
            assert!(t.chars().count() <= 2000, "{locale}: {t}");
            assert!(!t.ends_with('…'), "{locale}: clipped: {t}");
        }
        // One line per command and subcommand, each whole ("</name:id> — …").
        let lines: Vec<&str> = all.lines().filter(|l| l.starts_with("</")).collect();
        assert!(
            lines.iter().all(|l| l.contains("> — ") && l.len() > 12),
            "{locale}: {lines:?}"
        );
        counts.push((locale, lines.len()));
    }
    let english = counts[0].1;
    assert!(english > 20, "{counts:?}");
    assert!(counts.iter().all(|(_, n)| *n == english), "{counts:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_outside_a_thread_with_two_running_matches_offers_both() {
    let (fake, _bot) = start("several").await;
    let one = Table::between(&fake, ALICE, BOB, None).await;
    let two = Table::between(&fake, ALICE, CAROL, None).await;
    // Since issue 35 §2 a menu of them, to pick one from (more in
    // e2e::picker).
    let iid = ask(&fake, ALICE, "resign", &[]);
    let text = private_reply(&fake, iid).await;
    assert!(text.contains("several running matches"), "{text}");
    let menu = fake.original(iid).unwrap();
    let offered = menu["components"][0]["components"][0]["options"].to_string();
    for t in [&one, &two] {
        assert!(
            offered.contains(&format!("\"value\":\"{}\"", t.match_id)),
            "{offered}"
        );
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_lists_running_matches_and_open_challenges_which_the_challenger_withdraws() {
    let (fake, _bot) = start("matches").await;
    let running = Table::between(&fake, ALICE, CAROL, None).await;
    let iid = challenge(&fake, ALICE, BOB);
    let offer = posted_by(&fake, iid).await;
    let asked = ask(&fake, ALICE, "matches", &[]);
    private_reply(&fake, asked).await;
    let list = fake.wait_for("the list", |f| f.original(asked)).await;
    let text = list["content"].as_str().unwrap();
    assert!(text.contains(&format!("<#{}>", running.thread)), "{text}");
    assert!(text.contains("alice vs carol"), "{text}");
    assert!(text.contains("1. A challenge to bob (Classic)"), "{text}");
    let ids: Vec<String> = buttons(&list).into_iter().map(|(b, _)| b).collect();
    assert_eq!(ids.len(), 1, "{list}");
    assert!(
        ids[0].starts_with("c:") && ids[0].ends_with(":withdraw"),
        "{ids:?}"
    );
    // Only the challenger may withdraw it.
    let r = press_now(&fake, BOB, id_of(&offer), &ids[0]).await;
    assert!(
        r.text().contains("Only the player who made this challenge"),
        "{r:?}"
    );
    // Alice withdraws it from the list: the challenge's own message says
    // so and loses its buttons.
    let r = press_now(&fake, ALICE, id_of(&list), &ids[0]).await;
    assert!(r.update.is_some(), "{r:?}");
    let now = fake
        .wait_for("the withdrawn challenge", |f| {
            f.message(id_of(&offer)).filter(|m| {
                m["content"]
                    .as_str()
                    .unwrap_or("")
                    .contains("alice withdrew the challenge")
            })
        })
        .await;
    assert!(buttons(&now).is_empty(), "{now}");
    let r = press_now(&fake, BOB, id_of(&offer), &buttons(&offer)[0].0).await;
    assert!(
        r.text().contains("already") || r.text().contains("answered"),
        "{r:?}"
    );
    assert!(fake.channel(id_of(&offer)).is_none(), "no match");
    // Her Decline on her own challenge withdraws it too.
    let again = challenge(&fake, ALICE, DAVE);
    let offer = posted_by(&fake, again).await;
    let r = press_now(&fake, ALICE, id_of(&offer), &buttons(&offer)[1].0).await;
    let update = r.update.expect("the challenge updated");
    assert!(
        update["content"]
            .as_str()
            .unwrap()
            .contains("alice withdrew the challenge"),
        "{update}"
    );
    // Nothing left to list but the running match.
    let asked = ask(&fake, ALICE, "matches", &[]);
    private_reply(&fake, asked).await;
    let list = fake.wait_for("the list", |f| f.original(asked)).await;
    assert!(buttons(&list).is_empty(), "{list}");
}

/// `user` is typing `partial` into the `match` option of `/name` (a
/// subcommand of it when `sub` is given): the choices the bot suggests.
async fn suggestions(
    fake: &FakeDiscord,
    user: TestUser,
    name: &str,
    sub: Option<&str>,
    partial: &str,
) -> Vec<(String, String)> {
    let i = fake.next_id();
    let options = [("match", 3, json!(partial))];
    let mut v = match sub {
        Some(s) => subcommand_json(i, user, CHANNEL_ID, name, s, &options, &[]),
        None => slash_command_json(i, user, CHANNEL_ID, name, &options, &[]),
    };
    v["type"] = json!(4);
    let focused = match sub {
        Some(_) => &mut v["data"]["options"][0]["options"][0],
        None => &mut v["data"]["options"][0],
    };
    focused["focused"] = json!(true);
    fake.dispatch("INTERACTION_CREATE", v);
    let r = answer(fake, i).await;
    assert_eq!(r["type"], 8, "{r}");
    r["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_match_option_suggests_the_users_recent_matches_and_ladder_void_the_servers() {
    let (fake, _bot) = start("match-choices").await;
    let done = Table::between(&fake, ALICE, BOB, None).await;
    done.play(1, 1, 'd').await;
    done.play(1, 2, 'd').await;
    let turn = done.turn(1, 3).await;
    done.resign_match_by(BOB, &turn).await;
    done.message_with(":rematch").await;
    let running = Table::between(&fake, ALICE, CAROL, None).await;
    let all = suggestions(&fake, ALICE, "replay", None, "").await;
    let values: Vec<&str> = all.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(
        values,
        [running.match_id.as_str(), done.match_id.as_str()],
        "running first, then finished: {all:?}"
    );
    assert!(all[0].0.contains("alice vs carol"), "{all:?}");
    assert!(
        all[1].0.starts_with(&format!("#{} · ", done.match_id)) && all[1].0.contains("bob"),
        "{all:?}"
    );
    let bob = suggestions(&fake, ALICE, "export", None, "bob").await;
    assert_eq!(bob.len(), 1, "{bob:?}");
    assert_eq!(bob[0].1, done.match_id);
    let by_number = suggestions(
        &fake,
        ALICE,
        "analyze",
        None,
        &format!("#{}", running.match_id),
    )
    .await;
    assert_eq!(by_number[0].1, running.match_id, "{by_number:?}");
    // A moderator's /ladder abort suggests the server's running matches.
    let abort = suggestions(&fake, MONA, "ladder", Some("abort"), "").await;
    let values: Vec<&str> = abort.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(values, [running.match_id.as_str()], "{abort:?}");
    // A moderator's /ladder void suggests the server's finished rated
    // matches, newest first, though she played none of them.
    let later = Table::between(&fake, BOB, DAVE, None).await;
    later.play(1, 1, 'd').await;
    later.play(1, 2, 'd').await;
    let turn = later.turn(1, 3).await;
    later.resign_match_by(DAVE, &turn).await;
    later.message_with(":rematch").await;
    let void = suggestions(&fake, MONA, "ladder", Some("void"), "").await;
    let values: Vec<&str> = void.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(
        values,
        [later.match_id.as_str(), done.match_id.as_str()],
        "newest first, the running one not: {void:?}"
    );
    assert!(
        void[0].0.starts_with(&format!("#{} · ", later.match_id))
            && void[0].0.contains("bob vs dave"),
        "{void:?}"
    );
    assert!(void.iter().all(|(name, _)| name.chars().count() <= 100));
    let dave = suggestions(&fake, MONA, "ladder", Some("void"), "dave").await;
    assert_eq!(dave.len(), 1, "{dave:?}");
}

/// Issue 32: autocomplete and read commands wrote the player row (on
/// SQLite an fsync'd write per keystroke). A user the bot has never seen
/// types into `/replay`'s match option, asks `/rating`, `/history` and
/// `/settings`: each is answered, and the store has no row for them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reading_and_suggestions_write_no_player() {
    let (fake, bot) = start("reads-write-nothing").await;
    for partial in ["", "1", "12"] {
        suggestions(&fake, CAROL, "replay", None, partial).await;
    }
    for name in ["rating", "history", "settings"] {
        let asked = ask(&fake, CAROL, name, &[]);
        private_reply(&fake, asked).await;
    }
    let db = fourbot::store::Db::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players WHERE discord_id = $1")
        .bind(CAROL.id as i64)
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(rows, 0, "a player row was written by reading");
    db.close().await;
}
