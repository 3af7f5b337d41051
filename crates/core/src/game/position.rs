//! A position: discs, blocks, the side to move and the outcome so far.

use std::fmt;

use super::bitboard::Bitboard;
use super::cell::{column_letter, Cell, Move};
use super::color::{ByColor, Color};
use super::obstacles::ObstacleLayout;
use super::variant::{Rules, Variant};

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The winner completed a line.
    Line,
    /// Misère: the loser completed a line.
    LoserCompletedLine,
    /// PopOut: the loser's pop completed the winner's line (alone, or together
    /// with one of the loser's own).
    PopGaveLine,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The board filled with no line (not in popout).
    FullBoard,
    /// PopOut: the player to move has no legal move.
    NoLegalMove,
    /// PopOut: the same position with the same player to move occurred for
    /// the third time (tracked by [`super::Game`]).
    Repetition,
}

/// The state of a game on the board (resignations and flags belong to the
/// match layer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// The game is drawn.
    Draw(DrawReason),
    /// `winner` won the game.
    Win {
        /// The winning colour.
        winner: Color,
        /// How.
        reason: WinReason,
    },
}

impl Outcome {
    /// Whether the game has ended.
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }
}

/// `ongoing`, `draw`, or `<colour> wins` — the `position` command's words.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Draw(_) => f.write_str("draw"),
            Outcome::Win { winner, .. } => write!(f, "{winner} wins"),
        }
    }
}

/// Why a move is illegal. The position is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveError {
    /// The column does not exist on this board.
    #[error("column {} is not on a {width}-column board", column_name(*column))]
    ColumnOutOfRange {
        /// The 0-based column asked for.
        column: u8,
        /// The board's width.
        width: u8,
    },
    /// Dropping into a full column.
    #[error("column {} is full", column_letter(*column))]
    ColumnFull {
        /// The 0-based column.
        column: u8,
    },
    /// Popping where the bottom disc is not the mover's.
    #[error("there is no {color} disc at the bottom of column {}", column_letter(*column))]
    NoOwnDiscToPop {
        /// The 0-based column.
        column: u8,
        /// The mover.
        color: Color,
    },
    /// A pop outside popout.
    #[error("pops are only allowed in popout")]
    PopNotAllowed,
    /// A move after the game ended.
    #[error("the game is already over")]
    GameOver,
}

fn column_name(column: u8) -> String {
    if column < 26 {
        column_letter(column).to_string()
    } else {
        format!("#{}", column as u32 + 1)
    }
}

/// The legal moves of a position, without allocation (at most 9 drops and 9
/// pops). Dereferences to a slice of [`Move`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveList {
    moves: [Option<Move>; 18],
    len: u8,
}

impl MoveList {
    fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = Some(m);
        self.len += 1;
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no legal move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `i`-th move.
    pub fn get(&self, i: usize) -> Option<Move> {
        self.moves.get(i).copied().flatten()
    }

    /// Whether `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        self.iter().any(|x| x == m)
    }

    /// The moves in order: drops left to right, then pops left to right.
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves[..self.len as usize]
            .iter()
            .map(|m| m.expect("filled"))
    }
}

/// A position of any variant: a `Copy` value of a few words (one bitboard per
/// colour, one for blocks), cheap to copy and to play a move on.
///
/// The outcome is kept up to date by [`Position::play`], except threefold
/// repetition in popout, which needs the game's history ([`super::Game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    discs: ByColor<Bitboard>,
    blocks: Bitboard,
    ply: u32,
    to_move: Color,
    outcome: Outcome,
}

impl Position {
    /// The start position of `variant`: an empty board, columns a and i
    /// filled in `five`, and for `obstacles` the layout drawn from seed 0
    /// (use [`Position::with_layout`] to choose one).
    pub fn new(variant: Variant) -> Position {
        let rules = variant.rules();
        let g = &rules.geometry;
        let mut discs = ByColor::new([0; 3]);
        let mut blocks = 0;
        if rules.prefilled {
            let last = g.width() - 1;
            for row in 0..g.height() {
                let (a, i) = if row % 2 == 0 {
                    (Color::Red, Color::Yellow)
                } else {
                    (Color::Yellow, Color::Red)
                };
                discs[a] |= g.cell_bit(0, row);
                discs[i] |= g.cell_bit(last, row);
            }
        }
        if rules.blocks {
            blocks = ObstacleLayout::from_seed(g, 0).bitboard(g);
        }
        Position {
            variant,
            discs,
            blocks,
            ply: 0,
            to_move: Color::Red,
            outcome: Outcome::Ongoing,
        }
    }

    /// The start position of `obstacles` (or any variant) with the blocks of
    /// `layout`. Blocks fill their cells and never count toward a line.
    pub fn with_layout(variant: Variant, layout: &ObstacleLayout) -> Position {
        let mut p = Position::new(variant);
        p.blocks = layout.bitboard(&variant.rules().geometry);
        p
    }

    /// The variant.
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The variant's rules.
    pub const fn rules(&self) -> &'static Rules {
        self.variant.rules()
    }

    /// Moves played since the start position (drops and pops).
    pub const fn ply(&self) -> u32 {
        self.ply
    }

    /// The colour to move (also after the game ended: the one who would).
    pub const fn to_move(&self) -> Color {
        self.to_move
    }

    /// The outcome on the board so far.
    pub const fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The discs of `color` as a bitboard (layout in [`super::bitboard`]).
    pub fn discs(&self, color: Color) -> Bitboard {
        self.discs[color]
    }

    /// The neutral blocks as a bitboard.
    pub const fn blocks(&self) -> Bitboard {
        self.blocks
    }

    /// Every filled cell: discs and blocks.
    pub fn occupied(&self) -> Bitboard {
        let d = self.discs.as_array();
        d[0] | d[1] | d[2] | self.blocks
    }

    /// What fills `cell`: `None` when empty, else `Some(Some(color))` for a
    /// disc or `Some(None)` for a block.
    pub fn at(&self, cell: Cell) -> Option<Option<Color>> {
        let g = &self.rules().geometry;
        let bit = g.cell_bit(cell.column, cell.row);
        if self.blocks & bit != 0 {
            return Some(None);
        }
        Color::ALL
            .into_iter()
            .find(|&c| self.discs[c] & bit != 0)
            .map(Some)
    }

    /// The 0-based row a drop into `column` would land on, or `None` when the
    /// column is full or off the board.
    pub fn landing_row(&self, column: u8) -> Option<u8> {
        let g = &self.rules().geometry;
        if column >= g.width() {
            return None;
        }
        let col = self.occupied() & g.column_mask(column);
        let row = col.count_ones() as u8;
        (row < g.height()).then_some(row)
    }

    /// Checks `m` without playing it.
    ///
    /// # Errors
    /// The reason the move is illegal.
    pub fn check(&self, m: Move) -> Result<(), MoveError> {
        if self.outcome.is_over() {
            return Err(MoveError::GameOver);
        }
        let rules = self.rules();
        let g = &rules.geometry;
        let column = m.column();
        if column >= g.width() {
            return Err(MoveError::ColumnOutOfRange {
                column,
                width: g.width(),
            });
        }
        match m {
            Move::Drop(_) => {
                if self.occupied() & g.column_mask(column) == g.column_mask(column) {
                    return Err(MoveError::ColumnFull { column });
                }
            }
            Move::Pop(_) => {
                if !rules.pops {
                    return Err(MoveError::PopNotAllowed);
                }
                if self.discs[self.to_move] & g.bottom_cell(column) == 0 {
                    return Err(MoveError::NoOwnDiscToPop {
                        column,
                        color: self.to_move,
                    });
                }
            }
        }
        Ok(())
    }

    /// Plays `m` for the side to move and updates the outcome (docs/rules.md §1,
    /// §5: lines, misère, popout's both-lines rule, full board, no legal move).
    ///
    /// # Errors
    /// The reason the move is illegal; the position is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a move already known to be legal (from [`Position::legal_moves`]
    /// or [`Position::check`]). An illegal move leaves the position corrupt.
    pub fn play_unchecked(&mut self, m: Move) {
        let rules = self.rules();
        let g = &rules.geometry;
        let mover = self.to_move;
        match m {
            Move::Drop(c) => {
                let occupied = self.occupied();
                let landing =
                    (occupied & g.column_mask(c)).wrapping_add(g.bottom_cell(c)) & g.column_mask(c);
                self.discs[mover] |= landing;
            }
            Move::Pop(c) => {
                let col = g.column_mask(c);
                let bottom = g.bottom_cell(c);
                for color in Color::ALL {
                    let d = self.discs[color];
                    let moved = ((d & col & !bottom) >> 1) & col;
                    self.discs[color] = (d & !col) | moved;
                }
            }
        }
        self.ply += 1;
        self.to_move = mover.next(rules.colors);
        self.outcome = self.judge(mover, m);
    }

    fn judge(&self, mover: Color, m: Move) -> Outcome {
        let rules = self.rules();
        let g = &rules.geometry;
        let line = |c: Color| g.has_line(self.discs[c], rules.connect, rules.wrap);
        if rules.pops {
            let opponent = mover.next(rules.colors);
            if matches!(m, Move::Pop(_)) && line(opponent) {
                return Outcome::Win {
                    winner: opponent,
                    reason: WinReason::PopGaveLine,
                };
            }
            if line(mover) {
                return Outcome::Win {
                    winner: mover,
                    reason: WinReason::Line,
                };
            }
            if self.legal_moves().is_empty() {
                return Outcome::Draw(DrawReason::NoLegalMove);
            }
            return Outcome::Ongoing;
        }
        if line(mover) {
            return if rules.misere {
                Outcome::Win {
                    winner: mover.next(rules.colors),
                    reason: WinReason::LoserCompletedLine,
                }
            } else {
                Outcome::Win {
                    winner: mover,
                    reason: WinReason::Line,
                }
            };
        }
        if self.occupied() == g.board_mask() {
            return Outcome::Draw(DrawReason::FullBoard);
        }
        Outcome::Ongoing
    }

    /// Every legal move: drops into non-full columns left to right, then (popout)
    /// pops of the mover's bottom-row discs. Empty once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::default();
        if self.outcome.is_over() {
            return list;
        }
        let rules = self.rules();
        let g = &rules.geometry;
        let top = g.bottom_mask() << (g.height() - 1);
        let free = !self.occupied() & top;
        for c in 0..g.width() {
            if free & g.column_mask(c) != 0 {
                list.push(Move::Drop(c));
            }
        }
        if rules.pops {
            let own = self.discs[self.to_move] & g.bottom_mask();
            for c in 0..g.width() {
                if own & g.bottom_cell(c) != 0 {
                    list.push(Move::Pop(c));
                }
            }
        }
        list
    }

    /// The completed lines on the board as a bitboard: every disc that is part
    /// of a line of at least `connect` of its colour (longer lines count too;
    /// in popout both colours may have one). Blocks never count.
    pub fn line_cells(&self) -> Bitboard {
        let rules = self.rules();
        Color::ALL.into_iter().fold(0, |acc, c| {
            acc | rules
                .geometry
                .line_cells(self.discs[c], rules.connect, rules.wrap)
        })
    }

    /// The completed lines as lists of cells, one list per maximal line, each
    /// ordered along its direction, with the colour that owns it. For the
    /// renderer's highlight of a finished game.
    pub fn lines(&self) -> Vec<(Color, Vec<Cell>)> {
        let rules = self.rules();
        let g = &rules.geometry;
        let (w, h) = (g.width() as i32, g.height() as i32);
        let n = rules.connect as i32;
        let mut out = Vec::new();
        for color in Color::ALL {
            let d = self.discs[color];
            if d == 0 || g.line_cells(d, rules.connect, rules.wrap) == 0 {
                continue;
            }
            let has = |c: i32, r: i32| -> bool {
                if !(0..h).contains(&r) {
                    return false;
                }
                let c = if rules.wrap {
                    c.rem_euclid(w)
                } else if (0..w).contains(&c) {
                    c
                } else {
                    return false;
                };
                d & g.cell_bit(c as u8, r as u8) != 0
            };
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                for r0 in 0..h {
                    // A whole row of one colour on the cylinder has no first
                    // cell: it is one line, read from column a.
                    let ring = rules.wrap && dr == 0 && (0..w).all(|c| has(c, r0));
                    for c0 in 0..w {
                        let first = if ring {
                            c0 == 0
                        } else {
                            !has(c0 - dc, r0 - dr)
                        };
                        if !has(c0, r0) || !first {
                            continue;
                        }
                        let mut cells = Vec::new();
                        let (mut c, mut r) = (c0, r0);
                        while has(c, r) && (cells.len() as i32) < w * h && !(ring && c == w) {
                            cells.push(Cell::new(c.rem_euclid(w) as u8, r as u8));
                            c += dc;
                            r += dr;
                        }
                        if cells.len() as i32 >= n {
                            out.push((color, cells));
                        }
                    }
                }
            }
        }
        out
    }

    /// The text board of the `position` command: one line per row, top row
    /// first, one character per cell (`.` empty, `R` `Y` `B` discs, `#` block).
    pub fn board_text(&self) -> String {
        let g = &self.rules().geometry;
        let mut s = String::with_capacity(g.cells() as usize + g.height() as usize);
        for row in (0..g.height()).rev() {
            for column in 0..g.width() {
                s.push(match self.at(Cell::new(column, row)) {
                    None => '.',
                    Some(None) => '#',
                    Some(Some(c)) => c.letter(),
                });
            }
            s.push('\n');
        }
        s
    }

    /// The position mirrored left↔right (outcome and side to move kept).
    pub fn mirrored(&self) -> Position {
        let g = &self.rules().geometry;
        let mut p = *self;
        for c in Color::ALL {
            p.discs[c] = g.mirror(self.discs[c]);
        }
        p.blocks = g.mirror(self.blocks);
        p
    }

    /// A key for repetition: the discs of each colour and the side to move.
    pub(crate) fn repetition_key(&self) -> (ByColor<Bitboard>, Color) {
        (self.discs, self.to_move)
    }

    pub(crate) fn set_outcome(&mut self, outcome: Outcome) {
        self.outcome = outcome;
    }
}

/// The text board (see [`Position::board_text`]).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PopOut game has no length limit of its own (docs/rules.md §5), so
    /// the ply counter counts past 65,535 (issue 32: a `u16` wrapped there).
    /// Red drops a, yellow drops b, red pops a, yellow pops b: four legal
    /// plies that empty the board again and never make a line (the game's
    /// threefold repetition is the `Game`'s, not the position's).
    #[test]
    fn a_popout_position_counts_plies_past_65535() {
        let cycle = [Move::Drop(0), Move::Drop(1), Move::Pop(0), Move::Pop(1)];
        let mut p = Position::new(Variant::Popout);
        for i in 0..70_000usize {
            p.play(cycle[i % 4])
                .unwrap_or_else(|e| panic!("ply {}: {e:?}", i + 1));
            assert_eq!(
                usize::try_from(p.ply()).ok(),
                Some(i + 1),
                "the ply counter wrapped"
            );
        }
        assert_eq!(p.outcome(), Outcome::Ongoing);
    }
}
