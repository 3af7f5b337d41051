//! Property tests of the rules engine over random legal games of every variant.

use proptest::prelude::*;

use fourbot_core::game::notation::{
    format_moves, parse_exchange, parse_moves, write_exchange, MarkStyle,
};
use fourbot_core::game::{Game, Move, ObstacleLayout, Outcome, Position, Variant};

/// Plays a random legal game of `variant`: at each ply the move
/// `choices[i] % legal.len()`, until the game ends or the choices run out.
/// Checks on the way that every listed move is legal and every move not
/// listed is refused.
fn random_game(variant: Variant, layout_seed: u64, choices: &[u16]) -> Game {
    let start = if variant.rules().blocks {
        Position::with_layout(
            variant,
            &ObstacleLayout::from_seed(&variant.rules().geometry, layout_seed),
        )
    } else {
        Position::new(variant)
    };
    let mut game = Game::new(start);
    let w = variant.width();
    for &choice in choices {
        let p = *game.position();
        let legal = p.legal_moves();
        for c in 0..w + 2 {
            for m in [Move::Drop(c), Move::Pop(c)] {
                assert_eq!(
                    p.check(m).is_ok(),
                    legal.contains(m),
                    "{variant}: {m:?} after {:?}",
                    game.moves()
                );
            }
        }
        if legal.is_empty() {
            assert!(p.outcome().is_over(), "{variant}: no move but not over");
            break;
        }
        let m = legal.get(choice as usize % legal.len()).unwrap();
        let before = *game.position();
        game.play(m).expect("a listed move is legal");
        assert_eq!(game.position().ply(), before.ply() + 1);
    }
    // After the end, every move is refused and leaves the game as it was.
    if game.outcome().is_over() {
        let before = *game.position();
        let mut p = before;
        assert!(p.play(Move::Drop(0)).is_err());
        assert_eq!(p, before);
    }
    game
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    (0..Variant::ALL.len()).prop_map(|i| Variant::ALL[i])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_games_never_panic_and_list_only_legal_moves(
        variant in variant_strategy(),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        let game = random_game(variant, seed, &choices);
        // Replaying the moves gives the same position.
        let again = Game::from_moves(*game.start(), game.moves()).unwrap();
        prop_assert_eq!(again.position(), game.position());
    }

    #[test]
    fn mirroring_a_game_mirrors_its_outcome(
        variant in variant_strategy(),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        prop_assume!(variant.symmetric_start());
        let game = random_game(variant, seed, &choices);
        let mirror = game.mirrored();
        // The mirrored start is the variant's own start (a symmetric layout).
        prop_assert_eq!(mirror.start(), game.start());
        prop_assert_eq!(mirror.position(), &game.position().mirrored());
        let same = match (game.outcome(), mirror.outcome()) {
            (Outcome::Ongoing, Outcome::Ongoing) => true,
            (Outcome::Draw(a), Outcome::Draw(b)) => a == b,
            (a, b) => a == b,
        };
        prop_assert!(same, "{:?} vs {:?}", game.outcome(), mirror.outcome());
    }

    #[test]
    fn printing_then_parsing_gives_back_the_same_game(
        variant in variant_strategy(),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..100),
    ) {
        let game = random_game(variant, seed, &choices);
        let colors = variant.rules().colors;
        for style in [MarkStyle::Plain, MarkStyle::Dot, MarkStyle::Emoji] {
            let text = format_moves(game.moves(), colors, game.opening_plies(), style);
            prop_assert_eq!(parse_moves(&text, variant).unwrap(), game.moves().to_vec(), "{}", text);
        }
        let text = write_exchange(&game, &[("Red", "alice"), ("Yellow", "bob \"the\" builder")], None);
        let read = parse_exchange(&text, None).unwrap();
        prop_assert_eq!(read.game.moves(), game.moves(), "{}", text);
        prop_assert_eq!(read.game.start(), game.start());
        prop_assert_eq!(read.game.outcome(), game.outcome());
        prop_assert_eq!(read.tag("Yellow"), Some("bob \"the\" builder"));
        prop_assert_eq!(read.tag("Variant"), Some(variant.key()));
    }
}
