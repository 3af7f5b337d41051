//! A game: the start position, the moves played and their history.

use std::collections::HashMap;

use super::bitboard::Bitboard;
use super::cell::Move;
use super::color::{ByColor, Color};
use super::obstacles::ObstacleLayout;
use super::position::{DrawReason, MoveError, Outcome, Position};
use super::variant::Variant;

/// Discs of the drawn opening in `random-opening` (docs/rules.md §5): the first
/// four moves of each game.
pub const RANDOM_OPENING_PLIES: usize = 4;

/// An illegal move at a given ply of a move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply}: {error}")]
pub struct PlyError {
    /// The 1-based ply (move number) of the offending move.
    pub ply: usize,
    /// Why it is illegal.
    pub error: MoveError,
}

/// One game from its start position: the moves played, the current position,
/// and (popout) the count of each position seen, for threefold repetition.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    seen: HashMap<(ByColor<Bitboard>, Color), u8>,
}

impl Game {
    /// A game from `start` (usually [`Position::new`] or
    /// [`Position::with_layout`]).
    pub fn new(start: Position) -> Game {
        let mut game = Game {
            start,
            position: start,
            moves: Vec::new(),
            seen: HashMap::new(),
        };
        game.count_position();
        game
    }

    /// A game of `variant` from its start position, with `layout` for obstacles.
    pub fn of_variant(variant: Variant, layout: Option<&ObstacleLayout>) -> Game {
        Game::new(match layout {
            Some(l) => Position::with_layout(variant, l),
            None => Position::new(variant),
        })
    }

    /// Plays `moves` in order from `start`.
    ///
    /// # Errors
    /// The first illegal move, with its 1-based ply.
    pub fn from_moves(start: Position, moves: &[Move]) -> Result<Game, PlyError> {
        let mut game = Game::new(start);
        for &m in moves {
            game.play(m).map_err(|error| PlyError {
                ply: game.moves.len() + 1,
                error,
            })?;
        }
        Ok(game)
    }

    /// Plays `m`; in popout a third occurrence of the same position with the
    /// same player to move draws the game (docs/rules.md §5).
    ///
    /// # Errors
    /// Why the move is illegal; the game is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        self.position.play(m)?;
        self.moves.push(m);
        self.count_position();
        Ok(())
    }

    fn count_position(&mut self) {
        if !self.position.rules().pops {
            return; // without pops no position can repeat
        }
        let n = self.seen.entry(self.position.repetition_key()).or_insert(0);
        *n += 1;
        if *n >= 3 && !self.position.outcome().is_over() {
            self.position
                .set_outcome(Outcome::Draw(DrawReason::Repetition));
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The outcome on the board.
    pub fn outcome(&self) -> Outcome {
        self.position.outcome()
    }

    /// How many of the first moves are the drawn opening (random-opening: 4,
    /// or fewer while the opening is being laid; otherwise 0).
    pub fn opening_plies(&self) -> usize {
        if self.variant() == Variant::RandomOpening {
            self.moves.len().min(RANDOM_OPENING_PLIES)
        } else {
            0
        }
    }

    /// The same game mirrored left↔right (column c ↔ W−1−c).
    pub fn mirrored(&self) -> Game {
        let width = self.variant().width();
        let moves: Vec<Move> = self.moves.iter().map(|m| m.mirrored(width)).collect();
        Game::from_moves(self.start.mirrored(), &moves).expect("a mirrored legal game is legal")
    }
}
