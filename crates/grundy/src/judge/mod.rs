//! Judge formats: read a contest judge's input, print exactly the expected output.
//!
//! One module per problem of the seed set ([`adapwns`], [`tabgame`], [`abgame`],
//! [`legowarz`]), each answering with the ruleset's closed form from
//! [`rules`](crate::rules). The input formats are those of the judges, read as leniently
//! as `scanf` reads them (see [`reader`]): tokens separated by any whitespace, LF or
//! CRLF line ends, blank lines, no final newline. Past the contest constraints (longer
//! strings, more test cases, bigger numbers up to 2^64 − 1) the answers stay exact.
//!
//! Runs stream: memory is bounded by the largest test case, not by the input. Each
//! answer is written once its test case has been read and checked, so when the input
//! goes wrong the answers already written are correct, and they are flushed before the
//! [`JudgeError`] is returned.
//!
//! ```
//! use grundy::judge::Problem;
//!
//! let mut out = Vec::new();
//! Problem::Abgame.run(&b"3\nA.B\nA..B\nA..B.A..B\n"[..], &mut out).unwrap();
//! assert_eq!(out, b"A\nA\nB\n");
//!
//! let mut out = Vec::new();
//! let err = Problem::Adapwns.run(&b"2\n..P\n.X\n"[..], &mut out).unwrap_err();
//! assert_eq!(err.to_string(), "line 3, column 2: expected '.' or 'P', found 'X'");
//! assert_eq!(out, b"Yes\n");
//! ```

use std::fmt;
use std::io::{Read, Write};
use std::str::FromStr;

pub mod abgame;
pub mod adapwns;
pub mod error;
pub mod legowarz;
pub mod output;
pub mod reader;
pub mod tabgame;

pub use error::{Found, JudgeError};
pub use output::Output;
pub use reader::Reader;

/// One of the judge problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// ADAPWNS, pawns on a strip.
    Adapwns,
    /// TABGAME, the table game.
    Tabgame,
    /// ABGAME, the A-B game.
    Abgame,
    /// LEGOWARZ, the game of towers.
    Legowarz,
}

impl Problem {
    /// Every problem, in the order they are listed.
    pub const ALL: [Problem; 4] = [
        Problem::Adapwns,
        Problem::Tabgame,
        Problem::Abgame,
        Problem::Legowarz,
    ];

    /// The problem's name as typed on the command line: `adapwns`, ...
    pub fn name(self) -> &'static str {
        match self {
            Problem::Adapwns => "adapwns",
            Problem::Tabgame => "tabgame",
            Problem::Abgame => "abgame",
            Problem::Legowarz => "legowarz",
        }
    }

    /// A one-line description of the game.
    pub fn title(self) -> &'static str {
        match self {
            Problem::Adapwns => "pawns on a strip, moving 1 or 2 squares left",
            Problem::Tabgame => "the table game, a stone moving up or left",
            Problem::Abgame => "the A-B game, partizan, A moves first",
            Problem::Legowarz => "the game of towers, Nim on runs of heights",
        }
    }

    /// The input format, in one sentence.
    pub fn input_format(self) -> &'static str {
        match self {
            Problem::Adapwns => "T, then T lines, each a board over '.' (empty) and 'P' (pawn)",
            Problem::Tabgame => {
                "T; per test case a string of M digits for cells (0,1)..(0,M) and one of \
                 N digits for cells (1,0)..(N,0), 1 where the player who moves the stone \
                 there loses, then Q and Q lines 'x y' with x in 1..N and y in 1..M"
            }
            Problem::Abgame => "T, then T lines, each a row over '.', 'A' and 'B'",
            Problem::Legowarz => {
                "N, then N lines 'h n': n towers of heights h, h+1, ..., h+n-1, \
                 each number up to 2^64-1"
            }
        }
    }

    /// The output format, in one sentence.
    pub fn output_format(self) -> &'static str {
        match self {
            Problem::Adapwns => "one line per test case: Yes if the first player wins, else No",
            Problem::Tabgame => {
                "one line per test case: Q digits, 1 where Alice (moving first) wins"
            }
            Problem::Abgame => "one line per test case: A or B, the winner when A moves first",
            Problem::Legowarz => "one line: Alice if the first player wins, else Bob",
        }
    }

    /// Reads the problem's input from `input` and writes the answers to `output`.
    pub fn run<R: Read, W: Write>(self, input: R, output: W) -> Result<(), JudgeError> {
        self.run_with(Reader::new(input), output)
    }

    /// As [`Problem::run`], reading through a given [`Reader`] (for example one with
    /// a small buffer).
    pub fn run_with<R: Read, W: Write>(
        self,
        input: Reader<R>,
        output: W,
    ) -> Result<(), JudgeError> {
        match self {
            Problem::Adapwns => drive(input, output, adapwns::solve),
            Problem::Tabgame => drive(input, output, tabgame::solve),
            Problem::Abgame => drive(input, output, abgame::solve),
            Problem::Legowarz => drive(input, output, legowarz::solve),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A problem name that is not one of [`Problem::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown problem {0:?}: expected adapwns, tabgame, abgame or legowarz")]
pub struct UnknownProblem(pub String);

impl FromStr for Problem {
    type Err = UnknownProblem;
    fn from_str(s: &str) -> Result<Problem, UnknownProblem> {
        Problem::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownProblem(s.to_owned()))
    }
}

/// Runs `solve` over a reader and an output, flushing the answers written so far
/// whether or not it succeeds. An input error takes precedence over a write error.
fn drive<R: Read, W: Write>(
    mut input: Reader<R>,
    output: W,
    solve: fn(&mut Reader<R>, &mut Output<W>) -> Result<(), JudgeError>,
) -> Result<(), JudgeError> {
    let mut output = Output::new(output);
    let solved = solve(&mut input, &mut output);
    let flushed = output.flush();
    solved.and(flushed)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

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

    const SAMPLES: [(Problem, &str); 4] = [
        (Problem::Adapwns, "3\n..P.P\nPP\n....P.P\n"),
        (
            Problem::Tabgame,
            "1\n101\n01\n6\n1 1\n1 2\n1 3\n2 1\n2 2\n2 3\n",
        ),
        (Problem::Abgame, "3\nA.B\nA..B\nA..B.A..B\n"),
        (Problem::Legowarz, "3\n1 3\n4 2\n18446744073709551615 7\n"),
    ];

    /// Valid inputs with a few bytes changed, inserted or removed.
    fn mutated() -> impl Strategy<Value = (Problem, Vec<u8>)> {
        let edits =
            prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 0..4);
        (0..SAMPLES.len(), edits).prop_map(|(i, edits)| {
            let (problem, text) = SAMPLES[i];
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

    /// Larger valid inputs of the number-heavy problems (so the reader's fast paths
    /// run), with a few bytes changed.
    fn mutated_long() -> impl Strategy<Value = (Problem, Vec<u8>)> {
        let numbers = prop::collection::vec(any::<u64>(), 2..120);
        let edits = prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3);
        (any::<bool>(), numbers, edits).prop_map(|(tab, numbers, edits)| {
            let mut text = if tab {
                let q = numbers.len() / 2;
                let mut t = format!("1\n1011\n011\n{q}\n");
                for pair in numbers.chunks_exact(2) {
                    t += &format!("{} {}\n", 1 + pair[0] % 4, 1 + pair[1] % 5);
                }
                t
            } else {
                let mut t = format!("{}\n", numbers.len() / 2);
                for pair in numbers.chunks_exact(2) {
                    t += &format!("{} {}\r\n", pair[0] >> (pair[1] % 64), pair[1]);
                }
                t
            }
            .into_bytes();
            for (at, byte) in edits {
                let i = at.index(text.len());
                text[i] = b"\n \r-x05"[usize::from(byte) % 7];
            }
            (
                if tab {
                    Problem::Tabgame
                } else {
                    Problem::Legowarz
                },
                text,
            )
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The fast paths (taken only with a large buffer) agree with the careful ones,
        /// answers and errors alike.
        #[test]
        fn fast_paths_agree_with_careful_reading((problem, bytes) in mutated_long(), cap in 1usize..9) {
            let whole = outcome(problem, Reader::new(&bytes[..]));
            let pieces = outcome(problem, Reader::with_capacity(Trickle { data: &bytes, step: 5 }, cap));
            prop_assert_eq!(whole, pieces);
        }
    }

    #[test]
    fn problem_names_round_trip() {
        for p in Problem::ALL {
            assert_eq!(p.name().parse::<Problem>().unwrap(), p);
            assert_eq!(p.to_string(), p.name());
        }
        assert!("chess".parse::<Problem>().is_err());
    }

    #[test]
    fn samples_answer_alike_through_any_buffer() {
        for (problem, text) in SAMPLES {
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
