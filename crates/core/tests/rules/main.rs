//! The rules layer (docs/rules.md §1–§5, §7): notation, the match and clock
//! rules, the exact solver and the opening book, tournament pairings —
//! through the core's API. (The `fourbot` command line over the same rules —
//! the variants' fixture files, timed scripts, `solve` and `analyze` — is
//! tested by the application's `app` binary, `tests/app/`.)

mod book;
mod match_props;
mod match_rules;
mod notation;
mod properties;
mod solver;
mod tournament;
