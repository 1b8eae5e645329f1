//! Exact leaves of Domineering's search from canonical forms: a node whose empty
//! cells split into regions all small enough for the canonical-form engine is
//! decided by the sum of their values, without searching below it.
//!
//! A board is the disjunctive sum of its regions (connected sets of empty cells;
//! a cell with no empty neighbour takes no domino and is dropped). When every
//! region has at most [`LEAF_CELLS`] cells, each region's canonical form is found
//! by the engine of [`canonical`] (through Domineering's
//! own hooks: the least of the region's images, a transposed region negated), kept
//! by the region's cells moved to the grid's corner, and the sum `G` of the forms
//! decides the node: Left to move wins exactly when `G` is not `≤ 0`, Right to
//! move exactly when `G` is not `≥ 0`.
//!
//! What the leaves store is bounded by the bytes they are given: half for the
//! regions kept (at most one per [`REGION_BYTES`]), half for what the values'
//! arena (forms, memo tables, the engine's tables) may grow by from when the leaves
//! were made; past it no leaf is worked out any more and the nodes are searched.
//! The arena is shared by the whole process, so other work may use that room first:
//! the leaves then stop sooner, which costs nodes, never an answer. A region the
//! engine does not value within its limits is kept as unknown, and a node with one
//! is searched.

use std::collections::HashMap;

use crate::cgt::{stats, CanonicalForm};
use crate::rules::canonical::{self, Memo};

use super::search::Grid;
use super::{Board, Domineering};

/// The most empty cells of a region valued for a leaf.
pub const LEAF_CELLS: u32 = 12;

/// The bytes counted for each region kept (its key, its form and the map's
/// room around them, generously).
pub const REGION_BYTES: u64 = 64;

/// How often the leaves measure the values' arena ([`Leaves::within_memory`]).
const MEASURE_EVERY: u64 = 1 << 10;

/// The most regions a node may split into: a board of 127 cells has at most 63
/// regions that take a domino.
const MAX_PARTS: usize = 64;

/// The leaves of one grid: the values of the regions met so far.
pub struct Leaves {
    grid: Grid,
    rules: Domineering,
    memo: Memo<Board>,
    /// By a region's cells moved to the grid's corner (its first row and first
    /// column at the grid's), its canonical form, `None` when the engine did not
    /// value it.
    values: HashMap<u128, Option<CanonicalForm>>,
    /// The most regions kept.
    max_regions: usize,
    /// The arena's bytes when the leaves were made, and how many more they may add.
    base_bytes: u64,
    memory: u64,
    /// Whether the leaves may still add to the arena.
    growing: bool,
    /// Calls of [`Leaves::within_memory`].
    calls: u64,
    /// Nodes decided by a leaf.
    decided: u64,
}

impl Leaves {
    /// The leaves of `grid`'s boards within `memory` bytes: half for the regions
    /// kept, half for the growth of the values' arena.
    pub fn new(grid: &Grid, memory: u64) -> Leaves {
        Leaves {
            grid: *grid,
            rules: Domineering::new(),
            memo: Memo::default(),
            values: HashMap::new(),
            max_regions: usize::try_from(memory / 2 / REGION_BYTES).unwrap_or(usize::MAX),
            base_bytes: stats().approx_bytes,
            memory: memory / 2,
            growing: true,
            calls: 0,
            decided: 0,
        }
    }

    /// Nodes decided by a leaf so far.
    pub fn decided(&self) -> u64 {
        self.decided
    }

    /// Whether the player to move (Left when `left`) wins the board of `e` empty
    /// cells, when every region of it has at most [`LEAF_CELLS`] cells and each
    /// region's value, and their sum, are known within the leaves' limits; `None`
    /// otherwise.
    pub fn outcome(&mut self, e: u128, left: bool) -> Option<bool> {
        // Cells with no empty neighbour take no domino.
        let live = self.grid.neighbours(e, e);
        let mut parts = [0u128; MAX_PARTS];
        let mut n = 0;
        let mut rest = live;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = region | self.grid.neighbours(region, live);
                if grown == region {
                    break;
                }
                region = grown;
                if region.count_ones() > LEAF_CELLS {
                    return None;
                }
            }
            rest &= !region;
            if n == MAX_PARTS {
                return None;
            }
            parts[n] = region;
            n += 1;
        }
        if !self.within_memory() {
            return None;
        }
        let mut total = CanonicalForm::zero();
        for &region in &parts[..n] {
            total = total.try_add(self.value(region)?).ok()?;
        }
        self.decided += 1;
        let zero = CanonicalForm::zero();
        Some(if left {
            !total.leq(zero)
        } else {
            !zero.leq(total)
        })
    }

    /// Whether the arena has room left for the leaves; once not, never again. The
    /// arena is measured once every [`MEASURE_EVERY`] calls (measuring takes a look
    /// at every shard of its tables): between two, a leaf adds at most one region's
    /// value and one sum of the regions of a node.
    fn within_memory(&mut self) -> bool {
        if self.growing {
            self.calls += 1;
            if self.calls % MEASURE_EVERY == 0
                && stats().approx_bytes.saturating_sub(self.base_bytes) > self.memory
            {
                self.growing = false;
            }
        }
        self.growing
    }

    /// The canonical form of the region of cells `region`, from the kept values or
    /// the engine; `None` when the engine does not value it within its limits or
    /// the leaves have no room left to value a new one.
    fn value(&mut self, region: u128) -> Option<CanonicalForm> {
        let key = self.corner(region);
        if let Some(&g) = self.values.get(&key) {
            return g;
        }
        if self.values.len() >= self.max_regions {
            return None;
        }
        let board = Board::empty(self.grid.rows() as u8, self.grid.cols() as u8)?.restricted(key);
        let g = canonical::canonical_form(&self.rules, &self.memo, &board).ok();
        self.values.insert(key, g);
        g
    }

    /// The cells `region` moved up and left until they touch the grid's first row
    /// and first column.
    fn corner(&self, region: u128) -> u128 {
        let cols = self.grid.cols();
        let row = region.trailing_zeros() / cols;
        let mut x = region >> (row * cols);
        while x & self.grid.first_column() == 0 {
            x >>= 1;
        }
        x
    }
}
