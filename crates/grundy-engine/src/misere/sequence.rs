//! A heap game's misère sequence, as every front end asks for it: the genus of its
//! heaps 0..=N, or the misère quotient of its sums of heaps up to N, from the game's
//! [`SequenceSpec`].
//!
//! The command line (`grundy sequence GAME --misere [--quotient]`), the server
//! (`GET /api/sequence?...&misere=true`) and the Python package (`grundy.genus`,
//! `grundy.quotient`) check a request with [`can_compute`] before any work starts
//! and compute it with [`genus`] or [`quotient`], so all three refuse the same games
//! with the same words.

use super::genus::{GenusError, GenusSolver, HeapGenus};
use super::quotient::{Quotient, QuotientError};
use crate::engine::Budget;
use crate::sequence::SequenceSpec;

/// What a misère sequence request computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MisereSequence {
    /// The genus of heaps 0..=N: needs the options of a heap.
    Genus,
    /// The misère quotient of the sums of heaps up to N, proven by its check: needs
    /// the game's certificate checker.
    Quotient,
}

/// Why a game's misère sequence cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MisereSequenceError {
    /// The game does not list a heap's options.
    #[error("{0} does not list the options of a heap, so its genus cannot be computed")]
    NoHeapOptions(String),
    /// The game has no certificate checker.
    #[error("{0} has no certificate checker, so its quotient cannot be proven")]
    NoChecker(String),
    /// The genus could not be computed.
    #[error(transparent)]
    Genus(#[from] GenusError),
    /// The quotient could not be computed or proven.
    #[error("heaps up to {bound}: {source}")]
    Quotient {
        /// The heap bound asked for.
        bound: usize,
        /// Why.
        source: QuotientError,
    },
}

/// Whether `spec`'s game has what `what` needs (a heap's options, or a certificate
/// checker), without computing anything.
pub fn can_compute(
    spec: &SequenceSpec<'_>,
    what: MisereSequence,
) -> Result<(), MisereSequenceError> {
    match what {
        MisereSequence::Genus if spec.heap_options.is_none() => {
            Err(MisereSequenceError::NoHeapOptions(spec.title.clone()))
        }
        MisereSequence::Quotient if spec.certificate.is_none() => {
            Err(MisereSequenceError::NoChecker(spec.title.clone()))
        }
        _ => Ok(()),
    }
}

/// The genus of heaps 0..=`up_to` of `spec`'s game, within `budget` (and the
/// thread's [deadline](crate::deadline)).
pub fn genus(
    spec: &SequenceSpec<'_>,
    up_to: u64,
    budget: Budget,
) -> Result<Vec<HeapGenus>, MisereSequenceError> {
    let options = spec
        .heap_options
        .as_ref()
        .ok_or_else(|| MisereSequenceError::NoHeapOptions(spec.title.clone()))?;
    Ok(GenusSolver::new(&**options).heaps(up_to, budget)?)
}

/// The misère quotient of the sums of heaps 1..=`bound` of `spec`'s game, proven by
/// its independent check, within `budget` (and the thread's
/// [deadline](crate::deadline)).
pub fn quotient(
    spec: &SequenceSpec<'_>,
    bound: usize,
    budget: Budget,
) -> Result<Quotient, MisereSequenceError> {
    let certified = spec
        .certificate
        .as_ref()
        .ok_or_else(|| MisereSequenceError::NoChecker(spec.title.clone()))?;
    Quotient::compute(&certified.name, &certified.rules, bound, budget)
        .map_err(|source| MisereSequenceError::Quotient { bound, source })
}
