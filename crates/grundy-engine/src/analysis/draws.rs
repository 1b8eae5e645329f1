//! The analysis of a game with ties or cycles ([`can_tie`](crate::ruleset::RulesetExt::can_tie),
//! [`can_cycle`](crate::ruleset::RulesetExt::can_cycle)): the result of the position and of every move from the
//! engines of its [`route`], in order: the retrograde engine one tier at
//! a time ([`engine::tiers`](crate::engine::tiers)) or over every state
//! ([`engine::retrograde`](crate::engine::retrograde)), or where the position is too
//! big for them, the ruleset's own method ([`result`](crate::ruleset::RulesetExt::result)).

use super::route::{self, Asked, Engine};
use super::{Analysis, MoveReport, MoveValue, RETRO_BUDGET};
use crate::engine::retrograde::{solve, GameResult, RulesetStates, Solved, TooBig};
use crate::engine::tier_files::{Database, TierFileError};
use crate::engine::tiers::{solve_tiers, Keep, TierError, TieredSolved};
use crate::engine::{search, Budget};
use crate::game::Player;
use crate::ruleset::RulesetExt;
use crate::ruleset::{BestFound, Explanation, Kind, Ruleset, Unsolved, UnsolvedKind};
use crate::values::Outcome;
use grundy_values::deadline;
use std::time::Instant;

/// Positions whose game below may have more positions than this
/// ([`Ruleset::reach`], when known) are not tried by the retrograde engine: 2^30.
pub const RETRO_REACH: u128 = 1 << 30;

/// The player to move after `player` moves: the same one in an impartial game
/// (both have the same moves), the other in a partizan one.
pub fn next_player<R: Ruleset + ?Sized>(rules: &R, player: Player) -> Player {
    match rules.kind() {
        Kind::Impartial => player,
        Kind::Partizan => player.opponent(),
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
    /// The engine of the route that solved it.
    pub engine: Engine,
}

/// What the plain or the tiered engine solved.
enum Lookup<S> {
    Plain(Solved<S>),
    Tiered(TieredSolved<S>),
}

impl<S: Clone + Eq + std::hash::Hash> Lookup<S> {
    fn get(&self, state: &S) -> Option<(GameResult, Option<u32>)> {
        match self {
            Lookup::Plain(s) => s.get(state),
            Lookup::Tiered(s) => s.get(state),
        }
    }

    /// How many states were solved: the words are the same for both engines (the
    /// tiers change how the work is done, not what it finds).
    fn words(&self) -> String {
        let states = match self {
            Lookup::Plain(s) => s.states(),
            Lookup::Tiered(s) => s.states(),
        };
        format!("the retrograde engine over {states} positions")
    }
}

/// `pos` with `to_move` to move and every move from it, solved by the engines of
/// the route of `asked` in order: the retrograde engine within `budget` moves
/// listed (one tier at a time where the ruleset has tiers: the same answers, in
/// less memory, keeping only the root's tier and the next; bench/README.md), or past
/// it by [`result`](crate::ruleset::RulesetExt::result).
pub fn solve_moves<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    asked: Asked,
    budget: Budget,
) -> Result<SolvedMoves<R::Move>, Unsolved> {
    let moves = if rules.end(pos, to_move).is_some() {
        Vec::new()
    } else {
        rules.moves(pos, to_move)
    };
    let mut budget = budget;
    let listed = budget.left();
    let states = RulesetStates(rules);
    let root = (pos.clone(), to_move);
    // What the engines before the one that answers did: skipped for the size of
    // the game below, or gave up past the budget.
    let mut passed = Passed::default();
    for &engine in route::engines(asked, rules) {
        let check = route::check(engine, asked, rules, pos);
        if !check.takes() {
            passed.skipped(&check);
            continue;
        }
        let attempt = match engine {
            Engine::Tiers => match solve_tiers(&states, root.clone(), &mut budget, Keep::Root) {
                Ok(solved) => Ok(Lookup::Tiered(solved)),
                Err(TierError::TooBig(e)) => Err(e),
                Err(e) => return Err(Unsolved::failed(e.to_string())),
            },
            Engine::Retrograde => solve(&states, root.clone(), &mut budget).map(Lookup::Plain),
            Engine::Search => return searched(rules, pos, to_move, asked, budget),
            Engine::OwnSolver => return own_solver(rules, pos, to_move, moves, &passed),
            _ => continue,
        };
        match attempt {
            Ok(solved) => return looked_up(&solved, rules, pos, to_move, moves, engine),
            Err(e) => passed.gave_up(engine, &e, listed),
        }
    }
    Err(passed.failed(Unsolved::no_closed_form(rules.name())))
}

/// What the engines of a route did with a position before the one that answers (or
/// before the route ran out), in words: each skipped for the size of the game below
/// it (its estimate [`reach`](Ruleset::reach) past the engine's limit) or given up
/// past its budget. Engines whose other conditions do not hold (no tiers, no search
/// space of the game's own) are not for this game and go unsaid.
#[derive(Debug, Default)]
struct Passed {
    notes: Vec<String>,
}

impl Passed {
    /// `check`'s engine, not tried: said when the size of the game below is all that
    /// kept it out.
    fn skipped(&mut self, check: &route::Check) {
        let mut failing = check.conditions.iter().filter(|c| !c.holds());
        let all_size = failing
            .clone()
            .all(|c| matches!(c, route::Condition::Reach { .. }));
        let Some(route::Condition::Reach {
            reach, name, limit, ..
        }) = failing.next()
        else {
            return;
        };
        if !all_size {
            return;
        }
        let size = if *reach == u128::MAX {
            "the size of the game below this position is unknown".to_owned()
        } else {
            format!(
                "the game below this position has up to {reach} positions by its size \
                 estimate, past the engine's limit of {limit} ({name})"
            )
        };
        self.notes.push(format!(
            "the {} engine was skipped: {size}",
            check.engine.name()
        ));
    }

    /// `engine` tried and stopped past its budget of `listed` moves.
    fn gave_up(&mut self, engine: Engine, too_big: &TooBig, listed: u64) {
        self.notes.push(format!(
            "the {} engine gave up after {} positions, past its budget of {listed} moves \
             listed",
            engine.name(),
            too_big.states
        ));
    }

    /// Why the position was not solved: what the engines did, and `why` the last
    /// way (the ruleset's own method, or none) gave no answer.
    fn failed(&self, why: Unsolved) -> Unsolved {
        if self.notes.is_empty() {
            return why;
        }
        let stopped =
            Unsolved::past_limit(format!("{}; and {}", self.notes.join("; "), why.reason));
        stopped.of_kind_or(why.kind)
    }
}

/// `pos` and its moves by alpha-beta search over the game's own space
/// ([`OwnSearch`](crate::ruleset::OwnSearch)) with a table of the thread's
/// [`memory`](search::memory): within the thread's deadline for the analysis, and
/// within `budget` positions for `--moves` and play.
///
/// Under a deadline (a time limit) the analysis' exact search gets three quarters of
/// the time left; if that does not finish, searches of growing depth spend the next
/// three sixteenths finding the best move they can (the last sixteenth is left for
/// the answer to reach its reader), and the refusal carries it ([`BestFound`]),
/// never a result: a front end shows it as "best found, not proven".
fn searched<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    asked: Asked,
    budget: Budget,
) -> Result<SolvedMoves<R::Move>, Unsolved> {
    let caps = rules.capabilities();
    let own = caps
        .search
        .ok_or_else(|| Unsolved::failed("the game has no search space of its own"))?;
    let nodes = match asked {
        Asked::Analyze => u64::MAX,
        Asked::Moves | Asked::Play => budget.left(),
    };
    let memory = search::memory();
    let at = deadline::current().filter(|_| asked == Asked::Analyze && !deadline::cancelled());
    // The thread's progress reporter, if a front end set one, hears the nodes.
    let mut report = search::report_progress;
    let solved = match at {
        None => own.search(pos, to_move, memory, nodes, Some(&mut report))?,
        Some(at) => {
            let now = Instant::now();
            let left = at.saturating_duration_since(now);
            let (exact_end, guess_end) = (now + left * 3 / 4, now + left * 15 / 16);
            let exact = || own.search(pos, to_move, memory, nodes, Some(&mut report));
            match deadline::within(exact_end, exact) {
                Ok(solved) => solved,
                Err(e) if e.kind == UnsolvedKind::OverTime && !deadline::cancelled() => {
                    let guess = deadline::within(guess_end, || {
                        own.guess(pos, to_move, memory, nodes, false)
                    })?;
                    let Some(mv) = guess.best else {
                        return Err(e);
                    };
                    return Err(e.with_best_found(BestFound {
                        mv: mv.to_string(),
                        after: rules.show_position(&rules.play(pos, &mv)),
                        depth: guess.depth,
                    }));
                }
                Err(e) => return Err(e),
            }
        }
    };
    Ok(SolvedMoves {
        result: solved.result,
        remoteness: solved.remoteness,
        moves: solved.moves,
        solved_by: format!(
            "alpha-beta search over {} positions with a transposition table of {} bytes",
            solved.nodes, solved.table_bytes
        ),
        engine: Engine::Search,
    })
}

/// `pos` with `to_move` to move and its `moves`, looked up in what `engine` solved.
fn looked_up<R: Ruleset + ?Sized>(
    solved: &Lookup<(R::Position, Player)>,
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    moves: Vec<R::Move>,
    engine: Engine,
) -> Result<SolvedMoves<R::Move>, Unsolved> {
    let missing = || Unsolved::failed("the retrograde engine did not solve a position it reached");
    let (result, remoteness) = solved.get(&(pos.clone(), to_move)).ok_or_else(missing)?;
    let next = next_player(rules, to_move);
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let after = (rules.play(pos, &mv), next);
        let (r, m) = solved.get(&after).ok_or_else(missing)?;
        out.push((mv, r.for_mover(), m));
    }
    Ok(SolvedMoves {
        result,
        remoteness,
        moves: out,
        solved_by: solved.words(),
        engine,
    })
}

/// `pos` and its `moves` by the ruleset's own method, past the retrograde engines
/// (`passed` says what they did), checked against its moves.
fn own_solver<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    moves: Vec<R::Move>,
    passed: &Passed,
) -> Result<SolvedMoves<R::Move>, Unsolved> {
    let next = next_player(rules, to_move);
    let own =
        |p: &R::Position, player: Player| rules.result(p, player).map_err(|why| passed.failed(why));
    let (result, remoteness) = own(pos, to_move)?;
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let (r, m) = own(&rules.play(pos, &mv), next)?;
        out.push((mv, r.for_mover(), m));
    }
    if let Some(why) = disagreement(result, remoteness, &out) {
        return Err(Unsolved::failed(format!(
            "{}: {why}",
            rules.result_method()
        )));
    }
    Ok(SolvedMoves {
        result,
        remoteness,
        moves: out,
        solved_by: rules.result_method().to_owned(),
        engine: Engine::OwnSolver,
    })
}

/// Where a position's result and remoteness, found by a ruleset's own method, are
/// not what its moves' imply, in words: the best move's result must be the
/// position's, and where every move's remoteness is known, the position's must be
/// one more than the quickest winning move's (a win), the slowest move's (a loss) or
/// the quickest tying move's (a tie). `moves` holds each move's result for the mover
/// and the remoteness of the position it leads to.
fn disagreement<M>(
    result: GameResult,
    remoteness: Option<u32>,
    moves: &[(M, GameResult, Option<u32>)],
) -> Option<String> {
    let best = moves.iter().map(|m| m.1).max_by_key(|r| r.rank())?;
    if best != result {
        return Some(format!(
            "the position's result ({result}) and its best move's ({best}) disagree"
        ));
    }
    let mine = remoteness?;
    let after: Option<Vec<(GameResult, u32)>> =
        moves.iter().map(|m| m.2.map(|d| (m.1, d))).collect();
    let after = after?;
    let of_best = after.iter().filter(|m| m.0 == best).map(|m| m.1);
    let want = match result {
        GameResult::Lose => after.iter().map(|m| m.1).max(),
        GameResult::Win | GameResult::Tie => of_best.min(),
        GameResult::Draw => return Some("a draw has no remoteness".to_owned()),
    }? + 1;
    (want != mine).then(|| {
        format!(
            "the position's remoteness ({mine}) is not one more than its best move's \
             ({})",
            want - 1
        )
    })
}

/// The analysis of `pos` (see the [module docs](self)), at most `limit` moves listed,
/// with the engine that answered.
pub fn analyze<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    limit: usize,
) -> Result<(Analysis, Engine), Unsolved> {
    let budget = Budget::moves(RETRO_BUDGET);
    let solved = solve_moves(rules, pos, to_move, Asked::Analyze, budget)?;
    let other = match rules.kind() {
        Kind::Impartial => None,
        Kind::Partizan => {
            Some(solve_moves(rules, pos, to_move.opponent(), Asked::Analyze, budget)?.result)
        }
    };
    Ok(analysis_of(rules, pos, to_move, limit, solved, other))
}

/// `pos` with `to_move` to move answered from the tier files of `db` alone
/// ([`tier_files`](crate::engine::tier_files)): its result and remoteness, and every
/// move's, each looked up in its tier's file; nothing is searched. The analysis has
/// the shape [`analyze`] gives, `solved_by` naming the database.
pub fn analyze_from_db<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    limit: usize,
    db: &mut Database<'_, R>,
) -> Result<Analysis, TierFileError> {
    let (result, remoteness) = db.get(pos, to_move)?;
    let moves = if rules.end(pos, to_move).is_some() {
        Vec::new()
    } else {
        rules.moves(pos, to_move)
    };
    let next = next_player(rules, to_move);
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let (r, m) = db.get(&rules.play(pos, &mv), next)?;
        out.push((mv, r.for_mover(), m));
    }
    let other = match rules.kind() {
        Kind::Impartial => None,
        Kind::Partizan => match db.get(pos, to_move.opponent()) {
            Ok((r, _)) => Some(r),
            Err(TierFileError::Missing { .. }) => None,
            Err(e) => return Err(e),
        },
    };
    let solved = SolvedMoves {
        result,
        remoteness,
        moves: out,
        solved_by: format!(
            "the tier database {} ({} tier files read, nothing searched)",
            db.dir().display(),
            db.files_read()
        ),
        engine: Engine::Tiers,
    };
    Ok(analysis_of(rules, pos, to_move, limit, solved, other).0)
}

/// The analysis of `pos` from `solved`, its moves solved, and `other`, the result
/// with the other player to move (a partizan game).
fn analysis_of<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    limit: usize,
    solved: SolvedMoves<R::Move>,
    other: Option<GameResult>,
) -> (Analysis, Engine) {
    let outcome = match (solved.result, other) {
        (GameResult::Win, None) => Some(Outcome::N),
        (GameResult::Lose, None) => Some(Outcome::P),
        (mine, Some(theirs)) => {
            let wins = |r: GameResult| match r {
                GameResult::Win => Some(true),
                GameResult::Lose => Some(false),
                _ => None,
            };
            match (wins(mine), wins(theirs)) {
                (Some(a), Some(b)) => Some(match to_move {
                    Player::Left => Outcome::from_wins(a, b),
                    Player::Right => Outcome::from_wins(b, a),
                }),
                _ => None,
            }
        }
        _ => None,
    };
    let report = |mv: &R::Move| MoveReport {
        mv: mv.to_string(),
        after: rules.show_position(&rules.play(pos, mv)),
    };
    let of = |wanted: GameResult| -> Vec<&R::Move> {
        solved
            .moves
            .iter()
            .filter(|m| m.1 == wanted)
            .map(|m| &m.0)
            .collect()
    };
    let winning = of(GameResult::Win);
    // The best moves keep the result and the remoteness: a winner's quickest wins, a
    // loser's longest stalls, a tie's quickest ties.
    let best: Vec<&R::Move> = solved
        .moves
        .iter()
        .filter(|m| m.1 == solved.result)
        .filter(|m| match (solved.remoteness, m.2) {
            (Some(mine), Some(after)) => after + 1 == mine,
            _ => true,
        })
        .map(|m| &m.0)
        .collect();
    let Explanation {
        reduction,
        sentences,
    } = rules.explain(pos, to_move, limit).unwrap_or(Explanation {
        reduction: serde_json::Value::Null,
        sentences: Vec::new(),
    });
    let analysis = Analysis {
        game: rules.name().to_owned(),
        parameters: rules.parameters(),
        position: rules.show_position(pos),
        to_move: rules.mover_name(pos, to_move),
        to_move_wins: solved.result == GameResult::Win,
        other_to_move_wins: other.map(|r| r == GameResult::Win),
        other_to_move_result: other,
        outcome,
        value: None,
        value_unknown: Some(format!("{} (see result)", super::NO_VALUE_WITH_DRAWS)),
        convention: None,
        misere_grundy: None,
        canonical: None,
        reduction,
        explanation: sentences,
        winning_move_count: Some(winning.len() as u128),
        winning_moves: winning.into_iter().take(limit).map(report).collect(),
        result: solved.result,
        remoteness: solved.remoteness,
        best_moves: best.into_iter().take(limit).map(report).collect(),
        solved_by: Some(solved.solved_by),
    };
    (analysis, solved.engine)
}

/// The first `limit` legal moves with their result for the mover and remoteness,
/// solved within `budget` (past it by [`result`](crate::ruleset::RulesetExt::result), with remoteness where it
/// finds it).
pub fn move_values<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    limit: usize,
    budget: Budget,
) -> Result<Vec<MoveValue>, Unsolved> {
    let solved = solve_moves(rules, pos, to_move, Asked::Moves, budget)?;
    Ok(solved
        .moves
        .into_iter()
        .take(limit)
        .map(|(mv, result, remoteness)| MoveValue {
            after: rules.show_position(&rules.play(pos, &mv)),
            mv: mv.to_string(),
            wins: result == GameResult::Win,
            value_after: None,
            misere_grundy_after: None,
            remoteness,
            moves_left: remoteness.map(|r| r + 1),
            result,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::disagreement;
    use crate::engine::retrograde::GameResult::{self, Draw, Lose, Tie, Win};

    fn moves(list: &[(GameResult, Option<u32>)]) -> Vec<((), GameResult, Option<u32>)> {
        list.iter().map(|&(r, d)| ((), r, d)).collect()
    }

    #[test]
    fn a_ruleset_method_is_checked_against_its_moves() {
        let m = moves(&[(Win, Some(4)), (Win, Some(2)), (Lose, Some(7))]);
        assert_eq!(disagreement(Win, Some(3), &m), None);
        assert_eq!(disagreement(Win, None, &m), None);
        assert!(disagreement(Win, Some(5), &m)
            .unwrap()
            .contains("remoteness (5)"));
        assert!(disagreement(Tie, Some(3), &m).unwrap().contains("disagree"));
        let m = moves(&[(Lose, Some(4)), (Lose, Some(8))]);
        assert_eq!(disagreement(Lose, Some(9), &m), None);
        assert!(disagreement(Lose, Some(5), &m).is_some());
        let m = moves(&[(Tie, Some(4)), (Lose, Some(1)), (Tie, Some(6))]);
        assert_eq!(disagreement(Tie, Some(5), &m), None);
        // A move whose remoteness is unknown leaves the remoteness unchecked.
        let m = moves(&[(Tie, Some(4)), (Lose, None)]);
        assert_eq!(disagreement(Tie, Some(9), &m), None);
        assert!(disagreement(Draw, Some(1), &moves(&[(Draw, None)])).is_none());
        assert!(disagreement(Draw, Some(1), &moves(&[(Draw, Some(0))]))
            .unwrap()
            .contains("draw"));
        assert_eq!(disagreement(Lose, Some(0), &moves(&[])), None);
    }
}
