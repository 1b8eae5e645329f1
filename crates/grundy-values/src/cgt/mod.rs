//! Short partizan games in canonical form: values, their arithmetic and order,
//! notation, and invariants (outcome, stops, mean, temperature, birthday,
//! thermograph).
//!
//! A [`CanonicalForm`] is a handle to the one stored copy of a canonical form (see
//! [`arena`]), so equal values are the same handle and `==` costs O(1). Values of
//! the form number + ups + nimber ([`Nus`]) are added and compared in closed form;
//! the rest follow the definitions, with memo tables for sums, negations and
//! comparisons, and are reduced to canonical form (dominated options removed,
//! reversible options bypassed). The generic [`engine`] finds the canonical form of any position of a
//! ruleset that implements [`engine::PartizanRules`].
//!
//! # Notation
//!
//! | written | value |
//! |---|---|
//! | `0`, `3`, `-2` | integers |
//! | `1/2`, `-3/4`, `5/8` | dyadic rationals m/2^k |
//! | `*`, `*3` | nimbers (`*0` is `0`) |
//! | `^`, `v` (Unicode `↑`, `↓`) | up, down |
//! | `^2`, `^^`, `v3` (Unicode `⇑`, `⇓`, `↑3`) | multiples of up or down |
//! | `^*`, `2^*`, `1*`, `-1/2v*3` | number + ups + nimber, in that order; a leading `-` belongs to the number |
//! | `{1|0}`, `{3,2|-1,*}` | Left's options, a bar, Right's options |
//! | `{3||2|0}` | slash notation: the longest run of bars splits, so this is `{3|{2|0}}` |
//! | `+-1` (Unicode `±1`) | the switch `{1|-1}`; `a +- b` is `a + ±b` |
//! | `G + H`, `G - H`, `-G`, `(G)` | sums, differences, negatives |
//! | `*a x *b` (Unicode `×`) | Conway's nim product of nimbers ([`algebra`]) |
//! | `cool(G, t)`, `heat(G, t)`, `overheat(G, s, t)`, `ordinal(G, H)`, `norton(G, U)` | cooling (by a number t ≥ 0), heating, overheating, ordinal sum, Norton product ([`algebra`]) |
//! | `reduced(G)`, `atomic_weight(G)` | the reduced canonical form, the atomic weight of an all-small value ([`infinitesimal`]) |
//! | `incentives(G)` | Left's and Right's incentives, a list and so the whole expression ([`parse_incentives`]) |
//!
//! Values print in the same notation, ASCII by default (`Display`) and Unicode with
//! `{:#}` or [`CanonicalForm::to_string_in`]: a number + ups + nimber as above, `±x` for
//! `{x | -x}` with x a positive number-ups-nimber, other forms in braces with slash
//! notation for a side that holds one such form. Reading what is printed gives the
//! same value back. The **explicit** form ([`CanonicalForm::explicit`]) writes every option
//! as braces: `0` is `{|}`, `1` is `{{|}|}`, `*` is `{{|}|{|}}`; it is read back by
//! the same parser.
//!
//! Comparisons ([`parse_query`]): `G <= H`, `>=`, `<`, `>`, `=` (or `==`), `||`
//! (confused), `<|` (less than or confused: not `>=`), `|>`.
//!
//! ```
//! use grundy_values::cgt::CanonicalForm;
//!
//! let g: CanonicalForm = "{1|0} + ^ + *2".parse().unwrap();
//! assert_eq!(g.to_string(), "{1^*2|^*2}");
//! let up: CanonicalForm = "^".parse().unwrap();
//! let up_star: CanonicalForm = "^*".parse().unwrap();
//! assert_eq!((up + up_star).to_string(), "^2*");
//! assert_eq!(up.partial_cmp(&"*".parse().unwrap()), None); // ^ || *
//! ```

pub mod algebra;
pub mod arena;
mod compare;
pub mod depth;
mod dyadic;
pub mod engine;
mod error;
mod game;
pub mod infinitesimal;
mod invariants;
mod nus;
mod ops;
mod parse;
mod print;
pub mod thermograph;

pub use algebra::{nim_product, Incentives};
pub use arena::{stats, ArenaStats, CanonicalForm};
pub use dyadic::{Dyadic, MAX_EXP, MAX_NUM};
pub use error::ValueError;
pub use nus::{Nus, MAX_UPS, NIMBER_LIMIT};
pub use ops::{ValueBudget, VALUE_MEMORY, VALUE_MEMORY_RANGE};
pub use parse::{
    parse_incentives, parse_query, parse_value, ExpressionError, Query, Relation, MAX_NESTING,
};
pub use print::Style;
pub use thermograph::{Thermograph, Wall};
