//! Tournaments (docs/rules.md §7): pairing and standings, pure and in
//! memory. The host keeps the tournament in the store and asks these
//! functions who plays whom next and who leads.
//!
//! Entrants are indices `0..n` into the host's entrant list, ordered by seed
//! (index 0 is the highest-ranked: best rating, then earliest join). A
//! round is a list of [`Played`] pairings; [`Pairing::first`] starts game 1
//! of the two-game match and [`Pairing::second`] is `None` for a bye.
//!
//! - [`swiss`]: N rounds, pairing within score groups without repeats,
//!   balancing who starts game 1, a bye to the lowest-ranked player without
//!   one.
//! - [`round_robin`]: everyone meets everyone once (circle method, Berger
//!   tables), at most [`ROUND_ROBIN_MAX_PLAYERS`] entrants.
//! - [`arena`]: a time window; points 2 / 1 / 0, doubled on a streak.
//! - [`standings`]: Swiss and round-robin ranking — score 1 / ½ / 0, then
//!   Buchholz cut 1, then Sonneborn-Berger, then the direct result.

pub mod arena;
pub mod round_robin;
pub mod standings;
pub mod swiss;

use std::fmt;
use std::str::FromStr;

/// An entrant: an index into the host's seed-ordered entrant list.
pub type Entrant = usize;

/// A tournament's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Swiss: a fixed number of rounds, pairing by score.
    Swiss,
    /// Round robin: everyone meets everyone once.
    RoundRobin,
    /// Arena: a time window; finished players are paired again at once.
    Arena,
}

impl Format {
    /// The format's name as stored: `swiss`, `round_robin`, `arena`.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "round_robin",
            Format::Arena => "arena",
        }
    }

    /// The fewest entrants the format can start with: 2 for an arena or a
    /// round robin, 3 for a Swiss (with two, a Swiss is a round robin).
    pub fn min_players(self) -> usize {
        match self {
            Format::Swiss => 3,
            Format::RoundRobin | Format::Arena => 2,
        }
    }

    /// The most entrants: [`ROUND_ROBIN_MAX_PLAYERS`] for a round robin,
    /// [`MAX_PLAYERS`] otherwise.
    pub fn max_players(self) -> usize {
        match self {
            Format::RoundRobin => ROUND_ROBIN_MAX_PLAYERS,
            Format::Swiss | Format::Arena => MAX_PLAYERS,
        }
    }
}

/// The most entrants of a Swiss or an arena.
pub const MAX_PLAYERS: usize = 500;

/// The most entrants of a round robin (a round robin of 12 is 11 rounds).
/// Here, beside [`MAX_PLAYERS`], rather than in [`round_robin`], which
/// names this file's `Entrant` and `Pairing`: the two files do not name
/// each other.
pub const ROUND_ROBIN_MAX_PLAYERS: usize = 12;

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A stored format name that is none of `swiss`, `round_robin`, `arena`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown tournament format {0:?}")]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        match s {
            "swiss" => Ok(Format::Swiss),
            "round_robin" => Ok(Format::RoundRobin),
            "arena" => Ok(Format::Arena),
            _ => Err(UnknownFormat(s.to_owned())),
        }
    }
}

/// Who meets whom: `first` starts game 1 of the two-game match; `second` is
/// `None` for a bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The entrant who starts game 1.
    pub first: Entrant,
    /// The opponent, or `None` for a bye.
    pub second: Option<Entrant>,
}

impl Pairing {
    /// A match between `first` (starting game 1) and `second`.
    pub fn new(first: Entrant, second: Entrant) -> Pairing {
        Pairing {
            first,
            second: Some(second),
        }
    }

    /// A bye for `entrant`.
    pub fn bye(entrant: Entrant) -> Pairing {
        Pairing {
            first: entrant,
            second: None,
        }
    }

    /// Whether `entrant` plays in this pairing.
    pub fn has(&self, entrant: Entrant) -> bool {
        self.first == entrant || self.second == Some(entrant)
    }

    /// The opponent of `entrant` (`None` for a bye, or when `entrant` is not
    /// in the pairing).
    pub fn opponent(&self, entrant: Entrant) -> Option<Entrant> {
        if self.first == entrant {
            self.second
        } else if self.second == Some(entrant) {
            Some(self.first)
        } else {
            None
        }
    }
}

/// How a tournament match ended, from [`Pairing::first`]'s side. A match
/// score of 2:0 or 1½:½ is a win, 1:1 a draw (docs/rules.md §7); a forfeit
/// is a win for the side that did not forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The first entrant won the match.
    FirstWon,
    /// The second entrant won the match.
    SecondWon,
    /// A drawn match.
    Draw,
}

impl Outcome {
    /// The outcome name as stored: `first`, `second`, `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::FirstWon => "first",
            Outcome::SecondWon => "second",
            Outcome::Draw => "draw",
        }
    }

    /// The stored name back; `None` for anything else.
    pub fn parse(s: &str) -> Option<Outcome> {
        match s {
            "first" => Some(Outcome::FirstWon),
            "second" => Some(Outcome::SecondWon),
            "draw" => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// The outcome of a match score `first:second` in match points (half
    /// points): more points wins, equal is a draw.
    pub fn from_points(first_halves: u32, second_halves: u32) -> Outcome {
        match first_halves.cmp(&second_halves) {
            std::cmp::Ordering::Greater => Outcome::FirstWon,
            std::cmp::Ordering::Less => Outcome::SecondWon,
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
}

/// One entrant's result of one match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EntrantResult {
    /// Won the match (or got a bye).
    Win,
    /// Drew the match.
    Draw,
    /// Lost the match.
    Loss,
}

/// A pairing of a round and its outcome: `None` while the match is played,
/// or after a moderator voided it (a voided pairing still counts as having
/// met, so the two are not paired again, but scores nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Played {
    /// Who met whom.
    pub pairing: Pairing,
    /// The outcome, if any.
    pub outcome: Option<Outcome>,
}

impl Played {
    /// A pairing with an outcome.
    pub fn new(pairing: Pairing, outcome: Option<Outcome>) -> Played {
        Played { pairing, outcome }
    }

    /// `entrant`'s result: a bye is a win; `None` when `entrant` is not in
    /// the pairing or there is no outcome.
    pub fn result_of(&self, entrant: Entrant) -> Option<EntrantResult> {
        if self.pairing.second.is_none() {
            return (self.pairing.first == entrant).then_some(EntrantResult::Win);
        }
        let outcome = self.outcome?;
        let first = self.pairing.first == entrant;
        if !first && self.pairing.second != Some(entrant) {
            return None;
        }
        Some(match (outcome, first) {
            (Outcome::Draw, _) => EntrantResult::Draw,
            (Outcome::FirstWon, true) | (Outcome::SecondWon, false) => EntrantResult::Win,
            _ => EntrantResult::Loss,
        })
    }
}

/// Score of a Swiss or round-robin result in half points: a win (or a bye)
/// 2, a draw 1, a loss 0 (1 / ½ / 0 points).
pub fn swiss_halves(result: EntrantResult) -> u32 {
    match result {
        EntrantResult::Win => 2,
        EntrantResult::Draw => 1,
        EntrantResult::Loss => 0,
    }
}

/// The tournament outcome of a finished two-sided match whose seat p1 is
/// [`Pairing::first`] (docs/rules.md §7): the match points decide (2:0 or
/// 1½:½ a win, 1:1 a draw; a forfeit is a loss of the forfeiting side). An
/// abort is no excuse in a tournament: the seat that made no first move
/// within the abort window loses by forfeit, and a seat that resigned (or
/// flagged) before everyone moved loses too. `None` for a moderator's
/// abort (the pairing is then voided) and for a match of other than two
/// sides.
pub fn outcome_of(result: &crate::play::MatchResult) -> Option<Outcome> {
    use crate::play::{AbortCause, End, Side};
    if result.score.len() != 2 {
        return None;
    }
    let loser = |seat: crate::play::Seat| {
        if seat.index() == 0 {
            Outcome::SecondWon
        } else {
            Outcome::FirstWon
        }
    };
    match result.end {
        End::ModeratorAbort => None,
        End::Aborted { seat, cause } => Some(match cause {
            AbortCause::NoFirstMove => loser(seat),
            AbortCause::Forfeit { seat: by, .. } => loser(by),
            AbortCause::Completed => Outcome::from_points(
                result.score[Side(0)].halves(),
                result.score[Side(1)].halves(),
            ),
        }),
        End::Forfeit { seat, .. } => Some(loser(seat)),
        End::Completed => Some(Outcome::from_points(
            result.score[Side(0)].halves(),
            result.score[Side(1)].halves(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{AbortCause, End, ForfeitReason, MatchResult, Points, Score, Seat, Side};

    fn result(end: End, first: u32, second: u32) -> MatchResult {
        let mut score = Score::new(2);
        score[Side(0)] = Points::from_halves(first);
        score[Side(1)] = Points::from_halves(second);
        MatchResult {
            end,
            score,
            places: None,
            games: 2,
        }
    }

    #[test]
    fn match_results_become_tournament_outcomes() {
        assert_eq!(
            outcome_of(&result(End::Completed, 3, 1)),
            Some(Outcome::FirstWon)
        );
        assert_eq!(
            outcome_of(&result(End::Completed, 2, 2)),
            Some(Outcome::Draw)
        );
        assert_eq!(
            outcome_of(&result(End::Completed, 0, 4)),
            Some(Outcome::SecondWon)
        );
        let flag = End::Forfeit {
            seat: Seat::P1,
            reason: ForfeitReason::Flag,
        };
        assert_eq!(outcome_of(&result(flag, 0, 4)), Some(Outcome::SecondWon));
        // A no-show loses; so does a resignation before both moved.
        let no_show = End::Aborted {
            seat: Seat::new(1).unwrap(),
            cause: AbortCause::NoFirstMove,
        };
        assert_eq!(outcome_of(&result(no_show, 0, 0)), Some(Outcome::FirstWon));
        let early = End::Aborted {
            seat: Seat::new(1).unwrap(),
            cause: AbortCause::Forfeit {
                seat: Seat::P1,
                reason: ForfeitReason::Resign,
            },
        };
        assert_eq!(outcome_of(&result(early, 0, 0)), Some(Outcome::SecondWon));
        assert_eq!(outcome_of(&result(End::ModeratorAbort, 2, 0)), None);
    }
}
