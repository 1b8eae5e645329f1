//! Generalised Sprague-Grundy values of loopy impartial games (Smith 1966): the
//! value of a position that can be played forever, and the rule that answers a sum
//! of such games from its parts. `digraph`'s own solver answers with it where its
//! sums are too big for the retrograde engine. Limits: impartial games under normal
//! play, given as lists of successors held in memory; a sum's result comes without
//! remoteness.
//!
//! In a finite graph where the player who cannot move loses and play may cycle,
//! each position `u` gets a value γ(u): a nimber `m`, or `∞(K)`, where `K` is the set
//! of the nimbers among the values of its options. Then:
//!
//! - γ(u) = 0: the player to move loses; a nimber `m > 0`: wins;
//! - γ(u) = ∞(K): wins when 0 ∈ K (a move to a 0), and otherwise the game is a
//!   draw (infinite play);
//! - the sum rule: γ(u + v) = γ(u) ⊕ γ(v), where nimbers add by XOR,
//!   `∞(K) ⊕ b = ∞(K ⊕ b)` (every element XORed with `b`) and `∞(K) ⊕ ∞(L) = ∞(∅)`:
//!   a sum of two infinite parts is a draw.
//!
//! The values are found by the standard labelling algorithm, for `m = 0, 1, 2, ...`:
//! (a) while some unlabelled `u` has no option labelled `m`, and each of its options
//! that is unlabelled or labelled ∞ has an option labelled `m`, label `u` with `m`;
//! (b) label ∞ every unlabelled `u` with no option labelled `m`; stop when every
//! position is labelled.
//!
//! Sources: C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966)
//! 51–81; A. S. Fraenkel and Y. Yesha, "Theory of annihilation games" (1982) and
//! Fraenkel's survey "Complexity, appeal and challenges of combinatorial games"
//! (2004) for the algorithm as stated here; Berlekamp, Conway and Guy, *Winning Ways*,
//! chapter 12 ("Games eternal – games entailed"), for loopy impartial sums.
//!
//! ```
//! use grundy_engine::engine::loopy::{smith_values, LoopyValue};
//! // 0 <-> 1, 1 -> 2 (2 has no move).
//! let values = smith_values(&[vec![1], vec![0, 2], vec![]]);
//! assert_eq!(values[2], LoopyValue::Finite(0));
//! assert_eq!(values[1], LoopyValue::Finite(1));
//! assert_eq!(values[0], LoopyValue::Finite(0));
//! // 0 <-> 1 with no exit: both ∞ with no finite option, a draw.
//! let values = smith_values(&[vec![1], vec![0]]);
//! assert_eq!(values[0].to_string(), "∞");
//! ```

use std::collections::BTreeSet;
use std::fmt;

use super::retrograde::GameResult;

/// A generalised Sprague-Grundy value: a nimber or ∞ with its finite options' set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A nimber: the position plays like a Nim heap of this size.
    Finite(u32),
    /// ∞(K): the nimbers among the options' values.
    Infinite(BTreeSet<u32>),
}

impl LoopyValue {
    /// The result for the player to move: a loss at 0, a win at another nimber or
    /// at ∞(K) with 0 in K, a draw otherwise.
    pub fn result(&self) -> GameResult {
        match self {
            LoopyValue::Finite(0) => GameResult::Lose,
            LoopyValue::Finite(_) => GameResult::Win,
            LoopyValue::Infinite(k) if k.contains(&0) => GameResult::Win,
            LoopyValue::Infinite(_) => GameResult::Draw,
        }
    }

    /// The value of the sum of two games by Smith's rule (see the module docs).
    pub fn add(&self, other: &LoopyValue) -> LoopyValue {
        match (self, other) {
            (LoopyValue::Finite(a), LoopyValue::Finite(b)) => LoopyValue::Finite(a ^ b),
            (LoopyValue::Infinite(k), LoopyValue::Finite(b))
            | (LoopyValue::Finite(b), LoopyValue::Infinite(k)) => {
                LoopyValue::Infinite(k.iter().map(|x| x ^ b).collect())
            }
            (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => {
                LoopyValue::Infinite(BTreeSet::new())
            }
        }
    }

    /// The value of a sum of games (0 for none).
    pub fn sum<'a>(values: impl IntoIterator<Item = &'a LoopyValue>) -> LoopyValue {
        values
            .into_iter()
            .fold(LoopyValue::Finite(0), |acc, v| acc.add(v))
    }
}

impl fmt::Display for LoopyValue {
    /// `3`, `∞{0,2}`, or `∞` when no option has a finite value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(n) => write!(f, "{n}"),
            LoopyValue::Infinite(k) if k.is_empty() => f.write_str("∞"),
            LoopyValue::Infinite(k) => {
                let parts: Vec<String> = k.iter().map(u32::to_string).collect();
                write!(f, "∞{{{}}}", parts.join(","))
            }
        }
    }
}

const UNLABELLED: u32 = u32::MAX;
const INFINITE: u32 = u32::MAX - 1;

/// The value of every vertex of a finite digraph given by its successor lists
/// (`successors[u]` the options of `u`, each `< successors.len()`), by the labelling
/// algorithm of the module docs. Work: O(V · E) per nimber labelled.
#[allow(clippy::needless_range_loop)] // vertices index three tables at once
pub fn smith_values(successors: &[Vec<usize>]) -> Vec<LoopyValue> {
    let n = successors.len();
    let mut label = vec![UNLABELLED; n];
    let mut m = 0u32;
    while label.contains(&UNLABELLED) {
        // has_m[v]: some option of v is labelled m.
        let mut has_m = vec![false; n];
        loop {
            let mut changed = false;
            for u in 0..n {
                if label[u] != UNLABELLED || has_m[u] {
                    continue;
                }
                let ok = successors[u].iter().all(|&w| {
                    let lw = label[w];
                    !(lw == UNLABELLED || lw == INFINITE) || has_m[w]
                });
                if ok {
                    label[u] = m;
                    changed = true;
                    for (p, succ) in successors.iter().enumerate() {
                        if succ.contains(&u) {
                            has_m[p] = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for u in 0..n {
            if label[u] == UNLABELLED && !has_m[u] {
                label[u] = INFINITE;
            }
        }
        m += 1;
    }
    (0..n)
        .map(|u| {
            if label[u] == INFINITE {
                LoopyValue::Infinite(
                    successors[u]
                        .iter()
                        .map(|&w| label[w])
                        .filter(|&l| l != INFINITE)
                        .collect(),
                )
            } else {
                LoopyValue::Finite(label[u])
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_acyclic_graph_gets_its_grundy_values() {
        // A path 3 -> 2 -> 1 -> 0 and 3 -> 0, 3 -> 1: mex values 0, 1, 0, 2.
        let v = smith_values(&[vec![], vec![0], vec![1], vec![2, 0, 1]]);
        let got: Vec<String> = v.iter().map(|x| x.to_string()).collect();
        assert_eq!(got, ["0", "1", "0", "2"]);
    }

    #[test]
    fn infinite_values_carry_their_finite_options() {
        // 0 <-> 1, 0 -> 2 (no move): 0 wins by moving to 2; 1 can only go to 0.
        let v = smith_values(&[vec![1, 2], vec![0], vec![]]);
        assert_eq!(v[2], LoopyValue::Finite(0));
        assert_eq!(v[0], LoopyValue::Finite(1));
        assert_eq!(v[1], LoopyValue::Finite(0));
        // 0 loops on itself and goes to 1; 1 goes to 0 or to 2 (no move). 1 wins
        // by moving to 2, but its value is not a nimber: ∞{0}. 0 can only loop or
        // move to the win 1: ∞ with no finite option, a draw.
        let v = smith_values(&[vec![0, 1], vec![0, 2], vec![]]);
        assert_eq!(v[1].to_string(), "∞{0}");
        assert_eq!(v[1].result(), GameResult::Win);
        assert_eq!(v[0].to_string(), "∞");
        assert_eq!(v[0].result(), GameResult::Draw);
        // ∞{0} + *1 = ∞{1}: a draw; ∞{0} + *0 still wins.
        assert_eq!(v[1].add(&LoopyValue::Finite(1)).to_string(), "∞{1}");
        assert_eq!(v[1].add(&LoopyValue::Finite(1)).result(), GameResult::Draw);
        assert_eq!(
            v[1].add(&v[1]),
            LoopyValue::Infinite(BTreeSet::new()),
            "two infinite parts draw"
        );
    }
}
