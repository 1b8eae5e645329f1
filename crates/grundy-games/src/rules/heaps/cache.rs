//! The Grundy values of a heap game, computed on demand and kept: a ruleset asks for
//! the heaps of a position, and the sequence grows to cover them.

use std::sync::{PoisonError, RwLock};
use std::time::Duration;

use crate::ruleset::Unsolved;
use crate::sequence::{self, BeyondComputed, Options, ProofRule, Sequence, Source, TABLE_LIMIT};

/// What has been computed: the sequence and the bound it was computed to.
#[derive(Clone, Debug)]
struct Computed {
    /// G(0), G(1), ... and the proven period, if any.
    seq: Sequence,
    /// The sequence was computed until a period was proven or G(limit) was reached;
    /// `None` before anything was computed.
    limit: Option<usize>,
}

/// A heap game's Grundy sequence, grown when a larger heap is asked for, up to
/// [`TABLE_LIMIT`] values; beyond them a heap needs a proven period.
///
/// The first computation goes exactly to the largest heap asked for (or stops at
/// a proven period), as [`sequence::table_for`] does; each later growth at least
/// doubles the bound, so a run that asks for ever larger heaps costs a small factor
/// over computing the largest once. No computation runs past [`GROWTH_TIME`].
#[derive(Debug)]
pub struct ValueCache {
    computed: RwLock<Computed>,
    /// The most values computed: G(0), ..., G(cap).
    cap: usize,
}

impl Default for ValueCache {
    fn default() -> Self {
        ValueCache::with_cap(TABLE_LIMIT)
    }
}

impl Clone for ValueCache {
    fn clone(&self) -> Self {
        let computed = self
            .computed
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        ValueCache {
            computed: RwLock::new(computed),
            cap: self.cap,
        }
    }
}

/// How long one request may spend growing the sequence (the time limit of
/// [`sequence::compute`]); a heap still beyond is [`Unsolved`], and `grundy sequence`
/// computes further.
pub const GROWTH_TIME: Duration = Duration::from_secs(2);

/// The first of `heaps` that `seq` cannot give the value of.
fn first_missing(seq: &Sequence, heaps: &[u64]) -> Option<u64> {
    heaps.iter().copied().find(|&h| seq.get(h).is_none())
}

impl ValueCache {
    /// The most values the cache computes: G(0), ..., G(`cap`).
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// An empty cache that computes at most G(0), ..., G(`cap`).
    pub fn with_cap(cap: usize) -> ValueCache {
        ValueCache {
            computed: RwLock::new(Computed {
                seq: Sequence {
                    values: Vec::new(),
                    period: None,
                },
                limit: None,
            }),
            cap,
        }
    }

    /// Calls `f` with a sequence that gives the value of every one of `heaps` (and of
    /// every smaller heap; at least G(0) when `heaps` is empty), computing more values with a fresh source from `source`
    /// and proving periods by `rule` when needed. A heap beyond [`TABLE_LIMIT`]
    /// values that prove no period is [`Unsolved`], with the heap and the number of
    /// values computed.
    pub fn with<T>(
        &self,
        heaps: &[u64],
        rule: ProofRule,
        source: impl Fn() -> Box<dyn Source>,
        f: impl FnOnce(&Sequence) -> T,
    ) -> Result<T, Unsolved> {
        // Nothing computed yet, or a heap not covered.
        let lacking = |c: &Computed| c.limit.is_none() || first_missing(&c.seq, heaps).is_some();
        {
            let computed = self.computed.read().unwrap_or_else(PoisonError::into_inner);
            if !lacking(&computed) {
                return Ok(f(&computed.seq));
            }
        }
        let mut computed = self
            .computed
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        if lacking(&computed) {
            let largest = heaps.iter().copied().max().unwrap_or(0);
            let wanted = usize::try_from(largest).unwrap_or(usize::MAX);
            let limit = match computed.limit {
                None => wanted,
                Some(old) => wanted.max(old.saturating_mul(2)),
            }
            .min(self.cap);
            if computed.limit.is_none_or(|old| limit > old) {
                let options = Options::until_proven(limit).with_time_limit(Some(GROWTH_TIME));
                computed.seq = sequence::compute(&mut *source(), rule, &options, &mut |_| {});
                computed.limit = Some(limit);
            }
            if let Some(heap) = first_missing(&computed.seq, heaps) {
                let beyond = BeyondComputed {
                    heap,
                    computed: computed.seq.computed(),
                };
                return Err(Unsolved::no_theory(beyond.to_string()));
            }
        }
        Ok(f(&computed.seq))
    }
}
