//! The transposition table: a fixed number of slots (a prime number), allocated
//! once from the memory given, each holding one position's key and bounds on its
//! score found so far. A new position takes the slot of its key's index,
//! replacing what was there (the position searched last is the one most likely to
//! be met again); the table never grows and is never emptied. An empty slot is all
//! zero bytes, so the table is allocated zeroed: the system gives its pages when
//! they are first touched, and a short search costs no more than the slots it uses.
//!
//! A slot names its position exactly, in one of three layouts chosen when the table
//! is made. Where every key is a number at most `max` ([`Space::key_max`](super::Space::key_max),
//! a board's bits) and the table has `n` slots, a key's slot is its remainder by `n`
//! and the slot keeps its quotient by `n`: the remainder and the quotient give back
//! the key (`key = quotient · n + remainder`), so a slot whose quotient matches holds
//! that key's bounds and no other's. With quotients below `2^25` (`max / n < 2^25`)
//! a slot is 4 bytes: the quotient and one bound in 7 bits, the lower or the upper
//! one, whichever the last search found (a null-window search finds one), on the
//! levels of `compact_lower`. Else, with quotients below `2^32 − 1`, 8 bytes: the
//! quotient and both bounds in 16 bits each (`pack_lower`). Any other key is kept
//! whole beside its bounds.

use super::score::{
    compact_lower, compact_score, compact_upper, pack_lower, pack_upper, unpack, ABOVE, BELOW,
    COMPACT_LEVELS,
};

/// A key that names one position exactly (two positions never share a key), and
/// spreads keys over the table's slots.
pub trait TableKey: Clone + Eq + Default {
    /// A number from the key whose remainder by the table's size chooses its slot.
    /// Keys of positions a few moves apart may stay close (the key itself, for a
    /// board's bits): the remainder by a prime size spreads them over the slots while
    /// the positions one search visits in turn stay near each other in memory,
    /// which measured faster than a hash that scatters them (bench/README.md).
    fn spread(&self) -> u64;

    /// The key itself when it is a number (then [`spread`](TableKey::spread) must be
    /// that number), which lets a table keep only part of it; `None` by default.
    fn number(&self) -> Option<u64> {
        None
    }
}

impl TableKey for u64 {
    #[inline]
    fn spread(&self) -> u64 {
        *self
    }

    #[inline]
    fn number(&self) -> Option<u64> {
        Some(*self)
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

/// A slot keeping its key whole, and packed bounds `lower ≤ score ≤ upper`. An
/// empty slot holds the default key with bounds that say nothing, so finding it is
/// finding nothing.
#[derive(Clone)]
struct Keyed<K> {
    key: K,
    lower: i16,
    upper: i16,
}

/// The slots in one of the three layouts. A packed slot is the quotient in its high
/// 32 bits, then the lower bound's 16 bits ([`pack_lower`]) and the upper bound's,
/// each flipped so that zero says nothing ([`NO_LOWER`], [`NO_UPPER`]). A compact slot
/// is the quotient in its high 25 bits and a code in its low 7: 0 for none, `1 + i`
/// for a lower bound on level `i`, `1 + COMPACT_LEVELS + i` for an upper bound.
enum Slots<K> {
    Keyed(Vec<Keyed<K>>),
    Packed(Vec<u64>),
    Compact(Vec<u32>),
}

/// A packed lower bound's bits are `pack_lower(v) ^ NO_LOWER`: zero for none.
const NO_LOWER: u16 = i16::MIN as u16;

/// A packed upper bound's bits are `pack_upper(v) ^ NO_UPPER`: zero for none.
const NO_UPPER: u16 = i16::MAX as u16;

/// The bits of a compact slot's code.
const CODE_BITS: u32 = 7;

/// The quotients a compact slot holds are below this.
const COMPACT_QUOTIENTS: u64 = 1 << (32 - CODE_BITS);

/// Where a key's bounds are kept: its slot, and the quotient a packed or compact
/// slot checks (`u32::MAX` for a key bigger than the table was made for: never
/// found, never kept).
#[derive(Clone, Copy, Debug)]
pub struct Probe {
    slot: usize,
    quotient: u32,
}

/// A transposition table of fixed memory.
pub struct Table<K> {
    slots: Slots<K>,
    len: u64,
    /// `⌊(2^64 − 1) / len⌋`: a key's quotient and remainder by `len` by multiplication
    /// ([`Table::divide`]) instead of a division.
    reciprocal: u64,
}

/// The largest prime number of slots of `slot_bytes` that fit in `memory` (one where
/// not even two fit). A prime spreads keys that share their low or high bits, as a
/// board's keys do: `2^23 − 1` slots, say, add the key's 23-bit pieces, and keys with
/// the same sum collide (a line measured 1.19 times the nodes, bench/README.md).
fn fitting(memory: u64, slot_bytes: usize) -> usize {
    let fit = usize::try_from(memory / slot_bytes as u64).unwrap_or(usize::MAX);
    (2..=fit).rev().find(|&n| is_prime(n)).unwrap_or(1)
}

/// Whether `n` is prime, by trial division (the slot counts of at most 1 TiB: a
/// few million divisions at worst).
fn is_prime(n: usize) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

/// `(n / len, n % len)` by multiplication with `reciprocal = ⌊(2^64 − 1) / len⌋`
/// ([`Table::divide`]).
#[inline]
fn divide(n: u64, len: u64, reciprocal: u64) -> (u64, u64) {
    let mut q = ((u128::from(n) * u128::from(reciprocal)) >> 64) as u64;
    let mut r = n - q * len;
    if r >= len {
        q += 1;
        r -= len;
    }
    (q, r)
}

/// A hint to bring the cache line at `at` in ([`Table::prefetch`]).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
fn prefetch(at: *const u8) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: a prefetch is a hint: it reads nothing the program sees, never faults,
    // whatever the address (this one is inside the table), and needs only SSE, which
    // every x86-64 processor has. Measured: Connect Four's search 1.5 times as fast
    // (bench/README.md, "Connect Four against Pons's solver").
    unsafe { _mm_prefetch::<_MM_HINT_T0>(at.cast()) }
}

/// A hint to bring the cache line at `at` in: nothing on this processor.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn prefetch(at: *const u8) {
    let _ = at;
}

/// Asks Linux to back the whole huge pages (2 MiB) inside `slots` with huge pages
/// and to move their contents there now ([`Table::use_huge_pages`]).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn huge_pages<T>(slots: &mut [T]) {
    const HUGE: usize = 2 << 20;
    let start = slots.as_mut_ptr() as usize;
    let (from, to) = (
        start.next_multiple_of(HUGE),
        (start + std::mem::size_of_val(slots)) / HUGE * HUGE,
    );
    if from >= to {
        return;
    }
    let at = from as *mut libc::c_void;
    // SAFETY: `from..to` lies inside `slots`, memory borrowed mutably here, so nothing
    // else uses it meanwhile; MADV_HUGEPAGE and MADV_COLLAPSE change only which pages
    // of the system hold it, never what it holds (the kernel copies the contents).
    // Their failures (an old kernel, huge pages turned off, no huge page free) leave
    // the pages as they were, and are ignored.
    unsafe {
        libc::madvise(at, to - from, libc::MADV_HUGEPAGE);
        libc::madvise(at, to - from, MADV_COLLAPSE);
    }
}

/// Linux's advice to move pages into huge pages now (since Linux 6.1; the `libc`
/// crate names it for glibc targets only).
#[cfg(target_os = "linux")]
const MADV_COLLAPSE: libc::c_int = 25;

/// Huge pages: not asked for outside Linux.
#[cfg(not(target_os = "linux"))]
fn huge_pages<T>(slots: &mut [T]) {
    let _ = slots;
}

impl<K: TableKey> Table<K> {
    /// The bytes of a slot keeping its key whole.
    pub const KEYED_BYTES: usize = std::mem::size_of::<Keyed<K>>();

    /// The bytes of a packed slot: 8.
    pub const PACKED_BYTES: usize = 8;

    /// The bytes of a compact slot: 4.
    pub const COMPACT_BYTES: usize = 4;

    /// A table of as many slots as fit in `memory` bytes (a prime number, or one
    /// slot), allocated now, keeping keys whole.
    pub fn new(memory: u64) -> Table<K> {
        Table::for_keys(memory, None)
    }

    /// A table as [`new`](Table::new) for keys at most `key_max` where given: with
    /// compact or packed slots when the keys are numbers whose quotients by the
    /// number of slots fit (the module's documentation).
    pub fn for_keys(memory: u64, key_max: Option<u64>) -> Table<K> {
        if let (Some(max), Some(_)) = (key_max, K::default().number()) {
            let n = fitting(memory, Self::COMPACT_BYTES);
            if max / (n as u64) < COMPACT_QUOTIENTS {
                return Table::of(Slots::Compact(vec![0; n]), n);
            }
            let n = fitting(memory, Self::PACKED_BYTES);
            if max / (n as u64) < u64::from(u32::MAX) {
                return Table::of(Slots::Packed(vec![0; n]), n);
            }
        }
        let n = fitting(memory, Self::KEYED_BYTES);
        let empty = Keyed {
            key: K::default(),
            lower: i16::MIN,
            upper: i16::MAX,
        };
        Table::of(Slots::Keyed(vec![empty; n]), n)
    }

    /// The table of `slots`, `n` of them.
    fn of(slots: Slots<K>, n: usize) -> Table<K> {
        let len = n as u64;
        Table {
            slots,
            len,
            reciprocal: u64::MAX / len,
        }
    }

    /// `(n / len, n % len)`, exactly, for every `n`: the quotient estimated as the
    /// high half of `n · ⌊(2^64 − 1) / len⌋` is the true one or one less (the
    /// reciprocal is at most `2^64 / len` and more than `2^64 / len − 1`, so the
    /// product falls short of `n / len` by less than `n / 2^64 < 1`), and a remainder
    /// not below `len` says which. A multiplication costs a few cycles where a
    /// division by a number known only at run time costs several times more.
    #[inline]
    fn divide(&self, n: u64) -> (u64, u64) {
        divide(n, self.len, self.reciprocal)
    }

    /// The bytes the slots take.
    pub fn bytes(&self) -> u64 {
        self.len * self.slot_bytes() as u64
    }

    /// The bytes of a slot: [`COMPACT_BYTES`](Table::COMPACT_BYTES),
    /// [`PACKED_BYTES`](Table::PACKED_BYTES) or [`KEYED_BYTES`](Table::KEYED_BYTES).
    pub fn slot_bytes(&self) -> usize {
        match &self.slots {
            Slots::Keyed(_) => Self::KEYED_BYTES,
            Slots::Packed(_) => Self::PACKED_BYTES,
            Slots::Compact(_) => Self::COMPACT_BYTES,
        }
    }

    /// Where `key`'s bounds are kept.
    #[inline]
    pub fn probe(&self, key: &K) -> Probe {
        match (&self.slots, key.number()) {
            (Slots::Packed(_), Some(n)) => {
                let (q, r) = self.divide(n);
                Probe {
                    slot: r as usize,
                    // Below 2^32 − 1 for every key the table was made for; a bigger
                    // key (which the space said it has not) is checked against a
                    // quotient no slot holds for it, so it is never found nor kept.
                    quotient: u32::try_from(q).unwrap_or(u32::MAX),
                }
            }
            (Slots::Compact(_), Some(n)) => {
                let (q, r) = self.divide(n);
                Probe {
                    slot: r as usize,
                    quotient: if q < COMPACT_QUOTIENTS {
                        q as u32
                    } else {
                        u32::MAX
                    },
                }
            }
            _ => Probe {
                slot: self.divide(key.spread()).1 as usize,
                quotient: 0,
            },
        }
    }

    /// Starts bringing `key`'s slot into the cache, for a position about to be
    /// searched: a search that asks for the slots of a node's children before it
    /// orders them and goes down into the first one waits for memory once for all of
    /// them, beside its own work, instead of once for each in turn (the slots of a big
    /// table are mostly not in the cache). On x86-64 a prefetch instruction, which
    /// only hints and never waits; elsewhere nothing (a plain read, which the
    /// processor must finish before it retires what follows, measured no faster).
    #[inline]
    pub fn prefetch(&self, key: &K) {
        let slot = self.probe(key).slot;
        let at: *const u8 = match &self.slots {
            Slots::Compact(s) => s[slot..].as_ptr().cast(),
            Slots::Packed(s) => s[slot..].as_ptr().cast(),
            Slots::Keyed(s) => s[slot..].as_ptr().cast(),
        };
        prefetch(at);
    }

    /// Asks the system to back the table with huge pages (2 MiB on x86-64) and to
    /// move what it holds into them now: one entry of the processor's page cache then
    /// covers 512 times the slots, and a read of a slot not in the cache waits less
    /// (on the machine of bench/README.md, a random read in 64 MiB: 170 ns against
    /// 214). Only on Linux, and only the whole huge pages inside the table; nothing
    /// where the system says no (an old kernel, huge pages turned off).
    pub fn use_huge_pages(&mut self) {
        match &mut self.slots {
            Slots::Compact(s) => huge_pages(s),
            Slots::Packed(s) => huge_pages(s),
            Slots::Keyed(s) => huge_pages(s),
        }
    }

    /// The bounds known on the score of the position with `key`: (below every score,
    /// above every score) when none are.
    #[inline]
    pub fn get(&self, key: &K) -> (i32, i32) {
        self.get_at(self.probe(key), key)
    }

    /// [`get`](Table::get) with the key's [`probe`](Table::probe) already found.
    #[inline]
    pub fn get_at(&self, p: Probe, key: &K) -> (i32, i32) {
        let (found, lower, upper) = match &self.slots {
            Slots::Compact(s) => {
                let slot = s[p.slot];
                let code = (slot & ((1 << CODE_BITS) - 1)) as u8;
                if slot >> CODE_BITS != p.quotient || code == 0 {
                    return (BELOW, ABOVE);
                }
                return if code <= COMPACT_LEVELS {
                    (compact_score(code - 1), ABOVE)
                } else {
                    (BELOW, compact_score(code - 1 - COMPACT_LEVELS))
                };
            }
            Slots::Packed(s) => {
                let slot = s[p.slot];
                (
                    (slot >> 32) as u32 == p.quotient && p.quotient != u32::MAX,
                    ((slot >> 16) as u16 ^ NO_LOWER) as i16,
                    (slot as u16 ^ NO_UPPER) as i16,
                )
            }
            Slots::Keyed(s) => {
                let slot = &s[p.slot];
                (slot.key == *key, slot.lower, slot.upper)
            }
        };
        if found {
            (unpack(lower), unpack(upper))
        } else {
            (BELOW, ABOVE)
        }
    }

    /// Records `lower ≤ score ≤ upper` for the position with `key`, narrowing what
    /// its slot already holds for it, or replacing another position's bounds.
    #[inline]
    pub fn put(&mut self, key: &K, lower: i32, upper: i32) {
        self.put_at(self.probe(key), key, lower, upper);
    }

    /// [`put`](Table::put) with the key's [`probe`](Table::probe) already found.
    #[inline]
    pub fn put_at(&mut self, p: Probe, key: &K, lower: i32, upper: i32) {
        if let Slots::Compact(s) = &mut self.slots {
            // One bound: the upper one where the lower says nothing, else the lower.
            let code = if lower <= BELOW {
                compact_upper(upper).map(|i| 1 + COMPACT_LEVELS + i)
            } else {
                compact_lower(lower).map(|i| 1 + i)
            };
            if let (Some(code), true) = (code, p.quotient != u32::MAX) {
                s[p.slot] = p.quotient << CODE_BITS | u32::from(code);
            }
            return;
        }
        let (lower, upper) = (pack_lower(lower), pack_upper(upper));
        match &mut self.slots {
            Slots::Compact(_) => {}
            Slots::Packed(s) => {
                if p.quotient == u32::MAX {
                    return;
                }
                let slot = &mut s[p.slot];
                let (mut lo, mut hi) = (lower, upper);
                if (*slot >> 32) as u32 == p.quotient {
                    lo = lo.max(((*slot >> 16) as u16 ^ NO_LOWER) as i16);
                    hi = hi.min((*slot as u16 ^ NO_UPPER) as i16);
                }
                *slot = u64::from(p.quotient) << 32
                    | u64::from(lo as u16 ^ NO_LOWER) << 16
                    | u64::from(hi as u16 ^ NO_UPPER);
            }
            Slots::Keyed(s) => {
                let slot = &mut s[p.slot];
                if slot.key == *key {
                    slot.lower = slot.lower.max(lower);
                    slot.upper = slot.upper.min(upper);
                } else {
                    *slot = Keyed {
                        key: key.clone(),
                        lower,
                        upper,
                    };
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Score;
    use super::*;

    #[test]
    fn the_table_keeps_to_its_memory_and_narrows_bounds() {
        let mut t: Table<u64> = Table::new(1 << 10);
        assert!(t.bytes() <= 1 << 10);
        let (w, l) = (|r| Score::win(r).0, |r| Score::lose(r).0);
        assert_eq!(t.get(&7), (BELOW, ABOVE));
        t.put(&7, l(3), w(10));
        t.put(&7, 0, w(2));
        assert_eq!(t.get(&7), (0, w(10)));
        // A key with the same slot replaces it.
        let other = (8..).find(|k| t.probe(k).slot == t.probe(&7).slot).unwrap();
        t.put(&other, 0, 0);
        assert_eq!(t.get(&7), (BELOW, ABOVE));
        assert_eq!(t.get(&other), (0, 0));
        assert_eq!(Table::<u64>::new(0).len, 1);
        // A prime number of slots: 64 MiB of 8-byte slots is 2^23 = 8,388,608,
        // whose largest prime below is 8,388,593.
        assert_eq!(fitting(64 << 20, 8), 8_388_593);
        assert_eq!(fitting(16, 8), 2);
        assert_eq!(fitting(127 * 8, 8), 127);
        assert!((0..200).filter(|&n| is_prime(n)).eq([
            2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83,
            89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179,
            181, 191, 193, 197, 199
        ]));
    }

    #[test]
    fn quotients_and_remainders_by_multiplication_are_exact() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let lens = [
            1,
            2,
            3,
            7,
            127,
            251,
            8_388_593,
            16_777_213,
            (1 << 38) - 5,
            1 << 40,
            (1 << 63) + 1,
            u64::MAX - 1,
            u64::MAX,
        ];
        for len in lens {
            let reciprocal = u64::MAX / len;
            let mut ns = vec![
                0,
                1,
                len - 1,
                len,
                len.wrapping_add(1),
                u64::MAX,
                u64::MAX - 1,
            ];
            for k in [2, 3, 1 << 25, u64::MAX / len] {
                let m = len.wrapping_mul(k);
                ns.extend([m.wrapping_sub(1), m, m.wrapping_add(1)]);
            }
            ns.extend((0..2000).map(|_| next()));
            ns.extend((0..2000).map(|_| next() >> 15));
            for n in ns {
                assert_eq!(
                    divide(n, len, reciprocal),
                    (n / len, n % len),
                    "{n} by {len}"
                );
            }
        }
    }

    #[test]
    fn prefetches_and_huge_pages_leave_the_bounds_alone() {
        // 8 MiB of compact slots: at least three whole huge pages inside.
        let max = 1u64 << 45;
        let mut t: Table<u64> = Table::for_keys(8 << 20, Some(max));
        assert_eq!(t.slot_bytes(), 4);
        let keys: Vec<u64> = (0..5000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % max)
            .collect();
        let bound = |k: u64| Score::lose((k % 30) as u32 * 2).0;
        for &k in &keys {
            t.prefetch(&k);
            t.put(&k, bound(k), ABOVE);
        }
        let before: Vec<(i32, i32)> = keys.iter().map(|k| t.get(k)).collect();
        assert!(
            keys.iter()
                .zip(&before)
                .filter(|(&k, b)| b.0 == bound(k))
                .count()
                > 4900
        );
        t.use_huge_pages();
        for k in &keys {
            t.prefetch(k);
        }
        let after: Vec<(i32, i32)> = keys.iter().map(|k| t.get(k)).collect();
        assert_eq!(before, after);
        // Every layout, a table smaller than a huge page included.
        for mut t in [
            Table::<u64>::new(1 << 10),
            Table::for_keys(1 << 10, Some(1 << 20)),
            Table::for_keys(1 << 10, Some(1 << 36)),
        ] {
            // A lower bound alone: what a compact slot keeps of it too.
            t.put(&77, 0, ABOVE);
            t.prefetch(&77);
            t.use_huge_pages();
            assert_eq!(t.get(&77), (0, ABOVE));
        }
    }

    #[test]
    fn packed_slots_name_their_keys_exactly() {
        // 127 slots of 8 bytes: quotients below 2^32 − 1 are packed (too big for
        // the 251 compact slots of the same memory).
        let max = 127 * (u64::from(u32::MAX) - 1) + 126;
        let mut t: Table<u64> = Table::for_keys(127 * 8, Some(max));
        assert_eq!(t.slot_bytes(), 8);
        assert_eq!(t.bytes(), 127 * 8);
        // Keys sharing a slot and differing in the quotient only.
        let keys = [5u64, 5 + 127, 5 + 127 * 1000, 5 + 127 * (1 << 31)];
        for (i, k) in keys.iter().enumerate() {
            let bounds = (Score::lose(i as u32).0, Score::win(i as u32).0);
            t.put(k, bounds.0, bounds.1);
            assert_eq!(t.get(k), bounds);
            for other in &keys[..i] {
                assert_eq!(t.get(other), (BELOW, ABOVE), "{other} after {k}");
            }
        }
        // Both bounds narrow.
        t.put(&keys[3], 0, ABOVE);
        assert_eq!(t.get(&keys[3]), (0, Score::win(3).0));
        // Keys too big for the table's promise are never found nor kept.
        let big = 5 + 127 * (1u64 << 33);
        t.put(&big, 1, 1);
        assert_eq!(t.get(&big), (BELOW, ABOVE));
        // Too few slots for the keys: kept whole.
        assert_eq!(
            Table::<u64>::for_keys(127 * 8, Some(max + 1)).slot_bytes(),
            16
        );
        assert_eq!(Table::<u128>::for_keys(1 << 20, Some(20)).slot_bytes(), 32);
    }

    #[test]
    fn compact_slots_name_their_keys_exactly_and_keep_one_bound() {
        // 127 slots of 4 bytes: quotients below 2^25.
        let max = 127 << 25;
        assert_eq!(Table::<u64>::for_keys(127 * 4, Some(max)).slot_bytes(), 8);
        let mut t: Table<u64> = Table::for_keys(127 * 4, Some(max - 1));
        assert_eq!((t.slot_bytes(), t.bytes()), (4, 127 * 4));
        let keys = [5u64, 5 + 127, 5 + 127 * ((1 << 25) - 1)];
        for (i, k) in keys.iter().enumerate() {
            let r = 2 * i as u32;
            t.put(k, Score::lose(r).0, ABOVE);
            assert_eq!(t.get(k), (Score::lose(r).0, ABOVE));
            for other in &keys[..i] {
                assert_eq!(t.get(other), (BELOW, ABOVE), "{other} after {k}");
            }
        }
        // The last bound found replaces the other one; a win in an even number of
        // moves is kept as the next odd one, quicker for an upper bound, slower
        // for a lower one.
        t.put(&keys[2], BELOW, Score::win(4).0);
        assert_eq!(t.get(&keys[2]), (BELOW, Score::win(3).0));
        t.put(&keys[2], Score::win(4).0, ABOVE);
        assert_eq!(t.get(&keys[2]), (Score::win(5).0, ABOVE));
        // Nothing to keep: the slot is left as it was.
        t.put(&keys[2], BELOW, ABOVE);
        assert_eq!(t.get(&keys[2]), (Score::win(5).0, ABOVE));
        let big = 5 + 127 * (1u64 << 25);
        t.put(&big, 0, 0);
        assert_eq!(t.get(&big), (BELOW, ABOVE));
    }
}
