//! A stored match in the exchange format of docs/rules.md §2 (`/export`):
//! every game with its tags, who played which colour, and how a game ended
//! off the board.

use fourbot_core::game::notation::{write_exchange, ResultTag};
use fourbot_core::game::Color;
use fourbot_core::play::{ForfeitReason, GameEnd, GameRecord, Match};
use fourbot_store::MatchDetail;

/// The tag name of a colour in the exchange format: `Red`, `Yellow`, `Blue`.
fn color_tag(c: Color) -> String {
    let name = c.name();
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The `Result` tag of a game and, when it did not end on the board, its
/// `Termination` tag (PGN's words: `resignation`, `time forfeit`,
/// `abandoned`). docs/rules.md §2: a game lost by resignation or on time is a
/// win for the other colour (`1-0` / `0-1`), even though the board is
/// unfinished; with three colours a resignation gives no single winner, so
/// the board's result (`*`) stays. `None` for the result: the board's.
pub fn game_result(record: &GameRecord) -> (Option<ResultTag>, Option<&'static str>) {
    let order = record.order();
    let other_colour = |seat| {
        let loser = order.color_of(seat)?;
        let colours: Vec<Color> = order
            .seats()
            .iter()
            .filter_map(|s| order.color_of(*s))
            .filter(|c| *c != loser)
            .collect();
        // Teams repeat a colour: two distinct colours in all.
        let mut distinct = colours.clone();
        distinct.dedup();
        match distinct.as_slice() {
            [winner] => Some(ResultTag::Win(*winner)),
            _ => None,
        }
    };
    match record.end() {
        Some((GameEnd::Resigned(seat), _)) => (other_colour(seat), Some("resignation")),
        Some((GameEnd::Forfeit(seat, ForfeitReason::Flag), _)) => {
            (other_colour(seat), Some("time forfeit"))
        }
        Some((GameEnd::Forfeit(seat, _), _)) => (other_colour(seat), Some("resignation")),
        Some((GameEnd::Aborted, _)) => (Some(ResultTag::Unfinished), Some("abandoned")),
        Some((GameEnd::Board(_), _)) | None => (None, None),
    }
}

/// Every game of the match in the exchange format, one after another, with
/// the match id, game number and who played which colour as extra tags
/// (and `Termination` when a game did not end on the board).
pub fn exchange_text(detail: &MatchDetail, m: &Match) -> String {
    let mut out = Vec::new();
    for (n, record) in m.games().iter().enumerate() {
        let order = record.order();
        let mut tags: Vec<(String, String)> = vec![
            ("Match".into(), detail.id.0.to_string()),
            ("Game".into(), (n + 1).to_string()),
            ("TimeControl".into(), detail.time_control.clone()),
        ];
        for seat in order.seats() {
            let Some(color) = order.color_of(*seat) else {
                continue;
            };
            let name = detail
                .seats
                .iter()
                .find(|s| usize::from(s.seat) == seat.index())
                .map(|s| s.name.clone())
                .unwrap_or_default();
            // Teams: both players of a colour, in turn order.
            match tags.iter_mut().find(|(k, _)| *k == color_tag(color)) {
                Some((_, v)) => {
                    v.push_str(", ");
                    v.push_str(&name);
                }
                None => tags.push((color_tag(color), name)),
            }
        }
        let (result, termination) = game_result(record);
        if let Some(t) = termination {
            tags.push(("Termination".into(), t.into()));
        }
        let extra: Vec<(&str, &str)> = tags.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        out.push(write_exchange(record.game(), &extra, result));
    }
    out.join("\n")
}
