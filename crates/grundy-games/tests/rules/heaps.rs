//! Tests of `grundy_games::rules::heaps`.

use grundy_games::rules::heaps::*;
use grundy_games::rules::notation::Found;

#[test]
fn heaps_round_trip_and_errors() {
    for s in ["3,5,7", "", "0", "0,18446744073709551615"] {
        assert_eq!(s.parse::<Heaps>().unwrap().to_string(), s);
    }
    let e = "3,x".parse::<Heaps>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "character 3: expected a heap size (digits), found 'x'"
    );
    // An empty heap: the comma after it is what stands there.
    let e = "3,,4".parse::<Heaps>().unwrap_err();
    assert_eq!(e.column, 3);
    assert_eq!(e.found, Found::Char(','));
    let e = "3,".parse::<Heaps>().unwrap_err();
    assert_eq!((e.column, e.found), (3, Found::End));
    let e = "12,18446744073709551616".parse::<Heaps>().unwrap_err();
    assert_eq!(e.column, 4);
    assert!("3, 5".parse::<Heaps>().is_err());
}

#[test]
fn moves_round_trip_and_errors() {
    let m: HeapMove = "2-3".parse().unwrap();
    assert_eq!(m, HeapMove { heap: 1, take: 3 });
    assert_eq!(m.to_string(), "2-3");
    assert_eq!("0-1".parse::<HeapMove>().unwrap_err().column, 1);
    assert_eq!("12".parse::<HeapMove>().unwrap_err().column, 3);
    assert_eq!("12-x".parse::<HeapMove>().unwrap_err().column, 4);
}

/// A number left out before a separator names the separator (`-3`: the '-'), in
/// every heap game's moves as in its positions; the end is named only at the end.
#[test]
fn a_missing_number_names_what_stands_in_its_place() {
    use grundy_engine::game::Player;
    use grundy_engine::ruleset::Ruleset;
    use grundy_games::rules::wythoff::Wythoff;
    use grundy_games::rules::{grundy_game::GrundyGame, nim::Nim, staircase::Staircase};
    let found = |e: grundy_games::rules::notation::NotationError| (e.column, e.found);
    assert_eq!(
        found("-3".parse::<HeapMove>().unwrap_err()),
        (1, Found::Char('-'))
    );
    assert_eq!(
        found("1-".parse::<HeapMove>().unwrap_err()),
        (3, Found::End)
    );
    assert_eq!(
        found(",3".parse::<Heaps>().unwrap_err()),
        (1, Found::Char(','))
    );
    // Through each game's own reading of its moves, as `grundy check` reads them.
    fn message<R: Ruleset>(rules: &R, position: &str, mv: &str) -> String {
        let pos = rules.parse_position(position).unwrap();
        rules
            .parse_move(&pos, Player::Left, mv)
            .unwrap_err()
            .to_string()
    }
    for (got, want) in [
        (
            message(&Nim, "3,5", "-3"),
            "character 1: expected a heap number from 1, found '-'",
        ),
        (
            message(&Nim, "3,5", "1-"),
            "character 3: expected a number of stones, found the end",
        ),
        (
            message(&Staircase::default(), "3,5", "-1"),
            "character 1: expected a step number from 1, found '-'",
        ),
        (
            message(&GrundyGame::default(), "7,10", "=3+4"),
            "character 1: expected a heap number from 1, found '='",
        ),
        (
            message(&GrundyGame::default(), "7", "1=+4"),
            "character 3: expected a number of stones, found '+'",
        ),
        (
            message(&GrundyGame::default(), "7", "1=3+"),
            "character 5: expected a number of stones, found the end",
        ),
        (
            message(&GrundyGame::default(), "7", "1=3"),
            "character 4: expected '+' between the two new heaps, as in 1=3+4, found the end",
        ),
        (
            message(&Wythoff::default(), "3,5", "-2"),
            "character 1: expected a heap number from 1, found '-'",
        ),
        (
            message(&Wythoff::default(), "3,5", "=x"),
            "character 2: expected a number of stones, found 'x'",
        ),
    ] {
        assert!(got.contains(want), "{got:?} does not say {want:?}");
    }
}
