//! The moderation log (issue 35 §6, docs/discord.md "Moderation log"):
//! `/config modlog` chooses a channel; every moderator action that changed
//! something is posted there, in the server's language, with who, what and
//! the reason (typed text, shaped), pinging nobody; and stored.

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::{json, Value};

/// The texts of the bot's posts in `channel`, once there are `count`.
async fn log_posts(fake: &FakeDiscord, channel: u64, count: usize) -> Vec<Value> {
    fake.wait_for("the moderation log's posts", |f| {
        let posts = f.posts_in(channel);
        (posts.len() >= count).then(|| posts.into_iter().map(|r| r.json).collect())
    })
    .await
}

fn content(post: &Value) -> &str {
    post["content"].as_str().unwrap_or("")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderator_actions_are_posted_in_the_log_channel_in_the_servers_language_and_stored() {
    let (fake, bot) = start("modlog").await;
    let log = fake.add_channel(kind::GUILD_TEXT, None);
    let chosen = config(
        &fake,
        MONA,
        &[
            ("modlog", 7, json!(log.to_string())),
            ("reason", 3, json!("audit trail")),
        ],
    );
    let saved = private_reply(&fake, chosen).await;
    assert!(
        saved.contains(&format!("Moderation log: <#{log}>")),
        "{saved}"
    );
    let posts = log_posts(&fake, log, 1).await;
    assert_eq!(
        content(&posts[0]),
        format!(
            "⚙️ <@{}> changed the server settings:\n- Moderation log: <#{log}>\nReason: audit trail",
            MONA.id
        )
    );

    // A ban with a hostile reason: shown as text, pinging nobody.
    let reason = "@everyone cheats, see [proof](https://evil.example)";
    let ban = ladder(
        &fake,
        MONA,
        "ban",
        &[user_opt("user", BOB), ("reason", 3, json!(reason))],
        &[BOB],
    );
    assert!(private_reply(&fake, ban).await.contains("bob is banned"));
    let posts = log_posts(&fake, log, 2).await;
    let text = content(&posts[1]);
    assert!(
        text.starts_with(&format!(
            "🔨 <@{}> banned <@{}> from the ladder.\nReason: ",
            MONA.id, BOB.id
        )),
        "{text}"
    );
    assert!(
        !text.contains("@everyone") && !text.contains("https://"),
        "{text}"
    );
    assert_eq!(
        posts[1]["allowed_mentions"]["parse"],
        json!([]),
        "{}",
        posts[1]
    );
    // A ban that changes nothing is not logged.
    let again = ladder(&fake, MONA, "ban", &[user_opt("user", BOB)], &[BOB]);
    assert!(private_reply(&fake, again).await.contains("already banned"));

    // The server's language is German from now on: so is the log.
    let german = config(&fake, MONA, &[("language", 3, json!("de"))]);
    private_reply(&fake, german).await;
    let unban = ladder(&fake, MONA, "unban", &[user_opt("user", BOB)], &[BOB]);
    private_reply(&fake, unban).await;
    let posts = log_posts(&fake, log, 4).await;
    assert!(
        content(&posts[2]).contains("hat die Servereinstellungen geändert")
            && content(&posts[2]).contains("Sprache")
            && content(&posts[2]).ends_with("Kein Grund angegeben."),
        "{}",
        content(&posts[2])
    );
    assert_eq!(
        content(&posts[3]),
        format!(
            "<@{}> hat die Ranglistensperre von <@{}> aufgehoben.\nKein Grund angegeben.",
            MONA.id, BOB.id
        )
    );

    // Switching the log off is its last entry, in the old channel.
    let off = config(&fake, MONA, &[("modlog-off", 5, json!(true))]);
    private_reply(&fake, off).await;
    let posts = log_posts(&fake, log, 5).await;
    assert!(
        content(&posts[4]).contains("Moderationsprotokoll: keins"),
        "{}",
        content(&posts[4])
    );
    // From now on actions are stored, not posted.
    let reset = ladder(
        &fake,
        MONA,
        "reset",
        &[("reason", 3, json!("new year"))],
        &[],
    );
    private_reply(&fake, reset).await;
    let db = fourbot::store::Db::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    let stored = db.moderation_log(GUILD_ID, 10).await.unwrap();
    let actions: Vec<&str> = stored.iter().map(|r| r.action.as_str()).collect();
    assert_eq!(
        actions,
        ["season", "config", "unban", "config", "ban", "config"]
    );
    assert_eq!(stored[0].reason.as_deref(), Some("new year"));
    assert_eq!(stored[4].reason.as_deref(), Some(reason));
    assert_eq!(stored[4].user, Some(BOB.id));
    assert_eq!(
        fake.posts_in(log).len(),
        5,
        "nothing posted after modlog-off"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_without_manage_server_cannot_choose_the_log_and_nothing_is_logged() {
    let (fake, bot) = start("modlog-member").await;
    let log = fake.add_channel(kind::GUILD_TEXT, None);
    let tried = config(&fake, ALICE, &[("modlog", 7, json!(log.to_string()))]);
    let text = private_reply(&fake, tried).await;
    assert!(text.contains("moderators"), "{text}");
    let db = fourbot::store::Db::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    assert!(db.moderation_log(GUILD_ID, 10).await.unwrap().is_empty());
    assert!(db
        .guild_settings(GUILD_ID)
        .await
        .unwrap()
        .modlog_channel
        .is_none());
}

/// The multi-select of the allowed variants in `/config`'s reply `iid`.
async fn variants_menu(fake: &FakeDiscord, iid: u64) -> Value {
    fake.wait_for("the settings with the variants select", |f| {
        f.original(iid).filter(|m| {
            is_private(m) && m["components"][0]["components"][0]["custom_id"] == "cv:variants"
        })
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_allowed_variants_are_a_multi_select_that_only_moderators_can_change() {
    let (fake, _bot) = start("variants-select").await;
    let shown = config(&fake, MONA, &[]);
    let menu = variants_menu(&fake, shown).await;
    let select = &menu["components"][0]["components"][0];
    let options = select["options"].as_array().unwrap();
    assert_eq!(options.len(), 11, "every variant");
    assert!(
        options.iter().all(|o| o["default"] == json!(true)),
        "all allowed: {select}"
    );
    assert_eq!(select["min_values"], json!(1));
    assert_eq!(select["max_values"], json!(11));

    let chosen = choose(&fake, MONA, &menu, "cv:variants", &["classic", "popout"]);
    let updated = update_by(&fake, chosen).await;
    let text = updated["content"].as_str().unwrap();
    assert!(
        text.contains("saved") && text.contains("Allowed variants: Classic, PopOut"),
        "{text}"
    );
    let now = &updated["components"][0]["components"][0]["options"];
    let defaults: Vec<&str> = now
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["default"] == json!(true))
        .map(|o| o["value"].as_str().unwrap())
        .collect();
    assert_eq!(defaults, ["classic", "popout"]);
    let five = challenge_with(
        &fake,
        ALICE,
        &[user_opt("opponent", BOB), ("variant", 3, json!("five"))],
        &[BOB],
    );
    assert!(private_reply(&fake, five).await.contains("not allowed"));

    // Someone without Manage Server on a moderator's menu (a forged
    // press) changes nothing.
    let forged = choose(&fake, ALICE, &menu, "cv:variants", &["five"]);
    let refused = private_reply(&fake, forged).await;
    assert!(refused.contains("Only moderators"), "{refused}");

    // A German moderator reads the menu in German; every variant chosen is
    // "all" again.
    let german = ask(&fake, MONA, "settings", &[("language", 3, json!("de"))]);
    private_reply(&fake, german).await;
    let shown = config(&fake, MONA, &[]);
    let menu = variants_menu(&fake, shown).await;
    assert_eq!(
        menu["components"][0]["components"][0]["placeholder"],
        json!("Erlaubte Varianten (eine oder mehrere wählen)")
    );
    let all: Vec<String> = menu["components"][0]["components"][0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_str().unwrap().to_string())
        .collect();
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    let chosen = choose(&fake, MONA, &menu, "cv:variants", &all);
    let updated = update_by(&fake, chosen).await;
    assert!(
        updated["content"]
            .as_str()
            .unwrap()
            .contains("Erlaubte Varianten: alle"),
        "{}",
        updated["content"]
    );
}

/// `/config web:on` (issue 36, docs/web.md): a moderator turns the web
/// on; it is stored, shown in `/config`, and logged like any settings
/// change; `web:off` turns it off again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderator_turns_the_web_on_and_off_and_it_is_stored_shown_and_logged() {
    let (fake, bot) = start("config-web").await;
    let log = fake.add_channel(kind::GUILD_TEXT, None);
    let chosen = config(&fake, MONA, &[("modlog", 7, json!(log.to_string()))]);
    private_reply(&fake, chosen).await;
    let shown = config(&fake, MONA, &[]);
    let text = private_reply(&fake, shown).await;
    assert!(text.contains("Web pages: off."), "off by default: {text}");
    let on = config(&fake, MONA, &[("web", 3, json!("on"))]);
    let text = private_reply(&fake, on).await;
    assert!(text.contains("Web pages: on"), "{text}");
    let posts = log_posts(&fake, log, 2).await;
    assert!(
        content(&posts[1]).contains("- Web pages: on"),
        "{}",
        content(&posts[1])
    );
    let db = fourbot::store::Db::connect(&database_url(&bot.dir))
        .await
        .unwrap();
    assert!(db.guild_settings(GUILD_ID).await.unwrap().web);
    let off = config(&fake, MONA, &[("web", 3, json!("off"))]);
    private_reply(&fake, off).await;
    assert!(!db.guild_settings(GUILD_ID).await.unwrap().web);
    // A member without Manage Server cannot.
    let tried = config(&fake, ALICE, &[("web", 3, json!("on"))]);
    assert!(private_reply(&fake, tried).await.contains("moderators"));
    assert!(!db.guild_settings(GUILD_ID).await.unwrap().web);
}
