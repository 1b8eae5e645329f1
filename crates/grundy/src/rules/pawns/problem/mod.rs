//! ADAPWNS, pawns on a strip, as a judge problem: its judge format, limits,
//! generator, validator and shrinking steps.
//!
//! Input: T, then T boards over `.` (empty) and `P` (pawn), one per line. Output: one
//! line per board, `Yes` if the first player wins, `No` otherwise (moves of one or
//! two squares: [`Pawns::adapwns`](super::Pawns::adapwns)).
//!
//! | quantity | from | to |
//! |---|---:|---:|
//! | T, the number of boards | 1 | 500 |
//! | N, the length of a board | 2 | 128 |

use std::io::{self, Read, Write};

use crate::judge::{DynOutput, DynReader, JudgeError, JudgeProblem, Problem};
use crate::registry::Input;
use crate::setter::gen::{Gen, Kind};
use crate::setter::input::{describe_rows, write_rows};
use crate::setter::limits::Bound;
use crate::setter::rng::Rng;
use crate::setter::shrink::{halve_rows, row_cells, List};
use crate::setter::validate::strict::Strict;
use crate::setter::validate::{Answers, Coverage, ValidationError};

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
    match input {
        Input::Adapwns(v) => Some(v),
        _ => None,
    }
}

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
        Input::Adapwns(gen::generate(g, rng))
    }

    fn check(
        &self,
        r: &mut Strict<&mut dyn Read>,
        answers: &mut Answers,
    ) -> Result<Vec<Coverage>, ValidationError> {
        validate::check(r, answers)
    }

    fn parse(&self, count: u64, lines: &mut dyn Iterator<Item = &[u8]>) -> Input {
        Input::Adapwns(
            (0..count)
                .map(|_| lines.next().unwrap_or_default().to_vec())
                .collect(),
        )
    }

    fn write_cases(&self, input: &Input, out: &mut dyn Write) -> io::Result<()> {
        write_rows(boards(input).map_or(&[][..], Vec::as_slice), out)
    }

    fn describe(&self, input: &Input) -> String {
        let rows = boards(input).map_or(&[][..], Vec::as_slice);
        describe_rows(rows, ("a board of", "squares", "boards of"))
    }

    fn halve(&self, input: &Input) -> Option<Input> {
        let half = Input::Adapwns(halve_rows(boards(input)?, N.min as usize));
        (half != *input).then_some(half)
    }

    fn lists(&self, _input: &Input, case: usize) -> Vec<List> {
        vec![row_cells(case, N.min, boards, Input::Adapwns)]
    }
}
