//! Take-backs through the host (issue 35, docs/match.md "Take-back"): asked
//! by the player who made the last ply, answered by the opponent alone,
//! refused where the rules say no, bounded per game, lapsing when the
//! position changes.

use fourbot_core::game::Variant;
use fourbot_host::{ActionId, Host, MatchId, UserId, View, ViewKind};
use fourbot_i18n::{id, Locale};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::service::{host_with, next, next_turn, says};
use crate::support::{seat, spec};

const ALICE: UserId = UserId(10);
const BOB: UserId = UserId(20);
const CAROL: UserId = UserId(30);

/// `user` drops a disc in column `letter` with the turn view's button.
async fn drop_in(host: &Host, turn: &View, user: UserId, letter: &str) {
    let b = turn
        .all_buttons()
        .find(|b| b.label == letter)
        .unwrap_or_else(|| panic!("no button {letter}"));
    host.press(user, b.action, None).await.unwrap();
}

/// The next view that is a notice.
async fn next_notice(views: &mut UnboundedReceiver<View>) -> View {
    loop {
        let v = next(views).await;
        if v.kind == ViewKind::Notice {
            return v;
        }
    }
}

/// The Accept (`true`) or Decline button of a take-back request.
fn answer(request: &View, accept: bool) -> ActionId {
    request
        .all_buttons()
        .map(|b| b.action)
        .find(|a| matches!(a, ActionId::TakeBack { accept: x, .. } if *x == accept))
        .expect("a take-back button")
}

/// An unrated match (`single`) of alice (red, first) against bob.
async fn single(host: &Host, views: &mut UnboundedReceiver<View>) -> (MatchId, View) {
    let id = host
        .create_match(spec(
            Variant::Single,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    (id, next_turn(views).await)
}

#[tokio::test]
async fn the_opponent_alone_accepts_or_declines_and_each_player_may_ask_twice_a_game() {
    let (host, mut views) = host_with(None);
    let (id, first) = single(&host, &mut views).await;
    drop_in(&host, &first, ALICE, "d").await;
    let bobs = next_turn(&mut views).await;
    // Bob did not make the last move.
    let refused = host.take_back(id, BOB).await.unwrap_err();
    assert_eq!(refused.id(), id::TAKE_BACK_NOTHING);
    assert_eq!(
        says(&host, Locale::De, &refused),
        "Du kannst nur deinen eigenen letzten Zug zurücknehmen, solange dein Gegner am Zug ist."
    );
    host.take_back(id, ALICE).await.unwrap();
    let request = next_notice(&mut views).await;
    assert!(
        request
            .text
            .starts_with("alice asks to take back their move 1. d. bob, do you accept?")
            && request
                .text
                .contains("The clock does not run back: time spent stays spent."),
        "{}",
        request.text
    );
    // Only bob answers: not carol (a spectator), not alice herself.
    for who in [CAROL, ALICE] {
        let d = host
            .press(who, answer(&request, true), None)
            .await
            .unwrap_err();
        assert_eq!(
            says(&host, Locale::EnUs, &d),
            "Only bob can answer this take-back request."
        );
    }
    // Declined: the move stands, the request is closed.
    let ActionId::TakeBack { turn, .. } = answer(&request, false) else {
        unreachable!()
    };
    let line = host.answer_take_back(id, BOB, turn, false).await.unwrap();
    assert_eq!(line, "bob declined the take-back. The move stands.");
    let again = host
        .press(BOB, answer(&request, true), None)
        .await
        .unwrap_err();
    assert_eq!(again.id(), id::TAKE_BACK_EXPIRED);
    // Asked again and accepted: the disc is gone, alice is to move at ply 1.
    host.take_back(id, ALICE).await.unwrap();
    let request = next_notice(&mut views).await;
    let line = host.answer_take_back(id, BOB, turn, true).await.unwrap();
    assert_eq!(line, "bob accepted the take-back.");
    let done = next_notice(&mut views).await;
    assert_eq!(
        done.text,
        "alice's move 1. d was taken back: alice is to move again. The clock does not run back: time spent stays spent."
    );
    let turn_again = next_turn(&mut views).await;
    assert_eq!(
        turn_again.kind,
        ViewKind::Turn {
            to_move: ALICE,
            ai: false
        }
    );
    assert!(!turn_again.text.contains("1. 🔴 d"), "{}", turn_again.text);
    assert!(turn_again
        .all_buttons()
        .any(|b| b.action.to_string().ends_with(":1.1:drop:d")));
    // The old request's buttons and bob's old turn are stale now.
    assert!(host.press(BOB, answer(&request, true), None).await.is_err());
    assert!(host
        .press(BOB, bobs.all_buttons().next().unwrap().action, None)
        .await
        .is_err());
    // A third request in the same game is one too many.
    drop_in(&host, &turn_again, ALICE, "e").await;
    let refused = host.take_back(id, ALICE).await.unwrap_err();
    assert_eq!(
        says(&host, Locale::EnUs, &refused),
        "You may ask for 2 take-backs per game, and you have asked that many already."
    );
}

#[tokio::test]
async fn a_request_lapses_when_the_opponent_moves() {
    let (host, mut views) = host_with(None);
    let (id, first) = single(&host, &mut views).await;
    drop_in(&host, &first, ALICE, "d").await;
    let bobs = next_turn(&mut views).await;
    host.take_back(id, ALICE).await.unwrap();
    let request = next_notice(&mut views).await;
    drop_in(&host, &bobs, BOB, "c").await;
    let lapsed = host
        .press(BOB, answer(&request, true), None)
        .await
        .unwrap_err();
    assert_eq!(lapsed.id(), id::TAKE_BACK_EXPIRED);
    let turn = next_turn(&mut views).await;
    assert!(
        turn.text.contains("2. 🟡 c"),
        "the move stands: {}",
        turn.text
    );
}

#[tokio::test]
async fn rated_matches_and_matches_against_the_ai_never_take_back() {
    let (host, mut views) = host_with(None);
    let id = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    let first = next_turn(&mut views).await;
    drop_in(&host, &first, ALICE, "d").await;
    let refused = host.take_back(id, ALICE).await.unwrap_err();
    assert_eq!(refused.id(), id::TAKE_BACK_RATED);
    assert_eq!(
        says(&host, Locale::EnUs, &refused),
        "Take-backs are for unrated matches only: in a rated match every move stands."
    );
    assert_eq!(
        says(&host, Locale::De, &refused),
        "Zugrücknahmen gibt es nur in ungewerteten Matches: in einem gewerteten Match gilt jeder Zug."
    );
    let mut ai = seat(UserId(99), "fourbot");
    ai.ai_level = Some(1);
    let id = host
        .create_match(spec(Variant::Single, vec![seat(CAROL, "carol"), ai]))
        .await
        .unwrap();
    let refused = host.take_back(id, CAROL).await.unwrap_err();
    assert_eq!(refused.id(), id::TAKE_BACK_AI);
}
