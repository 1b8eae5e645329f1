//! Tests of `grundy_games::rules::heaps::cache`.

use grundy_engine::sequence::{ProofRule, Source, TABLE_LIMIT};
use grundy_games::rules::heaps::cache::*;
use grundy_games::rules::subtraction::SubtractionValues;
use std::time::Duration;

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
    assert_eq!(ValueCache::default().cap(), TABLE_LIMIT);
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
