//! Interaction tokens the poster borrows to stay within Discord's global
//! rate limit.
//!
//! Discord limits a bot to 50 requests a second over all its REST calls,
//! except interaction callbacks and the requests made with an interaction's
//! token (follow-ups, edits of the original response), which are exempt
//! (discord-api-docs: topics/Rate_Limits.md, "Global Rate Limit":
//! "Interaction endpoints are not bound to the bot's Global Rate Limit").
//! A token works for 15 minutes after the interaction was created
//! (interactions/receiving-and-responding.md: "Interaction tokens are valid
//! for 15 minutes").
//!
//! So every press on a match's message leaves a [`Lease`]: its token, where
//! and when it was pressed. The poster posts the match's next views as
//! follow-ups of the latest fresh lease in the match's thread (a follow-up
//! goes to the interaction's channel, the thread), and removes an old
//! message's buttons with the token that can still edit it: the token of a
//! press on it (after a deferred update, "Edit Original Interaction
//! Response" edits the message the component was on) or the token whose
//! follow-up created it ([`Editor`]). Without a fresh lease it falls back to
//! ordinary channel requests. Everything here is in memory: after a restart
//! the first posts use the channel.

use parking_lot::{Mutex, MutexGuard};
use std::collections::HashMap;
use std::time::{Duration, Instant};

use serenity::all::{ChannelId, MessageId};

use crate::host::MatchId;

/// How old a lease may be when a request with it starts: a minute under
/// the 15 minutes Discord accepts an interaction's token for, for a
/// request that waits in the rate limiter or is retried.
pub const LEASE_USE_WITHIN: Duration = Duration::from_secs(14 * 60);

/// Messages older than this are not edited: Discord rate-limits edits of
/// messages older than an hour much harder (JSON error 30046, "Maximum
/// number of edits to messages older than 1 hour reached";
/// topics/Opcodes_and_Status_Codes.md).
pub const OLD_MESSAGE: Duration = Duration::from_secs(60 * 60);

/// An interaction token: a secret (anyone holding it may post as the bot
/// for 15 minutes), so its `Debug` shows only its length.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// `token` as Discord sent it.
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into())
    }

    /// The token, for a request.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Token(<{} characters>)", self.0.len())
    }
}

/// A press's token, where and when it was pressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The interaction's token.
    pub token: Token,
    /// When the interaction arrived (its token's 15 minutes run from here).
    pub at: Instant,
    /// The channel of the interaction: its follow-ups are posted there.
    pub channel: ChannelId,
}

impl Lease {
    /// Whether a request with this token may still start at `now`.
    pub fn fresh(&self, now: Instant) -> bool {
        now.saturating_duration_since(self.at) < LEASE_USE_WITHIN
    }
}

/// Which exempt request can edit a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Editor {
    /// The message is the one a press was on: "Edit Original Interaction
    /// Response" with the press's token.
    Original(Lease),
    /// The message is a follow-up of this token: "Edit Followup Message".
    Followup(Lease),
}

impl Editor {
    fn lease(&self) -> &Lease {
        match self {
            Editor::Original(l) | Editor::Followup(l) => l,
        }
    }
}

#[derive(Default)]
struct Inner {
    /// The latest press of each match.
    by_match: HashMap<MatchId, Lease>,
    /// How each message that may still lose its buttons can be edited
    /// without the global limit (forgotten once it has lost them).
    editors: HashMap<MessageId, Editor>,
    /// Inserts since the last pruning.
    inserts: usize,
}

impl Inner {
    /// Drops what no request can use any more, every few hundred inserts,
    /// so the maps hold only the last 15 minutes of presses and of
    /// messages that were never edited.
    fn prune(&mut self, now: Instant) {
        self.inserts += 1;
        if self.inserts < 512 {
            return;
        }
        self.inserts = 0;
        self.by_match.retain(|_, l| l.fresh(now));
        self.editors.retain(|_, e| e.lease().fresh(now));
    }
}

/// The leases of every match (see the module's documentation).
#[derive(Default)]
pub struct Leases {
    inner: Mutex<Inner>,
}

impl Leases {
    /// No leases.
    #[cfg(test)]
    pub fn new() -> Leases {
        Leases::default()
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock()
    }

    /// A press on `message` of match `id`, in `channel`, arrived at `at`
    /// with `token` (acknowledged with a deferred update, so its original
    /// response is `message`).
    pub fn pressed(
        &self,
        id: MatchId,
        channel: ChannelId,
        message: MessageId,
        token: Token,
        at: Instant,
    ) {
        let lease = Lease { token, at, channel };
        let mut inner = self.lock();
        inner.prune(at);
        inner
            .editors
            .insert(message, Editor::Original(lease.clone()));
        inner.by_match.insert(id, lease);
    }

    /// A press on `message` whose token may edit it (its original
    /// response) but not yet post the match's views: a drop that is not
    /// the mover's on the live turn, lent for posting only once the host
    /// took it ([`Leases::pressed_elsewhere`]), so that a stale or foreign
    /// press's token never posts the next turn.
    pub fn edits_only(&self, message: MessageId, channel: ChannelId, token: Token, at: Instant) {
        let lease = Lease { token, at, channel };
        let mut inner = self.lock();
        inner.prune(at);
        inner.editors.insert(message, Editor::Original(lease));
    }

    /// A press of match `id` in `channel` whose original response is not a
    /// match message (the Confirm of a private preview): its token may post
    /// follow-ups, not edit.
    pub fn pressed_elsewhere(&self, id: MatchId, channel: ChannelId, token: Token, at: Instant) {
        let mut inner = self.lock();
        inner.prune(at);
        inner.by_match.insert(id, Lease { token, at, channel });
    }

    /// The lease to post match `id`'s next view into `thread` with at
    /// `now`, if one is fresh and was pressed in that thread.
    pub fn for_posting(&self, id: MatchId, thread: ChannelId, now: Instant) -> Option<Lease> {
        self.lock()
            .by_match
            .get(&id)
            .filter(|l| l.channel == thread && l.fresh(now))
            .cloned()
    }

    /// The bot posted `message`, with buttons, as a follow-up of `lease`:
    /// that token can take them away later.
    pub fn posted(&self, message: MessageId, lease: &Lease) {
        let mut inner = self.lock();
        inner.prune(Instant::now());
        inner
            .editors
            .insert(message, Editor::Followup(lease.clone()));
    }

    /// The exempt way to edit `message` at `now`, if a token that can is
    /// still fresh.
    pub fn editor(&self, message: MessageId, now: Instant) -> Option<Editor> {
        self.lock()
            .editors
            .get(&message)
            .filter(|e| e.lease().fresh(now))
            .cloned()
    }

    /// Forgets the exempt way to edit `message` (Discord refused it, or
    /// the message will not be edited again).
    pub fn forget_editor(&self, message: MessageId) {
        self.lock().editors.remove(&message);
    }

    /// How old `message` is at `now_ms` (Unix milliseconds, the host's
    /// clock): from its snowflake, which holds the time Discord created it
    /// (`reference`, "Snowflakes"), so nothing needs to be kept per
    /// message.
    pub fn age(message: MessageId, now_ms: i64) -> Duration {
        let created_ms = message.created_at().unix_timestamp() * 1000;
        Duration::from_millis(now_ms.saturating_sub(created_ms).max(0) as u64)
    }

    /// Match `to` (a rematch) is played where `from` was: it may post with
    /// `from`'s latest lease.
    pub fn adopt(&self, from: MatchId, to: MatchId) {
        let mut inner = self.lock();
        if let Some(l) = inner.by_match.get(&from).cloned() {
            inner.by_match.insert(to, l);
        }
    }

    /// How many entries are kept (tests: pruning bounds the memory).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        let inner = self.lock();
        inner.by_match.len() + inner.editors.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const THREAD: ChannelId = ChannelId::new(10);
    const OTHER: ChannelId = ChannelId::new(11);

    fn message(n: u64) -> MessageId {
        MessageId::new(n)
    }

    #[test]
    fn a_press_lends_its_token_for_posting_in_its_thread_for_fourteen_minutes() {
        let leases = Leases::new();
        let t0 = Instant::now();
        leases.pressed(MatchId(1), THREAD, message(5), Token::new("a"), t0);
        let l = leases.for_posting(MatchId(1), THREAD, t0).unwrap();
        assert_eq!(l.token.expose(), "a");
        assert!(leases.for_posting(MatchId(2), THREAD, t0).is_none());
        assert!(leases.for_posting(MatchId(1), OTHER, t0).is_none());
        let late = t0 + LEASE_USE_WITHIN;
        assert!(leases
            .for_posting(MatchId(1), THREAD, late - Duration::from_secs(1))
            .is_some());
        assert!(leases.for_posting(MatchId(1), THREAD, late).is_none());
    }

    #[test]
    fn the_pressed_message_is_edited_as_the_original_and_a_followup_by_its_token() {
        let leases = Leases::new();
        let t0 = Instant::now();
        leases.pressed(MatchId(1), THREAD, message(5), Token::new("a"), t0);
        let lease = leases.for_posting(MatchId(1), THREAD, t0).unwrap();
        leases.posted(message(6), &lease);
        assert_eq!(
            leases.editor(message(5), t0),
            Some(Editor::Original(lease.clone()))
        );
        assert_eq!(
            leases.editor(message(6), t0),
            Some(Editor::Followup(lease.clone()))
        );
        // A later press on the follow-up gives it a fresher editor.
        let t1 = t0 + Duration::from_secs(600);
        leases.pressed(MatchId(1), THREAD, message(6), Token::new("b"), t1);
        let Some(Editor::Original(l)) = leases.editor(message(6), t1 + LEASE_USE_WITHIN / 2) else {
            panic!("the press's token edits the message it was on");
        };
        assert_eq!(l.token.expose(), "b");
        // Past the token's use, no exempt edit: the channel's is used.
        assert_eq!(leases.editor(message(5), t0 + LEASE_USE_WITHIN), None);
        leases.forget_editor(message(6));
        assert_eq!(leases.editor(message(6), t1), None);
    }

    #[test]
    fn a_confirm_press_lends_its_token_for_posting_but_edits_nothing() {
        let leases = Leases::new();
        let t0 = Instant::now();
        leases.pressed_elsewhere(MatchId(3), THREAD, Token::new("c"), t0);
        assert!(leases.for_posting(MatchId(3), THREAD, t0).is_some());
        assert_eq!(leases.len(), 1);
    }

    #[test]
    fn a_rematch_posts_with_the_lease_of_the_match_it_follows() {
        let leases = Leases::new();
        let t0 = Instant::now();
        leases.pressed(MatchId(1), THREAD, message(5), Token::new("a"), t0);
        leases.adopt(MatchId(1), MatchId(2));
        assert_eq!(
            leases.for_posting(MatchId(2), THREAD, t0).unwrap().token,
            Token::new("a")
        );
        leases.adopt(MatchId(7), MatchId(8));
        assert!(leases.for_posting(MatchId(8), THREAD, t0).is_none());
    }

    #[test]
    fn the_age_of_a_message_comes_from_its_snowflake() {
        // Snowflakes made two hours and a minute ago (Discord's epoch is
        // 2015-01-01).
        let made = |ago_ms: i64| {
            let ms = (NOW_MS - ago_ms - 1_420_070_400_000) as u64;
            MessageId::new(ms << 22)
        };
        const NOW_MS: i64 = 1_796_580_000_000;
        let age = Leases::age(made(7_200_000), NOW_MS);
        assert!(age > OLD_MESSAGE && age < OLD_MESSAGE * 3, "{age:?}");
        let age = Leases::age(made(60_000), NOW_MS);
        assert!(
            age >= Duration::from_secs(60) && age < Duration::from_secs(70),
            "{age:?}"
        );
    }

    #[test]
    fn pruning_keeps_only_what_a_request_can_still_use() {
        let leases = Leases::new();
        let t0 = Instant::now();
        for n in 1..=600u64 {
            leases.pressed(MatchId(n as i64), THREAD, message(n), Token::new("x"), t0);
        }
        let later = t0 + OLD_MESSAGE + Duration::from_secs(1);
        for n in 601..=1200u64 {
            leases.pressed(
                MatchId(n as i64),
                THREAD,
                message(n),
                Token::new("y"),
                later,
            );
        }
        // The 600 old presses (and their editors) are gone; some of the new
        // ones are kept.
        assert!(leases.len() <= 2 * 600, "{}", leases.len());
        assert!(leases.for_posting(MatchId(1), THREAD, later).is_none());
        assert!(leases.for_posting(MatchId(1200), THREAD, later).is_some());
    }

    #[test]
    fn a_token_never_shows_in_debug_output() {
        let lease = Lease {
            token: Token::new("secret-token-value"),
            at: Instant::now(),
            channel: THREAD,
        };
        let shown = format!("{lease:?} {:?}", Editor::Followup(lease.clone()));
        assert!(!shown.contains("secret"), "{shown}");
    }
}
