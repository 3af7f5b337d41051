//! The AI seat's interface, and a first AI that plays legal, sensible moves
//! in every variant. The exact solver of the engine plugs in behind
//! [`Bot`].

use fourbot_core::game::{splitmix64 as mix, Color, Game, Move, Outcome, Position};

/// Lowest and highest AI level.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// Chooses moves for an AI seat.
pub trait Bot: Send + Sync {
    /// A legal move for the side to move of `game`, at `level` (1 casual …
    /// 5 strongest). Called only while the game is ongoing.
    fn choose(&self, game: &Game, level: u8) -> Move;
}

/// The engine's AI (`fourbot_core::engine::choose_move`): levels 1 (casual, makes
/// human-like mistakes) to 5 (the exact solver on 7×6 classic rules, deep
/// search elsewhere) for every variant, answering within `budget`.
#[derive(Clone, Copy, Debug)]
pub struct EngineBot {
    /// The time a move may take (level 5 uses it; lower levels stop at
    /// their depth sooner).
    pub budget: std::time::Duration,
}

impl Default for EngineBot {
    /// One second a move (issue 10's limit).
    fn default() -> Self {
        EngineBot {
            budget: std::time::Duration::from_secs(1),
        }
    }
}

impl Bot for EngineBot {
    fn choose(&self, game: &Game, level: u8) -> Move {
        fourbot_core::engine::choose_move(game, level, self.budget)
    }
}

/// A one-and-a-half-ply AI for every variant: it takes a win, avoids a move
/// that loses at once (misère: completing a line), blocks the next player's
/// immediate win, avoids giving the next player a win on top of its disc,
/// and otherwise prefers the centre. Levels 1 and 2 sometimes pick any safe
/// move instead. Deterministic for a given position (ties broken by a hash
/// of the position), so tests and replays are repeatable.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

fn wins_for(p: &Position, color: Color) -> bool {
    p.outcome().winner() == Some(color)
}

impl Bot for HeuristicBot {
    fn choose(&self, game: &Game, level: u8) -> Move {
        let p = *game.position();
        let me = p.to_move();
        let legal: Vec<Move> = p.legal_moves().iter().collect();
        assert!(!legal.is_empty(), "choose called on a finished game");
        let seed = mix(p.discs(Color::Red)
            ^ p.discs(Color::Yellow).rotate_left(21)
            ^ p.discs(Color::Blue).rotate_left(42)
            ^ u64::from(p.ply()));
        let width = f64::from(p.rules().geometry.width());
        // Score every move: higher is better.
        let mut best: Option<(i64, Move)> = None;
        let mut safe = Vec::new();
        for (i, &m) in legal.iter().enumerate() {
            let mut after = p;
            after.play_unchecked(m);
            let score = if wins_for(&after, me) {
                1_000_000
            } else if after.outcome().winner().is_some() {
                -1_000_000 // our move hands someone the game
            } else {
                let next = after.to_move();
                let reply_wins = after.outcome() == Outcome::Ongoing
                    && after.legal_moves().iter().any(|r| {
                        let mut q = after;
                        q.play_unchecked(r);
                        wins_for(&q, next)
                    });
                let centre = width / 2.0 - 0.5;
                let distance = (f64::from(m.column()) - centre).abs();
                let pop_penalty = if matches!(m, Move::Pop(_)) { 50 } else { 0 };
                let mut s = 1000 - (distance * 100.0) as i64 - pop_penalty;
                if reply_wins {
                    s -= 100_000;
                } else {
                    safe.push(m);
                }
                s + (mix(seed ^ i as u64) % 7) as i64
            };
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, m));
            }
        }
        let (score, m) = best.expect("a legal move");
        // Casual levels sometimes play any safe move instead of the best one.
        let blunder_rate = match level {
            0 | 1 => 40,
            2 => 20,
            _ => 0,
        };
        if score < 1_000_000 && !safe.is_empty() && mix(seed ^ 0xA5A5) % 100 < blunder_rate {
            return safe[(mix(seed ^ 0x5A5A) % safe.len() as u64) as usize];
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourbot_core::game::notation::read_game;
    use fourbot_core::game::Variant;

    fn choose(variant: Variant, moves: &str) -> Move {
        let game = read_game(moves, variant, None).unwrap();
        HeuristicBot.choose(&game, 3)
    }

    #[test]
    fn it_takes_a_win() {
        assert_eq!(choose(Variant::Classic, "a a b b c c"), Move::Drop(3));
    }

    #[test]
    fn it_blocks_the_next_players_win() {
        assert_eq!(choose(Variant::Classic, "a a b b c"), Move::Drop(3));
    }

    #[test]
    fn in_misere_it_does_not_complete_a_line() {
        let m = choose(Variant::Misere, "a a b b c c");
        assert_ne!(m, Move::Drop(3));
    }

    #[test]
    fn in_three_players_it_blocks_the_next_player() {
        // red a1 a2 a3? no: red plays d, yellow has b1 b2 b3 and is next.
        let m = choose(Variant::ThreePlayers, "a b c a b c h b c");
        // Red to move; yellow (next) threatens b4, blue threatens c4 — red
        // blocks the next player's threat first.
        assert_eq!(m, Move::Drop(1));
    }

    #[test]
    fn the_engine_bot_takes_a_win_and_blocks_at_every_level() {
        let bot = EngineBot {
            budget: std::time::Duration::from_millis(200),
        };
        for level in 2..=5 {
            let win = read_game("a a b b c c", Variant::Classic, None).unwrap();
            assert_eq!(bot.choose(&win, level), Move::Drop(3), "level {level}");
            let block = read_game("a a b b c", Variant::Classic, None).unwrap();
            assert_eq!(bot.choose(&block, level), Move::Drop(3), "level {level}");
        }
    }

    #[test]
    fn it_plays_legal_moves_to_the_end_in_every_variant() {
        for variant in Variant::ALL {
            let mut game = Game::new(Position::new(variant));
            let mut plies = 0;
            while !game.outcome().is_over() && plies < 300 {
                let m = HeuristicBot.choose(&game, 1 + (plies % 5) as u8);
                game.play(m).unwrap();
                plies += 1;
            }
            assert!(plies > 0, "{variant}");
        }
    }
}
