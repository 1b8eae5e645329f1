//! What a judge problem whose test cases are one row each (a board, a row of cells)
//! does with its inputs, written once: reading, writing, describing and shrinking
//! them. A problem states how its rows sit in an [`Input`] and how it names them.

use std::io::{self, Write};

use super::input::Input;
use super::input::{describe_rows, write_rows};
use super::shrink::{halve_rows, row_cells, List};

/// A problem whose test cases are rows, one a line.
#[derive(Clone, Copy)]
pub struct RowCases {
    /// Makes an input of the problem from its rows.
    pub wrap: fn(Vec<Vec<u8>>) -> Input,
    /// The rows of an input of the problem (`None` for another problem's).
    pub rows: fn(&Input) -> Option<&Vec<Vec<u8>>>,
    /// The fewest cells a row may have.
    pub min_len: u64,
    /// A row and its cells in words, as [`describe_rows`] takes them.
    pub unit: (&'static str, &'static str, &'static str),
}

impl RowCases {
    fn rows_of<'a>(&self, input: &'a Input) -> &'a [Vec<u8>] {
        (self.rows)(input).map_or(&[][..], Vec::as_slice)
    }

    /// The input of `count` rows, one from each line of `lines` (empty past its end).
    pub fn parse(&self, count: u64, lines: &mut dyn Iterator<Item = &[u8]>) -> Input {
        (self.wrap)(
            (0..count)
                .map(|_| lines.next().unwrap_or_default().to_vec())
                .collect(),
        )
    }

    /// Writes the rows, a line each.
    pub fn write_cases(&self, input: &Input, out: &mut dyn Write) -> io::Result<()> {
        write_rows(self.rows_of(input), out)
    }

    /// The input's size in words.
    pub fn describe(&self, input: &Input) -> String {
        describe_rows(self.rows_of(input), self.unit)
    }

    /// Every row cut to half its length (not below the fewest cells), or `None`
    /// when nothing is cut.
    pub fn halve(&self, input: &Input) -> Option<Input> {
        let half = (self.wrap)(halve_rows((self.rows)(input)?, self.min_len as usize));
        (half != *input).then_some(half)
    }

    /// The cells of row `case`, as a list the shrinker removes from.
    pub fn lists(&self, case: usize) -> Vec<List> {
        vec![row_cells(case, self.min_len, self.rows, self.wrap)]
    }
}
