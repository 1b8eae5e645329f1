//! The result of a position under best play, for games with ties and cycles: win,
//! lose, tie or draw for the player to move ([`GameResult`]), and the engine that
//! finds it, as a ruleset offers it ([`DrawSolver`], [`Ruleset::draws`](super::Ruleset::draws)).

use serde::Serialize;

use super::Unsolved;
use crate::budget::Budget;
use crate::game::Player;

/// The result of a position for the player to move, under best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// The player to move can force a win.
    Win,
    /// The other player can force a win.
    Lose,
    /// Neither can win, and the game ends in a tie (the rules say so, or the best
    /// either can force is a tie).
    Tie,
    /// Neither can force the game to end without losing it: it goes on forever.
    Draw,
}

impl GameResult {
    /// The result for the player who moved into a position whose result for the
    /// player to move is `self`: a win and a loss swap; a tie and a draw stay.
    pub fn for_mover(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Lose,
            GameResult::Lose => GameResult::Win,
            other => other,
        }
    }

    /// The result as a word: `win`, `lose`, `tie`, `draw`.
    pub fn word(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Lose => "lose",
            GameResult::Tie => "tie",
            GameResult::Draw => "draw",
        }
    }

    /// A win or a loss from whether the player to move wins (normal and misère play).
    pub fn from_wins(wins: bool) -> GameResult {
        if wins {
            GameResult::Win
        } else {
            GameResult::Lose
        }
    }

    /// The preference of the player to move, higher is better: win, tie, draw, loss
    /// (a finished game before endless play: the rule of step 3 of
    /// [`engine::retrograde`](crate::engine::retrograde)).
    pub fn rank(self) -> u8 {
        match self {
            GameResult::Win => 3,
            GameResult::Tie => 2,
            GameResult::Draw => 1,
            GameResult::Lose => 0,
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// A position solved with each of its moves.
#[derive(Clone, Debug)]
pub struct SolvedMoves<M> {
    /// The result for the player to move.
    pub result: GameResult,
    /// Its remoteness; `None` for a draw or where not found.
    pub remoteness: Option<u32>,
    /// Every legal move with its result for the mover and the remoteness of the
    /// position it leads to (with the other player to move), in move order.
    pub moves: Vec<(M, GameResult, Option<u32>)>,
    /// How it was solved, in words.
    pub solved_by: String,
}

/// The engine for games with ties or cycles (the retrograde and the tiered
/// solvers), compiled for one ruleset: what [`Ruleset::draws`](super::Ruleset::draws)
/// returns. Every ruleset implements it (`grundy_engine::analysis::draws`), but only
/// a ruleset that hands itself out there has it compiled.
pub trait DrawSolver<P, M> {
    /// `pos` with `to_move` to move and every move from it, solved by the retrograde
    /// engine within `budget` moves listed, or past it by the ruleset's own method
    /// ([`Ruleset::result`](super::Ruleset::result)).
    fn solve_moves(
        &self,
        pos: &P,
        to_move: Player,
        budget: Budget,
    ) -> Result<SolvedMoves<M>, Unsolved>;
}
