//! Who sits where: the players a challenge names, checked against the
//! variant and seated by [`Seating`] (teams: the challenger's side against
//! the opponents'), and the seats of a rematch (docs/rules.md §3, §5).

use std::collections::HashSet;

use fourbot_core::game::{splitmix64, Variant};
use fourbot_core::play::{Seat, Seating, Side};
use fourbot_i18n::id;

use super::bot::LEVELS;
use super::denial::Denial;
use super::present::Seated;

/// The level (1–5) of an AI seat when none is chosen, and of an AI seat of
/// a match stored without its level (before schema version 2).
pub const DEFAULT_AI_LEVEL: u8 = 3;

/// The colour a challenger asks for in a single game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// Red: the challenger moves first.
    Red,
    /// Yellow: the opponent moves first.
    Yellow,
    /// Drawn from the invitation's seed.
    Random,
}

/// A user named by a challenge, before seating.
#[derive(Clone, Debug)]
pub struct Invitee {
    /// As seated (name shown as text).
    pub seat: Seated,
    /// This bot: an AI seat.
    pub is_fourbot: bool,
    /// Another bot: refused.
    pub is_other_bot: bool,
}

/// Who a challenge names: the challenger and the users of the `opponent`,
/// `opponent2` and `teammate` options, the colour and the AI level.
#[derive(Clone, Debug)]
pub struct Invitation {
    /// The challenger.
    pub challenger: Seated,
    /// `opponent`.
    pub opponent: Invitee,
    /// `opponent2`.
    pub opponent2: Option<Invitee>,
    /// `teammate`.
    pub teammate: Option<Invitee>,
    /// `color` (single game only).
    pub color: Option<ColorChoice>,
    /// `level` (against the bot only).
    pub level: Option<i64>,
    /// Draws a random colour.
    pub seed: u64,
}

/// Seats the players of an invitation for `variant`, p1 first: two players
/// challenger first; three players challenger, opponent, opponent2; teams
/// the challenger and teammate on one side, opponent and opponent2 on the
/// other ([`Seating::side_of`]). Seats of this bot become AI seats at the
/// invitation's level. A colour swaps who moves first in a single game.
///
/// # Errors
/// Another bot, a level without the bot or out of range, the wrong number
/// of players for the variant, a player twice, a colour outside `single`.
pub fn seat_players(variant: Variant, inv: Invitation) -> Result<Vec<Seated>, Denial> {
    let with_variant = |id| Denial::new(id).with("variant", id::variant(variant));
    let invitees = [
        Some(&inv.opponent),
        inv.opponent2.as_ref(),
        inv.teammate.as_ref(),
    ];
    if invitees.iter().flatten().any(|i| i.is_other_bot) {
        return Err(Denial::new(id::ERROR_OTHER_BOT));
    }
    let has_ai = invitees.iter().flatten().any(|i| i.is_fourbot);
    let range = i64::from(*LEVELS.start())..=i64::from(*LEVELS.end());
    match inv.level {
        Some(_) if !has_ai => return Err(Denial::new(id::ERROR_LEVEL_BOT_ONLY)),
        Some(l) if !range.contains(&l) => {
            return Err(Denial::new(id::ERROR_LEVEL_OUT_OF_RANGE)
                .with("min", *range.start())
                .with("max", *range.end()));
        }
        _ => {}
    }
    let level = inv.level.map_or(DEFAULT_AI_LEVEL, |l| l as u8);
    let seat = |i: &Invitee| {
        let mut s = i.seat.clone();
        if i.is_fourbot {
            s.ai_level = Some(level);
        }
        s
    };
    let (ours, theirs): (Vec<Seated>, Vec<Seated>) =
        match (variant.players(), &inv.opponent2, &inv.teammate) {
            (2, None, None) => (vec![inv.challenger.clone()], vec![seat(&inv.opponent)]),
            (2, _, _) => return Err(with_variant(id::ERROR_TOO_MANY_PLAYERS)),
            (3, Some(o2), None) => (
                vec![inv.challenger.clone()],
                vec![seat(&inv.opponent), seat(o2)],
            ),
            (3, None, _) => return Err(with_variant(id::ERROR_NEEDS_OPPONENT2)),
            (3, _, _) => return Err(with_variant(id::ERROR_TOO_MANY_PLAYERS)),
            (_, Some(o2), Some(t)) => (
                vec![inv.challenger.clone(), seat(t)],
                vec![seat(&inv.opponent), seat(o2)],
            ),
            _ => return Err(with_variant(id::ERROR_NEEDS_TEAMMATE)),
        };
    let seating = Seating::new(variant);
    let (mut ours, mut theirs) = (ours.into_iter(), theirs.into_iter());
    let mut seats: Vec<Seated> = seating
        .all()
        .iter()
        .map(|s| {
            // With teams the challenger's side is side A; otherwise the
            // challenger holds p1 and the others follow in order.
            let next = if (seating.teams() && seating.side_of(*s) == Side(0)) || *s == Seat::P1 {
                ours.next()
            } else {
                theirs.next()
            };
            next.expect("one player per seat")
        })
        .collect();
    let ids: HashSet<_> = seats.iter().map(|s| s.id).collect();
    if ids.len() < seats.len() {
        return Err(Denial::new(id::ERROR_DUPLICATE_PLAYER));
    }
    if let Some(color) = inv.color {
        if variant != Variant::Single {
            return Err(Denial::new(id::ERROR_COLOR_SINGLE_ONLY));
        }
        let second = match color {
            ColorChoice::Yellow => true,
            ColorChoice::Random => splitmix64(inv.seed) & 1 == 1,
            ColorChoice::Red => false,
        };
        if second {
            seats.swap(0, 1);
        }
    }
    Ok(seats)
}

/// The seats of a rematch, so that someone else moves first: every seat
/// one place on (p2 moves first, p1 last); with teams each player takes
/// the seat of their counterpart on the other side (p1 ↔ p2, p3 ↔ p4), so
/// the teams stay together and the other team moves first.
pub fn rematch_seats(variant: Variant, players: &[Seated]) -> Vec<Seated> {
    let seating = Seating::new(variant);
    if seating.teams() {
        // The same place on the other side: seats alternate sides.
        seating
            .all()
            .iter()
            .map(|s| players[s.index() ^ 1].clone())
            .collect()
    } else {
        let mut p = players.to_vec();
        p.rotate_left(1);
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::UserId;
    use fourbot_i18n::{Catalog, Locale};

    fn person(id: u64, name: &str) -> Invitee {
        Invitee {
            seat: Seated {
                id: UserId(id),
                name: name.into(),
                ai_level: None,
                source: Default::default(),
            },
            is_fourbot: false,
            is_other_bot: false,
        }
    }

    fn invitation(opponent: Invitee) -> Invitation {
        Invitation {
            challenger: person(1, "alice").seat,
            opponent,
            opponent2: None,
            teammate: None,
            color: None,
            level: None,
            seed: 0,
        }
    }

    fn names(seats: &[Seated]) -> Vec<&str> {
        seats.iter().map(|s| s.name.as_str()).collect()
    }

    fn refusal(e: Denial) -> String {
        Catalog::new().unwrap().render(Locale::EnUs, e.message())
    }

    #[test]
    fn challenge_options_seat_players_by_variant() {
        let seat = |v, inv| seat_players(v, inv);
        let two = seat(Variant::Classic, invitation(person(2, "bob"))).unwrap();
        assert_eq!(names(&two), ["alice", "bob"]);

        let mut three = invitation(person(2, "bob"));
        three.opponent2 = Some(person(3, "carol"));
        let e = refusal(seat(Variant::Classic, three.clone()).unwrap_err());
        assert!(e.contains("two players"), "{e}");
        assert_eq!(
            names(&seat(Variant::ThreePlayers, three.clone()).unwrap()),
            ["alice", "bob", "carol"]
        );
        let e = refusal(seat(Variant::ThreePlayers, invitation(person(2, "bob"))).unwrap_err());
        assert!(e.contains("opponent2"), "{e}");
        let e = refusal(seat(Variant::Teams, three.clone()).unwrap_err());
        assert!(e.contains("teammate"), "{e}");

        let mut teams = three;
        teams.teammate = Some(person(4, "dave"));
        let seats = seat(Variant::Teams, teams.clone()).unwrap();
        assert_eq!(
            names(&seats),
            ["alice", "bob", "dave", "carol"],
            "p1 and p3 are a team"
        );
        assert!(seat(Variant::ThreePlayers, teams.clone()).is_err());
        teams.teammate = Some(person(3, "carol again"));
        let e = refusal(seat(Variant::Teams, teams).unwrap_err());
        assert!(e.contains("different player"), "{e}");
        let e = refusal(seat(Variant::Classic, invitation(person(1, "alice"))).unwrap_err());
        assert!(
            e.contains("different player"),
            "a challenge to oneself: {e}"
        );
    }

    #[test]
    fn a_single_game_colour_decides_who_plays_first() {
        let mut inv = invitation(person(2, "bob"));
        inv.color = Some(ColorChoice::Yellow);
        let seats = seat_players(Variant::Single, inv.clone()).unwrap();
        assert_eq!(names(&seats), ["bob", "alice"]);
        inv.color = Some(ColorChoice::Red);
        let seats = seat_players(Variant::Single, inv.clone()).unwrap();
        assert_eq!(names(&seats), ["alice", "bob"]);
        let firsts: HashSet<String> = (0..16)
            .map(|seed| {
                let mut inv = inv.clone();
                inv.color = Some(ColorChoice::Random);
                inv.seed = seed;
                seat_players(Variant::Single, inv).unwrap()[0].name.clone()
            })
            .collect();
        assert_eq!(firsts.len(), 2, "random gives both colours");
        let e = refusal(seat_players(Variant::Classic, inv).unwrap_err());
        assert!(e.contains("single game"), "{e}");
    }

    #[test]
    fn the_level_is_for_the_bot_only_and_in_range() {
        let mut inv = invitation(person(2, "bob"));
        inv.level = Some(2);
        let e = refusal(seat_players(Variant::Classic, inv).unwrap_err());
        assert!(e.contains("against the bot"), "{e}");
        let mut bot = person(9, "the bot");
        bot.is_fourbot = true;
        let mut inv = invitation(bot);
        inv.level = Some(5);
        let seats = seat_players(Variant::Classic, inv.clone()).unwrap();
        assert_eq!(seats[1].ai_level, Some(5));
        inv.level = Some(9);
        let e = refusal(seat_players(Variant::Classic, inv.clone()).unwrap_err());
        assert!(e.contains("from 1 to 5"), "{e}");
        inv.level = None;
        assert_eq!(
            seat_players(Variant::Classic, inv).unwrap()[1].ai_level,
            Some(DEFAULT_AI_LEVEL)
        );
        let mut other = person(8, "otherbot");
        other.is_other_bot = true;
        assert!(seat_players(Variant::Classic, invitation(other)).is_err());
    }

    #[test]
    fn a_rematch_lets_the_other_side_move_first_and_keeps_the_teams() {
        let p = |n: &str| person(n.len() as u64, n).seat;
        let two = [p("a"), p("bb")];
        assert_eq!(names(&rematch_seats(Variant::Classic, &two)), ["bb", "a"]);
        let three = [p("a"), p("bb"), p("ccc")];
        assert_eq!(
            names(&rematch_seats(Variant::ThreePlayers, &three)),
            ["bb", "ccc", "a"]
        );
        let four = [p("a1"), p("b1"), p("a2"), p("b2")];
        let again = rematch_seats(Variant::Teams, &four);
        assert_eq!(names(&again), ["b1", "a1", "b2", "a2"]);
        let seating = Seating::new(Variant::Teams);
        let side = |name: &str, seats: &[Seated]| {
            let i = seats.iter().position(|s| s.name == name).unwrap();
            seating.side_of(Seat::ALL[i])
        };
        assert_eq!(side("a1", &again), side("a2", &again));
        assert_eq!(side("b1", &again), side("b2", &again));
    }
}
