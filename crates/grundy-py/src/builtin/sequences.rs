//! Heap games' sequences: `sequence` and its `grundy.Sequence` (the period, the
//! certificate, the plot), a script's heap game's values, `check_certificate`, and
//! the misère `genus` and `quotient`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use grundy::misere::sequence::{self as misere_sequence, MisereSequence};
use grundy::registry::{self, Params};
use grundy::sequence::certificate::{self, Certificate};
use grundy::sequence::period::seen_period;
use grundy::sequence::{svg, Method, Options, Period, Sequence as Computed};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::{build_with, cancellable, params_of};
use crate::errors::{bad, GrundyError};
use crate::json::loads;

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
        let json = crate::interrupt::interruptible(time_limit.map(|t| Instant::now() + t), run)?;
        PyResult::Ok(json.map_err(|e| match time_limit {
            Some(t) => format!(
                "{e} (the time limit was {} s; time_limit=0 has no limit)",
                t.as_secs_f64()
            ),
            None => e,
        }))
    })?;
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
