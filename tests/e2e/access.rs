//! Discord as servers really set it up (issue 18, §2.1 and §2.2), on the
//! strict fake: offers made where no match thread can open are refused
//! privately (the channel's type, the bot's `app_permissions`); a match
//! whose thread the bot can no longer post in is aborted without a result
//! and its players are told by direct message or in the parent channel;
//! an application without the Message Content intent reconnects without
//! it and plays typed moves that reply to the turn or mention the bot.
//!
//! Rules (discord-api-docs): `developers/resources/channel.mdx` ("Start
//! Thread from Message": not in forum, media, voice or stage channels nor
//! in a thread; Create Public Threads), `developers/topics/threads.mdx`
//! (threads take their parent's permissions; Send Messages in Threads),
//! `developers/resources/user.mdx` ("Create DM"),
//! `developers/topics/opcodes-and-status-codes.mdx` (50001, 50013, 50007,
//! close 4014), `developers/events/gateway.mdx` ("Message Content Intent").

use crate::support::{fake, harness};

use std::time::Duration;

use fake::*;
use harness::*;
use serde_json::{json, Value};
use sqlx::Connection;

/// Alice challenges Bob in `channel`; returns the interaction id.
fn challenge_in(fake: &FakeDiscord, channel: u64) -> u64 {
    command_in(
        fake,
        ALICE,
        channel,
        "challenge",
        &[user_opt("opponent", BOB)],
        &[BOB],
    )
}

/// No thread was started anywhere and nothing public was posted in
/// `channel`.
fn nothing_opened(fake: &FakeDiscord, channel: u64) {
    let starts: Vec<String> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/threads"))
        .map(|r| r.path)
        .collect();
    assert!(starts.is_empty(), "no thread started: {starts:?}");
    let public: Vec<Value> = fake
        .messages_in(channel)
        .into_iter()
        .filter(|m| !is_private(m))
        .collect();
    assert!(public.is_empty(), "nothing public in {channel}: {public:?}");
}

/// The English names of the permissions a match thread needs
/// (`locales/en-US/challenge.ftl`).
const NAMES: [&str; 5] = [
    "View Channel",
    "Create Public Threads",
    "Send Messages in Threads",
    "Attach Files",
    "Read Message History",
];

/// `text` names exactly `missing` of [`NAMES`].
fn names_exactly(text: &str, missing: &[&str]) {
    for n in NAMES {
        assert_eq!(
            text.contains(n),
            missing.contains(&n),
            "{n} named iff missing: {text}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_where_no_thread_can_open_are_refused_privately() {
    let (fake, _bot) = start("access-kinds").await;
    let forum = fake.add_channel(kind::GUILD_FORUM, None);
    let voice = fake.add_channel(kind::GUILD_VOICE, None);
    let thread = fake.add_channel(kind::PUBLIC_THREAD, Some(CHANNEL_ID));
    for (what, channel) in [("forum", forum), ("voice", voice), ("thread", thread)] {
        let i = challenge_in(&fake, channel);
        let text = private_reply(&fake, i).await;
        assert!(
            text.starts_with("A match cannot open here")
                && text.contains("text or announcement channel"),
            "{what}: {text}"
        );
        nothing_opened(&fake, channel);
    }
    nothing_opened(&fake, CHANNEL_ID);
    // The same channels' parent takes the challenge: the refusals came
    // from the channel types, not from a bot that refuses everything.
    let ok = posted_by(&fake, challenge(&fake, ALICE, BOB)).await;
    assert!(ok["content"]
        .as_str()
        .unwrap()
        .contains(&format!("<@{}>", BOB.id)));
    // With Message Content, /help does not ask for replies or mentions.
    let help = private_replies(&fake, ask(&fake, CAROL, "help", &[]), 1).await;
    assert!(!help.join("\n").contains("must reply"), "{help:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offers_where_the_bot_lacks_a_permission_name_it_in_the_readers_language() {
    let (fake, _bot) = start("access-perms").await;
    let no_threads = fake.add_channel(kind::GUILD_TEXT, None);
    fake.deny(no_threads, perm::CREATE_PUBLIC_THREADS);
    let no_posts = fake.add_channel(kind::GUILD_TEXT, None);
    fake.deny(
        no_posts,
        perm::SEND_MESSAGES_IN_THREADS | perm::ATTACH_FILES,
    );

    let text = private_reply(&fake, challenge_in(&fake, no_threads)).await;
    assert!(
        text.starts_with("I cannot open a match thread here"),
        "{text}"
    );
    names_exactly(&text, &["Create Public Threads"]);
    nothing_opened(&fake, no_threads);

    let text = private_reply(&fake, challenge_in(&fake, no_posts)).await;
    names_exactly(&text, &["Send Messages in Threads", "Attach Files"]);
    nothing_opened(&fake, no_posts);

    // A seek is an offer too.
    let seek = command_in(&fake, CAROL, no_threads, "seek", &[], &[]);
    let text = private_reply(&fake, seek).await;
    names_exactly(&text, &["Create Public Threads"]);
    nothing_opened(&fake, no_threads);

    // In German, with Discord's German names of the permissions.
    let saved = private_reply(
        &fake,
        ask(&fake, ALICE, "settings", &[("language", 3, json!("de"))]),
    )
    .await;
    assert!(saved.contains("gespeichert"), "{saved}");
    let text = private_reply(&fake, challenge_in(&fake, no_posts)).await;
    assert!(
        text.starts_with("Ich kann hier keinen Match-Thread"),
        "{text}"
    );
    for de in ["Nachrichten in Threads senden", "Dateien anhängen"] {
        assert!(text.contains(de), "{de}: {text}");
    }
    for de in [
        "Kanal ansehen",
        "Öffentliche Threads erstellen",
        "Nachrichtenverlauf lesen",
    ] {
        assert!(!text.contains(de), "{de} is not missing: {text}");
    }
    nothing_opened(&fake, no_posts);
}

/// Every clock of the bot ÷30: `time:2+0` is a bank of 4 s.
const SCALE: &[(&str, &str)] = &[("FOURBOT_TEST_TIME_SCALE", "30")];

/// The match as stored: (phase, end_kind, rating changes).
async fn stored(bot: &Bot, id: &str) -> (String, Option<String>, i64) {
    let mut db = sqlx::SqliteConnection::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    sqlx::query_as(
        "SELECT phase, end_kind, (SELECT COUNT(*) FROM rating_changes WHERE match_id = m.id)
         FROM matches m WHERE id = ?",
    )
    .bind(id.parse::<i64>().unwrap())
    .fetch_one(&mut db)
    .await
    .unwrap()
}

/// Alice and Bob open a 2+0 match (a bank of 4 s) and each plays once;
/// then `deny` is taken from the bot in the match's channel (the thread
/// inherits it) and no interaction token works any more, so the turn
/// after Alice's next drop can be posted neither as a follow-up (50027)
/// nor in the thread (50013 / 50001). Returns the table once the bot has
/// aborted the match, with the bot's failed post.
async fn lose_the_thread(fake: &FakeDiscord, bot: &Bot, deny: u64) -> Table {
    let t = Table::between(fake, ALICE, BOB, Some("2+0")).await;
    t.play(1, 1, 'd').await;
    let bobs = id_of(&t.turn(1, 2).await);
    t.play(1, 2, 'd').await;
    // Bob's turn loses its buttons once Alice's is up: that edit is done
    // before the bot loses the thread, so that the next post is the first
    // request refused.
    fake.wait_for("Bob's old buttons removed", |f| {
        buttons(&f.message(bobs)?).is_empty().then_some(())
    })
    .await;
    fake.set_token_lifetime(Duration::ZERO);
    fake.deny(CHANNEL_ID, deny);
    t.press_drop(1, 3, 'c').await;
    let thread_path = format!("/api/v10/channels/{}/messages", t.thread);
    fake.wait_for("the refused turn post", |f| {
        f.served()
            .iter()
            .any(|s| s.method == "POST" && s.path == thread_path && s.status == 403)
            .then_some(())
    })
    .await;
    let id = t.match_id.clone();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let (phase, end, _) = stored(bot, &id).await;
        if phase == "finished" {
            assert_eq!(end.as_deref(), Some("aborted"), "aborted, not {end:?}");
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "aborted in time");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    t
}

/// Waits past both banks (4 s each) and checks the match stayed aborted,
/// unrated, and that nothing more was posted in its thread: its clocks
/// stopped with the abort (a clock still running would flag Bob and rate
/// the match).
async fn stays_aborted(fake: &FakeDiscord, bot: &Bot, t: &Table) {
    let posts = fake.posts_in(t.thread).len();
    tokio::time::sleep(Duration::from_secs(5)).await;
    let (phase, end, changes) = stored(bot, &t.match_id).await;
    assert_eq!(
        (phase.as_str(), end.as_deref(), changes),
        ("finished", Some("aborted"), 0),
        "aborted without a result, no flag later"
    );
    assert_eq!(fake.posts_in(t.thread).len(), posts, "nothing more tried");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_whose_thread_the_bot_loses_is_aborted_and_its_players_told_by_dm() {
    let (fake, bot) = start_with("access-lost-dm", SCALE).await;
    let t = lose_the_thread(
        &fake,
        &bot,
        perm::SEND_MESSAGES_IN_THREADS | perm::VIEW_CHANNEL,
    )
    .await;
    for u in [ALICE, BOB] {
        let dm = fake
            .wait_for("the DM", |f| f.dms_to(u.id).into_iter().next())
            .await;
        let text = dm["content"].as_str().unwrap();
        assert!(
            text.contains(&format!("<#{}>", t.thread))
                && text.contains("aborted without a result")
                && text.contains("alice vs bob"),
            "{}: {text}",
            u.name
        );
    }
    stays_aborted(&fake, &bot, &t).await;
    for u in [ALICE, BOB] {
        assert_eq!(fake.dms_to(u.id).len(), 1, "one DM to {}", u.name);
    }
    assert!(
        fake.messages_in(CHANNEL_ID)
            .iter()
            .all(|m| !m["content"].as_str().unwrap_or("").contains("aborted")),
        "the parent channel is not used when the DMs arrive"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_who_take_no_dms_are_told_once_in_the_parent_channel() {
    let (fake, bot) = start_with("access-lost-parent", SCALE).await;
    fake.set_dms_open(ALICE.id, false);
    fake.set_dms_open(BOB.id, false);
    let t = lose_the_thread(&fake, &bot, perm::SEND_MESSAGES_IN_THREADS).await;
    let told = |f: &FakeDiscord| -> Vec<Value> {
        f.messages_in(CHANNEL_ID)
            .into_iter()
            .filter(|m| m["content"].as_str().unwrap_or("").contains("aborted"))
            .collect()
    };
    let note = fake
        .wait_for("the note in the parent channel", |f| {
            told(f).into_iter().next()
        })
        .await;
    let text = note["content"].as_str().unwrap();
    assert!(
        text.starts_with(&format!("<@{}> <@{}>", ALICE.id, BOB.id))
            && text.contains(&format!("<#{}>", t.thread)),
        "{text}"
    );
    // The DMs were tried and refused (50007).
    let refused = fake
        .served()
        .iter()
        .filter(|s| s.status == 403 && s.method == "POST")
        .filter(|s| {
            s.path.starts_with("/api/v10/channels/") && !s.path.contains(&t.thread.to_string())
        })
        .count();
    assert_eq!(refused, 2, "two refused DMs");
    stays_aborted(&fake, &bot, &t).await;
    assert_eq!(told(&fake).len(), 1, "told once");
    let pinged = fake
        .requests()
        .into_iter()
        .find(|r| {
            r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages")
                && r.json["content"] == note["content"]
        })
        .expect("the note's request");
    let users: Vec<String> = pinged.json["allowed_mentions"]["users"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|u| u.as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(
        users,
        vec![ALICE.id.to_string(), BOB.id.to_string()],
        "both pinged, nobody else"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_message_content_the_bot_plays_on_with_replies_and_mentions() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_privileged_intents(intent::PRIVILEGED & !intent::MESSAGE_CONTENT);
    let (fake, bot) = start_on(fake, "access-no-content", &[]).await;
    assert_eq!(
        fake.refused_identifies(),
        1,
        "the first IDENTIFY asked for it"
    );
    let identified = fake.identified_intents();
    assert_eq!(identified.len(), 1, "{identified:?}");
    assert_eq!(identified[0] & intent::MESSAGE_CONTENT, 0);
    assert_ne!(
        identified[0] & intent::GUILD_MESSAGES,
        0,
        "typed moves still come"
    );
    let stderr = bot.stderr();
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("Message Content"))
        .collect();
    assert_eq!(warnings.len(), 1, "one warning: {warnings:?}");
    assert!(warnings[0].contains("WARN"), "{}", warnings[0]);

    // Buttons work.
    let t = Table::open(&fake).await;
    t.play(1, 1, 'd').await;
    // A plain typed move reaches the bot without its text: nothing played.
    t.typed(BOB, "d");
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(t.turns(1, 3), 0, "a move without content is not played");
    // A reply to the turn message is read.
    let turn = t.turn(1, 2).await;
    let id = fake.next_id();
    fake.dispatch(
        "MESSAGE_CREATE",
        reply_to(message_create_json(id, BOB, t.thread, "d"), &turn, true),
    );
    t.turn(1, 3).await;
    // So is a message mentioning the bot.
    let id = fake.next_id();
    fake.dispatch(
        "MESSAGE_CREATE",
        mentioning_bot(message_create_json(id, ALICE, t.thread, "d")),
    );
    t.turn(1, 4).await;
    // `/help` answers in several messages and the note is in a later one:
    // waited for itself, not for the first message (which failed under
    // load, found by a fresh clone's `cargo test`).
    let help = ask(&fake, CAROL, "help", &[]);
    let note = "a typed move must reply to the turn message or mention me";
    fake.wait_for("the /help note on typed moves", |f| {
        private_texts(f, help)
            .join("\n")
            .contains(note)
            .then_some(())
    })
    .await;
    assert_eq!(fake.refused_identifies(), 1, "asked once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_player_without_dms_is_pinged_in_the_parent_channel() {
    let (fake, bot) = start_with("access-lost-mixed", SCALE).await;
    fake.set_dms_open(BOB.id, false);
    let t = lose_the_thread(&fake, &bot, perm::SEND_MESSAGES_IN_THREADS).await;
    let dm = fake
        .wait_for("Alice's DM", |f| f.dms_to(ALICE.id).into_iter().next())
        .await;
    assert!(dm["content"]
        .as_str()
        .unwrap()
        .contains(&format!("<#{}>", t.thread)));
    let note = fake
        .wait_for("the note for Bob", |f| {
            f.messages_in(CHANNEL_ID).into_iter().find(|m| {
                m["content"]
                    .as_str()
                    .unwrap_or("")
                    .contains("aborted without a result")
            })
        })
        .await;
    let text = note["content"].as_str().unwrap();
    assert!(
        text.starts_with(&format!("<@{}> ", BOB.id)) && !text.contains(&format!("<@{}>", ALICE.id)),
        "only Bob, who got no DM, is pinged: {text}"
    );
}
