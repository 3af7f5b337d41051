//! `fourbot check`: the set-up, checked through Discord's REST API as the
//! bot sees it, with one line per problem saying how to fix it (issue 35
//! §7, "The first hour"; docs/operations.md, "Checking the set-up").
//!
//! In order: the token (`GET /users/@me`; nothing else can be checked
//! without it), the application (`GET /oauth2/applications/@me`: the
//! privileged intents [`super::config::intents`] asks for must be switched
//! on in the developer portal, which its `flags` show), the slash
//! commands where `fourbot run` registers them (globally, or in
//! `FOURBOT_DEV_GUILD`: [`super::register`]), and every server the bot is
//! in (`GET /users/@me/guilds`, 200 a page, at most
//! [`CheckOptions::max_servers`]): in each text and announcement channel
//! the bot can see, the permissions a match needs there
//! ([`super::room::NEEDED`], the ones whose absence refuses an offer),
//! computed from the server's roles, the bot's roles and the channel's
//! overwrites as Discord documents (`topics/permissions`, "Permission
//! Overwrites"; serenity's `PartialGuild::user_permissions_in`).
//!
//! Every request goes through [`Rest::paced`], within the bot's share of
//! Discord's global limit; the token is never printed (the lines carry
//! Discord's answers, which do not hold it).

use std::collections::BTreeSet;

use serenity::all::{
    ApplicationFlags, ApplicationId, GatewayIntents, GuildId, GuildInfo, GuildPagination,
    HttpError, Permissions,
};
use serenity::http::Route;

use crate::i18n::{Catalog, Locale};

use super::config::{chain, DiscordConfig};
use super::rest::Rest;

/// What `fourbot check` may do: how many servers it reads.
#[derive(Clone, Copy, Debug)]
pub struct CheckOptions {
    /// Read at most this many servers (the first by id; three requests
    /// each): a bot in thousands of servers is checked in part, and says
    /// so.
    pub max_servers: usize,
}

/// The default of [`CheckOptions::max_servers`]: 100 servers, about 300
/// requests, some 7 s at the bot's pace.
pub const DEFAULT_MAX_SERVERS: usize = 100;

/// The most `GET /users/@me/guilds` returns at once (`resources/user`,
/// "Get Current User Guilds": `limit` 1–200).
const GUILDS_PAGE: u64 = 200;

/// The most channel names a note lists.
const LISTED: usize = 10;

/// What `fourbot check` found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// One line per problem, with its fix. None: all is well.
    pub problems: Vec<String>,
    /// Lines that are worth knowing but need no fix (channels hidden from
    /// the bot, servers not read).
    pub notes: Vec<String>,
    /// The last line: what was checked, and the verdict.
    pub summary: String,
}

impl Report {
    /// The lines to print: the problems, the notes (`note: …`), the
    /// summary.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = self.problems.clone();
        lines.extend(self.notes.iter().map(|n| format!("note: {n}")));
        lines.push(self.summary.clone());
        lines
    }

    /// Whether all is well (no problem).
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// What to say when Discord does not take the token.
pub const TOKEN_REFUSED: &str =
    "the token in DISCORD_TOKEN is refused (401 Unauthorized): it is wrong, or it was reset; \
     reset it in the developer portal's Bot page (https://discord.com/developers/applications → \
     your application → Bot → Reset Token) and put the new one in DISCORD_TOKEN";

/// The privileged intents (`events/gateway`, "Privileged Intents"): the
/// intent, the application flags that show it switched on (for a
/// verified application, and `_LIMITED` for one in fewer than 100 servers:
/// `resources/application`, "Application Flags"), its switch's name in
/// the developer portal, and what the bot does without it.
const PRIVILEGED: [(GatewayIntents, ApplicationFlags, &str, &str); 3] = [
    (
        GatewayIntents::MESSAGE_CONTENT,
        ApplicationFlags::GATEWAY_MESSAGE_CONTENT
            .union(ApplicationFlags::GATEWAY_MESSAGE_CONTENT_LIMITED),
        "Message Content Intent",
        "typed moves are read only when they reply to the bot or mention it",
    ),
    (
        GatewayIntents::GUILD_MEMBERS,
        ApplicationFlags::GATEWAY_GUILD_MEMBERS
            .union(ApplicationFlags::GATEWAY_GUILD_MEMBERS_LIMITED),
        "Server Members Intent",
        "Discord refuses the connection (close 4014)",
    ),
    (
        GatewayIntents::GUILD_PRESENCES,
        ApplicationFlags::GATEWAY_PRESENCE.union(ApplicationFlags::GATEWAY_PRESENCE_LIMITED),
        "Presence Intent",
        "Discord refuses the connection (close 4014)",
    ),
];

/// The privileged intents among `asked` that `flags` (the application's)
/// do not show switched on: each as (its name in the portal, what the bot
/// does without it).
pub fn missing_intents(
    asked: GatewayIntents,
    flags: ApplicationFlags,
) -> Vec<(&'static str, &'static str)> {
    PRIVILEGED
        .iter()
        .filter(|(intent, on, _, _)| asked.contains(*intent) && !flags.intersects(*on))
        .map(|(_, _, name, without)| (*name, *without))
        .collect()
}

/// The permissions of [`super::room::NEEDED`] that `have` lacks, in
/// English (as the offer refusal names them), joined with ", ";
/// `None` when nothing lacks (Administrator grants everything).
pub fn missing_permissions(catalog: &Catalog, have: Permissions) -> Option<String> {
    if have.contains(Permissions::ADMINISTRATOR) {
        return None;
    }
    let missing: Vec<String> = super::room::NEEDED
        .iter()
        .filter(|(p, _)| !have.contains(*p))
        .map(|(_, name)| catalog.plain(Locale::EnUs, *name))
        .collect();
    (!missing.is_empty()).then(|| missing.join(", "))
}

/// The HTTP status of a failed request, if Discord answered.
fn status(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => Some(r.status_code.as_u16()),
        _ => None,
    }
}

/// A failed request in a few words: Discord's answer (status, code and
/// message), or why none came.
fn why(e: &serenity::Error) -> String {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => format!(
            "Discord answered {} ({}: {})",
            r.status_code.as_u16(),
            r.error.code,
            r.error.message
        ),
        serenity::Error::Http(HttpError::Request(r)) => chain(r),
        e => e.to_string(),
    }
}

/// Runs the checks with `config`'s token, client and API base.
pub async fn check(config: &DiscordConfig, options: CheckOptions) -> Report {
    let rest = Rest::new(config);
    let mut report = Report::default();
    // The token: nothing else answers without it.
    let me = match rest
        .paced(Route::UserMe, |http| http.get_current_user())
        .await
    {
        Ok(me) => me,
        Err(e) => {
            report.problems.push(match (&e, status(&e)) {
                (_, Some(401)) => TOKEN_REFUSED.to_string(),
                (serenity::Error::Http(HttpError::Request(r)), _) => format!(
                    "cannot reach Discord's API: {}; check the network, HTTPS_PROXY / NO_PROXY and FOURBOT_CA_FILE",
                    chain(r)
                ),
                _ => format!("the token could not be checked: {}", why(&e)),
            });
            report.summary =
                "fourbot check: 1 problem; nothing else can be checked until the token works"
                    .to_string();
            return report;
        }
    };
    // The application: its privileged intents.
    let application = match rest
        .paced(Route::Oauth2ApplicationCurrent, |http| {
            http.get_current_application_info()
        })
        .await
    {
        Ok(app) => {
            let flags = app.flags.unwrap_or(ApplicationFlags::empty());
            for (name, without) in missing_intents(super::config::intents(), flags) {
                report.problems.push(format!(
                    "the {name} is off for this application: switch it on in the developer portal \
                     (https://discord.com/developers/applications → your application → Bot → \
                     Privileged Gateway Intents → {name}); without it {without}"
                ));
            }
            Some(app.id)
        }
        Err(e) => {
            report
                .problems
                .push(format!("the application could not be read: {}", why(&e)));
            None
        }
    };
    let catalog = match Catalog::new() {
        Ok(c) => c,
        Err(e) => {
            report
                .problems
                .push(format!("cannot load the messages: {e}"));
            report.summary = summary(&report, 0, 0);
            return report;
        }
    };
    // The commands, where `fourbot run` registers them.
    if let Some(app) = application {
        rest.set_application_id(app);
        check_commands(&rest, &catalog, app, config.dev_guild, &mut report).await;
    }
    // The servers and their channels.
    let (servers, channels) =
        check_servers(&rest, &catalog, &me, application, options, &mut report).await;
    report.summary = summary(&report, servers, channels);
    report
}

/// The summary line.
fn summary(report: &Report, servers: usize, channels: usize) -> String {
    let checked = format!(
        "{servers} server{} and {channels} channel{} checked",
        if servers == 1 { "" } else { "s" },
        if channels == 1 { "" } else { "s" },
    );
    match report.problems.len() {
        0 => format!("fourbot check: all is well (the token, the application's intents, the commands; {checked})"),
        1 => format!("fourbot check: 1 problem ({checked})"),
        n => format!("fourbot check: {n} problems ({checked})"),
    }
}

/// Whether the slash commands of this version are registered where
/// `fourbot run` registers them: one line if any is missing.
async fn check_commands(
    rest: &Rest,
    catalog: &Catalog,
    application_id: ApplicationId,
    dev_guild: Option<u64>,
    report: &mut Report,
) {
    let (registered, place) = match dev_guild {
        Some(g) => {
            let guild_id = GuildId::new(g);
            let answer = rest
                .paced(
                    Route::GuildCommands {
                        application_id,
                        guild_id,
                    },
                    |http| http.get_guild_commands(guild_id),
                )
                .await;
            (answer, format!("in server {g} (FOURBOT_DEV_GUILD)"))
        }
        None => {
            let answer = rest
                .paced(Route::Commands { application_id }, |http| {
                    http.get_global_commands()
                })
                .await;
            (answer, "globally".to_string())
        }
    };
    let registered: BTreeSet<String> = match registered {
        Ok(list) => list.into_iter().map(|c| c.name).collect(),
        Err(e) => {
            let hint = if dev_guild.is_some() && matches!(status(&e), Some(403 | 404)) {
                "; is the bot in that server, added with the applications.commands scope?"
            } else {
                ""
            };
            report.problems.push(format!(
                "the slash commands {place} could not be read: {}{hint}",
                why(&e)
            ));
            return;
        }
    };
    let expected: Vec<String> = super::register::create_commands(catalog)
        .iter()
        .filter_map(|c| serde_json::to_value(c).ok())
        .filter_map(|v| v["name"].as_str().map(str::to_string))
        .collect();
    let missing: Vec<String> = expected
        .iter()
        .filter(|name| !registered.contains(*name))
        .map(|name| format!("/{name}"))
        .collect();
    if missing.len() == expected.len() {
        report.problems.push(format!(
            "the slash commands are not registered {place}: `fourbot run` registers them when it connects; start it once"
        ));
    } else if !missing.is_empty() {
        report.problems.push(format!(
            "{} slash command{} of this version {} not registered {place} ({}): `fourbot run` of this version registers them when it connects",
            missing.len(),
            if missing.len() == 1 { "" } else { "s" },
            if missing.len() == 1 { "is" } else { "are" },
            missing.join(", ")
        ));
    }
}

/// The bot's servers (at most `options.max_servers`, by id), each checked
/// with [`check_server`]; returns how many servers and channels were
/// checked.
async fn check_servers(
    rest: &Rest,
    catalog: &Catalog,
    me: &serenity::all::CurrentUser,
    application: Option<ApplicationId>,
    options: CheckOptions,
    report: &mut Report,
) -> (usize, usize) {
    let mut servers: Vec<GuildInfo> = Vec::new();
    let mut after = None;
    let mut more = false;
    loop {
        let page = rest
            .paced(Route::UserMeGuilds, |http| {
                http.get_guilds(after.map(GuildPagination::After), Some(GUILDS_PAGE))
            })
            .await;
        let page = match page {
            Ok(p) => p,
            Err(e) => {
                report.problems.push(format!(
                    "the bot's servers could not be listed: {}",
                    why(&e)
                ));
                return (0, 0);
            }
        };
        let full = page.len() as u64 == GUILDS_PAGE;
        after = page.last().map(|g| g.id);
        for g in page {
            if servers.len() == options.max_servers {
                more = true;
                break;
            }
            servers.push(g);
        }
        if more || !full {
            break;
        }
        if servers.len() == options.max_servers {
            // A full page ended exactly at the cap: one more guild after
            // it says whether there are more.
            let next = rest
                .paced(Route::UserMeGuilds, |http| {
                    http.get_guilds(after.map(GuildPagination::After), Some(1))
                })
                .await;
            more = next.is_ok_and(|n| !n.is_empty());
            break;
        }
    }
    if servers.is_empty() {
        let link = application
            .map(|a| format!(" with {}", super::room::invite_url(a.get())))
            .unwrap_or_default();
        report.problems.push(format!(
            "the bot is in no server yet: add it to one{link} (docs/discord.md, \"Set-up\")"
        ));
        return (0, 0);
    }
    if more {
        report.notes.push(format!(
            "the bot is in more than {} servers: only the first {} (by id) were checked; --max-servers checks more",
            options.max_servers, options.max_servers
        ));
    }
    let mut channels = 0;
    for server in &servers {
        channels += check_server(rest, catalog, me, server, report).await;
    }
    (servers.len(), channels)
}

/// One server: reads it (its roles), its channels and the bot's member
/// object, and checks every text and announcement channel the bot can
/// see; returns how many channels were checked.
async fn check_server(
    rest: &Rest,
    catalog: &Catalog,
    me: &serenity::all::CurrentUser,
    server: &GuildInfo,
    report: &mut Report,
) -> usize {
    let guild_id = server.id;
    let label = format!("server \"{}\" ({})", server.name, guild_id);
    let guild = rest
        .paced(Route::Guild { guild_id }, |http| http.get_guild(guild_id))
        .await;
    let list = rest
        .paced(Route::GuildChannels { guild_id }, |http| {
            http.get_channels(guild_id)
        })
        .await;
    let member = rest
        .paced(
            Route::GuildMember {
                guild_id,
                user_id: me.id,
            },
            |http| http.get_member(guild_id, me.id),
        )
        .await;
    let (guild, list, member) = match (guild, list, member) {
        (Ok(g), Ok(l), Ok(m)) => (g, l, m),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => {
            report
                .problems
                .push(format!("{label} could not be read: {}", why(&e)));
            return 0;
        }
    };
    let mut texts: Vec<_> = list
        .iter()
        .filter(|c| super::room::opens_threads(c.kind))
        .collect();
    texts.sort_by_key(|c| (c.position, c.id));
    let mut hidden = Vec::new();
    let mut checked = 0;
    for channel in &texts {
        let have = guild.user_permissions_in(channel, &member);
        if !have.contains(Permissions::VIEW_CHANNEL) && !have.contains(Permissions::ADMINISTRATOR) {
            hidden.push(format!("#{}", channel.name));
            continue;
        }
        checked += 1;
        if let Some(missing) = missing_permissions(catalog, have) {
            report.problems.push(format!(
                "{label}, channel #{} ({}): the bot lacks {missing}, so no match can open there; \
                 give the bot's role these permissions in the channel's settings (Edit Channel → \
                 Permissions), or remove the overwrite that denies them",
                channel.name, channel.id
            ));
        }
    }
    if checked == 0 {
        report.problems.push(format!(
            "{label}: the bot can see no text channel, so no match can open there; let its role \
             view the channels where members should play"
        ));
    } else if !hidden.is_empty() {
        let more = hidden.len().saturating_sub(LISTED);
        hidden.truncate(LISTED);
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        report.notes.push(format!(
            "{label}: {} hidden from the bot (no View Channel), so no match opens there{tail}",
            hidden.join(", ")
        ));
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_privileged_intents_asked_for_and_switched_off_are_named() {
        let asked = super::super::config::intents();
        // Switched on, in either form of the flag.
        for on in [
            ApplicationFlags::GATEWAY_MESSAGE_CONTENT,
            ApplicationFlags::GATEWAY_MESSAGE_CONTENT_LIMITED,
        ] {
            assert!(missing_intents(asked, on).is_empty(), "{on:?}");
        }
        // Off: the bot asks for Message Content only.
        let other =
            ApplicationFlags::GATEWAY_GUILD_MEMBERS_LIMITED | ApplicationFlags::GATEWAY_PRESENCE;
        let missing = missing_intents(asked, other);
        assert_eq!(missing.len(), 1, "{missing:?}");
        assert_eq!(missing[0].0, "Message Content Intent");
        // Were members asked for, they would be checked too.
        let members = missing_intents(
            GatewayIntents::GUILD_MEMBERS | GatewayIntents::GUILDS,
            ApplicationFlags::empty(),
        );
        assert_eq!(members.len(), 1);
        assert_eq!(members[0].0, "Server Members Intent");
    }

    #[test]
    fn the_missing_permissions_are_those_an_offer_is_refused_without() {
        let catalog = Catalog::new().unwrap();
        let all = super::super::room::NEEDED
            .iter()
            .fold(Permissions::empty(), |a, (p, _)| a | *p);
        assert_eq!(missing_permissions(&catalog, all), None);
        assert_eq!(
            missing_permissions(&catalog, Permissions::ADMINISTRATOR),
            None
        );
        let text = missing_permissions(
            &catalog,
            all - Permissions::CREATE_PUBLIC_THREADS - Permissions::ATTACH_FILES,
        )
        .expect("two missing");
        assert_eq!(text.split(", ").count(), 2, "{text}");
        // Send Messages is not needed: the offers are interaction
        // answers, the turns go into threads.
        assert_eq!(
            missing_permissions(&catalog, all - Permissions::SEND_MESSAGES),
            None
        );
    }

    #[test]
    fn the_report_prints_problems_then_notes_then_the_summary() {
        let report = Report {
            problems: vec!["a".into()],
            notes: vec!["b".into()],
            summary: "c".into(),
        };
        assert_eq!(report.lines(), ["a", "note: b", "c"]);
        assert!(!report.ok());
        assert!(Report::default().ok());
    }
}
