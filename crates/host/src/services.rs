//! Everything a front end with a database talks to, on one store: the match
//! [`Host`] and the services beside it.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use fourbot_i18n::Catalog;
use fourbot_store::{lease_ms, process_owner, Db, Shards, StoreError};

use super::bot::Bot;
use super::clock::WallClock;
use super::ladder::Ladder;
use super::matches::{Host, HostConfig};
use super::moderation::{ModLog, ModLogPost};
use super::offers::Offers;
use super::settings::Settings;
use super::threads::Threads;
use super::tournaments::{TournamentNews, Tournaments};
use super::view::View;

/// The host and its services, sharing one store. Cheap to clone.
#[derive(Clone)]
pub struct Services {
    /// The matches.
    pub host: Host,
    /// Challenges and seeks.
    pub offers: Offers,
    /// Ratings, leaderboards, histories, the moderators' ladder changes.
    pub ladder: Ladder,
    /// Server and player settings.
    pub settings: Settings,
    /// Where each match is shown.
    pub threads: Threads,
    /// Tournaments; [`Tournaments::spawn`] starts following match ends.
    pub tournaments: Tournaments,
    /// What the front end must show of the tournaments (taken once).
    pub tournament_news: Arc<std::sync::Mutex<Option<mpsc::UnboundedReceiver<TournamentNews>>>>,
    /// The moderation log, which the ladder, the settings and the
    /// tournaments write.
    pub modlog: ModLog,
    /// What the front end must post in the servers' moderation log
    /// channels (taken once).
    pub modlog_posts: Arc<std::sync::Mutex<Option<mpsc::UnboundedReceiver<ModLogPost>>>>,
}

impl Services {
    /// Opens the database at `url` (migrations applied) and builds the host
    /// and its services on it; the host's views go to the returned
    /// receiver. `expiry_override` replaces every server's challenge expiry.
    ///
    /// # Errors
    /// The database cannot be opened or migrated.
    pub async fn open(
        url: &str,
        catalog: Arc<Catalog>,
        bot: Arc<dyn Bot>,
        config: HostConfig,
        expiry_override: Option<Duration>,
    ) -> Result<(Services, mpsc::UnboundedReceiver<View>), StoreError> {
        let db = Db::connect(url).await?;
        Ok(Services::on(db, catalog, bot, config, expiry_override))
    }

    /// [`Services::open`] for a process that hosts `shards` only (see
    /// [`Hosting`]): the database at `url` is opened, the shards' leases are
    /// claimed for this process (all or none), and the services see and
    /// write only the guilds of those shards.
    ///
    /// # Errors
    /// The database cannot be opened or migrated;
    /// [`StoreError::ShardOwned`] when another live process holds one of
    /// the shards (nothing is claimed).
    pub async fn open_hosting(
        url: &str,
        shards: Shards,
        catalog: Arc<Catalog>,
        bot: Arc<dyn Bot>,
        config: HostConfig,
        expiry_override: Option<Duration>,
    ) -> Result<(Services, mpsc::UnboundedReceiver<View>, Hosting), StoreError> {
        let db = Db::connect(url).await?;
        let owner = process_owner();
        let lease = Duration::from_millis(lease_ms());
        // The shards' leases are between processes: the system's time.
        db.claim_shards(shards, &owner, WallClock::system().unix_ms(), lease_ms())
            .await?;
        let hosted = db.hosting(shards, &owner);
        let (services, views) = Services::on(hosted, catalog, bot, config, expiry_override);
        Ok((
            services,
            views,
            Hosting {
                db,
                shards,
                owner,
                lease,
            },
        ))
    }

    /// [`Services::open`] on a store already open.
    pub fn on(
        db: Db,
        catalog: Arc<Catalog>,
        bot: Arc<dyn Bot>,
        config: HostConfig,
        expiry_override: Option<Duration>,
    ) -> (Services, mpsc::UnboundedReceiver<View>) {
        let (host, views) = Host::with_store(catalog, bot, config, Some(db.clone()));
        if let Some(window) = expiry_override {
            // The rematch window is at most the override: finished matches
            // can be forgotten sooner.
            host.forget_finished_after(crate::matches::forget_after(window));
        }
        let (modlog, modlog_posts) = ModLog::new(db.clone(), host.clock().clone());
        let (tournaments, news) = Tournaments::new(db.clone(), host.clone());
        let services = Services {
            tournaments: tournaments.with_modlog(modlog.clone()),
            tournament_news: Arc::new(std::sync::Mutex::new(Some(news))),
            offers: Offers::new(db.clone(), host.clone(), expiry_override),
            ladder: Ladder::new(db.clone(), host.clone(), modlog.clone()),
            settings: Settings::new(db.clone()).with_modlog(modlog.clone()),
            modlog,
            modlog_posts: Arc::new(std::sync::Mutex::new(Some(modlog_posts))),
            threads: Threads::new(db),
            host,
        };
        (services, views)
    }
}

/// This process's leases of the shards it hosts ([`Services::open_hosting`];
/// docs/store.md, "Two processes"): renewed every third of the lease time
/// while the process runs, released when it stops cleanly. A process that
/// dies keeps them until they expire (`FOURBOT_SHARD_LEASE_MS`, 20 s by
/// default); then another may take its shards over.
pub struct Hosting {
    db: Db,
    shards: Shards,
    owner: String,
    lease: Duration,
}

impl Hosting {
    /// The shards hosted.
    pub fn shards(&self) -> Shards {
        self.shards
    }

    /// How often [`Hosting::renew`] must run: a third of the lease time.
    pub fn renew_every(&self) -> Duration {
        self.lease / 3
    }

    /// Renews the leases for another lease time.
    ///
    /// # Errors
    /// [`StoreError::LeaseLost`]: another process took a shard over (this
    /// one must stop hosting; its writes are refused already), or the
    /// store failed.
    pub async fn renew(&self) -> Result<(), StoreError> {
        let ms = self.lease.as_millis() as u64;
        self.db
            .renew_shards(self.shards, &self.owner, WallClock::system().unix_ms(), ms)
            .await
    }

    /// Gives the leases up (a clean stop): another process may claim the
    /// shards at once.
    ///
    /// # Errors
    /// The store failed (the leases then expire on their own).
    pub async fn release(&self) -> Result<(), StoreError> {
        self.db.release_shards(self.shards, &self.owner).await
    }
}
