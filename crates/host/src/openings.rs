//! The drawn openings of `random-opening` (docs/rules.md §5), shipped in
//! `assets/openings.txt`: one 7×6 digit string per line (`#` comments).

use std::sync::OnceLock;

use fourbot_core::engine::openings::shipped;
use fourbot_core::game::{splitmix64, Move};

/// Every opening of the list, as moves (the engine reads the file).
///
/// # Panics
/// If the shipped list is malformed (a test reads it).
pub fn all() -> &'static [Vec<Move>] {
    static LIST: OnceLock<Vec<Vec<Move>>> = OnceLock::new();
    LIST.get_or_init(|| {
        shipped()
            .iter()
            .map(|opening| opening.iter().map(|c| Move::Drop(*c)).collect())
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
    use fourbot_core::game::{Game, Position, Variant};

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
