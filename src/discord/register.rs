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
//!
//! Where each command may be used is set here too ([`commands`]), so that
//! every command — a new one as well — gets it: Discord's `contexts` and
//! `integration_types` replace the deprecated `dm_permission`
//! (discord-api-docs: developers/interactions/application-commands.mdx,
//! "Application Command Object" and "Contexts"). The range of a numeric
//! option is its parameter's type's ([`super::numbers`]).

use std::sync::Arc;

use serenity::all::{CreateCommand, GuildId, HttpError, InstallationContext, InteractionContext};
use serenity::http::Route;

use crate::i18n::{localizations, Catalog, Id, Locale};

use super::data::{Data, Error};
use super::rest::Rest;

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

/// Every command with its names and descriptions in every language and
/// its contexts. (The range of a numeric option is its type's,
/// [`super::numbers`].)
///
/// Contexts, checked command by command: every command reads or changes
/// one server's matches, offers, ladder or settings — `/rules` shows the
/// server's abort window, `/settings` is reached from the server the
/// player plays on — so each is a server-installed (`GUILD_INSTALL`)
/// command used in a server (`GUILD`), never in DMs or private channels
/// (a call without a server that comes all the same — a registration of
/// an older version — is refused: the commands that read the server are
/// `guild_only`, [`super::commands::on_error`]).
pub fn commands(catalog: &Catalog) -> Vec<poise::Command<Arc<Data>, Error>> {
    let mut all = super::commands::all();
    for c in &mut all {
        let id = message_of(&c.name);
        if c.context_menu_action.is_some() {
            // A user command has a name and no description; its name is
            // set per language in [`create_commands`] (poise 0.7 does not
            // localize a context menu's name).
            c.context_menu_name = Some(catalog.plain(Locale::EnUs, id).into());
        } else {
            translate(catalog, c, id);
        }
        c.install_context = Some(vec![InstallationContext::Guild]);
        c.interaction_context = Some(vec![InteractionContext::Guild]);
    }
    all
}

/// The registration payload: every slash command, then every user command
/// (a member's Apps menu), server-only, localized.
pub fn create_commands(catalog: &Catalog) -> Vec<CreateCommand> {
    let all = commands(catalog);
    let slash = all.iter().filter_map(|c| c.create_as_slash_command());
    let menus = all.iter().filter_map(|c| {
        let id = message_of(&c.name);
        let menu = c.create_as_context_menu_command()?;
        Some(
            localizations(|l| catalog.plain(l, id))
                .into_iter()
                .fold(menu, |m, (locale, name)| m.name_localized(locale, name)),
        )
    });
    slash.chain(menus).collect()
}

/// Registers the commands in `dev_guild`, or globally; each command's
/// name with the id Discord gave it (for command mentions, `</name:id>`).
///
/// # Errors
/// Discord refused the registration.
pub async fn register(
    rest: &Rest,
    catalog: &Catalog,
    dev_guild: Option<u64>,
) -> Result<Vec<(String, u64)>, serenity::Error> {
    let commands = create_commands(catalog);
    let application_id = rest
        .shared()
        .application_id()
        .ok_or(serenity::Error::Http(HttpError::ApplicationIdMissing))?;
    let route = match dev_guild {
        Some(g) => Route::GuildCommands {
            application_id,
            guild_id: GuildId::new(g),
        },
        None => Route::Commands { application_id },
    };
    // Registration is rate limited like any route (several restarts in a
    // minute meet a 429): retried after Discord's `retry_after`.
    super::rest::with_retries("register the commands", || {
        rest.paced(route, |http| {
            let commands = commands.clone();
            async move {
                match dev_guild {
                    Some(g) => GuildId::new(g).set_commands(http, commands).await,
                    None => serenity::all::Command::set_global_commands(http, commands).await,
                }
            }
        })
    })
    .await
    .map(|registered| {
        registered
            .into_iter()
            .map(|c| (c.name, c.id.get()))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::bot::LEVELS;
    use crate::host::limits::Limit;
    use crate::host::terms::{ABORT_WINDOW_MINUTES, CHALLENGE_EXPIRY_MINUTES};
    use crate::host::tournaments::{ARENA_MINUTES, NUMBERS, STARTS_IN_MINUTES, SWISS_ROUNDS};

    #[test]
    fn the_registration_payload_is_localized_and_valid() {
        let catalog = Catalog::new().unwrap();
        let json = serde_json::to_value(create_commands(&catalog)).unwrap();
        let all = json.as_array().unwrap();
        assert_eq!(all.len(), 20, "19 slash commands and one user command");
        // The user command (a member's Apps menu): type 2, a name with a
        // capital in every language, no description, no options.
        let menu = &all[19];
        assert_eq!(menu["type"], 2);
        assert_eq!(menu["name"], "Challenge");
        assert_eq!(menu["name_localizations"]["de"], "Herausfordern");
        assert_eq!(menu["contexts"], serde_json::json!([0]));
        assert!(menu.get("description").is_none_or(|d| d == ""), "{menu}");
        let challenge = &all[0];
        assert_eq!(challenge["name"], "challenge");
        assert!(challenge.get("dm_permission").is_none(), "deprecated");
        assert_eq!(challenge["contexts"], serde_json::json!([0]), "GUILD");
        assert_eq!(challenge["integration_types"], serde_json::json!([0]));
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
        assert_eq!(
            (&options[6]["min_value"], &options[6]["max_value"]),
            (&serde_json::json!(1), &serde_json::json!(5)),
            "whole numbers, as LEVELS"
        );
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

    /// Every option of `command`, its subcommands' too.
    fn options(command: &serde_json::Value) -> Vec<&serde_json::Value> {
        let mut out = Vec::new();
        for o in command["options"].as_array().into_iter().flatten() {
            out.push(o);
            out.extend(options(o));
        }
        out
    }

    #[test]
    fn every_command_is_for_servers_and_every_number_and_channel_option_is_bounded() {
        let catalog = Catalog::new().unwrap();
        let json = serde_json::to_value(create_commands(&catalog)).unwrap();
        let ranges = [
            ("level", *LEVELS.start() as i64, *LEVELS.end() as i64),
            (
                "abort-window",
                *ABORT_WINDOW_MINUTES.start(),
                *ABORT_WINDOW_MINUTES.end(),
            ),
            (
                "challenge-expiry",
                *CHALLENGE_EXPIRY_MINUTES.start(),
                *CHALLENGE_EXPIRY_MINUTES.end(),
            ),
            (
                "rounds",
                i64::from(*SWISS_ROUNDS.start()),
                i64::from(*SWISS_ROUNDS.end()),
            ),
            (
                "minutes",
                *ARENA_MINUTES.start() as i64,
                *ARENA_MINUTES.end() as i64,
            ),
            (
                "starts-in",
                *STARTS_IN_MINUTES.start() as i64,
                *STARTS_IN_MINUTES.end() as i64,
            ),
            ("tournament", *NUMBERS.start() as i64, *NUMBERS.end() as i64),
            ("round", *NUMBERS.start() as i64, *NUMBERS.end() as i64),
            ("board", *NUMBERS.start() as i64, *NUMBERS.end() as i64),
        ]
        .into_iter()
        .chain(Limit::ALL.map(|l| (l.option(), 1, i64::from(l.default_bound()))))
        .collect::<Vec<_>>();
        let mut numeric = Vec::new();
        for c in json.as_array().unwrap() {
            assert!(c.get("dm_permission").is_none(), "{}", c["name"]);
            assert_eq!(c["contexts"], serde_json::json!([0]), "{}", c["name"]);
            assert_eq!(c["integration_types"], serde_json::json!([0]));
            for o in options(c) {
                match o["type"].as_u64().unwrap() {
                    4 | 10 => {
                        let name = o["name"].as_str().unwrap();
                        let (_, min, max) = ranges
                            .iter()
                            .find(|(n, ..)| *n == name)
                            .unwrap_or_else(|| panic!("{name} has no range"));
                        assert_eq!(o["min_value"].as_i64(), Some(*min), "{name}");
                        assert_eq!(o["max_value"].as_i64(), Some(*max), "{name}");
                        numeric.push(name);
                    }
                    7 => assert_eq!(o["channel_types"], serde_json::json!([0, 5])),
                    _ => {}
                }
            }
        }
        numeric.dedup();
        assert_eq!(
            numeric,
            [
                "level",
                "abort-window",
                "challenge-expiry",
                "ai-matches",
                "open-offers",
                "analyses",
                "replays-per-minute",
                "server-replays-per-minute",
                "rounds",
                "minutes",
                "starts-in",
                "tournament",
                "round",
                "board"
            ]
        );
        let config = json
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "config")
            .unwrap();
        let any = options(config)
            .into_iter()
            .find(|o| o["name"] == "any-channel")
            .expect("a way to clear the match channel");
        assert_eq!(any["type"], 5, "a boolean");
    }
}
