//! Domineering boards as bitboards: the notation, the moves, and the engine's hooks
//! (regions and symmetries).
//!
//! A board is `h` rows of `w` columns: at most [`MAX_COLS`] columns (a letter each)
//! and at most [`MAX_CELLS`] cells in all, e.g. 11×11, 8×15 or 4×26, a bit per empty
//! cell: a board that fits the 8×8 frame of the other grid games keeps their layout
//! (bit `8r + c`), whose symmetries and regions are a few word operations, and a
//! bigger one has its rows one after the other (bit `w·r + c`, as the search lays out
//! its nodes) in a 128-bit word.

use std::fmt;
use std::str::FromStr;

use super::word::Word;
use crate::rules::grid::{self, GridLimits};
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
///
/// A board that fits the 8×8 frame of the other grid games keeps their layout (cell
/// (r, c) at bit `8r + c`, [`grid`]), whose symmetries and regions are a few word
/// operations; a bigger one has its rows one after the other (bit `w·r + c`). The
/// word is kept as two halves, so that a board takes 24 bytes, not the 32 of a
/// 16-byte-aligned word. Whatever the layout, [`Board::restricted`] and
/// [`Board::empty_cells`] speak of bit `w·r + c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    h: u8,
    w: u8,
    hi: u64,
    lo: u64,
}

/// Whether an `h`×`w` board fits the 8×8 frame (and so keeps its layout).
#[inline]
fn framed(h: u32, w: u32) -> bool {
    h <= 8 && w <= 8
}

/// The cells of an `h`×`w` board, given with rows of `from` bits, with rows of `to`
/// bits instead.
#[inline]
fn restride(h: u32, w: u32, bits: u128, from: u32, to: u32) -> u128 {
    if from == to {
        return bits;
    }
    let line = (1u128 << w) - 1;
    let (mut out, mut x) = (0, bits);
    for r in 0..h {
        out |= (x & line) << (to * r);
        x >>= from;
    }
    out
}

/// The cells `bits` of an `h`×`w` board with rows one after the other (bit `w·r +
/// c`) upside down: row `r` goes to `h − 1 − r`. Also the search's ([`Grid`]).
///
/// [`Grid`]: super::search::Grid
#[inline]
pub(crate) fn rows_flipped<W: Word>(h: u32, w: u32, bits: W) -> W {
    let line = W::low(w);
    let (mut out, mut x) = (W::ZERO, bits);
    for r in 0..h {
        out |= (x & line) << (w * (h - 1 - r));
        x = x >> w;
    }
    out
}

/// The cells `bits` of a board of `n` cells with rows one after the other turned by
/// half a turn: cell `k` goes to `n − 1 − k`.
#[inline]
pub(crate) fn half_turned<W: Word>(n: u32, bits: W) -> W {
    bits.reverse_bits() >> (W::BITS - n)
}

/// The cells `bits` of an `h`×`w` board with rows one after the other transposed:
/// cell (r, c) goes to (c, r) of the `w`×`h` board.
pub(crate) fn transposed_cells<W: Word>(h: u32, w: u32, bits: W) -> W {
    let (mut out, mut left) = (W::ZERO, bits);
    while left != W::ZERO {
        let k = left.trailing_zeros();
        left = left.without_lowest();
        out |= W::ONE << ((k % w) * h + k / w);
    }
    out
}

impl Board {
    /// The `h`×`w` board of the empty cells `bits`, in the board's layout.
    #[inline]
    fn of(h: u8, w: u8, bits: u128) -> Board {
        Board {
            h,
            w,
            hi: (bits >> 64) as u64,
            lo: bits as u64,
        }
    }

    /// The `h`×`w` board of the empty cells `bits` given row after row (bit
    /// `w·r + c`).
    fn of_rows(h: u8, w: u8, bits: u128) -> Board {
        let (h32, w32) = (u32::from(h), u32::from(w));
        let to = if framed(h32, w32) { 8 } else { w32 };
        Board::of(h, w, restride(h32, w32, bits, w32, to))
    }

    /// The empty cells, in the board's layout.
    #[inline]
    fn bits(self) -> u128 {
        u128::from(self.hi) << 64 | u128::from(self.lo)
    }

    /// Whether the board fits the 8×8 frame.
    #[inline]
    fn is_framed(self) -> bool {
        framed(u32::from(self.h), u32::from(self.w))
    }

    /// The bits from one row to the next: 8 in the frame, else the width.
    #[inline]
    fn stride(self) -> u32 {
        if self.is_framed() {
            8
        } else {
            u32::from(self.w)
        }
    }

    /// This board's shape with the empty cells `bits`.
    #[inline]
    fn with(self, bits: u128) -> Board {
        Board::of(self.h, self.w, bits)
    }

    /// The empty `rows`×`cols` board; `None` unless both are at least 1, the columns
    /// at most [`MAX_COLS`] and the cells at most [`MAX_CELLS`].
    pub fn empty(rows: u8, cols: u8) -> Option<Board> {
        if rows == 0 || !(1..=MAX_COLS).contains(&cols) {
            return None;
        }
        let n = u32::from(rows) * u32::from(cols);
        (n <= MAX_CELLS).then(|| Board::of_rows(rows, cols, (1u128 << n) - 1))
    }

    /// The board with only the empty cells that are also in `mask` (bit `w·r + c`
    /// for cell (r, c)) left empty.
    pub fn restricted(self, mask: u128) -> Board {
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        self.with(self.bits() & restride(h, w, mask, w, self.stride()))
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
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        restride(h, w, self.bits(), self.stride(), w)
    }

    /// Whether cell (r, c) is on the board and empty.
    pub fn is_empty(self, r: u8, c: u8) -> bool {
        r < self.h && c < self.w && self.bits() >> self.index(r, c) & 1 == 1
    }

    /// The bit of cell (r, c), which must be on the board.
    #[inline]
    fn index(self, r: u8, c: u8) -> u32 {
        self.stride() * u32::from(r) + u32::from(c)
    }

    /// The cells of the first column.
    #[inline]
    fn first_column(self) -> u128 {
        FIRST_COLUMN[self.stride() as usize] & self.full()
    }

    /// The cells of the last column.
    #[inline]
    fn last_column(self) -> u128 {
        self.first_column() << (self.w - 1)
    }

    /// Every bit up to the last cell's.
    #[inline]
    fn full(self) -> u128 {
        let last = self.stride() * (u32::from(self.h) - 1) + u32::from(self.w);
        (1u128 << last) - 1
    }

    /// The top cells (bit indices) of every vertical domino that fits: Left's moves.
    #[inline]
    pub(crate) fn vertical_spots(self) -> u128 {
        let bits = self.bits();
        bits & (bits >> self.stride())
    }

    /// The left cells of every horizontal domino that fits: Right's moves.
    #[inline]
    pub(crate) fn horizontal_spots(self) -> u128 {
        let bits = self.bits();
        bits & (bits >> 1) & !self.last_column()
    }

    /// The bit of `d`'s first cell, if both its cells are on the board.
    pub(crate) fn spot(self, d: Domino) -> Option<u32> {
        let (r, c) = d.second();
        (r < self.h && c < self.w).then(|| self.index(d.row, d.col))
    }

    /// The domino whose first cell is bit `i`, vertical or not.
    #[inline]
    pub(crate) fn domino(self, i: u32, vertical: bool) -> Domino {
        let (row, col) = if self.is_framed() {
            (i >> 3, i & 7)
        } else {
            (i / u32::from(self.w), i % u32::from(self.w))
        };
        Domino {
            row: row as u8,
            col: col as u8,
            vertical,
        }
    }

    /// The board with the domino at bit `i` (vertical: cells i and i + stride;
    /// horizontal: i and i + 1) placed.
    #[inline]
    pub(crate) fn place(self, i: u32, vertical: bool) -> Board {
        let cells = if vertical {
            1 | 1u128 << self.stride()
        } else {
            3
        };
        self.with(self.bits() & !(cells << i))
    }

    /// The frame's word of a board that fits it.
    #[inline]
    fn frame(self) -> u64 {
        self.lo
    }

    /// Mirrors the rows (top to bottom); past the frame.
    fn flip_rows(self) -> Board {
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        self.with(rows_flipped(h, w, self.bits()))
    }

    /// Turns the board by half a turn (cell `k` goes to `h·w − 1 − k`); past the
    /// frame.
    fn turned(self) -> Board {
        let n = u32::from(self.h) * u32::from(self.w);
        self.with(half_turned(n, self.bits()))
    }

    /// Swaps rows and columns (and so the players); past the frame.
    fn transposed(self) -> Board {
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        Board::of(self.w, self.h, transposed_cells(h, w, self.bits()))
    }

    /// The cells of `cells` (of this board past the frame; at least one) cropped to
    /// their own rectangle, as a board of that rectangle.
    fn cropped(self, cells: u128) -> Board {
        let w = u32::from(self.w);
        let (r0, r1) = (
            cells.trailing_zeros() / w,
            (127 - cells.leading_zeros()) / w,
        );
        let line = (1u128 << w) - 1;
        let (mut columns, mut x) = (0, cells >> (w * r0));
        for _ in r0..=r1 {
            columns |= x & line;
            x >>= w;
        }
        let (c0, c1) = (columns.trailing_zeros(), 127 - columns.leading_zeros());
        let (h2, w2) = (r1 - r0 + 1, c1 - c0 + 1);
        let rows = restride(h2, w2, cells >> (w * r0 + c0), w, w2);
        Board::of_rows(h2 as u8, w2 as u8, rows)
    }

    /// The connected regions of empty cells of two cells or more (a lone cell takes
    /// no domino: it is worth 0), each cropped to its own rectangle.
    pub(crate) fn regions(self) -> Vec<Board> {
        if self.is_framed() {
            return grid::regions(self.frame())
                .into_iter()
                .filter(|r| r.count_ones() >= 2)
                .map(|r| {
                    let (shift, h, w) = grid::bounding_box(r);
                    Board::of(h, w, u128::from(r >> shift))
                })
                .collect();
        }
        let w = u32::from(self.w);
        let not_first = !self.first_column();
        let not_last = !self.last_column();
        let all = self.bits();
        let mut out = Vec::new();
        let mut rest = all;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region
                    | (region << 1 & not_first)
                    | (region >> 1 & not_last)
                    | region << w
                    | region >> w)
                    & all;
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

    /// The board as one word, when it fits the frame and its empty cells reach all
    /// four sides (a region cropped to its rectangle, as [`regions`](Self::regions)
    /// gives them): the cells then give back the board's rows and columns, so two
    /// such boards with one word are one board.
    pub(crate) fn word(self) -> Option<u64> {
        let bits = self.frame();
        (self.is_framed() && bits != 0 && grid::bounding_box(bits) == (0, self.h, self.w))
            .then_some(bits)
    }

    /// The least of the board's eight images under the symmetries of the square,
    /// and whether it is transposed (which swaps the players, so negates the value).
    pub(crate) fn least_image(self) -> (Board, bool) {
        let mut best = (self, false);
        if self.is_framed() {
            let (h, w, x) = (self.h, self.w, self.frame());
            for (rows, cols, start, negated) in [(h, w, x, false), (w, h, grid::transpose(x), true)]
            {
                let r = grid::flip_rows(start, rows);
                for image in [
                    start,
                    r,
                    grid::flip_cols(start, cols),
                    grid::flip_cols(r, cols),
                ] {
                    let image = Board::of(rows, cols, u128::from(image));
                    if image < best.0 {
                        best = (image, negated);
                    }
                }
            }
            return best;
        }
        for (start, negated) in [(self, false), (self.transposed(), true)] {
            let turned = start.turned();
            for image in [start, start.flip_rows(), turned.flip_rows(), turned] {
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
        let limits = GridLimits {
            rows: u32::MAX,
            cols: u32::from(MAX_COLS),
            cells: MAX_CELLS,
        };
        let mut bits = 0u128;
        let cells = "'.' (empty) or '#' (filled)";
        let (h, w) = grid::scan_grid(text, &['.', '#'], cells, limits, |k, _, _, index| {
            if k == 0 {
                bits |= 1 << index;
            }
        })?;
        Ok(Board::of_rows(h as u8, w as u8, bits))
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
