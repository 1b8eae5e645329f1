//! The games: one module per ruleset under [`rules`], each implementing the contract
//! ([`Ruleset`](grundy_engine::Ruleset)) once, with its rules, notation, closed forms
//! and winning moves; and the [`registry`] that names them, the one place that lists
//! every game.
//!
//! ```
//! use grundy_games::rules::pawns::{Board, Pawns};
//!
//! let rules = Pawns::new(2).unwrap();
//! let board: Board = "..P.P".parse().unwrap();
//! assert_ne!(rules.nim_value(board.squares()), 0); // the first player wins
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod registry;
pub mod rules;

use grundy_engine::{analysis, dynamic, engine, game, misere, play, ruleset, sequence};
use grundy_values::{cgt, deadline, values};
