//! The retrograde engine over indexed states: win, lose, tie or draw with
//! remoteness, as [`retrograde`](super::retrograde) answers them, for a game whose
//! states are the integers `0..size` ([`IndexedGame`]), with moves anywhere
//! (cycles allowed). No state is stored and no move either: a table of 4 bytes per
//! index (3 bits of result, 29 of remoteness) is all the memory, the dense engine's
//! way ([`dense`](super::dense)) carried over to games with ties and cycles.
//!
//! Without stored moves there are no predecessor lists to count down, so the
//! engine works in rounds, each a parallel pass over the table that lists the
//! moves of every state still open:
//!
//! 1. **Round 0**: a state over ([`IndexedGame::end`]) is decided with remoteness
//!    0, a state without a move is lost in 0; indices that are no state
//!    ([`IndexedGame::is_state`]) are set aside.
//! 2. **Win and loss, round r = 1, 2, ...**: an open state with a move to a state
//!    lost in r − 1 is won in r (the winner hurries: the first round that offers a
//!    loss is the quickest); an open state all of whose moves lead to won states,
//!    the slowest in r − 1, is lost in r (the loser stalls). A state decided in
//!    round r counts only from round r + 1 on, whatever the order of the pass, so
//!    the answers do not depend on the threads. The rounds stop at the first that
//!    decides nothing (no state can then have a remoteness above it).
//! 3. **Ties**, the same way from the states over as a tie: an open state with a
//!    move to a tie in r − 1 is a tie in r.
//! 4. **Draws**: every state still open.
//!
//! The work is the number of rounds (the largest remoteness, plus the ties') times
//! the moves of the states still open; the plain engine's is linear but it holds
//! every state and every move both ways (about 150 bytes per state on Connect Four
//! against 4 here, for every index, state or not).
//!
//! ```
//! use grundy_engine::engine::indexed::{solve_indexed, IndexedGame};
//! use grundy_engine::engine::retrograde::GameResult;
//! use grundy_engine::ruleset::End;
//!
//! /// A counter 0..=5 that may go up by one or two, or back from 3 to 1; 5 is a
//! /// tie, 4 is lost for its mover.
//! struct Climb;
//! impl IndexedGame for Climb {
//!     fn size(&self) -> u64 { 6 }
//!     fn end(&self, i: u64) -> Option<End> {
//!         match i { 5 => Some(End::Tie), 4 => Some(End::Lose), _ => None }
//!     }
//!     fn for_each_child(&self, i: u64, mut f: impl FnMut(u64)) {
//!         [i + 1, i + 2].into_iter().filter(|&j| j <= 5).for_each(&mut f);
//!         if i == 3 { f(1) }
//!     }
//! }
//! let solved = solve_indexed(&Climb, 1 << 10).unwrap();
//! assert_eq!(solved.get(4), Some((GameResult::Lose, Some(0))));
//! assert_eq!(solved.get(3), Some((GameResult::Win, Some(1))));
//! assert_eq!(solved.get(2), Some((GameResult::Win, Some(1))));
//! assert_eq!(solved.get(1), Some((GameResult::Lose, Some(2))));
//! ```

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::retrograde::GameResult;
use crate::ruleset::End;

/// A game whose states are the integers `0..size()`; a move may lead to any index
/// (cycles are allowed). Indices that are no state of the game are allowed too
/// ([`is_state`](IndexedGame::is_state)): they are never answered.
pub trait IndexedGame: Sync {
    /// The number of indices; the states are among `0..size()`.
    fn size(&self) -> u64;

    /// Whether `index` is a state of the game (the default: every index is). Moves
    /// from states must lead to states.
    fn is_state(&self, index: u64) -> bool {
        let _ = index;
        true
    }

    /// How the game ended at state `index`, if it did otherwise than by a lack of
    /// moves.
    fn end(&self, index: u64) -> Option<End>;

    /// Calls `f` once for each move from state `index` (none once the game is
    /// over), with the index of the state it leads to. Repeats are allowed.
    fn for_each_child(&self, index: u64, f: impl FnMut(u64));
}

/// Why [`solve_indexed`] gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IndexedError {
    /// The table would have more entries than allowed.
    #[error(
        "the game has {size} indices, more than the {limit} this solve allows \
         ({} bytes of table)",
        size.saturating_mul(4)
    )]
    TooBig {
        /// The game's indices.
        size: u64,
        /// The most allowed.
        limit: u64,
    },
    /// A move leads outside `0..size` or to an index that is no state.
    #[error("a move from state {from} leads to {to}, which is not a state of the game")]
    BadMove {
        /// The state moved from.
        from: u64,
        /// Where the move leads.
        to: u64,
    },
    /// A remoteness passed what the table holds (2^29 − 1).
    #[error(
        "a remoteness above {} moves: more than the table holds",
        MAX_REMOTENESS
    )]
    TooDeep,
}

const OPEN: u32 = 0;
const WIN: u32 = 1;
const LOSE: u32 = 2;
const TIE: u32 = 3;
const NONE: u32 = 5;

/// The largest remoteness the table holds.
pub const MAX_REMOTENESS: u32 = (1 << 29) - 1;

/// The most indices [`solve_indexed`] accepts at all: 2^34 (64 GiB of table).
pub const MAX_INDICES: u64 = 1 << 34;

fn pack(result: u32, remoteness: u32) -> u32 {
    (remoteness << 3) | result
}

fn unpack(packed: u32) -> (u32, u32) {
    (packed & 7, packed >> 3)
}

/// Every state of an [`IndexedGame`], solved: result and remoteness by index
/// (a state still open after the rounds is a draw).
#[derive(Debug)]
pub struct IndexedSolved {
    table: Vec<AtomicU32>,
    rounds: u32,
}

impl IndexedSolved {
    /// The result of state `index` for the player to move and its remoteness
    /// (`None` for a draw); `None` when `index` is no state (or out of range).
    pub fn get(&self, index: u64) -> Option<(GameResult, Option<u32>)> {
        let packed = self.table.get(usize::try_from(index).ok()?)?.load(Relaxed);
        let (r, m) = unpack(packed);
        Some(match r {
            WIN => (GameResult::Win, Some(m)),
            LOSE => (GameResult::Lose, Some(m)),
            TIE => (GameResult::Tie, Some(m)),
            OPEN => (GameResult::Draw, None),
            _ => return None,
        })
    }

    /// How many states have each result: win, lose, tie, draw.
    pub fn counts(&self) -> [u64; 4] {
        self.table
            .par_iter()
            .fold(
                || [0u64; 4],
                |mut c, p| {
                    match unpack(p.load(Relaxed)).0 {
                        OPEN => c[3] += 1,
                        r @ WIN..=TIE => c[(r - 1) as usize] += 1,
                        _ => {}
                    }
                    c
                },
            )
            .reduce(
                || [0; 4],
                |a, b| [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]],
            )
    }

    /// How many states (indices that are states) were solved.
    pub fn states(&self) -> u64 {
        self.counts().iter().sum()
    }

    /// The passes over the table, round 0 included.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The bytes of the table: 4 per index.
    pub fn bytes(&self) -> usize {
        self.table.capacity() * 4
    }
}

/// Solves every state of `game` (see the [module docs](self)); refuses a game of
/// more than `max_indices` indices (and of more than [`MAX_INDICES`]) before
/// allocating anything.
pub fn solve_indexed<G: IndexedGame>(
    game: &G,
    max_indices: u64,
) -> Result<IndexedSolved, IndexedError> {
    let size = game.size();
    let limit = max_indices.min(MAX_INDICES);
    let n = usize::try_from(size)
        .ok()
        .filter(|_| size <= limit)
        .ok_or(IndexedError::TooBig { size, limit })?;
    let table: Vec<AtomicU32> = (0..n)
        .into_par_iter()
        .map(|_| AtomicU32::new(OPEN))
        .collect();
    let bad = AtomicU64::new(u64::MAX);
    let bad_from = AtomicU64::new(0);
    let check = |from: u64, to: u64| {
        if to >= size || !game.is_state(to) {
            bad.store(to, Relaxed);
            bad_from.store(from, Relaxed);
        }
    };

    // Round 0.
    table.par_iter().enumerate().for_each(|(i, cell)| {
        let i = i as u64;
        let code = if !game.is_state(i) {
            NONE
        } else {
            match game.end(i) {
                Some(End::Win) => pack(WIN, 0),
                Some(End::Lose) => pack(LOSE, 0),
                Some(End::Tie) => pack(TIE, 0),
                None => {
                    let mut moves = 0u32;
                    game.for_each_child(i, |j| {
                        moves += 1;
                        check(i, j);
                    });
                    if moves == 0 {
                        pack(LOSE, 0)
                    } else {
                        OPEN
                    }
                }
            }
        };
        cell.store(code, Relaxed);
    });
    if bad.load(Relaxed) != u64::MAX {
        return Err(IndexedError::BadMove {
            from: bad_from.load(Relaxed),
            to: bad.load(Relaxed),
        });
    }
    let mut rounds = 1;

    // Win and loss, then ties: round r decides from what rounds below r decided.
    for ties in [false, true] {
        let mut r: u32 = 1;
        loop {
            if r > MAX_REMOTENESS {
                return Err(IndexedError::TooDeep);
            }
            let decided: u64 = table
                .par_iter()
                .enumerate()
                .map(|(i, cell)| {
                    if cell.load(Relaxed) != OPEN {
                        return 0;
                    }
                    let code = if ties {
                        tie_round(game, &table, i as u64, r)
                    } else {
                        win_loss_round(game, &table, i as u64, r)
                    };
                    match code {
                        Some(code) => {
                            cell.store(code, Relaxed);
                            1
                        }
                        None => 0,
                    }
                })
                .sum();
            rounds += 1;
            if decided == 0 {
                break;
            }
            r += 1;
        }
    }

    // The states still open are the draws: the table is answered as it is.
    Ok(IndexedSolved { table, rounds })
}

/// Round `r` of win and loss for the open state `i`.
fn win_loss_round<G: IndexedGame>(game: &G, table: &[AtomicU32], i: u64, r: u32) -> Option<u32> {
    let mut wins_below = true;
    let mut slowest = 0;
    let mut loss_now = false;
    game.for_each_child(i, |j| {
        let (result, m) = unpack(table[j as usize].load(Relaxed));
        // Decided in an earlier round: remoteness below r.
        let earlier = result != OPEN && m < r;
        match result {
            LOSE if earlier && m + 1 == r => loss_now = true,
            WIN if earlier => slowest = slowest.max(m),
            _ => wins_below = false,
        }
    });
    if loss_now {
        Some(pack(WIN, r))
    } else if wins_below && slowest + 1 == r {
        Some(pack(LOSE, r))
    } else {
        None
    }
}

/// Round `r` of ties for the open state `i`.
fn tie_round<G: IndexedGame>(game: &G, table: &[AtomicU32], i: u64, r: u32) -> Option<u32> {
    let mut tie_now = false;
    game.for_each_child(i, |j| {
        let (result, m) = unpack(table[j as usize].load(Relaxed));
        if result == TIE && m + 1 == r {
            tie_now = true;
        }
    });
    tie_now.then_some(pack(TIE, r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::retrograde::solve;
    use crate::engine::testing::{Listed, Rng};
    use crate::engine::Budget;

    #[test]
    fn random_graphs_with_cycles_agree_with_the_plain_engine() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut kinds = [0u64; 4];
        for round in 0..300 {
            let n = 2 + (round % 50) as usize;
            let mut succ = vec![Vec::new(); n];
            let mut ends = vec![None; n];
            for v in 0..n {
                match rng.below(10) {
                    0 => ends[v] = Some(End::Win),
                    1 => ends[v] = Some(End::Lose),
                    2 => ends[v] = Some(End::Tie),
                    _ => {}
                }
                for _ in 0..rng.below(4) {
                    succ[v].push(rng.below(n as u64) as u32);
                }
            }
            let g = Listed {
                succ,
                ends,
                ..Listed::default()
            };
            let indexed = solve_indexed(&g, 1 << 20).unwrap();
            // The plain engine from every vertex answers every vertex it reaches.
            for v in 0..n as u64 {
                let plain = solve(&g, v as u32, &mut Budget::unlimited()).unwrap();
                assert_eq!(
                    indexed.get(v),
                    plain.get(&(v as u32)),
                    "round {round}, vertex {v}"
                );
            }
            for (k, c) in kinds.iter_mut().zip(indexed.counts()) {
                *k += c;
            }
            assert_eq!(indexed.states(), n as u64);
        }
        assert!(kinds.iter().all(|&c| c > 100), "{kinds:?}");
    }

    #[test]
    fn holes_bad_moves_and_sizes_are_refused() {
        // 0 -> 1 -> 2; 3 is no state.
        let g = Listed {
            succ: vec![vec![1], vec![2], vec![], vec![]],
            ends: vec![None; 4],
            holes: vec![3],
            ..Listed::default()
        };
        let s = solve_indexed(&g, 100).unwrap();
        assert_eq!(s.get(2), Some((GameResult::Lose, Some(0))));
        assert_eq!(s.get(0), Some((GameResult::Lose, Some(2))));
        assert_eq!(s.get(3), None);
        assert_eq!(s.get(4), None);
        assert_eq!(s.states(), 3);
        assert_eq!(s.bytes(), 16);
        // A move into the hole.
        let g = Listed {
            succ: vec![vec![1], vec![3], vec![], vec![]],
            ends: vec![None; 4],
            holes: vec![3],
            ..Listed::default()
        };
        let err = solve_indexed(&g, 100).unwrap_err();
        assert_eq!(err, IndexedError::BadMove { from: 1, to: 3 });
        // A move out of range.
        let g = Listed {
            succ: vec![vec![9]],
            ends: vec![None],
            ..Listed::default()
        };
        assert!(matches!(
            solve_indexed(&g, 100),
            Err(IndexedError::BadMove { from: 0, to: 9 })
        ));
        // Too many indices: refused before any table is made.
        let err = solve_indexed(&g, 0).unwrap_err();
        assert_eq!(err, IndexedError::TooBig { size: 1, limit: 0 });
        assert!(err.to_string().contains("more than the 0"), "{err}");
    }

    #[test]
    fn a_two_cycle_draws_and_an_exit_wins() {
        // 0 <-> 1; 1 -> 2 (a tie); 3 <-> 4 with no exit.
        let g = Listed {
            succ: vec![vec![1], vec![0, 2], vec![], vec![4], vec![3]],
            ends: vec![None, None, Some(End::Tie), None, None],
            ..Listed::default()
        };
        let s = solve_indexed(&g, 100).unwrap();
        assert_eq!(s.get(1), Some((GameResult::Tie, Some(1))));
        assert_eq!(s.get(0), Some((GameResult::Tie, Some(2))));
        assert_eq!(s.get(3), Some((GameResult::Draw, None)));
        assert_eq!(s.counts(), [0, 0, 3, 2]);
    }
}
