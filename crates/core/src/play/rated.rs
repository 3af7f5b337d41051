//! The one rule for whether a match counts for the ladder (docs/rules.md
//! §6). The host applies it to the players it seats, the store to the
//! players it records.

use std::collections::HashSet;
use std::hash::Hash;

use crate::game::Variant;

/// Why a match does not count for the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unrated {
    /// Its variant is never rated (`single`).
    Variant,
    /// A seat is played by the bot's AI.
    Bot,
    /// One player sits on two seats.
    SamePlayerTwice,
}

/// Why a match of `variant` with `players` — per seat, p1 first, who sits
/// there and whether the bot's AI plays the seat — is unrated, or `None`
/// when it is rated (docs/rules.md §6). The reasons are checked in this
/// order: the variant, the bot, a player twice.
pub fn unrated<P: Eq + Hash>(
    variant: Variant,
    players: impl IntoIterator<Item = (P, bool)>,
) -> Option<Unrated> {
    if !variant.rated() {
        return Some(Unrated::Variant);
    }
    let mut seen = HashSet::new();
    let mut twice = false;
    for (player, bot) in players {
        if bot {
            return Some(Unrated::Bot);
        }
        twice |= !seen.insert(player);
    }
    twice.then_some(Unrated::SamePlayerTwice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_is_rated_unless_single_a_bot_or_a_player_twice() {
        let people = |ids: &[u8]| ids.iter().map(|i| (*i, false)).collect::<Vec<_>>();
        assert_eq!(unrated(Variant::Classic, people(&[1, 2])), None);
        assert_eq!(unrated(Variant::Teams, people(&[1, 2, 3, 4])), None);
        assert_eq!(
            unrated(Variant::Single, people(&[1, 2])),
            Some(Unrated::Variant)
        );
        assert_eq!(
            unrated(Variant::Classic, [(1, false), (2, true)]),
            Some(Unrated::Bot)
        );
        assert_eq!(
            unrated(Variant::ThreePlayers, people(&[1, 2, 1])),
            Some(Unrated::SamePlayerTwice)
        );
        // The bot is named before a player who sits twice.
        assert_eq!(
            unrated(
                Variant::Teams,
                [(1, false), (1, false), (9, true), (2, false)]
            ),
            Some(Unrated::Bot)
        );
    }
}
