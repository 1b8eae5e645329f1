//! The built-in games and their positions analysed: `games`, `analyze` (the dict
//! `grundy analyze --json` prints) and `game_value`.

use grundy::engine::Budget;
use grundy::registry::{self, DynRuleset};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::{build, copy, memory, take, to_move};
use crate::errors::{self, bad, GrundyError};
use crate::json::loads;

/// Every built-in game's name, as `grundy analyze --help` lists them.
#[pyfunction]
pub fn games() -> Vec<&'static str> {
    registry::names()
}

/// `ValueError` for a position not in the game's notation, with the CLI's message.
fn bad_position(game: &dyn DynRuleset, position: &str, e: &impl std::fmt::Display) -> PyErr {
    bad(format!("bad {} position {position:?}: {e}", game.name()))
}

/// `grundy.analyze(game, position, **params)`: what `grundy analyze GAME POSITION
/// --json` prints, as a dict. The game's parameters are keyword arguments
/// (`step=3`, `code="0.77"`, `set=[2, 4, 5]`), as are the command's options:
/// `to_move="B"`, `moves=True`, `limit=N`, `budget=N`, `time_limit=SECONDS` and
/// `memory=BYTES` (the search's table). Under `time_limit`, a position of a game
/// searched by alpha-beta (Connect Four) that is not solved in time gives the best
/// move the search found: `proven` False, `result` and `remoteness` None, the move
/// in `best_found`.
#[pyfunction]
#[pyo3(signature = (game, position, **params))]
pub fn analyze(
    py: Python<'_>,
    game: &str,
    position: &str,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let params = copy(py, params)?;
    let to_move_arg = take(Some(&params), "to_move")?;
    let moves = match take(Some(&params), "moves")? {
        Some(v) => v.is_truthy()?,
        None => false,
    };
    let limit: usize = match take(Some(&params), "limit")? {
        Some(v) => v.extract()?,
        None => 1000,
    };
    let budget: u64 = match take(Some(&params), "budget")? {
        Some(v) => v.extract()?,
        None => Budget::DEFAULT.left(),
    };
    let time_limit = match take(Some(&params), "time_limit")? {
        Some(v) => {
            let secs: f64 = v.extract()?;
            grundy::bounds::seconds_value("time_limit", secs, grundy::sequence::TIME_LIMIT)
                .map_err(bad)?
        }
        None => std::time::Duration::ZERO,
    };
    let memory = memory(take(Some(&params), "memory")?)?;
    let ruleset = build(game, Some(&params))?;
    let player = to_move(ruleset.as_ref(), to_move_arg)?;
    let work =
        || grundy::engine::search::with_memory(memory, || ruleset.analyze(position, player, limit));
    let at = (!time_limit.is_zero()).then(|| std::time::Instant::now() + time_limit);
    let analyzed = crate::interrupt::interruptible(at, work)?;
    let refuse = |e: registry::AnalyzeError| match e {
        registry::AnalyzeError::Notation(e) => bad_position(ruleset.as_ref(), position, &e),
        registry::AnalyzeError::Unsolved(why) => errors::unsolved(&why),
        other => GrundyError::new_err(other.to_string()),
    };
    let analysis = match analyzed {
        Ok(analysis) => analysis,
        Err(registry::AnalyzeError::Unsolved(why)) if why.best_found.is_some() => {
            let json = grundy::report::unproven_json(ruleset.name(), position, &why);
            return loads(
                py,
                &grundy::report::pretty(&json.unwrap_or_default()).map_err(bad)?,
            );
        }
        Err(e) => return Err(refuse(e)),
    };
    let listed = if moves {
        let listed = crate::interrupt::interruptible(None, || {
            ruleset.move_values(position, player, limit, Budget::moves(budget))
        })?;
        Some(listed.map_err(&refuse)?)
    } else {
        None
    };
    let mut json = grundy::report::analysis_json(&analysis, listed.as_deref()).map_err(bad)?;
    if let Some(listed) = &listed {
        grundy::report::add_remoteness(&mut json, listed, limit);
    }
    loads(py, &grundy::report::pretty(&json).map_err(bad)?)
}

/// `grundy.game_value(game, position, **params)`: the value of a built-in game's
/// position as a `grundy.Value` (the analysis' `value` alone, computed without the
/// rest of the report), so that it adds, compares, cools and so on. The game's
/// parameters are keyword arguments, as for `analyze`. An impartial position's
/// value is its nimber `*n`; `ValueError` when the position has none (a game with
/// ties, misère play, or a position too large for what grundy knows of the game).
#[pyfunction]
#[pyo3(signature = (game, position, **params))]
pub fn game_value(
    game: &str,
    position: &str,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<crate::value::Fresh> {
    let ruleset = build(game, params)?;
    let value = crate::interrupt::interruptible(None, || ruleset.value(position))?;
    let value = value.map_err(|e| match e {
        registry::AnalyzeError::Notation(e) => bad_position(ruleset.as_ref(), position, &e),
        registry::AnalyzeError::Unsolved(why) => errors::raise(
            why.kind,
            format!(
                "{} position {position:?} has no value here: {why}",
                ruleset.name()
            ),
        ),
        other => bad(format!(
            "{} position {position:?} has no value here: {other}",
            ruleset.name()
        )),
    })?;
    let game = value.to_game().ok_or_else(|| {
        bad(format!(
            "the value {value} of {} position {position:?} is beyond what grundy.Value holds",
            ruleset.name()
        ))
    })?;
    Ok(crate::value::Fresh(game))
}
