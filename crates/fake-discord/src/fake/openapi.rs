//! Every request the bot sends, checked against Discord's own published
//! description of its API (issue 35 §10): the OpenAPI 3.1 document of
//! discord/discord-api-spec, vendored in `spec/` (its commit and licence
//! there). A request body that the request schema of its operation refuses
//! is a violation ([`violations`]): the fake answers it 400 / 50035 as
//! Discord answers an invalid form body, and keeps it
//! (`FakeDiscord::openapi_violations`).
//!
//! The description is checked as JSON Schema 2020-12 (OpenAPI 3.1's
//! dialect) by the `jsonschema` crate. It leaves out limits Discord
//! documents elsewhere (content ≤ 2,000 for bots, ≤ 5 action rows, command
//! name rules, locale keys): `validate.rs` checks those. Where the
//! description is stricter than Discord is, the error is dropped by
//! [`EXCEPTIONS`], each with its evidence.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use serde_json::Value;

/// The vendored description (`spec/openapi.json`).
const SPEC: &str = include_str!("../../spec/openapi.json");

/// Where the description is stricter than Discord is, with the evidence:
/// the value at a JSON pointer pattern (`*` one segment) of any request
/// body, as the description would have it (`fix`), before the body is
/// checked. (A refusal under `anyOf` comes as one error at the union, so
/// the body is set right first rather than its errors filtered.)
struct Exception {
    at: &'static str,
    // The evidence, for the reader (a test checks each has one).
    #[allow(dead_code)]
    why: &'static str,
    fix: fn(&Value) -> Option<Value>,
}

/// A number as its decimal string.
fn number_as_string(v: &Value) -> Option<Value> {
    v.as_u64().map(|n| Value::String(n.to_string()))
}

/// A string of digits as the number.
fn digits_as_number(v: &Value) -> Option<Value> {
    v.as_str()
        .and_then(|s| s.parse::<u64>().ok())
        .map(|n| Value::Number(n.into()))
}

/// Each is a request serenity 0.12.5 sends and Discord takes (every bot
/// built on serenity sends them; the fake's contract tests in
/// `tests/e2e/fake_contract.rs` follow Discord's documentation).
const EXCEPTIONS: &[Exception] = &[
    Exception {
        at: "/attachments/*/id",
        why: "serenity sends an attachment's id as a number (its index in the \
              upload, `CreateAttachment`'s `id: u64`); the description's \
              SnowflakeType is a string pattern. Discord reads either: the \
              documentation's own example (resources/message, \"Uploading \
              Files\") writes `\"id\": 0`.",
        fix: number_as_string,
    },
    Exception {
        at: "/*/default_member_permissions",
        why: "the documentation types a command's `default_member_permissions` \
              as `?string` (interactions/application-commands, \"Application \
              Command Object\": \"Set of permissions represented as a bit \
              set\", serialized as a string like every permission field, \
              topics/permissions); the description types it integer. \
              serenity sends the documented string.",
        fix: digits_as_number,
    },
];

/// `body` with every [`EXCEPTIONS`] value set as the description wants it.
fn normalized(body: &Value) -> Value {
    fn walk(v: &mut Value, path: &mut Vec<String>) {
        for x in EXCEPTIONS {
            if ends_as(&format!("/{}", path.join("/")), x.at) {
                if let Some(fixed) = (x.fix)(v) {
                    *v = fixed;
                    return;
                }
            }
        }
        match v {
            Value::Object(map) => {
                for (k, child) in map.iter_mut() {
                    path.push(k.clone());
                    walk(child, path);
                    path.pop();
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter_mut().enumerate() {
                    path.push(i.to_string());
                    walk(child, path);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    let mut body = body.clone();
    walk(&mut body, &mut Vec::new());
    body
}

/// One operation of the description that has a JSON request body.
struct Operation {
    method: String,
    /// The path template's segments (`{…}` a parameter).
    segments: Vec<String>,
    /// `METHOD /template`.
    name: String,
    /// JSON pointer of its request schema in the description.
    pointer: String,
}

struct Spec {
    document: Value,
    operations: Vec<Operation>,
    /// Compiled validators by operation name, built on first use.
    validators: Mutex<HashMap<String, std::sync::Arc<jsonschema::Validator>>>,
}

fn spec() -> &'static Spec {
    static SPEC_CELL: OnceLock<Spec> = OnceLock::new();
    SPEC_CELL.get_or_init(|| {
        let document: Value = serde_json::from_str(SPEC).expect("the vendored description");
        let mut operations = Vec::new();
        for (template, item) in document["paths"].as_object().expect("paths") {
            for (method, op) in item.as_object().into_iter().flatten() {
                let Some(content) = op["requestBody"]["content"].as_object() else {
                    continue;
                };
                if !content.contains_key("application/json") {
                    continue;
                }
                // A JSON pointer in a URI fragment: `~` and `/` escaped
                // (RFC 6901), braces percent-encoded (RFC 3986).
                let escape = |s: &str| {
                    s.replace('~', "~0")
                        .replace('/', "~1")
                        .replace('{', "%7B")
                        .replace('}', "%7D")
                };
                operations.push(Operation {
                    method: method.to_uppercase(),
                    segments: template
                        .trim_start_matches('/')
                        .split('/')
                        .map(str::to_string)
                        .collect(),
                    name: format!("{} {template}", method.to_uppercase()),
                    pointer: format!(
                        "#/paths/{}/{method}/requestBody/content/application~1json/schema",
                        escape(template)
                    ),
                });
            }
        }
        Spec {
            document,
            operations,
            validators: Mutex::new(HashMap::new()),
        }
    })
}

/// The operation `method path` is (a literal segment beats a parameter:
/// `/users/@me/channels` before `/users/{user_id}/…`).
fn operation<'a>(spec: &'a Spec, method: &str, path: &str) -> Option<&'a Operation> {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    spec.operations
        .iter()
        .filter(|o| o.method == method && o.segments.len() == segments.len())
        .filter_map(|o| {
            let mut literal = 0;
            for (t, s) in o.segments.iter().zip(&segments) {
                if t.starts_with('{') {
                    continue;
                }
                if t != s {
                    return None;
                }
                literal += 1;
            }
            Some((literal, o))
        })
        .max_by_key(|(literal, _)| *literal)
        .map(|(_, o)| o)
}

/// The validator of `op`: the whole description as the root document (so
/// that its `#/components/…` references resolve) with a `$ref` to the
/// operation's request schema.
fn validator(spec: &Spec, op: &Operation) -> std::sync::Arc<jsonschema::Validator> {
    let mut validators = spec.validators.lock().expect("validators");
    validators
        .entry(op.name.clone())
        .or_insert_with(|| {
            let mut root = spec.document.clone();
            root["$ref"] = Value::String(op.pointer.clone());
            let v = jsonschema::draft202012::options()
                .build(&root)
                .unwrap_or_else(|e| panic!("the schema of {}: {e}", op.name));
            std::sync::Arc::new(v)
        })
        .clone()
}

/// Whether `pointer` (a JSON pointer) ends as `pattern` does (`*` one
/// segment).
fn ends_as(pointer: &str, pattern: &str) -> bool {
    // The pattern's leading `/` is no segment: it matches at any depth.
    let have: Vec<&str> = pointer.split('/').collect();
    let want: Vec<&str> = pattern.trim_start_matches('/').split('/').collect();
    have.len() >= want.len()
        && have[have.len() - want.len()..]
            .iter()
            .zip(&want)
            .all(|(h, w)| *w == "*" || h == w)
}

/// What the description refuses in the JSON body `body` of `method path`
/// (a path under `/api/v10`), after [`EXCEPTIONS`]: each as "`<pointer>`:
/// message". Empty for a request without a body or for an operation the
/// description does not have (the fake's routes answer those).
pub fn violations(method: &str, path: &str, body: &Value) -> Vec<String> {
    if body.is_null() {
        return Vec::new();
    }
    let spec = spec();
    let path = path.trim_start_matches("/api/v10");
    let Some(op) = operation(spec, method, path) else {
        return Vec::new();
    };
    let v = validator(spec, op);
    let body = normalized(body);
    v.iter_errors(&body)
        .map(|e| {
            // The error's text names the failing value, which can be a
            // whole message: its start is enough to find it.
            let text: String = e.to_string().chars().take(300).collect();
            format!("{}: `{}`: {text}", op.name, e.instance_path())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_message_the_description_refuses_is_a_violation_and_a_good_one_is_not() {
        let good = json!({"content": "hi", "allowed_mentions": {"parse": []}});
        assert_eq!(
            violations("POST", "/api/v10/channels/1/messages", &good),
            Vec::<String>::new()
        );
        let bad = json!({"content": 5, "flags": "x"});
        let found = violations("POST", "/api/v10/channels/1/messages", &bad);
        assert!(found.iter().any(|v| v.contains("/content")), "{found:?}");
        // The literal route wins over a parameter.
        let dm = json!({"recipient_id": "10"});
        assert!(violations("POST", "/api/v10/users/@me/channels", &dm).is_empty());
    }

    #[test]
    fn an_attachment_id_as_a_number_is_excepted_with_its_evidence() {
        let body = json!({"content": "x", "attachments": [{"id": 0, "filename": "a.png"}]});
        assert!(violations("POST", "/api/v10/channels/1/messages", &body).is_empty());
        // The description alone refuses it: the exception is needed.
        let spec = spec();
        let op = operation(spec, "POST", "/channels/1/messages").unwrap();
        let raw: Vec<String> = validator(spec, op)
            .iter_errors(&body)
            .map(|e| e.instance_path().to_string())
            .collect();
        assert_eq!(raw, ["/attachments/0/id"]);
        let bad = json!({"content": "x", "attachments": [{"id": 0, "filename": ""}]});
        assert!(!violations("POST", "/api/v10/channels/1/messages", &bad).is_empty());
        assert!(EXCEPTIONS.iter().all(|x| x.why.len() > 40));
        // A command's permissions as the documented string.
        let command = json!([{"name": "config", "description": "d", "type": 1,
                              "default_member_permissions": "32"}]);
        // Nested too: an interaction response's attachments.
        let callback = json!({"type": 4, "data": {"content": "x",
                              "attachments": [{"id": 0, "filename": "a.png"}]}});
        assert!(violations("POST", "/api/v10/interactions/1/t/callback", &callback).is_empty());
        let put = "/api/v10/applications/1/guilds/2/commands";
        assert!(violations("PUT", put, &command).is_empty());
        let op = operation(spec, "PUT", "/applications/1/guilds/2/commands").unwrap();
        assert!(validator(spec, op).iter_errors(&command).next().is_some());
    }
}
