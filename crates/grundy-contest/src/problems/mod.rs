//! The judge problems: ADAPWNS, TABGAME, ABGAME and LEGOWARZ, each in its own module
//! (its judge format, limits, generator, validator and shrinking steps, behind
//! [`JudgeProblem`]), answered with its game's closed form; and their list, [`ALL`],
//! which the commands and [`generate`] take them from.
//!
//! ```
//! use grundy_contest::problems::Problem;
//!
//! let tabgame: Problem = "tabgame".parse().unwrap();
//! assert_eq!(tabgame.name(), "tabgame");
//! assert!("chess".parse::<Problem>().is_err());
//! ```

use std::str::FromStr;

pub mod abgame;
pub mod adapwns;
pub mod legowarz;
pub mod tabgame;

pub use abgame::ABGAME;
pub use adapwns::ADAPWNS;
pub use legowarz::LEGOWARZ;
pub use tabgame::TABGAME;

pub use crate::setter::problem::{either, DynOutput, DynReader, JudgeProblem, Problem};

use crate::setter::gen::{self, GenError, Options};
use crate::setter::Input;

/// Every judge problem the commands know, in the order help lists them.
pub const ALL: &[Problem] = &[
    adapwns::ADAPWNS,
    tabgame::TABGAME,
    abgame::ABGAME,
    legowarz::LEGOWARZ,
];

impl Problem {
    /// Every problem, in the order they are listed: [`ALL`].
    pub const ALL: &'static [Problem] = ALL;

    /// Its position in [`ALL`].
    pub fn index(self) -> usize {
        ALL.iter().position(|&p| p == self).unwrap_or(0)
    }
}

/// A problem name that is not one of [`ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown problem {:?}: expected {}", .0, either(ALL))]
pub struct UnknownProblem(pub String);

impl FromStr for Problem {
    type Err = UnknownProblem;
    fn from_str(s: &str) -> Result<Problem, UnknownProblem> {
        ALL.iter()
            .copied()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownProblem(s.to_owned()))
    }
}

/// Generates one input of `problem` ([`gen::generate_among`] over [`ALL`]).
pub fn generate(problem: Problem, options: &Options) -> Result<Input, GenError> {
    gen::generate_among(ALL, problem, options)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::judge::{JudgeError, Reader};
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
