//! A judge input as data: the test cases of one problem, each in the problem's own
//! type ([`Input`]), written out byte for byte in the statement's format.

use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::io::{self, Write};

use super::problem::Problem;
use super::shrink::without;

/// What a test case of a problem's input can be: any plain value.
pub trait Case: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static {}

impl<T: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static> Case for T {}

/// The test cases of an input, of the problem's own type, behind one interface.
trait Cases: Send + Sync {
    fn len(&self) -> usize;
    fn without(&self, start: u64, count: u64) -> Box<dyn Cases>;
    fn boxed(&self) -> Box<dyn Cases>;
    fn same(&self, other: &dyn Cases) -> bool;
    fn hash_into(&self, state: &mut dyn Hasher);
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn any(&self) -> &dyn Any;
}

impl<T: Case> Cases for Vec<T> {
    fn len(&self) -> usize {
        Vec::len(self)
    }

    fn without(&self, start: u64, count: u64) -> Box<dyn Cases> {
        Box::new(without(self, start, count))
    }

    fn boxed(&self) -> Box<dyn Cases> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn Cases) -> bool {
        other.any().downcast_ref::<Vec<T>>() == Some(self)
    }

    fn hash_into(&self, mut state: &mut dyn Hasher) {
        self.hash(&mut state);
    }

    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }

    fn any(&self) -> &dyn Any {
        self
    }
}

/// A whole input of one judge problem, as data: the problem and its test cases, each
/// of the problem's own type (a board, a table and its queries, a building). Only
/// the problem's own code looks inside ([`Input::cases_of`]); the generic tools
/// count, delete, compare and write test cases through the problem.
pub struct Input {
    problem: Problem,
    cases: Box<dyn Cases>,
}

impl Input {
    /// The input of `problem` made of `cases`.
    pub fn new<T: Case>(problem: Problem, cases: Vec<T>) -> Input {
        Input {
            problem,
            cases: Box::new(cases),
        }
    }

    /// The problem whose format this input follows.
    pub fn problem(&self) -> Problem {
        self.problem
    }

    /// The test cases, when they are of type `T` (`None` for another problem's input).
    pub fn cases_of<T: Case>(&self) -> Option<&Vec<T>> {
        self.cases.any().downcast_ref()
    }

    /// The number of test cases (of buildings, in a city).
    pub fn cases(&self) -> usize {
        self.cases.len()
    }

    /// The input without `count` test cases from `start`.
    pub fn without_cases(&self, start: u64, count: u64) -> Input {
        Input {
            problem: self.problem,
            cases: self.cases.without(start, count),
        }
    }

    /// Writes the input in the statement's exact format: LF line ends, single spaces,
    /// a final newline.
    pub fn write_to<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let mut out = io::BufWriter::with_capacity(1 << 16, out);
        writeln!(out, "{}", self.cases())?;
        self.problem().spec().write_cases(self, &mut out)?;
        out.flush()
    }

    /// The input as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_to(&mut out)
            .expect("writing to a Vec cannot fail");
        out
    }

    /// The input's size in words: `1 test case, a board of 3 squares`,
    /// `2 buildings, values up to 12`, ...
    pub fn describe(&self) -> String {
        self.problem().spec().describe(self)
    }
}

impl Clone for Input {
    fn clone(&self) -> Input {
        Input {
            problem: self.problem,
            cases: self.cases.boxed(),
        }
    }
}

impl PartialEq for Input {
    fn eq(&self, other: &Input) -> bool {
        self.problem == other.problem && self.cases.same(&*other.cases)
    }
}

impl Eq for Input {}

impl Hash for Input {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.problem.hash(state);
        self.cases.hash_into(state);
    }
}

impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Input({}, ", self.problem)?;
        self.cases.debug(f)?;
        f.write_str(")")
    }
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every byte written is ASCII.
        f.write_str(&String::from_utf8_lossy(&self.to_bytes()))
    }
}

/// `n` followed by `one` or `many`: `1 test case`, `3 test cases`.
pub fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Writes test cases that are one row each (a board, a row of cells), a line each.
pub fn write_rows(rows: &[Vec<u8>], out: &mut dyn Write) -> io::Result<()> {
    for row in rows {
        out.write_all(row)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The size of an input of rows in words: `1 test case, a board of 3 squares`, or
/// `2 test cases, boards of at most 3 squares (5 in all)`. `unit` names a row and
/// its cells: `("a board of", "squares", "boards of")`.
pub fn describe_rows(rows: &[Vec<u8>], unit: (&str, &str, &str)) -> String {
    let cases = plural(rows.len() as u64, "test case", "test cases");
    let longest = rows.iter().map(Vec::len).max().unwrap_or(0);
    let total: usize = rows.iter().map(Vec::len).sum();
    if rows.len() == 1 {
        format!("{cases}, {} {longest} {}", unit.0, unit.1)
    } else {
        format!(
            "{cases}, {} at most {longest} {} ({total} in all)",
            unit.2, unit.1
        )
    }
}
