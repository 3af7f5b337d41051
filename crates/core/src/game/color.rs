//! Disc colours and per-colour data.

use std::fmt;
use std::ops::{Index, IndexMut};

/// The colour of a disc. Red moves first, then yellow, then (three-players
/// only) blue — docs/rules.md §1 and §5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player's colour.
    Red = 0,
    /// The second player's colour.
    Yellow = 1,
    /// The third player's colour (three-players only).
    Blue = 2,
}

impl Color {
    /// All colours in turn order.
    pub const ALL: [Color; 3] = [Color::Red, Color::Yellow, Color::Blue];

    /// Index 0, 1 or 2 in turn order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour at `index` (0 red, 1 yellow, 2 blue).
    ///
    /// # Panics
    /// If `index > 2`.
    pub const fn from_index(index: usize) -> Color {
        Color::ALL[index]
    }

    /// The colour that moves after `self` when `colors` colours (2 or 3) play.
    pub const fn next(self, colors: u8) -> Color {
        Color::ALL[(self as usize + 1) % colors as usize]
    }

    /// The lower-case English name (`red`, `yellow`, `blue`), as used by the
    /// `position` command and the exchange format's tag names (capitalised).
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Yellow => "yellow",
            Color::Blue => "blue",
        }
    }

    /// The one-letter cell code of the text board: `R`, `Y`, `B`.
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'R',
            Color::Yellow => 'Y',
            Color::Blue => 'B',
        }
    }

    /// The coloured circle the bot prints in move lists on Discord (🔴 🟡 🔵).
    pub const fn emoji(self) -> &'static str {
        match self {
            Color::Red => "🔴",
            Color::Yellow => "🟡",
            Color::Blue => "🔵",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per colour (red, yellow, blue), indexed by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    values: [T; 3],
}

impl<T> ByColor<T> {
    /// Builds the table from `[red, yellow, blue]`.
    pub const fn new(values: [T; 3]) -> Self {
        ByColor { values }
    }

    /// The values in turn order `[red, yellow, blue]`.
    pub fn as_array(&self) -> &[T; 3] {
        &self.values
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, color: Color) -> &T {
        &self.values[color.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        &mut self.values[color.index()]
    }
}
