//! An independent checker for claimed periods.
//!
//! [`period`](super::period) *finds* a preperiod and period in computed values; this
//! module *re-verifies* a claim with separate, deliberately plain code: straight loops
//! over the conditions of the theorem that turns finitely many values into a period
//! of the whole sequence. [`compute`](super::compute) runs every claim through
//! [`check_period`] before reporting it, and `grundy sequence check` runs the claims
//! of certificates through it.
//!
//! For a claim (i, p) and values G(0), ..., G(L − 1) it checks, in this order:
//!
//! 1. p ≥ 1;
//! 2. the theorem's hypothesis: G(n + p) = G(n) for every i ≤ n < N, where N is the
//!    first heap the induction no longer needs (below), and all these values are
//!    among the L given;
//! 3. i is the smallest preperiod: i = 0, or G(i − 1) ≠ G(i − 1 + p);
//! 4. p is the smallest period: for each prime r dividing p, period p / r fails
//!    somewhere in one period from i (every period of the sequence divides the
//!    smallest one's multiples, so a smaller period would divide some p / r).
//!
//! The first heap N the induction does not need, by rule:
//!
//! - subtraction games whose largest subtraction is m ([`ProofRule::Window`]): from
//!   heap m on every move is available, and G(N) is the mex of G(N − s), s ∈ S; so if
//!   the m values before N and before N + p agree, so do G(N) and G(N + p).
//!   N = max(i + m, m) = i + m.
//! - octal and hexadecimal games taking at most t stones and leaving at most k heaps
//!   ([`ProofRule::Splits`]): each kind of move gives a lower bound on N, derived in
//!   [`split_first_unchecked`](super::period::split_first_unchecked); here they are
//!   taken one by one and the largest is used: t + 1 (no heap of N or N + p can be
//!   taken whole), i + t (what one-heap moves leave is in the hypothesis), and for
//!   splits into r = 2, ..., k heaps r·i − r + t + 1 (the largest part of a split of
//!   N − j is in the hypothesis) and r·max(i, 1) + (r − 1)·p + t − r + 1 (the
//!   largest part of a split of N + p − j, less p, is non-empty and in the
//!   hypothesis).

use super::period::{Period, ProofRule};

/// A heap game as the checker reads it: its rules in the plainest form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    /// A take-and-break game by its code digits d0, d1, ..., dt (the octal and
    /// hexadecimal games): taking j stones
    /// (0 ≤ j ≤ t) is allowed to take a heap of exactly j whole if bit 1 of dj is
    /// set, to leave one non-empty heap if bit 2 is, two non-empty heaps if bit 4 is,
    /// three non-empty heaps if bit 8 is.
    TakeAndBreak(Vec<u8>),
    /// Take s stones for any s in the set (all positive): a subtraction game.
    Subtract(Vec<usize>),
}

impl Rules {
    /// The theorem that proves periods of this game.
    pub fn proof_rule(&self) -> ProofRule {
        match self {
            Rules::TakeAndBreak(digits) => ProofRule::Splits {
                max_take: digits.len().saturating_sub(1),
                max_parts: if digits.iter().any(|d| d & 8 != 0) {
                    3
                } else {
                    2
                },
            },
            Rules::Subtract(set) => ProofRule::Window {
                width: set.iter().copied().max().unwrap_or(0),
            },
        }
    }
}

/// Grundy values by the definition, in the plainest code: G(n) is the least value
/// that no option of heap n has, every option listed one by one. O(n) per value for
/// octal games that split heaps; the reference the fast methods are tested against.
#[derive(Clone, Debug)]
pub struct Definition {
    rules: Rules,
    seen: Vec<bool>,
    /// The largest of the first `scanned` values of the last call.
    max: u32,
    scanned: usize,
}

impl Definition {
    /// The definition for `rules`.
    pub fn new(rules: Rules) -> Definition {
        Definition {
            rules,
            seen: Vec::new(),
            max: 0,
            scanned: 0,
        }
    }

    /// G(0), ..., G(len − 1).
    pub fn values(rules: Rules, len: usize) -> Vec<u32> {
        let mut def = Definition::new(rules);
        let mut values = Vec::with_capacity(len);
        while values.len() < len {
            let v = def.next(&values);
            values.push(v);
        }
        values
    }

    /// G(n) for n = `values.len()`, given G(0), ..., G(n − 1) in `values`.
    pub fn next(&mut self, values: &[u32]) -> u32 {
        let n = values.len();
        // Every option's value is below the next power of two above every value.
        if self.scanned > n {
            (self.max, self.scanned) = (0, 0);
        }
        let newer = values[self.scanned..].iter().copied().max().unwrap_or(0);
        (self.max, self.scanned) = (self.max.max(newer), n);
        let size = (self.max as usize + 1).next_power_of_two() + 1;
        self.seen.clear();
        self.seen.resize(size, false);
        let seen = &mut self.seen;
        match &self.rules {
            Rules::TakeAndBreak(digits) => {
                for (j, &d) in digits.iter().enumerate() {
                    if d & 1 != 0 && j > 0 && n == j {
                        seen[0] = true;
                    }
                    if d & 2 != 0 && j > 0 && n > j {
                        seen[values[n - j] as usize] = true;
                    }
                    if d & 4 != 0 && n >= j + 2 {
                        // The splits a + (rest − a) with 1 ≤ a ≤ rest / 2.
                        let rest = n - j;
                        let small = &values[1..=rest / 2];
                        let large = values[rest - rest / 2..rest].iter().rev();
                        if seen.len() <= 257 {
                            // Every XOR is below 256: a fixed array, no bound checks.
                            let mut small_seen = [false; 256];
                            for (&a, &b) in small.iter().zip(large) {
                                small_seen[((a ^ b) & 255) as usize] = true;
                            }
                            for (s, &x) in seen.iter_mut().zip(&small_seen) {
                                *s |= x;
                            }
                        } else {
                            for (&a, &b) in small.iter().zip(large) {
                                seen[(a ^ b) as usize] = true;
                            }
                        }
                    }
                    if d & 8 != 0 && n >= j + 3 {
                        // The splits a + b + c of the rest with 1 ≤ a ≤ b ≤ c.
                        let rest = n - j;
                        for a in 1..=rest / 3 {
                            for b in a..=(rest - a) / 2 {
                                let c = rest - a - b;
                                seen[(values[a] ^ values[b] ^ values[c]) as usize] = true;
                            }
                        }
                    }
                }
            }
            Rules::Subtract(set) => {
                for &s in set {
                    if s <= n {
                        seen[values[n - s] as usize] = true;
                    }
                }
            }
        }
        seen.iter().position(|&x| !x).unwrap_or(seen.len()) as u32
    }
}

/// The first condition a claimed period violates.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The claimed period is 0.
    #[error("the period must be at least 1")]
    ZeroPeriod,
    /// The theorem needs more values than were given.
    #[error(
        "the proof of preperiod {preperiod} and period {period} needs G(0), ..., G({}), \
         but only {given} values are given",
        needed - 1
    )]
    TooFewValues {
        /// The claimed preperiod.
        preperiod: usize,
        /// The claimed period.
        period: usize,
        /// How many values the theorem needs.
        needed: usize,
        /// How many were given.
        given: usize,
    },
    /// G(n + p) ≠ G(n) for a heap n in the theorem's range.
    #[error("G({n}) = {value} but G({}) = {shifted}, so period {period} fails from {n}", n + period)]
    Mismatch {
        /// The heap size n.
        n: usize,
        /// The claimed period p.
        period: usize,
        /// G(n).
        value: u32,
        /// G(n + p).
        shifted: u32,
    },
    /// The period already holds one heap earlier.
    #[error(
        "G({n}) = G({}) = {value}, so the preperiod is at most {n}, not {}",
        n + period,
        n + 1
    )]
    PreperiodNotSmallest {
        /// The heap i − 1.
        n: usize,
        /// The claimed period p.
        period: usize,
        /// G(i − 1).
        value: u32,
    },
    /// A value differs from the definition's.
    #[error("G({n}) = {claimed} is claimed, but the definition gives {actual}")]
    WrongValue {
        /// The heap size.
        n: usize,
        /// The value claimed.
        claimed: u32,
        /// The value by the definition.
        actual: u32,
    },
    /// The claimed value is the value of an option, so it cannot be the mex.
    #[error("G({n}) = {value} is claimed, but a move from heap {n} reaches value {value}")]
    IsAnOption {
        /// The heap size.
        n: usize,
        /// The claimed value.
        value: u32,
    },
    /// A smaller value is no option's, so the mex is smaller than claimed.
    #[error("G({n}) = {claimed} is claimed, but no move from heap {n} reaches value {value}")]
    NotAnOption {
        /// The heap size.
        n: usize,
        /// The value below the claim that no option has.
        value: u32,
        /// The claimed value.
        claimed: u32,
    },
    /// The claimed value is above the number of options of its heap (the mex of m
    /// values is at most m).
    #[error("G({n}) = {claimed} is claimed, but heap {n} has only {options} options")]
    MoreThanOptions {
        /// The heap size.
        n: usize,
        /// The claimed value.
        claimed: u32,
        /// How many options heap n has.
        options: u128,
    },
    /// A proper divisor of the period is a period too.
    #[error("period {smaller} divides {period} and also holds from {preperiod}")]
    PeriodNotSmallest {
        /// The claimed preperiod.
        preperiod: usize,
        /// The claimed period.
        period: usize,
        /// The smaller period that holds.
        smaller: usize,
    },
}

/// Checks `values` against the definition, value by value ([`Definition`]).
pub fn verify_by_definition(rules: &Rules, values: &[u32]) -> Result<(), Violation> {
    let mut def = Definition::new(rules.clone());
    for n in 0..values.len() {
        let actual = def.next(&values[..n]);
        if actual != values[n] {
            return Err(Violation::WrongValue {
                n,
                claimed: values[n],
                actual,
            });
        }
    }
    Ok(())
}

/// Checks the values of an octal game given by `digits`, all at once, by the
/// sparse-space argument (the claimed values are all known, so heaps are checked
/// independently and in parallel; the first failing heap is reported).
///
/// For heap n with claimed value g, from the claimed values below n: every value
/// below g must be an option's and g must not be. A bit mask m splits heap sizes into
/// *rare* ones (parity of G(k) & m equal to e·(k − t0) mod 2) and *common* ones,
/// where e ∈ {0, 1} and t0 is the least j of a split. A split a + b = s of two common
/// heaps, or of two rare ones, has a value v with parity(v & m) = e·(s mod 2); a
/// split with one rare heap has the other parity. So: all splits with a rare part
/// are listed; a value of the first parity is looked for among all splits of s
/// (stopping at the first hit); a value of the other parity that is not listed is
/// no option's. The mask only decides the speed: it is chosen as the one leaving the
/// fewest rare heaps among the last 4096 values, and when more than an eighth of
/// them stay rare every split is listed (the definition).
///
/// Splits into three heaps (hexadecimal digits with bit 8) are all listed, and no
/// mask is used: with a table of the values of every two-heap split of each heap
/// size (one bitset per size, when it fits in [`PAIR_TABLE_BYTES`]), a split
/// a + b + c = s is a + (a split of s − a), for each smallest part a ≤ s / 3;
/// without the table, every a ≤ b ≤ c is listed. Before anything, a claimed value
/// above the number of options of its heap is rejected (the mex of m values is at
/// most m), so no claim makes the check hold more than its heap's options.
pub fn verify_split_values(digits: &[u8], values: &[u32]) -> Result<(), Violation> {
    verify_split_values_within(digits, values, PAIR_TABLE_BYTES)
}

/// The most bytes the table of two-heap split values may take in the check of a
/// hexadecimal game's values ([`verify_split_values`]); beyond them each three-heap
/// split is listed on its own.
pub const PAIR_TABLE_BYTES: usize = 1 << 30;

impl Rules {
    /// How many options heap `n` has: its Grundy value, a mex of that many values,
    /// is at most this.
    pub fn option_count(&self, n: usize) -> u128 {
        match self {
            Rules::TakeAndBreak(digits) => option_count(digits, n),
            Rules::Subtract(set) => set.iter().filter(|&&s| s <= n).count() as u128,
        }
    }
}

/// How many options heap `n` has in the game of `digits`, counted one kind of move
/// at a time.
pub fn option_count(digits: &[u8], n: usize) -> u128 {
    let mut count = 0u128;
    for (j, &d) in digits.iter().enumerate() {
        if d & 1 != 0 && j > 0 && n == j {
            count += 1;
        }
        if d & 2 != 0 && j > 0 && n > j {
            count += 1;
        }
        if d & 4 != 0 && n >= j + 2 {
            count += ((n - j) / 2) as u128;
        }
        if d & 8 != 0 && n >= j + 3 {
            // The partitions of the rest into three positive parts: round(r² / 12).
            let rest = (n - j) as u128;
            count += (rest * rest + 6) / 12;
        }
    }
    count
}

/// [`verify_split_values`] with a table of at most `table_bytes` bytes.
pub fn verify_split_values_within(
    digits: &[u8],
    values: &[u32],
    table_bytes: usize,
) -> Result<(), Violation> {
    use rayon::prelude::*;
    let splits: Vec<usize> = (0..digits.len()).filter(|&j| digits[j] & 4 != 0).collect();
    let threes: Vec<usize> = (0..digits.len()).filter(|&j| digits[j] & 8 != 0).collect();
    let offset = splits.first().copied().unwrap_or(0);
    let parity = |v: u32| v.count_ones() & 1 == 1;
    let sample = &values[values.len().saturating_sub(4096).max(1).min(values.len())..];
    let first = values.len() - sample.len();
    let max = values.iter().copied().max().unwrap_or(0);
    let bits = (32 - max.leading_zeros()).min(8);
    let rare_under =
        |m: u32, e: bool, k: usize, v: u32| parity(v & m) == (e && (k ^ offset) & 1 == 1);
    let mut best = (usize::MAX, 0, false);
    for e in [false, true] {
        for m in 1..1u32 << bits {
            let count = sample
                .iter()
                .enumerate()
                .filter(|&(k, &v)| rare_under(m, e, first + k, v))
                .count();
            best = best.min((count, m, e));
        }
    }
    let (count, m, e) = best;
    let masked = count.saturating_mul(8) <= sample.len() && !splits.is_empty() && threes.is_empty();
    let rare: Vec<usize> = if masked {
        (1..values.len())
            .filter(|&k| rare_under(m, e, k, values[k]))
            .collect()
    } else {
        (1..values.len()).collect()
    };
    // The values of the two-heap splits of each size r, a bitset of `words` words.
    let words = (max as usize + 1).next_power_of_two().div_ceil(64);
    let table_fits = values
        .len()
        .checked_mul(words * 8)
        .is_some_and(|bytes| bytes <= table_bytes);
    let pairs: Vec<u64> = if !threes.is_empty() && table_fits {
        let mut table = vec![0u64; values.len() * words];
        table
            .par_chunks_mut(words)
            .enumerate()
            .for_each(|(r, set)| {
                for a in 1..=r / 2 {
                    let v = (values[a] ^ values[r - a]) as usize;
                    set[v / 64] |= 1 << (v % 64);
                }
            });
        table
    } else {
        Vec::new()
    };
    let one = |n: usize, seen: &mut Vec<bool>| -> Option<Violation> {
        let g = values[n];
        let options = option_count(digits, n);
        if u128::from(g) > options {
            return Some(Violation::MoreThanOptions {
                n,
                claimed: g,
                options,
            });
        }
        // Only values up to g matter.
        seen.clear();
        seen.resize(g as usize + 1, false);
        let mut mark = |v: u32| {
            if v <= g {
                seen[v as usize] = true;
            }
        };
        for (j, &d) in digits.iter().enumerate() {
            if d & 1 != 0 && j > 0 && n == j {
                mark(0);
            }
            if d & 2 != 0 && j > 0 && n > j {
                mark(values[n - j]);
            }
        }
        for s in threes.iter().filter(|&&j| n >= j + 3).map(|&j| n - j) {
            for a in 1..=s / 3 {
                if pairs.is_empty() {
                    for b in a..=(s - a) / 2 {
                        mark(values[a] ^ values[b] ^ values[s - a - b]);
                    }
                    continue;
                }
                let set = &pairs[(s - a) * words..(s - a + 1) * words];
                for (w, &bits) in set.iter().enumerate() {
                    let mut bits = bits;
                    while bits != 0 {
                        let x = (w * 64) as u32 + bits.trailing_zeros();
                        mark(values[a] ^ x);
                        bits &= bits - 1;
                    }
                }
            }
        }
        let sums: Vec<usize> = splits
            .iter()
            .filter(|&&j| n >= j + 2)
            .map(|&j| n - j)
            .collect();
        for &s in &sums {
            for &r in rare.iter().take_while(|&&r| r < s) {
                mark(values[r] ^ values[s - r]);
            }
        }
        // The sums whose splits may give v without a rare part.
        let searched = |v: u32| {
            sums.iter()
                .copied()
                .filter(move |&s| masked && parity(v & m) == (e && s & 1 == 1))
        };
        let has_split = |s: usize, v: u32| (1..=s / 2).any(|a| values[a] ^ values[s - a] == v);
        let is_option = |v: u32| {
            (v as usize) < seen.len() && seen[v as usize] || searched(v).any(|s| has_split(s, v))
        };
        if is_option(g) {
            return Some(Violation::IsAnOption { n, value: g });
        }
        (0..g)
            .find(|&v| !is_option(v))
            .map(|v| Violation::NotAnOption {
                n,
                value: v,
                claimed: g,
            })
    };
    let first_bad = (0..values.len())
        .into_par_iter()
        .with_min_len(1024)
        .map_init(Vec::new, |seen, n| one(n, seen))
        .find_first(Option::is_some);
    match first_bad.flatten() {
        Some(v) => Err(v),
        None => Ok(()),
    }
}

/// The first heap the induction of `rule`'s theorem does not need for (i, p): the
/// hypothesis is G(n + p) = G(n) for i ≤ n < this.
pub fn first_unchecked(rule: ProofRule, i: usize, p: usize) -> usize {
    match rule {
        ProofRule::Window { width } => i.saturating_add(width),
        ProofRule::Splits {
            max_take: t,
            max_parts,
        } => {
            // No heap of N or N + p is taken whole; what a one-heap move leaves is in
            // the hypothesis.
            let mut bounds = vec![t.saturating_add(1), i.saturating_add(t)];
            // Splits into r heaps, r = 2, ..., k.
            let one = i.max(1);
            for r in 2..=max_parts.max(2) {
                // The largest part of a split of N − j is at least i.
                let forward = (r.saturating_mul(i).saturating_add(t + 1)).saturating_sub(r);
                // The largest part of a split of N + p − j, less p, is at least max(i, 1).
                let back = r
                    .saturating_mul(one)
                    .saturating_add((r - 1).saturating_mul(p))
                    .saturating_add(t + 1)
                    .saturating_sub(r);
                bounds.extend([forward, back]);
            }
            bounds.into_iter().max().unwrap_or(0)
        }
    }
}

/// Checks that `values` (G(0), ..., G(L − 1)) prove that `claim` is the preperiod and
/// period of the whole sequence under `rule` (see the module documentation).
pub fn check_period(values: &[u32], rule: ProofRule, claim: Period) -> Result<(), Violation> {
    let (i, p) = (claim.preperiod, claim.period);
    if p == 0 {
        return Err(Violation::ZeroPeriod);
    }
    // 2. The hypothesis of the theorem.
    let end = first_unchecked(rule, i, p);
    // Saturating: a claim too large for memory needs more values than any given.
    let needed = end.saturating_add(p);
    if values.len() < needed {
        return Err(Violation::TooFewValues {
            preperiod: i,
            period: p,
            needed,
            given: values.len(),
        });
    }
    for n in i..end {
        if values[n + p] != values[n] {
            return Err(Violation::Mismatch {
                n,
                period: p,
                value: values[n],
                shifted: values[n + p],
            });
        }
    }
    // 3. The smallest preperiod (i − 1 + p < end + p, so the value is given).
    if i > 0 && values[i - 1] == values[i - 1 + p] {
        return Err(Violation::PreperiodNotSmallest {
            n: i - 1,
            period: p,
            value: values[i - 1],
        });
    }
    // 4. The smallest period. Beyond the given values, G follows the proven period.
    let get = |n: usize| {
        if n < values.len() {
            values[n]
        } else {
            values[i + (n - i) % p]
        }
    };
    for r in prime_factors(p) {
        let d = p / r;
        if (i..i + p).all(|n| get(n + d) == get(n)) {
            return Err(Violation::PeriodNotSmallest {
                preperiod: i,
                period: p,
                smaller: d,
            });
        }
    }
    Ok(())
}

/// The distinct prime factors of `n`, by trial division.
fn prime_factors(mut n: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut f = 2;
    while f * f <= n {
        if n % f == 0 {
            out.push(f);
            while n % f == 0 {
                n /= f;
            }
        }
        f += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(preperiod: usize, period: usize) -> Period {
        Period { preperiod, period }
    }

    #[test]
    fn prime_factors_by_trial_division() {
        assert_eq!(prime_factors(1), Vec::<usize>::new());
        assert_eq!(prime_factors(12), vec![2, 3]);
        assert_eq!(prime_factors(60_620_715), vec![3, 5, 1_347_127]);
    }

    #[test]
    fn each_condition_can_fail() {
        let octal = ProofRule::Splits {
            max_take: 1,
            max_parts: 2,
        };
        // 9 8 7, then 1 2 repeated: preperiod 3, period 2, t = 1.
        let mut values = vec![9, 8, 7];
        values.extend([1, 2].iter().cycle().take(20));
        assert_eq!(check_period(&values, octal, claim(3, 2)), Ok(()));
        assert_eq!(
            check_period(&values, octal, claim(3, 0)),
            Err(Violation::ZeroPeriod)
        );
        assert!(matches!(
            check_period(&values[..9], octal, claim(3, 2)),
            Err(Violation::TooFewValues { needed: 10, .. })
        ));
        assert!(matches!(
            check_period(&values, octal, claim(2, 2)),
            Err(Violation::Mismatch { n: 2, .. })
        ));
        assert!(matches!(
            check_period(&values, octal, claim(4, 2)),
            Err(Violation::PreperiodNotSmallest { n: 3, .. })
        ));
        assert!(matches!(
            check_period(&values, octal, claim(3, 4)),
            Err(Violation::PeriodNotSmallest { smaller: 2, .. })
        ));
        let e = check_period(&values, octal, claim(2, 2)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "G(2) = 7 but G(4) = 2, so period 2 fails from 2"
        );
    }

    #[test]
    fn the_bound_treats_a_preperiod_of_0_as_1() {
        // 0.4 (t = 1): G = 0, 0, 0, 1: the first three values do not prove period 1.
        let octal = ProofRule::Splits {
            max_take: 1,
            max_parts: 2,
        };
        assert!(matches!(
            check_period(&[0, 0, 0], octal, claim(0, 1)),
            Err(Violation::TooFewValues { needed: 4, .. })
        ));
        assert!(matches!(
            check_period(&[0, 0, 0, 1], octal, claim(0, 1)),
            Err(Violation::Mismatch { n: 2, .. })
        ));
        // The bounds agree with the search's.
        for t in 0..5 {
            for i in 0..20 {
                for p in 1..20 {
                    for max_parts in 0..=4 {
                        let rule = ProofRule::Splits {
                            max_take: t,
                            max_parts,
                        };
                        assert_eq!(first_unchecked(rule, i, p) + p, rule.needed(i, p));
                    }
                    let rule = ProofRule::Window { width: t + 1 };
                    assert_eq!(first_unchecked(rule, i, p) + p, rule.needed(i, p));
                }
            }
        }
    }

    #[test]
    fn three_part_splits_are_counted_by_the_partition_formula() {
        for rest in 3..=300usize {
            // For each smallest part a, the b with a ≤ b ≤ (rest − a) / 2.
            let listed: usize = (1..=rest / 3).map(|a| (rest - a) / 2 + 1 - a).sum();
            assert_eq!(option_count(&[8], rest), listed as u128, "{rest}");
        }
    }
}
