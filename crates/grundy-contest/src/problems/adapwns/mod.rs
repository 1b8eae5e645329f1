//! ADAPWNS, pawns on a strip, as a judge problem: its judge format, limits,
//! generator, validator and shrinking steps.
//!
//! Input: T, then T boards over `.` (empty) and `P` (pawn), one per line. Output: one
//! line per board, `Yes` if the first player wins, `No` otherwise (moves of one or
//! two squares: [`Pawns::adapwns`](crate::rules::pawns::Pawns::adapwns)).
//!
//! | quantity | from | to |
//! |---|---:|---:|
//! | T, the number of boards | 1 | 500 |
//! | N, the length of a board | 2 | 128 |

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
pub const T: Bound = Bound::new("T", "the number of boards", 1, 500);
/// The length of a board.
pub const N: Bound = Bound::new("N", "the length of a board", 2, 128);

/// The ADAPWNS problem.
#[derive(Clone, Copy, Debug)]
pub struct Adapwns;

/// The ADAPWNS problem's handle.
pub const ADAPWNS: Problem = Problem::new(&Adapwns);

fn boards(input: &Input) -> Option<&Vec<Vec<u8>>> {
    input.cases_of::<Vec<u8>>()
}

/// How the problem's inputs hold their rows.
const CASES: RowCases = RowCases {
    wrap: |rows| Input::new(ADAPWNS, rows),
    rows: boards,
    min_len: N.min,
    unit: ("a board of", "squares", "boards of"),
};

impl JudgeProblem for Adapwns {
    fn name(&self) -> &'static str {
        "adapwns"
    }

    fn label(&self) -> &'static str {
        "ADAPWNS, pawns on a strip"
    }

    fn title(&self) -> &'static str {
        "pawns on a strip, moving 1 or 2 squares left"
    }

    fn input_format(&self) -> &'static str {
        "T, then T lines, each a board over '.' (empty) and 'P' (pawn)"
    }

    fn output_format(&self) -> &'static str {
        "one line per test case: Yes if the first player wins, else No"
    }

    fn sample(&self) -> &'static str {
        "3\n..P.P\nPP\n....P.P\n"
    }

    fn solve(
        &self,
        input: &mut DynReader<'_>,
        output: &mut DynOutput<'_>,
    ) -> Result<(), JudgeError> {
        judge::solve(input, output)
    }

    fn answer_names(&self) -> (&'static str, &'static str) {
        ("Yes", "No")
    }

    fn cases_bound(&self, _kind: Kind) -> Bound {
        T
    }

    fn generate(&self, g: &Gen, rng: &mut Rng) -> Input {
        Input::new(ADAPWNS, gen::generate(g, rng))
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
