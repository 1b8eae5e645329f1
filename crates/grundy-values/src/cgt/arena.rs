//! The hash-consing arena: every canonical form is stored once, for the life of the
//! process, so that equal values are the same [`CanonicalForm`] handle and compare in O(1).
//!
//! Nodes are never freed (like interned symbols): each thread allocates the forms it
//! stores and their lists of options from bump allocators of its own, chunks of one
//! size never dropped, so a form costs its bytes and no allocator's header, and the
//! room reserved and not yet used stays below a chunk. A form that is not a Nus is
//! found again by its options, through a table of handles hashed from them.
//! [`stats`] reports how many there are and roughly how much memory they and the
//! memo tables hold. Memo tables cache sums, negations and comparisons of stored
//! forms, the canonical forms of short lists of options (at most `CANON_OPTIONS`,
//! `CANON_ENTRIES` of them), cooled games and reduced forms (small thermographs are
//! kept beside them, in [`thermograph`](super::thermograph), their bytes counted
//! here); the small integers and the same plus `*` are kept apart, found without a
//! lock, and a Nus form holds its own options once they are made. All of it is
//! thread-safe: sharded locks, held only for a lookup or an insertion.

use std::alloc::Layout;
use std::borrow::Borrow;
use std::cell::Cell;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{LazyLock, Mutex, MutexGuard, OnceLock};

use bumpalo::Bump;
use foldhash::fast::FixedState;
use hashbrown::hash_table::{Entry, HashTable};
use once_cell::race::OnceRef;
use smallvec::SmallVec;

use super::dyadic::Dyadic;
use super::nus::Nus;

const SHARDS: usize = 64;

/// Bytes of the buckets of every sharded map alive (memo tables and engines'
/// tables): each shard's allocated capacity, not its entries, so that a search's
/// byte limit sees the slack a hash table keeps between its resizes.
static TABLE_BYTES: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Bytes this thread added to what [`form_bytes`] counts (stored forms, memo
    /// tables' entries and buckets) since they were last taken by [`take_added`].
    static ADDED: Cell<u64> = const { Cell::new(0) };
}

/// Counts `bytes` as added by this thread (besides the arena's own totals).
#[inline]
fn added(bytes: u64) {
    ADDED.with(|a| a.set(a.get().saturating_add(bytes)));
}

/// The bytes this thread added to the forms and memo tables since the last call:
/// what a value budget charges for memory
/// ([`ValueBudget::with_bytes`](super::ValueBudget::with_bytes)).
#[inline]
pub(crate) fn take_added() -> u64 {
    ADDED.with(|a| a.replace(0))
}

/// A hash map split into independently locked shards. A key is hashed once per
/// operation: some middle bits of the hash pick the shard, and the shard's table
/// takes the same hash (its buckets from the low bits, its tags from the top ones).
pub(crate) struct Sharded<K, V> {
    shards: Box<[Mutex<Shard<K, V>>]>,
    /// Entries inserted (each key counted once).
    entries: AtomicUsize,
    /// Bytes of the shards' buckets (also counted in [`TABLE_BYTES`]).
    bytes: AtomicU64,
}

/// One shard of a [`Sharded`] map.
type Shard<K, V> = HashTable<(K, V)>;

/// The hash of a key in a [`Sharded`] map.
pub(crate) fn hash_of<Q: ?Sized + Hash>(key: &Q) -> u64 {
    FixedState::with_seed(0x5eed).hash_one(key)
}

impl<K: Hash + Eq, V: Clone> Sharded<K, V> {
    pub(crate) fn new() -> Self {
        Sharded::with_shards(SHARDS)
    }

    /// A map of `shards` shards (a power of two): fewer shards put more of a
    /// [`get_many`](Self::get_many)'s keys under each lock.
    pub(crate) fn with_shards(shards: usize) -> Self {
        assert!(shards.is_power_of_two(), "shards: a power of two");
        Sharded {
            shards: (0..shards).map(|_| Mutex::new(HashTable::new())).collect(),
            entries: AtomicUsize::new(0),
            bytes: AtomicU64::new(0),
        }
    }

    fn shard(&self, hash: u64) -> MutexGuard<'_, Shard<K, V>> {
        lock_shard(&self.shards, hash)
    }

    pub(crate) fn get<Q>(&self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        let hash = hash_of(key);
        self.shard(hash)
            .find(hash, |(k, _)| k.borrow() == key)
            .map(|(_, v)| v.clone())
    }

    /// The values of `keys`, in their order, into `found`: each shard is locked
    /// once for all the keys it holds, so that the look-ups under one lock are
    /// independent reads that the processor overlaps, rather than one wait for
    /// memory after another (a lock is a barrier to reads).
    pub(crate) fn get_many(&self, keys: &[K], found: &mut [Option<V>]) {
        let mask = self.shards.len() - 1;
        let mut order: SmallVec<[(usize, u64, usize); 64]> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let hash = hash_of(k);
                (shard_index(hash, mask), hash, i)
            })
            .collect();
        order.sort_unstable_by_key(|&(shard, _, _)| shard);
        for group in order.chunk_by(|a, b| a.0 == b.0) {
            let shard = lock(&self.shards[group[0].0]);
            for &(_, hash, i) in group {
                found[i] = shard
                    .find(hash, |(k, _)| *k == keys[i])
                    .map(|(_, v)| v.clone());
            }
        }
    }

    /// Sets the value of `key`; whether the key is new to the map.
    pub(crate) fn insert(&self, key: K, value: V) -> bool {
        let hash = hash_of(&key);
        let mut shard = self.shard(hash);
        let capacity = shard.capacity();
        let new = match shard.entry(hash, |(k, _)| *k == key, |(k, _)| hash_of(k)) {
            Entry::Occupied(mut e) => {
                e.get_mut().1 = value;
                false
            }
            Entry::Vacant(e) => {
                e.insert((key, value));
                self.entries.fetch_add(1, Ordering::Relaxed);
                true
            }
        };
        self.grew(capacity, shard.capacity());
        new
    }

    fn grew(&self, before: usize, after: usize) {
        grew::<(K, V)>(&self.bytes, before, after);
    }

    /// The value of `key`, made by `make` (under the shard's lock) and kept, with
    /// the key made by `own`, if the map has none: one look-up, and a key of its own
    /// only for an entry added. When two threads race, the first value stored is
    /// everyone's.
    pub(crate) fn get_or_insert_with<Q>(
        &self,
        key: &Q,
        own: impl FnOnce(&Q) -> K,
        make: impl FnOnce(&K) -> V,
    ) -> V
    where
        K: Borrow<Q>,
        Q: ?Sized + Hash + Eq,
    {
        let hash = hash_of(key);
        let mut shard = self.shard(hash);
        let capacity = shard.capacity();
        let value = match shard.entry(
            hash,
            |(k, _)| k.borrow() == key,
            |(k, _)| hash_of(k.borrow()),
        ) {
            Entry::Occupied(e) => e.get().1.clone(),
            Entry::Vacant(e) => {
                let key = own(key);
                let value = make(&key);
                e.insert((key, value.clone()));
                self.entries.fetch_add(1, Ordering::Relaxed);
                value
            }
        };
        self.grew(capacity, shard.capacity());
        value
    }

    /// [`insert`](Self::insert) while the map holds fewer than `max` entries; past
    /// that the value is not kept. Whether it was offered to the map.
    pub(crate) fn insert_below(&self, key: K, value: V, max: usize) -> bool {
        let room = self.entries.load(Ordering::Relaxed) < max;
        if room {
            let _ = self.insert(key, value);
        }
        room
    }
}

/// The shard of `shards` (a power of two of them) that a key of hash `hash` belongs
/// to, locked: picked by some middle bits of the hash. A poisoned shard only means
/// another thread panicked mid-insert; the table itself is still consistent.
fn lock_shard<T>(shards: &[Mutex<T>], hash: u64) -> MutexGuard<'_, T> {
    lock(&shards[shard_index(hash, shards.len() - 1)])
}

/// The shard of a key of hash `hash` among `mask + 1` (a power of two).
fn shard_index(hash: u64, mask: usize) -> usize {
    (hash >> 32) as usize & mask
}

/// A shard, locked (see [`lock_shard`] on poisoning).
fn lock<T>(shard: &Mutex<T>) -> MutexGuard<'_, T> {
    shard.lock().unwrap_or_else(|e| e.into_inner())
}

/// Bytes of the buckets that hold `capacity` entries of a map from `K` to `V`: an
/// entry and a control byte each, at most 7 entries in 8 buckets.
pub(crate) fn bucket_bytes<K, V>(capacity: usize) -> u64 {
    (capacity as u64 * (size_of::<(K, V)>() as u64 + 1)).div_ceil(7) * 8
}

/// Counts in `bytes` and [`TABLE_BYTES`] the buckets of a shard of `T` entries whose
/// capacity went from `before` to `after`. A table makes room for one more entry
/// whenever a key is looked up to be added, before it knows whether the key is
/// there: it can grow on a key found too.
fn grew<T>(bytes: &AtomicU64, before: usize, after: usize) {
    if after > before {
        let more = bucket_bytes::<T, ()>(after) - bucket_bytes::<T, ()>(before);
        bytes.fetch_add(more, Ordering::Relaxed);
        TABLE_BYTES.fetch_add(more, Ordering::Relaxed);
        added(more);
    }
}

/// The stored forms that are not Nus values, each found by its own options: a
/// table of handles (8 bytes an entry) whose hash is worked out from the options
/// themselves, rather than a map from a copy of their ids to the handle. Sharded
/// like [`Sharded`].
struct FormSet {
    shards: Box<[Mutex<HashTable<CanonicalForm>>]>,
    /// Bytes of the shards' buckets (also counted in [`TABLE_BYTES`]).
    bytes: AtomicU64,
}

/// The hash of the form with options `left` and `right` (each sorted by id), from
/// the options' addresses: a stored form has one address for the life of the
/// process, and reading it does not touch the form.
fn options_hash(left: &[CanonicalForm], right: &[CanonicalForm]) -> u64 {
    let mut h = FixedState::with_seed(0x5eed).build_hasher();
    h.write_usize(left.len());
    for g in left.iter().chain(right) {
        h.write_usize(std::ptr::from_ref(g.0).addr());
    }
    h.finish()
}

/// Whether two lists hold the same stored forms, by their addresses (as `==` by
/// their ids, without reading the forms).
fn same_forms(a: &[CanonicalForm], b: &[CanonicalForm]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| std::ptr::eq(x.0, y.0))
}

impl FormSet {
    fn new() -> Self {
        FormSet {
            shards: (0..SHARDS).map(|_| Mutex::new(HashTable::new())).collect(),
            bytes: AtomicU64::new(0),
        }
    }

    /// The stored form with options `left` and `right`, made by `make` (under the
    /// shard's lock) if there is none: when two threads race, the first is kept.
    fn get_or_insert_with(
        &self,
        left: &[CanonicalForm],
        right: &[CanonicalForm],
        make: impl FnOnce() -> CanonicalForm,
    ) -> CanonicalForm {
        let hash = options_hash(left, right);
        let mut shard = lock_shard(&self.shards, hash);
        let capacity = shard.capacity();
        let g = match shard.entry(
            hash,
            |g| same_forms(g.left_options(), left) && same_forms(g.right_options(), right),
            |g| options_hash(g.left_options(), g.right_options()),
        ) {
            Entry::Occupied(e) => *e.get(),
            Entry::Vacant(e) => *e.insert(make()).get(),
        };
        grew::<CanonicalForm>(&self.bytes, capacity, shard.capacity());
        g
    }
}

impl Drop for FormSet {
    fn drop(&mut self) {
        TABLE_BYTES.fetch_sub(*self.bytes.get_mut(), Ordering::Relaxed);
    }
}

impl<K, V> Drop for Sharded<K, V> {
    fn drop(&mut self) {
        TABLE_BYTES.fetch_sub(*self.bytes.get_mut(), Ordering::Relaxed);
    }
}

impl<K, V> Sharded<K, V> {
    pub(crate) fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).len())
            .sum()
    }
}

/// What a stored form is.
pub(crate) enum Kind {
    /// number + ups + nimber, and its options once first asked for (made by one
    /// thread, or by several at once, all alike, one of them kept).
    Nus(Nus, OnceRef<'static, NusOptions>),
    /// Any other canonical form: its options, each list sorted by id, and its
    /// negative once first asked for ([`ops::neg`](super::ops::neg)).
    Moves {
        left: &'static [CanonicalForm],
        right: &'static [CanonicalForm],
        negative: OnceRef<'static, Node>,
    },
}

/// One stored canonical form.
pub(crate) struct Node {
    pub(crate) id: u32,
    /// Levels of braces: 0 for a Nus, one more than the deepest option otherwise.
    pub(crate) depth: u32,
    pub(crate) kind: Kind,
    pub(crate) left_stop: Dyadic,
    pub(crate) right_stop: Dyadic,
    pub(crate) birthday: u64,
}

/// Left's and Right's options of a Nus, made on first use.
type NusOptions = (&'static [CanonicalForm], &'static [CanonicalForm]);

/// A short partizan game in canonical form: a handle to the one stored copy of its
/// value. Equality (`==`) is equality of values and costs O(1); `<=`, `<`, `>=`, `>`
/// are the order of games (a [`PartialOrd`]: confused games compare as `None`).
#[derive(Clone, Copy)]
pub struct CanonicalForm(pub(crate) &'static Node);

impl PartialEq for CanonicalForm {
    fn eq(&self, other: &CanonicalForm) -> bool {
        self.0.id == other.0.id
    }
}

impl Eq for CanonicalForm {}

impl Hash for CanonicalForm {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.id.hash(state);
    }
}

pub(crate) struct Arena {
    next_id: AtomicU32,
    bytes: AtomicU64,
    nus: Sharded<Nus, CanonicalForm>,
    moves: FormSet,
    pub(crate) sums: Sharded<u64, CanonicalForm>,
    pub(crate) leqs: ComparisonCache,
    /// The canonical forms of small lists of options ([`CanonKey`]).
    pub(crate) canon: Sharded<CanonKey, CanonicalForm>,
    /// Reduced canonical forms, by the game's id.
    pub(crate) reduced: Sharded<u32, CanonicalForm>,
    /// Cooled games, by the game's id and the temperature.
    pub(crate) cooled: Sharded<(u32, Dyadic), CanonicalForm>,
}

/// The most options (Left's and Right's together) of a list whose canonical form
/// [`Arena::canon`] keeps.
pub(crate) const CANON_OPTIONS: usize = 6;

/// The most entries of [`Arena::canon`]; past it, forms are computed, not kept.
pub(crate) const CANON_ENTRIES: usize = 1 << 18;

/// A list of options sorted by id without repeats, as the key of [`Arena::canon`]:
/// the number of Left's options, then the ids of Left's and Right's options, the
/// rest `u32::MAX`. Hashed as words of two ids each rather than as bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct CanonKey(pub(crate) [u32; CANON_OPTIONS + 2]);

const _: () = assert!((CANON_OPTIONS + 2) % 2 == 0);

impl Hash for CanonKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for pair in self.0.chunks_exact(2) {
            state.write_u64(u64::from(pair[0]) | (u64::from(pair[1]) << 32));
        }
    }
}

pub(crate) static ARENA: LazyLock<Arena> = LazyLock::new(|| Arena {
    next_id: AtomicU32::new(0),
    bytes: AtomicU64::new(0),
    nus: Sharded::new(),
    moves: FormSet::new(),
    sums: Sharded::new(),
    leqs: ComparisonCache::new(),
    canon: Sharded::new(),
    reduced: Sharded::new(),
    cooled: Sharded::new(),
});

/// Results of comparisons `g <= h` in a bounded cache: each of the shards is an
/// open table of slots that doubles while it is less than half full, up to
/// [`CACHE_SLOTS`] slots in all; past that a new result overwrites whatever shared
/// its slot. Comparisons are by far the most numerous results, so this keeps their
/// memory small for small searches and bounded for big ones. A slot is one word: the
/// pair's key with the result in the top bit (ids below 2^31 only; 0, the pair
/// (0, 0), is never asked since equal forms compare without the cache).
pub(crate) struct ComparisonCache {
    shards: Box<[Mutex<CacheShard>]>,
}

struct CacheShard {
    slots: Vec<u64>,
    filled: usize,
}

/// The most slots of the comparison cache (8 bytes each).
pub const CACHE_SLOTS: usize = 1 << 22;
const FIRST_SLOTS: usize = 256;

/// Bytes held by the comparison cache's slots.
static CACHE_BYTES: AtomicU64 = AtomicU64::new((SHARDS * FIRST_SLOTS * 8) as u64);

/// The slot of `key` among `len` (a power of two: shards start at [`FIRST_SLOTS`]
/// and double), by a mask rather than a division, which would delay the read.
fn slot_of(key: u64, len: usize) -> usize {
    debug_assert!(len.is_power_of_two());
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 16) as usize & (len - 1)
}

impl ComparisonCache {
    fn new() -> Self {
        ComparisonCache {
            shards: (0..SHARDS)
                .map(|_| {
                    Mutex::new(CacheShard {
                        slots: vec![0; FIRST_SLOTS],
                        filled: 0,
                    })
                })
                .collect(),
        }
    }

    fn shard(&self, key: u64) -> MutexGuard<'_, CacheShard> {
        let h = key.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        self.shards[(h >> 58) as usize % SHARDS]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn get(&self, key: u64) -> Option<bool> {
        if key >> 63 != 0 {
            return None;
        }
        let shard = self.shard(key);
        let v = shard.slots[slot_of(key, shard.slots.len())];
        (v & !(1 << 63) == key).then_some(v >> 63 == 1)
    }

    pub(crate) fn insert(&self, key: u64, result: bool) {
        if key >> 63 != 0 {
            return;
        }
        let mut shard = self.shard(key);
        let len = shard.slots.len();
        if shard.slots[slot_of(key, len)] == 0 {
            if 2 * (shard.filled + 1) > len && len < CACHE_SLOTS / SHARDS {
                let mut bigger = vec![0u64; 2 * len];
                let mut filled = 0;
                for &v in shard.slots.iter().filter(|&&v| v != 0) {
                    let i = slot_of(v & !(1 << 63), 2 * len);
                    if bigger[i] == 0 {
                        filled += 1;
                    }
                    bigger[i] = v;
                }
                CACHE_BYTES.fetch_add(8 * len as u64, Ordering::Relaxed);
                added(8 * len as u64);
                shard.slots = bigger;
                shard.filled = filled;
            }
            let len = shard.slots.len();
            if shard.slots[slot_of(key, len)] == 0 {
                shard.filled += 1;
            }
        }
        let len = shard.slots.len();
        shard.slots[slot_of(key, len)] = key | u64::from(result) << 63;
    }

    fn len(&self) -> u64 {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).filled as u64)
            .sum()
    }

    fn bytes(&self) -> u64 {
        CACHE_BYTES.load(Ordering::Relaxed)
    }
}

/// A key for an ordered pair of stored forms.
pub(crate) fn pair(a: CanonicalForm, b: CanonicalForm) -> u64 {
    (u64::from(a.0.id) << 32) | u64::from(b.0.id)
}

/// Counts `bytes` more held by the memo tables kept outside the arena (in
/// [`stats`] and the budgets' estimate of memory).
pub(crate) fn count_bytes(bytes: u64) {
    ARENA.bytes.fetch_add(bytes, Ordering::Relaxed);
    added(bytes);
}

fn new_node(kind: Kind, left_stop: Dyadic, right_stop: Dyadic, birthday: u64) -> CanonicalForm {
    let (options, depth) = match &kind {
        Kind::Nus(..) => (0, 0),
        Kind::Moves { left, right, .. } => (left.len() + right.len(), form_depth(left, right)),
    };
    let id = ARENA.next_id.fetch_add(1, Ordering::Relaxed);
    // The node and a Moves form's options (8 bytes each), from the thread's bump
    // allocator.
    let bytes = (std::mem::size_of::<Node>() + 8 * options) as u64;
    ARENA.bytes.fetch_add(bytes, Ordering::Relaxed);
    added(bytes);
    CanonicalForm(leak(Node {
        id,
        depth,
        kind,
        left_stop,
        right_stop,
        birthday,
    }))
}

/// The bytes of each chunk a thread's [`BUMP`] takes from the system. A bump
/// allocator left to itself doubles its chunks, so that its last one, mostly
/// untouched, can be as large as everything stored before it: address space that a
/// memory limit counts and the estimate of [`form_bytes`] does not. Chunks of one
/// size keep that room below one chunk per thread.
const BUMP_CHUNK: usize = 16 << 20;

thread_local! {
    /// Where this thread's stored forms and their options are allocated: never
    /// freed, as nodes never are (each allocator is leaked, and replaced by a fresh
    /// one of [`BUMP_CHUNK`] bytes when its chunk has no room left).
    static BUMP: Cell<&'static Bump> = Cell::new(Box::leak(Box::new(Bump::new())));
}

/// This thread's [`BUMP`], with room for `layout` in its current chunk.
fn bump_for(layout: Layout) -> &'static Bump {
    BUMP.with(|cell| {
        let bump = cell.get();
        // Room for the value at any alignment within the chunk.
        if bump.chunk_capacity() >= layout.size() + layout.align() {
            return bump;
        }
        let fresh: &'static Bump = Box::leak(Box::new(Bump::with_capacity(
            BUMP_CHUNK.max(layout.size() + layout.align()),
        )));
        cell.set(fresh);
        fresh
    })
}

/// `value` for the life of the process, from this thread's [`BUMP`] (never dropped).
fn leak<T>(value: T) -> &'static T {
    bump_for(Layout::new::<T>()).alloc(value)
}

/// A copy of `list` for the life of the process, from this thread's [`BUMP`].
fn leak_slice<T: Copy>(list: &[T]) -> &'static [T] {
    let layout = Layout::array::<T>(list.len()).expect("a slice's layout fits");
    bump_for(layout).alloc_slice_copy(list)
}

/// The integers from `-SMALL_INTEGER` to `SMALL_INTEGER`, and the same plus `*`:
/// the values most often written and met, found without the arena's lock.
const SMALL_INTEGER: i64 = 8;

/// The stored forms of the small values, each filled the first time it is asked
/// for (so ids are given in the same order as without this table).
static SMALL: [OnceLock<CanonicalForm>; 4 * SMALL_INTEGER as usize + 2] =
    [const { OnceLock::new() }; 4 * SMALL_INTEGER as usize + 2];

/// The slot of `v` in [`SMALL`], if it is a small integer, or one plus `*`.
fn small_slot(v: Nus) -> Option<usize> {
    let n = v.number.numerator();
    let small = v.ups == 0
        && v.nimber <= 1
        && v.number.is_integer()
        && (-SMALL_INTEGER..=SMALL_INTEGER).contains(&n);
    small.then(|| ((n + SMALL_INTEGER) * 2) as usize + v.nimber as usize)
}

/// The stored form of a Nus value.
pub(crate) fn intern_nus(v: Nus) -> CanonicalForm {
    match small_slot(v) {
        Some(i) => *SMALL[i].get_or_init(|| intern_nus_in_arena(v)),
        None => intern_nus_in_arena(v),
    }
}

/// The options of the Nus `v`, each side sorted by id, for the life of the process.
fn make_nus_options(v: Nus) -> &'static NusOptions {
    // The options of a representable Nus are representable: numerators stay within
    // 2^62 + 1 before reduction, ups and nimbers shrink or stay below their
    // power-of-two limits.
    let (l, r) = v
        .options()
        .expect("options of a representable Nus are representable");
    let sorted = |v: Vec<Nus>| -> &'static [CanonicalForm] {
        let mut g: SmallVec<[CanonicalForm; 4]> = v.into_iter().map(intern_nus).collect();
        g.sort_by_key(|g| g.id());
        leak_slice(&g)
    };
    let o = (sorted(l), sorted(r));
    count_bytes((8 * (o.0.len() + o.1.len()) + std::mem::size_of::<NusOptions>()) as u64);
    leak(o)
}

/// [`intern_nus`] through the arena's table.
fn intern_nus_in_arena(v: Nus) -> CanonicalForm {
    ARENA.nus.get_or_insert_with(
        &v,
        |v| *v,
        |v| {
            new_node(
                Kind::Nus(*v, OnceRef::new()),
                v.number,
                v.number,
                v.birthday(),
            )
        },
    )
}

/// The levels of braces of the form `{left | right}`: one more than its deepest
/// option's (a Nus has none).
pub(crate) fn form_depth(left: &[CanonicalForm], right: &[CanonicalForm]) -> u32 {
    1 + left
        .iter()
        .chain(right)
        .map(|g| g.0.depth)
        .max()
        .unwrap_or(0)
}

/// The stored form `{left | right}`, which must already be canonical (no dominated
/// or reversible options, not a Nus); each list sorted by id without repeats.
pub(crate) fn intern_moves(left: &[CanonicalForm], right: &[CanonicalForm]) -> CanonicalForm {
    ARENA.moves.get_or_insert_with(left, right, || {
        let left_stop = left.iter().map(|g| g.0.right_stop).max();
        let right_stop = right.iter().map(|g| g.0.left_stop).min();
        let birthday = left.iter().chain(right).map(|g| g.0.birthday).max();
        // A canonical form with options on one side only is an integer (a Nus), so
        // both lists are non-empty here.
        new_node(
            Kind::Moves {
                left: leak_slice(left),
                right: leak_slice(right),
                negative: OnceRef::new(),
            },
            left_stop.unwrap_or_default(),
            right_stop.unwrap_or_default(),
            birthday.map_or(0, |b| b + 1),
        )
    })
}

impl CanonicalForm {
    pub(crate) fn id(self) -> u32 {
        self.0.id
    }

    /// The value as number + ups + nimber, if it is one.
    pub fn as_nus(self) -> Option<Nus> {
        match self.0.kind {
            Kind::Nus(v, _) => Some(v),
            Kind::Moves { .. } => None,
        }
    }

    /// The value as a number, if it is one.
    pub fn as_number(self) -> Option<Dyadic> {
        self.as_nus().filter(|v| v.is_number()).map(|v| v.number)
    }

    /// Whether the value is a number.
    pub fn is_number(self) -> bool {
        self.as_number().is_some()
    }

    /// Left's options in canonical form.
    pub fn left_options(self) -> &'static [CanonicalForm] {
        match &self.0.kind {
            Kind::Nus(v, options) => options.get_or_init(|| make_nus_options(*v)).0,
            Kind::Moves { left, .. } => left,
        }
    }

    /// Right's options in canonical form.
    pub fn right_options(self) -> &'static [CanonicalForm] {
        match &self.0.kind {
            Kind::Nus(v, options) => options.get_or_init(|| make_nus_options(*v)).1,
            Kind::Moves { right, .. } => right,
        }
    }

    /// The left stop: where play ends (in a number) when Left starts and both
    /// players stop as soon as the position is a number.
    pub fn left_stop(self) -> Dyadic {
        self.0.left_stop
    }

    /// The right stop: as [`left_stop`](CanonicalForm::left_stop), Right starting.
    pub fn right_stop(self) -> Dyadic {
        self.0.right_stop
    }

    /// The birthday: the height of the canonical form's game tree.
    pub fn birthday(self) -> u64 {
        self.0.birthday
    }

    /// The levels of braces of the canonical form as printed in full: 0 for a
    /// number + ups + nimber, else one more than its deepest option's (at most
    /// [`MAX_FORM_DEPTH`](super::depth::MAX_FORM_DEPTH)).
    pub fn depth(self) -> u32 {
        self.0.depth
    }
}

/// How much the arena holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ArenaStats {
    /// Stored canonical forms.
    pub forms: u64,
    /// Memoised sums, negations, comparisons, canonical forms of short lists of
    /// options, cooled games and reduced forms.
    pub memo_entries: u64,
    /// Of those, comparisons (held in a fixed-size cache).
    pub comparisons: u64,
    /// Rough bytes held by the forms, the comparison cache and the buckets of the
    /// memo tables and engines' tables alive.
    pub approx_bytes: u64,
}

/// The arena's size now. Counting the memo tables locks each shard in turn.
pub fn stats() -> ArenaStats {
    let comparisons = ARENA.leqs.len();
    let memo = (ARENA.sums.len() + ARENA.canon.len() + ARENA.reduced.len() + ARENA.cooled.len())
        as u64
        + comparisons;
    ArenaStats {
        forms: u64::from(ARENA.next_id.load(Ordering::Relaxed)),
        memo_entries: memo,
        comparisons,
        approx_bytes: form_bytes(),
    }
}

/// Rough bytes held by the stored forms, the comparison cache and the buckets of
/// every sharded map alive (memo tables and engines' tables); cheap to read.
pub(crate) fn form_bytes() -> u64 {
    ARENA.bytes.load(Ordering::Relaxed) + TABLE_BYTES.load(Ordering::Relaxed) + ARENA.leqs.bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_of_look_ups_finds_what_one_by_one_finds() {
        for shards in [1, 8, 64] {
            let map: Sharded<u64, u32> = Sharded::with_shards(shards);
            for k in (0..2_000u64).step_by(3) {
                map.insert(k, (k * 7) as u32);
            }
            // Keys present and absent, repeated, out of order.
            let keys: Vec<u64> = (0..300u64).map(|i| (i * 7919) % 2_000).collect();
            let mut found = vec![Some(u32::MAX); keys.len()];
            map.get_many(&keys, &mut found);
            for (k, g) in keys.iter().zip(&found) {
                assert_eq!(*g, map.get(k), "key {k}, {shards} shards");
                assert_eq!(g.is_some(), k % 3 == 0, "key {k}, {shards} shards");
            }
        }
    }

    #[test]
    fn a_map_counts_the_bytes_of_its_buckets() {
        let map: Sharded<u64, u32> = Sharded::new();
        let n = 10_000u64;
        for k in 0..n {
            map.insert(k, k as u32);
        }
        let entry = size_of::<(u64, u32)>() as u64 + 1;
        let bytes = map.bytes.load(Ordering::Relaxed);
        // At least the entries, at most twice their buckets (a table doubles when
        // full) and the 64 shards' smallest tables.
        assert!(bytes >= n * entry, "{bytes} bytes for {n} entries");
        assert!(
            bytes <= 2 * n * entry * 8 / 7 + 64 * 8 * entry,
            "{bytes} bytes for {n} entries"
        );
        // Every shard's capacity is counted, no more.
        let counted: u64 = map
            .shards
            .iter()
            .map(|s| bucket_bytes::<u64, u32>(s.lock().unwrap().capacity()))
            .sum();
        assert_eq!(bytes, counted);
        // The count of every map alive holds it (other tests' maps may come and go
        // meanwhile, so only the bound is checked).
        assert!(TABLE_BYTES.load(Ordering::Relaxed) >= bytes);
    }

    #[test]
    fn a_threads_forms_take_chunks_of_one_size() {
        // Three chunks' worth stored on a thread of its own: its allocator in use
        // holds one chunk, where a doubling one would hold more than all of it.
        std::thread::spawn(|| {
            let block = [7u64; 512];
            for _ in 0..3 * BUMP_CHUNK / size_of_val(&block) {
                assert_eq!(leak_slice(&block)[511], 7);
            }
            let held = BUMP.with(|cell| cell.get().allocated_bytes());
            assert!(held <= BUMP_CHUNK + 2 * size_of_val(&block), "{held} bytes");
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_map_counts_a_growth_on_a_key_found() {
        // A table makes room before it looks: a key found in a full shard grows it.
        let map: Sharded<u64, u32> = Sharded::new();
        for k in 0..2_000u64 {
            map.insert(k, 0);
            assert_eq!(map.get_or_insert_with(&0, |&k| k, |_| 1), 0);
        }
        let counted: u64 = map
            .shards
            .iter()
            .map(|s| bucket_bytes::<u64, u32>(s.lock().unwrap().capacity()))
            .sum();
        assert_eq!(map.bytes.load(Ordering::Relaxed), counted);
    }
}
