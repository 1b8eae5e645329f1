//! Tests of `grundy_games::rules::octal::naive`.

use grundy_engine::sequence::Source;
use grundy_games::rules::octal::naive::*;

fn first(source: &mut dyn Source, n: usize) -> Vec<u32> {
    let mut v = Vec::new();
    source.extend(&mut v, n);
    v
}

#[test]
fn kayles_starts_as_published() {
    // 0.77: take 1 or 2, leaving 0, 1 or 2 heaps.
    let moves = HeapMoves {
        take_all: vec![1, 2],
        leave_one: vec![1, 2],
        leave_two: vec![1, 2],
        leave_three: vec![],
    };
    let v = first(&mut NaiveOctal::new(moves), 13);
    assert_eq!(v, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
}
