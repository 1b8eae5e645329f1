//! Grundy values and winning moves of any impartial game, by exhaustive search over
//! the game below a position ([`dag`](super::dag)): what the analysis' `exhaustive`
//! engine answers where the closed form does not know a position (and the misère
//! Grundy values it reports), and what `verify` checks the impartial closed forms
//! against. Limits: the game must end (no position repeats on a line of play); every
//! position below is held in memory, so the analysis tries it only where
//! `Ruleset::reach` is at most `ENGINE_REACH`, and the `_within` methods stop at a
//! [`Budget`] of moves listed.

use crate::engine::budget::Budget;
use crate::engine::dag::Dag;
use crate::game::{Impartial, Player};
use crate::values::{mex, Nimber};

/// A memoised exhaustive solver for an impartial ruleset.
///
/// ```
/// use grundy_engine::engine::ImpartialSolver;
/// use grundy_engine::{Game, Impartial};
///
/// /// Take one or two stones from a heap.
/// struct TakeOneOrTwo;
///
/// impl Game for TakeOneOrTwo {
///     type Position = u32;
///     type Move = u32;
///     fn play(&self, heap: &u32, take: &u32) -> u32 {
///         heap - take
///     }
/// }
///
/// impl Impartial for TakeOneOrTwo {
///     fn moves(&self, heap: &u32) -> Vec<u32> {
///         (1..=2).filter(|take| take <= heap).collect()
///     }
/// }
///
/// let mut solver = ImpartialSolver::new(&TakeOneOrTwo);
/// // G(n) = n mod 3.
/// assert_eq!(solver.grundy(&7).0, 1);
/// assert!(!solver.grundy(&9).to_move_wins());
/// ```
///
/// A [`Ruleset`](crate::ruleset::Ruleset) is solved through its engine view,
/// [`AsImpartial`](crate::ruleset::AsImpartial).
#[derive(Debug)]
pub struct ImpartialSolver<'g, G: Impartial> {
    game: &'g G,
    dag: Dag<G::Position, Nimber>,
}

impl<'g, G: Impartial> ImpartialSolver<'g, G> {
    /// A solver for `game` with nothing solved yet.
    pub fn new(game: &'g G) -> Self {
        ImpartialSolver {
            game,
            dag: Dag::new(),
        }
    }

    /// The ruleset being solved.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// How many positions have been solved so far.
    pub fn solved_positions(&self) -> usize {
        self.dag.len()
    }

    /// The Grundy value of `pos`: the mex of the values of its options.
    pub fn grundy(&mut self, pos: &G::Position) -> Nimber {
        self.grundy_within(pos, &mut Budget::unlimited())
            .expect("an unlimited search always finishes")
    }

    /// The Grundy value of `pos`, or `None` if finding it would list more moves than
    /// `budget` has left (what was solved is kept).
    pub fn grundy_within(&mut self, pos: &G::Position, budget: &mut Budget) -> Option<Nimber> {
        let game = self.game;
        self.dag.evaluate_within(
            pos,
            budget,
            |p, wanted| {
                game.first_moves(p, wanted)
                    .into_iter()
                    .map(|m| ((), game.play(p, &m)))
                    .collect()
            },
            |p, kids| match game.decided(p, Player::Left) {
                Some(true) => Nimber(1),
                Some(false) => Nimber(0),
                None => mex(kids.iter().map(|(_, v)| *v)),
            },
        )
    }

    /// Every move from `pos` to a position of value 0, or `None` past `budget`.
    pub fn winning_moves_within(
        &mut self,
        pos: &G::Position,
        budget: &mut Budget,
    ) -> Option<Vec<G::Move>> {
        let game = self.game;
        let moves = game.first_moves(
            pos,
            usize::try_from(budget.left())
                .unwrap_or(usize::MAX)
                .saturating_add(1),
        );
        if !budget.spend(moves.len()) {
            return None;
        }
        let mut out = Vec::new();
        for m in moves {
            if self.grundy_within(&game.play(pos, &m), budget)? == Nimber::ZERO {
                out.push(m);
            }
        }
        Some(out)
    }

    /// Whether the player to move wins `pos`.
    pub fn to_move_wins(&mut self, pos: &G::Position) -> bool {
        self.grundy(pos).to_move_wins()
    }

    /// Every move from `pos` that leaves the opponent a lost position (value 0),
    /// in the order the ruleset lists its moves.
    pub fn winning_moves(&mut self, pos: &G::Position) -> Vec<G::Move> {
        self.moves_to_value(pos, Nimber::ZERO)
    }

    /// Every move from `pos` to a position of value `target`.
    pub fn moves_to_value(&mut self, pos: &G::Position, target: Nimber) -> Vec<G::Move> {
        let game = self.game;
        game.moves(pos)
            .into_iter()
            .filter(|m| self.grundy(&game.play(pos, m)) == target)
            .collect()
    }
}
