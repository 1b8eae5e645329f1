//! Values of games whose moves may split a heap into three (hexadecimal codes, a
//! digit with bit 8): the definition, with the values of the two-heap splits of
//! every heap size kept.
//!
//! A split of s stones into three non-empty heaps is a smallest part a ≤ s / 3
//! beside a split of s − a into two non-empty heaps (any two: a split of s − a with
//! a part below a gives the same three heaps as another smallest part does, and
//! every such pair with a is a three-heap split of s). So with P(r), the set of the
//! values G(x) ⊕ G(r − x) of the two-heap splits of r, the three-heap options of s
//! are the union over a ≤ s / 3 of G(a) ⊕ P(s − a): O(s) set operations per value
//! instead of O(s²) splits.
//!
//! P(r) is a bitset over values. G(a) ⊕ P(r) is the same bitset with every bit
//! position XORed with G(a): whole words are exchanged by the bits of G(a) above the
//! sixth, and bits within a word by its low six bits (one masked swap of halves per
//! bit). While every value is below 64 each P(r) is one word, and the parts a of
//! equal G(a) are gathered before one permutation each.
//!
//! The table of P holds at most [`PAIR_TABLE_BYTES`]; past it P(r) is recomputed
//! for each use (O(s²) per value, memory bounded).

use super::naive::{pair_slices, pair_values_word, HeapMoves};
use crate::sequence::mex::MaxValue;
use crate::sequence::Source;

/// The most bytes kept for the two-heap split values P(r).
pub const PAIR_TABLE_BYTES: usize = 1 << 30;

/// Values of a game given by [`HeapMoves`], splits into three heaps included.
#[derive(Clone, Debug)]
pub struct HexadecimalValues {
    moves: HeapMoves,
    /// P(r) for r < `starts.len() − 1`: words `starts[r]..starts[r + 1]`.
    pairs: Vec<u64>,
    starts: Vec<usize>,
    /// The most bytes `pairs` may take.
    cap: usize,
    max: MaxValue,
    seen: Vec<u64>,
    scratch: Vec<u64>,
}

/// Bits whose position has bit k clear, for k = 0, ..., 5.
const HALVES: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// The word whose bit i is bit i ⊕ h of `x` (h < 64).
#[inline]
pub fn permute(mut x: u64, h: u32) -> u64 {
    for (k, &m) in HALVES.iter().enumerate() {
        if h >> k & 1 != 0 {
            let s = 1 << k;
            x = (x & m) << s | (x >> s) & m;
        }
    }
    x
}

/// ORs `set` with every position XORed with `g` into `into` (which is wide enough
/// for every position ⊕ g).
#[inline]
pub fn or_xored(into: &mut [u64], set: &[u64], g: u32) {
    let (high, low) = ((g >> 6) as usize, g & 63);
    for (w, &x) in set.iter().enumerate() {
        if x != 0 {
            into[w ^ high] |= permute(x, low);
        }
    }
}

/// P(r) into `set` (`words` words, cleared first), from G(0), ..., G(r − 1).
fn pair_set(values: &[u32], r: usize, set: &mut Vec<u64>, words: usize) {
    set.clear();
    set.resize(words, 0);
    if r < 2 {
        return;
    }
    if words == 1 {
        set[0] = pair_values_word(values, r);
    } else {
        let (lo, hi) = pair_slices(values, r);
        for (&a, &b) in lo.iter().zip(hi.iter().rev()) {
            let v = (a ^ b) as usize;
            set[v / 64] |= 1 << (v % 64);
        }
    }
}

impl HexadecimalValues {
    /// The computation for `moves`.
    pub fn new(moves: HeapMoves) -> HexadecimalValues {
        HexadecimalValues::with_cap(moves, PAIR_TABLE_BYTES)
    }

    /// The same, keeping at most `cap` bytes of two-heap split values.
    pub fn with_cap(moves: HeapMoves, cap: usize) -> HexadecimalValues {
        HexadecimalValues {
            moves,
            pairs: Vec::new(),
            starts: vec![0],
            cap,
            max: MaxValue::default(),
            seen: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Words of a bitset holding every value and every XOR of values so far.
    fn words(&self) -> usize {
        (self.max.0 as usize + 1).next_power_of_two().div_ceil(64)
    }

    /// Computes P(n) for n = `values.len()` and keeps it if the table has room.
    fn keep_pairs(&mut self, values: &[u32]) {
        let n = values.len();
        if self.starts.len() != n + 1 {
            return;
        }
        let words = self.words();
        if (self.pairs.len() + words) * 8 > self.cap {
            return;
        }
        pair_set(values, n, &mut self.scratch, words);
        self.pairs.extend_from_slice(&self.scratch);
        self.starts.push(self.pairs.len());
    }

    /// P(r), from the table or computed into `scratch`.
    fn pairs_of<'a>(
        pairs: &'a [u64],
        starts: &[usize],
        scratch: &'a mut Vec<u64>,
        values: &[u32],
        r: usize,
        words: usize,
    ) -> &'a [u64] {
        if r + 1 < starts.len() {
            &pairs[starts[r]..starts[r + 1]]
        } else {
            pair_set(values, r, scratch, words);
            scratch
        }
    }

    /// G(n) for n = `values.len()`, P(n) kept first.
    fn value(&mut self, values: &[u32]) -> u32 {
        self.keep_pairs(values);
        let n = values.len();
        let words = self.words();
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        seen.resize(words, 0);
        let mark = |seen: &mut [u64], v: u32| seen[v as usize / 64] |= 1 << (v % 64);
        for &j in &self.moves.take_all {
            if n == j {
                mark(&mut seen, 0);
            }
        }
        for &j in &self.moves.leave_one {
            if n > j {
                mark(&mut seen, values[n - j]);
            }
        }
        let (pairs, starts) = (&self.pairs, &self.starts);
        for &j in &self.moves.leave_two {
            if n >= j + 2 {
                let set = Self::pairs_of(pairs, starts, &mut self.scratch, values, n - j, words);
                for (s, &x) in seen.iter_mut().zip(set) {
                    *s |= x;
                }
            }
        }
        for &j in &self.moves.leave_three {
            if n < j + 3 {
                continue;
            }
            let s = n - j;
            if words == 1 {
                // Gather the parts a of equal G(a), then permute once per value.
                let mut gathered = [0u64; 64];
                for a in 1..=s / 3 {
                    let set =
                        Self::pairs_of(pairs, starts, &mut self.scratch, values, s - a, words);
                    gathered[values[a] as usize] |= set.first().copied().unwrap_or(0);
                }
                for (g, &set) in gathered.iter().enumerate() {
                    seen[0] |= permute(set, g as u32);
                }
            } else {
                for a in 1..=s / 3 {
                    let set =
                        Self::pairs_of(pairs, starts, &mut self.scratch, values, s - a, words);
                    or_xored(&mut seen, set, values[a]);
                }
            }
        }
        let mex = seen
            .iter()
            .position(|&w| w != u64::MAX)
            .map_or(words * 64, |w| w * 64 + seen[w].trailing_ones() as usize);
        self.seen = seen;
        mex as u32
    }
}

impl Source for HexadecimalValues {
    fn extend(&mut self, values: &mut Vec<u32>, len: usize) {
        while values.len() < len {
            let v = self.value(values);
            self.max.see(v);
            values.push(v);
        }
    }

    fn resume(&mut self, values: &mut Vec<u32>, known: &[u32]) {
        for &v in known {
            self.keep_pairs(values);
            self.max.see(v);
            values.push(v);
        }
    }
}
