//! Names per server (issue 32 §2, docs/store.md "Names per server"), on
//! both engines: a player's nickname in one server is that server's name
//! for them and shows in no other server's leaderboard, card, history,
//! match, rated list or player lookup; a server without one shows the
//! player's own name; the migration seeds each server with the name its
//! own challenges last seated the player under.

use fourbot_core::game::Variant;
use fourbot_core::play::{Action, ClockSettings, MatchSetup, Seat, TimeControl};
use fourbot_store::{ChallengeKind, ChallengeSeat, Db, MatchId, NewChallenge, PlayerId};

use crate::queries::Play;

/// Server A, where xavier is "Alpha".
const A: u64 = 1;
/// Server B, where he has no nickname.
const B: u64 = 2;

/// A finished rated classic match in `guild`, `p[0]` winning: both move,
/// then `p[1]` resigns.
async fn rated(db: &Db, guild: u64, p: [PlayerId; 2], epoch: i64) -> MatchId {
    let setup = MatchSetup::new(Variant::Classic, ClockSettings::new(TimeControl::DEFAULT));
    let mut m = Play::start_with(db, setup, guild, &p, epoch).await;
    m.everyone_moves().await;
    m.act(Seat::P2, Action::ResignMatch).await;
    m.id
}

/// A challenge in `guild` made at `at`, its seats the players with the
/// names they were seated under (an AI seat with a level).
fn challenge(guild: u64, at: i64, seats: &[(PlayerId, &str, Option<u8>)]) -> NewChallenge {
    NewChallenge {
        kind: ChallengeKind::Challenge,
        guild,
        channel: 10 + guild,
        message: None,
        challenger: seats[0].0,
        variant: Variant::Classic,
        clock: ClockSettings::new(TimeControl::DEFAULT),
        color: None,
        seats: seats
            .iter()
            .map(|(p, name, ai)| ChallengeSeat {
                player: Some(*p),
                name: Some(name.to_string()),
                ai_level: *ai,
                accepted: true,
            })
            .collect(),
        locale: None,
        text: String::new(),
        token: None,
        created_unix_ms: at,
        expires_unix_ms: at + 600_000,
    }
}

fourbot_store::engine_tests! {
    async fn a_nickname_is_its_servers_name_and_shows_nowhere_else(engine) {
        let db = engine.db().await;
        // Xavier acts in A with the nickname Alpha and in B with none;
        // carol plays him in A, bob in B.
        let x = db.discord_member(A, 31, "xavier", Some("Alpha")).await.unwrap();
        assert_eq!(db.discord_member(B, 31, "xavier", None).await.unwrap(), x);
        let carol = db.discord_member(A, 33, "carol", None).await.unwrap();
        let bob = db.discord_member(B, 32, "bob", None).await.unwrap();
        let in_a = rated(&db, A, [x, carol], 1_000).await;
        let in_b = rated(&db, B, [x, bob], 2_000).await;

        // The one name each server shows; the shell's (0) and a server that
        // never saw him show his own name.
        for (guild, name) in [(A, "Alpha"), (B, "xavier"), (0, "xavier"), (3, "xavier")] {
            assert_eq!(db.player_name(guild, x).await.unwrap(), name, "server {guild}");
            assert_eq!(db.player_info(guild, x).await.unwrap().name, name, "server {guild}");
        }

        // Every read that shows names for a server.
        let now = 10_000;
        let names = |l: Vec<fourbot_store::LadderEntry>| {
            l.into_iter().map(|e| e.name).collect::<Vec<_>>()
        };
        assert_eq!(
            names(db.leaderboard(A, Variant::Classic, None, 10, now).await.unwrap()),
            ["Alpha", "carol"]
        );
        assert_eq!(
            names(db.leaderboard(B, Variant::Classic, None, 10, now).await.unwrap()),
            ["xavier", "bob"]
        );
        let card = |guild| {
            let db = db.clone();
            async move { db.rating_card(guild, x, now).await.unwrap()[0].1.name.clone() }
        };
        assert_eq!(card(A).await, "Alpha");
        assert_eq!(card(B).await, "xavier");
        assert_eq!(db.match_history(carol, A, 10).await.unwrap()[0].opponents, ["Alpha"]);
        assert_eq!(db.match_history(bob, B, 10).await.unwrap()[0].opponents, ["xavier"]);
        let seats = |id| {
            let db = db.clone();
            async move {
                db.match_detail(id)
                    .await
                    .unwrap()
                    .seats
                    .into_iter()
                    .map(|s| s.name)
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(seats(in_a).await, ["Alpha", "carol"]);
        assert_eq!(seats(in_b).await, ["xavier", "bob"]);
        assert_eq!(db.recent_rated_matches(A, 5).await.unwrap()[0].players, ["Alpha", "carol"]);
        assert_eq!(db.recent_rated_matches(B, 5).await.unwrap()[0].players, ["xavier", "bob"]);
        let setup = MatchSetup::new(Variant::Classic, ClockSettings::new(TimeControl::DEFAULT));
        Play::start_with(&db, setup, B, &[bob, x], 3_000).await;
        let running = db.running_matches_of(bob).await.unwrap();
        assert_eq!(running[0].opponents, ["xavier"]);

        // His own name follows Discord everywhere but where a nickname
        // stands; a changed nickname replaces A's name; acting in A without
        // one gives A his own name again. Only a member's data changes a
        // server's name: a user seen without it (discord_player) leaves it.
        db.discord_member(B, 31, "Xavier X", None).await.unwrap();
        assert_eq!(db.player_name(A, x).await.unwrap(), "Alpha");
        assert_eq!(db.player_name(B, x).await.unwrap(), "Xavier X");
        db.discord_member(A, 31, "Xavier X", Some("Alpha 2")).await.unwrap();
        assert_eq!(db.player_name(A, x).await.unwrap(), "Alpha 2");
        db.discord_player(31, "xavier").await.unwrap();
        assert_eq!(db.player_name(A, x).await.unwrap(), "Alpha 2");
        assert_eq!(db.player_name(B, x).await.unwrap(), "xavier");
        db.discord_member(A, 31, "xavier", None).await.unwrap();
        assert_eq!(db.player_name(A, x).await.unwrap(), "xavier");
        // The shell's server keeps no nicknames.
        db.discord_member(0, 31, "xavier", Some("Zero")).await.unwrap();
        assert_eq!(db.player_name(0, x).await.unwrap(), "xavier");
    }

    async fn the_migration_seeds_each_server_with_its_last_seated_name(engine) {
        // A database of schema version 5: the players' one name is the
        // name of the server they last acted in ("Alpha 2", A's).
        let url = engine.url("names-migration").await;
        let db = Db::connect(&url).await.unwrap();
        let x = db.discord_player(31, "Alpha 2").await.unwrap();
        let bob = db.discord_player(32, "bob").await.unwrap();
        let ai = db.bot_player().await.unwrap();
        let imported = db.named_player("imp").await.unwrap();
        for c in [
            challenge(A, 1_000, &[(x, "Alpha", None), (bob, "bob", None)]),
            challenge(B, 2_000, &[(bob, "Bee", None), (x, "xavier", None)]),
            challenge(A, 3_000, &[(x, "Alpha 2", None), (ai, "fourbot", Some(3))]),
            challenge(A, 4_000, &[(imported, "imp", None), (bob, "bob", None)]),
        ] {
            db.create_challenge(&c).await.unwrap();
        }
        sqlx::query("DROP TABLE server_names").execute(db.pool()).await.unwrap();
        sqlx::query("DELETE FROM _sqlx_migrations WHERE version = 7")
            .execute(db.pool())
            .await
            .unwrap();
        db.close().await;

        // Version 7 applied: each server shows what its own challenges
        // last seated each Discord player under.
        let db = Db::connect(&url).await.unwrap();
        assert_eq!(db.player_name(A, x).await.unwrap(), "Alpha 2");
        assert_eq!(db.player_name(B, x).await.unwrap(), "xavier");
        assert_eq!(db.player_name(A, bob).await.unwrap(), "bob");
        assert_eq!(db.player_name(B, bob).await.unwrap(), "Bee");
        // A server that seated him nowhere shows the stored one name until
        // he acts again (then his own name).
        assert_eq!(db.player_name(3, x).await.unwrap(), "Alpha 2");
        db.discord_member(A, 31, "xavier", Some("Alpha 2")).await.unwrap();
        assert_eq!(db.player_name(3, x).await.unwrap(), "xavier");
        // No server name for the AI or an imported player.
        let rows: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM server_names WHERE player_id = $1 OR player_id = $2",
        )
        .bind(ai.0)
        .bind(imported.0)
        .fetch_one(db.pool())
        .await
        .unwrap();
        assert_eq!(rows, 0);
        assert_eq!(db.player_name(A, imported).await.unwrap(), "imp");
    }
}
