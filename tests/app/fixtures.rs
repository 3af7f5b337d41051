//! One generic test over the per-variant fixture files in
//! `tests/app/fixtures/<variant>.txt` (docs/rules.md §1, §2, §5).
//!
//! A fixture is a paragraph of `key: value` lines: `name`, `moves`, optional
//! `blocks` (obstacles), then either `error` (the exact one-line message) or
//! `outcome`, `to-move` (while ongoing), `lines` (every cell of every
//! completed line, sorted, or `-`) and `board` (the text board, indented).
//! Each fixture is checked twice: through the library and through the
//! `fourbot position` command, whose output is a contract.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use fourbot::game::notation::{parse_layout, read_game};
use fourbot::game::{Cell, Outcome, Variant};

#[derive(Debug, Default)]
struct Fixture {
    name: String,
    moves: String,
    blocks: Option<String>,
    error: Option<String>,
    outcome: Option<String>,
    to_move: Option<String>,
    lines: Option<String>,
    board: String,
}

fn load(variant: Variant) -> Vec<Fixture> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/app/fixtures")
        .join(format!("{}.txt", variant.key()));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut out = Vec::new();
    for para in text.split("\n\n") {
        let mut f = Fixture::default();
        let mut in_board = false;
        for line in para
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            if in_board && line.starts_with("  ") {
                f.board.push_str(line.trim());
                f.board.push('\n');
                continue;
            }
            let (key, value) = line.split_once(':').expect("key: value");
            let value = value.trim().to_string();
            match key {
                "name" => f.name = value,
                "moves" => f.moves = value,
                "blocks" => f.blocks = Some(value),
                "error" => f.error = Some(value),
                "outcome" => f.outcome = Some(value),
                "to-move" => f.to_move = Some(value),
                "lines" => f.lines = Some(value),
                "board" => in_board = true,
                other => panic!("unknown key {other} in {path:?}"),
            }
        }
        if !f.name.is_empty() {
            out.push(f);
        }
    }
    assert!(!out.is_empty(), "{path:?} has no fixtures");
    out
}

fn expected_stdout(f: &Fixture) -> String {
    let mut s = f.board.clone();
    s.push_str(&format!("outcome: {}\n", f.outcome.as_deref().unwrap()));
    if let Some(t) = &f.to_move {
        s.push_str(&format!("to move: {t}\n"));
    }
    s
}

fn check_library(variant: Variant, f: &Fixture) {
    let layout = f
        .blocks
        .as_ref()
        .map(|b| parse_layout(b, variant).expect("fixture layout"));
    let result = read_game(&f.moves, variant, layout.as_ref());
    let ctx = format!("{} / {}", variant, f.name);
    if let Some(error) = &f.error {
        assert_eq!(result.unwrap_err().to_string(), *error, "{ctx}");
        return;
    }
    let game = result.unwrap_or_else(|e| panic!("{ctx}: {e}"));
    let p = game.position();
    assert_eq!(
        p.outcome().to_string(),
        *f.outcome.as_ref().unwrap(),
        "{ctx}"
    );
    assert_eq!(
        f.to_move.clone(),
        (p.outcome() == Outcome::Ongoing).then(|| p.to_move().to_string()),
        "{ctx}"
    );
    assert_eq!(p.board_text(), f.board, "{ctx}");
    // Line cells: the bitboard view and the per-line view agree with the fixture.
    let g = &p.rules().geometry;
    let mut from_bits = BTreeSet::new();
    let mut from_lines = BTreeSet::new();
    for column in 0..g.width() {
        for row in 0..g.height() {
            if p.line_cells() & g.cell_bit(column, row) != 0 {
                from_bits.insert(Cell::new(column, row).to_string());
            }
        }
    }
    for (color, cells) in p.lines() {
        assert!(cells.len() >= p.rules().connect as usize, "{ctx}");
        for c in cells {
            assert_eq!(p.at(c), Some(Some(color)), "{ctx}: line cell {c}");
            from_lines.insert(c.to_string());
        }
    }
    let want: BTreeSet<String> = match f.lines.as_deref().unwrap() {
        "-" => BTreeSet::new(),
        l => l.split(' ').map(str::to_string).collect(),
    };
    assert_eq!(from_bits, want, "{ctx}: line cells");
    assert_eq!(from_lines, want, "{ctx}: lines()");
    // A finished game without a line is a draw; with one, the winner is decided.
    if let Outcome::Win { .. } = p.outcome() {
        assert!(!want.is_empty(), "{ctx}: a win needs a line");
    }
}

fn check_command(variant: Variant, f: &Fixture) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fourbot"));
    cmd.args(["position", "--variant", variant.key(), "--moves", &f.moves]);
    if let Some(b) = &f.blocks {
        cmd.args(["--blocks", b]);
    }
    let out = cmd.output().expect("run fourbot");
    let ctx = format!("fourbot position: {} / {}", variant, f.name);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    if let Some(error) = &f.error {
        assert_eq!(out.status.code(), Some(2), "{ctx}");
        assert_eq!(stdout, "", "{ctx}");
        assert_eq!(stderr, format!("{error}\n"), "{ctx}");
    } else {
        assert!(out.status.success(), "{ctx}: {stderr}");
        assert_eq!(stdout, expected_stdout(f), "{ctx}");
        assert_eq!(stderr, "", "{ctx}");
    }
}

#[test]
fn every_variant_has_a_fixture_file_and_every_fixture_holds() {
    let mut count = 0;
    for variant in Variant::ALL {
        for f in load(variant) {
            check_library(variant, &f);
            check_command(variant, &f);
            count += 1;
        }
    }
    assert!(count >= 50, "only {count} fixtures");
}
