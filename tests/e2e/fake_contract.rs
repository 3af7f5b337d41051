//! The fake Discord's own contract: each rule it models, checked with
//! requests as a client sends them — serenity's own `Http` (built as the
//! bot builds it with `DISCORD_API_BASE`: `HttpBuilder::proxy`, limiter
//! off) where its builders let the payload through, and raw HTTP/1.1 with
//! hand-written JSON where they would refuse it first. One test per rule;
//! each fails if the rule is taken out of the fake. The rules and their
//! pages of discord-api-docs are documented on the fake's modules
//! (`support/fake/`).

use crate::support::fake::*;

use std::collections::HashMap;
use std::time::Duration;

use serde_json::{json, Value};
use serenity::all::{ChannelId, CreateAttachment, HttpBuilder, InteractionId};
use serenity::http::{Http, HttpError};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

// ------------------------------------------------------------- clients

/// serenity's `Http` against the fake, as the bot builds it.
fn http(fake: &FakeDiscord) -> Http {
    let h = HttpBuilder::new("Bot fake-token")
        .proxy(fake.base())
        .ratelimiter_disabled(true)
        .build();
    h.set_application_id(BOT_ID.into());
    h
}

/// An answer of the fake: status (0: the connection closed without one),
/// lower-case headers and the JSON body (`Null` for none).
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: HashMap<String, String>,
    json: Value,
}

impl Answer {
    fn code(&self) -> u64 {
        self.json["code"].as_u64().unwrap_or(0)
    }
    /// The first error code at a nested `errors` path ("components.0.label").
    fn error_at(&self, path: &str) -> Option<String> {
        let mut node = &self.json["errors"];
        for key in path.split('.').filter(|k| !k.is_empty()) {
            node = node.get(key)?;
        }
        node["_errors"][0]["code"].as_str().map(str::to_string)
    }
}

/// One request on its own connection: `body` as JSON, or with `files`
/// (name, size in bytes) as multipart with `payload_json`.
async fn raw(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    body: Option<Value>,
    files: &[(&str, usize)],
) -> Answer {
    let path = format!("/api/v10{path}");
    let (content_type, bytes) = if files.is_empty() {
        (
            "application/json".to_string(),
            body.map(|b| b.to_string().into_bytes()).unwrap_or_default(),
        )
    } else {
        let boundary = "fakeboundary0123";
        let mut b = Vec::new();
        b.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n{}\r\n",
                body.unwrap_or(json!({}))
            )
            .as_bytes(),
        );
        for (i, (name, size)) in files.iter().enumerate() {
            b.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"files[{i}]\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                )
                .as_bytes(),
            );
            b.extend(std::iter::repeat_n(b'x', *size));
            b.extend_from_slice(b"\r\n");
        }
        b.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        (format!("multipart/form-data; boundary={boundary}"), b)
    };
    let mut stream = TcpStream::connect(("127.0.0.1", fake.port)).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bot fake-token\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        bytes.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&bytes).await.unwrap();
    // The fake keeps connections alive: read the head, then
    // `Content-Length` bytes (or up to a close: a dropped answer).
    let mut reply = Vec::new();
    let mut chunk = [0u8; 8192];
    let (head, body) = loop {
        let text = String::from_utf8_lossy(&reply).to_string();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let len: usize = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length:")
                        .map(|v| v.trim().parse().unwrap_or(0))
                })
                .unwrap_or(0);
            if body.len() >= len {
                break (head.to_string(), body.to_string());
            }
        }
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => {
                return Answer {
                    status: 0,
                    headers: HashMap::new(),
                    json: Value::Null,
                }
            }
            Ok(n) => reply.extend_from_slice(&chunk[..n]),
        }
    };
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer {
        status,
        headers,
        json: serde_json::from_str(&body).unwrap_or(Value::Null),
    }
}

/// Posts `body` to `channel` (raw).
async fn post(fake: &FakeDiscord, channel: u64, body: Value) -> Answer {
    raw(
        fake,
        "POST",
        &format!("/channels/{channel}/messages"),
        Some(body),
        &[],
    )
    .await
}

/// A fresh fake whose rate limits are off (the tests of other rules must
/// not meet them; the rate-limit tests turn them on).
async fn fake() -> FakeDiscord {
    let f = FakeDiscord::start(Mode::Normal).await;
    f.set_rate_limits(RateLimits::off());
    // These test the fake's own limits (what the description leaves out,
    // and the documented answers); `openapi_check_*` tests the check.
    f.check_openapi(false);
    f
}

/// A fresh fake with the default rate limits on (whatever
/// `FOURBOT_FAKE_RATE_LIMITS` says).
async fn limited_fake() -> FakeDiscord {
    let f = FakeDiscord::start(Mode::Normal).await;
    f.set_rate_limits(RateLimits::default());
    f
}

/// A message of the bot in `channel`, created through the fake; its id.
async fn bot_message(fake: &FakeDiscord, channel: u64, body: Value) -> u64 {
    let a = post(fake, channel, body).await;
    assert_eq!(a.status, 200, "{:?}", a.json);
    a.json["id"].as_str().unwrap().parse().unwrap()
}

fn row(buttons: Vec<Value>) -> Value {
    json!({"type": 1, "components": buttons})
}

fn button(custom_id: &str, label: &str) -> Value {
    json!({"type": 2, "style": 1, "custom_id": custom_id, "label": label})
}

/// The code and path of serenity's parsed error (`DiscordJsonError`),
/// proving the fake's nested `errors` parse as serenity expects.
fn serenity_error(e: serenity::Error) -> (u16, isize, Vec<String>) {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => (
            r.status_code.as_u16(),
            r.error.code,
            r.error
                .errors
                .iter()
                .map(|e| format!("{}:{}", e.path, e.code))
                .collect(),
        ),
        other => panic!("not a Discord error: {other:?}"),
    }
}

/// A slash command pushed (remembered) from `channel`, returning its id.
fn push_command(fake: &FakeDiscord, channel: u64) -> u64 {
    let id = fake.next_id();
    fake.as_dispatched(
        "INTERACTION_CREATE",
        slash_command_json(id, ALICE, channel, "help", &[], &[]),
    )
    .expect("an interaction");
    id
}

/// A press of `custom_id` on message `message` (as the fake keeps it).
fn push_press(fake: &FakeDiscord, message: u64, custom_id: &str) -> u64 {
    let id = fake.next_id();
    let m = fake.message(message).expect("a known message");
    fake.as_dispatched(
        "INTERACTION_CREATE",
        button_press_json(id, BOB, &m, custom_id, "en-US"),
    )
    .expect("an interaction");
    id
}

async fn callback(fake: &FakeDiscord, id: u64, body: Value) -> Answer {
    raw(
        fake,
        "POST",
        &format!("/interactions/{id}/token-{id}/callback"),
        Some(body),
        &[],
    )
    .await
}

// ------------------------------------------------- payload validation

#[tokio::test]
async fn content_over_2000_characters_is_an_invalid_form_body() {
    let fake = fake().await;
    let h = http(&fake);
    // serenity's raw `send_message` takes any JSON (its builder would
    // refuse this before sending).
    let long = "é".repeat(2001);
    let e = h
        .send_message(
            ChannelId::new(CHANNEL_ID),
            vec![],
            &json!({"content": long}),
        )
        .await
        .unwrap_err();
    let (status, code, errors) = serenity_error(e);
    assert_eq!((status, code), (400, 50035));
    assert_eq!(errors, vec!["content:BASE_TYPE_MAX_LENGTH".to_string()]);
    // 2000 characters (not bytes) pass.
    let ok = post(&fake, CHANNEL_ID, json!({"content": "é".repeat(2000)})).await;
    assert_eq!(ok.status, 200);
}

/// An attachment's description (alt text) is at most 1,024 characters
/// (`developers/resources/message.mdx`, "Attachment Object"), and the
/// created message keeps it.
#[tokio::test]
async fn an_attachment_description_is_at_most_1024_characters_and_kept() {
    let fake = fake().await;
    let h = http(&fake);
    let send = |description: String| {
        let h = &h;
        async move {
            h.send_message(
                ChannelId::new(CHANNEL_ID),
                vec![CreateAttachment::bytes(b"png".to_vec(), "board.png")],
                &json!({"content": "x", "attachments": [
                    {"id": 0, "filename": "board.png", "description": description}
                ]}),
            )
            .await
        }
    };
    let e = send("é".repeat(1025)).await.unwrap_err();
    let (status, code, errors) = serenity_error(e);
    assert_eq!((status, code), (400, 50035));
    assert_eq!(
        errors,
        vec!["attachments.0.description:BASE_TYPE_MAX_LENGTH".to_string()]
    );
    let m = send("é".repeat(1024)).await.unwrap();
    assert_eq!(
        m.attachments[0].description.as_deref(),
        Some(&*"é".repeat(1024))
    );
}

#[tokio::test]
async fn six_action_rows_are_refused() {
    let fake = fake().await;
    let rows: Vec<Value> = (0..6)
        .map(|i| row(vec![button(&format!("b{i}"), "x")]))
        .collect();
    let a = post(
        &fake,
        CHANNEL_ID,
        json!({"content": "x", "components": rows}),
    )
    .await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(a.json["message"], "Invalid Form Body");
    assert_eq!(
        a.error_at("components").as_deref(),
        Some("BASE_TYPE_MAX_LENGTH")
    );
    let five: Vec<Value> = (0..5)
        .map(|i| row(vec![button(&format!("b{i}"), "x")]))
        .collect();
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"components": five}))
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn six_buttons_in_a_row_are_refused_at_the_rows_path() {
    let fake = fake().await;
    let h = http(&fake);
    let six: Vec<Value> = (0..6).map(|i| button(&format!("b{i}"), "x")).collect();
    let e = h
        .send_message(
            ChannelId::new(CHANNEL_ID),
            vec![],
            &json!({"components": [row(vec![button("a", "a")]), row(six)]}),
        )
        .await
        .unwrap_err();
    let (status, code, errors) = serenity_error(e);
    assert_eq!((status, code), (400, 50035));
    assert_eq!(
        errors,
        vec!["components.1.components:BASE_TYPE_BAD_LENGTH".to_string()]
    );
}

#[tokio::test]
async fn custom_ids_are_1_to_100_characters() {
    let fake = fake().await;
    let long = "c".repeat(101);
    let a = post(
        &fake,
        CHANNEL_ID,
        json!({"components": [row(vec![button(&long, "x"), button("", "y")])]}),
    )
    .await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(
        a.error_at("components.0.components.0.custom_id").as_deref(),
        Some("BASE_TYPE_BAD_LENGTH")
    );
    assert_eq!(
        a.error_at("components.0.components.1.custom_id").as_deref(),
        Some("BASE_TYPE_BAD_LENGTH")
    );
    let ok = post(
        &fake,
        CHANNEL_ID,
        json!({"components": [row(vec![button(&"c".repeat(100), "x")])]}),
    )
    .await;
    assert_eq!(ok.status, 200);
}

#[tokio::test]
async fn custom_ids_are_unique_within_a_message() {
    let fake = fake().await;
    let a = post(
        &fake,
        CHANNEL_ID,
        json!({"components": [row(vec![button("same", "a")]), row(vec![button("same", "b")])]}),
    )
    .await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(
        a.error_at("components.1.components.0.custom_id").as_deref(),
        Some("COMPONENT_CUSTOM_ID_DUPLICATED")
    );
}

#[tokio::test]
async fn labels_are_at_most_80_characters() {
    let fake = fake().await;
    let a = post(
        &fake,
        CHANNEL_ID,
        json!({"components": [row(vec![button("a", &"l".repeat(81))])]}),
    )
    .await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(
        a.error_at("components.0.components.0.label").as_deref(),
        Some("BASE_TYPE_MAX_LENGTH")
    );
    let ok = post(
        &fake,
        CHANNEL_ID,
        json!({"components": [row(vec![button("a", &"l".repeat(80))])]}),
    )
    .await;
    assert_eq!(ok.status, 200);
}

#[tokio::test]
async fn an_empty_message_is_50006() {
    let fake = fake().await;
    let a = post(
        &fake,
        CHANNEL_ID,
        json!({"content": "", "embeds": [], "components": []}),
    )
    .await;
    assert_eq!((a.status, a.code()), (400, 50006));
    assert_eq!(a.json["message"], "Cannot send an empty message");
    // A file alone is a message.
    let f = raw(
        &fake,
        "POST",
        &format!("/channels/{CHANNEL_ID}/messages"),
        Some(json!({})),
        &[("a.txt", 3)],
    )
    .await;
    assert_eq!(f.status, 200, "{:?}", f.json);
}

#[tokio::test]
async fn a_file_over_the_guilds_upload_limit_is_413() {
    let fake = fake().await;
    fake.set_upload_limit(GUILD_ID, 1000);
    let path = format!("/channels/{CHANNEL_ID}/messages");
    let big = raw(
        &fake,
        "POST",
        &path,
        Some(json!({"content": "x"})),
        &[("a.png", 1001)],
    )
    .await;
    assert_eq!((big.status, big.code()), (413, 40005));
    let fits = raw(
        &fake,
        "POST",
        &path,
        Some(json!({"content": "x"})),
        &[("a.png", 1000)],
    )
    .await;
    assert_eq!(fits.status, 200, "{:?}", fits.json);
    assert_eq!(fits.json["attachments"][0]["size"], 1000);
}

#[tokio::test]
async fn an_interaction_file_is_limited_by_its_attachment_size_limit() {
    let fake = fake().await;
    let id = fake.next_id();
    let mut cmd = slash_command_json(id, ALICE, CHANNEL_ID, "export", &[], &[]);
    cmd["attachment_size_limit"] = json!(500);
    fake.as_dispatched("INTERACTION_CREATE", cmd).unwrap();
    let path = format!("/interactions/{id}/token-{id}/callback");
    let body = json!({"type": 4, "data": {"content": "x"}});
    let big = raw(&fake, "POST", &path, Some(body.clone()), &[("a.txt", 501)]).await;
    assert_eq!((big.status, big.code()), (413, 40005));
    let fits = raw(&fake, "POST", &path, Some(body), &[("a.txt", 500)]).await;
    assert_eq!(fits.status, 204, "{:?}", fits.json);
    // A follow-up is held to the same limit.
    let f = raw(
        &fake,
        "POST",
        &format!("/webhooks/{BOT_ID}/token-{id}"),
        Some(json!({"content": "y"})),
        &[("b.txt", 501)],
    )
    .await;
    assert_eq!((f.status, f.code()), (413, 40005));
}

#[tokio::test]
async fn a_thread_name_is_1_to_100_characters() {
    let fake = fake().await;
    let m = bot_message(&fake, CHANNEL_ID, json!({"content": "challenge"})).await;
    let path = format!("/channels/{CHANNEL_ID}/messages/{m}/threads");
    let long = raw(
        &fake,
        "POST",
        &path,
        Some(json!({"name": "n".repeat(101)})),
        &[],
    )
    .await;
    assert_eq!((long.status, long.code()), (400, 50035));
    assert_eq!(
        long.error_at("name").as_deref(),
        Some("BASE_TYPE_BAD_LENGTH")
    );
    let empty = raw(&fake, "POST", &path, Some(json!({"name": ""})), &[]).await;
    assert_eq!(
        empty.error_at("name").as_deref(),
        Some("BASE_TYPE_BAD_LENGTH")
    );
    let ok = raw(
        &fake,
        "POST",
        &path,
        Some(json!({"name": "n".repeat(100)})),
        &[],
    )
    .await;
    assert_eq!(ok.status, 200, "{:?}", ok.json);
}

fn command(name: &str, description: &str) -> Value {
    json!({"name": name, "description": description, "type": 1})
}

async fn register(fake: &FakeDiscord, commands: Value) -> Answer {
    raw(
        fake,
        "PUT",
        &format!("/applications/{BOT_ID}/commands"),
        Some(commands),
        &[],
    )
    .await
}

#[tokio::test]
async fn command_names_follow_discords_pattern_in_every_locale() {
    let fake = fake().await;
    let mut bad_locale = command("ok", "fine");
    bad_locale["name_localizations"] = json!({"de": "Großbuchstabe"});
    let a = register(
        &fake,
        json!([
            command("Upper", "d"),
            command("with space", "d"),
            bad_locale
        ]),
    )
    .await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(
        a.error_at("0.name").as_deref(),
        Some("APPLICATION_COMMAND_INVALID_NAME")
    );
    assert_eq!(
        a.error_at("1.name").as_deref(),
        Some("APPLICATION_COMMAND_INVALID_NAME")
    );
    assert_eq!(
        a.error_at("2.name_localizations.de").as_deref(),
        Some("APPLICATION_COMMAND_INVALID_NAME")
    );
    let mut good = command("zug", "ein zug");
    good["name_localizations"] = json!({"el": "κίνηση", "bg": "ход"});
    assert_eq!(register(&fake, json!([good])).await.status, 200);
}

/// Every request body is checked against Discord's OpenAPI description
/// (issue 35 §10, `fake::openapi`): one it refuses is answered 400 / 50035
/// and kept; one it takes goes on to the fake's own rules.
#[tokio::test]
async fn openapi_check_refuses_what_discords_description_refuses() {
    let f = FakeDiscord::start(Mode::Normal).await;
    f.set_rate_limits(RateLimits::off());
    let bad = raw(
        &f,
        "POST",
        &format!("/channels/{CHANNEL_ID}/messages"),
        Some(json!({"content": 5, "tts": "no"})),
        &[],
    )
    .await;
    assert_eq!((bad.status, bad.code()), (400, 50035));
    let kept = f.openapi_violations();
    assert!(kept.iter().any(|v| v.contains("`/content`")), "{kept:?}");
    assert!(kept.iter().any(|v| v.contains("`/tts`")), "{kept:?}");
    let good = raw(
        &f,
        "POST",
        &format!("/channels/{CHANNEL_ID}/messages"),
        Some(json!({"content": "hi", "allowed_mentions": {"parse": []}})),
        &[],
    )
    .await;
    assert_eq!(good.status, 200, "{:?}", good.json);
    // Switched off, the same bad body meets the fake's own rules only.
    f.check_openapi(false);
    let own = raw(
        &f,
        "POST",
        &format!("/channels/{CHANNEL_ID}/messages"),
        Some(json!({"content": 5})),
        &[],
    )
    .await;
    assert_ne!(own.json, bad.json);
}

/// A user command (a member's Apps menu, type 2) may have capitals and
/// spaces, but 1–32 characters in every locale, no description and no
/// options (developers/interactions/application-commands, "User
/// Commands" and "Application Command Naming").
#[tokio::test]
async fn user_command_names_may_have_capitals_and_spaces_but_not_more_than_32_characters() {
    let fake = fake().await;
    let user = |name: &str| json!({"name": name, "type": 2});
    let mut localized = user("Challenge");
    localized["name_localizations"] = json!({"de": "Herausfordern", "el": "x".repeat(33)});
    let mut described = user("Described");
    described["description"] = json!("no");
    let a = register(
        &fake,
        json!([user(&"C".repeat(33)), localized, described, user("")]),
    )
    .await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(
        a.error_at("0.name").as_deref(),
        Some("BASE_TYPE_BAD_LENGTH")
    );
    assert_eq!(
        a.error_at("1.name_localizations.el").as_deref(),
        Some("BASE_TYPE_BAD_LENGTH")
    );
    assert!(a.error_at("1.name_localizations.de").is_none());
    assert!(a.error_at("2.description").is_some());
    assert_eq!(
        a.error_at("3.name").as_deref(),
        Some("BASE_TYPE_BAD_LENGTH")
    );
    let mut good = user("Challenge Someone");
    good["name_localizations"] = json!({"de": "Herausfordern"});
    assert_eq!(register(&fake, json!([good])).await.status, 200);
}

#[tokio::test]
async fn command_descriptions_are_1_to_100_characters() {
    let fake = fake().await;
    let a = register(
        &fake,
        json!([command("a", &"d".repeat(101)), command("b", "")]),
    )
    .await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(
        a.error_at("0.description").as_deref(),
        Some("BASE_TYPE_BAD_LENGTH")
    );
    assert_eq!(
        a.error_at("1.description").as_deref(),
        Some("BASE_TYPE_BAD_LENGTH")
    );
}

#[tokio::test]
async fn a_command_has_at_most_25_options_and_an_option_25_choices() {
    let fake = fake().await;
    let mut many = command("many", "d");
    many["options"] = json!((0..26)
        .map(|i| json!({"type": 3, "name": format!("o{i}"), "description": "d"}))
        .collect::<Vec<_>>());
    let mut choices = command("choices", "d");
    choices["options"] = json!([{"type": 3, "name": "c", "description": "d",
        "choices": (0..26).map(|i| json!({"name": format!("n{i}"), "value": format!("v{i}")})).collect::<Vec<_>>()}]);
    let a = register(&fake, json!([many, choices])).await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(
        a.error_at("0.options").as_deref(),
        Some("BASE_TYPE_MAX_LENGTH")
    );
    assert_eq!(
        a.error_at("1.options.0.choices").as_deref(),
        Some("BASE_TYPE_MAX_LENGTH")
    );
}

#[tokio::test]
async fn choice_names_and_values_are_at_most_100_characters() {
    let fake = fake().await;
    let mut c = command("choices", "d");
    c["options"] = json!([{"type": 3, "name": "c", "description": "d",
        "choices": [{"name": "n".repeat(101), "value": "v"}, {"name": "n", "value": "v".repeat(101)}]}]);
    let a = register(&fake, json!([c])).await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(
        a.error_at("0.options.0.choices.0.name").as_deref(),
        Some("BASE_TYPE_BAD_LENGTH")
    );
    assert!(
        a.error_at("0.options.0.choices.1.value").is_some(),
        "{}",
        a.json
    );
}

#[tokio::test]
async fn a_command_is_at_most_8000_characters_in_all() {
    let fake = fake().await;
    // 25 options of 32 + 100 characters, each with 25 choices of 100-character
    // names: far over 8000, though every single field is within its limit.
    let mut big = command("big", &"d".repeat(100));
    big["options"] = json!((0..25)
        .map(|i| json!({"type": 3, "name": format!("{i:0>32}"), "description": "d".repeat(100),
            "choices": (0..4).map(|j| json!({"name": format!("{j}{}", "n".repeat(99)), "value": format!("{j}")})).collect::<Vec<_>>()}))
        .collect::<Vec<_>>());
    let a = register(&fake, json!([big])).await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(
        a.error_at("0").as_deref(),
        Some("APPLICATION_COMMAND_TOO_LARGE")
    );
}

#[tokio::test]
async fn deprecated_command_fields_are_recorded_not_refused() {
    let fake = fake().await;
    let mut c = command("old", "d");
    c["dm_permission"] = json!(false);
    let a = register(&fake, json!([command("new", "d"), c])).await;
    assert_eq!(a.status, 200);
    let seen = fake.deprecated_fields();
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert!(seen[0].ends_with("1.dm_permission"), "{seen:?}");
}

// ------------------------------------------------------- interactions

#[tokio::test]
async fn the_first_callback_after_3_seconds_is_unknown_interaction() {
    let fake = fake().await;
    let id = push_command(&fake, CHANNEL_ID);
    fake.age_interaction(id, Duration::from_millis(3100));
    let a = callback(&fake, id, json!({"type": 5})).await;
    assert_eq!((a.status, a.code()), (404, 10062));
    // The token is invalidated with it.
    let f = raw(
        &fake,
        "POST",
        &format!("/webhooks/{BOT_ID}/token-{id}"),
        Some(json!({"content": "x"})),
        &[],
    )
    .await;
    assert_eq!((f.status, f.code()), (401, 50027));
    // Within 3 s it works.
    let fresh = push_command(&fake, CHANNEL_ID);
    fake.age_interaction(fresh, Duration::from_millis(2500));
    assert_eq!(callback(&fake, fresh, json!({"type": 5})).await.status, 204);
}

#[tokio::test]
async fn the_ack_window_is_configurable() {
    let fake = fake().await;
    fake.set_ack_window(Duration::from_millis(50));
    let id = push_command(&fake, CHANNEL_ID);
    tokio::time::sleep(Duration::from_millis(80)).await;
    assert_eq!(callback(&fake, id, json!({"type": 5})).await.code(), 10062);
}

#[tokio::test]
async fn the_token_lifetime_is_configurable() {
    let fake = fake().await;
    fake.set_token_lifetime(Duration::from_millis(100));
    let id = push_command(&fake, CHANNEL_ID);
    assert_eq!(callback(&fake, id, json!({"type": 5})).await.status, 204);
    tokio::time::sleep(Duration::from_millis(150)).await;
    let a = raw(
        &fake,
        "GET",
        &format!("/webhooks/{BOT_ID}/token-{id}/messages/@original"),
        None,
        &[],
    )
    .await;
    assert_eq!(a.code(), 50027);
}

#[tokio::test]
async fn a_second_callback_is_already_acknowledged() {
    let fake = fake().await;
    let h = http(&fake);
    let id = push_command(&fake, CHANNEL_ID);
    let token = format!("token-{id}");
    h.create_interaction_response(InteractionId::new(id), &token, &json!({"type": 5}), vec![])
        .await
        .unwrap();
    let e = h
        .create_interaction_response(
            InteractionId::new(id),
            &token,
            &json!({"type": 4, "data": {"content": "x"}}),
            vec![],
        )
        .await
        .unwrap_err();
    let (status, code, _) = serenity_error(e);
    assert_eq!((status, code), (400, 40060));
    assert_eq!(fake.interaction(id).unwrap().acked, Some(5));
}

#[tokio::test]
async fn callback_types_must_fit_the_interaction() {
    let fake = fake().await;
    // 6 and 7 only answer components.
    let cmd = push_command(&fake, CHANNEL_ID);
    for t in [6, 7, 8] {
        let a = callback(&fake, cmd, json!({"type": t, "data": {"content": "x"}})).await;
        assert_eq!((a.status, a.code()), (400, 50035), "type {t}");
        assert_eq!(a.error_at("type").as_deref(), Some("BASE_TYPE_CHOICES"));
    }
    // 8 only answers autocomplete.
    let m = bot_message(
        &fake,
        CHANNEL_ID,
        json!({"components": [row(vec![button("p", "p")])]}),
    )
    .await;
    let press = push_press(&fake, m, "p");
    let a = callback(&fake, press, json!({"type": 8, "data": {"choices": []}})).await;
    assert_eq!(a.error_at("type").as_deref(), Some("BASE_TYPE_CHOICES"));
    let auto = fake.next_id();
    fake.as_dispatched(
        "INTERACTION_CREATE",
        autocomplete_time_json(auto, ALICE, BOB, "1"),
    )
    .unwrap();
    let a = callback(&fake, auto, json!({"type": 4, "data": {"content": "x"}})).await;
    assert_eq!(a.error_at("type").as_deref(), Some("BASE_TYPE_CHOICES"));
    assert_eq!(
        callback(&fake, auto, json!({"type": 8, "data": {"choices": []}}))
            .await
            .status,
        204
    );
    // A refused type does not acknowledge: the right one still works.
    assert_eq!(callback(&fake, press, json!({"type": 6})).await.status, 204);
}

#[tokio::test]
async fn a_callback_message_is_validated_like_any_message() {
    let fake = fake().await;
    let id = push_command(&fake, CHANNEL_ID);
    let a = callback(
        &fake,
        id,
        json!({"type": 4, "data": {"content": "x".repeat(2001)}}),
    )
    .await;
    assert_eq!((a.status, a.code()), (400, 50035));
    assert_eq!(
        a.error_at("data.content").as_deref(),
        Some("BASE_TYPE_MAX_LENGTH")
    );
    let e = callback(&fake, id, json!({"type": 4, "data": {"content": ""}})).await;
    assert_eq!(e.code(), 50006);
}

#[tokio::test]
async fn the_token_works_for_15_minutes_then_50027() {
    let fake = fake().await;
    let h = http(&fake);
    let id = push_command(&fake, CHANNEL_ID);
    let token = format!("token-{id}");
    assert_eq!(callback(&fake, id, json!({"type": 5})).await.status, 204);
    fake.age_interaction(id, Duration::from_secs(14 * 60));
    h.edit_original_interaction_response(&token, &json!({"content": "done"}), vec![])
        .await
        .unwrap();
    let f = h
        .create_followup_message(&token, &json!({"content": "more"}), vec![])
        .await
        .unwrap();
    fake.age_interaction(id, Duration::from_secs(61));
    for (method, path) in [
        (
            "GET",
            format!("/webhooks/{BOT_ID}/{token}/messages/@original"),
        ),
        (
            "PATCH",
            format!("/webhooks/{BOT_ID}/{token}/messages/@original"),
        ),
        (
            "DELETE",
            format!("/webhooks/{BOT_ID}/{token}/messages/@original"),
        ),
        ("POST", format!("/webhooks/{BOT_ID}/{token}")),
        (
            "GET",
            format!("/webhooks/{BOT_ID}/{token}/messages/{}", f.id),
        ),
        (
            "PATCH",
            format!("/webhooks/{BOT_ID}/{token}/messages/{}", f.id),
        ),
        (
            "DELETE",
            format!("/webhooks/{BOT_ID}/{token}/messages/{}", f.id),
        ),
    ] {
        let a = raw(&fake, method, &path, Some(json!({"content": "late"})), &[]).await;
        assert_eq!((a.status, a.code()), (401, 50027), "{method} {path}");
    }
    let e = h
        .create_followup_message(&token, &json!({"content": "late"}), vec![])
        .await
        .unwrap_err();
    assert_eq!(serenity_error(e).1, 50027);
}

#[tokio::test]
async fn a_followup_from_a_thread_lands_in_the_thread_with_its_buttons() {
    let fake = fake().await;
    let m = bot_message(&fake, CHANNEL_ID, json!({"content": "c"})).await;
    let t = raw(
        &fake,
        "POST",
        &format!("/channels/{CHANNEL_ID}/messages/{m}/threads"),
        Some(json!({"name": "match"})),
        &[],
    )
    .await;
    assert_eq!(t.status, 200);
    let thread = m;
    let turn = bot_message(
        &fake,
        thread,
        json!({"components": [row(vec![button("drop", "1")])]}),
    )
    .await;
    let press = push_press(&fake, turn, "drop");
    assert_eq!(callback(&fake, press, json!({"type": 6})).await.status, 204);
    let f = raw(
        &fake,
        "POST",
        &format!("/webhooks/{BOT_ID}/token-{press}"),
        Some(json!({"content": "next", "components": [row(vec![button("again", "2")])]})),
        &[("board.png", 10)],
    )
    .await;
    assert_eq!(f.status, 200, "{:?}", f.json);
    assert_eq!(f.json["channel_id"], thread.to_string());
    assert_eq!(f.json["webhook_id"], BOT_ID.to_string());
    assert_eq!(f.json["application_id"], BOT_ID.to_string());
    let id: u64 = f.json["id"].as_str().unwrap().parse().unwrap();
    let kept = fake.message(id).unwrap();
    assert_eq!(kept["components"][0]["components"][0]["custom_id"], "again");
    assert_eq!(kept["attachments"][0]["filename"], "board.png");
    // Its button can be pressed.
    let again = push_press(&fake, id, "again");
    assert_eq!(callback(&fake, again, json!({"type": 6})).await.status, 204);
}

#[tokio::test]
async fn after_an_update_the_original_is_the_pressed_message() {
    let fake = fake().await;
    let turn = bot_message(
        &fake,
        CHANNEL_ID,
        json!({"components": [row(vec![button("p", "p")])]}),
    )
    .await;
    let press = push_press(&fake, turn, "p");
    let a = callback(
        &fake,
        press,
        json!({"type": 7, "data": {"content": "updated"}}),
    )
    .await;
    assert_eq!(a.status, 204);
    assert_eq!(fake.message(turn).unwrap()["content"], "updated");
    let o = raw(
        &fake,
        "GET",
        &format!("/webhooks/{BOT_ID}/token-{press}/messages/@original"),
        None,
        &[],
    )
    .await;
    assert_eq!(o.status, 200);
    assert_eq!(o.json["id"], turn.to_string());
    let deferred = push_press(&fake, turn, "p");
    assert_eq!(
        callback(&fake, deferred, json!({"type": 6})).await.status,
        204
    );
    let e = raw(
        &fake,
        "PATCH",
        &format!("/webhooks/{BOT_ID}/token-{deferred}/messages/@original"),
        Some(json!({"content": "edited"})),
        &[],
    )
    .await;
    assert_eq!(e.json["id"], turn.to_string());
    assert_eq!(fake.message(turn).unwrap()["content"], "edited");
}

#[tokio::test]
async fn drop_after_doing_carries_out_and_answers_nothing() {
    let fake = fake().await;
    // A channel route.
    fake.inject("POST", "/messages", Fault::DropAfterDoing, 1);
    let a = post(&fake, CHANNEL_ID, json!({"content": "lost answer"})).await;
    assert_eq!(a.status, 0, "no answer");
    assert_eq!(
        fake.messages_in(CHANNEL_ID).len(),
        1,
        "but the message exists"
    );
    // A callback.
    let id = push_command(&fake, CHANNEL_ID);
    fake.inject("POST", "/callback", Fault::DropAfterDoing, 1);
    assert_eq!(callback(&fake, id, json!({"type": 5})).await.status, 0);
    assert_eq!(fake.interaction(id).unwrap().acked, Some(5));
    assert_eq!(callback(&fake, id, json!({"type": 5})).await.code(), 40060);
    // A webhook.
    fake.inject("POST", "/webhooks/", Fault::DropAfterDoing, 1);
    let f = raw(
        &fake,
        "POST",
        &format!("/webhooks/{BOT_ID}/token-{id}"),
        Some(json!({"content": "f"})),
        &[],
    )
    .await;
    assert_eq!(f.status, 0);
    assert!(
        fake.original(id).is_some(),
        "the deferred response was filled in"
    );
    // `Drop` carries nothing out.
    fake.inject("POST", "/messages", Fault::Drop, 1);
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"content": "never"}))
            .await
            .status,
        0
    );
    assert_eq!(fake.messages_in(CHANNEL_ID).len(), 2);
}

// --------------------------------------------------------- permissions

#[tokio::test]
async fn without_view_channel_every_route_is_missing_access() {
    let fake = fake().await;
    let m = bot_message(&fake, CHANNEL_ID, json!({"content": "x"})).await;
    fake.deny(CHANNEL_ID, perm::VIEW_CHANNEL);
    let e = http(&fake)
        .send_message(ChannelId::new(CHANNEL_ID), vec![], &json!({"content": "x"}))
        .await
        .unwrap_err();
    assert_eq!(serenity_error(e).0, 403);
    for (method, path) in [
        ("POST", format!("/channels/{CHANNEL_ID}/messages")),
        ("PATCH", format!("/channels/{CHANNEL_ID}/messages/{m}")),
        ("GET", format!("/channels/{CHANNEL_ID}/messages/{m}")),
        (
            "POST",
            format!("/channels/{CHANNEL_ID}/messages/{m}/threads"),
        ),
    ] {
        let a = raw(
            &fake,
            method,
            &path,
            Some(json!({"content": "y", "name": "t"})),
            &[],
        )
        .await;
        assert_eq!((a.status, a.code()), (403, 50001), "{method} {path}");
    }
}

#[tokio::test]
async fn without_send_messages_a_post_is_missing_permissions() {
    let fake = fake().await;
    fake.deny(CHANNEL_ID, perm::SEND_MESSAGES);
    let e = http(&fake)
        .send_message(ChannelId::new(CHANNEL_ID), vec![], &json!({"content": "x"}))
        .await
        .unwrap_err();
    assert_eq!(serenity_error(e).1, 50013);
    fake.allow(CHANNEL_ID, perm::SEND_MESSAGES);
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"content": "x"}))
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn a_thread_needs_send_messages_in_threads_not_send_messages() {
    let fake = fake().await;
    let thread = fake.add_channel(kind::PUBLIC_THREAD, Some(CHANNEL_ID));
    fake.deny(CHANNEL_ID, perm::SEND_MESSAGES);
    assert_eq!(
        post(&fake, thread, json!({"content": "x"})).await.status,
        200
    );
    fake.allow(CHANNEL_ID, perm::SEND_MESSAGES);
    fake.deny(CHANNEL_ID, perm::SEND_MESSAGES_IN_THREADS);
    let a = post(&fake, thread, json!({"content": "x"})).await;
    assert_eq!((a.status, a.code()), (403, 50013));
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"content": "x"}))
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn files_need_attach_files_and_embeds_embed_links() {
    let fake = fake().await;
    let path = format!("/channels/{CHANNEL_ID}/messages");
    fake.deny(CHANNEL_ID, perm::ATTACH_FILES);
    let a = raw(
        &fake,
        "POST",
        &path,
        Some(json!({"content": "x"})),
        &[("a.png", 5)],
    )
    .await;
    assert_eq!((a.status, a.code()), (403, 50013));
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"content": "no file"}))
            .await
            .status,
        200
    );
    let e = post(&fake, CHANNEL_ID, json!({"embeds": [{"title": "t"}]})).await;
    assert_eq!(
        (e.status, e.code()),
        (403, 50013),
        "BOT_DEFAULT has no Embed Links"
    );
    fake.allow(CHANNEL_ID, perm::EMBED_LINKS);
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"embeds": [{"title": "t"}]}))
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn reading_a_message_needs_read_message_history() {
    let fake = fake().await;
    let m = bot_message(&fake, CHANNEL_ID, json!({"content": "x"})).await;
    fake.deny(CHANNEL_ID, perm::READ_MESSAGE_HISTORY);
    let a = raw(
        &fake,
        "GET",
        &format!("/channels/{CHANNEL_ID}/messages/{m}"),
        None,
        &[],
    )
    .await;
    assert_eq!((a.status, a.code()), (403, 50013));
    let r = post(
        &fake,
        CHANNEL_ID,
        json!({"content": "re", "message_reference": {"message_id": m.to_string()}}),
    )
    .await;
    assert_eq!(r.code(), 50013, "a reply needs it too");
}

#[tokio::test]
async fn starting_a_thread_needs_create_public_threads() {
    let fake = fake().await;
    let m = bot_message(&fake, CHANNEL_ID, json!({"content": "x"})).await;
    fake.deny(CHANNEL_ID, perm::CREATE_PUBLIC_THREADS);
    let path = format!("/channels/{CHANNEL_ID}/messages/{m}/threads");
    let a = raw(&fake, "POST", &path, Some(json!({"name": "t"})), &[]).await;
    assert_eq!((a.status, a.code()), (403, 50013));
}

#[tokio::test]
async fn archiving_needs_manage_threads_unless_the_bot_started_the_thread() {
    let fake = fake().await;
    let theirs = fake.add_channel(kind::PUBLIC_THREAD, Some(CHANNEL_ID));
    let m = bot_message(&fake, CHANNEL_ID, json!({"content": "x"})).await;
    raw(
        &fake,
        "POST",
        &format!("/channels/{CHANNEL_ID}/messages/{m}/threads"),
        Some(json!({"name": "mine"})),
        &[],
    )
    .await;
    fake.deny(CHANNEL_ID, perm::MANAGE_THREADS);
    let a = raw(
        &fake,
        "PATCH",
        &format!("/channels/{theirs}"),
        Some(json!({"archived": true})),
        &[],
    )
    .await;
    assert_eq!((a.status, a.code()), (403, 50013));
    let mine = raw(
        &fake,
        "PATCH",
        &format!("/channels/{m}"),
        Some(json!({"archived": true})),
        &[],
    )
    .await;
    assert_eq!(mine.status, 200);
    assert_eq!(mine.json["thread_metadata"]["archived"], true);
    // Locking needs Manage Threads even for the creator.
    let lock = raw(
        &fake,
        "PATCH",
        &format!("/channels/{m}"),
        Some(json!({"archived": false, "locked": true})),
        &[],
    )
    .await;
    assert_eq!(lock.code(), 50013);
}

#[tokio::test]
async fn interactions_carry_the_channels_app_permissions() {
    let fake = fake().await;
    let thread = fake.add_channel(kind::PUBLIC_THREAD, Some(CHANNEL_ID));
    fake.deny(CHANNEL_ID, perm::ATTACH_FILES);
    let d = fake
        .as_dispatched(
            "INTERACTION_CREATE",
            slash_command_json(fake.next_id(), ALICE, thread, "help", &[], &[]),
        )
        .unwrap();
    let p: u64 = d["app_permissions"].as_str().unwrap().parse().unwrap();
    let expected = perm::BOT_DEFAULT & !perm::ATTACH_FILES;
    assert_eq!(
        p,
        expected,
        "the thread inherits its parent's: got {}, expected {}",
        permission_names(p),
        permission_names(expected)
    );
    assert_eq!(fake.bot_permissions(thread), Some(expected));
    assert_eq!(d["channel"]["id"], thread.to_string());
    assert_eq!(d["channel"]["type"], kind::PUBLIC_THREAD);
    serde_json::from_value::<serenity::all::Interaction>(d).unwrap();
}

#[tokio::test]
async fn interaction_responses_do_not_need_send_messages() {
    let fake = fake().await;
    fake.deny(CHANNEL_ID, perm::SEND_MESSAGES | perm::ATTACH_FILES);
    let id = push_command(&fake, CHANNEL_ID);
    let a = raw(
        &fake,
        "POST",
        &format!("/interactions/{id}/token-{id}/callback"),
        Some(json!({"type": 4, "data": {"content": "answer"}})),
        &[("board.png", 10)],
    )
    .await;
    assert_eq!(a.status, 204, "{:?}", a.json);
    let f = raw(
        &fake,
        "POST",
        &format!("/webhooks/{BOT_ID}/token-{id}"),
        Some(json!({"content": "more"})),
        &[],
    )
    .await;
    assert_eq!(f.status, 200, "{:?}", f.json);
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"content": "bot post"}))
            .await
            .code(),
        50013
    );
}

#[tokio::test]
async fn administrator_grants_everything() {
    let fake = fake().await;
    fake.set_bot_permissions(CHANNEL_ID, perm::ADMINISTRATOR);
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"embeds": [{"title": "t"}]}))
            .await
            .status,
        200
    );
    fake.set_bot_permissions(CHANNEL_ID, perm::VIEW_CHANNEL);
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"content": "x"}))
            .await
            .code(),
        50013
    );
}

// ------------------------------------------------------- channel types

#[tokio::test]
async fn no_thread_from_a_message_in_forum_media_voice_stage_or_a_thread() {
    let fake = fake().await;
    let thread = fake.add_channel(kind::PUBLIC_THREAD, Some(CHANNEL_ID));
    for c in [
        fake.add_channel(kind::GUILD_FORUM, None),
        fake.add_channel(kind::GUILD_MEDIA, None),
        fake.add_channel(kind::GUILD_VOICE, None),
        fake.add_channel(kind::GUILD_STAGE_VOICE, None),
        thread,
    ] {
        let a = raw(
            &fake,
            "POST",
            &format!("/channels/{c}/messages/1/threads"),
            Some(json!({"name": "t"})),
            &[],
        )
        .await;
        assert_eq!(
            (a.status, a.code()),
            (400, 50024),
            "channel {c}: {:?}",
            fake.channel(c)
        );
    }
    // An announcement channel makes an announcement thread.
    let news = fake.add_channel(kind::GUILD_ANNOUNCEMENT, None);
    let m = bot_message(&fake, news, json!({"content": "x"})).await;
    let a = raw(
        &fake,
        "POST",
        &format!("/channels/{news}/messages/{m}/threads"),
        Some(json!({"name": "t"})),
        &[],
    )
    .await;
    assert_eq!(a.json["type"], kind::ANNOUNCEMENT_THREAD);
}

#[tokio::test]
async fn a_second_thread_on_a_message_is_160004() {
    let fake = fake().await;
    let m = bot_message(&fake, CHANNEL_ID, json!({"content": "x"})).await;
    let path = format!("/channels/{CHANNEL_ID}/messages/{m}/threads");
    assert_eq!(
        raw(&fake, "POST", &path, Some(json!({"name": "a"})), &[])
            .await
            .status,
        200
    );
    let again = raw(&fake, "POST", &path, Some(json!({"name": "b"})), &[]).await;
    assert_eq!((again.status, again.code()), (400, 160004));
}

#[tokio::test]
async fn an_archived_thread_refuses_edits_and_a_message_unarchives_it() {
    let fake = fake().await;
    let thread = fake.add_channel(kind::PUBLIC_THREAD, Some(CHANNEL_ID));
    let m = bot_message(&fake, thread, json!({"content": "turn"})).await;
    fake.archive(thread);
    let e = raw(
        &fake,
        "PATCH",
        &format!("/channels/{thread}/messages/{m}"),
        Some(json!({"content": "x"})),
        &[],
    )
    .await;
    assert_eq!((e.status, e.code()), (400, 50083));
    let rename = raw(
        &fake,
        "PATCH",
        &format!("/channels/{thread}"),
        Some(json!({"name": "new"})),
        &[],
    )
    .await;
    assert_eq!(rename.code(), 50083);
    assert_eq!(
        post(&fake, thread, json!({"content": "wake"})).await.status,
        200
    );
    assert_eq!(
        fake.channel(thread).unwrap()["thread_metadata"]["archived"],
        false
    );
    assert_eq!(
        raw(
            &fake,
            "PATCH",
            &format!("/channels/{thread}/messages/{m}"),
            Some(json!({"content": "x"})),
            &[]
        )
        .await
        .status,
        200
    );
}

#[tokio::test]
async fn a_locked_thread_takes_no_message_without_manage_threads() {
    let fake = fake().await;
    let thread = fake.add_channel(kind::PUBLIC_THREAD, Some(CHANNEL_ID));
    fake.lock(thread);
    fake.deny(CHANNEL_ID, perm::MANAGE_THREADS);
    let a = post(&fake, thread, json!({"content": "x"})).await;
    assert_eq!((a.status, a.code()), (400, 50083));
    assert_eq!(
        fake.channel(thread).unwrap()["thread_metadata"]["archived"],
        true
    );
}

/// Edits of messages older than an hour are limited per channel (30046,
/// `developers/topics/opcodes-and-status-codes`, "JSON Error Codes"; Discord
/// answers 429): the fake allows [`OLD_EDITS`], counting only messages
/// whose snowflake is over an hour old.
#[tokio::test]
async fn edits_of_messages_older_than_an_hour_are_limited_per_channel() {
    let fake = fake().await;
    fake.set_old_edits(2, std::time::Duration::from_secs(60));
    let young = bot_message(&fake, CHANNEL_ID, json!({"content": "young"})).await;
    fake.set_id_age(std::time::Duration::from_secs(2 * 60 * 60));
    let old = bot_message(&fake, CHANNEL_ID, json!({"content": "old"})).await;
    fake.set_id_age(std::time::Duration::ZERO);
    assert!(snowflake_age(old) > OLD_MESSAGE_AGE && snowflake_age(young) < OLD_MESSAGE_AGE);
    let newer = bot_message(&fake, CHANNEL_ID, json!({"content": "newer"})).await;
    assert!(
        newer > young,
        "ids never repeat after going back to the present"
    );
    let edit = |m: u64| {
        let fake = fake.clone();
        async move {
            let path = format!("/channels/{CHANNEL_ID}/messages/{m}");
            raw(
                &fake,
                "PATCH",
                &path,
                Some(json!({"content": "edited"})),
                &[],
            )
            .await
        }
    };
    assert_eq!(edit(old).await.status, 200);
    assert_eq!(edit(old).await.status, 200);
    let a = edit(old).await;
    assert_eq!((a.status, a.code()), (429, 30046), "{:?}", a.json);
    assert!(a.json["retry_after"].as_f64().unwrap() > 0.0);
    // A young message is edited as often as the rate limits allow.
    for _ in 0..3 {
        assert_eq!(edit(young).await.status, 200);
    }
}

// ------------------------------------------------------------- gateway

use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message as Frame;

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

async fn connect(fake: &FakeDiscord) -> Ws {
    let stream = TcpStream::connect(("127.0.0.1", fake.port)).await.unwrap();
    let (ws, _) = tokio_tungstenite::client_async(
        format!("ws://127.0.0.1:{}/gateway?v=10&encoding=json", fake.port),
        stream,
    )
    .await
    .unwrap();
    ws
}

async fn identify(ws: &mut Ws, intents: u64) {
    ws.send(Frame::Text(
        json!({"op": 2, "d": {"token": "t", "intents": intents, "properties": {}}}).to_string(),
    ))
    .await
    .unwrap();
}

/// READY, then the GUILD_CREATE of each guild it lists as unavailable, in
/// its order (`developers/events/gateway-events.mdx`, "Guild Create":
/// sent "to lazily load and backfill information for all unavailable
/// guilds sent in the Ready event"); returns READY.
async fn ready(ws: &mut Ws) -> Value {
    let ready = next(ws, Duration::from_secs(2)).await.unwrap();
    assert_eq!(ready["t"], "READY");
    for g in ready["d"]["guilds"].as_array().unwrap() {
        let created = next(ws, Duration::from_secs(2)).await.unwrap();
        assert_eq!(created["t"], "GUILD_CREATE");
        assert_eq!(created["d"]["id"], g["id"]);
        assert_eq!(created["d"]["unavailable"], false);
    }
    ready
}

/// The next frame within `within`: a JSON text or the close code.
async fn next(ws: &mut Ws, within: Duration) -> Result<Value, Option<u16>> {
    loop {
        match tokio::time::timeout(within, ws.next()).await {
            Err(_) => panic!("nothing within {within:?}"),
            Ok(Some(Ok(Frame::Text(t)))) => return Ok(serde_json::from_str(&t).unwrap()),
            Ok(Some(Ok(Frame::Close(c)))) => return Err(c.map(|c| u16::from(c.code))),
            Ok(Some(Ok(_))) => continue,
            Ok(_) => return Err(None),
        }
    }
}

#[tokio::test]
async fn a_privileged_intent_not_enabled_closes_with_4014() {
    let fake = fake().await;
    fake.set_privileged_intents(intent::GUILD_MEMBERS);
    let mut ws = connect(&fake).await;
    assert_eq!(
        next(&mut ws, Duration::from_secs(2)).await.unwrap()["op"],
        10
    );
    identify(&mut ws, intent::GUILD_MESSAGES | intent::MESSAGE_CONTENT).await;
    assert_eq!(
        next(&mut ws, Duration::from_secs(2)).await.unwrap_err(),
        Some(DISALLOWED_INTENTS)
    );
    assert_eq!(fake.refused_identifies(), 1);
    assert!(fake.identified_intents().is_empty());
    // Without it, READY (once the identify window is past).
    tokio::time::sleep(Duration::from_millis(5_100)).await;
    let mut ws = connect(&fake).await;
    next(&mut ws, Duration::from_secs(2)).await.unwrap();
    identify(&mut ws, intent::GUILD_MESSAGES | intent::GUILD_MEMBERS).await;
    assert_eq!(
        next(&mut ws, Duration::from_secs(2)).await.unwrap()["t"],
        "READY"
    );
    assert_eq!(
        fake.identified_intents(),
        vec![intent::GUILD_MESSAGES | intent::GUILD_MEMBERS]
    );
}

#[tokio::test]
async fn without_heartbeats_the_connection_is_closed() {
    let fake = fake().await;
    fake.set_heartbeat(Duration::from_millis(300), Duration::from_millis(100));
    let mut ws = connect(&fake).await;
    let hello = next(&mut ws, Duration::from_secs(2)).await.unwrap();
    assert_eq!(hello["d"]["heartbeat_interval"], 300);
    identify(&mut ws, intent::GUILD_MESSAGES).await;
    ready(&mut ws).await;
    // Heartbeats keep it open past the deadline …
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(250)).await;
        ws.send(Frame::Text(json!({"op": 1, "d": 1}).to_string()))
            .await
            .unwrap();
        assert_eq!(
            next(&mut ws, Duration::from_secs(1)).await.unwrap()["op"],
            11
        );
    }
    // … and their absence closes it.
    let started = std::time::Instant::now();
    assert_eq!(
        next(&mut ws, Duration::from_secs(2)).await.unwrap_err(),
        Some(SESSION_TIMED_OUT)
    );
    assert!(
        started.elapsed() >= Duration::from_millis(350),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(fake.heartbeat_timeouts(), 1);
}

#[tokio::test]
async fn dispatches_follow_the_intents_identified() {
    let fake = fake().await;
    let mut ws = connect(&fake).await;
    next(&mut ws, Duration::from_secs(2)).await.unwrap();
    identify(&mut ws, intent::GUILD_MESSAGES).await;
    ready(&mut ws).await;
    fake.dispatch(
        "MESSAGE_CREATE",
        message_create_json(fake.next_id(), ALICE, CHANNEL_ID, "d4"),
    );
    let got = next(&mut ws, Duration::from_secs(2)).await.unwrap();
    assert_eq!(got["t"], "MESSAGE_CREATE");
    assert_eq!(got["d"]["content"], "", "no MESSAGE_CONTENT: no content");
    fake.dispatch(
        "MESSAGE_CREATE",
        mentioning_bot(message_create_json(fake.next_id(), ALICE, CHANNEL_ID, "d4")),
    );
    let got = next(&mut ws, Duration::from_secs(2)).await.unwrap();
    assert_eq!(got["d"]["content"], format!("<@{BOT_ID}> d4"));
}

/// Discord tells every session that can see a channel about its messages,
/// the bot's own included: what the bot posts comes back as
/// `MESSAGE_CREATE`, an edit (an update callback among them) as
/// `MESSAGE_UPDATE`, with the content the bot sent even without the
/// content intent; an ephemeral answer is not in the channel and does not
/// come back (`developers/events/gateway-events.mdx`, "Message Create",
/// "Message Update"). Every message a load run's bot posts costs it a
/// gateway event, as it would on Discord.
#[tokio::test]
async fn the_bots_own_messages_and_edits_come_back_through_the_gateway() {
    let fake = fake().await;
    let mut ws = connect(&fake).await;
    next(&mut ws, Duration::from_secs(2)).await.unwrap();
    identify(&mut ws, intent::GUILDS | intent::GUILD_MESSAGES).await;
    ready(&mut ws).await;
    let turn = bot_message(
        &fake,
        CHANNEL_ID,
        json!({"content": "turn", "components": [row(vec![button("p", "p")])]}),
    )
    .await;
    let got = next(&mut ws, Duration::from_secs(2)).await.unwrap();
    assert_eq!(got["t"], "MESSAGE_CREATE");
    assert_eq!(got["d"]["id"], turn.to_string());
    assert_eq!(got["d"]["author"]["id"], BOT_ID.to_string());
    assert_eq!(got["d"]["content"], "turn", "the bot's own: content kept");
    let press = push_press(&fake, turn, "p");
    let a = callback(
        &fake,
        press,
        json!({"type": 7, "data": {"content": "played", "components": []}}),
    )
    .await;
    assert_eq!(a.status, 204);
    let got = next(&mut ws, Duration::from_secs(2)).await.unwrap();
    assert_eq!(got["t"], "MESSAGE_UPDATE");
    assert_eq!(got["d"]["id"], turn.to_string());
    assert_eq!(got["d"]["content"], "played");
    assert_eq!(got["d"]["components"], json!([]));
    // An ephemeral answer: nothing; the next message is the next event.
    let private = push_press(&fake, turn, "p");
    let a = callback(
        &fake,
        private,
        json!({"type": 4, "data": {"content": "only you", "flags": 64}}),
    )
    .await;
    assert_eq!(a.status, 204);
    let after = bot_message(&fake, CHANNEL_ID, json!({"content": "next"})).await;
    let got = next(&mut ws, Duration::from_secs(2)).await.unwrap();
    assert_eq!(got["t"], "MESSAGE_CREATE");
    assert_eq!(got["d"]["id"], after.to_string());
    // Without GUILD_MESSAGES, none of it.
    let fake = self::fake().await;
    let mut ws = connect(&fake).await;
    next(&mut ws, Duration::from_secs(2)).await.unwrap();
    identify(&mut ws, intent::GUILDS).await;
    ready(&mut ws).await;
    bot_message(&fake, CHANNEL_ID, json!({"content": "turn"})).await;
    // A GUILDS event as a marker: it comes, and nothing before it.
    fake.dispatch(
        "CHANNEL_UPDATE",
        json!({"id": CHANNEL_ID.to_string(), "guild_id": GUILD_ID.to_string(), "type": 0}),
    );
    let got = next(&mut ws, Duration::from_secs(2)).await.unwrap();
    assert_eq!(got["t"], "CHANNEL_UPDATE", "no MESSAGE_CREATE before it");
}

#[test]
fn message_content_is_empty_without_the_intent_except_where_documented() {
    let other = message_create_json(1, ALICE, CHANNEL_ID, "d4");
    let none = intent::GUILD_MESSAGES;
    let all = none | intent::MESSAGE_CONTENT;
    assert_eq!(filter_message(other.clone(), all).unwrap()["content"], "d4");
    let stripped = filter_message(other.clone(), none).unwrap();
    assert_eq!(stripped["content"], "");
    assert_eq!(stripped["embeds"], json!([]));
    assert_eq!(stripped["components"], json!([]));
    assert!(
        filter_message(other.clone(), intent::MESSAGE_CONTENT).is_none(),
        "no GUILD_MESSAGES"
    );
    // Mentions, pinging replies to the bot, DMs and the bot's own keep it.
    assert_eq!(
        filter_message(mentioning_bot(other.clone()), none).unwrap()["content"],
        format!("<@{BOT_ID}> d4")
    );
    let turn = message_json(2, CHANNEL_ID, bot_json(), "turn");
    assert_eq!(
        filter_message(reply_to(other.clone(), &turn, true), none).unwrap()["content"],
        "d4"
    );
    let silent = filter_message(reply_to(other.clone(), &turn, false), none).unwrap();
    assert_eq!(
        silent["content"], "",
        "a reply without the ping does not mention the bot"
    );
    assert_eq!(
        silent["referenced_message"]["content"], "turn",
        "the bot's own message"
    );
    let mut dm = other.clone();
    dm.as_object_mut().unwrap().remove("guild_id");
    assert_eq!(
        filter_message(dm, intent::DIRECT_MESSAGES).unwrap()["content"],
        "d4"
    );
    let mut own = message_json(3, CHANNEL_ID, bot_json(), "mine");
    own["guild_id"] = json!(GUILD_ID.to_string());
    assert_eq!(filter_message(own, none).unwrap()["content"], "mine");
    // The helpers' payloads parse with serenity's types.
    serde_json::from_value::<serenity::all::Message>(reply_to(other, &turn, true)).unwrap();
}

// --------------------------------------------------------- rate limits

#[tokio::test]
async fn every_answer_carries_the_rate_limit_headers() {
    let fake = limited_fake().await;
    let a = post(&fake, CHANNEL_ID, json!({"content": "x"})).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.headers["x-ratelimit-limit"], "5");
    assert_eq!(a.headers["x-ratelimit-remaining"], "4");
    let reset_after: f64 = a.headers["x-ratelimit-reset-after"].parse().unwrap();
    assert!(reset_after > 4.0 && reset_after <= 5.0, "{reset_after}");
    let reset: f64 = a.headers["x-ratelimit-reset"].parse().unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    assert!((reset - now - reset_after).abs() < 1.0, "epoch seconds");
    assert!(!a.headers["x-ratelimit-bucket"].is_empty());
    // Refusals carry them too.
    let r = post(&fake, CHANNEL_ID, json!({})).await;
    assert_eq!(r.code(), 50006);
    assert_eq!(r.headers["x-ratelimit-remaining"], "3");
}

#[tokio::test]
async fn an_exhausted_bucket_answers_429_per_channel() {
    let fake = limited_fake().await;
    for _ in 0..5 {
        assert_eq!(
            post(&fake, CHANNEL_ID, json!({"content": "x"}))
                .await
                .status,
            200
        );
    }
    let h = http(&fake);
    let e = h
        .send_message(ChannelId::new(CHANNEL_ID), vec![], &json!({"content": "x"}))
        .await
        .unwrap_err();
    assert_eq!(serenity_error(e).0, 429);
    let a = post(&fake, CHANNEL_ID, json!({"content": "x"})).await;
    assert_eq!(a.status, 429);
    let retry = a.json["retry_after"]
        .as_f64()
        .expect("retry_after in seconds, a float");
    assert!(retry > 0.0 && retry <= 5.0, "{retry}");
    assert_eq!(a.json["global"], false);
    assert!(a.json["message"].is_string());
    assert_eq!(a.headers["x-ratelimit-scope"], "user");
    assert_eq!(a.headers["x-ratelimit-remaining"], "0");
    assert!(a.headers["retry-after"].parse::<u64>().unwrap() >= 1);
    assert_eq!(
        fake.messages_in(CHANNEL_ID).len(),
        5,
        "the 429s did nothing"
    );
    // Another channel is another bucket (the major parameter).
    let other = fake.add_channel(kind::GUILD_TEXT, None);
    assert_eq!(
        post(&fake, other, json!({"content": "x"})).await.status,
        200
    );
    let c = fake.counts();
    assert_eq!(c.limited, 2);
    assert_eq!(
        c.per_route["POST /channels/{channel_id}/messages"].limited,
        2
    );
    assert_eq!(
        c.per_route["POST /channels/{channel_id}/messages"].non_exempt,
        8
    );
}

#[tokio::test]
async fn the_global_limit_is_50_per_second_and_interactions_are_exempt() {
    let fake = limited_fake().await;
    let id = push_command(&fake, CHANNEL_ID);
    // 50 requests to 50 channels (50 buckets, one request each).
    for i in 0..50u64 {
        let a = raw(&fake, "GET", &format!("/channels/{}", 1000 + i), None, &[]).await;
        assert_eq!(a.status, 404, "unknown channels, but served");
    }
    let limited = raw(&fake, "GET", "/channels/2000", None, &[]).await;
    assert_eq!(limited.status, 429);
    assert_eq!(limited.json["global"], true);
    assert_eq!(limited.headers["x-ratelimit-scope"], "global");
    assert_eq!(limited.headers["x-ratelimit-global"], "true");
    // The callback and the interaction webhook are not held back.
    assert_eq!(callback(&fake, id, json!({"type": 5})).await.status, 204);
    let f = raw(
        &fake,
        "PATCH",
        &format!("/webhooks/{BOT_ID}/token-{id}/messages/@original"),
        Some(json!({"content": "x"})),
        &[],
    )
    .await;
    assert_eq!(f.status, 200);
    let c = fake.counts();
    assert_eq!((c.non_exempt, c.exempt, c.limited_global), (51, 2, 1));
}

#[test]
fn buckets_are_keyed_by_route_and_major_parameter() {
    let token = |t: &str| t.starts_with("token-");
    let a = rate_limit_route("POST", "/api/v10/channels/1/messages", token);
    let b = rate_limit_route("POST", "/api/v10/channels/2/messages", token);
    assert_eq!(a.template, b.template);
    assert_ne!(a.major, b.major);
    let edit = rate_limit_route("PATCH", "/api/v10/channels/1/messages/9", token);
    assert_eq!(edit.template, "PATCH /channels/{channel_id}/messages/{id}");
    assert_eq!(edit.major, a.major, "the message id is no major parameter");
    let hook = rate_limit_route(
        "PATCH",
        "/api/v10/webhooks/5/token-7/messages/@original",
        token,
    );
    assert_eq!(hook.major, "webhook=5/token-7");
    assert!(hook.exempt, "an interaction token");
    assert!(!rate_limit_route("POST", "/api/v10/webhooks/5/other", token).exempt);
    assert!(rate_limit_route("POST", "/api/v10/interactions/1/t/callback", token).exempt);
    assert!(!a.exempt);
}

#[tokio::test]
async fn a_route_limit_is_configurable() {
    let fake = limited_fake().await;
    let mut limits = RateLimits::default();
    limits.routes.insert(
        "POST /channels/{channel_id}/messages".into(),
        limit(2, 60_000),
    );
    fake.set_rate_limits(limits);
    for _ in 0..2 {
        assert_eq!(
            post(&fake, CHANNEL_ID, json!({"content": "x"}))
                .await
                .status,
            200
        );
    }
    let a = post(&fake, CHANNEL_ID, json!({"content": "x"})).await;
    assert_eq!(a.status, 429);
    assert_eq!(a.headers["x-ratelimit-limit"], "2");
    assert!(a.json["retry_after"].as_f64().unwrap() > 50.0);
}

#[tokio::test]
async fn widened_limits_let_a_flood_through() {
    let fake = limited_fake().await;
    fake.set_rate_limits(RateLimits::widened(4));
    for _ in 0..20 {
        assert_eq!(
            post(&fake, CHANNEL_ID, json!({"content": "x"}))
                .await
                .status,
            200
        );
    }
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"content": "x"}))
            .await
            .status,
        429
    );
}

#[tokio::test]
async fn an_injected_429_still_works_alongside_the_limits() {
    let fake = limited_fake().await;
    fake.inject(
        "POST",
        "/messages",
        Fault::RateLimited {
            retry_after: Duration::from_millis(1500),
            global: false,
        },
        1,
    );
    let a = post(&fake, CHANNEL_ID, json!({"content": "x"})).await;
    assert_eq!(a.status, 429);
    assert_eq!(a.json["retry_after"], 1.5);
    assert_eq!(a.headers["retry-after"], "2");
    assert_eq!(
        post(&fake, CHANNEL_ID, json!({"content": "x"}))
            .await
            .status,
        200
    );
}

// ------------------------------------------------------------- nonce

#[tokio::test]
async fn enforce_nonce_returns_the_first_message() {
    let fake = fake().await;
    let body = json!({"content": "turn", "nonce": "n-1", "enforce_nonce": true});
    let first = post(&fake, CHANNEL_ID, body.clone()).await;
    let second = post(&fake, CHANNEL_ID, body).await;
    assert_eq!(first.json["id"], second.json["id"]);
    assert_eq!(fake.messages_in(CHANNEL_ID).len(), 1);
    let loose = json!({"content": "turn", "nonce": "n-1"});
    post(&fake, CHANNEL_ID, loose).await;
    assert_eq!(
        fake.messages_in(CHANNEL_ID).len(),
        2,
        "without enforce_nonce, a new one"
    );
}

#[tokio::test]
async fn create_dm_opens_one_dm_channel_per_user_and_a_closed_dm_is_50007() {
    let fake = fake().await;
    let h = http(&fake);
    let dm = h
        .create_private_channel(&json!({"recipient_id": ALICE.id.to_string()}))
        .await
        .expect("a DM channel that parses as serenity's PrivateChannel");
    assert_eq!(dm.recipient.id.get(), ALICE.id);
    assert_eq!(dm.kind, serenity::all::ChannelType::Private);
    let again = h
        .create_private_channel(&json!({"recipient_id": ALICE.id.to_string()}))
        .await
        .unwrap();
    assert_eq!(again.id, dm.id, "the existing DM channel is returned");
    let m = h
        .send_message(dm.id, vec![], &json!({"content": "hello"}))
        .await
        .unwrap();
    assert!(m.guild_id.is_none(), "a DM has no guild");
    let sent: Vec<String> = fake
        .dms_to(ALICE.id)
        .iter()
        .map(|m| m["content"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(sent, vec!["hello"]);
    // Bob takes no DMs: opening works, the message is refused.
    fake.set_dms_open(BOB.id, false);
    let bob = h
        .create_private_channel(&json!({"recipient_id": BOB.id.to_string()}))
        .await
        .unwrap();
    let e = h
        .send_message(bob.id, vec![], &json!({"content": "hello"}))
        .await
        .unwrap_err();
    assert_eq!(serenity_error(e).0, 403);
    let e = h
        .send_message(bob.id, vec![], &json!({"content": "hello"}))
        .await
        .unwrap_err();
    assert_eq!(serenity_error(e).1, 50007);
    assert!(fake.dms_to(BOB.id).is_empty());
}

/// `max_concurrency` IDENTIFYs per 5 s (one per bucket): a second IDENTIFY
/// within the window is answered with op 9 (`d: false`); every IDENTIFY
/// spends one of the day's session starts, and one past them closes the
/// session with 4004 (`developers/events/gateway.mdx`, "Session Start
/// Limit").
#[tokio::test]
async fn identifies_are_limited_per_five_seconds_and_by_the_days_session_starts() {
    let fake = fake().await;
    fake.set_session_starts(10, 2, Duration::from_secs(3_600), 1);
    let mut ws = connect(&fake).await;
    next(&mut ws, Duration::from_secs(2)).await.unwrap();
    identify(&mut ws, intent::GUILD_MESSAGES).await;
    assert_eq!(
        next(&mut ws, Duration::from_secs(2)).await.unwrap()["t"],
        "READY"
    );
    assert_eq!(fake.session_starts().remaining, 1);
    let mut again = connect(&fake).await;
    next(&mut again, Duration::from_secs(2)).await.unwrap();
    identify(&mut again, intent::GUILD_MESSAGES).await;
    let invalid = next(&mut again, Duration::from_secs(2)).await.unwrap();
    assert_eq!(
        (invalid["op"].clone(), invalid["d"].clone()),
        (json!(9), json!(false))
    );
    assert_eq!(fake.identifies_too_fast(), 1);
    assert_eq!(
        fake.session_starts().remaining,
        1,
        "a refused one spends none"
    );
    tokio::time::sleep(Duration::from_millis(5_100)).await;
    identify(&mut again, intent::GUILD_MESSAGES).await;
    assert_eq!(
        next(&mut again, Duration::from_secs(2)).await.unwrap()["t"],
        "READY"
    );
    assert_eq!(fake.session_starts().remaining, 0);
    tokio::time::sleep(Duration::from_millis(5_100)).await;
    let mut third = connect(&fake).await;
    next(&mut third, Duration::from_secs(2)).await.unwrap();
    identify(&mut third, intent::GUILD_MESSAGES).await;
    assert_eq!(
        next(&mut third, Duration::from_secs(2)).await.unwrap_err(),
        Some(4004)
    );
    assert_eq!(fake.session_starts().exceeded, 1);
}

/// A gateway outage: upgrades answered 503 (and counted), then the port
/// refusing TCP, then the gateway back.
#[tokio::test]
async fn a_gateway_outage_refuses_upgrades_then_tcp_and_ends() {
    let fake = fake().await;
    let port = fake.gateway_port();
    let upgrade = || async move {
        let stream = TcpStream::connect(("127.0.0.1", port)).await?;
        tokio_tungstenite::client_async(
            format!("ws://127.0.0.1:{port}/gateway?v=10&encoding=json"),
            stream,
        )
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| std::io::Error::other(e.to_string()))
    };
    fake.set_outage(Outage::Upgrade(503));
    let refused = upgrade().await.unwrap_err();
    assert!(refused.to_string().contains("503"), "{refused}");
    assert_eq!(fake.upgrades().len(), 1);
    fake.set_outage(Outage::Refused);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let tcp = TcpStream::connect(("127.0.0.1", port)).await;
    assert_eq!(
        tcp.unwrap_err().kind(),
        std::io::ErrorKind::ConnectionRefused
    );
    fake.set_outage(Outage::None);
    let mut ws = None;
    for _ in 0..50 {
        if let Ok(w) = upgrade().await {
            ws = Some(w);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut ws = ws.expect("the gateway is back");
    assert_eq!(
        next(&mut ws, Duration::from_secs(2)).await.unwrap()["op"],
        10
    );
}

// ------------------------------------------ the set-up (issue 35 §7)

/// `developers/topics/opcodes-and-status-codes.mdx`, "HTTP Response
/// Codes": 401 for a missing or invalid `Authorization`; an interaction's
/// routes and `GET /gateway` need no bot token.
#[tokio::test]
async fn a_token_discord_does_not_take_is_answered_401_code_0() {
    let fake = fake().await;
    // By default the fake looks at no token (the raw client's is
    // `fake-token`).
    assert_eq!(raw(&fake, "GET", "/users/@me", None, &[]).await.status, 200);
    fake.accept_only_token("the-right-one");
    let refused = raw(&fake, "GET", "/users/@me", None, &[]).await;
    assert_eq!(refused.status, 401);
    assert_eq!(
        refused.json,
        json!({"message": "401: Unauthorized", "code": 0})
    );
    assert_eq!(raw(&fake, "GET", "/gateway", None, &[]).await.status, 200);
    let id = push_command(&fake, CHANNEL_ID);
    let ack = callback(&fake, id, json!({"type": 5})).await;
    assert_eq!(ack.status, 204, "{:?}", ack.json);
    // serenity with the right token (it adds `Bot `).
    let http = HttpBuilder::new("the-right-one")
        .proxy(fake.base())
        .ratelimiter_disabled(true)
        .build();
    assert_eq!(http.get_current_user().await.unwrap().id.get(), BOT_ID);
}

/// `developers/resources/guild.mdx`, "Get Guild", "Get Guild Channels",
/// "Get Guild Member": a guild the bot is not in is 403 / 50001, an id of
/// no guild 404 / 10004, a user not in it 404 / 10007.
#[tokio::test]
async fn guild_routes_answer_only_for_the_bots_guilds() {
    let fake = fake().await;
    let (guild, channel) = fake.add_guild("Tea House", "it");
    for path in [
        format!("/guilds/{guild}"),
        format!("/guilds/{guild}/channels"),
        format!("/guilds/{guild}/members/{BOT_ID}"),
    ] {
        let a = raw(&fake, "GET", &path, None, &[]).await;
        assert_eq!((a.status, a.code()), (403, 50001), "{path}");
    }
    let a = raw(&fake, "GET", "/guilds/42", None, &[]).await;
    assert_eq!((a.status, a.code()), (404, 10004));
    fake.join(guild);
    let http = http(&fake);
    let g = http.get_guild(guild.into()).await.unwrap();
    assert_eq!(
        (g.name.as_str(), g.preferred_locale.as_str()),
        ("Tea House", "it")
    );
    assert_eq!(g.system_channel_id.map(|c| c.get()), Some(channel));
    let channels = http.get_channels(guild.into()).await.unwrap();
    assert_eq!(
        channels.iter().map(|c| c.id.get()).collect::<Vec<_>>(),
        [channel]
    );
    let me = http.get_member(guild.into(), BOT_ID.into()).await.unwrap();
    assert_eq!(
        me.roles.iter().map(|r| r.get()).collect::<Vec<_>>(),
        [bot_role(guild)]
    );
    let e = http
        .get_member(guild.into(), ALICE.id.into())
        .await
        .unwrap_err();
    assert_eq!(serenity_error(e).1, 10007);
}

/// `developers/resources/user.mdx`, "Get Current User Guilds": ascending
/// ids, `after`, `before`, `limit` 1–200 (400 / 50035 beyond).
#[tokio::test]
async fn the_bots_guilds_come_in_pages_of_at_most_200() {
    let fake = fake().await;
    for _ in 0..3 {
        fake.add_guild_on(0, 1);
    }
    let ids = |a: &Answer| -> Vec<String> {
        a.json
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect()
    };
    let all = raw(&fake, "GET", "/users/@me/guilds", None, &[]).await;
    let every = ids(&all);
    assert_eq!(every.len(), 5, "GUILD_ID, GUILD_2 and three more");
    let mut sorted = every.clone();
    sorted.sort_by_key(|g| g.parse::<u64>().unwrap());
    assert_eq!(every, sorted);
    let page = raw(&fake, "GET", "/users/@me/guilds?limit=2", None, &[]).await;
    assert_eq!(ids(&page), every[..2]);
    let path = format!("/users/@me/guilds?after={}&limit=2", every[1]);
    assert_eq!(ids(&raw(&fake, "GET", &path, None, &[]).await), every[2..4]);
    let path = format!("/users/@me/guilds?before={}&limit=2", every[4]);
    assert_eq!(ids(&raw(&fake, "GET", &path, None, &[]).await), every[2..4]);
    let over = raw(&fake, "GET", "/users/@me/guilds?limit=201", None, &[]).await;
    assert_eq!((over.status, over.code()), (400, 50035));
    assert!(over.error_at("limit").is_some(), "{:?}", over.json);
}

/// `developers/resources/application.mdx`, "Application Flags": the
/// privileged intents switched on show in `flags` (the `_LIMITED` form,
/// an application in fewer than 100 servers).
#[tokio::test]
async fn the_applications_flags_show_the_intents_switched_on() {
    let fake = fake().await;
    let flags = |fake: FakeDiscord| async move {
        let a = raw(&fake, "GET", "/applications/@me", None, &[]).await;
        a.json["flags"].as_u64().unwrap()
    };
    assert_eq!(flags(fake.clone()).await & (1 << 19), 1 << 19);
    fake.set_privileged_intents(0);
    assert_eq!(flags(fake.clone()).await, 0);
    fake.set_privileged_intents(intent::MESSAGE_CONTENT);
    assert_eq!(flags(fake.clone()).await, 1 << 19);
}

/// `developers/interactions/application-commands.mdx`, "Get Global
/// Application Commands", "Get Guild Application Commands": what the last
/// registration left, per place.
#[tokio::test]
async fn registered_commands_read_back_where_they_were_registered() {
    let fake = fake().await;
    let http = http(&fake);
    let global = format!("/applications/{BOT_ID}/commands");
    let guild = format!("/applications/{BOT_ID}/guilds/{GUILD_ID}/commands");
    assert_eq!(raw(&fake, "GET", &guild, None, &[]).await.json, json!([]));
    let body = json!([{"name": "help", "description": "Help", "type": 1}]);
    assert_eq!(raw(&fake, "PUT", &guild, Some(body), &[]).await.status, 200);
    let listed = http.get_guild_commands(GUILD_ID.into()).await.unwrap();
    assert_eq!(
        listed.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(),
        ["help"]
    );
    assert_eq!(raw(&fake, "GET", &global, None, &[]).await.json, json!([]));
}

/// `developers/events/gateway-events.mdx`, "Guild Create": one after
/// READY for each of its guilds (joined long ago), and one when the bot
/// joins a guild, with `joined_at` now and the bot's member object.
#[tokio::test]
async fn guilds_are_created_after_ready_and_when_the_bot_joins_one() {
    let fake = fake().await;
    let mut ws = connect(&fake).await;
    next(&mut ws, Duration::from_secs(2)).await.unwrap();
    identify(&mut ws, intent::GUILDS).await;
    let ready = ready(&mut ws).await;
    assert_eq!(ready["d"]["guilds"].as_array().unwrap().len(), 2);
    let (guild, channel) = fake.add_guild("Tea House", "bg");
    fake.join(guild);
    let created = next(&mut ws, Duration::from_secs(2)).await.unwrap();
    assert_eq!(created["t"], "GUILD_CREATE");
    let d = &created["d"];
    assert_eq!(d["id"], guild.to_string());
    assert_eq!(d["preferred_locale"], "bg");
    assert_eq!(d["system_channel_id"], channel.to_string());
    assert_eq!(d["members"][0]["user"]["id"], BOT_ID.to_string());
    let joined = d["joined_at"].as_str().unwrap();
    assert!(
        joined > "2024-01-01T00:00:00.000000+00:00",
        "now, not the default: {joined}"
    );
    assert!(joined.ends_with("+00:00"), "{joined}");
}
