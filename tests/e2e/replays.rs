//! `/replay` of long games does not stall the bot (issue 32 §3): a
//! 2,000-ply PopOut game's GIF was drawn on an async worker, one frame per
//! ply (3.4 s of CPU); a few such calls held every worker and every press
//! in every server missed Discord's 3 s. Now each replay is drawn on the
//! blocking pool behind a semaphore, sampled to at most 200 frames, and a
//! finished match's replay is kept (docs/render.md, "Replay").

use std::time::{Duration, Instant};

use crate::support::{fake, harness};

use fake::*;
use fourbot::store::{Db, MatchId};
use harness::*;
use serde_json::json;

/// Stores a finished PopOut match of `plies` plies (then resigned) between
/// carol and dave of the fake's guild, as if played there; its number.
async fn long_popout_match(db: &Db, plies: usize) -> MatchId {
    let game = fourbot::render::samples::long_popout_game(plies).expect("a long game");
    store_popout(db, ["carol", "dave"], game.moves()).await
}

/// The answer to a deferred `/replay`: the request that carried its files.
async fn replay_answer(fake: &FakeDiscord, iid: u64) -> Recorded {
    let token = format!("token-{iid}");
    fake.wait_within("the replay", Duration::from_secs(60), |f| {
        f.requests()
            .into_iter()
            .find(|r| r.path.contains(&token) && !r.files.is_empty())
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_replays_of_2000_ply_popout_matches_do_not_delay_a_press() {
    let (fake, bot) = start("replay-stall").await;
    let t = Table::open(&fake).await;
    let db = Db::connect(&format!("sqlite://{}/fourbot.db", bot.dir.display()))
        .await
        .unwrap();
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(long_popout_match(&db, 2_000).await);
    }
    // Five replays at once, then the classic match plays on: each press is
    // acknowledged well within Discord's 3 s.
    let replays: Vec<u64> = ids
        .iter()
        .map(|id| {
            ask(
                &fake,
                CAROL,
                "replay",
                &[("match", 3, json!(id.0.to_string()))],
            )
        })
        .collect();
    let mut waits = Vec::new();
    for (ply, column) in (1..=8).zip(['a', 'b', 'a', 'b', 'c', 'd', 'c', 'd']) {
        let i = t.press_drop(1, ply, column).await;
        let pressed = Instant::now();
        fake.wait_for("the press's acknowledgement", |f| callback_of(f, i))
            .await;
        waits.push(pressed.elapsed());
        assert!(
            !fake.interaction(i).unwrap().dead,
            "press {ply} answered in time"
        );
    }
    eprintln!("press acknowledgements during five replays: {waits:?}");
    let slowest = waits.iter().max().unwrap();
    assert!(
        *slowest < Duration::from_millis(1_000),
        "acknowledgements: {waits:?}"
    );
    // Every replay is answered, sampled, and says so.
    for (&iid, id) in replays.iter().zip(&ids) {
        assert!(
            !fake.interaction(iid).unwrap().dead,
            "/replay {id} deferred in time"
        );
        let answer = replay_answer(&fake, iid).await;
        assert!(answer.status < 300, "{}", answer.status);
        assert_eq!(answer.files.len(), 1, "one game");
        let gif = &answer.files[0].1;
        assert!(gif.starts_with(b"GIF8"));
        assert!(
            gif.len() <= fourbot::render::MAX_REPLAY_BYTES,
            "{} bytes",
            gif.len()
        );
        let data = answer.json.get("data").unwrap_or(&answer.json);
        let text = data["content"].as_str().unwrap_or("");
        assert!(
            text.contains("Game 1 has 2000 moves") && text.contains("one move in 11"),
            "{text}"
        );
    }
    // The same match again: the kept GIF, the same bytes.
    let again = ask(
        &fake,
        ALICE,
        "replay",
        &[("match", 3, json!(ids[0].0.to_string()))],
    );
    let first = replay_answer(&fake, replays[0]).await;
    assert_eq!(replay_answer(&fake, again).await.files, first.files);
}
