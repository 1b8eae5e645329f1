//! Misère play: the last player to move loses.
//!
//! Under the misère convention a player who cannot move *wins*. Normal-play values do
//! not carry over: the misère outcome of a sum is not the XOR of anything in general
//! (Conway, *On Numbers and Games*, ch. 12; Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 13, "Survival in the Lost World"). This module serves misère play for every
//! impartial ruleset:
//!
//! - [`Misere`]: any impartial [`Ruleset`](crate::ruleset::Ruleset) played misère, as a
//!   ruleset again, so that every command (analyze, play, check, interact, verify, the
//!   web playground, Python) serves it through the contract. Its answers come from the
//!   ruleset's misère closed form where it has one
//!   ([`Ruleset::misere_grundy`](crate::ruleset::RulesetExt::misere_grundy)), else from the
//!   exhaustive engine, which sees a position without moves as won for the player to
//!   move.
//! - [`nim`]: misère Nim (Bouton, 1902): play as in normal Nim unless the move would
//!   leave only heaps of 0 and 1, then leave an odd number of 1-heaps. Also the rule
//!   that adds tame games.
//! - [`genus`]: Conway's genus of the heaps of a heap game, the tame heaps, and sums of
//!   tame heaps answered by the genus rule.
//! - [`quotient`]: the misère quotient of a heap game's sums of heaps up to a bound
//!   (Plambeck and Siegel), with a certificate that [`quotient_check`], separate and
//!   simple code, verifies from the game's rules.
//!
//! # Misère Grundy values
//! The misère Grundy value G⁻ is 1 for a position without moves and otherwise the mex
//! of its options' misère Grundy values; the player to move loses exactly when it is
//! 0. It is what the engine computes for [`Misere`] (a position without moves counts
//! as decided, won for the player to move, worth 1), and what
//! [`Analysis::misere_grundy`](crate::analysis::Analysis::misere_grundy) reports. It
//! is not a game value: `G⁻(G + H)` is not a function of `G⁻(G)` and `G⁻(H)`.

pub mod genus;
pub mod nim;
pub mod quotient;
pub mod quotient_check;
mod ruleset;
pub mod sequence;

pub use ruleset::{refusal, Misere};
