//! Contests: the judge problems of the four seed games, their streamed judge
//! formats, and the setter's tools.
//!
//! - [`judge`]: the judges' input and output formats, streamed, with errors that
//!   name the line and column;
//! - [`setter`]: what a judge problem is ([`setter::JudgeProblem`]), test
//!   generators, a strict validator, a shrinker and output comparison, generic over
//!   the problems;
//! - [`problems`]: ADAPWNS, TABGAME, ABGAME and LEGOWARZ, and their list.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod judge;
pub mod problems;
pub mod setter;

use grundy_engine::game;
use grundy_games::rules;
