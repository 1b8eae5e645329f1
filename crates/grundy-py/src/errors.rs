//! The package's exceptions, and the library's errors as Python sees them.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

create_exception!(
    grundy,
    GrundyError,
    PyException,
    "The base of grundy's own exceptions."
);
create_exception!(
    grundy,
    BudgetExceeded,
    GrundyError,
    "A computation would pass its budget (positions held, value steps): it stopped, \
     keeping what it had solved, rather than run on or run out of memory."
);
create_exception!(
    grundy,
    CycleError,
    GrundyError,
    "A position repeats in one line of play, so the game need not end; the attribute \
     `position` holds it."
);

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GrundyError", py.get_type::<GrundyError>())?;
    m.add("BudgetExceeded", py.get_type::<BudgetExceeded>())?;
    m.add("CycleError", py.get_type::<CycleError>())?;
    Ok(())
}

/// Bad input (a position, a parameter, an expression): Python's `ValueError` with the
/// library's message.
pub fn bad(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A value computation that failed: past its budget, or otherwise not defined.
pub fn value_error(e: grundy::cgt::ValueError) -> PyErr {
    use grundy::cgt::ValueError as E;
    match e {
        E::Budget { .. } | E::Deadline => BudgetExceeded::new_err(e.to_string()),
        E::Overflow | E::TooLarge(_) => pyo3::exceptions::PyOverflowError::new_err(e.to_string()),
        E::BadNumber(_) | E::Undefined(_) => PyValueError::new_err(e.to_string()),
    }
}
