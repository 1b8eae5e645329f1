//! The canonical form of any position of a partizan ruleset.
//!
//! A ruleset implements [`PartizanRules`]: Left's and Right's options, and two
//! optional hooks that make the search much smaller — [`components`] splits a
//! position into independent parts whose values add up (a board into its connected
//! regions), and [`normalize`] maps a position to a representative of its symmetry
//! class, saying whether the value is negated on the way (transposing a board on
//! which Left plays vertically and Right horizontally swaps the players).
//! [`Engine::value`] then finds the canonical form by recursion over the options,
//! with a transposition table of representatives, and sums the components' values.
//!
//! Limits ([`Limits`]): at most so many positions in the table and so many bytes
//! held by the table and the value arena together; past either the search stops
//! with [`EngineError::Budget`], never a hang or an out-of-memory kill. With
//! [`Limits::parallel`] the options of the root (both players', one search for each
//! symmetry class) are searched in parallel (rayon), sharing the table.
//!
//! [`components`]: PartizanRules::components
//! [`normalize`]: PartizanRules::normalize

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::parallel;

use hashbrown::hash_table::{self, HashTable};
use smallvec::SmallVec;

use super::arena::{bucket_bytes, form_bytes, hash_of, CanonicalForm, Sharded};
use super::error::ValueError;
use super::ops::{self, ValueBudget};

/// A partizan ruleset, as the canonical-form engine needs it.
pub trait PartizanRules: Sync {
    /// A position.
    type Position: Clone + Eq + Hash + Send + Sync;

    /// The positions Left can move to.
    fn left_options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// The positions Right can move to.
    fn right_options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// Independent parts whose values add up to the position's value (an empty
    /// list is 0). By default the position itself.
    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// A representative of the position's symmetry class, and whether the
    /// position's value is the negative of the representative's. By default the
    /// position itself, not negated.
    fn normalize(&self, position: &Self::Position) -> (Self::Position, bool) {
        (position.clone(), false)
    }

    /// A representative (as [`normalize`](Self::normalize) gives it) as one word,
    /// if it fits in one and no other representative has the same word: the
    /// engine's table then keeps 8 bytes for its key rather than the position. By
    /// default `None`.
    fn word(&self, representative: &Self::Position) -> Option<u64> {
        let _ = representative;
        None
    }
}

/// The engine's limits.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most positions the transposition table may hold.
    pub max_positions: u64,
    /// The most bytes (roughly) the table and the value arena may hold together.
    pub max_bytes: u64,
    /// Search the root's options in parallel.
    pub parallel: bool,
}

impl Default for Limits {
    /// 50 million positions, 4 GiB, sequential.
    fn default() -> Limits {
        Limits {
            max_positions: 50_000_000,
            max_bytes: 4 << 30,
            parallel: false,
        }
    }
}

/// Why a value could not be found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The position is too big for the limits.
    #[error("position too big: the search needed more than {limit} {what}")]
    Budget {
        /// The limit that was reached.
        limit: u64,
        /// `positions` or `bytes`.
        what: &'static str,
    },
    /// A value could not be computed (a number overflowed).
    #[error(transparent)]
    Value(#[from] ValueError),
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SearchStats {
    /// Positions (representatives) in the transposition table.
    pub positions: u64,
    /// Rough bytes held by the value arena, its comparison cache, and the buckets of
    /// its memo tables and of the transposition tables alive in this process.
    pub arena_bytes: u64,
}

/// The positions an [`Engine`] has valued, kept after it so that the next engine
/// for the same rules starts from them ([`Engine::into_table`],
/// [`Engine::with_table`]): a ruleset asked for a position's value, then for its
/// options' (its winning moves), searches the game once.
pub struct Table<P> {
    /// The positions without a word ([`PartizanRules::word`]).
    map: Sharded<P, CanonicalForm>,
    /// The positions by their words.
    words: Sharded<u64, CanonicalForm>,
}

/// Shards of a table's positions by their words: few, so that the words of one
/// position's options ([`Table::get_parts`]) share their locks.
const WORD_SHARDS: usize = 8;

/// How many positions a census counts between two readings of the deadline.
const CENSUS_PER_READING: u64 = 256;

impl<P: Clone + Eq + Hash> Table<P> {
    /// An empty table.
    pub fn new() -> Self {
        Table {
            map: Sharded::new(),
            words: Sharded::with_shards(WORD_SHARDS),
        }
    }

    /// The values of `parts` that the table holds, in their order: the words'
    /// look-ups together ([`Sharded::get_many`]), the other positions' one by one.
    fn get_parts(&self, parts: &[Part<P>]) -> Vec<Option<CanonicalForm>> {
        let mut found = vec![None; parts.len()];
        let mut words: SmallVec<[u64; 64]> = SmallVec::new();
        let mut at: SmallVec<[usize; 64]> = SmallVec::new();
        for (i, part) in parts.iter().enumerate() {
            match part.word {
                Some(w) => {
                    words.push(w);
                    at.push(i);
                }
                None => found[i] = self.map.get(&part.rep),
            }
        }
        let mut by_word = vec![None; words.len()];
        self.words.get_many(&words, &mut by_word);
        for (i, g) in at.into_iter().zip(by_word) {
            found[i] = g;
        }
        found
    }

    fn get(&self, rep: &P, word: Option<u64>) -> Option<CanonicalForm> {
        match word {
            Some(w) => self.words.get(&w),
            None => self.map.get(rep),
        }
    }

    /// Sets the value of `rep`; whether it is new to the table.
    fn insert(&self, rep: P, word: Option<u64>, g: CanonicalForm) -> bool {
        match word {
            Some(w) => self.words.insert(w, g),
            None => self.map.insert(rep, g),
        }
    }
}

impl<P> Table<P> {
    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.map.len() + self.words.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<P: Clone + Eq + Hash> Default for Table<P> {
    fn default() -> Self {
        Table::new()
    }
}

impl<P> std::fmt::Debug for Table<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("positions", &self.len())
            .finish()
    }
}

/// A component of an option, as the table keys it: its representative, whether
/// the option's part is its negative, and its word if it has one.
struct Part<P> {
    rep: P,
    negated: bool,
    word: Option<u64>,
}

/// The representatives a census has met: by their words when they have one.
struct Seen<P> {
    positions: HashTable<P>,
    words: HashTable<u64>,
}

impl<P: Clone + Eq + Hash> Seen<P> {
    /// Adds `rep`; whether it is new.
    fn insert(&mut self, rep: &P, word: Option<u64>) -> bool {
        fn add<T: Eq + Hash>(set: &mut HashTable<T>, key: T) -> bool {
            match set.entry(hash_of(&key), |k| *k == key, hash_of) {
                hash_table::Entry::Occupied(_) => false,
                hash_table::Entry::Vacant(e) => {
                    e.insert(key);
                    true
                }
            }
        }
        match word {
            Some(w) => add(&mut self.words, w),
            None => add(&mut self.positions, rep.clone()),
        }
    }

    /// Bytes of the sets' buckets.
    fn bytes(&self) -> u64 {
        bucket_bytes::<P, ()>(self.positions.capacity())
            + bucket_bytes::<u64, ()>(self.words.capacity())
    }
}

/// Finds canonical forms of a ruleset's positions, remembering every position it
/// has valued.
pub struct Engine<'r, R: PartizanRules> {
    rules: &'r R,
    limits: Limits,
    table: Table<R::Position>,
    positions: AtomicU64,
    budget: ValueBudget,
}

impl<'r, R: PartizanRules> Engine<'r, R> {
    /// An engine for `rules` within `limits`.
    pub fn new(rules: &'r R, limits: Limits) -> Self {
        Engine {
            rules,
            limits,
            table: Table::new(),
            positions: AtomicU64::new(0),
            budget: ValueBudget::unlimited(),
        }
    }

    /// The engine starting from `table`, the positions that an earlier engine for
    /// the same rules (the same ruleset with the same parameters) valued; its limits
    /// count only the positions it adds.
    ///
    /// ```
    /// use grundy_values::cgt::engine::{Engine, Limits, PartizanRules, Table};
    ///
    /// // Left moves n to n - 1; Right has no move: position n is the integer n.
    /// struct Count;
    /// impl PartizanRules for Count {
    ///     type Position = u32;
    ///     fn left_options(&self, n: &u32) -> Vec<u32> {
    ///         (*n > 0).then(|| n - 1).into_iter().collect()
    ///     }
    ///     fn right_options(&self, _: &u32) -> Vec<u32> {
    ///         Vec::new()
    ///     }
    /// }
    /// let limits = Limits { max_positions: 100, max_bytes: 1 << 30, parallel: false };
    /// let first = Engine::new(&Count, limits);
    /// assert_eq!(first.value(&5).unwrap().to_string(), "5");
    /// let table: Table<u32> = first.into_table();
    /// assert_eq!(table.len(), 6);
    /// // The next engine finds 5's options in the table, and adds only 6.
    /// let next = Engine::new(&Count, limits).with_table(table);
    /// assert_eq!(next.value(&6).unwrap().to_string(), "6");
    /// assert_eq!(next.stats().positions, 1);
    /// ```
    pub fn with_table(mut self, table: Table<R::Position>) -> Self {
        self.table = table;
        self
    }

    /// The positions this engine (and the table it started from) valued.
    pub fn into_table(self) -> Table<R::Position> {
        self.table
    }

    /// The engine with at most `steps` steps of value work in all (comparisons,
    /// sums and reductions, as [`ValueBudget::steps`] counts them); past it a search
    /// stops with [`EngineError::Value`] holding a budget error.
    pub fn with_steps(mut self, steps: u64) -> Self {
        self.budget = ValueBudget::steps(steps);
        self
    }

    /// What the engine holds now.
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            positions: self.positions.load(Ordering::Relaxed),
            arena_bytes: form_bytes(),
        }
    }

    /// How many positions a search of `position` values, counted without their
    /// values: every representative ([`normalize`](PartizanRules::normalize)) of a
    /// component ([`components`](PartizanRules::components)) that play from it
    /// reaches, each once. It equals [`SearchStats::positions`] after
    /// [`value`](Self::value) on a fresh engine, and takes a fraction of the time and
    /// a set of the representatives' memory, so it tells how big a search is before
    /// it is run. Within the engine's [`Limits`] (its positions, and the set's
    /// bytes), whatever its table holds, and the thread's deadline
    /// ([`deadline`](crate::deadline)) in force when the engine was made.
    ///
    /// ```
    /// use grundy_values::cgt::engine::{Engine, Limits, PartizanRules};
    ///
    /// // Either player takes one or two from the pile.
    /// struct Pile;
    /// impl PartizanRules for Pile {
    ///     type Position = u32;
    ///     fn left_options(&self, n: &u32) -> Vec<u32> {
    ///         (1..=(*n).min(2)).map(|k| n - k).collect()
    ///     }
    ///     fn right_options(&self, n: &u32) -> Vec<u32> {
    ///         self.left_options(n)
    ///     }
    /// }
    /// let engine = Engine::new(&Pile, Limits::default());
    /// assert_eq!(engine.census(&10).unwrap(), 11); // 10, 9, ..., 0
    /// engine.value(&10).unwrap();
    /// assert_eq!(engine.stats().positions, 11);
    /// ```
    pub fn census(&self, position: &R::Position) -> Result<u64, EngineError> {
        let mut seen = Seen {
            positions: HashTable::new(),
            words: HashTable::new(),
        };
        self.census_at(position, &mut seen)?;
        Ok((seen.positions.len() + seen.words.len()) as u64)
    }

    fn census_at(
        &self,
        position: &R::Position,
        seen: &mut Seen<R::Position>,
    ) -> Result<(), EngineError> {
        for part in self.rules.components(position) {
            let (rep, _) = self.rules.normalize(&part);
            if !seen.insert(&rep, self.rules.word(&rep)) {
                continue;
            }
            let counted = (seen.positions.len() + seen.words.len()) as u64;
            self.within_limits(counted, seen.bytes())?;
            if counted % CENSUS_PER_READING == 0 && self.budget.past_deadline() {
                return Err(ValueError::Deadline.into());
            }
            let left = self.rules.left_options(&rep);
            let right = self.rules.right_options(&rep);
            for option in left.iter().chain(&right) {
                self.census_at(option, seen)?;
            }
        }
        Ok(())
    }

    /// The canonical form of `position`.
    pub fn value(&self, position: &R::Position) -> Result<CanonicalForm, EngineError> {
        self.value_at(position, self.limits.parallel)
    }

    /// The value of one position (its parts searched on every core when
    /// `parallel`), by [`values_of`](Self::values_of).
    fn value_at(
        &self,
        position: &R::Position,
        parallel: bool,
    ) -> Result<CanonicalForm, EngineError> {
        let values = self.values_of(std::slice::from_ref(position), parallel)?;
        Ok(values[0])
    }

    /// Searches a representative the table did not hold, and keeps its value.
    fn search_new(
        &self,
        rep: R::Position,
        word: Option<u64>,
        parallel: bool,
    ) -> Result<CanonicalForm, EngineError> {
        let g = self.search(&rep, parallel)?;
        // Two threads may value the same position at once: it counts once.
        if self.table.insert(rep, word, g) {
            self.count_position()?;
        }
        Ok(g)
    }

    /// The values of `options` (searched one after another, each part's options on
    /// every core when `parallel`): first every option's parts, then their values
    /// in the table in one batch of look-ups, then a search of each part the table
    /// did not hold (unless an earlier one in the batch valued it meanwhile).
    fn values_of(
        &self,
        options: &[R::Position],
        parallel: bool,
    ) -> Result<Vec<CanonicalForm>, EngineError> {
        let mut parts = Vec::with_capacity(options.len() + options.len() / 2);
        let mut ends = Vec::with_capacity(options.len());
        for option in options {
            for part in self.rules.components(option) {
                let (rep, negated) = self.rules.normalize(&part);
                let word = self.rules.word(&rep);
                parts.push(Part { rep, negated, word });
            }
            ends.push(parts.len());
        }
        let found = self.table.get_parts(&parts);
        let mut parts = parts.into_iter().zip(found);
        let mut values = Vec::with_capacity(options.len());
        let mut start = 0;
        for end in ends {
            let mut total = None;
            for (part, found) in parts.by_ref().take(end - start) {
                let g = match found.or_else(|| self.table.get(&part.rep, part.word)) {
                    Some(g) => g,
                    None => self.search_new(part.rep, part.word, parallel)?,
                };
                let g = if part.negated { ops::neg(g)? } else { g };
                total = Some(match total {
                    None => g,
                    Some(t) => ops::add(t, g, &self.budget)?,
                });
            }
            values.push(total.unwrap_or_else(CanonicalForm::zero));
            start = end;
        }
        Ok(values)
    }

    /// Counts a position added to the table, and checks the limits.
    fn count_position(&self) -> Result<(), EngineError> {
        let n = self.positions.fetch_add(1, Ordering::Relaxed) + 1;
        // The table's buckets, positions included, are in `form_bytes`.
        self.within_limits(n, form_bytes())
    }

    /// An error if `positions` or `bytes` is past the engine's limits.
    fn within_limits(&self, positions: u64, bytes: u64) -> Result<(), EngineError> {
        if positions > self.limits.max_positions {
            return Err(EngineError::Budget {
                limit: self.limits.max_positions,
                what: "positions",
            });
        }
        if bytes > self.limits.max_bytes {
            return Err(EngineError::Budget {
                limit: self.limits.max_bytes,
                what: "bytes",
            });
        }
        Ok(())
    }

    fn search(&self, position: &R::Position, parallel: bool) -> Result<CanonicalForm, EngineError> {
        let mut left = self.rules.left_options(position);
        let right = self.rules.right_options(position);
        let (left, right) = if parallel {
            let split = left.len();
            left.extend(right);
            let mut values = self.values_in_parallel(&left)?;
            let right = values.split_off(split);
            (values, right)
        } else {
            let split = left.len();
            left.extend(right);
            let mut values = self.values_of(&left, false)?;
            let right = values.split_off(split);
            (values, right)
        };
        Ok(ops::canonical(left, right, &self.budget)?)
    }

    /// The values of `options` (both players' together, so that neither side's
    /// last search leaves a thread idle), each symmetry class searched once and
    /// the classes in parallel: two options that are images of each other would
    /// otherwise be searched by two threads at once, neither finding the other's
    /// value in the table yet.
    fn values_in_parallel(
        &self,
        options: &[R::Position],
    ) -> Result<Vec<CanonicalForm>, EngineError> {
        let mut classes: Vec<R::Position> = Vec::new();
        let mut class_of: HashMap<R::Position, usize> = HashMap::new();
        let mut of_option: Vec<(usize, bool)> = Vec::with_capacity(options.len());
        for o in options {
            let (rep, negated) = self.rules.normalize(o);
            let i = *class_of.entry(rep.clone()).or_insert_with(|| {
                classes.push(rep);
                classes.len() - 1
            });
            of_option.push((i, negated));
        }
        let values = parallel::try_map(classes.len(), &|i| self.value_at(&classes[i], false))?;
        of_option
            .iter()
            .map(|&(i, negated)| {
                Ok(if negated {
                    ops::neg(values[i])?
                } else {
                    values[i]
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Left takes 1 or 2 from her pile, Right from his: `(a, b)` is the integer
    /// `a - b`. Swapping the piles swaps the players, so `normalize` puts the
    /// smaller pile first and says the value is negated when it swapped.
    struct Piles;

    impl PartizanRules for Piles {
        type Position = (u8, u8);
        fn left_options(&self, &(a, b): &(u8, u8)) -> Vec<(u8, u8)> {
            (1..=a.min(2)).map(|k| (a - k, b)).collect()
        }
        fn right_options(&self, &(a, b): &(u8, u8)) -> Vec<(u8, u8)> {
            (1..=b.min(2)).map(|k| (a, b - k)).collect()
        }
        fn normalize(&self, &(a, b): &(u8, u8)) -> ((u8, u8), bool) {
            if a > b {
                ((b, a), true)
            } else {
                ((a, b), false)
            }
        }
    }

    #[test]
    fn the_parallel_search_values_each_class_once_and_negates_images() {
        for parallel in [false, true] {
            for a in 0..6 {
                for b in 0..6 {
                    // A fresh engine, so that the root is searched (in parallel).
                    let limits = Limits {
                        parallel,
                        ..Limits::default()
                    };
                    let g = Engine::new(&Piles, limits).value(&(a, b)).unwrap();
                    let want = CanonicalForm::integer(i64::from(a) - i64::from(b)).unwrap();
                    assert_eq!(g, want, "({a}, {b}), parallel: {parallel}");
                }
            }
        }
    }
}
