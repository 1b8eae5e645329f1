//! Domineering on boards of up to 8×8 cells, as bitboards, for the canonical-form
//! engine.
//!
//! Rules: players take turns placing a domino on two empty adjacent cells; Left
//! places them vertically (two cells of one column), Right horizontally (two cells
//! of one row); a player who cannot place a domino loses. So a board of one column
//! and two rows is 1 (Left has one move, Right none) and the 2×2 board is ±1.
//!
//! A board is `h` rows of `w` columns (each at most 8); bit `8r + c` is set when
//! cell (r, c) is empty, so rows are bytes and the symmetries of the rectangle are a
//! few word operations. Every board is kept in the top-left corner of the 8×8 frame.

use grundy::cgt::engine::PartizanRules;

/// Column 0 of every row.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Column 7 of every row.
const FILE_H: u64 = 0x8080_8080_8080_8080;

/// A Domineering board: `h` rows of `w` columns, a set bit per empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Rows (1 to 8).
    pub h: u8,
    /// Columns (1 to 8).
    pub w: u8,
    /// Empty cells, bit 8r + c.
    pub bits: u64,
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
    /// The empty `rows`×`cols` board (each 1 to 8).
    pub fn empty(rows: u8, cols: u8) -> Board {
        assert!((1..=8).contains(&rows) && (1..=8).contains(&cols));
        let row = (1u64 << cols) - 1;
        let bits = (0..rows).fold(0, |b, r| b | row << (8 * r));
        Board {
            h: rows,
            w: cols,
            bits,
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

    /// The board cut down to the rectangle around the cells of `cells`.
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
}

/// Domineering, with the engine's two hooks switchable (to check them).
pub struct Domineering {
    /// Split a board into its connected regions.
    pub split: bool,
    /// Value a board through its least symmetric image.
    pub symmetry: bool,
}

impl PartizanRules for Domineering {
    type Position = Board;

    fn left_options(&self, b: &Board) -> Vec<Board> {
        let mut pairs = b.bits & (b.bits >> 8);
        let mut out = Vec::with_capacity(pairs.count_ones() as usize);
        while pairs != 0 {
            let i = pairs.trailing_zeros();
            pairs &= pairs - 1;
            out.push(Board {
                bits: b.bits & !(0x101 << i),
                ..*b
            });
        }
        out
    }

    fn right_options(&self, b: &Board) -> Vec<Board> {
        let mut pairs = b.bits & (b.bits >> 1) & !FILE_H;
        let mut out = Vec::with_capacity(pairs.count_ones() as usize);
        while pairs != 0 {
            let i = pairs.trailing_zeros();
            pairs &= pairs - 1;
            out.push(Board {
                bits: b.bits & !(3 << i),
                ..*b
            });
        }
        out
    }

    fn components(&self, b: &Board) -> Vec<Board> {
        if !self.split {
            return vec![*b];
        }
        let mut rest = b.bits;
        let mut parts = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region
                    | ((region << 1) & !FILE_A)
                    | ((region >> 1) & !FILE_H)
                    | (region << 8)
                    | (region >> 8))
                    & b.bits;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            // A lone cell takes no domino: it is worth 0.
            if region.count_ones() >= 2 {
                parts.push(Board::crop(region));
            }
        }
        parts
    }

    fn normalize(&self, b: &Board) -> (Board, bool) {
        if !self.symmetry {
            return (*b, false);
        }
        let mut best = (*b, false);
        for (start, negated) in [(*b, false), (b.transposed(), true)] {
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

/// Whether the player to move (Left if `left`) wins, by plain game-tree search (the
/// tests' reference).
#[allow(dead_code)]
pub fn first_player_wins(rules: &Domineering, b: &Board, left: bool) -> bool {
    let options = if left {
        rules.left_options(b)
    } else {
        rules.right_options(b)
    };
    options.iter().any(|o| !first_player_wins(rules, o, !left))
}
