//! Tests of `grundy_games::rules::toppling`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::toppling::*;

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    for text in ["xog", "x,o,g", "xxoo,gg", "."] {
        assert_eq!(text.parse::<Rows>().unwrap().to_string(), text);
    }
    let col = |t: &str| t.parse::<Rows>().unwrap_err().column;
    assert_eq!(col(""), 1);
    assert_eq!(col("xqo"), 2);
    assert_eq!(col("x,,o"), 3);
    assert_eq!(col("x,"), 3);
    assert_eq!(col(&"x".repeat(65)), 65);
}

#[test]
fn moves_topple_a_side_and_are_read_back() {
    let t = Toppling::default();
    let pos: Rows = "xog".parse().unwrap();
    let shown = |p| -> Vec<String> {
        t.moves(&pos, p)
            .iter()
            .map(|m| t.show_position(&t.play(&pos, m)))
            .collect()
    };
    assert_eq!(shown(Player::Left), ["og", ".", ".", "xo"]);
    assert_eq!(shown(Player::Right), ["g", "x", ".", "xo"]);
    let mv = t.parse_move(&pos, Player::Left, "3<").unwrap();
    assert_eq!(t.show_position(&t.play(&pos, &mv)), ".");
    assert!(t.parse_move(&pos, Player::Left, "2<").is_err());
    assert!(t.parse_move(&pos, Player::Right, "4>").is_err());
    assert!(t.parse_move(&pos, Player::Left, "1").is_err());
    let two: Rows = "xx,o".parse().unwrap();
    assert!(t.parse_move(&two, Player::Left, "1>").is_err());
    let mv = t.parse_move(&two, Player::Left, "1:2>").unwrap();
    assert_eq!(mv.to_string(), "1:2>");
    assert_eq!(
        t.parse_move(&pos, Player::Left, "1>").unwrap().to_string(),
        "1>"
    );
    assert_eq!(t.show_position(&t.play(&two, &mv)), "x,o");
}

#[test]
fn values_of_one_colour_and_small_rows() {
    let t = Toppling::default();
    let value = |text: &str| t.value(&text.parse().unwrap()).unwrap().to_string();
    assert_eq!(value("xxx"), "3");
    assert_eq!(value("ooo"), "-3");
    assert_eq!(value("gggg"), "*4");
    assert_eq!(value("xo"), "*");
    assert_eq!(value("xg"), "{1|0}");
    assert_eq!(value("xx,o"), "1");
    assert_eq!(value("."), "0");
}
