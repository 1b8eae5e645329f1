//! A strict validator of judge inputs, in the sense of testlib: the exact line
//! structure and whitespace of the statement's format (see [`strict`]), every
//! constraint of the statement ([`limits`](crate::setter::limits)), and the sums over
//! test cases.
//!
//! [`validate`] streams: memory is bounded by the statement's limits (one test case,
//! and about a megabyte of test cases waiting to be judged), whatever the input. The
//! first violation ends the run with a [`ValidationError`] that names the line, the
//! column and the constraint. A valid input gets a [`Report`]: for each constrained
//! quantity the least and greatest value reached and the limits hit, and the count
//! of each answer, computed by the judge.
//!
//! ```
//! use grundy_contest::problems::Problem;
//! use grundy_contest::setter::validate::validate;
//!
//! let adapwns: Problem = "adapwns".parse().unwrap();
//! let report = validate(adapwns, &b"2\n..P.P\nPP\n"[..]).unwrap();
//! assert_eq!((report.wins, report.losses), (1, 1));
//!
//! let err = validate(adapwns, &b"1\n..P.P \n"[..]).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "line 2, column 6: expected '.' or 'P', or the end of board 1 of 1, found a space"
//! );
//! let err = validate(adapwns, &b"1\nP\n"[..]).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "line 2, column 1: the length N of board 1 of 1 is 1, but the statement requires 2 ≤ N ≤ 128"
//! );
//! ```

use std::io::{self, Read};

use crate::setter::problem::Problem;

mod report;
pub mod strict;

pub use super::input::plural;
pub use report::{Answers, Coverage, Report};

use super::input::Input;
use strict::Strict;

/// Why an input breaks its statement.
#[derive(Debug, thiserror::Error)]
pub enum ValidationError {
    /// A byte out of place: wrong character, whitespace, line structure.
    #[error("line {line}, column {column}: expected {expected}, found {found}")]
    Format {
        /// The 1-based line.
        line: u64,
        /// The 1-based column, in bytes.
        column: u64,
        /// What the format puts there.
        expected: String,
        /// What stands there instead.
        found: String,
    },
    /// A value, length or sum outside the statement's constraints.
    #[error("line {line}, column {column}: {quantity} is {value}, but the statement requires {constraint}")]
    Constraint {
        /// The 1-based line where the value starts.
        line: u64,
        /// The 1-based column where it starts.
        column: u64,
        /// The quantity, with the test case it belongs to.
        quantity: String,
        /// The value found.
        value: String,
        /// The constraint broken.
        constraint: String,
    },
    /// Reading the input failed.
    #[error("cannot read the input")]
    Read(#[source] io::Error),
    /// The judge refused a test case the validator accepted (a bug of one of them).
    #[error("the judge refused a valid input: {0}")]
    Judge(String),
}

impl ValidationError {
    /// The line and column of a violation (`None` for an I/O error).
    pub fn position(&self) -> Option<(u64, u64)> {
        match self {
            ValidationError::Format { line, column, .. }
            | ValidationError::Constraint { line, column, .. } => Some((*line, *column)),
            _ => None,
        }
    }

    /// Whether the input breaks its statement (rather than being unreadable).
    pub fn is_violation(&self) -> bool {
        self.position().is_some()
    }
}

/// Validates an input of `problem` strictly, and reports its coverage.
pub fn validate<R: Read>(problem: Problem, input: R) -> Result<Report, ValidationError> {
    let mut input = input;
    let mut r = Strict::new(&mut input as &mut dyn Read);
    let mut answers = Answers::new(problem);
    let quantities = problem.spec().check(&mut r, &mut answers)?;
    answers.judge()?;
    Ok(Report {
        problem,
        bytes: r.bytes(),
        lines: r.lines(),
        quantities,
        wins: answers.wins,
        losses: answers.losses,
    })
}

/// Reads a valid input of `problem` as data (after validating it strictly).
pub fn parse(problem: Problem, bytes: &[u8]) -> Result<Input, ValidationError> {
    validate(problem, bytes)?;
    // Valid: every line is as the statement says, so plain splitting reads it.
    let mut lines = bytes.split(|&b| b == b'\n');
    let first = lines.next().unwrap_or_default();
    let count = std::str::from_utf8(first)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Ok(problem.spec().parse(count, &mut lines))
}

/// The numbers of a valid line, separated by single spaces.
pub fn numbers(line: &[u8]) -> Vec<u64> {
    line.split(|&b| b == b' ')
        .map(|t| {
            std::str::from_utf8(t)
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(0)
        })
        .collect()
}
