//! Bad input, fuzzed with proptest: the move notation, the time-control and
//! variant options of `/challenge`, and button custom ids (match actions,
//! challenge and seek answers). Nothing panics, every rejection is a
//! readable message in the user's language, and forged button ids (another
//! match, a future ply, another user, garbage) are refused without
//! changing the match.
//!
//! `cargo test --test app fuzz::` runs 2,000 cases per target;
//! `FUZZ_CASES=100000 cargo test --test app fuzz::` the big run (see
//! `docs/reliability.md` for the counts run).

use std::sync::Arc;
use std::time::Duration;

use fourbot::game::notation::parse_move;
use fourbot::game::Variant;
use fourbot::host::terms::parse_terms;
use fourbot::host::{ActionId, HeuristicBot, Host, HostConfig, MatchId, TimeStyle, UserId, View};
use fourbot::i18n::{Catalog, Locale};
use fourbot::play::TimeControl;
use fourbot::ButtonId;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::host_support::{seat, spec};

fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    })
}

/// Text a user might type or a client might send: printable ASCII near
/// the real syntax, any Unicode, long strings.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z0-9+ :.\\-]{0,12}",
        "[0-9]{0,25}\\+[0-9]{0,25}",
        " ?(pop )?[a-k]? ?",
        "\\PC{0,40}",
        ".{0,300}",
    ]
}

/// A refusal text must be a sentence, not a message id or an unfilled
/// placeholder.
fn readable(text: &str) {
    readable_echoing(text, &[]);
}

/// [`readable`] for a refusal that quotes what the user typed (`echoed`),
/// which may itself look like a placeholder.
fn readable_echoing(text: &str, echoed: &[Option<&str>]) {
    let mut own = text.to_string();
    for e in echoed.iter().flatten().filter(|e| !e.is_empty()) {
        own = own.replace(e, "");
    }
    assert!(text.chars().count() > 10, "too short: {text:?}");
    assert!(!own.contains("{ $"), "placeholder left: {text}");
    assert!(!text.starts_with("error-"), "a bare id: {text}");
}

#[test]
fn the_notation_parser_never_panics_and_accepts_only_moves_of_the_board() {
    let mut r = runner();
    r.run(&(text(), 0..Variant::ALL.len()), |(t, v)| {
        let variant = Variant::ALL[v];
        if let Ok(mv) = parse_move(&t, variant) {
            let width = variant.rules().geometry.width();
            let column = match mv {
                fourbot::game::Move::Drop(c) | fourbot::game::Move::Pop(c) => c,
            };
            prop_assert!(column < width, "{t:?} -> {mv:?} on {variant:?}");
        }
        Ok(())
    })
    .unwrap();
}

#[test]
fn challenge_options_are_read_or_refused_in_the_users_language() {
    let catalog = Catalog::new().unwrap();
    let mut r = runner();
    r.run(
        &(
            proptest::option::of(text()),
            proptest::option::of(text()),
            0..Locale::ALL.len(),
        ),
        |(variant, time, l)| {
            let locale = Locale::ALL[l];
            match parse_terms(variant.as_deref(), time.as_deref()) {
                Ok((_, tc)) => {
                    let base = tc.base_ms() / 60_000;
                    prop_assert!(
                        (TimeControl::MIN_BASE_MINUTES..=TimeControl::MAX_BASE_MINUTES)
                            .contains(&base),
                        "{time:?}"
                    );
                }
                Err(refusal) => {
                    let text = catalog.render(locale, refusal.message());
                    readable_echoing(&text, &[variant.as_deref(), time.as_deref()]);
                    if locale != Locale::EnUs {
                        let english = catalog.render(Locale::EnUs, refusal.message());
                        prop_assert_ne!(text, english, "left in English");
                    }
                }
            }
            Ok(())
        },
    )
    .unwrap();
}

#[test]
fn button_parsers_never_panic() {
    let mut r = runner();
    r.run(&text(), |t| {
        if let Ok(b) = t.parse::<ButtonId>() {
            // What parses prints back to an id that parses the same.
            prop_assert_eq!(b.to_string().parse::<ButtonId>().ok(), Some(b));
        }
        if let Ok(a) = t.parse::<ActionId>() {
            // What parses prints back to an id that parses the same.
            prop_assert_eq!(a.to_string().parse::<ActionId>().ok(), Some(a));
        }
        Ok(())
    })
    .unwrap();
}

// ------------------------------------------------------------ forged ids

const ALICE: UserId = UserId(1);
const BOB: UserId = UserId(2);
const CAROL: UserId = UserId(3);
const DAVE: UserId = UserId(4);

async fn next_turn(views: &mut UnboundedReceiver<View>, id: MatchId) -> View {
    loop {
        let v = tokio::time::timeout(Duration::from_secs(5), views.recv())
            .await
            .expect("a view")
            .expect("open");
        if v.match_id == id && matches!(v.kind, fourbot::host::ViewKind::Turn { .. }) {
            return v;
        }
    }
}

/// The custom ids of a view's buttons.
fn ids(v: &View) -> Vec<String> {
    v.buttons
        .iter()
        .flatten()
        .map(|b| b.action.to_string())
        .collect()
}

#[test]
fn forged_button_ids_are_refused_and_change_nothing() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (host, mut views) = Host::new(
            Arc::new(Catalog::new().unwrap()),
            Arc::new(HeuristicBot),
            HostConfig {
                time_style: TimeStyle::DiscordRelative,
                images: false,
            },
        );
        let ours = host
            .create_match(spec(
                Variant::Classic,
                vec![seat(ALICE, "alice"), seat(BOB, "bob")],
            ))
            .await
            .unwrap();
        let first = next_turn(&mut views, ours).await;
        let theirs = host
            .create_match(spec(
                Variant::Classic,
                vec![seat(CAROL, "carol"), seat(DAVE, "dave")],
            ))
            .await
            .unwrap();
        next_turn(&mut views, theirs).await;
        // Alice (p1, red) plays d: the match is at 1.2, Bob to move.
        let drop_d = ids(&first)
            .into_iter()
            .find(|i| i.ends_with(":drop:d"))
            .unwrap();
        let mover = if first.text.contains("alice") {
            ALICE
        } else {
            BOB
        };
        host.press(mover, drop_d.parse().unwrap(), None)
            .await
            .unwrap();
        let second = next_turn(&mut views, ours).await;
        let other = if mover == ALICE { BOB } else { ALICE };
        let board = host.board(ours).await.unwrap().text;

        let forged = [
            // Their match, with our turn.
            (other, format!("m:{}:1.2:drop:c", theirs.0)),
            // A future ply, an old ply, another game.
            (other, format!("m:{}:1.3:drop:c", ours.0)),
            (other, format!("m:{}:1.1:drop:c", ours.0)),
            (other, format!("m:{}:2.2:drop:c", ours.0)),
            // The right button, the wrong user (the mover of the last
            // ply, a spectator, a player of the other match).
            (mover, format!("m:{}:1.2:drop:c", ours.0)),
            (CAROL, format!("m:{}:1.2:drop:c", ours.0)),
            (UserId(999), format!("m:{}:resign-match", ours.0)),
            // A column off the board, a match that does not exist.
            (other, format!("m:{}:1.2:drop:z", ours.0)),
            (other, format!("m:{}:1.2:drop:c", 77_777)),
            (other, format!("m:{}:1.2:pop:c", ours.0)),
            (other, "m:::".to_string()),
            (other, String::new()),
        ];
        let catalog = host.catalog();
        for (who, id) in &forged {
            // What no version of the bot drew is refused before the host.
            let Ok(ButtonId::Match(action)) = id.parse::<ButtonId>() else {
                assert!(id.parse::<ActionId>().is_err(), "{id}");
                continue;
            };
            let refusal = host.press(*who, action, None).await.expect_err(id);
            for l in Locale::ALL {
                readable(&catalog.render(l, refusal.message()));
            }
        }
        // Random garbage and mutations of the real ids.
        let real: Vec<String> = ids(&second);
        let mut r = runner();
        let strategy = (text(), 0..real.len(), 0usize..40, any::<char>(), 0..4u8);
        let cases = std::cell::RefCell::new(Vec::new());
        r.run(&strategy, |(garbage, i, pos, c, how)| {
            let id = match how {
                0 => garbage,
                1 => {
                    // One character replaced.
                    let mut chars: Vec<char> = real[i].chars().collect();
                    let p = pos % chars.len();
                    chars[p] = c;
                    chars.into_iter().collect()
                }
                2 => format!("{}{garbage}", real[i]),
                _ => real[i].replacen(&format!(":{}:", ours.0), &format!(":{}:", theirs.0), 1),
            };
            cases.borrow_mut().push(id);
            Ok(())
        })
        .unwrap();
        let cases = cases.into_inner();
        for id in &cases {
            // Carol is no player of ours: whatever she sends about our match
            // is refused; Bob's garbage is refused unless it is a real id.
            match id.parse::<ButtonId>() {
                Ok(ButtonId::Match(a) | ButtonId::Confirm(a)) => {
                    let our = host.press(CAROL, a, None).await;
                    if a.match_id() == ours {
                        readable(&catalog.render(Locale::De, our.expect_err(id).message()));
                    }
                }
                // Refused before the host: no match action.
                Ok(_) | Err(_) => assert!(id.parse::<ActionId>().is_err(), "{id}"),
            }
        }
        assert_eq!(
            host.board(ours).await.unwrap().text,
            board,
            "no forged press changed the match"
        );
        // The real button still works.
        let drop_c = real.iter().find(|i| i.ends_with(":drop:c")).unwrap();
        host.press(other, drop_c.parse().unwrap(), None)
            .await
            .unwrap();
        eprintln!("forged ids tried: {}", forged.len() + cases.len());
    });
}
