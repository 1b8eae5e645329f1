//! Tests of `grundy_games::rules::pawns`.

use grundy_games::rules::pawns::*;

#[test]
fn sample_and_small_values() {
    let rules = Pawns::adapwns();
    assert_ne!(rules.nim_value(b"..P.P"), 0);
    assert_eq!(rules.nim_value(b""), 0);
    assert_eq!(rules.nim_value(b"PP"), 0);
    assert_eq!(rules.nim_value(b"..."), 0);
    // One pawn with s empty squares to its left is worth s mod 3.
    assert_eq!(rules.nim_value(b"....P"), 1);
    // ...P..P.P: piles 3, 2, 1 from the left; counted from the last: 1 and 3,
    // worth 1 and 0.
    assert_eq!(rules.nim_value(b"...P..P.P"), 1);
}

#[test]
fn notation_round_trips() {
    for s in ["..P.P", "", "P", "....", "P.P.PP"] {
        assert_eq!(s.parse::<Board>().unwrap().to_string(), s);
    }
    assert_eq!(
        format!("{:?}", "..P.P".parse::<Board>().unwrap()),
        r#"Board("..P.P")"#
    );
    let err = "..X".parse::<Board>().unwrap_err();
    assert_eq!(err.column, 3);
    assert_eq!(
        err.to_string(),
        "character 3: expected '.' or 'P', found 'X'"
    );
    let m: PawnMove = "5-4".parse().unwrap();
    assert_eq!(m, PawnMove { from: 4, to: 3 });
    assert_eq!(m.to_string(), "5-4");
    assert!("5".parse::<PawnMove>().is_err());
    assert!("0-1".parse::<PawnMove>().is_err());
    assert!(Pawns::new(0).is_err());
}

#[test]
fn moves_never_jump() {
    let rules = Pawns::new(3).unwrap();
    let board: Board = ".P..P".parse().unwrap();
    let moves: Vec<String> = rules
        .legal_moves(&board)
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, ["2-1", "5-4", "5-3"]);
}
