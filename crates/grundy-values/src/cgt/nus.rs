//! Values of the form number + ups + nimber (`x + ↑n + *m`), the common case,
//! added, negated and compared in closed form.

use std::cmp::Ordering;

use super::dyadic::Dyadic;
use super::error::ValueError;
use crate::outcome::Outcome;

/// The largest multiple of up (in absolute value) a value may carry.
pub const MAX_UPS: i32 = 1 << 12;
/// Nimbers are below this bound (a power of two, so nim-sums stay below it).
pub const NIMBER_LIMIT: u32 = 1 << 12;

/// A value `number + ups·↑ + *nimber`: a number, a multiple of up (negative for
/// down) and a nimber.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Nus {
    /// The number part x.
    pub number: Dyadic,
    /// The multiple n of ↑ (negative: of ↓).
    pub ups: i32,
    /// The nimber m of *m.
    pub nimber: u32,
}

impl Nus {
    /// `number + ups·↑ + *nimber`, or an error if `ups` or `nimber` is beyond the
    /// limits [`MAX_UPS`] and [`NIMBER_LIMIT`].
    pub fn new(number: Dyadic, ups: i32, nimber: u32) -> Result<Nus, ValueError> {
        if ups.unsigned_abs() > MAX_UPS.unsigned_abs() {
            return Err(ValueError::TooLarge(format!(
                "{ups} ups: at most {MAX_UPS} ups or downs are supported"
            )));
        }
        if nimber >= NIMBER_LIMIT {
            return Err(ValueError::TooLarge(format!(
                "*{nimber}: nimbers below *{NIMBER_LIMIT} are supported"
            )));
        }
        Ok(Nus {
            number,
            ups,
            nimber,
        })
    }

    /// The number `x`.
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nimber: 0,
        }
    }

    /// Whether the value is a number (no ups, no nimber).
    pub fn is_number(self) -> bool {
        self.ups == 0 && self.nimber == 0
    }

    /// The sum.
    pub fn checked_add(self, other: Nus) -> Result<Nus, ValueError> {
        Nus::new(
            self.number.checked_add(other.number)?,
            self.ups
                .checked_add(other.ups)
                .ok_or(ValueError::Overflow)?,
            self.nimber ^ other.nimber,
        )
    }

    /// The negative.
    pub fn checked_neg(self) -> Result<Nus, ValueError> {
        Ok(Nus {
            number: self.number.checked_neg()?,
            ups: -self.ups,
            nimber: self.nimber,
        })
    }

    /// The outcome class of `x + ↑n + *m`: the sign of x decides; for x = 0, ↑n*m
    /// is positive for n > 0 except ↑* (fuzzy), zero for n = m = 0, fuzzy for a
    /// nonzero nimber alone.
    pub fn outcome(self) -> Outcome {
        sign_outcome(
            self.number.cmp(&Dyadic::ZERO),
            i64::from(self.ups),
            self.nimber,
        )
    }

    /// How `self` compares with `other`: `None` when they are confused.
    pub fn partial_cmp(self, other: Nus) -> Option<Ordering> {
        // self - other = (x - y) + ↑(n - k) + *(m ^ j); compare exactly without
        // forming x - y, which could overflow.
        let outcome = sign_outcome(
            self.number.cmp(&other.number),
            i64::from(self.ups) - i64::from(other.ups),
            self.nimber ^ other.nimber,
        );
        match outcome {
            Outcome::L => Some(Ordering::Greater),
            Outcome::R => Some(Ordering::Less),
            Outcome::P => Some(Ordering::Equal),
            Outcome::N => None,
        }
    }

    /// The options of the canonical form, Left's then Right's:
    ///
    /// - an integer n > 0 is `{n-1|}`, n < 0 is `{|n+1}`, 0 is `{|}`;
    /// - a number p/2^k (p odd, k > 0) is `{(p-1)/2^k | (p+1)/2^k}`;
    /// - `x + *m` (m > 0) is `{x + *k | x + *k}` over k < m;
    /// - `x + ↑n*m` (n > 0) is `{x | x + ↑(n-1)*(m⊕1)}`, with the extra Left
    ///   option `x*` for ↑* (n = 1, m = 1);
    /// - n < 0: the negatives of those.
    pub fn options(self) -> Result<(Vec<Nus>, Vec<Nus>), ValueError> {
        let x = self.number;
        let n = self.ups;
        let m = self.nimber;
        let at = |number: Dyadic, ups: i32, nimber: u32| Nus {
            number,
            ups,
            nimber,
        };
        Ok(if n == 0 && m == 0 {
            if x.is_integer() {
                let v = x.numerator();
                match v.cmp(&0) {
                    Ordering::Greater => (vec![Nus::number(Dyadic::int(v - 1))], vec![]),
                    Ordering::Less => (vec![], vec![Nus::number(Dyadic::int(v + 1))]),
                    Ordering::Equal => (vec![], vec![]),
                }
            } else {
                let p = x.numerator();
                let k = x.exponent();
                (
                    vec![Nus::number(Dyadic::new(p - 1, k)?)],
                    vec![Nus::number(Dyadic::new(p + 1, k)?)],
                )
            }
        } else if n == 0 {
            let side: Vec<Nus> = (0..m).map(|k| at(x, 0, k)).collect();
            (side.clone(), side)
        } else if n > 0 {
            let mut left = vec![Nus::number(x)];
            if n == 1 && m == 1 {
                left.push(at(x, 0, 1));
            }
            (left, vec![at(x, n - 1, m ^ 1)])
        } else {
            let mut right = vec![Nus::number(x)];
            if n == -1 && m == 1 {
                right.push(at(x, 0, 1));
            }
            (vec![at(x, n + 1, m ^ 1)], right)
        })
    }

    /// The birthday of the canonical form.
    pub fn birthday(self) -> u64 {
        let x = self.number;
        let number_day = if x.is_integer() {
            x.numerator().unsigned_abs()
        } else {
            // |trunc(x)| + k + 1 for x = p/2^k.
            let trunc = if x.numerator() < 0 {
                x.floor() + 1
            } else {
                x.floor()
            };
            trunc.unsigned_abs() + u64::from(x.exponent()) + 1
        };
        if self.ups == 0 {
            return number_day + u64::from(self.nimber);
        }
        // {x, (x*) | x + ↑(n-1)*(m⊕1)}: one more than the latest option. The chain
        // down to no ups alternates the nimber between m and m⊕1.
        let n = self.ups.unsigned_abs();
        let m = self.nimber;
        let mut day = number_day + u64::from(m ^ (n & 1));
        for k in 1..=n {
            let m_k = m ^ ((n - k) & 1);
            let mut latest = day.max(number_day);
            if k == 1 && m_k == 1 {
                latest = latest.max(number_day + 1);
            }
            day = latest + 1;
        }
        day
    }
}

/// The outcome class of a Nus given the sign of its number part, its ups and nimber.
fn sign_outcome(number: Ordering, ups: i64, nimber: u32) -> Outcome {
    match number {
        Ordering::Greater => Outcome::L,
        Ordering::Less => Outcome::R,
        Ordering::Equal => match ups.cmp(&0) {
            Ordering::Greater if ups == 1 && nimber == 1 => Outcome::N,
            Ordering::Greater => Outcome::L,
            Ordering::Less if ups == -1 && nimber == 1 => Outcome::N,
            Ordering::Less => Outcome::R,
            Ordering::Equal if nimber == 0 => Outcome::P,
            Ordering::Equal => Outcome::N,
        },
    }
}
