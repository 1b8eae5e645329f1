//! Tests of `grundy_games::rules::grundy_game`.

use grundy_engine::analysis::analyze;
use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_engine::ruleset::{AsImpartial, AsPartizan};
use grundy_engine::verify::{verify, RulesetCheck};
use grundy_games::rules::grundy_game::*;
use grundy_games::rules::heaps::Heaps;
use grundy_values::values::Outcome;

fn heaps(text: &str) -> Heaps {
    GrundyGame::new().parse_position(text).unwrap()
}

#[test]
fn notation_round_trips_and_errors() {
    for m in ["1=3+4", "12=1+100"] {
        assert_eq!(m.parse::<Split>().unwrap().to_string(), m);
    }
    assert_eq!("1=4+3".parse::<Split>().unwrap().to_string(), "1=3+4");
    let col = |s: &str| s.parse::<Split>().unwrap_err().column;
    assert_eq!(col("12"), 3);
    assert_eq!(col("0=1+2"), 1);
    assert_eq!(col("1=34"), 5);
    assert_eq!(col("1=3+x"), 5);
    assert_eq!(col("10=x+4"), 4);
    let e = GrundyGame::new()
        .parse_position(&format!("7,{}", HEAP_LIMIT + 1))
        .unwrap_err();
    assert_eq!(e.column, 3);
    assert!(
        e.to_string()
            .contains(&format!("at most {HEAP_LIMIT} stones")),
        "{e}"
    );
    assert_eq!(heaps("7,10,0").to_string(), "7,10,0");
}

#[test]
fn bad_moves_are_explained() {
    let rules = GrundyGame::new();
    let err = |p: &str, m: &str| {
        rules
            .parse_move(&heaps(p), Player::Left, m)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("7,2", "3=1+2"),
        "there is no heap 3 (the heaps are 1 to 2)"
    );
    assert_eq!(
        err("7,2", "2=1+1"),
        "heap 2 has 2 stones and cannot be split into two unequal heaps"
    );
    assert_eq!(
        err("1", "1=0+1"),
        "heap 1 has 1 stone and cannot be split into two unequal heaps"
    );
    assert_eq!(err("7", "1=3+5"), "heap 1 has 7 stones, not 3 + 5");
    assert_eq!(
        err("8", "1=4+4"),
        "the two new heaps must be unequal: 4 + 4"
    );
    assert_eq!(err("7", "1=0+7"), "both new heaps must have stones: 0 + 7");
    assert!(err("7", "1-3").starts_with("not a move: character 2: expected '='"));
    let mv = rules
        .parse_move(&heaps("7,10"), Player::Left, "1=4+3")
        .unwrap();
    assert_eq!(rules.play(&heaps("7,10"), &mv), heaps("3,4,10"));
    assert_eq!(
        rules.drawing(&heaps("3,45")),
        "heap 1:   3 ooo\nheap 2:  45"
    );
}

#[test]
fn analysis_of_7_10() {
    let rules = GrundyGame::new();
    // G(7) = 0 and G(10) = 0: a P-position.
    let a = analyze(&rules, &heaps("7,10"), Player::Left, 100).unwrap();
    assert_eq!(a.outcome, Some(Outcome::P));
    assert!(a.winning_moves.is_empty());
    // G(5) = 2, G(6) = 1: XOR 3; heap 1 (5 = 1 + 4: G 0 ⊕ 0 = 0, 2 + 3: 0 ⊕ 1 = 1)
    // needs 3 ⊕ 2 = 1, so 1=2+3; heap 2 (6 = 1+5: 2, 2+4: 0) needs 3 ⊕ 1 = 2, so 2=1+5.
    let a = analyze(&rules, &heaps("5,6"), Player::Left, 100).unwrap();
    assert_eq!(a.value.unwrap().to_string(), "*3");
    let moves: Vec<(&str, &str)> = a
        .winning_moves
        .iter()
        .map(|m| (m.mv.as_str(), m.after.as_str()))
        .collect();
    assert_eq!(moves, [("1=2+3", "2,3,6"), ("2=1+5", "5,1,5")]);
    assert_eq!(a.reduction["heaps"][1]["grundy"], 1);
    assert!(a
        .explanation
        .iter()
        .any(|l| l == "XOR of the values: 2 ⊕ 1 = 3: the player to move wins"));
    assert_eq!(rules.move_count(&heaps("5,6"), Player::Left), Some(4));
    assert_eq!(rules.moves(&heaps("5,6"), Player::Left).len(), 4);
    assert_eq!(rules.reach(&heaps("5,6,0")), 1 << 9);
    assert_eq!(rules.stalling_move(&heaps("2,1"), Player::Left), None);
}

#[test]
fn values_beyond_the_limit_are_unsolved() {
    let rules = GrundyGame::new();
    let far = Heaps(vec![3, HEAP_LIMIT + 1]);
    let e = rules.value(&far).unwrap_err().to_string();
    let expected = format!("heap {} is beyond the values", HEAP_LIMIT + 1);
    assert!(e.starts_with(&expected), "{e}");
    assert!(RulesetExt::winning_moves(&rules, &far, Player::Left).is_err());
    assert!(rules.explain(&far, Player::Left, 10).is_none());
}

#[test]
fn agrees_with_the_engine_on_every_position_up_to_12_tokens() {
    let rules = GrundyGame::new();
    let (imp, par) = (AsImpartial(&rules), AsPartizan(&rules));
    let report = verify(&RulesetCheck::new(&imp, &par), 12, &());
    assert_eq!(report.mismatch, None);
    assert_eq!(report.positions, 1 << 12);
}

proptest::proptest! {
    #[test]
    fn winning_moves_reach_zero(sizes in proptest::collection::vec(0u64..3000, 0..6)) {
        let rules = GrundyGame::new();
        let pos = Heaps(sizes);
        let moves = GrundyGame::winning_moves(&rules, &pos).unwrap();
        let value = rules.nim_value(&pos).unwrap();
        proptest::prop_assert_eq!(moves.is_empty(), value.0 == 0);
        for m in moves {
            let text = m.to_string();
            proptest::prop_assert_eq!(rules.parse_move(&pos, Player::Left, &text), Ok(m));
            proptest::prop_assert_eq!(rules.nim_value(&rules.play(&pos, &m)).unwrap().0, 0);
        }
    }
}
