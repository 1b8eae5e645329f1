//! ABGAME, the A-B game, as a judge problem: its judge format, limits, generator,
//! validator and shrinking steps.
//!
//! Input: T, then T rows over `.`, `A` and `B`, one per line. Output: one line per
//! row, the winner when A moves first (`A` or `B`).
//!
//! | quantity | from | to |
//! |---|---:|---:|
//! | T, the number of rows | 1 | 10^5 |
//! | \|s\|, the length of a row | 1 | 10^5 |
//! | \|s\|, summed over the rows | 1 | 10^6 |

use std::io::{self, Read, Write};

use crate::judge::JudgeError;
use crate::setter::gen::{Gen, Kind};
use crate::setter::limits::Bound;
use crate::setter::rng::Rng;
use crate::setter::rows::RowCases;
use crate::setter::shrink::List;
use crate::setter::validate::strict::Strict;
use crate::setter::validate::{Answers, Coverage, ValidationError};
use crate::setter::Input;
use crate::setter::{DynOutput, DynReader, JudgeProblem, Problem};

mod gen;
mod judge;
mod validate;

/// The number of test cases.
pub const T: Bound = Bound::new("T", "the number of rows", 1, 100_000);
/// The length of a row.
pub const LEN: Bound = Bound::new("|s|", "the length of a row", 1, 100_000);
/// The lengths of the rows, summed.
pub const SUM: Bound = Bound::new("sum of |s|", "over all rows", 1, 1_000_000);

/// The ABGAME problem.
#[derive(Clone, Copy, Debug)]
pub struct Abgame;

/// The ABGAME problem's handle.
pub const ABGAME: Problem = Problem::new(&Abgame);

fn rows(input: &Input) -> Option<&Vec<Vec<u8>>> {
    input.cases_of::<Vec<u8>>()
}

/// How the problem's inputs hold their rows.
const CASES: RowCases = RowCases {
    wrap: |rows| Input::new(ABGAME, rows),
    rows,
    min_len: LEN.min,
    unit: ("a row of", "cells", "rows of"),
};

impl JudgeProblem for Abgame {
    fn name(&self) -> &'static str {
        "abgame"
    }

    fn label(&self) -> &'static str {
        "ABGAME, the A-B game"
    }

    fn title(&self) -> &'static str {
        "the A-B game, partizan, A moves first"
    }

    fn input_format(&self) -> &'static str {
        "T, then T lines, each a row over '.', 'A' and 'B'"
    }

    fn output_format(&self) -> &'static str {
        "one line per test case: A or B, the winner when A moves first"
    }

    fn sample(&self) -> &'static str {
        "3\nA.B\nA..B\nA..B.A..B\n"
    }

    fn solve(
        &self,
        input: &mut DynReader<'_>,
        output: &mut DynOutput<'_>,
    ) -> Result<(), JudgeError> {
        judge::solve(input, output)
    }

    fn answer_names(&self) -> (&'static str, &'static str) {
        ("A", "B")
    }

    fn cases_bound(&self, _kind: Kind) -> Bound {
        T
    }

    fn generate(&self, g: &Gen, rng: &mut Rng) -> Input {
        Input::new(ABGAME, gen::generate(g, rng))
    }

    fn check(
        &self,
        r: &mut Strict<&mut dyn Read>,
        answers: &mut Answers,
    ) -> Result<Vec<Coverage>, ValidationError> {
        validate::check(r, answers)
    }

    fn parse(&self, count: u64, lines: &mut dyn Iterator<Item = &[u8]>) -> Input {
        CASES.parse(count, lines)
    }

    fn write_cases(&self, input: &Input, out: &mut dyn Write) -> io::Result<()> {
        CASES.write_cases(input, out)
    }

    fn describe(&self, input: &Input) -> String {
        CASES.describe(input)
    }

    fn halve(&self, input: &Input) -> Option<Input> {
        CASES.halve(input)
    }

    fn lists(&self, _input: &Input, case: usize) -> Vec<List> {
        CASES.lists(case)
    }
}
