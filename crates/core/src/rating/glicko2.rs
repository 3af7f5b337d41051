//! Glicko-2 for the two-sided pools (docs/rules.md §6).
//!
//! Source: Mark E. Glickman, "Example of the Glicko-2 system" (Boston
//! University, 2013), steps 1–8, with the Illinois algorithm of step 5 for
//! the new volatility. Ratings are kept on the Glicko scale (points, new
//! players 1500 / RD 350 / volatility 0.06); the computation runs on the
//! Glicko-2 scale μ = (r − 1500) / 173.7178, φ = RD / 173.7178.
//!
//! One call to [`update`] is one rating period. fourbot rates a match as one
//! rating event with a fractional score ([`match_score`]), and grows the
//! rating deviation by one idle rating period per whole week without a rated
//! match ([`decay`], [`inactive_weeks`]). RD is capped at [`MAX_DEVIATION`].

use std::fmt;
use std::time::Duration;

use super::{finite, positive, RatingError};

/// Rating of a new player, in rating points.
pub const DEFAULT_RATING: f64 = 1500.0;
/// Rating deviation of a new player, in rating points.
pub const DEFAULT_DEVIATION: f64 = 350.0;
/// Volatility of a new player (Glicko-2 scale, dimensionless).
pub const DEFAULT_VOLATILITY: f64 = 0.06;
/// The largest rating deviation, in rating points: [`update`] and [`decay`]
/// never return more.
pub const MAX_DEVIATION: f64 = 350.0;
/// A rating is provisional while its deviation is at least this many rating
/// points (docs/rules.md §6).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// The system constant τ, which limits how fast volatility changes.
pub const TAU: f64 = 0.5;
/// Convergence tolerance ε of the volatility iteration (on ln σ²).
pub const CONVERGENCE_TOLERANCE: f64 = 1e-6;
/// Factor between the Glicko scale and the Glicko-2 scale (400 / ln 10).
pub const SCALE: f64 = 173.7178;
/// Length of one idle rating period for [`inactive_weeks`]: a week.
pub const RATING_PERIOD: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// Upper bound on iterations of the volatility search; Glickman's worked
/// example needs five, so reaching this means the input was degenerate.
const MAX_ITERATIONS: usize = 1000;

/// A player's Glicko-2 rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko2Rating {
    /// Rating r, in rating points (1500 for a new player).
    pub rating: f64,
    /// Rating deviation RD, in rating points (350 for a new player): one
    /// standard deviation of the uncertainty about `rating`.
    pub deviation: f64,
    /// Volatility σ, on the Glicko-2 scale (0.06 for a new player): the
    /// expected fluctuation of the player's strength per rating period.
    pub volatility: f64,
}

impl Glicko2Rating {
    /// A new player: 1500 / 350 / 0.06.
    pub const NEW: Glicko2Rating = Glicko2Rating {
        rating: DEFAULT_RATING,
        deviation: DEFAULT_DEVIATION,
        volatility: DEFAULT_VOLATILITY,
    };

    /// A rating from stored values (rating and deviation in rating points,
    /// volatility on the Glicko-2 scale).
    ///
    /// # Errors
    /// [`RatingError::NotFinite`] for NaN or infinite values,
    /// [`RatingError::NotPositive`] for a deviation or volatility ≤ 0.
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Result<Self, RatingError> {
        let value = Glicko2Rating {
            rating,
            deviation,
            volatility,
        };
        value.validate()?;
        Ok(value)
    }

    /// Whether the rating is provisional: RD ≥ [`PROVISIONAL_DEVIATION`].
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// The rating rounded to whole points (halves away from zero), as shown
    /// on the ladder.
    pub fn rounded(&self) -> i64 {
        self.rating.round() as i64
    }

    fn validate(&self) -> Result<(), RatingError> {
        finite("rating", self.rating)?;
        positive("rating deviation", self.deviation)?;
        positive("volatility", self.volatility)?;
        Ok(())
    }

    /// μ on the Glicko-2 scale.
    fn mu(&self) -> f64 {
        (self.rating - DEFAULT_RATING) / SCALE
    }

    /// φ on the Glicko-2 scale.
    fn phi(&self) -> f64 {
        self.deviation / SCALE
    }
}

impl Default for Glicko2Rating {
    /// A new player, [`Glicko2Rating::NEW`].
    fn default() -> Self {
        Glicko2Rating::NEW
    }
}

impl fmt::Display for Glicko2Rating {
    /// The rating rounded to whole points, followed by "?" while
    /// provisional: "1500?", "1623".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rounded())?;
        if self.is_provisional() {
            f.write_str("?")?;
        }
        Ok(())
    }
}

/// The score of a match as one rating event: match points / games
/// (docs/rules.md §6). A won game is 1 point, a drawn game ½. Two-game matches give
/// 1, 0.75, 0.5, 0.25 or 0; a forfeited match is scored 1 or 0 by the caller.
///
/// # Errors
/// [`RatingError::InvalidMatchPoints`] if `games` is 0 or `points` is not in
/// 0..=games (NaN included).
pub fn match_score(points: f64, games: u32) -> Result<f64, RatingError> {
    if games == 0 || !(0.0..=f64::from(games)).contains(&points) {
        return Err(RatingError::InvalidMatchPoints { points, games });
    }
    Ok(points / f64::from(games))
}

/// Whole weeks of inactivity in `elapsed` (time since the player's last
/// rated match): the number of idle rating periods to pass to [`decay`].
pub fn inactive_weeks(elapsed: Duration) -> u32 {
    let weeks = elapsed.as_secs() / RATING_PERIOD.as_secs();
    u32::try_from(weeks).unwrap_or(u32::MAX)
}

/// The rating after `weeks` idle rating periods (Glickman step 6 without
/// games): φ² grows by σ² per period, so φ' = √(φ² + weeks·σ²); RD is capped
/// at [`MAX_DEVIATION`]; rating and volatility are unchanged. `weeks = 0`
/// returns the rating as it is.
///
/// # Errors
/// [`RatingError::NotFinite`] / [`RatingError::NotPositive`] for an invalid
/// rating.
pub fn decay(player: Glicko2Rating, weeks: u32) -> Result<Glicko2Rating, RatingError> {
    player.validate()?;
    if weeks == 0 {
        return Ok(player);
    }
    let phi = player.phi();
    let grown = (phi * phi + f64::from(weeks) * player.volatility * player.volatility).sqrt();
    Ok(Glicko2Rating {
        deviation: (grown * SCALE).min(MAX_DEVIATION),
        ..player
    })
}

/// The rating after one rating period (Glickman 2013, steps 2–8).
///
/// `games` lists the period's results as (opponent's rating at the start of
/// the period, score): score 1 = won, 0.5 = drawn, 0 = lost, or any
/// fraction for a match rated as one event ([`match_score`]). An empty list
/// is an idle period, the same as [`decay`] by one week. The returned RD is
/// capped at [`MAX_DEVIATION`].
///
/// # Errors
/// [`RatingError::NotFinite`] / [`RatingError::NotPositive`] for an invalid
/// player or opponent rating, [`RatingError::ScoreOutOfRange`] for a score
/// outside 0..=1 (NaN included), [`RatingError::NoConvergence`] if the
/// volatility iteration fails (extreme inputs only).
pub fn update(
    player: Glicko2Rating,
    games: &[(Glicko2Rating, f64)],
) -> Result<Glicko2Rating, RatingError> {
    player.validate()?;
    for (opponent, score) in games {
        opponent.validate()?;
        if !(0.0..=1.0).contains(score) {
            return Err(RatingError::ScoreOutOfRange(*score));
        }
    }
    if games.is_empty() {
        return decay(player, 1);
    }

    // Step 2: convert to the Glicko-2 scale.
    let mu = player.mu();
    let phi = player.phi();
    let sigma = player.volatility;

    // Steps 3 and 4: estimated variance v and the sum Σ g(φj)(sj − E).
    let mut information = 0.0;
    let mut surprise = 0.0;
    for (opponent, score) in games {
        let g = g(opponent.phi());
        let expected = expected_score(mu, opponent.mu(), g);
        information += g * g * expected * (1.0 - expected);
        surprise += g * (score - expected);
    }
    let v = 1.0 / information;
    let delta = v * surprise;

    // Step 5: the new volatility.
    let sigma = new_volatility(phi, sigma, v, delta)?;

    // Steps 6 and 7: pre-period deviation, new deviation and rating.
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let new_mu = mu + new_phi * new_phi * surprise;

    // Step 8: back to the Glicko scale.
    let result = Glicko2Rating {
        rating: SCALE * new_mu + DEFAULT_RATING,
        deviation: (SCALE * new_phi).min(MAX_DEVIATION),
        volatility: sigma,
    };
    if result.validate().is_err() {
        return Err(RatingError::NoConvergence);
    }
    Ok(result)
}

/// g(φ) = 1 / √(1 + 3φ²/π²): how much an opponent's uncertainty damps a
/// result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// E(μ, μj, φj) = 1 / (1 + exp(−g(φj)(μ − μj))): the expected score.
fn expected_score(mu: f64, opponent_mu: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - opponent_mu)).exp())
}

/// Step 5: solve f(x) = 0 for x = ln σ'² with the Illinois algorithm
/// (regula falsi that halves the stale end's value), and return σ'.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> Result<f64, RatingError> {
    let a = (sigma * sigma).ln();
    let phi2_v = phi * phi + v;
    let delta2 = delta * delta;
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta2 - phi2_v - ex) / (2.0 * (phi2_v + ex) * (phi2_v + ex)) - (x - a) / (TAU * TAU)
    };

    // Bracket the root between A and B.
    let mut lower = a;
    let mut upper = if delta2 > phi2_v {
        (delta2 - phi2_v).ln()
    } else {
        // f(x) → +∞ as x → −∞, so this loop ends.
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_lower = f(lower);
    let mut f_upper = f(upper);

    let mut iterations = 0;
    while (upper - lower).abs() > CONVERGENCE_TOLERANCE {
        iterations += 1;
        if iterations > MAX_ITERATIONS || !(f_lower.is_finite() && f_upper.is_finite()) {
            return Err(RatingError::NoConvergence);
        }
        let c = lower + (lower - upper) * f_lower / (f_upper - f_lower);
        let f_c = f(c);
        if f_c * f_upper <= 0.0 {
            lower = upper;
            f_lower = f_upper;
        } else {
            f_lower /= 2.0;
        }
        upper = c;
        f_upper = f_c;
    }
    let volatility = (lower / 2.0).exp();
    if volatility.is_finite() && volatility > 0.0 {
        Ok(volatility)
    } else {
        Err(RatingError::NoConvergence)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rating(rating: f64, deviation: f64, volatility: f64) -> Glicko2Rating {
        Glicko2Rating::new(rating, deviation, volatility).unwrap()
    }

    fn assert_close(actual: f64, expected: f64, tolerance: f64, what: &str) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{what}: got {actual}, expected {expected} ± {tolerance}"
        );
    }

    #[test]
    fn glickmans_worked_example_gives_the_published_numbers() {
        // Glickman, "Example of the Glicko-2 system" (2013), computed without
        // rounding intermediate steps (shared/testdata/README.md).
        let player = rating(1500.0, 200.0, 0.06);
        let games = [
            (rating(1400.0, 30.0, 0.06), 1.0),
            (rating(1550.0, 100.0, 0.06), 0.0),
            (rating(1700.0, 300.0, 0.06), 0.0),
        ];
        let after = update(player, &games).unwrap();
        assert_close(after.rating, 1464.0507, 0.01, "rating");
        assert_close(after.deviation, 151.5165, 0.01, "rating deviation");
        assert_close(after.volatility, 0.0599960, 1e-4, "volatility");
        // Tighter than required, to catch a subtly different volatility step.
        assert_close(after.volatility, 0.0599960, 1e-6, "volatility (tight)");
    }

    #[test]
    fn a_one_and_a_half_to_a_half_match_between_new_players_is_one_event() {
        let score = match_score(1.5, 2).unwrap();
        assert_eq!(score, 0.75);
        let after = update(Glicko2Rating::NEW, &[(Glicko2Rating::NEW, score)]).unwrap();
        assert_close(after.rating, 1581.16, 0.01, "rating");
        assert_close(after.deviation, 290.32, 0.01, "rating deviation");
        // The opponent mirrors the change.
        let loser = update(Glicko2Rating::NEW, &[(Glicko2Rating::NEW, 1.0 - score)]).unwrap();
        assert_close(loser.rating, 1500.0 - 81.16, 0.01, "loser rating");
        assert_close(loser.deviation, 290.32, 0.01, "loser rating deviation");
    }

    #[test]
    fn match_scores_are_points_per_game() {
        assert_eq!(match_score(2.0, 2), Ok(1.0));
        assert_eq!(match_score(1.0, 2), Ok(0.5));
        assert_eq!(match_score(0.5, 2), Ok(0.25));
        assert_eq!(match_score(0.0, 2), Ok(0.0));
        assert_eq!(match_score(1.0, 1), Ok(1.0));
        assert!(matches!(
            match_score(3.0, 2),
            Err(RatingError::InvalidMatchPoints { .. })
        ));
        assert!(match_score(-0.5, 2).is_err());
        assert!(match_score(1.0, 0).is_err());
        assert!(match_score(f64::NAN, 2).is_err());
    }

    #[test]
    fn a_new_player_is_shown_provisional() {
        assert_eq!(Glicko2Rating::NEW.to_string(), "1500?");
        assert!(Glicko2Rating::NEW.is_provisional());
        assert_eq!(rating(1623.4, 109.9, 0.06).to_string(), "1623");
        assert_eq!(rating(1623.5, 110.0, 0.06).to_string(), "1624?");
        assert_eq!(Glicko2Rating::default(), Glicko2Rating::NEW);
    }

    #[test]
    fn nonsense_input_is_refused_with_a_reason() {
        let new = Glicko2Rating::NEW;
        assert_eq!(
            update(new, &[(new, 1.5)]),
            Err(RatingError::ScoreOutOfRange(1.5))
        );
        assert_eq!(
            update(new, &[(new, -0.25)]),
            Err(RatingError::ScoreOutOfRange(-0.25))
        );
        assert!(matches!(
            update(new, &[(new, f64::NAN)]),
            Err(RatingError::ScoreOutOfRange(_))
        ));
        let nan_rating = Glicko2Rating {
            rating: f64::NAN,
            ..new
        };
        assert!(matches!(
            update(nan_rating, &[(new, 1.0)]),
            Err(RatingError::NotFinite { what: "rating", .. })
        ));
        assert!(matches!(
            update(new, &[(nan_rating, 1.0)]),
            Err(RatingError::NotFinite { .. })
        ));
        assert!(matches!(
            Glicko2Rating::new(1500.0, 0.0, 0.06),
            Err(RatingError::NotPositive {
                what: "rating deviation",
                ..
            })
        ));
        assert!(matches!(
            Glicko2Rating::new(1500.0, 350.0, -0.06),
            Err(RatingError::NotPositive {
                what: "volatility",
                ..
            })
        ));
        assert!(matches!(
            decay(
                Glicko2Rating {
                    deviation: f64::INFINITY,
                    ..new
                },
                1
            ),
            Err(RatingError::NotFinite { .. })
        ));
    }

    #[test]
    fn an_empty_period_is_one_idle_week() {
        let player = rating(1700.0, 80.0, 0.06);
        assert_eq!(update(player, &[]), decay(player, 1));
    }

    #[test]
    fn decay_grows_rd_by_one_period_per_week_up_to_350() {
        let player = rating(1800.0, 50.0, 0.06);
        let one = decay(player, 1).unwrap();
        let phi = 50.0 / SCALE;
        assert_close(
            one.deviation,
            (phi * phi + 0.06 * 0.06).sqrt() * SCALE,
            1e-9,
            "one week",
        );
        assert_eq!(one.rating, 1800.0);
        assert_eq!(one.volatility, 0.06);
        // Closed form equals repeated single weeks.
        let mut stepwise = player;
        for _ in 0..10 {
            stepwise = decay(stepwise, 1).unwrap();
        }
        assert_close(
            decay(player, 10).unwrap().deviation,
            stepwise.deviation,
            1e-9,
            "ten weeks",
        );
        assert_eq!(decay(player, 0), Ok(player));
        assert_eq!(decay(player, u32::MAX).unwrap().deviation, MAX_DEVIATION);
        assert_eq!(decay(Glicko2Rating::NEW, 1).unwrap().deviation, 350.0);
    }

    #[test]
    fn inactivity_counts_whole_weeks() {
        let day = Duration::from_secs(24 * 60 * 60);
        assert_eq!(inactive_weeks(Duration::ZERO), 0);
        assert_eq!(inactive_weeks(day * 6), 0);
        assert_eq!(inactive_weeks(day * 7), 1);
        assert_eq!(inactive_weeks(day * 20), 2);
        assert_eq!(inactive_weeks(Duration::MAX), u32::MAX);
    }

    #[test]
    fn a_new_players_rd_is_capped_at_350() {
        // An expected loss to a far stronger, well-known opponent carries
        // almost no information, so step 6 alone would leave RD above 350.
        let opponent = rating(3200.0, 30.0, 0.06);
        let after = update(Glicko2Rating::NEW, &[(opponent, 0.0)]).unwrap();
        assert_eq!(after.deviation, MAX_DEVIATION);
        assert!(after.rating <= DEFAULT_RATING);
    }

    #[test]
    fn an_established_players_rd_may_rise_slightly_after_a_game() {
        // Glicko-2 adds one period of volatility (step 6) before the game's
        // information: with a small RD and a very lopsided pairing the
        // information is too little to make up for it. The RD still never
        // exceeds what an idle period (at the new volatility) gives.
        let player = rating(2200.0, 40.0, 0.06);
        let opponent = rating(1000.0, 350.0, 0.06);
        let after = update(player, &[(opponent, 1.0)]).unwrap();
        assert!(after.deviation > player.deviation);
        let idle = Glicko2Rating {
            volatility: after.volatility,
            ..player
        };
        assert!(after.deviation <= decay(idle, 1).unwrap().deviation);
    }

    #[test]
    fn an_upset_raises_volatility_and_the_rd_bound_uses_the_new_volatility() {
        // Found by proptest: a 500-rated player drawing a 1846-rated one gets
        // a higher volatility, so the RD may exceed an idle week at the old σ.
        let player = rating(500.0, 30.0, 0.0924);
        let opponent = rating(1845.7, 30.0, 0.03);
        let after = update(player, &[(opponent, 0.5)]).unwrap();
        assert!(after.volatility > player.volatility);
        assert!(after.rating > player.rating);
        let idle = Glicko2Rating {
            volatility: after.volatility,
            ..player
        };
        assert!(after.deviation <= decay(idle, 1).unwrap().deviation + 1e-9);
    }

    fn any_rating() -> impl Strategy<Value = Glicko2Rating> {
        (500.0..2900.0, 30.0..=350.0, 0.03..0.12).prop_map(|(r, rd, vol)| rating(r, rd, vol))
    }

    fn any_score() -> impl Strategy<Value = f64> {
        prop_oneof![
            Just(0.0),
            Just(0.25),
            Just(0.5),
            Just(0.75),
            Just(1.0),
            0.0..=1.0
        ]
    }

    proptest! {
        #[test]
        fn a_winner_never_loses_and_a_loser_never_gains(
            a in any_rating(),
            b in any_rating(),
            score in any_score(),
        ) {
            let a_after = update(a, &[(b, score)]).unwrap();
            let b_after = update(b, &[(a, 1.0 - score)]).unwrap();
            if score == 1.0 {
                prop_assert!(a_after.rating >= a.rating);
                prop_assert!(b_after.rating <= b.rating);
            }
            if score == 0.0 {
                prop_assert!(a_after.rating <= a.rating);
                prop_assert!(b_after.rating >= b.rating);
            }
        }

        #[test]
        fn a_better_score_never_gives_a_lower_rating(
            a in any_rating(),
            b in any_rating(),
            s1 in any_score(),
            s2 in any_score(),
        ) {
            let (low, high) = if s1 <= s2 { (s1, s2) } else { (s2, s1) };
            let low_after = update(a, &[(b, low)]).unwrap();
            let high_after = update(a, &[(b, high)]).unwrap();
            prop_assert!(low_after.rating <= high_after.rating + 1e-9);
        }

        #[test]
        fn equal_players_move_symmetrically(a in any_rating(), score in any_score()) {
            let winner = update(a, &[(a, score)]).unwrap();
            let loser = update(a, &[(a, 1.0 - score)]).unwrap();
            prop_assert!(
                ((winner.rating - a.rating) + (loser.rating - a.rating)).abs() < 1e-6
            );
            prop_assert!((winner.deviation - loser.deviation).abs() < 1e-6);
            prop_assert!((winner.volatility - loser.volatility).abs() < 1e-9);
        }

        #[test]
        fn a_draw_between_equal_players_keeps_their_rating(a in any_rating()) {
            let after = update(a, &[(a, 0.5)]).unwrap();
            prop_assert!((after.rating - a.rating).abs() < 1e-9);
        }

        #[test]
        fn rd_stays_within_350_and_within_one_idle_period(
            a in any_rating(),
            opponents in proptest::collection::vec((any_rating(), any_score()), 0..6),
        ) {
            let after = update(a, &opponents).unwrap();
            prop_assert!(after.deviation <= MAX_DEVIATION);
            prop_assert!(after.deviation > 0.0);
            // Step 6 with the new volatility bounds the new RD.
            let idle = decay(Glicko2Rating { volatility: after.volatility, ..a }, 1).unwrap();
            prop_assert!(after.deviation <= idle.deviation + 1e-9);
        }

        #[test]
        fn a_provisional_players_rd_never_increases_after_a_game(
            a in (1000.0..2000.0, 110.0..=350.0)
                .prop_map(|(r, rd)| rating(r, rd, DEFAULT_VOLATILITY)),
            offset in -400.0..400.0,
            opponent_rd in 30.0..=350.0,
            score in any_score(),
        ) {
            let b = rating(a.rating + offset, opponent_rd, DEFAULT_VOLATILITY);
            let after = update(a, &[(b, score)]).unwrap();
            prop_assert!(after.deviation <= a.deviation);
        }

        #[test]
        fn decay_is_monotone_in_weeks(a in any_rating(), w1 in 0u32..500, w2 in 0u32..500) {
            let (fewer, more) = if w1 <= w2 { (w1, w2) } else { (w2, w1) };
            let fewer = decay(a, fewer).unwrap();
            let more = decay(a, more).unwrap();
            prop_assert!(fewer.deviation <= more.deviation);
            prop_assert!(a.deviation <= fewer.deviation || a.deviation > MAX_DEVIATION);
            prop_assert!(more.deviation <= MAX_DEVIATION);
            prop_assert_eq!(more.rating, a.rating);
            prop_assert_eq!(more.volatility, a.volatility);
        }
    }
}
