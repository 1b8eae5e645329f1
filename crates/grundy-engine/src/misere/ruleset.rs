//! Any impartial ruleset played misère, as a ruleset again.

use crate::game::Player;
use crate::ruleset::board::{At, Board};
use crate::ruleset::notation::NotationError;
use crate::ruleset::{
    nimber, Convention, Explanation, IllegalMove, Kind, MoveError, ParamError, Positions, Ruleset,
    Unsolved,
};
use crate::values::Value;

/// The impartial ruleset `R` under misère play: the same positions, notation and
/// moves, but a player who cannot move wins.
///
/// Its [`value`](Ruleset::value) is the position's misère Grundy value as a nimber
/// (0 exactly when the player to move loses), from `R`'s misère closed form
/// ([`Ruleset::misere_grundy`]) or else, as for any ruleset without a closed form,
/// from the exhaustive engine; a position without moves is
/// [`decided`](Ruleset::decided) as won for the player to move, so the engine's
/// Grundy value is the misère one. [`convention`](Ruleset::convention) says
/// [`Convention::Misere`], and the analysis reports the value as `misere_grundy`.
///
/// A game that `R` decides by a rule of its own (a position
/// [`decided`](Ruleset::decided) by `R`) keeps that result: misère play turns only
/// the end by lack of moves around.
///
/// ```
/// use grundy_engine::misere::Misere;
/// use grundy_engine::ruleset::Ruleset;
/// use grundy_engine::Player;
///
/// let nim = Misere::new(grundy_games::rules::nim::Nim).unwrap();
/// let pos = nim.parse_position("1,1").unwrap();
/// // Two heaps of one stone: take one, and the other player must take the last.
/// assert!(nim.wins(&pos, Player::Left).unwrap());
/// let lone = nim.parse_position("1").unwrap();
/// assert!(!nim.wins(&lone, Player::Left).unwrap());
/// ```
///
/// The ruleset is held behind a `dyn Ruleset` of the same positions and moves, so
/// that a misère game is a ruleset of the same type whatever it wraps.
pub struct Misere<P, M> {
    rules: Box<dyn Ruleset<Position = P, Move = M>>,
}

impl<P, M> std::fmt::Debug for Misere<P, M>
where
    P: Clone + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync,
    M: Clone + Eq + std::fmt::Debug + std::fmt::Display + Send + Sync,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Misere")
            .field("rules", &self.rules.title())
            .finish()
    }
}

impl<P, M> Misere<P, M>
where
    P: Clone + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync,
    M: Clone + Eq + std::fmt::Debug + std::fmt::Display + Send + Sync,
{
    /// `rules` played misère; a partizan ruleset is refused, and so is one already
    /// played misère.
    pub fn new<R>(rules: R) -> Result<Misere<P, M>, ParamError>
    where
        R: Ruleset<Position = P, Move = M> + 'static,
    {
        if let Some(why) = refusal(&rules) {
            return Err(why);
        }
        Ok(Misere {
            rules: Box::new(rules),
        })
    }

    /// The ruleset under normal play.
    pub fn normal(&self) -> &dyn Ruleset<Position = P, Move = M> {
        &*self.rules
    }
}

/// Why `rules` cannot be played misère, if it cannot: a game with ties or cycles
/// ([`ParamError::MisereDraws`]), a partizan one or one already played misère
/// ([`ParamError::Misere`]). [`Misere::new`] refuses exactly these.
pub fn refusal<R: Ruleset + ?Sized>(rules: &R) -> Option<ParamError> {
    if crate::analysis::draws::routed(rules) {
        return Some(ParamError::MisereDraws {
            game: rules.title(),
        });
    }
    if rules.kind() != Kind::Impartial || rules.convention() == Convention::Misere {
        return Some(ParamError::Misere {
            game: rules.title(),
        });
    }
    None
}

impl<P, M> Ruleset for Misere<P, M>
where
    P: Clone + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync,
    M: Clone + Eq + std::fmt::Debug + std::fmt::Display + Send + Sync,
{
    type Position = P;
    type Move = M;

    fn name(&self) -> &'static str {
        self.rules.name()
    }

    fn parameters(&self) -> String {
        let p = self.rules.parameters();
        if p.is_empty() {
            "misère".to_owned()
        } else {
            format!("{p}, misère")
        }
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn convention(&self) -> Convention {
        Convention::Misere
    }

    fn player_name(&self, player: Player, first: Player) -> String {
        self.rules.player_name(player, first)
    }

    fn parse_position(&self, text: &str) -> Result<P, NotationError> {
        self.rules.parse_position(text)
    }

    fn show_position(&self, pos: &P) -> String {
        self.rules.show_position(pos)
    }

    fn parse_move(&self, pos: &P, player: Player, text: &str) -> Result<M, MoveError> {
        self.rules.parse_move(pos, player, text)
    }

    fn move_help(&self) -> String {
        self.rules.move_help()
    }

    fn drawing(&self, pos: &P) -> String {
        self.rules.drawing(pos)
    }

    fn board(&self, pos: &P) -> Option<Board> {
        self.rules.board(pos)
    }

    fn touches(&self, pos: &P, mv: &M) -> Vec<At> {
        self.rules.touches(pos, mv)
    }

    fn edit(&self, pos: &P, at: At) -> Option<P> {
        self.rules.edit(pos, at)
    }

    fn moves(&self, pos: &P, player: Player) -> Vec<M> {
        self.rules.moves(pos, player)
    }

    fn first_moves(&self, pos: &P, player: Player, limit: usize) -> Vec<M> {
        self.rules.first_moves(pos, player, limit)
    }

    fn play(&self, pos: &P, mv: &M) -> P {
        self.rules.play(pos, mv)
    }

    fn play_checked(&self, pos: &P, player: Player, mv: &M) -> Result<P, IllegalMove> {
        self.rules.play_checked(pos, player, mv)
    }

    /// `R`'s own decision, else: a position without moves is won for the player to
    /// move (the other player made the last move).
    fn decided(&self, pos: &P, to_move: Player) -> Option<bool> {
        if let Some(wins) = self.rules.decided(pos, to_move) {
            return Some(wins);
        }
        if self.rules.first_moves(pos, to_move, 1).is_empty() {
            return Some(true);
        }
        None
    }

    fn ending(
        &self,
        pos: &P,
        to_move: Player,
        to_move_name: &str,
        last_mover: Option<&str>,
    ) -> Option<String> {
        if self.rules.decided(pos, to_move).is_some() {
            return self.rules.ending(pos, to_move, to_move_name, last_mover);
        }
        let name = capitalise(to_move_name);
        Some(match last_mover {
            Some(mover) => format!(
                "{name} has no move left and wins: under misère play {mover}, who made the last move, loses."
            ),
            None => format!(
                "{name} has no move left and wins: under misère play the player who cannot move wins."
            ),
        })
    }

    fn reach(&self, pos: &P) -> u128 {
        self.rules.reach(pos)
    }

    fn value(&self, pos: &P) -> Result<Value, Unsolved> {
        if self.decided(pos, Player::Left) == Some(true) {
            return nimber(1);
        }
        nimber(self.rules.misere_grundy(pos)?)
    }

    /// Who wins by the misère closed form, which may know it without the misère
    /// Grundy value ([`Ruleset::misere_wins`]).
    fn wins(&self, pos: &P, to_move: Player) -> Result<bool, Unsolved> {
        if let Some(wins) = self.decided(pos, to_move) {
            return Ok(wins);
        }
        self.rules.misere_wins(pos)
    }

    fn winning_moves(&self, pos: &P, _to_move: Player) -> Result<Vec<M>, Unsolved> {
        if self.decided(pos, Player::Left).is_some() {
            return Ok(Vec::new());
        }
        self.rules.misere_winning_moves(pos)
    }

    fn move_count(&self, pos: &P, to_move: Player) -> Option<u128> {
        self.rules.move_count(pos, to_move)
    }

    fn explain(&self, pos: &P, _to_move: Player, limit: usize) -> Option<Explanation> {
        self.rules.misere_explain(pos, limit)
    }

    fn size_unit(&self) -> &'static str {
        self.rules.size_unit()
    }

    fn sizes(&self) -> std::ops::RangeInclusive<usize> {
        self.rules.sizes()
    }

    fn positions(&self, size: usize) -> Option<Positions<'_, P>> {
        self.rules.positions(size)
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
