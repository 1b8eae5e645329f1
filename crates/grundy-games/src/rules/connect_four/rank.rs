//! Connect Four's boards ranked within their tier (the marks on the board), as
//! GamesmanOne ranks them: the column heights first (the vectors of heights `0..=H`
//! summing to the tier, in lexicographic order), then which of the marks are x's
//! (the marks read column by column, bottom up, x's among them in the
//! combinatorial number system). Tier `n` of a board `W` wide and `H` high has
//! `compositions(W, H, n) · binomial(n, ceil(n / 2))` ranks, some of them boards
//! play never reaches (two fours, a four with play after it).

use super::rank_space::RankBits;
use super::ConnectFour;
use crate::rules::marks::{colouring_rank, colouring_unrank, colourings, Marks};
use crate::ruleset::{Rank, RankSpace};

/// `table[c][s]`: how many vectors of `c` heights, each `0..=rows`, sum to `s`, for
/// `c` up to `cols` and `s` up to `sum`; `None` past `u64`.
fn compositions(cols: u8, rows: u8, sum: u32) -> Option<Vec<Vec<u64>>> {
    let sum = sum as usize;
    let mut table = vec![vec![0u64; sum + 1]; usize::from(cols) + 1];
    table[0][0] = 1;
    for c in 1..=usize::from(cols) {
        for s in 0..=sum {
            let mut ways = 0u64;
            for v in 0..=s.min(usize::from(rows)) {
                ways = ways.checked_add(table[c - 1][s - v])?;
            }
            table[c][s] = ways;
        }
    }
    Some(table)
}

/// The cells of columns of `heights`, column by column, bottom up.
fn order(rows: u8, cols: u8, heights: &[u8]) -> Vec<u32> {
    let mut cells = Vec::new();
    for (c, &h) in heights.iter().enumerate() {
        for j in 0..h {
            cells.push(u32::from(rows - 1 - j) * u32::from(cols) + c as u32);
        }
    }
    cells
}

/// The height of each column of `pos`; `None` where a mark floats over an empty
/// cell.
fn heights(pos: &Marks) -> Option<Vec<u8>> {
    let occupied = pos.x | pos.o;
    (0..pos.cols)
        .map(|c| {
            let filled = |r: u8| occupied >> pos.index(r, c) & 1 == 1;
            let h = (0..pos.rows).filter(|&r| filled(r)).count() as u8;
            (0..h).all(|j| filled(pos.rows - 1 - j)).then_some(h)
        })
        .collect()
}

impl Rank for ConnectFour {
    fn tier_size(&self, like: &Marks, tier: u32) -> Option<u64> {
        if tier > like.cells() {
            return None;
        }
        let table = compositions(like.cols, like.rows, tier)?;
        table[usize::from(like.cols)][tier as usize].checked_mul(colourings(tier)?)
    }

    fn rank(&self, pos: &Marks) -> Option<u64> {
        let hs = heights(pos)?;
        let n: u32 = hs.iter().map(|&h| u32::from(h)).sum();
        if pos.x.count_ones() != n.div_ceil(2) {
            return None;
        }
        let table = compositions(pos.cols, pos.rows, n)?;
        let mut rank = 0u64;
        let mut left = n as usize;
        for (c, &h) in hs.iter().enumerate() {
            let after = &table[usize::from(pos.cols) - c - 1];
            for v in 0..usize::from(h) {
                rank = rank.checked_add(after[left - v])?;
            }
            left -= usize::from(h);
        }
        let colouring = colouring_rank(*pos, &order(pos.rows, pos.cols, &hs));
        rank.checked_mul(colourings(n)?)?.checked_add(colouring)
    }

    fn unrank(&self, like: &Marks, tier: u32, rank: u64) -> Option<Marks> {
        let (rows, cols) = (like.rows, like.cols);
        let per = colourings(tier)?;
        let table = compositions(cols, rows, tier)?;
        let mut rest = rank / per;
        let mut left = tier as usize;
        let mut hs = Vec::with_capacity(usize::from(cols));
        for c in 0..usize::from(cols) {
            let after = &table[usize::from(cols) - c - 1];
            let mut h = None;
            for v in 0..=left.min(usize::from(rows)) {
                if rest < after[left - v] {
                    h = Some(v);
                    break;
                }
                rest -= after[left - v];
            }
            let h = h?;
            hs.push(h as u8);
            left -= h;
        }
        if left != 0 {
            return None;
        }
        colouring_unrank(rows, cols, &order(rows, cols, &hs), rank % per)
    }

    /// Every move adds a mark.
    fn climbs_one(&self) -> bool {
        true
    }

    /// Column heights and packed colourings (`rank_space.rs`), for boards up to 7 high.
    fn rank_space(&self, like: &Marks) -> Option<Box<dyn RankSpace + '_>> {
        RankBits::new(like.cols, like.rows).map(|b| Box::new(b) as Box<dyn RankSpace>)
    }
}
