//! Typed whole-number parameters of the slash commands: an AI level, a
//! number of minutes, a tournament's number, a server's limit. Each type
//! carries its range — the host's constant, or the operator's bound of a
//! limit — and registers as an integer option with that range (Discord's
//! `min_value` and `max_value`), as [`super::choices`] carries its choices;
//! a command's signature says which range an option has.
//!
//! Discord's client keeps a value within the range, but a client may
//! ignore it: the value is read as sent, and the host checks it again and
//! refuses it in the reader's language, naming the range (the level of
//! [`crate::host::seating`], the minutes of [`crate::host::terms`] and
//! [`crate::host::tournaments`], the limits of [`crate::host::limits`]).

use serenity::all::{
    CommandInteraction, CommandOptionType, Context as SerenityContext, CreateCommandOption,
    ResolvedValue,
};

use crate::host::bot::LEVELS;
use crate::host::limits::{Bounds, Limit};
use crate::host::terms::{ABORT_WINDOW_MINUTES, CHALLENGE_EXPIRY_MINUTES};
use crate::host::tournaments::{ARENA_MINUTES, NUMBERS, STARTS_IN_MINUTES, SWISS_ROUNDS};
use crate::host::TournamentId;

/// A typed integer option: its registered range and the value read back.
trait Ranged: Sized {
    /// The smallest and the largest value Discord lets a user enter.
    fn range() -> (u64, u64);

    /// The value Discord sent, as sent (the host checks the range again).
    fn read(value: i64) -> Self;
}

/// Implements poise's `SlashArgument` for a [`Ranged`] type: an integer
/// option whose `min_value` and `max_value` are whole numbers (Discord:
/// "integer for INTEGER options"; poise's `#[min]`/`#[max]` would send
/// floats), read back as sent. (A macro: poise's trait cannot be
/// implemented for every `Ranged` type at once.)
macro_rules! ranged_argument {
    ($t:ty) => {
        #[poise::async_trait]
        impl poise::SlashArgument for $t {
            async fn extract(
                _: &SerenityContext,
                _: &CommandInteraction,
                value: &ResolvedValue<'_>,
            ) -> Result<Self, poise::SlashArgError> {
                match value {
                    ResolvedValue::Integer(x) => Ok(<$t as Ranged>::read(*x)),
                    _ => Err(poise::SlashArgError::new_command_structure_mismatch(
                        "expected an integer",
                    )),
                }
            }

            fn create(option: CreateCommandOption) -> CreateCommandOption {
                let (min, max) = <$t as Ranged>::range();
                option
                    .kind(CommandOptionType::Integer)
                    .min_int_value(min)
                    .max_int_value(max)
            }
        }
    };
}

/// `/challenge level`: the AI's level, [`LEVELS`] (1 to 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(pub i64);

impl Ranged for Level {
    fn range() -> (u64, u64) {
        (u64::from(*LEVELS.start()), u64::from(*LEVELS.end()))
    }

    fn read(value: i64) -> Self {
        Level(value)
    }
}
ranged_argument!(Level);

/// `/config abort-window`: minutes, [`ABORT_WINDOW_MINUTES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbortWindow(pub i64);

impl Ranged for AbortWindow {
    fn range() -> (u64, u64) {
        let (min, max) = ABORT_WINDOW_MINUTES.into_inner();
        (min.unsigned_abs(), max.unsigned_abs())
    }

    fn read(value: i64) -> Self {
        AbortWindow(value)
    }
}
ranged_argument!(AbortWindow);

/// `/config challenge-expiry`: minutes, [`CHALLENGE_EXPIRY_MINUTES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChallengeExpiry(pub i64);

impl Ranged for ChallengeExpiry {
    fn range() -> (u64, u64) {
        let (min, max) = CHALLENGE_EXPIRY_MINUTES.into_inner();
        (min.unsigned_abs(), max.unsigned_abs())
    }

    fn read(value: i64) -> Self {
        ChallengeExpiry(value)
    }
}
ranged_argument!(ChallengeExpiry);

/// `/tournament create rounds`: a Swiss tournament's rounds,
/// [`SWISS_ROUNDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rounds(pub i64);

impl Ranged for Rounds {
    fn range() -> (u64, u64) {
        (
            u64::from(*SWISS_ROUNDS.start()),
            u64::from(*SWISS_ROUNDS.end()),
        )
    }

    fn read(value: i64) -> Self {
        Rounds(value)
    }
}
ranged_argument!(Rounds);

/// `/tournament create minutes`: an arena's window in minutes,
/// [`ARENA_MINUTES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaMinutes(pub i64);

impl Ranged for ArenaMinutes {
    fn range() -> (u64, u64) {
        (*ARENA_MINUTES.start(), *ARENA_MINUTES.end())
    }

    fn read(value: i64) -> Self {
        ArenaMinutes(value)
    }
}
ranged_argument!(ArenaMinutes);

/// `/tournament create starts-in`: minutes from creation to the start,
/// [`STARTS_IN_MINUTES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartsIn(pub i64);

impl Ranged for StartsIn {
    fn range() -> (u64, u64) {
        (*STARTS_IN_MINUTES.start(), *STARTS_IN_MINUTES.end())
    }

    fn read(value: i64) -> Self {
        StartsIn(value)
    }
}
ranged_argument!(StartsIn);

/// The `tournament` option of `/tournament`'s subcommands: the
/// tournament's number (its id), [`NUMBERS`]. A number that names no
/// tournament of the server is refused by the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentNumber(pub TournamentId);

impl Ranged for TournamentNumber {
    fn range() -> (u64, u64) {
        (*NUMBERS.start(), *NUMBERS.end())
    }

    fn read(value: i64) -> Self {
        TournamentNumber(TournamentId(value))
    }
}
ranged_argument!(TournamentNumber);

/// A round's or a board's number (`/tournament void round board`),
/// [`NUMBERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number(pub i64);

impl Ranged for Number {
    fn range() -> (u64, u64) {
        (*NUMBERS.start(), *NUMBERS.end())
    }

    fn read(value: i64) -> Self {
        Number(value)
    }
}
ranged_argument!(Number);

/// The operator's bounds on the servers' limits, as registered: set once
/// at start-up ([`set_bounds`]) before the commands are registered; the
/// defaults until then (and in tests).
static BOUNDS: std::sync::OnceLock<Bounds> = std::sync::OnceLock::new();

/// Registers `/config`'s limit options with the ranges 1 to `bounds` (the
/// operator's; `fourbot run --max-…`). The first call counts.
pub fn set_bounds(bounds: Bounds) {
    let _ = BOUNDS.set(bounds);
}

/// The range of a limit's option: from 1 to the operator's bound.
fn limit_range(limit: Limit) -> (u64, u64) {
    let bound = BOUNDS.get().copied().unwrap_or_default().bound(limit);
    (1, u64::from(bound))
}

/// Declares the option type of one of `/config`'s limits: a value from 1
/// to the operator's bound of `$limit` ([`set_bounds`]).
macro_rules! limit_option {
    ($(#[$doc:meta])* $t:ident => $limit:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $t(pub i64);

        impl $t {
            /// The limit it sets.
            pub const LIMIT: Limit = $limit;
        }

        impl Ranged for $t {
            fn range() -> (u64, u64) {
                limit_range(Self::LIMIT)
            }

            fn read(value: i64) -> Self {
                $t(value)
            }
        }
        ranged_argument!($t);
    };
}

limit_option!(
    /// `/config ai-matches`: [`Limit::AiMatches`].
    AiMatches => Limit::AiMatches
);
limit_option!(
    /// `/config open-offers`: [`Limit::OpenOffers`].
    OpenOffers => Limit::OpenOffers
);
limit_option!(
    /// `/config analyses`: [`Limit::Analyses`].
    Analyses => Limit::Analyses
);
limit_option!(
    /// `/config replays-per-minute`: [`Limit::ArchivePerMinute`].
    ArchivePerMinute => Limit::ArchivePerMinute
);
limit_option!(
    /// `/config server-replays-per-minute`:
    /// [`Limit::ServerArchivePerMinute`].
    ServerArchivePerMinute => Limit::ServerArchivePerMinute
);

#[cfg(test)]
mod tests {
    use super::*;
    use poise::SlashArgument;

    /// A `SlashArgument::create`.
    type Create = fn(CreateCommandOption) -> CreateCommandOption;

    /// The option `create` makes, as Discord reads it.
    fn option(create: Create) -> serde_json::Value {
        let o = create(CreateCommandOption::new(
            CommandOptionType::String,
            "x",
            "x",
        ));
        serde_json::to_value(o).unwrap()
    }

    #[test]
    fn each_number_type_registers_an_integer_option_with_its_hosts_range() {
        let wide = |r: std::ops::RangeInclusive<u64>| (*r.start() as i64, *r.end() as i64);
        let limit = |l: Limit| (1, i64::from(l.default_bound()));
        let numbers: [(Create, (i64, i64)); 13] = [
            (
                Level::create,
                wide(u64::from(*LEVELS.start())..=u64::from(*LEVELS.end())),
            ),
            (AbortWindow::create, ABORT_WINDOW_MINUTES.into_inner()),
            (
                ChallengeExpiry::create,
                CHALLENGE_EXPIRY_MINUTES.into_inner(),
            ),
            (
                Rounds::create,
                wide(u64::from(*SWISS_ROUNDS.start())..=u64::from(*SWISS_ROUNDS.end())),
            ),
            (ArenaMinutes::create, wide(ARENA_MINUTES)),
            (StartsIn::create, wide(STARTS_IN_MINUTES)),
            (TournamentNumber::create, wide(NUMBERS)),
            (Number::create, wide(NUMBERS)),
            (AiMatches::create, limit(Limit::AiMatches)),
            (OpenOffers::create, limit(Limit::OpenOffers)),
            (Analyses::create, limit(Limit::Analyses)),
            (ArchivePerMinute::create, limit(Limit::ArchivePerMinute)),
            (
                ServerArchivePerMinute::create,
                limit(Limit::ServerArchivePerMinute),
            ),
        ];
        for (create, (min, max)) in numbers {
            let o = option(create);
            assert_eq!(o["type"], 4, "an integer option: {o}");
            assert!(o["min_value"].is_i64() && o["max_value"].is_i64(), "{o}");
            assert_eq!(
                (o["min_value"].as_i64(), o["max_value"].as_i64()),
                (Some(min), Some(max)),
                "{o}"
            );
        }
        assert_eq!(
            [
                AiMatches::LIMIT,
                OpenOffers::LIMIT,
                Analyses::LIMIT,
                ArchivePerMinute::LIMIT,
                ServerArchivePerMinute::LIMIT
            ],
            Limit::ALL,
            "one type per limit"
        );
    }

    #[test]
    fn a_value_outside_the_range_reads_as_sent_for_the_host_to_refuse() {
        assert_eq!(Level::read(9), Level(9));
        assert_eq!(AbortWindow::read(-3), AbortWindow(-3));
        assert_eq!(
            TournamentNumber::read(i64::MAX),
            TournamentNumber(TournamentId(i64::MAX))
        );
        assert_eq!(AiMatches::read(0), AiMatches(0));
    }
}
