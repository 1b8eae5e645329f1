//! TABGAME, the table game: which queries does Alice, moving first, win?
//!
//! Input: T; per test case the top string (length M) and the left string (length N)
//! of `0`/`1` digits, Q, and Q queries `x y` with 1 ≤ x ≤ N, 1 ≤ y ≤ M.
//! Output: one line per test case, Q digits, `1` where Alice wins.
//! Solved by [`TableSolver::from_digits`] and [`TableSolver::wins`].

use std::io::{Read, Write};

use crate::judge::reader::prefix_len;
use crate::judge::JudgeError;
use crate::judge::{Output, Reader};
use crate::rules::table::TableSolver;

/// How many queries are parsed before they are answered together.
const BATCH: usize = 512;

fn binary(s: &[u8]) -> usize {
    prefix_len(s, |b| (b | 1) == b'1')
}

/// Reads a coordinate from 1 to `max` (`axis` names it in errors).
#[inline(always)]
fn coordinate<R: Read>(
    input: &mut Reader<R>,
    max: usize,
    axis: &str,
    query: u64,
    q: u64,
    case: u64,
) -> Result<usize, JudgeError> {
    let what = || format!("{axis} of query {query} of {q} in test case {case}");
    let v = input.number(what)?;
    match usize::try_from(v) {
        Ok(v) if (1..=max).contains(&v) => Ok(v),
        _ => Err(input.error_at_token(format!("{}, from 1 to {max}", what()))),
    }
}

/// Answers every test case of `input`, each once all its queries are read.
pub fn solve<R: Read, W: Write>(
    input: &mut Reader<R>,
    output: &mut Output<W>,
) -> Result<(), JudgeError> {
    let t = input.number(|| "the number of test cases T".into())?;
    let mut top = Vec::new();
    let mut answers = Vec::new();
    let mut coords = Vec::with_capacity(2 * BATCH);
    for case in 1..=t {
        top.clear();
        top.extend_from_slice(input.token(binary, "'0' or '1'", || {
            format!("the top string of '0' and '1' (length M) for test case {case} of {t}")
        })?);
        let left = input.token(binary, "'0' or '1'", || {
            format!("the left string of '0' and '1' (length N) for test case {case} of {t}")
        })?;
        let (n, m) = (left.len(), top.len());
        let solver = TableSolver::from_digits(&top, left);
        let q = input.number(|| format!("the number of queries Q for test case {case} of {t}"))?;
        answers.clear();
        // Queries are parsed a batch at a time, then answered together: the table
        // lookups of a batch are independent, so their cache misses overlap. Plain
        // coordinates in range take the reader's fast path; anything else, including
        // every error, goes through `coordinate`.
        let mut done = 0;
        while done < q {
            let want = 2 * (q - done).min(BATCH as u64) as usize;
            coords.clear();
            while coords.len() < want {
                let in_range = |i: usize, v: u64| {
                    let max = if i % 2 == 0 { n } else { m };
                    (1..=max as u64).contains(&v)
                };
                let missing = want - coords.len();
                input.numbers_while(&mut coords, missing, in_range);
                if coords.len() < want {
                    let i = coords.len();
                    let query = done + 1 + (i / 2) as u64;
                    let v = if i % 2 == 0 {
                        coordinate(input, n, "the row x", query, q, case)?
                    } else {
                        coordinate(input, m, "the column y", query, q, case)?
                    };
                    coords.push(v as u64);
                }
            }
            answers.extend(
                coords
                    .chunks_exact(2)
                    .map(|c| b'0' + u8::from(solver.wins(c[0] as usize, c[1] as usize))),
            );
            done += (want / 2) as u64;
        }
        answers.push(b'\n');
        output.push(&answers)?;
    }
    input.finish(|| format!("the end of the input after {t} test cases"))
}

#[cfg(test)]
mod tests {
    use super::super::TABGAME as Tabgame;
    use crate::problems::tests::{judge, judge_err};

    use crate::rules::table::{Table, TableSolver};
    use proptest::prelude::*;

    proptest! {
        /// The judge's solver agrees with the one built from a [`Table`], cell by cell.
        #[test]
        fn from_digits_matches_the_table_solver(top in "[01]{1,40}", left in "[01]{1,40}") {
            let fast = TableSolver::from_digits(top.as_bytes(), left.as_bytes());
            let reference = TableSolver::new(&Table::new(&top, &left).unwrap());
            for x in 1..=left.len() {
                for y in 1..=top.len() {
                    prop_assert_eq!(fast.wins(x, y), reference.wins(x, y), "{} {}", x, y);
                }
            }
        }
    }

    const SAMPLE: &str = "1\n101\n01\n6\n1 1\n1 2\n1 3\n2 1\n2 2\n2 3\n";

    #[test]
    fn sample() {
        assert_eq!(judge(Tabgame, SAMPLE), "110011\n");
    }

    #[test]
    fn two_cases_and_no_queries() {
        let input = format!("{}\n1 1\n0\n", SAMPLE.replacen('1', "2", 1));
        assert_eq!(judge(Tabgame, &input), "110011\n\n");
    }

    #[test]
    fn bad_inputs() {
        // Test case 2 starts on line 11: one cell, lost, then two queries of (1, 1).
        let first = SAMPLE.replacen('1', "2", 1);
        for (tail, message, output) in [
            ("2 1\n", "line 15, column 1: expected the row x of query 2 of 2 in test case 2, from 1 to 1, found 2", ""),
            ("1 0\n", "line 15, column 3: expected the column y of query 2 of 2 in test case 2, from 1 to 1, found 0", ""),
            ("1\n", "line 16, column 1: expected the column y of query 2 of 2 in test case 2, found the end of the input", ""),
            ("1 1\n1", "line 16, column 1: expected the end of the input after 2 test cases, found '1'", "00\n"),
            ("1  0002\n", "line 15, column 4: expected the column y of query 2 of 2 in test case 2, from 1 to 1, found 0002", ""),
        ] {
            let input = format!("{first}1\n1\n2\n1 1\n{tail}");
            let expected = (message.to_owned(), format!("110011\n{output}"));
            assert_eq!(judge_err(Tabgame, &input), expected, "{tail:?}");
        }
        let message = "line 2, column 2: expected '0' or '1', found '2'";
        assert_eq!(
            judge_err(Tabgame, "1\n121\n"),
            (message.to_owned(), String::new())
        );
    }
}
