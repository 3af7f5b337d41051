//! The match clock of docs/rules.md §4 as a value: every method takes `now` and
//! nothing ever sleeps. The host asks [`Clock::expiry`] when to wake up and
//! the match applies the flag or abort at exactly that instant.
//!
//! Rules implemented here:
//! - one bank per seat for the whole match (it carries over between games);
//! - the mover's bank runs during their turn, and a move that does not end
//!   the game earns the Fischer increment; a game-ending move earns none;
//! - a player's first move of the match is neither charged nor given the
//!   increment; instead that first turn may last at most the abort window;
//! - between games the clocks stand still for the grace period, then the bank
//!   of every seat not yet ready runs (several at once);
//! - stopping the clock (resign, flag, game end) charges the running time
//!   with no increment;
//! - a bank never goes below zero; all arithmetic is in whole milliseconds.

use super::seat::Seat;
use super::time::{ClockSettings, Timestamp};

/// What runs at the moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Running {
    /// Nothing runs (before the match, or after it).
    Stopped,
    /// `seat` is to move since `since`. If `seat` has not made its first move
    /// of the match, its bank does not run and the abort window applies.
    Turn {
        /// The mover.
        seat: Seat,
        /// When the turn began.
        since: Timestamp,
    },
    /// A game ended at `ended_at`; after the grace period the banks of the
    /// seats that are not ready run.
    BetweenGames {
        /// When the last game ended.
        ended_at: Timestamp,
        /// Who has pressed Ready, by seat index.
        ready: [bool; Seat::MAX],
    },
}

/// Why the clock will end the match at its [`Expiry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExpiryKind {
    /// The seat's bank reaches zero: it forfeits the match (docs/rules.md §4).
    Flag(Seat),
    /// The seat has not made its first move within the abort window: the
    /// match is aborted (docs/rules.md §4).
    Abort(Seat),
}

/// The next instant at which the clock alone ends the match, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Expiry {
    /// When (ms since the match's epoch).
    pub at: Timestamp,
    /// Flag or abort, and whose.
    pub kind: ExpiryKind,
}

/// The clocks of all seats of a match. A `Copy` value of a few words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    settings: ClockSettings,
    seats: u8,
    /// Each seat's bank as of the start of the running period, in ms.
    banks: [u64; Seat::MAX],
    /// Whether each seat has made its first move of the match.
    moved: [bool; Seat::MAX],
    running: Running,
}

impl Clock {
    /// A stopped clock for `seats` seats, each with the base bank.
    ///
    /// # Panics
    /// If `seats` is 0 or above [`Seat::MAX`].
    pub fn new(settings: ClockSettings, seats: usize) -> Clock {
        assert!((1..=Seat::MAX).contains(&seats), "1 to 4 seats");
        Clock {
            settings,
            seats: seats as u8,
            banks: [settings.control.base_ms(); Seat::MAX],
            moved: [false; Seat::MAX],
            running: Running::Stopped,
        }
    }

    /// The settings: time control, abort window, grace period.
    pub const fn settings(&self) -> &ClockSettings {
        &self.settings
    }

    /// What runs now.
    pub const fn running(&self) -> Running {
        self.running
    }

    /// Whether `seat` has made its first move of the match (from then on its
    /// turns are charged).
    pub const fn has_moved(&self, seat: Seat) -> bool {
        self.moved[seat.index()]
    }

    /// Whether `seat` has pressed Ready (false outside the break between games).
    pub fn is_ready(&self, seat: Seat) -> bool {
        matches!(self.running, Running::BetweenGames { ready, .. } if ready[seat.index()])
    }

    /// Whether every seat has pressed Ready (false outside the break).
    pub fn all_ready(&self) -> bool {
        match self.running {
            Running::BetweenGames { ready, .. } => ready[..self.seats as usize].iter().all(|&r| r),
            _ => false,
        }
    }

    /// Milliseconds `seat`'s bank has run since the current period began, as
    /// of `now` (0 when its bank is not running).
    fn elapsed(&self, seat: Seat, now: Timestamp) -> u64 {
        match self.running {
            Running::Turn { seat: s, since } if s == seat && self.has_moved(seat) => {
                now.since(since)
            }
            Running::BetweenGames { ended_at, ready } if !ready[seat.index()] => {
                now.since(ended_at.plus(self.settings.grace_ms))
            }
            _ => 0,
        }
    }

    /// `seat`'s remaining time at `now`, in ms (never below zero).
    pub fn bank(&self, seat: Seat, now: Timestamp) -> u64 {
        self.banks[seat.index()].saturating_sub(self.elapsed(seat, now))
    }

    /// Every seat's remaining time at `now`, p1 first.
    pub fn banks(&self, now: Timestamp) -> Vec<u64> {
        Seat::ALL[..self.seats as usize]
            .iter()
            .map(|&s| self.bank(s, now))
            .collect()
    }

    /// Starts `seat`'s turn at `now` (the clock must be stopped).
    pub fn start_turn(&mut self, seat: Seat, now: Timestamp) {
        debug_assert_eq!(self.running, Running::Stopped);
        self.running = Running::Turn { seat, since: now };
    }

    /// Ends the running turn with a move at `now` and returns the mover's
    /// bank after it. A charged move loses its turn time and, unless it ends
    /// the game (`ends_game`), earns the increment; the mover's first move of
    /// the match is neither charged nor incremented.
    ///
    /// # Panics
    /// If no turn is running.
    pub fn end_turn(&mut self, now: Timestamp, ends_game: bool) -> u64 {
        let Running::Turn { seat, .. } = self.running else {
            panic!("end_turn without a running turn");
        };
        let first = !self.has_moved(seat);
        let mut bank = self.bank(seat, now);
        if !first && !ends_game {
            bank = bank.saturating_add(self.settings.control.increment_ms());
        }
        self.banks[seat.index()] = bank;
        self.moved[seat.index()] = true;
        self.running = Running::Stopped;
        bank
    }

    /// A take-back at `now` (docs/match.md, "Take-back"): the running turn
    /// of another seat is charged as a stop charges it (no increment), and
    /// `seat`'s turn starts again at `now`. Nothing runs back: `seat` keeps
    /// its bank as it is, less the increment its undone ply earned (so a
    /// take-back never gains time); when that ply was `seat`'s first move
    /// of the match (`first_move`: it was not charged and earned nothing),
    /// the seat has not moved any more and its turn is under the abort
    /// window again. Returns `seat`'s bank.
    pub fn take_back(&mut self, seat: Seat, first_move: bool, now: Timestamp) -> u64 {
        self.stop(now);
        let i = seat.index();
        if first_move {
            self.moved[i] = false;
        } else {
            self.banks[i] = self.banks[i].saturating_sub(self.settings.control.increment_ms());
        }
        self.running = Running::Turn { seat, since: now };
        self.banks[i]
    }

    /// Stops whatever runs at `now`, charging the running time with no
    /// increment (resign, flag, end of the match).
    pub fn stop(&mut self, now: Timestamp) {
        for &seat in &Seat::ALL[..self.seats as usize] {
            self.banks[seat.index()] = self.bank(seat, now);
        }
        self.running = Running::Stopped;
    }

    /// Restarts what was running as if it began at `now`, after an outage of
    /// the bot (docs/rules.md §4): a turn restarts with the bank the mover had at
    /// its start (a first turn gets its whole abort window again); a break
    /// between games restarts its grace period, and the banks of the seats
    /// not yet ready run after it from what they were when the game ended.
    /// The outage is charged to nobody.
    pub fn restart(&mut self, now: Timestamp) {
        match &mut self.running {
            Running::Stopped => {}
            Running::Turn { since, .. } => *since = now,
            Running::BetweenGames { ended_at, .. } => *ended_at = now,
        }
    }

    /// Starts the break after a game that ended at `now`: the clocks stand
    /// still for the grace period, then every seat not ready runs.
    pub fn start_break(&mut self, now: Timestamp) {
        self.stop(now);
        self.running = Running::BetweenGames {
            ended_at: now,
            ready: [false; Seat::MAX],
        };
    }

    /// `seat` presses Ready at `now`: its bank stops (charged for the time it
    /// ran after the grace period). Returns its bank.
    pub fn ready(&mut self, seat: Seat, now: Timestamp) -> u64 {
        let bank = self.bank(seat, now);
        if let Running::BetweenGames { ready, .. } = &mut self.running {
            self.banks[seat.index()] = bank;
            ready[seat.index()] = true;
        }
        bank
    }

    /// The next flag or abort, if anything runs. Between games, when several
    /// banks would reach zero at the same millisecond, the seat that moves
    /// earliest in `next_order` flags (its turn would have come first).
    pub fn expiry(&self, next_order: &[Seat]) -> Option<Expiry> {
        match self.running {
            Running::Stopped => None,
            Running::Turn { seat, since } => Some(if self.has_moved(seat) {
                Expiry {
                    at: since.plus(self.banks[seat.index()]),
                    kind: ExpiryKind::Flag(seat),
                }
            } else {
                Expiry {
                    at: since.plus(self.settings.abort_ms),
                    kind: ExpiryKind::Abort(seat),
                }
            }),
            Running::BetweenGames { ended_at, ready } => {
                let runs_from = ended_at.plus(self.settings.grace_ms);
                next_order
                    .iter()
                    .filter(|s| !ready[s.index()])
                    .map(|&s| Expiry {
                        at: runs_from.plus(self.banks[s.index()]),
                        kind: ExpiryKind::Flag(s),
                    })
                    .min_by_key(|e| e.at) // the first of equal minima
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::time::TimeControl;

    fn clock() -> Clock {
        Clock::new(ClockSettings::new(TimeControl::DEFAULT), 2)
    }

    fn t(ms: u64) -> Timestamp {
        Timestamp(ms)
    }

    #[test]
    fn a_first_move_is_neither_charged_nor_incremented() {
        let mut c = clock();
        c.start_turn(Seat::P1, t(0));
        assert_eq!(c.bank(Seat::P1, t(50_000)), 600_000);
        assert_eq!(c.end_turn(t(50_000), false), 600_000);
        assert!(c.has_moved(Seat::P1));
    }

    #[test]
    fn a_charged_move_loses_its_time_and_gains_the_increment() {
        let mut c = clock();
        c.start_turn(Seat::P1, t(0));
        c.end_turn(t(1), false);
        c.start_turn(Seat::P1, t(1_000));
        assert_eq!(c.bank(Seat::P1, t(4_001)), 596_999);
        assert_eq!(c.end_turn(t(4_001), false), 606_999);
    }

    #[test]
    fn a_game_ending_move_gets_no_increment() {
        let mut c = clock();
        c.start_turn(Seat::P1, t(0));
        c.end_turn(t(0), false);
        c.start_turn(Seat::P1, t(0));
        assert_eq!(c.end_turn(t(2_500), true), 597_500);
    }

    #[test]
    fn the_abort_window_counts_from_the_first_turn_and_then_the_bank_flags() {
        let mut c = clock();
        c.start_turn(Seat::P2, t(7_000));
        assert_eq!(
            c.expiry(&[]),
            Some(Expiry {
                at: t(187_000),
                kind: ExpiryKind::Abort(Seat::P2)
            })
        );
        c.end_turn(t(8_000), false);
        c.start_turn(Seat::P2, t(9_000));
        assert_eq!(
            c.expiry(&[]),
            Some(Expiry {
                at: t(609_000),
                kind: ExpiryKind::Flag(Seat::P2)
            })
        );
    }

    #[test]
    fn the_bank_never_goes_below_zero() {
        let mut c = clock();
        c.start_turn(Seat::P1, t(0));
        c.end_turn(t(0), false);
        c.start_turn(Seat::P1, t(0));
        assert_eq!(c.bank(Seat::P1, t(10_000_000)), 0);
        c.stop(t(10_000_000));
        assert_eq!(c.bank(Seat::P1, t(20_000_000)), 0);
    }

    #[test]
    fn between_games_banks_stand_still_for_the_grace_period_then_run_together() {
        let mut c = clock();
        c.start_break(t(100_000));
        assert_eq!(c.bank(Seat::P1, t(160_000)), 600_000);
        assert_eq!(c.bank(Seat::P1, t(170_000)), 590_000);
        assert_eq!(c.bank(Seat::P2, t(170_000)), 590_000);
        assert_eq!(c.ready(Seat::P1, t(165_000)), 595_000);
        assert_eq!(c.bank(Seat::P1, t(300_000)), 595_000);
        assert_eq!(c.bank(Seat::P2, t(300_000)), 460_000);
        assert!(!c.all_ready());
        c.ready(Seat::P2, t(300_000));
        assert!(c.all_ready());
    }

    #[test]
    fn a_restart_charges_nobody_for_the_outage() {
        let mut c = clock();
        c.start_turn(Seat::P1, t(0));
        c.end_turn(t(0), false);
        c.start_turn(Seat::P1, t(10_000));
        c.restart(t(500_000));
        assert_eq!(c.bank(Seat::P1, t(500_000)), 600_000);
        assert_eq!(c.expiry(&[]).unwrap().at, t(1_100_000));
        c.stop(t(501_000));
        c.start_break(t(501_000));
        c.ready(Seat::P1, t(600_000));
        c.restart(t(900_000));
        assert_eq!(c.bank(Seat::P2, t(960_000)), 600_000, "grace again");
        assert_eq!(c.bank(Seat::P1, t(990_000)), 560_000, "ready: stopped");
        assert_eq!(c.bank(Seat::P2, t(990_000)), 570_000);
    }

    #[test]
    fn simultaneous_flags_between_games_go_to_the_next_first_mover() {
        let mut c = clock();
        c.start_break(t(0));
        let e = c.expiry(&[Seat::P2, Seat::P1]).unwrap();
        assert_eq!(e.at, t(660_000));
        assert_eq!(e.kind, ExpiryKind::Flag(Seat::P2));
    }
}
