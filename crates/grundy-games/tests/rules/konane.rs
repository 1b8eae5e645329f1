//! Tests of `grundy_games::rules::konane`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::konane::*;
use grundy_games::rules::stones::Board;

#[test]
fn jumps_and_their_checks() {
    let k = Konane::default();
    let b: Board = "xo.o.|.....".parse().unwrap();
    let names = |p| -> Vec<String> { k.moves(&b, p).iter().map(ToString::to_string).collect() };
    assert_eq!(names(Player::Left), ["a1-c1", "a1-e1"]);
    assert_eq!(names(Player::Right), Vec::<String>::new());
    assert_eq!(
        k.play(&b, &"a1-e1".parse().unwrap()).to_string(),
        "....x|....."
    );
    assert_eq!(
        k.play(&b, &"a1-c1".parse().unwrap()).to_string(),
        "..xo.|....."
    );
    assert!(k.parse_move(&b, Player::Left, "a1-b1").is_err());
    assert!(k.parse_move(&b, Player::Left, "a1-d1").is_err());
    assert!(k.parse_move(&b, Player::Left, "a1-a3").is_err());
    assert!(k.parse_move(&b, Player::Right, "b1-d1").is_err());
    let value = |t: &str| k.value(&t.parse().unwrap()).unwrap().to_string();
    assert_eq!(value("xo."), "1");
    assert_eq!(value(".xo."), "*");
}
