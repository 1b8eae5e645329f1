//! The staircase reduction as data, and the winning moves it gives without search.
//!
//! Number the pawns 0, 1, ..., m-1 from the left. Pile i holds the empty squares
//! just left of pawn i (up to the previous pawn or the edge). Moving pawn i by d
//! squares takes d stones from pile i and puts them on pile i+1; the last pawn's
//! stones leave the game. Counting from the last pawn, the 1st, 3rd, 5th, ... piles
//! are *counted*; a counted pile of s stones is worth `s mod (k+1)`, and the value of
//! the position is the XOR of those residues.
//!
//! Because counted and uncounted piles alternate and the last pile is counted, every
//! move changes exactly one counted pile: a move of a counted pawn shrinks its own
//! pile, a move of an uncounted pawn grows the next (counted) pile. So the value
//! after a move follows from the value before it in O(1), and all winning moves come
//! out of one pass over the piles.

use serde::Serialize;

use super::{Board, PawnMove, Pawns};
use crate::values::Nimber;

/// One pile of the reduction: the empty squares just left of one pawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Pile {
    /// The pawn's square, numbered from 1 at the left as in the move notation.
    pub square: usize,
    /// The number of stones: empty squares between this pawn and the previous pawn
    /// (or the left edge).
    pub stones: u64,
    /// Whether the pile counts: the 1st, 3rd, 5th, ... pile counting from the last pawn.
    pub counted: bool,
    /// `stones mod (k+1)`. Only the residues of counted piles enter the XOR.
    pub residue: u64,
}

/// The staircase-Nim reduction of a board: piles, which of them count, their
/// residues and the XOR that is the position's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reduction {
    /// The step bound k: a move carries 1..=k stones.
    pub step: u32,
    /// The modulus k+1 of the residues.
    pub modulus: u64,
    /// One pile per pawn, from left to right.
    pub piles: Vec<Pile>,
    /// The XOR of the residues of the counted piles: the Grundy value.
    pub xor: u64,
}

impl Reduction {
    /// The value of the position, `*xor`.
    pub fn value(&self) -> Nimber {
        Nimber(u128::from(self.xor))
    }

    /// The counted piles, from left to right.
    pub fn counted(&self) -> impl Iterator<Item = &Pile> + '_ {
        self.piles.iter().filter(|p| p.counted)
    }

    /// The XOR after moving the pawn of pile `i` (0-based, from the left) by `d`
    /// squares, computed in O(1) from the XOR before it. The move must be legal:
    /// `1 <= d <= k` and `d <= stones` of pile `i`.
    ///
    /// Pile `i` loses `d` stones and pile `i+1` (if any) gains them; only the one of
    /// the two that is counted changes the XOR.
    pub fn xor_after(&self, i: usize, d: u64) -> u64 {
        let pile = &self.piles[i];
        debug_assert!(d >= 1 && d <= u64::from(self.step) && d <= pile.stones);
        if pile.counted {
            self.xor ^ pile.residue ^ ((pile.stones - d) % self.modulus)
        } else {
            // An uncounted pile is never the last, and the next one is counted.
            let next = &self.piles[i + 1];
            self.xor ^ next.residue ^ ((next.stones + d) % self.modulus)
        }
    }
}

impl Pawns {
    /// The staircase reduction of `board`: one pass over the squares.
    pub fn reduce(&self, board: &Board) -> Reduction {
        let modulus = u64::from(self.step()) + 1;
        let mut piles = Vec::new();
        let mut empty = 0u64;
        for (i, &square) in board.squares().iter().enumerate() {
            if square == b'P' {
                piles.push(Pile {
                    square: i + 1,
                    stones: empty,
                    counted: false,
                    residue: empty % modulus,
                });
                empty = 0;
            } else {
                empty += 1;
            }
        }
        let mut xor = 0;
        for pile in piles.iter_mut().rev().step_by(2) {
            pile.counted = true;
            xor ^= pile.residue;
        }
        Reduction {
            step: self.step(),
            modulus,
            piles,
            xor,
        }
    }

    /// Every winning move from `board` (every move after which the value is 0), in
    /// the order [`Impartial::moves`](grundy_engine::Impartial::moves) lists moves.
    ///
    /// No search: the value after each move is updated from the reduction in O(1)
    /// ([`Reduction::xor_after`]), so the whole finder is O(N + number of moves).
    ///
    /// ```
    /// use grundy_games::rules::pawns::{Board, Pawns};
    ///
    /// let rules = Pawns::adapwns();
    /// let board: Board = "..P.P".parse().unwrap();
    /// let moves: Vec<String> = rules.winning_moves(&board).iter().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["3-1", "5-4"]);
    /// ```
    pub fn winning_moves(&self, board: &Board) -> Vec<PawnMove> {
        let reduction = self.reduce(board);
        let step = u64::from(self.step());
        let mut moves = Vec::new();
        for (i, pile) in reduction.piles.iter().enumerate() {
            let from = pile.square - 1;
            for d in 1..=step.min(pile.stones) {
                if reduction.xor_after(i, d) == 0 {
                    moves.push(PawnMove {
                        from,
                        // d <= stones <= from, so this neither underflows nor truncates.
                        to: from - d as usize,
                    });
                }
            }
        }
        moves
    }
}
