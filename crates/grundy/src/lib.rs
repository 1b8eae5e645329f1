//! # grundy
//!
//! Combinatorial games solved exactly: who wins a position, why, and with which move.
//!
//! The crate is organised around one generic engine and many rulesets:
//!
//! - [`values`]: outcome classes ([`Outcome`]) and nimbers ([`Nimber`]) with XOR and mex;
//! - [`cgt`]: partizan values in canonical form (numbers, ups, nimbers, switches),
//!   their notation and invariants, and a canonical-form engine for any ruleset;
//! - [`game`]: the traits a ruleset implements ([`Impartial`], [`Partizan`]);
//! - [`engine`]: exhaustive, memoised solvers that work for any ruleset;
//! - [`rules`]: one module per ruleset, each with its rules, notation, closed-form
//!   solver and winning-move finder;
//! - [`sequence`]: Grundy sequences of heap games and their proven periods;
//! - [`analysis`]: the report that explains a position to a person or a script;
//! - [`judge`]: the contest judges' input and output formats, streamed;
//! - [`setter`]: test generators, a strict validator and a shrinker for those formats;
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

pub mod analysis;
pub mod bounds;
pub mod cgt;
pub mod deadline;
pub mod dynamic;
pub mod engine;
pub mod files;
pub mod game;
pub mod judge;
pub mod outcome;
pub mod play;
pub mod problems;
pub mod registry;
pub mod report;
pub mod rules;
pub mod ruleset;
pub mod sequence;
pub mod setter;
pub mod values;
pub mod verify;

pub use analysis::{Analysis, MoveReport};
pub use game::{Game, Impartial, Partizan, Player};
pub use registry::DynRuleset;
pub use ruleset::Ruleset;
pub use values::{mex, Nimber, NumberNimber, Outcome, Value};
