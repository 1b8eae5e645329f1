//! Opening books from Python: `grundy.build_book` builds one (what `grundy book`
//! writes) and `grundy.Book` reads one, checked, to look positions up.

use std::path::PathBuf;
use std::sync::Arc;

use grundy::book::{self, best_moves, BookError, RawBook};
use grundy::engine::Budget;
use grundy::registry::DynRuleset;
use grundy::Player;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::json;

use super::{build, cancellable, copy, memory, params_of, take, to_move};
use crate::errors::{self, bad};
use crate::json::loads;

/// A book's error as Python raises it: `grundy.Unsolved` (and its kinds) for a
/// position the engines did not solve, `ValueError` otherwise.
fn book_error(e: BookError) -> PyErr {
    match e {
        BookError::Unsolved { unsolved, .. } => errors::unsolved(&unsolved),
        other => bad(other),
    }
}

/// An opening book read from a file and checked against its game: every position
/// within its plies of its start, solved (see `grundy book --help`).
#[pyclass(module = "grundy", name = "Book", frozen)]
pub struct Book {
    game: Box<dyn DynRuleset>,
    book: Arc<book::Book>,
}

#[pymethods]
impl Book {
    /// `grundy.Book(path, game, **params)`: the book at `path`, for the built-in
    /// `game` with its parameters as keyword arguments. `ValueError` when the file is
    /// not a book, is damaged, is of another game, or does not agree with the rules.
    #[new]
    #[pyo3(signature = (path, game, **params))]
    fn new(path: PathBuf, game: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<Book> {
        let game = build(game, params)?;
        let raw = RawBook::read(&path).map_err(book_error)?;
        let book = game
            .check_book(raw)
            .map_err(|e| bad(format!("{}: refused: {e}", path.display())))?;
        Ok(Book {
            game,
            book: Arc::new(book),
        })
    }

    /// What the book says of `position` (with `to_move` to move in a partizan game):
    /// a dict with `result` and `remoteness` for the player to move, `best_moves`,
    /// and `moves` (each `move`, its `result` for the mover and `moves_left`, the
    /// move included); `None` when the book does not hold the position.
    #[pyo3(signature = (position, to_move=None))]
    fn get(
        &self,
        py: Python<'_>,
        position: &str,
        to_move: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let player = super::to_move(self.game.as_ref(), to_move)?;
        let shown = self
            .game
            .start_match(position, player, Budget::DEFAULT)
            .map_err(|e| {
                bad(format!(
                    "bad {} position {position:?}: {e}",
                    self.game.name()
                ))
            })?
            .position();
        let key = book::key_player(self.game.kind(), player);
        let Some(entry) = self.book.get(&shown, key) else {
            return Ok(None);
        };
        let moves: Vec<_> = entry
            .moves
            .iter()
            .map(|m| json!({"move": m.mv, "result": m.result, "moves_left": m.moves_left}))
            .collect();
        let best: Vec<&str> = best_moves(entry).map(|m| m.mv.as_str()).collect();
        let answer = json!({
            "position": shown,
            "result": entry.result,
            "remoteness": entry.remoteness,
            "best_moves": best,
            "moves": moves,
        });
        loads(py, &answer.to_string()).map(Some)
    }

    /// How many positions the book holds.
    fn __len__(&self) -> usize {
        self.book.len()
    }

    /// The game with its parameters, e.g. `tictactoe`.
    #[getter]
    fn title(&self) -> String {
        self.book.title().to_owned()
    }

    /// The start position.
    #[getter]
    fn root(&self) -> String {
        self.book.root().to_owned()
    }

    /// How many moves from the start the book covers.
    #[getter]
    fn plies(&self) -> u32 {
        self.book.plies()
    }

    fn __repr__(&self) -> String {
        format!(
            "<grundy.Book of {}: {} positions within {} plies of {}>",
            self.book.title(),
            self.book.len(),
            self.book.plies(),
            self.book.root()
        )
    }
}

/// `grundy.build_book(game, position, plies, out, **params)`: what `grundy book GAME
/// POSITION --plies N --out FILE` does: every position within `plies` moves of
/// `position` solved and written to `out` (through a temporary file and a rename);
/// returns the `grundy.Book`. Keyword arguments: the game's parameters, `to_move`
/// (a partizan game's player at the start) and `memory` (the search's table, in
/// bytes). Ctrl-C stops the work. `ValueError` for plies out of 0..64, a start
/// that is over or not in the game's notation; `grundy.Unsolved` (or a kind of it)
/// when a position is not solved.
#[pyfunction]
#[pyo3(signature = (game, position, plies, out, **params))]
pub fn build_book(
    py: Python<'_>,
    game: &str,
    position: &str,
    plies: u32,
    out: PathBuf,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Book> {
    let params = copy(py, params)?;
    let to_move_arg = take(Some(&params), "to_move")?;
    let memory = memory(take(Some(&params), "memory")?)?;
    let given = params_of(Some(&params))?;
    let ruleset = super::build_with(game, &given)?;
    let player: Player = to_move(ruleset.as_ref(), to_move_arg)?;
    grundy::files::check_writable(&out).map_err(bad)?;
    let position = position.to_owned();
    let built = cancellable(py, |poll| {
        grundy::engine::search::with_memory(memory, || {
            ruleset.build_book(&position, player, plies, &mut |_| poll())
        })
    })?;
    let book = built.map_err(book_error)?.with_params(given.pairs());
    book.write(&out).map_err(book_error)?;
    Ok(Book {
        game: ruleset,
        book: Arc::new(book),
    })
}
