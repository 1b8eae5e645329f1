//! A script's game behind the ruleset contract, so that everything that serves a
//! built-in game serves it too: the web playground's analysis, match and coloured
//! moves (`grundy.serve(game)`).
//!
//! Positions are numbered as in [`user`](crate::user) and valued by
//! `grundy::engine::graph`. A position given as text is read by the game's `parse`
//! (or the package's notation: Python literals, frozensets included), and the whole
//! game below it is explored at once, so that the contract's infallible methods
//! (`moves`) answer from what is kept; what fails (the script raises, the budget
//! runs out, a cycle) is said where the position is read.
//!
//! The game serves one request at a time (its script's code and the kept state are
//! one): the others wait their turn without the GIL, each until its deadline
//! ([`grundy::deadline`]), and then give up, so that a request queued behind slow
//! code does not hold a worker of the server past its deadline.

use std::fmt;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

use grundy::cgt::ValueBudget;
use grundy::engine::graph::{Graph, GraphError, Node};
use grundy::ruleset::notation::{Found, NotationError};
use grundy::ruleset::{IllegalMove, Kind, MoveError, Ruleset, Unsolved};
use grundy::{Player, Value};
use pyo3::prelude::*;
use pyo3::sync::MutexExt;

use crate::user::{Positions, Script};
use grundy::ruleset::{Capabilities, ClosedForm};

/// A move of a script's game: the position it leads to, written as the game shows
/// positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptMove {
    to: Node,
    text: Arc<str>,
}

impl fmt::Display for ScriptMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// What is kept between calls.
struct State {
    positions: Positions,
    graph: Graph,
    shown: Vec<Option<Arc<str>>>,
}

/// A script's game (`grundy.ImpartialGame` or `grundy.PartizanGame`) as a
/// [`Ruleset`].
pub struct ScriptRules {
    name: &'static str,
    game: Py<PyAny>,
    impartial: bool,
    components: bool,
    budget: u64,
    gate: Gate,
    state: Mutex<State>,
}

/// The turns at a game's kept state: one caller at a time, the others waiting
/// until it is free or their deadline has come.
#[derive(Default)]
struct Gate {
    busy: Mutex<bool>,
    free: Condvar,
}

/// A turn at a [`Gate`], given back when dropped.
struct Turn<'a>(&'a Gate);

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        *self.0.busy.lock().unwrap_or_else(|e| e.into_inner()) = false;
        self.0.free.notify_all();
    }
}

/// The deadline of the work came while it waited for the game's other work.
#[derive(Clone, Copy, Debug)]
struct Waited;

impl fmt::Display for Waited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "stopped at the deadline set for the work, waiting for the game's work for \
             another request",
        )
    }
}

impl Gate {
    /// A turn if none is taken.
    fn try_enter(&self) -> Option<Turn<'_>> {
        let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        (!*busy).then(|| {
            *busy = true;
            Turn(self)
        })
    }

    /// A turn, waiting for it until `at` (none: as long as it takes).
    fn enter_until(&self, at: Option<Instant>) -> Result<Turn<'_>, Waited> {
        let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        while *busy {
            busy = match at {
                None => self.free.wait(busy).unwrap_or_else(|e| e.into_inner()),
                Some(at) => {
                    let now = Instant::now();
                    if now >= at {
                        return Err(Waited);
                    }
                    let waited = self.free.wait_timeout(busy, at - now);
                    waited.unwrap_or_else(|e| e.into_inner()).0
                }
            };
        }
        *busy = true;
        Ok(Turn(self))
    }
}

/// The answer of an infallible method when its turn never came: the work is
/// abandoned, its deadline having passed (an answer made up would be taken).
fn or_abandon<T>(answer: Result<T, Waited>) -> T {
    answer.unwrap_or_else(|Waited| grundy::deadline::abandon())
}

/// A name for the commands, kept for the life of the process (a ruleset's name is
/// `'static`); each distinct name is kept once.
fn leak_name(name: &str) -> &'static str {
    static NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = names.iter().find(|n| **n == name) {
        return known;
    }
    let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
    names.push(leaked);
    leaked
}

impl ScriptRules {
    /// The game `game` (impartial or not) named `name`, holding at most `budget`
    /// positions.
    pub fn new(
        py: Python<'_>,
        name: &str,
        game: Py<PyAny>,
        impartial: bool,
        components: bool,
        budget: u64,
    ) -> ScriptRules {
        ScriptRules {
            name: leak_name(name),
            game,
            impartial,
            components,
            budget,
            gate: Gate::default(),
            state: Mutex::new(State {
                positions: Positions::new(py),
                graph: if impartial {
                    Graph::impartial()
                } else {
                    Graph::partizan()
                },
                shown: Vec::new(),
            }),
        }
    }

    /// A turn at the kept state, waited for (without the GIL) until the thread's
    /// deadline, if it has one.
    fn turn(&self) -> Result<Turn<'_>, Waited> {
        if let Some(turn) = self.gate.try_enter() {
            return Ok(turn);
        }
        let at = grundy::deadline::current();
        Python::attach(|py| py.detach(|| self.gate.enter_until(at)))
    }

    /// Runs `f` on the kept state with the script as a source, in this caller's turn
    /// (or not at all: [`Waited`]).
    fn with<T>(
        &self,
        f: impl for<'py> FnOnce(
            Python<'py>,
            &mut Graph,
            &mut Script<'_, 'py>,
            &mut Vec<Option<Arc<str>>>,
        ) -> T,
    ) -> Result<T, Waited> {
        let _turn = self.turn()?;
        Ok(Python::attach(|py| {
            let mut state = self
                .state
                .lock_py_attached(py)
                .unwrap_or_else(|e| e.into_inner());
            let state = &mut *state;
            let game = self.game.bind(py).clone();
            let mut script = Script::new(
                &game,
                &mut state.positions,
                self.impartial,
                self.components,
                self.budget,
            );
            f(py, &mut state.graph, &mut script, &mut state.shown)
        }))
    }

    /// The position `node` as the game writes it (its `show`, else the package's).
    fn show<'py>(
        py: Python<'py>,
        script: &Script<'_, 'py>,
        shown: &mut Vec<Option<Arc<str>>>,
        node: Node,
    ) -> Arc<str> {
        if let Some(Some(text)) = shown.get(node as usize) {
            return text.clone();
        }
        let text: Arc<str> = script.show_position(py, node).into();
        if shown.len() <= node as usize {
            shown.resize(node as usize + 1, None);
        }
        shown[node as usize] = Some(text.clone());
        text
    }

    fn moves_of(&self, pos: Node, player: Player) -> Result<Vec<ScriptMove>, Waited> {
        self.with(|py, graph, script, shown| {
            let options = match graph.known_options(pos, player) {
                Some(o) => o.to_vec(),
                // Every position read was explored; one that was not has no moves
                // known, and none are claimed.
                None => Vec::new(),
            };
            options
                .into_iter()
                .map(|to| ScriptMove {
                    to,
                    text: Self::show(py, script, shown, to),
                })
                .collect()
        })
    }
}

/// An error of the script met while reading a position, as the notation says it.
fn unreadable(text: &str, why: impl fmt::Display) -> NotationError {
    NotationError::new(
        1,
        format!("a position the game can solve ({why})"),
        Found::Text(text.to_owned()),
    )
}

impl Ruleset for ScriptRules {
    type Position = Node;

    type Move = ScriptMove;

    fn name(&self) -> &'static str {
        self.name
    }

    fn kind(&self) -> Kind {
        if self.impartial {
            Kind::Impartial
        } else {
            Kind::Partizan
        }
    }

    fn parse_position(&self, text: &str) -> Result<Node, NotationError> {
        self.with(|py, graph, script, _| {
            let node = script
                .parse_position(py, text)
                .map_err(|e| unreadable(text, e))?;
            graph.explore(script, node).map_err(|e| match e {
                GraphError::Source(e) => unreadable(text, e),
                GraphError::Cycle(n) => unreadable(
                    text,
                    format!(
                        "position {} repeats in one line of play, so the game need not end",
                        script.show_position(py, n)
                    ),
                ),
                GraphError::Value(e) => unreadable(text, e),
            })?;
            Ok(node)
        })
        .unwrap_or_else(|waited| Err(unreadable(text, waited)))
    }

    fn show_position(&self, pos: &Node) -> String {
        or_abandon(
            self.with(|py, _, script, shown| Self::show(py, script, shown, *pos).to_string()),
        )
    }

    fn parse_move(&self, pos: &Node, player: Player, text: &str) -> Result<ScriptMove, MoveError> {
        let text = text.trim();
        let moves = or_abandon(self.moves_of(*pos, player));
        if let Some(mv) = moves.iter().find(|m| &*m.text == text) {
            return Ok(mv.clone());
        }
        if moves.is_empty() {
            return Err(MoveError::Illegal(IllegalMove::new(
                "there is no move here",
            )));
        }
        Err(MoveError::notation(format!(
            "{text:?} is not a position a move leads to; {}",
            self.move_help()
        )))
    }

    fn move_help(&self) -> String {
        "a move is written as the position it leads to, as the game writes positions".into()
    }

    fn moves(&self, pos: &Node, player: Player) -> Vec<ScriptMove> {
        or_abandon(self.moves_of(*pos, player))
    }

    fn play(&self, _pos: &Node, mv: &ScriptMove) -> Node {
        mv.to
    }

    fn reach(&self, pos: &Node) -> u128 {
        self.with(|_, graph, script, _| graph.explore(script, *pos).map_or(u128::MAX, u128::from))
            .unwrap_or(u128::MAX)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new().closed_form(self)
    }
}

impl ClosedForm for ScriptRules {
    fn value(&self, pos: &Node) -> Result<Value, Unsolved> {
        let impartial = self.impartial;
        self.with(|_, graph, script, _| {
            let value = if impartial {
                graph.grundy(script, *pos).map(Value::Nimber)
            } else {
                graph
                    .value(script, *pos, &ValueBudget::steps(crate::user::VALUE_STEPS))
                    .map(Value::Canonical)
            };
            value.map_err(unsolved)
        })
        .unwrap_or_else(|waited| Err(Unsolved::over_time(waited.to_string())))
    }

    fn winning_moves(&self, pos: &Node, to_move: Player) -> Result<Vec<ScriptMove>, Unsolved> {
        let over = |waited: Waited| Unsolved::over_time(waited.to_string());
        let winning = self
            .with(|_, graph, script, _| {
                graph.winning_moves(script, *pos, to_move).map_err(unsolved)
            })
            .map_err(over)??;
        Ok(self
            .moves_of(*pos, to_move)
            .map_err(over)?
            .into_iter()
            .filter(|m| winning.contains(&m.to))
            .collect())
    }
}

/// A graph error as the contract reports it: the game's own code raised an error
/// ([`UnsolvedKind::Failed`](grundy::ruleset::UnsolvedKind::Failed)), a position
/// repeats (the game need not end, so it has no value), or the value's algebra
/// passed its budget or the deadline.
fn unsolved(e: GraphError<PyErr>) -> Unsolved {
    match e {
        GraphError::Source(e) => Unsolved::failed(e.to_string()),
        GraphError::Cycle(n) => {
            Unsolved::unsupported(format!("position #{n} repeats in one line of play"))
        }
        GraphError::Value(e) => Unsolved::of_value(&e, e.to_string()),
    }
}
