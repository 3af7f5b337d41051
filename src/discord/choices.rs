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
use crate::host::Denial;
use crate::i18n::{id, Catalog, Id, Locale};

use super::register::localizations;

/// Adds `choices` (value, message of its name) to a string option.
fn string_choices(option: CreateCommandOption, choices: &[(&str, Id)]) -> CreateCommandOption {
    let catalog = Catalog::embedded();
    let mut option = option.kind(CommandOptionType::String);
    for (value, name) in choices {
        option = option.add_string_choice_localized(
            catalog.plain(Locale::EnUs, *name),
            *value,
            localizations(|l| catalog.plain(l, *name)),
        );
    }
    option
}

/// The string a choice option carries.
fn string<'a>(value: &'a ResolvedValue<'_>) -> Result<&'a str, Box<poise::SlashArgError>> {
    match value {
        ResolvedValue::String(s) => Ok(s),
        _ => Err(Box::new(
            poise::SlashArgError::new_command_structure_mismatch("expected a string"),
        )),
    }
}

/// The refusal of a value that is none of an option's choices.
fn unknown_choice(input: &str) -> Denial {
    Denial::new(id::ERROR_UNKNOWN_CHOICE).with("input", input.to_string())
}

/// A refusal of what the user sent, carried to the error handler.
fn refused(denial: Denial, input: &str) -> poise::SlashArgError {
    poise::SlashArgError::new_parse(Box::new(denial), input.to_string())
}

/// The `variant` option: one of the eleven variants (docs/rules.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantChoice(pub Variant);

#[poise::async_trait]
impl poise::SlashArgument for VariantChoice {
    async fn extract(
        _: &SerenityContext,
        _: &CommandInteraction,
        value: &ResolvedValue<'_>,
    ) -> Result<Self, poise::SlashArgError> {
        let s = string(value).map_err(|e| *e)?;
        parse_variant(s)
            .map(VariantChoice)
            .map_err(|d| refused(d, s))
    }

    fn create(option: CreateCommandOption) -> CreateCommandOption {
        let choices: Vec<(&str, Id)> = Variant::ALL
            .iter()
            .map(|v| (v.key(), id::variant(*v)))
            .collect();
        string_choices(option, &choices)
    }
}

/// The `color` option of a single game: red, yellow or random.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColorOption(pub ColorChoice);

const COLORS: [(&str, Id, ColorChoice); 3] = [
    ("red", id::COLOR_RED, ColorChoice::Red),
    ("yellow", id::COLOR_YELLOW, ColorChoice::Yellow),
    ("random", id::COLOR_RANDOM, ColorChoice::Random),
];

#[poise::async_trait]
impl poise::SlashArgument for ColorOption {
    async fn extract(
        _: &SerenityContext,
        _: &CommandInteraction,
        value: &ResolvedValue<'_>,
    ) -> Result<Self, poise::SlashArgError> {
        let s = string(value).map_err(|e| *e)?;
        COLORS
            .iter()
            .find(|(key, _, _)| *key == s)
            .map(|(_, _, c)| ColorOption(*c))
            .ok_or_else(|| refused(unknown_choice(s), s))
    }

    fn create(option: CreateCommandOption) -> CreateCommandOption {
        let choices: Vec<(&str, Id)> = COLORS.iter().map(|(k, n, _)| (*k, *n)).collect();
        string_choices(option, &choices)
    }
}

/// A `language` option: Discord's (`auto`, `None`) or one of the five.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanguageChoice(pub Option<Locale>);

#[poise::async_trait]
impl poise::SlashArgument for LanguageChoice {
    async fn extract(
        _: &SerenityContext,
        _: &CommandInteraction,
        value: &ResolvedValue<'_>,
    ) -> Result<Self, poise::SlashArgError> {
        let s = string(value).map_err(|e| *e)?;
        if s == "auto" {
            return Ok(LanguageChoice(None));
        }
        s.parse::<Locale>()
            .map(|l| LanguageChoice(Some(l)))
            .map_err(|_| refused(unknown_choice(s), s))
    }

    fn create(option: CreateCommandOption) -> CreateCommandOption {
        let mut choices = vec![("auto", id::language(None))];
        choices.extend(
            Locale::ALL
                .iter()
                .map(|l| (l.tag(), id::language(Some(*l)))),
        );
        string_choices(option, &choices)
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use poise::SlashArgument;

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
