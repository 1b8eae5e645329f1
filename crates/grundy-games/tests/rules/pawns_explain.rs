//! Tests of `grundy_games::rules::pawns::explain`.

use grundy_games::rules::pawns::explain::*;

#[test]
fn lists_read_as_english() {
    let s = |v: &[&str]| list(&v.iter().map(|x| x.to_string()).collect::<Vec<_>>());
    assert_eq!(s(&[]), "");
    assert_eq!(s(&["a"]), "a");
    assert_eq!(s(&["a", "b"]), "a and b");
    assert_eq!(s(&["a", "b", "c"]), "a, b and c");
    assert_eq!(amount(1, "square"), "one square");
    assert_eq!(amount(2, "stone"), "one or two stones");
    assert_eq!(amount(4, "stone"), "1 to 4 stones");
}
