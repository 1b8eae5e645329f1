//! Tests of `grundy_games::rules::heaps`.

use grundy_games::rules::heaps::*;
use grundy_games::rules::notation::Found;

#[test]
fn heaps_round_trip_and_errors() {
    for s in ["3,5,7", "", "0", "0,18446744073709551615"] {
        assert_eq!(s.parse::<Heaps>().unwrap().to_string(), s);
    }
    let e = "3,x".parse::<Heaps>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "character 3: expected a heap size (digits), found 'x'"
    );
    // An empty heap: the comma after it is what stands there.
    let e = "3,,4".parse::<Heaps>().unwrap_err();
    assert_eq!(e.column, 3);
    assert_eq!(e.found, Found::Char(','));
    let e = "3,".parse::<Heaps>().unwrap_err();
    assert_eq!((e.column, e.found), (3, Found::End));
    let e = "12,18446744073709551616".parse::<Heaps>().unwrap_err();
    assert_eq!(e.column, 4);
    assert!("3, 5".parse::<Heaps>().is_err());
}

#[test]
fn moves_round_trip_and_errors() {
    let m: HeapMove = "2-3".parse().unwrap();
    assert_eq!(m, HeapMove { heap: 1, take: 3 });
    assert_eq!(m.to_string(), "2-3");
    assert_eq!("0-1".parse::<HeapMove>().unwrap_err().column, 1);
    assert_eq!("12".parse::<HeapMove>().unwrap_err().column, 3);
    assert_eq!("12-x".parse::<HeapMove>().unwrap_err().column, 4);
}
