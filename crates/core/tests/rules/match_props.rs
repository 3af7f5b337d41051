//! Properties of any match, whatever is pressed when: no panic, the clocks
//! always end an abandoned match, events pair up, banks stay within bounds.

use fourbot_core::game::{Move, Variant};
use fourbot_core::play::{
    Action, ClockSettings, End, EventKind, Match, MatchSetup, Seat, TimeControl, Timestamp,
};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct Press {
    after_ms: u64,
    seat: usize,
    kind: u8,
    column: u8,
    pop: bool,
    stale: bool,
}

fn press() -> impl Strategy<Value = Press> {
    (
        prop_oneof![0u64..2_000, 0u64..200_000],
        0usize..4,
        prop_oneof![4 => Just(0u8), 1 => 1u8..4],
        0u8..9,
        any::<bool>(),
        prop::bool::weighted(0.05),
    )
        .prop_map(|(after_ms, seat, kind, column, pop, stale)| Press {
            after_ms,
            seat,
            kind,
            column,
            pop,
            stale,
        })
}

fn variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(vec![
        Variant::Classic,
        Variant::Single,
        Variant::Popout,
        Variant::Misere,
        Variant::ThreePlayers,
        Variant::Teams,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_sequence_of_presses_ends_in_exactly_one_result(
        v in variant(),
        presses in prop::collection::vec(press(), 0..300),
    ) {
        let control = TimeControl::new(1, 2).unwrap();
        let mut m = Match::new(MatchSetup::new(v, ClockSettings::new(control)), Timestamp(0)).unwrap();
        let mut now = 0;
        let mut moves = [0u64; 4];
        for p in presses {
            now += p.after_ms;
            let seat = Seat::new(p.seat).unwrap();
            let action = match p.kind {
                0 => {
                    let Some(mut turn) = m.turn() else { continue };
                    if p.stale { turn.ply -= 1; }
                    let mover = m.to_move().unwrap();
                    let seat = if p.stale { seat } else { mover };
                    let mv = if p.pop { Move::Pop(p.column) } else { Move::Drop(p.column) };
                    if m.apply(seat, Action::Move { turn, mv }, Timestamp(now)).is_ok() {
                        moves[seat.index()] += 1;
                    }
                    continue;
                }
                1 => Action::ResignGame,
                2 => Action::ResignMatch,
                _ => Action::Ready,
            };
            let _ = m.apply(seat, action, Timestamp(now));
        }
        while let Some(d) = m.deadline() {
            m.advance(d);
        }
        prop_assert!(m.is_finished());
        let events: Vec<EventKind> = m.drain_events().map(|e| e.kind).collect();
        let starts = events.iter().filter(|e| matches!(e, EventKind::GameStarted { .. })).count();
        let overs = events.iter().filter(|e| matches!(e, EventKind::GameOver { .. })).count();
        let ends = events.iter().filter(|e| matches!(e, EventKind::MatchOver { .. })).count();
        prop_assert_eq!(starts, overs);
        prop_assert_eq!(ends, 1);
        let last_is_match_over = matches!(events.last(), Some(EventKind::MatchOver { .. }));
        prop_assert!(last_is_match_over);
        prop_assert!(starts <= v.games_per_match() as usize);
        let result = *m.result().unwrap();
        if result.end == End::Completed {
            prop_assert_eq!(starts, v.games_per_match() as usize);
        }
        for &seat in m.seating().all() {
            let bank = m.bank(seat, Timestamp(u64::MAX));
            // Increments only: at most one per charged move on top of the base.
            prop_assert!(bank <= control.base_ms() + control.increment_ms() * moves[seat.index()]);
        }
        if let End::Forfeit { seat, .. } = result.end {
            let places = result.places.unwrap();
            let side = m.seating().side_of(seat);
            prop_assert_eq!(places[side] as usize, m.seating().sides());
        }
    }
}
