//! Tests of `grundy_games::rules::subtraction::values`.

use grundy_engine::sequence::Source;
use grundy_games::rules::subtraction::values::*;

fn first(source: &mut dyn Source, n: usize) -> Vec<u32> {
    let mut v = Vec::new();
    source.extend(&mut v, n);
    v
}

#[test]
fn subtraction_one_to_k_is_n_mod_k_plus_one() {
    let v = first(&mut SubtractionValues::new(vec![1, 2, 3]), 20);
    let expect: Vec<u32> = (0..20).map(|n| n % 4).collect();
    assert_eq!(v, expect);
}
