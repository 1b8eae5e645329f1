//! Octal games: take-and-break games given by a code such as `0.77` (Kayles).
//!
//! # Rules
//! Heaps of stones and a code d0.d1d2...dt of octal digits. A move chooses one heap
//! and a number j of stones to take from it, 0 ≤ j ≤ t, allowed by digit dj:
//!
//! - bit 1 of dj: a heap of exactly j stones may be taken whole;
//! - bit 2 of dj: j stones may be taken from a larger heap, leaving one heap;
//! - bit 4 of dj: j stones may be taken and the rest split into two non-empty heaps.
//!
//! The digit before the point, d0, is about taking nothing: it is 0 or 4, and 4
//! means a heap may be split into two non-empty heaps without taking a stone (as in
//! `4.7`). The player who cannot move loses. Known games: `0.77` Kayles, `0.07`
//! Dawson's Kayles, `0.137` Dawson's chess. Codes with digits above 7 (hexadecimal
//! games, splits into three or more heaps) are not supported.
//!
//! # Notation
//! The ruleset is its code: `0.137`, `4.7`, or with the leading 0 left out, `.6`.
//! Trailing zeros are dropped (`0.70` is `0.7`) and the code prints as `0.7`.
//! Positions are heap sizes as in [`heaps`](crate::rules::heaps): `3,5`. A move is
//! `HEAP-TAKE` when it leaves at most one heap (`2-1` takes 1 stone from the second
//! heap), and `HEAP-TAKE=A+B` when the rest is split into heaps of A and B stones
//! (`1-1=2+3` takes 1 from a heap of 6 and leaves 2 and 3). The played heap is
//! replaced, in place, by what remains of it (nothing, one heap or two heaps).
//!
//! # Closed form
//! A position is worth the XOR of G(n) over its heaps. G is computed by the mex
//! ([`sequence::naive`]) or the sparse-space method
//! ([`sequence::sparse`]). Many octal games are ultimately
//! periodic, proven by the periodicity theorem: if G(n + p) = G(n) for all
//! i ≤ n < 2·max(i, 1) + p + t − 1, then for all n ≥ i
//! ([`octal_first_unchecked`](crate::sequence::period::octal_first_unchecked)).
//! With G(n) indexed by heap size:
//! Kayles has preperiod 71 and period 12, Dawson's Kayles preperiod 52 and period 34,
//! and Dawson's chess is Dawson's Kayles shifted by one (G_0.137(n) = G_0.07(n + 1)).

use std::fmt;
use std::str::FromStr;

use serde_json::json;

use crate::analysis::{Analysis, MoveReport};
use crate::game::{Game, Impartial};
use crate::rules::heaps::{describe_table, explain_heaps, Heaps};
use crate::rules::notation::NotationError;
use crate::sequence::naive::{HeapMoves, NaiveOctal};
use crate::sequence::sparse::SparseOctal;
use crate::sequence::{self, BeyondComputed, Options, Progress, ProofRule, Sequence, Source};
use crate::values::{Nimber, Outcome};

/// An octal code d0.d1...dt, without trailing zeros after the point.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

impl OctalCode {
    /// The digits d0, d1, ..., dt.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The most stones a move takes, t (the number of digits after the point).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// The moves on one heap, by number of stones taken.
    pub fn heap_moves(&self) -> HeapMoves {
        let mut moves = HeapMoves::default();
        for (j, &d) in self.digits.iter().enumerate() {
            if j > 0 && d & 1 != 0 {
                moves.take_all.push(j);
            }
            if j > 0 && d & 2 != 0 {
                moves.leave_one.push(j);
            }
            if d & 4 != 0 {
                moves.leave_two.push(j);
            }
        }
        moves
    }
}

impl FromStr for OctalCode {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<OctalCode, NotationError> {
        let chars: Vec<char> = s.chars().collect();
        let mut digits = Vec::new();
        let mut k = 0;
        if chars.first() != Some(&'.') {
            match chars.first() {
                Some('0') => digits.push(0),
                Some('4') => digits.push(4),
                _ => {
                    return Err(NotationError::at(
                        s,
                        0,
                        "0 or 4 before the point (4: a heap may be split without taking)",
                    ))
                }
            }
            k = 1;
        } else {
            digits.push(0);
        }
        if chars.get(k) != Some(&'.') {
            return Err(NotationError::at(s, k, "'.' after the first digit"));
        }
        k += 1;
        if k == chars.len() {
            return Err(NotationError::at(
                s,
                k,
                "an octal digit 0-7 after the point",
            ));
        }
        for (i, &c) in chars.iter().enumerate().skip(k) {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => return Err(NotationError::at(s, i, "an octal digit 0-7")),
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// How to compute an octal game's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The mex over every option (quadratic).
    Naive,
    /// The sparse-space method (see [`sequence::sparse`]).
    Sparse,
    /// The sparse-space method, and the periodic-tail shortcut while the latest
    /// values repeat with a short period (see [`sequence::tail`]).
    Auto,
}

/// An octal game: its code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Octal {
    code: OctalCode,
    moves: HeapMoves,
}

impl Octal {
    /// The octal game with this code.
    pub fn new(code: OctalCode) -> Octal {
        let moves = code.heap_moves();
        Octal { code, moves }
    }

    /// The code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The periodicity theorem for this game (t = the most stones taken).
    pub fn proof_rule(&self) -> ProofRule {
        ProofRule::Octal {
            max_take: self.code.max_take(),
        }
    }

    /// A fresh computation of this game's values by `method`.
    pub fn source(&self, method: Method) -> Box<dyn Source> {
        match method {
            Method::Naive => Box::new(NaiveOctal::new(self.moves.clone())),
            Method::Sparse => Box::new(SparseOctal::new(self.moves.clone())),
            Method::Auto => Box::new(SparseOctal::auto(self.moves.clone())),
        }
    }

    /// The Grundy sequence as `options` say, with its proven period.
    pub fn sequence(
        &self,
        method: Method,
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Sequence {
        sequence::compute(
            &mut *self.source(method),
            self.proof_rule(),
            options,
            progress,
        )
    }

    /// A sequence that gives the value of each of `heaps` ([`Method::Auto`]).
    pub fn table(&self, heaps: &Heaps) -> Result<Sequence, BeyondComputed> {
        let mut source = self.source(Method::Auto);
        sequence::table_for(&mut *source, self.proof_rule(), heaps.sizes())
    }

    /// The value of a position, looked up in `table`.
    pub fn value(&self, table: &Sequence, heaps: &Heaps) -> Option<Nimber> {
        heaps.sizes().iter().try_fold(Nimber(0), |acc, &h| {
            table.get(h).map(|g| acc ^ Nimber(u64::from(g)))
        })
    }

    /// The moves in heap `heap` of size `size` to a heap part of value `target`
    /// (looked up in `table`); splits are tried with the smaller part up to
    /// `max_part`. `None` if a needed value is not in `table`.
    pub fn moves_to_value(
        &self,
        table: &Sequence,
        heap: usize,
        size: u64,
        target: u32,
        max_part: u64,
    ) -> Option<Vec<OctalMove>> {
        let mut out = Vec::new();
        let mv = |take: usize, leave| OctalMove {
            heap,
            take: take as u64,
            leave,
        };
        // In the order of `Impartial::moves`: by stones taken, then what is left.
        for (j, &d) in self.code.digits.iter().enumerate() {
            let j64 = j as u64;
            if j > 0 && d & 1 != 0 && size == j64 && target == 0 {
                out.push(mv(j, Leave::Nothing));
            }
            if j > 0 && d & 2 != 0 && size > j64 && table.get(size - j64)? == target {
                out.push(mv(j, Leave::One(size - j64)));
            }
            if d & 4 != 0 && size >= j64 + 2 {
                let rest = size - j64;
                for a in 1..=(rest / 2).min(max_part) {
                    if table.get(a)? ^ table.get(rest - a)? == target {
                        out.push(mv(j, Leave::Two(a, rest - a)));
                    }
                }
            }
        }
        Some(out)
    }
}

impl FromStr for Octal {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Octal, NotationError> {
        s.parse().map(Octal::new)
    }
}

impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.code.fmt(f)
    }
}

/// What a move leaves of the heap it plays in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leave {
    /// Nothing: the heap was taken whole.
    Nothing,
    /// One heap of this size.
    One(u64),
    /// Two non-empty heaps of these sizes.
    Two(u64, u64),
}

/// A move of an octal game: take `take` stones from heap `heap` (0-based field,
/// printed 1-based) and leave `leave`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OctalMove {
    /// The 0-based index of the heap.
    pub heap: usize,
    /// How many stones are taken.
    pub take: u64,
    /// What remains of the heap.
    pub leave: Leave,
}

impl fmt::Display for OctalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.heap + 1, self.take)?;
        if let Leave::Two(a, b) = self.leave {
            write!(f, "={a}+{b}")?;
        }
        Ok(())
    }
}

impl Game for Octal {
    type Position = Heaps;
    type Move = OctalMove;

    fn play(&self, pos: &Heaps, mv: &OctalMove) -> Heaps {
        let rest: Vec<u64> = match mv.leave {
            Leave::Nothing => vec![],
            Leave::One(a) => vec![a],
            Leave::Two(a, b) => vec![a, b],
        };
        let mut next = pos.0.clone();
        next.splice(mv.heap..=mv.heap, rest);
        Heaps(next)
    }
}

impl Impartial for Octal {
    fn moves(&self, pos: &Heaps) -> Vec<OctalMove> {
        let mut out = Vec::new();
        for (heap, &size) in pos.sizes().iter().enumerate() {
            let mv = |take: usize, leave| OctalMove {
                heap,
                take: take as u64,
                leave,
            };
            for (j, &d) in self.code.digits.iter().enumerate() {
                let j64 = j as u64;
                if j > 0 && d & 1 != 0 && size == j64 {
                    out.push(mv(j, Leave::Nothing));
                }
                if j > 0 && d & 2 != 0 && size > j64 {
                    out.push(mv(j, Leave::One(size - j64)));
                }
                if d & 4 != 0 && size >= j64 + 2 {
                    let rest = size - j64;
                    out.extend((1..=rest / 2).map(|a| mv(j, Leave::Two(a, rest - a))));
                }
            }
        }
        out
    }
}

/// Splits are listed with the smaller part up to this size; beyond it the list of
/// winning moves in a heap is cut (and the analysis says so).
pub const MAX_LISTED_PART: u64 = 1 << 20;

/// Everything about a position of an octal game: each heap's value, the XOR, the
/// proven period used, the winning moves.
pub fn analyze(rules: &Octal, heaps: &Heaps) -> Result<Analysis, BeyondComputed> {
    let table = rules.table(heaps)?;
    let values = heaps.values_in(&table);
    let value = rules.value(&table, heaps).expect("checked by table");
    let mut explanation = vec![describe_table(&table, &rules.to_string())];
    explanation.extend(explain_heaps(&values, "stones"));
    let mut winning_moves = Vec::new();
    let mut all_listed = true;
    if value.to_move_wins() {
        for (heap, h) in values.iter().enumerate() {
            let target = (h.grundy ^ value.0) as u32;
            let moves = rules
                .moves_to_value(&table, heap, h.size, target, MAX_LISTED_PART)
                .expect("every part is at most a heap of the position");
            if h.size / 2 > MAX_LISTED_PART && !rules.moves.leave_two.is_empty() {
                all_listed = false;
                explanation.push(format!(
                    "heap {}: winning splits listed only with a part of at most {MAX_LISTED_PART} stones",
                    heap + 1
                ));
            }
            winning_moves.extend(moves.iter().map(|m| MoveReport {
                mv: m.to_string(),
                after: rules.play(heaps, m).to_string(),
            }));
        }
    }
    Ok(Analysis {
        game: "octal".to_owned(),
        rules: format!("code {rules}"),
        position: heaps.to_string(),
        to_move: "first player".to_owned(),
        to_move_wins: value.to_move_wins(),
        other_to_move_wins: None,
        outcome: if value.to_move_wins() {
            Outcome::N
        } else {
            Outcome::P
        },
        value: value.to_string(),
        reduction: json!({
            "code": rules.to_string(),
            "period": table.period,
            "heaps": values,
            "xor": value.0,
        }),
        explanation,
        winning_move_count: all_listed.then_some(winning_moves.len() as u128),
        winning_moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ImpartialSolver;

    fn all_codes() -> impl Iterator<Item = Octal> {
        (0..2 * 512).map(|k| {
            let d0 = if k >= 512 { 4 } else { 0 };
            let k = k % 512;
            format!("{d0}.{}{}{}", k / 64, k / 8 % 8, k % 8)
                .parse()
                .unwrap()
        })
    }

    #[test]
    fn code_notation() {
        for (text, shown, t) in [
            ("0.77", "0.77", 2),
            ("0.137", "0.137", 3),
            (".6", "0.6", 1),
            ("4.7", "4.7", 1),
            ("0.70", "0.7", 1),
            ("0.0", "0.0", 0),
            ("4.00", "4.0", 0),
            ("0.1234567", "0.1234567", 7),
        ] {
            let code: OctalCode = text.parse().unwrap();
            assert_eq!(code.to_string(), shown);
            assert_eq!(code.max_take(), t, "{text}");
            assert_eq!(shown.parse::<OctalCode>().unwrap(), code);
        }
        for (bad, column) in [
            ("", 1),
            ("1.7", 1),
            ("0", 2),
            ("07", 2),
            ("0.", 3),
            ("0.78", 4),
            ("0.7 ", 4),
            ("x", 1),
            (".", 2),
        ] {
            let e = bad.parse::<OctalCode>().unwrap_err();
            assert_eq!(e.column, column, "{bad:?}: {e}");
        }
        let e = "0.18".parse::<OctalCode>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "column 4: expected an octal digit 0-7, found '8'"
        );
    }

    #[test]
    fn sequences_match_the_engine_for_every_3_digit_code() {
        // Single heaps up to 9, and pairs of heaps up to 5, for all 1024 codes.
        for rules in all_codes() {
            let seq = rules.sequence(Method::Naive, &Options::to(12), &mut |_| {});
            let sparse = rules.sequence(Method::Sparse, &Options::to(12), &mut |_| {});
            assert_eq!(seq.values, sparse.values);
            let auto = rules.sequence(Method::Auto, &Options::to(12), &mut |_| {});
            assert_eq!(seq.values, auto.values);
            let mut solver = ImpartialSolver::new(&rules);
            for n in 0..=9u64 {
                let pos = Heaps(vec![n]);
                assert_eq!(
                    Nimber(u64::from(seq.values[n as usize])),
                    solver.grundy(&pos),
                    "{rules} {n}"
                );
            }
            for a in 1..=5u64 {
                for b in 1..=5u64 {
                    let pos = Heaps(vec![a, b]);
                    assert_eq!(rules.value(&seq, &pos), Some(solver.grundy(&pos)));
                }
            }
        }
    }

    #[test]
    fn winning_moves_match_the_engine() {
        for code in ["0.77", "0.07", "0.137", "4.7", "0.6", "0.16", "4.07"] {
            let rules: Octal = code.parse().unwrap();
            let mut solver = ImpartialSolver::new(&rules);
            for a in 0..=9u64 {
                for b in 0..=9u64 {
                    let pos = Heaps(vec![a, b]);
                    let analysis = analyze(&rules, &pos).unwrap();
                    let expect: Vec<String> = solver
                        .winning_moves(&pos)
                        .iter()
                        .map(|m| m.to_string())
                        .collect();
                    let got: Vec<String> = analysis
                        .winning_moves
                        .iter()
                        .map(|m| m.mv.clone())
                        .collect();
                    assert_eq!(got, expect, "{code} {pos}");
                    assert_eq!(analysis.to_move_wins, solver.to_move_wins(&pos));
                }
            }
        }
    }

    #[test]
    fn kayles_analysis_uses_the_proven_period() {
        let rules: Octal = "0.77".parse().unwrap();
        let a = analyze(&rules, &"3,5,1000000000000".parse().unwrap()).unwrap();
        assert_eq!(a.reduction["period"]["preperiod"], 71);
        assert_eq!(a.reduction["period"]["period"], 12);
        // G(3) = 3, G(5) = 4; 10^12 ≡ 4 (mod 12), so G = G(76) = 1.
        assert_eq!(a.reduction["heaps"][2]["grundy"], 1);
        assert_eq!(a.value, "*6");
        assert!(a.explanation[0].contains("preperiod 71 and period 12"));
        let m = &a.winning_moves[0];
        // Heap 5 (value 4) must go to 4 ⊕ 6 = 2: take 1 and leave 1 + 3 (1 ⊕ 3 = 2).
        let first = (m.mv.as_str(), m.after.as_str());
        assert_eq!(first, ("2-1=1+3", "3,1,3,1000000000000"));
        let lost = analyze(&rules, &"3,3".parse().unwrap()).unwrap();
        assert!(!lost.to_move_wins && lost.winning_moves.is_empty());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn winning_moves_reach_zero_and_losing_positions_have_none(
            code in 0usize..1024,
            heaps in proptest::collection::vec(0u64..300, 0..4),
        ) {
            let rules = all_codes().nth(code).unwrap();
            let pos = Heaps(heaps);
            let a = analyze(&rules, &pos).unwrap();
            let table = rules.table(&pos).unwrap();
            proptest::prop_assert_eq!(a.winning_moves.is_empty(), !a.to_move_wins);
            for m in &a.winning_moves {
                let after: Heaps = m.after.parse().unwrap();
                proptest::prop_assert_eq!(rules.value(&table, &after), Some(Nimber(0)));
            }
        }
    }
}
