//! The transposition table of the heuristic search (level 5, every variant),
//! and the popout distance bound that keeps it correct with repetition draws.
//!
//! Entries are keyed by a 64-bit hash of the discs of every colour and the
//! side to move (blocks, the variant and the searching colour are fixed for
//! one search, and every search starts a new *generation*: entries of older
//! searches are never used). Buckets of two entries: slot 0 keeps the
//! deeper search, slot 1 takes every other store (Breuker, Uiterwijk & van
//! den Herik 1994, "two-level" replacement).

use crate::game::bitboard::{Bitboard, Geometry};
use crate::game::splitmix64;
use crate::game::{ByColor, Color, Position};

/// The stored score is exact.
pub(crate) const EXACT: u8 = 0;
/// The stored score is a lower bound (the search failed high).
pub(crate) const LOWER: u8 = 1;
/// The stored score is an upper bound (the search failed low).
pub(crate) const UPPER: u8 = 2;
/// Only the move is usable (the score depended on the search path).
pub(crate) const MOVE_ONLY: u8 = 3;

/// Entries of the table: 2^19 × 24 bytes = 12 MiB.
const ENTRIES_LOG2: u32 = 19;

/// One stored search result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Hash of the position ([`hash`]).
    pub key: u64,
    /// Score(s), node-relative for won/lost scores (see `ai::to_table`):
    /// `[score, _, _]` in two-colour and paranoid search, one score per
    /// colour in max-n.
    pub scores: [i32; 3],
    /// Remaining depth of the search that produced it, in plies.
    pub depth: u8,
    /// [`EXACT`], [`LOWER`], [`UPPER`] or [`MOVE_ONLY`].
    pub bound: u8,
    /// Index of the best (or refuting) move + 1 (0: none); see
    /// `ai::move_index`.
    pub best: u8,
    /// Bit 0..6: generation; bit 7: the subtree was searched to its end (no
    /// move cut by the depth limit).
    pub stamp: u8,
}

/// A two-slot-bucket transposition table, reused across searches of one
/// thread.
pub(crate) struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

const COMPLETE: u8 = 0x80;

impl Table {
    /// An empty table of 2^19 entries (12 MiB).
    pub fn new() -> Table {
        Table {
            entries: vec![Entry::default(); 1 << ENTRIES_LOG2],
            generation: 0,
        }
    }

    /// Memory held by the entries, in bytes.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Starts a new search: every entry stored before is ignored from now
    /// on. The generation has 7 bits; when it wraps, the table is wiped.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x7F;
        if self.generation == 0 {
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }

    fn bucket(&self, key: u64) -> usize {
        ((key >> (64 - ENTRIES_LOG2)) as usize) & !1
    }

    /// The entry of `key` stored in this search, with whether its subtree
    /// was complete.
    pub fn probe(&self, key: u64) -> Option<(Entry, bool)> {
        let i = self.bucket(key);
        for e in &self.entries[i..i + 2] {
            if e.key == key && e.stamp & 0x7F == self.generation {
                return Some((*e, e.stamp & COMPLETE != 0));
            }
        }
        None
    }

    /// Stores `e` (its stamp is set here).
    pub fn store(&mut self, mut e: Entry, complete: bool) {
        e.stamp = self.generation | if complete { COMPLETE } else { 0 };
        let i = self.bucket(e.key);
        let slot0 = self.entries[i];
        if slot0.stamp & 0x7F != self.generation || slot0.key == e.key || slot0.depth <= e.depth {
            if slot0.stamp & 0x7F == self.generation && slot0.key != e.key {
                // The deeper entry moves to the always-replace slot.
                self.entries[i + 1] = slot0;
            }
            self.entries[i] = e;
        } else {
            self.entries[i + 1] = e;
        }
    }
}

/// A 64-bit hash of the discs of every colour and the side to move.
pub(crate) fn hash(p: &Position) -> u64 {
    let h = splitmix64(p.discs(Color::Red));
    let h = splitmix64(h ^ p.discs(Color::Yellow));
    let h = splitmix64(h ^ p.discs(Color::Blue));
    h ^ (p.to_move().index() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A lower bound on the number of plies from `a` to `b` in popout (two
/// colours): every move changes one column, and a column is a queue (a drop
/// adds on top, a pop removes the bottom disc), so turning column A into B
/// takes at least k pops and |B| − (|A| − k) drops for the least k such
/// that A without its k lowest discs is the bottom of B. Sides to move
/// that differ need an odd number of plies, equal ones an even number.
/// Stops counting once the bound exceeds `limit` (the result is then some
/// number above `limit`).
pub(crate) fn popout_distance(
    g: &Geometry,
    a: &(ByColor<Bitboard>, Color),
    b: &(ByColor<Bitboard>, Color),
    limit: u32,
) -> u32 {
    let s = g.stride();
    let mask = (1u64 << g.height()) - 1;
    let mut total = 0;
    for c in 0..g.width() as u32 {
        let shift = c * s;
        let ra = (a.0[Color::Red] >> shift) & mask;
        let ya = (a.0[Color::Yellow] >> shift) & mask;
        let rb = (b.0[Color::Red] >> shift) & mask;
        let yb = (b.0[Color::Yellow] >> shift) & mask;
        if ra == rb && ya == yb {
            continue;
        }
        let ha = (ra | ya).count_ones();
        let hb = (rb | yb).count_ones();
        let mut d = ha + hb;
        for k in 0..ha {
            let rem = ha - k;
            if rem <= hb && (ra >> k) == rb & ((1 << rem) - 1) {
                d = k + (hb - rem);
                break;
            }
        }
        total += d;
        if total > limit {
            return total;
        }
    }
    if (total % 2 == 1) != (a.1 != b.1) {
        total += 1;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::notation::parse_moves;
    use crate::game::{Game, Variant};

    fn key(moves: &str) -> (ByColor<Bitboard>, Color) {
        let ms = parse_moves(moves, Variant::Popout).unwrap();
        let g = Game::from_moves(Position::new(Variant::Popout), &ms).unwrap();
        let p = g.position();
        (
            ByColor::new([p.discs(Color::Red), p.discs(Color::Yellow), 0]),
            p.to_move(),
        )
    }

    #[test]
    fn the_popout_distance_is_a_lower_bound_of_real_move_sequences() {
        let g = Variant::Popout.rules().geometry;
        let a = key("a b");
        // Equal positions are 0 apart.
        assert_eq!(popout_distance(&g, &a, &a, 99), 0);
        // a b → -a -b → a b: four plies back to the same position.
        assert_eq!(popout_distance(&g, &key("a b -a -b"), &a, 99), 2);
        assert_eq!(popout_distance(&g, &a, &key("a b c"), 99), 1);
        // Undoing a drop on a tall column takes popping it whole.
        let tall = key("a a a a c");
        let plus = key("a a a a c a");
        assert_eq!(popout_distance(&g, &tall, &plus, 99), 1);
        assert!(popout_distance(&g, &plus, &tall, 99) >= 4);
        // Every real path of n plies is at least the bound.
        let path = [
            "a",
            "a b",
            "a b -a",
            "a b -a c",
            "a b -a c a",
            "a b -a c a -b",
        ];
        for (i, x) in path.iter().enumerate() {
            for (j, y) in path.iter().enumerate().skip(i) {
                assert!(
                    popout_distance(&g, &key(x), &key(y), 99) as usize <= j - i,
                    "{x} → {y}"
                );
            }
        }
    }

    #[test]
    fn a_new_search_hides_the_old_entries() {
        let mut t = Table::new();
        t.new_search();
        let e = Entry {
            key: 42,
            depth: 3,
            ..Entry::default()
        };
        t.store(e, true);
        assert_eq!(t.probe(42).map(|(x, c)| (x.depth, c)), Some((3, true)));
        t.new_search();
        assert!(t.probe(42).is_none());
        for _ in 0..300 {
            t.new_search();
            assert!(t.probe(42).is_none());
        }
    }
}
