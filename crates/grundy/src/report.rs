//! The JSON objects the commands print with `--json`, built in one place so that the
//! command line and the web server (`grundy serve`) answer byte for byte alike.
//!
//! - [`analysis_json`] and [`pretty`]: `grundy analyze ... --json [--moves]`;
//! - [`HeapSequence`], [`sequence_json`] and [`compact`]: `grundy sequence ... --json`.
//!
//! ```
//! use grundy::registry::{build, Params};
//! use grundy::{report, Player};
//!
//! let game = build("nim", &Params::new()).unwrap();
//! let analysis = game.analyze("3,5,7", Player::Left, 1000).unwrap();
//! let text = report::pretty(&report::analysis_json(&analysis, None).unwrap()).unwrap();
//! assert!(text.starts_with("{\n  \"game\": \"nim\""));
//! assert!(text.ends_with("}\n"));
//! ```

use serde_json::{json, Value};

use crate::analysis::{Analysis, MoveValue};
use crate::rules::octal::{Method, Octal};
use crate::rules::subtraction::Subtraction;
use crate::rules::NotationError;
use crate::sequence::{Options, Progress, Sequence};

/// The object `grundy analyze --json` prints: the analysis, and with `--moves` the
/// legal moves under `moves`.
pub fn analysis_json(
    analysis: &Analysis,
    moves: Option<&[MoveValue]>,
) -> serde_json::Result<Value> {
    let mut out = serde_json::to_value(analysis)?;
    if let Some(moves) = moves {
        out["moves"] = serde_json::to_value(moves)?;
    }
    Ok(out)
}

/// `value` as `grundy analyze --json` writes it: pretty, with a final newline.
pub fn pretty(value: &Value) -> serde_json::Result<String> {
    let mut text = serde_json::to_string_pretty(value)?;
    text.push('\n');
    Ok(text)
}

/// `value` as `grundy sequence --json` writes it: on one line, with a final newline.
pub fn compact(value: &Value) -> serde_json::Result<String> {
    let mut text = serde_json::to_string(value)?;
    text.push('\n');
    Ok(text)
}

/// A heap game whose Grundy sequence `grundy sequence` computes.
#[derive(Clone, Debug)]
pub enum HeapSequence {
    /// A subtraction game.
    Subtraction(Subtraction),
    /// An octal game, with the method that computes its values.
    Octal(Octal, Method),
}

/// A heap game that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HeapSequenceError {
    /// The game has no Grundy sequence here.
    #[error("no Grundy sequence for {0:?}: expected subtraction or octal")]
    UnknownGame(String),
    /// A bad subtraction set.
    #[error("--set {text}: {problem}")]
    Set {
        /// The set as given.
        text: String,
        /// What is wrong with it.
        problem: NotationError,
    },
    /// A bad octal code.
    #[error("octal code {text}: {problem}")]
    Code {
        /// The code as given.
        text: String,
        /// What is wrong with it.
        problem: NotationError,
    },
}

impl HeapSequenceError {
    /// The column of the problem in the set or code, where there is one.
    pub fn column(&self) -> Option<usize> {
        match self {
            HeapSequenceError::UnknownGame(_) => None,
            HeapSequenceError::Set { problem, .. } | HeapSequenceError::Code { problem, .. } => {
                Some(problem.column)
            }
        }
    }
}

impl HeapSequence {
    /// The subtraction game with the set written `set`, e.g. `2,4,5`.
    pub fn subtraction(set: &str) -> Result<HeapSequence, HeapSequenceError> {
        set.parse()
            .map(HeapSequence::Subtraction)
            .map_err(|problem| HeapSequenceError::Set {
                text: set.to_owned(),
                problem,
            })
    }

    /// The octal game with the code written `code`, e.g. `0.77`.
    pub fn octal(code: &str, method: Method) -> Result<HeapSequence, HeapSequenceError> {
        code.parse()
            .map(|rules| HeapSequence::Octal(rules, method))
            .map_err(|problem| HeapSequenceError::Code {
                text: code.to_owned(),
                problem,
            })
    }

    /// The title of its drawing, e.g. `subtraction {2,4,5}` or `octal 0.77`.
    pub fn title(&self) -> String {
        match self {
            HeapSequence::Subtraction(rules) => format!("subtraction {{{rules}}}"),
            HeapSequence::Octal(rules, _) => format!("octal {rules}"),
        }
    }

    /// The fields naming the game in `--json`: `game` and `set` or `code`.
    pub fn header(&self) -> Value {
        match self {
            HeapSequence::Subtraction(rules) => {
                json!({ "game": "subtraction", "set": rules.set() })
            }
            HeapSequence::Octal(rules, _) => json!({ "game": "octal", "code": rules.to_string() }),
        }
    }

    /// G(0), G(1), ... as `options` ask, reporting progress to `progress`.
    pub fn compute(&self, options: &Options, progress: &mut dyn FnMut(Progress)) -> Sequence {
        match self {
            HeapSequence::Subtraction(rules) => rules.sequence(options, progress),
            HeapSequence::Octal(rules, method) => rules.sequence(*method, options, progress),
        }
    }
}

/// The object `grundy sequence --json` prints: the game's `header`, `preperiod`,
/// `period`, `computed`, and unless `summary` the `values`.
pub fn sequence_json(header: Value, seq: &Sequence, summary: bool) -> Value {
    let mut out = header;
    out["preperiod"] = json!(seq.period.map(|p| p.preperiod));
    out["period"] = json!(seq.period.map(|p| p.period));
    out["computed"] = json!(seq.computed());
    if !summary {
        out["values"] = json!(seq.values);
    }
    out
}

/// The games [`HeapSequence`] knows, by their registry names: `subtraction` (with
/// its `set`) and `octal` (with its `code`).
pub const SEQUENCE_GAMES: &[&str] = &["subtraction", "octal"];
