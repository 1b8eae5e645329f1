//! TABGAME, the table game, as a judge problem: its judge format, limits, generator,
//! validator and shrinking steps.
//!
//! Input: T; per test case the top string (M digits), the left string (N digits),
//! Q, and Q lines `x y`. Output: one line per test case, Q digits, `1` where Alice
//! (moving first) wins from the query's cell.
//!
//! | quantity | from | to |
//! |---|---:|---:|
//! | N, M, Q of a test case | 1 | 10^5 |
//! | N + M + Q, summed over the test cases | 3 | 10^6 |
//! | T (implied: each test case adds at least 3 to the sum) | 1 | 333,333 |

use std::io::{self, Read, Write};

use crate::judge::JudgeError;
use crate::setter::gen::{Gen, Kind};
use crate::setter::input::plural;
use crate::setter::limits::Bound;
use crate::setter::rng::Rng;
use crate::setter::shrink::{half, without, List, Number};
use crate::setter::validate::strict::Strict;
use crate::setter::validate::{numbers, Answers, Coverage, ValidationError};
use crate::setter::Input;
use crate::setter::{DynOutput, DynReader, JudgeProblem, Problem};

mod gen;
mod judge;
mod validate;

/// The number of test cases (implied by [`SUM`]).
pub const T: Bound = Bound::new("T", "the number of test cases", 1, 333_333);
/// The length of the left string: the rows 1..N.
pub const N: Bound = Bound::new("N", "the length of the left string", 1, 100_000);
/// The length of the top string: the columns 1..M.
pub const M: Bound = Bound::new("M", "the length of the top string", 1, 100_000);
/// The number of queries of a test case.
pub const Q: Bound = Bound::new("Q", "the number of queries", 1, 100_000);
/// N + M + Q summed over the test cases.
pub const SUM: Bound = Bound::new("sum of N+M+Q", "over all test cases", 3, 1_000_000);

/// One TABGAME test case.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableCase {
    /// The top string: digit y (1-based) for cell (0, y); its length is M.
    pub top: Vec<u8>,
    /// The left string: digit x (1-based) for cell (x, 0); its length is N.
    pub left: Vec<u8>,
    /// The queries `(x, y)`, 1 ≤ x ≤ N, 1 ≤ y ≤ M.
    pub queries: Vec<(u32, u32)>,
}

impl TableCase {
    /// N + M + Q, the case's share of the statement's sum.
    pub fn weight(&self) -> u64 {
        (self.top.len() + self.left.len() + self.queries.len()) as u64
    }
}

/// The TABGAME problem.
#[derive(Clone, Copy, Debug)]
pub struct Tabgame;

/// The TABGAME problem's handle.
pub const TABGAME: Problem = Problem::new(&Tabgame);

const KINDS: [Kind; 6] = Kind::ALL;

fn tables(input: &Input) -> &[TableCase] {
    input.cases_of::<TableCase>().map_or(&[], Vec::as_slice)
}

impl JudgeProblem for Tabgame {
    fn name(&self) -> &'static str {
        "tabgame"
    }

    fn label(&self) -> &'static str {
        "TABGAME, the table game"
    }

    fn title(&self) -> &'static str {
        "the table game, a stone moving up or left"
    }

    fn input_format(&self) -> &'static str {
        "T; per test case a string of M digits for cells (0,1)..(0,M) and one of \
         N digits for cells (1,0)..(N,0), 1 where the player who moves the stone \
         there loses, then Q and Q lines 'x y' with x in 1..N and y in 1..M"
    }

    fn output_format(&self) -> &'static str {
        "one line per test case: Q digits, 1 where Alice (moving first) wins"
    }

    fn sample(&self) -> &'static str {
        "1\n101\n01\n6\n1 1\n1 2\n1 3\n2 1\n2 2\n2 3\n"
    }

    fn solve(
        &self,
        input: &mut DynReader<'_>,
        output: &mut DynOutput<'_>,
    ) -> Result<(), JudgeError> {
        judge::solve(input, output)
    }

    fn answer_names(&self) -> (&'static str, &'static str) {
        ("1 (Alice wins the query)", "0 (Bob wins the query)")
    }

    /// One bit per query: the output's digits.
    fn answer_bits(&self, out: &[u8]) -> Vec<bool> {
        out.iter()
            .filter(|&&b| b != b'\n')
            .map(|&b| b == b'1')
            .collect()
    }

    fn cases_bound(&self, kind: Kind) -> Bound {
        let mut bound = T;
        if kind == Kind::Diagonal {
            // Each test case needs N, M ≥ 4 and a query: 9 of the sum.
            bound.max = SUM.max / 9;
        }
        bound
    }

    fn kinds(&self) -> &'static [Kind] {
        &KINDS
    }

    fn generate(&self, g: &Gen, rng: &mut Rng) -> Input {
        Input::new(TABGAME, gen::generate(g, rng))
    }

    fn check(
        &self,
        r: &mut Strict<&mut dyn Read>,
        answers: &mut Answers,
    ) -> Result<Vec<Coverage>, ValidationError> {
        validate::check(r, answers)
    }

    fn parse(&self, count: u64, lines: &mut dyn Iterator<Item = &[u8]>) -> Input {
        let mut next = || lines.next().unwrap_or_default();
        Input::new(
            TABGAME,
            (0..count)
                .map(|_| {
                    let top = next().to_vec();
                    let left = next().to_vec();
                    let q = numbers(next())[0];
                    let queries = (0..q)
                        .map(|_| {
                            let xy = numbers(next());
                            (xy[0] as u32, xy[1] as u32)
                        })
                        .collect();
                    TableCase { top, left, queries }
                })
                .collect(),
        )
    }

    fn write_cases(&self, input: &Input, out: &mut dyn Write) -> io::Result<()> {
        for case in tables(input) {
            out.write_all(&case.top)?;
            out.write_all(b"\n")?;
            out.write_all(&case.left)?;
            writeln!(out, "\n{}", case.queries.len())?;
            for (x, y) in &case.queries {
                writeln!(out, "{x} {y}")?;
            }
        }
        Ok(())
    }

    fn describe(&self, input: &Input) -> String {
        let tables = tables(input);
        let cases = plural(tables.len() as u64, "test case", "test cases");
        let parts: Vec<String> = tables
            .iter()
            .take(3)
            .map(|c| {
                format!(
                    "N = {}, M = {}, Q = {}",
                    c.left.len(),
                    c.top.len(),
                    c.queries.len()
                )
            })
            .collect();
        let more = if tables.len() > 3 { "; ..." } else { "" };
        format!("{cases}: {}{more}", parts.join("; "))
    }

    fn halve(&self, input: &Input) -> Option<Input> {
        let v = input.cases_of::<TableCase>()?;
        let out = Input::new(
            TABGAME,
            v.iter()
                .map(|c| {
                    let (m, n) = (half(c.top.len(), 1), half(c.left.len(), 1));
                    let mut queries: Vec<(u32, u32)> = c
                        .queries
                        .iter()
                        .map(|&(x, y)| (x.min(n as u32), y.min(m as u32)))
                        .collect();
                    queries.truncate(half(queries.len(), 1));
                    TableCase {
                        top: c.top[..m].to_vec(),
                        left: c.left[..n].to_vec(),
                        queries,
                    }
                })
                .collect(),
        );
        (out != *input).then_some(out)
    }

    /// A table's queries, top string and left string.
    fn lists(&self, _input: &Input, case: usize) -> Vec<List> {
        vec![
            table_list(case, Part::Queries),
            table_list(case, Part::Top),
            table_list(case, Part::Left),
        ]
    }

    /// The query coordinates.
    fn numbers(&self, input: &Input, i: usize) -> Vec<Number> {
        let Some(cases) = input.cases_of::<TableCase>() else {
            return Vec::new();
        };
        (0..cases[i].queries.len() * 2)
            .map(|slot| Number {
                get: Box::new(move |c| match c.cases_of::<TableCase>() {
                    Some(v) => {
                        let (x, y) = v[i].queries[slot / 2];
                        u64::from(if slot % 2 == 0 { x } else { y })
                    }
                    None => 0,
                }),
                set: Box::new(move |c, value| {
                    let v = c.cases_of::<TableCase>()?;
                    let mut v = v.clone();
                    let q = &mut v[i].queries[slot / 2];
                    if slot % 2 == 0 {
                        q.0 = value as u32;
                    } else {
                        q.1 = value as u32;
                    }
                    Some(Input::new(TABGAME, v))
                }),
                min: 1,
            })
            .collect()
    }
}

/// A list inside a TABGAME test case.
#[derive(Clone, Copy)]
enum Part {
    Queries,
    Top,
    Left,
}

fn table_list(i: usize, part: Part) -> List {
    let case =
        move |c: &Input| -> Option<TableCase> { c.cases_of::<TableCase>().map(|v| v[i].clone()) };
    let len = move |c: &Input| {
        case(c).map_or(0, |t| match part {
            Part::Queries => t.queries.len(),
            Part::Top => t.top.len(),
            Part::Left => t.left.len(),
        }) as u64
    };
    List {
        len: Box::new(len),
        remove: Box::new(move |c, start, count| {
            let cases = c.cases_of::<TableCase>()?;
            let mut t = cases[i].clone();
            // Coordinates in the removed block go with it; those after it move down.
            let remap = |v: u32| -> Option<u32> {
                let v64 = u64::from(v);
                if v64 <= start {
                    Some(v)
                } else if v64 <= start + count {
                    None
                } else {
                    Some(v - count as u32)
                }
            };
            match part {
                Part::Queries => t.queries = without(&t.queries, start, count),
                Part::Top => {
                    t.top = without(&t.top, start, count);
                    t.queries = t
                        .queries
                        .iter()
                        .filter_map(|&(x, y)| Some((x, remap(y)?)))
                        .collect();
                }
                Part::Left => {
                    t.left = without(&t.left, start, count);
                    t.queries = t
                        .queries
                        .iter()
                        .filter_map(|&(x, y)| Some((remap(x)?, y)))
                        .collect();
                }
            }
            if count == 0 || t.top.is_empty() || t.left.is_empty() || t.queries.is_empty() {
                return None;
            }
            let mut cases = cases.clone();
            cases[i] = t;
            Some(Input::new(TABGAME, cases))
        }),
        min: 1,
    }
}
