//! The bot's production HTTP path, end to end: `https://discord.com/api/v10`
//! with serenity's rate limiter on, through the TLS front
//! (`support/tls.rs`) to the fake Discord. A whole match, the REST faults
//! of `faults.rs` (where serenity's limiter, not our retry code, now meets
//! a 429), and the trust the bot's HTTP client gives: the test CA only
//! through `FOURBOT_CA_FILE`, and a CA file it cannot use ends it with one
//! line. See docs/reliability.md, "The production HTTP path".

use crate::support::{fake, harness, tls};

use std::time::Duration;

use fake::*;
use harness::*;
use serde_json::json;
use tls::{TlsFront, Tunnel};

fn served_for(fake: &FakeDiscord, method: &str, path: &str) -> Vec<Served> {
    fake.served()
        .into_iter()
        .filter(|s| s.method == method && s.path == path)
        .collect()
}

/// Every connection the front saw was a tunnel to discord.com, with the
/// TLS handshake done as discord.com over HTTP/1.1; there was at least one.
fn only_discord_tunnels(front: &TlsFront) {
    let tunnels = front.tunnels();
    assert!(!tunnels.is_empty(), "the bot used the front");
    for t in &tunnels {
        assert_eq!(
            *t,
            Tunnel::Relayed {
                sni: Some("discord.com".into()),
                alpn: Some("http/1.1".into()),
            },
            "{tunnels:?}"
        );
    }
}

/// The gap between the first 429 on `method path` and the request after
/// it, once the fake has served that one (the fake records an answer just
/// after its effect, so the message can be seen before its `Served`).
async fn retry_gap(fake: &FakeDiscord, method: &str, path: &str) -> Duration {
    fake.wait_for("the retry after the 429", |f| {
        let calls = served_for(f, method, path);
        let limited = calls.iter().position(|s| s.status == 429)?;
        let retry = calls.get(limited + 1)?;
        Some(retry.at.duration_since(calls[limited].at))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_is_played_over_tls_with_the_rate_limiter_on() {
    let (fake, front, bot) = start_tls("tls-match", &[]).await;
    let t = Table::open(&fake).await;
    for ply in 1..=7 {
        t.drop(
            t.players[(ply as usize + 1) % 2],
            1,
            ply,
            if ply % 2 == 1 { 'd' } else { 'a' },
        )
        .await;
    }
    let over = t.message_with(":1:ready").await;
    for p in [ALICE, BOB] {
        press(&fake, p, &over, &format!("m:{}:1:ready", t.match_id));
    }
    // Game 2: colours swapped, bob first.
    for ply in 1..=7 {
        t.drop(
            t.players[ply as usize % 2],
            2,
            ply,
            if ply % 2 == 1 { 'd' } else { 'a' },
        )
        .await;
    }
    let end = t.message_with(":rematch").await;
    assert!(end["content"].as_str().unwrap().contains("1:1"), "{end}");
    fake.wait_for("the archived thread", |f| {
        (f.channel(t.thread)?["thread_metadata"]["archived"] == json!(true)).then_some(())
    })
    .await;
    // The boards came through the tunnel whole (multipart over TLS).
    // (Turns are follow-ups of the presses' tokens, or channel messages.)
    let pngs: Vec<Vec<u8>> = fake
        .posts_in(t.thread)
        .into_iter()
        .flat_map(|r| r.files.into_iter().map(|(_, b)| b))
        .collect();
    assert!(
        pngs.len() >= 16,
        "a board per turn and result: {}",
        pngs.len()
    );
    for png in &pngs {
        assert!(image::load_from_memory(png).expect("a PNG").width() > 100);
    }
    // Every REST request went through the front as discord.com; the gateway
    // (ws://127.0.0.1) was connected directly: no other CONNECT came.
    only_discord_tunnels(&front);
    assert!(fake.connections() >= 1, "the gateway");
    let stderr = bot.stderr();
    assert!(!stderr.contains(TOKEN), "the token is never logged");
    assert!(
        stderr.contains("trusting extra root certificates"),
        "{stderr}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_on_a_turn_post_is_waited_out_for_its_retry_after_and_posted_once() {
    let (fake, front, bot) = start_tls("tls-post-429", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let posts = format!("/api/v10/channels/{}/messages", t.thread);
    // Longer than the 1 s our own retry code would wait (the plain path's
    // fallback, rest::RATE_LIMIT_PAUSE_MS): serenity's limiter must read
    // Retry-After, and it is the only one to wait.
    let retry_after = Duration::from_millis(1_500);
    fake.inject(
        "POST",
        &posts,
        Fault::RateLimited {
            retry_after,
            global: false,
        },
        1,
    );
    let before = served_for(&fake, "POST", &posts).len();
    // Typed, before anyone pressed in the thread: the turn is a channel
    // message.
    t.typed(ALICE, "d");
    t.turn(1, 2).await;
    let gap = retry_gap(&fake, "POST", &posts).await;
    assert!(
        gap >= retry_after && gap < retry_after + Duration::from_millis(700),
        "retried after {gap:?}, Discord asked for {retry_after:?}"
    );
    let statuses: Vec<u16> = served_for(&fake, "POST", &posts)[before..]
        .iter()
        .map(|s| s.status)
        .collect();
    assert_eq!(statuses, [429, 200], "one wait, one retry");
    assert_eq!(t.turns(1, 2), 1, "the turn is posted once");
    t.play(1, 2, 'c').await;
    assert_eq!(t.turns(1, 3), 1);
    // Serenity met the 429: our retry code never saw it.
    assert!(!bot.stderr().contains("retrying"), "{}", bot.stderr());
    only_discord_tunnels(&front);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_429_on_a_refusal_is_waited_out_and_the_refusal_arrives() {
    let (fake, _front, _bot) = start_tls("tls-followup-429", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let msg = t.turn(1, 1).await;
    let retry_after = Duration::from_millis(300);
    fake.inject(
        "POST",
        &format!("/webhooks/{BOT_ID}/token-"),
        Fault::RateLimited {
            retry_after,
            global: true,
        },
        1,
    );
    let i = press(&fake, CAROL, &msg, &format!("m:{}:1.1:drop:d", t.match_id));
    let text = private_followup(&fake, i).await;
    assert!(text.contains("not playing in this match"), "{text}");
    let gap = retry_gap(&fake, "POST", &followup_path(i)).await;
    // The `Retry-After` header is whole seconds, rounded up
    // (topics/rate-limits): serenity waits that, at most 1 s here.
    assert!(
        gap >= retry_after && gap < Duration::from_millis(1_700),
        "retried after {gap:?}, Discord asked for {retry_after:?}"
    );
    assert_eq!(served_for(&fake, "POST", &followup_path(i)).len(), 2);
    t.play(1, 1, 'd').await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_500_on_the_acknowledgement_is_retried_and_the_move_is_applied_once() {
    let (fake, _front, _bot) = start_tls("tls-ack-500", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    fake.inject("POST", "/callback", Fault::ServerError, 2);
    let i = t.press_drop(1, 1, 'd').await;
    t.turn(1, 2).await;
    let statuses: Vec<u16> = served_for(&fake, "POST", &callback_path(i))
        .iter()
        .map(|s| s.status)
        .collect();
    assert_eq!(statuses, [500, 500, 204], "two failures, then the ack");
    t.play(1, 2, 'c').await;
    assert_eq!(t.turns(1, 2), 1);
    assert_eq!(t.turns(1, 3), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_500_on_removing_the_old_buttons_is_retried_and_the_old_turn_loses_them() {
    let (fake, _front, _bot) = start_tls("tls-edit-500", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let first = t.turn(1, 1).await;
    // A typed move: turn 1.1 loses its buttons once turn 1.2 is posted,
    // through an edit (a press's acknowledgement would take them off
    // itself).
    let edit = format!("/messages/{}", id_of(&first));
    fake.inject("PATCH", &edit, Fault::ServerError, 3);
    t.typed(ALICE, "d");
    t.turn(1, 2).await;
    fake.wait_for("the old turn without buttons", |f| {
        f.message(id_of(&first))
            .filter(|m| buttons(m).is_empty())
            .map(|_| ())
    })
    .await;
    let statuses = fake
        .wait_for("the edit's answers", |f| {
            let s: Vec<u16> = f
                .served()
                .iter()
                .filter(|s| s.method == "PATCH" && s.path.ends_with(&edit))
                .map(|s| s.status)
                .collect();
            s.contains(&200).then_some(s)
        })
        .await;
    assert_eq!(statuses, [500, 500, 500, 200]);
    t.play(1, 2, 'c').await;
    assert_eq!(t.turns(1, 3), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_ca_file_the_bot_does_not_trust_the_front_and_sends_nothing() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let front = TlsFront::start(&fake).await;
    let dir = temp_dir("tls-untrusted");
    let proxy = front.proxy_url();
    let mut child = spawn(
        bin(),
        &fake,
        &dir,
        &[("DISCORD_API_BASE", ""), ("HTTPS_PROXY", &proxy)],
    );
    let status = tokio::time::timeout(Duration::from_secs(20), child.wait())
        .await
        .expect("the bot gives up")
        .unwrap();
    assert_eq!(status.code(), Some(1));
    // The bot may exit before the front records the handshake it refused.
    let tunnels = front.first_tunnels().await;
    assert!(
        matches!(tunnels.first(), Some(Tunnel::HandshakeFailed(_))),
        "{tunnels:?}"
    );
    assert!(
        !tunnels.iter().any(|t| matches!(t, Tunnel::Relayed { .. })),
        "{tunnels:?}"
    );
    assert!(fake.served().is_empty(), "no request reached the fake");
    // One line that says why and what to check.
    let stderr = std::fs::read_to_string(dir.join("stderr.log")).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("fourbot: cannot reach Discord's API: ")
            && stderr.contains("UnknownIssuer")
            && stderr.contains("FOURBOT_CA_FILE"),
        "{stderr}"
    );
    assert!(!stderr.contains(TOKEN), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ca_file_that_cannot_be_used_ends_the_bot_with_one_clear_line() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let dir = temp_dir("tls-bad-ca");
    let not_pem = dir.join("not-a-certificate.pem");
    std::fs::write(&not_pem, "hello\n").unwrap();
    let missing = dir.join("missing.pem");
    for (file, why) in [
        (&missing, "cannot be read"),
        (&not_pem, "holds no certificate"),
    ] {
        let log = dir.join("stderr.log");
        let _ = std::fs::remove_file(&log);
        let file = file.to_string_lossy().into_owned();
        let mut child = spawn(bin(), &fake, &dir, &[("FOURBOT_CA_FILE", &file)]);
        let status = tokio::time::timeout(Duration::from_secs(20), child.wait())
            .await
            .expect("the bot exits")
            .unwrap();
        assert_eq!(status.code(), Some(1));
        let stderr = std::fs::read_to_string(&log).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("fourbot: FOURBOT_CA_FILE is not valid: ")
                && stderr.contains(&file)
                && stderr.contains(why),
            "{stderr}"
        );
    }
    assert!(fake.served().is_empty(), "it ended before connecting");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sixty matches accepted at the same moment in twenty channels: a thread
/// start and a first turn each, 120 requests subject to Discord's global
/// limit of 50 a second, all wanted within a second or two. The bot paces them
/// (src/discord/rest.rs): the fake answers none of them 429, and every
/// match starts. (Before the pacing, serenity sent them as they came and
/// met the global limit: 14 first turns were answered 429.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_starting_together_stay_within_the_global_limit() {
    let (fake, _front, _bot) = start_tls("tls-burst", &[]).await;
    let channels: Vec<u64> = (0..20).map(|_| fake.add_channel(0, None)).collect();
    let mut offers = Vec::new();
    for i in 0..60u64 {
        let (a, b) = (user(2 * i), user(2 * i + 1));
        let channel = channels[i as usize % channels.len()];
        let iid = command_in(
            &fake,
            a,
            channel,
            "challenge",
            &[user_opt("opponent", b)],
            &[b],
        );
        offers.push((b, iid));
    }
    let mut challenges = Vec::new();
    for (b, iid) in &offers {
        challenges.push((*b, posted_by(&fake, *iid).await));
    }
    let before = fake.counts();
    for (b, challenge) in &challenges {
        press(&fake, *b, challenge, &buttons(challenge)[0].0);
    }
    for (_, challenge) in &challenges {
        first_turn(&fake, id_of(challenge)).await;
    }
    let after = fake.counts();
    let starts = |c: &Counts| {
        c.per_route
            .get("POST /channels/{channel_id}/messages/{id}/threads")
            .map_or(0, |r| r.non_exempt)
    };
    assert_eq!(starts(&after) - starts(&before), 60, "{after:?}");
    assert_eq!(after.limited - before.limited, 0, "{after:?}");
}

/// Follow-ups of different interactions are limited per token, as
/// Discord limits them: with two follow-ups per token per 30 s (a
/// challenge's two use up its token's), the next turn of a second match (a
/// follow-up of its own press's token) is posted at once. (serenity
/// keys every interaction webhook's bucket by the application alone: the
/// second turn waited for the first token's window.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_tokens_empty_bucket_does_not_hold_back_another_tokens_follow_up() {
    let (fake, _front, _bot) = start_tls("tls-per-token", &[]).await;
    let mut limits = RateLimits::default();
    limits.routes.insert(
        "POST /webhooks/{webhook_id}/{token}".into(),
        limit(2, 30_000),
    );
    fake.set_rate_limits(limits);
    let a = Table::between(&fake, ALICE, BOB, None).await;
    let b = Table::between(&fake, user(1), user(2), None).await;
    // Each press's next turn is a follow-up of that press's token.
    a.play(1, 1, 'd').await;
    let pressed = b.press_drop(1, 1, 'd').await;
    let next = tokio::time::timeout(Duration::from_secs(10), b.turn(1, 2)).await;
    assert!(next.is_ok(), "the second match's turn waited");
    let followups = served_for(&fake, "POST", &followup_path(pressed));
    assert_eq!(
        followups.iter().map(|s| s.status).collect::<Vec<_>>(),
        [200],
        "posted once, never limited"
    );
}

/// A 429 on each kind of post the bot makes — a channel message, an
/// interaction callback, a follow-up, an edit, a thread change — is sent
/// again no sooner than its `retry_after` (the fake counts early retries:
/// none), and each lands once (issue 31 §2). On this path serenity's
/// limiter reads `Retry-After` (whole seconds, rounded up) for every route
/// it keeps a bucket for, which is every route the bot posts on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_on_every_kind_of_post_is_waited_out_and_each_lands_once() {
    let (fake, front, _bot) = start_tls("tls-every-429", &[]).await;
    let t = Table::between(&fake, ALICE, BOB, None).await;
    let limited = Fault::RateLimited {
        retry_after: Duration::from_millis(1_500),
        global: false,
    };
    // A channel message: a typed move before any press brings its turn;
    // then an edit: the typed-on turn loses its buttons.
    let first = id_of(&t.turn(1, 1).await);
    fake.inject(
        "POST",
        &format!("/api/v10/channels/{}/messages", t.thread),
        limited,
        1,
    );
    let edit = format!("/messages/{first}");
    fake.inject("PATCH", &edit, limited, 1);
    t.typed(ALICE, "d");
    t.turn(1, 2).await;
    // A press: its callback (which takes the pressed turn's buttons off)
    // and the turn as a follow-up of its token.
    fake.inject("POST", "/callback", limited, 1);
    fake.inject("POST", &format!("/webhooks/{BOT_ID}/token-"), limited, 1);
    t.play(1, 2, 'c').await;
    let last = t.turn(1, 3).await;
    // A thread change: the thread archived at the match's end.
    let thread = format!("/api/v10/channels/{}", t.thread);
    fake.inject("PATCH", &thread, limited, 1);
    t.resign_match(&last).await;
    fake.wait_for("the thread archived at the match's end", |f| {
        (archived(f, t.thread) == Some(true)).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let served = fake.served();
    let limited: Vec<&Served> = served.iter().filter(|s| s.status == 429).collect();
    let kinds: Vec<&str> = limited
        .iter()
        .map(|s| match (s.method.as_str(), s.path.as_str()) {
            ("POST", p) if p.ends_with("/callback") => "callback",
            ("POST", p) if p.contains("/webhooks/") => "follow-up",
            ("PATCH", p) if p.ends_with(&edit) => "edit",
            ("PATCH", p) if p == thread => "thread",
            ("POST", p) if p.ends_with("/messages") => "message",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        ["message", "edit", "callback", "follow-up", "thread"],
        "{limited:?}"
    );
    for l in &limited {
        let again: Vec<&Served> = served
            .iter()
            .filter(|s| s.method == l.method && s.path == l.path && s.at > l.at)
            .collect();
        assert_eq!(
            again.len(),
            1,
            "{} {} sent again once: {again:?}",
            l.method,
            l.path
        );
        assert!(again[0].status < 300, "{:?}", again[0]);
        let gap = again[0].at.duration_since(l.at);
        assert!(
            gap >= Duration::from_millis(1_500),
            "{} {} after {gap:?}",
            l.method,
            l.path
        );
    }
    assert!(
        fake.early_retries().is_empty(),
        "{:?}",
        fake.early_retries()
    );
    assert_eq!(t.turns(1, 2), 1);
    assert_eq!(t.turns(1, 3), 1);
    only_discord_tunnels(&front);
}
