//! The slash commands as Discord registers them: the poise commands of
//! [`super::commands`] — their names, options and typed choices are the
//! one source — with every name and description filled from the Fluent
//! files, as poise's `fluent_localization` example does.
//!
//! The scheme (docs/discord.md): a command is the message whose id is its
//! name (a subcommand: `<parent>-<sub>`, `ladder-reset`); its value is the
//! localized name, `.description` the description, and per option
//! `.<option>` its name and `.<option>-description` its description.
//! Choices name themselves ([`super::choices`]).

use std::sync::Arc;

use serenity::all::{CreateCommand, GuildId, Http};

use crate::i18n::{Catalog, Id, Locale};

use super::data::{Data, Error};

/// `(Discord locale code, text)` for every language, `en-US` included and
/// `en-GB` with the English text, for a `*_localizations` map.
pub fn localizations(text: impl Fn(Locale) -> String) -> Vec<(&'static str, String)> {
    let mut v: Vec<(&'static str, String)> =
        Locale::ALL.iter().map(|l| (l.tag(), text(*l))).collect();
    v.insert(1, ("en-GB", text(Locale::EnUs)));
    v
}

/// [`localizations`] as poise keeps them.
fn localized(
    text: impl Fn(Locale) -> String,
) -> std::borrow::Cow<
    'static,
    [(
        std::borrow::Cow<'static, str>,
        std::borrow::Cow<'static, str>,
    )],
> {
    localizations(text)
        .into_iter()
        .map(|(l, t)| (l.into(), t.into()))
        .collect::<Vec<_>>()
        .into()
}

/// Fills the names and descriptions of `command` (message `id`) and its
/// options from `catalog`; its subcommands are `<id>-<sub>`.
fn translate(catalog: &Catalog, command: &mut poise::Command<Arc<Data>, Error>, id: Id) {
    command.name_localizations = localized(|l| catalog.plain(l, id));
    command.description = Some(
        catalog
            .attr(Locale::EnUs, id, "description", &Default::default())
            .into(),
    );
    command.description_localizations =
        localized(|l| catalog.attr(l, id, "description", &Default::default()));
    for p in &mut command.parameters {
        let name = p.name.to_string();
        let description = format!("{name}-description");
        p.name_localizations = localized(|l| catalog.attr(l, id, &name, &Default::default()));
        p.description = Some(
            catalog
                .attr(Locale::EnUs, id, &description, &Default::default())
                .into(),
        );
        p.description_localizations =
            localized(|l| catalog.attr(l, id, &description, &Default::default()));
    }
    for sub in &mut command.subcommands {
        let sub_id = message_of(&format!("{}-{}", id.as_str(), sub.name));
        translate(catalog, sub, sub_id);
    }
}

/// The message of a command named `name`.
///
/// # Panics
/// If the English files lack it (a test registers every command).
fn message_of(name: &str) -> Id {
    Id::find(name).unwrap_or_else(|| panic!("no message for the command {name}"))
}

/// Every command with its names and descriptions in every language.
pub fn commands(catalog: &Catalog) -> Vec<poise::Command<Arc<Data>, Error>> {
    let mut all = super::commands::all();
    for c in &mut all {
        let id = message_of(&c.name);
        translate(catalog, c, id);
    }
    all
}

/// The registration payload: every slash command, server-only, localized.
pub fn create_commands(catalog: &Catalog) -> Vec<CreateCommand> {
    commands(catalog)
        .iter()
        .filter_map(|c| c.create_as_slash_command())
        .map(|c| c.dm_permission(false))
        .collect()
}

/// Registers the commands in `dev_guild`, or globally.
///
/// # Errors
/// Discord refused the registration.
pub async fn register(
    http: impl AsRef<Http>,
    catalog: &Catalog,
    dev_guild: Option<u64>,
) -> Result<(), serenity::Error> {
    let commands = create_commands(catalog);
    match dev_guild {
        Some(g) => {
            GuildId::new(g)
                .set_commands(http.as_ref(), commands)
                .await?;
        }
        None => {
            serenity::all::Command::set_global_commands(http.as_ref(), commands).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registration_payload_is_localized_and_valid() {
        let catalog = Catalog::new().unwrap();
        let json = serde_json::to_value(create_commands(&catalog)).unwrap();
        let all = json.as_array().unwrap();
        assert_eq!(all.len(), 15);
        let challenge = &all[0];
        assert_eq!(challenge["name"], "challenge");
        assert_eq!(challenge["dm_permission"], false);
        assert!(challenge["name_localizations"]["de"].is_string());
        let options = challenge["options"].as_array().unwrap();
        let names: Vec<&str> = options
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "opponent",
                "variant",
                "time",
                "opponent2",
                "teammate",
                "color",
                "level"
            ]
        );
        assert_eq!(options[0]["required"], true);
        assert_eq!(options[5]["choices"].as_array().unwrap().len(), 3);
        assert_eq!(options[6]["type"], 4, "level is an integer");
        assert_eq!(options[1]["type"], 3, "variant is a string choice");
        assert_eq!(options[1]["choices"].as_array().unwrap().len(), 11);
        assert_eq!(options[1]["choices"][0]["value"], "classic");
        assert!(options[1]["choices"][0]["name_localizations"]["el"].is_string());
        assert_eq!(options[2]["autocomplete"], true);
        assert!(options[2]["choices"]
            .as_array()
            .is_none_or(|c| c.is_empty()));
        assert!(options[1]["description_localizations"]["bg"].is_string());
        for c in all {
            let name = c["name"].as_str().unwrap();
            assert!(name.len() <= 32 && !name.is_empty(), "{name}");
        }
        assert_eq!(all[1]["name"], "seek");
        assert_eq!(all[3]["name"], "resign-game");
        let ladder = all.iter().find(|c| c["name"] == "ladder").unwrap();
        assert_eq!(ladder["default_member_permissions"], "32");
        assert_eq!(ladder["options"][0]["name"], "reset");
        assert!(ladder["options"][1]["name_localizations"]["it"].is_string());
    }
}
