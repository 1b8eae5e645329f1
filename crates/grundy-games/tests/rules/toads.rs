//! Tests of `grundy_games::rules::toads`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::toads::*;

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    for text in ["TT.FF", ".", "T", "F.T.F"] {
        assert_eq!(text.parse::<Strip>().unwrap().to_string(), text);
    }
    let col = |t: &str| t.parse::<Strip>().unwrap_err().column;
    assert_eq!(col(""), 1);
    assert_eq!(col("TTxFF"), 3);
    assert_eq!(col(&".".repeat(65)), 65);
}

#[test]
fn moves_steps_and_jumps() {
    let t = Toads::default();
    let s: Strip = "TF.T.F".parse().unwrap();
    let names = |p| -> Vec<String> { t.moves(&s, p).iter().map(ToString::to_string).collect() };
    assert_eq!(names(Player::Left), ["1-3", "4-5"]);
    assert_eq!(names(Player::Right), ["6-5"]);
    assert!(t.parse_move(&s, Player::Left, "1-2").is_err());
    assert!(t.parse_move(&s, Player::Left, "2-3").is_err());
    assert!(t.parse_move(&s, Player::Right, "6-4").is_err());
    assert!(t.parse_move(&s, Player::Left, "9-10").is_err());
    assert_eq!(
        t.parse_move(&s, Player::Left, "1-3").unwrap(),
        Hop { from: 0, to: 2 }
    );
    assert_eq!(t.play(&s, &Hop { from: 0, to: 2 }).to_string(), ".FTT.F");
}

#[test]
fn components_split_at_ttff_and_trim_dead_pieces() {
    let t = Toads::default();
    let parts = |text: &str| -> Vec<String> {
        t.components(&text.parse().unwrap())
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    assert_eq!(parts("FT.TTFF.FTT"), ["T.", ".F"]);
    assert_eq!(parts("FFTT"), Vec::<String>::new());
    assert_eq!(parts("T.F"), ["T.F"]);
}

#[test]
fn backsliding_adds_steps_back_and_keeps_the_strip_whole() {
    let t = Toads::new(true);
    let s: Strip = "TF.T.F".parse().unwrap();
    let names = |p| -> Vec<String> { t.moves(&s, p).iter().map(ToString::to_string).collect() };
    // The toad on 1 jumps (nothing behind it); the toad on 4 steps right or back.
    assert_eq!(names(Player::Left), ["1-3", "4-5", "4-3"]);
    // The frog on 2 steps back right; the frog on 6 steps left.
    assert_eq!(names(Player::Right), ["2-3", "6-5"]);
    assert!(t.parse_move(&s, Player::Left, "4-3").is_ok());
    let e = t
        .parse_move(&s, Player::Left, "4-6")
        .unwrap_err()
        .to_string();
    assert!(e.contains("square 5 or 3"), "{e}");
    assert!(t.can_cycle() && !Toads::default().can_cycle());
    assert_eq!(t.components(&"FT.TTFF.FTT".parse().unwrap()).len(), 1);
    assert!(t.value(&s).is_err());
    assert!(t.positions(3).is_none());
    // 6 squares, 2 toads, 2 frogs: 6!/(2!2!2!) = 90 strips, twice.
    assert_eq!(t.reach(&s), 180);
    assert_eq!(t.title(), "toads (backsliding)");
}
