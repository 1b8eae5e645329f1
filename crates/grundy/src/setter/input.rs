//! A judge input as data: the test cases of one problem, written out byte for byte
//! in the statement's format.

use std::fmt;
use std::io::{self, Write};

use crate::judge::Problem;

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

/// One LEGOWARZ building: `count` towers of heights `height`, `height + 1`, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Building {
    /// h, the lowest tower's height.
    pub height: u64,
    /// n, the number of towers.
    pub count: u64,
}

/// A whole input of one problem.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// ADAPWNS boards over `.` and `P`.
    Adapwns(Vec<Vec<u8>>),
    /// TABGAME test cases.
    Tabgame(Vec<TableCase>),
    /// ABGAME rows over `.`, `A` and `B`.
    Abgame(Vec<Vec<u8>>),
    /// LEGOWARZ buildings.
    Legowarz(Vec<Building>),
}

impl Input {
    /// The problem whose format this input follows.
    pub fn problem(&self) -> Problem {
        match self {
            Input::Adapwns(_) => Problem::Adapwns,
            Input::Tabgame(_) => Problem::Tabgame,
            Input::Abgame(_) => Problem::Abgame,
            Input::Legowarz(_) => Problem::Legowarz,
        }
    }

    /// The number of test cases (of buildings, for LEGOWARZ).
    pub fn cases(&self) -> usize {
        match self {
            Input::Adapwns(v) | Input::Abgame(v) => v.len(),
            Input::Tabgame(v) => v.len(),
            Input::Legowarz(v) => v.len(),
        }
    }

    /// Writes the input in the statement's exact format: LF line ends, single spaces,
    /// a final newline.
    pub fn write_to<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let mut out = io::BufWriter::with_capacity(1 << 16, out);
        writeln!(out, "{}", self.cases())?;
        match self {
            Input::Adapwns(rows) | Input::Abgame(rows) => {
                for row in rows {
                    out.write_all(row)?;
                    out.write_all(b"\n")?;
                }
            }
            Input::Tabgame(cases) => {
                for case in cases {
                    out.write_all(&case.top)?;
                    out.write_all(b"\n")?;
                    out.write_all(&case.left)?;
                    writeln!(out, "\n{}", case.queries.len())?;
                    for (x, y) in &case.queries {
                        writeln!(out, "{x} {y}")?;
                    }
                }
            }
            Input::Legowarz(buildings) => {
                for b in buildings {
                    writeln!(out, "{} {}", b.height, b.count)?;
                }
            }
        }
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
        let plural = |n: usize, one: &str, many: &str| {
            if n == 1 {
                format!("1 {one}")
            } else {
                format!("{n} {many}")
            }
        };
        let cases = plural(self.cases(), "test case", "test cases");
        match self {
            Input::Adapwns(rows) | Input::Abgame(rows) => {
                let unit = if let Input::Adapwns(_) = self {
                    ("a board of", "squares", "boards of")
                } else {
                    ("a row of", "cells", "rows of")
                };
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
            Input::Tabgame(tables) => {
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
            Input::Legowarz(buildings) => {
                let largest = buildings
                    .iter()
                    .map(|b| b.height.max(b.count))
                    .max()
                    .unwrap_or(0);
                format!(
                    "{}, numbers up to {largest}",
                    plural(buildings.len(), "building", "buildings")
                )
            }
        }
    }
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every byte written is ASCII.
        f.write_str(&String::from_utf8_lossy(&self.to_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_statement_format() {
        let input = Input::Tabgame(vec![TableCase {
            top: b"101".to_vec(),
            left: b"01".to_vec(),
            queries: vec![(1, 1), (2, 3)],
        }]);
        assert_eq!(input.to_string(), "1\n101\n01\n2\n1 1\n2 3\n");
        assert_eq!(input.describe(), "1 test case: N = 2, M = 3, Q = 2");
        let input = Input::Legowarz(vec![
            Building {
                height: 1,
                count: 3,
            },
            Building {
                height: u64::MAX,
                count: 1,
            },
        ]);
        assert_eq!(input.to_string(), "2\n1 3\n18446744073709551615 1\n");
        assert_eq!(
            input.describe(),
            "2 buildings, numbers up to 18446744073709551615"
        );
        let input = Input::Adapwns(vec![b"..P.P".to_vec()]);
        assert_eq!(input.to_string(), "1\n..P.P\n");
        assert_eq!(input.describe(), "1 test case, a board of 5 squares");
        let input = Input::Abgame(vec![b"A.B".to_vec(), b"A".to_vec()]);
        assert_eq!(
            input.describe(),
            "2 test cases, rows of at most 3 cells (4 in all)"
        );
    }
}
