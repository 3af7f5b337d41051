//! The ladder's statistics: the mean of per-game scores with a 95 %
//! confidence interval and a one-sided p-value, by the normal approximation
//! (the central limit theorem; a z test, as the one-sample t test becomes
//! for more than about 30 games: at 100 games Student's 97.5 % quantile is
//! 1.984 against the normal's 1.960).
//!
//! Each game gives one score (two colours: win 1, draw ½, loss 0;
//! three-players: the stronger level's pairwise score against the two
//! weaker players, win 1, draw ½, a game another player won ¼). The games
//! are the independent units, never the two pairwise comparisons inside
//! one three-player game: those two share every move and are correlated,
//! so counting them as two trials would understate the variance.
//! Independence also needs distinct games: a game between deterministic
//! levels is decided by its start and seats, so the ladder gives every
//! three-player game a start of its own (examples/ladder/main.rs).
//!
//! No statistics crate: the normal distribution function below is all it
//! needs.

/// The mean of a sample of per-game scores and what it says about the
/// population mean.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// Games.
    pub n: usize,
    /// The mean score (0..=1).
    pub mean: f64,
    /// The standard error of the mean: the sample standard deviation
    /// (divisor n − 1) over √n.
    pub se: f64,
    /// The 95 % confidence interval, mean ∓ 1.959964 · se.
    pub low: f64,
    pub high: f64,
}

/// The normal distribution's 97.5 % quantile (two-sided 95 %).
const Z_975: f64 = 1.959_963_984_540_054;

/// Summarises `scores` (at least two, else the interval is the mean alone).
pub fn summarise(scores: &[f64]) -> Summary {
    let n = scores.len();
    let mean = if n == 0 {
        0.0
    } else {
        scores.iter().sum::<f64>() / n as f64
    };
    let se = if n < 2 {
        0.0
    } else {
        let ss: f64 = scores.iter().map(|x| (x - mean) * (x - mean)).sum();
        (ss / (n - 1) as f64).sqrt() / (n as f64).sqrt()
    };
    Summary {
        n,
        mean,
        se,
        low: mean - Z_975 * se,
        high: mean + Z_975 * se,
    }
}

impl Summary {
    /// The one-sided p-value of the mean being above `h0` (the null
    /// hypothesis: the population mean is `h0` or less): 1 − Φ(z) with
    /// z = (mean − h0) / se, computed as Φ(−z) so that a small p keeps its
    /// digits. With no spread at all: 0 above `h0`, else 1.
    pub fn p_above(&self, h0: f64) -> f64 {
        if self.se == 0.0 {
            return if self.mean > h0 { 0.0 } else { 1.0 };
        }
        normal_cdf(-(self.mean - h0) / self.se)
    }
}

/// The standard normal distribution function Φ(z) = ½ erfc(−z/√2).
pub fn normal_cdf(z: f64) -> f64 {
    0.5 * erfc(-z / std::f64::consts::SQRT_2)
}

/// The complementary error function by the Chebyshev fit of Numerical
/// Recipes (Press et al., 2nd ed., §6.2, `erfcc`): fractional error below
/// 1.2·10⁻⁷ everywhere, enough for a p-value.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn the_normal_distribution_function_matches_its_tables() {
        // Φ(0) = 0.5, Φ(1.959964) = 0.975, Φ(1.644854) = 0.95,
        // Φ(−2.326348) = 0.01 (any table of the normal distribution).
        assert!(close(normal_cdf(0.0), 0.5, 1e-7));
        assert!(close(normal_cdf(Z_975), 0.975, 1e-7));
        assert!(close(normal_cdf(1.644_854), 0.95, 1e-6));
        assert!(close(normal_cdf(-2.326_348), 0.01, 1e-7));
    }

    #[test]
    fn a_three_player_sample_gives_the_hand_computed_interval_and_p() {
        // 50 games: 10 won (1), 35 drawn (½), 5 won by another player (¼).
        // mean = (10 + 17.5 + 1.25) / 50 = 0.575.
        // Squared deviations: 10 · 0.425² + 35 · 0.075² + 5 · 0.325²
        //   = 1.80625 + 0.196875 + 0.528125 = 2.53125;
        // s² = 2.53125 / 49 = 0.0516582, s = 0.227284,
        // se = s / √50 = 0.0321430.
        // 95 %: 0.575 ∓ 1.959964 · 0.0321430 = 0.575 ∓ 0.0629990
        //   = 0.512001 … 0.637999.
        // z = 0.075 / 0.0321430 = 2.33332, p = 1 − Φ(2.33332) = 0.009815.
        let mut scores = vec![1.0; 10];
        scores.extend([0.5; 35]);
        scores.extend([0.25; 5]);
        let s = summarise(&scores);
        assert_eq!(s.n, 50);
        assert!(close(s.mean, 0.575, 1e-12), "{s:?}");
        assert!(close(s.se, 0.032_143_0, 1e-6), "{s:?}");
        assert!(close(s.low, 0.512_001, 1e-5), "{s:?}");
        assert!(close(s.high, 0.637_999, 1e-5), "{s:?}");
        assert!(close(s.p_above(0.5), 0.009_815, 2e-5), "{}", s.p_above(0.5));
    }

    #[test]
    fn a_sample_at_or_below_the_hypothesis_is_not_significant() {
        // 2 won, 2 lost (two colours): mean ½, z = 0, p = ½.
        let s = summarise(&[1.0, 0.0, 1.0, 0.0]);
        assert!(close(s.p_above(0.5), 0.5, 1e-7));
        // Every game won: no spread, the mean is above ½ for certain.
        let all = summarise(&[1.0; 8]);
        assert_eq!((all.low, all.high, all.p_above(0.5)), (1.0, 1.0, 0.0));
        assert_eq!(summarise(&[0.5; 3]).p_above(0.5), 1.0);
    }

    #[test]
    fn a_tiny_p_value_keeps_its_digits() {
        // Φ(−8) = 6.2210e−16 (normal tables); 1 − Φ(8) would round to 0.
        let p = normal_cdf(-8.0);
        assert!((p / 6.221e-16 - 1.0).abs() < 1e-3, "{p:e}");
    }
}
