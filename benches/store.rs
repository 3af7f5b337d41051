//! Store benchmark (figures in docs/benchmarks.md, "Store"):
//!
//! 1. Durable moves per second into SQLite from 100 concurrent matches: 100
//!    tokio tasks, one per match, each applying a move and awaiting
//!    `Db::record_events` (committed) before the next — what a match task
//!    does before it announces a move. Goal ≥ 2,000 moves/s.
//! 2. The leaderboard query (top 10 and top 100) over a pool of 100,000
//!    rated players, some banned. Goal ≤ 20 ms.
//!
//! Run: `cargo bench --bench store` (a plain `main`, no criterion: the
//! figures are throughput and latency percentiles of whole operations).

use std::time::{Duration, Instant};

use fourbot::game::{Move, Variant};
use fourbot::play::{Action, ClockSettings, Match, MatchSetup, Timestamp};
use fourbot::store::{Db, Durability, NewMatch, PlayerId};

const MATCHES: usize = 100;
/// Plies per match: the column-filling pattern below never ends a classic
/// game before ply 19.
const PLIES: usize = 18;
const ROUNDS: usize = 3;
const PLAYERS: i64 = 100_000;

fn temp_url(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("fourbot-bench-{name}-{}.db", std::process::id()));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
    }
    format!("sqlite://{}", path.display())
}

async fn moves_per_second(durability: Durability) -> (usize, Duration) {
    let db = Db::connect_with(&temp_url("moves"), durability)
        .await
        .unwrap();
    let mut players = Vec::new();
    for i in 0..2 * MATCHES {
        players.push(db.named_player(&format!("p{i}")).await.unwrap());
    }
    let started = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..MATCHES {
        let db = db.clone();
        let seats = vec![players[2 * i], players[2 * i + 1]];
        tasks.push(tokio::spawn(async move {
            let mut moves = 0;
            for _ in 0..ROUNDS {
                let setup = MatchSetup::new(Variant::Classic, ClockSettings::default());
                let mut m = Match::new(setup, Timestamp::ZERO).unwrap();
                let new = NewMatch {
                    guild: 1,
                    players: seats.clone(),
                    epoch_unix_ms: 0,
                    ..NewMatch::default()
                };
                let id = db.create_match(&new, &m).await.unwrap();
                let events: Vec<_> = m.drain_events().collect();
                db.record_events(id, &m, &events).await.unwrap();
                for ply in 0..PLIES {
                    let seat = m.to_move().unwrap();
                    let turn = m.turn().unwrap();
                    let action = Action::Move {
                        turn,
                        mv: Move::Drop((ply / 6) as u8),
                    };
                    m.apply(seat, action, Timestamp(ply as u64 * 1000 + 500))
                        .unwrap();
                    let events: Vec<_> = m.drain_events().collect();
                    db.record_events(id, &m, &events).await.unwrap();
                    moves += 1;
                }
            }
            moves
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.unwrap();
    }
    let elapsed = started.elapsed();
    db.close().await;
    (total, elapsed)
}

async fn leaderboard_latency() -> Vec<(u32, Duration, Duration, Duration)> {
    let db = Db::connect(&temp_url("ladder")).await.unwrap();
    let mut tx = db.pool().begin().await.unwrap();
    sqlx::query("INSERT INTO guilds (id) VALUES (1)")
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO rating_pools (id, guild_id, variant, season, system)
         VALUES (1, 1, 'classic', 1, 'glicko2')",
    )
    .execute(&mut *tx)
    .await
    .unwrap();
    for i in 1..=PLAYERS {
        sqlx::query("INSERT INTO players (id, discord_id, name) VALUES (?, ?, ?)")
            .bind(i)
            .bind(1_000_000 + i)
            .bind(format!("player{i}"))
            .execute(&mut *tx)
            .await
            .unwrap();
        // A spread of ratings, RDs and match counts (deterministic).
        let rating = 800.0 + ((i * 7919) % 1_600) as f64 + (i % 10) as f64 / 10.0;
        let deviation = 45.0 + ((i * 31) % 300) as f64;
        sqlx::query(
            "INSERT INTO ratings (pool_id, player_id, rating, deviation, volatility, score,
                 matches, last_unix_ms) VALUES (1, ?, ?, ?, 0.06, ?, ?, 0)",
        )
        .bind(i)
        .bind(rating)
        .bind(deviation)
        .bind(rating)
        .bind(i % 97)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    // Ban a few of the best.
    let best: Vec<i64> =
        sqlx::query_scalar("SELECT player_id FROM ratings ORDER BY score DESC LIMIT 50")
            .fetch_all(&mut *tx)
            .await
            .unwrap();
    for p in best.iter().step_by(5) {
        sqlx::query("INSERT INTO bans (guild_id, player_id, banned_unix_ms) VALUES (1, ?, 0)")
            .bind(p)
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    sqlx::query("ANALYZE").execute(db.pool()).await.unwrap();
    let mut out = Vec::new();
    for top in [10u32, 100] {
        let mut times = Vec::new();
        for _ in 0..200 {
            let t = Instant::now();
            let board = db
                .leaderboard(1, Variant::Classic, None, top, 0)
                .await
                .unwrap();
            times.push(t.elapsed());
            assert_eq!(board.len(), top as usize);
        }
        times.sort();
        out.push((
            top,
            times[times.len() / 2],
            times[times.len() * 99 / 100],
            *times.last().unwrap(),
        ));
    }
    // A rating card (rank counted among 100,000) for players at the top,
    // middle and bottom.
    let mut card_times = Vec::new();
    for player in [best[0], 50_000, 99_999] {
        for _ in 0..20 {
            let t = Instant::now();
            let card = db.rating_card(1, PlayerId(player), 0).await.unwrap();
            card_times.push(t.elapsed());
            assert_eq!(card.len(), 1);
        }
    }
    card_times.sort();
    println!(
        "rating card among {PLAYERS} players: median {:.2} ms, max {:.2} ms",
        card_times[card_times.len() / 2].as_secs_f64() * 1e3,
        card_times.last().unwrap().as_secs_f64() * 1e3
    );
    db.close().await;
    out
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        for (name, durability) in [
            ("synchronous=FULL (default)", Durability::Full),
            ("synchronous=NORMAL", Durability::Normal),
        ] {
            let (moves, elapsed) = moves_per_second(durability).await;
            println!(
                "durable moves, {MATCHES} concurrent matches, {name}: {moves} moves in {:.2} s = {:.0} moves/s",
                elapsed.as_secs_f64(),
                moves as f64 / elapsed.as_secs_f64()
            );
        }
        for (top, median, p99, max) in leaderboard_latency().await {
            println!(
                "leaderboard top {top} of {PLAYERS} players: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                median.as_secs_f64() * 1e3,
                p99.as_secs_f64() * 1e3,
                max.as_secs_f64() * 1e3
            );
        }
    });
}
