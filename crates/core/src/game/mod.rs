//! The rules engine: pure, no IO, no async (docs/architecture.md).
//!
//! Implements docs/rules.md §1 (basics), §2 (notation) and §5 (the eleven
//! variants) on bitboards ([`bitboard`]). A [`Position`] is a small `Copy`
//! value; a [`Game`] adds the move history (and popout's repetition count).

pub mod bitboard;
mod cell;
mod color;
pub mod notation;
mod obstacles;
mod position;
mod record;
mod variant;

pub use cell::{column_letter, Cell, Move};
pub use color::{ByColor, Color};
pub use obstacles::{splitmix64, LayoutError, ObstacleLayout};
pub use position::{DrawReason, MoveError, MoveList, Outcome, Position, WinReason};
pub use record::{Game, PlyError, RANDOM_OPENING_PLIES};
pub use variant::{Rules, UnknownVariant, Variant};
