//! What the host tests share: seats and match specs.

use fourbot_core::game::Variant;
use fourbot_core::play::{ClockSettings, TimeControl};
use fourbot_host::{GuildId, MatchSpec, Seated, UserId};
use fourbot_i18n::Locale;

/// A person on a seat (no AI).
pub fn seat(id: UserId, name: &str) -> Seated {
    Seated {
        id,
        name: name.into(),
        ai_level: None,
        source: Default::default(),
    }
}

/// A 10+10 match of `variant` with `players` on guild 1, in English.
pub fn spec(variant: Variant, players: Vec<Seated>) -> MatchSpec {
    MatchSpec {
        variant,
        clock: ClockSettings::new(TimeControl::DEFAULT),
        players,
        guild: GuildId(1),
        locale: Locale::EnUs,
        seed: 3,
        tournament: None,
    }
}
