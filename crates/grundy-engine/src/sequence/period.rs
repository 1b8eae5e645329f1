//! Proven periods: which preperiod and period the computed values prove.

use serde::Serialize;

/// The theorem that turns finitely many values into a period of the whole sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofRule {
    /// G(n) is a function of the `width` values before it (for n ≥ `width`), as in a
    /// subtraction game whose largest subtraction is `width`. Then G(n + p) = G(n) for
    /// `width` consecutive n ≥ a implies it for all n ≥ a.
    Window {
        /// The number of previous values that determine the next.
        width: usize,
    },
    /// The periodicity theorem for octal and hexadecimal games in which a move
    /// removes at most `max_take` stones (t) and leaves at most `max_parts` heaps (k):
    /// G(n + p) = G(n) for all i ≤ n < k·max(i, 1) + (k − 1)·p + t − k + 1 implies it
    /// for all n ≥ i (for octal games, k = 2: 2·max(i, 1) + p + t − 1). See
    /// [`split_first_unchecked`] for the derivation.
    Splits {
        /// The most stones a move removes (t).
        max_take: usize,
        /// The most heaps a move leaves (k): 2 for octal codes, 3 for hexadecimal
        /// codes with a digit that leaves three heaps. Values below 2 are read as 2.
        max_parts: usize,
    },
}

impl ProofRule {
    /// How many values (G(0), ..., G(len − 1)) are needed to prove that the
    /// sequence has period `p` from `i` on.
    pub fn needed(self, i: usize, p: usize) -> usize {
        match self {
            ProofRule::Window { width } => i + p + width,
            ProofRule::Splits {
                max_take,
                max_parts,
            } => split_first_unchecked(i, p, max_take, max_parts) + p,
        }
    }
}

/// For the periodicity theorem of octal and hexadecimal games: the least N such
/// that G(n + p) = G(n) for all i ≤ n < N implies it for all n ≥ i, when a move
/// takes at most t = `max_take` stones and leaves at most k = `max_parts` heaps
/// (k ≥ 2; a smaller k is taken as 2). With I = max(i, 1) it is
/// N = k·I + (k − 1)·p + t − k + 1: 2·I + p + t − 1 for octal games, and
/// 3·I + 2·p + t − 2 for hexadecimal games.
///
/// Derivation. Suppose G(m + p) = G(m) for all i ≤ m < N; we show it for m = N, and
/// so by induction for every m ≥ N, as long as every step below holds for all
/// N' ≥ N (each condition is a lower bound on N). The options of heap N and of
/// heap N + p are matched move for move (j stones taken, j ≤ t):
///
/// - *take a heap of exactly j whole*: possible from N or N + p only if it equals
///   j ≤ t. Neither does when N ≥ t + 1.
/// - *take j and leave one heap* (a non-empty one): N − j and N + p − j, both
///   non-empty when N ≥ t + 1, and G(N + p − j) = G(N − j) when N − j ≥ i, that is
///   N ≥ i + t (N − j < N, so the hypothesis covers it).
/// - *take j and split the rest into r non-empty heaps* (2 ≤ r ≤ k). A split
///   a₁ + … + a_r = N − j with largest part c becomes the split of N + p − j with
///   c + p in place of c, of the same value when c ≥ i (and c < N, as r ≥ 2); as
///   c ≥ ⌈(N − j)/r⌉ this holds when N ≥ r·i − r + t + 1. Conversely a split of
///   N + p − j with largest part b becomes one of N − j with b − p in place of b,
///   and here *every part must stay non-empty*: b − p ≥ 1, and G(b) = G(b − p)
///   needs b − p ≥ i. Since b ≥ ⌈(N + p − j)/r⌉, b − p ≥ max(i, 1) when
///   N + p − j > r·(max(i, 1) + p − 1), that is
///   N ≥ r·max(i, 1) + (r − 1)·p + t − r + 1.
///
/// With p ≥ 1 the last bound grows with r, so r = k gives the largest, and it
/// implies the others. The classical statement for octal games,
/// i ≤ n < 2i + p + t, forgets that a part cannot shrink to 0: with i = 0 it would
/// prove period 1 for `0.4` (G = 0, 0, 0, 1, ...) from three values, and for `4.0`
/// (G = 0, 0, 1, 0, 1, ...) from two; with max(i, 1) it is sound, and one value
/// shorter for i ≥ 1.
pub fn split_first_unchecked(i: usize, p: usize, max_take: usize, max_parts: usize) -> usize {
    let k = max_parts.max(2);
    k.saturating_mul(i.max(1))
        .saturating_add((k - 1).saturating_mul(p))
        .saturating_add(max_take + 1)
        .saturating_sub(k)
}

/// A proven preperiod and period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    /// The smallest i with G(n + p) = G(n) for all n ≥ i.
    pub preperiod: usize,
    /// The smallest p > 0 for which such an i exists.
    pub period: usize,
}

/// What [`proven_period`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scan {
    /// The period the values prove, if any.
    pub proven: Option<Period>,
    /// For a computation that goes on: the length at which the most promising
    /// candidate (a suffix that already repeats at least twice) would be proven,
    /// if the values computed until then keep to it.
    pub target: Option<usize>,
}

/// The proven preperiod and period of `values` (G(0), ..., G(L − 1)) under `rule`.
///
/// For every suffix G(i), ..., G(L − 1) it takes the suffix's smallest period q (one
/// prefix-function pass over the reversed values, linear time) and asks whether the
/// rule proves period q from i on with L values. If some suffix does, the sequence is
/// ultimately periodic; the reported preperiod and period are then the smallest ones
/// of the infinite sequence, found from the proven pair: the preperiod by moving i
/// down while G(i − 1) = G(i − 1 + q), the period as the smallest divisor of q that
/// is a period from there on.
pub fn proven_period(values: &[u32], rule: ProofRule) -> Scan {
    let len = values.len();
    if len == 0 {
        return Scan {
            proven: None,
            target: None,
        };
    }
    let border = suffix_borders(values);
    let mut proven: Option<(usize, usize)> = None;
    let mut target: Option<usize> = None;
    // Longer suffixes give smaller preperiods: scan from the longest.
    for l in (1..=len).rev() {
        let q = l - border[l - 1] as usize;
        let i = len - l;
        let need = rule.needed(i, q);
        if need <= len {
            proven = Some((i, q));
            break;
        }
        if l >= 2 * q {
            target = Some(target.map_or(need, |t: usize| t.min(need)));
        }
    }
    let Some((i, q)) = proven else {
        return Scan {
            proven: None,
            target,
        };
    };
    Scan {
        proven: Some(smallest(values, i, q)),
        target: None,
    }
}

/// The prefix function of the reversed values: for the suffix of length l, the
/// longest proper border has length `border[l - 1]`, so its smallest period is
/// l − `border[l - 1]`. Linear time.
fn suffix_borders(values: &[u32]) -> Vec<u32> {
    let len = values.len();
    let rev = |k: usize| values[len - 1 - k];
    let mut border = vec![0u32; len];
    for k in 1..len {
        let mut j = border[k - 1] as usize;
        while j > 0 && rev(k) != rev(j) {
            j = border[j - 1] as usize;
        }
        if rev(k) == rev(j) {
            j += 1;
        }
        border[k] = j as u32;
    }
    border
}

/// The period the values *show*, with no proof: the longest tail G(i), ..., G(L − 1)
/// that repeats with some period p at least twice over (L − i ≥ 2p), with its
/// smallest period; `None` when no tail does. For games no theorem covers, whose
/// values are "periodic through L − 1" at best. Linear time.
pub fn seen_period(values: &[u32]) -> Option<Period> {
    let len = values.len();
    let border = suffix_borders(values);
    (1..=len).rev().find_map(|l| {
        let q = l - border[l - 1] as usize;
        (l >= 2 * q).then_some(Period {
            preperiod: len - l,
            period: q,
        })
    })
}

/// The smallest preperiod and period of a sequence known to have period `q` from `i`.
fn smallest(values: &[u32], mut i: usize, q: usize) -> Period {
    while i > 0 && values[i - 1] == values[i - 1 + q] {
        i -= 1;
    }
    // Beyond the computed values, G follows the proven period.
    let get = |n: usize| {
        if n < values.len() {
            values[n]
        } else {
            values[i + (n - i) % q]
        }
    };
    let period = (1..=q)
        .filter(|d| q % d == 0)
        .find(|&d| (i..i + q).all(|n| get(n + d) == get(n)))
        .unwrap_or(q);
    Period {
        preperiod: i,
        period,
    }
}

/// The smallest preperiod and period that `values` show, with no proof: the pair
/// (i, p) minimising p, then i, such that G(n + p) = G(n) for all i ≤ n < L − p and
/// the repetition covers at least `min_repeats` full periods. Quadratic; for tests
/// and brute-force cross-checks.
pub fn brute_force_period(values: &[u32], min_repeats: usize) -> Option<Period> {
    let len = values.len();
    for p in 1..=len {
        // The smallest i such that the tail from i has period p.
        let mut i = len.saturating_sub(p);
        while i > 0 && values[i - 1] == values[i - 1 + p] {
            i -= 1;
        }
        if len - i >= (min_repeats + 1) * p {
            return Some(Period {
                preperiod: i,
                period: p,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_purely_periodic_window_sequence() {
        // 0 0 1 1 2 2 3 repeated: the subtraction game {2, 4, 5}.
        let base = [0, 0, 1, 1, 2, 2, 3];
        let values: Vec<u32> = base.iter().cycle().take(12).copied().collect();
        // With width 5, period 7 from 0 needs 0 + 7 + 5 = 12 values.
        let scan = proven_period(&values, ProofRule::Window { width: 5 });
        assert_eq!(
            scan.proven,
            Some(Period {
                preperiod: 0,
                period: 7
            })
        );
        let scan = proven_period(&values[..11], ProofRule::Window { width: 5 });
        assert_eq!(scan.proven, None);
    }

    #[test]
    fn the_octal_rule_needs_twice_the_preperiod() {
        // A preperiod of 3 (values 9 8 7) then period 2.
        let mut values = vec![9, 8, 7];
        values.extend([1, 2].iter().cycle().take(20));
        // t = 1: G(n + 2) = G(n) for 3 <= n < 2*3 + 2 + 1 - 1 = 8, so 10 values.
        let rule = ProofRule::Splits {
            max_take: 1,
            max_parts: 2,
        };
        assert_eq!(proven_period(&values[..9], rule).proven, None);
        assert_eq!(
            proven_period(&values[..10], rule).proven,
            Some(Period {
                preperiod: 3,
                period: 2
            })
        );
        assert_eq!(proven_period(&values[..9], rule).target, Some(10));
    }

    #[test]
    fn a_preperiod_of_0_is_checked_as_if_it_were_1() {
        // 0.4: G = 0, 0, 0, 1, ...; three zeros do not prove period 1.
        let rule = ProofRule::Splits {
            max_take: 1,
            max_parts: 2,
        };
        assert_eq!(rule.needed(0, 1), 4);
        assert_eq!(rule.needed(1, 1), 4);
        assert_eq!(proven_period(&[0, 0, 0], rule).proven, None);
        assert_eq!(proven_period(&[0, 0, 0, 1], rule).proven, None);
        // 4.0 (t = 0): G = 0, 0, 1, 0, 1, ...: preperiod 1, period 2 from 5 values.
        let rule = ProofRule::Splits {
            max_take: 0,
            max_parts: 2,
        };
        assert_eq!(proven_period(&[0, 0], rule).proven, None);
        assert_eq!(
            proven_period(&[0, 0, 1, 0, 1], rule).proven,
            Some(Period {
                preperiod: 1,
                period: 2
            })
        );
    }

    #[test]
    fn the_period_seen_is_the_longest_repeating_tail() {
        assert_eq!(seen_period(&[]), None);
        assert_eq!(seen_period(&[3]), None);
        // 9 8 then 1 2 3 repeated: the tail from 2 repeats period 3.
        let mut values = vec![9, 8];
        values.extend([1, 2, 3].iter().cycle().take(7));
        assert_eq!(
            seen_period(&values),
            Some(Period {
                preperiod: 2,
                period: 3
            })
        );
        // Against the quadratic definition on every sequence of 0s, 1s and 2s up to
        // length 9.
        for len in 0..=9u32 {
            for code in 0..3u32.pow(len) {
                let values: Vec<u32> = (0..len).map(|k| code / 3u32.pow(k) % 3).collect();
                let n = values.len();
                let brute = (0..=n).find_map(|i| {
                    (1..=(n - i) / 2)
                        .find(|&p| (i..n - p).all(|k| values[k] == values[k + p]))
                        .map(|p| Period {
                            preperiod: i,
                            period: p,
                        })
                });
                assert_eq!(seen_period(&values), brute, "{values:?}");
            }
        }
    }

    #[test]
    fn the_smallest_period_and_preperiod_are_reported() {
        // Constant after a preperiod of 1: period 1, though longer periods also fit.
        let mut values = vec![5];
        values.extend(std::iter::repeat_n(2, 30));
        let p = proven_period(
            &values,
            ProofRule::Splits {
                max_take: 2,
                max_parts: 2,
            },
        )
        .proven;
        assert_eq!(
            p,
            Some(Period {
                preperiod: 1,
                period: 1
            })
        );
        assert_eq!(
            brute_force_period(&values, 2),
            Some(Period {
                preperiod: 1,
                period: 1
            })
        );
    }
}
