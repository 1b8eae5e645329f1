//! The transposition table: a fixed number of slots (an odd number), allocated
//! once from the memory given, each holding one position's exact key and the bounds on its score found so
//! far. A new position takes the slot of its key's index, replacing what was there
//! (the position searched last is the one most likely to be met again); the table
//! never grows and is never emptied.

use super::score::{ABOVE, BELOW};

/// A key that names one position exactly (two positions never share a key), and
/// spreads keys over the table's slots.
pub trait TableKey: Clone + Eq + Default {
    /// A number from the key whose remainder by the table's size chooses its slot.
    /// Keys of positions a few moves apart may stay close (the key itself, for a
    /// board's bits): the remainder by an odd size spreads them over the slots while
    /// the positions one search visits in turn stay near each other in memory,
    /// which measured faster than a hash that scatters them (bench/README.md).
    fn spread(&self) -> u64;
}

impl TableKey for u64 {
    #[inline]
    fn spread(&self) -> u64 {
        *self
    }
}

impl TableKey for u128 {
    #[inline]
    fn spread(&self) -> u64 {
        ((*self as u64) ^ ((*self >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// A whole position as its own key, for games without a compact one: exact, and the
/// table's memory counts the position's own bytes (not memory it points to).
#[derive(Clone, PartialEq, Eq)]
pub struct Whole<P>(pub Option<P>);

impl<P> Default for Whole<P> {
    fn default() -> Self {
        Whole(None)
    }
}

impl<P: Clone + Eq + std::hash::Hash> TableKey for Whole<P> {
    fn spread(&self) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault};
        BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(&self.0)
    }
}

/// One slot: a key and the bounds on its score, `lower ≤ score ≤ upper`. An empty
/// slot holds the default key with bounds that say nothing, so finding it is finding
/// nothing.
#[derive(Clone)]
struct Slot<K> {
    key: K,
    lower: i32,
    upper: i32,
}

/// A transposition table of fixed memory.
pub struct Table<K> {
    slots: Vec<Slot<K>>,
}

impl<K: TableKey> Table<K> {
    /// The bytes one slot takes.
    pub const SLOT_BYTES: usize = std::mem::size_of::<Slot<K>>();

    /// A table of as many slots as fit in `memory` bytes (an odd number, at least
    /// one), allocated and cleared now.
    pub fn new(memory: u64) -> Table<K> {
        let fit = usize::try_from(memory / Self::SLOT_BYTES as u64).unwrap_or(usize::MAX);
        let n = if fit % 2 == 0 {
            fit.saturating_sub(1)
        } else {
            fit
        }
        .max(1);
        let empty = Slot {
            key: K::default(),
            lower: BELOW,
            upper: ABOVE,
        };
        Table {
            slots: vec![empty; n],
        }
    }

    /// The bytes the slots take.
    pub fn bytes(&self) -> u64 {
        (self.slots.len() * Self::SLOT_BYTES) as u64
    }

    /// The slot of `key`.
    #[inline]
    pub fn index(&self, key: &K) -> usize {
        (key.spread() % self.slots.len() as u64) as usize
    }

    /// The bounds known on the score of the position with `key`: (below every score,
    /// above every score) when none are.
    #[inline]
    pub fn get(&self, key: &K) -> (i32, i32) {
        self.get_at(self.index(key), key)
    }

    /// [`get`](Table::get) with the key's slot `i` (its [`index`](Table::index))
    /// already found.
    #[inline]
    pub fn get_at(&self, i: usize, key: &K) -> (i32, i32) {
        let slot = &self.slots[i];
        if slot.key == *key {
            (slot.lower, slot.upper)
        } else {
            (BELOW, ABOVE)
        }
    }

    /// Records `lower ≤ score ≤ upper` for the position with `key`, narrowing what
    /// its slot already holds for it, or replacing another position's bounds.
    #[inline]
    pub fn put(&mut self, key: &K, lower: i32, upper: i32) {
        self.put_at(self.index(key), key, lower, upper);
    }

    /// [`put`](Table::put) with the key's slot `i` already found.
    #[inline]
    pub fn put_at(&mut self, i: usize, key: &K, lower: i32, upper: i32) {
        let slot = &mut self.slots[i];
        if slot.key == *key {
            slot.lower = slot.lower.max(lower);
            slot.upper = slot.upper.min(upper);
        } else {
            *slot = Slot {
                key: key.clone(),
                lower,
                upper,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_to_its_memory_and_narrows_bounds() {
        let mut t: Table<u64> = Table::new(1 << 10);
        assert!(t.bytes() <= 1 << 10);
        assert_eq!(t.get(&7), (BELOW, ABOVE));
        t.put(&7, -3, 10);
        t.put(&7, 2, 20);
        assert_eq!(t.get(&7), (2, 10));
        // A key with the same slot replaces it.
        let other = (8..).find(|k| t.index(k) == t.index(&7)).unwrap();
        t.put(&other, 0, 0);
        assert_eq!(t.get(&7), (BELOW, ABOVE));
        assert_eq!(t.get(&other), (0, 0));
        assert_eq!(Table::<u64>::new(0).slots.len(), 1);
    }
}
