//! Conway's genus of the heaps of a heap game, and its tame heaps.
//!
//! The genus of an impartial game G (Conway, *On Numbers and Games*, ch. 12;
//! *Winning Ways*, ch. 13) is the sequence γ0, γ1, γ2, ... where γ0 is G's
//! normal-play Grundy value and γk (k ≥ 1) the misère Grundy value of G plus k − 1
//! Nim heaps of two stones. It is written `γ0^γ1γ2…`: the genus of 0 is `0^120`, of
//! a heap of one stone `1^031`, of a heap of two `2^20`. The γk (k ≥ 1) alternate
//! between two values from some point on, and the notation stops when the
//! alternation has shown both (so `0^120` means 1, 2, 0, 2, 0, ...).
//!
//! # How it is computed, and why it is exact
//! [`GenusSolver`] computes misère Grundy values of *sums*: a heap's options are sums
//! of heaps, so γk of a heap needs γk of sums of smaller heaps. A state is a sorted
//! list of heaps plus a number of heaps of two stones; its misère Grundy value is 1
//! without moves, else the mex of its options' (the definition). Two facts keep the
//! states few, both exact:
//! - for every game H, G⁻(H + *1) = G⁻(H) ⊕ 1 (induction on H: the options of
//!   H + *1 are H'+*1, worth G⁻(H') ⊕ 1, and H itself), so a heap whose only
//!   options are the empty position (a game equal to *1) is a parity, not a part of
//!   the state; a heap without options is dropped;
//! - γk for k ≥ 2 is the mex of the options' γk together with γk−1 and γk−1 ⊕ 1
//!   (the two moves in a heap of two stones, by the first fact).
//!
//! The alternation is proven, not assumed: from k ≥ 2 on, γk of a state is a
//! function of k's parity, γk−1 and its options' γk. So if every state reached
//! shows γK = γK−2 and γK−1 = γK−3, then by induction on the states every γ
//! alternates from K − 3 on. The solver computes γ1..γK for K = 4, 6, 8, ... until
//! that holds for every state (at most [`MAX_COPIES`]).
//!
//! # Tame heaps
//! A Nim position has genus `0^120` or `1^031` (all heaps 0 or 1: *fickle*) or
//! `g^g(g⊕2)` (some heap of 2 or more: *firm*, g its nim-sum). A heap is *tame* here
//! when the genus of every position it can lead to (itself included) has one of
//! these forms; tame games add like Nim positions in misère play (*Winning Ways*,
//! ch. 13), so a sum of tame heaps is answered by [`nim::sum_grundy`](super::nim::sum_grundy).

use std::collections::HashSet;
use std::fmt;

use serde::Serialize;

use crate::engine::budget::Budget;
use crate::engine::dag::Dag;
use crate::misere::nim::Tame;

/// The largest heap whose genus is computed.
pub const MAX_HEAP: u64 = 1000;

/// The most heaps of two stones added (the largest K of γK computed).
pub const MAX_COPIES: usize = 16;

/// The default work of a genus computation: options listed in all, 2^25 (a few
/// hundred megabytes at most).
pub const DEFAULT_BUDGET: Budget = Budget::moves(1 << 25);

/// The genus of a game: γ0, γ1, ..., written out until the alternation shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Genus {
    /// γ0, γ1, γ2, ...: at least to γ3, and until both values of the alternation
    /// have shown.
    pub values: Vec<u32>,
    /// The least k ≥ 1 from which γk+2 = γk for ever.
    pub settles: usize,
}

impl Genus {
    /// γk for any k (the values repeat with period 2 past [`settles`](Genus::settles)).
    pub fn gamma(&self, k: usize) -> u32 {
        if k < self.values.len() {
            return self.values[k];
        }
        let j = self.settles;
        self.values[j + (k - j) % 2]
    }

    /// The normal-play Grundy value γ0.
    pub fn normal(&self) -> u32 {
        self.values[0]
    }

    /// The misère Grundy value γ1 (0 exactly when the player to move loses).
    pub fn misere(&self) -> u32 {
        self.values[1]
    }

    /// Whether the genus is a Nim position's: `0^120`, `1^031` (fickle) or
    /// `g^g(g⊕2)` (firm).
    pub fn nim_like(&self) -> bool {
        let g = self.normal();
        let tail =
            (2..=self.settles + 2).all(|k| self.gamma(k) == if k % 2 == 0 { g ^ 2 } else { g });
        tail && (self.misere() == g || (g <= 1 && self.misere() == g ^ 1))
    }

    /// Whether the genus is firm (`g^g…`) rather than fickle.
    pub fn firm(&self) -> bool {
        self.misere() == self.normal()
    }
}

impl fmt::Display for Genus {
    /// Conway's notation, γ1 up to the alternation's two values: `0^120`, `2^20`;
    /// with a value of 10 or more, `12^(12,14)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let up = &self.values[1..=self.settles + 1];
        if self.values.iter().all(|&v| v < 10) {
            let digits: String = up.iter().map(|v| v.to_string()).collect();
            write!(f, "{}^{digits}", self.values[0])
        } else {
            let list: Vec<String> = up.iter().map(|v| v.to_string()).collect();
            write!(f, "{}^({})", self.values[0], list.join(","))
        }
    }
}

/// One heap's genus, and whether the heap is tame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapGenus {
    /// The heap's size.
    pub heap: u64,
    /// Its genus.
    pub genus: Genus,
    /// Whether every position it leads to (itself included) has a Nim position's
    /// genus.
    pub tame: bool,
}

/// Why a genus could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenusError {
    /// A heap larger than [`MAX_HEAP`].
    #[error("heap {heap}: the genus is computed for heaps up to {MAX_HEAP}")]
    TooLarge {
        /// The heap asked for.
        heap: u64,
    },
    /// An option of a heap holds a heap that is not smaller.
    #[error("heap {heap} has an option with a heap of {part}, not smaller: the genus needs heaps that shrink")]
    NotSmaller {
        /// The heap.
        heap: u64,
        /// The heap in its option.
        part: u64,
    },
    /// The work allowed ran out.
    #[error("the genus of heap {heap} needs more than the work allowed ({budget} options listed)")]
    Budget {
        /// The heap being computed.
        heap: u64,
        /// The budget given.
        budget: u64,
    },
    /// The values did not settle into their alternation within [`MAX_COPIES`].
    #[error("the genus of heap {heap} does not settle within {MAX_COPIES} heaps of two")]
    Unsettled {
        /// The heap.
        heap: u64,
    },
}

/// What a heap is as a part of a sum: nothing (no move), *1 (a parity), or a part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Zero,
    One,
    Kept,
}

/// A sum: the heaps kept (sorted) and how many heaps of two stones are added.
type State = (Vec<u64>, u8);

/// The genus of the heaps of a heap game, given the options of one heap.
///
/// ```
/// use grundy_engine::misere::genus::{GenusSolver, DEFAULT_BUDGET};
/// // Nim: a heap of n has the options 0, 1, ..., n - 1.
/// let nim = |n: u64| (0..n).map(|k| if k == 0 { vec![] } else { vec![k] }).collect();
/// let mut solver = GenusSolver::new(&nim);
/// let table = solver.heaps(3, DEFAULT_BUDGET).unwrap();
/// let genera: Vec<String> = table.iter().map(|h| h.genus.to_string()).collect();
/// assert_eq!(genera, ["0^120", "1^031", "2^20", "3^31"]);
/// assert!(table.iter().all(|h| h.tame));
/// ```
pub struct GenusSolver<'a> {
    options: &'a dyn Fn(u64) -> Vec<Vec<u64>>,
    /// Per heap: what it is in a sum, its normal-play value, and its options
    /// reduced (heaps kept, sorted; the parity of its *1 heaps).
    parts: Vec<Part>,
    normal: Vec<u32>,
    reduced: Vec<Vec<(Vec<u64>, u8)>>,
    values: Dag<State, u32>,
    tame: Dag<Vec<u64>, bool>,
    seen: HashSet<Vec<u64>>,
    copies: usize,
}

impl fmt::Debug for GenusSolver<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GenusSolver")
            .field("heaps", &self.parts.len())
            .field("states", &self.values.len())
            .field("copies", &self.copies)
            .finish_non_exhaustive()
    }
}

impl<'a> GenusSolver<'a> {
    /// A solver for the heap game whose heap of `n` has the options `options(n)`,
    /// each the list of heaps it leaves (empty heaps may be listed or not).
    pub fn new(options: &'a dyn Fn(u64) -> Vec<Vec<u64>>) -> GenusSolver<'a> {
        GenusSolver {
            options,
            parts: Vec::new(),
            normal: Vec::new(),
            reduced: Vec::new(),
            values: Dag::new(),
            tame: Dag::new(),
            seen: HashSet::new(),
            copies: 4,
        }
    }

    /// How many sums have been valued.
    pub fn states(&self) -> usize {
        self.values.len()
    }

    /// The genus of heaps 0, 1, ..., `up_to`, within `budget` options listed.
    pub fn heaps(&mut self, up_to: u64, budget: Budget) -> Result<Vec<HeapGenus>, GenusError> {
        if up_to > MAX_HEAP {
            return Err(GenusError::TooLarge { heap: up_to });
        }
        let given = budget.left();
        let mut budget = budget;
        self.classify(up_to)?;
        loop {
            for heap in 0..=up_to {
                let root = self.root(heap);
                for k in 0..self.copies {
                    self.value(&(root.0.clone(), k as u8), &mut budget).ok_or(
                        GenusError::Budget {
                            heap,
                            budget: given,
                        },
                    )?;
                }
            }
            if self.settled() {
                break;
            }
            if self.copies + 2 > MAX_COPIES {
                return Err(GenusError::Unsettled { heap: up_to });
            }
            self.copies += 2;
        }
        let mut out = Vec::new();
        for heap in 0..=up_to {
            let (kept, parity) = self.root(heap);
            let genus = self.genus_of(&kept, parity, self.normal[heap as usize]);
            let tame = self
                .tame_within(&kept, &mut budget)
                .ok_or(GenusError::Budget {
                    heap,
                    budget: given,
                })?;
            out.push(HeapGenus { heap, genus, tame });
        }
        Ok(out)
    }

    /// Reads the options of heaps 0..=`up_to`, so that sums of them can be valued by
    /// [`misere_grundy`](GenusSolver::misere_grundy) (which [`heaps`](GenusSolver::heaps)
    /// also does).
    pub fn prepare(&mut self, up_to: u64) -> Result<(), GenusError> {
        if up_to > MAX_HEAP {
            return Err(GenusError::TooLarge { heap: up_to });
        }
        self.classify(up_to)
    }

    /// The misère Grundy value of the sum of `heaps` (each at most the largest heap
    /// read by [`prepare`](GenusSolver::prepare) or [`heaps`](GenusSolver::heaps)),
    /// exactly, within `budget`.
    pub fn misere_grundy(&mut self, heaps: &[u64], budget: &mut Budget) -> Option<u32> {
        let (kept, parity) = self.reduce(heaps);
        self.value(&(kept, 0), budget)
            .map(|v| v ^ u32::from(parity))
    }

    /// The heap of `heap` as a reduced sum.
    fn root(&self, heap: u64) -> (Vec<u64>, u8) {
        self.reduce(&[heap])
    }

    fn reduce(&self, heaps: &[u64]) -> (Vec<u64>, u8) {
        let mut kept = Vec::new();
        let mut parity = 0;
        for &h in heaps {
            match self.parts[h as usize] {
                Part::Zero => {}
                Part::One => parity ^= 1,
                Part::Kept => kept.push(h),
            }
        }
        kept.sort_unstable();
        (kept, parity)
    }

    /// Classifies heaps 0..=`up_to` and computes their normal-play values.
    fn classify(&mut self, up_to: u64) -> Result<(), GenusError> {
        for heap in self.parts.len() as u64..=up_to {
            let options = (self.options)(heap);
            for option in &options {
                if let Some(&part) = option.iter().find(|&&p| p >= heap) {
                    return Err(GenusError::NotSmaller { heap, part });
                }
            }
            let reduced: Vec<(Vec<u64>, u8)> = options.iter().map(|o| self.reduce(o)).collect();
            let part = if options.is_empty() {
                Part::Zero
            } else if reduced
                .iter()
                .all(|(kept, parity)| kept.is_empty() && *parity == 0)
            {
                Part::One
            } else {
                Part::Kept
            };
            let seen: HashSet<u32> = options
                .iter()
                .map(|o| o.iter().fold(0, |x, &h| x ^ self.normal[h as usize]))
                .collect();
            let normal = (0..).find(|v| !seen.contains(v)).expect("a mex");
            self.parts.push(part);
            self.normal.push(normal);
            self.reduced.push(reduced);
        }
        Ok(())
    }

    /// G⁻ of a state: the sum of its heaps and its heaps of two stones.
    fn value(&mut self, state: &State, budget: &mut Budget) -> Option<u32> {
        let reduced = &self.reduced;
        let seen = &mut self.seen;
        self.values.evaluate_within(
            state,
            budget,
            |(kept, copies), _| {
                seen.insert(kept.clone());
                let mut children = Vec::new();
                for (i, &h) in kept.iter().enumerate() {
                    if i > 0 && kept[i - 1] == h {
                        continue;
                    }
                    for (part, parity) in &reduced[h as usize] {
                        let mut next = Vec::with_capacity(kept.len() + part.len());
                        next.extend_from_slice(&kept[..i]);
                        next.extend_from_slice(&kept[i + 1..]);
                        next.extend_from_slice(part);
                        next.sort_unstable();
                        children.push((*parity, (next, *copies)));
                    }
                }
                if *copies > 0 {
                    children.push((0, (kept.clone(), copies - 1)));
                    children.push((1, (kept.clone(), copies - 1)));
                }
                children
            },
            |_, kids| {
                if kids.is_empty() {
                    return 1;
                }
                let seen: HashSet<u32> = kids.iter().map(|(p, v)| v ^ u32::from(*p)).collect();
                (0..).find(|v| !seen.contains(v)).expect("a mex")
            },
        )
    }

    /// γk of `kept` (no parity) for k = 1..=copies.
    fn gammas(&self, kept: &[u64]) -> Option<Vec<u32>> {
        (0..self.copies)
            .map(|k| self.values.get(&(kept.to_vec(), k as u8)).copied())
            .collect()
    }

    /// Whether every state valued with each number of heaps of two alternates at the
    /// end: γK = γK−2 and γK−1 = γK−3. (Every state a heap leads to is valued with
    /// each; a state valued with fewer came from [`misere_grundy`](Self::misere_grundy)
    /// alone.)
    fn settled(&self) -> bool {
        let k = self.copies;
        self.seen.iter().all(|kept| match self.gammas(kept) {
            Some(g) => g[k - 1] == g[k - 3] && g[k - 2] == g[k - 4],
            None => true,
        })
    }

    fn genus_of(&self, kept: &[u64], parity: u8, normal: u32) -> Genus {
        let p = u32::from(parity);
        let mut all = vec![normal];
        let gammas = self.gammas(kept).expect("a heap's sums are valued");
        all.extend(gammas.into_iter().map(|g| g ^ p));
        // The least j ≥ 1 with γi = γi+2 for every i ≥ j (proven from K − 3).
        let last = all.len() - 1;
        let mut settles = last - 3;
        while settles > 1 && all[settles - 1] == all[settles + 1] {
            settles -= 1;
        }
        let shown = (settles + 1).max(3);
        all.truncate(shown + 1);
        Genus {
            values: all,
            settles,
        }
    }

    /// Whether `kept` and everything it leads to have Nim positions' genera.
    fn tame_within(&mut self, kept: &[u64], budget: &mut Budget) -> Option<bool> {
        let reduced = &self.reduced;
        let normal = &self.normal;
        let values = &self.values;
        let copies = self.copies;
        self.tame.evaluate_within(
            &kept.to_vec(),
            budget,
            |kept, _| {
                let mut children = Vec::new();
                for (i, &h) in kept.iter().enumerate() {
                    if i > 0 && kept[i - 1] == h {
                        continue;
                    }
                    for (part, _) in &reduced[h as usize] {
                        let mut next: Vec<u64> = kept[..i].to_vec();
                        next.extend_from_slice(&kept[i + 1..]);
                        next.extend_from_slice(part);
                        next.sort_unstable();
                        children.push(((), next));
                    }
                }
                children
            },
            |kept, kids| {
                if kids.iter().any(|(_, tame)| !tame) {
                    return false;
                }
                let g0 = kept.iter().fold(0, |x, &h| x ^ normal[h as usize]);
                let mut all = vec![g0];
                for k in 0..copies {
                    all.push(
                        *values
                            .get(&(kept.clone(), k as u8))
                            .expect("every state below a valued one is valued"),
                    );
                }
                let genus = Genus {
                    settles: copies - 3,
                    values: all,
                };
                genus.nim_like()
            },
        )
    }

    /// The heap of `heap` as a tame part of a sum, or `None` when it is not tame or
    /// not classified yet.
    pub fn tame_part(&self, heap: u64) -> Option<Tame> {
        let (kept, parity) = self.root(heap);
        if !*self.tame.get(&kept)? {
            return None;
        }
        let g = self.normal[heap as usize];
        let firm = self.gammas(&kept)?[0] ^ u32::from(parity) == g;
        Some(Tame {
            grundy: u128::from(g),
            firm,
        })
    }
}

/// The heaps up to some size as parts of misère Nim: for each heap its genus, and
/// its [`Tame`] part when it is tame. A sum of tame heaps is then answered by
/// [`nim::sum_grundy`](super::nim::sum_grundy) at once.
#[derive(Clone, Debug)]
pub struct TameTable {
    heaps: Vec<HeapGenus>,
}

impl TameTable {
    /// The genus of heaps 0..=`up_to`, computed within `budget`.
    pub fn new(
        options: &dyn Fn(u64) -> Vec<Vec<u64>>,
        up_to: u64,
        budget: Budget,
    ) -> Result<TameTable, GenusError> {
        let mut solver = GenusSolver::new(options);
        Ok(TameTable {
            heaps: solver.heaps(up_to, budget)?,
        })
    }

    /// The genus of each heap, from 0.
    pub fn heaps(&self) -> &[HeapGenus] {
        &self.heaps
    }

    /// The heap of `size` as a part of misère Nim, or why it is none: larger than the
    /// table, or wild.
    pub fn part(&self, size: u64) -> Result<Tame, String> {
        let h = self
            .heaps
            .get(size as usize)
            .ok_or_else(|| format!("heap {size} is beyond the heaps whose genus is computed"))?;
        if !h.tame {
            return Err(format!(
                "heap {size} (genus {}) is wild: it can lead to a position whose genus is no Nim position's",
                h.genus
            ));
        }
        Ok(Tame {
            grundy: u128::from(h.genus.normal()),
            firm: h.genus.firm(),
        })
    }

    /// The misère Grundy value of a sum of tame heaps by misère Nim's rule, or why the
    /// rule does not apply.
    pub fn grundy(&self, heaps: &[u64]) -> Result<u128, String> {
        let parts = heaps
            .iter()
            .map(|&h| self.part(h))
            .collect::<Result<Vec<Tame>, String>>()?;
        Ok(super::nim::sum_grundy(parts))
    }
}
