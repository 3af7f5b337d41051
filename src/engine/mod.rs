//! The engine: pure search, no IO (ARCHITECTURE.md).
//!
//! - [`board`]: a specialised 7×6 two-bitboard position.
//! - [`solver`]: the exact 7×6 solver (classic rules) and its score convention.
//! - [`book`]: the opening book the solver generates and ships in `assets/`.

pub mod board;
pub mod book;
pub mod solver;

pub use board::{Board, BoardError};
pub use book::Book;
pub use solver::{OutOfBudget, Solver};
