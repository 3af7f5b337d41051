//! The eleven variants of docs/rules.md §5 and the board rules each one implies.

use std::fmt;
use std::str::FromStr;

use super::bitboard::Geometry;

/// A variant of four-in-a-row, with the stable key used in commands, storage
/// and rating pools (docs/rules.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// 7×6, four in a line, two-game match.
    Classic,
    /// Classic rules, one unrated game.
    Single,
    /// 9×6, five in a line; columns a and i start full.
    Five,
    /// 7×6 with pops from the bottom row.
    Popout,
    /// 6×5, four in a line.
    Small,
    /// 7×6; a line of four loses for its owner.
    Misere,
    /// 7×6; horizontal and diagonal lines wrap from the last column to a.
    Cylinder,
    /// 7×6 with four neutral blocks.
    Obstacles,
    /// 7×6 from a drawn balanced 4-disc opening.
    RandomOpening,
    /// 8×6, red, yellow and blue.
    ThreePlayers,
    /// 7×6, two teams of two sharing a colour.
    Teams,
}

/// The board rules of a variant: everything the position needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Board shape and bit masks.
    pub geometry: Geometry,
    /// Discs in a line needed to end the game (4, or 5 in `five`).
    pub connect: u8,
    /// Colours that take turns (2, or 3 in `three-players`).
    pub colors: u8,
    /// Pops allowed (popout): remove an own disc from the bottom row.
    pub pops: bool,
    /// Horizontal and diagonal lines wrap across the seam (cylinder).
    pub wrap: bool,
    /// A line loses for its owner (misère).
    pub misere: bool,
    /// Columns a and i start filled (five).
    pub prefilled: bool,
    /// Four neutral blocks at the start (obstacles).
    pub blocks: bool,
}

impl Rules {
    const fn base(width: u8, height: u8) -> Rules {
        Rules {
            geometry: Geometry::new(width, height),
            connect: 4,
            colors: 2,
            pops: false,
            wrap: false,
            misere: false,
            prefilled: false,
            blocks: false,
        }
    }
}

const CLASSIC: Rules = Rules::base(7, 6);
const FIVE: Rules = Rules {
    connect: 5,
    prefilled: true,
    ..Rules::base(9, 6)
};
const POPOUT: Rules = Rules {
    pops: true,
    ..CLASSIC
};
const SMALL: Rules = Rules::base(6, 5);
const MISERE: Rules = Rules {
    misere: true,
    ..CLASSIC
};
const CYLINDER: Rules = Rules {
    wrap: true,
    ..CLASSIC
};
const OBSTACLES: Rules = Rules {
    blocks: true,
    ..CLASSIC
};
const THREE_PLAYERS: Rules = Rules {
    colors: 3,
    ..Rules::base(8, 6)
};

impl Variant {
    /// All variants in the order of docs/rules.md §5.
    pub const ALL: [Variant; 11] = [
        Variant::Classic,
        Variant::Single,
        Variant::Five,
        Variant::Popout,
        Variant::Small,
        Variant::Misere,
        Variant::Cylinder,
        Variant::Obstacles,
        Variant::RandomOpening,
        Variant::ThreePlayers,
        Variant::Teams,
    ];

    /// The stable key (`classic`, `random-opening`, `three-players`, …).
    pub const fn key(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Single => "single",
            Variant::Five => "five",
            Variant::Popout => "popout",
            Variant::Small => "small",
            Variant::Misere => "misere",
            Variant::Cylinder => "cylinder",
            Variant::Obstacles => "obstacles",
            Variant::RandomOpening => "random-opening",
            Variant::ThreePlayers => "three-players",
            Variant::Teams => "teams",
        }
    }

    /// The variant's board rules.
    pub const fn rules(self) -> &'static Rules {
        match self {
            Variant::Classic | Variant::Single | Variant::RandomOpening | Variant::Teams => {
                &CLASSIC
            }
            Variant::Five => &FIVE,
            Variant::Popout => &POPOUT,
            Variant::Small => &SMALL,
            Variant::Misere => &MISERE,
            Variant::Cylinder => &CYLINDER,
            Variant::Obstacles => &OBSTACLES,
            Variant::ThreePlayers => &THREE_PLAYERS,
        }
    }

    /// Board width in columns.
    pub const fn width(self) -> u8 {
        self.rules().geometry.width()
    }

    /// Board height in rows.
    pub const fn height(self) -> u8 {
        self.rules().geometry.height()
    }

    /// Games in a match: 1 (single), 3 (three-players) or 2 (docs/rules.md §3, §5).
    pub const fn games_per_match(self) -> u8 {
        match self {
            Variant::Single => 1,
            Variant::ThreePlayers => 3,
            _ => 2,
        }
    }

    /// Whether matches of this variant are rated (all but `single`).
    pub const fn rated(self) -> bool {
        !matches!(self, Variant::Single)
    }

    /// Players in a match: 2, 3 (three-players) or 4 (teams).
    pub const fn players(self) -> u8 {
        match self {
            Variant::ThreePlayers => 3,
            Variant::Teams => 4,
            _ => 2,
        }
    }

    /// Whether the start position is left↔right symmetric, so that mirroring
    /// a game mirrors its outcome (all but `five`, whose filled columns have
    /// opposite colours; an obstacles layout is symmetric by rule).
    pub const fn symmetric_start(self) -> bool {
        !matches!(self, Variant::Five)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A string that is not a variant key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant \"{0}\" (known: classic, single, five, popout, small, misere, cylinder, obstacles, random-opening, three-players, teams)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    /// Parses a key, ignoring ASCII case; `misère` and `_` for `-` are accepted.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let norm = s.trim().to_ascii_lowercase().replace('_', "-");
        let norm = if norm == "misère" {
            "misere".to_string()
        } else {
            norm
        };
        Variant::ALL
            .into_iter()
            .find(|v| v.key() == norm)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}
