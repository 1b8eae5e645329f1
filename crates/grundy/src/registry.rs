//! Every game by its name: the registry, and the one facade every command calls.
//!
//! [`PROBLEMS`] lists the judge problems, each living with its game; [`Input`] is an
//! input of any of them, as data.
//!
//! [`RULESETS`] lists each ruleset's [`RulesetSpec`]: its name, help, parameters and
//! builder. [`build`] checks the parameters given against the game's own and builds
//! it as a [`DynRuleset`], a dyn-compatible facade over [`Ruleset`] implemented once
//! for every ruleset: analyze, the worth of every move, a match against the engine,
//! and verification, all from text in the game's notation.
//!
//! ```
//! use grundy::registry::{build, Params};
//! use grundy::Player;
//!
//! let game = build("pawns", &Params::new()).unwrap();
//! let analysis = game.analyze("..P.P", Player::Left, 10).unwrap();
//! assert!(analysis.to_move_wins);
//! assert_eq!(analysis.value.unwrap().to_string(), "*");
//! ```

use crate::analysis::moves::{move_values, MoveValue};
use crate::analysis::{analyze, Analysis};
use crate::engine::Budget;
use crate::game::Player;
use crate::judge::Problem;
use crate::play::{Match, RulesetMatch};
use crate::rules::NotationError;
use crate::ruleset::{
    AsImpartial, AsPartizan, Kind, MoveError, ParamError, Ruleset, SizeError, Unsolved,
};
use crate::sequence::SequenceSpec;
use crate::verify::{verify, Progress, Report, RulesetCheck};

pub use crate::ruleset::{Param, Params, RulesetSpec};

/// Every ruleset the commands know, in the order help lists them.
pub static RULESETS: &[RulesetSpec] = &[
    crate::rules::pawns::SPEC,
    crate::rules::table::SPEC,
    crate::rules::ab::SPEC,
    crate::rules::towers::SPEC,
    crate::rules::nim::SPEC,
    crate::rules::wythoff::SPEC,
    crate::rules::grundy_game::SPEC,
    crate::rules::subtraction::SPEC,
    crate::rules::octal::SPEC,
    crate::rules::staircase::SPEC,
    crate::rules::domineering::SPEC,
    crate::rules::hackenbush::SPEC,
    crate::rules::toads::SPEC,
    crate::rules::clobber::SPEC,
    crate::rules::cram::SPEC,
];

/// Every judge problem the commands know, in the order help lists them.
pub const PROBLEMS: &[Problem] = &[
    crate::rules::pawns::problem::ADAPWNS,
    crate::rules::table::problem::TABGAME,
    crate::rules::ab::problem::ABGAME,
    crate::rules::towers::problem::LEGOWARZ,
];

pub use crate::rules::table::problem::TableCase;
pub use crate::rules::towers::problem::Building;

/// A whole input of one problem of [`PROBLEMS`], as data.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// ADAPWNS boards over `.` and `P`.
    Adapwns(Vec<Vec<u8>>),
    /// TABGAME test cases.
    Tabgame(Vec<TableCase>),
    /// ABGAME rows over `.`, `A` and `B`.
    Abgame(Vec<Vec<u8>>),
    /// LEGOWARZ buildings.
    Legowarz(Vec<Building>),
}

impl Input {
    /// The problem whose format this input follows.
    pub fn problem(&self) -> Problem {
        match self {
            Input::Adapwns(_) => crate::rules::pawns::problem::ADAPWNS,
            Input::Tabgame(_) => crate::rules::table::problem::TABGAME,
            Input::Abgame(_) => crate::rules::ab::problem::ABGAME,
            Input::Legowarz(_) => crate::rules::towers::problem::LEGOWARZ,
        }
    }

    /// The number of test cases (of buildings, in a city).
    pub fn case_count(&self) -> usize {
        match self {
            Input::Adapwns(v) | Input::Abgame(v) => v.len(),
            Input::Tabgame(v) => v.len(),
            Input::Legowarz(v) => v.len(),
        }
    }

    /// The input without `count` test cases from `start`.
    pub fn without_cases(&self, start: u64, count: u64) -> Input {
        use crate::setter::shrink::without;
        match self {
            Input::Adapwns(v) => Input::Adapwns(without(v, start, count)),
            Input::Abgame(v) => Input::Abgame(without(v, start, count)),
            Input::Tabgame(v) => Input::Tabgame(without(v, start, count)),
            Input::Legowarz(v) => Input::Legowarz(without(v, start, count)),
        }
    }
}

/// The ruleset named `name`.
pub fn find(name: &str) -> Result<&'static RulesetSpec, ParamError> {
    RULESETS
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| ParamError::UnknownGame {
            name: name.to_owned(),
            known: names().join(", "),
        })
}

/// The names of every ruleset.
pub fn names() -> Vec<&'static str> {
    RULESETS.iter().map(|s| s.name).collect()
}

/// The ruleset `name` with the parameters `params`: a parameter that another game
/// has but this one does not is refused, naming the games that have it.
pub fn build(name: &str, params: &Params) -> Result<Box<dyn DynRuleset>, ParamError> {
    let spec = find(name)?;
    for given in params.names() {
        if !spec.params.iter().any(|p| p.name == given) {
            let owners: Vec<&str> = RULESETS
                .iter()
                .filter(|s| s.params.iter().any(|p| p.name == given))
                .map(|s| s.name)
                .collect();
            return Err(ParamError::NotApplicable {
                option: given.to_owned(),
                owners: if owners.is_empty() {
                    "no game".to_owned()
                } else {
                    owners.join(", ")
                },
            });
        }
    }
    (spec.build)(params)
}

/// Every parameter of every ruleset, each name once, in registry order.
pub fn all_params() -> Vec<&'static Param> {
    let mut out: Vec<&'static Param> = Vec::new();
    for spec in RULESETS {
        for p in spec.params {
            if !out.iter().any(|q| q.name == p.name) {
                out.push(p);
            }
        }
    }
    out
}

/// The parameters of `spec` with each required one set to its example: a game
/// built with them stands for every game of its kind.
fn example_params(spec: &RulesetSpec) -> Params {
    spec.params
        .iter()
        .filter(|p| p.required)
        .fold(Params::new(), |params, p| params.with(p.name, p.example))
}

/// The names of the games that offer a single-heap Grundy sequence
/// ([`DynRuleset::heap_sequence`]), in registry order: each built with its example
/// parameters.
pub fn with_sequences() -> Vec<&'static str> {
    RULESETS
        .iter()
        .filter(|s| (s.build)(&example_params(s)).is_ok_and(|game| game.heap_sequence().is_some()))
        .map(|s| s.name)
        .collect()
}

/// A game that offers no single-heap Grundy sequence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} has no single-heap Grundy sequence; the games that have one are {with}")]
pub struct NoSequence {
    /// The game's name.
    pub game: String,
    /// The games that have one, comma-separated.
    pub with: String,
}

/// The single-heap Grundy sequence of `game`, or an error naming the games that
/// have one.
pub fn sequence_of(game: &dyn DynRuleset) -> Result<SequenceSpec<'_>, NoSequence> {
    game.heap_sequence().ok_or_else(|| NoSequence {
        game: game.name().to_owned(),
        with: with_sequences().join(", "),
    })
}

/// Why a position could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalyzeError {
    /// The position is not in the game's notation.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The closed form does not know the position, and it is too big for the engine.
    #[error(transparent)]
    Unsolved(#[from] Unsolved),
}

/// What [`DynRuleset::check_move`] found of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveVerdict {
    /// A legal move after which the opponent, to move, loses.
    Winning {
        /// The position after the move.
        after: String,
    },
    /// A legal move after which the opponent wins.
    Losing {
        /// The position after the move.
        after: String,
        /// Some winning moves of the position, when it has any (at most 5).
        winning: Vec<String>,
    },
    /// A move in the notation that the rules do not allow here, with why.
    Illegal {
        /// Why the move is not legal.
        reason: String,
    },
    /// Text that is not a move in the game's notation.
    NotAMove {
        /// What is wrong and how moves are written.
        message: String,
    },
}

/// A ruleset behind one dyn-compatible interface, from and to text: what every
/// command calls. Implemented for every [`Ruleset`].
pub trait DynRuleset: Send + Sync {
    /// The game's name, e.g. `pawns`.
    fn name(&self) -> &'static str;
    /// The game with its parameters, e.g. `pawns (step 2)`.
    fn title(&self) -> String;
    /// Impartial or partizan.
    fn kind(&self) -> Kind;
    /// How `player` is called when `first` moves first.
    fn player_name(&self, player: Player, first: Player) -> String;
    /// The player whose name (as in a partizan game, e.g. `A`) is `text`, in any case.
    fn parse_player(&self, text: &str) -> Option<Player>;
    /// Checks that `position` is in the game's notation.
    fn check_position(&self, position: &str) -> Result<(), NotationError>;
    /// Everything about `position` with `to_move` to move, at most `limit` winning
    /// moves listed.
    fn analyze(
        &self,
        position: &str,
        to_move: Player,
        limit: usize,
    ) -> Result<Analysis, AnalyzeError>;
    /// The first `limit` legal moves of `to_move` with their worth; remoteness where
    /// the engine finds it within `budget` (for all the moves together), and the
    /// positions it would hold fit [`ENGINE_BYTES`](crate::analysis::ENGINE_BYTES).
    fn move_values(
        &self,
        position: &str,
        to_move: Player,
        limit: usize,
        budget: Budget,
    ) -> Result<Vec<MoveValue>, AnalyzeError>;
    /// Whether `mv` is a legal and winning move of `to_move` in `position` (for "print
    /// any winning move" answers).
    fn check_move(
        &self,
        position: &str,
        to_move: Player,
        mv: &str,
    ) -> Result<MoveVerdict, AnalyzeError>;
    /// A match from `position` against the engine, `first` moving first, each of the
    /// engine's searches within `budget`.
    fn start_match(
        &self,
        position: &str,
        first: Player,
        budget: Budget,
    ) -> Result<Box<dyn Match + '_>, NotationError>;
    /// Checks that `max_size` is a size [`verify`](DynRuleset::verify) can take.
    fn check_size(&self, max_size: usize) -> Result<(), SizeError>;
    /// The closed form against the exhaustive engine on every position of every size
    /// up to `max_size`.
    fn verify(&self, max_size: usize, progress: &dyn Progress) -> Result<Report, SizeError>;
    /// The single-heap Grundy sequence, for a heap game ([`Ruleset::heap_sequence`]).
    fn heap_sequence(&self) -> Option<SequenceSpec<'_>>;
}

impl<R: Ruleset> DynRuleset for R {
    fn name(&self) -> &'static str {
        Ruleset::name(self)
    }

    fn title(&self) -> String {
        Ruleset::title(self)
    }

    fn kind(&self) -> Kind {
        Ruleset::kind(self)
    }

    fn player_name(&self, player: Player, first: Player) -> String {
        Ruleset::player_name(self, player, first)
    }

    fn parse_player(&self, text: &str) -> Option<Player> {
        [Player::Left, Player::Right]
            .into_iter()
            .find(|&p| Ruleset::player_name(self, p, p).eq_ignore_ascii_case(text))
    }

    fn check_position(&self, position: &str) -> Result<(), NotationError> {
        self.parse_position(position).map(|_| ())
    }

    fn analyze(
        &self,
        position: &str,
        to_move: Player,
        limit: usize,
    ) -> Result<Analysis, AnalyzeError> {
        let pos = self.parse_position(position)?;
        Ok(analyze(self, &pos, to_move, limit)?)
    }

    fn move_values(
        &self,
        position: &str,
        to_move: Player,
        limit: usize,
        budget: Budget,
    ) -> Result<Vec<MoveValue>, AnalyzeError> {
        let pos = self.parse_position(position)?;
        // The positions a search holds must fit the memory budget: at most one per
        // move listed, of about the size of this one in notation (a proxy for bytes).
        let bytes = self.show_position(&pos).len() as u64 + 64;
        let budget = budget.within_memory(bytes, crate::analysis::ENGINE_BYTES as u64);
        Ok(move_values(self, &pos, to_move, limit, budget)?)
    }

    fn check_move(
        &self,
        position: &str,
        to_move: Player,
        mv: &str,
    ) -> Result<MoveVerdict, AnalyzeError> {
        let pos = self.parse_position(position)?;
        let mv = match self.parse_move(&pos, to_move, mv) {
            Ok(mv) => mv,
            Err(MoveError::Illegal(e)) => return Ok(MoveVerdict::Illegal { reason: e.reason }),
            Err(e) => {
                return Ok(MoveVerdict::NotAMove {
                    message: e.to_string(),
                })
            }
        };
        let after_pos = self.play(&pos, &mv);
        let after = self.show_position(&after_pos);
        let opponent_wins = match self.wins(&after_pos, to_move.opponent()) {
            Ok(w) => w,
            Err(why) => {
                // Without a closed form, the engine decides small positions.
                let a = analyze(self, &after_pos, to_move.opponent(), 0).map_err(|_| why)?;
                a.to_move_wins
            }
        };
        if !opponent_wins {
            return Ok(MoveVerdict::Winning { after });
        }
        let winning = analyze(self, &pos, to_move, 5)
            .map(|a| a.winning_moves.into_iter().map(|m| m.mv).collect())
            .unwrap_or_default();
        Ok(MoveVerdict::Losing { after, winning })
    }

    fn start_match(
        &self,
        position: &str,
        first: Player,
        budget: Budget,
    ) -> Result<Box<dyn Match + '_>, NotationError> {
        let pos = self.parse_position(position)?;
        Ok(Box::new(
            RulesetMatch::new(self, pos, first).with_budget(budget),
        ))
    }

    fn check_size(&self, max_size: usize) -> Result<(), SizeError> {
        RulesetCheck::check_size(self, max_size)
    }

    fn verify(&self, max_size: usize, progress: &dyn Progress) -> Result<Report, SizeError> {
        RulesetCheck::check_size(self, max_size)?;
        let (imp, par) = (AsImpartial(self), AsPartizan(self));
        let check = RulesetCheck::new(&imp, &par);
        Ok(verify(&check, max_size, progress))
    }

    fn heap_sequence(&self) -> Option<SequenceSpec<'_>> {
        Ruleset::heap_sequence(self)
    }
}
