//! Subtraction games: take s stones from one heap, for s in a finite set S.
//!
//! # Rules
//! Heaps of stones and a finite set S of positive whole numbers. A move takes s
//! stones from one heap, for some s ∈ S with s at most the heap's size. The player
//! who cannot move loses. Nim with at most k stones per move is S = {1, ..., k}.
//!
//! # Notation
//! The ruleset is its set, comma-separated: `2,4,5` (printed sorted, without
//! repeats). Positions and moves as in [`heaps`](crate::rules::heaps): `7,9`, and
//! `2-4` takes 4 stones from the second heap.
//!
//! # Closed form
//! G(n) = mex{G(n − s) : s ∈ S, s ≤ n} depends only on the m = max S values before
//! it, so the sequence is ultimately periodic, and a period is proven as soon as m
//! consecutive values repeat ([`ProofRule::Window`]). [`Subtraction::sequence`]
//! computes it. For S = {1, ..., k}, G(n) = n mod (k + 1). For S = {2, 4, 5} the
//! values are 0, 0, 1, 1, 2, 2, 3 repeated (preperiod 0, period 7). A position is
//! worth the XOR of its heaps' values.

use std::fmt;
use std::str::FromStr;

use serde_json::json;

use crate::analysis::{Analysis, MoveReport};
use crate::game::{Game, Impartial};
use crate::rules::heaps::{describe_table, explain_heaps, parse_list, write_list, HeapMove, Heaps};
use crate::rules::notation::{Found, NotationError};
use crate::sequence::naive::SubtractionValues;
use crate::sequence::{self, BeyondComputed, Options, Progress, ProofRule, Sequence};
use crate::values::{Nimber, Outcome};

/// The largest subtraction allowed (sequences need memory for a window of this size).
pub const MAX_SUBTRACTION: u64 = 1 << 20;

/// A subtraction game: its set S.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Subtraction {
    set: Vec<u64>,
}

/// A set that is not a subtraction set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SubtractionError {
    /// The set has no elements.
    #[error("the subtraction set is empty")]
    Empty,
    /// An element is 0 or too large.
    #[error("subtractions must be from 1 to {MAX_SUBTRACTION}, found {0}")]
    OutOfRange(u64),
}

impl Subtraction {
    /// The subtraction game with set `set` (sorted and deduplicated here).
    pub fn new(mut set: Vec<u64>) -> Result<Subtraction, SubtractionError> {
        set.sort_unstable();
        set.dedup();
        if let Some(&bad) = set.iter().find(|&&s| s == 0 || s > MAX_SUBTRACTION) {
            return Err(SubtractionError::OutOfRange(bad));
        }
        if set.is_empty() {
            return Err(SubtractionError::Empty);
        }
        Ok(Subtraction { set })
    }

    /// The set S, sorted.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// The largest subtraction, m = max S.
    pub fn max(&self) -> u64 {
        *self.set.last().expect("the set is not empty")
    }

    /// The rule that proves periods of this game: m consecutive repeated values.
    pub fn proof_rule(&self) -> ProofRule {
        ProofRule::Window {
            width: self.max() as usize,
        }
    }

    /// A fresh computation of this game's values.
    pub fn source(&self) -> SubtractionValues {
        SubtractionValues::new(self.set.iter().map(|&s| s as usize).collect())
    }

    /// The Grundy sequence as `options` say, with its proven period.
    pub fn sequence(&self, options: &Options, progress: &mut dyn FnMut(Progress)) -> Sequence {
        sequence::compute(&mut self.source(), self.proof_rule(), options, progress)
    }

    /// A sequence that gives the value of each of `heaps`.
    pub fn table(&self, heaps: &Heaps) -> Result<Sequence, BeyondComputed> {
        sequence::table_for(&mut self.source(), self.proof_rule(), heaps.sizes())
    }

    /// The value of a position, looked up in `table`.
    pub fn value(&self, table: &Sequence, heaps: &Heaps) -> Option<Nimber> {
        heaps.sizes().iter().try_fold(Nimber(0), |acc, &h| {
            table.get(h).map(|g| acc ^ Nimber(u128::from(g)))
        })
    }

    /// Every winning move: in each heap h, each s with G(h − s) = G(h) ⊕ X.
    pub fn winning_moves(&self, table: &Sequence, heaps: &Heaps) -> Option<Vec<HeapMove>> {
        let x = self.value(table, heaps)?.0;
        let mut moves = Vec::new();
        if x == 0 {
            return Some(moves);
        }
        for (heap, &h) in heaps.sizes().iter().enumerate() {
            let target = u128::from(table.get(h)?) ^ x;
            for &s in self.set.iter().take_while(|&&s| s <= h) {
                if u128::from(table.get(h - s)?) == target {
                    moves.push(HeapMove { heap, take: s });
                }
            }
        }
        Some(moves)
    }
}

impl FromStr for Subtraction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Subtraction, NotationError> {
        let what = "a subtraction from 1 (digits)";
        let set = parse_list(s, what)?;
        if set.is_empty() {
            return Err(NotationError::new(1, what, Found::End));
        }
        let mut column = 1;
        for (part, &x) in s.split(',').zip(&set) {
            if x == 0 || x > MAX_SUBTRACTION {
                let expected = format!("a subtraction from 1 to {MAX_SUBTRACTION}");
                return Err(NotationError::new(
                    column,
                    expected,
                    Found::Text(part.to_owned()),
                ));
            }
            column += part.chars().count() + 1;
        }
        Ok(Subtraction::new(set).expect("checked above"))
    }
}

impl fmt::Display for Subtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.set)
    }
}

impl Game for Subtraction {
    type Position = Heaps;
    type Move = HeapMove;

    fn play(&self, pos: &Heaps, mv: &HeapMove) -> Heaps {
        pos.after_taking(mv)
    }
}

impl Impartial for Subtraction {
    fn moves(&self, pos: &Heaps) -> Vec<HeapMove> {
        let mut moves = Vec::new();
        for (heap, &h) in pos.sizes().iter().enumerate() {
            for &take in self.set.iter().take_while(|&&s| s <= h) {
                moves.push(HeapMove { heap, take });
            }
        }
        moves
    }
}

/// Everything about a position of a subtraction game: each heap's value, the XOR,
/// the proven period used, the winning moves.
pub fn analyze(rules: &Subtraction, heaps: &Heaps) -> Result<Analysis, BeyondComputed> {
    let table = rules.table(heaps)?;
    let values = heaps.values_in(&table);
    let value = rules.value(&table, heaps).expect("checked by table");
    let mut explanation = vec![describe_table(&table, &format!("S = {{{rules}}}"))];
    explanation.extend(explain_heaps(&values, "stones"));
    let winning_moves: Vec<MoveReport> = rules
        .winning_moves(&table, heaps)
        .expect("checked by table")
        .iter()
        .map(|m| MoveReport {
            mv: m.to_string(),
            after: rules.play(heaps, m).to_string(),
        })
        .collect();
    Ok(Analysis {
        game: "subtraction".to_owned(),
        rules: format!("S = {{{rules}}}"),
        position: heaps.to_string(),
        to_move: "first player".to_owned(),
        to_move_wins: value.to_move_wins(),
        other_to_move_wins: None,
        outcome: if value.to_move_wins() {
            Outcome::N
        } else {
            Outcome::P
        },
        value: value.into(),
        reduction: json!({
            "set": rules.set,
            "period": table.period,
            "heaps": values,
            "xor": value.0,
        }),
        explanation,
        winning_move_count: Some(winning_moves.len() as u128),
        winning_moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ImpartialSolver;
    use crate::sequence::period::brute_force_period;

    /// Every non-empty subset of {1, ..., m}.
    fn all_sets(m: u64) -> Vec<Subtraction> {
        (1u32..1 << m)
            .map(|bits| {
                let set = (1..=m).filter(|s| bits >> (s - 1) & 1 == 1).collect();
                Subtraction::new(set).unwrap()
            })
            .collect()
    }

    #[test]
    fn values_and_winning_moves_match_the_engine() {
        for rules in all_sets(5) {
            let mut solver = ImpartialSolver::new(&rules);
            for a in 0..=12u64 {
                for b in 0..=12u64 {
                    let pos = Heaps(vec![a, b]);
                    let table = rules.table(&pos).unwrap();
                    assert_eq!(rules.value(&table, &pos), Some(solver.grundy(&pos)));
                    assert_eq!(
                        rules.winning_moves(&table, &pos).unwrap(),
                        solver.winning_moves(&pos),
                        "{rules} {pos}"
                    );
                }
            }
        }
    }

    #[test]
    fn proven_periods_match_a_brute_force_search() {
        // Every set within {1..7}: the proven period against the smallest period that
        // 3000 values show with at least ten repetitions.
        for rules in all_sets(7) {
            let proven = rules.sequence(&Options::until_proven(100_000), &mut |_| {});
            let p = proven
                .period
                .expect("subtraction games are ultimately periodic");
            let long = rules.sequence(&Options::to(2999), &mut |_| {});
            assert_eq!(&long.values[..proven.computed()], &proven.values[..]);
            let brute = brute_force_period(&long.values, 10).unwrap();
            assert_eq!(p, brute, "{rules}");
            assert_eq!(long.period, Some(p), "{rules}");
            // The proof rule: G(n + p) = G(n) on max S consecutive n from the preperiod.
            assert!(proven.computed() <= p.preperiod + p.period + rules.max() as usize + 64);
        }
    }

    #[test]
    fn one_to_k_is_n_mod_k_plus_one() {
        for k in 1..=6u64 {
            let rules = Subtraction::new((1..=k).collect()).unwrap();
            let seq = rules.sequence(&Options::until_proven(1000), &mut |_| {});
            let p = seq.period.unwrap();
            assert_eq!((p.preperiod, p.period), (0, k as usize + 1));
            for n in [0u64, 5, 1 << 40, u64::MAX] {
                assert_eq!(seq.get(n), Some((n % (k + 1)) as u32));
            }
        }
    }

    #[test]
    fn the_editorial_exercise_2_4_5() {
        let rules: Subtraction = "2,4,5".parse().unwrap();
        let seq = rules.sequence(&Options::until_proven(1000), &mut |_| {});
        assert_eq!(&seq.values[..11], &[0, 0, 1, 1, 2, 2, 3, 0, 0, 1, 1]);
        let p = seq.period.unwrap();
        assert_eq!((p.preperiod, p.period), (0, 7));
        let a = analyze(&rules, &"7,9,1000000000000".parse().unwrap()).unwrap();
        // G(7) = 0, G(9) = 1, G(10^12) = G(10^12 mod 7 = 1) = 0.
        assert_eq!(a.reduction["xor"], 1);
        let moves: Vec<&str> = a.winning_moves.iter().map(|m| m.mv.as_str()).collect();
        // Heaps of value 0 must go to value 1: 7 - 4 = 3 and 7 - 5 = 2 (G 1), and
        // 10^12 - 5 ≡ 3 (mod 7); heap 9 (value 1) must go to value 0: 9 - 2 = 7.
        assert_eq!(moves, ["1-4", "1-5", "2-2", "3-5"]);
    }

    #[test]
    fn notation() {
        let rules: Subtraction = "5,2,4,2".parse().unwrap();
        assert_eq!(rules.to_string(), "2,4,5");
        assert_eq!(rules.to_string().parse::<Subtraction>().unwrap(), rules);
        let e = "2,0,5".parse::<Subtraction>().unwrap_err();
        assert_eq!(e.column, 3);
        assert_eq!("".parse::<Subtraction>().unwrap_err().column, 1);
        assert_eq!("2,x".parse::<Subtraction>().unwrap_err().column, 3);
        assert!("2,9999999".parse::<Subtraction>().is_err());
        assert!(Subtraction::new(vec![]).is_err());
    }

    proptest::proptest! {
        #[test]
        fn winning_moves_on_large_heaps_reach_zero(
            set in proptest::collection::vec(1u64..40, 1..5),
            heaps in proptest::collection::vec(0u64..1_000_000_000_000_000, 0..5),
        ) {
            let rules = Subtraction::new(set).unwrap();
            let pos = Heaps(heaps);
            let table = rules.table(&pos).unwrap();
            let value = rules.value(&table, &pos).unwrap();
            let moves = rules.winning_moves(&table, &pos).unwrap();
            proptest::prop_assert_eq!(moves.is_empty(), value.0 == 0);
            for m in moves {
                let after = rules.play(&pos, &m);
                proptest::prop_assert_eq!(rules.value(&table, &after).unwrap().0, 0);
            }
        }
    }
}
