//! # grundy
//!
//! Combinatorial games solved exactly: who wins a position, why, and with which move.
//!
//! This crate gathers the layers, each a crate of its own whose dependencies are the
//! layers below it: `grundy-values` (values and canonical forms) → `grundy-engine`
//! (the game contract, engines, analysis, play, verification, sequences) →
//! `grundy-games` (the rulesets and their registry) → `grundy-contest` (judge
//! formats, the problems, the setter's tools). Every module is re-exported here:
//!
//! - [`values`]: outcome classes ([`Outcome`]) and nimbers ([`Nimber`]) with XOR and mex;
//! - [`cgt`]: partizan values in canonical form (numbers, ups, nimbers, switches),
//!   their notation and invariants, and a canonical-form engine for any ruleset;
//! - [`ruleset`]: the one trait a game implements ([`Ruleset`]), and its adapters;
//! - [`game`]: the engines' view of a game ([`Impartial`], [`Partizan`]);
//! - [`engine`]: exhaustive, memoised solvers that work for any ruleset;
//! - [`rules`]: one module per ruleset, each with its rules, notation, closed-form
//!   solver and winning-move finder;
//! - [`sequence`]: Grundy sequences of heap games and their proven periods;
//! - [`analysis`]: the report that explains a position to a person or a script;
//! - [`registry`]: every game by its name, with its parameters;
//! - [`judge`]: the contest judges' input and output formats, streamed;
//! - [`problems`]: the four judge problems and their list;
//! - [`setter`]: test generators, a strict validator and a shrinker for those formats;
//! - [`stress`]: a program against the judge on generated tests, shrunk on failure;
//! - [`verify`]: every closed form checked against the engine, position by position;
//! - [`play`]: a person against the perfect engine, move by move;
//! - [`report`]: the JSON objects the commands print, shared with `grundy serve`;
//! - [`bounds`]: range-checked durations and counts, with the range in every refusal;
//! - [`files`]: files written whole, through an exclusive temporary and a rename.
//!
//! ```
//! use grundy::rules::pawns::{Board, Pawns};
//!
//! let rules = Pawns::new(2).unwrap();
//! let board: Board = "..P.P".parse().unwrap();
//! assert_ne!(rules.nim_value(board.squares()), 0); // the first player wins
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub use grundy_contest::{check, interact, judge, problems, setter, stress};
pub use grundy_engine::{
    analysis, book, dynamic, engine, files, game, misere, play, report, ruleset, sequence, verify,
};
pub use grundy_games::{registry, rules};
pub use grundy_values::{bounds, cgt, deadline, outcome, player, values};

pub use analysis::{Analysis, MoveReport};
pub use game::{Game, Impartial, Partizan, Player};
pub use registry::DynRuleset;
pub use ruleset::Ruleset;
pub use values::{mex, Nimber, NumberNimber, Outcome, Value};
