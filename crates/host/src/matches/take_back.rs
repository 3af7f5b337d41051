//! Take-backs (issue 35, docs/match.md "Take-back"): in an unrated match of
//! two players, a player asks to take back their own last ply while it is
//! their opponent's turn; the opponent accepts or declines. Accepted, the
//! match undoes the ply ([`Action::TakeBack`], journaled like every other
//! action, so a restart does not bring the ply back) and the asker is to
//! move again; the clock does not run back.
//!
//! A request lives in the host's memory only: it lapses when the position
//! changes (the opponent moves, the game or match ends), after
//! [`TAKE_BACK_EXPIRY`], when a new one replaces it, or when the bot
//! restarts (its buttons then answer that it is no longer open).

use std::collections::HashMap;
use std::time::Duration;

use tokio::time::Instant;

use fourbot_core::play::{Action, PhaseKind, Seat, Turn};
use fourbot_i18n::{id, Args, Value};

use super::super::denial::Denial;
use super::super::view::{ActionId, Button, ButtonStyle, MatchId, UserId, View, ViewKind};
use super::{Entry, Host, TaskError};

/// Take-back requests a player may make in one game of a match (accepted,
/// declined or lapsed alike), so that nobody can flood the opponent with
/// them (issue 35).
pub const TAKE_BACK_REQUESTS_PER_GAME: u32 = 2;

/// How long a take-back request stands unanswered before it lapses (the
/// opponent's move ends it sooner).
pub const TAKE_BACK_EXPIRY: Duration = Duration::from_secs(120);

/// What a match knows of its take-backs.
#[derive(Debug, Default)]
pub(super) struct TakeBacks {
    /// The open request, if any: who asked, for which ply, until when.
    open: Option<Open>,
    /// Requests made, by seat and game.
    made: HashMap<(Seat, u8), u32>,
}

#[derive(Clone, Copy, Debug)]
struct Open {
    seat: Seat,
    turn: Turn,
    until: Instant,
}

impl Host {
    /// `player` asks to take back their last ply in match `id`
    /// (`/takeback`, the shell's `takeback`). The request goes to the
    /// match's views as a notice with Accept and Decline buttons for the
    /// opponent (it replaces an open one).
    ///
    /// # Errors
    /// A [`Denial`] for the asker: no such match or not a player in it; a
    /// rated match (`take-back-rated`), a tournament's (`take-back-tournament`),
    /// one against the AI (`take-back-ai`) or of more than two seats
    /// (`take-back-players`); nothing to take back (`take-back-nothing`:
    /// the game's last ply is not theirs, or it is their turn, or no game
    /// is being played); the limit of requests in this game reached
    /// (`take-back-limit`); the match is over.
    pub async fn take_back(&self, id: MatchId, player: UserId) -> Result<(), Denial> {
        let Some(entry) = self.entry(id) else {
            return Err(Denial::new(id::ERROR_MATCH_NOT_FOUND).with("id", id.0));
        };
        let seats = human_seats(&entry, player);
        if seats.is_empty() {
            return Err(id::ERROR_NOT_A_PLAYER.into());
        }
        let spec = &entry.spec;
        // The tournament first: an unrated tournament's match is unrated
        // too, and still no take-backs.
        if spec.tournament.is_some() {
            return Err(id::TAKE_BACK_TOURNAMENT.into());
        }
        if spec.rated() {
            return Err(id::TAKE_BACK_RATED.into());
        }
        if spec.players.iter().any(|p| p.ai_level.is_some()) {
            return Err(id::TAKE_BACK_AI.into());
        }
        if spec.players.len() != 2 {
            return Err(id::TAKE_BACK_PLAYERS.into());
        }
        let Some(m) = Self::snapshot(&entry).await else {
            return Err(id::ERROR_MATCH_OVER.into());
        };
        if m.is_finished() {
            return Err(id::ERROR_MATCH_OVER.into());
        }
        let nothing = || Denial::new(id::TAKE_BACK_NOTHING);
        if m.phase() != PhaseKind::Playing {
            return Err(nothing());
        }
        let record = m.current_game();
        let played = record.game().moves().len() - record.opening_plies();
        let Some(asker) = played
            .checked_sub(1)
            .map(|last| record.order().seat_at(last))
            .filter(|s| seats.contains(s) && m.to_move() != Some(*s))
        else {
            return Err(nothing());
        };
        let game = m.games().len() as u8;
        let turn = Turn {
            game,
            ply: u32::try_from(record.game().moves().len()).unwrap_or(u32::MAX),
        };
        let opponent = m
            .seating()
            .all()
            .iter()
            .copied()
            .find(|s| *s != asker)
            .expect("two seats");
        {
            let mut t = entry.take_backs.lock().expect("lock");
            let made = t.made.entry((asker, game)).or_insert(0);
            if *made >= TAKE_BACK_REQUESTS_PER_GAME {
                return Err(Denial::new(id::TAKE_BACK_LIMIT)
                    .with("limit", i64::from(TAKE_BACK_REQUESTS_PER_GAME)));
            }
            *made += 1;
            t.open = Some(Open {
                seat: asker,
                turn,
                until: Instant::now() + TAKE_BACK_EXPIRY,
            });
        }
        let p = self.presenter(&entry);
        let catalog = &self.inner.catalog;
        let l = spec.locale;
        let name = |s: Seat| Value::name(spec.players[s.index()].name.clone());
        let mv = record.game().moves()[record.game().moves().len() - 1];
        let text = catalog.text(
            l,
            id::TAKE_BACK_ASKED,
            &Args::new()
                .set("player", name(asker))
                .set("opponent", name(opponent))
                .set("move", format!("{}. {mv}", turn.ply))
                .set(
                    "minutes",
                    i64::try_from(TAKE_BACK_EXPIRY.as_secs() / 60).unwrap_or(0),
                ),
        );
        let button = |accept: bool, label, style| Button {
            label: catalog.plain(l, label),
            action: ActionId::TakeBack {
                match_id: entry.id,
                turn,
                accept,
            },
            style,
            disabled: false,
        };
        let mut view: View = p.notice(text);
        view.kind = ViewKind::Notice;
        view.buttons = vec![vec![
            button(true, id::BUTTON_TAKE_BACK_ACCEPT, ButtonStyle::Success),
            button(false, id::BUTTON_TAKE_BACK_DECLINE, ButtonStyle::Danger),
        ]];
        let _ = self.inner.outbox.send(view);
        Ok(())
    }

    /// `player` answers the take-back request of ply `turn` in match `id`
    /// (its Accept or Decline button). Accepted, the match takes the ply
    /// back (its notice and the asker's new turn follow as the match's
    /// views); declined, nothing changes. Returns the line that closes the
    /// request, in the match's language ("bob accepted the take-back.").
    ///
    /// # Errors
    /// A [`Denial`] for the presser: no such match; the request is no
    /// longer open (`take-back-expired`: answered, replaced, lapsed, the
    /// position changed, or the bot restarted since); the presser is not
    /// the opponent (`take-back-not-opponent`, naming who may answer); the
    /// store could not record it (`error-try-again`, nothing changed and
    /// the request stays open).
    pub async fn answer_take_back(
        &self,
        id: MatchId,
        player: UserId,
        turn: Turn,
        accept: bool,
    ) -> Result<String, Denial> {
        let Some(entry) = self.entry(id) else {
            return Err(Denial::new(id::ERROR_MATCH_NOT_FOUND).with("id", id.0));
        };
        let expired = || Denial::new(id::TAKE_BACK_EXPIRED);
        let open = {
            let t = entry.take_backs.lock().expect("lock");
            match t.open {
                Some(o) if o.turn == turn => o,
                _ => return Err(expired()),
            }
        };
        let spec = &entry.spec;
        let opponent = spec
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (Seat::ALL[i], p))
            .find(|(s, _)| *s != open.seat)
            .map(|(s, _)| s)
            .expect("two seats");
        let seats = human_seats(&entry, player);
        if !seats.contains(&opponent) {
            return Err(Denial::new(id::TAKE_BACK_NOT_OPPONENT).with(
                "player",
                Value::name(spec.players[opponent.index()].name.clone()),
            ));
        }
        let close = |entry: &Entry| {
            let mut t = entry.take_backs.lock().expect("lock");
            if t.open.is_some_and(|o| o.turn == turn) {
                t.open = None;
            }
        };
        // Lapsed: its time is up, or the position is no longer the one it
        // was asked in (the opponent moved, the game or match ended).
        let now_turn = Self::snapshot(&entry).await.and_then(|m| m.turn());
        let asked_in = Turn {
            game: turn.game,
            ply: turn.ply + 1,
        };
        if Instant::now() >= open.until || now_turn != Some(asked_in) {
            close(&entry);
            return Err(expired());
        }
        let catalog = &self.inner.catalog;
        let answerer = Value::name(spec.players[opponent.index()].name.clone());
        if !accept {
            close(&entry);
            return Ok(catalog.text(
                spec.locale,
                id::TAKE_BACK_DECLINED,
                &Args::new().set("opponent", answerer),
            ));
        }
        match entry.handle.act(open.seat, Action::TakeBack).await {
            Ok(()) => {}
            Err(TaskError::Unavailable) => return Err(id::ERROR_TRY_AGAIN.into()),
            // The position moved on between the check and the task (a
            // flag, a last-moment move): the request lapsed.
            Err(TaskError::Refused(_) | TaskError::Closed) => {
                close(&entry);
                return Err(expired());
            }
        }
        close(&entry);
        Ok(catalog.text(
            spec.locale,
            id::TAKE_BACK_ACCEPTED,
            &Args::new().set("opponent", answerer),
        ))
    }
}

/// The seats of match `entry` that `player` holds as a person (not the AI).
fn human_seats(entry: &Entry, player: UserId) -> Vec<Seat> {
    entry
        .spec
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.id == player && p.ai_level.is_none())
        .map(|(i, _)| Seat::ALL[i])
        .collect()
}
