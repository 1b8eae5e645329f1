//! What a valid input covers, as Polygon's validator statistics show it: for each
//! constrained quantity the least and greatest value reached and which limits were
//! hit, and how many times each answer occurs (from the judge).

use std::fmt;

use crate::setter::answers::{answer_names, judge_bytes, output_bits};
use crate::setter::limits::Bound;
use crate::setter::problem::Problem;

use super::ValidationError;

/// The values one constrained quantity took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// The quantity: `T`, `N`, `x`, `sum of |s|`, ...
    pub name: String,
    /// Its constraint as the statement writes it: `2 ≤ N ≤ 128`.
    pub constraint: String,
    /// The least value taken (`None` when the quantity never occurred).
    pub least: Option<u128>,
    /// The greatest value taken.
    pub greatest: Option<u128>,
    /// How many values were recorded.
    pub count: u64,
    /// Whether some value was at the lower limit.
    pub min_hit: bool,
    /// Whether some value was at the upper limit.
    pub max_hit: bool,
}

impl Coverage {
    /// A quantity with fixed limits.
    pub fn of(bound: &Bound) -> Coverage {
        Coverage::relative(bound.symbol, bound.constraint())
    }

    /// A quantity whose limits depend on the test case (`1 ≤ x ≤ N`).
    pub fn relative(name: &str, constraint: String) -> Coverage {
        Coverage {
            name: name.to_owned(),
            constraint,
            least: None,
            greatest: None,
            count: 0,
            min_hit: false,
            max_hit: false,
        }
    }

    /// Records a value of a quantity with fixed limits.
    pub fn record(&mut self, value: u64, bound: &Bound) {
        self.record_at(value, value == bound.min, value == bound.max);
    }

    /// Records a value, saying whether it is at either limit.
    pub fn record_at(&mut self, value: u64, at_min: bool, at_max: bool) {
        let v = u128::from(value);
        self.least = Some(self.least.map_or(v, |l| l.min(v)));
        self.greatest = Some(self.greatest.map_or(v, |g| g.max(v)));
        self.count += 1;
        self.min_hit |= at_min;
        self.max_hit |= at_max;
    }

    /// The limits hit, in words: `min, max`, `min`, `max` or `-`.
    pub fn hits(&self) -> &'static str {
        match (self.min_hit, self.max_hit) {
            (true, true) => "min, max",
            (true, false) => "min",
            (false, true) => "max",
            (false, false) => "-",
        }
    }
}

/// The report of a valid input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The problem.
    pub problem: Problem,
    /// The input's size in bytes.
    pub bytes: u64,
    /// Its number of lines.
    pub lines: u64,
    /// One entry per constrained quantity, in the statement's order.
    pub quantities: Vec<Coverage>,
    /// How many answers are the first player's win (per query, where test cases
    /// have several).
    pub wins: u64,
    /// How many are the first player's loss.
    pub losses: u64,
}

impl Report {
    /// The number of test cases (buildings, for a city): the first quantity.
    pub fn cases(&self) -> u64 {
        self.quantities
            .first()
            .and_then(|c| c.least)
            .map_or(0, |v| v as u64)
    }

    /// The coverage of the quantity named `name`.
    pub fn quantity(&self, name: &str) -> Option<&Coverage> {
        self.quantities.iter().find(|c| c.name == name)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: valid, {} lines, {} bytes",
            self.problem, self.lines, self.bytes
        )?;
        writeln!(
            f,
            "{:<14} {:>20} {:>20}  {:<40} limits hit",
            "quantity", "least", "greatest", "constraint"
        )?;
        for c in &self.quantities {
            let show = |v: Option<u128>| v.map_or("-".to_owned(), |v| v.to_string());
            writeln!(
                f,
                "{:<14} {:>20} {:>20}  {:<40} {}",
                c.name,
                show(c.least),
                show(c.greatest),
                c.constraint,
                c.hits()
            )?;
        }
        let (win, loss) = answer_names(self.problem);
        write!(f, "answers: {win} {}, {loss} {}", self.wins, self.losses)
    }
}

/// The answers of the test cases read so far, counted by running the judge on them
/// in batches of about a megabyte.
#[derive(Debug)]
pub struct Answers {
    problem: Problem,
    header: bool,
    cases: u64,
    pending: Vec<u8>,
    /// How many answers so far are the first player's win.
    pub wins: u64,
    /// How many are the first player's loss.
    pub losses: u64,
}

/// How many bytes of test cases are judged at once.
const BATCH: usize = 1 << 20;

impl Answers {
    /// Counts for `problem`; when its inputs start with their number of test cases
    /// ([`batched`](crate::setter::JudgeProblem::batched)), each batch starts with
    /// its own; otherwise the input is judged in one piece.
    pub fn new(problem: Problem) -> Answers {
        Answers {
            problem,
            header: problem.spec().batched(),
            cases: 0,
            pending: Vec::new(),
            wins: 0,
            losses: 0,
        }
    }

    /// Adds one test case, as its lines in the input.
    pub fn push(&mut self, case: &[&[u8]]) -> Result<(), ValidationError> {
        for part in case {
            self.pending.extend_from_slice(part);
        }
        self.cases += 1;
        if self.header && self.pending.len() >= BATCH {
            self.judge()?;
        }
        Ok(())
    }

    /// Judges the pending test cases.
    pub fn judge(&mut self) -> Result<(), ValidationError> {
        if self.cases == 0 && self.header {
            return Ok(());
        }
        let mut input = format!("{}\n", self.cases).into_bytes();
        input.append(&mut self.pending);
        let out =
            judge_bytes(self.problem, &input).map_err(|e| ValidationError::Judge(e.to_string()))?;
        for win in output_bits(self.problem, &out) {
            if win {
                self.wins += 1;
            } else {
                self.losses += 1;
            }
        }
        self.cases = 0;
        Ok(())
    }
}
