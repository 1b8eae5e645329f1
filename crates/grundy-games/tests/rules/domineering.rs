//! Tests of `grundy_games::rules::domineering`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_games::rules::domineering::*;

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    for text in ["..#|...|...", ".", "#", "........|........", ".#.#|#.#."] {
        let b: Board = text.parse().unwrap();
        assert_eq!(b.to_string(), text);
    }
    let err = |t: &str| t.parse::<Board>().unwrap_err();
    assert_eq!(err("").column, 1);
    assert_eq!(err("..x").column, 3);
    assert_eq!(err("...|..").column, 7);
    assert_eq!(err("..|...").column, 6);
    assert_eq!(err(".........").column, 9);
    assert_eq!(err(".|.|.|.|.|.|.|.|.").column, 17);
    assert_eq!(err("..||..").column, 4);
    for (text, row, col, vertical) in [("b1-b2", 0, 1, true), ("b2-b1", 0, 1, true)] {
        let d: Domino = text.parse().unwrap();
        assert_eq!(d, Domino { row, col, vertical });
    }
    assert_eq!("c3-b3".parse::<Domino>().unwrap().to_string(), "b3-c3");
    for bad in [
        "a1", "a1-b2", "a1-a3", "i1-i2", "a0-a1", "a9-a8", "A1-A2", "-",
    ] {
        assert!(bad.parse::<Domino>().is_err(), "{bad}");
    }
}

#[test]
fn moves_and_their_checks() {
    let d = Domineering::new();
    let b: Board = "..#|...".parse().unwrap();
    let names = |p| -> Vec<String> { d.moves(&b, p).iter().map(ToString::to_string).collect() };
    assert_eq!(names(Player::Left), ["a1-a2", "b1-b2"]);
    assert_eq!(names(Player::Right), ["a1-b1", "a2-b2", "b2-c2"]);
    assert_eq!(
        d.show_position(&d.play(&b, &"a1-a2".parse().unwrap())),
        "#.#|#.."
    );
    assert!(d.parse_move(&b, Player::Left, "a1-b1").is_err());
    assert!(d.parse_move(&b, Player::Right, "c1-c2").is_err());
    assert!(d.parse_move(&b, Player::Left, "c1-c2").is_err());
    assert!(d.parse_move(&b, Player::Left, "a3-a4").is_err());
    assert!(d.parse_move(&b, Player::Left, "a1-a2").is_ok());
}
