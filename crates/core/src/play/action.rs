//! What a seat can do in a match, and why the match may refuse it.

use std::fmt;

use super::seat::Seat;
use crate::game::{Move, MoveError};

/// The turn a move is meant for: game number and ply. A button pressed for an
/// old turn (a stale message, a double click) no longer matches and is
/// refused, so two presses for one turn give exactly one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Turn {
    /// 1-based game of the match.
    pub game: u8,
    /// 1-based ply of the game: the number of the disc this move will be in
    /// the move list (docs/rules.md §2), counting a drawn opening's discs.
    pub ply: u32,
}

impl fmt::Display for Turn {
    /// `game 1 ply 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} ply {}", self.game, self.ply)
    }
}

/// An action by a seat (docs/rules.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play `mv` at `turn` (which must be the current turn).
    Move {
        /// The turn the player saw when choosing the move.
        turn: Turn,
        /// The move.
        mv: Move,
    },
    /// Lose the current game only; the next game is still played.
    ResignGame,
    /// Lose the whole match (a forfeit).
    ResignMatch,
    /// Ready for the next game (between games).
    Ready,
    /// Undo the seat's own last ply of the current game, while another
    /// seat is to move (an accepted take-back: docs/match.md, "Take-back").
    /// Whether a take-back is allowed at all (unrated matches only, asked
    /// and accepted) is the host's rule; the match checks only that the
    /// ply can be undone.
    TakeBack,
}

impl Action {
    /// The kind of action, for messages.
    pub const fn kind(&self) -> ActionKind {
        match self {
            Action::Move { .. } => ActionKind::Move,
            Action::ResignGame => ActionKind::ResignGame,
            Action::ResignMatch => ActionKind::ResignMatch,
            Action::Ready => ActionKind::Ready,
            Action::TakeBack => ActionKind::TakeBack,
        }
    }
}

/// The kind of an [`Action`], without its data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// A move.
    Move,
    /// Resign the game.
    ResignGame,
    /// Resign the match.
    ResignMatch,
    /// Ready for the next game.
    Ready,
    /// Take back one's last ply.
    TakeBack,
}

impl fmt::Display for ActionKind {
    /// The script's words: `move`, `resign-game`, `resign-match`, `ready`,
    /// `take-back`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ActionKind::Move => "move",
            ActionKind::ResignGame => "resign-game",
            ActionKind::ResignMatch => "resign-match",
            ActionKind::Ready => "ready",
            ActionKind::TakeBack => "take-back",
        })
    }
}

/// The phase of a match, as named in refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhaseKind {
    /// A game is being played.
    Playing,
    /// Between games, waiting for every seat to be ready.
    BetweenGames,
    /// The match is over.
    Finished,
}

impl fmt::Display for PhaseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PhaseKind::Playing => "a game is being played",
            PhaseKind::BetweenGames => "the match is between games",
            PhaseKind::Finished => "the match is over",
        })
    }
}

/// Why an action was refused. The match is unchanged by a refused action
/// (except that flags and aborts due by then have been applied).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Refusal {
    /// The seat does not play in this match (e.g. p3 in a two-player match).
    #[error("{seat} is not a seat of this match")]
    NotASeat {
        /// The seat named.
        seat: Seat,
    },
    /// The match has ended; nothing more can be done.
    #[error("the match is over")]
    MatchOver,
    /// A move while no game is being played (between games).
    #[error("the game is over: waiting for every player to be ready")]
    GameOver,
    /// The action does not fit the phase (ready during a game, resign-game
    /// between games).
    #[error("{action} is not possible now: {phase}")]
    WrongPhase {
        /// What was tried.
        action: ActionKind,
        /// The phase the match is in.
        phase: PhaseKind,
    },
    /// The move was meant for another turn than the current one.
    #[error("stale move for {asked}: it is {current} now")]
    StalePly {
        /// The turn the move was meant for.
        asked: Turn,
        /// The current turn.
        current: Turn,
    },
    /// Another seat is to move.
    #[error("not your turn: {to_move} is to move")]
    NotYourTurn {
        /// The seat to move.
        to_move: Seat,
    },
    /// The seat has already pressed Ready.
    #[error("{seat} is already ready")]
    AlreadyReady {
        /// The seat.
        seat: Seat,
    },
    /// The move is illegal in the position.
    #[error("illegal move: {0}")]
    Illegal(#[from] MoveError),
    /// A take-back with nothing to undo: the current game's last ply is not
    /// the seat's (or the game has no ply of a player yet), or it is the
    /// seat's own turn.
    #[error("nothing to take back: {seat} did not make the last move")]
    NothingToTakeBack {
        /// The seat that asked.
        seat: Seat,
    },
}
