//! The match domain (docs/rules.md §3 match, §4 clock, §5 match rules of the
//! variants): pure values, no IO, no async.
//!
//! A [`Match`] owns its games, seats ([`Seat`] p1…p4, [`Side`]s and teams),
//! the [`Clock`], the points and the phase. Seats act with [`Action`]s that
//! are checked and refused with a typed [`Refusal`]; what happens is emitted
//! as [`Event`]s; a finished match has a [`MatchResult`].
//!
//! Time is injected: every method that depends on time takes `now`, a
//! [`Timestamp`] in whole milliseconds since an epoch the caller picks; banks
//! and windows are `u64` milliseconds. The host (`crate::host`) converts its
//! tokio clock to timestamps and wakes the match at [`Match::deadline`];
//! `fourbot script` ([`script`]) takes the timestamps from a text file.

mod action;
mod clock;
mod event;
mod matches;
mod points;
mod rated;
mod result;
pub mod script;
mod seat;
mod time;

pub use action::{Action, ActionKind, PhaseKind, Refusal, Turn};
pub use clock::{Clock, Expiry, ExpiryKind, Running};
pub use event::{Event, EventKind};
pub use matches::{GameRecord, Match, MatchSetup, SetupError};
pub use points::Points;
pub use rated::{unrated, Unrated};
pub use result::{places, AbortCause, End, ForfeitReason, GameEnd, MatchResult, PerSide, Score};
pub use seat::{BadSeat, Seat, Seating, Side, TurnOrder};
pub use time::{
    ClockSettings, TimeControl, TimeControlError, Timestamp, DAY_MS, MINUTE_MS, SECOND_MS,
};
