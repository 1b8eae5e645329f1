//! The answers to an input, as `grundy judge` gives them: every answer here comes
//! from [`Problem::run`], the streaming judge, so the setter's tools and the judge
//! can never disagree.

use crate::judge::reader::DEFAULT_CAPACITY;
use crate::judge::{JudgeError, Reader};
use crate::setter::problem::Problem;

use super::input::Input;

/// The judge's exact output for `input`.
pub fn expected_output(input: &Input) -> Result<Vec<u8>, JudgeError> {
    judge_bytes(input.problem(), &input.to_bytes())
}

/// The judge's exact output for the bytes of an input of `problem`.
pub fn judge_bytes(problem: Problem, bytes: &[u8]) -> Result<Vec<u8>, JudgeError> {
    let mut out = Vec::new();
    // A buffer no larger than the input: generators judge many tiny inputs.
    let capacity = (bytes.len() + 1).min(DEFAULT_CAPACITY);
    problem.run_with(Reader::with_capacity(bytes, capacity), &mut out)?;
    Ok(out)
}

/// One bit per answer: for each test case whether the first player wins; for
/// problems with several queries per test case, one bit per query, test case after
/// test case.
pub fn first_player_wins(input: &Input) -> Vec<bool> {
    let out = expected_output(input).expect("inputs built as data follow the format");
    output_bits(input.problem(), &out)
}

/// The answers of a judge output as bits, as [`first_player_wins`] returns them.
/// Anything that is not a winning answer counts as a loss.
pub fn output_bits(problem: Problem, out: &[u8]) -> Vec<bool> {
    problem.spec().answer_bits(out)
}

/// The names of the two answers of `problem`: the first player's win, then the loss.
pub fn answer_names(problem: Problem) -> (&'static str, &'static str) {
    problem.spec().answer_names()
}
