//! `/export` of games that did not end on the board (docs/rules.md §2,
//! the exchange format): the host's `archive::exchange_text` writes the
//! winner of a resigned or flagged game, never `*`. (The exchange format
//! itself is tested with the notation, `crates/core/tests/rules/notation.rs`.)

use fourbot_core::game::notation::parse_move;
use fourbot_core::game::Variant;
use fourbot_core::play::{Action, ClockSettings, Match, MatchSetup, Seat, Timestamp};
use fourbot_host::archive::exchange_text;
use fourbot_store::{MatchDetail, MatchId, SeatDetail};

fn detail(variant: Variant) -> MatchDetail {
    let seat = |n: u8, name: &str| SeatDetail {
        seat: n,
        side: n,
        player: fourbot_store::PlayerId(i64::from(n) + 1),
        name: name.into(),
        bank_ms: 0,
    };
    MatchDetail {
        id: MatchId(7),
        guild: 1,
        variant,
        time_control: "1+0".into(),
        season: 1,
        rated: true,
        voided: false,
        phase: fourbot_core::play::PhaseKind::Finished,
        end: None,
        points_halves: Vec::new(),
        places: Vec::new(),
        opening: None,
        blocks: None,
        seats: vec![seat(0, "alice"), seat(1, "bob")],
        games: Vec::new(),
    }
}

fn moves(m: &mut Match, text: &str, at: u64) {
    for t in text.split_whitespace() {
        let seat = m.to_move().unwrap();
        let turn = m.turn().unwrap();
        let mv = parse_move(t, m.variant()).unwrap();
        m.apply(seat, Action::Move { turn, mv }, Timestamp(at))
            .unwrap();
    }
}

fn games(text: &str) -> Vec<&str> {
    text.split("[Variant").skip(1).collect()
}

#[test]
fn a_resigned_game_and_a_flagged_game_export_the_winner_not_a_star() {
    let clock = ClockSettings::new("1+0".parse().unwrap());
    let mut m = Match::new(MatchSetup::new(Variant::Classic, clock), Timestamp(0)).unwrap();
    moves(&mut m, "d d c", 1_000);
    // Bob (yellow in game 1) resigns game 1: red wins it.
    m.apply(Seat::P2, Action::ResignGame, Timestamp(2_000))
        .unwrap();
    for s in [Seat::P1, Seat::P2] {
        m.apply(s, Action::Ready, Timestamp(3_000)).unwrap();
    }
    // Game 2: bob is red; after two moves bob's bank runs out.
    moves(&mut m, "d c", 4_000);
    m.advance(Timestamp(200_000));
    assert!(m.is_finished());
    let text = exchange_text(&detail(Variant::Classic), &m);
    let g = games(&text);
    assert_eq!(g.len(), 2, "{text}");
    assert!(g[0].contains("[Result \"1-0\"]"), "{text}");
    assert!(g[0].contains("[Termination \"resignation\"]"), "{text}");
    assert!(g[0].trim_end().ends_with("1-0"), "{text}");
    assert!(g[1].contains("[Red \"bob\"]"), "{text}");
    assert!(
        g[1].contains("[Result \"0-1\"]"),
        "alice (yellow) wins on time: {text}"
    );
    assert!(g[1].contains("[Termination \"time forfeit\"]"), "{text}");
    assert!(!text.contains('*'), "{text}");
    // It reads back: an unfinished board allows any result.
    for game in g {
        let one = format!("[Variant{game}");
        fourbot_core::game::notation::parse_exchange(&one, None).unwrap();
    }
}
