//! The setter's tools: `judge`, `gen` and `validate` for the contest problems,
//! `check` and `verify` for a game's moves and closed form, and `stress` for a
//! program against the judge.

use grundy::problems::Problem;
use grundy::registry::{self, MoveVerdict};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use super::{build, cancellable, copy, take, to_move};
use crate::errors::{self, bad, GrundyError};
use crate::json::loads;

fn problem(name: &str) -> PyResult<Problem> {
    name.parse::<Problem>().map_err(bad)
}

/// Input as bytes: `str` (UTF-8) or `bytes`.
fn input_bytes(input: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(s) = input.cast::<PyString>() {
        return Ok(s.to_cow()?.as_bytes().to_vec());
    }
    if let Ok(b) = input.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "the input is str or bytes",
    ))
}

/// `grundy.judge(problem, input)`: the judge's answer to a contest input
/// (`adapwns`, `tabgame`, `abgame`, `legowarz`), byte for byte as `grundy judge`.
#[pyfunction]
pub fn judge(problem: &str, input: &Bound<'_, PyAny>) -> PyResult<String> {
    let problem = self::problem(problem)?;
    let input = input_bytes(input)?;
    let mut out = Vec::new();
    problem.run(input.as_slice(), &mut out).map_err(bad)?;
    String::from_utf8(out).map_err(bad)
}

/// `grundy.gen(problem, seed=1, size="small", kind="random", cases=None)`: a
/// reproducible test input, as `grundy gen` writes it.
#[pyfunction]
#[pyo3(signature = (problem, seed=1, size="small", kind="random", cases=None))]
pub fn gen(
    problem: &str,
    seed: u64,
    size: &str,
    kind: &str,
    cases: Option<u64>,
) -> PyResult<String> {
    use grundy::setter::gen::{Kind, Options};
    let problem = self::problem(problem)?;
    let scale = scale(size)?;
    let kind = match kind {
        "random" => Kind::Random,
        "limits" => Kind::Limits,
        "corner" => Kind::Corner,
        "first-wins" | "n-positions" => Kind::FirstWins,
        "second-wins" | "p-positions" | "xor-zero" => Kind::SecondWins,
        "diagonal" => Kind::Diagonal,
        other => {
            return Err(bad(format!(
                "kind {other:?}: expected 'random', 'limits', 'corner', 'first-wins', \
                 'second-wins' or 'diagonal'"
            )))
        }
    };
    let options = Options {
        seed,
        scale,
        kind,
        cases,
    };
    let input = grundy::problems::generate(problem, &options).map_err(bad)?;
    let mut out = Vec::new();
    input.write_to(&mut out).map_err(bad)?;
    String::from_utf8(out).map_err(bad)
}

/// `grundy.validate(problem, input)`: the input checked against its statement,
/// strictly. Returns the coverage report (the text `grundy validate --report`
/// prints) when it is valid; raises `ValueError` naming the first violation.
#[pyfunction]
pub fn validate(problem: &str, input: &Bound<'_, PyAny>) -> PyResult<String> {
    let problem = self::problem(problem)?;
    let input = input_bytes(input)?;
    grundy::setter::validate::validate(problem, input.as_slice())
        .map(|report| report.to_string())
        .map_err(bad)
}

/// `grundy.check(game, position, move, to_move=None, **params)`: whether a move is
/// legal, and winning, tying, drawing or losing, as `grundy check` judges it. Returns
/// a dict: `verdict` (`"winning"`, `"tying"`, `"drawing"`, `"losing"`, `"illegal"`,
/// `"not a move"`); for a legal move `after` (the position after it), and for one
/// that does not win `best` (the best result the mover could force from the position
/// before: `"win"`, `"lose"`, `"tie"`, `"draw"`, or `None` when it is too big to
/// solve) and `best_moves` (some moves that force it); `winning` (some winning moves,
/// after a losing one); or `reason`.
#[pyfunction]
#[pyo3(signature = (game, position, r#move, **params))]
pub fn check(
    py: Python<'_>,
    game: &str,
    position: &str,
    r#move: &str,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let params = copy(py, params)?;
    let to_move_arg = take(Some(&params), "to_move")?;
    let ruleset = build(game, Some(&params))?;
    let player = to_move(ruleset.as_ref(), to_move_arg)?;
    let verdict = ruleset
        .check_move(position, player, r#move)
        .map_err(|e| match e {
            registry::AnalyzeError::Notation(e) => {
                bad(format!("bad {} position {position:?}: {e}", ruleset.name()))
            }
            registry::AnalyzeError::Unsolved(why) => errors::unsolved(&why),
            other => GrundyError::new_err(other.to_string()),
        })?;
    let json = match verdict {
        MoveVerdict::Winning { after } => serde_json::json!({"verdict": "winning", "after": after}),
        MoveVerdict::Tying { after, best } => serde_json::json!({
            "verdict": "tying",
            "after": after,
            "best": best.result.map(|r| r.word()),
            "best_moves": best.moves,
        }),
        MoveVerdict::Drawing { after, best } => serde_json::json!({
            "verdict": "drawing",
            "after": after,
            "best": best.result.map(|r| r.word()),
            "best_moves": best.moves,
        }),
        MoveVerdict::Losing {
            after,
            winning,
            best,
        } => serde_json::json!({
            "verdict": "losing",
            "after": after,
            "winning": winning,
            "best": best.result.map(|r| r.word()),
            "best_moves": best.moves,
        }),
        MoveVerdict::Illegal { reason } => {
            serde_json::json!({"verdict": "illegal", "reason": reason})
        }
        MoveVerdict::NotAMove { message } => {
            serde_json::json!({"verdict": "not a move", "reason": message})
        }
        _ => serde_json::json!({"verdict": "unknown"}),
    };
    loads(py, &json.to_string())
}

/// `grundy.verify(game, max_size, **params)`: the closed form against the exhaustive
/// engine on every position up to `max_size`, as `grundy verify`. Returns a dict:
/// `game`, `size_unit`, `sizes` (the sizes checked), `positions`, `seconds`,
/// `agrees`, and `mismatch` (the first disagreement as text, or `None`).
#[pyfunction]
#[pyo3(signature = (game, max_size, **params))]
pub fn verify(
    py: Python<'_>,
    game: &str,
    max_size: usize,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let ruleset = build(game, params)?;
    let size = |e: grundy::ruleset::SizeError| bad(e.render("max_size"));
    ruleset.check_size(max_size).map_err(size)?;
    let report = ruleset.verify(max_size, &()).map_err(size)?;
    let json = serde_json::json!({
        "game": report.name,
        "size_unit": report.size_unit,
        "sizes": [report.sizes.start, report.sizes.end.saturating_sub(1)],
        "positions": report.positions,
        "seconds": report.elapsed.as_secs_f64(),
        "agrees": report.mismatch.is_none(),
        "mismatch": report.mismatch.as_ref().map(|_| grundy::report::text::verify(&report)),
        "text": grundy::report::text::verify(&report),
    });
    loads(py, &json.to_string())
}

/// `grundy.stress(problem, command, tests=100, ...)`: a program (`command`, a list
/// of the program and its arguments, or one string split on spaces) against the
/// judge on generated tests from tiny to large, as `grundy stress`; the first
/// failure is shrunk to a minimal input. Returns a dict: `passed` (bool), `tests`,
/// and for a failure `found`, `shrinking`, `report` (the CLI's text) and `input`
/// (the minimal failing input). Other Python threads run meanwhile; Ctrl-C stops
/// it after the run under way.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (problem, command, tests=100, *, time_limit=2.0, seed=1, size="max", ignore_whitespace=false, shrink_time=60.0))]
pub fn stress(
    py: Python<'_>,
    problem: &str,
    command: &Bound<'_, PyAny>,
    tests: u64,
    time_limit: f64,
    seed: u64,
    size: &str,
    ignore_whitespace: bool,
    shrink_time: f64,
) -> PyResult<Py<PyAny>> {
    use grundy::bounds::seconds_value;
    use grundy::stress::child::Program;
    use grundy::stress::{Plan, Stress, RUN_TIME, SHRINK_TIME};
    let problem = self::problem(problem)?;
    let command: Vec<String> = if let Ok(text) = command.cast::<PyString>() {
        text.to_cow()?
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    } else {
        command.extract()?
    };
    if command.is_empty() {
        return Err(bad(
            "command: expected the program to run, e.g. ['python3', 'sol.py']",
        ));
    }
    if tests == 0 {
        return Err(bad("tests: expected at least 1"));
    }
    let plan = Plan {
        problem,
        tests,
        seed,
        cap: scale(size)?,
        time: seconds_value("time_limit", time_limit, RUN_TIME).map_err(bad)?,
        ignore_whitespace,
        shrink_time: seconds_value("shrink_time", shrink_time, SHRINK_TIME).map_err(bad)?,
    };
    let mut program = Program(command.into_iter().map(Into::into).collect());
    let found = cancellable(py, move |poll| {
        Stress::new(plan, &mut program)?.run(&mut |_| poll())
    })?;
    let found = found.map_err(|e| GrundyError::new_err(e.to_string()))?;
    let json = match found {
        None => serde_json::json!({ "passed": true, "tests": tests }),
        Some(failure) => serde_json::json!({
            "passed": false,
            "tests": tests,
            "found": failure.found,
            "shrinking": failure.shrinking,
            "report": failure.report,
            "input": String::from_utf8_lossy(&failure.input.to_bytes()),
        }),
    };
    loads(py, &json.to_string())
}

/// A size as `gen` and `stress` take it.
fn scale(size: &str) -> PyResult<grundy::setter::Scale> {
    use grundy::setter::Scale;
    match size {
        "small" => Ok(Scale::SMALL),
        "medium" => Ok(Scale::MEDIUM),
        "max" => Ok(Scale::MAX),
        other => Err(bad(format!(
            "size {other:?}: expected 'small', 'medium' or 'max'"
        ))),
    }
}
