//! Typed choice parameters of the slash commands: a variant, a colour, a
//! language. Each registers as a string option whose choices — their
//! values and their names in every language — come from the type and the
//! Fluent files, and each reads Discord's value back into the type. A value
//! that is not one of the choices (only a client that ignores them sends
//! one) is refused with a message in the user's language
//! ([`super::commands::on_error`]).

use serenity::all::{
    CommandInteraction, CommandOptionType, Context as SerenityContext, CreateCommandOption,
    ResolvedValue,
};

use crate::game::Variant;
use crate::host::seating::ColorChoice;
use crate::host::terms::parse_variant;
use crate::host::tournament_views::tournament_choice;
use crate::host::{Denial, GuildId};
use crate::i18n::{id, localizations, Catalog, Id, Locale};

/// A typed string option: its choices are the values of the type.
trait Choices: Sized + Copy + Send + Sync + 'static {
    /// Every choice: what Discord sends, the message of its name, the value.
    fn choices() -> Vec<(&'static str, Id, Self)>;

    /// The refusal of a value that is none of the choices.
    fn unknown(input: &str) -> Denial {
        Denial::new(id::ERROR_UNKNOWN_CHOICE).with("input", input.to_string())
    }
}

/// Implements poise's `SlashArgument` for a [`Choices`] type: a string
/// option with every choice named in every language, read back by its
/// value. (A macro: poise's trait cannot be implemented for every
/// `Choices` type at once.)
macro_rules! choice_argument {
    ($t:ty) => {
        #[poise::async_trait]
        impl poise::SlashArgument for $t {
            async fn extract(
                _: &SerenityContext,
                _: &CommandInteraction,
                value: &ResolvedValue<'_>,
            ) -> Result<Self, poise::SlashArgError> {
                let ResolvedValue::String(s) = value else {
                    return Err(poise::SlashArgError::new_command_structure_mismatch(
                        "expected a string",
                    ));
                };
                <$t as Choices>::choices()
                    .into_iter()
                    .find(|(key, _, _)| key == s)
                    .map(|(_, _, v)| v)
                    .ok_or_else(|| {
                        // Carried to the error handler, which renders it.
                        let denial = <$t as Choices>::unknown(s);
                        poise::SlashArgError::new_parse(Box::new(denial), s.to_string())
                    })
            }

            fn create(option: CreateCommandOption) -> CreateCommandOption {
                string_choices(option, &<$t as Choices>::choices())
            }
        }
    };
}

/// Adds `choices` (value, message of its name) to a string option.
fn string_choices<T>(
    option: CreateCommandOption,
    choices: &[(&str, Id, T)],
) -> CreateCommandOption {
    let catalog = Catalog::embedded();
    let mut option = option.kind(CommandOptionType::String);
    for (value, name, _) in choices {
        option = option.add_string_choice_localized(
            catalog.plain(Locale::EnUs, *name),
            *value,
            localizations(|l| catalog.plain(l, *name)),
        );
    }
    option
}

/// The `variant` option: one of the eleven variants (docs/rules.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantChoice(pub Variant);

impl Choices for VariantChoice {
    fn choices() -> Vec<(&'static str, Id, Self)> {
        Variant::ALL
            .iter()
            .map(|v| (v.key(), id::variant(*v), VariantChoice(*v)))
            .collect()
    }

    /// The variants listed (`error-unknown-variant`).
    fn unknown(input: &str) -> Denial {
        parse_variant(input)
            .err()
            .unwrap_or_else(|| Denial::new(id::ERROR_UNKNOWN_CHOICE))
    }
}
choice_argument!(VariantChoice);

/// The `format` option of `/tournament create`: Swiss, round robin, arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatChoice(pub crate::tournament::Format);

impl Choices for FormatChoice {
    fn choices() -> Vec<(&'static str, Id, Self)> {
        use crate::tournament::Format;
        vec![
            (
                "swiss",
                id::TOURNAMENT_FORMAT_NAME_SWISS,
                FormatChoice(Format::Swiss),
            ),
            (
                "round_robin",
                id::TOURNAMENT_FORMAT_NAME_ROUND_ROBIN,
                FormatChoice(Format::RoundRobin),
            ),
            (
                "arena",
                id::TOURNAMENT_FORMAT_NAME_ARENA,
                FormatChoice(Format::Arena),
            ),
        ]
    }
}

choice_argument!(FormatChoice);

/// The `color` option of a single game: red, yellow or random.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColorOption(pub ColorChoice);

impl Choices for ColorOption {
    fn choices() -> Vec<(&'static str, Id, Self)> {
        vec![
            ("red", id::COLOR_RED, ColorOption(ColorChoice::Red)),
            ("yellow", id::COLOR_YELLOW, ColorOption(ColorChoice::Yellow)),
            ("random", id::COLOR_RANDOM, ColorOption(ColorChoice::Random)),
        ]
    }
}
choice_argument!(ColorOption);

/// The `web` option of `/config`: on or off (docs/web.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebChoice(pub bool);

impl Choices for WebChoice {
    fn choices() -> Vec<(&'static str, Id, Self)> {
        vec![
            ("on", id::CONFIG_WEB_CHOICE_ON, WebChoice(true)),
            ("off", id::CONFIG_WEB_CHOICE_OFF, WebChoice(false)),
        ]
    }
}
choice_argument!(WebChoice);

/// A `language` option: Discord's (`auto`, `None`) or one of the five.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanguageChoice(pub Option<Locale>);

impl Choices for LanguageChoice {
    fn choices() -> Vec<(&'static str, Id, Self)> {
        let mut choices = vec![("auto", id::language(None), LanguageChoice(None))];
        choices.extend(
            Locale::ALL
                .iter()
                .map(|l| (l.tag(), id::language(Some(*l)), LanguageChoice(Some(*l)))),
        );
        choices
    }
}
choice_argument!(LanguageChoice);

/// The `time` option's suggestions: the presets (docs/rules.md §4) that
/// start with what was typed; any `base+inc` may still be typed.
pub async fn time_presets(
    _ctx: super::data::Context<'_>,
    partial: &str,
) -> serenity::all::CreateAutocompleteResponse {
    let choices: Vec<_> = crate::play::TimeControl::PRESETS
        .iter()
        .map(|t| crate::host::terms::time_text(*t))
        .filter(|t| t.starts_with(partial.trim()))
        .map(|t| serenity::all::AutocompleteChoice::new(t.clone(), t))
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

/// How many matches a `match` option suggests (Discord shows at most 25
/// choices; `interactions/application-commands`, "Autocomplete").
const MATCH_CHOICES: usize = 25;

/// One suggested match: `#12 · alice vs bob · Classic` (at most 100
/// characters, Discord's limit on a choice's name), valued `12`.
fn match_choice(id: i64, label: &str) -> serenity::all::AutocompleteChoice {
    let name: String = format!("#{id} · {label}").chars().take(100).collect();
    serenity::all::AutocompleteChoice::new(name, id.to_string())
}

/// Whether a suggestion fits what the user has typed so far (`12`, `#1`,
/// part of a name).
fn fits(partial: &str, id: i64, label: &str) -> bool {
    let p = partial.trim().trim_start_matches('#').to_lowercase();
    p.is_empty() || id.to_string().starts_with(&p) || label.to_lowercase().contains(&p)
}

/// The user's matches on this server for a `match` option (`/replay`,
/// `/export`, `/analyze`): their running ones first, then
/// their last finished ones, newest first.
pub async fn my_matches(
    ctx: super::data::Context<'_>,
    partial: &str,
) -> serenity::all::CreateAutocompleteResponse {
    let Some((data, guild, l)) = server_scope(ctx) else {
        return serenity::all::CreateAutocompleteResponse::new();
    };
    let catalog = data.catalog();
    let me = super::reply::seated(ctx.author(), ctx.author_member().await.as_deref());
    let mut choices: Vec<(i64, String)> = data
        .routes
        .running_of(me.id)
        .into_iter()
        .filter_map(|(m, _)| running_label(&data, guild, l, m))
        .collect();
    if let Ok(history) = data.ladder.history(guild, &me, MATCH_CHOICES as u32).await {
        for h in history {
            let label = format!(
                "{} vs {} · {}",
                me.name,
                h.opponents.join(", "),
                catalog.variant_name(l, h.variant)
            );
            choices.push((h.id.0, label));
        }
    }
    respond(partial, choices)
}

/// This server's open and running tournaments for a `tournament` option
/// (`/tournament join`, `leave`, `start`, `standings`, `cancel`, `void`),
/// newest first: "Tournament 3: Swiss, 9 rounds, Classic, 10+10, rated"
/// in the reader's language, the number as the integer value.
pub async fn live_tournaments(
    ctx: super::data::Context<'_>,
    partial: &str,
) -> serenity::all::CreateAutocompleteResponse {
    let Some((data, guild, l)) = server_scope(ctx) else {
        return serenity::all::CreateAutocompleteResponse::new();
    };
    let choices = data
        .tournaments
        .live_in(guild, MATCH_CHOICES as u32)
        .await
        .iter()
        .map(|t| (t.id.0, tournament_choice(data.catalog(), l, t)))
        .filter(|(id, label)| fits(partial, *id, label))
        .map(|(id, label)| {
            let name: String = label.chars().take(100).collect();
            serenity::all::AutocompleteChoice::new(name, id)
        })
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The running matches on this server for `/ladder abort` (a moderator
/// aborts other players' stuck matches), oldest first.
pub async fn running_matches(
    ctx: super::data::Context<'_>,
    partial: &str,
) -> serenity::all::CreateAutocompleteResponse {
    let Some((data, guild, l)) = server_scope(ctx) else {
        return serenity::all::CreateAutocompleteResponse::new();
    };
    let choices = data
        .host
        .running_in(guild)
        .into_iter()
        .filter_map(|m| running_label(&data, guild, l, m))
        .collect();
    respond(partial, choices)
}

/// The server's last finished rated matches for `/ladder void`, newest
/// first, whoever played them (a moderator voids other players' matches).
pub async fn rated_matches(
    ctx: super::data::Context<'_>,
    partial: &str,
) -> serenity::all::CreateAutocompleteResponse {
    let Some((data, guild, l)) = server_scope(ctx) else {
        return serenity::all::CreateAutocompleteResponse::new();
    };
    let catalog = data.catalog();
    let choices = match data.ladder.recent_rated(guild, MATCH_CHOICES as u32).await {
        Ok(matches) => matches
            .into_iter()
            .map(|m| {
                let names: Vec<&str> = m.players.iter().map(String::as_str).collect();
                (m.id.0, match_label(catalog, l, m.variant, &names))
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    respond(partial, choices)
}

/// What every match suggestion needs: the bot's data, the server and the
/// user's language; `None` outside a server (a direct message has no
/// server's matches to suggest).
fn server_scope(
    ctx: super::data::Context<'_>,
) -> Option<(std::sync::Arc<super::data::Data>, GuildId, Locale)> {
    let guild = super::reply::host_guild(ctx.guild_id()?);
    Some((ctx.data().clone(), guild, super::reply::user_locale(ctx)))
}

/// A running match of `guild` as a suggestion: its id and "alice vs bob ·
/// Classic" in `l`.
fn running_label(
    data: &super::data::Data,
    guild: GuildId,
    l: crate::i18n::Locale,
    m: crate::host::MatchId,
) -> Option<(i64, String)> {
    let spec = data.host.spec(m).filter(|s| s.guild == guild)?;
    let names: Vec<&str> = spec.players.iter().map(|p| p.name.as_str()).collect();
    Some((m.0, match_label(data.catalog(), l, spec.variant, &names)))
}

/// A match as a suggestion's label: "alice vs bob · Classic" in `l`, the
/// players' names in seat order.
fn match_label(
    catalog: &crate::i18n::Catalog,
    l: crate::i18n::Locale,
    variant: crate::game::Variant,
    names: &[&str],
) -> String {
    format!(
        "{} · {}",
        crate::host::present::versus_names(catalog, l, variant, names),
        catalog.variant_name(l, variant)
    )
}

fn respond(
    partial: &str,
    choices: Vec<(i64, String)>,
) -> serenity::all::CreateAutocompleteResponse {
    let mut seen = std::collections::HashSet::new();
    let choices = choices
        .into_iter()
        .filter(|(id, label)| fits(partial, *id, label) && seen.insert(*id))
        .take(MATCH_CHOICES)
        .map(|(id, label)| match_choice(id, &label))
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::SlashArgument;

    #[test]
    fn a_match_suggestion_fits_a_number_a_hash_or_a_name_and_keeps_discords_length() {
        assert!(fits("", 12, "alice vs bob"));
        assert!(fits("1", 12, "alice vs bob"));
        assert!(fits("#12", 12, "alice vs bob"));
        assert!(fits("BOB", 12, "alice vs bob"));
        assert!(!fits("3", 12, "alice vs bob"));
        let long = "x".repeat(300);
        let c = serde_json::to_value(match_choice(7, &long)).unwrap();
        assert_eq!(c["name"].as_str().unwrap().chars().count(), 100);
        assert_eq!(c["value"], "7");
    }

    #[test]
    fn a_value_that_is_no_choice_is_refused_with_a_message() {
        assert_eq!(
            <VariantChoice as Choices>::unknown("chess").id(),
            id::ERROR_UNKNOWN_VARIANT,
            "the variants listed"
        );
        let other = <ColorOption as Choices>::unknown("blue");
        assert_eq!(other.id(), id::ERROR_UNKNOWN_CHOICE);
        let text = Catalog::embedded().render(Locale::De, other.message());
        assert!(text.contains("blue"), "{text}");
        assert_eq!(
            <LanguageChoice as Choices>::unknown("fr").id(),
            id::ERROR_UNKNOWN_CHOICE
        );
        // Every value reads back as its own choice.
        for (key, _, v) in <LanguageChoice as Choices>::choices() {
            let found = <LanguageChoice as Choices>::choices()
                .into_iter()
                .find(|(k, _, _)| *k == key);
            assert_eq!(found.map(|(_, _, w)| w), Some(v));
        }
    }

    #[test]
    fn choice_options_are_strings_with_every_choice_localized() {
        let option = |create: fn(CreateCommandOption) -> CreateCommandOption| {
            let o = create(CreateCommandOption::new(
                CommandOptionType::Integer,
                "x",
                "x",
            ));
            serde_json::to_value(o).unwrap()
        };
        let variant = option(VariantChoice::create);
        assert_eq!(variant["type"], 3, "a string option");
        let choices = variant["choices"].as_array().unwrap();
        assert_eq!(choices.len(), Variant::ALL.len());
        assert_eq!(choices[0]["value"], "classic");
        assert_eq!(choices[0]["name"], "Classic");
        assert!(choices[0]["name_localizations"]["el"].is_string());
        assert!(choices[0]["name_localizations"]["en-GB"].is_string());
        let colors = option(ColorOption::create);
        assert_eq!(colors["choices"].as_array().unwrap().len(), 3);
        let languages = option(LanguageChoice::create);
        let values: Vec<&str> = languages["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap())
            .collect();
        assert_eq!(values, ["auto", "en-US", "de", "it", "el", "bg"]);
    }
}
