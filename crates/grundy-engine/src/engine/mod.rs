//! Exhaustive solvers that work for any ruleset.
//!
//! - [`budget`]: the work an exhaustive search may do;
//! - [`dag`]: a memoised evaluator of a value over the finite, acyclic graph of
//!   positions reachable from a root, without recursion (deep games do not overflow
//!   the stack);
//! - [`impartial`]: Grundy values and winning moves of impartial games;
//! - [`partizan`]: outcome classes and winning moves of partizan games;
//! - [`remoteness`]: how many moves are left under best play, and the moves of best
//!   play (the quickest win, the longest resistance), for impartial and partizan games;
//! - [`graph`]: games given by callbacks over numbered positions (a script's
//!   game): Grundy values, remoteness and canonical forms, failures and cycles
//!   reported, not panicked on;
//! - [`dense`]: retrograde solvers over dense tables for games whose positions are
//!   the integers `0..n` (pawn boards as bit masks), bit-packed and parallel;
//! - [`retrograde`]: win, lose, tie or draw with remoteness for games with ties and
//!   cycles, backwards from the ends over every reachable state;
//! - [`tiers`]: the same answers as [`retrograde`] for games whose states fall into
//!   tiers no move lowers (pieces on the board), one tier at a time, in parallel
//!   where a tier's moves all leave it;
//! - [`loopy`]: Smith's generalised Sprague-Grundy values of loopy impartial games,
//!   and the rule that answers their sums from the parts.

pub mod budget;
pub mod dag;
pub mod dense;
pub mod graph;
pub mod impartial;
pub mod loopy;
pub mod partizan;
pub mod remoteness;
pub mod retrograde;
#[cfg(test)]
mod testing;
pub mod tiers;

pub use budget::Budget;
pub use impartial::ImpartialSolver;
pub use partizan::PartizanSolver;
pub use remoteness::{PartizanRemotenessSolver, Remoteness, RemotenessSolver};
pub use retrograde::GameResult;
