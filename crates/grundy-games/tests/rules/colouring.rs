//! Tests of `grundy_games::rules::colouring`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::colouring::*;

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    for text in ["...|...", "x.o#", ".", "#"] {
        assert_eq!(text.parse::<Map>().unwrap().to_string(), text);
    }
    let col = |t: &str| t.parse::<Map>().unwrap_err().column;
    assert_eq!(col(""), 1);
    assert_eq!(col("..q"), 3);
}

#[test]
fn colouring_tints_the_neighbours_as_each_game_says() {
    let (snort, col) = (Colouring::snort(), Colouring::col());
    let m: Map = "...".parse().unwrap();
    let after = |g: &Colouring, p, cell: &str| {
        let mv = g.parse_move(&m, p, cell).unwrap();
        g.play(&m, &mv).to_string()
    };
    assert_eq!(after(&snort, Player::Left, "b1"), "x#x");
    assert_eq!(after(&col, Player::Left, "b1"), "o#o");
    assert_eq!(after(&snort, Player::Right, "a1"), "#o.");
    let tinted: Map = "xo".parse().unwrap();
    assert!(snort.parse_move(&tinted, Player::Left, "b1").is_err());
    assert_eq!(
        snort
            .play(
                &tinted,
                &snort.parse_move(&tinted, Player::Left, "a1").unwrap()
            )
            .to_string(),
        "##"
    );
    let value = |g: &Colouring, t: &str| g.value(&t.parse().unwrap()).unwrap().to_string();
    assert_eq!(value(&snort, "."), "*");
    assert_eq!(value(&col, "."), "*");
    assert_eq!(value(&snort, ".."), "+-1");
    assert_eq!(value(&col, ".."), "0");
    assert_eq!(value(&snort, "x"), "1");
    assert_eq!(value(&col, "o#x"), "0");
}
