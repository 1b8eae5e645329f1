//! Tests of `grundy_games::rules::cutcake`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::cutcake::*;

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    for text in ["3x2", "3x2,4x1", "1x1", "."] {
        assert_eq!(text.parse::<Cakes>().unwrap().to_string(), text);
    }
    let col = |t: &str| t.parse::<Cakes>().unwrap_err().column;
    assert_eq!(col(""), 1);
    assert_eq!(col("3x0"), 3);
    assert_eq!(col("3x2,4"), 6);
    assert_eq!(col("3x2,x4"), 5);
    assert_eq!(col("100001x1"), 1);
}

#[test]
fn values_by_the_formula() {
    // Rows of height 1 are W - 1 (Left's free cuts), a square 0, 4x2 = {0|6} = 1,
    // and turning a cake negates it (by the definitions); 8x3 by the formula.
    // tests/all/partizan.rs checks the formula against the engine.
    assert_eq!(cake_value(5, 1), 4);
    assert_eq!(cake_value(3, 3), 0);
    assert_eq!(cake_value(4, 2), 1);
    assert_eq!(cake_value(8, 3), 3);
    assert_eq!(cake_value(2, 8), -3);
    assert_eq!(cake_value(1, 1), 0);
    let t = Cutcake;
    let pos: Cakes = "3x2,4x1".parse().unwrap();
    assert_eq!(t.value(&pos).unwrap().to_string(), "3");
    let names: Vec<String> = t
        .moves(&pos, Player::Left)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(names, ["1:v1", "1:v2", "2:v1", "2:v2", "2:v3"]);
    assert!(t.parse_move(&pos, Player::Left, "1:h1").is_err());
    assert!(t.parse_move(&pos, Player::Left, "v1").is_err());
    assert!(t.parse_move(&pos, Player::Left, "1:v3").is_err());
    assert_eq!(
        t.parse_move(&pos, Player::Right, "1:h1")
            .unwrap()
            .to_string(),
        "1:h1"
    );
}

#[test]
fn the_largest_positions_are_listed_within_bounds() {
    // 32 cakes of 100,000 x 3: 3.2 million cuts for Left, each judged, the first
    // two listed, all counted.
    let t = Cutcake;
    let text = vec![format!("{MAX_SIDE}x3"); MAX_CAKES].join(",");
    let pos: Cakes = text.parse().unwrap();
    let listing = t.winning_listing(&pos, Player::Left, 2).unwrap();
    assert_eq!(listing.moves.len(), 2);
    assert_eq!(
        listing.count,
        Some(MAX_CAKES as u128 * (MAX_SIDE as u128 - 1))
    );
    // The winning moves are those to positions worth >= 0, each valued afresh.
    let small: Cakes = "4x2,3x3".parse().unwrap();
    let by_value: Vec<Cut> = t
        .moves(&small, Player::Left)
        .into_iter()
        .filter(|m| value_of(&t.play(&small, m)) >= 0)
        .collect();
    assert_eq!(t.winning_moves(&small, Player::Left).unwrap(), by_value);
}
