//! The result of a position under best play, for games with ties and cycles: win,
//! lose, tie or draw for the player to move ([`GameResult`]).

use serde::{Deserialize, Serialize};

/// A position and each of its moves solved by a search ([`OwnSearch`](super::OwnSearch)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched<M> {
    /// The result for the player to move.
    pub result: GameResult,
    /// Its remoteness (a tie's where the game fixes it).
    pub remoteness: Option<u32>,
    /// Every legal move, in the game's order, with its result for the player who
    /// makes it and the remoteness of the position it leads to.
    pub moves: Vec<(M, GameResult, Option<u32>)>,
    /// The nodes visited.
    pub nodes: u64,
    /// The bytes of the transposition table.
    pub table_bytes: u64,
}

/// A position's best move as far as a search found it within its limits
/// ([`OwnSearch::guess`](super::OwnSearch::guess)): proven, or the best move of the
/// deepest search completed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guess<M> {
    /// The move; `None` when the game is over.
    pub best: Option<M>,
    /// The position's result and remoteness (a tie's where the game fixes it) when
    /// the move is proven to keep them; `None` when it is only the best found.
    pub proven: Option<(GameResult, Option<u32>)>,
    /// The deepest search to a fixed depth completed, in moves (0: none).
    pub depth: u32,
    /// The nodes visited.
    pub nodes: u64,
}

/// The result of a position for the player to move, under best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
