//! Reading requests: the query string's fields, the game and its parameters, the
//! player to move, and JSON bodies, each refused with a 400 that says what is wrong.

use std::collections::BTreeMap;

use axum::body::Bytes;
use grundy::registry::{self, DynRuleset, Params};
use grundy::ruleset::Kind;
use grundy::Player;
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::Limits;

/// The fields of a query string, each at most once.
#[derive(Debug, Default)]
pub(crate) struct Fields {
    values: BTreeMap<String, String>,
}

impl Fields {
    /// Reads `pairs`, refusing a field given twice or one not in `known` (nor a game
    /// parameter of the registry).
    pub fn new(pairs: Vec<(String, String)>, known: &[&str]) -> Result<Fields, ApiError> {
        let mut values = BTreeMap::new();
        for (key, value) in pairs {
            let is_param = registry::all_params().iter().any(|p| p.name == key);
            if !known.contains(&key.as_str()) && !is_param {
                let mut all: Vec<&str> = known.to_vec();
                all.extend(registry::all_params().iter().map(|p| p.name));
                return Err(ApiError::bad(format!(
                    "unknown field {key:?}; expected one of {}",
                    all.join(", ")
                )));
            }
            if values.insert(key.clone(), value).is_some() {
                return Err(ApiError::bad(format!("field {key:?} given twice")));
            }
        }
        Ok(Fields { values })
    }

    /// The field `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    /// The field `key`, which must be given.
    pub fn required(&self, key: &str) -> Result<&str, ApiError> {
        self.get(key)
            .ok_or_else(|| ApiError::bad(format!("missing field {key:?}")))
    }

    /// The game parameters given (`step`, `set`, ...).
    pub fn params(&self) -> Params {
        let mut params = Params::new();
        for p in registry::all_params() {
            if let Some(v) = self.get(p.name) {
                params.set(p.name, v);
            }
        }
        params
    }

    /// A yes/no field: `true`, `false`, `1`, `0`, or empty for yes.
    pub fn flag(&self, key: &str) -> Result<bool, ApiError> {
        match self.get(key) {
            None | Some("false" | "0") => Ok(false),
            Some("true" | "1" | "") => Ok(true),
            Some(other) => Err(ApiError::bad(format!(
                "field {key:?}: expected true or false, found {other:?}"
            ))),
        }
    }

    /// A count field, at most `max`; `default` when absent.
    pub fn count(&self, key: &str, default: usize, max: usize) -> Result<usize, ApiError> {
        let Some(text) = self.get(key) else {
            return Ok(default);
        };
        let n: usize = text.parse().map_err(|_| {
            ApiError::bad(format!(
                "field {key:?}: expected a whole number, found {text:?}"
            ))
        })?;
        if n > max {
            return Err(ApiError::unprocessable(format!(
                "field {key:?}: {n} is more than the server's limit of {max}"
            )));
        }
        Ok(n)
    }
}

/// The player named `given` (Left when absent), for a partizan game; as the command
/// line's `--to-move`.
pub(crate) fn to_move(game: &dyn DynRuleset, given: Option<&str>) -> Result<Player, ApiError> {
    let Some(text) = given else {
        return Ok(Player::Left);
    };
    if game.kind() != Kind::Partizan {
        return Err(ApiError::bad(format!(
            "to_move applies to partizan games only; {} is impartial",
            game.name()
        )));
    }
    game.parse_player(text).ok_or_else(|| {
        ApiError::bad(format!(
            "to_move {text:?}: expected {} or {}",
            game.player_name(Player::Left, Player::Left),
            game.player_name(Player::Right, Player::Left)
        ))
    })
}

/// Refuses a position longer than the limit (422).
pub(crate) fn check_length(limits: &Limits, position: &str) -> Result<(), ApiError> {
    let chars = position.chars().count();
    if chars > limits.max_position_chars {
        return Err(ApiError::unprocessable(format!(
            "the position has {chars} characters; the server takes at most {}",
            limits.max_position_chars
        )));
    }
    Ok(())
}

/// A JSON body of type `T`, or a 400 naming the line and column of the problem.
pub(crate) fn json_body<T: DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        ApiError::bad(format!("bad JSON body: {e}")).at(Some(e.column()).filter(|&c| c > 0))
    })
}

/// Parameters given in a JSON body, as `{"step": "2"}` (numbers are taken as their
/// text).
pub(crate) fn body_params(given: &BTreeMap<String, serde_json::Value>) -> Result<Params, ApiError> {
    let mut params = Params::new();
    for (name, value) in given {
        let text = match value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Number(n) => n.to_string(),
            // A switch (`"backsliding": true`).
            serde_json::Value::Bool(b) => b.to_string(),
            other => {
                return Err(ApiError::bad(format!(
                    "parameter {name:?}: expected a string, a number or true/false, found {other}"
                )))
            }
        };
        params.set(name, &text);
    }
    Ok(params)
}
