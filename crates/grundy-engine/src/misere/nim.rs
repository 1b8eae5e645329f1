//! Misère Nim (Bouton, 1902) and the rule that adds tame games.
//!
//! A Nim position's misère Grundy value is its nim-sum (XOR) when some heap has two
//! stones or more, and the nim-sum XOR 1 when every heap has at most one stone. So the
//! player to move loses exactly when the nim-sum is 0 with some heap of two or more,
//! or when the heaps are all 0 or 1 and an odd number of them are 1 (Bouton, "Nim, a
//! game with a complete mathematical theory", *Annals of Mathematics* 3, 1902;
//! *Winning Ways*, ch. 13). The winning move: as in normal Nim, unless it would
//! leave only heaps of 0 and 1; then leave an odd number of 1-heaps instead.
//!
//! Conway's *tame* games add the same way (*On Numbers and Games*, ch. 12; *Winning
//! Ways*, ch. 13, "tame games"): a tame game counts as a Nim heap of its normal-play
//! value, *firm* (like a heap of two or more) or *fickle* (like 0 or 1), and
//! [`sum_grundy`] gives the misère Grundy value of the sum.

/// One tame part of a sum, as misère Nim sees it: its normal-play Grundy value and
/// whether it is firm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tame {
    /// The normal-play Grundy value.
    pub grundy: u128,
    /// Firm (genus `g^{g…}`, like a Nim heap of 2 or more) rather than fickle (genus
    /// `0^{120}` or `1^{031}`, like a heap of 0 or 1).
    pub firm: bool,
}

impl Tame {
    /// A Nim heap of `stones` stones.
    pub fn heap(stones: u128) -> Tame {
        Tame {
            grundy: stones,
            firm: stones >= 2,
        }
    }
}

/// The misère Grundy value of a sum of tame parts: their nim-sum when some part is
/// firm, else the nim-sum XOR 1 (for Nim heaps, Bouton's rule).
///
/// ```
/// use grundy_engine::misere::nim::{sum_grundy, Tame};
/// let heaps = |h: &[u128]| sum_grundy(h.iter().map(|&n| Tame::heap(n)));
/// assert_eq!(heaps(&[]), 1); // no move: the player to move has won
/// assert_eq!(heaps(&[1]), 0); // must take the last stone
/// assert_eq!(heaps(&[1, 1]), 1);
/// assert_eq!(heaps(&[2, 2]), 0);
/// assert_eq!(heaps(&[3, 5, 7]), 1);
/// ```
pub fn sum_grundy(parts: impl IntoIterator<Item = Tame>) -> u128 {
    let mut xor = 0;
    let mut firm = false;
    for part in parts {
        xor ^= part.grundy;
        firm |= part.firm;
    }
    if firm {
        xor
    } else {
        xor ^ 1
    }
}

/// The misère winning moves of a Nim position, each as `(heap index, stones left in
/// that heap)`, in order of heap then of stones taken (fewest first): empty when the
/// player to move loses or has no move.
///
/// ```
/// use grundy_engine::misere::nim::winning_moves;
/// // 2,1: leave one heap of one stone (take both from the first heap).
/// assert_eq!(winning_moves(&[2, 1]), vec![(0, 0)]);
/// // 1,1,1 is lost: any move leaves two 1-heaps, and the other player leaves one.
/// assert!(winning_moves(&[1, 1, 1]).is_empty());
/// assert_eq!(winning_moves(&[1, 1]), vec![(0, 0), (1, 0)]);
/// ```
pub fn winning_moves(heaps: &[u128]) -> Vec<(usize, u128)> {
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let xor = heaps.iter().fold(0, |x, &h| x ^ h);
    let mut out = Vec::new();
    match big {
        0 => {
            // Only 0s and 1s: take a 1 when their number is even (leaving it odd).
            if ones % 2 == 0 {
                for (i, &h) in heaps.iter().enumerate() {
                    if h == 1 {
                        out.push((i, 0));
                    }
                }
            }
        }
        1 => {
            // Reduce the big heap to 0 or 1, leaving an odd number of 1-heaps.
            let i = heaps.iter().position(|&h| h >= 2).expect("one big heap");
            let left = if ones % 2 == 0 { 1 } else { 0 };
            out.push((i, left));
        }
        _ => {
            // As in normal Nim: at least one big heap stays, so the rule stays.
            if xor != 0 {
                for (i, &h) in heaps.iter().enumerate() {
                    let target = h ^ xor;
                    if target < h {
                        out.push((i, target));
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The misère Grundy value by the definition, over sorted heap lists.
    fn by_definition(
        heaps: &[u128],
        memo: &mut std::collections::HashMap<Vec<u128>, u128>,
    ) -> u128 {
        let mut key: Vec<u128> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..key.len() {
            for left in 0..key[i] {
                let mut next = key.clone();
                next[i] = left;
                seen.push(by_definition(&next, memo));
            }
        }
        let v = if key.is_empty() {
            1
        } else {
            (0..).find(|v| !seen.contains(v)).expect("a mex")
        };
        memo.insert(key, v);
        v
    }

    /// Every position of at most 4 heaps of at most 6 stones: Bouton's rule and its
    /// winning moves against the definition.
    #[test]
    fn bouton_against_the_definition() {
        let mut memo = std::collections::HashMap::new();
        let mut checked = 0;
        for n in 0..=4u32 {
            for code in 0..7u32.pow(n) {
                let heaps: Vec<u128> = (0..n).map(|i| u128::from(code / 7u32.pow(i) % 7)).collect();
                let value = by_definition(&heaps, &mut memo);
                assert_eq!(
                    sum_grundy(heaps.iter().map(|&h| Tame::heap(h))),
                    value,
                    "{heaps:?}"
                );
                let mut expected = Vec::new();
                for (i, &h) in heaps.iter().enumerate() {
                    for left in 0..h {
                        let mut next = heaps.clone();
                        next[i] = left;
                        if by_definition(&next, &mut memo) == 0 {
                            expected.push((i, left));
                        }
                    }
                }
                expected.sort_by_key(|&(i, left)| (i, std::cmp::Reverse(left)));
                assert_eq!(winning_moves(&heaps), expected, "{heaps:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 1 + 7 + 49 + 343 + 2401);
    }
}
