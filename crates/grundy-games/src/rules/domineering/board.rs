//! Domineering boards of up to 8×8 cells as bitboards: the notation, the moves, and
//! the engine's hooks (regions and symmetries).
//!
//! A board is `h` rows of `w` columns (each 1 to 8); bit `8r + c` is set when cell
//! (r, c) is empty, so rows are bytes and the symmetries of the rectangle are a few
//! word operations.

use std::fmt;
use std::str::FromStr;

use crate::rules::grid::{
    self, bounding_box, flip_cols, flip_rows, parse_grid, rectangle, show_grid, transpose, FILE_H,
    MAX_SIDE,
};
use crate::rules::NotationError;

/// A Domineering board: `h` rows of `w` columns, a set bit per empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    h: u8,
    w: u8,
    bits: u64,
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
            bits: flip_rows(self.bits, self.h),
            ..self
        }
    }

    /// Mirrors the columns (left to right).
    fn flip_cols(self) -> Board {
        Board {
            bits: flip_cols(self.bits, self.w),
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

    /// The connected regions of empty cells of two cells or more (a lone cell takes
    /// no domino: it is worth 0), each cropped to its own rectangle.
    pub(crate) fn regions(self) -> Vec<Board> {
        grid::regions(self.bits)
            .into_iter()
            .filter(|r| r.count_ones() >= 2)
            .map(|r| {
                let (shift, h, w) = bounding_box(r);
                Board {
                    h,
                    w,
                    bits: r >> shift,
                }
            })
            .collect()
    }

    /// The empty cells as one word, when they reach all four sides of the board
    /// (a region cropped to its rectangle, as [`regions`](Self::regions) gives
    /// them): the cells then give back the board's rows and columns, so two such
    /// boards with one word are one board.
    pub(crate) fn word(self) -> Option<u64> {
        (self.bits != 0 && bounding_box(self.bits) == (0, self.h, self.w)).then_some(self.bits)
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
        let bits = self.bits;
        f.write_str(&show_grid(self.h, self.w, |b| {
            if bits & b != 0 {
                '.'
            } else {
                '#'
            }
        }))
    }
}

impl FromStr for Board {
    type Err = NotationError;

    /// Reads rows of `.` and `#` separated by `|`, every row as long as the first,
    /// at most [`MAX_SIDE`] rows of at most [`MAX_SIDE`] cells.
    fn from_str(text: &str) -> Result<Board, NotationError> {
        let g = parse_grid(text, &['.', '#'], "'.' (empty) or '#' (filled)")?;
        Ok(Board {
            h: g.rows,
            w: g.cols,
            bits: g.cells[0],
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
            grid::parse_cell(a).map_err(DominoError)?,
            grid::parse_cell(b).map_err(DominoError)?,
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

/// The rectangles of `cells` cells that fit the frame, as (rows, columns).
fn rectangles(cells: usize) -> Vec<(u8, u8)> {
    (1..=MAX_SIDE)
        .flat_map(|h| (1..=MAX_SIDE).map(move |w| (h, w)))
        .filter(|&(h, w)| usize::from(h) * usize::from(w) == cells)
        .collect()
}

/// The board of `rows`×`cols` whose cell k (row-major) is empty when bit k of
/// `pattern` is set.
fn board_of(rows: u8, cols: u8, pattern: u64) -> Board {
    let mut mask = 0u64;
    for k in 0..u32::from(rows) * u32::from(cols) {
        if pattern >> k & 1 == 1 {
            mask |= 1 << (8 * (k / u32::from(cols)) + k % u32::from(cols));
        }
    }
    Board::empty(rows, cols)
        .expect("rectangles() lists boards that fit")
        .restricted(mask)
}

/// Every board of `size` cells, numbered for verify: every rectangle of that area
/// that fits the frame, with every pattern of filled cells. `None` past 63 cells.
pub(crate) fn boards_of_size(size: usize) -> Option<crate::ruleset::Positions<'static, Board>> {
    let rects = rectangles(size);
    let patterns = 1u64.checked_shl(u32::try_from(size).ok()?)?;
    Some(crate::ruleset::Positions {
        count: rects.len() as u64 * patterns,
        nth: Box::new(move |i| {
            let (h, w) = rects[(i / patterns) as usize];
            board_of(h, w, i % patterns)
        }),
    })
}
