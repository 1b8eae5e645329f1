//! The JSON objects the commands print with `--json`, built in one place so that the
//! command line and the web server (`grundy serve`) answer byte for byte alike.
//!
//! - [`analysis_json`] and [`pretty`]: `grundy analyze ... --json [--moves]`;
//! - [`engine_json`] and [`pretty`]: `grundy analyze ... --explain-engine --json`;
//! - [`sequence_json`] and [`compact`]: `grundy sequence ... --json`.
//!
//! ```
//! use grundy_games::registry::{build, Params};
//! use grundy_engine::{report, Player};
//!
//! let game = build("nim", &Params::new()).unwrap();
//! let analysis = game.analyze("3,5,7", Player::Left, 1000).unwrap();
//! let text = report::pretty(&report::analysis_json(&analysis, None).unwrap()).unwrap();
//! assert!(text.starts_with("{\n  \"game\": \"nim\""));
//! assert!(text.ends_with("}\n"));
//! ```

pub mod text;

use serde_json::{json, Value};

use crate::analysis::route::EngineReport;
use crate::analysis::{Analysis, MoveValue};
use crate::misere::genus::HeapGenus;
use crate::misere::quotient::Quotient;
use crate::ruleset::Unsolved;
use crate::sequence::{Sequence, SequenceSpec};

/// The object `grundy analyze --json` prints: the analysis, and with `--moves` the
/// legal moves under `moves`.
pub fn analysis_json(
    analysis: &Analysis,
    moves: Option<&[MoveValue]>,
) -> serde_json::Result<Value> {
    let mut out = serde_json::to_value(analysis)?;
    out["proven"] = json!(true);
    if let Some(moves) = moves {
        out["moves"] = serde_json::to_value(moves)?;
    }
    Ok(out)
}

/// The object `grundy analyze --json` prints for a position its time limit left
/// unsolved where a search found a best move ([`Unsolved::best_found`]): `"proven":
/// false`, `result` and `remoteness` null, the move found (`best_found`: `move`,
/// `after`, `depth`), and why it is not proven (`unsolved`: `kind`, `reason`).
/// `None` when the refusal carries no move.
pub fn unproven_json(game: &str, position: &str, why: &Unsolved) -> Option<Value> {
    let found = why.best_found.as_ref()?;
    Some(json!({
        "game": game,
        "position": position,
        "proven": false,
        "result": null,
        "remoteness": null,
        "best_found": {
            "move": found.mv,
            "after": found.after,
            "depth": found.depth,
        },
        "unsolved": { "kind": why.kind.name(), "reason": why.reason },
    }))
}

/// The object `grundy analyze --explain-engine --json` prints: the route of the
/// analysis on a position ([`EngineReport`]).
pub fn engine_json(report: &EngineReport) -> serde_json::Result<Value> {
    serde_json::to_value(report)
}

/// Adds to an analysis' JSON (from [`analysis_json`]) the position's own
/// `remoteness` ([`best_remoteness`](crate::play::best_remoteness)) when the analysis
/// did not find it, when `moves`, listed with at most `limit`, are all the legal
/// moves (fewer than `limit`); `null` otherwise or when a count is unknown.
pub fn add_remoteness(json: &mut Value, moves: &[MoveValue], limit: usize) {
    if !json["remoteness"].is_null() {
        return;
    }
    let complete = moves.len() < limit.min(crate::analysis::MAX_LISTED);
    let remoteness = if complete {
        crate::play::best_remoteness(moves.iter().map(|m| (m.result, m.moves_left)))
    } else {
        None
    };
    json["remoteness"] = json!(remoteness);
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

/// The genus of heaps 0..=N as `grundy sequence --misere --json` prints it: the
/// game's fields, `convention` (`"misere"`), `computed`, `genus` (one list per
/// heap: γ0, γ1, γ2, γ3, ...), `notation` (Conway's, e.g. `0^120`), `tame` (one
/// flag per heap) and `tame_heaps` (how many).
pub fn genus_json(spec: &SequenceSpec<'_>, heaps: &[HeapGenus]) -> Value {
    let mut out = spec.json.clone();
    out["convention"] = json!("misere");
    out["computed"] = json!(heaps.len());
    out["genus"] = json!(heaps.iter().map(|h| &h.genus.values).collect::<Vec<_>>());
    out["notation"] = json!(heaps
        .iter()
        .map(|h| h.genus.to_string())
        .collect::<Vec<_>>());
    out["tame"] = json!(heaps.iter().map(|h| h.tame).collect::<Vec<_>>());
    out["tame_heaps"] = json!(heaps.iter().filter(|h| h.tame).count());
    out
}

/// A misère quotient as `grundy sequence --misere --quotient --json` prints it: the
/// game's fields, `convention` (`"misere"`) and `quotient`, the certificate's fields
/// (`kind`, `game`, `heap_bound`, `elements`, `table`, `p_portion`, `pretending`)
/// with its `order`.
pub fn quotient_json(spec: &SequenceSpec<'_>, q: &Quotient) -> serde_json::Result<Value> {
    let mut out = spec.json.clone();
    out["convention"] = json!("misere");
    out["quotient"] = serde_json::to_value(q.certificate())?;
    out["quotient"]["order"] = json!(q.order());
    Ok(out)
}

/// A sequence as `grundy sequence --json` prints it: the game's fields
/// (`spec.json`), `preperiod`, `period`, `computed`, `period_known: false` for a game
/// with no known period theorem, and unless `summary` the `values`.
pub fn sequence_json(spec: &SequenceSpec<'_>, seq: &Sequence, summary: bool) -> Value {
    let mut out = spec.json.clone();
    out["preperiod"] = json!(seq.period.map(|p| p.preperiod));
    out["period"] = json!(seq.period.map(|p| p.period));
    out["computed"] = json!(seq.computed());
    if spec.rule.is_none() {
        out["period_known"] = json!(false);
    }
    if !summary {
        out["values"] = json!(seq.values);
    }
    out
}
