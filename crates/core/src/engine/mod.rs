//! The engine: pure search, no IO (docs/architecture.md).
//!
//! - [`board`]: a specialised 7×6 two-bitboard position.
//! - [`solver`]: the exact 7×6 solver (classic rules) and its score convention.
//! - [`book`]: the opening book the solver reads, shipped in `assets/`;
//!   [`book_import`] builds it from the BitBully databases, [`book_gen`]
//!   generates one with the solver.
//! - [`ai`]: the bot's levels 1–5 for every variant ([`choose_move`]) and
//!   per-move scores for analysis.
//! - [`openings`]: the drawn 4-disc openings of `random-opening`.
//! - [`analysis`]: every move of a position scored; post-game verdicts.
//! - `tt` (private): the transposition table of level 5's search.

pub mod ai;
pub mod analysis;
pub mod board;
pub mod book;
pub mod book_gen;
pub mod book_import;
pub mod openings;
pub mod solver;
mod tt;

pub use ai::{
    choose_move, choose_move_seeded, choose_move_with, level_spec, level_spec_for,
    search_moves_with, LevelSpec, MoveScore,
};
pub use board::{Board, BoardError};
pub use book::Book;
pub use solver::{OutOfBudget, Solver};
