//! Tests of `grundy_games::rules::table`.

use grundy_games::rules::table::*;

#[test]
fn sample() {
    let solver = TableSolver::from_digits(b"101", b"01");
    let answers: String = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
        .iter()
        .map(|&(x, y)| if solver.wins(x, y) { '1' } else { '0' })
        .collect();
    assert_eq!(answers, "110011");
}

#[test]
fn notation_round_trips() {
    let p: TablePosition = "101/01@2,3".parse().unwrap();
    assert_eq!(p.cell(), Cell { x: 2, y: 3 });
    assert_eq!(p.to_string(), "101/01@2,3");
    for (bad, column) in [
        ("101/01@3,1", 8),
        ("1x1/01@1,1", 2),
        ("101/0a@1,1", 6),
        ("101/01@1", 9),
        ("101/01@,1", 8),
        ("101/01@1,", 10),
        ("101/01", 7),
        ("/01@1,1", 1),
        ("101/01@0,0", 8),
    ] {
        let err = bad.parse::<TablePosition>().unwrap_err();
        assert_eq!(err.column, column, "{bad}: {err}");
    }
}
