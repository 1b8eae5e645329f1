//! ADAPWNS, pawns on a strip: does the first player win?
//!
//! Input: T, then T boards over `.` (empty) and `P` (pawn), one per line.
//! Output: one line per board, `Yes` if the first player wins, `No` otherwise.
//! Solved by [`Pawns::nim_value`] with k = 2.

use std::io::{Read, Write};

use crate::judge::reader::prefix_len;
use crate::judge::JudgeError;
use crate::judge::{Output, Reader};
use crate::rules::pawns::Pawns;

/// Answers every test case of `input`, each as soon as it is read.
pub fn solve<R: Read, W: Write>(
    input: &mut Reader<R>,
    output: &mut Output<W>,
) -> Result<(), JudgeError> {
    let rules = Pawns::adapwns();
    let t = input.number(|| "the number of test cases T".into())?;
    for case in 1..=t {
        let board = input.token(
            |s| prefix_len(s, |b| (b == b'.') | (b == b'P')),
            "'.' or 'P'",
            || format!("a board of '.' and 'P' for test case {case} of {t}"),
        )?;
        let first_wins = rules.nim_value(board) != 0;
        output.push(if first_wins { b"Yes\n" } else { b"No\n" })?;
    }
    input.finish(|| format!("the end of the input after {t} test cases"))
}

#[cfg(test)]
mod tests {
    use super::super::ADAPWNS as Adapwns;
    use crate::problems::tests::{judge, judge_err};
    use crate::rules::pawns::Pawns;
    use proptest::prelude::*;

    /// The staircase value straight from its definition: the piles left of each pawn,
    /// every other one counted from the last pawn, each mod (k + 1).
    fn staircase(squares: &[u8], step: u64) -> u64 {
        let mut piles = Vec::new();
        let mut empty = 0;
        for &b in squares {
            if b == b'P' {
                piles.push(empty);
                empty = 0;
            } else {
                empty += 1;
            }
        }
        piles
            .iter()
            .rev()
            .step_by(2)
            .fold(0, |acc, p| acc ^ (p % (step + 1)))
    }

    proptest! {
        /// The judge's solver, over boards that span several 64-square blocks.
        #[test]
        fn nim_value_matches_the_definition(
            board in prop::collection::vec(prop::sample::select(b"..PPx".to_vec()), 0..300),
            dense in any::<bool>(),
        ) {
            let board: Vec<u8> = if dense {
                board.iter().map(|&b| if b == b'.' { b'P' } else { b }).collect()
            } else {
                board
            };
            for step in 1..=4 {
                let rules = Pawns::new(step).unwrap();
                prop_assert_eq!(rules.nim_value(&board), staircase(&board, u64::from(step)));
            }
        }
    }

    #[test]
    fn sample() {
        assert_eq!(judge(Adapwns, "1\n..P.P\n"), "Yes\n");
    }

    #[test]
    fn several_boards_leniently_spaced() {
        let input = "3\r\n\r\n  PP \r\n....P\t.PP.";
        assert_eq!(judge(Adapwns, input), "No\nYes\nNo\n");
    }

    #[test]
    fn bad_inputs() {
        for (input, message, output) in [
            (
                "2\n..P\n.X\n",
                "line 3, column 2: expected '.' or 'P', found 'X'",
                "Yes\n",
            ),
            (
                "3\n..P\n.P\n",
                "line 4, column 1: expected a board of '.' and 'P' for test case 3 of 3, \
                 found the end of the input",
                "Yes\nYes\n",
            ),
            (
                "1\n.P\nP\n",
                "line 3, column 1: expected the end of the input after 1 test cases, found 'P'",
                "Yes\n",
            ),
            (
                "",
                "line 1, column 1: expected the number of test cases T, found the end of the input",
                "",
            ),
        ] {
            assert_eq!(
                judge_err(Adapwns, input),
                (message.to_owned(), output.to_owned())
            );
        }
    }
}
