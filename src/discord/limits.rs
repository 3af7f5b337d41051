//! Keeps serenity's rate limiter from growing without end.
//!
//! serenity 0.12.5's limiter (`serenity::http::ratelimiting::Ratelimiter`)
//! keeps one bucket per route and major parameter and never drops one (its
//! source: "When futures is implemented, make tasks clear out their
//! respective entry when the 'reset' passes"). An interaction's callback
//! route is keyed by the interaction's id, so every button press and
//! command adds a bucket for good: a long-running bot would hold one per
//! press it ever answered (about 150–200 bytes each). [`forget_idle`] drops
//! the buckets that hold nothing back, every [`PRUNE_EVERY`].

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use serenity::http::{Http, Ratelimiter};

/// How often the idle buckets are dropped.
pub const PRUNE_EVERY: Duration = Duration::from_secs(10);

/// Drops every bucket of `limiter` that no request is using and whose
/// window (`X-RateLimit-Reset-After` of its last answer) is over or was
/// never given; returns how many it dropped.
///
/// Such a bucket behaves like a new one: serenity waits before a request
/// only while a bucket's window is still open, and the next answer fills
/// a new bucket from its headers again. A bucket whose window is open
/// (it may be counting down to a wait), or that a request holds, stays.
pub async fn forget_idle(limiter: &Ratelimiter) -> usize {
    let routes = limiter.routes();
    let mut routes = routes.write().await;
    let before = routes.len();
    let now = SystemTime::now();
    routes.retain(|_, bucket| {
        // A request holds a clone from before its pre-hook to after its
        // post-hook (and whoever locks a bucket holds one).
        if Arc::strong_count(bucket) > 1 {
            return true;
        }
        match bucket.try_lock() {
            Ok(limit) => limit.reset().is_some_and(|reset| reset > now),
            Err(_) => true,
        }
    });
    before - routes.len()
}

/// Runs [`forget_idle`] on `http`'s limiter every [`PRUNE_EVERY`], for
/// ever; returns at once when the limiter is off (the tests' plain API
/// base).
pub async fn prune(http: Arc<Http>) {
    let Some(limiter) = &http.ratelimiter else {
        return;
    };
    let mut every = tokio::time::interval(PRUNE_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let dropped = forget_idle(limiter).await;
        if dropped > 0 {
            tracing::debug!(dropped, "idle rate-limit buckets dropped");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serenity::all::{ChannelId, InteractionId};
    use serenity::http::{LightMethod, Ratelimit, RatelimitingBucket, Request, Route};

    /// Fills the bucket of `route` from an answer with these rate-limit
    /// headers, as serenity's limiter does after a request.
    async fn answered(limiter: &Ratelimiter, route: Route<'_>, headers: &[(&str, &str)]) {
        let mut response = http::Response::builder().status(200);
        for (k, v) in headers {
            response = response.header(*k, *v);
        }
        let response = reqwest::Response::from(response.body(Vec::<u8>::new()).unwrap());
        let bucket = bucket(limiter, &route).await;
        let request = Request::new(route, LightMethod::Post);
        bucket
            .lock()
            .await
            .post_hook(&response, &request, &|_| {}, false)
            .await
            .unwrap();
    }

    /// The bucket of `route`, made if new (as a request makes it).
    async fn bucket(
        limiter: &Ratelimiter,
        route: &Route<'_>,
    ) -> Arc<tokio::sync::Mutex<Ratelimit>> {
        let routes = limiter.routes();
        let mut routes = routes.write().await;
        routes
            .entry(route.ratelimiting_bucket())
            .or_default()
            .clone()
    }

    async fn has(limiter: &Ratelimiter, key: RatelimitingBucket) -> bool {
        limiter.routes().read().await.contains_key(&key)
    }

    fn press(id: u64) -> Route<'static> {
        Route::InteractionResponse {
            interaction_id: InteractionId::new(id),
            token: "t",
        }
    }

    fn posts(channel: u64) -> Route<'static> {
        Route::ChannelMessages {
            channel_id: ChannelId::new(channel),
        }
    }

    #[tokio::test]
    async fn idle_buckets_go_and_busy_or_open_ones_stay() {
        let limiter = Ratelimiter::new(reqwest::Client::new(), "token");
        // Presses answered without headers (interaction callbacks) and a
        // bucket whose window closed: nothing to remember.
        for id in 1..=100 {
            answered(&limiter, press(id), &[]).await;
        }
        answered(
            &limiter,
            posts(1),
            &[
                ("x-ratelimit-limit", "5"),
                ("x-ratelimit-remaining", "4"),
                ("x-ratelimit-reset-after", "0.001"),
            ],
        )
        .await;
        // A window still open: it may be counting down to a wait.
        answered(
            &limiter,
            posts(2),
            &[
                ("x-ratelimit-limit", "5"),
                ("x-ratelimit-remaining", "0"),
                ("x-ratelimit-reset-after", "60"),
            ],
        )
        .await;
        // A request in flight holds its bucket (serenity clones it out of
        // the map before locking it).
        let held = bucket(&limiter, &press(500)).await;
        tokio::time::sleep(Duration::from_millis(5)).await;

        assert_eq!(limiter.routes().read().await.len(), 103);
        assert_eq!(forget_idle(&limiter).await, 101);
        assert!(!has(&limiter, press(1).ratelimiting_bucket()).await);
        assert!(!has(&limiter, posts(1).ratelimiting_bucket()).await);
        assert!(has(&limiter, posts(2).ratelimiting_bucket()).await);
        assert!(has(&limiter, press(500).ratelimiting_bucket()).await);
        // Once released, it goes too; the open window stays.
        drop(held);
        assert_eq!(forget_idle(&limiter).await, 1);
        assert!(has(&limiter, posts(2).ratelimiting_bucket()).await);
        assert_eq!(limiter.routes().read().await.len(), 1);
    }
}
