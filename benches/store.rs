//! Store benchmark (figures in docs/benchmarks.md, "Store"):
//!
//! 1. Durable moves per second from 100 concurrent matches: 100 tokio
//!    tasks, one per match, each applying a move and awaiting
//!    `Db::record_events` (committed) before the next — what a match task
//!    does before it announces a move — and the latency of each of those
//!    calls (the commit a player waits for: median, p99, max). Goal ≥ 2,000
//!    moves/s.
//! 2. The leaderboard query (top 10 and top 100) over a pool of 100,000
//!    rated players, some banned. Goal ≤ 20 ms.
//!
//! Each on SQLite (a file in the temp directory) and, when
//! `FOURBOT_TEST_POSTGRES_URL` names a server (tests/README.md), on
//! PostgreSQL (a fresh database on it), one after the other in one run.
//!
//! Run: `cargo bench --bench store` (a plain `main`, no criterion: the
//! figures are throughput and latency percentiles of whole operations).

use std::time::{Duration, Instant};

use fourbot::game::{Move, Variant};
use fourbot::play::{Action, ClockSettings, Match, MatchSetup, Timestamp};
use fourbot::store::{Db, Durability, Engine, NewMatch, PlayerId};
use fourbot_store::testing::TestEngine;

const MATCHES: usize = 100;
/// Plies per match: the column-filling pattern below never ends a classic
/// game before ply 19.
const PLIES: usize = 18;
const ROUNDS: usize = 3;
const PLAYERS: i64 = 100_000;

/// Moves recorded, the time they took, and every `record_events` call's
/// latency.
async fn moves_per_second(url: &str, durability: Durability) -> (usize, Duration, Vec<Duration>) {
    let db = Db::connect_with(url, durability).await.unwrap();
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
            let mut latencies = Vec::new();
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
                    let t = Instant::now();
                    db.record_events(id, &m, &events).await.unwrap();
                    latencies.push(t.elapsed());
                }
            }
            latencies
        }));
    }
    let mut latencies = Vec::new();
    for t in tasks {
        latencies.extend(t.await.unwrap());
    }
    let elapsed = started.elapsed();
    db.close().await;
    latencies.sort();
    (latencies.len(), elapsed, latencies)
}

async fn leaderboard_latency(url: &str) -> Vec<(u32, Duration, Duration, Duration)> {
    let db = Db::connect(url).await.unwrap();
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
        sqlx::query("INSERT INTO players (id, discord_id, name) VALUES ($1, $2, $3)")
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
                 matches, last_unix_ms) VALUES (1, $1, $2, $3, 0.06, $4, $5, 0)",
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
        sqlx::query("INSERT INTO bans (guild_id, player_id, banned_unix_ms) VALUES (1, $1, 0)")
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
        "{:?}: rating card among {PLAYERS} players: median {:.2} ms, max {:.2} ms",
        db.engine(),
        card_times[card_times.len() / 2].as_secs_f64() * 1e3,
        card_times.last().unwrap().as_secs_f64() * 1e3
    );
    db.close().await;
    out
}

/// How `durability` is set on `engine`.
fn durability_name(engine: Engine, durability: Durability) -> &'static str {
    match (engine, durability) {
        (Engine::Sqlite, Durability::Full) => "synchronous=FULL (default)",
        (Engine::Sqlite, Durability::Normal) => "synchronous=NORMAL",
        (Engine::Postgres, Durability::Full) => "synchronous_commit=on (default)",
        (Engine::Postgres, Durability::Normal) => "synchronous_commit=off",
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut engines = vec![TestEngine::sqlite()];
    engines.extend(TestEngine::postgres());
    rt.block_on(async {
        for engine in &engines {
            let label = format!("{:?}", engine.engine());
            for durability in [Durability::Full, Durability::Normal] {
                let url = engine.url("bench-moves").await;
                let (moves, elapsed, latencies) = moves_per_second(&url, durability).await;
                let at = |q: usize| latencies[(latencies.len() * q / 100).min(latencies.len() - 1)];
                println!(
                    "{label}: durable moves, {MATCHES} concurrent matches, {}: {moves} moves in {:.2} s = {:.0} moves/s; record_events (commit) median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                    durability_name(engine.engine(), durability),
                    elapsed.as_secs_f64(),
                    moves as f64 / elapsed.as_secs_f64(),
                    ms(at(50)),
                    ms(at(99)),
                    ms(at(100)),
                );
            }
            let url = engine.url("bench-ladder").await;
            for (top, median, p99, max) in leaderboard_latency(&url).await {
                println!(
                    "{label}: leaderboard top {top} of {PLAYERS} players: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                    ms(median),
                    ms(p99),
                    ms(max)
                );
            }
        }
    });
}
