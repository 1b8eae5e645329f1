//! Tests of `grundy_games::rules::connect_four`.

use grundy_engine::engine::retrograde::GameResult;
use grundy_engine::game::Player;
use grundy_engine::ruleset::RulesetExt;
use grundy_engine::ruleset::{End, Ruleset};
use grundy_games::rules::connect_four::*;

#[test]
fn drops_fall_and_lines_end_the_game() {
    let c4 = ConnectFour;
    let p = c4.parse_position("....|....|....|....").unwrap();
    let q = c4.play(&p, &c4.parse_move(&p, Player::Left, "b").unwrap());
    assert_eq!(c4.show_position(&q), "....|....|....|.x..");
    assert_eq!(c4.touches(&q, &Drop(1)), vec![[2, 1]]);
    assert!(c4.parse_move(&p, Player::Left, "e").is_err());
    let won = c4.parse_position("x...|xo..|xo..|xo..").unwrap();
    assert_eq!(c4.end(&won, Player::Left), Some(End::Lose));
    assert!(c4.parse_position("x...|....").is_err());
    assert_eq!(centre_first(7), vec![3, 2, 4, 1, 5, 0, 6]);
}

#[test]
fn alpha_beta_finds_a_threat() {
    let c4 = ConnectFour;
    // x to move has three in column a: a win at once.
    let p = c4.parse_position("....|x...|xo..|xoo.").unwrap();
    assert_eq!(c4.search(&p, 1 << 20), Some(GameResult::Win));
    // o to move must block it, and then cannot be beaten on so small a board.
    let q = c4.parse_position("....|x...|xo..|xo..").unwrap();
    assert_ne!(c4.search(&q, 1 << 20), Some(GameResult::Lose));
}
