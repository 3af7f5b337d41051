//! Swiss pairing (docs/rules.md §7).
//!
//! Each round, the active entrants are ordered by score (most first), then
//! by seed; an odd count first gives a bye to the lowest-ranked entrant who
//! has not had one (the lowest-ranked of all when everyone has). The rest
//! are paired from the top down by a depth-first search: each entrant
//! takes, among the unpaired entrants it has not met, the one of the closest
//! score, but never one that would make either of the two start three more
//! matches than it played second, or the other way round (FIDE's absolute
//! colour criterion, C.04.3 A.6); within its own score
//! group it prefers the entrant half the group below it (the Dutch system's
//! top half against bottom half, FIDE Handbook C.04.3), and then one whose
//! wish to start game 1 does not clash with its own. When a choice leaves
//! some unpaired entrant without any possible opponent, the search backs
//! out of it at once.
//!
//! Score groups are kept where possible: the search runs with a limit on
//! the pairings across score groups ("floats"), starting at the least that
//! the groups' sizes allow (each float mends the parity of at most two
//! groups, so at least half the number of odd-sized groups) and raised by
//! one until a pairing is found; so the pairing found has the fewest floats
//! possible, as long as the search stays within its budget
//! ([`PASS_BUDGET`] steps a limit, [`SEARCH_BUDGET`] in all).
//!
//! A Swiss of at most n/2 rounds always has a pairing without repeats
//! (after r rounds every entrant can still meet n − r ≥ n/2 others; Dirac's
//! theorem gives a Hamiltonian cycle of that graph, hence a perfect
//! matching). When the search runs out of budget, Edmonds' blossom
//! algorithm (J. Edmonds, "Paths, trees, and flowers", 1965) completes the
//! greedy top-down pairing by augmenting paths into a pairing without
//! repeats whenever one exists; only when none exists (late rounds of a
//! long Swiss) are the entrants left over paired again with someone they
//! met, rather than stopping the tournament.
//!
//! Who starts game 1: the entrant who has started fewer first games (count
//! of starts minus count of seconds); on a tie the one who did not start
//! the last match; on a tie the higher-ranked entrant.

use super::{Entrant, Pairing, Played};

/// Search steps (pairs placed) of the depth-first search in all, before the
/// pairing falls back to the blossom algorithm.
pub const SEARCH_BUDGET: usize = 12_000;

/// Search steps for one limit on the floats before the limit is raised.
pub const PASS_BUDGET: usize = 2_000;

/// Where each entrant stands before a round, built from the history.
#[derive(Clone, Debug)]
struct Entry {
    /// Score in half points (a bye counts 2).
    halves: u32,
    /// Starts of game 1 minus seconds.
    balance: i32,
    /// Whether the entrant started game 1 of its last match.
    last_first: Option<bool>,
    had_bye: bool,
}

/// The most rounds a Swiss of `players` entrants can have without two of
/// them meeting twice: n − 1 for an even n, n for an odd n (each round one
/// entrant has a bye) — a round robin's rounds
/// ([`super::round_robin::schedule`]); beyond that a repeat is
/// unavoidable. At least 1.
pub fn max_rounds(players: usize) -> u32 {
    let n = players.max(2) as u32;
    if n % 2 == 0 {
        n - 1
    } else {
        n
    }
}

/// Pairs the next round of a Swiss.
///
/// `n` entrants (seed order, 0 highest); `history` the rounds played so far
/// (all with outcomes, voided pairings with `None`); `active[e]` false for an
/// entrant who left or was removed (never paired again). Returns the
/// pairings, byes last; empty when fewer than two entrants are active (a
/// lone active entrant gets a bye).
///
/// # Panics
/// When `active.len() != n` or the history names an entrant ≥ `n`.
pub fn pair_round(n: usize, history: &[Vec<Played>], active: &[bool]) -> Vec<Pairing> {
    assert_eq!(active.len(), n, "one active flag per entrant");
    let mut entries = vec![
        Entry {
            halves: 0,
            balance: 0,
            last_first: None,
            had_bye: false,
        };
        n
    ];
    let mut met = vec![false; n * n];
    for round in history {
        for played in round {
            let p = played.pairing;
            match p.second {
                None => {
                    entries[p.first].had_bye = true;
                    entries[p.first].halves += 2;
                }
                Some(s) => {
                    met[p.first * n + s] = true;
                    met[s * n + p.first] = true;
                    entries[p.first].balance += 1;
                    entries[s].balance -= 1;
                    entries[p.first].last_first = Some(true);
                    entries[s].last_first = Some(false);
                    for e in [p.first, s] {
                        if let Some(r) = played.result_of(e) {
                            entries[e].halves += super::swiss_halves(r);
                        }
                    }
                }
            }
        }
    }
    let mut order: Vec<Entrant> = (0..n).filter(|&e| active[e]).collect();
    order.sort_by(|&a, &b| entries[b].halves.cmp(&entries[a].halves).then(a.cmp(&b)));
    if order.len() == 1 {
        return vec![Pairing::bye(order[0])];
    }
    if order.len() < 2 {
        return Vec::new();
    }
    let search = Search {
        n,
        entries: &entries,
        met: &met,
    };
    if order.len() % 2 == 0 {
        return search.pair_all(&order);
    }
    // The bye: from the bottom up, the first entrant without a bye whose
    // removal leaves a pairing without repeats.
    let mut candidates: Vec<Entrant> = order
        .iter()
        .rev()
        .copied()
        .filter(|&e| !entries[e].had_bye)
        .collect();
    if candidates.is_empty() {
        candidates = order.iter().rev().copied().collect();
    }
    let mut budget = SEARCH_BUDGET;
    for &bye in &candidates {
        let rest: Vec<Entrant> = order.iter().copied().filter(|&e| e != bye).collect();
        if let Some(mut pairs) = search.without_repeats(&rest, &mut budget) {
            pairs.push(Pairing::bye(bye));
            return pairs;
        }
        if budget == 0 {
            break;
        }
    }
    let bye = candidates[0];
    let rest: Vec<Entrant> = order.iter().copied().filter(|&e| e != bye).collect();
    let mut pairs = search.pair_all(&rest);
    pairs.push(Pairing::bye(bye));
    pairs
}

struct Search<'a> {
    n: usize,
    entries: &'a [Entry],
    met: &'a [bool],
}

impl Search<'_> {
    fn met(&self, a: Entrant, b: Entrant) -> bool {
        self.met[a * self.n + b]
    }

    /// Pairs an even `order`: the search, else the blossom completion.
    fn pair_all(&self, order: &[Entrant]) -> Vec<Pairing> {
        let mut budget = SEARCH_BUDGET;
        self.without_repeats(order, &mut budget)
            .unwrap_or_else(|| self.by_matching(order))
    }

    /// The depth-first search over `order` (score then seed) with the
    /// fewest floats, or `None` when no pairing without repeats exists or
    /// the budget ran out.
    fn without_repeats(&self, order: &[Entrant], budget: &mut usize) -> Option<Vec<Pairing>> {
        let k = order.len();
        // Positions 0..k stand for order[..]; free[i] while unpaired;
        // options[i]: unpaired, not-met partners left for position i.
        let mut free = vec![true; k];
        let mut options = vec![0usize; k];
        for i in 0..k {
            options[i] = (0..k)
                .filter(|&j| j != i && !self.met(order[i], order[j]))
                .count();
        }
        if options.contains(&0) {
            return None;
        }
        let least = self.least_floats(order, &free);
        for floats in least..=k / 2 {
            let mut pass = (*budget).min(PASS_BUDGET);
            let before = pass;
            let mut chosen: Vec<(usize, usize)> = Vec::with_capacity(k / 2);
            let found = self.dfs(
                order,
                &mut free,
                &mut options,
                &mut chosen,
                &mut pass,
                floats,
            );
            *budget -= before - pass;
            if found {
                return Some(
                    chosen
                        .iter()
                        .map(|&(i, j)| self.starts(order[i], order[j]))
                        .collect(),
                );
            }
            if *budget == 0 {
                return None;
            }
        }
        None
    }

    /// The fewest floats the free positions need: half the number of score
    /// groups with an odd count of free entrants.
    fn least_floats(&self, order: &[Entrant], free: &[bool]) -> usize {
        let mut odd = 0;
        let mut i = 0;
        while i < order.len() {
            let halves = self.entries[order[i]].halves;
            let mut count = 0;
            while i < order.len() && self.entries[order[i]].halves == halves {
                count += usize::from(free[i]);
                i += 1;
            }
            odd += count % 2;
        }
        odd / 2
    }

    fn dfs(
        &self,
        order: &[Entrant],
        free: &mut [bool],
        options: &mut [usize],
        chosen: &mut Vec<(usize, usize)>,
        budget: &mut usize,
        floats: usize,
    ) -> bool {
        let Some(i) = free.iter().position(|&f| f) else {
            return true;
        };
        for j in self.candidates(order, free, i, true) {
            let float = self.entries[order[i]].halves != self.entries[order[j]].halves;
            if float && floats == 0 {
                // Candidates come closest score first: the rest float too.
                break;
            }
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            free[i] = false;
            free[j] = false;
            // Everyone still free loses i and j as options.
            let mut dead_end = false;
            for x in 0..order.len() {
                if !free[x] {
                    continue;
                }
                for y in [i, j] {
                    if !self.met(order[x], order[y]) {
                        options[x] -= 1;
                    }
                }
                if options[x] == 0 {
                    dead_end = true;
                }
            }
            let left = floats - usize::from(float);
            if !dead_end && self.least_floats(order, free) <= left {
                chosen.push((i, j));
                if self.dfs(order, free, options, chosen, budget, left) {
                    return true;
                }
                chosen.pop();
            }
            for x in 0..order.len() {
                if !free[x] {
                    continue;
                }
                for y in [i, j] {
                    if !self.met(order[x], order[y]) {
                        options[x] += 1;
                    }
                }
            }
            free[i] = true;
            free[j] = true;
        }
        false
    }

    /// Position `i`'s possible partners among the free positions, best
    /// first: closest score, then (within the score group) nearest to the
    /// entrant half the group below, then no clash over who starts.
    /// `strict`: leave out the partners that would overload either's
    /// starts ([`Search::overload`]).
    fn candidates(&self, order: &[Entrant], free: &[bool], i: usize, strict: bool) -> Vec<usize> {
        let me = order[i];
        let my_halves = self.entries[me].halves;
        let group: Vec<usize> = (i..order.len())
            .filter(|&j| free[j] && self.entries[order[j]].halves == my_halves)
            .collect();
        // The ideal partner's rank inside the free part of the group.
        let ideal = group.len() / 2;
        let mut list: Vec<(u32, bool, usize, bool, usize)> = (0..order.len())
            .filter(|&j| j != i && free[j] && !self.met(me, order[j]))
            .filter(|&j| !strict || !self.overload(me, order[j]))
            .map(|j| {
                let them = order[j];
                let diff = my_halves.abs_diff(self.entries[them].halves);
                let place = group
                    .iter()
                    .position(|&g| g == j)
                    .map_or(usize::MAX, |p| p.abs_diff(ideal));
                (
                    diff,
                    self.overload(me, them),
                    place,
                    self.clash(me, them),
                    j,
                )
            })
            .collect();
        list.sort_unstable();
        list.into_iter().map(|(_, _, _, _, j)| j).collect()
    }

    /// Whether `a` and `b` both want the same start (both started more
    /// first games than seconds, or both fewer).
    fn clash(&self, a: Entrant, b: Entrant) -> bool {
        let (x, y) = (self.entries[a].balance, self.entries[b].balance);
        (x > 0 && y > 0) || (x < 0 && y < 0)
    }

    /// Whether pairing `a` and `b` leaves one of them three starts (or
    /// three seconds) ahead: both are two ahead on the same side.
    fn overload(&self, a: Entrant, b: Entrant) -> bool {
        let (x, y) = (self.entries[a].balance, self.entries[b].balance);
        (x >= 2 && y >= 2) || (x <= -2 && y <= -2)
    }

    /// The pairing of `a` (higher placed) and `b` with the right one
    /// starting game 1.
    fn starts(&self, a: Entrant, b: Entrant) -> Pairing {
        let (ea, eb) = (&self.entries[a], &self.entries[b]);
        let a_first = match ea.balance.cmp(&eb.balance) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => match (ea.last_first, eb.last_first) {
                (Some(true), Some(false)) | (Some(true), None) => false,
                (Some(false), Some(true)) | (None, Some(true)) => true,
                _ => a < b,
            },
        };
        if a_first {
            Pairing::new(a, b)
        } else {
            Pairing::new(b, a)
        }
    }

    /// The fallback: the greedy top-down pairing (each entrant takes its
    /// best free candidate it has not met, within the colour rule),
    /// completed by augmenting paths into a pairing without repeats within
    /// the colour rule when one exists, else without repeats; the entrants
    /// still unpaired then (no pairing without repeats exists) meet again,
    /// top down.
    fn by_matching(&self, order: &[Entrant]) -> Vec<Pairing> {
        let k = order.len();
        let mut mate = vec![NONE; k];
        let mut free = vec![true; k];
        for i in 0..k {
            if !free[i] {
                continue;
            }
            if let Some(j) = self.candidates(order, &free, i, true).first().copied() {
                free[i] = false;
                free[j] = false;
                mate[i] = j;
                mate[j] = i;
            }
        }
        // First within the colour rule; what that leaves unpaired, without
        // it (a matching of the smaller graph is one of the larger).
        for strict in [true, false] {
            let adjacent: Vec<Vec<usize>> = (0..k)
                .map(|i| {
                    (0..k)
                        .filter(|&j| j != i && !self.met(order[i], order[j]))
                        .filter(|&j| !strict || !self.overload(order[i], order[j]))
                        .collect()
                })
                .collect();
            blossom::complete(&adjacent, &mut mate);
            if !mate.contains(&NONE) {
                break;
            }
        }
        let mut pairs = Vec::with_capacity(k / 2);
        let mut left = Vec::new();
        for i in 0..k {
            match mate[i] {
                NONE => left.push(i),
                j if i < j => pairs.push(self.starts(order[i], order[j])),
                _ => {}
            }
        }
        for two in left.chunks(2) {
            if let [i, j] = *two {
                pairs.push(self.starts(order[i], order[j]));
            }
        }
        pairs
    }
}

/// No partner (in a matching).
const NONE: usize = usize::MAX;

/// Edmonds' blossom algorithm for a maximum matching of a general graph,
/// in its breadth-first form (augmenting path search from each exposed
/// vertex, shrinking odd cycles to their base): O(V³).
mod blossom {
    use std::collections::VecDeque;

    use super::NONE;

    /// Grows the matching `mate` (`mate[v]` = v's partner or `NONE`) of
    /// the graph `adjacent` to a maximum one by augmenting paths.
    pub(super) fn complete(adjacent: &[Vec<usize>], mate: &mut [usize]) {
        for root in 0..adjacent.len() {
            if mate[root] == NONE {
                if let Some((end, parent)) = augmenting_path(adjacent, mate, root) {
                    let mut v = end;
                    while v != NONE {
                        let pv = parent[v];
                        let next = mate[pv];
                        mate[v] = pv;
                        mate[pv] = v;
                        v = next;
                    }
                }
            }
        }
    }

    fn lca(mate: &[usize], base: &[usize], parent: &[usize], mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; mate.len()];
        loop {
            a = base[a];
            seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = parent[mate[a]];
        }
        loop {
            b = base[b];
            if seen[b] {
                return b;
            }
            b = parent[mate[b]];
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn mark_path(
        mate: &[usize],
        base: &[usize],
        parent: &mut [usize],
        in_blossom: &mut [bool],
        mut v: usize,
        b: usize,
        mut child: usize,
    ) {
        while base[v] != b {
            in_blossom[base[v]] = true;
            in_blossom[base[mate[v]]] = true;
            parent[v] = child;
            child = mate[v];
            v = parent[mate[v]];
        }
    }

    /// An augmenting path from the exposed vertex `root`: its far end and
    /// the parents to walk back by.
    fn augmenting_path(
        adjacent: &[Vec<usize>],
        mate: &[usize],
        root: usize,
    ) -> Option<(usize, Vec<usize>)> {
        let n = adjacent.len();
        let mut used = vec![false; n];
        let mut parent = vec![NONE; n];
        let mut base: Vec<usize> = (0..n).collect();
        used[root] = true;
        let mut queue = VecDeque::from([root]);
        while let Some(v) = queue.pop_front() {
            for &to in &adjacent[v] {
                if base[v] == base[to] || mate[v] == to {
                    continue;
                }
                if to == root || (mate[to] != NONE && parent[mate[to]] != NONE) {
                    let current = lca(mate, &base, &parent, v, to);
                    let mut in_blossom = vec![false; n];
                    mark_path(mate, &base, &mut parent, &mut in_blossom, v, current, to);
                    mark_path(mate, &base, &mut parent, &mut in_blossom, to, current, v);
                    for i in 0..n {
                        if in_blossom[base[i]] {
                            base[i] = current;
                            if !used[i] {
                                used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if parent[to] == NONE {
                    parent[to] = v;
                    if mate[to] == NONE {
                        return Some((to, parent));
                    }
                    let next = mate[to];
                    used[next] = true;
                    queue.push_back(next);
                }
            }
        }
        None
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// The largest matching by brute force (n ≤ 12).
        fn brute(adjacent: &[Vec<usize>]) -> usize {
            fn best(adjacent: &[Vec<usize>], used: u32, from: usize) -> usize {
                let Some(v) = (from..adjacent.len()).find(|&v| used & (1 << v) == 0) else {
                    return 0;
                };
                let skip = best(adjacent, used | (1 << v), v + 1);
                adjacent[v]
                    .iter()
                    .filter(|&&w| used & (1 << w) == 0)
                    .map(|&w| 1 + best(adjacent, used | (1 << v) | (1 << w), v + 1))
                    .fold(skip, usize::max)
            }
            best(adjacent, 0, 0)
        }

        /// On random graphs, from a greedy start, the augmenting paths
        /// reach a maximum matching — blossoms included (odd cycles are
        /// common in dense random graphs).
        #[test]
        fn reaches_a_maximum_matching_on_random_graphs() {
            let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
            let mut next = move || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            };
            for _ in 0..400 {
                let n = 2 + (next() % 11) as usize;
                let mut adjacent = vec![Vec::new(); n];
                for a in 0..n {
                    for b in a + 1..n {
                        if next() % 3 == 0 {
                            adjacent[a].push(b);
                            adjacent[b].push(a);
                        }
                    }
                }
                let mut mate = vec![NONE; n];
                for a in 0..n {
                    if mate[a] == NONE {
                        if let Some(&b) = adjacent[a].iter().find(|&&b| mate[b] == NONE) {
                            mate[a] = b;
                            mate[b] = a;
                        }
                    }
                }
                complete(&adjacent, &mut mate);
                for a in 0..n {
                    if mate[a] != NONE {
                        assert_eq!(mate[mate[a]], a);
                        assert!(adjacent[a].contains(&mate[a]));
                    }
                }
                let size = mate.iter().filter(|&&m| m != NONE).count() / 2;
                assert_eq!(size, brute(&adjacent), "{adjacent:?}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Outcome;

    fn play(pairs: &[Pairing], outcome: impl Fn(&Pairing) -> Outcome) -> Vec<Played> {
        pairs
            .iter()
            .map(|p| Played::new(*p, p.second.map(|_| outcome(p))))
            .collect()
    }

    #[test]
    fn a_swiss_has_at_most_a_round_robins_rounds() {
        for n in 2..=crate::tournament::ROUND_ROBIN_MAX_PLAYERS {
            let rr = crate::tournament::round_robin::schedule(n).len();
            assert_eq!(max_rounds(n) as usize, rr, "n={n}");
        }
        assert_eq!((max_rounds(4), max_rounds(5), max_rounds(200)), (3, 5, 199));
        assert_eq!((max_rounds(0), max_rounds(1)), (1, 1));
    }

    #[test]
    fn first_round_pairs_top_half_against_bottom_half() {
        let pairs = pair_round(8, &[], &[true; 8]);
        let mut met: Vec<(usize, usize)> = pairs
            .iter()
            .map(|p| {
                let (a, b) = (p.first, p.second.unwrap());
                (a.min(b), a.max(b))
            })
            .collect();
        met.sort();
        assert_eq!(met, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
    }

    #[test]
    fn bye_goes_to_the_lowest_ranked_without_one() {
        let round1 = pair_round(5, &[], &[true; 5]);
        assert_eq!(round1.last(), Some(&Pairing::bye(4)));
        // The higher seed of each pairing wins: 4 (bye) 1, the winners 1.
        let history = vec![play(&round1, |p| {
            if p.first < p.second.unwrap() {
                Outcome::FirstWon
            } else {
                Outcome::SecondWon
            }
        })];
        let round2 = pair_round(5, &history, &[true; 5]);
        let bye = round2.iter().find(|p| p.second.is_none()).unwrap();
        // Scores: 0, 1 and 4 have 1; 2 and 3 have 0: the lowest is 3.
        assert_eq!(bye.first, 3);
    }

    #[test]
    fn who_starts_balances() {
        let round1 = pair_round(4, &[], &[true; 4]);
        let history = vec![play(&round1, |_| Outcome::Draw)];
        let round2 = pair_round(4, &history, &[true; 4]);
        for p in &round2 {
            let s = p.second.unwrap();
            // Everyone started once or not: the one who did not starts now.
            assert!(
                round1.iter().any(|q| q.second == Some(p.first)),
                "{p:?} in {round1:?}"
            );
            assert!(round1.iter().any(|q| q.first == s));
        }
    }

    #[test]
    fn inactive_entrants_are_not_paired() {
        let mut active = [true; 6];
        active[2] = false;
        let pairs = pair_round(6, &[], &active);
        assert!(pairs.iter().all(|p| !p.has(2)));
        assert_eq!(pairs.len(), 3);
        assert_eq!(pairs.iter().filter(|p| p.second.is_none()).count(), 1);
    }
}
