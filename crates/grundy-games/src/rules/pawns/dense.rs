//! The pawn game ([`Pawns`]) as a dense game, and its bit-parallel win/loss solver.
//!
//! # Indices
//! A board of n squares is the n-bit number whose bit i is set when square i
//! (0-based, from the left) holds a pawn: `P..P` is `0b1001` = 9 and `..P` is
//! `0b100` = 4. A move takes a pawn from square s to square s - d, clearing bit s
//! and setting bit s - d, so every move goes to a smaller index, as [`DenseGame`]
//! requires. Moves also keep the number of pawns and lower the sum of the pawns'
//! squares, which the parallel schedule uses (below).
//!
//! # The bit-parallel solver
//! [`solve_pawns`] keeps one bit per board and settles 64 boards at a time: the
//! boards of one 64-bit word share their squares 6.. (the word's number) and differ
//! in squares 0..6. A move of a pawn on square 6 or beyond either stays there (the
//! 64 targets are the 64 boards of one earlier word, in the same order, so one word
//! operation answers all 64 moves) or lands on a square below 6 (the targets are
//! an earlier word shifted by a constant, masked to the boards where the landing
//! path is empty). What is left are the moves inside squares 0..6, resolved by a
//! short scan over the word with a precomputed table of those moves.
//!
//! # Parallel schedule
//! Boards are grouped by their top t squares (t grows with n, up to 10), each group
//! a contiguous block of indices. A move either stays in its group (a pawn below
//! the top squares moved, to a smaller index) or changes the top squares' pattern
//! to one with the same number of pawns and a smaller sum of squares, or with one
//! pawn fewer. So groups whose top patterns have the same (pawn count, square sum)
//! never depend on each other and are solved in parallel, pattern classes in
//! increasing (count, sum) order.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::{Board, PawnMove, Pawns};
use crate::engine::dense::{DenseError, DenseGame, Schedule, WinTable};

/// The largest board for a dense pawn table: 2^36 boards, 8 GiB of win/loss bits.
pub const MAX_SQUARES: u32 = 36;

/// The squares settled inside one table word (64 boards).
pub const LOW: u32 = 6;

/// The index of `board` (bit i set when square i holds a pawn), or `None` if it
/// has more than 64 squares.
///
/// ```
/// use grundy_games::rules::pawns::dense::index_of;
/// assert_eq!(index_of(&"P..P".parse().unwrap()), Some(0b1001));
/// ```
pub fn index_of(board: &Board) -> Option<u64> {
    if board.len() > 64 {
        return None;
    }
    Some(
        board
            .squares()
            .iter()
            .rev()
            .fold(0, |acc, &s| acc << 1 | u64::from(s == b'P')),
    )
}

/// The board of `squares` squares with index `index` (bits at or past `squares`
/// are ignored).
///
/// ```
/// use grundy_games::rules::pawns::dense::board_of;
/// assert_eq!(board_of(0b100, 3).to_string(), "..P");
/// ```
pub fn board_of(index: u64, squares: u32) -> Board {
    let bytes: Vec<u8> = (0..squares)
        .map(|i| {
            if i < 64 && index >> i & 1 == 1 {
                b'P'
            } else {
                b'.'
            }
        })
        .collect();
    Board::from_squares(bytes)
}

/// The move that turns board `from` into board `to`, if one pawn moved left
/// between them (the move need not be legal: use it on a child of `from`).
///
/// ```
/// use grundy_games::rules::pawns::dense::move_between;
/// assert_eq!(move_between(0b100, 0b001).unwrap().to_string(), "3-1");
/// ```
pub fn move_between(from: u64, to: u64) -> Option<PawnMove> {
    let left = from & !to;
    let arrived = to & !from;
    if left.count_ones() != 1 || arrived.count_ones() != 1 || arrived > left {
        return None;
    }
    Some(PawnMove {
        from: left.trailing_zeros() as usize,
        to: arrived.trailing_zeros() as usize,
    })
}

/// Every pawn board of a fixed number of squares, as a [`DenseGame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DensePawns {
    rules: Pawns,
    squares: u32,
}

impl DensePawns {
    /// The boards of `squares` squares under `rules`; at most [`MAX_SQUARES`].
    pub fn new(rules: Pawns, squares: u32) -> Result<DensePawns, DenseError> {
        if squares > MAX_SQUARES {
            return Err(DenseError::TooLarge {
                squares,
                max: MAX_SQUARES,
            });
        }
        Ok(DensePawns { rules, squares })
    }

    /// The ruleset.
    pub fn rules(&self) -> Pawns {
        self.rules
    }

    /// The number of squares of every board.
    pub fn squares(&self) -> u32 {
        self.squares
    }

    /// The index of `board`, which must have [`squares`](Self::squares) squares.
    pub fn index(&self, board: &Board) -> Result<u64, DenseError> {
        if board.len() != self.squares as usize {
            return Err(DenseError::WrongLength {
                expected: self.squares,
                found: board.len(),
            });
        }
        Ok(index_of(board).expect("at most MAX_SQUARES squares"))
    }

    /// The board at `index`.
    pub fn board(&self, index: u64) -> Board {
        board_of(index, self.squares)
    }

    /// Win/loss of every board, by the bit-parallel solver (see the module docs).
    pub fn solve_wins(&self) -> WinTable {
        solve_bit_parallel(self.rules.step(), self.squares, top_squares(self.squares))
    }
}

impl DenseGame for DensePawns {
    fn size(&self) -> u64 {
        1 << self.squares
    }

    /// The children in the order [`Pawns`] lists its moves: pawns from the left,
    /// each moving 1, 2, ... squares.
    fn for_each_child(&self, index: u64, mut f: impl FnMut(u64)) {
        let step = self.rules.step();
        let mut pawns = index;
        while pawns != 0 {
            let square = pawns.trailing_zeros();
            pawns &= pawns - 1;
            let without = index & !(1 << square);
            for d in 1..=step.min(square) {
                let bit = 1 << (square - d);
                if index & bit != 0 {
                    break;
                }
                f(without | bit);
            }
        }
    }

    fn schedule(&self) -> Schedule {
        schedule_by_top(self.squares, top_squares(self.squares))
    }
}

/// Win/loss of every board of `squares` squares under `rules`, one bit each, by the
/// bit-parallel solver: `table.wins(index_of(board))`.
///
/// ```
/// use grundy_games::rules::pawns::dense::{index_of, solve_pawns};
/// use grundy_games::rules::pawns::Pawns;
///
/// let table = solve_pawns(Pawns::adapwns(), 5).unwrap();
/// assert!(table.wins(index_of(&"..P.P".parse().unwrap()).unwrap()));
/// ```
pub fn solve_pawns(rules: Pawns, squares: u32) -> Result<WinTable, DenseError> {
    Ok(DensePawns::new(rules, squares)?.solve_wins())
}

/// The number of boards of `squares` squares whose closed-form value
/// ([`Pawns::nim_value`]) is not 0, counted without a table by dynamic programming
/// over the squares from the right. A check of [`WinTable::count_wins`] that does
/// not share the dense solver's code, for sizes too large to compare board by board.
///
/// ```
/// use grundy_games::rules::pawns::dense::{closed_form_win_count, solve_pawns};
/// use grundy_games::rules::pawns::Pawns;
///
/// let table = solve_pawns(Pawns::adapwns(), 12).unwrap();
/// assert_eq!(u128::from(table.count_wins()), closed_form_win_count(Pawns::adapwns(), 12));
/// ```
pub fn closed_form_win_count(rules: Pawns, squares: u32) -> u128 {
    // Scanning from the right, a board seen so far is summarised by: whether the
    // pile being gathered (empty squares left of the last pawn seen) counts, its
    // size mod (k+1), and the XOR of the counted piles closed so far.
    let m = rules.step() as usize + 1;
    let xors = m.next_power_of_two();
    let at = |counted: usize, run: usize, x: usize| (counted * m + run) * xors + x;
    let mut states = vec![0u128; 2 * m * xors];
    // The all-empty suffix (no pawn seen yet) is one board, whatever its length.
    for _ in 0..squares {
        let mut next = vec![0u128; states.len()];
        // A pawn left of an empty suffix: the last pawn, whose pile counts.
        next[at(1, 0, 0)] += 1;
        for counted in 0..2 {
            for run in 0..m {
                for x in 0..xors {
                    let n = states[at(counted, run, x)];
                    if n == 0 {
                        continue;
                    }
                    // An empty square grows the pile.
                    next[at(counted, (run + 1) % m, x)] += n;
                    // A pawn closes it; the next pawn's pile counts if this one did not.
                    let closed = if counted == 1 { x ^ run } else { x };
                    next[at(1 - counted, 0, closed)] += n;
                }
            }
        }
        states = next;
    }
    // The left edge closes the last pile.
    let mut won = 0;
    for counted in 0..2 {
        for run in 0..m {
            for x in 0..xors {
                let value = if counted == 1 { x ^ run } else { x };
                if value != 0 {
                    won += states[at(counted, run, x)];
                }
            }
        }
    }
    won
}

/// How many top squares define a parallel group: none for small boards, so that a
/// group always holds at least 2^14 boards, and at most 10 (1024 groups).
fn top_squares(squares: u32) -> u32 {
    squares.saturating_sub(14).min(10)
}

/// The patterns of `top` squares grouped into stages: patterns with equal (pawn
/// count, square sum), the stages in increasing order of that pair.
fn stages_by_top(top: u32) -> Vec<Vec<u64>> {
    let key = |g: u64| {
        let sum: u32 = (0..top).filter(|&j| g >> j & 1 == 1).sum();
        (g.count_ones(), sum)
    };
    let mut patterns: Vec<u64> = (0..1u64 << top).collect();
    patterns.sort_by_key(|&g| (key(g), g));
    patterns
        .chunk_by(|&a, &b| key(a) == key(b))
        .map(<[u64]>::to_vec)
        .collect()
}

/// The schedule grouping boards of `squares` squares by their `top` top squares.
pub fn schedule_by_top(squares: u32, top: u32) -> Schedule {
    let block = 1u64 << (squares - top);
    let stages = stages_by_top(top)
        .into_iter()
        .map(|stage| {
            stage
                .into_iter()
                .map(|g| g * block..(g + 1) * block)
                .collect()
        })
        .collect();
    Schedule::new(1 << squares, stages).expect("the groups partition the boards")
}

/// For each board `l` of `low` squares, the set (as bits) of the boards reached by
/// one move.
fn low_children(step: u32, low: u32) -> [u64; 64] {
    let game = DensePawns {
        rules: Pawns::new(step).expect("a valid step"),
        squares: low,
    };
    let mut children = [0u64; 64];
    for (l, set) in children.iter_mut().enumerate().take(1 << low) {
        game.for_each_child(l as u64, |c| *set |= 1 << c);
    }
    children
}

/// The bit-parallel solver: word `w` holds boards `64 w .. 64 w + 63`; groups of
/// words share their `top` top squares and run in parallel by stage.
pub fn solve_bit_parallel(step: u32, squares: u32, top: u32) -> WinTable {
    let low = squares.min(LOW);
    let high = squares - low;
    assert!(top <= high, "the top squares lie above the word's squares");
    let inner = low_children(step, low);
    let span_mask = if low == LOW {
        u64::MAX
    } else {
        (1 << (1 << low)) - 1
    };
    let words: Vec<AtomicU64> = (0..1usize << high).map(|_| AtomicU64::new(0)).collect();
    let lost = |w: u64| !words[w as usize].load(Relaxed);

    let solve_word = |w: u64| {
        // Bit l: board (w, l) has a move to a lost board that moves a pawn on a
        // square of w (square `low` and up).
        let mut ext = 0u64;
        let mut pawns = w;
        while pawns != 0 {
            let j = pawns.trailing_zeros();
            pawns &= pawns - 1;
            let square = j + low;
            let without = w & !(1 << j);
            for d in 1..=step.min(square) {
                let to = square - d;
                if to >= low {
                    // The pawn stays among the word's squares: same 64 low parts.
                    let bit = 1 << (to - low);
                    if w & bit != 0 {
                        break;
                    }
                    ext |= lost(without | bit);
                } else {
                    // The pawn lands on square `to` < low: legal where squares
                    // to..low are empty (l < 2^to); the target is l + 2^to.
                    let shift = 1u32 << to;
                    ext |= (lost(without) >> shift) & ((1 << shift) - 1);
                }
            }
        }
        // Moves inside the low squares, in increasing order of l.
        let mut win = ext & span_mask;
        let mut todo = !ext & span_mask;
        while todo != 0 {
            let l = todo.trailing_zeros();
            todo &= todo - 1;
            if inner[l as usize] & !win != 0 {
                win |= 1 << l;
            }
        }
        words[w as usize].store(win, Relaxed);
    };

    let group = 1u64 << (high - top);
    let run_group = |&g: &u64| (g * group..(g + 1) * group).for_each(solve_word);
    for stage in stages_by_top(top) {
        match stage.as_slice() {
            [one] => run_group(one),
            many => many.par_iter().for_each(run_group),
        }
    }
    let words = words.into_iter().map(AtomicU64::into_inner).collect();
    WinTable::from_words(1 << squares, words)
}
