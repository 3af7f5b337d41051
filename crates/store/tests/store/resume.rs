//! After a restart, one match the store cannot rebuild (a corrupt row)
//! must not keep the other running matches from being resumed.

use fourbot_core::game::Variant;
use fourbot_core::play::{ClockSettings, Match, MatchSetup, Timestamp};
use fourbot_store::{Db, MatchId, NewMatch};

async fn running_match(db: &Db, a: &str, b: &str) -> MatchId {
    let a = db
        .discord_player(a.len() as u64 * 1000 + 1, a)
        .await
        .unwrap();
    let b = db
        .discord_player(b.len() as u64 * 1000 + 2, b)
        .await
        .unwrap();
    let m = Match::new(
        MatchSetup::new(Variant::Classic, ClockSettings::default()),
        Timestamp::ZERO,
    )
    .unwrap();
    let new = NewMatch {
        guild: 1,
        players: vec![a, b],
        epoch_unix_ms: 1_000_000,
        ..NewMatch::default()
    };
    db.create_match(&new, &m).await.unwrap()
}

fourbot_store::engine_tests! {
async fn a_corrupt_running_match_is_skipped_and_the_others_are_resumed(engine) {
    let db = engine.db().await;
    let first = running_match(&db, "alice", "bob").await;
    let broken = running_match(&db, "carol", "dave").await;
    let last = running_match(&db, "erin", "frank").await;
    sqlx::query("UPDATE matches SET variant = 'no-such-variant' WHERE id = $1")
        .bind(broken.0)
        .execute(db.pool())
        .await
        .unwrap();
    assert!(db.load_match(broken).await.is_err(), "the row is corrupt");

    let resumed = db
        .resume_running(1_060_000)
        .await
        .expect("the others resume");
    let ids: Vec<MatchId> = resumed.iter().map(|r| r.loaded.id).collect();
    assert_eq!(ids, vec![first, last]);
}
}
