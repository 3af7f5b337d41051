//! Take-backs (issue 35, docs/match.md "Take-back"): what a match keeps of
//! them — the open request and how many each player made a game — and
//! their bounds. The host's [`crate::matches::Host::take_back`] and
//! [`crate::matches::Host::answer_take_back`] apply the rules: in an
//! unrated match of two players, a player asks to take back their own last
//! ply while it is their opponent's turn; the opponent accepts or
//! declines. Accepted, the match undoes the ply
//! ([`fourbot_core::play::Action::TakeBack`], journaled like every other
//! action, so a restart does not bring the ply back) and the asker is to
//! move again; the clock does not run back.
//!
//! A request lives in the host's memory only: it lapses when the position
//! changes (the opponent moves, the game or match ends), after
//! [`TAKE_BACK_EXPIRY`], when a new one replaces it, or when the bot
//! restarts (its buttons then answer that it is no longer open).

use std::collections::HashMap;
use std::time::Duration;

use tokio::time::Instant;

use fourbot_core::play::{Seat, Turn};

/// Take-back requests a player may make in one game of a match (accepted,
/// declined or lapsed alike), so that nobody can flood the opponent with
/// them (issue 35).
pub const TAKE_BACK_REQUESTS_PER_GAME: u32 = 2;

/// How long a take-back request stands unanswered before it lapses (the
/// opponent's move ends it sooner).
pub const TAKE_BACK_EXPIRY: Duration = Duration::from_secs(120);

/// What a match knows of its take-backs.
#[derive(Debug, Default)]
pub struct TakeBacks {
    /// The open request, if any.
    open: Option<Open>,
    /// Requests made, by seat and game.
    made: HashMap<(Seat, u8), u32>,
}

/// An open take-back request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Open {
    /// Who asked (whose ply it is).
    pub seat: Seat,
    /// The ply to take back.
    pub turn: Turn,
    /// When it lapses.
    pub until: Instant,
}

impl TakeBacks {
    /// `seat` asks to take back ply `turn` at `now`: counted, and open in
    /// place of any other request. `false` (nothing changed) when the seat
    /// has made [`TAKE_BACK_REQUESTS_PER_GAME`] requests in this game.
    pub fn ask(&mut self, seat: Seat, turn: Turn, now: Instant) -> bool {
        let made = self.made.entry((seat, turn.game)).or_insert(0);
        if *made >= TAKE_BACK_REQUESTS_PER_GAME {
            return false;
        }
        *made += 1;
        self.open = Some(Open {
            seat,
            turn,
            until: now + TAKE_BACK_EXPIRY,
        });
        true
    }

    /// The open request for ply `turn`, if that is the one open.
    pub fn open_for(&self, turn: Turn) -> Option<Open> {
        self.open.filter(|o| o.turn == turn)
    }

    /// Closes the request for ply `turn` (answered or lapsed), if open.
    pub fn close(&mut self, turn: Turn) {
        if self.open.is_some_and(|o| o.turn == turn) {
            self.open = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_requests_a_game_each_and_a_new_one_replaces_the_open_one() {
        let mut t = TakeBacks::default();
        let now = Instant::now();
        let ply = |game, ply| Turn { game, ply };
        assert!(t.ask(Seat::P1, ply(1, 3), now));
        assert!(t.ask(Seat::P1, ply(1, 5), now));
        assert_eq!(t.open_for(ply(1, 3)), None, "replaced");
        assert_eq!(t.open_for(ply(1, 5)).map(|o| o.seat), Some(Seat::P1));
        assert!(!t.ask(Seat::P1, ply(1, 7), now), "the third in game 1");
        assert!(
            t.ask(Seat::P2, ply(1, 8), now),
            "the other player's own two"
        );
        assert!(t.ask(Seat::P1, ply(2, 1), now), "a new game");
        t.close(ply(2, 1));
        assert_eq!(t.open_for(ply(2, 1)), None);
    }
}
