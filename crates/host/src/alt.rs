//! The alt text of a board picture: what a screen reader says instead of
//! the picture (a Discord attachment's `description`, at most
//! [`ALT_MAX`] characters: `resources/message`, "Attachment Object"). The
//! position column by column, bottom to top, then the last move and whose
//! turn it is or how the game ended, in the reader's language: "Column a:
//! Red, Yellow. Column d: Red. Last move: d. Yellow to move." Empty
//! columns are left out; a block (an obstacle cell) is named as such.

use fourbot_core::game::{column_letter, Cell, Game, Outcome, Position};
use fourbot_i18n::{clip_chars, id, Args, Catalog, Locale};

/// Discord's limit on an attachment's description (characters).
pub const ALT_MAX: usize = 1024;

/// The alt text of `game`'s position as drawn (see the module's
/// documentation), at most [`ALT_MAX`] characters.
pub fn board_alt(catalog: &Catalog, l: Locale, game: &Game) -> String {
    let mut parts = position_parts(catalog, l, game.position());
    if let Some(last) = game.moves().last() {
        let args = Args::new().set("move", last.to_string());
        parts.push(catalog.text(l, id::BOARD_ALT_LAST, &args));
    }
    parts.push(state(catalog, l, game.position()));
    clip_chars(&parts.join(" "), ALT_MAX)
}

/// The alt text of a drop's preview (confirm-before-drop): the drop in
/// `column`, then `game`'s position as [`board_alt`] reads it.
pub fn preview_alt(catalog: &Catalog, l: Locale, game: &Game, column: u8) -> String {
    let args = Args::new().set("column", column_letter(column).to_string());
    let preview = catalog.text(l, id::BOARD_ALT_PREVIEW, &args);
    clip_chars(
        &format!("{preview} {}", board_alt(catalog, l, game)),
        ALT_MAX,
    )
}

/// The alt text of game `number`'s replay (an animation of its moves):
/// that it is one, then its last position as [`board_alt`] reads it.
pub fn replay_alt(catalog: &Catalog, l: Locale, number: usize, game: &Game) -> String {
    let args = Args::new().set("game", number);
    let replay = catalog.text(l, id::BOARD_ALT_REPLAY, &args);
    clip_chars(
        &format!("{replay} {}", board_alt(catalog, l, game)),
        ALT_MAX,
    )
}

/// The columns of `p` that hold anything, each as one sentence; or that
/// the board is empty.
fn position_parts(catalog: &Catalog, l: Locale, p: &Position) -> Vec<String> {
    let g = &p.rules().geometry;
    let block = catalog.plain(l, id::BOARD_ALT_BLOCK);
    let mut parts = Vec::new();
    for column in 0..g.width() {
        let cells: Vec<String> = (0..g.height())
            .filter_map(|row| match p.at(Cell::new(column, row)) {
                None => None,
                Some(None) => Some(block.clone()),
                Some(Some(color)) => Some(catalog.color_name(l, color)),
            })
            .collect();
        if cells.is_empty() {
            continue;
        }
        let args = Args::new()
            .set("column", column_letter(column).to_string())
            .set("discs", cells.join(", "));
        parts.push(catalog.text(l, id::BOARD_ALT_COLUMN, &args));
    }
    if parts.is_empty() {
        parts.push(catalog.plain(l, id::BOARD_ALT_EMPTY));
    }
    parts
}

/// Whose turn it is, or how the game ended.
fn state(catalog: &Catalog, l: Locale, p: &Position) -> String {
    let color = |c| Args::new().set("color", catalog.color_name(l, c));
    match p.outcome() {
        Outcome::Ongoing => catalog.text(l, id::BOARD_ALT_TO_MOVE, &color(p.to_move())),
        Outcome::Win { winner, .. } => catalog.text(l, id::BOARD_ALT_WON, &color(winner)),
        Outcome::Draw(_) => catalog.plain(l, id::BOARD_ALT_DRAWN),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::game::{Move, Variant};

    fn game(variant: Variant, moves: &str) -> Game {
        let mut g = Game::new(Position::new(variant));
        for c in moves.chars() {
            let column = c as u8 - b'a';
            g.play(Move::Drop(column)).unwrap();
        }
        g
    }

    #[test]
    fn the_alt_text_reads_the_columns_the_last_move_and_whose_turn() {
        let catalog = Catalog::new().unwrap();
        let g = game(Variant::Classic, "dda");
        assert_eq!(
            board_alt(&catalog, Locale::EnUs, &g),
            "Column a: Red. Column d: Red, Yellow. Last move: a. Yellow to move."
        );
        assert_eq!(
            board_alt(&catalog, Locale::De, &g),
            "Spalte a: Rot. Spalte d: Rot, Gelb. Letzter Zug: a. Gelb ist am Zug."
        );
        let empty = Game::new(Position::new(Variant::Classic));
        assert_eq!(
            board_alt(&catalog, Locale::EnUs, &empty),
            "The board is empty. Red to move."
        );
        // Red's line in column a: the game is over.
        let won = game(Variant::Classic, "abababa");
        let text = board_alt(&catalog, Locale::EnUs, &won);
        assert!(text.ends_with("Last move: a. Red won."), "{text}");
    }

    #[test]
    fn every_variant_full_board_stays_within_discords_limit_in_every_language() {
        let catalog = Catalog::new().unwrap();
        for variant in Variant::ALL {
            // Fill the board as far as drops that do not end the game go.
            let mut g = Game::new(Position::new(variant));
            let mut filled = 0;
            while let Some(m) = g.position().legal_moves().iter().find(|&m| {
                let mut next = g.clone();
                matches!(m, Move::Drop(_))
                    && next.play(m).is_ok()
                    && !next.position().outcome().is_over()
            }) {
                g.play(m).unwrap();
                filled += 1;
            }
            let cells = g.position().rules().geometry.cells() as usize;
            assert!(filled * 3 >= cells * 2, "{variant:?}: {filled} of {cells}");
            for l in Locale::ALL {
                let text = board_alt(&catalog, l, &g);
                assert!(text.chars().count() <= ALT_MAX, "{variant:?} {l:?}: {text}");
                assert!(!text.contains('{'), "{variant:?} {l:?}: {text}");
            }
        }
    }
}
