//! The store against fresh databases with the migrations applied, each
//! test on both engines (`engine_tests!`: SQLite in a temp file or memory,
//! PostgreSQL in a database of its own): every query, the exactly-once end, voiding, unrated
//! matches and restarting running matches (docs/rules.md §4, §6).

use fourbot_core::game::{Move, Variant};
use fourbot_core::play::{
    AbortCause, Action, ClockSettings, End, ForfeitReason, Match, MatchSetup, PhaseKind, Running,
    Seat, TimeControl, Timestamp,
};
use fourbot_core::rating::glicko2::{self, Glicko2Rating};
use fourbot_core::rating::weng_lin::{self, WengLinRating};
use fourbot_store::{Db, Engine, MatchId, NewMatch, PlayerId, PoolRating, Recorded};

const WEEK_MS: i64 = 7 * 24 * 3600 * 1000;

async fn memory() -> Db {
    Db::connect("sqlite::memory:").await.unwrap()
}

/// A match played through the store: every action applied, then its events
/// recorded before anything else happens.
pub(crate) struct Play {
    db: Db,
    pub(crate) id: MatchId,
    m: Match,
    t: u64,
}

impl Play {
    async fn start(db: &Db, variant: Variant, players: &[PlayerId], epoch_unix_ms: i64) -> Play {
        let setup = MatchSetup::new(variant, ClockSettings::new(TimeControl::DEFAULT));
        Play::start_with(db, setup, 0, players, epoch_unix_ms).await
    }

    pub(crate) async fn start_with(
        db: &Db,
        setup: MatchSetup,
        guild: u64,
        players: &[PlayerId],
        epoch_unix_ms: i64,
    ) -> Play {
        let mut m = Match::new(setup, Timestamp::ZERO).unwrap();
        let new = NewMatch {
            guild,
            players: players.to_vec(),
            epoch_unix_ms,
            ..NewMatch::default()
        };
        let id = db.create_match(&new, &m).await.unwrap();
        let events: Vec<_> = m.drain_events().collect();
        db.record_events(id, &m, &events).await.unwrap();
        Play {
            db: db.clone(),
            id,
            m,
            t: 0,
        }
    }

    pub(crate) async fn act(&mut self, seat: Seat, action: Action) -> Recorded {
        self.t += 1000;
        self.m.apply(seat, action, Timestamp(self.t)).unwrap();
        let events: Vec<_> = self.m.drain_events().collect();
        self.db
            .record_events(self.id, &self.m, &events)
            .await
            .unwrap()
    }

    async fn drop_in(&mut self, column: u8) -> Recorded {
        let seat = self.m.to_move().unwrap();
        let turn = self.m.turn().unwrap();
        self.act(
            seat,
            Action::Move {
                turn,
                mv: Move::Drop(column),
            },
        )
        .await
    }

    /// `winner` wins the current game with four in column a; the other
    /// seat alternates b and c.
    async fn win_game(&mut self, winner: Seat) -> Recorded {
        let mut wins = 0;
        let mut other = 0;
        loop {
            let r = if self.m.to_move() == Some(winner) {
                wins += 1;
                self.drop_in(0).await
            } else {
                other += 1;
                self.drop_in(if other % 2 == 1 { 1 } else { 2 }).await
            };
            if wins == 4 {
                return r;
            }
        }
    }

    /// Every seat makes its first move (columns a, b, c, … in turn order),
    /// so that the match counts: a match in which a player made no move is
    /// aborted however it ends (docs/rules.md §4).
    pub(crate) async fn everyone_moves(&mut self) {
        for column in 0..self.m.seating().seats() as u8 {
            self.drop_in(column).await;
        }
    }

    async fn ready_all(&mut self) {
        for &s in self.m.seating().all() {
            self.act(s, Action::Ready).await;
        }
    }
}

async fn players(db: &Db, names: &[&str]) -> Vec<PlayerId> {
    let mut out = Vec::new();
    for n in names {
        out.push(db.named_player(n).await.unwrap());
    }
    out
}

fn glicko(r: PoolRating) -> Glicko2Rating {
    match r {
        PoolRating::Glicko2(g) => g,
        PoolRating::WengLin(_) => panic!("not a Glicko-2 rating"),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

fourbot_store::engine_tests! {
    async fn a_new_database_is_created_durable_and_migrated_once(engine) {
        let url = engine.url("migrate").await;
        let db = Db::connect(&url).await.unwrap();
        // The promise "a move acknowledged is committed" (docs/store.md).
        let (setting, expected) = match engine.engine() {
            Engine::Sqlite => {
                let path = url.strip_prefix("sqlite://").unwrap();
                assert!(std::path::Path::new(path).exists());
                let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
                    .fetch_one(db.pool())
                    .await
                    .unwrap();
                assert_eq!(mode, "wal");
                ("PRAGMA synchronous", "2") // FULL
            }
            Engine::Postgres => ("SHOW synchronous_commit", "on"),
        };
        // Every connection of the pool, not only the first.
        let mut conns = Vec::new();
        for _ in 0..3 {
            let mut c = db.pool().acquire().await.unwrap();
            let value: String = match engine.engine() {
                Engine::Sqlite => sqlx::query_scalar::<_, i64>(setting)
                    .fetch_one(&mut *c)
                    .await
                    .unwrap()
                    .to_string(),
                Engine::Postgres => sqlx::query_scalar(setting).fetch_one(&mut *c).await.unwrap(),
            };
            assert_eq!(value, expected, "{setting}");
            conns.push(c);
        }
        drop(conns);
        assert_eq!(db.applied_migrations().await.unwrap(), vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        db.close().await;
        let again = Db::connect(&url).await.unwrap();
        assert_eq!(again.applied_migrations().await.unwrap(), vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    }
}

fourbot_store::engine_tests! {
    async fn a_server_is_off_the_web_until_its_settings_turn_it_on(engine) {
        let db = engine.db().await;
        let mut settings = db.guild_settings(77).await.unwrap();
        assert!(!settings.web, "off by default");
        settings.web = true;
        db.set_guild_settings(&settings).await.unwrap();
        assert!(db.guild_settings(77).await.unwrap().web);
        assert!(!db.guild_settings(78).await.unwrap().web, "another server");
        settings.web = false;
        db.set_guild_settings(&settings).await.unwrap();
        assert!(!db.guild_settings(77).await.unwrap().web);
    }
}

fourbot_store::engine_tests! {
    async fn a_finished_match_reads_back_with_its_games_moves_and_result(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["alice", "bob"]).await;
        let mut p = Play::start(&db, Variant::Classic, &ps, 1_000_000).await;
        p.win_game(Seat::P1).await;
        p.ready_all().await;
        assert_eq!(p.win_game(Seat::P2).await, Recorded::Finished);

        let d = db.match_detail(p.id).await.unwrap();
        assert_eq!(d.variant, Variant::Classic);
        assert_eq!(d.time_control, "10+10");
        assert_eq!(d.phase, fourbot_core::play::PhaseKind::Finished);
        assert_eq!(d.end.as_deref(), Some("completed"));
        assert_eq!(d.points_halves, vec![2, 2], "1:1");
        assert_eq!(d.places, vec![1, 1]);
        assert_eq!(d.seats[0].name, "alice");
        assert_eq!(d.seats[1].name, "bob");
        assert_eq!(d.games.len(), 2);
        assert_eq!(d.games[0].first_seat, 0);
        assert_eq!(d.games[1].first_seat, 1, "colours swap in game 2");
        assert_eq!(d.games[0].end.as_deref(), Some("red wins"));
        assert_eq!(d.games[0].points_halves, vec![2, 0]);
        assert_eq!(d.games[1].points_halves, vec![0, 2]);
        let g1 = &d.games[0].moves;
        assert_eq!(g1.len(), 7);
        assert_eq!(
            g1.iter().map(|m| m.mv.as_str()).collect::<Vec<_>>(),
            ["a", "b", "a", "c", "a", "b", "a"]
        );
        assert_eq!(g1[0].ply, 1);
        assert_eq!(g1[0].seat, 0);
        assert_eq!(g1[1].seat, 1);
        assert!(
            g1.iter().all(|m| m.time_used_ms == 1000),
            "one action a second"
        );
        assert_eq!(g1[2].bank_ms, 600_000 - 1000 + 10_000, "charged, then +inc");
        assert_eq!(
            g1[6].bank_ms,
            600_000 - 1000 + 10_000 - 1000 + 10_000 - 1000
        );
    }
}

fourbot_store::engine_tests! {
    async fn a_running_match_reloads_with_its_position_points_phase_and_banks(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["alice", "bob"]).await;
        let mut p = Play::start(&db, Variant::Classic, &ps, 0).await;
        p.win_game(Seat::P1).await;
        p.ready_all().await;
        p.drop_in(3).await;
        p.drop_in(4).await;
        let loaded = db.load_match(p.id).await.unwrap();
        let m = &loaded.game;
        assert_eq!(loaded.players, ps);
        assert_eq!(m.phase(), PhaseKind::Playing);
        assert_eq!(m.score(), p.m.score());
        assert_eq!(m.games().len(), 2);
        assert_eq!(
            m.current_game().game().moves(),
            p.m.current_game().game().moves()
        );
        assert_eq!(m.clock(), p.m.clock(), "banks, running turn, first moves");
        assert_eq!(m.deadline(), p.m.deadline());
        assert_eq!(loaded.last_at, Timestamp(p.t));
        assert_eq!(db.running_match_ids().await.unwrap(), vec![p.id]);
    }
}

fourbot_store::engine_tests! {
    async fn after_a_restart_the_turn_in_progress_restarts_with_the_bank_it_had_at_its_start(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["alice", "bob"]).await;
        let epoch = 5_000_000;
        let mut p = Play::start(&db, Variant::Classic, &ps, epoch).await;
        for c in [3, 3, 2] {
            p.drop_in(c).await; // p1 d, p2 d (first moves), p1 c (charged)
        }
        // p2 to move since t = 3000 with 600000; the bot dies and comes back
        // 45 minutes later (more than the whole bank).
        assert_eq!(p.m.bank(Seat::P2, Timestamp(3000)), 600_000);
        let now_unix = epoch + 3000 + 45 * 60 * 1000;
        let resumed = db.resume_running(now_unix).await.unwrap();
        assert_eq!(resumed.len(), 1);
        let r = &resumed[0];
        let now = r.now;
        assert_eq!(now, Timestamp((now_unix - epoch) as u64));
        let m = &r.loaded.game;
        assert_eq!(m.to_move(), Some(Seat::P2));
        assert_eq!(m.bank(Seat::P2, now), 600_000, "the outage is not charged");
        assert_eq!(
            m.deadline(),
            Some(now.plus(600_000)),
            "flag deadline rebuilt"
        );
        assert!(r
            .events
            .iter()
            .any(|e| e.kind == fourbot_core::play::EventKind::Resumed));
        // The resume is journaled: loading again gives the same clock.
        let again = db.load_match(p.id).await.unwrap();
        assert_eq!(again.game.clock(), m.clock());
        assert_eq!(
            again.clock.running,
            Running::Turn {
                seat: Seat::P2,
                since: now
            }
        );
    }
}

fourbot_store::engine_tests! {
    async fn a_restart_during_a_first_turn_gives_the_whole_abort_window_again(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["alice", "bob"]).await;
        let mut p = Play::start(&db, Variant::Classic, &ps, 0).await;
        p.drop_in(3).await; // p2's first turn begins at 1000
        let r = db.resume(p.id, Timestamp(100_000)).await.unwrap();
        assert_eq!(
            r.loaded.game.deadline(),
            Some(Timestamp(100_000 + ClockSettings::DEFAULT_ABORT_MS))
        );
    }
}

fourbot_store::engine_tests! {
    async fn ending_the_same_match_twice_concurrently_changes_ratings_once(engine) {
        let url = engine.url("exactly-once").await;
        let db = Db::connect(&url).await.unwrap();
        let ps = players(&db, &["alice", "bob"]).await;
        let mut p = Play::start(&db, Variant::Classic, &ps, 0).await;
        p.drop_in(0).await;
        p.drop_in(1).await;
        // p2 resigns the match: the end is computed, but we record it twice,
        // concurrently, from two connections.
        p.t += 1000;
        p.m.apply(Seat::P2, Action::ResignMatch, Timestamp(p.t))
            .unwrap();
        let result = *p.m.result().unwrap();
        let events: Vec<_> = p.m.drain_events().collect();
        let (a, b) = tokio::join!(
            db.record_events(p.id, &p.m, &events),
            db.finish_match(p.id, &result, Timestamp(p.t)),
        );
        let a = a.unwrap();
        let b = b.unwrap();
        assert!(
            (a == Recorded::Finished) != b,
            "exactly one of the two ended the match: {a:?} {b}"
        );
        let (c, d) = tokio::join!(
            db.finish_match(p.id, &result, Timestamp(p.t)),
            db.record_events(p.id, &p.m, &events),
        );
        assert!(!c.unwrap(), "replaying the end does nothing");
        assert_eq!(d.unwrap(), Recorded::AlreadyFinished);

        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rating_changes")
            .fetch_one(db.pool())
            .await
            .unwrap();
        assert_eq!(rows, 2, "one change per player");
        let board = db
            .leaderboard(0, Variant::Classic, None, 10, 0)
            .await
            .unwrap();
        assert_eq!(board.len(), 2);
        assert!(board.iter().all(|e| e.matches == 1));
        let expected = glicko2::update(Glicko2Rating::NEW, &[(Glicko2Rating::NEW, 1.0)]).unwrap();
        assert!(close(glicko(board[0].rating).rating, expected.rating));
        assert_eq!(board[0].name, "alice");
        let d = db.match_detail(p.id).await.unwrap();
        assert_eq!(d.end.as_deref(), Some("forfeit p2 resign"));
        assert_eq!(d.points_halves, vec![4, 0], "a forfeit is 0:2");
    }
}

fourbot_store::engine_tests! {
    async fn unrated_matches_leave_the_ladder_alone(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["alice", "bob"]).await;
        let bot = db.bot_player().await.unwrap();
        // single, vs the bot, the same user on both seats: completed but unrated.
        for (variant, seats) in [
            (Variant::Single, vec![ps[0], ps[1]]),
            (Variant::Classic, vec![ps[0], bot]),
            (Variant::Classic, vec![ps[0], ps[0]]),
        ] {
            let mut p = Play::start(&db, variant, &seats, 0).await;
            p.act(Seat::P2, Action::ResignMatch).await;
            assert!(!db.match_detail(p.id).await.unwrap().rated);
        }
        // aborted: rated match, but no result.
        let mut p = Play::start(&db, Variant::Classic, &ps, 0).await;
        p.drop_in(3).await;
        p.m.advance(Timestamp(1000 + ClockSettings::DEFAULT_ABORT_MS));
        let events: Vec<_> = p.m.drain_events().collect();
        assert_eq!(
            db.record_events(p.id, &p.m, &events).await.unwrap(),
            Recorded::Finished
        );
        let d = db.match_detail(p.id).await.unwrap();
        assert_eq!(d.end.as_deref(), Some("aborted"));
        assert!(d.places.is_empty());
        let changes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rating_changes")
            .fetch_one(db.pool())
            .await
            .unwrap();
        assert_eq!(changes, 0);
        assert!(db
            .leaderboard(0, Variant::Classic, None, 10, 0)
            .await
            .unwrap()
            .is_empty());
    }
}

/// Plays a rated classic match in which `winner` (p1 or p2) resigns the
/// other out; returns its id.
async fn forfeit_match(db: &Db, p1: PlayerId, p2: PlayerId, loser: Seat, epoch: i64) -> MatchId {
    let mut p = Play::start(db, Variant::Classic, &[p1, p2], epoch).await;
    p.everyone_moves().await;
    p.act(loser, Action::ResignMatch).await;
    p.id
}

fourbot_store::engine_tests! {
    async fn voiding_a_match_recomputes_its_pool_from_the_history_without_it(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b", "c"]).await;
        forfeit_match(&db, ps[0], ps[1], Seat::P2, 1_000).await;
        let farmed = forfeit_match(&db, ps[2], ps[0], Seat::P2, 2_000).await;
        forfeit_match(&db, ps[1], ps[2], Seat::P2, 3_000).await;

        let reference = engine.db().await;
        let rs = players(&reference, &["a", "b", "c"]).await;
        forfeit_match(&reference, rs[0], rs[1], Seat::P2, 1_000).await;
        forfeit_match(&reference, rs[1], rs[2], Seat::P2, 3_000).await;

        assert!(db.void_match(farmed).await.unwrap());
        assert!(!db.void_match(farmed).await.unwrap(), "void once");
        assert!(db.rating_changes(farmed).await.unwrap().is_empty());
        assert!(db.match_detail(farmed).await.unwrap().voided);
        let got = db
            .leaderboard(0, Variant::Classic, None, 10, 3_000)
            .await
            .unwrap();
        let want = reference
            .leaderboard(0, Variant::Classic, None, 10, 3_000)
            .await
            .unwrap();
        let summary = |v: &[fourbot_store::LadderEntry]| {
            v.iter()
                .map(|e| {
                    (
                        e.name.clone(),
                        e.matches,
                        e.rating.shown(),
                        e.rating.shown_deviation(),
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(summary(&got), summary(&want));
        for (g, w) in got.iter().zip(&want) {
            assert!(close(glicko(g.rating).rating, glicko(w.rating).rating));
        }
    }
}

fourbot_store::engine_tests! {
    async fn the_leaderboard_ranks_by_rating_marks_provisional_and_leaves_out_the_banned(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["top", "mid", "low", "banned"]).await;
        forfeit_match(&db, ps[0], ps[1], Seat::P2, 0).await;
        forfeit_match(&db, ps[1], ps[2], Seat::P2, 0).await;
        forfeit_match(&db, ps[3], ps[2], Seat::P2, 0).await;
        db.ban(0, ps[3], None, Some("test"), 0).await.unwrap();
        let board = db
            .leaderboard(0, Variant::Classic, None, 10, 0)
            .await
            .unwrap();
        let names: Vec<_> = board.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["top", "mid", "low"]);
        assert_eq!(board.iter().map(|e| e.rank).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(board[1].matches, 2);
        assert!(board.iter().all(|e| e.rating.is_provisional()));
        assert!(board[0].line().starts_with("1. top 1"));
        assert!(board[0].line().contains("? "), "{}", board[0].line());
        let top1 = db
            .leaderboard(0, Variant::Classic, None, 1, 0)
            .await
            .unwrap();
        assert_eq!(top1.len(), 1);
        // Its size, counted without reading it: the banned player left out.
        assert_eq!(db.leaderboard_size(0, Variant::Classic).await.unwrap(), 3);
        assert_eq!(db.leaderboard_size(0, Variant::Popout).await.unwrap(), 0);
        assert_eq!(db.leaderboard_size(7, Variant::Classic).await.unwrap(), 0);
        assert!(db
            .leaderboard(0, Variant::Popout, None, 10, 0)
            .await
            .unwrap()
            .is_empty());
        assert!(db
            .leaderboard(7, Variant::Classic, None, 10, 0)
            .await
            .unwrap()
            .is_empty());
    }
}

fourbot_store::engine_tests! {
    async fn the_rating_deviation_grows_by_one_period_per_week_of_inactivity(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        let mut last = 0;
        for i in 0..12 {
            last = i * 1000;
            forfeit_match(&db, ps[0], ps[1], Seat::P2, last).await;
        }
        // Two first moves and the resignation, a second apart.
        let finished_unix = last + 3000;
        let now = db
            .leaderboard(0, Variant::Classic, None, 1, finished_unix)
            .await
            .unwrap();
        let stored = glicko(now[0].rating);
        assert!(
            stored.deviation < 250.0,
            "RD {} after 12 matches",
            stored.deviation
        );
        for weeks in [1u32, 3, 52] {
            let later = db
                .leaderboard(
                    0,
                    Variant::Classic,
                    None,
                    1,
                    finished_unix + i64::from(weeks) * WEEK_MS - 1,
                )
                .await
                .unwrap();
            let expected = glicko2::decay(stored, weeks - 1).unwrap();
            assert!(close(glicko(later[0].rating).deviation, expected.deviation));
            let later = db
                .leaderboard(
                    0,
                    Variant::Classic,
                    None,
                    1,
                    finished_unix + i64::from(weeks) * WEEK_MS,
                )
                .await
                .unwrap();
            let expected = glicko2::decay(stored, weeks).unwrap();
            assert!(close(glicko(later[0].rating).deviation, expected.deviation));
        }
        // The next match starts from the decayed RD.
        let id = forfeit_match(&db, ps[0], ps[1], Seat::P2, finished_unix + 10 * WEEK_MS).await;
        let changes = db.rating_changes(id).await.unwrap();
        let decayed = glicko2::decay(stored, 10).unwrap();
        assert!(close(
            glicko(changes[0].before).deviation,
            decayed.deviation
        ));
    }
}

fourbot_store::engine_tests! {
    async fn a_rating_card_lists_the_players_pools_with_rank(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        forfeit_match(&db, ps[0], ps[1], Seat::P2, 0).await;
        let setup = MatchSetup::new(Variant::Popout, ClockSettings::default());
        let mut p = Play::start_with(&db, setup, 0, &[ps[1], ps[0]], 0).await;
        p.everyone_moves().await;
        p.act(Seat::P2, Action::ResignMatch).await;
        let card = db.rating_card(0, ps[1], 0).await.unwrap();
        let pools: Vec<_> = card.iter().map(|(v, e)| (*v, e.rank)).collect();
        assert_eq!(pools, [(Variant::Classic, 2), (Variant::Popout, 1)]);
        assert!(db.rating_card(1, ps[1], 0).await.unwrap().is_empty());
    }
}

fourbot_store::engine_tests! {
    async fn a_new_season_rates_in_fresh_pools_and_keeps_the_old_ones(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        forfeit_match(&db, ps[0], ps[1], Seat::P2, 0).await;
        assert_eq!(db.new_season(0).await.unwrap(), 2);
        assert!(db
            .leaderboard(0, Variant::Classic, None, 10, 0)
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            db.leaderboard(0, Variant::Classic, Some(1), 10, 0)
                .await
                .unwrap()
                .len(),
            2
        );
        forfeit_match(&db, ps[1], ps[0], Seat::P2, 0).await;
        let board = db
            .leaderboard(0, Variant::Classic, None, 10, 0)
            .await
            .unwrap();
        assert_eq!(board[0].name, "b");
        assert_eq!(board[0].matches, 1);
    }
}

fourbot_store::engine_tests! {
    async fn match_history_lists_finished_matches_newest_first_with_rating_changes(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b", "c"]).await;
        let first = forfeit_match(&db, ps[0], ps[1], Seat::P2, 1_000).await;
        let second = forfeit_match(&db, ps[2], ps[0], Seat::P1, 2_000).await;
        let _running = Play::start(&db, Variant::Classic, &[ps[0], ps[2]], 3_000).await;
        let h = db.match_history(ps[0], 0, 10).await.unwrap();
        assert_eq!(h.iter().map(|e| e.id).collect::<Vec<_>>(), [second, first]);
        assert_eq!(h[0].opponents, ["c"]);
        assert_eq!(h[0].seat, 1);
        assert_eq!(h[0].place, Some(1));
        assert_eq!(h[0].points_halves, [0, 4]);
        assert_eq!(h[1].end, fourbot_store::EndKind::Forfeit);
        let (before, after) = h[1].rating.unwrap();
        assert!(close(before, 1500.0) && after > before);
        assert_eq!(db.match_history(ps[0], 0, 1).await.unwrap().len(), 1);
    }
}

fourbot_store::engine_tests! {
    async fn match_history_is_one_servers_even_behind_many_newer_matches_elsewhere(engine) {
        // /history, /rating and /analyze read the history of the server they
        // are used on; it used to be the player's last 100 matches anywhere,
        // filtered afterwards, so 100 newer matches on another server hid this
        // server's from /history and /analyze.
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        let setup = || MatchSetup::new(Variant::Classic, ClockSettings::new(TimeControl::DEFAULT));
        let mut here = Play::start_with(&db, setup(), 1, &ps, 1_000).await;
        here.everyone_moves().await;
        here.act(Seat::P2, Action::ResignMatch).await;
        for i in 0..101 {
            let mut p = Play::start_with(&db, setup(), 2, &ps, 2_000 + i).await;
            p.everyone_moves().await;
            p.act(Seat::P1, Action::ResignMatch).await;
        }
        let h = db.match_history(ps[0], 1, 10).await.unwrap();
        assert_eq!(h.iter().map(|e| e.id).collect::<Vec<_>>(), [here.id]);
        assert_eq!((h[0].guild, h[0].season), (1, 1));
        let elsewhere = db.match_history(ps[0], 2, 1_000).await.unwrap();
        assert_eq!(elsewhere.len(), 101);
        assert!(elsewhere.iter().all(|e| e.guild == 2));
        assert!(db.match_history(ps[0], 3, 10).await.unwrap().is_empty());

        // A match after `/ladder reset` carries the new season.
        assert_eq!(db.new_season(1).await.unwrap(), 2);
        let mut later = Play::start_with(&db, setup(), 1, &ps, 9_000).await;
        later.everyone_moves().await;
        later.act(Seat::P2, Action::ResignMatch).await;
        let seasons: Vec<u32> = db
            .match_history(ps[0], 1, 10)
            .await
            .unwrap()
            .iter()
            .map(|e| e.season)
            .collect();
        assert_eq!(seasons, [2, 1]);
    }
}

fourbot_store::engine_tests! {
    async fn running_matches_of_a_player_leave_out_finished_ones(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b", "c"]).await;
        forfeit_match(&db, ps[0], ps[1], Seat::P2, 0).await;
        let one = Play::start(&db, Variant::Classic, &[ps[0], ps[1]], 0).await;
        let two = Play::start(&db, Variant::Popout, &[ps[2], ps[0]], 0).await;
        let r = db.running_matches_of(ps[0]).await.unwrap();
        assert_eq!(r.iter().map(|e| e.id).collect::<Vec<_>>(), [one.id, two.id]);
        assert_eq!(r[1].variant, Variant::Popout);
        assert_eq!(r[1].seat, 1);
        assert_eq!(r[1].opponents, ["c"]);
        assert!(db.running_matches_of(ps[2]).await.unwrap().len() == 1);
    }
}

fourbot_store::engine_tests! {
    async fn three_players_and_teams_pools_are_rated_with_weng_lin_from_the_places(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b", "c", "d"]).await;
        // three-players: everyone moves, p3 resigns the match → places 1, 1, 3.
        let mut p = Play::start(&db, Variant::ThreePlayers, &ps[..3], 0).await;
        p.everyone_moves().await;
        p.act(Seat::P3, Action::ResignMatch).await;
        let new = WengLinRating::NEW;
        let expected = weng_lin::rate(&[vec![new], vec![new], vec![new]], &[1, 1, 3]).unwrap();
        let changes = db.rating_changes(p.id).await.unwrap();
        assert_eq!(changes.len(), 3);
        for (c, e) in changes.iter().zip(&expected) {
            match c.after {
                PoolRating::WengLin(r) => assert!(close(r.mu, e[0].mu) && close(r.sigma, e[0].sigma)),
                PoolRating::Glicko2(_) => panic!("three-players is Weng-Lin"),
            }
        }
        // teams: p2 (team B) resigns → team A (p1, p3) first.
        let mut p = Play::start(&db, Variant::Teams, &ps, 0).await;
        p.everyone_moves().await;
        p.act(Seat::P2, Action::ResignMatch).await;
        let expected = weng_lin::rate(&[vec![new, new], vec![new, new]], &[1, 2]).unwrap();
        let changes = db.rating_changes(p.id).await.unwrap();
        let mu = |c: &fourbot_store::RatingChange| match c.after {
            PoolRating::WengLin(r) => r.mu,
            PoolRating::Glicko2(_) => panic!("teams is Weng-Lin"),
        };
        assert!(close(mu(&changes[0]), expected[0][0].mu), "p1 team A");
        assert!(close(mu(&changes[1]), expected[1][0].mu), "p2 team B");
        assert!(close(mu(&changes[2]), expected[0][1].mu), "p3 team A");
        let board = db
            .leaderboard(0, Variant::Teams, None, 10, 0)
            .await
            .unwrap();
        assert_eq!(board.len(), 4);
        assert!(board[0].name == "a" || board[0].name == "c");
    }
}

fourbot_store::engine_tests! {
    async fn obstacles_and_random_opening_matches_rebuild_from_their_stored_setup(engine) {
        use fourbot_core::game::notation::{parse_layout, parse_moves};
        use fourbot_core::game::Position;
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        let layout = parse_layout("b1 f1 b2 f2", Variant::Obstacles).unwrap();
        let setup = MatchSetup::new(Variant::Obstacles, ClockSettings::default())
            .with_start(Position::with_layout(Variant::Obstacles, &layout));
        let mut p = Play::start_with(&db, setup, 0, &ps, 0).await;
        p.drop_in(1).await;
        let loaded = db.load_match(p.id).await.unwrap();
        assert_eq!(
            loaded.game.current_game().game().position(),
            p.m.current_game().game().position()
        );
        assert_eq!(
            db.match_detail(p.id).await.unwrap().blocks.as_deref(),
            Some("b1 b2 f1 f2")
        );

        let opening = parse_moves("d d c e", Variant::RandomOpening).unwrap();
        let setup =
            MatchSetup::new(Variant::RandomOpening, ClockSettings::default()).with_opening(opening);
        let mut p = Play::start_with(&db, setup, 0, &ps, 0).await;
        p.drop_in(0).await;
        let loaded = db.load_match(p.id).await.unwrap();
        assert_eq!(
            loaded.game.current_game().game().moves(),
            p.m.current_game().game().moves()
        );
        let d = db.match_detail(p.id).await.unwrap();
        assert_eq!(d.opening.as_deref(), Some("d d c e"));
        assert_eq!(d.games[0].moves[0].ply, 5, "the drawn discs are plies 1-4");
    }
}

fourbot_store::engine_tests! {
    async fn a_moderator_removal_is_journaled_and_ends_the_match_as_a_forfeit(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        let mut p = Play::start(&db, Variant::Classic, &ps, 0).await;
        p.everyone_moves().await;
        p.t += 1000;
        p.m.remove(Seat::P1, Timestamp(p.t)).unwrap();
        let events: Vec<_> = p.m.drain_events().collect();
        assert_eq!(
            db.record_events(p.id, &p.m, &events).await.unwrap(),
            Recorded::Finished
        );
        assert_eq!(
            p.m.result().unwrap().end,
            End::Forfeit {
                seat: Seat::P1,
                reason: ForfeitReason::Removed
            }
        );
        let d = db.match_detail(p.id).await.unwrap();
        assert_eq!(d.end.as_deref(), Some("forfeit p1 removed"));
        let loaded = db.load_match(p.id).await.unwrap();
        assert!(loaded.game.is_finished(), "the journal replays the removal");
    }
}

/// Applies the deadline of `p`'s match at `now` (as the match task does)
/// and records its events.
async fn advance_to(p: &mut Play, now: u64) -> Recorded {
    p.m.advance(Timestamp(now));
    let events: Vec<_> = p.m.drain_events().collect();
    p.db.record_events(p.id, &p.m, &events).await.unwrap()
}

fourbot_store::engine_tests! {
    async fn a_flagged_match_loads_finished_by_its_flag_at_the_deadline(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        let mut p = Play::start(&db, Variant::Classic, &ps, 0).await;
        p.drop_in(3).await;
        p.drop_in(3).await;
        p.drop_in(2).await; // both first moves made: p2's bank runs
        let deadline = p.m.deadline().unwrap();
        assert_eq!(
            advance_to(&mut p, deadline.as_millis() + 5_000).await,
            Recorded::Finished
        );
        let flag = End::Forfeit {
            seat: Seat::P2,
            reason: ForfeitReason::Flag,
        };
        assert_eq!(p.m.result().unwrap().end, flag);
        // The flag is not in the journal; the stored end is.
        let loaded = db.load_match(p.id).await.unwrap();
        assert!(loaded.game.is_finished(), "the stored end replays the flag");
        assert_eq!(loaded.game.result(), p.m.result());
        let (end, at) = loaded.game.current_game().end().unwrap();
        assert_eq!((end, at), p.m.current_game().end().unwrap());
        assert_eq!(at, deadline, "at the deadline, not when it was noticed");
        assert_eq!(db.rating_changes(p.id).await.unwrap().len(), 2);
        // /export reads the loaded match: the game is lost on time, not "*".
        let detail = db.match_detail(p.id).await.unwrap();
        let text = fourbot_host::archive::exchange_text(&detail, &loaded.game);
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
    }
}

fourbot_store::engine_tests! {
    async fn a_match_aborted_by_its_abort_window_loads_aborted(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        let mut p = Play::start(&db, Variant::Classic, &ps, 0).await;
        p.drop_in(3).await; // p2 never makes a first move
        let deadline = p.m.deadline().unwrap();
        assert_eq!(
            advance_to(&mut p, deadline.as_millis()).await,
            Recorded::Finished
        );
        assert_eq!(
            p.m.result().unwrap().end,
            End::Aborted {
                seat: Seat::P2,
                cause: AbortCause::NoFirstMove
            }
        );
        let loaded = db.load_match(p.id).await.unwrap();
        assert_eq!(loaded.game.result(), p.m.result());
    }
}

fourbot_store::engine_tests! {
    async fn a_match_with_a_test_clock_below_the_rules_range_reloads(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        // FOURBOT_TEST_TIME_SCALE=30 makes 1+0 a bank of 2 s.
        let control = TimeControl::new(1, 0).unwrap().scaled_down(30);
        let setup = MatchSetup::new(Variant::Classic, ClockSettings::new(control));
        let mut p = Play::start_with(&db, setup, 0, &ps, 0).await;
        p.drop_in(3).await;
        let loaded = db.load_match(p.id).await.unwrap();
        assert_eq!(loaded.game.clock().settings().control.base_ms(), 2_000);
        assert_eq!(loaded.game.banks(Timestamp(p.t)), p.m.banks(Timestamp(p.t)));
    }
}

#[test]
fn a_resumed_match_runs_in_a_match_task_that_flags_at_the_rebuilt_deadline() {
    use fourbot_core::play::{EventKind, ExpiryKind};
    use fourbot_host::spawn_match;
    use std::time::Duration;

    let io = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (db, id, resumed) = io.block_on(async {
        let db = memory().await;
        let ps = players(&db, &["alice", "bob"]).await;
        let mut p = Play::start(&db, Variant::Classic, &ps, 0).await;
        for c in [3, 3, 2] {
            p.drop_in(c).await;
        }
        let r = db.resume(p.id, Timestamp(10_000)).await.unwrap();
        (db, p.id, r)
    });
    let now = resumed.now;
    let deadline = resumed.loaded.game.deadline().unwrap();
    assert_eq!(
        deadline,
        now.plus(600_000),
        "p2's whole bank from the restart"
    );
    assert_eq!(
        resumed.loaded.game.expiry().unwrap().kind,
        ExpiryKind::Flag(Seat::P2)
    );

    // The host: a task whose epoch lies `now` in the past; nobody moves.
    let timers = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .start_paused(true)
        .build()
        .unwrap();
    let (finished, events) = timers.block_on(async {
        let epoch = tokio::time::Instant::now() - Duration::from_millis(now.as_millis());
        let mut spawned = spawn_match(resumed.loaded.game, epoch);
        let finished = spawned.task.await.unwrap();
        let mut events = Vec::new();
        while let Ok(e) = spawned.events.try_recv() {
            events.push(e);
        }
        (finished, events)
    });
    assert!(events
        .iter()
        .any(|e| e.kind == EventKind::Flag { seat: Seat::P2 } && e.at == deadline));
    io.block_on(async {
        assert_eq!(
            db.record_events(id, &finished, &events).await.unwrap(),
            Recorded::Finished
        );
        let d = db.match_detail(id).await.unwrap();
        assert_eq!(d.end.as_deref(), Some("forfeit p2 flag"));
        assert_eq!(db.rating_changes(id).await.unwrap().len(), 2);
    });
}

fourbot_store::engine_tests! {
    #[multi_thread]
    async fn concurrent_records_are_committed_together_and_a_bad_one_fails_alone(engine) {
        let url = engine.url("group-commit").await;
        let db = Db::connect(&url).await.unwrap();
        let ps = players(&db, &["a", "b"]).await;
        let mut plays = Vec::new();
        for _ in 0..20 {
            plays.push(Play::start(&db, Variant::Classic, &ps[..], 0).await);
        }
        let tasks: Vec<_> = plays
            .into_iter()
            .map(|mut p| {
                tokio::spawn(async move {
                    for c in [0, 1, 0, 1] {
                        p.drop_in(c).await;
                    }
                    p
                })
            })
            .collect();
        let (m, _) = {
            let setup = MatchSetup::new(Variant::Classic, ClockSettings::default());
            let mut m = Match::new(setup, Timestamp::ZERO).unwrap();
            let events: Vec<_> = m.drain_events().collect();
            (m, events)
        };
        // Bad requests among the good ones, at the same moments: each fails
        // alone (with SQLite's group commit, in the batches of the others).
        let bad: Vec<_> = (0..8)
            .map(|i| {
                let (db, m) = (db.clone(), m.clone());
                tokio::spawn(async move {
                    tokio::task::yield_now().await;
                    db.record_events(MatchId(9_000 + i), &m, &[]).await
                })
            })
            .collect();
        for b in bad {
            assert!(matches!(
                b.await.unwrap(),
                Err(fourbot_store::StoreError::NoSuchMatch(_))
            ));
        }
        for t in tasks {
            let p = t.await.unwrap();
            let loaded = db.load_match(p.id).await.unwrap();
            assert_eq!(loaded.journal_len, 4);
            assert_eq!(loaded.game.clock(), p.m.clock());
        }
    }
}

fourbot_store::engine_tests! {
    async fn a_resignation_before_every_seat_moved_is_stored_aborted_and_replays_so(engine) {
        // docs/rules.md §4: a match in which a player made no move is never
        // rated, however it ended.
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        let mut p = Play::start(&db, Variant::Classic, &ps, 0).await;
        p.drop_in(3).await;
        assert_eq!(
            p.act(Seat::P2, Action::ResignMatch).await,
            Recorded::Finished
        );
        let d = db.match_detail(p.id).await.unwrap();
        assert_eq!(d.end.as_deref(), Some("aborted"));
        assert!(d.places.is_empty(), "no places: {d:?}");
        assert!(db.rating_changes(p.id).await.unwrap().is_empty());
        assert!(db
            .leaderboard(0, Variant::Classic, None, 10, 0)
            .await
            .unwrap()
            .is_empty());
        let loaded = db.load_match(p.id).await.unwrap();
        assert_eq!(
            loaded.game.result().unwrap().end,
            End::Aborted {
                seat: Seat::P2,
                cause: AbortCause::Forfeit {
                    seat: Seat::P2,
                    reason: ForfeitReason::Resign
                }
            },
            "the journal replays the resignation"
        );
    }
}

fourbot_store::engine_tests! {
    async fn a_flag_before_a_first_move_is_stored_aborted_and_an_older_forfeit_still_loads(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b"]).await;
        let setup = MatchSetup::new(
            Variant::Classic,
            ClockSettings::new("1+0".parse::<TimeControl>().unwrap()),
        );
        let mut p = Play::start_with(&db, setup, 0, &ps, 0).await;
        p.drop_in(3).await; // 1 000
        p.act(Seat::P2, Action::ResignGame).await; // 2 000, before p2 moved
        p.act(Seat::P1, Action::Ready).await; // 3 000
                                              // The grace ends at 62 000; then p2's 60 s bank runs out.
        assert_eq!(p.m.deadline(), Some(Timestamp(122_000)));
        assert_eq!(advance_to(&mut p, 122_000).await, Recorded::Finished);
        let flag = End::Aborted {
            seat: Seat::P2,
            cause: AbortCause::Forfeit {
                seat: Seat::P2,
                reason: ForfeitReason::Flag,
            },
        };
        assert_eq!(p.m.result().unwrap().end, flag);
        assert_eq!(
            db.match_detail(p.id).await.unwrap().end.as_deref(),
            Some("aborted")
        );
        assert!(db.rating_changes(p.id).await.unwrap().is_empty());
        // The flag is not journaled: the clock applies it again on loading.
        assert_eq!(
            db.load_match(p.id)
                .await
                .unwrap()
                .game
                .result()
                .unwrap()
                .end,
            flag
        );
        // A version before this rule stored the same flag as a forfeit (and
        // rated it): that match still loads.
        let store_end = |seat: i64| {
            sqlx::query(
                "UPDATE matches SET end_kind = 'forfeit', end_seat = $1, forfeit_reason = 'flag'
                 WHERE id = $2",
            )
            .bind(seat)
            .bind(p.id.0)
            .execute(db.pool())
        };
        store_end(1).await.unwrap();
        assert!(db.load_match(p.id).await.unwrap().game.is_finished());
        // An end the clock does not give is still refused.
        store_end(0).await.unwrap();
        assert!(matches!(
            db.load_match(p.id).await,
            Err(fourbot_store::StoreError::Corrupt { .. })
        ));
    }
}

fourbot_store::engine_tests! {
    async fn equal_ratings_share_a_rank_on_the_leaderboard_and_the_rating_card(engine) {
        // a beats c and b beats d, all new: a and b have the same rating, c and
        // d too. Standard competition ranking: 1, 1, 3, 3 (docs/rating.md).
        let db = engine.db().await;
        let ps = players(&db, &["a", "b", "c", "d"]).await;
        forfeit_match(&db, ps[0], ps[2], Seat::P2, 0).await;
        forfeit_match(&db, ps[1], ps[3], Seat::P2, 0).await;
        let board = db
            .leaderboard(0, Variant::Classic, None, 10, 0)
            .await
            .unwrap();
        let ranks: Vec<(u32, &str)> = board.iter().map(|e| (e.rank, e.name.as_str())).collect();
        assert_eq!(ranks, [(1, "a"), (1, "b"), (3, "c"), (3, "d")]);
        assert_eq!(board[0].line().split(' ').next(), Some("1."));
        assert_eq!(board[1].line().split(' ').next(), Some("1."));
        for (player, rank) in [(ps[0], 1), (ps[1], 1), (ps[2], 3), (ps[3], 3)] {
            let card = db.rating_card(0, player, 0).await.unwrap();
            assert_eq!(card[0].1.rank, rank, "{:?}", card[0].1);
        }
        // A page that starts inside a tie keeps the shared rank.
        let top3 = db
            .leaderboard(0, Variant::Classic, None, 3, 0)
            .await
            .unwrap();
        assert_eq!(top3[2].rank, 3);
        // A banned player above is not counted.
        db.ban(0, ps[0], None, None, 0).await.unwrap();
        assert_eq!(db.rating_card(0, ps[2], 0).await.unwrap()[0].1.rank, 2);
        let board = db
            .leaderboard(0, Variant::Classic, None, 10, 0)
            .await
            .unwrap();
        let ranks: Vec<u32> = board.iter().map(|e| e.rank).collect();
        assert_eq!(ranks, [1, 2, 2]);
    }
}

fourbot_store::engine_tests! {
    async fn a_players_rating_history_lists_each_rated_match_oldest_first(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["a", "b", "c"]).await;
        assert!(db
            .rating_history(0, ps[0], Variant::Classic, None)
            .await
            .unwrap()
            .is_empty());
        // a wins, loses, wins; the second is voided later. A match of b and
        // c in between, which is not a's.
        let early = forfeit_match(&db, ps[0], ps[2], Seat::P2, WEEK_MS).await;
        let middle = forfeit_match(&db, ps[1], ps[0], Seat::P2, 2 * WEEK_MS).await;
        forfeit_match(&db, ps[1], ps[2], Seat::P2, 3 * WEEK_MS).await;
        let late = forfeit_match(&db, ps[0], ps[1], Seat::P2, 5 * WEEK_MS).await;
        let h = db
            .rating_history(0, ps[0], Variant::Classic, None)
            .await
            .unwrap();
        assert_eq!(
            h.iter().map(|p| p.match_id).collect::<Vec<_>>(),
            [early, middle, late]
        );
        assert!(h.windows(2).all(|w| w[0].finished_unix_ms <= w[1].finished_unix_ms));
        // Starts at the new player's rating; each match's before is the
        // previous after (same rating points; RD grown by the idle weeks).
        assert!(close(glicko(h[0].before).rating, 1500.0));
        for w in h.windows(2) {
            assert!(close(glicko(w[1].before).rating, glicko(w[0].after).rating));
            assert!(glicko(w[1].before).deviation >= glicko(w[0].after).deviation);
        }
        // A win raises, a loss lowers.
        assert!(glicko(h[0].after).rating > glicko(h[0].before).rating);
        assert!(glicko(h[1].after).rating < glicko(h[1].before).rating);
        // The same as the stored changes of each match.
        for p in &h {
            let change = db
                .rating_changes(p.match_id)
                .await
                .unwrap()
                .into_iter()
                .find(|c| c.player == ps[0])
                .unwrap();
            assert_eq!((change.before, change.after), (p.before, p.after));
        }
        // Another pool (variant) is separate.
        assert!(db
            .rating_history(0, ps[0], Variant::Five, None)
            .await
            .unwrap()
            .is_empty());

        // The trend window: the rating before the first match in it.
        let before = db
            .ratings_before_window(0, Variant::Classic, &ps, 2 * WEEK_MS)
            .await
            .unwrap();
        assert_eq!(before.len(), 3, "each played from week 2 on: {before:?}");
        assert_eq!(before[&ps[0]], h[1].before);
        // From week 4 on: a and b's last match only; c played none.
        let before = db
            .ratings_before_window(0, Variant::Classic, &ps, 4 * WEEK_MS)
            .await
            .unwrap();
        assert_eq!(before[&ps[0]], h[2].before);
        assert!(!before.contains_key(&ps[2]));
        assert_eq!(
            db.ratings_before_window(0, Variant::Classic, &ps, 9 * WEEK_MS)
                .await
                .unwrap()
                .len(),
            0
        );
        assert!(db
            .ratings_before_window(0, Variant::Classic, &[], 0)
            .await
            .unwrap()
            .is_empty());

        // Voided: gone from the history, the rest recomputed without it.
        assert!(db.void_match(middle).await.unwrap());
        let h = db
            .rating_history(0, ps[0], Variant::Classic, None)
            .await
            .unwrap();
        assert_eq!(
            h.iter().map(|p| p.match_id).collect::<Vec<_>>(),
            [early, late]
        );
        assert!(close(glicko(h[1].before).rating, glicko(h[0].after).rating));
    }
}

fourbot_store::engine_tests! {
    // Issue 33: the start-up reads the threads of matches whose end was
    // not posted, not every match ever played; each with its players in
    // seat order.
    async fn only_the_threads_of_unposted_matches_are_loaded_at_start(engine) {
        let db = engine.db().await;
        let mut users = Vec::new();
        for (i, name) in ["a", "b", "c"].iter().enumerate() {
            users.push(db.discord_player(100 + i as u64, name).await.unwrap());
        }
        let mut rows = Vec::new();
        for k in 0..6u64 {
            let seats = match k % 2 {
                0 => vec![users[0], users[1]],
                _ => vec![users[2], users[0]],
            };
            let play = Play::start(&db, Variant::Classic, &seats, 0).await;
            rows.push(fourbot_store::MatchThread {
                match_id: play.id,
                thread: 1_000 + k,
                buttons_message: None,
                // Every other match's end is posted.
                finished: k >= 3,
                archived: false,
            });
        }
        db.save_match_threads(&rows).await.unwrap();
        let loaded = db.match_threads().await.unwrap();
        let ids: Vec<MatchId> = loaded.iter().map(|t| t.thread.match_id).collect();
        assert_eq!(ids, rows[..3].iter().map(|r| r.match_id).collect::<Vec<_>>());
        assert_eq!(loaded[0].players, vec![Some(100), Some(101)]);
        assert_eq!(loaded[1].players, vec![Some(102), Some(100)]);
        assert_eq!(loaded[2].thread.thread, 1_002);
    }
}

/// A rated classic match between `p1` and `p2` starting at `epoch`, its
/// result picked by `kind`: 0 the match resigned by `loser` after the first
/// moves (a forfeit), 1 game 1 won by the other seat and game 2 resigned
/// by it (1–1, completed), 2 game 1 won and game 2 resigned by `loser`
/// (2–0, completed).
async fn random_result_match(
    db: &Db,
    p1: PlayerId,
    p2: PlayerId,
    loser: Seat,
    kind: u8,
    epoch: i64,
) -> MatchId {
    let winner = if loser == Seat::P1 {
        Seat::P2
    } else {
        Seat::P1
    };
    let mut p = Play::start(db, Variant::Classic, &[p1, p2], epoch).await;
    if kind == 0 {
        p.everyone_moves().await;
        p.act(loser, Action::ResignMatch).await;
        return p.id;
    }
    p.win_game(winner).await;
    p.ready_all().await;
    p.everyone_moves().await;
    let resigns = if kind == 1 { winner } else { loser };
    assert_eq!(p.act(resigns, Action::ResignGame).await, Recorded::Finished);
    p.id
}

/// A random rated history in one classic pool: `n` matches among `players`
/// over about 20 weeks (some at the same instant: the order then is the
/// match number), every kind of result.
async fn random_history(db: &Db, rng: &mut rand::rngs::SmallRng, n: usize) -> Vec<MatchId> {
    use rand::RngExt;
    let ps = players(db, &["a", "b", "c", "d", "e", "f", "g", "h"]).await;
    let mut ids = Vec::new();
    for _ in 0..n {
        let i = rng.random_range(0..ps.len());
        let j = (i + rng.random_range(1..ps.len())) % ps.len();
        let loser = if rng.random_bool(0.5) {
            Seat::P1
        } else {
            Seat::P2
        };
        // Whole days, so that two matches may end at the same instant.
        let epoch = rng.random_range(0..140) * 24 * 3600 * 1000;
        let kind = rng.random_range(0..3);
        ids.push(random_result_match(db, ps[i], ps[j], loser, kind, epoch).await);
    }
    ids
}

/// Every `ratings` and `rating_changes` row, the reals as their bits: what
/// must be identical after the new and the old recompute.
async fn rating_rows(db: &Db) -> (Vec<String>, Vec<String>) {
    use sqlx::Row;
    let bits = |v: Option<f64>| v.map(f64::to_bits);
    let ratings = sqlx::query(
        "SELECT pool_id, player_id, rating, deviation, volatility, score, matches, last_unix_ms
         FROM ratings ORDER BY pool_id, player_id",
    )
    .fetch_all(db.pool())
    .await
    .unwrap()
    .iter()
    .map(|r| {
        format!(
            "{} {} {:?} {:?} {:?} {:?} {} {}",
            r.get::<i64, _>("pool_id"),
            r.get::<i64, _>("player_id"),
            bits(r.get("rating")),
            bits(r.get("deviation")),
            bits(r.get("volatility")),
            bits(r.get("score")),
            r.get::<i64, _>("matches"),
            r.get::<i64, _>("last_unix_ms")
        )
    })
    .collect();
    let changes = sqlx::query(
        "SELECT match_id, player_id, pool_id, rating_before, deviation_before,
                volatility_before, rating_after, deviation_after, volatility_after
         FROM rating_changes ORDER BY match_id, player_id",
    )
    .fetch_all(db.pool())
    .await
    .unwrap()
    .iter()
    .map(|r| {
        format!(
            "{} {} {} {:?} {:?} {:?} {:?} {:?} {:?}",
            r.get::<i64, _>("match_id"),
            r.get::<i64, _>("player_id"),
            r.get::<i64, _>("pool_id"),
            bits(r.get("rating_before")),
            bits(r.get("deviation_before")),
            bits(r.get("volatility_before")),
            bits(r.get("rating_after")),
            bits(r.get("deviation_after")),
            bits(r.get("volatility_after"))
        )
    })
    .collect();
    (ratings, changes)
}

/// The id of the only rating pool.
async fn only_pool(db: &Db) -> i64 {
    sqlx::query_scalar("SELECT id FROM rating_pools")
        .fetch_one(db.pool())
        .await
        .unwrap()
}

/// Asserts that the pool as the void left it is, bit for bit, what the
/// recompute before issue 33 §4 (every match rated again in one
/// transaction) makes of the same history.
async fn assert_as_the_old_recompute(db: &Db, what: &str) {
    let new = rating_rows(db).await;
    db.recompute_pool_in_one_transaction(only_pool(db).await)
        .await
        .unwrap();
    let old = rating_rows(db).await;
    assert!(!new.1.is_empty(), "{what}: some changes");
    assert_eq!(new.0, old.0, "{what}: ratings");
    assert_eq!(new.1, old.1, "{what}: rating changes");
}

fourbot_store::engine_tests! {
    // Issue 33 §4: the void's recompute reads the history in bulk and rates
    // it in memory; its results are the old recompute's, bit for bit.
    async fn a_void_recomputes_the_same_bits_as_rating_every_match_again(engine) {
        use rand::{RngExt, SeedableRng};
        for seed in [1u64, 2, 3] {
            let db = engine.db().await;
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let ids = random_history(&db, &mut rng, 40).await;
            // Voids of an early, a random and the last match, one after
            // the other.
            for pick in [0, rng.random_range(1..ids.len() - 1), ids.len() - 1] {
                assert!(db.void_match(ids[pick]).await.unwrap(), "seed {seed}");
                assert!(db.rating_changes(ids[pick]).await.unwrap().is_empty());
                assert_as_the_old_recompute(&db, &format!("seed {seed}, void {pick}")).await;
            }
        }
    }

    // A match of the pool rated while the void computed (between its
    // snapshot and its switch) is rated on top of the recomputed ratings,
    // as if it had ended just after the void: no update is lost.
    async fn a_match_rated_during_a_void_is_rated_on_top_of_the_recomputed_pool(engine) {
        use rand::SeedableRng;
        let db = engine.db().await;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let ids = random_history(&db, &mut rng, 30).await;
        let ps = players(&db, &["a", "b"]).await;
        let (reached, go) = db.pause_next_recompute();
        let voiding = tokio::spawn({
            let db = db.clone();
            let id = ids[3];
            async move { db.void_match(id).await }
        });
        reached.await.unwrap();
        // Ends after every match of the history (140 days).
        let late = forfeit_match(&db, ps[0], ps[1], Seat::P2, 200 * 24 * 3600 * 1000).await;
        go.send(()).unwrap();
        assert!(voiding.await.unwrap().unwrap());
        let played = |name: &str| {
            let db = db.clone();
            let name = name.to_string();
            async move {
                db.leaderboard(0, Variant::Classic, None, 10, 0)
                    .await
                    .unwrap()
                    .into_iter()
                    .find(|e| e.name == name)
                    .map(|e| e.matches)
            }
        };
        let (a, b) = (played("a").await, played("b").await);
        assert_eq!(db.rating_changes(late).await.unwrap().len(), 2);
        assert_as_the_old_recompute(&db, "a match rated during the void").await;
        // The old recompute counted the late match too.
        assert_eq!((played("a").await, played("b").await), (a, b));
    }

    // Two voids of one pool at once, and a match ending meanwhile: both
    // matches end voided and the pool is what rating its history again
    // gives.
    #[multi_thread]
    async fn two_voids_of_one_pool_at_once_lose_no_update(engine) {
        use rand::SeedableRng;
        let db = engine.db().await;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        let ids = random_history(&db, &mut rng, 30).await;
        let ps = players(&db, &["c", "d"]).await;
        let first = tokio::spawn({
            let db = db.clone();
            let id = ids[2];
            async move { db.void_match(id).await }
        });
        let second = tokio::spawn({
            let db = db.clone();
            let id = ids[5];
            async move { db.void_match(id).await }
        });
        let late = forfeit_match(&db, ps[0], ps[1], Seat::P1, 200 * 24 * 3600 * 1000).await;
        assert!(first.await.unwrap().unwrap());
        assert!(second.await.unwrap().unwrap());
        for id in [ids[2], ids[5]] {
            assert!(db.match_detail(id).await.unwrap().voided);
            assert!(db.rating_changes(id).await.unwrap().is_empty());
        }
        assert_eq!(db.rating_changes(late).await.unwrap().len(), 2);
        assert_as_the_old_recompute(&db, "two voids at once").await;
    }
}

fourbot_store::engine_tests! {
    // Two processes (two stores on one database, each with its own turn
    // for voids) void two matches of one pool: the first pauses before its
    // switch while the second voids to the end; the first's switch finds a
    // void it did not see and recomputes again. PostgreSQL only: several
    // processes on one database are PostgreSQL's setting (docs/store.md).
    async fn a_void_by_another_process_meanwhile_is_not_lost(engine) {
        use rand::SeedableRng;
        if engine.engine() != Engine::Postgres {
            return;
        }
        let url = engine.url("voids").await;
        let one = Db::connect(&url).await.unwrap();
        let other = Db::connect(&url).await.unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(13);
        let ids = random_history(&one, &mut rng, 30).await;
        let (reached, go) = one.pause_next_recompute();
        let first = tokio::spawn({
            let one = one.clone();
            let id = ids[4];
            async move { one.void_match(id).await }
        });
        reached.await.unwrap();
        assert!(other.void_match(ids[9]).await.unwrap());
        go.send(()).unwrap();
        assert!(first.await.unwrap().unwrap());
        for id in [ids[4], ids[9]] {
            assert!(one.rating_changes(id).await.unwrap().is_empty());
        }
        assert_as_the_old_recompute(&one, "a void by another process").await;
        one.close().await;
        other.close().await;
    }
}

fourbot_store::engine_tests! {
    async fn head_to_head_counts_the_two_players_matches_games_and_points_on_one_server(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["alice", "bob", "carol"]).await;
        let (alice, bob, carol) = (ps[0], ps[1], ps[2]);
        let setup = || MatchSetup::new(Variant::Classic, ClockSettings::new(TimeControl::DEFAULT));
        // alice (p1) wins both games: 2:0.
        let mut p = Play::start_with(&db, setup(), 1, &[alice, bob], 1_000).await;
        p.win_game(Seat::P1).await;
        p.ready_all().await;
        p.win_game(Seat::P1).await;
        // bob (p1) wins game 1, alice resigns game 2: 2:0 for bob.
        let mut p = Play::start_with(&db, setup(), 1, &[bob, alice], 2_000).await;
        p.win_game(Seat::P1).await;
        p.ready_all().await;
        p.everyone_moves().await;
        p.act(Seat::P2, Action::ResignGame).await;
        // One game each, then alice forfeits the match: 0:2, game 1 stays.
        let mut p = Play::start_with(&db, setup(), 1, &[alice, bob], 3_000).await;
        p.win_game(Seat::P1).await;
        p.ready_all().await;
        p.everyone_moves().await;
        p.act(Seat::P1, Action::ResignMatch).await;
        // A single game: alice wins 1:0.
        let single = MatchSetup::new(Variant::Single, ClockSettings::new(TimeControl::DEFAULT));
        let mut p = Play::start_with(&db, single, 1, &[alice, bob], 4_000).await;
        p.win_game(Seat::P1).await;
        // Not counted: aborted (bob never moved), voided, another server,
        // another opponent, a running match.
        let mut p = Play::start_with(&db, setup(), 1, &[alice, bob], 5_000).await;
        p.drop_in(3).await;
        p.act(Seat::P2, Action::ResignMatch).await;
        let mut p = Play::start_with(&db, setup(), 1, &[alice, bob], 6_000).await;
        p.win_game(Seat::P2).await;
        p.ready_all().await;
        p.win_game(Seat::P2).await;
        assert!(db.void_match(p.id).await.unwrap());
        let mut p = Play::start_with(&db, setup(), 2, &[alice, bob], 7_000).await;
        p.win_game(Seat::P2).await;
        p.ready_all().await;
        p.win_game(Seat::P2).await;
        let mut p = Play::start_with(&db, setup(), 1, &[alice, carol], 8_000).await;
        p.win_game(Seat::P2).await;
        p.ready_all().await;
        p.win_game(Seat::P2).await;
        let mut p = Play::start_with(&db, setup(), 1, &[alice, bob], 9_000).await;
        p.win_game(Seat::P2).await;

        let seen = db.head_to_head(1, alice, bob).await.unwrap();
        assert_eq!(
            seen,
            fourbot_store::HeadToHead {
                matches: 4,
                // 2:0 → 2 won; bob's match → 2 lost (a win and a
                // resignation); the forfeit → 1 won (its game 2 counts
                // nowhere); the single → 1 won.
                won: 4,
                drawn: 0,
                lost: 2,
                // Points 2 + 0 + 0 + 1 against 0 + 2 + 2 + 0.
                points_halves: 6,
                other_halves: 8,
            }
        );
        let mirrored = db.head_to_head(1, bob, alice).await.unwrap();
        assert_eq!((mirrored.matches, mirrored.won, mirrored.lost), (4, 2, 4));
        assert_eq!((mirrored.points_halves, mirrored.other_halves), (8, 6));
        assert_eq!(db.head_to_head(2, alice, bob).await.unwrap().matches, 1);
        assert_eq!(db.head_to_head(1, bob, carol).await.unwrap(), Default::default());
        assert_eq!(db.head_to_head(1, alice, alice).await.unwrap(), Default::default());
    }
}

fourbot_store::engine_tests! {
    async fn head_to_head_counts_a_drawn_game_for_both(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["alice", "bob"]).await;
        // A full classic board without four in a row (the draw of
        // tests/app/fixtures/classic.txt).
        let setup = MatchSetup::new(Variant::Single, ClockSettings::new(TimeControl::DEFAULT));
        let mut p = Play::start_with(&db, setup, 1, &ps, 1_000).await;
        for col in DRAWN_BOARD {
            p.drop_in(col).await;
        }
        assert!(p.m.is_finished());
        let seen = db.head_to_head(1, ps[0], ps[1]).await.unwrap();
        assert_eq!((seen.matches, seen.won, seen.drawn, seen.lost), (1, 0, 1, 0));
        assert_eq!((seen.points_halves, seen.other_halves), (1, 1));
    }
}

/// The 42 drops of a drawn classic game (tests/app/fixtures/classic.txt,
/// "full board without a line is a draw"), as 0-based columns.
const DRAWN_BOARD: [u8; 42] = [
    5, 4, 5, 0, 6, 2, 4, 5, 5, 0, 4, 1, 1, 0, 4, 5, 6, 5, 3, 1, 1, 2, 2, 6, 2, 6, 6, 3, 6, 2, 0, 3,
    0, 3, 3, 4, 3, 1, 4, 2, 1, 0,
];

fourbot_store::engine_tests! {
    async fn a_taken_back_ply_stays_taken_back_after_a_restart_and_leaves_the_move_list(engine) {
        let db = engine.db().await;
        let ps = players(&db, &["alice", "bob"]).await;
        let setup = MatchSetup::new(Variant::Single, ClockSettings::new(TimeControl::DEFAULT));
        let mut p = Play::start_with(&db, setup, 1, &ps, 1_000).await;
        p.drop_in(3).await;
        p.drop_in(3).await;
        p.drop_in(2).await;
        assert_eq!(p.act(Seat::P1, Action::TakeBack).await, Recorded::Committed);
        // A restart now: the ply does not come back, p1 is to move at ply
        // 3 with the bank the take-back left, the journal replays cleanly.
        let loaded = db.load_match(p.id).await.unwrap();
        assert_eq!(loaded.game.current_game().game().moves().len(), 2);
        assert_eq!(loaded.game.turn(), Some(fourbot_core::play::Turn { game: 1, ply: 3 }));
        assert_eq!(loaded.game.to_move(), Some(Seat::P1));
        assert_eq!(loaded.game.clock(), p.m.clock());
        // The move made again takes the freed ply; the list is the final one.
        p.drop_in(4).await;
        let loaded = db.load_match(p.id).await.unwrap();
        assert_eq!(loaded.game.clock(), p.m.clock());
        let moves: Vec<String> = loaded
            .game
            .current_game()
            .game()
            .moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(moves, ["d", "d", "e"]);
        let d = db.match_detail(p.id).await.unwrap();
        let listed: Vec<(u32, &str)> = d.games[0]
            .moves
            .iter()
            .map(|m| (m.ply, m.mv.as_str()))
            .collect();
        assert_eq!(listed, [(1, "d"), (2, "d"), (3, "e")]);
        // The resumed match goes on from there (and a take-back is
        // journaled once: resuming twice replays the same).
        let resumed = db.resume(p.id, Timestamp(60_000)).await.unwrap();
        assert_eq!(resumed.loaded.game.turn(), Some(fourbot_core::play::Turn { game: 1, ply: 4 }));
        assert!(db.resume(p.id, Timestamp(61_000)).await.is_ok());
    }
}

fourbot_store::engine_tests! {
    async fn frequent_opponents_are_the_discord_members_met_most_on_one_server(engine) {
        let db = engine.db().await;
        let mut ps = Vec::new();
        for (i, name) in ["alice", "bob", "carol", "dave", "erin", "frank"].iter().enumerate() {
            ps.push(db.discord_player(10 + i as u64, name).await.unwrap());
        }
        let (alice, bob, carol, dave, erin, frank) = (ps[0], ps[1], ps[2], ps[3], ps[4], ps[5]);
        let bot = db.bot_player().await.unwrap();
        let imported = db.named_player("imported").await.unwrap();
        let single = || MatchSetup::new(Variant::Single, ClockSettings::new(TimeControl::DEFAULT));
        let won = |db: &Db, players: [PlayerId; 2], guild: u64, at: i64| {
            let db = db.clone();
            async move {
                let mut p = Play::start_with(&db, single(), guild, &players, at).await;
                p.win_game(Seat::P1).await;
                p
            }
        };
        // Counted: bob twice (once from either seat), carol once, frank
        // once but later than carol.
        won(&db, [alice, bob], 1, 1_000).await;
        won(&db, [bob, alice], 1, 2_000).await;
        won(&db, [alice, carol], 1, 3_000).await;
        won(&db, [frank, alice], 1, 4_000).await;
        // Not counted: an abort (dave never moved), a voided match (erin),
        // another server (carol), the AI, a player without Discord, a
        // running match (carol).
        let mut p = Play::start_with(&db, single(), 1, &[alice, dave], 5_000).await;
        p.drop_in(3).await;
        p.act(Seat::P2, Action::ResignMatch).await;
        let p = won(&db, [alice, erin], 1, 6_000).await;
        assert!(db.void_match(p.id).await.unwrap());
        won(&db, [alice, carol], 2, 7_000).await;
        won(&db, [alice, bot], 1, 8_000).await;
        won(&db, [alice, imported], 1, 9_000).await;
        let mut p = Play::start_with(&db, single(), 1, &[alice, carol], 10_000).await;
        p.drop_in(3).await;

        let met = db.frequent_opponents(1, alice, 10).await.unwrap();
        assert_eq!(met, vec![(bob, 11, 2), (frank, 15, 1), (carol, 12, 1)]);
        assert_eq!(db.frequent_opponents(1, alice, 1).await.unwrap(), vec![(bob, 11, 2)]);
        assert_eq!(db.frequent_opponents(2, alice, 10).await.unwrap(), vec![(carol, 12, 1)]);
        assert_eq!(db.frequent_opponents(1, bob, 10).await.unwrap(), vec![(alice, 10, 2)]);
        assert!(db.frequent_opponents(1, dave, 10).await.unwrap().is_empty());
    }

    #[multi_thread]
    // Issue 33 §5: on SQLite the threads' rows go in the moves' group
    // commit. Written at the same moments as moves, every row and every
    // move lands; a save with an unknown match fails alone (its other rows
    // are still written, each on its own) and fails no move of its batch.
    async fn thread_rows_saved_among_moves_land_with_them_and_a_bad_one_fails_alone(engine) {
        let url = engine.url("threads-among-moves").await;
        let db = Db::connect(&url).await.unwrap();
        let ps = players(&db, &["a", "b"]).await;
        let mut plays = Vec::new();
        for _ in 0..12 {
            plays.push(Play::start(&db, Variant::Classic, &ps[..], 0).await);
        }
        let ids: Vec<MatchId> = plays.iter().map(|p| p.id).collect();
        let row = |id: MatchId, k: u64| fourbot_store::MatchThread {
            match_id: id,
            thread: 5_000 + id.0 as u64,
            buttons_message: Some(k),
            finished: false,
            archived: false,
        };
        let moves: Vec<_> = plays
            .into_iter()
            .map(|mut p| {
                tokio::spawn(async move {
                    for c in [0, 1, 0, 1] {
                        p.drop_in(c).await;
                    }
                    p
                })
            })
            .collect();
        let saves: Vec<_> = (0..4u64)
            .map(|k| {
                let db = db.clone();
                let mut rows: Vec<_> = ids.iter().map(|&id| row(id, k)).collect();
                if k == 2 {
                    rows.insert(3, row(MatchId(9_999), k));
                }
                tokio::spawn(async move {
                    tokio::task::yield_now().await;
                    db.save_match_threads(&rows).await
                })
            })
            .collect();
        let mut failed = 0;
        for (k, s) in saves.into_iter().enumerate() {
            match s.await.unwrap() {
                Ok(()) => assert_ne!(k, 2),
                Err(e) => {
                    assert_eq!(k, 2, "{e}");
                    failed += 1;
                }
            }
        }
        assert_eq!(failed, 1);
        for t in moves {
            let p = t.await.unwrap();
            let loaded = db.load_match(p.id).await.unwrap();
            assert_eq!(loaded.journal_len, 4);
            assert_eq!(loaded.game.clock(), p.m.clock());
        }
        let loaded = db.match_threads().await.unwrap();
        assert_eq!(loaded.len(), ids.len());
        for t in loaded {
            assert!(ids.contains(&t.thread.match_id));
            assert_eq!(t.thread.thread, 5_000 + t.thread.match_id.0 as u64);
            assert!(t.thread.buttons_message.is_some());
        }
    }
}

/// Issue 33 §5: on SQLite the group commit writes its batches on one
/// connection it keeps (a connection handed back to sqlx's pool costs a
/// ping, a round trip to its worker thread, per batch): after many moves
/// one connection stays out of the pool's idle ones, the same every time,
/// and closing the store still ends (the kept one is given back first).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_batches_keep_one_connection_and_closing_gives_it_back() {
    let engine = fourbot_store::testing::TestEngine::sqlite();
    let url = engine.url("batches-keep-a-connection").await;
    let db = Db::connect(&url).await.unwrap();
    let ps = players(&db, &["a", "b"]).await;
    let mut p = Play::start(&db, Variant::Classic, &ps[..], 0).await;
    let out = |db: &Db| db.pool().size() as usize - db.pool().num_idle();
    for c in [0, 1, 0, 1, 0, 1] {
        p.drop_in(c).await;
        // The pool's idle list is refilled by a task spawned on release.
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        assert_eq!(out(&db), 1, "only the batches' connection is out");
    }
    tokio::time::timeout(std::time::Duration::from_secs(10), db.close())
        .await
        .expect("the store closes");
}
