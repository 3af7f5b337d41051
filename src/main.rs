//! The `fourbot` binary: parses the command line and hands over to [`fourbot::run`].

use std::process::ExitCode;

use clap::Parser;

/// The bot's Rust allocations go to jemalloc, not glibc's malloc. With
/// glibc the resident memory after 10,000 finished matches stayed
/// 1.165–1.183 × what it was after a warm-up of 200, also once what is
/// kept for a time was pruned: glibc held 9.42 MiB free that it had taken
/// and did not give back (the bytes in use were 2.58 MiB above the
/// warm-up's). jemalloc gives unused pages back (its decay): with the
/// options below, 1.067 × after the 10,000 and 1.029 × 14 minutes later,
/// and 16.3–22.3 % less CPU per move; mimalloc held more
/// (docs/benchmarks.md, "The allocator"). C code (SQLite) still allocates
/// with glibc's malloc, hence [`one_malloc_arena`].
#[global_allocator]
static ALLOC: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's options, read when it starts (its `malloc_conf`; the
/// environment's `_RJEM_MALLOC_CONF` is applied over them): one arena, as
/// glibc's below, and a background thread that gives the unused pages
/// back. With jemalloc's defaults (eight arenas on two cores, the pages
/// given back by the threads that allocate) the load run's peak memory was
/// 20–24 % above glibc's and its p99 latencies 2.3–4.7 times glibc's
/// (docs/benchmarks.md, "The allocator, back to back").
#[export_name = "_rjem_malloc_conf"]
static JEMALLOC_CONF: &[u8; 33] = b"background_thread:true,narenas:1\0";

fn main() -> ExitCode {
    one_malloc_arena();
    let cli = fourbot::Cli::parse();
    fourbot::run(cli)
}

/// Makes glibc's malloc keep one arena for all threads (`mallopt(3)`,
/// `M_ARENA_MAX`), before any thread starts. The bot's own allocations go
/// to jemalloc (above); this is for what C code allocates through malloc:
/// SQLite, from the connections' threads. By default every thread that
/// meets a busy arena gets one of its own (up to eight per core), and the
/// memory freed in one arena is not reused by the others: with a thousand
/// matches, the runtime's workers and the store's thread made the bot's
/// peak memory 20 % larger (docs/benchmarks.md, issue 18) for no
/// measurable speed. `MALLOC_ARENA_MAX` in the environment still wins
/// over this (glibc reads it when malloc starts, before `main`, and this
/// call is skipped when it is set).
fn one_malloc_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: mallopt only sets a tunable of glibc's allocator; it is
        // called before any other thread exists.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 1);
        }
    }
}
