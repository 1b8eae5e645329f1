//! Tests of `grundy_games::rules::octal::tail`.

use grundy_games::rules::octal::naive::naive_octal_value;

use grundy_engine::sequence::mex::{Marks, MaxValue};
use grundy_games::rules::octal::tail::*;

#[test]
fn the_shortcut_gives_the_mex_of_every_split() {
    // Dawson's chess, 0.137: periodic from 52 with period 34.
    let code: grundy_games::rules::octal::OctalCode = "0.137".parse().unwrap();
    let moves = code.heap_moves();
    let mut values = Vec::new();
    let mut marks = Marks::default();
    let mut max = MaxValue::default();
    while values.len() < 3000 {
        let v = naive_octal_value(&moves, &values, &mut marks, max);
        max.see(v);
        values.push(v);
    }
    assert_eq!(latest_repetition(&values), Some((52, 34)));
    let tail = PeriodicTail::new(&values[..200], 52, 34).unwrap();
    let mut seen = Vec::new();
    for n in 200..3000 {
        assert_eq!(
            tail.value(&moves, &values[..n], &mut seen),
            values[n],
            "{n}"
        );
    }
    // Not a repetition of these values.
    assert!(PeriodicTail::new(&values[..200], 10, 34).is_none());
}
