//! The built-in games and commands from Python, with the CLI's answers: `games`,
//! `analyze` (the dict `grundy analyze --json` prints), `sequence`, and the setter's
//! `judge`, `gen`, `validate`, `check` and `verify`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use grundy::engine::Budget;
use grundy::misere::sequence::{self as misere_sequence, MisereSequence};
use grundy::problems::Problem;
use grundy::registry::{self, DynRuleset, MoveVerdict, Params};
use grundy::sequence::certificate::{self, Certificate};
use grundy::sequence::period::seen_period;
use grundy::sequence::{svg, Method, Options, Period, Sequence as Computed};
use grundy::Player;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::errors::{bad, GrundyError};
use crate::json::loads;

/// Every built-in game's name, as `grundy analyze --help` lists them.
#[pyfunction]
pub fn games() -> Vec<&'static str> {
    registry::names()
}

/// A keyword argument's value as the CLI would take it: text as it is, `True` and
/// `False` as `true`/`false`, a list, tuple or set of items joined by commas
/// (`set=[2, 4, 5]` is `--set 2,4,5`), anything else by `str()`.
fn param_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if let Ok(b) = value.extract::<bool>() {
        if value.is_instance_of::<pyo3::types::PyBool>() {
            return Ok(b.to_string());
        }
    }
    let is_collection = value.is_instance_of::<pyo3::types::PyList>()
        || value.is_instance_of::<pyo3::types::PyTuple>()
        || value.is_instance_of::<pyo3::types::PySet>()
        || value.is_instance_of::<pyo3::types::PyFrozenSet>();
    if is_collection {
        let mut items: Vec<String> = Vec::new();
        for item in value.try_iter()? {
            items.push(item?.str()?.to_string());
        }
        if value.is_instance_of::<pyo3::types::PySet>()
            || value.is_instance_of::<pyo3::types::PyFrozenSet>()
        {
            items.sort_by_key(|s| (s.len(), s.clone()));
        }
        return Ok(items.join(","));
    }
    Ok(value.str()?.to_string())
}

/// The game parameters given as keyword arguments, as the registry takes them.
fn params_of(params: Option<&Bound<'_, PyDict>>) -> PyResult<Params> {
    let mut given = Params::new();
    if let Some(params) = params {
        for (key, value) in params.iter() {
            let key: String = key.extract()?;
            given.set(&key, &param_text(&value)?);
        }
    }
    Ok(given)
}

/// The game `name` with the parameters `given`.
fn build_with(name: &str, given: &Params) -> PyResult<Box<dyn DynRuleset>> {
    registry::build(name, given).map_err(|e| bad(e.render(|option| option.to_owned())))
}

/// The game `name` built from the keyword arguments its parameters take; the
/// others (the command's own, like `to_move`) are taken out first by the caller.
fn build(name: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<Box<dyn DynRuleset>> {
    build_with(name, &params_of(params)?)
}

/// Runs `work` without holding the GIL, so that other Python threads run meanwhile,
/// under a deadline that an interrupt ends: `work` calls the `poll` it is given at
/// each progress report; on an interrupt (Ctrl-C) the deadline expires, the work
/// stops at its next check, and the interrupt is raised.
fn cancellable<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut dyn FnMut()) -> T + Send,
) -> PyResult<T> {
    let (result, interrupted) = py.detach(move || {
        let mut interrupted: Option<PyErr> = None;
        let far = Instant::now() + Duration::from_secs(1 << 32);
        let result = grundy::deadline::within(far, || {
            work(&mut || {
                if interrupted.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        interrupted = Some(e);
                        grundy::deadline::expire();
                    }
                }
            })
        });
        (result, interrupted)
    });
    match interrupted {
        Some(e) => Err(e),
        None => Ok(result),
    }
}

/// Takes the keyword argument `key` out of `params`.
fn take<'py>(
    params: Option<&Bound<'py, PyDict>>,
    key: &str,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let Some(params) = params else {
        return Ok(None);
    };
    let value = params.get_item(key)?;
    if value.is_some() {
        params.del_item(key)?;
    }
    Ok(value)
}

/// The player named by `to_move` (Left when absent), for a partizan game.
fn to_move(game: &dyn DynRuleset, given: Option<Bound<'_, PyAny>>) -> PyResult<Player> {
    let Some(given) = given else {
        return Ok(Player::Left);
    };
    let text: String = given.extract()?;
    if game.kind() != grundy::ruleset::Kind::Partizan {
        return Err(bad(format!(
            "to_move applies to partizan games only; {} is impartial",
            game.name()
        )));
    }
    game.parse_player(&text).ok_or_else(|| {
        bad(format!(
            "to_move {text:?}: expected {} or {}",
            game.player_name(Player::Left, Player::Left),
            game.player_name(Player::Right, Player::Left)
        ))
    })
}

fn copy<'py>(py: Python<'py>, params: Option<&Bound<'py, PyDict>>) -> PyResult<Bound<'py, PyDict>> {
    match params {
        Some(p) => p.copy(),
        None => Ok(PyDict::new(py)),
    }
}

/// `ValueError` for a position not in the game's notation, with the CLI's message.
fn bad_position(game: &dyn DynRuleset, position: &str, e: &impl std::fmt::Display) -> PyErr {
    bad(format!("bad {} position {position:?}: {e}", game.name()))
}

/// `grundy.analyze(game, position, **params)`: what `grundy analyze GAME POSITION
/// --json` prints, as a dict. The game's parameters are keyword arguments
/// (`step=3`, `code="0.77"`, `set=[2, 4, 5]`), as are the command's options:
/// `to_move="B"`, `moves=True`, `limit=N`, `budget=N`.
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
    let ruleset = build(game, Some(&params))?;
    let player = to_move(ruleset.as_ref(), to_move_arg)?;
    let refuse = |e: registry::AnalyzeError| match e {
        registry::AnalyzeError::Notation(e) => bad_position(ruleset.as_ref(), position, &e),
        other => GrundyError::new_err(other.to_string()),
    };
    let analysis = ruleset.analyze(position, player, limit).map_err(&refuse)?;
    let listed = if moves {
        Some(
            ruleset
                .move_values(position, player, limit, Budget::moves(budget))
                .map_err(&refuse)?,
        )
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
    let value = ruleset.value(position).map_err(|e| match e {
        registry::AnalyzeError::Notation(e) => bad_position(ruleset.as_ref(), position, &e),
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

/// A Grundy sequence G(0), G(1), ... of a heap game, with its period.
#[pyclass(module = "grundy", name = "Sequence", frozen)]
pub struct Sequence {
    title: String,
    spec_json: serde_json::Value,
    values: Vec<u32>,
    period: Option<Period>,
    proven: bool,
    certificate: Option<certificate::CertifiedGame>,
    has_rule: bool,
}

impl Sequence {
    /// The sequence of a game with `values`, its proven period if any (else the
    /// period the values show).
    pub fn new(
        title: String,
        spec_json: serde_json::Value,
        values: Vec<u32>,
        proven: Option<Period>,
        certificate: Option<certificate::CertifiedGame>,
        has_rule: bool,
    ) -> Sequence {
        let (period, proven) = match proven {
            Some(p) => (Some(p), true),
            None => (seen_period(&values), false),
        };
        Sequence {
            title,
            spec_json,
            values,
            period,
            proven,
            certificate,
            has_rule,
        }
    }
}

#[pymethods]
impl Sequence {
    /// The game, e.g. `octal 0.77`.
    #[getter]
    fn title(&self) -> &str {
        &self.title
    }

    /// G(0), G(1), ..., G(N).
    #[getter]
    fn values(&self) -> Vec<u32> {
        self.values.clone()
    }

    /// The preperiod: proven where `proven` is true, else the one the values show;
    /// `None` when they show none.
    #[getter]
    fn preperiod(&self) -> Option<usize> {
        self.period.map(|p| p.preperiod)
    }

    /// The smallest period: proven where `proven` is true, else the smallest period
    /// the values show (periodic through N); `None` when they show none.
    #[getter]
    fn period(&self) -> Option<usize> {
        self.period.map(|p| p.period)
    }

    /// Whether a theorem proves the period from the values (as the CLI says it).
    #[getter]
    fn proven(&self) -> bool {
        self.proven
    }

    /// What the period rests on: `"proven"`, `"periodic through N"` or `"no period
    /// seen through N"`.
    #[getter]
    fn status(&self) -> String {
        let last = self.values.len().saturating_sub(1);
        match (self.proven, self.period) {
            (true, _) => "proven".into(),
            (false, Some(_)) => format!("periodic through {last}"),
            (false, None) => format!("no period seen through {last}"),
        }
    }

    fn __len__(&self) -> usize {
        self.values.len()
    }

    /// G(n): computed, or by the proven period beyond the values computed; a
    /// negative n counts from the last value computed, as in a list.
    fn __getitem__(&self, n: i64) -> PyResult<u32> {
        let n = if n < 0 {
            let from_end = self.values.len() as i64 + n;
            u64::try_from(from_end).map_err(|_| {
                pyo3::exceptions::PyIndexError::new_err(format!(
                    "index {n}: only {} values were computed",
                    self.values.len()
                ))
            })?
        } else {
            n as u64
        };
        let proven = self.proven.then_some(self.period).flatten();
        Computed {
            values: self.values.clone(),
            period: proven,
        }
        .get(n)
        .ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "G({n}) is beyond the {} values computed, and no period is proven",
                self.values.len()
            ))
        })
    }

    fn __repr__(&self) -> String {
        let period = match self.period {
            Some(p) => format!(
                ", preperiod {}, period {} ({})",
                p.preperiod,
                p.period,
                self.status()
            ),
            None => format!(", {}", self.status()),
        };
        format!(
            "<grundy.Sequence {}: {} values{period}>",
            self.title,
            self.values.len()
        )
    }

    /// What `grundy sequence ... --json` prints, as a dict (`summary=True` leaves
    /// the values out).
    #[pyo3(signature = (summary=false))]
    fn json(&self, py: Python<'_>, summary: bool) -> PyResult<Py<PyAny>> {
        let mut out = self.spec_json.clone();
        let proven = self.proven.then_some(self.period).flatten();
        out["preperiod"] = serde_json::json!(proven.map(|p| p.preperiod));
        out["period"] = serde_json::json!(proven.map(|p| p.period));
        out["computed"] = serde_json::json!(self.values.len());
        if !self.has_rule {
            out["period_known"] = serde_json::json!(false);
        }
        if !summary {
            out["values"] = serde_json::json!(self.values);
        }
        loads(py, &out.to_string())
    }

    /// Writes the certificate of the proven period to `path` (what `grundy sequence
    /// --certificate` writes, checked from scratch first), for `check_certificate`.
    fn certificate(&self, path: PathBuf) -> PyResult<()> {
        let Some(period) = self.proven.then_some(self.period).flatten() else {
            return Err(GrundyError::new_err(format!(
                "no period is proven for {} up to {}, so there is nothing to certify",
                self.title,
                self.values.len().saturating_sub(1)
            )));
        };
        let Some(game) = &self.certificate else {
            return Err(GrundyError::new_err(format!(
                "{} has no certificate checker",
                self.title
            )));
        };
        let cert = certificate::certify(game, &self.values, period)
            .map_err(|e| GrundyError::new_err(e.to_string()))?;
        cert.save(&path)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    /// The values drawn as SVG (what `grundy sequence --svg` writes).
    fn svg(&self) -> String {
        let proven = self.proven.then_some(self.period).flatten();
        svg::render(&self.title, &self.values, proven)
    }

    /// The plot in a Jupyter notebook.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }
}

/// `grundy.sequence(game, to=N, **params)`: G(0), ..., G(N) of a built-in heap game
/// (`octal`, `subtraction`, `grundy-game`, ...), with its period. Without `to` the
/// values are computed until a theorem proves a period, but not beyond `limit`.
/// `time_limit` (seconds) stops early, keeping what was computed; Ctrl-C stops it
/// within a second or so.
#[pyfunction]
#[pyo3(signature = (game, to=None, *, limit=2_000_000, method="auto", time_limit=None, **params))]
pub fn sequence(
    py: Python<'_>,
    game: &str,
    to: Option<usize>,
    limit: usize,
    method: &str,
    time_limit: Option<f64>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Sequence> {
    let given = params_of(params)?;
    let method = match method {
        "auto" => Method::Auto,
        "naive" => Method::Naive,
        "sparse" => Method::Sparse,
        other => {
            return Err(bad(format!(
                "method {other:?}: expected 'auto', 'naive' or 'sparse'"
            )))
        }
    };
    let options = match to {
        Some(n) => Options::to(n),
        None => Options::until_proven(limit),
    };
    options.check().map_err(bad)?;
    let time_limit = match time_limit {
        None => None,
        Some(t) => {
            let t = grundy::bounds::seconds_value("time_limit", t, grundy::sequence::TIME_LIMIT)
                .map_err(bad)?;
            (!t.is_zero()).then_some(t)
        }
    };
    let options = options.with_time_limit(time_limit);
    // Everything that can be refused is refused before the work starts.
    {
        let ruleset = build_with(game, &given)?;
        let spec = registry::sequence_of(&*ruleset).map_err(bad)?;
        spec.check_method(method).map_err(bad)?;
    }
    let name = game.to_owned();
    let done = cancellable(py, move |poll| {
        let ruleset = registry::build(&name, &given).map_err(|e| e.to_string())?;
        let spec = registry::sequence_of(&*ruleset).map_err(|e| e.to_string())?;
        let computed = spec
            .compute(method, &options, &mut |_| poll())
            .map_err(|e| e.to_string())?;
        Ok::<_, String>(Sequence::new(
            spec.title.clone(),
            spec.json.clone(),
            computed.values,
            computed.period,
            spec.certificate.clone(),
            spec.rule.is_some(),
        ))
    })?;
    done.map_err(bad)
}

/// The game of a misère sequence request (its parameter `misere` dropped: the genus
/// and the quotient are misère by definition), its sequence checked to have what
/// `what` needs, and the time limit: refused before any work starts.
fn misere_request(
    game: &str,
    params: Option<&Bound<'_, PyDict>>,
    what: MisereSequence,
    time_limit: Option<f64>,
) -> PyResult<(Params, Option<Duration>)> {
    let given = params_of(params)?.without(registry::MISERE.name);
    let ruleset = build_with(game, &given)?;
    let spec = registry::sequence_of(&*ruleset).map_err(bad)?;
    misere_sequence::can_compute(&spec, what).map_err(bad)?;
    let time_limit = match time_limit {
        None => None,
        Some(t) => {
            let t = grundy::bounds::seconds_value("time_limit", t, grundy::sequence::TIME_LIMIT)
                .map_err(bad)?;
            (!t.is_zero()).then_some(t)
        }
    };
    Ok((given, time_limit))
}

/// Runs a misère sequence computation on the game `name` without the GIL, within
/// `time_limit`, and returns its JSON as a dict.
fn misere_json(
    py: Python<'_>,
    name: &str,
    given: Params,
    time_limit: Option<Duration>,
    work: impl FnOnce(&grundy::sequence::SequenceSpec<'_>) -> Result<serde_json::Value, String> + Send,
) -> PyResult<Py<PyAny>> {
    let name = name.to_owned();
    let json = py.detach(move || {
        let run = || {
            let ruleset = registry::build(&name, &given).map_err(|e| e.to_string())?;
            let spec = registry::sequence_of(&*ruleset).map_err(|e| e.to_string())?;
            work(&spec)
        };
        match time_limit {
            Some(t) => grundy::deadline::within(Instant::now() + t, run).map_err(|e| {
                format!(
                    "{e} (the time limit was {} s; time_limit=0 has no limit)",
                    t.as_secs_f64()
                )
            }),
            None => run(),
        }
    });
    loads(py, &json.map_err(bad)?.to_string())
}

/// `grundy.genus(game, to=30, **params)`: the genus (Conway) of heaps 0..=`to` of a
/// heap game, as `grundy sequence GAME --misere --json` prints it: a dict with
/// `genus` (one list [γ0, γ1, γ2, ...] per heap: γ0 the normal-play value, γk the
/// misère Grundy value of the heap plus k − 1 heaps of *2), `notation` (Conway's,
/// e.g. `4^146`) and `tame` per heap. The work is bounded (2^25 options listed);
/// `time_limit` (seconds) stops it sooner.
#[pyfunction]
#[pyo3(signature = (game, to=30, *, time_limit=None, **params))]
pub fn genus(
    py: Python<'_>,
    game: &str,
    to: u64,
    time_limit: Option<f64>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let max = grundy::misere::genus::MAX_HEAP;
    if to > max {
        return Err(bad(format!(
            "to={to}: the genus is computed for heaps up to {max}"
        )));
    }
    let (given, time_limit) = misere_request(game, params, MisereSequence::Genus, time_limit)?;
    misere_json(py, game, given, time_limit, move |spec| {
        let heaps = misere_sequence::genus(spec, to, grundy::misere::genus::DEFAULT_BUDGET)
            .map_err(|e| e.to_string())?;
        Ok(grundy::report::genus_json(spec, &heaps))
    })
}

/// `grundy.quotient(game, to=12, **params)`: the misère quotient (Plambeck and
/// Siegel) of the sums of heaps 1..=`to` of an octal or subtraction game, proven by
/// its independent check before it is returned, as `grundy sequence GAME --misere
/// --quotient --json` prints it: a dict with the elements, the multiplication table,
/// the P-portion and the class of each heap. The work is bounded (2^25 options
/// listed); `time_limit` (seconds) stops it sooner.
#[pyfunction]
#[pyo3(signature = (game, to=12, *, time_limit=None, **params))]
pub fn quotient(
    py: Python<'_>,
    game: &str,
    to: usize,
    time_limit: Option<f64>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let (given, time_limit) = misere_request(game, params, MisereSequence::Quotient, time_limit)?;
    misere_json(py, game, given, time_limit, move |spec| {
        let q = misere_sequence::quotient(spec, to, grundy::misere::quotient::DEFAULT_BUDGET)
            .map_err(|e| e.to_string())?;
        grundy::report::quotient_json(spec, &q).map_err(|e| e.to_string())
    })
}

/// The sequence of a script's heap game: its values and the period they show
/// (never proven: no theorem covers moves given by a function).
#[pyfunction]
pub fn _user_sequence(title: String, values: Vec<u32>) -> Sequence {
    let json = serde_json::json!({ "game": title });
    Sequence::new(title, json, values, None, None, false)
}

/// `grundy.check_certificate(path)`: a certificate written by
/// `Sequence.certificate` or `grundy sequence --certificate`, checked from scratch
/// (every value by the game's definition, then the period by the theorem). Returns
/// `(True, message)` when it holds, `(False, the first condition that fails)` when
/// not; raises `ValueError` for a file that is not a certificate.
#[pyfunction]
pub fn check_certificate(path: PathBuf) -> PyResult<(bool, String)> {
    let cert = Certificate::load(&path).map_err(|e| bad(format!("{}: {e}", path.display())))?;
    let p = cert.period;
    let checked = registry::certified_game(&cert.game)
        .and_then(|game| certificate::check(&cert, &game.rules));
    Ok(match checked {
        Ok(()) => (
            true,
            format!(
                "valid: {}, preperiod {}, period {}, proven from {} values (each checked by the definition)",
                cert.game,
                p.preperiod,
                p.period,
                cert.values.len()
            ),
        ),
        Err(e) => (false, format!("invalid: {}: {e}", cert.game)),
    })
}

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
/// legal and winning, as `grundy check` judges it. Returns a dict: `verdict`
/// (`"winning"`, `"losing"`, `"illegal"`, `"not a move"`), and `after` (the position
/// after a legal move), `winning` (some winning moves, after a losing one) or
/// `reason`.
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
            other => GrundyError::new_err(other.to_string()),
        })?;
    let json = match verdict {
        MoveVerdict::Winning { after } => serde_json::json!({"verdict": "winning", "after": after}),
        MoveVerdict::Losing { after, winning } => {
            serde_json::json!({"verdict": "losing", "after": after, "winning": winning})
        }
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
