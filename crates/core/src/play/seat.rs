//! Seats, sides and the turn order of each game of a match (docs/rules.md §3, §5).
//!
//! A match has 2, 3 or 4 seats, `p1`…`p4` (0-based [`Seat`] indices 0…3).
//! `p1` is the player who was challenged first; in `teams`, p1 and p3 are
//! team A and p2 and p4 team B. Points and places belong to a [`Side`]: the
//! seat itself, or in `teams` the team.

use std::fmt;
use std::str::FromStr;

use crate::game::{Color, Variant};

/// A seat of a match: 0-based index, printed `p1`…`p4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// Most seats a match has (teams).
    pub const MAX: usize = 4;
    /// Seat p1.
    pub const P1: Seat = Seat(0);
    /// Seat p2.
    pub const P2: Seat = Seat(1);
    /// Seat p3.
    pub const P3: Seat = Seat(2);
    /// Seat p4.
    pub const P4: Seat = Seat(3);
    /// All four seat names in order.
    pub const ALL: [Seat; 4] = [Seat::P1, Seat::P2, Seat::P3, Seat::P4];

    /// The seat with 0-based `index`, if it is below [`Seat::MAX`].
    pub const fn new(index: usize) -> Option<Seat> {
        if index < Seat::MAX {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The 0-based index (p1 → 0).
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    /// `p1`…`p4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", self.0 + 1)
    }
}

/// A text that is not `p1`…`p4`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a seat (p1, p2, p3 or p4)")]
pub struct BadSeat(pub String);

impl FromStr for Seat {
    type Err = BadSeat;
    /// Reads `p1`…`p4` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        match lower.as_str() {
            "p1" => Ok(Seat::P1),
            "p2" => Ok(Seat::P2),
            "p3" => Ok(Seat::P3),
            "p4" => Ok(Seat::P4),
            _ => Err(BadSeat(s.to_string())),
        }
    }
}

/// A side of a match: what scores points and gets a place. In `teams` the
/// sides are team A (0) and team B (1); otherwise each seat is its own side
/// (side index = seat index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Side(pub u8);

impl Side {
    /// The 0-based index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The seats of a match of one variant and who moves when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seating {
    variant: Variant,
}

impl Seating {
    /// The seating of `variant` (2 seats, 3 for three-players, 4 for teams).
    pub const fn new(variant: Variant) -> Seating {
        Seating { variant }
    }

    /// Number of seats: 2, 3 or 4.
    pub const fn seats(self) -> usize {
        self.variant.players() as usize
    }

    /// Whether the seats play as two teams of two (`teams`).
    pub const fn teams(self) -> bool {
        matches!(self.variant, Variant::Teams)
    }

    /// Number of sides: 2, or 3 in three-players.
    pub const fn sides(self) -> usize {
        if self.teams() {
            2
        } else {
            self.seats()
        }
    }

    /// Whether `seat` belongs to this match.
    pub const fn contains(self, seat: Seat) -> bool {
        seat.index() < self.seats()
    }

    /// The seats of this match, p1 first.
    pub fn all(self) -> &'static [Seat] {
        &Seat::ALL[..self.seats()]
    }

    /// The side `seat` plays for: its team in `teams` (p1, p3 → A; p2, p4 →
    /// B), otherwise its own.
    pub const fn side_of(self, seat: Seat) -> Side {
        if self.teams() {
            Side((seat.index() % 2) as u8)
        } else {
            Side(seat.index() as u8)
        }
    }

    /// The name of a side: `team A`/`team B` in teams, else the seat (`p1`).
    pub fn side_name(self, side: Side) -> String {
        if self.teams() {
            format!("team {}", (b'A' + side.0) as char)
        } else {
            Seat(side.0).to_string()
        }
    }

    /// The seats in the order they move in game `game` (0-based), red first
    /// (docs/rules.md §3, §5):
    /// - two seats: game 1 p1 p2, game 2 p2 p1 (colours and first move swap);
    /// - three-players: game 1 p1 p2 p3, game 2 p2 p3 p1, game 3 p3 p1 p2, so
    ///   that everyone starts once;
    /// - teams: game 1 A1 B1 A2 B2 = p1 p2 p3 p4, game 2 B1 A1 B2 A2 =
    ///   p2 p1 p4 p3.
    pub fn turn_order(self, game: usize) -> TurnOrder {
        let n = self.seats();
        let mut seats = [Seat::P1; Seat::MAX];
        for (slot, s) in seats.iter_mut().enumerate().take(n) {
            let index = if self.teams() {
                if game % 2 == 0 {
                    slot
                } else {
                    slot ^ 1
                }
            } else {
                (slot + game) % n
            };
            *s = Seat(index as u8);
        }
        TurnOrder {
            seats,
            len: n as u8,
            colors: self.variant.rules().colors,
        }
    }
}

/// The seats of one game in turn order (slot 0 moves first, with red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnOrder {
    seats: [Seat; Seat::MAX],
    len: u8,
    colors: u8,
}

impl TurnOrder {
    /// The seats, first mover first.
    pub fn seats(&self) -> &[Seat] {
        &self.seats[..self.len as usize]
    }

    /// The seat of the `turn`-th move of the game made by a player (0-based,
    /// not counting a drawn opening).
    pub fn seat_at(&self, turn: usize) -> Seat {
        self.seats[turn % self.len as usize]
    }

    /// The first mover (red).
    pub fn first(&self) -> Seat {
        self.seats[0]
    }

    /// The colour `seat` plays in this game (teammates share one).
    pub fn color_of(&self, seat: Seat) -> Option<Color> {
        self.seats()
            .iter()
            .position(|&s| s == seat)
            .map(|slot| Color::from_index(slot % self.colors as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(v: Variant, game: usize) -> Vec<String> {
        Seating::new(v)
            .turn_order(game)
            .seats()
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn two_seats_swap_colours_and_first_move_in_game_two() {
        assert_eq!(order(Variant::Classic, 0), ["p1", "p2"]);
        assert_eq!(order(Variant::Classic, 1), ["p2", "p1"]);
        let o = Seating::new(Variant::Classic).turn_order(1);
        assert_eq!(o.color_of(Seat::P2), Some(Color::Red));
        assert_eq!(o.color_of(Seat::P1), Some(Color::Yellow));
    }

    #[test]
    fn three_players_rotate_so_everyone_starts_once() {
        assert_eq!(order(Variant::ThreePlayers, 0), ["p1", "p2", "p3"]);
        assert_eq!(order(Variant::ThreePlayers, 1), ["p2", "p3", "p1"]);
        assert_eq!(order(Variant::ThreePlayers, 2), ["p3", "p1", "p2"]);
        let o = Seating::new(Variant::ThreePlayers).turn_order(2);
        assert_eq!(o.color_of(Seat::P2), Some(Color::Blue));
    }

    #[test]
    fn teams_play_a1_b1_a2_b2_then_team_b_starts() {
        assert_eq!(order(Variant::Teams, 0), ["p1", "p2", "p3", "p4"]);
        assert_eq!(order(Variant::Teams, 1), ["p2", "p1", "p4", "p3"]);
        let s = Seating::new(Variant::Teams);
        assert_eq!(s.side_of(Seat::P3), Side(0));
        assert_eq!(s.side_of(Seat::P4), Side(1));
        let g1 = s.turn_order(0);
        assert_eq!(g1.color_of(Seat::P3), Some(Color::Red));
        assert_eq!(g1.color_of(Seat::P4), Some(Color::Yellow));
        let g2 = s.turn_order(1);
        assert_eq!(g2.color_of(Seat::P4), Some(Color::Red));
        assert_eq!(g2.seat_at(5), Seat::P1);
    }

    #[test]
    fn seats_read_and_print_as_p1_to_p4() {
        assert_eq!("P3".parse::<Seat>(), Ok(Seat::P3));
        assert!("p5".parse::<Seat>().is_err());
        assert_eq!(Seat::P4.to_string(), "p4");
        assert!(!Seating::new(Variant::Classic).contains(Seat::P3));
    }
}
