//! The periodic-tail shortcut: once the values computed so far repeat with a short
//! period, splits into two heaps both in the repeating part need not be combined
//! one by one.
//!
//! Suppose G(x) = P[(x − i) mod p] for every computed x ≥ i (P holds one period).
//! For a split of s stones into a + (s − a) with i ≤ a ≤ s/2, both parts lie in the
//! repeating part and G(a) ⊕ G(s − a) = P\[r\] ⊕ P\[(c − r) mod p\] with r = (a − i) mod p
//! and c = (s − 2i) mod p. When the range i ≤ a ≤ s/2 covers p consecutive a, every
//! r occurs, so these values form a set V(c) that depends only on c: it is computed
//! once per c (p² work, hence only for short periods). The value of heap n then costs
//! the splits with a part below i, the single options and one set union: O(i + t)
//! instead of O(n).
//!
//! This is exact, not a guess: it uses only values already computed, and only while
//! they do repeat. After each new value the repetition is checked again
//! (G(n) = G(n − p)); when it fails the shortcut is dropped. Whether the sequence
//! repeats forever is a separate question, answered by
//! [`period`](crate::sequence::period).

use super::naive::HeapMoves;

/// The longest period for which the sets V(c) are built (p² work and p sets).
pub const MAX_PERIOD: usize = 4096;

/// The shortcut for one repetition (i, p) of the computed values.
#[derive(Clone, Debug)]
pub struct PeriodicTail {
    start: usize,
    period: usize,
    words: usize,
    /// V(c) for c = 0..p, each `words` 64-bit words of a value bitset.
    sets: Vec<u64>,
}

impl PeriodicTail {
    /// The shortcut for `values` repeating with period `period` from `start` on,
    /// or `None` if they do not (or the period is too long). `start` is raised to 1
    /// (heap size 0 is never part of a split).
    pub fn new(values: &[u32], start: usize, period: usize) -> Option<PeriodicTail> {
        let start = start.max(1);
        if period == 0 || period > MAX_PERIOD || values.len() < start + period {
            return None;
        }
        if (start + period..values.len()).any(|x| values[x] != values[x - period]) {
            return None;
        }
        let pattern = &values[start..start + period];
        let max = pattern.iter().copied().max().unwrap_or(0);
        let bound = (max as usize + 1).next_power_of_two();
        let words = bound.div_ceil(64);
        let mut sets = vec![0u64; period * words];
        for c in 0..period {
            let set = &mut sets[c * words..(c + 1) * words];
            for r in 0..period {
                let v = (pattern[r] ^ pattern[(c + period - r) % period]) as usize;
                set[v / 64] |= 1 << (v % 64);
            }
        }
        Some(PeriodicTail {
            start,
            period,
            words,
            sets,
        })
    }

    /// The repetition's start i and period p.
    pub fn repetition(&self) -> (usize, usize) {
        (self.start, self.period)
    }

    /// Whether the newest value still repeats (G(n − 1) = G(n − 1 − p)).
    pub fn still_holds(&self, values: &[u32]) -> bool {
        let n = values.len();
        n < self.start + self.period + 1 || values[n - 1] == values[n - 1 - self.period]
    }

    /// G(n) for n = `values.len()`, given that the computed values repeat.
    pub fn value(&self, moves: &HeapMoves, values: &[u32], seen: &mut Vec<u64>) -> u32 {
        let n = values.len();
        seen.clear();
        seen.resize(self.words, 0);
        let mark = |seen: &mut Vec<u64>, v: u32| {
            let v = v as usize;
            if v / 64 >= seen.len() {
                seen.resize(v / 64 + 1, 0);
            }
            seen[v / 64] |= 1 << (v % 64);
        };
        for &j in &moves.take_all {
            if n == j {
                mark(seen, 0);
            }
        }
        for &j in &moves.leave_one {
            if n > j {
                mark(seen, values[n - j]);
            }
        }
        let i = self.start;
        for &j in &moves.leave_two {
            if n < j + 2 {
                continue;
            }
            let s = n - j;
            let half = s / 2;
            // Parts below the repetition, one by one.
            for a in 1..=half.min(i - 1) {
                mark(seen, values[a] ^ values[s - a]);
            }
            if half < i {
                continue;
            }
            if half + 1 - i >= self.period {
                let c = (s - 2 * i) % self.period;
                let set = &self.sets[c * self.words..(c + 1) * self.words];
                for (w, &bits) in seen.iter_mut().zip(set) {
                    *w |= bits;
                }
            } else {
                for a in i..=half {
                    mark(seen, values[a] ^ values[s - a]);
                }
            }
        }
        let mut v = 0;
        for &w in seen.iter() {
            if w != u64::MAX {
                return v + (!w).trailing_zeros();
            }
            v += 64;
        }
        v
    }
}

/// The longest repetition of the latest values: the earliest start i such that the
/// values from i on repeat at least three times with their smallest period q, if
/// q ≤ [`MAX_PERIOD`]. Returns (i, q).
pub fn latest_repetition(values: &[u32]) -> Option<(usize, usize)> {
    let len = values.len();
    // Prefix function of the reversed values, as in `period`.
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
    (1..=len)
        .rev()
        .find_map(|l| {
            let q = l - border[l - 1] as usize;
            (l >= 3 * q).then_some((len - l, q))
        })
        .filter(|&(_, q)| q <= MAX_PERIOD)
}
