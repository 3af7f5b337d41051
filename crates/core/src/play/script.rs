//! Timed scripts of actions, replayed against a real [`Match`] with the
//! time taken from the script (no waiting): the engine of `fourbot script`,
//! which tests and bug reports rely on. The format is a contract; it is also
//! described in `docs/match.md`.
//!
//! # Input
//! One action per line: `<ms> <seat> <action>`, where `<ms>` is the time in
//! whole milliseconds since the match began (time 0), `<seat>` is `p1`…`p4`
//! (p1 challenged first; in teams p1 and p3 are team A, p2 and p4 team B) and
//! `<action>` is one of
//! - `move <m>`: a move as a player types it (`d`, `4`, `-a`, `pop a`), for
//!   the current turn; `move <m> @<ply>` names the 1-based ply of the current
//!   game the move is meant for (to reproduce stale or doubled presses);
//! - `resign-game`, `resign-match`, `ready`;
//! - `take-back`: the seat takes back its last ply (an accepted take-back,
//!   docs/match.md "Take-back"; the script asks nobody).
//!
//! `#` starts a comment; blank lines are skipped. Lines must be in time order
//! (equal times allowed: applied in line order).
//!
//! # Output
//! One line per event, time first (see [`Event`]'s `Display`):
//! `0 game 1 start: p1 red, p2 yellow`,
//! `1500 move p1 d (game 1 ply 1) bank 600000`,
//! `20000 game 1 over: red wins; score 1:0`, `81000 ready p2 bank 599000`,
//! `180000 flag p2`, `180000 abort p2`,
//! `180000 match over: forfeit p2 flag; score 2:0; places 1 2`.
//! Flags and aborts that fall between two lines are printed at their exact
//! deadline, before the next line is applied; an action at the very
//! millisecond of a deadline comes too late. A refused action prints
//! `refused: <reason> (line <n>)` and the script goes on; a move that cannot
//! be read as a move of the variant is refused the same way.
//!
//! After the last line nobody acts any more: the clocks run on, so an
//! unfinished match ends by the next abort or flag. Then exactly these lines
//! close the output:
//! ```text
//! match: <points of p1 or team A>:<points of p2 or team B>[:<points of p3>]
//! end: completed | aborted[: <seat> never moved, <forfeit …|completed>] | forfeit <seat> <flag|resign|removed>
//! bank: p1 <ms> p2 <ms> [p3 <ms> [p4 <ms>]]
//! ```
//! `match` is the result's score ([`MatchResult::score`]: a forfeit in a
//! two-sided match reads `0:2`), and `bank` the banks when the match ended.

use std::fmt::Write as _;

use super::action::{Action, Turn};
use super::event::Event;
use super::matches::{Match, MatchSetup, SetupError};
use super::result::MatchResult;
use super::seat::{BadSeat, Seat};
use super::time::Timestamp;
use crate::game::notation::parse_move;

/// Why a script line cannot be read (the script stops there).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The line does not start with a time in whole milliseconds.
    #[error("\"{0}\" is not a time in milliseconds")]
    BadTime(String),
    /// The line's time is before the previous line's.
    #[error("time {found} ms is before the previous line's {previous} ms")]
    TimeGoesBack {
        /// The previous line's time.
        previous: u64,
        /// This line's time.
        found: u64,
    },
    /// No seat after the time.
    #[error("a seat (p1…p4) must follow the time")]
    MissingSeat,
    /// Not `p1`…`p4`.
    #[error(transparent)]
    BadSeat(#[from] BadSeat),
    /// No action, or an unknown one.
    #[error("\"{0}\" is not an action (move <m>, resign-game, resign-match, ready, take-back)")]
    BadAction(String),
    /// `move` without a move.
    #[error("move needs a move, e.g. move d")]
    MissingMove,
    /// `@` not followed by a ply number.
    #[error("\"{0}\" is not a ply (write @ and the 1-based ply, e.g. @7)")]
    BadPly(String),
    /// Words after an action that takes none.
    #[error("unexpected \"{0}\" after the action")]
    Trailing(String),
}

/// Why a script cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    /// The match cannot start.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An unreadable line.
    #[error("line {line}: {error}")]
    Line {
        /// The 1-based line number.
        line: usize,
        /// What is wrong with it.
        error: LineError,
    },
}

/// What a line asks for, before the match checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Move { text: String, ply: Option<u32> },
    ResignGame,
    ResignMatch,
    Ready,
    TakeBack,
}

struct Line {
    at: u64,
    seat: Seat,
    step: Step,
}

fn parse_line(text: &str) -> Result<Option<Line>, LineError> {
    let text = text.split('#').next().unwrap_or("").trim();
    if text.is_empty() {
        return Ok(None);
    }
    let mut words = text.split_whitespace();
    let time = words.next().expect("not empty");
    let at: u64 = time
        .parse()
        .map_err(|_| LineError::BadTime(time.to_string()))?;
    let seat: Seat = words.next().ok_or(LineError::MissingSeat)?.parse()?;
    let action = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let step = match action.to_ascii_lowercase().as_str() {
        "move" => {
            let (ply, move_words) = match rest.split_last() {
                Some((last, before)) if last.starts_with('@') => {
                    let ply = last[1..]
                        .parse::<u32>()
                        .ok()
                        .filter(|&p| p > 0)
                        .ok_or_else(|| LineError::BadPly(last.to_string()))?;
                    (Some(ply), before)
                }
                _ => (None, &rest[..]),
            };
            if move_words.is_empty() {
                return Err(LineError::MissingMove);
            }
            Step::Move {
                text: move_words.join(" "),
                ply,
            }
        }
        "resign-game" => Step::ResignGame,
        "resign-match" => Step::ResignMatch,
        "ready" => Step::Ready,
        "take-back" => Step::TakeBack,
        other => return Err(LineError::BadAction(other.to_string())),
    };
    if !matches!(step, Step::Move { .. }) {
        if let Some(extra) = rest.first() {
            return Err(LineError::Trailing(extra.to_string()));
        }
    }
    Ok(Some(Line { at, seat, step }))
}

fn print_events(m: &mut Match, out: &mut String, all: &mut Vec<Event>) {
    for e in m.drain_events() {
        print_event(&e, out);
        all.push(e);
    }
}

fn print_event(e: &Event, out: &mut String) {
    let _ = writeln!(out, "{e}");
}

/// Runs `script` against a match started from `setup` at time 0 and returns
/// the whole output (module docs give both formats).
///
/// # Errors
/// [`ScriptError::Setup`] when the match cannot start, [`ScriptError::Line`]
/// for the first unreadable line (nothing is printed then). Refused actions
/// are not errors: they are part of the output.
pub fn run_script(script: &str, setup: MatchSetup) -> Result<String, ScriptError> {
    Ok(run_script_match(script, setup)?.output)
}

/// A script run with everything it produced: the printed output, the
/// finished match and every event in order (for `fourbot script --db`, which
/// records the match in the store).
#[derive(Debug)]
pub struct ScriptRun {
    /// What [`run_script`] returns.
    pub output: String,
    /// The match, finished.
    pub finished: Match,
    /// Every event the match emitted, oldest first (the initial
    /// `game 1 start` included).
    pub events: Vec<Event>,
}

/// [`run_script`], also returning the finished match and its events.
///
/// # Errors
/// As [`run_script`].
pub fn run_script_match(script: &str, setup: MatchSetup) -> Result<ScriptRun, ScriptError> {
    let mut lines = Vec::new();
    let mut previous = 0;
    for (i, text) in script.lines().enumerate() {
        let line_error = |error| ScriptError::Line { line: i + 1, error };
        if let Some(line) = parse_line(text).map_err(line_error)? {
            if line.at < previous {
                return Err(line_error(LineError::TimeGoesBack {
                    previous,
                    found: line.at,
                }));
            }
            previous = line.at;
            lines.push((i + 1, line));
        }
    }

    let variant = setup.variant;
    let mut m = Match::new(setup, Timestamp::ZERO)?;
    let mut out = String::new();
    let mut all = Vec::new();
    print_events(&mut m, &mut out, &mut all);
    for (number, line) in lines {
        let now = Timestamp(line.at);
        m.advance(now);
        print_events(&mut m, &mut out, &mut all);
        let action = match line.step {
            Step::Move { text, ply } => match parse_move(&text, variant) {
                Ok(mv) => {
                    let current = m.turn().unwrap_or(Turn {
                        game: m.games().len() as u8,
                        ply: m.current_game().next_ply(),
                    });
                    let turn = Turn {
                        ply: ply.unwrap_or(current.ply),
                        ..current
                    };
                    Action::Move { turn, mv }
                }
                Err(e) => {
                    let _ = writeln!(out, "refused: {e} (line {number})");
                    continue;
                }
            },
            Step::ResignGame => Action::ResignGame,
            Step::ResignMatch => Action::ResignMatch,
            Step::Ready => Action::Ready,
            Step::TakeBack => Action::TakeBack,
        };
        if let Err(refusal) = m.apply(line.seat, action, now) {
            let _ = writeln!(out, "refused: {refusal} (line {number})");
        }
        print_events(&mut m, &mut out, &mut all);
    }
    while let Some(deadline) = m.deadline() {
        m.advance(deadline);
    }
    print_events(&mut m, &mut out, &mut all);

    let result: MatchResult = *m.result().expect("the clocks ran out");
    let _ = writeln!(out, "match: {}", result.score);
    let _ = writeln!(out, "end: {}", result.end);
    out.push_str("bank:");
    // The clock stopped when the match ended: its banks no longer change.
    for (seat, bank) in m.seating().all().iter().zip(m.banks(Timestamp::ZERO)) {
        let _ = write!(out, " {seat} {bank}");
    }
    out.push('\n');
    Ok(ScriptRun {
        output: out,
        finished: m,
        events: all,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Variant;
    use crate::play::time::{ClockSettings, TimeControl};

    fn run(text: &str) -> String {
        let setup = MatchSetup::new(Variant::Classic, ClockSettings::new(TimeControl::DEFAULT));
        run_script(text, setup).unwrap()
    }

    #[test]
    fn an_unfinished_script_runs_the_clocks_out() {
        let out = run("1000 p1 move d\n");
        assert!(
            out.ends_with("181000 abort p2\n181000 game 1 over: aborted; score 0:0\n181000 match over: aborted; score 0:0\nmatch: 0:0\nend: aborted\nbank: p1 600000 p2 600000\n"),
            "{out}"
        );
    }

    #[test]
    fn unreadable_lines_stop_the_script_with_their_number() {
        let setup = MatchSetup::new(Variant::Classic, ClockSettings::default());
        let err = run_script("# c\n10 p1 move d\n5 p2 move d\n", setup.clone()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3: time 5 ms is before the previous line's 10 ms"
        );
        for (bad, msg) in [
            ("x p1 ready", "\"x\" is not a time"),
            ("1 p9 ready", "not a seat"),
            ("1 p1 jump", "not an action"),
            ("1 p1 move", "move needs a move"),
            ("1 p1 move d @x", "not a ply"),
            ("1 p1 ready now", "unexpected \"now\""),
        ] {
            let err = run_script(bad, setup.clone()).unwrap_err().to_string();
            assert!(
                err.starts_with("line 1: ") && err.contains(msg),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn an_unreadable_move_is_refused_and_the_script_goes_on() {
        let out = run("1 p1 move h\n2 p1 move pop a\n3 p1 move 4\n4 p2 resign-match\n");
        assert!(out.contains("refused: \"h\" is not a column of a 7×6 board (line 1)\n"));
        assert!(out.contains(
            "refused: \"pop a\" is a pop, and pops are only allowed in popout (line 2)\n"
        ));
        assert!(out.contains("3 move p1 d (game 1 ply 1) bank 600000\n"));
        // p2 resigns before its first move: aborted, not a forfeit
        // (docs/rules.md §4).
        assert!(out.ends_with(
            "match: 0:0\nend: aborted: p2 never moved, forfeit p2 resign\nbank: p1 600000 p2 600000\n"
        ));
    }
}
