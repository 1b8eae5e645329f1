//! Staircase Nim, with an optional bound on the stones moved at once.
//!
//! # Rules
//! Stones lie on the steps of a staircase. A move takes one or more stones (at most
//! k of them when the bound k is given) from one step down to the step below; stones
//! moved down from the bottom step leave the game. The player who cannot move (no
//! stones left) loses.
//!
//! # Notation
//! A position lists the stones on each step **from the top step down to the bottom
//! step**, comma-separated: `3,0,2` has 3 stones on the top step and 2 on the bottom
//! step. A move is `STEP-COUNT` with steps numbered from 1 at the top: `1-2` moves 2
//! stones from the top step to the next one. The bound is a parameter of the
//! ruleset, not of the position.
//!
//! # Pawns
//! Pawns on a strip ([`pawns`](crate::rules::pawns)) with step bound k are this game
//! with bound k: step i holds the empty squares just left of pawn i, pawns counted
//! from the left, so the leftmost pawn's pile is the top step and the last pawn's
//! pile is the bottom step ([`Steps::from_board`]). Moving pawn i by d squares moves
//! d stones from step i to step i + 1.
//!
//! # Closed form
//! Number the steps 1, 2, 3, ... from the bottom. Only the odd-numbered steps count:
//! stones moved from an even step onto an odd one can be moved on by the opponent at
//! once, undoing the change. A counted step with s stones is worth s (unbounded) or
//! s mod (k + 1) (bound k, as in Nim taking at most k), and the position is worth the
//! XOR of its counted steps.

//!
//! # Bounds
//! Any bound from 1 to 2^64 − 1 is allowed (a bound of at least the stones on the
//! staircase is no bound), and a position holds at most 2^64 − 1 stones in all, so
//! that no step can overflow as stones move down.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::Serialize;
use serde_json::json;

use crate::dynamic::DynRuleset;
use crate::dynamic::{either_convention, Param, Params, RulesetSpec};
use crate::game::Player;
use crate::play::binomial;
use crate::rules::heaps::{
    draw_row, parse_list, parse_number, positions_of, write_list, LARGEST_HEAP_SIZE,
};
use crate::rules::notation::{Found, NotationError};
use crate::rules::pawns::Board;
use crate::ruleset::{Capabilities, ClosedForm, Enumerate, ManyMoves, Presentation, WebBoard};
use crate::ruleset::{
    Convention, Explanation, Kind, MoveError, ParamError, Positions, Ruleset, Unsolved,
};
use crate::values::{Nimber, Value};

/// The bound, `--bound K`.
const BOUND: Param = Param {
    name: "bound",
    value_name: "K",
    help: "at most K stones move at once (no bound without it)",
    default: None,
    required: false,
    example: "2",
    flag: false,
};

/// Staircase Nim in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "staircase",
    about: "Staircase Nim: stones on steps from the top to the bottom, with a bound K on the stones moved.",
    example: "3,0,2",
    params: &[BOUND],
    build,
};

fn build(params: &Params, convention: Convention) -> Result<Box<dyn DynRuleset>, ParamError> {
    let bound = params.parse(SPEC.name, &BOUND, |text| {
        let k: u64 = text.parse().map_err(|e: std::num::ParseIntError| {
            format!(
                "expected a whole number of stones from 1 to {}: {e}",
                u64::MAX
            )
        })?;
        Staircase::new(Some(k)).map_err(|e| e.to_string())
    })?;
    either_convention(bound.unwrap_or_default(), convention)
}

/// Staircase Nim with an optional bound on the stones moved at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Staircase {
    bound: Option<u64>,
}

/// A bound that is not allowed (it must be at least 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the bound on stones moved must be at least 1, found {0}")]
pub struct BoundError(pub u64);

impl Staircase {
    /// Staircase Nim moving any number of stones (`None`) or at most `k` (`Some(k)`,
    /// k ≥ 1).
    pub fn new(bound: Option<u64>) -> Result<Staircase, BoundError> {
        match bound {
            Some(0) => Err(BoundError(0)),
            _ => Ok(Staircase { bound }),
        }
    }

    /// The bound k, if any.
    pub fn bound(&self) -> Option<u64> {
        self.bound
    }

    /// k + 1, the period of a counted step's value under bound k (as a u128, so
    /// that k = 2^64 − 1 works).
    fn modulus(&self) -> Option<u128> {
        self.bound.map(|k| u128::from(k) + 1)
    }

    /// The most stones a move can take from a step of `s` stones.
    fn most(&self, s: u64) -> u64 {
        self.bound.map_or(s, |k| s.min(k))
    }

    /// The value of a step of `s` stones that counts: s, or s mod (k + 1).
    pub fn step_value(&self, s: u64) -> u64 {
        match self.modulus() {
            None => s,
            // The remainder is below k + 1, so it fits in a u64.
            Some(m) => (u128::from(s) % m) as u64,
        }
    }

    /// Whether the step at 0-based index `index` (from the top) of `len` steps counts:
    /// the 1st, 3rd, 5th, ... step from the bottom.
    pub fn counts(index: usize, len: usize) -> bool {
        (len - 1 - index) % 2 == 0
    }

    /// The value of a position: the XOR of the counted steps' values.
    pub fn value(&self, steps: &Steps) -> Nimber {
        Nimber(u128::from(self.xor(steps)))
    }

    fn xor(&self, steps: &Steps) -> u64 {
        let len = steps.0.len();
        steps
            .0
            .iter()
            .enumerate()
            .filter(|&(i, _)| Staircase::counts(i, len))
            .fold(0, |acc, (_, &s)| acc ^ self.step_value(s))
    }

    /// Every winning move, in move order. A move from a counted step changes that
    /// step's value; a move from an uncounted step changes the counted step below
    /// it. For each step at most one count works.
    pub fn winning_moves(&self, steps: &Steps) -> Vec<StairMove> {
        let x = self.xor(steps);
        if x == 0 {
            return Vec::new();
        }
        let len = steps.0.len();
        let mut moves = Vec::new();
        for (i, &s) in steps.0.iter().enumerate() {
            let most = self.most(s);
            if most == 0 {
                continue;
            }
            let count = if Staircase::counts(i, len) {
                // The new value of this step must be its value ⊕ x.
                let want = self.step_value(s) ^ x;
                match self.modulus() {
                    None => (want < s).then(|| s - want),
                    Some(m) => (u128::from(want) < m).then(|| {
                        let c = (u128::from(s) % m + m - u128::from(want)) % m;
                        c as u64
                    }),
                }
            } else {
                // Moving c stones onto the counted step below, of t stones.
                let t = steps.0[i + 1];
                let want = self.step_value(t) ^ x;
                match self.modulus() {
                    None => (want > t).then(|| want - t),
                    Some(m) => (u128::from(want) < m).then(|| {
                        let c = (u128::from(want) + m - u128::from(t) % m) % m;
                        c as u64
                    }),
                }
            };
            if let Some(count) = count.filter(|&c| c >= 1 && c <= most) {
                moves.push(StairMove { step: i, count });
            }
        }
        moves
    }

    /// Each step's part in the value.
    fn parts(&self, steps: &Steps) -> Vec<StepValue> {
        let len = steps.0.len();
        steps
            .0
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let counted = Staircase::counts(i, len);
                StepValue {
                    from_bottom: len - i,
                    stones: s,
                    counted,
                    grundy: if counted { self.step_value(s) } else { 0 },
                }
            })
            .collect()
    }
}

impl fmt::Display for Staircase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.bound {
            None => f.write_str("unbounded"),
            Some(k) => write!(f, "bound {k}"),
        }
    }
}

/// A staircase position: the stones on each step, from the top step to the bottom.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Steps(pub Vec<u64>);

impl Steps {
    /// The staircase of a pawn board: the empty squares left of each pawn, from the
    /// leftmost pawn (top step) to the last (bottom step).
    pub fn from_board(board: &Board) -> Steps {
        let mut steps = Vec::new();
        let mut empty = 0u64;
        for &sq in board.squares() {
            if sq == b'P' {
                steps.push(empty);
                empty = 0;
            } else {
                empty += 1;
            }
        }
        Steps(steps)
    }
}

impl FromStr for Steps {
    type Err = NotationError;
    /// Reads the stones on each step; they must add up to at most 2^64 − 1.
    fn from_str(s: &str) -> Result<Steps, NotationError> {
        let steps = parse_list(s, "a number of stones (digits)")?;
        let mut total = 0u64;
        let mut column = 1;
        for (part, &n) in s.split(',').zip(&steps) {
            total = total.checked_add(n).ok_or_else(|| {
                NotationError::new(
                    column,
                    format!("at most {} stones in all", u64::MAX),
                    Found::Text(part.to_owned()),
                )
            })?;
            column += part.chars().count() + 1;
        }
        Ok(Steps(steps))
    }
}

impl fmt::Display for Steps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.0)
    }
}

/// A move: `count` stones go down from step `step` (0-based from the top; printed
/// 1-based as `STEP-COUNT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StairMove {
    /// The 0-based index of the step, from the top.
    pub step: usize,
    /// How many stones move down.
    pub count: u64,
}

impl fmt::Display for StairMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.step + 1, self.count)
    }
}

impl FromStr for StairMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<StairMove, NotationError> {
        let Some((step, _)) = s.split_once('-') else {
            let i = s.chars().take_while(|c| c.is_ascii_digit()).count();
            return Err(NotationError::at(
                s,
                i,
                "'-' between step and count, as in 1-2",
            ));
        };
        let n = parse_number(s, 0..step.len(), "a step number from 1")?;
        let step_index = match usize::try_from(n) {
            Ok(k) if k >= 1 => k - 1,
            _ => {
                return Err(NotationError::new(
                    1,
                    "a step number from 1",
                    Found::Text(step.to_owned()),
                ))
            }
        };
        let count = parse_number(s, step.len() + 1..s.len(), "a number of stones")?;
        Ok(StairMove {
            step: step_index,
            count,
        })
    }
}

impl Ruleset for Staircase {
    type Position = Steps;

    type Move = StairMove;

    fn name(&self) -> &'static str {
        SPEC.name
    }

    /// `bound 2`, or nothing without a bound, as `grundy analyze` shows it.
    fn parameters(&self) -> String {
        match self.bound {
            None => String::new(),
            Some(k) => format!("bound {k}"),
        }
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_move(&self, pos: &Steps, _: Player, text: &str) -> Result<StairMove, MoveError> {
        let mv: StairMove = text.parse().map_err(|e| {
            MoveError::notation(format!("not a move: {e} (write STEP-COUNT, e.g. 1-2)"))
        })?;
        let n = pos.0.len();
        let coins = *pos.0.get(mv.step).ok_or_else(|| {
            MoveError::illegal(format!(
                "there is no step {} (the steps are 1 to {n})",
                mv.step + 1
            ))
        })?;
        let most = self.most(coins);
        if mv.count == 0 || mv.count > most {
            return Err(MoveError::illegal(if coins == 0 {
                format!("step {} is empty", mv.step + 1)
            } else {
                format!("move 1 to {most} stones from step {}", mv.step + 1)
            }));
        }
        Ok(mv)
    }

    fn move_help(&self) -> String {
        let most = match self.bound {
            Some(k) => format!("1 to {k}"),
            None => "any number of".to_owned(),
        };
        format!(
            "STEP-COUNT moves COUNT stones ({most}) from step STEP (1 is the top) to the \
             step below, e.g. 1-2"
        )
    }

    fn moves(&self, pos: &Steps, player: Player) -> Vec<StairMove> {
        self.first_moves(pos, player, usize::MAX)
    }

    fn play(&self, pos: &Steps, mv: &StairMove) -> Steps {
        let mut next = pos.clone();
        next.0[mv.step] -= mv.count;
        if mv.step + 1 < next.0.len() {
            next.0[mv.step + 1] += mv.count;
        }
        next
    }

    /// Stones only go down: at most every way to spread them over the steps and off.
    fn reach(&self, pos: &Steps) -> u128 {
        let stones: u64 = pos.0.iter().fold(0u64, |acc, &s| acc.saturating_add(s));
        binomial(
            stones.saturating_add(pos.0.len() as u64),
            pos.0.len() as u64,
        )
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .web_board(self)
            .many_moves(self)
            .enumerate(self)
    }
}

impl ClosedForm for Staircase {
    fn value(&self, pos: &Steps) -> Result<Value, Unsolved> {
        Ok(Staircase::value(self, pos).into())
    }

    fn winning_moves(&self, pos: &Steps, _: Player) -> Result<Vec<StairMove>, Unsolved> {
        Ok(Staircase::winning_moves(self, pos))
    }

    /// One stone down from the top step that has one.
    fn stalling_move(&self, pos: &Steps, _: Player) -> Option<StairMove> {
        let step = pos.0.iter().position(|&s| s > 0)?;
        Some(StairMove { step, count: 1 })
    }
}

impl Presentation for Staircase {
    /// `staircase (bound 2)` or `staircase (unbounded)`, as `grundy play` and
    /// `grundy verify` show it.
    fn title(&self) -> String {
        format!("staircase ({self})")
    }

    /// One line per step, `*` marking the steps that count.
    fn drawing(&self, pos: &Steps) -> String {
        let len = pos.0.len();
        if len == 0 {
            return "(no steps)".to_owned();
        }
        let mut lines: Vec<String> = pos
            .0
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let mark = if Staircase::counts(i, len) { "*" } else { " " };
                format!("{mark}{}", draw_row("step", i, s))
            })
            .collect();
        lines.push(
            "(step 1 is the top; stones moved off the last step leave; * marks the steps that count)"
                .to_owned(),
        );
        lines.join("\n")
    }

    /// Which steps count, their values, and the XOR.
    fn explain(&self, pos: &Steps, _: Player, _: usize) -> Option<Explanation> {
        let parts = self.parts(pos);
        let x = self.xor(pos);
        let mut sentences = vec![match self.modulus() {
            None => "only the 1st, 3rd, 5th, ... steps from the bottom count; a counted step \
                     of s stones is worth *s"
                .to_owned(),
            Some(m) => format!(
                "only the 1st, 3rd, 5th, ... steps from the bottom count; a counted step of s \
                 stones is worth *(s mod {m})"
            ),
        }];
        for p in &parts {
            sentences.push(if p.counted {
                format!(
                    "step {} from the bottom: {} stones, counted, value {}",
                    p.from_bottom,
                    p.stones,
                    Nimber(u128::from(p.grundy))
                )
            } else {
                format!(
                    "step {} from the bottom: {} stones, not counted",
                    p.from_bottom, p.stones
                )
            });
        }
        let terms: Vec<String> = parts
            .iter()
            .filter(|p| p.counted)
            .map(|p| p.grundy.to_string())
            .collect();
        let who = if x != 0 {
            "the player to move wins"
        } else {
            "the player to move loses"
        };
        sentences.push(if terms.is_empty() {
            format!("no steps: XOR = 0: {who}")
        } else {
            format!(
                "XOR of the counted values: {} = {x}: {who}",
                terms.join(" ⊕ ")
            )
        });
        Some(Explanation {
            reduction: json!({ "bound": self.bound, "steps": parts, "xor": x }),
            sentences,
        })
    }
}

impl WebBoard for Staircase {
    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        let sizes = crate::rules::drawing::sizes_of(&self.show_position(pos))?;
        crate::rules::drawing::heaps(&sizes, "step").map(|b| b.clicking("Click a token: it and every token after it on its step move down to the step below."))
    }

    fn touches(&self, pos: &Self::Position, mv: &Self::Move) -> Vec<crate::ruleset::board::At> {
        use crate::rules::drawing::{numbers, token};
        let Some(sizes) = crate::rules::drawing::sizes_of(&self.show_position(pos)) else {
            return Vec::new();
        };
        let text = mv.to_string();
        let n = numbers(&text);
        let size = |i: u64| {
            sizes
                .get((i as usize).wrapping_sub(1))
                .copied()
                .unwrap_or(0)
        };
        // HEAP-TAKE: the first token taken.
        match n[..] {
            [i, k] => token(i as usize - 1, size(i), k).into_iter().collect(),
            _ => Vec::new(),
        }
    }

    fn edit(&self, pos: &Self::Position, at: crate::ruleset::board::At) -> Option<Self::Position> {
        let sizes = crate::rules::drawing::sizes_of(&self.show_position(pos))?;
        let edited = crate::rules::drawing::edit_heaps(&sizes, at)?;
        let text: Vec<String> = edited.iter().map(u64::to_string).collect();
        self.parse_position(&text.join(",")).ok()
    }
}

impl ManyMoves for Staircase {
    /// Lists no more than `limit` moves: a step may hold more stones than memory.
    fn first_moves(&self, pos: &Steps, _: Player, limit: usize) -> Vec<StairMove> {
        crate::ruleset::first_items(
            pos.0.iter().enumerate().flat_map(|(step, &s)| {
                (1..=self.most(s)).map(move |count| StairMove { step, count })
            }),
            limit,
        )
    }

    fn move_count(&self, pos: &Steps, _: Player) -> Option<u128> {
        Some(pos.0.iter().map(|&s| u128::from(self.most(s))).sum())
    }
}

impl Enumerate for Staircase {
    fn size_unit(&self) -> &'static str {
        "coins plus steps"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_HEAP_SIZE
    }

    /// The compositions of `size`, each part less one as the stones of a step.
    fn positions(&self, size: usize) -> Option<Positions<'_, Steps>> {
        Some(positions_of(size, |parts| {
            Steps(parts.into_iter().map(|p| p - 1).collect())
        }))
    }
}

/// One step's part in an analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StepValue {
    /// The step's number from the bottom (1 = the bottom step).
    pub from_bottom: usize,
    /// Stones on the step.
    pub stones: u64,
    /// Whether the step counts (odd numbers from the bottom).
    pub counted: bool,
    /// The step's value if it counts, else 0.
    pub grundy: u64,
}
