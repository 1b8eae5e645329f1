//! The A-B token game (ABGAME), partizan; player A is Left, player B is Right.
//!
//! # Rules
//! A row of cells, each `.` (empty), `A` or `B`. Ignoring the dots, the letters take
//! directions by their order: the 1st letter moves right, the 2nd left, the 3rd right,
//! and so on, whatever the letter. Player A moves only `A` letters and player B only
//! `B` letters, each in its letter's direction, any number of cells, over empty cells
//! only. The player who cannot move loses.
//!
//! # Notation
//! A position is the row, e.g. `A..B.A..B`; who is to move is said apart. A move is
//! `FROM-TO` with cells numbered 1..=N from the left: `1-3` moves the letter on cell 1
//! to cell 3.
//!
//! # Closed form
//! Letters 1&2, 3&4, ... face each other and the dots between a pair are that pair's
//! only room; dots before the first letter and between pairs are dead. With an odd
//! number of letters the last one moves right into the dots after it. Room between two
//! letters of one player, and the last letter's room, are *reserve* moves of that
//! player: an integer. Room between an A and a B is a Nim heap that both may shrink.
//! The position's value is the integer (reserve A − reserve B) plus the nimber of the
//! heaps' XOR. If the reserves differ, the player with more wins whoever starts; if
//! they are equal, the player to move wins exactly when the XOR is non-zero.
//!
//! # Winning moves
//! A move shrinks one pair's room, or the last letter's, and nothing else (letters
//! never jump, so who faces whom never changes). With `lead` the mover's reserve minus
//! the opponent's and `x` the XOR: spending `k` reserve moves wins iff `k < lead`, or
//! `k = lead` and `x = 0`; shrinking a heap wins always when `lead > 0`, only to
//! `x ^ h` when `lead = 0`, never when `lead < 0`. [`winning_moves`] lists them
//! without search and [`Reduction`] is the reduction as data; [`Summary`] is the
//! reduction's three numbers alone. [`Ab`] implements [`Ruleset`](grundy_engine::Ruleset)
//! ([`SPEC`] in the registry): the value `n + *m`, the winning moves, the reduction
//! in sentences for `grundy analyze`, and every row of up to 14 cells for
//! `grundy verify`.
//!
//! # Checked
//! `grundy verify ab` (and `tests/all/ab.rs`, through the registry) checks the outcome
//! and every winning move against the exhaustive engine on every row of each size,
//! for both players. `tests/all/ab.rs` proves the value on every row of at most 9 cells:
//! the row plus the negated value, a sum with an integer and a Nim heap
//! (`tests/all/sums.rs`), is a second-player win. Proptest goes on to rows of 200
//! cells.

mod explain;
mod reduction;
pub mod ruleset;
mod winning;

pub use reduction::{LastLetter, Pair, PairKind, Reduction};
pub use ruleset::SPEC;
pub use winning::winning_moves;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::game::Player;
use crate::rules::notation::{check_alphabet, NotationError};
use crate::values::{Nimber, Outcome};

/// The A-B ruleset (it has no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ab;

/// A row of the A-B game. `Debug` shows the notation: `Row("A..B")`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    cells: Vec<u8>,
}

impl Row {
    /// A row from its notation as bytes (`.`, `A`, `B` only).
    pub fn from_bytes(cells: &[u8]) -> Result<Row, NotationError> {
        check_alphabet(&String::from_utf8_lossy(cells), b".AB", "'.', 'A' or 'B'")?;
        Ok(Row {
            cells: cells.to_vec(),
        })
    }

    /// The cells from left to right as ASCII bytes.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the row has no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

impl FromStr for Row {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Row, NotationError> {
        Row::from_bytes(s.as_bytes())
    }
}

impl fmt::Debug for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Row").field(&self.to_string()).finish()
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(std::str::from_utf8(&self.cells).map_err(|_| fmt::Error)?)
    }
}

/// The reduction of a row: each player's reserve moves and the Nim heaps' XOR.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Reserve moves of player A (Left).
    pub reserve_a: u64,
    /// Reserve moves of player B (Right).
    pub reserve_b: u64,
    /// The XOR of the Nim heaps (room between an A and a B facing each other).
    pub nim: u64,
}

impl Summary {
    /// The reduction of a row given as ASCII cells (`A`, `B`; anything else is empty).
    /// One pass, linear in the length.
    pub fn of_cells(cells: &[u8]) -> Summary {
        // Word-parallel, 64 cells at a time. With the letters' inclusive prefix parity,
        // an empty cell lies in a pair's room (or after an odd last letter) exactly when
        // the parity is odd; whose room it is depends on the letter before it, found by
        // carrying a bit from each A through the run of empty cells after it. So the
        // rooms opened by an A (or a B) are counted with popcounts; a mixed pair's room,
        // a Nim heap, is taken off that count and XORed, pair by pair.

        /// Bits of the A cells and of the B cells of a block of at most 64.
        #[inline(always)]
        fn letter_bits(block: &[u8]) -> (u64, u64) {
            let mut flags = [0u8; 64];
            for (f, &c) in flags.iter_mut().zip(block) {
                *f = u8::from(c == b'A') | (u8::from(c == b'B') << 1);
            }
            let gather = |x: u64| x.wrapping_mul(0x0102_0408_1020_4080) >> 56;
            let (mut a, mut b) = (0u64, 0u64);
            for (j, word) in flags.chunks_exact(8).enumerate() {
                let w = u64::from_le_bytes(word.try_into().unwrap_or_default());
                a |= gather(w & 0x0101_0101_0101_0101) << (8 * j);
                b |= gather((w >> 1) & 0x0101_0101_0101_0101) << (8 * j);
            }
            (a, b)
        }

        /// The scan's state after the blocks so far.
        #[derive(Default)]
        struct Scan {
            odd: u64,        // letters so far, mod 2
            last: u64,       // the cell of the last letter so far
            last_a: u64,     // 1 when that letter is an A
            after: [u64; 2], // empty cells in rooms opened by an A, by a B
            mixed: [u64; 2], // of which in mixed pairs opened by an A, by a B
            nim: u64,        // XOR of the mixed pairs' rooms
        }

        impl Scan {
            #[inline(always)]
            fn block(&mut self, a: u64, b: u64, valid: u64, base: u64) {
                let letters = a | b;
                let mut upto = letters;
                for shift in [1, 2, 4, 8, 16, 32] {
                    upto ^= upto << shift;
                }
                upto ^= self.odd.wrapping_neg();
                let empty = !letters;
                let room = empty & valid & upto;
                // Cells whose previous letter is an A (and the letter right after such a
                // run of empty cells).
                let a_before = empty.wrapping_add((a << 1) | self.last_a) ^ empty;
                self.after[0] += u64::from((room & a_before).count_ones());
                self.after[1] += u64::from((room & !a_before).count_ones());
                // Second letters of a pair whose first letter is of the other player.
                let mut mixed = letters & !upto & (a ^ a_before);
                while mixed != 0 {
                    let p = mixed.trailing_zeros();
                    mixed &= mixed - 1;
                    let below = letters & ((1u64 << p) - 1);
                    let first = if below != 0 {
                        base + 63 - u64::from(below.leading_zeros())
                    } else {
                        self.last
                    };
                    let heap = base + u64::from(p) - first - 1;
                    self.nim ^= heap;
                    let first_a = ((a_before >> p) & 1).wrapping_neg();
                    self.mixed[0] += heap & first_a;
                    self.mixed[1] += heap & !first_a;
                }
                self.odd ^= u64::from(letters.count_ones() & 1);
                if letters != 0 {
                    let top = 63 - letters.leading_zeros();
                    self.last = base + u64::from(top);
                    self.last_a = (a >> top) & 1;
                }
            }
        }

        let mut scan = Scan::default();
        let mut blocks = cells.chunks_exact(64);
        let mut base = 0u64;
        for block in &mut blocks {
            let (a, b) = letter_bits(block);
            scan.block(a, b, !0, base);
            base += 64;
        }
        let rest = blocks.remainder();
        if !rest.is_empty() {
            let (a, b) = letter_bits(rest);
            scan.block(a, b, !0u64 >> (64 - rest.len()), base);
        }
        Summary {
            reserve_a: scan.after[0] - scan.mixed[0],
            reserve_b: scan.after[1] - scan.mixed[1],
            nim: scan.nim,
        }
    }

    /// Whether `player`, moving first, wins.
    pub fn wins_moving_first(&self, player: Player) -> bool {
        let (mine, theirs) = match player {
            Player::Left => (self.reserve_a, self.reserve_b),
            Player::Right => (self.reserve_b, self.reserve_a),
        };
        mine > theirs || (mine == theirs && self.nim != 0)
    }

    /// The outcome class.
    pub fn outcome(&self) -> Outcome {
        Outcome::from_wins(
            self.wins_moving_first(Player::Left),
            self.wins_moving_first(Player::Right),
        )
    }

    /// The integer part of the value, reserve A − reserve B.
    pub fn integer(&self) -> i128 {
        i128::from(self.reserve_a) - i128::from(self.reserve_b)
    }

    /// The nimber part of the value.
    pub fn nimber(&self) -> Nimber {
        Nimber(u128::from(self.nim))
    }

    /// The value, an integer plus a nimber: `2 + *3`, `-1`, `*2`, `0`.
    pub fn value(&self) -> crate::values::NumberNimber {
        crate::values::NumberNimber {
            number: self.integer(),
            nimber: self.nimber(),
        }
    }

    /// The value as text, e.g. `2 + *3`.
    pub fn value_string(&self) -> String {
        match (self.integer(), self.nim) {
            (0, _) => self.nimber().to_string(),
            (n, 0) => n.to_string(),
            (n, _) => format!("{n} + {}", self.nimber()),
        }
    }
}

/// A move: the letter on cell `from` slides to cell `to` (0-based fields, printed
/// 1-based as `FROM-TO`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AbMove {
    /// The 0-based cell the letter leaves.
    pub from: usize,
    /// The 0-based cell the letter reaches.
    pub to: usize,
}

impl fmt::Display for AbMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from + 1, self.to + 1)
    }
}

impl Ab {
    /// The row after `mv` (a legal move of `pos`): the token and the empty square swap.
    pub fn after(&self, pos: &Row, mv: &AbMove) -> Row {
        let mut next = pos.clone();
        next.cells.swap(mv.from, mv.to);
        next
    }

    /// Every legal move of `player` from `pos`: each of the player's tokens slides over
    /// empty squares, rightwards if it is the first, third, ... token of the row
    /// counting from the left, leftwards if the second, fourth, ...
    pub fn legal_moves(&self, pos: &Row, player: Player) -> Vec<AbMove> {
        let mine = match player {
            Player::Left => b'A',
            Player::Right => b'B',
        };
        let cells = pos.cells();
        let mut moves = Vec::new();
        for (order, from) in memchr::memchr2_iter(b'A', b'B', cells).enumerate() {
            if cells[from] != mine {
                continue;
            }
            if order % 2 == 0 {
                let mut to = from + 1;
                while to < cells.len() && cells[to] == b'.' {
                    moves.push(AbMove { from, to });
                    to += 1;
                }
            } else {
                let mut to = from;
                while to > 0 && cells[to - 1] == b'.' {
                    to -= 1;
                    moves.push(AbMove { from, to });
                }
            }
        }
        moves
    }
}
