//! The values of combinatorial games, the lowest layer of grundy: what every other
//! layer computes with.
//!
//! - [`values`]: outcome classes ([`Outcome`]) and nimbers ([`Nimber`]) with XOR and
//!   mex, and [`Value`], the value of a position as the rulesets report it;
//! - [`cgt`]: partizan values in canonical form (numbers, ups, nimbers, switches),
//!   their notation, algebra and invariants, and a canonical-form engine for any
//!   game given by its options;
//! - [`player`]: Left and Right;
//! - [`deadline`]: the one deadline every search of a thread obeys;
//! - [`bounds`]: range-checked durations and counts, with the range in every refusal.
//!
//! ```
//! use grundy_values::cgt::CanonicalForm;
//!
//! let star: CanonicalForm = "*".parse().unwrap();
//! assert_eq!((star + star).to_string(), "0");
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod bounds;
pub mod cgt;
pub mod deadline;
pub mod outcome;
pub mod parallel;
pub mod player;
pub mod values;

pub use player::Player;
pub use values::{mex, Nimber, NumberNimber, Outcome, Value};
