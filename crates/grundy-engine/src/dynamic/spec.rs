//! How the registry describes a ruleset: its name, help, parameters and builder.

use std::collections::BTreeMap;

use crate::dynamic::DynRuleset;
use crate::ruleset::notation::NotationError;
use crate::ruleset::{Convention, ParamError};

/// One parameter of a ruleset, given on the command line as `--NAME VALUE`, or as
/// `--NAME` alone for a [`flag`](Param::flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The option's name without dashes, e.g. `step`.
    pub name: &'static str,
    /// What its value is called in help, e.g. `K`.
    pub value_name: &'static str,
    /// One line of help, e.g. `a pawn moves 1..=K squares`.
    pub help: &'static str,
    /// The value when it is not given; `None` when it has no default.
    pub default: Option<&'static str>,
    /// Whether the game cannot be built without it.
    pub required: bool,
    /// An example value, for messages.
    pub example: &'static str,
    /// Whether it is a switch without a value: `--NAME` on the command line, `true`
    /// or `false` (also `1`/`0`, `yes`/`no`, and empty for yes) in the web API and
    /// Python; read with [`Params::flag`]. Absent means off.
    pub flag: bool,
}

/// Reads the value of a switch: `true`, `1`, `yes` or the empty text (a query
/// field given without a value) for on, `false`, `0` or `no` for off, letters in any
/// case; `None` for anything else.
pub fn switch_value(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "" => Some(true),
        "false" | "0" | "no" => Some(false),
        _ => None,
    }
}

/// The parameter values given for one game, by name (without dashes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params {
    values: BTreeMap<String, String>,
}

impl FromIterator<(String, String)> for Params {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(pairs: I) -> Params {
        Params {
            values: pairs.into_iter().collect(),
        }
    }
}

impl Params {
    /// No parameters.
    pub fn new() -> Params {
        Params::default()
    }

    /// Sets `name` to `value`.
    pub fn with(mut self, name: &str, value: &str) -> Params {
        self.values.insert(name.to_owned(), value.to_owned());
        self
    }

    /// Sets `name` to `value`.
    pub fn set(&mut self, name: &str, value: &str) {
        self.values.insert(name.to_owned(), value.to_owned());
    }

    /// The same parameters without `name`.
    pub fn without(&self, name: &str) -> Params {
        let mut out = self.clone();
        out.values.remove(name);
        out
    }

    /// The value of `name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// Each name given with its value.
    pub fn pairs(&self) -> impl Iterator<Item = (String, String)> + '_ {
        self.values.iter().map(|(n, v)| (n.clone(), v.clone()))
    }

    /// The names given.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.values.keys().map(String::as_str)
    }

    /// The value of `param`, or its default; `Missing` when it is required and absent.
    pub fn value_of(&self, game: &str, param: &Param) -> Result<Option<String>, ParamError> {
        match (self.get(param.name), param.default) {
            (Some(v), _) => Ok(Some(v.to_owned())),
            (None, Some(d)) => Ok(Some(d.to_owned())),
            (None, None) if param.required => Err(ParamError::Missing {
                game: game.to_owned(),
                option: param.name.to_owned(),
                value_name: param.value_name.to_owned(),
                example: param.example.to_owned(),
            }),
            (None, None) => Ok(None),
        }
    }

    /// Whether the switch `param` ([`Param::flag`]) is on: off when absent, else its
    /// value read by [`switch_value`]; any other value is refused, naming the option.
    pub fn flag(&self, param: &Param) -> Result<bool, ParamError> {
        let Some(text) = self.get(param.name) else {
            return Ok(false);
        };
        switch_value(text).ok_or_else(|| ParamError::Invalid {
            option: param.name.to_owned(),
            value: text.to_owned(),
            message: "a switch: expected true or false (or none, for true)".to_owned(),
            column: None,
        })
    }

    /// Parses the value of `param` (or its default) with `parse`, naming the option
    /// in the error.
    pub fn parse<T, E: std::fmt::Display>(
        &self,
        game: &str,
        param: &Param,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<Option<T>, ParamError> {
        let Some(text) = self.value_of(game, param)? else {
            return Ok(None);
        };
        parse(&text).map(Some).map_err(|e| ParamError::Invalid {
            option: param.name.to_owned(),
            value: text.clone(),
            message: e.to_string(),
            column: None,
        })
    }

    /// As [`parse`](Params::parse), for a value in a notation: the error keeps the
    /// column in the value where the notation went wrong.
    pub fn parse_notation<T>(
        &self,
        game: &str,
        param: &Param,
        parse: impl FnOnce(&str) -> Result<T, NotationError>,
    ) -> Result<Option<T>, ParamError> {
        let Some(text) = self.value_of(game, param)? else {
            return Ok(None);
        };
        parse(&text).map(Some).map_err(|e| ParamError::Invalid {
            option: param.name.to_owned(),
            value: text.clone(),
            message: e.to_string(),
            column: Some(e.column),
        })
    }
}

/// How a [`RulesetSpec`] builds its game: from its parameters, under a play
/// convention, behind the dynamic interface.
pub type Builder = fn(&Params, Convention) -> Result<Box<dyn DynRuleset>, ParamError>;

/// A ruleset as the registry knows it.
#[derive(Clone, Copy)]
pub struct RulesetSpec {
    /// The name commands take, e.g. `pawns`.
    pub name: &'static str,
    /// One line of help, e.g. `Pawns on a strip (ADAPWNS), with --step K.`
    pub about: &'static str,
    /// An example position, e.g. `..P.P`.
    pub example: &'static str,
    /// The parameters.
    pub params: &'static [Param],
    /// Builds the ruleset from its parameters, already known to be this game's,
    /// under a play convention: [`either_convention`](crate::dynamic::either_convention)
    /// for a game that can be played misère, [`normal_play_only`](crate::dynamic::normal_play_only)
    /// for one that cannot.
    pub build: Builder,
}

impl std::fmt::Debug for RulesetSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RulesetSpec")
            .field("name", &self.name)
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}
