//! Which engine answers a position: the one routing table that the analysis
//! ([`analyze`](super::analyze), [`value_of`](super::value_of)), `--moves`
//! ([`move_values`](super::move_values)) and play consult, and its account for one
//! position ([`explain`], `grundy analyze --explain-engine`).
//!
//! A question is routed by the game's properties to a list of engines, tried in
//! order until one answers ([`ROUTES`]):
//!
//! | asked | a game with ties or cycles ([`ties_or_cycles`]) | a game without |
//! |---|---|---|
//! | analyze | search, tiers, retrograde, own-solver | closed-form, exhaustive, search; remoteness |
//! | `--moves` | search, tiers, retrograde, own-solver | closed-form; remoteness |
//! | play | search, tiers, retrograde, own-solver | remoteness, closed-form |
//!
//! Each engine takes a position on conditions of its own, in the code's names
//! ([`check`]):
//!
//! | engine | code | takes a position when | within |
//! |---|---|---|---|
//! | search | `engine::search` | with ties or cycles: `capabilities().search` is some (a space of the game's own; the game must be acyclic); without: `capabilities().outcome_search` is some (who wins alone, past the closed form) | a table of `--memory` bytes, the time limit |
//! | tiers | `engine::tiers` | `tier(pos)` is some, `reach(pos) <= RETRO_REACH` or unknown | [`RETRO_BUDGET`] moves listed (analyze), `--budget` (`--moves`, play) |
//! | retrograde | `engine::retrograde` | `tier(pos)` is none, `reach(pos) <= RETRO_REACH` or unknown | the same |
//! | own-solver | the [`OwnSolver`](crate::ruleset::OwnSolver) capability | `capabilities().solver` is some | the game's own |
//! | closed-form | the [`ClosedForm`](crate::ruleset::ClosedForm) capability | `capabilities().closed_form` is some (it may still not know the position) | - |
//! | exhaustive | `engine::impartial` | `kind()` is `Impartial`, `reach(pos) <= ENGINE_REACH` | `Budget::DEFAULT` |
//! | remoteness | `engine::remoteness` | analyze: `reach(pos) <= ENGINE_REACH`; `--moves`: always; play: `reach(pos) <= EXHAUSTIVE_LIMIT` | [`REMOTENESS_BUDGET`] (analyze), `--budget` (`--moves`, play) |
//!
//! The remoteness engine gives the remoteness (how many moves are left) beside the
//! closed form's or the exhaustive engine's answer, and in play the order of best
//! play; in a game with ties or cycles the answering engine gives it. Adding an
//! engine is a module under `engine/`, a variant of [`Engine`] with its conditions in
//! [`check`], its place in [`ROUTES`], and the arm that runs it where the route is
//! walked (`analysis::draws::solve_moves` for games with ties or cycles,
//! `analysis::answer` for the others).

use serde::Serialize;

use super::draws::RETRO_REACH;
use super::{ENGINE_REACH, REMOTENESS_BUDGET, RETRO_BUDGET};
use crate::engine::Budget;
use crate::game::Player;
use crate::ruleset::{Capabilities, Convention, Kind, Ruleset, RulesetExt};

/// Positions with at most this many reachable positions (an estimate from above)
/// are played exhaustively in play, with remoteness; bigger ones by the closed form
/// (`play::EXHAUSTIVE_LIMIT`).
pub const EXHAUSTIVE_LIMIT: u128 = 1 << 17;

/// An engine that may answer a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Engine {
    /// Alpha-beta search over the game's own space (`engine::search`).
    Search,
    /// The retrograde engine one tier at a time (`engine::tiers`).
    Tiers,
    /// The retrograde engine over every state reachable (`engine::retrograde`).
    Retrograde,
    /// The game's own solver past the retrograde engine's budget (the
    /// [`OwnSolver`](crate::ruleset::OwnSolver) capability).
    OwnSolver,
    /// The game's closed form (the [`ClosedForm`](crate::ruleset::ClosedForm)
    /// capability).
    ClosedForm,
    /// The exhaustive engine's Grundy value and winning moves (`engine::impartial`).
    Exhaustive,
    /// The exhaustive engine's remoteness and best play (`engine::remoteness`).
    Remoteness,
}

impl Engine {
    /// The engine's name, as `--explain-engine` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Search => "search",
            Engine::Tiers => "tiers",
            Engine::Retrograde => "retrograde",
            Engine::OwnSolver => "own-solver",
            Engine::ClosedForm => "closed-form",
            Engine::Exhaustive => "exhaustive",
            Engine::Remoteness => "remoteness",
        }
    }

    /// Where its code is: a module of `engine`, or a capability of the game.
    pub fn code(self) -> &'static str {
        match self {
            Engine::Search => "engine::search",
            Engine::Tiers => "engine::tiers",
            Engine::Retrograde => "engine::retrograde",
            Engine::OwnSolver => "the OwnSolver capability",
            Engine::ClosedForm => "the ClosedForm capability",
            Engine::Exhaustive => "engine::impartial",
            Engine::Remoteness => "engine::remoteness",
        }
    }

    /// What it answers.
    pub fn answers(self) -> &'static str {
        match self {
            Engine::Tiers | Engine::Retrograde => {
                "win, lose, tie or draw with remoteness, of the position and of every move"
            }
            Engine::Search => {
                "win, lose or tie with remoteness, of the position and of every move, by alpha-beta search"
            }
            Engine::OwnSolver => "win, lose, tie or draw, with remoteness where it finds it",
            Engine::ClosedForm => "the value, who wins and the winning moves",
            Engine::Exhaustive => "the Grundy value and the winning moves",
            Engine::Remoteness => "the remoteness beside the answer, and best play",
        }
    }
}

/// What is asked of the engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Asked {
    /// `grundy analyze`: who wins, the value, the winning moves, the remoteness.
    Analyze,
    /// `grundy analyze --moves`: every legal move with its worth and remoteness.
    Moves,
    /// `grundy play`: the engine's moves and the hints.
    Play,
}

/// The routing table: for each question, and for games with ties or cycles (`true`)
/// or without, the engines in the order they are tried.
pub const ROUTES: [(Asked, bool, &[Engine]); 6] = [
    (Asked::Analyze, true, DRAWS),
    (
        Asked::Analyze,
        false,
        &[
            Engine::ClosedForm,
            Engine::Exhaustive,
            Engine::Search,
            Engine::Remoteness,
        ],
    ),
    (Asked::Moves, true, DRAWS),
    (
        Asked::Moves,
        false,
        &[Engine::ClosedForm, Engine::Remoteness],
    ),
    (Asked::Play, true, DRAWS),
    (
        Asked::Play,
        false,
        &[Engine::Remoteness, Engine::ClosedForm],
    ),
];

/// The engines of a game with ties or cycles, for every question.
const DRAWS: &[Engine] = &[
    Engine::Search,
    Engine::Tiers,
    Engine::Retrograde,
    Engine::OwnSolver,
];

/// Whether `rules` can end in a tie or go on forever, so that the retrograde
/// engines answer it rather than the acyclic ones.
pub fn ties_or_cycles<R: Ruleset + ?Sized>(rules: &R) -> bool {
    rules.can_tie() || rules.can_cycle()
}

/// The engines tried for `asked` on `rules`, in order.
pub fn engines<R: Ruleset + ?Sized>(asked: Asked, rules: &R) -> &'static [Engine] {
    let draws = ties_or_cycles(rules);
    ROUTES
        .iter()
        .find(|(a, d, _)| *a == asked && *d == draws)
        .map_or(&[], |(_, _, engines)| engines)
}

/// One condition an engine puts on a position, with what the position gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// `tier(pos)` is some (`wanted`) or none.
    Tier {
        /// Whether a tier is wanted.
        wanted: bool,
        /// The position's tier.
        found: Option<u32>,
    },
    /// `reach(pos)` at most a limit; an unknown reach holds where `unknown_ok`.
    Reach {
        /// The position's reach (`u128::MAX` when unknown).
        reach: u128,
        /// The limit's name in the code.
        name: &'static str,
        /// The limit.
        limit: u128,
        /// Whether an unknown reach is tried (within the budget).
        unknown_ok: bool,
    },
    /// The game has a capability (`capabilities().FIELD` is some).
    Capability {
        /// The field of [`Capabilities`].
        field: &'static str,
        /// Whether the game has it.
        present: bool,
    },
    /// `kind()` is `Impartial`.
    Impartial {
        /// The game's kind.
        kind: Kind,
    },
}

impl Condition {
    /// Whether the position meets it.
    pub fn holds(self) -> bool {
        match self {
            Condition::Tier { wanted, found } => found.is_some() == wanted,
            Condition::Reach {
                reach,
                limit,
                unknown_ok,
                ..
            } => reach <= limit || (unknown_ok && reach == u128::MAX),
            Condition::Capability { present, .. } => present,
            Condition::Impartial { kind } => kind == Kind::Impartial,
        }
    }
}

impl std::fmt::Display for Condition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Condition::Tier {
                wanted: true,
                found: Some(t),
            } => write!(f, "tier(pos) is some: {t}"),
            Condition::Tier {
                wanted: true,
                found: None,
            } => write!(f, "tier(pos) is some: it is none"),
            Condition::Tier {
                wanted: false,
                found: Some(t),
            } => write!(f, "tier(pos) is none: it is {t}"),
            Condition::Tier {
                wanted: false,
                found: None,
            } => write!(f, "tier(pos) is none"),
            Condition::Reach {
                reach: u128::MAX,
                name,
                unknown_ok,
                ..
            } => {
                let then = if unknown_ok {
                    "tried within the budget"
                } else {
                    "not tried"
                };
                write!(f, "reach(pos) is unknown ({name}: {then})")
            }
            Condition::Reach {
                reach, name, limit, ..
            } => {
                let op = if reach <= limit { "<=" } else { ">" };
                write!(f, "reach(pos) = {reach} {op} {name} = {limit}")
            }
            Condition::Capability { field, present } => {
                let is = if present { "some" } else { "none" };
                write!(f, "capabilities().{field} is {is}")
            }
            Condition::Impartial { kind } => write!(f, "kind() is {kind:?}"),
        }
    }
}

/// Whether `engine` takes `pos` for `asked`, and on which conditions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The engine.
    pub engine: Engine,
    /// The conditions it puts on the position, in order.
    pub conditions: Vec<Condition>,
}

impl Check {
    /// Whether the engine takes the position: every condition holds.
    pub fn takes(&self) -> bool {
        self.conditions.iter().all(|c| c.holds())
    }
}

/// The conditions `engine` puts on `pos` for `asked`: the one place they are
/// written.
pub fn check<R: Ruleset + ?Sized>(
    engine: Engine,
    asked: Asked,
    rules: &R,
    pos: &R::Position,
) -> Check {
    let reach = |name, limit, unknown_ok| Condition::Reach {
        reach: rules.reach(pos),
        name,
        limit,
        unknown_ok,
    };
    let capability = |field, present| Condition::Capability { field, present };
    let caps: Capabilities<'_, R::Position, R::Move> = rules.capabilities();
    let conditions = match engine {
        Engine::Tiers | Engine::Retrograde => vec![
            Condition::Tier {
                wanted: engine == Engine::Tiers,
                found: rules.tier(pos),
            },
            reach("RETRO_REACH", RETRO_REACH, true),
        ],
        Engine::Search if ties_or_cycles(rules) => {
            vec![capability("search", caps.search.is_some())]
        }
        Engine::Search => vec![capability("outcome_search", caps.outcome_search.is_some())],
        Engine::OwnSolver => vec![capability("solver", caps.solver.is_some())],
        Engine::ClosedForm => vec![capability("closed_form", caps.closed_form.is_some())],
        Engine::Exhaustive => vec![
            Condition::Impartial { kind: rules.kind() },
            reach("ENGINE_REACH", ENGINE_REACH, false),
        ],
        Engine::Remoteness => match asked {
            Asked::Analyze => vec![reach("ENGINE_REACH", ENGINE_REACH, false)],
            Asked::Moves => Vec::new(),
            Asked::Play => vec![reach("EXHAUSTIVE_LIMIT", EXHAUSTIVE_LIMIT, false)],
        },
    };
    Check { engine, conditions }
}

/// Whether `engine` takes `pos` for `asked` ([`check`]).
pub fn takes<R: Ruleset + ?Sized>(
    engine: Engine,
    asked: Asked,
    rules: &R,
    pos: &R::Position,
) -> bool {
    check(engine, asked, rules, pos).takes()
}

/// The work `engine` may do for `grundy analyze`, in words.
fn analyze_limit(engine: Engine) -> Option<String> {
    let moves = |name: &str, n: u64| format!("within {name} = {n} moves listed");
    match engine {
        Engine::Tiers | Engine::Retrograde => Some(moves("RETRO_BUDGET", RETRO_BUDGET)),
        Engine::Exhaustive => Some(moves("Budget::DEFAULT", Budget::DEFAULT.left())),
        Engine::Remoteness => Some(moves("REMOTENESS_BUDGET", REMOTENESS_BUDGET)),
        Engine::Search => Some(format!(
            "within a table of {} bytes (--memory) and the time limit",
            crate::engine::search::memory()
        )),
        Engine::OwnSolver | Engine::ClosedForm => None,
    }
}

/// What one engine of a route did with a position, as [`explain`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Its conditions do not hold: it was not tried.
    DoesNotApply,
    /// It was tried and gave no answer (a closed form that does not know the
    /// position, an engine past its budget).
    NoAnswer,
    /// It answered.
    Answered,
    /// It applies, but an engine before it answered.
    NotNeeded,
    /// It found the remoteness beside the answer.
    FoundRemoteness,
    /// It was tried for the remoteness and did not find it within its budget.
    NoRemoteness,
}

impl Verdict {
    /// The verdict in words.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::DoesNotApply => "does not apply",
            Verdict::NoAnswer => "tried, no answer",
            Verdict::Answered => "answers",
            Verdict::NotNeeded => "applies, not needed",
            Verdict::FoundRemoteness => "finds the remoteness",
            Verdict::NoRemoteness => "tried, no remoteness within its budget",
        }
    }
}

/// One engine of a route, as [`explain`] reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The engine.
    pub engine: Engine,
    /// Where its code is.
    pub code: &'static str,
    /// What it answers.
    pub answers: &'static str,
    /// Whether its conditions hold, so that it is tried when its turn comes.
    pub applies: bool,
    /// What it did with the position.
    pub verdict: Verdict,
    /// Its conditions in the code's own names, with what the position gives, and
    /// whether each holds.
    pub conditions: Vec<ConditionReport>,
    /// The work it may do, in words; absent where it has no limit of its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<String>,
}

/// One condition of a [`Step`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConditionReport {
    /// The condition, e.g. `reach(pos) = 192 <= ENGINE_REACH = 1048576`.
    pub test: String,
    /// Whether it holds.
    pub holds: bool,
}

/// Which engines `grundy analyze` tries on a position, in order, why, and which one
/// answers: what `grundy analyze --explain-engine` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EngineReport {
    /// The game's name.
    pub game: String,
    /// Its parameters in words, e.g. `step 2`; empty when it has none.
    pub parameters: String,
    /// The position in the game's notation.
    pub position: String,
    /// `impartial` or `partizan`.
    pub kind: &'static str,
    /// `normal` or `misere`.
    pub convention: &'static str,
    /// Whether the game can end in a tie (`can_tie`).
    pub ties: bool,
    /// Whether a position can come back (`can_cycle`).
    pub cycles: bool,
    /// `reach(pos)`, the bound on the positions below; `None` (JSON `null`) when the
    /// game does not know it.
    pub reach: Option<u128>,
    /// The capabilities the game has, by their traits' names.
    pub capabilities: Vec<&'static str>,
    /// The question routed: `analyze`.
    pub asked: Asked,
    /// The engines of the route, in the order they are tried.
    pub engines: Vec<Step>,
    /// The engine that answered; `None` (JSON `null`) when none did.
    pub answered_by: Option<Engine>,
    /// The engine that found the remoteness; `None` when none did.
    pub remoteness_by: Option<Engine>,
    /// Why no engine answered, when none did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsolved: Option<String>,
}

/// The capabilities of `caps`, by their traits' names.
fn capability_names<P, M>(caps: &Capabilities<'_, P, M>) -> Vec<&'static str> {
    [
        ("ClosedForm", caps.closed_form.is_some()),
        ("MisereForm", caps.misere.is_some()),
        ("Presentation", caps.presentation.is_some()),
        ("WebBoard", caps.web_board.is_some()),
        ("Parts", caps.parts.is_some()),
        ("Tiers", caps.tiers.is_some()),
        ("OwnSolver", caps.solver.is_some()),
        ("OutcomeSearch", caps.outcome_search.is_some()),
        ("ManyMoves", caps.many_moves.is_some()),
        ("Enumerate", caps.enumerate.is_some()),
        ("HeapSequence", caps.heap_sequence.is_some()),
    ]
    .into_iter()
    .filter_map(|(name, has)| has.then_some(name))
    .collect()
}

/// The route of `grundy analyze` on `pos` with `to_move` to move: every engine of
/// it with its conditions, and the one that answers, found by running the analysis.
pub fn explain<R: Ruleset + ?Sized>(rules: &R, pos: &R::Position, to_move: Player) -> EngineReport {
    let asked = Asked::Analyze;
    let (answered_by, remoteness_by, unsolved) = match super::analyze_by(rules, pos, to_move, 0) {
        Ok((analysis, engine)) => {
            let remoteness = analysis.remoteness.map(|_| match engine {
                Engine::ClosedForm | Engine::Exhaustive => Engine::Remoteness,
                other => other,
            });
            (Some(engine), remoteness, None)
        }
        Err(why) => (None, None, Some(why.to_string())),
    };
    let mut answered = false;
    let engines = engines(asked, rules)
        .iter()
        .map(|&engine| {
            let check = check(engine, asked, rules, pos);
            let verdict = if !check.takes() {
                Verdict::DoesNotApply
            } else if engine == Engine::Remoteness {
                match remoteness_by {
                    Some(Engine::Remoteness) => Verdict::FoundRemoteness,
                    _ => Verdict::NoRemoteness,
                }
            } else if answered {
                Verdict::NotNeeded
            } else if answered_by == Some(engine) {
                answered = true;
                Verdict::Answered
            } else {
                Verdict::NoAnswer
            };
            Step {
                engine,
                code: engine.code(),
                answers: engine.answers(),
                applies: check.takes(),
                verdict,
                conditions: check
                    .conditions
                    .iter()
                    .map(|c| ConditionReport {
                        test: c.to_string(),
                        holds: c.holds(),
                    })
                    .collect(),
                limit: analyze_limit(engine),
            }
        })
        .collect();
    let reach = rules.reach(pos);
    EngineReport {
        game: rules.name().to_owned(),
        parameters: rules.parameters(),
        position: rules.show_position(pos),
        kind: match rules.kind() {
            Kind::Impartial => "impartial",
            Kind::Partizan => "partizan",
        },
        convention: match rules.convention() {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        },
        ties: rules.can_tie(),
        cycles: rules.can_cycle(),
        reach: (reach != u128::MAX).then_some(reach),
        capabilities: capability_names(&rules.capabilities()),
        asked,
        engines,
        answered_by,
        remoteness_by,
        unsolved,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_question_has_a_route_for_both_families() {
        for asked in [Asked::Analyze, Asked::Moves, Asked::Play] {
            for draws in [true, false] {
                let found = ROUTES
                    .iter()
                    .filter(|(a, d, _)| *a == asked && *d == draws)
                    .count();
                assert_eq!(found, 1, "{asked:?}, {draws}");
            }
        }
    }

    #[test]
    fn conditions_read_in_the_codes_names() {
        let reach = |reach, unknown_ok| Condition::Reach {
            reach,
            name: "ENGINE_REACH",
            limit: 1 << 20,
            unknown_ok,
        };
        assert_eq!(
            reach(192, false).to_string(),
            "reach(pos) = 192 <= ENGINE_REACH = 1048576"
        );
        assert!(reach(192, false).holds());
        assert!(!reach(1 << 21, false).holds());
        assert!(!reach(u128::MAX, false).holds());
        assert!(reach(u128::MAX, true).holds());
        assert_eq!(
            reach(u128::MAX, true).to_string(),
            "reach(pos) is unknown (ENGINE_REACH: tried within the budget)"
        );
        let tier = Condition::Tier {
            wanted: false,
            found: Some(3),
        };
        assert_eq!(tier.to_string(), "tier(pos) is none: it is 3");
        assert!(!tier.holds());
        let kind = Condition::Impartial {
            kind: Kind::Partizan,
        };
        assert_eq!(kind.to_string(), "kind() is Partizan");
        assert!(!kind.holds());
    }
}
