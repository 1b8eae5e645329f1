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
