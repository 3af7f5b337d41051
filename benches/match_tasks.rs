//! Scale of the match tasks (issue 3): 10,000 concurrent match tasks with
//! running clocks in one process. Prints the memory per idle match (goal
//! ≤ 16 KB) and the rate of 100,000 moves spread over them (goal ≥ 50,000
//! moves/s), without storage.
//!
//! Run: `cargo bench --bench match_tasks` (release profile). Not criterion:
//! one measured run that prints its figures, since the memory figure needs a
//! counting allocator and the whole population alive at once.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant as StdInstant;

use fourbot::game::notation::parse_moves;
use fourbot::game::Variant;
use fourbot::host::{spawn_match, MatchHandle};
use fourbot::play::{Action, ClockSettings, Match, MatchSetup, Timestamp};

/// Counts the bytes currently allocated through the global allocator.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(new_size, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const MATCHES: usize = 10_000;
const MOVES_PER_MATCH: usize = 10;
/// The first 12 discs of a drawn classic game: no move ends the game.
const LINE: &str = "begggacadgdd";

fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

async fn play(handle: &MatchHandle, ply: usize, moves: &[fourbot::game::Move]) {
    let seat = fourbot::play::Seating::new(Variant::Classic)
        .turn_order(0)
        .seat_at(ply);
    let action = Action::Move {
        turn: fourbot::play::Turn {
            game: 1,
            ply: ply as u32 + 1,
        },
        mv: moves[ply],
    };
    handle.act(seat, action).await.expect("move applied");
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let moves = parse_moves(LINE, Variant::Classic).unwrap();
    runtime.block_on(async move {
        let before_bytes = LIVE.load(Ordering::Relaxed);
        let before_rss = rss_kib();
        let epoch = tokio::time::Instant::now();
        let mut handles = Vec::with_capacity(MATCHES);
        for _ in 0..MATCHES {
            let m = Match::new(
                MatchSetup::new(Variant::Classic, ClockSettings::default()),
                Timestamp(0),
            )
            .unwrap();
            let spawned = spawn_match(m, epoch);
            handles.push(spawned.handle); // the registry's share; events unsubscribed
        }
        // Both first moves, so that every match has a bank running and a
        // flag deadline armed.
        for ply in 0..2 {
            let mut set = tokio::task::JoinSet::new();
            for h in &handles {
                let (h, moves) = (h.clone(), moves.clone());
                set.spawn(async move { play(&h, ply, &moves).await });
            }
            while set.join_next().await.is_some() {}
        }
        tokio::task::yield_now().await;
        let idle_bytes = LIVE.load(Ordering::Relaxed) - before_bytes;
        let idle_rss = rss_kib().zip(before_rss).map(|(a, b)| a.saturating_sub(b));
        println!("Match tasks: {MATCHES} idle matches with running clocks");
        println!(
            "  heap per idle match: {:.0} bytes ({:.2} KiB; counted by the global allocator)",
            idle_bytes as f64 / MATCHES as f64,
            idle_bytes as f64 / MATCHES as f64 / 1024.0
        );
        if let Some(rss) = idle_rss {
            println!(
                "  RSS growth per idle match: {:.2} KiB ({} MiB in all)",
                rss as f64 / MATCHES as f64,
                rss / 1024
            );
        }

        let start = StdInstant::now();
        let mut set = tokio::task::JoinSet::new();
        for h in &handles {
            let (h, moves) = (h.clone(), moves.clone());
            set.spawn(async move {
                for ply in 2..2 + MOVES_PER_MATCH {
                    play(&h, ply, &moves).await;
                }
            });
        }
        while set.join_next().await.is_some() {}
        let elapsed = start.elapsed();
        let total = MATCHES * MOVES_PER_MATCH;
        println!(
            "  {total} moves over {MATCHES} matches in {:.3} s: {:.0} moves/s (2 worker threads)",
            elapsed.as_secs_f64(),
            total as f64 / elapsed.as_secs_f64()
        );
        let sample = handles[MATCHES / 2].snapshot().await.unwrap();
        assert_eq!(
            sample.current_game().game().moves().len(),
            2 + MOVES_PER_MATCH
        );
        assert!(!sample.is_finished());
    });
}
