//! The mex of a heap's options, for the sources of heap games: [`Marks`] marks the
//! values of the options without clearing between heaps, [`MaxValue`] bounds them.

/// Marks values as options of the heap being computed, without clearing between
/// heaps: a value is marked when its stamp equals the current heap's stamp.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    stamp: Vec<u32>,
    current: u32,
}

impl Marks {
    /// Starts a new heap whose options may take values below 2^k where every value
    /// so far is below `bound` (a power of two covers all XORs of such values).
    pub fn start(&mut self, bound: u32) {
        let size = (bound as usize + 1).next_power_of_two() * 2;
        if self.stamp.len() < size {
            self.stamp.resize(size, 0);
        }
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
    }

    /// Marks `v` as the value of an option.
    #[inline]
    pub fn mark(&mut self, v: u32) {
        let mask = self.stamp.len() - 1;
        self.stamp[v as usize & mask] = self.current;
    }

    /// Marks every value of `values` (as [`mark`](Marks::mark), in one loop).
    #[inline]
    pub fn mark_each(&mut self, values: impl Iterator<Item = u32>) {
        let mask = self.stamp.len() - 1;
        let current = self.current;
        let stamp = &mut self.stamp[..];
        for v in values {
            stamp[v as usize & mask] = current;
        }
    }

    /// Whether `v` is marked for the current heap.
    #[inline]
    pub fn is_marked(&self, v: u32) -> bool {
        (v as usize) < self.stamp.len() && self.stamp[v as usize] == self.current
    }

    /// The least unmarked value from `from` on.
    pub fn mex_from(&self, mut from: u32) -> u32 {
        while self.is_marked(from) {
            from += 1;
        }
        from
    }
}

/// The largest value in `values`, kept up to date cheaply.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaxValue(pub u32);

impl MaxValue {
    /// Takes `v` into account.
    pub fn see(&mut self, v: u32) {
        self.0 = self.0.max(v);
    }
}
