//! The match of docs/rules.md §3–§5: its games, seats, clock, points and phase.

use super::action::{Action, ActionKind, PhaseKind, Refusal, Turn};
use super::clock::{Clock, Expiry, ExpiryKind};
use super::event::{Event, EventKind};
use super::points::Points;
use super::result::{places, AbortCause, End, ForfeitReason, GameEnd, MatchResult, Score};
use super::seat::{Seat, Seating, Side, TurnOrder};
use super::time::{ClockSettings, Timestamp};
use crate::game::{Game, Move, Outcome, PlyError, Position, Variant, RANDOM_OPENING_PLIES};

/// Everything needed to start a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSetup {
    /// The variant (decides seats, games and the board).
    pub variant: Variant,
    /// Time control, abort window and grace period.
    pub clock: ClockSettings,
    /// The start position of every game: `None` for the variant's own start;
    /// for `obstacles`, the position with the match's drawn layout (both
    /// games use the same one).
    pub start: Option<Position>,
    /// For `random-opening`: the drawn opening, 4 moves played from `start`
    /// at the beginning of every game (the same discs in both games, while
    /// the players' colours swap). Empty for every other variant.
    pub opening: Vec<Move>,
}

impl MatchSetup {
    /// A match of `variant` from its own start position, with `clock`.
    pub fn new(variant: Variant, clock: ClockSettings) -> MatchSetup {
        MatchSetup {
            variant,
            clock,
            start: None,
            opening: Vec::new(),
        }
    }

    /// The same setup starting every game from `start`.
    pub fn with_start(mut self, start: Position) -> MatchSetup {
        self.start = Some(start);
        self
    }

    /// The same setup with the drawn opening `opening` (random-opening).
    pub fn with_opening(mut self, opening: Vec<Move>) -> MatchSetup {
        self.opening = opening;
        self
    }
}

/// Why a [`MatchSetup`] cannot start a match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The start position belongs to another variant.
    #[error("the start position is a {found} position, not {variant}")]
    WrongVariant {
        /// The match's variant.
        variant: Variant,
        /// The start position's variant.
        found: Variant,
    },
    /// The start position already has moves or a result.
    #[error("the start position must have no moves played and no result")]
    StartNotFresh,
    /// An opening for a variant other than random-opening.
    #[error("only random-opening starts from a drawn opening, not {variant}")]
    OpeningNotAllowed {
        /// The match's variant.
        variant: Variant,
    },
    /// A random-opening match without exactly 4 opening moves.
    #[error("a random opening has {expected} discs, not {found}")]
    OpeningLength {
        /// Discs required (4).
        expected: usize,
        /// Discs given.
        found: usize,
    },
    /// An opening move is illegal.
    #[error("the opening is not playable: {0}")]
    IllegalOpening(#[from] PlyError),
    /// The opening already decides the game.
    #[error("the opening already ends the game")]
    OpeningEndsGame,
}

/// One game of a match: the game itself, who played which colour, when it
/// started, and how it ended.
#[derive(Clone, Debug)]
pub struct GameRecord {
    game: Game,
    order: TurnOrder,
    opening: usize,
    started_at: Timestamp,
    end: Option<(GameEnd, Timestamp)>,
    score: Score,
}

impl GameRecord {
    /// The game (start position, moves including the opening, position).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The seats in turn order; slot 0 plays red and moves first.
    pub fn order(&self) -> &TurnOrder {
        &self.order
    }

    /// Plies of the drawn opening at the start of the move list (0 or 4).
    pub fn opening_plies(&self) -> usize {
        self.opening
    }

    /// When the game began (ms since the match's epoch).
    pub fn started_at(&self) -> Timestamp {
        self.started_at
    }

    /// How and when it ended; `None` while it is played.
    pub fn end(&self) -> Option<(GameEnd, Timestamp)> {
        self.end
    }

    /// The points it gave each side (all zero while played, or when the match
    /// was forfeited or aborted during it).
    pub fn score(&self) -> &Score {
        &self.score
    }

    /// The seat to move, while the game is on.
    pub fn to_move(&self) -> Option<Seat> {
        if self.end.is_some() {
            return None;
        }
        Some(self.order.seat_at(self.game.moves().len() - self.opening))
    }

    /// The 1-based ply of the next move (the number of the next disc).
    pub fn next_ply(&self) -> u32 {
        u32::try_from(self.game.moves().len()).map_or(u32::MAX, |n| n.saturating_add(1))
    }
}

/// A match: 1, 2 or 3 games between 2, 3 or 4 seats on one clock.
///
/// A pure state machine: every method that depends on time takes `now`
/// ([`Timestamp`], ms since the caller's epoch) and nothing sleeps. The
/// caller wakes the match at [`Match::deadline`] with [`Match::advance`];
/// [`Match::apply`] also applies any deadline already passed before the
/// action, so a flag is always decided by the timestamps, never by the order
/// in which the caller noticed things. Events accumulate until
/// [`Match::drain_events`].
#[derive(Clone, Debug)]
pub struct Match {
    variant: Variant,
    seating: Seating,
    start: Position,
    opening: Vec<Move>,
    clock: Clock,
    games: Vec<GameRecord>,
    phase: Phase,
    score: Score,
    events: Vec<Event>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Playing,
    BetweenGames,
    Finished(MatchResult),
}

impl Match {
    /// Starts a match at `now`: game 1 begins and its first mover's turn (a
    /// first move, so under the abort window) starts at once.
    ///
    /// # Errors
    /// [`SetupError`] when the start position or the opening do not fit.
    pub fn new(setup: MatchSetup, now: Timestamp) -> Result<Match, SetupError> {
        let variant = setup.variant;
        let start = setup.start.unwrap_or_else(|| Position::new(variant));
        if start.variant() != variant {
            return Err(SetupError::WrongVariant {
                variant,
                found: start.variant(),
            });
        }
        if start.ply() != 0 || start.outcome().is_over() {
            return Err(SetupError::StartNotFresh);
        }
        if variant == Variant::RandomOpening {
            if setup.opening.len() != RANDOM_OPENING_PLIES {
                return Err(SetupError::OpeningLength {
                    expected: RANDOM_OPENING_PLIES,
                    found: setup.opening.len(),
                });
            }
            let g = Game::from_moves(start, &setup.opening)?;
            if g.outcome().is_over() {
                return Err(SetupError::OpeningEndsGame);
            }
        } else if !setup.opening.is_empty() {
            return Err(SetupError::OpeningNotAllowed { variant });
        }
        let seating = Seating::new(variant);
        let mut m = Match {
            variant,
            seating,
            start,
            opening: setup.opening,
            clock: Clock::new(setup.clock, seating.seats()),
            games: Vec::with_capacity(variant.games_per_match() as usize),
            phase: Phase::Playing,
            score: Score::new(seating.sides()),
            events: Vec::new(),
        };
        m.start_game(now);
        Ok(m)
    }

    fn start_game(&mut self, now: Timestamp) {
        let index = self.games.len();
        let game = Game::from_moves(self.start, &self.opening).expect("opening checked in new");
        let order = self.seating.turn_order(index);
        self.games.push(GameRecord {
            game,
            order,
            opening: self.opening.len(),
            started_at: now,
            end: None,
            score: Score::new(self.seating.sides()),
        });
        self.phase = Phase::Playing;
        self.clock.start_turn(order.first(), now);
        self.emit(
            now,
            EventKind::GameStarted {
                game: index as u8 + 1,
                order,
            },
        );
    }

    fn emit(&mut self, at: Timestamp, kind: EventKind) {
        self.events.push(Event { at, kind });
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Seats, sides and turn orders.
    pub fn seating(&self) -> Seating {
        self.seating
    }

    /// The clock (banks, what runs, first moves made).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The phase: playing, between games, or finished.
    pub fn phase(&self) -> PhaseKind {
        match self.phase {
            Phase::Playing => PhaseKind::Playing,
            Phase::BetweenGames => PhaseKind::BetweenGames,
            Phase::Finished(_) => PhaseKind::Finished,
        }
    }

    /// Whether the match has ended.
    pub fn is_finished(&self) -> bool {
        matches!(self.phase, Phase::Finished(_))
    }

    /// The games begun so far, game 1 first.
    pub fn games(&self) -> &[GameRecord] {
        &self.games
    }

    /// The game being played, or the last one (between games, or finished).
    pub fn current_game(&self) -> &GameRecord {
        self.games.last().expect("a match always has a game")
    }

    /// The seat to move, while a game is played.
    pub fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Playing => self.current_game().to_move(),
            _ => None,
        }
    }

    /// The turn the next move must name, while a game is played.
    pub fn turn(&self) -> Option<Turn> {
        match self.phase {
            Phase::Playing => Some(Turn {
                game: self.games.len() as u8,
                ply: self.current_game().next_ply(),
            }),
            _ => None,
        }
    }

    /// Points per side from the games completed so far.
    pub fn score(&self) -> Score {
        self.score
    }

    /// The result, once the match has ended.
    pub fn result(&self) -> Option<&MatchResult> {
        match &self.phase {
            Phase::Finished(r) => Some(r),
            _ => None,
        }
    }

    /// `seat`'s bank at `now`, in ms.
    pub fn bank(&self, seat: Seat, now: Timestamp) -> u64 {
        self.clock.bank(seat, now)
    }

    /// Every seat's bank at `now`, p1 first, in ms.
    pub fn banks(&self, now: Timestamp) -> Vec<u64> {
        self.clock.banks(now)
    }

    /// Whether `seat` has pressed Ready in the current break.
    pub fn is_ready(&self, seat: Seat) -> bool {
        self.clock.is_ready(seat)
    }

    /// The next flag or abort the clock will apply if nothing happens first.
    pub fn expiry(&self) -> Option<Expiry> {
        let next = self.seating.turn_order(self.games.len());
        self.clock.expiry(next.seats())
    }

    /// When the host must wake the match with [`Match::advance`]; `None` once
    /// it has ended.
    pub fn deadline(&self) -> Option<Timestamp> {
        self.expiry().map(|e| e.at)
    }

    /// Takes the events emitted since the last call, oldest first.
    pub fn drain_events(&mut self) -> std::vec::Drain<'_, Event> {
        self.events.drain(..)
    }

    /// Applies the flag or abort that is due by `now`, at its exact deadline
    /// (docs/rules.md §4: a flag is decided on the server's clock). Does nothing
    /// when no deadline has passed.
    pub fn advance(&mut self, now: Timestamp) {
        let Some(expiry) = self.expiry() else { return };
        if expiry.at > now {
            return;
        }
        let at = expiry.at;
        match expiry.kind {
            ExpiryKind::Flag(seat) => {
                self.emit(at, EventKind::Flag { seat });
                self.forfeit(seat, ForfeitReason::Flag, at);
            }
            ExpiryKind::Abort(seat) => {
                self.emit(at, EventKind::Abort { seat });
                self.clock.stop(at);
                self.end_game_early(GameEnd::Aborted, at);
                self.finish(
                    End::Aborted {
                        seat,
                        cause: AbortCause::NoFirstMove,
                    },
                    at,
                );
            }
        }
    }

    /// `seat` does `action` at `now`. Any flag or abort due by `now` is
    /// applied first (at its deadline), so a move that arrives after the
    /// deadline is refused because the match is over.
    ///
    /// # Errors
    /// A [`Refusal`] saying why the action is not possible; the match is then
    /// unchanged (apart from the deadline applied first).
    pub fn apply(&mut self, seat: Seat, action: Action, now: Timestamp) -> Result<(), Refusal> {
        self.advance(now);
        if !self.seating.contains(seat) {
            return Err(Refusal::NotASeat { seat });
        }
        if self.is_finished() {
            return Err(Refusal::MatchOver);
        }
        match action {
            Action::Move { turn, mv } => self.play(seat, turn, mv, now),
            Action::ResignGame => {
                if self.phase != Phase::Playing {
                    return Err(self.wrong_phase(ActionKind::ResignGame));
                }
                self.clock.stop(now);
                self.end_game(GameEnd::Resigned(seat), now);
                Ok(())
            }
            Action::ResignMatch => {
                self.forfeit(seat, ForfeitReason::Resign, now);
                Ok(())
            }
            Action::Ready => self.ready(seat, now),
            Action::TakeBack => self.take_back(seat, now),
        }
    }

    /// `seat` takes back its last ply of the current game at `now`
    /// (docs/match.md, "Take-back"): the disc leaves the board and the
    /// move list, the game is as it was before that ply, and `seat` is to
    /// move at that turn again ([`Clock::take_back`]: time used stays
    /// used). Emits [`EventKind::TakenBack`].
    fn take_back(&mut self, seat: Seat, now: Timestamp) -> Result<(), Refusal> {
        if self.phase != Phase::Playing {
            return Err(self.wrong_phase(ActionKind::TakeBack));
        }
        let nothing = Refusal::NothingToTakeBack { seat };
        let record = self.games.last().expect("a game");
        let played = record.game.moves().len() - record.opening;
        if played == 0 || record.order.seat_at(played - 1) != seat || record.to_move() == Some(seat)
        {
            return Err(nothing);
        }
        let moves = record.game.moves();
        let mv = moves[moves.len() - 1];
        let turn = Turn {
            game: self.games.len() as u8,
            ply: u32::try_from(moves.len()).unwrap_or(u32::MAX),
        };
        let before = Game::from_moves(*record.game.start(), &moves[..moves.len() - 1])
            .expect("a prefix of a legal game is legal");
        // The undone ply was the seat's first move of the match when the
        // seat has no other ply in any game of it.
        let plies_of = |r: &GameRecord| {
            let n = r.game.moves().len() - r.opening;
            (0..n).filter(|&k| r.order.seat_at(k) == seat).count()
        };
        let first_move = self.games.iter().map(plies_of).sum::<usize>() == 1;
        self.games.last_mut().expect("a game").game = before;
        let bank_ms = self.clock.take_back(seat, first_move, now);
        self.emit(
            now,
            EventKind::TakenBack {
                turn,
                seat,
                mv,
                bank_ms,
            },
        );
        Ok(())
    }

    /// Resumes the match at `now` after the bot was down (docs/rules.md §4): the
    /// turn in progress restarts with the bank the mover had at its start,
    /// a break between games restarts its grace period; the outage is
    /// charged to nobody and no flag or abort is applied for it. Emits
    /// [`EventKind::Resumed`] so that the players are told. Call it on a
    /// match rebuilt from its stored actions, before anything else.
    pub fn resume(&mut self, now: Timestamp) {
        if self.is_finished() {
            return;
        }
        self.clock.restart(now);
        self.emit(now, EventKind::Resumed);
    }

    /// A moderator removes `seat` at `now`: a forfeit (docs/rules.md §3).
    ///
    /// # Errors
    /// [`Refusal::NotASeat`] or [`Refusal::MatchOver`].
    pub fn remove(&mut self, seat: Seat, now: Timestamp) -> Result<(), Refusal> {
        self.advance(now);
        if !self.seating.contains(seat) {
            return Err(Refusal::NotASeat { seat });
        }
        if self.is_finished() {
            return Err(Refusal::MatchOver);
        }
        self.forfeit(seat, ForfeitReason::Removed, now);
        Ok(())
    }

    /// A moderator aborts the match at `now` (`/ladder abort`, for a stuck
    /// match): it ends without a result and without rating change, whatever
    /// its phase. Emits [`EventKind::ModeratorAbort`], the
    /// [`EventKind::GameOver`] of the game in progress (as
    /// [`GameEnd::Aborted`], no points) and [`EventKind::MatchOver`] with
    /// [`End::ModeratorAbort`]. A flag or abort due by `now` is applied
    /// first, so a match the clock has already ended is not aborted again.
    ///
    /// # Errors
    /// [`Refusal::MatchOver`] when the match has already ended.
    pub fn moderator_abort(&mut self, now: Timestamp) -> Result<(), Refusal> {
        self.advance(now);
        if self.is_finished() {
            return Err(Refusal::MatchOver);
        }
        self.emit(now, EventKind::ModeratorAbort);
        self.clock.stop(now);
        self.end_game_early(GameEnd::Aborted, now);
        self.finish(End::ModeratorAbort, now);
        Ok(())
    }

    fn wrong_phase(&self, action: ActionKind) -> Refusal {
        Refusal::WrongPhase {
            action,
            phase: self.phase(),
        }
    }

    fn play(&mut self, seat: Seat, asked: Turn, mv: Move, now: Timestamp) -> Result<(), Refusal> {
        let Some(current) = self.turn() else {
            return Err(Refusal::GameOver);
        };
        if asked != current {
            return Err(Refusal::StalePly { asked, current });
        }
        let record = self.games.last_mut().expect("a game");
        let to_move = record.to_move().expect("a game on");
        if seat != to_move {
            return Err(Refusal::NotYourTurn { to_move });
        }
        record.game.play(mv)?;
        let outcome = record.game.outcome();
        let bank_ms = self.clock.end_turn(now, outcome.is_over());
        self.emit(
            now,
            EventKind::Moved {
                turn: current,
                seat,
                mv,
                bank_ms,
            },
        );
        if outcome.is_over() {
            self.end_game(GameEnd::Board(outcome), now);
        } else {
            let next = self.current_game().to_move().expect("game on");
            self.clock.start_turn(next, now);
        }
        Ok(())
    }

    fn ready(&mut self, seat: Seat, now: Timestamp) -> Result<(), Refusal> {
        if self.phase != Phase::BetweenGames {
            return Err(self.wrong_phase(ActionKind::Ready));
        }
        if self.clock.is_ready(seat) {
            return Err(Refusal::AlreadyReady { seat });
        }
        let bank_ms = self.clock.ready(seat, now);
        self.emit(now, EventKind::Ready { seat, bank_ms });
        if self.clock.all_ready() {
            self.clock.stop(now);
            self.start_game(now);
        }
        Ok(())
    }

    /// The points a game that ended with `end` gives each side (docs/rules.md §3,
    /// §5). A resigned three-player game gives the two others ½ each.
    fn game_score(&self, order: &TurnOrder, end: GameEnd) -> Score {
        let sides = self.seating.sides();
        let mut score = Score::new(sides);
        match end {
            GameEnd::Board(Outcome::Win { winner, .. }) => {
                for &seat in order.seats() {
                    if order.color_of(seat) == Some(winner) {
                        score[self.seating.side_of(seat)] = Points::ONE;
                    }
                }
            }
            GameEnd::Board(Outcome::Draw(_)) => {
                for i in 0..sides {
                    score[Side(i as u8)] = Points::HALF;
                }
            }
            GameEnd::Resigned(seat) => {
                let loser = self.seating.side_of(seat);
                let share = if sides == 2 {
                    Points::ONE
                } else {
                    Points::HALF
                };
                for i in 0..sides {
                    let side = Side(i as u8);
                    if side != loser {
                        score[side] = share;
                    }
                }
            }
            GameEnd::Board(Outcome::Ongoing) | GameEnd::Forfeit(..) | GameEnd::Aborted => {}
        }
        score
    }

    /// Ends the current game (the clock already stopped) and either starts
    /// the break or completes the match.
    fn end_game(&mut self, end: GameEnd, now: Timestamp) {
        let order = *self.current_game().order();
        let score = self.game_score(&order, end);
        let game = self.games.len() as u8;
        let record = self.games.last_mut().expect("a game");
        record.end = Some((end, now));
        record.score = score;
        for (side, p) in score.iter() {
            self.score[side] += *p;
        }
        self.emit(now, EventKind::GameOver { game, end, score });
        if self.games.len() == self.variant.games_per_match() as usize {
            // Every game resigned before a seat's first move: no result.
            let end = match self.unmoved(None) {
                Some(seat) => End::Aborted {
                    seat,
                    cause: AbortCause::Completed,
                },
                None => End::Completed,
            };
            self.finish(end, now);
        } else {
            self.phase = Phase::BetweenGames;
            self.clock.start_break(now);
        }
    }

    /// Ends the game being played, if any, without points (forfeit, abort).
    fn end_game_early(&mut self, end: GameEnd, at: Timestamp) {
        if self.phase != Phase::Playing {
            return;
        }
        let game = self.games.len() as u8;
        let score = Score::new(self.seating.sides());
        let record = self.games.last_mut().expect("a game");
        record.end = Some((end, at));
        self.emit(at, EventKind::GameOver { game, end, score });
    }

    /// `seat` loses the whole match — unless a seat has not moved yet: then
    /// the match is aborted (docs/rules.md §4), and the game in progress
    /// ends as aborted rather than forfeited.
    fn forfeit(&mut self, seat: Seat, reason: ForfeitReason, at: Timestamp) {
        self.clock.stop(at);
        if let Some(unmoved) = self.unmoved(Some(seat)) {
            self.end_game_early(GameEnd::Aborted, at);
            let cause = AbortCause::Forfeit { seat, reason };
            self.finish(
                End::Aborted {
                    seat: unmoved,
                    cause,
                },
                at,
            );
            return;
        }
        self.end_game_early(GameEnd::Forfeit(seat, reason), at);
        self.finish(End::Forfeit { seat, reason }, at);
    }

    /// A seat that has not made its first move of the match: `first` if it
    /// has not, else the first such seat in seat order; `None` once every
    /// seat has moved.
    fn unmoved(&self, first: Option<Seat>) -> Option<Seat> {
        let unmoved = |s: &Seat| !self.clock.has_moved(*s);
        first
            .filter(unmoved)
            .or_else(|| self.seating.all().iter().copied().find(unmoved))
    }

    fn finish(&mut self, end: End, at: Timestamp) {
        self.clock.stop(at);
        let sides = self.seating.sides();
        let games = self.variant.games_per_match();
        let result = match end {
            End::Completed => MatchResult {
                end,
                score: self.score,
                places: Some(places(&self.score, None)),
                games,
            },
            End::Aborted { .. } | End::ModeratorAbort => MatchResult {
                end,
                score: self.score,
                places: None,
                games,
            },
            End::Forfeit { seat, .. } => {
                let loser = self.seating.side_of(seat);
                let score = if sides == 2 {
                    let mut s = Score::new(sides);
                    for i in 0..sides {
                        let side = Side(i as u8);
                        if side != loser {
                            s[side] = Points::whole(u32::from(games));
                        }
                    }
                    s
                } else {
                    self.score
                };
                MatchResult {
                    end,
                    score,
                    places: Some(places(&score, Some(loser))),
                    games,
                }
            }
        };
        self.phase = Phase::Finished(result);
        self.emit(at, EventKind::MatchOver { result });
    }
}
