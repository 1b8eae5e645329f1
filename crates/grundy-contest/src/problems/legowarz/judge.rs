//! LEGOWARZ, the game of towers: does Alice, moving first, win?
//!
//! Input: N, then N lines `h n`: a building of n towers of heights h, h + 1, ...,
//! h + n − 1, each number from 0 to 2^64 − 1.
//! Output: one line, `Alice` if the first player wins, `Bob` otherwise.
//! Solved by [`run_xor`] per building.

use std::io::{Read, Write};

use crate::judge::JudgeError;
use crate::judge::{Output, Reader};
use crate::rules::towers::run_xor;

/// Answers the input: the XOR over all buildings decides, so the answer comes once
/// every building has been read.
pub fn solve<R: Read, W: Write>(
    input: &mut Reader<R>,
    output: &mut Output<W>,
) -> Result<(), JudgeError> {
    let n = input.number(|| "the number of buildings N".into())?;
    let mut value = 0u128;
    for i in 1..=n {
        let height = input.number(|| format!("the height h of building {i} of {n}"))?;
        let count = input.number(|| format!("the number of towers n of building {i} of {n}"))?;
        value ^= run_xor(u128::from(height), count);
    }
    input.finish(|| format!("the end of the input after {n} buildings"))?;
    output.push(if value != 0 { b"Alice\n" } else { b"Bob\n" })
}

#[cfg(test)]
mod tests {
    use super::super::LEGOWARZ as Legowarz;
    use crate::problems::tests::{judge, judge_err};

    #[test]
    fn small_cities() {
        assert_eq!(judge(Legowarz, "1\n1 1\n"), "Alice\n");
        assert_eq!(judge(Legowarz, "1\n1 3\n"), "Bob\n"); // 1 ^ 2 ^ 3
        assert_eq!(judge(Legowarz, "2\n2 2\n5 1"), "Alice\n"); // 2 ^ 3 ^ 5
        assert_eq!(judge(Legowarz, "0\n"), "Bob\n");
        assert_eq!(judge(Legowarz, "1\n7 0\n"), "Bob\n");
    }

    #[test]
    fn values_up_to_the_64_bit_limit() {
        let max = u64::MAX;
        // Two equal buildings cancel; the towers of one reach 2^65 − 2.
        assert_eq!(
            judge(Legowarz, &format!("2\n{max} {max}\n{max} {max}\n")),
            "Bob\n"
        );
        assert_eq!(judge(Legowarz, &format!("1\n{max} {max}\n")), "Alice\n");
    }

    #[test]
    fn bad_inputs() {
        for (input, message) in [
            (
                "2\n1 2\n3\n",
                "line 4, column 1: expected the number of towers n of building 2 of 2, \
                 found the end of the input",
            ),
            (
                "1\n1 18446744073709551616\n",
                "line 2, column 3: expected the number of towers n of building 1 of 1 \
                 (at most 18446744073709551615), found 18446744073709551616",
            ),
            (
                "1\n1 -2\n",
                "line 2, column 3: expected the number of towers n of building 1 of 1 \
                 (numbers are never negative), found '-'",
            ),
            (
                "1\n1 2\n3 4\n",
                "line 3, column 1: expected the end of the input after 1 buildings, found '3'",
            ),
            ("1\n1 2x\n", "line 2, column 4: expected a digit, found 'x'"),
        ] {
            assert_eq!(
                judge_err(Legowarz, input),
                (message.to_owned(), String::new())
            );
        }
    }
}
