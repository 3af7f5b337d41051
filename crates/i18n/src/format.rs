//! Numbers, points, scores, ratings and durations as players read them.

use std::time::Duration;

use super::catalog::{Args, Catalog, Message};
use super::id::{self, Id};
use super::locale::Locale;
use fourbot_core::game::{column_letter, Color, MoveError, Variant};

/// A count of half points (a win is 2, a draw 1) written with the `½` sign:
/// 0 → `0`, 1 → `½`, 3 → `1½`, 4 → `2`. The same in every language (the
/// sign reads naturally in all five, and avoids `0.5` vs `0,5`).
pub fn half_points(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_string(),
        (whole, 0) => whole.to_string(),
        (whole, _) => format!("{whole}½"),
    }
}

/// A match score from each side's half points, joined by `:` (docs/rules.md §3):
/// `[3, 1]` → `1½:½`, `[2, 2]` → `1:1`, three players `[2, 1, 1]` → `1:½:½`.
pub fn score(halves: &[u32]) -> String {
    halves
        .iter()
        .map(|h| half_points(*h))
        .collect::<Vec<_>>()
        .join(":")
}

/// A Glicko-2 rating rounded to a whole number, with `?` when provisional
/// (docs/rules.md §6: rating deviation ≥ 110): `1500?`.
pub fn rating(value: f64, provisional: bool) -> String {
    let r = value.round() as i64;
    if provisional {
        format!("{r}?")
    } else {
        r.to_string()
    }
}

/// A rating change with its sign: `+12`, `−7` (a real minus sign), `±0`.
pub fn rating_change(delta: f64) -> String {
    let d = delta.round() as i64;
    match d {
        0 => "±0".to_string(),
        d if d > 0 => format!("+{d}"),
        d => format!("−{}", -d),
    }
}

/// A clock reading of under an hour: `m:ss`, rounded down to whole seconds
/// (`9:58`, `0:07`).
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

/// A time control `base+inc` with base in minutes and increment in seconds
/// (docs/rules.md §4): `time_control(600, 10)` → `10+10`. A base that is not a
/// whole number of minutes is written in minutes with a decimal point
/// (`0.5+0`).
pub fn time_control(base_secs: u64, increment_secs: u64) -> String {
    if base_secs % 60 == 0 {
        format!("{}+{}", base_secs / 60, increment_secs)
    } else {
        format!("{}+{}", base_secs as f64 / 60.0, increment_secs)
    }
}

/// The message for an illegal move (docs/rules.md §1, §5 popout), to be
/// rendered in the mover's language.
pub fn move_error(error: &MoveError) -> Message {
    let letter = |c: u8| {
        if c < 26 {
            column_letter(c).to_string()
        } else {
            format!("#{}", c as u32 + 1)
        }
    };
    match *error {
        MoveError::ColumnOutOfRange { column, width } => {
            Message::new(id::ERROR_COLUMN_OUT_OF_RANGE)
                .with("column", letter(column))
                .with("last", letter(width.saturating_sub(1)))
        }
        MoveError::ColumnFull { column } => {
            Message::new(id::ERROR_COLUMN_FULL).with("column", letter(column))
        }
        MoveError::NoOwnDiscToPop { column, .. } => {
            Message::new(id::ERROR_NO_OWN_DISC_TO_POP).with("column", letter(column))
        }
        MoveError::PopNotAllowed => Message::new(id::ERROR_POP_NOT_ALLOWED),
        MoveError::GameOver => Message::new(id::ERROR_GAME_OVER),
    }
}

/// One section of the rules: a heading and its text (Markdown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesSection {
    /// The heading.
    pub title: String,
    /// The text, a few short paragraphs or a list.
    pub body: String,
}

impl Catalog {
    /// The variant's display name ("Classic", "Misère", "Tre giocatori").
    pub fn variant_name(&self, locale: Locale, variant: Variant) -> String {
        self.plain(locale, id::variant(variant))
    }

    /// The colour's display name ("Red", "Gelb", "Μπλε").
    pub fn color_name(&self, locale: Locale, color: Color) -> String {
        self.plain(locale, id::color(color))
    }

    /// The rules for `/rules` (docs/rules.md §1–§5): without a variant the basics,
    /// notation, match, clock and a list of the variants; with one, that
    /// variant's board and differences. `abort_window` and `grace` are the
    /// server's settings (defaults 3 minutes and 60 s, docs/rules.md §4).
    pub fn rules(
        &self,
        locale: Locale,
        variant: Option<Variant>,
        abort_window: Duration,
        grace: Duration,
    ) -> Vec<RulesSection> {
        let args = Args::new()
            .set("abort-window", self.duration_words(locale, abort_window))
            .set("grace", self.duration_words(locale, grace));
        let section = |title: String, id: Id| RulesSection {
            title,
            body: self.text(locale, id, &args),
        };
        match variant {
            Some(v) => vec![section(self.variant_name(locale, v), id::rules_variant(v))],
            None => {
                let mut sections: Vec<RulesSection> = [
                    (id::RULES_BASICS_TITLE, id::RULES_BASICS),
                    (id::RULES_NOTATION_TITLE, id::RULES_NOTATION),
                    (id::RULES_MATCH_TITLE, id::RULES_MATCH),
                    (id::RULES_CLOCK_TITLE, id::RULES_CLOCK),
                ]
                .into_iter()
                .map(|(title, body)| section(self.plain(locale, title), body))
                .collect();
                let list = Variant::ALL
                    .iter()
                    .map(|v| {
                        format!(
                            "**{}** (`{}`): {}",
                            self.variant_name(locale, *v),
                            v.key(),
                            self.plain(locale, id::rules_summary(*v))
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n");
                sections.push(RulesSection {
                    title: self.plain(locale, id::RULES_VARIANTS_TITLE),
                    body: format!("{}\n{}", self.plain(locale, id::RULES_VARIANTS_INTRO), list),
                });
                sections
            }
        }
    }

    /// The private reply for an illegal move (docs/rules.md §1, §5 popout).
    pub fn move_error(&self, locale: Locale, error: &MoveError) -> String {
        self.render(locale, &move_error(error))
    }

    /// A number of points with its noun, by the locale's plural rules:
    /// `points(l, 1)` → "½ point", `2` → "1 point", `3` → "1½ points",
    /// `42` → "21 points" (half-point units).
    pub fn points(&self, locale: Locale, half: u32) -> String {
        if half == 1 {
            return self.plain(locale, id::POINTS_HALF);
        }
        let args = Args::new()
            .set("count", half as f64 / 2.0)
            .set("points", half_points(half));
        self.text(locale, id::POINTS, &args)
    }

    /// A duration in the short form used for banks and deadlines: `9:58`
    /// under an hour (whole seconds, rounded down), `1 h 05 min` under a day,
    /// `2 d 3 h` from a day on (minutes dropped), with the locale's unit
    /// abbreviations.
    pub fn duration(&self, locale: Locale, d: Duration) -> String {
        let s = d.as_secs();
        if s < 3600 {
            return clock(d);
        }
        let (days, hours, minutes) = (s / 86_400, s % 86_400 / 3600, s % 3600 / 60);
        if days == 0 {
            let args = Args::new()
                .set("hours", hours)
                .set("minutes", format!("{minutes:02}"));
            self.text(locale, id::DURATION_HOURS_MINUTES, &args)
        } else if hours == 0 {
            self.text(locale, id::DURATION_DAYS, &Args::new().set("days", days))
        } else {
            let args = Args::new().set("days", days).set("hours", hours);
            self.text(locale, id::DURATION_DAYS_HOURS, &args)
        }
    }

    /// A duration in words for rules, limits and settings, using the largest
    /// unit that divides it: "3 minutes", "1 day", "90 seconds", "7 days".
    pub fn duration_words(&self, locale: Locale, d: Duration) -> String {
        let s = d.as_secs();
        let (id, count) = if s != 0 && s % 86_400 == 0 {
            (id::UNIT_DAYS, s / 86_400)
        } else if s != 0 && s % 3600 == 0 {
            (id::UNIT_HOURS, s / 3600)
        } else if s != 0 && s % 60 == 0 {
            (id::UNIT_MINUTES, s / 60)
        } else {
            (id::UNIT_SECONDS, s)
        };
        self.text(locale, id, &Args::new().set("count", count))
    }

    /// A time control in words: "10 minutes + 10 seconds per move".
    pub fn time_control_words(
        &self,
        locale: Locale,
        base: Duration,
        increment: Duration,
    ) -> String {
        let args = Args::new()
            .set("base", self.duration_words(locale, base))
            .set("increment", self.duration_words(locale, increment));
        self.text(locale, id::TIME_CONTROL_WORDS, &args)
    }

    /// Joins phrases or names already shaped ([`Catalog::name`]) as a list:
    /// "alice", "alice and bob", "alice, bob and carol". Names as typed:
    /// [`Catalog::names`].
    pub fn list(&self, locale: Locale, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => {
                let args = Args::new()
                    .set("first", init.join(", "))
                    .set("last", last.clone());
                self.text(locale, id::LIST_AND, &args)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_use_the_half_sign() {
        assert_eq!(half_points(0), "0");
        assert_eq!(half_points(1), "½");
        assert_eq!(half_points(2), "1");
        assert_eq!(half_points(3), "1½");
        assert_eq!(half_points(4), "2");
        assert_eq!(score(&[3, 1]), "1½:½");
        assert_eq!(score(&[2, 2]), "1:1");
        assert_eq!(score(&[0, 4]), "0:2");
        assert_eq!(score(&[2, 1, 3]), "1:½:1½");
    }

    #[test]
    fn ratings_show_provisional_and_signed_changes() {
        assert_eq!(rating(1500.0, true), "1500?");
        assert_eq!(rating(1623.6, false), "1624");
        assert_eq!(rating_change(12.4), "+12");
        assert_eq!(rating_change(-7.5), "−8");
        assert_eq!(rating_change(0.2), "±0");
    }

    #[test]
    fn clocks_and_time_controls() {
        assert_eq!(clock(Duration::from_millis(598_999)), "9:58");
        assert_eq!(clock(Duration::from_secs(7)), "0:07");
        assert_eq!(time_control(600, 10), "10+10");
        assert_eq!(time_control(180, 2), "3+2");
        assert_eq!(time_control(30, 0), "0.5+0");
    }
}
