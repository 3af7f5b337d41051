//! The REST routes the fake serves, each refusing what Discord refuses:
//! unknown resources (404), permissions (403 / 50001, 50013), channel
//! types (50024), archived and locked threads (50083, 160005), payloads
//! (`validate`), interaction acknowledgements (10062, 40060) and tokens
//! (50027). Every rule names its page of discord-api-docs.

use std::time::Instant;

use serde_json::{json, Value};

use super::ids::{snowflake_age, ALICE, BOB, BOT_ID, CAROL, DAVE, MONA, OTHER_BOT};
use super::intent;
use super::payloads::{
    application_json, bot_json, bot_member_json, commands_reply, guild_json, message_json,
    partial_guild_json, user_json,
};
use super::perms::{kind, perm, Channel};
use super::state::{session_starts_now, Interaction, State, NONCE_WINDOW, OLD_MESSAGE_AGE};
use super::types::Upload;
use super::validate::{self, FormErrors, EPHEMERAL, LOADING};

/// One request as the routes see it.
pub struct Req<'a> {
    /// HTTP method.
    pub method: &'a str,
    /// Path without the query.
    pub path: &'a str,
    /// The query string (without `?`).
    pub query: &'a str,
    /// The JSON body (or `payload_json`).
    pub json: &'a Value,
    /// Uploaded files.
    pub files: &'a [Upload],
}

/// Status and JSON body.
pub type Answer = (u16, Option<Value>);

fn error(status: u16, code: u64, message: &str) -> Answer {
    (status, Some(json!({"message": message, "code": code})))
}

/// 404 / 10003 (`developers/topics/opcodes-and-status-codes.mdx`, "JSON
/// Error Codes").
pub fn unknown_channel() -> Answer {
    error(404, 10003, "Unknown Channel")
}
/// 404 / 10004.
pub fn unknown_guild() -> Answer {
    error(404, 10004, "Unknown Guild")
}
/// 404 / 10007.
pub fn unknown_member() -> Answer {
    error(404, 10007, "Unknown Member")
}
/// 401 with code 0, Discord's answer to a request whose `Authorization`
/// it does not take: no token, a wrong one or one reset in the developer
/// portal (`developers/topics/opcodes-and-status-codes.mdx`, "HTTP
/// Response Codes": 401 "The Authorization header was missing or
/// invalid").
pub fn unauthorized() -> Answer {
    error(401, 0, "401: Unauthorized")
}
/// 404 / 10008.
pub fn unknown_message() -> Answer {
    error(404, 10008, "Unknown Message")
}
/// 404 / 10015.
pub fn unknown_webhook() -> Answer {
    error(404, 10015, "Unknown Webhook")
}
/// 404 / 10062.
pub fn unknown_interaction() -> Answer {
    error(404, 10062, "Unknown interaction")
}
/// 400 / 40060.
pub fn already_acknowledged() -> Answer {
    error(400, 40060, "Interaction has already been acknowledged.")
}
/// 401 / 50027.
pub fn invalid_webhook_token() -> Answer {
    error(401, 50027, "Invalid Webhook Token")
}
/// 403 / 50001.
pub fn missing_access() -> Answer {
    error(403, 50001, "Missing Access")
}
/// 403 / 50013.
pub fn missing_permissions() -> Answer {
    error(403, 50013, "Missing Permissions")
}
/// 403 / 50005.
pub fn not_the_author() -> Answer {
    error(403, 50005, "Cannot edit a message authored by another user")
}
/// 403 / 50007: the user takes no direct messages from the bot (shares
/// no server with it, or turned off "Direct Messages" for the server, or
/// blocked it) (`developers/topics/opcodes-and-status-codes.mdx`, "JSON
/// Error Codes": "Cannot send messages to this user"; Discord answers it
/// with 403 Forbidden).
pub fn cannot_message_user() -> Answer {
    error(403, 50007, "Cannot send messages to this user")
}
/// 400 / 50024.
pub fn wrong_channel_type() -> Answer {
    error(400, 50024, "Cannot execute action on this channel type")
}
/// 400 / 50083.
pub fn archived_thread() -> Answer {
    error(400, 50083, "Thread is archived")
}
/// 400 / 160004.
pub fn thread_exists() -> Answer {
    error(
        400,
        160004,
        "A thread has already been created for this message",
    )
}
/// 400 / 160005.
pub fn thread_locked() -> Answer {
    error(400, 160005, "Thread is locked")
}

/// The bot's permission bits in `channel` as Discord computes them
/// (threads inherit their parent's: `developers/topics/threads.mdx`,
/// "Permissions"; Administrator grants everything:
/// `developers/topics/permissions.mdx`), before implicit denials. `None`
/// for a channel the fake does not know.
pub fn raw_permissions(s: &State, channel: u64) -> Option<u64> {
    let c = s.channels.get(&channel)?;
    let bits = match c.parent.filter(|_| c.is_thread()) {
        Some(p) => s
            .channels
            .get(&p)
            .map(|p| p.bot_permissions)
            .unwrap_or(perm::BOT_DEFAULT),
        None => c.bot_permissions,
    };
    Some(if bits & perm::ADMINISTRATOR != 0 {
        u64::MAX >> 14
    } else {
        bits
    })
}

/// The permissions that apply after Discord's implicit denials
/// (`developers/topics/permissions.mdx`, "Implicit Permissions"): without
/// View Channel nothing; without the right to send (Send Messages, or in a
/// thread Send Messages in Threads: "Inherited Permissions (Threads)") no
/// Mention Everyone, TTS, Attach Files or Embed Links.
pub fn effective_permissions(s: &State, channel: u64) -> Option<u64> {
    let raw = raw_permissions(s, channel)?;
    let c = &s.channels[&channel];
    if raw & perm::VIEW_CHANNEL == 0 {
        return Some(0);
    }
    let send = if c.is_thread() {
        perm::SEND_MESSAGES_IN_THREADS
    } else {
        perm::SEND_MESSAGES
    };
    Some(if raw & send == 0 {
        raw & !(perm::MENTION_EVERYONE
            | perm::SEND_TTS_MESSAGES
            | perm::ATTACH_FILES
            | perm::EMBED_LINKS)
    } else {
        raw
    })
}

/// The id in `segs[i]`, or 0.
fn id(seg: &str) -> u64 {
    seg.parse().unwrap_or(0)
}

/// Serves one request.
pub fn route(s: &mut State, port: u16, r: &Req<'_>) -> Answer {
    let segs: Vec<&str> = r
        .path
        .trim_start_matches("/api/v10/")
        .split('/')
        .filter(|x| !x.is_empty())
        .collect();
    match (r.method, segs.as_slice()) {
        // `developers/events/gateway.mdx`, "Get Gateway" and "Get Gateway
        // Bot" (the recommended number of shards and the session start
        // limit).
        ("GET", ["gateway"]) => (
            200,
            Some(json!({"url": format!("ws://127.0.0.1:{}/gateway", s.gateway_port)})),
        ),
        ("GET", ["gateway", "bot"]) => {
            let _ = port;
            let limit = session_starts_now(s);
            (
                200,
                Some(
                    json!({"url": format!("ws://127.0.0.1:{}/gateway", s.gateway_port),
                    "shards": s.recommended_shards,
                    "session_start_limit": {"total": limit.total, "remaining": limit.remaining,
                        "reset_after": limit.resets_at.saturating_duration_since(std::time::Instant::now()).as_millis() as u64,
                        "max_concurrency": limit.max_concurrency}}),
                ),
            )
        }
        // `developers/resources/application.mdx`, "Get Current
        // Application" (and OAuth2's "Get Current Bot Application
        // Information"): its `flags` show the privileged intents switched
        // on in the developer portal.
        ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]) => {
            let mut app = application_json();
            app["flags"] = json!(intent::application_flags(s.cfg.privileged));
            (200, Some(app))
        }
        ("GET", ["users", "@me"]) => (200, Some(bot_json())),
        ("GET", ["users", "@me", "guilds"]) => current_user_guilds(s, r.query),
        // `developers/resources/guild.mdx`, "Get Guild", "Get Guild
        // Channels" (no threads), "Get Guild Member".
        ("GET", ["guilds", g]) => match guild_access(s, id(g)) {
            Err(a) => a,
            Ok(()) => (200, Some(guild_json(id(g), &s.guild(id(g))))),
        },
        ("GET", ["guilds", g, "channels"]) => match guild_access(s, id(g)) {
            Err(a) => a,
            Ok(()) => {
                let mut list: Vec<&Channel> = s
                    .channels
                    .values()
                    .filter(|c| c.guild == id(g) && !c.is_thread() && c.recipient.is_none())
                    .collect();
                list.sort_by_key(|c| (c.position, c.id));
                (
                    200,
                    Some(json!(list.iter().map(|c| c.json()).collect::<Vec<_>>())),
                )
            }
        },
        ("GET", ["guilds", g, "members", u]) => match guild_access(s, id(g)) {
            Err(a) => a,
            Ok(()) if id(u) == BOT_ID => {
                let joined = s.guild(id(g)).joined_at;
                (200, Some(bot_member_json(id(g), &joined)))
            }
            Ok(()) => unknown_member(),
        },
        // `developers/interactions/application-commands.mdx`, "Get Global
        // Application Commands" and "Get Guild Application Commands": what
        // the last `PUT` registered (none before).
        ("GET", ["applications", app, "commands"]) => {
            if id(app) != BOT_ID {
                return missing_access();
            }
            (
                200,
                Some(s.commands.get(&None).cloned().unwrap_or(json!([]))),
            )
        }
        ("GET", ["applications", app, "guilds", g, "commands"]) => {
            if id(app) != BOT_ID {
                return missing_access();
            }
            if let Err(a) = guild_access(s, id(g)) {
                return a;
            }
            let key = Some(id(g));
            (
                200,
                Some(s.commands.get(&key).cloned().unwrap_or(json!([]))),
            )
        }
        // Get User (developers/resources/user, "Get User"): a known user,
        // else 404 / 10013 Unknown User.
        ("GET", ["users", u]) => match [ALICE, BOB, CAROL, DAVE, OTHER_BOT, MONA]
            .into_iter()
            .find(|t| t.id.to_string() == *u)
        {
            Some(t) => (200, Some(user_json(t))),
            None if *u == BOT_ID.to_string() => (200, Some(bot_json())),
            None => error(404, 10013, "Unknown User"),
        },
        ("PUT", ["applications", app, "commands"])
        | ("PUT", ["applications", app, "guilds", _, "commands"]) => {
            if id(app) != BOT_ID {
                return missing_access();
            }
            let guild = match segs.as_slice() {
                [_, _, "guilds", g, _] => Some(id(g)),
                _ => None,
            };
            let (errors, deprecated) = validate::commands(r.json);
            s.deprecated.extend(
                deprecated
                    .into_iter()
                    .map(|d| format!("{} {}: {d}", r.method, r.path)),
            );
            if !errors.is_empty() {
                return errors.reply();
            }
            let reply = commands_reply(r.json);
            s.commands.insert(guild, reply.clone());
            (200, Some(reply))
        }
        ("POST", ["users", "@me", "channels"]) => create_dm(s, r),
        ("POST", ["interactions", iid, token, "callback"]) => callback(s, id(iid), token, r),
        (_, ["webhooks", app, token, rest @ ..]) => webhook(s, id(app), token, rest, r),
        ("GET", ["channels", c]) => {
            let c = id(c);
            match channel_access(s, c) {
                Err(a) => a,
                Ok(_) => (200, Some(s.channels[&c].json())),
            }
        }
        ("PATCH", ["channels", c]) => modify_channel(s, id(c), r),
        ("POST", ["channels", c, "typing"]) => {
            let c = id(c);
            match channel_access(s, c) {
                Err(a) => a,
                Ok(p) if p & send_bit(&s.channels[&c]) == 0 => missing_permissions(),
                Ok(_) => (204, None),
            }
        }
        ("POST", ["channels", c, "messages"]) => create_message(s, id(c), r),
        ("GET", ["channels", c, "messages"]) => list_messages(s, id(c), r.query),
        ("GET", ["channels", c, "messages", m]) => {
            let (c, m) = (id(c), id(m));
            match channel_access(s, c) {
                Err(a) => a,
                Ok(p) if p & perm::READ_MESSAGE_HISTORY == 0 => missing_permissions(),
                Ok(_) => match channel_message(s, c, m) {
                    Some(msg) => (200, Some(msg.clone())),
                    None => unknown_message(),
                },
            }
        }
        ("PATCH", ["channels", c, "messages", m]) => edit_channel_message(s, id(c), id(m), r),
        ("DELETE", ["channels", c, "messages", m]) => {
            let (c, m) = (id(c), id(m));
            let p = match channel_access(s, c) {
                Err(a) => return a,
                Ok(p) => p,
            };
            let Some(msg) = channel_message(s, c, m) else {
                return unknown_message();
            };
            // Deleting another user's message needs Manage Messages
            // (`developers/resources/message.mdx`, Delete Message); deleting
            // is allowed in an archived thread (`topics/threads.mdx`).
            if msg["author"]["id"] != json!(BOT_ID.to_string()) && p & perm::MANAGE_MESSAGES == 0 {
                return missing_permissions();
            }
            s.messages.remove(&m);
            (204, None)
        }
        ("POST", ["channels", c, "messages", m, "threads"]) => start_thread(s, id(c), id(m), r),
        _ => (404, Some(json!({"message": "404: Not Found", "code": 0}))),
    }
}

/// A guild route needs a guild the bot is in: 403 / 50001 "Missing
/// Access" for one it is not in (left, or never added to), 404 / 10004
/// "Unknown Guild" for an id the fake knows of no guild
/// (`developers/topics/opcodes-and-status-codes.mdx`, "JSON Error
/// Codes").
fn guild_access(s: &State, g: u64) -> Result<(), Answer> {
    if s.guilds.contains(&g) {
        Ok(())
    } else if s.guild_info.contains_key(&g) {
        Err(missing_access())
    } else {
        Err(unknown_guild())
    }
}

/// `GET /users/@me/guilds` (`developers/resources/user.mdx`, "Get
/// Current User Guilds"): the bot's guilds as partial guild objects in
/// ascending id order, at most `limit` (1–200, default 200; another
/// value is refused 400 / 50035) after `after` or before `before`.
fn current_user_guilds(s: &State, query: &str) -> Answer {
    let param = |key: &str| {
        query
            .split('&')
            .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
    };
    let limit = match param("limit").map(str::parse::<usize>) {
        None => 200,
        Some(Ok(n)) if (1..=200).contains(&n) => n,
        Some(_) => {
            let mut e = FormErrors::default();
            e.add(
                &["limit".to_string()],
                "NUMBER_TYPE_MAX",
                "int value should be between 1 and 200.",
            );
            return e.reply();
        }
    };
    let mut ids: Vec<u64> = s.guilds.clone();
    ids.sort_unstable();
    let after = param("after").map(id);
    let before = param("before").map(id);
    let ids: Vec<u64> = ids
        .into_iter()
        .filter(|g| after.is_none_or(|a| *g > a) && before.is_none_or(|b| *g < b))
        .collect();
    // With `before` the page ends just before it; else it starts just
    // after `after` (or at the first guild).
    let page = match (before, after) {
        (Some(_), None) => &ids[ids.len().saturating_sub(limit)..],
        _ => &ids[..ids.len().min(limit)],
    };
    let list: Vec<Value> = page
        .iter()
        .map(|g| partial_guild_json(*g, &s.guild(*g).name))
        .collect();
    (200, Some(Value::Array(list)))
}

fn send_bit(c: &Channel) -> u64 {
    if c.is_thread() {
        perm::SEND_MESSAGES_IN_THREADS
    } else {
        perm::SEND_MESSAGES
    }
}

/// The channel must be known (10003) and visible to the bot (50001);
/// returns the bot's effective permissions there.
fn channel_access(s: &State, c: u64) -> Result<u64, Answer> {
    match effective_permissions(s, c) {
        None => Err(unknown_channel()),
        Some(p) if p & perm::VIEW_CHANNEL == 0 => Err(missing_access()),
        Some(p) => Ok(p),
    }
}

/// A message of channel `c` that channel routes may see: ephemeral
/// messages exist only for their interaction's webhook.
fn channel_message(s: &State, c: u64, m: u64) -> Option<&Value> {
    s.messages.get(&m).filter(|msg| {
        msg["channel_id"] == json!(c.to_string())
            && msg["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0
    })
}

/// The files as the `files` of a message payload's checks.
fn file_count(files: &[Upload]) -> usize {
    files.len()
}

fn file_pairs(files: &[Upload]) -> Vec<(String, Vec<u8>)> {
    files
        .iter()
        .map(|u| (u.field.clone(), u.bytes.clone()))
        .collect()
}

/// Checks a message payload: 413 for a file over `limit`, 400 / 50035 for
/// the form, 400 / 50006 for an empty message when `creating`.
fn check_payload(
    path: &[String],
    body: &Value,
    files: &[Upload],
    limit: u64,
    creating: bool,
) -> Option<Answer> {
    if validate::files_too_large(&file_pairs(files), limit) {
        return Some(validate::too_large());
    }
    let mut e = FormErrors::default();
    validate::message(&mut e, path, body);
    if !e.is_empty() {
        return Some(e.reply());
    }
    if creating && validate::is_empty_message(body, file_count(files)) {
        return Some(validate::empty_message());
    }
    None
}

/// The guild's upload limit (10 MiB unless a test raised it).
fn upload_limit(s: &State, channel: u64) -> u64 {
    let guild = s.channels.get(&channel).map(|c| c.guild).unwrap_or(0);
    s.upload_limits
        .get(&guild)
        .copied()
        .unwrap_or(validate::DEFAULT_UPLOAD_LIMIT)
}

/// Builds and keeps a message of `author` in `channel` from `body` and
/// `files`.
pub fn store_message(
    s: &mut State,
    channel: u64,
    author: Value,
    body: &Value,
    files: &[Upload],
) -> Value {
    s.next_id += 1;
    let id = s.next_id;
    let mut m = message_json(id, channel, author, body["content"].as_str().unwrap_or(""));
    if let Some(c) = body.get("components").filter(|c| c.is_array()) {
        m["components"] = c.clone();
    }
    if let Some(c) = body.get("embeds").filter(|c| c.is_array()) {
        m["embeds"] = c.clone();
    }
    m["attachments"] = json!(attachments(s, files, body));
    if let Some(f) = body.get("flags").filter(|f| f.is_u64()) {
        m["flags"] = f.clone();
    }
    if let Some(n) = body.get("nonce").filter(|n| !n.is_null()) {
        m["nonce"] = n.clone();
    }
    if let Some(guild) = s
        .channels
        .get(&channel)
        .map(|c| c.guild)
        .filter(|g| *g != 0)
    {
        m["guild_id"] = json!(guild.to_string());
    }
    if let Some(reference) = body.get("message_reference").filter(|r| r.is_object()) {
        let mid = reference["message_id"]
            .as_str()
            .and_then(|x| x.parse::<u64>().ok());
        if let Some(referenced) = mid.and_then(|x| s.messages.get(&x)).cloned() {
            m["type"] = json!(19);
            m["message_reference"] = json!({"type": 0, "message_id": referenced["id"],
                "channel_id": referenced["channel_id"], "guild_id": m["guild_id"]});
            m["referenced_message"] = referenced;
        }
    }
    s.messages.insert(id, m.clone());
    s.by_channel.entry(channel).or_default().insert(id);
    s.echoes.push(("MESSAGE_CREATE", id));
    touch_thread(s, channel);
    m
}

fn attachments(s: &mut State, files: &[Upload], body: &Value) -> Vec<Value> {
    files
        .iter()
        .map(|u| {
            s.next_id += 1;
            let name = if u.filename.is_empty() {
                "file".to_string()
            } else {
                u.filename.clone()
            };
            let mut a = json!({"id": s.next_id.to_string(), "filename": name, "size": u.bytes.len(),
                   "url": format!("http://127.0.0.1/attachments/{}/{name}", s.next_id),
                   "proxy_url": format!("http://127.0.0.1/attachments/{}/{name}", s.next_id),
                   "content_type": content_type(&name)});
            // The upload `files[n]`'s entry in `attachments` (id `n`) may
            // give its alt text (`description`).
            if let Some(d) = described(body, &u.field) {
                a["description"] = json!(d);
            }
            a
        })
        .collect()
}

/// The `description` the body's `attachments` give the upload in form
/// field `field` (`files[n]`: the entry whose id is `n`).
fn described<'a>(body: &'a Value, field: &str) -> Option<&'a str> {
    let n = field.strip_prefix("files[")?.strip_suffix(']')?;
    body.get("attachments")?
        .as_array()?
        .iter()
        .find(|a| a["id"].to_string().trim_matches('"') == n)?
        .get("description")?
        .as_str()
}

fn content_type(name: &str) -> &'static str {
    if name.ends_with(".png") {
        "image/png"
    } else if name.ends_with(".gif") {
        "image/gif"
    } else {
        "text/plain; charset=utf-8"
    }
}

/// A message sent into an archived, unlocked thread unarchives it
/// (`developers/topics/threads.mdx`, "Active & Archived Threads").
fn touch_thread(s: &mut State, channel: u64) {
    if let Some(c) = s.channels.get_mut(&channel) {
        if c.is_thread() && c.archived && !c.locked {
            c.archived = false;
        }
    }
}

/// Applies an edit (`content`, `embeds`, `components`, `flags`'s
/// Suppress Embeds, `attachments` kept plus new files) to message `m`.
fn apply_edit(s: &mut State, m: u64, body: &Value, files: &[Upload]) -> Option<Value> {
    let new = attachments(s, files, body);
    let msg = s.messages.get_mut(&m)?;
    for field in ["content", "components", "embeds"] {
        if let Some(v) = body.get(field) {
            msg[field] = if v.is_null() {
                if field == "content" {
                    json!("")
                } else {
                    json!([])
                }
            } else {
                v.clone()
            };
        }
    }
    if let Some(f) = body.get("flags").and_then(Value::as_u64) {
        let old = msg["flags"].as_u64().unwrap_or(0);
        msg["flags"] = json!((old & !4) | (f & 4));
    }
    // "Any provided files will be appended"; with `attachments`, only the
    // listed ones stay (`developers/resources/message.mdx`, Edit Message).
    let mut kept: Vec<Value> = match body.get("attachments").and_then(Value::as_array) {
        Some(list) => {
            let ids: Vec<&Value> = list.iter().map(|a| &a["id"]).collect();
            msg["attachments"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .filter(|a| {
                    ids.iter().any(|id| {
                        id.to_string().trim_matches('"') == a["id"].as_str().unwrap_or("")
                    })
                })
                .collect()
        }
        None => msg["attachments"].as_array().cloned().unwrap_or_default(),
    };
    kept.extend(new);
    msg["attachments"] = json!(kept);
    msg["edited_timestamp"] = json!("2024-01-01T00:00:01.000000+00:00");
    let edited = msg.clone();
    s.echoes.push(("MESSAGE_UPDATE", m));
    Some(edited)
}

/// Create Message (`developers/resources/message.mdx`): the channel must
/// exist and be visible; forum, media and category channels take no
/// messages (`developers/topics/threads.mdx`, "Forums": "Messages cannot be
/// sent directly in forum channels"); Send Messages (in a thread: Send
/// Messages in Threads); files need Attach Files, embeds Embed Links, a
/// reply Read Message History, `tts` Send TTS Messages; a locked thread
/// needs Manage Threads; an archived, unlocked thread is unarchived by the
/// message. `enforce_nonce` returns the earlier message.
fn create_message(s: &mut State, c: u64, r: &Req<'_>) -> Answer {
    if !s.channels.contains_key(&c) {
        return unknown_channel();
    }
    if let Some(a) = check_payload(&[], r.json, r.files, upload_limit(s, c), true) {
        return a;
    }
    if let Some(user) = s.channels[&c].recipient {
        // A DM: no permissions apply, but the user may take none.
        if s.dms_closed.contains(&user) {
            return cannot_message_user();
        }
        let m = store_message(s, c, bot_json(), r.json, r.files);
        return (200, Some(m));
    }
    let p = match channel_access(s, c) {
        Err(a) => return a,
        Ok(p) => p,
    };
    let ch = s.channels[&c].clone();
    if matches!(
        ch.kind,
        kind::GUILD_FORUM | kind::GUILD_MEDIA | kind::GUILD_CATEGORY
    ) {
        return wrong_channel_type();
    }
    if ch.is_thread() && ch.locked && p & perm::MANAGE_THREADS == 0 {
        return if ch.archived {
            archived_thread()
        } else {
            thread_locked()
        };
    }
    let mut need = send_bit(&ch);
    if !r.files.is_empty() {
        need |= perm::ATTACH_FILES;
    }
    if r.json["embeds"].as_array().is_some_and(|e| !e.is_empty()) {
        need |= perm::EMBED_LINKS;
    }
    if r.json["message_reference"].is_object() {
        need |= perm::READ_MESSAGE_HISTORY;
    }
    if r.json["tts"] == json!(true) {
        need |= perm::SEND_TTS_MESSAGES;
    }
    if p & need != need {
        return missing_permissions();
    }
    if let Some(reference) = r.json.get("message_reference").filter(|x| x.is_object()) {
        let mid = reference["message_id"]
            .as_str()
            .and_then(|x| x.parse::<u64>().ok());
        let exists = mid.is_some_and(|m| s.messages.contains_key(&m));
        if !exists && reference["fail_if_not_exists"] != json!(false) {
            let mut e = FormErrors::default();
            e.add(
                &["message_reference".to_string()],
                "MESSAGE_REFERENCE_UNKNOWN_MESSAGE",
                "Unknown message",
            );
            return e.reply();
        }
    }
    // enforce_nonce: a second create with a nonce seen in the last few
    // minutes returns the first message (the same author is implied: the
    // bot).
    let nonce = (r.json["enforce_nonce"] == json!(true))
        .then(|| match &r.json["nonce"] {
            Value::String(n) => Some(n.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .flatten();
    if let Some(n) = &nonce {
        let earlier = s
            .nonces
            .get(n)
            .filter(|(_, at)| at.elapsed() < NONCE_WINDOW)
            .and_then(|(id, _)| s.messages.get(id).cloned());
        if let Some(m) = earlier {
            return (200, Some(m));
        }
    }
    let m = store_message(s, c, bot_json(), r.json, r.files);
    if let Some(n) = nonce {
        if s.lean && s.nonces.len() > 20_000 {
            s.nonces.retain(|_, (_, at)| at.elapsed() < NONCE_WINDOW);
        }
        let id: u64 = m["id"].as_str().unwrap().parse().unwrap();
        s.nonces.insert(n, (id, Instant::now()));
    }
    (200, Some(m))
}

/// Create DM (`developers/resources/user.mdx`, "Create DM"): `POST
/// /users/@me/channels` with `{"recipient_id"}` returns the DM channel
/// with that user (type 1), the same one each time ("if one already
/// exists, it will be returned instead"). Opening it always works; whether
/// the user takes messages shows on the first message (50007,
/// [`cannot_message_user`]).
fn create_dm(s: &mut State, r: &Req<'_>) -> Answer {
    let user = match &r.json["recipient_id"] {
        Value::String(u) => u.parse::<u64>().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    };
    let Some(user) = user else {
        let mut e = FormErrors::default();
        e.add(
            &["recipient_id".to_string()],
            "BASE_TYPE_REQUIRED",
            "This field is required",
        );
        return e.reply();
    };
    let id = open_dm(s, user);
    (200, Some(s.channels[&id].json()))
}

/// The DM channel of the bot with `user`, opened if there is none yet.
pub(crate) fn open_dm(s: &mut State, user: u64) -> u64 {
    match s.dms.get(&user) {
        Some(id) => *id,
        None => {
            s.next_id += 1;
            let id = s.next_id;
            s.dms.insert(user, id);
            s.channels.insert(id, Channel::dm(id, user));
            id
        }
    }
}

/// Get Channel Messages: View Channel and Read Message History; newest
/// first, `limit` 1–100 (default 50).
fn list_messages(s: &State, c: u64, query: &str) -> Answer {
    match channel_access(s, c) {
        Err(a) => a,
        Ok(p) if p & perm::READ_MESSAGE_HISTORY == 0 => missing_permissions(),
        Ok(_) => {
            let limit = query
                .split('&')
                .find_map(|kv| kv.strip_prefix("limit="))
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(50)
                .clamp(1, 100);
            // Newest first (`developers/resources/message.mdx`, Get Channel
            // Messages).
            let list: Vec<Value> = s
                .by_channel
                .get(&c)
                .into_iter()
                .flat_map(|ids| ids.iter().rev())
                .filter_map(|id| channel_message(s, c, *id).cloned())
                .take(limit)
                .collect();
            (200, Some(Value::Array(list)))
        }
    }
}

/// Edit Message (`developers/resources/message.mdx`): only the author's
/// own message (50005); not in an archived thread (50083:
/// `developers/topics/threads.mdx`, "Users cannot edit messages … in
/// archived threads") nor a locked one without Manage Threads (160005);
/// new files need Attach Files, embeds Embed Links.
fn edit_channel_message(s: &mut State, c: u64, m: u64, r: &Req<'_>) -> Answer {
    let p = match channel_access(s, c) {
        Err(a) => return a,
        Ok(p) => p,
    };
    let Some(msg) = channel_message(s, c, m) else {
        return unknown_message();
    };
    if msg["author"]["id"] != json!(BOT_ID.to_string()) {
        return not_the_author();
    }
    let ch = s.channels[&c].clone();
    if ch.is_thread() && ch.archived {
        return archived_thread();
    }
    if ch.is_thread() && ch.locked && p & perm::MANAGE_THREADS == 0 {
        return thread_locked();
    }
    if let Some(a) = check_payload(&[], r.json, r.files, upload_limit(s, c), false) {
        return a;
    }
    let mut need = 0;
    if !r.files.is_empty() {
        need |= perm::ATTACH_FILES;
    }
    if r.json["embeds"].as_array().is_some_and(|e| !e.is_empty()) {
        need |= perm::EMBED_LINKS;
    }
    if p & need != need {
        return missing_permissions();
    }
    if let Some(a) = old_message_edit(s, c, m) {
        return a;
    }
    match apply_edit(s, m, r.json, r.files) {
        Some(v) => (200, Some(v)),
        None => unknown_message(),
    }
}

/// An edit of message `m` in channel `c`: when `m` is older than an hour
/// (from its snowflake) and the channel had its [`super::OLD_EDITS`] of
/// those in the window, 429 / 30046 with the wait; otherwise the edit is
/// counted (`None`).
fn old_message_edit(s: &mut State, c: u64, m: u64) -> Option<Answer> {
    if snowflake_age(m) <= OLD_MESSAGE_AGE {
        return None;
    }
    let (limit, window) = s.cfg.old_edits;
    let now = Instant::now();
    let edits = s.old_edits.entry(c).or_default();
    edits.retain(|t| now.duration_since(*t) < window);
    if edits.len() < limit {
        edits.push(now);
        return None;
    }
    let wait = window.saturating_sub(now.duration_since(edits[0]));
    Some((
        429,
        Some(json!({
            "message": "Maximum number of edits to messages older than 1 hour reached. Try again later.",
            "code": 30046,
            "retry_after": wait.as_secs_f64(),
            "global": false,
        })),
    ))
}

/// Start Thread from Message (`developers/resources/channel.mdx`): in a
/// text channel a public thread (11), in an announcement channel an
/// announcement thread (10); refused in forum, media, voice, stage and
/// category channels and inside a thread (50024); one thread per message
/// (160004; the thread's id is the message's); Create Public Threads; name
/// 1–100.
fn start_thread(s: &mut State, c: u64, m: u64, r: &Req<'_>) -> Answer {
    let p = match channel_access(s, c) {
        Err(a) => return a,
        Ok(p) => p,
    };
    let mut e = FormErrors::default();
    validate::thread(&mut e, r.json);
    if !e.is_empty() {
        return e.reply();
    }
    let ch = s.channels[&c].clone();
    let thread_kind = match ch.kind {
        kind::GUILD_TEXT => kind::PUBLIC_THREAD,
        kind::GUILD_ANNOUNCEMENT => kind::ANNOUNCEMENT_THREAD,
        _ => return wrong_channel_type(),
    };
    if channel_message(s, c, m).is_none() {
        return unknown_message();
    }
    if s.threads_from.contains(&m) || s.channels.contains_key(&m) {
        return thread_exists();
    }
    if p & perm::CREATE_PUBLIC_THREADS == 0 {
        return missing_permissions();
    }
    let mut t = Channel::new(
        m,
        thread_kind,
        ch.guild,
        r.json["name"].as_str().unwrap_or(""),
    );
    t.parent = Some(c);
    t.owner = Some(BOT_ID);
    if let Some(d) = r.json["auto_archive_duration"].as_u64() {
        t.auto_archive = d;
    }
    let v = t.json();
    s.channels.insert(m, t);
    s.threads_from.insert(m);
    if let Some(msg) = s.messages.get_mut(&m) {
        msg["thread"] = v.clone();
    }
    (200, Some(v))
}

/// Modify Channel. A thread (`developers/resources/channel.mdx`, "JSON
/// Params (Thread)"; `developers/topics/threads.mdx`, "Editing & Deleting
/// Threads"): an archived thread takes no change unless the request sets
/// `archived: false` (50083); unarchiving an unlocked thread needs only
/// the right to send there; unarchiving a locked one, changing `locked`,
/// or slow mode needs Manage Threads; `name`, `archived` and
/// `auto_archive_duration` need Manage Threads or being the thread's
/// creator. Another channel needs Manage Channels.
fn modify_channel(s: &mut State, c: u64, r: &Req<'_>) -> Answer {
    let p = match channel_access(s, c) {
        Err(a) => return a,
        Ok(p) => p,
    };
    let ch = s.channels[&c].clone();
    if !ch.is_thread() {
        if p & perm::MANAGE_CHANNELS == 0 {
            return missing_permissions();
        }
        if let Some(n) = r.json["name"].as_str() {
            if let Some(c) = s.channels.get_mut(&c) {
                c.name = n.to_string();
            }
        }
        return (200, Some(s.channels[&c].json()));
    }
    let mut e = FormErrors::default();
    validate::thread_fields(&mut e, r.json);
    if !e.is_empty() {
        return e.reply();
    }
    let unarchive = r.json["archived"] == json!(false);
    if ch.archived && !unarchive {
        return archived_thread();
    }
    let manage = p & perm::MANAGE_THREADS != 0;
    let creator = ch.owner == Some(BOT_ID);
    let sets = |k: &str| r.json.get(k).is_some_and(|v| !v.is_null());
    // Unarchiving.
    if unarchive && ch.archived {
        if ch.locked && !manage {
            return missing_permissions();
        }
        if !ch.locked && p & perm::SEND_MESSAGES_IN_THREADS == 0 && !manage {
            return missing_permissions();
        }
    }
    if (sets("locked") || sets("rate_limit_per_user") || sets("invitable")) && !manage {
        return missing_permissions();
    }
    let archiving = r.json["archived"] == json!(true);
    if (sets("name") || archiving || sets("auto_archive_duration")) && !(manage || creator) {
        return missing_permissions();
    }
    let t = s.channels.get_mut(&c).expect("known");
    if let Some(a) = r.json["archived"].as_bool() {
        t.archived = a;
    }
    if let Some(l) = r.json["locked"].as_bool() {
        t.locked = l;
    }
    if let Some(n) = r.json["name"].as_str() {
        t.name = n.to_string();
    }
    if let Some(d) = r.json["auto_archive_duration"].as_u64() {
        t.auto_archive = d;
    }
    (200, Some(t.json()))
}

// ----------------------------------------------------------- interactions

/// Whether the interaction's token is past its 15 minutes
/// (`developers/interactions/receiving-and-responding.mdx`: "Interaction
/// tokens are valid for 15 minutes").
fn expired(s: &State, i: &Interaction) -> bool {
    i.pushed.elapsed() > s.cfg.token_lifetime
}

/// The message an interaction response creates: authored by the bot, with
/// `webhook_id` and `application_id` (the application) and
/// `interaction_metadata`.
fn interaction_message(s: &mut State, token: &str, body: &Value, files: &[Upload]) -> Value {
    let i = &s.interactions[token];
    let (channel, meta) = (i.channel, i.metadata());
    let mut m = store_message(s, channel, bot_json(), body, files);
    m["webhook_id"] = json!(BOT_ID.to_string());
    m["application_id"] = json!(BOT_ID.to_string());
    m["interaction_metadata"] = meta;
    let id: u64 = m["id"].as_str().unwrap().parse().unwrap();
    s.messages.insert(id, m.clone());
    m
}

/// Create Interaction Response
/// (`developers/interactions/receiving-and-responding.mdx`): an unknown
/// interaction, or the first callback more than 3 s after the interaction
/// was created, gets 404 / 10062 (and the token is invalidated: "If the 3
/// second deadline is exceeded, the token will be invalidated"); a second
/// callback 400 / 40060; the callback type must fit the interaction
/// ([`validate::callback_types`]); the data is a message (4, 7), choices
/// (8) or a modal (9). Interaction responses are not subject to the bot's
/// channel permissions (they are webhooks; `developers/change-log.mdx`,
/// 2022-06-29 "Changes to Bot Permissions for Interactions and Webhooks":
/// only Mention Everyone, Send TTS and Use External Emojis follow the
/// bot's permissions, which the fake does not check). Answers 204, or 200
/// with the callback response object when `with_response=true`.
fn callback(s: &mut State, iid: u64, token: &str, r: &Req<'_>) -> Answer {
    let Some(i) = s.interactions.get(token).filter(|i| i.id == iid) else {
        return unknown_interaction();
    };
    if i.acked.is_some() {
        return already_acknowledged();
    }
    if i.dead || i.pushed.elapsed() > s.cfg.ack_window {
        s.interactions.get_mut(token).unwrap().dead = true;
        return unknown_interaction();
    }
    let kind = r.json["type"].as_u64().unwrap_or(0);
    let allowed = validate::callback_types(i.kind, i.message.is_some());
    if !allowed.contains(&kind) {
        let mut e = FormErrors::default();
        let list: Vec<String> = allowed.iter().map(u64::to_string).collect();
        e.add(
            &["type".to_string()],
            "BASE_TYPE_CHOICES",
            format!("Value must be one of ({}).", list.join(", ")),
        );
        return e.reply();
    }
    let limit = i.size_limit;
    let (channel, message) = (i.channel, i.message);
    if matches!(kind, 4 | 7) && validate::files_too_large(&file_pairs(r.files), limit) {
        return validate::too_large();
    }
    let mut e = FormErrors::default();
    validate::callback(&mut e, r.json);
    if !e.is_empty() {
        return e.reply();
    }
    if kind == 4 && validate::is_empty_message(&r.json["data"], r.files.len()) {
        return validate::empty_message();
    }
    let ch = s.channels.get(&channel).cloned();
    let archived = ch.as_ref().is_some_and(|c| c.is_thread() && c.archived);
    let locked = ch.as_ref().is_some_and(|c| c.is_thread() && c.locked);
    let data = r.json["data"].clone();
    let mut created = None;
    match kind {
        4 | 5 => {
            if locked {
                return if archived {
                    archived_thread()
                } else {
                    thread_locked()
                };
            }
            let body = if kind == 4 {
                data.clone()
            } else {
                // A deferred response: the "loading" message, ephemeral if
                // asked (`EPHEMERAL` is the only flag a type 5 may set).
                let flags = data["flags"].as_u64().unwrap_or(0) & EPHEMERAL;
                json!({"content": "", "flags": flags | LOADING})
            };
            let files: &[Upload] = if kind == 4 { r.files } else { &[] };
            let m = interaction_message(s, token, &body, files);
            let id: u64 = m["id"].as_str().unwrap().parse().unwrap();
            let i = s.interactions.get_mut(token).unwrap();
            i.original = Some(id);
            i.loading = kind == 5;
            created = Some(m);
        }
        6 | 7 => {
            if kind == 7 {
                if archived {
                    return archived_thread();
                }
                if let Some(m) = message {
                    created = apply_edit(s, m, &data, r.files);
                }
            }
            s.interactions.get_mut(token).unwrap().original = message;
        }
        _ => {}
    }
    s.interactions.get_mut(token).unwrap().acked = Some(kind as u8);
    if r.query.split('&').any(|kv| kv == "with_response=true") {
        let i = &s.interactions[token];
        let mut resource = json!({"type": kind});
        if let Some(m) = &created {
            resource["message"] = m.clone();
        }
        return (
            200,
            Some(json!({
                "interaction": {"id": iid.to_string(), "type": i.kind,
                    "response_message_id": i.original.map(|m| m.to_string()),
                    "response_message_loading": kind == 5,
                    "response_message_ephemeral": created.as_ref().is_some_and(|m| m["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0)},
                "resource": resource
            })),
        );
    }
    (204, None)
}

/// The interaction webhooks (`…/receiving-and-responding.mdx`, "Followup
/// Messages"): the token of an interaction the fake pushed, for 15 minutes
/// (then 401 / 50027, as for an unknown token); only after the
/// interaction was acknowledged (404 / 10015 before); `POST` creates a
/// follow-up in the interaction's channel (right after a deferred
/// response it edits the loading message instead, as the page documents
/// for backwards compatibility); `GET`/`PATCH`/`DELETE`
/// `messages/@original` and `messages/{id}` of the token's own messages.
/// A follow-up into an archived thread unarchives it like any message; an
/// edit there gets 50083. Files are limited to the interaction's
/// `attachment_size_limit`.
fn webhook(s: &mut State, app: u64, token: &str, rest: &[&str], r: &Req<'_>) -> Answer {
    if app != BOT_ID {
        return unknown_webhook();
    }
    let Some(i) = s.interactions.get(token) else {
        return invalid_webhook_token();
    };
    if i.dead || expired(s, i) {
        return invalid_webhook_token();
    }
    if i.acked.is_none() {
        return unknown_webhook();
    }
    let limit = i.size_limit;
    let channel = i.channel;
    let target = match rest {
        [] => None,
        ["messages", "@original"] => Some(i.original),
        ["messages", m] => {
            let m = id(m);
            Some(Some(m).filter(|m| i.original == Some(*m) || i.followups.contains(m)))
        }
        _ => return (404, Some(json!({"message": "404: Not Found", "code": 0}))),
    };
    let ch = s.channels.get(&channel).cloned();
    let archived = ch.as_ref().is_some_and(|c| c.is_thread() && c.archived);
    let locked = ch.as_ref().is_some_and(|c| c.is_thread() && c.locked);
    match (r.method, target) {
        ("POST", None) => {
            if let Some(a) = check_payload(&[], r.json, r.files, limit, true) {
                return a;
            }
            if locked {
                return if archived {
                    archived_thread()
                } else {
                    thread_locked()
                };
            }
            // A follow-up is a webhook message: unlike a member's (or the
            // bot's channel) message it does not unarchive the thread, and
            // a public one is refused there (50083), as the bot met it.
            let ephemeral = r.json["flags"].as_u64().unwrap_or(0) & 64 != 0;
            if archived && !ephemeral && !s.interactions[token].loading {
                return archived_thread();
            }
            let i = &s.interactions[token];
            if i.loading {
                // "this endpoint will function as Edit Original
                // Interaction Response … the ephemeral flag will be
                // ignored".
                let original = i.original.expect("a deferred response");
                let mut body = r.json.clone();
                if let Some(o) = body.as_object_mut() {
                    o.remove("flags");
                }
                let m = finish_loading(s, token, original, &body, r.files);
                return (200, m);
            }
            let m = interaction_message(s, token, r.json, r.files);
            let id: u64 = m["id"].as_str().unwrap().parse().unwrap();
            s.interactions.get_mut(token).unwrap().followups.push(id);
            (200, Some(m))
        }
        ("GET", Some(Some(m))) => match s.messages.get(&m) {
            Some(v) => (200, Some(v.clone())),
            None => unknown_message(),
        },
        ("PATCH", Some(Some(m))) => {
            if !s.messages.contains_key(&m) {
                return unknown_message();
            }
            if archived {
                return archived_thread();
            }
            if let Some(a) = check_payload(&[], r.json, r.files, limit, false) {
                return a;
            }
            let is_original = s.interactions[token].original == Some(m);
            if is_original && s.interactions[token].loading {
                let v = finish_loading(s, token, m, r.json, r.files);
                return (200, v);
            }
            (200, apply_edit(s, m, r.json, r.files))
        }
        ("DELETE", Some(Some(m))) => {
            if s.messages.remove(&m).is_none() {
                return unknown_message();
            }
            (204, None)
        }
        (_, Some(None)) => unknown_message(),
        _ => (
            405,
            Some(json!({"message": "405: Method Not Allowed", "code": 0})),
        ),
    }
}

/// The loading message of a deferred response gets its content: the
/// `LOADING` flag goes, the ephemeral flag of the defer stays.
fn finish_loading(
    s: &mut State,
    token: &str,
    m: u64,
    body: &Value,
    files: &[Upload],
) -> Option<Value> {
    s.interactions.get_mut(token).unwrap().loading = false;
    let v = apply_edit(s, m, body, files)?;
    let msg = s.messages.get_mut(&m)?;
    let flags = msg["flags"].as_u64().unwrap_or(0) & !LOADING;
    msg["flags"] = json!(flags);
    let _ = v;
    Some(msg.clone())
}
