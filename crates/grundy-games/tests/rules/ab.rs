//! Tests of `grundy_games::rules::ab`.

use grundy_engine::game::Player;
use grundy_games::rules::ab::*;

#[test]
fn samples() {
    for (row, winner) in [("A.B", 'A'), ("A..B", 'A'), ("A..B.A..B", 'B')] {
        let s = Summary::of_cells(row.as_bytes());
        let a_wins = s.wins_moving_first(Player::Left);
        assert_eq!(if a_wins { 'A' } else { 'B' }, winner, "{row}");
    }
}

#[test]
fn values() {
    assert_eq!(Summary::of_cells(b"A..A").value_string(), "2");
    assert_eq!(Summary::of_cells(b"B.B").value_string(), "-1");
    assert_eq!(Summary::of_cells(b"A...B").value_string(), "*3");
    assert_eq!(Summary::of_cells(b"A..A.A.B").value_string(), "2 + *");
    assert_eq!(Summary::of_cells(b"..").value_string(), "0");
    assert_eq!(Summary::of_cells(b"..B..").value_string(), "-2");
}

#[test]
fn notation_round_trips() {
    assert_eq!("A..B.A..B".parse::<Row>().unwrap().to_string(), "A..B.A..B");
    let err = "A.C".parse::<Row>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "character 3: expected '.', 'A' or 'B', found 'C'"
    );
}
