//! The report that explains a position: who wins, the value, the reduction, and
//! every winning move.
//!
//! Every ruleset produces the same [`Analysis`], so the command line prints all games
//! alike and `--json` has one shape. The game-specific reduction (piles, Nim heaps,
//! reserves, ...) travels twice: as structured data in [`Analysis::reduction`] and as
//! sentences for a person in [`Analysis::explanation`].

use serde::Serialize;

use crate::values::Outcome;

pub mod moves;

pub use moves::{impartial_move_values, partizan_move_values, MoveValue};

/// Everything grundy can say about one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The ruleset's name, e.g. `pawns`.
    pub game: String,
    /// The ruleset's parameters in words, e.g. `step 2`; empty when it has none.
    pub rules: String,
    /// The position in the ruleset's notation.
    pub position: String,
    /// Who is to move, e.g. `A`, or `first player` in impartial games.
    pub to_move: String,
    /// Whether the player to move wins.
    pub to_move_wins: bool,
    /// Whether the other player would win moving first (partizan games only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_to_move_wins: Option<bool>,
    /// The outcome class of the position.
    pub outcome: Outcome,
    /// The game value: a nimber such as `*3`, or for partizan games e.g. `2 + *3`.
    pub value: String,
    /// The reduction as data; its shape depends on the game.
    pub reduction: serde_json::Value,
    /// The reduction in sentences, one per line.
    pub explanation: Vec<String>,
    /// How many winning moves the player to move has in all; `None` when they were
    /// not all counted (e.g. splits of a huge heap), then `winning_moves` is a part.
    pub winning_move_count: Option<u128>,
    /// The winning moves of the player to move, with the position each leads to, in
    /// the ruleset's move order: all of them, unless the analysis was asked to list at
    /// most a given number (then the first ones; see `winning_move_count`).
    pub winning_moves: Vec<MoveReport>,
}

/// One move and the position it leads to, both in the ruleset's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after the move, in the same notation as the input.
    pub after: String,
}
