//! The canonical form of a partizan value and its invariants, for the report of
//! any game whose value is a short partizan game.

use serde::Serialize;

use crate::cgt::{CanonicalForm, Dyadic};
use crate::values::Value;

/// The longest explicit form an analysis prints (`{{|}|{|}}` for `*`); longer ones
/// are left out (explicit forms grow exponentially with the birthday).
pub const EXPLICIT_LIMIT: usize = 4096;

/// A partizan value in canonical form, with its invariants. In JSON these are
/// fields of the analysis itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CanonicalReport {
    /// The canonical form in the notation of [`cgt`](crate::cgt), e.g. `{1|0}`, `2*`.
    pub canonical_form: String,
    /// Every option written out as braces (`*` is `{{|}|{|}}`); `None` (JSON `null`)
    /// when longer than [`EXPLICIT_LIMIT`] characters.
    pub explicit: Option<String>,
    /// Where play ends, in a number, when Left starts and both players stop as soon
    /// as the position is a number.
    pub left_stop: Dyadic,
    /// The same with Right starting.
    pub right_stop: Dyadic,
    /// The mean value; `None` when a number in its thermograph overflows.
    pub mean: Option<Dyadic>,
    /// The temperature (negative for numbers); `None` as for the mean.
    pub temperature: Option<Dyadic>,
    /// The height of the canonical form's game tree.
    pub birthday: u64,
}

impl CanonicalReport {
    /// The canonical form of `value` and its invariants, when it is a partizan value
    /// ([`Value::canonical`]).
    pub fn of(value: Value) -> Option<CanonicalReport> {
        value.canonical().map(CanonicalReport::of_game)
    }

    /// The canonical form `g` and its invariants.
    pub fn of_game(g: CanonicalForm) -> CanonicalReport {
        CanonicalReport {
            canonical_form: g.to_string(),
            explicit: g.explicit(EXPLICIT_LIMIT),
            left_stop: g.left_stop(),
            right_stop: g.right_stop(),
            mean: g.mean().ok(),
            temperature: g.temperature().ok(),
            birthday: g.birthday(),
        }
    }
}
