//! Swiss and round-robin standings (docs/rules.md §7).
//!
//! Score: a match won (or a bye) 1, drawn ½, lost 0. Ties are broken, in
//! order, by
//! 1. Buchholz cut 1: the sum of the opponents' scores without the lowest
//!    one (FIDE Handbook C.07, 2023: "Buchholz Cut 1");
//! 2. Sonneborn-Berger: the scores of the opponents beaten plus half the
//!    scores of the opponents drawn (C.07 §9.1);
//! 3. the direct result: the points scored in the matches among the tied
//!    entrants only (for two tied entrants who met, the winner of that
//!    match);
//!
//! and what is still tied after that by seed (index 0 first). A bye adds
//! its point but no opponent to the tie-breaks; a pairing without an
//! outcome (being played, or voided) counts for nothing.

use super::{swiss_halves, Entrant, EntrantResult, Played};

/// One entrant's line of the standings. Scores are in half points
/// (`halves / 2` points); Sonneborn-Berger is in quarter points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The entrant (seed index).
    pub entrant: Entrant,
    /// 1-based place; no two entrants share one.
    pub rank: usize,
    /// Score in half points.
    pub halves: u32,
    /// Buchholz cut 1 in half points.
    pub buchholz_cut1: u32,
    /// Sonneborn-Berger in quarter points.
    pub sonneborn_berger: u32,
    /// Matches won (byes included), drawn, lost.
    pub won: u32,
    /// Matches drawn.
    pub drawn: u32,
    /// Matches lost.
    pub lost: u32,
}

/// The standings of `n` entrants after `history` (rounds of pairings),
/// best first.
///
/// # Panics
/// When the history names an entrant ≥ `n`.
pub fn standings(n: usize, history: &[Vec<Played>]) -> Vec<Standing> {
    let played: Vec<&Played> = history.iter().flatten().collect();
    let mut lines: Vec<Standing> = (0..n)
        .map(|entrant| Standing {
            entrant,
            rank: 0,
            halves: 0,
            buchholz_cut1: 0,
            sonneborn_berger: 0,
            won: 0,
            drawn: 0,
            lost: 0,
        })
        .collect();
    // (entrant, opponent, result) for every decided match.
    let mut results: Vec<(Entrant, Entrant, EntrantResult)> = Vec::new();
    for p in &played {
        let pairing = p.pairing;
        for e in [Some(pairing.first), pairing.second].into_iter().flatten() {
            let Some(r) = p.result_of(e) else { continue };
            let line = &mut lines[e];
            line.halves += swiss_halves(r);
            match r {
                EntrantResult::Win => line.won += 1,
                EntrantResult::Draw => line.drawn += 1,
                EntrantResult::Loss => line.lost += 1,
            }
            if let Some(o) = pairing.opponent(e) {
                results.push((e, o, r));
            }
        }
    }
    let score: Vec<u32> = lines.iter().map(|l| l.halves).collect();
    for (e, line) in lines.iter_mut().enumerate() {
        let mut opponents: Vec<u32> = results
            .iter()
            .filter(|(x, _, _)| *x == e)
            .map(|(_, o, _)| score[*o])
            .collect();
        opponents.sort_unstable();
        line.buchholz_cut1 = opponents.iter().skip(1).sum();
        line.sonneborn_berger = results
            .iter()
            .filter(|(x, _, _)| *x == e)
            .map(|(_, o, r)| match r {
                EntrantResult::Win => 2 * score[*o],
                EntrantResult::Draw => score[*o],
                EntrantResult::Loss => 0,
            })
            .sum();
    }
    let key = |l: &Standing| (l.halves, l.buchholz_cut1, l.sonneborn_berger);
    lines.sort_by(|a, b| key(b).cmp(&key(a)).then(a.entrant.cmp(&b.entrant)));
    // The direct result inside each block tied on the three numbers.
    let mut start = 0;
    while start < lines.len() {
        let mut end = start + 1;
        while end < lines.len() && key(&lines[end]) == key(&lines[start]) {
            end += 1;
        }
        if end - start > 1 {
            let block: Vec<Entrant> = lines[start..end].iter().map(|l| l.entrant).collect();
            let mini = |e: Entrant| -> u32 {
                results
                    .iter()
                    .filter(|(x, o, _)| *x == e && block.contains(o))
                    .map(|(_, _, r)| swiss_halves(*r))
                    .sum()
            };
            lines[start..end].sort_by(|a, b| {
                mini(b.entrant)
                    .cmp(&mini(a.entrant))
                    .then(a.entrant.cmp(&b.entrant))
            });
        }
        start = end;
    }
    for (i, line) in lines.iter_mut().enumerate() {
        line.rank = i + 1;
    }
    lines
}
