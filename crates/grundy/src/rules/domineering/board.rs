//! Domineering boards of up to 8×8 cells as bitboards: the notation, the moves, and
//! the engine's hooks (regions and symmetries).
//!
//! A board is `h` rows of `w` columns (each 1 to 8); bit `8r + c` is set when cell
//! (r, c) is empty, so rows are bytes and the symmetries of the rectangle are a few
//! word operations.

use std::fmt;
use std::str::FromStr;

use crate::rules::NotationError;

/// Column 0 of every row.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Column 7 of every row.
const FILE_H: u64 = 0x8080_8080_8080_8080;

/// The most rows, and the most columns, of a board.
pub const MAX_SIDE: u8 = 8;

/// A Domineering board: `h` rows of `w` columns, a set bit per empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    h: u8,
    w: u8,
    bits: u64,
}

/// The cells of a `rows`×`cols` rectangle in the top-left corner of the frame.
fn rectangle(rows: u8, cols: u8) -> u64 {
    let row = (1u64 << cols) - 1;
    (0..rows).fold(0, |b, r| b | row << (8 * r))
}

/// Swaps rows and columns of an 8×8 bitboard (bit 8r + c to bit 8c + r).
fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

impl Board {
    /// The empty `rows`×`cols` board; `None` unless both are 1 to [`MAX_SIDE`].
    pub fn empty(rows: u8, cols: u8) -> Option<Board> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return None;
        }
        Some(Board {
            h: rows,
            w: cols,
            bits: rectangle(rows, cols),
        })
    }

    /// The board with only the empty cells that are also in `mask` (bit 8r + c for
    /// cell (r, c)) left empty.
    pub fn restricted(self, mask: u64) -> Board {
        Board {
            bits: self.bits & mask,
            ..self
        }
    }

    /// Rows.
    pub fn rows(self) -> u8 {
        self.h
    }

    /// Columns.
    pub fn cols(self) -> u8 {
        self.w
    }

    /// The empty cells, bit 8r + c for cell (r, c).
    pub fn empty_cells(self) -> u64 {
        self.bits
    }

    /// Whether cell (r, c) is on the board and empty.
    pub fn is_empty(self, r: u8, c: u8) -> bool {
        r < self.h && c < self.w && self.bits >> (8 * u32::from(r) + u32::from(c)) & 1 == 1
    }

    /// The top cells (bit indices) of every vertical domino that fits: Left's moves.
    pub(crate) fn vertical_spots(self) -> u64 {
        self.bits & (self.bits >> 8)
    }

    /// The left cells of every horizontal domino that fits: Right's moves.
    pub(crate) fn horizontal_spots(self) -> u64 {
        self.bits & (self.bits >> 1) & !FILE_H
    }

    /// The board with the domino at bit `i` (vertical: cells i and i + 8;
    /// horizontal: i and i + 1) placed.
    pub(crate) fn place(self, i: u32, vertical: bool) -> Board {
        let cells = if vertical { 0x101u64 } else { 3 };
        Board {
            bits: self.bits & !(cells << i),
            ..self
        }
    }

    /// Mirrors the rows (top to bottom).
    fn flip_rows(self) -> Board {
        Board {
            bits: self.bits.swap_bytes() >> (8 * (8 - u32::from(self.h))),
            ..self
        }
    }

    /// Mirrors the columns (left to right).
    fn flip_cols(self) -> Board {
        Board {
            bits: self.bits.reverse_bits().swap_bytes() >> (8 - u32::from(self.w)),
            ..self
        }
    }

    /// Swaps rows and columns (and so the players).
    fn transposed(self) -> Board {
        Board {
            h: self.w,
            w: self.h,
            bits: transpose(self.bits),
        }
    }

    /// The board cut down to the rectangle around the cells of `cells` (not empty).
    fn crop(cells: u64) -> Board {
        let r0 = cells.trailing_zeros() / 8;
        let r1 = (63 - cells.leading_zeros()) / 8;
        let mut cols = cells;
        cols |= cols >> 32;
        cols |= cols >> 16;
        cols |= cols >> 8;
        let cols = cols as u8;
        let c0 = cols.trailing_zeros();
        let c1 = 7 - cols.leading_zeros();
        Board {
            h: (r1 - r0 + 1) as u8,
            w: (c1 - c0 + 1) as u8,
            bits: cells >> (8 * r0 + c0),
        }
    }

    /// The connected regions of empty cells of two cells or more (a lone cell takes
    /// no domino: it is worth 0), each cropped to its own rectangle.
    pub(crate) fn regions(self) -> Vec<Board> {
        let mut rest = self.bits;
        let mut parts = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region
                    | ((region << 1) & !FILE_A)
                    | ((region >> 1) & !FILE_H)
                    | (region << 8)
                    | (region >> 8))
                    & self.bits;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            if region.count_ones() >= 2 {
                parts.push(Board::crop(region));
            }
        }
        parts
    }

    /// The least of the board's eight images under the symmetries of the square,
    /// and whether it is transposed (which swaps the players, so negates the value).
    pub(crate) fn least_image(self) -> (Board, bool) {
        let mut best = (self, false);
        for (start, negated) in [(self, false), (self.transposed(), true)] {
            let r = start.flip_rows();
            for image in [start, r, start.flip_cols(), r.flip_cols()] {
                if image < best.0 {
                    best = (image, negated);
                }
            }
        }
        best
    }
}

impl fmt::Display for Board {
    /// Rows from the top, `.` empty and `#` filled, separated by `|`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.h {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.w {
                f.write_str(if self.is_empty(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

const CELLS: &str = "'.' (empty) or '#' (filled)";

impl FromStr for Board {
    type Err = NotationError;

    /// Reads rows of `.` and `#` separated by `|`, every row as long as the first,
    /// at most [`MAX_SIDE`] rows of at most [`MAX_SIDE`] cells.
    fn from_str(text: &str) -> Result<Board, NotationError> {
        let mut h: u8 = 0;
        let mut w: u8 = 0;
        let mut col: u8 = 0;
        let mut bits = 0u64;
        let end_row = |i: usize, col: u8, h: &mut u8, w: &mut u8| {
            if col == 0 {
                return Err(NotationError::at(text, i, CELLS));
            }
            if *h == 0 {
                *w = col;
            } else if col < *w {
                return Err(NotationError::at(
                    text,
                    i,
                    format!("{CELLS}: every row has {w} cells, as the first", w = *w),
                ));
            }
            *h += 1;
            Ok(())
        };
        for (i, ch) in text.chars().enumerate() {
            match ch {
                '.' | '#' => {
                    if h == MAX_SIDE {
                        return Err(NotationError::at(
                            text,
                            i,
                            format!("the end: at most {MAX_SIDE} rows"),
                        ));
                    }
                    let widest = if h == 0 { MAX_SIDE } else { w };
                    if col == widest {
                        let why = if h == 0 {
                            format!("at most {MAX_SIDE} cells in a row")
                        } else {
                            format!("every row has {w} cells, as the first")
                        };
                        return Err(NotationError::at(text, i, format!("'|' ({why})")));
                    }
                    if ch == '.' {
                        bits |= 1 << (8 * u32::from(h) + u32::from(col));
                    }
                    col += 1;
                }
                '|' => {
                    end_row(i, col, &mut h, &mut w)?;
                    col = 0;
                }
                _ => {
                    return Err(NotationError::at(
                        text,
                        i,
                        "'.' (empty), '#' (filled) or '|' (next row)",
                    ))
                }
            }
        }
        end_row(text.chars().count(), col, &mut h, &mut w)?;
        Ok(Board { h, w, bits })
    }
}

/// A domino placed: its top cell (vertical, Left's) or its left cell (horizontal,
/// Right's).
///
/// Written as its two cells, each a column letter (`a` the leftmost) and a row
/// number (`1` the top row, as written first): `b1-b2` is vertical, `a3-b3`
/// horizontal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domino {
    /// The row of the top (or left) cell, from 0 at the top.
    pub row: u8,
    /// The column of the top (or left) cell, from 0 on the left.
    pub col: u8,
    /// Vertical (Left's) or horizontal (Right's).
    pub vertical: bool,
}

impl Domino {
    /// The domino whose top (vertical) or left cell is bit `i`.
    pub(crate) fn at(i: u32, vertical: bool) -> Domino {
        Domino {
            row: (i / 8) as u8,
            col: (i % 8) as u8,
            vertical,
        }
    }

    /// The bit of its top (or left) cell.
    pub(crate) fn bit(self) -> u32 {
        8 * u32::from(self.row) + u32::from(self.col)
    }

    /// Its other cell.
    fn second(self) -> (u8, u8) {
        if self.vertical {
            (self.row + 1, self.col)
        } else {
            (self.row, self.col + 1)
        }
    }
}

/// A cell in move notation: `b3` is column 2, row 3 (from the top).
fn cell_name(row: u8, col: u8) -> String {
    format!("{}{}", char::from(b'a' + col), u32::from(row) + 1)
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (r, c) = self.second();
        write!(f, "{}-{}", cell_name(self.row, self.col), cell_name(r, c))
    }
}

/// Why text is not a domino.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DominoError(pub String);

/// Reads a cell such as `b3`: (row, column) from 0.
fn parse_cell(text: &str) -> Result<(u8, u8), DominoError> {
    let bad = || {
        DominoError(format!(
            "{text:?} is not a cell: write a column letter a-h and a row number 1-8 (from the top), e.g. b3"
        ))
    };
    let mut chars = text.chars();
    let letter = chars.next().ok_or_else(bad)?;
    let digits = chars.as_str();
    if !('a'..='h').contains(&letter)
        || digits.len() != 1
        || !digits.bytes().all(|b| (b'1'..=b'8').contains(&b))
    {
        return Err(bad());
    }
    Ok((digits.as_bytes()[0] - b'1', letter as u8 - b'a'))
}

impl FromStr for Domino {
    type Err = DominoError;

    /// Reads `CELL-CELL` (either order), two cells next to each other.
    fn from_str(text: &str) -> Result<Domino, DominoError> {
        let (a, b) = text.split_once('-').ok_or_else(|| {
            DominoError(format!(
                "{text:?} is not a domino: write its two cells, e.g. b1-b2 (vertical) or a3-b3 (horizontal)"
            ))
        })?;
        let (a, b) = (parse_cell(a)?, parse_cell(b)?);
        let (first, second) = if a <= b { (a, b) } else { (b, a) };
        let step = (
            i32::from(second.0) - i32::from(first.0),
            i32::from(second.1) - i32::from(first.1),
        );
        let vertical = match step {
            (1, 0) => true,
            (0, 1) => false,
            _ => return Err(DominoError(format!(
                "{text:?}: the two cells of a domino are next to each other in a row or a column"
            ))),
        };
        Ok(Domino {
            row: first.0,
            col: first.1,
            vertical,
        })
    }
}
