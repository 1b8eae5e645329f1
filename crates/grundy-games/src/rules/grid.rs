//! Rectangular boards of up to 8×8 cells as 64-bit words, shared by the grid games:
//! the row notation (`..#|...`), the symmetries of the rectangle, connected regions
//! and cell names (`b3`).
//!
//! Cell (r, c) is bit `8r + c`, so a row is a byte and a board sits in the top-left
//! corner of the 8×8 frame.

use crate::rules::NotationError;
use crate::ruleset::Positions;

/// The most rows, and the most columns, of a board.
pub const MAX_SIDE: u8 = 8;

/// Column 0 of every row.
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Column 7 of every row.
pub(crate) const FILE_H: u64 = 0x8080_8080_8080_8080;

/// The bit of cell (r, c).
pub fn bit(r: u8, c: u8) -> u64 {
    1 << (8 * u32::from(r) + u32::from(c))
}

/// The cells of a `rows`×`cols` rectangle in the top-left corner of the frame.
pub fn rectangle(rows: u8, cols: u8) -> u64 {
    let row = (1u64 << cols) - 1;
    (0..rows).fold(0, |b, r| b | row << (8 * r))
}

/// Swaps rows and columns of an 8×8 bitboard (bit 8r + c to bit 8c + r).
pub fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// Mirrors the rows (top to bottom) of a board of `h` rows.
pub fn flip_rows(x: u64, h: u8) -> u64 {
    x.swap_bytes() >> (8 * (8 - u32::from(h)))
}

/// Mirrors the columns (left to right) of a board of `w` columns.
pub fn flip_cols(x: u64, w: u8) -> u64 {
    x.reverse_bits().swap_bytes() >> (8 - u32::from(w))
}

/// The cells orthogonally next to a cell of `x`.
pub(crate) fn neighbours(x: u64) -> u64 {
    ((x << 1) & !FILE_A) | ((x >> 1) & !FILE_H) | (x << 8) | (x >> 8)
}

/// The cells a king's step (orthogonally or diagonally) from a cell of `x`, and
/// those of `x`.
pub fn king_neighbours(x: u64) -> u64 {
    let row = x | ((x << 1) & !FILE_A) | ((x >> 1) & !FILE_H);
    row | (row << 8) | (row >> 8)
}

/// The connected regions (orthogonally) of `cells`, in order of their first cell.
pub fn regions(cells: u64) -> Vec<u64> {
    regions_by(cells, neighbours)
}

/// The connected regions of `cells` where `near` gives the cells next to a set of
/// cells (`neighbours`, [`king_neighbours`]), in order of their first cell.
pub fn regions_by(cells: u64, near: fn(u64) -> u64) -> Vec<u64> {
    let mut rest = cells;
    let mut out = Vec::new();
    while rest != 0 {
        let mut region = rest & rest.wrapping_neg();
        loop {
            let grown = (region | near(region)) & cells;
            if grown == region {
                break;
            }
            region = grown;
        }
        rest &= !region;
        out.push(region);
    }
    out
}

/// The rectangle around the cells of `cells` (not empty): the shift that moves its
/// top-left corner to (0, 0), its rows and its columns.
pub fn bounding_box(cells: u64) -> (u32, u8, u8) {
    let r0 = cells.trailing_zeros() / 8;
    let r1 = (63 - cells.leading_zeros()) / 8;
    let mut cols = cells;
    cols |= cols >> 32;
    cols |= cols >> 16;
    cols |= cols >> 8;
    let cols = cols as u8;
    let c0 = cols.trailing_zeros();
    let c1 = 7 - cols.leading_zeros();
    (8 * r0 + c0, (r1 - r0 + 1) as u8, (c1 - c0 + 1) as u8)
}

/// A cell in move notation: `b3` is column 2, row 3 (rows from the top).
pub(crate) fn cell_name(r: u8, c: u8) -> String {
    format!("{}{}", char::from(b'a' + c), u32::from(r) + 1)
}

/// Reads a cell such as `b3`: (row, column) from 0.
pub fn parse_cell(text: &str) -> Result<(u8, u8), String> {
    let bad = || {
        format!(
            "{text:?} is not a cell: write a column letter a-h and a row number 1-8 (from the top), e.g. b3"
        )
    };
    let mut chars = text.chars();
    let letter = chars.next().ok_or_else(bad)?;
    let digits = chars.as_str();
    if !('a'..='h').contains(&letter)
        || digits.len() != 1
        || !(b'1'..=b'8').contains(&digits.as_bytes()[0])
    {
        return Err(bad());
    }
    Ok((digits.as_bytes()[0] - b'1', letter as u8 - b'a'))
}

/// A board read from rows separated by `|`: its size, and for each symbol of the
/// alphabet the bits of the cells that hold it.
pub(crate) struct Grid {
    pub(crate) rows: u8,
    pub(crate) cols: u8,
    pub(crate) cells: Vec<u64>,
}

/// How big a board written as rows of cells may be: at most `rows` rows, `cols` cells
/// in a row and `cells` in all ([`scan_grid`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct GridLimits {
    /// The most rows (`u32::MAX`: no limit but `cells`).
    pub(crate) rows: u32,
    /// The most cells in a row.
    pub(crate) cols: u32,
    /// The most cells in all.
    pub(crate) cells: u32,
}

/// Reads rows of the `alphabet`'s symbols separated by `|`, every row as long as the
/// first, within `limits`; `cells` names the symbols in messages, e.g. `'.' (empty) or
/// '#' (filled)`. Each cell is handed to `put(k, row, col, index)`: its symbol's place
/// in `alphabet`, its row and column, and its index counted row after row. Returns
/// the rows and the columns.
pub(crate) fn scan_grid(
    text: &str,
    alphabet: &[char],
    cells: &str,
    limits: GridLimits,
    mut put: impl FnMut(usize, u32, u32, u32),
) -> Result<(u32, u32), NotationError> {
    let (mut h, mut w, mut col) = (0u32, 0u32, 0u32);
    // The end of a row at character `i` (a `|` or the end): the first row sets the
    // width, a later one must be as long.
    let end_row = |i: usize, col: u32, h: &mut u32, w: &mut u32| {
        if col == 0 {
            return Err(NotationError::at(text, i, cells));
        }
        if *h == 0 {
            *w = col;
        } else if col < *w {
            return Err(NotationError::at(
                text,
                i,
                format!("{cells}: every row has {w} cells, as the first", w = *w),
            ));
        }
        *h += 1;
        Ok(())
    };
    for (i, ch) in text.chars().enumerate() {
        let widest = if h == 0 { limits.cols } else { w };
        if let Some(k) = alphabet.iter().position(|&a| a == ch) {
            if h == limits.rows {
                return Err(NotationError::at(
                    text,
                    i,
                    format!("the end: at most {} rows", limits.rows),
                ));
            }
            if col == widest {
                let why = if h == 0 {
                    format!("at most {} cells in a row", limits.cols)
                } else {
                    format!("every row has {w} cells, as the first")
                };
                return Err(NotationError::at(text, i, format!("'|' ({why})")));
            }
            let index = h * widest + col;
            if index >= limits.cells {
                return Err(NotationError::at(
                    text,
                    i,
                    format!("the end: at most {} cells in all", limits.cells),
                ));
            }
            put(k, h, col, index);
            col += 1;
        } else if ch == '|' {
            end_row(i, col, &mut h, &mut w)?;
            col = 0;
        } else {
            let err = NotationError::at(text, i, format!("{cells} or '|' (next row)"));
            // A cell of the board (within the first row's width) is named by its row
            // and column as the moves name it; a character past the board is not.
            let on_board = h < limits.rows && col < widest && h * widest + col < limits.cells;
            return Err(if on_board {
                err.in_cell(h as u8, col as u8)
            } else {
                err
            });
        }
    }
    end_row(text.chars().count(), col, &mut h, &mut w)?;
    Ok((h, w))
}

/// Reads rows of the `alphabet`'s symbols separated by `|`, every row as long as the
/// first, at most [`MAX_SIDE`] rows of at most [`MAX_SIDE`] cells; `cells` names the
/// symbols in messages, e.g. `'.' (empty) or '#' (filled)`.
pub(crate) fn parse_grid(
    text: &str,
    alphabet: &[char],
    cells: &str,
) -> Result<Grid, NotationError> {
    let side = u32::from(MAX_SIDE);
    let limits = GridLimits {
        rows: side,
        cols: side,
        cells: side * side,
    };
    let mut out = vec![0u64; alphabet.len()];
    let (rows, cols) = scan_grid(text, alphabet, cells, limits, |k, r, c, _| {
        out[k] |= bit(r as u8, c as u8);
    })?;
    Ok(Grid {
        rows: rows as u8,
        cols: cols as u8,
        cells: out,
    })
}

/// Writes a `rows`×`cols` board, rows separated by `|`, each cell by `symbol`.
pub(crate) fn show_grid(rows: u8, cols: u8, symbol: impl Fn(u64) -> char) -> String {
    let mut out = String::new();
    for r in 0..rows {
        if r > 0 {
            out.push('|');
        }
        for c in 0..cols {
            out.push(symbol(bit(r, c)));
        }
    }
    out
}

/// The least image of a board under the symmetries of its rectangle and the swap of
/// the players' colours (which negates the value), and whether it is a swapped one.
/// The board has `h` rows, `w` columns and the cell masks `masks`; `board(masks,
/// rows, cols)` builds a board and `swap` swaps its colours. Boards compare their
/// rows first, then their columns, so only the images with the fewer rows can be
/// least: the upright ones when `h <= w`, the transposed ones when `h >= w` (all
/// eight for a square). Of equal images, one not swapped is taken.
pub(crate) fn least_image<B: Copy + Ord, const N: usize>(
    h: u8,
    w: u8,
    masks: [u64; N],
    board: impl Fn([u64; N], u8, u8) -> B,
    swap: impl Fn(B) -> B,
) -> (B, bool) {
    let mut images = [board(masks, h, w); 8];
    let mut n = 0;
    let mut four = |m: [u64; N], rows: u8, cols: u8| {
        let flipped = m.map(|x| flip_rows(x, rows));
        images[n] = board(m, rows, cols);
        images[n + 1] = board(flipped, rows, cols);
        images[n + 2] = board(m.map(|x| flip_cols(x, cols)), rows, cols);
        images[n + 3] = board(flipped.map(|x| flip_cols(x, cols)), rows, cols);
        n += 4;
    };
    if h <= w {
        four(masks, h, w);
    }
    if h >= w {
        four(masks.map(transpose), w, h);
    }
    let images = &images[..n];
    let mut best = (images[0], false);
    for &image in images {
        if image < best.0 {
            best = (image, false);
        }
    }
    for &image in images {
        let swapped = swap(image);
        if swapped < best.0 {
            best = (swapped, true);
        }
    }
    best
}

/// Every board of `size` cells, numbered: every rectangle of that area, each with
/// every way of giving each of its cells one of `kinds` kinds (the first cell the
/// lowest digit, in base `kinds`). `board(h, w, masks)` builds a board from the cells
/// of each kind (`masks[k]`, within the rectangle). `None` when there are more than
/// 2^64 boards.
pub(crate) fn all_boards<B>(
    size: usize,
    kinds: usize,
    board: impl Fn(u8, u8, &[u64]) -> B + Send + Sync + 'static,
) -> Option<Positions<'static, B>> {
    let rects: Vec<(u8, u8)> = (1..=MAX_SIDE)
        .flat_map(|h| (1..=MAX_SIDE).map(move |w| (h, w)))
        .filter(|&(h, w)| usize::from(h) * usize::from(w) == size)
        .collect();
    let per_rect = (kinds as u64).checked_pow(u32::try_from(size).ok()?)?;
    Some(Positions {
        count: (rects.len() as u64).checked_mul(per_rect)?,
        nth: Box::new(move |i| {
            let (h, w) = rects[(i / per_rect) as usize];
            let mut f = i % per_rect;
            let mut masks = vec![0u64; kinds];
            for r in 0..h {
                for c in 0..w {
                    masks[(f % kinds as u64) as usize] |= bit(r, c);
                    f /= kinds as u64;
                }
            }
            board(h, w, &masks)
        }),
    })
}
