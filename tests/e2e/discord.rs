//! The Discord adapter end to end: the real `fourbot` binary against a fake
//! Discord (REST + gateway) on 127.0.0.1, plus a check that every canned
//! payload of the fake parses with serenity's own model types.

use crate::support::{fake, harness};

use std::time::Duration;

use fake::*;
use harness::*;
use serde_json::{json, Value};

// ---------------------------------------------------------------- payloads

#[test]
fn every_canned_payload_parses_with_serenitys_types() {
    use serenity::all::{
        Command as AppCommand, CurrentApplicationInfo, GuildChannel, Interaction, Message, Ready,
    };
    let slash = slash_command_json(
        1,
        ALICE,
        CHANNEL_ID,
        "challenge",
        &[("opponent", 6, json!(BOB.id.to_string()))],
        &[BOB],
    );
    match serde_json::from_value::<Interaction>(slash).unwrap() {
        Interaction::Command(c) => {
            assert_eq!(c.data.name, "challenge");
            assert_eq!(c.locale, "en-US");
        }
        other => panic!("not a command: {other:?}"),
    }
    let msg = message_json(
        5,
        CHANNEL_ID,
        json!({"id": "7", "username": "x", "discriminator": "0", "avatar": null}),
        "hi",
    );
    serde_json::from_value::<Message>(msg.clone()).unwrap();
    let mut with_buttons = msg.clone();
    with_buttons["components"] = json!([{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "a", "custom_id": "m:1:1.1:drop:a", "disabled": false}]}]);
    let press = button_press_json(2, BOB, &with_buttons, "m:1:1.1:drop:a", "de");
    match serde_json::from_value::<Interaction>(press).unwrap() {
        Interaction::Component(c) => {
            assert_eq!(c.data.custom_id, "m:1:1.1:drop:a");
            assert_eq!(c.message.id.get(), 5);
        }
        other => panic!("not a press: {other:?}"),
    }
    match serde_json::from_value::<Interaction>(autocomplete_time_json(4, ALICE, BOB, "1")).unwrap()
    {
        Interaction::Autocomplete(a) => assert_eq!(a.data.name, "challenge"),
        other => panic!("not an autocomplete: {other:?}"),
    }
    let typed: Message =
        serde_json::from_value(message_create_json(3, ALICE, CHANNEL_ID, "d")).unwrap();
    assert_eq!(typed.content, "d");
    let ready: Ready =
        serde_json::from_value(ready_json(1234, (1, 4), &[GUILD_ID, GUILD_2])).unwrap();
    assert_eq!(ready.user.id.get(), BOT_ID);
    assert_eq!(ready.shard.map(|s| (s.id.0, s.total)), Some((1, 4)));
    assert_eq!(ready.guilds.len(), 2);
    let thread: GuildChannel =
        serde_json::from_value(thread_json(9, CHANNEL_ID, "t", false)).unwrap();
    assert_eq!(thread.id.get(), 9);
    serde_json::from_value::<CurrentApplicationInfo>(application_json()).unwrap();
    let catalog = fourbot::i18n::Catalog::new().unwrap();
    let registered = serde_json::to_value(fourbot::create_commands(&catalog)).unwrap();
    let commands: Vec<AppCommand> = serde_json::from_value(commands_reply(&registered)).unwrap();
    assert_eq!(
        commands.len(),
        20,
        "with /matches, /help, /tournament, /takeback and Challenge"
    );
    let menu = commands.iter().find(|c| c.name == "Challenge").unwrap();
    assert_eq!(menu.kind, serenity::all::CommandType::User);
    let ladder = commands.iter().find(|c| c.name == "ladder").unwrap();
    assert_eq!(ladder.options.len(), 5, "reset, void, ban, unban, abort");
    let ladder_json = registered
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "ladder")
        .unwrap();
    assert_eq!(
        ladder_json["default_member_permissions"], "32",
        "only Manage Server sees it"
    );
    let sub = subcommand_json(
        9,
        MONA,
        CHANNEL_ID,
        "ladder",
        "ban",
        &[("user", 6, json!(BOB.id.to_string()))],
        &[BOB],
    );
    serde_json::from_value::<Interaction>(sub).unwrap();
    let config = slash_command_json(
        10,
        MONA,
        CHANNEL_ID,
        "config",
        &[("channel", 7, json!("77"))],
        &[],
    );
    serde_json::from_value::<Interaction>(config).unwrap();

    // The strict fake's payloads: interactions as dispatched (with
    // `app_permissions`, the partial `channel`, `context`), from a channel
    // of every type; replies and mentions; channels of every type; an
    // interaction's message with `interaction_metadata`; the callback
    // response of `with_response=true`.
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let fake = FakeDiscord::start(Mode::Normal).await;
        for k in [
            kind::GUILD_TEXT,
            kind::GUILD_VOICE,
            kind::GUILD_ANNOUNCEMENT,
            kind::GUILD_STAGE_VOICE,
            kind::GUILD_FORUM,
            kind::GUILD_MEDIA,
        ] {
            let c = fake.add_channel(k, None);
            serde_json::from_value::<GuildChannel>(fake.channel(c).unwrap()).unwrap();
            let d = fake
                .as_dispatched(
                    "INTERACTION_CREATE",
                    slash_command_json(fake.next_id(), ALICE, c, "help", &[], &[]),
                )
                .unwrap();
            match serde_json::from_value::<Interaction>(d).unwrap() {
                Interaction::Command(i) => {
                    assert_eq!(i.channel_id.get(), c);
                    assert_eq!(i.app_permissions.unwrap().bits(), perm::BOT_DEFAULT);
                }
                other => panic!("not a command: {other:?}"),
            }
        }
        for k in [
            kind::PUBLIC_THREAD,
            kind::ANNOUNCEMENT_THREAD,
            kind::PRIVATE_THREAD,
        ] {
            let parent = fake.add_channel(
                if k == kind::ANNOUNCEMENT_THREAD {
                    kind::GUILD_ANNOUNCEMENT
                } else {
                    kind::GUILD_TEXT
                },
                None,
            );
            let t = fake.add_channel(k, Some(parent));
            let thread: GuildChannel = serde_json::from_value(fake.channel(t).unwrap()).unwrap();
            assert_eq!(thread.parent_id.unwrap().get(), parent);
            let d = fake
                .as_dispatched(
                    "INTERACTION_CREATE",
                    slash_command_json(fake.next_id(), ALICE, t, "help", &[], &[]),
                )
                .unwrap();
            serde_json::from_value::<Interaction>(d).unwrap();
        }
        let turn = message_json(11, CHANNEL_ID, bot_json(), "turn");
        let typed = message_create_json(12, ALICE, CHANNEL_ID, "d");
        let reply: Message = serde_json::from_value(reply_to(typed.clone(), &turn, true)).unwrap();
        assert_eq!(reply.referenced_message.unwrap().id.get(), 11);
        assert_eq!(reply.mentions[0].id.get(), BOT_ID);
        let mention: Message = serde_json::from_value(mentioning_bot(typed)).unwrap();
        assert!(mention.mentions_user_id(BOT_ID));
        // A response and a follow-up as the fake creates them.
        let id = fake.next_id();
        fake.as_dispatched(
            "INTERACTION_CREATE",
            slash_command_json(id, ALICE, CHANNEL_ID, "help", &[], &[]),
        )
        .unwrap();
        let http = serenity::all::HttpBuilder::new("Bot t")
            .proxy(fake.base())
            .ratelimiter_disabled(true)
            .build();
        http.set_application_id(BOT_ID.into());
        let token = format!("token-{id}");
        let response = http
            .create_interaction_response(
                serenity::all::InteractionId::new(id),
                &token,
                &json!({"type": 4, "data": {"content": "hi"}}),
                vec![],
            )
            .await;
        response.unwrap();
        let original: Message = http
            .get_original_interaction_response(&token)
            .await
            .unwrap();
        assert_eq!(original.webhook_id.unwrap().get(), BOT_ID);
        let meta = original.interaction_metadata.expect("interaction_metadata");
        assert!(matches!(
            *meta,
            serenity::all::MessageInteractionMetadata::Command(_)
        ));
        let followup = http
            .create_followup_message(&token, &json!({"content": "more"}), vec![])
            .await
            .unwrap();
        assert_eq!(followup.channel_id.get(), CHANNEL_ID);
        // `with_response=true`: the callback response object.
        let id2 = fake.next_id();
        fake.as_dispatched(
            "INTERACTION_CREATE",
            slash_command_json(id2, ALICE, CHANNEL_ID, "help", &[], &[]),
        )
        .unwrap();
        let r = http
            .request(
                serenity::http::Request::new(
                    serenity::http::Route::InteractionResponse {
                        interaction_id: serenity::all::InteractionId::new(id2),
                        token: &format!("token-{id2}"),
                    },
                    serenity::http::LightMethod::Post,
                )
                .body(Some(json!({"type": 5}).to_string().into_bytes()))
                .params(Some(vec![("with_response", "true".to_string())])),
            )
            .await
            .unwrap();
        let body: Value = serde_json::from_slice(&r.bytes().await.unwrap()).unwrap();
        assert_eq!(
            body["interaction"]["response_message_loading"], true,
            "{body}"
        );
        serde_json::from_value::<Message>(body["resource"]["message"].clone()).unwrap();
    });
}

// ---------------------------------------------------------------- e2e

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_classic_match_by_buttons_and_typed_moves() {
    let (fake, bot) = start("match").await;
    let t = Table::open(&fake).await;
    let first = t.turn(1, 1).await;
    assert!(first["content"]
        .as_str()
        .unwrap()
        .starts_with(&format!("<@{}>", ALICE.id)));
    // Game 1: alice (red) plays d four times, bob answers on a.
    t.drop(ALICE, 1, 1, 'd').await;
    t.drop(BOB, 1, 2, 'a').await;
    t.turn(1, 3).await;
    t.typed(ALICE, "d");
    t.turn(1, 4).await;
    t.typed(BOB, "1"); // a digit: column a
    t.drop(ALICE, 1, 5, 'd').await;
    t.drop(BOB, 1, 6, 'a').await;
    t.drop(ALICE, 1, 7, 'd').await;
    let over = t.message_with(":1:ready").await;
    // Both ready: game 2 with colours swapped, bob moves first.
    press(&fake, ALICE, &over, &format!("m:{}:1:ready", t.match_id));
    fake.wait_for("alice ready", |f| {
        f.messages_in(t.thread)
            .iter()
            .any(|m| {
                m["content"].as_str().unwrap_or("").contains("alice")
                    && buttons(m).is_empty()
                    && m["content"]
                        .as_str()
                        .unwrap_or("")
                        .to_lowercase()
                        .contains("ready")
            })
            .then_some(())
    })
    .await;
    press(&fake, BOB, &over, &format!("m:{}:1:ready", t.match_id));
    let g2 = t.turn(2, 1).await;
    assert!(
        g2["content"]
            .as_str()
            .unwrap()
            .starts_with(&format!("<@{}>", BOB.id)),
        "{g2}"
    );
    t.drop(BOB, 2, 1, 'd').await;
    t.drop(ALICE, 2, 2, 'a').await;
    t.drop(BOB, 2, 3, 'd').await;
    t.drop(ALICE, 2, 4, 'a').await;
    t.drop(BOB, 2, 5, 'd').await;
    t.drop(ALICE, 2, 6, 'a').await;
    t.drop(BOB, 2, 7, 'd').await;
    let end = t.message_with(":rematch").await;
    let text = end["content"].as_str().unwrap();
    assert!(text.contains("1:1"), "{end}");
    assert!(
        text.contains("alice: ") && text.contains(" → "),
        "rating changes: {text}"
    );
    // The thread is archived at the end.
    fake.wait_for("the archived thread", |f| {
        (f.channel(t.thread)?["thread_metadata"]["archived"] == json!(true)).then_some(())
    })
    .await;

    let reqs = fake.requests();
    // Every posted board is a real PNG.
    let posts = fake.posts_in(t.thread);
    let pngs: Vec<&Vec<u8>> = posts
        .iter()
        .flat_map(|r| r.files.iter().map(|(_, b)| b))
        .collect();
    assert!(
        pngs.len() >= 16,
        "a board per turn and result: {}",
        pngs.len()
    );
    for png in pngs {
        let img = image::load_from_memory(png).expect("a PNG");
        assert!(img.width() > 100);
    }
    // Only the latest message keeps buttons: every earlier one lost them.
    let live: Vec<Value> = fake
        .messages_in(t.thread)
        .into_iter()
        .filter(|m| !buttons(m).is_empty())
        .collect();
    assert_eq!(live.len(), 1, "{live:?}");
    // No message ever allowed a mass ping.
    for r in reqs.iter().filter(|r| {
        r.method == "POST" && (r.path.ends_with("/messages") || r.path.contains("/webhooks/"))
    }) {
        assert_eq!(r.json["allowed_mentions"]["parse"], json!([]), "{}", r.json);
    }
    assert!(!bot.stderr().contains(TOKEN));

    // The ratings are in the database.
    let db = fourbot::store::Db::connect(&format!("sqlite://{}/fourbot.db", bot.dir.display()))
        .await
        .unwrap();
    let changes = db
        .rating_changes(fourbot::store::MatchId(t.match_id.parse().unwrap()))
        .await
        .unwrap();
    assert_eq!(changes.len(), 2, "both players rated");
    for c in &changes {
        let who = db.player_info(GUILD_ID, c.player).await.unwrap();
        assert!([ALICE.id, BOB.id].contains(&who.discord_id.unwrap()));
    }

    // Ratings, leaderboard and history show it.
    let ask = |user: TestUser, name: &str, options: &[(&str, u8, Value)], users: &[TestUser]| {
        let iid = fake.next_id();
        fake.dispatch(
            "INTERACTION_CREATE",
            slash_command_json(iid, user, CHANNEL_ID, name, options, users),
        );
        iid
    };
    // The files sent with the answer to interaction `iid`.
    let files_of = |iid: u64| {
        let token = format!("token-{iid}");
        let fake = fake.clone();
        async move {
            fake.wait_for("the attachments", |f| {
                f.requests()
                    .into_iter()
                    .find(|r| r.path.contains(&token) && !r.files.is_empty())
            })
            .await
        }
    };
    let rating = ask(CAROL, "rating", &[user_opt("user", ALICE)], &[ALICE]);
    let card = private_reply(&fake, rating).await;
    assert!(
        card.contains("alice · Classic") && card.contains("1 rated match: 0 won, 1 drawn, 0 lost"),
        "{card}"
    );
    assert!(card.contains("Rank ") && card.contains(" of 2"), "{card}");
    // Beside the text, the chart of the rating over the matches (issue 21):
    // one PNG for the one pool, within Discord's limits, described.
    let sent = files_of(rating).await;
    assert!(sent.status < 300, "{}", sent.status);
    // A callback carries the message in `data`; a deferred answer's
    // follow-up is the message.
    let data = sent.json.get("data").unwrap_or(&sent.json);
    assert_eq!(data["flags"], 64, "private: {}", sent.json);
    assert!(data["content"].as_str().unwrap().chars().count() <= 2000);
    assert_eq!(sent.files.len(), 1, "one chart per pool");
    let chart = &sent.files[0].1;
    assert!(
        chart.len() as u64 <= DEFAULT_UPLOAD_LIMIT,
        "{} bytes",
        chart.len()
    );
    let img = image::load_from_memory_with_format(chart, image::ImageFormat::Png).unwrap();
    assert_eq!((img.width(), img.height()), (800, 450));
    assert_eq!(data["attachments"][0]["filename"], "rating-classic.png");
    assert!(data["attachments"][0]["description"]
        .as_str()
        .unwrap()
        .starts_with("Rating over the rated matches of Classic"));
    let history = private_reply(&fake, ask(BOB, "history", &[], &[])).await;
    assert!(
        history.contains(&format!("#{}", t.match_id)) && history.contains("1:1"),
        "{history}"
    );
    let board = ask(CAROL, "leaderboard", &[], &[]);
    let table = fake
        .wait_for("the leaderboard", |f| f.original(board))
        .await;
    let text = table["content"].as_str().unwrap();
    assert!(
        text.contains("```") && text.contains("alice") && text.contains("bob"),
        "{text}"
    );
    // The text for screen readers and the table as a picture, with the
    // 30-day trend in both (each played one match today: a change or ±0).
    assert!(text.chars().count() <= 2000);
    assert_eq!(table["attachments"].as_array().unwrap().len(), 1, "{table}");
    assert_eq!(table["attachments"][0]["filename"], "leaderboard.png");
    let sent = files_of(board).await;
    let img =
        image::load_from_memory_with_format(&sent.files[0].1, image::ImageFormat::Png).unwrap();
    // Title, header and two rows.
    assert_eq!(
        img.height(),
        fourbot::render::TITLE_HEIGHT + 3 * fourbot::render::ROW_HEIGHT + 12
    );
    assert!(sent.files[0].1.len() as u64 <= DEFAULT_UPLOAD_LIMIT);
    for line in text
        .lines()
        .filter(|l| l.contains("alice") || l.contains("bob"))
    {
        assert!(
            line.ends_with("±0") || line.contains("  +") || line.contains("  −"),
            "trend: {line}"
        );
    }
    assert_eq!(
        buttons(&table),
        [
            ("lb:classic:0".to_string(), true),
            ("lb:classic:1".to_string(), true)
        ],
        "one page: both disabled"
    );
    let page = press(&fake, CAROL, &table, "lb:classic:0");
    let update = update_by(&fake, page).await;
    assert_eq!(update["content"], table["content"]);
    // The page's picture replaced the old one, not added to it.
    let shown = fake
        .wait_for("the new picture", |f| {
            let m = f.message(id_of(&table))?;
            let files = m["attachments"].as_array()?.clone();
            (files.len() == 1 && files[0]["id"] != table["attachments"][0]["id"]).then_some(m)
        })
        .await;
    assert_eq!(shown["attachments"][0]["filename"], "leaderboard.png");

    // Its replay (a GIF per game) and its export (the exchange format).
    let replay = ask(
        BOB,
        "replay",
        &[("match", 3, json!(t.match_id.clone()))],
        &[],
    );
    let gifs = files_of(replay).await.files;
    assert_eq!(gifs.len(), 2, "one GIF per game");
    assert!(gifs.iter().all(|(_, b)| b.starts_with(b"GIF8")));
    let export = ask(
        BOB,
        "export",
        &[("match", 3, json!(format!("#{}", t.match_id)))],
        &[],
    );
    let files = files_of(export).await.files;
    let text = String::from_utf8(files[0].1.clone()).unwrap();
    assert!(
        text.contains("[Variant \"classic\"]")
            && text.contains("[Red \"alice\"]")
            && text.contains("[Red \"bob\"]")
            && text.contains("1. d"),
        "{text}"
    );
    let missing = private_reply(
        &fake,
        ask(BOB, "export", &[("match", 3, json!("424242"))], &[]),
    )
    .await;
    assert!(missing.contains("no match 424242"), "{missing}");

    // A moderator voids it: the rating changes are undone.
    let void = |user| {
        let iid = fake.next_id();
        fake.dispatch(
            "INTERACTION_CREATE",
            subcommand_json(
                iid,
                user,
                CHANNEL_ID,
                "ladder",
                "void",
                &[("match", 3, json!(t.match_id.clone()))],
                &[],
            ),
        );
        iid
    };
    let refused = private_reply(&fake, void(ALICE)).await;
    assert!(refused.contains("Only moderators"), "{refused}");
    let done = private_reply(&fake, void(MONA)).await;
    assert!(done.contains("is void"), "{done}");
    let again = private_reply(&fake, void(MONA)).await;
    assert!(again.contains("already void"), "{again}");
    let detail = db
        .match_detail(fourbot::store::MatchId(t.match_id.parse().unwrap()))
        .await
        .unwrap();
    assert!(detail.voided, "{detail:?}");
}

/// The second of two presses on one turn is refused after its
/// acknowledgement took the turn's buttons off, before the next turn was
/// posted: its buttons are put back, and the next turn's post takes them
/// off again. The two edits of that message must land in that order even
/// when Discord is slow with the first (here it answers both
/// acknowledgements after 0.2 s, the put-back after 1 s, and the next
/// turn's post after 0.3 s): before, the post's removal
/// overtook the put-back, which then left the played turn with live
/// buttons for good (seen once in CI as
/// `two_presses_for_one_ply_give_one_move_and_one_refusal`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_put_back_and_the_next_turns_removal_land_in_order() {
    let (fake, _bot) = start("putback").await;
    let t = Table::open(&fake).await;
    let msg = t.turn(1, 1).await;
    // Both acknowledgements are slow (0.2 s), so both presses find the
    // turn live and take its buttons off: one is played, one refused.
    fake.slow("POST", "/callback", Duration::from_millis(200), 2);
    fake.slow("PATCH", "/messages/@original", Duration::from_secs(1), 1);
    fake.slow("POST", "/webhooks/", Duration::from_millis(300), 1);
    let a = press(&fake, ALICE, &msg, &format!("m:{}:1.1:drop:d", t.match_id));
    let b = press(&fake, ALICE, &msg, &format!("m:{}:1.1:drop:c", t.match_id));
    t.turn(1, 2).await;
    // The refusal follows the put-back.
    fake.wait_for("the refusal", |f| {
        [a, b]
            .iter()
            .any(|i| !private_texts(f, *i).is_empty())
            .then_some(())
    })
    .await;
    fake.wait_for("turn 1.1 without buttons", |f| {
        f.message(id_of(&msg))
            .filter(|m| buttons(m).is_empty())
            .map(|_| ())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(
        buttons(&fake.message(id_of(&msg)).unwrap()).is_empty(),
        "the played turn got its buttons back"
    );
    // The race was run: the refused press did put the buttons back.
    assert!(
        fake.requests().iter().any(|r| r.method == "PATCH"
            && r.path.ends_with("/messages/@original")
            && r.json["components"]
                .as_array()
                .is_some_and(|c| !c.is_empty())),
        "no put-back: the test did not reach the race"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_presses_for_one_ply_give_one_move_and_one_refusal() {
    let (fake, _bot) = start("double").await;
    let t = Table::open(&fake).await;
    let msg = t.turn(1, 1).await;
    let a = press(&fake, ALICE, &msg, &format!("m:{}:1.1:drop:d", t.match_id));
    let b = press(&fake, ALICE, &msg, &format!("m:{}:1.1:drop:c", t.match_id));
    t.turn(1, 2).await;
    // The move's next turn is a public follow-up of its press's token;
    // the other press gets a private one.
    let refusals = |f: &FakeDiscord| {
        [a, b]
            .iter()
            .filter(|i| !private_texts(f, **i).is_empty())
            .count()
    };
    fake.wait_for("one refusal", |f| (refusals(f) >= 1).then_some(()))
        .await;
    // Both were acknowledged at once: with the turn's buttons taken off
    // (7) while it was the live turn, else with a deferred update (6).
    for i in [a, b] {
        let r = fake
            .wait_for("ack", |f| {
                f.requests()
                    .into_iter()
                    .find(|r| r.path == callback_path(i))
            })
            .await;
        assert!(
            matches!(r.json["type"].as_u64(), Some(6 | 7)),
            "{:?}",
            r.json
        );
    }
    // The refused press does not leave turn 1.1 with live buttons.
    fake.wait_for("turn 1.1 without buttons", |f| {
        f.message(id_of(&msg))
            .filter(|m| buttons(m).is_empty())
            .map(|_| ())
    })
    .await;
    // While they play, Alice cannot challenge Bob again.
    let again = challenge(&fake, ALICE, BOB);
    let r = private_reply(&fake, again).await;
    assert!(r.contains("already have a match"), "{r}");
    // The time option suggests the presets.
    let ac = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        autocomplete_time_json(ac, ALICE, CAROL, "1"),
    );
    let r = fake
        .wait_for("the suggestions", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.path == callback_path(ac))
        })
        .await;
    assert_eq!(r.json["type"], 8);
    assert_eq!(
        r.json["data"]["choices"],
        json!([{"name": "10+10", "value": "10+10"}])
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(refusals(&fake), 1);
    assert_eq!(t.turns(1, 2), 1, "exactly one move was played");
    assert_eq!(t.turns(1, 3), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_non_players_press_is_refused_privately_and_a_full_column_is_disabled() {
    let (fake, _bot) = start("full").await;
    let t = Table::open(&fake).await;
    let msg = t.turn(1, 1).await;
    let i = press_in(
        &fake,
        CAROL,
        &msg,
        &format!("m:{}:1.1:drop:d", t.match_id),
        "de",
    );
    let text = private_followup(&fake, i).await;
    assert!(text.contains("nicht"), "German refusal: {text}");
    // A player typing out of turn gets a reply to the message (a typed
    // move cannot be answered privately) that pings nobody.
    t.typed(BOB, "c");
    let reply = fake
        .wait_for("the reply to bob", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.method == "POST" && r.json.get("message_reference").is_some())
        })
        .await;
    assert!(
        reply.json["content"]
            .as_str()
            .unwrap()
            .contains("not your turn"),
        "{}",
        reply.json
    );
    assert_eq!(reply.json["allowed_mentions"]["replied_user"], false);
    // Spectator chat is ignored, even when it reads as a move.
    t.typed(CAROL, "d");
    t.typed(CAROL, "nice game!");
    // A stale press (the old turn) is refused.
    t.drop(ALICE, 1, 1, 'd').await;
    let stale = press(&fake, BOB, &msg, &format!("m:{}:1.1:drop:d", t.match_id));
    let text = private_followup(&fake, stale).await;
    assert!(text.contains("earlier turn"), "{text}");
    for (ply, user) in [(2, BOB), (3, ALICE), (4, BOB), (5, ALICE), (6, BOB)] {
        t.drop(user, 1, ply, 'd').await;
    }
    let after = t.turn(1, 7).await;
    let d = buttons(&after)
        .into_iter()
        .find(|(id, _)| id.ends_with(":drop:d"))
        .expect("column d keeps its button");
    assert!(d.1, "the full column's button is disabled");
    assert!(buttons(&after)
        .iter()
        .filter(|(id, _)| id.contains(":drop:"))
        .all(|(id, disabled)| *disabled == id.ends_with(":drop:d")));
    assert_eq!(t.turns(1, 2), 1);
    let replies = fake
        .requests()
        .iter()
        .filter(|r| r.json.get("message_reference").is_some())
        .count();
    assert_eq!(replies, 1, "only bob's out-of-turn move was answered");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_match_goes_on_after_a_gateway_reconnect() {
    let (fake, _bot) = start("reconnect").await;
    let t = Table::open(&fake).await;
    t.drop(ALICE, 1, 1, 'd').await;
    t.turn(1, 2).await;
    fake.reconnect();
    fake.wait_for("RESUME", |f| f.gateway_ops().contains(&6).then_some(()))
        .await;
    // Wait for the resumed session before the next event.
    tokio::time::sleep(Duration::from_millis(200)).await;
    t.drop(BOB, 1, 2, 'c').await;
    t.turn(1, 3).await;
    t.typed(ALICE, "e");
    t.turn(1, 4).await;
    // /board: the current board, privately, with its picture.
    let i = t.command(BOB, "board");
    let reply = filled(&fake, i).await;
    assert_eq!(
        answer(&fake, i).await["data"]["flags"],
        64,
        "deferred privately"
    );
    assert_eq!(reply.files.len(), 1);
    image::load_from_memory(&reply.files[0].1).expect("a PNG");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_the_next_press_on_the_old_message_works() {
    let (fake, mut bot) = start("restart").await;
    let t = Table::open(&fake).await;
    t.drop(ALICE, 1, 1, 'd').await;
    let old = t.turn(1, 2).await;
    bot.kill().await;
    bot.restart(&fake).await;
    // The restarted bot tells the players and posts the turn again in the
    // match's thread; the old message's buttons still work.
    fake.wait_for("the restart notice", |f| {
        f.messages_in(t.thread)
            .into_iter()
            .find(|m| m["content"].as_str().unwrap_or("").contains("restarted"))
    })
    .await;
    fake.wait_for("the turn posted again", |_| {
        (t.turns(1, 2) == 2).then_some(())
    })
    .await;
    press(&fake, BOB, &old, &format!("m:{}:1.2:drop:c", t.match_id));
    t.turn(1, 3).await;
    t.typed(ALICE, "c");
    t.turn(1, 4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_token_ends_the_bot_with_one_clear_line() {
    let fake = FakeDiscord::start(Mode::RejectToken).await;
    let dir = temp_dir("badtoken");
    let mut child = spawn_bot(&fake, &dir, Some(TOKEN));
    let status = tokio::time::timeout(Duration::from_secs(20), child.wait())
        .await
        .expect("the bot exits")
        .unwrap();
    // Gateway close 4004 cannot be resumed from: bad input (issue 20).
    assert_eq!(status.code(), Some(2));
    let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
    assert!(!stderr.contains(TOKEN), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(
        stderr.starts_with("fourbot: Discord rejected the token"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Discord deprecated `dm_permission` for `contexts`
/// (`developers/interactions/application-commands.mdx`, "Application
/// Command Object": "Deprecated (use `contexts` instead)"); the strict fake
/// records it instead of refusing it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commands_are_registered_without_deprecated_fields() {
    let (fake, _bot) = start("no-deprecated").await;
    wait_registrations(&fake, 1).await;
    assert_eq!(fake.deprecated_fields(), Vec::<String>::new());
}

#[tokio::test]
async fn a_missing_token_ends_the_bot_with_one_clear_line() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let dir = temp_dir("notoken");
    let mut child = spawn_bot(&fake, &dir, None);
    let status = tokio::time::timeout(Duration::from_secs(20), child.wait())
        .await
        .expect("the bot exits")
        .unwrap();
    assert!(!status.success());
    let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("DISCORD_TOKEN is not set"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resignations_a_rematch_and_an_auto_archived_thread() {
    let (fake, _bot) = start("resign").await;
    let t = Table::open(&fake).await;
    t.drop(ALICE, 1, 1, 'd').await;
    let turn2 = t.turn(1, 2).await;
    // /resign-game: deferred privately, then the private reply is removed.
    let i = t.command(ALICE, "resign-game");
    let ack = fake
        .wait_for("deferral", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.path == callback_path(i))
        })
        .await;
    assert_eq!(ack.json["type"], 5);
    assert_eq!(ack.json["data"]["flags"], 64);
    let over = t.message_with(":1:ready").await;
    fake.wait_for("the deferral removed", |f| {
        f.requests().into_iter().find(|r| {
            r.method == "DELETE" && r.path.contains(&format!("token-{i}/messages/@original"))
        })
    })
    .await;
    // The game-over message took the turn's buttons away.
    fake.wait_for("the old turn without buttons", |f| {
        buttons(&f.message(id_of(&turn2))?).is_empty().then_some(())
    })
    .await;
    // Ready is for players only, and once.
    let ready = format!("m:{}:1:ready", t.match_id);
    let carol = press(&fake, CAROL, &over, &ready);
    private_followup(&fake, carol).await;
    press(&fake, ALICE, &over, &ready);
    fake.wait_for("alice ready", |f| {
        f.messages_in(t.thread)
            .iter()
            .any(|m| buttons(m).is_empty() && m["content"].as_str().unwrap_or("").contains("alice"))
            .then_some(())
    })
    .await;
    press(&fake, BOB, &over, &ready);
    t.turn(2, 1).await;
    // /resign from the thread ends the match; the thread is archived.
    let i = t.command(ALICE, "resign");
    let end = t.message_with(":rematch").await;
    assert!(end["content"].as_str().unwrap().contains("alice"), "{end}");
    fake.wait_for("archived", |f| archived(f, t.thread)?.then_some(()))
        .await;
    fake.wait_for("the deferral removed", |f| {
        f.requests().into_iter().find(|r| {
            r.method == "DELETE" && r.path.contains(&format!("token-{i}/messages/@original"))
        })
    })
    .await;
    // /resign again: there is nothing to resign, privately. Discord takes
    // no application command in an archived thread (threads.mdx, "Active &
    // Archived Threads"): alice's message unarchives it first, as Discord
    // does.
    fake.dispatch(
        "MESSAGE_CREATE",
        message_create_json(fake.next_id(), ALICE, t.thread, "gg"),
    );
    assert_eq!(archived(&fake, t.thread), Some(false));
    let again = t.command(ALICE, "resign");
    let edit = fake
        .wait_for("a private refusal", |f| {
            f.requests().into_iter().find(|r| {
                r.method == "PATCH"
                    && r.path
                        .contains(&format!("token-{again}/messages/@original"))
            })
        })
        .await;
    assert!(
        edit.json["content"].as_str().unwrap().contains("over"),
        "{}",
        edit.json
    );

    // Rematch: both press it; the new match is played in the same thread,
    // unarchived (archived again first: alice's message above reopened it).
    fake.archive(t.thread);
    let rematch = format!("m:{}:rematch", t.match_id);
    press(&fake, ALICE, &end, &rematch);
    press(&fake, BOB, &end, &rematch);
    let t2 = t.rematch().await;
    assert_ne!(t2.match_id, t.match_id);
    assert_eq!(archived(&fake, t.thread), Some(false));
    let first = t2.turn(1, 1).await;
    assert!(
        first["content"]
            .as_str()
            .unwrap()
            .starts_with(&format!("<@{}>", BOB.id)),
        "seats rotate: {first}"
    );

    // Discord auto-archives the thread mid-match: the bot unarchives it.
    fake.archive(t.thread);
    t2.drop(BOB, 1, 1, 'c').await;
    t2.turn(1, 2).await;
    assert_eq!(archived(&fake, t.thread), Some(false));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declined_challenge_and_a_game_against_the_bot() {
    let (fake, _bot) = start("ai").await;
    // Bob declines: the message says so and loses its buttons; no thread.
    let iid = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, iid).await;
    let decline = buttons(&msg)[1].0.clone();
    assert!(decline.ends_with(":decline"));
    let carol = press(&fake, CAROL, &msg, &decline);
    let refusal = private_reply(&fake, carol).await;
    assert!(refusal.contains("someone else"), "{refusal}");
    press(&fake, BOB, &msg, &decline);
    let declined = fake
        .wait_for("the declined challenge", |f| {
            let m = f.message(id_of(&msg))?;
            m["content"].as_str()?.contains("declined").then_some(m)
        })
        .await;
    assert!(buttons(&declined).is_empty());
    assert!(fake.channel(id_of(&msg)).is_none());

    // Against the bot: the match starts at once and the AI answers.
    let bot = TestUser {
        id: BOT_ID,
        name: "fourbot",
    };
    let iid = challenge(&fake, ALICE, bot);
    let started = posted_by(&fake, iid).await;
    let thread = id_of(&started);
    let first = fake
        .wait_for("the first turn", |f| {
            f.messages_in(thread)
                .into_iter()
                .find(|m| !buttons(m).is_empty())
        })
        .await;
    let match_id = buttons(&first)[0].0.split(':').nth(1).unwrap().to_string();
    let t = Table {
        fake: fake.clone(),
        thread,
        match_id,
        players: vec![ALICE, BOB],
    };
    t.drop(ALICE, 1, 1, 'd').await;
    t.turn(1, 3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unanswered_challenge_expires() {
    let (fake, _bot) = start_with("expiry", &[("FOURBOT_CHALLENGE_EXPIRY_SECS", "1")]).await;
    let iid = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, iid).await;
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
        edit.json["content"].as_str().unwrap().contains("expired"),
        "{}",
        edit.json
    );
    assert_eq!(edit.json["components"], json!([]));
    let late = press(&fake, BOB, &msg, &buttons(&msg)[0].0);
    let r = private_reply(&fake, late).await;
    assert!(r.contains("expired"), "{r}");
    assert!(fake.channel(id_of(&msg)).is_none());

    // A seek nobody joins expires the same way.
    let seek = ask(&fake, CAROL, "seek", &[]);
    let msg = posted_by(&fake, seek).await;
    let edit = fake
        .wait_for("the seek's expiry edit", |f| {
            f.requests().into_iter().find(|r| {
                r.method == "PATCH"
                    && r.path
                        .ends_with(&format!("token-{seek}/messages/{}", id_of(&msg)))
            })
        })
        .await;
    assert!(
        edit.json["content"]
            .as_str()
            .unwrap()
            .contains("Nobody joined"),
        "{}",
        edit.json
    );
    assert_eq!(edit.json["components"], json!([]));
    let late = press(&fake, BOB, &msg, &buttons(&msg)[0].0);
    let text = private_reply(&fake, late).await;
    assert!(text.contains("expired"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_fourbot_with_a_token_runs_the_bot_and_registers_globally() {
    let (fake, _bot) = start_with(
        "plain",
        &[("TEST_NO_SUBCOMMAND", "1"), ("FOURBOT_DEV_GUILD", "")],
    )
    .await;
    assert!(fake.gateway_ops().contains(&2), "identified");
    let put = fake
        .requests()
        .into_iter()
        .find(|r| r.method == "PUT")
        .unwrap();
    assert_eq!(put.path, format!("/api/v10/applications/{BOT_ID}/commands"));
}

// ---------------------------------------------------------------- /challenge options

/// A match's thread stays in the channel's list as long as the match can
/// go quiet: Discord archives a thread after its `auto_archive_duration`
/// without a message, and the bot sets it from the time control (the
/// longest turn: the grace between games and a full bank), the shortest
/// of Discord's four durations that covers it, else a week.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_thread_archives_no_sooner_than_its_longest_turn() {
    let (fake, _bot) = start("archive").await;
    for (a, b, time, minutes) in [
        (ALICE, BOB, "3+2", 60),        // 1 min + 3 min + 42 × 2 s
        (CAROL, DAVE, "1000+0", 1440),  // 16 h 41 min
        (ALICE, CAROL, "1440+0", 4320), // a day and a minute
        (BOB, DAVE, "4320+0", 10080),   // three days and a minute
    ] {
        let iid = challenge_with(
            &fake,
            a,
            &[user_opt("opponent", b), ("time", 3, json!(time))],
            &[b],
        );
        let t = accept_all(&fake, iid, &[b]).await;
        let thread = fake.channel(t.thread).unwrap();
        assert_eq!(
            thread["thread_metadata"]["auto_archive_duration"],
            json!(minutes),
            "{time}: {thread}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_challenge_starts_when_both_accepted_and_all_three_games_are_played_by_buttons(
) {
    let (fake, _bot) = start("three").await;
    let iid = challenge_with(
        &fake,
        ALICE,
        &[
            user_opt("opponent", BOB),
            ("variant", 3, json!("three-players")),
            ("time", 3, json!("1+2")),
            user_opt("opponent2", CAROL),
        ],
        &[BOB, CAROL],
    );
    let msg = posted_by(&fake, iid).await;
    let text = msg["content"].as_str().unwrap();
    assert!(
        text.contains(&format!("<@{}> and <@{}>", BOB.id, CAROL.id)) && text.contains("1+2"),
        "{text}"
    );
    let pinged = fake
        .requests()
        .into_iter()
        .find(|r| {
            r.method == "POST"
                && r.path == followup_path(iid)
                && r.json["components"]
                    .as_array()
                    .is_some_and(|c| !c.is_empty())
        })
        .unwrap();
    let mut users: Vec<String> =
        serde_json::from_value(pinged.json["allowed_mentions"]["users"].clone()).unwrap();
    users.sort();
    assert_eq!(users, [BOB.id.to_string(), CAROL.id.to_string()]);
    let t = accept_all(&fake, iid, &[BOB, CAROL]).await;
    let name = fake.channel(t.thread).unwrap()["name"].clone();
    assert!(
        name.as_str().unwrap().contains("alice vs bob vs carol"),
        "{name}"
    );
    // Eight columns: buttons a to h; red, yellow, blue in turn.
    let first = t.turn(1, 1).await;
    let drops: Vec<String> = buttons(&first)
        .into_iter()
        .filter(|(id, _)| id.contains(":drop:"))
        .map(|(id, _)| id)
        .collect();
    assert_eq!(drops.len(), 8, "{drops:?}");
    assert!(drops[7].ends_with(":drop:h"));
    assert!(starts_with_ping(&first, ALICE));
    for round in 0..3 {
        let ply = round * 3;
        t.drop(ALICE, 1, ply + 1, 'a').await;
        assert!(starts_with_ping(&t.turn(1, ply + 2).await, BOB));
        t.drop(BOB, 1, ply + 2, 'b').await;
        assert!(starts_with_ping(&t.turn(1, ply + 3).await, CAROL));
        t.drop(CAROL, 1, ply + 3, 'c').await;
    }
    t.drop(ALICE, 1, 10, 'a').await;
    // Games 2 and 3: red rotates; whoever moves first wins in column a.
    let players = [ALICE, BOB, CAROL];
    let mut firsts = vec![ALICE];
    for game in 2..=3u32 {
        let over = t.message_with(&format!(":{}:ready", game - 1)).await;
        let ready = format!("m:{}:{}:ready", t.match_id, game - 1);
        for p in players {
            press(&fake, p, &over, &ready);
        }
        let mut columns: Vec<u64> = Vec::new();
        for ply in 1..=10u32 {
            let turn = t.turn(game, ply).await;
            let who = players
                .into_iter()
                .find(|p| starts_with_ping(&turn, *p))
                .unwrap();
            if ply == 1 {
                firsts.push(who);
            }
            if !columns.contains(&who.id) {
                columns.push(who.id);
            }
            let column = ['a', 'b', 'c'][columns.iter().position(|id| *id == who.id).unwrap()];
            t.drop(who, game, ply, column).await;
        }
    }
    let ids: std::collections::HashSet<u64> = firsts.iter().map(|p| p.id).collect();
    assert_eq!(ids.len(), 3, "every player starts once");
    let end = t.message_with(":rematch").await;
    let text = end["content"].as_str().unwrap();
    for p in players {
        assert!(text.contains(&format!("1. {}: 1 point", p.name)), "{text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teams_match_names_the_player_to_move_and_is_won_by_a_team() {
    let (fake, _bot) = start("teams").await;
    let iid = challenge_with(
        &fake,
        ALICE,
        &[
            user_opt("opponent", BOB),
            ("variant", 3, json!("teams")),
            user_opt("opponent2", CAROL),
            user_opt("teammate", DAVE),
        ],
        &[BOB, CAROL, DAVE],
    );
    let t = accept_all(&fake, iid, &[DAVE, CAROL, BOB]).await;
    let name = fake.channel(t.thread).unwrap()["name"].clone();
    assert!(
        name.as_str()
            .unwrap()
            .contains("alice and dave vs bob and carol"),
        "{name}"
    );
    // A1, B1, A2, B2: alice, bob, dave, carol.
    let order = [ALICE, BOB, DAVE, CAROL];
    let columns = ['d', 'a', 'd', 'a', 'd', 'a', 'd'];
    for (n, column) in columns.iter().enumerate() {
        let ply = n as u32 + 1;
        let who = order[n % 4];
        let turn = t.turn(1, ply).await;
        assert!(starts_with_ping(&turn, who), "ply {ply}: {turn}");
        assert!(
            turn["content"].as_str().unwrap().contains(who.name),
            "the turn names the player: {turn}"
        );
        t.drop(who, 1, ply, *column).await;
    }
    let over = t.message_with(":1:ready").await;
    let text = over["content"].as_str().unwrap();
    assert!(text.contains("Team A") || text.contains("alice"), "{text}");

    // Everyone ready: game 2, team B is red and moves first (B1, A1, B2, A2).
    let ready = format!("m:{}:1:ready", t.match_id);
    for p in order {
        let i = press(&fake, p, &over, &ready);
        fake.wait_for("the acknowledgement", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.path == callback_path(i))
        })
        .await;
    }
    let order = [BOB, ALICE, CAROL, DAVE];
    for (n, column) in columns.iter().enumerate() {
        let ply = n as u32 + 1;
        let who = order[n % 4];
        let turn = t.turn(2, ply).await;
        assert!(starts_with_ping(&turn, who), "game 2 ply {ply}: {turn}");
        t.drop(who, 2, ply, *column).await;
    }
    let end = t.message_with(":rematch").await;
    let text = end["content"].as_str().unwrap();
    assert!(text.contains("1:1"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_options_that_do_not_fit_are_refused_privately() {
    let (fake, _bot) = start("refusals").await;
    let bot = TestUser {
        id: BOT_ID,
        name: "fourbot",
    };
    type Case = (Vec<(&'static str, u8, Value)>, Vec<TestUser>, &'static str);
    let cases: Vec<Case> = vec![
        (
            vec![user_opt("opponent", BOB), ("variant", 3, json!("teams"))],
            vec![BOB],
            "teammate",
        ),
        (
            vec![
                user_opt("opponent", BOB),
                ("variant", 3, json!("three-players")),
            ],
            vec![BOB],
            "opponent2",
        ),
        (
            vec![user_opt("opponent", BOB), user_opt("opponent2", CAROL)],
            vec![BOB, CAROL],
            "two players",
        ),
        (
            vec![user_opt("opponent", BOB), ("color", 3, json!("yellow"))],
            vec![BOB],
            "single game",
        ),
        (
            vec![user_opt("opponent", BOB), ("level", 4, json!(2))],
            vec![BOB],
            "against the bot",
        ),
        (
            vec![user_opt("opponent", bot), ("level", 4, json!(9))],
            vec![bot],
            "from 1 to 5",
        ),
        (
            vec![user_opt("opponent", BOB), ("time", 3, json!("0+5"))],
            vec![BOB],
            "7 days",
        ),
        (
            vec![user_opt("opponent", BOB), ("time", 3, json!("20000+0"))],
            vec![BOB],
            "“20000+0”",
        ),
        (
            vec![user_opt("opponent", ALICE)],
            vec![ALICE],
            "different player",
        ),
    ];
    for (options, users, expected) in cases {
        let iid = challenge_with(&fake, ALICE, &options, &users);
        let text = private_reply(&fake, iid).await;
        assert!(text.contains(expected), "{options:?}: {text}");
    }
    assert!(
        fake.requests()
            .iter()
            .all(|r| !r.path.ends_with("/threads")),
        "no match started"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_single_game_colour_and_the_bots_level_are_honoured() {
    let (fake, _bot) = start("colour").await;
    let iid = challenge_with(
        &fake,
        ALICE,
        &[
            user_opt("opponent", BOB),
            ("variant", 3, json!("single")),
            ("color", 3, json!("yellow")),
        ],
        &[BOB],
    );
    let msg = posted_by(&fake, iid).await;
    assert!(
        msg["content"]
            .as_str()
            .unwrap()
            .contains("alice plays Yellow"),
        "{msg}"
    );
    let t = accept_all(&fake, iid, &[BOB]).await;
    assert!(
        starts_with_ping(&t.turn(1, 1).await, BOB),
        "red moves first"
    );

    let bot = TestUser {
        id: BOT_ID,
        name: "fourbot",
    };
    let iid = challenge_with(
        &fake,
        CAROL,
        &[
            user_opt("opponent", bot),
            ("variant", 3, json!("small")),
            ("level", 4, json!(1)),
        ],
        &[bot],
    );
    let started = posted_by(&fake, iid).await;
    let text = started["content"].as_str().unwrap();
    assert!(
        text.contains("level 1") && text.contains("Not rated"),
        "{text}"
    );
    let thread = id_of(&started);
    let first = fake
        .wait_for("the first turn", |f| {
            f.messages_in(thread)
                .into_iter()
                .find(|m| !buttons(m).is_empty())
        })
        .await;
    let drops = buttons(&first)
        .into_iter()
        .filter(|(id, _)| id.contains(":drop:"))
        .count();
    assert_eq!(drops, 6, "small is 6 columns wide");

    // The bot may take one seat of three: only the humans accept.
    let iid = challenge_with(
        &fake,
        DAVE,
        &[
            user_opt("opponent", BOB),
            ("variant", 3, json!("three-players")),
            user_opt("opponent2", bot),
            ("level", 4, json!(2)),
        ],
        &[BOB, bot],
    );
    let msg = posted_by(&fake, iid).await;
    let text = msg["content"].as_str().unwrap();
    assert!(text.contains("the bot (level 2)"), "{text}");
    let t = accept_all(&fake, iid, &[BOB]).await;
    t.drop(DAVE, 1, 1, 'a').await;
    t.drop(BOB, 1, 2, 'b').await;
    let fourth = t.turn(1, 4).await;
    assert!(starts_with_ping(&fourth, DAVE), "the bot moved: {fourth}");
}

// ---------------------------------------------------------------- moderators

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderator_commands_are_refused_privately_to_members() {
    let (fake, _bot) = start("not-a-moderator").await;
    let attempts = [
        config(&fake, ALICE, &[("time", 3, json!("3+2"))]),
        config(&fake, ALICE, &[]),
        ladder(&fake, ALICE, "reset", &[], &[]),
        ladder(&fake, ALICE, "ban", &[user_opt("user", BOB)], &[BOB]),
        ladder(&fake, ALICE, "unban", &[user_opt("user", BOB)], &[BOB]),
    ];
    for iid in attempts {
        let text = private_reply(&fake, iid).await;
        assert!(text.contains("Only moderators"), "{text}");
    }
    // Nothing changed: the default time control still applies.
    let iid = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, iid).await;
    assert!(msg["content"].as_str().unwrap().contains("10+10"), "{msg}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_settings_from_config_are_kept_and_used_by_challenges() {
    let (fake, _bot) = start("config").await;
    let saved = private_reply(
        &fake,
        config(
            &fake,
            MONA,
            &[
                ("time", 3, json!("5+5")),
                ("abort-window", 4, json!(5)),
                ("variants", 3, json!("classic, popout")),
                ("language", 3, json!("de")),
            ],
        ),
    )
    .await;
    assert!(
        saved.contains("saved") && saved.contains("5 minutes"),
        "{saved}"
    );
    let bad = private_reply(&fake, config(&fake, MONA, &[("abort-window", 4, json!(0))])).await;
    assert!(bad.contains("1 minute"), "{bad}");
    let shown = private_reply(&fake, config(&fake, MONA, &[])).await;
    assert!(
        shown.contains("5+5") && shown.contains("PopOut") && shown.contains("Deutsch"),
        "{shown}"
    );
    assert!(!shown.contains("saved"), "showing is not saving: {shown}");

    // A variant the server does not allow is refused.
    let five = challenge_with(
        &fake,
        ALICE,
        &[user_opt("opponent", BOB), ("variant", 3, json!("five"))],
        &[BOB],
    );
    let text = private_reply(&fake, five).await;
    assert!(text.contains("not allowed"), "{text}");
    // The server's time control and language are used.
    let iid = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, iid).await;
    let text = msg["content"].as_str().unwrap();
    assert!(text.contains("5+5") && text.contains("fordert"), "{text}");
    let t = accept_all(&fake, iid, &[BOB]).await;
    let first = t.turn(1, 1).await;
    let clock = fourbot::store::Db::connect(&format!("sqlite://{}/fourbot.db", _bot.dir.display()))
        .await
        .unwrap()
        .match_detail(fourbot::store::MatchId(t.match_id.parse().unwrap()))
        .await
        .unwrap()
        .time_control;
    assert_eq!(clock, "5+5", "{first}");

    // Matches only in the match channel.
    let elsewhere = CHANNEL_ID + 1000;
    let saved = private_reply(
        &fake,
        config(&fake, MONA, &[("channel", 7, json!(elsewhere.to_string()))]),
    )
    .await;
    assert!(saved.contains(&format!("<#{elsewhere}>")), "{saved}");
    let iid = challenge(&fake, CAROL, ALICE);
    let text = private_reply(&fake, iid).await;
    assert!(text.contains(&format!("<#{elsewhere}>")), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_banned_player_cannot_start_rated_matches_until_unbanned() {
    let (fake, _bot) = start("ban").await;
    let ban = || ladder(&fake, MONA, "ban", &[user_opt("user", BOB)], &[BOB]);
    let done = private_reply(&fake, ban()).await;
    assert!(done.contains("bob is banned"), "{done}");
    let again = private_reply(&fake, ban()).await;
    assert!(again.contains("already banned"), "{again}");
    let text = private_reply(&fake, challenge(&fake, ALICE, BOB)).await;
    assert!(text.contains("bob is banned"), "{text}");
    let text = private_reply(&fake, challenge(&fake, BOB, ALICE)).await;
    assert!(text.contains("You are banned"), "{text}");
    // An unrated single game is still allowed.
    let single = challenge_with(
        &fake,
        BOB,
        &[user_opt("opponent", ALICE), ("variant", 3, json!("single"))],
        &[ALICE],
    );
    let msg = posted_by(&fake, single).await;
    assert_eq!(buttons(&msg).len(), 2);

    let unban = || ladder(&fake, MONA, "unban", &[user_opt("user", BOB)], &[BOB]);
    let done = private_reply(&fake, unban()).await;
    assert!(done.contains("may play rated matches again"), "{done}");
    let again = private_reply(&fake, unban()).await;
    assert!(again.contains("not banned"), "{again}");
    let iid = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, iid).await;
    assert_eq!(buttons(&msg).len(), 2);

    let reset = private_reply(&fake, ladder(&fake, MONA, "reset", &[], &[])).await;
    assert!(reset.contains("new season (2)"), "{reset}");
    let void = private_reply(
        &fake,
        ladder(&fake, MONA, "void", &[("match", 3, json!("999"))], &[]),
    )
    .await;
    assert!(void.contains("no match 999"), "{void}");
}

// ---------------------------------------------------------------- players' info

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_settings_and_empty_ratings_answer_in_the_readers_language() {
    let (fake, _bot) = start("info").await;
    let rules = private_replies(&fake, ask(&fake, ALICE, "rules", &[]), 2).await;
    assert!(rules[0].contains("How to play"), "{rules:?}");
    assert!(rules.iter().all(|m| m.chars().count() <= 2000));
    assert!(rules.concat().contains("`three-players`"), "{rules:?}");
    let popout = private_reply(
        &fake,
        ask(&fake, ALICE, "rules", &[("variant", 3, json!("popout"))]),
    )
    .await;
    assert!(
        popout.starts_with("**PopOut**") && popout.contains("Classic board"),
        "{popout}"
    );

    let none = private_reply(&fake, ask(&fake, ALICE, "rating", &[])).await;
    assert!(
        none.contains("has not played a rated match of Classic"),
        "{none}"
    );
    let single = private_reply(
        &fake,
        ask(&fake, ALICE, "rating", &[("variant", 3, json!("single"))]),
    )
    .await;
    assert!(single.contains("is not rated"), "{single}");
    let history = private_reply(&fake, ask(&fake, ALICE, "history", &[])).await;
    assert!(
        history.contains("has not finished a match yet"),
        "{history}"
    );
    let board = ask(
        &fake,
        ALICE,
        "leaderboard",
        &[("variant", 3, json!("popout"))],
    );
    let table = fake
        .wait_for("the leaderboard", |f| f.original(board))
        .await;
    assert!(table["content"]
        .as_str()
        .unwrap()
        .contains("Nobody has played a rated match of PopOut"));

    let shown = private_reply(&fake, ask(&fake, ALICE, "settings", &[])).await;
    assert!(
        shown.contains("Confirm before dropping: no") && !shown.contains("saved"),
        "{shown}"
    );
    let saved = private_reply(
        &fake,
        ask(
            &fake,
            ALICE,
            "settings",
            &[("language", 3, json!("de")), ("confirm", 5, json!(true))],
        ),
    )
    .await;
    assert!(
        saved.contains("gespeichert") && saved.contains(": ja"),
        "{saved}"
    );
    let rules = private_replies(&fake, ask(&fake, ALICE, "rules", &[]), 1).await;
    assert!(rules[0].contains("So wird gespielt"), "{rules:?}");
    // Every private reply to alice follows it: refusals of commands and
    // of presses too.
    let teams = challenge_with(
        &fake,
        ALICE,
        &[user_opt("opponent", BOB), ("variant", 3, json!("teams"))],
        &[BOB],
    );
    let text = private_reply(&fake, teams).await;
    assert!(text.contains("braucht einen Partner"), "{text}");
    let own = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, own).await;
    let r = press_now(&fake, ALICE, id_of(&msg), &buttons(&msg)[0].0).await;
    let text = r.text();
    assert!(text.contains("Deine eigene Herausforderung"), "{text}");
    // Bob's replies stay in his own language.
    let bobs = private_reply(
        &fake,
        ask(&fake, BOB, "rules", &[("variant", 3, json!("popout"))]),
    )
    .await;
    assert!(
        bobs.starts_with("**PopOut**") && bobs.contains("Classic board"),
        "{bobs}"
    );
    let back = private_reply(
        &fake,
        ask(&fake, ALICE, "settings", &[("language", 3, json!("auto"))]),
    )
    .await;
    assert!(back.contains("saved"), "{back}");
}

// ---------------------------------------------------------------- /seek

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_fills_its_seats_in_order_and_starts_the_match() {
    let (fake, _bot) = start("seek").await;
    let iid = ask(
        &fake,
        ALICE,
        "seek",
        &[
            ("variant", 3, json!("three-players")),
            ("time", 3, json!("3+2")),
        ],
    );
    let msg = posted_by(&fake, iid).await;
    let text = msg["content"].as_str().unwrap();
    assert!(
        text.contains("alice is looking") && text.contains("2 seats are free"),
        "{text}"
    );
    let ids: Vec<String> = buttons(&msg).into_iter().map(|(id, _)| id).collect();
    assert_eq!(ids.len(), 2, "join and cancel");
    let (join, cancel) = (ids[0].clone(), ids[1].clone());
    let m = id_of(&msg);

    let r = press_now(&fake, BOB, m, &cancel).await;
    assert!(r.text().contains("Only the player who posted"), "{r:?}");
    let r = press_now(&fake, ALICE, m, &join).await;
    assert!(r.text().contains("already taken a seat"), "{r:?}");

    let r = press_now(&fake, BOB, m, &join).await;
    assert!(r.update.is_some(), "{r:?}");
    let now = fake.message(m).unwrap();
    assert!(now["content"]
        .as_str()
        .unwrap()
        .contains("bob joined. One seat is still free."));
    assert_eq!(buttons(&now).len(), 2, "still open");
    assert!(fake.channel(m).is_none(), "no match yet");

    press_now(&fake, CAROL, m, &join).await;
    let now = fake.message(m).unwrap();
    assert!(
        now["content"]
            .as_str()
            .unwrap()
            .contains("All seats are taken"),
        "{now}"
    );
    assert!(buttons(&now).is_empty());
    let thread = fake.wait_for("the thread", |f| f.channel(m)).await;
    assert!(
        thread["name"]
            .as_str()
            .unwrap()
            .contains("alice vs bob vs carol"),
        "{thread}"
    );
    let first = fake
        .wait_for("the first turn", |f| {
            f.messages_in(m)
                .into_iter()
                .find(|m| !buttons(m).is_empty())
        })
        .await;
    assert!(starts_with_ping(&first, ALICE), "the seeker is p1");

    // A seek the seeker withdraws takes nobody.
    let iid = ask(&fake, BOB, "seek", &[]);
    let msg = posted_by(&fake, iid).await;
    let m = id_of(&msg);
    let ids: Vec<String> = buttons(&msg).into_iter().map(|(id, _)| id).collect();
    press_now(&fake, BOB, m, &ids[1]).await;
    let now = fake.message(m).unwrap();
    assert!(
        now["content"]
            .as_str()
            .unwrap()
            .contains("bob withdrew the seek"),
        "{now}"
    );
    assert!(buttons(&now).is_empty());
    let r = press_now(&fake, DAVE, m, &ids[0]).await;
    assert!(r.text().contains("expired"), "{r:?}");
    // Nobody joins a seek of someone they already play.
    let iid = ask(&fake, BOB, "seek", &[]);
    let msg = posted_by(&fake, iid).await;
    let r = press_now(&fake, CAROL, id_of(&msg), &buttons(&msg)[0].0).await;
    let text = r.text();
    assert!(
        text.contains("already have a match running against bob"),
        "{r:?}"
    );
}

// ---------------------------------------------------------------- confirm-before-drop

/// The answer to press `i` once it is a private preview: its custom ids.
async fn preview_buttons(fake: &FakeDiscord, i: u64) -> Vec<String> {
    let r = fake
        .wait_for("the preview", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.path == callback_path(i))
        })
        .await;
    assert_eq!(r.json["type"], 4, "{}", r.json);
    assert_eq!(r.json["data"]["flags"], 64, "private: {}", r.json);
    assert!(
        r.files.iter().any(|(_, b)| b.starts_with(b"\x89PNG")),
        "a preview picture"
    );
    buttons(&r.json["data"])
        .into_iter()
        .map(|(id, _)| id)
        .collect()
}

/// Every board picture has alt text (its attachment's description) that
/// reads out the position, the last move and whose turn it is, in the
/// match's language — and `/board`'s too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_board_picture_reads_out_its_position_in_the_matchs_language() {
    let (fake, _bot) = start("alt").await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let first = t.turn(1, 1).await;
    assert_eq!(
        first["attachments"][0]["description"],
        json!("The board is empty. Red to move."),
        "{first}"
    );
    t.press_drop(1, 1, 'd').await;
    let second = t.turn(1, 2).await;
    assert_eq!(
        second["attachments"][0]["description"],
        json!("Column d: Red. Last move: d. Yellow to move."),
        "{second}"
    );
    let asked = t.command(BOB, "board");
    let board = fake
        .wait_for("/board's picture", |f| {
            f.original(asked)
                .filter(|m| m["attachments"].as_array().is_some_and(|a| !a.is_empty()))
        })
        .await;
    assert_eq!(
        board["attachments"][0]["description"],
        json!("Column d: Red. Last move: d. Yellow to move."),
        "{board}"
    );
    // A German server's match reads out in German.
    private_reply(&fake, config(&fake, MONA, &[("language", 3, json!("de"))])).await;
    let g = Table::between(&fake, CAROL, DAVE, None).await;
    let first = g.turn(1, 1).await;
    assert_eq!(
        first["attachments"][0]["description"],
        json!("Das Brett ist leer. Rot ist am Zug."),
        "{first}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn confirm_before_drop_previews_first_and_drops_on_confirm_or_a_second_press() {
    let (fake, _bot) = start("confirm").await;
    let saved = private_reply(
        &fake,
        ask(&fake, ALICE, "settings", &[("confirm", 5, json!(true))]),
    )
    .await;
    assert!(saved.contains("Confirm before dropping: yes"), "{saved}");
    let t = Table::open(&fake).await;
    let first = t.turn(1, 1).await;
    let d = format!("m:{}:1.1:drop:d", t.match_id);
    let i = press(&fake, ALICE, &first, &d);
    let confirm = preview_buttons(&fake, i).await;
    assert_eq!(confirm, [format!("k:{d}")]);
    assert_eq!(t.turns(1, 2), 0, "nothing dropped yet");
    let preview = fake
        .wait_for("the preview message", |f| f.original(i))
        .await;
    // The preview's picture reads out the drop and the position.
    assert_eq!(
        preview["attachments"][0]["description"],
        json!("Preview: your disc in column d. The board is empty. Red to move."),
        "{preview}"
    );
    press(&fake, ALICE, &preview, &confirm[0]);
    let second = t.turn(1, 2).await;
    assert!(
        second["content"].as_str().unwrap().contains("🔴 d"),
        "{second}"
    );

    // Bob has no such setting: his press drops at once.
    t.drop(BOB, 1, 2, 'a').await;
    let third = t.turn(1, 3).await;
    // Selecting another column shows another preview; pressing the
    // selected column again drops it.
    let c = format!("m:{}:1.3:drop:c", t.match_id);
    let e = format!("m:{}:1.3:drop:e", t.match_id);
    preview_buttons(&fake, press(&fake, ALICE, &third, &c)).await;
    preview_buttons(&fake, press(&fake, ALICE, &third, &e)).await;
    assert_eq!(t.turns(1, 4), 0, "nothing dropped yet");
    press(&fake, ALICE, &third, &e);
    let fourth = t.turn(1, 4).await;
    assert!(
        fourth["content"].as_str().unwrap().contains("🔴 e"),
        "{fourth}"
    );
    assert!(
        !fourth["content"].as_str().unwrap().contains("🔴 c"),
        "{fourth}"
    );
}

// ---------------------------------------------------------------- variants and pitfalls

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_popout_game_played_with_pop_buttons_is_drawn_by_threefold_repetition() {
    let (fake, _bot) = start("popout").await;
    let t = open_variant(&fake, "popout").await;
    let first = t.turn(1, 1).await;
    assert!(
        !buttons(&first).iter().any(|(id, _)| id.contains(":pop:")),
        "nothing to pop on an empty board, so no pop row: {first}"
    );
    // Drop, drop, pop, pop: the empty board with red to move, twice more.
    for round in 0..2 {
        let ply = round * 4;
        t.drop(ALICE, 1, ply + 1, 'a').await;
        t.drop(BOB, 1, ply + 2, 'b').await;
        let third = t.turn(1, ply + 3).await;
        let pops: Vec<String> = buttons(&third)
            .into_iter()
            .filter(|(id, _)| id.contains(":pop:"))
            .map(|(id, _)| id)
            .collect();
        assert!(
            pops.len() == 1 && pops[0].ends_with(":pop:a"),
            "red may pop a, and bob's disc in b is not red's to pop: {third}"
        );
        t.pop(ALICE, 1, ply + 3, 'a').await;
        t.pop(BOB, 1, ply + 4, 'b').await;
    }
    let over = t.message_with(":1:ready").await;
    let text = over["content"].as_str().unwrap();
    assert!(
        text.contains("drawn") && text.contains("third time"),
        "{text}"
    );
    // The move lists of the later turns show the pops.
    assert!(
        fake.messages_in(t.thread).iter().any(|m| {
            let text = m["content"].as_str().unwrap_or("");
            text.contains("-a") && text.contains("-b")
        }),
        "pops in the move list"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nine_column_buttons_wrap_into_rows_and_each_drops_in_its_own_column() {
    let (fake, _bot) = start("five").await;
    let t = open_variant(&fake, "five").await;
    let first = t.turn(1, 1).await;
    let rows = first["components"].as_array().unwrap();
    assert!(rows.len() >= 2, "nine columns need two rows: {first}");
    for row in rows {
        assert!(row["components"].as_array().unwrap().len() <= 5);
    }
    let drops: Vec<(String, bool)> = buttons(&first)
        .into_iter()
        .filter(|(id, _)| id.contains(":drop:"))
        .collect();
    assert_eq!(drops.len(), 9, "{drops:?}");
    // The edge columns are filled from the start: their buttons are off.
    assert!(drops[0].0.ends_with(":drop:a") && drops[0].1);
    assert!(drops[8].0.ends_with(":drop:i") && drops[8].1);
    let i = t.drop(ALICE, 1, 1, 'g').await;
    t.drop(BOB, 1, 2, 'h').await;
    let third = t.turn(1, 3).await;
    let text = third["content"].as_str().unwrap();
    assert!(text.contains("🔴 g") && text.contains("🟡 h"), "{text}");
    // The press was acknowledged before the next turn was posted.
    let reqs = fake.requests();
    let ack = reqs
        .iter()
        .position(|r| r.path == callback_path(i))
        .unwrap();
    let next = fake
        .posts_in(t.thread)
        .into_iter()
        .find(|r| r.json.to_string().contains(":1.2:drop:"))
        .unwrap();
    let posted = reqs
        .iter()
        .position(|r| r.path == next.path && r.json == next.json)
        .unwrap();
    assert!(ack < posted, "acknowledged first");
    assert_eq!(
        next.path,
        format!("/api/v10/webhooks/{BOT_ID}/token-{i}"),
        "the next turn is a new message, posted as a follow-up of the press"
    );
}

/// A player whose display name tries to ping everyone.
const MALLORY: TestUser = TestUser {
    id: 100_000_000_000_000_066,
    name: "@everyone",
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_that_tries_to_ping_everyone_pings_nobody() {
    let (fake, _bot) = start("mentions").await;
    let seek = ask(&fake, MALLORY, "seek", &[]);
    let msg = posted_by(&fake, seek).await;
    // Shown as text (issue 32 §2: names are data), not as a mention.
    let shown = fourbot::i18n::shape_name("@everyone", fourbot::i18n::NameStyle::Discord);
    assert!(msg["content"].as_str().unwrap().contains(&shown), "{msg}");
    let iid = challenge(&fake, MALLORY, BOB);
    let t = accept_all(&fake, iid, &[BOB]).await;
    t.turn(1, 1).await;
    t.drop(MALLORY, 1, 1, 'd').await;
    t.turn(1, 2).await;
    let reqs = fake.requests();
    let mut checked = 0;
    for r in reqs.iter().filter(|r| {
        r.method == "POST"
            && (r.path.ends_with("/messages")
                || r.path.ends_with("/callback")
                || r.path.contains("/webhooks/"))
            && r.json.to_string().contains("everyone")
    }) {
        let body = if r.path.ends_with("/callback") {
            &r.json["data"]
        } else {
            &r.json
        };
        let allowed = &body["allowed_mentions"];
        assert_eq!(allowed["parse"], json!([]), "{}", r.json);
        let users: Vec<String> =
            serde_json::from_value(allowed["users"].clone()).unwrap_or_default();
        assert!(
            users
                .iter()
                .all(|u| *u == BOB.id.to_string() || *u == MALLORY.id.to_string()),
            "only players: {}",
            r.json
        );
        checked += 1;
    }
    assert!(
        checked >= 3,
        "seek, challenge and turns were checked: {checked}"
    );
}

/// The ply of a turn message (from its drop buttons), if it is a turn of
/// game 1 of match `match_id`.
fn ply_of(m: &Value, match_id: &str, game: u32) -> Option<u32> {
    let prefix = format!("m:{match_id}:{game}.");
    buttons(m).iter().find_map(|(id, _)| {
        let rest = id.strip_prefix(&prefix)?;
        rest.split(':').next()?.parse().ok()
    })
}

/// Plays game `game` of `t` to its end by drop buttons; returns the last
/// ply pressed.
async fn play_out_game(t: &Table, game: u32) -> u32 {
    let mut last = 0;
    let users = [ALICE, BOB];
    loop {
        let (msg, ply) = t
            .fake
            .wait_for(&format!("the turn after ply {last}, or the end"), |f| {
                let msgs = f.messages_in(t.thread);
                if msgs.iter().any(|m| {
                    buttons(m).iter().any(|(id, _)| {
                        id.ends_with(&format!(":{game}:ready")) || id.ends_with(":rematch")
                    })
                }) {
                    return Some((Value::Null, 0));
                }
                msgs.into_iter()
                    .filter_map(|m| ply_of(&m, &t.match_id, game).map(|p| (m, p)))
                    .find(|(_, p)| *p > last)
            })
            .await;
        if ply == 0 {
            return last;
        }
        let mover = users
            .into_iter()
            .find(|u| starts_with_ping(&msg, *u))
            .expect("the turn names its mover");
        // Alice takes the leftmost free column, Bob the rightmost: short games.
        let mut free = buttons(&msg)
            .into_iter()
            .filter(|(id, off)| id.contains(":drop:") && !off);
        let (id, _) = if mover.id == ALICE.id {
            free.next()
        } else {
            free.next_back()
        }
        .expect("a free column");
        press(&t.fake, mover, &msg, &id);
        last = ply;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_two_player_variant_is_played_through_buttons() {
    let (fake, _bot) = start("variants").await;
    for variant in [
        "single",
        "small",
        "misere",
        "cylinder",
        "obstacles",
        "random-opening",
        "five",
    ] {
        let t = open_variant(&fake, variant).await;
        let plies = play_out_game(&t, 1).await;
        assert!(plies >= 4, "{variant}: {plies}");
        if variant != "single" {
            // Both ready: game 2 (colours swapped), also played out.
            let over = t.message_with(":1:ready").await;
            let ready = format!("m:{}:1:ready", t.match_id);
            for p in [ALICE, BOB] {
                press(&fake, p, &over, &ready);
            }
            let plies = play_out_game(&t, 2).await;
            assert!(plies >= 4, "{variant} game 2: {plies}");
        }
        let end = t.message_with(":rematch").await;
        assert!(
            end["content"].as_str().unwrap().contains(":"),
            "{variant}: a match result {end}"
        );
    }
}
