//! Gateway outages (issue 31 §1, docs/reliability.md "Gateway outages"):
//! Discord's gateway refuses upgrades (HTTP 503, as behind Cloudflare
//! during an incident), then refuses TCP, then comes back. The bot must
//! wait with backoff (not reconnect thousands of times a second, which gets
//! its IP blocked), never IDENTIFY faster than `max_concurrency` per 5 s,
//! say so on `/healthz` while a shard is down, and be back soon after the
//! gateway is, with the match in progress going on.

use crate::operations::{get, samples, spawn_with_metrics};
use crate::support::{fake, harness};

use std::time::{Duration, Instant};

use fake::*;
use harness::*;

/// Connection attempts the bot made to the gateway so far (its metric).
async fn attempts(port: u16) -> f64 {
    let (_, body) = get(port, "/metrics").await.expect("metrics");
    samples(&body)
        .iter()
        .filter(|(k, _)| k.starts_with("fourbot_gateway_connect_attempts_total"))
        .map(|(_, v)| v)
        .sum()
}

/// `/healthz`'s status every 250 ms until `until`.
async fn health_until(port: u16, until: Instant) -> Vec<(Instant, u16)> {
    let mut seen = Vec::new();
    while Instant::now() < until {
        if let Some((status, _)) = get(port, "/healthz").await {
            seen.push((Instant::now(), status));
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    seen
}

/// Waits (up to `limit`) for `/healthz` to answer 200; when it did.
async fn healthy_within(port: u16, limit: Duration) -> Option<Instant> {
    let end = Instant::now() + limit;
    while Instant::now() < end {
        if let Some((200, _)) = get(port, "/healthz").await {
            return Some(Instant::now());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    None
}

/// Once the gateway is back: `/healthz` is 200 within 15 s, and no
/// IDENTIFY came too soon.
async fn back_within_15_s(fake: &FakeDiscord, port: u16) {
    let back_at = Instant::now();
    let healthy = healthy_within(port, Duration::from_secs(30))
        .await
        .expect("healthy");
    let after = healthy.duration_since(back_at);
    assert!(
        after <= Duration::from_secs(15),
        "healthy {after:?} after the return"
    );
    assert_identifies_paced(fake);
}

/// No two IDENTIFYs of one rate-limit bucket within 5 s (`max_concurrency`
/// 1: none at all), as the fake saw them.
fn assert_identifies_paced(fake: &FakeDiscord) {
    assert_eq!(fake.identifies_too_fast(), 0, "{:?}", fake.identify_times());
    let times = fake.identify_times();
    for pair in times.windows(2) {
        assert!(
            pair[1].0.duration_since(pair[0].0) >= Duration::from_secs(5),
            "{times:?}"
        );
    }
}

/// The outage of the issue: 30 s of refused upgrades, 10 s of refused
/// TCP, then the gateway is back. Returns when the bot was healthy again,
/// after checking the attempts and `/healthz` over the outage.
async fn outage(fake: &FakeDiscord, port: u16, shards: usize) {
    let upgrades_before = fake.upgrades().len();
    let attempts_before = attempts(port).await;
    let down_at = Instant::now();
    fake.set_outage(Outage::Upgrade(503));
    let mut health = health_until(port, down_at + Duration::from_secs(30)).await;
    fake.set_outage(Outage::Refused);
    health.extend(health_until(port, down_at + Duration::from_secs(40)).await);
    let attempted = attempts(port).await - attempts_before;
    let upgrades = fake.upgrades().len() - upgrades_before;
    fake.set_outage(Outage::None);
    let back_at = Instant::now();
    let healthy = healthy_within(port, Duration::from_secs(30))
        .await
        .expect("healthy again");
    let back_after = healthy.duration_since(back_at);
    eprintln!(
        "{shards} shard(s): {attempted} attempts ({upgrades} upgrades) in 40 s; healthy {back_after:?} after the gateway's return"
    );
    assert!(upgrades <= 15, "{upgrades} upgrades asked for in 40 s");
    assert!(attempted <= 15.0, "{attempted} connection attempts in 40 s");
    assert!(
        attempted >= 3.0,
        "the bot kept trying through the outage: {attempted}"
    );
    assert!(upgrades as f64 <= attempted, "{upgrades} upgrades");
    // Down from the moment serenity notices the dropped connection, and
    // all the while after.
    let late: Vec<_> = health
        .iter()
        .filter(|(at, _)| *at >= down_at + Duration::from_secs(2))
        .collect();
    assert!(late.len() > 100, "healthz was asked all along");
    assert!(
        late.iter().all(|(_, status)| *status == 503),
        "healthz while the gateway was down: {:?}",
        late.iter().map(|(_, s)| s).collect::<Vec<_>>()
    );
    assert!(
        back_after <= Duration::from_secs(15),
        "healthy {back_after:?} after the gateway came back"
    );
    assert_eq!(fake.live_shards().len(), shards);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gateway_outage_is_waited_out_with_backoff_and_the_match_goes_on() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let (port, bot) = spawn_with_metrics(&fake, "outage-one", &[], &[]);
    fake.wait_ready().await;
    healthy_within(port, Duration::from_secs(20))
        .await
        .expect("healthy");
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
    outage(&fake, port, 1).await;
    t.play(1, 2, 'c').await;
    t.play(1, 3, 'd').await;
    assert_eq!(t.turns(1, 3), 1);
    assert_identifies_paced(&fake);
    let stderr = bot.stderr();
    // One line when it went down, one a minute after, one when back: not
    // one per try.
    let lines = |needle: &str| stderr.lines().filter(|l| l.contains(needle)).count();
    assert_eq!(lines("gateway cannot be reached"), 1, "{stderr}");
    assert!(lines("still unreachable") <= 1, "{stderr}");
    assert_eq!(lines("gateway is back"), 1, "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shards_wait_out_an_outage_together() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_recommended_shards(2);
    let (_, channel) = fake.add_guild_on(1, 2);
    let (port, _bot) = spawn_with_metrics(&fake, "outage-two", &[], &[]);
    fake.wait_ready().await;
    fake.wait_within("both sessions", Duration::from_secs(30), |f| {
        (f.live_shards() == [(0, 2), (1, 2)]).then_some(())
    })
    .await;
    healthy_within(port, Duration::from_secs(20))
        .await
        .expect("healthy");
    outage(&fake, port, 2).await;
    assert_identifies_paced(&fake);
    // Both shards serve: a command on the second shard's guild is answered.
    let challenge = challenge_in(&fake, ALICE, channel, BOB).await;
    assert!(!buttons(&challenge).is_empty(), "{challenge}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_started_during_an_outage_connects_once_the_gateway_is_back() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_outage(Outage::Upgrade(503));
    let (port, _bot) = spawn_with_metrics(&fake, "outage-start", &[], &[]);
    let started = Instant::now();
    let health = health_until(port, started + Duration::from_secs(20)).await;
    assert!(
        health.len() > 40,
        "healthz answers while the gateway is down"
    );
    assert!(health.iter().all(|(_, s)| *s == 503), "{health:?}");
    let attempted = attempts(port).await;
    assert!(
        (2.0..=10.0).contains(&attempted),
        "{attempted} attempts in 20 s"
    );
    fake.set_outage(Outage::None);
    back_within_15_s(&fake, port).await;
    fake.wait_ready().await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
}

/// With few of the day's session starts left, the bot waits for Discord's
/// reset before it identifies, and says so once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn few_session_starts_left_wait_for_the_reset() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_session_starts(1000, 4, Duration::from_secs(6), 1);
    let (_port, bot) = spawn_with_metrics(&fake, "outage-starts", &[], &[]);
    let started = Instant::now();
    fake.wait_ready().await;
    let first = fake.identify_times()[0].0;
    assert!(
        first.duration_since(started) >= Duration::from_secs(5),
        "identified {:?} after the start",
        first.duration_since(started)
    );
    assert_eq!(fake.session_starts().exceeded, 0);
    let stderr = bot.stderr();
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.contains("session starts are left"))
            .count(),
        1,
        "{stderr}"
    );
}

/// Every IDENTIFY closed with a resumable code (4000, "Unknown error")
/// before READY for 20 s: each such session counts as a failure, so the
/// attempts back off as for a refused upgrade; then the bot is back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identifies_closed_with_a_resumable_code_are_retried_with_backoff() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.close_identify_with(4000);
    let (port, _bot) = spawn_with_metrics(&fake, "outage-4000", &[], &[]);
    let started = Instant::now();
    let health = health_until(port, started + Duration::from_secs(20)).await;
    assert!(health.iter().all(|(_, s)| *s == 503), "{health:?}");
    let upgrades = fake.upgrades().len();
    assert!(
        (2..=10).contains(&upgrades),
        "{upgrades} connections in 20 s"
    );
    fake.stop_closing_identify();
    back_within_15_s(&fake, port).await;
    fake.wait_ready().await;
}

/// A dead gateway (the connection open, heartbeats never acknowledged) for
/// 15 s: serenity gives each session up after a missed acknowledgement and
/// the bot connects again, paced by the identify window, not in a storm;
/// `/healthz` says so; then the gateway answers again and a match is
/// played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_heartbeat_is_not_a_reconnect_storm() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_heartbeat(Duration::from_millis(1_000), Duration::from_secs(30));
    let (port, _bot) = spawn_with_metrics(&fake, "outage-heartbeat", &[], &[]);
    fake.wait_ready().await;
    healthy_within(port, Duration::from_secs(20))
        .await
        .expect("healthy");
    let before = fake.upgrades().len();
    fake.set_heartbeat_acks(false);
    let dead_at = Instant::now();
    let health = health_until(port, dead_at + Duration::from_secs(15)).await;
    let upgrades = fake.upgrades().len() - before;
    assert!(upgrades <= 8, "{upgrades} connections in 15 s");
    assert!(upgrades >= 1, "the bot gave the dead session up");
    assert!(health.iter().any(|(_, s)| *s == 503), "{health:?}");
    fake.set_heartbeat_acks(true);
    back_within_15_s(&fake, port).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    t.play(1, 1, 'd').await;
}
