//! The drawn openings of `random-opening` (RULES.md §5), shipped in
//! `assets/openings.txt`: one 7×6 digit string per line (`#` comments).

use std::sync::OnceLock;

use fourbot_core::game::notation::parse_moves;
use fourbot_core::game::{splitmix64, Move, Variant};

const OPENINGS: &str = include_str!("../../../assets/openings.txt");

/// Every opening of the list, as moves.
///
/// # Panics
/// If the shipped list is malformed (a test reads it).
pub fn all() -> &'static [Vec<Move>] {
    static LIST: OnceLock<Vec<Vec<Move>>> = OnceLock::new();
    LIST.get_or_init(|| {
        OPENINGS
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| parse_moves(l, Variant::RandomOpening).expect("shipped opening"))
            .collect()
    })
}

/// The opening drawn by `seed` (uniform over the list; both games of a match
/// use the same one).
pub fn draw(seed: u64) -> Vec<Move> {
    let list = all();
    list[(splitmix64(seed) % list.len() as u64) as usize].clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::game::{Game, Position};

    #[test]
    fn every_shipped_opening_is_four_legal_discs_without_a_line() {
        assert!(!all().is_empty());
        for opening in all() {
            assert_eq!(opening.len(), 4);
            let g = Game::from_moves(Position::new(Variant::RandomOpening), opening).unwrap();
            assert!(!g.outcome().is_over());
        }
    }
}
