//! `grundy.Value`: a short partizan game in canonical form, with the arithmetic,
//! order and invariants of `grundy value`.

use std::hash::{Hash, Hasher};

use grundy::cgt::{self, thermograph, CanonicalForm, Dyadic, Query, Style, ValueBudget};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyRecursionError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

use crate::errors::{bad, value_error};

/// The most value steps one operation may take (as `grundy value --budget`).
const STEPS: u64 = 50_000_000;

/// The longest canonical form printed, in bytes (as `grundy value`).
const PRINT_LIMIT: usize = 1 << 20;

/// The longest explicit form given by `.explicit`.
const EXPLICIT_LIMIT: usize = 100_000;

/// The budget of one operation: [`STEPS`] steps and the bytes of forms of `grundy
/// value --memory`'s default.
fn budget() -> ValueBudget {
    ValueBudget::steps(STEPS).with_bytes(cgt::VALUE_MEMORY)
}

/// A short partizan game in canonical form: `grundy.value("{1|0} + ^")`.
///
/// Values add (`+`), negate and subtract (`-`), and compare as games do: `==` is
/// equality of values, `<=` and `>=` the order of games, `<` and `>` strict; two
/// confused games (`.confused(other)`) are neither `<=` nor `>=` each other.
/// `str(v)` is the canonical form in the notation of `grundy value`.
#[pyclass(module = "grundy", name = "Value", frozen)]
#[derive(Clone, Copy)]
pub struct Value {
    pub(crate) game: CanonicalForm,
}

impl Value {
    pub fn new(game: CanonicalForm) -> Value {
        Value { game }
    }
}

/// A value on its way to Python: converted, a new `grundy.Value` object that
/// Python's cycle collector does not track.
///
/// PyO3 gives every class the collector's support, so each new object would be
/// tracked, and every collection would visit it; a `Value` holds no Python object
/// (its game lives in the library's arena), so it can never be part of a cycle, and
/// untracking it is what CPython does for its own containers of atoms (tuples of
/// numbers). Cooling 1,000 games and taking their reduced forms in a fresh
/// interpreter creates 2,000 values; untracked, the collections they triggered no
/// longer visit them (bench/README.md, "Against cgt-py and pycgt").
pub struct Fresh(pub CanonicalForm);

impl<'py> IntoPyObject<'py> for Fresh {
    type Target = Value;
    type Output = Bound<'py, Value>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, Value>> {
        let v = Bound::new(py, Value::new(self.0))?;
        untrack(&v);
        Ok(v)
    }
}

/// Stops the cycle collector tracking `v`.
#[allow(unsafe_code)]
fn untrack(v: &Bound<'_, Value>) {
    // SAFETY: `v` is a live object of `Value`, a class with the collector's support
    // (PyO3 sets `Py_TPFLAGS_HAVE_GC` on every class) that Python code cannot
    // subclass (no `subclass` option), so the object has no `__dict__` and holds no
    // reference to a Python object: the collector has nothing to find through it.
    // `PyObject_GC_UnTrack` accepts any such object, tracked or not, and PyO3's
    // deallocator calls it again on an untracked object, which CPython allows.
    unsafe { pyo3::ffi::PyObject_GC_UnTrack(v.as_ptr().cast()) }
}

/// A dyadic rational as `fractions.Fraction`.
pub fn fraction(py: Python<'_>, x: Dyadic) -> PyResult<Py<PyAny>> {
    let den: u128 = 1u128 << x.exponent();
    let fraction = py.import("fractions")?.getattr("Fraction")?;
    Ok(fraction.call1((x.numerator(), den))?.unbind())
}

/// What an argument of an operation may be: a `Value`, an `int`, a `Fraction` with
/// a power of two below, or text in the notation (`"1/2"`, `"{1|0}"`).
fn to_game(arg: &Bound<'_, PyAny>) -> PyResult<CanonicalForm> {
    if let Ok(v) = arg.cast::<Value>() {
        return Ok(v.get().game);
    }
    if let Ok(text) = arg.cast::<PyString>() {
        return parse_value(&text.to_cow()?);
    }
    if let Ok(n) = arg.extract::<i64>() {
        return CanonicalForm::integer(n).map_err(value_error);
    }
    if arg.is_instance_of::<PyInt>() {
        // An int past 64 bits: past the numbers a value holds.
        return Err(value_error(cgt::ValueError::Overflow));
    }
    let fraction = arg.py().import("fractions")?.getattr("Fraction")?;
    if arg.is_instance(&fraction)? {
        let text = arg.str()?.to_string();
        return parse_value(&text);
    }
    Err(PyTypeError::new_err(format!(
        "expected a grundy.Value, an int, a Fraction or a value in the notation, got {}",
        arg.get_type().name()?
    )))
}

fn parse_value(text: &str) -> PyResult<CanonicalForm> {
    // Ctrl-C stops a long computation (its value steps ask for Python's signals).
    let parsed = crate::interrupt::interruptible(None, || cgt::parse_query(text, &budget()))?;
    match parsed.map_err(|e| notation(text, &e))? {
        Query::Value(g) => Ok(g),
        Query::Compare { .. } => Err(bad(format!(
            "{text:?} is a comparison, not a value: compare values with <=, ==, ... in \
             Python, e.g. grundy.value(\"^\") <= grundy.value(\"*\")"
        ))),
    }
}

/// A notation error with the text and a caret under the column (as the CLI shows it):
/// a `RecursionError` for a value nested too deeply, a `ValueError` otherwise.
fn notation(text: &str, e: &cgt::ExpressionError) -> PyErr {
    let column = e.column();
    let message = format!("{e}\n  {text}\n  {}^", " ".repeat(column.saturating_sub(1)));
    match e {
        cgt::ExpressionError::Value {
            source: cgt::ValueError::TooDeep { .. },
            ..
        } => PyRecursionError::new_err(message),
        _ => bad(message),
    }
}

/// `grundy.value(text)`: the canonical form of an expression in the notation of
/// `grundy value` (sums, differences, `cool(G, t)`, `*a x *b`, ...). Raises
/// `ValueError` for text not in the notation, `RecursionError` for a value nested
/// too deeply to work through (`ordinal(1, 100000)`), `OverflowError` for numbers
/// past the library's, `grundy.BudgetExceeded` for work past 50 million steps or
/// 512 MiB of forms stored (as `grundy value`'s defaults).
#[pyfunction]
pub fn value(text: &str) -> PyResult<Fresh> {
    parse_value(text).map(Fresh)
}

fn text_of(g: CanonicalForm, style: Style) -> PyResult<String> {
    g.to_string_within(style, PRINT_LIMIT).ok_or_else(|| {
        bad(format!(
            "the canonical form is longer than {PRINT_LIMIT} bytes, the most printed; \
             comparisons of it still answer"
        ))
    })
}

#[pymethods]
impl Value {
    /// The value of `text` in the notation, as `grundy.value(text)`.
    #[new]
    fn py_new(text: &str) -> PyResult<Value> {
        parse_value(text).map(Value::new)
    }

    fn __str__(&self) -> PyResult<String> {
        text_of(self.game, Style::Ascii)
    }

    fn __repr__(&self) -> String {
        match self.game.to_string_within(Style::Ascii, 200) {
            Some(t) => format!("grundy.value({t:?})"),
            None => format!("<grundy.Value of birthday {}>", self.game.birthday()),
        }
    }

    /// The canonical form with Unicode arrows and ± (as `grundy value --unicode`).
    fn unicode(&self) -> PyResult<String> {
        text_of(self.game, Style::Unicode)
    }

    /// A number hashes as the equal `int` or `Fraction` does (they compare equal).
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        if let Some(x) = self.game.as_number() {
            return fraction(py, x)?.bind(py).hash();
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.game.hash(&mut h);
        Ok(h.finish() as isize)
    }

    /// `==` and `!=` take values and the numbers `int` and `Fraction` (whose hash a
    /// number shares); the order also takes values in the notation (`v <= "1/2"`).
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if matches!(op, CompareOp::Eq | CompareOp::Ne) && other.is_instance_of::<PyString>() {
            return Ok(py.NotImplemented());
        }
        let Ok(h) = to_game(other) else {
            return Ok(py.NotImplemented());
        };
        let g = self.game;
        let b = budget();
        let leq = |a: CanonicalForm, c: CanonicalForm| a.leq_within(c, &b).map_err(value_error);
        let answer = match op {
            CompareOp::Eq => g == h,
            CompareOp::Ne => g != h,
            CompareOp::Le => leq(g, h)?,
            CompareOp::Ge => leq(h, g)?,
            CompareOp::Lt => g != h && leq(g, h)?,
            CompareOp::Gt => g != h && leq(h, g)?,
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Fresh> {
        let h = to_game(other)?;
        self.game
            .add_within(h, &budget())
            .map(Fresh)
            .map_err(value_error)
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Fresh> {
        self.__add__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Fresh> {
        let h = to_game(other)?.try_neg().map_err(value_error)?;
        self.game
            .add_within(h, &budget())
            .map(Fresh)
            .map_err(value_error)
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Fresh> {
        let h = to_game(other)?;
        let g = self.game.try_neg().map_err(value_error)?;
        h.add_within(g, &budget()).map(Fresh).map_err(value_error)
    }

    fn __neg__(&self) -> PyResult<Fresh> {
        self.game.try_neg().map(Fresh).map_err(value_error)
    }

    fn __pos__(&self) -> Fresh {
        Fresh(self.game)
    }

    /// Whether the two values are confused (incomparable: the first player wins
    /// their difference).
    fn confused(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let h = to_game(other)?;
        let b = budget();
        Ok(!self.game.leq_within(h, &b).map_err(value_error)?
            && !h.leq_within(self.game, &b).map_err(value_error)?)
    }

    /// The explicit form (every option written out, `{|}` for 0), or `None` when it
    /// is longer than 100,000 characters.
    #[getter]
    fn explicit(&self) -> Option<String> {
        self.game.explicit(EXPLICIT_LIMIT)
    }

    /// Who wins: `'L'` (Left, whoever starts), `'R'`, `'N'` (the player to move) or
    /// `'P'` (the other player).
    #[getter]
    fn outcome(&self) -> String {
        self.game.outcome().to_string()
    }

    /// Left's stop, as a `Fraction`.
    #[getter]
    fn left_stop(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        fraction(py, self.game.left_stop())
    }

    /// Right's stop, as a `Fraction`.
    #[getter]
    fn right_stop(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        fraction(py, self.game.right_stop())
    }

    /// The mean value, as a `Fraction`.
    #[getter]
    fn mean(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        fraction(py, self.game.mean().map_err(value_error)?)
    }

    /// The temperature, as a `Fraction` (negative for numbers: −1/2^k for m/2^k).
    #[getter]
    fn temperature(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        fraction(py, self.game.temperature().map_err(value_error)?)
    }

    /// The birthday: the day the value is born on.
    #[getter]
    fn birthday(&self) -> u64 {
        self.game.birthday()
    }

    /// Whether the value is a number.
    #[getter]
    fn is_number(&self) -> bool {
        self.game.is_number()
    }

    /// Left's options of the canonical form.
    #[getter]
    fn left_options(&self) -> Vec<Fresh> {
        self.game
            .left_options()
            .iter()
            .copied()
            .map(Fresh)
            .collect()
    }

    /// Right's options of the canonical form.
    #[getter]
    fn right_options(&self) -> Vec<Fresh> {
        self.game
            .right_options()
            .iter()
            .copied()
            .map(Fresh)
            .collect()
    }

    /// The thermograph: `{"left": wall, "right": wall, "temperature", "mean"}`, each
    /// wall a list of corners and slopes, numbers as text (`"3/4"`), as in
    /// `grundy value --json`.
    fn thermograph(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let t = self.game.thermograph().map_err(value_error)?;
        let json = serde_json::to_string(&t).map_err(bad)?;
        crate::json::loads(py, &json)
    }

    /// The thermograph drawn as SVG (what `grundy value --svg` writes).
    fn svg(&self) -> PyResult<String> {
        let t = self.game.thermograph().map_err(value_error)?;
        let title = format!("thermograph of {}", text_of(self.game, Style::Ascii)?);
        Ok(thermograph::svg(&title, &t))
    }

    /// The thermograph drawn in a Jupyter notebook.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    /// The value cooled by `t` (t ≥ 0 a dyadic rational): `cool(G, t)`.
    fn cool(&self, t: &Bound<'_, PyAny>) -> PyResult<Fresh> {
        let t = to_game(t)?;
        let Some(t) = t.as_number() else {
            return Err(bad(format!(
                "cool: the temperature must be a number, not {t}"
            )));
        };
        self.game.cool(t, &budget()).map(Fresh).map_err(value_error)
    }

    /// The value heated by `t`: `heat(G, t)` (numbers stay).
    fn heat(&self, t: &Bound<'_, PyAny>) -> PyResult<Fresh> {
        self.game
            .heat(to_game(t)?, &budget())
            .map(Fresh)
            .map_err(value_error)
    }

    /// The value overheated from `s` to `t`: `overheat(G, s, t)`.
    fn overheat(&self, s: &Bound<'_, PyAny>, t: &Bound<'_, PyAny>) -> PyResult<Fresh> {
        self.game
            .overheat(to_game(s)?, to_game(t)?, &budget())
            .map(Fresh)
            .map_err(value_error)
    }

    /// The ordinal sum `G:H`.
    fn ordinal(&self, h: &Bound<'_, PyAny>) -> PyResult<Fresh> {
        self.game
            .ordinal(to_game(h)?, &budget())
            .map(Fresh)
            .map_err(value_error)
    }

    /// The Norton product `G.U` by a positive `u`.
    fn norton(&self, u: &Bound<'_, PyAny>) -> PyResult<Fresh> {
        self.game
            .norton(to_game(u)?, &budget())
            .map(Fresh)
            .map_err(value_error)
    }

    /// The reduced canonical form: the simplest value infinitesimally close to this
    /// one, as `reduced(G)`.
    fn reduced(&self) -> PyResult<Fresh> {
        self.game.reduced(&budget()).map(Fresh).map_err(value_error)
    }

    /// The atomic weight of an all-small value, as `atomic_weight(G)`; a value that
    /// is not all-small raises `ValueError` naming a position where only one player
    /// can move.
    fn atomic_weight(&self) -> PyResult<Fresh> {
        self.game
            .atomic_weight(&budget())
            .map(Fresh)
            .map_err(value_error)
    }

    /// The incentives of each option of the canonical form, as `incentives(G)`:
    /// `(left, right)`, lists of `(option, incentive)` pairs, Left's `G^L − G` and
    /// Right's `G − G^R`.
    #[allow(clippy::type_complexity)]
    fn incentives(&self) -> PyResult<(Vec<(Fresh, Fresh)>, Vec<(Fresh, Fresh)>)> {
        let list = self.game.incentives(&budget()).map_err(value_error)?;
        let pairs = |v: Vec<(CanonicalForm, CanonicalForm)>| {
            v.into_iter().map(|(o, i)| (Fresh(o), Fresh(i))).collect()
        };
        Ok((pairs(list.left), pairs(list.right)))
    }
}
