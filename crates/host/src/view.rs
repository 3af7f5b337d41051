//! Views: what the host asks a front end to show, independent of Discord or
//! the terminal. A view is localized text, an optional picture and rows of
//! buttons, each button carrying a stable [`ActionId`].

use std::fmt;
use std::str::FromStr;

use fourbot_core::game::{column_letter, Move, Position};
use fourbot_core::play::Turn;

/// A match's id: the store's row id, or a number the host counts from 1
/// when it has no store.
pub use fourbot_store::MatchId;

/// A player's id: the Discord user id, or a local id in the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(pub u64);

/// A server's id: the Discord server (guild) id as the front end knows it,
/// or the terminal's fixed one ([`crate::players::TERMINAL_GUILD`]). The
/// store keeps it as a plain number (the `guild_id` columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GuildId(pub u64);

impl fmt::Display for GuildId {
    /// The number, e.g. `1234`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What a view is about, so a front end knows whether it replaces the
/// previous turn (and removes that turn's buttons) or stands alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewKind {
    /// A new turn: `to_move` is the player whose move it is.
    Turn {
        /// The player to move.
        to_move: UserId,
        /// Whether that seat is played by the bot's AI.
        ai: bool,
    },
    /// A game ended; the match goes on after everyone is ready.
    GameOver,
    /// The match ended.
    MatchOver,
    /// A message that needs no answer (a player is ready, the bot restarted).
    Notice,
}

/// A button's colour on Discord (the terminal ignores it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    /// Blue: the main choice.
    Primary,
    /// Grey.
    Secondary,
    /// Green.
    Success,
    /// Red: resignations.
    Danger,
}

/// A button of a view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// Localized label (a column letter for drops).
    pub label: String,
    /// What pressing it does.
    pub action: ActionId,
    /// Colour.
    pub style: ButtonStyle,
    /// Shown but not pressable (a full column).
    pub disabled: bool,
}

/// A view for a front end to show, to everyone in the match's channel
/// (players and spectators). What one player alone is to read comes back as
/// a [`crate::Denial`] instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The match it belongs to.
    pub match_id: MatchId,
    /// What it is about.
    pub kind: ViewKind,
    /// Localized text (several lines).
    pub text: String,
    /// The board as a PNG, when the view shows one (and images are on).
    pub image: Option<Vec<u8>>,
    /// What the picture shows, for a screen reader (with `image`; its
    /// attachment's description: [`crate::alt::board_alt`]).
    pub alt: Option<String>,
    /// The position shown, for front ends that draw the board themselves
    /// (the terminal).
    pub position: Option<Position>,
    /// Rows of buttons (Discord: at most 5 rows of at most 5).
    pub buttons: Vec<Vec<Button>>,
}

impl View {
    /// Every button of the view, row by row.
    pub fn all_buttons(&self) -> impl Iterator<Item = &Button> {
        self.buttons.iter().flatten()
    }
}

/// A picture with its alt text (what a screen reader says instead of it;
/// [`crate::alt`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The picture (PNG).
    pub png: Vec<u8>,
    /// Its alt text, at most [`crate::alt::ALT_MAX`] characters.
    pub alt: String,
}

/// What a button does, with everything needed to refuse a stale press: the
/// match, and for turn-bound actions the game and ply it was drawn for.
///
/// Text form (fits Discord's 100-character custom id):
/// `m:<match>:<game>.<ply>:drop:<column letter>`,
/// `m:<match>:<game>.<ply>:pop:<column letter>`, `m:<match>:<game>:resign-game`,
/// `m:<match>:resign-match`, `m:<match>:<game>:ready`, `m:<match>:rematch`,
/// `m:<match>:<game>.<ply>:take-back:yes` (or `:no`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionId {
    /// Play a move at a turn.
    Move {
        /// The match.
        match_id: MatchId,
        /// The turn the button was drawn for.
        turn: Turn,
        /// The drop or pop.
        mv: Move,
    },
    /// Resign game `game`.
    ResignGame {
        /// The match.
        match_id: MatchId,
        /// 1-based game the button was drawn for.
        game: u8,
    },
    /// Resign the match.
    ResignMatch {
        /// The match.
        match_id: MatchId,
    },
    /// Ready for the game after `game`.
    Ready {
        /// The match.
        match_id: MatchId,
        /// 1-based game that just ended.
        game: u8,
    },
    /// Offer or accept a rematch.
    Rematch {
        /// The finished match.
        match_id: MatchId,
    },
    /// The opponent's answer to a take-back request (docs/match.md,
    /// "Take-back"): `turn` is the ply asked to be taken back, so a press
    /// after the position changed no longer matches.
    TakeBack {
        /// The match.
        match_id: MatchId,
        /// The game and ply to take back.
        turn: Turn,
        /// Accept (true) or decline.
        accept: bool,
    },
}

impl ActionId {
    /// The match the action belongs to.
    pub fn match_id(&self) -> MatchId {
        match *self {
            ActionId::Move { match_id, .. }
            | ActionId::ResignGame { match_id, .. }
            | ActionId::ResignMatch { match_id }
            | ActionId::Ready { match_id, .. }
            | ActionId::Rematch { match_id }
            | ActionId::TakeBack { match_id, .. } => match_id,
        }
    }
}

impl fmt::Display for ActionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ActionId::Move { match_id, turn, mv } => {
                let (kind, c) = match mv {
                    Move::Drop(c) => ("drop", c),
                    Move::Pop(c) => ("pop", c),
                };
                write!(
                    f,
                    "m:{match_id}:{}.{}:{kind}:{}",
                    turn.game,
                    turn.ply,
                    column_letter(c)
                )
            }
            ActionId::ResignGame { match_id, game } => write!(f, "m:{match_id}:{game}:resign-game"),
            ActionId::ResignMatch { match_id } => write!(f, "m:{match_id}:resign-match"),
            ActionId::Ready { match_id, game } => write!(f, "m:{match_id}:{game}:ready"),
            ActionId::Rematch { match_id } => write!(f, "m:{match_id}:rematch"),
            ActionId::TakeBack {
                match_id,
                turn,
                accept,
            } => {
                let answer = if accept { "yes" } else { "no" };
                write!(
                    f,
                    "m:{match_id}:{}.{}:take-back:{answer}",
                    turn.game, turn.ply
                )
            }
        }
    }
}

/// Text that is not an action id of this bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not an action id")]
pub struct BadActionId(pub String);

impl FromStr for ActionId {
    type Err = BadActionId;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadActionId(s.to_string());
        let parts: Vec<&str> = s.split(':').collect();
        if parts.first() != Some(&"m") || parts.len() < 3 {
            return Err(bad());
        }
        let number: u64 = parts[1].parse().map_err(|_| bad())?;
        let match_id = MatchId(i64::try_from(number).map_err(|_| bad())?);
        let game = |t: &str| t.parse::<u8>().map_err(|_| bad());
        match parts[2..] {
            ["resign-match"] => Ok(ActionId::ResignMatch { match_id }),
            ["rematch"] => Ok(ActionId::Rematch { match_id }),
            [g, "resign-game"] => Ok(ActionId::ResignGame {
                match_id,
                game: game(g)?,
            }),
            [g, "ready"] => Ok(ActionId::Ready {
                match_id,
                game: game(g)?,
            }),
            [turn, "take-back", answer] => {
                let (g, ply) = turn.split_once('.').ok_or_else(bad)?;
                let turn = Turn {
                    game: game(g)?,
                    ply: ply.parse().map_err(|_| bad())?,
                };
                let accept = match answer {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(bad()),
                };
                Ok(ActionId::TakeBack {
                    match_id,
                    turn,
                    accept,
                })
            }
            [turn, kind, column] => {
                let (g, ply) = turn.split_once('.').ok_or_else(bad)?;
                let turn = Turn {
                    game: game(g)?,
                    ply: ply.parse().map_err(|_| bad())?,
                };
                let c = match column.as_bytes() {
                    [b @ b'a'..=b'z'] => b - b'a',
                    _ => return Err(bad()),
                };
                let mv = match kind {
                    "drop" => Move::Drop(c),
                    "pop" => Move::Pop(c),
                    _ => return Err(bad()),
                };
                Ok(ActionId::Move { match_id, turn, mv })
            }
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_ids_print_and_parse_back() {
        let m = MatchId(42);
        let turn = Turn { game: 2, ply: 17 };
        for id in [
            ActionId::Move {
                match_id: m,
                turn,
                mv: Move::Drop(3),
            },
            ActionId::Move {
                match_id: m,
                turn,
                mv: Move::Pop(0),
            },
            ActionId::ResignGame {
                match_id: m,
                game: 1,
            },
            ActionId::ResignMatch { match_id: m },
            ActionId::Ready {
                match_id: m,
                game: 1,
            },
            ActionId::Rematch { match_id: m },
            ActionId::TakeBack {
                match_id: m,
                turn,
                accept: true,
            },
            ActionId::TakeBack {
                match_id: m,
                turn,
                accept: false,
            },
        ] {
            let text = id.to_string();
            assert!(text.len() <= 100);
            assert_eq!(text.parse::<ActionId>(), Ok(id), "{text}");
        }
        assert_eq!(
            ActionId::Move {
                match_id: m,
                turn,
                mv: Move::Drop(3)
            }
            .to_string(),
            "m:42:2.17:drop:d"
        );
    }

    #[test]
    fn foreign_ids_are_refused() {
        for text in [
            "",
            "x:1:resign-match",
            "m:abc:resign-match",
            "m:1:1.2:fly:d",
            "m:1:1:2:drop:d",
            "m:1:1.2:drop:D",
            "m:1:1.2:take-back:maybe",
        ] {
            assert!(text.parse::<ActionId>().is_err(), "{text}");
        }
    }
}
