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

/// A vertex left out in the middle of the text names what stands in its place (the
/// ',', '>' or '@' that came too soon), never "the end"; the end is named only at
/// the end.
#[test]
fn a_missing_vertex_names_what_stands_in_its_place() {
    let expected = "expected a vertex number 0 to 127";
    for (bad, message) in [
        ("0>,1@0", "character 3: {}, found ','"),
        (">1@0", "character 1: {}, found '>'"),
        ("0>1,>2@0", "character 5: {}, found '>'"),
        ("0>1@,0", "character 5: {}, found ','"),
        ("0>1@0,,1", "character 7: {}, found ','"),
        ("0>@0", "character 3: {}, found '@'"),
        ("0>1@", "character 5: {}, found the end"),
        ("0>1@0,", "character 7: {}, found the end"),
        ("é>1@0", "character 1: {}, found \"é\""),
    ] {
        let e = Digraph.parse_position(bad).unwrap_err();
        assert_eq!(e.to_string(), message.replace("{}", expected), "{bad}");
    }
    let e = Digraph.parse_position("0>1,,1>2@0").unwrap_err();
    assert_eq!(
        e.to_string(),
        "character 5: expected an edge A>B, e.g. 0>1, found ','"
    );
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
