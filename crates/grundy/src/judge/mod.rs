//! Judge formats: read a contest judge's input, print exactly the expected output.
//!
//! Each problem of [`PROBLEMS`](crate::registry::PROBLEMS) lives with its game, under
//! `rules/<game>/problem`, and answers with the ruleset's closed form; this module is
//! what they share: the [`Problem`] handle and its [`JudgeProblem`] interface, and the
//! streaming [`reader`] and [`output`]. The input formats are those of the judges,
//! read as leniently as `scanf` reads them (see [`reader`]): tokens separated by any
//! whitespace, LF or CRLF line ends, blank lines, no final newline. Past the contest
//! constraints (longer strings, more test cases, bigger numbers up to 2^64 − 1) the
//! answers stay exact.
//!
//! Runs stream: memory is bounded by the largest test case, not by the input. Each
//! answer is written once its test case has been read and checked, so when the input
//! goes wrong the answers already written are correct, and they are flushed before the
//! [`JudgeError`] is returned.
//!
//! ```
//! use grundy::judge::Problem;
//!
//! let abgame: Problem = "abgame".parse().unwrap();
//! let mut out = Vec::new();
//! abgame.run(&b"3\nA.B\nA..B\nA..B.A..B\n"[..], &mut out).unwrap();
//! assert_eq!(out, b"A\nA\nB\n");
//!
//! let adapwns: Problem = "adapwns".parse().unwrap();
//! let mut out = Vec::new();
//! let err = adapwns.run(&b"2\n..P\n.X\n"[..], &mut out).unwrap_err();
//! assert_eq!(err.to_string(), "line 3, column 2: expected '.' or 'P', found 'X'");
//! assert_eq!(out, b"Yes\n");
//! ```

pub mod error;
pub mod output;
pub mod problem;
pub mod reader;

pub use error::{Found, JudgeError};
pub use output::Output;
pub use problem::{DynOutput, DynReader, JudgeProblem, Problem, UnknownProblem};
pub use reader::Reader;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::io::Read;

    /// The output of a run that must succeed.
    pub(crate) fn judge(problem: Problem, input: &str) -> String {
        let mut out = Vec::new();
        if let Err(e) = problem.run(input.as_bytes(), &mut out) {
            panic!("{problem} on {input:?}: {e}");
        }
        String::from_utf8(out).unwrap()
    }

    /// The message and the partial output of a run that must fail on its input.
    pub(crate) fn judge_err(problem: Problem, input: &str) -> (String, String) {
        let mut out = Vec::new();
        match problem.run(input.as_bytes(), &mut out) {
            Ok(()) => panic!("{problem} accepted {input:?}"),
            Err(e @ JudgeError::Input { .. }) => (e.to_string(), String::from_utf8(out).unwrap()),
            Err(e) => panic!("{problem} on {input:?}: {e}"),
        }
    }

    /// A source that hands out at most `step` bytes per read.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.step).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// The outcome of a run as comparable data: the output, and the error message.
    fn outcome(problem: Problem, input: Reader<impl Read>) -> (Vec<u8>, Option<String>) {
        let mut out = Vec::new();
        let result = problem.run_with(input, &mut out);
        match result {
            Ok(()) => (out, None),
            Err(e @ JudgeError::Input { .. }) => (out, Some(e.to_string())),
            Err(e) => panic!("{problem}: unexpected I/O error {e}"),
        }
    }

    /// Every problem with its sample input.
    fn samples() -> Vec<(Problem, &'static str)> {
        Problem::ALL
            .iter()
            .map(|&p| (p, p.spec().sample()))
            .collect()
    }

    /// Valid inputs with a few bytes changed, inserted or removed.
    fn mutated() -> impl Strategy<Value = (Problem, Vec<u8>)> {
        let edits =
            prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 0..4);
        (0..Problem::ALL.len(), edits).prop_map(|(i, edits)| {
            let (problem, text) = samples()[i];
            let mut bytes = text.as_bytes().to_vec();
            for (at, kind, byte) in edits {
                let byte = b"\n\r -.01PAB9x\xff"[usize::from(byte) % 13];
                match kind {
                    0 if !bytes.is_empty() => {
                        let i = at.index(bytes.len());
                        bytes[i] = byte;
                    }
                    1 => bytes.insert(at.index(bytes.len() + 1), byte),
                    _ if !bytes.is_empty() => {
                        bytes.remove(at.index(bytes.len()));
                    }
                    _ => {}
                }
            }
            (problem, bytes)
        })
    }

    fn any_problem() -> impl Strategy<Value = Problem> {
        prop::sample::select(Problem::ALL.to_vec())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// No input makes a parser panic, and the answer does not depend on how the
        /// input arrives (buffer size, pieces per read).
        #[test]
        fn random_bytes_never_panic(problem in any_problem(), bytes in prop::collection::vec(any::<u8>(), 0..64), cap in 1usize..9, step in 1usize..7) {
            let whole = outcome(problem, Reader::new(&bytes[..]));
            let pieces = outcome(problem, Reader::with_capacity(Trickle { data: &bytes, step }, cap));
            prop_assert_eq!(whole, pieces);
        }

        #[test]
        fn mutated_inputs_never_panic((problem, bytes) in mutated(), cap in 1usize..9, step in 1usize..7) {
            let whole = outcome(problem, Reader::new(&bytes[..]));
            let pieces = outcome(problem, Reader::with_capacity(Trickle { data: &bytes, step }, cap));
            // Answers written before an error are whole lines.
            if whole.1.is_some() {
                prop_assert!(whole.0.is_empty() || whole.0.ends_with(b"\n"));
            }
            prop_assert_eq!(whole, pieces);
        }
    }

    #[test]
    fn problem_names_round_trip() {
        for &p in Problem::ALL {
            assert_eq!(p.name().parse::<Problem>().unwrap(), p);
            assert_eq!(p.to_string(), p.name());
        }
        assert!("chess".parse::<Problem>().is_err());
    }

    #[test]
    fn samples_answer_alike_through_any_buffer() {
        for (problem, text) in samples() {
            let whole = outcome(problem, Reader::new(text.as_bytes()));
            assert_eq!(whole.1, None, "{problem}");
            for cap in 1..8 {
                let trickle = Trickle {
                    data: text.as_bytes(),
                    step: 3,
                };
                assert_eq!(outcome(problem, Reader::with_capacity(trickle, cap)), whole);
            }
        }
    }
}
