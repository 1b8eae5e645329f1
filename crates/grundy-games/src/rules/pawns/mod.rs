//! Pawns on a strip (ADAPWNS), with the step bound k as a parameter.
//!
//! # Rules
//! A row of squares, some holding a pawn. A move takes one pawn 1 to k squares to the
//! **left**, over empty squares only: no two pawns share a square, a pawn never jumps
//! and never leaves the board. The player who cannot move loses. ADAPWNS is k = 2.
//!
//! # Notation
//! A position is the board from left to right, `.` for an empty square and `P` for a
//! pawn: `..P.P`. A move is `FROM-TO` with squares numbered 1..=N from the left:
//! `5-4` moves the pawn on square 5 one square left.
//!
//! # Closed form
//! Pile i is the number of empty squares just left of pawn i (counting pawns from the
//! left). Moving pawn i by d squares takes d stones from pile i and puts them on pile
//! i+1 (the last pawn's stones leave the game): staircase Nim in which a move carries
//! 1..=k stones. Counting from the last pawn, only the 1st, 3rd, 5th, ... piles count
//! (a move from an uncounted pile is undone by carrying the same stones on), and a
//! counted pile of s stones is worth `*(s mod (k+1))`, as in the subtraction game
//! {1..k}. The position's value is the XOR of those residues.
//!
//! Every move changes exactly one counted pile (its own if the pawn's pile counts,
//! else the next one), so the value after a move follows from the value before it in
//! O(1): [`Pawns::winning_moves`] finds every winning move without search, and
//! [`Pawns::reduce`] gives the reduction as data ([`Reduction`]).
//! [`Pawns::explanation`] explains a board in sentences.
//!
//! # Commands
//! [`SPEC`] registers the game as `pawns` with the parameter `--step K` (default 2);
//! [`Pawns`] implements [`Ruleset`](crate::ruleset::Ruleset). `grundy verify` checks
//! every board of up to [`MEMO_SQUARES`] squares against the memoised engine and
//! larger ones against [`dense`], a bit-parallel solver of every board of one size.
//!
//! ```
//! use grundy_games::rules::pawns::{Board, Pawns};
//!
//! let rules = Pawns::adapwns();
//! let board: Board = "...P..P.P".parse().unwrap();
//! let reduction = rules.reduce(&board);
//! let piles: Vec<u64> = reduction.piles.iter().map(|p| p.stones).collect();
//! assert_eq!(piles, [3, 2, 1]);
//! assert_eq!(reduction.xor, 1); // 3 mod 3 XOR 1 mod 3: the first player wins
//! let moves: Vec<String> = rules.winning_moves(&board).iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["4-2", "7-5", "9-8"]);
//! ```

pub mod dense;
pub mod explain;
mod ruleset;
mod solve;

pub use ruleset::{LARGEST_VERIFIED, MEMO_SQUARES, SPEC};
pub use solve::{Pile, Reduction};

use std::fmt;
use std::str::FromStr;

use crate::rules::notation::{check_alphabet, NotationError};

/// The pawn ruleset: a move takes a pawn 1..=step squares left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pawns {
    step: u32,
}

/// A step bound that is not allowed (it must be at least 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the step bound must be at least 1, found {0}")]
pub struct StepError(pub u32);

impl Pawns {
    /// Pawns moving 1..=step squares; `step` must be at least 1.
    pub fn new(step: u32) -> Result<Pawns, StepError> {
        if step == 0 {
            Err(StepError(step))
        } else {
            Ok(Pawns { step })
        }
    }

    /// The ADAPWNS ruleset, k = 2.
    pub fn adapwns() -> Pawns {
        Pawns { step: 2 }
    }

    /// The step bound k.
    pub fn step(&self) -> u32 {
        self.step
    }

    /// The value of a board given as ASCII squares (`P` is a pawn, anything else is
    /// empty): the XOR of `s mod (k+1)` over the counted piles. Non-zero exactly when
    /// the player to move wins. Linear in the length, one pass from the right.
    pub fn nim_value(&self, squares: &[u8]) -> u64 {
        if self.step == 2 {
            // ADAPWNS, k = 2, word-parallel, 64 squares at a time. A pile's residue mod 3
            // is (r(p) - r(q) - 1) mod 3, with r the square's index mod 3, p the pawn's
            // square and q the previous pawn's (the first pawn's is a virtual pawn on
            // square -1, r = 2). So pile ≡ 2 when r(q) = r(p) and pile ≡ 1 when
            // r(q) = r(p) + 1. Counted piles are those of pawn indices ≡ pawns - 1
            // (mod 2): keep the XOR of the even-index and of the odd-index piles.

            /// Bit i set when byte i of `block` is `b'P'` (SWAR: zero bytes of x ^ 'P').
            fn pawn_bits(block: &[u8]) -> u64 {
                let mut bits = 0u64;
                for (j, word) in block.chunks_exact(8).enumerate() {
                    let word: [u8; 8] = word.try_into().unwrap_or_default();
                    let y = u64::from_le_bytes(word) ^ 0x5050_5050_5050_5050;
                    let low = 0x7f7f_7f7f_7f7f_7f7f;
                    let nonzero = (((y & low) + low) | y) & !low;
                    let eq = (nonzero ^ !low) >> 7; // bit 8i: byte i is 'P'
                    bits |= (eq.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
                }
                bits
            }

            /// Squares i ≡ 0, 1, 2 (mod 3) of a block that starts on a square ≡ 0.
            const CLASS: [u64; 3] = [
                0x9249_2492_4924_9249,
                0x9249_2492_4924_9249 << 1,
                0x9249_2492_4924_9249 << 2,
            ];
            let mut last = 2; // r of the last pawn so far
            let mut odd_count = 0u64; // pawns so far, mod 2
            let (mut even, mut odd) = (0u64, 0u64);
            let mut block_step = |pawns: u64, first: usize| {
                // class[k]: the block's squares with r = k (`first` is r of bit 0).
                let class = [0, 1, 2].map(|k| CLASS[(k + 3 - first) % 3]);
                // after[k]: squares whose previous pawn has r = k. Adding a bit just after
                // each such pawn to the empty squares carries through the run of empty
                // squares up to and including the next pawn; the changed bits are the run.
                let empty = !pawns;
                let after = [0, 1, 2].map(|k| {
                    let start = ((pawns & class[k]) << 1) | u64::from(last == k);
                    empty.wrapping_add(start) ^ empty
                });
                let two = pawns & (0..3).fold(0, |acc, k| acc | (class[k] & after[k]));
                let one = pawns & (0..3).fold(0, |acc, k| acc | (class[k] & after[(k + 1) % 3]));
                // Prefix XOR: bit i is the parity of the pawns up to square i.
                let mut upto = pawns;
                for shift in [1, 2, 4, 8, 16, 32] {
                    upto ^= upto << shift;
                }
                let odd_index = upto ^ pawns ^ odd_count.wrapping_neg();
                let parity = |v: u64| u64::from(v.count_ones() & 1);
                odd ^= parity(one & odd_index) | parity(two & odd_index) << 1;
                even ^= parity(one & !odd_index) | parity(two & !odd_index) << 1;
                odd_count ^= u64::from(pawns.count_ones() & 1);
                if pawns != 0 {
                    last = (first + 63 - pawns.leading_zeros() as usize) % 3;
                }
            };
            let mut blocks = squares.chunks_exact(64);
            let mut first = 0; // 64 ≡ 1 (mod 3): each block starts one class later
            for block in &mut blocks {
                block_step(pawn_bits(block), first);
                first = (first + 1) % 3;
            }
            let mut tail = [b'.'; 64];
            tail[..blocks.remainder().len()].copy_from_slice(blocks.remainder());
            block_step(pawn_bits(&tail), first);
            return if odd_count == 1 { even } else { odd };
        }
        let modulus = u64::from(self.step) + 1;
        let mut value = 0u64;
        let mut counted = true;
        let Some(mut pawn) = memchr::memrchr(b'P', squares) else {
            return 0;
        };
        loop {
            let prev = memchr::memrchr(b'P', &squares[..pawn]);
            if counted {
                let pile = (pawn - prev.map_or(0, |p| p + 1)) as u64;
                value ^= if pile < modulus { pile } else { pile % modulus };
            }
            counted = !counted;
            match prev {
                Some(p) => pawn = p,
                None => return value,
            }
        }
    }
}

/// A board of the pawn game: each square empty or holding a pawn.
///
/// `Debug` shows the notation, `Board("..P.P")`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    squares: Vec<u8>,
}

impl Board {
    /// A board from its notation as bytes (`.` and `P` only).
    pub fn from_bytes(squares: &[u8]) -> Result<Board, NotationError> {
        let text = String::from_utf8_lossy(squares);
        check_alphabet(&text, b".P", "'.' or 'P'")?;
        Ok(Board {
            squares: squares.to_vec(),
        })
    }

    /// A board from squares known to be `b'.'` or `b'P'` (built here, not read).
    fn from_squares(squares: Vec<u8>) -> Board {
        debug_assert!(squares.iter().all(|&s| s == b'.' || s == b'P'));
        Board { squares }
    }

    /// The squares from left to right as ASCII bytes, `b'.'` or `b'P'`.
    pub fn squares(&self) -> &[u8] {
        &self.squares
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// Whether the board has no squares.
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// Whether square `i` (0-based) holds a pawn.
    pub fn has_pawn(&self, i: usize) -> bool {
        self.squares[i] == b'P'
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Board")
            .field(&String::from_utf8_lossy(&self.squares))
            .finish()
    }
}

impl FromStr for Board {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Board, NotationError> {
        Board::from_bytes(s.as_bytes())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The squares are ASCII by construction.
        f.write_str(std::str::from_utf8(&self.squares).map_err(|_| fmt::Error)?)
    }
}

/// A pawn move: the pawn on square `from` goes left to square `to` (0-based fields,
/// printed 1-based as `FROM-TO`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PawnMove {
    /// The 0-based square the pawn leaves.
    pub from: usize,
    /// The 0-based square the pawn reaches, left of `from`.
    pub to: usize,
}

impl fmt::Display for PawnMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from + 1, self.to + 1)
    }
}

impl FromStr for PawnMove {
    type Err = NotationError;
    /// Parses `FROM-TO`: two square numbers from 1 in decimal digits joined by `-`,
    /// `TO` left of `FROM`.
    fn from_str(s: &str) -> Result<PawnMove, NotationError> {
        // Everything before an error is ASCII, so byte offsets are character columns.
        let bytes = s.as_bytes();
        let square = |start: usize| -> Result<(usize, usize), NotationError> {
            let len = bytes[start..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let expected = "a square number from 1";
            if len == 0 {
                return Err(NotationError::at(s, start, expected));
            }
            let digits = &s[start..start + len];
            match digits.parse::<usize>() {
                Ok(n) if n >= 1 => Ok((n - 1, start + len)),
                _ => Err(NotationError::new(
                    start + 1,
                    expected,
                    crate::rules::Found::Text(digits.to_owned()),
                )),
            }
        };
        let (from, dash) = square(0)?;
        if bytes.get(dash) != Some(&b'-') {
            return Err(NotationError::at(
                s,
                dash,
                "'-' between two square numbers, as in 5-4",
            ));
        }
        let (to, end) = square(dash + 1)?;
        if to >= from {
            return Err(NotationError::new(
                dash + 2,
                format!("a square left of {}", from + 1),
                crate::rules::Found::Text(s[dash + 1..end].to_owned()),
            ));
        }
        if end != bytes.len() {
            return Err(NotationError::at(s, end, "the end of the move"));
        }
        Ok(PawnMove { from, to })
    }
}

impl Pawns {
    /// The position after `mv` (a legal move of `pos`).
    pub fn after(&self, pos: &Board, mv: &PawnMove) -> Board {
        let mut next = pos.clone();
        next.squares[mv.from] = b'.';
        next.squares[mv.to] = b'P';
        next
    }

    /// Every legal move from `pos`: a pawn 1..=step squares to the left, over empty
    /// squares only.
    pub fn legal_moves(&self, pos: &Board) -> Vec<PawnMove> {
        let mut moves = Vec::with_capacity(pos.len().min(64));
        for from in (0..pos.len()).filter(|&i| pos.has_pawn(i)) {
            for d in 1..=self.step as usize {
                if d > from || pos.has_pawn(from - d) {
                    break;
                }
                moves.push(PawnMove { from, to: from - d });
            }
        }
        moves
    }
}
