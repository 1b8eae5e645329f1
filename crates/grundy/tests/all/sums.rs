//! What checks a game value with the exhaustive engine: the disjunctive sum of two
//! games, and the simplest games, integers and Nim heaps, the yardsticks of values.
//!
//! In the sum `G + H` a player moves in exactly one of the two components, leaving
//! the other as it was; a player who can move in neither loses. The sum of two
//! partizan games is a partizan game, the sum of two impartial games is impartial, so
//! the exhaustive solvers work on sums unchanged. `G` has the value `v` exactly when
//! `G + (−v)` is a second-player win (outcome P).
//!
//! - [`Integer`] `n`: when `n > 0` only Left may move, from `n` to `n − 1`; when
//!   `n < 0` only Right may move, from `n` to `n + 1`. It is `|n|` free moves for one
//!   player, and its value is the integer `n`.
//! - [`Heap`] `m`: either player may move from `m` to any smaller size. It is a Nim
//!   heap, impartial (and partizan with equal moves for both), of value `*m`.
//!
//! A position of these two is the number itself (`-3`, `5`); a move is written as
//! the number it leads to. To prove that a game `G` has the value `n + *m`, check
//! that the sum `G + (−n) + *m` is a second-player win: a game minus its value is
//! zero, and a nimber is its own negative (`ab.rs` does so for the A-B game).

use std::fmt;

use grundy::engine::{ImpartialSolver, PartizanSolver};
use grundy::game::{Game, Impartial, Partizan, Player};
use grundy::values::{Nimber, Outcome};

/// The disjunctive sum of the rulesets `first` and `second`.
///
/// A position is a pair `(first's position, second's position)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sum<G, H> {
    /// The ruleset of the first component.
    pub first: G,
    /// The ruleset of the second component.
    pub second: H,
}

impl<G, H> Sum<G, H> {
    /// The sum of `first` and `second`.
    pub fn new(first: G, second: H) -> Self {
        Sum { first, second }
    }
}

/// A move in a sum: a move in one of the components.
///
/// Printed as `1:MOVE` or `2:MOVE`, the component's number and its own notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SumMove<M, N> {
    /// A move in the first component.
    First(M),
    /// A move in the second component.
    Second(N),
}

impl<M: fmt::Display, N: fmt::Display> fmt::Display for SumMove<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumMove::First(m) => write!(f, "1:{m}"),
            SumMove::Second(m) => write!(f, "2:{m}"),
        }
    }
}

impl<G: Game, H: Game> Game for Sum<G, H> {
    type Position = (G::Position, H::Position);
    type Move = SumMove<G::Move, H::Move>;

    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position {
        match mv {
            SumMove::First(m) => (self.first.play(&pos.0, m), pos.1.clone()),
            SumMove::Second(m) => (pos.0.clone(), self.second.play(&pos.1, m)),
        }
    }
}

impl<G: Partizan, H: Partizan> Partizan for Sum<G, H> {
    /// The first component's moves, then the second's.
    fn moves_for(&self, pos: &Self::Position, player: Player) -> Vec<Self::Move> {
        let first = self.first.moves_for(&pos.0, player);
        let second = self.second.moves_for(&pos.1, player);
        first
            .into_iter()
            .map(SumMove::First)
            .chain(second.into_iter().map(SumMove::Second))
            .collect()
    }
}

impl<G: Impartial, H: Impartial> Impartial for Sum<G, H> {
    /// The first component's moves, then the second's.
    fn moves(&self, pos: &Self::Position) -> Vec<Self::Move> {
        let first = self.first.moves(&pos.0);
        let second = self.second.moves(&pos.1);
        first
            .into_iter()
            .map(SumMove::First)
            .chain(second.into_iter().map(SumMove::Second))
            .collect()
    }
}

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

#[test]
fn heaps_add_by_xor() {
    let sum = Sum::new(Heap, Heap);
    let mut solver = ImpartialSolver::new(&sum);
    for a in 0..8u64 {
        for b in 0..8u64 {
            assert_eq!(
                solver.grundy(&(a, b)),
                Nimber(u128::from(a ^ b)),
                "*{a} + *{b}"
            );
        }
    }
}

#[test]
fn integers_add() {
    let sum = Sum::new(Integer, Integer);
    let mut solver = PartizanSolver::new(&sum);
    for a in -4..=4i64 {
        for b in -4..=4i64 {
            let expected = match (a + b).signum() {
                1 => Outcome::L,
                -1 => Outcome::R,
                _ => Outcome::P,
            };
            assert_eq!(solver.outcome(&(a, b)), expected, "{a} + {b}");
        }
    }
}

#[test]
fn an_integer_beats_a_nimber() {
    let sum = Sum::new(Integer, Heap);
    let mut solver = PartizanSolver::new(&sum);
    assert_eq!(solver.outcome(&(0, 0)), Outcome::P);
    assert_eq!(solver.outcome(&(0, 3)), Outcome::N);
    assert_eq!(solver.outcome(&(1, 3)), Outcome::L);
    assert_eq!(solver.outcome(&(-1, 5)), Outcome::R);
}

#[test]
fn moves_are_numbered_by_component() {
    let sum = Sum::new(Integer, Heap);
    let moves: Vec<String> = sum
        .moves_for(&(1, 2), Player::Left)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["1:0", "2:0", "2:1"]);
    assert_eq!(sum.play(&(1, 2), &SumMove::Second(0)), (1, 0));
    assert!(sum.moves_for(&(1, 0), Player::Right).is_empty());
}

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
