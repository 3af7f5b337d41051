//! Game and match results: how each game and the match ended, points per side
//! and places (docs/rules.md §3, §5), as the rating layer consumes them.

use std::fmt;
use std::ops::{Index, IndexMut};

use super::points::Points;
use super::seat::{Seat, Side};
use crate::game::Outcome;

/// One value per side of a match (2 sides, or 3 in three-players).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerSide<T> {
    values: [T; 3],
    len: u8,
}

impl<T: Copy + Default> PerSide<T> {
    /// `sides` (2 or 3) default values.
    pub fn new(sides: usize) -> PerSide<T> {
        assert!((2..=3).contains(&sides), "2 or 3 sides");
        PerSide {
            values: [T::default(); 3],
            len: sides as u8,
        }
    }
}

impl<T> PerSide<T> {
    /// Number of sides.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a match has at least two sides.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The values, side 0 first.
    pub fn as_slice(&self) -> &[T] {
        &self.values[..self.len as usize]
    }

    /// The values with their sides.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        self.as_slice()
            .iter()
            .enumerate()
            .map(|(i, v)| (Side(i as u8), v))
    }
}

impl<T> Index<Side> for PerSide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        &self.as_slice()[side.index()]
    }
}

impl<T> IndexMut<Side> for PerSide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        let len = self.len as usize;
        &mut self.values[..len][side.index()]
    }
}

/// A score: points per side, printed `1½:½` (or `1:½:1½`).
pub type Score = PerSide<Points>;

impl fmt::Display for PerSide<Points> {
    /// The points of side 0, 1 (, 2) joined with `:`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Why a seat forfeited the match (docs/rules.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForfeitReason {
    /// Its bank reached zero.
    Flag,
    /// It resigned the match.
    Resign,
    /// A moderator removed it.
    Removed,
}

impl fmt::Display for ForfeitReason {
    /// `flag`, `resign`, `removed`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForfeitReason::Flag => "flag",
            ForfeitReason::Resign => "resign",
            ForfeitReason::Removed => "removed",
        })
    }
}

/// How one game of a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// On the board: a line, a full board, popout's draws.
    Board(Outcome),
    /// The seat resigned the game (its side loses it).
    Resigned(Seat),
    /// The match ended during this game by a forfeit; the game scores no
    /// points (the match result is the forfeit's).
    Forfeit(Seat, ForfeitReason),
    /// The match was aborted during this game.
    Aborted,
}

impl fmt::Display for GameEnd {
    /// `red wins`, `draw`, `p2 resigned`, `p2 forfeits (flag)`, `aborted`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Board(o) => write!(f, "{o}"),
            GameEnd::Resigned(s) => write!(f, "{s} resigned"),
            GameEnd::Forfeit(s, r) => write!(f, "{s} forfeits ({r})"),
            GameEnd::Aborted => f.write_str("aborted"),
        }
    }
}

/// What ended a match that is aborted because a seat never moved
/// (docs/rules.md §4 "A match without a move from every player").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbortCause {
    /// The seat's abort window closed before its first move.
    NoFirstMove,
    /// `seat` forfeited the match (resigned it, flagged, was removed)
    /// before every seat had moved; the forfeit gives no result.
    Forfeit {
        /// Who forfeited (it may be the seat that never moved, or another).
        seat: Seat,
        /// Flag, resignation or removal.
        reason: ForfeitReason,
    },
    /// Every game of the match ended — by resignations — before the seat
    /// had moved (resigning both games at once gives no result either).
    Completed,
}

/// How the match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// All its games were played, and every seat moved.
    Completed,
    /// The match ended while `seat` had not made a move in it: no result,
    /// no rating change, however it ended (docs/rules.md §4, §6; this keeps
    /// instant resignations from farming rating).
    Aborted {
        /// A seat that never moved: the one whose abort window closed, the
        /// forfeiting seat if it never moved, else the first such seat.
        seat: Seat,
        /// What ended the match.
        cause: AbortCause,
    },
    /// A moderator aborted the match (`/ladder abort`, for a stuck match):
    /// no result, no rating change, like an abort by the clock but nobody's
    /// fault.
    ModeratorAbort,
    /// `seat` lost the whole match (its side is recorded as the loser);
    /// every seat had moved.
    Forfeit {
        /// Who forfeited (in teams: the member who flagged or resigned).
        seat: Seat,
        /// Flag, resignation or removal.
        reason: ForfeitReason,
    },
}

impl fmt::Display for End {
    /// The script's words: `completed`, `aborted` (a missing first move),
    /// `aborted: p2 never moved, forfeit p1 resign`, `aborted: p1 never
    /// moved, completed`, `aborted by a moderator`, `forfeit p2 flag`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Completed => f.write_str("completed"),
            End::Aborted { seat, cause } => match cause {
                AbortCause::NoFirstMove => f.write_str("aborted"),
                AbortCause::Forfeit { seat: by, reason } => {
                    write!(f, "aborted: {seat} never moved, forfeit {by} {reason}")
                }
                AbortCause::Completed => write!(f, "aborted: {seat} never moved, completed"),
            },
            End::ModeratorAbort => f.write_str("aborted by a moderator"),
            End::Forfeit { seat, reason } => write!(f, "forfeit {seat} {reason}"),
        }
    }
}

/// The result of a finished match, for storage and the rating layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchResult {
    /// How it ended.
    pub end: End,
    /// Match points per side. Completed: the sum of the games. A forfeit in a
    /// two-sided match: 0 for the forfeiting side and one point per game of
    /// the match for the other (0:2; 0:1 in `single`). A forfeit in
    /// three-players, and an abort: the points of the games completed so far.
    pub score: Score,
    /// Places per side (1 = first; equal points share a place, the next place
    /// is skipped: 1, 1, 3). A forfeiting side is placed last. `None` when
    /// aborted (no result).
    pub places: Option<PerSide<u8>>,
    /// Games in the match (to turn points into a rating score).
    pub games: u8,
}

impl MatchResult {
    /// The rating score of `side`: points / games (1, 0.75, 0.5, 0.25, 0 in a
    /// two-game match; docs/rules.md §6). `None` when aborted.
    pub fn rating_score(&self, side: Side) -> Option<f64> {
        self.places?;
        Some(self.score[side].as_f64() / f64::from(self.games))
    }
}

/// Places by points, ties sharing a place (1, 1, 3), with `last` (a forfeiting
/// side) placed after everyone else.
pub fn places(score: &Score, last: Option<Side>) -> PerSide<u8> {
    let mut places = PerSide::<u8>::new(score.len());
    let sides = score.len();
    for (side, points) in score.iter() {
        if Some(side) == last {
            places[side] = sides as u8;
            continue;
        }
        let better = score
            .iter()
            .filter(|&(other, p)| other != side && Some(other) != last && p > points)
            .count();
        places[side] = better as u8 + 1;
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(halves: &[u32]) -> Score {
        let mut s = Score::new(halves.len());
        for (i, &h) in halves.iter().enumerate() {
            s[Side(i as u8)] = Points::from_halves(h);
        }
        s
    }

    #[test]
    fn equal_points_share_a_place() {
        assert_eq!(places(&score(&[2, 2, 1]), None).as_slice(), [1, 1, 3]);
        assert_eq!(places(&score(&[1, 3, 1]), None).as_slice(), [2, 1, 2]);
        assert_eq!(places(&score(&[2, 2]), None).as_slice(), [1, 1]);
    }

    #[test]
    fn a_forfeiter_is_placed_last_whatever_its_points() {
        assert_eq!(
            places(&score(&[4, 0, 0]), Some(Side(0))).as_slice(),
            [3, 1, 1]
        );
        assert_eq!(
            places(&score(&[2, 0, 1]), Some(Side(1))).as_slice(),
            [1, 3, 2]
        );
    }

    #[test]
    fn scores_print_with_colons_and_halves() {
        assert_eq!(score(&[3, 1]).to_string(), "1½:½");
        assert_eq!(score(&[2, 1, 3]).to_string(), "1:½:1½");
    }
}
