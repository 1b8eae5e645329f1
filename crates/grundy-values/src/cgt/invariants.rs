//! Invariants of a value: outcome class, mean, temperature, thermograph. (Stops and
//! birthday are stored with each form: [`CanonicalForm::left_stop`], [`CanonicalForm::birthday`].)

use super::arena::CanonicalForm;
use super::dyadic::Dyadic;
use super::error::ValueError;
use super::thermograph::Thermograph;
use crate::outcome::Outcome;

impl CanonicalForm {
    /// Who wins: `L` (Left whoever starts, G > 0), `R` (G < 0), `P` (the second
    /// player, G = 0) or `N` (the first player, G || 0).
    pub fn outcome(self) -> Outcome {
        if let Some(v) = self.as_nus() {
            return v.outcome();
        }
        let zero = CanonicalForm::zero();
        Outcome::from_wins(!self.leq(zero), !zero.leq(self))
    }

    /// The thermograph.
    pub fn thermograph(self) -> Result<Thermograph, ValueError> {
        Thermograph::of(self)
    }

    /// The mean value (where the thermograph's mast stands).
    pub fn mean(self) -> Result<Dyadic, ValueError> {
        match self.as_nus() {
            Some(v) => Ok(v.number),
            None => Ok(Thermograph::shared(self)?.mean),
        }
    }

    /// The temperature: where the thermograph's walls meet; −1/2^k for a number
    /// m/2^k (−1 for an integer), 0 for an infinitesimal Nus such as `*` or `↑`.
    pub fn temperature(self) -> Result<Dyadic, ValueError> {
        match self.as_nus() {
            Some(v) if !v.is_number() => Ok(Dyadic::ZERO),
            _ => Ok(Thermograph::shared(self)?.temperature),
        }
    }
}
