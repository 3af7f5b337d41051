//! A match task that dies (issue 31 §4, docs/reliability.md "A match task
//! dies"), with a panic injected into it (`Host::inject_task_panic`, the
//! host's `faults` feature, which no release build has): it is noticed at
//! once; the first time the match is reloaded from the store and goes on,
//! a second time it is aborted without a result, its players are told in
//! its thread and are free again, and `/ladder abort` works throughout.

use fourbot_core::game::Variant;
use fourbot_host::{AbortError, Host, MatchId, Request, UserId, View, ViewKind};
use fourbot_i18n::Locale;
use fourbot_store::Db;
use tokio::sync::mpsc::UnboundedReceiver;

use crate::service::{host_with, next};
use crate::support::{seat, spec};

const ALICE: UserId = UserId(10);
const BOB: UserId = UserId(20);

async fn next_of(views: &mut UnboundedReceiver<View>, kind: fn(&ViewKind) -> bool) -> View {
    loop {
        let v = next(views).await;
        if kind(&v.kind) {
            return v;
        }
    }
}

fn turn(k: &ViewKind) -> bool {
    matches!(k, ViewKind::Turn { .. })
}

fn over(k: &ViewKind) -> bool {
    *k == ViewKind::MatchOver
}

async fn play(host: &Host, id: MatchId, who: UserId, column: &str) {
    host.typed(id, who, column)
        .await
        .unwrap_or_else(|d| panic!("{}", host.catalog().render(Locale::EnUs, d.message())));
}

/// A host on a new SQLite file and a match of alice and bob in it after
/// alice d, bob d.
async fn started(name: &str) -> (String, Db, Host, UnboundedReceiver<View>, MatchId) {
    let url = fourbot_store::testing::TestEngine::sqlite().url(name).await;
    let db = Db::connect(&url).await.unwrap();
    let (host, mut views) = host_with(Some(db.clone()));
    let id = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    next_of(&mut views, turn).await;
    for (who, col) in [(ALICE, "d"), (BOB, "d")] {
        play(&host, id, who, col).await;
        next_of(&mut views, turn).await;
    }
    (url, db, host, views, id)
}

async fn moves(db: &Db, id: MatchId) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM moves WHERE match_id = $1")
        .bind(id.0)
        .fetch_one(db.pool())
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_match_task_that_panics_is_reloaded_from_the_store_and_the_match_goes_on() {
    let (_, db, host, mut views, id) = started("task-dies-once").await;
    assert!(host.inject_task_panic(id).await);
    // Noticed at once: the turn is shown again from the reloaded match.
    let again = next_of(&mut views, turn).await;
    assert!(again.text.contains("alice to move"), "{}", again.text);
    assert!(!host.is_finished(id));
    assert!(host.running_between(ALICE, BOB));
    for (who, col) in [(ALICE, "c"), (BOB, "c")] {
        play(&host, id, who, col).await;
        next_of(&mut views, turn).await;
    }
    assert_eq!(moves(&db, id).await, 4, "nothing lost, nothing twice");
    let loaded = db.load_match(id).await.unwrap();
    assert_eq!(loaded.game.current_game().game().moves().len(), 4);
    // A moderator's abort works on the reloaded match.
    host.moderator_abort(id, "mona").await.unwrap();
    let end = next_of(&mut views, over).await;
    assert!(
        end.text.contains("mona (moderator) aborted the match"),
        "{}",
        end.text
    );
    assert!(!host.running_between(ALICE, BOB));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_match_task_that_dies_again_is_aborted_without_a_result_and_its_players_are_free() {
    let (url, db, host, mut views, id) = started("task-dies-twice").await;
    assert!(host.inject_task_panic(id).await);
    next_of(&mut views, turn).await;
    play(&host, id, ALICE, "c").await;
    next_of(&mut views, turn).await;
    assert!(host.inject_task_panic(id).await);
    let end = next_of(&mut views, over).await;
    assert!(
        end.text.contains(
            "This match stopped because of an error in the bot and could not be continued, so it \
             was aborted. No result, no rating change."
        ),
        "{}",
        end.text
    );
    assert_eq!(end.all_buttons().count(), 0, "no Rematch");
    assert!(host.is_finished(id));
    assert!(!host.running_between(ALICE, BOB), "the players are free");
    assert_eq!(
        host.moderator_abort(id, "mona").await,
        Err(AbortError::MatchOver)
    );
    let refused = host.act(id, BOB, Request::ResignMatch).await.unwrap_err();
    assert!(
        host.catalog()
            .render(Locale::EnUs, refused.message())
            .contains("over"),
        "{}",
        host.catalog().render(Locale::EnUs, refused.message())
    );
    // In the store: aborted, journaled, no result and no rating change; a
    // restart does not bring it back.
    let detail = db.match_detail(id).await.unwrap();
    assert_eq!(detail.end.as_deref(), Some("aborted"), "{detail:?}");
    assert!(detail.places.is_empty(), "{detail:?}");
    assert!(db.rating_changes(id).await.unwrap().is_empty());
    assert_eq!(moves(&db, id).await, 3);
    let restarted = Db::connect(&url).await.unwrap();
    let (host2, _views2) = host_with(Some(restarted));
    let restored = host2
        .restore(Locale::EnUs, |p| UserId(p.discord_id.unwrap()))
        .await
        .unwrap();
    assert!(restored.is_empty(), "{restored:?}");
    // The two may play again.
    host.create_match(spec(
        Variant::Classic,
        vec![seat(BOB, "bob"), seat(ALICE, "alice")],
    ))
    .await
    .unwrap();
    next_of(&mut views, turn).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_store_a_match_whose_task_panics_goes_on_from_its_last_state() {
    let (host, mut views) = host_with(None);
    let id = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    next_of(&mut views, turn).await;
    play(&host, id, ALICE, "d").await;
    next_of(&mut views, turn).await;
    assert!(host.inject_task_panic(id).await);
    let again = next_of(&mut views, turn).await;
    assert!(again.text.contains("bob to move"), "{}", again.text);
    play(&host, id, BOB, "d").await;
    next_of(&mut views, turn).await;
}
