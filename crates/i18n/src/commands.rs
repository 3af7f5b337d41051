//! Slash-command names, descriptions, options and choices in every locale,
//! in poise's Fluent localization scheme.
//!
//! Each command is one Fluent message whose id is the command's key
//! (`challenge`; a subcommand is `<parent>-<sub>`, `ladder-reset`). Its value
//! is the localized command name, its `.description` attribute the
//! description, and per option `.<option>` (the option's localized name) and
//! `.<option>-description`. Every choice is a message of its own
//! (`variant-classic`, `time-preset-10-10`, `color-red`, `language-de`) whose
//! value is the choice's display name. Discord adapters take the result of
//! [`Catalog::commands`] and fill in `name_localizations` /
//! `description_localizations` at start-up; English is the default.

use super::catalog::Catalog;
use super::locale::Locale;

/// A fixed set of choices for an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceSet {
    /// The eleven variant keys of RULES.md §5.
    Variants,
    /// The time-control presets 3+2, 5+5, 10+10, 30+30 (RULES.md §4).
    TimePresets,
    /// Colour for `single`: red, yellow or random.
    Colors,
    /// A language override: `auto` (Discord's) or one of the five tags.
    Languages,
}

impl ChoiceSet {
    /// `(value sent by Discord, Fluent id of the display name)` per choice.
    pub const fn choices(self) -> &'static [(&'static str, &'static str)] {
        match self {
            ChoiceSet::Variants => &[
                ("classic", "variant-classic"),
                ("single", "variant-single"),
                ("five", "variant-five"),
                ("popout", "variant-popout"),
                ("small", "variant-small"),
                ("misere", "variant-misere"),
                ("cylinder", "variant-cylinder"),
                ("obstacles", "variant-obstacles"),
                ("random-opening", "variant-random-opening"),
                ("three-players", "variant-three-players"),
                ("teams", "variant-teams"),
            ],
            ChoiceSet::TimePresets => &[
                ("3+2", "time-preset-3-2"),
                ("5+5", "time-preset-5-5"),
                ("10+10", "time-preset-10-10"),
                ("30+30", "time-preset-30-30"),
            ],
            ChoiceSet::Colors => &[
                ("red", "color-red"),
                ("yellow", "color-yellow"),
                ("random", "color-random"),
            ],
            ChoiceSet::Languages => &[
                ("auto", "language-auto"),
                ("en-US", "language-en-US"),
                ("de", "language-de"),
                ("it", "language-it"),
                ("el", "language-el"),
                ("bg", "language-bg"),
            ],
        }
    }
}

/// The kind of value an option takes (for the adapter's parameter types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A Discord user.
    User,
    /// A Discord channel.
    Channel,
    /// Free text (or one of `choices` when set).
    Text,
    /// A whole number.
    Integer,
    /// True or false.
    Boolean,
}

/// One option of a slash command.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The English (default) option name, also the Fluent attribute name.
    pub key: &'static str,
    /// What the option holds.
    pub kind: OptionKind,
    /// Whether Discord requires it.
    pub required: bool,
    /// Fixed choices, if any. For `time` they are suggestions: any
    /// `base+inc` within the limits of RULES.md §4 is accepted.
    pub choices: Option<ChoiceSet>,
}

/// A slash command (or subcommand) as the bot registers it.
#[derive(Clone, Copy, Debug)]
pub struct CommandSpec {
    /// The English (default) command name.
    pub key: &'static str,
    /// The Fluent message id: the key, or `<parent>-<sub>` for subcommands.
    pub id: &'static str,
    /// Options, in Discord's order (required first).
    pub options: &'static [OptionSpec],
    /// Subcommands (`/ladder reset`); a command with subcommands has no options.
    pub subcommands: &'static [CommandSpec],
    /// Whether only moderators (Manage Server) may use it; the bot checks
    /// this itself too.
    pub moderator: bool,
}

const fn opt(key: &'static str, kind: OptionKind, required: bool) -> OptionSpec {
    OptionSpec {
        key,
        kind,
        required,
        choices: None,
    }
}

const fn choice(key: &'static str, set: ChoiceSet) -> OptionSpec {
    OptionSpec {
        key,
        kind: OptionKind::Text,
        required: false,
        choices: Some(set),
    }
}

const fn cmd(key: &'static str, options: &'static [OptionSpec]) -> CommandSpec {
    CommandSpec {
        key,
        id: key,
        options,
        subcommands: &[],
        moderator: false,
    }
}

const fn sub(key: &'static str, id: &'static str, options: &'static [OptionSpec]) -> CommandSpec {
    CommandSpec {
        key,
        id,
        options,
        subcommands: &[],
        moderator: true,
    }
}

/// Every slash command of DISCORD.md with its options.
pub const COMMANDS: &[CommandSpec] = &[
    cmd(
        "challenge",
        &[
            opt("opponent", OptionKind::User, true),
            choice("variant", ChoiceSet::Variants),
            choice("time", ChoiceSet::TimePresets),
            opt("opponent2", OptionKind::User, false),
            opt("teammate", OptionKind::User, false),
            choice("color", ChoiceSet::Colors),
            opt("level", OptionKind::Integer, false),
        ],
    ),
    cmd(
        "seek",
        &[
            choice("variant", ChoiceSet::Variants),
            choice("time", ChoiceSet::TimePresets),
        ],
    ),
    cmd("resign", &[]),
    cmd("resign-game", &[]),
    cmd("board", &[]),
    cmd(
        "rating",
        &[
            opt("user", OptionKind::User, false),
            choice("variant", ChoiceSet::Variants),
        ],
    ),
    cmd("leaderboard", &[choice("variant", ChoiceSet::Variants)]),
    cmd("history", &[opt("user", OptionKind::User, false)]),
    cmd("rules", &[choice("variant", ChoiceSet::Variants)]),
    cmd("analyze", &[opt("match", OptionKind::Text, false)]),
    cmd("replay", &[opt("match", OptionKind::Text, true)]),
    cmd("export", &[opt("match", OptionKind::Text, true)]),
    cmd(
        "settings",
        &[
            opt("confirm", OptionKind::Boolean, false),
            choice("language", ChoiceSet::Languages),
        ],
    ),
    CommandSpec {
        key: "ladder",
        id: "ladder",
        options: &[],
        subcommands: &[
            sub("reset", "ladder-reset", &[]),
            sub(
                "void",
                "ladder-void",
                &[opt("match", OptionKind::Text, true)],
            ),
            sub("ban", "ladder-ban", &[opt("user", OptionKind::User, true)]),
            sub(
                "unban",
                "ladder-unban",
                &[opt("user", OptionKind::User, true)],
            ),
            sub(
                "abort",
                "ladder-abort",
                &[opt("match", OptionKind::Text, true)],
            ),
        ],
        moderator: true,
    },
    CommandSpec {
        key: "config",
        id: "config",
        options: &[
            choice("time", ChoiceSet::TimePresets),
            opt("abort-window", OptionKind::Integer, false),
            opt("challenge-expiry", OptionKind::Integer, false),
            opt("variants", OptionKind::Text, false),
            opt("channel", OptionKind::Channel, false),
            choice("language", ChoiceSet::Languages),
        ],
        subcommands: &[],
        moderator: true,
    },
];

/// One text in all five locales, indexed by [`Locale::index`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Localized {
    /// The text per locale, in [`Locale::ALL`] order.
    pub texts: [String; 5],
}

impl Localized {
    /// The text in `locale`.
    pub fn get(&self, locale: Locale) -> &str {
        &self.texts[locale.index()]
    }

    /// The English text: Discord's default name or description.
    pub fn default_text(&self) -> &str {
        self.get(Locale::EnUs)
    }

    /// `(Discord locale code, text)` for every locale, `en-US` included (and
    /// `en-GB` with the English text), for `*_localizations` maps.
    pub fn discord_localizations(&self) -> Vec<(&'static str, &str)> {
        let mut v: Vec<_> = Locale::ALL
            .iter()
            .map(|l| (l.tag(), self.get(*l)))
            .collect();
        v.insert(1, ("en-GB", self.get(Locale::EnUs)));
        v
    }

    fn build(catalog: &Catalog, id: &str, attribute: Option<&str>) -> Localized {
        let id = super::Id::find(id).unwrap_or_else(|| panic!("no message {id}"));
        let texts = Locale::ALL.map(|l| match attribute {
            Some(a) => catalog.attr(l, id, a, &Default::default()),
            None => catalog.plain(l, id),
        });
        Localized { texts }
    }
}

/// A choice with its value and localized display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalizedChoice {
    /// The value Discord sends back (`classic`, `10+10`, `red`, `de`).
    pub value: &'static str,
    /// The display name.
    pub name: Localized,
}

/// An option with localized name, description and choices.
#[derive(Clone, Debug)]
pub struct LocalizedOption {
    /// The option as specified.
    pub spec: OptionSpec,
    /// Localized option names (English = [`OptionSpec::key`]).
    pub name: Localized,
    /// Localized descriptions.
    pub description: Localized,
    /// Localized choices (empty when the option has none).
    pub choices: Vec<LocalizedChoice>,
}

/// A command with everything Discord shows about it, in all locales.
#[derive(Clone, Debug)]
pub struct LocalizedCommand {
    /// The command as specified.
    pub spec: CommandSpec,
    /// Localized command names (English = [`CommandSpec::key`]).
    pub name: Localized,
    /// Localized descriptions.
    pub description: Localized,
    /// Localized options.
    pub options: Vec<LocalizedOption>,
    /// Localized subcommands.
    pub subcommands: Vec<LocalizedCommand>,
}

impl LocalizedCommand {
    fn build(catalog: &Catalog, spec: &CommandSpec) -> LocalizedCommand {
        LocalizedCommand {
            spec: *spec,
            name: Localized::build(catalog, spec.id, None),
            description: Localized::build(catalog, spec.id, Some("description")),
            options: spec
                .options
                .iter()
                .map(|o| LocalizedOption {
                    spec: *o,
                    name: Localized::build(catalog, spec.id, Some(o.key)),
                    description: Localized::build(
                        catalog,
                        spec.id,
                        Some(&format!("{}-description", o.key)),
                    ),
                    choices: o
                        .choices
                        .map(|set| {
                            set.choices()
                                .iter()
                                .map(|(value, id)| LocalizedChoice {
                                    value,
                                    name: Localized::build(catalog, id, None),
                                })
                                .collect()
                        })
                        .unwrap_or_default(),
                })
                .collect(),
            subcommands: spec
                .subcommands
                .iter()
                .map(|s| LocalizedCommand::build(catalog, s))
                .collect(),
        }
    }
}

impl Catalog {
    /// Every slash command of [`COMMANDS`] with its name, description,
    /// options and choices in all five locales, for the Discord adapter to
    /// register.
    pub fn commands(&self) -> Vec<LocalizedCommand> {
        COMMANDS
            .iter()
            .map(|c| LocalizedCommand::build(self, c))
            .collect()
    }
}
