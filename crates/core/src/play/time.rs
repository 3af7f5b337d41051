//! Time in the match domain: timestamps, the `base+inc` time control and the
//! clock settings (abort window, grace period) of docs/rules.md §4.
//!
//! The domain never reads a clock. Every method that depends on time takes
//! `now`: a [`Timestamp`], a whole number of milliseconds since an epoch the
//! caller chooses (the host uses the moment it created the match). Durations
//! (banks, increments, windows) are plain `u64` milliseconds, named `*_ms`.

use std::fmt;
use std::str::FromStr;

/// A point in time: milliseconds since the epoch chosen by the caller (the
/// host: the moment the match was created; the script: time 0 of the script).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(pub u64);

impl Timestamp {
    /// The epoch itself.
    pub const ZERO: Timestamp = Timestamp(0);

    /// The timestamp `ms` milliseconds after the epoch.
    pub const fn from_millis(ms: u64) -> Timestamp {
        Timestamp(ms)
    }

    /// Milliseconds since the epoch.
    pub const fn as_millis(self) -> u64 {
        self.0
    }

    /// This timestamp plus `ms` milliseconds (saturating at `u64::MAX`).
    pub const fn plus(self, ms: u64) -> Timestamp {
        Timestamp(self.0.saturating_add(ms))
    }

    /// Milliseconds from `earlier` to `self`; 0 when `earlier` is later.
    pub const fn since(self, earlier: Timestamp) -> u64 {
        self.0.saturating_sub(earlier.0)
    }
}

impl fmt::Display for Timestamp {
    /// The milliseconds as a plain number (the script's time column).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One minute in milliseconds.
pub const MINUTE_MS: u64 = 60_000;
/// One second in milliseconds.
pub const SECOND_MS: u64 = 1_000;
/// One day in milliseconds.
pub const DAY_MS: u64 = 24 * 60 * MINUTE_MS;

/// A Fischer time control `base+inc` (docs/rules.md §4): a bank of `base` minutes
/// for the whole match and `inc` seconds added after every move that does not
/// end a game.
///
/// Accepted: base 1 minute ..= 7 days (10080 minutes), increment 0 ..= 1 day
/// (86400 seconds). Presets: 3+2, 5+5, 10+10 (the default), 30+30.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    base_ms: u64,
    increment_ms: u64,
}

impl TimeControl {
    /// Smallest base: 1 minute.
    pub const MIN_BASE_MINUTES: u64 = 1;
    /// Largest base: 7 days in minutes.
    pub const MAX_BASE_MINUTES: u64 = 7 * 24 * 60;
    /// Largest increment: 1 day in seconds.
    pub const MAX_INCREMENT_SECONDS: u64 = 24 * 60 * 60;

    /// The preset 3+2.
    pub const BLITZ: TimeControl = TimeControl::preset(3, 2);
    /// The preset 5+5.
    pub const RAPID: TimeControl = TimeControl::preset(5, 5);
    /// The preset 10+10, the default.
    pub const DEFAULT: TimeControl = TimeControl::preset(10, 10);
    /// The preset 30+30.
    pub const CLASSICAL: TimeControl = TimeControl::preset(30, 30);
    /// The presets offered in commands, fastest first.
    pub const PRESETS: [TimeControl; 4] = [
        TimeControl::BLITZ,
        TimeControl::RAPID,
        TimeControl::DEFAULT,
        TimeControl::CLASSICAL,
    ];

    const fn preset(base_minutes: u64, increment_seconds: u64) -> TimeControl {
        TimeControl {
            base_ms: base_minutes * MINUTE_MS,
            increment_ms: increment_seconds * SECOND_MS,
        }
    }

    /// A time control of `base_minutes` minutes plus `increment_seconds`
    /// seconds per move.
    ///
    /// # Errors
    /// [`TimeControlError::BaseOutOfRange`] unless 1 ≤ base ≤ 10080 minutes;
    /// [`TimeControlError::IncrementOutOfRange`] unless inc ≤ 86400 seconds.
    pub fn new(base_minutes: u64, increment_seconds: u64) -> Result<TimeControl, TimeControlError> {
        if !(Self::MIN_BASE_MINUTES..=Self::MAX_BASE_MINUTES).contains(&base_minutes) {
            return Err(TimeControlError::BaseOutOfRange { base_minutes });
        }
        if increment_seconds > Self::MAX_INCREMENT_SECONDS {
            return Err(TimeControlError::IncrementOutOfRange { increment_seconds });
        }
        Ok(TimeControl::preset(base_minutes, increment_seconds))
    }

    /// This control with bank and increment divided by `divisor` (at least
    /// 1 ms of bank is kept; a divisor of 0 counts as 1). Only for tests
    /// that need a flag within seconds (`FOURBOT_TEST_TIME_SCALE`); such a
    /// control is below docs/rules.md §4's range and prints as `0+0`.
    pub const fn scaled_down(self, divisor: u64) -> TimeControl {
        let d = if divisor == 0 { 1 } else { divisor };
        let base = self.base_ms / d;
        TimeControl {
            base_ms: if base == 0 { 1 } else { base },
            increment_ms: self.increment_ms / d,
        }
    }

    /// The control of a stored match, exactly as recorded: a bank of
    /// `base_ms` and an increment of `increment_ms` (both in ms), without
    /// the range check of [`TimeControl::new`], so that a match started
    /// under `FOURBOT_TEST_TIME_SCALE` ([`TimeControl::scaled_down`]) can
    /// be rebuilt after a restart. `None` for a bank of 0 ms (no match has
    /// one).
    pub const fn from_stored_ms(base_ms: u64, increment_ms: u64) -> Option<TimeControl> {
        if base_ms == 0 {
            return None;
        }
        Some(TimeControl {
            base_ms,
            increment_ms,
        })
    }

    /// The bank each player starts the match with, in ms.
    pub const fn base_ms(self) -> u64 {
        self.base_ms
    }

    /// The Fischer increment, in ms.
    pub const fn increment_ms(self) -> u64 {
        self.increment_ms
    }
}

impl Default for TimeControl {
    /// 10+10 (docs/rules.md §4).
    fn default() -> Self {
        TimeControl::DEFAULT
    }
}

impl fmt::Display for TimeControl {
    /// `base+inc`, base in minutes and inc in seconds: `10+10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base_ms / MINUTE_MS,
            self.increment_ms / SECOND_MS
        )
    }
}

/// Why a text is not an acceptable time control.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not of the form `base+inc` with two whole numbers.
    #[error("\"{0}\" is not a time control: write base minutes + increment seconds, e.g. 10+10")]
    Malformed(String),
    /// The base is outside 1 minute ..= 7 days.
    #[error("a base of {base_minutes} minutes is not allowed: choose 1 to 10080 minutes (7 days)")]
    BaseOutOfRange {
        /// The base asked for, in minutes.
        base_minutes: u64,
    },
    /// The increment is above 1 day.
    #[error("an increment of {increment_seconds} seconds is not allowed: choose 0 to 86400 seconds (1 day)")]
    IncrementOutOfRange {
        /// The increment asked for, in seconds.
        increment_seconds: u64,
    },
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `base+inc` (`10+10`; spaces around `+` allowed).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let malformed = || TimeControlError::Malformed(s.to_string());
        let (base, inc) = s.split_once('+').ok_or_else(malformed)?;
        let number = |t: &str| -> Result<u64, TimeControlError> {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            // Too many digits for u64 is certainly out of range.
            Ok(t.parse().unwrap_or(u64::MAX))
        };
        TimeControl::new(number(base)?, number(inc)?)
    }
}

/// The clock settings of a match: the time control plus the server's abort
/// window and grace period (docs/rules.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockSettings {
    /// Bank and increment.
    pub control: TimeControl,
    /// How long a player may take over their first move of the match, counted
    /// from the start of that first turn, before the match is aborted (ms;
    /// default 3 minutes).
    pub abort_ms: u64,
    /// How long the clocks stand still after a game ends before the banks of
    /// players who have not pressed Ready start to run (ms; default 60 s).
    pub grace_ms: u64,
}

impl ClockSettings {
    /// The default abort window: 3 minutes.
    pub const DEFAULT_ABORT_MS: u64 = 3 * MINUTE_MS;
    /// The default grace period between games: 60 seconds.
    pub const DEFAULT_GRACE_MS: u64 = 60 * SECOND_MS;

    /// `control` with the default abort window and grace period.
    pub const fn new(control: TimeControl) -> ClockSettings {
        ClockSettings {
            control,
            abort_ms: Self::DEFAULT_ABORT_MS,
            grace_ms: Self::DEFAULT_GRACE_MS,
        }
    }

    /// The longest a match under these settings can go without a move or
    /// a message (ms): one turn, which lasts at most the mover's bank —
    /// the base and an increment for each of the `moves` a player can
    /// have made by then — after the grace between games; or the abort
    /// window of the first move, if longer (docs/rules.md §4). A front
    /// end keeps the match's place open at least this long.
    pub const fn longest_quiet_ms(&self, moves: u64) -> u64 {
        let bank = self
            .control
            .base_ms
            .saturating_add(self.control.increment_ms.saturating_mul(moves));
        let turn = self.grace_ms.saturating_add(bank);
        if self.abort_ms > turn {
            self.abort_ms
        } else {
            turn
        }
    }
}

impl Default for ClockSettings {
    /// 10+10, abort window 3 minutes, grace 60 s.
    fn default() -> Self {
        ClockSettings::new(TimeControl::DEFAULT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_quiet_is_a_full_bank_after_the_grace_or_the_abort_window() {
        let blitz = ClockSettings::new(TimeControl::preset(3, 2));
        // 60 s grace + 3 min + 42 increments of 2 s.
        assert_eq!(blitz.longest_quiet_ms(42), 60_000 + 180_000 + 84_000);
        let bullet = ClockSettings {
            abort_ms: 10 * MINUTE_MS,
            ..ClockSettings::new(TimeControl::preset(1, 0))
        };
        assert_eq!(
            bullet.longest_quiet_ms(42),
            10 * MINUTE_MS,
            "the abort window"
        );
        let days = ClockSettings::new(TimeControl::new(3 * 24 * 60, 24 * 60 * 60).unwrap());
        assert_eq!(days.longest_quiet_ms(u64::MAX), u64::MAX, "saturates");
    }

    #[test]
    fn presets_read_and_print_as_written() {
        for text in ["3+2", "5+5", "10+10", "30+30"] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
        }
        assert_eq!(TimeControl::default(), "10+10".parse().unwrap());
        assert_eq!(TimeControl::DEFAULT.base_ms(), 600_000);
        assert_eq!(TimeControl::DEFAULT.increment_ms(), 10_000);
    }

    #[test]
    fn the_extremes_are_accepted() {
        let slow: TimeControl = "10080+86400".parse().unwrap();
        assert_eq!(slow.base_ms(), 7 * DAY_MS);
        assert_eq!(slow.increment_ms(), DAY_MS);
        let fast: TimeControl = " 1 + 0 ".parse().unwrap();
        assert_eq!(fast.base_ms(), MINUTE_MS);
        assert_eq!(fast.increment_ms(), 0);
    }

    #[test]
    fn out_of_range_and_malformed_controls_are_refused_with_a_reason() {
        assert_eq!(
            "0+5".parse::<TimeControl>(),
            Err(TimeControlError::BaseOutOfRange { base_minutes: 0 })
        );
        assert_eq!(
            "10081+0".parse::<TimeControl>(),
            Err(TimeControlError::BaseOutOfRange {
                base_minutes: 10081
            })
        );
        assert_eq!(
            "10+86401".parse::<TimeControl>(),
            Err(TimeControlError::IncrementOutOfRange {
                increment_seconds: 86401
            })
        );
        for bad in ["10", "10+", "+5", "a+b", "1.5+2", "-1+2", "10+10+10"] {
            assert!(
                matches!(
                    bad.parse::<TimeControl>(),
                    Err(TimeControlError::Malformed(_))
                ),
                "{bad}"
            );
        }
        assert!(matches!(
            "99999999999999999999999+0".parse::<TimeControl>(),
            Err(TimeControlError::BaseOutOfRange { .. })
        ));
    }
}
