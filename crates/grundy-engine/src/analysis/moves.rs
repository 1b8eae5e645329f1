//! Every legal move with what it is worth to the player who makes it.
//!
//! The win/loss and value of each move come from a ruleset's closed form, so they are
//! exact at any size. The remoteness (how many moves remain under best play, the
//! winner hurrying and the loser stalling) comes from the exhaustive engine, and only
//! where the game below the position is small enough to solve: it is left out
//! otherwise, never guessed.

use serde::Serialize;

use super::draw_engines::DrawEngines;
use super::route::{self, Asked, Engine};
use crate::engine::budget::Budget;
use crate::engine::remoteness::{PartizanRemotenessSolver, RemotenessSolver};
use crate::engine::GameResult;
use crate::game::Player;
use crate::ruleset::RulesetExt;
use crate::ruleset::{AsImpartial, AsPartizan, Convention, Kind, Ruleset, Unsolved};
use crate::values::Value;

/// One legal move and its worth to the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValue {
    /// The move, in the ruleset's move notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after the move, in the ruleset's notation.
    pub after: String,
    /// Whether the player who makes the move wins (the opponent, then to move, loses).
    pub wins: bool,
    /// The value of the position after the move (`None`, JSON `null`, under misère
    /// play, where positions have no game value, see `misere_grundy_after`, and in a
    /// game with ties or cycles, which has no normal-play value).
    pub value_after: Option<Value>,
    /// Under misère play, the misère Grundy value after the move where it is known
    /// (absent under normal play).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misere_grundy_after: Option<u128>,
    /// The remoteness of the position after the move, with the opponent to move:
    /// how many moves are left under best play. `None` (in JSON `null`) when finding
    /// it would have passed the search budget ([`Budget`]).
    pub remoteness: Option<u32>,
    /// How many moves the game lasts under best play from this move, the move
    /// included ([`moves_left_after_move`](crate::engine::remoteness::Remoteness::moves_left_after_move)): what "wins in N" counts.
    /// `None` with the remoteness.
    pub moves_left: Option<u32>,
    /// The result for the player who makes the move: `win`, `lose`, `tie` or
    /// `draw` (under normal play `win` exactly when `wins`).
    pub result: GameResult,
}

/// The remoteness of a position from every one of its legal moves, each given as
/// whether it wins for the player making it and how many moves the game lasts from
/// it, that move included ([`MoveValue::moves_left`], [`Hint`](crate::play::Hint)`::moves_left`):
/// the quickest winning move, or when every move loses the longest; 0 with no move.
/// `None` when a count is unknown. The one function the reports of a position's
/// remoteness (analyze `--moves`, play) call.
pub fn position_remoteness(moves: impl IntoIterator<Item = (bool, Option<u32>)>) -> Option<u32> {
    let mut quickest_win: Option<u32> = None;
    let mut longest_loss = 0;
    for (wins, left) in moves {
        let left = left?;
        if wins {
            quickest_win = Some(quickest_win.map_or(left, |q| q.min(left)));
        } else {
            longest_loss = longest_loss.max(left);
        }
    }
    Some(quickest_win.unwrap_or(longest_loss))
}

/// The first `limit` legal moves (at most [`MAX_LISTED`](super::MAX_LISTED)) of
/// `to_move` from `pos`, each with its worth: win or
/// loss and the value after it from the closed form, and the remoteness from the
/// exhaustive engine, within `budget` for all the moves together (once it is spent,
/// the remoteness of the remaining moves is left out).
pub fn move_values<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    limit: usize,
    budget: Budget,
) -> Result<Vec<MoveValue>, Unsolved> {
    let limit = limit.min(super::MAX_LISTED);
    if route::ties_or_cycles(rules) {
        return DrawEngines::move_values(rules, pos, to_move, limit, budget);
    }
    let opponent = to_move.opponent();
    let mut budget = budget;
    let mut searching =
        !budget.is_spent() && route::takes(Engine::Remoteness, Asked::Moves, rules, pos);
    let mut out = Vec::new();
    let impartial = AsImpartial(rules);
    let partizan = AsPartizan(rules);
    let mut imp = RemotenessSolver::new(&impartial);
    let mut par = PartizanRemotenessSolver::new(&partizan);
    for mv in rules.first_moves(pos, to_move, limit) {
        let after = rules.play(pos, &mv);
        let opponent_wins = rules.wins(&after, opponent)?;
        let (value_after, misere_grundy_after) = if rules.convention() == Convention::Misere {
            let known = rules.value(&after).ok();
            (None, super::misere_grundy_of(rules, &after, known))
        } else {
            (Some(rules.value(&after)?), None)
        };
        let r = if searching {
            match rules.kind() {
                Kind::Impartial => imp.remoteness_within(&after, &mut budget),
                Kind::Partizan => par.remoteness_within(&after, opponent, &mut budget),
            }
        } else {
            None
        };
        searching &= r.is_some();
        if let Some(r) = r {
            debug_assert_eq!(r.to_move_wins(), opponent_wins, "closed form vs engine");
        }
        out.push(MoveValue {
            mv: mv.to_string(),
            after: rules.show_position(&after),
            wins: !opponent_wins,
            value_after,
            misere_grundy_after,
            remoteness: r.map(|r| r.moves()),
            moves_left: r.map(|r| r.moves_left_after_move()),
            result: GameResult::from_wins(!opponent_wins),
        });
    }
    Ok(out)
}
