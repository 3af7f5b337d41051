//! Everything a front end with a database talks to, on one store: the match
//! [`Host`] and the services beside it.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use fourbot_i18n::Catalog;
use fourbot_store::{Db, StoreError};

use super::bot::Bot;
use super::ladder::Ladder;
use super::offers::Offers;
use super::service::{Host, HostConfig};
use super::settings::Settings;
use super::threads::Threads;
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

    /// [`Services::open`] on a store already open.
    pub fn on(
        db: Db,
        catalog: Arc<Catalog>,
        bot: Arc<dyn Bot>,
        config: HostConfig,
        expiry_override: Option<Duration>,
    ) -> (Services, mpsc::UnboundedReceiver<View>) {
        let (host, views) = Host::with_store(catalog, bot, config, Some(db.clone()));
        let services = Services {
            offers: Offers::new(db.clone(), host.clone(), expiry_override),
            ladder: Ladder::new(db.clone(), host.clone()),
            settings: Settings::new(db.clone()),
            threads: Threads::new(db),
            host,
        };
        (services, views)
    }
}
