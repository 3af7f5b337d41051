//! Every button this bot draws, as one type: its custom id is written and
//! read here and nowhere else, and a press is matched on it once
//! ([`super::events`]).
//!
//! Custom ids (Discord allows 1–100 characters, unique in a message):
//! - a match's actions: the host's [`ActionId`] (`m:<match>:…`);
//! - the Confirm of a drop preview: `k:` and the drop's action id;
//! - a challenge's answers: `c:<id>:accept`, `c:<id>:decline`, and the
//!   challenger's `c:<id>:withdraw` (in `/matches`), `<id>` its
//!   [`OfferId`];
//! - a seek's: `s:<id>:join`, `s:<id>:cancel` (an [`OfferId`] too);
//! - a tournament message's: `t:<id>:join`, `t:<id>:leave` (its
//!   [`TournamentId`]);
//! - a leaderboard's pages: `lb:<variant>:<page>`;
//! - the private question that confirms Resign match:
//!   `r:<match>:<until>:yes`, `r:<match>:<until>:no` (`until`: the unix
//!   second after which Yes no longer resigns);
//! - the private match picker of `/resign`, `/resign-game` and `/board`
//!   for a member with several running matches (a select menu whose
//!   values are match ids): `p:resign`, `p:game`, `p:board`;
//! - the allowed variants' multi-select of `/config` (its values are
//!   variant keys): `cv:variants`;
//! - the private Challenge form of the user command (right-click a member,
//!   Apps → Challenge), whose state is its ids: the opponent, the variant
//!   and the time chosen, then the part — `u:<user>:<variant>:<time>:v`
//!   (the variant select), `…:t` (the time select), `…:go` (the button).
//!
//! The forms are those of earlier versions, so the buttons of messages
//! posted before a restart or an upgrade keep working.

use std::fmt;
use std::str::FromStr;

use crate::game::{Move, Variant};
use crate::host::offers::{Answer, SeekPress};
use crate::host::{ActionId, MatchId, OfferId, TournamentId, UserId};
use crate::play::TimeControl;

/// What a button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonId {
    /// A match's action (a column, a pop, resign, ready, rematch).
    Match(ActionId),
    /// Confirms the selected drop of a confirm-before-drop preview.
    Confirm(ActionId),
    /// A challenged player's answer to challenge `id`.
    Challenge {
        /// The challenge.
        id: OfferId,
        /// Accept or decline.
        answer: Answer,
    },
    /// A press on seek `id`.
    Seek {
        /// The seek.
        id: OfferId,
        /// Join or cancel.
        press: SeekPress,
    },
    /// An answer to the private "Resign the whole match?" that a press on
    /// Resign match asks.
    ResignMatch {
        /// The match.
        match_id: MatchId,
        /// The unix second after which the question has expired.
        until: u64,
        /// Yes (resign) or No (play on).
        resign: bool,
    },
    /// Join (or leave) tournament `id`, from its message.
    Tournament {
        /// The tournament.
        id: TournamentId,
        /// Join (true) or leave.
        join: bool,
    },
    /// Page `page` (0-based) of the leaderboard of `variant`.
    Leaderboard {
        /// The rating pool's variant.
        variant: Variant,
        /// The page.
        page: usize,
    },
    /// The private match picker: the chosen match (the select's value) is
    /// the one meant.
    Pick(Picked),
    /// `/config`'s multi-select of the allowed variants (the values).
    ConfigVariants,
    /// A part of the private Challenge form: its state and which part.
    ChallengeForm {
        /// The member to challenge.
        opponent: UserId,
        /// The variant chosen so far.
        variant: Variant,
        /// The time control chosen so far.
        time: TimeControl,
        /// The select or button pressed.
        part: FormPart,
    },
}

/// A part of the Challenge form ([`ButtonId::ChallengeForm`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormPart {
    /// The variant select (its value: a variant key).
    Variant,
    /// The time select (its value: `base+increment`).
    Time,
    /// The Challenge button: post it.
    Send,
}

impl FormPart {
    /// The word in the custom id.
    fn word(self) -> &'static str {
        match self {
            FormPart::Variant => "v",
            FormPart::Time => "t",
            FormPart::Send => "go",
        }
    }
}

/// What a member picks one of their running matches for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    /// `/resign`: resign that whole match.
    Resign,
    /// `/resign-game`: resign its current game.
    ResignGame,
    /// `/board`: show its board privately.
    Board,
}

impl Picked {
    /// The word in the custom id.
    fn word(self) -> &'static str {
        match self {
            Picked::Resign => "resign",
            Picked::ResignGame => "game",
            Picked::Board => "board",
        }
    }
}

impl ButtonId {
    /// Whether it is a drop button of a match (confirm-before-drop applies).
    pub fn drop(self) -> Option<ActionId> {
        match self {
            ButtonId::Match(
                a @ ActionId::Move {
                    mv: Move::Drop(_), ..
                },
            ) => Some(a),
            _ => None,
        }
    }
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ButtonId::Match(a) => write!(f, "{a}"),
            ButtonId::Confirm(a) => write!(f, "k:{a}"),
            ButtonId::Challenge { id, answer } => {
                let word = match answer {
                    Answer::Accept => "accept",
                    Answer::Decline => "decline",
                    Answer::Withdraw => "withdraw",
                };
                write!(f, "c:{id}:{word}")
            }
            ButtonId::Seek { id, press } => {
                let word = match press {
                    SeekPress::Join => "join",
                    SeekPress::Cancel => "cancel",
                };
                write!(f, "s:{id}:{word}")
            }
            ButtonId::Leaderboard { variant, page } => write!(f, "lb:{}:{page}", variant.key()),
            ButtonId::Pick(what) => write!(f, "p:{}", what.word()),
            ButtonId::ConfigVariants => write!(f, "cv:variants"),
            ButtonId::ChallengeForm {
                opponent,
                variant,
                time,
                part,
            } => write!(
                f,
                "u:{}:{}:{}:{}",
                opponent.0,
                variant.key(),
                crate::host::terms::time_text(*time),
                part.word()
            ),
            ButtonId::Tournament { id, join } => {
                write!(f, "t:{id}:{}", if *join { "join" } else { "leave" })
            }
            ButtonId::ResignMatch {
                match_id,
                until,
                resign,
            } => {
                let word = if *resign { "yes" } else { "no" };
                write!(f, "r:{match_id}:{until}:{word}")
            }
        }
    }
}

/// A custom id that is not one of this bot's buttons.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a button of this bot")]
pub struct UnknownButton(pub String);

impl FromStr for ButtonId {
    type Err = UnknownButton;

    fn from_str(s: &str) -> Result<ButtonId, UnknownButton> {
        let unknown = || UnknownButton(s.to_string());
        let (prefix, rest) = s.split_once(':').ok_or_else(unknown)?;
        let number = |t: &str| t.parse::<u64>().map_err(|_| unknown());
        // A row id of the store: a number up to `i64::MAX`.
        let row = |t: &str| i64::try_from(number(t)?).map_err(|_| unknown());
        match prefix {
            "m" => s.parse().map(ButtonId::Match).map_err(|_| unknown()),
            "k" => rest.parse().map(ButtonId::Confirm).map_err(|_| unknown()),
            "r" => {
                let mut parts = rest.split(':');
                let (Some(m), Some(until), Some(word), None) =
                    (parts.next(), parts.next(), parts.next(), parts.next())
                else {
                    return Err(unknown());
                };
                let resign = match word {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(unknown()),
                };
                Ok(ButtonId::ResignMatch {
                    match_id: MatchId(row(m)?),
                    until: number(until)?,
                    resign,
                })
            }
            "cv" if rest == "variants" => Ok(ButtonId::ConfigVariants),
            "u" => {
                let mut parts = rest.split(':');
                let (Some(user), Some(variant), Some(time), Some(word), None) = (
                    parts.next(),
                    parts.next(),
                    parts.next(),
                    parts.next(),
                    parts.next(),
                ) else {
                    return Err(unknown());
                };
                let part = [FormPart::Variant, FormPart::Time, FormPart::Send]
                    .into_iter()
                    .find(|p| p.word() == word)
                    .ok_or_else(unknown)?;
                Ok(ButtonId::ChallengeForm {
                    opponent: UserId(number(user)?),
                    variant: variant.parse().map_err(|_| unknown())?,
                    time: time.parse().map_err(|_| unknown())?,
                    part,
                })
            }
            "p" => [Picked::Resign, Picked::ResignGame, Picked::Board]
                .into_iter()
                .find(|p| p.word() == rest)
                .map(ButtonId::Pick)
                .ok_or_else(unknown),
            "t" => {
                let (first, word) = rest.split_once(':').ok_or_else(unknown)?;
                let id = TournamentId(row(first)?);
                match word {
                    "join" => Ok(ButtonId::Tournament { id, join: true }),
                    "leave" => Ok(ButtonId::Tournament { id, join: false }),
                    _ => Err(unknown()),
                }
            }
            "c" | "s" | "lb" => {
                let (first, second) = rest.split_once(':').ok_or_else(unknown)?;
                let offer = || row(first).map(OfferId);
                match (prefix, second) {
                    ("c", "accept") => Ok(ButtonId::Challenge {
                        id: offer()?,
                        answer: Answer::Accept,
                    }),
                    ("c", "decline") => Ok(ButtonId::Challenge {
                        id: offer()?,
                        answer: Answer::Decline,
                    }),
                    ("c", "withdraw") => Ok(ButtonId::Challenge {
                        id: offer()?,
                        answer: Answer::Withdraw,
                    }),
                    ("s", "join") => Ok(ButtonId::Seek {
                        id: offer()?,
                        press: SeekPress::Join,
                    }),
                    ("s", "cancel") => Ok(ButtonId::Seek {
                        id: offer()?,
                        press: SeekPress::Cancel,
                    }),
                    ("lb", page) => Ok(ButtonId::Leaderboard {
                        variant: first.parse().map_err(|_| unknown())?,
                        page: number(page)? as usize,
                    }),
                    _ => Err(unknown()),
                }
            }
            _ => Err(unknown()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Turn;

    #[test]
    fn every_button_id_prints_and_reads_back_within_discords_limit() {
        let drop = ActionId::Move {
            match_id: MatchId(42),
            turn: Turn { game: 2, ply: 17 },
            mv: Move::Drop(3),
        };
        let all = [
            ButtonId::Match(drop),
            ButtonId::Match(ActionId::ResignMatch {
                match_id: MatchId(i64::MAX),
            }),
            ButtonId::Confirm(drop),
            ButtonId::Challenge {
                id: OfferId(7),
                answer: Answer::Accept,
            },
            ButtonId::Challenge {
                id: OfferId(7),
                answer: Answer::Decline,
            },
            ButtonId::Challenge {
                id: OfferId(7),
                answer: Answer::Withdraw,
            },
            ButtonId::Seek {
                id: OfferId(8),
                press: SeekPress::Join,
            },
            ButtonId::Seek {
                id: OfferId(8),
                press: SeekPress::Cancel,
            },
            ButtonId::Leaderboard {
                variant: Variant::RandomOpening,
                page: 3,
            },
            ButtonId::ResignMatch {
                match_id: MatchId(i64::MAX),
                until: u64::MAX,
                resign: true,
            },
            ButtonId::ResignMatch {
                match_id: MatchId(5),
                until: 1_800_000_000,
                resign: false,
            },
            ButtonId::Tournament {
                id: TournamentId(i64::MAX),
                join: true,
            },
            ButtonId::Tournament {
                id: TournamentId(3),
                join: false,
            },
            ButtonId::Pick(Picked::Resign),
            ButtonId::Pick(Picked::ResignGame),
            ButtonId::Pick(Picked::Board),
            ButtonId::ConfigVariants,
            ButtonId::ChallengeForm {
                opponent: UserId(u64::MAX),
                variant: Variant::RandomOpening,
                time: TimeControl::CLASSICAL,
                part: FormPart::Send,
            },
            ButtonId::ChallengeForm {
                opponent: UserId(7),
                variant: Variant::Classic,
                time: "1+0".parse().unwrap(),
                part: FormPart::Time,
            },
            ButtonId::Challenge {
                id: OfferId(i64::MAX),
                answer: Answer::Accept,
            },
        ];
        for b in all {
            let text = b.to_string();
            assert!((1..=100).contains(&text.len()), "{text}");
            assert_eq!(text.parse::<ButtonId>(), Ok(b), "{text}");
        }
        // The forms of earlier versions.
        assert_eq!(ButtonId::Confirm(drop).to_string(), "k:m:42:2.17:drop:d");
        assert_eq!(
            "c:7:accept".parse(),
            Ok(ButtonId::Challenge {
                id: OfferId(7),
                answer: Answer::Accept
            })
        );
        for (text, button) in [
            (
                "c:12:withdraw",
                ButtonId::Challenge {
                    id: OfferId(12),
                    answer: Answer::Withdraw,
                },
            ),
            (
                "s:8:join",
                ButtonId::Seek {
                    id: OfferId(8),
                    press: SeekPress::Join,
                },
            ),
            (
                "s:8:cancel",
                ButtonId::Seek {
                    id: OfferId(8),
                    press: SeekPress::Cancel,
                },
            ),
            (
                "t:3:join",
                ButtonId::Tournament {
                    id: TournamentId(3),
                    join: true,
                },
            ),
        ] {
            assert_eq!(text.parse(), Ok(button), "{text}");
            assert_eq!(button.to_string(), text);
        }
        assert_eq!(
            "lb:classic:0".parse(),
            Ok(ButtonId::Leaderboard {
                variant: Variant::Classic,
                page: 0
            })
        );
        assert_eq!(ButtonId::Confirm(drop).drop(), None);
        assert_eq!(ButtonId::Match(drop).drop(), Some(drop));
    }

    #[test]
    fn foreign_and_broken_ids_are_refused() {
        for text in [
            "",
            "x:1:accept",
            "c:7:join",
            "s:7:accept",
            "c:x:accept",
            "lb:chess:1",
            "lb:classic:-1",
            "k:c:7:accept",
            "m:1:1.2:fly:d",
            "m:-1:resign-match",
            "r:1:2:maybe",
            "r:1:yes",
            "r:-1:2:yes",
            "r:1:2:yes:x",
            // Ids are the store's row ids: at most i64::MAX.
            "c:9223372036854775808:accept",
            "s:-1:join",
            "t:9223372036854775808:join",
        ] {
            assert!(text.parse::<ButtonId>().is_err(), "{text}");
        }
    }
}
