//! Who a bot message would ping, as Discord decides it
//! (`developers/resources/message.mdx`, "Allowed Mentions Object"), and
//! the fake's rule: the bot pings only the users it names.
//!
//! Discord parses the `content` of a message it creates or edits. Without
//! an `allowed_mentions` field it parses everything: `@everyone`, `@here`,
//! every `<@&role>` and every `<@user>` / `<@!user>`. With the field, only
//! what `parse` lists (`everyone`, `roles`, `users`) plus the ids in
//! `users` and `roles`; `parse: []` with no lists pings nobody.
//!
//! A violation is a message the bot sent (channel messages and their
//! edits, interaction responses of type 4, 5 and 7, follow-ups and webhook
//! edits) with content whose effective `allowed_mentions` lets Discord
//! parse `@everyone`/`@here` or roles at all, allows any role id, or
//! parses users wholesale while the content mentions a user: the bot means
//! to ping exactly the users it lists in `allowed_mentions.users`, never
//! whoever a name in the text happens to mention.

use serde_json::Value;

/// The message body of a request that creates or edits a message, with
/// its `allowed_mentions`, or `None` for other requests.
fn message_body<'a>(method: &str, path: &str, json: &'a Value) -> Option<&'a Value> {
    let segs: Vec<&str> = path
        .trim_start_matches("/api/v10/")
        .split('/')
        .filter(|x| !x.is_empty())
        .collect();
    match (method, segs.as_slice()) {
        ("POST", ["channels", _, "messages"]) | ("PATCH", ["channels", _, "messages", _]) => {
            Some(json)
        }
        ("POST", ["interactions", _, _, "callback"]) => {
            // CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
            // UPDATE_MESSAGE carry a message (`interactions/receiving-and-
            // responding.mdx`, "Interaction Callback Type").
            match json["type"].as_u64() {
                Some(4 | 5 | 7) => json.get("data").filter(|d| d.is_object()),
                _ => None,
            }
        }
        ("POST", ["webhooks", _, _]) | ("PATCH", ["webhooks", _, _, "messages", _]) => Some(json),
        _ => None,
    }
}

/// What a body's content mentions.
#[derive(Default, Debug)]
struct Mentions {
    everyone: bool,
    roles: Vec<u64>,
    users: Vec<u64>,
}

/// The snowflake at the start of `s` and its length.
fn snowflake(s: &str) -> Option<(u64, usize)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let id = s[..digits].parse().ok()?;
    s[digits..].starts_with('>').then_some((id, digits + 1))
}

/// The mentions in `content` as Discord parses them.
fn mentions_in(content: &str) -> Mentions {
    let mut m = Mentions {
        everyone: content.contains("@everyone") || content.contains("@here"),
        ..Mentions::default()
    };
    let mut rest = content;
    while let Some(at) = rest.find("<@") {
        rest = &rest[at + 2..];
        if let Some((id, _)) = rest.strip_prefix('&').and_then(snowflake) {
            m.roles.push(id);
        } else if let Some((id, _)) = snowflake(rest.strip_prefix('!').unwrap_or(rest)) {
            m.users.push(id);
        }
    }
    m
}

/// Why this request's message would ping someone the bot does not
/// address, if it would.
pub fn violation(method: &str, path: &str, json: &Value) -> Option<String> {
    let body = message_body(method, path, json)?;
    let content = body.get("content").and_then(Value::as_str).unwrap_or("");
    if content.is_empty() {
        return None;
    }
    let found = mentions_in(content);
    let allowed = body.get("allowed_mentions").filter(|a| a.is_object());
    let parse: Vec<&str> = match allowed {
        // No field: Discord parses everything in the content.
        None => vec!["everyone", "roles", "users"],
        Some(a) => a["parse"]
            .as_array()
            .map(|p| p.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default(),
    };
    let listed_roles = allowed
        .and_then(|a| a["roles"].as_array())
        .is_some_and(|r| !r.is_empty());
    let mut why = Vec::new();
    if allowed.is_none() {
        why.push("no allowed_mentions (Discord parses everything)".to_string());
    }
    if parse.contains(&"everyone") {
        why.push(format!(
            "parse everyone (content has @everyone/@here: {})",
            found.everyone
        ));
    }
    if parse.contains(&"roles") || listed_roles {
        why.push(format!(
            "roles allowed (content's roles: {:?})",
            found.roles
        ));
    }
    if parse.contains(&"users") && !found.users.is_empty() {
        why.push(format!(
            "parse users with user mentions in the content: {:?}",
            found.users
        ));
    }
    if why.is_empty() {
        return None;
    }
    let mut shown: String = content.chars().take(160).collect();
    if shown.len() < content.len() {
        shown.push('…');
    }
    Some(format!("{method} {path}: {} — {shown:?}", why.join("; ")))
}

/// The user ids a message allows to be pinged (`allowed_mentions.users`).
pub fn allowed_users(body: &Value) -> Vec<u64> {
    body["allowed_mentions"]["users"]
        .as_array()
        .map(|u| {
            u.iter()
                .filter_map(|x| x.as_str().and_then(|x| x.parse().ok()).or(x.as_u64()))
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const POST: &str = "/api/v10/channels/1/messages";

    #[test]
    fn no_field_parses_everything() {
        assert!(violation("POST", POST, &json!({"content": "hi"})).is_some());
        assert!(violation("POST", POST, &json!({"components": []})).is_none());
    }

    #[test]
    fn empty_parse_pings_nobody_and_users_list_the_addressed() {
        let body = json!({"content": "<@1> @everyone <@&2> <@!3>",
            "allowed_mentions": {"parse": [], "users": ["1"]}});
        assert_eq!(violation("POST", POST, &body), None);
        let users = json!({"content": "<@!3>", "allowed_mentions": {"parse": ["users"]}});
        assert!(violation("POST", POST, &users).is_some());
        let roles = json!({"content": "x", "allowed_mentions": {"parse": ["roles"]}});
        assert!(violation("POST", POST, &roles).is_some());
        let cb = json!({"type": 4, "data": {"content": "@here"}});
        assert!(violation("POST", "/api/v10/interactions/1/t/callback", &cb).is_some());
        let deferred_update = json!({"type": 6});
        assert!(violation(
            "POST",
            "/api/v10/interactions/1/t/callback",
            &deferred_update
        )
        .is_none());
        assert_eq!(mentions_in("<@&5> <@!6> <@7> <@x>").users, vec![6, 7]);
    }
}
