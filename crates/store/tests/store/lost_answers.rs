//! Writes whose commit's answer is lost (issue 31 §3, docs/store.md "A
//! lost answer"), on both engines: PostgreSQL through a proxy that cuts
//! the connection after the server answered `COMMIT`, SQLite with a commit
//! that answers an error after it committed (a process killed between the
//! two). Each write is tried again as its caller does: nothing is lost,
//! nothing is written twice, and the match (or tournament) goes on.

use fourbot_core::game::{Move, Variant};
use fourbot_core::play::{Action, ClockSettings, Match, MatchSetup, Seat, TimeControl, Timestamp};
use fourbot_core::tournament::Format;
use fourbot_store::{
    Db, MatchId, NewMatch, NewPairing, NewTournament, PlayerId, Recorded, StoreError,
    TournamentState,
};

use crate::lossy::Lossy;

async fn count(db: &Db, sql: &'static str, id: i64) -> i64 {
    sqlx::query_scalar(sql)
        .bind(id)
        .fetch_one(db.pool())
        .await
        .unwrap()
}

/// A classic match of two people in guild 0 (rated), stored.
async fn new_match(db: &Db) -> (MatchId, Match, Vec<PlayerId>) {
    let ps = vec![
        db.named_player("alice").await.unwrap(),
        db.named_player("bob").await.unwrap(),
    ];
    let mut m = Match::new(
        MatchSetup::new(Variant::Classic, ClockSettings::new(TimeControl::DEFAULT)),
        Timestamp::ZERO,
    )
    .unwrap();
    let new = NewMatch {
        players: ps.clone(),
        epoch_unix_ms: 1_000,
        ..NewMatch::default()
    };
    let id = db.create_match(&new, &m).await.unwrap();
    let events: Vec<_> = m.drain_events().collect();
    db.record_events(id, &m, &events).await.unwrap();
    (id, m, ps)
}

/// The next move of `m` (column `column`) at match time `at`, applied:
/// the events to record.
fn drop_in(m: &mut Match, column: u8, at: u64) -> Vec<fourbot_core::play::Event> {
    let seat = m.to_move().unwrap();
    let turn = m.turn().unwrap();
    m.apply(
        seat,
        Action::Move {
            turn,
            mv: Move::Drop(column),
        },
        Timestamp(at),
    )
    .unwrap();
    m.drain_events().collect()
}

fourbot_store::engine_tests! {
    async fn a_move_whose_commits_answer_was_lost_is_stored_once_and_the_match_plays_on(engine) {
        let lossy = Lossy::open(engine, "lost-move").await;
        let db = &lossy.db;
        let (id, mut m, _) = new_match(db).await;
        let events = drop_in(&mut m, 3, 1_000);
        db.record_events(id, &m, &events).await.unwrap();

        let events = drop_in(&mut m, 2, 2_500);
        lossy.lose_commit_answers(1);
        let lost = db.record_events(id, &m, &events).await.unwrap_err();
        assert!(lossy.all_lost());
        assert!(lost.outcome_unknown(), "{lost:?}");
        // The caller records the same events again: found done, not
        // refused by the journal's keys, nothing written twice.
        assert_eq!(
            db.record_events(id, &m, &events).await.unwrap(),
            Recorded::AlreadyRecorded
        );
        assert!(db.holds_events(id, &m, &events).await.unwrap());
        let moves = "SELECT COUNT(*) FROM moves WHERE match_id = $1";
        assert_eq!(count(db, moves, id.0).await, 2);

        // The match plays on, and reloads (after a restart too) as played.
        let events = drop_in(&mut m, 3, 4_000);
        assert_eq!(db.record_events(id, &m, &events).await.unwrap(), Recorded::Committed);
        let restarted = Db::connect(&lossy.url).await.unwrap();
        let loaded = restarted.load_match(id).await.unwrap();
        assert_eq!(loaded.journal_len, 3);
        assert_eq!(loaded.game.games()[0].game().moves(), m.games()[0].game().moves());
        assert_eq!(loaded.clock, fourbot_store::StoredClock::of(&m));
    }

    async fn events_never_committed_are_not_found_and_another_move_at_their_turn_is_a_conflict(engine) {
        let lossy = Lossy::open(engine, "not-lost").await;
        let db = &lossy.db;
        let (id, mut m, _) = new_match(db).await;
        let before = m.clone();
        let events = drop_in(&mut m, 3, 1_000);
        // Not committed: the store does not hold it, and a later batch of
        // another move at that turn is not taken for it.
        assert!(!db.holds_events(id, &m, &events).await.unwrap());
        let mut other = before.clone();
        let other_events = drop_in(&mut other, 4, 1_200);
        assert_eq!(db.record_events(id, &other, &other_events).await.unwrap(), Recorded::Committed);
        assert!(!db.holds_events(id, &m, &events).await.unwrap());
        assert!(
            db.record_events(id, &m, &events).await.is_err(),
            "a different move at a turn already played is a real conflict"
        );
        let moves = "SELECT COUNT(*) FROM moves WHERE match_id = $1";
        assert_eq!(count(db, moves, id.0).await, 1);
    }

    async fn a_rated_end_whose_commits_answer_was_lost_rates_once(engine) {
        let lossy = Lossy::open(engine, "lost-end").await;
        let db = &lossy.db;
        let (id, mut m, _) = new_match(db).await;
        for (i, column) in [3, 2].into_iter().enumerate() {
            let events = drop_in(&mut m, column, 1_000 * (i as u64 + 1));
            db.record_events(id, &m, &events).await.unwrap();
        }
        m.apply(Seat::P1, Action::ResignMatch, Timestamp(5_000)).unwrap();
        let events: Vec<_> = m.drain_events().collect();
        lossy.lose_commit_answers(1);
        let lost = db.record_events(id, &m, &events).await.unwrap_err();
        assert!(lost.outcome_unknown(), "{lost:?}");
        assert!(lossy.all_lost());
        assert_eq!(
            db.record_events(id, &m, &events).await.unwrap(),
            Recorded::AlreadyFinished
        );
        let result = *m.result().unwrap();
        assert!(!db.finish_match(id, &result, Timestamp(5_000)).await.unwrap());
        assert!(db.holds_events(id, &m, &events).await.unwrap());
        assert_eq!(db.rating_changes(id).await.unwrap().len(), 2, "one change per player");
        let changes = "SELECT COUNT(*) FROM rating_changes WHERE match_id = $1";
        assert_eq!(count(db, changes, id.0).await, 2);
        let played = "SELECT COUNT(*) FROM ratings WHERE matches = 1 AND $1 = $1";
        assert_eq!(count(db, played, 0).await, 2, "each player rated once");
        let loaded = Db::connect(&lossy.url).await.unwrap().load_match(id).await.unwrap();
        assert!(loaded.game.is_finished());
        assert_eq!(loaded.journal_len, 3, "two moves and the resignation, once");
    }

    async fn a_tournament_round_and_a_pairings_match_whose_commits_answers_were_lost_are_stored_once(engine) {
        let lossy = Lossy::open(engine, "lost-pairing").await;
        let db = &lossy.db;
        let mut ps = Vec::new();
        for i in 0..3 {
            ps.push(db.named_player(&format!("t{i}")).await.unwrap());
        }
        let t = db
            .create_tournament(&NewTournament {
                guild: 0,
                channel: 77,
                creator: ps[0],
                format: Format::Swiss,
                variant: Variant::Classic,
                base_ms: 180_000,
                increment_ms: 2_000,
                rounds: Some(3),
                duration_ms: None,
                rated: true,
                starts_unix_ms: 1_000,
                locale: None,
            })
            .await
            .unwrap();
        for &p in &ps {
            db.join_tournament(t, p, 10).await.unwrap();
        }
        assert!(db.start_tournament(t, &ps, 20).await.unwrap());
        assert_eq!(db.tournament(t).await.unwrap().state, TournamentState::Running);
        let round = [
            NewPairing { board: 1, first: ps[0], second: Some(ps[1]) },
            NewPairing { board: 2, first: ps[2], second: None },
        ];
        lossy.lose_commit_answers(1);
        let lost = db.add_pairings(t, 1, &round, 30).await.unwrap_err();
        assert!(lost.outcome_unknown(), "{lost:?}");
        assert!(lossy.all_lost());
        // Tried again at the same time: its own round, so it goes on to
        // open the boards; anyone else pairing the round is still refused.
        assert!(db.add_pairings(t, 1, &round, 30).await.unwrap());
        assert!(!db.add_pairings(t, 1, &round, 31).await.unwrap());
        assert!(!db.add_pairings(t, 1, &round[..1], 31).await.unwrap());
        assert_eq!(db.tournament_pairings(t).await.unwrap().len(), 2);

        let mut m = Match::new(
            MatchSetup::new(Variant::Classic, ClockSettings::default()),
            Timestamp::ZERO,
        )
        .unwrap();
        m.drain_events();
        let new = NewMatch {
            players: vec![ps[0], ps[1]],
            epoch_unix_ms: 40,
            pairing: Some((t, 1, 1)),
            ..NewMatch::default()
        };
        lossy.lose_commit_answers(1);
        let lost = db.create_match(&new, &m).await.unwrap_err();
        assert!(lost.outcome_unknown(), "{lost:?}");
        assert!(lossy.all_lost());
        let id = db.create_match(&new, &m).await.unwrap();
        assert_eq!(db.pairing_of_match(id).await.unwrap(), Some((t, 1, 1)));
        let matches = "SELECT COUNT(*) FROM matches WHERE $1 = $1";
        assert_eq!(count(db, matches, 0).await, 1, "one match for the pairing");
        // Another opening of the pairing (another epoch) is refused.
        let again = NewMatch { epoch_unix_ms: 41, ..new.clone() };
        assert!(matches!(
            db.create_match(&again, &m).await,
            Err(StoreError::PairingClosed { .. })
        ));
    }
}
