//! A script's own games, solved by the engines: the Python code is called only for
//! moves (and parts), each position at most once; the positions are numbered here
//! and valued by `grundy::engine::graph`.
//!
//! - [`Solver`] serves `grundy.ImpartialGame` and `grundy.PartizanGame`: positions
//!   are any hashable Python values, numbered through a dict.
//! - [`HeapSolver`] serves `grundy.HeapGame`: positions are multisets of heap sizes,
//!   numbered here without Python, and the script is asked for the moves of each
//!   heap size once.

use std::collections::HashMap;

use grundy::cgt::ValueBudget;
use grundy::engine::graph::{Callbacks, Graph, GraphError, Node};
use grundy::Player;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::{budget_exceeded, time_limit_exceeded, value_error, CycleError};
use crate::value::Fresh;

/// The most positions a game may hold by default.
pub const DEFAULT_BUDGET: u64 = 1 << 20;

/// The most positions any budget may ask for (about 2^32 numbers a position).
const MAX_BUDGET: u64 = u32::MAX as u64;

/// The most value steps one canonical form may take.
pub(crate) const VALUE_STEPS: u64 = 50_000_000;

/// A budget as the library takes it: a count of positions from 1 to 2^32 − 1.
pub(crate) fn checked_budget(budget: u64) -> PyResult<u64> {
    if (1..=MAX_BUDGET).contains(&budget) {
        Ok(budget)
    } else {
        Err(PyValueError::new_err(format!(
            "budget {budget}: expected a count of positions from 1 to {MAX_BUDGET}"
        )))
    }
}

fn over_budget(budget: u64) -> PyErr {
    budget_exceeded(format!(
        "the game needs more than {budget} positions, its budget: pass a larger \
         budget= (each position held costs memory), ask about a smaller position, or \
         clear() the positions held"
    ))
}

/// How many items of a script's iterator are read between two checks for Ctrl-C
/// and the deadline.
const ITEMS_PER_CHECK: u64 = 1 << 12;

/// Reads the items of `answer`, an iterable a script returned from `whence`
/// (e.g. `moves(3)`), passing each to `take`: at most `budget` items (each costs
/// memory even where it repeats a position held, so an endless iterator such as
/// `itertools.repeat(1)` stops with `BudgetExceeded`), checking for Ctrl-C and the
/// thread's deadline every [`ITEMS_PER_CHECK`] items.
fn read_items(
    answer: &Bound<'_, PyAny>,
    budget: u64,
    whence: impl Fn() -> String,
    mut take: impl FnMut(Bound<'_, PyAny>) -> PyResult<()>,
) -> PyResult<()> {
    let py = answer.py();
    let mut read: u64 = 0;
    for item in answer.try_iter()? {
        if read >= budget {
            return Err(budget_exceeded(format!(
                "{} yielded more than {budget} items, the budget: a game's moves are \
                 listed whole, so an endless iterator never ends; pass a larger budget= \
                 if the moves are that many",
                whence()
            )));
        }
        read += 1;
        if read % ITEMS_PER_CHECK == 0 {
            py.check_signals()?;
            if grundy::deadline::reached(grundy::deadline::current()) {
                return Err(time_limit_exceeded(&format!(
                    "stopped at the deadline set for the work, reading the items of {}",
                    whence()
                )));
            }
        }
        take(item?)?;
    }
    Ok(())
}

/// The player named `'L'`/`'Left'` or `'R'`/`'Right'` (any case).
fn player(name: &str) -> PyResult<Player> {
    match name.to_ascii_lowercase().as_str() {
        "l" | "left" => Ok(Player::Left),
        "r" | "right" => Ok(Player::Right),
        _ => Err(PyValueError::new_err(format!(
            "player {name:?}: expected 'L' (Left) or 'R' (Right)"
        ))),
    }
}

/// The error a graph search ended with, as Python sees it: the script's own
/// exception unchanged, a cycle naming its position (also as the attribute
/// `position`, given by `position`).
fn graph_error(
    py: Python<'_>,
    e: GraphError<PyErr>,
    position: impl Fn(Node) -> (String, Py<PyAny>),
) -> PyErr {
    match e {
        GraphError::Source(e) => e,
        GraphError::Value(e) => value_error(e),
        GraphError::Cycle(node) => {
            let (shown, value) = position(node);
            let err = CycleError::new_err(format!(
                "position {shown} repeats in one line of play, so the game need not end \
                 (games with cycles are not valued)"
            ));
            if let Err(e) = err.value(py).setattr("position", value) {
                return e;
            }
            err
        }
    }
}

// ---- positions that are Python values

/// The positions met so far: Python value ↔ number.
pub(crate) struct Positions {
    numbers: Py<PyDict>,
    values: Vec<Py<PyAny>>,
}

impl Positions {
    pub(crate) fn new(py: Python<'_>) -> Positions {
        Positions {
            numbers: PyDict::new(py).unbind(),
            values: Vec::new(),
        }
    }

    /// The number of `pos`, numbering it if it is new (refused past `budget`). An
    /// unhashable `pos` fails with Python's `TypeError` (see [`unhashable`]).
    fn number(&mut self, pos: &Bound<'_, PyAny>, budget: u64) -> PyResult<Node> {
        let py = pos.py();
        let numbers = self.numbers.bind(py);
        let known = numbers.get_item(pos)?;
        if let Some(n) = known {
            return n.extract();
        }
        let n = self.values.len() as u64;
        if n >= budget {
            return Err(over_budget(budget));
        }
        numbers.set_item(pos, n)?;
        self.values.push(pos.clone().unbind());
        Ok(n as Node)
    }

    fn get<'py>(&self, py: Python<'py>, node: Node) -> Bound<'py, PyAny> {
        self.values[node as usize].bind(py).clone()
    }

    fn show(&self, py: Python<'_>, node: Node) -> String {
        self.get(py, node)
            .repr()
            .map(|r| r.to_string())
            .unwrap_or_else(|_| format!("#{node}"))
    }
}

/// A failure to number `pos` (met in `whence`), with what positions must be when it
/// is not hashable. Called only on failure: `repr` runs Python's pending signal
/// handlers, whose exception must not be lost on the way.
fn unhashable(pos: &Bound<'_, PyAny>, whence: &str, e: PyErr) -> PyErr {
    let py = pos.py();
    if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
        let repr = pos
            .repr()
            .map(|r| r.to_string())
            .unwrap_or_else(|_| "?".into());
        pyo3::exceptions::PyTypeError::new_err(format!(
            "{whence}: position {repr} is not hashable; positions must be hashable \
             values (tuples, strings, numbers, frozensets), not lists, sets or dicts"
        ))
    } else {
        e
    }
}

/// The script's game as [`Callbacks`]: its `moves` (or `left_moves`, `right_moves`)
/// and optional `components`, called on the positions' Python values.
pub(crate) struct Script<'a, 'py> {
    game: &'a Bound<'py, PyAny>,
    positions: &'a mut Positions,
    impartial: bool,
    components: bool,
    budget: u64,
}

impl<'a, 'py> Script<'a, 'py> {
    /// The game `game` over `positions`, holding at most `budget` of them.
    pub(crate) fn new(
        game: &'a Bound<'py, PyAny>,
        positions: &'a mut Positions,
        impartial: bool,
        components: bool,
        budget: u64,
    ) -> Script<'a, 'py> {
        Script {
            game,
            positions,
            impartial,
            components,
            budget,
        }
    }

    /// The game's own `name` method if it has one, else the package's notation's.
    fn notation(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(own) = self.game.getattr(name) {
            if own.is_callable() {
                return Ok(own);
            }
        }
        py.import("grundy._notation")?.getattr(name)
    }

    /// The position written `text` (the game's `parse`, else a Python literal),
    /// numbered.
    pub(crate) fn parse_position(&mut self, py: Python<'py>, text: &str) -> PyResult<Node> {
        let pos = self.notation(py, "parse")?.call1((text,))?;
        self.positions
            .number(&pos, self.budget)
            .map_err(|e| unhashable(&pos, "the position", e))
    }

    /// The position `node` as text (the game's `show`, else the package's notation).
    pub(crate) fn show_position(&self, py: Python<'py>, node: Node) -> String {
        let pos = self.positions.get(py, node);
        self.notation(py, "show")
            .and_then(|show| show.call1((pos,)))
            .and_then(|text| text.extract::<String>())
            .unwrap_or_else(|_| self.positions.show(py, node))
    }

    fn list(&mut self, method: &str, node: Node) -> PyResult<Vec<Node>> {
        let py = self.game.py();
        py.check_signals()?;
        if grundy::deadline::passed() {
            return Err(time_limit_exceeded(
                "stopped at the deadline set for the work",
            ));
        }
        let pos = self.positions.get(py, node);
        let answer = self.game.call_method1(method, (pos.clone(),))?;
        // The call as an error message says it; made only for an error.
        let whence = |positions: &Positions| format!("{method}({})", positions.show(py, node));
        let items = match answer.try_iter() {
            Ok(items) => items,
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) => {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "{} returned {}, not an iterable of positions",
                    whence(self.positions),
                    answer
                        .get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_default()
                )))
            }
            Err(e) => return Err(e),
        };
        let mut out = Vec::new();
        let positions = &mut *self.positions;
        let budget = self.budget;
        let shown = || {
            let repr = pos.repr().map(|r| r.to_string());
            format!("{method}({})", repr.unwrap_or_else(|_| format!("#{node}")))
        };
        read_items(items.as_any(), budget, shown, |item| {
            match positions.number(&item, budget) {
                Ok(n) => {
                    out.push(n);
                    Ok(())
                }
                Err(e) => Err(unhashable(&item, &shown(), e)),
            }
        })?;
        Ok(out)
    }
}

impl Callbacks for Script<'_, '_> {
    type Error = PyErr;

    fn options(&mut self, node: Node, player: Player) -> PyResult<Vec<Node>> {
        let method = match (self.impartial, player) {
            (true, _) => "moves",
            (false, Player::Left) => "left_moves",
            (false, Player::Right) => "right_moves",
        };
        self.list(method, node)
    }

    fn parts(&mut self, node: Node) -> PyResult<Option<Vec<Node>>> {
        if !self.components {
            return Ok(None);
        }
        self.list("components", node).map(Some)
    }
}

/// The engine behind one `grundy.ImpartialGame` or `grundy.PartizanGame`: the
/// positions it has met and everything solved about them, kept between calls.
#[pyclass(module = "grundy._grundy", name = "_Solver")]
pub struct Solver {
    game: Py<PyAny>,
    impartial: bool,
    components: bool,
    budget: u64,
    positions: Positions,
    graph: Graph,
}

impl Solver {
    /// Runs `f` with the script as a source, the budget `budget` (or the game's).
    fn with<T>(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        budget: Option<u64>,
        f: impl FnOnce(&mut Graph, &mut Script<'_, '_>, Node) -> Result<T, GraphError<PyErr>>,
    ) -> PyResult<T> {
        let budget = checked_budget(budget.unwrap_or(self.budget))?;
        let game = self.game.bind(py).clone();
        let mut script = Script::new(
            &game,
            &mut self.positions,
            self.impartial,
            self.components,
            budget,
        );
        let root = script
            .positions
            .number(position, budget)
            .map_err(|e| unhashable(position, "the position", e))?;
        let result = f(&mut self.graph, &mut script, root);
        result.map_err(|e| {
            graph_error(py, e, |n| {
                (
                    self.positions.show(py, n),
                    self.positions.get(py, n).unbind(),
                )
            })
        })
    }

    fn values(&self, py: Python<'_>, nodes: Vec<Node>) -> Vec<Py<PyAny>> {
        nodes
            .into_iter()
            .map(|n| self.positions.get(py, n).unbind())
            .collect()
    }
}

#[pymethods]
impl Solver {
    /// A solver for `game`, impartial or not, calling `game.components` when asked.
    #[new]
    #[pyo3(signature = (game, impartial, components, budget=DEFAULT_BUDGET))]
    fn new(
        py: Python<'_>,
        game: Py<PyAny>,
        impartial: bool,
        components: bool,
        budget: u64,
    ) -> PyResult<Solver> {
        Ok(Solver {
            game,
            impartial,
            components,
            budget: checked_budget(budget)?,
            positions: Positions::new(py),
            graph: if impartial {
                Graph::impartial()
            } else {
                Graph::partizan()
            },
        })
    }

    /// How many positions the solver holds.
    fn held(&self) -> usize {
        self.positions.values.len()
    }

    /// The Grundy value of an impartial position.
    #[pyo3(signature = (position, budget=None))]
    fn grundy(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        budget: Option<u64>,
    ) -> PyResult<u128> {
        self.with(py, position, budget, |g, s, root| g.grundy(s, root))
            .map(|n| n.0)
    }

    /// The remoteness of an impartial position.
    #[pyo3(signature = (position, budget=None))]
    fn remoteness(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        budget: Option<u64>,
    ) -> PyResult<u32> {
        self.with(py, position, budget, |g, s, root| g.remoteness(s, root))
            .map(|r| r.moves())
    }

    /// The canonical value of a position (a nimber in an impartial game).
    #[pyo3(signature = (position, budget=None))]
    fn value(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        budget: Option<u64>,
    ) -> PyResult<Fresh> {
        let steps = ValueBudget::steps(VALUE_STEPS);
        self.with(py, position, budget, |g, s, root| g.value(s, root, &steps))
            .map(Fresh)
    }

    /// The positions `player` (`'L'` or `'R'`; either in an impartial game) can move
    /// to that win for them.
    #[pyo3(signature = (position, player="L", budget=None))]
    fn winning_moves(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        player: &str,
        budget: Option<u64>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let player = self::player(player)?;
        let nodes = self.with(py, position, budget, |g, s, root| {
            g.winning_moves(s, root, player)
        })?;
        Ok(self.values(py, nodes))
    }

    /// The positions `player` can move to.
    #[pyo3(signature = (position, player="L", budget=None))]
    fn options(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        player: &str,
        budget: Option<u64>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let player = self::player(player)?;
        let nodes = self.with(py, position, budget, |g, s, root| {
            g.options(s, root, player).map_err(GraphError::Source)
        })?;
        Ok(self.values(py, nodes))
    }
}

// ---- heap games

/// A multiset of heap sizes, sorted.
type Heaps = Vec<u64>;

/// The positions of a heap game met so far, and each heap size's moves.
#[derive(Default)]
struct HeapPositions {
    numbers: HashMap<Heaps, Node>,
    heaps: Vec<Heaps>,
    moves: HashMap<u64, Vec<Heaps>>,
}

impl HeapPositions {
    fn number(&mut self, mut heaps: Heaps, budget: u64) -> PyResult<Node> {
        heaps.sort_unstable();
        if let Some(&n) = self.numbers.get(&heaps) {
            return Ok(n);
        }
        let n = self.heaps.len() as u64;
        if n >= budget {
            return Err(over_budget(budget));
        }
        self.numbers.insert(heaps.clone(), n as Node);
        self.heaps.push(heaps);
        Ok(n as Node)
    }

    fn show(&self, node: Node) -> String {
        match self.heaps[node as usize].as_slice() {
            [one] => format!("heap {one}"),
            heaps => format!("{heaps:?}"),
        }
    }
}

/// The script's heap game as [`Callbacks`]: a lone heap moves as the script says; a
/// position of several heaps is the sum of its heaps, and moves in one of them.
struct HeapScript<'a, 'py> {
    game: &'a Bound<'py, PyAny>,
    positions: &'a mut HeapPositions,
    budget: u64,
}

impl HeapScript<'_, '_> {
    /// What heap `n` can become: the script's `moves(n)`, asked once.
    fn moves_of(&mut self, n: u64) -> PyResult<Vec<Heaps>> {
        if let Some(m) = self.positions.moves.get(&n) {
            return Ok(m.clone());
        }
        let out = heap_moves(self.game, n, self.budget)?;
        self.positions.moves.insert(n, out.clone());
        Ok(out)
    }
}

/// What heap `n` can become, as the script's `moves(n)` says: at most `budget`
/// moves (see [`read_items`]).
fn heap_moves(game: &Bound<'_, PyAny>, n: u64, budget: u64) -> PyResult<Vec<Heaps>> {
    let py = game.py();
    py.check_signals()?;
    if grundy::deadline::passed() {
        return Err(time_limit_exceeded(
            "stopped at the deadline set for the work",
        ));
    }
    let answer = game.call_method1("moves", (n,))?;
    let mut out = Vec::new();
    read_items(
        &answer,
        budget,
        || format!("moves({n})"),
        |item| {
            let heaps: Heaps = item.extract().map_err(|_| {
                let repr = item
                    .repr()
                    .map(|r| r.to_string())
                    .unwrap_or_else(|_| "?".into());
                pyo3::exceptions::PyTypeError::new_err(format!(
                    "moves({n}) yielded {repr}: expected a tuple of heap sizes \
                 (non-negative integers), () to remove the heap"
                ))
            })?;
            out.push(heaps);
            Ok(())
        },
    )?;
    Ok(out)
}

impl Callbacks for HeapScript<'_, '_> {
    type Error = PyErr;

    fn options(&mut self, node: Node, _: Player) -> PyResult<Vec<Node>> {
        let heaps = self.positions.heaps[node as usize].clone();
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue; // the same move in an equal heap
            }
            for replacement in self.moves_of(h)? {
                let mut after: Heaps = heaps[..i].to_vec();
                after.extend_from_slice(&heaps[i + 1..]);
                after.extend_from_slice(&replacement);
                out.push(self.positions.number(after, self.budget)?);
            }
        }
        Ok(out)
    }

    fn parts(&mut self, node: Node) -> PyResult<Option<Vec<Node>>> {
        let heaps = self.positions.heaps[node as usize].clone();
        if heaps.len() == 1 {
            return Ok(None);
        }
        let mut parts = Vec::with_capacity(heaps.len());
        for h in heaps {
            parts.push(self.positions.number(vec![h], self.budget)?);
        }
        Ok(Some(parts))
    }
}

/// The engine behind one `grundy.HeapGame`.
#[pyclass(module = "grundy._grundy", name = "_HeapSolver")]
pub struct HeapSolver {
    game: Py<PyAny>,
    budget: u64,
    positions: HeapPositions,
    graph: Graph,
    /// G(0), G(1), ... of single heaps found so far by `sequence`.
    values: Vec<u32>,
}

/// Heap sizes from Python: an int (one heap) or an iterable of ints.
fn heaps_of(arg: &Bound<'_, PyAny>) -> PyResult<Heaps> {
    if let Ok(n) = arg.extract::<u64>() {
        return Ok(vec![n]);
    }
    arg.extract::<Heaps>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "a heap position is a heap size or a tuple of heap sizes (non-negative integers)",
        )
    })
}

impl HeapSolver {
    fn with<T>(
        &mut self,
        py: Python<'_>,
        heaps: Heaps,
        budget: Option<u64>,
        f: impl FnOnce(&mut Graph, &mut HeapScript<'_, '_>, Node) -> Result<T, GraphError<PyErr>>,
    ) -> PyResult<T> {
        let budget = checked_budget(budget.unwrap_or(self.budget))?;
        let game = self.game.bind(py).clone();
        let mut script = HeapScript {
            game: &game,
            positions: &mut self.positions,
            budget,
        };
        let root = script.positions.number(heaps, budget)?;
        let result = f(&mut self.graph, &mut script, root);
        result.map_err(|e| {
            graph_error(py, e, |n| {
                let heaps = &self.positions.heaps[n as usize];
                let value =
                    PyTuple::new(py, heaps).map_or_else(|_| py.None(), |t| t.into_any().unbind());
                (self.positions.show(n), value)
            })
        })
    }
}

#[pymethods]
impl HeapSolver {
    /// A solver for the heap game `game`.
    #[new]
    #[pyo3(signature = (game, budget=DEFAULT_BUDGET))]
    fn new(game: Py<PyAny>, budget: u64) -> PyResult<HeapSolver> {
        Ok(HeapSolver {
            game,
            budget: checked_budget(budget)?,
            positions: HeapPositions::default(),
            graph: Graph::impartial(),
            values: Vec::new(),
        })
    }

    /// How many positions the solver holds (single heaps valued by `sequence`
    /// included).
    fn held(&self) -> usize {
        self.positions.heaps.len() + self.values.len()
    }

    /// G(0), ..., G(n) of single heaps: each the mex over the heap's moves of the XOR
    /// of the values of the heaps a move leaves, the script asked once per heap size
    /// (a move that leaves a heap as large as the one it was made in is valued by
    /// the graph of positions, which finds a cycle if there is one).
    #[pyo3(signature = (n, budget=None))]
    fn sequence(&mut self, py: Python<'_>, n: u64, budget: Option<u64>) -> PyResult<Vec<u32>> {
        let budget = checked_budget(budget.unwrap_or(self.budget))?;
        if n >= budget {
            return Err(over_budget(budget));
        }
        let game = self.game.bind(py).clone();
        while self.values.len() as u64 <= n {
            let heap = self.values.len() as u64;
            let moves = heap_moves(&game, heap, budget)?;
            let mut seen = vec![false; moves.len() + 1];
            for m in moves {
                let x = if m.iter().all(|&h| h < heap) {
                    m.iter()
                        .fold(0u128, |x, &h| x ^ u128::from(self.values[h as usize]))
                } else {
                    self.with(py, m, Some(budget), |g, s, root| g.grundy(s, root))?
                        .0
                };
                if let Some(slot) = usize::try_from(x).ok().and_then(|x| seen.get_mut(x)) {
                    *slot = true;
                }
            }
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
            self.values.push(u32::try_from(mex).map_err(|_| {
                pyo3::exceptions::PyOverflowError::new_err(format!(
                    "G({heap}) = {mex} does not fit 32 bits"
                ))
            })?);
        }
        Ok(self.values[..=n as usize].to_vec())
    }

    /// The Grundy value of a heap or a tuple of heaps.
    #[pyo3(signature = (heaps, budget=None))]
    fn grundy(
        &mut self,
        py: Python<'_>,
        heaps: &Bound<'_, PyAny>,
        budget: Option<u64>,
    ) -> PyResult<u128> {
        let heaps = heaps_of(heaps)?;
        if heaps.iter().all(|&h| h < self.values.len() as u64) {
            return Ok(heaps
                .iter()
                .fold(0, |x, &h| x ^ u128::from(self.values[h as usize])));
        }
        self.with(py, heaps, budget, |g, s, root| g.grundy(s, root))
            .map(|n| n.0)
    }

    /// The remoteness of a heap or a tuple of heaps.
    #[pyo3(signature = (heaps, budget=None))]
    fn remoteness(
        &mut self,
        py: Python<'_>,
        heaps: &Bound<'_, PyAny>,
        budget: Option<u64>,
    ) -> PyResult<u32> {
        let heaps = heaps_of(heaps)?;
        self.with(py, heaps, budget, |g, s, root| g.remoteness(s, root))
            .map(|r| r.moves())
    }

    /// The positions (sorted tuples of heaps) the player to move wins by moving to.
    #[pyo3(signature = (heaps, budget=None))]
    fn winning_moves<'py>(
        &mut self,
        py: Python<'py>,
        heaps: &Bound<'py, PyAny>,
        budget: Option<u64>,
    ) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let heaps = heaps_of(heaps)?;
        let nodes = self.with(py, heaps, budget, |g, s, root| {
            g.winning_moves(s, root, Player::Left)
        })?;
        nodes
            .into_iter()
            .map(|n| PyTuple::new(py, &self.positions.heaps[n as usize]))
            .collect()
    }
}
