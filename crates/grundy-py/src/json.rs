//! JSON text to Python objects, as `json.loads` reads it.

use pyo3::prelude::*;

/// `json.loads(text)`.
pub fn loads(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}
