//! The shipped opening book (assets/book.bin, every 7×6 position with at
//! most 12 discs, imported from the BitBully databases): verified, not
//! trusted. Random entries are re-solved by our own solver without a book,
//! mirror images read the same entry, and the public benchmark positions it
//! holds score as published.
//!
//! `cargo test --release --test rules -- --ignored five_thousand` re-solves
//! 5,000 entries (about 15 minutes here).

use fourbot_core::engine::board::mirror;
use fourbot_core::engine::{Board, Book, Solver};
use rand::{RngExt, SeedableRng};

/// The mirror image of a board (column c ↔ 6 − c).
fn mirrored(b: &Board) -> Board {
    Board::from_key(mirror(b.key()))
}

/// Re-solves `count` random entries (seeded, so a failure can be
/// reproduced) without a book and checks every score.
fn check_random_entries(count: usize, seed: u64, fewest_discs: u32) {
    let book = Book::shipped();
    assert_eq!(book.depth(), 12);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut solver = Solver::new();
    // Entries of `fewest_discs` to 12 discs: one of fewer discs can take
    // our solver minutes (the empty board 400 s); those are checked
    // against Pons' published Begin sets below.
    let numbers = fourbot_core::engine::book::layer_range(fewest_discs).start
        ..fourbot_core::engine::book::positions_up_to(12);
    let mut by_discs = [0usize; 13];
    for _ in 0..count {
        let (board, score) = book
            .sample(rng.random_range(numbers.clone()))
            .expect("entries");
        by_discs[board.moves() as usize] += 1;
        assert_eq!(
            solver.solve(&board, false),
            score,
            "entry {board:?} of {} discs",
            board.moves()
        );
        let m = mirrored(&board);
        assert_eq!(book.get(&m), Some(score), "mirror of {board:?}");
    }
    eprintln!("entries checked per number of discs: {by_discs:?}");
}

#[test]
fn two_hundred_random_book_entries_agree_with_the_solver() {
    // The 12-disc entries, the ones imported from BitBully as they are
    // (the fewer-disc ones are our import's own negamax over them, and
    // are checked against Pons' sets below): each takes our solver a
    // fraction of a second, where one of 9 discs can take a minute.
    check_random_entries(200, 19, 12);
}

#[test]
#[ignore = "about 15 minutes: cargo test --release --test rules -- --ignored five_thousand"]
fn five_thousand_random_book_entries_agree_with_the_solver() {
    check_random_entries(5000, 5000, 9);
}

#[test]
fn every_position_a_game_reaches_with_at_most_12_discs_is_in_the_book() {
    let book = Book::shipped();
    let positions = fourbot_core::engine::book_gen::positions_up_to(12);
    assert_eq!(positions.len(), 6_686_489);
    let missing: Vec<_> = positions.iter().filter(|b| book.get(b).is_none()).collect();
    assert!(
        missing.is_empty(),
        "{} missing, e.g. {:?}",
        missing.len(),
        missing.first()
    );
}

#[test]
fn mirror_images_read_the_same_entry() {
    let book = Book::shipped();
    for (a, b) in [("4453", "4435"), ("1234567", "7654321"), ("12", "76")] {
        let (a, b) = (Board::from_moves(a).unwrap(), Board::from_moves(b).unwrap());
        assert_eq!(a.key(), mirror(b.key()));
        assert!(book.get(&a).is_some());
        assert_eq!(book.get(&a), book.get(&b));
    }
}

#[test]
fn the_book_answers_the_empty_board_and_every_public_position_it_holds() {
    let book = Book::shipped();
    assert_eq!(book.get(&Board::new()), Some(1), "the first player wins");
    let mut solver = Solver::with_book(book.clone());
    assert_eq!(solver.solve(&Board::new(), false), 1);
    assert_eq!(solver.nodes(), 0, "answered from the book");
    // Every position of at most 12 discs of Pons' sets (Begin-Hard is
    // nearly all of them).
    let mut held = 0;
    for set in ["Test_L1_R1", "Test_L1_R2", "Test_L1_R3"] {
        let path = format!(
            "{}/tests/rules/data/solver/{set}",
            env!("CARGO_MANIFEST_DIR")
        );
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let (moves, score) = line.split_once(' ').unwrap();
            let b = Board::from_moves(moves).unwrap();
            if b.moves() > 12 || b.can_win_next() {
                continue;
            }
            assert_eq!(book.get(&b), Some(score.parse().unwrap()), "{set}: {moves}");
            held += 1;
        }
    }
    assert!(held > 2000, "{held} positions");
}
