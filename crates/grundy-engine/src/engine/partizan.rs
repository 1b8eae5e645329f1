//! Outcome classes and winning moves of any partizan game, by exhaustive search over
//! the game below a position ([`dag`](super::dag)): who wins with Left to move and
//! with Right to move. `verify` checks the partizan closed forms against it. Limits:
//! the game must end; every position below is held in memory, and the search has no
//! budget, so it is for positions known to be small (`verify`'s sizes, tests).

use crate::engine::dag::Dag;
use crate::game::{Partizan, Player};
use crate::values::Outcome;

/// A memoised exhaustive solver for a partizan ruleset.
///
/// For every position it finds who wins when Left starts and who wins when Right
/// starts, which together give the outcome class.
#[derive(Debug)]
pub struct PartizanSolver<'g, G: Partizan> {
    game: &'g G,
    dag: Dag<G::Position, Outcome>,
}

impl<'g, G: Partizan> PartizanSolver<'g, G> {
    /// A solver for `game` with nothing solved yet.
    pub fn new(game: &'g G) -> Self {
        PartizanSolver {
            game,
            dag: Dag::new(),
        }
    }

    /// How many positions have been solved so far.
    pub fn solved_positions(&self) -> usize {
        self.dag.len()
    }

    /// The outcome class of `pos`.
    pub fn outcome(&mut self, pos: &G::Position) -> Outcome {
        let game = self.game;
        self.dag.evaluate(
            pos,
            |p| {
                let mut kids = Vec::new();
                for player in [Player::Left, Player::Right] {
                    for m in game.moves_for(p, player) {
                        kids.push((player, game.play(p, &m)));
                    }
                }
                kids
            },
            |p, kids| {
                if let (Some(left), Some(right)) = (
                    game.decided(p, Player::Left),
                    game.decided(p, Player::Right),
                ) {
                    return Outcome::from_wins(left, right);
                }
                // Left starting wins iff Left has a move to a position that Right,
                // now starting, loses; and symmetrically for Right.
                let left = kids
                    .iter()
                    .any(|(p, o)| *p == Player::Left && !o.right_starting_wins());
                let right = kids
                    .iter()
                    .any(|(p, o)| *p == Player::Right && !o.left_starting_wins());
                Outcome::from_wins(left, right)
            },
        )
    }

    /// Whether `player`, moving first in `pos`, wins.
    pub fn wins_moving_first(&mut self, pos: &G::Position, player: Player) -> bool {
        let o = self.outcome(pos);
        match player {
            Player::Left => o.left_starting_wins(),
            Player::Right => o.right_starting_wins(),
        }
    }

    /// Every move of `player` from `pos` after which the opponent, to move, loses.
    pub fn winning_moves(&mut self, pos: &G::Position, player: Player) -> Vec<G::Move> {
        let game = self.game;
        game.moves_for(pos, player)
            .into_iter()
            .filter(|m| !self.wins_moving_first(&game.play(pos, m), player.opponent()))
            .collect()
    }
}
