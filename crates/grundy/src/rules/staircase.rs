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

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use serde_json::json;

use crate::analysis::{Analysis, MoveReport};
use crate::game::{Game, Impartial};
use crate::rules::heaps::{parse_list, parse_number, write_list};
use crate::rules::notation::{Found, NotationError};
use crate::rules::pawns::Board;
use crate::values::{Nimber, Outcome};

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

    /// The value of a step of `s` stones that counts: s, or s mod (k + 1).
    pub fn step_value(&self, s: u64) -> u64 {
        match self.bound {
            None => s,
            Some(k) => s % (k + 1),
        }
    }

    /// Whether the step at 0-based index `index` (from the top) of `len` steps counts:
    /// the 1st, 3rd, 5th, ... step from the bottom.
    pub fn counts(index: usize, len: usize) -> bool {
        (len - 1 - index) % 2 == 0
    }

    /// The value of a position: the XOR of the counted steps' values.
    pub fn value(&self, steps: &Steps) -> Nimber {
        let len = steps.0.len();
        let x = steps
            .0
            .iter()
            .enumerate()
            .filter(|&(i, _)| Staircase::counts(i, len))
            .fold(0, |acc, (_, &s)| acc ^ self.step_value(s));
        Nimber(u128::from(x))
    }

    /// Every winning move, in the order [`Impartial::moves`] lists moves. A move from
    /// a counted step changes that step's value; a move from an uncounted step
    /// changes the counted step below it. For each step at most one count works.
    pub fn winning_moves(&self, steps: &Steps) -> Vec<StairMove> {
        let x = self.value(steps).0 as u64;
        if x == 0 {
            return Vec::new();
        }
        let len = steps.0.len();
        let cap = |s: u64| self.bound.map_or(s, |k| s.min(k));
        let mut moves = Vec::new();
        for (i, &s) in steps.0.iter().enumerate() {
            let most = cap(s);
            if most == 0 {
                continue;
            }
            let count = if Staircase::counts(i, len) {
                // New value of this step must be value ^ x.
                let want = self.step_value(s) ^ x;
                match self.bound {
                    None => (want < s).then(|| s - want),
                    Some(k) => (want <= k).then(|| {
                        let m = k + 1;
                        (s % m + m - want) % m
                    }),
                }
            } else {
                // Moving c stones onto the counted step below, of t stones.
                let t = steps.0[i + 1];
                let want = self.step_value(t) ^ x;
                match self.bound {
                    None => (want > t).then(|| want - t),
                    Some(k) => (want <= k).then(|| {
                        let m = k + 1;
                        (want + m - t % m) % m
                    }),
                }
            };
            if let Some(count) = count.filter(|&c| c >= 1 && c <= most) {
                moves.push(StairMove { step: i, count });
            }
        }
        moves
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
    fn from_str(s: &str) -> Result<Steps, NotationError> {
        parse_list(s, "a number of stones (digits)").map(Steps)
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
        let Some((step, count)) = s.split_once('-') else {
            let i = s.chars().take_while(|c| c.is_ascii_digit()).count();
            return Err(NotationError::at(
                s,
                i,
                "'-' between step and count, as in 1-2",
            ));
        };
        let n = parse_number(step, 1, "a step number from 1")?;
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
        let count = parse_number(count, step.chars().count() + 2, "a number of stones")?;
        Ok(StairMove {
            step: step_index,
            count,
        })
    }
}

impl Game for Staircase {
    type Position = Steps;
    type Move = StairMove;

    fn play(&self, pos: &Steps, mv: &StairMove) -> Steps {
        let mut next = pos.clone();
        next.0[mv.step] -= mv.count;
        if mv.step + 1 < next.0.len() {
            next.0[mv.step + 1] += mv.count;
        }
        next
    }
}

impl Impartial for Staircase {
    fn moves(&self, pos: &Steps) -> Vec<StairMove> {
        let mut moves = Vec::new();
        for (step, &s) in pos.0.iter().enumerate() {
            let most = self.bound.map_or(s, |k| s.min(k));
            moves.extend((1..=most).map(|count| StairMove { step, count }));
        }
        moves
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

/// Everything about a staircase position: which steps count, their values, the XOR,
/// the winning moves.
pub fn analyze(rules: &Staircase, steps: &Steps) -> Analysis {
    let len = steps.0.len();
    let parts: Vec<StepValue> = steps
        .0
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let counted = Staircase::counts(i, len);
            StepValue {
                from_bottom: len - i,
                stones: s,
                counted,
                grundy: if counted { rules.step_value(s) } else { 0 },
            }
        })
        .collect();
    let value = rules.value(steps);
    let mut explanation = vec![match rules.bound {
        None => "only the 1st, 3rd, 5th, ... steps from the bottom count; a counted step of s stones is worth *s".to_owned(),
        Some(k) => format!(
            "only the 1st, 3rd, 5th, ... steps from the bottom count; a counted step of s stones is worth *(s mod {})",
            k + 1
        ),
    }];
    for p in &parts {
        explanation.push(if p.counted {
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
    let who = if value.to_move_wins() {
        "the player to move wins"
    } else {
        "the player to move loses"
    };
    explanation.push(if terms.is_empty() {
        format!("no steps: XOR = 0: {who}")
    } else {
        format!(
            "XOR of the counted values: {} = {}: {who}",
            terms.join(" ⊕ "),
            value.0
        )
    });
    let winning_moves: Vec<MoveReport> = rules
        .winning_moves(steps)
        .iter()
        .map(|m| MoveReport {
            mv: m.to_string(),
            after: rules.play(steps, m).to_string(),
        })
        .collect();
    Analysis {
        game: "staircase".to_owned(),
        rules: match rules.bound {
            None => String::new(),
            Some(k) => format!("bound {k}"),
        },
        position: steps.to_string(),
        to_move: "first player".to_owned(),
        to_move_wins: value.to_move_wins(),
        other_to_move_wins: None,
        outcome: if value.to_move_wins() {
            Outcome::N
        } else {
            Outcome::P
        },
        value: value.into(),
        reduction: json!({ "bound": rules.bound, "steps": parts, "xor": value.0 }),
        explanation,
        winning_move_count: Some(winning_moves.len() as u128),
        winning_moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ImpartialSolver;
    use crate::rules::pawns::Pawns;
    use proptest::prelude::*;

    /// Every staircase of up to `steps` steps with at most `max` stones on each.
    fn all_positions(steps: usize, max: u64) -> Vec<Steps> {
        let mut out = vec![Steps::default()];
        let mut layer: Vec<Vec<u64>> = vec![Vec::new()];
        for _ in 0..steps {
            let mut next = Vec::new();
            for p in &layer {
                for s in 0..=max {
                    let mut q = p.clone();
                    q.push(s);
                    next.push(q);
                }
            }
            out.extend(next.iter().cloned().map(Steps));
            layer = next;
        }
        out
    }

    #[test]
    fn closed_form_matches_the_engine_on_every_small_position() {
        for bound in [None, Some(1), Some(2), Some(3)] {
            let rules = Staircase::new(bound).unwrap();
            let mut solver = ImpartialSolver::new(&rules);
            for pos in all_positions(4, 4) {
                let v = rules.value(&pos);
                assert_eq!(v, solver.grundy(&pos), "{pos} {rules}");
                assert_eq!(
                    rules.winning_moves(&pos),
                    solver.winning_moves(&pos),
                    "{pos} {rules}"
                );
            }
        }
    }

    #[test]
    fn pawn_boards_are_staircases() {
        // Every board of up to 10 squares, pawns with step bounds 1, 2, 3.
        for k in 1..=3u32 {
            let pawns = Pawns::new(k).unwrap();
            let stairs = Staircase::new(Some(u64::from(k))).unwrap();
            let mut pawn_solver = ImpartialSolver::new(&pawns);
            for len in 0..=10 {
                for bits in 0u32..(1 << len) {
                    let text: String = (0..len)
                        .map(|i| if bits >> i & 1 == 1 { 'P' } else { '.' })
                        .collect();
                    let board: Board = text.parse().unwrap();
                    let steps = Steps::from_board(&board);
                    assert_eq!(
                        pawn_solver.grundy(&board).to_move_wins(),
                        stairs.value(&steps).to_move_wins(),
                        "{text}"
                    );
                    assert_eq!(stairs.value(&steps).0, pawns.nim_value(board.squares()));
                }
            }
        }
    }

    #[test]
    fn notation_and_analysis() {
        for s in ["3,0,2", "", "7"] {
            assert_eq!(s.parse::<Steps>().unwrap().to_string(), s);
        }
        assert_eq!("3,-1".parse::<Steps>().unwrap_err().column, 3);
        let m: StairMove = "1-2".parse().unwrap();
        assert_eq!(m, StairMove { step: 0, count: 2 });
        assert_eq!(m.to_string(), "1-2");
        assert!(Staircase::new(Some(0)).is_err());
        let rules = Staircase::new(Some(2)).unwrap();
        let a = analyze(&rules, &"3,0,2".parse().unwrap());
        // Counted from the bottom: 2 (worth 2) and 3 (worth 0); XOR 2.
        assert_eq!(a.value, "*2");
        assert_eq!(a.reduction["xor"], 2);
        assert_eq!(a.reduction["steps"][0]["counted"], true);
        assert_eq!(a.reduction["steps"][0]["grundy"], 0);
        let moves: Vec<&str> = a.winning_moves.iter().map(|m| m.mv.as_str()).collect();
        // Bottom 2 -> 0, or top 3 -> 2 (worth 2, cancelling the bottom).
        assert_eq!(moves, ["1-1", "3-2"]);
        assert_eq!(a.winning_moves[0].after, "2,1,2");
        assert_eq!(a.winning_moves[1].after, "3,0,0");
    }

    proptest! {
        #[test]
        fn winning_moves_reach_zero_on_large_staircases(
            steps in proptest::collection::vec(0u64..1_000_000_000_000, 0..8),
            bound in proptest::option::of(1u64..1000),
        ) {
            let rules = Staircase::new(bound).unwrap();
            let pos = Steps(steps);
            let moves = rules.winning_moves(&pos);
            prop_assert_eq!(moves.is_empty(), !rules.value(&pos).to_move_wins());
            for m in moves {
                prop_assert!(m.count >= 1 && m.count <= pos.0[m.step] && bound.map_or(true, |k| m.count <= k));
                prop_assert_eq!(rules.value(&rules.play(&pos, &m)).0, 0);
            }
        }
    }
}
