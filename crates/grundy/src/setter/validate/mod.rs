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
//! use grundy::judge::Problem;
//! use grundy::setter::validate::validate;
//!
//! let report = validate(Problem::Adapwns, &b"2\n..P.P\nPP\n"[..]).unwrap();
//! assert_eq!((report.wins, report.losses), (1, 1));
//!
//! let err = validate(Problem::Adapwns, &b"1\n..P.P \n"[..]).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "line 2, column 6: expected '.' or 'P', or the end of board 1 of 1, found a space"
//! );
//! let err = validate(Problem::Adapwns, &b"1\nP\n"[..]).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "line 2, column 1: the length N of board 1 of 1 is 1, but the statement requires 2 ≤ N ≤ 128"
//! );
//! ```

use std::io::{self, Read};

use crate::judge::Problem;

mod abgame;
mod adapwns;
mod legowarz;
mod report;
pub(crate) mod strict;
mod tabgame;

pub use report::{Coverage, Report};

use super::input::{Building, Input, TableCase};
use report::Answers;
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
    let mut r = Strict::new(input);
    let mut answers = Answers::new(problem);
    let quantities = match problem {
        Problem::Adapwns => adapwns::check(&mut r, &mut answers)?,
        Problem::Tabgame => tabgame::check(&mut r, &mut answers)?,
        Problem::Abgame => abgame::check(&mut r, &mut answers)?,
        Problem::Legowarz => legowarz::check(&mut r, &mut answers)?,
    };
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
    let mut lines = bytes.split(|&b| b == b'\n').skip(1);
    let mut next = || lines.next().unwrap_or_default();
    let numbers = |line: &[u8]| -> Vec<u64> {
        line.split(|&b| b == b' ')
            .map(|t| {
                std::str::from_utf8(t)
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0)
            })
            .collect()
    };
    let count = numbers(bytes.split(|&b| b == b'\n').next().unwrap_or_default())[0];
    Ok(match problem {
        Problem::Adapwns => Input::Adapwns((0..count).map(|_| next().to_vec()).collect()),
        Problem::Abgame => Input::Abgame((0..count).map(|_| next().to_vec()).collect()),
        Problem::Tabgame => Input::Tabgame(
            (0..count)
                .map(|_| {
                    let top = next().to_vec();
                    let left = next().to_vec();
                    let q = numbers(next())[0];
                    let queries = (0..q)
                        .map(|_| {
                            let xy = numbers(next());
                            (xy[0] as u32, xy[1] as u32)
                        })
                        .collect();
                    TableCase { top, left, queries }
                })
                .collect(),
        ),
        Problem::Legowarz => Input::Legowarz(
            (0..count)
                .map(|_| {
                    let hn = numbers(next());
                    Building {
                        height: hn[0],
                        count: hn[1],
                    }
                })
                .collect(),
        ),
    })
}

/// `n` followed by `one` or `many`: `1 test case`, `3 test cases`.
fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}
