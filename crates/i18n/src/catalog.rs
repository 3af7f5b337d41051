//! The loaded Fluent bundles and message lookup with English fallback.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use super::id::Id;
use super::locale::Locale;
use super::name::{shape_name, NameStyle};

/// The names of the message files every `locales/<lang>/` folder holds, in
/// load order. A test checks that the folders hold exactly these files.
pub const FTL_FILES: [&str; 13] = [
    "common.ftl",
    "buttons.ftl",
    "match.ftl",
    "challenge.ftl",
    "errors.ftl",
    "rating.ftl",
    "settings.ftl",
    "moderation.ftl",
    "commands.ftl",
    "rules.ftl",
    "shell.ftl",
    "tournament.ftl",
    "web.ftl",
];

macro_rules! embed_locale {
    ($lang:literal) => {
        [
            embed_locale!(@file $lang, "common.ftl"),
            embed_locale!(@file $lang, "buttons.ftl"),
            embed_locale!(@file $lang, "match.ftl"),
            embed_locale!(@file $lang, "challenge.ftl"),
            embed_locale!(@file $lang, "errors.ftl"),
            embed_locale!(@file $lang, "rating.ftl"),
            embed_locale!(@file $lang, "settings.ftl"),
            embed_locale!(@file $lang, "moderation.ftl"),
            embed_locale!(@file $lang, "commands.ftl"),
            embed_locale!(@file $lang, "rules.ftl"),
            embed_locale!(@file $lang, "shell.ftl"),
            embed_locale!(@file $lang, "tournament.ftl"),
            embed_locale!(@file $lang, "web.ftl"),
        ]
    };
    (@file $lang:literal, $file:literal) => {
        (
            $file,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../locales/", $lang, "/", $file)),
        )
    };
}

/// The message files compiled into the binary: per locale (in
/// [`Locale::ALL`] order) the file name and its text.
pub const EMBEDDED: [[(&str, &str); 13]; 5] = [
    embed_locale!("en-US"),
    embed_locale!("de"),
    embed_locale!("it"),
    embed_locale!("el"),
    embed_locale!("bg"),
];

/// The value of one message argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Shown as is (formatted numbers such as `1½` or `9:58`, mentions,
    /// names already shaped by [`Catalog::name`]).
    Text(String),
    /// A player's name as typed, shaped by the catalog for its front end
    /// ([`Catalog::name`]: markdown escaped on Discord, never a mention or
    /// link). Every name goes into a message as this or as text from
    /// [`Catalog::name`] / [`Catalog::names`].
    Name(String),
    /// Text a member typed (a moderator's reason), shaped like a name
    /// ([`Catalog::typed`]) but up to [`crate::TYPED_CAP`] characters.
    Typed(String),
    /// Shown as plain digits; selects plural variants by the locale's CLDR
    /// rules (`1` → one, `2` → other, and `1.5` → other).
    Number(f64),
    /// Another message, shown in the same language as the one it is an
    /// argument of (a variant's name inside a refusal).
    Message(Box<Message>),
    /// A duration in words, in the same language ([`Catalog::duration_words`]:
    /// "3 minutes", "1 hour").
    DurationWords(Duration),
    /// A member named so that they are pinged where the front end can
    /// (`user`: a Discord user id), in the catalog's style
    /// ([`Catalog::mention`]): `<@user>` on Discord, the name (as typed,
    /// then shaped) elsewhere.
    Mention {
        /// The user's id.
        user: u64,
        /// Their name as typed.
        name: String,
    },
    /// An instant, in the catalog's style ([`Catalog::instant`]).
    Instant {
        /// Milliseconds since 1970-01-01 UTC.
        unix_ms: i64,
        /// A day, or a time to count towards.
        shown: Shown,
    },
}

/// How an instant is shown ([`Value::Instant`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A deadline or a start: on Discord `<t:secs:R>`, which each reader's
    /// client shows as "in 5 minutes" and keeps ticking; elsewhere the
    /// UTC date and minute ("2026-12-06 18:05 UTC").
    Relative,
    /// A day: on Discord `<t:secs:d>` (each reader's own date format);
    /// elsewhere the UTC date ("2026-12-06").
    Date,
}

impl Value {
    /// A player's name as typed ([`Value::Name`]).
    pub fn name(raw: impl Into<String>) -> Value {
        Value::Name(raw.into())
    }

    /// A mention of `user`, named `name` as typed ([`Value::Mention`]).
    pub fn mention(user: u64, name: impl Into<String>) -> Value {
        Value::Mention {
            user,
            name: name.into(),
        }
    }

    /// A deadline or start at `unix_ms` ([`Shown::Relative`]).
    pub fn relative(unix_ms: i64) -> Value {
        Value::Instant {
            unix_ms,
            shown: Shown::Relative,
        }
    }

    /// The day of `unix_ms` ([`Shown::Date`]).
    pub fn date(unix_ms: i64) -> Value {
        Value::Instant {
            unix_ms,
            shown: Shown::Date,
        }
    }
}

impl From<Message> for Value {
    fn from(m: Message) -> Value {
        Value::Message(Box::new(m))
    }
}

impl From<Id> for Value {
    fn from(id: Id) -> Value {
        Value::Message(Box::new(Message::new(id)))
    }
}

impl From<Duration> for Value {
    fn from(d: Duration) -> Value {
        Value::DurationWords(d)
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Text(s)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Text(s.to_string())
    }
}

impl From<&String> for Value {
    fn from(s: &String) -> Value {
        Value::Text(s.clone())
    }
}

macro_rules! number_value {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Value {
                Value::Number(n as f64)
            }
        }
    )*};
}
number_value!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize f32 f64);

/// Named arguments of a message: `Args::new().set("player", "alice").set("count", 3)`.
///
/// Plain data (`Clone`, `Send`, no Fluent types), so domain and host code can
/// build a [`Message`] and leave the language to the adapter.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Args {
    values: Vec<(Cow<'static, str>, Value)>,
}

impl Args {
    /// No arguments.
    pub fn new() -> Args {
        Args::default()
    }

    /// Adds (or replaces) the argument `name`. Strings are text; integers and
    /// floats are numbers.
    pub fn set(mut self, name: impl Into<Cow<'static, str>>, value: impl Into<Value>) -> Args {
        self.insert(name, value);
        self
    }

    /// Adds (or replaces) the argument `name` in place.
    pub fn insert(&mut self, name: impl Into<Cow<'static, str>>, value: impl Into<Value>) {
        let name = name.into();
        let value = value.into();
        match self.values.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.values.push((name, value)),
        }
    }

    /// The arguments in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.values.iter().map(|(k, v)| (k.as_ref(), v))
    }

    /// The arguments as Fluent takes them, messages and durations first
    /// rendered in `locale` by `catalog`.
    fn fluent(&self, catalog: &Catalog, locale: Locale) -> FluentArgs<'static> {
        let mut args = FluentArgs::with_capacity(self.values.len());
        for (name, value) in &self.values {
            let name = name.to_string();
            match value {
                Value::Text(s) => args.set(name, FluentValue::from(s.clone())),
                Value::Name(s) => args.set(name, FluentValue::from(catalog.name(s))),
                Value::Typed(s) => args.set(name, FluentValue::from(catalog.typed(s))),
                Value::Number(n) => args.set(name, FluentValue::from(*n)),
                Value::Message(m) => args.set(name, FluentValue::from(catalog.render(locale, m))),
                Value::DurationWords(d) => {
                    args.set(name, FluentValue::from(catalog.duration_words(locale, *d)))
                }
                Value::Mention { user, name: n } => {
                    args.set(name, FluentValue::from(catalog.mention(*user, n)))
                }
                Value::Instant { unix_ms, shown } => {
                    args.set(name, FluentValue::from(catalog.instant(*unix_ms, *shown)))
                }
            }
        }
        args
    }
}

/// A message to show, not yet in any language: a message id and its
/// arguments. User-facing errors carry one; the adapter renders it with
/// [`Catalog::render`] in the reader's locale.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The message (`id::ERROR_COLUMN_FULL`).
    pub id: Id,
    /// Its arguments.
    pub args: Args,
}

impl Message {
    /// A message without arguments.
    pub fn new(id: Id) -> Message {
        Message {
            id,
            args: Args::new(),
        }
    }

    /// Adds an argument.
    pub fn with(mut self, name: impl Into<Cow<'static, str>>, value: impl Into<Value>) -> Message {
        self.args.insert(name, value);
        self
    }
}

/// Why the message files could not be loaded (a broken `.ftl` file or two
/// messages with the same id); fatal at start-up, caught by the tests.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// A file has Fluent syntax errors.
    #[error("{locale}/{file}: Fluent syntax errors: {errors}")]
    Syntax {
        /// The locale folder.
        locale: Locale,
        /// The file name.
        file: String,
        /// The parser's errors, joined.
        errors: String,
    },
    /// A message id is defined twice within one locale.
    #[error("{locale}/{file}: {errors}")]
    Duplicate {
        /// The locale folder.
        locale: Locale,
        /// The file name.
        file: String,
        /// The bundle's errors, joined.
        errors: String,
    },
}

/// Why a message could not be formatted in one locale (no fallback applied).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The locale has no message with this id.
    #[error("no message {id:?} in {locale}")]
    MissingMessage {
        /// Locale searched.
        locale: Locale,
        /// Message id.
        id: String,
    },
    /// The message has no such attribute (or no value when `attribute` is
    /// `None`).
    #[error("message {id:?} in {locale} has no {}", attribute.as_deref().map(|a| format!("attribute .{a}")).unwrap_or_else(|| "value".into()))]
    MissingPattern {
        /// Locale searched.
        locale: Locale,
        /// Message id.
        id: String,
        /// The attribute asked for.
        attribute: Option<String>,
    },
    /// Formatting reported errors (a missing argument, an unknown reference).
    #[error("formatting {id:?} in {locale}: {errors}")]
    Resolve {
        /// Locale used.
        locale: Locale,
        /// Message id (with `.attribute` if any).
        id: String,
        /// The resolver's errors, joined.
        errors: String,
        /// What was produced anyway (Fluent shows the broken part as `{$name}`).
        text: String,
    },
}

/// All message bundles, loaded once at start-up. `Send + Sync`: keep one in
/// the bot's shared data and format from any task.
pub struct Catalog {
    bundles: Vec<FluentBundle<FluentResource>>,
    resources: Vec<Vec<(String, FluentResource)>>,
    reported: Mutex<HashSet<(Locale, String)>>,
    names: NameStyle,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog").finish_non_exhaustive()
    }
}

impl Catalog {
    /// Loads the message files compiled into the binary ([`EMBEDDED`]).
    pub fn new() -> Result<Catalog, CatalogError> {
        Catalog::from_sources(Locale::ALL.into_iter().flat_map(|locale| {
            EMBEDDED[locale.index()]
                .iter()
                .map(move |(file, text)| (locale, file.to_string(), text.to_string()))
        }))
    }

    /// The catalog of the message files compiled into the binary, loaded
    /// once for the whole process (for code that has no catalog at hand,
    /// such as a slash command's static description of its choices).
    ///
    /// # Panics
    /// If the embedded files do not load (a test loads them).
    pub fn embedded() -> &'static Catalog {
        static EMBEDDED_CATALOG: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
        EMBEDDED_CATALOG.get_or_init(|| Catalog::new().expect("the embedded message files load"))
    }

    /// Builds a catalog from `(locale, file name, Fluent source)` triples —
    /// for tests and tools; the bot uses [`Catalog::new`].
    pub fn from_sources(
        sources: impl IntoIterator<Item = (Locale, String, String)>,
    ) -> Result<Catalog, CatalogError> {
        let mut bundles: Vec<FluentBundle<FluentResource>> = Locale::ALL
            .iter()
            .map(|l| {
                let mut b = FluentBundle::new_concurrent(vec![l.langid()]);
                b.set_use_isolating(false);
                b
            })
            .collect();
        let mut resources: Vec<Vec<(String, FluentResource)>> =
            Locale::ALL.iter().map(|_| Vec::new()).collect();
        for (locale, file, text) in sources {
            let parse = |text: String| {
                FluentResource::try_new(text).map_err(|(_, errors)| CatalogError::Syntax {
                    locale,
                    file: file.clone(),
                    errors: join(errors.iter()),
                })
            };
            let for_bundle = parse(text.clone())?;
            bundles[locale.index()]
                .add_resource(for_bundle)
                .map_err(|errors| CatalogError::Duplicate {
                    locale,
                    file: file.clone(),
                    errors: join(errors.iter()),
                })?;
            resources[locale.index()].push((file.clone(), parse(text)?));
        }
        Ok(Catalog {
            bundles,
            resources,
            reported: Mutex::new(HashSet::new()),
            names: NameStyle::default(),
        })
    }

    /// This catalog, shaping names for `style` (the Discord adapter:
    /// [`NameStyle::Discord`]; the default is [`NameStyle::Plain`]).
    pub fn with_names(mut self, style: NameStyle) -> Catalog {
        self.names = style;
        self
    }

    /// How this catalog shapes names.
    pub fn name_style(&self) -> NameStyle {
        self.names
    }

    /// A player's name as typed, shaped for this catalog's front end
    /// ([`shape_name`]): for text built outside a message, and for lists
    /// ([`Catalog::names`]).
    pub fn name(&self, raw: &str) -> String {
        shape_name(raw, self.names)
    }

    /// Text a member typed (a moderator's reason) for this catalog's front
    /// end: shaped like a name ([`crate::shape_text`]), within
    /// [`crate::TYPED_CAP`] characters.
    pub fn typed(&self, raw: &str) -> String {
        crate::shape_text(raw, self.names, crate::TYPED_CAP)
    }

    /// A member named so that they are pinged where the front end can: on
    /// Discord `<@user>` (the client shows the member's name; whom it
    /// pings is the message's allowed mentions), elsewhere `name` as typed,
    /// shaped ([`Catalog::name`]).
    pub fn mention(&self, user: u64, name: &str) -> String {
        match self.names {
            NameStyle::Discord => format!("<@{user}>"),
            NameStyle::Plain => self.name(name),
        }
    }

    /// An instant (`unix_ms`, milliseconds since 1970 UTC) as this
    /// catalog's front end shows it ([`Shown`]): on Discord a timestamp
    /// the client renders in each reader's time zone and language
    /// (discord-api-docs `reference`, "Message Formatting", timestamp
    /// styles `R` and `d`); elsewhere in UTC, ISO 8601 order.
    pub fn instant(&self, unix_ms: i64, shown: Shown) -> String {
        match (self.names, shown) {
            (NameStyle::Discord, Shown::Relative) => format!("<t:{}:R>", unix_ms.div_euclid(1000)),
            (NameStyle::Discord, Shown::Date) => format!("<t:{}:d>", unix_ms.div_euclid(1000)),
            (NameStyle::Plain, shown) => {
                let Some(at) = chrono::DateTime::from_timestamp_millis(unix_ms) else {
                    return "?".to_string();
                };
                match shown {
                    Shown::Relative => at.format("%Y-%m-%d %H:%M UTC").to_string(),
                    Shown::Date => at.format("%Y-%m-%d").to_string(),
                }
            }
        }
    }

    /// Players' names as typed, each shaped ([`Catalog::name`]) and joined
    /// as a list in `locale` ("alice, bob and carol").
    pub fn names<S: AsRef<str>>(&self, locale: Locale, raw: &[S]) -> String {
        let shaped: Vec<String> = raw.iter().map(|n| self.name(n.as_ref())).collect();
        self.list(locale, &shaped)
    }

    /// The message `id` in `locale`, formatted with `args`. A message missing
    /// in `locale` falls back to English (logged once per locale and id); a
    /// message missing in English too is logged and shown as its id.
    /// Formatting errors (e.g. a missing argument) are logged; the text is
    /// returned anyway.
    pub fn text(&self, locale: Locale, id: Id, args: &Args) -> String {
        self.lookup(locale, id.as_str(), None, args)
    }

    /// Like [`Catalog::text`] for the attribute `attribute` of message `id`
    /// (`challenge.description`).
    pub fn attr(&self, locale: Locale, id: Id, attribute: &str, args: &Args) -> String {
        self.lookup(locale, id.as_str(), Some(attribute), args)
    }

    /// A [`Message`] in `locale` (see [`Catalog::text`]).
    pub fn render(&self, locale: Locale, message: &Message) -> String {
        self.text(locale, message.id, &message.args)
    }

    /// [`Catalog::text`] without arguments.
    pub fn plain(&self, locale: Locale, id: Id) -> String {
        self.text(locale, id, &Args::new())
    }

    fn lookup(&self, locale: Locale, id: &str, attribute: Option<&str>, args: &Args) -> String {
        let key = match attribute {
            Some(a) => format!("{id}.{a}"),
            None => id.to_string(),
        };
        match self.try_format(locale, id, attribute, args) {
            Ok(text) => return text,
            Err(FormatError::Resolve { errors, text, .. }) => {
                tracing::warn!(locale = %locale, message = %key, %errors, "Fluent formatting error");
                return text;
            }
            Err(_) if locale != Locale::FALLBACK => {
                self.report_once(locale, &key, "message missing; falling back to English");
            }
            Err(_) => {}
        }
        match self.try_format(Locale::FALLBACK, id, attribute, args) {
            Ok(text) => text,
            Err(FormatError::Resolve { errors, text, .. }) => {
                tracing::warn!(locale = %Locale::FALLBACK, message = %key, %errors, "Fluent formatting error");
                text
            }
            Err(_) => {
                self.report_once(Locale::FALLBACK, &key, "message missing in English");
                key
            }
        }
    }

    fn report_once(&self, locale: Locale, key: &str, what: &str) {
        let first = self
            .reported
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert((locale, key.to_string()));
        if first {
            tracing::warn!(locale = %locale, message = %key, "{what}");
        }
    }

    /// The `(locale, message[.attribute])` pairs that were missing and
    /// reported so far (each is logged once), e.g. for a health check.
    pub fn reported_missing(&self) -> Vec<(Locale, String)> {
        let mut v: Vec<_> = self
            .reported
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect();
        v.sort();
        v
    }

    /// Formats `id` (or its `attribute`) in exactly `locale`: no fallback,
    /// no logging, every problem returned as an error. For tests and tools.
    pub fn try_format(
        &self,
        locale: Locale,
        id: &str,
        attribute: Option<&str>,
        args: &Args,
    ) -> Result<String, FormatError> {
        let bundle = &self.bundles[locale.index()];
        let message = bundle
            .get_message(id)
            .ok_or_else(|| FormatError::MissingMessage {
                locale,
                id: id.to_string(),
            })?;
        let pattern = match attribute {
            Some(a) => message.get_attribute(a).map(|a| a.value()),
            None => message.value(),
        }
        .ok_or_else(|| FormatError::MissingPattern {
            locale,
            id: id.to_string(),
            attribute: attribute.map(str::to_string),
        })?;
        let mut errors = Vec::new();
        let text = bundle
            .format_pattern(pattern, Some(&args.fluent(self, locale)), &mut errors)
            .into_owned();
        if errors.is_empty() {
            Ok(text)
        } else {
            Err(FormatError::Resolve {
                locale,
                id: match attribute {
                    Some(a) => format!("{id}.{a}"),
                    None => id.to_string(),
                },
                errors: join(errors.iter()),
                text,
            })
        }
    }

    /// Whether `locale` itself (without fallback) has the message `id`.
    pub fn has(&self, locale: Locale, id: &str) -> bool {
        self.bundles[locale.index()].has_message(id)
    }

    /// The parsed message files of `locale`: `(file name, resource)`, for the
    /// key and variable checks in [`super::inspect`].
    pub fn resources(&self, locale: Locale) -> impl Iterator<Item = (&str, &FluentResource)> {
        self.resources[locale.index()]
            .iter()
            .map(|(f, r)| (f.as_str(), r))
    }
}

fn join<E: std::fmt::Display>(errors: impl Iterator<Item = E>) -> String {
    errors.map(|e| e.to_string()).collect::<Vec<_>>().join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn the_catalog_can_be_shared_between_tasks() {
        assert_send_sync::<Catalog>();
    }

    fn tiny() -> Catalog {
        Catalog::from_sources([
            (
                Locale::EnUs,
                "a.ftl".to_string(),
                "hello = Hello { $name }!\nonly-english = English only\n    .attr = attr"
                    .to_string(),
            ),
            (
                Locale::De,
                "a.ftl".to_string(),
                "hello = Hallo { $name }!".to_string(),
            ),
        ])
        .unwrap()
    }

    #[test]
    fn a_name_argument_is_shaped_for_the_catalogs_front_end() {
        let args = Args::new().set("name", Value::name("**b** <@1>"));
        let discord = tiny().with_names(NameStyle::Discord);
        assert_eq!(
            discord
                .try_format(Locale::De, "hello", None, &args)
                .unwrap(),
            "Hallo \\*\\*b\\*\\* <\u{200B}@\u{200B}1\\>!"
        );
        // Text is not a name: a mention the bot wrote stays one.
        let mention = Args::new().set("name", "<@1>");
        assert_eq!(
            discord
                .try_format(Locale::De, "hello", None, &mention)
                .unwrap(),
            "Hallo <@1>!"
        );
        // The terminal: no escapes.
        assert_eq!(
            tiny().try_format(Locale::De, "hello", None, &args).unwrap(),
            "Hallo **b** <@1>!"
        );
        assert_eq!(
            discord.names(Locale::EnUs, &["a_b", "c"]),
            discord.list(Locale::EnUs, &["a\\_b".to_string(), "c".to_string()])
        );
    }

    #[test]
    fn a_missing_key_falls_back_to_english_and_is_reported_once() {
        let c = tiny();
        let args = Args::new().set("name", "Ada");
        assert_eq!(c.text(Locale::De, Id("hello"), &args), "Hallo Ada!");
        assert_eq!(c.plain(Locale::De, Id("only-english")), "English only");
        assert_eq!(
            c.attr(Locale::De, Id("only-english"), "attr", &args),
            "attr"
        );
        assert_eq!(c.plain(Locale::De, Id("only-english")), "English only");
        assert_eq!(
            c.reported_missing(),
            vec![
                (Locale::De, "only-english".to_string()),
                (Locale::De, "only-english.attr".to_string())
            ]
        );
        assert_eq!(c.plain(Locale::Bg, Id("nowhere")), "nowhere");
        assert!(c
            .reported_missing()
            .contains(&(Locale::EnUs, "nowhere".to_string())));
    }

    /// Counts the events logged while it is the default subscriber.
    struct CountEvents(std::sync::Arc<std::sync::atomic::AtomicUsize>);

    impl tracing::Subscriber for CountEvents {
        fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
            true
        }
        fn new_span(&self, _: &tracing::span::Attributes<'_>) -> tracing::span::Id {
            tracing::span::Id::from_u64(1)
        }
        fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}
        fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
        fn event(&self, _: &tracing::Event<'_>) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        fn enter(&self, _: &tracing::span::Id) {}
        fn exit(&self, _: &tracing::span::Id) {}
    }

    #[test]
    fn a_missing_key_is_logged_only_the_first_time() {
        let c = tiny();
        let count = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        tracing::subscriber::with_default(CountEvents(count.clone()), || {
            // Another test's thread may have cached "no interest" for the
            // callsite while no subscriber was set.
            tracing::callsite::rebuild_interest_cache();
            for _ in 0..3 {
                assert_eq!(c.plain(Locale::El, Id("only-english")), "English only");
            }
        });
        assert_eq!(count.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[test]
    fn arguments_are_not_wrapped_in_isolation_marks() {
        let c = tiny();
        let text = c.text(Locale::EnUs, Id("hello"), &Args::new().set("name", "Ada"));
        assert_eq!(text, "Hello Ada!");
        assert!(!text.contains('\u{2068}') && !text.contains('\u{2069}'));
    }

    #[test]
    fn a_missing_argument_is_an_error_in_try_format() {
        let c = tiny();
        let err = c.try_format(Locale::EnUs, "hello", None, &Args::new());
        assert!(matches!(err, Err(FormatError::Resolve { .. })), "{err:?}");
    }

    #[test]
    fn mentions_and_instants_follow_the_front_end() {
        let args = Args::new().set("name", Value::mention(42, "*eve* @everyone"));
        let plain = tiny();
        let discord = tiny().with_names(NameStyle::Discord);
        assert_eq!(
            discord.text(Locale::EnUs, Id("hello"), &args),
            "Hello <@42>!"
        );
        // Off Discord the name, shaped as every name is: never a ping.
        assert_eq!(
            plain.text(Locale::EnUs, Id("hello"), &args),
            format!("Hello {}!", plain.name("*eve* @everyone"))
        );
        let ms = 1_796_580_061_999; // 2026-12-06 18:01:01.999 UTC
        assert_eq!(discord.instant(ms, Shown::Relative), "<t:1796580061:R>");
        assert_eq!(discord.instant(ms, Shown::Date), "<t:1796580061:d>");
        assert_eq!(plain.instant(ms, Shown::Relative), "2026-12-06 18:01 UTC");
        assert_eq!(plain.instant(ms, Shown::Date), "2026-12-06");
    }

    #[test]
    fn a_syntax_error_is_reported_with_its_file() {
        let err =
            Catalog::from_sources([(Locale::It, "x.ftl".into(), "= broken".into())]).unwrap_err();
        assert!(err.to_string().contains("it/x.ftl"), "{err}");
    }
}
