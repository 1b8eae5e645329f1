//! The simplest games: integers and Nim heaps, the yardsticks of game values.
//!
//! # Rules
//! - [`Integer`] `n`: when `n > 0` only Left may move, from `n` to `n − 1`; when
//!   `n < 0` only Right may move, from `n` to `n + 1`. It is `|n|` free moves for one
//!   player, and its value is the integer `n`.
//! - [`Heap`] `m`: either player may move from `m` to any smaller size. It is a Nim
//!   heap, impartial (and partizan with equal moves for both), of value `*m`.
//!
//! # Notation
//! A position is the number itself (`-3`, `5`); a move is written as the number it
//! leads to.
//!
//! # Use
//! To prove that a game `G` has the value `n + *m`, check with the exhaustive engine
//! that the sum `G + (−n) + *m` (see [`Sum`](crate::engine::sum::Sum)) is a
//! second-player win: a game minus its value is zero, and a nimber is its own negative.

use crate::game::{Game, Impartial, Partizan, Player};

/// The integer game: a position `n: i64` is `|n|` free moves for Left (`n > 0`) or for
/// Right (`n < 0`). A move is the integer it leads to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Integer;

impl Game for Integer {
    type Position = i64;
    type Move = i64;

    fn play(&self, _pos: &i64, mv: &i64) -> i64 {
        *mv
    }
}

impl Partizan for Integer {
    fn moves_for(&self, pos: &i64, player: Player) -> Vec<i64> {
        match player {
            Player::Left if *pos > 0 => vec![pos - 1],
            Player::Right if *pos < 0 => vec![pos + 1],
            _ => Vec::new(),
        }
    }
}

/// The Nim heap: a position `m: u64` may be shrunk by either player to any smaller
/// size. A move is the size it leads to; moves are listed from `0` up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Heap;

impl Game for Heap {
    type Position = u64;
    type Move = u64;

    fn play(&self, _pos: &u64, mv: &u64) -> u64 {
        *mv
    }
}

impl Impartial for Heap {
    fn moves(&self, pos: &u64) -> Vec<u64> {
        (0..*pos).collect()
    }
}

impl Partizan for Heap {
    fn moves_for(&self, pos: &u64, _player: Player) -> Vec<u64> {
        self.moves(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{ImpartialSolver, PartizanSolver};
    use crate::values::{Nimber, Outcome};

    #[test]
    fn integers_have_their_sign_as_outcome() {
        let mut solver = PartizanSolver::new(&Integer);
        for (n, outcome) in [(0, Outcome::P), (3, Outcome::L), (-2, Outcome::R)] {
            assert_eq!(solver.outcome(&n), outcome, "{n}");
        }
    }

    #[test]
    fn a_heap_is_its_own_nimber() {
        let mut solver = ImpartialSolver::new(&Heap);
        for m in 0..10 {
            assert_eq!(solver.grundy(&m), Nimber(u128::from(m)));
        }
        let mut partizan = PartizanSolver::new(&Heap);
        assert_eq!(partizan.outcome(&0), Outcome::P);
        assert_eq!(partizan.outcome(&4), Outcome::N);
    }
}
