//! Several processes on one database (docs/store.md, "Two processes"):
//! shard leases — a live owner's shard refused with its name, an expired
//! one taken over, all or nothing, one winner when two claim at once,
//! overlapping shard counts — and the restore of one process's shards:
//! every running match, open challenge, thread and guild picked up by
//! exactly one process, under two shards and again under four
//! (resharding). Each test on both engines.

use fourbot_core::game::Variant;
use fourbot_core::play::{ClockSettings, Match, MatchSetup, TimeControl, Timestamp};
use fourbot_store::{
    ChallengeKind, ChallengeSeat, Db, GuildId, MatchId, MatchThread, NewChallenge, NewMatch,
    PlayerId, Shards, StoreError,
};

fn shards(text: &str) -> Shards {
    text.parse().unwrap()
}

/// The lease rows as `(shard/total, owner)`.
async fn held(db: &Db) -> Vec<(String, String)> {
    db.shard_leases()
        .await
        .unwrap()
        .into_iter()
        .map(|l| (format!("{}/{}", l.shard, l.total), l.owner))
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(s, o)| (s.to_string(), o.to_string()))
        .collect()
}

fourbot_store::engine_tests! {
    async fn a_live_owners_shard_is_refused_by_name_and_an_expired_one_is_taken_over(engine) {
        // Two processes: two pools on one database.
        let url = engine.url("leases").await;
        let a = Db::connect(&url).await.unwrap();
        let b = Db::connect(&url).await.unwrap();
        a.claim_shards(shards("0-1/4"), "host-a/1/aa", 1_000, 20_000)
            .await
            .unwrap();

        // 1-2/4: shard 1 is a's, so nothing is taken, not even shard 2.
        let refused = b
            .claim_shards(shards("1-2/4"), "host-b/2/bb", 2_000, 20_000)
            .await
            .unwrap_err();
        match &refused {
            StoreError::ShardOwned { shard, total, owner, expires_unix_ms } => {
                assert_eq!((*shard, *total, owner.as_str()), (1, 4, "host-a/1/aa"));
                assert_eq!(*expires_unix_ms, 21_000);
            }
            other => panic!("{other:?}"),
        }
        let text = refused.to_string();
        assert!(text.contains("shard 1/4") && text.contains("host-a/1/aa"), "{text}");
        assert_eq!(
            held(&a).await,
            pairs(&[("0/4", "host-a/1/aa"), ("1/4", "host-a/1/aa")])
        );

        b.claim_shards(shards("2-3/4"), "host-b/2/bb", 2_000, 20_000)
            .await
            .unwrap();
        // a renews: still refused after the first lease time.
        a.renew_shards(shards("0-1/4"), "host-a/1/aa", 15_000, 20_000)
            .await
            .unwrap();
        assert!(matches!(
            b.claim_shards(shards("0/4"), "host-b/2/bb", 30_000, 20_000).await,
            Err(StoreError::ShardOwned { shard: 0, .. })
        ));
        // a stops renewing (killed): at the end of its lease b takes over.
        b.claim_shards(shards("0-1/4"), "host-b/2/bb", 35_000, 20_000)
            .await
            .unwrap();
        assert!(held(&b).await.iter().all(|(_, o)| o == "host-b/2/bb"));
        assert_eq!(held(&b).await.len(), 4);
        // a learns it lost them and must stop; its release takes nothing
        // of b's.
        assert!(matches!(
            a.renew_shards(shards("0-1/4"), "host-a/1/aa", 36_000, 20_000).await,
            Err(StoreError::LeaseLost { shard: 0, total: 4 })
        ));
        a.release_shards(shards("0-1/4"), "host-a/1/aa").await.unwrap();
        assert_eq!(held(&b).await.len(), 4);
        // b exits cleanly: a may claim at once.
        b.release_shards(shards("0-1/4"), "host-b/2/bb").await.unwrap();
        a.claim_shards(shards("0-1/4"), "host-a/3/cc", 40_000, 20_000)
            .await
            .unwrap();
        assert_eq!(
            held(&a).await,
            pairs(&[
                ("0/4", "host-a/3/cc"),
                ("1/4", "host-a/3/cc"),
                ("2/4", "host-b/2/bb"),
                ("3/4", "host-b/2/bb"),
            ])
        );
    }

    async fn leases_of_another_shard_count_conflict_where_their_guilds_overlap(engine) {
        let db = engine.db().await;
        db.claim_shards(shards("0/2"), "old", 0, 20_000).await.unwrap();
        // 0/4 and 2/4 carry guilds of 0/2; 1/4 and 3/4 do not.
        assert!(matches!(
            db.claim_shards(shards("0-3/4"), "new", 1_000, 20_000).await,
            Err(StoreError::ShardOwned { shard: 0, total: 4, .. })
        ));
        assert!(matches!(
            db.claim_shards(shards("2/4"), "new", 1_000, 20_000).await,
            Err(StoreError::ShardOwned { shard: 2, total: 4, .. })
        ));
        db.claim_shards(shards("1/4"), "new", 1_000, 20_000).await.unwrap();
        db.claim_shards(shards("3/4"), "new", 1_000, 20_000).await.unwrap();
        // Every shard of 3 shares guilds with 0/2.
        assert!(matches!(
            db.claim_shards(shards("1/3"), "third", 1_000, 20_000).await,
            Err(StoreError::ShardOwned { .. })
        ));
        // The old process is gone: the new count takes over its share, and
        // its expired rows go.
        db.claim_shards(shards("0/4"), "new", 25_000, 20_000).await.unwrap();
        db.claim_shards(shards("2/4"), "new", 25_000, 20_000).await.unwrap();
        assert_eq!(
            held(&db).await,
            pairs(&[("0/4", "new"), ("1/4", "new"), ("2/4", "new"), ("3/4", "new")])
        );
    }

    #[multi_thread]
    async fn two_processes_claiming_at_once_get_one_lease(engine) {
        let url = engine.url("lease-race").await;
        let a = Db::connect(&url).await.unwrap();
        let b = Db::connect(&url).await.unwrap();
        for round in 0..20 {
            // Alternately the same shards, and overlapping ones of two counts.
            let (sa, sb) = if round % 2 == 0 {
                (shards("0-1/2"), shards("0-1/2"))
            } else {
                (shards("0/2"), shards("0-3/4"))
            };
            let (x, y) = tokio::join!(
                a.claim_shards(sa, "a", 0, 20_000),
                b.claim_shards(sb, "b", 0, 20_000)
            );
            assert!(x.is_ok() != y.is_ok(), "round {round}: {x:?} {y:?}");
            let loser = if x.is_ok() { y } else { x };
            assert!(matches!(loser, Err(StoreError::ShardOwned { .. })), "{loser:?}");
            let owners: Vec<String> = held(&a).await.into_iter().map(|(_, o)| o).collect();
            let winner = if owners[0] == "a" { sa } else { sb };
            assert_eq!(owners.len(), winner.ids().count(), "round {round}");
            assert!(owners.iter().all(|o| o == &owners[0]), "round {round}: {owners:?}");
            a.release_shards(sa, "a").await.unwrap();
            b.release_shards(sb, "b").await.unwrap();
        }
    }

    async fn a_process_whose_lease_was_taken_over_writes_nothing_more(engine) {
        let url = engine.url("fence").await;
        let a = Db::connect(&url).await.unwrap();
        let b = Db::connect(&url).await.unwrap();
        let all = shards("0/1");
        let guild: GuildId = 7 << 22;
        a.claim_shards(all, "a", 0, 20_000).await.unwrap();
        let a = a.hosting(all, "a");
        let p1 = a.discord_player(1, "p1").await.unwrap();
        let p2 = a.discord_player(2, "p2").await.unwrap();
        let (id, mut m) = create(&a, guild, p1, p2).await;
        let play = |m: &mut Match, t: u64, column: u8| {
            let seat = m.to_move().unwrap();
            let turn = m.turn().unwrap();
            m.apply(
                seat,
                fourbot_core::play::Action::Move { turn, mv: fourbot_core::game::Move::Drop(column) },
                Timestamp(t),
            )
            .unwrap();
            m.drain_events().collect::<Vec<_>>()
        };
        let events = play(&mut m, 1_000, 3);
        a.record_events(id, &m, &events).await.unwrap();

        // a stalls past its lease; b takes the shard over and restores.
        b.claim_shards(all, "b", 25_000, 20_000).await.unwrap();
        let b = b.hosting(all, "b");
        let mut resumed = b.resume_running(25_000).await.unwrap();
        assert_eq!(resumed.len(), 1);
        // The move and b's resume.
        let journal = b.load_match(id).await.unwrap().journal_len;
        assert_eq!(journal, 2);

        // a wakes up: its next move, a new match, an end — all refused,
        // nothing written.
        let events = play(&mut m, 2_000, 3);
        let lost = a.record_events(id, &m, &events).await;
        assert!(matches!(lost, Err(StoreError::LeaseLost { shard: 0, total: 1 })), "{lost:?}");
        let fresh = Match::new(
            MatchSetup::new(Variant::Classic, ClockSettings::default()),
            Timestamp::ZERO,
        )
        .unwrap();
        let new = NewMatch { guild, players: vec![p1, p2], ..NewMatch::default() };
        assert!(matches!(a.create_match(&new, &fresh).await, Err(StoreError::LeaseLost { .. })));
        let mut ended = m.clone();
        ended.moderator_abort(Timestamp(3_000)).unwrap();
        let result = *ended.result().unwrap();
        assert!(matches!(
            a.finish_match(id, &result, Timestamp(3_000)).await,
            Err(StoreError::LeaseLost { .. })
        ));
        assert_eq!(b.load_match(id).await.unwrap().journal_len, journal);
        assert_eq!(b.running_match_ids().await.unwrap(), [id]);

        // b plays on.
        let r = &mut resumed[0];
        let t = r.now.as_millis() + 500;
        let events = play(&mut r.loaded.game, t, 4);
        b.record_events(id, &r.loaded.game, &events).await.unwrap();
        assert_eq!(b.load_match(id).await.unwrap().journal_len, journal + 1);
    }

    async fn every_running_match_and_open_challenge_is_restored_once_under_two_then_four_shards(engine) {
        let db = engine.db().await;
        // Sixteen guilds whose shard keys (id >> 22) run 1000..1016, and
        // the shell's guild 0: in each, a running match, a finished one, an
        // open challenge, a thread, settings.
        let mut guilds: Vec<GuildId> = (0..16).map(|k| ((1000 + k) << 22) | 0x2a5).collect();
        guilds.push(0);
        let mut running = Vec::new();
        let mut challenges = Vec::new();
        for (i, &guild) in guilds.iter().enumerate() {
            let a = db.discord_player(10 + 2 * i as u64, "a").await.unwrap();
            let b = db.discord_player(11 + 2 * i as u64, "b").await.unwrap();
            let (id, _) = create(&db, guild, a, b).await;
            db.save_match_thread(&MatchThread {
                match_id: id,
                thread: 5_000 + i as u64,
                buttons_message: None,
                finished: false,
                archived: false,
            })
            .await
            .unwrap();
            running.push(id);
            let (done, mut m) = create(&db, guild, a, b).await;
            m.moderator_abort(Timestamp(1)).unwrap();
            let events: Vec<_> = m.drain_events().collect();
            db.record_events(done, &m, &events).await.unwrap();
            challenges.push(db.create_challenge(&challenge(guild, a, b)).await.unwrap());
            let mut settings = db.guild_settings(guild).await.unwrap();
            settings.locale = Some("de".into());
            db.set_guild_settings(&settings).await.unwrap();
        }
        for total in [2, 4] {
            let mut resumed = Vec::new();
            let mut open = Vec::new();
            let mut threads = Vec::new();
            let mut configured = Vec::new();
            for shard in 0..total {
                let share = Shards::new(shard, shard, total).unwrap();
                let scoped = db.scoped(share);
                for r in scoped.resume_running(10_000).await.unwrap() {
                    assert!(share.hosts(r.loaded.guild), "{share}: guild {}", r.loaded.guild);
                    resumed.push(r.loaded.id);
                }
                for c in scoped.open_challenges().await.unwrap() {
                    assert!(share.hosts(c.new.guild));
                    open.push(c.id);
                }
                threads.extend(scoped.match_threads().await.unwrap().iter().map(|t| t.thread.match_id));
                for g in scoped.configured_guilds().await.unwrap() {
                    assert!(share.hosts(g));
                    configured.push(g);
                }
            }
            for list in [&mut resumed, &mut threads] {
                list.sort();
                assert_eq!(*list, running, "{total} shards: every match exactly once");
            }
            open.sort();
            assert_eq!(open, challenges, "{total} shards");
            configured.sort();
            let mut all = guilds.clone();
            all.sort();
            assert_eq!(configured, all, "{total} shards");
        }
        // A range is the union of its shards.
        let range = db.scoped(shards("1-2/4")).running_match_ids().await.unwrap();
        let mut one_by_one = db.scoped(shards("1/4")).running_match_ids().await.unwrap();
        one_by_one.extend(db.scoped(shards("2/4")).running_match_ids().await.unwrap());
        one_by_one.sort();
        assert_eq!(range, one_by_one);
        assert!(!range.is_empty());

        // Each process expires only its own guilds' challenges, each once.
        let mut expired = db.scoped(shards("0/2")).expire_challenges(i64::MAX).await.unwrap();
        assert!(expired.len() < challenges.len());
        assert_eq!(db.open_challenges().await.unwrap().len(), challenges.len() - expired.len());
        expired.extend(db.scoped(shards("1/2")).expire_challenges(i64::MAX).await.unwrap());
        assert!(db.expire_challenges(i64::MAX).await.unwrap().is_empty());
        expired.sort();
        assert_eq!(expired, challenges);
    }
}

/// A new running classic match of `a` and `b` in `guild`, stored.
async fn create(db: &Db, guild: GuildId, a: PlayerId, b: PlayerId) -> (MatchId, Match) {
    let mut m = Match::new(
        MatchSetup::new(Variant::Classic, ClockSettings::default()),
        Timestamp::ZERO,
    )
    .unwrap();
    let new = NewMatch {
        guild,
        players: vec![a, b],
        epoch_unix_ms: 0,
        ..NewMatch::default()
    };
    let id = db.create_match(&new, &m).await.unwrap();
    let events: Vec<_> = m.drain_events().collect();
    db.record_events(id, &m, &events).await.unwrap();
    (id, m)
}

/// An open challenge of `a` to `b` in `guild`.
fn challenge(guild: GuildId, a: PlayerId, b: PlayerId) -> NewChallenge {
    let seat = |p, accepted| ChallengeSeat {
        player: Some(p),
        name: Some("x".into()),
        ai_level: None,
        accepted,
    };
    NewChallenge {
        kind: ChallengeKind::Challenge,
        guild,
        channel: 1,
        message: None,
        challenger: a,
        variant: Variant::Classic,
        clock: ClockSettings::new(TimeControl::RAPID),
        color: None,
        seats: vec![seat(a, true), seat(b, false)],
        locale: None,
        text: String::new(),
        token: None,
        created_unix_ms: 0,
        expires_unix_ms: 600_000,
    }
}

/// Issue 33 §3: on PostgreSQL a move's transaction no longer locks its
/// shard's lease row against the others (it was `FOR UPDATE`: every move
/// of a shard committed one at a time and the renewal waited behind
/// them). While one move's commit is held back, with its transaction open
/// on the server: the lease is renewed and another match's move of the
/// same shard commits at once; a takeover still waits for the open move,
/// and the process that lost the lease writes nothing after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_moves_of_one_shard_commit_concurrently_and_the_renewal_never_waits() {
    let Some(engine) = fourbot_store::testing::TestEngine::postgres() else {
        return;
    };
    let lossy = crate::lossy::Lossy::open(&engine, "fence-concurrent").await;
    let proxy = lossy.proxy().expect("PostgreSQL goes through the proxy");
    let all = shards("0/1");
    let guild: GuildId = 7 << 22;
    let direct = Db::connect(&lossy.url).await.unwrap();
    direct.claim_shards(all, "a", 0, 20_000).await.unwrap();
    let held_db = lossy.db.hosting(all, "a");
    let a = direct.hosting(all, "a");
    let p1 = a.discord_player(1, "p1").await.unwrap();
    let p2 = a.discord_player(2, "p2").await.unwrap();
    let (first, mut m1) = create(&a, guild, p1, p2).await;
    let (second, mut m2) = create(&a, guild, p1, p2).await;
    let play = |m: &mut Match, t: u64| {
        let seat = m.to_move().unwrap();
        let turn = m.turn().unwrap();
        m.apply(
            seat,
            fourbot_core::play::Action::Move {
                turn,
                mv: fourbot_core::game::Move::Drop(3),
            },
            Timestamp(t),
        )
        .unwrap();
        m.drain_events().collect::<Vec<_>>()
    };
    proxy.hold_commit_of("INSERT INTO moves");
    let events = play(&mut m1, 1_000);
    let open_move = tokio::spawn({
        let (db, m1) = (held_db.clone(), m1.clone());
        async move { db.record_events(first, &m1, &events).await }
    });
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    while !proxy.holding() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the move's commit was held"
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let soon = std::time::Duration::from_secs(5);
    let renewed = tokio::time::timeout(soon, direct.renew_shards(all, "a", 1_000, 20_000)).await;
    assert!(
        matches!(renewed, Ok(Ok(()))),
        "the renewal waited: {renewed:?}"
    );
    let events = play(&mut m2, 1_000);
    let other = tokio::time::timeout(soon, a.record_events(second, &m2, &events)).await;
    assert!(
        matches!(other, Ok(Ok(_))),
        "another match's move waited: {other:?}"
    );
    // A takeover (the lease expired) waits for the open move.
    let b = Db::connect(&lossy.url).await.unwrap();
    let takeover = tokio::spawn(async move { b.claim_shards(all, "b", 60_000, 20_000).await });
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert!(
        !takeover.is_finished(),
        "the takeover waits for the open move"
    );
    proxy.release();
    assert!(open_move.await.unwrap().is_ok(), "the held move committed");
    takeover.await.unwrap().unwrap();
    let events = play(&mut m1, 2_000);
    let lost = held_db.record_events(first, &m1, &events).await;
    assert!(
        matches!(lost, Err(StoreError::LeaseLost { .. })),
        "{lost:?}"
    );
}
