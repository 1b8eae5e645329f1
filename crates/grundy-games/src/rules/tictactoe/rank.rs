//! Tic-tac-toe's boards ranked within their tier (the marks on the board): the set
//! of marked cells among the nine, then which of them are x's, each in the
//! combinatorial number system. Tier `n` has `binomial(9, n) · binomial(n,
//! ceil(n / 2))` ranks (at most 1,260), some of them boards play never reaches
//! (two lines of three).

use super::TicTacToe;
use crate::rules::marks::{
    binomial, colouring_rank, colouring_unrank, colourings, subset_rank, subset_unrank, Marks,
};
use crate::ruleset::Rank;

/// The cells of the board.
const CELLS: u32 = 9;

/// The marked cells of `occupied`, in index order.
fn order(occupied: u64) -> Vec<u32> {
    (0..CELLS).filter(|&i| occupied >> i & 1 == 1).collect()
}

impl Rank for TicTacToe {
    fn tier_size(&self, _: &Marks, tier: u32) -> Option<u64> {
        binomial(CELLS, tier)?.checked_mul(colourings(tier)?)
    }

    fn rank(&self, pos: &Marks) -> Option<u64> {
        let occupied = pos.x | pos.o;
        let n = occupied.count_ones();
        if (pos.rows, pos.cols) != (3, 3) || pos.x.count_ones() != n.div_ceil(2) {
            return None;
        }
        let cells = subset_rank(occupied);
        Some(cells * colourings(n)? + colouring_rank(*pos, &order(occupied)))
    }

    fn unrank(&self, _: &Marks, tier: u32, rank: u64) -> Option<Marks> {
        let per = colourings(tier)?;
        let occupied = subset_unrank(CELLS, tier, rank / per)?;
        colouring_unrank(3, 3, &order(occupied), rank % per)
    }

    /// Every move adds a mark.
    fn climbs_one(&self) -> bool {
        true
    }
}
