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
pub(crate) struct ValueCache {
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
pub(crate) const GROWTH_TIME: Duration = Duration::from_secs(2);

/// The first of `heaps` that `seq` cannot give the value of.
fn first_missing(seq: &Sequence, heaps: &[u64]) -> Option<u64> {
    heaps.iter().copied().find(|&h| seq.get(h).is_none())
}

impl ValueCache {
    /// An empty cache that computes at most G(0), ..., G(`cap`).
    fn with_cap(cap: usize) -> ValueCache {
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
    pub(crate) fn with<T>(
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
                return Err(Unsolved::new(beyond.to_string()));
            }
        }
        Ok(f(&computed.seq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::subtraction::SubtractionValues;

    fn take_1_2() -> Box<dyn Source> {
        Box::new(SubtractionValues::new(vec![1, 2]))
    }

    /// A source that never repeats: G(n) = n (Nim), so no period is ever proven.
    struct Counting;
    impl Source for Counting {
        fn extend(&mut self, values: &mut Vec<u32>, len: usize) {
            while values.len() < len {
                values.push(values.len() as u32);
            }
        }

        fn resume(&mut self, values: &mut Vec<u32>, known: &[u32]) {
            values.extend_from_slice(known);
        }
    }

    #[test]
    fn grows_on_demand_and_uses_a_proven_period() {
        let cache = ValueCache::default();
        let rule = ProofRule::Window { width: 2 };
        // No heaps: G(0) at least, as for a position without heaps.
        assert_eq!(
            cache.clone().with(&[], rule, take_1_2, |s| s.computed()),
            Ok(1)
        );
        let g = cache.with(&[4, 7], rule, take_1_2, |s| (s.get(4), s.get(7)));
        assert_eq!(g.unwrap(), (Some(1), Some(1)));
        // {1, 2}: period 3 is proven, so any heap is known at once.
        let far = cache.with(
            &[u64::MAX],
            rule,
            || unreachable!("no recomputation"),
            |s| s.get(u64::MAX),
        );
        assert_eq!(far.unwrap(), Some((u64::MAX % 3) as u32));
    }

    #[test]
    fn the_default_cap_is_the_table_limit() {
        assert_eq!(ValueCache::default().cap, TABLE_LIMIT);
    }

    #[test]
    fn without_a_period_heaps_beyond_the_limit_are_unsolved() {
        let cache = ValueCache::with_cap(1000);
        let rule = ProofRule::Window { width: 1 };
        let source = || -> Box<dyn Source> { Box::new(Counting) };
        assert_eq!(
            cache.with(&[10], rule, source, |s| s.computed()).unwrap(),
            11
        );
        // Growth at least doubles the bound.
        assert_eq!(
            cache.with(&[12], rule, source, |s| s.computed()).unwrap(),
            21
        );
        assert_eq!(
            cache.with(&[5], rule, || unreachable!(), |s| s.get(5)),
            Ok(Some(5))
        );
        let huge = 1u64 << 40;
        let err = cache.with(&[3, huge], rule, source, |_| ()).unwrap_err();
        assert_eq!(
            err.reason,
            format!("heap {huge} is beyond the 1001 values computed, and they prove no period")
        );
        // At the limit nothing more is computed.
        let again = cache.with(&[huge], rule, || unreachable!(), |_| ());
        assert!(again.is_err());
        assert_eq!(
            cache
                .clone()
                .with(&[7], rule, || unreachable!(), |s| s.get(7)),
            Ok(Some(7))
        );
    }

    /// A source that never repeats and takes 10 µs a value: 2^22 of them would take
    /// 40 s, so the computation stops at the time limit.
    struct Slow;
    impl Source for Slow {
        fn extend(&mut self, values: &mut Vec<u32>, len: usize) {
            std::thread::sleep(Duration::from_micros(10) * (len - values.len()) as u32);
            Counting.extend(values, len);
        }

        fn resume(&mut self, values: &mut Vec<u32>, known: &[u32]) {
            values.extend_from_slice(known);
        }
    }

    #[test]
    fn growth_stops_within_the_time_budget() {
        let cache = ValueCache::default();
        let rule = ProofRule::Window { width: 1 };
        let started = std::time::Instant::now();
        let err = cache
            .with(&[1 << 40], rule, || Box::new(Slow), |_| ())
            .unwrap_err();
        // The time limit is looked at between chunks of values (a quarter of a
        // second at most here).
        let took = started.elapsed();
        assert!(took < GROWTH_TIME + Duration::from_secs(1), "{took:?}");
        assert!(
            err.reason
                .contains("values computed, and they prove no period"),
            "{}",
            err.reason
        );
        assert!(
            !err.reason
                .contains(&format!("the {} values", TABLE_LIMIT + 1)),
            "{}",
            err.reason
        );
    }
}
