//! Open challenges (`/challenge`): who challenged whom to what, until the
//! opponent answers or the challenge expires. In memory behind
//! [`Challenges`] so that it can move into the store later; after a restart
//! an old challenge's buttons answer "expired".

use std::collections::HashMap;
use std::sync::Mutex;

use serenity::all::ChannelId;

use crate::game::Variant;
use crate::host::{PlayerId, Seated};
use crate::i18n::Locale;
use crate::play::TimeControl;

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
    /// Who is challenged.
    pub opponent: Seated,
    /// The variant.
    pub variant: Variant,
    /// The time control.
    pub time: TimeControl,
    /// Language of the public messages.
    pub locale: Locale,
    /// The text of the challenge message.
    pub text: String,
    /// The `/challenge` interaction's token (edits the challenge message for
    /// 15 minutes).
    pub token: String,
    /// Whether it has been answered.
    pub answered: bool,
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

    /// `player` answers challenge `id`.
    ///
    /// # Errors
    /// The Fluent id of the refusal: expired (or unknown), already answered,
    /// the challenger's own challenge, addressed to someone else.
    pub fn answer(&self, id: u64, player: PlayerId) -> Result<Challenge, &'static str> {
        let mut inner = self.inner.lock().expect("lock");
        let Some(c) = inner.get_mut(&id) else {
            return Err("error-challenge-expired");
        };
        if c.opponent.id != player {
            return Err(if c.challenger.id == player {
                "error-own-challenge"
            } else {
                "error-challenge-not-for-you"
            });
        }
        if c.answered {
            return Err("error-challenge-answered");
        }
        c.answered = true;
        Ok(c.clone())
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
            opponent: seat(20, "bob"),
            variant: Variant::Classic,
            time: TimeControl::DEFAULT,
            locale: Locale::EnUs,
            text: String::new(),
            token: String::new(),
            answered: false,
        }
    }

    #[test]
    fn only_the_opponent_answers_and_only_once() {
        let cs = Challenges::new();
        cs.open(challenge());
        assert_eq!(
            cs.answer(42, PlayerId(10)).unwrap_err(),
            "error-own-challenge"
        );
        assert_eq!(
            cs.answer(42, PlayerId(30)).unwrap_err(),
            "error-challenge-not-for-you"
        );
        assert!(cs.answer(42, PlayerId(20)).is_ok());
        assert_eq!(
            cs.answer(42, PlayerId(20)).unwrap_err(),
            "error-challenge-answered"
        );
        assert!(cs.expire(42).is_none(), "answered: nothing to mark expired");
        assert_eq!(
            cs.answer(42, PlayerId(20)).unwrap_err(),
            "error-challenge-expired"
        );
    }

    #[test]
    fn an_unanswered_challenge_expires() {
        let cs = Challenges::new();
        cs.open(challenge());
        assert_eq!(cs.expire(42).unwrap().id, 42);
        assert_eq!(
            cs.answer(42, PlayerId(20)).unwrap_err(),
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
