//! Partizan rulesets valued by the canonical-form engine of [`cgt`](crate::cgt):
//! the value of a position and each player's winning moves, within limits.
//!
//! A ruleset (with its hooks [`options`](crate::ruleset::RulesetExt::options), [`components`](crate::ruleset::RulesetExt::components) and
//! [`normalize`](crate::ruleset::RulesetExt::normalize), seen through [`ByParts`]) answers [`value`](crate::ruleset::RulesetExt::value) with [`value`] and [`winning_moves`](crate::ruleset::RulesetExt::winning_moves) with
//! [`winning_moves`]. A move of Left wins (Left moving first, Right then moving
//! first in the option) exactly when the option G^L is >= 0; a move of Right wins
//! exactly when G^R <= 0.
//!
//! Each call runs one [`Engine`] within [`LIMITS`] and [`STEPS`]: a position whose
//! game is too big stops with [`Unsolved`] saying so, never a hang or an
//! out-of-memory kill. A [`Memo`] kept with the ruleset remembers the values found
//! and the last engine's table of every position it valued, where the next engine
//! starts (the limits count the positions each adds; a table past [`LIMITS`] is not
//! kept), so that `analyze`, which asks for the value and then for the value of
//! every option of both players, searches the game once.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

use crate::cgt::engine::{Engine, EngineError, Limits, Table};
use crate::cgt::CanonicalForm;
use crate::game::Player;
use crate::ruleset::{ByParts, Explanation, Ruleset, RulesetExt, Unsolved};
use crate::values::Value;

/// The engine's limits for one position: 2^18 positions in its transposition
/// table and 1 GiB, about a few seconds of search on one core.
pub const LIMITS: Limits = Limits {
    max_positions: 1 << 18,
    max_bytes: 1 << 30,
    parallel: false,
};

/// The most steps of value work (comparisons, sums, reductions) for one position.
pub const STEPS: u64 = 1 << 26;

/// The most values a [`Memo`] holds before it starts afresh.
const MEMO_ENTRIES: usize = 1 << 14;

/// Values already found, by position, and the last engine's table of every
/// position it valued (the next engine starts from it).
#[derive(Debug)]
pub struct Memo<P> {
    values: Mutex<HashMap<P, CanonicalForm>>,
    table: Mutex<Option<Table<P>>>,
}

impl<P> Default for Memo<P> {
    fn default() -> Self {
        Memo {
            values: Mutex::new(HashMap::new()),
            table: Mutex::new(None),
        }
    }
}

impl<P: Clone + Eq + Hash> Memo<P> {
    fn get(&self, pos: &P) -> Option<CanonicalForm> {
        self.values
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(pos)
            .copied()
    }

    fn insert(&self, pos: &P, g: CanonicalForm) {
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        if values.len() >= MEMO_ENTRIES {
            values.clear();
        }
        values.insert(pos.clone(), g);
    }

    /// The table the last engine left (empty if none, or if another search holds
    /// it now).
    fn take_table(&self) -> Table<P> {
        self.table
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .unwrap_or_default()
    }

    /// Keeps `table` for the next engine, unless it holds more positions than one
    /// search may add ([`LIMITS`]), so that what a memo holds stays bounded.
    fn keep_table(&self, table: Table<P>) {
        if table.len() as u64 <= LIMITS.max_positions {
            *self.table.lock().unwrap_or_else(|e| e.into_inner()) = Some(table);
        }
    }
}

/// Why the engine stopped, as the contract reports it.
fn unsolved(e: EngineError) -> Unsolved {
    let reason = format!(
        "{e} (the canonical-form engine stops at {} positions and {} steps of value work)",
        LIMITS.max_positions, STEPS
    );
    match e {
        EngineError::Budget { .. } => Unsolved::past_limit(reason),
        EngineError::Value(v) => Unsolved::of_value(&v, reason),
    }
}

/// Runs `search` with an engine over the ruleset's hooks that starts from the
/// table the memo keeps, and keeps the engine's table afterwards: the value of a
/// position, then the values of its options, search the game once.
///
/// An engine that starts from an empty table first counts the positions `pos`
/// reaches ([`Engine::census`], moves and parts only, no value work): a game of
/// more positions than [`LIMITS`] allows is refused at once, where valuing it
/// would spend its steps first (an 8×8 Clobber board: seconds of value work
/// before the limit). A table already holding positions may hold most of what
/// `pos` reaches, which the limits do not count again: then the engine runs.
fn with_engine<R: Ruleset, T>(
    rules: &R,
    memo: &Memo<<R as Ruleset>::Position>,
    pos: &<R as Ruleset>::Position,
    search: impl FnOnce(&Engine<'_, ByParts<'_, R>>) -> Result<T, Unsolved>,
) -> Result<T, Unsolved> {
    let parts = ByParts(rules);
    let table = memo.take_table();
    let fresh = table.is_empty();
    let engine = Engine::new(&parts, LIMITS)
        .with_steps(STEPS)
        .with_table(table);
    let out = match fresh.then(|| engine.census(pos)) {
        Some(Err(e)) => Err(too_big(e)),
        _ => search(&engine),
    };
    memo.keep_table(engine.into_table());
    out
}

/// The census' refusal ([`with_engine`]), said as the engine's own.
fn too_big(e: EngineError) -> Unsolved {
    let mut why = unsolved(e);
    why.reason = format!("{}; counted before any value work", why.reason);
    why
}

fn value_in<R: Ruleset>(
    engine: &Engine<'_, ByParts<'_, R>>,
    memo: &Memo<<R as Ruleset>::Position>,
    pos: &<R as Ruleset>::Position,
) -> Result<CanonicalForm, Unsolved> {
    if let Some(g) = memo.get(pos) {
        return Ok(g);
    }
    let g = engine.value(pos).map_err(unsolved)?;
    memo.insert(pos, g);
    Ok(g)
}

/// The canonical form of `pos`.
pub fn canonical_form<R: Ruleset>(
    rules: &R,
    memo: &Memo<<R as Ruleset>::Position>,
    pos: &<R as Ruleset>::Position,
) -> Result<CanonicalForm, Unsolved> {
    if let Some(g) = memo.get(pos) {
        return Ok(g);
    }
    with_engine(rules, memo, pos, |engine| value_in(engine, memo, pos))
}

/// The value of `pos`, for [`value`](crate::ruleset::RulesetExt::value).
pub fn value<R: Ruleset>(
    rules: &R,
    memo: &Memo<<R as Ruleset>::Position>,
    pos: &<R as Ruleset>::Position,
) -> Result<Value, Unsolved> {
    canonical_form(rules, memo, pos).map(Value::Canonical)
}

/// Whether an option of value `g` wins for `player`, who moved to it: Right, then
/// moving first, loses, that is g >= 0 (Left's move) or g <= 0 (Right's).
pub fn wins_for_mover(g: CanonicalForm, player: Player) -> bool {
    match player {
        Player::Left => CanonicalForm::zero().leq(g),
        Player::Right => g.leq(CanonicalForm::zero()),
    }
}

/// Every winning move of `to_move` from `pos`, in move order, for
/// [`winning_moves`](crate::ruleset::RulesetExt::winning_moves): the moves to options that win for the mover
/// ([`wins_for_mover`]).
pub fn winning_moves<R: Ruleset>(
    rules: &R,
    memo: &Memo<<R as Ruleset>::Position>,
    pos: &<R as Ruleset>::Position,
    to_move: Player,
) -> Result<Vec<<R as Ruleset>::Move>, Unsolved> {
    with_engine(rules, memo, pos, |engine| {
        // Valuing the position first puts every option's parts in the engine's
        // table (they are there already when the value was asked for before).
        value_in(engine, memo, pos)?;
        let mut out = Vec::new();
        for mv in rules.moves(pos, to_move) {
            let after = rules.play(pos, &mv);
            if wins_for_mover(value_in(engine, memo, &after)?, to_move) {
                out.push(mv);
            }
        }
        Ok(out)
    })
}

/// The split of `pos` into independent parts ([`components`](crate::ruleset::RulesetExt::components)) and
/// their values, in data and sentences, for [`explain`](crate::ruleset::RulesetExt::explain); `part` names a
/// part and `parts` several, e.g. `region` and `regions`. `None` when a value is
/// not found within the limits.
pub fn explain_parts<R: Ruleset>(
    rules: &R,
    memo: &Memo<<R as Ruleset>::Position>,
    pos: &<R as Ruleset>::Position,
    (part, parts_name): (&str, &str),
) -> Option<Explanation> {
    let parts = rules.components(pos);
    let total = canonical_form(rules, memo, pos).ok()?;
    let mut values = Vec::with_capacity(parts.len());
    for p in &parts {
        values.push((rules.show_position(p), canonical_form(rules, memo, p).ok()?));
    }
    let mut sentences = Vec::new();
    match values.len() {
        0 => sentences.push(format!(
            "No {part} has a move for either player: the value is 0."
        )),
        1 => sentences.push(format!(
            "One {part} where a player can move, {}: its canonical form, from the \
             canonical-form engine, is {total}.",
            values[0].0
        )),
        n => {
            sentences.push(format!(
                "The position splits into {n} independent {parts_name} where a player can move; \
                 their values (canonical forms, from the canonical-form engine) add up:"
            ));
            for (shown, g) in &values {
                sentences.push(format!("  {shown}: {g}"));
            }
            let sum: Vec<String> = values.iter().map(|(_, g)| g.to_string()).collect();
            sentences.push(format!("In all: {} = {total}.", sum.join(" + ")));
        }
    }
    sentences.push(
        "Left moving first wins by moving to a position worth ≥ 0, Right by moving to one \
         worth ≤ 0."
            .to_owned(),
    );
    Some(Explanation {
        reduction: serde_json::json!({
            "parts": values
                .iter()
                .map(|(shown, g)| serde_json::json!({ "position": shown, "value": g.to_string() }))
                .collect::<Vec<_>>(),
            "value": total.to_string(),
        }),
        sentences,
    })
}
