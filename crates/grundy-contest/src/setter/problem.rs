//! One judge problem behind one interface: [`JudgeProblem`], implemented by each
//! problem in its own module (under [`problems`](crate::problems)), and [`Problem`],
//! the handle every command and every generic tool (judge, generator, validator,
//! shrinker) calls. The problems themselves are listed by
//! [`problems::ALL`](crate::problems::ALL).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::io::{self, Read, Write};

use super::gen::{Gen, Kind};
use super::input::Input;
use crate::judge::{JudgeError, Output, Reader};
use crate::setter::limits::Bound;
use crate::setter::rng::Rng;
use crate::setter::shrink::{List, Number, Run};
use crate::setter::validate::strict::Strict;
use crate::setter::validate::{Answers, Coverage, ValidationError};

/// The reader a problem's judge reads from: any source, boxed.
pub type DynReader<'a> = Reader<Box<dyn Read + 'a>>;

/// The answers a problem's judge writes to.
pub type DynOutput<'a> = Output<&'a mut dyn Write>;

/// What one judge problem is: its judge format, its statement's limits, and its
/// generator, validator and shrinking steps over its test cases. Everything generic
/// (streaming, buffering, error positions, kinds and scales, strict whitespace, the
/// shrinking loop) is done by the caller.
pub trait JudgeProblem: Sync + 'static {
    /// The name on the command line, e.g. `adapwns`.
    fn name(&self) -> &'static str;
    /// The contest's name of the problem and its game in a few words, e.g.
    /// `ADAPWNS, pawns on a strip`.
    fn label(&self) -> &'static str;
    /// A one-line description of the game.
    fn title(&self) -> &'static str;
    /// The input format, in one sentence.
    fn input_format(&self) -> &'static str;
    /// The output format, in one sentence.
    fn output_format(&self) -> &'static str;
    /// A small valid input (the statement's sample).
    fn sample(&self) -> &'static str;
    /// Answers every test case of `input`, each as soon as it is read.
    fn solve(
        &self,
        input: &mut DynReader<'_>,
        output: &mut DynOutput<'_>,
    ) -> Result<(), JudgeError>;
    /// The names of the two answers: the first player's win, then the loss.
    fn answer_names(&self) -> (&'static str, &'static str);
    /// The answers of a judge output as bits, one per answer line (`true` when the
    /// line is the win's name). Anything that is not a winning answer is a loss.
    fn answer_bits(&self, out: &[u8]) -> Vec<bool> {
        let win = self.answer_names().0.as_bytes();
        out.split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| l == win)
            .collect()
    }

    /// The bound on the number of test cases of an input aimed at `kind`.
    fn cases_bound(&self, kind: Kind) -> Bound;
    /// The kinds of test the generator makes.
    fn kinds(&self) -> &'static [Kind] {
        &Kind::COMMON
    }
    /// Whether an input starts with its number of test cases, so that its test cases
    /// can be judged in batches (each with its own count).
    fn batched(&self) -> bool {
        true
    }
    /// Generates the test cases of one input.
    fn generate(&self, g: &Gen, rng: &mut Rng) -> Input;
    /// Reads an input strictly after its first line (T, read by `check` too), pushes
    /// each test case to `answers`, and returns the coverage of each quantity.
    fn check(
        &self,
        r: &mut Strict<&mut dyn Read>,
        answers: &mut Answers,
    ) -> Result<Vec<Coverage>, ValidationError>;
    /// The `count` test cases of a valid input, its lines after the first.
    fn parse(&self, count: u64, lines: &mut dyn Iterator<Item = &[u8]>) -> Input;
    /// Writes the test cases of `input` (after its first line, the count).
    fn write_cases(&self, input: &Input, out: &mut dyn Write) -> io::Result<()>;
    /// The input's size in words, e.g. `1 test case, a board of 3 squares`.
    fn describe(&self, input: &Input) -> String;

    /// Every row, string and number at most half as long (as large), or `None` when
    /// nothing would change.
    fn halve(&self, input: &Input) -> Option<Input>;
    /// The lists inside test case `case` that shrinking shortens.
    fn lists(&self, _input: &Input, _case: usize) -> Vec<List> {
        Vec::new()
    }
    /// The numbers inside test case `case` that shrinking lowers.
    fn numbers(&self, _input: &Input, _case: usize) -> Vec<Number> {
        Vec::new()
    }
    /// Shrinking steps of the problem's own, before test cases are deleted.
    fn shrink_before_deletion(&self, _run: &mut Run, _cur: &mut Input) {}
    /// Shrinking steps of the problem's own, after test cases are deleted.
    fn shrink_after_deletion(&self, _run: &mut Run, _cur: &mut Input) {}
}

/// One judge problem: a handle that compares, hashes and prints as its name (and
/// parses from it: [`problems`](crate::problems)).
#[derive(Clone, Copy)]
pub struct Problem(&'static dyn JudgeProblem);

impl Problem {
    /// The handle of a problem.
    pub const fn new(problem: &'static dyn JudgeProblem) -> Problem {
        Problem(problem)
    }

    /// What the problem is, all of it.
    pub fn spec(self) -> &'static dyn JudgeProblem {
        self.0
    }

    /// The problem's name as typed on the command line: `adapwns`, ...
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// A one-line description of the game.
    pub fn title(self) -> &'static str {
        self.0.title()
    }

    /// The input format, in one sentence.
    pub fn input_format(self) -> &'static str {
        self.0.input_format()
    }

    /// The output format, in one sentence.
    pub fn output_format(self) -> &'static str {
        self.0.output_format()
    }

    /// Reads the problem's input from `input` and writes the answers to `output`.
    pub fn run<R: Read, W: Write>(self, input: R, output: W) -> Result<(), JudgeError> {
        self.run_with(Reader::new(input), output)
    }

    /// As [`Problem::run`], reading through a given [`Reader`] (for example one with
    /// a small buffer). The answers written so far are flushed whether or not the
    /// run succeeds; an input error takes precedence over a write error.
    pub fn run_with<R: Read, W: Write>(
        self,
        input: Reader<R>,
        mut output: W,
    ) -> Result<(), JudgeError> {
        let mut input = input.map_source(boxed);
        let mut output = Output::new(&mut output as &mut dyn Write);
        let solved = self.0.solve(&mut input, &mut output);
        let flushed = output.flush();
        solved.and(flushed)
    }
}

fn boxed<'a, R: Read + 'a>(src: R) -> Box<dyn Read + 'a> {
    Box::new(src)
}

impl PartialEq for Problem {
    fn eq(&self, other: &Problem) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Problem {}

impl Hash for Problem {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Problem({})", self.name())
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The names of `problems` as a list to choose from: `a, b or c`.
pub fn either(problems: &[Problem]) -> String {
    let names: Vec<&str> = problems.iter().map(|p| p.name()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}
