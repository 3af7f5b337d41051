//! The exact solver against Pascal Pons' public benchmark sets
//! (tests/rules/data/solver/, copied from testdata/solver; format and score
//! convention in testdata/README.md): the three fast sets in full, a sample
//! of the others. Every score must match. (`fourbot solve` and `fourbot
//! analyze`, the command line, are tested in `tests/app/solve.rs`.)

use fourbot_core::engine::{Board, Solver};

/// `(moves, score)` of every line of a set.
fn read_set(name: &str) -> Vec<(String, i32)> {
    let path = format!(
        "{}/tests/rules/data/solver/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|l| {
            let (m, s) = l.split_once(' ').expect("<moves> <score>");
            (m.to_string(), s.parse().expect("score"))
        })
        .collect()
}

/// Solves every `step`-th position of a set (from the first) and checks it.
fn check(solver: &mut Solver, name: &str, step: usize) {
    let set = read_set(name);
    assert_eq!(set.len(), 1000, "{name}");
    for (moves, expected) in set.iter().step_by(step) {
        let b = Board::from_moves(moves).unwrap();
        assert_eq!(solver.solve(&b, false), *expected, "{name}: {moves}");
        assert_eq!(
            solver.solve(&b, true),
            expected.signum(),
            "{name} weak: {moves}"
        );
    }
}

#[test]
fn every_end_easy_middle_easy_and_begin_easy_position_scores_as_published() {
    let mut s = Solver::new();
    check(&mut s, "Test_L3_R1", 1);
    check(&mut s, "Test_L2_R1", 1);
    check(&mut s, "Test_L1_R1", 1);
}

#[test]
fn a_sample_of_middle_medium_and_begin_medium_positions_scores_as_published() {
    let mut s = Solver::new();
    check(&mut s, "Test_L2_R2", 50);
    check(&mut s, "Test_L1_R2", 250);
}

#[test]
fn a_sample_of_begin_hard_positions_scores_as_published() {
    // The Begin-Hard positions with the most discs are the quickest to solve:
    // solve the 13-disc ones.
    let mut s = Solver::new();
    let set = read_set("Test_L1_R3");
    let sample: Vec<_> = set.iter().filter(|(m, _)| m.len() == 13).take(4).collect();
    assert_eq!(sample.len(), 4);
    for (moves, expected) in sample {
        let b = Board::from_moves(moves).unwrap();
        assert_eq!(s.solve(&b, false), *expected, "Test_L1_R3: {moves}");
    }
}
