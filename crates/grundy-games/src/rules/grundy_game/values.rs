//! Values of Grundy's game (split a heap into two unequal non-empty heaps): by the
//! definition, and by the sparse-space method.
//!
//! G(n) = mex{G(a) ⊕ G(n − a) : 1 ≤ a < n − a}. The definition ([`GrundyGameValues`])
//! combines every split: O(n) per value, O(n²) in all.
//!
//! # Sparse space
//!
//! The method of [`sparse`](crate::rules::octal::sparse) for octal games carries over, with one
//! change: the split into two equal halves is not a move. Fix a [`Mask`] (bits m,
//! by-size flag e; offset 0). Heap size n is *rare* when
//! `parity(G(n) & m) = e·(n mod 2)` and *common* otherwise. Parity is linear under
//! XOR, so a split a + b = n of value v = G(a) ⊕ G(b) has
//! `parity(v & m) = class(a) ⊕ class(b) ⊕ e·(n mod 2)`, where class 0 is rare:
//!
//! - a value v with `parity(v & m) ≠ e·(n mod 2)` comes only from a split with exactly
//!   one rare part; every split with a rare part is *listed* (running over the rare
//!   heap sizes below n, leaving out r = n/2);
//! - any other value comes from two rare parts (listed too) or two common parts; for
//!   those the splits are *scanned*, smallest part first, marking every value met,
//!   and the scan stops as soon as the value in question is marked.
//!
//! So G(n) is the least value that is neither listed nor (when it has the searched
//! parity) met by a scan that either found it or covered every split. The result is
//! the exact mex whatever the mask; the mask only decides the speed. Grundy's game
//! has a sparse space (Flammenkamp; Berlekamp, Conway and Guy, *Winning Ways*, ch. 4):
//! under m = …11110 (every bit but the lowest), e = 0, few heap sizes are rare (1273
//! of the first 10^6, the largest 82860, as computed here); listing costs about 1300
//! splits per heap, and the scan about 3000 (the values it has to meet, up to ~30 per
//! heap, need parts whose values are large, so small parts seldom give them).
//!
//! The mask is not given but chosen, as for octal games, from the values: after
//! [`SAMPLE`] values by the definition, then at every doubling, the mask with the
//! fewest rare heaps on the latest values ([`Mask::choose_from`]) is taken, and used
//! once listing its rare heaps costs less than an eighth of the definition's splits.
//! While it is used it is chosen again when the rare heaps more than double or the
//! values grow a bit.

use crate::rules::octal::sparse::{Mask, RARE_SLACK, WINDOW};
use crate::sequence::mex::{Marks, MaxValue};
use crate::sequence::Source;

/// How many values are computed by the definition before a mask is first chosen.
pub const SAMPLE: usize = 2048;

/// How many splits a scan covers between two checks of the value it looks for.
const SCAN_STEP: usize = 16;

/// Grundy's game's values by the definition: G(n) is the mex of G(a) ⊕ G(n − a)
/// over 1 ≤ a < n − a, O(n) per value. While every value is below 64 the options
/// are gathered in one 64-bit word.
#[derive(Clone, Debug, Default)]
pub struct GrundyGameValues {
    marks: Marks,
    max: MaxValue,
}

impl GrundyGameValues {
    /// A computation from G(0).
    pub fn new() -> GrundyGameValues {
        GrundyGameValues::default()
    }
}

/// G(n) by the definition for n = `values.len()`, given G(0..n), whose largest value
/// is `max`.
pub fn next_value(values: &[u32], marks: &mut Marks, max: MaxValue) -> u32 {
    let n = values.len();
    // The splits (a, n − a) with 1 ≤ a < n − a, i.e. a ≤ (n − 1)/2.
    let half = n.saturating_sub(1) / 2;
    if half == 0 {
        return 0;
    }
    let small = &values[1..=half];
    let large = &values[n - half..];
    let pairs = small.iter().zip(large.iter().rev());
    if max.0 < 64 {
        let seen = pairs.fold(0u64, |acc, (&a, &b)| acc | 1u64 << ((a ^ b) & 63));
        return (!seen).trailing_zeros();
    }
    marks.start(max.0);
    for (&a, &b) in pairs {
        marks.mark(a ^ b);
    }
    marks.mex_from(0)
}

impl Source for GrundyGameValues {
    fn extend(&mut self, values: &mut Vec<u32>, len: usize) {
        // The values passed in are this source's own, so `max` covers them.
        while values.len() < len {
            let v = next_value(values, &mut self.marks, self.max);
            self.max.see(v);
            values.push(v);
        }
    }

    fn resume(&mut self, values: &mut Vec<u32>, known: &[u32]) {
        for &v in known {
            self.max.see(v);
            values.push(v);
        }
    }
}

/// Grundy's game's values by the sparse-space method (see the module documentation).
#[derive(Clone, Debug)]
pub struct SparseGrundyGame {
    marks: Marks,
    max: MaxValue,
    /// The mask last chosen, and whether it is in use.
    mask: Option<Mask>,
    sparse: bool,
    force: bool,
    /// The rare heap sizes (from 1) under the mask in use, ascending, and their values.
    rare: Vec<u32>,
    rare_values: Vec<u32>,
    next_choice: usize,
    rare_at_choice: usize,
    bits_at_choice: u32,
    listed: u64,
    scanned: u64,
}

impl Default for SparseGrundyGame {
    fn default() -> SparseGrundyGame {
        SparseGrundyGame::with_sample(SAMPLE)
    }
}

impl SparseGrundyGame {
    /// A computation from G(0).
    pub fn new() -> SparseGrundyGame {
        SparseGrundyGame::default()
    }

    /// The same, choosing a mask first after `sample` values (at least 1), and using
    /// the first mask chosen whatever it costs (to check the method on short runs).
    pub fn forced(sample: usize) -> SparseGrundyGame {
        SparseGrundyGame {
            force: true,
            ..SparseGrundyGame::with_sample(sample)
        }
    }

    fn with_sample(sample: usize) -> SparseGrundyGame {
        SparseGrundyGame {
            marks: Marks::default(),
            max: MaxValue::default(),
            mask: None,
            sparse: false,
            force: false,
            rare: Vec::new(),
            rare_values: Vec::new(),
            next_choice: sample.max(1),
            rare_at_choice: 0,
            bits_at_choice: 0,
            listed: 0,
            scanned: 0,
        }
    }

    /// The mask in use, if the values are computed by the sparse-space method yet.
    pub fn mask(&self) -> Option<Mask> {
        self.mask.filter(|_| self.sparse)
    }

    /// The rare heap sizes under the mask in use.
    pub fn rare(&self) -> &[u32] {
        &self.rare
    }

    /// How many splits were listed (with a rare part) and scanned so far.
    pub fn work(&self) -> (u64, u64) {
        (self.listed, self.scanned)
    }

    /// G(n) for n = `values.len()` with the mask `mask` in use.
    fn sparse_value(&mut self, values: &[u32], mask: Mask) -> u32 {
        let n = values.len();
        let marks = &mut self.marks;
        marks.start(self.max.0);
        // Every split with a rare part r < n, except r = n − r.
        let below = self.rare.partition_point(|&r| (r as usize) < n);
        let halves = if n % 2 == 0 {
            self.rare[..below]
                .binary_search(&((n / 2) as u32))
                .map_or(below, |k| k)
        } else {
            below
        };
        let mut list = |rare: &[u32], rare_values: &[u32]| {
            marks.mark_each(
                rare.iter()
                    .zip(rare_values)
                    .map(|(&r, &g)| g ^ values[n - r as usize]),
            );
        };
        list(&self.rare[..halves], &self.rare_values[..halves]);
        let rest = (halves + 1).min(below);
        list(&self.rare[rest..below], &self.rare_values[rest..below]);
        self.listed += below as u64;
        // The least value not an option. Values of the searched parity may come from
        // two common parts: scan the splits until the value is met or all are seen.
        let searched = mask.by_size && n % 2 == 1;
        let half = n.saturating_sub(1) / 2;
        let mut next = 1;
        let mut v = 0;
        loop {
            v = marks.mex_from(v);
            if ((v & mask.bits).count_ones() % 2 == 1) != searched {
                return v;
            }
            while next <= half && !marks.is_marked(v) {
                let end = (next + SCAN_STEP).min(half + 1);
                let small = &values[next..end];
                let large = &values[n + 1 - end..=n - next];
                marks.mark_each(small.iter().zip(large.iter().rev()).map(|(&a, &b)| a ^ b));
                self.scanned += (end - next) as u64;
                next = end;
            }
            if !marks.is_marked(v) {
                return v;
            }
        }
    }

    /// Chooses a mask on the latest values and, if listing its rare heaps is cheap
    /// enough (or the method is forced), starts using it.
    fn choose_mask(&mut self, values: &[u32], force: bool) {
        let from = (values.len() / 2).max(values.len().saturating_sub(WINDOW));
        let mask = Mask::choose_from(&values[from..], from, 0);
        let rare: Vec<u32> = (1..values.len())
            .filter(|&k| mask.is_rare(k, values[k]))
            .map(|k| k as u32)
            .collect();
        self.mask = Some(mask);
        if force || self.sparse || rare.len() * 8 <= values.len() {
            self.sparse = true;
            self.rare_values = rare.iter().map(|&r| values[r as usize]).collect();
            self.rare = rare;
            self.rare_at_choice = self.rare.len();
            self.bits_at_choice = bit_length(self.max.0);
        }
    }
}

fn bit_length(v: u32) -> u32 {
    32 - v.leading_zeros()
}

impl Source for SparseGrundyGame {
    fn extend(&mut self, values: &mut Vec<u32>, len: usize) {
        // The values passed in are this source's own, so `max` and `rare` cover them.
        while values.len() < len {
            let v = match self.mask() {
                Some(mask) => self.sparse_value(values, mask),
                None => next_value(values, &mut self.marks, self.max),
            };
            self.absorb(values, v);
        }
    }

    fn resume(&mut self, values: &mut Vec<u32>, known: &[u32]) {
        for &v in known {
            self.absorb(values, v);
        }
    }

    fn rare_heaps(&self) -> Option<usize> {
        self.sparse.then_some(self.rare.len())
    }
}

impl SparseGrundyGame {
    /// Appends G(n) = `v` for n = `values.len()` and updates the rare heaps and the
    /// mask.
    fn absorb(&mut self, values: &mut Vec<u32>, v: u32) {
        {
            let n = values.len();
            if let Some(mask) = self.mask() {
                if n > 0 && mask.is_rare(n, v) {
                    self.rare.push(n as u32);
                    self.rare_values.push(v);
                }
            }
            self.max.see(v);
            values.push(v);
            let len = values.len();
            if !self.sparse && len == self.next_choice {
                self.next_choice = self.next_choice.saturating_mul(2);
                self.choose_mask(values, self.force);
            } else if self.sparse
                && (self.rare.len() > 2 * self.rare_at_choice + RARE_SLACK
                    || bit_length(self.max.0) > self.bits_at_choice)
            {
                // A mask chosen on early values may not fit later ones: choose again.
                self.choose_mask(values, true);
            }
        }
    }
}
