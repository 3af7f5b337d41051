//! Open challenges (`/challenge`): who challenged whom to what, until every
//! challenged player accepted (or one declined) or the challenge expires. In memory behind
//! [`Challenges`] so that it can move into the store later; after a restart
//! an old challenge's buttons answer "expired".

use std::collections::HashMap;
use std::sync::Mutex;

use serenity::all::ChannelId;

use crate::game::Variant;
use crate::host::{PlayerId, Seated};
use crate::i18n::Locale;
use crate::play::ClockSettings;

/// A challenge waiting for its opponent.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// Its id: the `/challenge` interaction's id (unique across restarts).
    pub id: u64,
    /// The server.
    pub guild: u64,
    /// The channel of the challenge message.
    pub channel: ChannelId,
    /// Who challenged.
    pub challenger: Seated,
    /// Every player by seat, the challenger included (p1 first; for teams
    /// p1 and p3 are one team).
    pub seats: Vec<Seated>,
    /// Who has accepted so far.
    pub accepted: Vec<PlayerId>,
    /// The variant.
    pub variant: Variant,
    /// The time control, abort window and grace period.
    pub clock: ClockSettings,
    /// Language of the public messages.
    pub locale: Locale,
    /// The text of the challenge message.
    pub text: String,
    /// The `/challenge` interaction's token (edits the challenge message for
    /// 15 minutes).
    pub token: String,
    /// Whether it has been settled (everyone accepted, or one declined).
    pub answered: bool,
}

impl Challenge {
    /// The challenged players (every seat but the challenger's).
    pub fn invited(&self) -> impl Iterator<Item = &Seated> {
        self.seats.iter().filter(|s| s.id != self.challenger.id)
    }

    /// The challenged players who have not accepted yet.
    pub fn waiting_for(&self) -> Vec<&Seated> {
        self.invited()
            .filter(|s| !self.accepted.contains(&s.id))
            .collect()
    }
}

/// What an answer did to its challenge.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Accepted, but others have still to accept.
    Waiting(Challenge),
    /// Everyone has accepted: the match starts.
    Complete(Challenge),
    /// Declined: the challenge is off.
    Declined(Challenge),
}

/// An answer to a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Play.
    Accept,
    /// Do not play.
    Decline,
}

impl Answer {
    /// The button's action id for challenge `id`: `c:<id>:accept` or
    /// `c:<id>:decline`.
    pub fn action_id(self, id: u64) -> String {
        match self {
            Answer::Accept => format!("c:{id}:accept"),
            Answer::Decline => format!("c:{id}:decline"),
        }
    }

    /// Reads a challenge button's action id.
    pub fn parse(action: &str) -> Option<(u64, Answer)> {
        let rest = action.strip_prefix("c:")?;
        let (id, answer) = rest.split_once(':')?;
        let answer = match answer {
            "accept" => Answer::Accept,
            "decline" => Answer::Decline,
            _ => return None,
        };
        Some((id.parse().ok()?, answer))
    }
}

/// The open challenges.
#[derive(Default)]
pub struct Challenges {
    inner: Mutex<HashMap<u64, Challenge>>,
}

impl Challenges {
    /// No challenges.
    pub fn new() -> Challenges {
        Challenges::default()
    }

    /// Records a new challenge.
    pub fn open(&self, c: Challenge) {
        self.inner.lock().expect("lock").insert(c.id, c);
    }

    /// `player` answers challenge `id`; `name` is the name they are seated
    /// under from now on.
    ///
    /// # Errors
    /// The Fluent id of the refusal: expired (or unknown), already answered,
    /// the challenger's own challenge, addressed to someone else.
    pub fn answer(
        &self,
        id: u64,
        player: PlayerId,
        name: &str,
        answer: Answer,
    ) -> Result<Outcome, &'static str> {
        let mut inner = self.inner.lock().expect("lock");
        let Some(c) = inner.get_mut(&id) else {
            return Err("error-challenge-expired");
        };
        if c.challenger.id == player {
            return Err("error-own-challenge");
        }
        let Some(seat) = c.seats.iter_mut().find(|s| s.id == player) else {
            return Err("error-challenge-not-for-you");
        };
        if c.answered || c.accepted.contains(&player) {
            return Err("error-challenge-answered");
        }
        seat.name = name.to_string();
        if answer == Answer::Decline {
            c.answered = true;
            return Ok(Outcome::Declined(c.clone()));
        }
        c.accepted.push(player);
        if c.waiting_for().is_empty() {
            c.answered = true;
            Ok(Outcome::Complete(c.clone()))
        } else {
            Ok(Outcome::Waiting(c.clone()))
        }
    }

    /// Challenge `id` as it stands, if it is still known.
    pub fn get(&self, id: u64) -> Option<Challenge> {
        self.inner.lock().expect("lock").get(&id).cloned()
    }

    /// Removes challenge `id` at its expiry; returns it if nobody answered
    /// (its message is then to be marked expired).
    pub fn expire(&self, id: u64) -> Option<Challenge> {
        let c = self.inner.lock().expect("lock").remove(&id)?;
        (!c.answered).then_some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(id: u64, name: &str) -> Seated {
        Seated {
            id: PlayerId(id),
            name: name.into(),
            ai_level: None,
        }
    }

    fn challenge() -> Challenge {
        Challenge {
            id: 42,
            guild: 1,
            channel: ChannelId::new(2),
            challenger: seat(10, "alice"),
            seats: vec![seat(10, "alice"), seat(20, "bob")],
            accepted: Vec::new(),
            variant: Variant::Classic,
            clock: ClockSettings::default(),
            locale: Locale::EnUs,
            text: String::new(),
            token: String::new(),
            answered: false,
        }
    }

    fn is_complete(o: Result<Outcome, &'static str>) -> bool {
        matches!(o, Ok(Outcome::Complete(_)))
    }

    #[test]
    fn only_the_opponent_answers_and_only_once() {
        let cs = Challenges::new();
        cs.open(challenge());
        let ok = Answer::Accept;
        assert_eq!(
            cs.answer(42, PlayerId(10), "alice", ok).unwrap_err(),
            "error-own-challenge"
        );
        assert_eq!(
            cs.answer(42, PlayerId(30), "carol", ok).unwrap_err(),
            "error-challenge-not-for-you"
        );
        assert!(is_complete(cs.answer(42, PlayerId(20), "Bobby", ok)));
        assert_eq!(cs.get(42).unwrap().seats[1].name, "Bobby");
        assert_eq!(
            cs.answer(42, PlayerId(20), "bob", ok).unwrap_err(),
            "error-challenge-answered"
        );
        assert!(cs.expire(42).is_none(), "answered: nothing to mark expired");
        assert_eq!(
            cs.answer(42, PlayerId(20), "bob", ok).unwrap_err(),
            "error-challenge-expired"
        );
    }

    #[test]
    fn a_challenge_of_several_starts_when_all_accepted_and_ends_at_one_decline() {
        let cs = Challenges::new();
        let mut c = challenge();
        c.seats.push(seat(30, "carol"));
        cs.open(c.clone());
        let waiting = cs.answer(42, PlayerId(20), "bob", Answer::Accept);
        let Ok(Outcome::Waiting(w)) = waiting else {
            panic!("{waiting:?}")
        };
        let names: Vec<&str> = w.waiting_for().iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["carol"]);
        assert!(is_complete(cs.answer(
            42,
            PlayerId(30),
            "carol",
            Answer::Accept
        )));

        c.id = 43;
        cs.open(c);
        assert!(cs.answer(43, PlayerId(20), "bob", Answer::Accept).is_ok());
        assert!(matches!(
            cs.answer(43, PlayerId(30), "carol", Answer::Decline),
            Ok(Outcome::Declined(_))
        ));
        assert_eq!(
            cs.answer(43, PlayerId(30), "carol", Answer::Accept)
                .unwrap_err(),
            "error-challenge-answered"
        );
    }

    #[test]
    fn an_unanswered_challenge_expires() {
        let cs = Challenges::new();
        cs.open(challenge());
        assert_eq!(cs.expire(42).unwrap().id, 42);
        assert_eq!(
            cs.answer(42, PlayerId(20), "bob", Answer::Accept)
                .unwrap_err(),
            "error-challenge-expired"
        );
    }

    #[test]
    fn challenge_action_ids_round_trip() {
        for a in [Answer::Accept, Answer::Decline] {
            assert_eq!(Answer::parse(&a.action_id(7)), Some((7, a)));
        }
        assert_eq!(Answer::parse("m:1:resign-match"), None);
    }
}
