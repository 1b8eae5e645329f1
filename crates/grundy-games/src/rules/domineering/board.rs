//! Domineering boards as bitboards: the notation, the moves, and the engine's hooks
//! (regions and symmetries).
//!
//! A board is `h` rows of `w` columns: at most [`MAX_COLS`] columns (a letter each)
//! and at most [`MAX_CELLS`] cells in all, e.g. 11×11, 8×15 or 4×26. Bit `w·r + c` of
//! a 128-bit word is set when cell (r, c) is empty (rows one after the other, as the
//! search lays out its nodes), so the moves and the symmetries of the rectangle are a
//! few word operations.

use std::fmt;
use std::str::FromStr;

use crate::rules::grid;
use crate::rules::NotationError;

/// The most columns of a board: one letter each, `a` to `z`.
pub const MAX_COLS: u8 = 26;

/// The most cells of a board: 127 (a bit per cell, and the player to move beside
/// them in the search's 128-bit key), e.g. 11×11 or 8×15.
pub const MAX_CELLS: u32 = 127;

/// The cells of column 0 of every row of a board `w` wide (up to bit 127).
const fn first_column(w: u32) -> u128 {
    let mut out = 0u128;
    let mut k = 0;
    while k < 128 {
        out |= 1 << k;
        k += w;
    }
    out
}

/// [`first_column`] for each width from 0 (unused) to [`MAX_COLS`].
const FIRST_COLUMN: [u128; MAX_COLS as usize + 1] = {
    let mut out = [0u128; MAX_COLS as usize + 1];
    let mut w = 1;
    while w <= MAX_COLS as usize {
        out[w] = first_column(w as u32);
        w += 1;
    }
    out
};

/// A Domineering board: `h` rows of `w` columns, a set bit per empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    h: u8,
    w: u8,
    bits: u128,
}

impl Board {
    /// The empty `rows`×`cols` board; `None` unless both are at least 1, the columns
    /// at most [`MAX_COLS`] and the cells at most [`MAX_CELLS`].
    pub fn empty(rows: u8, cols: u8) -> Option<Board> {
        if rows == 0 || !(1..=MAX_COLS).contains(&cols) {
            return None;
        }
        let n = u32::from(rows) * u32::from(cols);
        (n <= MAX_CELLS).then(|| Board {
            h: rows,
            w: cols,
            bits: (1u128 << n) - 1,
        })
    }

    /// The board with only the empty cells that are also in `mask` (bit `w·r + c`
    /// for cell (r, c)) left empty.
    pub fn restricted(self, mask: u128) -> Board {
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

    /// The empty cells, bit `w·r + c` for cell (r, c).
    pub fn empty_cells(self) -> u128 {
        self.bits
    }

    /// Whether cell (r, c) is on the board and empty.
    pub fn is_empty(self, r: u8, c: u8) -> bool {
        r < self.h && c < self.w && self.bits >> self.index(r, c) & 1 == 1
    }

    /// The bit of cell (r, c), which must be on the board.
    fn index(self, r: u8, c: u8) -> u32 {
        u32::from(self.w) * u32::from(r) + u32::from(c)
    }

    /// The cells of the last column.
    fn last_column(self) -> u128 {
        FIRST_COLUMN[usize::from(self.w)] << (self.w - 1) & self.full()
    }

    /// Every cell of the rectangle.
    fn full(self) -> u128 {
        (1u128 << (u32::from(self.h) * u32::from(self.w))) - 1
    }

    /// The top cells (bit indices) of every vertical domino that fits: Left's moves.
    pub(crate) fn vertical_spots(self) -> u128 {
        self.bits & (self.bits >> self.w)
    }

    /// The left cells of every horizontal domino that fits: Right's moves.
    pub(crate) fn horizontal_spots(self) -> u128 {
        self.bits & (self.bits >> 1) & !self.last_column()
    }

    /// The bit of `d`'s first cell, if both its cells are on the board.
    pub(crate) fn spot(self, d: Domino) -> Option<u32> {
        let (r, c) = d.second();
        (r < self.h && c < self.w).then(|| self.index(d.row, d.col))
    }

    /// The domino whose first cell is bit `i`, vertical or not.
    pub(crate) fn domino(self, i: u32, vertical: bool) -> Domino {
        let w = u32::from(self.w);
        Domino {
            row: (i / w) as u8,
            col: (i % w) as u8,
            vertical,
        }
    }

    /// The board with the domino at bit `i` (vertical: cells i and i + w;
    /// horizontal: i and i + 1) placed.
    pub(crate) fn place(self, i: u32, vertical: bool) -> Board {
        let cells = if vertical { 1 | 1u128 << self.w } else { 3 };
        Board {
            bits: self.bits & !(cells << i),
            ..self
        }
    }

    /// Mirrors the rows (top to bottom).
    fn flip_rows(self) -> Board {
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        let line = (1u128 << w) - 1;
        let mut bits = 0;
        for r in 0..h {
            bits |= (self.bits >> (w * r) & line) << (w * (h - 1 - r));
        }
        Board { bits, ..self }
    }

    /// Turns the board by half a turn: cell `k` goes to `h·w − 1 − k`.
    fn turned(self) -> Board {
        let n = u32::from(self.h) * u32::from(self.w);
        Board {
            bits: self.bits.reverse_bits() >> (128 - n),
            ..self
        }
    }

    /// Mirrors the columns (left to right).
    fn flip_cols(self) -> Board {
        self.turned().flip_rows()
    }

    /// Swaps rows and columns (and so the players).
    fn transposed(self) -> Board {
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        let mut bits = 0;
        let mut left = self.bits;
        while left != 0 {
            let k = left.trailing_zeros();
            left &= left - 1;
            bits |= 1 << ((k % w) * h + k / w);
        }
        Board {
            h: self.w,
            w: self.h,
            bits,
        }
    }

    /// The cells of `cells` (of this board) cropped to their own rectangle, as a
    /// board of that rectangle.
    fn cropped(self, cells: u128) -> Board {
        let w = u32::from(self.w);
        let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
        let mut left = cells;
        while left != 0 {
            let k = left.trailing_zeros();
            left &= left - 1;
            let (r, c) = (k / w, k % w);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (h2, w2) = (r1 - r0 + 1, c1 - c0 + 1);
        let line = (1u128 << w2) - 1;
        let mut bits = 0;
        for r in 0..h2 {
            bits |= (cells >> (w * (r0 + r) + c0) & line) << (w2 * r);
        }
        Board {
            h: h2 as u8,
            w: w2 as u8,
            bits,
        }
    }

    /// The connected regions of empty cells of two cells or more (a lone cell takes
    /// no domino: it is worth 0), each cropped to its own rectangle.
    pub(crate) fn regions(self) -> Vec<Board> {
        let w = u32::from(self.w);
        let not_first = !FIRST_COLUMN[usize::from(self.w)];
        let not_last = !self.last_column();
        let mut out = Vec::new();
        let mut rest = self.bits;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region
                    | (region << 1 & not_first)
                    | (region >> 1 & not_last)
                    | region << w
                    | region >> w)
                    & self.bits;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            if region.count_ones() >= 2 {
                out.push(self.cropped(region));
            }
        }
        out
    }

    /// The board as one word, when its empty cells reach all four sides (a region
    /// cropped to its rectangle, as [`regions`](Self::regions) gives them) and it
    /// has at most 58 cells: the cells, and the width in the top six bits. The cells
    /// reach the last row, so with the width they give back the board: two such
    /// boards with one word are one board.
    pub(crate) fn word(self) -> Option<u64> {
        let n = u32::from(self.h) * u32::from(self.w);
        (self.bits != 0 && n <= 58 && self.cropped(self.bits) == self)
            .then(|| self.bits as u64 | u64::from(self.w) << 58)
    }

    /// The least of the board's eight images under the symmetries of the square,
    /// and whether it is transposed (which swaps the players, so negates the value).
    pub(crate) fn least_image(self) -> (Board, bool) {
        let mut best = (self, false);
        for (start, negated) in [(self, false), (self.transposed(), true)] {
            for image in [start, start.flip_rows(), start.flip_cols(), start.turned()] {
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

impl FromStr for Board {
    type Err = NotationError;

    /// Reads rows of `.` and `#` separated by `|`, every row as long as the first,
    /// at most [`MAX_COLS`] cells in a row and [`MAX_CELLS`] in all.
    fn from_str(text: &str) -> Result<Board, NotationError> {
        const CELLS: &str = "'.' (empty) or '#' (filled)";
        let (mut h, mut w, mut col) = (0u32, 0u32, 0u32);
        let mut bits = 0u128;
        let end_row = |i: usize, col: u32, h: &mut u32, w: &mut u32| {
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
                    let widest = if h == 0 { u32::from(MAX_COLS) } else { w };
                    if col == widest {
                        let why = if h == 0 {
                            format!("at most {MAX_COLS} cells in a row")
                        } else {
                            format!("every row has {w} cells, as the first")
                        };
                        return Err(NotationError::at(text, i, format!("'|' ({why})")));
                    }
                    let k = h * widest + col;
                    if k >= MAX_CELLS {
                        return Err(NotationError::at(
                            text,
                            i,
                            format!("the end: at most {MAX_CELLS} cells in all"),
                        ));
                    }
                    if ch == '.' {
                        bits |= 1 << k;
                    }
                    col += 1;
                }
                '|' => {
                    end_row(i, col, &mut h, &mut w)?;
                    col = 0;
                }
                _ => {
                    let err = NotationError::at(text, i, format!("{CELLS} or '|' (next row)"));
                    // A cell of the board (within the first row's width) is named by
                    // its row and column as the moves name it; a character past the
                    // board is not.
                    let widest = if h == 0 { u32::from(MAX_COLS) } else { w };
                    let on_board = col < widest && h * widest + col < MAX_CELLS;
                    return Err(if on_board {
                        err.in_cell(h as u8, col as u8)
                    } else {
                        err
                    });
                }
            }
        }
        end_row(text.chars().count(), col, &mut h, &mut w)?;
        Ok(Board {
            h: h as u8,
            w: w as u8,
            bits,
        })
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
    /// Its other cell.
    fn second(self) -> (u8, u8) {
        if self.vertical {
            (self.row + 1, self.col)
        } else {
            (self.row, self.col + 1)
        }
    }
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (r, c) = self.second();
        write!(
            f,
            "{}-{}",
            grid::cell_name(self.row, self.col),
            grid::cell_name(r, c)
        )
    }
}

/// Why text is not a domino.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DominoError(pub String);

impl FromStr for Domino {
    type Err = DominoError;

    /// Reads `CELL-CELL` (either order), two cells next to each other.
    fn from_str(text: &str) -> Result<Domino, DominoError> {
        let (a, b) = text.split_once('-').ok_or_else(|| {
            DominoError(format!(
                "{text:?} is not a domino: write its two cells, e.g. b1-b2 (vertical) or a3-b3 (horizontal)"
            ))
        })?;
        let (a, b) = (
            parse_cell(a).map_err(DominoError)?,
            parse_cell(b).map_err(DominoError)?,
        );
        let (first, second) = if a <= b { (a, b) } else { (b, a) };
        let step = (
            i32::from(second.0) - i32::from(first.0),
            i32::from(second.1) - i32::from(first.1),
        );
        let vertical = match step {
            (1, 0) => true,
            (0, 1) => false,
            _ => {
                return Err(DominoError(format!(
                "{text:?}: the two cells of a domino are next to each other in a row or a column"
            )))
            }
        };
        Ok(Domino {
            row: first.0,
            col: first.1,
            vertical,
        })
    }
}

/// Reads a cell such as `b3` or `k11`: a column letter `a` to `z` and a row number
/// from 1 (the top row), at most [`MAX_CELLS`]; (row, column) from 0.
fn parse_cell(text: &str) -> Result<(u8, u8), String> {
    let bad = || {
        format!(
            "{text:?} is not a cell: write a column letter a-z and a row number from 1 (the top row), e.g. b3"
        )
    };
    let mut chars = text.chars();
    let letter = chars
        .next()
        .filter(char::is_ascii_lowercase)
        .ok_or_else(bad)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let row = digits
        .parse::<u32>()
        .ok()
        .filter(|r| (1..=MAX_CELLS).contains(r))
        .ok_or_else(bad)?;
    Ok(((row - 1) as u8, letter as u8 - b'a'))
}

/// The rectangles of `cells` cells with sides of at most 8, as (rows, columns): the
/// boards verify enumerates.
fn rectangles(cells: usize) -> Vec<(u8, u8)> {
    (1..=8u8)
        .flat_map(|h| (1..=8u8).map(move |w| (h, w)))
        .filter(|&(h, w)| usize::from(h) * usize::from(w) == cells)
        .collect()
}

/// Every board of `size` cells, numbered for verify: every rectangle of that area
/// with sides of at most 8, with every pattern of filled cells (cell k, row-major,
/// empty when bit k of the pattern is set). `None` past 63 cells.
pub(crate) fn boards_of_size(size: usize) -> Option<crate::ruleset::Positions<'static, Board>> {
    let rects = rectangles(size);
    let patterns = 1u64.checked_shl(u32::try_from(size).ok()?)?;
    Some(crate::ruleset::Positions {
        count: rects.len() as u64 * patterns,
        nth: Box::new(move |i| {
            let (h, w) = rects[(i / patterns) as usize];
            Board::empty(h, w)
                .expect("rectangles() lists boards that fit")
                .restricted(u128::from(i % patterns))
        }),
    })
}
