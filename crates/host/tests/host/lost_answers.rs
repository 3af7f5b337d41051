//! A match task whose commit's answer is lost (issue 31 §3, docs/store.md
//! "A lost answer"), on both engines (PostgreSQL through the proxy that
//! cuts the connection after `COMMIT`, SQLite with the store's test fault):
//! the action counts once, the player is told so, and the match plays on —
//! before, the player was told that nothing changed and every press after
//! it was refused by the journal's primary key.

use fourbot_core::game::notation::parse_move;
use fourbot_core::game::Variant;
use fourbot_core::play::{
    Action, ClockSettings, EventKind, Match, MatchSetup, Seat, Timestamp, Turn,
};
use fourbot_host::{spawn_journaled, Journal, SpawnedMatch, TaskError, UNKNOWN_COMMIT_RETRIES};
use fourbot_store::{Db, MatchId, NewMatch};
use tokio::time::Instant;

use crate::lossy::Lossy;

fn mv(ply: u32, text: &str) -> Action {
    Action::Move {
        turn: Turn { game: 1, ply },
        mv: parse_move(text, Variant::Classic).unwrap(),
    }
}

/// A rated classic match of two people, stored, and its task journaling
/// into `db`, started (its first events committed).
async fn journaled(db: &Db) -> (SpawnedMatch, MatchId) {
    let players = vec![
        db.named_player("alice").await.unwrap(),
        db.named_player("bob").await.unwrap(),
    ];
    let m = Match::new(
        MatchSetup::new(Variant::Classic, ClockSettings::default()),
        Timestamp::ZERO,
    )
    .unwrap();
    let new = NewMatch {
        players,
        ..NewMatch::default()
    };
    let id = db.create_match(&new, &m).await.unwrap();
    let journal = Journal { db: db.clone(), id };
    let spawned = spawn_journaled(m, Instant::now(), Some(journal), Vec::new());
    // Answered once the task has committed its start.
    spawned.handle.snapshot().await.unwrap();
    (spawned, id)
}

async fn count(db: &Db, sql: &'static str, id: MatchId) -> i64 {
    sqlx::query_scalar(sql)
        .bind(id.0)
        .fetch_one(db.pool())
        .await
        .unwrap()
}

fourbot_store::engine_tests! {
    #[multi_thread]
    async fn a_move_whose_commits_answer_was_lost_counts_once_and_the_match_plays_on(engine) {
        let lossy = Lossy::open(engine, "task-lost-move").await;
        let (s, id) = journaled(&lossy.db).await;
        lossy.lose_answer_of("INSERT INTO moves");
        assert_eq!(s.handle.act(Seat::P1, mv(1, "d")).await, Ok(()));
        assert!(lossy.all_lost(), "the commit's answer was lost");
        assert_eq!(s.handle.act(Seat::P2, mv(2, "c")).await, Ok(()));
        assert_eq!(s.handle.act(Seat::P1, mv(3, "d")).await, Ok(()));
        let moves = "SELECT COUNT(*) FROM moves WHERE match_id = $1";
        assert_eq!(count(&lossy.db, moves, id).await, 3);
        let loaded = lossy.db.load_match(id).await.unwrap();
        let now = s.handle.snapshot().await.unwrap();
        assert_eq!(loaded.game.games()[0].game().moves(), now.games()[0].game().moves());
        assert_eq!(loaded.clock, fourbot_store::StoredClock::of(&now));
    }

    #[multi_thread]
    async fn a_move_whose_outcome_stays_unknown_is_found_in_the_store_before_the_next_press(engine) {
        let lossy = Lossy::open(engine, "task-unsettled").await;
        let (mut s, id) = journaled(&lossy.db).await;
        // Every try of the move loses its answer.
        lossy.lose_commit_answers(1 + UNKNOWN_COMMIT_RETRIES.len());
        assert_eq!(
            s.handle.act(Seat::P1, mv(1, "d")).await,
            Err(TaskError::Unavailable)
        );
        assert!(lossy.all_lost());
        // The press again: the task first finds the move in the store, so
        // the match goes on from it (published now) and the press is for
        // a turn that has passed.
        assert!(matches!(
            s.handle.act(Seat::P1, mv(1, "d")).await,
            Err(TaskError::Refused(_))
        ));
        let moved = loop {
            let e = s.events.recv().await.unwrap();
            if let EventKind::Moved { seat, .. } = e.kind {
                break seat;
            }
        };
        assert_eq!(moved, Seat::P1);
        assert_eq!(s.handle.act(Seat::P2, mv(2, "c")).await, Ok(()));
        let moves = "SELECT COUNT(*) FROM moves WHERE match_id = $1";
        assert_eq!(count(&lossy.db, moves, id).await, 2);
        let loaded = lossy.db.load_match(id).await.unwrap();
        assert_eq!(loaded.journal_len, 2);
        assert_eq!(
            loaded.clock,
            fourbot_store::StoredClock::of(&s.handle.snapshot().await.unwrap())
        );
    }

    #[multi_thread]
    async fn a_rated_end_whose_commits_answer_was_lost_ends_the_match_and_rates_once(engine) {
        let lossy = Lossy::open(engine, "task-lost-end").await;
        let (s, id) = journaled(&lossy.db).await;
        assert_eq!(s.handle.act(Seat::P1, mv(1, "d")).await, Ok(()));
        assert_eq!(s.handle.act(Seat::P2, mv(2, "c")).await, Ok(()));
        lossy.lose_answer_of("INSERT INTO rating_changes");
        assert_eq!(s.handle.act(Seat::P1, Action::ResignMatch).await, Ok(()));
        assert!(lossy.all_lost());
        let finished = s.task.await.unwrap();
        assert!(finished.is_finished());
        let changes = "SELECT COUNT(*) FROM rating_changes WHERE match_id = $1";
        assert_eq!(count(&lossy.db, changes, id).await, 2);
        let rated = "SELECT COUNT(*) FROM ratings WHERE matches = 1 AND $1 = $1";
        assert_eq!(count(&lossy.db, rated, id).await, 2, "each player rated once");
        let actions = "SELECT COUNT(*) FROM match_actions WHERE match_id = $1 AND kind = 'resign-match'";
        assert_eq!(count(&lossy.db, actions, id).await, 1);
        assert!(lossy.db.load_match(id).await.unwrap().game.is_finished());
    }
}
