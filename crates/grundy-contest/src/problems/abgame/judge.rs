//! ABGAME, the A-B game: who wins when A moves first?
//!
//! Input: T, then T rows over `.`, `A` and `B`, one per line.
//! Output: one line per row, `A` if player A wins, `B` if player B wins.
//! Solved by [`Summary::of_cells`] and [`Summary::wins_moving_first`].

use std::io::{Read, Write};

use crate::game::Player;
use crate::judge::reader::prefix_len;
use crate::judge::JudgeError;
use crate::judge::{Output, Reader};
use crate::rules::ab::Summary;

/// Answers every test case of `input`, each as soon as it is read.
pub fn solve<R: Read, W: Write>(
    input: &mut Reader<R>,
    output: &mut Output<W>,
) -> Result<(), JudgeError> {
    let t = input.number(|| "the number of test cases T".into())?;
    for case in 1..=t {
        let row = input.token(
            |s| prefix_len(s, |b| (b == b'.') | (b == b'A') | (b == b'B')),
            "'.', 'A' or 'B'",
            || format!("a row of '.', 'A' and 'B' for test case {case} of {t}"),
        )?;
        let a_wins = Summary::of_cells(row).wins_moving_first(Player::Left);
        output.push(if a_wins { b"A\n" } else { b"B\n" })?;
    }
    input.finish(|| format!("the end of the input after {t} test cases"))
}

#[cfg(test)]
mod tests {
    use super::super::ABGAME as Abgame;
    use crate::problems::tests::{judge, judge_err};
    use crate::rules::ab::Summary;
    use proptest::prelude::*;

    /// The summary straight from its definition: pair the letters in order and sort
    /// each pair's room into a reserve or a Nim heap.
    fn pairs(cells: &[u8]) -> Summary {
        let letters: Vec<usize> = (0..cells.len())
            .filter(|&i| cells[i] == b'A' || cells[i] == b'B')
            .collect();
        let mut s = Summary::default();
        for pair in letters.chunks(2) {
            let first = pair[0];
            let end = pair.get(1).copied().unwrap_or(cells.len());
            let room = (end - first - 1) as u64;
            match (cells[first], pair.get(1).map(|&j| cells[j])) {
                (b'A', Some(b'A') | None) => s.reserve_a += room,
                (b'B', Some(b'B') | None) => s.reserve_b += room,
                _ => s.nim ^= room,
            }
        }
        s
    }

    proptest! {
        /// The judge's solver, over rows that span several 64-cell blocks.
        #[test]
        fn summary_matches_the_definition(
            row in prop::collection::vec(prop::sample::select(b"....AABx".to_vec()), 0..300),
            letters in 1usize..8,
        ) {
            // Thin the letters out or keep them dense, so rooms of all sizes occur.
            let row: Vec<u8> = row
                .iter()
                .enumerate()
                .map(|(i, &c)| if c != b'.' && i % letters != 0 { b'.' } else { c })
                .collect();
            prop_assert_eq!(Summary::of_cells(&row), pairs(&row));
        }
    }

    #[test]
    fn sample() {
        assert_eq!(judge(Abgame, "3\nA.B\nA..B\nA..B.A..B\n"), "A\nA\nB\n");
    }

    #[test]
    fn rows_past_the_constraints() {
        let long = format!("B{}A", ".".repeat(200_000));
        assert_eq!(judge(Abgame, &format!("2\n{long}\r\n.\n")), "A\nB\n");
    }

    #[test]
    fn bad_inputs() {
        for (input, message, output) in [
            (
                "2\nA.B\nA.b\n",
                "line 3, column 3: expected '.', 'A' or 'B', found 'b'",
                "A\n",
            ),
            (
                "2 A",
                "line 1, column 4: expected a row of '.', 'A' and 'B' for test case 2 of 2, \
                 found the end of the input",
                "B\n",
            ),
            (
                "-1\n",
                "line 1, column 1: expected the number of test cases T (numbers are never \
                 negative), found '-'",
                "",
            ),
        ] {
            assert_eq!(
                judge_err(Abgame, input),
                (message.to_owned(), output.to_owned())
            );
        }
    }
}
