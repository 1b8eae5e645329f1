//! The built-in games and commands from Python, with the CLI's answers, one file per
//! group of functions as the module registers them: `analysis` (`games`, `analyze`,
//! `game_value`), `sequences` (`sequence` and `grundy.Sequence`, the misère `genus`
//! and `quotient`, `check_certificate`) and `contest` (the setter's `judge`, `gen`,
//! `validate`, `check`, `verify` and `stress`). Here: the keyword arguments read as
//! the CLI's options, the games built from them, and work run without the GIL.

mod analysis;
mod book;
mod contest;
mod sequences;

pub use analysis::{analyze, game_value, games};
pub use book::{build_book, Book};
pub use contest::{check, gen, judge, stress, validate, verify};
pub use sequences::{_user_sequence, check_certificate, genus, quotient, sequence, Sequence};

use std::time::{Duration, Instant};

use grundy::registry::{self, DynRuleset, Params};
use grundy::Player;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::errors::bad;

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

/// The search's table in bytes from the keyword argument `memory=` (the default
/// when absent), range-checked as `--memory` is.
fn memory(given: Option<Bound<'_, PyAny>>) -> PyResult<u64> {
    use grundy::engine::search::{DEFAULT_MEMORY, MAX_MEMORY, MIN_MEMORY};
    let Some(given) = given else {
        return Ok(DEFAULT_MEMORY);
    };
    let bytes: u64 = given.extract()?;
    if !(MIN_MEMORY..=MAX_MEMORY).contains(&bytes) {
        return Err(bad(format!(
            "memory: expected bytes from {MIN_MEMORY} to {MAX_MEMORY}, got {bytes}"
        )));
    }
    Ok(bytes)
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
