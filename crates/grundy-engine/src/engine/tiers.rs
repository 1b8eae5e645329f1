//! The retrograde engine one tier at a time, for games whose states fall into tiers
//! that no move lowers ([`StateGraph::tier`], [`Ruleset::tier`](crate::ruleset::RulesetExt::tier)):
//! the pieces on a tic-tac-toe or Connect Four board, where every move adds one. It
//! is the analysis' `tiers` engine for the games with tiers. Limits: a move that
//! lowers its tier is refused ([`TierError::Lowered`]); the explored tiers wait in
//! memory (about 50 bytes a state), within a [`Budget`] of moves listed.
//!
//! The answers are those of [`retrograde::solve`](super::retrograde::solve) on every
//! state (result and remoteness); only the order of the work and what is held in
//! memory differ:
//!
//! 1. **Discover, tier by tier upwards.** The root's tier is explored first: its
//!    states (the root, and any state of the same tier a move reaches) are listed,
//!    each listed move spending one move of the [`Budget`] as in the plain engine; a
//!    move into a higher tier leaves its state on that tier's pending list; a move
//!    into a lower tier breaks the promise and stops the solver with
//!    [`TierError::Lowered`]. A tier, once explored, is kept compactly: its states
//!    sorted by a 64-bit hash, the hashes beside them, and a state's id is found by
//!    binary search (no hash map: a map's empty slots and control bytes cost more
//!    than the state itself). Then the next tier up whose pending list is not empty.
//! 2. **Solve, tier by tier downwards.** The highest tier first. Each state's moves
//!    are listed again (the same moves: the budget is not spent twice) and every
//!    move into a higher tier looks its result up in that tier, solved before. A
//!    tier whose moves all leave it (Connect Four, tic-tac-toe) is solved state by
//!    state in parallel on rayon's pool: a state's result follows from its
//!    successors' (a successor lost for its mover: a win, one move more than the
//!    quickest; all won: a loss, one more than the slowest; else a tie in reach: a
//!    tie, one more than the quickest; else a draw). A tier where moves may stay
//!    runs the retrograde passes within the tier (win and loss, then ties, in order
//!    of remoteness, by a priority queue since the results from above come with
//!    remoteness of their own), the rest being draws.
//! 3. **Forget what no lower tier needs.** Once tier `k` is solved, every tier that
//!    no tier below `k` moves into is dropped (for Connect Four, tier `k + 2` once
//!    `k` is done), unless [`Keep::All`] asks to keep every result.
//!
//! Memory per state: the state and its 8-byte hash while discovered, then 4 bytes
//! of result (3 bits) and remoteness (29 bits) once solved, packed as the plain
//! engine packs them (`retrograde::packed`); a tier with moves inside
//! it also holds its edges within the tier (4 bytes each way) and 17 bytes of
//! bookkeeping per state while it is solved. [`TieredSolved::bytes`] adds up the most
//! held at once from the capacities, as [`Solved::bytes`](super::retrograde::Solved::bytes)
//! does (`bench/README.md` has both, measured).
//!
//! ```
//! use grundy_engine::engine::retrograde::{GameResult, StateGraph};
//! use grundy_engine::engine::tiers::{solve_tiers, Keep};
//! use grundy_engine::engine::Budget;
//! use grundy_engine::ruleset::End;
//!
//! /// Counters 0..=4 going up by one or two; 4 has no move. The tier is the count.
//! struct Climb;
//! impl StateGraph for Climb {
//!     type State = u8;
//!     fn end(&self, _: &u8) -> Option<End> { None }
//!     fn successors(&self, s: &u8) -> Vec<u8> {
//!         [s + 1, s + 2].into_iter().filter(|&t| t <= 4).collect()
//!     }
//!     fn tier(&self, s: &u8) -> Option<u32> { Some(u32::from(*s)) }
//! }
//! let solved = solve_tiers(&Climb, 0, &mut Budget::unlimited(), Keep::All).unwrap();
//! assert_eq!(solved.get(&4), Some((GameResult::Lose, Some(0))));
//! assert_eq!(solved.get(&1), Some((GameResult::Lose, Some(2))));
//! assert_eq!(solved.get(&0), Some((GameResult::Win, Some(3))));
//! ```

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashSet};
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher, Hash};

use crate::parallel;

use super::budget::Budget;
use super::retrograde::packed::{
    answer, count_index, end_code, pack, unpack, DRAW, LOSE, TIE, UNKNOWN, WIN,
};
use super::retrograde::{GameResult, StateGraph, TooBig};

/// Why [`solve_tiers`] gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TierError {
    /// The states reachable from the root need more than the budget allows.
    #[error(transparent)]
    TooBig(#[from] TooBig),
    /// A state has no tier: the game does not say how its states fall into tiers.
    #[error("the game has no tiers (a state without one): use the plain retrograde engine")]
    NoTier,
    /// A move lowers the tier, breaking the promise of [`StateGraph::tier`]; solving
    /// on would give wrong answers, so nothing is answered.
    #[error(
        "a move goes from tier {from} down to tier {to}: the game's tiers break their \
         promise that no move lowers the tier, so the tiered solver refuses it"
    )]
    Lowered {
        /// The tier of the state moved from.
        from: u32,
        /// The lower tier of the state moved to.
        to: u32,
    },
    /// A move listed while solving leads to a state not met while discovering: the
    /// game's moves or tiers are not the same each time they are asked for.
    #[error(
        "a move from tier {tier} leads to a state not met when the tiers were explored: \
         the game's moves are not deterministic"
    )]
    Unstable {
        /// The tier of the state moved from.
        tier: u32,
    },
}

/// Which results [`solve_tiers`] keeps once it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Every tier's results (to compare with the plain engine, or to look anything up).
    All,
    /// The root's tier and the tiers its tier moves into: the root's result and its
    /// moves', all an analysis asks for; the others are dropped as soon as no lower
    /// tier needs them.
    Root,
}

/// The hash states are sorted by: fixed (not seeded per process), so a tier's order
/// is the same in every run.
fn key<S: Hash>(state: &S) -> u64 {
    BuildHasherDefault::<DefaultHasher>::default().hash_one(state)
}

/// The states of one tier, sorted by [`key`], with their keys beside them.
#[derive(Debug)]
struct Tier<S> {
    keys: Vec<u64>,
    states: Vec<S>,
}

impl<S: Eq + Hash> Tier<S> {
    /// The tier of `states` (duplicates dropped).
    fn new(states: Vec<S>) -> Tier<S> {
        let mut keyed: Vec<(u64, S)> = states.into_iter().map(|s| (key(&s), s)).collect();
        keyed.sort_unstable_by_key(|(k, _)| *k);
        // Equal states have equal keys: duplicates are neighbours within a run of
        // equal keys, but not necessarily adjacent; drop them run by run.
        let mut keys = Vec::with_capacity(keyed.len());
        let mut out: Vec<S> = Vec::with_capacity(keyed.len());
        let mut run_start = 0;
        for (k, s) in keyed {
            if keys.last() != Some(&k) {
                run_start = out.len();
            }
            if !out[run_start..].contains(&s) {
                keys.push(k);
                out.push(s);
            }
        }
        keys.shrink_to_fit();
        out.shrink_to_fit();
        Tier { keys, states: out }
    }

    fn find(&self, state: &S) -> Option<usize> {
        let k = key(state);
        let start = self.keys.partition_point(|&x| x < k);
        (start..self.keys.len())
            .take_while(|&i| self.keys[i] == k)
            .find(|&i| self.states[i] == *state)
    }

    fn len(&self) -> usize {
        self.states.len()
    }

    fn bytes(&self) -> usize {
        self.keys.capacity() * 8 + self.states.capacity() * std::mem::size_of::<S>()
    }
}

/// One tier's states with their packed results, once solved.
#[derive(Debug)]
struct SolvedTier<S> {
    tier: Tier<S>,
    results: Vec<u32>,
}

/// The states reachable from a root, solved tier by tier; see the [module docs](self).
#[derive(Debug)]
pub struct TieredSolved<S> {
    kept: BTreeMap<u32, SolvedTier<S>>,
    states: usize,
    tiers: usize,
    counts: [usize; 4],
    peak_bytes: usize,
}

impl<S: Eq + Hash> TieredSolved<S> {
    /// The result of `state` for the player to move and its remoteness (`None` for
    /// a draw), as [`Solved::get`](super::retrograde::Solved::get) gives it; `None`
    /// when `state` was not reached or its tier was not kept.
    pub fn get(&self, state: &S) -> Option<(GameResult, Option<u32>)> {
        self.kept.values().find_map(|t| {
            let i = t.tier.find(state)?;
            let (r, m) = unpack(t.results[i]);
            Some(answer(r, m))
        })
    }

    /// How many states were reached, in all tiers.
    pub fn states(&self) -> usize {
        self.states
    }

    /// How many tiers the states fell into.
    pub fn tiers(&self) -> usize {
        self.tiers
    }

    /// How many states have each result, in all tiers: win, lose, tie, draw.
    pub fn counts(&self) -> [usize; 4] {
        self.counts
    }

    /// The most bytes the solver held at once, from the capacities of its tables
    /// (states counted at their `size_of`, excluding any heap memory a state owns).
    pub fn bytes(&self) -> usize {
        self.peak_bytes
    }

    /// Every kept state with its result and remoteness, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&S, GameResult, Option<u32>)> + '_ {
        self.kept.values().flat_map(|t| {
            t.tier.states.iter().zip(&t.results).map(|(s, &p)| {
                let (r, m) = unpack(p);
                let (r, m) = answer(r, m);
                (s, r, m)
            })
        })
    }
}

/// What discovery learns of one tier.
struct Found<S> {
    tier: Tier<S>,
    /// Whether some move stays within the tier.
    internal: bool,
}

/// What discovery finds: every tier reachable from the root, for each tier the
/// lowest tier that moves into it, and the other tiers each tier moves into.
struct Discovered<S> {
    found: BTreeMap<u32, Found<S>>,
    source: BTreeMap<u32, u32>,
    reach: BTreeMap<u32, BTreeSet<u32>>,
}

/// Step 1: every tier reachable from the root, and how the tiers depend on each
/// other.
fn discover<G: StateGraph>(
    game: &G,
    root: G::State,
    budget: &mut Budget,
    peak: &mut usize,
) -> Result<Discovered<G::State>, TierError> {
    let size = std::mem::size_of::<G::State>();
    let root_tier = game.tier(&root).ok_or(TierError::NoTier)?;
    let mut pending: BTreeMap<u32, Vec<G::State>> = BTreeMap::new();
    pending.insert(root_tier, vec![root]);
    let mut found: BTreeMap<u32, Found<G::State>> = BTreeMap::new();
    let mut source: BTreeMap<u32, u32> = BTreeMap::new();
    let mut reach: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    let mut held = 0usize;
    let mut states = 0u64;
    while let Some((k, seeds)) = pending.pop_first() {
        let seeds = Tier::new(seeds);
        // States of this tier reached only by moves within it.
        let mut extra: HashSet<G::State> = HashSet::new();
        let mut queue: Vec<G::State> = seeds.states.clone();
        let mut internal = false;
        let mut next = 0;
        while next < queue.len() {
            let state = queue[next].clone();
            next += 1;
            let succ = if game.end(&state).is_some() {
                Vec::new()
            } else {
                game.successors(&state)
            };
            if !budget.spend(succ.len().max(1)) {
                return Err(TooBig {
                    states: states + queue.len() as u64,
                }
                .into());
            }
            for s in succ {
                let t = game.tier(&s).ok_or(TierError::NoTier)?;
                if t < k {
                    return Err(TierError::Lowered { from: k, to: t });
                }
                if t == k {
                    internal = true;
                    if seeds.find(&s).is_none() && !extra.contains(&s) {
                        extra.insert(s.clone());
                        queue.push(s);
                    }
                } else {
                    let e = source.entry(t).or_insert(k);
                    *e = (*e).min(k);
                    reach.entry(k).or_default().insert(t);
                    pending.entry(t).or_default().push(s);
                }
            }
        }
        let pending_bytes: usize = pending.values().map(|v| v.capacity() * size).sum();
        let now = held
            + seeds.bytes()
            + queue.capacity() * size
            + extra.capacity() * (size + 1)
            + pending_bytes;
        *peak = (*peak).max(now);
        drop(extra);
        drop(seeds);
        let tier = Tier::new(queue);
        if u32::try_from(tier.len()).is_err() {
            return Err(TooBig {
                states: states + tier.len() as u64,
            }
            .into());
        }
        states += tier.len() as u64;
        held += tier.bytes();
        found.insert(k, Found { tier, internal });
        // The pending lists hold every move into a tier, most of them repeats:
        // keep them as sets of distinct states.
        for list in pending.values_mut() {
            let t = Tier::new(std::mem::take(list));
            *list = t.states;
        }
        *peak = (*peak).max(held + pending.values().map(|v| v.capacity() * size).sum::<usize>());
    }
    Ok(Discovered {
        found,
        source,
        reach,
    })
}

/// A state's successors as the solve pass sees them: the results of those in
/// higher tiers folded, the ids of those within the tier listed.
#[derive(Default)]
struct Folded {
    /// How many successors in all.
    moves: u32,
    /// How many are not known to be won for their mover (within the tier, or
    /// above and not a win).
    open: u32,
    lose_min: Option<u32>,
    tie_min: Option<u32>,
    win_max: u32,
    inside: Vec<u32>,
}

/// `above(t, s)`: the packed result of state `s` of the higher tier `t`, solved
/// before.
fn fold<G: StateGraph>(
    game: &G,
    state: &G::State,
    k: u32,
    this: &Tier<G::State>,
    above: &impl Fn(u32, &G::State) -> Option<u32>,
) -> Result<(u8, Folded), TierError> {
    let end = game.end(state);
    let mut f = Folded::default();
    if end.is_some() {
        return Ok((end_code(end), f));
    }
    for s in game.successors(state) {
        f.moves += 1;
        let t = game.tier(&s).ok_or(TierError::NoTier)?;
        if t < k {
            return Err(TierError::Lowered { from: k, to: t });
        }
        if t == k {
            let i = this.find(&s).ok_or(TierError::Unstable { tier: k })?;
            f.inside.push(i as u32);
            f.open += 1;
            continue;
        }
        let packed = above(t, &s).ok_or(TierError::Unstable { tier: k })?;
        let (r, m) = unpack(packed);
        match r {
            WIN => f.win_max = f.win_max.max(m),
            LOSE => {
                f.open += 1;
                f.lose_min = Some(f.lose_min.map_or(m, |x| x.min(m)));
            }
            TIE => {
                f.open += 1;
                f.tie_min = Some(f.tie_min.map_or(m, |x| x.min(m)));
            }
            _ => f.open += 1,
        }
    }
    Ok((UNKNOWN, f))
}

/// A state all of whose successors are in higher tiers, from their results.
fn from_above(end: u8, f: &Folded) -> u32 {
    if end != UNKNOWN {
        return pack(end, 0);
    }
    if f.moves == 0 {
        pack(LOSE, 0)
    } else if let Some(m) = f.lose_min {
        pack(WIN, m + 1)
    } else if f.open == 0 {
        pack(LOSE, f.win_max + 1)
    } else if let Some(m) = f.tie_min {
        pack(TIE, m + 1)
    } else {
        pack(DRAW, 0)
    }
}

/// A tier with moves inside it: the retrograde passes within the tier, in order of
/// remoteness, the results from above entering as they are.
fn within(ends: &[u8], folded: Vec<Folded>) -> (Vec<u32>, usize) {
    let n = folded.len();
    // Edges within the tier, backwards.
    let mut rev_offsets = vec![0u32; n + 1];
    for f in &folded {
        for &t in &f.inside {
            rev_offsets[t as usize + 1] += 1;
        }
    }
    for i in 0..n {
        rev_offsets[i + 1] += rev_offsets[i];
    }
    let mut fill = rev_offsets.clone();
    let mut preds = vec![0u32; rev_offsets[n] as usize];
    for (s, f) in folded.iter().enumerate() {
        for &t in &f.inside {
            preds[fill[t as usize] as usize] = s as u32;
            fill[t as usize] += 1;
        }
    }
    drop(fill);
    let mut open: Vec<u32> = folded.iter().map(|f| f.open).collect();
    let mut win_max: Vec<u32> = folded.iter().map(|f| f.win_max).collect();
    let mut result = vec![UNKNOWN; n];
    let mut remoteness = vec![0u32; n];
    let bytes = 4 * (rev_offsets.capacity() + preds.capacity() + open.capacity())
        + 4 * (win_max.capacity() + remoteness.capacity())
        + result.capacity()
        + folded.capacity() * std::mem::size_of::<Folded>()
        + folded
            .iter()
            .map(|f| f.inside.capacity() * 4)
            .sum::<usize>();
    let preds_of = |s: usize| &preds[rev_offsets[s] as usize..rev_offsets[s + 1] as usize];

    // Win and loss: (remoteness, state, result) popped smallest first; a state is
    // decided when first popped.
    let mut heap: BinaryHeap<Reverse<(u32, u32, u8)>> = BinaryHeap::new();
    for (i, f) in folded.iter().enumerate() {
        let s = i as u32;
        match ends[i] {
            WIN | LOSE => heap.push(Reverse((0, s, ends[i]))),
            TIE => {}
            _ if f.moves == 0 => heap.push(Reverse((0, s, LOSE))),
            _ => {
                if let Some(m) = f.lose_min {
                    heap.push(Reverse((m + 1, s, WIN)));
                } else if f.open == 0 {
                    heap.push(Reverse((f.win_max + 1, s, LOSE)));
                }
            }
        }
    }
    while let Some(Reverse((r, s, what))) = heap.pop() {
        let s = s as usize;
        if result[s] != UNKNOWN {
            continue;
        }
        result[s] = what;
        remoteness[s] = r;
        for &p in preds_of(s) {
            let p = p as usize;
            if result[p] != UNKNOWN {
                continue;
            }
            if what == LOSE {
                heap.push(Reverse((r + 1, p as u32, WIN)));
            } else {
                open[p] -= 1;
                win_max[p] = win_max[p].max(r);
                if open[p] == 0 {
                    heap.push(Reverse((win_max[p] + 1, p as u32, LOSE)));
                }
            }
        }
    }

    // Ties: the tier's own tie ends, and ties in reach above.
    let mut heap: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
    for (i, f) in folded.iter().enumerate() {
        if ends[i] == TIE {
            heap.push(Reverse((0, i as u32)));
        } else if result[i] == UNKNOWN {
            if let Some(m) = f.tie_min {
                heap.push(Reverse((m + 1, i as u32)));
            }
        }
    }
    while let Some(Reverse((r, s))) = heap.pop() {
        let s = s as usize;
        if result[s] != UNKNOWN {
            continue;
        }
        result[s] = TIE;
        remoteness[s] = r;
        for &p in preds_of(s) {
            if result[p as usize] == UNKNOWN {
                heap.push(Reverse((r + 1, p)));
            }
        }
    }

    let packed = result
        .iter()
        .zip(&remoteness)
        .map(|(&r, &m)| match r {
            UNKNOWN | DRAW => pack(DRAW, 0),
            r => pack(r, m),
        })
        .collect();
    (packed, bytes)
}

/// Where the solver finds tiers solved before and leaves the tiers it solves: the
/// tier files of [`tier_files`](super::tier_files), or nothing ([`solve_tiers`]).
/// Results are packed as `retrograde::packed` packs them.
pub(crate) trait Store<S> {
    /// Why the store failed.
    type Error: From<TierError>;
    /// Discovery is done: the tiers found and how many states each holds, lowest
    /// first.
    fn discovered(&mut self, tiers: &[(u32, usize)]) {
        let _ = tiers;
    }
    /// The packed results of tier `tier`, whose discovered `states` are given in the
    /// solver's order, if the store holds them all (one result a state, in that
    /// order); `None` to solve the tier.
    fn finished(&mut self, tier: u32, states: &[S]) -> Result<Option<Vec<u32>>, Self::Error>;
    /// Tier `tier` just solved: `results[i]` is the packed result of `states[i]`.
    fn solved(&mut self, tier: u32, states: &[S], results: &[u32]) -> Result<(), Self::Error>;
}

/// No store: every tier is solved, nothing is kept past the solver.
struct NoStore;

impl<S> Store<S> for NoStore {
    type Error = TierError;

    fn finished(&mut self, _: u32, _: &[S]) -> Result<Option<Vec<u32>>, TierError> {
        Ok(None)
    }

    fn solved(&mut self, _: u32, _: &[S], _: &[u32]) -> Result<(), TierError> {
        Ok(())
    }
}

/// Solves every state reachable from `root` tier by tier (see the [module
/// docs](self)), listing at most `budget` moves in all while discovering (the solve
/// pass lists the same moves once more). `keep` says which results to keep.
pub fn solve_tiers<G>(
    game: &G,
    root: G::State,
    budget: &mut Budget,
    keep: Keep,
) -> Result<TieredSolved<G::State>, TierError>
where
    G: StateGraph + Sync,
    G::State: Send + Sync,
{
    solve_stored(game, root, budget, keep, &mut NoStore)
}

/// [`solve_tiers`], taking from `store` the tiers it holds finished and giving it
/// every tier solved.
pub(crate) fn solve_stored<G, St>(
    game: &G,
    root: G::State,
    budget: &mut Budget,
    keep: Keep,
    store: &mut St,
) -> Result<TieredSolved<G::State>, St::Error>
where
    G: StateGraph + Sync,
    G::State: Send + Sync,
    St: Store<G::State>,
{
    let mut peak = 0usize;
    let Discovered {
        mut found, source, ..
    } = discover(game, root, budget, &mut peak)?;
    let root_tier = found.keys().next().copied().ok_or(TierError::NoTier)?;
    let tiers = found.len();
    let states = found.values().map(|f| f.tier.len()).sum();
    let sizes: Vec<(u32, usize)> = found.iter().map(|(&k, f)| (k, f.tier.len())).collect();
    store.discovered(&sizes);
    let mut solved: BTreeMap<u32, SolvedTier<G::State>> = BTreeMap::new();
    let mut counts = [0usize; 4];
    let mut held: usize = found.values().map(|f| f.tier.bytes()).sum();
    while let Some((k, Found { tier, internal })) = found.pop_last() {
        let stored = store.finished(k, &tier.states)?;
        let reused = stored.is_some();
        let above = |t: u32, s: &G::State| {
            let a = solved.get(&t)?;
            Some(a.results[a.tier.find(s)?])
        };
        let (results, extra) = if let Some(results) = stored {
            (results, 0)
        } else if internal {
            let mut ends = Vec::with_capacity(tier.len());
            let mut folded = Vec::with_capacity(tier.len());
            for s in &tier.states {
                let (end, f) = fold(game, s, k, &tier, &above)?;
                ends.push(end);
                folded.push(f);
            }
            within(&ends, folded)
        } else {
            let states = &tier.states;
            let results = parallel::try_map(states.len(), &|i| {
                fold(game, &states[i], k, &tier, &above).map(|(end, f)| from_above(end, &f))
            })?;
            (results, 0)
        };
        if results.len() != tier.len() {
            return Err(TierError::Unstable { tier: k }.into());
        }
        if !reused {
            store.solved(k, &tier.states, &results)?;
        }
        for &p in &results {
            let r = unpack(p).0;
            counts[count_index(r)] += 1;
        }
        held += results.capacity() * 4;
        peak = peak.max(held + extra);
        solved.insert(k, SolvedTier { tier, results });
        // Drop the tiers no tier below this one moves into.
        let done: Vec<u32> = solved
            .keys()
            .copied()
            .filter(|&t| {
                let needed_below = source.get(&t).is_some_and(|&from| from < k);
                let kept = match keep {
                    Keep::All => true,
                    Keep::Root => t == root_tier || source.get(&t) == Some(&root_tier),
                };
                !needed_below && !kept
            })
            .collect();
        for t in done {
            if let Some(gone) = solved.remove(&t) {
                held -= gone.tier.bytes() + gone.results.capacity() * 4;
            }
        }
    }
    Ok(TieredSolved {
        kept: solved,
        states,
        tiers,
        counts,
        peak_bytes: peak,
    })
}

/// Every tier reachable from a root, discovered ([`explore`]) but not solved: what
/// the tier jobs ([`tier_jobs`](super::tier_jobs)) solve a tier, or a range of a
/// tier, at a time from.
pub(crate) struct Explored<S> {
    found: BTreeMap<u32, Found<S>>,
    reach: BTreeMap<u32, BTreeSet<u32>>,
}

/// Step 1 alone: every tier reachable from `root`, within `budget`.
pub(crate) fn explore<G: StateGraph>(
    game: &G,
    root: G::State,
    budget: &mut Budget,
) -> Result<Explored<G::State>, TierError> {
    let d = discover(game, root, budget, &mut 0)?;
    Ok(Explored {
        found: d.found,
        reach: d.reach,
    })
}

impl<S: Eq + Hash + Clone + Send + Sync> Explored<S> {
    /// The tiers, lowest first.
    pub(crate) fn tiers(&self) -> impl Iterator<Item = u32> + '_ {
        self.found.keys().copied()
    }

    /// The states of tier `k` in the solver's order (empty if there is no such tier).
    pub(crate) fn states(&self, k: u32) -> &[S] {
        self.found.get(&k).map_or(&[], |f| &f.tier.states)
    }

    /// Whether some move of tier `k` stays within it.
    pub(crate) fn internal(&self, k: u32) -> bool {
        self.found.get(&k).is_some_and(|f| f.internal)
    }

    /// The other tiers the moves of tier `k` lead to.
    pub(crate) fn needs(&self, k: u32) -> Vec<u32> {
        self.reach
            .get(&k)
            .map_or_else(Vec::new, |r| r.iter().copied().collect())
    }

    /// The packed results of the states `range` of tier `k`, from the packed results
    /// of the tiers it moves into (`above(t)`: tier `t`'s, in the solver's order).
    /// A tier with moves inside it is solved whole: `range` must be all of it.
    pub(crate) fn solve_range<'a, G>(
        &self,
        game: &G,
        k: u32,
        range: std::ops::Range<usize>,
        above: &(impl Fn(u32) -> Option<&'a [u32]> + Sync),
    ) -> Result<Vec<u32>, TierError>
    where
        G: StateGraph<State = S> + Sync,
        S: 'a,
    {
        let found = self.found.get(&k).ok_or(TierError::Unstable { tier: k })?;
        let tier = &found.tier;
        let lookup = |t: u32, s: &S| {
            let results = above(t)?;
            results.get(self.found.get(&t)?.tier.find(s)?).copied()
        };
        let states = tier
            .states
            .get(range.clone())
            .ok_or(TierError::Unstable { tier: k })?;
        if found.internal {
            if range != (0..tier.len()) {
                return Err(TierError::Unstable { tier: k });
            }
            let mut ends = Vec::with_capacity(tier.len());
            let mut folded = Vec::with_capacity(tier.len());
            for s in states {
                let (end, f) = fold(game, s, k, tier, &lookup)?;
                ends.push(end);
                folded.push(f);
            }
            Ok(within(&ends, folded).0)
        } else {
            parallel::try_map(states.len(), &|i| {
                fold(game, &states[i], k, tier, &lookup).map(|(end, f)| from_above(end, &f))
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::retrograde::solve;
    use crate::engine::testing::{Listed, Rng};
    use crate::ruleset::End;

    /// A random graph on `n` vertices whose moves never lower the tier, with moves
    /// inside tiers (cycles among them) and ends of every kind.
    fn random_graph(rng: &mut Rng, n: usize, tiers: u64) -> Listed {
        let mut tier: Vec<u32> = (0..n).map(|_| rng.below(tiers) as u32).collect();
        tier[0] = 0;
        let mut succ = vec![Vec::new(); n];
        let mut ends = vec![None; n];
        for v in 0..n {
            match rng.below(12) {
                0 => ends[v] = Some(End::Win),
                1 => ends[v] = Some(End::Lose),
                2 | 3 => ends[v] = Some(End::Tie),
                _ => {}
            }
            for _ in 0..rng.below(4) {
                let w = rng.below(n as u64) as usize;
                if tier[w] >= tier[v] {
                    succ[v].push(w as u32);
                }
            }
        }
        Listed {
            succ,
            ends,
            tiers: tier,
        }
    }

    #[test]
    fn random_graphs_with_moves_inside_tiers_agree_with_the_plain_engine() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut kinds = [0usize; 4];
        let mut compared = 0;
        for round in 0..400 {
            let n = 2 + (round % 40);
            let g = random_graph(&mut rng, n, 1 + (round as u64 % 5));
            let plain = solve(&g, 0, &mut Budget::unlimited()).unwrap();
            let tiered = solve_tiers(&g, 0, &mut Budget::unlimited(), Keep::All).unwrap();
            assert_eq!(plain.states(), tiered.states(), "round {round}");
            assert_eq!(plain.counts(), tiered.counts(), "round {round}");
            for (s, r, m) in plain.iter() {
                assert_eq!(tiered.get(s), Some((r, m)), "round {round}, state {s}");
                compared += 1;
            }
            for (i, c) in plain.counts().iter().enumerate() {
                kinds[i] += c;
            }
        }
        // The graphs exercised every result.
        assert!(kinds.iter().all(|&c| c > 50), "{kinds:?}");
        assert!(compared > 1000, "{compared}");
    }

    #[test]
    fn explored_tiers_solved_range_by_range_agree_with_solve_tiers() {
        let mut rng = Rng(0x5151_7a7a_0303_c0c0);
        let mut cut = 0;
        for round in 0..300 {
            let n = 2 + (round % 40);
            let g = random_graph(&mut rng, n, 1 + (round as u64 % 5));
            let whole = solve_tiers(&g, 0, &mut Budget::unlimited(), Keep::All).unwrap();
            let ex = explore(&g, 0, &mut Budget::unlimited()).unwrap();
            let mut results: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
            let tiers: Vec<u32> = ex.tiers().collect();
            for &k in tiers.iter().rev() {
                let len = ex.states(k).len();
                for t in ex.needs(k) {
                    assert!(t > k && results.contains_key(&t), "round {round}");
                }
                let above = |t: u32| results.get(&t).map(Vec::as_slice);
                let all = if ex.internal(k) {
                    if len > 1 {
                        // A tier with moves inside it is solved whole or not at all.
                        assert!(ex.solve_range(&g, k, 0..len - 1, &above).is_err());
                    }
                    ex.solve_range(&g, k, 0..len, &above).unwrap()
                } else {
                    let mut all = Vec::new();
                    for start in (0..len).step_by(3) {
                        cut += 1;
                        all.extend(
                            ex.solve_range(&g, k, start..(start + 3).min(len), &above)
                                .unwrap(),
                        );
                    }
                    all
                };
                assert_eq!(all.len(), len);
                for (s, &p) in ex.states(k).iter().zip(&all) {
                    let (r, m) = unpack(p);
                    assert_eq!(whole.get(s), Some(answer(r, m)), "round {round}, state {s}");
                }
                results.insert(k, all);
            }
            assert_eq!(results.len(), whole.tiers());
        }
        assert!(cut > 200, "{cut}");
    }

    #[test]
    fn a_move_that_lowers_the_tier_is_refused() {
        // 0 (tier 0) -> 1 (tier 1) -> 2 (tier 0).
        let g = Listed {
            succ: vec![vec![1], vec![2], vec![]],
            ends: vec![None; 3],
            tiers: vec![0, 1, 0],
        };
        let err = solve_tiers(&g, 0, &mut Budget::unlimited(), Keep::All).unwrap_err();
        assert_eq!(err, TierError::Lowered { from: 1, to: 0 });
        assert!(err.to_string().contains("lowers the tier"), "{err}");
        // A state without a tier.
        let g = Listed {
            succ: vec![vec![1], vec![]],
            ends: vec![None; 2],
            tiers: vec![0],
        };
        let err = solve_tiers(&g, 0, &mut Budget::unlimited(), Keep::All).unwrap_err();
        assert_eq!(err, TierError::NoTier);
    }

    #[test]
    fn past_the_budget_it_stops_and_keep_root_drops_the_rest() {
        // A ladder 0 -> 1 -> ... -> 99, tier = the rung.
        let g = Listed {
            succ: (0..100u32)
                .map(|i| if i < 99 { vec![i + 1] } else { vec![] })
                .collect(),
            ends: vec![None; 100],
            tiers: (0..100).collect(),
        };
        let err = solve_tiers(&g, 0, &mut Budget::moves(10), Keep::All).unwrap_err();
        assert!(matches!(err, TierError::TooBig(_)), "{err:?}");
        let s = solve_tiers(&g, 0, &mut Budget::moves(100), Keep::Root).unwrap();
        assert_eq!(s.states(), 100);
        assert_eq!(s.tiers(), 100);
        assert_eq!(s.get(&0), Some((GameResult::Win, Some(99))));
        assert_eq!(s.get(&1), Some((GameResult::Lose, Some(98))));
        assert_eq!(s.get(&50), None, "dropped once no lower tier needs it");
        assert_eq!(s.iter().count(), 2);
    }

    #[test]
    fn duplicate_states_and_repeated_moves_count_once_and_twice() {
        // 0 -> 1 twice, 1 -> 2; the same answers as the plain engine.
        let g = Listed {
            succ: vec![vec![1, 1, 2], vec![2], vec![]],
            ends: vec![None, None, Some(End::Tie)],
            tiers: vec![0, 1, 1],
        };
        let plain = solve(&g, 0, &mut Budget::unlimited()).unwrap();
        let tiered = solve_tiers(&g, 0, &mut Budget::unlimited(), Keep::All).unwrap();
        for (s, r, m) in plain.iter() {
            assert_eq!(tiered.get(s), Some((r, m)));
        }
        let t = Tier::new(vec![5u32, 3, 5, 3, 9]);
        assert_eq!(t.len(), 3);
        assert!(t.find(&9).is_some() && t.find(&4).is_none());
    }
}
