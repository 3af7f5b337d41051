//! Finished matches as the pages read them, kept in memory: a finished
//! match never changes (its moves, seats and names are final), yet every
//! step of its replay and every file of it is a request, and a match the
//! host no longer runs is rebuilt from the store each time
//! ([`fourbot_host::Host::table`]: its detail and its whole journal).
//! Bounded ([`KEPT_TABLES`], least recently used out); running matches are
//! never kept (they change with every move).

use std::sync::{Arc, Mutex};

use fourbot_host::{MatchId, Table};
use hashlink::LruCache;

/// Most finished matches kept: a two-game match's table is a few KB.
pub const KEPT_TABLES: usize = 256;

/// The finished matches' tables, least recently used first out.
pub struct FinishedTables {
    lru: Mutex<LruCache<MatchId, Arc<Table>>>,
    max: usize,
}

impl FinishedTables {
    /// An empty store of at most `max` tables.
    pub fn new(max: usize) -> FinishedTables {
        FinishedTables {
            lru: Mutex::new(LruCache::new_unbounded()),
            max,
        }
    }

    /// The kept table of match `id`, now the most recently used.
    pub fn get(&self, id: MatchId) -> Option<Arc<Table>> {
        self.lru.lock().expect("lock").get(&id).cloned()
    }

    /// Keeps `table` if its match is over (a running one is not kept), and
    /// drops the least recently used beyond the bound.
    pub fn keep(&self, table: &Table) {
        if !table.game.is_finished() {
            return;
        }
        let mut lru = self.lru.lock().expect("lock");
        lru.insert(table.id, Arc::new(table.clone()));
        while lru.len() > self.max {
            lru.remove_lru();
        }
    }

    /// How many tables are kept.
    pub fn len(&self) -> usize {
        self.lru.lock().expect("lock").len()
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::game::Variant;
    use fourbot_core::play::{Action, ClockSettings, Match, MatchSetup, Seat, Timestamp};
    use fourbot_host::{GuildId, TableSeat};

    fn table(id: i64, finished: bool) -> Table {
        let setup = MatchSetup::new(Variant::Classic, ClockSettings::default());
        let mut m = Match::new(setup, Timestamp(0)).unwrap();
        if finished {
            m.apply(Seat::P1, Action::ResignMatch, Timestamp(1))
                .unwrap();
        }
        Table {
            id: MatchId(id),
            guild: GuildId(7),
            seats: vec![
                TableSeat {
                    name: "alice".into(),
                    ai: false,
                },
                TableSeat {
                    name: "bob".into(),
                    ai: false,
                },
            ],
            game: m,
            now: Timestamp(2),
            live: false,
        }
    }

    #[test]
    fn only_finished_matches_are_kept_and_the_least_recently_used_go_first() {
        let kept = FinishedTables::new(2);
        kept.keep(&table(1, false));
        assert!(kept.is_empty(), "a running match is never kept");
        kept.keep(&table(1, true));
        kept.keep(&table(2, true));
        assert_eq!(kept.get(MatchId(1)).unwrap().id, MatchId(1));
        // 1 was used last: 2 goes when 3 comes.
        kept.keep(&table(3, true));
        assert_eq!(kept.len(), 2);
        assert!(kept.get(MatchId(2)).is_none());
        assert!(kept.get(MatchId(1)).is_some() && kept.get(MatchId(3)).is_some());
    }
}
