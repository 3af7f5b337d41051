//! Notation of docs/rules.md §2: moves, numbered move lists, digit strings and the
//! tag-pair exchange format.
//!
//! Accepted move tokens (any case): a column letter `a`…; a 1-based column
//! digit `1`…`W`; a pop `-a` or `pop a` (popout); a drawn opening disc in
//! parentheses `(d)`. A move list may number its moves (`1. d 2. c`, also
//! `1.d`), may mark each with `●` or the mover's 🔴 🟡 🔵, and may separate
//! tokens with spaces, new lines or commas. On a 7×6 board a run of two or
//! more digits is the solver community's digit string (`4453`); a run of
//! letters (`ddcd`) is read as one drop per letter on any board.

use std::fmt;

use super::cell::{column_letter, Cell, Move};
use super::color::Color;
use super::obstacles::{LayoutError, ObstacleLayout};
use super::position::{MoveError, Outcome, Position};
use super::record::{Game, PlyError};
use super::variant::{UnknownVariant, Variant};

/// Why a token of a move list could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// Neither a column letter nor a column digit of this board.
    #[error("\"{token}\" is not a column of a {width}×{height} board")]
    NotAColumn {
        /// The token as typed.
        token: String,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
    /// A pop outside popout.
    #[error("\"{token}\" is a pop, and pops are only allowed in popout")]
    PopNotAllowed {
        /// The token as typed.
        token: String,
    },
    /// `pop` at the end of the text.
    #[error("\"pop\" must be followed by a column")]
    PopWithoutColumn,
    /// A digit string on a board other than 7×6.
    #[error("\"{token}\" is a digit string, which is only read on a 7×6 board")]
    DigitStringNot7x6 {
        /// The token as typed.
        token: String,
    },
    /// A move number that does not match the move's place in the list.
    #[error("move number {found}. stands where move {expected} was expected")]
    WrongMoveNumber {
        /// The number written.
        found: String,
        /// The 1-based ply of the next move.
        expected: usize,
    },
    /// A colour mark that is not the mover's colour.
    #[error("{mark} marks {marked}, but {to_move} is to move")]
    WrongColorMark {
        /// The mark as written.
        mark: String,
        /// The colour it stands for.
        marked: Color,
        /// The colour of the mover at that ply.
        to_move: Color,
    },
}

/// A token that could not be read, at a 1-based ply of the move list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply}: {error}")]
pub struct NotationError {
    /// The 1-based ply the token stands at.
    pub ply: usize,
    /// What is wrong.
    pub error: TokenError,
}

/// Reads one move as a player types it in a match thread (docs/rules.md §2): a
/// column letter (any case), a column digit 1..W, or in popout `-a` /
/// `pop a`. Surrounding white space is ignored.
///
/// # Errors
/// Why the text is not a move of `variant`.
pub fn parse_move(text: &str, variant: Variant) -> Result<Move, TokenError> {
    let text = text.trim();
    let lower = text.to_lowercase();
    if let Some(rest) = lower.strip_prefix("pop") {
        if rest.starts_with(char::is_whitespace) {
            return pop(text, rest.trim(), variant);
        }
    }
    if let Some(rest) = lower.strip_prefix('-') {
        return pop(text, rest, variant);
    }
    column(text, &lower, variant).map(Move::Drop)
}

fn pop(token: &str, column_text: &str, variant: Variant) -> Result<Move, TokenError> {
    let c = column(token, column_text, variant)?;
    if !variant.rules().pops {
        return Err(TokenError::PopNotAllowed {
            token: token.to_string(),
        });
    }
    Ok(Move::Pop(c))
}

fn column(token: &str, lower: &str, variant: Variant) -> Result<u8, TokenError> {
    let g = &variant.rules().geometry;
    let not_a_column = || TokenError::NotAColumn {
        token: token.to_string(),
        width: g.width(),
        height: g.height(),
    };
    let mut chars = lower.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(not_a_column());
    };
    let c = match ch {
        'a'..='z' => ch as u8 - b'a',
        '1'..='9' => ch as u8 - b'1',
        _ => return Err(not_a_column()),
    };
    if c < g.width() {
        Ok(c)
    } else {
        Err(not_a_column())
    }
}

const DOT: &str = "●";

fn mark_color(token: &str) -> Option<Option<Color>> {
    match token {
        DOT => Some(None),
        _ => Color::ALL
            .into_iter()
            .find(|c| c.emoji() == token)
            .map(Some),
    }
}

/// Splits a leading colour mark (`●`, 🔴, 🟡, 🔵) off a token.
fn split_mark(token: &str) -> Option<(&str, &str)> {
    [DOT, "🔴", "🟡", "🔵"]
        .into_iter()
        .find_map(|m| token.strip_prefix(m).map(|rest| (m, rest)))
}

/// Reads a move list of `variant` in any notation of docs/rules.md §2 (see the
/// module docs), from the variant's start position. Legality is not checked
/// here (see [`Game::from_moves`]); the colour marks are checked against the
/// turn order.
///
/// # Errors
/// The first unreadable token, with the ply it stands at.
pub fn parse_moves(text: &str, variant: Variant) -> Result<Vec<Move>, NotationError> {
    let rules = variant.rules();
    let mut moves: Vec<Move> = Vec::new();
    let mut tokens = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty())
        .peekable();
    let fail = |moves: &Vec<Move>, error| NotationError {
        ply: moves.len() + 1,
        error,
    };
    while let Some(raw) = tokens.next() {
        let mut token = raw;
        // Move number: "12." or "12..." or "12.d".
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && token[digits..].starts_with('.') {
            let number = &token[..digits];
            let expected = moves.len() + 1;
            if number.parse::<usize>().ok() != Some(expected) {
                return Err(fail(
                    &moves,
                    TokenError::WrongMoveNumber {
                        found: number.to_string(),
                        expected,
                    },
                ));
            }
            token = token[digits..].trim_start_matches('.');
            if token.is_empty() {
                continue;
            }
        }
        // Colour mark, alone or glued to the move.
        if let Some((mark, rest)) = split_mark(token) {
            if let Some(Some(marked)) = mark_color(mark) {
                let to_move = Color::from_index(moves.len() % rules.colors as usize);
                if marked != to_move {
                    return Err(fail(
                        &moves,
                        TokenError::WrongColorMark {
                            mark: mark.to_string(),
                            marked,
                            to_move,
                        },
                    ));
                }
            }
            token = rest;
            if token.is_empty() {
                continue;
            }
        }
        // A drawn opening disc: "(d)".
        if let Some(inner) = token.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
            token = inner;
        }
        if token.eq_ignore_ascii_case("pop") {
            let Some(col) = tokens.next() else {
                return Err(fail(&moves, TokenError::PopWithoutColumn));
            };
            let m = pop(&format!("pop {col}"), &col.to_lowercase(), variant)
                .map_err(|e| fail(&moves, e))?;
            moves.push(m);
            continue;
        }
        if token.len() > 1 && token.bytes().all(|b| b.is_ascii_digit()) {
            let g = &rules.geometry;
            if (g.width(), g.height()) != (7, 6) {
                return Err(fail(
                    &moves,
                    TokenError::DigitStringNot7x6 {
                        token: token.to_string(),
                    },
                ));
            }
            for i in 0..token.len() {
                let m = column(&token[i..i + 1], &token[i..i + 1], variant)
                    .map_err(|e| fail(&moves, e))?;
                moves.push(Move::Drop(m));
            }
            continue;
        }
        if token.chars().count() > 1 && token.chars().all(|c| c.is_ascii_alphabetic()) {
            // Letters run together: "ddcd".
            for i in 0..token.len() {
                let m = column(
                    &token[i..i + 1],
                    &token[i..i + 1].to_ascii_lowercase(),
                    variant,
                )
                .map_err(|e| fail(&moves, e))?;
                moves.push(Move::Drop(m));
            }
            continue;
        }
        let m = parse_move(token, variant).map_err(|e| fail(&moves, e))?;
        moves.push(m);
    }
    Ok(moves)
}

/// How a move list marks each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MarkStyle {
    /// `1. d 2. c`.
    #[default]
    Plain,
    /// `1. ● d 2. ● c`.
    Dot,
    /// `1. 🔴 d 2. 🟡 c` — as the bot prints on Discord.
    Emoji,
}

/// Prints a numbered move list (docs/rules.md §2): `1. d 2. d 3. -a`; the first
/// `opening_plies` moves (a drawn random opening) in parentheses: `1. (d)`.
/// [`parse_moves`] reads every style back to the same moves.
pub fn format_moves(moves: &[Move], colors: u8, opening_plies: usize, style: MarkStyle) -> String {
    let mut s = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&format!("{}. ", i + 1));
        match style {
            MarkStyle::Plain => {}
            MarkStyle::Dot => s.push_str("● "),
            MarkStyle::Emoji => {
                s.push_str(Color::from_index(i % colors as usize).emoji());
                s.push(' ');
            }
        }
        if i < opening_plies {
            s.push_str(&format!("({m})"));
        } else {
            s.push_str(&m.to_string());
        }
    }
    s
}

/// The move list of `game` in `style` (drawn opening discs marked).
pub fn game_moves_text(game: &Game, style: MarkStyle) -> String {
    format_moves(
        game.moves(),
        game.position().rules().colors,
        game.opening_plies(),
        style,
    )
}

/// Parses the cells of an obstacles layout: `"b1 f1 b2 f2"` (spaces or commas).
///
/// # Errors
/// A malformed cell, or a layout that breaks the rule of docs/rules.md §5.
pub fn parse_layout(text: &str, variant: Variant) -> Result<ObstacleLayout, SetupError> {
    let g = &variant.rules().geometry;
    let mut cells = Vec::new();
    for token in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        cells.push(parse_cell(token, variant)?);
    }
    ObstacleLayout::new(g, &cells).map_err(SetupError::Layout)
}

/// Parses a cell name like `d1` (column letter, 1-based row).
///
/// # Errors
/// [`SetupError::NotACell`] when the text is not a cell of the board.
pub fn parse_cell(token: &str, variant: Variant) -> Result<Cell, SetupError> {
    let g = &variant.rules().geometry;
    let lower = token.to_lowercase();
    let mut chars = lower.chars();
    let not_a_cell = || SetupError::NotACell {
        token: token.to_string(),
        width: g.width(),
        height: g.height(),
    };
    let col = chars.next().ok_or_else(not_a_cell)?;
    let row: u8 = chars.as_str().parse().map_err(|_| not_a_cell())?;
    if !col.is_ascii_lowercase() {
        return Err(not_a_cell());
    }
    let c = col as u8 - b'a';
    if c >= g.width() || row == 0 || row > g.height() {
        return Err(not_a_cell());
    }
    Ok(Cell::new(c, row - 1))
}

/// A game set-up that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Not a cell name of this board.
    #[error("\"{token}\" is not a cell of a {width}×{height} board")]
    NotACell {
        /// The text.
        token: String,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
    /// Blocks that break the layout rule.
    #[error("bad obstacles layout: {0}")]
    Layout(LayoutError),
    /// Blocks given for a variant without blocks.
    #[error("blocks are only used in the obstacles variant, not in {0}")]
    BlocksNotAllowed(Variant),
}

/// The result tag of the exchange format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultTag {
    /// `*`: unfinished.
    Unfinished,
    /// A colour won: `1-0`, `0-1` (three colours: `1-0-0`, `0-1-0`, `0-0-1`).
    Win(Color),
    /// `1/2-1/2` (three colours: `1/2-1/2-1/2`).
    Draw,
}

impl ResultTag {
    /// The tag text for `colors` colours.
    pub fn text(self, colors: u8) -> String {
        let n = colors as usize;
        match self {
            ResultTag::Unfinished => "*".into(),
            ResultTag::Draw => vec!["1/2"; n].join("-"),
            ResultTag::Win(w) => (0..n)
                .map(|i| if i == w.index() { "1" } else { "0" })
                .collect::<Vec<_>>()
                .join("-"),
        }
    }

    /// Reads tag text for `colors` colours.
    pub fn parse(text: &str, colors: u8) -> Option<ResultTag> {
        [ResultTag::Unfinished, ResultTag::Draw]
            .into_iter()
            .chain(
                Color::ALL[..colors as usize]
                    .iter()
                    .map(|&c| ResultTag::Win(c)),
            )
            .find(|r| r.text(colors) == text.trim())
    }

    /// The result shown by a board outcome.
    pub fn of_outcome(outcome: Outcome) -> ResultTag {
        match outcome {
            Outcome::Ongoing => ResultTag::Unfinished,
            Outcome::Draw(_) => ResultTag::Draw,
            Outcome::Win { winner, .. } => ResultTag::Win(winner),
        }
    }
}

/// A game read from the exchange format, with all its tags.
#[derive(Clone, Debug)]
pub struct ExchangeGame {
    /// Every tag in order of appearance, e.g. `("Red", "alice")`.
    pub tags: Vec<(String, String)>,
    /// The result tag (`*` when absent).
    pub result: ResultTag,
    /// The game replayed from its start position.
    pub game: Game,
}

impl ExchangeGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why exchange-format text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExchangeError {
    /// A `[` that does not open a well-formed `[Name "value"]` tag.
    #[error("malformed tag near \"{0}\"; tags look like [Name \"value\"]")]
    MalformedTag(String),
    /// The Variant tag names no variant.
    #[error(transparent)]
    UnknownVariant(#[from] UnknownVariant),
    /// The Variant tag differs from the variant expected by the caller.
    #[error("the game is {found}, not {expected}")]
    VariantMismatch {
        /// The variant expected.
        expected: Variant,
        /// The variant of the Variant tag.
        found: Variant,
    },
    /// Board or Connect tag that does not fit the variant.
    #[error("[{tag} \"{value}\"] does not fit {variant} ({expected})")]
    TagMismatch {
        /// Tag name.
        tag: String,
        /// Tag value.
        value: String,
        /// The variant.
        variant: Variant,
        /// What the variant has.
        expected: String,
    },
    /// Obstacles without a Blocks tag.
    #[error("an obstacles game needs a [Blocks \"…\"] tag")]
    MissingBlocks,
    /// Bad blocks.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An unreadable result.
    #[error("[Result \"{0}\"] is not a result of this game")]
    BadResult(String),
    /// A result that the final position contradicts.
    #[error("[Result \"{tag}\"] contradicts the board, where the result is {board}")]
    ResultContradictsBoard {
        /// The tag's text.
        tag: String,
        /// The board's result text.
        board: String,
    },
    /// An unreadable move.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// An illegal move.
    #[error(transparent)]
    Illegal(#[from] PlyError),
}

/// Writes `game` in the exchange format (docs/rules.md §2): the tags Variant,
/// Board, Connect, Blocks (obstacles), then `extra` in order (players, e.g.
/// `("Red", "alice")`), then Result — `result`, or the board's when `None` —
/// then the numbered move list followed by the result token.
pub fn write_exchange(game: &Game, extra: &[(&str, &str)], result: Option<ResultTag>) -> String {
    let variant = game.variant();
    let rules = variant.rules();
    let g = &rules.geometry;
    let mut tags: Vec<(String, String)> = vec![
        ("Variant".into(), variant.key().into()),
        ("Board".into(), format!("{}x{}", g.width(), g.height())),
        ("Connect".into(), rules.connect.to_string()),
    ];
    if rules.blocks {
        tags.push(("Blocks".into(), blocks_text(game.start())));
    }
    tags.extend(extra.iter().map(|(n, v)| (n.to_string(), v.to_string())));
    let result = result.unwrap_or_else(|| ResultTag::of_outcome(game.outcome()));
    let result_text = result.text(rules.colors);
    tags.push(("Result".into(), result_text.clone()));
    let mut s = String::new();
    for (n, v) in &tags {
        s.push_str(&format!(
            "[{n} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    let moves = game_moves_text(game, MarkStyle::Plain);
    if moves.is_empty() {
        s.push_str(&result_text);
    } else {
        s.push_str(&format!("{moves} {result_text}"));
    }
    s.push('\n');
    s
}

fn blocks_text(p: &Position) -> String {
    let g = &p.rules().geometry;
    let mut cells = Vec::new();
    for column in 0..g.width() {
        for row in 0..g.height() {
            if p.blocks() & g.cell_bit(column, row) != 0 {
                cells.push(format!("{}{}", column_letter(column), row + 1));
            }
        }
    }
    cells.join(" ")
}

/// Whether `text` starts with an exchange-format tag.
pub fn looks_like_exchange(text: &str) -> bool {
    text.trim_start().starts_with('[')
}

/// Reads a game in the exchange format. Without a Variant tag the game is
/// `expected` (or classic). The Board and Connect tags, when present, must
/// fit the variant; the result, when the board shows one, must agree.
///
/// # Errors
/// See [`ExchangeError`].
pub fn parse_exchange(
    text: &str,
    expected: Option<Variant>,
) -> Result<ExchangeGame, ExchangeError> {
    let mut tags = Vec::new();
    let mut rest = text.trim_start();
    while let Some(after) = rest.strip_prefix('[') {
        let (tag, tail) = parse_tag(after)
            .ok_or_else(|| ExchangeError::MalformedTag(rest.chars().take(30).collect()))?;
        tags.push(tag);
        rest = tail.trim_start();
    }
    let find = |name: &str| {
        tags.iter()
            .find(|(n, _): &&(String, String)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
    };
    let variant = match find("Variant") {
        Some(v) => v.parse::<Variant>()?,
        None => expected.unwrap_or(Variant::Classic),
    };
    if let Some(e) = expected {
        if e != variant {
            return Err(ExchangeError::VariantMismatch {
                expected: e,
                found: variant,
            });
        }
    }
    let rules = variant.rules();
    let g = &rules.geometry;
    let board = format!("{}x{}", g.width(), g.height());
    for (tag, want) in [("Board", board), ("Connect", rules.connect.to_string())] {
        if let Some(v) = find(tag) {
            if v.replace('×', "x").to_lowercase() != want {
                return Err(ExchangeError::TagMismatch {
                    tag: tag.into(),
                    value: v,
                    variant,
                    expected: want,
                });
            }
        }
    }
    let start = match (rules.blocks, find("Blocks")) {
        (true, Some(b)) => Position::with_layout(variant, &parse_layout(&b, variant)?),
        (true, None) => return Err(ExchangeError::MissingBlocks),
        (false, Some(_)) => return Err(SetupError::BlocksNotAllowed(variant).into()),
        (false, None) => Position::new(variant),
    };
    let result_tag = find("Result");
    let mut movetext = rest.trim_end();
    // A trailing result token ends the move text.
    if let Some((head, last)) = movetext
        .rsplit_once(char::is_whitespace)
        .or(Some(("", movetext)))
    {
        if ResultTag::parse(last, rules.colors).is_some() {
            movetext = head;
        }
    }
    let result = match &result_tag {
        Some(r) => {
            ResultTag::parse(r, rules.colors).ok_or_else(|| ExchangeError::BadResult(r.clone()))?
        }
        None => ResultTag::Unfinished,
    };
    let moves = parse_moves(movetext, variant)?;
    let game = Game::from_moves(start, &moves)?;
    let board_result = ResultTag::of_outcome(game.outcome());
    if game.outcome().is_over() && result != board_result && result_tag.is_some() {
        return Err(ExchangeError::ResultContradictsBoard {
            tag: result.text(rules.colors),
            board: board_result.text(rules.colors),
        });
    }
    Ok(ExchangeGame { tags, result, game })
}

/// Parses `Name "value"]` after a `[`; returns the tag and the text after it.
fn parse_tag(s: &str) -> Option<((String, String), &str)> {
    let s = s.trim_start();
    let name_len = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|&n| n > 0)?;
    let name = &s[..name_len];
    let s = s[name_len..].trim_start().strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = s.char_indices();
    let end = loop {
        let (i, c) = chars.next()?;
        match c {
            '\\' => value.push(chars.next()?.1),
            '"' => break i,
            _ => value.push(c),
        }
    };
    let tail = s[end + 1..].trim_start().strip_prefix(']')?;
    Some(((name.to_string(), value), tail))
}

/// Reads a move list or a whole exchange-format game of `variant`, and plays
/// it from the start position (`layout` for obstacles; an exchange text's
/// Blocks tag takes its place).
///
/// # Errors
/// [`MoveTextError`] naming the ply and the reason.
pub fn read_game(
    text: &str,
    variant: Variant,
    layout: Option<&ObstacleLayout>,
) -> Result<Game, MoveTextError> {
    if looks_like_exchange(text) {
        return Ok(parse_exchange(text, Some(variant))?.game);
    }
    let moves = parse_moves(text, variant)?;
    let start = match layout {
        Some(l) => Position::with_layout(variant, l),
        None => Position::new(variant),
    };
    Ok(Game::from_moves(start, &moves)?)
}

/// Any failure to read and play a move text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// An unreadable token.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// An illegal move.
    #[error(transparent)]
    Illegal(#[from] PlyError),
    /// A malformed exchange text.
    #[error(transparent)]
    Exchange(#[from] ExchangeError),
}

impl MoveTextError {
    /// The move error inside, if the text was readable but a move illegal.
    pub fn move_error(&self) -> Option<MoveError> {
        match self {
            MoveTextError::Illegal(p) | MoveTextError::Exchange(ExchangeError::Illegal(p)) => {
                Some(p.error)
            }
            _ => None,
        }
    }
}

impl fmt::Display for MarkStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MarkStyle::Plain => "plain",
            MarkStyle::Dot => "dot",
            MarkStyle::Emoji => "emoji",
        })
    }
}
