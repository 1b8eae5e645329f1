//! The values: Blue-Red strings by sign expansion, and the bounds within which the
//! canonical-form engine values the other positions.

use std::sync::OnceLock;

use super::{Forest, Hackenbush};
use crate::cgt::{CanonicalForm, Dyadic, Style};
use crate::rules::canonical::Memo;
use crate::ruleset::{Parts, Unsolved};

/// The most positions the canonical-form engine may have to value for one position
/// with green edges or branch points, counted from the shapes of its trees before
/// any search ([`Tree::positions_below`](super::Tree::positions_below), each distinct tree once): past it the
/// position is refused as too big, at once rather than after seconds of search.
/// About 2 seconds of `grundy analyze` at the limit.
pub const MAX_SEARCHED: u128 = 1 << 16;

/// The longest value (its canonical form in the short notation, in bytes) of a
/// position with green edges or branch points: a tree of 32 edges can have a value
/// whose text is tens of megabytes, which `analyze` would print several times, so a
/// longer one is refused as too big (its length is counted over the value's graph,
/// without writing it).
pub const MAX_PRINTED: usize = 1 << 16;

/// The values the canonical-form engine found, shared by every use of the ruleset
/// (it has no state of its own).
pub(super) fn memo() -> &'static Memo<Forest> {
    static MEMO: OnceLock<Memo<Forest>> = OnceLock::new();
    MEMO.get_or_init(Memo::default)
}

/// The value of one string by sign expansion (see the [module docs](super)).
pub fn sign_expansion(string: &[bool]) -> Result<Dyadic, Unsolved> {
    let overflow = |_| Unsolved::no_theory("a Hackenbush value beyond the numbers of grundy::cgt");
    let mut value = Dyadic::ZERO;
    let mut weight = Dyadic::ONE;
    let mut changed = false;
    for &blue in string {
        changed |= blue != string[0];
        if changed {
            weight = weight.half().map_err(overflow)?;
        }
        let w = if blue {
            weight
        } else {
            weight.checked_neg().map_err(overflow)?
        };
        value = value.checked_add(w).map_err(overflow)?;
    }
    Ok(value)
}

/// The values of Blue-Red strings, and their sum.
pub(super) fn values(strings: &[Vec<bool>]) -> Result<(Vec<Dyadic>, Dyadic), Unsolved> {
    let each = strings
        .iter()
        .map(|s| sign_expansion(s))
        .collect::<Result<Vec<_>, _>>()?;
    let mut total = Dyadic::ZERO;
    for &v in &each {
        total = total.checked_add(v).map_err(|_| {
            Unsolved::no_theory("a Hackenbush sum beyond the numbers of grundy::cgt")
        })?;
    }
    Ok((each, total))
}

/// The sum of the strings' values, for a position of Blue-Red strings.
pub fn total(pos: &Forest) -> Result<Dyadic, Unsolved> {
    let strings = pos
        .blue_red_strings()
        .ok_or_else(|| Unsolved::unsupported("not a position of Blue-Red strings"))?;
    Ok(values(&strings)?.1)
}

/// `g`, when its short notation is at most [`MAX_PRINTED`] bytes long.
pub(super) fn printable(g: CanonicalForm) -> Result<CanonicalForm, Unsolved> {
    match g.to_string_within(Style::Ascii, MAX_PRINTED) {
        Some(_) => Ok(g),
        None => Err(Unsolved::over_budget(format!(
            "position too big: its value's canonical form is longer than {MAX_PRINTED} \
             characters, the most printed for a Hackenbush position"
        ))),
    }
}

/// A count, with "more than 10^38" past what it can hold.
fn shown_count(n: u128) -> String {
    if n == u128::MAX {
        "more than 10^38".to_owned()
    } else {
        n.to_string()
    }
}

impl Hackenbush {
    /// Whether the engine may value `pos`: at most [`MAX_SEARCHED`] positions below
    /// its distinct trees, up to the order of branches and the colour swap.
    pub(super) fn within_search(&self, pos: &Forest) -> Result<(), Unsolved> {
        let mut seen = Vec::new();
        let mut total = 0u128;
        let mut largest = (0u128, String::new());
        for part in self.components(pos) {
            let (rep, _) = self.normalize(&part);
            if seen.contains(&rep) {
                continue;
            }
            let below = rep.0[0].positions_below();
            total = total.saturating_add(below);
            if below > largest.0 {
                largest = (below, part.to_string());
            }
            seen.push(rep);
        }
        if total <= MAX_SEARCHED {
            return Ok(());
        }
        Err(Unsolved::over_budget(format!(
            "position too big: its trees may leave up to {} positions to value, counted \
             from their shapes (the tree {}: {}); the canonical-form engine values at most \
             {MAX_SEARCHED} for a Hackenbush position",
            shown_count(total),
            largest.1,
            shown_count(largest.0)
        )))
    }
}
