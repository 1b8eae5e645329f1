//! Any impartial ruleset played misère, as a ruleset again.

use crate::game::Player;
use crate::ruleset::notation::NotationError;
use crate::ruleset::{
    nimber, Capabilities, ClosedForm, Convention, End, Explanation, GameMove as MoveText,
    GamePosition as Position, Kind, MoveError, ParamError, Presentation, Ruleset, RulesetExt,
    Unsolved,
};
use crate::values::Value;

/// The impartial ruleset `R` under misère play: the same positions, notation and
/// moves, but a player who cannot move wins.
///
/// Its [`value`](ClosedForm::value) is the position's misère Grundy value as a nimber
/// (0 exactly when the player to move loses), from `R`'s misère closed form
/// ([`MisereForm::misere_grundy`](crate::ruleset::MisereForm::misere_grundy)) or
/// else, as for any ruleset without a closed form, from the exhaustive engine; a
/// position without moves [`ends`](Ruleset::end) as won for the player to move, so
/// the engine's Grundy value is the misère one. Its capabilities say
/// [`Convention::Misere`], and the analysis reports the value as `misere_grundy`.
///
/// A game that `R` ends by a rule of its own (a position where `R`'s
/// [`end`](Ruleset::end) is not `None`) keeps that result: misère play turns only the
/// end by lack of moves around.
///
/// ```
/// use grundy_engine::misere::Misere;
/// use grundy_engine::ruleset::{Ruleset, RulesetExt};
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

impl<P: Position, M: MoveText> std::fmt::Debug for Misere<P, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Misere")
            .field("rules", &self.rules.title())
            .finish()
    }
}

impl<P: Position, M: MoveText> Misere<P, M> {
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
    if crate::analysis::route::ties_or_cycles(rules) {
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

impl<P: Position, M: MoveText> Ruleset for Misere<P, M> {
    type Position = P;

    type Move = M;

    fn name(&self) -> &'static str {
        self.rules.name()
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn moves(&self, pos: &P, player: Player) -> Vec<M> {
        self.rules.moves(pos, player)
    }

    fn play(&self, pos: &P, mv: &M) -> P {
        self.rules.play(pos, mv)
    }

    fn parameters(&self) -> String {
        let p = self.rules.parameters();
        if p.is_empty() {
            "misère".to_owned()
        } else {
            format!("{p}, misère")
        }
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

    /// `R`'s own end, else: a position without moves is won for the player to move
    /// (the other player made the last move).
    fn end(&self, pos: &P, to_move: Player) -> Option<End> {
        if let Some(end) = self.rules.end(pos, to_move) {
            return Some(end);
        }
        self.rules
            .first_moves(pos, to_move, 1)
            .is_empty()
            .then_some(End::Win)
    }

    fn reach(&self, pos: &P) -> u128 {
        self.rules.reach(pos)
    }

    /// Its own closed form and words; `R`'s board, move listing and positions by
    /// size. Not `R`'s misère form (it is this closed form), parts (misère values do
    /// not add up over parts) or heap sequence (a normal-play sequence).
    fn capabilities(&self) -> Capabilities<'_, P, M> {
        Capabilities {
            convention: Convention::Misere,
            closed_form: Some(self),
            presentation: Some(self),
            misere: None,
            parts: None,
            heap_sequence: None,
            ..self.rules.capabilities()
        }
    }
}

impl<P: Position, M: MoveText> ClosedForm for Misere<P, M> {
    fn value(&self, pos: &P) -> Result<Value, Unsolved> {
        if self.decided(pos, Player::Left) == Some(true) {
            return nimber(1);
        }
        nimber(self.rules.misere_grundy(pos)?)
    }

    /// Who wins by the misère closed form, which may know it without the misère
    /// Grundy value ([`MisereForm::misere_wins`](crate::ruleset::MisereForm::misere_wins)).
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
}

impl<P: Position, M: MoveText> Presentation for Misere<P, M> {
    fn player_name(&self, player: Player, first: Player) -> String {
        self.rules.player_name(player, first)
    }

    fn mover_name(&self, pos: &P, to_move: Player) -> String {
        self.rules.mover_name(pos, to_move)
    }

    fn drawing(&self, pos: &P) -> String {
        self.rules.drawing(pos)
    }

    fn ending(
        &self,
        pos: &P,
        to_move: Player,
        to_move_name: &str,
        last_mover: Option<&str>,
    ) -> Option<String> {
        if self.rules.end(pos, to_move).is_some() {
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

    fn explain(&self, pos: &P, _to_move: Player, limit: usize) -> Option<Explanation> {
        self.rules.misere_explain(pos, limit)
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
