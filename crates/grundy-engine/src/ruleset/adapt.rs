//! Views of a ruleset as the engine's traits, so that every exhaustive solver works on
//! every ruleset.

use crate::game::{Game, Impartial, Partizan, Player};
use crate::ruleset::Ruleset;
use crate::ruleset::RulesetExt;

/// A ruleset seen as an impartial game (its moves are Left's, the same as Right's).
#[derive(Debug)]
pub struct AsImpartial<'r, R: ?Sized>(pub &'r R);

/// A ruleset seen as a partizan game.
#[derive(Debug)]
pub struct AsPartizan<'r, R: ?Sized>(pub &'r R);

impl<R: Ruleset + ?Sized> Game for AsImpartial<'_, R> {
    type Position = R::Position;
    type Move = R::Move;

    fn play(&self, pos: &R::Position, mv: &R::Move) -> R::Position {
        self.0.play(pos, mv)
    }

    fn decided(&self, pos: &R::Position, to_move: Player) -> Option<bool> {
        self.0.decided(pos, to_move)
    }
}

impl<R: Ruleset + ?Sized> Impartial for AsImpartial<'_, R> {
    fn moves(&self, pos: &R::Position) -> Vec<R::Move> {
        if self.0.decided(pos, Player::Left).is_some() {
            return Vec::new();
        }
        self.0.moves(pos, Player::Left)
    }

    fn first_moves(&self, pos: &R::Position, limit: usize) -> Vec<R::Move> {
        if self.0.decided(pos, Player::Left).is_some() {
            return Vec::new();
        }
        self.0.first_moves(pos, Player::Left, limit)
    }
}

impl<R: Ruleset + ?Sized> Game for AsPartizan<'_, R> {
    type Position = R::Position;
    type Move = R::Move;

    fn play(&self, pos: &R::Position, mv: &R::Move) -> R::Position {
        self.0.play(pos, mv)
    }

    fn decided(&self, pos: &R::Position, to_move: Player) -> Option<bool> {
        self.0.decided(pos, to_move)
    }
}

impl<R: Ruleset + ?Sized> Partizan for AsPartizan<'_, R> {
    fn moves_for(&self, pos: &R::Position, player: Player) -> Vec<R::Move> {
        if self.0.decided(pos, player).is_some() {
            return Vec::new();
        }
        self.0.moves(pos, player)
    }

    fn first_moves_for(&self, pos: &R::Position, player: Player, limit: usize) -> Vec<R::Move> {
        if self.0.decided(pos, player).is_some() {
            return Vec::new();
        }
        self.0.first_moves(pos, player, limit)
    }
}

/// Any partizan ruleset as the canonical-form engine sees it: each player's options
/// are the positions their legal moves lead to, with no component split and no
/// symmetry. So [`cgt::engine`](crate::cgt::engine) finds the canonical form of
/// any position of any partizan ruleset from its moves alone (the reference the
/// rulesets' own hooks are checked against).
impl<R: Ruleset + ?Sized> crate::cgt::engine::PartizanRules for AsPartizan<'_, R> {
    type Position = R::Position;

    fn left_options(&self, pos: &R::Position) -> Vec<R::Position> {
        Partizan::moves_for(self, pos, Player::Left)
            .iter()
            .map(|m| self.0.play(pos, m))
            .collect()
    }

    fn right_options(&self, pos: &R::Position) -> Vec<R::Position> {
        Partizan::moves_for(self, pos, Player::Right)
            .iter()
            .map(|m| self.0.play(pos, m))
            .collect()
    }
}

/// A ruleset as the canonical-form engine sees it *with* its hooks: each player's
/// options ([`options`](crate::ruleset::RulesetExt::options)), the split into independent parts
/// ([`components`](crate::ruleset::RulesetExt::components)) and the symmetry classes ([`normalize`](crate::ruleset::RulesetExt::normalize)).
/// [`AsPartizan`] is the same ruleset from its moves alone, the reference the hooks
/// are checked against.
#[derive(Debug)]
pub struct ByParts<'r, R: ?Sized>(pub &'r R);

impl<R: Ruleset + ?Sized> crate::cgt::engine::PartizanRules for ByParts<'_, R> {
    type Position = R::Position;

    fn left_options(&self, pos: &R::Position) -> Vec<R::Position> {
        self.0.options(pos, Player::Left)
    }

    fn right_options(&self, pos: &R::Position) -> Vec<R::Position> {
        self.0.options(pos, Player::Right)
    }

    fn components(&self, pos: &R::Position) -> Vec<R::Position> {
        self.0.components(pos)
    }

    fn normalize(&self, pos: &R::Position) -> (R::Position, bool) {
        self.0.normalize(pos)
    }

    fn word(&self, rep: &R::Position) -> Option<u64> {
        self.0.word(rep)
    }
}
