//! `g <= h` without recursion: the comparison the infallible
//! [`CanonicalForm::leq`] falls back to where the recursive one
//! ([`ops::leq`](super::ops)) stops at its depth guard, so that no comparison (and
//! no outcome class) is ever answered by a guess.
//!
//! `g <= h` holds when Left, moving second in `h − g`, wins: when no Left option
//! `gᴸ` has `h <= gᴸ` and no Right option `hᴿ` has `hᴿ <= g`. With one side a
//! number only the other side's options count (a number is never the better place
//! to move), and two numbers + ups + nimbers compare directly, exactly as the
//! recursive comparison does. Each pair of forms is a node of an AND–OR search: a
//! pair holds when none of its child pairs does. The search keeps its own stack on
//! the heap and remembers every pair it settles; options are strictly simpler than
//! their form, so no pair is met again while open.

use std::collections::HashMap;

use super::arena::CanonicalForm;
use super::ops::leq_at_once;

/// A pair `(g, h)` asking whether `g <= h`.
type Pair = (CanonicalForm, CanonicalForm);

/// What a pair's answer needs: the pairs whose `<=` would make it false.
fn children(g: CanonicalForm, h: CanonicalForm) -> Vec<Pair> {
    let mut out = Vec::new();
    if !h.is_number() {
        out.extend(h.right_options().iter().map(|&hr| (hr, g)));
    }
    if !g.is_number() {
        out.extend(g.left_options().iter().map(|&gl| (h, gl)));
    }
    out
}

/// Whether `g <= h`, by a depth-first search with an explicit stack.
pub(crate) fn leq_iterative(g: CanonicalForm, h: CanonicalForm) -> bool {
    let key = |(a, b): Pair| (a.id(), b.id());
    let mut known: HashMap<(u32, u32), bool> = HashMap::new();
    // Each frame: the pair, its child pairs, the next child to look at.
    let mut stack: Vec<(Pair, Vec<Pair>, usize)> = Vec::new();
    if let Some(r) = leq_at_once(g, h) {
        return r;
    }
    stack.push(((g, h), children(g, h), 0));
    // The answer of the frame just closed, for its parent.
    let mut answer = false;
    let mut returning = false;
    while let Some((pair, kids, next)) = stack.last_mut() {
        if returning {
            returning = false;
            if answer {
                // A child pair holds: this one does not.
                let done = *pair;
                stack.pop();
                known.insert(key(done), false);
                answer = false;
                returning = true;
                continue;
            }
            *next += 1;
        }
        let mut descend = None;
        while *next < kids.len() {
            let child = kids[*next];
            let r = known
                .get(&key(child))
                .copied()
                .or_else(|| leq_at_once(child.0, child.1));
            match r {
                Some(true) => break,
                Some(false) => *next += 1,
                None => {
                    descend = Some(child);
                    break;
                }
            }
        }
        if let Some(child) = descend {
            stack.push((child, children(child.0, child.1), 0));
            continue;
        }
        // Every child looked at: the pair holds unless one of them does.
        let holds = *next >= kids.len();
        let done = *pair;
        stack.pop();
        known.insert(key(done), holds);
        answer = holds;
        returning = true;
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cgt::ValueBudget;

    /// Every form with options among `from`: all subsets for each side.
    fn born_from(from: &[CanonicalForm]) -> Vec<CanonicalForm> {
        let n = from.len();
        let mut out = Vec::new();
        for l in 0..1u32 << n {
            for r in 0..1u32 << n {
                let pick = |m: u32| -> Vec<CanonicalForm> {
                    (0..n)
                        .filter(|i| m >> i & 1 == 1)
                        .map(|i| from[i])
                        .collect()
                };
                out.push(CanonicalForm::from_options(&pick(l), &pick(r)).unwrap());
            }
        }
        out.sort_by_key(|g| g.id());
        out.dedup();
        out
    }

    fn recursive(g: CanonicalForm, h: CanonicalForm) -> bool {
        super::super::ops::leq(g, h, &ValueBudget::unlimited()).unwrap()
    }

    #[test]
    fn agrees_with_the_recursive_comparison_on_every_pair_born_by_day_two_and_on_day_three() {
        let zero = CanonicalForm::zero();
        let day1 = born_from(&[zero]);
        let day2 = born_from(&day1);
        assert_eq!(day2.len(), 22);
        for &g in &day2 {
            for &h in &day2 {
                assert_eq!(leq_iterative(g, h), recursive(g, h), "{g} <= {h}");
            }
        }
        // Forms born on day 3 whose options are picked among day 2's by a fixed
        // sequence (SplitMix64), each against every other and every day-2 form.
        let mut state = 2026u64;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut day3 = Vec::new();
        for _ in 0..120 {
            let (l, r) = (next(), next());
            let pick = |m: u64| -> Vec<CanonicalForm> {
                (0..day2.len())
                    .filter(|i| m >> (i * 2) & 3 == 0)
                    .map(|i| day2[i])
                    .collect()
            };
            day3.push(CanonicalForm::from_options(&pick(l), &pick(r)).unwrap());
        }
        let all: Vec<CanonicalForm> = day2.iter().chain(&day3).copied().collect();
        for &g in &day3 {
            for &h in &all {
                assert_eq!(leq_iterative(g, h), recursive(g, h), "{g} <= {h}");
                assert_eq!(leq_iterative(h, g), recursive(h, g), "{h} <= {g}");
            }
        }
    }

    #[test]
    fn a_deep_comparison_needs_no_stack() {
        // ordinal({1|0}, 1500) against itself plus 1 and minus 1, on a thread of
        // 256 KiB of stack: the recursion would need far more.
        let budget = ValueBudget::unlimited();
        let g = crate::cgt::parse_value("ordinal({1|0}, 1500)", &budget).unwrap();
        let one = CanonicalForm::integer(1).unwrap();
        let up = g.try_add(one).unwrap();
        let down = g.try_sub(one).unwrap();
        let answers = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                [
                    leq_iterative(g, up),
                    leq_iterative(up, g),
                    leq_iterative(down, g),
                    leq_iterative(g, down),
                ]
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(answers, [true, false, true, false]);
    }
}
