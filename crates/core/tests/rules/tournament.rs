//! Tournament pairing and standings (docs/rules.md §7): properties of the
//! Swiss, round-robin and arena pairings over random results, and the
//! tie-breaks on tables computed by hand.

use std::collections::HashSet;

use fourbot_core::tournament::standings::standings;
use fourbot_core::tournament::{arena, round_robin, swiss, Outcome, Pairing, Played};
use proptest::prelude::*;

fn key(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

fn outcome(code: u8) -> Outcome {
    match code % 3 {
        0 => Outcome::FirstWon,
        1 => Outcome::SecondWon,
        _ => Outcome::Draw,
    }
}

/// Plays a whole Swiss of `n` entrants and `rounds` rounds with the given
/// result codes; returns the history.
fn play_swiss(n: usize, rounds: usize, codes: &[u8], active: &[bool]) -> Vec<Vec<Played>> {
    let mut history: Vec<Vec<Played>> = Vec::new();
    let mut c = codes.iter().cycle();
    for _ in 0..rounds {
        let pairs = swiss::pair_round(n, &history, active);
        let round = pairs
            .iter()
            .map(|p| Played::new(*p, p.second.map(|_| outcome(*c.next().unwrap()))))
            .collect();
        history.push(round);
    }
    history
}

fn halves_before(n: usize, history: &[Vec<Played>]) -> Vec<u32> {
    let mut s = vec![0; n];
    for line in standings(n, history) {
        s[line.entrant] = line.halves;
    }
    s
}

/// The fewest pairings across score groups among all pairings of
/// `players` without a repeat and without two entrants both two starts (or
/// two seconds) ahead (`balance`), or `None` when there is none: by brute
/// force.
fn fewest_floats(
    players: &[usize],
    halves: &[u32],
    met: &HashSet<(usize, usize)>,
    balance: &[i32],
) -> Option<usize> {
    fn best(
        players: &[usize],
        halves: &[u32],
        met: &HashSet<(usize, usize)>,
        balance: &[i32],
        used: u32,
    ) -> Option<usize> {
        let Some(i) = (0..players.len()).find(|&i| used & (1 << i) == 0) else {
            return Some(0);
        };
        let (a, bal) = (players[i], balance);
        let overload = |b: usize| (bal[a] >= 2 && bal[b] >= 2) || (bal[a] <= -2 && bal[b] <= -2);
        (i + 1..players.len())
            .filter(|&j| used & (1 << j) == 0 && !met.contains(&key(a, players[j])))
            .filter(|&j| !overload(players[j]))
            .filter_map(|j| {
                let float = usize::from(halves[players[i]] != halves[players[j]]);
                best(players, halves, met, balance, used | (1 << i) | (1 << j)).map(|f| f + float)
            })
            .min()
    }
    best(players, halves, met, balance, 0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Up to n/2 rounds: never the same opponents twice, each active
    /// entrant exactly once per round, byes to different entrants.
    #[test]
    fn swiss_never_repeats_and_byes_differ(
        n in 3usize..40,
        codes in proptest::collection::vec(any::<u8>(), 1..200),
    ) {
        let rounds = n / 2;
        let active = vec![true; n];
        let history = play_swiss(n, rounds, &codes, &active);
        let mut met = HashSet::new();
        let mut byes = HashSet::new();
        for round in &history {
            let mut seen = HashSet::new();
            for p in round {
                prop_assert!(seen.insert(p.pairing.first));
                match p.pairing.second {
                    Some(s) => {
                        prop_assert!(seen.insert(s));
                        prop_assert!(met.insert(key(p.pairing.first, s)), "repeat {:?}", p);
                    }
                    None => prop_assert!(byes.insert(p.pairing.first), "second bye {:?}", p),
                }
            }
            prop_assert_eq!(seen.len(), n);
        }
    }

    /// Score groups respected where possible: in every round of a Swiss
    /// of up to 12 (up to n/2 rounds), the pairings across score groups
    /// number exactly the fewest that any pairing of the same entrants
    /// without repeats (and within the colour rule) has, found by brute
    /// force.
    #[test]
    fn swiss_pairs_within_score_groups(
        n in 4usize..=12,
        codes in proptest::collection::vec(any::<u8>(), 1..100),
    ) {
        let history = play_swiss(n, n / 2, &codes, &vec![true; n]);
        for r in 1..history.len() {
            let before = halves_before(n, &history[..r]);
            let mut met = HashSet::new();
            let mut balance = vec![0i32; n];
            for p in history[..r].iter().flatten() {
                if let Some(s) = p.pairing.second {
                    met.insert(key(p.pairing.first, s));
                    balance[p.pairing.first] += 1;
                    balance[s] -= 1;
                }
            }
            let playing: Vec<usize> = history[r]
                .iter()
                .filter(|p| p.pairing.second.is_some())
                .flat_map(|p| [p.pairing.first, p.pairing.second.unwrap()])
                .collect();
            let floats = history[r]
                .iter()
                .filter(|p| p.pairing.second.is_some_and(|s| before[s] != before[p.pairing.first]))
                .count();
            // When no pairing keeps the starts within two, the blossom
            // completion pairs without that rule: nothing to compare.
            if let Some(least) = fewest_floats(&playing, &before, &met, &balance) {
                prop_assert_eq!(floats, least, "round {}", r + 1);
            }
        }
    }

    /// Who starts game 1 is balanced. With results that do not depend on
    /// who starts (the higher seed wins, the lower seed wins or a draw, by
    /// the codes), over a Swiss of the usual length (⌈log₂ n⌉ + 1 rounds,
    /// at most n/2), no entrant starts more than two matches more than it
    /// plays second, or the other way round; and every pairing gives the
    /// start to the one who started fewer (the colour rule itself).
    #[test]
    fn swiss_balances_who_starts(
        n in 4usize..64,
        codes in proptest::collection::vec(any::<u8>(), 1..200),
    ) {
        let rounds = (n.next_power_of_two().trailing_zeros() as usize + 1).min(n / 2);
        let active = vec![true; n];
        let mut history: Vec<Vec<Played>> = Vec::new();
        let mut balance = vec![0i32; n];
        let mut c = codes.iter().cycle();
        for _ in 0..rounds {
            let pairs = swiss::pair_round(n, &history, &active);
            let mut round = Vec::new();
            for p in &pairs {
                let Some(s) = p.second else {
                    round.push(Played::new(*p, None));
                    continue;
                };
                prop_assert!(balance[p.first] <= balance[s], "{:?} with {:?}", p, balance);
                balance[p.first] += 1;
                balance[s] -= 1;
                let higher_first = p.first < s;
                let outcome = match (c.next().unwrap() % 3, higher_first) {
                    (0, true) | (1, false) => Outcome::FirstWon,
                    (0, false) | (1, true) => Outcome::SecondWon,
                    _ => Outcome::Draw,
                };
                round.push(Played::new(*p, Some(outcome)));
            }
            history.push(round);
        }
        prop_assert!(balance.iter().all(|b| b.abs() <= 2), "{:?}", balance);
    }

    /// An entrant who left is never paired again.
    #[test]
    fn swiss_skips_who_left(
        n in 4usize..30,
        gone in any::<prop::sample::Index>(),
        codes in proptest::collection::vec(any::<u8>(), 1..100),
    ) {
        let mut active = vec![true; n];
        active[gone.index(n)] = false;
        let history = play_swiss(n, 3, &codes, &active);
        prop_assert!(history.iter().flatten().all(|p| !p.pairing.has(gone.index(n))));
    }

    /// Arena partners: of closest score among those waiting.
    #[test]
    fn arena_partner_is_closest(
        points in proptest::collection::vec(0u32..30, 2..20),
        me in any::<prop::sample::Index>(),
    ) {
        let n = points.len();
        let me = me.index(n);
        let scores: Vec<arena::ArenaScore> = points
            .iter()
            .map(|&p| arena::ArenaScore { points: p, ..Default::default() })
            .collect();
        let waiting: Vec<usize> = (0..n).filter(|&e| e != me).collect();
        let chosen = arena::partner(me, &waiting, &scores, None).unwrap();
        let best = waiting.iter().map(|&e| points[e].abs_diff(points[me])).min().unwrap();
        prop_assert_eq!(points[chosen].abs_diff(points[me]), best);
    }
}

#[test]
fn round_robin_is_complete() {
    for n in 2..=fourbot_core::tournament::ROUND_ROBIN_MAX_PLAYERS {
        let schedule = round_robin::schedule(n);
        assert_eq!(schedule.len(), if n % 2 == 0 { n - 1 } else { n });
        let mut met = HashSet::new();
        let mut byes = HashSet::new();
        for round in &schedule {
            let mut seen = HashSet::new();
            for p in round {
                assert!(seen.insert(p.first));
                match p.second {
                    Some(s) => {
                        assert!(seen.insert(s));
                        assert!(met.insert(key(p.first, s)), "n={n}: repeat {p:?}");
                    }
                    None => assert!(byes.insert(p.first)),
                }
            }
            assert_eq!(seen.len(), n, "n={n}: everyone every round");
        }
        assert_eq!(met.len(), n * (n - 1) / 2, "n={n}: everyone met");
        assert_eq!(byes.len(), n % 2 * n, "n={n}: odd: a bye each");
    }
}

fn won(a: usize, b: usize) -> Played {
    Played::new(Pairing::new(a, b), Some(Outcome::FirstWon))
}

fn drew(a: usize, b: usize) -> Played {
    Played::new(Pairing::new(a, b), Some(Outcome::Draw))
}

/// A hand-made Swiss of 6 over 3 rounds. Scores (points):
///
/// | round | pairings (winner first, = draw) |
/// |---|---|
/// | 1 | 0–3, 1–4, 2=5 |
/// | 2 | 0–1, 2–3 (3 lost to 2), 5–4 |
/// | 3 | 2–0, 1–5, 3=4 |
///
/// Scores: 0: 2, 1: 2, 2: 2½, 3: ½, 4: ½, 5: 1½.
/// Buchholz cut 1 (opponents' scores, lowest dropped):
/// 0: {3:½, 1:2, 2:2½} → 4½; 1: {4:½, 0:2, 5:1½} → 3½;
/// 2: {5:1½, 3:½, 0:2} → 3½; 5: {2:2½, 4:½, 1:2} → 4½.
/// So 2 (2½) first; 0 and 1 tie on 2 points, 0 ahead on Buchholz (4½ to
/// 3½); 5; then 3 and 4 tie on ½: Buchholz 3: {0:2, 2:2½, 4:½} → 4½,
/// 4: {1:2, 5:1½, 3:½} → 3½: 3 ahead.
#[test]
fn buchholz_cut_one_on_a_hand_made_table() {
    let history = vec![
        vec![won(0, 3), won(1, 4), drew(2, 5)],
        vec![won(0, 1), won(2, 3), won(5, 4)],
        vec![won(2, 0), won(1, 5), drew(3, 4)],
    ];
    let table = standings(6, &history);
    let order: Vec<usize> = table.iter().map(|l| l.entrant).collect();
    assert_eq!(order, vec![2, 0, 1, 5, 3, 4]);
    let by = |e: usize| table.iter().find(|l| l.entrant == e).unwrap();
    assert_eq!(by(0).halves, 4);
    assert_eq!(by(0).buchholz_cut1, 9);
    assert_eq!(by(1).buchholz_cut1, 7);
    assert_eq!(by(3).buchholz_cut1, 9);
    assert_eq!(by(4).buchholz_cut1, 7);
    // Sonneborn-Berger of 2: beat 3 (½) and 0 (2), drew 5 (1½):
    // ½ + 2 + ¾ = 3¼ = 13 quarters.
    assert_eq!(by(2).sonneborn_berger, 13);
}

/// A round robin of 4 where Buchholz cut 1 ties and Sonneborn-Berger
/// decides: 0 beats 1, draws 2, loses to 3; 1 beats 2 and 3; 2 beats 3.
/// Scores: 0: 1½, 1: 2, 2: 1½, 3: 1.
/// Buchholz cut 1: 0: {1:2, 2:1½, 3:1} → 3½; 2: {0:1½, 1:2, 3:1} → 3½.
/// Sonneborn-Berger: 0: beat 1 (2) + ½·drew 2 (1½) = 2¾;
/// 2: beat 3 (1) + ½·drew 0 (1½) = 1¾. So 1, 0, 2, 3.
#[test]
fn sonneborn_berger_breaks_a_buchholz_tie() {
    let history = vec![
        vec![won(0, 1), won(2, 3)],
        vec![drew(0, 2), won(1, 3)],
        vec![won(3, 0), won(1, 2)],
    ];
    let table = standings(4, &history);
    let order: Vec<usize> = table.iter().map(|l| l.entrant).collect();
    assert_eq!(order, vec![1, 0, 2, 3]);
    assert_eq!(table[1].buchholz_cut1, table[2].buchholz_cut1);
    assert_eq!(table[1].sonneborn_berger, 11);
    assert_eq!(table[2].sonneborn_berger, 7);
}

/// Ties on score, Buchholz cut 1 and Sonneborn-Berger, broken by the
/// direct result. Six entrants, three rounds:
///
/// | round | results |
/// |---|---|
/// | 1 | 1 beats 4, 2 beats 0, 3 = 5 |
/// | 2 | 0 = 4, 3 beats 1, 5 = 2 |
/// | 3 | 2 = 1, 5 beats 0, 4 beats 3 |
///
/// Scores: 0: ½, 1: 1½, 2: 2, 3: 1½, 4: 1½, 5: 2.
/// - 2 and 5 (2 points): Buchholz cut 1 2: {0:½, 5:2, 1:1½} → 3½,
///   5: {3:1½, 2:2, 0:½} → 3½; Sonneborn-Berger 2: beat 0 (½) + ½·2 +
///   ½·1½ = 2¼, 5: ½·1½ + ½·2 + beat 0 (½) = 2¼. They drew each other:
///   the seed decides, 2 before 5.
/// - 1 and 3 (1½): Buchholz cut 1 1: {4:1½, 3:1½, 2:2} → 3½,
///   3: {5:2, 1:1½, 4:1½} → 3½; Sonneborn-Berger 1: beat 4 (1½) + ½·2 =
///   2½, 3: ½·2 + beat 1 (1½) = 2½. 3 beat 1: 3 before 1 despite the seed.
/// - 4 (1½): Buchholz cut 1 {1:1½, 0:½, 3:1½} → 3, after 1 and 3.
#[test]
fn direct_result_breaks_the_last_tie() {
    let history = vec![
        vec![won(1, 4), won(2, 0), drew(3, 5)],
        vec![drew(0, 4), won(3, 1), drew(5, 2)],
        vec![drew(2, 1), won(5, 0), won(4, 3)],
    ];
    let table = standings(6, &history);
    let order: Vec<usize> = table.iter().map(|l| l.entrant).collect();
    assert_eq!(order, vec![2, 5, 3, 1, 4, 0]);
    let key = |e: usize| {
        let l = table.iter().find(|l| l.entrant == e).unwrap();
        (l.halves, l.buchholz_cut1, l.sonneborn_berger)
    };
    assert_eq!(key(1), (3, 7, 10));
    assert_eq!(key(1), key(3));
    assert_eq!(key(2), (4, 7, 9));
    assert_eq!(key(2), key(5));
}
