//! Grundy values of Wythoff's game by the definition, for small heaps.
//!
//! G(a, b) is the mex of the values of the options of (a, b): every (a', b) with
//! a' < a, every (a, b') with b' < b, and every (a − t, b − t). The table fills the
//! positions row by row, keeping for each row, column and diagonal the set of values
//! already in it as a bitset, so each value is the first bit clear in three bitsets.
//! The mex of k values is at most k, so G(a, b) is at most a + b + min(a, b), the
//! number of options; the bitsets are sized for that bound.

/// Every G(a, b) with a, b ≤ `largest`.
#[derive(Clone, PartialEq, Eq)]
pub struct ValueTable {
    side: usize,
    values: Vec<u32>,
}

impl std::fmt::Debug for ValueTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ValueTable(heaps up to {})", self.largest())
    }
}

/// Bitsets of values, one per line (row, column or diagonal), with the first word
/// that still has a clear bit.
struct Lines {
    words: usize,
    bits: Vec<u64>,
    first_open: Vec<usize>,
}

impl Lines {
    fn new(lines: usize, words: usize) -> Lines {
        Lines {
            words,
            bits: vec![0; lines * words],
            first_open: vec![0; lines],
        }
    }

    fn line(&self, i: usize) -> &[u64] {
        &self.bits[i * self.words..(i + 1) * self.words]
    }

    fn insert(&mut self, i: usize, v: u32) {
        let line = &mut self.bits[i * self.words..(i + 1) * self.words];
        line[v as usize / 64] |= 1 << (v % 64);
        let open = &mut self.first_open[i];
        while line[*open] == u64::MAX {
            *open += 1;
        }
    }
}

impl ValueTable {
    /// The values of every position with both heaps at most `largest`.
    pub fn new(largest: usize) -> ValueTable {
        let side = largest + 1;
        // Values are at most a + b + min(a, b) ≤ 3 · largest; one more word keeps a
        // clear bit in every line.
        let words = 3 * largest / 64 + 2;
        let mut rows = Lines::new(1, words);
        let mut columns = Lines::new(side, words);
        let mut diagonals = Lines::new(2 * side - 1, words);
        let mut values = vec![0u32; side * side];
        for a in 0..side {
            rows.bits.fill(0);
            rows.first_open[0] = 0;
            for b in 0..side {
                let d = b + side - 1 - a;
                let from = rows.first_open[0]
                    .max(columns.first_open[b])
                    .max(diagonals.first_open[d]);
                let (row, column, diagonal) = (rows.line(0), columns.line(b), diagonals.line(d));
                let v = (from..words)
                    .find_map(|w| {
                        let used = row[w] | column[w] | diagonal[w];
                        (used != u64::MAX).then(|| (w * 64) as u32 + (!used).trailing_zeros())
                    })
                    .expect("a line has a clear bit");
                values[a * side + b] = v;
                rows.insert(0, v);
                columns.insert(b, v);
                diagonals.insert(d, v);
            }
        }
        ValueTable { side, values }
    }

    /// The largest heap in the table.
    pub fn largest(&self) -> usize {
        self.side - 1
    }

    /// G(a, b), if both heaps are in the table.
    pub fn get(&self, a: u64, b: u64) -> Option<u32> {
        let (a, b) = (usize::try_from(a).ok()?, usize::try_from(b).ok()?);
        (a < self.side && b < self.side).then(|| self.values[a * self.side + b])
    }
}
