//! The search space of any acyclic ruleset, from its moves: a node is a position and
//! the player to move, its key the position's representative under the ruleset's
//! symmetries ([`normalize`](crate::ruleset::RulesetExt::normalize)) with the player
//! to move (swapped where the symmetry swaps the players).

use super::{Expansion, Score, Space, Whole};
use crate::game::Player;
use crate::ruleset::{End, Kind, Ruleset, RulesetExt};

/// The space of `R`'s positions: every legal move searched, in the ruleset's order.
pub struct RulesetSpace<'r, R: ?Sized>(pub &'r R);

impl<R: Ruleset + ?Sized> Space for RulesetSpace<'_, R> {
    type Node = (R::Position, Player);
    type Move = usize;
    type Key = Whole<(R::Position, Player)>;

    fn key(&self, (pos, player): &Self::Node) -> Self::Key {
        let (rep, negated) = self.0.normalize(pos);
        let player = if negated { player.opponent() } else { *player };
        Whole(Some((rep, player)))
    }

    /// The moves are numbered in the ruleset's order.
    fn legal(&self, (pos, player): &Self::Node) -> Vec<usize> {
        if self.0.end(pos, *player).is_some() {
            return Vec::new();
        }
        (0..self.0.moves(pos, *player).len()).collect()
    }

    fn play(&self, (pos, player): &Self::Node, mv: usize) -> Self::Node {
        let moves = self.0.moves(pos, *player);
        let next = match self.0.kind() {
            Kind::Impartial => *player,
            Kind::Partizan => player.opponent(),
        };
        (self.0.play(pos, &moves[mv]), next)
    }

    fn expand(&self, (pos, player): &Self::Node, moves: &mut Vec<usize>) -> Expansion {
        match self.0.end(pos, *player) {
            Some(End::Win) => return Expansion::Known(Score::win(0)),
            Some(End::Lose) => return Expansion::Known(Score::lose(0)),
            Some(End::Tie) => return Expansion::Known(Score::TIE),
            None => {}
        }
        let n = self.0.moves(pos, *player).len();
        if n == 0 {
            return Expansion::Known(Score::lose(0));
        }
        moves.extend(0..n);
        // Every score is at least a loss in 1 and at most a win in 1.
        Expansion::Search {
            lower: Score::lose(1),
            upper: Score::win(1),
        }
    }
}
