//! The public face of [`CanonicalForm`]: constructors, arithmetic and order.

use std::cmp::Ordering;
use std::ops::{Add, Neg, Sub};

use super::arena::{intern_nus, CanonicalForm};
use super::dyadic::Dyadic;
use super::error::ValueError;
use super::nus::Nus;
use super::ops::{self, ValueBudget};

impl CanonicalForm {
    /// 0, the game in which nobody can move.
    pub fn zero() -> CanonicalForm {
        intern_nus(Nus::default())
    }

    /// The number `x`.
    pub fn number(x: Dyadic) -> CanonicalForm {
        intern_nus(Nus::number(x))
    }

    /// The integer `n` (|n| ≤ 2^62).
    pub fn integer(n: i64) -> Result<CanonicalForm, ValueError> {
        Ok(CanonicalForm::number(Dyadic::from_int(n)?))
    }

    /// The nimber `*m`.
    pub fn nimber(m: u32) -> Result<CanonicalForm, ValueError> {
        Ok(intern_nus(Nus::new(Dyadic::ZERO, 0, m)?))
    }

    /// `*`, the nimber `*1`.
    pub fn star() -> CanonicalForm {
        intern_nus(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nimber: 1,
        })
    }

    /// `n·↑` (`n < 0`: `|n|·↓`).
    pub fn ups(n: i32) -> Result<CanonicalForm, ValueError> {
        Ok(intern_nus(Nus::new(Dyadic::ZERO, n, 0)?))
    }

    /// The Nus value `number + ups·↑ + *nimber`.
    pub fn from_nus(v: Nus) -> Result<CanonicalForm, ValueError> {
        Ok(intern_nus(Nus::new(v.number, v.ups, v.nimber)?))
    }

    /// The canonical form of `{left | right}` (each option already canonical, as
    /// every [`CanonicalForm`] is).
    pub fn from_options(
        left: &[CanonicalForm],
        right: &[CanonicalForm],
    ) -> Result<CanonicalForm, ValueError> {
        CanonicalForm::from_options_within(left, right, &ValueBudget::unlimited())
    }

    /// [`from_options`](CanonicalForm::from_options) within a budget.
    pub fn from_options_within(
        left: &[CanonicalForm],
        right: &[CanonicalForm],
        budget: &ValueBudget,
    ) -> Result<CanonicalForm, ValueError> {
        ops::canonical_of(left, right, budget)
    }

    /// The switch `±g` = `{g | -g}`.
    pub fn plus_minus(g: CanonicalForm) -> Result<CanonicalForm, ValueError> {
        CanonicalForm::from_options(&[g], &[g.try_neg()?])
    }

    /// `self + other`, or an error if a number in the result overflows.
    pub fn try_add(self, other: CanonicalForm) -> Result<CanonicalForm, ValueError> {
        ops::add(self, other, &ValueBudget::unlimited())
    }

    /// [`try_add`](CanonicalForm::try_add) within a budget.
    pub fn add_within(
        self,
        other: CanonicalForm,
        budget: &ValueBudget,
    ) -> Result<CanonicalForm, ValueError> {
        ops::add(self, other, budget)
    }

    /// `-self`, or an error if a number overflows.
    pub fn try_neg(self) -> Result<CanonicalForm, ValueError> {
        ops::neg(self)
    }

    /// `self - other`.
    pub fn try_sub(self, other: CanonicalForm) -> Result<CanonicalForm, ValueError> {
        self.try_add(other.try_neg()?)
    }

    /// The sum of `games` (0 for none).
    pub fn sum_within(
        games: &[CanonicalForm],
        budget: &ValueBudget,
    ) -> Result<CanonicalForm, ValueError> {
        let mut total = CanonicalForm::zero();
        for &g in games {
            total = ops::add(total, g, budget)?;
        }
        Ok(total)
    }

    /// Whether `self <= other`: Left, moving second in `other - self`, wins.
    pub fn leq(self, other: CanonicalForm) -> bool {
        // Comparison never overflows and has no budget; past the recursion's depth
        // guard the same comparison runs on a stack of its own on the heap.
        ops::leq(self, other, &ValueBudget::unlimited())
            .unwrap_or_else(|_| super::compare::leq_iterative(self, other))
    }

    /// Whether `self <= other`, within a budget.
    pub fn leq_within(
        self,
        other: CanonicalForm,
        budget: &ValueBudget,
    ) -> Result<bool, ValueError> {
        ops::leq(self, other, budget)
    }

    /// Whether the two are confused (incomparable, `||`): neither `<=` holds.
    pub fn is_confused_with(self, other: CanonicalForm) -> bool {
        !self.leq(other) && !other.leq(self)
    }
}

impl PartialOrd for CanonicalForm {
    fn partial_cmp(&self, other: &CanonicalForm) -> Option<Ordering> {
        if self == other {
            return Some(Ordering::Equal);
        }
        match (self.leq(*other), other.leq(*self)) {
            (true, _) => Some(Ordering::Less),
            (_, true) => Some(Ordering::Greater),
            _ => None,
        }
    }
}

impl Add for CanonicalForm {
    type Output = CanonicalForm;

    /// The disjunctive sum. Panics only if a number overflows (beyond 2^62, or a
    /// denominator beyond 2^62); [`CanonicalForm::try_add`] returns that as an error.
    fn add(self, other: CanonicalForm) -> CanonicalForm {
        self.try_add(other).expect("number overflow in a game sum")
    }
}

impl Sub for CanonicalForm {
    type Output = CanonicalForm;

    /// `self + (-other)`; panics only on number overflow, see [`CanonicalForm::try_sub`].
    fn sub(self, other: CanonicalForm) -> CanonicalForm {
        self.try_sub(other)
            .expect("number overflow in a game difference")
    }
}

impl Neg for CanonicalForm {
    type Output = CanonicalForm;

    /// The negative; panics only on number overflow, see [`CanonicalForm::try_neg`].
    fn neg(self) -> CanonicalForm {
        self.try_neg().expect("number overflow in a negation")
    }
}

impl std::iter::Sum for CanonicalForm {
    fn sum<I: Iterator<Item = CanonicalForm>>(iter: I) -> CanonicalForm {
        iter.fold(CanonicalForm::zero(), |a, b| a + b)
    }
}
