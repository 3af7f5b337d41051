//! The commands as the bot registers them (`PUT …/commands`, read from what
//! the fake recorded), against Discord's documented shape
//! (discord-api-docs: developers/interactions/application-commands.mdx):
//! `contexts` and `integration_types` instead of the deprecated
//! `dm_permission`, a range on every numeric option, channel types on every
//! channel option; a command that comes from a DM all the same refused;
//! and clearing the match channel through `/config`.

use crate::support::{fake, harness};

use fake::*;
use harness::*;
use serde_json::{json, Value};

/// poise's default range of an integer option (±(2⁵³ − 1)): no real bound.
const UNBOUNDED: f64 = 9_007_199_254_740_991.0;

/// Every option of `command` and of its subcommands and groups.
fn all_options(command: &Value) -> Vec<&Value> {
    let mut out = Vec::new();
    for o in command["options"].as_array().into_iter().flatten() {
        out.push(o);
        out.extend(all_options(o));
    }
    out
}

/// Whether `key` appears anywhere in `v`.
fn has_key(v: &Value, key: &str) -> bool {
    match v {
        Value::Object(m) => m.contains_key(key) || m.values().any(|x| has_key(x, key)),
        Value::Array(a) => a.iter().any(|x| has_key(x, key)),
        _ => false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registered_commands_use_contexts_and_bound_every_number_and_channel_option() {
    let (fake, _bot) = start("registration").await;
    wait_registrations(&fake, 1).await;
    let put = fake
        .requests()
        .into_iter()
        .find(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .expect("the registration");
    let commands = put.json.as_array().expect("a list of commands");
    assert!(commands.len() >= 15, "{}", commands.len());
    assert!(
        !has_key(&put.json, "dm_permission"),
        "deprecated: {}",
        put.json
    );
    let mut numeric = 0;
    let mut channels = 0;
    for c in commands {
        let name = c["name"].as_str().unwrap();
        // GUILD (0) only, installed to servers (GUILD_INSTALL, 0).
        assert_eq!(c["contexts"], json!([0]), "/{name}");
        assert_eq!(c["integration_types"], json!([0]), "/{name}");
        for o in all_options(c) {
            let option = format!("/{name} {}", o["name"]);
            match o["type"].as_u64().unwrap() {
                // INTEGER and NUMBER.
                4 | 10 => {
                    numeric += 1;
                    let (min, max) = (&o["min_value"], &o["max_value"]);
                    assert!(min.is_number() && max.is_number(), "{option}: {o}");
                    let (min, max) = (min.as_f64().unwrap(), max.as_f64().unwrap());
                    assert!(min > -UNBOUNDED && max < UNBOUNDED, "{option}: {o}");
                    assert!(min <= max, "{option}: {o}");
                    if o["type"] == 4 {
                        assert!(
                            o["min_value"].is_i64() && o["max_value"].is_i64(),
                            "{option}"
                        );
                    }
                }
                // CHANNEL: only where a thread can start from a message
                // (GUILD_TEXT 0, GUILD_ANNOUNCEMENT 5; resources/channel.mdx
                // "Start Thread from Message").
                7 => {
                    channels += 1;
                    assert_eq!(o["channel_types"], json!([0, 5]), "{option}");
                }
                _ => {}
            }
        }
    }
    assert!(numeric >= 3, "level, abort-window, challenge-expiry");
    assert!(channels >= 1, "the match channel");
    let config = commands.iter().find(|c| c["name"] == "config").unwrap();
    let ranges: Vec<(String, Value, Value)> = all_options(config)
        .into_iter()
        .filter(|o| o["type"] == 4)
        .map(|o| {
            (
                o["name"].as_str().unwrap().to_string(),
                o["min_value"].clone(),
                o["max_value"].clone(),
            )
        })
        .collect();
    assert_eq!(
        ranges,
        [
            ("abort-window".to_string(), json!(1), json!(60)),
            ("challenge-expiry".to_string(), json!(1), json!(14)),
            // The limits: 1 to the operator's bound (the defaults here;
            // set bounds: e2e::limits::config_limits_stay_within_…).
            ("ai-matches".to_string(), json!(1), json!(10)),
            ("open-offers".to_string(), json!(1), json!(50)),
            ("analyses".to_string(), json!(1), json!(5)),
            ("replays-per-minute".to_string(), json!(1), json!(20)),
            (
                "server-replays-per-minute".to_string(),
                json!(1),
                json!(120)
            ),
        ]
    );
    let challenge = commands.iter().find(|c| c["name"] == "challenge").unwrap();
    let level = all_options(challenge)
        .into_iter()
        .find(|o| o["name"] == "level")
        .unwrap();
    assert_eq!(
        (&level["min_value"], &level["max_value"]),
        (&json!(1), &json!(5))
    );
}

/// The only answer to `interaction`: private, the interaction's response
/// itself (a refusal before the command ran, not deferred), and nothing
/// public.
async fn only_private_reply(fake: &FakeDiscord, interaction: u64) -> String {
    let text = private_reply(fake, interaction).await;
    assert_eq!(answer(fake, interaction).await["type"], 4, "not deferred");
    assert_eq!(private_texts(fake, interaction).len(), 1, "one answer");
    assert!(posted(fake, interaction).is_none(), "nothing public");
    text
}

/// A command from the bot's DM — Discord offers none there (`contexts`
/// `[0]`), but a registration of an older version may still — is refused
/// privately in the user's language (their `/settings` choice, else their
/// client's) before anything else is read: a command that names a user, a
/// subcommand, a moderator command.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_from_a_dm_is_refused_privately_in_the_users_language() {
    let (fake, _bot) = start("dm-command").await;
    // Alice reads German, whatever her client's language.
    private_reply(
        &fake,
        command(
            &fake,
            ALICE,
            "settings",
            &[("language", 3, json!("de"))],
            &[],
        ),
    )
    .await;
    const GERMAN: &str = "Dieser Befehl funktioniert nur auf einem Server.";
    let challenge = command_in_dm(
        &fake,
        ALICE,
        "challenge",
        &[
            ("opponent", 6, json!(BOB.id.to_string())),
            ("level", 4, json!(9)),
        ],
        &[BOB],
        "en-US",
    );
    assert_eq!(only_private_reply(&fake, challenge).await, GERMAN);
    let rating = command_in_dm(&fake, BOB, "rating", &[], &[], "it");
    assert_eq!(
        only_private_reply(&fake, rating).await,
        "Questo comando funziona solo in un server."
    );
    // A subcommand, from a client in English.
    let iid = fake.next_id();
    let join = subcommand_json(
        iid,
        CAROL,
        fake.dm_channel(CAROL.id),
        "tournament",
        "join",
        &[("tournament", 4, json!(1))],
        &[],
    );
    fake.dispatch("INTERACTION_CREATE", in_dm(join, CAROL));
    assert_eq!(
        only_private_reply(&fake, iid).await,
        "This command only works in a server."
    );
    let config = command_in_dm(&fake, MONA, "config", &[], &[], "de");
    assert_eq!(only_private_reply(&fake, config).await, GERMAN);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderator_clears_the_match_channel_and_matches_start_anywhere_again() {
    let (fake, _bot) = start("any-channel").await;
    let elsewhere = CHANNEL_ID + 1000;
    let saved = private_reply(
        &fake,
        config(&fake, MONA, &[("channel", 7, json!(elsewhere.to_string()))]),
    )
    .await;
    assert!(saved.contains(&format!("<#{elsewhere}>")), "{saved}");
    let refused = private_reply(&fake, challenge(&fake, ALICE, BOB)).await;
    assert!(refused.contains(&format!("<#{elsewhere}>")), "{refused}");

    // Both at once: refused, nothing changes.
    let both = private_reply(
        &fake,
        config(
            &fake,
            MONA,
            &[
                ("channel", 7, json!(CHANNEL_ID.to_string())),
                ("any-channel", 5, json!(true)),
            ],
        ),
    )
    .await;
    assert!(both.contains("not both"), "{both}");
    let shown = private_reply(&fake, config(&fake, MONA, &[])).await;
    assert!(shown.contains(&format!("<#{elsewhere}>")), "{shown}");

    // A member cannot clear it.
    let member = private_reply(
        &fake,
        config(&fake, ALICE, &[("any-channel", 5, json!(true))]),
    )
    .await;
    assert!(member.contains("Only moderators"), "{member}");

    // The moderator clears it: any channel again, and a challenge here is
    // posted.
    let cleared = private_reply(
        &fake,
        config(&fake, MONA, &[("any-channel", 5, json!(true))]),
    )
    .await;
    assert!(
        cleared.contains("saved") && cleared.contains("Match channel: any channel"),
        "{cleared}"
    );
    let iid = challenge(&fake, ALICE, BOB);
    let msg = posted_by(&fake, iid).await;
    assert_eq!(buttons(&msg).len(), 2, "accept and decline: {msg}");
}
