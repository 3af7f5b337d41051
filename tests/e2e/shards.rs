//! Shards (issue 20): `fourbot run` runs the shards Discord recommends
//! (`GET /gateway/bot`) or the range of `--shards`, hosts only the guilds
//! of those shards, reshards on a 4011, and ends with one line and exit
//! status 2 on a gateway close it cannot resume from or a shard range it
//! cannot run. The fake Discord delivers each guild's events to the
//! session of its shard (`(guild_id >> 22) % num_shards`,
//! `developers/events/gateway.mdx`, "Sharding").

use crate::support::{fake, harness};

use std::path::Path;
use std::time::Duration;

use fake::*;
use fourbot_store::testing::TestEngine;
use harness::*;

/// `a` challenges `b` in `channel` (of another guild than the tests'
/// usual), `b` accepts; the match's first turn.
async fn match_in(fake: &FakeDiscord, channel: u64, a: TestUser, b: TestUser) -> Table {
    let iid = command_in(
        fake,
        a,
        channel,
        "challenge",
        &[user_opt("opponent", b)],
        &[b],
    );
    let challenge = posted_by(fake, iid).await;
    press(fake, b, &challenge, &buttons(&challenge)[0].0);
    let thread = id_of(&challenge);
    let first = first_turn(fake, thread).await;
    Table {
        fake: fake.clone(),
        thread,
        match_id: buttons(&first)[0].0.split(':').nth(1).unwrap().to_string(),
        players: vec![a, b],
    }
}

/// Waits up to 30 s for the bot to exit; its status and stderr.
async fn exit_of(child: &mut tokio::process::Child, dir: &Path) -> (Option<i32>, String) {
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("the bot exits")
        .unwrap();
    let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
    (status.code(), stderr)
}

/// How long the sessions of a few shards take to start: serenity starts
/// them five seconds apart (Discord's identify limit), after five seconds
/// of waiting for a session it could not close cleanly.
const SHARDS_START: Duration = Duration::from_secs(45);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_runs_every_shard_discord_recommends() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_recommended_shards(2);
    let places: Vec<(u64, u64)> = (0..2).map(|s| fake.add_guild_on(s, 2)).collect();
    let (fake, _bot) = start_on(fake, "shards-auto", &[]).await;
    fake.wait_within("both sessions", SHARDS_START, |f| {
        (f.live_shards() == [(0, 2), (1, 2)]).then_some(())
    })
    .await;
    // A match in a guild of each shard, each served by its shard's session.
    for (i, (_, channel)) in places.iter().enumerate() {
        let t = match_in(
            &fake,
            *channel,
            user(10 + 2 * i as u64),
            user(11 + 2 * i as u64),
        )
        .await;
        t.play(1, 1, 'd').await;
    }
}

/// A bot in more guilds than a session may hold (the test's limit: 3),
/// told to run one shard by a stale recommendation: Discord closes the
/// session with 4011, the bot says so in one line and connects again with
/// twice the shards, and serves every guild.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_4011_makes_the_bot_shard_and_serve_on() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_shard_guild_limit(3);
    // GUILD_ID and GUILD_2 share a shard whatever the count; two more on
    // the other shard of two: four guilds for one session, two each for two.
    let other = 1 - shard_of(GUILD_ID, 2);
    let places: Vec<(u64, u64)> = (0..2).map(|_| fake.add_guild_on(other, 2)).collect();
    let dir = temp_dir("shards-4011");
    let _child = spawn(bin(), &fake, &dir, &[]);
    fake.wait_within("both sessions of two", SHARDS_START, |f| {
        (f.live_shards() == [(0, 2), (1, 2)]).then_some(())
    })
    .await;
    assert_eq!(fake.closes(), [SHARDING_REQUIRED]);
    fake.wait_ready().await;
    let t = match_in(&fake, places[1].1, user(3), user(4)).await;
    t.play(1, 1, 'c').await;
    let t = match_in(&fake, CHANNEL_ID, ALICE, BOB).await;
    t.play(1, 1, 'c').await;
    let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
    // The close code as the log names it (a bare "4011" can be part of
    // another line's timestamp: `10:22:03.424011Z`).
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("close 4011"))
        .collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].contains("gateway close 4011 on shard 0/1 (sharding required")
            && lines[0].contains("reconnecting with 2 shards"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shard_range_runs_and_hosts_only_its_shards() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_recommended_shards(4);
    let places: Vec<(u64, u64)> = (0..4).map(|s| fake.add_guild_on(s, 4)).collect();
    let dir = temp_dir("shards-range");
    let _child = spawn_args(
        bin(),
        &fake,
        &dir,
        Some(TOKEN),
        &["run", "--shards", "1-2/4"],
        &[],
    );
    fake.wait_within("two sessions", SHARDS_START, |f| {
        (f.live_shards() == [(1, 4), (2, 4)]).then_some(())
    })
    .await;
    fake.wait_ready().await;
    assert_eq!(fake.identified_shards(), [(1, 4), (2, 4)]);
    let t = match_in(&fake, places[1].1, user(5), user(6)).await;
    t.play(1, 1, 'd').await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Closes the bot cannot resume from: one line naming the code and what
/// it means, exit status 2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fatal_gateway_closes_end_the_bot_with_one_line() {
    for (code, says) in [
        (INVALID_SHARD, "invalid shard"),
        (4012, "invalid API version"),
        (4013, "invalid intents"),
    ] {
        let fake = FakeDiscord::start(Mode::Normal).await;
        fake.close_identify_with(code);
        let dir = temp_dir(&format!("close-{code}"));
        let mut child = spawn(bin(), &fake, &dir, &[]);
        let (status, stderr) = exit_of(&mut child, &dir).await;
        assert_eq!(status, Some(2), "{code}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{code}: {stderr}");
        assert!(
            stderr.starts_with(&format!(
                "fourbot: Discord closed the gateway with {code} ({says}"
            )),
            "{stderr}"
        );
        assert!(!stderr.contains(TOKEN));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Shard ranges that cannot be run: one line, exit status 2, nothing
/// written (no database).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shard_range_outside_its_total_is_refused_in_one_line() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    for (range, says) in [
        ("4-5/4", "shard 5 is outside 0-3/4"),
        ("2-1/4", "is empty"),
        ("0/0", "at least 1"),
        ("three", "not a shard range"),
    ] {
        let dir = temp_dir("shards-bad");
        let mut child = spawn_args(
            bin(),
            &fake,
            &dir,
            Some(TOKEN),
            &["run", "--shards", range],
            &[],
        );
        let (status, stderr) = exit_of(&mut child, &dir).await;
        assert_eq!(status, Some(2), "{range}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{range}: {stderr}");
        assert!(
            stderr.starts_with("fourbot: --shards: ") && stderr.contains(says),
            "{range}: {stderr}"
        );
        let files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(files, ["stderr.log"], "nothing written");
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(fake.requests().is_empty(), "nothing asked of Discord");
}

/// A second process asking for a shard the first one hosts (one SQLite
/// database file, as two processes on one machine could share): refused in
/// one line naming the shard, exit status 2, the first one's lease intact.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_process_claiming_an_owned_shard_is_refused() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_recommended_shards(2);
    let dir = temp_dir("shards-owned");
    let _first = spawn_args(
        bin(),
        &fake,
        &dir,
        Some(TOKEN),
        &["run", "--shards", "0-1/2"],
        &[],
    );
    fake.wait_within("both sessions", SHARDS_START, |f| {
        (f.live_shards() == [(0, 2), (1, 2)]).then_some(())
    })
    .await;
    let second_dir = temp_dir("shards-owned-2");
    let db = database_url(&dir);
    let mut second = spawn_args(
        bin(),
        &fake,
        &second_dir,
        Some(TOKEN),
        &["run", "--shards", "1/4", "--db", &db],
        &[],
    );
    let (status, stderr) = exit_of(&mut second, &second_dir).await;
    assert_eq!(status, Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("fourbot: shard 1/4 is owned by ")
            && stderr.contains("run another range"),
        "{stderr}"
    );
    assert_eq!(fake.live_shards(), [(0, 2), (1, 2)]);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&second_dir);
}

/// Issue 20's drill: two processes with two shards each of four, on one
/// PostgreSQL database, a match in a guild of every shard. One process is
/// killed (SIGKILL) mid-match: the other's matches go on while it is down;
/// started again, its matches continue where they were. Then both stop and
/// one process runs all four shards: every match continues, and the
/// database holds every move played exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_database_survive_a_kill_and_reshard_into_one() {
    let Some(engine) = TestEngine::postgres() else {
        return;
    };
    let url = engine.url("shards-two").await;
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_recommended_shards(4);
    let places: Vec<(u64, u64)> = (0..4).map(|s| fake.add_guild_on(s, 4)).collect();
    let run = |dir: &Path, args: &[&str]| {
        let mut all = vec!["run", "--db", url.as_str()];
        all.extend_from_slice(args);
        spawn_args(bin(), &fake, dir, Some(TOKEN), &all, &[])
    };
    let (dir_a, dir_b, dir_c) = (temp_dir("two-a"), temp_dir("two-b"), temp_dir("two-c"));
    let mut a = run(&dir_a, &["--shards", "0-1/4"]);
    let mut b = run(&dir_b, &["--shards", "2-3/4"]);
    let every = [(0, 4), (1, 4), (2, 4), (3, 4)];
    fake.wait_within("four sessions", SHARDS_START, |f| {
        (f.live_shards() == every).then_some(())
    })
    .await;
    let mut tables = Vec::new();
    for (i, (_, channel)) in places.iter().enumerate() {
        let i = i as u64;
        tables.push(match_in(&fake, *channel, user(100 + 2 * i), user(101 + 2 * i)).await);
    }
    for t in &tables {
        t.play(1, 1, 'd').await;
    }
    // A (shards 0 and 1) dies; B's matches go on meanwhile.
    a.kill().await.unwrap();
    fake.wait_for("A's sessions gone", |f| {
        (f.live_shards() == [(2, 4), (3, 4)]).then_some(())
    })
    .await;
    for t in &tables[2..] {
        t.play(1, 2, 'c').await;
        t.play(1, 3, 'd').await;
    }
    // A again, at once (its leases were a dead process's): its matches
    // continue from their old turn messages.
    let mut a = run(&dir_a, &["--shards", "0-1/4"]);
    fake.wait_within("four sessions again", SHARDS_START, |f| {
        (f.live_shards() == every).then_some(())
    })
    .await;
    for t in &tables[..2] {
        t.play(1, 2, 'c').await;
    }
    // A restored its own matches only: B's threads heard of no restart.
    let restarted = |t: &Table| {
        t.fake
            .messages_in(t.thread)
            .iter()
            .filter(|m| m["content"].as_str().unwrap_or("").contains("restarted"))
            .count()
    };
    assert_eq!(
        tables.iter().map(restarted).collect::<Vec<_>>(),
        [1, 1, 0, 0]
    );
    // Both stop; one process runs every shard Discord recommends.
    a.kill().await.unwrap();
    b.kill().await.unwrap();
    fake.wait_for("no session", |f| f.live_shards().is_empty().then_some(()))
        .await;
    let _c = run(&dir_c, &[]);
    fake.wait_within("four sessions of one process", SHARDS_START, |f| {
        (f.live_shards() == every).then_some(())
    })
    .await;
    for t in &tables[..2] {
        t.play(1, 3, 'e').await;
    }
    for t in &tables[2..] {
        t.play(1, 4, 'e').await;
    }
    // Every move once: 3 in the first two matches, 4 in the others.
    let db = fourbot::store::Db::connect(&url).await.unwrap();
    for (i, t) in tables.iter().enumerate() {
        let id = fourbot::store::MatchId(t.match_id.parse().unwrap());
        let detail = db.match_detail(id).await.unwrap();
        let plies: Vec<u32> = detail.games[0].moves.iter().map(|m| m.ply).collect();
        let expected: Vec<u32> = (1..=if i < 2 { 3 } else { 4 }).collect();
        assert_eq!(plies, expected, "match {}", t.match_id);
        assert_eq!(
            t.turns(1, 2),
            1 + usize::from(i < 2),
            "turn 1.2 posted again only after A's restart"
        );
    }
    db.close().await;
    for dir in [dir_a, dir_b, dir_c] {
        let _ = std::fs::remove_dir_all(dir);
    }
}
