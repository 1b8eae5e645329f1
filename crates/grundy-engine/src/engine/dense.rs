//! Retrograde solvers over dense tables, for games whose positions are `0..size`:
//! win/loss, Grundy values or remoteness of every position in one pass, in parallel
//! by stages, used for the pawns' positions by size (`grundy verify pawns`, through
//! the pawn game's `win_table`). Limits: every move must go to a smaller index; the
//! whole table is in memory (1 bit, 1 byte or 2 bytes a position: 2 GiB for 2^34
//! positions, bit-packed).
//!
//! When every position of a game maps onto an integer below some bound (a pawn
//! board of n squares is an n-bit mask), the positions need no hash map: one pass
//! over a flat table, in an order where every move's target is solved before its
//! source, solves them all. This module gives
//!
//! - the trait [`DenseGame`]: a game whose positions are the indices `0..size`, in
//!   which **every move goes to a smaller index** (so increasing index order is a
//!   topological order of the game graph), with an optional [`Schedule`] saying
//!   which blocks of indices may be solved in parallel;
//! - three generic solvers, each one pass over the table: win/loss bit-packed
//!   ([`solve_wins`], 1 bit per position, a [`WinTable`]), Grundy values
//!   ([`solve_grundy`], 1 byte per position, a [`GrundyTable`]) and remoteness
//!   ([`solve_remoteness`], 2 bytes per position, a [`RemotenessTable`], see
//!   [`remoteness`](crate::engine::remoteness) for the rule).
//!
//! A game may bring its own dense solver and build its table with
//! [`WinTable::from_words`]: the pawn game does
//! (`grundy_games::rules::pawns::dense`, 64 boards per machine word).
//!
//! The generic solvers check that every move goes to a smaller index and report a
//! [`DenseError`] otherwise. They trust the schedule's claim that blocks of one
//! stage are independent; [`Schedule::check`] verifies it exhaustively (the pawn
//! game's tests do this for its schedule).
//!
//! ```
//! use grundy_engine::engine::dense::{solve_wins, DenseGame};
//!
//! /// Subtraction game {1, 2}: from n take 1 or 2.
//! struct TakeOneOrTwo(u64);
//! impl DenseGame for TakeOneOrTwo {
//!     fn size(&self) -> u64 {
//!         self.0
//!     }
//!     fn for_each_child(&self, n: u64, mut f: impl FnMut(u64)) {
//!         (1..=2).filter(|&d| d <= n).for_each(|d| f(n - d));
//!     }
//! }
//!
//! let table = solve_wins(&TakeOneOrTwo(30)).unwrap();
//! assert!((0..30).all(|n| table.wins(n) == (n % 3 != 0)));
//! ```

use std::ops::Range;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicU8, Ordering::Relaxed};

use crate::parallel;

use crate::engine::remoteness::Remoteness;
use crate::values::Nimber;

/// A game whose positions are the integers `0..size()`, every move going from a
/// position to a **smaller** one.
///
/// The order is the whole contract: increasing index order must be a topological
/// order of the game graph, so a single pass from 0 upwards finds every child
/// solved before its parent. The solvers check it as they go.
pub trait DenseGame: Sync {
    /// The number of positions; they are `0..size()`.
    fn size(&self) -> u64;

    /// Calls `f` once for each move from `index`, with the index of the position
    /// it leads to (below `index`). Repeats are allowed.
    fn for_each_child(&self, index: u64, f: impl FnMut(u64));

    /// Which blocks of positions may be solved at the same time. The default is one
    /// block `0..size()`, solved in increasing order on one thread.
    fn schedule(&self) -> Schedule {
        Schedule::sequential(self.size())
    }
}

/// An order of work for the dense solvers: stages run one after the other; the
/// blocks (index ranges) of one stage run in parallel, each in increasing order.
///
/// The claim a schedule makes: every move from a position leads either into the
/// same block (to a smaller index) or into a block of an earlier stage. The blocks
/// of all stages together cover `0..size` exactly once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    size: u64,
    stages: Vec<Vec<Range<u64>>>,
}

impl Schedule {
    /// One stage with one block `0..size`: plain increasing order.
    pub fn sequential(size: u64) -> Schedule {
        Schedule {
            size,
            stages: vec![vec![0..size]],
        }
    }

    /// A schedule from its stages, checked to cover `0..size` exactly once with
    /// non-empty blocks.
    pub fn new(size: u64, stages: Vec<Vec<Range<u64>>>) -> Result<Schedule, DenseError> {
        let mut blocks: Vec<Range<u64>> = stages.iter().flatten().cloned().collect();
        blocks.sort_by_key(|b| b.start);
        let mut next = 0;
        for b in &blocks {
            if b.start != next || b.end <= b.start {
                return Err(DenseError::BadSchedule {
                    size,
                    block: b.clone(),
                });
            }
            next = b.end;
        }
        if next != size {
            return Err(DenseError::BadSchedule {
                size,
                block: next..size,
            });
        }
        Ok(Schedule { size, stages })
    }

    /// The number of positions covered.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The stages, in the order they run.
    pub fn stages(&self) -> &[Vec<Range<u64>>] {
        &self.stages
    }

    /// Checks the schedule's claim for every move of `game`: each move leads into
    /// the same block at a smaller index, or into a block of an earlier stage.
    /// Exhaustive, for tests; the first violation is the error.
    pub fn check(&self, game: &impl DenseGame) -> Result<(), DenseError> {
        if game.size() != self.size {
            return Err(DenseError::BadSchedule {
                size: game.size(),
                block: 0..self.size,
            });
        }
        // (start, end, stage) sorted by start, to find the block of any index.
        let mut blocks: Vec<(u64, u64, usize)> = self
            .stages
            .iter()
            .enumerate()
            .flat_map(|(s, stage)| stage.iter().map(move |b| (b.start, b.end, s)))
            .collect();
        blocks.sort_unstable();
        let find = |i: u64| {
            let at = blocks.partition_point(|b| b.0 <= i) - 1;
            (at, blocks[at].2)
        };
        for index in 0..self.size {
            let (block, stage) = find(index);
            let mut bad = None;
            game.for_each_child(index, |child| {
                let (child_block, child_stage) = find(child);
                let ok = if child_block == block {
                    child < index
                } else {
                    child_stage < stage
                };
                if !ok && bad.is_none() {
                    bad = Some(child);
                }
            });
            if let Some(child) = bad {
                return Err(DenseError::OutOfOrder { index, child });
            }
        }
        Ok(())
    }
}

/// Why a dense solve failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DenseError {
    /// A move goes to a position that is not solved before its source.
    #[error("position {index} has a move to {child}, which is not solved before it")]
    OutOfOrder {
        /// The position moved from.
        index: u64,
        /// The position moved to.
        child: u64,
    },
    /// A schedule's blocks do not cover the positions exactly once.
    #[error("the schedule does not cover 0..{size} exactly once (at block {block:?})")]
    BadSchedule {
        /// The number of positions.
        size: u64,
        /// The first block out of place, or the part left uncovered.
        block: Range<u64>,
    },
    /// A Grundy value does not fit the table's byte.
    #[error("position {index} has a Grundy value above 255, more than a byte table holds")]
    GrundyOverflow {
        /// The position.
        index: u64,
    },
    /// A remoteness does not fit the table's 16 bits.
    #[error("position {index} has a remoteness above 65535, more than the table holds")]
    RemotenessOverflow {
        /// The position.
        index: u64,
    },
    /// A board too large for a dense table.
    #[error("{squares} squares is too many for a dense table: at most {max}")]
    TooLarge {
        /// The number of squares asked for.
        squares: u32,
        /// The largest number allowed.
        max: u32,
    },
    /// A board whose length is not the table's.
    #[error("a board of {found} squares does not fit a table of {expected}-square boards")]
    WrongLength {
        /// The table's board length.
        expected: u32,
        /// The board's length.
        found: usize,
    },
}

/// Win/loss of every position, one bit each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinTable {
    size: u64,
    words: Vec<u64>,
}

impl WinTable {
    /// A table from its 64-bit words: bit `i % 64` of word `i / 64` is set when the
    /// player to move wins position `i`. Bits at or past `size` are cleared.
    ///
    /// # Panics
    /// If there are not exactly `size.div_ceil(64)` words.
    pub fn from_words(size: u64, mut words: Vec<u64>) -> WinTable {
        assert_eq!(
            words.len() as u64,
            size.div_ceil(64),
            "a table of {size} positions has {} words",
            size.div_ceil(64)
        );
        if size % 64 != 0 {
            if let Some(last) = words.last_mut() {
                *last &= (1u64 << (size % 64)) - 1;
            }
        }
        WinTable { size, words }
    }

    /// The number of positions.
    pub fn len(&self) -> u64 {
        self.size
    }

    /// Whether the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// Whether the player to move wins position `index`. Panics past the end.
    pub fn wins(&self, index: u64) -> bool {
        assert!(index < self.size, "position {index} is past the table");
        self.words[(index / 64) as usize] >> (index % 64) & 1 == 1
    }

    /// The number of positions the player to move wins.
    pub fn count_wins(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The packed bits: bit `i % 64` of word `i / 64` is position `i`.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The moves of `game` from `index` that win: those to positions lost for the
    /// opponent, as child indices in the order the game lists them.
    pub fn winning_children(&self, game: &impl DenseGame, index: u64) -> Vec<u64> {
        let mut out = Vec::new();
        game.for_each_child(index, |c| {
            if !self.wins(c) {
                out.push(c);
            }
        });
        out
    }
}

/// The Grundy value of every position, one byte each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrundyTable {
    values: Vec<u8>,
}

impl GrundyTable {
    /// The number of positions.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The Grundy value of position `index`. Panics past the end.
    pub fn grundy(&self, index: u64) -> Nimber {
        Nimber(u128::from(self.values[index as usize]))
    }

    /// Whether the player to move wins position `index` (its value is not 0).
    pub fn wins(&self, index: u64) -> bool {
        self.values[index as usize] != 0
    }

    /// The values, position `i` at `i`.
    pub fn values(&self) -> &[u8] {
        &self.values
    }
}

/// The remoteness of every position, two bytes each. A position is won exactly
/// when its remoteness is odd.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemotenessTable {
    values: Vec<u16>,
}

impl RemotenessTable {
    /// The number of positions.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The remoteness of position `index`. Panics past the end.
    pub fn remoteness(&self, index: u64) -> Remoteness {
        Remoteness::of_parity(u32::from(self.values[index as usize]))
    }

    /// Whether the player to move wins position `index` (its remoteness is odd).
    pub fn wins(&self, index: u64) -> bool {
        self.values[index as usize] % 2 == 1
    }

    /// The values, position `i` at `i`.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The moves of `game` from `index` with the remoteness they lead to, best
    /// first for the player to move (quickest win first, then longest resistance);
    /// ties in the order the game lists them.
    pub fn ranked_children(&self, game: &impl DenseGame, index: u64) -> Vec<(u64, Remoteness)> {
        let mut out = Vec::new();
        game.for_each_child(index, |c| out.push((c, self.remoteness(c))));
        out.sort_by(|a, b| a.1.cmp_as_move(b.1));
        out
    }

    /// The moves of best play from `index`, as child indices: every move as good
    /// as the best one. Empty at a terminal position.
    pub fn best_children(&self, game: &impl DenseGame, index: u64) -> Vec<u64> {
        let ranked = self.ranked_children(game, index);
        let Some(&(_, best)) = ranked.first() else {
            return Vec::new();
        };
        ranked
            .into_iter()
            .take_while(|(_, r)| *r == best)
            .map(|(c, _)| c)
            .collect()
    }
}

/// Runs `cell` on every index of `game`, stage by stage, the blocks of a stage in
/// parallel and each block in increasing order; stops at the first error.
fn run_schedule<G: DenseGame>(
    game: &G,
    cell: impl Fn(u64) -> Result<(), DenseError> + Sync,
) -> Result<(), DenseError> {
    let schedule = game.schedule();
    if schedule.size() != game.size() {
        return Err(DenseError::BadSchedule {
            size: game.size(),
            block: 0..schedule.size(),
        });
    }
    let block = |b: &Range<u64>| b.clone().try_for_each(&cell);
    for stage in schedule.stages() {
        match stage.as_slice() {
            [one] => block(one)?,
            many => parallel::try_each(many.len(), &|i| block(&many[i]))?,
        }
    }
    Ok(())
}

/// A table length as a `usize`; panics if this machine cannot address it.
fn table_len(size: u64) -> usize {
    usize::try_from(size).expect("the table fits the address space")
}

/// Win/loss of every position of `game`, bit-packed: one pass in schedule order.
pub fn solve_wins<G: DenseGame>(game: &G) -> Result<WinTable, DenseError> {
    let size = game.size();
    let words: Vec<AtomicU64> = (0..table_len(size.div_ceil(64)))
        .map(|_| AtomicU64::new(0))
        .collect();
    let wins = |i: u64| words[(i / 64) as usize].load(Relaxed) >> (i % 64) & 1 == 1;
    run_schedule(game, |index| {
        let mut won = false;
        let mut bad = None;
        game.for_each_child(index, |child| {
            if child >= index {
                bad.get_or_insert(child);
            } else if !won && !wins(child) {
                won = true;
            }
        });
        if let Some(child) = bad {
            return Err(DenseError::OutOfOrder { index, child });
        }
        if won {
            words[(index / 64) as usize].fetch_or(1 << (index % 64), Relaxed);
        }
        Ok(())
    })?;
    let words = words.into_iter().map(AtomicU64::into_inner).collect();
    Ok(WinTable::from_words(size, words))
}

/// The Grundy value of every position of `game`, one byte each; fails if a value
/// exceeds 255.
pub fn solve_grundy<G: DenseGame>(game: &G) -> Result<GrundyTable, DenseError> {
    let values: Vec<AtomicU8> = (0..table_len(game.size()))
        .map(|_| AtomicU8::new(0))
        .collect();
    run_schedule(game, |index| {
        // The set of the options' values, as 256 bits.
        let mut seen = [0u64; 4];
        let mut bad = None;
        game.for_each_child(index, |child| {
            if child >= index {
                bad.get_or_insert(child);
            } else {
                let v = values[child as usize].load(Relaxed);
                seen[usize::from(v / 64)] |= 1 << (v % 64);
            }
        });
        if let Some(child) = bad {
            return Err(DenseError::OutOfOrder { index, child });
        }
        let mex = seen
            .iter()
            .position(|&w| w != u64::MAX)
            .map(|at| at as u32 * 64 + (!seen[at]).trailing_zeros())
            .ok_or(DenseError::GrundyOverflow { index })?;
        let mex = u8::try_from(mex).map_err(|_| DenseError::GrundyOverflow { index })?;
        values[index as usize].store(mex, Relaxed);
        Ok(())
    })?;
    Ok(GrundyTable {
        values: values.into_iter().map(AtomicU8::into_inner).collect(),
    })
}

/// The remoteness of every position of `game`, two bytes each; fails if a
/// remoteness exceeds 65535.
pub fn solve_remoteness<G: DenseGame>(game: &G) -> Result<RemotenessTable, DenseError> {
    let values: Vec<AtomicU16> = (0..table_len(game.size()))
        .map(|_| AtomicU16::new(0))
        .collect();
    run_schedule(game, |index| {
        // The quickest move to a lost (even) position, the longest to a won one.
        let mut quickest_loss: Option<u16> = None;
        let mut longest_win: Option<u16> = None;
        let mut bad = None;
        game.for_each_child(index, |child| {
            if child >= index {
                bad.get_or_insert(child);
                return;
            }
            let r = values[child as usize].load(Relaxed);
            if r % 2 == 0 {
                quickest_loss = Some(quickest_loss.map_or(r, |q| q.min(r)));
            } else {
                longest_win = Some(longest_win.map_or(r, |l| l.max(r)));
            }
        });
        if let Some(child) = bad {
            return Err(DenseError::OutOfOrder { index, child });
        }
        let r = match quickest_loss.or(longest_win) {
            None => 0,
            Some(best) => best
                .checked_add(1)
                .ok_or(DenseError::RemotenessOverflow { index })?,
        };
        values[index as usize].store(r, Relaxed);
        Ok(())
    })?;
    Ok(RemotenessTable {
        values: values.into_iter().map(AtomicU16::into_inner).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game that lists a move to a larger index.
    struct Backwards;
    impl DenseGame for Backwards {
        fn size(&self) -> u64 {
            10
        }
        fn for_each_child(&self, index: u64, mut f: impl FnMut(u64)) {
            if index == 4 {
                f(7);
            }
        }
    }

    /// Subtraction game with the set {1, 3, 4}, whose values are 0 1 0 1 2 3 2 0 1 0 1 2 3 2 ...
    struct Subtraction(u64);
    impl DenseGame for Subtraction {
        fn size(&self) -> u64 {
            self.0
        }
        fn for_each_child(&self, n: u64, mut f: impl FnMut(u64)) {
            for d in [1, 3, 4] {
                if d <= n {
                    f(n - d);
                }
            }
        }
        fn schedule(&self) -> Schedule {
            // Blocks of 3 positions, one per stage: valid because moves go down.
            let stages = (0..self.0)
                .step_by(3)
                .map(|s| std::iter::once(s..(s + 3).min(self.0)).collect())
                .collect();
            Schedule::new(self.0, stages).unwrap()
        }
    }

    #[test]
    fn moves_upwards_are_reported() {
        let err = DenseError::OutOfOrder { index: 4, child: 7 };
        assert_eq!(solve_wins(&Backwards), Err(err.clone()));
        assert_eq!(solve_grundy(&Backwards), Err(err.clone()));
        assert_eq!(solve_remoteness(&Backwards), Err(err));
    }

    #[test]
    fn subtraction_game_values() {
        let game = Subtraction(100);
        game.schedule().check(&game).unwrap();
        let grundy = solve_grundy(&game).unwrap();
        let period = [0, 1, 0, 1, 2, 3, 2];
        for n in 0..100 {
            assert_eq!(grundy.grundy(n), Nimber(period[(n % 7) as usize]), "{n}");
        }
        let wins = solve_wins(&game).unwrap();
        let remote = solve_remoteness(&game).unwrap();
        for n in 0..100 {
            assert_eq!(wins.wins(n), grundy.wins(n));
            assert_eq!(remote.wins(n), grundy.wins(n));
        }
        assert_eq!(
            wins.count_wins(),
            (0..100).filter(|&n| grundy.wins(n)).count() as u64
        );
        // 2 is lost in 2 (take 1, take 1). From 5 the only move to a lost position
        // is to 2: a win in 3.
        assert_eq!(remote.remoteness(2), Remoteness::of_parity(2));
        assert_eq!(remote.remoteness(5), Remoteness::of_parity(3));
        assert_eq!(remote.best_children(&game, 5), [2]);
        assert_eq!(wins.winning_children(&game, 5), [2]);
        assert_eq!(remote.best_children(&game, 0), Vec::<u64>::new());
    }

    #[test]
    fn schedules_are_validated() {
        assert!(Schedule::new(10, vec![vec![0..5], vec![5..10]]).is_ok());
        assert!(Schedule::new(10, vec![vec![0..5], vec![6..10]]).is_err());
        assert!(Schedule::new(10, vec![vec![0..5, 4..10]]).is_err());
        assert!(Schedule::new(10, vec![vec![0..5]]).is_err());
        assert!(Schedule::new(0, vec![]).is_ok());
        // One stage with two blocks claims independence; 3 -> 2 crosses blocks.
        let game = Subtraction(6);
        let wrong = Schedule::new(6, vec![vec![0..3, 3..6]]).unwrap();
        assert_eq!(
            wrong.check(&game),
            Err(DenseError::OutOfOrder { index: 3, child: 2 })
        );
    }
}
