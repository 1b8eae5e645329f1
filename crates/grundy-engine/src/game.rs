//! The traits a ruleset implements.
//!
//! A ruleset (a value carrying the game's parameters, such as a step bound or a
//! subtraction set) is separate from its positions. The ruleset says which moves are
//! legal in a position and what position a move leads to; the [`engine`](crate::engine)
//! does the rest for any ruleset.
//!
//! Play is *normal play*: a player who cannot move loses. Rulesets whose ending is
//! decided otherwise say so with [`Game::decided`] (see `grundy_games::rules::table`).

use std::fmt::{Debug, Display};
use std::hash::Hash;

pub use grundy_values::player::Player;

/// What every ruleset has: positions, moves, and the effect of a move.
pub trait Game {
    /// A position of the game (without the ruleset's parameters).
    type Position: Clone + Eq + Hash + Debug;
    /// A move, printed in the ruleset's move notation.
    type Move: Clone + Eq + Debug + Display;

    /// The position that `mv` leads to from `pos`. `mv` must be legal in `pos`.
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position;

    /// `Some(wins)` when the game is over at `pos` otherwise than by normal play,
    /// `wins` saying whether `to_move` has won; such a position has no moves. The
    /// engines count a position won this way as `*` (Grundy value) with remoteness 0.
    fn decided(&self, pos: &Self::Position, to_move: Player) -> Option<bool> {
        let _ = (pos, to_move);
        None
    }
}

/// A game in which both players have the same moves.
pub trait Impartial: Game {
    /// Every legal move from `pos`, in a deterministic order.
    fn moves(&self, pos: &Self::Position) -> Vec<Self::Move>;

    /// The first `limit` moves of [`moves`](Impartial::moves), without listing the
    /// rest where the game can (budgeted searches ask for one more move than they
    /// may spend, so a huge position costs no more than the budget).
    fn first_moves(&self, pos: &Self::Position, limit: usize) -> Vec<Self::Move> {
        let mut moves = self.moves(pos);
        moves.truncate(limit);
        moves
    }
}

/// A game in which Left and Right have moves of their own.
pub trait Partizan: Game {
    /// Every legal move of `player` from `pos`, in a deterministic order.
    fn moves_for(&self, pos: &Self::Position, player: Player) -> Vec<Self::Move>;

    /// The first `limit` moves of [`moves_for`](Partizan::moves_for) (see
    /// [`Impartial::first_moves`]).
    fn first_moves_for(
        &self,
        pos: &Self::Position,
        player: Player,
        limit: usize,
    ) -> Vec<Self::Move> {
        let mut moves = self.moves_for(pos, player);
        moves.truncate(limit);
        moves
    }
}
