//! Every game by its name: the registry, and the one facade every command calls.
//!
//! [`RULESETS`] lists each ruleset's [`RulesetSpec`]: its name, help, parameters and
//! builder. [`build`] checks the parameters given against the game's own and builds
//! it as a [`DynRuleset`], a dyn-compatible facade over [`Ruleset`](crate::ruleset::Ruleset) implemented once
//! for every ruleset: analyze, the worth of every move, a match against the engine,
//! and verification, all from text in the game's notation.
//!
//! ```
//! use grundy_games::registry::{build, Params};
//! use grundy_engine::Player;
//!
//! let game = build("pawns", &Params::new()).unwrap();
//! let analysis = game.analyze("..P.P", Player::Left, 10).unwrap();
//! assert!(analysis.to_move_wins);
//! assert_eq!(analysis.value.unwrap().to_string(), "*");
//! ```

use crate::ruleset::{Convention, ParamError};
use crate::sequence::certificate::{CertifiedGame, CheckError};
use crate::sequence::SequenceSpec;

pub use crate::dynamic::{
    AnalyzeError, Best, BoardView, DynRuleset, MoveVerdict, Param, Params, RulesetSpec, SpotEdit,
    TouchedMove,
};

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
    crate::rules::toppling::SPEC,
    crate::rules::cutcake::SPEC,
    crate::rules::konane::SPEC,
    crate::rules::colouring::SNORT,
    crate::rules::colouring::COL,
    crate::rules::amazons::SPEC,
    crate::rules::tictactoe::SPEC,
    crate::rules::digraph::SPEC,
    crate::rules::connect_four::SPEC,
    crate::rules::fox_geese::SPEC,
];

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

/// The parameter that every impartial game takes: [`MISERE`]`.name` set to `true`
/// plays the game misère ([`Misere`](crate::misere::Misere)); `false` (or absent)
/// under normal play. A partizan game refuses `true`.
pub const MISERE: Param = Param {
    name: "misere",
    value_name: "BOOL",
    help: "misère play: the last player to move loses (impartial games)",
    default: Some("false"),
    required: false,
    example: "true",
    flag: true,
};

/// Reads the value of [`MISERE`] in `params`, a switch ([`Params::flag`]):
/// `true`/`false` (also `1`/`0`, `yes`/`no`); `false` when absent.
pub fn misere_flag(params: &Params) -> Result<bool, ParamError> {
    params.flag(&MISERE)
}

/// The ruleset `name` with the parameters `params`: a parameter that another game
/// has but this one does not is refused, naming the games that have it. The
/// parameter [`MISERE`] applies to every impartial game.
///
/// ```
/// use grundy_games::registry::{build, Params};
/// use grundy_engine::Player;
///
/// let nim = build("nim", &Params::new().with("misere", "true")).unwrap();
/// let analysis = nim.analyze("1,1,1", Player::Left, 10).unwrap();
/// assert!(!analysis.to_move_wins);
/// assert_eq!(analysis.misere_grundy, Some(0));
/// assert!(build("domineering", &Params::new().with("misere", "true")).is_err());
/// ```
pub fn build(name: &str, params: &Params) -> Result<Box<dyn DynRuleset>, ParamError> {
    let spec = find(name)?;
    let convention = if misere_flag(params)? {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let params = &params.without(MISERE.name);
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
    (spec.build)(params, convention)
}

/// Every parameter of every ruleset, each name once, in registry order, then
/// [`MISERE`], which every impartial game takes.
pub fn all_params() -> Vec<&'static Param> {
    let mut out: Vec<&'static Param> = Vec::new();
    for spec in RULESETS {
        for p in spec.params {
            if !out.iter().any(|q| q.name == p.name) {
                out.push(p);
            }
        }
    }
    out.push(&MISERE);
    out
}

/// The parameters of `spec` with each required one set to its example: a game
/// built with them stands for every game of its kind.
///
/// ```
/// use grundy_games::registry::{build, example_params, find};
///
/// let octal = find("octal").unwrap();
/// assert_eq!(build("octal", &example_params(octal)).unwrap().title(), "octal (0.77)");
/// ```
pub fn example_params(spec: &RulesetSpec) -> Params {
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
        .filter(|s| {
            (s.build)(&example_params(s), Convention::Normal)
                .is_ok_and(|game| game.heap_sequence().is_some())
        })
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

/// The game a certificate's `game` line names (`NAME VALUE`, e.g. `octal 0.77`: the
/// game and its one required parameter), with the rules its checker values it by.
pub fn certified_game(line: &str) -> Result<CertifiedGame, CheckError> {
    let bad = |why: String| CheckError::Game(line.to_owned(), why);
    let Some((name, value)) = line.split_once(' ') else {
        return Err(bad(
            "expected a game and its parameter, e.g. \"octal 0.77\"".to_owned(),
        ));
    };
    let spec = find(name).map_err(|e| bad(e.to_string()))?;
    let mut required = spec.params.iter().filter(|p| p.required);
    let (Some(param), None) = (required.next(), required.next()) else {
        return Err(bad(format!("{name} has no certificate checker")));
    };
    let game =
        build(name, &Params::new().with(param.name, value)).map_err(|e| bad(e.to_string()))?;
    game.heap_sequence()
        .and_then(|s| s.certificate)
        .ok_or_else(|| bad(format!("{name} has no certificate checker")))
}
