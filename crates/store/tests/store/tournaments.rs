//! Tournaments in the store (schema version 5, docs/store.md
//! "Tournaments"), each test on both engines: create, join (twice), leave
//! before and after the start, seeds, pairings once per round, outcomes
//! once, voiding, a match's pairing, what a restart continues.

use fourbot_core::game::Variant;
use fourbot_core::play::{ClockSettings, Match, MatchSetup, Timestamp};
use fourbot_core::tournament::{Format, Outcome};
use fourbot_store::{
    Db, Joined, MatchId, NewMatch, NewPairing, NewTournament, PlayerId, StoreError, TournamentId,
    TournamentState,
};

fn swiss(creator: PlayerId, guild: u64) -> NewTournament {
    NewTournament {
        guild,
        channel: 77,
        creator,
        format: Format::Swiss,
        variant: Variant::Classic,
        base_ms: 180_000,
        increment_ms: 2_000,
        rounds: Some(3),
        duration_ms: None,
        rated: true,
        starts_unix_ms: 1_000,
        locale: Some("de".into()),
    }
}

async fn players(db: &Db, n: usize) -> Vec<PlayerId> {
    let mut v = Vec::new();
    for i in 0..n {
        v.push(db.named_player(&format!("t{i}")).await.unwrap());
    }
    v
}

async fn a_match(db: &Db, a: PlayerId, b: PlayerId) -> MatchId {
    let m = Match::new(
        MatchSetup::new(Variant::Classic, ClockSettings::default()),
        Timestamp::ZERO,
    )
    .unwrap();
    let new = NewMatch {
        players: vec![a, b],
        ..NewMatch::default()
    };
    db.create_match(&new, &m).await.unwrap()
}

/// A classic match of `a` and `b` stored for pairing `pairing`.
async fn a_pairings_match(
    db: &Db,
    a: PlayerId,
    b: PlayerId,
    pairing: (TournamentId, u32, u32),
) -> Result<MatchId, StoreError> {
    let m = Match::new(
        MatchSetup::new(Variant::Classic, ClockSettings::default()),
        Timestamp::ZERO,
    )
    .unwrap();
    // Each call is another opening (its own epoch): the same call again
    // is a retry after a lost answer, which finds its own match
    // (tests/store/lost_answers.rs).
    static EPOCH: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);
    let new = NewMatch {
        players: vec![a, b],
        pairing: Some(pairing),
        epoch_unix_ms: EPOCH.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        ..NewMatch::default()
    };
    db.create_match(&new, &m).await
}

fourbot_store::engine_tests! {
async fn a_tournament_is_stored_as_created(engine) {
    let db = engine.db().await;
    let p = players(&db, 1).await;
    let id = db.create_tournament(&swiss(p[0], 5 << 22)).await.unwrap();
    let t = db.tournament(id).await.unwrap();
    assert_eq!(t.setup, swiss(p[0], 5 << 22));
    assert_eq!(t.state, TournamentState::Open);
    assert_eq!(t.message, None);
    db.set_tournament_message(id, 999).await.unwrap();
    assert_eq!(db.tournament(id).await.unwrap().message, Some(999));
    assert!(db.tournament(fourbot_store::TournamentId(id.0 + 1)).await.is_err());
}

async fn joining_twice_is_noticed_and_a_started_one_is_closed(engine) {
    let db = engine.db().await;
    let p = players(&db, 4).await;
    let id = db.create_tournament(&swiss(p[0], 0)).await.unwrap();
    assert_eq!(db.join_tournament(id, p[1], 10).await.unwrap(), Joined::Joined);
    assert_eq!(db.join_tournament(id, p[1], 11).await.unwrap(), Joined::AlreadyIn);
    assert_eq!(db.join_tournament(id, p[2], 12).await.unwrap(), Joined::Joined);
    assert_eq!(db.join_tournament(id, p[3], 13).await.unwrap(), Joined::Joined);
    // Leaving before the start deletes the entry.
    assert!(db.leave_tournament(id, p[3]).await.unwrap());
    assert!(!db.leave_tournament(id, p[3]).await.unwrap());
    let joined: Vec<PlayerId> = db
        .tournament_entrants(id)
        .await
        .unwrap()
        .iter()
        .map(|e| e.player)
        .collect();
    assert_eq!(joined, vec![p[1], p[2]], "by joining time");
    // Seeds fix the order; started once only.
    assert!(db.start_tournament(id, &[p[2], p[1]], 20).await.unwrap());
    assert!(!db.start_tournament(id, &[p[1], p[2]], 21).await.unwrap());
    let entrants = db.tournament_entrants(id).await.unwrap();
    assert_eq!(entrants[0].player, p[2]);
    assert_eq!(entrants[0].seed, Some(0));
    assert_eq!(entrants[1].seed, Some(1));
    let t = db.tournament(id).await.unwrap();
    assert_eq!(t.state, TournamentState::Running);
    assert_eq!(t.started_unix_ms, Some(20));
    assert_eq!(db.join_tournament(id, p[3], 30).await.unwrap(), Joined::Closed);
    // Leaving after the start keeps the entrant, inactive.
    assert!(db.leave_tournament(id, p[1]).await.unwrap());
    let entrants = db.tournament_entrants(id).await.unwrap();
    assert_eq!(entrants.len(), 2);
    assert!(!entrants[1].active && entrants[0].active);
}

async fn a_round_is_paired_once_and_outcomes_recorded_once(engine) {
    let db = engine.db().await;
    let p = players(&db, 3).await;
    let id = db.create_tournament(&swiss(p[0], 0)).await.unwrap();
    let round = [
        NewPairing { board: 1, first: p[0], second: Some(p[1]) },
        NewPairing { board: 2, first: p[2], second: None },
    ];
    assert!(db.add_pairings(id, 1, &round, 100).await.unwrap());
    assert!(!db.add_pairings(id, 1, &round[..1], 101).await.unwrap(), "paired once");
    let m = a_match(&db, p[0], p[1]).await;
    db.set_pairing_match(id, 1, 1, m).await.unwrap();
    assert_eq!(db.pairing_of_match(m).await.unwrap(), Some((id, 1, 1)));
    let other = a_match(&db, p[0], p[2]).await;
    assert_eq!(db.pairing_of_match(other).await.unwrap(), None);

    let stored = db.tournament_pairings(id).await.unwrap();
    assert_eq!(stored.len(), 2);
    assert!(stored[0].pending());
    assert!(!stored[1].pending(), "a bye waits for nothing");
    assert_eq!(stored[0].match_id, Some(m));

    assert!(db.record_pairing_outcome(id, 1, 1, Outcome::SecondWon, 200).await.unwrap());
    assert!(!db.record_pairing_outcome(id, 1, 1, Outcome::FirstWon, 201).await.unwrap());
    assert!(!db.record_pairing_outcome(id, 1, 2, Outcome::FirstWon, 201).await.unwrap(), "bye");
    let stored = db.tournament_pairings(id).await.unwrap();
    assert_eq!(stored[0].outcome, Some(Outcome::SecondWon));
    assert_eq!(stored[0].finished_unix_ms, Some(200));

    // Voided: no outcome, not pending, and no later outcome lands.
    assert!(db.void_pairing(id, 1, 1, 300).await.unwrap());
    assert!(!db.void_pairing(id, 1, 2, 300).await.unwrap(), "a bye has no result to void");
    let stored = db.tournament_pairings(id).await.unwrap();
    assert_eq!(stored[0].outcome, None);
    assert!(stored[0].voided && !stored[0].pending());
    assert!(!db.record_pairing_outcome(id, 1, 1, Outcome::Draw, 301).await.unwrap());
}

async fn a_restart_finds_the_live_tournaments_of_its_shards(engine) {
    let db = engine.db().await;
    let p = players(&db, 1).await;
    let open = db.create_tournament(&swiss(p[0], 1 << 22)).await.unwrap();
    let running = db.create_tournament(&swiss(p[0], 2 << 22)).await.unwrap();
    let over = db.create_tournament(&swiss(p[0], 1 << 22)).await.unwrap();
    let cancelled = db.create_tournament(&swiss(p[0], 1 << 22)).await.unwrap();
    assert!(db.start_tournament(running, &[], 5).await.unwrap());
    assert!(db.end_tournament(over, TournamentState::Finished, 6).await.unwrap());
    assert!(!db.end_tournament(over, TournamentState::Cancelled, 7).await.unwrap());
    assert!(db.end_tournament(cancelled, TournamentState::Cancelled, 7).await.unwrap());
    let live: Vec<_> = db.live_tournaments().await.unwrap().iter().map(|t| t.id).collect();
    assert_eq!(live, vec![open, running]);
    let shard1 = db.scoped("1-1/2".parse().unwrap());
    let live: Vec<_> = shard1.live_tournaments().await.unwrap().iter().map(|t| t.id).collect();
    assert_eq!(live, vec![open]);
    assert_eq!(db.tournament(over).await.unwrap().ended_unix_ms, Some(6));
}

async fn a_servers_live_tournaments_come_newest_first_within_the_limit(engine) {
    let db = engine.db().await;
    let p = players(&db, 1).await;
    let (here, there) = (1 << 22, 2 << 22);
    let first = db.create_tournament(&swiss(p[0], here)).await.unwrap();
    let second = db.create_tournament(&swiss(p[0], here)).await.unwrap();
    let elsewhere = db.create_tournament(&swiss(p[0], there)).await.unwrap();
    let over = db.create_tournament(&swiss(p[0], here)).await.unwrap();
    let third = db.create_tournament(&swiss(p[0], here)).await.unwrap();
    assert!(db.start_tournament(second, &[], 5).await.unwrap());
    assert!(db.end_tournament(over, TournamentState::Cancelled, 6).await.unwrap());
    let ids = |v: Vec<fourbot_store::StoredTournament>| v.iter().map(|t| t.id).collect::<Vec<_>>();
    assert_eq!(ids(db.live_tournaments_of(here, 25).await.unwrap()), [third, second, first]);
    assert_eq!(ids(db.live_tournaments_of(here, 2).await.unwrap()), [third, second]);
    assert_eq!(ids(db.live_tournaments_of(there, 25).await.unwrap()), [elsewhere]);
}

async fn a_running_arena_takes_late_entrants_with_the_next_seed(engine) {
    let db = engine.db().await;
    let p = players(&db, 4).await;
    let mut arena = swiss(p[0], 0);
    arena.format = Format::Arena;
    arena.rounds = None;
    arena.duration_ms = Some(600_000);
    let id = db.create_tournament(&arena).await.unwrap();
    db.join_tournament(id, p[1], 1).await.unwrap();
    db.join_tournament(id, p[2], 2).await.unwrap();
    assert!(db.start_tournament(id, &[p[2], p[1]], 3).await.unwrap());
    assert_eq!(db.join_tournament(id, p[3], 4).await.unwrap(), Joined::Joined);
    let entrants = db.tournament_entrants(id).await.unwrap();
    assert_eq!(entrants[2].player, p[3]);
    assert_eq!(entrants[2].seed, Some(2));
    // A Swiss does not.
    let s = db.create_tournament(&swiss(p[0], 0)).await.unwrap();
    db.join_tournament(s, p[1], 1).await.unwrap();
    assert!(db.start_tournament(s, &[p[1]], 3).await.unwrap());
    assert_eq!(db.join_tournament(s, p[2], 4).await.unwrap(), Joined::Closed);
}

async fn anyone_may_create_only_when_configured(engine) {
    let db = engine.db().await;
    assert!(!db.tournaments_by_anyone(9 << 22).await.unwrap());
    db.set_tournaments_by_anyone(9 << 22, true).await.unwrap();
    assert!(db.tournaments_by_anyone(9 << 22).await.unwrap());
    assert!(!db.tournaments_by_anyone(8 << 22).await.unwrap());
}

async fn a_pairings_match_is_linked_as_it_is_stored_once_and_rated_as_its_tournament(engine) {
    let db = engine.db().await;
    let p = players(&db, 4).await;
    let round = [
        NewPairing { board: 1, first: p[0], second: Some(p[1]) },
        NewPairing { board: 2, first: p[2], second: Some(p[3]) },
    ];
    let mut unrated = swiss(p[0], 0);
    unrated.rated = false;
    let id = db.create_tournament(&unrated).await.unwrap();
    assert!(db.add_pairings(id, 1, &round, 100).await.unwrap());
    // Not before the start.
    let early = a_pairings_match(&db, p[0], p[1], (id, 1, 1)).await;
    assert!(matches!(early, Err(StoreError::PairingClosed { .. })), "{early:?}");
    assert!(db.start_tournament(id, &p, 110).await.unwrap());
    let m = a_pairings_match(&db, p[0], p[1], (id, 1, 1)).await.unwrap();
    // Linked in the same transaction; an unrated tournament's match is
    // stored unrated (docs/rules.md §7).
    assert_eq!(db.pairing_of_match(m).await.unwrap(), Some((id, 1, 1)));
    assert!(!db.match_detail(m).await.unwrap().rated);
    // A second match for the same pairing, other players, a bye or an
    // unknown board: refused, and nothing is stored.
    let refused = [
        a_pairings_match(&db, p[0], p[1], (id, 1, 1)).await,
        a_pairings_match(&db, p[3], p[2], (id, 1, 2)).await,
        a_pairings_match(&db, p[0], p[2], (id, 1, 2)).await,
        a_pairings_match(&db, p[0], p[1], (id, 1, 3)).await,
    ];
    for (i, r) in refused.iter().enumerate() {
        assert!(matches!(r, Err(StoreError::PairingClosed { .. })), "{i}: {r:?}");
    }
    assert_eq!(db.running_match_ids().await.unwrap(), vec![m]);
    // A decided or voided pairing takes no match either.
    assert!(db.void_pairing(id, 1, 2, 120).await.unwrap());
    let voided = a_pairings_match(&db, p[2], p[3], (id, 1, 2)).await;
    assert!(matches!(voided, Err(StoreError::PairingClosed { .. })), "{voided:?}");
    // A rated tournament's match is rated as any match of two people.
    let rated = db.create_tournament(&swiss(p[0], 0)).await.unwrap();
    assert!(db.add_pairings(rated, 1, &round, 100).await.unwrap());
    assert!(db.start_tournament(rated, &p, 110).await.unwrap());
    let r = a_pairings_match(&db, p[2], p[3], (rated, 1, 2)).await.unwrap();
    assert!(db.match_detail(r).await.unwrap().rated);
    assert_eq!(db.pairing_of_match(r).await.unwrap(), Some((rated, 1, 2)));
    // Not once the tournament has ended.
    assert!(db.end_tournament(rated, TournamentState::Cancelled, 130).await.unwrap());
    let over = a_pairings_match(&db, p[0], p[1], (rated, 1, 1)).await;
    assert!(matches!(over, Err(StoreError::PairingClosed { .. })), "{over:?}");
}

}
