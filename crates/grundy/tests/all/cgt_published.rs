//! Published values of short games (`tests/data/cgt/values.txt`, sources in the
//! file): canonical forms, comparisons and invariants as grundy computes them.

use grundy::cgt::{parse_query, parse_value, CanonicalForm, Query, ValueBudget};

fn invariant(name: &str, g: CanonicalForm) -> String {
    match name {
        "temperature" => g.temperature().unwrap().to_string(),
        "mean" => g.mean().unwrap().to_string(),
        "birthday" => g.birthday().to_string(),
        "left_stop" => g.left_stop().to_string(),
        "right_stop" => g.right_stop().to_string(),
        "outcome" => format!("{:?}", g.outcome()),
        other => panic!("unknown invariant {other}"),
    }
}

#[test]
fn published_values() {
    let text = include_str!("../data/cgt/values.txt");
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (lhs, expected) = line
            .split_once(" => ")
            .unwrap_or_else(|| panic!("line {}: no ' => '", i + 1));
        let budget = ValueBudget::unlimited();
        let got = match lhs.split_once(' ') {
            Some((name, expr))
                if name.chars().all(|c| c.is_ascii_lowercase() || c == '_') && name != "v" =>
            {
                invariant(name, parse_value(expr, &budget).unwrap())
            }
            _ => match parse_query(lhs, &budget).unwrap() {
                Query::Value(g) => g.to_string(),
                Query::Compare { holds, .. } => holds.to_string(),
            },
        };
        assert_eq!(got, expected, "line {}: {lhs}", i + 1);
        checked += 1;
    }
    assert!(checked >= 70, "only {checked} values checked");
}
