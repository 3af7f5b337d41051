//! The wall clock above the core: one handle, [`WallClock`], through which
//! the host, its services and the front ends read Unix time (the
//! `*_unix_ms` of the store, every deadline and expiry shown to players),
//! so that a test can freeze or move it for all of them at once — the
//! role scalachess's `Timestamper` plays for lila's rounds.
//!
//! The core reads no clock (time is passed in); match clocks run on the
//! runtime's monotonic time (`tokio::time`), which tests pause and advance
//! on their own; this clock is for the calendar: when an offer expires,
//! when a tournament starts, when a ban was made.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// "Follow the system clock" in [`WallClock`]'s fixed time.
const SYSTEM: i64 = i64::MIN;

/// A handle on the wall clock. Cheap to clone; every clone reads (and
/// sets) the same time. Follows the system clock until a test sets it.
#[derive(Clone, Debug)]
pub struct WallClock {
    /// The time set by [`WallClock::set_unix_ms`] (ms), or [`SYSTEM`].
    fixed: Arc<AtomicI64>,
}

impl Default for WallClock {
    fn default() -> WallClock {
        WallClock::system()
    }
}

impl WallClock {
    /// A clock that follows the system's.
    pub fn system() -> WallClock {
        WallClock {
            fixed: Arc::new(AtomicI64::new(SYSTEM)),
        }
    }

    /// Milliseconds since 1970-01-01 UTC; 0 if the system clock is before
    /// 1970.
    pub fn unix_ms(&self) -> i64 {
        match self.fixed.load(Ordering::Relaxed) {
            SYSTEM => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_millis() as i64)
                .unwrap_or(0),
            fixed => fixed,
        }
    }

    /// Whole seconds since 1970-01-01 UTC (Discord's timestamps' unit).
    pub fn unix_seconds(&self) -> u64 {
        (self.unix_ms() / 1000).max(0) as u64
    }

    /// The time `after` from now, in Unix milliseconds (an expiry, a
    /// start), saturating.
    pub fn unix_ms_in(&self, after: Duration) -> i64 {
        let after = i64::try_from(after.as_millis()).unwrap_or(i64::MAX);
        self.unix_ms().saturating_add(after)
    }

    /// How long from now until `unix_ms` (zero once it is past).
    pub fn until(&self, unix_ms: i64) -> Duration {
        Duration::from_millis(unix_ms.saturating_sub(self.unix_ms()).max(0) as u64)
    }

    /// Tests: stops the clock at `unix_ms` (for every clone).
    pub fn set_unix_ms(&self, unix_ms: i64) {
        self.fixed.store(unix_ms.max(SYSTEM + 1), Ordering::Relaxed);
    }

    /// Tests: moves the clock `by` forward from where it reads now, and
    /// stops it there.
    pub fn advance(&self, by: Duration) {
        let now = self.unix_ms_in(by);
        self.set_unix_ms(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_clone_reads_the_time_a_test_sets() {
        let clock = WallClock::system();
        let other = clock.clone();
        let before = clock.unix_ms();
        assert!(before > 1_700_000_000_000, "the system's time: {before}");
        clock.set_unix_ms(61_000);
        assert_eq!(other.unix_ms(), 61_000);
        assert_eq!(other.unix_seconds(), 61);
        other.advance(Duration::from_secs(4));
        assert_eq!(clock.unix_ms(), 65_000);
        assert_eq!(clock.unix_ms_in(Duration::from_millis(500)), 65_500);
        assert_eq!(clock.until(66_000), Duration::from_secs(1));
        assert_eq!(clock.until(1_000), Duration::ZERO);
        // A clock of its own is not moved.
        assert!(WallClock::system().unix_ms() >= before);
    }
}
