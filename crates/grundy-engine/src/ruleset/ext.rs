//! What generic code asks of any ruleset: the capabilities' methods, answered by the
//! capability where the game has it and by its default where it does not.

use std::ops::RangeInclusive;

use super::board::{At, Board};
use super::capability::{
    decided_of, default_mover_name, default_options, default_play_checked, default_player_name,
    default_title, no_misere_form,
};
use super::{
    Convention, Explanation, GameResult, IllegalMove, Listing, Positions, Ruleset, Unsolved,
    WinTable,
};
use crate::game::Player;
use crate::sequence::SequenceSpec;
use crate::values::Value;

/// Every ruleset's capabilities as methods, for the code that serves any game
/// (the engines, analysis, play, verify, the front ends). Implemented for every
/// [`Ruleset`]; a game implements the capability traits of
/// [`capability`](super::capability) instead.
pub trait RulesetExt: Ruleset {
    /// The game with its parameters, e.g. `pawns (step 2)`.
    fn title(&self) -> String {
        match self.capabilities().presentation {
            Some(c) => c.title(),
            None => default_title(self.name(), &self.parameters()),
        }
    }

    /// `Some(wins)` when the game is over at `pos` as a win or loss for `to_move`
    /// ([`Ruleset::end`]); `None` while it goes on, and for a tie.
    fn decided(&self, pos: &Self::Position, to_move: Player) -> Option<bool> {
        decided_of(self.end(pos, to_move))
    }

    /// Whether a game can end in a tie.
    fn can_tie(&self) -> bool {
        self.capabilities().ties
    }

    /// Whether a position can come back.
    fn can_cycle(&self) -> bool {
        self.capabilities().cycles
    }

    /// The play convention.
    fn convention(&self) -> Convention {
        self.capabilities().convention
    }

    /// How a player is called ([`Presentation::player_name`](super::Presentation::player_name)).
    fn player_name(&self, player: Player, first: Player) -> String {
        match self.capabilities().presentation {
            Some(c) => c.player_name(player, first),
            None => default_player_name(self.kind(), player, first),
        }
    }

    /// How the player to move at `pos` is called in the game's own terms
    /// ([`Presentation::mover_name`](super::Presentation::mover_name)).
    fn mover_name(&self, pos: &Self::Position, to_move: Player) -> String {
        match self.capabilities().presentation {
            Some(c) => c.mover_name(pos, to_move),
            None => default_mover_name(self.kind(), || {
                default_player_name(self.kind(), to_move, to_move)
            }),
        }
    }

    /// The position drawn for a terminal.
    fn drawing(&self, pos: &Self::Position) -> String {
        match self.capabilities().presentation {
            Some(c) => c.drawing(pos),
            None => self.show_position(pos),
        }
    }

    /// Why the game ended at `pos`, for a person
    /// ([`Presentation::ending`](super::Presentation::ending)).
    fn ending(
        &self,
        pos: &Self::Position,
        to_move: Player,
        to_move_name: &str,
        last_mover: Option<&str>,
    ) -> Option<String> {
        self.capabilities()
            .presentation?
            .ending(pos, to_move, to_move_name, last_mover)
    }

    /// The reduction of `pos` in data and sentences.
    fn explain(&self, pos: &Self::Position, to_move: Player, limit: usize) -> Option<Explanation> {
        self.capabilities()
            .presentation?
            .explain(pos, to_move, limit)
    }

    /// The position drawn as data for the web playground.
    fn board(&self, pos: &Self::Position) -> Option<Board> {
        self.capabilities().web_board?.board(pos)
    }

    /// The spots of the board that `mv` touches.
    fn touches(&self, pos: &Self::Position, mv: &Self::Move) -> Vec<At> {
        match self.capabilities().web_board {
            Some(c) => c.touches(pos, mv),
            None => Vec::new(),
        }
    }

    /// The position after a person clicks spot `at`.
    fn edit(&self, pos: &Self::Position, at: At) -> Option<Self::Position> {
        self.capabilities().web_board?.edit(pos, at)
    }

    /// The first `limit` legal moves of `player`, without listing the rest where the
    /// game can ([`ManyMoves`](super::ManyMoves)).
    fn first_moves(&self, pos: &Self::Position, player: Player, limit: usize) -> Vec<Self::Move> {
        match self.capabilities().many_moves {
            Some(c) => c.first_moves(pos, player, limit),
            None => {
                let mut moves = self.moves(pos, player);
                moves.truncate(limit);
                moves
            }
        }
    }

    /// How many legal moves `to_move` has, where the game counts them.
    fn move_count(&self, pos: &Self::Position, to_move: Player) -> Option<u128> {
        self.capabilities().many_moves?.move_count(pos, to_move)
    }

    /// The position `mv` of `player` leads to, or why `mv` is not legal in `pos`.
    fn play_checked(
        &self,
        pos: &Self::Position,
        player: Player,
        mv: &Self::Move,
    ) -> Result<Self::Position, IllegalMove> {
        match self.capabilities().many_moves {
            Some(c) => c.play_checked(pos, player, mv),
            None => default_play_checked(self, pos, player, mv),
        }
    }

    /// The tier of `pos`, for a game with [`Tiers`](super::Tiers).
    fn tier(&self, pos: &Self::Position) -> Option<u32> {
        self.capabilities().tiers?.tier(pos)
    }

    /// The result of `pos` by the game's own solver ([`OwnSolver`](super::OwnSolver)).
    fn result(
        &self,
        pos: &Self::Position,
        to_move: Player,
    ) -> Result<(GameResult, Option<u32>), Unsolved> {
        match self.capabilities().solver {
            Some(c) => c.result(pos, to_move),
            None => Err(Unsolved::no_closed_form(self.name())),
        }
    }

    /// How the game's own solver finds its answer.
    fn result_method(&self) -> &'static str {
        match self.capabilities().solver {
            Some(c) => c.result_method(),
            None => "the ruleset's closed form",
        }
    }

    /// The positions `player` can move to from `pos` ([`Parts::options`](super::Parts::options)).
    fn options(&self, pos: &Self::Position, player: Player) -> Vec<Self::Position> {
        match self.capabilities().parts {
            Some(c) => c.options(pos, player),
            None => default_options(self, pos, player),
        }
    }

    /// Independent parts of `pos` ([`Parts::components`](super::Parts::components)).
    fn components(&self, pos: &Self::Position) -> Vec<Self::Position> {
        match self.capabilities().parts {
            Some(c) => c.components(pos),
            None => vec![pos.clone()],
        }
    }

    /// A representative of the symmetry class of `pos`
    /// ([`Parts::normalize`](super::Parts::normalize)).
    fn normalize(&self, pos: &Self::Position) -> (Self::Position, bool) {
        match self.capabilities().parts {
            Some(c) => c.normalize(pos),
            None => (pos.clone(), false),
        }
    }

    /// A representative as one word ([`Parts::word`](super::Parts::word)).
    fn word(&self, rep: &Self::Position) -> Option<u64> {
        self.capabilities().parts?.word(rep)
    }

    /// The value of `pos` by the closed form, or why it is not known.
    fn value(&self, pos: &Self::Position) -> Result<Value, Unsolved> {
        match self.capabilities().closed_form {
            Some(c) => c.value(pos),
            None => Err(Unsolved::no_closed_form(self.name())),
        }
    }

    /// Whether `to_move` wins `pos` moving first: at once where the game is over,
    /// else by the closed form.
    fn wins(&self, pos: &Self::Position, to_move: Player) -> Result<bool, Unsolved> {
        if let Some(wins) = self.decided(pos, to_move) {
            return Ok(wins);
        }
        match self.capabilities().closed_form {
            Some(c) => c.wins(pos, to_move),
            None => Err(Unsolved::no_closed_form(self.name())),
        }
    }

    /// Every winning move of `to_move` from `pos`, by the closed form.
    fn winning_moves(
        &self,
        pos: &Self::Position,
        to_move: Player,
    ) -> Result<Vec<Self::Move>, Unsolved> {
        match self.capabilities().closed_form {
            Some(c) => c.winning_moves(pos, to_move),
            None => Err(Unsolved::no_closed_form(self.name())),
        }
    }

    /// The first `limit` winning moves and how many there are, by the closed form.
    fn winning_listing(
        &self,
        pos: &Self::Position,
        to_move: Player,
        limit: usize,
    ) -> Result<Listing<Self::Move>, Unsolved> {
        match self.capabilities().closed_form {
            Some(c) => c.winning_listing(pos, to_move, limit),
            None => Err(Unsolved::no_closed_form(self.name())),
        }
    }

    /// A legal move to play when every move loses and the position is too big for
    /// the longest resistance to be found.
    fn stalling_move(&self, pos: &Self::Position, to_move: Player) -> Option<Self::Move> {
        match self.capabilities().closed_form {
            Some(c) => c.stalling_move(pos, to_move),
            None => self.first_moves(pos, to_move, 1).into_iter().next(),
        }
    }

    /// What a size counts, for verify.
    fn size_unit(&self) -> &'static str {
        match self.capabilities().enumerate {
            Some(c) => c.size_unit(),
            None => "moves",
        }
    }

    /// The sizes verify can list.
    fn sizes(&self) -> RangeInclusive<usize> {
        match self.capabilities().enumerate {
            Some(c) => c.sizes(),
            None => 0..=0,
        }
    }

    /// The positions of `size`; `None` when the game does not list them.
    fn positions(&self, size: usize) -> Option<Positions<'_, Self::Position>> {
        self.capabilities().enumerate?.positions(size)
    }

    /// Who wins every position of `size`, by the game's own exhaustive solver.
    fn win_table(&self, size: usize) -> Option<WinTable<'_, Self::Position>> {
        self.capabilities().enumerate?.win_table(size)
    }

    /// The misère Grundy value of `pos` by the misère closed form.
    fn misere_grundy(&self, pos: &Self::Position) -> Result<u128, Unsolved> {
        match self.capabilities().misere {
            Some(c) => c.misere_grundy(pos),
            None => Err(no_misere_form(self.name())),
        }
    }

    /// Whether the player to move wins `pos` under misère play, by the misère
    /// closed form.
    fn misere_wins(&self, pos: &Self::Position) -> Result<bool, Unsolved> {
        match self.capabilities().misere {
            Some(c) => c.misere_wins(pos),
            None => Err(no_misere_form(self.name())),
        }
    }

    /// Every winning move of `pos` under misère play, by the misère closed form.
    fn misere_winning_moves(&self, pos: &Self::Position) -> Result<Vec<Self::Move>, Unsolved> {
        match self.capabilities().misere {
            Some(c) => c.misere_winning_moves(pos),
            None => Err(no_misere_form(self.name())),
        }
    }

    /// The misère reduction of `pos`.
    fn misere_explain(&self, pos: &Self::Position, limit: usize) -> Option<Explanation> {
        self.capabilities().misere?.misere_explain(pos, limit)
    }

    /// The Grundy sequence of a single heap, for a heap game.
    fn heap_sequence(&self) -> Option<SequenceSpec<'_>> {
        self.capabilities().heap_sequence?.heap_sequence()
    }
}

impl<R: Ruleset + ?Sized> RulesetExt for R {}
