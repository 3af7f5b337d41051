//! The match and clock rules of docs/rules.md §3–§5 on the pure `play::Match`.

use fourbot_core::game::notation::{parse_move, parse_moves};
use fourbot_core::game::{Color, ObstacleLayout, Position, Variant};
use fourbot_core::play::{
    AbortCause, Action, ActionKind, ClockSettings, End, EventKind, ForfeitReason, GameEnd, Match,
    MatchSetup, PhaseKind, Points, Refusal, Seat, SetupError, Side, Timestamp, Turn,
};

const P1: Seat = Seat::P1;
const P2: Seat = Seat::P2;
const P3: Seat = Seat::P3;
const P4: Seat = Seat::P4;

/// A 42-disc game of classic that ends in a full-board draw.
const CLASSIC_DRAW: &str = "begggacadgddfdgbadaedfagfccfbccacfefeeebbb";
/// A 48-disc game of three-players that ends in a full-board draw.
const THREE_DRAW: &str = "cghdhehfhhfhdfbcggbgcdccggeffefdcbedadebaaeaaabb";
/// Red completes a1 b1 c1 d1 at the 7th disc (two colours).
const RED_WINS: &str = "ddccbba";
/// Red completes a1 b1 c1 d1 at the 10th disc (three colours).
const RED_WINS_OF_THREE: &str = "aaabbbcccd";

fn t(ms: u64) -> Timestamp {
    Timestamp(ms)
}

fn start(variant: Variant, time: &str) -> Match {
    let clock = ClockSettings::new(time.parse().unwrap());
    Match::new(MatchSetup::new(variant, clock), t(0)).unwrap()
}

/// The seat to move plays `text` at `at` ms.
fn play(m: &mut Match, text: &str, at: u64) -> Result<(), Refusal> {
    let seat = m.to_move().expect("a game is on");
    let turn = m.turn().expect("a game is on");
    let mv = parse_move(text, m.variant()).unwrap();
    m.apply(seat, Action::Move { turn, mv }, t(at))
}

/// Plays every move of `moves` (a move list), the first at `from` ms and each
/// next one `step` ms later; returns the time of the last move.
fn play_all(m: &mut Match, moves: &str, from: u64, step: u64) -> u64 {
    let mut at = from;
    for (i, mv) in parse_moves(moves, m.variant())
        .unwrap()
        .into_iter()
        .enumerate()
    {
        at = from + step * i as u64;
        let seat = m.to_move().expect("a game is on");
        let turn = m.turn().unwrap();
        m.apply(seat, Action::Move { turn, mv }, t(at))
            .unwrap_or_else(|r| panic!("move {} refused: {r}", i + 1));
    }
    at
}

fn ready_all(m: &mut Match, at: u64) {
    for &seat in m.seating().all() {
        m.apply(seat, Action::Ready, t(at)).unwrap();
    }
}

fn kinds(m: &mut Match) -> Vec<EventKind> {
    m.drain_events().map(|e| e.kind).collect()
}

fn points(m: &Match) -> Vec<String> {
    m.score().as_slice().iter().map(|p| p.to_string()).collect()
}

/// Game 1 of a 3+2 classic match that p1 (red) wins at 10 000 ms, with
/// p1's bank 178 000 ms and p2's 182 000 ms at its end.
fn classic_game_one_won_by_p1() -> Match {
    let mut m = start(Variant::Classic, "3+2");
    play(&mut m, "d", 1_000).unwrap(); // p1's first move: free
    play(&mut m, "d", 2_000).unwrap(); // p2's first move: free
    play(&mut m, "c", 5_000).unwrap(); // p1: −3000 +2000
    play(&mut m, "c", 6_000).unwrap(); // p2: −1000 +2000
    play(&mut m, "b", 7_000).unwrap(); // p1: −1000 +2000
    play(&mut m, "b", 8_000).unwrap(); // p2: −1000 +2000
    play(&mut m, "a", 10_000).unwrap(); // p1: −2000, wins: no increment
    m
}

#[test]
fn a_first_move_is_neither_charged_nor_incremented() {
    let mut m = start(Variant::Classic, "3+2");
    play(&mut m, "d", 100_000).unwrap();
    assert_eq!(m.bank(P1, t(100_000)), 180_000);
    play(&mut m, "d", 150_000).unwrap();
    assert_eq!(m.bank(P2, t(150_000)), 180_000);
    play(&mut m, "c", 151_500).unwrap();
    assert_eq!(m.bank(P1, t(151_500)), 180_500);
}

#[test]
fn a_game_ending_move_gets_no_increment() {
    let m = classic_game_one_won_by_p1();
    assert_eq!(m.bank(P1, t(10_000)), 178_000);
    assert_eq!(m.bank(P2, t(10_000)), 182_000);
    assert_eq!(m.phase(), PhaseKind::BetweenGames);
    assert_eq!(points(&m), ["1", "0"]);
}

#[test]
fn the_bank_carries_over_from_game_one_to_game_two() {
    let mut m = classic_game_one_won_by_p1();
    ready_all(&mut m, 11_000); // within the grace period: nothing charged
    assert_eq!(m.phase(), PhaseKind::Playing);
    assert_eq!(m.to_move(), Some(P2)); // colours and first move swap
    assert_eq!(
        m.current_game().order().color_of(P2),
        Some(Color::Red),
        "p2 is red in game 2"
    );
    // p2 has moved before in the match, so its bank runs from the moment
    // the last player was ready, with what it had left after game 1.
    assert_eq!(m.bank(P2, t(12_000)), 181_000);
    assert_eq!(m.deadline(), Some(t(11_000 + 182_000)));
    play(&mut m, "d", 12_000).unwrap();
    assert_eq!(m.bank(P2, t(12_000)), 183_000);
    assert_eq!(m.bank(P1, t(12_000)), 178_000);
}

#[test]
fn a_resignation_charges_the_turn_time_without_increment() {
    let mut m = start(Variant::Classic, "3+2");
    play_all(&mut m, "ddc", 1_000, 1_000); // p1 c at 3000; p2 to move
    m.apply(P2, Action::ResignGame, t(7_000)).unwrap();
    assert_eq!(m.bank(P2, t(7_000)), 176_000);
    assert_eq!(m.bank(P1, t(7_000)), 181_000);
}

#[test]
fn resigning_game_one_still_plays_game_two() {
    let mut m = start(Variant::Classic, "10+10");
    play(&mut m, "d", 1_000).unwrap();
    m.apply(P2, Action::ResignGame, t(5_000)).unwrap();
    assert_eq!(m.games()[0].end(), Some((GameEnd::Resigned(P2), t(5_000))));
    assert_eq!(points(&m), ["1", "0"]);
    assert_eq!(m.phase(), PhaseKind::BetweenGames);
    ready_all(&mut m, 6_000);
    assert_eq!(m.games().len(), 2);
    // p2, red in game 2, wins it: the match is drawn 1:1.
    play_all(&mut m, RED_WINS, 7_000, 1_000);
    let r = *m.result().unwrap();
    assert_eq!(r.end, End::Completed);
    assert_eq!(r.score.to_string(), "1:1");
    assert_eq!(r.places.unwrap().as_slice(), [1, 1]);
}

#[test]
fn resigning_the_match_in_game_two_after_winning_game_one_is_a_forfeit() {
    let mut m = classic_game_one_won_by_p1();
    ready_all(&mut m, 20_000);
    play(&mut m, "d", 21_000).unwrap();
    m.apply(P1, Action::ResignMatch, t(30_000)).unwrap();
    let r = *m.result().unwrap();
    assert_eq!(
        r.end,
        End::Forfeit {
            seat: P1,
            reason: ForfeitReason::Resign
        }
    );
    assert_eq!(r.score.to_string(), "0:2");
    assert_eq!(r.places.unwrap().as_slice(), [2, 1]);
    assert_eq!(r.rating_score(Side(0)), Some(0.0));
    // Game 1 stays in the record as it was played.
    assert_eq!(m.games()[0].score().to_string(), "1:0");
    assert_eq!(
        m.games()[1].end(),
        Some((GameEnd::Forfeit(P1, ForfeitReason::Resign), t(30_000)))
    );
    // Resigning charged p1's turn (it was p1's turn since 21 000).
    assert_eq!(m.bank(P1, t(99_999)), 178_000 - 9_000);
}

#[test]
fn a_flag_while_both_are_not_ready_between_games() {
    let mut m = classic_game_one_won_by_p1(); // banks 178 000 and 182 000 at 10 000
    assert_eq!(m.bank(P1, t(70_000)), 178_000, "grace: clocks stand still");
    assert_eq!(m.bank(P2, t(70_000)), 182_000);
    assert_eq!(m.bank(P1, t(100_000)), 148_000, "after grace both run");
    assert_eq!(m.bank(P2, t(100_000)), 152_000);
    assert_eq!(m.deadline(), Some(t(70_000 + 178_000)));
    kinds(&mut m);
    m.advance(t(1_000_000));
    assert_eq!(
        kinds(&mut m)[0],
        EventKind::Flag { seat: P1 },
        "p1, with the smaller bank, flags first"
    );
    let r = *m.result().unwrap();
    assert_eq!(
        r.end,
        End::Forfeit {
            seat: P1,
            reason: ForfeitReason::Flag
        }
    );
    assert_eq!(r.score.to_string(), "0:2");
    assert_eq!(m.bank(P1, t(1_000_000)), 0);
    assert_eq!(
        m.bank(P2, t(1_000_000)),
        4_000,
        "charged to the flag's instant"
    );
}

#[test]
fn a_ready_player_s_bank_stops_while_the_other_s_runs_on() {
    let mut m = classic_game_one_won_by_p1();
    m.apply(P2, Action::Ready, t(100_000)).unwrap(); // 30 s after the grace
    assert_eq!(m.bank(P2, t(200_000)), 152_000);
    assert_eq!(m.bank(P1, t(200_000)), 48_000);
    m.apply(P1, Action::Ready, t(200_000)).unwrap();
    assert_eq!(m.phase(), PhaseKind::Playing);
    assert_eq!(m.current_game().started_at(), t(200_000));
    assert_eq!(m.deadline(), Some(t(200_000 + 152_000)));
}

#[test]
fn abort_when_a_player_never_makes_a_first_move() {
    let mut m = start(Variant::Classic, "10+10");
    play(&mut m, "d", 30_000).unwrap();
    // p2's window counts from its first turn, which began at 30 000.
    assert_eq!(m.deadline(), Some(t(210_000)));
    kinds(&mut m);
    m.advance(t(209_999));
    assert!(!m.is_finished());
    m.advance(t(210_000));
    let r = *m.result().unwrap();
    assert_eq!(
        r.end,
        End::Aborted {
            seat: P2,
            cause: AbortCause::NoFirstMove
        }
    );
    assert_eq!(r.places, None, "no result, no rating change");
    assert_eq!(r.rating_score(Side(0)), None);
    let k = kinds(&mut m);
    assert_eq!(k[0], EventKind::Abort { seat: P2 });
    assert!(matches!(
        k[1],
        EventKind::GameOver {
            end: GameEnd::Aborted,
            ..
        }
    ));
    assert!(matches!(k[2], EventKind::MatchOver { .. }));
    assert_eq!(m.banks(t(999_999)), [600_000, 600_000]);
}

#[test]
fn the_first_mover_who_never_moves_aborts_after_the_window() {
    let mut m = start(Variant::Classic, "1+0");
    assert_eq!(
        m.apply(P1, Action::ResignGame, t(180_000)),
        Err(Refusal::MatchOver),
        "at 180 000 the window has closed"
    );
    assert_eq!(
        m.result().unwrap().end,
        End::Aborted {
            seat: P1,
            cause: AbortCause::NoFirstMove
        }
    );
}

#[test]
fn a_move_before_the_flag_is_played_and_at_the_flag_it_is_too_late() {
    let mut m = start(Variant::Classic, "1+0");
    play_all(&mut m, "dd", 0, 0);
    assert_eq!(m.deadline(), Some(t(60_000)));
    let mut early = m.clone();
    play(&mut early, "c", 59_999).unwrap();
    assert_eq!(early.bank(P1, t(59_999)), 1);
    assert_eq!(play(&mut m, "c", 60_000), Err(Refusal::MatchOver));
    assert_eq!(
        m.result().unwrap().end,
        End::Forfeit {
            seat: P1,
            reason: ForfeitReason::Flag
        }
    );
    assert_eq!(m.banks(t(60_000)), [0, 60_000]);
}

#[test]
fn refusals_say_why() {
    let mut m = start(Variant::Classic, "10+10");
    let turn = m.turn().unwrap();
    let d = Action::Move {
        turn,
        mv: parse_move("d", Variant::Classic).unwrap(),
    };
    assert_eq!(m.apply(P3, d, t(1)), Err(Refusal::NotASeat { seat: P3 }));
    assert_eq!(
        m.apply(P2, d, t(1)),
        Err(Refusal::NotYourTurn { to_move: P1 })
    );
    assert_eq!(
        m.apply(P1, Action::Ready, t(1)),
        Err(Refusal::WrongPhase {
            action: ActionKind::Ready,
            phase: PhaseKind::Playing
        })
    );
    m.apply(P1, d, t(1)).unwrap();
    assert_eq!(
        m.apply(P1, d, t(2)),
        Err(Refusal::StalePly {
            asked: Turn { game: 1, ply: 1 },
            current: Turn { game: 1, ply: 2 }
        }),
        "a double click is stale"
    );
    for _ in 0..6 {
        play(&mut m, "a", 3).unwrap();
    }
    assert!(matches!(
        play(&mut m, "a", 4),
        Err(Refusal::Illegal(
            fourbot_core::game::MoveError::ColumnFull { column: 0 }
        ))
    ));
    m.apply(P2, Action::ResignGame, t(5)).unwrap();
    assert_eq!(play_stale(&mut m), Err(Refusal::GameOver));
    assert_eq!(
        m.apply(P1, Action::ResignGame, t(6)),
        Err(Refusal::WrongPhase {
            action: ActionKind::ResignGame,
            phase: PhaseKind::BetweenGames
        })
    );
    m.apply(P1, Action::Ready, t(6)).unwrap();
    assert_eq!(
        m.apply(P1, Action::Ready, t(7)),
        Err(Refusal::AlreadyReady { seat: P1 })
    );
    m.apply(P2, Action::ResignMatch, t(8)).unwrap();
    assert_eq!(m.apply(P1, Action::Ready, t(9)), Err(Refusal::MatchOver));
    assert_eq!(m.result().unwrap().score.to_string(), "2:0");
}

/// A move for ply 1 of game 1, whatever the phase.
fn play_stale(m: &mut Match) -> Result<(), Refusal> {
    let mv = parse_move("d", Variant::Classic).unwrap();
    let turn = Turn { game: 1, ply: 1 };
    m.apply(P1, Action::Move { turn, mv }, t(5))
}

#[test]
fn a_move_meant_for_the_previous_game_is_stale() {
    let mut m = start(Variant::Classic, "10+10");
    m.apply(P1, Action::ResignGame, t(1)).unwrap();
    ready_all(&mut m, 2);
    let mv = parse_move("d", Variant::Classic).unwrap();
    let old = Turn { game: 1, ply: 1 };
    assert!(matches!(
        m.apply(P2, Action::Move { turn: old, mv }, t(3)),
        Err(Refusal::StalePly { .. })
    ));
}

#[test]
fn two_draws_make_a_drawn_match_and_a_win_and_a_draw_make_one_and_a_half() {
    let mut m = start(Variant::Classic, "10+10");
    play_all(&mut m, CLASSIC_DRAW, 1_000, 100);
    assert_eq!(points(&m), ["½", "½"]);
    ready_all(&mut m, 10_000);
    play_all(&mut m, CLASSIC_DRAW, 11_000, 100);
    let r = *m.result().unwrap();
    assert_eq!(r.score.to_string(), "1:1");
    assert_eq!(r.rating_score(Side(1)), Some(0.5));

    let mut m = classic_game_one_won_by_p1();
    ready_all(&mut m, 11_000);
    play_all(&mut m, CLASSIC_DRAW, 12_000, 100);
    let r = *m.result().unwrap();
    assert_eq!(r.score.to_string(), "1½:½");
    assert_eq!(r.score[Side(0)], Points::from_halves(3));
    assert_eq!(r.rating_score(Side(0)), Some(0.75));
}

#[test]
fn a_single_game_is_a_match_of_one_game() {
    let mut m = start(Variant::Single, "5+5");
    play_all(&mut m, RED_WINS, 0, 10);
    let r = *m.result().unwrap();
    assert_eq!((r.end, r.score.to_string()), (End::Completed, "1:0".into()));

    let mut m = start(Variant::Single, "5+5");
    play_all(&mut m, "dd", 0, 10);
    m.apply(P2, Action::ResignMatch, t(50)).unwrap();
    assert_eq!(m.result().unwrap().score.to_string(), "1:0");
}

#[test]
fn three_players_play_three_games_with_rotating_first_move_and_shared_places() {
    let mut m = start(Variant::ThreePlayers, "10+10");
    let mut firsts = vec![];
    firsts.push(m.to_move().unwrap());
    play_all(&mut m, RED_WINS_OF_THREE, 1_000, 100); // p1 (red) wins
    assert_eq!(points(&m), ["1", "0", "0"]);
    ready_all(&mut m, 5_000);
    firsts.push(m.to_move().unwrap());
    play_all(&mut m, THREE_DRAW, 6_000, 100); // ½ each
    assert_eq!(points(&m), ["1½", "½", "½"]);
    ready_all(&mut m, 20_000);
    firsts.push(m.to_move().unwrap());
    assert_eq!(
        m.current_game().order().seats(),
        [P3, P1, P2],
        "game 3: p3 red, p1 yellow, p2 blue"
    );
    play_all(&mut m, RED_WINS_OF_THREE, 21_000, 100); // p3 (red) wins
    assert_eq!(firsts, [P1, P2, P3], "everyone starts once");
    let r = *m.result().unwrap();
    assert_eq!(r.end, End::Completed);
    assert_eq!(r.score.to_string(), "1½:½:1½");
    assert_eq!(r.places.unwrap().as_slice(), [1, 3, 1]);
}

#[test]
fn a_three_player_forfeiter_is_placed_last_and_the_others_by_points_so_far() {
    let mut m = start(Variant::ThreePlayers, "10+10");
    play_all(&mut m, RED_WINS_OF_THREE, 1_000, 100); // p1 wins game 1
    ready_all(&mut m, 5_000);
    play_all(&mut m, "a", 6_000, 0);
    m.apply(P1, Action::ResignMatch, t(7_000)).unwrap();
    let r = *m.result().unwrap();
    assert_eq!(r.score.to_string(), "1:0:0");
    assert_eq!(r.places.unwrap().as_slice(), [3, 1, 1]);
}

#[test]
fn a_resigned_three_player_game_gives_the_two_others_half_a_point_each() {
    let mut m = start(Variant::ThreePlayers, "10+10");
    play_all(&mut m, "abc", 0, 10);
    m.apply(P3, Action::ResignGame, t(100)).unwrap();
    assert_eq!(points(&m), ["½", "½", "0"]);
}

#[test]
fn teams_move_a1_b1_a2_b2_and_team_b_starts_game_two() {
    let mut m = start(Variant::Teams, "10+10");
    let mut order = vec![];
    for (i, mv) in RED_WINS.chars().enumerate() {
        let seat = m.to_move().unwrap();
        order.push(seat);
        let wrong = Seat::ALL[(seat.index() + 1) % 4];
        let turn = m.turn().unwrap();
        let mv = parse_move(&mv.to_string(), Variant::Teams).unwrap();
        assert_eq!(
            m.apply(wrong, Action::Move { turn, mv }, t(i as u64)),
            Err(Refusal::NotYourTurn { to_move: seat })
        );
        m.apply(seat, Action::Move { turn, mv }, t(i as u64))
            .unwrap();
    }
    assert_eq!(order, [P1, P2, P3, P4, P1, P2, P3]);
    assert_eq!(m.score().to_string(), "1:0", "team A (red) won game 1");
    ready_all(&mut m, 100);
    let g2 = m.current_game().order();
    assert_eq!(g2.seats(), [P2, P1, P4, P3], "B1 A1 B2 A2");
    assert_eq!(g2.color_of(P4), Some(Color::Red));
    assert_eq!(g2.color_of(P1), Some(Color::Yellow));
    // Each player has their own clock: all four made their first move.
    for &seat in m.seating().all() {
        assert!(m.clock().has_moved(seat));
    }
}

#[test]
fn a_flag_by_any_team_member_forfeits_the_match_for_the_team() {
    let mut m = start(Variant::Teams, "1+0");
    play_all(&mut m, "abcd", 0, 1_000); // every member's first move
    play_all(&mut m, "ab", 4_000, 1_000); // A1 at 4000, B1 at 5000
    assert_eq!(m.to_move(), Some(P3));
    assert_eq!(m.deadline(), Some(t(65_000)), "A2's own full bank");
    m.advance(t(65_000));
    let r = *m.result().unwrap();
    assert_eq!(
        r.end,
        End::Forfeit {
            seat: P3,
            reason: ForfeitReason::Flag
        }
    );
    assert_eq!(r.score.to_string(), "0:2", "team A loses");
    assert_eq!(m.banks(t(65_000)), [59_000, 59_000, 0, 60_000]);
}

#[test]
fn any_team_member_may_resign_the_game_for_the_team() {
    let mut m = start(Variant::Teams, "10+10");
    play_all(&mut m, "a", 0, 0);
    m.apply(P4, Action::ResignGame, t(10)).unwrap(); // B2, not to move
    assert_eq!(m.score().to_string(), "1:0");
}

#[test]
fn random_opening_games_start_from_the_same_opening_with_colours_swapped() {
    let opening = parse_moves("d d c e", Variant::RandomOpening).unwrap();
    let setup = MatchSetup::new(Variant::RandomOpening, ClockSettings::default())
        .with_opening(opening.clone());
    let mut m = Match::new(setup, t(0)).unwrap();
    assert_eq!(m.current_game().game().moves(), &opening[..]);
    assert_eq!(m.current_game().opening_plies(), 4);
    assert_eq!(m.turn(), Some(Turn { game: 1, ply: 5 }));
    assert_eq!(m.to_move(), Some(P1));
    play(&mut m, "a", 5_000).unwrap();
    assert_eq!(m.bank(P1, t(5_000)), 600_000, "first move free");
    m.apply(P2, Action::ResignGame, t(6_000)).unwrap();
    ready_all(&mut m, 7_000);
    assert_eq!(m.current_game().game().moves(), &opening[..]);
    assert_eq!(m.to_move(), Some(P2), "p2 is red in game 2");
    assert_eq!(m.current_game().game().position().to_move(), Color::Red);
}

#[test]
fn obstacle_games_share_the_start_position() {
    let layout = ObstacleLayout::from_seed(&Variant::Obstacles.rules().geometry, 7);
    let start = Position::with_layout(Variant::Obstacles, &layout);
    let setup = MatchSetup::new(Variant::Obstacles, ClockSettings::default()).with_start(start);
    let mut m = Match::new(setup, t(0)).unwrap();
    m.apply(P1, Action::ResignGame, t(1)).unwrap();
    ready_all(&mut m, 2);
    assert_eq!(m.games()[0].game().start(), &start);
    assert_eq!(m.games()[1].game().start(), &start);
}

#[test]
fn setups_that_do_not_fit_the_variant_are_refused() {
    let clock = ClockSettings::default();
    let opening = parse_moves("d d c e", Variant::Classic).unwrap();
    assert_eq!(
        Match::new(
            MatchSetup::new(Variant::Classic, clock).with_opening(opening),
            t(0)
        )
        .unwrap_err(),
        SetupError::OpeningNotAllowed {
            variant: Variant::Classic
        }
    );
    assert_eq!(
        Match::new(MatchSetup::new(Variant::RandomOpening, clock), t(0)).unwrap_err(),
        SetupError::OpeningLength {
            expected: 4,
            found: 0
        }
    );
    assert!(matches!(
        Match::new(
            MatchSetup::new(Variant::Classic, clock).with_start(Position::new(Variant::Five)),
            t(0)
        ),
        Err(SetupError::WrongVariant { .. })
    ));
    let off_board = vec![fourbot_core::game::Move::Drop(9); 4];
    assert!(matches!(
        Match::new(
            MatchSetup::new(Variant::RandomOpening, clock).with_opening(off_board),
            t(0)
        ),
        Err(SetupError::IllegalOpening(_))
    ));
}

#[test]
fn every_game_start_has_a_game_over_and_the_match_ends_once() {
    let mut m = classic_game_one_won_by_p1();
    ready_all(&mut m, 11_000);
    m.apply(P2, Action::ResignMatch, t(12_000)).unwrap();
    let k = kinds(&mut m);
    let starts = k
        .iter()
        .filter(|e| matches!(e, EventKind::GameStarted { .. }))
        .count();
    let overs = k
        .iter()
        .filter(|e| matches!(e, EventKind::GameOver { .. }))
        .count();
    let ends = k
        .iter()
        .filter(|e| matches!(e, EventKind::MatchOver { .. }))
        .count();
    assert_eq!((starts, overs, ends), (2, 2, 1));
    assert!(matches!(k.last(), Some(EventKind::MatchOver { .. })));
    assert_eq!(m.deadline(), None);
}

#[test]
fn a_moderator_removal_is_a_forfeit() {
    let mut m = start(Variant::Classic, "10+10");
    play_all(&mut m, "dd", 1, 1);
    m.remove(P2, t(5)).unwrap();
    assert_eq!(
        m.result().unwrap().end,
        End::Forfeit {
            seat: P2,
            reason: ForfeitReason::Removed
        }
    );
    assert_eq!(m.remove(P1, t(6)), Err(Refusal::MatchOver));
}

#[test]
fn after_a_restart_the_turn_in_progress_restarts_with_its_bank() {
    let mut m = start(Variant::Classic, "1+0");
    play_all(&mut m, "dd", 0, 0);
    // The bot went down at 20 000 and is back at 500 000: p1's turn began
    // at 0 with 60 000 ms; it begins again with 60 000 ms.
    m.resume(t(500_000));
    assert_eq!(m.bank(P1, t(500_000)), 60_000);
    assert_eq!(m.deadline(), Some(t(560_000)));
    assert!(kinds(&mut m).contains(&EventKind::Resumed));
    play(&mut m, "c", 530_000).unwrap();
    assert_eq!(m.bank(P1, t(530_000)), 30_000);
}

// ------------------------------------------------ moderator abort (/ladder abort)

#[test]
fn a_moderator_abort_ends_a_running_game_without_a_result() {
    let mut m = start(Variant::Classic, "10+10");
    play_all(&mut m, "dcd", 1_000, 1_000);
    kinds(&mut m);
    m.moderator_abort(t(50_000)).unwrap();
    assert!(m.is_finished());
    let r = *m.result().unwrap();
    assert_eq!(r.end, End::ModeratorAbort);
    assert_eq!(r.places, None, "no result");
    assert_eq!(r.rating_score(Side(0)), None, "no rating change");
    assert_eq!(r.rating_score(Side(1)), None);
    let k = kinds(&mut m);
    assert_eq!(k[0], EventKind::ModeratorAbort);
    assert!(matches!(
        k[1],
        EventKind::GameOver {
            game: 1,
            end: GameEnd::Aborted,
            ..
        }
    ));
    assert!(matches!(k[2], EventKind::MatchOver { result } if result.end == End::ModeratorAbort));
    assert_eq!(k.len(), 3);
    assert_eq!(m.deadline(), None, "no clock runs any more");
    let mv = parse_move("e", Variant::Classic).unwrap();
    let turn = Turn { game: 1, ply: 4 };
    assert_eq!(
        m.apply(P2, Action::Move { turn, mv }, t(51_000)),
        Err(Refusal::MatchOver),
        "no move after the abort"
    );
}

#[test]
fn a_moderator_abort_between_games_keeps_game_one_and_gives_no_result() {
    let mut m = start(Variant::Classic, "10+10");
    play_all(&mut m, RED_WINS, 1_000, 1_000);
    assert_eq!(m.phase(), PhaseKind::BetweenGames);
    kinds(&mut m);
    m.moderator_abort(t(20_000)).unwrap();
    let k = kinds(&mut m);
    assert_eq!(k.len(), 2, "no game is on, so no GameOver: {k:?}");
    assert_eq!(k[0], EventKind::ModeratorAbort);
    let r = *m.result().unwrap();
    assert_eq!(r.end, End::ModeratorAbort);
    assert_eq!(r.places, None);
    assert_eq!(points(&m), ["1", "0"], "game 1 stays in the record");
}

#[test]
fn a_finished_match_cannot_be_aborted_and_a_due_flag_comes_first() {
    let mut m = start(Variant::Classic, "1+0");
    play_all(&mut m, "dd", 1_000, 1_000);
    // p1's bank (60 s) runs from 2 000: it flagged at 62 000.
    assert_eq!(m.moderator_abort(t(70_000)), Err(Refusal::MatchOver));
    assert!(matches!(
        m.result().unwrap().end,
        End::Forfeit {
            seat: P1,
            reason: ForfeitReason::Flag
        }
    ));
    assert_eq!(m.moderator_abort(t(80_000)), Err(Refusal::MatchOver));
}

// ------------------------------------------------ a match in which a player made no move

/// The end of `m`, which must be finished: aborted with no places and no
/// rating score for any side.
fn aborted(m: &Match) -> (Seat, AbortCause) {
    let r = *m.result().expect("finished");
    assert_eq!(r.places, None, "no result: {r:?}");
    for side in 0..m.seating().sides() as u8 {
        assert_eq!(r.rating_score(Side(side)), None, "no rating change");
    }
    match r.end {
        End::Aborted { seat, cause } => (seat, cause),
        other => panic!("not aborted: {other:?}"),
    }
}

#[test]
fn resigning_the_match_before_ones_first_move_aborts_it() {
    // p1 moves; p2 resigns the match on its first turn.
    let mut m = start(Variant::Classic, "10+10");
    play(&mut m, "d", 1_000).unwrap();
    kinds(&mut m);
    m.apply(P2, Action::ResignMatch, t(2_000)).unwrap();
    let resign = AbortCause::Forfeit {
        seat: P2,
        reason: ForfeitReason::Resign,
    };
    assert_eq!(aborted(&m), (P2, resign));
    assert_eq!(m.result().unwrap().score.to_string(), "0:0", "not 2:0");
    // The game in progress is abandoned, not forfeited (the export's `*`).
    assert_eq!(m.games()[0].end(), Some((GameEnd::Aborted, t(2_000))));
    let k = kinds(&mut m);
    assert!(matches!(
        k[0],
        EventKind::GameOver {
            end: GameEnd::Aborted,
            ..
        }
    ));
    assert!(matches!(k[1], EventKind::MatchOver { .. }));
    assert_eq!(
        m.result().unwrap().end.to_string(),
        "aborted: p2 never moved, forfeit p2 resign"
    );
}

#[test]
fn resigning_the_match_before_the_opponent_moved_aborts_it() {
    // p1 moved and p2 has not: p1's resignation would hand p2 a win for
    // nothing (one account farming another), so it is aborted too.
    let mut m = start(Variant::Classic, "10+10");
    play(&mut m, "d", 1_000).unwrap();
    m.apply(P1, Action::ResignMatch, t(2_000)).unwrap();
    let cause = AbortCause::Forfeit {
        seat: P1,
        reason: ForfeitReason::Resign,
    };
    assert_eq!(aborted(&m), (P2, cause), "named: the seat that never moved");
    // Before anyone moved, the first mover resigning names itself.
    let mut m = start(Variant::Classic, "10+10");
    m.apply(P1, Action::ResignMatch, t(500)).unwrap();
    assert_eq!(
        aborted(&m),
        (
            P1,
            AbortCause::Forfeit {
                seat: P1,
                reason: ForfeitReason::Resign
            }
        )
    );
}

#[test]
fn resigning_both_games_without_a_move_aborts_the_match() {
    // p1 resigns game 1 at once; in game 2 p2 moves and p1 resigns again
    // without a move: both games are lost on the record, but p1 never
    // moved, so the match has no result.
    let mut m = start(Variant::Classic, "10+10");
    m.apply(P1, Action::ResignGame, t(1_000)).unwrap();
    ready_all(&mut m, 2_000);
    play(&mut m, "d", 3_000).unwrap(); // p2, red in game 2
    m.apply(P1, Action::ResignGame, t(4_000)).unwrap();
    assert_eq!(aborted(&m), (P1, AbortCause::Completed));
    assert_eq!(m.result().unwrap().score.to_string(), "0:2");
    assert_eq!(m.games()[1].end(), Some((GameEnd::Resigned(P1), t(4_000))));
    assert_eq!(
        m.result().unwrap().end.to_string(),
        "aborted: p1 never moved, completed"
    );
}

#[test]
fn resigning_game_one_before_moving_is_rated_once_the_player_moves_in_game_two() {
    let mut m = start(Variant::Classic, "10+10");
    play(&mut m, "d", 1_000).unwrap();
    m.apply(P2, Action::ResignGame, t(2_000)).unwrap(); // before p2's first move
    ready_all(&mut m, 3_000);
    play(&mut m, "d", 4_000).unwrap(); // p2's first move, in game 2
    m.apply(P2, Action::ResignMatch, t(5_000)).unwrap();
    let r = *m.result().unwrap();
    assert_eq!(
        r.end,
        End::Forfeit {
            seat: P2,
            reason: ForfeitReason::Resign
        }
    );
    assert_eq!(r.places.unwrap().as_slice(), [1, 2]);
}

#[test]
fn a_flag_before_ones_first_move_aborts_the_match() {
    // p1 moves, p2 resigns game 1 without a move; in the break p1 is
    // ready and p2 is not: after the grace p2's bank runs out. p2 never
    // moved, so the flag gives no result.
    let mut m = start(Variant::Classic, "1+0");
    play(&mut m, "d", 0).unwrap();
    m.apply(P2, Action::ResignGame, t(1_000)).unwrap();
    m.apply(P1, Action::Ready, t(2_000)).unwrap();
    // Grace 60 s from 1 000, then p2's 60 s bank.
    assert_eq!(m.deadline(), Some(t(121_000)));
    kinds(&mut m);
    m.advance(t(121_000));
    let flag = AbortCause::Forfeit {
        seat: P2,
        reason: ForfeitReason::Flag,
    };
    assert_eq!(aborted(&m), (P2, flag));
    let k = kinds(&mut m);
    assert_eq!(k[0], EventKind::Flag { seat: P2 });
    assert!(matches!(k.last(), Some(EventKind::MatchOver { .. })));
}

#[test]
fn a_moderator_removal_before_a_first_move_aborts_the_match() {
    let mut m = start(Variant::Classic, "10+10");
    play(&mut m, "d", 1).unwrap();
    m.remove(P2, t(5)).unwrap();
    assert_eq!(
        aborted(&m),
        (
            P2,
            AbortCause::Forfeit {
                seat: P2,
                reason: ForfeitReason::Removed
            }
        )
    );
}

#[test]
fn teams_and_three_players_abort_while_any_seat_never_moved() {
    // Teams: A1, B1 and A2 move; A1 resigns the match for team A before
    // B2 (p4) has moved.
    let mut m = start(Variant::Teams, "10+10");
    play_all(&mut m, "abc", 1_000, 1_000);
    assert_eq!(m.to_move(), Some(P4));
    m.apply(P1, Action::ResignMatch, t(4_000)).unwrap();
    let cause = AbortCause::Forfeit {
        seat: P1,
        reason: ForfeitReason::Resign,
    };
    assert_eq!(aborted(&m), (P4, cause));
    // Once all four moved, the same resignation is a forfeit.
    let mut m = start(Variant::Teams, "10+10");
    play_all(&mut m, "abcd", 1_000, 1_000);
    m.apply(P1, Action::ResignMatch, t(5_000)).unwrap();
    assert!(matches!(
        m.result().unwrap().end,
        End::Forfeit { seat: P1, .. }
    ));
    // Three players: p3 resigns the match on its first turn.
    let mut m = start(Variant::ThreePlayers, "10+10");
    play_all(&mut m, "ab", 1_000, 1_000);
    m.apply(P3, Action::ResignMatch, t(3_000)).unwrap();
    let cause = AbortCause::Forfeit {
        seat: P3,
        reason: ForfeitReason::Resign,
    };
    assert_eq!(aborted(&m), (P3, cause));
    assert_eq!(m.result().unwrap().places, None, "nobody placed");
}

/// docs/match.md, "Take-back": the ply leaves the game, its mover is to
/// move at that turn again, the opponent's running time is charged, and the
/// increment the ply earned is taken off; nobody gains time.
#[test]
fn a_take_back_undoes_the_ply_and_the_clock_does_not_run_back() {
    let mut m = start(Variant::Classic, "10+10");
    play(&mut m, "d", 1_000).unwrap(); // p1's first move: free
    play(&mut m, "d", 2_000).unwrap(); // p2's first move: free
    play(&mut m, "c", 5_000).unwrap(); // p1: 3 s used, +10 s
    assert_eq!(m.bank(P1, t(5_000)), 600_000 - 3_000 + 10_000);
    m.drain_events().for_each(drop);
    // Not p2's to take back; nor p1's own when it is p1's turn.
    assert_eq!(
        m.apply(P2, Action::TakeBack, t(6_000)),
        Err(Refusal::NothingToTakeBack { seat: P2 })
    );
    // p2 thought for 4 s before accepting: those 4 s are p2's.
    m.apply(P1, Action::TakeBack, t(9_000)).unwrap();
    assert_eq!(m.to_move(), Some(P1));
    assert_eq!(m.turn(), Some(Turn { game: 1, ply: 3 }));
    assert_eq!(m.current_game().game().moves().len(), 2);
    assert_eq!(
        m.bank(P1, t(9_000)),
        600_000 - 3_000,
        "the increment is taken off"
    );
    assert_eq!(
        m.bank(P2, t(9_000)),
        600_000 - 4_000,
        "time spent stays spent"
    );
    assert_eq!(
        m.bank(P1, t(10_000)),
        600_000 - 4_000,
        "p1's bank runs again"
    );
    let kinds: Vec<EventKind> = m.drain_events().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        [EventKind::TakenBack {
            turn: Turn { game: 1, ply: 3 },
            seat: P1,
            mv: parse_move("c", Variant::Classic).unwrap(),
            bank_ms: 597_000,
        }]
    );
    // Twice in a row there is nothing left of p1's to take back.
    assert_eq!(
        m.apply(P1, Action::TakeBack, t(10_000)),
        Err(Refusal::NothingToTakeBack { seat: P1 })
    );
    // The move made again is an ordinary move at the same ply.
    play(&mut m, "e", 11_000).unwrap();
    assert_eq!(m.turn(), Some(Turn { game: 1, ply: 4 }));
}

/// A take-back of a seat's first move of the match puts that seat back
/// under the abort window (its first move was never charged).
#[test]
fn taking_back_a_first_move_restores_the_abort_window() {
    let mut m = start(Variant::Classic, "10+10");
    play(&mut m, "d", 1_000).unwrap();
    m.apply(P1, Action::TakeBack, t(2_000)).unwrap();
    assert!(!m.clock().has_moved(P1));
    assert_eq!(m.bank(P1, t(2_000)), 600_000);
    let abort = m.expiry().unwrap();
    assert_eq!(
        abort.at,
        t(2_000 + 180_000),
        "the window counts from the take-back"
    );
    // Between games there is no turn to take back.
    let mut m = start(Variant::Classic, "10+10");
    play_all(&mut m, RED_WINS, 1_000, 1_000);
    assert_eq!(m.phase(), PhaseKind::BetweenGames);
    assert!(matches!(
        m.apply(P1, Action::TakeBack, t(20_000)),
        Err(Refusal::WrongPhase { .. })
    ));
}
