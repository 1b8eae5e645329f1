//! Operations researchers apply to values: Conway's nim product, heating,
//! overheating and cooling (as CGSuite defines them).
//!
//! - [`nim_product`]: `*a × *b`, Conway's multiplication of nimbers, which with XOR
//!   makes the nimbers below each 2^(2^k) a field (*On Numbers and Games*, ch. 6).
//! - [`CanonicalForm::heat`]: `∫^t G` is `G` when `G` is a number, otherwise
//!   `{∫^t G^L + t | ∫^t G^R − t}` (*Winning Ways*, ch. 6; CGSuite's `Heat`).
//! - [`CanonicalForm::overheat`]: `∫_s^t G` is `n·s` when `G` is an integer `n`, otherwise
//!   `{∫_s^t G^L + t | ∫_s^t G^R − t}` (CGSuite's `Overheat`; Berlekamp's overheating).
//! - [`CanonicalForm::cool`]: `G_t`, for `t ≥ 0`, is `G` when `G` is a number; otherwise the
//!   mean of `G` when `t` is above the temperature of `G` (it has frozen), and
//!   `{G^L_t − t | G^R_t + t}` up to it (*Winning Ways*, ch. 6; Siegel,
//!   *Combinatorial Game Theory*, II.5).
//!
//! - [`CanonicalForm::ordinal`]: the ordinal sum `G:H` is `{G^L, G:H^L | G^R, G:H^R}`: `H`
//!   played after `G`, any move in `G` ending `H` (*Winning Ways*, ch. 2; Conway,
//!   *On Numbers and Games*, ch. 15; it depends on the form of `G`, here canonical).
//!
//! - [`CanonicalForm::norton`]: the Norton product `G.U`, for `U > 0`, is `n·U` when `G` is an
//!   integer `n`, otherwise `{G^L.U + U + I | G^R.U − U − I}` with `I` every incentive
//!   of `U` (`U^L − U` and `U − U^R`) (*Winning Ways*, ch. 8; Siegel, *Combinatorial
//!   Game Theory*, "Norton multiplication"; CGSuite's `NortonMultiply`).
//!
//! - [`CanonicalForm::incentives`]: Left's incentives `G^L − G` and Right's `G − G^R`, one
//!   for each option of the canonical form: what a move gains the player who makes
//!   it (*Winning Ways*, ch. 8, where Norton multiplication adds a unit's incentives;
//!   CGSuite's `LeftIncentives` and `RightIncentives`, which also drop dominated
//!   ones). A list, not one value: [`Incentives`].
//!
//! Each is applied to the canonical form, options first, each subposition once per
//! call, within a [`ValueBudget`]. The reduced canonical form and the atomic weight are in
//! [`infinitesimal`](super::infinitesimal).

use std::collections::HashMap;

use super::arena::{CanonicalForm, ARENA};
use super::depth::deeper;
use super::dyadic::Dyadic;
use super::error::ValueError;
use super::nus::NIMBER_LIMIT;
use super::ops::ValueBudget;
use super::print::Style;
use super::thermograph::Thermograph;

/// Conway's nim product of `a` and `b`: the product of `*a` and `*b` in the field
/// of nimbers. Below 2^(2^k) both ways, the product is below 2^(2^k) too.
pub fn nim_product(a: u64, b: u64) -> u64 {
    nim_product_in(a, b, 64)
}

/// The product where `a` and `b` are below 2^`bits` (`bits` a power of two).
fn nim_product_in(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let mut bits = bits;
    // The smallest field 2^bits holding both.
    while bits > 1 && (a | b) >> (bits / 2) == 0 {
        bits /= 2;
    }
    // With F = 2^half, a Fermat 2-power: x = x1·F ⊕ x0, and F ⊗ F = F ⊕ F/2.
    let half = bits / 2;
    let low = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & low, b >> half, b & low);
    let high = nim_product_in(a1, b1, half);
    let cross = nim_product_in(a1, b0, half) ^ nim_product_in(a0, b1, half);
    let low_part = nim_product_in(a0, b0, half);
    ((high ^ cross) << half) ^ low_part ^ nim_product_in(high, 1 << (half - 1), half)
}

/// Why an operation does not apply to its arguments.
pub(super) fn not_defined(what: String) -> ValueError {
    ValueError::Undefined(what)
}

impl CanonicalForm {
    /// `*a × *b = *(a ⊗ b)`, the [`nim_product`] of two nimbers (`0` is `*0`).
    pub fn nim_times(self, other: CanonicalForm) -> Result<CanonicalForm, ValueError> {
        let nimber = |g: CanonicalForm| {
            g.as_nus()
                .filter(|v| v.number == Dyadic::ZERO && v.ups == 0)
                .map(|v| v.nimber)
        };
        let (Some(a), Some(b)) = (nimber(self), nimber(other)) else {
            return Err(not_defined(format!(
                "the nim product multiplies nimbers, found {self} and {other}"
            )));
        };
        let p = nim_product(u64::from(a), u64::from(b));
        match u32::try_from(p).ok().filter(|&p| p < NIMBER_LIMIT) {
            Some(p) => CanonicalForm::nimber(p),
            None => Err(ValueError::TooLarge(format!(
                "*{a} x *{b} = *{p}: nimbers below *{NIMBER_LIMIT} are supported"
            ))),
        }
    }

    /// `∫^t G`: `G` heated by `t` (see the [module docs](self)).
    pub fn heat(self, t: CanonicalForm, budget: &ValueBudget) -> Result<CanonicalForm, ValueError> {
        let numbers_stay = |g: CanonicalForm| g.is_number().then_some(Ok(g));
        warm(self, t, &numbers_stay, budget, &mut HashMap::new())
    }

    /// `∫_s^t G`: `G` overheated from `s` to `t` (see the [module docs](self)).
    pub fn overheat(
        self,
        s: CanonicalForm,
        t: CanonicalForm,
        budget: &ValueBudget,
    ) -> Result<CanonicalForm, ValueError> {
        let integers_scale = |g: CanonicalForm| {
            g.as_number()
                .filter(|n| n.is_integer())
                .map(|n| times(s, n.numerator(), budget))
        };
        warm(self, t, &integers_scale, budget, &mut HashMap::new())
    }

    /// `G_t`: `G` cooled by `t ≥ 0` (see the [module docs](self)). Cooling by a
    /// negative `t` is refused: it does not act on values (equal games can give
    /// different results).
    pub fn cool(self, t: Dyadic, budget: &ValueBudget) -> Result<CanonicalForm, ValueError> {
        if t < Dyadic::ZERO {
            return Err(not_defined(format!(
                "cooling by {t}: only t >= 0 is defined (heat(G, {}) warms a game)",
                t.checked_neg()?
            )));
        }
        cool(self, t, budget)
    }
}

impl CanonicalForm {
    /// `G:H`, the ordinal sum of base `G` and subordinate `H` (see the
    /// [module docs](self)).
    pub fn ordinal(
        self,
        h: CanonicalForm,
        budget: &ValueBudget,
    ) -> Result<CanonicalForm, ValueError> {
        let mut memo = HashMap::new();
        ordinal(self, h, budget, &mut memo)
    }
}

impl CanonicalForm {
    /// `G.U`, the Norton product of `G` by a positive `U` (see the
    /// [module docs](self)); an error when `U` is not positive.
    pub fn norton(
        self,
        u: CanonicalForm,
        budget: &ValueBudget,
    ) -> Result<CanonicalForm, ValueError> {
        let positive = CanonicalForm::zero().leq_within(u, budget)?
            && !u.leq_within(CanonicalForm::zero(), budget)?;
        if !positive {
            return Err(not_defined(format!(
                "the Norton product G.U needs U > 0, found U = {u}"
            )));
        }
        // U + I for every incentive I of U: U^L for Left's, 2U - U^R for Right's.
        let mut steps = u.left_options().to_vec();
        let twice = u.add_within(u, budget)?;
        for &ur in u.right_options() {
            steps.push(twice.add_within(ur.try_neg()?, budget)?);
        }
        let mut memo = HashMap::new();
        norton(self, u, &steps, budget, &mut memo)
    }
}

/// The incentives of a value: for each option of its canonical form, the option
/// and what moving there gains its mover (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incentives {
    /// The value `G`.
    pub game: CanonicalForm,
    /// `(G^L, G^L − G)` for each Left option, in the order the canonical form
    /// prints them.
    pub left: Vec<(CanonicalForm, CanonicalForm)>,
    /// `(G^R, G − G^R)` for each Right option, in the order the canonical form
    /// prints them.
    pub right: Vec<(CanonicalForm, CanonicalForm)>,
}

impl CanonicalForm {
    /// Left's incentives `G^L − G` and Right's `G − G^R`, one for each option of the
    /// canonical form (see the [module docs](self)).
    pub fn incentives(self, budget: &ValueBudget) -> Result<Incentives, ValueError> {
        let minus = self.try_neg()?;
        // In the order of their text, as the canonical form prints them; an option
        // too long to print sensibly goes last, by its handle.
        let printed = |options: &[CanonicalForm]| {
            let mut v = options.to_vec();
            v.sort_by_cached_key(|o| match o.to_string_within(Style::Ascii, 1 << 12) {
                Some(text) => (false, text, 0),
                None => (true, String::new(), o.id()),
            });
            v
        };
        let left = children(&printed(self.left_options()), |gl| {
            Ok((gl, gl.add_within(minus, budget)?))
        })?;
        let right = children(&printed(self.right_options()), |gr| {
            Ok((gr, self.add_within(gr.try_neg()?, budget)?))
        })?;
        Ok(Incentives {
            game: self,
            left,
            right,
        })
    }
}

fn norton(
    g: CanonicalForm,
    u: CanonicalForm,
    steps: &[CanonicalForm],
    budget: &ValueBudget,
    memo: &mut HashMap<CanonicalForm, CanonicalForm>,
) -> Result<CanonicalForm, ValueError> {
    if let Some(n) = g.as_number().filter(|n| n.is_integer()) {
        return times(u, n.numerator(), budget);
    }
    if let Some(&h) = memo.get(&g) {
        return Ok(h);
    }
    let _level = deeper()?;
    budget.charge()?;
    let mut left = Vec::new();
    for &gl in g.left_options() {
        let p = norton(gl, u, steps, budget, memo)?;
        for &step in steps {
            left.push(p.add_within(step, budget)?);
        }
    }
    let mut right = Vec::new();
    for &gr in g.right_options() {
        let p = norton(gr, u, steps, budget, memo)?;
        for &step in steps {
            right.push(p.add_within(step.try_neg()?, budget)?);
        }
    }
    let h = CanonicalForm::from_options_within(&left, &right, budget)?;
    memo.insert(g, h);
    Ok(h)
}

fn ordinal(
    g: CanonicalForm,
    h: CanonicalForm,
    budget: &ValueBudget,
    memo: &mut HashMap<CanonicalForm, CanonicalForm>,
) -> Result<CanonicalForm, ValueError> {
    if let Some(&o) = memo.get(&h) {
        return Ok(o);
    }
    let _level = deeper()?;
    budget.charge()?;
    let mut left = g.left_options().to_vec();
    for &hl in h.left_options() {
        left.push(ordinal(g, hl, budget, memo)?);
    }
    let mut right = g.right_options().to_vec();
    for &hr in h.right_options() {
        right.push(ordinal(g, hr, budget, memo)?);
    }
    let o = CanonicalForm::from_options_within(&left, &right, budget)?;
    memo.insert(h, o);
    Ok(o)
}

/// The game with options `left` and `right`, each shifted: Left's by `dl`, Right's
/// by `dr`.
fn shifted(
    left: Vec<CanonicalForm>,
    right: Vec<CanonicalForm>,
    dl: CanonicalForm,
    dr: CanonicalForm,
    budget: &ValueBudget,
) -> Result<CanonicalForm, ValueError> {
    let left = left
        .into_iter()
        .map(|g| g.add_within(dl, budget))
        .collect::<Result<Vec<_>, _>>()?;
    let right = right
        .into_iter()
        .map(|g| g.add_within(dr, budget))
        .collect::<Result<Vec<_>, _>>()?;
    CanonicalForm::from_options_within(&left, &right, budget)
}

/// `G` warmed by `t`: `frozen(G)` when it is `Some` (a number that stays, or an
/// integer overheated), otherwise `{warm(G^L) + t | warm(G^R) − t}` (heating and
/// overheating differ only in what stays).
fn warm(
    g: CanonicalForm,
    t: CanonicalForm,
    frozen: &dyn Fn(CanonicalForm) -> Option<Result<CanonicalForm, ValueError>>,
    budget: &ValueBudget,
    memo: &mut HashMap<CanonicalForm, CanonicalForm>,
) -> Result<CanonicalForm, ValueError> {
    if let Some(h) = frozen(g) {
        return h;
    }
    if let Some(&h) = memo.get(&g) {
        return Ok(h);
    }
    let _level = deeper()?;
    budget.charge()?;
    let left = children(g.left_options(), |o| warm(o, t, frozen, budget, memo))?;
    let right = children(g.right_options(), |o| warm(o, t, frozen, budget, memo))?;
    let h = shifted(left, right, t, t.try_neg()?, budget)?;
    memo.insert(g, h);
    Ok(h)
}

fn cool(g: CanonicalForm, t: Dyadic, budget: &ValueBudget) -> Result<CanonicalForm, ValueError> {
    if g.is_number() {
        return Ok(g);
    }
    // Memoised for the whole process: cooling is a function of the value and t.
    if let Some(h) = ARENA.cooled.get(&(g.id(), t)) {
        return Ok(h);
    }
    let _level = deeper()?;
    budget.charge()?;
    // The temperature and the mean, from one thermograph (an infinitesimal number +
    // ups + nimber is at temperature 0, its mean its number).
    let (temperature, mean) = match g.as_nus() {
        Some(v) => (Dyadic::ZERO, v.number),
        None => {
            let th = Thermograph::shared(g)?;
            (th.temperature, th.mean)
        }
    };
    let h = if t > temperature {
        CanonicalForm::number(mean)
    } else {
        let left = children(g.left_options(), |o| cool(o, t, budget))?;
        let right = children(g.right_options(), |o| cool(o, t, budget))?;
        let t = CanonicalForm::number(t);
        shifted(left, right, t.try_neg()?, t, budget)?
    };
    ARENA.cooled.insert((g.id(), t), h);
    Ok(h)
}

/// Each option transformed by `f`.
pub(super) fn children<T>(
    options: &[CanonicalForm],
    mut f: impl FnMut(CanonicalForm) -> Result<T, ValueError>,
) -> Result<Vec<T>, ValueError> {
    options.iter().map(|&o| f(o)).collect()
}

/// `n·s`: `s` added to itself |n| times (negated for n < 0), by doubling.
fn times(s: CanonicalForm, n: i64, budget: &ValueBudget) -> Result<CanonicalForm, ValueError> {
    let mut acc = CanonicalForm::zero();
    let mut power = if n < 0 { s.try_neg()? } else { s };
    let mut k = n.unsigned_abs();
    while k > 0 {
        if k & 1 == 1 {
            acc = acc.add_within(power, budget)?;
        }
        k >>= 1;
        if k > 0 {
            power = power.add_within(power, budget)?;
        }
    }
    Ok(acc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_products_as_published() {
        // ONAG, ch. 6: the multiplication table of the nimbers below 16 begins so.
        assert_eq!(nim_product(2, 2), 3);
        assert_eq!(nim_product(2, 3), 1);
        assert_eq!(nim_product(3, 3), 2);
        assert_eq!(nim_product(4, 4), 6);
        assert_eq!(nim_product(8, 8), 13);
        assert_eq!(nim_product(16, 16), 24);
        assert_eq!(nim_product(1 << 32, 1 << 32), 3 << 31);
    }

    #[test]
    fn the_nimbers_below_256_are_a_field() {
        for a in 0..256u64 {
            for b in 0..256u64 {
                let p = nim_product(a, b);
                assert!(p < 256);
                assert_eq!(p, nim_product(b, a));
            }
            if a > 0 {
                assert_eq!((1..256).filter(|&b| nim_product(a, b) == 1).count(), 1);
            }
        }
        for a in (0..256u64).step_by(7) {
            for b in (0..256u64).step_by(5) {
                for c in (0..256u64).step_by(3) {
                    assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
                    assert_eq!(
                        nim_product(nim_product(a, b), c),
                        nim_product(a, nim_product(b, c))
                    );
                }
            }
        }
    }
}
