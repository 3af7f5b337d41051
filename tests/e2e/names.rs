//! Names are per server (issue 32 §2, docs/discord.md "Names in text"): a
//! player's nickname in one server never shows in another. Xavier is
//! "Alpha" in the first server ([`GUILD_ID`]) and has no nickname in the
//! second ([`GUILD_2`]); he plays a rated match in each, the second
//! server's last, and the second server's leaderboard, `/rating`,
//! `/history`, `/export` and tournament posts show his own name, never
//! "Alpha", while the first server's show "Alpha". Then he is "Bravo" in
//! the second server: once he acts there, it shows "Bravo", the first
//! still "Alpha".

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::{json, Value};

/// Xavier: user name and global display name `xavier`.
const XAVIER: TestUser = TestUser {
    id: 100_000_000_000_000_031,
    name: "xavier",
};

/// Xavier's nickname in [`GUILD_ID`].
const ALPHA: &str = "Alpha";

/// The text channel of `guild` ([`CHANNEL_ID`] or [`CHANNEL_2`]).
fn channel_of(guild: u64) -> u64 {
    if guild == GUILD_ID {
        CHANNEL_ID
    } else {
        CHANNEL_2
    }
}

/// `user` runs `/name` with `options` (user options naming `users`) in
/// `guild`'s channel; returns the interaction.
fn ask_in(
    fake: &FakeDiscord,
    guild: u64,
    user: TestUser,
    name: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> u64 {
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        in_guild(
            slash_command_json(iid, user, channel_of(guild), name, options, users),
            guild,
        ),
    );
    iid
}

/// `user` runs `/tournament sub` with `options` in `guild`'s channel.
fn tour_in(
    fake: &FakeDiscord,
    guild: u64,
    user: TestUser,
    sub: &str,
    options: &[(&str, u8, Value)],
) -> u64 {
    let iid = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        in_guild(
            subcommand_json(
                iid,
                user,
                channel_of(guild),
                "tournament",
                sub,
                options,
                &[],
            ),
            guild,
        ),
    );
    iid
}

/// `from` challenges `to` in `guild`, `to` accepts, both move once and
/// `to` resigns: a rated match `from` wins. Returns its number.
async fn rated_win(fake: &FakeDiscord, guild: u64, from: TestUser, to: TestUser) -> String {
    let iid = ask_in(
        fake,
        guild,
        from,
        "challenge",
        &[user_opt("opponent", to)],
        &[to],
    );
    let challenge = posted_by(fake, iid).await;
    let accept = fake.next_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        in_guild(
            button_press_json(accept, to, &challenge, &buttons(&challenge)[0].0, "en-US"),
            guild,
        ),
    );
    let thread = id_of(&challenge);
    let first = first_turn(fake, thread).await;
    let t = Table {
        fake: fake.clone(),
        thread,
        match_id: buttons(&first)[0].0.split(':').nth(1).unwrap().to_string(),
        players: vec![from, to],
    };
    let m = t.turn(1, 1).await;
    t.drop(t.mover(&m), 1, 1, 'd').await;
    let m = t.turn(1, 2).await;
    t.drop(t.mover(&m), 1, 2, 'd').await;
    let m = t.turn(1, 3).await;
    t.resign_match_by(to, &m).await;
    let over = t.message_with(":rematch").await;
    assert!(
        over["content"].as_str().unwrap().contains("1500? → "),
        "rated: {over}"
    );
    t.match_id
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

/// The text of `/leaderboard` asked by `user` in `guild` (its message, the
/// code-block table).
async fn leaderboard_in(fake: &FakeDiscord, guild: u64, user: TestUser) -> String {
    let iid = ask_in(fake, guild, user, "leaderboard", &[], &[]);
    filled(fake, iid).await.json.to_string()
}

/// Every text of a message in `channel` and in the threads started from
/// its messages.
fn channel_texts(fake: &FakeDiscord, channel: u64) -> Vec<String> {
    let mut out = Vec::new();
    for m in fake.messages_in(channel) {
        out.push(m.to_string());
        for t in fake.messages_in(id_of(&m)) {
            out.push(t.to_string());
        }
        if let Some(thread) = fake.channel(id_of(&m)) {
            out.push(thread["name"].to_string());
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nickname_in_one_server_never_shows_in_another() {
    let (fake, _bot) = start("names-per-server").await;
    fake.set_nickname(GUILD_ID, XAVIER, Some(ALPHA));

    // The second server: a rated match against bob, then a round robin
    // both join.
    let second = rated_win(&fake, GUILD_2, XAVIER, BOB).await;
    let created = private_reply(
        &fake,
        tour_in(
            &fake,
            GUILD_2,
            MONA,
            "create",
            &[("format", 3, json!("round_robin"))],
        ),
    )
    .await;
    assert!(created.contains("Tournament 1 is created"), "{created}");
    for p in [XAVIER, BOB] {
        let joined = private_reply(
            &fake,
            tour_in(&fake, GUILD_2, p, "join", &[("tournament", 4, json!(1))]),
        )
        .await;
        assert!(joined.contains("You joined tournament 1"), "{joined}");
    }

    // The first server, where he is Alpha: his last match.
    let first = rated_win(&fake, GUILD_ID, XAVIER, CAROL).await;

    // The second server's tournament starts after that.
    let started = private_reply(
        &fake,
        tour_in(
            &fake,
            GUILD_2,
            MONA,
            "start",
            &[("tournament", 4, json!(1))],
        ),
    )
    .await;
    assert!(started.contains("has started"), "{started}");
    let board = fake
        .wait_for("the round's board", |f| {
            f.messages_in(CHANNEL_2)
                .into_iter()
                .find(|m| m["content"].as_str().unwrap_or("").starts_with("Board 1: "))
        })
        .await;
    first_turn(&fake, id_of(&board)).await;
    let text = board["content"].as_str().unwrap();
    assert!(
        text.contains("xavier") && !text.contains(ALPHA),
        "the second server's pairing: {text}"
    );
    let standings = private_reply(
        &fake,
        tour_in(
            &fake,
            GUILD_2,
            BOB,
            "standings",
            &[("tournament", 4, json!(1))],
        ),
    )
    .await;
    assert!(
        standings.contains("xavier") && !standings.contains(ALPHA),
        "{standings}"
    );

    // The second server's leaderboard, cards, history and export.
    let board = leaderboard_in(&fake, GUILD_2, BOB).await;
    assert!(
        board.contains("xavier") && !board.contains(ALPHA),
        "the second server's leaderboard: {board}"
    );
    for (asker, user) in [(BOB, Some(XAVIER)), (XAVIER, None)] {
        let options: Vec<_> = user.iter().map(|u| user_opt("user", *u)).collect();
        let users: Vec<_> = user.into_iter().collect();
        let card = private_reply(
            &fake,
            ask_in(&fake, GUILD_2, asker, "rating", &options, &users),
        )
        .await;
        assert!(
            card.contains("xavier") && !card.contains(ALPHA),
            "the second server's card: {card}"
        );
    }
    let history = private_reply(&fake, ask_in(&fake, GUILD_2, BOB, "history", &[], &[])).await;
    assert!(
        history.contains(&format!("#{second}"))
            && history.contains("xavier")
            && !history.contains(ALPHA),
        "the second server's history: {history}"
    );
    let export = exported(
        &fake,
        ask_in(
            &fake,
            GUILD_2,
            BOB,
            "export",
            &[("match", 3, json!(second))],
            &[],
        ),
    )
    .await;
    assert!(
        export.contains("\"xavier\"") && !export.contains(ALPHA),
        "the second server's export: {export}"
    );
    let leaks: Vec<String> = channel_texts(&fake, CHANNEL_2)
        .into_iter()
        .filter(|t| t.contains(ALPHA))
        .collect();
    assert!(
        leaks.is_empty(),
        "the second server's messages show the first's nickname:\n{}",
        leaks.join("\n")
    );

    // The first server shows Alpha everywhere.
    let board = leaderboard_in(&fake, GUILD_ID, CAROL).await;
    assert!(
        board.contains(ALPHA),
        "the first server's leaderboard: {board}"
    );
    let card = private_reply(
        &fake,
        ask_in(
            &fake,
            GUILD_ID,
            CAROL,
            "rating",
            &[user_opt("user", XAVIER)],
            &[XAVIER],
        ),
    )
    .await;
    assert!(card.contains(ALPHA), "the first server's card: {card}");
    let history = private_reply(&fake, ask_in(&fake, GUILD_ID, CAROL, "history", &[], &[])).await;
    assert!(
        history.contains(&format!("#{first}")) && history.contains(ALPHA),
        "the first server's history: {history}"
    );
    let export = exported(
        &fake,
        ask_in(
            &fake,
            GUILD_ID,
            CAROL,
            "export",
            &[("match", 3, json!(first))],
            &[],
        ),
    )
    .await;
    assert!(
        export.contains(&format!("\"{ALPHA}\"")),
        "the first server's export: {export}"
    );

    // A nickname of his own in the second server, used there (a challenge
    // to dave: bob's board still runs): that server shows it, the first
    // keeps "Alpha".
    fake.set_nickname(GUILD_2, XAVIER, Some("Bravo"));
    let offer = posted_by(
        &fake,
        ask_in(
            &fake,
            GUILD_2,
            XAVIER,
            "challenge",
            &[user_opt("opponent", DAVE)],
            &[DAVE],
        ),
    )
    .await;
    assert!(
        offer["content"].as_str().unwrap().contains("Bravo"),
        "{offer}"
    );
    let second_board = leaderboard_in(&fake, GUILD_2, BOB).await;
    assert!(
        second_board.contains("Bravo") && !second_board.contains(ALPHA),
        "the second server's leaderboard: {second_board}"
    );
    let first_board = leaderboard_in(&fake, GUILD_ID, CAROL).await;
    assert!(
        first_board.contains(ALPHA) && !first_board.contains("Bravo"),
        "the first server's leaderboard: {first_board}"
    );
}
