//! Tests of `grundy_games::rules::table::position`.

use grundy_games::rules::table::*;
use grundy_games::rules::table::{Cell, Table, TableMove};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

#[test]
fn positions_of_equal_tables_are_equal() {
    let a: TablePosition = "101/01@2,3".parse().unwrap();
    let b: TablePosition = "101/01@2,3".parse().unwrap();
    let c: TablePosition = "100/01@2,3".parse().unwrap();
    // Parsed apart, the two share no table.
    assert!(!std::ptr::eq(a.table(), b.table()));
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_ne!(a, a.after(TableMove::Up));
    let hash = |p: &TablePosition| {
        let mut h = DefaultHasher::new();
        p.hash(&mut h);
        h.finish()
    };
    assert_eq!(hash(&a), hash(&b));
    assert_eq!(format!("{a:?}"), r#"TablePosition("101/01@2,3")"#);
    assert_eq!(
        TablePosition::new(Table::new("1", "0").unwrap(), Cell { x: 0, y: 0 }),
        None
    );
    assert_eq!(
        TablePosition::new(Table::new("1", "0").unwrap(), Cell { x: 2, y: 1 }),
        None
    );
}

/// A part left out in the middle of a position names what stands in its place (the
/// '/', '@' or ',' that came too soon), never "the end"; a number that is not one
/// names its first character that is not a digit.
#[test]
fn a_missing_part_names_what_stands_in_its_place() {
    for (bad, message) in [
        (
            "/01@1,1",
            "character 1: expected a boundary string of '0' and '1', found '/'",
        ),
        (
            "01/@1,1",
            "character 4: expected a boundary string of '0' and '1', found '@'",
        ),
        (
            "01/01@,1",
            "character 7: expected a row number X, found ','",
        ),
        (
            "01/01@1,",
            "character 9: expected a column number Y, found the end",
        ),
        (
            "01/01@1,,1",
            "character 9: expected a column number Y, found ','",
        ),
        (
            "01/01@1x,1",
            "character 8: expected a row number X, found 'x'",
        ),
    ] {
        let e = bad.parse::<TablePosition>().unwrap_err();
        assert_eq!(e.to_string(), message, "{bad}");
    }
    let e = Table::new("", "01").unwrap_err();
    assert_eq!(
        e.to_string(),
        "character 1: expected a boundary string of '0' and '1', found the end"
    );
}
