//! The package's exceptions, and the library's errors as Python sees them.
//!
//! ```text
//! Exception
//!  └─ GrundyError
//!      ├─ CycleError
//!      └─ Unsolved (also a ValueError)      .kind: "over_budget", "over_time", ...
//!          ├─ BudgetExceeded                over_budget
//!          ├─ TimeLimitExceeded             over_time
//!          ├─ NoTheory                      no_theory
//!          └─ Unsupported                   unsupported
//! ```
//!
//! `Unsolved` itself is raised for the kind `failed` (a game's own code failed or
//! contradicted itself). It derives from both `GrundyError` and `ValueError`, which an
//! analysis left unanswered raised before the kinds existed, so code that catches
//! `ValueError` keeps working. Classes with two bases cannot be declared by
//! `create_exception!`: they are made by `type(...)` when the module loads.

use grundy::ruleset::{Unsolved, UnsolvedKind};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

create_exception!(
    grundy,
    GrundyError,
    PyException,
    "The base of grundy's own exceptions."
);
create_exception!(
    grundy,
    CycleError,
    GrundyError,
    "A position repeats in one line of play, so the game need not end; the attribute \
     `position` holds it."
);

/// The `Unsolved` class and its subclasses, one a kind, made when the module loads.
struct Classes {
    unsolved: Py<PyType>,
    budget: Py<PyType>,
    time: Py<PyType>,
    no_theory: Py<PyType>,
    unsupported: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

const UNSOLVED_DOC: &str = "A question left unanswered: `kind` says what stopped it \
    (`over_budget`, `over_time`, `no_theory`, `unsupported`, or `failed` when the game's \
    own code failed). A `ValueError` too, as such errors were before they had kinds.";
const BUDGET_DOC: &str = "A computation would pass its budget (positions held, moves \
    listed, value steps, the memory of values' forms): it stopped, keeping what it had solved, rather than run on or \
    run out of memory. `kind` is `over_budget`.";
const TIME_DOC: &str = "A computation was stopped at its time limit or cancelled. \
    `kind` is `over_time`.";
const NO_THEORY_DOC: &str = "No closed form or theorem known here covers the position \
    (a heap beyond a sequence's computed values with no proven period). `kind` is \
    `no_theory`.";
const UNSUPPORTED_DOC: &str = "The question does not apply to this game (a value of a \
    game with ties, a position's value under misère play). `kind` is `unsupported`.";

/// A class `name` with `bases`, made by `type(name, bases, {...})`.
fn class<'py>(
    py: Python<'py>,
    name: &str,
    bases: Bound<'py, PyTuple>,
    doc: &str,
) -> PyResult<Py<PyType>> {
    let dict = PyDict::new(py);
    dict.set_item("__doc__", doc)?;
    dict.set_item("__module__", "grundy")?;
    let made = py.get_type::<PyType>().call1((name, bases, dict))?;
    Ok(made.cast_into::<PyType>()?.unbind())
}

fn classes(py: Python<'_>) -> PyResult<&'static Classes> {
    CLASSES.get_or_try_init(py, || {
        let grundy = py.get_type::<GrundyError>().into_any();
        let value = py.get_type::<PyValueError>().into_any();
        let unsolved = class(
            py,
            "Unsolved",
            PyTuple::new(py, [grundy, value])?,
            UNSOLVED_DOC,
        )?;
        let sub = |name: &str, doc: &str| {
            class(
                py,
                name,
                PyTuple::new(py, [unsolved.bind(py).clone().into_any()])?,
                doc,
            )
        };
        Ok(Classes {
            budget: sub("BudgetExceeded", BUDGET_DOC)?,
            time: sub("TimeLimitExceeded", TIME_DOC)?,
            no_theory: sub("NoTheory", NO_THEORY_DOC)?,
            unsupported: sub("Unsupported", UNSUPPORTED_DOC)?,
            unsolved,
        })
    })
}

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let c = classes(py)?;
    m.add("GrundyError", py.get_type::<GrundyError>())?;
    m.add("CycleError", py.get_type::<CycleError>())?;
    m.add("Unsolved", c.unsolved.bind(py))?;
    m.add("BudgetExceeded", c.budget.bind(py))?;
    m.add("TimeLimitExceeded", c.time.bind(py))?;
    m.add("NoTheory", c.no_theory.bind(py))?;
    m.add("Unsupported", c.unsupported.bind(py))?;
    Ok(())
}

/// A question left unanswered, as the exception of its kind, with `kind` set.
pub fn unsolved(e: &Unsolved) -> PyErr {
    raise(e.kind, e.to_string())
}

/// The exception of `kind` with `message`, with its attribute `kind` set.
pub fn raise(kind: UnsolvedKind, message: String) -> PyErr {
    Python::attach(|py| {
        let made = (|| {
            let c = classes(py)?;
            let cls = match kind {
                UnsolvedKind::OverBudget => &c.budget,
                UnsolvedKind::OverTime => &c.time,
                UnsolvedKind::NoTheory => &c.no_theory,
                UnsolvedKind::Unsupported => &c.unsupported,
                _ => &c.unsolved,
            };
            let err = cls.bind(py).call1((message,))?;
            err.setattr("kind", kind.name())?;
            Ok::<_, PyErr>(PyErr::from_value(err))
        })();
        made.unwrap_or_else(|e| e)
    })
}

/// A computation past its budget ([`UnsolvedKind::OverBudget`]).
pub fn budget_exceeded(message: String) -> PyErr {
    raise(UnsolvedKind::OverBudget, message)
}

/// A computation stopped at its time limit ([`UnsolvedKind::OverTime`]).
pub fn time_limit_exceeded(message: &str) -> PyErr {
    raise(UnsolvedKind::OverTime, message.to_owned())
}

/// Bad input (a position, a parameter, an expression): Python's `ValueError` with the
/// library's message.
pub fn bad(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A value computation that failed: past its budget or time limit, or otherwise not
/// defined.
pub fn value_error(e: grundy::cgt::ValueError) -> PyErr {
    use grundy::cgt::ValueError as E;
    match e {
        E::Budget { .. } => raise(UnsolvedKind::OverBudget, e.to_string()),
        E::Deadline => raise(UnsolvedKind::OverTime, e.to_string()),
        E::Overflow | E::TooLarge(_) => pyo3::exceptions::PyOverflowError::new_err(e.to_string()),
        E::BadNumber(_) | E::Undefined(_) => PyValueError::new_err(e.to_string()),
        E::TooDeep { .. } => pyo3::exceptions::PyRecursionError::new_err(e.to_string()),
    }
}
