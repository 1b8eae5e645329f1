//! Every move of a position ranked best first with its result and length, by the
//! engines of a question's route; and a position's remoteness from its moves'.

use crate::analysis::draw_engines::DrawEngines;
use crate::analysis::route::{self, Asked, Engine};
use crate::engine::budget::Budget;
use crate::engine::remoteness::{PartizanRemotenessSolver, Remoteness, RemotenessSolver};
use crate::engine::retrograde::{rank_moves, GameResult};
use crate::game::Player;
use crate::ruleset::{AsImpartial, AsPartizan, Kind, Ruleset, Unsolved};

/// A move with its result for the mover and how many moves the game lasts from it
/// (the move included), where counted.
pub type Ranked<M> = (M, GameResult, Option<u32>);

/// The remoteness of a position from its moves, each given as its result for the
/// mover and how many moves the game lasts from it, that move included: the best
/// result's quickest win or tie, or its longest loss; `None` for a draw or when a
/// count it needs is unknown; 0 with no move.
pub fn best_remoteness(moves: impl IntoIterator<Item = (GameResult, Option<u32>)>) -> Option<u32> {
    let moves: Vec<(GameResult, Option<u32>)> = moves.into_iter().collect();
    let Some(best) = moves.iter().map(|m| m.0).max_by_key(|r| r.rank()) else {
        return Some(0);
    };
    let mut counts = moves.iter().filter(|m| m.0 == best).map(|m| m.1);
    match best {
        GameResult::Draw => None,
        GameResult::Lose => counts.try_fold(0, |acc, m| Some(acc.max(m?))),
        _ => counts.try_fold(u32::MAX, |acc, m| Some(acc.min(m?))),
    }
}

/// Every move of `mover` from `pos` with its result for the mover and how many moves
/// the game lasts from it (the move included), best first, by the engines of the
/// route of `asked` within `budget`; or why they did not answer.
///
/// In a game with ties or cycles: the retrograde engine, or past its budget the
/// ruleset's own method or search (the search without a node limit when `asked`
/// is [`Asked::Analyze`]); otherwise the memoised engine with remoteness, on a
/// position it takes.
pub fn ranked_moves<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    mover: Player,
    asked: Asked,
    budget: Budget,
) -> Result<Vec<Ranked<R::Move>>, Unsolved> {
    if route::ties_or_cycles(rules) {
        let solved = DrawEngines::solve_moves(rules, pos, mover, asked, budget)?;
        let moves = solved
            .moves
            .into_iter()
            .map(|(mv, r, m)| (mv, r, m.map(|m| m + 1)))
            .collect();
        return Ok(rank_moves(moves));
    }
    if !route::takes(Engine::Remoteness, asked, rules, pos) {
        return Err(Unsolved::past_limit(
            "the position is too big for the exhaustive engine with remoteness",
        ));
    }
    let mut left = budget;
    let ranked = match rules.kind() {
        Kind::Impartial => {
            let game = AsImpartial(rules);
            RemotenessSolver::new(&game).ranked_moves_within(pos, &mut left)
        }
        Kind::Partizan => {
            let game = AsPartizan(rules);
            PartizanRemotenessSolver::new(&game).ranked_moves_within(pos, mover, &mut left)
        }
    }
    .ok_or_else(|| {
        Unsolved::over_budget(format!(
            "the exhaustive engine passed its budget of {} moves",
            budget.left()
        ))
    })?;
    Ok(ranked
        .into_iter()
        .map(|(mv, after): (R::Move, Remoteness)| {
            (
                mv,
                GameResult::from_wins(!after.to_move_wins()),
                Some(after.moves_left_after_move()),
            )
        })
        .collect())
}
