//! Domineering on boards of up to 64 cells, as bitboards, for the canonical-form
//! engine.
//!
//! Rules: players take turns placing a domino on two empty adjacent cells; Left
//! places them vertically (two cells of one column), Right horizontally (two cells
//! of one row); a player who cannot place a domino loses. So a board of one column
//! and two rows is 1 (Left has one move, Right none) and the 2×2 board is ±1.
//!
//! A board is `h` rows of `w` columns; bit `r·w + c` is set when cell (r, c) is
//! empty.

use grundy::cgt::engine::PartizanRules;

/// A Domineering board: `h` rows of `w` columns, a set bit per empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Rows.
    pub h: u8,
    /// Columns.
    pub w: u8,
    /// Empty cells, bit r·w + c.
    pub bits: u64,
}

impl Board {
    /// The empty `rows`×`cols` board (rows·cols ≤ 64).
    pub fn empty(rows: u8, cols: u8) -> Board {
        let n = u32::from(rows) * u32::from(cols);
        assert!(n <= 64, "at most 64 cells");
        Board {
            h: rows,
            w: cols,
            bits: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
        }
    }

    fn col_mask(&self, c: u8) -> u64 {
        let mut m = 0;
        for r in 0..self.h {
            m |= 1u64 << (u32::from(r) * u32::from(self.w) + u32::from(c));
        }
        m
    }

    /// The board mapped by one of the 8 symmetries of the rectangle: `transpose`
    /// swaps rows and columns (and so the players), then `flip_r`, `flip_c` mirror.
    pub fn transform(&self, transpose: bool, flip_r: bool, flip_c: bool) -> Board {
        let (h, w) = if transpose {
            (self.w, self.h)
        } else {
            (self.h, self.w)
        };
        let mut bits = 0u64;
        let mut rest = self.bits;
        while rest != 0 {
            let i = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let (r, c) = (i / self.w, i % self.w);
            let (mut r, mut c) = if transpose { (c, r) } else { (r, c) };
            if flip_r {
                r = h - 1 - r;
            }
            if flip_c {
                c = w - 1 - c;
            }
            bits |= 1 << (u32::from(r) * u32::from(w) + u32::from(c));
        }
        Board { h, w, bits }
    }

    /// The board cut down to the rectangle around the cells of `cells`.
    fn crop(&self, cells: u64) -> Board {
        let (mut r0, mut r1, mut c0, mut c1) = (u8::MAX, 0, u8::MAX, 0);
        let mut rest = cells;
        while rest != 0 {
            let i = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let (r, c) = (i / self.w, i % self.w);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        let row_mask = (1u64 << w) - 1;
        let mut bits = 0;
        for r in r0..=r1 {
            let row = (cells >> (u32::from(r) * u32::from(self.w) + u32::from(c0))) & row_mask;
            bits |= row << (u32::from(r - r0) * u32::from(w));
        }
        Board { h, w, bits }
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
        let w = u32::from(b.w);
        if b.h < 2 {
            return Vec::new();
        }
        let mut pairs = b.bits & (b.bits >> w);
        let mut out = Vec::with_capacity(pairs.count_ones() as usize);
        while pairs != 0 {
            let i = pairs.trailing_zeros();
            pairs &= pairs - 1;
            out.push(Board {
                bits: b.bits & !(1 << i | 1 << (i + w)),
                ..*b
            });
        }
        out
    }

    fn right_options(&self, b: &Board) -> Vec<Board> {
        if b.w < 2 {
            return Vec::new();
        }
        let not_last = !b.col_mask(b.w - 1);
        let mut pairs = b.bits & (b.bits >> 1) & not_last;
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
        let w = u32::from(b.w);
        let not_first = !b.col_mask(0);
        let not_last = !b.col_mask(b.w - 1);
        let mut rest = b.bits;
        let mut parts = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region
                    | ((region << 1) & not_first)
                    | ((region >> 1) & not_last)
                    | (region << w)
                    | (region >> w))
                    & b.bits;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            // A lone cell takes no domino: it is worth 0.
            if region.count_ones() >= 2 {
                parts.push(b.crop(region));
            }
        }
        parts
    }

    fn normalize(&self, b: &Board) -> (Board, bool) {
        if !self.symmetry {
            return (*b, false);
        }
        let mut best = (*b, false);
        for t in 0..8u8 {
            let (transpose, flip_r, flip_c) = (t & 4 != 0, t & 2 != 0, t & 1 != 0);
            let image = b.transform(transpose, flip_r, flip_c);
            if image < best.0 {
                best = (image, transpose);
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
