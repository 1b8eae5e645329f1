//! Nim: take any number of stones from one heap.
//!
//! # Rules
//! Heaps of stones. A move takes one or more stones from one heap. The player who
//! cannot move (every heap empty) loses.
//!
//! # Notation
//! Positions and moves as in [`heaps`](crate::rules::heaps): `3,5,7`, and `2-3` takes
//! 3 stones from the second heap. A heap emptied by a move stays in the list as `0`.
//!
//! # Closed form
//! A heap of n stones has Grundy value n (its options have every smaller value), so
//! by the Sprague–Grundy theorem a position is worth the XOR of its heap sizes (Bouton,
//! 1901). The player to move wins exactly when the XOR X is non-zero; the winning
//! moves reduce a heap h with h ⊕ X < h to h ⊕ X.

use serde_json::json;

use crate::analysis::{Analysis, MoveReport};
use crate::game::{Game, Impartial};
use crate::rules::heaps::{explain_heaps, HeapMove, HeapValue, Heaps};
use crate::values::{Nimber, Outcome};

/// The Nim ruleset (it has no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nim;

impl Nim {
    /// The value of a position: the XOR of its heap sizes.
    pub fn value(&self, heaps: &Heaps) -> Nimber {
        Nimber(heaps.sizes().iter().fold(0, |acc, h| acc ^ h))
    }

    /// Every winning move, by heap: each heap h with h ⊕ X < h goes down to h ⊕ X.
    pub fn winning_moves(&self, heaps: &Heaps) -> Vec<HeapMove> {
        let x = self.value(heaps).0;
        heaps
            .sizes()
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h ^ x < h)
            .map(|(heap, &h)| HeapMove {
                heap,
                take: h - (h ^ x),
            })
            .collect()
    }
}

impl Game for Nim {
    type Position = Heaps;
    type Move = HeapMove;

    fn play(&self, pos: &Heaps, mv: &HeapMove) -> Heaps {
        pos.after_taking(mv)
    }
}

impl Impartial for Nim {
    fn moves(&self, pos: &Heaps) -> Vec<HeapMove> {
        let mut moves = Vec::new();
        for (heap, &h) in pos.sizes().iter().enumerate() {
            moves.extend((1..=h).map(|take| HeapMove { heap, take }));
        }
        moves
    }
}

/// Everything about a Nim position: each heap's value, the XOR, the winning moves.
pub fn analyze(heaps: &Heaps) -> Analysis {
    let rules = Nim;
    let values: Vec<HeapValue> = heaps
        .sizes()
        .iter()
        .map(|&size| HeapValue { size, grundy: size })
        .collect();
    let value = rules.value(heaps);
    let mut explanation = vec!["a heap of n stones is worth *n (Bouton)".to_owned()];
    explanation.extend(explain_heaps(&values, "stones"));
    let winning_moves: Vec<MoveReport> = rules
        .winning_moves(heaps)
        .iter()
        .map(|m| MoveReport {
            mv: m.to_string(),
            after: rules.play(heaps, m).to_string(),
        })
        .collect();
    Analysis {
        game: "nim".to_owned(),
        rules: String::new(),
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
        reduction: json!({ "heaps": values, "xor": value.0 }),
        explanation,
        winning_move_count: Some(winning_moves.len() as u128),
        winning_moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ImpartialSolver;

    /// Every position of up to `heaps` heaps of at most `max` stones.
    pub(crate) fn all_positions(heaps: usize, max: u64) -> Vec<Heaps> {
        let mut out = vec![Heaps::default()];
        let mut layer = vec![Vec::new()];
        for _ in 0..heaps {
            let mut next = Vec::new();
            for p in &layer {
                for h in 0..=max {
                    let mut q: Vec<u64> = p.clone();
                    q.push(h);
                    next.push(q);
                }
            }
            out.extend(next.iter().cloned().map(Heaps));
            layer = next;
        }
        out
    }

    #[test]
    fn closed_form_matches_the_engine_on_every_small_position() {
        let rules = Nim;
        let mut solver = ImpartialSolver::new(&rules);
        let mut checked = 0;
        for pos in all_positions(3, 7) {
            assert_eq!(rules.value(&pos), solver.grundy(&pos), "{pos}");
            assert_eq!(
                rules.winning_moves(&pos),
                solver.winning_moves(&pos),
                "{pos}"
            );
            checked += 1;
        }
        assert_eq!(checked, 1 + 8 + 64 + 512);
    }

    #[test]
    fn analysis_of_3_5_7() {
        let a = analyze(&"3,5,7".parse().unwrap());
        assert!(a.to_move_wins);
        assert_eq!(a.value, "*");
        assert_eq!(a.reduction["xor"], 1);
        assert_eq!(a.reduction["heaps"][2]["grundy"], 7);
        let moves: Vec<(&str, &str)> = a
            .winning_moves
            .iter()
            .map(|m| (m.mv.as_str(), m.after.as_str()))
            .collect();
        assert_eq!(
            moves,
            [("1-1", "2,5,7"), ("2-1", "3,4,7"), ("3-1", "3,5,6")]
        );
        assert!(a
            .explanation
            .iter()
            .any(|l| l == "XOR of the values: 3 ⊕ 5 ⊕ 7 = 1: the player to move wins"));
        let lost = analyze(&"1,2,3".parse().unwrap());
        assert_eq!(lost.outcome, Outcome::P);
        assert!(lost.winning_moves.is_empty());
    }

    proptest::proptest! {
        #[test]
        fn winning_moves_on_large_heaps_reach_zero(
            heaps in proptest::collection::vec(0u64..u64::MAX, 0..8)
        ) {
            let pos = Heaps(heaps);
            let moves = Nim.winning_moves(&pos);
            proptest::prop_assert_eq!(moves.is_empty(), Nim.value(&pos).0 == 0);
            for m in moves {
                proptest::prop_assert!(m.take >= 1 && m.take <= pos.0[m.heap]);
                proptest::prop_assert_eq!(Nim.value(&Nim.play(&pos, &m)).0, 0);
            }
        }
    }
}
