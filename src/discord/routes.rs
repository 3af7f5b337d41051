//! Where each match is shown on Discord: its thread, the message whose
//! buttons are live, its players. Kept behind [`Routes`] so that it can move
//! into the store later; until then it is kept in memory and, when a file is
//! given ([`Routes::open`]), written to that file after every change, so a
//! restarted bot posts a resumed match into its thread at once. A press on
//! an old message also teaches the route of a match the bot does not know
//! ([`Routes::learn`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
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
    file: Option<PathBuf>,
    creating: tokio::sync::Mutex<()>,
}

impl Route {
    /// One line of the routes file:
    /// `<match> <thread> <locale> <finished 0|1> <archived 0|1> <last buttons or 0> <players,comma-separated or ->`.
    fn line(&self, id: MatchId) -> String {
        let players: Vec<String> = self.players.iter().map(|p| p.0.to_string()).collect();
        format!(
            "{} {} {} {} {} {} {}",
            id.0,
            self.thread.get(),
            self.locale.tag(),
            u8::from(self.finished),
            u8::from(self.archived),
            self.last_buttons.map_or(0, |m| m.get()),
            if players.is_empty() {
                "-".to_string()
            } else {
                players.join(",")
            }
        )
    }

    fn parse(line: &str) -> Option<(MatchId, Route)> {
        let f: Vec<&str> = line.split_whitespace().collect();
        let [id, thread, locale, finished, archived, last, players] = f.as_slice() else {
            return None;
        };
        let nonzero = |t: &str| t.parse::<u64>().ok().filter(|v| *v != 0);
        let players = if *players == "-" {
            Vec::new()
        } else {
            players
                .split(',')
                .map(|p| p.parse().map(PlayerId))
                .collect::<Result<_, _>>()
                .ok()?
        };
        Some((
            MatchId(id.parse().ok()?),
            Route {
                thread: ChannelId::new(nonzero(thread)?),
                players,
                locale: Locale::negotiate(locale),
                last_buttons: nonzero(last).map(MessageId::new),
                finished: *finished == "1",
                archived: *archived == "1",
            },
        ))
    }
}

impl Routes {
    /// No routes, in memory only.
    pub fn new() -> Routes {
        Routes::default()
    }

    /// The routes kept in `path` (created on the first change; unreadable
    /// lines are skipped with a warning).
    pub fn open(path: &Path) -> Routes {
        let mut inner = Inner::default();
        if let Ok(text) = std::fs::read_to_string(path) {
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                match Route::parse(line) {
                    Some((id, route)) => {
                        inner.by_thread.insert(route.thread, id);
                        inner.by_match.insert(id, route);
                    }
                    None => tracing::warn!(line, "unreadable line in the routes file"),
                }
            }
        }
        Routes {
            inner: Mutex::new(inner),
            file: Some(path.to_path_buf()),
            creating: tokio::sync::Mutex::new(()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().expect("routes lock")
    }

    /// Writes every route to the file (a new file renamed over the old one).
    fn save(&self, inner: &Inner) {
        let Some(path) = &self.file else { return };
        let mut ids: Vec<&MatchId> = inner.by_match.keys().collect();
        ids.sort();
        let text: String = ids
            .into_iter()
            .map(|id| inner.by_match[id].line(*id) + "\n")
            .collect();
        let tmp = path.with_extension("tmp");
        if let Err(e) = std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, path)) {
            tracing::warn!(path = %path.display(), error = %e, "cannot write the routes file");
        }
    }

    /// Held while a match is created and its route recorded, and while a
    /// rematch press runs, so that [`Routes::adopt_new`] never takes a match
    /// that is being set up elsewhere.
    pub async fn creation_lock(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.creating.lock().await
    }

    /// Records the route of a new match.
    pub fn insert(&self, id: MatchId, route: Route) {
        let mut inner = self.lock();
        // A match id of an earlier run (a host without a store reuses ids)
        // no longer names its old thread.
        inner.by_thread.retain(|_, m| *m != id);
        inner.by_thread.insert(route.thread, id);
        inner.by_match.insert(id, route);
        self.save(&inner);
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
        self.save(&inner);
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
        if !adopted.is_empty() {
            self.save(&inner);
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
        let old = std::mem::replace(&mut route.last_buttons, message);
        self.save(&inner);
        old
    }

    /// The matches not marked over, in id order (after a restart: the
    /// running ones, and any whose end was committed but never posted).
    pub fn unfinished(&self) -> Vec<MatchId> {
        let inner = self.lock();
        let mut ids: Vec<MatchId> = inner
            .by_match
            .iter()
            .filter(|(_, r)| !r.finished)
            .map(|(id, _)| *id)
            .collect();
        ids.sort();
        ids
    }

    /// Marks the match over in memory only: the file records it with the
    /// next change (the poster's, once the end is posted), so that a bot
    /// killed before posting the end still finds the match unfinished in
    /// the file and posts its end after the restart.
    pub fn finish_unsaved(&self, id: MatchId) {
        if let Some(r) = self.lock().by_match.get_mut(&id) {
            r.finished = true;
        }
    }

    /// Marks the match over.
    pub fn finish(&self, id: MatchId) {
        let mut inner = self.lock();
        if let Some(r) = inner.by_match.get_mut(&id) {
            r.finished = true;
        }
        self.save(&inner);
    }

    /// Records whether the bot has archived the match's thread (for every
    /// match in that thread).
    pub fn set_archived(&self, thread: ChannelId, archived: bool) {
        let mut inner = self.lock();
        for r in inner.by_match.values_mut() {
            if r.thread == thread {
                r.archived = archived;
            }
        }
        self.save(&inner);
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
        let id = MatchId(5);
        routes.insert(id, Route::new(thread, vec![A, B], Locale::EnUs));
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
        routes.insert(MatchId(5), Route::new(thread, vec![A, B], Locale::De));
        let adopted = routes.adopt_new(&[MatchId(5), MatchId(6)], MatchId(5));
        assert_eq!(adopted, vec![MatchId(6)]);
        assert_eq!(routes.by_thread(thread).unwrap().0, MatchId(6));
        assert_eq!(routes.get(MatchId(6)).unwrap().locale, Locale::De);
    }

    #[test]
    fn routes_survive_a_restart_in_their_file() {
        let path = std::env::temp_dir().join(format!(
            "fourbot-routes-test-{}.threads",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&path);
        let routes = Routes::open(&path);
        let thread = ChannelId::new(77);
        routes.insert(MatchId(5), Route::new(thread, vec![A, B], Locale::Bg));
        routes.replace_buttons(MatchId(5), Some(MessageId::new(99)));
        let again = Routes::open(&path);
        let r = again.get(MatchId(5)).unwrap();
        assert_eq!(r, routes.get(MatchId(5)).unwrap());
        assert_eq!(r.last_buttons, Some(MessageId::new(99)));
        assert_eq!(again.by_thread(thread).unwrap().0, MatchId(5));
        // A new match that reuses the id takes over; the old thread is free.
        again.insert(
            MatchId(5),
            Route::new(ChannelId::new(78), vec![A, B], Locale::Bg),
        );
        assert!(again.by_thread(thread).is_none());
        let _ = std::fs::remove_file(&path);
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
