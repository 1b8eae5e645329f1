//! Work stopped by Ctrl-C: the searches a computation starts ask for Python's
//! signals now and then.

use std::time::{Duration, Instant};

use pyo3::prelude::*;

/// Runs `work` under the deadline `at` (none: no limit) and stops it at Ctrl-C: the
/// searches it starts ask for Python's signals at most every 50 ms
/// ([`within_interruptible`](grundy::deadline::within_interruptible)), so a long
/// computation without progress reports (a value, a genus, a quotient) stops at its
/// next check. The interrupt, if one came, is returned in place of the result, to be
/// raised. With or without the GIL held.
pub fn interruptible<T>(at: Option<Instant>, work: impl FnOnce() -> T) -> PyResult<T> {
    let caught = std::rc::Rc::new(std::cell::RefCell::new(None));
    let seen = caught.clone();
    let check = move || match Python::attach(|py| py.check_signals()) {
        Ok(()) => false,
        Err(e) => {
            *seen.borrow_mut() = Some(e);
            true
        }
    };
    let at = at.unwrap_or_else(|| Instant::now() + Duration::from_secs(1 << 32));
    let every = Duration::from_millis(50);
    let result = grundy::deadline::within_interruptible(at, every, check, work);
    let interrupt = caught.borrow_mut().take();
    match interrupt {
        Some(e) => Err(e),
        None => Ok(result),
    }
}
