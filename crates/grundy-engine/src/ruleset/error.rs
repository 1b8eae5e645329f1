//! The errors of the contract: a move that is not legal, a move that cannot be read,
//! a parameter out of range, a size that cannot finish.

use crate::ruleset::notation::NotationError;
use std::fmt;

/// A move that breaks the rules in the position it was tried in, with why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalMove {
    /// Why the move is not legal, e.g. `there is no pawn on square 4`.
    pub reason: String,
}

impl IllegalMove {
    /// An illegal move, for `reason`.
    pub fn new(reason: impl Into<String>) -> IllegalMove {
        IllegalMove {
            reason: reason.into(),
        }
    }
}

/// Text that is not a legal move: not in the move notation, or against the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move in the ruleset's notation; the message says what was
    /// expected, e.g. `not a move: no '-' (write FROM-TO, e.g. 5-4)`.
    #[error("{message}")]
    Notation {
        /// What is wrong and how moves are written.
        message: String,
        /// Where in the text, when the notation says.
        detail: Option<NotationError>,
    },
    /// The move is well written but not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

impl MoveError {
    /// A notation error with its message.
    pub fn notation(message: impl Into<String>) -> MoveError {
        MoveError::Notation {
            message: message.into(),
            detail: None,
        }
    }

    /// An illegal move with its reason.
    pub fn illegal(reason: impl Into<String>) -> MoveError {
        MoveError::Illegal(IllegalMove::new(reason))
    }
}

/// A ruleset parameter that is missing, unknown, or out of its range.
///
/// Its message names a parameter by its name (`code`); a front end spells it its own way
/// with [`render`](ParamError::render), as the command line does (`--code`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParamError {
    /// A parameter given to a game that does not have it.
    NotApplicable {
        /// The option, without dashes.
        option: String,
        /// The games that have it, e.g. `pawns`.
        owners: String,
    },
    /// A parameter the game needs and was not given.
    Missing {
        /// The game.
        game: String,
        /// The option, without dashes.
        option: String,
        /// What its value is called, e.g. `S`.
        value_name: String,
        /// An example value.
        example: String,
    },
    /// A value that is not valid for the parameter.
    Invalid {
        /// The option, without dashes.
        option: String,
        /// The value given.
        value: String,
        /// What is wrong with it.
        message: String,
        /// Where in the value it went wrong (from 1), for a value in a notation.
        column: Option<usize>,
    },
    /// Misère play asked of a partizan game (or of a game already played misère).
    Misere {
        /// The game.
        game: String,
    },
    /// Misère play asked of a game with ties or cycles, which misère play (the last
    /// player to move loses) does not describe.
    MisereDraws {
        /// The game.
        game: String,
    },
    /// Misère play asked of an impartial game whose registry entry builds it for
    /// normal play only ([`normal_play_only`](crate::dynamic::normal_play_only)).
    MisereNotOffered {
        /// The game.
        game: String,
    },
    /// A game name that is not in the registry.
    UnknownGame {
        /// The name given.
        name: String,
        /// The names known, comma-separated.
        known: String,
    },
}

impl ParamError {
    /// The message, with each parameter's name written by `spell` (the command line
    /// writes `--code`, the web API its field name `code`).
    pub fn render(&self, spell: impl Fn(&str) -> String) -> String {
        match self {
            ParamError::NotApplicable { option, owners } if owners == "no game" => {
                format!("{} is not a parameter of any game", spell(option))
            }
            ParamError::NotApplicable { option, owners } => {
                format!("{} applies to {owners} only", spell(option))
            }
            ParamError::Missing {
                game,
                option,
                value_name,
                example,
            } => {
                let option = spell(option);
                format!("{game} needs {option} {value_name}, e.g. {option} {example}")
            }
            ParamError::Invalid {
                option,
                value,
                message,
                ..
            } => format!("{} {value:?}: {message}", spell(option)),
            ParamError::Misere { game } => format!(
                "{} applies to impartial games only; {game} is partizan",
                spell("misere")
            ),
            ParamError::MisereDraws { game } => format!(
                "{} applies to games without ties or endless play; {game} has them",
                spell("misere")
            ),
            ParamError::MisereNotOffered { game } => {
                format!("{} is not offered for {game}", spell("misere"))
            }
            ParamError::UnknownGame { name, known } => {
                format!("unknown game {name:?}; the games are {known}")
            }
        }
    }

    /// Where in the value given the problem is (from 1), for a value in a notation.
    pub fn column(&self) -> Option<usize> {
        match self {
            ParamError::Invalid { column, .. } => *column,
            _ => None,
        }
    }
}

impl fmt::Display for ParamError {
    /// The message with the parameters' bare names, e.g. `octal needs code CODE, e.g.
    /// code 0.77`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(str::to_owned))
    }
}

impl std::error::Error for ParamError {}

/// A size the library refuses: too small to have positions, or too large to finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SizeError {
    /// Smaller than the ruleset's smallest position.
    #[error("{}", self.render("a size of"))]
    TooSmall {
        /// The size asked for.
        size: usize,
        /// The ruleset's title.
        game: String,
        /// The smallest size.
        smallest: usize,
        /// What a size counts.
        unit: &'static str,
    },
    /// Larger than can finish in reasonable time and memory.
    #[error("{}", self.render("a size of"))]
    TooLarge {
        /// The size asked for.
        size: usize,
        /// The ruleset's title.
        game: String,
        /// The largest size.
        largest: usize,
        /// What a size counts.
        unit: &'static str,
    },
    /// The ruleset does not enumerate its positions.
    #[error("{}", self.render("a size of"))]
    NotEnumerable {
        /// The ruleset's title.
        game: String,
    },
}

impl SizeError {
    /// The message, with the size introduced by `size` (the command line writes
    /// `--max-size`; the library's own message says `a size of`).
    pub fn render(&self, size: &str) -> String {
        match self {
            SizeError::TooSmall {
                size: n,
                game,
                smallest,
                unit,
            } => format!(
                "{size} {n} is too small for {game}: its positions start at {smallest} {unit}"
            ),
            SizeError::TooLarge {
                size: n,
                game,
                largest,
                unit,
            } => format!("{size} {n} is too large for {game}: at most {largest} {unit}"),
            SizeError::NotEnumerable { game } => {
                format!("{game} does not list its positions by size, so it cannot be verified")
            }
        }
    }
}

/// What kind of limit or gap left a question unanswered ([`Unsolved::kind`]), for a
/// caller that acts on it: raise a budget, wait longer, or ask something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UnsolvedKind {
    /// The work would pass its budget (positions held, moves listed, value steps,
    /// memory), or the position is bigger than an engine takes: a bigger budget may
    /// answer it.
    OverBudget,
    /// The work was stopped at its time limit or cancelled: more time may answer it.
    OverTime,
    /// No closed form or theorem known here covers the position (a heap beyond the
    /// computed values of a sequence with no proven period, a value beyond the
    /// numbers the algebra holds).
    NoTheory,
    /// The question does not apply: a value of a game with ties or endless play, of
    /// a position under misère play, a heap sequence of a game that is not a heap
    /// game.
    Unsupported,
    /// The game's own code failed or contradicted itself (a user's game raised an
    /// error, a ruleset's own solver disagreed with its moves).
    Failed,
}

impl UnsolvedKind {
    /// Every kind, in the order of [`Unsolved::or`]'s preference (the first is the
    /// most telling).
    pub const ALL: [UnsolvedKind; 5] = [
        UnsolvedKind::Failed,
        UnsolvedKind::OverTime,
        UnsolvedKind::OverBudget,
        UnsolvedKind::NoTheory,
        UnsolvedKind::Unsupported,
    ];

    /// The kind's name in JSON and in the Python exceptions' `kind`:
    /// `over_budget`, `over_time`, `no_theory`, `unsupported` or `failed`.
    pub fn name(self) -> &'static str {
        match self {
            UnsolvedKind::OverBudget => "over_budget",
            UnsolvedKind::OverTime => "over_time",
            UnsolvedKind::NoTheory => "no_theory",
            UnsolvedKind::Unsupported => "unsupported",
            UnsolvedKind::Failed => "failed",
        }
    }

    /// The more telling of two kinds, in the order of [`ALL`](UnsolvedKind::ALL).
    pub fn or(self, other: UnsolvedKind) -> UnsolvedKind {
        let rank = |k: UnsolvedKind| UnsolvedKind::ALL.iter().position(|&a| a == k);
        if rank(other) < rank(self) {
            other
        } else {
            self
        }
    }
}

impl fmt::Display for UnsolvedKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A question about a position that has no answer here, with what kind of limit or
/// gap stopped it and why (for example, a heap beyond the computed values of a
/// sequence with no proven period: [`UnsolvedKind::NoTheory`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct Unsolved {
    /// What kind of limit or gap it is.
    pub kind: UnsolvedKind,
    /// Why the answer is not known, for a person.
    pub reason: String,
    /// The best move a search found before a time limit stopped it, where a game's
    /// own search ran out of time ([`BestFound`]); `None` otherwise.
    pub best_found: Option<Box<BestFound>>,
}

/// The best move a search found in the time it had, not proven best: the best move
/// of the deepest search to a fixed depth it completed, judged at that depth by the
/// game's estimate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestFound {
    /// The move, in the ruleset's notation.
    pub mv: String,
    /// The position after it, in the ruleset's notation.
    pub after: String,
    /// The depth of the deepest search completed, in moves.
    pub depth: u32,
}

impl Unsolved {
    /// Unsolved of `kind`, for `reason`.
    pub fn with(kind: UnsolvedKind, reason: impl Into<String>) -> Unsolved {
        Unsolved {
            kind,
            reason: reason.into(),
            best_found: None,
        }
    }

    /// The same, with the best move a search found before its time ran out.
    pub fn with_best_found(self, found: BestFound) -> Unsolved {
        Unsolved {
            best_found: Some(Box::new(found)),
            ..self
        }
    }

    /// The work would pass its budget ([`UnsolvedKind::OverBudget`]).
    pub fn over_budget(reason: impl Into<String>) -> Unsolved {
        Unsolved::with(UnsolvedKind::OverBudget, reason)
    }

    /// The work was stopped at its time limit ([`UnsolvedKind::OverTime`]).
    pub fn over_time(reason: impl Into<String>) -> Unsolved {
        Unsolved::with(UnsolvedKind::OverTime, reason)
    }

    /// A limit stopped the work: [`UnsolvedKind::OverTime`] when the thread's
    /// deadline ([`deadline`](crate::deadline)) has passed or the work was
    /// cancelled (a budget stops there too), else [`UnsolvedKind::OverBudget`].
    pub fn past_limit(reason: impl Into<String>) -> Unsolved {
        use crate::deadline;
        if deadline::cancelled() || deadline::reached(deadline::current()) {
            Unsolved::over_time(reason)
        } else {
            Unsolved::over_budget(reason)
        }
    }

    /// No theory known here covers the position ([`UnsolvedKind::NoTheory`]).
    pub fn no_theory(reason: impl Into<String>) -> Unsolved {
        Unsolved::with(UnsolvedKind::NoTheory, reason)
    }

    /// The question does not apply ([`UnsolvedKind::Unsupported`]).
    pub fn unsupported(reason: impl Into<String>) -> Unsolved {
        Unsolved::with(UnsolvedKind::Unsupported, reason)
    }

    /// The game's own code failed or contradicted itself ([`UnsolvedKind::Failed`]).
    pub fn failed(reason: impl Into<String>) -> Unsolved {
        Unsolved::with(UnsolvedKind::Failed, reason)
    }

    /// A value the algebra could not compute, for `reason`: past its budget or the
    /// deadline, or beyond the numbers it holds ([`UnsolvedKind::NoTheory`]).
    pub fn of_value(e: &crate::cgt::ValueError, reason: impl Into<String>) -> Unsolved {
        use crate::cgt::ValueError as E;
        match e {
            E::Budget { .. } => Unsolved::past_limit(reason),
            E::Deadline => Unsolved::over_time(reason),
            _ => Unsolved::no_theory(reason),
        }
    }

    /// The ruleset `game` has no closed form ([`UnsolvedKind::NoTheory`]).
    pub fn no_closed_form(game: &str) -> Unsolved {
        Unsolved::no_theory(format!("{game} has no closed form"))
    }

    /// The same reason, of the more telling of its kind and `kind`
    /// ([`UnsolvedKind::or`]).
    pub fn of_kind_or(self, kind: UnsolvedKind) -> Unsolved {
        Unsolved {
            kind: self.kind.or(kind),
            ..self
        }
    }

    /// Two attempts that both failed, as one: the reasons joined by `"; "` (one of
    /// them when they are the same), of the more telling kind (in the order of
    /// [`UnsolvedKind::ALL`]: a failure, then a limit, then a gap in the theory,
    /// then a question that does not apply).
    ///
    /// ```
    /// use grundy_engine::ruleset::{Unsolved, UnsolvedKind};
    ///
    /// let both = Unsolved::no_closed_form("cram").or(Unsolved::over_budget("too big"));
    /// assert_eq!(both.kind, UnsolvedKind::OverBudget);
    /// assert_eq!(both.reason, "cram has no closed form; too big");
    /// ```
    pub fn or(self, other: Unsolved) -> Unsolved {
        let kind = self.kind.or(other.kind);
        let reason = if self.reason == other.reason {
            self.reason
        } else {
            format!("{}; {}", self.reason, other.reason)
        };
        Unsolved {
            kind,
            reason,
            best_found: self.best_found.or(other.best_found),
        }
    }
}
