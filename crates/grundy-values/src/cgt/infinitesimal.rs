//! A value read up to infinitesimals: its reduced canonical form, and the atomic
//! weight of an all-small value.
//!
//! - [`CanonicalForm::reduced`]: the **reduced canonical form** of `G`, the simplest game
//!   `H` with `G − H` infinitesimal (Calistrate, "The reduced canonical form of a
//!   game", *Games of No Chance*, 1996; Grossman and Siegel, "Reductions of
//!   partizan games", *Games of No Chance 3*, 2009; Siegel, *Combinatorial Game
//!   Theory*, II.6). `G ≤_Inf H` when `G ≤ H + x` for every positive number `x`;
//!   that holds exactly when the right stop of `H − G` is ≥ 0, and `G ≡_Inf H`
//!   (both ways) exactly when `G − H` has both stops 0, which is when it is
//!   infinitesimal. The construction is Grossman and Siegel's: a game whose two
//!   stops are the same number `x` is infinitesimally close to `x`, and reduces to
//!   it; any other reduces to `{G^L | G^R}` over the reduced options, from which
//!   every option dominated up to infinitesimals is removed (`G^L1 ≤_Inf G^L2`) and
//!   every option reversible up to infinitesimals is bypassed (`G^L1R1 ≤_Inf G`:
//!   `G^L1` is replaced by the Left options of `G^L1R1`), until neither applies.
//!   (Calistrate's own construction, the star projection of `G` heated by `*`, is
//!   the tests' check of this one.)
//! - [`CanonicalForm::atomic_weight`]: the **atomic weight** (Winning Ways' "uppitiness") of an
//!   all-small `G` (in every position where one player can move, so can the other):
//!   roughly how many ↑ the value is worth. `aw(n·↑ + *m) = n`; for any other `G`,
//!   with `G'' = {aw(G^L) − 2 | aw(G^R) + 2}`, `aw(G) = G''` unless `G''` is an
//!   integer; then `aw(G)` is the least integer `n` with `n ⧐ aw(G^L) − 2` for every
//!   `G^L` if `G < ⧾`, the greatest integer `n` with `n ⧏ aw(G^R) + 2` for every `G^R`
//!   if `G > ⧾`, and `G''` if `G || ⧾` (the atomic weight calculus: Winning Ways,
//!   ch. 7–8; Albert, Nowakowski and Wolfe, *Lessons in Play*, ch. 9; Siegel,
//!   *Combinatorial Game Theory*, II.7; CGSuite's `AtomicWeight`). `⧾`, the far star,
//!   is a nimber `*N` with `N` past every nimber in `G`: here `N` is one more than
//!   the birthday of `G`, since a nimber `*k` among the positions of `G` is born on
//!   day `k`, before `G`.
//!
//! Each works on the canonical form, each subposition once per call, within a
//! [`ValueBudget`].
//!
//! ```
//! use grundy_values::cgt::{ValueBudget, CanonicalForm};
//!
//! let budget = ValueBudget::unlimited();
//! let g: CanonicalForm = "{1*|0} + ^".parse().unwrap();
//! assert_eq!(g.reduced(&budget).unwrap().to_string(), "{1|0}");
//! let h: CanonicalForm = "{^^|v}".parse().unwrap();
//! assert_eq!(h.atomic_weight(&budget).unwrap().to_string(), "1/2");
//! ```

use std::collections::HashMap;

use super::algebra::{children, not_defined};
use super::arena::{CanonicalForm, ARENA};
use super::depth::deeper;
use super::dyadic::Dyadic;
use super::error::ValueError;
use super::nus::NIMBER_LIMIT;
use super::ops::{remove_dominated_by, ValueBudget};

/// Whether `a ≤_Inf b`: `a ≤ b + x` for every positive number `x`.
///
/// `0 ≤_Inf K` holds exactly when `R(K) ≥ 0`, `R` the right stop: if `R(K) ≥ 0`,
/// then `R(K + x) = R(K) + x > 0`, and a game whose right stop is positive is
/// positive; if `K + x ≥ 0` for every `x > 0`, then `R(K) + x = R(K + x) ≥ 0` for
/// every such `x` (stops keep the order), so `R(K) ≥ 0`. Hence `a ≤_Inf b` exactly
/// when `R(b − a) ≥ 0`, and `a − b` is infinitesimal (strictly between `−x` and `x`
/// for every number `x > 0`) exactly when both its stops are 0.
fn inf_leq(a: CanonicalForm, b: CanonicalForm, budget: &ValueBudget) -> Result<bool, ValueError> {
    // From the stops alone: R(b − a) ≥ R(b) − L(a), and a ≤_Inf b keeps both stops
    // in order (stops are monotone and blind to infinitesimals).
    if b.right_stop() >= a.left_stop() {
        return Ok(true);
    }
    if a.left_stop() > b.left_stop() || a.right_stop() > b.right_stop() {
        return Ok(false);
    }
    budget.charge()?;
    let difference = b.add_within(a.try_neg()?, budget)?;
    Ok(difference.right_stop() >= Dyadic::ZERO)
}

/// Removes the options that another dominates up to infinitesimals: for Left
/// (`max`) those `≤_Inf` another, for Right those `≥_Inf` another.
fn remove_inf_dominated(
    v: &mut Vec<CanonicalForm>,
    max: bool,
    budget: &ValueBudget,
) -> Result<(), ValueError> {
    v.sort_unstable_by_key(|g| g.id());
    v.dedup();
    let kept = remove_dominated_by(v, max, |a, b| inf_leq(a, b, budget))?;
    v.truncate(kept);
    Ok(())
}

/// The first of `options` for which `test` holds.
fn first(
    options: &[CanonicalForm],
    mut test: impl FnMut(CanonicalForm) -> Result<bool, ValueError>,
) -> Result<Option<CanonicalForm>, ValueError> {
    for &o in options {
        if test(o)? {
            return Ok(Some(o));
        }
    }
    Ok(None)
}

impl CanonicalForm {
    /// The reduced canonical form: the simplest game infinitesimally close to this
    /// one (see the [module docs](self)).
    pub fn reduced(self, budget: &ValueBudget) -> Result<CanonicalForm, ValueError> {
        reduced(self, budget)
    }
}

fn reduced(g: CanonicalForm, budget: &ValueBudget) -> Result<CanonicalForm, ValueError> {
    // Both stops x: g − x is infinitesimal, and x is the simplest game there.
    if g.left_stop() == g.right_stop() {
        return Ok(CanonicalForm::number(g.left_stop()));
    }
    // Memoised for the whole process: the reduced form is a function of the value.
    if let Some(h) = ARENA.reduced.get(&g.id()) {
        return Ok(h);
    }
    let _level = deeper()?;
    budget.charge()?;
    let mut left = children(g.left_options(), |o| reduced(o, budget))?;
    let mut right = children(g.right_options(), |o| reduced(o, budget))?;
    // Every step keeps the game infinitesimally close to g, so reversibility is
    // tested against g itself. Bypassing needs g not close to a number, as here:
    // {{2|0} | 0} is close to 0, its Left option reverses through 0 (0 ≤_Inf it),
    // and bypassing would leave {|0} = -1. Options only get older, so this ends.
    loop {
        remove_inf_dominated(&mut left, true, budget)?;
        remove_inf_dominated(&mut right, false, budget)?;
        let mut changed = false;
        let mut new_left = Vec::with_capacity(left.len());
        for &a in &left {
            match first(a.right_options(), |ar| inf_leq(ar, g, budget))? {
                Some(ar) => {
                    new_left.extend_from_slice(ar.left_options());
                    changed = true;
                }
                None => new_left.push(a),
            }
        }
        let mut new_right = Vec::with_capacity(right.len());
        for &a in &right {
            match first(a.left_options(), |al| inf_leq(g, al, budget))? {
                Some(al) => {
                    new_right.extend_from_slice(al.right_options());
                    changed = true;
                }
                None => new_right.push(a),
            }
        }
        left = new_left;
        right = new_right;
        if !changed {
            break;
        }
    }
    // No option is dominated or reversible even up to infinitesimals, so the
    // canonical form keeps them all.
    let h = CanonicalForm::from_options_within(&left, &right, budget)?;
    ARENA.reduced.insert(g.id(), h);
    Ok(h)
}

impl CanonicalForm {
    /// Whether the value is all-small: in every position of its canonical form where
    /// one player can move, so can the other (0, `*`, `↑`, `{0|↑*}`, but not `1/2`
    /// or `{1|0}`).
    pub fn is_all_small(self) -> bool {
        one_sided_position(self).is_none()
    }

    /// The atomic weight of an all-small value (see the [module docs](self)); an
    /// error naming a position where only one player can move otherwise.
    pub fn atomic_weight(self, budget: &ValueBudget) -> Result<CanonicalForm, ValueError> {
        if let Some(p) = one_sided_position(self) {
            let who = if p.left_options().is_empty() {
                "Right"
            } else {
                "Left"
            };
            return Err(not_defined(format!(
                "the atomic weight is defined for all-small games (wherever one player \
                 can move, so can the other); {self} is not all-small: in its position \
                 {p} only {who} can move"
            )));
        }
        if let Some(v) = self.as_nus() {
            return CanonicalForm::integer(i64::from(v.ups));
        }
        let n = self.birthday() + 1;
        let far_star = match u32::try_from(n).ok().filter(|&n| n < NIMBER_LIMIT) {
            Some(n) => CanonicalForm::nimber(n)?,
            None => {
                return Err(ValueError::TooLarge(format!(
                    "the atomic weight of a game born on day {}: it is compared with the \
                     far star *{n}, and nimbers below *{NIMBER_LIMIT} are supported",
                    self.birthday()
                )))
            }
        };
        atomic_weight(self, far_star, budget, &mut HashMap::new())
    }
}

/// A position of `g`'s canonical form where exactly one player can move, if any.
fn one_sided_position(g: CanonicalForm) -> Option<CanonicalForm> {
    // Depth first with a stack of its own, options in order, each form once.
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![g];
    while let Some(g) = stack.pop() {
        if g.as_nus().is_some_and(|v| v.number == Dyadic::ZERO) {
            // 0 + ↑n*m: every position is again 0 + ↑k*j, with moves for both or
            // neither.
            continue;
        }
        if !seen.insert(g) {
            continue;
        }
        let (left, right) = (g.left_options(), g.right_options());
        if left.is_empty() != right.is_empty() {
            return Some(g);
        }
        stack.extend(left.iter().chain(right).rev());
    }
    None
}

fn atomic_weight(
    g: CanonicalForm,
    far_star: CanonicalForm,
    budget: &ValueBudget,
    memo: &mut HashMap<CanonicalForm, CanonicalForm>,
) -> Result<CanonicalForm, ValueError> {
    if let Some(v) = g.as_nus() {
        // All-small: 0 + ↑n*m, of atomic weight n.
        return CanonicalForm::integer(i64::from(v.ups));
    }
    if let Some(&w) = memo.get(&g) {
        return Ok(w);
    }
    let _level = deeper()?;
    budget.charge()?;
    let two = CanonicalForm::integer(2)?;
    let minus_two = CanonicalForm::integer(-2)?;
    let left = children(g.left_options(), |o| {
        atomic_weight(o, far_star, budget, memo)?.add_within(minus_two, budget)
    })?;
    let right = children(g.right_options(), |o| {
        atomic_weight(o, far_star, budget, memo)?.add_within(two, budget)
    })?;
    let candidate = CanonicalForm::from_options_within(&left, &right, budget)?;
    let w = if candidate.as_number().is_some_and(Dyadic::is_integer) {
        let below = g.leq_within(far_star, budget)?;
        let above = far_star.leq_within(g, budget)?;
        if below && !above {
            // G < ⧾: the least integer n ⧐ every aw(G^L) − 2.
            let bounds = children(&left, |x| least_integer_not_below(x, budget))?;
            CanonicalForm::integer(bounds.into_iter().max().unwrap_or(0))?
        } else if above && !below {
            // G > ⧾: the greatest integer n ⧏ every aw(G^R) + 2.
            let bounds = children(&right, |x| greatest_integer_not_above(x, budget))?;
            CanonicalForm::integer(bounds.into_iter().min().unwrap_or(0))?
        } else {
            candidate
        }
    } else {
        candidate
    };
    memo.insert(g, w);
    Ok(w)
}

/// The least integer `n` with `n ⧐ x` (not `n ≤ x`). An integer below the right
/// stop `R(x)` is below `x`, one above it is not `≤ x` (that would put it at or
/// below `R(x)`): so `n` is `⌈R(x)⌉`, or one more when that is `≤ x`.
fn least_integer_not_below(x: CanonicalForm, budget: &ValueBudget) -> Result<i64, ValueError> {
    let r = x.right_stop();
    let ceiling = if r.is_integer() {
        r.floor()
    } else {
        r.floor() + 1
    };
    Ok(if CanonicalForm::integer(ceiling)?.leq_within(x, budget)? {
        ceiling + 1
    } else {
        ceiling
    })
}

/// The greatest integer `n` with `n ⧏ x` (not `x ≤ n`): `⌊L(x)⌋`, or one less when
/// `x` is `≤` that (the mirror of [`least_integer_not_below`]).
fn greatest_integer_not_above(x: CanonicalForm, budget: &ValueBudget) -> Result<i64, ValueError> {
    let floor = x.left_stop().floor();
    Ok(if x.leq_within(CanonicalForm::integer(floor)?, budget)? {
        floor - 1
    } else {
        floor
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(text: &str) -> CanonicalForm {
        text.parse().unwrap()
    }

    #[test]
    fn the_integers_next_to_a_game() {
        let budget = ValueBudget::unlimited();
        // The least n not <= x: 1 for 1/2, 2 for 1, 0 for * (confused), 1 for ^
        // (0 <= ^), -1 for +-1 (-1 is confused with it, -2 below it).
        for (x, n) in [("1/2", 1), ("1", 2), ("*", 0), ("^", 1), ("+-1", -1)] {
            assert_eq!(least_integer_not_below(g(x), &budget).unwrap(), n, "{x}");
        }
        // The greatest n with x not <= n: the mirror images.
        for (x, n) in [("1/2", 0), ("2", 1), ("*", 0), ("v", -1), ("+-1", 1)] {
            assert_eq!(greatest_integer_not_above(g(x), &budget).unwrap(), n, "{x}");
        }
    }

    #[test]
    fn the_order_up_to_infinitesimals() {
        let budget = ValueBudget::unlimited();
        let leq = |a: &str, b: &str| inf_leq(g(a), g(b), &budget).unwrap();
        assert!(leq("^", "0") && leq("0", "^") && leq("*", "v"));
        assert!(leq("0", "{1|0}") && !leq("{1|0}", "0"));
        assert!(leq("+-1", "1") && !leq("1", "+-1"));
        assert!(!leq("1/64", "^"));
        // {2|0} - {1|-1}: not from the stops alone (R = 0 < L = 1, stops in order).
        assert!(!leq("{2|0}", "{1|-1}") && leq("{1|-1}", "{2|0}"));
    }
}
