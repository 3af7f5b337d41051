//! The match task of `host` on paused tokio time: deadlines to the
//! millisecond, races decided in one place, events published.

use std::time::Duration;

use fourbot_core::game::notation::parse_move;
use fourbot_core::game::Variant;
use fourbot_core::play::{
    AbortCause, Action, ClockSettings, End, Event, EventKind, ForfeitReason, Match, MatchSetup,
    Refusal, Seat, Timestamp, Turn,
};
use fourbot_host::{spawn_match, MatchHandle, SpawnedMatch, TaskError};
use tokio::sync::broadcast;
use tokio::time::{sleep_until, Instant};

const P1: Seat = Seat::P1;
const P2: Seat = Seat::P2;

fn spawn(time: &str) -> (SpawnedMatch, Instant) {
    let epoch = Instant::now();
    let clock = ClockSettings::new(time.parse().unwrap());
    let m = Match::new(MatchSetup::new(Variant::Classic, clock), Timestamp(0)).unwrap();
    (spawn_match(m, epoch), epoch)
}

fn mv(game: u8, ply: u32, text: &str) -> Action {
    Action::Move {
        turn: Turn { game, ply },
        mv: parse_move(text, Variant::Classic).unwrap(),
    }
}

async fn next_of(events: &mut broadcast::Receiver<Event>, pick: fn(&EventKind) -> bool) -> Event {
    loop {
        let e = events.recv().await.expect("the task publishes");
        if pick(&e.kind) {
            return e;
        }
    }
}

/// Both first moves at time 0: p1's bank then runs from 0.
async fn first_moves(h: &MatchHandle) {
    h.act(P1, mv(1, 1, "d")).await.unwrap();
    h.act(P2, mv(1, 2, "d")).await.unwrap();
}

#[tokio::test(start_paused = true)]
async fn a_flag_fires_at_the_deadline_to_the_millisecond() {
    let (
        SpawnedMatch {
            handle,
            mut events,
            task,
        },
        epoch,
    ) = spawn("1+0");
    first_moves(&handle).await;
    let flag = next_of(&mut events, |k| matches!(k, EventKind::Flag { .. })).await;
    assert_eq!(flag.kind, EventKind::Flag { seat: P1 });
    assert_eq!(flag.at, Timestamp(60_000));
    assert_eq!(Instant::now() - epoch, Duration::from_millis(60_000));
    let m = task.await.unwrap();
    assert_eq!(
        m.result().unwrap().end,
        End::Forfeit {
            seat: P1,
            reason: ForfeitReason::Flag
        }
    );
    assert_eq!(m.banks(Timestamp(60_000)), [0, 60_000]);
}

#[tokio::test(start_paused = true)]
async fn a_move_that_arrives_before_the_deadline_beats_the_flag() {
    let (SpawnedMatch { handle, task, .. }, epoch) = spawn("1+0");
    first_moves(&handle).await;
    sleep_until(epoch + Duration::from_millis(59_999)).await;
    handle.act(P1, mv(1, 3, "c")).await.unwrap();
    let m = handle.snapshot().await.unwrap();
    assert_eq!(m.bank(P1, Timestamp(59_999)), 1);
    assert!(!m.is_finished());
    // p2's bank now runs from 59 999 and flags a full minute later.
    let m2 = task.await.unwrap();
    assert_eq!(
        m2.result().unwrap().end,
        End::Forfeit {
            seat: P2,
            reason: ForfeitReason::Flag
        }
    );
    assert_eq!(Instant::now() - epoch, Duration::from_millis(119_999));
}

#[tokio::test(start_paused = true)]
async fn a_move_at_the_deadline_s_millisecond_is_too_late() {
    let (SpawnedMatch { handle, task, .. }, epoch) = spawn("1+0");
    first_moves(&handle).await;
    sleep_until(epoch + Duration::from_millis(60_000)).await;
    let late = handle.act(P1, mv(1, 3, "c")).await;
    assert!(
        matches!(
            late,
            Err(TaskError::Refused(Refusal::MatchOver)) | Err(TaskError::Closed)
        ),
        "{late:?}"
    );
    let m = task.await.unwrap();
    assert_eq!(m.current_game().game().moves().len(), 2);
}

#[tokio::test(start_paused = true)]
async fn two_simultaneous_moves_for_one_ply_apply_exactly_one() {
    let (
        SpawnedMatch {
            handle, mut events, ..
        },
        _,
    ) = spawn("10+10");
    let (a, b) = tokio::join!(handle.act(P1, mv(1, 1, "d")), handle.act(P1, mv(1, 1, "c")));
    let ok = [&a, &b].iter().filter(|r| r.is_ok()).count();
    assert_eq!(ok, 1, "{a:?} {b:?}");
    let refused = if a.is_ok() { b } else { a };
    assert_eq!(
        refused,
        Err(TaskError::Refused(Refusal::StalePly {
            asked: Turn { game: 1, ply: 1 },
            current: Turn { game: 1, ply: 2 }
        }))
    );
    // The opponent racing with the same turn is refused too.
    let (x, y) = tokio::join!(handle.act(P2, mv(1, 2, "d")), handle.act(P1, mv(1, 2, "e")));
    assert!(x.is_ok());
    assert_eq!(
        y,
        Err(TaskError::Refused(Refusal::StalePly {
            asked: Turn { game: 1, ply: 2 },
            current: Turn { game: 1, ply: 3 }
        }))
    );
    let m = handle.snapshot().await.unwrap();
    assert_eq!(m.current_game().game().moves().len(), 2);
    let mut moves = 0;
    while let Ok(e) = events.try_recv() {
        moves += matches!(e.kind, EventKind::Moved { .. }) as usize;
    }
    assert_eq!(moves, 2, "one event per applied move");
}

#[tokio::test(start_paused = true)]
async fn the_task_aborts_a_match_whose_player_never_moves() {
    let (
        SpawnedMatch {
            handle,
            mut events,
            task,
        },
        epoch,
    ) = spawn("10+10");
    sleep_until(epoch + Duration::from_millis(5_000)).await;
    handle.act(P1, mv(1, 1, "d")).await.unwrap();
    let abort = next_of(&mut events, |k| matches!(k, EventKind::Abort { .. })).await;
    assert_eq!(abort.at, Timestamp(185_000));
    assert_eq!(abort.kind, EventKind::Abort { seat: P2 });
    let over = next_of(&mut events, |k| matches!(k, EventKind::MatchOver { .. })).await;
    assert!(
        matches!(over.kind, EventKind::MatchOver { result } if result.end == End::Aborted { seat: P2, cause: AbortCause::NoFirstMove })
    );
    task.await.unwrap();
    assert_eq!(
        handle.act(P2, mv(1, 2, "d")).await,
        Err(TaskError::Closed),
        "the task has stopped"
    );
}

#[tokio::test(start_paused = true)]
async fn the_task_publishes_every_event_of_a_match_in_order() {
    let (
        SpawnedMatch {
            handle,
            mut events,
            task,
        },
        epoch,
    ) = spawn("3+2");
    let at = |ms| epoch + Duration::from_millis(ms);
    for (i, c) in "ddccbba".chars().enumerate() {
        sleep_until(at(1_000 * (i as u64 + 1))).await;
        let seat = if i % 2 == 0 { P1 } else { P2 };
        handle
            .act(seat, mv(1, i as u32 + 1, &c.to_string()))
            .await
            .unwrap();
    }
    // p2 is ready at once; p1 never is: after the 60 s grace p1's bank
    // (181 000 ms after game 1) runs out.
    handle.act(P2, Action::Ready).await.unwrap();
    let m = task.await.unwrap();
    let mut lines = vec![];
    while let Ok(e) = events.try_recv() {
        lines.push(e.to_string());
    }
    assert_eq!(lines.first().unwrap(), "0 game 1 start: p1 red, p2 yellow");
    assert_eq!(lines[7], "7000 move p1 a (game 1 ply 7) bank 181000");
    assert_eq!(lines[8], "7000 game 1 over: red wins; score 1:0");
    assert_eq!(lines[9], "7000 ready p2 bank 182000");
    assert_eq!(lines[10], "248000 flag p1");
    assert_eq!(
        lines[11],
        "248000 match over: forfeit p1 flag; score 0:2; places 2 1"
    );
    assert_eq!(lines.len(), 12);
    assert_eq!(m.result().unwrap().score.to_string(), "0:2");
}

fn moved(k: &EventKind) -> bool {
    matches!(k, EventKind::Moved { .. })
}

/// Issue 33 §5: a presenter reads the match without a round trip to the
/// task (`MatchHandle::current`): once it has received an event, the shared
/// match holds it. A watch taken while the match rests sees every later
/// move once: on the channel, not in the match.
#[tokio::test(start_paused = true)]
async fn the_current_match_holds_every_received_event_and_a_watch_sees_each_move_once() {
    let (
        SpawnedMatch {
            handle, mut events, ..
        },
        _,
    ) = spawn("1+0");
    assert_eq!(handle.current().turn(), Some(Turn { game: 1, ply: 1 }));
    handle.act(P1, mv(1, 1, "d")).await.unwrap();
    next_of(&mut events, moved).await;
    assert_eq!(handle.current().turn(), Some(Turn { game: 1, ply: 2 }));
    let (m, mut later) = handle.watch();
    handle.act(P2, mv(1, 2, "d")).await.unwrap();
    assert_eq!(m.turn(), Some(Turn { game: 1, ply: 2 }), "as it was");
    let e = next_of(&mut later, moved).await;
    assert!(
        matches!(e.kind, EventKind::Moved { turn, .. } if turn == Turn { game: 1, ply: 2 }),
        "{e:?}"
    );
    assert!(
        std::iter::from_fn(|| later.try_recv().ok()).all(|e| !moved(&e.kind)),
        "the move once"
    );
    assert_eq!(handle.current().turn(), Some(Turn { game: 1, ply: 3 }));
}
