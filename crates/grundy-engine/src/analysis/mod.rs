//! The report that explains a position: who wins, the value, the reduction, and
//! every winning move.
//!
//! Every ruleset produces the same [`Analysis`], so the command line prints all games
//! alike and `--json` has one shape. The game-specific reduction (piles, Nim heaps,
//! reserves, ...) travels twice: as structured data in [`Analysis::reduction`] and as
//! sentences for a person in [`Analysis::explanation`].

use serde::Serialize;

use crate::engine::remoteness::{PartizanRemotenessSolver, RemotenessSolver};
use crate::engine::GameResult;
use crate::engine::ImpartialSolver;
use crate::game::Player;
use crate::ruleset::AsPartizan;
use crate::ruleset::RulesetExt;
use crate::ruleset::{
    outcome_of, AsImpartial, Convention, Explanation, Kind, Listing, Ruleset, Unsolved,
};
use crate::values::{Nimber, Outcome, Value};

pub mod canonical;
pub mod draw_engines;
pub mod draws;
pub mod moves;
pub mod ranked;
pub mod route;

pub use canonical::CanonicalReport;
pub use draw_engines::{draw_engines, DrawEngines};
pub use moves::{move_values, MoveValue};
pub use route::{Asked, Engine};

/// Everything grundy can say about one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The ruleset's name, e.g. `pawns`.
    pub game: String,
    /// The game's parameters in words, e.g. `step 2` (pawns) or `code 0.77` (octal);
    /// empty when the game has none (its title is `game (parameters)`).
    pub parameters: String,
    /// The position in the ruleset's notation.
    pub position: String,
    /// Who is to move, in the game's own terms
    /// ([`mover_name`](crate::ruleset::Presentation::mover_name)): e.g. `A`,
    /// `Left (vertical)`, tic-tac-toe's `o`, or `first player` in an impartial game
    /// whose position does not name the mover.
    pub to_move: String,
    /// Whether the player to move wins.
    pub to_move_wins: bool,
    /// Whether the other player would win moving first (partizan games only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_to_move_wins: Option<bool>,
    /// The result for the other player moving first: `win`, `lose`, `tie` or `draw`
    /// (partizan games only; `other_to_move_wins` is whether it is `win`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_to_move_result: Option<GameResult>,
    /// The outcome class of the position; `None` (JSON `null`) where a tie or a draw
    /// is in play, which no class describes (see `result`).
    pub outcome: Option<Outcome>,
    /// The game value: a nimber such as `*3`, or for partizan games e.g. `2 + *3`
    /// (in JSON, that notation as a string). `None` (JSON `null`) where only the value
    /// is unknown: who wins and the winning moves are exact all the same (Wythoff's
    /// game beyond the heaps its values are computed for).
    pub value: Option<Value>,
    /// Why the value is unknown, when it is (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_unknown: Option<String>,
    /// `"misere"` under misère play (the last player to move loses); absent under
    /// normal play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub convention: Option<&'static str>,
    /// Under misère play, the position's misère Grundy value: 0 exactly when the
    /// player to move loses (see [`misere`](crate::misere)); absent under normal play,
    /// and where only who wins is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misere_grundy: Option<u128>,
    /// For a partizan value: its canonical form and invariants (in JSON, the fields
    /// `canonical_form`, `explicit`, `left_stop`, `right_stop`, `mean`,
    /// `temperature` and `birthday` of the analysis itself; absent for impartial
    /// games).
    #[serde(flatten)]
    pub canonical: Option<CanonicalReport>,
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
    /// The result for the player to move: `win`, `lose`, `tie` or `draw` (in every
    /// game; under normal and misère play `win` exactly when `to_move_wins`).
    pub result: GameResult,
    /// How many moves the game lasts under best play (the winner hurrying, the loser
    /// stalling, a tie reached by the fewest moves); `None` (JSON `null`) for a draw,
    /// and where finding it would pass the search's budget
    /// ([`REMOTENESS_BUDGET`] for games without ties or cycles).
    pub remoteness: Option<u32>,
    /// The moves that keep `result` for the player to move, with the position each
    /// leads to, in move order (at most the limit asked). In a game with ties or
    /// cycles they keep the remoteness too: a win's quickest winning moves, a loss's
    /// moves that stall longest, a tie's quickest moves to a tie, a draw's moves to a
    /// draw. In other games: the winning moves of a win, every legal move of a loss.
    pub best_moves: Vec<MoveReport>,
    /// How the result was found, for a game with ties or cycles (the retrograde
    /// engine, or the ruleset's own method for a position too big for it), and for
    /// a game without them answered by a search past its closed form (the value
    /// then unknown); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved_by: Option<String>,
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

/// Positions whose game below has at most this many positions (by
/// [`Ruleset::reach`]) are solved by the exhaustive engine when the closed form does
/// not know them.
pub const ENGINE_REACH: u128 = 1 << 20;

/// The memory the exhaustive engine may use for one position's remoteness under
/// `--moves`, estimated as [`Ruleset::reach`] times the position's size: 256 MiB.
pub const ENGINE_BYTES: u128 = 256 << 20;

/// The most moves one answer lists, whatever limit is asked: a listing of more would
/// be megabytes of text that no one reads. The count of moves stays exact.
pub const MAX_LISTED: usize = 1 << 16;

/// The moves the search for an analysis' own [`remoteness`](Analysis::remoteness) may
/// list, in a game without ties or cycles: 2^12, a few milliseconds at most
/// (`--moves` searches further, within its `--budget`).
pub const REMOTENESS_BUDGET: u64 = 1 << 12;

/// The moves the retrograde engine may list for the analysis of a game with ties or
/// cycles: 2^23, about 2 million positions with 4 moves each, a few seconds and
/// about 200 MB; past it, the ruleset's own method
/// ([`result`](crate::ruleset::RulesetExt::result)) answers, with remoteness where it finds it.
pub const RETRO_BUDGET: u64 = 1 << 23;

/// The misère Grundy value of `pos` under a misère ruleset: the closed form's
/// nimber `known` where it has one, else (where the closed form knows who wins but
/// not the value, as a misère quotient does) the exhaustive engine's for a small
/// position; `None` when neither finds it.
pub(crate) fn misere_grundy_of<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    known: Option<Value>,
) -> Option<u128> {
    known
        .and_then(|v| v.as_nimber())
        .or_else(|| engine_nimber(rules, pos))
        .map(|n| n.0)
}

/// Why neither the closed form (`why`) nor the exhaustive engine valued `pos`, an
/// impartial position: the engine does not take a game below it of more than
/// [`ENGINE_REACH`] positions, or it passed its budget (or the deadline). Where the
/// ruleset does not bound the game below `pos`, the engine was not tried and the
/// closed form's reason stands alone.
fn engine_gap<R: Ruleset + ?Sized>(rules: &R, pos: &R::Position, why: Unsolved) -> Unsolved {
    let reach = rules.reach(pos);
    if reach == u128::MAX {
        return why;
    }
    why.or(if reach > ENGINE_REACH {
        Unsolved::over_budget(format!(
            "the game below it may have {reach} positions, more than the exhaustive \
             engine's {ENGINE_REACH}"
        ))
    } else {
        Unsolved::past_limit("the exhaustive engine passed its budget")
    })
}

/// The exhaustive engine's Grundy value of `pos`, an impartial position, when the
/// game below it is small ([`ENGINE_REACH`] positions at most) and the engine finds
/// it within [`Budget::DEFAULT`](crate::engine::Budget::DEFAULT) moves.
fn engine_nimber<R: Ruleset + ?Sized>(rules: &R, pos: &R::Position) -> Option<Nimber> {
    if !route::takes(Engine::Exhaustive, Asked::Analyze, rules, pos) {
        return None;
    }
    let game = AsImpartial(rules);
    let mut budget = crate::engine::Budget::DEFAULT;
    ImpartialSolver::new(&game).grundy_within(pos, &mut budget)
}

/// Why a game with ties or endless play has no value.
pub(crate) const NO_VALUE_WITH_DRAWS: &str =
    "a game with ties or endless play has no normal-play value";

/// Why a position under misère play has no value.
const NO_VALUE_MISERE: &str = "under misère play a position has no game value";

/// The normal-play value of `pos` alone, what [`analyze`] reports as its `value`
/// without who wins, the moves and the rest of the report: the closed form's
/// ([`value`](crate::ruleset::RulesetExt::value)), else for a small impartial position the exhaustive
/// engine's nimber. An error says why there is none: the closed form's reason, a
/// game with ties or endless play, or misère play (where a position has no game
/// value).
///
/// ```
/// use grundy_engine::analysis::value_of;
/// use grundy_games::rules::domineering::Domineering;
/// use grundy_engine::ruleset::Ruleset;
///
/// let rules = Domineering::new();
/// let board = rules.parse_position("....|....|....").unwrap();
/// assert_eq!(value_of(&rules, &board).unwrap().to_string(), "-3/2");
/// ```
pub fn value_of<R: Ruleset + ?Sized>(rules: &R, pos: &R::Position) -> Result<Value, Unsolved> {
    if route::ties_or_cycles(rules) {
        return Err(Unsolved::unsupported(NO_VALUE_WITH_DRAWS));
    }
    if rules.convention() == Convention::Misere {
        return Err(Unsolved::unsupported(NO_VALUE_MISERE));
    }
    rules.value(pos).or_else(|why| match rules.kind() {
        Kind::Impartial => engine_nimber(rules, pos)
            .map(Value::Nimber)
            .ok_or_else(|| engine_gap(rules, pos, why)),
        Kind::Partizan => Err(why),
    })
}

/// Everything about `pos` with `to_move` to move, listing at most `limit` winning
/// moves (and never more than [`MAX_LISTED`]): from the engines of its
/// [`route`], in a game without ties or cycles the closed form, or for an
/// impartial game without one, the exhaustive engine when the game below `pos` is
/// small.
pub fn analyze<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    limit: usize,
) -> Result<Analysis, Unsolved> {
    analyze_by(rules, pos, to_move, limit).map(|(analysis, _)| analysis)
}

/// [`analyze`], with the engine of the route that answered.
pub fn analyze_by<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    limit: usize,
) -> Result<(Analysis, Engine), Unsolved> {
    let limit = limit.min(MAX_LISTED);
    if route::ties_or_cycles(rules) {
        return DrawEngines::analyze(rules, pos, to_move, limit);
    }
    let (engine, (value, to_move_wins, outcome, listing)) = answer(rules, pos, to_move, limit)?;
    let solved_by = (engine == Engine::Search).then(|| {
        rules
            .capabilities()
            .outcome_search
            .map_or("alpha-beta search", |s| s.search_method())
            .to_owned()
    });
    let (value, value_unknown) = match value {
        Ok(v) => (Some(v), None),
        Err(why) => (None, Some(why.to_string())),
    };
    // Under misère play the engine's and the closed form's nimber is the misère
    // Grundy value, not a game value.
    let misere = rules.convention() == Convention::Misere;
    let (value, value_unknown, misere_grundy) = if misere {
        // Where the closed form knows who wins but not the misère Grundy value (a
        // misère quotient), the engine finds it for a small position.
        let grundy = misere_grundy_of(rules, pos, value);
        (
            None,
            Some(format!("{NO_VALUE_MISERE} (misere_grundy says who wins)")),
            grundy,
        )
    } else {
        (value, value_unknown, None)
    };
    let other_to_move_wins = match rules.kind() {
        Kind::Impartial => None,
        // The search found both players' results (the outcome).
        Kind::Partizan if engine == Engine::Search => Some(match to_move.opponent() {
            Player::Left => outcome.left_starting_wins(),
            Player::Right => outcome.right_starting_wins(),
        }),
        Kind::Partizan => Some(rules.wins(pos, to_move.opponent())?),
    };
    let Explanation {
        reduction,
        sentences,
    } = rules.explain(pos, to_move, limit).unwrap_or(Explanation {
        reduction: serde_json::Value::Null,
        sentences: Vec::new(),
    });
    let report = |mv: &R::Move| MoveReport {
        mv: mv.to_string(),
        after: rules.show_position(&rules.play(pos, mv)),
    };
    let winning_moves: Vec<MoveReport> = listing.moves.iter().map(report).collect();
    // A win keeps its result by a winning move; a loss by any move.
    let best_moves = if to_move_wins {
        winning_moves.clone()
    } else if rules.end(pos, to_move).is_some() {
        Vec::new()
    } else {
        rules
            .first_moves(pos, to_move, limit)
            .iter()
            .map(report)
            .collect()
    };
    let remoteness = own_remoteness(rules, pos, to_move, to_move_wins);
    let analysis = Analysis {
        game: rules.name().to_owned(),
        parameters: rules.parameters(),
        position: rules.show_position(pos),
        to_move: rules.mover_name(pos, to_move),
        to_move_wins,
        other_to_move_wins,
        other_to_move_result: other_to_move_wins.map(|wins| {
            if wins {
                GameResult::Win
            } else {
                GameResult::Lose
            }
        }),
        outcome: Some(outcome),
        value,
        value_unknown,
        convention: misere.then_some("misere"),
        misere_grundy,
        canonical: value.and_then(CanonicalReport::of),
        reduction,
        explanation: sentences,
        winning_move_count: listing.count,
        winning_moves,
        result: GameResult::from_wins(to_move_wins),
        remoteness,
        best_moves,
        solved_by,
    };
    Ok((analysis, engine))
}

/// The answer of the first engine of the route of `analyze` that answers, in a game
/// without ties or cycles: the closed form's, else the exhaustive engine's; or why
/// none did (the closed form's reason, with the exhaustive engine's for an impartial
/// game).
fn answer<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    limit: usize,
) -> Result<(Engine, ClosedForm<R::Move>), Unsolved> {
    let mut why = None;
    for &engine in route::engines(Asked::Analyze, rules) {
        if !route::takes(engine, Asked::Analyze, rules, pos) {
            continue;
        }
        match engine {
            Engine::ClosedForm => match closed_form(rules, pos, to_move, limit) {
                Ok(found) => return Ok((engine, found)),
                Err(e) => why = Some(e),
            },
            Engine::Exhaustive => {
                if let Some((value, wins, outcome, listing)) = engine_form(rules, pos, limit) {
                    return Ok((engine, (Ok(value), wins, outcome, listing)));
                }
            }
            Engine::Search => match searched_outcome(rules, pos, to_move, why.clone()) {
                Ok(found) => return Ok((engine, found)),
                Err(e) => why = Some(e),
            },
            // The remoteness beside the answer (`own_remoteness`), not an answer.
            _ => {}
        }
    }
    let why = why.unwrap_or_else(|| Unsolved::no_closed_form(rules.name()));
    Err(match rules.kind() {
        Kind::Impartial => engine_gap(rules, pos, why),
        Kind::Partizan => why,
    })
}

/// The remoteness of `pos` for an analysis, by the exhaustive engine within
/// [`REMOTENESS_BUDGET`] moves where the game below is small; `None` otherwise, or
/// when the engine disagrees with who wins (the closed form's answer stands).
fn own_remoteness<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    to_move_wins: bool,
) -> Option<u32> {
    if !route::takes(Engine::Remoteness, Asked::Analyze, rules, pos) {
        return None;
    }
    let mut budget = crate::engine::Budget::moves(REMOTENESS_BUDGET);
    let r = match rules.kind() {
        Kind::Impartial => {
            let game = AsImpartial(rules);
            RemotenessSolver::new(&game).remoteness_within(pos, &mut budget)
        }
        Kind::Partizan => {
            let game = AsPartizan(rules);
            PartizanRemotenessSolver::new(&game).remoteness_within(pos, to_move, &mut budget)
        }
    }?;
    (r.to_move_wins() == to_move_wins).then(|| r.moves())
}

/// Who wins `pos`, each player moving first, and a winning move of the player to
/// move where there is one, by the game's own search of the result alone
/// ([`OutcomeSearch`](crate::ruleset::OutcomeSearch)) with a table of the thread's
/// [`memory`](crate::engine::search::memory) within its deadline; the value is
/// unknown, for the closed form's reason `why` (if it was tried).
fn searched_outcome<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    why: Option<Unsolved>,
) -> Result<ClosedForm<R::Move>, Unsolved> {
    let own = rules
        .capabilities()
        .outcome_search
        .ok_or_else(|| Unsolved::failed("the game has no search of its own"))?;
    let memory = crate::engine::search::memory();
    let (wins, best, left, right) = match rules.kind() {
        Kind::Impartial => {
            let (wins, best, _) = own.wins_by_search(pos, to_move, memory)?;
            (wins, best, wins, wins)
        }
        Kind::Partizan => {
            // Both players first, by one search keeping its table between the two.
            let (wins, best, other) = own.both_by_search(pos, to_move, memory)?;
            match to_move {
                Player::Left => (wins, best, wins, other),
                Player::Right => (wins, best, other, wins),
            }
        }
    };
    let outcome = match rules.kind() {
        Kind::Impartial if wins => Outcome::N,
        Kind::Impartial => Outcome::P,
        Kind::Partizan => Outcome::from_wins(left, right),
    };
    // A win lists the one winning move the search proves, not all of them.
    let listing = Listing {
        count: if wins { None } else { Some(0) },
        moves: best.into_iter().collect(),
    };
    let why = why.unwrap_or_else(|| Unsolved::no_closed_form(rules.name()));
    Ok((Err(why), wins, outcome, listing))
}

type Found<M> = (Value, bool, Outcome, Listing<M>);

/// The closed form's answer; its value may be unknown (the `Err` inside) where who
/// wins and the winning moves are known.
type ClosedForm<M> = (Result<Value, Unsolved>, bool, Outcome, Listing<M>);

fn closed_form<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    to_move: Player,
    limit: usize,
) -> Result<ClosedForm<R::Move>, Unsolved> {
    let value = rules.value(pos);
    let known = (|| {
        Ok((
            rules.wins(pos, to_move)?,
            outcome_of(rules, pos)?,
            rules.winning_listing(pos, to_move, limit)?,
        ))
    })();
    match (value, known) {
        (value, Ok((wins, outcome, listing))) => Ok((value, wins, outcome, listing)),
        // The value's own reason is the one to give when nothing is known, with who
        // wins' when it differs (a misère game: the genus, then the quotient).
        (Err(why), Err(other))
            if other.reason != why.reason && rules.convention() == Convention::Misere =>
        {
            Err(why.or(other))
        }
        (Err(why), Err(_)) | (Ok(_), Err(why)) => Err(why),
    }
}

/// The exhaustive engine's answer for a small impartial position (one its route
/// takes), within [`Budget::DEFAULT`](crate::engine::Budget::DEFAULT) moves listed
/// in all: a game of few positions can still have many moves (Wythoff's `0,250311`
/// has 250,312 positions and 3·10^10 moves, and once took 24 GB here).
fn engine_form<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    limit: usize,
) -> Option<Found<R::Move>> {
    let game = AsImpartial(rules);
    let mut solver = ImpartialSolver::new(&game);
    let mut budget = crate::engine::Budget::DEFAULT;
    let value = solver.grundy_within(pos, &mut budget)?;
    let mut moves = solver.winning_moves_within(pos, &mut budget)?;
    let count = Some(moves.len() as u128);
    moves.truncate(limit);
    let wins = value.to_move_wins();
    Some((
        Value::Nimber(value),
        wins,
        if wins { Outcome::N } else { Outcome::P },
        Listing { moves, count },
    ))
}
