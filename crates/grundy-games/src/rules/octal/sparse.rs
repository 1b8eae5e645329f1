//! Octal values by the sparse-space method.
//!
//! Fix a bit mask m, a parity e ∈ {0, 1} and an offset t0 (the first number of stones
//! a splitting move takes). The *class* of heap size n is
//! `parity(G(n) & m) ⊕ e·((n − t0) mod 2)`; heap sizes of class 0 are *rare*, the
//! others *common*. Since parity is linear under XOR, a split of s stones into heaps
//! a + b = s gives a value v = G(a) ⊕ G(b) with
//! `parity(v & m) = class(a) ⊕ class(b) ⊕ e·(s mod 2)`. Hence:
//!
//! - a value v with `parity(v & m) ≠ e·(s mod 2)` can only come from a pair with
//!   exactly one rare heap, and all those pairs are listed by running over the rare
//!   heap sizes;
//! - any other v comes from two rare heaps (also listed) or two common heaps, for
//!   which the method *searches* the pairs and stops at the first hit.
//!
//! For a good mask almost every heap size is common, so listing costs O(number of
//! rare sizes) per heap, and a search only runs for a value below the mex, where it
//! usually succeeds after few pairs. A full scan happens only when the mex itself is
//! a searched value, which makes heap n rare: rare heaps are rare, so the cost is
//! close to linear. Whatever the mask, the result is the exact mex; the mask only
//! decides the speed. It is chosen from the first [`SAMPLE`] values (computed by the
//! definition) as the (m, e) giving the fewest rare heap sizes.
//!
//! Some games have no sparse space: every mask leaves a fixed share of heap sizes
//! rare (Dawson's Kayles `0.07`: about a third). Listing the pairs with a rare heap
//! then costs as much as the mex over all pairs and is slower per pair, so when more
//! than 1/[`DENSE_SHARE`] of the sample is rare the computation goes on by the
//! definition ([`SparseOctal::uses_mask`] tells which way it went). Rare values
//! may die out late, so the choice is made again, on the latest half of the values,
//! each time their number grows eightfold (on at most the latest [`WINDOW`]).

use super::naive::{mark_singles, naive_octal_value, pair_slices, HeapMoves};
use super::tail::{latest_repetition, PeriodicTail};
use crate::sequence::mex::{Marks, MaxValue};
use crate::sequence::Source;

/// How many values are computed by the definition before a mask is chosen.
pub const SAMPLE: usize = 2048;

/// The first length at which the periodic-tail shortcut looks for a repetition
/// (then at every doubling).
pub const TAIL_CHECK: usize = 1024;

/// The shortcut is taken only while the repetition's start and period together are
/// at most 1/`TAIL_SHARE` of the heap size.
pub const TAIL_SHARE: usize = 16;

/// The most values a mask is chosen on.
pub const WINDOW: usize = 1 << 15;

/// A mask is used only if at most 1/`DENSE_SHARE` of the sample is rare under it.
pub const DENSE_SHARE: usize = 16;

/// The class of heap sizes that a mask singles out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mask {
    /// The bit mask m on values.
    pub bits: u32,
    /// Whether the heap size's parity (relative to `offset`) enters the class (e).
    pub by_size: bool,
    /// The offset t0 of heap sizes.
    pub offset: usize,
}

impl Mask {
    /// Whether heap size `n` with value `v` is rare (class 0) under this mask.
    #[inline]
    pub fn is_rare(&self, n: usize, v: u32) -> bool {
        let size = self.by_size && (n ^ self.offset) & 1 == 1;
        ((v & self.bits).count_ones() & 1 == 1) == size
    }

    /// The parity of values that pairs of common heaps (and of rare heaps) produce
    /// when splitting `s` stones.
    #[inline]
    fn searched_parity(&self, s: usize) -> bool {
        self.by_size && s & 1 == 1
    }

    /// The mask with the fewest rare heap sizes among 1..values.len().
    pub fn choose(values: &[u32], offset: usize) -> Mask {
        Mask::choose_from(values, 0, offset)
    }

    /// The mask with the fewest rare heap sizes among `window`, which holds the
    /// values of heap sizes `first`, `first + 1`, ... (heap size 0 is left out).
    pub fn choose_from(window: &[u32], first: usize, offset: usize) -> Mask {
        let values = window;
        let max = values.iter().copied().max().unwrap_or(0);
        let bits = 32 - max.leading_zeros().min(32);
        let masks = 1u32 << bits.min(12);
        let mut best = Mask {
            bits: 0,
            by_size: true,
            offset,
        };
        let mut best_count = usize::MAX;
        for by_size in [false, true] {
            for bits in 0..masks {
                let mask = Mask {
                    bits,
                    by_size,
                    offset,
                };
                let count = (usize::from(first == 0)..values.len())
                    .filter(|&k| mask.is_rare(first + k, values[k]))
                    .count();
                if count < best_count {
                    best = mask;
                    best_count = count;
                }
            }
        }
        best
    }
}

/// Octal values by the sparse-space method (see the module documentation).
#[derive(Clone, Debug)]
pub struct SparseOctal {
    moves: HeapMoves,
    marks: Marks,
    max: MaxValue,
    mask: Option<Mask>,
    rare: Vec<usize>,
    next_choice: usize,
    sparse: bool,
    force: bool,
    tail: Option<PeriodicTail>,
    use_tail: bool,
    next_tail_check: usize,
    tail_words: Vec<u64>,
    searches: u64,
    /// Splits looked at by the sparse-space method so far (pairs listed or searched),
    /// and its count and the heap count at the last look for a periodic tail: the
    /// tail is taken when it costs less per heap than the method did since then.
    work: u64,
    work_at_check: (u64, usize),
    /// While the mask is used: the heap sizes (from 1) of each value, ascending.
    positions: Vec<Vec<u32>>,
    /// For each value v: the values y to look through, best first (see `find`).
    order: Vec<Vec<u32>>,
    next_order: usize,
    /// The rare heaps and the bit length of the largest value when the mask in use
    /// was chosen: the mask is chosen again when either has grown (see `extend`).
    rare_at_choice: usize,
    bits_at_choice: u32,
}

impl SparseOctal {
    /// A sparse-space computation for the game with these moves (none of which
    /// leaves three heaps: see [`with_sample`](SparseOctal::with_sample)).
    pub fn new(moves: HeapMoves) -> SparseOctal {
        SparseOctal::with_sample(moves, SAMPLE)
    }

    /// The sparse-space method together with the periodic-tail shortcut
    /// ([`tail`](super::tail)): while the latest values repeat with a short period,
    /// heaps are valued by the shortcut.
    pub fn auto(moves: HeapMoves) -> SparseOctal {
        SparseOctal {
            use_tail: true,
            ..SparseOctal::new(moves)
        }
    }

    /// The repetition the periodic-tail shortcut is using now, as (start, period).
    pub fn tail(&self) -> Option<(usize, usize)> {
        self.tail.as_ref().map(PeriodicTail::repetition)
    }

    /// The same, choosing the mask after `sample` values (at least 1), and using it
    /// even when it leaves many heaps rare (for checking the method on every game).
    pub fn forced(moves: HeapMoves, sample: usize) -> SparseOctal {
        SparseOctal {
            force: true,
            ..SparseOctal::with_sample(moves, sample)
        }
    }

    /// The same, choosing the mask after `sample` values (at least 1).
    ///
    /// # Panics
    /// If a move leaves three heaps: the method covers splits into two
    /// ([`HexadecimalValues`](super::hexadecimal::HexadecimalValues) computes the rest).
    pub fn with_sample(moves: HeapMoves, sample: usize) -> SparseOctal {
        assert!(
            moves.leave_three.is_empty(),
            "the sparse-space method splits heaps in two only"
        );
        SparseOctal {
            moves,
            marks: Marks::default(),
            max: MaxValue::default(),
            mask: None,
            rare: Vec::new(),
            next_choice: sample.max(1),
            sparse: false,
            force: false,
            tail: None,
            use_tail: false,
            next_tail_check: TAIL_CHECK,
            tail_words: Vec::new(),
            searches: 0,
            work: 0,
            work_at_check: (0, 0),
            positions: Vec::new(),
            order: Vec::new(),
            next_order: 0,
            rare_at_choice: 0,
            bits_at_choice: 0,
        }
    }

    /// The mask in use, once chosen.
    pub fn mask(&self) -> Option<Mask> {
        self.mask
    }

    /// Whether the values are computed with the mask (`false` before the mask is
    /// chosen, or when no mask makes rare heaps rare enough).
    pub fn uses_mask(&self) -> bool {
        self.mask.is_some() && self.sparse
    }

    /// The rare heap sizes found so far (after the mask was chosen).
    pub fn rare(&self) -> &[usize] {
        &self.rare
    }

    /// How many pair searches ran (each stops at its first hit).
    pub fn searches(&self) -> u64 {
        self.searches
    }

    fn sparse_value(&mut self, values: &[u32], mask: Mask) -> u32 {
        let n = values.len();
        let marks = &mut self.marks;
        marks.start(self.max.0);
        mark_singles(&self.moves, values, n, marks);
        // Pairs with a rare heap: all listed.
        for &j in &self.moves.leave_two {
            if n < j + 2 {
                continue;
            }
            let s = n - j;
            for &r in &self.rare {
                if r >= s {
                    break;
                }
                self.work += 1;
                marks.mark(values[r] ^ values[s - r]);
            }
        }
        // The least value not an option; unlisted values need a search. The splits
        // whose common pairs can give a value depend on the value's parity.
        let mut sums: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        for &j in &self.moves.leave_two {
            if n >= j + 2 {
                sums[usize::from(mask.searched_parity(n - j))].push(n - j);
            }
        }
        let mut v = 0;
        loop {
            v = marks.mex_from(v);
            let odd = (v & mask.bits).count_ones() & 1 == 1;
            let sums = &sums[usize::from(odd)];
            if sums.is_empty() {
                return v;
            }
            self.searches += 1;
            if !find(
                values,
                sums,
                v,
                &self.positions,
                &self.order,
                &mut self.work,
            ) {
                return v;
            }
            v += 1;
        }
    }

    /// Records heap n's value in the position lists, and every [`ORDER_EVERY`]
    /// heaps (or when the values outgrow the order, at each doubling of their
    /// number) orders the lists again by the frequencies so far.
    fn record(&mut self, n: usize, v: u32) {
        if n == 0 {
            return;
        }
        let v = v as usize;
        if self.positions.len() <= v {
            self.positions.resize(v + 1, Vec::new());
            // Ordering costs the square of the number of values: only when they
            // outgrow the order's table (a power of two), not at every new value;
            // `find` goes through the values added since in plain order.
            if v >= self.order.len() {
                self.next_order = n;
            }
        }
        self.positions[v].push(n as u32);
        if n >= self.next_order {
            self.next_order = n + ORDER_EVERY;
            self.reorder();
        }
    }

    fn reorder(&mut self) {
        let count: Vec<usize> = self.positions.iter().map(Vec::len).collect();
        // XORs of two values below 2^k stay below 2^k.
        let size = count.len().next_power_of_two();
        self.order = (0..size as u32)
            .map(|v| {
                // Every value, even one no heap has yet: the lists must cover all heaps.
                let mut ys: Vec<u32> = (0..count.len() as u32).collect();
                let partner = |y: u32| count.get((v ^ y) as usize).copied().unwrap_or(0);
                ys.sort_by_key(|&y| std::cmp::Reverse(partner(y)));
                ys
            })
            .collect();
    }
}

/// Whether some split a + b = s, for some s in `sums`, has G(a) ⊕ G(b) = v.
///
/// First the splits with the smallest parts (a few, whose values are in cache).
/// Then two exact searches run in step, one split each in turn, and the first to
/// settle the question answers it, so the search costs at most twice the cheaper
/// of the two:
/// - the plain scan, smallest part first, which finds a hit early where the values
///   are periodic (every residue comes round within a period);
/// - heap by heap through the heaps of one value y at a time: a heap b of value y
///   gives v exactly when G(s − b) = v ⊕ y. The values y are taken in the order that
///   makes a hit likeliest (the partner value v ⊕ y most frequent), so a value needed
///   from a rare pair is found among that pair's few heaps instead of after a scan
///   over all the small parts. Every heap b < s is in exactly one list, so when no
///   list has a hit, no split gives v.
///
/// Either search, finished without a hit, proves that no split gives v.
fn find(
    values: &[u32],
    sums: &[usize],
    v: u32,
    positions: &[Vec<u32>],
    order: &[Vec<u32>],
    work: &mut u64,
) -> bool {
    let longest = sums.iter().copied().max().unwrap_or(0);
    let quick = (longest / 2).min(QUICK);
    *work += quick as u64;
    let plain_hit = |a: usize| {
        sums.iter()
            .any(|&s| a <= s / 2 && values[a] ^ values[s - a] == v)
    };
    if (1..=quick).any(plain_hit) {
        return true;
    }
    if order.len() <= v as usize {
        // A plain search looks at up to half the heaps of every sum.
        *work += longest as u64 / 2;
        return search(values, sums, v);
    }
    let ordered = &order[v as usize];
    // The values ordered last time, then those that heaps have taken since.
    let since = (ordered.len() as u32)..(positions.len() as u32);
    let mut by_value = ordered.iter().copied().chain(since).flat_map(|y| {
        let x = v ^ y;
        positions[y as usize]
            .iter()
            .map(move |&b| (x, b as usize))
            .take_while(move |&(_, b)| b < longest)
    });
    let mut plain = quick + 1..=longest / 2;
    loop {
        *work += 1;
        match plain.next() {
            Some(a) if plain_hit(a) => return true,
            Some(_) => {}
            None => return false,
        }
        match by_value.next() {
            Some((x, b)) if sums.iter().any(|&s| b < s && values[s - b] == x) => return true,
            Some(_) => {}
            // Values that no heap has yet cannot be a partner: no split gives v.
            None => return false,
        }
    }
}

/// The mask is chosen again once the rare heaps number more than twice as many as
/// when it was chosen, plus this.
pub const RARE_SLACK: usize = 64;

fn bit_length(v: u32) -> u32 {
    32 - v.leading_zeros()
}

/// How many of the smallest parts are tried first in a search.
pub const QUICK: usize = 16;

/// How often (in heaps) the search order is recomputed from the frequencies.
pub const ORDER_EVERY: usize = 1 << 16;

/// Whether some split a + b = s, for some s in `sums`, has G(a) ⊕ G(b) = v. The
/// splits of all sums are tried together, smallest part first, so the search stops
/// at the first hit in any of them.
fn search(values: &[u32], sums: &[usize], v: u32) -> bool {
    if let [s] = sums {
        let (lo, hi) = pair_slices(values, *s);
        return lo.iter().zip(hi.iter().rev()).any(|(&a, &b)| a ^ b == v);
    }
    let longest = sums.iter().map(|s| s / 2).max().unwrap_or(0);
    (1..=longest).any(|a| {
        let ga = values[a];
        sums.iter().any(|&s| a <= s / 2 && ga ^ values[s - a] == v)
    })
}

impl Source for SparseOctal {
    fn extend(&mut self, values: &mut Vec<u32>, len: usize) {
        while values.len() < len {
            let mask = self.mask.filter(|_| self.sparse);
            let v = if let Some(tail) = &self.tail {
                tail.value(&self.moves, values, &mut self.tail_words)
            } else if let Some(mask) = mask {
                self.sparse_value(values, mask)
            } else {
                naive_octal_value(&self.moves, values, &mut self.marks, self.max)
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
        (self.sparse && self.tail.is_none()).then_some(self.rare.len())
    }
}

impl SparseOctal {
    /// Appends G(n) = `v` for n = `values.len()` and updates the rare heaps, the
    /// partner lists, the mask and the periodic tail.
    fn absorb(&mut self, values: &mut Vec<u32>, v: u32) {
        {
            let n = values.len();
            let mask = self.mask.filter(|_| self.sparse);
            if let Some(mask) = mask {
                if n > 0 && mask.is_rare(n, v) {
                    self.rare.push(n);
                }
                self.record(n, v);
            }
            self.max.see(v);
            values.push(v);
            if !self.sparse && values.len() == self.next_choice {
                self.next_choice = self.next_choice.saturating_mul(8);
                self.choose_mask(values);
            } else if self.sparse
                && (self.rare.len() > 2 * self.rare_at_choice + RARE_SLACK
                    || bit_length(self.max.0) > self.bits_at_choice)
            {
                // A mask chosen on early values may not fit later ones (a new
                // value bit it ignores makes every heap of such values rare, and
                // listing them grows with n): choose again.
                self.choose_mask(values);
            }
            if self.tail.as_ref().is_some_and(|t| !t.still_holds(values)) {
                self.tail = None;
            }
            if self.use_tail && self.tail.is_none() && values.len() >= self.next_tail_check {
                self.next_tail_check = values.len().saturating_mul(2);
                // Worth it only when the heaps before the repetition, each of whose
                // splits the shortcut values one by one, cost less per heap than
                // the sparse-space method has since the last look (its searches
                // can grow with the heap; the definition always does).
                let (work, heaps) = self.work_at_check;
                let sparse_cost = if self.sparse {
                    (self.work - work) / (values.len() - heaps).max(1) as u64
                } else {
                    u64::MAX
                };
                self.work_at_check = (self.work, values.len());
                let splits = self.moves.leave_two.len().max(1);
                self.tail = latest_repetition(values)
                    .filter(|&(start, period)| {
                        (start + period) * TAIL_SHARE <= values.len()
                            && ((start * splits) as u64) < sparse_cost
                    })
                    .and_then(|(start, period)| PeriodicTail::new(values, start, period));
            }
        }
    }
}

impl SparseOctal {
    /// Chooses the mask on the latest half of `values` (at most [`WINDOW`] of them)
    /// and lists the rare heaps.
    fn choose_mask(&mut self, values: &[u32]) {
        let offset = self.moves.leave_two.first().copied().unwrap_or(0);
        let from = (values.len() / 2).max(values.len().saturating_sub(WINDOW));
        let window = &values[from..];
        let mask = Mask::choose_from(window, from, offset);
        let rare_in_window = (from.max(1)..values.len())
            .filter(|&k| mask.is_rare(k, values[k]))
            .count();
        let was_sparse = self.sparse;
        self.mask = Some(mask);
        self.sparse = self.force || rare_in_window * DENSE_SHARE <= window.len();
        if self.sparse {
            self.rare = (1..values.len())
                .filter(|&k| mask.is_rare(k, values[k]))
                .collect();
            if !was_sparse {
                self.positions.clear();
                for (k, &v) in values.iter().enumerate() {
                    self.record(k, v);
                }
                self.reorder();
            }
            self.rare_at_choice = self.rare.len();
            self.bits_at_choice = bit_length(self.max.0);
        }
    }
}
