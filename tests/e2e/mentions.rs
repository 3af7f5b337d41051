//! Mentions by construction (issue 32 §1, docs/discord.md "Allowed
//! mentions"): players whose names are `@everyone`, `@here`, a role
//! mention and a user mention go through every kind of public message —
//! challenge, seek, turn, game and match end, rematch, tournament card,
//! pairing, board, standings, `/leaderboard`, a moderator's notice — and
//! the fake finds no message that Discord would let ping `@everyone`,
//! `@here`, a role, or a user the message does not address
//! ([`FakeDiscord::mention_violations`]). A turn still pings the player to
//! move.

use crate::support::{fake, harness};

use fake::*;
use fourbot::i18n::{shape_name, NameStyle};
use harness::*;
use serde_json::{json, Value};

/// `name` as the bot shows it in a Discord message (issue 32 §2: names are
/// data).
fn shown(name: &str) -> String {
    shape_name(name, NameStyle::Discord)
}

/// A player named `@everyone`.
const EVERYONE: TestUser = TestUser {
    id: 300_000_000_000_000_001,
    name: "@everyone",
};
/// A player named `@here`.
const HERE: TestUser = TestUser {
    id: 300_000_000_000_000_002,
    name: "@here",
};
/// A player named as a role mention.
const ROLE: TestUser = TestUser {
    id: 300_000_000_000_000_003,
    name: "<@&555555555555555555>",
};
/// A player named as a mention of user 1.
const USER_ONE: TestUser = TestUser {
    id: 300_000_000_000_000_004,
    name: "<@1>",
};

/// The body of the request that created or last edited message `m`
/// (matched by its content), as Discord received it.
fn body_of(fake: &FakeDiscord, m: &Value) -> Value {
    let content = &m["content"];
    fake.requests()
        .into_iter()
        .rev()
        .filter(|r| r.method == "POST" || r.method == "PATCH")
        .map(|r| {
            if r.path.ends_with("/callback") {
                r.json["data"].clone()
            } else {
                r.json
            }
        })
        .find(|b| &b["content"] == content)
        .unwrap_or_else(|| panic!("the request of {m}"))
}

/// The ids in a body's `allowed_mentions.users`.
fn pinged(body: &Value) -> Vec<u64> {
    fake::mentions::allowed_users(body)
}

/// The turn `game.ply` of `t` pings its mover and only them.
async fn turn_pings_its_mover(t: &Table, game: u32, ply: u32) -> Value {
    let m = t.turn(game, ply).await;
    let mover = t.mover(&m);
    let body = body_of(&t.fake, &m);
    assert_eq!(pinged(&body), vec![mover.id], "the mover only: {body}");
    assert_eq!(body["allowed_mentions"]["parse"], json!([]), "{body}");
    m
}

/// The messages of `channel` whose content starts with `head` or has it
/// on a line of its own.
fn with_line(fake: &FakeDiscord, channel: u64, head: &str) -> Vec<Value> {
    fake.messages_in(channel)
        .into_iter()
        .filter(|m| {
            let text = m["content"].as_str().unwrap_or("");
            text.starts_with(head) || text.contains(&format!("\n{head}"))
        })
        .collect()
}

/// Plays round `round` of tournament 1 (one board: three entrants in a
/// round robin, one of them sits out): its mover resigns at once, which
/// in a tournament forfeits the match. Returns the board's thread.
async fn play_round(fake: &FakeDiscord, round: u32, players: &[TestUser]) -> u64 {
    let title = format!("**Tournament 1, round {round}**");
    let (pairing, board) = fake
        .wait_for(&format!("the board of {title}"), |f| {
            let all = f.messages_in(CHANNEL_ID);
            let start = all.iter().position(|m| {
                let text = m["content"].as_str().unwrap_or("");
                text.starts_with(&title) || text.contains(&format!("\n{title}\n"))
            })?;
            let board = all[start..]
                .iter()
                .find(|m| m["content"].as_str().unwrap_or("").starts_with("Board 1: "))?;
            Some((all[start].clone(), board.clone()))
        })
        .await;
    // The pairing pings the round's players, and no one else.
    let body = body_of(fake, &pairing);
    let pinged = pinged(&body);
    assert!(
        !pinged.is_empty() && pinged.iter().all(|u| players.iter().any(|p| p.id == *u)),
        "the round's players: {body}"
    );
    let text = board["content"].as_str().unwrap();
    assert!(
        players
            .iter()
            .filter(|p| text.contains(&shown(p.name)))
            .count()
            == 2,
        "two hostile names on the board: {text}"
    );
    let thread = id_of(&board);
    let first = first_turn(fake, thread).await;
    let t = Table {
        fake: fake.clone(),
        thread,
        match_id: buttons(&first)[0].0.split(':').nth(1).unwrap().to_string(),
        players: players.to_vec(),
    };
    let m = turn_pings_its_mover(&t, 1, 1).await;
    let mover = t.mover(&m);
    t.command(mover, "resign");
    fake.wait_for("the board's end", |f| {
        f.messages_in(thread).into_iter().find(|m| {
            m["content"]
                .as_str()
                .unwrap_or("")
                .contains(&format!("{} resigned the match", shown(mover.name)))
        })
    })
    .await;
    thread
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_names_ping_nobody_in_any_public_message() {
    let (fake, _bot) = start_with("mentions-hostile", &[("FOURBOT_TEST_TIME_SCALE", "40")]).await;
    // A 10-minute abort window (15 s scaled): no board is aborted while
    // the test works on another.
    private_reply(
        &fake,
        config(&fake, MONA, &[("abort-window", 4, json!(10))]),
    )
    .await;

    // A challenge, its turns, a rated end, a rematch and a moderator's
    // abort of the rematch.
    let iid = challenge(&fake, EVERYONE, ROLE);
    let offer = posted_by(&fake, iid).await;
    let body = body_of(&fake, &offer);
    assert_eq!(pinged(&body), vec![ROLE.id], "the challenged only: {body}");
    let mut t = accept_all(&fake, iid, &[ROLE]).await;
    t.players = vec![EVERYONE, ROLE];
    let m = turn_pings_its_mover(&t, 1, 1).await;
    t.drop(t.mover(&m), 1, 1, 'd').await;
    let m = turn_pings_its_mover(&t, 1, 2).await;
    t.drop(t.mover(&m), 1, 2, 'd').await;
    let m = turn_pings_its_mover(&t, 1, 3).await;
    t.resign_match(&m).await;
    let end = t.message_with(":rematch").await;
    let rematch = format!("m:{}:rematch", t.match_id);
    press(&fake, EVERYONE, &end, &rematch);
    press(&fake, ROLE, &end, &rematch);
    let again = t.rematch().await;
    turn_pings_its_mover(&again, 1, 1).await;
    let done = private_reply(
        &fake,
        ladder(
            &fake,
            MONA,
            "abort",
            &[("match", 3, json!(format!("#{}", again.match_id)))],
            &[],
        ),
    )
    .await;
    assert!(done.contains("is aborted"), "{done}");
    fake.wait_for("the moderator's notice", |f| {
        f.messages_in(again.thread)
            .into_iter()
            .find(|m| m["content"].as_str().unwrap_or("").contains("(moderator)"))
    })
    .await;

    // A seek joined by a player named as a user mention; the seeker
    // resigns before anyone moved.
    let seek = ask(&fake, HERE, "seek", &[]);
    let offer = posted_by(&fake, seek).await;
    let join = buttons(&offer)[0].0.clone();
    press(&fake, USER_ONE, &offer, &join);
    let thread = id_of(&offer);
    let first = first_turn(&fake, thread).await;
    let s = Table {
        fake: fake.clone(),
        thread,
        match_id: buttons(&first)[0].0.split(':').nth(1).unwrap().to_string(),
        players: vec![HERE, USER_ONE],
    };
    turn_pings_its_mover(&s, 1, 1).await;
    s.command(HERE, "resign");
    fake.wait_for("the seek's match end", |f| {
        f.messages_in(thread).into_iter().find(|m| {
            m["content"]
                .as_str()
                .unwrap_or("")
                .contains(&format!("{} resigned the match", shown("@here")))
        })
    })
    .await;

    // /leaderboard (public) with the rated match's hostile names.
    let board = ask(&fake, HERE, "leaderboard", &[]);
    let listed = filled(&fake, board).await;
    assert!(
        listed.json.to_string().contains("@everyone"),
        "the rated players are listed (in a code block, as typed): {}",
        listed.json
    );

    // A round robin of three: the tournament card, each round's pairing
    // and board, the standings after a round and the final standings.
    let players = [EVERYONE, HERE, USER_ONE];
    let created = tour(
        &fake,
        MONA,
        "create",
        &[("format", 3, json!("round_robin"))],
    );
    let said = private_reply(&fake, created).await;
    assert!(said.contains("Tournament 1 is created"), "{said}");
    for p in players {
        let joined = private_reply(
            &fake,
            tour(&fake, p, "join", &[("tournament", 4, json!(1))]),
        )
        .await;
        assert!(joined.contains("You joined tournament 1"), "{joined}");
    }
    let started = private_reply(
        &fake,
        tour(&fake, MONA, "start", &[("tournament", 4, json!(1))]),
    )
    .await;
    assert!(started.contains("has started"), "{started}");
    for round in 1..=3 {
        play_round(&fake, round, &players).await;
    }
    fake.wait_for("the final standings", |f| {
        with_line(f, CHANNEL_ID, "Tournament 1 is over. Final standings:")
            .into_iter()
            .next()
    })
    .await;
    assert!(
        !with_line(
            &fake,
            CHANNEL_ID,
            "**Tournament 1: standings after round 1**"
        )
        .is_empty(),
        "the standings after round 1 were posted"
    );

    let violations = fake.mention_violations();
    assert!(
        violations.is_empty(),
        "{} messages would ping someone they do not address:\n{}",
        violations.len(),
        violations.join("\n")
    );
}

/// `user` runs `/tournament sub` with `options`; returns the interaction.
fn tour(fake: &FakeDiscord, user: TestUser, sub: &str, options: &[(&str, u8, Value)]) -> u64 {
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        subcommand_json(iid, user, CHANNEL_ID, "tournament", sub, options, &[]),
    );
    iid
}

/// Names are data (issue 32 §2, docs/discord.md "Names in text"): players
/// named as a masked link, bold, a spoiler, a heading, an invite, a
/// right-to-left name, a 200-character name and a name of zero-width
/// characters (and the mention names above) play a match each, in each of
/// the five languages, and ask `/rating` and `/leaderboard`: no text the
/// bot sends renders a link, heading, spoiler, formatting or mention from a
/// name, every name is still readable, and the right-to-left name is
/// isolated (FSI … PDI).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_names_render_as_plain_text_in_every_language() {
    let long: &'static str = Box::leak(format!("Long{}", "o".repeat(196)).into_boxed_str());
    let named = |n: u64, name: &'static str| TestUser {
        id: 300_000_000_000_000_100 + n,
        name,
    };
    let link = named(1, "[gift](https://x.yz)");
    let bold = named(2, "**b**");
    let spoiler = named(3, "||s||");
    let heading = named(4, "# Big");
    let rtl = named(5, "שלום עולם 12");
    let long = named(6, long);
    let invisible = named(7, "\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}");
    let invite = named(8, "discord.gg/free");
    let pairs = [
        (link, bold),
        (spoiler, heading),
        (rtl, long),
        (invisible, EVERYONE),
        (HERE, ROLE),
        (USER_ONE, invite),
    ];
    let (fake, _bot) = start("names-hostile").await;
    for lang in ["en-US", "de", "it", "el", "bg"] {
        let set = private_reply(&fake, config(&fake, MONA, &[("language", 3, json!(lang))])).await;
        assert!(!set.is_empty(), "{lang}");
        let mut ends = Vec::new();
        for (a, b) in pairs {
            let iid = challenge(&fake, a, b);
            let mut t = accept_all(&fake, iid, &[b]).await;
            t.players = vec![a, b];
            let m = t.turn(1, 1).await;
            t.drop(t.mover(&m), 1, 1, 'd').await;
            let m = t.turn(1, 2).await;
            t.drop(t.mover(&m), 1, 2, 'd').await;
            let m = t.turn(1, 3).await;
            t.resign_match(&m).await;
            let end = t.message_with(":rematch").await;
            ends.push(end["content"].as_str().unwrap_or("").to_string());
            // A thread's name renders no markdown: the names as typed.
            if a.id == link.id {
                let thread = fake.channel(t.thread).unwrap();
                let name = thread["name"].as_str().unwrap_or("");
                assert!(
                    name.contains(link.name) && name.contains(bold.name) && !name.contains('\\'),
                    "{lang}: {name}"
                );
            }
        }
        filled(&fake, ask(&fake, bold, "rating", &[])).await;
        filled(&fake, ask(&fake, rtl, "leaderboard", &[])).await;
        // Every name is still there, readable, in this language's end texts.
        let all = ends.join("\n");
        for shown in [
            r"\[gift\]\(https:",
            r"\*\*b\*\*",
            r"\|\|s\|\|",
            r"\# Big",
            "\u{2068}שלום עולם 12\u{2069}",
            "Longooo",
            "discord",
        ] {
            assert!(
                all.contains(shown),
                "{lang}: {shown:?} in the end texts:\n{all}"
            );
        }
    }

    // Every text the bot sent: message contents and embeds, public and
    // private, posted or edited.
    let mut texts = Vec::new();
    for r in fake.requests() {
        if r.method != "POST" && r.method != "PATCH" {
            continue;
        }
        let body = if r.path.ends_with("/callback") {
            r.json["data"].clone()
        } else {
            r.json.clone()
        };
        strings(&body["content"], &mut texts);
        strings(&body["embeds"], &mut texts);
    }
    assert!(texts.len() > 100, "{} texts", texts.len());
    let mut wrong = Vec::new();
    for t in &texts {
        // Nothing renders inside a code block (the tables): names show
        // there as typed, only backticks replaced.
        let outside: String = t.split("```").step_by(2).collect::<Vec<_>>().join("\n");
        let bad = [
            "[gift](",
            "https://x.yz",
            "**b**",
            "||s||",
            "discord.gg/",
            "<@1>",
            "<@&555555555555555555>",
            "@everyone",
            "@here",
        ]
        .into_iter()
        .find(|b| outside.contains(b))
        .or([long.name, &long.name[..40], invisible.name]
            .into_iter()
            .find(|b| t.contains(b)));
        if let Some(b) = bad {
            wrong.push(format!("{b:?} in {t:?}"));
        }
        if outside.lines().any(|l| l.trim_start().starts_with("# Big")) {
            wrong.push(format!("a heading in {t:?}"));
        }
        if t.match_indices(rtl.name)
            .any(|(i, _)| !t[..i].ends_with('\u{2068}'))
        {
            wrong.push(format!("a right-to-left name not isolated in {t:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} texts show a name's markup:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Every string in `v` (recursively), pushed to `out`.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// The notice a restarted bot posts in a resumed match's thread names the
/// player to move like every other text (issue 32 §2): shaped, never as
/// typed. Before the fix it put the raw name (`**b** …` rendered bold).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_restart_notice_shapes_the_name_of_the_player_to_move() {
    let bold = TestUser {
        id: 300_000_000_000_000_202,
        name: "**b** [gift](https://x.yz)",
    };
    let other = TestUser {
        id: 300_000_000_000_000_203,
        name: "||s||",
    };
    let (fake, mut bot) = start("names-restart").await;
    let iid = challenge(&fake, bold, other);
    let mut t = accept_all(&fake, iid, &[other]).await;
    t.players = vec![bold, other];
    let m = t.turn(1, 1).await;
    t.drop(t.mover(&m), 1, 1, 'd').await;
    t.turn(1, 2).await;
    bot.kill().await;
    bot.restart(&fake).await;
    let thread = t.thread;
    let notice = fake
        .wait_for("the restart notice", |f| {
            f.messages_in(thread).into_iter().find(|m| {
                m["content"]
                    .as_str()
                    .unwrap_or("")
                    .contains("The bot restarted")
            })
        })
        .await;
    let text = notice["content"].as_str().unwrap();
    let shaped = [shown(bold.name), shown(other.name)];
    assert!(
        shaped.iter().any(|s| text.contains(s.as_str())),
        "the mover's name, shaped: {text}"
    );
    for raw in ["**b**", "[gift](", "https://x.yz", "||s||"] {
        assert!(!text.contains(raw), "{raw} as typed: {text}");
    }
}
