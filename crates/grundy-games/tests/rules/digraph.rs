//! Tests of `grundy_games::rules::digraph`.

use grundy_engine::engine::retrograde::GameResult;
use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::digraph::*;

#[test]
fn notation_round_trips_and_refuses_bad_input() {
    let d = Digraph;
    let p = d.parse_position("0>1,1>0,1>2@2,0").unwrap();
    assert_eq!(d.show_position(&p), "0>1,1>0,1>2@0,2");
    assert_eq!(d.moves(&p, Player::Left).len(), 1);
    let q = d.play(&p, &Slide { from: 0, to: 1 });
    assert_eq!(d.show_position(&q), "0>1,1>0,1>2@1,2");
    for bad in ["0>1", "0-1@0", "0>1@", "0>200@0", "0>1@x", "@"] {
        assert!(d.parse_position(bad).is_err(), "{bad}");
    }
    assert!(d.parse_position("@0").is_ok());
    assert!(d.parse_move(&p, Player::Left, "1>2").is_err());
    assert!(d.parse_move(&p, Player::Left, "0>2").is_err());
    assert!(d.parse_move(&p, Player::Left, "0>1").is_ok());
}

#[test]
fn token_values_and_the_sum() {
    let d = Digraph;
    let p = d.parse_position("0>1,1>0,1>2@0,2").unwrap();
    // 2 has no move (0); 1 -> 2 (0) and 1 -> 0: 1 is 1; 0 -> 1 only: 0 is 0.
    let e = d.explain(&p, Player::Left, 10).unwrap();
    assert_eq!(e.reduction["token_values"], serde_json::json!(["0", "0"]));
    assert_eq!(
        d.result(&p, Player::Left).unwrap(),
        (GameResult::Lose, None)
    );
}
