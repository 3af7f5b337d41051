//! The five languages the bot speaks and how a Discord locale maps to one.

use std::fmt;
use std::str::FromStr;

use unic_langid::LanguageIdentifier;

/// A language the bot speaks. English (`en-US`) is the fallback for every
/// other locale and for every message missing in another language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Locale {
    /// English (United States), Discord's `en-US`; also used for `en-GB`.
    #[default]
    EnUs,
    /// German, Discord's `de`.
    De,
    /// Italian, Discord's `it`.
    It,
    /// Greek, Discord's `el`.
    El,
    /// Bulgarian, Discord's `bg`.
    Bg,
}

impl Locale {
    /// Every locale, English first.
    pub const ALL: [Locale; 5] = [Locale::EnUs, Locale::De, Locale::It, Locale::El, Locale::Bg];

    /// The fallback locale (English).
    pub const FALLBACK: Locale = Locale::EnUs;

    /// The BCP 47 tag, which is also Discord's locale code and the name of the
    /// folder under `locales/`: `en-US`, `de`, `it`, `el`, `bg`.
    pub const fn tag(self) -> &'static str {
        match self {
            Locale::EnUs => "en-US",
            Locale::De => "de",
            Locale::It => "it",
            Locale::El => "el",
            Locale::Bg => "bg",
        }
    }

    /// Position in [`Locale::ALL`] (0..5), for per-locale arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The language identifier used for CLDR plural rules.
    pub fn langid(self) -> LanguageIdentifier {
        self.tag()
            .parse()
            .expect("the five locale tags are valid language identifiers")
    }

    /// Maps any locale tag (Discord's `interaction.locale`, a guild locale, a
    /// stored override) to a supported locale: an exact match first (case and
    /// `_`/`-` ignored), then the language without its region (`en-GB` →
    /// `en-US`, `de-AT` → `de`), else English.
    pub fn negotiate(tag: &str) -> Locale {
        let tag = tag.trim().replace('_', "-").to_ascii_lowercase();
        if let Some(exact) = Locale::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(&tag))
        {
            return exact;
        }
        let language = tag.split('-').next().unwrap_or("");
        match language {
            "en" => Locale::EnUs,
            "de" => Locale::De,
            "it" => Locale::It,
            "el" => Locale::El,
            "bg" => Locale::Bg,
            _ => Locale::FALLBACK,
        }
    }

    /// The locale of a private reply: the user's stored override if they set
    /// one, else Discord's `interaction.locale` of the user who acted.
    pub fn for_user(override_locale: Option<Locale>, interaction_locale: &str) -> Locale {
        override_locale.unwrap_or_else(|| Locale::negotiate(interaction_locale))
    }

    /// The locale of public match messages: the server's `/config` choice if
    /// set, else Discord's `guild_locale`, else English.
    pub fn for_guild(configured: Option<Locale>, guild_locale: Option<&str>) -> Locale {
        configured
            .or_else(|| guild_locale.map(Locale::negotiate))
            .unwrap_or(Locale::FALLBACK)
    }
}

/// `(locale code, text)` for every language, `en-US` included and `en-GB`
/// with the English text: a `*_localizations` map of a Discord command,
/// option or choice (`text` gives the text in a locale, e.g. a message of
/// the catalog).
pub fn localizations(text: impl Fn(Locale) -> String) -> Vec<(&'static str, String)> {
    let mut v: Vec<(&'static str, String)> =
        Locale::ALL.iter().map(|l| (l.tag(), text(*l))).collect();
    v.insert(1, ("en-GB", text(Locale::EnUs)));
    v
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A tag that is not exactly one of the five supported locales (see
/// [`Locale::negotiate`] for the lenient mapping).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unsupported locale {0:?} (supported: en-US, de, it, el, bg)")]
pub struct UnsupportedLocale(pub String);

/// Strict parsing of a stored locale tag: exactly one of the five tags (any
/// case, `_` or `-`).
impl FromStr for Locale {
    type Err = UnsupportedLocale;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let norm = s.trim().replace('_', "-");
        Locale::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(&norm))
            .ok_or_else(|| UnsupportedLocale(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negotiation_prefers_exact_then_language_then_english() {
        assert_eq!(Locale::negotiate("en-US"), Locale::EnUs);
        assert_eq!(Locale::negotiate("en-GB"), Locale::EnUs);
        assert_eq!(Locale::negotiate("de"), Locale::De);
        assert_eq!(Locale::negotiate("de-AT"), Locale::De);
        assert_eq!(Locale::negotiate("DE_ch"), Locale::De);
        assert_eq!(Locale::negotiate("it"), Locale::It);
        assert_eq!(Locale::negotiate("el"), Locale::El);
        assert_eq!(Locale::negotiate("bg"), Locale::Bg);
        assert_eq!(Locale::negotiate("pt-BR"), Locale::EnUs);
        assert_eq!(Locale::negotiate("zh-TW"), Locale::EnUs);
        assert_eq!(Locale::negotiate(""), Locale::EnUs);
    }

    #[test]
    fn a_user_override_beats_the_interaction_locale() {
        assert_eq!(Locale::for_user(Some(Locale::Bg), "de"), Locale::Bg);
        assert_eq!(Locale::for_user(None, "de"), Locale::De);
        assert_eq!(Locale::for_guild(Some(Locale::It), Some("el")), Locale::It);
        assert_eq!(Locale::for_guild(None, Some("el")), Locale::El);
        assert_eq!(Locale::for_guild(None, None), Locale::EnUs);
    }

    #[test]
    fn localizations_name_every_locale_and_en_gb_in_english() {
        let map = localizations(|l| format!("text in {l}"));
        let codes: Vec<&str> = map.iter().map(|(c, _)| *c).collect();
        assert_eq!(codes, ["en-US", "en-GB", "de", "it", "el", "bg"]);
        assert_eq!(map[1].1, "text in en-US");
        assert_eq!(map[5].1, "text in bg");
    }

    #[test]
    fn strict_parsing_accepts_only_the_five_tags() {
        for l in Locale::ALL {
            assert_eq!(l.tag().parse::<Locale>(), Ok(l));
            assert_eq!(l.index(), Locale::ALL.iter().position(|x| *x == l).unwrap());
        }
        assert_eq!("en_us".parse::<Locale>(), Ok(Locale::EnUs));
        assert!("en-GB".parse::<Locale>().is_err());
    }
}
