//! Impartial rulesets valued by their parts: the Grundy value of a position is the
//! XOR of its independent parts' values, each part valued once through its least
//! symmetric image, within limits. The impartial counterpart of
//! [`canonical`](crate::rules::canonical).
//!
//! A ruleset whose parts ([`components`](crate::ruleset::RulesetExt::components)) and symmetries
//! ([`normalize`](crate::ruleset::RulesetExt::normalize)) are known answers
//! [`value`](crate::ruleset::RulesetExt::value) with [`value`] and [`winning_moves`](crate::ruleset::RulesetExt::winning_moves) with
//! [`winning_moves`]: a move wins exactly when the position it leaves has value 0.
//! Each call values at most [`MAX_NEW_PARTS`] parts it has not seen; a bigger game
//! stops with [`Unsolved`] saying so, never a hang or an out-of-memory kill. A
//! [`Memo`] kept with the ruleset remembers the parts valued, so that `analyze`,
//! which asks for the value and then for the winning moves, searches once.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

use crate::game::Player;
use crate::ruleset::{Explanation, Ruleset, RulesetExt, Unsolved};
use crate::values::{mex, Nimber, Value};

/// The most parts one call values afresh (each a position in the memo).
pub const MAX_NEW_PARTS: usize = 1 << 18;

/// The most parts a [`Memo`] holds before it starts afresh.
const MEMO_ENTRIES: usize = 1 << 19;

/// Values of parts already found, by normalised part.
#[derive(Debug)]
pub struct Memo<P> {
    values: Mutex<HashMap<P, u32>>,
}

impl<P> Default for Memo<P> {
    fn default() -> Self {
        Memo {
            values: Mutex::new(HashMap::new()),
        }
    }
}

/// One call's search: the memo, and how many parts it may still value.
struct Search<'a, R: Ruleset> {
    rules: &'a R,
    memo: &'a Memo<R::Position>,
    left: usize,
}

impl<R: Ruleset> Search<'_, R>
where
    R::Position: Eq + Hash,
{
    fn remembered(&self, part: &R::Position) -> Option<u32> {
        let values = self.memo.values.lock().unwrap_or_else(|e| e.into_inner());
        values.get(part).copied()
    }

    fn remember(&self, part: R::Position, g: u32) {
        let mut values = self.memo.values.lock().unwrap_or_else(|e| e.into_inner());
        if values.len() >= MEMO_ENTRIES {
            values.clear();
        }
        values.insert(part, g);
    }

    /// The value of any position: the XOR of its parts' values.
    fn position(&mut self, pos: &R::Position) -> Result<u32, Unsolved> {
        let mut g = 0;
        for part in self.rules.components(pos) {
            g ^= self.part(&self.rules.normalize(&part).0)?;
        }
        Ok(g)
    }

    /// The value of a normalised part: the mex of its options' values.
    fn part(&mut self, part: &R::Position) -> Result<u32, Unsolved> {
        if let Some(g) = self.remembered(part) {
            return Ok(g);
        }
        if self.left == 0 {
            return Err(Unsolved::over_budget(format!(
                "position too big: valuing it takes more than {MAX_NEW_PARTS} parts"
            )));
        }
        if crate::deadline::passed() {
            return Err(Unsolved::over_time(
                "stopped at the deadline set for the work",
            ));
        }
        self.left -= 1;
        let mut seen = Vec::new();
        for mv in self.rules.moves(part, Player::Left) {
            let after = self.rules.play(part, &mv);
            seen.push(Nimber(u128::from(self.position(&after)?)));
        }
        let g = u32::try_from(mex(seen).0).expect("a mex is at most the number of options");
        self.remember(part.clone(), g);
        Ok(g)
    }
}

fn search<'a, R: Ruleset>(rules: &'a R, memo: &'a Memo<R::Position>) -> Search<'a, R> {
    Search {
        rules,
        memo,
        left: MAX_NEW_PARTS,
    }
}

/// The Grundy value of `pos`.
pub fn grundy<R: Ruleset>(
    rules: &R,
    memo: &Memo<R::Position>,
    pos: &R::Position,
) -> Result<u32, Unsolved>
where
    R::Position: Eq + Hash,
{
    search(rules, memo).position(pos)
}

/// The value of `pos`, for [`value`](crate::ruleset::RulesetExt::value).
pub fn value<R: Ruleset>(
    rules: &R,
    memo: &Memo<R::Position>,
    pos: &R::Position,
) -> Result<Value, Unsolved>
where
    R::Position: Eq + Hash,
{
    grundy(rules, memo, pos).map(|g| Value::Nimber(Nimber(g.into())))
}

/// Every winning move from `pos`, in move order, for [`winning_moves`](crate::ruleset::RulesetExt::winning_moves):
/// the moves to positions of value 0.
pub fn winning_moves<R: Ruleset>(
    rules: &R,
    memo: &Memo<R::Position>,
    pos: &R::Position,
) -> Result<Vec<R::Move>, Unsolved>
where
    R::Position: Eq + Hash,
{
    let mut search = search(rules, memo);
    // Valuing the position first puts every option's parts in the memo.
    if search.position(pos)? == 0 {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for mv in rules.moves(pos, Player::Left) {
        if search.position(&rules.play(pos, &mv))? == 0 {
            out.push(mv);
        }
    }
    Ok(out)
}

/// The split of `pos` into parts and their values, in data and sentences, for
/// [`explain`](crate::ruleset::RulesetExt::explain); `part` names a part and `parts` several (`region`,
/// `regions`). `None` when a value is not found within the limits.
pub fn explain_parts<R: Ruleset>(
    rules: &R,
    memo: &Memo<R::Position>,
    pos: &R::Position,
    (part, parts_name): (&str, &str),
) -> Option<Explanation>
where
    R::Position: Eq + Hash,
{
    let mut search = search(rules, memo);
    let total = search.position(pos).ok()?;
    let mut values = Vec::new();
    for p in rules.components(pos) {
        let g = search.part(&rules.normalize(&p).0).ok()?;
        values.push((rules.show_position(&p), Nimber(g.into())));
    }
    let total = Nimber(total.into());
    let mut sentences = Vec::new();
    match values.len() {
        0 => sentences.push(format!("No {part} has a move: the value is 0.")),
        1 => sentences.push(format!(
            "One {part} where a move is left, {}: its Grundy value (the mex of its \
             options' values) is {total}.",
            values[0].0
        )),
        n => {
            sentences.push(format!(
                "The position splits into {n} independent {parts_name} where a move is \
                 left; their Grundy values (each the mex of its options' values) XOR together:"
            ));
            for (shown, g) in &values {
                sentences.push(format!("  {shown}: {g}"));
            }
            let sum: Vec<String> = values.iter().map(|(_, g)| g.to_string()).collect();
            sentences.push(format!("In all: {} = {total}.", sum.join(" + ")));
        }
    }
    sentences.push(if total.0 == 0 {
        "The value is 0: the player to move loses, whatever the move.".to_owned()
    } else {
        "The value is not 0: the player to move wins by moving to a position of value 0.".to_owned()
    });
    Some(Explanation {
        reduction: serde_json::json!({
            "parts": values
                .iter()
                .map(|(shown, g)| serde_json::json!({ "part": shown, "value": g.to_string() }))
                .collect::<Vec<_>>(),
            "value": total.to_string(),
        }),
        sentences,
    })
}
