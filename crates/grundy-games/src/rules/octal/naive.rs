//! Octal values by the definition: the mex over every option of a heap.

use crate::sequence::mex::{Marks, MaxValue};
use crate::sequence::Source;

/// The moves of an octal game on one heap, by how many stones are taken.
///
/// An octal code d0.d1d2...dt (see [`rules::octal`](crate::rules::octal)) lists, for
/// each number j of stones taken, whether the rest may be left as nothing, as one
/// heap, or as two non-empty heaps.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HeapMoves {
    /// Each j for which a heap of exactly j stones may be taken whole.
    pub take_all: Vec<usize>,
    /// Each j for which j stones may be taken from a larger heap, leaving one heap.
    pub leave_one: Vec<usize>,
    /// Each j for which j stones may be taken (j = 0 allowed) and the rest split into
    /// two non-empty heaps.
    pub leave_two: Vec<usize>,
    /// Each j for which j stones may be taken (j = 0 allowed) and the rest split into
    /// three non-empty heaps (hexadecimal codes: a digit with bit 8).
    pub leave_three: Vec<usize>,
}

impl HeapMoves {
    /// The most stones a move takes (t of the periodicity theorem).
    pub fn max_take(&self) -> usize {
        let all = self.take_all.iter().chain(&self.leave_one);
        let all = all.chain(&self.leave_two).chain(&self.leave_three);
        all.copied().max().unwrap_or(0)
    }

    /// The most heaps a move leaves, as the periodicity theorem counts them: 3 when a
    /// move may leave three heaps, 2 otherwise (also for codes that never split, whose
    /// periods are proven with the two-heap bound).
    pub fn max_parts(&self) -> usize {
        if self.leave_three.is_empty() {
            2
        } else {
            3
        }
    }
}

/// Marks the options of heap `n` that leave nothing or one heap.
#[inline]
pub fn mark_singles(moves: &HeapMoves, values: &[u32], n: usize, marks: &mut Marks) {
    for &j in &moves.take_all {
        if n == j {
            marks.mark(0);
        }
    }
    for &j in &moves.leave_one {
        if n > j {
            marks.mark(values[n - j]);
        }
    }
}

/// The pairs (a, s − a) with 1 ≤ a ≤ s / 2, as two slices to zip (the second reversed).
#[inline]
pub fn pair_slices(values: &[u32], s: usize) -> (&[u32], &[u32]) {
    let half = s / 2;
    (&values[1..=half], &values[s - half..s])
}

/// The values of the splits of `s` ≥ 2 stones into two non-empty heaps, as bits of
/// one word (bit v for value v), when every value and XOR of values is below 64.
#[inline]
pub fn pair_values_word(values: &[u32], s: usize) -> u64 {
    let (lo, hi) = pair_slices(values, s);
    lo.iter()
        .zip(hi.iter().rev())
        .fold(0u64, |acc, (&a, &b)| acc | 1u64 << ((a ^ b) & 63))
}

/// Octal values by the definition: every split of every heap is combined.
/// Time O(n) per value for games that split heaps, so O(n²) for a sequence.
#[derive(Clone, Debug)]
pub struct NaiveOctal {
    moves: HeapMoves,
    marks: Marks,
    max: MaxValue,
}

impl NaiveOctal {
    /// A naive computation for the game with these moves.
    ///
    /// # Panics
    /// If a move leaves three heaps: those games are computed by
    /// [`HexadecimalValues`](super::hexadecimal::HexadecimalValues).
    pub fn new(moves: HeapMoves) -> NaiveOctal {
        assert!(
            moves.leave_three.is_empty(),
            "NaiveOctal splits heaps in two only"
        );
        NaiveOctal {
            moves,
            marks: Marks::default(),
            max: MaxValue::default(),
        }
    }
}

/// G(n) for an octal game by the definition, given G(0..n). While every value is
/// below 64 the options are collected in one 64-bit word (no memory traffic per
/// pair); otherwise they are marked in `marks`.
pub fn naive_octal_value(
    moves: &HeapMoves,
    values: &[u32],
    marks: &mut Marks,
    max: MaxValue,
) -> u32 {
    let n = values.len();
    if max.0 < 64 {
        // Values and their XORs are below 64.
        let mut seen = 0u64;
        for &j in &moves.take_all {
            if n == j {
                seen |= 1;
            }
        }
        for &j in &moves.leave_one {
            if n > j {
                seen |= 1 << values[n - j];
            }
        }
        for &j in &moves.leave_two {
            if n < j + 2 {
                continue;
            }
            seen |= pair_values_word(values, n - j);
        }
        return (!seen).trailing_zeros();
    }
    marks.start(max.0);
    mark_singles(moves, values, n, marks);
    for &j in &moves.leave_two {
        if n < j + 2 {
            continue;
        }
        let (lo, hi) = pair_slices(values, n - j);
        for (&a, &b) in lo.iter().zip(hi.iter().rev()) {
            marks.mark(a ^ b);
        }
    }
    marks.mex_from(0)
}

impl Source for NaiveOctal {
    fn extend(&mut self, values: &mut Vec<u32>, len: usize) {
        while values.len() < len {
            let v = naive_octal_value(&self.moves, values, &mut self.marks, self.max);
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
