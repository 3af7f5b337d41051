//! Notation of docs/rules.md §2: what a player may type, move lists and the
//! exchange format.

use fourbot_core::game::notation::{
    format_moves, parse_exchange, parse_move, parse_moves, read_game, write_exchange,
    ExchangeError, MarkStyle, ResultTag, TokenError,
};
use fourbot_core::game::{Color, Game, Move, MoveError, Position, Variant};

#[test]
fn a_typed_column_is_a_letter_in_any_case_or_a_digit_counted_from_the_left() {
    for text in ["d", "D", " d ", "4"] {
        assert_eq!(
            parse_move(text, Variant::Classic),
            Ok(Move::Drop(3)),
            "{text}"
        );
    }
    assert_eq!(parse_move("i", Variant::Five), Ok(Move::Drop(8)));
    assert_eq!(parse_move("9", Variant::Five), Ok(Move::Drop(8)));
    assert_eq!(parse_move("h", Variant::ThreePlayers), Ok(Move::Drop(7)));
}

#[test]
fn pops_are_typed_as_minus_or_pop_and_only_in_popout() {
    for text in ["-a", "pop a", "POP A", "Pop  1", "-A"] {
        assert_eq!(
            parse_move(text, Variant::Popout),
            Ok(Move::Pop(0)),
            "{text}"
        );
    }
    assert!(matches!(
        parse_move("-a", Variant::Classic),
        Err(TokenError::PopNotAllowed { .. })
    ));
}

#[test]
fn chat_is_not_a_move() {
    for text in [
        "gg", "hello", "", "0", "8", "h", "d4", "-", "pop", "a b", "½",
    ] {
        assert!(
            parse_move(text, Variant::Classic).is_err(),
            "{text:?} was read as a move"
        );
    }
}

#[test]
fn move_lists_in_every_style_read_the_same() {
    let want = vec![Move::Drop(3), Move::Drop(3), Move::Drop(2), Move::Pop(3)];
    for text in [
        "d d c -d",
        "1. d 2. d 3. c 4. -d",
        "1.d 2.d 3.c 4.-d",
        "1. ● d 2. ● d 3. ● c 4. ● -d",
        "1. 🔴 d 2. 🟡 d 3. 🔴 c 4. 🟡 -d",
        "1. 🔴d, 2. 🟡d, 3. 🔴c, 4. 🟡 pop d",
        "4 4 3 pop 4",
    ] {
        assert_eq!(parse_moves(text, Variant::Popout).unwrap(), want, "{text}");
    }
    assert_eq!(
        format_moves(&want, 2, 0, MarkStyle::Emoji),
        "1. 🔴 d 2. 🟡 d 3. 🔴 c 4. 🟡 -d"
    );
    assert_eq!(
        format_moves(&want, 2, 0, MarkStyle::Plain),
        "1. d 2. d 3. c 4. -d"
    );
    assert_eq!(
        format_moves(&want[..3], 3, 0, MarkStyle::Emoji),
        "1. 🔴 d 2. 🟡 d 3. 🔵 c"
    );
}

#[test]
fn the_drawn_opening_is_marked_in_the_move_list() {
    let game = read_game("d c d e c", Variant::RandomOpening, None).unwrap();
    assert_eq!(game.opening_plies(), 4);
    let text = fourbot_core::game::notation::game_moves_text(&game, MarkStyle::Plain);
    assert_eq!(text, "1. (d) 2. (c) 3. (d) 4. (e) 5. c");
}

#[test]
fn digit_strings_are_read_on_7x6_only() {
    assert_eq!(
        parse_moves("4453", Variant::Classic).unwrap(),
        vec![Move::Drop(3), Move::Drop(3), Move::Drop(4), Move::Drop(2)]
    );
    assert!(parse_moves("4453", Variant::Cylinder).is_ok());
    let err = parse_moves("4453", Variant::Five).unwrap_err();
    assert_eq!(err.ply, 1);
    assert!(matches!(err.error, TokenError::DigitStringNot7x6 { .. }));
}

#[test]
fn an_illegal_move_names_its_ply_and_reason() {
    let err = read_game("d d d d d d d", Variant::Classic, None).unwrap_err();
    assert_eq!(err.to_string(), "ply 7: column d is full");
    assert_eq!(err.move_error(), Some(MoveError::ColumnFull { column: 3 }));
}

#[test]
fn the_exchange_format_of_the_rulebook_is_read() {
    let text =
        "[Variant \"classic\"] [Board \"7x6\"] [Connect \"4\"] [Red \"alice\"] [Yellow \"bob\"]\n\
                [Result \"1-0\"]\n1. d 2. d 3. c 4. c 5. b 6. b 7. a 1-0\n";
    let read = parse_exchange(text, None).unwrap();
    assert_eq!(read.tag("Red"), Some("alice"));
    assert_eq!(read.result, ResultTag::Win(Color::Red));
    assert_eq!(read.game.outcome().winner(), Some(Color::Red));
    assert_eq!(read.game.moves().len(), 7);
}

#[test]
fn an_exchange_result_that_contradicts_the_board_is_refused() {
    let text = "[Variant \"classic\"] [Result \"0-1\"]\n1. d 2. d 3. c 4. c 5. b 6. b 7. a";
    assert!(matches!(
        parse_exchange(text, None),
        Err(ExchangeError::ResultContradictsBoard { .. })
    ));
    // A resignation leaves the board unfinished: any result is allowed.
    let text = "[Variant \"classic\"] [Result \"0-1\"]\n1. d 2. d 0-1";
    assert_eq!(
        parse_exchange(text, None).unwrap().result,
        ResultTag::Win(Color::Yellow)
    );
}

#[test]
fn exchange_tags_must_fit_the_variant() {
    assert!(matches!(
        parse_exchange("[Variant \"five\"] [Board \"7x6\"]\n", None),
        Err(ExchangeError::TagMismatch { .. })
    ));
    assert!(matches!(
        parse_exchange("[Variant \"obstacles\"]\n1. d", None),
        Err(ExchangeError::MissingBlocks)
    ));
    assert!(matches!(
        parse_exchange("[Variant \"chess\"]\n", None),
        Err(ExchangeError::UnknownVariant(_))
    ));
    assert!(matches!(
        parse_exchange("[Variant \"classic\"\n1. d", None),
        Err(ExchangeError::MalformedTag(_))
    ));
    assert!(matches!(
        parse_exchange("[Variant \"popout\"]\n1. d", Some(Variant::Classic)),
        Err(ExchangeError::VariantMismatch { .. })
    ));
}

#[test]
fn three_player_results_have_three_parts() {
    let game = read_game("a b c a b c a b c d e c", Variant::ThreePlayers, None).unwrap();
    let text = write_exchange(&game, &[], None);
    assert!(text.contains("[Result \"0-0-1\"]"), "{text}");
    assert!(text.trim_end().ends_with("12. c 0-0-1"), "{text}");
    assert_eq!(ResultTag::parse("1/2-1/2-1/2", 3), Some(ResultTag::Draw));
}

#[test]
fn an_obstacles_game_keeps_its_layout_in_the_exchange_format() {
    let layout =
        fourbot_core::game::notation::parse_layout("a1 a2 g1 g2", Variant::Obstacles).unwrap();
    let game = Game::from_moves(
        Position::with_layout(Variant::Obstacles, &layout),
        &[Move::Drop(0)],
    )
    .unwrap();
    let text = write_exchange(&game, &[], None);
    assert!(text.contains("[Blocks \"a1 a2 g1 g2\"]"), "{text}");
    let read = parse_exchange(&text, None).unwrap();
    assert_eq!(read.game.position(), game.position());
}
