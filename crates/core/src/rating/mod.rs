//! Ratings: pure, no IO, no async (docs/architecture.md; docs/rules.md §6).
//!
//! - [`glicko2`] rates the two-sided pools: Glickman, "Example of the
//!   Glicko-2 system" (2013). A match is one rating event whose score is
//!   match points / games ([`glicko2::match_score`]).
//! - [`weng_lin`] rates the three-players and teams pools: Weng & Lin,
//!   "A Bayesian Approximation Method for Online Ranking" (JMLR 2011),
//!   Algorithm 1 with the Bradley-Terry full-pairing model.
//!
//! Both take ratings and results and return new ratings; storing them, and
//! deciding which matches are rated, belongs to the callers. Formulas and
//! decisions are written down in `docs/rating.md`.

pub mod glicko2;
pub mod weng_lin;

pub use glicko2::Glicko2Rating;
pub use weng_lin::WengLinRating;

/// Why a rating computation refused its input (or, for
/// [`RatingError::NoConvergence`], could not finish it).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RatingError {
    /// A number that must be finite was NaN or infinite.
    #[error("{what} must be a finite number, got {value}")]
    NotFinite {
        /// Which input, e.g. "rating" or "sigma".
        what: &'static str,
        /// The offending value.
        value: f64,
    },
    /// A number that must be strictly positive (a rating deviation, a
    /// volatility, a σ) was zero or negative.
    #[error("{what} must be positive, got {value}")]
    NotPositive {
        /// Which input, e.g. "rating deviation".
        what: &'static str,
        /// The offending value.
        value: f64,
    },
    /// A Glicko-2 score outside 0..=1 (1 = won, 0.5 = drawn, 0 = lost).
    #[error("score {0} is outside 0..=1")]
    ScoreOutOfRange(f64),
    /// Match points outside 0..=games, or a match of zero games.
    #[error("{points} match points from {games} games is not a match result")]
    InvalidMatchPoints {
        /// Points the player scored (1 a win, ½ a draw).
        points: f64,
        /// Games played in the match.
        games: u32,
    },
    /// Weng-Lin needs one rank per team.
    #[error("{teams} teams but {ranks} ranks")]
    MismatchedLengths {
        /// Number of teams given.
        teams: usize,
        /// Number of ranks given.
        ranks: usize,
    },
    /// A Weng-Lin rating event needs at least two teams.
    #[error("a rating event needs at least two teams, got {0}")]
    TooFewTeams(usize),
    /// A Weng-Lin team without players.
    #[error("team {0} has no players")]
    EmptyTeam(usize),
    /// The Glicko-2 volatility iteration (Illinois algorithm) did not reach
    /// its tolerance, or produced a non-finite number; only extreme inputs
    /// can cause this.
    #[error("the Glicko-2 volatility iteration did not converge")]
    NoConvergence,
}

/// Checks that `value` is finite.
fn finite(what: &'static str, value: f64) -> Result<f64, RatingError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(RatingError::NotFinite { what, value })
    }
}

/// Checks that `value` is finite and strictly positive.
fn positive(what: &'static str, value: f64) -> Result<f64, RatingError> {
    if finite(what, value)? > 0.0 {
        Ok(value)
    } else {
        Err(RatingError::NotPositive { what, value })
    }
}
