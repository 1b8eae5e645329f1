//! The answers to an input, as `grundy judge` gives them: every answer here comes
//! from [`Problem::run`], the streaming judge, so the setter's tools and the judge
//! can never disagree.

use crate::judge::reader::DEFAULT_CAPACITY;
use crate::judge::{JudgeError, Problem, Reader};

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

/// One bit per answer: for each board, row or city whether the first player (Ada,
/// A, Alice) wins; for TABGAME one bit per query, test case after test case.
pub fn first_player_wins(input: &Input) -> Vec<bool> {
    let out = expected_output(input).expect("inputs built as data follow the format");
    output_bits(input.problem(), &out)
}

/// The answers of a judge output as bits, as [`first_player_wins`] returns them.
/// Anything that is not a winning answer counts as a loss.
pub fn output_bits(problem: Problem, out: &[u8]) -> Vec<bool> {
    let lines = out.split(|&b| b == b'\n');
    match problem {
        Problem::Tabgame => out
            .iter()
            .filter(|&&b| b != b'\n')
            .map(|&b| b == b'1')
            .collect(),
        Problem::Adapwns => lines
            .filter(|l| !l.is_empty())
            .map(|l| l == b"Yes")
            .collect(),
        Problem::Abgame => lines.filter(|l| !l.is_empty()).map(|l| l == b"A").collect(),
        Problem::Legowarz => lines
            .filter(|l| !l.is_empty())
            .map(|l| l == b"Alice")
            .collect(),
    }
}

/// The names of the two answers of `problem`: the first player's win, then the loss.
pub fn answer_names(problem: Problem) -> (&'static str, &'static str) {
    match problem {
        Problem::Adapwns => ("Yes", "No"),
        Problem::Tabgame => ("1 (Alice wins the query)", "0 (Bob wins the query)"),
        Problem::Abgame => ("A", "B"),
        Problem::Legowarz => ("Alice", "Bob"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setter::input::{Building, TableCase};

    #[test]
    fn bits_follow_the_judge() {
        let boards = Input::Adapwns(vec![b"..P.P".to_vec(), b"PP".to_vec()]);
        assert_eq!(first_player_wins(&boards), [true, false]);
        let rows = Input::Abgame(vec![b"A.B".to_vec(), b"A..B.A..B".to_vec()]);
        assert_eq!(first_player_wins(&rows), [true, false]);
        let table = Input::Tabgame(vec![TableCase {
            top: b"101".to_vec(),
            left: b"01".to_vec(),
            queries: vec![(1, 1), (1, 3), (2, 1)],
        }]);
        assert_eq!(first_player_wins(&table), [true, false, false]);
        let city = Input::Legowarz(vec![Building {
            height: 1,
            count: 3,
        }]);
        assert_eq!(first_player_wins(&city), [false]);
    }
}
