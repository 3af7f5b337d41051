//! What an operator watches (issue 20, docs/operations.md): `--metrics`
//! serves Prometheus text at /metrics and a health check at /healthz (200
//! while every shard the process runs is connected), and `--log-format
//! json` writes one JSON object a line.

use crate::support::{fake, harness};

use std::collections::BTreeMap;
use std::time::Duration;

use fake::*;
use harness::*;

/// A free port on loopback (bound and let go; the bot binds it next).
pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// GET `path` on the bot's metrics address: (status, body).
pub(crate) async fn get(port: u16, path: &str) -> Option<(u16, String)> {
    let r = reqwest::Client::builder()
        .no_proxy()
        .build()
        .unwrap()
        .get(format!("http://127.0.0.1:{port}{path}"))
        .send()
        .await
        .ok()?;
    let status = r.status().as_u16();
    Some((status, r.text().await.ok()?))
}

/// Every sample of the Prometheus text `body`: `name{labels}` → value.
pub(crate) fn samples(body: &str) -> BTreeMap<String, f64> {
    body.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let (name, value) = l.rsplit_once(' ')?;
            Some((name.to_string(), value.parse().ok()?))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_what_happened_and_healthz_follows_the_shards() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    fake.set_recommended_shards(2);
    let (_, channel) = fake.add_guild_on(1, 2);
    let port = free_port();
    let dir = temp_dir("operations");
    let addr = format!("127.0.0.1:{port}");
    let _bot = spawn_args(
        bin(),
        &fake,
        &dir,
        Some(TOKEN),
        &["run", "--metrics", &addr, "--log-format", "json"],
        &[],
    );
    // Shard 0 connects at once, shard 1 five seconds later (serenity waits
    // between IDENTIFYs): until then the bot is not healthy.
    let mut unhealthy = None;
    for _ in 0..100 {
        if fake.live_shards() == [(0, 2)] {
            if let Some(answer) = get(port, "/healthz").await {
                unhealthy = Some(answer);
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, body) = unhealthy.expect("/healthz with one shard of two up");
    assert_eq!(status, 503, "{body}");
    assert!(body.starts_with("1 of 2 shards connected"), "{body}");
    fake.wait_within("both sessions", Duration::from_secs(30), |f| {
        (f.live_shards() == [(0, 2), (1, 2)]).then_some(())
    })
    .await;
    let mut healthy = (0, String::new());
    for _ in 0..100 {
        healthy = get(port, "/healthz").await.unwrap();
        if healthy.0 == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(healthy, (200, "ok\n".to_string()));

    // A match: a challenge, an accept, three drops.
    let iid = command_in(
        &fake,
        ALICE,
        channel,
        "challenge",
        &[user_opt("opponent", BOB)],
        &[BOB],
    );
    let challenge = posted_by(&fake, iid).await;
    press(&fake, BOB, &challenge, &buttons(&challenge)[0].0);
    let first = first_turn(&fake, id_of(&challenge)).await;
    let t = Table {
        fake: fake.clone(),
        thread: id_of(&challenge),
        match_id: buttons(&first)[0].0.split(':').nth(1).unwrap().to_string(),
        players: vec![ALICE, BOB],
    };
    t.play(1, 1, 'd').await;
    t.play(1, 2, 'c').await;
    t.play(1, 3, 'd').await;

    // The bot records a turn as posted when Discord's answer reaches it,
    // a moment after the fake has the message: scrape until it has.
    let mut scraped = None;
    for _ in 0..50 {
        let (status, body) = get(port, "/metrics").await.unwrap();
        assert_eq!(status, 200);
        let m = samples(&body);
        let posted = m.get("fourbot_turn_posted_seconds_count").copied();
        scraped = Some((body, m));
        if posted >= Some(3.0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (body, m) = scraped.unwrap();
    let at = |k: &str| {
        m.get(k)
            .copied()
            .unwrap_or_else(|| panic!("no {k} in:\n{body}"))
    };
    assert_eq!(at(r#"fourbot_matches_running{variant="classic"}"#), 1.0);
    assert_eq!(at("fourbot_moves_total"), 3.0);
    assert_eq!(at(r#"fourbot_interactions_total{kind="command"}"#), 1.0);
    assert_eq!(at(r#"fourbot_interactions_total{kind="component"}"#), 4.0);
    // Every press and the command acknowledged, each timed.
    assert_eq!(at("fourbot_ack_seconds_count"), 5.0);
    // The turns after the three drops came with the presses' tokens.
    assert_eq!(at("fourbot_turn_posted_seconds_count"), 3.0);
    assert_eq!(
        at(r#"fourbot_rest_requests_total{route="ChannelMessageThreads",status="2xx"}"#),
        1.0
    );
    assert!(
        at(r#"fourbot_rest_requests_total{route="WebhookFollowupMessages",status="2xx"}"#) >= 3.0
    );
    assert!(at("fourbot_db_commit_seconds_count") >= 3.0);
    assert!(
        body.contains("# TYPE fourbot_ack_seconds histogram"),
        "{body}"
    );

    // The log lines are JSON objects.
    let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
    let connected = stderr
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
        .find(|v| v["fields"]["message"] == "connected to Discord")
        .expect("the connected line");
    assert_eq!(connected["level"], "INFO");
    assert!(!stderr.contains(TOKEN));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_metrics_address_that_cannot_be_served_is_refused_in_one_line() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    for (addr, says) in [
        ("nowhere", "is not an address"),
        ("192.0.2.1:9100", "cannot listen on 192.0.2.1:9100"),
    ] {
        let dir = temp_dir("metrics-bad");
        let mut child = spawn_args(
            bin(),
            &fake,
            &dir,
            Some(TOKEN),
            &["run", "--metrics", addr],
            &[],
        );
        let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
            .await
            .expect("the bot exits")
            .unwrap();
        let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
        assert_eq!(status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("fourbot: --metrics: ") && stderr.contains(says),
            "{stderr}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// SIGTERM (systemd's and containers' stop) disconnects the shards,
/// releases the leases — another process may take the shards at once —
/// and ends with status 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_cleanly_and_frees_its_shards() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let dir = temp_dir("sigterm");
    let mut child = spawn(bin(), &fake, &dir, &[]);
    fake.wait_ready().await;
    let db = fourbot::store::Db::connect(&database_url(&dir))
        .await
        .unwrap();
    assert_eq!(db.shard_leases().await.unwrap().len(), 1);
    let pid = child.id().expect("running");
    std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("the bot stops")
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(
        db.shard_leases().await.unwrap().is_empty(),
        "leases released"
    );
    db.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
