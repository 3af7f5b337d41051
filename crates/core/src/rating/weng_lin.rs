//! Weng-Lin (Bradley-Terry, full pairing) for the three-players and teams
//! pools (docs/rules.md §6).
//!
//! Source: Ruby C. Weng and Chih-Jen Lin, "A Bayesian Approximation Method
//! for Online Ranking", JMLR 12 (2011), Algorithm 1 with the Bradley-Terry
//! full-pair model, and γ = σᵢ / cᵢq as the paper suggests; the defaults are
//! the ones openskill uses (μ 25, σ 25/3, β 25/6, κ 0.0001), without
//! openskill's optional additive τ.
//!
//! Every side of a match is a team: three-players is three teams of one,
//! teams is two teams of two. A team's μ is the sum of its players' μ and its
//! σ² the sum of their σ²; each player moves by their share of the team's
//! variance.

use std::fmt;

use super::{finite, positive, RatingError};

/// μ of a new player (skill units, an arbitrary scale).
pub const DEFAULT_MU: f64 = 25.0;
/// σ of a new player (skill units): μ / 3.
pub const DEFAULT_SIGMA: f64 = 25.0 / 3.0;
/// β (skill units): the spread of one performance around the skill, σ / 2.
pub const BETA: f64 = 25.0 / 6.0;
/// κ: the smallest factor by which one event may multiply a σ², so that σ
/// stays positive.
pub const KAPPA: f64 = 0.0001;
/// How many σ the displayed ordinal lies below μ.
pub const ORDINAL_SIGMAS: f64 = 3.0;

/// A player's Weng-Lin rating: a normal belief N(μ, σ²) about their skill.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WengLinRating {
    /// μ, the mean skill (skill units; 25 for a new player).
    pub mu: f64,
    /// σ, the standard deviation of the skill (skill units; 25/3 for a new
    /// player).
    pub sigma: f64,
}

impl WengLinRating {
    /// A new player: μ 25, σ 25/3.
    pub const NEW: WengLinRating = WengLinRating {
        mu: DEFAULT_MU,
        sigma: DEFAULT_SIGMA,
    };

    /// A rating from stored values.
    ///
    /// # Errors
    /// [`RatingError::NotFinite`] for NaN or infinite values,
    /// [`RatingError::NotPositive`] for σ ≤ 0.
    pub fn new(mu: f64, sigma: f64) -> Result<Self, RatingError> {
        let value = WengLinRating { mu, sigma };
        value.validate()?;
        Ok(value)
    }

    /// The displayed rating, a conservative estimate of skill: μ − 3σ
    /// (0 for a new player; about 99.9 % of the belief lies above it). It
    /// rises as a player both wins and becomes better known.
    pub fn ordinal(&self) -> f64 {
        self.mu - ORDINAL_SIGMAS * self.sigma
    }

    /// The ordinal as shown, in tenths (`53` for "5.3"; halves away from
    /// zero): what players compare, so equal values share a rank.
    pub fn shown_tenths(&self) -> i64 {
        (self.ordinal() * 10.0).round() as i64
    }

    fn validate(&self) -> Result<(), RatingError> {
        finite("mu", self.mu)?;
        positive("sigma", self.sigma)?;
        Ok(())
    }
}

impl Default for WengLinRating {
    /// A new player, [`WengLinRating::NEW`].
    fn default() -> Self {
        WengLinRating::NEW
    }
}

impl fmt::Display for WengLinRating {
    /// The [ordinal](WengLinRating::ordinal) with one decimal: "0.0" for a
    /// new player, "5.3" after a first win in three-players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Avoid printing "-0.0" for tiny negative ordinals.
        let shown = self.shown_tenths() as f64 / 10.0 + 0.0;
        write!(f, "{shown:.1}")
    }
}

/// The ratings after one match (Weng & Lin 2011, Algorithm 1, Bradley-Terry
/// full pairing).
///
/// `teams[i]` are the players of side i; `ranks[i]` is that side's place in
/// the match (1 = first; a lower rank is better; tied sides share a rank, and
/// only the order matters, so 1/1/3 and 1/1/2 are the same). The result has
/// the shape of `teams`.
///
/// For each pair of teams i ≠ q: cᵢq = √(σᵢ² + σq² + 2β²),
/// p̂ᵢq = e^{μᵢ/cᵢq} / (e^{μᵢ/cᵢq} + e^{μq/cᵢq}), s = 1 / ½ / 0 as i finished
/// ahead of / level with / behind q; Ωᵢ += σᵢ²/cᵢq · (s − p̂ᵢq) and
/// Δᵢ += (σᵢ/cᵢq) · σᵢ²/cᵢq² · p̂ᵢq p̂qᵢ. Then each player j of team i gets
/// μ += σⱼ²/σᵢ² · Ωᵢ and σ² ×= max(1 − σⱼ²/σᵢ² · Δᵢ, κ).
///
/// # Errors
/// [`RatingError::TooFewTeams`] for fewer than two teams,
/// [`RatingError::MismatchedLengths`] if `ranks` does not have one entry per
/// team, [`RatingError::EmptyTeam`] for a team without players,
/// [`RatingError::NotFinite`] / [`RatingError::NotPositive`] for an invalid
/// rating.
pub fn rate<T: AsRef<[WengLinRating]>>(
    teams: &[T],
    ranks: &[u32],
) -> Result<Vec<Vec<WengLinRating>>, RatingError> {
    if teams.len() < 2 {
        return Err(RatingError::TooFewTeams(teams.len()));
    }
    if ranks.len() != teams.len() {
        return Err(RatingError::MismatchedLengths {
            teams: teams.len(),
            ranks: ranks.len(),
        });
    }
    for (index, team) in teams.iter().enumerate() {
        let team = team.as_ref();
        if team.is_empty() {
            return Err(RatingError::EmptyTeam(index));
        }
        for player in team {
            player.validate()?;
        }
    }

    // Team strength: μᵢ = Σ μ, σᵢ² = Σ σ².
    let strengths: Vec<(f64, f64)> = teams
        .iter()
        .map(|team| {
            team.as_ref().iter().fold((0.0, 0.0), |(mu, var), player| {
                (mu + player.mu, var + player.sigma * player.sigma)
            })
        })
        .collect();
    let two_beta_sq = 2.0 * BETA * BETA;

    let mut result = Vec::with_capacity(teams.len());
    for (i, team) in teams.iter().enumerate() {
        let (mu_i, var_i) = strengths[i];
        let mut omega = 0.0;
        let mut delta = 0.0;
        for (q, &(mu_q, var_q)) in strengths.iter().enumerate() {
            if q == i {
                continue;
            }
            let c = (var_i + var_q + two_beta_sq).sqrt();
            // p̂ᵢq written as a logistic, which cannot overflow.
            let p_iq = 1.0 / (1.0 + ((mu_q - mu_i) / c).exp());
            let s = match ranks[i].cmp(&ranks[q]) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
            let gamma = var_i.sqrt() / c;
            omega += var_i / c * (s - p_iq);
            delta += gamma * var_i / (c * c) * p_iq * (1.0 - p_iq);
        }
        let players = team
            .as_ref()
            .iter()
            .map(|player| {
                let var = player.sigma * player.sigma;
                let share = var / var_i;
                WengLinRating {
                    mu: player.mu + share * omega,
                    sigma: (var * (1.0 - share * delta).max(KAPPA)).sqrt(),
                }
            })
            .collect();
        result.push(players);
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn assert_close(actual: f64, expected: f64, tolerance: f64, what: &str) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{what}: got {actual}, expected {expected} ± {tolerance}"
        );
    }

    const NEW: WengLinRating = WengLinRating::NEW;

    #[test]
    fn three_new_players_placed_first_second_third() {
        let after = rate(&[vec![NEW], vec![NEW], vec![NEW]], &[1, 2, 3]).unwrap();
        let expected_mu = [30.270, 25.0, 19.730];
        for (team, mu) in after.iter().zip(expected_mu) {
            assert_eq!(team.len(), 1);
            assert_close(team[0].mu, mu, 5e-4, "mu");
            assert_close(team[0].sigma, 7.788, 5e-4, "sigma");
        }
    }

    #[test]
    fn two_new_teams_of_two_the_first_wins() {
        let after = rate(&[[NEW, NEW], [NEW, NEW]], &[1, 2]).unwrap();
        for player in &after[0] {
            assert_close(player.mu, 26.964, 5e-4, "winner mu");
        }
        for player in &after[1] {
            assert_close(player.mu, 23.036, 5e-4, "loser mu");
        }
        assert_eq!(after[0][0], after[0][1]);
        assert_eq!(after[0][0].sigma, after[1][0].sigma);
        assert!(after[0][0].sigma < DEFAULT_SIGMA);
    }

    #[test]
    fn only_the_order_of_ranks_matters() {
        let teams = [
            vec![NEW],
            vec![WengLinRating::new(28.0, 5.0).unwrap()],
            vec![NEW],
        ];
        assert_eq!(
            rate(&teams, &[1, 1, 3]).unwrap(),
            rate(&teams, &[1, 1, 2]).unwrap()
        );
        assert_eq!(
            rate(&teams, &[2, 5, 9]).unwrap(),
            rate(&teams, &[1, 2, 3]).unwrap()
        );
    }

    #[test]
    fn a_player_with_more_variance_takes_a_larger_share() {
        let sure = WengLinRating::new(25.0, 2.0).unwrap();
        let after = rate(&[vec![sure, NEW], vec![NEW, NEW]], &[1, 2]).unwrap();
        let sure_gain = after[0][0].mu - sure.mu;
        let new_gain = after[0][1].mu - NEW.mu;
        assert!(sure_gain > 0.0 && new_gain > sure_gain);
    }

    #[test]
    fn the_ordinal_is_mu_minus_three_sigma() {
        assert_eq!(NEW.ordinal(), 0.0);
        assert_eq!(NEW.to_string(), "0.0");
        assert_eq!(WengLinRating::default(), NEW);
        let after = rate(&[vec![NEW], vec![NEW], vec![NEW]], &[1, 2, 3]).unwrap();
        let first = after[0][0];
        assert_close(
            first.ordinal(),
            first.mu - 3.0 * first.sigma,
            1e-12,
            "ordinal",
        );
        assert_eq!(first.to_string(), format!("{:.1}", first.ordinal()));
        assert_eq!(
            WengLinRating::new(1.0, 1.0 / 3.0 + 1e-9)
                .unwrap()
                .to_string(),
            "0.0"
        );
    }

    #[test]
    fn nonsense_input_is_refused_with_a_reason() {
        assert_eq!(rate(&[vec![NEW]], &[1]), Err(RatingError::TooFewTeams(1)));
        assert_eq!(
            rate::<Vec<WengLinRating>>(&[], &[]),
            Err(RatingError::TooFewTeams(0))
        );
        assert_eq!(
            rate(&[vec![NEW], vec![NEW]], &[1]),
            Err(RatingError::MismatchedLengths { teams: 2, ranks: 1 })
        );
        assert_eq!(
            rate(&[vec![NEW], vec![]], &[1, 2]),
            Err(RatingError::EmptyTeam(1))
        );
        let nan = WengLinRating {
            mu: f64::NAN,
            ..NEW
        };
        assert!(matches!(
            rate(&[vec![NEW], vec![nan]], &[1, 2]),
            Err(RatingError::NotFinite { what: "mu", .. })
        ));
        assert!(matches!(
            WengLinRating::new(25.0, 0.0),
            Err(RatingError::NotPositive { what: "sigma", .. })
        ));
        assert!(matches!(
            WengLinRating::new(25.0, f64::INFINITY),
            Err(RatingError::NotFinite { what: "sigma", .. })
        ));
    }

    fn any_rating() -> impl Strategy<Value = WengLinRating> {
        (5.0..45.0, 0.5..=DEFAULT_SIGMA).prop_map(|(mu, sigma)| WengLinRating { mu, sigma })
    }

    fn any_team() -> impl Strategy<Value = Vec<WengLinRating>> {
        proptest::collection::vec(any_rating(), 1..=2)
    }

    proptest! {
        #[test]
        fn the_winner_of_two_never_loses_and_the_loser_never_gains(
            a in any_team(),
            b in any_team(),
        ) {
            let after = rate(&[a.clone(), b.clone()], &[1, 2]).unwrap();
            for (before, now) in a.iter().zip(&after[0]) {
                prop_assert!(now.mu >= before.mu);
            }
            for (before, now) in b.iter().zip(&after[1]) {
                prop_assert!(now.mu <= before.mu);
            }
        }

        #[test]
        fn equal_sides_move_symmetrically(team in any_team(), tie in any::<bool>()) {
            let ranks = if tie { [1, 1] } else { [1, 2] };
            let after = rate(&[team.clone(), team.clone()], &ranks).unwrap();
            for ((before, winner), loser) in team.iter().zip(&after[0]).zip(&after[1]) {
                prop_assert!(((winner.mu - before.mu) + (loser.mu - before.mu)).abs() < 1e-9);
                prop_assert!((winner.sigma - loser.sigma).abs() < 1e-12);
                if tie {
                    prop_assert!((winner.mu - before.mu).abs() < 1e-9);
                }
            }
        }

        #[test]
        fn tied_players_with_equal_ratings_share_the_result(
            tied in any_rating(),
            other in any_rating(),
            other_rank in 1u32..=3,
        ) {
            let after = rate(&[vec![tied], vec![other], vec![tied]], &[2, other_rank, 2]).unwrap();
            prop_assert_eq!(after[0][0], after[2][0]);
        }

        #[test]
        fn sigma_never_grows_and_stays_positive(
            teams in proptest::collection::vec(any_team(), 2..=4),
            ranks in proptest::collection::vec(1u32..=4, 4),
        ) {
            let ranks = &ranks[..teams.len()];
            let after = rate(&teams, ranks).unwrap();
            for (team, team_after) in teams.iter().zip(&after) {
                prop_assert_eq!(team.len(), team_after.len());
                for (before, now) in team.iter().zip(team_after) {
                    prop_assert!(now.sigma <= before.sigma);
                    prop_assert!(now.sigma > 0.0);
                    prop_assert!(now.mu.is_finite());
                }
            }
        }

        #[test]
        fn the_order_of_the_teams_does_not_matter(
            a in any_team(),
            b in any_team(),
            c in any_team(),
            ranks in proptest::collection::vec(1u32..=3, 3),
        ) {
            let forward = rate(&[a.clone(), b.clone(), c.clone()], &ranks).unwrap();
            let backward = rate(&[c, b, a], &[ranks[2], ranks[1], ranks[0]]).unwrap();
            for (x, y) in forward.iter().zip(backward.iter().rev()) {
                for (p, q) in x.iter().zip(y) {
                    prop_assert!((p.mu - q.mu).abs() < 1e-9);
                    prop_assert!((p.sigma - q.sigma).abs() < 1e-9);
                }
            }
        }
    }
}
