//! Tests of `grundy_games::rules::grundy_game::values`.

use grundy_engine::sequence::mex::{Marks, MaxValue};
use grundy_engine::sequence::Source;
use grundy_games::rules::grundy_game::values::*;

/// G by the definition with a set of options, from any given prefix of values.
fn mex_of_splits(values: &[u32]) -> u32 {
    let n = values.len();
    let seen: std::collections::BTreeSet<u32> = (1..n)
        .filter(|&a| a < n - a)
        .map(|a| values[a] ^ values[n - a])
        .collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

fn first(source: &mut dyn Source, n: usize) -> Vec<u32> {
    let mut v = Vec::new();
    source.extend(&mut v, n);
    v
}

#[test]
fn the_definition_is_the_mex_of_the_splits() {
    let values = first(&mut GrundyGameValues::new(), 3000);
    for n in 0..values.len() {
        assert_eq!(values[n], mex_of_splits(&values[..n]), "G({n})");
    }
    // The wide path (values of 64 and more), on made-up prefixes.
    let mut marks = Marks::default();
    for seed in 0..200u32 {
        let prefix: Vec<u32> = (0..50 + seed)
            .map(|i| (i * 7919 + seed * 31) % 150)
            .collect();
        let max = MaxValue(*prefix.iter().max().unwrap());
        assert_eq!(next_value(&prefix, &mut marks, max), mex_of_splits(&prefix));
    }
}

#[test]
fn sparse_space_agrees_with_the_definition() {
    let n = 20_000;
    let definition = first(&mut GrundyGameValues::new(), n);
    let mut sparse = SparseGrundyGame::new();
    assert_eq!(first(&mut sparse, n), definition);
    let mask = sparse.mask().expect("a sparse space by 20000 heaps");
    // Flammenkamp's mask: every value bit but the lowest.
    assert_eq!((mask.bits & 0xff, mask.by_size), (0xfe, false));
    // Masks forced from the start, even poor ones, give the same values.
    for sample in [1, 2, 3, 7, 64, 500] {
        let mut forced = SparseGrundyGame::forced(sample);
        assert_eq!(
            first(&mut forced, 4000),
            definition[..4000],
            "sample {sample}"
        );
        assert!(forced.mask().is_some());
    }
}

#[test]
fn values_in_pieces_equal_values_at_once() {
    let mut source = SparseGrundyGame::forced(100);
    let mut values = Vec::new();
    for len in [0, 1, 5, 99, 100, 101, 3000, 3001, 5000] {
        source.extend(&mut values, len);
    }
    assert_eq!(values, first(&mut GrundyGameValues::new(), 5000));
}
