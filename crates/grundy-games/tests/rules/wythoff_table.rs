//! Tests of `grundy_games::rules::wythoff::table`.

use grundy_games::rules::wythoff::golden::is_p_position;
use grundy_games::rules::wythoff::table::*;

/// G(a, b) by the definition, with a set per position.
fn by_definition(largest: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; largest + 1]; largest + 1];
    for a in 0..=largest {
        for b in 0..=largest {
            let mut seen = std::collections::BTreeSet::new();
            seen.extend((0..a).map(|x| g[x][b]));
            seen.extend((0..b).map(|y| g[a][y]));
            seen.extend((1..=a.min(b)).map(|t| g[a - t][b - t]));
            g[a][b] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    g
}

#[test]
fn table_matches_the_definition() {
    let table = ValueTable::new(100);
    let slow = by_definition(100);
    for (a, row) in slow.iter().enumerate() {
        for (b, &g) in row.iter().enumerate() {
            let (a, b) = (a as u64, b as u64);
            assert_eq!(table.get(a, b), Some(g), "G({a}, {b})");
            assert_eq!(g == 0, is_p_position(a, b), "({a}, {b})");
        }
    }
    assert_eq!(table.get(101, 0), None);
    assert_eq!(ValueTable::new(0).get(0, 0), Some(0));
}
