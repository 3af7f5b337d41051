//! Message ids: one constant per message of `locales/en-US/*.ftl`,
//! generated at build time (`build.rs`), so a misspelled id does not
//! compile. Each constant's doc is the English text. Messages chosen by a
//! value (a variant's name, a colour's, a language's) have a function here
//! that maps the value to its constant.

use fourbot_core::game::{Color, Variant};

use super::locale::Locale;

/// The id of a message of the catalogue (kebab-case, `error-column-full`).
/// Only this crate makes them: outside it, an id is one of the constants
/// of this module (or found by [`Id::find`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Id(pub(crate) &'static str);

impl Id {
    /// The id as written in the message files.
    pub const fn as_str(self) -> &'static str {
        self.0
    }

    /// The message whose id is `text`, if English has one (for names that
    /// come from elsewhere, such as a slash command's).
    pub fn find(text: &str) -> Option<Id> {
        ALL.iter().copied().find(|id| id.0 == text)
    }
}

impl std::fmt::Display for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

include!(concat!(env!("OUT_DIR"), "/ids.rs"));

/// A variant's display name (`variant-classic`).
pub const fn variant(v: Variant) -> Id {
    match v {
        Variant::Classic => VARIANT_CLASSIC,
        Variant::Single => VARIANT_SINGLE,
        Variant::Five => VARIANT_FIVE,
        Variant::Popout => VARIANT_POPOUT,
        Variant::Small => VARIANT_SMALL,
        Variant::Misere => VARIANT_MISERE,
        Variant::Cylinder => VARIANT_CYLINDER,
        Variant::Obstacles => VARIANT_OBSTACLES,
        Variant::RandomOpening => VARIANT_RANDOM_OPENING,
        Variant::ThreePlayers => VARIANT_THREE_PLAYERS,
        Variant::Teams => VARIANT_TEAMS,
    }
}

/// A variant's rules for `/rules` (`rules-variant-classic`).
pub const fn rules_variant(v: Variant) -> Id {
    match v {
        Variant::Classic => RULES_VARIANT_CLASSIC,
        Variant::Single => RULES_VARIANT_SINGLE,
        Variant::Five => RULES_VARIANT_FIVE,
        Variant::Popout => RULES_VARIANT_POPOUT,
        Variant::Small => RULES_VARIANT_SMALL,
        Variant::Misere => RULES_VARIANT_MISERE,
        Variant::Cylinder => RULES_VARIANT_CYLINDER,
        Variant::Obstacles => RULES_VARIANT_OBSTACLES,
        Variant::RandomOpening => RULES_VARIANT_RANDOM_OPENING,
        Variant::ThreePlayers => RULES_VARIANT_THREE_PLAYERS,
        Variant::Teams => RULES_VARIANT_TEAMS,
    }
}

/// A variant's one-line summary in the list of variants
/// (`rules-summary-classic`).
pub const fn rules_summary(v: Variant) -> Id {
    match v {
        Variant::Classic => RULES_SUMMARY_CLASSIC,
        Variant::Single => RULES_SUMMARY_SINGLE,
        Variant::Five => RULES_SUMMARY_FIVE,
        Variant::Popout => RULES_SUMMARY_POPOUT,
        Variant::Small => RULES_SUMMARY_SMALL,
        Variant::Misere => RULES_SUMMARY_MISERE,
        Variant::Cylinder => RULES_SUMMARY_CYLINDER,
        Variant::Obstacles => RULES_SUMMARY_OBSTACLES,
        Variant::RandomOpening => RULES_SUMMARY_RANDOM_OPENING,
        Variant::ThreePlayers => RULES_SUMMARY_THREE_PLAYERS,
        Variant::Teams => RULES_SUMMARY_TEAMS,
    }
}

/// A colour's display name (`color-red`).
pub const fn color(c: Color) -> Id {
    match c {
        Color::Red => COLOR_RED,
        Color::Yellow => COLOR_YELLOW,
        Color::Blue => COLOR_BLUE,
    }
}

/// A language's name as a setting shows it: the language itself, or
/// `None` for "Discord's language" (`language-auto`).
pub const fn language(l: Option<Locale>) -> Id {
    match l {
        None => LANGUAGE_AUTO,
        Some(Locale::EnUs) => LANGUAGE_EN_US,
        Some(Locale::De) => LANGUAGE_DE,
        Some(Locale::It) => LANGUAGE_IT,
        Some(Locale::El) => LANGUAGE_EL,
        Some(Locale::Bg) => LANGUAGE_BG,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_english_message_has_one_constant_and_is_found_by_its_text() {
        assert!(ALL.len() > 200);
        let mut seen = std::collections::BTreeSet::new();
        for id in ALL {
            assert!(seen.insert(id.as_str()), "{id} twice");
            assert_eq!(Id::find(id.as_str()), Some(*id));
        }
        assert_eq!(ERROR_COLUMN_FULL.as_str(), "error-column-full");
        assert_eq!(Id::find("error-colum-full"), None);
        for v in Variant::ALL {
            assert_eq!(variant(v).as_str(), format!("variant-{}", v.key()));
            assert_eq!(
                rules_variant(v).as_str(),
                format!("rules-variant-{}", v.key())
            );
            assert_eq!(
                rules_summary(v).as_str(),
                format!("rules-summary-{}", v.key())
            );
        }
        for c in Color::ALL {
            assert_eq!(color(c).as_str(), format!("color-{}", c.name()));
        }
        for l in Locale::ALL {
            assert_eq!(language(Some(l)).as_str(), format!("language-{}", l.tag()));
        }
    }
}
