//! Round robin (docs/rules.md §7): everyone meets everyone once.
//!
//! The circle method (Berger tables, FIDE Handbook C.05 annex 1): with `m`
//! entrants (an odd count gets a phantom, whose opponent has the bye), entrant
//! `m − 1` stays put and the others turn one place each round; `m − 1`
//! rounds. Who starts game 1 alternates: each pairing's starter is chosen
//! so that every entrant starts about half its matches (a difference of at
//! most one between starts and seconds).

use super::{Entrant, Pairing};

/// The whole schedule for `n` entrants: `n − 1` rounds (`n` when `n` is
/// odd, each entrant sitting out once with a bye, listed last in its round).
/// Empty for fewer than two entrants.
pub fn schedule(n: usize) -> Vec<Vec<Pairing>> {
    if n < 2 {
        return Vec::new();
    }
    let m = n + n % 2;
    let fixed = m - 1;
    let turning = m - 1;
    let mut rounds = Vec::with_capacity(m - 1);
    for r in 0..m - 1 {
        let mut round = Vec::with_capacity(m / 2);
        let mut bye = None;
        // The fixed entrant meets the one at the top of the circle; the
        // rest face each other across it.
        let top = r % turning;
        let mut pairs = vec![if r % 2 == 0 {
            (top, fixed)
        } else {
            (fixed, top)
        }];
        for i in 1..m / 2 {
            let a = (r + i) % turning;
            let b = (r + turning - i) % turning;
            pairs.push(if i % 2 == 1 { (b, a) } else { (a, b) });
        }
        for (a, b) in pairs {
            if b >= n {
                bye = Some(a);
            } else if a >= n {
                bye = Some(b);
            } else {
                round.push(Pairing::new(a, b));
            }
        }
        if let Some(e) = bye {
            round.push(Pairing::bye(e));
        }
        rounds.push(round);
    }
    rounds
}

/// The round (0-based) in which `a` and `b` meet in [`schedule`]`(n)`.
pub fn round_of(n: usize, a: Entrant, b: Entrant) -> Option<usize> {
    schedule(n).iter().position(|round| {
        round
            .iter()
            .any(|p| (p.first == a && p.second == Some(b)) || (p.first == b && p.second == Some(a)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_play_three_rounds() {
        let s = schedule(4);
        assert_eq!(s.len(), 3);
        assert!(s.iter().all(|r| r.len() == 2));
        assert_eq!(round_of(4, 0, 3), Some(0));
    }

    #[test]
    fn starts_are_balanced() {
        for n in 2..=crate::tournament::ROUND_ROBIN_MAX_PLAYERS {
            let mut starts = vec![0i32; n];
            for round in schedule(n) {
                for p in round {
                    if let Some(s) = p.second {
                        starts[p.first] += 1;
                        starts[s] -= 1;
                    }
                }
            }
            assert!(starts.iter().all(|&d| d.abs() <= 1), "n={n}: {starts:?}");
        }
    }
}
