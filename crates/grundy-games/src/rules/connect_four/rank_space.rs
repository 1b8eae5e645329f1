//! Connect Four's ranks expanded without building boards one rank at a time
//! ([`RankSpace`], for the ranked tier solver): a rank is a vector of column
//! heights and a packed colouring (bit `j` says whether the `j`-th mark, column by
//! column and bottom up, is an x), as [`rank`](super::rank) orders them. Going
//! through a range, the next colouring is the next set of as many bits (colex order
//! is the combinatorial number system's), the board is the colouring's bits moved
//! column by column into a bitboard of `rows + 1` bits a column, four in a row is
//! found by shifts, and a move's position is ranked from the heights (a table of
//! partial sums) and the colouring with the new mark's bit inserted at its place.
//! The same expansions as unranking, playing and ranking through the ruleset
//! ([`RulesetRanks`](grundy_engine::engine::ranked::RulesetRanks)), checked on every
//! rank of the small boards (`tests/rules/tier_files.rs`).

use std::ops::Range;

use crate::game::Player;
use crate::ruleset::{End, Expansion, RankSpace};

/// The most columns.
const MAX_COLS: usize = 8;

/// The ranks of one board's shape, with the tables that rank and unrank them.
pub(super) struct RankBits {
    cols: usize,
    rows: usize,
    cells: usize,
    /// Bits a column in the bitboard: `rows + 1`, the top one always empty.
    stride: u32,
    /// `comp[c * (cells + 1) + s]`: the vectors of `c` heights `0..=rows` summing to `s`.
    comp: Vec<u64>,
    /// `pre[(c * (cells + 1) + left) * (rows + 1) + h]`: what column `c` of height `h`
    /// adds to the heights' rank, `left` marks being in it and the columns after it.
    pre: Vec<u64>,
    /// `binom[n * 65 + k]`.
    binom: Vec<u64>,
}

impl RankBits {
    /// The tables of a board `cols` wide and `rows` high; `None` where its bitboard
    /// passes 64 bits (8 high: use the ruleset's ranks).
    pub(super) fn new(cols: u8, rows: u8) -> Option<RankBits> {
        let (cols, rows) = (usize::from(cols), usize::from(rows));
        if cols == 0 || rows == 0 || cols > MAX_COLS || cols * (rows + 1) > 64 {
            return None;
        }
        let cells = cols * rows;
        let mut binom = vec![0u64; 65 * 65];
        for n in 0..=64 {
            binom[n * 65] = 1;
            for k in 1..=n {
                binom[n * 65 + k] = binom[(n - 1) * 65 + k - 1].saturating_add(if k < n {
                    binom[(n - 1) * 65 + k]
                } else {
                    0
                });
            }
        }
        let w = cells + 1;
        let mut comp = vec![0u64; (cols + 1) * w];
        comp[0] = 1;
        for c in 1..=cols {
            for s in 0..=cells {
                comp[c * w + s] = (0..=s.min(rows)).map(|v| comp[(c - 1) * w + s - v]).sum();
            }
        }
        let mut pre = vec![0u64; cols * w * (rows + 1)];
        for c in 0..cols {
            let after = cols - c - 1;
            for left in 0..=cells {
                let mut acc = 0;
                for h in 0..=rows {
                    pre[(c * w + left) * (rows + 1) + h] = acc;
                    if h <= left {
                        acc += comp[after * w + left - h];
                    }
                }
            }
        }
        Some(RankBits {
            cols,
            rows,
            cells,
            stride: rows as u32 + 1,
            comp,
            pre,
            binom,
        })
    }

    fn binomial(&self, n: usize, k: usize) -> u64 {
        if k > n {
            0
        } else {
            self.binom[n * 65 + k]
        }
    }

    /// The colourings of `n` marks: x has `ceil(n / 2)` of them.
    fn colourings(&self, n: usize) -> u64 {
        self.binomial(n, n.div_ceil(2))
    }

    /// The heights vectors of tier `n`.
    fn compositions(&self, n: usize) -> u64 {
        self.comp[self.cols * (self.cells + 1) + n]
    }

    /// The heights vector of rank `rest` among those summing to `n`.
    fn heights_unrank(&self, n: usize, mut rest: u64, hs: &mut [u8; MAX_COLS]) {
        let w = self.cells + 1;
        let mut left = n;
        for (c, h) in hs.iter_mut().enumerate().take(self.cols) {
            let after = (self.cols - c - 1) * w;
            let mut v = 0;
            while v < left.min(self.rows) && rest >= self.comp[after + left - v] {
                rest -= self.comp[after + left - v];
                v += 1;
            }
            *h = v as u8;
            left -= v;
        }
    }

    /// The rank of the heights vector `hs` (summing to `n`).
    fn heights_rank(&self, n: usize, hs: &[u8; MAX_COLS]) -> u64 {
        let w = self.cells + 1;
        let mut left = n;
        let mut rank = 0;
        for (c, &h) in hs.iter().enumerate().take(self.cols) {
            rank += self.pre[(c * w + left) * (self.rows + 1) + usize::from(h)];
            left -= usize::from(h);
        }
        rank
    }

    /// The rank of the set `bits` in the combinatorial number system.
    fn subset_rank(&self, bits: u64) -> u64 {
        let (mut rank, mut rest, mut i) = (0, bits, 1);
        while rest != 0 {
            rank += self.binomial(rest.trailing_zeros() as usize, i);
            rest &= rest - 1;
            i += 1;
        }
        rank
    }

    /// The set of `k` members of `0..n` of rank `rank`.
    fn subset_unrank(&self, n: usize, k: usize, mut rank: u64) -> u64 {
        let (mut bits, mut top) = (0u64, n);
        for i in (1..=k).rev() {
            let mut p = top - 1;
            while self.binomial(p, i) > rank {
                p -= 1;
            }
            rank -= self.binomial(p, i);
            bits |= 1 << p;
            top = p;
        }
        bits
    }

    /// Whether `b` holds four in a row.
    fn four(&self, b: u64) -> bool {
        let s = self.stride;
        [1, s, s + 1, s - 1].into_iter().any(|d| {
            let m = b & (b >> d);
            m & (m >> (2 * d)) != 0
        })
    }

    /// How the board of tier `n` with heights `hs` and colouring `packed` goes on;
    /// its moves' ranks pushed onto `children`.
    fn visit(
        &self,
        n: usize,
        hs: &[u8; MAX_COLS],
        packed: u64,
        children: &mut Vec<u64>,
    ) -> Expansion {
        let (mut x, mut occupied, mut start) = (0u64, 0u64, 0u32);
        let mut starts = [0u32; MAX_COLS];
        for c in 0..self.cols {
            let h = u32::from(hs[c]);
            let column = (1u64 << h) - 1;
            let at = c as u32 * self.stride;
            starts[c] = start;
            x |= ((packed >> start) & column) << at;
            occupied |= column << at;
            start += h;
        }
        if self.four(x) || self.four(occupied ^ x) {
            return Expansion::Over(End::Lose);
        }
        if n == self.cells {
            return Expansion::Over(End::Tie);
        }
        let per = self.colourings(n + 1);
        // x moves when the counts are equal.
        let mark = u64::from(n % 2 == 0);
        for c in 0..self.cols {
            if usize::from(hs[c]) == self.rows {
                continue;
            }
            let p = starts[c] + u32::from(hs[c]);
            let low = packed & ((1u64 << p) - 1);
            let child = low | (mark << p) | ((packed >> p) << (p + 1));
            let mut up = *hs;
            up[c] += 1;
            children.push(self.heights_rank(n + 1, &up) * per + self.subset_rank(child));
        }
        Expansion::Moves
    }
}

impl RankSpace for RankBits {
    fn expand(&self, tier: u32, rank: u64, to_move: Player, children: &mut Vec<u64>) -> Expansion {
        let mut e = Expansion::NoPosition;
        self.expand_range(tier, rank..rank + 1, to_move, &mut |_, got, moves| {
            e = got;
            children.extend_from_slice(moves);
        });
        e
    }

    fn expand_range(
        &self,
        tier: u32,
        ranks: Range<u64>,
        _: Player,
        each: &mut dyn FnMut(u64, Expansion, &[u64]),
    ) {
        let n = tier as usize;
        if n > self.cells {
            for r in ranks {
                each(r, Expansion::NoPosition, &[]);
            }
            return;
        }
        let per = self.colourings(n);
        let size = self.compositions(n) * per;
        let k = n.div_ceil(2);
        let mut children = Vec::with_capacity(self.cols);
        let mut hs = [0u8; MAX_COLS];
        let mut heights = u64::MAX;
        let (mut colouring, mut packed) = (0u64, 0u64);
        for r in ranks {
            if r >= size {
                each(r, Expansion::NoPosition, &[]);
                continue;
            }
            if r / per != heights || r % per != colouring {
                heights = r / per;
                colouring = r % per;
                self.heights_unrank(n, heights, &mut hs);
                packed = self.subset_unrank(n, k, colouring);
            }
            children.clear();
            let e = self.visit(n, &hs, packed, &mut children);
            each(r, e, &children);
            // The next rank: the next colouring (Gosper's next set of as many bits),
            // or the first of the next heights vector.
            colouring += 1;
            if colouring == per {
                heights += 1;
                colouring = 0;
                if heights < self.compositions(n) {
                    self.heights_unrank(n, heights, &mut hs);
                }
                packed = (1u64 << k) - 1;
            } else {
                let low = packed & packed.wrapping_neg();
                let ripple = packed + low;
                packed = (((ripple ^ packed) >> 2) / low) | ripple;
            }
        }
    }
}
