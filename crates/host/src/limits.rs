//! Per-member and per-server limits (issue 32 §3; docs/reliability.md,
//! "Limits"): how many matches against the AI a member runs at once, how
//! many challenges and seeks they keep open, how many `/analyze` requests
//! they have waiting or running (and how long the bot's one analysis queue
//! is), and how often a member — and a whole server — may ask for
//! `/replay` and `/export` a minute.
//!
//! Each limit has a default ([`Limit::default_value`]) that a server's
//! moderators may change with `/config`, within a bound the bot's operator
//! sets ([`Bounds`], `fourbot run --max-…` or its environment variable).
//! A refusal is a [`Denial`] that names the limit and, where the limit is
//! one of time, when to try again.
//!
//! The counters here ([`PerMinute`], [`Queue`]) are in memory, per
//! process: a server's guild is served by one process (its shard), so a
//! member's or a server's requests all come to the same one. A restart
//! starts them again at zero, which is harmless: they bound bursts.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use fourbot_i18n::{id, Id, Value};
use fourbot_store::GuildLimits;
use tokio::time::Instant;

use super::denial::Denial;
use super::view::{GuildId, UserId};

/// One of the limits a moderator may set (`/config`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Running matches against the AI per member on a server (each holds
    /// an engine slot for its AI's moves).
    AiMatches,
    /// Open challenges and seeks per member on a server (each challenge
    /// pings its opponents).
    OpenOffers,
    /// `/analyze` requests waiting or running per member.
    Analyses,
    /// `/replay` per member and minute; `/export` has a budget of the same
    /// size of its own.
    ArchivePerMinute,
    /// `/replay` per server and minute; `/export` has a budget of the same
    /// size of its own.
    ServerArchivePerMinute,
}

impl Limit {
    /// Every limit, in the order `/config` shows them.
    pub const ALL: [Limit; 5] = [
        Limit::AiMatches,
        Limit::OpenOffers,
        Limit::Analyses,
        Limit::ArchivePerMinute,
        Limit::ServerArchivePerMinute,
    ];

    /// The value a server has until a moderator changes it (taken down to
    /// the operator's bound when that is lower).
    pub const fn default_value(self) -> u32 {
        match self {
            Limit::AiMatches => 3,
            Limit::OpenOffers => 20,
            Limit::Analyses => 2,
            Limit::ArchivePerMinute => 5,
            Limit::ServerArchivePerMinute => 30,
        }
    }

    /// The bound an operator has not set: the most a moderator may choose.
    pub const fn default_bound(self) -> u32 {
        match self {
            Limit::AiMatches => 10,
            Limit::OpenOffers => 50,
            Limit::Analyses => 5,
            Limit::ArchivePerMinute => 20,
            Limit::ServerArchivePerMinute => 120,
        }
    }

    /// The `/config` option that sets it (its English name; the catalogue
    /// has the others).
    pub const fn option(self) -> &'static str {
        match self {
            Limit::AiMatches => "ai-matches",
            Limit::OpenOffers => "open-offers",
            Limit::Analyses => "analyses",
            Limit::ArchivePerMinute => "replays-per-minute",
            Limit::ServerArchivePerMinute => "server-replays-per-minute",
        }
    }

    /// The operator's flag of `fourbot run` that bounds it (without `--`).
    pub const fn flag(self) -> &'static str {
        match self {
            Limit::AiMatches => "max-ai-matches",
            Limit::OpenOffers => "max-open-offers",
            Limit::Analyses => "max-analyses",
            Limit::ArchivePerMinute => "max-replays-per-minute",
            Limit::ServerArchivePerMinute => "max-server-replays-per-minute",
        }
    }

    /// Its name in words ("Open challenges and seeks, per member"), for
    /// `/config`'s settings and refusals.
    pub const fn name(self) -> Id {
        match self {
            Limit::AiMatches => id::LIMIT_NAME_AI_MATCHES,
            Limit::OpenOffers => id::LIMIT_NAME_OPEN_OFFERS,
            Limit::Analyses => id::LIMIT_NAME_ANALYSES,
            Limit::ArchivePerMinute => id::LIMIT_NAME_REPLAYS_PER_MINUTE,
            Limit::ServerArchivePerMinute => id::LIMIT_NAME_SERVER_REPLAYS_PER_MINUTE,
        }
    }

    /// A server's own value of it, `None` for the default.
    pub fn of(self, limits: &GuildLimits) -> Option<u32> {
        match self {
            Limit::AiMatches => limits.ai_matches,
            Limit::OpenOffers => limits.open_offers,
            Limit::Analyses => limits.analyses,
            Limit::ArchivePerMinute => limits.archive_per_minute,
            Limit::ServerArchivePerMinute => limits.server_archive_per_minute,
        }
    }

    /// Sets a server's own value of it (`None`: the default).
    pub fn set(self, limits: &mut GuildLimits, value: Option<u32>) {
        let slot = match self {
            Limit::AiMatches => &mut limits.ai_matches,
            Limit::OpenOffers => &mut limits.open_offers,
            Limit::Analyses => &mut limits.analyses,
            Limit::ArchivePerMinute => &mut limits.archive_per_minute,
            Limit::ServerArchivePerMinute => &mut limits.server_archive_per_minute,
        };
        *slot = value;
    }
}

/// The operator's bounds (`fourbot run --max-…`): the most a moderator
/// may set each limit to, and the length of the analysis queue. Every
/// bound is at least 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    bounds: [u32; 5],
    /// How many `/analyze` requests may wait or run at once in this
    /// process, all servers together (one runs at a time).
    pub analysis_queue: usize,
}

/// The analysis queue's length an operator has not set: a request at the
/// back waits for 15 others — at most 7½ minutes even if each took the
/// 30 s an analysis may take at worst (1 s a position after the opening
/// book, `analysis::PER_POSITION`), inside the 15
/// minutes of its interaction's token; most take well under a second
/// (docs/benchmarks.md, "Analysis").
pub const DEFAULT_ANALYSIS_QUEUE: usize = 16;

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            bounds: Limit::ALL.map(Limit::default_bound),
            analysis_queue: DEFAULT_ANALYSIS_QUEUE,
        }
    }
}

impl Bounds {
    /// The most a moderator may set `limit` to.
    pub fn bound(&self, limit: Limit) -> u32 {
        self.bounds[index(limit)]
    }

    /// These bounds with `limit`'s set to `max` (at least 1).
    pub fn with(mut self, limit: Limit, max: u32) -> Bounds {
        self.bounds[index(limit)] = max.max(1);
        self
    }

    /// `limit` as it applies on a server whose own limits are `limits`:
    /// its value, else the default, at most the bound and at least 1.
    pub fn effective(&self, limits: &GuildLimits, limit: Limit) -> u32 {
        limit
            .of(limits)
            .unwrap_or(limit.default_value())
            .min(self.bound(limit))
            .max(1)
    }

    /// A moderator's value for `limit` (`/config`), if it is within 1 and
    /// the bound.
    ///
    /// # Errors
    /// `config-bad-limit` naming the limit, the value given and the range,
    /// and saying that the upper end is the operator's bound.
    pub fn check(&self, limit: Limit, value: i64) -> Result<u32, Denial> {
        let max = self.bound(limit);
        if (1..=i64::from(max)).contains(&value) {
            return Ok(value as u32);
        }
        Err(Denial::new(id::CONFIG_BAD_LIMIT)
            .with("limit", limit.name())
            .with("value", value)
            .with("max", max))
    }
}

fn index(limit: Limit) -> usize {
    Limit::ALL
        .iter()
        .position(|l| *l == limit)
        .expect("every limit is in ALL")
}

/// The refusal of a member who has `count` running matches against the
/// AI on a server whose limit is `limit`, or `None` when one more is
/// allowed.
pub fn ai_matches(count: usize, limit: u32) -> Option<Denial> {
    (count >= limit as usize).then(|| {
        Denial::new(id::LIMIT_AI_MATCHES)
            .with("running", count as i64)
            .with("limit", limit)
    })
}

/// The refusal of a member with `open` open challenges and seeks on a
/// server whose limit is `limit` — the first of them expiring at
/// `first_expiry_unix_ms` — or `None` when one more is allowed.
pub fn open_offers(open: u32, limit: u32, first_expiry_unix_ms: Option<i64>) -> Option<Denial> {
    (open >= limit).then(|| {
        let when = first_expiry_unix_ms.map_or(Value::Text(String::new()), Value::relative);
        Denial::new(id::LIMIT_OPEN_OFFERS)
            .with("open", open)
            .with("limit", limit)
            .with("expires", when)
    })
}

/// A command with a per-minute budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metered {
    /// `/replay`.
    Replay,
    /// `/export`.
    Export,
}

impl Metered {
    /// The command's name as typed (`replay`).
    pub const fn command(self) -> &'static str {
        match self {
            Metered::Replay => "replay",
            Metered::Export => "export",
        }
    }
}

/// The window of [`PerMinute`].
pub const MINUTE: Duration = Duration::from_secs(60);

/// Who a use is counted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Member(GuildId, UserId, Metered),
    Server(GuildId, Metered),
}

/// Sliding one-minute windows of uses per key: a use is counted for
/// several keys at once (a member and their server; a player and their
/// address) only when each has had fewer uses than its limit in the last
/// [`MINUTE`]; a refused use is not counted. The one window of the bot's
/// per-minute budgets (the commands' [`PerMinute`], the web's requests).
/// Cheap to clone (shared).
#[derive(Clone)]
pub struct MinuteWindows<K> {
    uses: Arc<Mutex<HashMap<K, VecDeque<Instant>>>>,
    /// Beyond this many keys, those with no use in the last minute are
    /// dropped (a stream of new members or addresses does not grow it).
    max_keys: usize,
}

impl<K: std::hash::Hash + Eq + Copy> MinuteWindows<K> {
    /// No uses yet; keys with no recent use are dropped beyond `max_keys`.
    pub fn new(max_keys: usize) -> MinuteWindows<K> {
        MinuteWindows {
            uses: Arc::default(),
            max_keys,
        }
    }

    /// Counts a use now for every key of `keys` (each with its limit a
    /// minute; 0 reads as 1), if each is within its limit.
    ///
    /// # Errors
    /// The index in `keys` of the first key over its limit, and the wait
    /// until the oldest use of its window that counts is a minute old,
    /// in whole seconds, rounded up, at least 1.
    pub fn take(&self, keys: &[(K, u32)]) -> Result<(), (usize, Duration)> {
        let now = Instant::now();
        let mut uses = self.uses.lock().expect("per-minute lock");
        if uses.len() > self.max_keys {
            uses.retain(|_, q| q.back().is_some_and(|t| now.duration_since(*t) < MINUTE));
        }
        for (i, (key, limit)) in keys.iter().enumerate() {
            let q = uses.entry(*key).or_default();
            while q.front().is_some_and(|t| now.duration_since(*t) >= MINUTE) {
                q.pop_front();
            }
            let limit = (*limit).max(1) as usize;
            if q.len() >= limit {
                // The oldest use of the window leaves it first.
                let oldest = q[q.len() - limit];
                let wait = MINUTE.saturating_sub(now.duration_since(oldest));
                let secs = wait.as_millis().div_ceil(1000).max(1) as u64;
                return Err((i, Duration::from_secs(secs)));
            }
        }
        for (key, _) in keys {
            uses.entry(*key).or_default().push_back(now);
        }
        Ok(())
    }
}

/// Sliding one-minute budgets of [`Metered`] commands per member and per
/// server ([`MinuteWindows`]): a use is allowed when, over the last 60 s,
/// the member has used the command fewer times than their limit and the
/// server fewer than its own; a refused use is not counted. Cheap to
/// clone (shared).
#[derive(Clone)]
pub struct PerMinute {
    uses: MinuteWindows<Key>,
}

impl Default for PerMinute {
    fn default() -> Self {
        PerMinute {
            uses: MinuteWindows::new(PER_MINUTE_KEYS),
        }
    }
}

/// How many keys [`PerMinute`] keeps before it drops those with no use in
/// the last minute (so that a stream of new members does not grow it).
const PER_MINUTE_KEYS: usize = 4_096;

impl PerMinute {
    /// Counts a use of `what` by `user` on `guild` now, within `per_member`
    /// and `per_server` uses a minute.
    ///
    /// # Errors
    /// `limit-per-minute` (the member's budget) or `limit-server-per-minute`
    /// (the server's), with the command, the limit and the wait until one
    /// use of the window is a minute old (whole seconds, rounded up).
    pub fn take(
        &self,
        guild: GuildId,
        user: UserId,
        what: Metered,
        per_member: u32,
        per_server: u32,
    ) -> Result<(), Denial> {
        let budgets = [
            (
                Key::Member(guild, user, what),
                per_member,
                id::LIMIT_PER_MINUTE,
            ),
            (
                Key::Server(guild, what),
                per_server,
                id::LIMIT_SERVER_PER_MINUTE,
            ),
        ];
        let keys = budgets.map(|(key, limit, _)| (key, limit));
        self.uses.take(&keys).map_err(|(i, wait)| {
            let (_, limit, refusal) = budgets[i];
            Denial::new(refusal)
                .with("command", what.command())
                .with("limit", limit)
                .with("wait", wait)
        })
    }
}

/// How long an analysis is assumed to take before one has been measured
/// (for the wait a refusal names): between the usual well under a second
/// and the worst 30 s, on the safe side.
pub const ASSUMED_ANALYSIS: Duration = Duration::from_secs(10);

#[derive(Default)]
struct QueueState {
    /// Requests waiting or running, per member.
    members: HashMap<UserId, u32>,
    /// All requests waiting or running.
    total: usize,
    /// The mean time of the finished ones (exponentially weighted).
    mean: Option<Duration>,
}

/// The bounded queue of an expensive job (`/analyze`): at most
/// `capacity` requests waiting or running in all and `per_member` per
/// member. A place is a [`Ticket`], given back when it is dropped. Cheap
/// to clone (shared).
#[derive(Clone)]
pub struct Queue {
    capacity: usize,
    state: Arc<Mutex<QueueState>>,
}

impl Queue {
    /// An empty queue of `capacity` places (at least 1).
    pub fn new(capacity: usize) -> Queue {
        Queue {
            capacity: capacity.max(1),
            state: Arc::default(),
        }
    }

    /// How many requests wait or run now.
    pub fn len(&self) -> usize {
        self.state.lock().expect("queue lock").total
    }

    /// Whether no request waits or runs.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A place for `user`, who may have `per_member` at once.
    ///
    /// # Errors
    /// `limit-analyses` when `user` has `per_member` already (with the
    /// limit), else `limit-analysis-queue` when the queue is full (with
    /// how many are ahead and a rough wait: their number times the mean
    /// time of an analysis so far, [`ASSUMED_ANALYSIS`] before the first).
    pub fn enter(&self, user: UserId, per_member: u32) -> Result<Ticket, Denial> {
        let mut s = self.state.lock().expect("queue lock");
        let mine = s.members.get(&user).copied().unwrap_or(0);
        if mine >= per_member.max(1) {
            return Err(Denial::new(id::LIMIT_ANALYSES)
                .with("queued", mine)
                .with("limit", per_member));
        }
        if s.total >= self.capacity {
            let each = s.mean.unwrap_or(ASSUMED_ANALYSIS);
            let wait = each * s.total as u32;
            let secs = wait.as_millis().div_ceil(1000).max(1) as u64;
            return Err(Denial::new(id::LIMIT_ANALYSIS_QUEUE)
                .with("ahead", s.total as i64)
                .with("wait", Duration::from_secs(secs)));
        }
        *s.members.entry(user).or_default() += 1;
        s.total += 1;
        Ok(Ticket {
            queue: self.clone(),
            user,
            running: None,
        })
    }
}

/// A place in a [`Queue`]; the place is free again when it is dropped.
pub struct Ticket {
    queue: Queue,
    user: UserId,
    running: Option<Instant>,
}

impl Ticket {
    /// Marks the job started (its time until the ticket is dropped feeds
    /// the queue's estimate of the wait).
    pub fn start(&mut self) {
        self.running = Some(Instant::now());
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut s = self.queue.state.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = s.members.get_mut(&self.user) {
            *n -= 1;
            if *n == 0 {
                s.members.remove(&self.user);
            }
        }
        s.total = s.total.saturating_sub(1);
        if let Some(at) = self.running {
            let took = at.elapsed();
            s.mean = Some(match s.mean {
                None => took,
                Some(m) => (m * 3 + took) / 4,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_i18n::{Catalog, Locale, NameStyle};

    fn render(d: &Denial, l: Locale) -> String {
        Catalog::new().unwrap().render(l, d.message())
    }

    #[test]
    fn a_server_value_is_taken_into_the_operators_bound() {
        let bounds = Bounds::default();
        let mut own = GuildLimits::default();
        for l in Limit::ALL {
            assert_eq!(bounds.effective(&own, l), l.default_value(), "{l:?}");
            assert!(l.default_value() <= l.default_bound(), "{l:?}");
        }
        own.ai_matches = Some(7);
        assert_eq!(bounds.effective(&own, Limit::AiMatches), 7);
        // The operator lowered the bound after the moderator chose 7.
        let lower = bounds.with(Limit::AiMatches, 2);
        assert_eq!(lower.effective(&own, Limit::AiMatches), 2);
        // A bound below the default takes the default down too.
        assert_eq!(
            lower.effective(&GuildLimits::default(), Limit::AiMatches),
            2
        );
        assert_eq!(
            bounds.with(Limit::OpenOffers, 0).bound(Limit::OpenOffers),
            1
        );
    }

    #[test]
    fn a_moderator_value_beyond_the_bound_is_refused_naming_the_bound() {
        let bounds = Bounds::default().with(Limit::OpenOffers, 30);
        assert_eq!(bounds.check(Limit::OpenOffers, 30), Ok(30));
        assert_eq!(bounds.check(Limit::OpenOffers, 1), Ok(1));
        for bad in [0, -1, 31, i64::MAX, i64::MIN] {
            let d = bounds.check(Limit::OpenOffers, bad).unwrap_err();
            assert_eq!(d.id(), id::CONFIG_BAD_LIMIT);
            let en = render(&d, Locale::EnUs);
            assert!(
                en.contains("Open challenges and seeks") && en.contains("30"),
                "{en}"
            );
            for l in Locale::ALL {
                assert!(render(&d, l).contains("30"), "{l:?}");
            }
        }
    }

    #[test]
    fn the_fourth_ai_match_and_the_twenty_first_offer_are_refused() {
        assert!(ai_matches(2, 3).is_none());
        let d = ai_matches(3, 3).expect("refused");
        assert_eq!(d.id(), id::LIMIT_AI_MATCHES);
        assert!(render(&d, Locale::EnUs).contains('3'));
        assert!(open_offers(19, 20, Some(60_000)).is_none());
        let d = open_offers(20, 20, Some(61_000)).expect("refused");
        let en = render(&d, Locale::EnUs);
        assert!(
            en.contains("20") && en.contains("1970-01-01 00:01 UTC"),
            "{en}"
        );
        // On Discord, a timestamp each reader's client shows in their zone.
        let discord = Catalog::new().unwrap().with_names(NameStyle::Discord);
        let en = discord.render(Locale::EnUs, d.message());
        assert!(en.contains("<t:61:R>"), "{en}");
    }

    #[tokio::test(start_paused = true)]
    async fn per_minute_budgets_refuse_with_the_wait_and_free_up_after_a_minute() {
        let budgets = PerMinute::default();
        let (alice, bob) = (UserId(1), UserId(2));
        for _ in 0..5 {
            budgets
                .take(GuildId(7), alice, Metered::Replay, 5, 30)
                .unwrap();
            tokio::time::advance(Duration::from_secs(1)).await;
        }
        let d = budgets
            .take(GuildId(7), alice, Metered::Replay, 5, 30)
            .expect_err("a sixth within the minute");
        assert_eq!(d.id(), id::LIMIT_PER_MINUTE);
        // The first use was 5 s ago: 55 s to wait.
        assert!(
            render(&d, Locale::EnUs).contains("55 seconds"),
            "{}",
            render(&d, Locale::EnUs)
        );
        // /export has a budget of its own; so has another member, another server.
        budgets
            .take(GuildId(7), alice, Metered::Export, 5, 30)
            .unwrap();
        budgets
            .take(GuildId(7), bob, Metered::Replay, 5, 30)
            .unwrap();
        budgets
            .take(GuildId(8), alice, Metered::Replay, 5, 30)
            .unwrap();
        // The server's budget: bob's second use meets it (6 of 6 used).
        let d = budgets
            .take(GuildId(7), bob, Metered::Replay, 5, 6)
            .expect_err("the server's");
        assert_eq!(d.id(), id::LIMIT_SERVER_PER_MINUTE);
        tokio::time::advance(Duration::from_secs(55)).await;
        budgets
            .take(GuildId(7), alice, Metered::Replay, 5, 30)
            .unwrap();
    }

    #[tokio::test(start_paused = true)]
    async fn the_queue_holds_two_a_member_and_says_how_long_when_full() {
        let q = Queue::new(3);
        let (a, b, c) = (UserId(1), UserId(2), UserId(3));
        let first = q.enter(a, 2).unwrap();
        let _second = q.enter(a, 2).unwrap();
        let d = q.enter(a, 2).err().expect("a third of one member's");
        assert_eq!(d.id(), id::LIMIT_ANALYSES);
        let mut third = q.enter(b, 2).unwrap();
        let d = q.enter(c, 2).err().expect("full");
        assert_eq!(d.id(), id::LIMIT_ANALYSIS_QUEUE);
        let en = render(&d, Locale::EnUs);
        assert!(en.contains('3') && en.contains("30 seconds"), "{en}");
        // A measured analysis replaces the assumed time.
        third.start();
        tokio::time::advance(Duration::from_secs(4)).await;
        drop(third);
        drop(first);
        assert_eq!(q.len(), 1);
        let _c = q.enter(c, 2).unwrap();
        let _again = q.enter(a, 2).unwrap();
        let d = q.enter(b, 2).err().expect("full again");
        assert!(render(&d, Locale::EnUs).contains("12 seconds"));
    }
}
