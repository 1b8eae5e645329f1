//! Tests of `grundy_games::rules::clobber`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_games::rules::clobber::*;
use grundy_games::rules::stones::Board;

#[test]
fn moves_and_their_checks() {
    let c = Clobber::default();
    let b: Board = "xo.|ox.".parse().unwrap();
    let names = |p| -> Vec<String> { c.moves(&b, p).iter().map(ToString::to_string).collect() };
    assert_eq!(names(Player::Left), ["a1-b1", "a1-a2", "b2-b1", "b2-a2"]);
    assert_eq!(names(Player::Right), ["b1-a1", "b1-b2", "a2-a1", "a2-b2"]);
    assert_eq!(c.play(&b, &"a1-b1".parse().unwrap()).to_string(), ".x.|ox.");
    assert_eq!(c.play(&b, &"a2-b2".parse().unwrap()).to_string(), "xo.|.o.");
    assert!(c.parse_move(&b, Player::Left, "b1-a1").is_err());
    assert!(c.parse_move(&b, Player::Left, "b2-c2").is_err());
    assert!(c.parse_move(&b, Player::Left, "a1-b2").is_err());
    assert!(c.parse_move(&b, Player::Left, "h8-h7").is_err());
    assert!(c.parse_move(&b, Player::Right, "b1-b2").is_ok());
}
