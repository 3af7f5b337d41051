//! Limits per member and per server (issue 32 §3; docs/reliability.md,
//! "Limits"), and the late answer: the real `fourbot` binary against the
//! strict fake Discord. Every refusal is private, in the member's
//! language, names the limit and, where the limit is one of time, says
//! when to try again. No test waits a fixed time: a queue is held full by
//! a slow Discord route ([`FakeDiscord::slow`]), a token is spent by
//! setting its lifetime to zero.
//!
//! Checked on 2026-12-06 against the code before these limits
//! (`FOURBOT_E2E_BIN=<the older build> cargo test --test e2e limits::`):
//! every test here failed (no refusal came; the late analysis was posted
//! in the channel).

use std::time::Duration;

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::{json, Value};

/// The bot as an opponent.
const THE_BOT: TestUser = TestUser {
    id: BOT_ID,
    name: "fourbot",
};

/// `user` runs `/name` with `options` in the main channel, their Discord
/// client in `locale`; returns the interaction id.
fn command_as(
    fake: &FakeDiscord,
    user: TestUser,
    locale: &str,
    name: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> u64 {
    let iid = fake.next_id();
    let mut payload = slash_command_json(iid, user, CHANNEL_ID, name, options, users);
    payload["locale"] = json!(locale);
    fake.dispatch("INTERACTION_CREATE", payload);
    iid
}

/// `user` asks for a match against the bot at level 1.
fn against_the_bot(fake: &FakeDiscord, user: TestUser, locale: &str) -> u64 {
    command_as(
        fake,
        user,
        locale,
        "challenge",
        &[user_opt("opponent", THE_BOT), ("level", 4, json!(1))],
        &[THE_BOT],
    )
}

/// Asserts that `interaction` got a private refusal and posted nothing
/// public; returns the refusal.
async fn refused(fake: &FakeDiscord, interaction: u64) -> String {
    let text = private_reply(fake, interaction).await;
    assert!(
        posted(fake, interaction).is_none(),
        "nothing public: {text}"
    );
    text
}

/// A finished match of Alice and Bob (classic, Alice resigned at once);
/// its id.
async fn finished_match(fake: &FakeDiscord) -> String {
    let t = open_variant(fake, "classic").await;
    t.command(ALICE, "resign");
    t.message_with(":rematch").await;
    t.match_id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fourth_match_against_the_bot_is_refused_privately_until_one_ends() {
    let (fake, _bot) = start("limits-ai").await;
    let mut threads = Vec::new();
    for _ in 0..3 {
        let iid = against_the_bot(&fake, ALICE, "en-US");
        let message = posted_by(&fake, iid).await;
        first_turn(&fake, id_of(&message)).await;
        threads.push(id_of(&message));
    }
    // The fourth, asked in German: refused in German, naming the limit.
    let fourth = against_the_bot(&fake, ALICE, "de");
    let text = refused(&fake, fourth).await;
    assert!(
        text.contains("3 laufende Matches gegen den Bot") && text.contains("3 gleichzeitig"),
        "{text}"
    );
    // Another member is not limited by Alice's matches.
    let bobs = against_the_bot(&fake, BOB, "en-US");
    posted_by(&fake, bobs).await;
    // One of Alice's ends: she may start another.
    command_in(&fake, ALICE, threads[0], "resign", &[], &[]);
    fake.wait_for("the end of the resigned match", |f| {
        f.messages_in(threads[0])
            .into_iter()
            .find(|m| buttons(m).iter().any(|(id, _)| id.ends_with(":rematch")))
    })
    .await;
    let again = against_the_bot(&fake, ALICE, "en-US");
    posted_by(&fake, again).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_twenty_first_open_offer_is_refused_and_seeks_count_too() {
    let (fake, _bot) = start("limits-offers").await;
    // Fifteen challenges and five seeks: twenty open offers.
    for n in 0..20 {
        let iid = if n < 15 {
            challenge(&fake, ALICE, BOB)
        } else {
            ask(&fake, ALICE, "seek", &[])
        };
        posted_by(&fake, iid).await;
    }
    let text = refused(&fake, challenge(&fake, ALICE, BOB)).await;
    assert!(
        text.contains("20 open challenges and seeks") && text.contains("may have 20"),
        "{text}"
    );
    assert!(text.contains("<t:"), "when the first expires: {text}");
    // A seek is an offer too; refused in Greek to a Greek client.
    let seek = command_as(&fake, ALICE, "el", "seek", &[], &[]);
    let text = refused(&fake, seek).await;
    assert!(
        text.contains("20 ανοιχτές προκλήσεις") && text.contains("/matches"),
        "{text}"
    );
    // Bob's offers are his own.
    posted_by(&fake, challenge(&fake, BOB, CAROL)).await;
    // Withdrawing one (the challenger's Decline) makes room again.
    let first = fake
        .messages_in(CHANNEL_ID)
        .into_iter()
        .find(|m| {
            buttons(m)
                .iter()
                .any(|(id, _)| id.starts_with("c:") && id.ends_with(":decline"))
        })
        .expect("an open challenge of Alice's");
    let decline = buttons(&first)
        .into_iter()
        .find(|(id, _)| id.ends_with(":decline"))
        .unwrap()
        .0;
    let withdrawn = press(&fake, ALICE, &first, &decline);
    update_by(&fake, withdrawn).await;
    posted_by(&fake, challenge(&fake, ALICE, BOB)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_third_analysis_is_refused_and_a_full_queue_says_when_to_try_again() {
    // Two places in the whole queue.
    let (fake, _bot) = start_with("limits-analyses", &[("FOURBOT_ANALYSIS_QUEUE", "2")]).await;
    let id = finished_match(&fake).await;
    // Discord answers the first analysis's progress edit only after 20 s:
    // the analysis holds the one solver slot, the next waits behind it.
    fake.slow("PATCH", "/messages/@original", Duration::from_secs(20), 1);
    let analyze = |user: TestUser, locale: &str| {
        command_as(
            &fake,
            user,
            locale,
            "analyze",
            &[("match", 3, json!(id.clone()))],
            &[],
        )
    };
    let first = analyze(ALICE, "en-US");
    fake.wait_for("the held progress edit", |f| {
        f.held()
            .into_iter()
            .any(|(method, path)| method == "PATCH" && path.contains(&format!("token-{first}/")))
            .then_some(())
    })
    .await;
    // Two more of Alice's, in Italian: one waits behind the first (the
    // other place), one is refused — her limit is 2. Which of the two is
    // which depends on which the bot reads first.
    let more = [analyze(ALICE, "it"), analyze(ALICE, "it")];
    let (refused_one, text) = fake
        .wait_for("the refusal of one", |f| {
            more.iter().find_map(|i| {
                private_texts(f, *i)
                    .into_iter()
                    .next()
                    .map(|text| (*i, text))
            })
        })
        .await;
    assert!(
        text.contains("2 analisi in attesa o in corso") && text.contains("può averne 2"),
        "{text}"
    );
    assert!(posted(&fake, refused_one).is_none(), "private");
    let waiting = more.into_iter().find(|i| *i != refused_one).unwrap();
    // Bob's first: the queue (2 places) is full; when to try again
    // (two ahead, 10 s each before one was measured).
    let bobs = analyze(BOB, "en-US");
    let text = refused(&fake, bobs).await;
    assert!(
        text.contains("The analysis queue is full: 2 analyses")
            && text.contains("Try again in about 20 seconds"),
        "{text}"
    );
    assert!(
        private_texts(&fake, waiting).is_empty(),
        "the other waits its turn"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sixth_replay_in_a_minute_is_refused_with_the_wait_and_export_has_its_own() {
    let (fake, _bot) = start("limits-replays").await;
    let id = finished_match(&fake).await;
    let replay = |locale: &str| {
        command_as(
            &fake,
            ALICE,
            locale,
            "replay",
            &[("match", 3, json!(id.clone()))],
            &[],
        )
    };
    for _ in 0..5 {
        let iid = replay("en-US");
        let gif = fake
            .wait_for("the replay", |f| {
                f.requests().into_iter().find(|r| {
                    r.method == "POST" && r.path == followup_path(iid) && !r.files.is_empty()
                })
            })
            .await;
        assert_eq!(gif.json["flags"], 64, "private");
    }
    // The sixth, in Bulgarian: refused with the limit and the wait.
    let text = refused(&fake, replay("bg")).await;
    assert!(
        text.contains("/replay 5 пъти в минута") && text.contains("Опитай отново след"),
        "{text}"
    );
    // Five uses within a second or so: the first leaves the window about
    // a minute later (rounded up to whole seconds).
    assert!(
        text.contains("секунд") || text.contains("1 минута"),
        "a wait of at most a minute: {text}"
    );
    // /export has a budget of its own.
    let export = ask(&fake, ALICE, "export", &[("match", 3, json!(id.clone()))]);
    fake.wait_for("the export", |f| {
        f.requests()
            .into_iter()
            .find(|r| r.method == "POST" && r.path == followup_path(export) && !r.files.is_empty())
    })
    .await;
}

/// The registered `/config` option `name`.
fn config_option(fake: &FakeDiscord, name: &str) -> Value {
    let put = fake
        .requests()
        .into_iter()
        .rev()
        .find(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .expect("a registration");
    let config = put
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "config")
        .expect("/config")
        .clone();
    config["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == name)
        .unwrap_or_else(|| panic!("no option {name}: {config}"))
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn config_limits_stay_within_the_operators_bounds_and_are_enforced() {
    let (fake, _bot) = start_with(
        "limits-config",
        &[
            ("FOURBOT_MAX_AI_MATCHES", "2"),
            ("FOURBOT_MAX_SERVER_REPLAYS_PER_MINUTE", "3"),
        ],
    )
    .await;
    wait_registrations(&fake, 1).await;
    // Registered with the operator's bounds as the options' ranges.
    let ai = config_option(&fake, "ai-matches");
    assert_eq!(
        (ai["type"].as_u64(), ai["min_value"].as_i64()),
        (Some(4), Some(1))
    );
    assert_eq!(ai["max_value"].as_i64(), Some(2), "{ai}");
    assert_eq!(
        config_option(&fake, "server-replays-per-minute")["max_value"].as_i64(),
        Some(3)
    );
    assert_eq!(
        config_option(&fake, "open-offers")["max_value"].as_i64(),
        Some(50)
    );
    // Beyond the bound: refused, naming it (in English and German), and
    // nothing of the command is saved.
    let over = config(
        &fake,
        MONA,
        &[("time", 3, json!("3+2")), ("ai-matches", 4, json!(5))],
    );
    let text = private_reply(&fake, over).await;
    assert!(
        text.contains("Matches against the bot at once, per member must be from 1 to 2, not 5")
            && text.contains("operator"),
        "{text}"
    );
    let mut german = slash_command_json(
        fake.next_id(),
        MONA,
        CHANNEL_ID,
        "config",
        &[("server-replays-per-minute", 4, json!(4))],
        &[],
    );
    let german_id = id_of(&german);
    german["locale"] = json!("de");
    fake.dispatch("INTERACTION_CREATE", german);
    let text = private_reply(&fake, german_id).await;
    assert!(
        text.contains("zwischen 1 und 3") && text.contains("Betreiber"),
        "{text}"
    );
    let shown = private_reply(&fake, config(&fake, MONA, &[])).await;
    assert!(
        shown.contains("Default time control: 10+10"),
        "unchanged: {shown}"
    );
    assert!(
        shown.contains("Matches against the bot at once, per member: 2 (this bot allows up to 2)"),
        "the default (3) taken down to the bound: {shown}"
    );
    // A member may not set limits.
    let member = private_reply(&fake, config(&fake, ALICE, &[("ai-matches", 4, json!(1))])).await;
    assert!(member.contains("Only moderators"), "{member}");
    // Within the bound: saved, shown, and enforced from then on.
    let saved = private_reply(
        &fake,
        config(
            &fake,
            MONA,
            &[
                ("ai-matches", 4, json!(1)),
                ("server-replays-per-minute", 4, json!(2)),
            ],
        ),
    )
    .await;
    assert!(
        saved.contains("saved")
            && saved.contains("Matches against the bot at once, per member: 1")
            && saved.contains("a minute, per server: 2"),
        "{saved}"
    );
    let first = against_the_bot(&fake, ALICE, "en-US");
    let message = posted_by(&fake, first).await;
    first_turn(&fake, id_of(&message)).await;
    let text = refused(&fake, against_the_bot(&fake, ALICE, "en-US")).await;
    assert!(text.contains("may run 1 at once"), "{text}");
    // The server's budget of /replay: two uses by anyone, then refused.
    let id = finished_match(&fake).await;
    for user in [BOB, CAROL] {
        let iid = ask(&fake, user, "replay", &[("match", 3, json!(id.clone()))]);
        fake.wait_for("the replay", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.method == "POST" && r.path == followup_path(iid) && !r.files.is_empty())
        })
        .await;
    }
    let third = ask(&fake, DAVE, "replay", &[("match", 3, json!(id.clone()))]);
    let text = refused(&fake, third).await;
    assert!(
        text.contains("This server may use /replay 2 times a minute")
            && text.contains("Try again in"),
        "{text}"
    );
}

/// A finished single game of Alice (red) and Bob with a mistake to show:
/// red misses d4 and yellow wins with a4; its id.
async fn analysed_game(fake: &FakeDiscord) -> String {
    let iid = challenge_with(
        fake,
        ALICE,
        &[
            user_opt("opponent", BOB),
            ("variant", 3, json!("single")),
            ("color", 3, json!("red")),
        ],
        &[BOB],
    );
    let t = accept_all(fake, iid, &[BOB]).await;
    for (i, column) in "dadadaga".chars().enumerate() {
        let who = if i % 2 == 0 { ALICE } else { BOB };
        t.drop(who, 1, i as u32 + 1, column).await;
    }
    t.message_with(":rematch").await;
    t.match_id
}

/// Whether any message in the main channel carries the analysis.
fn analysis_in_channel(fake: &FakeDiscord) -> bool {
    fake.messages_in(CHANNEL_ID).iter().any(|m| {
        m["content"]
            .as_str()
            .is_some_and(|c| c.contains("Analysis of match"))
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_analysis_goes_to_the_user_by_direct_message_never_the_channel() {
    let (fake, _bot) = start("limits-late-dm").await;
    let id = analysed_game(&fake).await;
    // Discord no longer takes the token by the time the answer is ready
    // (as after a 15-minute queue).
    fake.set_token_lifetime(Duration::ZERO);
    let asked = ask(&fake, BOB, "analyze", &[("match", 3, json!(id.clone()))]);
    let dm = fake
        .wait_for("the analysis by direct message", |f| {
            f.dms_to(BOB.id).into_iter().find(|m| {
                m["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("Analysis of match"))
            })
        })
        .await;
    let text = dm["content"].as_str().unwrap();
    assert!(
        text.starts_with("Your /analyze took longer than Discord keeps a private answer open"),
        "{text}"
    );
    assert!(text.contains("threw a win away"), "{text}");
    let with_board = fake
        .dms_to(BOB.id)
        .iter()
        .any(|m| m["attachments"].as_array().is_some_and(|a| !a.is_empty()));
    assert!(with_board, "the board at the first mistake");
    assert!(!analysis_in_channel(&fake), "nothing public");
    assert!(fake.mention_violations().is_empty());
    assert!(
        fake.interaction(asked).unwrap().acked.is_some(),
        "deferred in time"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_answer_to_a_user_who_takes_no_direct_messages_is_dropped_not_posted() {
    let (fake, bot) = start("limits-late-closed").await;
    let id = analysed_game(&fake).await;
    fake.set_token_lifetime(Duration::ZERO);
    fake.set_dms_open(BOB.id, false);
    ask(&fake, BOB, "analyze", &[("match", 3, json!(id.clone()))]);
    // The bot tried the direct message; Discord refused it (50007).
    fake.wait_for("the refused direct message", |f| {
        f.requests().into_iter().find(|r| {
            r.method == "POST"
                && r.status == 403
                && r.json.to_string().contains("Analysis of match")
        })
    })
    .await;
    eventually("the note in the log", Duration::from_secs(15), || {
        bot.stderr().contains("a late answer was dropped")
    })
    .await;
    assert!(!analysis_in_channel(&fake), "never public");
    assert!(fake.dms_to(BOB.id).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_replay_goes_by_direct_message_through_the_same_rule() {
    let (fake, _bot) = start("limits-late-replay").await;
    let id = finished_match(&fake).await;
    fake.set_token_lifetime(Duration::ZERO);
    ask(&fake, BOB, "replay", &[("match", 3, json!(id.clone()))]);
    let dm = fake
        .wait_for("the replay by direct message", |f| {
            f.dms_to(BOB.id).into_iter().next()
        })
        .await;
    let text = dm["content"].as_str().unwrap();
    assert!(text.starts_with("Your /replay took longer"), "{text}");
    // The match ended by resignation in game 1: one GIF.
    let gifs = dm["attachments"].as_array().map_or(0, Vec::len);
    assert_eq!(gifs, 1, "one GIF a game: {dm}");
    assert!(
        fake.messages_in(CHANNEL_ID)
            .iter()
            .all(|m| m["attachments"].as_array().is_none_or(|a| a.is_empty())),
        "nothing public"
    );
}
