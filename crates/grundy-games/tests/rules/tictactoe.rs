//! Tests of `grundy_games::rules::tictactoe`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::{End, Ruleset};
use grundy_games::rules::marks::Mark;
use grundy_games::rules::tictactoe::*;

#[test]
fn moves_and_ends() {
    let t = TicTacToe;
    let p = t.parse_position("x.o|.x.|...").unwrap();
    assert_eq!(p.to_move(), Mark::O);
    assert_eq!(t.moves(&p, Player::Left).len(), 6);
    let mv = t.parse_move(&p, Player::Left, "c3").unwrap();
    assert_eq!(mv.to_string(), "c3");
    assert_eq!(t.show_position(&t.play(&p, &mv)), "x.o|.x.|..o");
    assert!(t.parse_move(&p, Player::Left, "a1").is_err());
    assert!(t.parse_move(&p, Player::Left, "d1").is_err());
    let full = t.parse_position("xox|xoo|oxx").unwrap();
    assert_eq!(t.end(&full, Player::Left), Some(End::Tie));
    let won = t.parse_position("xxx|oo.|...").unwrap();
    assert_eq!(t.end(&won, Player::Left), Some(End::Lose));
    assert!(t.moves(&won, Player::Left).is_empty());
}
