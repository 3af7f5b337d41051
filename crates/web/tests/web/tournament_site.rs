//! A small Swiss run through the host's director on a test site, its
//! matches opened as the Discord front end opens them (for their pairing,
//! which the store links them to) and decided by a resignation: for the
//! tournament page's HTTP and browser tests.

use std::time::Duration;

use fourbot_core::game::Variant;
use fourbot_core::play::{ClockSettings, TimeControl};
use fourbot_core::tournament::Format;
use fourbot_host::tournaments::{Board, Caller, TournamentNews, TournamentSpec};
use fourbot_host::{
    GuildId, MatchId, MatchSpec, NameSource, Request, Seated, TournamentId, UserId,
};
use fourbot_i18n::Locale;
use tokio::sync::mpsc::UnboundedReceiver;

use crate::support::Site;

/// Entrant `i`'s user (1000 + i).
pub fn user(i: usize) -> UserId {
    UserId(1000 + i as u64)
}

fn seated(user: UserId, name: &str) -> Seated {
    Seated {
        id: user,
        name: name.into(),
        ai_level: None,
        source: NameSource::Stored,
    }
}

/// A tournament under way on a test site: its news as the front end
/// receives them, and the clock of its matches.
pub struct Running {
    pub id: TournamentId,
    pub guild: GuildId,
    news: UnboundedReceiver<TournamentNews>,
    clock: Option<ClockSettings>,
    rated: bool,
    _director: tokio::task::JoinHandle<()>,
}

/// A moderator of `guild`.
fn moderator(guild: GuildId) -> Caller {
    Caller {
        guild,
        person: seated(UserId(1), "mod"),
        moderator: true,
        reason: None,
    }
}

/// Creates a Swiss of `rounds` rounds (Classic, unrated, started by hand)
/// on `guild` of `site`, entered by `names` in order (users [`user`]`(i)`),
/// and starts following its news. Once per site (it takes the news).
pub async fn swiss(site: &Site, guild: GuildId, rounds: u32, names: &[&str]) -> Running {
    let services = &site.services;
    let news = services
        .tournament_news
        .lock()
        .unwrap()
        .take()
        .expect("the news, taken once");
    let director = services.tournaments.spawn(Duration::from_millis(100));
    let spec = TournamentSpec {
        guild,
        channel: 5,
        format: Format::Swiss,
        variant: Variant::Classic,
        control: TimeControl::DEFAULT,
        rounds: Some(rounds),
        minutes: None,
        starts_unix_ms: i64::MAX,
        rated: false,
        locale: None,
    };
    let id = services
        .tournaments
        .create(&spec, &seated(UserId(1), "mod"), true)
        .await
        .unwrap();
    for (i, name) in names.iter().enumerate() {
        let caller = Caller {
            person: seated(user(i), name),
            moderator: false,
            ..moderator(guild)
        };
        services.tournaments.join(id, &caller).await.unwrap();
    }
    Running {
        id,
        guild,
        news,
        clock: None,
        rated: false,
        _director: director,
    }
}

impl Running {
    /// Starts it: its first round's boards.
    pub async fn start(&mut self, site: &Site) -> Vec<Board> {
        site.services
            .tournaments
            .start(self.id, &moderator(self.guild))
            .await
            .unwrap();
        self.next_round().await.expect("a first round")
    }

    /// The next round's boards; `None` when the tournament ended first.
    pub async fn next_round(&mut self) -> Option<Vec<Board>> {
        loop {
            let n = tokio::time::timeout(Duration::from_secs(10), self.news.recv())
                .await
                .expect("news in time")
                .expect("news open");
            match n {
                TournamentNews::Round {
                    boards,
                    clock,
                    rated,
                    ..
                } => {
                    self.clock = Some(clock);
                    self.rated = rated;
                    return Some(boards);
                }
                TournamentNews::Over { .. } => return None,
                TournamentNews::Changed(_) => {}
            }
        }
    }

    /// Opens the match of board `b` (not a bye) as the front end does.
    pub async fn open(&self, site: &Site, b: &Board) -> MatchId {
        let second = b.second.clone().expect("not a bye");
        site.services
            .host
            .create_match(MatchSpec {
                variant: Variant::Classic,
                clock: self.clock.expect("the round's clock"),
                players: vec![b.first.clone(), second],
                guild: self.guild,
                locale: Locale::EnUs,
                seed: 1,
                tournament: Some(b.pairing(self.id, self.rated)),
            })
            .await
            .unwrap()
    }

    /// Opens every match of `boards`; returns each board with its match
    /// (none for a bye).
    pub async fn open_all(&self, site: &Site, boards: &[Board]) -> Vec<(Board, Option<MatchId>)> {
        let mut out = Vec::new();
        for b in boards {
            let m = match b.second {
                Some(_) => Some(self.open(site, b).await),
                None => None,
            };
            out.push((b.clone(), m));
        }
        out
    }
}

/// Board `b`'s match `m` is won by its first player (the second resigns
/// it).
pub async fn first_wins(site: &Site, b: &Board, m: MatchId) {
    let loser = b.second.as_ref().expect("not a bye").id;
    site.services
        .host
        .act(m, loser, Request::ResignMatch)
        .await
        .unwrap();
}
