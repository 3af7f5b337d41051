//! Tournaments end to end (issue 21, docs/tournaments.md): the real bot on
//! the fake Discord runs an 8-player Swiss of 3 rounds to its end (matches
//! ended by resignation, a draw, a no-show, a restart of the bot between two
//! rounds), a 4-player round robin and a short arena; the final standings
//! and their tie-breaks are checked against tables worked out by hand; the
//! tournament message's Join and Leave buttons edit its entrant list.
//!
//! Every match runs with `FOURBOT_TEST_TIME_SCALE` (docs/discord.md), so a
//! no-show loses within seconds; matches are ended by resignations, which
//! take no clock time.

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::{json, Value};
use std::time::Duration;

/// The clock divisor of these tests: the 3-minute abort window becomes
/// 4.5 s, the 10+10 clock 15 s + 0.25 s.
const SCALE: &str = "40";

/// `user` runs `/tournament sub` with `options`; returns the interaction.
fn tour(fake: &FakeDiscord, user: TestUser, sub: &str, options: &[(&str, u8, Value)]) -> u64 {
    tour_in(fake, user, "en-US", sub, options, &[])
}

/// Like [`tour`], from a client in `locale`, with the user options
/// naming `users`.
fn tour_in(
    fake: &FakeDiscord,
    user: TestUser,
    locale: &str,
    sub: &str,
    options: &[(&str, u8, Value)],
    users: &[TestUser],
) -> u64 {
    let iid = fake.next_id();
    let mut payload = subcommand_json(iid, user, CHANNEL_ID, "tournament", sub, options, users);
    payload["locale"] = json!(locale);
    fake.dispatch("INTERACTION_CREATE", payload);
    iid
}

/// The player whose name `name` is (`playerN`, see [`user`]).
fn player(name: &str) -> TestUser {
    user(
        name.trim_start_matches("player")
            .parse()
            .unwrap_or_else(|_| panic!("a player's name: {name}")),
    )
}

/// One board of a round as the channel shows it, with its match.
struct Posted {
    board: u32,
    first: TestUser,
    second: TestUser,
    table: Table,
}

/// Reads `Board 3: player1 (starts) against player5`.
fn parse_board(text: &str) -> Option<(u32, TestUser, TestUser)> {
    let rest = text.strip_prefix("Board ")?;
    let (n, rest) = rest.split_once(": ")?;
    let (first, second) = rest.split_once(" (starts) against ")?;
    Some((n.parse().ok()?, player(first), player(second.trim())))
}

/// The `count` boards posted after the title of tournament `tid`'s round
/// `round` (the `nth` such title: an arena posts "round 1" for every batch),
/// once each has its match's first turn.
async fn boards(fake: &FakeDiscord, tid: u64, round: u32, nth: usize, count: usize) -> Vec<Posted> {
    let title = format!("**Tournament {tid}, round {round}**");
    let found = fake
        .wait_for(&format!("{count} boards of {title} #{nth}"), |f| {
            let all = f.messages_in(CHANNEL_ID);
            let start = all
                .iter()
                .enumerate()
                .filter(|(_, m)| {
                    // The title starts its message, or follows the
                    // standings after the round before.
                    let text = m["content"].as_str().unwrap_or("");
                    text.starts_with(&title) || text.contains(&format!("\n{title}\n"))
                })
                .nth(nth)?
                .0;
            let mut found = Vec::new();
            for m in &all[start + 1..] {
                let text = m["content"].as_str().unwrap_or("");
                if text.starts_with("**Tournament") {
                    break;
                }
                if let Some(b) = parse_board(text) {
                    let thread = id_of(m);
                    let first = f
                        .messages_in(thread)
                        .into_iter()
                        .find(|m| !buttons(m).is_empty())?;
                    found.push((b, thread, first));
                }
            }
            (found.len() == count).then_some(found)
        })
        .await;
    found
        .into_iter()
        .map(|((board, first, second), thread, turn)| Posted {
            board,
            first,
            second,
            table: Table {
                fake: fake.clone(),
                thread,
                match_id: buttons(&turn)[0].0.split(':').nth(1).unwrap().to_string(),
                players: vec![first, second],
            },
        })
        .collect()
}

/// How a board's match is to end.
#[derive(Clone, Copy, Debug)]
enum End {
    /// The second resigns at once (an abort counted as their forfeit).
    FirstWins,
    /// The first resigns at once.
    SecondWins,
    /// Both move, then each resigns one game: 1:1.
    Draw,
    /// The first never moves: the abort window forfeits them.
    NoShow,
}

/// The thread message of `t` containing `text` (waits).
async fn said(t: &Table, text: &str) -> Value {
    let thread = t.thread;
    t.fake
        .wait_for(text, |f| {
            f.messages_in(thread)
                .into_iter()
                .find(|m| m["content"].as_str().unwrap_or("").contains(text))
        })
        .await
}

/// Plays board `b` to `end` (a no-show is only waited for).
async fn play(b: &Posted, end: End) {
    let t = &b.table;
    match end {
        End::FirstWins => {
            t.command(b.second, "resign");
            said(t, &format!("{} resigned the match", b.second.name)).await;
        }
        End::SecondWins => {
            t.command(b.first, "resign");
            said(t, &format!("{} resigned the match", b.first.name)).await;
        }
        End::Draw => {
            assert_eq!(t.mover(&t.turn(1, 1).await).id, b.first.id, "first starts");
            t.drop(b.first, 1, 1, 'd').await;
            t.drop(b.second, 1, 2, 'd').await;
            t.turn(1, 3).await;
            t.command(b.first, "resign-game");
            let over = t.message_with(":1:ready").await;
            let ready = format!("m:{}:1:ready", t.match_id);
            press(&t.fake, b.first, &over, &ready);
            press(&t.fake, b.second, &over, &ready);
            t.turn(2, 1).await;
            t.command(b.second, "resign-game");
            said(t, "drawn 1:1").await;
        }
        End::NoShow => {
            // In a tournament the no-show forfeits (docs/rules.md §7): the
            // thread says so, not "no result"; an abort is never rated.
            let end = said(
                t,
                &format!("{} did not make a first move in time", b.first.name),
            )
            .await;
            let text = end["content"].as_str().unwrap();
            assert!(
                text.contains(&format!(
                    "In a tournament that forfeits the match: {} wins it.\nThe result counts in tournament 1, but not for the rating",
                    b.second.name
                )),
                "{text}"
            );
            assert!(!text.contains("No result"), "{text}");
        }
    }
}

/// The (board, first, second) of posted boards, by names.
fn pairs(posted: &[Posted]) -> Vec<(u32, &'static str, &'static str)> {
    posted
        .iter()
        .map(|b| (b.board, b.first.name, b.second.name))
        .collect()
}

/// The rows of the standings table in `text` (between the fences, heading
/// dropped), each with its runs of spaces squeezed to one.
fn table_rows(text: &str) -> Vec<String> {
    let start = text.find("```\n").expect("a table") + 4;
    let end = start + text[start..].find("```").unwrap();
    text[start..end]
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// The final-standings post of tournament `tid` (waits, up to a minute:
/// an arena's comes when its window closes).
async fn final_post(fake: &FakeDiscord, tid: u64) -> Value {
    let head = format!("Tournament {tid} is over. Final standings:");
    fake.wait_within("the final standings", Duration::from_secs(60), |f| {
        f.messages_in(CHANNEL_ID)
            .into_iter()
            .find(|m| m["content"].as_str().unwrap_or("").starts_with(&head))
    })
    .await
}

/// The post of tournament `tid`'s standings after round `round` (waits):
/// the first message of the next round's post.
async fn standings_after(fake: &FakeDiscord, tid: u64, round: u32) -> Value {
    let head = format!("**Tournament {tid}: standings after round {round}**");
    fake.wait_for(&head, |f| {
        f.messages_in(CHANNEL_ID)
            .into_iter()
            .find(|m| m["content"].as_str().unwrap_or("").starts_with(&head))
    })
    .await
}

/// Creates tournament `tid` by Mona (a moderator) with `options`, and lets
/// `players` join in order (their seeds: none has a rating).
async fn open(fake: &FakeDiscord, tid: u64, options: &[(&str, u8, Value)], players: &[TestUser]) {
    let created = private_reply(fake, tour(fake, MONA, "create", options)).await;
    assert!(
        created.contains(&format!("Tournament {tid} is created")),
        "{created}"
    );
    join_all(fake, tid, players).await;
}

/// `players` join tournament `tid` by `/tournament join`, each told so.
async fn join_all(fake: &FakeDiscord, tid: u64, players: &[TestUser]) {
    for p in players {
        let joined = private_reply(
            fake,
            tour(fake, *p, "join", &[("tournament", 4, json!(tid))]),
        )
        .await;
        assert!(
            joined.contains(&format!("You joined tournament {tid}")),
            "{joined}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_swiss_of_eight_plays_three_rounds_through_a_no_show_and_a_restart() {
    let (fake, mut bot) =
        start_with("tournament-swiss", &[("FOURBOT_TEST_TIME_SCALE", SCALE)]).await;
    let players: Vec<TestUser> = (1..=8).map(user).collect();
    open(
        &fake,
        1,
        &[("format", 3, json!("swiss")), ("rounds", 4, json!(3))],
        &players,
    )
    .await;
    // Refusals: joining twice; starting by a player who is not its creator.
    let twice = private_reply(
        &fake,
        tour(&fake, players[0], "join", &[("tournament", 4, json!(1))]),
    )
    .await;
    assert!(twice.contains("already joined"), "{twice}");
    let foreign = private_reply(
        &fake,
        tour(&fake, players[1], "start", &[("tournament", 4, json!(1))]),
    )
    .await;
    assert!(
        foreign.contains("Only the tournament's creator"),
        "{foreign}"
    );
    let started = private_reply(
        &fake,
        tour(&fake, MONA, "start", &[("tournament", 4, json!(1))]),
    )
    .await;
    assert!(started.contains("Tournament 1 has started"), "{started}");
    let late = private_reply(
        &fake,
        tour(&fake, ALICE, "join", &[("tournament", 4, json!(1))]),
    )
    .await;
    assert!(late.contains("already started"), "{late}");

    // Round 1: seeds 1–8 by joining order, top half against bottom half.
    let r1 = boards(&fake, 1, 1, 0, 4).await;
    assert_eq!(
        pairs(&r1),
        vec![
            (1, "player1", "player5"),
            (2, "player2", "player6"),
            (3, "player3", "player7"),
            (4, "player4", "player8"),
        ]
    );
    // player2 never moves: the abort window makes it player2's loss.
    // The no-show is waited for last: the other boards' first movers must
    // act within the same (scaled) abort window.
    for (b, end) in [
        (0, End::FirstWins),
        (2, End::Draw),
        (3, End::SecondWins),
        (1, End::NoShow),
    ] {
        play(&r1[b], end).await;
    }
    // After round 1: player1, 6, 8 one point; 3, 7 a half; 2, 4, 5 none.
    // The standings are posted after the round (before, only the
    // tournament message showed them): with one opponent each, Buchholz
    // cut 1 is 0; Sonneborn-Berger gives the drawn pair a quarter of the
    // other's half point; the seed breaks the remaining ties.
    let after = standings_after(&fake, 1, 1).await;
    let text = after["content"].as_str().unwrap();
    assert_eq!(
        table_rows(text),
        vec![
            "1 player1 1 0 0",
            "2 player6 1 0 0",
            "3 player8 1 0 0",
            "4 player3 ½ 0 ¼",
            "5 player7 ½ 0 ¼",
            "6 player2 0 0 0",
            "7 player4 0 0 0",
            "8 player5 0 0 0",
        ],
        "{text}"
    );
    assert_eq!(
        after["attachments"][0]["filename"], "standings.png",
        "{after}"
    );
    let r2 = boards(&fake, 1, 2, 0, 4).await;
    // player8 floats down to player3 (three in the one-point group).
    assert_eq!(
        pairs(&r2),
        vec![
            (1, "player6", "player1"),
            (2, "player8", "player3"),
            (3, "player7", "player2"),
            (4, "player5", "player4"),
        ]
    );
    for b in &r2[..3] {
        play(b, End::FirstWins).await;
    }
    // The last board of round 2: both move, the bot is killed and started
    // again; the restored match ends by resignation and round 3 is paired.
    let last = &r2[3];
    let t = &last.table;
    t.drop(last.first, 1, 1, 'd').await;
    t.drop(last.second, 1, 2, 'd').await;
    t.turn(1, 3).await;
    bot.kill().await;
    bot.restart(&fake).await;
    said(t, "The bot restarted").await;
    t.command(last.second, "resign");
    said(t, &format!("{} resigned the match", last.second.name)).await;
    let r3 = boards(&fake, 1, 3, 0, 4).await;
    // After round 2: player6, 8 two; player7 1½; player1, 5 one; player3
    // ½; player2, 4 none.
    assert_eq!(
        pairs(&r3),
        vec![
            (1, "player6", "player8"),
            (2, "player1", "player7"),
            (3, "player3", "player5"),
            (4, "player2", "player4"),
        ]
    );
    for b in &r3 {
        play(b, End::FirstWins).await;
    }
    let fin = final_post(&fake, 1).await;
    let text = fin["content"].as_str().unwrap();
    // By hand. Points: player6 3; player1, 8 two; player3, 7 1½; player2,
    // 5 one; player4 0. Buchholz cut 1: player6 {1, 2, 2} → 4; player1
    // {1, 3, 1½} → 4½; player8 {0, 1½, 3} → 4½; player3 {1½, 2, 1} → 3½;
    // player7 {1½, 1, 2} → 3½; player2 {3, 1½, 0} → 4½; player5 {2, 0, 1½}
    // → 3½; player4 {2, 1, 1} → 3. Sonneborn-Berger: player6 1 + 2 + 2 = 5;
    // player1 beat 5 and 7: 1 + 1½ = 2½; player8 beat 4 and 3: 0 + 1½ =
    // 1½, so below player1; player3 and player7 drew each other (¾) and
    // beat a one-point player: 1¾ each, their direct result a draw, so
    // seed order; player2 and player5 beat only player4: 0, Buchholz
    // decides.
    // The change of place since round 2 (last column): after round 2
    // player6 (2, Buchholz cut 1 of {0, 1}: 1) led player8 (2, {0, ½}: ½);
    // then player7 1½; player1 (1, {1, 2}: 2) before player5 (1, {1, 0}:
    // 1); player3 ½; player2 and player4 (0, Buchholz 2, Sonneborn-Berger
    // 0, never met) in seed order.
    assert_eq!(
        table_rows(text),
        vec![
            "1 player6 3 4 5 =",
            "2 player1 2 4½ 2½ ▲2",
            "3 player8 2 4½ 1½ ▼1",
            "4 player3 1½ 3½ 1¾ ▲2",
            "5 player7 1½ 3½ 1¾ ▼2",
            "6 player2 1 4½ 0 ▲1",
            "7 player5 1 3½ 0 ▼2",
            "8 player4 0 3 0 =",
        ],
        "{text}"
    );
    assert_eq!(fin["attachments"][0]["filename"], "standings.png", "{fin}");
}

/// `winner` wins board `b`: the other resigns at once.
async fn beats(b: &Posted, winner: TestUser) {
    if winner.id == b.first.id {
        play(b, End::FirstWins).await
    } else {
        assert_eq!(winner.id, b.second.id, "a player of board {}", b.board);
        play(b, End::SecondWins).await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_round_robin_of_four_ranks_a_tie_by_sonneborn_berger_with_a_picture() {
    let (fake, _bot) = start_with("tournament-rr", &[("FOURBOT_TEST_TIME_SCALE", SCALE)]).await;
    // No no-show here: a 10-minute abort window (15 s scaled) keeps a board
    // waiting for its turn from being aborted under load.
    private_reply(
        &fake,
        config(&fake, MONA, &[("abort-window", 4, json!(10))]),
    )
    .await;
    let p: Vec<TestUser> = (1..=4).map(user).collect();
    open(&fake, 1, &[("format", 3, json!("round_robin"))], &p).await;
    let started = private_reply(
        &fake,
        tour(&fake, MONA, "start", &[("tournament", 4, json!(1))]),
    )
    .await;
    assert!(started.contains("has started"), "{started}");

    // The circle method (Berger tables) for seeds 0–3 = player1–4: round 1
    // 0–3, 2–1; round 2 3–1, 0–2; round 3 2–3, 1–0.
    let r1 = boards(&fake, 1, 1, 0, 2).await;
    assert_eq!(
        pairs(&r1),
        vec![(1, "player1", "player4"), (2, "player3", "player2")]
    );
    beats(&r1[0], p[0]).await;
    play(&r1[1], End::Draw).await;
    let r2 = boards(&fake, 1, 2, 0, 2).await;
    assert_eq!(
        pairs(&r2),
        vec![(1, "player4", "player2"), (2, "player1", "player3")]
    );
    beats(&r2[0], p[3]).await;
    beats(&r2[1], p[2]).await;
    let r3 = boards(&fake, 1, 3, 0, 2).await;
    assert_eq!(
        pairs(&r3),
        vec![(1, "player3", "player4"), (2, "player2", "player1")]
    );
    beats(&r3[0], p[3]).await;
    beats(&r3[1], p[0]).await;

    // By hand: player1 beat 4 and 2, lost to 3: 2 points; player4 beat 2
    // and 3, lost to 1: 2; player3 drew 2, beat 1, lost to 4: 1½; player2
    // ½. Buchholz cut 1 (opponents' points without the lowest): player1
    // 2 + 1½ = 3½, player4 2 + 1½ = 3½, player3 2 + 2 = 4, player2 2 + 2 =
    // 4. Sonneborn-Berger (beaten opponents' points plus half the drawn
    // ones'): player1 2 + ½ = 2½, player4 ½ + 1½ = 2, player3 2 + ¼ = 2¼,
    // player2 ¾. player1 and player4 tie on points and Buchholz; player1
    // is ahead on Sonneborn-Berger.
    let last = final_post(&fake, 1).await;
    let text = last["content"].as_str().unwrap();
    // Since round 2 (last column): then player3 led with 1½; player1 (1,
    // Buchholz cut 1 of {1, 1½}: 1½) was before player4 (1, {1, ½}: 1);
    // player2 ½ last.
    assert_eq!(
        table_rows(text),
        vec![
            "1 player1 2 3½ 2½ ▲1",
            "2 player4 2 3½ 2 ▲1",
            "3 player3 1½ 4 2¼ ▼2",
            "4 player2 ½ 4 ¾ =",
        ],
        "{text}"
    );
    // The picture of the same standings, with the text beside it.
    let posted = fake
        .requests()
        .into_iter()
        .find(|r| r.method == "POST" && r.json["content"] == last["content"])
        .expect("the final post's request");
    assert_eq!(posted.files.len(), 1, "one picture: {:?}", posted.json);
    assert!(posted.files[0].1.starts_with(b"\x89PNG"), "a PNG");
    assert_eq!(
        last["attachments"][0]["filename"], "standings.png",
        "{last}"
    );

    // /tournament standings: the same table, privately, with the picture.
    let asked = tour(&fake, p[1], "standings", &[("tournament", 4, json!(1))]);
    let answer = private_reply(&fake, asked).await;
    assert_eq!(table_rows(&answer), table_rows(text), "{answer}");
    let token = format!("token-{asked}");
    let files = fake
        .wait_for("the standings picture", |f| {
            f.requests()
                .into_iter()
                .find(|r| r.path.contains(&token) && !r.files.is_empty())
                .map(|r| r.files)
        })
        .await;
    assert!(files[0].1.starts_with(b"\x89PNG"), "a PNG");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_arena_pairs_the_free_at_once_doubles_a_streak_and_ends_with_its_window() {
    // A 5-minute arena ends after 30 s under a time scale of 10 (15 s
    // under 20 was too short for its five matches on a loaded machine);
    // the abort window (10 minutes: 60 s) outlasts it, so the matches left
    // running at the end neither end nor count.
    let (fake, _bot) = start_with("tournament-arena", &[("FOURBOT_TEST_TIME_SCALE", "10")]).await;
    private_reply(
        &fake,
        config(&fake, MONA, &[("abort-window", 4, json!(10))]),
    )
    .await;
    let p: Vec<TestUser> = (1..=4).map(user).collect();
    open(
        &fake,
        1,
        &[("format", 3, json!("arena")), ("minutes", 4, json!(5))],
        &p,
    )
    .await;
    private_reply(
        &fake,
        tour(&fake, MONA, "start", &[("tournament", 4, json!(1))]),
    )
    .await;
    // Everyone is paired at once, best seed with the next.
    let first = boards(&fake, 1, 1, 0, 2).await;
    assert_eq!(
        pairs(&first),
        vec![(1, "player1", "player2"), (2, "player3", "player4")]
    );
    beats(&first[0], p[0]).await;
    // The two freed are paired again at once (nobody else waits).
    let b3 = boards(&fake, 1, 1, 1, 1).await;
    assert_eq!(
        pairs(&b3),
        vec![(3, "player2", "player1")],
        "player2 starts: fewer starts"
    );
    beats(&first[1], p[2]).await;
    let b4 = boards(&fake, 1, 1, 2, 1).await;
    assert_eq!(pairs(&b4), vec![(4, "player4", "player3")]);
    beats(&b3[0], p[0]).await;
    let b5 = boards(&fake, 1, 1, 3, 1).await;
    assert_eq!(pairs(&b5), vec![(5, "player1", "player2")]);
    beats(&b4[0], p[3]).await;
    let b6 = boards(&fake, 1, 1, 4, 1).await;
    assert_eq!(pairs(&b6), vec![(6, "player3", "player4")]);
    // player1's third win in a row counts double: 2 + 2 + 4.
    beats(&b5[0], p[0]).await;

    // By hand: player1 8 points (3 won of 3, on a streak); player3 and
    // player4 2 each (1 of 2: seed breaks the tie); player2 0 (0 of 3).
    // Board 6 (and 7, if paired before the close) is still running when
    // the window closes.
    let last = final_post(&fake, 1).await;
    let text = last["content"].as_str().unwrap();
    assert_eq!(
        table_rows(text),
        vec![
            "1 player1 8 3 3 🔥",
            "2 player3 2 1 2",
            "3 player4 2 1 2",
            "4 player2 0 0 3",
        ],
        "{text}"
    );
    assert_eq!(
        last["attachments"][0]["filename"], "standings.png",
        "{last}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_moderators_remove_a_player_and_void_a_result_others_are_refused() {
    let (fake, _bot) = start_with(
        "tournament-moderation",
        &[("FOURBOT_TEST_TIME_SCALE", SCALE)],
    )
    .await;
    private_reply(
        &fake,
        config(&fake, MONA, &[("abort-window", 4, json!(10))]),
    )
    .await;
    let p: Vec<TestUser> = (1..=3).map(user).collect();
    open(&fake, 1, &[("format", 3, json!("round_robin"))], &p).await;
    // Players are refused, privately, each in their own language.
    let refused = tour_in(
        &fake,
        p[0],
        "de",
        "remove",
        &[("tournament", 4, json!(1)), user_opt("user", p[2])],
        &[p[2]],
    );
    let said_de = private_reply(&fake, refused).await;
    assert_eq!(
        said_de,
        "Das dürfen nur Moderatoren (Berechtigung „Server verwalten“)."
    );
    let refused = tour_in(
        &fake,
        p[1],
        "it",
        "void",
        &[
            ("tournament", 4, json!(1)),
            ("round", 4, json!(1)),
            ("board", 4, json!(1)),
        ],
        &[],
    );
    let said_it = private_reply(&fake, refused).await;
    assert_eq!(
        said_it,
        "Solo i moderatori (permesso “Gestisci server”) possono farlo."
    );

    private_reply(
        &fake,
        tour(&fake, MONA, "start", &[("tournament", 4, json!(1))]),
    )
    .await;
    // Round 1 of seeds player1–3 (circle method, the bye listed last):
    // player3 plays player2 on board 1, player1 has the bye.
    let r1 = boards(&fake, 1, 1, 0, 1).await;
    assert_eq!(pairs(&r1), vec![(1, "player3", "player2")]);

    // Mona removes player3 before anyone moved: the match is resigned for
    // them, which in a tournament is a forfeit (not "no result").
    let removed = tour_in(
        &fake,
        MONA,
        "en-US",
        "remove",
        &[("tournament", 4, json!(1)), user_opt("user", p[2])],
        &[p[2]],
    );
    let done = private_reply(&fake, removed).await;
    assert_eq!(done, "player3 was taken out of tournament 1.");
    let end = said(&r1[0].table, "player3 resigned the match.").await;
    let text = end["content"].as_str().unwrap();
    assert!(
        text.contains("In a tournament that forfeits the match: player2 wins it."),
        "{text}"
    );
    assert!(!text.contains("No result"), "{text}");

    // Round 2 (player2's bye, player1 against player3) has no match:
    // player3 forfeits it unplayed. Round 3: player2 against player1 only
    // (player3's bye is not given).
    let r3 = boards(&fake, 1, 3, 0, 1).await;
    assert_eq!(pairs(&r3), vec![(1, "player2", "player1")]);
    // Its match runs: voiding it is refused (before, the match played on
    // uncounted), privately, in the moderator's language.
    let running = tour_in(
        &fake,
        MONA,
        "de",
        "void",
        &[
            ("tournament", 4, json!(1)),
            ("round", 4, json!(3)),
            ("board", 4, json!(1)),
        ],
        &[],
    );
    let m = &r3[0].table.match_id;
    assert_eq!(
        private_reply(&fake, running).await,
        format!(
            "Runde 3, Brett 1 wird noch gespielt (Match {m}). Warte auf das Ergebnis oder beende es zuerst mit /rangliste abbrechen match: {m} – ein Match, das ein Moderator abbricht, zählt im Turnier nicht."
        )
    );
    // A moderator voids player2's round-1 win.
    let voided = tour(
        &fake,
        MONA,
        "void",
        &[
            ("tournament", 4, json!(1)),
            ("round", 4, json!(1)),
            ("board", 4, json!(1)),
        ],
    );
    let done = private_reply(&fake, voided).await;
    assert_eq!(done, "The result of round 1, board 1 is void.");
    beats(&r3[0], p[0]).await;

    // By hand: player1 a bye, a forfeit win over player3 and a win over
    // player2: 3; player2 a bye: 1 (its win over player3 is void); player3
    // 0, out. Buchholz cut 1: player1's opponents {0, 1} → 1; the others
    // have one opponent each, cut: 0. Sonneborn-Berger: player1 beat
    // player3 (0) and player2 (1): 1. Since round 2 (after it: player1 2,
    // player2 1, player3 0, the void counted) nobody changed places.
    let last = final_post(&fake, 1).await;
    let text = last["content"].as_str().unwrap();
    assert_eq!(
        table_rows(text),
        vec![
            "1 player1 3 1 1 =",
            "2 player2 1 0 0 =",
            "3 player3 0 0 0 = ✗"
        ],
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_unrated_its_matches_change_no_rating_through_a_restart() {
    // Before: `rated: false` only lifted the ban check on joining; the
    // matches were rated like any match of two people.
    let (fake, mut bot) =
        start_with("tournament-unrated", &[("FOURBOT_TEST_TIME_SCALE", SCALE)]).await;
    private_reply(
        &fake,
        config(&fake, MONA, &[("abort-window", 4, json!(10))]),
    )
    .await;
    let p: Vec<TestUser> = (1..=2).map(user).collect();
    open(
        &fake,
        1,
        &[
            ("format", 3, json!("round_robin")),
            ("rated", 5, json!(false)),
        ],
        &p,
    )
    .await;
    private_reply(
        &fake,
        tour(&fake, MONA, "start", &[("tournament", 4, json!(1))]),
    )
    .await;
    let r1 = boards(&fake, 1, 1, 0, 1).await;
    let b = &r1[0];
    let t = &b.table;
    // Both move: anywhere else a rated match.
    t.drop(b.first, 1, 1, 'd').await;
    t.drop(b.second, 1, 2, 'd').await;
    t.turn(1, 3).await;
    bot.kill().await;
    bot.restart(&fake).await;
    said(t, "The bot restarted").await;
    t.command(b.second, "resign");
    let end = said(t, &format!("{} resigned the match", b.second.name)).await;
    let text = end["content"].as_str().unwrap();
    assert!(
        text.contains("Tournament 1 is unrated: its matches change no rating."),
        "{text}"
    );
    assert!(!text.contains('→'), "{text}");
    assert_eq!(rating_changes_of(&bot.dir, &t.match_id).await, 0);
    // It counts in the tournament.
    let last = final_post(&fake, 1).await;
    let text = last["content"].as_str().unwrap();
    let winner = b.first.name;
    let loser = b.second.name;
    assert_eq!(
        table_rows(text),
        vec![format!("1 {winner} 1 0 0"), format!("2 {loser} 0 0 0")],
        "{text}"
    );
}

/// The message of `CHANNEL_ID` with tournament `tid`'s Join button whose
/// text contains `text` (waits).
async fn card_with(fake: &FakeDiscord, tid: u64, text: &str) -> Value {
    let join = format!("t:{tid}:join");
    fake.wait_for(&format!("the card with {text}"), |f| {
        f.messages_in(CHANNEL_ID).into_iter().find(|m| {
            buttons(m).iter().any(|(b, _)| *b == join)
                && m["content"].as_str().unwrap_or("").contains(text)
        })
    })
    .await
}

/// A tournament's card outlives an hour while players join (tournaments
/// run for hours), but Discord allows only a few edits of messages older
/// than an hour (30046, `developers/topics/opcodes-and-status-codes`): the
/// bot never edits an old card. The fake makes the card two hours old.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_card_older_than_an_hour_is_never_edited() {
    let (fake, _bot) = start_with("tournament-old-card", &[]).await;
    fake.set_id_age(Duration::from_secs(2 * 60 * 60));
    open(
        &fake,
        1,
        &[("format", 3, json!("swiss")), ("rounds", 4, json!(3))],
        &[],
    )
    .await;
    let old = card_with(&fake, 1, "").await;
    fake.set_id_age(Duration::ZERO);
    let players: Vec<TestUser> = (1..=6).map(user).collect();
    join_all(&fake, 1, &players).await;
    let card = card_with(&fake, 1, "player6").await;
    let old_edits: Vec<Served> = fake
        .served()
        .into_iter()
        .filter(|s| s.method == "PATCH" && s.path.ends_with(&format!("/messages/{}", id_of(&old))))
        .collect();
    assert!(
        old_edits.is_empty(),
        "the old card is never edited: {old_edits:?}"
    );
    assert!(
        !fake.served().iter().any(|s| s.status == 429),
        "no 30046 (nor any 429)"
    );
    assert_ne!(id_of(&card), id_of(&old), "a fresh card");
    assert_eq!(
        fake.messages_in(CHANNEL_ID)
            .iter()
            .filter(|m| buttons(m).iter().any(|(b, _)| b == "t:1:join"))
            .count(),
        1,
        "one card with buttons"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_join_and_leave_buttons_edit_the_tournament_message() {
    let (fake, _bot) = start_with("tournament-buttons", &[]).await;
    open(&fake, 1, &[("format", 3, json!("round_robin"))], &[]).await;
    let card = card_with(&fake, 1, "Players (0)").await;
    let message = id_of(&card);
    assert_eq!(
        buttons(&card),
        vec![
            ("t:1:join".to_string(), false),
            ("t:1:leave".to_string(), false)
        ]
    );
    let (p1, p2) = (user(1), user(2));
    let joined = press_now(&fake, p1, message, "t:1:join").await;
    assert_eq!(joined.text(), "You joined tournament 1.");
    card_with(&fake, 1, "Players (1): player1").await;
    let joined = press_now(&fake, p2, message, "t:1:join").await;
    assert_eq!(joined.text(), "You joined tournament 1.");
    card_with(&fake, 1, "Players (2): player1, player2").await;
    // Pressing Join again is refused privately; the message stays.
    let twice = press_now(&fake, p2, message, "t:1:join").await;
    assert_eq!(twice.text(), "You have already joined this tournament.");
    let left = press_now(&fake, p1, message, "t:1:leave").await;
    assert_eq!(left.text(), "You left tournament 1.");
    let card = card_with(&fake, 1, "Players (1): player2").await;
    // The same message, edited: no second tournament message.
    assert_eq!(id_of(&card), message);
    let cards = fake
        .messages_in(CHANNEL_ID)
        .into_iter()
        .filter(|m| {
            m["content"]
                .as_str()
                .unwrap_or("")
                .starts_with("**Tournament 1: ")
        })
        .count();
    assert_eq!(cards, 1);
    let again = press_now(&fake, p1, message, "t:1:leave").await;
    assert_eq!(again.text(), "You are not playing in this tournament.");
}

/// A Swiss of four players and two rounds, created by Mona and started,
/// with the bot started as `name`: the fake, the bot and round 1's boards.
async fn swiss_of_four_started(name: &str) -> (FakeDiscord, Bot, Vec<Posted>) {
    let (fake, bot) = start_with(name, &[("FOURBOT_TEST_TIME_SCALE", SCALE)]).await;
    let players: Vec<TestUser> = (1..=4).map(user).collect();
    open(
        &fake,
        1,
        &[("format", 3, json!("swiss")), ("rounds", 4, json!(2))],
        &players,
    )
    .await;
    let started = private_reply(
        &fake,
        tour(&fake, MONA, "start", &[("tournament", 4, json!(1))]),
    )
    .await;
    assert!(started.contains("Tournament 1 has started"), "{started}");
    let r1 = boards(&fake, 1, 1, 0, 2).await;
    (fake, bot, r1)
}

/// SIGTERM while a round ends (issue 31 §6): the last board of round 1 is
/// resigned and the bot stopped at once, with the round's end, its
/// standings and round 2's pairing in flight; after the start round 2 is
/// paired and posted once, its matches are played, and the tournament ends
/// once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sigterm_as_a_round_ends_pairs_the_next_round_once_after_the_start() {
    let (fake, mut bot, r1) = swiss_of_four_started("tournament-term").await;
    play(&r1[0], End::FirstWins).await;
    let last = &r1[1];
    last.table.drop(last.first, 1, 1, 'd').await;
    last.table.command(last.second, "resign");
    bot.terminate().await;
    fake.forget_session();
    bot.restart(&fake).await;
    let r2 = boards(&fake, 1, 2, 0, 2).await;
    for b in &r2 {
        play(b, End::FirstWins).await;
    }
    final_post(&fake, 1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let posts = fake.messages_in(CHANNEL_ID);
    let count = |head: &str| {
        posts
            .iter()
            .filter(|m| m["content"].as_str().unwrap_or("").contains(head))
            .count()
    };
    assert_eq!(count("**Tournament 1, round 2**"), 1, "round 2 posted once");
    assert_eq!(count("Tournament 1 is over. Final standings:"), 1);
    // Each board of round 2 has one match thread.
    let threads: std::collections::HashSet<u64> = r2.iter().map(|b| b.table.thread).collect();
    assert_eq!(threads.len(), 2);
}

/// A round whose boards' matches could not be opened (Discord failed every
/// thread) is announced again at the next start: its messages carry nonces
/// with `enforce_nonce`, so the announcement and the board posts come back
/// as the messages posted before instead of a second time, and the boards'
/// matches open on them (the race behind a SIGTERM between a round's posts
/// and their record, made certain).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_announced_again_after_a_restart_is_not_posted_twice() {
    let (fake, mut bot, r1) = swiss_of_four_started("tournament-reannounce").await;
    play(&r1[0], End::FirstWins).await;
    // Every thread fails from now on: round 2's boards get no match.
    fake.inject("POST", "/threads", Fault::ServerError, 10_000);
    play(&r1[1], End::FirstWins).await;
    let header = "**Tournament 1, round 2**";
    fake.wait_for("round 2 announced", |f| {
        f.messages_in(CHANNEL_ID)
            .iter()
            .any(|m| m["content"].as_str().unwrap_or("").contains(header))
            .then_some(())
    })
    .await;
    // The thread retries run out (six, 100 ms doubling).
    tokio::time::sleep(Duration::from_secs(8)).await;
    fake.clear_faults();
    bot.kill().await;
    fake.forget_session();
    bot.restart(&fake).await;
    let r2 = boards(&fake, 1, 2, 0, 2).await;
    let count = |text: &str| {
        fake.messages_in(CHANNEL_ID)
            .iter()
            .filter(|m| m["content"].as_str().unwrap_or("").contains(text))
            .count()
    };
    assert_eq!(count(header), 1, "round 2 announced once");
    // One board post a board: its pairing's match thread started from it.
    let posts: Vec<String> = fake
        .messages_in(CHANNEL_ID)
        .iter()
        .map(|m| m["content"].as_str().unwrap_or("").to_string())
        .collect();
    for b in &r2 {
        let n = posts
            .iter()
            .filter(|p| {
                parse_board(p).is_some_and(|(n, first, second)| {
                    n == b.board && first.id == b.first.id && second.id == b.second.id
                })
            })
            .count();
        assert_eq!(n, 1, "board {} of round 2 posted once: {posts:#?}", b.board);
    }
    for b in &r2 {
        play(b, End::FirstWins).await;
    }
    final_post(&fake, 1).await;
}

/// A tournament option suggests this server's open and running
/// tournaments, newest first, by their titles (issue 35: numbers had to
/// be typed); a finished or cancelled one is not suggested.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_option_suggests_the_servers_live_tournaments() {
    let (fake, _bot) = start("tournament-choices").await;
    open(
        &fake,
        1,
        &[("format", 3, json!("swiss")), ("rounds", 4, json!(3))],
        &[],
    )
    .await;
    open(&fake, 2, &[("format", 3, json!("round_robin"))], &[]).await;
    open(&fake, 3, &[("format", 3, json!("round_robin"))], &[]).await;
    let cancelled = private_reply(
        &fake,
        tour(&fake, MONA, "cancel", &[("tournament", 4, json!(3))]),
    )
    .await;
    assert!(cancelled.contains('3'), "{cancelled}");
    let suggest = |partial: &'static str| {
        let fake = fake.clone();
        async move {
            let i = fake.next_id();
            let mut v = subcommand_json(
                i,
                ALICE,
                CHANNEL_ID,
                "tournament",
                "join",
                &[("tournament", 4, json!(partial))],
                &[],
            );
            v["type"] = json!(4);
            v["data"]["options"][0]["options"][0]["focused"] = json!(true);
            fake.dispatch("INTERACTION_CREATE", v);
            let r = answer(&fake, i).await;
            assert_eq!(r["type"], 8, "{r}");
            r["data"]["choices"].as_array().unwrap().clone()
        }
    };
    let all = suggest("").await;
    let values: Vec<&Value> = all.iter().map(|c| &c["value"]).collect();
    assert_eq!(values, [&json!(2), &json!(1)], "{all:?}");
    assert!(
        all[1]["name"]
            .as_str()
            .unwrap()
            .starts_with("Tournament 1: Swiss"),
        "{all:?}"
    );
    let swiss = suggest("swiss").await;
    assert_eq!(swiss.len(), 1, "{swiss:?}");
    assert_eq!(swiss[0]["value"], json!(1));
}

/// Issue 35: a match that outlives its cancelled tournament no longer says
/// "The result counts in tournament 1" under a card that says "Cancelled",
/// nor stays rated without a word: it is aborted, and its thread says why
/// (docs/tournaments.md, "Cancelling").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_swiss_mid_match_aborts_the_match_and_its_thread_says_so() {
    let (fake, _bot, r1) = swiss_of_four_started("tournament-cancel-running").await;
    let t = &r1[0].table;
    let first = t.mover(&t.turn(1, 1).await);
    let second = if first.id == r1[0].first.id {
        r1[0].second
    } else {
        r1[0].first
    };
    t.drop(first, 1, 1, 'd').await;
    t.drop(second, 1, 2, 'd').await;
    t.turn(1, 3).await;
    let cancelled = private_reply(
        &fake,
        tour(&fake, MONA, "cancel", &[("tournament", 4, json!(1))]),
    )
    .await;
    assert!(
        cancelled.contains("Tournament 1 is cancelled. Its matches still being played end now, aborted: no result, no rating change."),
        "{cancelled}"
    );
    let end = said(t, "Tournament 1 was cancelled, so this match ends here").await;
    let text = end["content"].as_str().unwrap();
    assert!(
        text.contains("aborted, no result, no rating change, and it counts in no tournament")
            && !text.contains("counts in tournament 1"),
        "{text}"
    );
    let all: Vec<String> = fake
        .messages_in(t.thread)
        .iter()
        .map(|m| m["content"].as_str().unwrap_or("").to_string())
        .collect();
    assert!(
        all.iter().all(|m| !m.contains("→")),
        "no rating change is posted: {all:?}"
    );
}
