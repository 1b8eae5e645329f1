//! Judge formats: read a contest judge's input, print exactly the expected output.
//!
//! Each problem of [`problems`](crate::problems) answers with its game's closed form;
//! this module is the formats they share: the streaming [`reader`] and [`output`],
//! and the errors that name where an input went wrong. The input formats are those of the judges,
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
//! use grundy_contest::problems::Problem;
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
pub mod reader;

pub use error::{Found, JudgeError};
pub use output::Output;
pub use reader::Reader;
