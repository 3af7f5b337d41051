//! Arena (docs/rules.md §7), as lichess runs it (lichess.org/tournament/help):
//! a time window in which a player who finishes a match is paired again at
//! once with a free player of close score.
//!
//! Points: a match won 2, drawn 1, lost 0. Two wins in a row set a streak
//! going: while it lasts, every match scores double (a win 4, a draw 2); the
//! first match not won (still doubled when drawn) ends it. Standings: points,
//! then matches won, then seed.

use super::{Entrant, EntrantResult, Played};

/// An entrant's arena record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArenaScore {
    /// Arena points.
    pub points: u32,
    /// Consecutive wins ending with the last match (a streak doubles from
    /// the second).
    pub wins_in_a_row: u32,
    /// Matches won.
    pub won: u32,
    /// Matches played (with an outcome).
    pub played: u32,
}

impl ArenaScore {
    /// Whether the next match scores double.
    pub fn on_streak(&self) -> bool {
        self.wins_in_a_row >= 2
    }

    /// The record after one more match.
    pub fn after(mut self, result: EntrantResult) -> ArenaScore {
        let factor = if self.on_streak() { 2 } else { 1 };
        self.played += 1;
        match result {
            EntrantResult::Win => {
                self.points += 2 * factor;
                self.won += 1;
                self.wins_in_a_row += 1;
            }
            EntrantResult::Draw => {
                self.points += factor;
                self.wins_in_a_row = 0;
            }
            EntrantResult::Loss => self.wins_in_a_row = 0,
        }
        self
    }
}

/// The records of `n` entrants after `matches`, in the order the matches
/// finished (a streak depends on it). Matches without an outcome count for
/// nothing.
///
/// # Panics
/// When a match names an entrant ≥ `n`.
pub fn scores(n: usize, matches: &[Played]) -> Vec<ArenaScore> {
    let mut scores = vec![ArenaScore::default(); n];
    for m in matches {
        if m.pairing.second.is_none() {
            continue;
        }
        for e in [Some(m.pairing.first), m.pairing.second]
            .into_iter()
            .flatten()
        {
            if let Some(r) = m.result_of(e) {
                scores[e] = scores[e].after(r);
            }
        }
    }
    scores
}

/// The entrants ranked: points, then matches won, then seed; best first.
pub fn ranking(scores: &[ArenaScore]) -> Vec<Entrant> {
    let mut order: Vec<Entrant> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| {
        (scores[b].points, scores[b].won)
            .cmp(&(scores[a].points, scores[a].won))
            .then(a.cmp(&b))
    });
    order
}

/// The partner for `me`, who just became free, among the entrants
/// `waiting` (free, not `me`): the one whose points are closest to `me`'s,
/// not its last opponent when someone else waits; ties to the higher seed.
/// `None` when nobody waits (then `me` waits).
pub fn partner(
    me: Entrant,
    waiting: &[Entrant],
    scores: &[ArenaScore],
    last_opponent: Option<Entrant>,
) -> Option<Entrant> {
    let others: Vec<Entrant> = waiting.iter().copied().filter(|&e| e != me).collect();
    let fresh: Vec<Entrant> = others
        .iter()
        .copied()
        .filter(|&e| Some(e) != last_opponent)
        .collect();
    let pool = if fresh.is_empty() { &others } else { &fresh };
    pool.iter()
        .copied()
        .min_by_key(|&e| (scores[e].points.abs_diff(scores[me].points), e))
}

/// Who starts game 1 between `a` and `b`: the one who started fewer of its
/// arena matches so far (`starts[e]` = starts minus seconds), else `a`.
pub fn first_of(a: Entrant, b: Entrant, starts: &[i32]) -> (Entrant, Entrant) {
    if starts[b] < starts[a] {
        (b, a)
    } else {
        (a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use EntrantResult::*;

    fn run(results: &[EntrantResult]) -> ArenaScore {
        results
            .iter()
            .fold(ArenaScore::default(), |s, &r| s.after(r))
    }

    #[test]
    fn streak_doubles_from_the_third_win() {
        assert_eq!(run(&[Win, Win]).points, 4);
        assert_eq!(run(&[Win, Win, Win]).points, 8);
        assert_eq!(run(&[Win, Win, Win, Win]).points, 12);
        // The draw that ends a streak still scores double; then single.
        assert_eq!(run(&[Win, Win, Draw, Win]).points, 8);
        assert_eq!(run(&[Win, Win, Loss, Win, Win]).points, 8);
        assert_eq!(run(&[Win, Draw, Win, Win]).points, 7);
        assert_eq!(run(&[Draw, Draw, Loss]).points, 2);
    }

    #[test]
    fn partner_is_of_close_score_and_not_the_last_opponent() {
        let scores: Vec<ArenaScore> = [0, 4, 5, 9, 2]
            .iter()
            .map(|&p| ArenaScore {
                points: p,
                ..ArenaScore::default()
            })
            .collect();
        assert_eq!(partner(1, &[0, 2, 3], &scores, None), Some(2));
        assert_eq!(partner(1, &[0, 2, 3], &scores, Some(2)), Some(0));
        assert_eq!(partner(1, &[2], &scores, Some(2)), Some(2));
        assert_eq!(partner(1, &[], &scores, None), None);
    }
}
