//! A judge input as data: the test cases of one problem ([`Input`], one variant per
//! problem of the [registry](crate::registry)), written out byte for byte in the
//! statement's format.

use std::fmt;
use std::io::{self, Write};

pub use crate::registry::Input;

impl Input {
    /// The number of test cases (of buildings, in a city).
    pub fn cases(&self) -> usize {
        self.case_count()
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
