//! The first hour of a server owner (issue 35 §7): `fourbot check` against
//! the strict fake — a good set-up exits 0; a token Discord refuses, the
//! Message Content intent switched off and a permission missing in one
//! channel each give one clear line and a non-zero exit; the servers are
//! read page by page and up to a cap — and the welcome a server gets when
//! it adds the bot: once, in its language, where the bot may post, not
//! after a restart nor when the guild comes back from an outage.
//!
//! Rules (discord-api-docs): `developers/resources/user.mdx` ("Get Current
//! User", "Get Current User Guilds"), `developers/resources/application.mdx`
//! ("Application Flags"), `developers/resources/guild.mdx` ("Get Guild",
//! "Get Guild Channels", "Get Guild Member"),
//! `developers/topics/permissions.mdx` ("Permission Overwrites"),
//! `developers/events/gateway-events.mdx` ("Guild Create", "Guild Delete").

use crate::support::{fake, harness};

use std::time::Duration;

use fake::*;
use harness::*;
use serde_json::Value;

/// The problem lines of `fourbot check`'s output: every line but the
/// notes and the summary.
fn problems(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| !l.starts_with("note: ") && !l.starts_with("fourbot check:"))
        .collect()
}

/// `fourbot check` against `fake` with [`TOKEN`]: its exit status and
/// output, checked never to show the token and to end with the summary.
async fn check(fake: &FakeDiscord, token: &str, args: &[&str]) -> (Option<i32>, String) {
    let (code, stdout, stderr) = run_check(fake, Some(token), args).await;
    // Shown with --nocapture, and when the test fails.
    println!("fourbot check {}: {code:?}\n{stdout}", args.join(" "));
    for out in [&stdout, &stderr] {
        assert!(!out.contains(token), "the token shows: {out}");
    }
    assert_eq!(stderr, "", "nothing on stderr");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("fourbot check: "), "{stdout}");
    (code, stdout)
}

/// A fake with the bot connected (its commands registered in
/// [`GUILD_ID`], `FOURBOT_DEV_GUILD`), taking only [`TOKEN`].
async fn set_up(name: &str) -> (FakeDiscord, Bot) {
    let (fake, bot) = start(name).await;
    fake.accept_only_token(TOKEN);
    (fake, bot)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_passes_a_good_set_up_with_exit_zero() {
    let (fake, _bot) = set_up("check-good").await;
    let (code, out) = check(&fake, TOKEN, &[]).await;
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(problems(&out), Vec::<&str>::new(), "{out}");
    let summary = out.lines().last().unwrap();
    assert!(summary.contains("all is well"), "{out}");
    assert!(summary.contains("2 servers and 2 channels"), "{out}");
    // Discord refused nothing, the bot's requests or the check's.
    let served = fake.served();
    assert!(served.iter().all(|r| r.status < 400), "{served:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_says_in_one_line_that_the_token_is_refused() {
    let (fake, _bot) = set_up("check-token").await;
    let (code, out) = check(&fake, "a-token-reset-in-the-portal", &[]).await;
    assert_eq!(code, Some(1), "{out}");
    let lines = problems(&out);
    assert_eq!(lines.len(), 1, "{out}");
    assert!(lines[0].contains("refused (401 Unauthorized)"), "{out}");
    assert!(lines[0].contains("Reset Token"), "the fix: {out}");
    // Nothing but the token's check was asked.
    let asked: Vec<String> = fake
        .served()
        .into_iter()
        .filter(|r| r.status == 401)
        .map(|r| r.path)
        .collect();
    assert_eq!(asked, ["/api/v10/users/@me"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_says_in_one_line_that_message_content_is_off() {
    let (fake, _bot) = set_up("check-intent").await;
    fake.set_privileged_intents(0);
    let (code, out) = check(&fake, TOKEN, &[]).await;
    assert_eq!(code, Some(1), "{out}");
    let lines = problems(&out);
    assert_eq!(lines.len(), 1, "{out}");
    assert!(lines[0].contains("Message Content Intent is off"), "{out}");
    assert!(
        lines[0].contains("Privileged Gateway Intents"),
        "the fix: {out}"
    );
    // The other privileged intents are not asked for: switched on alone,
    // Message Content is enough.
    fake.set_privileged_intents(intent::MESSAGE_CONTENT);
    let (code, out) = check(&fake, TOKEN, &[]).await;
    assert_eq!(code, Some(0), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_names_the_one_channel_where_a_permission_is_missing() {
    let (fake, _bot) = set_up("check-perms").await;
    // An overwrite for the bot denies Create Public Threads in the
    // challenge channel; a second channel of the server is fine, a third
    // is hidden from the bot (a note, not a problem).
    let fine = fake.add_channel(kind::GUILD_TEXT, None);
    let hidden = fake.add_channel(kind::GUILD_TEXT, None);
    fake.deny(hidden, perm::VIEW_CHANNEL);
    fake.add_channel(kind::GUILD_VOICE, None);
    fake.deny(CHANNEL_ID, perm::CREATE_PUBLIC_THREADS);
    let (code, out) = check(&fake, TOKEN, &[]).await;
    assert_eq!(code, Some(1), "{out}");
    let lines = problems(&out);
    assert_eq!(lines.len(), 1, "{out}");
    let line = lines[0];
    assert!(line.contains(&format!("#general ({CHANNEL_ID})")), "{out}");
    assert!(line.contains(&GUILD_ID.to_string()), "{out}");
    assert!(line.contains("lacks Create Public Threads,"), "{out}");
    assert!(!line.contains(&fine.to_string()), "{out}");
    let notes: Vec<&str> = out.lines().filter(|l| l.starts_with("note: ")).collect();
    assert_eq!(notes.len(), 1, "{out}");
    assert!(
        notes[0].contains(&format!("#channel-0-{hidden} hidden from the bot")),
        "{out}"
    );
    // Given back, all is well again.
    fake.allow(CHANNEL_ID, perm::CREATE_PUBLIC_THREADS);
    let (code, out) = check(&fake, TOKEN, &[]).await;
    assert_eq!(code, Some(0), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_says_when_the_commands_are_not_registered() {
    // No bot ever connected: nothing is registered in FOURBOT_DEV_GUILD.
    let fake = FakeDiscord::start(Mode::Normal).await;
    let (code, out) = check(&fake, TOKEN, &[]).await;
    assert_eq!(code, Some(1), "{out}");
    let lines = problems(&out);
    assert_eq!(lines.len(), 1, "{out}");
    assert!(
        lines[0].contains(&format!(
            "slash commands are not registered in server {GUILD_ID}"
        )),
        "{out}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_reads_the_servers_page_by_page_up_to_its_cap() {
    let (fake, _bot) = set_up("check-pages").await;
    // 203 servers: a full page of 200, then the rest; the cap stops at
    // 202.
    for _ in 0..201 {
        fake.add_guild_on(0, 1);
    }
    let (code, out) = check(&fake, TOKEN, &["--max-servers", "202"]).await;
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.lines()
            .last()
            .unwrap()
            .contains("202 servers and 202 channels checked"),
        "{out}"
    );
    assert!(
        out.contains("note: the bot is in more than 202 servers"),
        "{out}"
    );
    let pages: Vec<String> = fake
        .requests()
        .into_iter()
        .filter(|r| r.path == "/api/v10/users/@me/guilds")
        .map(|r| r.path)
        .collect();
    assert_eq!(pages.len(), 2, "two pages");
    let guild_reads = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "GET" && r.path.split('/').count() == 5)
        .filter(|r| r.path.starts_with("/api/v10/guilds/"))
        .count();
    assert_eq!(guild_reads, 202, "the servers past the cap are not read");
    assert_eq!(fake.counts().limited, 0, "within the rate limits");
}

#[tokio::test]
async fn check_without_a_token_says_so_on_stderr() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let (code, stdout, stderr) = run_check(&fake, None, &[]).await;
    assert_eq!(code, Some(2));
    assert_eq!(stdout, "");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("DISCORD_TOKEN is not set"), "{stderr}");
}

// ---------------------------------------------------------------- welcome

/// The bot's messages in `channel`.
fn posts(fake: &FakeDiscord, channel: u64) -> Vec<Value> {
    // Public ones: the test's own /help answers are private.
    fake.messages_in(channel)
        .into_iter()
        .filter(|m| !is_private(m))
        .collect()
}

/// Waits for the bot's one message in `channel` and returns its text.
async fn welcome_in(fake: &FakeDiscord, channel: u64) -> String {
    let m = fake
        .wait_for("the welcome", |f| posts(f, channel).into_iter().next())
        .await;
    m["content"].as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_adds_the_bot_is_welcomed_once_in_its_language() {
    let (fake, mut bot) = start("welcome").await;
    // The guilds READY listed got their GUILD_CREATE and no welcome.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(posts(&fake, CHANNEL_ID).is_empty());
    assert!(posts(&fake, CHANNEL_2).is_empty());

    // The commands' ids are known once /help shows them as mentions
    // (the registration runs beside the start-up).
    wait_registrations(&fake, 1).await;
    for attempt in 0.. {
        let help = ask(&fake, ALICE, "help", &[]);
        let texts = private_replies(&fake, help, 1).await;
        if texts.join("\n").contains("</challenge:") {
            break;
        }
        assert!(attempt < 50, "/help never showed command mentions");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // An English server: in its system channel; the commands as mentions
    // that open them.
    let (tea, general) = fake.add_guild("Tea House", "en-US");
    let other = fake.add_channel_in(tea, kind::GUILD_TEXT, None);
    fake.join(tea);
    let text = welcome_in(&fake, general).await;
    assert!(text.contains("</challenge:"), "{text}");
    assert!(text.contains("</help:"), "{text}");
    assert!(posts(&fake, other).is_empty());

    // A German server whose system channel the bot may not post in: in
    // the first text channel by position where it may (not the voice
    // channel, not the hidden one, not the later one).
    let (stube, system) = fake.add_guild("Teestube", "de");
    fake.deny(system, perm::SEND_MESSAGES);
    fake.add_channel_in(stube, kind::GUILD_VOICE, None);
    let hidden = fake.add_channel_in(stube, kind::GUILD_TEXT, None);
    fake.deny(hidden, perm::VIEW_CHANNEL);
    let first = fake.add_channel_in(stube, kind::GUILD_TEXT, None);
    let later = fake.add_channel_in(stube, kind::GUILD_TEXT, None);
    fake.join(stube);
    let text = welcome_in(&fake, first).await;
    assert!(
        text.starts_with("Hallo!") && text.contains("</challenge:"),
        "{text}"
    );
    for c in [system, hidden, later] {
        assert!(posts(&fake, c).is_empty(), "{c}");
    }
    // Pinging nobody.
    assert_eq!(fake.mention_violations(), Vec::<String>::new());
    for c in [general, first] {
        let post = fake
            .posts_in(c)
            .into_iter()
            .next()
            .expect("the welcome's request");
        assert_eq!(
            post.json["allowed_mentions"]["parse"],
            serde_json::json!([])
        );
    }

    // A guild back from an outage sends GUILD_CREATE again: no second
    // welcome.
    fake.outage_over(tea);
    fake.outage_over(stube);
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(posts(&fake, general).len(), 1, "welcomed again");
    assert_eq!(posts(&fake, first).len(), 1, "welcomed again");
    // A restart: every guild's GUILD_CREATE again, none new.
    bot.kill().await;
    bot.restart(&fake).await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    for c in [general, first, CHANNEL_ID, CHANNEL_2] {
        assert!(posts(&fake, c).len() <= 1, "{c}");
    }
    assert_eq!(posts(&fake, general).len(), 1);
    assert_eq!(posts(&fake, first).len(), 1);
    assert!(!bot.stderr().contains("panicked"), "{}", bot.stderr());
}

#[test]
fn the_guild_payloads_parse_with_serenitys_types() {
    use serenity::all::{Guild, GuildChannel, GuildInfo, Member, PartialGuild};
    let mut g = fake::Guild::new("Tea House", "de");
    g.system_channel = Some(CHANNEL_ID);
    let partial: PartialGuild = serde_json::from_value(guild_json(GUILD_ID, &g)).unwrap();
    assert_eq!(partial.roles.len(), 2);
    assert_eq!(partial.preferred_locale, "de");
    let member: Member = serde_json::from_value(bot_member_json(GUILD_ID, &g.joined_at)).unwrap();
    assert_eq!(member.roles[0].get(), bot_role(GUILD_ID));
    let mut denied = Channel::new(CHANNEL_ID, kind::GUILD_TEXT, GUILD_ID, "general");
    denied.bot_permissions &= !perm::SEND_MESSAGES;
    let channel: GuildChannel = serde_json::from_value(denied.json()).unwrap();
    // Discord's algorithm over the fake's roles and overwrites gives the
    // bot exactly the channel's permissions.
    assert_eq!(
        partial.user_permissions_in(&channel, &member).bits(),
        denied.bot_permissions
    );
    let created: Guild =
        serde_json::from_value(guild_create_json(GUILD_ID, &g, [&denied])).unwrap();
    assert_eq!(created.channels.len(), 1);
    assert!(created
        .members
        .contains_key(&serenity::all::UserId::new(BOT_ID)));
    let info: GuildInfo = serde_json::from_value(partial_guild_json(GUILD_ID, "x")).unwrap();
    assert_eq!(info.permissions.bits(), perm::GUILD_LEVEL);
}
