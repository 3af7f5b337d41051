//! The transport-neutral host: views, buttons, refusals and the AI seat.

use std::sync::Arc;
use std::time::Duration;

use fourbot_core::game::Variant;
use fourbot_core::play::{ClockSettings, TimeControl};
use fourbot_host::{
    Acted, ActionId, GuildId, HeuristicBot, Host, HostConfig, MatchId, Seated, TimeStyle, UserId,
    View, ViewKind,
};
use fourbot_i18n::{id, Catalog, Locale};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::support::{seat, spec};

const ALICE: UserId = UserId(10);
const BOB: UserId = UserId(20);
const CAROL: UserId = UserId(30);
const DAVE: UserId = UserId(40);

fn host() -> (Host, UnboundedReceiver<View>) {
    host_with(None)
}

/// A host with the instant heuristic AI, Discord-style deadlines, no
/// pictures, and `db` as its store.
pub(crate) fn host_with(db: Option<fourbot_store::Db>) -> (Host, UnboundedReceiver<View>) {
    Host::with_store(
        Arc::new(Catalog::new().unwrap()),
        Arc::new(HeuristicBot),
        HostConfig {
            time_style: TimeStyle::DiscordRelative,
            images: false,
        },
        db,
    )
}

/// A fresh database file in its own temporary directory (removed by the
/// test at its end).
async fn temp_db(name: &str) -> (std::path::PathBuf, fourbot_store::Db) {
    let dir = std::env::temp_dir().join(format!("fourbot-host-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("host.db").display());
    (dir, fourbot_store::Db::connect(&url).await.unwrap())
}

pub(crate) async fn next(views: &mut UnboundedReceiver<View>) -> View {
    tokio::time::timeout(Duration::from_secs(5), views.recv())
        .await
        .expect("a view in time")
        .expect("outbox open")
}

pub(crate) async fn next_turn(views: &mut UnboundedReceiver<View>) -> View {
    loop {
        let v = next(views).await;
        if matches!(v.kind, ViewKind::Turn { .. }) {
            return v;
        }
    }
}

/// A refusal as `user` reads it in `l`: the host refuses with a message,
/// the front end renders it.
pub(crate) fn says(host: &Host, l: Locale, d: &fourbot_host::Denial) -> String {
    host.catalog().render(l, d.message())
}

/// `user` presses the button with custom id `action` and reads a refusal
/// in `l`.
async fn press(host: &Host, user: UserId, l: Locale, action: &str) -> Result<Acted, String> {
    let action: ActionId = action.parse().expect("a match button");
    host.press(user, action, None)
        .await
        .map_err(|d| says(host, l, &d))
}

/// `user` types `text` in match `id`'s thread and reads a refusal in `l`.
async fn typed(
    host: &Host,
    id: MatchId,
    user: UserId,
    l: Locale,
    text: &str,
) -> Result<bool, String> {
    host.typed(id, user, text)
        .await
        .map_err(|d| says(host, l, &d))
}

fn button<'a>(view: &'a View, label: &str) -> &'a fourbot_host::Button {
    view.all_buttons()
        .find(|b| b.label == label)
        .unwrap_or_else(|| panic!("no button {label}"))
}

#[tokio::test]
async fn two_presses_for_the_same_turn_give_one_move_and_a_stale_refusal() {
    let (host, mut views) = host();
    host.create_match(spec(
        Variant::Classic,
        vec![seat(ALICE, "alice"), seat(BOB, "bob")],
    ))
    .await
    .unwrap();
    let first = next_turn(&mut views).await;
    let d = button(&first, "d").action.to_string();
    assert!(press(&host, ALICE, Locale::EnUs, &d).await.is_ok());
    let action: ActionId = d.parse().unwrap();
    let stale = host.press(ALICE, action, None).await.unwrap_err();
    assert_eq!(stale.id(), id::ERROR_STALE_BUTTON, "refused to the presser");
    let second = says(&host, Locale::De, &stale);
    assert!(second.contains("früheren Zug"), "{second}");
    let turn = next_turn(&mut views).await;
    assert!(turn.text.contains("1. 🔴 d"), "{}", turn.text);
    assert!(!turn.text.contains("3. "), "{}", turn.text);
}

#[tokio::test]
async fn presses_by_others_get_a_private_reason_and_spectator_chat_is_ignored() {
    let (host, mut views) = host();
    let id = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    let first = next_turn(&mut views).await;
    let d = button(&first, "d").action.to_string();
    let not_yours = press(&host, BOB, Locale::EnUs, &d).await.unwrap_err();
    assert_eq!(not_yours, "It's not your turn: alice is to move.");
    let spectator = press(&host, CAROL, Locale::It, &d).await.unwrap_err();
    assert!(spectator.contains("Non stai giocando"), "{}", spectator);
    assert_eq!(typed(&host, id, CAROL, Locale::EnUs, "d").await, Ok(false));
    assert_eq!(
        typed(&host, id, ALICE, Locale::EnUs, "nice move").await,
        Ok(false)
    );
    assert_eq!(typed(&host, id, ALICE, Locale::EnUs, "D").await, Ok(true));
    let turn = next_turn(&mut views).await;
    assert!(turn.text.contains("bob to move"), "{}", turn.text);
}

#[tokio::test]
async fn a_full_column_button_is_disabled_and_buttons_name_their_own_column() {
    let (host, mut views) = host();
    let id = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    next_turn(&mut views).await;
    for (i, who) in [ALICE, BOB, ALICE, BOB, ALICE, BOB].into_iter().enumerate() {
        assert_eq!(
            typed(&host, id, who, Locale::EnUs, "d").await,
            Ok(true),
            "ply {i}"
        );
        next_turn(&mut views).await;
    }
    let view = host.board(id).await.unwrap();
    assert!(button(&view, "d").disabled);
    for b in view.all_buttons() {
        if let fourbot_host::ActionId::Move { mv, .. } = b.action {
            assert_eq!(
                b.label,
                fourbot_core::game::column_letter(mv.column()).to_string()
            );
        }
    }
    // Rows hold at most five buttons (Discord's limit): 7 columns are 4 + 3.
    assert!(view.buttons.iter().all(|r| r.len() <= 5));
    assert_eq!(view.buttons[0].len(), 4);
    let refused = typed(&host, id, ALICE, Locale::EnUs, "d")
        .await
        .unwrap_err();
    assert_eq!(refused, "Column d is full; pick another one.");
}

#[tokio::test]
async fn popout_shows_a_pop_row_and_teams_name_the_player_to_move() {
    let (host, mut views) = host();
    let id = host
        .create_match(spec(
            Variant::Popout,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    next_turn(&mut views).await;
    typed(&host, id, ALICE, Locale::EnUs, "a").await.unwrap();
    typed(&host, id, BOB, Locale::EnUs, "b").await.unwrap();
    let view = loop {
        let v = next_turn(&mut views).await;
        if v.text.contains("2. 🟡 b") {
            break v;
        }
    };
    assert!(!button(&view, "Pop a").disabled, "alice may pop her disc");
    assert!(
        view.all_buttons().all(|b| b.label != "Pop b"),
        "bob's disc is not hers: no button for it"
    );
    assert!(view.buttons.len() <= 5);

    let (host, mut views) = self::host();
    host.create_match(spec(
        Variant::Teams,
        vec![
            seat(ALICE, "alice"),
            seat(BOB, "bob"),
            seat(CAROL, "carol"),
            seat(DAVE, "dave"),
        ],
    ))
    .await
    .unwrap();
    let first = next_turn(&mut views).await;
    assert!(
        first.text.contains("alice (Team A) to move"),
        "{}",
        first.text
    );
    let d = button(&first, "d").action.to_string();
    press(&host, ALICE, Locale::EnUs, &d).await.unwrap();
    let second = next_turn(&mut views).await;
    assert!(
        second.text.contains("bob (Team B) to move"),
        "{}",
        second.text
    );
}

#[tokio::test]
async fn the_ai_seat_answers_and_the_match_is_unrated() {
    let (host, mut views) = host();
    let mut players = vec![seat(ALICE, "alice"), seat(UserId(0), "fourbot")];
    players[1].ai_level = Some(3);
    let id = host
        .create_match(spec(Variant::Classic, players))
        .await
        .unwrap();
    next_turn(&mut views).await;
    typed(&host, id, ALICE, Locale::EnUs, "a").await.unwrap();
    // The AI's turn view, then alice's turn after the AI's move.
    let mut saw_ai_move = false;
    for _ in 0..3 {
        let v = next_turn(&mut views).await;
        if v.text.contains("2. 🟡") && v.text.contains("alice to move") {
            saw_ai_move = true;
            break;
        }
    }
    assert!(saw_ai_move);
    host.act(id, ALICE, fourbot_host::Request::ResignMatch)
        .await
        .unwrap();
    let over = loop {
        let v = next(&mut views).await;
        if v.kind == ViewKind::MatchOver {
            break v;
        }
    };
    assert!(
        over.text.contains("alice resigned the match"),
        "{}",
        over.text
    );
    assert!(over.text.contains("Games against the bot are never rated."));
}

#[tokio::test(start_paused = true)]
async fn a_flag_ends_the_match_with_a_forfeit_view() {
    let (host, mut views) = host();
    let mut s = spec(
        Variant::Classic,
        vec![seat(ALICE, "alice"), seat(BOB, "bob")],
    );
    s.clock = ClockSettings::new(TimeControl::new(1, 0).unwrap());
    let id = host.create_match(s).await.unwrap();
    let first = next_turn(&mut views).await;
    assert!(
        first.text.contains("<t:"),
        "the abort time is shown: {}",
        first.text
    );
    typed(&host, id, ALICE, Locale::EnUs, "d").await.unwrap();
    next_turn(&mut views).await;
    typed(&host, id, BOB, Locale::EnUs, "d").await.unwrap();
    let third = next_turn(&mut views).await;
    assert!(third.text.contains("Time runs out <t:"), "{}", third.text);
    // Alice does not move: after 1 minute her bank is empty.
    tokio::time::sleep(Duration::from_secs(61)).await;
    let over = loop {
        let v = next(&mut views).await;
        if v.kind == ViewKind::MatchOver {
            break v;
        }
    };
    assert!(
        over.text
            .contains("alice ran out of time and forfeits the match. bob wins 2:0."),
        "{}",
        over.text
    );
}

#[tokio::test]
async fn a_rated_match_through_the_store_shows_rating_changes_and_restores() {
    let (dir, db) = temp_db("rated").await;
    let (host, mut views) = host_with(Some(db.clone()));
    let id = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    next_turn(&mut views).await;
    // Game 1: alice wins on the bottom row.
    for (who, col) in [
        (ALICE, "a"),
        (BOB, "a"),
        (ALICE, "b"),
        (BOB, "b"),
        (ALICE, "c"),
        (BOB, "c"),
    ] {
        typed(&host, id, who, Locale::EnUs, col).await.unwrap();
        next_turn(&mut views).await;
    }
    typed(&host, id, ALICE, Locale::EnUs, "d").await.unwrap();
    loop {
        if next(&mut views).await.kind == ViewKind::GameOver {
            break;
        }
    }
    // A restart between games: a second host on the same database takes
    // the match over with the same id, and the old Ready buttons work.
    let (host2, mut views2) = host_with(Some(db.clone()));
    let restored = host2
        .restore(Locale::EnUs, |p| UserId(p.discord_id.unwrap()))
        .await
        .unwrap();
    assert_eq!(restored, vec![id]);
    let again = next(&mut views2).await;
    assert_eq!(again.kind, ViewKind::GameOver, "{}", again.text);
    let ready = again
        .all_buttons()
        .find(|b| b.label.starts_with("Ready"))
        .unwrap()
        .action
        .to_string();
    press(&host2, ALICE, Locale::EnUs, &ready).await.unwrap();
    press(&host2, BOB, Locale::EnUs, &ready).await.unwrap();
    let game2 = next_turn(&mut views2).await;
    assert!(game2.text.contains("🔴 bob to move"), "{}", game2.text);
    // Bob resigns the match: a forfeit, rated.
    host2
        .act(id, BOB, fourbot_host::Request::ResignMatch)
        .await
        .unwrap();
    let over = loop {
        let v = next(&mut views2).await;
        if v.kind == ViewKind::MatchOver {
            break v;
        }
    };
    assert!(
        over.text
            .contains("bob resigned the match. alice wins 2:0."),
        "{}",
        over.text
    );
    assert!(over.text.contains("alice: 1500? → "), "{}", over.text);
    assert!(over.text.contains("bob: 1500? → "), "{}", over.text);
    let changes = db.rating_changes(id).await.unwrap();
    assert_eq!(changes.len(), 2);
    assert!(changes.iter().any(|c| c.after.score() > c.before.score()));
    drop(host);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn resigning_before_ones_first_move_is_aborted_in_the_thread_the_store_history_and_export() {
    // docs/rules.md §4: a match in which a player made no move is never
    // rated, however it ended. Alice moves; bob resigns at once.
    let (dir, db) = temp_db("unplayed").await;
    let (host, mut views) = host_with(Some(db.clone()));
    let id = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    next_turn(&mut views).await;
    typed(&host, id, ALICE, Locale::EnUs, "d").await.unwrap();
    next_turn(&mut views).await;
    host.act(id, BOB, fourbot_host::Request::ResignMatch)
        .await
        .unwrap();
    let over = loop {
        let v = next(&mut views).await;
        if v.kind == ViewKind::MatchOver {
            break v;
        }
    };
    assert!(
        over.text.contains("bob resigned the match.")
            && over
                .text
                .contains("The match is aborted: bob made no move in it"),
        "{}",
        over.text
    );
    assert!(!over.text.contains("wins"), "nobody won: {}", over.text);
    assert!(
        !over.text.contains("1500?"),
        "no rating line: {}",
        over.text
    );
    // The store: aborted, no places, no rating change.
    assert!(db.rating_changes(id).await.unwrap().is_empty());
    let detail = db.match_detail(id).await.unwrap();
    assert_eq!(detail.end.as_deref(), Some("aborted"), "{detail:?}");
    let bob = db.find_discord_player(BOB.0).await.unwrap().unwrap();
    let history = db.match_history(bob, 1, 10).await.unwrap();
    assert_eq!(history[0].end, fourbot_host::EndKind::Aborted);
    assert_eq!((history[0].place, history[0].rating), (None, None));
    assert!(db.rating_card(1, bob, 0).await.unwrap().is_empty());
    // The export, from the match rebuilt from its journal: game 1 was
    // abandoned, not won.
    let loaded = db.load_match(id).await.unwrap();
    let text = fourbot_host::archive::exchange_text(&detail, &loaded.game);
    assert!(
        text.contains("[Result \"*\"]") && text.contains("[Termination \"abandoned\"]"),
        "{text}"
    );
    drop(host);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_restored_match_keeps_its_language_and_its_ai_seat_keeps_its_level() {
    let (dir, db) = temp_db("lang").await;
    let (host, mut views) = host_with(Some(db.clone()));
    let mut german = spec(
        Variant::Classic,
        vec![seat(ALICE, "alice"), seat(BOB, "bob")],
    );
    german.locale = Locale::De;
    let german = host.create_match(german).await.unwrap();
    next_turn(&mut views).await;
    let mut players = vec![seat(CAROL, "carol"), seat(UserId(0), "fourbot")];
    players[1].ai_level = Some(5);
    let mut greek = spec(Variant::Classic, players);
    greek.locale = Locale::El;
    let greek = host.create_match(greek).await.unwrap();
    next_turn(&mut views).await;

    // A restart: English is only the language of matches stored without one.
    let (host2, mut views2) = host_with(Some(db.clone()));
    let restored = host2
        .restore(Locale::EnUs, |p| UserId(p.discord_id.unwrap_or(0)))
        .await
        .unwrap();
    assert_eq!(restored.len(), 2);
    let g = host2.spec(german).unwrap();
    assert_eq!(g.locale, Locale::De);
    assert!(g.players.iter().all(|p| p.ai_level.is_none()));
    let e = host2.spec(greek).unwrap();
    assert_eq!(e.locale, Locale::El);
    assert_eq!(e.players[1].ai_level, Some(5), "not the default level 3");
    // The German match's restart notice is in German (`next` fails the
    // test if it never comes).
    loop {
        let v = next(&mut views2).await;
        assert!(!v.text.contains("The bot restarted"), "{}", v.text);
        if v.match_id == german && v.text.contains("Der Bot wurde neu gestartet") {
            break;
        }
    }
    drop(host);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_preview_is_drawn_only_for_the_player_to_move_and_the_current_turn() {
    let (host, mut views) = host();
    host.create_match(spec(
        Variant::Classic,
        vec![seat(ALICE, "alice"), seat(BOB, "bob")],
    ))
    .await
    .unwrap();
    let first = next_turn(&mut views).await;
    let d = button(&first, "d").action.to_string();
    let png = host
        .preview(ALICE, d.parse().unwrap())
        .await
        .expect("alice is to move");
    assert!(png.starts_with(b"\x89PNG"));
    assert!(
        host.preview(BOB, d.parse().unwrap()).await.is_none(),
        "not bob's turn"
    );
    let resign = button(&first, "Resign game").action.to_string();
    assert!(
        host.preview(ALICE, resign.parse().unwrap()).await.is_none(),
        "not a drop"
    );
    // The preview changes nothing: the drop is still alice's to play.
    assert!(press(&host, ALICE, Locale::EnUs, &d).await.is_ok());
    next_turn(&mut views).await;
    assert!(
        host.preview(ALICE, d.parse().unwrap()).await.is_none(),
        "a stale button"
    );
}

/// Confirm-before-drop in the host, for every front end: the first press
/// on a column selects it (a preview), a second press on it plays, another
/// column selects that one, and any press ends the selection.
#[tokio::test]
async fn confirm_before_drop_selects_a_column_first_and_the_second_press_plays_it() {
    let (host, mut views) = host();
    host.create_match(spec(
        Variant::Classic,
        vec![seat(ALICE, "alice"), seat(BOB, "bob")],
    ))
    .await
    .unwrap();
    let first = next_turn(&mut views).await;
    let d: ActionId = button(&first, "d").action.to_string().parse().unwrap();
    let e: ActionId = button(&first, "e").action.to_string().parse().unwrap();
    let shown = host
        .preview_first(ALICE, d, Locale::EnUs)
        .await
        .expect("selects d");
    assert!(shown.png.starts_with(b"\x89PNG"));
    assert_eq!(
        shown.alt,
        "Preview: your disc in column d. The board is empty. Red to move."
    );
    assert!(
        host.preview_first(ALICE, e, Locale::EnUs).await.is_some(),
        "another column selects that one"
    );
    assert!(
        host.preview_first(ALICE, e, Locale::EnUs).await.is_none(),
        "the second press on e plays it"
    );
    assert!(
        host.preview_first(ALICE, d, Locale::EnUs).await.is_some(),
        "d selected again"
    );
    // Any press ends the selection, a refused one too: d previews again
    // rather than being played by the next press on it.
    let not_over = ActionId::Ready {
        match_id: d.match_id(),
        game: 1,
    };
    assert!(host.press(ALICE, not_over, None).await.is_err());
    assert!(
        host.preview_first(ALICE, d, Locale::EnUs).await.is_some(),
        "the selection ended with alice's press"
    );
    // The press (here a Confirm of d) plays.
    assert_eq!(host.press(ALICE, d, None).await, Ok(Acted::Applied));
    assert_eq!(next_turn(&mut views).await.match_id, d.match_id());
}

/// The host's wall clock is one handle a test can set: the resign
/// question's deadline and its answer's timeliness follow it, not the
/// system's time.
#[tokio::test]
async fn the_resign_deadline_follows_the_hosts_clock() {
    let (host, mut views) = host();
    let id = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    next_turn(&mut views).await;
    host.clock().set_unix_ms(1_000_000);
    let until = host.resign_question(id, ALICE).expect("alice plays");
    assert_eq!(until, 1_000 + fourbot_host::RESIGN_CONFIRM_WINDOW_SECS);
    assert!(host.resign_in_time(until));
    host.clock().advance(Duration::from_secs(
        fourbot_host::RESIGN_CONFIRM_WINDOW_SECS + 1,
    ));
    assert!(
        !host.resign_in_time(until),
        "the clock moved past the deadline"
    );
    assert!(
        host.confirm_resign(id, ALICE, until).await.is_err(),
        "too late: not resigned"
    );
    assert!(!host.is_finished(id));
}

#[tokio::test]
async fn a_moderator_abort_is_journaled_unrated_and_not_restored_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("fourbot-host-abort-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("host.db").display());
    let db = fourbot_store::Db::connect(&url).await.unwrap();
    let (host, mut views) = host_with(Some(db.clone()));
    let id = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    next_turn(&mut views).await;
    for (who, col) in [(ALICE, "d"), (BOB, "d"), (ALICE, "c")] {
        typed(&host, id, who, Locale::EnUs, col).await.unwrap();
        next_turn(&mut views).await;
    }
    assert_eq!(
        host.moderator_abort(fourbot_host::MatchId(id.0 + 100), "mona")
            .await,
        Err(fourbot_host::AbortError::NoSuchMatch)
    );
    host.moderator_abort(id, "mona").await.unwrap();
    let over = loop {
        let v = next(&mut views).await;
        if v.kind == ViewKind::MatchOver {
            break v;
        }
    };
    assert!(
        over.text
            .contains("mona (moderator) aborted the match. No result, no rating change."),
        "{}",
        over.text
    );
    assert_eq!(over.all_buttons().count(), 0, "no Rematch after an abort");
    let board = host.board(id).await.unwrap();
    assert!(board.text.contains("mona (moderator)"), "{}", board.text);
    assert!(!over.text.contains("1500?"), "{}", over.text);
    assert_eq!(
        host.moderator_abort(id, "mona").await,
        Err(fourbot_host::AbortError::MatchOver)
    );
    assert!(typed(&host, id, BOB, Locale::EnUs, "e").await.is_err());
    let stored = id;
    assert!(db.rating_changes(stored).await.unwrap().is_empty());
    let detail = db.match_detail(stored).await.unwrap();
    assert_eq!(detail.end.as_deref(), Some("aborted"), "{detail:?}");
    assert!(detail.places.is_empty(), "{detail:?}");
    // The journal replays to the same end.
    let loaded = db.load_match(stored).await.unwrap();
    assert_eq!(
        loaded.game.result().unwrap().end,
        fourbot_core::play::End::ModeratorAbort
    );
    assert_eq!(loaded.game.current_game().game().moves().len(), 3);
    // A restart does not bring it back.
    let (host2, _views2) = host_with(Some(db.clone()));
    let restored = host2
        .restore(Locale::EnUs, |p| UserId(p.discord_id.unwrap()))
        .await
        .unwrap();
    assert!(restored.is_empty(), "{restored:?}");
    drop(host);
    let _ = std::fs::remove_dir_all(&dir);
}

/// [`HeuristicBot`] that takes `think` per move and counts how many of its
/// searches run at once.
struct SlowBot {
    think: Duration,
    running: std::sync::atomic::AtomicUsize,
    most: std::sync::atomic::AtomicUsize,
    moves: std::sync::atomic::AtomicUsize,
}

impl fourbot_host::Bot for SlowBot {
    fn choose(&self, game: &fourbot_core::game::Game, level: u8) -> fourbot_core::game::Move {
        use std::sync::atomic::Ordering::SeqCst;
        let now = self.running.fetch_add(1, SeqCst) + 1;
        self.most.fetch_max(now, SeqCst);
        std::thread::sleep(self.think);
        self.running.fetch_sub(1, SeqCst);
        self.moves.fetch_add(1, SeqCst);
        fourbot_host::Bot::choose(&HeuristicBot, game, level)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ai_searches_run_one_per_core_however_many_ai_matches_are_on() {
    // Before: every AI turn got its own blocking thread, so with more AI
    // matches than cores the searches split the cores (each playing weaker
    // within its time cap) and each thread kept its own engine tables.
    use std::sync::atomic::Ordering::SeqCst;
    let bot = Arc::new(SlowBot {
        think: Duration::from_millis(40),
        running: 0.into(),
        most: 0.into(),
        moves: 0.into(),
    });
    let (host, mut views) = Host::with_store(
        Arc::new(Catalog::new().unwrap()),
        bot.clone(),
        HostConfig {
            time_style: TimeStyle::DiscordRelative,
            images: false,
        },
        None,
    );
    let slots = fourbot_host::engine_slots();
    let matches = 2 * slots + 2;
    for i in 0..matches {
        let ai = |n: u64| Seated {
            id: UserId(1_000 + 2 * i as u64 + n),
            name: format!("bot {n}"),
            ai_level: Some(3),
            source: Default::default(),
        };
        host.create_match(spec(Variant::Classic, vec![ai(0), ai(1)]))
            .await
            .unwrap();
    }
    // Every match makes progress; drain views meanwhile.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while bot.moves.load(SeqCst) < 4 * matches && tokio::time::Instant::now() < deadline {
        let _ = tokio::time::timeout(Duration::from_millis(50), views.recv()).await;
    }
    assert!(
        bot.moves.load(SeqCst) >= 4 * matches,
        "the AI matches got stuck"
    );
    let most = bot.most.load(SeqCst);
    assert!(
        (1..=slots).contains(&most),
        "{most} searches at once on {slots} slots"
    );
}

/// A player's settings are read before a press can be acknowledged, so
/// they are kept instead of read every time: a change made through this
/// process applies at once, one written by another process on the same
/// database (here: straight into the store) from the first press after the
/// minute — that press is answered with the kept settings at once (it
/// never waits behind the store's writer) and the store is read in the
/// background.
#[tokio::test]
async fn player_settings_are_kept_for_a_minute_and_own_changes_apply_at_once() {
    use fourbot_host::settings::{PlayerChange, Settings, PLAYER_SETTINGS_TTL};
    use fourbot_store::{Db, PlayerSettings};

    let db = Db::connect("sqlite::memory:").await.unwrap();
    let settings = Settings::new(db.clone());
    let alice = seat(ALICE, "alice");
    assert!(!settings.confirm_drop(ALICE).await);
    let on = PlayerChange {
        confirm_drop: Some(true),
        language: None,
    };
    settings.change_player(&alice, on).await.unwrap();
    assert!(settings.confirm_drop(ALICE).await);
    // Another process turns it off and picks German.
    let player = db.discord_player(ALICE.0, "alice").await.unwrap();
    let other = PlayerSettings {
        language: Some("de".into()),
        confirm_drop: false,
    };
    db.set_player_settings(player, &other).await.unwrap();
    assert!(settings.confirm_drop(ALICE).await, "kept");
    assert_eq!(settings.language_override(ALICE).await, None, "kept");
    tokio::time::pause();
    tokio::time::advance(PLAYER_SETTINGS_TTL).await;
    tokio::time::resume();
    assert!(settings.confirm_drop(ALICE).await, "answered at once, kept");
    // The background read lands (bounded wait for it, not a timing goal).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while settings.confirm_drop(ALICE).await && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(!settings.confirm_drop(ALICE).await, "read again");
    assert_eq!(settings.language_override(ALICE).await, Some(Locale::De));
}

/// The players of a match that starts have their settings read before
/// their first press (a press needs them before it is acknowledged): the
/// press finds them kept, and does not read the store.
#[tokio::test]
async fn prefetched_settings_are_kept_before_the_first_press() {
    use fourbot_host::settings::Settings;
    use fourbot_store::{Db, PlayerSettings};

    let db = Db::connect("sqlite::memory:").await.unwrap();
    let player = db.discord_player(ALICE.0, "alice").await.unwrap();
    let on = PlayerSettings {
        language: Some("it".into()),
        confirm_drop: true,
    };
    db.set_player_settings(player, &on).await.unwrap();
    let settings = Settings::new(db.clone());
    assert!(!settings.is_kept(ALICE) && !settings.is_kept(BOB));
    settings.prefetch([ALICE, BOB]);
    // The background reads land (bounded wait for them, not a timing goal).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !(settings.is_kept(ALICE) && settings.is_kept(BOB))
        && tokio::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(settings.is_kept(ALICE) && settings.is_kept(BOB));
    // Changed behind this process's back: the press answers from what was
    // read before it, so it did not wait for the store.
    db.set_player_settings(player, &PlayerSettings::default())
        .await
        .unwrap();
    assert!(settings.confirm_drop(ALICE).await);
    assert_eq!(settings.language_override(ALICE).await, Some(Locale::It));
    assert!(
        !settings.confirm_drop(BOB).await,
        "a player the store does not know"
    );
}

/// Issue 33: the host keeps what is running, not every match ever
/// played. A finished match stays known for its rematch window (its
/// Rematch works) and is forgotten after; a press on it then says the
/// rematch has expired. Lookups by player and server find running matches
/// only.
#[tokio::test]
async fn a_finished_match_is_forgotten_after_its_rematch_window() {
    let (host, mut views) = host();
    host.forget_finished_after(Duration::from_millis(300));
    let ended = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    next_turn(&mut views).await;
    let running = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(CAROL, "carol"), seat(DAVE, "dave")],
        ))
        .await
        .unwrap();
    next_turn(&mut views).await;
    assert!(host.running_between(ALICE, BOB));
    assert_eq!(host.running_in(GuildId(1)), vec![ended, running]);
    host.act(ended, ALICE, fourbot_host::Request::ResignMatch)
        .await
        .unwrap();
    let over = loop {
        let v = next(&mut views).await;
        if v.match_id == ended && matches!(v.kind, ViewKind::MatchOver) {
            break v;
        }
    };
    assert_eq!(host.known_matches(), 2, "kept for its rematch window");
    assert!(!host.running_between(ALICE, BOB));
    assert!(host.running_between(CAROL, DAVE));
    assert_eq!(host.running_in(GuildId(1)), vec![running]);
    assert!(host.spec(ended).is_some());
    let rematch = button(&over, "Rematch").action.to_string();
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(host.known_matches(), 1, "only the running match is kept");
    assert!(host.spec(ended).is_none());
    let refused = press(&host, BOB, Locale::EnUs, &rematch).await.unwrap_err();
    assert!(refused.contains("rematch offer has expired"), "{refused}");
    assert!(
        host.spec(running).is_some(),
        "a running match is never forgotten"
    );
}

/// A front end that draws the table itself (the web) reads a match as it
/// stands and follows it: `Host::watch` subscribes before its snapshot
/// and sees each move; a host that does not run the match (another
/// process, or after it was forgotten) reads it from the store, not live;
/// an unknown match is `None`.
#[tokio::test]
async fn a_table_is_watched_while_it_runs_and_read_from_the_store_otherwise() {
    use fourbot_core::play::EventKind;

    let (dir, db) = temp_db("table").await;
    let (host, _views) = host_with(Some(db.clone()));
    let id = host
        .create_match(spec(
            Variant::Classic,
            vec![seat(ALICE, "alice"), seat(BOB, "bob")],
        ))
        .await
        .unwrap();
    let mut watch = host.watch(id).await.expect("a running match");
    assert!(watch.table.live);
    assert_eq!(watch.table.guild, GuildId(1));
    assert_eq!(watch.table.seats[1].name, "bob");
    assert!(watch.table.game.current_game().game().moves().is_empty());
    host.typed(id, ALICE, "d").await.unwrap();
    let moved = loop {
        let e = tokio::time::timeout(Duration::from_secs(5), watch.events.recv())
            .await
            .expect("an event")
            .expect("open");
        if let EventKind::Moved { mv, .. } = e.kind {
            break mv;
        }
    };
    assert_eq!(moved.to_string(), "d");
    let table = host.table(id).await.unwrap();
    assert_eq!(table.game.current_game().game().moves().len(), 1);
    // Another host on the same store runs nothing: it reads the store.
    let (other, _other_views) = host_with(Some(db));
    assert!(other.watch(id).await.is_none());
    let stored = other.table(id).await.expect("the stored match");
    assert!(!stored.live);
    assert_eq!(stored.seats[0].name, "alice");
    assert_eq!(stored.game.current_game().game().moves().len(), 1);
    assert!(other.table(MatchId(id.0 + 1)).await.is_none());
    let _ = std::fs::remove_dir_all(dir);
}
