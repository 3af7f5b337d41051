//! Payload validation as Discord does it: 400 with JSON code 50035 "Invalid
//! Form Body" and a nested `errors` object naming the field
//! (discord-api-docs `developers/reference.mdx`, "Error Messages": each key
//! of the path is an object, array indices are keys `"0"`, `"1"`, …, and the
//! leaf holds `"_errors": [{"code", "message"}]`), 50006 for an empty
//! message, 413 / 40005 for a file over the limit.
//!
//! The error codes are Discord's where its documentation or the issue
//! trackers of the libraries show them (`BASE_TYPE_MAX_LENGTH`,
//! `BASE_TYPE_BAD_LENGTH`, `BASE_TYPE_REQUIRED`, `BASE_TYPE_CHOICES`,
//! `COMPONENT_CUSTOM_ID_DUPLICATED`, `COMPONENT_LAYOUT_WIDTH_EXCEEDED`,
//! `APPLICATION_COMMAND_INVALID_NAME`, `APPLICATION_COMMAND_TOO_LARGE`,
//! `MAX_EMBED_SIZE_EXCEEDED`, `MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE`);
//! where Discord publishes none, the fake names the rule in the same style
//! and says so on the constant.

use serde_json::{json, Map, Value};

/// The JSON error code of an invalid form body.
pub const INVALID_FORM_BODY: u64 = 50035;
/// The JSON error code of an empty message.
pub const EMPTY_MESSAGE: u64 = 50006;
/// The JSON error code of a request entity too large (HTTP 413).
pub const ENTITY_TOO_LARGE: u64 = 40005;

/// The largest request Discord accepts when sending a message
/// (`developers/resources/message.mdx`, Create Message, "Limitations":
/// 25 MiB).
pub const MAX_REQUEST_BYTES: usize = 25 * 1024 * 1024;

/// The default upload limit per file (`developers/reference.mdx`,
/// "Uploading Files": 10 MiB for all users unless Nitro or the server's
/// boost tier raise it).
pub const DEFAULT_UPLOAD_LIMIT: u64 = 10 * 1024 * 1024;

/// The locales command localizations may use (`developers/reference.mdx`,
/// "Locales").
pub const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// Message flag `EPHEMERAL` (1 << 6).
pub const EPHEMERAL: u64 = 1 << 6;
/// Message flag `LOADING` (1 << 7): a deferred interaction response.
pub const LOADING: u64 = 1 << 7;
/// Message flag `IS_COMPONENTS_V2` (1 << 15).
pub const IS_COMPONENTS_V2: u64 = 1 << 15;

/// The nested `errors` object of a 50035 answer, built leaf by leaf.
#[derive(Default, Debug)]
pub struct FormErrors {
    root: Map<String, Value>,
}

impl FormErrors {
    /// Adds `{"code", "message"}` under `path` (keys of nested objects;
    /// array indices as decimal strings).
    pub fn add(&mut self, path: &[String], code: &str, message: impl Into<String>) {
        let mut node = &mut self.root;
        for key in path {
            node = node
                .entry(key.clone())
                .or_insert_with(|| Value::Object(Map::new()))
                .as_object_mut()
                .expect("an object on the error path");
        }
        node.entry("_errors")
            .or_insert_with(|| json!([]))
            .as_array_mut()
            .expect("_errors is an array")
            .push(json!({"code": code, "message": message.into()}));
    }

    /// Whether nothing was found.
    pub fn is_empty(&self) -> bool {
        self.root.is_empty()
    }

    /// The 400 answer: `{"code": 50035, "message": "Invalid Form Body",
    /// "errors": …}`.
    pub fn reply(self) -> (u16, Option<Value>) {
        (
            400,
            Some(
                json!({"code": INVALID_FORM_BODY, "message": "Invalid Form Body", "errors": Value::Object(self.root)}),
            ),
        )
    }
}

/// `path` with `more` appended.
pub fn at(path: &[String], more: &[&str]) -> Vec<String> {
    let mut p = path.to_vec();
    p.extend(more.iter().map(|s| s.to_string()));
    p
}

/// The number of characters Discord counts in `s` (Unicode scalar values).
fn len(s: &str) -> usize {
    s.chars().count()
}

/// Checks that the string at `field` of `obj` (if present and a string)
/// is `min..=max` characters: `BASE_TYPE_BAD_LENGTH` ("Must be between
/// {min} and {max} in length."), or `BASE_TYPE_MAX_LENGTH` ("Must be {max}
/// or fewer in length.") when `min` is 0.
pub fn check_len(
    e: &mut FormErrors,
    path: &[String],
    obj: &Value,
    field: &str,
    min: usize,
    max: usize,
) {
    if let Some(s) = obj.get(field).and_then(Value::as_str) {
        let n = len(s);
        if n < min || n > max {
            length_error(e, &at(path, &[field]), min, max);
        }
    }
}

/// The length error of `path` for the range `min..=max`.
pub fn length_error(e: &mut FormErrors, path: &[String], min: usize, max: usize) {
    if min == 0 {
        e.add(
            path,
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {max} or fewer in length."),
        );
    } else {
        e.add(
            path,
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between {min} and {max} in length."),
        );
    }
}

fn required(e: &mut FormErrors, path: &[String]) {
    e.add(path, "BASE_TYPE_REQUIRED", "This field is required");
}

fn choices(e: &mut FormErrors, path: &[String], allowed: &[u64]) {
    let list: Vec<String> = allowed.iter().map(u64::to_string).collect();
    e.add(
        path,
        "BASE_TYPE_CHOICES",
        format!("Value must be one of ({}).", list.join(", ")),
    );
}

/// Validates a message payload (Create Message, Edit Message, an
/// interaction callback's `data`, Execute Webhook / follow-ups, Edit
/// Webhook Message), adding what is wrong under `path` (empty for a
/// top-level body, `["data"]` for a callback).
///
/// Rules (`developers/resources/message.mdx`, Create Message "JSON/Form
/// Params" and "Embed Limits", Allowed Mentions Object;
/// `developers/components/reference.mdx`, "Custom ID", "Action Row",
/// "Button", "String Select", "Legacy Message Component Behavior"):
/// content ≤ 2000 characters; nonce ≤ 25 characters; ≤ 10 embeds with
/// title ≤ 256, description ≤ 4096, ≤ 25 fields (name ≤ 256, value ≤
/// 1024), footer ≤ 2048, author ≤ 256 and ≤ 6000 characters in all; ≤ 3
/// stickers; `allowed_mentions.parse` exclusive with `users`/`roles` of the
/// same kind, ≤ 100 each; without `IS_COMPONENTS_V2`: ≤ 5 top-level action
/// rows, each with 1–5 buttons or one select; a button's label ≤ 80, a
/// non-link button's `custom_id` required and 1–100, a link button's `url`
/// required (≤ 512) and no `custom_id`; a select's `custom_id` 1–100,
/// placeholder ≤ 150, 1–25 options (label and value 1–100, description ≤
/// 100); every `custom_id` unique within the message; with
/// `IS_COMPONENTS_V2`: ≤ 40 components in all; an attachment's
/// `description` (its alt text) ≤ 1024 (Attachment Object).
pub fn message(e: &mut FormErrors, path: &[String], body: &Value) {
    check_len(e, path, body, "content", 0, 2000);
    if let Some(list) = body.get("attachments").and_then(Value::as_array) {
        for (i, a) in list.iter().enumerate() {
            let p = at(path, &["attachments", &i.to_string()]);
            check_len(e, &p, a, "description", 0, 1024);
        }
    }
    if let Some(n) = body.get("nonce").and_then(Value::as_str) {
        if len(n) > 25 {
            length_error(e, &at(path, &["nonce"]), 0, 25);
        }
    }
    if let Some(embeds) = body.get("embeds").and_then(Value::as_array) {
        embeds_errors(e, &at(path, &["embeds"]), embeds);
    }
    if let Some(stickers) = body.get("sticker_ids").and_then(Value::as_array) {
        if stickers.len() > 3 {
            length_error(e, &at(path, &["sticker_ids"]), 0, 3);
        }
    }
    if let Some(am) = body.get("allowed_mentions").filter(|v| v.is_object()) {
        allowed_mentions(e, &at(path, &["allowed_mentions"]), am);
    }
    let flags = body.get("flags").and_then(Value::as_u64).unwrap_or(0);
    if let Some(components) = body.get("components").and_then(Value::as_array) {
        components_errors(
            e,
            &at(path, &["components"]),
            components,
            flags & IS_COMPONENTS_V2 != 0,
        );
    }
}

fn allowed_mentions(e: &mut FormErrors, path: &[String], am: &Value) {
    let parse: Vec<&str> = am
        .get("parse")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for (i, p) in parse.iter().enumerate() {
        if !["roles", "users", "everyone"].contains(p) {
            e.add(
                &at(path, &["parse", &i.to_string()]),
                "BASE_TYPE_CHOICES",
                "Value must be one of ('roles', 'users', 'everyone').",
            );
        }
    }
    for (kind, field) in [("users", "users"), ("roles", "roles")] {
        let ids = am.get(field).and_then(Value::as_array);
        if let Some(ids) = ids {
            if ids.len() > 100 {
                length_error(e, &at(path, &[field]), 0, 100);
            }
            if !ids.is_empty() && parse.contains(&kind) {
                e.add(
                    &at(path, &["parse"]),
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    format!("parse:[\"{kind}\"] and {field}: [ids...] are mutually exclusive."),
                );
            }
        }
    }
}

fn embeds_errors(e: &mut FormErrors, path: &[String], embeds: &[Value]) {
    if embeds.len() > 10 {
        length_error(e, path, 0, 10);
    }
    let mut total = 0usize;
    let mut count = |v: Option<&Value>| {
        total += v
            .and_then(Value::as_str)
            .map(|s| len(s.trim()))
            .unwrap_or(0);
    };
    for (i, em) in embeds.iter().enumerate() {
        let p = at(path, &[&i.to_string()]);
        check_len(e, &p, em, "title", 0, 256);
        check_len(e, &p, em, "description", 0, 4096);
        count(em.get("title"));
        count(em.get("description"));
        if let Some(fields) = em.get("fields").and_then(Value::as_array) {
            if fields.len() > 25 {
                length_error(e, &at(&p, &["fields"]), 0, 25);
            }
            for (j, f) in fields.iter().enumerate() {
                let fp = at(&p, &["fields", &j.to_string()]);
                check_len(e, &fp, f, "name", 0, 256);
                check_len(e, &fp, f, "value", 0, 1024);
                count(f.get("name"));
                count(f.get("value"));
            }
        }
        if let Some(footer) = em.get("footer") {
            check_len(e, &at(&p, &["footer"]), footer, "text", 0, 2048);
            count(footer.get("text"));
        }
        if let Some(author) = em.get("author") {
            check_len(e, &at(&p, &["author"]), author, "name", 0, 256);
            count(author.get("name"));
        }
    }
    if total > 6000 {
        e.add(
            path,
            "MAX_EMBED_SIZE_EXCEEDED",
            "Embed size exceeds maximum size of 6000",
        );
    }
}

fn components_errors(e: &mut FormErrors, path: &[String], rows: &[Value], v2: bool) {
    let mut seen: Vec<String> = Vec::new();
    if v2 {
        fn count(v: &[Value]) -> usize {
            v.iter()
                .map(|c| {
                    1 + c
                        .get("components")
                        .and_then(Value::as_array)
                        .map(|a| count(a))
                        .unwrap_or(0)
                        + c.get("accessory").map(|_| 1).unwrap_or(0)
                })
                .sum()
        }
        if count(rows) > 40 {
            length_error(e, path, 0, 40);
        }
        return;
    }
    if rows.len() > 5 {
        length_error(e, path, 0, 5);
    }
    for (i, row) in rows.iter().enumerate() {
        let rp = at(path, &[&i.to_string()]);
        if row["type"].as_u64() != Some(1) {
            choices(e, &at(&rp, &["type"]), &[1]);
            continue;
        }
        let children = row["components"].as_array().cloned().unwrap_or_default();
        if children.is_empty() || children.len() > 5 {
            length_error(e, &at(&rp, &["components"]), 1, 5);
        }
        let selects = children
            .iter()
            .filter(|c| matches!(c["type"].as_u64(), Some(3 | 5 | 6 | 7 | 8)))
            .count();
        if selects > 0 && children.len() > 1 {
            e.add(
                &at(&rp, &["components"]),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            );
        }
        for (j, c) in children.iter().enumerate() {
            let cp = at(&rp, &["components", &j.to_string()]);
            match c["type"].as_u64() {
                Some(2) => button(e, &cp, c),
                Some(3 | 5 | 6 | 7 | 8) => select(e, &cp, c),
                _ => choices(e, &at(&cp, &["type"]), &[2, 3, 5, 6, 7, 8]),
            }
            if let Some(id) = c.get("custom_id").and_then(Value::as_str) {
                if seen.iter().any(|s| s == id) {
                    e.add(
                        &at(&cp, &["custom_id"]),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    );
                } else {
                    seen.push(id.to_string());
                }
            }
        }
    }
}

fn button(e: &mut FormErrors, p: &[String], b: &Value) {
    let style = b["style"].as_u64().unwrap_or(0);
    if !(1..=6).contains(&style) {
        choices(e, &at(p, &["style"]), &[1, 2, 3, 4, 5, 6]);
    }
    check_len(e, p, b, "label", 0, 80);
    match style {
        5 => {
            if b.get("url").and_then(Value::as_str).is_none() {
                required(e, &at(p, &["url"]));
            }
            check_len(e, p, b, "url", 1, 512);
            if b.get("custom_id").is_some_and(|v| !v.is_null()) {
                e.add(
                    &at(p, &["custom_id"]),
                    "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                    "A link button cannot have a custom_id",
                );
            }
        }
        6 => {
            if b.get("sku_id").is_none() {
                required(e, &at(p, &["sku_id"]));
            }
        }
        _ => match b.get("custom_id").and_then(Value::as_str) {
            None => required(e, &at(p, &["custom_id"])),
            Some(_) => check_len(e, p, b, "custom_id", 1, 100),
        },
    }
}

fn select(e: &mut FormErrors, p: &[String], s: &Value) {
    match s.get("custom_id").and_then(Value::as_str) {
        None => required(e, &at(p, &["custom_id"])),
        Some(_) => check_len(e, p, s, "custom_id", 1, 100),
    }
    check_len(e, p, s, "placeholder", 0, 150);
    // min_values 0–25 (default 1), max_values 1–25 (default 1), min ≤ max
    // and max ≤ the options (developers/components/reference, "String
    // Select"). The limits are documented, the error codes of the last two
    // are not: those two codes are the fake's own names.
    let min = s.get("min_values").and_then(Value::as_u64);
    let max = s.get("max_values").and_then(Value::as_u64);
    if min.is_some_and(|m| m > 25) {
        e.add(
            &at(p, &["min_values"]),
            "NUMBER_TYPE_MAX",
            "int value should be less than or equal to 25.",
        );
    }
    if max.is_some_and(|m| !(1..=25).contains(&m)) {
        e.add(
            &at(p, &["max_values"]),
            "NUMBER_TYPE_MAX",
            "int value should be between 1 and 25.",
        );
    }
    if min.unwrap_or(1) > max.unwrap_or(1) {
        e.add(
            &at(p, &["min_values"]),
            "SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX_VALUES",
            "min_values must be less than or equal to max_values.",
        );
    }
    if s["type"].as_u64() == Some(3) {
        let options = s["options"].as_array().cloned().unwrap_or_default();
        if options.is_empty() || options.len() > 25 {
            length_error(e, &at(p, &["options"]), 1, 25);
        }
        if max.is_some_and(|m| m as usize > options.len()) {
            e.add(
                &at(p, &["max_values"]),
                "SELECT_COMPONENT_MAX_VALUES_GREATER_THAN_OPTIONS",
                "max_values must be less than or equal to the number of options.",
            );
        }
        for (k, o) in options.iter().enumerate() {
            let op = at(p, &["options", &k.to_string()]);
            check_len(e, &op, o, "label", 1, 100);
            check_len(e, &op, o, "value", 1, 100);
            check_len(e, &op, o, "description", 0, 100);
        }
    }
}

/// Whether a create-message payload has nothing to show: no content, no
/// embeds, no stickers, no components, no files, no poll
/// (`developers/resources/message.mdx`, Create Message: "At least one of
/// `content`, `embeds`, `sticker_ids`, `components`, `files[n]`, `poll`, or
/// `shared_client_theme` is required"). Answered 400 / 50006 "Cannot send
/// an empty message".
pub fn is_empty_message(body: &Value, files: usize) -> bool {
    let nonempty_str = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .is_some_and(|s| !s.is_empty())
    };
    let nonempty_arr = |k: &str| {
        body.get(k)
            .and_then(Value::as_array)
            .is_some_and(|a| !a.is_empty())
    };
    !(nonempty_str("content")
        || nonempty_arr("embeds")
        || nonempty_arr("sticker_ids")
        || nonempty_arr("components")
        || files > 0
        || body.get("poll").is_some_and(|p| !p.is_null())
        || body
            .get("shared_client_theme")
            .is_some_and(|p| !p.is_null()))
}

/// The 400 answer to an empty message.
pub fn empty_message() -> (u16, Option<Value>) {
    (
        400,
        Some(json!({"code": EMPTY_MESSAGE, "message": "Cannot send an empty message"})),
    )
}

/// The 413 answer when a file is over the limit or the request over 25 MiB
/// (`developers/topics/opcodes-and-status-codes.mdx`, JSON code 40005
/// "Request entity too large. Try sending something smaller in size").
pub fn too_large() -> (u16, Option<Value>) {
    (
        413,
        Some(json!({"code": ENTITY_TOO_LARGE, "message": "Request entity too large"})),
    )
}

/// Whether any of `files` is bigger than `limit` bytes, or all of them
/// together bigger than [`MAX_REQUEST_BYTES`].
pub fn files_too_large(files: &[(String, Vec<u8>)], limit: u64) -> bool {
    files.iter().any(|(_, b)| b.len() as u64 > limit)
        || files.iter().map(|(_, b)| b.len()).sum::<usize>() > MAX_REQUEST_BYTES
}

/// Validates the JSON of Start Thread from Message
/// (`developers/resources/channel.mdx`: `name` 1–100 characters and
/// required, `auto_archive_duration` one of 60, 1440, 4320, 10080,
/// `rate_limit_per_user` 0–21600).
pub fn thread(e: &mut FormErrors, body: &Value) {
    match body.get("name").and_then(Value::as_str) {
        None => required(e, &["name".to_string()]),
        Some(_) => check_len(e, &[], body, "name", 1, 100),
    }
    thread_fields(e, body);
}

/// The thread fields a Modify Channel may carry (name 1–100,
/// auto-archive duration, slow mode).
pub fn thread_fields(e: &mut FormErrors, body: &Value) {
    check_len(e, &[], body, "name", 1, 100);
    if let Some(d) = body.get("auto_archive_duration").filter(|v| !v.is_null()) {
        if !matches!(d.as_u64(), Some(60 | 1440 | 4320 | 10080)) {
            choices(
                e,
                &["auto_archive_duration".to_string()],
                &[60, 1440, 4320, 10080],
            );
        }
    }
    if let Some(r) = body.get("rate_limit_per_user").filter(|v| !v.is_null()) {
        if r.as_u64().is_none_or(|r| r > 21600) {
            e.add(
                &["rate_limit_per_user".to_string()],
                "NUMBER_TYPE_MAX",
                "int value should be less than or equal to 21600.",
            );
        }
    }
}

/// The callback types allowed for an interaction of `kind`
/// (`developers/interactions/receiving-and-responding.mdx`, "Interaction
/// Callback Type": 6 and 7 only for component-based interactions, 8 only
/// for autocomplete, 9 not for modal submits; 1 only answers a PING).
pub fn callback_types(kind: u8, from_component: bool) -> &'static [u64] {
    match kind {
        1 => &[1],
        2 => &[4, 5, 9],
        3 => &[4, 5, 6, 7, 9],
        4 => &[8],
        5 if from_component => &[4, 5, 6, 7],
        5 => &[4, 5],
        _ => &[],
    }
}

/// Validates an interaction callback's body of `kind` (already known to
/// be allowed): the message data of types 4 and 7 (under `data`), the
/// choices of 8 (≤ 25, name 1–100, a string value ≤ 100), the modal of 9
/// (`custom_id` 1–100, title 1–45, 1–5 components).
pub fn callback(e: &mut FormErrors, body: &Value) {
    let data = &body["data"];
    let dp = vec!["data".to_string()];
    match body["type"].as_u64() {
        Some(4 | 7) => message(e, &dp, data),
        Some(8) => {
            let list = data["choices"].as_array().cloned().unwrap_or_default();
            if list.len() > 25 {
                length_error(e, &at(&dp, &["choices"]), 0, 25);
            }
            for (i, c) in list.iter().enumerate() {
                let cp = at(&dp, &["choices", &i.to_string()]);
                check_len(e, &cp, c, "name", 1, 100);
                check_len(e, &cp, c, "value", 0, 100);
            }
        }
        Some(9) => {
            match data.get("custom_id").and_then(Value::as_str) {
                None => required(e, &at(&dp, &["custom_id"])),
                Some(_) => check_len(e, &dp, data, "custom_id", 1, 100),
            }
            match data.get("title").and_then(Value::as_str) {
                None => required(e, &at(&dp, &["title"])),
                Some(_) => check_len(e, &dp, data, "title", 1, 45),
            }
            let n = data["components"].as_array().map(Vec::len).unwrap_or(0);
            if !(1..=5).contains(&n) {
                length_error(e, &at(&dp, &["components"]), 1, 5);
            }
        }
        _ => {}
    }
}

// ------------------------------------------------------------- commands

/// The most commands of one type in one scope
/// (`developers/interactions/application-commands.mdx`, "Registering a
/// Command": 100 `CHAT_INPUT`, 15 `USER`, 15 `MESSAGE`).
fn max_commands(kind: u64) -> usize {
    match kind {
        2 | 3 => 15,
        4 => 1,
        _ => 100,
    }
}

/// Whether `name` is a valid `CHAT_INPUT` command or option name:
/// `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, and lowercase wherever
/// a letter has a lowercase variant
/// (`developers/interactions/application-commands.mdx`, "Application
/// Command Naming"). Devanagari (U+0900–U+097F) and Thai (U+0E00–U+0E7F)
/// include their combining marks.
pub fn valid_name(name: &str) -> bool {
    let n = len(name);
    (1..=32).contains(&n)
        && name.chars().all(|c| {
            let script =
                ('\u{0900}'..='\u{097F}').contains(&c) || ('\u{0E00}'..='\u{0E7F}').contains(&c);
            (c == '-' || c == '_' || c == '\'' || c.is_alphanumeric() || script)
                && c.to_lowercase().eq(std::iter::once(c))
        })
}

/// Whether `obj[key]` is given: present, not `null`, not an empty array
/// (serenity sends `"choices": []` and `"min_value": null` for options
/// that have none, and Discord takes that as absent).
fn given(obj: &Value, key: &str) -> bool {
    match obj.get(key) {
        None | Some(Value::Null) => false,
        Some(Value::Array(a)) => !a.is_empty(),
        Some(_) => true,
    }
}

/// Fields counted towards a command's 8000 characters and the fields a
/// command registration recorded as deprecated.
#[derive(Default)]
struct CommandScan {
    size: usize,
}

impl CommandScan {
    /// Counts the longest of a field's default value and its
    /// localizations (`…application-commands.mdx`, "Slash Commands": "only
    /// the longest localization for each field (including the default
    /// value) is counted").
    fn count(&mut self, obj: &Value, field: &str) {
        let default = obj.get(field).and_then(Value::as_str).map(len).unwrap_or(0);
        let longest = obj
            .get(format!("{field}_localizations"))
            .and_then(Value::as_object)
            .map(|m| {
                m.values()
                    .filter_map(Value::as_str)
                    .map(len)
                    .max()
                    .unwrap_or(0)
            })
            .unwrap_or(0);
        self.size += default.max(longest);
    }
}

/// Validates one localization dictionary `obj[field_localizations]`: keys
/// are Discord locales, values follow `check` (the field's own rule).
fn localizations(
    e: &mut FormErrors,
    path: &[String],
    obj: &Value,
    field: &str,
    check: &dyn Fn(&str) -> Option<(&'static str, String)>,
) {
    let key = format!("{field}_localizations");
    let Some(map) = obj.get(&key).and_then(Value::as_object) else {
        return;
    };
    for (locale, v) in map {
        let lp = at(path, &[&key, locale]);
        if !LOCALES.contains(&locale.as_str()) {
            e.add(
                &lp,
                "BASE_TYPE_CHOICES",
                format!("Value must be one of {LOCALES:?}."),
            );
            continue;
        }
        if let Some((code, message)) = v.as_str().and_then(check) {
            e.add(&lp, code, message);
        }
    }
}

fn name_rule(chat_input: bool) -> impl Fn(&str) -> Option<(&'static str, String)> {
    move |s: &str| {
        let n = len(s);
        if !(1..=32).contains(&n) {
            Some((
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 32 in length.".into(),
            ))
        } else if chat_input && !valid_name(s) {
            Some((
                "APPLICATION_COMMAND_INVALID_NAME",
                "Command name is invalid".into(),
            ))
        } else {
            None
        }
    }
}

fn description_rule(s: &str) -> Option<(&'static str, String)> {
    (!(1..=100).contains(&len(s))).then(|| {
        (
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 100 in length.".into(),
        )
    })
}

/// Validates a Bulk Overwrite (`PUT /applications/{app}/commands` or the
/// guild variant): an array of commands, each checked as Discord
/// documents (`developers/interactions/application-commands.mdx`,
/// "Application Command Structure", "Application Command Option
/// Structure", "Application Command Option Choice Structure",
/// "Registering a Command", "Localization", "Slash Commands"):
///
/// - `name` 1–32, and for `CHAT_INPUT` the naming pattern, lowercase;
///   names unique per type; ≤ 100 `CHAT_INPUT` (15 `USER`, 15 `MESSAGE`)
///   commands;
/// - `description` 1–100 for `CHAT_INPUT`, empty for `USER` and
///   `MESSAGE`;
/// - every `*_localizations` key a Discord locale, every value following
///   its field's rule;
/// - ≤ 25 options, names unique, required options before optional ones,
///   subcommand groups holding only subcommands and subcommands no
///   subcommand, `choices` (≤ 25; name 1–100; a string value ≤ 100) only
///   on string, integer and number options and not with `autocomplete`,
///   `channel_types` only on channel options, `min_value`/`max_value`
///   only on integer and number options, `min_length` 0–6000 and
///   `max_length` 1–6000 only on string options;
/// - a localized option name distinct from the other option names of its
///   level in its locale and from their default names;
/// - ≤ 8000 characters of names, descriptions and choice values per
///   command (the longest localization of each field counts):
///   `APPLICATION_COMMAND_TOO_LARGE` under the command's index.
///
/// Deprecated fields (`dm_permission`, `default_permission`) are not
/// refused; their paths (`"3.dm_permission"`) are returned as the second
/// value.
pub fn commands(body: &Value) -> (FormErrors, Vec<String>) {
    let mut e = FormErrors::default();
    let mut deprecated = Vec::new();
    let Some(list) = body.as_array() else {
        e.add(&[], "BASE_TYPE_ARRAY", "Must be an array.");
        return (e, deprecated);
    };
    let mut per_type: std::collections::HashMap<u64, Vec<String>> = Default::default();
    for (i, c) in list.iter().enumerate() {
        let p = vec![i.to_string()];
        let kind = c.get("type").and_then(Value::as_u64).unwrap_or(1);
        let chat_input = kind == 1;
        for field in ["dm_permission", "default_permission"] {
            if given(c, field) {
                deprecated.push(format!("{i}.{field}"));
            }
        }
        match c.get("name").and_then(Value::as_str) {
            None => required(&mut e, &at(&p, &["name"])),
            Some(n) => {
                if let Some((code, m)) = name_rule(chat_input)(n) {
                    e.add(&at(&p, &["name"]), code, m);
                }
                let names = per_type.entry(kind).or_default();
                if names.iter().any(|x| x == n) {
                    e.add(
                        &at(&p, &["name"]),
                        "APPLICATION_COMMANDS_DUPLICATE_NAME",
                        "Application command names must be unique",
                    );
                }
                names.push(n.to_string());
            }
        }
        localizations(&mut e, &p, c, "name", &name_rule(chat_input));
        let description = c.get("description").and_then(Value::as_str);
        if chat_input {
            match description {
                None => required(&mut e, &at(&p, &["description"])),
                Some(d) => {
                    if let Some((code, m)) = description_rule(d) {
                        e.add(&at(&p, &["description"]), code, m);
                    }
                }
            }
            localizations(&mut e, &p, c, "description", &description_rule);
        } else if description.is_some_and(|d| !d.is_empty()) {
            length_error(&mut e, &at(&p, &["description"]), 0, 0);
        }
        let mut scan = CommandScan::default();
        scan.count(c, "name");
        scan.count(c, "description");
        if let Some(options) = c.get("options").and_then(Value::as_array) {
            if !chat_input && !options.is_empty() {
                e.add(
                    &at(&p, &["options"]),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Only CHAT_INPUT commands may have options",
                );
            }
            options_errors(&mut e, &at(&p, &["options"]), options, 0, &mut scan);
        }
        if scan.size > 8000 {
            e.add(
                &p,
                "APPLICATION_COMMAND_TOO_LARGE",
                "Command exceeds maximum size (8000)",
            );
        }
    }
    for (kind, names) in per_type {
        if names.len() > max_commands(kind) {
            length_error(&mut e, &[], 0, max_commands(kind));
        }
    }
    (e, deprecated)
}

/// The options of a command (depth 0), a subcommand group (1) or a
/// subcommand (1 or 2).
fn options_errors(
    e: &mut FormErrors,
    path: &[String],
    options: &[Value],
    depth: u8,
    scan: &mut CommandScan,
) {
    if options.len() > 25 {
        length_error(e, path, 0, 25);
    }
    let mut names: Vec<&str> = Vec::new();
    let mut optional_seen = false;
    // (option index, locale, localized name)
    let mut localized: Vec<(usize, String, String)> = Vec::new();
    for (i, o) in options.iter().enumerate() {
        let p = at(path, &[&i.to_string()]);
        let kind = o["type"].as_u64().unwrap_or(0);
        if !(1..=11).contains(&kind) {
            choices(e, &at(&p, &["type"]), &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        }
        match o.get("name").and_then(Value::as_str) {
            None => required(e, &at(&p, &["name"])),
            Some(n) => {
                if let Some((code, m)) = name_rule(true)(n) {
                    e.add(&at(&p, &["name"]), code, m);
                }
                if names.contains(&n) {
                    e.add(
                        &at(&p, &["name"]),
                        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                        "Option names must be unique",
                    );
                }
                names.push(n);
            }
        }
        localizations(e, &p, o, "name", &name_rule(true));
        if let Some(map) = o.get("name_localizations").and_then(Value::as_object) {
            for (locale, v) in map {
                if let Some(v) = v.as_str() {
                    localized.push((i, locale.clone(), v.to_string()));
                }
            }
        }
        match o.get("description").and_then(Value::as_str) {
            None => required(e, &at(&p, &["description"])),
            Some(d) => {
                if let Some((code, m)) = description_rule(d) {
                    e.add(&at(&p, &["description"]), code, m);
                }
            }
        }
        localizations(e, &p, o, "description", &description_rule);
        scan.count(o, "name");
        scan.count(o, "description");
        let is_sub = kind == 1 || kind == 2;
        if is_sub {
            if kind == 2 && depth > 0 || kind == 1 && depth > 1 {
                e.add(
                    &at(&p, &["type"]),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "Subcommands cannot be nested this deep",
                );
            }
            let inner = o["options"].as_array().cloned().unwrap_or_default();
            if kind == 2 && inner.iter().any(|x| x["type"].as_u64() != Some(1)) {
                e.add(
                    &at(&p, &["options"]),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "A subcommand group may only hold subcommands",
                );
            }
            options_errors(e, &at(&p, &["options"]), &inner, depth + 1, scan);
            continue;
        }
        let is_required = o["required"].as_bool().unwrap_or(false);
        if is_required && optional_seen {
            e.add(
                &at(&p, &["required"]),
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                "Required options must be placed before non-required options",
            );
        }
        optional_seen |= !is_required;
        let numeric = kind == 4 || kind == 10;
        if let Some(list) = o.get("choices").and_then(Value::as_array) {
            if !(kind == 3 || numeric || list.is_empty()) {
                e.add(
                    &at(&p, &["choices"]),
                    "APPLICATION_COMMAND_OPTION_CHOICES_TYPE_INVALID",
                    "Choices are only allowed on string, integer and number options",
                );
            }
            if o["autocomplete"].as_bool() == Some(true) && !list.is_empty() {
                e.add(
                    &at(&p, &["autocomplete"]),
                    "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES",
                    "Autocomplete may not be set to true if choices are present",
                );
            }
            if list.len() > 25 {
                length_error(e, &at(&p, &["choices"]), 0, 25);
            }
            for (j, ch) in list.iter().enumerate() {
                let cp = at(&p, &["choices", &j.to_string()]);
                match ch.get("name").and_then(Value::as_str) {
                    None => required(e, &at(&cp, &["name"])),
                    Some(_) => check_len(e, &cp, ch, "name", 1, 100),
                }
                localizations(e, &cp, ch, "name", &|s: &str| {
                    (!(1..=100).contains(&len(s))).then(|| {
                        (
                            "BASE_TYPE_BAD_LENGTH",
                            "Must be between 1 and 100 in length.".into(),
                        )
                    })
                });
                check_len(e, &cp, ch, "value", 0, 100);
                scan.count(ch, "name");
                if let Some(v) = ch.get("value").and_then(Value::as_str) {
                    scan.size += len(v);
                }
            }
        }
        if given(o, "channel_types") && kind != 7 {
            e.add(
                &at(&p, &["channel_types"]),
                "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                "channel_types is only allowed on channel options",
            );
        }
        for field in ["min_value", "max_value"] {
            if given(o, field) && !numeric {
                e.add(
                    &at(&p, &[field]),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    format!("{field} is only allowed on integer and number options"),
                );
            }
        }
        for (field, min) in [("min_length", 0u64), ("max_length", 1)] {
            if let Some(v) = o.get(field).filter(|_| given(o, field)) {
                if kind != 3 {
                    e.add(
                        &at(&p, &[field]),
                        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                        format!("{field} is only allowed on string options"),
                    );
                } else if !v.as_u64().is_some_and(|v| (min..=6000).contains(&v)) {
                    e.add(
                        &at(&p, &[field]),
                        "NUMBER_TYPE_MAX",
                        format!("int value should be between {min} and 6000."),
                    );
                }
            }
        }
    }
    // A localized option name must differ from every other default option
    // name of the level and from the other option names in its locale.
    for (k, (i, locale, n)) in localized.iter().enumerate() {
        let clash_default = options
            .iter()
            .enumerate()
            .any(|(j, o)| j != *i && o["name"].as_str() == Some(n.as_str()));
        let clash_locale = localized[..k].iter().any(|(_, l, m)| l == locale && m == n);
        if clash_default || clash_locale {
            e.add(
                &at(path, &[&i.to_string(), "name_localizations", locale]),
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                format!("Localized option name {n:?} is not unique in {locale}"),
            );
        }
    }
}
