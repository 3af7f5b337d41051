//! Match points in half-point steps (docs/rules.md §3: 1 for a win, ½ for a draw).

use std::fmt;
use std::ops::{Add, AddAssign};

/// Points, stored as a count of half-points so that sums are exact.
/// Printed the way the bot shows a score: `0`, `½`, `1`, `1½`, `2`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point (a drawn game).
    pub const HALF: Points = Points(1);
    /// One point (a won game).
    pub const ONE: Points = Points(2);

    /// `halves` half-points.
    pub const fn from_halves(halves: u32) -> Points {
        Points(halves)
    }

    /// `whole` whole points.
    pub const fn whole(whole: u32) -> Points {
        Points(whole * 2)
    }

    /// The count of half-points.
    pub const fn halves(self) -> u32 {
        self.0
    }

    /// The value as a float (for rating scores: points / games).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl fmt::Display for Points {
    /// `0`, `½`, `1`, `1½`, `2`, … (the half as the vulgar fraction ½).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 2;
        match (whole, self.0 % 2) {
            (0, 1) => f.write_str("½"),
            (w, 0) => write!(f, "{w}"),
            (w, _) => write!(f, "{w}½"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_print_as_vulgar_halves() {
        let shown: Vec<String> = (0..5).map(|h| Points::from_halves(h).to_string()).collect();
        assert_eq!(shown, ["0", "½", "1", "1½", "2"]);
        assert_eq!(Points::ONE + Points::HALF, Points::from_halves(3));
        assert_eq!(Points::whole(2).as_f64(), 2.0);
    }
}
