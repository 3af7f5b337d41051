//! Turns a match snapshot into localized [`View`]s: the turn message, the
//! end of a game and the end of the match (docs/discord.md "A match on
//! Discord").

use std::time::Duration;

use super::denial::Denial;
use super::view::{ActionId, Button, ButtonStyle, MatchId, UserId, View, ViewKind};
use fourbot_core::game::notation::{format_moves, MarkStyle};
use fourbot_core::game::{
    column_letter, Color, DrawReason, Move, MoveError, Outcome, Variant, WinReason,
};
use fourbot_core::play::{
    AbortCause, End, ExpiryKind, ForfeitReason, GameEnd, Match, MatchResult, PhaseKind, Refusal,
    Running, Seat, Seating, Side, Timestamp,
};
use fourbot_core::tournament::{outcome_of, Outcome as TournamentOutcome};
use fourbot_i18n::{id, move_error, Id};
use fourbot_i18n::{score as score_text, Args, Catalog, Locale, Message, Value};
use fourbot_render::{board_png, board_png_with, RenderOptions};
use fourbot_store::TournamentId;

/// The tournament pairing a match is played for (docs/tournaments.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentMatch {
    /// The tournament.
    pub id: TournamentId,
    /// The round (an arena: 1).
    pub round: u32,
    /// The board within the round.
    pub board: u32,
    /// Whether the tournament is rated: an unrated tournament's matches
    /// change no rating (docs/rules.md §7).
    pub rated: bool,
}

/// A seat's occupant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    /// Who.
    pub id: UserId,
    /// The name shown for them where they sit (never a mention: shown as
    /// plain text): in a server, that server's name for them.
    pub name: String,
    /// `Some(level)` when the seat is played by the bot's AI.
    pub ai_level: Option<u8>,
    /// Where `name` comes from: what the store keeps of it when the
    /// seat's player acts ([`crate::players::stored_player`]).
    pub source: NameSource,
}

impl Seated {
    /// The user's own name, the same in every server (never a server's
    /// nickname) when Discord sent it with the seat; else [`Seated::name`]
    /// (a seat read back from the store, the AI, the terminal).
    pub fn own_name(&self) -> &str {
        match &self.source {
            NameSource::User { own } | NameSource::Member { own, .. } => own,
            NameSource::Stored => &self.name,
        }
    }
}

/// Where a seat's name comes from, so that the store keeps each name where
/// it belongs (issue 32 §2: names are per server; docs/store.md "Names per
/// server"): a user's own name for every server, a server's nickname for
/// that server only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum NameSource {
    /// Read back from the store, or not a Discord user (the AI, the
    /// terminal's players, imports): storing the seat changes no name.
    #[default]
    Stored,
    /// A Discord user as Discord sent them, without their member of the
    /// server (a user option, a direct message): `own` is their own name
    /// (global display name, else user name); their name in the server is
    /// unknown and stays as stored.
    User {
        /// Their own name, the same in every server.
        own: String,
    },
    /// A Discord user with their member of the server, as Discord sent it
    /// with what they did there.
    Member {
        /// Their own name, the same in every server.
        own: String,
        /// Their nickname in the server (`None`: none, so the server shows
        /// their own name).
        nickname: Option<String>,
    },
}

/// How a front end shows a deadline in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeStyle {
    /// A Discord relative timestamp `<t:UNIX:R>` that the client ticks.
    DiscordRelative,
    /// The time left, as "in 2:59" (the terminal).
    Countdown,
    /// No deadline line.
    Omit,
}

/// Everything needed to present one match.
#[derive(Clone, Debug)]
pub struct Presenter<'a> {
    /// The message catalogue.
    pub catalog: &'a Catalog,
    /// The match.
    pub match_id: MatchId,
    /// Occupants by seat index (p1 first).
    pub players: &'a [Seated],
    /// Language of public messages.
    pub locale: Locale,
    /// Deadline style.
    pub time_style: TimeStyle,
    /// Unix time in ms of the match's timestamp 0 (to print deadlines).
    pub epoch_unix_ms: u64,
    /// Draw the board as a PNG.
    pub images: bool,
    /// The moderator who aborted the match (`/ladder abort`), once one did.
    pub moderator: Option<&'a str>,
    /// The tournament whose cancellation aborted the match, if that is how
    /// it ended (docs/tournaments.md, "Cancelling").
    pub cancelled_tournament: Option<TournamentId>,
    /// The host aborted the match because its task died twice (or could
    /// not be reloaded): its end says so instead of naming a moderator.
    pub stopped: bool,
    /// The match's last picture's bands ([`fourbot_render::board_png_with`]),
    /// if its pictures are drawn one after another; `None`: drawn alone.
    pub bands: Option<&'a std::sync::Mutex<fourbot_render::TurnBands>>,
}

impl Presenter<'_> {
    /// The name of `seat`'s player, shaped for text ([`Catalog::name`]);
    /// the bot's AI seat is named by the bot's own text, as it is.
    fn name(&self, seat: Seat) -> String {
        seat_name(self.catalog, &self.players[seat.index()])
    }

    /// A side's name: the seat's name, or "alice and carol" for a team.
    pub fn side_name(&self, m: &Match, side: Side) -> String {
        let names: Vec<String> = m
            .seating()
            .all()
            .iter()
            .filter(|s| m.seating().side_of(**s) == side)
            .map(|s| self.name(*s))
            .collect();
        self.catalog.list(self.locale, &names)
    }

    fn text(&self, id: Id, args: &Args) -> String {
        self.catalog.text(self.locale, id, args)
    }

    /// A bank or a time left, rounded up to the second like a countdown: a
    /// bank of 2:59.6 reads "3:00", and "0:00" only when nothing is left.
    /// The flag time ([`Presenter::deadline_text`]) rounds the same way, so
    /// a turn's "time runs out in 10:10" and its clock line agree.
    pub(crate) fn bank_text(&self, ms: u64) -> String {
        self.catalog
            .duration(self.locale, Duration::from_millis(ms.div_ceil(1000) * 1000))
    }

    fn deadline_text(&self, at: Timestamp, now: Timestamp) -> Option<String> {
        match self.time_style {
            // Rounded up like the banks: a deadline 2:59.6 away reads "in 3:00".
            TimeStyle::Countdown => Some(self.text(
                id::TIME_IN,
                &Args::new().set("duration", self.bank_text(at.since(now))),
            )),
            TimeStyle::DiscordRelative => {
                let unix = (self.epoch_unix_ms + at.as_millis()).div_ceil(1000);
                Some(format!("<t:{unix}:R>"))
            }
            TimeStyle::Omit => None,
        }
    }

    fn disc(m: &Match, seat: Seat) -> &'static str {
        m.current_game()
            .order()
            .color_of(seat)
            .map(Color::emoji)
            .unwrap_or("⚪")
    }

    /// The alt text of the board [`Presenter::board`] draws (none without
    /// a picture).
    fn alt(&self, m: &Match) -> Option<String> {
        self.images
            .then(|| crate::alt::board_alt(self.catalog, self.locale, m.current_game().game()))
    }

    fn board(&self, m: &Match, last_move: bool) -> Option<Vec<u8>> {
        if !self.images {
            return None;
        }
        let options = RenderOptions {
            last_move,
            highlight_lines: true,
            preview: None,
        };
        let game = m.current_game().game();
        match self.bands {
            Some(bands) => {
                let mut bands = bands.lock().unwrap_or_else(|e| e.into_inner());
                board_png_with(game, &options, &mut bands).ok()
            }
            None => board_png(game, &options).ok(),
        }
    }

    fn moves_text(m: &Match) -> String {
        let record = m.current_game();
        let game = record.game();
        format_moves(
            game.moves(),
            game.position().rules().colors,
            record.opening_plies(),
            MarkStyle::Emoji,
        )
    }

    fn clocks_text(&self, m: &Match, now: Timestamp) -> String {
        let mut lines = vec![self.catalog.plain(self.locale, id::CLOCK_TITLE)];
        let running = m.to_move();
        for &seat in m.seating().all() {
            let id = if Some(seat) == running {
                id::CLOCK_LINE_RUNNING
            } else {
                id::CLOCK_LINE
            };
            lines.push(
                self.text(
                    id,
                    &Args::new()
                        .set("disc", Self::disc(m, seat))
                        .set("player", self.name(seat))
                        .set("bank", self.bank_text(m.bank(seat, now))),
                ),
            );
        }
        lines.join("\n")
    }

    /// Every bank on one line, the running one marked with ⏳.
    pub fn clock_status(&self, m: &Match, now: Timestamp) -> String {
        let running = m.to_move();
        m.seating()
            .all()
            .iter()
            .map(|&seat| {
                let mark = if Some(seat) == running { " ⏳" } else { "" };
                format!(
                    "{} {} {}{mark}",
                    Self::disc(m, seat),
                    self.name(seat),
                    self.bank_text(m.bank(seat, now))
                )
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }

    fn title(&self, m: &Match) -> String {
        self.text(
            id::GAME_TITLE,
            &Args::new()
                .set("game", m.games().len() as i64)
                .set("games", i64::from(m.variant().games_per_match())),
        )
    }

    /// The turn view: board, last move, who is to move, the flag (or abort)
    /// time, the move list, every bank, a button per column (full ones
    /// disabled; a row of only full columns left out), in popout a button
    /// for each pop the player may make (no pop row when there is none),
    /// and Resign game / Resign match.
    ///
    /// # Panics
    /// If no game is being played.
    pub fn turn_view(&self, m: &Match, now: Timestamp) -> View {
        let seat = m.to_move().expect("a game is being played");
        let turn = m.turn().expect("a game is being played");
        let record = m.current_game();
        let game = record.game();
        let mut lines = vec![format!("**{}**", self.title(m))];
        if let Some(last) = game.moves().last() {
            let n = game.moves().len();
            let color = Color::from_index((n - 1) % game.position().rules().colors as usize);
            lines.push(self.text(
                id::TURN_LAST_MOVE,
                &Args::new().set("move", format!("{n}. {} {last}", color.emoji())),
            ));
        }
        let mut to_move = Args::new()
            .set("player", self.name(seat))
            .set("disc", Self::disc(m, seat));
        let id = if m.seating().teams() {
            let side = m.seating().side_of(seat);
            let letter = ((b'A' + side.0) as char).to_string();
            to_move.insert(
                "team",
                self.text(id::TEAM_NAME, &Args::new().set("team", letter)),
            );
            id::TURN_TO_MOVE_TEAM
        } else {
            id::TURN_TO_MOVE
        };
        lines.push(self.text(id, &to_move));
        if let Some(expiry) = m.expiry() {
            if let Some(when) = self.deadline_text(expiry.at, now) {
                match expiry.kind {
                    ExpiryKind::Abort(s) => {
                        lines.push(self.text(
                            id::TURN_FIRST_MOVE,
                            &Args::new().set("player", self.name(s)).set("abort", when),
                        ));
                        // A player's first turn says that moves can be
                        // typed too (issue 18, §2.5).
                        let width = game.position().rules().geometry.width();
                        let last = fourbot_core::game::column_letter(width - 1).to_string();
                        lines.push(self.text(id::TURN_TYPING_HINT, &Args::new().set("last", last)));
                    }
                    ExpiryKind::Flag(_) => {
                        lines.push(self.text(id::TURN_FLAG, &Args::new().set("flag", when)))
                    }
                }
            }
        }
        let moves = Self::moves_text(m);
        if !moves.is_empty() {
            lines.push(format!(
                "{}: {moves}",
                self.catalog.plain(self.locale, id::MOVES_TITLE)
            ));
        }
        // The banks as the turn began (the message is posted then; the
        // client ticks the flag time, and a restart shows the same figures).
        let shown_at = match m.clock().running() {
            Running::Turn { since, .. } => since,
            _ => now,
        };
        lines.push(self.clocks_text(m, shown_at));

        let position = game.position();
        let legal = position.legal_moves();
        let width = position.rules().geometry.width();
        let button = |mv: Move, label: String| Button {
            label,
            action: ActionId::Move {
                match_id: self.match_id,
                turn,
                mv,
            },
            style: match mv {
                Move::Drop(_) => ButtonStyle::Primary,
                Move::Pop(_) => ButtonStyle::Secondary,
            },
            disabled: !legal.contains(mv),
        };
        let drops: Vec<Button> = (0..width)
            .map(|c| button(Move::Drop(c), column_letter(c).to_string()))
            .collect();
        // On a phone a row of dead buttons is only something to mis-tap:
        // a row whose columns are all full goes (the letters still say
        // which column each button is).
        let mut buttons: Vec<Vec<Button>> = split_rows(drops)
            .into_iter()
            .filter(|row| row.iter().any(|b| !b.disabled))
            .collect();
        if position.rules().pops {
            // Only the pops the player may make, and no pop row at all
            // when there is none.
            let pops: Vec<Button> = (0..width)
                .filter(|c| legal.contains(Move::Pop(*c)))
                .map(|c| {
                    let label = self.text(
                        id::BUTTON_POP,
                        &Args::new().set("column", column_letter(c).to_string()),
                    );
                    button(Move::Pop(c), label)
                })
                .collect();
            if !pops.is_empty() {
                buttons.extend(split_rows(pops));
            }
        }
        buttons.push(self.resign_row(m));
        let player = &self.players[seat.index()];
        View {
            match_id: self.match_id,
            kind: ViewKind::Turn {
                to_move: player.id,
                ai: player.ai_level.is_some(),
            },
            text: lines.join("\n"),
            alt: self.alt(m),
            image: self.board(m, true),
            position: Some(*game.position()),
            buttons,
        }
    }

    fn resign_row(&self, m: &Match) -> Vec<Button> {
        let mut row = Vec::new();
        if m.phase() == PhaseKind::Playing {
            row.push(Button {
                label: self.catalog.plain(self.locale, id::BUTTON_RESIGN_GAME),
                action: ActionId::ResignGame {
                    match_id: self.match_id,
                    game: m.games().len() as u8,
                },
                style: ButtonStyle::Secondary,
                disabled: false,
            });
        }
        row.push(Button {
            label: self.catalog.plain(self.locale, id::BUTTON_RESIGN_MATCH),
            action: ActionId::ResignMatch {
                match_id: self.match_id,
            },
            style: ButtonStyle::Danger,
            disabled: false,
        });
        row
    }

    /// The line that says how game `game` (1-based) ended.
    pub fn game_result_line(&self, m: &Match, game: usize) -> Option<String> {
        let record = m.games().get(game - 1)?;
        let (end, _) = record.end()?;
        let order = record.order();
        let seat_of = |c: Color| {
            order
                .seats()
                .iter()
                .copied()
                .find(|s| order.color_of(*s) == Some(c))
        };
        let side_name = |seat: Seat| self.side_name(m, m.seating().side_of(seat));
        let args = Args::new().set("game", game as i64);
        let connect = i64::from(record.game().position().rules().connect);
        Some(match end {
            GameEnd::Board(Outcome::Win { winner, reason }) => {
                let w = seat_of(winner)?;
                let loser_color = match reason {
                    WinReason::Line => None,
                    // Misère and popout: the previous mover made the line.
                    _ => {
                        let moves = record.game().moves().len();
                        let colors = record.game().position().rules().colors as usize;
                        Some(Color::from_index((moves - 1) % colors))
                    }
                };
                let args = args.set("winner", side_name(w)).set("connect", connect);
                match (reason, loser_color.and_then(seat_of)) {
                    (WinReason::LoserCompletedLine, Some(l)) => {
                        self.text(id::GAME_WON_MISERE, &args.set("loser", side_name(l)))
                    }
                    (WinReason::PopGaveLine, Some(l)) => {
                        self.text(id::GAME_WON_POP, &args.set("loser", side_name(l)))
                    }
                    _ => self.text(id::GAME_WON_LINE, &args),
                }
            }
            GameEnd::Board(Outcome::Draw(reason)) => match reason {
                DrawReason::FullBoard => self.text(id::GAME_DRAWN_FULL_BOARD, &args),
                DrawReason::Repetition => self.text(id::GAME_DRAWN_REPETITION, &args),
                DrawReason::NoLegalMove => {
                    let c = record.game().position().to_move();
                    let name = seat_of(c).map(side_name).unwrap_or_default();
                    self.text(id::GAME_DRAWN_NO_LEGAL_MOVE, &args.set("player", name))
                }
            },
            GameEnd::Board(Outcome::Ongoing) => return None,
            GameEnd::Resigned(seat) => {
                let side = m.seating().side_of(seat);
                let winner = (0..m.seating().sides() as u8)
                    .map(Side)
                    .filter(|s| *s != side)
                    .map(|s| self.side_name(m, s))
                    .collect::<Vec<_>>();
                self.text(
                    id::GAME_WON_RESIGN,
                    &args
                        .set("winner", self.catalog.list(self.locale, &winner))
                        .set("loser", side_name(seat)),
                )
            }
            GameEnd::Forfeit(..) | GameEnd::Aborted => return None,
        })
    }

    fn score_line(&self, m: &Match) -> String {
        let score = m.score();
        let halves: Vec<u32> = score.as_slice().iter().map(|p| p.halves()).collect();
        if m.seating().sides() == 2 {
            self.text(
                id::GAME_SCORE,
                &Args::new()
                    .set("score", score_text(&halves))
                    .set("first", self.side_name(m, Side(0)))
                    .set("second", self.side_name(m, Side(1))),
            )
        } else {
            let names: Vec<String> = (0..halves.len())
                .map(|i| self.side_name(m, Side(i as u8)))
                .collect();
            format!("{} {}", names.join(" : "), score_text(&halves))
        }
    }

    /// The end of a game that is not the end of the match: final board with
    /// its lines, the result, the score, and Ready / Resign match.
    pub fn game_over_view(&self, m: &Match) -> View {
        let game = m.games().len();
        let mut lines = Vec::new();
        lines.extend(self.game_result_line(m, game));
        lines.push(self.score_line(m));
        let grace = Duration::from_millis(m.clock().settings().grace_ms);
        lines.push(self.text(
            id::GAME_READY_PROMPT,
            &Args::new().set("grace", self.catalog.duration_words(self.locale, grace)),
        ));
        let ready = Button {
            label: self.catalog.plain(self.locale, id::BUTTON_READY),
            action: ActionId::Ready {
                match_id: self.match_id,
                game: game as u8,
            },
            style: ButtonStyle::Success,
            disabled: false,
        };
        let mut row = vec![ready];
        row.extend(self.resign_row(m));
        View {
            match_id: self.match_id,
            kind: ViewKind::GameOver,
            text: lines.join("\n"),
            alt: self.alt(m),
            image: self.board(m, false),
            position: Some(*m.current_game().game().position()),
            buttons: vec![row],
        }
    }

    /// The end of the match: the last game's result, the match result (or
    /// the forfeit or abort), places for more than two sides, the rating
    /// changes given, and a Rematch button.
    ///
    /// `unrated`: why the match is not rated, if it is not (told last).
    /// `tournament`: the tournament pairing the match is played for. There
    /// an abort is no excuse (docs/rules.md §7): a match that ended before
    /// every player moved is told as the tournament counts it
    /// (`tournament::outcome_of`: the no-show or the early resigner loses)
    /// instead of "no result"; it still changes no rating, since the store
    /// rates no aborted match (`rate_match`).
    pub fn match_over_view(
        &self,
        m: &Match,
        rating_lines: &[String],
        unrated: Option<Message>,
        tournament: Option<TournamentMatch>,
    ) -> View {
        let result: MatchResult = *m.result().expect("a finished match");
        let mut lines = vec![format!(
            "**{}**",
            self.catalog.plain(self.locale, id::MATCH_OVER_TITLE)
        )];
        lines.extend(self.game_result_line(m, m.games().len()));
        let mut halves: Vec<u32> = result.score.as_slice().iter().map(|p| p.halves()).collect();
        let sides = m.seating().sides();
        // Two sides: the winner's points first ("bob wins 2:0").
        let loser_first = match result.end {
            End::Forfeit { seat, .. } => m.seating().side_of(seat) == Side(0),
            _ => halves.len() == 2 && halves[1] > halves[0],
        };
        if sides == 2 && loser_first {
            halves.reverse();
        }
        let score = score_text(&halves);
        let winner_side = result
            .places
            .as_ref()
            .and_then(|p| p.iter().find(|(_, place)| **place == 1).map(|(s, _)| s));
        let sole_winner = result
            .places
            .as_ref()
            .is_some_and(|p| p.as_slice().iter().filter(|x| **x == 1).count() == 1);
        match result.end {
            End::Completed => {
                if sole_winner && sides == 2 {
                    lines.push(
                        self.text(
                            id::MATCH_WON,
                            &Args::new()
                                .set("winner", self.side_name(m, winner_side.unwrap()))
                                .set("score", score.clone()),
                        ),
                    );
                } else if sides == 2 {
                    lines
                        .push(self.text(id::MATCH_DRAWN, &Args::new().set("score", score.clone())));
                }
            }
            // More than two sides: the standings below tell who won.
            End::Forfeit { seat, .. } if sides > 2 => lines.push(self.text(
                id::MATCH_STANDINGS_FORFEIT,
                &Args::new().set("player", self.name(seat)),
            )),
            End::Forfeit { seat, reason } => {
                let loser = m.seating().side_of(seat);
                let winners: Vec<String> = (0..sides as u8)
                    .map(Side)
                    .filter(|s| *s != loser)
                    .map(|s| self.side_name(m, s))
                    .collect();
                let id = match reason {
                    ForfeitReason::Flag => id::MATCH_FORFEIT_FLAG,
                    ForfeitReason::Resign => id::MATCH_FORFEIT_RESIGN,
                    ForfeitReason::Removed => id::MATCH_FORFEIT_REMOVED,
                };
                lines.push(
                    self.text(
                        id,
                        &Args::new()
                            .set("winner", self.catalog.list(self.locale, &winners))
                            .set("loser", self.name(seat))
                            .set("score", score.clone()),
                    ),
                );
            }
            End::Aborted { seat, cause } if sides == 2 && tournament.is_some() => {
                let t = tournament.expect("a tournament's match");
                self.tournament_abort_lines(m, &result, seat, cause, t, &mut lines);
            }
            End::Aborted {
                seat,
                cause: AbortCause::NoFirstMove,
            } => lines.push(self.text(
                id::MATCH_ABORTED,
                &Args::new().set("player", self.name(seat)),
            )),
            // The ending first (a resigned last game has its own line
            // above), then why it counts for nothing.
            End::Aborted { seat, cause } => {
                if let AbortCause::Forfeit { seat: by, reason } = cause {
                    let id = match reason {
                        ForfeitReason::Flag => id::MATCH_ENDED_FLAG,
                        ForfeitReason::Resign => id::MATCH_ENDED_RESIGN,
                        ForfeitReason::Removed => id::MATCH_ENDED_REMOVED,
                    };
                    lines.push(self.text(id, &Args::new().set("player", self.name(by))));
                }
                lines.push(self.text(
                    id::MATCH_ABORTED_UNPLAYED,
                    &Args::new().set("player", self.name(seat)),
                ));
            }
            End::ModeratorAbort if self.cancelled_tournament.is_some() => lines.push(self.text(
                id::MATCH_ABORTED_TOURNAMENT_CANCELLED,
                &Args::new().set("id", self.cancelled_tournament.map_or(0, |t| t.0)),
            )),
            End::ModeratorAbort if self.stopped => {
                lines.push(self.catalog.plain(self.locale, id::MATCH_ABORTED_ERROR));
            }
            End::ModeratorAbort => lines.push(self.text(
                id::MATCH_ABORTED_MODERATOR,
                &Args::new().set("moderator", Value::name(self.moderator.unwrap_or("?"))),
            )),
        }
        if sides > 2 {
            if let Some(places) = &result.places {
                lines.push(self.catalog.plain(self.locale, id::MATCH_STANDINGS_TITLE));
                let mut order: Vec<(Side, u8)> = places.iter().map(|(s, p)| (s, *p)).collect();
                order.sort_by_key(|(s, p)| (*p, s.0));
                for (side, place) in order {
                    lines.push(
                        self.text(
                            id::MATCH_STANDING_LINE,
                            &Args::new()
                                .set("place", i64::from(place))
                                .set("player", self.side_name(m, side))
                                .set(
                                    "points",
                                    self.catalog
                                        .points(self.locale, result.score[side].halves()),
                                ),
                        ),
                    );
                }
            }
        }
        lines.extend(rating_lines.iter().cloned());
        if let Some(why) = unrated {
            lines.push(self.catalog.render(self.locale, &why));
        }
        // A match a moderator ended is not offered again.
        let buttons = if result.end == End::ModeratorAbort {
            Vec::new()
        } else {
            vec![vec![Button {
                label: self.catalog.plain(self.locale, id::BUTTON_REMATCH),
                action: ActionId::Rematch {
                    match_id: self.match_id,
                },
                style: ButtonStyle::Primary,
                disabled: false,
            }]]
        };
        View {
            match_id: self.match_id,
            kind: ViewKind::MatchOver,
            text: lines.join("\n"),
            alt: self.alt(m),
            image: self.board(m, false),
            position: Some(*m.current_game().game().position()),
            buttons,
        }
    }

    /// How a tournament counts a two-sided match that ended before `seat`
    /// moved (docs/rules.md §7, the director's `outcome_of`): what ended it
    /// (no first move, or who resigned, flagged or was removed), who wins
    /// it by forfeit — or, when its games were all resigned, its score —
    /// and that it counts in `tournament` but not for the rating (in an
    /// unrated tournament: that it counts there; the reason it is unrated
    /// follows at the end).
    fn tournament_abort_lines(
        &self,
        m: &Match,
        result: &MatchResult,
        seat: Seat,
        cause: AbortCause,
        tournament: TournamentMatch,
        lines: &mut Vec<String>,
    ) {
        let side_won = |o: TournamentOutcome| match o {
            TournamentOutcome::FirstWon => Some(Side(0)),
            TournamentOutcome::SecondWon => Some(Side(1)),
            TournamentOutcome::Draw => None,
        };
        let outcome = outcome_of(result);
        match cause {
            AbortCause::NoFirstMove | AbortCause::Forfeit { .. } => {
                lines.push(match cause {
                    AbortCause::Forfeit { seat: by, reason } => {
                        let id = match reason {
                            ForfeitReason::Flag => id::MATCH_ENDED_FLAG,
                            ForfeitReason::Resign => id::MATCH_ENDED_RESIGN,
                            ForfeitReason::Removed => id::MATCH_ENDED_REMOVED,
                        };
                        self.text(id, &Args::new().set("player", self.name(by)))
                    }
                    _ => self.text(
                        id::MATCH_NO_FIRST_MOVE,
                        &Args::new().set("player", self.name(seat)),
                    ),
                });
                if let Some(winner) = outcome.and_then(side_won) {
                    lines.push(self.text(
                        id::MATCH_TOURNAMENT_FORFEIT,
                        &Args::new().set("winner", self.side_name(m, winner)),
                    ));
                }
            }
            // Every game resigned before `seat` moved: the score counts.
            AbortCause::Completed => {
                let halves = [
                    result.score[Side(0)].halves(),
                    result.score[Side(1)].halves(),
                ];
                lines.push(match outcome.and_then(side_won) {
                    Some(w) => {
                        let (a, b) = (halves[w.0 as usize], halves[1 - w.0 as usize]);
                        self.text(
                            id::MATCH_WON,
                            &Args::new()
                                .set("winner", self.side_name(m, w))
                                .set("score", score_text(&[a, b])),
                        )
                    }
                    None => self.text(
                        id::MATCH_DRAWN,
                        &Args::new().set("score", score_text(&halves)),
                    ),
                });
            }
        }
        let id = tournament.id.0;
        lines.push(if tournament.rated {
            self.text(
                id::MATCH_TOURNAMENT_UNRATED,
                &Args::new().set("id", id).set("player", self.name(seat)),
            )
        } else {
            self.text(id::MATCH_TOURNAMENT_COUNTS, &Args::new().set("id", id))
        });
    }

    /// A public notice (no buttons).
    pub fn notice(&self, text: String) -> View {
        View {
            match_id: self.match_id,
            kind: ViewKind::Notice,
            text,
            image: None,
            alt: None,
            position: None,
            buttons: Vec::new(),
        }
    }

    /// Why the match refused an action, for the actor to read in their
    /// language.
    pub fn refusal(&self, m: &Match, refusal: &Refusal) -> Denial {
        match refusal {
            Refusal::NotASeat { .. } => id::ERROR_NOT_A_PLAYER.into(),
            Refusal::MatchOver => id::ERROR_MATCH_OVER.into(),
            Refusal::GameOver => id::ERROR_GAME_OVER.into(),
            Refusal::WrongPhase { .. } => match m.phase() {
                PhaseKind::Playing => id::ERROR_NOTHING_TO_READY,
                PhaseKind::BetweenGames => id::ERROR_GAME_OVER,
                PhaseKind::Finished => id::ERROR_MATCH_OVER,
            }
            .into(),
            Refusal::StalePly { .. } => id::ERROR_STALE_BUTTON.into(),
            Refusal::NotYourTurn { to_move } => {
                Denial::new(id::ERROR_NOT_YOUR_TURN).with("player", self.name(*to_move))
            }
            Refusal::AlreadyReady { .. } => id::ERROR_ALREADY_READY.into(),
            Refusal::Illegal(MoveError::NoOwnDiscToPop { column, .. })
                if m.current_game().game().position().landing_row(*column) == Some(0) =>
            {
                Denial::new(id::ERROR_NOTHING_TO_POP)
                    .with("column", column_letter(*column).to_string())
            }
            Refusal::Illegal(e) => Denial(move_error(e)),
            Refusal::NothingToTakeBack { .. } => id::TAKE_BACK_NOTHING.into(),
        }
    }
}

/// The players of a match as one phrase: "alice vs bob", "alice vs bob vs
/// carol", teams as "alice and carol vs bob and dave" (each side's players
/// by [`Seating::side_of`]).
pub fn versus(catalog: &Catalog, l: Locale, variant: Variant, players: &[Seated]) -> String {
    let names: Vec<String> = players.iter().map(|p| seat_name(catalog, p)).collect();
    versus_shaped(catalog, l, variant, &names)
}

/// A seated player's name for text: a member's name shaped
/// ([`Catalog::name`]), the AI's (the bot's own words) as it is.
fn seat_name(catalog: &Catalog, p: &Seated) -> String {
    if p.ai_level.is_some() {
        p.name.clone()
    } else {
        catalog.name(&p.name)
    }
}

/// [`versus`] from the players' names in seat order (a finished match read
/// from the store has names, not seated users).
pub fn versus_names(catalog: &Catalog, l: Locale, variant: Variant, players: &[&str]) -> String {
    let names: Vec<String> = players.iter().map(|p| catalog.name(p)).collect();
    versus_shaped(catalog, l, variant, &names)
}

/// [`versus`] from names already shaped for where they are shown (a
/// thread's name shows no markdown: its names are shaped plain).
pub fn versus_shaped(catalog: &Catalog, l: Locale, variant: Variant, players: &[String]) -> String {
    let seating = Seating::new(variant);
    let sides: Vec<String> = (0..seating.sides() as u8)
        .map(|side| {
            let names: Vec<String> = players
                .iter()
                .zip(seating.all())
                .filter(|(_, seat)| seating.side_of(**seat) == Side(side))
                .map(|(p, _)| p.clone())
                .collect();
            catalog.list(l, &names)
        })
        .collect();
    let vs = |first: String, second: String| {
        catalog.text(
            l,
            id::VERSUS,
            &Args::new().set("first", first).set("second", second),
        )
    };
    let mut sides = sides.into_iter();
    let first = sides.next().unwrap_or_default();
    sides.fold(first, vs)
}

/// Splits buttons into rows of at most 5 (Discord's limit), balanced so
/// that 7 columns give 4 + 3 and every button keeps its own action id.
pub fn split_rows(buttons: Vec<Button>) -> Vec<Vec<Button>> {
    let rows = buttons.len().div_ceil(5).max(1);
    let per_row = buttons.len().div_ceil(rows);
    let mut out = Vec::new();
    let mut it = buttons.into_iter().peekable();
    while it.peek().is_some() {
        out.push(it.by_ref().take(per_row).collect());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::game::Variant;
    use fourbot_core::play::{Action, ClockSettings, MatchSetup, TimeControl};

    fn two_players() -> [Seated; 2] {
        ["ann", "bob"].map(|n| Seated {
            id: UserId(n.len() as u64),
            name: n.into(),
            ai_level: None,
            source: Default::default(),
        })
    }

    fn presenter<'a>(catalog: &'a Catalog, players: &'a [Seated]) -> Presenter<'a> {
        Presenter {
            catalog,
            match_id: MatchId(1),
            players,
            locale: Locale::EnUs,
            time_style: TimeStyle::Countdown,
            epoch_unix_ms: 0,
            images: false,
            moderator: None,
            cancelled_tournament: None,
            stopped: false,
            bands: None,
        }
    }

    /// `m` after the drops (and pops) `moves`, one a second.
    fn play(variant: Variant, moves: &[Move]) -> Match {
        let control = TimeControl::new(10, 10).unwrap();
        let mut m = Match::new(
            MatchSetup::new(variant, ClockSettings::new(control)),
            Timestamp::ZERO,
        )
        .unwrap();
        for (i, mv) in moves.iter().enumerate() {
            let seat = m.to_move().unwrap();
            let turn = m.turn().unwrap();
            m.apply(
                seat,
                Action::Move { turn, mv: *mv },
                Timestamp::ZERO.plus(1000 * i as u64 + 1000),
            )
            .unwrap();
        }
        m
    }

    fn moves_of(view: &View) -> Vec<Vec<(Move, bool)>> {
        view.buttons
            .iter()
            .map(|row| {
                row.iter()
                    .filter_map(|b| match b.action {
                        ActionId::Move { mv, .. } => Some((mv, b.disabled)),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            })
            .filter(|row| !row.is_empty())
            .collect()
    }

    #[test]
    fn popout_shows_only_the_pops_the_player_may_make_and_no_pop_row_without_one() {
        let catalog = Catalog::new().unwrap();
        let players = two_players();
        let p = presenter(&catalog, &players);
        // The empty board: nothing to pop, so no pop row (before: seven
        // dead Pop buttons on a phone).
        let start = p.turn_view(&play(Variant::Popout, &[]), Timestamp::ZERO);
        let rows = moves_of(&start);
        assert!(
            rows.iter()
                .flatten()
                .all(|(mv, _)| matches!(mv, Move::Drop(_))),
            "{rows:?}"
        );
        assert_eq!(rows.iter().flatten().count(), 7);
        // Red a, yellow b: red may pop a only.
        let m = play(Variant::Popout, &[Move::Drop(0), Move::Drop(1)]);
        let pops: Vec<_> = moves_of(&p.turn_view(&m, Timestamp::ZERO))
            .into_iter()
            .flatten()
            .filter(|(mv, _)| matches!(mv, Move::Pop(_)))
            .collect();
        assert_eq!(pops, vec![(Move::Pop(0), false)]);
        // At most five rows of at most five buttons (Discord's limits).
        let view = p.turn_view(&m, Timestamp::ZERO);
        assert!(view.buttons.len() <= 5 && view.buttons.iter().all(|r| r.len() <= 5));
    }

    #[test]
    fn a_row_of_only_full_columns_is_left_out_and_the_others_keep_their_letters() {
        let catalog = Catalog::new().unwrap();
        let players = two_players();
        let p = presenter(&catalog, &players);
        // Fill a, b, c and d (rows 4 + 3: the first row a–d is all full)
        // without a line: rows of red red yellow yellow and yellow yellow
        // red red in turn, each row dropped red, yellow, red, yellow.
        let mut moves = Vec::new();
        for row in 0..6 {
            let order = if row % 2 == 0 {
                [0u8, 2, 1, 3]
            } else {
                [2, 0, 3, 1]
            };
            moves.extend(order.map(Move::Drop));
        }
        let m = play(Variant::Classic, &moves);
        assert!(m.to_move().is_some(), "the game goes on");
        let view = p.turn_view(&m, Timestamp::ZERO);
        let rows = moves_of(&view);
        let columns: Vec<Move> = rows.iter().flatten().map(|(mv, _)| *mv).collect();
        assert_eq!(
            columns,
            vec![Move::Drop(4), Move::Drop(5), Move::Drop(6)],
            "{rows:?}"
        );
        let labels: Vec<&str> = view.buttons[0].iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["e", "f", "g"]);
        assert!(rows.iter().flatten().all(|(_, off)| !off));
        // A row with one free column stays whole, the full ones disabled.
        let m = play(Variant::Classic, &moves[..moves.len() - 1]);
        let rows = moves_of(&p.turn_view(&m, Timestamp::ZERO));
        assert_eq!(rows[0].len(), 4, "{rows:?}");
        assert_eq!(rows[0].iter().filter(|(_, off)| !off).count(), 1);
    }

    #[test]
    fn the_flag_time_and_the_running_clock_read_the_same_after_every_move() {
        // Before: the bank was rounded down and the flag time up, so a turn
        // read "Time runs out in 10:10" over a clock line "10:09".
        let catalog = Catalog::new().unwrap();
        let players = ["ann", "bob"].map(|n| Seated {
            id: UserId(n.len() as u64),
            name: n.into(),
            ai_level: None,
            source: Default::default(),
        });
        let presenter = Presenter {
            catalog: &catalog,
            match_id: MatchId(1),
            players: &players,
            locale: Locale::EnUs,
            time_style: TimeStyle::Countdown,
            epoch_unix_ms: 0,
            images: false,
            moderator: None,
            cancelled_tournament: None,
            stopped: false,
            bands: None,
        };
        let control = TimeControl::new(10, 10).unwrap();
        let mut m = Match::new(
            MatchSetup::new(Variant::Classic, ClockSettings::new(control)),
            Timestamp::ZERO,
        )
        .unwrap();
        let mut now = Timestamp::ZERO;
        let mut flag_lines = 0;
        for (i, column) in [3u8, 3, 2, 4, 4, 2, 5, 1].into_iter().enumerate() {
            now = now.plus(1_234 + 517 * i as u64);
            let seat = m.to_move().unwrap();
            let turn = m.turn().unwrap();
            m.apply(
                seat,
                Action::Move {
                    turn,
                    mv: Move::Drop(column),
                },
                now,
            )
            .unwrap();
            let text = presenter.turn_view(&m, now).text;
            let Some(flag) = text
                .lines()
                .find_map(|l| l.strip_prefix("Time runs out in "))
            else {
                continue;
            };
            flag_lines += 1;
            let flag = flag.trim_end_matches('.');
            let running = text.lines().find(|l| l.ends_with('⏳')).unwrap();
            assert!(running.ends_with(&format!(": {flag} ⏳")), "{text}");
        }
        assert!(flag_lines >= 5, "the clock ran for most moves");
    }
}
