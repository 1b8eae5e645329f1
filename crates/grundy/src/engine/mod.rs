//! Exhaustive solvers that work for any ruleset.
//!
//! - [`dag`]: a memoised evaluator of a value over the finite, acyclic graph of
//!   positions reachable from a root, without recursion (deep games do not overflow
//!   the stack);
//! - [`impartial`]: Grundy values and winning moves of impartial games;
//! - [`partizan`]: outcome classes and winning moves of partizan games;
//! - [`sum`]: the disjunctive sum of two games, to check values with the solvers.

pub mod dag;
pub mod impartial;
pub mod partizan;
pub mod sum;

pub use impartial::ImpartialSolver;
pub use partizan::PartizanSolver;
pub use sum::{Sum, SumMove};
