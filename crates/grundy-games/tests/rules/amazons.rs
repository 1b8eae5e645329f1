//! Tests of `grundy_games::rules::amazons`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::amazons::*;

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    for text in ["x.....|.....o", "x", "#", "x.o#|....", "xo#.xo#.", "x|.|o"] {
        assert_eq!(board(text).to_string(), text);
    }
    let col = |t: &str| t.parse::<Board>().unwrap_err().column;
    assert_eq!(col(""), 1);
    assert_eq!(col("x.X"), 3);
    assert_eq!(col("x.|o"), 5);
    assert_eq!(col("x#o.x#o.x"), 9);
    assert!("x.q"
        .parse::<Board>()
        .unwrap_err()
        .to_string()
        .contains("'#' (burned)"));
    for text in ["a1-c1/a1", "h8-a1/h8", "b2-b3/a2"] {
        assert_eq!(text.parse::<AmazonMove>().unwrap().to_string(), text);
    }
    for bad in [
        "a1-c1", "a1/c1", "a1c1/a1", "a1-c2/a1", "a1-a1/b1", "a1-c1/a2", "a1-c1/c1", "a9-a2/a1",
        "a1-c1/",
    ] {
        assert!(bad.parse::<AmazonMove>().is_err(), "{bad}");
    }
}

#[test]
fn moves_arrows_and_their_checks() {
    let a = Amazons::default();
    let names =
        |b: &Board, p| -> Vec<String> { a.moves(b, p).iter().map(ToString::to_string).collect() };
    // The arrow may fly back over, or onto, the square just left.
    let b = board("x..");
    assert_eq!(
        names(&b, Player::Left),
        ["a1-b1/a1", "a1-b1/c1", "a1-c1/a1", "a1-c1/b1"]
    );
    assert!(names(&b, Player::Right).is_empty());
    assert_eq!(a.play(&b, &"a1-c1/a1".parse().unwrap()).to_string(), "#.x");
    // A diagonal step passes between two burned squares.
    let d = board("x#|#.");
    assert_eq!(names(&d, Player::Left), ["a1-b2/a1"]);
    // Amazons block amazons and arrows.
    let c = board("x.o.");
    assert_eq!(names(&c, Player::Left), ["a1-b1/a1"]);
    assert_eq!(
        names(&c, Player::Right),
        ["c1-b1/c1", "c1-b1/d1", "c1-d1/b1", "c1-d1/c1"]
    );
    assert_eq!(a.play(&c, &"c1-b1/d1".parse().unwrap()).to_string(), "xo.#");
    let why = |b: &Board, p, t: &str| a.parse_move(b, p, t).unwrap_err().to_string();
    assert!(why(&c, Player::Left, "c1-b1/c1").contains("no x amazon on c1"));
    assert!(why(&c, Player::Left, "a1-c1/b1").contains("c1"));
    assert!(why(&c, Player::Left, "a1-b1/d1").contains("c1 on the way"));
    assert!(why(&c, Player::Right, "c1-e1/c1").contains("off the board"));
    assert!(why(&c, Player::Right, "c1-d1/e1").contains("off the board"));
    assert!(why(&d, Player::Left, "a1-b1/a1").contains("burned"));
    assert!(a.parse_move(&c, Player::Right, " c1-d1/a1 ").is_err());
    assert!(a.parse_move(&c, Player::Right, " c1-d1/c1 ").is_ok());
    assert!(a.parse_move(&b, Player::Left, "a1-c1/a1").is_ok());
}

#[test]
fn regions_split_by_king_steps() {
    let a = Amazons::default();
    let parts = |t: &str| -> Vec<String> {
        a.components(&board(t))
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    assert_eq!(parts("x.#.o"), ["x.", ".o"]);
    assert_eq!(parts("x#|#."), ["x#|#."]);
    // a1 is cut off (no empty square next to it): it is left out.
    assert_eq!(parts("x#..|##.o"), ["..|.o"]);
    assert!(parts("...|...").is_empty());
    assert!(parts("xo").is_empty());
}

#[test]
fn small_values_and_reach() {
    let a = Amazons::default();
    let value = |t: &str| a.value(&board(t)).unwrap().to_string();
    assert_eq!(value("x."), "1");
    assert_eq!(value("x.."), "2");
    assert_eq!(value("x.o"), "*");
    assert_eq!(value("x.o."), "-1*");
    assert_eq!(value("x.|.o"), "0");
    // x. reaches itself and #x; the bound counts 2 + 2 fillings.
    assert_eq!(a.reach(&board("x.")), 4);
    // Two regions of 4 squares, one amazon each: (4 + 4·3 + 6·2 + 4·1)² boards.
    assert_eq!(a.reach(&board("x.#.o|..#..")), 32 * 32);
    assert_eq!(a.reach(&board("xo#..")), 1);
    assert!(a.reach(&board("x......|......o")) < 1 << 30);
    assert_eq!(a.drawing(&board("x.o|..#")), "   a b c\n 1 x . o\n 2 . . #");
}
