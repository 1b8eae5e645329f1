//! Tests of `grundy_games::rules::fox_geese`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::board::cell_name;
use grundy_engine::ruleset::Ruleset;
use grundy_games::rules::fox_geese::*;

#[test]
fn notation_round_trips_and_errors_say_where() {
    let r = FoxAndGeese;
    let start = "...f....|........|........|........|........|........|........|g.g.g.g.";
    let y = r.parse_position(start).unwrap();
    let example = r.parse_position(SPEC.example).unwrap();
    assert_eq!(r.show_position(&example), SPEC.example);
    assert_eq!(r.show_position(&y), start);
    assert_eq!(y.geese().len(), 4);
    assert_eq!(cell_name(y.fox()), "d1");
    let col = |t: &str| r.parse_position(t).unwrap_err().column;
    // A piece on a light square (a1), a second fox, a fifth goose, no fox.
    assert_eq!(col("g...|....|....|f..."), 1);
    assert_eq!(col(".f.f|....|....|g..."), 4);
    assert_eq!(col(".f.g|g.g.|.g.g|...."), 14);
    assert_eq!(col("....|....|....|g.g."), 20);
    // A short row, an odd side, too many rows, a bad character.
    assert_eq!(col(".f..|...|....|g..."), 9);
    assert_eq!(col(".f.|...|g.."), 4);
    assert_eq!(col(".f..|....|....|g...|...."), 20);
    assert_eq!(col(".f..|..x.|....|g..."), 8);
    assert!(r.parse_position("").is_err());
    assert!(r.parse_position(&".".repeat(80)).is_err());
}

#[test]
fn moves_and_errors() {
    let r = FoxAndGeese;
    let y = r.parse_position(".f..|....|....|g.g.").unwrap();
    let names = |p| -> Vec<String> { r.moves(&y, p).iter().map(ToString::to_string).collect() };
    assert_eq!(names(Player::Left), ["a4-b3", "c4-b3", "c4-d3"]);
    assert_eq!(names(Player::Right), ["b1-a2", "b1-c2"]);
    let mv = r.parse_move(&y, Player::Left, "c4-d3").unwrap();
    assert_eq!(r.show_position(&r.play(&y, &mv)), ".f..|....|...g|g...");
    for bad in ["c4-c3", "c4-b5", "b1-a2", "a4", "e5-d4", "c4 d3"] {
        assert!(r.parse_move(&y, Player::Left, bad).is_err(), "{bad}");
    }
    assert!(r.parse_move(&y, Player::Right, "b1-a2").is_ok());
    assert!(r.parse_move(&y, Player::Right, "a4-b3").is_err());
    // A trapped fox has no move.
    let trapped = r.parse_position(".f..|g.g.|....|....").unwrap();
    assert!(r.moves(&trapped, Player::Right).is_empty());
}
