//! The Python package `grundy` (its native module `grundy._grundy`): a thin binding
//! over the library.
//!
//! - `builtin`: every built-in game and command with the CLI's answers;
//! - `value`: `grundy.Value`, canonical forms with their arithmetic and invariants;
//! - `user`: a script's own games (impartial, heap and partizan), solved by
//!   `grundy::engine::graph` with the script called only for moves;
//! - `rules`: a script's game behind the ruleset contract, for `serve`, the web
//!   playground of a script's game;
//! - `errors`: the package's exceptions.
#![deny(unsafe_code)]

use pyo3::prelude::*;

mod builtin;
mod errors;
mod interrupt;
mod json;
mod rules;
mod serve;
mod user;
mod value;

/// The native module; the package `grundy` re-exports it with its Python parts.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<value::Value>()?;
    m.add_class::<builtin::Sequence>()?;
    m.add_class::<builtin::Book>()?;
    m.add_class::<user::Solver>()?;
    m.add_class::<user::HeapSolver>()?;
    m.add_function(wrap_pyfunction!(value::value, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::games, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::build_book, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::game_value, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::sequence, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::check_certificate, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::genus, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::quotient, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::_user_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::judge, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::gen, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::validate, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::check, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::verify, m)?)?;
    m.add_function(wrap_pyfunction!(builtin::stress, m)?)?;
    m.add_function(wrap_pyfunction!(serve::_serve, m)?)?;
    m.add_class::<serve::Server>()?;
    m.add("DEFAULT_BUDGET", user::DEFAULT_BUDGET)?;
    Ok(())
}
