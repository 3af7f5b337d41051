//! The rules layer (docs/rules.md §1–§5): notation, the variants' fixtures,
//! the match and clock rules, timed scripts and the exact solver — through
//! the core's API and the `fourbot` command line.

mod book;
mod fixtures;
mod match_props;
mod match_rules;
mod notation;
mod properties;
mod scripts;
mod solver;
mod support;
