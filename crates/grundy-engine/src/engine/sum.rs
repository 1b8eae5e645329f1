//! The disjunctive sum of two games.
//!
//! In the sum `G + H` a player moves in exactly one of the two components, leaving
//! the other as it was; a player who can move in neither loses. The sum of two
//! partizan games is a partizan game, the sum of two impartial games is impartial, so
//! the exhaustive solvers work on sums unchanged. Sums are how game values are checked:
//! `G` has the value `v` exactly when `G + (−v)` is a second-player win (outcome P).
//! [`engine::simple`](crate::engine::simple) has the integers and Nim heaps used as `−v`.

use std::fmt;

use crate::game::{Game, Impartial, Partizan, Player};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::simple::{Heap, Integer};
    use crate::engine::{ImpartialSolver, PartizanSolver};
    use crate::values::{Nimber, Outcome};

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
}
