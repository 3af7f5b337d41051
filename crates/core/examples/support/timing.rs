//! Timing shared by the solver examples (`analyze_time`, `level5_time`):
//! CPU time of the thread and a p50 / p99 / max summary.

use std::time::Duration;

/// CPU time of this thread (`CLOCK_THREAD_CPUTIME_ID`): unlike the wall
/// clock, not stretched by other processes on a loaded machine.
pub fn cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes one timespec into `ts`.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Prints p50 / p99 / max of wall-clock times and of CPU times.
pub fn summary(label: &str, times: &[(Duration, Duration)]) {
    if times.is_empty() {
        return;
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut wall: Vec<Duration> = times.iter().map(|t| t.0).collect();
    let mut cpu: Vec<Duration> = times.iter().map(|t| t.1).collect();
    wall.sort();
    cpu.sort();
    let q = |v: &[Duration], f: f64| v[((v.len() - 1) as f64 * f).round() as usize];
    println!(
        "{label}: n {} wall p50 {:.1} p99 {:.1} max {:.1} ms; cpu p50 {:.1} p99 {:.1} max {:.1} ms",
        times.len(),
        ms(q(&wall, 0.5)),
        ms(q(&wall, 0.99)),
        ms(*wall.last().unwrap()),
        ms(q(&cpu, 0.5)),
        ms(q(&cpu, 0.99)),
        ms(*cpu.last().unwrap()),
    );
}
