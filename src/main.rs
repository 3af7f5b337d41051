//! The `fourbot` binary: parses the command line and hands over to [`fourbot::run`].

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    one_malloc_arena();
    let cli = fourbot::Cli::parse();
    fourbot::run(cli)
}

/// Makes glibc's malloc keep one arena for all threads (`mallopt(3)`,
/// `M_ARENA_MAX`), before any thread starts. By default every thread that
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
