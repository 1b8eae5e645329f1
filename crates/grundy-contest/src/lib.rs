//! Contests: the judge problems of the four seed games, their streamed judge
//! formats, and the setter's tools.
//!
//! - [`check`]: is a move legal and winning, for "print any winning move" answers;
//! - [`interact`]: the engine as the judge of a game against a program;
//! - [`judge`]: the judges' input and output formats, streamed, with errors that
//!   name the line and column;
//! - [`setter`]: what a judge problem is ([`setter::JudgeProblem`]), test
//!   generators, a strict validator, a shrinker and output comparison, generic over
//!   the problems;
//! - [`problems`]: ADAPWNS, TABGAME, ABGAME and LEGOWARZ, and their list;
//! - [`stress`]: a program against the judge on generated tests, and the smallest
//!   failing input.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod check;
pub mod interact;
pub mod judge;
pub mod problems;
pub mod setter;
pub mod stress;

use grundy_engine::game;
use grundy_games::rules;
