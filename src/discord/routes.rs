//! Where each match is shown on Discord: its thread, the message whose
//! buttons are live, its players. Kept behind [`Routes`] so that it can move
//! into the store later; for now it lives in memory and is re-learned from
//! the next button press after a restart (the press names its channel and
//! message).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use serenity::all::{ChannelId, MessageId};

use crate::host::{MatchId, PlayerId};
use crate::i18n::Locale;

/// How one match is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The match's thread (its channel).
    pub thread: ChannelId,
    /// The players (empty when the route was learned from a press after a
    /// restart).
    pub players: Vec<PlayerId>,
    /// Language of the match's public messages.
    pub locale: Locale,
    /// The last message posted with live buttons, if any.
    pub last_buttons: Option<MessageId>,
    /// The match is over.
    pub finished: bool,
    /// The bot archived the thread (at the end of the match).
    pub archived: bool,
}

impl Route {
    /// A route for a match that starts in `thread`.
    pub fn new(thread: ChannelId, players: Vec<PlayerId>, locale: Locale) -> Route {
        Route {
            thread,
            players,
            locale,
            last_buttons: None,
            finished: false,
            archived: false,
        }
    }
}

#[derive(Default)]
struct Inner {
    by_match: HashMap<MatchId, Route>,
    by_thread: HashMap<ChannelId, MatchId>,
}

/// Every match's [`Route`], by match and by thread.
#[derive(Default)]
pub struct Routes {
    inner: Mutex<Inner>,
}

impl Routes {
    /// No routes yet.
    pub fn new() -> Routes {
        Routes::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().expect("routes lock")
    }

    /// Creates a match with `create` and records its route, atomically with
    /// respect to [`Routes::adopt_new`] (so a rematch never takes a match
    /// that is being set up).
    pub fn create<E>(
        &self,
        create: impl FnOnce() -> Result<MatchId, E>,
        route: Route,
    ) -> Result<MatchId, E> {
        let mut inner = self.lock();
        let id = create()?;
        inner.by_thread.insert(route.thread, id);
        inner.by_match.insert(id, route);
        Ok(id)
    }

    /// Records the route of a match the bot only learns about from a button
    /// press in `thread` on `message` (after a restart); keeps a known route.
    pub fn learn(&self, id: MatchId, thread: ChannelId, message: MessageId, locale: Locale) {
        let mut inner = self.lock();
        if inner.by_match.contains_key(&id) {
            return;
        }
        let mut route = Route::new(thread, Vec::new(), locale);
        route.last_buttons = Some(message);
        inner.by_thread.insert(thread, id);
        inner.by_match.insert(id, route);
    }

    /// Gives every match in `ids` that has no route yet (a rematch the host
    /// just created) a route in `from`'s thread; returns them.
    pub fn adopt_new(&self, ids: &[MatchId], from: MatchId) -> Vec<MatchId> {
        let mut inner = self.lock();
        let Some(base) = inner.by_match.get(&from).cloned() else {
            return Vec::new();
        };
        let mut adopted = Vec::new();
        for id in ids {
            if !inner.by_match.contains_key(id) {
                let mut route = Route::new(base.thread, base.players.clone(), base.locale);
                route.archived = base.archived;
                inner.by_thread.insert(base.thread, *id);
                inner.by_match.insert(*id, route);
                adopted.push(*id);
            }
        }
        adopted
    }

    /// The route of a match.
    pub fn get(&self, id: MatchId) -> Option<Route> {
        self.lock().by_match.get(&id).cloned()
    }

    /// Waits up to `timeout` for the route of a match (its first view can
    /// arrive before the route is recorded).
    pub async fn wait(&self, id: MatchId, timeout: Duration) -> Option<Route> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(r) = self.get(id) {
                return Some(r);
            }
            if tokio::time::Instant::now() >= deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The match played in `thread` (the latest one, after a rematch).
    pub fn by_thread(&self, thread: ChannelId) -> Option<(MatchId, Route)> {
        let inner = self.lock();
        let id = *inner.by_thread.get(&thread)?;
        inner.by_match.get(&id).map(|r| (id, r.clone()))
    }

    /// The match a command in `channel` by `player` is about: the thread's
    /// match, else the player's only running match.
    pub fn match_for(&self, channel: ChannelId, player: PlayerId) -> Option<MatchId> {
        if let Some((id, _)) = self.by_thread(channel) {
            return Some(id);
        }
        let inner = self.lock();
        let mut running = inner
            .by_match
            .iter()
            .filter(|(_, r)| !r.finished && r.players.contains(&player))
            .map(|(id, _)| *id);
        match (running.next(), running.next()) {
            (Some(id), None) => Some(id),
            _ => None,
        }
    }

    /// Whether `a` and `b` already play a running match against each other.
    pub fn running_between(&self, a: PlayerId, b: PlayerId) -> bool {
        self.lock()
            .by_match
            .values()
            .any(|r| !r.finished && r.players.contains(&a) && r.players.contains(&b))
    }

    /// Records the message with the match's live buttons; returns the
    /// previous one (whose buttons are to be removed).
    pub fn replace_buttons(&self, id: MatchId, message: Option<MessageId>) -> Option<MessageId> {
        let mut inner = self.lock();
        let route = inner.by_match.get_mut(&id)?;
        std::mem::replace(&mut route.last_buttons, message)
    }

    /// Marks the match over.
    pub fn finish(&self, id: MatchId) {
        if let Some(r) = self.lock().by_match.get_mut(&id) {
            r.finished = true;
        }
    }

    /// Records whether the bot has archived the match's thread (for every
    /// match in that thread).
    pub fn set_archived(&self, thread: ChannelId, archived: bool) {
        for r in self.lock().by_match.values_mut() {
            if r.thread == thread {
                r.archived = archived;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: PlayerId = PlayerId(1);
    const B: PlayerId = PlayerId(2);

    #[test]
    fn a_thread_names_its_match_and_players_find_their_running_match() {
        let routes = Routes::new();
        let thread = ChannelId::new(77);
        let id = routes
            .create(
                || Ok::<_, ()>(MatchId(5)),
                Route::new(thread, vec![A, B], Locale::EnUs),
            )
            .unwrap();
        assert_eq!(routes.by_thread(thread).unwrap().0, id);
        assert_eq!(routes.match_for(ChannelId::new(1), A), Some(id));
        assert!(routes.running_between(B, A));
        assert_eq!(routes.replace_buttons(id, Some(MessageId::new(9))), None);
        assert_eq!(
            routes.replace_buttons(id, Some(MessageId::new(10))),
            Some(MessageId::new(9))
        );
        routes.finish(id);
        assert!(!routes.running_between(A, B));
        assert_eq!(routes.match_for(ChannelId::new(1), A), None);
    }

    #[test]
    fn a_rematch_is_adopted_into_the_same_thread() {
        let routes = Routes::new();
        let thread = ChannelId::new(77);
        routes
            .create(
                || Ok::<_, ()>(MatchId(5)),
                Route::new(thread, vec![A, B], Locale::De),
            )
            .unwrap();
        let adopted = routes.adopt_new(&[MatchId(5), MatchId(6)], MatchId(5));
        assert_eq!(adopted, vec![MatchId(6)]);
        assert_eq!(routes.by_thread(thread).unwrap().0, MatchId(6));
        assert_eq!(routes.get(MatchId(6)).unwrap().locale, Locale::De);
    }

    #[test]
    fn a_route_is_learned_from_a_press_after_a_restart() {
        let routes = Routes::new();
        routes.learn(
            MatchId(3),
            ChannelId::new(8),
            MessageId::new(9),
            Locale::EnUs,
        );
        let r = routes.get(MatchId(3)).unwrap();
        assert_eq!(r.thread, ChannelId::new(8));
        assert_eq!(r.last_buttons, Some(MessageId::new(9)));
    }
}
