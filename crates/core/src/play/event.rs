//! What happened in a match: the events a [`super::Match`] emits for adapters
//! (messages, boards) and storage (records, ratings) to consume.

use std::fmt;

use super::action::Turn;
use super::result::{GameEnd, MatchResult, Score};
use super::seat::{Seat, TurnOrder};
use super::time::Timestamp;
use crate::game::Move;

/// An event and the instant it happened (for a flag or abort: the exact
/// deadline, even when it was noticed later).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    /// When, in ms since the match's epoch.
    pub at: Timestamp,
    /// What.
    pub kind: EventKind,
}

/// The kinds of [`Event`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// Game `game` (1-based) began; `order` is its turn order, red first.
    GameStarted {
        /// 1-based game number.
        game: u8,
        /// Seats in turn order (slot 0 is red and moves first).
        order: TurnOrder,
    },
    /// `seat` played `mv` at `turn`; `bank_ms` is its bank after the move
    /// (increment included).
    Moved {
        /// Game and ply of the move.
        turn: Turn,
        /// The mover.
        seat: Seat,
        /// The move.
        mv: Move,
        /// The mover's bank after the move, in ms.
        bank_ms: u64,
    },
    /// Game `game` ended; `score` holds the points it gave each side.
    GameOver {
        /// 1-based game number.
        game: u8,
        /// How it ended.
        end: GameEnd,
        /// Points this game gave each side.
        score: Score,
    },
    /// `seat` pressed Ready; `bank_ms` is its bank then.
    Ready {
        /// Who.
        seat: Seat,
        /// Its bank, in ms.
        bank_ms: u64,
    },
    /// `seat`'s bank reached zero (a forfeit follows).
    Flag {
        /// Who flagged.
        seat: Seat,
    },
    /// `seat` did not make its first move within the abort window (the match
    /// is aborted).
    Abort {
        /// Who did not move.
        seat: Seat,
    },
    /// A moderator aborted the match (no result; the game in progress ends
    /// with [`super::GameEnd::Aborted`] and [`EventKind::MatchOver`]
    /// follows).
    ModeratorAbort,
    /// `seat`'s ply `turn` (move `mv`) was taken back (docs/match.md,
    /// "Take-back"): it is no longer in the game, and `seat` is to move at
    /// `turn` again, with `bank_ms` in its bank (the time it used stays
    /// used; the increment that ply earned is taken off again).
    TakenBack {
        /// The ply undone: its game and number, which is the turn now.
        turn: Turn,
        /// Whose ply it was (and who is to move again).
        seat: Seat,
        /// The move undone.
        mv: Move,
        /// The seat's bank as its turn starts again, ms.
        bank_ms: u64,
    },
    /// The bot restarted: the turn in progress (or the break between games)
    /// began again, with no time charged for the outage.
    Resumed,
    /// The match ended with `result`.
    MatchOver {
        /// The result.
        result: MatchResult,
    },
}

impl fmt::Display for Event {
    /// The line `fourbot script` prints for the event, time first:
    ///
    /// ```text
    /// 0 game 1 start: p1 red, p2 yellow
    /// 1500 move p1 d (game 1 ply 1) bank 600000
    /// 20000 game 1 over: red wins; score 1:0
    /// 81000 ready p2 bank 599000
    /// 180000 flag p2
    /// 180000 abort p2
    /// 95000 abort by a moderator
    /// 180000 match over: forfeit p2 flag; score 2:0; places 1 2
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.at)?;
        match self.kind {
            EventKind::GameStarted { game, order } => {
                write!(f, "game {game} start:")?;
                for (i, seat) in order.seats().iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    let color = order.color_of(*seat).expect("seat of the order");
                    write!(f, "{sep}{seat} {color}")?;
                }
                Ok(())
            }
            EventKind::Moved {
                turn,
                seat,
                mv,
                bank_ms,
            } => write!(f, "move {seat} {mv} ({turn}) bank {bank_ms}"),
            EventKind::GameOver { game, end, score } => {
                write!(f, "game {game} over: {end}; score {score}")
            }
            EventKind::Ready { seat, bank_ms } => write!(f, "ready {seat} bank {bank_ms}"),
            EventKind::Flag { seat } => write!(f, "flag {seat}"),
            EventKind::Abort { seat } => write!(f, "abort {seat}"),
            EventKind::ModeratorAbort => f.write_str("abort by a moderator"),
            EventKind::TakenBack {
                turn,
                seat,
                mv,
                bank_ms,
            } => write!(f, "take-back {seat} {mv} ({turn}) bank {bank_ms}"),
            EventKind::Resumed => f.write_str("resumed after a restart"),
            EventKind::MatchOver { result } => {
                write!(f, "match over: {}; score {}", result.end, result.score)?;
                if let Some(places) = result.places {
                    f.write_str("; places")?;
                    for p in places.as_slice() {
                        write!(f, " {p}")?;
                    }
                }
                Ok(())
            }
        }
    }
}
