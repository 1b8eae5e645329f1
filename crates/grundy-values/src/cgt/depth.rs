//! A bound on the recursions over a value's options: each level takes room on the
//! thread's stack, and a form nested deeply enough (an ordinal sum with a long
//! integer, `ordinal(1, 100000)`) would run past the end of it. Every function that
//! recurses over options enters a level through `deeper`, which refuses with
//! [`ValueError::TooDeep`] past [`MAX_DEPTH`] levels, or past [`STACK_BUDGET`] bytes
//! of stack used since the outermost level (whichever comes first), so that such a
//! value is an error, never a crash, on a thread of the smallest usual stack (2 MiB,
//! what Rust and tokio give a thread they start).
//!
//! Forms are also kept shallow ([`MAX_FORM_DEPTH`] levels of braces, checked where a
//! form is made), so that printing one, which cannot fail, recurses a bounded number
//! of levels.

use std::cell::Cell;

use super::error::ValueError;

/// The most levels of recursion over options (each a comparison, a sum, a negation,
/// an ordinal sum, a heating, a cooling or a reduction of an option; thermographs are
/// built without recursion).
pub const MAX_DEPTH: u32 = 20_000;

/// The most bytes of stack a recursion over options may use, from its outermost
/// level.
pub const STACK_BUDGET: usize = 1 << 20;

/// The most levels of braces of a canonical form (its options' options ... down to
/// a number + ups + nimber): a form deeper than this is refused where it is made.
pub const MAX_FORM_DEPTH: u32 = 2_000;

thread_local! {
    /// The levels entered on this thread and the stack address of the outermost.
    static LEVELS: Cell<(u32, usize)> = const { Cell::new((0, 0)) };
}

/// One level of recursion entered; left when dropped.
#[must_use]
pub(crate) struct Level(());

impl Drop for Level {
    fn drop(&mut self) {
        LEVELS.with(|l| {
            let (n, base) = l.get();
            l.set((n - 1, base));
        });
    }
}

/// Enters one more level of recursion over options, or refuses: past
/// [`MAX_DEPTH`] levels or [`STACK_BUDGET`] bytes of stack.
#[inline]
pub(crate) fn deeper() -> Result<Level, ValueError> {
    let marker = 0u8;
    let here = std::ptr::from_ref(&marker).addr();
    LEVELS.with(|l| {
        let (n, base) = l.get();
        let base = if n == 0 { here } else { base };
        if n >= MAX_DEPTH || base.abs_diff(here) > STACK_BUDGET {
            return Err(ValueError::TooDeep { levels: n });
        }
        l.set((n + 1, base));
        Ok(Level(()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cgt::{parse_value, CanonicalForm, Dyadic, ExpressionError, ValueBudget};

    /// Runs `f` on a thread with a stack of 2 MiB, the least a thread usually has.
    fn on_a_small_stack(f: impl FnOnce() + Send + 'static) {
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(f)
            .unwrap()
            .join()
            .expect("no crash");
    }

    fn value(text: &str) -> Result<CanonicalForm, ExpressionError> {
        parse_value(text, &ValueBudget::steps(50_000_000))
    }

    fn too_deep(text: &str, e: ExpressionError) {
        match e {
            ExpressionError::Value {
                source: ValueError::TooDeep { .. },
                ..
            } => {}
            other => panic!("{text}: {other}, expected too deep"),
        }
    }

    /// The values that overflowed the stack (`grundy value 'ordinal(1, 100000)'`
    /// died with "thread 'main' has overflowed its stack"): a typed error now.
    #[test]
    fn values_too_deep_are_refused() {
        on_a_small_stack(|| {
            for text in [
                "ordinal(1, 100000)",
                "ordinal(*, 30000)",
                "ordinal({1|0}, 60000)",
                "ordinal(1, -100000)",
                "ordinal(*, 20000)",
                "ordinal(^, 100000)",
                "heat(ordinal(*, 5000), 1)",
                "norton(ordinal(*, 5000), 1)",
            ] {
                too_deep(text, value(text).expect_err(text));
            }
        });
    }

    /// The deepest `ordinal(*, n)` that can be made, and every operation on it:
    /// each answers or refuses with the typed error, on a small stack.
    #[test]
    fn the_deepest_value_made_can_be_worked_with() {
        on_a_small_stack(|| {
            // Deeper and deeper, until refused: each level is one more brace.
            let mut deepest = None;
            let mut n = 64;
            loop {
                match value(&format!("ordinal(*, {n})")) {
                    Ok(g) => deepest = Some((n, g)),
                    Err(e) => {
                        too_deep("ordinal", e);
                        break;
                    }
                }
                n *= 2;
            }
            let (n, g) = deepest.expect("ordinal(*, 64) is made");
            assert!(
                g.depth() >= 64 && g.depth() <= MAX_FORM_DEPTH,
                "{n}: {}",
                g.depth()
            );
            // A budget of its own for each operation: some are long on such a value.
            let b = || ValueBudget::steps(2_000_000);
            let ok_or_deep = |what: &str, r: Result<CanonicalForm, ValueError>| match r {
                Ok(_) | Err(ValueError::TooDeep { .. }) | Err(ValueError::Budget { .. }) => {}
                Err(e) => panic!("{what} of ordinal(*, {n}): {e}"),
            };
            let text = g.to_string();
            assert!(text.starts_with('{'), "{text}");
            let _ = g.to_string_within(crate::cgt::Style::Unicode, 1 << 30);
            let _ = g.explicit(1 << 16);
            let switch: CanonicalForm = "{1|0}".parse().unwrap();
            ok_or_deep("the negative", g.try_neg());
            ok_or_deep("a sum", g.add_within(switch, &b()));
            ok_or_deep("a sum with itself", g.add_within(g, &b()));
            ok_or_deep(
                "a difference",
                CanonicalForm::sum_within(&[g, g.try_neg().unwrap_or(g)], &b()),
            );
            match g.leq_within(switch, &b()) {
                Ok(_) | Err(ValueError::TooDeep { .. }) | Err(ValueError::Budget { .. }) => {}
                Err(e) => panic!("a comparison: {e}"),
            }
            ok_or_deep("cooled", g.cool(Dyadic::ONE, &b()));
            ok_or_deep("heated", g.heat(CanonicalForm::integer(1).unwrap(), &b()));
            ok_or_deep("reduced", g.reduced(&b()));
            ok_or_deep("atomic weight", g.atomic_weight(&b()));
            ok_or_deep("ordinal", g.ordinal(g, &b()));
            let _ = g.is_all_small();
            match g.thermograph() {
                Ok(_) | Err(ValueError::TooDeep { .. }) => {}
                Err(e) => panic!("the thermograph: {e}"),
            }
        });
    }
}
