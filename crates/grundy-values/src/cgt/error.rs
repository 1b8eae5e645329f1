//! Errors of the values library and of the canonical-form engine.

/// A value computation that cannot be carried out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// A number left the range of [`Dyadic`](super::Dyadic): a numerator beyond
    /// ±2^62 in lowest terms, or a denominator beyond 2^62.
    #[error(
        "a number is too large to represent (numerators are at most 2^62 = \
         4611686018427387904 in absolute value, denominators at most 2^62)"
    )]
    Overflow,
    /// Text that is not a dyadic rational.
    #[error("{0:?} is not a dyadic rational (n, -n or m/d with d a power of two)")]
    BadNumber(String),
    /// A computation needed more work or memory than its budget allowed.
    #[error("budget exceeded: the computation needed more than {limit} {what}")]
    Budget {
        /// The budget, in steps or bytes.
        limit: u64,
        /// What ran out.
        what: &'static str,
    },
    /// The deadline of the thread that started the computation passed
    /// ([`engine::deadline`](crate::deadline)).
    #[error("stopped at the deadline set for the work")]
    Deadline,
    /// An operation that is not defined for its arguments (a nim product of games
    /// that are not nimbers, cooling by a negative amount), with why.
    #[error("{0}")]
    Undefined(String),
    /// A multiple of up or a nimber beyond what the library represents.
    #[error("{0}")]
    TooLarge(String),
    /// A value nested too deeply to work through: its options, their options and so
    /// on go further down than the recursions over them may
    /// ([`depth`](super::depth)).
    #[error(
        "the value is nested too deeply to work through: its options go more than \
         {levels} levels down, past the {} KiB of stack the work on them may use (and a \
         form has at most {} levels of braces)",
        super::depth::STACK_BUDGET / 1024,
        super::depth::MAX_FORM_DEPTH
    )]
    TooDeep {
        /// The levels entered when it was refused.
        levels: u32,
    },
}
