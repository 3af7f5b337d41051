//! Every word a player or moderator sees, in English (en-US, the fallback),
//! German, Italian, Greek and Bulgarian, on Fluent (`locales/<lang>/*.ftl`,
//! compiled into the binary).
//!
//! - [`Locale`]: the five languages and [`Locale::negotiate`] for Discord's
//!   locale codes (exact → language → English).
//! - [`Catalog`]: all bundles, loaded once ([`Catalog::new`]); `Send + Sync`.
//!   [`Catalog::text`] formats a message; a message missing in a language
//!   falls back to English and is logged once. Fluent's bidi isolation
//!   marks are off: names, the only text that can turn a line around, are
//!   isolated by [`shape_name`].
//! - Names are data: [`Value::Name`] (and [`Catalog::name`] for text built
//!   outside Fluent) shape a player's name with [`shape_name`] in the
//!   catalog's [`NameStyle`] ([`Catalog::with_names`]: the Discord adapter
//!   escapes markdown, the terminal does not).
//! - Formatters: [`half_points`] and [`score`] (`1½:½`), [`rating`]
//!   (`1500?`), [`Catalog::points`] and [`Catalog::duration`] (`9:58`,
//!   `1 h 05 min`, `2 d 3 h`) with CLDR plural rules.
//! - Slash-command names and descriptions are messages too, in poise's
//!   Fluent scheme (`challenge`, `.description`, `.<option>`,
//!   `.<option>-description`); the Discord adapter fills them into its
//!   commands.
//!
//! Message ids ([`id::Id`]) are constants generated from the English files
//! ([`id`]), so a misspelled id does not compile. They are kebab-case and
//! start with their topic: `button-*`,
//! `turn-*`, `game-*`, `match-*`, `clock-*`, `challenge-*`, `seek-*`,
//! `error-*`, `rating-*`, `leaderboard-*`, `history-*`, `analyze-*`,
//! `settings-*`, `ladder-*` / `config-*` (moderator replies), `rules-*`,
//! `variant-*`, `color-*`, `unit-*`, `duration-*`. Bare command names
//! (`challenge`, `ladder-reset`) are the command messages. Each message's
//! arguments are listed in a comment above it in `locales/en-US/`.

mod catalog;
mod format;
pub mod id;
pub mod inspect;
mod locale;
mod name;

pub use catalog::{
    Args, Catalog, CatalogError, FormatError, Message, Shown, Value, EMBEDDED, FTL_FILES,
};
pub use format::{
    clock, half_points, move_error, rating, rating_change, score, time_control, RulesSection,
};
pub use id::Id;
pub use locale::{localizations, Locale, UnsupportedLocale};
pub use name::{
    clip_chars, code_name, code_width, shape_name, shape_text, NameStyle, NAME_CAP, NAME_FALLBACK,
    TYPED_CAP,
};
