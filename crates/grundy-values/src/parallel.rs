//! The engines' data-parallel loops over indices, on rayon's pool, compiled once.
//!
//! Each loop takes its body as a `&dyn Fn`, so rayon's generic machinery (producers,
//! splitters, the jobs of `join`) is instantiated here once per result type instead
//! of once for every game, wrapper and engine that runs a loop in parallel: the
//! loops of the canonical-form engine, and in `grundy-engine` of the tier solver,
//! the dense solver and `verify`, used to be about a sixth of the code compiled for
//! the games. A body is a unit of real work (a state's
//! moves folded, a block of a table, a chunk of positions checked), so one indirect
//! call per index costs nothing measurable.

use rayon::prelude::*;

/// `body(0), ..., body(n - 1)`, computed in parallel, collected in index order; an
/// error if any call fails (when several fail, any one of them).
pub fn try_map<T, E>(n: usize, body: &(dyn Fn(usize) -> Result<T, E> + Sync)) -> Result<Vec<T>, E>
where
    T: Send,
    E: Send,
{
    (0..n).into_par_iter().map(body).collect()
}

/// `body(i)` for every `i < n`, in parallel; stops early at an error and returns one
/// (when several fail, any one of them).
pub fn try_each<E: Send>(
    n: usize,
    body: &(dyn Fn(usize) -> Result<(), E> + Sync),
) -> Result<(), E> {
    (0..n).into_par_iter().try_for_each(body)
}

/// The `Some` of the smallest index `i < n` whose `body(i)` is `Some`, computed in
/// parallel; calls past it may be skipped.
pub fn find_first<T: Send>(n: usize, body: &(dyn Fn(usize) -> Option<T> + Sync)) -> Option<T> {
    (0..n).into_par_iter().find_map_first(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn try_map_keeps_the_order_and_reports_an_error() {
        let squares = try_map::<usize, ()>(1000, &|i| Ok(i * i)).unwrap();
        assert_eq!(squares, (0..1000).map(|i| i * i).collect::<Vec<_>>());
        let failed = try_map(1000, &|i| if i == 617 { Err(i) } else { Ok(i) });
        assert_eq!(failed, Err(617));
        assert_eq!(try_map::<u8, ()>(0, &|_| unreachable!()), Ok(Vec::new()));
    }

    #[test]
    fn try_each_visits_every_index_once_or_stops_at_an_error() {
        use std::sync::atomic::{AtomicU64, Ordering};
        let sum = AtomicU64::new(0);
        try_each::<()>(1000, &|i| {
            sum.fetch_add(i as u64, Ordering::Relaxed);
            Ok(())
        })
        .unwrap();
        assert_eq!(sum.into_inner(), 999 * 1000 / 2);
        assert_eq!(
            try_each(1000, &|i| if i % 300 == 299 { Err(()) } else { Ok(()) }),
            Err(())
        );
    }

    #[test]
    fn find_first_finds_the_smallest_index() {
        let first = find_first(10_000, &|i| (i % 1000 == 999 || i == 4321).then_some(i));
        assert_eq!(first, Some(999));
        assert_eq!(find_first(10_000, &|_| None::<()>), None);
    }
}
